//! The public contact directory (public spec §7 `searchcontact`), provider counts per boundary
//! and map markers. Shelters show name, municipality and telephone lines only.

use crate::http::building_blocks::availability::required_id;
use crate::http::building_blocks::BoundaryQuery;
use crate::http::building_blocks::ContactPersonDetails;
use crate::http::error::{parse_id, ApiError};
use crate::http::geojson::{FeatureId, MarkerFeature, MarkerProperties};
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::Json;
use gbvf_events::building_block::ContactPersonRef;
use gbvf_projections::building_blocks::queries::{self, ContactPersonRow, DirectorySearch};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// Query of the contact directory search (spec §7).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Text matched against the name or building block, case-insensitive.
    filter: Option<String>,
    /// Category id.
    #[serde(rename = "buildingBlockCategoryId")]
    #[param(rename = "buildingBlockCategoryId", value_type = Option<i64>, minimum = 1)]
    category_id: Option<String>,
    /// Building block id.
    #[serde(rename = "buildingBlockId")]
    #[param(rename = "buildingBlockId", value_type = i64, minimum = 1)]
    building_block_id: Option<String>,
    /// Boundary id.
    #[serde(rename = "boundaryId")]
    #[param(rename = "boundaryId", value_type = i64, minimum = 1)]
    boundary_id: Option<String>,
    /// One provider.
    #[serde(rename = "stakeholderId")]
    #[param(rename = "stakeholderId", value_type = Option<i64>, minimum = 1)]
    stakeholder_id: Option<String>,
}

pub(super) fn opt_id(name: &str, v: &Option<String>) -> Result<Option<i64>, ApiError> {
    match v.as_deref().map(str::trim) {
        None | Some("") | Some("null") => Ok(None),
        Some(raw) => parse_id(name, raw).map(Some),
    }
}

/// A contact of a provider or of a contact person (public spec §3 "Contact directory"):
/// type 1 e-mail, 2 mobile, 3 telephone (reception), 4 alternate number.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectoryContact {
    /// Position in the list, from 1.
    pub contact_id: i64,
    /// 1 e-mail, 2 mobile, 3 telephone, 4 alternate number.
    pub contact_type_id: i32,
    /// The address or number (digits).
    pub detail: String,
    /// Always null: numbers are stored whole.
    #[schema(required = true)]
    pub area_code: Option<String>,
}

/// A stored contact (`bb_provider.contacts`, `details_contacts`): `{contactTypeId, detail}`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct StoredContact {
    contact_type_id: i32,
    detail: String,
}

pub(super) fn directory_contacts(list: Value) -> Vec<DirectoryContact> {
    let list: Vec<StoredContact> = serde_json::from_value(list).unwrap_or_default();
    list.into_iter()
        .enumerate()
        .map(|(i, c)| DirectoryContact {
            contact_id: i as i64 + 1,
            contact_type_id: c.contact_type_id,
            detail: c.detail,
            area_code: None,
        })
        .collect()
}

/// A contact person as the public directory shows them: only one marked public (`isPublic`)
/// in the verified details, never of a shelter.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicContactPerson {
    /// Always 2 (a person).
    pub stakeholder_type_id: i32,
    /// Full name.
    pub name: String,
    /// The person's id (`bb_contact_person`).
    pub contact_id: uuid::Uuid,
    /// Job role, if given.
    #[schema(required = true)]
    pub role: Option<String>,
    /// Their work numbers only: telephone (3) and alternate (4), never mobile or e-mail.
    pub contacts: Vec<DirectoryContact>,
}

/// A verified requirement of a directory result with its contact persons.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectoryRequirement {
    /// Requirement id.
    pub building_block_requirement_id: i32,
    /// Requirement name.
    pub name: String,
    /// Who answers for it.
    pub stakeholder_contact_person: Vec<PublicContactPerson>,
}

