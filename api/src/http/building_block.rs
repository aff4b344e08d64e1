//! Building-block calls (public spec §7 "Building block", `searchcontact`, and the component-1
//! parts of the dashboard and map).
//!
//! Public: the contact directory search, availability per category, building block and
//! requirement with its quarter grid, counts per boundary: all from each provider's last
//! *verified* snapshot (or its imported record before any verification), never from a pending
//! or returned submission; shelters show name, municipality and telephone lines only.
//! Signed in: the municipalities of the user, the providers of one building block in a
//! municipality, one provider's details, the municipality's update (EditBuildingBlock), the
//! province's verification or return (ValidateBuildingBlock, of the submission version the
//! reviewer saw, never by its submitter), and a provider's history (JSON or CSV). Every
//! signed-in call about a provider is limited to the user's [`Area`].
//!
//! Availability (docs/decisions.md "issue 11"): for a requirement in a boundary, the share of
//! the providers of its building block in that boundary whose *verified* details offer it;
//! for a building block or category, the share of (provider, requirement) pairs available.
//! Shelters never carry a point or address in any answer.

// Rows come from sqlx `query_as` as tuples read once, where their columns are named in the
// SQL beside them. TODO(issue 10): sqlx::FromRow structs.
#![allow(clippy::type_complexity)]

use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::{Datelike, NaiveDate, Utc};
use cqrs_es::AggregateError;
use gbvf_commands::accounts::permissions::ValidateBuildingBlock;
use gbvf_commands::accounts::validation::FieldError;
use gbvf_commands::building_blocks::provider::{
    ContactPersonInput, DetailsForm, DetailsInput, Provider, ProviderCommand, ProviderError,
    ReturnBuildingBlock, SubmitBuildingBlockDetails, VerifyBuildingBlock,
};
use gbvf_commands::execute::execute_with_side_tables;
use gbvf_events::building_block::{
    ContactPersonRef, ProviderEvent, PROVIDER_AGGREGATE, SHELTER_BUILDING_BLOCK_ID,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::building_blocks::block_requirements;
use gbvf_projections::geography::{boundaries_in_provinces, provinces_of};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use utoipa::{IntoParams, ToSchema};

use super::auth::CurrentUser;
use super::csv_export::{Cell, CsvExport};
use super::error::{parse_id, ApiError, Done};
use super::geojson::{FeatureId, MarkerFeature, MarkerProperties};
use super::AppState;

/// Message of a successful update (spec §8).
pub const UPDATED: &str = "Building block updated successfully";
/// Message of a failed update (spec §8).
pub const NOT_UPDATED: &str = "Building block not updated.";

/// A quarter label `Q1 26` (spec §9: Q1..Q4 with a two-digit year).
pub fn quarter_label(start: NaiveDate) -> String {
    format!("Q{} {:02}", (start.month() - 1) / 3 + 1, start.year() % 100)
}

/// The last four calendar quarters up to today's, oldest first.
pub fn reporting_quarters(today: NaiveDate) -> Vec<NaiveDate> {
    let mut q = NaiveDate::from_ymd_opt(today.year(), (today.month() - 1) / 3 * 3 + 1, 1)
        .expect("valid date");
    let mut out = vec![q];
    for _ in 0..3 {
        q = if q.month() == 1 {
            NaiveDate::from_ymd_opt(q.year() - 1, 10, 1)
        } else {
            NaiveDate::from_ymd_opt(q.year(), q.month() - 3, 1)
        }
        .expect("valid date");
        out.push(q);
    }
    out.reverse();
    out
}

/// The SQL condition "provider p is inside boundary $1" through its municipality's row.
const INSIDE: &str = "(b.boundary_id = $1 OR b.district_id = $1 OR b.province_id = $1 OR $1 = 1)";

/// Availability (0..1) at the end of each reporting quarter, by quarter label (`2026 Q3`).
pub type PeriodAvailability = BTreeMap<String, f64>;

/// Building-block data of a boundary (public spec §3 "Building block data"; the building-block
/// read model: providers and their verified requirements per quarter).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingBlockData {
    /// The boundary.
    pub boundary: super::boundary::Boundary,
    /// Label of the current reporting quarter.
    pub last_quarter: String,
    /// The last four reporting quarters, oldest first.
    pub building_block_reporting_periods: Vec<ReportingPeriod>,
    /// Per category, with its blocks and their requirements.
    pub building_block_category_stats: Vec<CategoryStat>,
    /// Per map area.
    pub contained_boundary_data: Vec<AvailabilityArea>,
}

/// One reporting quarter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportingPeriod {
    /// Its label.
    pub period: String,
    /// Calendar year.
    pub year: i32,
    /// Calendar quarter, 1 to 4.
    #[schema(minimum = 1, maximum = 4)]
    pub quarter: u32,
    /// Whether it is the current quarter.
    pub is_current: bool,
}

/// One building-block category's availability.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryStat {
    /// Category id.
    pub building_block_category_id: i32,
    /// Its name.
    pub description: String,
    /// Always `true`.
    pub is_included: bool,
    /// Available (provider, requirement) pairs ÷ all pairs now, 0..1.
    #[schema(minimum = 0, maximum = 1)]
    pub availability: f64,
    /// The same at the end of each reporting quarter.
    pub period_availability: PeriodAvailability,
    /// Providers of its blocks in the boundary.
    pub provider_count: i64,
    /// Its building blocks.
    pub building_block_stats: Vec<BlockStat>,
}

/// One building block's availability.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockStat {
    /// Building block id.
    pub building_block_id: i32,
    /// Its name.
    pub description: String,
    /// Its providers in the boundary.
    pub building_block_count: i64,
    /// Available pairs ÷ all pairs now, 0..1.
    #[schema(minimum = 0, maximum = 1)]
    pub availability: f64,
    /// The same at the end of each reporting quarter.
    pub period_availability: PeriodAvailability,
    /// Its requirements.
    pub building_block_requirement_stats: Vec<RequirementStat>,
    /// Always empty (the specification's shape).
    #[schema(value_type = Vec<Object>, max_items = 0)]
    pub options: Vec<Value>,
    /// Always empty (the specification's shape).
    #[schema(value_type = Vec<Object>, max_items = 0)]
    pub sub_options: Vec<Value>,
}

/// One requirement's availability.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequirementStat {
    /// Requirement id.
    pub building_block_requirement_id: i32,
    /// Its text.
    pub description: String,
    /// Providers meeting it ÷ providers of its block now, 0..1.
    #[schema(minimum = 0, maximum = 1)]
    pub availability: f64,
    /// The same at the end of each reporting quarter.
    pub period_availability: PeriodAvailability,
}

/// One map area's availability.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityArea {
    /// The area.
    pub boundary_id: i64,
    /// Its name.
    pub description: String,
    /// Providers in it.
    pub total: i64,
    /// Available pairs ÷ all pairs, 0..1.
    #[schema(minimum = 0, maximum = 1)]
    pub availability: f64,
    /// Per category with providers.
    pub categories: Vec<AreaCategory>,
}

