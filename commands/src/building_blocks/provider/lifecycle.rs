//! A provider's lifecycle on the provider aggregate (public spec §6 actions AddBuildingBlock 14,
//! DeleteBuildingBlock 16, VerifyBuildingBlockExist 21;
//! docs/decisions/0100-proposed-and-closed-providers.md): the municipality's designated person
//! proposes a provider missing from the directory, or the closing of one, with a reason; another
//! person, a designated person of the province, confirms (the proposed provider exists, the closed
//! one is gone) or declines with a reason. A proposed provider counts nowhere until confirmed; a
//! closed one counts nowhere once confirmed, and keeps its events.
//!
//! States ([`Existence`]): proposed → listed (confirmed) or declined; listed (imported or
//! confirmed) → closure proposed → closed (confirmed) or listed again (declined).

use gbvf_events::building_block::{ContactDetail, ProviderEvent, ProviderProposed, ReasonRef};
use serde::{Deserialize, Serialize};

use super::{checked_reason, Provider, ProviderError};
use crate::accounts::validation::FieldError;
use crate::fields::{Line, PhoneNumber};

/// The first id of proposed providers: imported ones are numbered 1,000,000 × source + line,
/// far below; a proposal takes this plus a random number below [`PROPOSED_ID_SPAN`].
pub const PROPOSED_ID_BASE: i64 = 9_000_000_000_000;
/// The span of proposed providers' ids (below 2^53: exact in a browser's numbers).
pub const PROPOSED_ID_SPAN: i64 = 1_000_000_000_000;

/// 'Name is required.' (spec §5, the provider's name).
pub const PROVIDER_NAME_REQUIRED: &str = "Name is required.";
/// A proposal naming a building block the taxonomy does not have.
pub const BUILDING_BLOCK_REQUIRED: &str = "Choose a building block.";
/// A proposal that is not a shelter with neither a point nor an address.
pub const LOCATION_REQUIRED: &str =
    "Choose the provider's location on the map or enter its physical address.";
/// A point outside South Africa's bounding box.
pub const POINT_OUTSIDE: &str = "The point must lie in South Africa.";

/// South Africa's bounding box (longitude, latitude in degrees, WGS84), with the Prince Edward
/// Islands left out: `[west, south, east, north]`.
pub const SOUTH_AFRICA_BOUNDS: [f64; 4] = [16.3, -35.0, 33.0, -22.0];

/// Where a provider stands in its lifecycle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Existence {
    /// Imported, or proposed and confirmed: it counts (also the state of no provider at all).
    #[default]
    Listed,
    /// Proposed by a municipality, awaiting the province: counts nowhere.
    Proposed,
    /// Proposed and declined by the province: counts nowhere.
    Declined,
    /// Listed, its closure proposed: still counts.
    ClosureProposed,
    /// Closed: counts nowhere, keeps its history.
    Closed,
}

/// The proposal form as sent (see [`ProposalForm::parse`]).
#[derive(Debug, Clone, Default)]
pub struct ProposalInput<'a> {
    /// The provider's name (required).
    pub name: &'a str,
    /// Its building block.
    pub building_block_id: i32,
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// Reception number (office).
    pub reception_number: Option<&'a str>,
    /// Alternate number (office).
    pub alternate_number: Option<&'a str>,
    /// Longitude chosen on the map (degrees).
    pub longitude: Option<f64>,
    /// Latitude chosen on the map (degrees).
    pub latitude: Option<f64>,
    /// Physical address.
    pub physical_address: Option<&'a str>,
}

/// The proposal form, parsed into typed values.
#[derive(Debug, Clone, PartialEq)]
pub struct ProposalForm {
    /// Name, trimmed.
    pub name: Option<Line>,
    /// Building block.
    pub building_block_id: i32,
    /// Municipality (boundary id).
    pub municipality_id: i64,
    /// Reception number (digits).
    pub reception_number: Option<PhoneNumber>,
    /// Alternate number (digits).
    pub alternate_number: Option<PhoneNumber>,
    /// `[longitude, latitude]` when both were given and lie in South Africa.
    pub point: Option<[f64; 2]>,
    /// Physical address, trimmed.
    pub physical_address: Option<Line>,
}

