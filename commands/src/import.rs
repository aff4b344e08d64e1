//! Data imports: the shipped geography and SAPS crime statistics enter the event log here.
//!
//! Both imports are idempotent: they compare what a file says with what the log already
//! holds and append only new or changed facts, in batches (one multi-row INSERT per batch of
//! [`BATCH`] events, one transaction per batch, so no write transaction holds projectors back
//! for long). An interrupted import leaves whole batches only; running it again completes it.

use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

use cqrs_es::Aggregate;
use gbvf_events::crime::{
    crime_series_id, CrimeFigure, CrimeImportEvent, CRIME_IMPORT_AGGREGATE, CRIME_SERIES_AGGREGATE,
};
use gbvf_events::geography::{BoundaryEvent, BoundaryRecorded, BOUNDARY_AGGREGATE};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::{append_batch, is_conflict, NewEvent};
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::PgPool;

use crate::crime_series::{CrimeSeries, CrimeSeriesCommand};
use crate::places::PlaceIndex;
use crate::sources::crime::{parse_crime_file, CrimeFileFormat, UnplacedRow};
use crate::sources::geography::{load_geography, Gazetteer};

/// Events per INSERT and per transaction.
pub const BATCH: usize = 5_000;

/// What an import did.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ImportReport {
    /// File imported (no directory).
    pub file_name: String,
    /// Format used.
    pub format: String,
    /// SHA-256 of the file, hex.
    pub sha256: String,
    /// True when this exact file had been imported completely before: nothing was appended.
    pub already_imported: bool,
    /// Data rows read.
    pub rows_read: u64,
    /// Figure events appended (new or revised).
    pub figures_appended: u64,
    /// Figures already recorded with the same count.
    pub figures_unchanged: u64,
    /// Rows that could not be placed, with the reason.
    pub unplaced: Vec<UnplacedRow>,
    /// Rows skipped because their category is not a GBVF crime type, per category.
    pub ignored_categories: std::collections::BTreeMap<String, u64>,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// Import errors.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// Geography must be imported before crime statistics can be placed.
    #[error("No boundaries are known yet: run `gbvf import geography` first.")]
    NoGeography,
    /// Another writer appended to the same aggregates during the import.
    #[error("Another writer changed the same records during the import; nothing of the conflicting batch was written. Run the import again: it is idempotent.")]
    Conflict,
    /// Reading or parsing the file failed.
    #[error("{0}")]
    Source(#[from] anyhow::Error),
    /// Database failure.
    #[error("database error: {0}")]
    Database(sqlx::Error),
}

impl From<sqlx::Error> for ImportError {
    fn from(e: sqlx::Error) -> Self {
        if is_conflict(&e) {
            ImportError::Conflict
        } else {
            ImportError::Database(e)
        }
    }
}

/// Appends events in batches of [`BATCH`], one transaction each. Returns events appended.
pub async fn append_in_batches(pool: &PgPool, events: &[NewEvent]) -> Result<u64, ImportError> {
    let mut total = 0;
    for chunk in events.chunks(BATCH) {
        let mut tx = pool.begin().await?;
        total += append_batch(&mut tx, chunk).await?;
        tx.commit().await?;
        gbvf_events::wake::events_committed();
        metrics::counter!("gbvf_events_appended_total", "source" => "import")
            .increment(chunk.len() as u64);
    }
    Ok(total)
}

