//! The provider aggregate (type `bb_provider`, id the `stakeholderId`): one service provider
//! from its import through the municipality's capture and the province's verification (public
//! spec §2 "Manage building block", §4, §5; docs/decisions/0055-capture-and-verification.md).
//!
//! Commands: [`SubmitBuildingBlockDetails`] (the municipality's designated person),
//! [`VerifyBuildingBlock`] and [`ReturnBuildingBlock`] (the province's designated person). They
//! run through [`crate::execute::execute_with_side_tables`]: a submission's contact persons
//! are written to the side table `bb_contact_person` (POPIA: names, e-mail addresses and
//! numbers never enter an event; the event names them by id), and a verification deletes the
//! persons the verified details no longer name, in the transaction that appends the events.
//!
//! The lifecycle commands ([`ProposeProvider`], [`ProposeProviderClosure`],
//! [`DecideProviderProposal`]) are in `provider/lifecycle.rs`.
//!
//! States: not captured (imported) → submitted → verified or returned → submitted again ....
//! The public sees the last *verified* details; a submission or a return leaves them.

use std::collections::HashMap;

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, AggregateError};
use gbvf_events::building_block::{
    ContactDetail, ContactPersonRef, ProviderDetails, ProviderEvent, ProviderImported, ReasonRef,
    PROVIDER_AGGREGATE,
};
use serde::{Deserialize, Serialize};

use crate::accounts::validation::FieldError;
use crate::execute::{database_error, Recorded, SideTables};
use crate::fields::{EmailAddress, Line, PhoneNumber};

mod form;
pub use form::{
    ContactPerson, ContactPersonInput, DetailsForm, DetailsInput, ParsedDetails, NAME_REQUIRED,
};
mod contact_removal;
mod lifecycle;
pub use contact_removal::{RemoveContactPerson, CONTACT_DELETED, CONTACT_NOT_DELETED};
pub use lifecycle::{
    DecideProviderProposal, Existence, LifecycleError, ParsedProposal, ProposalForm, ProposalInput,
    ProposeProvider, ProposeProviderClosure, BUILDING_BLOCK_REQUIRED, LOCATION_REQUIRED,
    POINT_OUTSIDE, PROPOSED_ID_BASE, PROPOSED_ID_SPAN, PROPOSED_PLACEMENT, PROPOSED_SOURCE,
    PROVIDER_NAME_REQUIRED, SOUTH_AFRICA_BOUNDS,
};

/// 'Physical Address is required.' (spec §5 "Manage building block").
pub const PHYSICAL_ADDRESS_REQUIRED: &str = "Physical Address is required.";

/// The refusal of a shelter's contact person marked public: a shelter's people are never
/// published, whatever they agreed to (its location and staff are protected;
/// docs/decisions/0040-contact-persons-and-consent.md).
pub const SHELTER_CONTACT_PERSON_NOT_PUBLIC: &str =
    "A shelter's contact persons are never shown in the public directory.";

/// Where a provider stands in the workflow.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Not imported (no such provider).
    #[default]
    Unknown,
    /// Imported, never submitted.
    NotCaptured,
    /// Submitted, awaiting the province's decision.
    Submitted,
    /// The last submission was verified.
    Verified,
    /// The last submission was returned to the municipality.
    Returned,
}

/// State of one provider, folded from its events.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Provider {
    /// Events applied (the aggregate's sequence).
    pub version: i64,
    /// The import record: name, building block, municipality.
    pub imported: Option<ProviderImported>,
    /// Last submitted details.
    pub details: Option<ProviderDetails>,
    /// The sequence of the last `BuildingBlockDetailsSubmitted` (the submission's version,
    /// which a verify or return names); 0 before any submission.
    pub submission: i64,
    /// Who made the last submission: the event metadata's `actor` (`user:<id>`), known when the
    /// aggregate was loaded with its metadata ([`Recorded`]) or decided the submission itself.
    pub submitted_by: Option<String>,
    /// The details of the last verified submission (what the public sees); `None` before the
    /// first verification.
    pub verified: Option<ProviderDetails>,
    /// Where it stands.
    pub status: Status,
    /// Where it stands in its lifecycle (proposed, listed, closed, ...).
    #[serde(default)]
    pub existence: Existence,
    /// The provider as proposed by a municipality (`None` for an imported one).
    #[serde(default)]
    pub proposal: Option<gbvf_events::building_block::ProviderProposed>,
    /// Who made the pending proposal (new provider or closure): the metadata's `actor`, known
    /// as for [`Provider::submitted_by`].
    #[serde(default)]
    pub proposed_by: Option<String>,
}