/// The proposal parsed, and the errors of the fields that did not parse (codes as the form
/// names them).
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedProposal {
    /// The values that parsed.
    pub form: ProposalForm,
    /// The field errors.
    pub errors: Vec<FieldError>,
}

fn error(code: &str, description: &str) -> FieldError {
    FieldError {
        code: code.into(),
        description: description.into(),
    }
}

impl ProposalForm {
    /// Parses the proposal: a name ('Name is required.'), office numbers of digits only ('Only
    /// digits are accepted.'), a point with both coordinates finite and inside
    /// [`SOUTH_AFRICA_BOUNDS`] ([`POINT_OUTSIDE`]). Length and characters of the text fields
    /// were checked when the body was read (`crate::text`).
    pub fn parse(input: &ProposalInput<'_>) -> ParsedProposal {
        let mut errors = Vec::new();
        let name = Line::parse(input.name, PROVIDER_NAME_REQUIRED)
            .map_err(|m| errors.push(error("name", m)))
            .ok();
        let mut number = |code: &str, v: Option<&str>| {
            PhoneNumber::digits_only(v).unwrap_or_else(|m| {
                errors.push(error(code, m));
                None
            })
        };
        let reception_number = number("receptionNumber", input.reception_number);
        let alternate_number = number("alternateNumber", input.alternate_number);
        let [west, south, east, north] = SOUTH_AFRICA_BOUNDS;
        let point = match (input.longitude, input.latitude) {
            (None, None) => None,
            (Some(lon), Some(lat))
                if (west..=east).contains(&lon) && (south..=north).contains(&lat) =>
            {
                Some([lon, lat])
            }
            _ => {
                errors.push(error("point", POINT_OUTSIDE));
                None
            }
        };
        ParsedProposal {
            form: ProposalForm {
                name,
                building_block_id: input.building_block_id,
                municipality_id: input.municipality_id,
                reception_number,
                alternate_number,
                point,
                physical_address: Line::parse_optional(input.physical_address),
            },
            errors,
        }
    }
}

/// The municipality's designated person proposes a provider missing from the directory
/// (AddBuildingBlock, in one of their municipalities).
#[derive(Debug, Clone, PartialEq)]
pub struct ProposeProvider {
    /// The acting user (`user:<id>`).
    pub actor: String,
    /// The municipalities assigned to the actor (boundary ids).
    pub actor_municipalities: Vec<i64>,
    /// The new provider's id (the aggregate's id), from [`PROPOSED_ID_BASE`] on.
    pub provider_id: i64,
    /// The category of the named building block; `None` when the taxonomy has no such block.
    pub building_block_category_id: Option<i32>,
    /// Whether the named building block's locations are secret (a shelter: no point, no
    /// address recorded), as the taxonomy says
    /// (`ReferenceTaxonomy::location_secret`, read model `queries::block_location_secret`).
    pub location_secret: bool,
    /// The form, parsed.
    pub proposal: ParsedProposal,
}

/// The municipality's designated person proposes closing a listed provider (DeleteBuildingBlock,
/// in one of their municipalities), with a reason.
#[derive(Debug, Clone, PartialEq)]
pub struct ProposeProviderClosure {
    /// The acting user (`user:<id>`).
    pub actor: String,
    /// The municipalities assigned to the actor (boundary ids).
    pub actor_municipalities: Vec<i64>,
    /// Why it should close (required, at most [`super::RETURN_REASON_MAX`] characters), kept in
    /// `decision_reason` under `reason_id`.
    pub reason: String,
    /// Id the reason is kept under (a new UUID per command).
    pub reason_id: uuid::Uuid,
    /// The salt of the reason's digest in the event (a new random UUID per command).
    pub reason_salt: uuid::Uuid,
}