/// One category in a map area.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaCategory {
    /// Category id.
    pub building_block_category_id: i32,
    /// Its providers in the area.
    pub total: i64,
    /// Available pairs ÷ all pairs, 0..1.
    #[schema(minimum = 0, maximum = 1)]
    pub availability: f64,
}

/// Building-block data of a boundary (spec §3 "Building block data"): `{boundary, lastQuarter,
/// buildingBlockReportingPeriods, buildingBlockCategoryStats}`, each category, block and
/// requirement with `availability` (0..1, now) and `periodAvailability` (label → 0..1 at the end
/// of each of the last four quarters).
pub async fn building_block_data(
    s: &AppState,
    boundary_id: i64,
) -> Result<BuildingBlockData, ApiError> {
    let boundary = super::boundary::fetch(&s.pool, boundary_id)
        .await?
        .to_boundary();
    let quarters = reporting_quarters(Utc::now().date_naive());
    // Per requirement: providers of its block inside the boundary, available now, and available
    // at the end of each quarter (the latest snapshot at or before that quarter).
    let rows: Vec<(i32, String, i32, String, i32, String, i64, i64, Vec<i64>)> = sqlx::query_as(&format!(
        "WITH p AS (
             SELECT p.stakeholder_id, p.building_block_id, p.verified_requirements
             FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id WHERE {INSIDE}
         ),
         totals AS (SELECT building_block_id, count(*) AS n FROM p GROUP BY building_block_id),
         now AS (SELECT r, count(*) AS n FROM p, unnest(p.verified_requirements) AS r GROUP BY r),
         snap AS (
             SELECT DISTINCT ON (q.stakeholder_id, qs) qs, q.verified_requirements
             FROM unnest($2::date[]) AS qs JOIN bb_provider_quarter q ON q.quarter_start <= qs
             JOIN p ON p.stakeholder_id = q.stakeholder_id
             ORDER BY q.stakeholder_id, qs, q.quarter_start DESC
         ),
         per AS (SELECT r, qs, count(*) AS n FROM snap, unnest(snap.verified_requirements) AS r GROUP BY r, qs),
         perq AS (
             SELECT req.building_block_requirement_id AS r, array_agg(COALESCE(per.n, 0) ORDER BY u.i) AS ns
             FROM bb_requirement req CROSS JOIN unnest($2::date[]) WITH ORDINALITY AS u(q, i)
             LEFT JOIN per ON per.r = req.building_block_requirement_id AND per.qs = u.q
             GROUP BY req.building_block_requirement_id
         )
         SELECT c.building_block_category_id, c.description, k.building_block_id, k.description,
                r.building_block_requirement_id, r.description,
                COALESCE(t.n, 0), COALESCE(now.n, 0), perq.ns
         FROM bb_category c JOIN bb_block k USING (building_block_category_id)
         JOIN bb_requirement r USING (building_block_id)
         LEFT JOIN totals t ON t.building_block_id = k.building_block_id
         LEFT JOIN now ON now.r = r.building_block_requirement_id
         JOIN perq ON perq.r = r.building_block_requirement_id
         ORDER BY c.seq, k.seq, r.seq"
    ))
    .bind(boundary_id)
    .bind(&quarters)
    .fetch_all(&s.pool)
    .await?;
    let labels: Vec<String> = quarters.iter().map(|q| quarter_label(*q)).collect();
    // Accumulate (available, possible) per level.
    #[derive(Default)]
    struct Acc {
        desc: String,
        now: (i64, i64),
        per: Vec<(i64, i64)>,
        count: i64,
        children: Vec<i32>,
    }
    let share = |a: (i64, i64)| {
        if a.1 == 0 {
            0.0
        } else {
            a.0 as f64 / a.1 as f64
        }
    };
    let mut cats: Vec<(i32, Acc)> = Vec::new();
    let mut blocks: BTreeMap<i32, Acc> = BTreeMap::new();
    let mut reqs: Vec<(i32, i32, String, (i64, i64), Vec<(i64, i64)>)> = Vec::new();
    for (cid, cdesc, bid, bdesc, rid, rdesc, total, now, per) in rows {
        if cats.last().map(|c| c.0) != Some(cid) {
            cats.push((
                cid,
                Acc {
                    desc: cdesc,
                    per: vec![(0, 0); labels.len()],
                    ..Default::default()
                },
            ));
        }
        let cat = &mut cats.last_mut().expect("pushed").1;
        if !cat.children.contains(&bid) {
            cat.children.push(bid);
            cat.count += total;
        }
        let block = blocks.entry(bid).or_insert_with(|| Acc {
            desc: bdesc,
            per: vec![(0, 0); labels.len()],
            count: total,
            ..Default::default()
        });
        block.children.push(rid);
        for acc in [&mut *cat, block] {
            acc.now.0 += now;
            acc.now.1 += total;
            for (i, v) in per.iter().enumerate() {
                acc.per[i].0 += v;
                acc.per[i].1 += total;
            }
        }
        reqs.push((
            bid,
            rid,
            rdesc,
            (now, total),
            per.iter().map(|v| (*v, total)).collect(),
        ));
    }
    let periods = |per: &[(i64, i64)]| -> PeriodAvailability {
        labels
            .iter()
            .zip(per)
            .map(|(l, a)| (l.clone(), share(*a)))
            .collect()
    };
    let categories: Vec<CategoryStat> = cats
        .iter()
        .map(|(cid, c)| {
            let block_stats: Vec<BlockStat> = c
                .children
                .iter()
                .map(|bid| {
                    let b = &blocks[bid];
                    let req_stats: Vec<RequirementStat> = reqs
                        .iter()
                        .filter(|r| r.0 == *bid)
                        .map(|r| RequirementStat {
                            building_block_requirement_id: r.1,
                            description: r.2.clone(),
                            availability: share(r.3),
                            period_availability: periods(&r.4),
                        })
                        .collect();
                    BlockStat {
                        building_block_id: *bid,
                        description: b.desc.clone(),
                        building_block_count: b.count,
                        availability: share(b.now),
                        period_availability: periods(&b.per),
                        building_block_requirement_stats: req_stats,
                        options: vec![],
                        sub_options: vec![],
                    }
                })
                .collect();
            CategoryStat {
                building_block_category_id: *cid,
                description: c.desc.clone(),
                is_included: true,
                availability: share(c.now),
                period_availability: periods(&c.per),
                provider_count: c.count,
                building_block_stats: block_stats,
            }
        })
        .collect();
    let contained = contained_availability(s, boundary_id).await?;
    let current = labels.len() - 1;
    let reporting: Vec<ReportingPeriod> = quarters
        .iter()
        .enumerate()
        .map(|(i, q)| ReportingPeriod {
            period: labels[i].clone(),
            year: q.year(),
            quarter: (q.month() - 1) / 3 + 1,
            is_current: i == current,
        })
        .collect();
    Ok(BuildingBlockData {
        boundary,
        last_quarter: labels[current].clone(),
        building_block_reporting_periods: reporting,
        building_block_category_stats: categories,
        contained_boundary_data: contained,
    })
}

