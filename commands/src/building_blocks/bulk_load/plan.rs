//! The dry run of a bulk load: every row of a [`Sheet`] matched to a provider of the uploader's
//! area and decided by the provider aggregate as the manage form's submission is
//! ([`Provider::decide`] of [`SubmitBuildingBlockDetails`], or of [`VerifyBuildingBlock`]),
//! with what it changes and its errors by row and column.

use std::collections::{HashMap, HashSet};

use gbvf_events::building_block::{ContactDetail, ProviderDetails, ProviderEvent};
use serde::Serialize;
use utoipa::ToSchema;

use super::sheet::{CellError, Sheet, SheetRow};
use super::{BlockInfo, Column};
use crate::building_blocks::provider::{
    ContactPersonInput, DetailsForm, DetailsInput, Provider, ProviderCommand, ProviderError,
    Status, SubmitBuildingBlockDetails, VerifyBuildingBlock,
};

/// A provider of the directory as the matching sees it (`bb_provider` with its municipality).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectoryEntry {
    /// The provider id.
    pub provider_id: i64,
    /// Its name.
    pub name: String,
    /// Its building block.
    pub building_block_id: i32,
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// That municipality's name.
    pub municipality_name: String,
}

/// A contact person's details as the side table `bb_contact_person` keeps them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PersonDetails {
    /// Full name.
    pub full_name: String,
    /// Job role.
    pub job_role: Option<String>,
    /// Mobile number.
    pub mobile_number: Option<String>,
    /// E-mail address.
    pub email_address: Option<String>,
    /// Work telephone number.
    pub telephone_number: Option<String>,
    /// Work alternate number.
    pub alternate_number: Option<String>,
}

/// Who uploads, and where they may load and verify.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uploader {
    /// The user as event metadata names them (`user:<id>`).
    pub actor: String,
    /// Municipalities (boundary ids) whose providers they may load (their area).
    pub municipalities: Vec<i64>,
    /// Municipalities whose submissions they may verify (ValidateBuildingBlock there).
    pub reviewed_municipalities: Vec<i64>,
}

/// What the dry run read from the system: the directory, the taxonomy, the providers of the
/// uploader's area (folded from their events) and their contact persons' details.
#[derive(Debug, Clone, Copy)]
pub struct Known<'a> {
    /// Every provider of the directory (all provinces: a row of another province is named so).
    pub directory: &'a [DirectoryEntry],
    /// Every building block.
    pub blocks: &'a [BlockInfo],
    /// The providers of the uploader's area by id.
    pub providers: &'a HashMap<i64, Provider>,
    /// Their contact persons by id.
    pub persons: &'a HashMap<uuid::Uuid, PersonDetails>,
}

/// What applying a row does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = BulkLoadAction)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    /// Records a submission by the uploader (awaiting another verifier).
    Submit,
    /// Verifies the pending submission another person made, which the row confirms.
    Verify,
    /// Nothing: the row changes nothing.
    Unchanged,
    /// Nothing: the row has errors (and the file is not applied).
    Error,
}

/// A change a row makes to a provider's details: the column and its value before and after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = BulkLoadChange)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// The template's column (`Contact person` for a contact person).
    pub column: String,
    /// The value before (null: none).
    #[schema(required = true)]
    pub from: Option<String>,
    /// The value after (null: none).
    #[schema(required = true)]
    pub to: Option<String>,
}

/// The dry run's report of one row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = BulkLoadRow)]
#[serde(rename_all = "camelCase")]
pub struct RowReport {
    /// The spreadsheet's row number (first data row: 2).
    pub row: usize,
    /// The provider matched (null when none); `stakeholderId` in the answer, as the
    /// specification names a provider's id.
    #[schema(required = true)]
    #[serde(rename = "stakeholderId")]
    pub provider_id: Option<i64>,
    /// Its name.
    #[schema(required = true)]
    pub provider: Option<String>,
    /// Its municipality's name.
    #[schema(required = true)]
    pub municipality: Option<String>,
    /// The provider's version (its events) the row was decided on: applying refuses the file
    /// when any row's provider changed since (null when no provider).
    #[schema(required = true)]
    pub version: Option<i64>,
    /// What applying does with the row.
    pub action: Action,
    /// What it changes: for a submission, the row against the provider's current details; for
    /// a verification, the pending submission against the last verified details (what becomes
    /// public), as the single review shows them.
    pub changes: Vec<Change>,
    /// Its errors.
    pub errors: Vec<CellError>,
}

