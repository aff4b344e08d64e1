//! Collective actions: the End GBVF 100-Day Challenges import, placement by name in the
//! geography read model, and the administrator's commands (launch, report a result, complete).
//!
//! CSV format (`gbvf import challenges <file>`; the shipped `data/challenges/challenges.csv` is
//! in it; see `data/challenges/SOURCE.md`), header row required, UTF-8, columns:
//! `challenge_id, year, cycle, start_date, end_date, team_name, ecosystem, place_name, province,
//! nsp_pillar, goal, reported_result, source_url`.
//! - `challenge_id`: unique slug (the aggregate id); `team_name`, `ecosystem`
//!   (`municipality|court|tvet_or_university|workplace|other`), `place_name` and `source_url`
//!   are required;
//! - `year`/`cycle`: labels of [`gbvf_events::challenge::CYCLES`] (blank: "Year not stated");
//! - dates ISO `YYYY-MM-DD` or blank; `nsp_pillar` 1..=6 or blank (unassigned).
//!
//! Placement ([`Placer`]): see `docs/decisions.md`, "issue 13".

use std::collections::HashMap;
use std::path::Path;

use chrono::NaiveDate;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::challenge::{
    action_type, cycle_of, ChallengeEvent, ChallengeImportEvent, ChallengeLaunched, PillarBasis,
    CHALLENGE_AGGREGATE, CHALLENGE_IMPORT_AGGREGATE, CYCLES,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::NewEvent;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::import::{file_sha256, ImportError};
use crate::places::PlaceIndex;
use crate::sources::{normalise_name, province_code};

/// One row of the challenges CSV.
#[derive(Debug, Clone, Deserialize)]
pub struct ChallengeRow {
    /// Slug, unique.
    pub challenge_id: String,
    /// Year label (`2022` … `2025`) or blank.
    #[serde(default)]
    pub year: String,
    /// Cycle label (`2022 pilot`, `2023`, `2024 cycle 1`, `2024 cycle 2`) or blank.
    #[serde(default)]
    pub cycle: String,
    /// ISO date or blank.
    #[serde(default)]
    pub start_date: String,
    /// ISO date or blank.
    #[serde(default)]
    pub end_date: String,
    /// Team name.
    pub team_name: String,
    /// Ecosystem code.
    pub ecosystem: String,
    /// Place as reported.
    pub place_name: String,
    /// Province or blank.
    #[serde(default)]
    pub province: String,
    /// 1..=6 or blank.
    #[serde(default)]
    pub nsp_pillar: String,
    /// Goal (paraphrase).
    #[serde(default)]
    pub goal: String,
    /// Reported result (paraphrase) or blank.
    #[serde(default)]
    pub reported_result: String,
    /// Source page(s).
    pub source_url: String,
}

/// A row that could not be placed in a boundary. It is imported all the same, without a place.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct UnplacedChallenge {
    /// Line in the file (header = 1).
    pub line: u64,
    /// The row's slug.
    pub challenge_id: String,
    /// Its place as reported.
    pub place_name: String,
    /// Its province as reported.
    pub province: String,
    /// Why it was not placed.
    pub reason: String,
}

/// What a challenge import did.
#[derive(Debug, Clone, Serialize)]
pub struct ChallengeImportReport {
    /// File name.
    pub file_name: String,
    /// SHA-256 of the file.
    pub sha256: String,
    /// True when this exact file had been imported completely before.
    pub already_imported: bool,
    /// Data rows read.
    pub rows_read: u64,
    /// Challenge events appended.
    pub events_appended: u64,
    /// Rows placed in no boundary (imported without a place).
    pub unplaced: Vec<UnplacedChallenge>,
}

