//! Collective actions (component 4): End GBVF 100-Day Challenges per pillar and cycle
//! (public spec §1, §2 "Collective actions per pillar/per cycle", §3 "Collective action data",
//! §7 `/api/CollectiveAction/*` and `actionsGeomarker`); the administrator's commands to
//! record a collective action, report its result and close it are in [`admin`].
//!
//! Figures come from the `collective_action` read model (projection [`gbvf_projections::collective_actions::NAME`]), read with
//! [`gbvf_projections::collective_actions::queries`]; "active" is computed there for today.

pub mod admin;
mod stats;

pub use stats::{
    collective_action_stats, ActionArea, ActionTypeStat, CollectiveActionStats, CycleStat,
    PillarStat,
};

use std::collections::{BTreeMap, BTreeSet};

use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::Json;
use gbvf_events::collective_action::{ACTION_TYPES, CYCLES, PILLARS, UNASSIGNED_PILLAR_ID};
use gbvf_projections::collective_actions::queries::{
    collective_actions_in, CollectiveActionRow as Row,
};
use gbvf_projections::geography::queries::representative_points;
use serde::{Deserialize, Serialize};

use super::boundary;
use super::error::{parse_id, ApiError};
use super::geojson::{self, FeatureId, MarkerCollection, MarkerFeature, MarkerProperties};
use super::AppState;

/// Description of pillar `id` (0: "Pillar not stated").
pub fn pillar_description(id: i32) -> &'static str {
    PILLARS
        .iter()
        .find(|p| p.id == id)
        .map(|p| p.description)
        .unwrap_or("Pillar not stated")
}

/// The component-4 options for `/api/dashboard/components`: the pillars (plus 0 "Pillar not
/// stated") as options, each with the collective-action types as nested options, so that a
/// filter is the pair `pillarId-typeId` (spec §2 Filters).
pub fn component_options() -> Vec<super::component_option::ComponentOption> {
    use super::component_option::{ComponentOption, OptionId, SubOption};
    let types: Vec<SubOption> = ACTION_TYPES
        .iter()
        .map(|t| SubOption {
            id: OptionId::Text(t.id.to_string()),
            name: t.description.to_string(),
        })
        .collect();
    PILLARS
        .iter()
        .map(|p| (p.id, p.description))
        .chain([(UNASSIGNED_PILLAR_ID, "Pillar not stated")])
        .map(|(id, d)| ComponentOption {
            id: OptionId::Text(id.to_string()),
            name: d.to_string(),
            options: types.clone(),
        })
        .collect()
}

/// A collective-action filter: selected pillars (`componentOptions`) and `pillarId-typeId`
/// pairs (`componentSubOptions`). Empty: everything.
#[derive(Debug, Default, Clone)]
pub struct ActionFilter {
    pillars: BTreeSet<i32>,
    pairs: BTreeSet<(i32, i32)>,
}

impl ActionFilter {
    /// Parses the two query parameters; 400 with the field name when malformed.
    pub fn parse(options: Option<&str>, sub_options: Option<&str>) -> Result<Self, ApiError> {
        let mut f = ActionFilter::default();
        for part in options
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let id: i32 = part
                .parse()
                .ok()
                .filter(|id| *id == UNASSIGNED_PILLAR_ID || PILLARS.iter().any(|p| p.id == *id))
                .ok_or_else(|| {
                    ApiError::bad("componentOptions", format!("Unknown pillar {part}."))
                })?;
            f.pillars.insert(id);
        }
        for part in sub_options
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let pair = part
                .split_once('-')
                .and_then(|(a, b)| Some((a.parse::<i32>().ok()?, b.parse::<i32>().ok()?)))
                .ok_or_else(|| {
                    ApiError::bad(
                        "componentSubOptions",
                        "componentSubOptions must be 'pillarId-typeId' pairs separated by commas.",
                    )
                })?;
            f.pillars.insert(pair.0);
            f.pairs.insert(pair);
        }
        Ok(f)
    }

    /// Whether a collective action of `pillar` and `type_id` passes (spec §2 map rules: shown when its
    /// pillar is selected and, when sub-options exist for it, its type is among them).
    pub fn includes(&self, pillar: i32, type_id: i32) -> bool {
        if self.pillars.is_empty() {
            return true;
        }
        if !self.pillars.contains(&pillar) {
            return false;
        }
        let has_pairs = self.pairs.iter().any(|(p, _)| *p == pillar);
        !has_pairs || self.pairs.contains(&(pillar, type_id))
    }

    /// Whether a pillar is selected (`isIncluded`).
    pub fn pillar_included(&self, pillar: i32) -> bool {
        self.pillars.is_empty() || self.pillars.contains(&pillar)
    }
}

