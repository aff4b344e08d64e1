//! The event log in PostgreSQL: bulk appends and commit-order reads.
//!
//! Single commands go through cqrs-es/postgres-es (`execute_with_metadata`), which appends to
//! the same `events` table. This module adds what postgres-es lacks (see the shared guide
//! "Event log and projectors"): batched appends for imports, reads in commit order below the
//! xid8 horizon for projectors, and one aggregate's full history for auditors.

use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, PgPool, Row};
use tracing::Instrument;

use crate::upcast::upcast_payload;

/// An event to append.
#[derive(Debug, Clone)]
pub struct NewEvent {
    /// Aggregate type, e.g. `crime_series`.
    pub aggregate_type: String,
    /// Aggregate id.
    pub aggregate_id: String,
    /// Sequence within the aggregate, starting at 1; must be the aggregate's next.
    pub sequence: i64,
    /// Event type name, e.g. `CrimeFigureRecorded`.
    pub event_type: String,
    /// Event version, e.g. `1.0`.
    pub event_version: String,
    /// Serialized event (cqrs-es enum form).
    pub payload: Value,
    /// Serialized [`crate::metadata::EventMetadata`].
    pub metadata: Value,
}

impl NewEvent {
    /// The one way a decided event becomes a row to append: `event` (any cqrs-es
    /// `DomainEvent`, serialized in its enum form with its own type name and version) at
    /// `sequence` of aggregate `aggregate_type`/`aggregate_id`, with `metadata`.
    pub fn of<E: cqrs_es::DomainEvent>(
        aggregate_type: &str,
        aggregate_id: &str,
        sequence: i64,
        event: &E,
        metadata: &crate::metadata::EventMetadata,
    ) -> NewEvent {
        NewEvent {
            aggregate_type: aggregate_type.to_string(),
            aggregate_id: aggregate_id.to_string(),
            sequence,
            event_type: event.event_type(),
            event_version: event.event_version(),
            payload: serde_json::to_value(event).expect("events serialize"),
            metadata: metadata.to_json(),
        }
    }

    /// `events` as consecutive rows of one aggregate from `first_sequence` on (see [`Self::of`]).
    pub fn run<E: cqrs_es::DomainEvent>(
        aggregate_type: &str,
        aggregate_id: &str,
        first_sequence: i64,
        events: &[E],
        metadata: &crate::metadata::EventMetadata,
    ) -> Vec<NewEvent> {
        events
            .iter()
            .enumerate()
            .map(|(i, e)| {
                Self::of(
                    aggregate_type,
                    aggregate_id,
                    first_sequence + i as i64,
                    e,
                    metadata,
                )
            })
            .collect()
    }
}

/// A stored event, payload already upcast to the current version.
#[derive(Debug, Clone, Serialize)]
pub struct StoredEvent {
    /// Position in insert order (unique, not commit order on its own).
    pub global_position: i64,
    /// The writing transaction's id (xid8 as an integer).
    pub transaction_id: i64,
    /// Aggregate type.
    pub aggregate_type: String,
    /// Aggregate id.
    pub aggregate_id: String,
    /// Sequence within the aggregate.
    pub sequence: i64,
    /// Event type name.
    pub event_type: String,
    /// Version as stored (before upcasting).
    pub event_version: String,
    /// Payload, upcast to the current version.
    pub payload: Value,
    /// Metadata: actor, at, request_id, source.
    pub metadata: Value,
    /// When it was written (server clock).
    pub recorded_at: chrono::DateTime<chrono::Utc>,
}

/// The `transaction_id` restored events get (`gbvf restore`, api/src/cli/backup.rs): lower than
/// any id a server hands out, so restored events sort by `global_position` before every new one.
pub const RESTORED_TRANSACTION_ID: i64 = 1;

/// A commit-order position: (transaction id, global position). `Position::ZERO` is before all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize)]
pub struct Position {
    /// xid8 of the writing transaction.
    pub transaction_id: i64,
    /// Global position within that transaction.
    pub global_position: i64,
}

impl Position {
    /// Before every event.
    pub const ZERO: Position = Position {
        transaction_id: 0,
        global_position: 0,
    };
}

