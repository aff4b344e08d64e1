//! Who may run a command: a signed-in user whose groups grant the action, or the operator
//! token. Every state-changing endpoint declares the permission it needs and the route table
//! checks it on the server before anything else.
//!
//! Besides a signed-in user's permissions, the operator token (`GBVF_OPERATOR_TOKEN`, sent as
//! `Authorization: Bearer …`) stands for permission ImportPoliceStatistics (18) and nothing
//! else; with no token configured a bearer request is refused
//! (docs/decisions/0031-the-operator-token.md).

use axum::http::HeaderMap;
use tower_sessions::Session;

use super::error::ApiError;
use super::AppState;
use crate::accounts::password::constant_time_eq;

/// Who sent a command behind `Needs::PoliceStatistics`: `operator` or `user:{id}`, as the
/// event metadata records it.
#[derive(Debug, Clone)]
pub struct Actor(pub String);

/// Permission ImportPoliceStatistics (public spec §3 action 18).
pub const IMPORT_POLICE_STATISTICS: i32 = 18;

/// Checks the caller holds `action`: a signed-in user whose groups grant it, or the operator
/// token (which stands for ImportPoliceStatistics only). 403 otherwise. Returns the actor for
/// event metadata (`user:<id>` or `operator`).
pub async fn require(
    s: &AppState,
    headers: &HeaderMap,
    session: &Session,
    action: i32,
) -> Result<String, ApiError> {
    let token = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if let Some(given) = token {
        return match &s.operator_token {
            Some(expected)
                if action == IMPORT_POLICE_STATISTICS
                    && constant_time_eq(expected.as_bytes(), given.as_bytes()) =>
            {
                Ok("operator".into())
            }
            _ => Err(ApiError::Forbidden),
        };
    }
    let user = super::auth::require(s, session, Some(action)).await?;
    Ok(format!("user:{}", user.session.user_id))
}
