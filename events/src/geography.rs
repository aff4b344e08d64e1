//! Geography events: the boundaries the dashboard reports on enter the log as data-import
//! events, so a rebuild of the geography read model reproduces the same boundary ids.
//!
//! Aggregate type `boundary`, aggregate id `<boundary_id>` (stable numeric id assigned by the
//! import; see `gbvf_commands::sources::geography`).

use serde::{Deserialize, Serialize};

use crate::boundary::BoundaryLevel;

/// The aggregate type of boundaries in the event log.
pub const BOUNDARY_AGGREGATE: &str = "boundary";

/// Events of one boundary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BoundaryEvent {
    /// The boundary as published by its source (MDB 2020 demarcation; SAPS precincts from
    /// police_stations.csv). Version "1.0".
    BoundaryRecorded(BoundaryRecorded),
}

/// A boundary and everything the dashboard needs to place and draw it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoundaryRecorded {
    /// Stable numeric id: nation 1, provinces 10.., districts 100.., municipalities 1000..,
    /// precincts 10000.. (in order of code).
    pub boundary_id: i64,
    /// Source code: `ZA`, province (`GP`), district/metro (`DC10`, `CPT`), municipality
    /// (`EC108`, `CPT`), precinct (`PD210001`). Unique together with `level`.
    pub code: String,
    /// Name as published.
    pub name: String,
    /// Level in the hierarchy.
    pub level: BoundaryLevel,
    /// The containing boundary's id; `None` for the nation.
    pub parent_id: Option<i64>,
    /// Census 2022 population (sum of precinct populations, Statistics South Africa).
    pub population: Option<i64>,
    /// Census 2011 population (Statistics South Africa) of the nation and the provinces, for
    /// the growth between the two censuses (decision 0157); absent on every other level and in
    /// records written before it was added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub census_2011_population: Option<i64>,
    /// Area in km².
    pub area_km2: Option<f64>,
    /// GeoJSON geometry (Polygon or MultiPolygon, WGS84, 5 decimals); `None` for precincts.
    pub geometry: Option<serde_json::Value>,
    /// Station point `[longitude, latitude]` (WGS84) for precincts, when known.
    pub point: Option<[f64; 2]>,
    /// Where the record came from, e.g. `MDB 2020 demarcation (Muni_2020)`.
    pub source: String,
}

impl cqrs_es::DomainEvent for BoundaryEvent {
    fn event_type(&self) -> String {
        match self {
            BoundaryEvent::BoundaryRecorded(_) => "BoundaryRecorded".to_string(),
        }
    }
    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