/// The map's figures per area (spec §2 "Map view", §3 `containedBoundaryData`): for each child
/// of the boundary drawn by `/api/geography/geojson/{id}` (for a municipality, itself), its
/// providers (`total`), available (provider, requirement) pairs ÷ all pairs now
/// (`availability`, 0..1) and the same per category (`categories`). Shelters count like any
/// provider; no point or address is involved.
pub async fn contained_availability(
    s: &AppState,
    boundary_id: i64,
) -> Result<Vec<AvailabilityArea>, ApiError> {
    let rows: Vec<(i64, String, Option<i32>, i64, i64, i64)> = sqlx::query_as(
        "WITH kids AS (
             SELECT boundary_id, name FROM boundary
             WHERE geometry IS NOT NULL AND (parent_id = $1 OR (boundary_id = $1 AND level = 'municipality'))
         ),
         reqn AS (SELECT building_block_id, count(*) AS n FROM bb_requirement GROUP BY building_block_id)
         SELECT k.boundary_id, k.name, p.building_block_category_id, count(p.stakeholder_id),
                COALESCE(sum(r.n), 0)::bigint,
                COALESCE(sum(cardinality(p.verified_requirements)), 0)::bigint
         FROM kids k
         LEFT JOIN boundary b ON k.boundary_id IN (b.boundary_id, b.district_id, b.province_id)
                             AND b.level = 'municipality'
         LEFT JOIN bb_provider p ON p.municipality_id = b.boundary_id
         LEFT JOIN reqn r ON r.building_block_id = p.building_block_id
         GROUP BY k.boundary_id, k.name, p.building_block_category_id
         ORDER BY k.name, k.boundary_id, p.building_block_category_id",
    )
    .bind(boundary_id)
    .fetch_all(&s.pool)
    .await?;
    let share = |a: i64, n: i64| if n == 0 { 0.0 } else { a as f64 / n as f64 };
    let mut out: Vec<AvailabilityArea> = Vec::new();
    let mut sums: Vec<(i64, i64)> = Vec::new();
    for (id, name, category, providers, pairs, available) in rows {
        if out.last().map(|a| a.boundary_id) != Some(id) {
            out.push(AvailabilityArea {
                boundary_id: id,
                description: name,
                total: 0,
                availability: 0.0,
                categories: vec![],
            });
            sums.push((0, 0));
        }
        let Some(cid) = category else { continue };
        let area = out.last_mut().expect("pushed");
        let sum = sums.last_mut().expect("pushed");
        sum.0 += available;
        sum.1 += pairs;
        area.total += providers;
        area.availability = share(sum.0, sum.1);
        area.categories.push(AreaCategory {
            building_block_category_id: cid,
            total: providers,
            availability: share(available, pairs),
        });
    }
    Ok(out)
}

/// The categories with their building blocks as component-1 options (spec §3 "Component":
/// options with nested options).
pub async fn component_options(
    s: &AppState,
) -> Result<Vec<super::component_option::ComponentOption>, ApiError> {
    use super::component_option::{ComponentOption, OptionId, SubOption};
    let rows: Vec<(i32, String, i32, String)> = sqlx::query_as(
        "SELECT c.building_block_category_id, c.description, k.building_block_id, k.description
         FROM bb_category c JOIN bb_block k USING (building_block_category_id) ORDER BY c.seq, k.seq",
    )
    .fetch_all(&s.pool)
    .await?;
    let mut out: Vec<ComponentOption> = Vec::new();
    let mut last = None;
    for (cid, cdesc, bid, bdesc) in rows {
        if last != Some(cid) {
            last = Some(cid);
            out.push(ComponentOption {
                id: OptionId::Number(cid.into()),
                name: cdesc,
                options: vec![],
            });
        }
        out.last_mut().expect("pushed").options.push(SubOption {
            id: OptionId::Number(bid.into()),
            name: bdesc,
        });
    }
    Ok(out)
}

/// Query of `getBuildingBlockData`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BoundaryQuery {
    /// Boundary id.
    #[serde(rename = "boundaryId")]
    #[param(rename = "boundaryId", value_type = i64, minimum = 1)]
    boundary_id: Option<String>,
}

fn required_id(name: &str, v: &Option<String>) -> Result<i64, ApiError> {
    let raw = v
        .as_deref()
        .ok_or_else(|| ApiError::bad(name, format!("{name} is required.")))?;
    parse_id(name, raw)
}

/// `GET /api/buildingblock/getBuildingBlockData?boundaryId`.
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockData", tag = "building block",
    params(BoundaryQuery),
    responses((status = 200, description = "Building block data (spec §3)", body = BuildingBlockData), (status = 400, description = "Malformed"), (status = 404, description = "Unknown boundary")))]
pub async fn get_data(
    State(s): State<AppState>,
    Query(q): Query<BoundaryQuery>,
) -> Result<Json<BuildingBlockData>, ApiError> {
    let id = required_id("boundaryId", &q.boundary_id)?;
    Ok(Json(building_block_data(&s, id).await?))
}

/// Query of `getBuildingBlockRquirementDetailData`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CategoryQuery {
    /// Category id.
    #[serde(rename = "buildingBlockCategoryId")]
    #[param(rename = "buildingBlockCategoryId", value_type = i64, minimum = 1)]
    category_id: Option<String>,
    /// Boundary id.
    #[serde(rename = "boundaryId")]
    #[param(rename = "boundaryId", value_type = i64, minimum = 1)]
    boundary_id: Option<String>,
}

/// `GET /api/buildingblock/getBuildingBlockRquirementDetailData?buildingBlockCategoryId&boundaryId`:
/// the category's building blocks with their requirement stats (spec spelling of the path kept).
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockRquirementDetailData", tag = "building block",
    params(CategoryQuery),
    responses((status = 200, description = "The building blocks of the category", body = [BlockStat]), (status = 400, description = "Malformed"), (status = 404, description = "Unknown boundary or category")))]
pub async fn get_requirement_detail(
    State(s): State<AppState>,
    Query(q): Query<CategoryQuery>,
) -> Result<Json<Vec<BlockStat>>, ApiError> {
    let cid = required_id("buildingBlockCategoryId", &q.category_id)?;
    let bid = required_id("boundaryId", &q.boundary_id)?;
    let data = building_block_data(&s, bid).await?;
    let cat = data
        .building_block_category_stats
        .into_iter()
        .find(|c| i64::from(c.building_block_category_id) == cid)
        .ok_or_else(|| ApiError::NotFound("No building block category has this id.".into()))?;
    Ok(Json(cat.building_block_stats))
}

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

