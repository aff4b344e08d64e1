//! Building blocks: the reference taxonomy and the service providers of the public directories
//! (`data/building-blocks/`) enter the event log here, and the municipality's capture and the
//! province's verification are decided by the [`provider::Provider`] aggregate (public spec §2
//! "Manage building block", §4, §5).
//!
//! - this module: the shipped files, the taxonomy and the batched provider imports;
//! - `directory.rs`: reading the provider files, their phone numbers and duplicates;
//! - `placement.rs`: placing providers in municipalities;
//! - [`provider`]: the provider aggregate, its commands and rules.
//!
//! # Providers and their placement
//! | file | building block | placed by |
//! |---|---|---|
//! | `police.csv` (1,154 SAPS stations, 2018) | 1 SAPS police station | station name + province joined to `geography/police_stations.csv` (precinct → municipality); when the name does not join, the station point in the MDB 2020 municipalities |
//! | `courts.csv` (70 sexual offences courts, 2018) | 2 Sexual offences court | point in the MDB 2020 municipalities |
//! | `clinics.csv` (3,076 public health facilities, 2019) | 3 Clinic or CHC, 4 Hospital (types ending in `Hospital`) | point in municipality |
//! | `courts_refine.tsv` (714 lower courts, 2018) | 2 Sexual offences court when `sexual_offense_court` is Yes, else 6 Lower court; a court already in `courts.csv` (same province and name in letters and digits) is a *duplicate*, reported and skipped | point in municipality (`GPS`, either order) |
//! | `shelters.csv` (115 shelters, 2019) | 5 Shelter | the municipality's MDB code shipped in the file (precomputed once from the source's shifted point, which is not shipped) |
//! | `shelters_nsm_2018.csv` (80 shelters, NSM 2018; name, town, telephone) | 5 Shelter; a shelter [`same_shelter`] finds in `shelters.csv` is a *duplicate*, reported and skipped | the town as a SAPS precinct name of the province |
//!
//! A point in no municipality is placed in the nearest municipality of the file's province
//! when that lies within [`NEAREST_MUNICIPALITY_MAX_M`] (coastal points; reported as
//! `placed_in_nearest`). A row is *unplaced* (reported, not imported) when its point lies in
//! no municipality farther than that, when
//! the municipality found lies in another province than the file's `Province` column, or when
//! its name is empty. So per province, imported + unplaced = rows of the file.
//!
//! Point-in-polygon uses the `geo` crate against the municipality geometries of the
//! `boundary` read model (MDB 2020 `Muni_2020`, simplified).

pub mod bulk_load;
mod directory;
mod placement;
pub mod provider;
mod staff_area;
pub mod taxonomy;

pub use directory::{
    clean_refine_value, phone_numbers, raw_rows, refine_point, same_shelter, RawRow,
    LOWER_COURT_BUILDING_BLOCK_ID,
};
pub use placement::{
    geojson_multipolygon, read_providers, MunicipalityIndex, ProviderRows,
    NEAREST_MUNICIPALITY_MAX_M, PLACEMENT_RULES,
};
pub use staff_area::StaffArea;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use anyhow::{Context, Result};
use gbvf_events::building_block::{
    ProviderEvent, ProviderImportEvent, Taxonomy, TaxonomyEvent, PROVIDER_AGGREGATE,
    PROVIDER_IMPORT_AGGREGATE, TAXONOMY_AGGREGATE, TAXONOMY_ID,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::NewEvent;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::import::{append_in_batches, file_sha256, ImportError};
use crate::sources::geography::Gazetteer;
use crate::sources::province_code;

/// The shipped provider files in import order, with their source number (the provider id
/// is `1_000_000 × number + line`), building block, dataset name and vintage.
pub const PROVIDER_FILES: [ProviderFile; 6] = [
    ProviderFile {
        file: "police.csv",
        layout: FileLayout::Points,
        duplicates_of: None,
        number: 1,
        dataset: "SAPS station contacts (saps.gov.za, scraped 2018; Code for South Africa Seeking Shelter police.csv)",
        vintage: 2018,
    },
    ProviderFile {
        file: "courts.csv",
        layout: FileLayout::Points,
        duplicates_of: None,
        number: 2,
        dataset: "DoJ&CD sexual offences courts (Code for South Africa Seeking Shelter courts.csv)",
        vintage: 2018,
    },
    ProviderFile {
        file: "clinics.csv",
        layout: FileLayout::Points,
        duplicates_of: None,
        number: 3,
        dataset: "Public health facilities (Code for South Africa Seeking Shelter clinics.csv)",
        vintage: 2019,
    },
    ProviderFile {
        file: "shelters.csv",
        layout: FileLayout::Points,
        duplicates_of: None,
        number: 4,
        dataset: "Shelters for victims of domestic violence (Code for South Africa Seeking Shelter shelters.csv)",
        vintage: 2019,
    },
    ProviderFile {
        file: "courts_refine.tsv",
        layout: FileLayout::CourtsRefine,
        duplicates_of: Some("courts.csv"),
        number: 5,
        dataset: "DoJ&CD lower courts: magistrate's, branch, periodical and detached courts (Seeking Shelter courts_refine.tsv)",
        vintage: 2018,
    },
    ProviderFile {
        file: "shelters_nsm_2018.csv",
        layout: FileLayout::AreaNamed,
        duplicates_of: Some("shelters.csv"),
        number: 6,
        dataset: "National Shelter Movement Provincial Shelter Directory 2018 (Seeking Shelter NSM_ProvincialShelterDirectory_2018.csv; name, town and telephone only)",
        vintage: 2018,
    },
];

/// How a shipped provider file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileLayout {
    /// Comma-separated with `Province`, `Type`, `Name`, `Tel` and `Longitude`/`Latitude`
    /// (shelters: `Municipality`, an MDB 2020 code, instead of the point).
    Points,
    /// `courts_refine.tsv`: tab-separated `Region`, `court_type`, `office_name`,
    /// `sexual_offense_court`, `telephone`, `GPS`, each value wrapped in scraping artefacts
    /// (cleaned by [`clean_refine_value`]; points read by [`refine_point`]).
    CourtsRefine,
    /// Comma-separated `Province`, `Area` (a town), `Name`, `Tel`, no point: placed by the town
    /// as a SAPS precinct name of the province (the NSM 2018 shelter directory).
    AreaNamed,
}