/// SHA-256 of a file, hex.
pub fn file_sha256(path: &Path) -> anyhow::Result<String> {
    let bytes =
        std::fs::read(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    Ok(hex::encode(Sha256::digest(&bytes)))
}

/// Imports the boundaries under `data_dir/geography` (see [`load_geography`]) as
/// `BoundaryRecorded` events: one per boundary that is new or whose record changed.
/// Returns (boundaries read, events appended).
#[tracing::instrument(name = "import geography", skip_all)]
pub async fn import_geography(
    pool: &PgPool,
    data_dir: &Path,
    meta: &EventMetadata,
) -> Result<(usize, u64), ImportError> {
    let seeds = load_geography(data_dir)?;
    let existing: Vec<(String, i64, serde_json::Value)> = sqlx::query_as(
        "SELECT DISTINCT ON (aggregate_id) aggregate_id, sequence, payload FROM events
         WHERE aggregate_type = $1 ORDER BY aggregate_id, sequence DESC",
    )
    .bind(BOUNDARY_AGGREGATE)
    .fetch_all(pool)
    .await?;
    let existing: HashMap<String, (i64, serde_json::Value)> = existing
        .into_iter()
        .map(|(id, seq, payload)| (id, (seq, payload)))
        .collect();
    let by_code: HashMap<(gbvf_events::boundary::BoundaryLevel, String), i64> = seeds
        .iter()
        .map(|s| ((s.level, s.code.clone()), s.boundary_id))
        .collect();
    let mut events = Vec::new();
    for seed in &seeds {
        let parent_id = seed.parent_code.as_ref().and_then(|code| {
            parent_level(seed.level).and_then(|level| by_code.get(&(level, code.clone())).copied())
        });
        let event = BoundaryEvent::BoundaryRecorded(BoundaryRecorded {
            boundary_id: seed.boundary_id,
            code: seed.code.clone(),
            name: seed.name.clone(),
            level: seed.level,
            parent_id,
            population: seed.population,
            census_2011_population: seed.census_2011_population,
            area_km2: seed.area_km2,
            geometry: seed.geometry.clone(),
            point: seed.point,
            source: geography_source(seed.level).to_string(),
        });
        let id = seed.boundary_id.to_string();
        let payload = serde_json::to_value(&event).expect("events serialize");
        let next = match existing.get(&id) {
            Some((_, old)) if *old == payload => continue,
            Some((seq, _)) => seq + 1,
            None => 1,
        };
        events.push(NewEvent::of(BOUNDARY_AGGREGATE, &id, next, &event, meta));
    }
    let appended = append_in_batches(pool, &events).await?;
    Ok((seeds.len(), appended))
}

/// The level of a boundary's parent in the hierarchy.
fn parent_level(
    level: gbvf_events::boundary::BoundaryLevel,
) -> Option<gbvf_events::boundary::BoundaryLevel> {
    use gbvf_events::boundary::BoundaryLevel::*;
    match level {
        National => None,
        Province => Some(National),
        District => Some(Province),
        Municipality => Some(District),
        Ward => Some(Municipality),
        SapsPrecinct => Some(Municipality),
    }
}

fn geography_source(level: gbvf_events::boundary::BoundaryLevel) -> &'static str {
    use gbvf_events::boundary::BoundaryLevel::*;
    match level {
        National => "Republic of South Africa; population: Statistics South Africa, Census 2022",
        Province => "Municipal Demarcation Board 2020 demarcation (Provinces_2020)",
        District => "Municipal Demarcation Board 2020 demarcation (Districts_2020)",
        Municipality => "Municipal Demarcation Board 2020 demarcation (Muni_2020)",
        Ward => "Municipal Demarcation Board 2020 demarcation (Wards_2020)",
        SapsPrecinct => {
            "SAPS police precincts (afrith/crime-stats police_stations.csv; Census 2022 population)"
        }
    }
}

/// Human-readable dataset name of a crime file format, stored as each figure's source.
pub fn crime_source(format: CrimeFileFormat) -> &'static str {
    match format {
        CrimeFileFormat::StationAnnual2005 => {
            "SAPS station statistics 2005/06-2015/16 (Kaggle SouthAfricaCrimeStats_v2)"
        }
        CrimeFileFormat::StationAnnual2003 => {
            "SAPS station statistics 2003/04-2012/13 (SAPS 2013 release)"
        }
        CrimeFileFormat::ProvincialAnnual2013 => {
            "SAPS annual crime statistics 2013/14-2022/23 (SAPS 2022/23 release)"
        }
        CrimeFileFormat::Long => "SAPS statistics (long CSV import)",
    }
}

