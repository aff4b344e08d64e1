//! What a municipal user captures (public spec §7 "Building block", signed in): the user's
//! municipalities with their completion, the providers of one building block in a
//! municipality, and one provider's details, each limited to the user's [`super::StaffArea`].

use crate::http::auth::CurrentUser;
use crate::http::building_blocks::availability::required_id;
use crate::http::building_blocks::directory::contact_persons;
use crate::http::building_blocks::directory::directory_contacts;
use crate::http::building_blocks::directory::opt_id;
use crate::http::building_blocks::staff_area;
use crate::http::building_blocks::verification::actor_of;
use crate::http::building_blocks::verification::provider_place;
use crate::http::building_blocks::BoundaryQuery;
use crate::http::building_blocks::DirectoryContact;
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::Json;
use gbvf_events::building_block::ContactPersonRef;
use gbvf_projections::building_blocks::queries::{self, MunicipalityScope};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A building block's verified and total providers in one municipality (public spec §4).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockCompletion {
    /// Building block id.
    pub building_block_id: i32,
    /// Its name.
    pub description: String,
    /// Its providers in the municipality.
    pub total_building_block_count: i64,
    /// Those verified.
    pub total_verified_building_block_count: i64,
    /// 0 incomplete, 1 in progress, 2 complete ([`completion`]).
    pub completion: i32,
    /// Its providers never captured.
    pub not_captured_count: i64,
    /// Its providers submitted, awaiting the province.
    pub submitted_count: i64,
    /// Its providers returned to the municipality.
    pub returned_count: i64,
}

/// A category of [`AssignedMunicipality`].
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignedCategory {
    /// Category id.
    pub building_block_category_id: i32,
    /// Its name.
    pub description: String,
    /// Its building blocks, in the list's order.
    pub building_blocks: Vec<BlockCompletion>,
}

/// A municipality the user may see, with completion per building block.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignedMunicipality {
    /// Its name.
    pub name: String,
    /// Its boundary id.
    pub stakeholder_id: i64,
    /// Its province's name.
    pub province_name: String,
    /// Its district's name (its own for a metro).
    pub district_name: String,
    /// Every category, in the list's order.
    pub building_block_categories: Vec<AssignedCategory>,
}

/// `GET /api/buildingblock/getBuildingBlockAssociatedToUser?boundaryId`: per municipality the
/// user may see (assigned municipalities; all when the user holds WorldOfImpactAdmin; for a
/// ValidateBuildingBlock holder every municipality of the provinces they review: their area),
/// limited to `boundaryId` when given: `{name, stakeholderId, provinceName, districtName, buildingBlockCategories:
/// [{buildingBlockCategoryId, description, buildingBlocks: [{buildingBlockId, description,
/// totalBuildingBlockCount, totalVerifiedBuildingBlockCount, completion}]}]}` with completion 0/1/2
/// of spec §4. Needs BuildingBlockAdmin (35).
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockAssociatedToUser", operation_id = "getBuildingBlocksAssociatedToUser", tag = "building block",
    params(BoundaryQuery),
    responses((status = 200, description = "Municipalities with verified/total per building block", body = [AssignedMunicipality]), (status = 403, description = "Permission denied")))]
pub async fn associated_to_user(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<BoundaryQuery>,
) -> Result<Json<Vec<AssignedMunicipality>>, ApiError> {
    let within = opt_id("boundaryId", &q.boundary_id)?;
    let all = u.can(gbvf_commands::accounts::permissions::WorldOfImpactAdmin);
    let area = staff_area(&s, &u).await?;
    let scope = MunicipalityScope {
        all,
        assigned: area.municipalities,
        provinces: area.provinces,
        within,
    };
    let rows = queries::municipality_blocks(&s.pool, &scope).await?;
    let mut out: Vec<AssignedMunicipality> = Vec::new();
    for row in rows {
        let (mid, cid, bid) = (row.municipality_id, row.category_id, row.building_block_id);
        let (total, verified) = (row.providers, row.verified);
        let (not_captured, submitted, returned) = (row.not_captured, row.submitted, row.returned);
        if out.last().map(|m| m.stakeholder_id) != Some(mid) {
            out.push(AssignedMunicipality {
                name: row.municipality_name,
                stakeholder_id: mid,
                province_name: row.province_name,
                district_name: row.district_name,
                building_block_categories: Vec::new(),
            });
        }
        let cats = &mut out.last_mut().expect("pushed").building_block_categories;
        if cats.last().map(|c| c.building_block_category_id) != Some(cid) {
            cats.push(AssignedCategory {
                building_block_category_id: cid,
                description: row.category_description,
                building_blocks: Vec::new(),
            });
        }
        cats.last_mut()
            .expect("pushed")
            .building_blocks
            .push(BlockCompletion {
                building_block_id: bid,
                description: row.block_description,
                total_building_block_count: total,
                total_verified_building_block_count: verified,
                completion: completion(verified, total),
                not_captured_count: not_captured,
                submitted_count: submitted,
                returned_count: returned,
            });
    }
    Ok(Json(out))
}

