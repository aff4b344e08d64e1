//! Geography endpoints (public spec §7 "Dashboard and geography").

use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use serde_json::value::RawValue;

use gbvf_projections::geography::queries::{area_shapes, boundaries_of_levels, police_stations_in};

use super::boundary::{self, Boundary, BoundaryRow};
use super::error::{parse_id, ApiError};
use super::geojson::{
    self, AreaCollection, AreaFeature, AreaProperties, FeatureCollectionType, FeatureId,
    FeatureType, MarkerCollection, MarkerFeature, MarkerProperties,
};
use super::AppState;

/// `GET /api/geography/boundary/{id}`: one boundary.
#[utoipa::path(get, path = "/api/geography/boundary/{id}", operation_id = "getBoundary", tag = "geography",
    params(("id" = i64, Path, description = "boundaryId", minimum = 1)),
    responses((status = 200, description = "The boundary", body = Boundary), (status = 400, description = "Malformed id"), (status = 404, description = "Unknown id")))]
pub async fn boundary(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Boundary>, ApiError> {
    let id = parse_id("boundaryId", &id)?;
    Ok(Json(
        boundary::fetch(&s.read_pool(), id).await?.to_boundary(),
    ))
}

/// Query of the boundary list.
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    /// Case-insensitive text the name must contain.
    pub filter: Option<String>,
}

/// `GET /api/geography/boundary/list/{boundaryTypeId}`: boundaries of a public type.
#[utoipa::path(get, path = "/api/geography/boundary/list/{boundaryTypeId}", operation_id = "listBoundaries", tag = "geography",
    params(("boundaryTypeId" = i64, Path, description = "1 National, 2 District/Province, 3 Local, 5 SAPS precinct", minimum = 1, maximum = 5),
           ("filter" = Option<String>, Query, description = "name contains (case-insensitive)")),
    responses((status = 200, description = "The boundaries, by name", body = [Boundary]), (status = 400, description = "Unknown type")))]
pub async fn list(
    State(s): State<AppState>,
    Path(type_id): Path<String>,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<Boundary>>, ApiError> {
    list_within(s, type_id, None, q).await
}

/// `GET /api/geography/boundary/list/{boundaryTypeId}/{parentBoundaryId}`: boundaries of a
/// public type inside a boundary (at any depth).
#[utoipa::path(get, path = "/api/geography/boundary/list/{boundaryTypeId}/{parentBoundaryId}", operation_id = "listBoundariesIn", tag = "geography",
    params(("boundaryTypeId" = i64, Path, description = "1 National, 2 District/Province, 3 Local, 5 SAPS precinct", minimum = 1, maximum = 5),
           ("parentBoundaryId" = i64, Path, description = "containing boundary", minimum = 1),
           ("filter" = Option<String>, Query, description = "name contains (case-insensitive)")),
    responses((status = 200, description = "The boundaries, by name", body = [Boundary]), (status = 400, description = "Malformed"), (status = 404, description = "Unknown parent")))]
pub async fn list_in(
    State(s): State<AppState>,
    Path((type_id, parent)): Path<(String, String)>,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<Boundary>>, ApiError> {
    list_within(s, type_id, Some(parent), q).await
}

#[tracing::instrument(name = "read model boundary list", skip_all)]
async fn list_within(
    s: AppState,
    type_id: String,
    parent: Option<String>,
    q: ListQuery,
) -> Result<Json<Vec<Boundary>>, ApiError> {
    let type_id = parse_id("boundaryTypeId", &type_id)?;
    let levels = boundary::levels_of_public_type(type_id)?;
    let parent = match parent {
        Some(p) => Some(
            boundary::fetch(&s.read_pool(), parse_id("parentBoundaryId", &p)?)
                .await?
                .boundary_id,
        ),
        None => None,
    };
    let filter = q
        .filter
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty());
    // With a parent: its direct children of the type when it has any (nation → provinces,
    // province → districts, district → municipalities), else every boundary of the type inside
    // it (province → municipalities).
    let rows = boundaries_of_levels(&s.read_pool(), levels, parent, filter.as_deref()).await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| BoundaryRow(r).to_boundary())
            .collect(),
    ))
}

/// Query of the contained-boundaries call.
#[derive(Debug, Deserialize)]
pub struct ContainedQuery {
    #[serde(rename = "containingBoundaryId")]
    containing: Option<String>,
}

/// `GET /api/geography/contained/?containingBoundaryId`: direct children.
#[utoipa::path(get, path = "/api/geography/contained/", operation_id = "getContained", tag = "geography",
    params(("containingBoundaryId" = i64, Query, description = "containing boundary", minimum = 1)),
    responses((status = 200, description = "The boundaries, by name", body = [Boundary]), (status = 400, description = "Missing or malformed id"), (status = 404, description = "Unknown id")))]
pub async fn contained(
    State(s): State<AppState>,
    Query(q): Query<ContainedQuery>,
) -> Result<Json<Vec<Boundary>>, ApiError> {
    let raw = q.containing.ok_or_else(|| {
        ApiError::bad("containingBoundaryId", "containingBoundaryId is required.")
    })?;
    let id = parse_id("containingBoundaryId", &raw)?;
    boundary::fetch(&s.read_pool(), id).await?;
    let rows = boundary::children(&s.read_pool(), id).await?;
    Ok(Json(rows.iter().map(BoundaryRow::to_boundary).collect()))
}