/// A provider's physical address in the directory.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectoryAddress {
    /// Always 1.
    pub address_id: i32,
    /// Always 1 (physical).
    pub address_type_id: i32,
    /// The address.
    pub address_line1: String,
}

/// One result of the contact directory search (public spec §3 "Contact directory"): the
/// provider's last verified snapshot (before any verification: its imported record, without
/// address or requirements). A shelter shows its name, municipality and telephone lines only:
/// no address, no requirement, no contact person.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactSearchResult {
    /// The provider id.
    pub stakeholder_id: i64,
    /// Its name.
    pub name: String,
    /// Its municipality's name.
    pub local_municipality_name: String,
    /// Its building block's name.
    pub building_block: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// Its verified contacts (imported ones before any verification); a shelter's telephone
    /// lines only (types 3 and 4).
    pub contacts: Vec<DirectoryContact>,
    /// Its verified physical address; always null for shelters (never published).
    #[schema(required = true)]
    pub address: Option<DirectoryAddress>,
    /// Its verified requirements with their verified contact persons; empty for shelters.
    pub building_block_requirements: Vec<DirectoryRequirement>,
}

/// `GET /api/buildingblock/searchcontact`: providers inside a boundary of a category or
/// building block, matching `filter` by name or building block (case-insensitive), sorted by
/// name (spec §2 "Contact directory"). A boundary and a category or block are required
/// (spec §5: the search is blocked without them). Only verified details are shown (see
/// [`ContactSearchResult`]). Shelters: name, municipality and phone only.
#[utoipa::path(get, path = "/api/buildingblock/searchcontact", operation_id = "searchContacts", tag = "building block",
    params(SearchQuery),
    responses((status = 200, description = "Contact directory results (spec §3)", body = [ContactSearchResult]), (status = 400, description = "Boundary or building block missing")))]
pub async fn search_contact(
    State(s): State<AppState>,
    Query(q): Query<SearchQuery>,
) -> Result<Json<Vec<ContactSearchResult>>, ApiError> {
    let stakeholder = opt_id("stakeholderId", &q.stakeholder_id)?;
    let boundary = opt_id("boundaryId", &q.boundary_id)?;
    let category = opt_id("buildingBlockCategoryId", &q.category_id)?;
    let block = opt_id("buildingBlockId", &q.building_block_id)?;
    if stakeholder.is_none() {
        if boundary.is_none() {
            return Err(ApiError::bad("boundaryId", "Please select a province."));
        }
        if category.is_none() && block.is_none() {
            return Err(ApiError::bad(
                "buildingBlockId",
                "Please select a building block.",
            ));
        }
    }
    let filter = q
        .filter
        .map(|f| f.trim().to_lowercase())
        .filter(|f| !f.is_empty());
    let search = DirectorySearch {
        boundary_id: boundary,
        category_id: category,
        building_block_id: block,
        provider_id: stakeholder,
        filter,
    };
    let rows = queries::directory_entries(&s.read_pool(), &search).await?;
    // Contact persons of shelters are never read for a public answer.
    let ids: Vec<i64> = rows
        .iter()
        .filter(|r| !r.location_secret)
        .map(|r| r.provider_id)
        .collect();
    let reqs = queries::requirements(&s.read_pool(), None).await?;
    let persons = contact_persons(&s.read_pool(), &ids).await?;
    let out: Vec<ContactSearchResult> = rows
        .into_iter()
        .map(|row| {
            let bid = row.building_block_id;
            let shelter = row.location_secret;
            let refs: Vec<ContactPersonRef> =
                serde_json::from_value(row.contact_persons).unwrap_or_default();
            let requirements = reqs
                .iter()
                .filter(|r| {
                    !shelter
                        && r.building_block_id == bid
                        && row.verified_requirements.contains(&r.requirement_id)
                })
                .map(|r| DirectoryRequirement {
                    building_block_requirement_id: r.requirement_id,
                    name: r.description.clone(),
                    stakeholder_contact_person: refs
                        .iter()
                        .filter(|c| {
                            c.building_block_requirement_id == r.requirement_id && c.is_public
                        })
                        .filter_map(|c| persons.get(&c.contact_person_id))
                        .map(ContactPerson::public)
                        .collect(),
                })
                .collect();
            ContactSearchResult {
                stakeholder_id: row.provider_id,
                name: row.name,
                local_municipality_name: row.municipality_name,
                building_block: row.building_block,
                building_block_id: bid,
                contacts: if shelter {
                    directory_contacts(row.contacts)
                        .into_iter()
                        .filter(|c| SHELTER_LINES.contains(&c.contact_type_id))
                        .enumerate()
                        .map(|(i, c)| DirectoryContact {
                            contact_id: i as i64 + 1,
                            ..c
                        })
                        .collect()
                } else {
                    directory_contacts(row.contacts)
                },
                address: row
                    .physical_address
                    .filter(|_| !shelter)
                    .map(|a| DirectoryAddress {
                        address_id: 1,
                        address_type_id: 1,
                        address_line1: a,
                    }),
                building_block_requirements: requirements,
            }
        })
        .collect();
    Ok(Json(out))
}

