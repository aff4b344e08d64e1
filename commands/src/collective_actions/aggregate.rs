//! The collective-action aggregate (public spec §3 "Collective action data"): launched once,
//! then zero or more results reported, then completed at most once. Stored as aggregate type
//! `collective action` with the events of [`gbvf_events::collective_action`].
//!
//! Four commands, each its own type:
//! - [`RecordCollectiveAction`]: an administrator records a collective action
//!   (`POST /api/admin/collectiveActions`);
//! - [`ReportCollectiveActionResult`]: a result is reported (`.../{id}/result`);
//! - [`CompleteCollectiveAction`]: it is closed (`.../{id}/complete`);
//! - [`ImportCollectiveAction`]: one row of a collective-actions CSV, decided against what the
//!   log holds (launch when new, a result when its text changed, completion when its end date
//!   has passed).
//!
//! Every rule is checked in [`CollectiveAction::handle`], which parses each command's input
//! once into the typed values of its event (dates, type, pillar, cycle, place). The boundary an
//! administrator names is looked up before the command ([`super::find_boundary`]) and travels
//! in it as a [`KnownBoundary`]; the aggregate decides whether it may hold a collective action
//! (a municipality or district). Reading the read model in the caller rather than through a
//! cqrs-es `Services` keeps the aggregate free of I/O, so its tests need no database and the
//! import can run the very same `handle`.

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::collective_action::{
    action_type, cycle_of, CollectiveActionEvent, CollectiveActionLaunched, PillarBasis,
    ACTION_TYPES, COLLECTIVE_ACTION_AGGREGATE, CYCLES,
};
use gbvf_events::crime::SeriesPlace;
use serde::{Deserialize, Serialize};

use super::placement::KnownBoundary;

/// One row of the collective-actions CSV.
#[derive(Debug, Clone, Deserialize)]
pub struct CollectiveActionRow {
    /// Slug, unique.
    pub challenge_id: String,
    /// Year label (`2022` … `2025`) or blank.
    #[serde(default)]
    pub year: String,
    /// Cycle label (`2022 pilot`, `2023`, `2024 cycle 1`, `2024 cycle 2`) or blank.
    #[serde(default)]
    pub cycle: String,
    /// ISO date or blank.
    #[serde(default)]
    pub start_date: String,
    /// ISO date or blank.
    #[serde(default)]
    pub end_date: String,
    /// Team name.
    pub team_name: String,
    /// Ecosystem code.
    pub ecosystem: String,
    /// Place as reported.
    pub place_name: String,
    /// Province or blank.
    #[serde(default)]
    pub province: String,
    /// 1..=6 or blank.
    #[serde(default)]
    pub nsp_pillar: String,
    /// Goal (paraphrase).
    #[serde(default)]
    pub goal: String,
    /// Reported result (paraphrase) or blank.
    #[serde(default)]
    pub reported_result: String,
    /// Source page(s).
    pub source_url: String,
}

/// The message of a command that met a concurrent change twice
/// ([`crate::execute::execute`] tries once more, then gives up).
pub const CONFLICT_MESSAGE: &str =
    "Someone else changed this collective action at the same time; reload and try again.";

/// State of one collective action, folded from its events.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct CollectiveAction {
    /// Launched (recorded or imported).
    pub launched: bool,
    /// Completed.
    pub completed: bool,
    /// The last reported result.
    pub outcome: Option<String>,
}

/// An administrator's record of a new collective action. The text fields are as sent (the
/// body's parser already bounded their length and characters); `handle` parses the rest.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordCollectiveAction {
    /// The new aggregate's id (a UUID chosen by the caller).
    pub collective_action_id: String,
    /// Team name; required (not blank).
    pub name: String,
    /// Goal.
    pub description: String,
    /// `collectiveActionTypeId`: one of [`ACTION_TYPES`] (1..=5).
    pub collective_action_type_id: i32,
    /// NSP pillar 1..=6, or `None` for "Pillar not stated".
    pub pillar_id: Option<i32>,
    /// `cycleId`: one of [`CYCLES`].
    pub cycle_id: i32,
    /// First day, `YYYY-MM-DD`; required.
    pub valid_from: String,
    /// Last day, `YYYY-MM-DD`, not before `valid_from`; required.
    pub valid_to: String,
    /// The boundary named by `boundaryId`, as [`super::find_boundary`] found it (`None`: no
    /// such boundary).
    pub boundary: Option<KnownBoundary>,
    /// Where the facts come from (may be blank).
    pub source_url: String,
}

