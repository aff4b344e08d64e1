//! One-time codes (public spec §4 "OTP", §9): verifying a code, and requesting one again
//! (forgot password, resend). Answers are identical for known and unknown addresses, in
//! body, status and work done (mail leaves off the request path); limits are kept per
//! address and per client in PostgreSQL ([`limits`]).

use axum::extract::{Extension, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_commands::accounts::user::UserCommand;
use gbvf_commands::accounts::validation::{self as v, Errors};
use gbvf_events::person::email_key;
use serde::Deserialize;
use tower_sessions::Session;

use super::{
    failure, internal, invalid, load_user, meta, run_user_command, send_otp, sign_in, AuthAnswer,
    ClientIp, NEW_USER, RESET_PASSWORD, THROTTLED,
};
use crate::accounts::one_time_codes::{self, Checked};
use crate::accounts::{limits, password};
use crate::http::auth::csrf::{self, BrowserId};
use crate::http::AppState;

/// Answer of a code request, the same for every address.
pub const CODE_SENT: &str =
    "If an account exists for this email address, we have sent it a verification code.";
/// Answer once an account's wrong codes for the day are used up: the code is locked; a new
/// one can be requested tomorrow.
pub const CODES_LOCKED: &str =
    "Too many wrong codes were entered for this email address. Please try again tomorrow or request a new code later.";

/// Counts a code request for (`key`, `user_type`) from `ci` against both limits. `Some(n)`
/// with the number of earlier requests in the window (the `resendCount` of the answer) when
/// allowed; `None` when a limit is reached. Counted whether or not the account exists.
pub async fn allow_code_request(
    s: &AppState,
    key: &str,
    user_type: i32,
    ci: &ClientIp,
) -> sqlx::Result<Option<i32>> {
    let secret = s.secret.get(&s.pool).await?;
    let account = limits::key(secret, &[key, &user_type.to_string()]);
    let by_account = limits::hit(&s.pool, limits::CODE_REQUEST_ACCOUNT, &account).await?;
    let by_address = limits::hit(
        &s.pool,
        limits::CODE_REQUEST_ADDRESS,
        &limits::key(secret, &[&ci.key_part()]),
    )
    .await?;
    if !(by_account && by_address) {
        return Ok(None);
    }
    Ok(Some(
        limits::hits(&s.pool, limits::CODE_REQUEST_ACCOUNT, &account).await? - 1,
    ))
}

/// Body of `verify-otp`.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct VerifyOtpBody {
    #[serde(alias = "email")]
    #[serde(rename = "Email", default)]
    #[schema(required = true, format = Email, max_length = 250)]
    #[schema(value_type = String)]
    email: gbvf_commands::text::LineText,
    #[serde(alias = "otp")]
    #[serde(rename = "OTP", default)]
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    #[schema(value_type = String, max_length = 100)]
    otp: gbvf_commands::text::ShortText,
    #[serde(alias = "userType")]
    #[serde(rename = "UserType", default)]
    #[schema(minimum = 1, maximum = 3)]
    user_type: Option<i32>,
}

