//! `DELETE /api/buildingblock/DeleteStakeholderById` (public spec §7 "Building block",
//! "deleting a requirement contact person"; §8 "Delete contact failure"): the municipality's
//! designated person removes one contact person from a provider's details, a command on the
//! provider aggregate (`RemoveContactPerson`).

use crate::http::auth::CurrentUser;
use crate::http::building_blocks::assigned_municipalities;
use crate::http::building_blocks::availability::required_id;
use crate::http::building_blocks::verification::actor_of;
use crate::http::building_blocks::verification::execute_provider;
use crate::http::error::{ApiError, Done};
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::response::Response;
use gbvf_commands::building_blocks::provider::{
    ProviderCommand, RemoveContactPerson, CONTACT_DELETED, CONTACT_NOT_DELETED,
};
use serde::Deserialize;
use utoipa::IntoParams;

/// Query of `DeleteStakeholderById`, named as the specification names it.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeleteContactQuery {
    /// The provider's building block.
    #[serde(rename = "buildingBlockId")]
    #[param(rename = "buildingBlockId", value_type = i64, minimum = 1, required = true)]
    building_block_id: Option<String>,
    /// The contact person to remove (`contactPersonId` of
    /// `getBuildingBlockContactsWithRequirements`, a UUID).
    #[serde(rename = "stakeholderId")]
    #[param(rename = "stakeholderId", value_type = String, format = Uuid, required = true)]
    stakeholder_id: Option<String>,
    /// The provider (its `stakeholderId`).
    #[serde(rename = "bldBlockstakeholderId")]
    #[param(rename = "bldBlockstakeholderId", value_type = i64, minimum = 1, required = true)]
    building_block_stakeholder_id: Option<String>,
}

/// `DELETE /api/buildingblock/DeleteStakeholderById?buildingBlockId&stakeholderId&bldBlockstakeholderId`:
/// removes contact person `stakeholderId` from the details of provider
/// `bldBlockstakeholderId` (EditBuildingBlock, a provider in one of the user's municipalities);
/// the details are submitted again without them for the province to verify, and the public
/// keeps the last verified details until then. Unknown person: 404 'An error occurred while
/// deleting the contact.'
#[utoipa::path(delete, path = "/api/buildingblock/DeleteStakeholderById", operation_id = "deleteContactPerson", tag = "building block",
    params(DeleteContactQuery),
    responses((status = 200, description = "Deleted (the server's message)", body = Done), (status = 400, description = "Malformed parameter or other building block"),
              (status = 403, description = "Permission denied or not an assigned municipality"), (status = 404, description = "'An error occurred while deleting the contact.' or unknown provider")))]
pub async fn delete_contact_person(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<DeleteContactQuery>,
) -> Result<Response, ApiError> {
    let provider = required_id("bldBlockstakeholderId", &q.building_block_stakeholder_id)?;
    let block = required_id("buildingBlockId", &q.building_block_id)?;
    let person = q
        .stakeholder_id
        .as_deref()
        .and_then(|v| uuid::Uuid::parse_str(v.trim()).ok())
        .ok_or_else(|| ApiError::bad("stakeholderId", CONTACT_NOT_DELETED))?;
    let command = ProviderCommand::RemoveContactPerson(RemoveContactPerson {
        actor: actor_of(&u),
        actor_municipalities: assigned_municipalities(&s, &u).await?,
        building_block_id: i32::try_from(block)
            .map_err(|_| ApiError::bad("buildingBlockId", "buildingBlockId is out of range."))?,
        contact_person_id: person,
    });
    execute_provider(
        &s,
        &u,
        provider,
        command,
        "http:DELETE /api/buildingblock/DeleteStakeholderById",
        CONTACT_DELETED,
    )
    .await
}
