//! Reading users (admin spec §2 "Manage: Users and groups"): the list, one user's details, and
//! the municipalities and organisations the user form offers.

use axum::extract::{Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::BUILDING_BLOCK_COORDINATOR;
use crate::http::error::ApiError;
use crate::http::AppState;

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
    /// True for the shipped example accounts.
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
    pub(super) stakeholder_id: Option<String>,
}

pub(super) struct Account {
    pub(super) user_id: String,
    pub(super) email: String,
}

pub(super) async fn account(s: &AppState, q: &UserQuery) -> Result<Account, ApiError> {
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
pub(super) type UserDetailsRow = (
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
