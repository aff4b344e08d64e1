//! Conditional GETs of the public reads (RFC 9110 §8.8.3 `ETag`, §13.1.2 `If-None-Match`,
//! §15.4.5 `304 Not Modified`): every answer of a cached public read carries a strong entity
//! tag of its body as sent, and a request naming that tag gets 304 with no body. The tag is of
//! the bytes after compression, so each content coding has its own (a strong tag names one
//! representation). Decision 0158.

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use sha2::{Digest, Sha256};

/// The strong entity tag of `body`: the first 16 bytes of its SHA-256 in hex, quoted
/// (`"3f2a…"`, 34 characters).
pub fn entity_tag(body: &[u8]) -> HeaderValue {
    let digest = Sha256::digest(body);
    HeaderValue::from_str(&format!("\"{}\"", hex::encode(&digest[..16])))
        .expect("hex is a valid header value")
}

/// Whether `If-None-Match` (`request`) names `etag`: `*`, or one of its comma-separated tags
/// equal to it by the weak comparison (a `W/` prefix ignored on either side). A malformed
/// header names nothing.
pub fn none_match_names(request: Option<&HeaderValue>, etag: &HeaderValue) -> bool {
    let (Some(request), Ok(etag)) = (request.and_then(|v| v.to_str().ok()), etag.to_str()) else {
        return false;
    };
    let opaque = |tag: &str| tag.trim().trim_start_matches("W/").to_string();
    let wanted = opaque(etag);
    request
        .split(',')
        .any(|tag| tag.trim() == "*" || opaque(tag) == wanted)
}

/// A `304 Not Modified` carrying the headers of the answer it stands for (its `ETag`,
/// `Cache-Control`, `Vary` and the security headers) but no body, nor the body's length,
/// type or coding.
pub fn not_modified(headers: &HeaderMap) -> Response {
    let mut res = Response::new(Body::empty());
    *res.status_mut() = StatusCode::NOT_MODIFIED;
    let mut kept = headers.clone();
    for name in [
        header::CONTENT_LENGTH,
        header::CONTENT_TYPE,
        header::CONTENT_ENCODING,
    ] {
        kept.remove(name);
    }
    *res.headers_mut() = kept;
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_is_strong_and_names_its_bytes() {
        let a = entity_tag(b"{\"total\":1}");
        assert_eq!(a.len(), 34);
        assert!(a.to_str().unwrap().starts_with('"'));
        assert_ne!(a, entity_tag(b"{\"total\":2}"));
        assert_eq!(a, entity_tag(b"{\"total\":1}"));
    }

    #[test]
    fn if_none_match_compares_weakly_and_lists() {
        let tag = HeaderValue::from_static("\"abc\"");
        let header = |v: &'static str| Some(HeaderValue::from_static(v));
        assert!(none_match_names(header("\"abc\"").as_ref(), &tag));
        assert!(none_match_names(header("W/\"abc\"").as_ref(), &tag));
        assert!(none_match_names(header("\"x\", \"abc\"").as_ref(), &tag));
        assert!(none_match_names(header("*").as_ref(), &tag));
        assert!(!none_match_names(header("\"abd\"").as_ref(), &tag));
        assert!(!none_match_names(None, &tag));
    }

    #[test]
    fn not_modified_keeps_the_validators_and_drops_the_body_headers() {
        let mut headers = HeaderMap::new();
        headers.insert(header::ETAG, HeaderValue::from_static("\"abc\""));
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from_static("12"));
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        let res = not_modified(&headers);
        assert_eq!(res.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(res.headers()[header::ETAG], "\"abc\"");
        assert_eq!(res.headers()[header::CACHE_CONTROL], "no-cache");
        assert!(res.headers().get(header::CONTENT_LENGTH).is_none());
        assert!(res.headers().get(header::CONTENT_ENCODING).is_none());
    }
}
