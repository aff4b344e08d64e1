//! Crime statistics for a boundary (public spec §3 "Crime data", §5 map rules, §9 constants).
//!
//! Figures are SAPS financial years (April–March), labelled `2022/23`; nothing is split into
//! quarters. "Total GBVF crime" is the sum of the selected crime types (by default the types
//! with `isIncluded`, see `gbvf_events::crime_types`).

pub mod recording;

use std::collections::{BTreeMap, BTreeSet};

use axum::extract::{Query, State};
use axum::Json;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime_types::{crime_type, CRIME_TYPES};
use gbvf_projections::crime::queries::{crime_stats_reads, AsOf, CrimeStatsReads};
pub use gbvf_projections::crime::rates::{period_label, rate_per_100k, round2};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use super::boundary::{Boundary, BoundaryRow};
use super::error::{parse_id, ApiError};
use super::AppState;

/// Crime colour scale for the map (public spec §3 "Map colour scales": Low under 10
/// #EED0D2, Medium 10-30 #CB7377, High 30+ #A8161D), applied to an area's density
/// (see [`density`]). `end` of the last band is open (1e9 stands for no limit).
pub fn crime_scale() -> Vec<ColorBand> {
    let band = |start, end, color: &str, description: &str| ColorBand {
        start,
        end,
        color: color.to_string(),
        description: description.to_string(),
    };
    vec![
        band(0, 10, "#EED0D2", "Low"),
        band(10, 30, "#CB7377", "Medium"),
        band(30, 1_000_000_000, "#A8161D", "High"),
    ]
}

/// One band of a map colour scale: areas whose density `d` has `start <= d < end` are drawn in
/// `color` (public spec §5 "Legend colour lookup").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ColorBand {
    /// Lower bound, inclusive.
    pub start: i64,
    /// Upper bound, exclusive (1,000,000,000 stands for no limit).
    pub end: i64,
    /// `#RRGGBB`.
    #[schema(pattern = "^#[0-9A-F]{6}$")]
    pub color: String,
    /// `Low`, `Medium`, `High`.
    pub description: String,
}

/// Crime palette, dark to light red from the primary #A8161D (public spec §9 colours).
pub const PALETTE: [&str; 6] = [
    "#A8161D", "#B8393F", "#C45A5F", "#CB7377", "#DDA1A4", "#EED0D2",
];

/// The map density of an area, the value coloured by [`crime_scale`]: the crime rate per
/// 1,000 people (rate per 100,000 ÷ 100), 2 decimals; for a SAPS precinct (type 5) the
/// total itself, as public spec §9 says. See docs/decisions/0049-map-density-and-population.md for
/// why per 1,000.
pub fn density(level: BoundaryLevel, total: i64, population: Option<i64>) -> Option<f64> {
    if level == BoundaryLevel::SapsPrecinct {
        return Some(total as f64);
    }
    rate_per_100k(total, population).map(|r| round2(r / 100.0))
}

/// The colour of `density` on `scale`: the first band with start <= density < end, else
/// black (public spec §5 "Legend colour lookup").
pub fn legend_colour(scale: &[ColorBand], density: Option<f64>) -> &str {
    let Some(d) = density else { return "#000000" };
    scale
        .iter()
        .find(|band| band.start as f64 <= d && d < band.end as f64)
        .map(|band| band.color.as_str())
        .unwrap_or("#000000")
}

/// Query of the crime statistics call.
#[derive(Debug, Deserialize)]
pub struct StatsQuery {
    #[serde(rename = "boundaryId")]
    boundary_id: Option<String>,
    /// Comma-separated crime type ids (strings); default: the types counted in Total GBVF crime.
    #[serde(rename = "componentOptions")]
    component_options: Option<String>,
    /// A day, `YYYY-MM-DD`: the figures as they were at its end (a permalink's date).
    #[serde(rename = "asOf")]
    as_of: Option<String>,
}

/// Parses `asOf`: absent or empty is [`AsOf::Now`]; else a day `YYYY-MM-DD` no later than
/// today in South Africa, or 400.
pub fn parse_as_of(raw: Option<&str>) -> Result<AsOf, ApiError> {
    let raw = raw.map(str::trim).unwrap_or("");
    if raw.is_empty() {
        return Ok(AsOf::Now);
    }
    let bad = || {
        ApiError::bad(
            "asOf",
            "asOf must be a date written YYYY-MM-DD, no later than today.",
        )
    };
    let shaped = raw.len() == 10
        && raw.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    if !shaped {
        return Err(bad());
    }
    let day = chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| bad())?;
    if day > gbvf_events::calendar::south_african_date(chrono::Utc::now()) {
        return Err(bad());
    }
    Ok(AsOf::EndOf(day))
}