/// A row's decided command: the provider's state before, the command and the events it decided.
#[derive(Debug, Clone)]
pub struct Decided {
    /// The provider.
    pub provider_id: i64,
    /// Its state before (its `version` is the last sequence).
    pub before: Provider,
    /// The command, as the manage form or the review sends it.
    pub command: ProviderCommand,
    /// The events the aggregate decided.
    pub events: Vec<ProviderEvent>,
}

/// A dry run: a report per row, the file's own errors, and the commands applying records.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// Every data row's report, in file order.
    pub rows: Vec<RowReport>,
    /// Errors of the file as a whole.
    pub errors: Vec<CellError>,
    /// The rows' commands (none when any row or the file has an error).
    pub decided: Vec<Decided>,
}

impl Plan {
    /// Whether the file or any row has an error (then nothing may be applied).
    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty() || self.rows.iter().any(|r| !r.errors.is_empty())
    }

    /// What the dry run showed, as a fingerprint (lowercase hex SHA-256 of every row's report:
    /// its provider and that provider's version, its action, its changes and errors, and the
    /// file's errors). Applying names the fingerprint of the dry run the uploader reviewed
    /// ([`Plan::check_reviewed`]): a verification is of the submission the dry run showed,
    /// as a single verification names the submission's version.
    pub fn reviewed(&self) -> String {
        use sha2::{Digest, Sha256};
        let shown = serde_json::to_vec(&(&self.rows, &self.errors)).expect("plain data");
        hex::encode(Sha256::digest(shown))
    }
}

/// 'A reason …' style messages of the bulk load (no wording in the specification).
mod message {
    pub const NAME_OR_ID: &str = "Provider name or Provider ID is required.";
    pub const BLOCK_REQUIRED: &str = "Building block is required.";
    pub const UNKNOWN_BLOCK: &str = "No building block has this name.";
    pub const ID_NUMBER: &str = "Provider ID must be a whole number.";
    pub const NO_SUCH_NAME: &str = "No provider of this building block has this name.";
    pub const AMBIGUOUS: &str = "More than one provider of this building block has this name: give its Provider ID or its Municipality.";
    pub const PUBLIC: &str = "Contact person public must be Yes or No.";
    pub const PERSON_REQUIREMENT: &str =
        "Contact person requirement is required with a contact person.";
}

fn lower(s: &str) -> String {
    s.trim().to_lowercase()
}

/// Phone cells as typed in spreadsheets: dashes, brackets and dots between the digits are
/// dropped before the form's digit rules apply (spec §5 "Phone values are stripped to digits").
fn phone(cell: Option<&str>) -> Option<String> {
    cell.map(|v| {
        v.chars()
            .filter(|c| !matches!(c, '-' | '(' | ')' | '.'))
            .collect()
    })
}