/// One shipped provider file.
#[derive(Debug, Clone, Copy)]
pub struct ProviderFile {
    /// File name under `data/building-blocks/`.
    pub file: &'static str,
    /// How the file is written.
    pub layout: FileLayout,
    /// An earlier file listing some of the same providers: a row with the same province and
    /// name (letters and digits, lower-case) as a row there is a duplicate, not imported.
    pub duplicates_of: Option<&'static str>,
    /// Source number (provider id = 1,000,000 × number + line).
    pub number: i64,
    /// Dataset name stored as each provider's source.
    pub dataset: &'static str,
    /// Year of the data.
    pub vintage: i32,
}

/// Reads `data_dir/building-blocks/taxonomy.json`.
pub fn load_taxonomy(data_dir: &Path) -> Result<Taxonomy> {
    let path = data_dir.join("building-blocks/taxonomy.json");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
}

/// A row that was not imported, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnplacedProvider {
    /// Line of the file (1-based; the header is line 1).
    pub line: u64,
    /// Name as written.
    pub name: String,
    /// Province as written.
    pub province: String,
    /// Why it was not imported.
    pub reason: String,
}

/// What one provider file import did.
#[derive(Debug, Clone, Serialize)]
pub struct ProviderImportReport {
    /// File name.
    pub file_name: String,
    /// True when this exact file had been imported before (nothing appended).
    pub already_imported: bool,
    /// Data rows read.
    pub rows_read: u64,
    /// Providers appended (new or changed).
    pub providers_appended: u64,
    /// Providers unchanged.
    pub providers_unchanged: u64,
    /// Rows not imported.
    pub unplaced: Vec<UnplacedProvider>,
    /// Rows placed in the nearest municipality (their point lies in none); empty when
    /// `already_imported`.
    pub placed_in_nearest: Vec<UnplacedProvider>,
    /// Rows not imported because an earlier file holds the same provider; empty when
    /// `already_imported`.
    pub duplicates: Vec<UnplacedProvider>,
}
/// Records the taxonomy of `data_dir/building-blocks/taxonomy.json` when it differs from the
/// shipped part in the log, decided by the [`taxonomy::ReferenceTaxonomy`] aggregate on its
/// history: the additions of administrators are kept. Returns whether an event was appended.
/// Errors: the file unreadable, or refused by the aggregate (an id reserved for additions, a
/// parent of an addition dropped), or a database error.
pub async fn import_taxonomy(
    pool: &PgPool,
    data_dir: &Path,
    meta: &EventMetadata,
) -> Result<bool, ImportError> {
    use cqrs_es::Aggregate;
    let shipped = load_taxonomy(data_dir)?;
    let mut state = taxonomy::ReferenceTaxonomy::default();
    for e in gbvf_events::store::aggregate_history(pool, TAXONOMY_AGGREGATE, TAXONOMY_ID).await? {
        state.apply(TaxonomyEvent::deserialize(&e.payload).context("reading the taxonomy")?);
    }
    let events = state
        .decide(&taxonomy::TaxonomyCommand::RecordShippedTaxonomy(shipped))
        .context("importing taxonomy.json")?;
    if events.is_empty() {
        return Ok(false);
    }
    let rows = NewEvent::run(
        TAXONOMY_AGGREGATE,
        TAXONOMY_ID,
        state.version + 1,
        &events,
        meta,
    );
    append_in_batches(pool, &rows).await?;
    Ok(true)
}