/// Parses the selected crime types, or 400.
pub fn selected_types(raw: Option<&str>) -> Result<Vec<i32>, ApiError> {
    let raw = raw.map(str::trim).unwrap_or("");
    if raw.is_empty() {
        return Ok(CRIME_TYPES
            .iter()
            .filter(|t| t.is_included)
            .map(|t| t.id)
            .collect());
    }
    let mut out = BTreeSet::new();
    for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let id: i32 = part.parse().map_err(|_| {
            ApiError::bad(
                "componentOptions",
                "componentOptions must be crime type ids separated by commas.",
            )
        })?;
        if crime_type(id).is_none() {
            return Err(ApiError::bad(
                "componentOptions",
                format!("Unknown crime type {id}."),
            ));
        }
        out.insert(id);
    }
    Ok(out.into_iter().collect())
}

/// `GET /api/crime/stats?boundaryId`: crime statistics of a boundary and its children.
#[utoipa::path(get, path = "/api/crime/stats", tag = "crime", operation_id = "getCrimeStats",
    params(("boundaryId" = i64, Query, description = "boundary", minimum = 1),
           ("componentOptions" = Option<String>, Query, description = "comma-separated crime type ids", pattern = "^ *[0-9]+ *(, *[0-9]+ *)*$"),
           ("asOf" = Option<String>, Query, description = "the figures as recorded by the end of this day, South African time (`YYYY-MM-DD`, no later than today); the boundaries and populations stay today's", format = Date)),
    responses((status = 200, description = "The crime statistics", body = CrimeStats), (status = 400, description = "Malformed"), (status = 404, description = "Unknown boundary")))]
pub async fn stats(
    State(s): State<AppState>,
    Query(q): Query<StatsQuery>,
) -> Result<Json<CrimeStats>, ApiError> {
    let raw = q
        .boundary_id
        .ok_or_else(|| ApiError::bad("boundaryId", "boundaryId is required."))?;
    let id = parse_id("boundaryId", &raw)?;
    let types = selected_types(q.component_options.as_deref())?;
    let as_of = parse_as_of(q.as_of.as_deref())?;
    Ok(Json(crime_stats(&s.read_pool(), id, &types, as_of).await?))
}

/// Latest year with data for any selected type, and the total of the selected types then.
fn latest_total(by_year: &BTreeMap<i32, BTreeMap<i32, i64>>, types: &[i32]) -> Option<(i32, i64)> {
    by_year.iter().rev().find_map(|(year, values)| {
        let present: Vec<i64> = types
            .iter()
            .filter_map(|t| values.get(t).copied())
            .collect();
        (!present.is_empty()).then(|| (*year, present.iter().sum()))
    })
}

/// The crime statistics of a boundary and its children (public spec §3 "Crime data"; SAPS crime
/// statistics by financial year; populations of the same year, as `source.rateNote` says). The period fields describe the
/// latest SAPS financial year with a figure for a selected type (all `null` without data).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CrimeStats {
    /// Always `true`.
    pub success: bool,
    /// The boundary asked for.
    pub boundary: Boundary,
    /// The day whose end the figures are as of (`YYYY-MM-DD`, South African time), when one
    /// was asked for; `null` for today's figures.
    #[schema(required, format = Date)]
    pub as_of: Option<String>,
    /// Label of the latest financial year, `2022/23`.
    #[schema(required)]
    pub period: Option<String>,
    /// First day of that year, `2022-04-01`.
    #[schema(required)]
    pub period_start: Option<String>,
    /// Last day of that year, `2023-03-31`.
    #[schema(required)]
    pub period_end: Option<String>,
    /// Its first calendar year, 2022.
    #[schema(required)]
    pub year: Option<i32>,
    /// Whether it is the latest year with national figures.
    pub is_latest: bool,
    /// Label of the year before, when it has figures.
    #[schema(required)]
    pub previous_period: Option<String>,
    /// Total GBVF crime: the sum of the selected types in the period (crimes).
    #[schema(required)]
    pub total: Option<i64>,
    /// The same sum in the year before.
    #[schema(required)]
    pub previous_total: Option<i64>,
    /// Crimes per 100,000 people of `population`, 2 decimals (spec §9; `null` for a precinct
    /// or without a population).
    #[schema(required)]
    pub rate: Option<f64>,
    /// The population the rate divides by: the boundary's in the period (persons, estimated
    /// as `source.rateNote` says); `null` without figures or without a population for the year.
    #[schema(required)]
    pub population: Option<i64>,
    /// The value the map colours: crimes per 1,000 people, or the total for a precinct.
    #[schema(required)]
    pub density: Option<f64>,
    /// The crime type ids counted (strings, spec §2 Filters).
    pub selected_options: Vec<String>,
    /// The crime type ids counted in Total GBVF crime by default.
    pub default_options: Vec<String>,
    /// Per child boundary: the distribution in its own latest period (grid view).
    pub grouped_by_boundary: Vec<GroupedByBoundary>,
    /// Every crime type with a figure in the period.
    pub crime_stats: Vec<CrimeTypeStat>,
    /// The selected types' shares of the total.
    pub distribution: Vec<DistributionItem>,
    /// Total of the selected types per financial year, oldest first.
    pub series: Vec<SeriesPoint>,
    /// The children with their totals, rates and map colours.
    pub contained_boundary_data: Vec<ContainedBoundaryData>,
    /// The map legend.
    pub color_legend: ColorLegend,
    /// Chart colours, dark to light red.
    pub palette: Vec<String>,
    /// `#A8161D`.
    pub primary_color: String,
    /// Where the figures come from.
    pub source: DataSource,
}

