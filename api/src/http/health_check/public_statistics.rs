//! The public health-check figures by boundary (public spec health-check cards): participation
//! and maturity as published once a quarter has ended ([`super::publication`]): a fixed table
//! of cells with primary and secondary suppression. A read only selects published cells and
//! sums them; it never computes a new cell and never writes.

use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::Json;
use gbvf_commands::accounts::reference::ORGANISATION_TYPES;
use gbvf_commands::health_check::current_dashboard_quarter;
use gbvf_projections::health_check::{public_stats_reads, PublishedCell};
use serde::{Deserialize, Serialize};

/// Query of the public statistics.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatsQuery {
    /// Boundary (nation 1 when absent).
    #[serde(rename = "boundaryId")]
    #[param(minimum = 1)]
    pub boundary_id: Option<i64>,
    /// Quarter as `2026Q3`; the dashboard's current quarter (the previous calendar quarter,
    /// admin spec §9) when absent.
    #[param(pattern = "^[0-9]{4}Q[1-4]$")]
    pub quarter: Option<String>,
    /// Organisation type ids separated by commas (the health-check component's options,
    /// public spec §2 Filters); every type when absent or empty.
    #[serde(rename = "componentOptions")]
    #[param(pattern = "^ *[0-9]+ *(, *[0-9]+ *)*$")]
    pub component_options: Option<String>,
}

/// The organisation types of a `componentOptions` list (`"1,4"`); empty for every type.
/// Errors: 400 when a part is not a known organisation type id.
pub fn organisation_types(raw: Option<&str>) -> Result<Vec<i32>, ApiError> {
    let mut types = Vec::new();
    for part in raw
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let id: i32 = part.parse().map_err(|_| {
            ApiError::bad(
                "componentOptions",
                "componentOptions must be organisation type ids separated by commas.",
            )
        })?;
        if !ORGANISATION_TYPES.iter().any(|(t, _)| *t == id) {
            return Err(ApiError::bad(
                "componentOptions",
                format!("Unknown organisation type {id}."),
            ));
        }
        if !types.contains(&id) {
            types.push(id);
        }
    }
    types.sort();
    Ok(types)
}

/// `GET /api/healthcheck/stats?boundaryId=&quarter=&componentOptions=` (public): the published
/// health-check figures of a boundary (docs/decisions/0123-public-cells-and-suppression.md).
/// Figures exist for quarters that have ended and been published; the default quarter is the
/// dashboard's (the previous calendar quarter, admin spec §9). `healthCheckStats` per
/// organisation type (Reach pie: organisationCount of approved organisations now;
/// participatingOrganisations; totalActualResponses; overalMaturity), `byQuarter` (every
/// published quarter), and `containedBoundaryData` per child boundary. Response and expected
/// counts are `null` where a cell is suppressed (fewer than 3 organisations, or a cell that
/// would follow from others by subtraction); maturity is `null` unless at least 3 organisations
/// with at least 5 responses each contribute and the cell is not suppressed. A choice of
/// types sums published type cells (all of them shown, else `null`); every type chosen is the
/// all-types cell. `example` is true when any figure includes example data.
#[utoipa::path(get, path = "/api/healthcheck/stats", tag = "healthcheck", operation_id = "getHealthCheckStats", params(StatsQuery),
    responses((status = 200, description = "The figures", body = HealthCheckStatsAnswer),
              (status = 400, description = "Bad quarter"), (status = 404, description = "Unknown boundary")))]
pub async fn stats(
    State(s): State<AppState>,
    Query(q): Query<StatsQuery>,
) -> Result<Json<HealthCheckStatsAnswer>, ApiError> {
    let types = organisation_types(q.component_options.as_deref())?;
    let data = public_stats(&s, q.boundary_id.unwrap_or(1), q.quarter.as_deref(), &types).await?;
    Ok(Json(HealthCheckStatsAnswer {
        success: true,
        data,
    }))
}

/// The answer of `GET /api/healthcheck/stats`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HealthCheckStatsAnswer {
    /// Always `true`.
    pub success: bool,
    /// The figures.
    pub data: HealthCheckStats,
}

/// The public health-check figures of a boundary in one quarter (public spec §3 "Health check
/// data"), as published.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HealthCheckStats {
    /// The boundary.
    pub boundary_id: i64,
    /// `2026 Q3`.
    pub period: String,
    /// `2026Q3`.
    #[schema(pattern = "^[0-9]{4}Q[1-4]$")]
    pub quarter: String,
    /// False while the quarter has not ended and been published: every figure is then empty.
    pub published: bool,
    /// The quarter's figures over the chosen organisation types.
    pub overall: Participation,
    /// Per organisation type (the Reach pie and maturity per type).
    pub health_check_stats: Vec<OrganisationTypeStat>,
    /// Every published quarter of the boundary, oldest first.
    pub by_quarter: Vec<QuarterStat>,
    /// Per child boundary with responses in the quarter.
    pub contained_boundary_data: Vec<AreaStat>,
    /// Whether any figure comes from example data.
    pub example: bool,
    /// Approved organisations in the boundary now.
    pub total_organisations: i64,
    /// `overall.participatingOrganisations`.
    pub total_participating_organisations: i64,
    /// `overall.totalActualResponses`.
    #[schema(required)]
    pub total_actual_responses: Option<i64>,
    /// Responses expected in the quarter; `null` where suppressed.
    #[schema(required)]
    pub total_expected_responses: Option<i64>,
    /// The privacy rule, for people.
    pub note: String,
}

