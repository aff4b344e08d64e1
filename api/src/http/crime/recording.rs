//! Recording police statistics (public spec §3 action 18, ImportPoliceStatistics): one SAPS
//! figure, or a whole SAPS file as `gbvf import crime` does. Both run on the crime-series
//! aggregate.

use axum::extract::State;
use axum::Json;
use cqrs_es::AggregateError;
use gbvf_commands::crime_series::{CrimeSeries, CrimeSeriesCommand, CrimeSeriesError};
use gbvf_commands::execute::Retry;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::{crime_series_id, CrimeFigure, SeriesPlace};
use gbvf_events::metadata::EventMetadata;
use serde::{Deserialize, Serialize};

use crate::http::error::ApiError;
use crate::http::permission::Actor;
use crate::http::read_your_writes::{with_token, WithToken};
use crate::http::AppState;

/// Body of `POST /api/crime/figures`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordFigureBody {
    /// Boundary the figure is for.
    pub boundary_id: i64,
    /// Crime type id.
    #[schema(schema_with = gbvf_commands::reference_schemas::crime_type_ids)]
    pub crime_type_id: i32,
    /// First year of the SAPS financial year (2022 = 2022/23), from 1994 and not in the
    /// future (`gbvf_commands::crime_series::FIRST_YEAR`).
    #[schema(minimum = 1994)]
    pub period_start_year: i32,
    /// Count (whole number from 0 to `gbvf_commands::crime_series::MAX_COUNT`, 10,000,000).
    #[schema(minimum = 0, maximum = 10_000_000)]
    pub count: i64,
    /// The series version the caller last saw; a different current version answers 409.
    pub expected_version: Option<i64>,
}

/// The answer of [`record_figure`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FigureRecorded {
    /// Always `true`.
    pub success: bool,
    /// "Crime figure recorded.".
    pub message: &'static str,
    /// The request's id, as in the event's metadata.
    pub request_id: String,
}

/// The answer of [`import_crime`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CrimeImported {
    /// Always `true`.
    pub success: bool,
    /// "Import finished.".
    pub message: &'static str,
    /// What the import did (the same report as `gbvf import crime`).
    pub report: gbvf_commands::import::ImportReport,
}

/// `POST /api/crime/figures`: records one SAPS figure (permission ImportPoliceStatistics, 18).
/// 200 `{success, message}` with the consistency token cookie
/// ([`crate::http::read_your_writes::token_cookie`]): answered once the figure is stored, before
/// the crime projection applies it; the caller's later reads carrying the cookie show it.
/// 400 invalid; 403 no permission; 404 unknown boundary; 409 when another command changed the
/// same series first.
#[utoipa::path(post, path = "/api/crime/figures", operation_id = "recordCrimeFigure", tag = "crime", request_body = RecordFigureBody,
    responses((status = 200, description = "Recorded (stored; the crime projection applies it within about a second)", body = FigureRecorded,
                  headers(("Set-Cookie" = String, description = "gbvf_read_after_crime: the consistency token; reads that send it back show the figure"))), (status = 400, description = "Invalid"), (status = 403, description = "No permission"),
              (status = 404, description = "Unknown boundary"), (status = 409, description = "Conflicting command")))]
#[tracing::instrument(name = "command RecordCrimeFigure", skip_all)]
pub async fn record_figure(
    State(s): State<AppState>,
    axum::Extension(Actor(actor)): axum::Extension<Actor>,
    body: Option<Json<RecordFigureBody>>,
) -> Result<WithToken<Json<FigureRecorded>>, ApiError> {
    let Json(body) = body.ok_or_else(|| ApiError::bad("body", "The request body must be a JSON object with boundaryId, crimeTypeId, periodStartYear and count."))?;
    let b = s.cache.fetch_boundary(&s.pool, body.boundary_id).await?;
    let level = b.level();
    let mut ancestor_ids = Vec::new();
    match level {
        BoundaryLevel::SapsPrecinct => ancestor_ids.extend(
            [b.parent_id, b.district_id, b.province_id]
                .into_iter()
                .flatten(),
        ),
        BoundaryLevel::Municipality => {
            ancestor_ids.extend([b.district_id, b.province_id].into_iter().flatten())
        }
        BoundaryLevel::District => ancestor_ids.extend(b.province_id),
        _ => {}
    }
    if level != BoundaryLevel::National {
        ancestor_ids.push(1);
    }
    let figure = CrimeFigure {
        place: SeriesPlace {
            boundary_id: b.boundary_id,
            level,
            ancestor_ids,
        },
        crime_type_id: body.crime_type_id,
        period_start_year: body.period_start_year,
        count: body.count,
        source: "SAPS figure recorded through the API".into(),
    };
    let request_id = uuid::Uuid::new_v4().to_string();
    let meta = EventMetadata::now(actor, &request_id, "http:POST /api/crime/figures");
    let id = crime_series_id(b.boundary_id, body.crime_type_id);
    let command = CrimeSeriesCommand::RecordCrimeFigure {
        figure,
        expected_version: body.expected_version,
    };
    // One connection for the load and the append: each release of a pooled connection costs
    // a round trip.
    let mut connection = s.pool.acquire().await.map_err(ApiError::from)?;
    let executed = gbvf_commands::execute::execute_on::<CrimeSeries>(
        &mut connection,
        &id,
        || command.clone(),
        &(),
        &meta,
        Retry::ONCE_MORE,
    )
    .await;
    drop(connection);
    match executed {
        Ok((_, position)) => {
            metrics::counter!("gbvf_events_appended_total", "source" => "api").increment(1);
            // Answered before the crime projection applies the figure: the caller's later
            // reads wait for it by the token (decision 0163).
            Ok(with_token(
                "crime",
                position,
                s.secure_cookies,
                Json(FigureRecorded {
                    success: true,
                    message: "Crime figure recorded.",
                    request_id,
                }),
            ))
        }
        Err(AggregateError::UserError(e @ CrimeSeriesError::VersionConflict { .. })) => Err(ApiError::Conflict(e.to_string())),
        Err(AggregateError::UserError(e)) => Err(ApiError::bad("figure", e.to_string())),
        Err(AggregateError::AggregateConflict) => Err(ApiError::Conflict(
            "Someone else changed this crime series at the same moment; your change was not recorded. Reload and try again.".into(),
        )),
        Err(e) => Err(ApiError::from_aggregate(e)),
    }
}