impl Provider {
    /// Whether the provider was proposed under a building block whose locations are secret
    /// (recorded on [`gbvf_events::building_block::ProviderProposed::location_secret`]). A
    /// command that records addresses adds what the taxonomy says of the block now
    /// ([`SubmitBuildingBlockDetails::location_secret`]).
    pub fn proposed_location_secret(&self) -> bool {
        self.proposal.as_ref().is_some_and(|p| p.location_secret)
    }

    /// The contact-person ids the provider's rows in `bb_contact_person` must keep: those of
    /// the last verified details and of the pending submission.
    pub fn kept_contact_persons(&self) -> Vec<uuid::Uuid> {
        self.verified
            .iter()
            .chain(&self.details)
            .flat_map(|d| d.contact_persons.iter().map(|c| c.contact_person_id))
            .collect()
    }
}

/// The municipality's designated person records and submits a provider's details (spec §2
/// "Manage building block", EditBuildingBlock).
#[derive(Debug, Clone, PartialEq)]
pub struct SubmitBuildingBlockDetails {
    /// The acting user as event metadata names them (`user:<id>`).
    pub actor: String,
    /// The municipalities assigned to the actor (boundary ids): they edit providers there.
    pub actor_municipalities: Vec<i64>,
    /// The building block the form was filled for (must be the provider's).
    pub building_block_id: i32,
    /// The requirement ids of that building block (taxonomy).
    pub block_requirements: Vec<i32>,
    /// Whether that building block's locations are secret (a shelter), as the taxonomy says
    /// (`ReferenceTaxonomy::location_secret`, read model `queries::block_location_secret`): no
    /// address is recorded and no contact person may be public.
    pub location_secret: bool,
    /// The form, parsed.
    pub details: ParsedDetails,
}

/// The province's designated person verifies the submission they reviewed (spec §4,
/// ValidateBuildingBlock): its details become the provider's public snapshot.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifyBuildingBlock {
    /// The acting user (`user:<id>`).
    pub actor: String,
    /// The municipalities of the provinces the actor reviews (boundary ids).
    pub reviewed_municipalities: Vec<i64>,
    /// The version of the submission reviewed (`submissionVersion`).
    pub submission_version: i64,
}

/// The province's designated person returns the submission they reviewed to the municipality,
/// with a reason (spec §4, ValidateBuildingBlock). The public keeps the last verified details.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnBuildingBlock {
    /// The acting user (`user:<id>`).
    pub actor: String,
    /// The municipalities of the provinces the actor reviews (boundary ids).
    pub reviewed_municipalities: Vec<i64>,
    /// The version of the submission reviewed (`submissionVersion`).
    pub submission_version: i64,
    /// Why it is returned (required). Kept in the side table `decision_reason` under
    /// `reason_id`, never in the event ([`gbvf_events::building_block::ReasonRef`]).
    pub reason: String,
    /// Id the reason is kept under (a new UUID per command).
    pub reason_id: uuid::Uuid,
    /// The salt of the reason's digest in the event (a new random UUID per command; kept
    /// beside the text, never in the log).
    pub reason_salt: uuid::Uuid,
}

/// Most characters a return's reason may have
/// (docs/decisions/0056-the-verification-queue-and-the-review.md): a paragraph or two for the
/// municipality, not a document.
pub const RETURN_REASON_MAX: usize = 1000;