/// The answer for one collective action of the read model (spec §3 "Collective action").
fn to_answer(r: &Row) -> CollectiveAction {
    CollectiveAction {
        collective_action_id: r.collective_action_id.clone(),
        name: r.name.clone(),
        description: r.goal.clone(),
        valid_from: r.start_date,
        valid_to: r.end_date,
        outcome: r.outcome.clone(),
        outcome_source_url: r.outcome_source_url.clone(),
        active: r.active,
        completed_on: r.completed_on,
        local_municipality_name: r.boundary_name.clone(),
        place_name: r.place_name.clone(),
        boundary_id: r.boundary_id,
        pillar_id: r.pillar(),
        pillar_description: pillar_description(r.pillar()),
        pillar_basis: r.pillar_basis.clone(),
        collective_action_type_id: r.type_id,
        cycle_id: r.cycle_id,
        cycle_description: CYCLES
            .iter()
            .find(|c| c.id == r.cycle_id)
            .map(|c| c.description),
        source_url: r.source_url.clone(),
    }
}

/// One collective action (public spec §3 "Collective action", with pillar, type, cycle and source).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectiveAction {
    /// The collective action id.
    pub collective_action_id: String,
    /// Its name.
    pub name: String,
    /// Its goal.
    pub description: String,
    /// Start date, if stated.
    #[schema(required = true)]
    pub valid_from: Option<chrono::NaiveDate>,
    /// End date, if stated.
    #[schema(required = true)]
    pub valid_to: Option<chrono::NaiveDate>,
    /// The reported result, if any.
    #[schema(required = true)]
    pub outcome: Option<String>,
    /// Where the result was reported, if stated.
    #[schema(required = true)]
    pub outcome_source_url: Option<String>,
    /// True while not completed.
    pub active: bool,
    /// When it was completed, if it was.
    #[schema(required = true)]
    pub completed_on: Option<chrono::NaiveDate>,
    /// Its municipality's (or district's) name; null when it could not be placed.
    #[schema(required = true)]
    pub local_municipality_name: Option<String>,
    /// The place as the source names it.
    pub place_name: String,
    /// The boundary it is placed in; null when it could not be placed.
    #[schema(required = true)]
    pub boundary_id: Option<i64>,
    /// Pillar id (0: not stated).
    pub pillar_id: i32,
    /// The pillar's name.
    pub pillar_description: &'static str,
    /// How the pillar was chosen.
    pub pillar_basis: String,
    /// Collective action type id.
    pub collective_action_type_id: i32,
    /// Cycle id.
    pub cycle_id: i32,
    /// The cycle's name, if known.
    #[schema(required = true)]
    pub cycle_description: Option<&'static str>,
    /// The source's URL.
    pub source_url: String,
}

/// The collective action card of a map pin.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = CollectiveActionCard)]
#[serde(rename_all = "camelCase")]
pub struct CollectiveActionCard {
    /// The boundary of the pin.
    pub boundary_id: i64,
    /// Its name.
    pub local_municipality_name: String,
    /// Its active collective actions.
    pub active_collective_actions: Vec<CollectiveAction>,
    /// Its completed collective actions.
    pub inactive_collective_actions: Vec<CollectiveAction>,
}

/// Query of `getCollectiveActionsByBoundary`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ByBoundaryQuery {
    /// Boundary id.
    #[serde(rename = "boundaryId")]
    #[param(value_type = i64, minimum = 1)]
    boundary_id: Option<String>,
}

/// `GET /api/CollectiveAction/getCollectiveActionsByBoundary?boundaryId`: every collective action in
/// the boundary (spec §3 "Collective action" fields, plus pillar, type, cycle and source URL).
#[utoipa::path(get, path = "/api/CollectiveAction/getCollectiveActionsByBoundary", operation_id = "getActionsByBoundary", tag = "collective action",
    params(ByBoundaryQuery),
    responses((status = 200, description = "The collective actions", body = [CollectiveAction]), (status = 400, description = "Missing or malformed boundaryId"), (status = 404, description = "Unknown boundary")))]
pub async fn by_boundary(
    State(s): State<AppState>,
    Query(q): Query<ByBoundaryQuery>,
) -> Result<Json<Vec<CollectiveAction>>, ApiError> {
    let raw = q
        .boundary_id
        .ok_or_else(|| ApiError::bad("boundaryId", "boundaryId is required."))?;
    let b = boundary::fetch(&s.read_pool(), parse_id("boundaryId", &raw)?).await?;
    let rows = collective_actions_in(&s.read_pool(), b.boundary_id).await?;
    Ok(Json(rows.iter().map(to_answer).collect()))
}

