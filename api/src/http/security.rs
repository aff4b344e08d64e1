//! Users and groups (admin spec §2 "Manage: Users and groups", §7 security calls;
//! docs/admin-api.md). Reads need WorldOfImpactAdmin; each change needs its own action.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cqrs_es::AggregateError;
use gbvf_commands::accounts::group::GroupCommand;
use gbvf_commands::accounts::permissions::{self, action, ACTIONS};
use gbvf_commands::accounts::reference::{self, JOB_ROLES, TITLES};
use gbvf_commands::accounts::user::UserCommand;
use gbvf_commands::accounts::validation::{self as v, Errors};
use gbvf_events::accounts::{ProfileFacts, UserDetails, UserRegistered};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::person::Person;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::auth::CurrentUser;
use super::error::{ApiError, Done, ErrorItem, Saved};
use super::AppState;

/// Relationship type Contact Person (admin spec §3).
pub const CONTACT_PERSON: i32 = 1;
/// Relationship type Building Block Coordinator (admin spec §3).
pub const BUILDING_BLOCK_COORDINATOR: i32 = 6;

fn meta(u: &CurrentUser, source: &str) -> EventMetadata {
    EventMetadata::now(
        format!("user:{}", u.session.user_id),
        uuid::Uuid::new_v4().to_string(),
        source,
    )
}

/// Refuses (403) a change by `caller` that would grant an action the caller does not hold:
/// membership of `group_ids` or adding `actions` to a group (privilege escalation;
/// docs/decisions.md "Nobody grants what they do not hold").
async fn no_escalation(
    s: &AppState,
    caller: &CurrentUser,
    group_ids: &[i64],
    actions: &[i32],
) -> Result<(), ApiError> {
    let granted: Vec<i32> =
        sqlx::query_scalar("SELECT DISTINCT action_id FROM group_action WHERE group_id = ANY($1)")
            .bind(group_ids)
            .fetch_all(&s.pool)
            .await?;
    if granted.iter().chain(actions).all(|a| caller.can(*a)) {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

/// Refuses (403) a change by `caller` to the account of `target_user_id` (its details, groups,
/// deletion or erasure) when that account holds an action the caller does not hold: a
/// delegated user manager (SetGroupMember, DeleteUser) can neither move nor delete an
/// administrator. The target's actions are those of its groups now (event log, then the
/// groups' read model).
async fn no_power_over(
    s: &AppState,
    caller: &CurrentUser,
    target_user_id: &str,
) -> Result<(), ApiError> {
    let target = super::auth::handlers::load_user(&s.pool, target_user_id).await?;
    let held = super::auth::handlers::actions_of(&s.pool, &target.group_ids).await?;
    if held.iter().all(|a| caller.can(*a)) {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

/// The groups `caller` belongs to now, from the event log.
async fn own_groups(s: &AppState, caller: &CurrentUser) -> Result<Vec<i64>, ApiError> {
    Ok(
        super::auth::handlers::load_user(&s.pool, &caller.session.user_key)
            .await?
            .group_ids,
    )
}

/// One action of the specification's list (admin spec §3 "Actions").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecurityAction {
    /// The action id (admin spec §3).
    pub action_id: i32,
    /// Its name ("ViewOrganisations"); null for an id the list does not know.
    #[schema(required = true)]
    pub action: Option<&'static str>,
    /// Its name in words ("View organisations"); null like `action`.
    #[schema(required = true)]
    pub description: Option<String>,
}

fn describe_action(id: i32) -> SecurityAction {
    let a = action(id);
    SecurityAction {
        action_id: id,
        action: a.map(|a| a.name),
        description: a.map(|a| split_camel(a.name)),
    }
}

/// "ViewOrganisations" → "View organisations".
fn split_camel(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `GET /api/security/getAllActions`.
#[utoipa::path(get, path = "/api/security/getAllActions", tag = "security", operation_id = "securityGetAllActions", responses((status = 200, description = "Every action", body = [SecurityAction])))]
pub async fn all_actions() -> Result<Json<Vec<SecurityAction>>, ApiError> {
    Ok(Json(
        ACTIONS.iter().map(|a| describe_action(a.id)).collect(),
    ))
}

/// Body naming a group.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GroupIdBody {
    #[serde(rename = "groupId", alias = "GroupId")]
    group_id: i64,
}

/// `POST /api/security/getGroupActions {groupId}`.
#[utoipa::path(post, path = "/api/security/getGroupActions", tag = "security", operation_id = "securityGetGroupActions", request_body = GroupIdBody, responses((status = 200, description = "The group's actions", body = [SecurityAction])))]
pub async fn group_actions(
    State(s): State<AppState>,
    Json(b): Json<GroupIdBody>,
) -> Result<Json<Vec<SecurityAction>>, ApiError> {
    let ids: Vec<i32> = sqlx::query_scalar(
        "SELECT action_id FROM group_action WHERE group_id = $1 ORDER BY action_id",
    )
    .bind(b.group_id)
    .fetch_all(&s.pool)
    .await?;
    Ok(Json(ids.into_iter().map(describe_action).collect()))
}

/// Query naming a group.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GroupQuery {
    /// A group id: a whole number ("groupId must be a whole number.").
    #[serde(rename = "groupId")]
    #[param(value_type = Option<i64>)]
    group_id: Option<String>,
}

/// Query naming the group to delete.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GroupIdQuery {
    /// The group id: required, a whole number ("groupId must be a whole number.").
    #[serde(rename = "groupId")]
    #[param(required = true, value_type = i64)]
    group_id: Option<String>,
}

/// A live group (admin spec §2 "Manage: Users and groups").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    /// The group id.
    pub group_id: i64,
    /// The group's name.
    pub description: String,
    /// Its action ids, ascending.
    pub actions: Vec<i32>,
}