/// A required free-text reason, trimmed: at most [`RETURN_REASON_MAX`] characters, line breaks
/// and tabs allowed, no other control character. Errors: [`ProviderError::ReasonRequired`],
/// [`ProviderError::ReasonTooLong`], [`ProviderError::ReasonControlCharacters`].
pub fn checked_reason(r: &str) -> Result<&str, ProviderError> {
    let r = r.trim();
    if r.is_empty() {
        return Err(ProviderError::ReasonRequired);
    }
    match crate::text::check(r, RETURN_REASON_MAX, true) {
        Ok(()) => Ok(r),
        Err(crate::text::TextError::TooLong(n)) => Err(ProviderError::ReasonTooLong(n)),
        Err(_) => Err(ProviderError::ReasonControlCharacters),
    }
}

/// Commands of a provider.
#[derive(Debug, Clone, PartialEq)]
pub enum ProviderCommand {
    /// See [`SubmitBuildingBlockDetails`].
    SubmitBuildingBlockDetails(SubmitBuildingBlockDetails),
    /// See [`VerifyBuildingBlock`].
    VerifyBuildingBlock(VerifyBuildingBlock),
    /// See [`ReturnBuildingBlock`].
    ReturnBuildingBlock(ReturnBuildingBlock),
    /// See [`ProposeProvider`].
    ProposeProvider(ProposeProvider),
    /// See [`ProposeProviderClosure`].
    ProposeProviderClosure(ProposeProviderClosure),
    /// See [`DecideProviderProposal`].
    DecideProviderProposal(DecideProviderProposal),
    /// See [`RemoveContactPerson`].
    RemoveContactPerson(RemoveContactPerson),
}

/// Why a provider command was refused (wording of spec §5 and §8 where it has one; the spec
/// has none for the review rules, docs/decisions/0055-capture-and-verification.md).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ProviderError {
    /// No provider has this id (HTTP 404).
    #[error("No provider has this id.")]
    UnknownProvider,
    /// The provider lies outside the actor's municipalities (submit) or the provinces they
    /// review (verify, return) (HTTP 403).
    #[error("This provider is outside your area.")]
    OutsideArea,
    /// The form names another building block than the provider's.
    #[error("This provider is not of that building block.")]
    WrongBuildingBlock,
    /// Field errors of the form (spec §8 'Please correct the highlighted errors before
    /// submitting.').
    #[error("Please correct the highlighted errors before submitting.")]
    Invalid(Vec<FieldError>),
    /// A requirement that is not of the provider's building block.
    #[error("Requirement {0} is not a requirement of this building block.")]
    UnknownRequirement(i32),
    /// Nothing submitted to verify or return.
    #[error("There are no submitted details to verify.")]
    NothingSubmitted,
    /// Return without a reason.
    #[error("A reason is required to return the building block.")]
    ReasonRequired,
    /// A reason longer than [`RETURN_REASON_MAX`] characters.
    #[error("The reason must be at most {0} characters.")]
    ReasonTooLong(usize),
    /// A reason holding a control character (line breaks and tabs are allowed).
    #[error("The reason must not contain control characters.")]
    ReasonControlCharacters,
    /// The reviewer decided on a submission a newer one has replaced (HTTP 409).
    #[error(
        "These details were submitted again since you opened them (version {latest}, you reviewed version {reviewed}). Please reload the building block and review the new submission."
    )]
    NewerSubmission {
        /// The version the reviewer named.
        reviewed: i64,
        /// The version of the last submission.
        latest: i64,
    },
    /// The named version is not a submission of this provider.
    #[error("No submission of this building block has version {0}.")]
    UnknownSubmission(i64),
    /// Four-eyes: the submitter may not decide on their own submission (HTTP 403).
    #[error(
        "You submitted these details yourself: another designated person of the province must verify or return them."
    )]
    OwnSubmission,
    /// The details name no such contact person (spec §8 'An error occurred while deleting the
    /// contact.').
    #[error("An error occurred while deleting the contact.")]
    ContactPersonNotFound,
    /// A rule of the provider's lifecycle (proposals and closures).
    #[error(transparent)]
    Lifecycle(LifecycleError),
}