/// One crime type's figure in the period.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CrimeTypeStat {
    /// Crime type id, as a string.
    pub crime_type_id: String,
    /// SAPS name of the type.
    pub description: String,
    /// Crimes recorded.
    pub value: i64,
    /// Crimes recorded the year before.
    #[schema(required)]
    pub previous_value: Option<i64>,
    /// Whether the type is among the selected ones.
    pub is_included: bool,
}

/// One selected type's share of the total.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributionItem {
    /// Crime type id, as a string.
    pub crime_type_id: String,
    /// SAPS name of the type.
    pub description: String,
    /// Crimes recorded.
    pub value: i64,
    /// Share of the total in percent, 2 decimals.
    pub percentage: f64,
}

/// Total of the selected types in one financial year.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SeriesPoint {
    /// `2022/23`.
    pub period: String,
    /// 2022.
    pub year: i32,
    /// Sum of `values`.
    pub total: i64,
    /// Crimes per selected crime type id.
    pub values: BTreeMap<String, i64>,
}

/// One child boundary's distribution in its own latest period.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupedByBoundary {
    /// Name of the child.
    pub boundary: String,
    /// Its id.
    pub boundary_id: i64,
    /// Its latest period, `2022/23`.
    #[schema(required)]
    pub period: Option<String>,
    /// Its total of the selected types then.
    #[schema(required)]
    pub total: Option<i64>,
    /// The selected types' shares.
    pub distribution: Vec<DistributionItem>,
}

/// One child boundary on the map.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContainedBoundaryData {
    /// Its id.
    pub boundary_id: i64,
    /// Its name.
    pub description: String,
    /// Source code.
    pub code: String,
    /// Level name.
    pub level: String,
    /// Public type number.
    #[schema(required)]
    pub boundary_type_id: Option<i32>,
    /// Its population in `period` (persons, estimated as `source.rateNote` says), the
    /// rate's denominator; `null` without figures or without a population for that year.
    #[schema(required)]
    pub people_count: Option<i64>,
    /// Total of the selected types in its latest period.
    #[schema(required)]
    pub total: Option<i64>,
    /// That period, `2022/23`.
    #[schema(required)]
    pub period: Option<String>,
    /// Crimes per 100,000 people.
    #[schema(required)]
    pub rate: Option<f64>,
    /// Crimes per 1,000 people (a precinct: the total).
    #[schema(required)]
    pub density: Option<f64>,
    /// Its map colour from [`crime_scale`] (`null` without data).
    #[schema(required)]
    pub color: Option<String>,
}

/// The map legend.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ColorLegend {
    /// The bands, lowest first.
    pub scale: Vec<ColorBand>,
}

/// Where crime figures come from.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataSource {
    /// The publication.
    pub name: String,
    /// The data sets the figures were read from.
    pub datasets: Vec<String>,
    /// Attribution lines shown under the charts.
    pub attribution: Vec<String>,
    /// How the rate and the map density are computed.
    pub rate_note: String,
}

/// How the rate and the map density are computed, said beside the figures (decision 0157;
/// the web app shows its catalog's translation of the same words).
pub const RATE_NOTE: &str = "Rate per 100,000 people divides the crimes of a SAPS year by the population of that year: Census 2022 precinct populations summed by area, carried to 1 October of the year at the province's growth between Census 2011 and Census 2022. Map density is the rate per 1,000 people.";

