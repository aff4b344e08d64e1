//! The `/api/auth/*` calls (public spec §7 "Auth and profile"), with the states of §4, the
//! rules and messages of §5 and the errors of §8, one module per flow:
//! [`registration`], one-time [`codes`], [`passwords`], [`sessions`] and [`profile`]. Every
//! answer has `success` and `message`; validation failures add `errors: [{code,
//! description}]` (the client joins them with ' -- ').
//!
//! This module holds what the flows share: the user folded from the event log, user
//! commands, stored credentials, one-time-code mail, sign-in and the answer shapes.

pub mod codes;
pub mod passwords;
pub mod profile;
pub mod registration;
pub mod sessions;

pub use codes::{forgot_password, resend_otp, verify_otp};
pub use passwords::{add_password, reset_password};
pub use profile::{
    job_roles, notification_emails, organisation_types, profile, titles, update_profile,
};
pub use registration::register;
pub use sessions::{csrf, login, logout, user_authenticated};

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_commands::accounts::user::{User, UserCommand};
use gbvf_commands::accounts::validation::Errors;
use gbvf_events::metadata::EventMetadata;
use serde_json::json;
use tower_sessions::Session;

use super::{SessionUser, SESSION_USER};
pub use crate::accounts::credentials::credential_epoch;
pub use crate::accounts::{load_user, user_key};
use crate::http::error::{ApiError, GENERIC_FAILURE};
use crate::http::AppState;

pub use crate::http::client::ClientIp;

/// User type NewUser (public spec §3).
pub const NEW_USER: i32 = 1;
/// User type ExistingUser.
pub const EXISTING_USER: i32 = 2;
/// User type ResetPassword.
pub const RESET_PASSWORD: i32 = 3;
/// The one answer to a failed sign-in, whatever failed, so it reveals nothing about accounts.
pub const LOGIN_FAILED: &str = "Invalid email or password.";
/// Throttled sign-in or code requests.
pub const THROTTLED: &str = "Too many attempts. Please wait a few minutes and try again.";

/// The answer of sign-in and of the one-time-code calls (public spec §4 "Login", "OTP", §7
/// "Auth"): `{success, message}` plus, where the flow continues on the OTP screen, the user
/// type (1 NewUser, 2 ExistingUser, 3 ResetPassword; spec §3), the e-mail address the code
/// went to, the number of resends so far and, in development mode only, the code itself.
/// A refusal that sends the person to the OTP screen (sign-in before the address is verified,
/// 403) has the same shape with `success: false`.
#[derive(Debug, Clone, Default, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthAnswer {
    /// `false` only on the 403 that sends an unverified person to the OTP screen.
    pub success: bool,
    /// For people, in the specification's wording.
    pub message: String,
    /// Always empty: validation failures answer the error body instead.
    pub errors: Vec<crate::http::error::ErrorItem>,
    /// The user type the next screen works with (spec §3): 1 NewUser, 2 ExistingUser,
    /// 3 ResetPassword.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 3)]
    pub user_type: Option<i32>,
    /// The address the answer is about (the one the code was sent to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Codes requested again in this round (spec §5: at most 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    pub resend_count: Option<i32>,
    /// The six-digit code itself, only when the server runs in development mode (`null`
    /// otherwise, and absent where no code is involved).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub otp: Option<Option<String>>,
    /// verify-otp of a NewUser: `true` when the account has no password yet (the server
    /// signed the person in to add one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requires_password: Option<bool>,
}

impl AuthAnswer {
    /// `{success: true, message}`.
    pub fn done(message: impl Into<String>) -> Self {
        AuthAnswer {
            success: true,
            message: message.into(),
            ..Default::default()
        }
    }

    /// The same answer with `userType` and `email`.
    pub fn user(mut self, user_type: i32, email: &str) -> Self {
        self.user_type = Some(user_type);
        self.email = Some(email.to_string());
        self
    }

    /// The OTP part of an answer: user type, address, resends so far and the development
    /// code (only in development mode).
    pub(crate) fn otp(
        mut self,
        s: &AppState,
        email: &str,
        user_type: i32,
        code: Option<&str>,
        resends: i32,
    ) -> Self {
        self = self.user(user_type, email);
        self.resend_count = Some(resends);
        self.otp = Some(if s.dev_mode {
            code.map(str::to_string)
        } else {
            None
        });
        self
    }
}