/// The province's designated person decides on the pending proposal, new provider or closure
/// (VerifyBuildingBlockExist, a province they review, not their own proposal).
#[derive(Debug, Clone, PartialEq)]
pub struct DecideProviderProposal {
    /// The acting user (`user:<id>`).
    pub actor: String,
    /// The municipalities of the provinces the actor confirms existence in (boundary ids).
    pub reviewed_municipalities: Vec<i64>,
    /// Confirm (`true`) or decline (`false`).
    pub confirm: bool,
    /// Why it is declined (required to decline, ignored to confirm), kept in
    /// `decision_reason` under `reason_id`.
    pub reason: String,
    /// Id the reason is kept under when declined (a new UUID per command).
    pub reason_id: uuid::Uuid,
    /// The salt of the reason's digest in the event (a new random UUID per command).
    pub reason_salt: uuid::Uuid,
}

/// Why a lifecycle command was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LifecycleError {
    /// The id of a proposal is taken (HTTP 409; a new id is drawn).
    #[error("A provider with this id exists already.")]
    AlreadyExists,
    /// Nothing awaits the province's decision.
    #[error("Nothing about this provider awaits confirmation.")]
    NothingProposed,
    /// A closure proposed twice.
    #[error("The closing of this provider is already proposed.")]
    ClosureAlreadyProposed,
    /// The provider is closed or was never confirmed: nothing can be changed.
    #[error("This provider is closed or was never confirmed.")]
    NotListed,
    /// Four-eyes: the proposer may not decide on their own proposal (HTTP 403).
    #[error("You proposed this yourself: another designated person of the province must confirm or decline it.")]
    OwnProposal,
}

impl Provider {
    /// The municipality the provider is in: imported or proposed; `None` for no provider.
    pub fn municipality(&self) -> Option<i64> {
        self.imported
            .as_ref()
            .map(|p| p.municipality_id)
            .or(self.proposal.as_ref().map(|p| p.municipality_id))
    }

    /// A proposal (in this order): no provider with this id ([`LifecycleError::AlreadyExists`]),
    /// a municipality of the actor ([`ProviderError::OutsideArea`]), then every field error at
    /// once: name, numbers, point, a building block of the taxonomy, a point or address unless a
    /// shelter. A shelter's point and address are never recorded.
    pub(super) fn propose(&self, c: &ProposeProvider) -> Result<ProviderEvent, ProviderError> {
        if self.version > 0 {
            return Err(LifecycleError::AlreadyExists.into());
        }
        let f = &c.proposal.form;
        if !c.actor_municipalities.contains(&f.municipality_id) {
            return Err(ProviderError::OutsideArea);
        }
        let mut errors = c.proposal.errors.clone();
        if c.building_block_category_id.is_none() {
            errors.push(error("buildingBlockId", BUILDING_BLOCK_REQUIRED));
        }
        let located = f.point.is_some() || f.physical_address.is_some();
        if !c.location_secret && !located && !errors.iter().any(|e| e.code == "point") {
            errors.push(error("point", LOCATION_REQUIRED));
        }
        let (Some(name), Some(category), true) = (
            f.name.as_ref(),
            c.building_block_category_id,
            errors.is_empty(),
        ) else {
            return Err(ProviderError::Invalid(errors));
        };
        let contacts = [(3, &f.reception_number), (4, &f.alternate_number)]
            .into_iter()
            .filter_map(|(t, n)| {
                n.as_ref().map(|n| ContactDetail {
                    contact_type_id: t,
                    detail: n.as_str().to_string(),
                })
            })
            .collect();
        Ok(ProviderEvent::ProviderProposed(ProviderProposed {
            provider_id: c.provider_id,
            name: name.as_str().to_string(),
            building_block_id: f.building_block_id,
            building_block_category_id: category,
            municipality_id: f.municipality_id,
            contacts,
            point: f.point.filter(|_| !c.location_secret),
            physical_address: f
                .physical_address
                .as_ref()
                .filter(|_| !c.location_secret)
                .map(|a| a.as_str().to_string()),
            location_secret: c.location_secret,
        }))
    }

    /// A closure proposal (in this order): a known provider in the actor's municipalities,
    /// listed ([`LifecycleError::NotListed`]), not already proposed for closing, with a reason.
    pub(super) fn propose_closure(
        &self,
        c: &ProposeProviderClosure,
    ) -> Result<ProviderEvent, ProviderError> {
        let muni = self.municipality().ok_or(ProviderError::UnknownProvider)?;
        if !c.actor_municipalities.contains(&muni) {
            return Err(ProviderError::OutsideArea);
        }
        match self.existence {
            Existence::Listed if self.imported.is_some() => {}
            Existence::ClosureProposed => return Err(LifecycleError::ClosureAlreadyProposed.into()),
            _ => return Err(LifecycleError::NotListed.into()),
        }
        let reason = checked_reason(&c.reason)?;
        Ok(ProviderEvent::ProviderClosureProposed(ReasonRef::kept(
            c.reason_id,
            c.reason_salt,
            reason,
        )))
    }