/// `POST /api/auth/verify-otp {Email, OTP, UserType}` (spec §4 "OTP"). NewUser: the e-mail
/// is verified; an account with a password goes to login, one without (created for someone)
/// is signed in as NewUser and goes to add-password. ResetPassword: the code is accepted and
/// bound to this browser; only this browser's reset-password call may follow, within 10
/// minutes, once.
///
/// Wrong codes count per day across resends, then [`CODES_LOCKED`]: in the browser that asked
/// for the live code against its own budget ([`limits::WRONG_CODE_REQUESTER_DAY`]) and that of
/// all requesting browsers ([`limits::WRONG_CODE_REQUESTERS_DAY`], which does not hold a
/// browser that signed in to the account before), in any other browser against the account's
/// ([`limits::WRONG_CODE_ACCOUNT_DAY`]); and per client address ([`limits::WRONG_CODE_ADDRESS`]:
/// then 429).
#[utoipa::path(post, path = "/api/auth/verify-otp", tag = "auth", operation_id = "verifyOtp", request_body = VerifyOtpBody, responses((status = 200, description = "Code accepted: the user type and address, and for a NewUser whether a password is still to be chosen", body = AuthAnswer), (status = 429, description = "Too many wrong codes from this address")))]
pub async fn verify_otp(
    State(s): State<AppState>,
    session: Session,
    ci: ClientIp,
    Extension(browser): Extension<BrowserId>,
    Json(b): Json<VerifyOtpBody>,
) -> Response {
    let mut e = Errors::default();
    v::email(&mut e, "email", &b.email);
    v::otp(&mut e, "otp", &b.otp);
    let user_type = b.user_type.unwrap_or(NEW_USER);
    if user_type != NEW_USER && user_type != RESET_PASSWORD {
        e.add("userType", "Unknown user type");
    }
    if !e.is_empty() {
        return invalid(e);
    }
    let key = match super::user_key(&s.pool, &b.email).await {
        Ok(k) => k,
        Err(err) => return internal(err),
    };
    // Throttled per address (whether or not it has an account), as before the re-keying.
    let secret = match s.secret.get(&s.pool).await {
        Ok(secret) => secret,
        Err(err) => return crate::http::error::ApiError::from(err).into_response(),
    };
    let account = limits::key(secret, &[&email_key(&b.email), &user_type.to_string()]);
    let address = limits::key(secret, &[&ci.key_part()]);
    let requester = match csrf::binding(&s, &browser, one_time_codes::REQUESTED_BY).await {
        Ok(binding) => binding,
        Err(err) => return err.into_response(),
    };
    // The browser that asked for the live code has a day's budget of its own; failures from
    // every other browser share the account's, so they cannot lock the owner out.
    let here = match one_time_codes::requested_here(&s.pool, &key, user_type, &requester).await {
        Ok(here) => here,
        Err(err) => return internal(err),
    };
    let (day, day_key) = if here {
        let own = limits::key(
            secret,
            &[&email_key(&b.email), &user_type.to_string(), &requester],
        );
        (limits::WRONG_CODE_REQUESTER_DAY, own)
    } else {
        (limits::WRONG_CODE_ACCOUNT_DAY, account.clone())
    };
    // Requesting browsers together are bounded too, except one that signed in to the account.
    if here {
        let device = limits::key(secret, &[&email_key(&b.email), "browser", &browser.0]);
        let held = async {
            Ok::<_, sqlx::Error>(
                !limits::known_browser(&s.pool, &device).await?
                    && limits::blocked(&s.pool, limits::WRONG_CODE_REQUESTERS_DAY, &account)
                        .await?,
            )
        };
        match held.await {
            Ok(true) => return failure(StatusCode::BAD_REQUEST, CODES_LOCKED),
            Ok(false) => {}
            Err(err) => return internal(err),
        }
    }
    match limits::blocked(&s.pool, limits::WRONG_CODE_ADDRESS, &address).await {
        Ok(true) => return failure(StatusCode::TOO_MANY_REQUESTS, THROTTLED),
        Ok(false) => {}
        Err(err) => return internal(err),
    }
    match limits::blocked(&s.pool, day, &day_key).await {
        Ok(true) => return failure(StatusCode::BAD_REQUEST, CODES_LOCKED),
        Ok(false) => {}
        Err(err) => return internal(err),
    }
    match one_time_codes::check(&s.pool, &key, user_type, &b.otp, &requester).await {
        Ok(Checked::Valid) => {
            // A used code ends its round: the next request (a later reset) starts with three
            // again. Only the holder of the code can do this, so it says nothing about
            // whether an address has an account.
            if let Err(err) = limits::clear(&s.pool, limits::CODE_REQUEST_ACCOUNT, &account).await {
                return internal(err);
            }
        }
        Ok(Checked::Wrong) => {
            let counted = async {
                limits::hit(&s.pool, day, &day_key).await?;
                if here {
                    limits::hit(&s.pool, limits::WRONG_CODE_REQUESTERS_DAY, &account).await?;
                }
                limits::hit(&s.pool, limits::WRONG_CODE_ADDRESS, &address).await
            };
            if let Err(err) = counted.await {
                return internal(err);
            }
            return failure(StatusCode::BAD_REQUEST, one_time_codes::WRONG);
        }
        Ok(Checked::Expired) => {
            // Guesses at addresses without a live code count against the client address too.
            if let Err(err) = limits::hit(&s.pool, limits::WRONG_CODE_ADDRESS, &address).await {
                return internal(err);
            }
            return failure(StatusCode::BAD_REQUEST, one_time_codes::EXPIRED);
        }
        Err(err) => return internal(err),
    }
    if user_type == RESET_PASSWORD {
        let bound = async {
            let binding = csrf::binding(&s, &browser, "reset").await?;
            one_time_codes::bind(&s.pool, &key, RESET_PASSWORD, &binding)
                .await
                .map_err(crate::http::error::ApiError::Internal)
        };
        if let Err(err) = bound.await {
            return internal(err);
        }
        return AuthAnswer::done("Code verified. Please choose a new password.")
            .user(RESET_PASSWORD, &b.email)
            .into_response();
    }
    let user = match load_user(&s.pool, &key).await {
        Ok(u) if u.is_live() => u,
        Ok(_) => return failure(StatusCode::BAD_REQUEST, one_time_codes::EXPIRED),
        Err(err) => return internal(err),
    };
    let _ = one_time_codes::remove(&s.pool, &key, NEW_USER).await;
    if let Err(err) = run_user_command(
        &s,
        &key,
        UserCommand::VerifyEmail,
        &meta(
            &format!("user:{}", user.user_id.clone().unwrap_or_default()),
            "http:POST /api/auth/verify-otp",
        ),
    )
    .await
    {
        return axum::response::IntoResponse::into_response(err);
    }
    if user.has_password {
        return AuthAnswer {
            requires_password: Some(false),
            ..AuthAnswer::done("Your email address is verified. You can now log in.")
                .user(NEW_USER, &b.email)
        }
        .into_response();
    }
    // An account created for someone: the code proved the address; sign in to add a password.
    if let Err(err) = sign_in(&s, &session, &user, &key, NEW_USER).await {
        return axum::response::IntoResponse::into_response(err);
    }
    AuthAnswer {
        requires_password: Some(true),
        ..AuthAnswer::done("Your email address is verified. Please choose a password.")
            .user(NEW_USER, &b.email)
    }
    .into_response()
}