/// A result reported for a launched collective action.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportCollectiveActionResult {
    /// The result; required (not blank).
    pub outcome: String,
    /// Where it was reported (may be blank).
    pub source_url: String,
}

/// Closing a launched collective action on a day.
#[derive(Debug, Clone, PartialEq)]
pub struct CompleteCollectiveAction {
    /// Day of closing (the caller's today, UTC).
    pub completed_on: NaiveDate,
}

/// One row of a collective-actions CSV (format in [`super::import`]), with its placement.
#[derive(Debug, Clone)]
pub struct ImportCollectiveAction {
    /// The row as read.
    pub row: CollectiveActionRow,
    /// Its place and the boundary's name ([`super::Placer::place`]); `None` when it could not
    /// be placed (it is imported without a place).
    pub placed: Option<(SeriesPlace, String)>,
    /// Today (UTC): an end date before it completes the collective action.
    pub today: NaiveDate,
}

/// The commands of a collective action.
#[derive(Debug, Clone)]
pub enum CollectiveActionCommand {
    /// See [`RecordCollectiveAction`].
    Record(RecordCollectiveAction),
    /// See [`ReportCollectiveActionResult`].
    ReportResult(ReportCollectiveActionResult),
    /// See [`CompleteCollectiveAction`].
    Complete(CompleteCollectiveAction),
    /// See [`ImportCollectiveAction`].
    Import(Box<ImportCollectiveAction>),
}

impl From<RecordCollectiveAction> for CollectiveActionCommand {
    fn from(c: RecordCollectiveAction) -> Self {
        CollectiveActionCommand::Record(c)
    }
}

impl From<ReportCollectiveActionResult> for CollectiveActionCommand {
    fn from(c: ReportCollectiveActionResult) -> Self {
        CollectiveActionCommand::ReportResult(c)
    }
}

impl From<CompleteCollectiveAction> for CollectiveActionCommand {
    fn from(c: CompleteCollectiveAction) -> Self {
        CollectiveActionCommand::Complete(c)
    }
}

impl From<ImportCollectiveAction> for CollectiveActionCommand {
    fn from(c: ImportCollectiveAction) -> Self {
        CollectiveActionCommand::Import(Box::new(c))
    }
}

/// Why a collective-action command was refused, worded for the person who sent it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CollectiveActionError {
    /// A field is missing or malformed: (field, message). HTTP 400 naming the field.
    #[error("{1}")]
    Invalid(&'static str, String),
    /// No collective action with that id (or the boundary has no place). HTTP 404.
    #[error("No collective action with that id.")]
    NotFound,
    /// It was completed before. HTTP 409.
    #[error("This collective action is already completed.")]
    AlreadyCompleted,
    /// One with that id exists. HTTP 409.
    #[error("A collective action with that id already exists.")]
    Exists,
}

fn invalid(field: &'static str, message: impl Into<String>) -> CollectiveActionError {
    CollectiveActionError::Invalid(field, message.into())
}

/// `value` as an ISO date: `None` when blank; "`field` must be a date YYYY-MM-DD." otherwise.
fn date(field: &'static str, value: &str) -> Result<Option<NaiveDate>, CollectiveActionError> {
    match value.trim() {
        "" => Ok(None),
        d => NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| invalid(field, format!("{field} must be a date YYYY-MM-DD."))),
    }
}

/// "`field` is required." when `value` is blank.
fn required(field: &'static str, value: &str) -> Result<(), CollectiveActionError> {
    if value.trim().is_empty() {
        Err(invalid(field, format!("{field} is required.")))
    } else {
        Ok(())
    }
}