fn opt_id(name: &str, v: &Option<String>) -> Result<Option<i64>, ApiError> {
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
struct StoredContact {
    contact_type_id: i32,
    detail: String,
}

fn directory_contacts(list: Value) -> Vec<DirectoryContact> {
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

/// A contact person as the public directory shows them.
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
    /// Their e-mail and numbers.
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
#[utoipa::path(get, path = "/api/buildingblock/searchcontact", tag = "building block",
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
    let rows: Vec<(i64, String, String, i32, String, Value, Option<String>, Value, Vec<i32>)> =
        sqlx::query_as(&format!(
            "SELECT p.stakeholder_id, p.name, b.name, p.building_block_id, k.description,
                    COALESCE(p.verified_contacts, p.contacts), p.verified_physical_address,
                    p.verified_contact_persons, p.verified_requirements
             FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
             JOIN bb_block k ON k.building_block_id = p.building_block_id
             WHERE ($1::bigint IS NULL OR {INSIDE})
               AND ($2::bigint IS NULL OR p.building_block_category_id = $2)
               AND ($3::bigint IS NULL OR p.building_block_id = $3)
               AND ($4::bigint IS NULL OR p.stakeholder_id = $4)
               AND ($5::text IS NULL OR strpos(lower(p.name), $5) > 0 OR strpos(lower(k.description), $5) > 0)
             ORDER BY lower(p.name), p.stakeholder_id
             LIMIT 2000"
        ).replace("$1 = 1", "$1::bigint = 1"))
        .bind(boundary.unwrap_or(1))
        .bind(category)
        .bind(block)
        .bind(stakeholder)
        .bind(filter)
        .fetch_all(&s.pool)
        .await?;
    // Contact persons of shelters are never read for a public answer.
    let ids: Vec<i64> = rows
        .iter()
        .filter(|r| r.3 != SHELTER_BUILDING_BLOCK_ID)
        .map(|r| r.0)
        .collect();
    let reqs: Vec<(i32, i32, String)> = sqlx::query_as(
        "SELECT building_block_id, building_block_requirement_id, description FROM bb_requirement ORDER BY seq",
    )
    .fetch_all(&s.pool)
    .await?;
    let persons = contact_persons(&s.pool, &ids).await?;
    let out: Vec<ContactSearchResult> = rows
        .into_iter()
        .map(
            |(id, name, muni, bid, bdesc, contacts, address, cps, verified)| {
                let shelter = bid == SHELTER_BUILDING_BLOCK_ID;
                let refs: Vec<ContactPersonRef> = serde_json::from_value(cps).unwrap_or_default();
                let requirements = reqs
                    .iter()
                    .filter(|r| !shelter && r.0 == bid && verified.contains(&r.1))
                    .map(|r| DirectoryRequirement {
                        building_block_requirement_id: r.1,
                        name: r.2.clone(),
                        stakeholder_contact_person: refs
                            .iter()
                            .filter(|c| c.building_block_requirement_id == r.1)
                            .filter_map(|c| persons.get(&c.contact_person_id))
                            .map(ContactPerson::public)
                            .collect(),
                    })
                    .collect();
                ContactSearchResult {
                    stakeholder_id: id,
                    name,
                    local_municipality_name: muni,
                    building_block: bdesc,
                    building_block_id: bid,
                    contacts: if shelter {
                        directory_contacts(contacts)
                            .into_iter()
                            .filter(|c| SHELTER_LINES.contains(&c.contact_type_id))
                            .enumerate()
                            .map(|(i, c)| DirectoryContact {
                                contact_id: i as i64 + 1,
                                ..c
                            })
                            .collect()
                    } else {
                        directory_contacts(contacts)
                    },
                    address: address.filter(|_| !shelter).map(|a| DirectoryAddress {
                        address_id: 1,
                        address_type_id: 1,
                        address_line1: a,
                    }),
                    building_block_requirements: requirements,
                }
            },
        )
        .collect();
    Ok(Json(out))
}

/// The contact types a shelter shows in public: its telephone lines, reception (3) and
/// alternate (4) (never an e-mail address or a person).
const SHELTER_LINES: [i32; 2] = [3, 4];

/// A contact person from the side table `bb_contact_person`. An erased person (`gbvf
/// building-blocks erase-contact`, `erased_at` set) has no name, role or numbers left: every
/// answer shows them as [`gbvf_events::person::ERASED_PERSON`] without contact details.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ContactPerson {
    contact_person_id: uuid::Uuid,
    name: Option<String>,
    erased_at: Option<chrono::DateTime<Utc>>,
    job_role: Option<String>,
    mobile_number: Option<String>,
    email: Option<String>,
    telephone_number: Option<String>,
    alternate_number: Option<String>,
}

impl ContactPerson {
    /// The name to show: "Erased person" once erased (also if a row had no name otherwise).
    fn display_name(&self) -> String {
        match (&self.erased_at, &self.name) {
            (None, Some(name)) => name.clone(),
            _ => gbvf_events::person::ERASED_PERSON.to_string(),
        }
    }
    fn contacts(&self) -> Vec<DirectoryContact> {
        if self.erased_at.is_some() {
            return Vec::new();
        }
        [
            (1, &self.email),
            (2, &self.mobile_number),
            (3, &self.telephone_number),
            (4, &self.alternate_number),
        ]
        .into_iter()
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
    fn public(&self) -> PublicContactPerson {
        PublicContactPerson {
            stakeholder_type_id: 2,
            name: self.display_name(),
            contact_id: self.contact_person_id,
            role: self.job_role.clone(),
            contacts: self.contacts(),
        }
    }
    fn details(&self) -> ContactPersonDetails {
        ContactPersonDetails {
            contact_person_id: self.contact_person_id,
            full_name: self.display_name(),
            job_role: self.job_role.clone(),
            mobile_number: self.mobile_number.clone(),
            email_address: self.email.clone(),
            telephone_number: self.telephone_number.clone(),
            alternate_number: self.alternate_number.clone(),
        }
    }
}

async fn contact_persons(
    pool: &sqlx::PgPool,
    stakeholders: &[i64],
) -> Result<std::collections::HashMap<uuid::Uuid, ContactPerson>, ApiError> {
    let rows: Vec<ContactPerson> = sqlx::query_as(
        "SELECT contact_person_id, name, erased_at, job_role, mobile_number, email, telephone_number,
                alternate_number
         FROM bb_contact_person WHERE stakeholder_id = ANY($1)",
    )
    .bind(stakeholders)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.contact_person_id, r)).collect())
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
#[utoipa::path(get, path = "/api/buildingblock/getBoundaryCounts", tag = "building block",
    params(BoundaryQuery),
    responses((status = 200, description = "Counts per category and building block", body = [BoundaryCategoryCount]), (status = 400, description = "Malformed"), (status = 404, description = "Unknown boundary")))]
