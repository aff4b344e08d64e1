//! Changes of a provider's building-block details (public spec §7 "Building block"): the
//! municipality's update (EditBuildingBlock) and the province's verification or return
//! (ValidateBuildingBlock), each a command on the provider aggregate.

use crate::http::auth::CurrentUser;
use crate::http::building_blocks::staff_area;
use crate::http::building_blocks::update_body::UpdateBody;
use crate::http::building_blocks::UPDATED;
use crate::http::error::{ApiError, Done};
use crate::http::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use cqrs_es::AggregateError;
use gbvf_commands::accounts::validation::FieldError;
use gbvf_commands::building_blocks::provider::{
    DetailsForm, LifecycleError, Provider, ProviderCommand, ProviderError, ReturnBuildingBlock,
    SubmitBuildingBlockDetails, VerifyBuildingBlock,
};
use gbvf_commands::execute::execute_with_side_tables;
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::building_blocks::block_requirements;
use gbvf_projections::geography::boundaries_in_provinces;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

pub(super) fn invalid(errors: Vec<FieldError>) -> Response {
    (
        axum::http::StatusCode::BAD_REQUEST,
        Json(json!({"success": false, "message": "Please correct the highlighted errors before submitting.", "errors": errors})),
    )
        .into_response()
}

/// The user as event metadata names them (`user:<id>`).
pub(super) fn actor_of(u: &CurrentUser) -> String {
    format!("user:{}", u.session.user_id)
}

pub(super) fn meta_for(u: &CurrentUser, source: &str) -> EventMetadata {
    EventMetadata::now(actor_of(u), uuid::Uuid::new_v4().to_string(), source)
}

/// Where provider `id` is: (municipality, province, building block); 404 when unknown.
pub(super) async fn provider_place(s: &AppState, id: i64) -> Result<(i64, i64, i32), ApiError> {
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
pub(super) fn provider_error(e: AggregateError<ProviderError>) -> Result<Response, ApiError> {
    Err(match e {
        AggregateError::UserError(e) => match e {
            ProviderError::UnknownProvider | ProviderError::ContactPersonNotFound => {
                ApiError::NotFound(e.to_string())
            }
            ProviderError::OutsideArea => ApiError::Forbidden,
            ProviderError::Invalid(errors) => return Ok(invalid(errors)),
            ProviderError::WrongBuildingBlock => ApiError::bad("buildingBlockId", e.to_string()),
            ProviderError::NewerSubmission { .. } => ApiError::Conflict(e.to_string()),
            ProviderError::OwnSubmission => ApiError::Refused(e.to_string()),
            ProviderError::Lifecycle(LifecycleError::OwnProposal) => {
                ApiError::Refused(e.to_string())
            }
            ProviderError::Lifecycle(LifecycleError::AlreadyExists) => {
                ApiError::Conflict(e.to_string())
            }
            ProviderError::Lifecycle(_) => ApiError::bad("stakeholderId", e.to_string()),
            ProviderError::UnknownSubmission(_) => {
                ApiError::bad("submissionVersion", e.to_string())
            }
            ProviderError::ReasonRequired
            | ProviderError::ReasonTooLong(_)
            | ProviderError::ReasonControlCharacters => ApiError::bad("reason", e.to_string()),
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
pub(super) async fn execute_provider(
    s: &AppState,
    u: &CurrentUser,
    provider_id: i64,
    command: ProviderCommand,
    source: &str,
    message: &str,
) -> Result<Response, ApiError> {
    let store = crate::telemetry::event_store::<Provider>(&s.pool);
    let done = execute_with_side_tables(
        &store,
        &s.pool,
        &provider_id.to_string(),
        command,
        &(),
        &meta_for(u, source),
    )
    .await;
    if let Err(e) = done {
        return provider_error(e);
    }
    crate::http::read_your_writes::settle(s, "building_blocks").await;
    Ok(Json(Done::new(message)).into_response())
}

/// `PUT /api/buildingblock/updateBuildingBlockContactsAndRequirements`: the municipality's
/// designated person records and submits a provider's details (EditBuildingBlock, and the
/// provider must be in one of the user's assigned municipalities). Validation of spec §5; on
/// failure `'Please correct the highlighted errors before submitting.'` with field errors.
/// Contact persons go to the side table; the event names them by id only.
#[utoipa::path(put, path = "/api/buildingblock/updateBuildingBlockContactsAndRequirements", operation_id = "updateProvider", tag = "building block",
    request_body = UpdateBody,
    responses((status = 200, description = "'Building block updated successfully'", body = Done), (status = 400, description = "Validation errors"),
              (status = 403, description = "Permission denied or not an assigned municipality"), (status = 404, description = "Unknown provider"), (status = 409, description = "Concurrent change")))]
pub async fn update(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<UpdateBody>,
) -> Result<Response, ApiError> {
    let area = staff_area(&s, &u).await?;
    let folded = match super::update_body::Folded::of(&b) {
        Ok(folded) => folded,
        Err(errors) => return Ok(invalid(errors)),
    };
    let command = ProviderCommand::SubmitBuildingBlockDetails(SubmitBuildingBlockDetails {
        actor: actor_of(&u),
        actor_municipalities: area.municipalities,
        building_block_id: b.building_block_id,
        block_requirements: block_requirements(&s.pool, b.building_block_id).await?,
        location_secret: gbvf_projections::building_blocks::queries::block_location_secret(
            &s.pool,
            b.building_block_id,
        )
        .await?,
        details: DetailsForm::parse(&folded.input()),
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
    /// Required when returning: why, for the municipality (at most 1,000 characters, line
    /// breaks allowed, no control characters).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 1000, pattern = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub reason: Option<gbvf_commands::text::LongText>,
}

/// The boundaries of the provinces user `u` reviews (none without ValidateBuildingBlock).
pub(super) async fn reviewed_boundaries(
    s: &AppState,
    u: &CurrentUser,
) -> Result<Vec<i64>, ApiError> {
    let area = staff_area(s, u).await?;
    if area.provinces.is_empty() {
        return Ok(Vec::new());
    }
    Ok(boundaries_in_provinces(&s.pool, &area.provinces).await?)
}

/// `POST /api/buildingblock/verifyBuildingBlock {stakeholderId, submissionVersion}`: the
/// province's designated person verifies the submission they reviewed (ValidateBuildingBlock,
/// provider in the province of one of the user's assigned municipalities, not their own
/// submission; rules in the `Provider` aggregate). Its details become the
/// provider's public snapshot.
#[utoipa::path(post, path = "/api/buildingblock/verifyBuildingBlock", operation_id = "verifyProvider", tag = "building block",
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
#[utoipa::path(post, path = "/api/buildingblock/returnBuildingBlock", operation_id = "returnProvider", tag = "building block",
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
        reason_id: uuid::Uuid::new_v4(),
        reason_salt: uuid::Uuid::new_v4(),
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
