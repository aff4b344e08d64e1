//! A provider's lifecycle (public spec §6 actions AddBuildingBlock 14, DeleteBuildingBlock 16,
//! VerifyBuildingBlockExist 21; docs/decisions/0100-proposed-and-closed-providers.md): the
//! municipality's designated person proposes a provider missing from the directory or the
//! closing of one; a designated person of the province, not the proposer, confirms or declines.
//! Each is a command on the provider aggregate; the proposals awaiting a decision are listed
//! beside the verification queue.

use crate::http::auth::CurrentUser;
use crate::http::building_blocks::assigned_municipalities;
use crate::http::building_blocks::directory::directory_contacts;
use crate::http::building_blocks::staff_area;
use crate::http::building_blocks::verification::actor_of;
use crate::http::building_blocks::verification::meta_for;
use crate::http::building_blocks::verification::provider_error;
use crate::http::building_blocks::DirectoryContact;
use crate::http::error::{ApiError, Done};
use crate::http::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_commands::accounts::permissions::{
    AddBuildingBlock, DeleteBuildingBlock, VerifyBuildingBlockExist,
};
use gbvf_commands::building_blocks::provider::{
    DecideProviderProposal, LifecycleError, ProposalForm, ProposalInput, ProposeProvider,
    ProposeProviderClosure, Provider, ProviderCommand, ProviderError, PROPOSED_ID_BASE,
    PROPOSED_ID_SPAN,
};
use gbvf_commands::execute::execute_with_side_tables;
use gbvf_projections::building_blocks::queries;
use gbvf_projections::geography::boundaries_in_provinces;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Body of `POST /api/buildingblock/proposeProvider`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposeBody {
    /// The provider's name (required).
    pub name: gbvf_commands::text::LineText,
    /// Its building block (taxonomy id).
    pub building_block_id: i32,
    /// Its municipality (boundary id): one assigned to the user.
    pub municipality_id: i64,
    /// Reception number (digits only once spaces are removed).
    #[serde(default)]
    pub reception_number: Option<gbvf_commands::text::LineText>,
    /// Alternate number (digits only once spaces are removed).
    #[serde(default)]
    pub alternate_number: Option<gbvf_commands::text::LineText>,
    /// Longitude of the point chosen on the map (WGS84 degrees); with `latitude`, inside South
    /// Africa. Never recorded for a shelter.
    #[serde(default)]
    #[schema(minimum = -180, maximum = 180)]
    pub longitude: Option<f64>,
    /// Latitude of the point chosen on the map (WGS84 degrees).
    #[serde(default)]
    #[schema(minimum = -90, maximum = 90)]
    pub latitude: Option<f64>,
    /// Physical address; a provider other than a shelter needs a point or an address. Never
    /// recorded for a shelter.
    #[serde(default)]
    pub physical_address: Option<gbvf_commands::text::LineText>,
}

/// The answer to a proposal.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Proposed {
    /// Always `true`.
    pub success: bool,
    /// The confirmation, for people.
    pub message: String,
    /// The proposed provider's id.
    pub stakeholder_id: i64,
}

/// Body of `POST /api/buildingblock/proposeClosure`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosureBody {
    /// The provider.
    pub stakeholder_id: i64,
    /// Why it should close (required; at most 1,000 characters, line breaks allowed).
    #[serde(default)]
    pub reason: Option<gbvf_commands::text::LongText>,
}

/// Body of `confirmProposal` and `declineProposal`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalDecisionBody {
    /// The provider proposed (new) or proposed for closing.
    pub stakeholder_id: i64,
    /// Why it is declined (required to decline; at most 1,000 characters).
    #[serde(default)]
    pub reason: Option<gbvf_commands::text::LongText>,
}