/// Query of the crime import call.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// `station-2005`, `station-2003`, `saps-annual` or `long` (default: detected).
    #[param(schema_with = gbvf_commands::reference_schemas::crime_file_formats)]
    format: Option<String>,
    /// File name recorded with the import.
    name: Option<String>,
}

/// `POST /api/crime/import?format=&name=` with a CSV body (permission ImportPoliceStatistics,
/// 18): the same import as `gbvf import crime`, with its report (every unplaced row and
/// why). Re-posting the same bytes adds nothing.
#[tracing::instrument(name = "command ImportCrimeStatistics", skip_all)]
#[utoipa::path(post, path = "/api/crime/import", tag = "crime", operation_id = "importCrimeStatistics", params(ImportQuery), request_body(content = String, content_type = "text/csv", description = "A SAPS crime statistics CSV (up to 64 MiB)"), responses((status = 200, description = "The import's report: figures appended, unplaced rows and why", body = CrimeImported)))]
pub async fn import_crime(
    State(s): State<AppState>,
    axum::Extension(Actor(actor)): axum::Extension<Actor>,
    axum::extract::Query(q): axum::extract::Query<ImportQuery>,
    body: axum::body::Bytes,
) -> Result<Json<CrimeImported>, ApiError> {
    if body.is_empty() {
        return Err(ApiError::bad(
            "body",
            "Send the CSV file as the request body.",
        ));
    }
    let format = match q.format.as_deref().filter(|f| !f.is_empty()) {
        Some(f) => Some(
            gbvf_commands::sources::crime::CrimeFileFormat::parse(f).ok_or_else(|| {
                ApiError::bad(
                    "format",
                    "format must be station-2005, station-2003, saps-annual or long.",
                )
            })?,
        ),
        None => None,
    };
    let name: String = q
        .name
        .unwrap_or_else(|| "upload.csv".into())
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || "._-".contains(*c))
        .collect();
    let dir = std::env::temp_dir().join(format!("gbvf-import-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).map_err(|e| ApiError::Internal(e.into()))?;
    let path = dir.join(if name.is_empty() {
        "upload.csv".to_string()
    } else {
        name
    });
    std::fs::write(&path, &body).map_err(|e| ApiError::Internal(e.into()))?;
    let data_dir =
        std::path::PathBuf::from(std::env::var("GBVF_DATA_DIR").unwrap_or_else(|_| "data".into()));
    let gazetteer = gbvf_commands::sources::geography::Gazetteer::load(&data_dir)
        .map_err(ApiError::Internal)?;
    let meta = EventMetadata::now(
        actor,
        uuid::Uuid::new_v4().to_string(),
        "http:POST /api/crime/import",
    );
    let result =
        gbvf_commands::import::import_crime_file(&s.pool, &path, format, &gazetteer, &meta).await;
    let _ = std::fs::remove_dir_all(&dir);
    match result {
        Ok(report) => Ok(Json(CrimeImported {
            success: true,
            message: "Import finished.",
            report,
        })),
        Err(gbvf_commands::import::ImportError::Source(e)) => {
            Err(ApiError::bad("file", e.to_string()))
        }
        Err(gbvf_commands::import::ImportError::Conflict) => Err(ApiError::Conflict(
            gbvf_commands::import::ImportError::Conflict.to_string(),
        )),
        Err(e) => Err(ApiError::Internal(anyhow::anyhow!("{e}"))),
    }
}
