//! Additions to the building-block taxonomy (public spec §6 action CreateNewBuildingBlock 13;
//! the spec names no route, docs/decisions/0053-additions-to-the-taxonomy.md): an administrator
//! adds a building block to a category or a requirement to a building block, each with the
//! source that asks for it; the taxonomy with its versions for the administrators' screen.
//! Each addition is a command on the taxonomy aggregate; the taxonomy is national, so the
//! action alone decides (no area).

use crate::http::auth::CurrentUser;
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::State;
use axum::Json;
use cqrs_es::AggregateError;
use gbvf_commands::building_blocks::taxonomy::{
    AddBuildingBlock, AddRequirement, ReferenceTaxonomy, TaxonomyCommand, TaxonomyError,
};
use gbvf_commands::execute::execute_with_side_tables;
use gbvf_commands::text::{LineText, ShortText};
use gbvf_events::building_block::{TaxonomyEvent, TAXONOMY_ID};
use gbvf_projections::building_blocks::queries;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::verification::meta_for;

/// Body of `POST /api/buildingblock/createBuildingBlock`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBuildingBlockBody {
    /// The category it goes under.
    pub building_block_category_id: i32,
    /// Its name (required; unique in the category, ignoring case and spaces).
    pub name: ShortText,
    /// What asks for it, e.g. "Provincial DSD circular 2026/14" (required).
    pub source: LineText,
    /// What it is, in a sentence (optional).
    #[serde(default)]
    pub description: Option<LineText>,
}

/// Body of `POST /api/buildingblock/createBuildingBlockRequirement`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateRequirementBody {
    /// The building block it belongs to.
    pub building_block_id: i32,
    /// Its name (required; unique in the block, ignoring case and spaces).
    pub name: ShortText,
    /// What asks for it (required).
    pub source: LineText,
}

/// The answer to an addition.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxonomyAdded {
    /// Always `true`.
    pub success: bool,
    /// The confirmation, for people.
    pub message: String,
    /// The new building block's or requirement's id (1001 and above).
    pub id: i32,
    /// The taxonomy version the addition made.
    pub taxonomy_version: i64,
}

/// A requirement in [`TaxonomyAnswer`].
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxonomyRequirement {
    /// Requirement id.
    pub building_block_requirement_id: i32,
    /// Its name.
    pub description: String,
    /// What asks for it.
    pub source: String,
    /// The version that added it; null for a shipped one.
    #[schema(required = true)]
    pub added_version: Option<i64>,
}

/// A building block in [`TaxonomyAnswer`].
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxonomyBlock {
    /// Building block id.
    pub building_block_id: i32,
    /// Its name.
    pub description: String,
    /// The version that added it; null for a shipped one.
    #[schema(required = true)]
    pub added_version: Option<i64>,
    /// Its requirements in order.
    pub requirements: Vec<TaxonomyRequirement>,
}

/// A category in [`TaxonomyAnswer`].
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxonomyCategory {
    /// Category id.
    pub building_block_category_id: i32,
    /// Its name.
    pub description: String,
    /// Its building blocks in order.
    pub building_blocks: Vec<TaxonomyBlock>,
}

/// One version of the taxonomy: an import of the file or an addition.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxonomyVersion {
    /// The version (1, 2, ...).
    pub taxonomy_version: i64,
    /// `file` (an import of taxonomy.json), `block` or `requirement` (an addition).
    pub kind: String,
    /// The file's version string (`file` only).
    #[schema(required = true)]
    pub file_version: Option<String>,
    /// The added block's or requirement's id (additions only).
    #[schema(required = true)]
    pub id: Option<i32>,
    /// The addition's name, or the file's title.
    pub name: String,
    /// The category (an added block) or building block (an added requirement) it is under.
    #[schema(required = true)]
    pub parent_name: Option<String>,
    /// What asks for it (the file's path for `file`).
    #[schema(required = true)]
    pub source: Option<String>,
    /// An added block's description.
    #[schema(required = true)]
    pub description: Option<String>,
    /// Who: a person's name ("Erased person" once erased), or "import".
    pub by: String,
    /// When (RFC 3339, UTC).
    pub at: String,
}

