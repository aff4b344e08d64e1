//! Collective-action events (public spec §1 component 4 and §3 "Collective action data"); the
//! shipped ones come from the End GBVF 100-Day Challenges.
//!
//! A *collective action* is one team's action. Aggregate id = its slug (`challenge_id` column
//! of the data source `data/challenges/challenges.csv`, or a UUID for one recorded through the
//! admin API). Its history is [`CollectiveActionLaunched`] → zero or more result reports → at
//! most one completion. An import of one file is an aggregate of its own, id = SHA-256 of the
//! file, with a start and a completion event holding every row that could not be placed.
//!
//! **Stored names.** The log was first written when the code said "challenge". Names stored in
//! it are never rewritten (the audit seal covers them and older logs must replay): the
//! aggregate types, event types and payload field names below keep their stored spelling
//! through serde renames and the constants of this module (decision 0159). The glossary in
//! `docs/ARCHITECTURE.md` maps each code name to its stored name.
//!
//! No personal data: team names are the names of teams and institutions, never of people.

use serde::{Deserialize, Serialize};

use crate::crime::SeriesPlace;

/// Aggregate type of collective actions, as stored in the log.
pub const COLLECTIVE_ACTION_AGGREGATE: &str = "challenge";
/// Aggregate type of collective-action imports, as stored in the log.
pub const COLLECTIVE_ACTION_IMPORT_AGGREGATE: &str = "challenge_import";

/// Event types of collective actions as stored in the log (`events.event_type`), by code name.
pub mod stored {
    /// [`super::CollectiveActionEvent::CollectiveActionLaunched`].
    pub const LAUNCHED: &str = "ChallengeLaunched";
    /// [`super::CollectiveActionEvent::CollectiveActionResultReported`].
    pub const RESULT_REPORTED: &str = "ChallengeResultReported";
    /// [`super::CollectiveActionEvent::CollectiveActionCompleted`].
    pub const COMPLETED: &str = "ChallengeCompleted";
    /// [`super::CollectiveActionImportEvent::CollectiveActionImportStarted`].
    pub const IMPORT_STARTED: &str = "ChallengeImportStarted";
    /// [`super::CollectiveActionImportEvent::CollectiveActionImportCompleted`].
    pub const IMPORT_COMPLETED: &str = "ChallengeImportCompleted";
}

/// A pillar of the National Strategic Plan on GBVF 2020–2030.
#[derive(Debug, Clone, Copy)]
pub struct Pillar {
    /// Pillar number 1..=6 (`pillarId`).
    pub id: i32,
    /// Name as found in the programme's own pages (see
    /// `data/challenges/SOURCE.md`, "NSP on GBVF pillar names, as found in these sources").
    pub description: &'static str,
}

/// The six NSP pillars (source: `data/challenges/SOURCE.md` and `data/challenges/nsp-gbvf-pillars.md`).
pub static PILLARS: [Pillar; 6] = [
    Pillar {
        id: 1,
        description: "Accountability, coordination and leadership",
    },
    Pillar {
        id: 2,
        description: "Prevention and rebuilding social cohesion",
    },
    Pillar {
        id: 3,
        description: "Justice, safety and protection",
    },
    Pillar {
        id: 4,
        description: "Response, care, support and healing",
    },
    Pillar {
        id: 5,
        description: "Economic power",
    },
    Pillar {
        id: 6,
        description: "Research and information management",
    },
];

/// `pillarId` shown for collective actions whose source names no pillar ("Pillar not stated").
pub const UNASSIGNED_PILLAR_ID: i32 = 0;

/// The type of a collective action (`collectiveActionTypeId`): the collective action's ecosystem as the
/// source CSV's `ecosystem` column names it.
#[derive(Debug, Clone, Copy)]
pub struct ActionType {
    /// `collectiveActionTypeId`.
    pub id: i32,
    /// Value of the CSV `ecosystem` column.
    pub code: &'static str,
    /// Display name.
    pub description: &'static str,
}

/// Collective-action types (ecosystems of the 100-Day Challenges).
pub static ACTION_TYPES: [ActionType; 5] = [
    ActionType {
        id: 1,
        code: "municipality",
        description: "Municipality",
    },
    ActionType {
        id: 2,
        code: "court",
        description: "Court",
    },
    ActionType {
        id: 3,
        code: "tvet_or_university",
        description: "TVET college or university",
    },
    ActionType {
        id: 4,
        code: "workplace",
        description: "Workplace",
    },
    ActionType {
        id: 5,
        code: "other",
        description: "Other",
    },
];

/// The type whose CSV code is `code`.
pub fn action_type(code: &str) -> Option<&'static ActionType> {
    ACTION_TYPES.iter().find(|t| t.code == code.trim())
}

/// A programme cycle (`cycles[]` of the dashboard, spec §3).
#[derive(Debug, Clone, Copy)]
pub struct Cycle {
    /// `cycleId`.
    pub id: i32,
    /// The CSV label (`year / cycle` column convention) and display name.
    pub description: &'static str,
    /// First month, `YYYY-MM`, when the source states it.
    pub start_month: Option<&'static str>,
    /// Last month, `YYYY-MM`, when the source states it.
    pub end_month: Option<&'static str>,
}

