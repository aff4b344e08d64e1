//! The open health-check dataset (`gbvf-health-check-public-figures`): the public health-check
//! figures exactly as published (`health_check_public_cell`, decision 0123), one row per
//! quarter, area and cell (all organisation types, or one type), with the suppressed figures
//! empty. Nothing is computed here: a row is a published cell, so no download can show more
//! than the dashboard does, and no two downloads differ from what was published.

use gbvf_commands::accounts::reference::ORGANISATION_TYPES;
use gbvf_projections::health_check::public_figures::all_published_cells;
use sqlx::PgPool;

use super::{version_on, Column, Dataset, File, Kind};
use crate::http::csv_export::neutralise;
use gbvf_projections::engine::status::snapshot;

/// The dataset's name.
pub const NAME: &str = "gbvf-health-check-public-figures";

/// The projections the dataset reads (beside the published cells).
pub const READS: [&str; 2] = ["healthcheck", "geography"];

/// The columns of its file.
pub const COLUMNS: &[Column] = &[
    Column { name: "quarter", kind: "string", description: "The calendar quarter of the survey periods counted, e.g. 2026Q3 (July to September 2026). A quarter is published once it has ended.", required: true },
    Column { name: "boundary_id", kind: "integer", description: "The dashboard's id of the area.", required: true },
    Column { name: "boundary_name", kind: "string", description: "The area's name.", required: true },
    Column { name: "level", kind: "string", description: "national, province, district or municipality.", required: true },
    Column { name: "organisation_type_id", kind: "integer", description: "The organisation type the cell counts. Empty: every type.", required: false },
    Column { name: "organisation_type", kind: "string", description: "That type's name, or 'All organisation types'.", required: true },
    Column { name: "organisations", kind: "integer", description: "Approved organisations in the area with a survey link in the quarter.", required: true },
    Column { name: "participating_organisations", kind: "integer", description: "Of those, organisations with at least one response.", required: true },
    Column { name: "responses", kind: "integer", description: "Anonymous survey responses. Empty: suppressed to protect respondents (fewer than 3 organisations contribute, or it would reveal a suppressed cell).", required: false },
    Column { name: "expected_responses", kind: "integer", description: "Responses the organisations' links expected. Empty: suppressed as responses are.", required: false },
    Column { name: "maturity_percent", kind: "number", description: "Average maturity of the organisations, in percent (each organisation's released maturity, weighted by its responses). Empty: suppressed, or fewer than 3 organisations have at least 5 responses.", required: false },
    Column { name: "includes_example_data", kind: "boolean", description: "true: the cell counts example organisations loaded for demonstration, not real ones.", required: true },
];

/// Sources of the dataset, as (title, address).
const SOURCES: &[(&str, &str)] = &[(
    "GBVF dashboard organisational health check: anonymous staff and student surveys of registered organisations",
    "",
)];

/// Produces the dataset from one snapshot. Errors: the database's.
pub async fn produce(pool: &PgPool) -> anyhow::Result<Dataset> {
    let mut tx = snapshot(pool).await?;
    let cells = all_published_cells(&mut *tx).await?;
    let ids: Vec<i64> = cells.iter().map(|c| c.boundary_id).collect();
    let boundaries: std::collections::HashMap<i64, _> =
        gbvf_projections::geography::queries::boundaries_by_id(&mut *tx, &ids)
            .await?
            .into_iter()
            .map(|b| (b.boundary_id, b))
            .collect();
    let (version, read_at) = version_on(&mut tx, Kind::HealthCheckFigures).await?;
    tx.commit().await?;
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(COLUMNS.iter().map(|c| c.name))?;
    let optional = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    let mut quarters: Vec<&str> = Vec::new();
    for c in &cells {
        let Some(b) = boundaries.get(&c.boundary_id) else {
            continue;
        };
        let type_id: Option<i32> = c.cell.strip_prefix("type:").and_then(|t| t.parse().ok());
        let type_name = match type_id {
            None => "All organisation types".to_string(),
            Some(t) => ORGANISATION_TYPES
                .iter()
                .find(|(id, _)| *id == t)
                .map_or_else(|| format!("Organisation type {t}"), |(_, n)| n.to_string()),
        };
        w.write_record([
            c.quarter.as_str(),
            &c.boundary_id.to_string(),
            &neutralise(&b.name),
            b.level().as_str(),
            &type_id.map(|t| t.to_string()).unwrap_or_default(),
            &type_name,
            &c.organisations.to_string(),
            &c.participating.to_string(),
            &optional(c.responses),
            &optional(c.expected),
            &c.maturity.map(|m| format!("{m}")).unwrap_or_default(),
            if c.example { "true" } else { "false" },
        ])?;
        if quarters.last() != Some(&c.quarter.as_str()) {
            quarters.push(&c.quarter);
        }
    }
    let period = match (quarters.first(), quarters.last()) {
        (Some(a), Some(z)) => quarter_days(a)
            .zip(quarter_days(z))
            .map(|(a, z)| (a.0, z.1)),
        _ => None,
    };
    let rows = cells.len();
    Ok(Dataset {
        name: NAME,
        title: "GBVF organisational health check: public figures per area and quarter",
        description: format!(
            "The organisational health check's public figures exactly as the GBVF dashboard publishes them once a quarter has ended: per quarter, area (nation, province, district, local municipality) and organisation type, the approved organisations with a survey link, those taking part, their anonymous responses and expected responses, and their average maturity. Figures that could identify an organisation or a respondent are suppressed (empty), as on the dashboard. {} quarter(s) published.",
            quarters.len()
        ),
        keywords: &["gender-based violence", "workplace", "health check", "survey", "South Africa"],
        columns: COLUMNS,
        files: vec![File::new("health-check-public-figures", "Published cells", w.into_inner()?, rows)],
        period,
        read_at,
        version,
        produced_at: chrono::Utc::now(),
        sources: SOURCES,
        licence: &super::OWN_FIGURES,
        manifests: Vec::new(),
    })
}

/// The first and last day of quarter `2026Q3`; `None` when it is not one.
fn quarter_days(quarter: &str) -> Option<(chrono::NaiveDate, chrono::NaiveDate)> {
    let (year, q) = quarter.split_once('Q')?;
    let (year, q): (i32, u32) = (year.parse().ok()?, q.parse().ok()?);
    if !(1..=4).contains(&q) {
        return None;
    }
    let first = chrono::NaiveDate::from_ymd_opt(year, 3 * q - 2, 1)?;
    let next = if q == 4 {
        chrono::NaiveDate::from_ymd_opt(year + 1, 1, 1)?
    } else {
        chrono::NaiveDate::from_ymd_opt(year, 3 * q + 1, 1)?
    };
    Some((first, next.pred_opt()?))
}

#[cfg(test)]
mod tests {
    use super::quarter_days;

    #[test]
    fn a_quarter_runs_from_its_first_to_its_last_day() {
        let d = |y, m, day| chrono::NaiveDate::from_ymd_opt(y, m, day).unwrap();
        assert_eq!(
            quarter_days("2026Q3"),
            Some((d(2026, 7, 1), d(2026, 9, 30)))
        );
        assert_eq!(
            quarter_days("2026Q4"),
            Some((d(2026, 10, 1), d(2026, 12, 31)))
        );
        assert_eq!(quarter_days("2026Q5"), None);
        assert_eq!(quarter_days("x"), None);
    }
}
