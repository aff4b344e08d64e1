//! The public health-check figures by boundary (public spec health-check cards): participation
//! and maturity, under the privacy rules of the folder's notes.

use super::*;
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::Json;
use gbvf_commands::accounts::reference::ORGANISATION_TYPES;
use gbvf_commands::health_check::{
    current_dashboard_quarter, percent, public_figure, published_responses, quarter_of,
    MIN_ORGANISATIONS,
};
use gbvf_events::healthcheck::QuestionnairePublished;
use gbvf_projections::accounts::queries::approved_organisations_by_type;
use gbvf_projections::geography::queries::level_and_parent;
use gbvf_projections::healthcheck::queries::participation_in;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

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

/// `GET /api/healthcheck/stats?boundaryId=&quarter=` (public): health-check participation in a
/// boundary. `healthCheckStats` per organisation type for the quarter (Reach pie:
/// organisationCount of approved organisations; participatingOrganisations;
/// totalActualResponses; overalMaturity), `byQuarter` (Number of surveys completed by quarter
/// with participating organisations and overall maturity), and `containedBoundaryData` per
/// child boundary for the map. A maturity is given only when at least 3 organisations with at
/// least 5 responses each contribute; it is their maturity averaged with their responses as
/// weights (admin spec §9). `example` is true when any figure includes example data.
#[utoipa::path(get, path = "/api/healthcheck/stats", tag = "healthcheck", operation_id = "healthCheckStats", params(StatsQuery),
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
/// data"; the health-check read model). Maturity is `null` unless at least 3 organisations with
/// at least 5 responses each contribute (the privacy rule, `MIN_ORGANISATIONS`).
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
    /// The quarter's figures over all organisation types.
    pub overall: Participation,
    /// Per organisation type (the Reach pie and maturity per type).
    pub health_check_stats: Vec<OrganisationTypeStat>,
    /// Participation per quarter with responses, oldest first.
    pub by_quarter: Vec<QuarterStat>,
    /// Per child boundary with responses in the quarter.
    pub contained_boundary_data: Vec<AreaStat>,
    /// Whether any figure comes from example data.
    pub example: bool,
    /// Approved organisations in the boundary.
    pub total_organisations: i64,
    /// `overall.participatingOrganisations`.
    pub total_participating_organisations: i64,
    /// `overall.totalActualResponses` (`null` with fewer than 3 organisations taking part).
    #[schema(required)]
    pub total_actual_responses: Option<i64>,
    /// Responses expected in the quarter.
    pub total_expected_responses: i64,
    /// The privacy rule, for people.
    pub note: String,
}

/// Participation and maturity of a set of organisations in a quarter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Participation {
    /// Organisations with responses.
    pub participating_organisations: i64,
    /// Responses; `null` where fewer than 3 organisations take part, since one organisation
    /// could be alone there.
    #[schema(required)]
    pub total_actual_responses: Option<i64>,
    /// Maturity in whole percent, or `null` under the privacy rule (spelled as the
    /// specification spells it). It is the figure last published for this group: it changes
    /// only when at least 3 contributing organisations have joined or left since.
    #[schema(required)]
    pub overal_maturity: Option<f64>,
}

/// One group of organisations in the public figures (a boundary's quarter, an organisation
/// type, a child area): organisations taking part, their responses, the organisations whose
/// maturity contributes, and their combined maturity now (percent; `None` under the privacy
/// rule).
pub(super) struct Group {
    participating: i64,
    responses: i64,
    scored: std::collections::BTreeSet<String>,
    value: Option<f64>,
}

