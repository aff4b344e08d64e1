//! The open collective-actions dataset (`gbvf-collective-actions`): every collective action
//! the dashboard shows (public spec §3 "Collective action data"; the End GBVF 100-Day
//! Challenges as publicly reported, data/challenges/SOURCE.md), with its place, NSP pillar,
//! cycle, dates, goal, result and sources. Who recorded it is not published.

use gbvf_events::collective_action::{ACTION_TYPES, CYCLES, PILLARS};
use gbvf_projections::collective_actions::queries::collective_actions_in;
use sqlx::PgPool;

use super::{version_on, Column, Dataset, File, Kind};
use crate::http::csv_export::neutralise;
use gbvf_projections::engine::status::snapshot;

/// The dataset's name.
pub const NAME: &str = "gbvf-collective-actions";

/// The projections the dataset reads.
pub const READS: [&str; 2] = [gbvf_projections::collective_actions::NAME, "geography"];

/// The columns of its file.
pub const COLUMNS: &[Column] = &[
    Column { name: "collective_action_id", kind: "string", description: "The dashboard's id of the collective action.", required: true },
    Column { name: "name", kind: "string", description: "Its name, as its source gives it.", required: true },
    Column { name: "type", kind: "string", description: "The kind of collective action. Empty: not stated.", required: false },
    Column { name: "goal", kind: "string", description: "What it set out to do, as its source states it (paraphrased where the source is long). Empty: its source states no goal.", required: false },
    Column { name: "nsp_pillar_id", kind: "integer", description: "The pillar of the National Strategic Plan on GBVF 2020-2030 it serves (1-6); 0: its source states none.", required: true },
    Column { name: "nsp_pillar", kind: "string", description: "That pillar's name, or 'Pillar not stated'.", required: true },
    Column { name: "pillar_basis", kind: "string", description: "How the pillar was decided: source (the source ties it to the pillar), unassigned (the source states none), recorded (chosen by the administrator who recorded it).", required: true },
    Column { name: "cycle", kind: "string", description: "The programme cycle it belongs to. Empty: not stated.", required: false },
    Column { name: "start_date", kind: "date", description: "When it started. Empty: its source states no date.", required: false },
    Column { name: "end_date", kind: "date", description: "When it was planned to end. Empty: its source states no date.", required: false },
    Column { name: "place_name", kind: "string", description: "The place as its source names it. Empty: not stated.", required: false },
    Column { name: "boundary_id", kind: "integer", description: "The dashboard's id of the area it is placed in. Empty: no municipality, district or police precinct of that name could be found.", required: false },
    Column { name: "boundary_name", kind: "string", description: "That area's name.", required: false },
    Column { name: "outcome", kind: "string", description: "Its reported result. Empty: none reported yet.", required: false },
    Column { name: "completed_on", kind: "date", description: "When it was completed. Empty: not completed, or no date reported.", required: false },
    Column { name: "source_url", kind: "string", description: "Where it was publicly reported. Empty: recorded by the platform's administrators without a public report.", required: false },
    Column { name: "outcome_source_url", kind: "string", description: "Where its result was reported.", required: false },
];

/// Sources of the dataset, as (title, address).
const SOURCES: &[(&str, &str)] = &[
    (
        "End GBVF Collective, 100-Day Challenge reports (as cited per row in source_url)",
        "https://endgbvf.org.za/",
    ),
    (
        "National Strategic Plan on Gender-Based Violence and Femicide 2020-2030 (pillar names)",
        "https://www.justice.gov.za/vg/gbv/NSP-GBVF-FINAL-DOC-04-05.pdf",
    ),
];

/// Produces the dataset from one snapshot of the read models. Errors: the database's.
pub async fn produce(pool: &PgPool) -> anyhow::Result<Dataset> {
    let mut tx = snapshot(pool).await?;
    // The nation (boundary 1) holds every collective action.
    let rows = collective_actions_in(&mut *tx, 1).await?;
    let (version, read_at) = version_on(&mut tx, Kind::CollectiveActions).await?;
    tx.commit().await?;
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(COLUMNS.iter().map(|c| c.name))?;
    let date = |d: Option<chrono::NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
    for r in &rows {
        let kind = ACTION_TYPES
            .iter()
            .find(|t| t.id == r.type_id)
            .map_or("", |t| t.description);
        let pillar = PILLARS
            .iter()
            .find(|p| p.id == r.pillar())
            .map_or("Pillar not stated", |p| p.description);
        let cycle = CYCLES
            .iter()
            .find(|c| c.id == r.cycle_id)
            .map_or("", |c| c.description);
        w.write_record([
            neutralise(&r.collective_action_id).as_ref(),
            &neutralise(&r.name),
            &neutralise(kind),
            &neutralise(&r.goal),
            &r.pillar().to_string(),
            &neutralise(pillar),
            &neutralise(&r.pillar_basis),
            &neutralise(cycle),
            &date(r.start_date),
            &date(r.end_date),
            &neutralise(&r.place_name),
            &r.boundary_id.map(|b| b.to_string()).unwrap_or_default(),
            &neutralise(r.boundary_name.as_deref().unwrap_or("")),
            &neutralise(r.outcome.as_deref().unwrap_or("")),
            &date(r.completed_on),
            &neutralise(&r.source_url),
            &neutralise(r.outcome_source_url.as_deref().unwrap_or("")),
        ])?;
    }
    let period = rows
        .iter()
        .filter_map(|r| Some((r.start_date?, r.end_date.or(r.start_date)?)))
        .fold(
            None,
            |acc: Option<(chrono::NaiveDate, chrono::NaiveDate)>, (a, z)| {
                Some(acc.map_or((a, z), |(first, last)| (first.min(a), last.max(z))))
            },
        );
    Ok(Dataset {
        name: NAME,
        title: "GBVF collective actions (End GBVF 100-Day Challenges)",
        description: format!(
            "The {} collective actions the GBVF dashboard shows: End GBVF 100-Day Challenges as publicly reported, and collective actions recorded by the platform's administrators, with the place each took place, the NSP pillar it serves, its cycle, dates, goal, reported result and where it was reported. A row is one collective action; its result is as its source reports it, not verified by the platform.",
            rows.len()
        ),
        keywords: &["gender-based violence", "femicide", "End GBVF", "100-Day Challenge", "collective action", "South Africa"],
        columns: COLUMNS,
        files: vec![File::new("collective-actions", "Collective actions", w.into_inner()?, rows.len())],
        period,
        read_at,
        version,
        produced_at: chrono::Utc::now(),
        sources: SOURCES,
        licence: &super::REPORTED_ACTIONS,
        manifests: Vec::new(),
    })
}
