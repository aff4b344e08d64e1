//! The choices of the dashboard's component and sub-component pickers (public spec §3
//! "Components"), shared by the dashboard and the components that offer sub-options.

use serde::Serialize;

/// The id of a filter option: a string for crime types, pillars and collective-action types
/// (spec §2 Filters: "Crime filter ids are compared as strings"), a number for building-block
/// categories and blocks.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum OptionId {
    /// Crime type, pillar or collective-action type id.
    Text(String),
    /// Building-block category or building block id.
    Number(i64),
}

/// A filter option with its nested options (crime types: none; building-block categories:
/// their blocks; pillars: the collective-action types).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ComponentOption {
    /// Its id.
    pub id: OptionId,
    /// Its name.
    pub name: String,
    /// Nested options.
    pub options: Vec<SubOption>,
}

/// A nested filter option.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SubOption {
    /// Its id.
    pub id: OptionId,
    /// Its name.
    pub name: String,
}