/// One proposal awaiting the province.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalItem {
    /// The provider id.
    pub stakeholder_id: i64,
    /// `new` (a provider missing from the directory) or `closure`.
    pub kind: String,
    /// The provider's name.
    pub name: String,
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// The municipality's name.
    pub municipality_name: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub building_block: String,
    /// Office numbers.
    pub contacts: Vec<DirectoryContact>,
    /// `[longitude, latitude]` chosen on the map; null when none (always for shelters).
    #[schema(required = true)]
    pub point: Option<[f64; 2]>,
    /// Physical address as given; null when none (always for shelters).
    #[schema(required = true)]
    pub physical_address: Option<String>,
    /// Why it should close (closures); null for a new provider.
    #[schema(required = true)]
    pub reason: Option<String>,
    /// Who proposed it (name).
    #[schema(required = true)]
    pub proposed_by_name: Option<String>,
    /// When (RFC 3339, UTC).
    pub proposed_at: String,
    /// Whole days waited until now.
    pub days_waiting: i64,
    /// True when the reader proposed it (they may not decide on it).
    pub own_proposal: bool,
}

/// The proposals awaiting the province in the reader's area.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalList {
    /// Always `true`.
    pub success: bool,
    /// How many await in all.
    pub total: i64,
    /// The oldest first, at most 100.
    pub items: Vec<ProposalItem>,
}

/// Most proposals a list shows.
pub const PROPOSALS_SHOWN: i64 = 100;

/// The municipalities (boundary ids) of the provinces where user `u` confirms existence:
/// with VerifyBuildingBlockExist, the provinces assigned to their account and, when they also
/// review (ValidateBuildingBlock), those of their municipalities (their area); none otherwise.
/// A municipality's designated person thus holds the action in the seeded group without
/// confirming anything.
async fn confirming_municipalities(s: &AppState, u: &CurrentUser) -> Result<Vec<i64>, ApiError> {
    if !u.can(VerifyBuildingBlockExist) {
        return Ok(Vec::new());
    }
    let mut provinces = staff_area(s, u).await?.provinces;
    provinces
        .extend(gbvf_projections::accounts::assigned_provinces(&s.pool, &u.session.user_id).await?);
    provinces.sort_unstable();
    provinces.dedup();
    if provinces.is_empty() {
        return Ok(Vec::new());
    }
    Ok(boundaries_in_provinces(&s.pool, &provinces).await?)
}

/// Runs lifecycle `command` on provider `id`, then waits for the building-block read model.
async fn run(
    s: &AppState,
    u: &CurrentUser,
    id: i64,
    command: ProviderCommand,
    source: &str,
) -> Result<Result<(), Response>, ApiError> {
    let store = crate::telemetry::event_store::<Provider>(&s.pool);
    let done = execute_with_side_tables(
        &store,
        &s.pool,
        &id.to_string(),
        command,
        &(),
        &meta_for(u, source),
    )
    .await;
    if let Err(e) = done {
        return provider_error(e).map(Err);
    }
    crate::http::read_your_writes::settle(s, "building_blocks").await;
    Ok(Ok(()))
}

/// `POST /api/buildingblock/proposeProvider {name, buildingBlockId, municipalityId,
/// receptionNumber, alternateNumber, longitude, latitude, physicalAddress}`: the municipality's
/// designated person proposes a provider missing from the directory (AddBuildingBlock, in one
/// of their municipalities). It counts nowhere until a designated person of the province
/// confirms it exists. Field errors as the update's: 400 with `errors`.
#[utoipa::path(post, path = "/api/buildingblock/proposeProvider", operation_id = "proposeProvider", tag = "building block",
    request_body = ProposeBody,
    responses((status = 200, description = "Proposed, awaiting the province", body = Proposed), (status = 400, description = "Field errors"),
              (status = 403, description = "Permission denied or not an assigned municipality")))]
