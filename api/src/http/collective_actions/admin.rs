//! The administrator's commands on collective actions (WorldOfImpactAdmin, CSRF): record one,
//! report its result, close it. Each handler maps the request to a command of the
//! [`CollectiveAction`] aggregate, runs it through [`execute`] (a concurrent change is decided
//! once more, then answered 409) and maps the outcome to an answer.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use cqrs_es::AggregateError;
use gbvf_commands::collective_actions::{
    find_boundary, CollectiveAction, CollectiveActionCommand, CollectiveActionError,
    CompleteCollectiveAction, RecordCollectiveAction, ReportCollectiveActionResult,
    CONFLICT_MESSAGE,
};
use gbvf_commands::execute::execute;
use gbvf_events::metadata::EventMetadata;
use serde::{Deserialize, Serialize};

use super::super::auth::CurrentUser;
use super::super::error::ApiError;
use super::super::AppState;

/// A collective action recorded by an administrator (`POST /api/admin/collectiveActions`).
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[schema(as = RecordCollectiveAction)]
#[serde(rename_all = "camelCase")]
pub struct RecordCollectiveActionBody {
    /// Team name (required: not blank).
    #[schema(pattern = "\\S")]
    #[schema(value_type = String, max_length = 250)]
    pub name: gbvf_commands::text::LineText,
    /// Goal.
    #[serde(default)]
    #[schema(value_type = String, max_length = 4000, pattern = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub description: gbvf_commands::text::LongText,
    /// `collectiveActionTypeId` 1..=5.
    #[schema(minimum = 1, maximum = 5)]
    pub collective_action_type_id: i32,
    /// Pillar 1..=6, or absent for "Pillar not stated".
    #[schema(minimum = 1, maximum = 6)]
    pub pillar_id: Option<i32>,
    /// `cycleId`: one of the cycles' ids (1–5, 99 "Year not stated").
    #[schema(schema_with = gbvf_commands::reference_schemas::cycle_ids)]
    pub cycle_id: i32,
    /// First day, `YYYY-MM-DD`.
    #[schema(format = Date)]
    #[schema(value_type = String, max_length = 100)]
    pub valid_from: gbvf_commands::text::ShortText,
    /// Last day, `YYYY-MM-DD`, not before `validFrom`.
    #[schema(format = Date)]
    #[schema(value_type = String, max_length = 100)]
    pub valid_to: gbvf_commands::text::ShortText,
    /// The municipality (boundary id of level municipality or district).
    pub boundary_id: i64,
    /// Where the facts come from (optional for an administrator's own record).
    #[serde(default)]
    #[schema(value_type = String, max_length = 2048, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub source_url: gbvf_commands::text::UrlText,
}

/// The answer of [`record`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = CollectiveActionRecorded)]
#[serde(rename_all = "camelCase")]
pub struct CollectiveActionRecorded {
    /// Always `true`.
    pub success: bool,
    /// The new collective action's id.
    pub collective_action_id: String,
}

/// The answer of [`report`] and [`complete`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Succeeded {
    /// Always `true`.
    pub success: bool,
}

/// Runs `command` on collective action `id` for `user` (metadata: who, a request id, and
/// `http:{method} {path}`), then lets the `collective actions` projection catch up so the next read
/// shows the change. Errors: the aggregate's refusals as 400 (naming the field), 404 or 409;
/// a change that met a concurrent one twice as 409 with [`CONFLICT_MESSAGE`].
async fn run(
    s: &AppState,
    user: &CurrentUser,
    id: &str,
    command: CollectiveActionCommand,
    source: &str,
) -> Result<(), ApiError> {
    let meta = EventMetadata::now(
        format!("user:{}", user.session.user_id),
        uuid::Uuid::new_v4().to_string(),
        source,
    );
    let metadata: HashMap<String, String> = meta.to_map();
    execute::<CollectiveAction, _>(&s.collective_action_cqrs, id, command, metadata)
        .await
        .map_err(collective_action_error)?;
    crate::http::read_your_writes::settle(s, gbvf_projections::collective_actions::NAME).await;
    Ok(())
}

/// The answer to a refused or failed collective-action command.
fn collective_action_error(e: AggregateError<CollectiveActionError>) -> ApiError {
    match e {
        AggregateError::UserError(CollectiveActionError::Invalid(field, msg)) => {
            ApiError::bad(field, msg)
        }
        AggregateError::UserError(e @ CollectiveActionError::NotFound) => {
            ApiError::NotFound(e.to_string())
        }
        AggregateError::UserError(
            e @ (CollectiveActionError::AlreadyCompleted | CollectiveActionError::Exists),
        ) => ApiError::Conflict(e.to_string()),
        AggregateError::AggregateConflict => ApiError::Conflict(CONFLICT_MESSAGE.into()),
        e => ApiError::from_aggregate(e),
    }
}

