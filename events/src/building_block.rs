//! Building-block events (public spec §1 component 1, §3 "Building block data").
//!
//! - Aggregate type `bb_taxonomy`, id `reference`: the reference taxonomy of categories,
//!   building blocks and requirements (`data/building-blocks/taxonomy.json`).
//! - Aggregate type `bb_provider`, id `<stakeholderId>`: one service provider (a SAPS station,
//!   a court, a health facility, a shelter) from its import through the capture by the
//!   municipality and the verification by the province.
//! - Aggregate type `bb_import`, id = SHA-256 of the source file: the report of one import,
//!   with every row that could not be placed.
//!
//! POPIA: contact persons' names, e-mail addresses and phone numbers are never in a payload.
//! They live in the side table `bb_contact_person` and events name them by id only.
//! Shelters never carry a point or a street address (their locations are protected). Which
//! building blocks are shelters in this sense is a property of the taxonomy:
//! [`Category::location_secret`] for a shipped category (the "Shelter and psychosocial support"
//! category of `taxonomy.json`), and [`BuildingBlockAdded::location_secret`] for an added block
//! (docs/decisions/0152-location-secret-is-a-property-of-the-taxonomy.md).

use serde::{Deserialize, Serialize};

/// Aggregate type of the taxonomy.
pub const TAXONOMY_AGGREGATE: &str = "bb_taxonomy";
/// The one taxonomy aggregate id.
pub const TAXONOMY_ID: &str = "reference";
/// Aggregate type of service providers.
pub const PROVIDER_AGGREGATE: &str = "bb_provider";
/// Aggregate type of provider imports.
pub const PROVIDER_IMPORT_AGGREGATE: &str = "bb_import";

/// The building block id of shelters in the shipped taxonomy: the block the shipped shelter
/// directories (`shelters.csv`, `shelters_nsm_2018.csv`) are imported under. Whether a
/// provider's location is secret is never decided by this id but by the taxonomy
/// ([`Category::location_secret`], [`BuildingBlockAdded::location_secret`]).
pub const SHELTER_BUILDING_BLOCK_ID: i32 = 5;

/// `skip_serializing_if` of the `location_secret` flags: false is left out, so payloads of
/// blocks, categories and proposals that are not secret read as before.
fn is_false(b: &bool) -> bool {
    !*b
}

/// One requirement of a building block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Requirement {
    /// Stable id (`buildingBlockRequirementId`).
    pub building_block_requirement_id: i32,
    /// Name shown on screens.
    pub description: String,
    /// The Act, policy or programme that asks for it.
    pub source: String,
}

/// One building block: a kind of service provider.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BuildingBlock {
    /// Stable id (`buildingBlockId`).
    pub building_block_id: i32,
    /// Name shown on screens.
    pub description: String,
    /// Which shipped file its providers come from.
    pub provider_source: String,
    /// Its requirements.
    pub requirements: Vec<Requirement>,
}

/// One category of building blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    /// Stable id (`buildingBlockCategoryId`).
    pub building_block_category_id: i32,
    /// Name shown on screens.
    pub description: String,
    /// Display order.
    pub seq: i32,
    /// The NSP GBVF pillar(s) it serves.
    pub pillar: String,
    /// `locationSecret`: the locations of the providers of every block in it, shipped or added,
    /// are secret (shelters): no point, no street address and no public contact person is ever
    /// recorded or shown. Absent is false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub location_secret: bool,
    /// Its building blocks.
    pub building_blocks: Vec<BuildingBlock>,
}

/// The reference taxonomy as shipped in `data/building-blocks/taxonomy.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Taxonomy {
    /// Version string of the file, e.g. `2026-11-1`.
    pub version: String,
    /// Title.
    pub title: String,
    /// Notes and sources.
    pub notes: Vec<String>,
    /// Categories in order.
    pub categories: Vec<Category>,
}

/// The first id of a building block or requirement added by an administrator: ids below it
/// belong to the shipped file (`taxonomy.json`), whose import refuses any id from here up, so
/// an addition never collides with what a later file names
/// (docs/decisions/0053-additions-to-the-taxonomy.md).
pub const ADDED_ID_BASE: i32 = 1001;