/// `GET /api/security/getGroups[?groupId]`: live groups with their actions.
#[utoipa::path(get, path = "/api/security/getGroups", tag = "security", operation_id = "securityGetGroups", params(GroupQuery), responses((status = 200, description = "Groups with their actions", body = [Group]), (status = 404, description = "No group has this id.")))]
pub async fn groups(
    State(s): State<AppState>,
    Query(q): Query<GroupQuery>,
) -> Result<Json<Vec<Group>>, ApiError> {
    let id = match q.group_id.filter(|g| !g.is_empty()) {
        Some(g) => Some(
            g.parse::<i64>()
                .map_err(|_| ApiError::bad("groupId", "groupId must be a whole number."))?,
        ),
        None => None,
    };
    let rows: Vec<(i64, String, Vec<i32>)> = sqlx::query_as(
        "SELECT g.group_id, g.name, COALESCE(array_agg(a.action_id ORDER BY a.action_id) FILTER (WHERE a.action_id IS NOT NULL), '{}')
         FROM access_group g LEFT JOIN group_action a ON a.group_id = g.group_id
         WHERE NOT g.deleted AND ($1::bigint IS NULL OR g.group_id = $1) GROUP BY g.group_id, g.name ORDER BY lower(g.name)",
    )
    .bind(id)
    .fetch_all(&s.pool)
    .await?;
    if id.is_some() && rows.is_empty() {
        return Err(ApiError::NotFound("No group has this id.".into()));
    }
    Ok(Json(
        rows.into_iter()
            .map(|(group_id, description, actions)| Group {
                group_id,
                description,
                actions,
            })
            .collect(),
    ))
}

/// A group an account belongs to.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupRef {
    /// The group id.
    pub group_id: i64,
    /// The group's name.
    pub description: String,
}

/// A live account of the users list (admin spec §2 "Manage: Users and groups").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserSummary {
    /// The user id (UUID).
    pub stakeholder_id: String,
    /// First and last name.
    pub display_name: String,
    /// The e-mail address.
    pub username: String,
    /// Its live groups, by name.
    pub groups: Vec<GroupRef>,
    /// True for the shipped example accounts (issue 12).
    pub example: bool,
}