/// Query of `getCollectiveActionDetailsByStakeholderId`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DetailsQuery {
    /// The pin's `stakeholder`: the boundary id of the municipality (or district) the
    /// collective actions are placed in.
    #[serde(rename = "stakeholderId")]
    #[param(value_type = i64, minimum = 1)]
    stakeholder_id: Option<String>,
}

/// `GET /api/CollectiveAction/getCollectiveActionDetailsByStakeholderId?stakeholderId`: the
/// collective action card of a map pin: `{localMunicipalityName, boundaryId, activeCollectiveActions[],
/// inactiveCollectiveActions[]}` for the collective actions placed in that boundary itself.
#[utoipa::path(get, path = "/api/CollectiveAction/getCollectiveActionDetailsByStakeholderId", operation_id = "getCollectiveActionCard", tag = "collective action",
    params(DetailsQuery),
    responses((status = 200, description = "Collective action card", body = CollectiveActionCard), (status = 400, description = "Missing or malformed stakeholderId"), (status = 404, description = "Unknown boundary")))]
pub async fn details(
    State(s): State<AppState>,
    Query(q): Query<DetailsQuery>,
) -> Result<Json<CollectiveActionCard>, ApiError> {
    let raw = q
        .stakeholder_id
        .ok_or_else(|| ApiError::bad("stakeholderId", "stakeholderId is required."))?;
    let b = boundary::fetch(&s.read_pool(), parse_id("stakeholderId", &raw)?).await?;
    let rows: Vec<Row> = collective_actions_in(&s.read_pool(), b.boundary_id)
        .await?
        .into_iter()
        .filter(|r| r.boundary_id == Some(b.boundary_id))
        .collect();
    let (active, inactive): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| r.active);
    Ok(Json(CollectiveActionCard {
        boundary_id: b.boundary_id,
        local_municipality_name: b.0.name,
        active_collective_actions: active.iter().map(|r| to_answer(r)).collect(),
        inactive_collective_actions: inactive.iter().map(|r| to_answer(r)).collect(),
    }))
}

/// `GET /api/geography/actionsGeomarker/{componentId}/{boundaryId}`: one point per collective action
/// placed inside the boundary, at a representative point of its municipality (the SAPS
/// police-station point of the municipality nearest the mean of its station points: a real
/// point inside it, never an address). Properties (spec §3 "Map point properties"):
/// `stakeholder` = the municipality's boundary id (opens its collective action card), `name`, `active`,
/// `pillarId` (0: not stated), `collectiveActionTypeId`, `boundaryId`, `boundaryTypeId` 3.
#[utoipa::path(get, path = "/api/geography/actionsGeomarker/{componentId}/{boundaryId}", operation_id = "getActionsGeomarkers", tag = "geography",
    params(("componentId" = i64, Path, description = "4 (collective action)", minimum = 4, maximum = 4), ("boundaryId" = i64, Path, description = "boundary", minimum = 1)),
    responses((status = 200, description = "GeoJSON FeatureCollection of points", body = MarkerCollection, content_type = "application/geo+json"), (status = 400, description = "Malformed, or component other than 4"), (status = 404, description = "Unknown boundary")))]
pub async fn actions_geomarker(
    State(s): State<AppState>,
    Path((component, boundary_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    if parse_id("componentId", &component)? != 4 {
        return Err(ApiError::bad(
            "componentId",
            "actionsGeomarker serves component 4 (collective action) only.",
        ));
    }
    let b = boundary::fetch(&s.read_pool(), parse_id("boundaryId", &boundary_id)?).await?;
    let rows = collective_actions_in(&s.read_pool(), b.boundary_id).await?;
    let placed: BTreeSet<i64> = rows.iter().filter_map(|r| r.boundary_id).collect();
    let placed: Vec<i64> = placed.into_iter().collect();
    let points = representative_points(&s.read_pool(), &placed).await?;
    let at: BTreeMap<i64, (f64, f64)> = points
        .into_iter()
        .map(|p| (p.boundary_id, (p.lon, p.lat)))
        .collect();
    let features: Vec<MarkerFeature> = rows
        .iter()
        .filter_map(|r| {
            let bid = r.boundary_id?;
            let (lon, lat) = at.get(&bid)?;
            Some(MarkerFeature::new(
                FeatureId::Text(r.collective_action_id.clone()),
                *lon,
                *lat,
                MarkerProperties {
                    stakeholder: bid.to_string(),
                    name: r.name.clone(),
                    active: r.active,
                    boundary_id: bid,
                    boundary_type_id: 3,
                    pillar_id: Some(r.pillar()),
                    collective_action_type_id: Some(r.type_id),
                    local_municipality_name: r.boundary_name.clone(),
                    ..Default::default()
                },
            ))
        })
        .collect();
    Ok(geojson::answer(&MarkerCollection::new(features)))
}
