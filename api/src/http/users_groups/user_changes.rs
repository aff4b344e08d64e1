//! Changing users (admin spec §2 "Manage: Users and groups"): the user form, create, edit,
//! delete and erase (POPIA).

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_commands::accounts::reference::{self, JOB_ROLES, TITLES};
use gbvf_commands::accounts::user::needs_company;
use gbvf_commands::accounts::user::{UserCommand, UserError};
use gbvf_commands::accounts::validation::{self as v, Errors};
use gbvf_events::accounts::{ProfileFacts, UserDetails, UserRegistered};
use gbvf_events::person::Person;
use gbvf_projections::accounts::queries::{live_group_count, organisation_exists};
use gbvf_projections::geography::queries::{municipality_count, province_count};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::users::{account, UserQuery};
use super::{authority, meta, BUILDING_BLOCK_COORDINATOR, CONTACT_PERSON};
use crate::http::auth::CurrentUser;
use crate::http::error::{ApiError, Done, ErrorItem, Saved};
use crate::http::AppState;

/// The user form (admin spec §2 "Add or edit user", §5 "User form on save").
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserForm {
    /// Title id (reference list).
    #[serde(default)]
    #[schema(required = true, schema_with = gbvf_commands::reference_schemas::title_ids)]
    title_id: Option<i64>,
    /// Full name: letters, spaces, . ' - (at most 100 characters; the pattern lists the Latin
    /// letters South African languages are written in, the server accepts any alphabetic
    /// character).
    #[serde(default)]
    #[schema(required = true, max_length = 100)]
    #[schema(
        pattern = r"^[A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ .'’-]*[A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ][A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ .'’-]*$"
    )]
    name: String,
    /// Role id (reference list).
    #[serde(default)]
    #[schema(required = true, schema_with = gbvf_commands::reference_schemas::job_role_ids)]
    role_id: Option<i64>,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    company_id: Option<gbvf_commands::text::LineText>,
    #[serde(default, deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    group_ids: Vec<i64>,
    #[serde(default, deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    contacts: Vec<ContactForm>,
    #[serde(default, deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    stakeholder_relationships: Vec<RelationshipForm>,
}

/// A contact of the user form.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactForm {
    contact_type_id: i32,
    #[serde(default)]
    #[schema(value_type = String, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    detail: gbvf_commands::text::LineText,
}

/// A relationship of the user form.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelationshipForm {
    stakeholder_relationship_type_id: i32,
    /// A Building Block Coordinator's municipality (a municipality's designated person).
    #[serde(default)]
    municipality_id: Option<i64>,
    /// A Building Block Coordinator's province (a province's designated person).
    #[serde(default)]
    province_id: Option<i64>,
}

pub(super) struct Checked {
    /// The person's details (to `person`, never into an event).
    person: Person,
    /// The event's details; `profile.person_id` is set by the caller.
    details: UserDetails,
}