/// `GET /api/security/getAllUsers`: live accounts with their groups.
#[utoipa::path(get, path = "/api/security/getAllUsers", tag = "security", operation_id = "securityGetAllUsers", responses((status = 200, description = "Users with their groups", body = [UserSummary])))]
pub async fn users(State(s): State<AppState>) -> Result<Json<Vec<UserSummary>>, ApiError> {
    type Row = (
        String,
        String,
        String,
        sqlx::types::Json<Vec<GroupRef>>,
        bool,
    );
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT u.user_id, trim(u.first_name || ' ' || u.last_name), u.email,
                COALESCE(json_agg(json_build_object('groupId', g.group_id, 'description', g.name) ORDER BY g.name)
                         FILTER (WHERE g.group_id IS NOT NULL), '[]'), u.example
         FROM user_account u LEFT JOIN user_group ug ON ug.user_id = u.user_id
         LEFT JOIN access_group g ON g.group_id = ug.group_id AND NOT g.deleted
         WHERE NOT u.deleted GROUP BY u.user_id, u.first_name, u.last_name, u.email, u.example ORDER BY lower(u.first_name), lower(u.last_name)",
    )
    .fetch_all(&s.pool)
    .await?;
    Ok(Json(
        rows.into_iter()
            .map(|(id, name, email, groups, example)| UserSummary {
                stakeholder_id: id,
                display_name: name,
                username: email,
                groups: groups.0,
                example,
            })
            .collect(),
    ))
}

/// Query naming a user.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    /// The user id (required: "stakeholderId is required.").
    #[serde(rename = "stakeholderId")]
    #[param(required = true, pattern = r"\S")]
    stakeholder_id: Option<String>,
}

struct Account {
    user_id: String,
    email: String,
}

async fn account(s: &AppState, q: &UserQuery) -> Result<Account, ApiError> {
    let id = q
        .stakeholder_id
        .clone()
        .filter(|x| !x.is_empty())
        .ok_or_else(|| ApiError::bad("stakeholderId", "stakeholderId is required."))?;
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT user_id, email FROM user_account WHERE user_id = $1 AND NOT deleted",
    )
    .bind(&id)
    .fetch_optional(&s.pool)
    .await?;
    let (user_id, email) = row.ok_or_else(|| ApiError::NotFound("No user has this id.".into()))?;
    Ok(Account { user_id, email })
}

/// One user's details: title id, first and last name, job role id, mobile and alternative
/// numbers, organisation id, relationship type ids, municipality ids, organisation name.
type UserDetailsRow = (
    Option<i32>,
    String,
    String,
    Option<i32>,
    Option<String>,
    Option<String>,
    Option<String>,
    Vec<i32>,
    Vec<i64>,
    Option<String>,
);

/// A contact of an account: type 1 e-mail, 2 mobile, 3 alternative number.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserContact {
    /// 1 e-mail, 2 mobile number, 3 alternative number.
    pub contact_type_id: i32,
    /// The address or number.
    pub detail: String,
}

/// A relationship of an account (admin spec §3): Contact Person, or Building Block
/// Coordinator of one municipality (null when none is assigned).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StakeholderRelationship {
    /// 1 Contact Person, 6 Building Block Coordinator.
    pub stakeholder_relationship_type_id: i32,
    /// "Contact Person" or "Building Block Coordinator".
    pub relationship_type: &'static str,
    /// The coordinator's municipality (boundary id); null for a contact person.
    #[schema(required = true)]
    pub municipality_id: Option<i64>,
    /// The municipality's name; null with `municipalityId`.
    #[schema(required = true)]
    pub description: Option<String>,
}

/// One account as the user form shows it (admin spec §2 "Add or edit user").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserAccountDetails {
    /// The user id (UUID).
    pub stakeholder_id: String,
    /// First and last name.
    pub name: String,
    /// Title id (reference list), if chosen.
    #[schema(required = true)]
    pub title_id: Option<i32>,
    /// Job role id (reference list), if chosen.
    #[schema(required = true)]
    pub role_id: Option<i32>,
    /// The organisation id, if any.
    #[schema(required = true)]
    pub company_id: Option<String>,
    /// The organisation's name, if any.
    #[schema(required = true)]
    pub company_name: Option<String>,
    /// Group ids, ascending.
    pub group_ids: Vec<i64>,
    /// E-mail first, then the numbers the account has.
    pub contacts: Vec<UserContact>,
    /// Its relationships.
    pub stakeholder_relationships: Vec<StakeholderRelationship>,
}

