//! Event types of the GBVF dashboard and the PostgreSQL event log they live in.
//!
//! - [`boundary`]: the one boundary model and its two type numberings.
//! - [`crime_types`]: the GBVF-relevant SAPS crime types.
//! - [`geography`], [`crime`]: versioned event types.
//! - [`upcast`]: old payload versions brought to the current shape on read.
//! - [`store`]: bulk appends, commit-order reads below the xid8 horizon, aggregate history.
//! - [`audit`]: the tamper-evident seal of the log (hash chain, signed checkpoints, proofs).
//! - [`metadata`]: actor, time, request and source of every event.
//! - [`text`]: the characters free text may not hold, refused on write and stripped on read.
//! - [`person`]: personal data outside the log (POPIA) and the e-mail → user lookup.
pub mod accounts;
pub mod audit;
pub mod boundary;
pub mod building_block;
pub mod calendar;
pub mod collective_action;
pub mod crime;
pub mod crime_types;
pub mod example;
pub mod geography;
pub mod health_check;
pub mod health_check_translation;
pub mod metadata;
pub mod person;
pub mod store;
pub mod text;
pub mod trace;
pub mod upcast;
pub mod wake;