/// Imports one crime-statistics file (see [`parse_crime_file`] for the formats).
///
/// Every row either becomes a figure (appended when new or changed), or is reported in
/// `unplaced` (with its reason) or `ignored_categories`: nothing is dropped silently.
/// Importing the same file again appends nothing.
#[tracing::instrument(name = "import crime", skip_all, fields(file = %path.display()))]
pub async fn import_crime_file(
    pool: &PgPool,
    path: &Path,
    format: Option<CrimeFileFormat>,
    gazetteer: &Gazetteer,
    meta: &EventMetadata,
) -> Result<ImportReport, ImportError> {
    let started = Instant::now();
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let sha256 = file_sha256(path)?;
    let places = PlaceIndex::load(pool).await?;
    if places.is_empty() {
        return Err(ImportError::NoGeography);
    }
    let parsed = parse_crime_file(path, format, gazetteer)?;
    let mut report = ImportReport {
        file_name: file_name.clone(),
        format: parsed.format.name().to_string(),
        sha256: sha256.clone(),
        already_imported: false,
        rows_read: parsed.rows_read,
        figures_appended: 0,
        figures_unchanged: 0,
        unplaced: parsed.unplaced.clone(),
        ignored_categories: parsed.ignored_categories.clone(),
        seconds: 0.0,
    };

    // The import aggregate: a completed import of the same bytes means there is nothing to do.
    let import_events: Vec<(i64, String)> = sqlx::query_as(
        "SELECT sequence, event_type FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence",
    )
    .bind(CRIME_IMPORT_AGGREGATE)
    .bind(&sha256)
    .fetch_all(pool)
    .await?;
    if import_events
        .iter()
        .any(|(_, t)| t == "CrimeImportCompleted")
    {
        report.already_imported = true;
        report.seconds = started.elapsed().as_secs_f64();
        return Ok(report);
    }
    let mut import_seq = import_events.last().map(|(s, _)| *s).unwrap_or(0);

    // Current state of every crime series, folded from the log in one read.
    let mut series: HashMap<String, CrimeSeries> = HashMap::new();
    // Only the series this file touches.
    let touched: Vec<String> = {
        let mut ids: Vec<String> = parsed
            .figures
            .iter()
            .filter_map(|f| {
                places
                    .place(f.level, &f.boundary_code)
                    .map(|p| crime_series_id(p.boundary_id, f.crime_type_id))
            })
            .collect();
        ids.sort();
        ids.dedup();
        ids
    };
    let rows: Vec<(String, serde_json::Value, String, String)> = sqlx::query_as(
        "SELECT aggregate_id, payload, event_type, event_version FROM events
         WHERE aggregate_type = $1 AND aggregate_id = ANY($2) ORDER BY aggregate_id, sequence",
    )
    .bind(CRIME_SERIES_AGGREGATE)
    .bind(&touched)
    .fetch_all(pool)
    .await?;
    for (id, payload, event_type, version) in rows {
        let payload = gbvf_events::upcast::upcast_payload(&event_type, &version, payload);
        let event = serde_json::from_value(payload)
            .map_err(|e| anyhow::anyhow!("stored crime event unreadable: {e}"))?;
        series.entry(id).or_default().apply(event);
    }

    let source = crime_source(parsed.format);
    let mut events = Vec::new();
    import_seq += 1;
    events.push(NewEvent::of(
        CRIME_IMPORT_AGGREGATE,
        &sha256,
        import_seq,
        &CrimeImportEvent::CrimeImportStarted {
            file_name: file_name.clone(),
            format: report.format.clone(),
            sha256: sha256.clone(),
        },
        meta,
    ));
    for row in &parsed.figures {
        let Some(place) = places.place(row.level, &row.boundary_code) else {
            report.unplaced.push(UnplacedRow {
                line: row.line,
                reason: format!(
                    "boundary {} ({}) is not in the geography",
                    row.boundary_code,
                    row.level.as_str()
                ),
                station: row.boundary_code.clone(),
                province: String::new(),
                category: row.crime_type_id.to_string(),
            });
            continue;
        };
        let id = crime_series_id(place.boundary_id, row.crime_type_id);
        let state = series.entry(id.clone()).or_default();
        let figure = CrimeFigure {
            place,
            crime_type_id: row.crime_type_id,
            period_start_year: row.period_start_year,
            count: row.count,
            source: source.to_string(),
        };
        match state.decide(&CrimeSeriesCommand::RecordCrimeFigure {
            figure,
            expected_version: None,
        }) {
            Ok(Some(event)) => {
                events.push(NewEvent::of(
                    CRIME_SERIES_AGGREGATE,
                    &id,
                    state.version + 1,
                    &event,
                    meta,
                ));
                state.apply(event);
                report.figures_appended += 1;
            }
            Ok(None) => report.figures_unchanged += 1,
            Err(e) => report.unplaced.push(UnplacedRow {
                line: row.line,
                reason: e.to_string(),
                station: row.boundary_code.clone(),
                province: String::new(),
                category: row.crime_type_id.to_string(),
            }),
        }
    }
    report.unplaced.sort_by_key(|u| u.line);
    let unplaced_json = report
        .unplaced
        .iter()
        .map(|u| serde_json::to_value(u).expect("serializable"))
        .collect();
    events.push(NewEvent::of(
        CRIME_IMPORT_AGGREGATE,
        &sha256,
        import_seq + 1,
        &CrimeImportEvent::CrimeImportCompleted {
            rows_read: report.rows_read,
            figures_appended: report.figures_appended,
            figures_unchanged: report.figures_unchanged,
            unplaced: unplaced_json,
            ignored_categories: report.ignored_categories.clone(),
        },
        meta,
    ));
    append_in_batches(pool, &events).await?;
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}