/// Imports one shipped provider file: a `ProviderImported` per provider that is new or whose
/// imported record changed, then a `ProviderImportCompleted` with every unplaced row. The same
/// bytes imported again append nothing.
pub async fn import_provider_file(
    pool: &PgPool,
    data_dir: &Path,
    file: &ProviderFile,
    gazetteer: &Gazetteer,
    munis: &MunicipalityIndex,
    meta: &EventMetadata,
) -> Result<ProviderImportReport, ImportError> {
    let path = data_dir.join("building-blocks").join(file.file);
    // The import's id names the file's bytes and the placement rules, so that a change of the
    // rules (2: nearest municipality for points outside every one) re-reads unchanged files.
    let sha = format!("{}+placement-{PLACEMENT_RULES}", file_sha256(&path)?);
    let mut report = ProviderImportReport {
        file_name: file.file.to_string(),
        already_imported: false,
        rows_read: 0,
        providers_appended: 0,
        providers_unchanged: 0,
        unplaced: Vec::new(),
        placed_in_nearest: Vec::new(),
        duplicates: Vec::new(),
    };
    let done: Option<(serde_json::Value,)> = sqlx::query_as(
        "SELECT payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence DESC LIMIT 1",
    )
    .bind(PROVIDER_IMPORT_AGGREGATE)
    .bind(&sha)
    .fetch_optional(pool)
    .await?;
    if let Some((payload,)) = done {
        report.already_imported = true;
        if let Ok(ProviderImportEvent::ProviderImportCompleted {
            rows_read,
            unplaced,
            ..
        }) = serde_json::from_value(payload)
        {
            report.rows_read = rows_read;
            report.unplaced = unplaced
                .into_iter()
                .filter_map(|u| serde_json::from_value(u).ok())
                .collect();
        }
        return Ok(report);
    }
    let ProviderRows {
        rows,
        providers,
        unplaced,
        nearest,
        duplicates,
    } = read_providers(data_dir, file, gazetteer, munis)?;
    report.duplicates = duplicates;
    report.rows_read = rows;
    report.unplaced = unplaced;
    report.placed_in_nearest = nearest;
    let ids: Vec<String> = providers
        .iter()
        .map(|p| p.provider_id.to_string())
        .collect();
    let existing: Vec<(String, i64, Option<serde_json::Value>)> = sqlx::query_as(
        "SELECT aggregate_id, max(sequence),
                (array_agg(payload ORDER BY sequence DESC) FILTER (WHERE event_type = 'ProviderImported'))[1]
         FROM events WHERE aggregate_type = $1 AND aggregate_id = ANY($2) GROUP BY aggregate_id",
    )
    .bind(PROVIDER_AGGREGATE)
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let existing: HashMap<String, (i64, Option<serde_json::Value>)> = existing
        .into_iter()
        .map(|(id, seq, p)| (id, (seq, p)))
        .collect();
    let mut events = Vec::new();
    for p in providers {
        let id = p.provider_id.to_string();
        let event = ProviderEvent::ProviderImported(p);
        let payload = serde_json::to_value(&event).expect("serializes");
        let next = match existing.get(&id) {
            Some((_, Some(old))) if *old == payload => {
                report.providers_unchanged += 1;
                continue;
            }
            Some((seq, _)) => seq + 1,
            None => 1,
        };
        events.push(NewEvent::of(PROVIDER_AGGREGATE, &id, next, &event, meta));
        report.providers_appended += 1;
    }
    events.push(NewEvent::of(
        PROVIDER_IMPORT_AGGREGATE,
        &sha,
        1,
        &ProviderImportEvent::ProviderImportCompleted {
            file_name: file.file.to_string(),
            rows_read: report.rows_read,
            providers_appended: report.providers_appended,
            providers_unchanged: report.providers_unchanged,
            unplaced: report
                .unplaced
                .iter()
                .map(|u| serde_json::to_value(u).expect("serializes"))
                .collect(),
        },
        meta,
    ));
    append_in_batches(pool, &events).await?;
    Ok(report)
}

/// Imports the taxonomy and every shipped provider file. The geography read model must be
/// current (run after the geography import and its catch-up).
pub async fn import_building_blocks(
    pool: &PgPool,
    data_dir: &Path,
    meta: &EventMetadata,
) -> Result<Vec<ProviderImportReport>, ImportError> {
    import_taxonomy(pool, data_dir, meta).await?;
    let gazetteer = Gazetteer::load(data_dir)?;
    let munis = MunicipalityIndex::load(pool).await?;
    let mut reports = Vec::new();
    for f in &PROVIDER_FILES {
        reports.push(import_provider_file(pool, data_dir, f, &gazetteer, &munis, meta).await?);
    }
    Ok(reports)
}

/// Providers per province code from the raw files: the count the import must account for
/// (imported + unplaced), used by tests and the import summary.
pub fn raw_counts_per_province(
    data_dir: &Path,
    file: &ProviderFile,
) -> Result<BTreeMap<String, u64>> {
    let mut out = BTreeMap::new();
    for r in raw_rows(data_dir, file)? {
        let p = province_code(&r.province).unwrap_or("?");
        *out.entry(p.to_string()).or_insert(0) += 1;
    }
    Ok(out)
}
