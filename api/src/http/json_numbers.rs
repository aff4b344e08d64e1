//! Whole numbers written with a fraction or an exponent (`192.0`, `3e1`) in a JSON request body
//! are read as the integers they are.
//!
//! The OpenAPI document types ids, counts and years as JSON Schema `integer`, which admits
//! `192.0` (JSON Schema 2020-12 §6.1.1: "integer" is any number with a zero fractional part),
//! and clients that hold every number as a double (JavaScript's `JSON.stringify` does not, but
//! spreadsheets and other languages' encoders may) send them so; serde's integer types refuse
//! them ("invalid type: floating point"). Found by schemathesis (the "mostly rejected
//! generated data" warning of the administrator run). A number with a real fraction
//! (`2.5`) is left alone, so an integer field still refuses it.

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;
use serde_json::Value;

/// Middleware: rewrites the integral non-integer numbers of a JSON body (declared length at
/// most [`super::API_BODY_LIMIT`]) as integers before the handler's extractor reads it. Bodies
/// that are not JSON, that are larger or of unknown length, that do not parse, or that hold no
/// such number pass through untouched (the extractor answers as before).
pub async fn integral_numbers(req: Request, next: Next) -> Response {
    let json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let small = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<usize>().ok())
        .is_some_and(|n| n <= super::API_BODY_LIMIT);
    if !json || !small {
        return next.run(req).await;
    }
    let (mut parts, body) = req.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, super::API_BODY_LIMIT).await else {
        // Shorter or longer than declared: let the extractor say so.
        return next.run(Request::from_parts(parts, Body::empty())).await;
    };
    let bytes = match rewritten(&bytes) {
        Some(new) => {
            parts
                .headers
                .insert(header::CONTENT_LENGTH, new.len().into());
            Bytes::from(new)
        }
        None => bytes,
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// The body with its integral non-integer numbers written as integers, or `None` when it has
/// none (or is not JSON). A cheap scan first: only a digit followed by `.`, `e` or `E` can start
/// such a number, and a command body usually has none, so it is not parsed twice.
pub fn rewritten(body: &[u8]) -> Option<Vec<u8>> {
    let candidate = body
        .windows(2)
        .any(|w| w[0].is_ascii_digit() && matches!(w[1], b'.' | b'e' | b'E'));
    if !candidate {
        return None;
    }
    let mut value: Value = serde_json::from_slice(body).ok()?;
    if !normalise(&mut value) {
        return None;
    }
    serde_json::to_vec(&value).ok()
}

/// Rewrites every integral float in `value` (within `i64`) as an integer; `true` if any was.
fn normalise(value: &mut Value) -> bool {
    match value {
        Value::Number(n) if n.is_f64() => {
            let f = n.as_f64().unwrap_or(f64::NAN);
            // 2^63 is exact in f64; [-2^63, 2^63) converts to i64 without loss.
            if f.fract() == 0.0
                && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&f)
            {
                *value = Value::from(f as i64);
                true
            } else {
                false
            }
        }
        Value::Array(items) => items.iter_mut().fold(false, |any, v| normalise(v) | any),
        Value::Object(fields) => fields.values_mut().fold(false, |any, v| normalise(v) | any),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::rewritten;
    use serde_json::{json, Value};

    fn parse(bytes: Vec<u8>) -> Value {
        serde_json::from_slice(&bytes).unwrap()
    }

    #[test]
    fn whole_numbers_with_a_fraction_or_exponent_become_integers() {
        let out = rewritten(br#"{"count": 192.0, "ids": [1.0, 2], "n": {"y": 3e1}, "s": "1.0"}"#)
            .expect("rewritten");
        assert_eq!(
            parse(out),
            json!({"count": 192, "ids": [1, 2], "n": {"y": 30}, "s": "1.0"})
        );
    }

    #[test]
    fn real_fractions_and_bodies_without_candidates_are_left_alone() {
        assert_eq!(rewritten(br#"{"boundaryId":10,"crimeTypeId":6}"#), None);
        assert_eq!(rewritten(br#"{"rate": 2.5}"#), None);
        assert_eq!(rewritten(b"not json 1.0"), None);
        assert_eq!(rewritten(br#"{"big": 1e300}"#), None);
    }
}