/// Completion colour of spec §4: total 0 → 0 incomplete; verified = total → 2 complete;
/// 0 < verified < total → 1 in-progress; otherwise 0.
pub fn completion(verified: i64, total: i64) -> i32 {
    if total == 0 {
        0
    } else if verified == total {
        2
    } else if verified > 0 {
        1
    } else {
        0
    }
}

/// Query of `getBuildingBlockOnMunicipality`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MunicipalityQuery {
    /// The municipality's boundary id.
    #[serde(rename = "boundaryStakeholderId")]
    #[param(rename = "boundaryStakeholderId", value_type = Option<i64>, minimum = 1)]
    municipality: Option<String>,
    /// Building block id.
    #[serde(rename = "buildingBlockId")]
    #[param(rename = "buildingBlockId", value_type = Option<i64>, minimum = 1)]
    building_block_id: Option<String>,
}

/// A provider of a building block in a municipality, with its status.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderStatus {
    /// The provider id.
    pub stakeholder_id: i64,
    /// Its name.
    pub name: String,
    /// Its workflow status (`imported`, `submitted`, `verified`, `returned`).
    pub status: String,
}

/// `GET /api/buildingblock/getBuildingBlockOnMunicipality?boundaryStakeholderId&buildingBlockId`:
/// the providers of a building block in a municipality with their status. BuildingBlockAdmin,
/// and the municipality in the user's area (403 otherwise, also for an unknown one).
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockOnMunicipality", operation_id = "getProvidersOnMunicipality", tag = "building block",
    params(MunicipalityQuery),
    responses((status = 200, description = "Providers with status", body = [ProviderStatus]), (status = 403, description = "Permission denied or not in the user's area")))]
pub async fn on_municipality(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<MunicipalityQuery>,
) -> Result<Json<Vec<ProviderStatus>>, ApiError> {
    let m = required_id("boundaryStakeholderId", &q.municipality)?;
    let b = required_id("buildingBlockId", &q.building_block_id)?;
    let province = queries::municipality_province(&s.pool, m).await?;
    staff_area(&s, &u)
        .await?
        .may_read(province.map(|p| (m, p)))?;
    let rows = queries::providers_of_block(&s.pool, m, b).await?;
    Ok(Json(
        rows.into_iter()
            .map(|row| ProviderStatus {
                stakeholder_id: row.provider_id,
                name: row.name,
                status: row.status,
            })
            .collect(),
    ))
}

/// Query naming one provider.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProviderQuery {
    /// Building block id.
    #[serde(rename = "buildingBlockId")]
    #[param(rename = "buildingBlockId", value_type = Option<i64>, minimum = 1)]
    pub(super) building_block_id: Option<String>,
    /// The provider.
    #[serde(rename = "stakeholderId")]
    #[param(rename = "stakeholderId", value_type = i64, minimum = 1, required = true)]
    pub(super) stakeholder_id: Option<String>,
    /// `csv` for the history as CSV.
    pub(super) format: Option<String>,
}

/// A contact person as the manage screen edits them (public spec §3 "Building block details").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactPersonDetails {
    /// The person's id (`bb_contact_person`).
    pub contact_person_id: uuid::Uuid,
    /// Full name.
    pub full_name: String,
    /// Job role, if given.
    #[schema(required = true)]
    pub job_role: Option<String>,
    /// Mobile number (digits), if given.
    #[schema(required = true)]
    pub mobile_number: Option<String>,
    /// E-mail address, if given.
    #[schema(required = true)]
    pub email_address: Option<String>,
    /// Telephone number (digits), if given.
    #[schema(required = true)]
    pub telephone_number: Option<String>,
    /// Alternate number (digits), if given.
    #[schema(required = true)]
    pub alternate_number: Option<String>,
    /// Shown in the public directory once verified (spec §3 `isPublic`); internal otherwise.
    pub is_public: bool,
}

/// A requirement of the provider's building block on the manage screen.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequirementDetails {
    /// Requirement id.
    pub building_block_requirement_id: i32,
    /// Requirement name.
    pub name: String,
    /// Stated as available in the provider's details.
    pub available: bool,
    /// Verified by the province.
    pub verified: bool,
    /// Who answers for it.
    pub stakeholder_contact_person: Vec<ContactPersonDetails>,
}