pub async fn propose_provider(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<ProposeBody>,
) -> Result<Response, ApiError> {
    let input = ProposalInput {
        name: &b.name,
        building_block_id: b.building_block_id,
        municipality_id: b.municipality_id,
        reception_number: b.reception_number.as_deref(),
        alternate_number: b.alternate_number.as_deref(),
        longitude: b.longitude,
        latitude: b.latitude,
        physical_address: b.physical_address.as_deref(),
    };
    let proposal = ProposalForm::parse(&input);
    let actor_municipalities = assigned_municipalities(&s, &u).await?;
    let category = queries::block_category(&s.pool, b.building_block_id).await?;
    let location_secret = queries::block_location_secret(&s.pool, b.building_block_id).await?;
    // A drawn id that is taken is drawn again (once more is plenty in a trillion).
    for _ in 0..3 {
        let id = PROPOSED_ID_BASE + (rand::random::<u64>() % PROPOSED_ID_SPAN as u64) as i64;
        let command = ProviderCommand::ProposeProvider(ProposeProvider {
            actor: actor_of(&u),
            actor_municipalities: actor_municipalities.clone(),
            provider_id: id,
            building_block_category_id: category,
            location_secret,
            proposal: proposal.clone(),
        });
        let store = crate::telemetry::event_store::<Provider>(&s.pool);
        let done = execute_with_side_tables(
            &store,
            &s.pool,
            &id.to_string(),
            command,
            &(),
            &meta_for(&u, "http:POST /api/buildingblock/proposeProvider"),
        )
        .await;
        match done {
            Err(cqrs_es::AggregateError::UserError(ProviderError::Lifecycle(
                LifecycleError::AlreadyExists,
            ))) => continue,
            Err(e) => return provider_error(e),
            Ok(_) => {
                crate::http::read_your_writes::settle(&s, "building_blocks").await;
                return Ok(Json(Proposed {
                    success: true,
                    message: "Provider proposed: it appears once the province confirms it exists."
                        .into(),
                    stakeholder_id: id,
                })
                .into_response());
            }
        }
    }
    Err(ApiError::Conflict(
        "No free provider id was found. Please try again.".into(),
    ))
}

/// `POST /api/buildingblock/proposeClosure {stakeholderId, reason}`: the municipality's
/// designated person proposes closing a listed provider, with a reason (DeleteBuildingBlock, in
/// one of their municipalities). It keeps counting until the province confirms.
#[utoipa::path(post, path = "/api/buildingblock/proposeClosure", operation_id = "proposeClosure", tag = "building block",
    request_body = ClosureBody,
    responses((status = 200, description = "Closure proposed", body = Done), (status = 400, description = "No reason, closed, or already proposed"),
              (status = 403, description = "Permission denied or not an assigned municipality"), (status = 404, description = "Unknown provider")))]
pub async fn propose_closure(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<ClosureBody>,
) -> Result<Response, ApiError> {
    let command = ProviderCommand::ProposeProviderClosure(ProposeProviderClosure {
        actor: actor_of(&u),
        actor_municipalities: assigned_municipalities(&s, &u).await?,
        reason: b.reason.as_deref().unwrap_or_default().to_string(),
        reason_id: uuid::Uuid::new_v4(),
        reason_salt: uuid::Uuid::new_v4(),
    });
    if let Err(r) = run(
        &s,
        &u,
        b.stakeholder_id,
        command,
        "http:POST /api/buildingblock/proposeClosure",
    )
    .await?
    {
        return Ok(r);
    }
    Ok(Json(Done::new(
        "Closure proposed: the provider is removed once the province confirms.",
    ))
    .into_response())
}

async fn decide(
    s: AppState,
    u: CurrentUser,
    b: ProposalDecisionBody,
    confirm: bool,
    source: &str,
) -> Result<Response, ApiError> {
    let command = ProviderCommand::DecideProviderProposal(DecideProviderProposal {
        actor: actor_of(&u),
        reviewed_municipalities: confirming_municipalities(&s, &u).await?,
        confirm,
        reason: b.reason.as_deref().unwrap_or_default().to_string(),
        reason_id: uuid::Uuid::new_v4(),
        reason_salt: uuid::Uuid::new_v4(),
    });
    if let Err(r) = run(&s, &u, b.stakeholder_id, command, source).await? {
        return Ok(r);
    }
    Ok(Json(Done::new(if confirm {
        "Proposal confirmed."
    } else {
        "Proposal declined."
    }))
    .into_response())
}

