//! Sessions (public spec §4 "Login", §3 session shape): sign-in, sign-out, the CSRF token and
//! the session check.

use axum::extract::{Extension, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_commands::accounts::permissions::{self, LogIntoSystem};
use gbvf_commands::accounts::user::User;
use gbvf_commands::accounts::validation::{self as v, Errors};
use gbvf_events::person::email_key;
use gbvf_projections::accounts::queries::actions_of_live_groups;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tower_sessions::Session;

use super::{
    failure, internal, invalid, load_user, send_otp, sign_in, AuthAnswer, ClientIp, EXISTING_USER,
    LOGIN_FAILED, NEW_USER, THROTTLED,
};
use crate::accounts::credentials::password_hash;
use crate::accounts::{limits, one_time_codes, organisation_status, password};
use crate::http::auth::csrf::{self, BrowserId};
use crate::http::auth::current_user;
use crate::http::error::{ApiError, Done};
use crate::http::AppState;

/// Answer to a correct password of an account without LogIntoSystem (12).
pub const NOT_ALLOWED: &str =
    "Your account is not allowed to sign in. Please contact the GBVF dashboard team.";
/// Answer to a correct password of the designated person of a rejected organisation.
pub const ORGANISATION_REJECTED: &str =
    "Your organisation's application was not approved, so this account cannot sign in.";

/// Body of `login`.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct LoginBody {
    #[serde(alias = "username", alias = "Email", alias = "email")]
    #[serde(rename = "Username", default)]
    #[schema(required = true, format = Email, max_length = 250)]
    #[schema(value_type = String)]
    username: gbvf_commands::text::LineText,
    #[serde(alias = "password")]
    #[serde(rename = "Password", default)]
    #[schema(required = true, min_length = 1)]
    #[schema(value_type = String, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    password: gbvf_commands::text::LineText,
}

/// Why a user with a correct password may still not sign in, if they may not.
async fn refusal(s: &AppState, user: &User) -> anyhow::Result<Option<&'static str>> {
    let actions = actions_of_live_groups(&s.pool, &user.group_ids).await?;
    if !actions.contains(&LogIntoSystem) {
        return Ok(Some(NOT_ALLOWED));
    }
    if let Some(org) = &user.organisation_id {
        if organisation_status(&s.pool, org).await? == 2 {
            return Ok(Some(ORGANISATION_REJECTED));
        }
    }
    Ok(None)
}

