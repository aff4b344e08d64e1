//! Events a projection cannot apply: one bad event is recorded in `projection_quarantine` and
//! skipped, so it never stops the projection (`gbvf projections quarantine` lists them).

use crate::engine::Projection;
use gbvf_events::store::StoredEvent;
use sqlx::{PgPool, Postgres, Transaction};

/// Most events of one page a projector quarantines before it treats the failure as its own
/// fault rather than the events' (a broken statement fails every event): it then stops with
/// the error, retrying with back-off, instead of skipping the page.
pub const QUARANTINE_PER_PAGE: usize = 10;

/// Whether `e`, met while applying an event, is the event's fault: a payload that does not
/// decode, a value a table refuses (SQLSTATE class 22 "data exception", 23 "integrity
/// constraint violation"), or a rule of the projection itself. Not: the database away or
/// busy (connection, I/O, pool, classes 08, 40, 53, 55, 57), or a statement the server does
/// not understand (class 42: a deploy's fault, which must stop the projector, not skip every
/// event).
pub fn is_poison(e: &anyhow::Error) -> bool {
    for cause in e.chain() {
        if let Some(db) = cause.downcast_ref::<sqlx::Error>() {
            return match db {
                sqlx::Error::Database(d) => {
                    let code = d.code().map(|c| c.to_string()).unwrap_or_default();
                    code.starts_with("22") || code.starts_with("23")
                }
                sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_) => true,
                _ => false,
            };
        }
    }
    true
}

/// One event a projection could not apply (a row of `projection_quarantine`).
#[derive(Debug, Clone, serde::Serialize, sqlx::FromRow)]
pub struct Quarantined {
    /// Projection name.
    pub projection: String,
    /// The projection version it was met in.
    pub version: i32,
    /// The event's position.
    pub global_position: i64,
    /// The event's aggregate type and id, and its sequence in that aggregate.
    pub aggregate_type: String,
    /// Aggregate id.
    pub aggregate_id: String,
    /// Sequence within the aggregate.
    pub sequence: i64,
    /// Event type name.
    pub event_type: String,
    /// Why it could not be applied (the error chain).
    pub error: String,
    /// When it was quarantined.
    pub quarantined_at: chrono::DateTime<chrono::Utc>,
}

/// Applies `events` to `schema` inside `tx`, in a savepoint. When the page fails because of
/// an event ([`is_poison`]), applies it again event by event, each in its own savepoint, and
/// records each event that fails on its own in `projection_quarantine` (projection `version`)
/// instead of stopping: the events after it still reach the read model. Returns how many were
/// quarantined. Errors: a failure that is not an event's fault, or more than
/// [`QUARANTINE_PER_PAGE`] quarantined in one page.
pub async fn apply_guarded(
    tx: &mut Transaction<'_, Postgres>,
    p: &dyn Projection,
    schema: &str,
    version: i32,
    events: &[StoredEvent],
) -> anyhow::Result<usize> {
    let mut whole = sqlx::Connection::begin(&mut **tx).await?;
    match p.apply(&mut whole, schema, events).await {
        Ok(()) => {
            whole.commit().await?;
            return Ok(0);
        }
        Err(e) if !is_poison(&e) => return Err(e),
        Err(_) => whole.rollback().await?,
    }
    let mut quarantined = 0;
    for event in events {
        let mut one = sqlx::Connection::begin(&mut **tx).await?;
        match p.apply(&mut one, schema, std::slice::from_ref(event)).await {
            Ok(()) => one.commit().await?,
            Err(e) if is_poison(&e) && quarantined < QUARANTINE_PER_PAGE => {
                one.rollback().await?;
                quarantined += 1;
                quarantine(tx, p.name(), version, event, &e).await?;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(quarantined)
}

pub(super) async fn quarantine(
    tx: &mut Transaction<'_, Postgres>,
    projection: &'static str,
    version: i32,
    event: &StoredEvent,
    error: &anyhow::Error,
) -> anyhow::Result<()> {
    let error = format!("{error:#}");
    tracing::error!(
        projection,
        global_position = event.global_position,
        aggregate_type = %event.aggregate_type,
        aggregate_id = %event.aggregate_id,
        event_type = %event.event_type,
        error = %error,
        "event quarantined: the projection could not apply it and goes on without it \
         (gbvf projections quarantine; a rebuild after a fix applies it again)"
    );
    metrics::counter!("gbvf_projector_quarantined_total", "projection" => projection).increment(1);
    sqlx::query(
        "INSERT INTO projection_quarantine (projection, version, global_position, transaction_id,
             aggregate_type, aggregate_id, sequence, event_type, error)
         VALUES ($1, $2, $3, $4::text::xid8, $5, $6, $7, $8, $9)
         ON CONFLICT DO NOTHING",
    )
    .bind(projection)
    .bind(version)
    .bind(event.global_position)
    .bind(event.transaction_id.to_string())
    .bind(&event.aggregate_type)
    .bind(&event.aggregate_id)
    .bind(event.sequence)
    .bind(&event.event_type)
    // The text of an error may quote the value that failed: no NUL into a text column.
    .bind(error.replace('\0', "\\0"))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The quarantined events of `projection` (all projections when `None`) in their active
/// versions, oldest first.
pub async fn quarantined(
    pool: &PgPool,
    projection: Option<&str>,
) -> anyhow::Result<Vec<Quarantined>> {
    Ok(sqlx::query_as(
        "SELECT q.projection, q.version, q.global_position, q.aggregate_type, q.aggregate_id,
                q.sequence, q.event_type, q.error, q.quarantined_at
         FROM projection_quarantine q
         JOIN projection_checkpoint c ON c.projection = q.projection AND c.version = q.version
         WHERE $1::text IS NULL OR q.projection = $1
         ORDER BY q.projection, q.transaction_id, q.global_position",
    )
    .bind(projection)
    .fetch_all(pool)
    .await?)
}
