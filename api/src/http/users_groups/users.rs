//! Reading users (admin spec §2 "Manage: Users and groups"): the list, one user's details, and
//! the municipalities and organisations the user form offers.

use axum::extract::{Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};

use gbvf_projections::accounts::queries::{
    account_details, group_ids_of, live_account, live_users, organisation_names,
};
use gbvf_projections::geography::queries::{boundary_names, municipalities as all_municipalities};

use super::BUILDING_BLOCK_COORDINATOR;
use crate::http::error::ApiError;
use crate::http::AppState;

/// A group an account belongs to.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
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
#[utoipa::path(get, path = "/api/security/getAllUsers", tag = "security", operation_id = "getAllUsers", responses((status = 200, description = "Users with their groups", body = [UserSummary])))]
pub async fn users(State(s): State<AppState>) -> Result<Json<Vec<UserSummary>>, ApiError> {
    let rows = live_users(&s.pool).await?;
    Ok(Json(
        rows.into_iter()
            .map(|u| UserSummary {
                stakeholder_id: u.user_id,
                display_name: u.display_name,
                username: u.email,
                groups: u
                    .groups
                    .into_iter()
                    .map(|g| GroupRef {
                        group_id: g.group_id,
                        description: g.name,
                    })
                    .collect(),
                example: u.example,
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
    let a = live_account(&s.pool, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No user has this id.".into()))?;
    Ok(Account {
        user_id: a.user_id,
        email: a.email,
    })
}

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
    /// The coordinator's municipality (boundary id); null for a contact person and for a
    /// province's designated person's province.
    #[schema(required = true)]
    pub municipality_id: Option<i64>,
    /// The coordinator's province (boundary id) when a province is assigned (a province's
    /// designated person); otherwise null.
    #[schema(required = true)]
    pub province_id: Option<i64>,
    /// The municipality's or province's name; null without either.
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
#[utoipa::path(get, path = "/api/security/getUserDetails", tag = "security", operation_id = "getUserDetails", params(UserQuery), responses((status = 200, description = "One user", body = UserAccountDetails), (status = 404, description = "No user has this id")))]
pub async fn user_details(
    State(s): State<AppState>,
    Query(q): Query<UserQuery>,
) -> Result<Json<UserAccountDetails>, ApiError> {
    let a = account(&s, &q).await?;
    let row = account_details(&s.pool, &a.user_id).await?;
    let groups = group_ids_of(&s.pool, &a.user_id).await?;
    let munis = boundary_names(&s.pool, &row.municipality_ids).await?;
    let provinces = boundary_names(&s.pool, &row.province_ids).await?;
    let mut rel: Vec<StakeholderRelationship> = row
        .relationship_type_ids
        .iter()
        .filter(|t| **t != BUILDING_BLOCK_COORDINATOR)
        .map(|t| StakeholderRelationship {
            stakeholder_relationship_type_id: *t,
            relationship_type: "Contact Person",
            municipality_id: None,
            province_id: None,
            description: None,
        })
        .collect();
    if row
        .relationship_type_ids
        .contains(&BUILDING_BLOCK_COORDINATOR)
    {
        let coordinator = |municipality_id, province_id, description| StakeholderRelationship {
            stakeholder_relationship_type_id: BUILDING_BLOCK_COORDINATOR,
            relationship_type: "Building Block Coordinator",
            municipality_id,
            province_id,
            description,
        };
        rel.extend(
            provinces
                .iter()
                .map(|p| coordinator(None, Some(p.boundary_id), Some(p.name.clone()))),
        );
        rel.extend(
            munis
                .iter()
                .map(|m| coordinator(Some(m.boundary_id), None, Some(m.name.clone()))),
        );
        if munis.is_empty() && provinces.is_empty() {
            rel.push(coordinator(None, None, None));
        }
    }
    let contact = |contact_type_id, detail: &str| UserContact {
        contact_type_id,
        detail: detail.to_string(),
    };
    let mut contacts = vec![contact(1, &a.email)];
    if let Some(m) = &row.mobile_number {
        contacts.push(contact(2, m));
    }
    if let Some(t) = &row.alternative_number {
        contacts.push(contact(3, t));
    }
    Ok(Json(UserAccountDetails {
        stakeholder_id: a.user_id,
        name: format!("{} {}", row.first_name, row.last_name)
            .trim()
            .to_string(),
        title_id: row.title_id,
        role_id: row.job_role_id,
        company_id: row.organisation_id,
        company_name: row.organisation_name,
        group_ids: groups,
        contacts,
        stakeholder_relationships: rel,
    }))
}

/// A local municipality to assign, with the district and province it lies in (the picker
/// groups and searches by them; two municipalities may share a name, e.g. Emalahleni).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Municipality {
    /// Its boundary id.
    pub stakeholder_id: i64,
    /// Its name.
    pub name: String,
    /// Its district's boundary id (a metropolitan municipality is its own district).
    pub district_id: Option<i64>,
    /// Its district's name.
    pub district_name: Option<String>,
    /// Its province's boundary id.
    pub province_id: Option<i64>,
    /// Its province's name.
    pub province_name: Option<String>,
}

/// `GET /api/security/getLocalMunicipalities`: `[{stakeholderId, name, districtId,
/// districtName, provinceId, provinceName}]`, ordered by province, district and name.
#[utoipa::path(get, path = "/api/security/getLocalMunicipalities", tag = "security", operation_id = "getLocalMunicipalities", responses((status = 200, description = "Every local municipality, by province, district and name", body = [Municipality])))]
pub async fn municipalities(
    State(s): State<AppState>,
) -> Result<Json<Vec<Municipality>>, ApiError> {
    let rows = all_municipalities(&s.pool).await?;
    Ok(Json(
        rows.into_iter()
            .map(|m| Municipality {
                stakeholder_id: m.boundary_id,
                name: m.name,
                district_id: m.district_id,
                district_name: m.district_name,
                province_id: m.province_id,
                province_name: m.province_name,
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
#[utoipa::path(get, path = "/api/security/getOrganisations", tag = "security", operation_id = "getOrganisations", responses((status = 200, description = "Every organisation, by name", body = [Company])))]
pub async fn organisations(State(s): State<AppState>) -> Result<Json<Vec<Company>>, ApiError> {
    let rows = organisation_names(&s.pool).await?;
    Ok(Json(
        rows.into_iter()
            .map(|o| Company {
                stakeholder_id: o.organisation_id,
                organisation_name: o.name,
            })
            .collect(),
    ))
}