/// A provider's addresses on the manage screen.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderAddress {
    /// Always 1.
    pub address_id: i32,
    /// Physical address, if known.
    #[schema(required = true)]
    pub address_line1: Option<String>,
    /// Postal address, if known.
    #[schema(required = true)]
    pub address_line2: Option<String>,
}

/// One provider's details for the manage screen (public spec §3 "Building block details").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingBlockDetails {
    /// The provider id.
    pub stakeholder_id: i64,
    /// Its name.
    pub name: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// Its building block's name.
    pub building_block: String,
    /// Its municipality's boundary id.
    pub municipality_id: i64,
    /// Its municipality's name.
    pub municipality_name: String,
    /// Its workflow status (`imported`, `submitted`, `verified`, `returned`).
    pub status: String,
    /// The version of its last submission (the event's sequence in the provider's stream),
    /// which `verifyBuildingBlock` and `returnBuildingBlock` name; null before any submission.
    #[schema(required = true, minimum = 1)]
    pub submission_version: Option<i64>,
    /// True when the signed-in user made the last submission: they may not verify or return
    /// it (four-eyes).
    pub own_submission: bool,
    /// True for shelters (no address is ever kept).
    pub is_shelter: bool,
    /// Its addresses.
    pub address: ProviderAddress,
    /// Its contacts (the submitted ones once details were submitted).
    pub contacts: Vec<DirectoryContact>,
    /// Every requirement of its building block.
    pub building_block_requirements: Vec<RequirementDetails>,
}

/// `GET /api/buildingblock/getBuildingBlockContactsWithRequirements?buildingBlockId&stakeholderId`:
/// one provider's details for the manage screen (spec §3 "Building block details"): address,
/// contacts, every requirement of its block with `available` and its contact persons, status,
/// the last submission's version and whether the user made it. These are the last submitted
/// (possibly unverified) details: BuildingBlockAdmin, and the provider in the user's area.
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockContactsWithRequirements", operation_id = "getProviderWithRequirements", tag = "building block",
    params(ProviderQuery),
    responses((status = 200, description = "Building block details", body = BuildingBlockDetails), (status = 403, description = "Permission denied or not in the user's area"), (status = 404, description = "Unknown provider")))]
pub async fn contacts_with_requirements(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<ProviderQuery>,
) -> Result<Json<BuildingBlockDetails>, ApiError> {
    let id = required_id("stakeholderId", &q.stakeholder_id)?;
    let (_, province, _) = provider_place(&s, id).await?;
    let Some(row) = queries::provider_details(&s.pool, id).await? else {
        return Err(ApiError::NotFound("No provider has this id.".into()));
    };
    let (bid, mid) = (row.building_block_id, row.municipality_id);
    staff_area(&s, &u).await?.may_read(Some((mid, province)))?;
    if opt_id("buildingBlockId", &q.building_block_id)?.is_some_and(|b| b != bid as i64) {
        return Err(ApiError::NotFound(
            "This provider is not of that building block.".into(),
        ));
    }
    let persons = contact_persons(&s.pool, &[id]).await?;
    let refs: Vec<ContactPersonRef> =
        serde_json::from_value(row.contact_persons).unwrap_or_default();
    let all_reqs = queries::requirements(&s.pool, Some(bid)).await?;
    let requirements = all_reqs
        .into_iter()
        .map(|r| RequirementDetails {
            building_block_requirement_id: r.requirement_id,
            name: r.description,
            available: row.requirements.contains(&r.requirement_id),
            verified: row.verified_requirements.contains(&r.requirement_id),
            stakeholder_contact_person: refs
                .iter()
                .filter(|c| c.building_block_requirement_id == r.requirement_id)
                .filter_map(|c| {
                    persons
                        .get(&c.contact_person_id)
                        .map(|p| p.details(c.is_public))
                })
                .collect(),
        })
        .collect();
    Ok(Json(BuildingBlockDetails {
        stakeholder_id: id,
        name: row.name,
        building_block_id: bid,
        building_block: row.building_block,
        municipality_id: mid,
        municipality_name: row.municipality_name,
        status: row.status,
        submission_version: row.submission_version,
        own_submission: row.submitted_by.as_deref() == Some(actor_of(&u).as_str()),
        is_shelter: gbvf_projections::building_blocks::queries::block_location_secret(&s.pool, bid)
            .await?,
        address: ProviderAddress {
            address_id: 1,
            address_line1: row.physical_address,
            address_line2: row.postal_address,
        },
        contacts: directory_contacts(row.details_contacts.unwrap_or(row.contacts)),
        building_block_requirements: requirements,
    }))
}