/// The contact types a shelter shows in public: its telephone lines, reception (3) and
/// alternate (4) (never an e-mail address or a person).
pub(super) const SHELTER_LINES: [i32; 2] = [3, 4];

/// The contact types a public contact person shows: their work numbers, telephone (3) and
/// alternate (4); never their mobile number (2) or e-mail address (1), which stay internal
/// (docs/decisions/0040-contact-persons-and-consent.md).
pub(super) const PUBLIC_PERSON_LINES: [i32; 2] = [3, 4];

/// A contact person from the side table `bb_contact_person`. An erased person (`gbvf
/// building-blocks erase-contact`, `erased_at` set) has no name, role or numbers left: every
/// answer shows them as [`gbvf_events::person::ERASED_PERSON`] without contact details.
#[derive(Debug, Clone)]
pub struct ContactPerson(ContactPersonRow);

impl ContactPerson {
    /// The name to show: "Erased person" once erased (also if a row had no name otherwise).
    fn display_name(&self) -> String {
        match (&self.0.erased_at, &self.0.name) {
            (None, Some(name)) => name.clone(),
            _ => gbvf_events::person::ERASED_PERSON.to_string(),
        }
    }
    /// The person's contacts of the given types, numbered from 1; none once erased.
    fn contacts(&self, types: &[i32]) -> Vec<DirectoryContact> {
        let p = &self.0;
        if p.erased_at.is_some() {
            return Vec::new();
        }
        [
            (1, &p.email),
            (2, &p.mobile_number),
            (3, &p.telephone_number),
            (4, &p.alternate_number),
        ]
        .into_iter()
        .filter(|(t, _)| types.contains(t))
        .filter_map(|(t, v)| v.as_ref().map(|v| (t, v)))
        .enumerate()
        .map(|(i, (t, v))| DirectoryContact {
            contact_id: i as i64 + 1,
            contact_type_id: t,
            detail: v.clone(),
            area_code: None,
        })
        .collect()
    }
    /// The person as the public directory shows them: name, role and work numbers only
    /// ([`PUBLIC_PERSON_LINES`]). Only called for a person marked public.
    fn public(&self) -> PublicContactPerson {
        PublicContactPerson {
            stakeholder_type_id: 2,
            name: self.display_name(),
            contact_id: self.0.contact_person_id,
            role: self.0.job_role.clone(),
            contacts: self.contacts(&PUBLIC_PERSON_LINES),
        }
    }
    /// The person as the manage screen edits them, with whether they are public.
    pub(super) fn details(&self, is_public: bool) -> ContactPersonDetails {
        let p = &self.0;
        ContactPersonDetails {
            contact_person_id: p.contact_person_id,
            full_name: self.display_name(),
            job_role: p.job_role.clone(),
            mobile_number: p.mobile_number.clone(),
            email_address: p.email.clone(),
            telephone_number: p.telephone_number.clone(),
            alternate_number: p.alternate_number.clone(),
            is_public,
        }
    }
}

