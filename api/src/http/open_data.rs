//! The open data files (decision 0164): each dataset's Frictionless Data Package descriptor
//! and CSV files, and the DCAT catalogue of every dataset. Public reads of the contract
//! (decision 0158): any origin, strong `ETag`, 304 on `If-None-Match`, the per-client limit.
//! The datasets themselves are produced by [`crate::open_data`].

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;
use super::AppState;
use crate::open_data::catalogue::catalogue;

/// The catalogue's media type (JSON-LD, W3C).
const JSON_LD: &str = "application/ld+json";

/// The 404 message of a file route.
const NO_FILE: &str = "No such dataset or file.";

/// The dataset named `name`; 404 with `missing` when there is none.
async fn named(
    s: &AppState,
    name: &str,
    missing: &str,
) -> Result<std::sync::Arc<crate::open_data::Dataset>, ApiError> {
    s.open_data
        .named(&s.pool, name)
        .await?
        .ok_or_else(|| ApiError::NotFound(missing.into()))
}

/// `GET /api/data/{dataset}/datapackage.json`: the dataset's Frictionless Tabular Data
/// Package descriptor: every file with its path (relative to the descriptor), size, SHA-256
/// and Table Schema (each column's type and definition). 404 for an unknown dataset.
#[utoipa::path(get, path = "/api/data/{dataset}/datapackage.json", tag = "open data", operation_id = "getDataPackage",
    params(("dataset" = String, Path, description = "The dataset's name, e.g. gbvf-crime", max_length = 40, pattern = "^[a-z0-9-]+$")),
    responses((status = 200, description = "The Data Package descriptor (https://specs.frictionlessdata.io/tabular-data-package/)", content_type = "application/json", body = Object),
              (status = 404, description = "No such dataset")))]
pub async fn data_package(
    State(s): State<AppState>,
    Path(dataset): Path<String>,
) -> Result<Response, ApiError> {
    let d = named(&s, &dataset, "No such dataset.").await?;
    Ok(axum::Json(d.data_package(&s.base_url)).into_response())
}

/// `GET /api/data/{dataset}/{file}`: one CSV file of a dataset (UTF-8, header row first;
/// empty cells are not known), as its Data Package describes it. 404 for an unknown dataset
/// or file.
#[utoipa::path(get, path = "/api/data/{dataset}/{file}", tag = "open data", operation_id = "getDataFile",
    params(("dataset" = String, Path, description = "The dataset's name, e.g. gbvf-crime", max_length = 40, pattern = "^[a-z0-9-]+$"),
           ("file" = String, Path, description = "The file's name, e.g. crime-provinces.csv", max_length = 60, pattern = "^[a-z0-9-]+\\.csv$")),
    responses((status = 200, description = "The CSV file", content_type = "text/csv", body = String),
              (status = 404, description = "No such dataset or file")))]
pub async fn data_file(
    State(s): State<AppState>,
    Path((dataset, file)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let d = named(&s, &dataset, NO_FILE).await?;
    let f = d
        .file(&file)
        .ok_or_else(|| ApiError::NotFound(NO_FILE.into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}\"", f.file_name()),
            ),
        ],
        f.bytes.clone(),
    )
        .into_response())
}

/// `GET /api/data/{dataset}/manifest/{file}`: the signed manifest of one file: its size and
/// SHA-256, the head of the event log it was computed from, the chain links from that head to a
/// signed checkpoint and the audit key's signature; `gbvf data verify FILE MANIFEST` checks it
/// without a database (decision 0165). 404 for an unknown dataset or file.
#[utoipa::path(get, path = "/api/data/{dataset}/manifest/{file}", tag = "open data", operation_id = "getDataManifest",
    params(("dataset" = String, Path, description = "The dataset's name, e.g. gbvf-crime", max_length = 40, pattern = "^[a-z0-9-]+$"),
           ("file" = String, Path, description = "The file's name, e.g. crime-provinces.csv", max_length = 60, pattern = "^[a-z0-9-]+\\.csv$")),
    responses((status = 200, description = "The manifest (format gbvf-data-manifest-v1)", content_type = "application/json", body = Object),
              (status = 404, description = "No such dataset or file")))]
pub async fn data_manifest(
    State(s): State<AppState>,
    Path((dataset, file)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let d = named(&s, &dataset, NO_FILE).await?;
    let m = d
        .manifest(&file)
        .ok_or_else(|| ApiError::NotFound(NO_FILE.into()))?;
    // Saved beside the file it proves, under a name that says so.
    let disposition = format!(
        "attachment; filename=\"{}.manifest.json\"",
        file.trim_end_matches(".csv")
    );
    Ok(([(header::CONTENT_DISPOSITION, disposition)], axum::Json(m)).into_response())
}

/// `GET /data/catalog.jsonld`: the DCAT catalogue of every dataset (JSON-LD), for portals and
/// dataset search engines.
#[utoipa::path(get, path = "/data/catalog.jsonld", tag = "open data", operation_id = "getDataCatalogue",
    responses((status = 200, description = "The DCAT catalogue (https://www.w3.org/TR/vocab-dcat-3/) as JSON-LD", content_type = "application/ld+json", body = Object)))]
pub async fn data_catalogue(State(s): State<AppState>) -> Result<Response, ApiError> {
    let datasets = s.open_data.all(&s.pool).await?;
    let refs: Vec<_> = datasets.iter().map(|d| d.as_ref()).collect();
    let body = serde_json::to_vec(&catalogue(&s.base_url, &refs))
        .map_err(|e| ApiError::Internal(e.into()))?;
    Ok(([(header::CONTENT_TYPE, JSON_LD)], body).into_response())
}