/// A building block an administrator added to a category (CreateNewBuildingBlock, public spec
/// §6 action 13). Version "1.0".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BuildingBlockAdded {
    /// The taxonomy version this addition makes (the aggregate's sequence: 1, 2, ...).
    pub taxonomy_version: i64,
    /// The new block's id, [`ADDED_ID_BASE`] or above.
    pub building_block_id: i32,
    /// The category it is under (an id of the shipped file).
    pub building_block_category_id: i32,
    /// Name shown on screens (trimmed, at most 100 characters).
    pub name: String,
    /// The Act, policy, circular or programme that asks for it (at most 250 characters).
    pub source: String,
    /// What it is, in a sentence; absent when none was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The locations of its providers are secret (a shelter-like block): decided by the
    /// taxonomy aggregate, true under a [`Category::location_secret`] category. Absent is false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub location_secret: bool,
}

/// A requirement an administrator added to a building block, shipped or added. Version "1.0".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequirementAdded {
    /// The taxonomy version this addition makes (the aggregate's sequence).
    pub taxonomy_version: i64,
    /// The new requirement's id, [`ADDED_ID_BASE`] or above.
    pub building_block_requirement_id: i32,
    /// The building block it belongs to.
    pub building_block_id: i32,
    /// Name shown on screens (trimmed, at most 100 characters).
    pub name: String,
    /// The Act, policy, circular or programme that asks for it (at most 250 characters).
    pub source: String,
}

/// Events of the taxonomy aggregate. Who added a block or requirement, and when, is the
/// event's metadata (`actor`, `at`), as for every command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TaxonomyEvent {
    /// The shipped part of the taxonomy as loaded from its file: a new file replaces the
    /// shipped part whole and keeps the additions. Version "1.0".
    TaxonomyRecorded(Taxonomy),
    /// See [`BuildingBlockAdded`].
    BuildingBlockAdded(BuildingBlockAdded),
    /// See [`RequirementAdded`].
    RequirementAdded(RequirementAdded),
}

impl cqrs_es::DomainEvent for TaxonomyEvent {
    fn event_type(&self) -> String {
        match self {
            TaxonomyEvent::TaxonomyRecorded(_) => "TaxonomyRecorded",
            TaxonomyEvent::BuildingBlockAdded(_) => "BuildingBlockAdded",
            TaxonomyEvent::RequirementAdded(_) => "RequirementAdded",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

/// A contact detail (public spec §3 "contacts"): contact types WorkEmail 1, MobilePhone 2,
/// Reception 3 (telephone), Alternative 4, PersonalEmail 5.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactDetail {
    /// Contact type id (§3).
    pub contact_type_id: i32,
    /// The number (digits only) or e-mail address of the provider (an institution, not a person).
    pub detail: String,
}

/// A provider as imported from a public directory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderImported {
    /// Stable id (the specification's `stakeholderId`, the name it is stored under): 1,000,000
    /// × source number + line number in the file.
    #[serde(rename = "stakeholderId")]
    pub provider_id: i64,
    /// Name as published (police stations: the station name).
    pub name: String,
    /// Building block (taxonomy).
    pub building_block_id: i32,
    /// Its category.
    pub building_block_category_id: i32,
    /// The local or metropolitan municipality it is placed in (boundary id).
    pub municipality_id: i64,
    /// Institutional phone numbers as published, digits only.
    pub contacts: Vec<ContactDetail>,
    /// Point `[longitude, latitude]` (WGS84); always `None` for shelters.
    pub point: Option<[f64; 2]>,
    /// How it was placed: `precinct join` or `point in municipality`.
    pub placement: String,
    /// The source file and dataset, e.g. `police.csv (Seeking Shelter, SAPS contacts 2018)`.
    pub source: String,
    /// Year of the data.
    pub vintage: i32,
    /// For a police station found in the SAPS precinct list: that precinct's code (e.g.
    /// `PD210001`), which links the station to its precinct on the crime map. Absent for other
    /// providers and in events recorded before the link existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saps_precinct_code: Option<String>,
}

/// A contact person attached to a requirement; the person's details are in the side table
/// `bb_contact_person` under `contact_person_id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactPersonRef {
    /// Id in `bb_contact_person`.
    pub contact_person_id: uuid::Uuid,
    /// The requirement the person answers for.
    pub building_block_requirement_id: i32,
    /// Whether the person agreed to be shown in the public directory (public spec §3 "Contact
    /// person" `isPublic`); internal (`false`) by default and for events recorded before the
    /// field existed. Only a public person's name, role and work numbers are ever published,
    /// and a shelter's contact persons never are.
    #[serde(default)]
    pub is_public: bool,
}