fn basis(pillar_id: Option<i32>, stated: PillarBasis) -> PillarBasis {
    if pillar_id.is_some() {
        stated
    } else {
        PillarBasis::Unassigned
    }
}

/// The launch of an administrator's record; every field rule of [`RecordCollectiveAction`], in
/// the order a person fixes them: name, type, pillar, cycle, dates, boundary.
fn launch_of_record(
    c: RecordCollectiveAction,
) -> Result<CollectiveActionLaunched, CollectiveActionError> {
    required("name", &c.name)?;
    let type_id = ACTION_TYPES
        .iter()
        .find(|t| t.id == c.collective_action_type_id)
        .ok_or_else(|| {
            invalid(
                "collectiveActionTypeId",
                "collectiveActionTypeId must be 1 to 5.",
            )
        })?
        .id;
    if c.pillar_id.is_some_and(|p| !(1..=6).contains(&p)) {
        return Err(invalid("pillarId", "pillarId must be 1 to 6."));
    }
    if !CYCLES.iter().any(|cy| cy.id == c.cycle_id) {
        return Err(invalid("cycleId", "cycleId is not a known cycle."));
    }
    let from = date("validFrom", &c.valid_from)?
        .ok_or_else(|| invalid("validFrom", "validFrom is required."))?;
    let to =
        date("validTo", &c.valid_to)?.ok_or_else(|| invalid("validTo", "validTo is required."))?;
    if to < from {
        return Err(invalid("validTo", "validTo must not be before validFrom."));
    }
    let boundary = c
        .boundary
        .filter(|b| {
            matches!(
                b.level,
                BoundaryLevel::Municipality | BoundaryLevel::District
            )
        })
        .ok_or_else(|| {
            invalid(
                "boundaryId",
                "boundaryId must be a municipality or district.",
            )
        })?;
    let place = boundary.place.ok_or(CollectiveActionError::NotFound)?;
    Ok(CollectiveActionLaunched {
        collective_action_id: c.collective_action_id,
        name: c.name.trim().to_string(),
        goal: c.description.trim().to_string(),
        type_id,
        pillar_id: c.pillar_id,
        pillar_basis: basis(c.pillar_id, PillarBasis::Recorded),
        cycle_id: c.cycle_id,
        start_date: Some(from),
        end_date: Some(to),
        place_name: boundary.name.clone(),
        province: String::new(),
        place: Some(place),
        boundary_name: Some(boundary.name),
        source_url: c.source_url.trim().to_string(),
    })
}

/// The launch of a CSV row (format in [`super::import`]), placed as `placed` says; every field
/// rule of a row, in its columns' order of importance: `challenge_id`, `team_name`,
/// `place_name`, `source_url` required, `ecosystem` a type code, `nsp_pillar` 1..=6 or blank,
/// dates ISO or blank, `end_date` not before `start_date`.
fn launch_of_row(
    row: &CollectiveActionRow,
    placed: Option<(SeriesPlace, String)>,
) -> Result<CollectiveActionLaunched, CollectiveActionError> {
    required("challenge_id", &row.challenge_id)?;
    required("team_name", &row.team_name)?;
    required("place_name", &row.place_name)?;
    required("source_url", &row.source_url)?;
    let type_id = action_type(&row.ecosystem)
        .ok_or_else(|| {
            invalid(
                "ecosystem",
                "ecosystem must be municipality, court, tvet_or_university, workplace or other.",
            )
        })?
        .id;
    let pillar_id = match row.nsp_pillar.trim() {
        "" => None,
        p => Some(
            p.parse::<i32>()
                .ok()
                .filter(|n| (1..=6).contains(n))
                .ok_or_else(|| invalid("nsp_pillar", "nsp_pillar must be 1 to 6."))?,
        ),
    };
    let start_date = date("start_date", &row.start_date)?;
    let end_date = date("end_date", &row.end_date)?;
    if let (Some(s), Some(e)) = (start_date, end_date) {
        if e < s {
            return Err(invalid(
                "end_date",
                "end_date must not be before start_date.",
            ));
        }
    }
    let (place, boundary_name) = match placed {
        Some((place, name)) => (Some(place), Some(name)),
        None => (None, None),
    };
    Ok(CollectiveActionLaunched {
        collective_action_id: row.challenge_id.trim().to_string(),
        name: row.team_name.trim().to_string(),
        goal: row.goal.trim().to_string(),
        type_id,
        pillar_id,
        pillar_basis: basis(pillar_id, PillarBasis::Source),
        cycle_id: cycle_of(&row.year, &row.cycle).id,
        start_date,
        end_date,
        place_name: row.place_name.trim().to_string(),
        province: row.province.trim().to_string(),
        place,
        boundary_name,
        source_url: row.source_url.trim().to_string(),
    })
}