/// `GET /api/security/getUserDetails?stakeholderId`.
#[utoipa::path(get, path = "/api/security/getUserDetails", tag = "security", operation_id = "securityGetUserDetails", params(UserQuery), responses((status = 200, description = "One user", body = UserAccountDetails), (status = 404, description = "No user has this id")))]
pub async fn user_details(
    State(s): State<AppState>,
    Query(q): Query<UserQuery>,
) -> Result<Json<UserAccountDetails>, ApiError> {
    let a = account(&s, &q).await?;
    let row: UserDetailsRow = sqlx::query_as(
        "SELECT u.title_id, u.first_name, u.last_name, u.job_role_id, u.mobile_number, u.alternative_number, u.organisation_id,
                u.relationship_type_ids, u.municipality_ids, o.name
         FROM user_account u LEFT JOIN organisation o ON o.organisation_id = u.organisation_id WHERE u.user_id = $1",
    )
    .bind(&a.user_id)
    .fetch_one(&s.pool)
    .await?;
    let groups: Vec<i64> =
        sqlx::query_scalar("SELECT group_id FROM user_group WHERE user_id = $1 ORDER BY group_id")
            .bind(&a.user_id)
            .fetch_all(&s.pool)
            .await?;
    let munis: Vec<(i64, String)> = sqlx::query_as(
        "SELECT boundary_id, name FROM boundary WHERE boundary_id = ANY($1) ORDER BY name",
    )
    .bind(&row.8)
    .fetch_all(&s.pool)
    .await?;
    let mut rel: Vec<StakeholderRelationship> = row
        .7
        .iter()
        .filter(|t| **t != BUILDING_BLOCK_COORDINATOR)
        .map(|t| StakeholderRelationship {
            stakeholder_relationship_type_id: *t,
            relationship_type: "Contact Person",
            municipality_id: None,
            description: None,
        })
        .collect();
    if row.7.contains(&BUILDING_BLOCK_COORDINATOR) {
        let coordinator = |municipality_id, description| StakeholderRelationship {
            stakeholder_relationship_type_id: BUILDING_BLOCK_COORDINATOR,
            relationship_type: "Building Block Coordinator",
            municipality_id,
            description,
        };
        rel.extend(
            munis
                .iter()
                .map(|(id, name)| coordinator(Some(*id), Some(name.clone()))),
        );
        if munis.is_empty() {
            rel.push(coordinator(None, None));
        }
    }
    let contact = |contact_type_id, detail: &str| UserContact {
        contact_type_id,
        detail: detail.to_string(),
    };
    let mut contacts = vec![contact(1, &a.email)];
    if let Some(m) = &row.4 {
        contacts.push(contact(2, m));
    }
    if let Some(t) = &row.5 {
        contacts.push(contact(3, t));
    }
    Ok(Json(UserAccountDetails {
        stakeholder_id: a.user_id,
        name: format!("{} {}", row.1, row.2).trim().to_string(),
        title_id: row.0,
        role_id: row.3,
        company_id: row.6,
        company_name: row.9,
        group_ids: groups,
        contacts,
        stakeholder_relationships: rel,
    }))
}

/// A local municipality to choose for a coordinator.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Municipality {
    /// Its boundary id.
    pub stakeholder_id: i64,
    /// Its name.
    pub name: String,
}

/// `GET /api/security/getLocalMunicipalities`: `[{stakeholderId, name}]`.
#[utoipa::path(get, path = "/api/security/getLocalMunicipalities", tag = "security", operation_id = "securityGetLocalMunicipalities", responses((status = 200, description = "Every local municipality, by name", body = [Municipality])))]
pub async fn municipalities(
    State(s): State<AppState>,
) -> Result<Json<Vec<Municipality>>, ApiError> {
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "SELECT boundary_id, name FROM boundary WHERE level = 'municipality' ORDER BY name",
    )
    .fetch_all(&s.pool)
    .await?;
    Ok(Json(
        rows.into_iter()
            .map(|(stakeholder_id, name)| Municipality {
                stakeholder_id,
                name,
            })
            .collect(),
    ))
}

/// An organisation to choose as a user's company.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    /// The organisation id (UUID).
    pub stakeholder_id: String,
    /// Its name.
    pub organisation_name: String,
}