/// Appends `events` in one multi-row INSERT (one round trip, whatever the count).
///
/// Runs on the given executor, so callers can batch several appends into one transaction.
/// Errors: a duplicate (aggregate, sequence) fails the statement with a unique violation
/// (`23505`): another writer got there first; nothing of the batch is written.
pub async fn append_batch(exec: &mut PgConnection, events: &[NewEvent]) -> sqlx::Result<u64> {
    if events.is_empty() {
        return Ok(0);
    }
    let rows = AppendedRows::of(events);
    let done = rows
        .bound(INSERT_EVENTS)
        .execute(exec)
        .instrument(rows.span.clone())
        .await?;
    Ok(done.rows_affected())
}

/// [`append_batch`], answering the commit-order [`Position`] of the last event appended (the
/// consistency token a reader waits for: a projection whose checkpoint is at or past it shows
/// every event of the batch), or `None` when `events` is empty. Same errors.
pub async fn append_batch_at(
    exec: &mut PgConnection,
    events: &[NewEvent],
) -> sqlx::Result<Option<Position>> {
    if events.is_empty() {
        return Ok(None);
    }
    let rows = AppendedRows::of(events);
    let sql = format!(
        "WITH appended AS ({INSERT_EVENTS} RETURNING transaction_id, global_position)
         SELECT (transaction_id::text)::bigint, global_position FROM appended
         ORDER BY global_position DESC LIMIT 1"
    );
    let last = rows
        .bound(&sql)
        .fetch_one(exec)
        .instrument(rows.span.clone())
        .await?;
    Ok(Some(Position {
        transaction_id: last.try_get(0)?,
        global_position: last.try_get(1)?,
    }))
}

/// The multi-row INSERT of [`append_batch`]: one array per column, `$1` to `$7`.
const INSERT_EVENTS: &str = "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
     SELECT t, i, s, et, ev, p::json, m::json
     FROM UNNEST($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[])
          AS u(t, i, s, et, ev, p, m)";

/// The columns of a batch for [`INSERT_EVENTS`], and the span the append runs in.
struct AppendedRows<'e> {
    types: Vec<&'e str>,
    ids: Vec<&'e str>,
    seqs: Vec<i64>,
    etypes: Vec<&'e str>,
    versions: Vec<&'e str>,
    payloads: Vec<String>,
    metas: Vec<String>,
    span: tracing::Span,
}

impl<'e> AppendedRows<'e> {
    /// The columns of `events`, each event's metadata with the writer's trace (if exported)
    /// and the example mark (see crate::trace, crate::example).
    fn of(events: &'e [NewEvent]) -> Self {
        let span = tracing::info_span!("events append", events.count = events.len());
        let traceparent = span.in_scope(crate::trace::current_traceparent);
        let mut rows = AppendedRows {
            types: Vec::with_capacity(events.len()),
            ids: Vec::with_capacity(events.len()),
            seqs: Vec::with_capacity(events.len()),
            etypes: Vec::with_capacity(events.len()),
            versions: Vec::with_capacity(events.len()),
            payloads: Vec::with_capacity(events.len()),
            metas: Vec::with_capacity(events.len()),
            span,
        };
        for e in events {
            rows.types.push(e.aggregate_type.as_str());
            rows.ids.push(e.aggregate_id.as_str());
            rows.seqs.push(e.sequence);
            rows.etypes.push(e.event_type.as_str());
            rows.versions.push(e.event_version.as_str());
            rows.payloads.push(e.payload.to_string());
            if traceparent.is_none() && !crate::example::active() {
                rows.metas.push(e.metadata.to_string());
                continue;
            }
            let mut m = e.metadata.clone();
            if let (Some(tp), Some(o)) = (&traceparent, m.as_object_mut()) {
                o.insert(crate::trace::TRACEPARENT.into(), tp.as_str().into());
            }
            crate::example::stamp(&mut m);
            rows.metas.push(m.to_string());
        }
        rows
    }

    /// `sql` (containing [`INSERT_EVENTS`]) with the seven columns bound.
    fn bound<'q>(
        &'q self,
        sql: &'q str,
    ) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
        sqlx::query(sql)
            .bind(&self.types)
            .bind(&self.ids)
            .bind(&self.seqs)
            .bind(&self.etypes)
            .bind(&self.versions)
            .bind(&self.payloads)
            .bind(&self.metas)
    }
}

const SELECT_EVENT: &str = "SELECT global_position, (transaction_id::text)::bigint AS transaction_id, aggregate_type,
        aggregate_id, sequence, event_type, event_version, payload, metadata, recorded_at FROM events";

