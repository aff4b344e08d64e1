//! The write side of the bulk load: the providers of the uploader's area folded from the event
//! log (with each submission's author, as [`crate::execute::execute_with_side_tables`] loads
//! one), and the apply: every decided row's events appended and its contact persons written
//! (the command's own [`SideTables`]) in ONE transaction.

use std::collections::HashMap;

use cqrs_es::{Aggregate, AggregateError};
use gbvf_events::building_block::{ProviderEvent, PROVIDER_AGGREGATE};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::NewEvent;

use super::plan::{Decided, Plan};
use crate::building_blocks::provider::{Provider, ProviderCommand, ProviderError};
use crate::execute::{Recorded, SideTables};

/// The providers `ids` folded from their events, by id (ids without events are absent).
/// Errors: a database error, or an event that does not decode (`sqlx::Error::Decode`).
pub async fn load_providers(
    pool: &sqlx::PgPool,
    ids: &[i64],
) -> sqlx::Result<HashMap<i64, Provider>> {
    let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
    let rows: Vec<(String, String, String, String, String)> = sqlx::query_as(
        "SELECT aggregate_id, event_type, event_version, payload::text, metadata::text FROM events
         WHERE aggregate_type = $1 AND aggregate_id = ANY($2) ORDER BY aggregate_id, sequence",
    )
    .bind(PROVIDER_AGGREGATE)
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let mut out: HashMap<i64, Provider> = HashMap::with_capacity(ids.len());
    for (id, event_type, version, payload, metadata) in rows {
        let payload: serde_json::Value =
            serde_json::from_str(&payload).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        let event: ProviderEvent = serde_json::from_value(gbvf_events::upcast::upcast_payload(
            &event_type,
            &version,
            payload,
        ))
        .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        let metadata: HashMap<String, serde_json::Value> =
            serde_json::from_str(&metadata).unwrap_or_default();
        let metadata: HashMap<String, String> = metadata
            .into_iter()
            .filter_map(|(k, v)| v.as_str().map(|s| (k, s.to_string())))
            .collect();
        let Ok(id) = id.parse::<i64>() else { continue };
        out.entry(id).or_default().apply_recorded(event, &metadata);
    }
    Ok(out)
}

/// What an apply recorded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Applied {
    /// Submissions recorded.
    pub submitted: usize,
    /// Pending submissions verified.
    pub verified: usize,
}

/// Why an apply recorded nothing.
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// The dry run has errors: nothing is applied while it has any.
    #[error("The file has errors: nothing was applied. Correct the rows the dry run lists and upload the file again.")]
    HasErrors,
    /// A provider of the file changed between the dry run the uploader reviewed and the apply
    /// (or the apply names no dry run): what the dry run showed is no longer what would be
    /// recorded (HTTP 409, as a single verification of a replaced submission).
    #[error("Providers of this file changed since your dry run (a new submission, a verification or a return): nothing was applied. Run the dry run again and review what it shows.")]
    ChangedSinceDryRun,
    /// Another command changed one of the providers since the dry run read it.
    #[error("Someone else changed one of these providers at the same time: nothing was applied. Run the dry run again.")]
    Conflict,
    /// A database error; nothing was applied.
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    /// A side-table write refused (not expected after the dry run decided the rows).
    #[error("{0}")]
    Refused(ProviderError),
}

/// Applies `plan` in one transaction of `pool`: every decided row's events appended after the
/// sequence the dry run read (a concurrent change fails the whole apply with
/// [`ApplyError::Conflict`]), with `metadata`, and its contact persons written as the manage
/// form's submission writes them ([`SideTables`]). Refused whole when the plan has errors
/// ([`ApplyError::HasErrors`]), or is not the dry run the uploader reviewed: `reviewed` is
/// that dry run's [`Plan::reviewed`] ([`ApplyError::ChangedSinceDryRun`]).
pub async fn apply(
    pool: &sqlx::PgPool,
    plan: &Plan,
    reviewed: &str,
    metadata: &EventMetadata,
) -> Result<Applied, ApplyError> {
    if plan.has_errors() {
        return Err(ApplyError::HasErrors);
    }
    plan.check_reviewed(reviewed)?;
    let mut rows = Vec::with_capacity(plan.decided.len());
    let mut applied = Applied::default();
    for d in &plan.decided {
        rows.extend(NewEvent::run(
            PROVIDER_AGGREGATE,
            &d.provider_id.to_string(),
            d.before.version + 1,
            &d.events,
            metadata,
        ));
        match d.command {
            ProviderCommand::VerifyBuildingBlock(_) => applied.verified += 1,
            _ => applied.submitted += 1,
        }
    }
    if rows.is_empty() {
        return Ok(applied);
    }
    let mut tx = pool.begin().await?;
    match gbvf_events::store::append_batch(&mut tx, &rows).await {
        Ok(_) => {}
        Err(e) if gbvf_events::store::is_conflict(&e) => return Err(ApplyError::Conflict),
        Err(e) => return Err(e.into()),
    }
    for d in &plan.decided {
        let after = after(d);
        d.command
            .write_side_tables(&mut tx, &d.provider_id.to_string(), &after)
            .await
            .map_err(|e| match e {
                AggregateError::UserError(e) => ApplyError::Refused(e),
                AggregateError::UnexpectedError(e) => match e.downcast::<sqlx::Error>() {
                    Ok(e) => ApplyError::Database(*e),
                    Err(e) => ApplyError::Database(sqlx::Error::Protocol(e.to_string())),
                },
                _ => ApplyError::Conflict,
            })?;
    }
    tx.commit().await?;
    gbvf_events::wake::events_of_type_committed(PROVIDER_AGGREGATE);
    Ok(applied)
}

/// The provider's state with the decided events applied.
fn after(d: &Decided) -> Provider {
    let mut p = d.before.clone();
    for e in &d.events {
        p.apply(e.clone());
    }
    p
}

impl Plan {
    /// Refuses to apply a plan that is not the one the uploader reviewed: `reviewed` is the
    /// [`Plan::reviewed`] of their dry run, and this plan (decided again on what the system
    /// holds now) must show the same: any provider of the file that changed since (a new
    /// submission, a verification, a return) refuses the whole file.
    pub fn check_reviewed(&self, reviewed: &str) -> Result<(), ApplyError> {
        if self.reviewed() == reviewed.trim().to_ascii_lowercase() {
            Ok(())
        } else {
            Err(ApplyError::ChangedSinceDryRun)
        }
    }
}
