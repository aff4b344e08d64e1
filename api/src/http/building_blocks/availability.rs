//! Availability of building blocks (public spec §3 component 1): per category, block and
//! requirement with its quarter grid, from each provider's last verified snapshot.

use crate::http::error::{parse_id, ApiError};
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::Json;
use chrono::{Datelike, Utc};
use gbvf_projections::building_blocks::coverage::Coverage;
pub use gbvf_projections::building_blocks::figures::{
    fold_availability, Figure, Folded, FoldedBlock, FoldedCategory,
};
use gbvf_projections::building_blocks::queries;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use utoipa::IntoParams;

pub use super::quarters::{quarter_label, reporting_quarters};

/// Availability (0..1) at the end of each reporting quarter, by quarter label (`Q3 26`);
/// `null` for a quarter by whose end too few providers had been verified to speak for the area
/// ([`AVAILABILITY_COVERAGE`], against today's listed providers).
pub type PeriodAvailability = BTreeMap<String, Option<f64>>;

/// Whether an `availability` is a figure, and if not, why (docs/decisions/
/// 0141-availability-needs-coverage.md): `figure` (enough providers verified, the number is
/// over verified providers only), `noneVerified` (listed, none verified), `belowCoverage` (some
/// verified, fewer than the coverage rule asks: at least 3, or all where fewer are listed, and
/// at least half of the listed ones), `noProviders` (nothing listed). Every state but `figure`
/// comes with `availability: null`; the first two read "Not yet verified".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum AvailabilityState {
    /// Enough providers verified: `availability` is the figure.
    Figure,
    /// Providers listed, none verified.
    NoneVerified,
    /// Some verified, too few to speak for the area.
    BelowCoverage,
    /// No provider listed.
    NoProviders,
}

impl From<Coverage> for AvailabilityState {
    fn from(c: Coverage) -> Self {
        match c {
            Coverage::Enough => AvailabilityState::Figure,
            Coverage::NoneVerified => AvailabilityState::NoneVerified,
            Coverage::BelowCoverage => AvailabilityState::BelowCoverage,
            Coverage::NoProviders => AvailabilityState::NoProviders,
        }
    }
}

/// Building-block data of a boundary (public spec §3 "Building block data"; the building-block
/// read model: providers and their verified requirements per quarter).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildingBlockData {
    /// The boundary.
    pub boundary: crate::http::boundary::Boundary,
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
    /// Available (provider, requirement) pairs ÷ the pairs of its *verified* providers now,
    /// 0..1; `null` unless `availabilityState` is `figure` ("Not yet verified", never 0).
    #[schema(required = true, minimum = 0, maximum = 1)]
    pub availability: Option<f64>,
    /// Whether `availability` is a figure, and if not, why.
    pub availability_state: AvailabilityState,
    /// The same at the end of each reporting quarter.
    pub period_availability: PeriodAvailability,
    /// Providers of its blocks in the boundary (listed).
    pub provider_count: i64,
    /// Of those, providers with a verified snapshot.
    pub verified_provider_count: i64,
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
    /// Its providers in the boundary (listed).
    pub building_block_count: i64,
    /// Of those, providers with a verified snapshot.
    pub verified_provider_count: i64,
    /// Available pairs ÷ the pairs of its verified providers now, 0..1; `null` unless
    /// `availabilityState` is `figure`.
    #[schema(required = true, minimum = 0, maximum = 1)]
    pub availability: Option<f64>,
    /// Whether `availability` is a figure, and if not, why.
    pub availability_state: AvailabilityState,
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
    /// Providers meeting it ÷ *verified* providers of its block now (for a requirement an
    /// administrator added, those verified since), 0..1; `null` unless `availabilityState` is
    /// `figure`.
    #[schema(required = true, minimum = 0, maximum = 1)]
    pub availability: Option<f64>,
    /// Whether `availability` is a figure, and if not, why.
    pub availability_state: AvailabilityState,
    /// The same at the end of each reporting quarter.
    pub period_availability: PeriodAvailability,
    /// Providers of its block in the boundary (listed).
    pub provider_count: i64,
    /// Of those, providers whose verified details say whether they meet it.
    pub verified_provider_count: i64,
}

/// One map area's availability.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityArea {
    /// The area.
    pub boundary_id: i64,
    /// Its name.
    pub description: String,
    /// Providers in it (listed).
    pub total: i64,
    /// Of those, providers with a verified snapshot.
    pub verified: i64,
    /// Available pairs ÷ the pairs of its verified providers, 0..1; `null` unless
    /// `availabilityState` is `figure`.
    #[schema(required = true, minimum = 0, maximum = 1)]
    pub availability: Option<f64>,
    /// Whether `availability` is a figure, and if not, why (coverage `verified` of `total`).
    pub availability_state: AvailabilityState,
    /// Per category with providers.
    pub categories: Vec<AreaCategory>,
}

/// One category in a map area.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaCategory {
    /// Category id.
    pub building_block_category_id: i32,
    /// Its providers in the area (listed).
    pub total: i64,
    /// Of those, providers with a verified snapshot.
    pub verified: i64,
    /// Available pairs ÷ the pairs of its verified providers, 0..1; `null` unless
    /// `availabilityState` is `figure`.
    #[schema(required = true, minimum = 0, maximum = 1)]
    pub availability: Option<f64>,
    /// Whether `availability` is a figure, and if not, why (coverage `verified` of `total`).
    pub availability_state: AvailabilityState,
}

