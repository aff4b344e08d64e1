//! Passwords (public spec §2 "Reset password", "Add password"; §5 password rules): reset
//! after a verified code, and a first password for an account created for someone. Every
//! change moves the credential epoch on, which ends the user's other sessions.

use axum::extract::{Extension, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_commands::accounts::user::UserCommand;
use gbvf_commands::accounts::validation::{self as v, Errors};
use serde::Deserialize;
use tower_sessions::Session;

use super::{
    account_answer, failure, internal, invalid, load_user, meta, run_user_command, sign_in,
    EXISTING_USER, RESET_PASSWORD,
};
use crate::accounts::one_time_codes;
use crate::http::auth::csrf::{self, BrowserId};
use crate::http::auth::CurrentUser;
use crate::http::error::Done;
use crate::http::AppState;

/// Body of `reset-password` and `add-password`.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct PasswordBody {
    #[serde(alias = "email")]
    #[serde(rename = "Email", default)]
    #[schema(required = true, format = Email, max_length = 250)]
    #[schema(value_type = String)]
    email: gbvf_commands::text::LineText,
    #[serde(alias = "password")]
    #[serde(rename = "Password", default)]
    #[schema(required = true, min_length = 12)]
    #[schema(
        pattern = r"^(?=[\s\S]*[0-9])(?=[\s\S]*[a-z])(?=[\s\S]*[A-Z])(?=[\s\S]*[!@#$%^&*()])"
    )]
    #[schema(value_type = String, max_length = 250)]
    password: gbvf_commands::text::LineText,
    #[serde(alias = "confirmPassword")]
    #[serde(rename = "ConfirmPassword", default)]
    #[schema(required = true, min_length = 12)]
    #[schema(value_type = String, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    confirm_password: gbvf_commands::text::LineText,
    /// The specification's UserType (public spec §7: add-password and reset-password send it);
    /// accepted and not needed, since each call is one flow.
    #[serde(alias = "userType")]
    #[serde(rename = "UserType", default)]
    #[schema(minimum = 1, maximum = 3)]
    #[allow(dead_code)]
    user_type: Option<i32>,
}

fn password_errors(b: &PasswordBody) -> Errors {
    let mut e = Errors::default();
    v::password(&mut e, "password", &b.password);
    v::confirm_password(&mut e, "confirmPassword", &b.password, &b.confirm_password);
    e
}

/// `POST /api/auth/reset-password {Email, Password, ConfirmPassword, UserType}`: needs a code
/// for this address verified in the last 10 minutes *by this browser* (its binding), and
/// consumes it. Any other caller gets the expired-code message, whoever verified a code.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "auth", operation_id = "resetPassword", request_body = PasswordBody, responses((status = 200, description = "Saved", body = Done)))]
pub async fn reset_password(
    State(s): State<AppState>,
    Extension(browser): Extension<BrowserId>,
    axum::Json(b): axum::Json<PasswordBody>,
) -> Response {
    let mut e = password_errors(&b);
    v::email(&mut e, "email", &b.email);
    if !e.is_empty() {
        return invalid(e);
    }
    let key = match super::user_key(&s.pool, &b.email).await {
        Ok(k) => k,
        Err(err) => return internal(err),
    };
    let user = match load_user(&s.pool, &key).await {
        Ok(u) => u,
        Err(err) => return internal(err),
    };
    let binding = match csrf::binding(&s, &browser, "reset").await {
        Ok(b) => b,
        Err(err) => return err.into_response(),
    };
    match one_time_codes::consume_verified(&s.pool, &key, RESET_PASSWORD, &binding).await {
        Ok(true) if user.is_live() => {}
        Ok(_) => return failure(StatusCode::BAD_REQUEST, one_time_codes::EXPIRED),
        Err(err) => return internal(err),
    }
    let uid = user.user_id.clone().unwrap_or_default();
    let m = meta(&format!("user:{uid}"), "http:POST /api/auth/reset-password");
    if let Err(err) =
        crate::accounts::set_password(&s.pool, &key, &b.password, "reset-password", &m).await
    {
        return account_answer(err);
    }
    // Reading the code proved the address too.
    let _ = run_user_command(&s, &key, UserCommand::VerifyEmail, &m).await;
    Json(Done::new(
        "Your password has been reset. You can now log in.",
    ))
    .into_response()
}

/// `POST /api/auth/add-password {Password, ConfirmPassword, UserType}`: a signed-in user
/// whose account has no password yet chooses one.
#[utoipa::path(post, path = "/api/auth/add-password", tag = "auth", operation_id = "addPassword", request_body = PasswordBody, responses((status = 200, description = "Saved", body = Done)))]
pub async fn add_password(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    session: Session,
    axum::Json(b): axum::Json<PasswordBody>,
) -> Response {
    let e = password_errors(&b);
    if !e.is_empty() {
        return invalid(e);
    }
    let key = u.session.user_key.clone();
    let user = match load_user(&s.pool, &key).await {
        Ok(x) => x,
        Err(err) => return internal(err),
    };
    if user.has_password {
        return failure(
            StatusCode::BAD_REQUEST,
            "Your account already has a password. Change it on your profile.",
        );
    }
    let m = meta(
        &format!("user:{}", u.session.user_id),
        "http:POST /api/auth/add-password",
    );
    if let Err(err) =
        crate::accounts::set_password(&s.pool, &key, &b.password, "add-password", &m).await
    {
        return account_answer(err);
    }
    if let Err(err) = sign_in(&s, &session, &user, &key, EXISTING_USER).await {
        return err.into_response();
    }
    Json(Done::new("Your password has been saved.")).into_response()
}
