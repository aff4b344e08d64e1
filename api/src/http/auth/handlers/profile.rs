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
use serde::{Deserialize, Serialize};
use tower_sessions::Session;

use super::{internal, invalid, meta, run_user_command};
use crate::accounts::credentials::password_hash;
use crate::accounts::{load_user, password};
use crate::http::auth::{CurrentUser, SessionUser, SESSION_USER};
use crate::http::error::{ApiError, Saved};
use crate::http::AppState;

/// A title of the reference list (public spec §3 "Titles").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Title {
    /// Title id.
    pub title_id: i32,
    /// "Mr", "Ms", ...
    pub description: &'static str,
}

/// A job role of the reference list (public spec §3 "Job roles").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobRole {
    /// Job role id.
    pub role_id: i32,
    /// Its name.
    pub description: &'static str,
}

/// An organisation type of the reference list (public spec §3 "Organisation types").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationType {
    /// Organisation type id.
    pub organisation_type_id: i32,
    /// Its name.
    pub description: &'static str,
}

/// `GET /api/auth/getUserTitles`: `[{titleId, description}]`.
#[utoipa::path(get, path = "/api/auth/getUserTitles", tag = "auth", operation_id = "getUserTitles", responses((status = 200, description = "Every title", body = [Title])))]
pub async fn titles() -> Json<Vec<Title>> {
    Json(
        TITLES
            .iter()
            .map(|&(title_id, description)| Title {
                title_id,
                description,
            })
            .collect(),
    )
}
/// `GET /api/auth/getUserJobRoles`: `[{roleId, description}]`.
#[utoipa::path(get, path = "/api/auth/getUserJobRoles", tag = "auth", operation_id = "getUserJobRoles", responses((status = 200, description = "Every job role", body = [JobRole])))]
pub async fn job_roles() -> Json<Vec<JobRole>> {
    Json(
        JOB_ROLES
            .iter()
            .map(|&(role_id, description)| JobRole {
                role_id,
                description,
            })
            .collect(),
    )
}
/// `GET /api/auth/getOrganisationTypes`: `[{organisationTypeId, description}]`.
#[utoipa::path(get, path = "/api/auth/getOrganisationTypes", tag = "auth", operation_id = "getOrganisationTypes", responses((status = 200, description = "Every organisation type", body = [OrganisationType])))]
pub async fn organisation_types() -> Json<Vec<OrganisationType>> {
    Json(
        ORGANISATION_TYPES
            .iter()
            .map(|&(organisation_type_id, description)| OrganisationType {
                organisation_type_id,
                description,
            })
            .collect(),
    )
}

/// The signed-in user's profile (public spec §3 "Profile").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserProfile {
    /// First and last name.
    pub full_name: String,
    /// The e-mail address.
    pub email: String,
    /// Alternative number (digits), if any.
    #[schema(required = true)]
    pub alternative_number: Option<String>,
    /// Mobile number (digits), if any.
    #[schema(required = true)]
    pub mobile_number: Option<String>,
    /// Title id, if chosen.
    #[schema(required = true)]
    pub title_id: Option<i32>,
    /// Job role id, if chosen.
    #[schema(required = true)]
    pub job_role: Option<i32>,
    /// True when the user holds BuildingBlockAdmin (35).
    pub is_building_block_admin: bool,
    /// Whether the building-block notification e-mails are sent to this account
    /// (submissions waiting for review, the user's own submissions verified or returned).
    pub building_block_emails: bool,
}

/// The answer of [`profile`]: `{success, data}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ProfileAnswer {
    /// Always `true`.
    pub success: bool,
    /// The profile.
    pub data: UserProfile,
}

/// `GET /api/auth/profile`: the signed-in user's profile (spec §3 "Profile").
#[utoipa::path(get, path = "/api/auth/profile", tag = "auth", operation_id = "getProfile", responses((status = 200, description = "The profile", body = ProfileAnswer)))]
pub async fn profile(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
) -> Result<Json<ProfileAnswer>, ApiError> {
    let user = load_user(&s.pool, &u.session.user_key).await?;
    let p = user.profile;
    Ok(Json(ProfileAnswer {
        success: true,
        data: UserProfile {
            full_name: format!("{} {}", p.first_name, p.last_name)
                .trim()
                .to_string(),
            email: user.email,
            alternative_number: p.alternative_number,
            mobile_number: p.mobile_number,
            title_id: p.title_id,
            job_role: p.job_role_id,
            is_building_block_admin: u.can(permissions::BuildingBlockAdmin),
            building_block_emails: !user.declined_building_block_emails,
        },
    }))
}

/// Body of `PUT /api/auth/notificationEmails`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NotificationEmailsForm {
    /// `true`: send the building-block notification e-mails; `false`: do not.
    pub building_block_emails: bool,
}

/// `PUT /api/auth/notificationEmails`: the signed-in person switches the building-block
/// notification e-mails on or off (docs/decisions/0057-building-block-notifications.md).
/// Answers `{success, message}`.
#[utoipa::path(put, path = "/api/auth/notificationEmails", tag = "auth", operation_id = "setNotificationEmails", request_body = NotificationEmailsForm, responses((status = 200, description = "Saved", body = Saved)))]
pub async fn notification_emails(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<NotificationEmailsForm>,
) -> Response {
    let m = meta(
        &format!("user:{}", u.session.user_id),
        "http:PUT /api/auth/notificationEmails",
    );
    let command = UserCommand::ChooseNotificationEmails {
        building_block: b.building_block_emails,
    };
    if let Err(err) = run_user_command(&s, &u.session.user_key, command, &m).await {
        return err.into_response();
    }
    // The mail worker reads the choice from the accounts read model: no e-mail queued after
    // this answer may miss it.
    crate::http::read_your_writes::settle(&s, "accounts").await;
    Json(Saved::new(if b.building_block_emails {
        "Building-block e-mails switched on."
    } else {
        "Building-block e-mails switched off."
    }))
    .into_response()
}