/// `POST /api/auth/login {Username, Password}` (spec §4 "Login"). Unknown address, wrong
/// password and deleted account all answer [`LOGIN_FAILED`]. Wrong passwords back off per
/// account *and* client address ([`limits::LOGIN_ACCOUNT_ADDRESS`], so nobody can lock the
/// owner out from elsewhere) and are capped per client address ([`limits::LOGIN_ADDRESS`]);
/// both answer 429. Across addresses, wrong passwords for one account slow every browser that
/// has not signed in to it before ([`limits::LOGIN_ACCOUNT`]), and its owner is e-mailed when
/// the waits begin. An account whose e-mail is not verified yet gets a new code and user type
/// NewUser, so the client goes to the OTP screen. Refused with 403 without LogIntoSystem (12)
/// and for the designated person of a rejected organisation. The enableLogin flag only shows
/// or hides the public header's Login link: invited staff and registered organisations sign
/// in whatever it says (docs/decisions/0022-login-answers-and-refusals.md).
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", operation_id = "login", request_body = LoginBody, responses((status = 200, description = "Signed in", body = AuthAnswer), (status = 403, description = "Refused (no LogIntoSystem, a rejected organisation: the error body), or the e-mail address is not verified yet: this answer with `success: false` and the OTP fields, to go to the OTP screen", body = AuthAnswer), (status = 401, description = "Wrong e-mail or password"), (status = 429, description = "Too many failed sign-ins")))]
pub async fn login(
    State(s): State<AppState>,
    session: Session,
    ci: ClientIp,
    browser: Option<Extension<BrowserId>>,
    Json(b): Json<LoginBody>,
) -> Response {
    let mut e = Errors::default();
    v::email(&mut e, "email", &b.username);
    if b.password.is_empty() {
        e.add("password", "Password is required");
    }
    if !e.is_empty() {
        return invalid(e);
    }
    let key = match super::user_key(&s.pool, &b.username).await {
        Ok(k) => k,
        Err(err) => return internal(err),
    };
    let secret = match s.secret.get(&s.pool).await {
        Ok(secret) => secret.to_vec(),
        Err(err) => return ApiError::from(err).into_response(),
    };
    let account_key = email_key(&b.username);
    let pair = limits::key(&secret, &[&account_key, &ci.key_part()]);
    let address = limits::key(&secret, &[&ci.key_part()]);
    let account = limits::key(&secret, &[&account_key]);
    let browser_id = browser.as_ref().map(|b| b.0.clone());
    let device = browser.map(|b| limits::key(&secret, &[&account_key, "browser", &b.0 .0]));
    let blocked = async {
        let known = match &device {
            Some(d) => limits::known_browser(&s.pool, d).await?,
            None => false,
        };
        Ok::<_, sqlx::Error>(
            limits::blocked(&s.pool, limits::LOGIN_ACCOUNT_ADDRESS, &pair).await?
                || limits::blocked(&s.pool, limits::LOGIN_ADDRESS, &address).await?
                || (!known && limits::blocked(&s.pool, limits::LOGIN_ACCOUNT, &account).await?),
        )
    };
    match blocked.await {
        Ok(true) => return failure(StatusCode::TOO_MANY_REQUESTS, THROTTLED),
        Ok(false) => {}
        Err(err) => return internal(err),
    }
    let hash = match password_hash(&s.pool, &key).await {
        Ok(h) => h,
        Err(err) => return internal(err),
    };
    let user = match load_user(&s.pool, &key).await {
        Ok(u) => u,
        Err(err) => return internal(err),
    };
    let valid = match hash {
        Some(h) => password::verify_async(b.password.to_string(), h).await,
        None => {
            password::verify_dummy_async(b.password.to_string()).await;
            false
        }
    };
    if !valid || !user.is_live() {
        let counted = async {
            limits::hit(&s.pool, limits::LOGIN_ACCOUNT_ADDRESS, &pair).await?;
            limits::hit(&s.pool, limits::LOGIN_ACCOUNT, &account).await?;
            let failures = limits::hits(&s.pool, limits::LOGIN_ACCOUNT, &account).await?;
            limits::hit(&s.pool, limits::LOGIN_ADDRESS, &address).await?;
            Ok::<_, sqlx::Error>(failures)
        };
        match counted.await {
            // The owner of a live account hears once per window that the waits have begun.
            Ok(failures) if failures == limits::NOTICE_AT && user.is_live() => {
                s.mailer
                    .send_later(
                        b.username.trimmed().to_string(),
                        "Wrong passwords for your GBVF dashboard account",
                        "sign-in-attempts",
                        json!({"count": failures, "base_url": s.base_url}),
                    )
                    .await;
            }
            Ok(_) => {}
            Err(err) => return internal(err),
        }
        return failure(StatusCode::UNAUTHORIZED, LOGIN_FAILED);
    }
    let _ = limits::clear(&s.pool, limits::LOGIN_ACCOUNT_ADDRESS, &pair).await;
    if let Some(d) = &device {
        if let Err(err) = limits::remember_browser(&s.pool, d).await {
            return internal(err);
        }
    }
    match refusal(&s, &user).await {
        Ok(Some(message)) => return failure(StatusCode::FORBIDDEN, message),
        Ok(None) => {}
        Err(err) => return internal(err),
    }
    if !user.email_verified {
        // A code that is still live is not replaced: signing in again must not use it up.
        if let Ok(true) = one_time_codes::live(&s.pool, &key, NEW_USER).await {
            return AuthAnswer {
                success: false,
                ..AuthAnswer::done(
                    "Please verify your email address first. Enter the code we sent you.",
                )
            }
            .otp(&s, &user.email, NEW_USER, None, 0)
            .into_response();
        }
        let requested_by = match &browser_id {
            Some(b) => match csrf::binding(&s, b, one_time_codes::REQUESTED_BY).await {
                Ok(binding) => Some(binding),
                Err(err) => return err.into_response(),
            },
            None => None,
        };
        return match one_time_codes::issue(&s.pool, &key, NEW_USER, requested_by.as_deref()).await {
            Ok(code) => {
                send_otp(&s, &user.email, &user.profile.first_name, &code, NEW_USER).await;
                AuthAnswer {
                    success: false,
                    ..AuthAnswer::done(
                        "Please verify your email address first. We have sent you a new code.",
                    )
                }
                .otp(&s, &user.email, NEW_USER, Some(&code), 0)
                .into_response()
            }
            Err(err) => internal(err),
        };
    }
    if let Err(err) = sign_in(&s, &session, &user, &key, EXISTING_USER).await {
        return err.into_response();
    }
    AuthAnswer::done("Login successful.")
        .user(EXISTING_USER, &user.email)
        .into_response()
}

