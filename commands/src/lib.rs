//! Write side of the GBVF dashboard: aggregates, their commands and rules, and the data
//! imports that turn shipped files into events.
//!
//! - [`sources`]: readers of the shipped files (geography, SAPS crime statistics).
//! - [`crime_series`]: the crime-series aggregate.
//! - [`collective_actions`]: the collective-action aggregate and its import.
//! - [`health_check`]: the organisational health check: questionnaire versions, survey
//!   periods, survey responses and their scoring.
//! - [`places`]: boundary placement from the geography read model.
//! - [`read_access`]: the refusal of reads narrower than a route's permission.
//! - [`import`]: idempotent, batched imports.
pub mod accounts;
pub mod building_blocks;
pub mod collective_actions;
pub mod crime_series;
pub mod execute;
pub mod fields;
pub mod health_check;
pub mod import;
pub mod places;
pub mod read_access;
pub mod reasons;
pub mod reference_schemas;
pub mod sources;
pub mod text;
