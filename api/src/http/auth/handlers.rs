//! The `/api/auth/*` calls (public spec §7 "Auth and profile"), with the states of §4, the
//! rules and messages of §5 and the errors of §8. Every answer has `success` and `message`;
//! validation failures add `errors: [{code, description}]` (the client joins them with ' -- ').

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use cqrs_es::{Aggregate, DomainEvent};
use gbvf_commands::accounts::permissions::{self, ORGANISATION_GROUP};
use gbvf_commands::accounts::reference::{self, JOB_ROLES, ORGANISATION_TYPES, TITLES};
use gbvf_commands::accounts::user::{User, UserCommand};
use gbvf_commands::accounts::validation::{self as v, Errors};
use gbvf_events::accounts::{
    user_aggregate_id, OrganisationEvent, OrganisationRegistered, Profile, UserEvent,
    UserRegistered, ORGANISATION_AGGREGATE, USER_AGGREGATE,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::{append_batch, NewEvent};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::PgPool;
use tower_sessions::Session;

use super::otp::{self, Checked, Issued};
use super::{csrf_token, current_user, password, require, SessionUser, SESSION_CSRF, SESSION_USER};
use crate::http::error::{ApiError, GENERIC_FAILURE};
use crate::http::AppState;

/// Stores a password hash: `($1 user_key, $2 user_id, $3 PHC string)`.
const UPSERT_CREDENTIAL: &str =
    "INSERT INTO credential (user_key, user_id, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (user_key) DO UPDATE SET user_id = $2, password_hash = $3, updated_at = now()";

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

fn ok(body: Value) -> Response {
    Json(body).into_response()
}

fn failure(status: StatusCode, message: &str) -> Response {
    (
        status,
        Json(json!({"success": false, "message": message, "errors": []})),
    )
        .into_response()
}

fn invalid(errors: Errors) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Json(json!({"success": false, "message": errors.joined(), "errors": errors.0})),
    )
        .into_response()
}

fn internal(e: impl std::fmt::Display) -> Response {
    tracing::error!(error = %e, "auth call failed");
    failure(StatusCode::INTERNAL_SERVER_ERROR, GENERIC_FAILURE)
}

/// The client's address, when the server was started with connect info (`gbvf serve` is).
pub struct ClientIp(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}

fn client_ip(ci: ClientIp) -> Option<std::net::IpAddr> {
    ci.0
}

/// A user's current state, folded from the event log (the source of truth for sign-in).
pub async fn load_user(pool: &PgPool, key: &str) -> anyhow::Result<User> {
    let rows: Vec<Value> = sqlx::query_scalar("SELECT payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence")
        .bind(USER_AGGREGATE)
        .bind(key)
        .fetch_all(pool)
        .await?;
    let mut user = User::default();
    for p in rows {
        user.apply(serde_json::from_value(p)?);
    }
    Ok(user)
}

/// The current verification status id of an organisation (1 when unknown).
pub async fn load_organisation_status(pool: &PgPool, id: &str) -> anyhow::Result<i32> {
    let last: Option<String> = sqlx::query_scalar(
        "SELECT event_type FROM events WHERE aggregate_type = 'organisation' AND aggregate_id = $1 ORDER BY sequence DESC LIMIT 1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(match last.as_deref() {
        Some("OrganisationApproved") => 3,
        Some("OrganisationRejected") => 2,
        _ => 1,
    })
}

async fn run_user_command(
    s: &AppState,
    key: &str,
    command: UserCommand,
    meta: &EventMetadata,
) -> Result<(), ApiError> {
    s.user_cqrs
        .execute_with_metadata(key, command, meta.to_map())
        .await
        .map_err(|e| match e {
            cqrs_es::AggregateError::UserError(u) => ApiError::bad("user", u.to_string()),
            cqrs_es::AggregateError::AggregateConflict => ApiError::Conflict(
                "Your account was changed at the same moment elsewhere. Please try again.".into(),
            ),
            other => ApiError::Internal(anyhow::anyhow!("{other}")),
        })
}

fn meta(actor: &str, source: &str) -> EventMetadata {
    EventMetadata::now(actor, uuid::Uuid::new_v4().to_string(), source)
}

async fn store_password(
    pool: &PgPool,
    key: &str,
    user_id: &str,
    secret: &str,
) -> anyhow::Result<()> {
    let hash = password::hash(secret)?;
    sqlx::query(UPSERT_CREDENTIAL)
        .bind(key)
        .bind(user_id)
        .bind(hash)
        .execute(pool)
        .await?;
    Ok(())
}

