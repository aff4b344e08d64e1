//! The bulk load of provider details by a province (ImportBuildingBlockData;
//! docs/decisions/0059-bulk-load-of-provider-details.md): a file in the template ([`TEMPLATE_CSV`])
//! is read ([`sheet::read`]), each row matched to a provider of the uploader's area and decided by
//! the [`Provider`](super::provider::Provider) aggregate exactly as the manage form's submission
//! ([`plan::plan`]); the dry run reports every row, and applying appends every row's events and
//! contact persons in ONE transaction ([`store::apply`]), so a file is applied whole or not at
//! all.
//!
//! A row: blank cells keep the provider's current value (its last submission, else its
//! imported record); a filled cell replaces it. `Requirements available` lists requirement
//! names (or ids) separated by `;` (`None` clears them). The contact person of a row is added
//! to the provider's contact persons, or replaces the one of the same name; the others stay.
//! Rows: [`plan::Action`]: a row that changes something records a submission by the uploader
//! (awaiting a verifier other than them, four-eyes); a row that changes nothing on a provider
//! whose pending submission someone else made verifies it when the uploader verifies in that
//! province (ValidateBuildingBlock); otherwise it is left unchanged.

pub mod plan;
pub mod sheet;
pub mod store;

pub use plan::{
    plan, Action, Change, Decided, DirectoryEntry, Known, PersonDetails, Plan, RowReport, Uploader,
};
pub use sheet::{CellError, Sheet, SheetRow, MAX_ROWS};
pub use store::{apply, load_providers, Applied, ApplyError};

/// A column of the bulk-load template, in the template's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// The provider's id (`stakeholderId`, as the directory and the history show it).
    ProviderId,
    /// The provider's name as the directory has it.
    ProviderName,
    /// Its building block's name (or id).
    BuildingBlock,
    /// Its municipality's name: tells apart providers of the same name.
    Municipality,
    /// Physical Address.
    PhysicalAddress,
    /// Postal Address.
    PostalAddress,
    /// Reception Number.
    ReceptionNumber,
    /// Alternate Number.
    AlternateNumber,
    /// Email address of the provider.
    EmailAddress,
    /// Requirement names or ids available, separated by `;`.
    RequirementsAvailable,
    /// A contact person's full name.
    ContactPersonName,
    /// Their job role.
    ContactPersonJobRole,
    /// Their mobile number (10 digits).
    ContactPersonMobileNumber,
    /// Their e-mail address.
    ContactPersonEmailAddress,
    /// Their telephone number (10 digits).
    ContactPersonTelephoneNumber,
    /// Their alternate number (10 digits).
    ContactPersonAlternateNumber,
    /// The requirement they answer for (name or id).
    ContactPersonRequirement,
    /// Yes: shown in the public directory (never for a shelter); No or blank: internal.
    ContactPersonPublic,
}

impl Column {
    /// Every column in the template's order.
    pub const ALL: [Column; 18] = [
        Column::ProviderId,
        Column::ProviderName,
        Column::BuildingBlock,
        Column::Municipality,
        Column::PhysicalAddress,
        Column::PostalAddress,
        Column::ReceptionNumber,
        Column::AlternateNumber,
        Column::EmailAddress,
        Column::RequirementsAvailable,
        Column::ContactPersonName,
        Column::ContactPersonJobRole,
        Column::ContactPersonMobileNumber,
        Column::ContactPersonEmailAddress,
        Column::ContactPersonTelephoneNumber,
        Column::ContactPersonAlternateNumber,
        Column::ContactPersonRequirement,
        Column::ContactPersonPublic,
    ];