/// Decides every row of `sheet` for `uploader` on what is `known` (see the module's notes).
pub fn plan(sheet: &Sheet, known: Known<'_>, uploader: &Uploader) -> Plan {
    let mut out = Plan {
        errors: sheet.errors.clone(),
        ..Plan::default()
    };
    let by_id: HashMap<i64, &DirectoryEntry> =
        known.directory.iter().map(|e| (e.provider_id, e)).collect();
    let mut by_name: HashMap<(String, i32), Vec<&DirectoryEntry>> = HashMap::new();
    for e in known.directory {
        by_name
            .entry((lower(&e.name), e.building_block_id))
            .or_default()
            .push(e);
    }
    let area: HashSet<i64> = uploader.municipalities.iter().copied().collect();
    let reviewed: HashSet<i64> = uploader.reviewed_municipalities.iter().copied().collect();
    let mut seen: HashMap<i64, usize> = HashMap::new();
    for row in &sheet.rows {
        let mut report = RowReport {
            row: row.row,
            provider_id: None,
            provider: None,
            municipality: None,
            version: None,
            action: Action::Error,
            changes: Vec::new(),
            errors: row.errors.clone(),
        };
        let found = find(row, known, &by_id, &by_name, &area, &mut report.errors);
        if let Some(e) = found {
            report.provider_id = Some(e.provider_id);
            report.provider = Some(e.name.clone());
            report.municipality = Some(e.municipality_name.clone());
            if let Some(first) = seen.insert(e.provider_id, row.row) {
                report.errors.push(CellError::new(
                    row.row,
                    Some(identity_column(row)),
                    format!("This provider is already on row {first}."),
                ));
            }
        }
        // A row with errors is still decided, so every error of it is reported at once.
        if let Some(e) = found {
            match known.providers.get(&e.provider_id) {
                None => report.errors.push(CellError::new(
                    row.row,
                    Some(identity_column(row)),
                    ProviderError::UnknownProvider.to_string(),
                )),
                Some(p) => {
                    report.version = Some(p.version);
                    if let Some(d) = decide(row, p, e, known, uploader, &reviewed, &mut report) {
                        out.decided.push(d);
                    }
                }
            }
        }
        if !report.errors.is_empty() {
            report.action = Action::Error;
        }
        out.rows.push(report);
    }
    if out.has_errors() {
        out.decided.clear();
    }
    out
}

/// A contact person as the form takes it, owned.
#[derive(Debug, Clone, Default)]
struct PersonInput {
    requirement: i32,
    full_name: String,
    job_role: Option<String>,
    mobile_number: Option<String>,
    email_address: Option<String>,
    telephone_number: Option<String>,
    alternate_number: Option<String>,
    is_public: bool,
}

impl PersonInput {
    fn as_input(&self) -> ContactPersonInput<'_> {
        ContactPersonInput {
            building_block_requirement_id: self.requirement,
            full_name: &self.full_name,
            job_role: self.job_role.as_deref(),
            mobile_number: self.mobile_number.as_deref(),
            email_address: self.email_address.as_deref(),
            telephone_number: self.telephone_number.as_deref(),
            alternate_number: self.alternate_number.as_deref(),
            is_public: self.is_public,
        }
    }
}

fn requirement_of(block: &BlockInfo, cell: &str) -> Option<i32> {
    let id: Option<i32> = cell.trim().parse().ok();
    block
        .requirements
        .iter()
        .find(|(r, n)| Some(*r) == id || lower(n) == lower(cell))
        .map(|(r, _)| *r)
}

fn detail(contacts: &[ContactDetail], contact_type_id: i32) -> Option<String> {
    contacts
        .iter()
        .find(|c| c.contact_type_id == contact_type_id)
        .map(|c| c.detail.clone())
}