pub async fn boundary_counts(
    State(s): State<AppState>,
    Query(q): Query<BoundaryQuery>,
) -> Result<Json<Vec<BoundaryCategoryCount>>, ApiError> {
    let id = required_id("boundaryId", &q.boundary_id)?;
    super::boundary::fetch(&s.pool, id).await?;
    let rows: Vec<(i32, String, i32, String, i64)> = sqlx::query_as(&format!(
        "SELECT c.building_block_category_id, c.description, k.building_block_id, k.description,
                (SELECT count(*) FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
                 WHERE p.building_block_id = k.building_block_id AND {INSIDE})
         FROM bb_category c JOIN bb_block k USING (building_block_category_id) ORDER BY c.seq, k.seq"
    ))
    .bind(id)
    .fetch_all(&s.pool)
    .await?;
    let mut out: Vec<BoundaryCategoryCount> = Vec::new();
    for (cid, cdesc, bid, bdesc, n) in rows {
        if out.last().map(|c| c.building_block_category_id) != Some(cid) {
            out.push(BoundaryCategoryCount {
                building_block_category_id: cid,
                category_description: cdesc,
                total_category_count: 0,
                building_blocks: Vec::new(),
            });
        }
        let c = out.last_mut().expect("pushed");
        c.total_category_count += n;
        c.building_blocks.push(BlockCount {
            building_block_id: bid,
            description: bdesc,
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
    let rows: Vec<(i64, String, i32, String, i32, f64, f64)> = sqlx::query_as(&format!(
        "SELECT p.stakeholder_id, p.name, p.building_block_id, k.description, p.building_block_category_id,
                p.point_lon, p.point_lat
         FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         JOIN bb_block k ON k.building_block_id = p.building_block_id
         WHERE p.point_lon IS NOT NULL AND p.building_block_id <> {SHELTER_BUILDING_BLOCK_ID} AND {INSIDE}
           AND ($2::bigint IS NULL OR p.building_block_category_id = $2)
         ORDER BY p.name"
    ))
    .bind(boundary_id)
    .bind(category)
    .fetch_all(&s.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, bid, bdesc, cid, lon, lat)| {
            MarkerFeature::new(
                FeatureId::Number(id),
                lon,
                lat,
                MarkerProperties {
                    stakeholder: id.to_string(),
                    name,
                    building_block: Some(bdesc),
                    building_block_id: Some(bid),
                    building_block_category_id: Some(cid),
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

// ---------------------------------------------------------------------------------------------
// Signed-in calls.

/// The municipalities assigned to the user (account `municipality_ids`).
async fn assigned_municipalities(s: &AppState, u: &CurrentUser) -> Result<Vec<i64>, ApiError> {
    Ok(gbvf_projections::accounts::assigned_municipalities(&s.pool, &u.session.user_id).await?)
}

/// The area a signed-in user's building-block work covers, for reads and writes alike
/// (docs/decisions.md "Verified snapshots, reviews and read scope"): the municipalities
/// assigned to their account (a municipality's designated person edits there), and, when they
/// hold ValidateBuildingBlock, the provinces of those municipalities (a province's designated
/// person reviews there). Other groups, WorldOfImpactAdmin included, add nothing.
#[derive(Debug, Clone, Default)]
pub struct Area {
    /// Assigned municipalities (boundary ids).
    pub municipalities: Vec<i64>,
    /// Provinces (boundary ids) the user reviews; empty without ValidateBuildingBlock.
    pub provinces: Vec<i64>,
}

impl Area {
    /// The area of user `u` (account `municipality_ids`, boundary read model).
    pub async fn of(s: &AppState, u: &CurrentUser) -> Result<Area, ApiError> {
        let municipalities = assigned_municipalities(s, u).await?;
        let provinces = if u.can(ValidateBuildingBlock) {
            provinces_of(&s.pool, &municipalities).await?
        } else {
            Vec::new()
        };
        Ok(Area {
            municipalities,
            provinces,
        })
    }

    /// Whether the user edits providers of municipality `muni` (an assigned one).
    pub fn edits(&self, muni: i64) -> bool {
        self.municipalities.contains(&muni)
    }

    /// Whether the user reviews providers of province `province`.
    pub fn reviews(&self, province: i64) -> bool {
        self.provinces.contains(&province)
    }

    /// Whether the user may read the unverified details, contact persons and history of a
    /// provider in municipality `muni` of province `province`: 403 otherwise.
    pub fn may_read(&self, muni: i64, province: i64) -> Result<(), ApiError> {
        if self.edits(muni) || self.reviews(province) {
            Ok(())
        } else {
            Err(ApiError::Forbidden)
        }
    }
}

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
/// ValidateBuildingBlock holder every municipality of the provinces of the assigned ones),
/// limited to `boundaryId` when given: `{name, stakeholderId, provinceName, districtName, buildingBlockCategories:
/// [{buildingBlockCategoryId, description, buildingBlocks: [{buildingBlockId, description,
/// totalBuildingBlockCount, totalVerifiedBuildingBlockCount, completion}]}]}` with completion 0/1/2
/// of spec §4. Needs BuildingBlockAdmin (35).
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockAssociatedToUser", tag = "building block",
    params(BoundaryQuery),
    responses((status = 200, description = "Municipalities with verified/total per building block", body = [AssignedMunicipality]), (status = 403, description = "Permission denied")))]
pub async fn associated_to_user(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<BoundaryQuery>,
) -> Result<Json<Vec<AssignedMunicipality>>, ApiError> {
    let within = opt_id("boundaryId", &q.boundary_id)?;
    let all = u.can(gbvf_commands::accounts::permissions::WorldOfImpactAdmin);
    let assigned = assigned_municipalities(&s, &u).await?;
    let validator = u.can(ValidateBuildingBlock);
    let rows: Vec<(i64, String, String, String, i32, String, i32, String, i64, i64)> = sqlx::query_as(
        "WITH m AS (
             SELECT b.boundary_id, b.name, pr.name AS province, COALESCE(d.name, b.name) AS district FROM boundary b
             JOIN boundary pr ON pr.boundary_id = b.province_id LEFT JOIN boundary d ON d.boundary_id = b.district_id
             WHERE b.level = 'municipality'
               AND ($1 OR b.boundary_id = ANY($2)
                    OR ($3 AND b.province_id IN (SELECT province_id FROM boundary WHERE boundary_id = ANY($2))))
               AND ($4::bigint IS NULL OR b.boundary_id = $4 OR b.district_id = $4 OR b.province_id = $4)
         )
         SELECT m.boundary_id, m.name, m.province, m.district, c.building_block_category_id, c.description, k.building_block_id, k.description,
                count(p.stakeholder_id), count(p.stakeholder_id) FILTER (WHERE p.status = 'verified')
         FROM m CROSS JOIN bb_block k JOIN bb_category c USING (building_block_category_id)
         LEFT JOIN bb_provider p ON p.municipality_id = m.boundary_id AND p.building_block_id = k.building_block_id
         GROUP BY m.boundary_id, m.name, m.province, m.district, c.building_block_category_id, c.description, c.seq, k.building_block_id, k.description, k.seq
         ORDER BY m.name, c.seq, k.seq",
    )
    .bind(all)
    .bind(&assigned)
    .bind(validator)
    .bind(within)
    .fetch_all(&s.pool)
    .await?;
    let mut out: Vec<AssignedMunicipality> = Vec::new();
    for (mid, mname, prov, district, cid, cdesc, bid, bdesc, total, verified) in rows {
        if out.last().map(|m| m.stakeholder_id) != Some(mid) {
            out.push(AssignedMunicipality {
                name: mname,
                stakeholder_id: mid,
                province_name: prov,
                district_name: district,
                building_block_categories: Vec::new(),
            });
        }
        let cats = &mut out.last_mut().expect("pushed").building_block_categories;
        if cats.last().map(|c| c.building_block_category_id) != Some(cid) {
            cats.push(AssignedCategory {
                building_block_category_id: cid,
                description: cdesc,
                building_blocks: Vec::new(),
            });
        }
        cats.last_mut()
            .expect("pushed")
            .building_blocks
            .push(BlockCompletion {
                building_block_id: bid,
                description: bdesc,
                total_building_block_count: total,
                total_verified_building_block_count: verified,
                completion: completion(verified, total),
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
/// and the municipality in the user's [`Area`] (403 otherwise, also for an unknown one).
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockOnMunicipality", tag = "building block",
    params(MunicipalityQuery),
    responses((status = 200, description = "Providers with status", body = [ProviderStatus]), (status = 403, description = "Permission denied or not in the user's area")))]
pub async fn on_municipality(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<MunicipalityQuery>,
) -> Result<Json<Vec<ProviderStatus>>, ApiError> {
    let m = required_id("boundaryStakeholderId", &q.municipality)?;
    let b = required_id("buildingBlockId", &q.building_block_id)?;
    let province: Option<Option<i64>> = sqlx::query_scalar(
        "SELECT province_id FROM boundary WHERE boundary_id = $1 AND level = 'municipality'",
    )
    .bind(m)
    .fetch_optional(&s.pool)
    .await?;
    let Some(Some(province)) = province else {
        return Err(ApiError::Forbidden);
    };
    Area::of(&s, &u).await?.may_read(m, province)?;
    let rows: Vec<(i64, String, String)> = sqlx::query_as(
        "SELECT stakeholder_id, name, status FROM bb_provider WHERE municipality_id = $1 AND building_block_id = $2 ORDER BY lower(name)",
    )
    .bind(m)
    .bind(b)
    .fetch_all(&s.pool)
    .await?;
    Ok(Json(
        rows.into_iter()
            .map(|(stakeholder_id, name, status)| ProviderStatus {
                stakeholder_id,
                name,
                status,
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
    building_block_id: Option<String>,
    /// The provider.
    #[serde(rename = "stakeholderId")]
    #[param(rename = "stakeholderId", value_type = i64, minimum = 1, required = true)]
    stakeholder_id: Option<String>,
    /// `csv` for the history as CSV.
    format: Option<String>,
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
/// (possibly unverified) details: BuildingBlockAdmin, and the provider in the user's [`Area`].
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockContactsWithRequirements", tag = "building block",
    params(ProviderQuery),
    responses((status = 200, description = "Building block details", body = BuildingBlockDetails), (status = 403, description = "Permission denied or not in the user's area"), (status = 404, description = "Unknown provider")))]
pub async fn contacts_with_requirements(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<ProviderQuery>,
) -> Result<Json<BuildingBlockDetails>, ApiError> {
    let id = required_id("stakeholderId", &q.stakeholder_id)?;
    let (_, province, _) = provider_place(&s, id).await?;
    let row: Option<(String, i32, String, i64, String, Value, Option<Value>, Option<String>, Option<String>, Vec<i32>, Vec<i32>, Value, String, Option<i64>, Option<String>)> =
        sqlx::query_as(
            "SELECT p.name, p.building_block_id, k.description, p.municipality_id, b.name, p.contacts, p.details_contacts,
                    p.physical_address, p.postal_address, p.requirements, p.verified_requirements, p.contact_persons, p.status,
                    p.submission_version, p.submitted_by
             FROM bb_provider p JOIN bb_block k USING (building_block_id) JOIN boundary b ON b.boundary_id = p.municipality_id
             WHERE p.stakeholder_id = $1",
        )
        .bind(id)
        .fetch_optional(&s.pool)
        .await?;
    let Some((
        name,
        bid,
        bdesc,
        mid,
        mname,
        contacts,
        details_contacts,
        phys,
        postal,
        reqs,
        verified,
        cps,
        status,
        submission_version,
        submitted_by,
    )) = row
    else {
        return Err(ApiError::NotFound("No provider has this id.".into()));
    };
    Area::of(&s, &u).await?.may_read(mid, province)?;
    if opt_id("buildingBlockId", &q.building_block_id)?.is_some_and(|b| b != bid as i64) {
        return Err(ApiError::NotFound(
            "This provider is not of that building block.".into(),
        ));
    }
    let persons = contact_persons(&s.pool, &[id]).await?;
    let refs: Vec<ContactPersonRef> = serde_json::from_value(cps).unwrap_or_default();
    let all_reqs: Vec<(i32, String)> = sqlx::query_as(
        "SELECT building_block_requirement_id, description FROM bb_requirement WHERE building_block_id = $1 ORDER BY seq",
    )
    .bind(bid)
    .fetch_all(&s.pool)
    .await?;
    let requirements = all_reqs
        .into_iter()
        .map(|(rid, rname)| RequirementDetails {
            building_block_requirement_id: rid,
            name: rname,
            available: reqs.contains(&rid),
            verified: verified.contains(&rid),
            stakeholder_contact_person: refs
                .iter()
                .filter(|c| c.building_block_requirement_id == rid)
                .filter_map(|c| persons.get(&c.contact_person_id))
                .map(ContactPerson::details)
                .collect(),
        })
        .collect();
    Ok(Json(BuildingBlockDetails {
        stakeholder_id: id,
        name,
        building_block_id: bid,
        building_block: bdesc,
        municipality_id: mid,
        municipality_name: mname,
        status,
        submission_version,
        own_submission: submitted_by.as_deref() == Some(actor_of(&u).as_str()),
        is_shelter: bid == SHELTER_BUILDING_BLOCK_ID,
        address: ProviderAddress {
            address_id: 1,
            address_line1: phys,
            address_line2: postal,
        },
        contacts: directory_contacts(details_contacts.unwrap_or(contacts)),
        building_block_requirements: requirements,
    }))
}

/// A contact person in the update body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactPersonBody {
    /// Requirement the person answers for.
    pub building_block_requirement_id: i32,
    /// Full name (required).
    #[schema(value_type = String, max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub full_name: gbvf_commands::text::ShortText,
    /// Job role.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub job_role: Option<gbvf_commands::text::ShortText>,
    /// Mobile number (10 digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub mobile_number: Option<gbvf_commands::text::LineText>,
    /// E-mail address.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub email_address: Option<gbvf_commands::text::LineText>,
    /// Telephone number (10 digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub telephone_number: Option<gbvf_commands::text::LineText>,
    /// Alternate number (10 digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub alternate_number: Option<gbvf_commands::text::LineText>,
}

/// Body of `PUT /api/buildingblock/updateBuildingBlockContactsAndRequirements`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateBody {
    /// The provider.
    pub stakeholder_id: i64,
    /// Its building block (must match).
    pub building_block_id: i32,
    /// Physical Address (required, except for shelters, which never get one).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub physical_address: Option<gbvf_commands::text::LineText>,
    /// Postal Address.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub postal_address: Option<gbvf_commands::text::LineText>,
    /// Reception Number (digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub reception_number: Option<gbvf_commands::text::LineText>,
    /// Alternate Number (digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub alternate_number: Option<gbvf_commands::text::LineText>,
    /// Email address.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub email_address: Option<gbvf_commands::text::LineText>,
    /// Requirement ids available.
    #[serde(default, deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    pub building_block_requirements: Vec<i32>,
    /// Contact persons (all of them: the list replaces the previous one).
    #[serde(default, deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    pub contact_persons: Vec<ContactPersonBody>,
}

fn invalid(errors: Vec<FieldError>) -> Response {
    (
        axum::http::StatusCode::BAD_REQUEST,
        Json(json!({"success": false, "message": "Please correct the highlighted errors before submitting.", "errors": errors})),
    )
        .into_response()
}

/// The user as event metadata names them (`user:<id>`).
fn actor_of(u: &CurrentUser) -> String {
    format!("user:{}", u.session.user_id)
}

fn meta_for(u: &CurrentUser, source: &str) -> EventMetadata {
    EventMetadata::now(actor_of(u), uuid::Uuid::new_v4().to_string(), source)
}

/// Where provider `id` is: (municipality, province, building block); 404 when unknown.
async fn provider_place(s: &AppState, id: i64) -> Result<(i64, i64, i32), ApiError> {
    let place = gbvf_projections::building_blocks::provider_place(&s.pool, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No provider has this id.".into()))?;
    Ok((
        place.municipality_id,
        place.province_id,
        place.building_block_id,
    ))
}

/// The answer to a refused or failed provider command: an unknown provider 404, a provider
/// outside the user's area 403, field errors 400 with the form's envelope, a newer submission
/// than the one reviewed 409 (reload), the submitter deciding on their own submission 403, a
/// concurrent change 409, anything else the user did 400; database errors as any other.
fn provider_error(e: AggregateError<ProviderError>) -> Result<Response, ApiError> {
    Err(match e {
        AggregateError::UserError(e) => match e {
            ProviderError::UnknownProvider => ApiError::NotFound(e.to_string()),
            ProviderError::OutsideArea => ApiError::Forbidden,
            ProviderError::Invalid(errors) => return Ok(invalid(errors)),
            ProviderError::WrongBuildingBlock => ApiError::bad("buildingBlockId", e.to_string()),
            ProviderError::NewerSubmission { .. } => ApiError::Conflict(e.to_string()),
            ProviderError::OwnSubmission => ApiError::Refused(e.to_string()),
            ProviderError::UnknownSubmission(_) => {
                ApiError::bad("submissionVersion", e.to_string())
            }
            e => ApiError::bad("buildingBlock", e.to_string()),
        },
        AggregateError::AggregateConflict => ApiError::Conflict(
            "Someone else changed this building block at the same time. Reload and try again."
                .into(),
        ),
        AggregateError::UnexpectedError(e) => match e.downcast::<sqlx::Error>() {
            Ok(e) => ApiError::from(*e),
            Err(e) => ApiError::from_aggregate(AggregateError::<ProviderError>::UnexpectedError(e)),
        },
        e => ApiError::from_aggregate(e),
    })
}

/// Executes a provider command with its side tables (`gbvf_commands::execute`), then waits
/// for the building-block read model; `message` is the answer on success.
async fn execute_provider(
    s: &AppState,
    u: &CurrentUser,
    stakeholder_id: i64,
    command: ProviderCommand,
    source: &str,
    message: &str,
) -> Result<Response, ApiError> {
    let store = crate::telemetry::event_store::<Provider>(&s.pool);
    let done = execute_with_side_tables(
        &store,
        &s.pool,
        &stakeholder_id.to_string(),
        command,
        &(),
        &meta_for(u, source),
    )
    .await;
    if let Err(e) = done {
        return provider_error(e);
    }
    super::read_your_writes::settle(s, "building_blocks").await;
    Ok(Json(Done::new(message)).into_response())
}

/// `PUT /api/buildingblock/updateBuildingBlockContactsAndRequirements`: the municipality's
/// designated person records and submits a provider's details (EditBuildingBlock, and the
/// provider must be in one of the user's assigned municipalities). Validation of spec §5; on
/// failure `'Please correct the highlighted errors before submitting.'` with field errors.
/// Contact persons go to the side table; the event names them by id only.
#[utoipa::path(put, path = "/api/buildingblock/updateBuildingBlockContactsAndRequirements", tag = "building block",
    request_body = UpdateBody,
    responses((status = 200, description = "'Building block updated successfully'", body = Done), (status = 400, description = "Validation errors"),
              (status = 403, description = "Permission denied or not an assigned municipality"), (status = 404, description = "Unknown provider"), (status = 409, description = "Concurrent change")))]
pub async fn update(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<UpdateBody>,
) -> Result<Response, ApiError> {
    let area = Area::of(&s, &u).await?;
    let input = DetailsInput {
        physical_address: b.physical_address.as_deref(),
        postal_address: b.postal_address.as_deref(),
        reception_number: b.reception_number.as_deref(),
        alternate_number: b.alternate_number.as_deref(),
        email_address: b.email_address.as_deref(),
        requirements_available: &b.building_block_requirements,
        contact_persons: b
            .contact_persons
            .iter()
            .map(|p| ContactPersonInput {
                building_block_requirement_id: p.building_block_requirement_id,
                full_name: &p.full_name,
                job_role: p.job_role.as_deref(),
                mobile_number: p.mobile_number.as_deref(),
                email_address: p.email_address.as_deref(),
                telephone_number: p.telephone_number.as_deref(),
                alternate_number: p.alternate_number.as_deref(),
            })
            .collect(),
    };
    let command = ProviderCommand::SubmitBuildingBlockDetails(SubmitBuildingBlockDetails {
        actor: actor_of(&u),
        actor_municipalities: area.municipalities,
        building_block_id: b.building_block_id,
        block_requirements: block_requirements(&s.pool, b.building_block_id).await?,
        details: DetailsForm::parse(&input),
    });
    execute_provider(
        &s,
        &u,
        b.stakeholder_id,
        command,
        "http:PUT /api/buildingblock/updateBuildingBlockContactsAndRequirements",
        UPDATED,
    )
    .await
}

/// Body of the province's decision.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionBody {
    /// The provider.
    pub stakeholder_id: i64,
    /// The version of the submission decided on: `submissionVersion` of
    /// `getBuildingBlockContactsWithRequirements` as the reviewer saw it. When a newer
    /// submission exists the decision is refused with 409.
    #[schema(minimum = 1)]
    pub submission_version: i64,
    /// Required when returning.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 4000, pattern = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub reason: Option<gbvf_commands::text::LongText>,
}

/// The boundaries of the provinces user `u` reviews (none without ValidateBuildingBlock).
async fn reviewed_boundaries(s: &AppState, u: &CurrentUser) -> Result<Vec<i64>, ApiError> {
    let area = Area::of(s, u).await?;
    if area.provinces.is_empty() {
        return Ok(Vec::new());
    }
    Ok(boundaries_in_provinces(&s.pool, &area.provinces).await?)
}

/// `POST /api/buildingblock/verifyBuildingBlock {stakeholderId, submissionVersion}`: the
/// province's designated person verifies the submission they reviewed (ValidateBuildingBlock,
/// provider in the province of one of the user's assigned municipalities, not their own
/// submission; rules in `gbvf_commands::building_blocks::decide`). Its details become the
/// provider's public snapshot.
#[utoipa::path(post, path = "/api/buildingblock/verifyBuildingBlock", tag = "building block",
    request_body = DecisionBody,
    responses((status = 200, description = "Verified", body = Done), (status = 400, description = "Nothing submitted or no such submission"), (status = 403, description = "Permission denied, other province, or the user's own submission"), (status = 404, description = "Unknown provider"), (status = 409, description = "A newer submission exists: reload")))]
pub async fn verify(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<DecisionBody>,
) -> Result<Response, ApiError> {
    let command = ProviderCommand::VerifyBuildingBlock(VerifyBuildingBlock {
        actor: actor_of(&u),
        reviewed_municipalities: reviewed_boundaries(&s, &u).await?,
        submission_version: b.submission_version,
    });
    execute_provider(
        &s,
        &u,
        b.stakeholder_id,
        command,
        "http:POST /api/buildingblock/verifyBuildingBlock",
        "Building block verified successfully",
    )
    .await
}

/// `POST /api/buildingblock/returnBuildingBlock {stakeholderId, submissionVersion, reason}`:
/// the reviewed submission is returned to the municipality with a reason (ValidateBuildingBlock,
/// same province, version and four-eyes rules as verify). The public keeps the last verified
/// snapshot.
#[utoipa::path(post, path = "/api/buildingblock/returnBuildingBlock", tag = "building block",
    request_body = DecisionBody,
    responses((status = 200, description = "Returned", body = Done), (status = 400, description = "No reason, nothing submitted or no such submission"), (status = 403, description = "Permission denied, other province, or the user's own submission"), (status = 404, description = "Unknown provider"), (status = 409, description = "A newer submission exists: reload")))]
pub async fn return_block(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<DecisionBody>,
) -> Result<Response, ApiError> {
    let command = ProviderCommand::ReturnBuildingBlock(ReturnBuildingBlock {
        actor: actor_of(&u),
        reviewed_municipalities: reviewed_boundaries(&s, &u).await?,
        submission_version: b.submission_version,
        reason: b.reason.as_deref().unwrap_or_default().to_string(),
    });
    execute_provider(
        &s,
        &u,
        b.stakeholder_id,
        command,
        "http:POST /api/buildingblock/returnBuildingBlock",
        "Building block returned to the municipality",
    )
    .await
}

/// One event of a provider's history.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderHistoryEntry {
    /// The event's sequence in the provider's stream, from 1.
    pub sequence: i64,
    /// When (RFC 3339, UTC), from the event's metadata.
    pub at: String,
    /// The event type.
    pub event_type: String,
    /// Who (`user:<id>`, `import:...`).
    pub actor: String,
    /// The acting user's e-mail ("Erased person" once erased); null for other actors.
    #[schema(required = true)]
    pub actor_email: Option<String>,
    /// From where (`http:PUT ...`, `cli:...`).
    pub source: String,
    /// What happened, in words.
    pub detail: String,
}

