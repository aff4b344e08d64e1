//! Dashboard endpoints: the components, the per-boundary dashboard, feature flags, health.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use gbvf_commands::accounts::reference::ORGANISATION_TYPES;
use gbvf_events::crime_types::CRIME_TYPES;
use serde::{Deserialize, Serialize};

use super::boundary::Boundary;
use super::collective_actions::{collective_action_stats, ActionFilter, CollectiveActionStats};
use super::component_option::{ComponentOption, OptionId};
use super::crime::{crime_stats, parse_as_of, selected_types, CrimeStats};
use super::error::{parse_id, ApiError};
use super::AppState;

/// One dashboard component (public spec §3 "Component"): its order (`seq`), source link and
/// filter options.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Component {
    /// 1 building block, 2 health check, 3 crime, 4 collective action.
    pub component_id: i32,
    /// Title.
    pub name: String,
    /// One sentence on what it shows.
    pub description: String,
    /// Title of its source link.
    #[schema(required)]
    pub link_title: Option<String>,
    /// Its source link.
    #[schema(required)]
    pub link_url: Option<String>,
    /// Position on the dashboard, from 1.
    pub seq: i32,
    /// Filter options.
    pub options: Vec<ComponentOption>,
}

/// The four components (public spec §1: 1 building block, 2 health check, 3 crime,
/// 4 collective action) with their order (`seq`) and options. Crime options are the crime
/// types, ids as strings (§2 Filters: "Crime filter ids are compared as strings").
pub fn components() -> Vec<Component> {
    let component =
        |component_id, name: &str, description: &str, link: Option<(&str, &str)>, seq, options| {
            Component {
                component_id,
                name: name.into(),
                description: description.into(),
                link_title: link.map(|l| l.0.to_string()),
                link_url: link.map(|l| l.1.to_string()),
                seq,
                options,
            }
        };
    let crime_options = CRIME_TYPES
        .iter()
        .map(|t| ComponentOption {
            id: OptionId::Text(t.id.to_string()),
            name: t.description.to_string(),
            options: vec![],
        })
        .collect();
    // The health check filters by organisation type (public spec §2 Filters; reference list).
    let health_check_options = ORGANISATION_TYPES
        .iter()
        .map(|(id, name)| ComponentOption {
            id: OptionId::Number(i64::from(*id)),
            name: name.to_string(),
            options: vec![],
        })
        .collect();
    vec![
        component(3, "Crime", "GBVF crime recorded by the South African Police Service, per SAPS financial year (April to March).",
            Some(("SAPS crime statistics", "https://www.saps.gov.za/services/crimestats.php")), 1, crime_options),
        component(1, "Building blocks", "Availability of support services per category and requirement, with verification progress per municipality.",
            None, 2, vec![]),
        component(2, "Health check", "Reach and maturity of organisations from their health-check surveys.", None, 3, health_check_options),
        component(4, "Collective actions", "Challenges, including 100-Day Challenges, per pillar of the National Strategic Plan on GBVF and per cycle.",
            Some(("End GBVF 100-Day Challenges", "https://endinggbvf.org/100-day-challenges/")), 4, super::collective_actions::component_options()),
    ]
}

/// `GET /api/dashboard/components`: the components, component 1 with the building-block
/// categories and their building blocks as options (from the taxonomy read model).
#[utoipa::path(get, path = "/api/dashboard/components", operation_id = "getComponents", tag = "dashboard", responses((status = 200, description = "The components", body = [Component])))]
pub async fn components_handler(
    State(s): State<AppState>,
) -> Result<Json<Vec<Component>>, ApiError> {
    let mut all = components();
    let options = super::building_blocks::component_options(&s).await?;
    if let Some(c) = all.iter_mut().find(|c| c.component_id == 1) {
        c.options = options;
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
    #[serde(rename = "asOf")]
    as_of: Option<String>,
}

/// `GET /api/dashboard?boundaryId`: every component's data for a boundary. Components whose
/// data does not exist yet answer their specification shape with empty lists.
#[utoipa::path(get, path = "/api/dashboard", operation_id = "getDashboard", tag = "dashboard",
    params(("boundaryId" = i64, Query, description = "boundary", minimum = 1), ("componentId" = Option<i64>, Query, description = "component the options belong to (default 3, crime)", minimum = 1),
           ("componentOptions" = Option<String>, Query, description = "crime type ids, organisation type ids for component 2, or pillar ids for component 4"),
           ("componentSubOptions" = Option<String>, Query, description = "component 4: 'pillarId-typeId' pairs"),
           ("asOf" = Option<String>, Query, description = "the crime figures as recorded by the end of this day, South African time (`YYYY-MM-DD`, no later than today); the other components are today's", format = Date)),
    responses((status = 200, description = "Every component's data", body = Dashboard), (status = 400, description = "Malformed"), (status = 404, description = "Unknown boundary")))]
