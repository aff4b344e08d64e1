//! Accounts over HTTP: sessions, the signed-in user and their permissions, CSRF protection,
//! throttling, password and OTP hashing, and the `/api/auth/*` calls (public spec §2–§8).
//!
//! - Sessions: tower-sessions with its PostgreSQL store, created only at sign-in; cookie
//!   `__Host-gbvf_session` (HttpOnly, SameSite=Lax, Secure; `gbvf_session` without Secure only
//!   with insecure development cookies); idle expiry 30 minutes, absolute expiry 12 hours from
//!   sign-in; the id is rotated on sign-in and the session destroyed on logout; a password
//!   change ends every other session of the user (the credential epoch). Expired rows are
//!   deleted by the housekeeping task.
//! - CSRF: a signed double-submit token bound to the browser ([`csrf`]).
//! - Limits on sign-in and one-time codes live in PostgreSQL ([`crate::accounts::limits`]),
//!   shared by every process; codes, password hashes and credentials are written by
//!   [`crate::accounts`], never here.
//! - Permissions are read per request from the accounts read model, so a group change applies
//!   to every member's next request and a deleted user's session ends at once.
//!
//! docs/security.md maps each control to the threat it answers and the test that proves it.

pub mod csrf;
pub mod handlers;
pub mod mail;

use std::collections::BTreeSet;

use gbvf_projections::accounts::queries::{actions_of_live_groups, organisation_facts};
use serde::{Deserialize, Serialize};
use tower_sessions::Session;

use super::error::ApiError;
use super::AppState;
use crate::accounts::credentials::credential_epoch;

/// Session key: the signed-in user.
pub const SESSION_USER: &str = "user";
/// Idle expiry of a session, minutes.
pub const IDLE_MINUTES: i64 = 30;
/// Absolute expiry of a session after sign-in, hours.
pub const ABSOLUTE_HOURS: i64 = 12;

/// What the session remembers of the signed-in user.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SessionUser {
    /// Public user id.
    pub user_id: String,
    /// User aggregate id (lower-cased e-mail).
    pub user_key: String,
    /// Sign-in time, Unix seconds (absolute expiry).
    pub signed_in_at: i64,
    /// User type of the sign-in (1 NewUser: must add a password; 2 ExistingUser).
    pub user_type: i32,
    /// Credential epoch at sign-in; a password change since then ends the session.
    #[serde(default)]
    pub epoch: i32,
}

/// The signed-in user as the read model knows them now.
#[derive(Debug, Clone, Serialize)]
pub struct CurrentUser {
    /// From the session.
    pub session: SessionUser,
    /// E-mail.
    pub email: String,
    /// Full name.
    pub name: String,
    /// Action ids held through the user's groups.
    pub actions: BTreeSet<i32>,
    /// The organisation of a designated person.
    pub organisation_name: Option<String>,
    /// Its type.
    pub organisation_type_id: Option<i32>,
}

impl CurrentUser {
    /// Whether the user holds `action`.
    pub fn can(&self, action: i32) -> bool {
        self.actions.contains(&action)
    }
}

/// The signed-in user, or `None` when anonymous, expired, deleted, without LogIntoSystem (12)
/// or of a rejected organisation (the session is then emptied): every request is checked
/// against current state.
pub async fn current_user(
    s: &AppState,
    session: &Session,
) -> Result<Option<CurrentUser>, ApiError> {
    let Some(su) = session
        .get::<SessionUser>(SESSION_USER)
        .await
        .map_err(|e| ApiError::Internal(e.into()))?
    else {
        return Ok(None);
    };
    if chrono::Utc::now().timestamp() - su.signed_in_at > ABSOLUTE_HOURS * 3600 {
        session
            .flush()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        return Ok(None);
    }
    // Who the user is and whether they still exist come from the event log (the source of
    // truth, never behind); the group actions and the organisation from the read models.
    let user = handlers::load_user(&s.pool, &su.user_key).await?;
    if !user.is_live() || user.user_id.as_deref() != Some(su.user_id.as_str()) {
        session
            .flush()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        return Ok(None);
    }
    // A password changed since this session signed in (elsewhere) ends it.
    let epoch = credential_epoch(&s.pool, &su.user_key).await?;
    if epoch != su.epoch {
        session
            .flush()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        return Ok(None);
    }
    let email = user.email.clone();
    let (first, last) = (
        user.profile.first_name.clone(),
        user.profile.last_name.clone(),
    );
    let org = match &user.organisation_id {
        Some(id) => organisation_facts(&s.pool, id).await?,
        None => None,
    };
    let (organisation_name, organisation_type_id) = org
        .map(|o| (Some(o.name), Some(o.organisation_type_id)))
        .unwrap_or((None, None));
    let actions = actions_of_live_groups(&s.pool, &user.group_ids).await?;
    // Sign-in rules hold for the whole session, against current state: a user who no longer
    // holds LogIntoSystem (a group changed or lost the action) or whose organisation was
    // rejected is signed out at their next request, as they could not sign in again.
    let rejected = match &user.organisation_id {
        Some(id) => {
            crate::accounts::organisation_status(&s.pool, id)
                .await
                .map_err(ApiError::Internal)?
                == 2
        }
        None => false,
    };
    if rejected || !actions.contains(&gbvf_commands::accounts::permissions::LogIntoSystem) {
        session
            .flush()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        return Ok(None);
    }
    Ok(Some(CurrentUser {
        session: su,
        email,
        name: format!("{first} {last}").trim().to_string(),
        actions: actions.into_iter().collect(),
        organisation_name,
        organisation_type_id,
    }))
}

/// The signed-in user holding `action`; 403 with the specification's message otherwise
/// (public spec §6). `None` for `action` asks only for a signed-in user.
pub async fn require(
    s: &AppState,
    session: &Session,
    action: Option<i32>,
) -> Result<CurrentUser, ApiError> {
    match current_user(s, session).await? {
        Some(u) if action.is_none_or(|a| u.can(a)) => Ok(u),
        _ => Err(ApiError::Forbidden),
    }
}

pub use super::error::CSRF_MESSAGE;