/// The row merged onto the provider's current details and decided by the aggregate.
fn decide(
    row: &SheetRow,
    provider: &Provider,
    entry: &DirectoryEntry,
    known: Known<'_>,
    uploader: &Uploader,
    reviewed: &HashSet<i64>,
    report: &mut RowReport,
) -> Option<Decided> {
    let r = row.row;
    let block = known
        .blocks
        .iter()
        .find(|b| b.building_block_id == entry.building_block_id)?;
    let imported = provider.imported.as_ref()?;
    let current = provider.details.as_ref();
    let contacts = current
        .map(|d| &d.contacts[..])
        .unwrap_or(&imported.contacts);
    let keep = |column: Column, now: Option<String>| row.cell(column).map(str::to_string).or(now);
    let physical = keep(
        Column::PhysicalAddress,
        current.and_then(|d| d.physical_address.clone()),
    );
    let postal = keep(
        Column::PostalAddress,
        current.and_then(|d| d.postal_address.clone()),
    );
    let reception = phone(row.cell(Column::ReceptionNumber)).or_else(|| detail(contacts, 3));
    let alternate = phone(row.cell(Column::AlternateNumber)).or_else(|| detail(contacts, 4));
    let email = keep(Column::EmailAddress, detail(contacts, 1));
    let mut requirements = current
        .map(|d| d.requirements_available.clone())
        .unwrap_or_default();
    if let Some(cell) = row.cell(Column::RequirementsAvailable) {
        requirements.clear();
        if !cell.trim().eq_ignore_ascii_case("none") {
            for name in cell.split(';').map(str::trim).filter(|n| !n.is_empty()) {
                match requirement_of(block, name) {
                    Some(id) => requirements.push(id),
                    None => report.errors.push(CellError::new(
                        r,
                        Some(Column::RequirementsAvailable),
                        format!(
                            "\"{}\" is not a requirement of {}.",
                            name.chars().take(100).collect::<String>(),
                            block.name
                        ),
                    )),
                }
            }
        }
    }
    let mut persons: Vec<PersonInput> = Vec::new();
    let file_person = person_of(row, block, &mut report.errors);
    let mut current_persons = persons_in(current, known);
    let has_file_person = file_person.is_some();
    if let Some(p) = file_person {
        persons.push(p.clone());
        persons.extend(
            current_persons
                .iter()
                .filter(|c| lower(&c.full_name) != lower(&p.full_name))
                .cloned(),
        );
    } else {
        persons.extend(current_persons.iter().cloned());
    }
    let input = DetailsInput {
        physical_address: physical.as_deref(),
        postal_address: postal.as_deref(),
        reception_number: reception.as_deref(),
        alternate_number: alternate.as_deref(),
        email_address: email.as_deref(),
        requirements_available: &requirements,
        contact_persons: persons.iter().map(PersonInput::as_input).collect(),
    };
    let command = ProviderCommand::SubmitBuildingBlockDetails(SubmitBuildingBlockDetails {
        actor: uploader.actor.clone(),
        actor_municipalities: uploader.municipalities.clone(),
        building_block_id: entry.building_block_id,
        block_requirements: block.requirements.iter().map(|(id, _)| *id).collect(),
        location_secret: block.location_secret,
        details: DetailsForm::parse(&input),
    });
    let events = match provider.decide(&command) {
        Ok(events) if report.errors.is_empty() => events,
        Ok(_) => return None,
        Err(e) => {
            let mut more = Vec::new();
            refusal(r, e, has_file_person, &persons, &mut more);
            // A cell already refused (read as empty) is not reported twice.
            more.retain(|m| !report.errors.iter().any(|e| e.column == m.column));
            report.errors.extend(more);
            return None;
        }
    };
    let Some(ProviderEvent::BuildingBlockDetailsSubmitted(after)) = events.first() else {
        return None;
    };
    let before = current.cloned().unwrap_or_else(|| ProviderDetails {
        physical_address: None,
        postal_address: None,
        contacts: imported.contacts.clone(),
        requirements_available: Vec::new(),
        contact_persons: Vec::new(),
    });
    report.changes = changes(&before, after, block, &current_persons, &mut persons);
    current_persons.clear();
    if !report.changes.is_empty() || provider.status == Status::NotCaptured {
        report.action = Action::Submit;
        return Some(Decided {
            provider_id: entry.provider_id,
            before: provider.clone(),
            command,
            events,
        });
    }
    let others = provider.submitted_by.as_deref() != Some(uploader.actor.as_str());
    if provider.status == Status::Submitted && others && reviewed.contains(&entry.municipality_id) {
        let verify = ProviderCommand::VerifyBuildingBlock(VerifyBuildingBlock {
            actor: uploader.actor.clone(),
            reviewed_municipalities: uploader.reviewed_municipalities.clone(),
            submission_version: provider.submission,
        });
        if let Ok(events) = provider.decide(&verify) {
            report.action = Action::Verify;
            // What becomes public: the pending submission against the last verified details.
            let public = provider
                .verified
                .clone()
                .unwrap_or_else(|| ProviderDetails {
                    physical_address: None,
                    postal_address: None,
                    contacts: imported.contacts.clone(),
                    requirements_available: Vec::new(),
                    contact_persons: Vec::new(),
                });
            let mut pending = persons_in(current, known);
            report.changes = changes(
                &public,
                current.unwrap_or(&public),
                block,
                &persons_in(provider.verified.as_ref(), known),
                &mut pending,
            );
            return Some(Decided {
                provider_id: entry.provider_id,
                before: provider.clone(),
                command: verify,
                events,
            });
        }
    }
    report.action = Action::Unchanged;
    None
}

