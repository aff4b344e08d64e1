//! The GeoJSON answers of the map (public spec §7 "geojson", "geomarker", "actionsGeomarker";
//! RFC 7946): boundary polygons and map points, WGS84 longitude/latitude. The handlers build
//! these types and serialize them, so the OpenAPI document describes what is sent.
//!
//! Map points are never shelters or street addresses (spec §3 "Map point properties"; the
//! privacy rule of the project): a provider's point is a public facility's, a collective action's is a
//! police-station point inside its municipality.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::ToSchema;

/// The media type of every GeoJSON answer (RFC 7946 §12).
pub const GEOJSON: &str = "application/geo+json";

/// `"FeatureCollection"`.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub enum FeatureCollectionType {
    /// The only value.
    FeatureCollection,
}

/// `"Feature"`.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub enum FeatureType {
    /// The only value.
    Feature,
}

/// A feature's id: a boundary or provider id (number) or a collective action id (text).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum FeatureId {
    /// Boundary id, provider (stakeholder) id.
    Number(i64),
    /// Collective action (collective action) id.
    Text(String),
}

/// The polygons of boundaries (`GET /api/geography/geojson/{id}`).
#[derive(Debug, Serialize, ToSchema)]
pub struct AreaCollection {
    /// `"FeatureCollection"`.
    #[serde(rename = "type")]
    pub kind: FeatureCollectionType,
    /// One feature per boundary, ordered by name.
    pub features: Vec<AreaFeature>,
}

/// One boundary's polygon.
#[derive(Debug, Serialize, ToSchema)]
pub struct AreaFeature {
    /// `"Feature"`.
    #[serde(rename = "type")]
    pub kind: FeatureType,
    /// The boundary id.
    pub id: i64,
    /// What the map shows and links to.
    pub properties: AreaProperties,
    /// The stored geometry as imported (Municipal Demarcation Board boundaries, simplified;
    /// data/geography/SOURCE.md), passed through unparsed.
    #[schema(value_type = AreaGeometry)]
    pub geometry: Box<RawValue>,
}

/// A boundary polygon's properties.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaProperties {
    /// The boundary id.
    pub boundary_id: i64,
    /// The boundary's name.
    pub description: String,
    /// `national`, `province`, `district`, `municipality` or `saps_precinct`.
    pub level: String,
    /// The public boundary type id (national 1, province and district 2, municipality 3;
    /// spec §7); `null` for a level without one.
    #[schema(required)]
    pub boundary_type_id: Option<i32>,
    /// Population (Census 2022, Stats SA), `null` where unknown.
    #[schema(required)]
    pub people_count: Option<i64>,
}

/// A boundary's geometry (RFC 7946 §3.1.6–7): positions are `[longitude, latitude]`, WGS84,
/// 5 decimals. Documents the stored text [`AreaFeature::geometry`] passes through.
#[allow(dead_code)]
#[derive(ToSchema)]
#[serde(tag = "type")]
pub enum AreaGeometry {
    /// One polygon: rings of positions, the first the outer ring.
    Polygon {
        /// Rings of `[longitude, latitude]` positions.
        coordinates: Vec<Vec<Vec<f64>>>,
    },
    /// Several polygons.
    MultiPolygon {
        /// Polygons of rings of `[longitude, latitude]` positions.
        coordinates: Vec<Vec<Vec<Vec<f64>>>>,
    },
}

/// Map points (`GET /api/geography/geomarker/…`, `/api/geography/actionsGeomarker/…`).
#[derive(Debug, Serialize, ToSchema)]
pub struct MarkerCollection {
    /// `"FeatureCollection"`.
    #[serde(rename = "type")]
    pub kind: FeatureCollectionType,
    /// The points, ordered by name.
    pub features: Vec<MarkerFeature>,
}

impl MarkerCollection {
    /// A collection of `features`.
    pub fn new(features: Vec<MarkerFeature>) -> Self {
        MarkerCollection {
            kind: FeatureCollectionType::FeatureCollection,
            features,
        }
    }
}

/// One map point.
#[derive(Debug, Serialize, ToSchema)]
pub struct MarkerFeature {
    /// `"Feature"`.
    #[serde(rename = "type")]
    pub kind: FeatureType,
    /// The provider, police station (boundary) or collective action id.
    pub id: FeatureId,
    /// Where it is.
    pub geometry: Point,
    /// What the map shows and opens (spec §3 "Map point properties").
    pub properties: MarkerProperties,
}

impl MarkerFeature {
    /// The feature `id` at `[lon, lat]` with `properties`.
    pub fn new(id: FeatureId, lon: f64, lat: f64, properties: MarkerProperties) -> Self {
        MarkerFeature {
            kind: FeatureType::Feature,
            id,
            geometry: Point {
                kind: PointType::Point,
                coordinates: [lon, lat],
            },
            properties,
        }
    }
}

/// `"Point"`.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub enum PointType {
    /// The only value.
    Point,
}

/// A point (RFC 7946 §3.1.2).
#[derive(Debug, Serialize, ToSchema)]
pub struct Point {
    /// `"Point"`.
    #[serde(rename = "type")]
    pub kind: PointType,
    /// `[longitude, latitude]`, WGS84.
    #[schema(value_type = Vec<f64>, min_items = 2, max_items = 2)]
    pub coordinates: [f64; 2],
}

/// A map point's properties (spec §3 "Map point properties"); what does not apply to the
/// point's component is `null`.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkerProperties {
    /// What a click opens: the provider id, the SAPS station code, or the municipality's
    /// boundary id for a collective action (its collective action card).
    pub stakeholder: String,
    /// The name shown.
    pub name: String,
    /// The boundary the point belongs to.
    pub boundary_id: i64,
    /// That boundary's public type id (3 municipality, 5 SAPS precinct).
    pub boundary_type_id: i32,
    /// 1 service provider, 5 police station; `null` for a collective action.
    #[schema(required)]
    pub stakeholder_type_id: Option<i32>,
    /// A police station's entry in the contact directory (its `stakeholderId` there), when
    /// the directory has the station; its contact card opens from the crime map's pin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_stakeholder_id: Option<i64>,
    /// `false` for a collective action that has ended.
    pub active: bool,
    /// The provider's building block, by name.
    #[schema(required)]
    pub building_block: Option<String>,
    /// The provider's building block id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub building_block_id: Option<i32>,
    /// The provider's building-block category id.
    #[schema(required)]
    pub building_block_category_id: Option<i32>,
    /// A collective action's pillar (0: not stated; admin spec "Pillars").
    #[schema(required)]
    pub pillar_id: Option<i32>,
    /// A collective action's collective-action type id.
    #[schema(required)]
    pub collective_action_type_id: Option<i32>,
    /// A collective action's municipality, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local_municipality_name: Option<String>,
}

/// `body` as a GeoJSON answer.
pub fn answer(body: &impl Serialize) -> Response {
    match serde_json::to_vec(body) {
        Ok(bytes) => ([(header::CONTENT_TYPE, GEOJSON)], bytes).into_response(),
        Err(e) => super::error::ApiError::Internal(e.into()).into_response(),
    }
}