/// `POST /api/buildingblock/confirmProposal {stakeholderId}`: a designated person of the
/// province confirms the pending proposal (VerifyBuildingBlockExist, a province they review,
/// not their own proposal): a proposed provider exists and is listed from now on, or a provider
/// proposed for closing is closed and counts nowhere (its history stays).
#[utoipa::path(post, path = "/api/buildingblock/confirmProposal", operation_id = "confirmProposal", tag = "building block",
    request_body = ProposalDecisionBody,
    responses((status = 200, description = "Confirmed", body = Done), (status = 400, description = "Nothing proposed"),
              (status = 403, description = "Permission denied, other province, or the user's own proposal"), (status = 404, description = "Unknown provider")))]
pub async fn confirm_proposal(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<ProposalDecisionBody>,
) -> Result<Response, ApiError> {
    decide(
        s,
        u,
        b,
        true,
        "http:POST /api/buildingblock/confirmProposal",
    )
    .await
}

/// `POST /api/buildingblock/declineProposal {stakeholderId, reason}`: as `confirmProposal`, but
/// the proposal is declined with a reason: a proposed provider never counts, a provider
/// proposed for closing stays listed.
#[utoipa::path(post, path = "/api/buildingblock/declineProposal", operation_id = "declineProposal", tag = "building block",
    request_body = ProposalDecisionBody,
    responses((status = 200, description = "Declined", body = Done), (status = 400, description = "No reason or nothing proposed"),
              (status = 403, description = "Permission denied, other province, or the user's own proposal"), (status = 404, description = "Unknown provider")))]
pub async fn decline_proposal(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<ProposalDecisionBody>,
) -> Result<Response, ApiError> {
    decide(
        s,
        u,
        b,
        false,
        "http:POST /api/buildingblock/declineProposal",
    )
    .await
}

/// `GET /api/buildingblock/proposals`: the proposals of new providers and of closures awaiting
/// the province in the reader's area, oldest first: the municipalities assigned to them (what
/// they proposed waits there) and those of the provinces where they confirm existence.
/// AddBuildingBlock, DeleteBuildingBlock or VerifyBuildingBlockExist.
#[utoipa::path(get, path = "/api/buildingblock/proposals", operation_id = "getProposals", tag = "building block",
    responses((status = 200, description = "Proposals awaiting the province", body = ProposalList), (status = 403, description = "Permission denied")))]
pub async fn proposals(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
) -> Result<Json<ProposalList>, ApiError> {
    let mut area = confirming_municipalities(&s, &u).await?;
    if u.can(AddBuildingBlock) || u.can(DeleteBuildingBlock) {
        area.extend(assigned_municipalities(&s, &u).await?);
    }
    area.sort_unstable();
    area.dedup();
    let rows = queries::pending_proposals(&s.pool, &area, PROPOSALS_SHOWN).await?;
    let total = queries::pending_proposal_count(&s.pool, &area).await?;
    let actors: Vec<String> = rows.iter().map(|r| r.proposed_by.clone()).collect();
    let names = queries::staff_names(&s.pool, &actors, gbvf_events::person::ERASED_PERSON).await?;
    let me = actor_of(&u);
    let now = chrono::Utc::now();
    let items = rows
        .into_iter()
        .map(|r| ProposalItem {
            stakeholder_id: r.provider_id,
            kind: r.kind,
            name: r.name,
            municipality_id: r.municipality_id,
            municipality_name: r.municipality_name,
            building_block_id: r.building_block_id,
            building_block: r.building_block,
            contacts: directory_contacts(r.contacts),
            point: r.point_lon.zip(r.point_lat).map(|(x, y)| [x, y]),
            physical_address: r.physical_address,
            reason: r.reason,
            proposed_by_name: names.get(&r.proposed_by).cloned(),
            proposed_at: r.proposed_at.to_rfc3339(),
            days_waiting: (now - r.proposed_at).num_days().max(0),
            own_proposal: r.proposed_by == me,
        })
        .collect();
    Ok(Json(ProposalList {
        success: true,
        total,
        items,
    }))
}