/// Errors of challenge commands, worded for the person who sent them.
#[derive(Debug, thiserror::Error)]
pub enum ChallengeError {
    /// A field is missing or malformed: (field, message).
    #[error("{1}")]
    Invalid(&'static str, String),
    /// No challenge with that id.
    #[error("No challenge with that id.")]
    NotFound,
    /// The challenge was completed before.
    #[error("This challenge is already completed.")]
    AlreadyCompleted,
    /// A challenge with that id exists.
    #[error("A challenge with that id already exists.")]
    Exists,
    /// Someone else changed the challenge at the same time.
    #[error("Someone else changed this challenge at the same time; reload and try again.")]
    Conflict,
    /// Database failure.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

/// Places challenges by name in the geography read model.
///
/// Rule (documented in `docs/decisions.md`, issue 13): the reported place is split into
/// candidate names (the text before any parenthesis, then each comma- or semicolon-separated
/// part of it and of the parentheses); generic words (`Local Municipality`, `District
/// Municipality`, `District`, `Municipality`, `Cluster`, `TVET College`) are removed from the
/// candidate and `City of`/`Greater` from boundary names; each candidate is matched, after
/// [`normalise_name`], against (1) municipalities, (2) districts and metros, (3) SAPS precincts
/// (a court town's police precinct, placing the challenge in the precinct's municipality), within
/// the reported province when one is given. The first candidate with exactly one match wins.
pub struct Placer {
    index: PlaceIndex,
    /// (level, normalised name) → the boundaries of that name.
    by_name: HashMap<(BoundaryLevel, String), Vec<Candidate>>,
    names: HashMap<i64, String>,
    province_ids: HashMap<&'static str, i64>,
}

/// A boundary a place name may mean: (boundary_id, province_id, parent_id, name).
type Candidate = (i64, Option<i64>, Option<i64>, String);

/// A `boundary` row as [`Placer::load`] reads it: (boundary_id, name, level, province_id, parent_id).
type BoundaryRow = (i64, String, String, Option<i64>, Option<i64>);

const GENERIC: [&str; 8] = [
    "local municipality",
    "metropolitan municipality",
    "district municipalities",
    "district municipality",
    "municipality",
    "district",
    "cluster",
    "tvet college",
];

fn strip_generic(s: &str) -> String {
    let mut out = format!(" {} ", s.to_lowercase());
    for g in GENERIC {
        out = out.replace(&format!(" {g} "), " ");
    }
    for prefix in [" city of ", " greater "] {
        if let Some(rest) = out.strip_prefix(prefix) {
            out = format!(" {rest}");
        }
    }
    normalise_name(&out)
}

impl Placer {
    /// Loads the boundaries from the `boundary` read model.
    pub async fn load(pool: &PgPool) -> sqlx::Result<Placer> {
        let index = PlaceIndex::load(pool).await?;
        let rows: Vec<BoundaryRow> = sqlx::query_as(
            "SELECT boundary_id, name, level, province_id, parent_id FROM boundary
             WHERE level IN ('province', 'district', 'municipality', 'saps_precinct')",
        )
        .fetch_all(pool)
        .await?;
        let mut by_name: HashMap<_, Vec<_>> = HashMap::new();
        let mut names = HashMap::new();
        let mut province_ids = HashMap::new();
        for (id, name, level, province_id, parent_id) in rows {
            let Some(level) = BoundaryLevel::parse(&level) else {
                continue;
            };
            names.insert(id, name.clone());
            if level == BoundaryLevel::Province {
                if let Some(code) = province_code(&name) {
                    province_ids.insert(code, id);
                }
                continue;
            }
            by_name
                .entry((level, strip_generic(&name)))
                .or_default()
                .push((id, province_id, parent_id, name));
        }
        Ok(Placer {
            index,
            by_name,
            names,
            province_ids,
        })
    }

    /// Whether no boundary is known.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Candidate names of a reported place, in the order they are tried.
    pub fn candidates(place_name: &str) -> Vec<String> {
        let (head, rest) = match place_name.split_once('(') {
            Some((h, r)) => (h, r.trim_end_matches(')')),
            None => (place_name, ""),
        };
        let mut out = vec![head.trim().to_string()];
        for part in head.split([',', ';']).chain(rest.split([',', ';'])) {
            let p = part.trim().to_string();
            if !p.is_empty() && !out.contains(&p) {
                out.push(p);
            }
        }
        out
    }

    /// Places a reported place: the boundary and its name, or the reason it cannot be placed.
    pub fn place(
        &self,
        place_name: &str,
        province: &str,
    ) -> Result<(gbvf_events::crime::SeriesPlace, String), String> {
        let province_id = match province.trim() {
            "" => None,
            p => Some(
                province_code(p)
                    .and_then(|c| self.province_ids.get(c).copied())
                    .ok_or_else(|| format!("province {p:?} is not known"))?,
            ),
        };
        let mut ambiguous = Vec::new();
        for candidate in Self::candidates(place_name) {
            let key = strip_generic(&candidate);
            if key.is_empty() {
                continue;
            }
            for level in [
                BoundaryLevel::Municipality,
                BoundaryLevel::District,
                BoundaryLevel::SapsPrecinct,
            ] {
                let hits: Vec<_> = self
                    .by_name
                    .get(&(level, key.clone()))
                    .map(|v| {
                        v.iter()
                            .filter(|h| province_id.is_none() || h.1 == province_id)
                            .collect()
                    })
                    .unwrap_or_default();
                match hits.len() {
                    0 => continue,
                    1 => {
                        let (mut id, _, parent, mut name) = hits[0].clone();
                        if level == BoundaryLevel::SapsPrecinct {
                            // A court town: its police precinct's municipality.
                            let Some(p) = parent else { continue };
                            id = p;
                            name = self.names.get(&p).cloned().unwrap_or_default();
                        }
                        let place = self
                            .index
                            .place_of_id(id)
                            .ok_or_else(|| format!("boundary {id} has no place"))?;
                        return Ok((place, name));
                    }
                    _ => ambiguous.push(candidate.clone()),
                }
            }
        }
        if ambiguous.is_empty() {
            Err(format!(
                "no municipality, district or police precinct of that name{}",
                if province.trim().is_empty() {
                    String::new()
                } else {
                    format!(" in {}", province.trim())
                }
            ))
        } else {
            Err(format!(
                "{} names more than one boundary",
                ambiguous.join(", ")
            ))
        }
    }
}

fn date(field: &'static str, s: &str) -> Result<Option<NaiveDate>, ChallengeError> {
    match s.trim() {
        "" => Ok(None),
        d => NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| {
                ChallengeError::Invalid(field, format!("{field} must be a date YYYY-MM-DD."))
            }),
    }
}

fn required(field: &'static str, v: &str) -> Result<(), ChallengeError> {
    if v.trim().is_empty() {
        Err(ChallengeError::Invalid(
            field,
            format!("{field} is required."),
        ))
    } else {
        Ok(())
    }
}

/// Validates a row and builds its launch event (place filled by the caller).
pub fn launch_of(row: &ChallengeRow) -> Result<ChallengeLaunched, ChallengeError> {
    required("challenge_id", &row.challenge_id)?;
    required("team_name", &row.team_name)?;
    required("place_name", &row.place_name)?;
    required("source_url", &row.source_url)?;
    let type_id = action_type(&row.ecosystem)
        .ok_or_else(|| {
            ChallengeError::Invalid(
                "ecosystem",
                "ecosystem must be municipality, court, tvet_or_university, workplace or other."
                    .into(),
            )
        })?
        .id;
    let pillar_id = match row.nsp_pillar.trim() {
        "" => None,
        p => Some(
            p.parse::<i32>()
                .ok()
                .filter(|n| (1..=6).contains(n))
                .ok_or_else(|| {
                    ChallengeError::Invalid("nsp_pillar", "nsp_pillar must be 1 to 6.".into())
                })?,
        ),
    };
    let start_date = date("start_date", &row.start_date)?;
    let end_date = date("end_date", &row.end_date)?;
    if let (Some(s), Some(e)) = (start_date, end_date) {
        if e < s {
            return Err(ChallengeError::Invalid(
                "end_date",
                "end_date must not be before start_date.".into(),
            ));
        }
    }
    Ok(ChallengeLaunched {
        challenge_id: row.challenge_id.trim().to_string(),
        name: row.team_name.trim().to_string(),
        goal: row.goal.trim().to_string(),
        type_id,
        pillar_id,
        pillar_basis: if pillar_id.is_some() {
            PillarBasis::Source
        } else {
            PillarBasis::Unassigned
        },
        cycle_id: cycle_of(&row.year, &row.cycle).id,
        start_date,
        end_date,
        place_name: row.place_name.trim().to_string(),
        province: row.province.trim().to_string(),
        place: None,
        boundary_name: None,
        source_url: row.source_url.trim().to_string(),
    })
}

fn new_event(
    id: &str,
    seq: i64,
    event: &impl cqrs_es::DomainEvent,
    agg: &str,
    meta: &EventMetadata,
) -> NewEvent {
    NewEvent {
        aggregate_type: agg.to_string(),
        aggregate_id: id.to_string(),
        sequence: seq,
        event_type: event.event_type(),
        event_version: event.event_version(),
        payload: serde_json::to_value(event).expect("events serialize"),
        metadata: meta.to_json(),
    }
}

/// A challenge folded from its events.
#[derive(Debug, Default, Clone)]
pub struct ChallengeState {
    /// Last sequence (0: no events).
    pub version: i64,
    /// Launched?
    pub launched: bool,
    /// Completed?
    pub completed: bool,
    /// Last reported outcome.
    pub outcome: Option<String>,
}

impl ChallengeState {
    /// Applies one event.
    pub fn apply(&mut self, e: &ChallengeEvent) {
        self.version += 1;
        match e {
            ChallengeEvent::ChallengeLaunched(_) => self.launched = true,
            ChallengeEvent::ChallengeResultReported { outcome, .. } => {
                self.outcome = Some(outcome.clone())
            }
            ChallengeEvent::ChallengeCompleted { .. } => self.completed = true,
        }
    }