/// `GET /api/security/getOrganisations`: `[{stakeholderId, organisationName}]`.
#[utoipa::path(get, path = "/api/security/getOrganisations", tag = "security", operation_id = "securityGetOrganisations", responses((status = 200, description = "Every organisation, by name", body = [Company])))]
pub async fn organisations(State(s): State<AppState>) -> Result<Json<Vec<Company>>, ApiError> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT organisation_id, name FROM organisation ORDER BY lower(name)")
            .fetch_all(&s.pool)
            .await?;
    Ok(Json(
        rows.into_iter()
            .map(|(stakeholder_id, organisation_name)| Company {
                stakeholder_id,
                organisation_name,
            })
            .collect(),
    ))
}

/// The user form (admin spec §2 "Add or edit user", §5 "User form on save").
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserForm {
    /// Title id (reference list).
    #[serde(default)]
    #[schema(required = true, schema_with = gbvf_commands::reference_schemas::title_ids)]
    title_id: Option<i64>,
    /// Full name: letters, spaces, . ' - (at most 100 characters; the pattern lists Latin
    /// letters, the server accepts any alphabetic character).
    #[serde(default)]
    #[schema(required = true, max_length = 100)]
    #[schema(pattern = r"^[A-Za-zÀ-ÖØ-öø-ÿ .'’-]*[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ .'’-]*$")]
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
    #[serde(default)]
    municipality_id: Option<i64>,
}

struct Checked {
    /// The person's details (to `person`, never into an event).
    person: Person,
    /// The event's details; `profile.person_id` is set by the caller.
    details: UserDetails,
}

async fn check_form(
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
    match &f.company_id {
        None => e.add("companyId", "Company is required"),
        Some(c) => {
            let ok: bool = sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM organisation WHERE organisation_id = $1)",
            )
            .bind(c.as_str())
            .fetch_one(&s.pool)
            .await?;
            if !ok {
                e.add("companyId", "Please select a valid company");
            }
        }
    }
    if f.group_ids.is_empty() {
        e.add("groupIds", "At least one group is required");
    } else {
        let live: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM access_group WHERE group_id = ANY($1) AND NOT deleted",
        )
        .bind(&f.group_ids)
        .fetch_one(&s.pool)
        .await?;
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
        let n: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM boundary WHERE boundary_id = ANY($1) AND level = 'municipality'",
        )
        .bind(&munis)
        .fetch_one(&s.pool)
        .await?;
        if n as usize != munis.len() {
            e.add("municipalities", "Please select valid municipalities");
        }
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
            group_ids: f.group_ids.clone(),
        },
    }))
}

fn invalid(e: Errors) -> Response {
    (
        axum::http::StatusCode::BAD_REQUEST,
        Json(json!({"success": false, "message": e.joined(), "errors": e.0})),
    )
        .into_response()
}