/// The taxonomy with its versions (`GET /api/buildingblock/getBuildingBlockTaxonomy`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxonomyAnswer {
    /// Always `true`.
    pub success: bool,
    /// The current version (0 before the first import).
    pub taxonomy_version: i64,
    /// Categories, blocks and requirements in order.
    pub categories: Vec<TaxonomyCategory>,
    /// Every version, newest first.
    pub versions: Vec<TaxonomyVersion>,
}

/// Runs `command` on the taxonomy; answers the new id and version once the read model holds
/// it. Refusals: an unknown category or block 400 on its field, a blank or duplicate name 400
/// on `name`, a blank source 400 on `source`, a concurrent addition 409.
async fn run(
    s: &AppState,
    u: &CurrentUser,
    command: TaxonomyCommand,
    source: &str,
) -> Result<Json<TaxonomyAdded>, ApiError> {
    let store = crate::telemetry::event_store::<ReferenceTaxonomy>(&s.pool);
    let events = execute_with_side_tables(
        &store,
        &s.pool,
        TAXONOMY_ID,
        command,
        &(),
        &meta_for(u, source),
    )
    .await
    .map_err(|e| match e {
        AggregateError::UserError(e) => {
            let field = match e {
                TaxonomyError::UnknownCategory(_) => "buildingBlockCategoryId",
                TaxonomyError::UnknownBuildingBlock(_) => "buildingBlockId",
                TaxonomyError::SourceRequired => "source",
                TaxonomyError::NameRequired
                | TaxonomyError::DuplicateName(_)
                | TaxonomyError::LooksLikeExisting { .. }
                | TaxonomyError::InvisibleCharacter => "name",
                _ => "taxonomy",
            };
            ApiError::bad(field, e.to_string())
        }
        AggregateError::AggregateConflict => ApiError::Conflict(
            "Someone else changed the taxonomy at the same moment. Reload and try again.".into(),
        ),
        other => ApiError::from_aggregate(other),
    })?
    .events;
    crate::http::read_your_writes::settle(s, "building_blocks").await;
    let (message, id, version) = match events.first() {
        Some(TaxonomyEvent::BuildingBlockAdded(b)) => (
            "Building block added.",
            b.building_block_id,
            b.taxonomy_version,
        ),
        Some(TaxonomyEvent::RequirementAdded(r)) => (
            "Requirement added.",
            r.building_block_requirement_id,
            r.taxonomy_version,
        ),
        _ => return Err(anyhow::anyhow!("the taxonomy decided no addition").into()),
    };
    Ok(Json(TaxonomyAdded {
        success: true,
        message: message.into(),
        id,
        taxonomy_version: version,
    }))
}

/// `POST /api/buildingblock/createBuildingBlock {buildingBlockCategoryId, name, source,
/// description}`: an administrator adds a building block to a category (CreateNewBuildingBlock).
/// It counts like any other block; with no providers it reads as not known.
#[utoipa::path(post, path = "/api/buildingblock/createBuildingBlock", operation_id = "createBuildingBlock", tag = "building block",
    request_body = CreateBuildingBlockBody,
    responses((status = 200, description = "Added", body = TaxonomyAdded),
              (status = 400, description = "Unknown category, blank or duplicate name, blank source"),
              (status = 403, description = "Permission denied"), (status = 409, description = "Concurrent change")))]
pub async fn create_building_block(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<CreateBuildingBlockBody>,
) -> Result<Json<TaxonomyAdded>, ApiError> {
    let command = TaxonomyCommand::AddBuildingBlock(AddBuildingBlock {
        building_block_category_id: b.building_block_category_id,
        name: b.name,
        source: b.source,
        description: b.description,
    });
    run(
        &s,
        &u,
        command,
        "http:POST /api/buildingblock/createBuildingBlock",
    )
    .await
}