impl Provider {
    fn imported_in(&self, municipalities: &[i64]) -> Result<&ProviderImported, ProviderError> {
        let p = self
            .imported
            .as_ref()
            .ok_or(ProviderError::UnknownProvider)?;
        if !municipalities.contains(&p.municipality_id) {
            return Err(ProviderError::OutsideArea);
        }
        if self.existence == Existence::Closed {
            return Err(LifecycleError::NotListed.into());
        }
        Ok(p)
    }

    /// A submission (in this order): a known provider in one of the actor's municipalities, of
    /// the building block the form names; no field error, and a physical address unless a
    /// shelter; only requirements of the building block. A shelter's addresses are never
    /// recorded.
    fn submit(&self, c: &SubmitBuildingBlockDetails) -> Result<ProviderEvent, ProviderError> {
        let p = self.imported_in(&c.actor_municipalities)?;
        if p.building_block_id != c.building_block_id {
            return Err(ProviderError::WrongBuildingBlock);
        }
        let form = &c.details.form;
        let shelter = c.location_secret || self.proposed_location_secret();
        let mut errors = Vec::new();
        if form.physical_address.is_none() && !shelter {
            errors.push(FieldError {
                code: "physicalAddress".into(),
                description: PHYSICAL_ADDRESS_REQUIRED.into(),
            });
        }
        errors.extend(c.details.errors.iter().cloned());
        if shelter {
            for (i, _) in form
                .contact_persons
                .iter()
                .enumerate()
                .filter(|(_, p)| p.is_public)
            {
                errors.push(FieldError {
                    code: format!("contactPersons[{i}].isPublic"),
                    description: SHELTER_CONTACT_PERSON_NOT_PUBLIC.into(),
                });
            }
        }
        if !errors.is_empty() {
            return Err(ProviderError::Invalid(errors));
        }
        let named = form.requirements_available.iter().chain(
            form.contact_persons
                .iter()
                .map(|c| &c.building_block_requirement_id),
        );
        for r in named {
            if !c.block_requirements.contains(r) {
                return Err(ProviderError::UnknownRequirement(*r));
            }
        }
        let address = |a: &Option<Line>| {
            a.as_ref()
                .filter(|_| !shelter)
                .map(|a| a.as_str().to_string())
        };
        let contacts = [(3, &form.reception_number), (4, &form.alternate_number)]
            .into_iter()
            .filter_map(|(t, n)| {
                n.as_ref().map(|n| ContactDetail {
                    contact_type_id: t,
                    detail: n.as_str().to_string(),
                })
            })
            .chain(form.email_address.as_ref().map(|e| ContactDetail {
                contact_type_id: 1,
                detail: e.as_str().to_string(),
            }))
            .collect();
        Ok(ProviderEvent::BuildingBlockDetailsSubmitted(
            ProviderDetails {
                physical_address: address(&form.physical_address),
                postal_address: address(&form.postal_address),
                contacts,
                requirements_available: form.requirements_available.clone(),
                contact_persons: form
                    .contact_persons
                    .iter()
                    .map(|p| ContactPersonRef {
                        contact_person_id: p.contact_person_id,
                        building_block_requirement_id: p.building_block_requirement_id,
                        is_public: p.is_public,
                    })
                    .collect(),
            },
        ))
    }

    /// A verify or return (in this order): a known provider in a province the actor reviews; on
    /// the submission the reviewer saw: a version older than the last submission →
    /// [`ProviderError::NewerSubmission`]; nothing awaiting a decision →
    /// [`ProviderError::NothingSubmitted`]; a version that is no submission →
    /// [`ProviderError::UnknownSubmission`]; the submission's own author, whatever groups they
    /// hold → [`ProviderError::OwnSubmission`] (four-eyes).
    fn review(&self, actor: &str, reviewed: &[i64], version: i64) -> Result<(), ProviderError> {
        self.imported_in(reviewed)?;
        if version < self.submission {
            return Err(ProviderError::NewerSubmission {
                reviewed: version,
                latest: self.submission,
            });
        }
        if self.status != Status::Submitted {
            return Err(ProviderError::NothingSubmitted);
        }
        if version != self.submission {
            return Err(ProviderError::UnknownSubmission(version));
        }
        if self.submitted_by.as_deref() == Some(actor) {
            return Err(ProviderError::OwnSubmission);
        }
        Ok(())
    }