pub(super) async fn check_form(
    s: &AppState,
    f: &UserForm,
    creating: bool,
) -> Result<Result<Checked, Errors>, ApiError> {
    let mut e = Errors::default();
    v::name(&mut e, "name", "Full name", &f.name, false);
    v::required_choice(&mut e, "titleId", "Title", f.title_id, |t| {
        reference::contains(TITLES, t)
    });
    v::required_choice(&mut e, "roleId", "Role", f.role_id, |t| {
        reference::contains(JOB_ROLES, t)
    });
    let contact = |t: i32| {
        f.contacts
            .iter()
            .find(|c| c.contact_type_id == t)
            .map(|c| c.detail.trim().to_string())
            .unwrap_or_default()
    };
    let email = contact(1);
    if creating {
        v::email(&mut e, "email", &email);
    }
    v::contact_number(&mut e, "mobileNumber", &contact(2), false);
    v::contact_number(&mut e, "telephoneNumber", &contact(3), false);
    if f.group_ids.is_empty() {
        e.add("groupIds", "At least one group is required");
    } else {
        let mut live = live_group_count(&s.pool, &f.group_ids).await?;
        if live as usize != f.group_ids.len() {
            // A group created a moment ago may not be projected yet: catch up, then count again.
            crate::http::read_your_writes::settle(s, "accounts").await;
            live = live_group_count(&s.pool, &f.group_ids).await?;
        }
        if live as usize != f.group_ids.len() {
            e.add("groupIds", "Please select valid groups");
        }
    }
    let mut types: Vec<i32> = f
        .stakeholder_relationships
        .iter()
        .map(|r| r.stakeholder_relationship_type_id)
        .collect();
    types.sort();
    types.dedup();
    if types
        .iter()
        .any(|t| *t != CONTACT_PERSON && *t != BUILDING_BLOCK_COORDINATOR)
    {
        e.add("stakeholderRelationships", "Unknown relationship type");
    }
    let munis: Vec<i64> = f
        .stakeholder_relationships
        .iter()
        .filter(|r| r.stakeholder_relationship_type_id == BUILDING_BLOCK_COORDINATOR)
        .filter_map(|r| r.municipality_id)
        .collect();
    if !munis.is_empty() {
        let n = municipality_count(&s.pool, &munis).await?;
        if n as usize != munis.len() {
            e.add("municipalities", "Please select valid municipalities");
        }
    }
    let mut provinces: Vec<i64> = f
        .stakeholder_relationships
        .iter()
        .filter(|r| r.stakeholder_relationship_type_id == BUILDING_BLOCK_COORDINATOR)
        .filter_map(|r| r.province_id)
        .collect();
    provinces.sort_unstable();
    provinces.dedup();
    if !provinces.is_empty()
        && province_count(&s.pool, &provinces).await? as usize != provinces.len()
    {
        e.add("provinces", "Please select valid provinces");
    }
    // Government staff (a municipality's or province's designated person) need no company.
    if let Some(c) = &f.company_id {
        if !organisation_exists(&s.pool, c.as_str()).await? {
            e.add("companyId", "Please select a valid company");
        }
    } else if needs_company(&types, &munis, &provinces) {
        e.add("companyId", "Company is required");
    }
    if !e.is_empty() {
        return Ok(Err(e));
    }
    let mut parts = f.name.split_whitespace();
    let first = parts.next().unwrap_or_default().to_string();
    let last = parts.collect::<Vec<_>>().join(" ");
    let digits = |x: String| Some(v::digits(&x)).filter(|d| !d.is_empty());
    Ok(Ok(Checked {
        person: Person {
            email,
            first_name: first,
            last_name: last,
            mobile_number: digits(contact(2)),
            alternative_number: digits(contact(3)),
        },
        details: UserDetails {
            profile: ProfileFacts {
                person_id: uuid::Uuid::nil(),
                title_id: f.title_id.map(|t| t as i32),
                job_role_id: f.role_id.map(|r| r as i32),
            },
            organisation_id: f.company_id.clone().map(|c| c.into_string()),
            relationship_type_ids: types,
            municipality_ids: munis,
            province_ids: provinces,
            group_ids: f.group_ids.clone(),
        },
    }))
}

pub(super) fn invalid(e: Errors) -> Response {
    (
        axum::http::StatusCode::BAD_REQUEST,
        Json(json!({"success": false, "message": e.joined(), "errors": e.0})),
    )
        .into_response()
}

/// The answer of [`create_user`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserCreated {
    /// Always `true`.
    pub success: bool,
    /// "User created successfully.".
    pub message: String,
    /// Always empty.
    pub errors: Vec<ErrorItem>,
    /// The new user id (UUID).
    pub stakeholder_id: String,
}

/// `POST /api/security/createNewUser` (SetGroupMember): an account without a password; its
/// owner is e-mailed how to choose one
/// (docs/decisions/0021-how-an-account-created-for-someone-first-signs-in.md).
#[utoipa::path(post, path = "/api/security/createNewUser", tag = "security", operation_id = "createNewUser", request_body = UserForm, responses((status = 200, description = "Created", body = UserCreated)))]
pub async fn create_user(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(f): Json<UserForm>,
) -> Result<Response, ApiError> {
    let c = match check_form(&s, &f, true).await? {
        Ok(c) => c,
        Err(e) => return Ok(invalid(e)),
    };
    let user_id = uuid::Uuid::new_v4().to_string();
    let registered = UserRegistered {
        user_id: user_id.clone(),
        profile: c.details.profile.clone(),
        organisation_id: c.details.organisation_id.clone(),
        group_ids: c.details.group_ids.clone(),
        created_by: format!("admin:{}", u.session.user_id),
        relationship_type_ids: c.details.relationship_type_ids.clone(),
        municipality_ids: c.details.municipality_ids.clone(),
        province_ids: c.details.province_ids.clone(),
    };
    // The address claim, the person and the event in one transaction (POPIA).
    crate::accounts::create(
        &s.pool,
        &c.person,
        registered,
        authority(&s, &u).await?,
        &meta(&u, "http:POST /api/security/createNewUser"),
    )
    .await
    .map_err(account_error)?;
    // The invitation is sent by the mail worker from the UserRegistered event (created_by admin).
    Ok(Json(UserCreated {
        success: true,
        message: "User created successfully.".into(),
        errors: Vec::new(),
        stakeholder_id: user_id,
    })
    .into_response())
}

