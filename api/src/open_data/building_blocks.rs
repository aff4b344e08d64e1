//! The open building-block dataset (`gbvf-building-blocks`): for every area from the nation to
//! the local municipalities, every building block (the services a survivor needs: police
//! station, sexual offences court, clinic, hospital, shelter, lower court) and each of the
//! dashboard's four reporting quarters, the providers listed, those whose details are verified,
//! and the availability of the block's requirements over the verified ones (public spec §3
//! "Building block data"), gated by the coverage rule exactly as on the dashboard
//! (`AVAILABILITY_COVERAGE`, decision 0141): below it the figure is empty and the state says
//! why, never 0.
//!
//! Only counts: no provider's name, place, address or contact is in the file, so no shelter
//! can be found through it.

use chrono::{Datelike, NaiveDate};
use gbvf_projections::building_blocks::queries::{
    availability_areas, requirement_availability_of_areas,
};
use sqlx::PgPool;

use super::{version_on, Column, Dataset, File, Kind};
use crate::http::building_blocks::quarters::reporting_quarters;
use crate::http::csv_export::neutralise;
use gbvf_projections::building_blocks::coverage::Coverage;
use gbvf_projections::building_blocks::figures::{fold_availability, Figure, FoldedBlock};
use gbvf_projections::engine::status::snapshot;

/// The dataset's name.
pub const NAME: &str = "gbvf-building-blocks";

/// The projections the dataset reads.
pub const READS: [&str; 2] = ["building_blocks", "geography"];

/// The columns of its file.
pub const COLUMNS: &[Column] = &[
    Column { name: "boundary_id", kind: "integer", description: "The dashboard's id of the area (its address: /home?boundaryId=<id>).", required: true },
    Column { name: "boundary_code", kind: "string", description: "The area's Municipal Demarcation Board code (2020 demarcation); ZA for the nation.", required: true },
    Column { name: "boundary_name", kind: "string", description: "The area's name.", required: true },
    Column { name: "level", kind: "string", description: "national, province, district (and metropolitan municipality) or municipality (local municipality).", required: true },
    Column { name: "category_id", kind: "integer", description: "The dashboard's id of the building-block category.", required: true },
    Column { name: "category", kind: "string", description: "The building-block category.", required: true },
    Column { name: "building_block_id", kind: "integer", description: "The dashboard's id of the building block.", required: true },
    Column { name: "building_block", kind: "string", description: "The building block: a kind of service a survivor of GBV needs.", required: true },
    Column { name: "quarter", kind: "string", description: "The calendar quarter, written 2026-Q3 (Q1 is January to March).", required: true },
    Column { name: "quarter_start", kind: "date", description: "Its first day.", required: true },
    Column { name: "quarter_end", kind: "date", description: "Its last day. For the current quarter, the figures are those so far.", required: true },
    Column { name: "quarter_complete", kind: "boolean", description: "Whether the quarter had ended when the file was produced.", required: true },
    Column { name: "providers_listed", kind: "integer", description: "Providers of the building block listed in the area today (from the public directories the dashboard ships, and those municipalities added); the listing is not kept per quarter.", required: true },
    Column { name: "providers_verified", kind: "integer", description: "Of those, providers whose details had been verified by the area's designated person by the end of the quarter.", required: true },
    Column { name: "requirements_assessed", kind: "integer", description: "(Provider, requirement) pairs of the verified providers at the end of the quarter: each verified provider times the requirements of its building block. An unverified provider's requirements are unknown and not counted.", required: true },
    Column { name: "requirements_available", kind: "integer", description: "Of those pairs, the requirements the verified details say the provider meets.", required: true },
    Column { name: "availability_state", kind: "string", description: "figure: enough providers are verified to speak for the area (at least 3, or all where fewer are listed, and at least half of those listed); below_coverage: some are verified, fewer than that; none_verified: providers are listed, none verified ('Not yet verified' on the dashboard); no_providers: none listed.", required: true },
    Column { name: "availability_percent", kind: "number", description: "requirements_available / requirements_assessed x 100, rounded to 1 decimal, over verified providers only. Empty unless availability_state is figure: too little is known, which is not 0.", required: false },
];

/// Sources of the dataset, as (title, address).
const SOURCES: &[(&str, &str)] = &[
    (
        "Code for South Africa, Seeking Shelter: SAPS stations, courts, clinics and shelters (2018-2019)",
        "https://github.com/codebridge-za/seeking-shelter",
    ),
    (
        "National Shelter Movement, Provincial Shelter Directory 2018",
        "https://github.com/ColinAnthony/seeking-shelter",
    ),
    (
        "Verifications by each area's designated persons on the GBVF dashboard",
        "",
    ),
    (
        "Municipal Demarcation Board, 2020 boundaries",
        "https://www.demarcation.org.za/",
    ),
];

