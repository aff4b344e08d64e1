//! State-changing endpoints (commands). Each declares the permission it needs and checks it
//! on the server before anything else.
//!
//! Until accounts exist (issue: accounts and permissions), the only credential is the
//! operator token (`GBVF_OPERATOR_TOKEN`, sent as `Authorization: Bearer …`), which stands for
//! permission ImportPoliceStatistics (18). With no token configured every command is refused.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use cqrs_es::AggregateError;
use gbvf_commands::crime_series::{CrimeSeriesCommand, CrimeSeriesError};
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::{crime_series_id, CrimeFigure, SeriesPlace};
use gbvf_events::metadata::EventMetadata;
use serde::Deserialize;
use serde_json::{json, Value};
use tower_sessions::Session;

use super::boundary;
use super::error::ApiError;
use super::AppState;

/// Permission ImportPoliceStatistics (public spec §3 action 18).
pub const IMPORT_POLICE_STATISTICS: i32 = 18;

/// Checks the caller holds `action`: a signed-in user whose groups grant it, or the operator
/// token (which stands for ImportPoliceStatistics only). 403 otherwise. Returns the actor for
/// event metadata (`user:<id>` or `operator`).
pub async fn require(
    s: &AppState,
    headers: &HeaderMap,
    session: &Session,
    action: i32,
) -> Result<String, ApiError> {
    let token = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if let Some(given) = token {
        return match &s.operator_token {
            Some(expected)
                if action == IMPORT_POLICE_STATISTICS
                    && constant_time_eq(expected.as_bytes(), given.as_bytes()) =>
            {
                Ok("operator".into())
            }
            _ => Err(ApiError::Forbidden),
        };
    }
    let user = super::auth::require(s, session, Some(action)).await?;
    Ok(format!("user:{}", user.session.user_id))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Body of `POST /api/crime/figures`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordFigureBody {
    /// Boundary the figure is for.
    pub boundary_id: i64,
    /// Crime type id.
    pub crime_type_id: i32,
    /// First year of the SAPS financial year (2022 = 2022/23).
    pub period_start_year: i32,
    /// Count (whole number ≥ 0).
    pub count: i64,
    /// The series version the caller last saw; a different current version answers 409.
    pub expected_version: Option<i64>,
}

/// `POST /api/crime/figures`: records one SAPS figure (permission ImportPoliceStatistics, 18).
/// 200 `{success, message}`; 400 invalid; 403 no permission; 404 unknown boundary; 409 when
/// another command changed the same series first.
#[utoipa::path(post, path = "/api/crime/figures", tag = "crime", request_body = RecordFigureBody,
    responses((status = 200, description = "Recorded"), (status = 400, description = "Invalid"), (status = 403, description = "No permission"),
              (status = 404, description = "Unknown boundary"), (status = 409, description = "Conflicting command")))]
#[tracing::instrument(name = "command RecordCrimeFigure", skip_all)]
pub async fn record_figure(
    State(s): State<AppState>,
    headers: HeaderMap,
    session: Session,
    body: Option<Json<RecordFigureBody>>,
) -> Result<Json<Value>, ApiError> {
    let actor = require(&s, &headers, &session, IMPORT_POLICE_STATISTICS).await?;
    let Json(body) = body.ok_or_else(|| ApiError::bad("body", "The request body must be a JSON object with boundaryId, crimeTypeId, periodStartYear and count."))?;
    let b = boundary::fetch(&s.pool, body.boundary_id).await?;
    let level = b.level();
    let mut ancestor_ids = Vec::new();
    match level {
        BoundaryLevel::SapsPrecinct => ancestor_ids.extend(
            [b.parent_id, b.district_id, b.province_id]
                .into_iter()
                .flatten(),
        ),
        BoundaryLevel::Municipality => {
            ancestor_ids.extend([b.district_id, b.province_id].into_iter().flatten())
        }
        BoundaryLevel::District => ancestor_ids.extend(b.province_id),
        _ => {}
    }
    if level != BoundaryLevel::National {
        ancestor_ids.push(1);
    }
    let figure = CrimeFigure {
        place: SeriesPlace {
            boundary_id: b.boundary_id,
            level,
            ancestor_ids,
        },
        crime_type_id: body.crime_type_id,
        period_start_year: body.period_start_year,
        count: body.count,
        source: "SAPS figure recorded through the API".into(),
    };
    let request_id = uuid::Uuid::new_v4().to_string();
    let meta = EventMetadata::now(actor, &request_id, "http:POST /api/crime/figures");
    let id = crime_series_id(b.boundary_id, body.crime_type_id);
    let command = CrimeSeriesCommand::RecordCrimeFigure {
        figure,
        expected_version: body.expected_version,
    };
    let meta_map: HashMap<String, String> = meta.to_map();
    match s.crime_cqrs.execute_with_metadata(&id, command, meta_map).await {
        Ok(()) => {
            metrics::counter!("gbvf_events_appended_total", "source" => "api").increment(1);
            Ok(Json(json!({"success": true, "message": "Crime figure recorded.", "requestId": request_id})))
        }
        Err(AggregateError::UserError(e @ CrimeSeriesError::VersionConflict { .. })) => Err(ApiError::Conflict(e.to_string())),
        Err(AggregateError::UserError(e)) => Err(ApiError::bad("figure", e.to_string())),
        Err(AggregateError::AggregateConflict) => Err(ApiError::Conflict(
            "Someone else changed this crime series at the same moment; your change was not recorded. Reload and try again.".into(),
        )),
        Err(e) => Err(ApiError::Internal(anyhow::anyhow!("{e}"))),
    }
}