    /// The events `command` produces, or why it is refused.
    pub fn decide(&self, command: &ProviderCommand) -> Result<Vec<ProviderEvent>, ProviderError> {
        Ok(vec![match command {
            ProviderCommand::SubmitBuildingBlockDetails(c) => self.submit(c)?,
            ProviderCommand::VerifyBuildingBlock(c) => {
                self.review(&c.actor, &c.reviewed_municipalities, c.submission_version)?;
                ProviderEvent::BuildingBlockVerified
            }
            ProviderCommand::ReturnBuildingBlock(c) => {
                self.review(&c.actor, &c.reviewed_municipalities, c.submission_version)?;
                let reason = checked_reason(&c.reason)?;
                ProviderEvent::BuildingBlockReturned(ReasonRef::kept(
                    c.reason_id,
                    c.reason_salt,
                    reason,
                ))
            }
            ProviderCommand::ProposeProvider(c) => self.propose(c)?,
            ProviderCommand::ProposeProviderClosure(c) => self.propose_closure(c)?,
            ProviderCommand::DecideProviderProposal(c) => self.decide_proposal(c)?,
            ProviderCommand::RemoveContactPerson(c) => self.remove_contact_person(c)?,
        }])
    }
}

impl Aggregate for Provider {
    const TYPE: &'static str = PROVIDER_AGGREGATE;
    type Command = ProviderCommand;
    type Event = ProviderEvent;
    type Error = ProviderError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        for e in self.decide(&command)? {
            sink.write(e, self).await;
        }
        match command {
            ProviderCommand::SubmitBuildingBlockDetails(c) => self.submitted_by = Some(c.actor),
            ProviderCommand::ProposeProvider(c) => self.proposed_by = Some(c.actor),
            ProviderCommand::ProposeProviderClosure(c) => self.proposed_by = Some(c.actor),
            ProviderCommand::RemoveContactPerson(c) => self.submitted_by = Some(c.actor),
            _ => {}
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.version += 1;
        match event {
            ProviderEvent::ProviderImported(p) => {
                self.imported = Some(p);
                if self.status == Status::Unknown {
                    self.status = Status::NotCaptured;
                }
            }
            ProviderEvent::BuildingBlockDetailsSubmitted(d) => {
                self.details = Some(d);
                self.submission = self.version;
                // Known from the metadata only (`apply_recorded`).
                self.submitted_by = None;
                self.status = Status::Submitted;
            }
            ProviderEvent::BuildingBlockVerified => {
                self.verified = self.details.clone();
                self.status = Status::Verified;
            }
            ProviderEvent::BuildingBlockReturned(_) => self.status = Status::Returned,
            e => self.apply_lifecycle(e),
        }
    }
}

impl Recorded for Provider {
    /// Applies the event; a submission's author is its metadata's `actor`.
    fn apply_recorded(&mut self, event: ProviderEvent, metadata: &HashMap<String, String>) {
        let submission = matches!(event, ProviderEvent::BuildingBlockDetailsSubmitted(_));
        let proposal = matches!(
            event,
            ProviderEvent::ProviderProposed(_) | ProviderEvent::ProviderClosureProposed(_)
        );
        self.apply(event);
        if submission {
            self.submitted_by = metadata.get("actor").cloned();
        }
        if proposal {
            self.proposed_by = metadata.get("actor").cloned();
        }
    }
}