/// The maturity to show for each group (by key `<boundary>/<year>Q<n>/<all|type:t|area:id>`):
/// the last published figure of `health_check_public_figure`, replaced (and stored) when
/// [`public_figure`] says so. Concurrent readers store the same figure.
pub(super) async fn published_figures(
    s: &AppState,
    groups: &[(String, Group)],
) -> Result<HashMap<String, Option<f64>>, ApiError> {
    let keys: Vec<&String> = groups.iter().map(|(k, _)| k).collect();
    let last = gbvf_projections::healthcheck::public_figures(&s.pool, &keys).await?;
    let mut shown = HashMap::new();
    let (mut new_keys, mut new_sets, mut new_values) = (Vec::new(), Vec::new(), Vec::new());
    for (key, g) in groups {
        let (figure, publish) =
            public_figure(last.get(key).map(|(set, m)| (set, *m)), &g.scored, g.value);
        if publish {
            new_keys.push(key.clone());
            new_sets
                .push(serde_json::to_value(&g.scored).map_err(|e| ApiError::Internal(e.into()))?);
            new_values.push(figure);
        }
        shown.insert(key.clone(), figure);
    }
    gbvf_projections::healthcheck::publish_figures(&s.pool, &new_keys, &new_sets, &new_values)
        .await?;
    Ok(shown)
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
    /// Approved organisations of the type in the boundary.
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
    /// Responses expected on the survey links that start in the quarter, answered or not.
    pub total_expected_responses: i64,
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

/// The `data` of [`stats`] for `boundary` and `quarter` (`2026Q3`; the dashboard's current
/// quarter when `None`), counting only organisations of the `types` given (every type when
/// empty); also the `healthCheck` part of `/api/dashboard`. Errors: 404 unknown boundary, 400
/// malformed quarter.
pub async fn public_stats(
    s: &AppState,
    boundary: i64,
    quarter: Option<&str>,
    types: &[i32],
) -> Result<HealthCheckStats, ApiError> {
    let level = level_and_parent(&s.pool, boundary)
        .await?
        .ok_or_else(|| ApiError::NotFound("No boundary has this id.".into()))?
        .level;
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
    let child = match level.as_str() {
        "national" | "nation" => Some("province_id"),
        "province" => Some("district_id"),
        "district" => Some("municipality_id"),
        _ => None,
    };
    // Per organisation and quarter: responses, maturity inputs; computed here from the read model.
    let rows = participation_in(&s.pool, boundary).await?;
    let mut defs: HashMap<String, QuestionnairePublished> = HashMap::new();
    // (org, type, child boundary, quarter, responses, maturity if ≥ 5 responses)
    let mut per: Vec<OrganisationQuarter> = Vec::new();
    let mut example = false;
    // Expected responses per quarter, over every link of the chosen types (answered or not).
    let mut expected: std::collections::BTreeMap<(i32, u32), i64> = Default::default();
    for r in rows {
        if !types.is_empty() && !types.contains(&r.organisation_type_id) {
            continue;
        }
        *expected.entry(quarter_of(r.effective_from)).or_default() += r.expected_responses as i64;
        if r.actual_responses == 0 {
            continue;
        }
        if !defs.contains_key(&r.questionnaire_id) {
            if let Some(def) = load_questionnaire(s, &r.questionnaire_id).await? {
                defs.insert(r.questionnaire_id.clone(), def);
            }
        }
        let f = figures(s, &r.health_check_id).await?;
        let mat = defs
            .get(&r.questionnaire_id)
            .and_then(|def| scores(def, &f))
            .and_then(|(_, m)| m);
        let c = match child {
            Some("province_id") => r.province_id,
            Some("district_id") => r.district_id,
            Some(_) => r.municipality_id,
            None => None,
        };
        example |= r.example;
        per.push((
            r.organisation_id,
            r.organisation_type_id,
            c,
            quarter_of(r.effective_from),
            r.actual_responses,
            mat,
            r.expected_responses as i64,
        ));
    }
    // Each group's participation and its current figure; the figure shown is the last one
    // published for the group unless enough organisations changed (`public_figure`).
    let combine = |items: &[&OrganisationQuarter]| -> Group {
        let orgs: std::collections::BTreeSet<&String> = items.iter().map(|x| &x.0).collect();
        let responses: i64 = items.iter().map(|x| x.4).sum();
        let scored: Vec<_> = items.iter().filter_map(|x| x.5.map(|m| (x, m))).collect();
        let scored_orgs: std::collections::BTreeSet<String> =
            scored.iter().map(|(x, _)| x.0.clone()).collect();
        // Weighted by the responses each organisation's published figures come from.
        let weight: i64 = scored.iter().map(|(x, _)| published_responses(x.4)).sum();
        let value = if scored_orgs.len() as i64 >= MIN_ORGANISATIONS && weight > 0 {
            Some(percent(
                scored
                    .iter()
                    .map(|(x, m)| m * published_responses(x.4) as f64)
                    .sum::<f64>()
                    / weight as f64,
            ))
        } else {
            None
        };
        Group {
            participating: orgs.len() as i64,
            responses,
            scored: scored_orgs,
            value,
        }
    };
    // A filtered view is its own group for the published figures (`<boundary>[types:1,4]/…`).
    let scope = if types.is_empty() {
        String::new()
    } else {
        let ids: Vec<String> = types.iter().map(i32::to_string).collect();
        format!("[types:{}]", ids.join(","))
    };
    let quarter_key = |y: i32, q: u32| format!("{boundary}{scope}/{y}Q{q}");
    let approved: Vec<_> = approved_organisations_by_type(&s.pool, boundary)
        .await?
        .into_iter()
        .filter(|a| types.is_empty() || types.contains(&a.organisation_type_id))
        .collect();
    let in_quarter: Vec<_> = per.iter().filter(|x| x.3 == (qy, qq)).collect();
    let mut groups: Vec<(String, Group)> = Vec::new();
    let overall_key = format!("{}/all", quarter_key(qy, qq));
    groups.push((overall_key.clone(), combine(&in_quarter)));
    let chosen: Vec<&(i32, &str)> = ORGANISATION_TYPES
        .iter()
        .filter(|(t, _)| types.is_empty() || types.contains(t))
        .collect();
    for (t, _) in chosen.iter().copied() {
        let items: Vec<_> = in_quarter.iter().copied().filter(|x| x.1 == *t).collect();
        groups.push((format!("{}/type:{t}", quarter_key(qy, qq)), combine(&items)));
    }
    // Quarters with responses or with links.
    let mut quarters: Vec<(i32, u32)> = per
        .iter()
        .map(|x| x.3)
        .chain(expected.keys().copied())
        .collect();
    quarters.sort();
    quarters.dedup();
    for qt in &quarters {
        let items: Vec<_> = per.iter().filter(|x| x.3 == *qt).collect();
        let key = format!("{}/all", quarter_key(qt.0, qt.1));
        if key != overall_key {
            groups.push((key, combine(&items)));
        }
    }
    let mut children: Vec<i64> = in_quarter.iter().filter_map(|x| x.2).collect();
    children.sort();
    children.dedup();
    for c in &children {
        let items: Vec<_> = in_quarter
            .iter()
            .copied()
            .filter(|x| x.2 == Some(*c))
            .collect();
        groups.push((format!("{}/area:{c}", quarter_key(qy, qq)), combine(&items)));
    }
    let shown = published_figures(s, &groups).await?;
    let participation = |key: &str| -> Participation {
        let g = &groups.iter().find(|(k, _)| k == key).expect("grouped").1;
        Participation {
            participating_organisations: g.participating,
            // Withheld where fewer than 3 organisations take part: one could be alone.
            total_actual_responses: (g.participating >= MIN_ORGANISATIONS).then_some(g.responses),
            overal_maturity: shown.get(key).copied().flatten(),
        }
    };
    let by_type: Vec<OrganisationTypeStat> = chosen
        .iter()
        .map(|(t, d)| OrganisationTypeStat {
            participation: participation(&format!("{}/type:{t}", quarter_key(qy, qq))),
            organisation_type_id: *t,
            description: d.to_string(),
            organisation_count: approved
                .iter()
                .find(|a| a.organisation_type_id == *t)
                .map(|a| a.organisations)
                .unwrap_or(0),
            quarter: format!("{qy}Q{qq}"),
        })
        .collect();
    let by_quarter: Vec<QuarterStat> = quarters
        .iter()
        .map(|qt| QuarterStat {
            participation: participation(&format!("{}/all", quarter_key(qt.0, qt.1))),
            quarter: format!("{}Q{}", qt.0, qt.1),
            total_expected_responses: expected.get(qt).copied().unwrap_or(0),
        })
        .collect();
    let contained: Vec<AreaStat> = children
        .iter()
        .map(|c| AreaStat {
            participation: participation(&format!("{}/area:{c}", quarter_key(qy, qq))),
            boundary_id: *c,
        })
        .collect();
    let overall = participation(&overall_key);
    let total_organisations: i64 = approved.iter().map(|a| a.organisations).sum();
    let total_expected: i64 = expected.get(&(qy, qq)).copied().unwrap_or(0);
    Ok(HealthCheckStats {
        boundary_id: boundary,
        period: format!("{qy} Q{qq}"),
        quarter: format!("{qy}Q{qq}"),
        health_check_stats: by_type,
        by_quarter,
        contained_boundary_data: contained,
        example,
        total_organisations,
        total_participating_organisations: overall.participating_organisations,
        total_actual_responses: overall.total_actual_responses,
        total_expected_responses: total_expected,
        overall,
        note: "Maturity is shown only where at least 3 organisations with at least 5 responses each contribute, in whole percent, and changes only when at least 3 organisations have joined or left. Response counts are shown where at least 3 organisations take part.".into(),
    })
}