/// The contact persons of providers `stakeholders`, by id.
pub(super) async fn contact_persons(
    pool: &sqlx::PgPool,
    stakeholders: &[i64],
) -> Result<std::collections::HashMap<uuid::Uuid, ContactPerson>, ApiError> {
    Ok(queries::contact_persons(pool, stakeholders)
        .await?
        .into_iter()
        .map(|r| (r.contact_person_id, ContactPerson(r)))
        .collect())
}

/// Providers of one building block inside a boundary.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockCount {
    /// Building block id.
    pub building_block_id: i32,
    /// Its name.
    pub description: String,
    /// Providers inside the boundary.
    pub block_count: i64,
}

/// Providers of one category inside a boundary, per building block.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoundaryCategoryCount {
    /// Category id.
    pub building_block_category_id: i32,
    /// Its name.
    pub category_description: String,
    /// Sum of `blockCount` over its blocks.
    pub total_category_count: i64,
    /// Its building blocks, in the list's order.
    pub building_blocks: Vec<BlockCount>,
}

/// `GET /api/buildingblock/getBoundaryCounts?boundaryId`: the map's count modal (spec §2 "Map
/// view"): per category `{buildingBlockCategoryId, categoryDescription, totalCategoryCount,
/// buildingBlocks: [{buildingBlockId, description, blockCount}]}`.
#[utoipa::path(get, path = "/api/buildingblock/getBoundaryCounts", operation_id = "getBoundaryCounts", tag = "building block",
    params(BoundaryQuery),
    responses((status = 200, description = "Counts per category and building block", body = [BoundaryCategoryCount]), (status = 400, description = "Malformed"), (status = 404, description = "Unknown boundary")))]
pub async fn boundary_counts(
    State(s): State<AppState>,
    Query(q): Query<BoundaryQuery>,
) -> Result<Json<Vec<BoundaryCategoryCount>>, ApiError> {
    let id = required_id("boundaryId", &q.boundary_id)?;
    crate::http::boundary::fetch(&s.read_pool(), id).await?;
    let rows = queries::block_counts(&s.read_pool(), id).await?;
    let mut out: Vec<BoundaryCategoryCount> = Vec::new();
    for row in rows {
        let n = row.providers;
        if out.last().map(|c| c.building_block_category_id) != Some(row.category_id) {
            out.push(BoundaryCategoryCount {
                building_block_category_id: row.category_id,
                category_description: row.category_description,
                total_category_count: 0,
                building_blocks: Vec::new(),
            });
        }
        let c = out.last_mut().expect("pushed");
        c.total_category_count += n;
        c.building_blocks.push(BlockCount {
            building_block_id: row.building_block_id,
            description: row.block_description,
            block_count: n,
        });
    }
    Ok(Json(out))
}

/// Component-1 map points inside a boundary: providers with a point, never shelters
/// (their `point` is never stored). Optionally one category.
pub async fn geomarkers(
    s: &AppState,
    boundary_id: i64,
    category: Option<i64>,
) -> Result<Vec<MarkerFeature>, ApiError> {
    let rows = queries::provider_points(&s.read_pool(), boundary_id, category).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            MarkerFeature::new(
                FeatureId::Number(row.provider_id),
                row.longitude,
                row.latitude,
                MarkerProperties {
                    stakeholder: row.provider_id.to_string(),
                    name: row.name,
                    building_block: Some(row.building_block),
                    building_block_id: Some(row.building_block_id),
                    building_block_category_id: Some(row.category_id),
                    stakeholder_type_id: Some(1),
                    active: true,
                    boundary_id,
                    boundary_type_id: 3,
                    ..Default::default()
                },
            )
        })
        .collect())
}