async fn send_otp(s: &AppState, email: &str, name: &str, code: &str, user_type: i32) {
    let subject = if user_type == RESET_PASSWORD {
        "Your GBVF dashboard password reset code"
    } else {
        "Your GBVF dashboard verification code"
    };
    if let Err(e) = s
        .mailer
        .send(
            email,
            subject,
            "otp",
            json!({"name": name, "code": code, "user_type": user_type}),
        )
        .await
    {
        tracing::error!(error = %e, "sending the OTP e-mail failed");
    }
}

/// The OTP part of an answer: the development code only in development mode.
fn otp_fields(
    s: &AppState,
    email: &str,
    user_type: i32,
    code: Option<&str>,
    resends: i32,
) -> Value {
    json!({"userType": user_type, "email": email, "resendCount": resends, "otp": if s.dev_mode { code } else { None }})
}

fn str_field(v: &Value, names: &[&str]) -> String {
    names
        .iter()
        .find_map(|n| v.get(*n))
        .map(|x| match x {
            Value::String(s) => s.trim().to_string(),
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            _ => String::new(),
        })
        .unwrap_or_default()
}

fn int_field(v: &Value, names: &[&str]) -> Option<i64> {
    let s = str_field(v, names);
    if s.is_empty() {
        None
    } else {
        s.parse().ok().or(Some(-1))
    }
}