/// The contact persons `details` name, with their details from the side table.
fn persons_in(details: Option<&ProviderDetails>, known: Known<'_>) -> Vec<PersonInput> {
    details
        .map(|d| &d.contact_persons[..])
        .unwrap_or_default()
        .iter()
        .filter_map(|c| {
            known
                .persons
                .get(&c.contact_person_id)
                .map(|p| PersonInput {
                    requirement: c.building_block_requirement_id,
                    full_name: p.full_name.clone(),
                    job_role: p.job_role.clone(),
                    mobile_number: p.mobile_number.clone(),
                    email_address: p.email_address.clone(),
                    telephone_number: p.telephone_number.clone(),
                    alternate_number: p.alternate_number.clone(),
                    is_public: c.is_public,
                })
        })
        .collect()
}

/// The row's contact person, when any contact-person cell is filled.
fn person_of(
    row: &SheetRow,
    block: &BlockInfo,
    errors: &mut Vec<CellError>,
) -> Option<PersonInput> {
    use Column::*;
    let columns = [
        ContactPersonName,
        ContactPersonJobRole,
        ContactPersonMobileNumber,
        ContactPersonEmailAddress,
        ContactPersonTelephoneNumber,
        ContactPersonAlternateNumber,
        ContactPersonRequirement,
        ContactPersonPublic,
    ];
    if columns.iter().all(|c| row.cell(*c).is_none()) {
        return None;
    }
    let requirement = match row.cell(ContactPersonRequirement) {
        None => {
            errors.push(CellError::new(
                row.row,
                Some(ContactPersonRequirement),
                message::PERSON_REQUIREMENT,
            ));
            0
        }
        Some(cell) => requirement_of(block, cell).unwrap_or_else(|| {
            errors.push(CellError::new(
                row.row,
                Some(ContactPersonRequirement),
                format!(
                    "\"{}\" is not a requirement of {}.",
                    cell.chars().take(100).collect::<String>(),
                    block.name
                ),
            ));
            0
        }),
    };
    let is_public = match row.cell(ContactPersonPublic).map(lower).as_deref() {
        None | Some("no" | "n" | "false" | "0" | "internal") => false,
        Some("yes" | "y" | "true" | "1" | "public") => true,
        Some(_) => {
            errors.push(CellError::new(
                row.row,
                Some(ContactPersonPublic),
                message::PUBLIC,
            ));
            false
        }
    };
    Some(PersonInput {
        requirement,
        full_name: row.cell(ContactPersonName).unwrap_or_default().to_string(),
        job_role: row.cell(ContactPersonJobRole).map(str::to_string),
        mobile_number: phone(row.cell(ContactPersonMobileNumber)),
        email_address: row.cell(ContactPersonEmailAddress).map(str::to_string),
        telephone_number: phone(row.cell(ContactPersonTelephoneNumber)),
        alternate_number: phone(row.cell(ContactPersonAlternateNumber)),
        is_public,
    })
}

mod changes;
mod matching;
mod refusal;
use changes::changes;
use matching::{find, identity_column};
use refusal::refusal;

#[cfg(test)]
mod tests;