fn row_to_event(r: EventRow) -> StoredEvent {
    let mut payload = r.payload;
    stripped_on_read(r.global_position, &r.event_type, &mut payload);
    StoredEvent {
        payload: upcast_payload(&r.event_type, &r.event_version, payload),
        global_position: r.global_position,
        transaction_id: r.transaction_id,
        aggregate_type: r.aggregate_type,
        aggregate_id: r.aggregate_id,
        sequence: r.sequence,
        event_type: r.event_type,
        event_version: r.event_version,
        metadata: r.metadata,
        recorded_at: r.recorded_at,
    }
}

#[derive(sqlx::FromRow)]
struct EventRow {
    global_position: i64,
    transaction_id: i64,
    aggregate_type: String,
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    event_version: String,
    payload: Value,
    metadata: Value,
    recorded_at: chrono::DateTime<chrono::Utc>,
}

/// Reads up to `limit` events after `after` in commit order, of the given aggregate types
/// (all types when empty), stopping below the horizon: only events whose transaction id is
/// below `pg_snapshot_xmin(pg_current_snapshot())`, so no event committed later can ever
/// appear before the last one returned.
pub async fn read_page(
    exec: &mut PgConnection,
    after: Position,
    aggregate_types: &[&str],
    limit: i64,
) -> sqlx::Result<Vec<StoredEvent>> {
    let sql = format!(
        "{SELECT_EVENT}
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2)
           AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           AND {}
         -- Qualified: a bare `transaction_id` would name the bigint output column and
         -- force a sort instead of a walk of the (transaction_id, global_position) index.
         ORDER BY events.transaction_id, events.global_position
         LIMIT $4",
        type_filter(aggregate_types)
    );
    let types: Vec<&str> = aggregate_types.to_vec();
    let rows: Vec<EventRow> = sqlx::query_as(&sql)
        .bind(after.transaction_id.to_string())
        .bind(after.global_position)
        .bind(&types)
        .bind(limit)
        .fetch_all(exec)
        .await?;
    Ok(rows.into_iter().map(row_to_event).collect())
}

/// An event as stored, payload left as JSON text (not upcast): what a rebuild fold reads, so
/// that it parses the payload once, straight into its Rust type (decoding payload
/// and metadata into `serde_json::Value` was most of a rebuild's time).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RawEvent {
    /// The writing transaction's id (xid8 as an integer).
    pub transaction_id: i64,
    /// Position in insert order.
    pub global_position: i64,
    /// Aggregate type.
    pub aggregate_type: String,
    /// Event type name.
    pub event_type: String,
    /// Version as stored; see [`crate::upcast::needs_upcast`].
    pub event_version: String,
    /// The stored payload, JSON text.
    pub payload: String,
    /// The stored metadata, JSON text (`{}` at least).
    pub metadata: String,
    /// When the event was written.
    pub recorded_at: chrono::DateTime<chrono::Utc>,
}

/// Strips from an event's payload, as a read model reads it, the characters free text may not
/// hold ([`crate::text::strip_refused`]): events written before the write side refused them
/// (one NUL stopped a projector: PostgreSQL text cannot hold it) are read the same way by
/// every projector and every rebuild. Says so in the log and in
/// `gbvf_events_stripped_on_read_total`.
fn stripped_on_read(global_position: i64, event_type: &str, payload: &mut Value) {
    let removed = crate::text::strip_refused(payload);
    if removed > 0 {
        metrics::counter!("gbvf_events_stripped_on_read_total").increment(removed as u64);
        tracing::warn!(
            global_position,
            event_type,
            removed,
            "control characters stripped from a stored event's payload on read"
        );
    }
}

impl RawEvent {
    /// The payload as its Rust type `T`, upcast first when it is of an older version, with the
    /// characters free text may not hold stripped (see [`crate::text`]).
    pub fn decode<T: serde::de::DeserializeOwned>(&self) -> serde_json::Result<T> {
        if crate::text::may_hold_refused(&self.payload) {
            let mut v: Value = serde_json::from_str(&self.payload)?;
            stripped_on_read(self.global_position, &self.event_type, &mut v);
            return T::deserialize(upcast_payload(&self.event_type, &self.event_version, v));
        }
        if crate::upcast::needs_upcast(&self.event_type, &self.event_version) {
            let v: Value = serde_json::from_str(&self.payload)?;
            T::deserialize(upcast_payload(&self.event_type, &self.event_version, v))
        } else {
            serde_json::from_str(&self.payload)
        }
    }
}