/// `2026-Q3`.
fn quarter_name(start: NaiveDate) -> String {
    format!("{}-Q{}", start.year(), (start.month() - 1) / 3 + 1)
}

/// The last day of the quarter starting on `start`.
fn quarter_last_day(start: NaiveDate) -> NaiveDate {
    let next = start
        .checked_add_months(chrono::Months::new(3))
        .expect("a quarter within chrono's range");
    next.pred_opt().expect("a day before")
}

/// The state's name in the file.
fn state_name(coverage: Coverage) -> &'static str {
    match coverage {
        Coverage::Enough => "figure",
        Coverage::BelowCoverage => "below_coverage",
        Coverage::NoneVerified => "none_verified",
        Coverage::NoProviders => "no_providers",
    }
}

/// Produces the dataset from one snapshot of the read models, with the four reporting quarters
/// up to `today`'s (the dashboard's, public spec §9). Errors: the database's.
pub async fn produce(pool: &PgPool) -> anyhow::Result<Dataset> {
    let today = chrono::Utc::now().date_naive();
    let quarters = reporting_quarters(today);
    let mut tx = snapshot(pool).await?;
    let areas = availability_areas(&mut *tx).await?;
    let per_area: Vec<_> = requirement_availability_of_areas(&mut tx, &areas, &quarters)
        .await?
        .into_iter()
        .map(|rows| fold_availability(rows, quarters.len()))
        .collect();
    let (version, read_at) = version_on(&mut tx, Kind::BuildingBlocks).await?;
    tx.commit().await?;

    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(COLUMNS.iter().map(|c| c.name))?;
    let mut rows = 0;
    for (area, categories) in areas.iter().zip(&per_area) {
        for category in categories {
            for FoldedBlock { block, .. } in &category.blocks {
                for (start, figure) in quarters.iter().zip(&block.per) {
                    let Figure {
                        available,
                        possible,
                        verified,
                        ..
                    } = *figure;
                    let end = quarter_last_day(*start);
                    w.write_record([
                        area.boundary_id.to_string().as_str(),
                        &neutralise(&area.code),
                        &neutralise(&area.name),
                        &area.level,
                        &category.category.id.to_string(),
                        &neutralise(&category.category.description),
                        &block.id.to_string(),
                        &neutralise(&block.description),
                        &quarter_name(*start),
                        &start.to_string(),
                        &end.to_string(),
                        if end < today { "true" } else { "false" },
                        &block.listed.to_string(),
                        &verified.to_string(),
                        &possible.to_string(),
                        &available.to_string(),
                        state_name(figure.coverage()),
                        &figure
                            .availability()
                            .map(|a| format!("{:.1}", a * 100.0))
                            .unwrap_or_default(),
                    ])?;
                    rows += 1;
                }
            }
        }
    }
    let first = quarters.first().copied();
    let last = quarters.last().copied().map(quarter_last_day);
    Ok(Dataset {
        name: NAME,
        title: "GBVF support services: providers verified and availability per area and quarter",
        description: format!(
            "For South Africa, its provinces, districts and metros, and its local municipalities ({} areas), each building block of GBV support services (police stations, sexual offences courts, clinics, hospitals, shelters, lower courts) and each of the last four calendar quarters: the providers listed, those whose details the area's designated persons had verified by the end of the quarter, and the share of the building block's requirements the verified providers meet. Availability is given only where enough providers are verified to speak for the area (at least 3, or all where fewer are listed, and at least half of those listed); elsewhere it is empty and availability_state says why. Counts only: no provider's name, place or contact.",
            areas.len()
        ),
        keywords: &["gender-based violence", "femicide", "support services", "shelters", "police stations", "courts", "clinics", "South Africa"],
        columns: COLUMNS,
        files: vec![File::new("building-blocks", "Providers verified and availability per area, building block and quarter", w.into_inner()?, rows)],
        period: first.zip(last),
        read_at,
        version,
        produced_at: chrono::Utc::now(),
        sources: SOURCES,
        licence: &super::OWN_FIGURES,
        manifests: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_are_named_and_end_on_their_last_day() {
        let day = |s: &str| s.parse::<NaiveDate>().unwrap();
        assert_eq!(quarter_name(day("2026-07-01")), "2026-Q3");
        assert_eq!(quarter_last_day(day("2026-07-01")), day("2026-09-30"));
        assert_eq!(quarter_last_day(day("2026-10-01")), day("2026-12-31"));
        assert_eq!(quarter_last_day(day("2024-01-01")), day("2024-03-31"));
    }
}