fn user_error(e: AggregateError<gbvf_commands::accounts::user::UserError>) -> ApiError {
    match e {
        AggregateError::UserError(u) => ApiError::bad("user", u.to_string()),
        AggregateError::AggregateConflict => ApiError::Conflict(
            "This user was changed by someone else at the same moment. Reload and try again."
                .into(),
        ),
        other => ApiError::from_aggregate(other),
    }
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
/// owner is e-mailed how to choose one (docs/decisions.md).
#[utoipa::path(post, path = "/api/security/createNewUser", tag = "security", operation_id = "securityCreateNewUser", request_body = UserForm, responses((status = 200, description = "Created", body = UserCreated)))]
pub async fn create_user(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(f): Json<UserForm>,
) -> Result<Response, ApiError> {
    let c = match check_form(&s, &f, true).await? {
        Ok(c) => c,
        Err(e) => return Ok(invalid(e)),
    };
    no_escalation(&s, &u, &c.details.group_ids, &[]).await?;
    let user_id = uuid::Uuid::new_v4().to_string();
    let registered = UserRegistered {
        user_id: user_id.clone(),
        profile: c.details.profile.clone(),
        organisation_id: c.details.organisation_id.clone(),
        group_ids: c.details.group_ids.clone(),
        created_by: format!("admin:{}", u.session.user_id),
        relationship_type_ids: c.details.relationship_type_ids.clone(),
        municipality_ids: c.details.municipality_ids.clone(),
    };
    // The address claim, the person and the event in one transaction (POPIA).
    crate::accounts::create(
        &s.pool,
        &c.person,
        registered,
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
#[utoipa::path(put, path = "/api/security/editUserDetails", tag = "security", operation_id = "securityEditUserDetails", params(UserQuery), request_body = UserForm, responses((status = 200, description = "Updated", body = Saved), (status = 404, description = "No user has this id")))]
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
    // Nobody changes their own groups, and nobody grants what they do not hold.
    if a.user_id == u.session.user_id {
        let mut mine = own_groups(&s, &u).await?;
        let mut asked = c.details.group_ids.clone();
        mine.sort_unstable();
        asked.sort_unstable();
        asked.dedup();
        if mine != asked {
            return Err(ApiError::Forbidden);
        }
    }
    no_escalation(&s, &u, &c.details.group_ids, &[]).await?;
    no_power_over(&s, &u, &a.user_id).await?;
    // Taking someone out of a group is DeleteGroupMember (11).
    let before = super::auth::handlers::load_user(&s.pool, &a.user_id).await?;
    if before
        .group_ids
        .iter()
        .any(|g| !c.details.group_ids.contains(g))
        && !u.can(permissions::DeleteGroupMember)
    {
        return Err(ApiError::Forbidden);
    }
    // Nobody widens their own area but an administrator: a user manager assigning themselves
    // municipalities would read and change building blocks there.
    if a.user_id == u.session.user_id && !u.can(permissions::WorldOfImpactAdmin) {
        let mut now: Vec<i64> =
            sqlx::query_scalar("SELECT municipality_ids FROM user_account WHERE user_id = $1")
                .bind(&a.user_id)
                .fetch_optional(&s.pool)
                .await?
                .unwrap_or_default();
        let mut asked = c.details.municipality_ids.clone();
        now.sort_unstable();
        asked.sort_unstable();
        asked.dedup();
        if now != asked {
            return Err(ApiError::Forbidden);
        }
    }
    // The names and numbers are corrected in `person` first (the address stays); the event
    // records the edit by the person's id.
    let person_id = super::auth::handlers::load_user(&s.pool, &a.user_id)
        .await?
        .person_id
        .ok_or_else(|| ApiError::NotFound("No user has this id.".into()))?;
    let mut details = c.details;
    details.profile.person_id = person_id;
    let mut conn = s.pool.acquire().await?;
    if !gbvf_events::person::correct(&mut conn, person_id, &c.person).await? {
        return Err(ApiError::NotFound("No user has this id.".into()));
    }
    drop(conn);
    gbvf_commands::execute::execute(
        &s.user_cqrs,
        &a.user_id,
        UserCommand::EditDetails(details),
        meta(&u, "http:PUT /api/security/editUserDetails").to_map(),
    )
    .await
    .map_err(user_error)?;
    Ok(Json(Saved::new("User updated successfully.")).into_response())
}

/// `DELETE /api/security/deleteUser?stakeholderId` (DeleteUser): the account can no longer
/// sign in and its sessions end at once.
#[utoipa::path(delete, path = "/api/security/deleteUser", tag = "security", operation_id = "securityDeleteUser", params(UserQuery), responses((status = 200, description = "Deleted", body = Done), (status = 404, description = "No user has this id")))]
pub async fn delete_user(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<UserQuery>,
) -> Result<Json<Done>, ApiError> {
    let a = account(&s, &q).await?;
    if a.user_id == u.session.user_id {
        return Err(ApiError::bad(
            "stakeholderId",
            "You cannot delete your own account.",
        ));
    }
    no_power_over(&s, &u, &a.user_id).await?;
    gbvf_commands::execute::execute(
        &s.user_cqrs,
        &a.user_id,
        UserCommand::Delete,
        meta(&u, "http:DELETE /api/security/deleteUser").to_map(),
    )
    .await
    .map_err(user_error)?;
    sqlx::query("DELETE FROM credential WHERE user_key = $1")
        .bind(&a.user_id)
        .execute(&s.pool)
        .await?;
    Ok(Json(Done::new("User deleted successfully.")))
}

fn account_error(e: crate::accounts::AccountError) -> ApiError {
    match e {
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
/// account, live or deleted (POPIA right to deletion; issue 14 item 4, docs/decisions.md):
/// their e-mail address, names and phone numbers are removed from the database; the account
/// is deleted; the event log keeps every event, and histories show "Erased person".
/// Nobody erases their own account here (the CLI `gbvf users erase <id>` can).
#[utoipa::path(post, path = "/api/security/eraseUser", tag = "security", operation_id = "securityEraseUser",
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
    if id == u.session.user_id {
        return Err(ApiError::bad(
            "stakeholderId",
            "You cannot erase your own account.",
        ));
    }
    no_power_over(&s, &u, &id).await?;
    let erased =
        crate::accounts::erase(&s.pool, &id, &meta(&u, "http:POST /api/security/eraseUser"))
            .await
            .map_err(|e| match e {
                crate::accounts::AccountError::Refused(_) => {
                    ApiError::NotFound("No user has this id.".into())
                }
                e @ crate::accounts::AccountError::Conflict => ApiError::Conflict(e.to_string()),
                crate::accounts::AccountError::Database(e) => ApiError::Internal(e),
            })?;
    Ok(Json(EraseAnswer {
        success: true,
        message: if erased {
            "User erased successfully.".into()
        } else {
            "This user was already erased.".into()
        },
    }))
}

/// Body of group changes.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GroupBody {
    /// The group's name (AddGroup: required, unique, at most 100 characters).
    #[serde(rename = "GroupName", alias = "groupName", default)]
    #[schema(min_length = 1, max_length = 100)]
    #[schema(value_type = Option<String>, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    name: Option<gbvf_commands::text::ShortText>,
    #[serde(rename = "GroupId", alias = "groupId", default)]
    group_id: Option<i64>,
    #[serde(rename = "UserActions", alias = "userActions", default)]
    #[serde(deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    actions: Vec<i32>,
}

fn group_error(e: AggregateError<gbvf_commands::accounts::group::GroupError>) -> ApiError {
    match e {
        AggregateError::UserError(g) => ApiError::bad("group", g.to_string()),
        AggregateError::AggregateConflict => ApiError::Conflict(
            "This group was changed by someone else at the same moment. Reload and try again."
                .into(),
        ),
        other => ApiError::from_aggregate(other),
    }
}

/// The answer of [`add_group`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupCreated {
    /// Always `true`.
    pub success: bool,
    /// "Group created successfully.".
    pub message: String,
    /// The new group's id.
    pub group_id: i64,
}

/// The answer of [`add_group_actions`] and [`delete_group_actions`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupActionsChanged {
    /// Always `true`.
    pub success: bool,
    /// "Group actions updated successfully.".
    pub message: String,
    /// The group's actions now.
    pub action_list: Vec<SecurityAction>,
}