/// The free-text reason of a return, a closure proposal or a declined proposal: it may name a
/// person, so its text is personal data kept out of the event log (POPIA;
/// docs/decisions/0154-free-text-reasons-beside-the-log.md). The event names it by `reasonId`; the text is in
/// the side table `decision_reason`, where `gbvf building-blocks erase-reason` can erase it.
/// Events recorded before the side table existed carry the text in `reason` instead and replay
/// as they are; new events never carry it. Serialised `{"reasonId": "<uuid>"}` (new) or
/// `{"reason": "<text>"}` (old), the same JSON object the struct variant used to hold.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReasonRef {
    /// Id of the text in `decision_reason`; `None` in events recorded before the side table.
    #[serde(rename = "reasonId", default, skip_serializing_if = "Option::is_none")]
    pub reason_id: Option<uuid::Uuid>,
    /// The text itself, only in events recorded before the side table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// [`reason_digest`] of the kept text under its salt, so that the sealed log proves the
    /// text in `decision_reason` is the one given; `None` in events recorded before.
    #[serde(
        rename = "reasonDigest",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub digest: Option<String>,
}

impl ReasonRef {
    /// A reason `text` kept in `decision_reason` under `reason_id` with `salt`.
    pub fn kept(reason_id: uuid::Uuid, salt: uuid::Uuid, text: &str) -> ReasonRef {
        ReasonRef {
            reason_id: Some(reason_id),
            reason: None,
            digest: Some(reason_digest(salt, text)),
        }
    }
}

/// The digest an event keeps of a free-text reason kept beside the log: hex SHA-256 of the
/// salt's 16 bytes followed by the text's UTF-8 bytes (64 hex digits). The salt is random and
/// lives only beside the text in `decision_reason` (erased with it), so the digest in the
/// sealed log neither reveals a short text to someone guessing it nor lets anyone with SQL
/// access change the kept text unnoticed (docs/decisions/0155-reason-digests-in-the-log.md).
pub fn reason_digest(salt: uuid::Uuid, text: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    hash.update(salt.as_bytes());
    hash.update(text.as_bytes());
    hex::encode(hash.finalize())
}

/// The details captured by the municipality's designated person.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderDetails {
    /// Physical address (required by §5; never for shelters, which keep `None`).
    pub physical_address: Option<String>,
    /// Postal address.
    pub postal_address: Option<String>,
    /// Institutional contacts: reception (3), alternate (4), work e-mail (1).
    pub contacts: Vec<ContactDetail>,
    /// Requirement ids the provider offers.
    pub requirements_available: Vec<i32>,
    /// Contact persons by id (details in the side table).
    pub contact_persons: Vec<ContactPersonRef>,
}

/// Events of one provider.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ProviderEvent {
    /// Imported from a public directory. Version "1.0".
    ProviderImported(ProviderImported),
    /// The municipality's designated person updated and submitted the details. Version "1.0".
    BuildingBlockDetailsSubmitted(ProviderDetails),
    /// The province's designated person verified the submitted details. Version "1.0".
    BuildingBlockVerified,
    /// The province's designated person returned the details with a reason. Version "1.0".
    BuildingBlockReturned(ReasonRef),
    /// The municipality's designated person proposed a provider missing from the directory
    /// (AddBuildingBlock); it counts nowhere until the province confirms it exists. Version "1.0".
    ProviderProposed(ProviderProposed),
    /// The province's designated person confirmed that the proposed provider exists
    /// (VerifyBuildingBlockExist): from now on it is listed like an imported one. Version "1.0".
    ProviderExistenceConfirmed,
    /// The province's designated person declined the proposal, with a reason. Version "1.0".
    ProviderProposalDeclined(ReasonRef),
    /// The municipality's designated person proposed closing the provider (DeleteBuildingBlock),
    /// with a reason; it keeps counting until the province confirms. Version "1.0".
    ProviderClosureProposed(ReasonRef),
    /// The province's designated person confirmed the closure (VerifyBuildingBlockExist): the
    /// provider counts nowhere any more; its history stays. Version "1.0".
    ProviderClosed,
    /// The province's designated person declined the closure, with a reason. Version "1.0".
    ProviderClosureDeclined(ReasonRef),
}

