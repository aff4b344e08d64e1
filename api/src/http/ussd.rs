//! `POST /api/ussd/{secret}`: the USSD aggregator's callback (decision 0168; how to register it:
//! docs/operations.md "USSD"). Outside the session and CSRF layers (the aggregator has neither):
//! the secret path segment and, when set, the address allowlist say who may call it. The body
//! is read up to [`CALLBACK_BODY_LIMIT`] bytes whatever it declares.

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Form;

use crate::http::client::ClientIp;
use crate::http::AppState;
use crate::ussd::gateway::{AfricasTalking, Gateway, Reply};

/// Largest callback body, bytes (a `text` of 2,000 characters and the other fields).
pub const CALLBACK_BODY_LIMIT: usize = 8 * 1024;

/// The last screen when the step could not be answered (the database down, a fault).
const FAULT: &str = "Sorry, something went wrong. Please dial again later: your answers are kept.";

/// Answers one step of a USSD session in the aggregator's protocol: 404 when the channel is off
/// or the secret is wrong (nothing tells a wrong secret from no channel), 403 from an address
/// outside the allowlist, 400 (plain text naming the field) for a malformed callback, else 200
/// with the next screen (`CON ...`) or the last (`END ...`).
pub async fn callback(
    State(s): State<AppState>,
    Path(secret): Path<String>,
    client: ClientIp,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let Some(config) = s.ussd.clone() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    if !crate::accounts::password::constant_time_eq(
        secret.as_bytes(),
        config.callback_secret.as_bytes(),
    ) {
        return StatusCode::NOT_FOUND.into_response();
    }
    if !config.allows(client.0) {
        return StatusCode::FORBIDDEN.into_response();
    }
    let gateway = AfricasTalking;
    let request = match gateway.parse(&fields) {
        Ok(r) => r,
        Err(e) => return (StatusCode::BAD_REQUEST, e.0).into_response(),
    };
    let reply = match crate::ussd::flow::step(&s, &config, &request).await {
        Ok(reply) => reply,
        Err(e) => {
            tracing::error!(error = ?e, "a USSD step failed");
            Reply::End(FAULT.into())
        }
    };
    let (body, content_type) = gateway.render(&reply);
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}
