//! JSON Schemas of the request fields that take an id from a fixed reference list, built from
//! the list itself, so the OpenAPI document states exactly the ids the handler accepts and
//! cannot drift from it (schemathesis's "mostly rejected generated data" warning came from
//! ids the document typed as any integer). Used with utoipa's `schema_with`.

use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

use crate::accounts::organisation::{APPROVED, REJECTED};
use crate::accounts::reference::{JOB_ROLES, TITLES};

/// An integer schema admitting exactly `ids`, described by `description`.
fn one_of_ids(ids: impl IntoIterator<Item = i32>, description: &str) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
            utoipa::openapi::KnownFormat::Int32,
        )))
        .enum_values(Some(ids))
        .description(Some(description))
        .build()
}

/// `cycleId`: the ids of [`gbvf_events::collective_action::CYCLES`] (1–5, 99 "Year not stated").
pub fn cycle_ids() -> Object {
    one_of_ids(
        gbvf_events::collective_action::CYCLES.iter().map(|c| c.id),
        "One of the cycles' ids (1–5, 99 \"Year not stated\").",
    )
}

/// `crimeTypeId`: the ids of [`gbvf_events::crime_types::CRIME_TYPES`] (SAPS crime categories).
pub fn crime_type_ids() -> Object {
    one_of_ids(
        gbvf_events::crime_types::CRIME_TYPES.iter().map(|t| t.id),
        "Crime type id (SAPS crime categories).",
    )
}

/// A title id of [`TITLES`] (public spec §5 reference list).
pub fn title_ids() -> Object {
    one_of_ids(
        TITLES.iter().map(|(id, _)| *id),
        "Title id (reference list).",
    )
}

/// A job role id of [`JOB_ROLES`] (public spec §5 reference list).
pub fn job_role_ids() -> Object {
    one_of_ids(
        JOB_ROLES.iter().map(|(id, _)| *id),
        "Job role id (reference list).",
    )
}

/// A verification decision: Rejected 2 or Approved 3 (admin spec §3 "Organisation
/// verification").
pub fn decision_status_ids() -> Object {
    one_of_ids([REJECTED, APPROVED], "Rejected 2 or Approved 3.")
}

/// `format` of the crime import: the names of
/// [`crate::sources::crime::CrimeFileFormat::ALL`].
pub fn crime_file_formats() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(
            crate::sources::crime::CrimeFileFormat::ALL.map(|f| f.name()),
        ))
        .description(Some(
            "A crime file format (default: detected from the header).",
        ))
        .build()
}