/// A provider proposed by a municipality (public spec §2 "Manage building block",
/// AddBuildingBlock), as recorded; like [`ProviderImported`] without source and vintage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderProposed {
    /// Stable id (the specification's `stakeholderId`, the name it is stored under), from the
    /// range of proposed providers.
    #[serde(rename = "stakeholderId")]
    pub provider_id: i64,
    /// Name.
    pub name: String,
    /// Building block (taxonomy).
    pub building_block_id: i32,
    /// Its category.
    pub building_block_category_id: i32,
    /// The local or metropolitan municipality (boundary id).
    pub municipality_id: i64,
    /// Office numbers: reception (3) and alternate (4), digits only.
    pub contacts: Vec<ContactDetail>,
    /// Point `[longitude, latitude]` (WGS84) chosen on the map; always `None` for shelters.
    pub point: Option<[f64; 2]>,
    /// Physical address as given; always `None` for shelters.
    pub physical_address: Option<String>,
    /// The provider's building block has a secret location (a shelter): no point or street
    /// address was recorded, and none ever will be. Absent is false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub location_secret: bool,
}

impl cqrs_es::DomainEvent for ProviderEvent {
    fn event_type(&self) -> String {
        match self {
            ProviderEvent::ProviderImported(_) => "ProviderImported",
            ProviderEvent::BuildingBlockDetailsSubmitted(_) => "BuildingBlockDetailsSubmitted",
            ProviderEvent::BuildingBlockVerified => "BuildingBlockVerified",
            ProviderEvent::BuildingBlockReturned(_) => "BuildingBlockReturned",
            ProviderEvent::ProviderProposed(_) => "ProviderProposed",
            ProviderEvent::ProviderExistenceConfirmed => "ProviderExistenceConfirmed",
            ProviderEvent::ProviderProposalDeclined(_) => "ProviderProposalDeclined",
            ProviderEvent::ProviderClosureProposed(_) => "ProviderClosureProposed",
            ProviderEvent::ProviderClosed => "ProviderClosed",
            ProviderEvent::ProviderClosureDeclined(_) => "ProviderClosureDeclined",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

/// Events of one provider import.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ProviderImportEvent {
    /// One file imported. Version "1.0".
    ProviderImportCompleted {
        /// File name.
        file_name: String,
        /// Data rows read.
        rows_read: u64,
        /// Providers new or changed (appended).
        providers_appended: u64,
        /// Providers already recorded unchanged.
        providers_unchanged: u64,
        /// Rows not imported: `{line, name, province, reason}`.
        unplaced: Vec<serde_json::Value>,
    },
}

impl cqrs_es::DomainEvent for ProviderImportEvent {
    fn event_type(&self) -> String {
        "ProviderImportCompleted".into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_recorded_in_the_payload_before_the_side_table_still_replays() {
        // Given the payload a return was stored with before reasons moved to `decision_reason`.
        let old = serde_json::json!({"BuildingBlockReturned": {"reason": "Wrong address"}});
        // Then it reads as the same return, its text in the payload.
        let event: ProviderEvent = serde_json::from_value(old).unwrap();
        assert_eq!(
            event,
            ProviderEvent::BuildingBlockReturned(ReasonRef {
                reason_id: None,
                reason: Some("Wrong address".into()),
                digest: None,
            })
        );
    }

    #[test]
    fn a_new_reason_is_stored_by_id_and_salted_digest_only() {
        // When a closure is proposed now, its payload holds the id and the text's digest under
        // a salt, never the text.
        let id = uuid::Uuid::nil();
        let salt = uuid::Uuid::from_u128(7);
        let kept = ReasonRef::kept(id, salt, "Closed in May");
        let payload = serde_json::to_value(ProviderEvent::ProviderClosureProposed(kept)).unwrap();
        let digest = reason_digest(salt, "Closed in May");
        assert_eq!(
            payload,
            serde_json::json!({"ProviderClosureProposed": {"reasonId": id, "reasonDigest": digest}})
        );
        assert!(!payload.to_string().contains("Closed in May"));
        // The digest depends on the salt and on every byte of the text.
        assert_eq!(digest.len(), 64);
        assert_ne!(
            digest,
            reason_digest(uuid::Uuid::from_u128(8), "Closed in May")
        );
        assert_ne!(digest, reason_digest(salt, "Closed in June"));
    }
}
