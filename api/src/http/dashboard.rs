//! Dashboard endpoints: the components, the per-boundary dashboard, feature flags, health.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use gbvf_events::crime_types::CRIME_TYPES;
use serde::Deserialize;
use serde_json::{json, Value};

use super::challenges::{collective_action_stats, ActionFilter};
use super::crime::{crime_stats, selected_types};
use super::error::{parse_id, ApiError};
use super::AppState;

/// The four components (public spec §1: 1 building block, 2 health check, 3 crime,
/// 4 collective action) with their order (`seq`) and options. Crime options are the crime
/// types, ids as strings (§2 Filters: "Crime filter ids are compared as strings").
pub fn components() -> Value {
    let crime_options: Vec<Value> = CRIME_TYPES
        .iter()
        .map(|t| json!({"id": t.id.to_string(), "name": t.description, "options": []}))
        .collect();
    json!([
        {"componentId": 3, "name": "Crime", "description": "GBVF crime recorded by the South African Police Service, per SAPS financial year (April to March).",
         "linkTitle": "SAPS crime statistics", "linkUrl": "https://www.saps.gov.za/services/crimestats.php", "seq": 1, "options": crime_options},
        {"componentId": 1, "name": "Building blocks", "description": "Availability of support services per category and requirement, with verification progress per municipality.",
         "linkTitle": null, "linkUrl": null, "seq": 2, "options": []},
        {"componentId": 2, "name": "Health check", "description": "Reach and maturity of organisations from their health-check surveys.",
         "linkTitle": null, "linkUrl": null, "seq": 3, "options": []},
        {"componentId": 4, "name": "Collective actions", "description": "Challenges, including 100-Day Challenges, per pillar of the National Strategic Plan on GBVF and per cycle.",
         "linkTitle": "End GBVF 100-Day Challenges", "linkUrl": "https://endinggbvf.org/100-day-challenges/", "seq": 4, "options": super::challenges::component_options()},
    ])
}

/// `GET /api/dashboard/components`: the components, component 1 with the building-block
/// categories and their building blocks as options (from the taxonomy read model).
#[utoipa::path(get, path = "/api/dashboard/components", tag = "dashboard", responses((status = 200, description = "Component[]")))]
pub async fn components_handler(State(s): State<AppState>) -> Result<Json<Value>, ApiError> {
    let mut all = components();
    let options = super::building_block::component_options(&s).await?;
    if let Some(c) = all
        .as_array_mut()
        .and_then(|a| a.iter_mut().find(|c| c["componentId"] == 1))
    {
        c["options"] = options;
    }
    Ok(Json(all))
}

/// Query of the dashboard call.
#[derive(Debug, Deserialize)]
pub struct DashboardQuery {
    #[serde(rename = "boundaryId")]
    boundary_id: Option<String>,
    #[serde(rename = "componentOptions")]
    component_options: Option<String>,
    #[serde(rename = "componentId")]
    component_id: Option<String>,
    #[serde(rename = "componentSubOptions")]
    component_sub_options: Option<String>,
}

/// `GET /api/dashboard?boundaryId`: every component's data for a boundary. Components whose
/// data does not exist yet answer their specification shape with empty lists.
#[utoipa::path(get, path = "/api/dashboard", tag = "dashboard",
    params(("boundaryId" = i64, Query, description = "boundary", minimum = 1), ("componentId" = Option<i64>, Query, description = "component the options belong to (default 3, crime)", minimum = 1),
           ("componentOptions" = Option<String>, Query, description = "crime type ids, or pillar ids for component 4"),
           ("componentSubOptions" = Option<String>, Query, description = "component 4: 'pillarId-typeId' pairs")),
    responses((status = 200, description = "Dashboard"), (status = 400, description = "Malformed"), (status = 404, description = "Unknown boundary")))]
pub async fn dashboard(
    State(s): State<AppState>,
    Query(q): Query<DashboardQuery>,
) -> Result<Json<Value>, ApiError> {
    let raw = q
        .boundary_id
        .ok_or_else(|| ApiError::bad("boundaryId", "boundaryId is required."))?;
    let id = parse_id("boundaryId", &raw)?;
    // componentOptions belong to the component named by componentId (crime when absent);
    // collective-action filters are pillar ids and 'pillarId-typeId' pairs (spec §2 Filters).
    let component = match q.component_id.as_deref().map(str::trim) {
        None | Some("") => 3,
        Some(c) => parse_id("componentId", c)?,
    };
    let (crime_options, action_filter) = if component == 4 {
        (
            None,
            ActionFilter::parse(
                q.component_options.as_deref(),
                q.component_sub_options.as_deref(),
            )?,
        )
    } else if component == 3 {
        (q.component_options.as_deref(), ActionFilter::default())
    } else {
        (None, ActionFilter::default())
    };
    let types = selected_types(crime_options)?;
    let crime = crime_stats(&s.pool, id, &types).await?;
    let building_block = super::building_block::building_block_data(&s, id).await?;
    let collective_action = collective_action_stats(&s.pool, id, &action_filter).await?;
    let health_check = super::healthcheck::public_stats(&s, id, None).await?;
    Ok(Json(json!({
        "success": true,
        "boundary": crime["boundary"].clone(),
        "crime": crime,
        "healthCheck": health_check,
        "buildingBlock": building_block,
        "collectiveAction": collective_action,
    })))
}

/// `GET /api/config/feature-flags`: `{enableLogin}` (false unless GBVF_ENABLE_LOGIN=true).
#[utoipa::path(get, path = "/api/config/feature-flags", tag = "config", responses((status = 200, description = "{enableLogin}")))]
pub async fn feature_flags(State(s): State<AppState>) -> Json<Value> {
    Json(json!({"enableLogin": s.enable_login}))
}

/// `GET /api/health`: database reachability and projector lag. 503 when the database is down.
#[utoipa::path(get, path = "/api/health", tag = "operations", responses((status = 200, description = "Healthy"), (status = 503, description = "Database unreachable")))]
pub async fn health(State(s): State<AppState>) -> (StatusCode, Json<Value>) {
    let projections = gbvf_projections::all();
    let unavailable = || {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"status": "unavailable", "database": "unreachable"})),
        )
    };
    // A fresh probe (at most a second), so health reports recovery as soon as it happens.
    if !super::db_health::probe(&s.pool).await {
        return unavailable();
    }
    let status = tokio::time::timeout(
        std::time::Duration::from_millis(1500),
        gbvf_projections::engine::status(&s.pool, &projections),
    )
    .await
    .unwrap_or_else(|_| Err(anyhow::anyhow!("projection status timed out")));
    match status {
        Ok(status) => {
            for p in &status {
                metrics::gauge!("gbvf_projector_lag_events", "projection" => p.projection.clone())
                    .set(p.lag_events as f64);
                metrics::gauge!("gbvf_projector_lag_seconds", "projection" => p.projection.clone())
                    .set(p.lag_seconds);
            }
            (
                StatusCode::OK,
                Json(json!({"status": "ok", "database": "reachable", "projections": status})),
            )
        }
        Err(e) => {
            tracing::error!(error = %e, "health check failed");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({"status": "unavailable", "database": "unreachable"})),
            )
        }
    }
}