    /// A decision (in this order): a known provider in a province the actor reviews, a proposal
    /// awaiting the province ([`LifecycleError::NothingProposed`]), not the actor's own
    /// ([`LifecycleError::OwnProposal`]), a reason to decline.
    pub(super) fn decide_proposal(
        &self,
        c: &DecideProviderProposal,
    ) -> Result<ProviderEvent, ProviderError> {
        let muni = self.municipality().ok_or(ProviderError::UnknownProvider)?;
        if !c.reviewed_municipalities.contains(&muni) {
            return Err(ProviderError::OutsideArea);
        }
        if !matches!(
            self.existence,
            Existence::Proposed | Existence::ClosureProposed
        ) {
            return Err(LifecycleError::NothingProposed.into());
        }
        if self.proposed_by.as_deref() == Some(c.actor.as_str()) {
            return Err(LifecycleError::OwnProposal.into());
        }
        let closure = self.existence == Existence::ClosureProposed;
        Ok(match (closure, c.confirm) {
            (false, true) => ProviderEvent::ProviderExistenceConfirmed,
            (true, true) => ProviderEvent::ProviderClosed,
            (false, false) => {
                let reason = checked_reason(&c.reason)?;
                ProviderEvent::ProviderProposalDeclined(ReasonRef::kept(
                    c.reason_id,
                    c.reason_salt,
                    reason,
                ))
            }
            (true, false) => {
                let reason = checked_reason(&c.reason)?;
                ProviderEvent::ProviderClosureDeclined(ReasonRef::kept(
                    c.reason_id,
                    c.reason_salt,
                    reason,
                ))
            }
        })
    }

    /// Applies a lifecycle event (the other events are applied by `Aggregate::apply`). A
    /// confirmed proposal becomes the provider's import record, so every other command treats
    /// it as an imported provider.
    pub(super) fn apply_lifecycle(&mut self, event: ProviderEvent) {
        match event {
            ProviderEvent::ProviderProposed(p) => {
                self.proposal = Some(p);
                self.existence = Existence::Proposed;
                self.proposed_by = None;
            }
            ProviderEvent::ProviderExistenceConfirmed => {
                if let Some(p) = &self.proposal {
                    self.imported = Some(gbvf_events::building_block::ProviderImported {
                        provider_id: p.provider_id,
                        name: p.name.clone(),
                        building_block_id: p.building_block_id,
                        building_block_category_id: p.building_block_category_id,
                        municipality_id: p.municipality_id,
                        contacts: p.contacts.clone(),
                        point: p.point,
                        placement: PROPOSED_PLACEMENT.into(),
                        source: PROPOSED_SOURCE.into(),
                        vintage: 0,
                        saps_precinct_code: None,
                    });
                    self.status = super::Status::NotCaptured;
                }
                self.existence = Existence::Listed;
            }
            ProviderEvent::ProviderProposalDeclined(_) => self.existence = Existence::Declined,
            ProviderEvent::ProviderClosureProposed(_) => {
                self.existence = Existence::ClosureProposed;
                self.proposed_by = None;
            }
            ProviderEvent::ProviderClosed => self.existence = Existence::Closed,
            ProviderEvent::ProviderClosureDeclined(_) => self.existence = Existence::Listed,
            _ => {}
        }
    }
}

/// The `placement` of a confirmed proposal: the municipality placed it.
pub const PROPOSED_PLACEMENT: &str = "proposed by the municipality";
/// The `source` of a confirmed proposal.
pub const PROPOSED_SOURCE: &str = "Proposed by the municipality, confirmed by the province";

impl From<LifecycleError> for ProviderError {
    fn from(e: LifecycleError) -> Self {
        ProviderError::Lifecycle(e)
    }
}