/// `POST /api/admin/collectiveActions` (WorldOfImpactAdmin, CSRF): records a new collective action
/// (`CollectiveActionLaunched`, with who and when in its metadata). 201 `{success, collectiveActionId}`.
#[utoipa::path(post, path = "/api/admin/collectiveActions", operation_id = "recordCollectiveAction", tag = "collective action",
    request_body = RecordCollectiveActionBody,
    responses((status = 201, description = "Recorded", body = CollectiveActionRecorded), (status = 400, description = "Invalid field"), (status = 403, description = "Not permitted")))]
pub async fn record(
    State(s): State<AppState>,
    axum::Extension(user): axum::Extension<CurrentUser>,
    Json(body): Json<RecordCollectiveActionBody>,
) -> Result<(StatusCode, Json<CollectiveActionRecorded>), ApiError> {
    let id = uuid::Uuid::new_v4().to_string();
    let command = RecordCollectiveAction {
        collective_action_id: id.clone(),
        name: body.name.into_string(),
        description: body.description.into_string(),
        collective_action_type_id: body.collective_action_type_id,
        pillar_id: body.pillar_id,
        cycle_id: body.cycle_id,
        valid_from: body.valid_from.into_string(),
        valid_to: body.valid_to.into_string(),
        boundary: find_boundary(&s.pool, body.boundary_id).await?,
        source_url: body.source_url.into_string(),
    };
    run(
        &s,
        &user,
        &id,
        command.into(),
        "http:POST /api/admin/collectiveActions",
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(CollectiveActionRecorded {
            success: true,
            collective_action_id: id,
        }),
    ))
}

/// Body of a reported result.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportBody {
    /// The result (required: not blank).
    #[schema(pattern = "\\S")]
    #[schema(value_type = String, max_length = 4000)]
    pub outcome: gbvf_commands::text::LongText,
    /// Where it was reported (optional).
    #[serde(default)]
    #[schema(value_type = String, max_length = 2048, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub source_url: gbvf_commands::text::UrlText,
}

/// `POST /api/admin/collectiveActions/{id}/result` (WorldOfImpactAdmin, CSRF):
/// `CollectiveActionResultReported`.
#[utoipa::path(post, path = "/api/admin/collectiveActions/{id}/result", operation_id = "reportCollectiveActionResult", tag = "collective action",
    params(("id" = String, Path, description = "collectiveActionId")), request_body = ReportBody,
    responses((status = 200, description = "Reported", body = Succeeded), (status = 400, description = "outcome missing"), (status = 403, description = "Not permitted"), (status = 404, description = "Unknown collective action")))]
pub async fn report(
    State(s): State<AppState>,
    axum::Extension(user): axum::Extension<CurrentUser>,
    Path(id): Path<String>,
    Json(body): Json<ReportBody>,
) -> Result<Json<Succeeded>, ApiError> {
    let command = ReportCollectiveActionResult {
        outcome: body.outcome.into_string(),
        source_url: body.source_url.into_string(),
    };
    run(
        &s,
        &user,
        &id,
        command.into(),
        "http:POST /api/admin/collectiveActions/{id}/result",
    )
    .await?;
    Ok(Json(Succeeded { success: true }))
}

/// `POST /api/admin/collectiveActions/{id}/complete` (WorldOfImpactAdmin, CSRF): `CollectiveActionCompleted`
/// today; 409 when already completed.
#[utoipa::path(post, path = "/api/admin/collectiveActions/{id}/complete", operation_id = "completeCollectiveAction", tag = "collective action",
    params(("id" = String, Path, description = "collectiveActionId")),
    responses((status = 200, description = "Completed", body = Succeeded), (status = 403, description = "Not permitted"), (status = 404, description = "Unknown collective action"), (status = 409, description = "Already completed")))]
pub async fn complete(
    State(s): State<AppState>,
    axum::Extension(user): axum::Extension<CurrentUser>,
    Path(id): Path<String>,
) -> Result<Json<Succeeded>, ApiError> {
    let command = CompleteCollectiveAction {
        completed_on: chrono::Utc::now().date_naive(),
    };
    run(
        &s,
        &user,
        &id,
        command.into(),
        "http:POST /api/admin/collectiveActions/{id}/complete",
    )
    .await?;
    Ok(Json(Succeeded { success: true }))
}