/// Builds the [`CrimeStats`] of boundary `id` for the selected crime `types`, from the figures
/// as of `as_of`.
/// Errors: 404 for an unknown boundary; 500 on a database fault.
#[tracing::instrument(name = "read model crime_total", skip_all, fields(boundary.id = id))]
pub async fn crime_stats(
    pool: &PgPool,
    id: i64,
    types: &[i32],
    as_of: AsOf,
) -> Result<CrimeStats, ApiError> {
    let CrimeStatsReads {
        boundary: b,
        own,
        national_latest,
        growth,
        children,
        child_figures,
    } = crime_stats_reads(pool, id, as_of)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("No boundary has id {id}.")))?;
    let b = BoundaryRow(b);
    let children: Vec<BoundaryRow> = children.into_iter().map(BoundaryRow).collect();

    let mut by_year: BTreeMap<i32, BTreeMap<i32, i64>> = BTreeMap::new();
    let mut sources = BTreeSet::new();
    for f in &own {
        by_year
            .entry(f.year)
            .or_default()
            .insert(f.crime_type_id, f.value);
        if let Some(src) = &f.source {
            sources.insert(src.clone());
        }
    }
    let share = |t: &gbvf_events::crime_types::CrimeType, v: i64, total: i64| DistributionItem {
        crime_type_id: t.id.to_string(),
        description: t.description.to_string(),
        value: v,
        percentage: if total > 0 {
            round2(v as f64 / total as f64 * 100.0)
        } else {
            0.0
        },
    };
    let mut stats = CrimeStats {
        success: true,
        boundary: b.to_boundary(),
        as_of: match as_of {
            AsOf::Now => None,
            AsOf::EndOf(day) => Some(day.to_string()),
        },
        period: None,
        period_start: None,
        period_end: None,
        year: None,
        is_latest: false,
        previous_period: None,
        total: None,
        previous_total: None,
        rate: None,
        population: None,
        density: None,
        selected_options: types.iter().map(|t| t.to_string()).collect(),
        default_options: CRIME_TYPES
            .iter()
            .filter(|t| t.is_included)
            .map(|t| t.id.to_string())
            .collect(),
        grouped_by_boundary: vec![],
        crime_stats: vec![],
        distribution: vec![],
        series: vec![],
        contained_boundary_data: vec![],
        color_legend: ColorLegend {
            scale: crime_scale(),
        },
        palette: PALETTE.iter().map(|c| c.to_string()).collect(),
        primary_color: PALETTE[0].to_string(),
        source: DataSource {
            name: "SAPS crime statistics, financial years April to March".into(),
            datasets: vec![],
            attribution: vec![
                "Crime statistics: SAPS".into(),
                "Population: Statistics South Africa, Census 2022 and Census 2011".into(),
                "Boundaries: Municipal Demarcation Board".into(),
            ],
            rate_note: RATE_NOTE.into(),
        },
    };
    if let Some((year, total)) = latest_total(&by_year, types) {
        let prev_year = year - 1;
        let prev = by_year.get(&prev_year);
        let prev_total: Option<i64> = prev.and_then(|p| {
            let v: Vec<i64> = types.iter().filter_map(|t| p.get(t).copied()).collect();
            (!v.is_empty()).then(|| v.iter().sum())
        });
        let now = &by_year[&year];
        stats.crime_stats = CRIME_TYPES
            .iter()
            .filter(|t| now.contains_key(&t.id))
            .map(|t| CrimeTypeStat {
                crime_type_id: t.id.to_string(),
                description: t.description.to_string(),
                value: now[&t.id],
                previous_value: prev.and_then(|p| p.get(&t.id).copied()),
                is_included: types.contains(&t.id),
            })
            .collect();
        stats.distribution = CRIME_TYPES
            .iter()
            .filter(|t| types.contains(&t.id) && now.contains_key(&t.id))
            .map(|t| share(t, now[&t.id], total))
            .collect();
        stats.period = Some(period_label(year));
        stats.period_start = Some(format!("{year}-04-01"));
        stats.period_end = Some(format!("{}-03-31", year + 1));
        stats.year = Some(year);
        stats.is_latest = national_latest.map(|n| n == year).unwrap_or(true);
        stats.previous_period = prev_total.map(|_| period_label(prev_year));
        stats.total = Some(total);
        stats.previous_total = prev_total;
    }
    stats.series = by_year
        .iter()
        .filter_map(|(year, values)| {
            let sel: BTreeMap<String, i64> = types
                .iter()
                .filter_map(|t| values.get(t).map(|v| (t.to_string(), *v)))
                .collect();
            (!sel.is_empty()).then(|| SeriesPoint {
                period: period_label(*year),
                year: *year,
                total: sel.values().sum::<i64>(),
                values: sel,
            })
        })
        .collect();

    // Children: each with its own latest period for the selected types.
    let mut child_years: BTreeMap<i64, BTreeMap<i32, BTreeMap<i32, i64>>> = BTreeMap::new();
    for f in &child_figures {
        child_years
            .entry(f.boundary_id)
            .or_default()
            .entry(f.year)
            .or_default()
            .insert(f.crime_type_id, f.value);
        if let Some(src) = &f.source {
            sources.insert(src.clone());
        }
    }
    // Per child: the distribution of the selected types in its own latest period (grid view).
    stats.grouped_by_boundary = children
        .iter()
        .map(|c| {
            let years = child_years.get(&c.boundary_id);
            let latest = years.and_then(|y| latest_total(y, types));
            let distribution: Vec<DistributionItem> = match (years, latest) {
                (Some(y), Some((year, total))) => CRIME_TYPES
                    .iter()
                    .filter(|t| types.contains(&t.id))
                    .filter_map(|t| y[&year].get(&t.id).map(|v| share(t, *v, total)))
                    .collect(),
                _ => vec![],
            };
            GroupedByBoundary {
                boundary: c.name.clone(),
                boundary_id: c.boundary_id,
                period: latest.map(|l| period_label(l.0)),
                total: latest.map(|l| l.1),
                distribution,
            }
        })
        .collect();
    let scale = &stats.color_legend.scale;
    stats.contained_boundary_data = children
        .iter()
        .map(|c: &BoundaryRow| {
            let latest = child_years
                .get(&c.boundary_id)
                .and_then(|y| latest_total(y, types));
            let level = c.level();
            let people = latest.and_then(|l| growth.population_in(c, l.0));
            ContainedBoundaryData {
                boundary_id: c.boundary_id,
                description: c.name.clone(),
                code: c.code.clone(),
                level: c.level.clone(),
                boundary_type_id: level.public_type_id(),
                people_count: people,
                total: latest.map(|l| l.1),
                period: latest.map(|l| period_label(l.0)),
                rate: latest.and_then(|l| rate_per_100k(l.1, people)),
                density: latest.and_then(|l| density(level, l.1, people)),
                color: latest
                    .map(|l| legend_colour(scale, density(level, l.1, people)).to_string()),
            }
        })
        .collect();

    stats.population = stats.year.and_then(|year| growth.population_in(&b, year));
    stats.rate = stats.total.and_then(|t| {
        if b.level() == BoundaryLevel::SapsPrecinct {
            None
        } else {
            rate_per_100k(t, stats.population)
        }
    });
    stats.density = stats
        .total
        .and_then(|t| density(b.level(), t, stats.population));
    stats.source.datasets = sources.into_iter().collect();
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn financial_year_labels() {
        assert_eq!(period_label(2022), "2022/23");
        assert_eq!(period_label(1999), "1999/00");
    }

    #[test]
    fn rates_have_two_decimals() {
        assert_eq!(rate_per_100k(27_494, Some(62_027_502)), Some(44.33));
        assert_eq!(rate_per_100k(5, None), None);
        assert_eq!(density(BoundaryLevel::SapsPrecinct, 12, None), Some(12.0));
        assert_eq!(
            density(BoundaryLevel::Province, 27_494, Some(62_027_502)),
            Some(0.44)
        );
    }

    #[test]
    fn legend_lookup_takes_the_first_band_else_black() {
        let scale = crime_scale();
        assert_eq!(legend_colour(&scale, Some(0.0)), "#EED0D2");
        assert_eq!(legend_colour(&scale, Some(10.0)), "#CB7377");
        assert_eq!(legend_colour(&scale, Some(29.99)), "#CB7377");
        assert_eq!(legend_colour(&scale, Some(30.0)), "#A8161D");
        assert_eq!(legend_colour(&scale, Some(-1.0)), "#000000");
        assert_eq!(legend_colour(&scale, None), "#000000");
    }

    #[test]
    fn selected_types_default_to_total_gbvf_crime() {
        let d = selected_types(None).unwrap();
        assert!(d.iter().all(|t| crime_type(*t).unwrap().is_included));
        assert_eq!(selected_types(Some("6, 1")).unwrap(), vec![1, 6]);
        assert!(selected_types(Some("x")).is_err());
        assert!(selected_types(Some("999")).is_err());
    }
}
