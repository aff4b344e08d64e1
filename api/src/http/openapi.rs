//! The OpenAPI document of every endpoint, served at `/api/openapi.json`.

use axum::Json;
use utoipa::OpenApi;

use super::{commands, crime, dashboard, geography};

/// OpenAPI 3.1 description of the public API.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "GBVF dashboard API",
        description = "Public dashboard API of the national GBVF movement. Crime statistics: SAPS. Population: Statistics South Africa, Census 2022. Boundaries: Municipal Demarcation Board."
    ),
    paths(
        geography::boundary,
        geography::list,
        geography::list_in,
        geography::contained,
        geography::geojson,
        geography::geomarker,
        geography::geomarker_category,
        crime::stats,
        dashboard::dashboard,
        dashboard::components_handler,
        dashboard::feature_flags,
        dashboard::health,
        commands::record_figure,
    ),
    components(schemas(commands::RecordFigureBody))
)]
pub struct ApiDoc;

/// `GET /api/openapi.json`.
pub async fn document() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}