/// `GET /api/geography/geojson/{id}`: the polygons of the boundary's children (for a
/// municipality, its own polygon) as a GeoJSON FeatureCollection, WGS84, 5 decimals.
/// Feature properties: `{boundaryId, description, boundaryTypeId, level, peopleCount}`.
#[utoipa::path(get, path = "/api/geography/geojson/{id}", operation_id = "getGeojson", tag = "geography",
    params(("id" = i64, Path, description = "boundaryId", minimum = 1)),
    responses((status = 200, description = "GeoJSON FeatureCollection", body = AreaCollection, content_type = "application/geo+json"), (status = 400, description = "Malformed id"), (status = 404, description = "Unknown id")))]
pub async fn geojson(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = parse_id("boundaryId", &id)?;
    let b = boundary::fetch(&s.read_pool(), id).await?;
    let rows = area_shapes(&s.read_pool(), b.boundary_id).await?;
    let mut features = Vec::with_capacity(rows.len());
    for a in rows {
        let lvl = gbvf_events::boundary::BoundaryLevel::parse(&a.level);
        features.push(AreaFeature {
            kind: FeatureType::Feature,
            id: a.boundary_id,
            properties: AreaProperties {
                boundary_id: a.boundary_id,
                description: a.name,
                boundary_type_id: lvl.and_then(|l| l.public_type_id()),
                level: a.level,
                people_count: a.population,
            },
            geometry: RawValue::from_string(a.geometry)
                .map_err(|e| ApiError::Internal(e.into()))?,
        });
    }
    Ok(geojson::answer(&AreaCollection {
        kind: FeatureCollectionType::FeatureCollection,
        features,
    }))
}

/// `GET /api/geography/geomarker/{componentId}/{boundaryId}`: map points of a component
/// inside a boundary. Component 1 (building block): the service providers with a published
/// point (police stations, courts, health facilities; never shelters). Component 3 (crime): the
/// SAPS police stations of the precincts in the boundary. Never shelters or street addresses.
#[utoipa::path(get, path = "/api/geography/geomarker/{componentId}/{boundaryId}", operation_id = "getGeomarkers", tag = "geography",
    params(("componentId" = i64, Path, description = "1 building block, 2 health check, 3 crime, 4 collective action", minimum = 1, maximum = 4),
           ("boundaryId" = i64, Path, description = "boundary", minimum = 1)),
    responses((status = 200, description = "GeoJSON FeatureCollection of points", body = MarkerCollection, content_type = "application/geo+json"), (status = 400, description = "Malformed"), (status = 404, description = "Unknown boundary")))]
pub async fn geomarker(
    State(s): State<AppState>,
    Path((component, boundary_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    geomarker_in(s, component, boundary_id, None).await
}

/// `GET /api/geography/geomarker/{componentId}/{boundaryId}/{categoryId}`: as above, for one
/// category of the component (crime has no point categories: same points).
#[utoipa::path(get, path = "/api/geography/geomarker/{componentId}/{boundaryId}/{categoryId}", operation_id = "getGeomarkersInCategory", tag = "geography",
    params(("componentId" = i64, Path, description = "component", minimum = 1, maximum = 4), ("boundaryId" = i64, Path, description = "boundary", minimum = 1),
           ("categoryId" = i64, Path, description = "category of the component", minimum = 1)),
    responses((status = 200, description = "GeoJSON FeatureCollection of points", body = MarkerCollection, content_type = "application/geo+json"), (status = 400, description = "Malformed"), (status = 404, description = "Unknown boundary")))]
pub async fn geomarker_category(
    State(s): State<AppState>,
    Path((component, boundary_id, category)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    let category = parse_id("categoryId", &category)?;
    geomarker_in(s, component, boundary_id, Some(category)).await
}

#[tracing::instrument(name = "read model geomarker", skip_all)]
async fn geomarker_in(
    s: AppState,
    component: String,
    boundary_id: String,
    category: Option<i64>,
) -> Result<Response, ApiError> {
    let component = parse_id("componentId", &component)?;
    if !(1..=4).contains(&component) {
        return Err(ApiError::bad(
            "componentId",
            "componentId must be 1, 2, 3 or 4.",
        ));
    }
    let b = boundary::fetch(&s.read_pool(), parse_id("boundaryId", &boundary_id)?).await?;
    let mut features = Vec::new();
    if component == 1 {
        features = super::building_blocks::geomarkers(&s, b.boundary_id, category).await?;
    }
    if component == 3 {
        for p in police_stations_in(&s.read_pool(), b.boundary_id).await? {
            features.push(MarkerFeature::new(
                FeatureId::Number(p.boundary_id),
                p.point_lon,
                p.point_lat,
                MarkerProperties {
                    stakeholder: p.code,
                    name: format!("{} police station", p.name),
                    boundary_id: p.boundary_id,
                    boundary_type_id: 5,
                    stakeholder_type_id: Some(5),
                    provider_stakeholder_id: p.provider_id,
                    active: true,
                    ..Default::default()
                },
            ));
        }
    }
    Ok(geojson::answer(&MarkerCollection::new(features)))
}
