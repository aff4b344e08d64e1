//! CSRF protection and the browser binding, without a session row per visitor.
//!
//! Every browser gets a random *browser id* in an HttpOnly, SameSite=Strict cookie
//! (`__Host-gbvf_browser`, or `gbvf_browser` with insecure development cookies). Its CSRF
//! token is HMAC-SHA256(server secret, "csrf:" ‖ browser id), handed out by
//! `GET /api/auth/csrf` and the session check; every state-changing `/api` request must send it
//! in `X-CSRF-Token` (OWASP CSRF Prevention Cheat Sheet, "signed double-submit cookie"). A page
//! on another site can neither read the token nor set a `__Host-` cookie, and an anonymous
//! visitor costs no database row (nothing of the sign-in state grows without bound).
//!
//! The same browser id binds a verified password-reset code to the browser that proved it
//! ([`binding`]).

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use tower_sessions::cookie::{Cookie, SameSite};

use crate::accounts::password;
use crate::http::error::ApiError;
use crate::http::AppState;

/// The path of the browser's CSRF token (`GET`, [`crate::http::auth::handlers::sessions::csrf`]):
/// a fresh browser gets its cookie there.
pub const TOKEN_PATH: &str = "/api/auth/csrf";

/// The path of the session state (`POST`,
/// [`crate::http::auth::handlers::sessions::user_authenticated`]): exempt from the token, so a
/// fresh browser can learn its session and token in one call.
pub const SESSION_STATE_PATH: &str = "/api/auth/userAuthenticated";
pub use crate::server_secret::ServerSecret;

/// The browser id of the current request (a request extension set by [`csrf_guard`]).
#[derive(Debug, Clone)]
pub struct BrowserId(pub String);

/// Hex HMAC-SHA256 of `purpose:value` under `secret`.
pub fn mac(secret: &[u8], purpose: &str, value: &str) -> String {
    let mut m = Hmac::<Sha256>::new_from_slice(secret).expect("any key length");
    m.update(purpose.as_bytes());
    m.update(b":");
    m.update(value.as_bytes());
    hex::encode(m.finalize().into_bytes())
}

/// The CSRF token of `browser`.
pub async fn token(s: &AppState, browser: &BrowserId) -> Result<String, ApiError> {
    Ok(mac(s.secret.get(&s.pool).await?, "csrf", &browser.0))
}

/// The binding of something to `browser` for `purpose` (e.g. a verified reset code).
pub async fn binding(s: &AppState, browser: &BrowserId, purpose: &str) -> Result<String, ApiError> {
    Ok(mac(
        s.secret.get(&s.pool).await?,
        &format!("bind:{purpose}"),
        &browser.0,
    ))
}

/// Name of the browser-id cookie: `__Host-` prefixed unless cookies are insecure.
pub fn cookie_name(secure: bool) -> &'static str {
    if secure {
        "__Host-gbvf_browser"
    } else {
        "gbvf_browser"
    }
}

/// Whether the `Authorization` header carries exactly the configured operator token.
pub fn valid_operator_bearer(s: &AppState, req_headers: &axum::http::HeaderMap) -> bool {
    let given = req_headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    matches!((given, &s.operator_token), (Some(g), Some(e)) if password::constant_time_eq(g.as_bytes(), e.as_bytes()))
}

/// Sets the browser id of every `/api` request and rejects state-changing requests whose
/// `X-CSRF-Token` is not the browser's token. Exempt: the session check (a POST that changes
/// nothing and hands out the token) and requests carrying the *valid* operator token (no
/// cookie, no browser).
///
/// A browser without the cookie is issued one only by `GET /api/auth/csrf` and the changes
/// this guard lets through (the session check among them), the answers that hand out or use
/// its token. Other reads
/// (feature flags, public figures) issue none: a page's first reads and its session check
/// leave at once without a cookie, and if each answer set an id of its own, the last cookie to
/// arrive could belong to a read while the token kept came from the session check, so the
/// page's first change was refused. Anonymous readers of the public figures get no cookie.
pub async fn csrf_guard(State(s): State<AppState>, mut req: Request, next: Next) -> Response {
    let name = cookie_name(s.secure_cookies);
    let existing = req
        .headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| Cookie::split_parse(v.to_string()))
        .filter_map(Result::ok)
        .find(|c| c.name() == name && c.value().len() == 64)
        .map(|c| c.value().to_string());
    let fresh = existing.is_none();
    let browser = BrowserId(existing.unwrap_or_else(password::random_token));
    // The methods the API routes accept for changes; any other method (TRACE, CONNECT, ...)
    // reaches the router's 405 Method Not Allowed.
    let changes_state = matches!(
        *req.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    let exempt = req.uri().path() == SESSION_STATE_PATH || valid_operator_bearer(&s, req.headers());
    if changes_state && !exempt && req.uri().path().starts_with("/api/") {
        let expected = match token(&s, &browser).await {
            Ok(t) => t,
            Err(e) => return e.into_response(),
        };
        let sent = req
            .headers()
            .get("x-csrf-token")
            .map(|v| v.as_bytes())
            .unwrap_or_default();
        if fresh || !password::constant_time_eq(sent, expected.as_bytes()) {
            return ApiError::Csrf.into_response();
        }
    }
    let issues_cookie = fresh && (changes_state || req.uri().path() == TOKEN_PATH);
    req.extensions_mut().insert(browser.clone());
    let mut res = next.run(req).await;
    if issues_cookie {
        let cookie = Cookie::build((name, browser.0))
            .path("/")
            .http_only(true)
            .secure(s.secure_cookies)
            .same_site(SameSite::Strict)
            .build();
        if let Ok(v) = HeaderValue::from_str(&cookie.to_string()) {
            res.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    res
}