/// A provider's history as JSON.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderHistory {
    /// Always `true`.
    pub success: bool,
    /// The provider id.
    pub stakeholder_id: i64,
    /// Its events, oldest first.
    pub history: Vec<ProviderHistoryEntry>,
}

/// `GET /api/buildingblock/history?stakeholderId[&format=csv]`: every event of one provider
/// with who, when and from where (BuildingBlockAdmin, provider in the user's [`Area`]: the
/// history names staff e-mail addresses). Contact persons appear by id only.
#[utoipa::path(get, path = "/api/buildingblock/history", tag = "building block",
    params(ProviderQuery),
    responses((status = 200, description = "History entries (JSON) or text/csv", content(
        (ProviderHistory = "application/json"),
        (String = "text/csv"),
    )), (status = 403, description = "Permission denied or not in the user's area"), (status = 404, description = "Unknown provider")))]
pub async fn history(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<ProviderQuery>,
) -> Result<Response, ApiError> {
    let id = required_id("stakeholderId", &q.stakeholder_id)?;
    let (muni, province, _) = provider_place(&s, id).await?;
    Area::of(&s, &u).await?.may_read(muni, province)?;
    let events =
        gbvf_events::store::aggregate_history(&s.pool, PROVIDER_AGGREGATE, &id.to_string()).await?;
    if events.is_empty() {
        return Err(ApiError::NotFound("No provider has this id.".into()));
    }
    // Actors by user id → e-mail, for people reading the history ("Erased person" once
    // erased, POPIA: docs/decisions.md "Issue 14 item 4: POPIA").
    let users: Vec<(String, String)> = sqlx::query_as(
        "SELECT 'user:' || user_id, CASE WHEN erased THEN $1 ELSE email END FROM user_account",
    )
    .bind(gbvf_events::person::ERASED_PERSON)
    .fetch_all(&s.pool)
    .await?;
    let users: std::collections::HashMap<String, String> = users.into_iter().collect();
    let entries: Vec<ProviderHistoryEntry> = events
        .iter()
        .map(|e| {
            let m = |k: &str| {
                e.metadata
                    .get(k)
                    .and_then(|v| v.as_str())
                    .unwrap_or("")
                    .to_string()
            };
            let actor = m("actor");
            let detail = match serde_json::from_value::<ProviderEvent>(e.payload.clone()) {
                Ok(ProviderEvent::ProviderImported(p)) => {
                    format!("imported from {} ({})", p.source, p.vintage)
                }
                Ok(ProviderEvent::BuildingBlockDetailsSubmitted(d)) => format!(
                    "details submitted: requirements {:?}, {} contact person(s)",
                    d.requirements_available,
                    d.contact_persons.len()
                ),
                Ok(ProviderEvent::BuildingBlockVerified) => "verified".into(),
                Ok(ProviderEvent::BuildingBlockReturned { reason }) => {
                    format!("returned: {reason}")
                }
                Err(_) => String::new(),
            };
            ProviderHistoryEntry {
                sequence: e.sequence,
                at: m("at"),
                event_type: e.event_type.clone(),
                actor_email: users.get(&actor).cloned(),
                actor,
                source: m("source"),
                detail,
            }
        })
        .collect();
    if q.format.as_deref() == Some("csv") {
        let mut csv = CsvExport::new(&[
            "sequence",
            "at",
            "event",
            "actor",
            "actor_email",
            "source",
            "detail",
        ])?;
        for e in &entries {
            csv.row([
                Cell::Number(e.sequence),
                (&e.at).into(),
                (&e.event_type).into(),
                (&e.actor).into(),
                e.actor_email.as_deref().unwrap_or("").into(),
                (&e.source).into(),
                (&e.detail).into(),
            ])?;
        }
        return csv.into_response(&format!("building-block-history-{id}.csv"));
    }
    Ok(Json(ProviderHistory {
        success: true,
        stakeholder_id: id,
        history: entries,
    })
    .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_and_completion() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        let labels: Vec<String> = reporting_quarters(d)
            .into_iter()
            .map(quarter_label)
            .collect();
        assert_eq!(labels, ["Q1 26", "Q2 26", "Q3 26", "Q4 26"]);
        let d = NaiveDate::from_ymd_opt(2027, 2, 1).unwrap();
        let labels: Vec<String> = reporting_quarters(d)
            .into_iter()
            .map(quarter_label)
            .collect();
        assert_eq!(labels, ["Q2 26", "Q3 26", "Q4 26", "Q1 27"]);
        assert_eq!(completion(0, 0), 0);
        assert_eq!(completion(3, 3), 2);
        assert_eq!(completion(1, 3), 1);
        assert_eq!(completion(0, 3), 0);
    }
}
