//! The profile (public spec §2 "Profile", §3 "Profile") and the reference lists of the
//! sign-up form.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_commands::accounts::permissions;
use gbvf_commands::accounts::reference::{self, JOB_ROLES, ORGANISATION_TYPES, TITLES};
use gbvf_commands::accounts::user::UserCommand;
use gbvf_commands::accounts::validation::{self as v, Errors};
use gbvf_events::accounts::Profile;
use serde_json::{json, Value};
use tower_sessions::Session;

use super::{
    int_field, internal, invalid, load_user, meta, ok, run_user_command, store_password, str_field,
};
use crate::http::auth::{password, CurrentUser, SessionUser, SESSION_USER};
use crate::http::error::ApiError;
use crate::http::AppState;

fn list(items: &[(i32, &str)], id: &str) -> Json<Value> {
    Json(Value::Array(
        items
            .iter()
            .map(|(i, d)| json!({id: i, "description": d}))
            .collect(),
    ))
}

/// `GET /api/auth/getUserTitles`: `[{titleId, description}]`.
#[utoipa::path(get, path = "/api/auth/getUserTitles", tag = "auth", operation_id = "authGetUserTitles", responses((status = 200, description = "[{titleId, description}]")))]
pub async fn titles() -> Json<Value> {
    list(TITLES, "titleId")
}
/// `GET /api/auth/getUserJobRoles`: `[{roleId, description}]`.
#[utoipa::path(get, path = "/api/auth/getUserJobRoles", tag = "auth", operation_id = "authGetUserJobRoles", responses((status = 200, description = "[{roleId, description}]")))]
pub async fn job_roles() -> Json<Value> {
    list(JOB_ROLES, "roleId")
}
/// `GET /api/auth/getOrganisationTypes`: `[{organisationTypeId, description}]`.
#[utoipa::path(get, path = "/api/auth/getOrganisationTypes", tag = "auth", operation_id = "authGetOrganisationTypes", responses((status = 200, description = "[{organisationTypeId, description}]")))]
pub async fn organisation_types() -> Json<Value> {
    list(ORGANISATION_TYPES, "organisationTypeId")
}

/// `GET /api/auth/profile`: the signed-in user's profile (spec §3 "Profile").
#[utoipa::path(get, path = "/api/auth/profile", tag = "auth", operation_id = "authProfile", responses((status = 200, description = "{success, data: {fullName, email, alternativeNumber, mobileNumber, titleId, jobRole, isBuildingBlockAdmin}}")))]
pub async fn profile(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
) -> Result<Json<Value>, ApiError> {
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
#[utoipa::path(put, path = "/api/auth/updateProfile", tag = "auth", operation_id = "authUpdateProfile", request_body(content = Object, description = "{fullName, titleId, jobRole, alternativeNumber, mobileNumber, and optionally currentPassword, newPassword, confirmPassword}"), responses((status = 200, description = "{success, message}")))]
pub async fn update_profile(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    session: Session,
    Json(b): Json<Value>,
) -> Response {
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
        let current = f(&["CurrentPassword", "currentPassword"]);
        let matches = match hash {
            Some(h) => password::verify_async(current, h).await,
            None => false,
        };
        if !matches {
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
    // POPIA: the names and numbers are corrected in `person` first (an orphan correction
    // without its event is harmless); the event records that the profile changed.
    let person_id = match load_user(&s.pool, &key).await {
        Ok(user) => user.person_id.unwrap_or_default(),
        Err(err) => return internal(err),
    };
    let corrected = async {
        let mut conn = s.pool.acquire().await?;
        gbvf_events::person::correct(
            &mut conn,
            person_id,
            &gbvf_events::person::Person {
                email: String::new(),
                first_name: profile.first_name.clone(),
                last_name: profile.last_name.clone(),
                mobile_number: profile.mobile_number.clone(),
                alternative_number: profile.alternative_number.clone(),
            },
        )
        .await
    };
    match corrected.await {
        Ok(true) => {}
        Ok(false) => return internal("the person of this account is missing or erased"),
        Err(err) => return internal(err),
    }
    let facts = gbvf_events::accounts::ProfileFacts {
        person_id,
        title_id: profile.title_id,
        job_role_id: profile.job_role_id,
    };
    if let Err(err) = run_user_command(&s, &key, UserCommand::UpdateProfile(facts), &m).await {
        return err.into_response();
    }
    if !new_pw.is_empty() {
        // Every other session of the user ends (ASVS 3.3.3); this one carries on.
        let epoch = match store_password(&s.pool, &key, &u.session.user_id, &new_pw).await {
            Ok(epoch) => epoch,
            Err(err) => return internal(err),
        };
        let renewed = SessionUser {
            epoch,
            ..u.session.clone()
        };
        if let Err(err) = session.insert(SESSION_USER, renewed).await {
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