/// Body of `PUT /api/auth/updateProfile` (public spec §3 "Profile"; the PascalCase names are
/// accepted too). Checked by the handler with the messages of public spec §5.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileForm {
    /// Full name: letters, spaces, . ' - (at most 100 characters).
    /// The pattern lists the Latin letters South African languages are written in (Latin-1,
    /// Extended-A and -B with the click letters, Extended Additional: š, ḓ, ṱ, ǃ); the server
    /// accepts any alphabetic character.
    #[serde(alias = "FullName", default)]
    #[schema(required = true, value_type = String, max_length = 100)]
    #[schema(
        pattern = r"^[A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ .'’-]*[A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ][A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ .'’-]*$"
    )]
    pub full_name: Option<gbvf_commands::text::LineText>,
    /// Title id (reference list).
    #[serde(alias = "TitleId", default)]
    #[schema(required = true, schema_with = gbvf_commands::reference_schemas::title_ids)]
    pub title_id: Option<i64>,
    /// Job role id (reference list).
    #[serde(alias = "JobRole", default)]
    #[schema(required = true, schema_with = gbvf_commands::reference_schemas::job_role_ids)]
    pub job_role: Option<i64>,
    /// Mobile number: required, 10 digits once stripped to digits.
    #[serde(alias = "MobileNumber", default)]
    #[schema(required = true, value_type = String)]
    #[schema(pattern = r"^[^0-9]*(?:[0-9][^0-9]*){10}$")]
    pub mobile_number: Option<gbvf_commands::text::LineText>,
    /// Alternative number: 10 digits once stripped to digits (optional).
    #[serde(alias = "AlternativeNumber", default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub alternative_number: Option<gbvf_commands::text::LineText>,
    /// The current password, required with a new one.
    #[serde(alias = "CurrentPassword", default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub current_password: Option<gbvf_commands::text::LineText>,
    /// A new password (optional): the rules of the sign-up's.
    #[serde(alias = "NewPassword", default)]
    #[schema(min_length = 12)]
    #[schema(
        pattern = r"^(?=[\s\S]*[0-9])(?=[\s\S]*[a-z])(?=[\s\S]*[A-Z])(?=[\s\S]*[!@#$%^&*()])"
    )]
    #[schema(value_type = Option<String>, max_length = 250)]
    pub new_password: Option<gbvf_commands::text::LineText>,
    /// The new password again.
    #[serde(alias = "ConfirmPassword", default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub confirm_password: Option<gbvf_commands::text::LineText>,
}

use gbvf_commands::text::field as text;

/// `PUT /api/auth/updateProfile`: full name, title, job role, telephone and mobile, and
/// optionally a new password (with the current one). Answers `{success, message, errors}`.
#[utoipa::path(put, path = "/api/auth/updateProfile", tag = "auth", operation_id = "updateProfile", request_body = ProfileForm, responses((status = 200, description = "Saved", body = Saved)))]
pub async fn update_profile(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    session: Session,
    Json(b): Json<ProfileForm>,
) -> Response {
    let mut e = Errors::default();
    let full = text(&b.full_name);
    v::name(&mut e, "fullName", "Full name", &full, false);
    v::required_choice(&mut e, "titleId", "Title", b.title_id, |t| {
        reference::contains(TITLES, t)
    });
    v::required_choice(&mut e, "jobRole", "Job role", b.job_role, |t| {
        reference::contains(JOB_ROLES, t)
    });
    v::contact_number(&mut e, "mobileNumber", &text(&b.mobile_number), true);
    v::contact_number(
        &mut e,
        "alternativeNumber",
        &text(&b.alternative_number),
        false,
    );
    let new_pw = text(&b.new_password);
    if !new_pw.is_empty() {
        v::password(&mut e, "newPassword", &new_pw);
        v::confirm_password(
            &mut e,
            "confirmPassword",
            &new_pw,
            &text(&b.confirm_password),
        );
    }
    if !e.is_empty() {
        return invalid(e);
    }
    let key = u.session.user_key.clone();
    if !new_pw.is_empty() {
        let hash = password_hash(&s.pool, &key).await.unwrap_or(None);
        let current = text(&b.current_password);
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
    let alt = v::digits(&text(&b.alternative_number));
    let profile = Profile {
        title_id: b.title_id.map(|x| x as i32),
        first_name: first,
        last_name: last,
        job_role_id: b.job_role.map(|x| x as i32),
        mobile_number: Some(v::digits(&text(&b.mobile_number))),
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
        let epoch = match crate::accounts::set_password(&s.pool, &key, &new_pw, "profile", &m).await
        {
            Ok(epoch) => epoch,
            Err(err) => return super::account_answer(err),
        };
        let renewed = SessionUser {
            epoch,
            ..u.session.clone()
        };
        if let Err(err) = session.insert(SESSION_USER, renewed).await {
            return internal(err);
        }
    }
    Json(Saved::new("Profile updated successfully.")).into_response()
}