impl IntoResponse for AuthAnswer {
    fn into_response(self) -> Response {
        let status = if self.success {
            StatusCode::OK
        } else {
            StatusCode::FORBIDDEN
        };
        (status, Json(self)).into_response()
    }
}

/// An auth answer that failed as a whole: `status` with the one error shape, `message` in the
/// specification's wording and no field errors.
pub(crate) fn failure(status: StatusCode, message: &str) -> Response {
    let body = crate::http::error::ErrorBody {
        success: false,
        message: message.to_string(),
        errors: Vec::new(),
    };
    (status, Json(body)).into_response()
}

/// 400 with the field errors of a form: `message` is their texts joined by ' -- ' (public
/// spec §8 "Registration failure"), each error's `code` the field to highlight.
pub(crate) fn invalid(errors: Errors) -> Response {
    let body = crate::http::error::ErrorBody {
        success: false,
        message: errors.joined(),
        errors: errors
            .0
            .into_iter()
            .map(|e| crate::http::error::ErrorItem {
                code: e.code,
                description: e.description,
            })
            .collect(),
    };
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}

pub(crate) fn internal(e: impl std::fmt::Display) -> Response {
    tracing::error!(error = %e, "auth call failed");
    failure(StatusCode::INTERNAL_SERVER_ERROR, GENERIC_FAILURE)
}

pub(crate) async fn run_user_command(
    s: &AppState,
    key: &str,
    command: UserCommand,
    meta: &EventMetadata,
) -> Result<(), ApiError> {
    gbvf_commands::execute::execute(&s.user_cqrs, key, command, meta.to_map())
        .await
        .map_err(|e| match e {
            cqrs_es::AggregateError::UserError(u) => ApiError::bad("user", u.to_string()),
            cqrs_es::AggregateError::AggregateConflict => ApiError::Conflict(
                "Your account was changed at the same moment elsewhere. Please try again.".into(),
            ),
            other => ApiError::from_aggregate(other),
        })
}

/// The answer to a refused account write, as [`run_user_command`] answers a refused user
/// command: 400 with the aggregate's message, 409 when the account changed at the same moment.
pub(crate) fn account_answer(e: crate::accounts::AccountError) -> Response {
    match e {
        crate::accounts::AccountError::Refused(u) => {
            ApiError::bad("user", u.to_string()).into_response()
        }
        crate::accounts::AccountError::Conflict => ApiError::Conflict(
            "Your account was changed at the same moment elsewhere. Please try again.".into(),
        )
        .into_response(),
        crate::accounts::AccountError::Database(e) => internal(e),
    }
}

pub(crate) fn meta(actor: &str, source: &str) -> EventMetadata {
    EventMetadata::now(actor, uuid::Uuid::new_v4().to_string(), source)
}

/// E-mails a one-time code off the request path.
pub(crate) async fn send_otp(s: &AppState, email: &str, name: &str, code: &str, user_type: i32) {
    let subject = if user_type == RESET_PASSWORD {
        "Your GBVF dashboard password reset code"
    } else {
        "Your GBVF dashboard verification code"
    };
    s.mailer
        .send_later(
            email.to_string(),
            subject,
            "otp",
            json!({"name": name, "code": code, "user_type": user_type}),
        )
        .await;
}

/// Signs `user` in on `session`: a new session id (no fixation) holding the user and the
/// credential epoch now.
pub(crate) async fn sign_in(
    s: &AppState,
    session: &Session,
    user: &User,
    key: &str,
    user_type: i32,
) -> Result<(), ApiError> {
    let err = |e: tower_sessions::session::Error| ApiError::Internal(e.into());
    let epoch = credential_epoch(&s.pool, key).await?;
    session.cycle_id().await.map_err(err)?;
    session
        .insert(
            SESSION_USER,
            SessionUser {
                user_id: user.user_id.clone().unwrap_or_default(),
                user_key: key.to_string(),
                signed_in_at: chrono::Utc::now().timestamp(),
                user_type,
                epoch,
            },
        )
        .await
        .map_err(err)?;
    Ok(())
}