/// Building-block data of a boundary (spec §3 "Building block data"): `{boundary, lastQuarter,
/// buildingBlockReportingPeriods, buildingBlockCategoryStats}`, each category, block and
/// requirement with `availability` (0..1, now) and `periodAvailability` (label → 0..1 at the end
/// of each of the last four quarters).
pub async fn building_block_data(
    s: &AppState,
    boundary_id: i64,
) -> Result<BuildingBlockData, ApiError> {
    let quarters = reporting_quarters(Utc::now().date_naive());
    // Per requirement: providers of its block inside the boundary, available now, and available
    // at the end of each quarter (the latest snapshot at or before that quarter); per area of
    // the map the same providers, from the same snapshot.
    let reads = queries::availability_reads(&s.read_pool(), boundary_id, &quarters)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("No boundary has id {boundary_id}.")))?;
    let boundary = crate::http::boundary::BoundaryRow(reads.boundary).to_boundary();
    let labels: Vec<String> = quarters.iter().map(|q| quarter_label(*q)).collect();
    let periods = |per: &[Figure]| -> PeriodAvailability {
        labels
            .iter()
            .zip(per)
            .map(|(l, f)| (l.clone(), f.availability()))
            .collect()
    };
    let categories: Vec<CategoryStat> = fold_availability(reads.requirements, labels.len())
        .into_iter()
        .map(
            |FoldedCategory {
                 category: c,
                 blocks,
             }| {
                let block_stats: Vec<BlockStat> = blocks
                    .into_iter()
                    .map(
                        |FoldedBlock {
                             block: b,
                             requirements,
                         }| BlockStat {
                            building_block_id: b.id,
                            description: b.description,
                            building_block_count: b.listed,
                            verified_provider_count: b.now.verified,
                            availability: b.now.availability(),
                            availability_state: b.now.coverage().into(),
                            period_availability: periods(&b.per),
                            building_block_requirement_stats: requirements
                                .into_iter()
                                .map(|r| RequirementStat {
                                    building_block_requirement_id: r.id,
                                    availability: r.now.availability(),
                                    availability_state: r.now.coverage().into(),
                                    period_availability: periods(&r.per),
                                    provider_count: r.now.listed,
                                    verified_provider_count: r.now.verified,
                                    description: r.description,
                                })
                                .collect(),
                            options: vec![],
                            sub_options: vec![],
                        },
                    )
                    .collect();
                CategoryStat {
                    building_block_category_id: c.id,
                    is_included: true,
                    availability: c.now.availability(),
                    availability_state: c.now.coverage().into(),
                    period_availability: periods(&c.per),
                    provider_count: c.listed,
                    verified_provider_count: c.now.verified,
                    description: c.description,
                    building_block_stats: block_stats,
                }
            },
        )
        .collect();
    let contained = contained_availability(reads.areas);
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
/// providers (`total`), of those verified (`verified`), available (provider, requirement) pairs
/// ÷ the pairs of the verified providers now (`availability`, 0..1, only where the coverage
/// rule holds, `availabilityState` saying why not) and the same per category (`categories`).
/// Shelters count like any provider; no point or address is involved. Shaped from `rows`, the
/// per-area rows of [`queries::area_availability`] in its order.
pub fn contained_availability(rows: Vec<queries::AreaAvailabilityRow>) -> Vec<AvailabilityArea> {
    let mut out: Vec<AvailabilityArea> = Vec::new();
    let mut sums: Vec<Figure> = Vec::new();
    for row in rows {
        if out.last().map(|a| a.boundary_id) != Some(row.boundary_id) {
            out.push(AvailabilityArea {
                boundary_id: row.boundary_id,
                description: row.name,
                total: 0,
                verified: 0,
                availability: None,
                availability_state: AvailabilityState::NoProviders,
                categories: vec![],
            });
            sums.push(Figure::default());
        }
        let Some(cid) = row.category_id else {
            continue;
        };
        let figure = Figure {
            available: row.available,
            possible: row.pairs,
            verified: row.verified,
            listed: row.providers,
        };
        let area = out.last_mut().expect("pushed");
        let sum = sums.last_mut().expect("pushed");
        sum.available += figure.available;
        sum.possible += figure.possible;
        sum.verified += figure.verified;
        sum.listed += figure.listed;
        area.total += row.providers;
        area.verified = sum.verified;
        area.availability = sum.availability();
        area.availability_state = sum.coverage().into();
        area.categories.push(AreaCategory {
            building_block_category_id: cid,
            total: row.providers,
            verified: row.verified,
            availability: figure.availability(),
            availability_state: figure.coverage().into(),
        });
    }
    out
}

/// The categories with their building blocks as component-1 options (spec §3 "Component":
/// options with nested options).
pub async fn component_options(
    s: &AppState,
) -> Result<Vec<crate::http::component_option::ComponentOption>, ApiError> {
    use crate::http::component_option::{ComponentOption, OptionId, SubOption};
    let rows = queries::taxonomy_blocks(&s.read_pool()).await?;
    let mut out: Vec<ComponentOption> = Vec::new();
    let mut last = None;
    for row in rows {
        let (cid, cdesc, bid, bdesc) = (
            row.category_id,
            row.category_description,
            row.building_block_id,
            row.block_description,
        );
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
    pub(super) boundary_id: Option<String>,
}

pub(super) fn required_id(name: &str, v: &Option<String>) -> Result<i64, ApiError> {
    let raw = v
        .as_deref()
        .ok_or_else(|| ApiError::bad(name, format!("{name} is required.")))?;
    parse_id(name, raw)
}

/// `GET /api/buildingblock/getBuildingBlockData?boundaryId`.
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockData", operation_id = "getBuildingBlockData", tag = "building block",
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
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockRquirementDetailData", operation_id = "getBuildingBlockRequirementDetailData", tag = "building block",
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