/// `POST /api/buildingblock/createBuildingBlockRequirement {buildingBlockId, name, source}`:
/// an administrator adds a requirement to a building block (CreateNewBuildingBlock).
#[utoipa::path(post, path = "/api/buildingblock/createBuildingBlockRequirement", operation_id = "createBuildingBlockRequirement", tag = "building block",
    request_body = CreateRequirementBody,
    responses((status = 200, description = "Added", body = TaxonomyAdded),
              (status = 400, description = "Unknown building block, blank or duplicate name, blank source"),
              (status = 403, description = "Permission denied"), (status = 409, description = "Concurrent change")))]
pub async fn create_requirement(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<CreateRequirementBody>,
) -> Result<Json<TaxonomyAdded>, ApiError> {
    let command = TaxonomyCommand::AddRequirement(AddRequirement {
        building_block_id: b.building_block_id,
        name: b.name,
        source: b.source,
    });
    run(
        &s,
        &u,
        command,
        "http:POST /api/buildingblock/createBuildingBlockRequirement",
    )
    .await
}

/// `GET /api/buildingblock/getBuildingBlockTaxonomy`: the taxonomy, shipped and added, and
/// every version with who made it, when and on what source (CreateNewBuildingBlock).
#[utoipa::path(get, path = "/api/buildingblock/getBuildingBlockTaxonomy", operation_id = "getBuildingBlockTaxonomy", tag = "building block",
    responses((status = 200, description = "The taxonomy and its versions", body = TaxonomyAnswer),
              (status = 403, description = "Permission denied")))]
pub async fn get_taxonomy(State(s): State<AppState>) -> Result<Json<TaxonomyAnswer>, ApiError> {
    let mut categories: Vec<TaxonomyCategory> = Vec::new();
    for r in queries::taxonomy_tree(&s.pool).await? {
        if categories.last().map(|c| c.building_block_category_id) != Some(r.category_id) {
            categories.push(TaxonomyCategory {
                building_block_category_id: r.category_id,
                description: r.category_description,
                building_blocks: Vec::new(),
            });
        }
        let blocks = &mut categories.last_mut().expect("pushed").building_blocks;
        if blocks.last().map(|b| b.building_block_id) != Some(r.building_block_id) {
            blocks.push(TaxonomyBlock {
                building_block_id: r.building_block_id,
                description: r.block_description,
                added_version: r.block_added_version,
                requirements: Vec::new(),
            });
        }
        if let (Some(id), Some(description)) = (r.requirement_id, r.requirement_description) {
            blocks
                .last_mut()
                .expect("pushed")
                .requirements
                .push(TaxonomyRequirement {
                    building_block_requirement_id: id,
                    description,
                    source: r.requirement_source.unwrap_or_default(),
                    added_version: r.requirement_added_version,
                });
        }
    }
    let versions: Vec<TaxonomyVersion> =
        queries::taxonomy_versions(&s.pool, gbvf_events::person::ERASED_PERSON)
            .await?
            .into_iter()
            .map(|v| TaxonomyVersion {
                taxonomy_version: v.taxonomy_version,
                id: match v.kind.as_str() {
                    "block" => v.building_block_id,
                    "requirement" => v.building_block_requirement_id,
                    _ => None,
                },
                kind: v.kind,
                file_version: v.file_version,
                name: v.name,
                parent_name: v.parent_name,
                source: v.source,
                description: v.description,
                by: v.actor_name.unwrap_or(v.actor),
                at: v.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            })
            .collect();
    Ok(Json(TaxonomyAnswer {
        success: true,
        taxonomy_version: versions.first().map_or(0, |v| v.taxonomy_version),
        categories,
        versions,
    }))
}