    /// Loads a challenge's state from the log.
    pub async fn load(pool: &PgPool, id: &str) -> Result<ChallengeState, ChallengeError> {
        let rows: Vec<(serde_json::Value,)> = sqlx::query_as(
            "SELECT payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence",
        )
        .bind(CHALLENGE_AGGREGATE)
        .bind(id)
        .fetch_all(pool)
        .await?;
        let mut s = ChallengeState::default();
        for (p,) in rows {
            let e: ChallengeEvent = serde_json::from_value(p)
                .map_err(|e| ChallengeError::Invalid("event", e.to_string()))?;
            s.apply(&e);
        }
        Ok(s)
    }
}

/// Imports a challenges CSV (format in the module docs). Every row is imported: rows that
/// cannot be placed are imported without a place and listed in the report. A challenge already
/// in the log gets a `ChallengeResultReported` only when its result text changed; a stated end
/// date in the past appends `ChallengeCompleted` on that day. Importing the same file twice
/// appends nothing. A malformed row fails the whole import (nothing written) with its line.
pub async fn import_challenges_file(
    pool: &PgPool,
    path: &Path,
    meta: &EventMetadata,
) -> Result<ChallengeImportReport, ImportError> {
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let sha256 = file_sha256(path)?;
    let placer = Placer::load(pool).await?;
    if placer.is_empty() {
        return Err(ImportError::NoGeography);
    }
    let mut reader = csv::Reader::from_path(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (i, rec) in reader.deserialize::<ChallengeRow>().enumerate() {
        let line = i as u64 + 2;
        let row = rec.map_err(|e| anyhow::anyhow!("line {line}: {e}"))?;
        rows.push((line, row));
    }
    let mut report = ChallengeImportReport {
        file_name: file_name.clone(),
        sha256: sha256.clone(),
        already_imported: false,
        rows_read: rows.len() as u64,
        events_appended: 0,
        unplaced: Vec::new(),
    };
    let done: Vec<(i64, String)> = sqlx::query_as(
        "SELECT sequence, event_type FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence",
    )
    .bind(CHALLENGE_IMPORT_AGGREGATE)
    .bind(&sha256)
    .fetch_all(pool)
    .await?;
    if done.iter().any(|(_, t)| t == "ChallengeImportCompleted") {
        report.already_imported = true;
        return Ok(report);
    }
    let import_seq = done.last().map(|(s, _)| *s).unwrap_or(0);
    let today = chrono::Utc::now().date_naive();
    let mut events = vec![new_event(
        &sha256,
        import_seq + 1,
        &ChallengeImportEvent::ChallengeImportStarted {
            file_name: file_name.clone(),
            sha256: sha256.clone(),
        },
        CHALLENGE_IMPORT_AGGREGATE,
        meta,
    )];
    let mut seen = std::collections::HashSet::new();
    for (line, row) in &rows {
        let mut launch = launch_of(row).map_err(|e| anyhow::anyhow!("line {line}: {e}"))?;
        if !seen.insert(launch.challenge_id.clone()) {
            return Err(anyhow::anyhow!(
                "line {line}: challenge_id {:?} appears twice",
                launch.challenge_id
            )
            .into());
        }
        match placer.place(&row.place_name, &row.province) {
            Ok((place, name)) => {
                launch.place = Some(place);
                launch.boundary_name = Some(name);
            }
            Err(reason) => report.unplaced.push(UnplacedChallenge {
                line: *line,
                challenge_id: launch.challenge_id.clone(),
                place_name: row.place_name.clone(),
                province: row.province.clone(),
                reason,
            }),
        }
        let id = launch.challenge_id.clone();
        let mut state = ChallengeState::load(pool, &id)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut push = |state: &mut ChallengeState, e: ChallengeEvent| {
            events.push(new_event(
                &id,
                state.version + 1,
                &e,
                CHALLENGE_AGGREGATE,
                meta,
            ));
            state.apply(&e);
        };
        let end = launch.end_date;
        if !state.launched {
            push(&mut state, ChallengeEvent::ChallengeLaunched(launch));
        }
        let result = row.reported_result.trim();
        if !result.is_empty() && state.outcome.as_deref() != Some(result) {
            push(
                &mut state,
                ChallengeEvent::ChallengeResultReported {
                    outcome: result.to_string(),
                    source_url: row.source_url.trim().to_string(),
                },
            );
        }
        if let Some(end) = end {
            if end < today && !state.completed {
                push(
                    &mut state,
                    ChallengeEvent::ChallengeCompleted { completed_on: end },
                );
            }
        }
    }
    report.events_appended = events.len() as u64 - 1;
    events.push(new_event(
        &sha256,
        import_seq + 2,
        &ChallengeImportEvent::ChallengeImportCompleted {
            rows_read: report.rows_read,
            events_appended: report.events_appended,
            unplaced: report
                .unplaced
                .iter()
                .map(|u| serde_json::to_value(u).expect("serializable"))
                .collect(),
        },
        CHALLENGE_IMPORT_AGGREGATE,
        meta,
    ));
    // One transaction: an import is all or nothing.
    let mut tx = pool.begin().await?;
    gbvf_events::store::append_batch(&mut tx, &events).await?;
    tx.commit().await?;
    Ok(report)
}

/// A challenge recorded by an administrator (`POST /api/admin/challenges`).
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordChallenge {
    /// Team name (required: not blank).
    #[schema(pattern = "\\S")]
    #[schema(value_type = String, max_length = 250)]
    pub name: crate::text::LineText,
    /// Goal.
    #[serde(default)]
    #[schema(value_type = String, max_length = 4000, pattern = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub description: crate::text::LongText,
    /// `collectiveActionTypeId` 1..=5.
    #[schema(minimum = 1, maximum = 5)]
    pub collective_action_type_id: i32,
    /// Pillar 1..=6, or absent for "Pillar not stated".
    #[schema(minimum = 1, maximum = 6)]
    pub pillar_id: Option<i32>,
    /// `cycleId`: one of the cycles' ids (1–5, 99 "Year not stated").
    #[schema(schema_with = crate::reference_schemas::cycle_ids)]
    pub cycle_id: i32,
    /// First day, `YYYY-MM-DD`.
    #[schema(format = Date)]
    #[schema(value_type = String, max_length = 100)]
    pub valid_from: crate::text::ShortText,
    /// Last day, `YYYY-MM-DD`, not before `validFrom`.
    #[schema(format = Date)]
    #[schema(value_type = String, max_length = 100)]
    pub valid_to: crate::text::ShortText,
    /// The municipality (boundary id of level municipality or district).
    pub boundary_id: i64,
    /// Where the facts come from (optional for an administrator's own record).
    #[serde(default)]
    #[schema(value_type = String, max_length = 2048, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub source_url: crate::text::UrlText,
}

/// Appends events to one challenge at the expected version; a concurrent change conflicts.
async fn append_to(
    pool: &PgPool,
    id: &str,
    version: i64,
    evs: &[ChallengeEvent],
    meta: &EventMetadata,
) -> Result<(), ChallengeError> {
    let batch: Vec<NewEvent> = evs
        .iter()
        .enumerate()
        .map(|(i, e)| new_event(id, version + 1 + i as i64, e, CHALLENGE_AGGREGATE, meta))
        .collect();
    let mut tx = pool.begin().await?;
    match gbvf_events::store::append_batch(&mut tx, &batch).await {
        Ok(_) => {}
        Err(e) if gbvf_events::store::is_conflict(&e) => return Err(ChallengeError::Conflict),
        Err(e) => return Err(e.into()),
    }
    tx.commit().await?;
    Ok(())
}

/// Launches a challenge recorded by an administrator; returns its new id (a UUID).
/// Errors: [`ChallengeError::Invalid`] with the field (name, dates, type, pillar, cycle,
/// boundary must be a municipality or district).
pub async fn record_challenge(
    pool: &PgPool,
    cmd: &RecordChallenge,
    meta: &EventMetadata,
) -> Result<String, ChallengeError> {
    required("name", &cmd.name)?;
    let type_id = gbvf_events::challenge::ACTION_TYPES
        .iter()
        .find(|t| t.id == cmd.collective_action_type_id)
        .ok_or_else(|| {
            ChallengeError::Invalid(
                "collectiveActionTypeId",
                "collectiveActionTypeId must be 1 to 5.".into(),
            )
        })?
        .id;
    if let Some(p) = cmd.pillar_id {
        if !(1..=6).contains(&p) {
            return Err(ChallengeError::Invalid(
                "pillarId",
                "pillarId must be 1 to 6.".into(),
            ));
        }
    }
    if !CYCLES.iter().any(|c| c.id == cmd.cycle_id) {
        return Err(ChallengeError::Invalid(
            "cycleId",
            "cycleId is not a known cycle.".into(),
        ));
    }
    let from = date("validFrom", &cmd.valid_from)?
        .ok_or_else(|| ChallengeError::Invalid("validFrom", "validFrom is required.".into()))?;
    let to = date("validTo", &cmd.valid_to)?
        .ok_or_else(|| ChallengeError::Invalid("validTo", "validTo is required.".into()))?;
    if to < from {
        return Err(ChallengeError::Invalid(
            "validTo",
            "validTo must not be before validFrom.".into(),
        ));
    }
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT name, level FROM boundary WHERE boundary_id = $1 AND level IN ('municipality', 'district')",
    )
    .bind(cmd.boundary_id)
    .fetch_optional(pool)
    .await?;
    let (boundary_name, _) = row.ok_or_else(|| {
        ChallengeError::Invalid(
            "boundaryId",
            "boundaryId must be a municipality or district.".into(),
        )
    })?;
    let place = PlaceIndex::load(pool)
        .await?
        .place_of_id(cmd.boundary_id)
        .ok_or(ChallengeError::NotFound)?;
    let id = uuid::Uuid::new_v4().to_string();
    let launch = ChallengeLaunched {
        challenge_id: id.clone(),
        name: cmd.name.trim().to_string(),
        goal: cmd.description.trim().to_string(),
        type_id,
        pillar_id: cmd.pillar_id,
        pillar_basis: if cmd.pillar_id.is_some() {
            PillarBasis::Recorded
        } else {
            PillarBasis::Unassigned
        },
        cycle_id: cmd.cycle_id,
        start_date: Some(from),
        end_date: Some(to),
        place_name: boundary_name.clone(),
        province: String::new(),
        place: Some(place),
        boundary_name: Some(boundary_name),
        source_url: cmd.source_url.trim().to_string(),
    };
    append_to(
        pool,
        &id,
        0,
        &[ChallengeEvent::ChallengeLaunched(launch)],
        meta,
    )
    .await?;
    Ok(id)
}

/// Reports a result of a launched challenge. Errors: NotFound, Invalid("outcome").
pub async fn report_result(
    pool: &PgPool,
    id: &str,
    outcome: &str,
    source_url: &str,
    meta: &EventMetadata,
) -> Result<(), ChallengeError> {
    required("outcome", outcome)?;
    decide_and_append(pool, id, meta, |s| {
        if !s.launched {
            return Err(ChallengeError::NotFound);
        }
        Ok(vec![ChallengeEvent::ChallengeResultReported {
            outcome: outcome.trim().to_string(),
            source_url: source_url.trim().to_string(),
        }])
    })
    .await
}

/// Closes a challenge today (UTC). Errors: NotFound, AlreadyCompleted.
pub async fn complete_challenge(
    pool: &PgPool,
    id: &str,
    meta: &EventMetadata,
) -> Result<(), ChallengeError> {
    decide_and_append(pool, id, meta, |s| {
        if !s.launched {
            return Err(ChallengeError::NotFound);
        }
        if s.completed {
            return Err(ChallengeError::AlreadyCompleted);
        }
        Ok(vec![ChallengeEvent::ChallengeCompleted {
            completed_on: chrono::Utc::now().date_naive(),
        }])
    })
    .await
}

/// Loads challenge `id`, decides its new events with `decide` and appends them at the loaded
/// version; when another command appended first, loads and decides once more (as
/// [`crate::execute::execute`] does for the cqrs-es aggregates: `decide` reads only the loaded
/// state, so a second decision is as valid as the first). Errors: `decide`'s own, or
/// [`ChallengeError::Conflict`] when both tries met a concurrent change.
async fn decide_and_append(
    pool: &PgPool,
    id: &str,
    meta: &EventMetadata,
    decide: impl Fn(&ChallengeState) -> Result<Vec<ChallengeEvent>, ChallengeError>,
) -> Result<(), ChallengeError> {
    let mut tried = 1;
    loop {
        let s = ChallengeState::load(pool, id).await?;
        let events = decide(&s)?;
        match append_to(pool, id, s.version, &events, meta).await {
            Err(ChallengeError::Conflict) if tried < crate::execute::TRIES => tried += 1,
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_split_the_reported_place() {
        assert_eq!(
            Placer::candidates(
                "Sol Plaatje Local Municipality (Phutanang, Galeshewe; Frances Baard District)"
            ),
            vec![
                "Sol Plaatje Local Municipality",
                "Phutanang",
                "Galeshewe",
                "Frances Baard District"
            ]
        );
        assert_eq!(
            Placer::candidates("Mankweng, Polokwane"),
            vec!["Mankweng, Polokwane", "Mankweng", "Polokwane"]
        );
        assert_eq!(strip_generic("City of Tshwane"), "tshwane");
        assert_eq!(strip_generic("Garden Route District"), "gardenroute");
    }
}