impl Aggregate for CollectiveAction {
    const TYPE: &'static str = COLLECTIVE_ACTION_AGGREGATE;
    type Command = CollectiveActionCommand;
    type Event = CollectiveActionEvent;
    type Error = CollectiveActionError;
    type Services = ();

    /// Decides a command. Refusals ([`CollectiveActionError`]):
    /// - record: `Exists` when launched before; `Invalid` for name, type, pillar, cycle, dates
    ///   and a boundary that is not a municipality or district; `NotFound` when the boundary
    ///   has no place;
    /// - report a result: `Invalid("outcome")` when blank, `NotFound` before the launch;
    /// - complete: `NotFound` before the launch, `AlreadyCompleted` the second time;
    /// - import: `Invalid` for a malformed row; otherwise never refused.
    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            CollectiveActionCommand::Record(c) => {
                if self.launched {
                    return Err(CollectiveActionError::Exists);
                }
                let launch = launch_of_record(c)?;
                sink.write(
                    CollectiveActionEvent::CollectiveActionLaunched(launch),
                    self,
                )
                .await;
            }
            CollectiveActionCommand::ReportResult(c) => {
                required("outcome", &c.outcome)?;
                if !self.launched {
                    return Err(CollectiveActionError::NotFound);
                }
                let event = CollectiveActionEvent::CollectiveActionResultReported {
                    outcome: c.outcome.trim().to_string(),
                    source_url: c.source_url.trim().to_string(),
                };
                sink.write(event, self).await;
            }
            CollectiveActionCommand::Complete(c) => {
                if !self.launched {
                    return Err(CollectiveActionError::NotFound);
                }
                if self.completed {
                    return Err(CollectiveActionError::AlreadyCompleted);
                }
                let event = CollectiveActionEvent::CollectiveActionCompleted {
                    completed_on: c.completed_on,
                };
                sink.write(event, self).await;
            }
            CollectiveActionCommand::Import(c) => {
                let ImportCollectiveAction { row, placed, today } = *c;
                let launch = launch_of_row(&row, placed)?;
                let end = launch.end_date;
                if !self.launched {
                    sink.write(
                        CollectiveActionEvent::CollectiveActionLaunched(launch),
                        self,
                    )
                    .await;
                }
                let result = row.reported_result.trim();
                if !result.is_empty() && self.outcome.as_deref() != Some(result) {
                    let event = CollectiveActionEvent::CollectiveActionResultReported {
                        outcome: result.to_string(),
                        source_url: row.source_url.trim().to_string(),
                    };
                    sink.write(event, self).await;
                }
                if let Some(end) = end.filter(|end| *end < today) {
                    if !self.completed {
                        let event =
                            CollectiveActionEvent::CollectiveActionCompleted { completed_on: end };
                        sink.write(event, self).await;
                    }
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            CollectiveActionEvent::CollectiveActionLaunched(_) => self.launched = true,
            CollectiveActionEvent::CollectiveActionResultReported { outcome, .. } => {
                self.outcome = Some(outcome)
            }
            CollectiveActionEvent::CollectiveActionCompleted { .. } => self.completed = true,
        }
    }
}

#[cfg(test)]
mod tests;