/// [`read_page`] without decoding: up to `limit` events after `after` in commit order below
/// the horizon, of `aggregate_types` (all when empty), payload and metadata as text.
pub async fn read_raw_page(
    exec: &mut PgConnection,
    after: Position,
    aggregate_types: &[&str],
    limit: i64,
) -> sqlx::Result<Vec<RawEvent>> {
    let types: Vec<&str> = aggregate_types.to_vec();
    let sql = format!(
        "SELECT (transaction_id::text)::bigint AS transaction_id, global_position, aggregate_type, event_type,
                event_version, payload::text AS payload, metadata::text AS metadata, recorded_at
         FROM events
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2)
           AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           AND {}
         ORDER BY events.transaction_id, events.global_position
         LIMIT $4",
        type_filter(aggregate_types)
    );
    sqlx::query_as(&sql)
        .bind(after.transaction_id.to_string())
        .bind(after.global_position)
        .bind(&types)
        .bind(limit)
        .fetch_all(exec)
        .await
}

/// The condition on `aggregate_type` for a list of types bound as `$3` (`text[]`): every type
/// when the list is empty. Two texts rather than `cardinality($3) = 0 OR aggregate_type =
/// ANY($3)`, because the planner cannot use the `events_type_commit_order` index through the
/// `OR` (a projection of rare types scanned the whole log to find its next event).
fn type_filter(aggregate_types: &[&str]) -> &'static str {
    if aggregate_types.is_empty() {
        "cardinality($3::text[]) = 0"
    } else {
        "aggregate_type = ANY($3)"
    }
}

/// A subquery with the columns `transaction_id, global_position` of the newest committed event
/// among `aggregate_types` in commit order (every type when empty); the list binds as `$1`
/// (nothing is bound when it is empty). One probe of `events_type_commit_order` per type: a
/// walk of the commit-order index filtered by type crossed every event of other types, a scan
/// of the whole log for a projection of rare types (100-230 ms on 110,000 events).
pub fn newest_of_types(aggregate_types: &[&str]) -> &'static str {
    if aggregate_types.is_empty() {
        "SELECT transaction_id, global_position FROM events
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1"
    } else {
        "SELECT e.transaction_id, e.global_position
         FROM unnest($1::text[]) AS ty(name),
              LATERAL (SELECT transaction_id, global_position FROM events
                       WHERE aggregate_type = ty.name
                       ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e
         ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1"
    }
}

/// Every event of one aggregate, in sequence order (the auditor's replay), read through `db`
/// (a pool or one connection).
pub async fn aggregate_history(
    db: impl sqlx::PgExecutor<'_>,
    aggregate_type: &str,
    aggregate_id: &str,
) -> sqlx::Result<Vec<StoredEvent>> {
    let sql =
        format!("{SELECT_EVENT} WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence");
    let rows: Vec<EventRow> = sqlx::query_as(&sql)
        .bind(aggregate_type)
        .bind(aggregate_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(row_to_event).collect())
}

/// Counts events after `after` of the given types (all when empty), and the time the oldest
/// of them was recorded: the lag of a projector at `after`, in events and as a timestamp.
pub async fn lag_after(
    pool: &PgPool,
    after: Position,
    aggregate_types: &[&str],
) -> sqlx::Result<(i64, Option<chrono::DateTime<chrono::Utc>>)> {
    let types: Vec<&str> = aggregate_types.to_vec();
    let sql = format!(
        "SELECT count(*), min(recorded_at) FROM events
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2) AND {}",
        type_filter(aggregate_types)
    );
    sqlx::query_as(&sql)
        .bind(after.transaction_id.to_string())
        .bind(after.global_position)
        .bind(&types)
        .fetch_one(pool)
        .await
}

/// Whether a database error is a unique violation (a concurrent writer appended the same
/// aggregate sequence first).
pub fn is_conflict(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(db) if db.code().as_deref() == Some("23505"))
}

/// One round trip to the database of the event log (`SELECT 1`): `Ok` when PostgreSQL
/// answers, the connection's error otherwise. The outage watchdog probes with it.
pub async fn ping(pool: &PgPool) -> sqlx::Result<()> {
    sqlx::query("SELECT 1").execute(pool).await?;
    Ok(())
}

/// Runs the embedded migrations in `migrations/` (idempotent).
pub async fn migrate(pool: &PgPool) -> Result<(), sqlx::migrate::MigrateError> {
    sqlx::migrate!("../migrations").run(pool).await
}