/// `POST /api/auth/logout`: destroys the session.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", operation_id = "logout", responses((status = 200, description = "Signed out", body = Done)))]
pub async fn logout(session: Session) -> Response {
    match session.flush().await {
        Ok(()) => Json(Done::new("You have been logged out.")).into_response(),
        Err(err) => internal(err),
    }
}

/// The browser's CSRF token.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CsrfToken {
    /// To send as `X-CSRF-Token` with every state-changing request.
    pub csrf_token: String,
}

/// `GET /api/auth/csrf`: the browser's CSRF token `{csrfToken}` (no session row is made).
#[utoipa::path(get, path = csrf::TOKEN_PATH, tag = "auth", operation_id = "getCsrfToken", responses((status = 200, description = "The token", body = CsrfToken)))]
pub async fn csrf(
    State(s): State<AppState>,
    Extension(browser): Extension<BrowserId>,
) -> Result<Json<CsrfToken>, ApiError> {
    Ok(Json(CsrfToken {
        csrf_token: csrf::token(&s, &browser).await?,
    }))
}

/// The signed-in user of a [`SessionState`] (public spec §3 "Session").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionUserInfo {
    /// The user id (UUID).
    pub user_id: String,
    /// First and last name.
    pub name: String,
    /// The e-mail address.
    pub email: String,
    /// Action ids the user holds (admin spec §3).
    pub permissions: Vec<i32>,
}

/// An action the signed-in user holds.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserAction {
    /// Action id.
    pub action_id: i32,
    /// Its name; null for an id the list does not know.
    #[schema(required = true)]
    pub name: Option<&'static str>,
}

/// The session as the web app reads it (public spec §3 "Session").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionState {
    /// True when signed in.
    pub is_authenticated: bool,
    /// The user; null when not signed in.
    #[schema(required = true)]
    pub user: Option<SessionUserInfo>,
    /// 1 NewUser (must add a password), 2 ExistingUser, 3 ResetPassword; null when not signed in.
    #[schema(required = true)]
    pub user_type: Option<i32>,
    /// The user's organisation's name, if any.
    #[schema(required = true)]
    pub organisation_name: Option<String>,
    /// The user's organisation's type id, if any.
    #[schema(required = true)]
    pub organisation_type_id: Option<i32>,
    /// The actions the user holds (empty when not signed in).
    pub user_actions: Vec<UserAction>,
    /// The browser's CSRF token.
    pub csrf_token: String,
    /// True in development mode (codes on screen, local outbox).
    pub dev_mode: bool,
}

/// `POST /api/auth/userAuthenticated`: the session shape of public spec §3 (`isAuthenticated,
/// user {userId, name, email, permissions}, organisationName, organisationTypeId,
/// userActions [{actionId, name}]`), plus `userType`, `csrfToken` and `devMode` (development
/// mode is on: the web app shows a banner).
#[utoipa::path(post, path = csrf::SESSION_STATE_PATH, tag = "auth", operation_id = "userAuthenticated", responses((status = 200, description = "The session", body = SessionState)))]
pub async fn user_authenticated(
    State(s): State<AppState>,
    session: Session,
    Extension(browser): Extension<BrowserId>,
) -> Result<Json<SessionState>, ApiError> {
    let user = current_user(&s, &session).await?;
    let csrf_token = csrf::token(&s, &browser).await?;
    Ok(Json(match user {
        None => SessionState {
            is_authenticated: false,
            user: None,
            user_type: None,
            organisation_name: None,
            organisation_type_id: None,
            user_actions: Vec::new(),
            csrf_token,
            dev_mode: s.dev_mode,
        },
        Some(u) => SessionState {
            is_authenticated: true,
            user_actions: u
                .actions
                .iter()
                .map(|a| UserAction {
                    action_id: *a,
                    name: permissions::action(*a).map(|x| x.name),
                })
                .collect(),
            user: Some(SessionUserInfo {
                user_id: u.session.user_id,
                name: u.name,
                email: u.email,
                permissions: u.actions.into_iter().collect(),
            }),
            user_type: Some(u.session.user_type),
            organisation_name: u.organisation_name,
            organisation_type_id: u.organisation_type_id,
            csrf_token,
            dev_mode: s.dev_mode,
        },
    }))
}