/// Participation and maturity of a set of organisations in a quarter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Participation {
    /// Organisations with responses.
    pub participating_organisations: i64,
    /// Responses; `null` where the cell is suppressed (fewer than 3 organisations, or a cell
    /// that would follow from others by subtraction).
    #[schema(required)]
    pub total_actual_responses: Option<i64>,
    /// Maturity in whole percent, or `null` under the privacy rule (spelled as the
    /// specification spells it).
    #[schema(required)]
    pub overal_maturity: Option<f64>,
}

/// One organisation type's figures in the quarter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationTypeStat {
    /// Its participation and maturity.
    #[serde(flatten)]
    pub participation: Participation,
    /// Organisation type id.
    pub organisation_type_id: i32,
    /// Its name.
    pub description: String,
    /// Approved organisations of the type in the boundary now.
    pub organisation_count: i64,
    /// `2026Q3`.
    pub quarter: String,
}

/// Participation in one quarter (the calendar quarter in which a survey period starts).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuarterStat {
    /// Its participation and maturity.
    #[serde(flatten)]
    pub participation: Participation,
    /// `2026Q3`.
    pub quarter: String,
    /// Responses expected on the survey links that start in the quarter, answered or not;
    /// `null` where suppressed.
    #[schema(required)]
    pub total_expected_responses: Option<i64>,
}

/// One child boundary's figures in the quarter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaStat {
    /// Its participation and maturity.
    #[serde(flatten)]
    pub participation: Participation,
    /// The child boundary.
    pub boundary_id: i64,
}

/// The figures of a choice of organisation types, from published cells only.
#[derive(Debug, Clone, Default)]
struct Figure {
    participating: i64,
    responses: Option<i64>,
    expected: Option<i64>,
    maturity: Option<f64>,
    example: bool,
}

impl Figure {
    fn participation(&self) -> Participation {
        Participation {
            participating_organisations: self.participating,
            total_actual_responses: self.responses,
            overal_maturity: self.maturity,
        }
    }
}

/// The figure of `types` (every type when empty) in boundary `b` and quarter `q` from the
/// published `cells`: the all-types cell when every type with a cell is chosen, else the sum of the chosen
/// type cells (a count only when every one of them is shown; a maturity only for one type, or
/// weighted by the shown responses when every chosen cell's maturity and count are shown).
/// A cell that was not published is an empty one; a boundary with no cell in the quarter (not
/// published, or nobody there) has no counts at all.
fn figure(cells: &[PublishedCell], b: i64, q: &str, types: &[i32]) -> Figure {
    if !cells.iter().any(|c| c.boundary_id == b && c.quarter == q) {
        return Figure::default();
    }
    let find = |key: &str| {
        cells
            .iter()
            .find(|c| c.boundary_id == b && c.quarter == q && c.cell == key)
    };
    // Types with no cell here hold nobody: a choice of every type that has a cell is the
    // all-types cell.
    let every = types.is_empty()
        || cells
            .iter()
            .filter(|c| c.boundary_id == b && c.quarter == q)
            .filter_map(|c| c.cell.strip_prefix("type:")?.parse::<i32>().ok())
            .all(|t| types.contains(&t));
    let keys: Vec<String> = if every {
        vec!["all".into()]
    } else {
        types.iter().map(|t| format!("type:{t}")).collect()
    };
    let chosen: Vec<&PublishedCell> = keys.iter().filter_map(|k| find(k)).collect();
    let sum = |f: &dyn Fn(&PublishedCell) -> Option<i64>| -> Option<i64> {
        chosen.iter().map(|c| f(c)).sum::<Option<i64>>()
    };
    let maturity = match chosen.as_slice() {
        [] => None,
        [one] => one.maturity,
        many => {
            let parts: Option<Vec<(f64, i64)>> = many
                .iter()
                .filter(|c| c.participating > 0)
                .map(|c| Some((c.maturity?, c.responses?)))
                .collect();
            parts.and_then(|p| {
                let w: i64 = p.iter().map(|x| x.1).sum();
                (w > 0)
                    .then(|| (p.iter().map(|(m, r)| m * *r as f64).sum::<f64>() / w as f64).round())
            })
        }
    };
    Figure {
        participating: chosen.iter().map(|c| c.participating).sum(),
        responses: sum(&|c| c.responses),
        expected: sum(&|c| c.expected),
        maturity,
        example: chosen.iter().any(|c| c.example),
    }
}

