//! The open crime dataset (`gbvf-crime`): crimes of the GBVF-relevant SAPS categories recorded
//! per area, crime type and SAPS financial year, with the population of the area in that year
//! and the rate per 100,000 people, exactly as the dashboard's crime card computes them
//! (public spec §3 "Crime data", §9 rate; decision 0157 for the population of each year).
//!
//! One file per level: the nation, the provinces, the districts and metros, the local
//! municipalities, and the SAPS police precincts. A figure is the one SAPS published for the
//! area when there is one, else the sum of the figures of the police stations inside it
//! (`gbvf_projections::crime`).

use std::collections::HashMap;

use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime_types::crime_type;
use gbvf_events::store::Position;
use gbvf_projections::crime::queries::{crime_dataset_reads, CrimeDatasetReads};
use sqlx::PgPool;

use super::{Column, Dataset, File};
use crate::http::csv_export::neutralise;
use gbvf_projections::crime::rates::{period_label, rate_per_100k};

/// The dataset's name and the last segment of its address (`/api/data/gbvf-crime/…`).
pub const NAME: &str = "gbvf-crime";

/// The projections the dataset reads.
pub const READS: [&str; 2] = ["crime", "geography"];

/// The columns of every file of the dataset.
pub const COLUMNS: &[Column] = &[
    Column { name: "boundary_id", kind: "integer", description: "The dashboard's id of the area (its address: /home?boundaryId=<id>).", required: true },
    Column { name: "boundary_code", kind: "string", description: "The area's code at its source: the Municipal Demarcation Board code for a province, district or municipality (2020 demarcation), the SAPS station code for a police precinct, ZA for the nation.", required: true },
    Column { name: "boundary_name", kind: "string", description: "The area's name.", required: true },
    Column { name: "level", kind: "string", description: "national, province, district, municipality or saps_precinct (the area served by one police station).", required: true },
    Column { name: "province", kind: "string", description: "The province the area lies in (empty for the nation).", required: false },
    Column { name: "financial_year", kind: "string", description: "The SAPS financial year, 1 April to 31 March, as SAPS writes it: 2022/23.", required: true },
    Column { name: "crime_type_id", kind: "integer", description: "The dashboard's id of the SAPS crime category.", required: true },
    Column { name: "crime_type", kind: "string", description: "The SAPS crime category.", required: true },
    Column { name: "in_total_gbvf_crime", kind: "boolean", description: "Whether the dashboard's 'Total GBVF crime' sums this category by default.", required: true },
    Column { name: "crimes_recorded", kind: "integer", description: "Crimes of the category recorded by SAPS in the area in the financial year: the figure SAPS published for the area, else the sum of the figures of the police stations inside it.", required: true },
    Column { name: "population", kind: "integer", description: "People living in the area in the middle of the financial year (1 October): its Census 2022 population carried at its province's yearly growth between Census 2011 and Census 2022 (Statistics South Africa). Empty: not known.", required: false },
    Column { name: "rate_per_100000", kind: "number", description: "crimes_recorded / population x 100,000, rounded to 2 decimals: the rate of the financial year, divided by that year's population. Empty: the population is not known, or the area is a police precinct (the dashboard gives precincts counts, not rates: a precinct's population is the census count of the area its station serves, which does not follow the census's own areas).", required: false },
    Column { name: "source", kind: "string", description: "Where the figure comes from (the SAPS release, or the sum of the station figures of a release).", required: false },
];

/// The levels the dataset publishes, each a file: (level, resource name, title).
const FILES: [(BoundaryLevel, &str, &str); 5] = [
    (BoundaryLevel::National, "crime-nation", "South Africa"),
    (BoundaryLevel::Province, "crime-provinces", "Provinces"),
    (
        BoundaryLevel::District,
        "crime-districts",
        "Districts and metropolitan municipalities",
    ),
    (
        BoundaryLevel::Municipality,
        "crime-municipalities",
        "Local municipalities",
    ),
    (
        BoundaryLevel::SapsPrecinct,
        "crime-police-precincts",
        "SAPS police precincts",
    ),
];

/// Sources of the dataset, as (title, address).
const SOURCES: &[(&str, &str)] = &[
    ("South African Police Service, crime statistics (station series 2003/04-2015/16; provincial and national series 2013/14-2022/23)", "https://www.saps.gov.za/services/crimestats.php"),
    ("Statistics South Africa, Census 2022 and Census 2011", "https://www.statssa.gov.za/"),
    ("Municipal Demarcation Board, 2020 boundaries", "https://www.demarcation.org.za/"),
];

