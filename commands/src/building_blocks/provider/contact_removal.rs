//! Removing one contact person from a provider's details (public spec §7 `DELETE
//! /api/buildingblock/DeleteStakeholderById`, "deleting a requirement contact person"; §8
//! 'An error occurred while deleting the contact.'): the municipality's designated person
//! removes a person from the details last submitted, which are submitted again without them
//! for the province to verify. The public keeps the last verified details until then; the
//! person's row in `bb_contact_person` is erased once no details name them.

use gbvf_events::building_block::ProviderEvent;

use super::{Provider, ProviderError};

/// The municipality's designated person removes contact person `contact_person_id` from the
/// details of the provider (EditBuildingBlock, in one of their municipalities).
#[derive(Debug, Clone, PartialEq)]
pub struct RemoveContactPerson {
    /// The acting user (`user:<id>`).
    pub actor: String,
    /// The municipalities assigned to the actor (boundary ids).
    pub actor_municipalities: Vec<i64>,
    /// The building block the call names (must be the provider's).
    pub building_block_id: i32,
    /// The person to remove (`bb_contact_person` id).
    pub contact_person_id: uuid::Uuid,
}

/// 'An error occurred while deleting the contact.' (spec §8 "Delete contact failure"): the
/// details name no such person.
pub const CONTACT_NOT_DELETED: &str = "An error occurred while deleting the contact.";
/// The answer of a removal.
pub const CONTACT_DELETED: &str =
    "Contact person deleted; the details await the province's verification.";

impl Provider {
    /// A removal (in this order): a known, listed provider in the actor's municipalities, of the
    /// named building block, whose last submitted details name the person
    /// ([`ProviderError::ContactPersonNotFound`]). The event is a submission of those details
    /// without the person.
    pub(super) fn remove_contact_person(
        &self,
        c: &RemoveContactPerson,
    ) -> Result<ProviderEvent, ProviderError> {
        let p = self.imported_in(&c.actor_municipalities)?;
        if p.building_block_id != c.building_block_id {
            return Err(ProviderError::WrongBuildingBlock);
        }
        let mut details = self
            .details
            .clone()
            .ok_or(ProviderError::ContactPersonNotFound)?;
        let before = details.contact_persons.len();
        details
            .contact_persons
            .retain(|p| p.contact_person_id != c.contact_person_id);
        if details.contact_persons.len() == before {
            return Err(ProviderError::ContactPersonNotFound);
        }
        Ok(ProviderEvent::BuildingBlockDetailsSubmitted(details))
    }
}