/// `PUT /api/security/editUserDetails?stakeholderId` (SetGroupMember).
#[utoipa::path(put, path = "/api/security/editUserDetails", tag = "security", operation_id = "editUserDetails", params(UserQuery), request_body = UserForm, responses((status = 200, description = "Updated", body = Saved), (status = 404, description = "No user has this id")))]
pub async fn edit_user(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<UserQuery>,
    Json(f): Json<UserForm>,
) -> Result<Response, ApiError> {
    let a = account(&s, &q).await?;
    let c = match check_form(&s, &f, false).await? {
        Ok(c) => c,
        Err(e) => return Ok(invalid(e)),
    };
    // Who may edit whom (nothing granted beyond what the editor holds, no power over someone
    // above them, own groups, removals, own area) is the User aggregate's rule.
    let authority = authority(&s, &u).await?;
    // The names and numbers are corrected in `person` with the event, in one transaction (the
    // address stays); the event names the account's person by id.
    crate::accounts::execute_user(
        &s.pool,
        &a.user_id,
        UserCommand::EditDetails {
            details: c.details,
            person: Some(c.person),
            authority,
        },
        &meta(&u, "http:PUT /api/security/editUserDetails"),
    )
    .await
    .map_err(account_error)?;
    Ok(Json(Saved::new("User updated successfully.")).into_response())
}

/// `DELETE /api/security/deleteUser?stakeholderId` (DeleteUser): the account can no longer
/// sign in and its sessions end at once.
#[utoipa::path(delete, path = "/api/security/deleteUser", tag = "security", operation_id = "deleteUser", params(UserQuery), responses((status = 200, description = "Deleted", body = Done), (status = 404, description = "No user has this id")))]
pub async fn delete_user(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<UserQuery>,
) -> Result<Json<Done>, ApiError> {
    let a = account(&s, &q).await?;
    crate::accounts::delete(
        &s.pool,
        &a.user_id,
        &authority(&s, &u).await?,
        &meta(&u, "http:DELETE /api/security/deleteUser"),
    )
    .await
    .map_err(account_error)?;
    Ok(Json(Done::new("User deleted successfully.")))
}

pub(super) fn account_error(e: crate::accounts::AccountError) -> ApiError {
    match e {
        crate::accounts::AccountError::Refused(UserError::Refused(_)) => ApiError::Forbidden,
        crate::accounts::AccountError::Refused(UserError::NotRegistered) => {
            ApiError::NotFound("No user has this id.".into())
        }
        crate::accounts::AccountError::Refused(e @ UserError::CompanyRequired) => {
            ApiError::bad("companyId", e.to_string())
        }
        crate::accounts::AccountError::Refused(
            e @ (UserError::DeletesOwnAccount | UserError::ErasesOwnAccount),
        ) => ApiError::bad("stakeholderId", e.to_string()),
        crate::accounts::AccountError::Refused(u) => ApiError::bad("user", u.to_string()),
        e @ crate::accounts::AccountError::Conflict => ApiError::Conflict(e.to_string()),
        crate::accounts::AccountError::Database(e) => ApiError::Internal(e),
    }
}

/// The answer of [`erase_user`].
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct EraseAnswer {
    /// Always true on 200.
    success: bool,
    /// "User erased successfully." or "This user was already erased.".
    message: String,
}

/// `POST /api/security/eraseUser?stakeholderId` (DeleteUser, CSRF): erases the person of an
/// account, live or deleted (POPIA right to deletion;
/// docs/decisions/0038-erasing-an-account-holder.md): their e-mail address, names and phone numbers
/// are removed from the database; the account is deleted; the event log keeps every event, and
/// histories show "Erased person". Nobody erases their own account here (the CLI `gbvf users erase
/// <id>` can).
#[utoipa::path(post, path = "/api/security/eraseUser", tag = "security", operation_id = "eraseUser",
    params(UserQuery),
    responses(
        (status = 200, description = "Erased (or already erased)", body = EraseAnswer),
        (status = 400, description = "stakeholderId missing, or the caller's own account"),
        (status = 403, description = "Without DeleteUser (36), or without the CSRF token"),
        (status = 404, description = "No user has this id."),
        (status = 409, description = "The account was changed at the same moment; nothing written"),
    ))]
pub async fn erase_user(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<UserQuery>,
) -> Result<Json<EraseAnswer>, ApiError> {
    let id = q
        .stakeholder_id
        .clone()
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .ok_or_else(|| ApiError::bad("stakeholderId", "stakeholderId is required."))?;
    let erased = crate::accounts::erase(
        &s.pool,
        &id,
        authority(&s, &u).await?,
        &meta(&u, "http:POST /api/security/eraseUser"),
    )
    .await
    .map_err(account_error)?;
    Ok(Json(EraseAnswer {
        success: true,
        message: if erased {
            "User erased successfully.".into()
        } else {
            "This user was already erased.".into()
        },
    }))
}