/// `POST /api/auth/register`: the three sign-up steps (public spec §2 Sign-up, §3 payload,
/// §5 rules). With `validateStep` 1 or 2 only that step is validated (nothing is stored).
/// Otherwise the organisation and its designated person are registered atomically (one
/// transaction, two aggregates), a verification code is e-mailed, and the answer carries
/// user type NewUser and the e-mail for the OTP screen.
pub async fn register(
    State(s): State<AppState>,
    ci: ClientIp,
    Json(body): Json<Value>,
) -> Response {
    let step = int_field(&body, &["validateStep", "ValidateStep"]);
    let f = |names: &[&str]| str_field(&body, names);
    let mut e = Errors::default();
    let email = f(&["Email", "email"]);
    // Step 1: personal details.
    if step.is_none() || step == Some(1) {
        v::required_choice(
            &mut e,
            "title",
            "Title",
            int_field(&body, &["Title", "title"]),
            |t| reference::contains(TITLES, t as i32),
        );
        v::name(
            &mut e,
            "firstName",
            "First name",
            &f(&["FirstName", "firstName"]),
            false,
        );
        v::name(
            &mut e,
            "lastName",
            "Last name",
            &f(&["LastName", "lastName"]),
            false,
        );
        v::email(&mut e, "email", &email);
        let pw = f(&["Password", "password"]);
        v::password(&mut e, "password", &pw);
        v::confirm_password(
            &mut e,
            "confirmPassword",
            &pw,
            &f(&["ConfirmPassword", "confirmPassword"]),
        );
        v::contact_number(
            &mut e,
            "telephone",
            &f(&["MobileNumber", "telephone", "mobileNumber"]),
            true,
        );
    }
    // Step 2: organisation details.
    let (province, district, municipality) = (
        int_field(&body, &["Province", "province"]),
        int_field(&body, &["District", "district"]),
        int_field(&body, &["LocalMunicipality", "localMunicipality"]),
    );
    if step.is_none() || step == Some(2) {
        v::name(
            &mut e,
            "orgName",
            "Organisation name",
            &f(&["OrganisationName", "orgName"]),
            true,
        );
        v::required_choice(
            &mut e,
            "orgType",
            "Organisation type",
            int_field(&body, &["OrganisationType", "orgType"]),
            |t| reference::contains(ORGANISATION_TYPES, t as i32),
        );
        v::required_choice(
            &mut e,
            "role",
            "Role",
            int_field(&body, &["JobRole", "role"]),
            |t| reference::contains(JOB_ROLES, t as i32),
        );
        match geography_ok(&s.pool, province, district, municipality).await {
            Ok(errs) => e.0.extend(errs.0),
            Err(err) => return internal(err),
        }
        let postal = f(&["PostalCode", "postalCode"]);
        if !postal.is_empty() && !postal.chars().all(|c| c.is_ascii_digit()) {
            e.add("postalCode", "Postal code must be a number");
        }
    }
    // Step 3: members and terms.
    let members = int_field(&body, &["MemberInOrganisation", "numOfOrgMembers"]);
    if step.is_none() || step == Some(3) {
        match members {
            None => e.add("numOfOrgMembers", "Number of members is required"),
            Some(m) if m < 1 => e.add("numOfOrgMembers", "Number of members must be at least 1"),
            _ => {}
        }
        let terms = body
            .get("terms")
            .or_else(|| body.get("Terms"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if !terms {
            e.add("terms", "Accept terms and conditions to continue");
        }
    }
    if !e.is_empty() {
        return invalid(e);
    }
    if step.is_some() {
        return ok(json!({"success": true, "message": "", "errors": []}));
    }

    let key = user_aggregate_id(&email);
    let existing = match load_user(&s.pool, &key).await {
        Ok(u) => u,
        Err(err) => return internal(err),
    };
    if existing.is_live() {
        let mut e = Errors::default();
        e.add(
            "email",
            "An account with this email address already exists.",
        );
        return (
            StatusCode::CONFLICT,
            Json(json!({"success": false, "message": e.joined(), "errors": e.0})),
        )
            .into_response();
    }
    let user_id = uuid::Uuid::new_v4().to_string();
    let organisation_id = uuid::Uuid::new_v4().to_string();
    let profile = Profile {
        title_id: int_field(&body, &["Title", "title"]).map(|x| x as i32),
        first_name: f(&["FirstName", "firstName"]),
        last_name: f(&["LastName", "lastName"]),
        job_role_id: int_field(&body, &["JobRole", "role"]).map(|x| x as i32),
        mobile_number: Some(v::digits(&f(&[
            "MobileNumber",
            "telephone",
            "mobileNumber",
        ]))),
        alternative_number: None,
    };
    let opt = |s: String| (!s.is_empty()).then_some(s);
    let user_event = UserEvent::UserRegistered(UserRegistered {
        user_id: user_id.clone(),
        email: email.clone(),
        profile: profile.clone(),
        organisation_id: Some(organisation_id.clone()),
        group_ids: vec![ORGANISATION_GROUP],
        created_by: "self".into(),
        relationship_type_ids: vec![],
        municipality_ids: vec![],
    });
    let org_event = OrganisationEvent::OrganisationRegistered(OrganisationRegistered {
        organisation_id: organisation_id.clone(),
        name: f(&["OrganisationName", "orgName"]),
        branch: opt(f(&["OrganisationBranch", "orgBranch"])),
        organisation_type_id: int_field(&body, &["OrganisationType", "orgType"]).unwrap_or(0)
            as i32,
        street_number: opt(f(&["StreetNumber", "streetNumber"])),
        street_name: opt(f(&["StreetName", "streetName"])),
        suburb: opt(f(&["Suburb", "suburb"])),
        city: opt(f(&["City", "city"])),
        postal_code: opt(f(&["PostalCode", "postalCode"])),
        province_id: province.unwrap_or(0),
        district_id: district.unwrap_or(0),
        municipality_id: municipality.unwrap_or(0),
        members: members.unwrap_or(1),
        designated_user_id: user_id.clone(),
        designated_email: email.clone(),
    });
    let m = meta(&format!("user:{user_id}"), "http:POST /api/auth/register").to_json();
    let to_new = |agg: &str, id: &str, seq: i64, payload: Value, et: String, ev: String| NewEvent {
        aggregate_type: agg.into(),
        aggregate_id: id.into(),
        sequence: seq,
        event_type: et,
        event_version: ev,
        payload,
        metadata: m.clone(),
    };
    let events = vec![
        to_new(
            USER_AGGREGATE,
            &key,
            existing.version + 1,
            serde_json::to_value(&user_event).expect("event"),
            user_event.event_type(),
            user_event.event_version(),
        ),
        to_new(
            ORGANISATION_AGGREGATE,
            &organisation_id,
            1,
            serde_json::to_value(&org_event).expect("event"),
            org_event.event_type(),
            org_event.event_version(),
        ),
        to_new(
            USER_AGGREGATE,
            &key,
            existing.version + 2,
            serde_json::to_value(UserEvent::PasswordSet {
                how: "registration".into(),
            })
            .expect("event"),
            "PasswordSet".into(),
            "1.0".into(),
        ),
    ];
    // One transaction: the account, the organisation, the password set and its hash.
    let hash = match password::hash(&f(&["Password", "password"])) {
        Ok(h) => h,
        Err(err) => return internal(err),
    };
    let result: Result<(), sqlx::Error> = async {
        let mut tx = s.pool.begin().await?;
        append_batch(&mut tx, &events).await?;
        sqlx::query(UPSERT_CREDENTIAL)
            .bind(&key)
            .bind(&user_id)
            .bind(&hash)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }
    .await;
    match result {
        Ok(()) => {}
        Err(err) if gbvf_events::store::is_conflict(&err) => {
            let mut e = Errors::default();
            e.add(
                "email",
                "An account with this email address already exists.",
            );
            return (
                StatusCode::CONFLICT,
                Json(json!({"success": false, "message": e.joined(), "errors": e.0})),
            )
                .into_response();
        }
        Err(err) => return internal(err),
    }
    let _ = client_ip(ci);
    match otp::issue(&s.pool, &key, NEW_USER).await {
        Ok(Issued::Code(code, resends)) => {
            send_otp(&s, &email, &profile.first_name, &code, NEW_USER).await;
            let mut body = json!({"success": true, "message": "Registration successful. Please enter the verification code we sent to your email address."});
            merge(
                &mut body,
                otp_fields(&s, &email, NEW_USER, Some(&code), resends),
            );
            ok(body)
        }
        Ok(Issued::TooMany) => failure(StatusCode::TOO_MANY_REQUESTS, otp::TOO_MANY_REQUESTS),
        Err(err) => internal(err),
    }
}

fn merge(a: &mut Value, b: Value) {
    if let (Value::Object(a), Value::Object(b)) = (a, b) {
        a.extend(b);
    }
}

/// Province → district → local municipality must exist and nest (spec §5 step 2).
async fn geography_ok(
    pool: &PgPool,
    province: Option<i64>,
    district: Option<i64>,
    municipality: Option<i64>,
) -> anyhow::Result<Errors> {
    let mut e = Errors::default();
    let level_parent = |id: i64| async move {
        sqlx::query_as::<_, (String, Option<i64>)>(
            "SELECT level, parent_id FROM boundary WHERE boundary_id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await
    };
    match province {
        None => e.add("province", "Province is required"),
        Some(p) => {
            if !matches!(level_parent(p).await?, Some((l, _)) if l == "province") {
                e.add("province", "Please select a valid province");
            }
        }
    }
    match district {
        None => e.add("district", "District is required"),
        Some(d) => {
            if !matches!(level_parent(d).await?, Some((l, parent)) if l == "district" && parent == province)
            {
                e.add("district", "Please select a valid district");
            }
        }
    }
    match municipality {
        None => e.add("localMunicipality", "Local municipality is required"),
        Some(m) => {
            if !matches!(level_parent(m).await?, Some((l, parent)) if l == "municipality" && parent == district)
            {
                e.add(
                    "localMunicipality",
                    "Please select a valid local municipality",
                );
            }
        }
    }
    Ok(e)
}

/// Body of `verify-otp`.
#[derive(Deserialize)]
pub struct VerifyOtpBody {
    #[serde(alias = "email")]
    #[serde(rename = "Email", default)]
    email: String,
    #[serde(alias = "otp")]
    #[serde(rename = "OTP", default)]
    otp: String,
    #[serde(alias = "userType")]
    #[serde(rename = "UserType", default)]
    user_type: Option<i32>,
}

/// `POST /api/auth/verify-otp {Email, OTP, UserType}` (spec §4 "OTP"). NewUser: the e-mail
/// is verified; an account with a password goes to login, one without (created for someone)
/// is signed in as NewUser and goes to add-password. ResetPassword: the code is accepted and
/// the reset-password call may follow within 10 minutes.
pub async fn verify_otp(
    State(s): State<AppState>,
    session: Session,
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
    let key = user_aggregate_id(&b.email);
    match otp::check(&s.pool, &key, user_type, &b.otp).await {
        Ok(Checked::Valid) => {}
        Ok(Checked::Wrong) => return failure(StatusCode::BAD_REQUEST, otp::WRONG),
        Ok(Checked::Expired) => return failure(StatusCode::BAD_REQUEST, otp::EXPIRED),
        Err(err) => return internal(err),
    }
    if user_type == RESET_PASSWORD {
        return ok(
            json!({"success": true, "message": "Code verified. Please choose a new password.", "userType": RESET_PASSWORD, "email": b.email}),
        );
    }
    let user = match load_user(&s.pool, &key).await {
        Ok(u) if u.is_live() => u,
        Ok(_) => return failure(StatusCode::BAD_REQUEST, otp::EXPIRED),
        Err(err) => return internal(err),
    };
    let _ = otp::consume_verified(&s.pool, &key, NEW_USER).await;
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
        return err.into_response();
    }
    if user.has_password {
        return ok(
            json!({"success": true, "message": "Your email address is verified. You can now log in.", "userType": NEW_USER, "email": b.email, "requiresPassword": false}),
        );
    }
    // An account created for someone: the code proved the address; sign in to add a password.
    if let Err(err) = sign_in(&session, &user, &key, NEW_USER).await {
        return err.into_response();
    }
    ok(
        json!({"success": true, "message": "Your email address is verified. Please choose a password.", "userType": NEW_USER, "email": b.email, "requiresPassword": true}),
    )
}

async fn sign_in(
    session: &Session,
    user: &User,
    key: &str,
    user_type: i32,
) -> Result<(), ApiError> {
    let err = |e: tower_sessions::session::Error| ApiError::Internal(e.into());
    // A new session id on every sign-in (no fixation); a new CSRF token with it.
    session.cycle_id().await.map_err(err)?;
    session
        .insert(
            SESSION_USER,
            SessionUser {
                user_id: user.user_id.clone().unwrap_or_default(),
                user_key: key.to_string(),
                signed_in_at: chrono::Utc::now().timestamp(),
                user_type,
            },
        )
        .await
        .map_err(err)?;
    session
        .insert(SESSION_CSRF, password::random_token())
        .await
        .map_err(err)?;
    Ok(())
}

/// Body of `forgot-password`.
#[derive(Deserialize)]
pub struct ForgotBody {
    #[serde(alias = "email")]
    #[serde(rename = "Email", default)]
    email: String,
}

/// `POST /api/auth/forgot-password {Email}` (also the OTP resend): answers the same whether
/// or not an account exists; a code is e-mailed only to a live account.
pub async fn forgot_password(
    State(s): State<AppState>,
    ci: ClientIp,
    Json(b): Json<ForgotBody>,
) -> Response {
    forgot_or_resend(&s, ci, &b.email, RESET_PASSWORD).await
}

/// Body of `resend-otp`.
#[derive(Deserialize)]
pub struct ResendBody {
    #[serde(alias = "email")]
    #[serde(rename = "Email", default)]
    email: String,
    #[serde(alias = "userType")]
    #[serde(rename = "UserType", default)]
    user_type: Option<i32>,
}

/// `POST /api/auth/resend-otp {Email, UserType}`: a new code for the OTP screen. The
/// specification sends resends through forgot-password; that covers user type
/// ResetPassword, and this call covers NewUser (e-mail verification) the same way.
pub async fn resend_otp(
    State(s): State<AppState>,
    ci: ClientIp,
    Json(b): Json<ResendBody>,
) -> Response {
    let user_type = b.user_type.unwrap_or(NEW_USER);
    forgot_or_resend(
        &s,
        ci,
        &b.email,
        if user_type == RESET_PASSWORD {
            RESET_PASSWORD
        } else {
            NEW_USER
        },
    )
    .await
}

async fn forgot_or_resend(s: &AppState, ci: ClientIp, email: &str, user_type: i32) -> Response {
    let mut e = Errors::default();
    v::email(&mut e, "email", email);
    if !e.is_empty() {
        return invalid(e);
    }
    if !s.throttle.allow_otp(email, client_ip(ci)) {
        return failure(StatusCode::TOO_MANY_REQUESTS, otp::TOO_MANY_REQUESTS);
    }
    let key = user_aggregate_id(email);
    let user = match load_user(&s.pool, &key).await {
        Ok(u) => u,
        Err(err) => return internal(err),
    };
    let message =
        "If an account exists for this email address, we have sent it a verification code.";
    let wants = user.is_live() && (user_type == RESET_PASSWORD || !user.email_verified);
    if !wants {
        password::verify_dummy(email);
        return ok(
            json!({"success": true, "message": message, "userType": user_type, "email": email, "otp": null}),
        );
    }
    match otp::issue(&s.pool, &key, user_type).await {
        Ok(Issued::Code(code, resends)) => {
            send_otp(s, email, &user.profile.first_name, &code, user_type).await;
            let mut body = json!({"success": true, "message": message});
            merge(
                &mut body,
                otp_fields(s, email, user_type, Some(&code), resends),
            );
            ok(body)
        }
        Ok(Issued::TooMany) => failure(StatusCode::TOO_MANY_REQUESTS, otp::TOO_MANY_REQUESTS),
        Err(err) => internal(err),
    }
}

/// Body of `reset-password` and `add-password`.
#[derive(Deserialize)]
pub struct PasswordBody {
    #[serde(alias = "email")]
    #[serde(rename = "Email", default)]
    email: String,
    #[serde(alias = "password")]
    #[serde(rename = "Password", default)]
    password: String,
    #[serde(alias = "confirmPassword")]
    #[serde(rename = "ConfirmPassword", default)]
    confirm_password: String,
}

fn password_errors(b: &PasswordBody) -> Errors {
    let mut e = Errors::default();
    v::password(&mut e, "password", &b.password);
    v::confirm_password(&mut e, "confirmPassword", &b.password, &b.confirm_password);
    e
}

/// `POST /api/auth/reset-password {Email, Password, ConfirmPassword, UserType}`: needs a code
/// verified in the last 10 minutes for this address.
pub async fn reset_password(State(s): State<AppState>, Json(b): Json<PasswordBody>) -> Response {
    let mut e = password_errors(&b);
    v::email(&mut e, "email", &b.email);
    if !e.is_empty() {
        return invalid(e);
    }
    let key = user_aggregate_id(&b.email);
    let user = match load_user(&s.pool, &key).await {
        Ok(u) => u,
        Err(err) => return internal(err),
    };
    match otp::consume_verified(&s.pool, &key, RESET_PASSWORD).await {
        Ok(true) if user.is_live() => {}
        Ok(_) => return failure(StatusCode::BAD_REQUEST, otp::EXPIRED),
        Err(err) => return internal(err),
    }
    let uid = user.user_id.clone().unwrap_or_default();
    if let Err(err) = store_password(&s.pool, &key, &uid, &b.password).await {
        return internal(err);
    }
    let m = meta(&format!("user:{uid}"), "http:POST /api/auth/reset-password");
    if let Err(err) = run_user_command(
        &s,
        &key,
        UserCommand::SetPassword("reset-password".into()),
        &m,
    )
    .await
    {
        return err.into_response();
    }
    // Reading the code proved the address too.
    let _ = run_user_command(&s, &key, UserCommand::VerifyEmail, &m).await;
    ok(json!({"success": true, "message": "Your password has been reset. You can now log in."}))
}

/// `POST /api/auth/add-password {Password, ConfirmPassword, UserType}`: a signed-in user
/// whose account has no password yet chooses one.
pub async fn add_password(
    State(s): State<AppState>,
    session: Session,
    Json(b): Json<PasswordBody>,
) -> Response {
    let u = match require(&s, &session, None).await {
        Ok(u) => u,
        Err(e) => return e.into_response(),
    };
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
    if let Err(err) = store_password(&s.pool, &key, &u.session.user_id, &b.password).await {
        return internal(err);
    }
    let m = meta(
        &format!("user:{}", u.session.user_id),
        "http:POST /api/auth/add-password",
    );
    if let Err(err) = run_user_command(
        &s,
        &key,
        UserCommand::SetPassword("add-password".into()),
        &m,
    )
    .await
    {
        return err.into_response();
    }
    if let Err(err) = sign_in(&session, &user, &key, EXISTING_USER).await {
        return err.into_response();
    }
    ok(json!({"success": true, "message": "Your password has been saved."}))
}

/// Body of `login`.
#[derive(Deserialize)]
pub struct LoginBody {
    #[serde(alias = "username", alias = "Email", alias = "email")]
    #[serde(rename = "Username", default)]
    username: String,
    #[serde(alias = "password")]
    #[serde(rename = "Password", default)]
    password: String,
}

/// `POST /api/auth/login {Username, Password}` (spec §4 "Login"). Unknown address, wrong
/// password and deleted account all answer [`LOGIN_FAILED`]; attempts are throttled per
/// account and per address. An account whose e-mail is not verified yet gets a new code
/// and user type NewUser, so the client goes to the OTP screen.
pub async fn login(
    State(s): State<AppState>,
    session: Session,
    ci: ClientIp,
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
    if !s.throttle.allow_login(&b.username, client_ip(ci)) {
        return failure(StatusCode::TOO_MANY_REQUESTS, THROTTLED);
    }
    let key = user_aggregate_id(&b.username);
    let hash: Option<String> =
        match sqlx::query_scalar("SELECT password_hash FROM credential WHERE user_key = $1")
            .bind(&key)
            .fetch_optional(&s.pool)
            .await
        {
            Ok(h) => h,
            Err(err) => return internal(err),
        };
    let user = match load_user(&s.pool, &key).await {
        Ok(u) => u,
        Err(err) => return internal(err),
    };
    let valid = match &hash {
        Some(h) => password::verify(&b.password, h),
        None => {
            password::verify_dummy(&b.password);
            false
        }
    };
    if !valid || !user.is_live() {
        return failure(StatusCode::UNAUTHORIZED, LOGIN_FAILED);
    }
    if !user.email_verified {
        // A code that is still live is not replaced: signing in again must not use up resends.
        if let Ok(Some(resends)) = otp::live_resends(&s.pool, &key, NEW_USER).await {
            let mut body = json!({"success": false, "message": "Please verify your email address first. Enter the code we sent you."});
            merge(
                &mut body,
                otp_fields(&s, &user.email, NEW_USER, None, resends),
            );
            return (StatusCode::FORBIDDEN, Json(body)).into_response();
        }
        return match otp::issue(&s.pool, &key, NEW_USER).await {
            Ok(Issued::Code(code, resends)) => {
                send_otp(&s, &user.email, &user.profile.first_name, &code, NEW_USER).await;
                let mut body = json!({"success": false, "message": "Please verify your email address first. We have sent you a new code."});
                merge(
                    &mut body,
                    otp_fields(&s, &user.email, NEW_USER, Some(&code), resends),
                );
                (StatusCode::FORBIDDEN, Json(body)).into_response()
            }
            Ok(Issued::TooMany) => failure(StatusCode::TOO_MANY_REQUESTS, otp::TOO_MANY_REQUESTS),
            Err(err) => internal(err),
        };
    }
    if let Err(err) = sign_in(&session, &user, &key, EXISTING_USER).await {
        return err.into_response();
    }
    ok(
        json!({"success": true, "message": "Login successful.", "userType": EXISTING_USER, "email": user.email}),
    )
}

/// `POST /api/auth/logout`: destroys the session.
pub async fn logout(session: Session) -> Response {
    match session.flush().await {
        Ok(()) => ok(json!({"success": true, "message": "You have been logged out."})),
        Err(err) => internal(err),
    }
}

/// `GET /api/auth/csrf`: the session's CSRF token `{csrfToken}`.
pub async fn csrf(session: Session) -> Result<Json<Value>, ApiError> {
    Ok(Json(json!({"csrfToken": csrf_token(&session).await?})))
}

/// `POST /api/auth/userAuthenticated`: the session shape of public spec §3 (`isAuthenticated,
/// user {userId, name, email, permissions}, organisationName, organisationTypeId,
/// userActions [{actionId, name}]`), plus `userType` and `csrfToken`.
pub async fn user_authenticated(
    State(s): State<AppState>,
    session: Session,
) -> Result<Json<Value>, ApiError> {
    // The user first: an ended session is flushed, and the token must belong to what remains.
    let user = current_user(&s, &session).await?;
    let token = csrf_token(&session).await?;
    Ok(Json(match user {
        None => {
            json!({"isAuthenticated": false, "user": null, "userActions": [], "organisationName": null, "organisationTypeId": null, "csrfToken": token})
        }
        Some(u) => {
            let actions: Vec<Value> = u
                .actions
                .iter()
                .map(|a| json!({"actionId": a, "name": permissions::action(*a).map(|x| x.name)}))
                .collect();
            json!({
                "isAuthenticated": true,
                "user": {"userId": u.session.user_id, "name": u.name, "email": u.email, "permissions": u.actions},
                "userType": u.session.user_type,
                "organisationName": u.organisation_name, "organisationTypeId": u.organisation_type_id,
                "userActions": actions, "csrfToken": token,
            })
        }
    }))
}

fn list(items: &[(i32, &str)], id: &str) -> Json<Value> {
    Json(Value::Array(
        items
            .iter()
            .map(|(i, d)| json!({id: i, "description": d}))
            .collect(),
    ))
}

/// `GET /api/auth/getUserTitles`: `[{titleId, description}]`.
pub async fn titles() -> Json<Value> {
    list(TITLES, "titleId")
}
/// `GET /api/auth/getUserJobRoles`: `[{roleId, description}]`.
pub async fn job_roles() -> Json<Value> {
    list(JOB_ROLES, "roleId")
}
/// `GET /api/auth/getOrganisationTypes`: `[{organisationTypeId, description}]`.
pub async fn organisation_types() -> Json<Value> {
    list(ORGANISATION_TYPES, "organisationTypeId")
}

/// `GET /api/auth/profile`: the signed-in user's profile (spec §3 "Profile").
pub async fn profile(State(s): State<AppState>, session: Session) -> Result<Json<Value>, ApiError> {
    let u = require(&s, &session, None).await?;
    let user = load_user(&s.pool, &u.session.user_key).await?;
    let p = &user.profile;
    Ok(Json(json!({"success": true, "data": {
        "fullName": format!("{} {}", p.first_name, p.last_name).trim(), "email": user.email,
        "alternativeNumber": p.alternative_number, "mobileNumber": p.mobile_number,
        "titleId": p.title_id, "jobRole": p.job_role_id,
        "isBuildingBlockAdmin": u.can(permissions::BuildingBlockAdmin),
    }})))
}

/// `PUT /api/auth/updateProfile`: full name, title, job role, telephone and mobile, and
/// optionally a new password (with the current one). Answers `{success, message, errors}`.
pub async fn update_profile(
    State(s): State<AppState>,
    session: Session,
    Json(b): Json<Value>,
) -> Response {
    let u = match require(&s, &session, None).await {
        Ok(u) => u,
        Err(e) => return e.into_response(),
    };
    let f = |names: &[&str]| str_field(&b, names);
    let mut e = Errors::default();
    let full = f(&["fullName", "FullName"]);
    v::name(&mut e, "fullName", "Full name", &full, false);
    v::required_choice(
        &mut e,
        "titleId",
        "Title",
        int_field(&b, &["titleId", "TitleId"]),
        |t| reference::contains(TITLES, t as i32),
    );
    v::required_choice(
        &mut e,
        "jobRole",
        "Job role",
        int_field(&b, &["jobRole", "JobRole"]),
        |t| reference::contains(JOB_ROLES, t as i32),
    );
    v::contact_number(
        &mut e,
        "mobileNumber",
        &f(&["mobileNumber", "MobileNumber"]),
        true,
    );
    v::contact_number(
        &mut e,
        "alternativeNumber",
        &f(&["alternativeNumber", "AlternativeNumber"]),
        false,
    );
    let new_pw = f(&["NewPassword", "newPassword"]);
    if !new_pw.is_empty() {
        v::password(&mut e, "newPassword", &new_pw);
        v::confirm_password(
            &mut e,
            "confirmPassword",
            &new_pw,
            &f(&["ConfirmPassword", "confirmPassword"]),
        );
    }
    if !e.is_empty() {
        return invalid(e);
    }
    let key = u.session.user_key.clone();
    if !new_pw.is_empty() {
        let hash: Option<String> =
            sqlx::query_scalar("SELECT password_hash FROM credential WHERE user_key = $1")
                .bind(&key)
                .fetch_optional(&s.pool)
                .await
                .unwrap_or(None);
        if !hash.is_some_and(|h| password::verify(&f(&["CurrentPassword", "currentPassword"]), &h))
        {
            let mut e = Errors::default();
            e.add("currentPassword", "Current password is not correct");
            return invalid(e);
        }
    }
    let mut parts = full.split_whitespace();
    let first = parts.next().unwrap_or_default().to_string();
    let last = parts.collect::<Vec<_>>().join(" ");
    let alt = v::digits(&f(&["alternativeNumber", "AlternativeNumber"]));
    let profile = Profile {
        title_id: int_field(&b, &["titleId", "TitleId"]).map(|x| x as i32),
        first_name: first,
        last_name: last,
        job_role_id: int_field(&b, &["jobRole", "JobRole"]).map(|x| x as i32),
        mobile_number: Some(v::digits(&f(&["mobileNumber", "MobileNumber"]))),
        alternative_number: (!alt.is_empty()).then_some(alt),
    };
    let m = meta(
        &format!("user:{}", u.session.user_id),
        "http:PUT /api/auth/updateProfile",
    );
    if let Err(err) = run_user_command(&s, &key, UserCommand::UpdateProfile(profile), &m).await {
        return err.into_response();
    }
    if !new_pw.is_empty() {
        if let Err(err) = store_password(&s.pool, &key, &u.session.user_id, &new_pw).await {
            return internal(err);
        }
        if let Err(err) =
            run_user_command(&s, &key, UserCommand::SetPassword("profile".into()), &m).await
        {
            return err.into_response();
        }
    }
    ok(json!({"success": true, "message": "Profile updated successfully.", "errors": []}))
}
