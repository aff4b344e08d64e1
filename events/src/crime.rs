//! Crime-statistics events.
//!
//! A *crime series* is one boundary's counts of one crime type, one figure per SAPS financial
//! year (April to March). Aggregate type `crime_series`, aggregate id
//! `<boundary_id>/<crime_type_id>`. An import records one event per figure that is new or
//! changed, so re-importing the same file appends nothing, and a later SAPS release that
//! corrects a figure appends a revision naming the previous count.
//!
//! Imports themselves are aggregate type `crime_import`, id = SHA-256 of the file, with a
//! start and a completion event holding the report of rows that could not be placed.

use serde::{Deserialize, Serialize};

use crate::boundary::BoundaryLevel;

/// Aggregate type of crime series.
pub const CRIME_SERIES_AGGREGATE: &str = "crime_series";
/// Aggregate type of crime imports.
pub const CRIME_IMPORT_AGGREGATE: &str = "crime_import";

/// The aggregate id of a crime series.
pub fn crime_series_id(boundary_id: i64, crime_type_id: i32) -> String {
    format!("{boundary_id}/{crime_type_id}")
}

/// Where a crime series' boundary sits; carried in every figure event so that a projector
/// can roll station figures up without consulting another read model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesPlace {
    /// The boundary the figure is reported for.
    pub boundary_id: i64,
    /// Its level.
    pub level: BoundaryLevel,
    /// Its ancestors' ids, nearest first, ending with the nation (1).
    pub ancestor_ids: Vec<i64>,
}

/// Events of one crime series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CrimeSeriesEvent {
    /// A figure for a financial year not recorded before. Version "1.0".
    CrimeFigureRecorded(CrimeFigure),
    /// A figure that replaces an earlier one for the same year. Version "1.0".
    CrimeFigureRevised {
        /// The new figure.
        figure: CrimeFigure,
        /// The count it replaces.
        previous_count: i64,
    },
}

/// One SAPS figure: the count of one crime type in one boundary in one financial year.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CrimeFigure {
    /// The boundary and its ancestors.
    pub place: SeriesPlace,
    /// Crime type id (see [`crate::crime_types`]).
    pub crime_type_id: i32,
    /// The financial year's first calendar year: 2022 means April 2022 to March 2023 ("2022/23").
    pub period_start_year: i32,
    /// Number of crimes recorded (SAPS counts; a whole number ≥ 0).
    pub count: i64,
    /// Dataset the figure came from, e.g. `SAPS station statistics 2005/06-2015/16`.
    pub source: String,
}

impl CrimeSeriesEvent {
    /// The figure this event records.
    pub fn figure(&self) -> &CrimeFigure {
        match self {
            CrimeSeriesEvent::CrimeFigureRecorded(f) => f,
            CrimeSeriesEvent::CrimeFigureRevised { figure, .. } => figure,
        }
    }
    /// The count this event replaces (0 for a first recording).
    pub fn previous_count(&self) -> i64 {
        match self {
            CrimeSeriesEvent::CrimeFigureRecorded(_) => 0,
            CrimeSeriesEvent::CrimeFigureRevised { previous_count, .. } => *previous_count,
        }
    }
}

impl cqrs_es::DomainEvent for CrimeSeriesEvent {
    fn event_type(&self) -> String {
        match self {
            CrimeSeriesEvent::CrimeFigureRecorded(_) => "CrimeFigureRecorded".into(),
            CrimeSeriesEvent::CrimeFigureRevised { .. } => "CrimeFigureRevised".into(),
        }
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

/// Events of one crime import (one file).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CrimeImportEvent {
    /// The import began. Version "1.0".
    CrimeImportStarted {
        /// File name (no directory).
        file_name: String,
        /// Format name (`station-2005`, `station-2003`, `saps-annual`, `long`).
        format: String,
        /// SHA-256 of the file, hex.
        sha256: String,
    },
    /// The import finished. Version "1.0".
    CrimeImportCompleted {
        /// Data rows read from the file.
        rows_read: u64,
        /// Figures new or changed, appended as crime-series events.
        figures_appended: u64,
        /// Figures already recorded with the same count (nothing appended).
        figures_unchanged: u64,
        /// Rows that could not be placed: `{line, reason, station, province, category}`.
        unplaced: Vec<serde_json::Value>,
        /// Rows skipped because their category is not a GBVF crime type, per category.
        ignored_categories: std::collections::BTreeMap<String, u64>,
    },
}

impl cqrs_es::DomainEvent for CrimeImportEvent {
    fn event_type(&self) -> String {
        match self {
            CrimeImportEvent::CrimeImportStarted { .. } => "CrimeImportStarted".into(),
            CrimeImportEvent::CrimeImportCompleted { .. } => "CrimeImportCompleted".into(),
        }
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}