/// Body of `forgot-password`.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct ForgotBody {
    #[serde(alias = "email")]
    #[serde(rename = "Email", default)]
    #[schema(required = true, format = Email, max_length = 250)]
    #[schema(value_type = String)]
    email: gbvf_commands::text::LineText,
}

/// `POST /api/auth/forgot-password {Email}` (also the OTP resend): answers the same whether
/// or not an account exists; a code is e-mailed only to a live account.
#[utoipa::path(post, path = "/api/auth/forgot-password", tag = "auth", operation_id = "forgotPassword", request_body = ForgotBody, responses((status = 200, description = "The same answer whether or not the account exists", body = AuthAnswer), (status = 429, description = "Too many requests")))]
pub async fn forgot_password(
    State(s): State<AppState>,
    ci: ClientIp,
    Extension(browser): Extension<BrowserId>,
    Json(b): Json<ForgotBody>,
) -> Response {
    forgot_or_resend(&s, &ci, &browser, &b.email, RESET_PASSWORD).await
}

/// Body of `resend-otp`.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct ResendBody {
    #[serde(alias = "email")]
    #[serde(rename = "Email", default)]
    #[schema(required = true, format = Email, max_length = 250)]
    #[schema(value_type = String)]
    email: gbvf_commands::text::LineText,
    #[serde(alias = "userType")]
    #[serde(rename = "UserType", default)]
    #[schema(minimum = 1, maximum = 3)]
    user_type: Option<i32>,
}

/// `POST /api/auth/resend-otp {Email, UserType}`: a new code for the OTP screen. The
/// specification sends resends through forgot-password; that covers user type
/// ResetPassword, and this call covers NewUser (e-mail verification) the same way.
#[utoipa::path(post, path = "/api/auth/resend-otp", tag = "auth", operation_id = "resendOtp", request_body = ResendBody, responses((status = 200, description = "A new code was sent (the same answer whether or not one was due)", body = AuthAnswer), (status = 429, description = "Too many requests")))]
pub async fn resend_otp(
    State(s): State<AppState>,
    ci: ClientIp,
    Extension(browser): Extension<BrowserId>,
    Json(b): Json<ResendBody>,
) -> Response {
    let user_type = b.user_type.unwrap_or(NEW_USER);
    forgot_or_resend(
        &s,
        &ci,
        &browser,
        &b.email,
        if user_type == RESET_PASSWORD {
            RESET_PASSWORD
        } else {
            NEW_USER
        },
    )
    .await
}

async fn forgot_or_resend(
    s: &AppState,
    ci: &ClientIp,
    browser: &BrowserId,
    email: &str,
    user_type: i32,
) -> Response {
    let mut e = Errors::default();
    v::email(&mut e, "email", email);
    if !e.is_empty() {
        return invalid(e);
    }
    let key = match super::user_key(&s.pool, email).await {
        Ok(k) => k,
        Err(err) => return internal(err),
    };
    let resends = match allow_code_request(s, &email_key(email), user_type, ci).await {
        Ok(Some(r)) => r,
        Ok(None) => {
            return failure(
                StatusCode::TOO_MANY_REQUESTS,
                one_time_codes::TOO_MANY_REQUESTS,
            )
        }
        Err(err) => return internal(err),
    };
    let user = match load_user(&s.pool, &key).await {
        Ok(u) => u,
        Err(err) => return internal(err),
    };
    let wants = user.is_live() && (user_type == RESET_PASSWORD || !user.email_verified);
    let code = if wants {
        let requested_by = match csrf::binding(s, browser, one_time_codes::REQUESTED_BY).await {
            Ok(binding) => binding,
            Err(err) => return err.into_response(),
        };
        match one_time_codes::issue(&s.pool, &key, user_type, Some(&requested_by)).await {
            Ok(code) => {
                send_otp(s, email, &user.profile.first_name, &code, user_type).await;
                Some(code)
            }
            Err(err) => return internal(err),
        }
    } else {
        // The same hashing work as issuing a code, so the answer takes as long.
        if let Err(err) = password::hash_async(password::random_otp()).await {
            return internal(err);
        }
        None
    };
    AuthAnswer::done(CODE_SENT)
        .otp(s, email, user_type, code.as_deref(), resends)
        .into_response()
}