/// The programme's cycles. Months from `data/challenges/SOURCE.md`: pilot Day 1 = 1 April 2022,
/// national close-out 23 August 2022; 2023 wave 9 August – 17 November 2023; 2024 cycle 2
/// 9 August – 17 November 2024. The 2024 cycle 1 and the 2025 cohorts have no stated months.
/// Rows without a stated year are in cycle 99 "Year not stated" so that no row is dropped.
pub static CYCLES: [Cycle; 6] = [
    Cycle {
        id: 1,
        description: "2022 pilot",
        start_month: Some("2022-04"),
        end_month: Some("2022-08"),
    },
    Cycle {
        id: 2,
        description: "2023",
        start_month: Some("2023-08"),
        end_month: Some("2023-11"),
    },
    Cycle {
        id: 3,
        description: "2024 cycle 1",
        start_month: None,
        end_month: None,
    },
    Cycle {
        id: 4,
        description: "2024 cycle 2",
        start_month: Some("2024-08"),
        end_month: Some("2024-11"),
    },
    Cycle {
        id: 5,
        description: "2025",
        start_month: None,
        end_month: None,
    },
    Cycle {
        id: 99,
        description: "Year not stated",
        start_month: None,
        end_month: None,
    },
];

/// The cycle of a CSV row: its `cycle` label, else its `year` label, else "Year not stated".
pub fn cycle_of(year: &str, cycle: &str) -> &'static Cycle {
    let label = if !cycle.trim().is_empty() {
        cycle.trim()
    } else {
        year.trim()
    };
    CYCLES
        .iter()
        .find(|c| c.description == label)
        .unwrap_or(&CYCLES[5])
}

/// How a collective action's pillar was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PillarBasis {
    /// The source ties the collective action to the pillar.
    Source,
    /// The source states no pillar: shown as "Pillar not stated" (pillarId 0).
    Unassigned,
    /// Chosen by the administrator who recorded the collective action.
    Recorded,
}

/// A newly launched collective action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CollectiveActionLaunched {
    /// The aggregate id (stored as `challenge_id`).
    #[serde(rename = "challenge_id")]
    pub collective_action_id: String,
    /// Team name as reported (`name`).
    pub name: String,
    /// Goal as reported, paraphrased (`description`).
    pub goal: String,
    /// `collectiveActionTypeId` (see [`ACTION_TYPES`]).
    pub type_id: i32,
    /// NSP pillar 1..=6, `None` when unassigned.
    pub pillar_id: Option<i32>,
    /// How the pillar was decided.
    pub pillar_basis: PillarBasis,
    /// `cycleId` (see [`CYCLES`]).
    pub cycle_id: i32,
    /// First day, ISO date, when stated.
    pub start_date: Option<chrono::NaiveDate>,
    /// Last day, ISO date, when stated.
    pub end_date: Option<chrono::NaiveDate>,
    /// Place as reported.
    pub place_name: String,
    /// Province as reported (may be empty).
    pub province: String,
    /// The boundary the collective action was placed in (a municipality, or a district when the source
    /// names a district) with its ancestors; `None` when it could not be placed (the import
    /// report lists it).
    pub place: Option<SeriesPlace>,
    /// Name of that boundary (`localMunicipalityName`).
    pub boundary_name: Option<String>,
    /// Page(s) the facts come from (provenance), ` ; `-separated.
    pub source_url: String,
}

/// Events of one collective action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CollectiveActionEvent {
    /// Version "1.0"; stored as [`stored::LAUNCHED`].
    #[serde(rename = "ChallengeLaunched")]
    CollectiveActionLaunched(CollectiveActionLaunched),
    /// A result was reported (interim or final). Version "1.0"; stored as
    /// [`stored::RESULT_REPORTED`].
    #[serde(rename = "ChallengeResultReported")]
    CollectiveActionResultReported {
        /// The result, paraphrased (`outcome`).
        outcome: String,
        /// Where it was reported (may be empty for an administrator's entry).
        source_url: String,
    },
    /// The collective action was closed (it then counts as completed whatever its dates).
    /// Version "1.0"; stored as [`stored::COMPLETED`].
    #[serde(rename = "ChallengeCompleted")]
    CollectiveActionCompleted {
        /// Day of closing.
        completed_on: chrono::NaiveDate,
    },
}

impl cqrs_es::DomainEvent for CollectiveActionEvent {
    fn event_type(&self) -> String {
        match self {
            CollectiveActionEvent::CollectiveActionLaunched(_) => stored::LAUNCHED.into(),
            CollectiveActionEvent::CollectiveActionResultReported { .. } => {
                stored::RESULT_REPORTED.into()
            }
            CollectiveActionEvent::CollectiveActionCompleted { .. } => stored::COMPLETED.into(),
        }
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

/// Events of one collective action import (one file).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CollectiveActionImportEvent {
    /// Version "1.0"; stored as [`stored::IMPORT_STARTED`].
    #[serde(rename = "ChallengeImportStarted")]
    CollectiveActionImportStarted {
        /// File name (no directory).
        file_name: String,
        /// SHA-256 of the file, hex.
        sha256: String,
    },
    /// Version "1.0"; stored as [`stored::IMPORT_COMPLETED`].
    #[serde(rename = "ChallengeImportCompleted")]
    CollectiveActionImportCompleted {
        /// Data rows read.
        rows_read: u64,
        /// Collective action events appended.
        events_appended: u64,
        /// Rows whose place matched no boundary: `{line, challenge_id, place_name, province,
        /// reason}`. They are imported all the same, without a place.
        unplaced: Vec<serde_json::Value>,
    },
}

impl cqrs_es::DomainEvent for CollectiveActionImportEvent {
    fn event_type(&self) -> String {
        match self {
            CollectiveActionImportEvent::CollectiveActionImportStarted { .. } => {
                stored::IMPORT_STARTED.into()
            }
            CollectiveActionImportEvent::CollectiveActionImportCompleted { .. } => {
                stored::IMPORT_COMPLETED.into()
            }
        }
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}
