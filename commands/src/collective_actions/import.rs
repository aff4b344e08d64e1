//! The import of a collective-actions CSV: the End GBVF 100-Day Challenges.
//!
//! CSV format (`gbvf import collective-actions <file>`; the shipped `data/challenges/challenges.csv` is
//! in it; see `data/challenges/SOURCE.md`), header row required, UTF-8, columns:
//! `challenge_id, year, cycle, start_date, end_date, team_name, ecosystem, place_name, province,
//! nsp_pillar, goal, reported_result, source_url`.
//! - `challenge_id`: unique slug (the aggregate id); `team_name`, `ecosystem`
//!   (`municipality|court|tvet_or_university|workplace|other`), `place_name` and `source_url`
//!   are required;
//! - `year`/`cycle`: labels of [`gbvf_events::collective_action::CYCLES`] (blank: "Year not stated");
//! - dates ISO `YYYY-MM-DD` or blank; `nsp_pillar` 1..=6 or blank (unassigned).
//!
//! Each row is placed by name ([`Placer`]) and decided by the [`CollectiveAction`] aggregate's
//! own `handle` ([`ImportCollectiveAction`]) on the state the log holds, so the import and the
//! administrator's commands obey the same rules. The events are appended in batches
//! ([`append_in_batches`]).

use std::collections::{HashMap, HashSet};
use std::path::Path;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::collective_action::{
    CollectiveActionEvent, CollectiveActionImportEvent, COLLECTIVE_ACTION_AGGREGATE,
    COLLECTIVE_ACTION_IMPORT_AGGREGATE,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::NewEvent;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use super::aggregate::{CollectiveAction, CollectiveActionRow, ImportCollectiveAction};
use super::placement::Placer;
use crate::import::{append_in_batches, file_sha256, ImportError};

/// A row that could not be placed in a boundary. It is imported all the same, without a place.
/// Stored in `CollectiveActionImportCompleted` under these field names.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct UnplacedCollectiveAction {
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

/// What a collective-actions import did.
#[derive(Debug, Clone, Serialize)]
pub struct CollectiveActionImportReport {
    /// File name.
    pub file_name: String,
    /// SHA-256 of the file.
    pub sha256: String,
    /// True when this exact file had been imported completely before.
    pub already_imported: bool,
    /// Data rows read.
    pub rows_read: u64,
    /// Collective-action events appended.
    pub events_appended: u64,
    /// Rows placed in no boundary (imported without a place).
    pub unplaced: Vec<UnplacedCollectiveAction>,
}

/// Every collective action's state and last sequence, folded from the log in one read.
async fn load_all(pool: &PgPool) -> Result<HashMap<String, (CollectiveAction, i64)>, ImportError> {
    let rows: Vec<(String, i64, serde_json::Value, String, String)> = sqlx::query_as(
        "SELECT aggregate_id, sequence, payload, event_type, event_version FROM events
         WHERE aggregate_type = $1 ORDER BY aggregate_id, sequence",
    )
    .bind(COLLECTIVE_ACTION_AGGREGATE)
    .fetch_all(pool)
    .await?;
    let mut states: HashMap<String, (CollectiveAction, i64)> = HashMap::new();
    for (id, sequence, payload, event_type, version) in rows {
        let payload = gbvf_events::upcast::upcast_payload(&event_type, &version, payload);
        let event: CollectiveActionEvent = serde_json::from_value(payload)
            .map_err(|e| anyhow::anyhow!("stored collective-action event unreadable: {e}"))?;
        let state = states.entry(id).or_default();
        state.0.apply(event);
        state.1 = sequence;
    }
    Ok(states)
}

/// Imports a collective-actions CSV (format in the module docs). Every row is imported: rows
/// that cannot be placed are imported without a place and listed in the report. A collective
/// action already in the log gets a `CollectiveActionResultReported` only when its result text
/// changed; a stated end date in the past appends `CollectiveActionCompleted` on that day. Importing
/// the same file twice appends nothing. Errors: [`ImportError::NoGeography`] before the
/// geography; [`ImportError::Source`] for an unreadable file, or a malformed or repeated row
/// (with its line; nothing is written); [`ImportError::Conflict`] when another writer appended
/// to the same collective actions meanwhile (run it again: it is idempotent).
pub async fn import_collective_actions_file(
    pool: &PgPool,
    path: &Path,
    meta: &EventMetadata,
) -> Result<CollectiveActionImportReport, ImportError> {
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
    for (i, rec) in reader.deserialize::<CollectiveActionRow>().enumerate() {
        let line = i as u64 + 2;
        let row = rec.map_err(|e| anyhow::anyhow!("line {line}: {e}"))?;
        rows.push((line, row));
    }
    let mut report = CollectiveActionImportReport {
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
    .bind(COLLECTIVE_ACTION_IMPORT_AGGREGATE)
    .bind(&sha256)
    .fetch_all(pool)
    .await?;
    if done
        .iter()
        .any(|(_, t)| t == gbvf_events::collective_action::stored::IMPORT_COMPLETED)
    {
        report.already_imported = true;
        return Ok(report);
    }
    let import_seq = done.last().map(|(s, _)| *s).unwrap_or(0);
    let today = chrono::Utc::now().date_naive();
    let mut states = load_all(pool).await?;
    let mut events = vec![NewEvent::of(
        COLLECTIVE_ACTION_IMPORT_AGGREGATE,
        &sha256,
        import_seq + 1,
        &CollectiveActionImportEvent::CollectiveActionImportStarted {
            file_name: file_name.clone(),
            sha256: sha256.clone(),
        },
        meta,
    )];
    let mut seen = HashSet::new();
    for (line, row) in rows {
        let placed = placer.place(&row.place_name, &row.province);
        let id = row.challenge_id.trim().to_string();
        let (state, version) = states.entry(id.clone()).or_default();
        let sink = EventSink::default();
        let command = ImportCollectiveAction {
            row: row.clone(),
            placed: placed.as_ref().ok().cloned(),
            today,
        };
        state
            .handle(command.into(), &(), &sink)
            .await
            .map_err(|e| anyhow::anyhow!("line {line}: {e}"))?;
        if !seen.insert(id.clone()) {
            return Err(anyhow::anyhow!("line {line}: challenge_id {id:?} appears twice").into());
        }
        if let Err(reason) = placed {
            report.unplaced.push(UnplacedCollectiveAction {
                line,
                challenge_id: id.clone(),
                place_name: row.place_name,
                province: row.province,
                reason,
            });
        }
        let decided = sink.collect().await;
        events.extend(NewEvent::run(
            COLLECTIVE_ACTION_AGGREGATE,
            &id,
            *version + 1,
            &decided,
            meta,
        ));
        *version += decided.len() as i64;
    }
    report.events_appended = events.len() as u64 - 1;
    events.push(NewEvent::of(
        COLLECTIVE_ACTION_IMPORT_AGGREGATE,
        &sha256,
        import_seq + 2,
        &CollectiveActionImportEvent::CollectiveActionImportCompleted {
            rows_read: report.rows_read,
            events_appended: report.events_appended,
            unplaced: report
                .unplaced
                .iter()
                .map(|u| serde_json::to_value(u).expect("serializable"))
                .collect(),
        },
        meta,
    ));
    append_in_batches(pool, &events).await?;
    Ok(report)
}