/// The `data` of [`stats`] for `boundary` and `quarter` (`2026Q3`; the dashboard's current
/// quarter when `None`), counting only organisations of the `types` given (every type when
/// empty); also the `healthCheck` part of `/api/dashboard`. Reads the published cells only.
/// Errors: 404 unknown boundary, 400 malformed quarter.
pub async fn public_stats(
    s: &AppState,
    boundary: i64,
    quarter: Option<&str>,
    types: &[i32],
) -> Result<HealthCheckStats, ApiError> {
    let (qy, qq) = match quarter {
        Some(t) => {
            let bad = || ApiError::bad("quarter", "quarter must look like 2026Q3.");
            let (y, n) = t.split_once('Q').ok_or_else(bad)?;
            // Four digits, `Q`, one digit: what the answer's `quarter` echoes (its schema's
            // pattern `^[0-9]{4}Q[1-4]$`); `0273Q3` or `2026Q+3` are refused, not rewritten.
            if y.len() != 4
                || n.len() != 1
                || !y.bytes().chain(n.bytes()).all(|b| b.is_ascii_digit())
                || y.starts_with('0')
            {
                return Err(bad());
            }
            let (y, n) = (
                y.parse::<i32>().map_err(|_| bad())?,
                n.parse::<u32>().map_err(|_| bad())?,
            );
            if !(1..=4).contains(&n) {
                return Err(bad());
            }
            (y, n)
        }
        None => current_dashboard_quarter(chrono::Utc::now()),
    };
    let qk = format!("{qy}Q{qq}");
    let reads = public_stats_reads(&s.pool, boundary, &qk)
        .await?
        .ok_or_else(|| ApiError::NotFound("No boundary has this id.".into()))?;
    let cells = reads.cells;
    let approved: Vec<_> = reads
        .approved
        .into_iter()
        .filter(|a| types.is_empty() || types.contains(&a.organisation_type_id))
        .collect();
    let overall = figure(&cells, boundary, &qk, types);
    let mut example = overall.example;
    let chosen: Vec<&(i32, &str)> = ORGANISATION_TYPES
        .iter()
        .filter(|(t, _)| types.is_empty() || types.contains(t))
        .collect();
    let by_type: Vec<OrganisationTypeStat> = chosen
        .iter()
        .map(|(t, d)| {
            let f = figure(&cells, boundary, &qk, &[*t]);
            example |= f.example;
            OrganisationTypeStat {
                participation: f.participation(),
                organisation_type_id: *t,
                description: d.to_string(),
                organisation_count: approved
                    .iter()
                    .find(|a| a.organisation_type_id == *t)
                    .map(|a| a.organisations)
                    .unwrap_or(0),
                quarter: qk.clone(),
            }
        })
        .collect();
    let mut quarters: Vec<&str> = cells
        .iter()
        .filter(|c| c.boundary_id == boundary)
        .map(|c| c.quarter.as_str())
        .collect();
    quarters.sort();
    quarters.dedup();
    let by_quarter: Vec<QuarterStat> = quarters
        .iter()
        .map(|q| {
            let f = figure(&cells, boundary, q, types);
            QuarterStat {
                participation: f.participation(),
                quarter: q.to_string(),
                total_expected_responses: f.expected,
            }
        })
        .filter(|x| {
            x.participation.participating_organisations > 0 || x.total_expected_responses != Some(0)
        })
        .collect();
    let mut children: Vec<i64> = cells
        .iter()
        .filter(|c| c.parent_id == Some(boundary) && c.quarter == qk)
        .map(|c| c.boundary_id)
        .collect();
    children.sort();
    children.dedup();
    let contained: Vec<AreaStat> = children
        .iter()
        .map(|c| (c, figure(&cells, *c, &qk, types)))
        .filter(|(_, f)| f.participating > 0)
        .map(|(c, f)| {
            example |= f.example;
            AreaStat {
                participation: f.participation(),
                boundary_id: *c,
            }
        })
        .collect();
    let published = cells.iter().any(|c| c.quarter == qk);
    let total_organisations: i64 = approved.iter().map(|a| a.organisations).sum();
    Ok(HealthCheckStats {
        boundary_id: boundary,
        period: format!("{qy} Q{qq}"),
        quarter: qk,
        published,
        health_check_stats: by_type,
        by_quarter,
        contained_boundary_data: contained,
        example,
        total_organisations,
        total_participating_organisations: overall.participating,
        total_actual_responses: overall.responses,
        total_expected_responses: overall.expected,
        overall: overall.participation(),
        note: PUBLIC_NOTE.into(),
    })
}

/// What the public figures say of their privacy rules.
pub const PUBLIC_NOTE: &str = "Figures are published once a quarter has ended. Counts are shown where at least 3 organisations take part, and withheld where they would let a smaller group be worked out from other figures; maturity needs at least 3 organisations with at least 5 responses each, in whole percent.";