/// `POST /api/security/AddGroup {GroupName, UserActions}` (CreateGroup).
#[utoipa::path(post, path = "/api/security/AddGroup", tag = "security", operation_id = "securityAddGroup", request_body = GroupBody, responses((status = 200, description = "Created", body = GroupCreated)))]
pub async fn add_group(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<GroupBody>,
) -> Result<Response, ApiError> {
    let name = b.name.unwrap_or_default().trim().to_string();
    let mut e = Errors::default();
    if name.is_empty() {
        e.add("groupName", "Group name is required");
    } else if name.chars().count() > 100 {
        e.add("groupName", "Group name must be at most 100 characters");
    } else {
        let taken: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM access_group WHERE lower(name) = lower($1) AND NOT deleted)").bind(&name).fetch_one(&s.pool).await?;
        if taken {
            e.add("groupName", "A group with this name already exists");
        }
    }
    if b.actions.iter().any(|a| action(*a).is_none()) {
        e.add("userActions", "Unknown action");
    }
    if !e.is_empty() {
        return Ok(invalid(e));
    }
    no_escalation(&s, &u, &[], &b.actions).await?;
    // New ids above the seeded ones; a race on the same id conflicts on the event log's key.
    let id: i64 = sqlx::query_scalar("SELECT COALESCE(max(aggregate_id::bigint), 100) + 1 FROM events WHERE aggregate_type = 'group' AND aggregate_id ~ '^[0-9]+$'")
        .fetch_one(&s.pool)
        .await?;
    let id = id.max(101);
    gbvf_commands::execute::execute(
        &s.group_cqrs,
        &id.to_string(),
        GroupCommand::Create {
            group_id: id,
            name,
            actions: b.actions,
        },
        meta(&u, "http:POST /api/security/AddGroup").to_map(),
    )
    .await
    .map_err(group_error)?;
    Ok(Json(GroupCreated {
        success: true,
        message: "Group created successfully.".into(),
        group_id: id,
    })
    .into_response())
}