/// Produces the dataset from one snapshot of the read models
/// ([`gbvf_projections::crime::queries::crime_dataset_reads`]); the positions it was read at
/// are the projections' checkpoints in the same snapshot. Errors: the database's.
pub async fn produce(pool: &PgPool) -> anyhow::Result<Dataset> {
    let reads = crime_dataset_reads(pool).await?;
    let read_at = reads.read_at.clone();
    Ok(dataset(&reads, read_at, chrono::Utc::now()))
}

/// The dataset of `reads`, as of `read_at`, produced at `produced_at`, without manifests
/// ([`super::attest`] adds them). Never fails.
pub fn dataset(
    reads: &CrimeDatasetReads,
    read_at: Vec<(&'static str, Position)>,
    produced_at: chrono::DateTime<chrono::Utc>,
) -> Dataset {
    debug_assert_eq!(read_at.iter().map(|(p, _)| *p).collect::<Vec<_>>(), READS);
    let by_id: HashMap<i64, _> = reads
        .boundaries
        .iter()
        .map(|b| (b.boundary_id, b))
        .collect();
    let mut writers: Vec<(csv::Writer<Vec<u8>>, usize)> = FILES
        .iter()
        .map(|_| {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(COLUMNS.iter().map(|c| c.name))
                .expect("writing to memory");
            (w, 0)
        })
        .collect();
    let mut years: Option<(i32, i32)> = None;
    for f in &reads.figures {
        let Some(b) = by_id.get(&f.boundary_id) else {
            continue;
        };
        let Some(slot) = FILES.iter().position(|(level, _, _)| *level == b.level()) else {
            continue;
        };
        let Some(kind) = crime_type(f.crime_type_id) else {
            continue;
        };
        let province = match b.level() {
            BoundaryLevel::National => "",
            _ => b
                .province_id
                .and_then(|p| by_id.get(&p))
                .map_or("", |p| p.name.as_str()),
        };
        let population = reads.growth.population_in(b, f.year);
        // A precinct has no rate, as on the dashboard (public spec §9: its map shows the count).
        let rate = match b.level() {
            BoundaryLevel::SapsPrecinct => None,
            _ => rate_per_100k(f.value, population),
        };
        let (w, rows) = &mut writers[slot];
        w.write_record([
            b.boundary_id.to_string().as_str(),
            &neutralise(&b.code),
            &neutralise(&b.name),
            b.level().as_str(),
            &neutralise(province),
            &period_label(f.year),
            &f.crime_type_id.to_string(),
            &neutralise(kind.description),
            if kind.is_included { "true" } else { "false" },
            &f.value.to_string(),
            &population.map(|p| p.to_string()).unwrap_or_default(),
            &rate.map(|r| format!("{r:.2}")).unwrap_or_default(),
            &neutralise(f.source.as_deref().unwrap_or("")),
        ])
        .expect("writing to memory");
        *rows += 1;
        years = Some(match years {
            None => (f.year, f.year),
            Some((a, z)) => (a.min(f.year), z.max(f.year)),
        });
    }
    let files = FILES
        .iter()
        .zip(writers)
        .map(|((_, name, title), (w, rows))| {
            File::new(
                name,
                title,
                w.into_inner().expect("writing to memory"),
                rows,
            )
        })
        .collect();
    let period = years.map_or_else(
        || "No figures are recorded yet.".to_string(),
        |(a, z)| {
            format!(
                "Financial years {} to {}.",
                period_label(a),
                period_label(z)
            )
        },
    );
    Dataset {
        name: NAME,
        title: "GBVF-related crime recorded by SAPS, per area and financial year",
        description: format!(
            "Crimes of the gender-based-violence-related SAPS categories recorded per area (the nation, provinces, districts, local municipalities and police precincts), crime category and SAPS financial year (April to March), with the population of each area in that year and the rate per 100,000 people, as the GBVF dashboard shows them. {period} Station figures cover 2003/04 to 2015/16; provincial and national figures published by SAPS cover 2013/14 to 2022/23; an area without a published figure shows the sum of its police stations' figures."
        ),
        keywords: &["gender-based violence", "femicide", "crime statistics", "SAPS", "South Africa", "sexual offences"],
        columns: COLUMNS,
        files,
        // SAPS financial years run from 1 April to 31 March.
        period: years.and_then(|(first, last)| {
            Some((
                chrono::NaiveDate::from_ymd_opt(first, 4, 1)?,
                chrono::NaiveDate::from_ymd_opt(last + 1, 3, 31)?,
            ))
        }),
        produced_at,
        sources: SOURCES,
        licence: &super::PUBLIC_STATISTICS,
        version: super::version_text(&read_at, None),
        read_at,
        manifests: Vec::new(),
    }
}