    /// The header of the column in the template (matched case-insensitively).
    pub fn header(self) -> &'static str {
        match self {
            Column::ProviderId => "Provider ID",
            Column::ProviderName => "Provider name",
            Column::BuildingBlock => "Building block",
            Column::Municipality => "Municipality",
            Column::PhysicalAddress => "Physical address",
            Column::PostalAddress => "Postal address",
            Column::ReceptionNumber => "Reception number",
            Column::AlternateNumber => "Alternate number",
            Column::EmailAddress => "Email address",
            Column::RequirementsAvailable => "Requirements available",
            Column::ContactPersonName => "Contact person name",
            Column::ContactPersonJobRole => "Contact person job role",
            Column::ContactPersonMobileNumber => "Contact person mobile number",
            Column::ContactPersonEmailAddress => "Contact person email address",
            Column::ContactPersonTelephoneNumber => "Contact person telephone number",
            Column::ContactPersonAlternateNumber => "Contact person alternate number",
            Column::ContactPersonRequirement => "Contact person requirement",
            Column::ContactPersonPublic => "Contact person public",
        }
    }

    /// The column of header `name` (trimmed, any case).
    pub fn from_header(name: &str) -> Option<Column> {
        Column::ALL
            .into_iter()
            .find(|c| c.header().eq_ignore_ascii_case(name.trim()))
    }

    /// Most characters a cell of the column may hold (docs/decisions/0005-free-text-limits.md:
    /// names and roles 100, lines 250; the requirement list up to 100 names).
    pub fn max_chars(self) -> usize {
        match self {
            Column::ContactPersonName | Column::ContactPersonJobRole => 100,
            Column::RequirementsAvailable => 4_000,
            _ => 250,
        }
    }

    /// What the column holds, as the template's notes explain it.
    pub fn description(self) -> &'static str {
        match self {
            Column::ProviderId => "The provider's ID (stakeholderId) as the directory shows it. Optional when the name, building block (and, for names used twice, municipality) find the provider.",
            Column::ProviderName => "The provider's name as the directory has it (any case).",
            Column::BuildingBlock => "The building block's name (e.g. SAPS police station) or id.",
            Column::Municipality => "The municipality's name; needed only when two providers of the building block share a name.",
            Column::PhysicalAddress => "Physical address (required unless already captured; never for a shelter).",
            Column::PostalAddress => "Postal address.",
            Column::ReceptionNumber => "Reception number: digits only (spaces, dashes and brackets are dropped).",
            Column::AlternateNumber => "Alternate number: digits only.",
            Column::EmailAddress => "The provider's e-mail address.",
            Column::RequirementsAvailable => "Requirement names or ids available, separated by semicolons; None clears them; blank keeps them.",
            Column::ContactPersonName => "A contact person's full name: added, or replaces the contact person of the same name.",
            Column::ContactPersonJobRole => "The contact person's job role.",
            Column::ContactPersonMobileNumber => "Mobile number: 10 digits (never published).",
            Column::ContactPersonEmailAddress => "The contact person's e-mail address (never published).",
            Column::ContactPersonTelephoneNumber => "Work telephone number: 10 digits.",
            Column::ContactPersonAlternateNumber => "Work alternate number: 10 digits.",
            Column::ContactPersonRequirement => "The requirement the contact person answers for (name or id); required with a contact person.",
            Column::ContactPersonPublic => "Yes: shown in the public directory once verified (never for a shelter). No or blank: internal.",
        }
    }
}

/// The template: the header row and one example row showing how each column is filled, UTF-8
/// CSV. Served by `GET /api/buildingblock/bulkLoad/template`; the columns are explained by
/// [`Column::description`] and docs/bulk-load.md. The example names no real provider and no
/// real municipality, so a template uploaded unchanged is refused row by row in the dry run
/// and can never change a real station.
pub fn template_csv() -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(Column::ALL.map(Column::header))
        .expect("writing to memory");
    w.write_record([
        "",
        "EXAMPLE ROW: replace or delete it",
        "SAPS police station",
        "Example Local Municipality",
        "1 Example Street, Example Town, 0000",
        "PO Box 1, Example Town, 0000",
        "012 345 6789",
        "",
        "station@example.org",
        "Victim-friendly room; Trained GBV desk officer",
        "Example Person",
        "Station commander",
        "082 000 0000",
        "",
        "012 345 6780",
        "",
        "Trained GBV desk officer",
        "No",
    ])
    .expect("writing to memory");
    String::from_utf8(w.into_inner().expect("flushed")).expect("UTF-8")
}

/// [`template_csv`] as a constant-like name for documentation links.
pub const TEMPLATE_CSV: &str = "bulk-load-template.csv";

/// A building block of the taxonomy with its requirements (id, name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockInfo {
    /// Building block id.
    pub building_block_id: i32,
    /// Its name.
    pub name: String,
    /// Its requirements: (id, name).
    pub requirements: Vec<(i32, String)>,
    /// Its providers' locations are secret (a shelter: the taxonomy's `location_secret`).
    pub location_secret: bool,
}