impl ProviderCommand {
    /// The free-text reason this command keeps in `decision_reason`: `(reason_id, salt,
    /// reason as given, actor)` for a return, a closure proposal and a declined proposal;
    /// `None` for every other command.
    fn kept_reason(&self) -> Option<(uuid::Uuid, uuid::Uuid, &str, &str)> {
        match self {
            ProviderCommand::ReturnBuildingBlock(c) => {
                Some((c.reason_id, c.reason_salt, &c.reason, &c.actor))
            }
            ProviderCommand::ProposeProviderClosure(c) => {
                Some((c.reason_id, c.reason_salt, &c.reason, &c.actor))
            }
            ProviderCommand::DecideProviderProposal(c) if !c.confirm => {
                Some((c.reason_id, c.reason_salt, &c.reason, &c.actor))
            }
            _ => None,
        }
    }
}

impl SideTables<Provider> for ProviderCommand {
    type Written = ();

    /// A submission replaces the pending submission's contact persons: the provider's rows
    /// that the last verified details do not name are deleted (erasure), the submission's
    /// persons inserted. A verification deletes the rows the verified details no longer name.
    /// A return, a closure proposal and a declined proposal keep their reason in
    /// `decision_reason` (trimmed, under the command's `reason_id`); a confirmation writes
    /// nothing.
    async fn write_side_tables(
        &self,
        tx: &mut sqlx::PgConnection,
        aggregate_id: &str,
        provider: &Provider,
    ) -> Result<(), AggregateError<ProviderError>> {
        if let Some((reason_id, salt, reason, actor)) = self.kept_reason() {
            let reason = checked_reason(reason).map_err(AggregateError::UserError)?;
            crate::reasons::keep_reason(
                tx,
                reason_id,
                salt,
                PROVIDER_AGGREGATE,
                aggregate_id,
                reason,
                actor,
            )
            .await
            .map_err(database_error)?;
            return Ok(());
        }
        let provider_id: i64 = aggregate_id
            .parse()
            .map_err(|_| AggregateError::UserError(ProviderError::UnknownProvider))?;
        let (persons, actor, keep) = match self {
            // The new persons are not stored yet: only the verified ones stay.
            ProviderCommand::SubmitBuildingBlockDetails(c) => (
                &c.details.form.contact_persons[..],
                c.actor.as_str(),
                provider
                    .verified
                    .iter()
                    .flat_map(|d| d.contact_persons.iter().map(|c| c.contact_person_id))
                    .collect(),
            ),
            ProviderCommand::VerifyBuildingBlock(c) => {
                (&[][..], c.actor.as_str(), provider.kept_contact_persons())
            }
            // The removed person's row goes unless the verified details still name them.
            ProviderCommand::RemoveContactPerson(c) => {
                (&[][..], c.actor.as_str(), provider.kept_contact_persons())
            }
            // Lifecycle decisions touch no contact person (a closed provider's persons stay
            // with its history).
            _ => return Ok(()),
        };
        let keep: Vec<uuid::Uuid> = keep;
        // The side table keeps its stored column name `stakeholder_id` (decision 0159).
        sqlx::query(
            "DELETE FROM bb_contact_person WHERE stakeholder_id = $1 AND NOT contact_person_id = ANY($2)",
        )
        .bind(provider_id)
        .bind(&keep)
        .execute(&mut *tx)
        .await
        .map_err(database_error)?;
        for p in persons {
            sqlx::query(
                "INSERT INTO bb_contact_person (contact_person_id, stakeholder_id, name, job_role, mobile_number, email,
                     telephone_number, alternate_number, created_by) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)",
            )
            .bind(p.contact_person_id)
            .bind(provider_id)
            .bind(p.full_name.as_str())
            .bind(p.job_role.as_ref().map(Line::as_str))
            .bind(p.mobile_number.as_ref().map(PhoneNumber::as_str))
            .bind(p.email_address.as_ref().map(EmailAddress::as_str))
            .bind(p.telephone_number.as_ref().map(PhoneNumber::as_str))
            .bind(p.alternate_number.as_ref().map(PhoneNumber::as_str))
            .bind(actor)
            .execute(&mut *tx)
            .await
            .map_err(database_error)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod lifecycle_tests;