async fn change_actions(
    s: &AppState,
    u: &CurrentUser,
    b: GroupBody,
    add: bool,
) -> Result<Json<GroupActionsChanged>, ApiError> {
    let gid = b
        .group_id
        .ok_or_else(|| ApiError::bad("groupId", "GroupId is required."))?;
    // Nobody edits a group they belong to, and nobody grants what they do not hold.
    if own_groups(s, u).await?.contains(&gid) {
        return Err(ApiError::Forbidden);
    }
    if add {
        no_escalation(s, u, &[], &b.actions).await?;
    }
    let cmd = if add {
        GroupCommand::AddActions(b.actions)
    } else {
        GroupCommand::RemoveActions(b.actions)
    };
    let source = if add {
        "http:POST /api/security/addGroupActions"
    } else {
        "http:DELETE /api/security/deleteGroupActions"
    };
    gbvf_commands::execute::execute(
        &s.group_cqrs,
        &gid.to_string(),
        cmd,
        meta(u, source).to_map(),
    )
    .await
    .map_err(group_error)?;
    let now: Vec<i32> = {
        let events =
            gbvf_events::store::aggregate_history(&s.pool, "group", &gid.to_string()).await?;
        let mut g = gbvf_commands::accounts::group::Group::default();
        for e in events {
            cqrs_es::Aggregate::apply(
                &mut g,
                serde_json::from_value(e.payload).map_err(|e| ApiError::Internal(e.into()))?,
            );
        }
        g.actions.into_iter().collect()
    };
    Ok(Json(GroupActionsChanged {
        success: true,
        message: "Group actions updated successfully.".into(),
        action_list: now.into_iter().map(describe_action).collect(),
    }))
}

/// `POST /api/security/addGroupActions {GroupId, UserActions}` (AddGroupAction).
#[utoipa::path(post, path = "/api/security/addGroupActions", tag = "security", operation_id = "securityAddGroupActions", request_body = GroupBody, responses((status = 200, description = "Updated", body = GroupActionsChanged)))]
pub async fn add_group_actions(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<GroupBody>,
) -> Result<Json<GroupActionsChanged>, ApiError> {
    change_actions(&s, &u, b, true).await
}

/// `DELETE /api/security/deleteGroupActions {GroupId, UserActions}` (DeleteGroupAction).
#[utoipa::path(delete, path = "/api/security/deleteGroupActions", tag = "security", operation_id = "securityDeleteGroupActions", request_body = GroupBody, responses((status = 200, description = "Updated", body = GroupActionsChanged)))]
pub async fn delete_group_actions(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<GroupBody>,
) -> Result<Json<GroupActionsChanged>, ApiError> {
    change_actions(&s, &u, b, false).await
}

/// `DELETE /api/security/deleteGroup?groupId` (DeleteGroup). Members lose its actions on their
/// next request.
#[utoipa::path(delete, path = "/api/security/deleteGroup", tag = "security", operation_id = "securityDeleteGroup", params(GroupIdQuery), responses((status = 200, description = "Deleted", body = Done)))]
pub async fn delete_group(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<GroupIdQuery>,
) -> Result<Json<Done>, ApiError> {
    let gid = q
        .group_id
        .and_then(|g| g.parse::<i64>().ok())
        .ok_or_else(|| ApiError::bad("groupId", "groupId must be a whole number."))?;
    // Like editing (change_actions): nobody deletes a group they belong to, so the last
    // administrators cannot lock themselves out.
    if own_groups(&s, &u).await?.contains(&gid) {
        return Err(ApiError::Forbidden);
    }
    gbvf_commands::execute::execute(
        &s.group_cqrs,
        &gid.to_string(),
        GroupCommand::Delete,
        meta(&u, "http:DELETE /api/security/deleteGroup").to_map(),
    )
    .await
    .map_err(group_error)?;
    Ok(Json(Done::new("Group deleted successfully.")))
}