pub async fn dashboard(
    State(s): State<AppState>,
    Query(q): Query<DashboardQuery>,
) -> Result<Json<Dashboard>, ApiError> {
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
    let as_of = parse_as_of(q.as_of.as_deref())?;
    let crime = crime_stats(&s.read_pool(), id, &types, as_of).await?;
    let building_block = super::building_blocks::building_block_data(&s, id).await?;
    let collective_action = collective_action_stats(&s.read_pool(), id, &action_filter).await?;
    let organisation_types = if component == 2 {
        super::health_check::organisation_types(q.component_options.as_deref())?
    } else {
        vec![]
    };
    let health_check = super::health_check::public_stats(&s, id, None, &organisation_types).await?;
    Ok(Json(Dashboard {
        success: true,
        boundary: crime.boundary.clone(),
        crime,
        health_check,
        building_block,
        collective_action,
    }))
}

/// Every component's data for one boundary (public spec §3 "Dashboard").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    /// Always `true`.
    pub success: bool,
    /// The boundary asked for.
    pub boundary: Boundary,
    /// Component 3.
    pub crime: CrimeStats,
    /// Component 2: reach and maturity.
    pub health_check: super::health_check::HealthCheckStats,
    /// Component 1: availability per category, block and requirement.
    pub building_block: super::building_blocks::BuildingBlockData,
    /// Component 4.
    pub collective_action: CollectiveActionStats,
}

/// The feature flags the web app reads.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeatureFlags {
    /// Whether the public header shows Login (GBVF_ENABLE_LOGIN=true); sign-in and sign-up
    /// work whatever it says, for those who have the link.
    pub enable_login: bool,
}

/// `GET /api/config/feature-flags`: `{enableLogin}` (false unless GBVF_ENABLE_LOGIN=true).
#[utoipa::path(get, path = "/api/config/feature-flags", operation_id = "getFeatureFlags", tag = "config", responses((status = 200, description = "The feature flags", body = FeatureFlags)))]
pub async fn feature_flags(State(s): State<AppState>) -> Json<FeatureFlags> {
    Json(FeatureFlags {
        enable_login: s.enable_login,
    })
}

/// `GET /api/health`: database reachability and projector lag. 503 when the database is down.
#[utoipa::path(get, path = "/api/health", operation_id = "getHealth", tag = "operations", responses((status = 200, description = "Healthy", body = Health), (status = 503, description = "Database unreachable", body = Health)))]
pub async fn health(State(s): State<AppState>) -> (StatusCode, Json<Health>) {
    let projections = gbvf_projections::all();
    let unavailable = || {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(Health {
                status: "unavailable".into(),
                database: "unreachable".into(),
                projections: None,
                audit_alarm: None,
            }),
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
    // The audit seal: an alarm of this process's sealer, or the newest head kept outside the
    // database no longer in `event_seal` (docs/operations.md "Auditing").
    let audit_alarm = super::audit::seal_alarm(&s).await;
    match status {
        Ok(status) => {
            // A projection that skipped events it could not apply still serves, but not
            // everything: degraded, with the count in its row. So does a stopped audit seal.
            let degraded = status.iter().any(|p| p.quarantined > 0) || audit_alarm.is_some();
            for p in &status {
                metrics::gauge!("gbvf_projector_lag_events", "projection" => p.projection.clone())
                    .set(p.lag_events as f64);
                metrics::gauge!("gbvf_projector_lag_seconds", "projection" => p.projection.clone())
                    .set(p.lag_seconds);
            }
            (
                StatusCode::OK,
                Json(Health {
                    status: if degraded { "degraded" } else { "ok" }.into(),
                    database: "reachable".into(),
                    projections: Some(status),
                    audit_alarm,
                }),
            )
        }
        Err(e) => {
            tracing::error!(error = %e, "health check failed");
            unavailable()
        }
    }
}

/// The answer of `GET /api/health`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ok`; `degraded` when a projection skipped events it could not apply (its
    /// `quarantined` count above 0; `gbvf projections quarantine`) or the audit seal stopped
    /// (`auditAlarm`); `unavailable`.
    #[schema(pattern = "^(ok|degraded|unavailable)$")]
    pub status: String,
    /// `reachable` or `unreachable`.
    #[schema(pattern = "^(reachable|unreachable)$")]
    pub database: String,
    /// Each projection's status when the database is reachable
    /// (`gbvf_projections::engine::Status`: `projection`, `version`, `position`,
    /// `events_applied`, `lag_events`, `lag_seconds`, `state`, `quarantined`, `updated_at`);
    /// absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub projections: Option<Vec<gbvf_projections::engine::Status>>,
    /// Why the audit seal stopped (one sentence: seal rows vanished or changed, or the log no
    /// longer reaches the last signed head kept outside the database); absent while it seals.
    #[serde(rename = "auditAlarm", skip_serializing_if = "Option::is_none")]
    pub audit_alarm: Option<String>,
}
