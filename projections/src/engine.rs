//! The projector engine.
//!
//! Each read model is a [`Projection`]. Its tables live in a schema of their own,
//! `proj_<name>_v<version>`, and the API reads them through views in `public` that point at the
//! active version. A projector:
//! 1. holds a lease: a session advisory lock on a dedicated connection, so exactly one
//!    instance per projection runs across all processes (others wait as standbys);
//! 2. reads a page of events in commit order below the xid8 horizon after its checkpoint
//!    ([`gbvf_events::store::read_page`]), so an event committed late by a slow writer is never
//!    skipped;
//! 3. applies the page and advances its checkpoint in the same transaction, holding the
//!    checkpoint row `FOR UPDATE`, so a crash simply redoes the page;
//! 4. sleeps until a writer of this process says events of its aggregate types committed, the
//!    process's one listener hears `NOTIFY gbvf_events` from another process about them (sent
//!    after commit, coalesced, naming the types: gbvf_events::wake), or a poll interval; and
//!    starts catch-ups at most once per [`BATCH_WINDOW`], so a burst of commands is applied in
//!    a few pages rather than one transaction each.
//!
//! A rebuild ([`rebuild`]) builds version n+1 from position zero in a new schema while the
//! views keep serving version n, then in one transaction catches up, repoints the views,
//! moves the checkpoint, and drops the old schema.

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use gbvf_events::store::{read_page, read_raw_page, Position, RawEvent, StoredEvent};
use sqlx::{PgPool, Postgres, Transaction};
use tokio::sync::watch;

/// Events read per page.
pub const PAGE: i64 = 5_000;
/// Poll interval when no notification arrives.
pub const POLL: Duration = Duration::from_millis(1_000);
/// Shortest time between the starts of two catch-ups of one projector. Commits arriving
/// faster are applied together in the next one (a catch-up per command cost the
/// command path about 4 ms at one caller, half its throughput at 32); adds at most this to the
/// lag, whose target is p99 < 250 ms.
pub const BATCH_WINDOW: Duration = Duration::from_millis(25);

/// A read model built from the event log.
#[async_trait]
pub trait Projection: Send + Sync {
    /// Name, used in the registry, schema names and the CLI (e.g. `crime`).
    fn name(&self) -> &'static str;
    /// Aggregate types this projection reads (empty: all).
    fn aggregate_types(&self) -> &'static [&'static str];
    /// Tables the projection creates in its schema; each is exposed as a view of the same
    /// name in `public`.
    fn tables(&self) -> &'static [&'static str];
    /// DDL creating the tables in `schema` (a trusted identifier).
    fn ddl(&self, schema: &str) -> String;
    /// Applies a page of events (commit order) to the tables in `schema`, inside `tx`.
    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()>;

    /// A fold of the whole history for rebuilds, when the projection has one: the engine feeds
    /// it every event in commit order, then asks it to write its rows once into the new
    /// version's empty tables (private until the switch, so no upserts are needed). `None`
    /// (the default): rebuilds apply page by page with [`Projection::apply`].
    fn rebuild_fold(&self) -> Option<Box<dyn RebuildFold>> {
        None
    }
}

/// A page of events handed to a [`RebuildFold`], in commit order.
pub enum FoldPage<'a> {
    /// Payload and metadata as stored JSON text, with aggregate type and time, no aggregate id
    /// (decode each payload with [`RawEvent::decode`], which upcasts older versions): for a
    /// fold that asked for them ([`RebuildFold::raw`]).
    Raw(&'a [RawEvent]),
    /// Decoded events with their aggregate, metadata and time.
    Decoded(&'a [StoredEvent]),
}

impl<'a> FoldPage<'a> {
    /// The decoded events; an error for a raw page (a fold that asked for raw pages reads
    /// them with [`FoldPage::raw`]).
    pub fn decoded(&self) -> anyhow::Result<&'a [StoredEvent]> {
        match self {
            FoldPage::Decoded(e) => Ok(e),
            FoldPage::Raw(_) => anyhow::bail!("this fold reads decoded pages"),
        }
    }
    /// The raw events; an error for a decoded page.
    pub fn raw(&self) -> anyhow::Result<&'a [RawEvent]> {
        match self {
            FoldPage::Raw(e) => Ok(e),
            FoldPage::Decoded(_) => anyhow::bail!("this fold reads raw pages"),
        }
    }
}

/// The in-memory side of a rebuild (target 150,000 events/s, the same technique for every
/// projection; docs/decisions.md "Every projection rebuilds through a fold"): events are folded
/// into one state per row, and each row is written once at the end, into tables nobody else
/// reads until the switch. Each projection's fold must give the same tables as its page-by-page
/// [`Projection::apply`]; the rebuild tests compare the two (api/tests/projector.rs).
#[async_trait]
pub trait RebuildFold: Send {
    /// Whether the fold reads raw pages ([`FoldPage::Raw`]: JSON text parsed once, straight
    /// into the event type; the crime and health-check projections, whose logs run to millions
    /// of events) rather than decoded ones.
    fn raw(&self) -> bool {
        false
    }
    /// Folds a page of events, in commit order.
    fn fold(&mut self, events: FoldPage<'_>) -> anyhow::Result<()>;
    /// Writes everything folded into the tables of `schema` (empty), inside `tx`.
    async fn write(
        self: Box<Self>,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
    ) -> anyhow::Result<()>;
}

/// Pages ahead of the rebuild's applier (reading overlaps applying).
const READ_AHEAD: usize = 2;

/// A page read ahead for a rebuild: decoded events for [`Projection::apply`], or raw ones for a
/// [`RebuildFold`].
enum Page {
    Stored(Vec<StoredEvent>),
    Raw(Vec<RawEvent>),
}

impl Page {
    fn len(&self) -> usize {
        match self {
            Page::Stored(e) => e.len(),
            Page::Raw(e) => e.len(),
        }
    }
    /// Position of the last event, if any.
    fn last(&self) -> Option<Position> {
        let (transaction_id, global_position) = match self {
            Page::Stored(e) => e.last().map(|l| (l.transaction_id, l.global_position))?,
            Page::Raw(e) => e.last().map(|l| (l.transaction_id, l.global_position))?,
        };
        Some(Position {
            transaction_id,
            global_position,
        })
    }
}

/// Reads every page of `types` after `from` on a connection of its own (raw pages when `raw`),
/// sending each (possibly empty at the end) page down a channel of [`READ_AHEAD`]; the
/// position reached is the last event sent.
fn spawn_reader(
    pool: PgPool,
    types: &'static [&'static str],
    from: Position,
    page: i64,
    raw: bool,
) -> tokio::sync::mpsc::Receiver<anyhow::Result<Page>> {
    let (tx, rx) = tokio::sync::mpsc::channel(READ_AHEAD);
    tokio::spawn(async move {
        let result: anyhow::Result<()> = async {
            let mut conn = pool.acquire().await?;
            let mut at = from;
            loop {
                let events = if raw {
                    Page::Raw(read_raw_page(&mut conn, at, types, page).await?)
                } else {
                    Page::Stored(read_page(&mut conn, at, types, page).await?)
                };
                let done = (events.len() as i64) < page;
                if let Some(last) = events.last() {
                    at = last;
                }
                if tx.send(Ok(events)).await.is_err() || done {
                    return Ok(());
                }
            }
        }
        .await;
        if let Err(e) = result {
            let _ = tx.send(Err(e)).await;
        }
    });
    rx
}

/// The schema of a projection version.
pub fn schema_name(projection: &str, version: i32) -> String {
    format!("proj_{projection}_v{version}")
}

fn lock_key(projection: &str) -> i64 {
    // Stable 63-bit key from the name (FNV-1a), namespaced so it cannot collide with other locks.
    let mut h: u64 = 0xcbf29ce484222325;
    for b in format!("gbvf-projector:{projection}").bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    (h >> 1) as i64
}

async fn create_version(pool: &PgPool, p: &dyn Projection, version: i32) -> anyhow::Result<String> {
    let schema = schema_name(p.name(), version);
    let mut tx = pool.begin().await?;
    sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
        .execute(&mut *tx)
        .await?;
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut *tx)
        .await?;
    let ddl = p.ddl(&schema);
    sqlx::Executor::execute(&mut *tx, ddl.as_str()).await?;
    tx.commit().await?;
    Ok(schema)
}

async fn point_views(
    tx: &mut Transaction<'_, Postgres>,
    p: &dyn Projection,
    schema: &str,
) -> anyhow::Result<()> {
    // CREATE OR REPLACE keeps the view's identity, so a reader waiting on it simply reads the
    // new version after the switch commits. A version whose columns changed incompatibly gets
    // its view dropped and recreated instead (inside a savepoint).
    for table in p.tables() {
        sqlx::query("SAVEPOINT point_view")
            .execute(&mut **tx)
            .await?;
        let replaced = sqlx::query(&format!(
            "CREATE OR REPLACE VIEW public.{table} AS SELECT * FROM {schema}.{table}"
        ))
        .execute(&mut **tx)
        .await;
        if replaced.is_err() {
            sqlx::query("ROLLBACK TO SAVEPOINT point_view")
                .execute(&mut **tx)
                .await?;
            sqlx::query(&format!("DROP VIEW IF EXISTS public.{table}"))
                .execute(&mut **tx)
                .await?;
            sqlx::query(&format!(
                "CREATE VIEW public.{table} AS SELECT * FROM {schema}.{table}"
            ))
            .execute(&mut **tx)
            .await?;
        }
        sqlx::query("RELEASE SAVEPOINT point_view")
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A fingerprint of the projection's DDL (FNV-1a of the text with the schema name left out).
pub fn ddl_hash(p: &dyn Projection) -> String {
    let ddl = p.ddl("SCHEMA");
    let mut h: u64 = 0xcbf29ce484222325;
    for b in ddl.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("{h:016x}")
}

/// Whether the active version of `p` was built with another DDL than the code's (it then
/// needs a [`rebuild`]). A projection never installed, or installed before fingerprints were
/// kept, counts as current only if its fingerprint matches.
pub async fn needs_rebuild(pool: &PgPool, p: &dyn Projection) -> anyhow::Result<bool> {
    let stored: Option<Option<String>> =
        sqlx::query_scalar("SELECT ddl_hash FROM projection_checkpoint WHERE projection = $1")
            .bind(p.name())
            .fetch_optional(pool)
            .await?;
    Ok(matches!(stored, Some(h) if h.as_deref() != Some(ddl_hash(p).as_str())))
}

/// Creates version 1 of the projection and its views if the projection is not registered yet.
/// Idempotent and safe to call from several processes at once.
pub async fn install(pool: &PgPool, p: &dyn Projection) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(lock_key("install"))
        .execute(&mut *tx)
        .await?;
    let exists: Option<i32> =
        sqlx::query_scalar("SELECT version FROM projection_checkpoint WHERE projection = $1")
            .bind(p.name())
            .fetch_optional(&mut *tx)
            .await?;
    if exists.is_none() {
        let schema = schema_name(p.name(), 1);
        sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
            .execute(&mut *tx)
            .await?;
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&mut *tx)
            .await?;
        let ddl = p.ddl(&schema);
        sqlx::Executor::execute(&mut *tx, ddl.as_str()).await?;
        point_views(&mut tx, p, &schema).await?;
        sqlx::query(
            "INSERT INTO projection_checkpoint (projection, version, ddl_hash) VALUES ($1, 1, $2)",
        )
        .bind(p.name())
        .bind(ddl_hash(p))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Result of one catch-up step.
#[derive(Debug, Clone, Copy, Default)]
pub struct Step {
    /// Events applied.
    pub applied: usize,
    /// Whether the page was full (more may be waiting).
    pub full: bool,
    /// The checkpoint after the step.
    pub reached: Position,
}

/// Most links a page span carries to the requests whose events it applies.
const MAX_PAGE_LINKS: usize = 128;

/// A root span for one applied page (`projector page`, attributes `projection` and
/// `events.count`), linked to the trace of each distinct request whose events it applies (their
/// `traceparent` metadata, written by the traced event repository), at most
/// [`MAX_PAGE_LINKS`].
fn page_span(projection: &'static str, events: &[StoredEvent]) -> tracing::Span {
    use tracing_opentelemetry::OpenTelemetrySpanExt;
    let span = tracing::info_span!(
        parent: None,
        "projector page",
        projection,
        events.count = events.len()
    );
    let mut seen = std::collections::HashSet::new();
    for e in events {
        let Some(tp) = e
            .metadata
            .get(gbvf_events::trace::TRACEPARENT)
            .and_then(|v| v.as_str())
        else {
            continue;
        };
        if seen.len() >= MAX_PAGE_LINKS || !seen.insert(tp) {
            continue;
        }
        if let Some(linked) = gbvf_events::trace::span_context(tp) {
            span.add_link(linked);
        }
    }
    span
}

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

async fn quarantine(
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

/// Applies one page after the projection's checkpoint, in one transaction with the checkpoint
/// update. The checkpoint row is held `FOR UPDATE`, which serialises this with a rebuild's
/// switch; the schema written is always the one of the version in that row.
pub async fn step(pool: &PgPool, p: &dyn Projection, page: i64) -> anyhow::Result<Step> {
    let mut tx = pool.begin().await?;
    let (version, txid, pos): (i32, i64, i64) = sqlx::query_as(
        "SELECT version, (last_transaction_id::text)::bigint, last_global_position
         FROM projection_checkpoint WHERE projection = $1 FOR UPDATE",
    )
    .bind(p.name())
    .fetch_one(&mut *tx)
    .await?;
    let after = Position {
        transaction_id: txid,
        global_position: pos,
    };
    let events = read_page(&mut tx, after, p.aggregate_types(), page).await?;
    if events.is_empty() {
        tx.rollback().await?;
        return Ok(Step {
            reached: after,
            ..Step::default()
        });
    }
    let span = page_span(p.name(), &events);
    let schema = schema_name(p.name(), version);
    tracing::Instrument::instrument(
        apply_guarded(&mut tx, p, &schema, version, &events),
        span.clone(),
    )
    .await?;
    let last = events.last().expect("non-empty page");
    sqlx::query(
        "UPDATE projection_checkpoint SET last_transaction_id = $2::text::xid8, last_global_position = $3,
             events_applied = events_applied + $4, last_event_at = $5, updated_at = now()
         WHERE projection = $1",
    )
    .bind(p.name())
    .bind(last.transaction_id.to_string())
    .bind(last.global_position)
    .bind(events.len() as i64)
    .bind(last.recorded_at)
    .execute(&mut *tx)
    .await?;
    sqlx::query("SELECT pg_notify('gbvf_projections', $1)")
        .bind(p.name())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    metrics::counter!("gbvf_projector_events_applied_total", "projection" => p.name())
        .increment(events.len() as u64);
    Ok(Step {
        applied: events.len(),
        full: events.len() as i64 == page,
        reached: Position {
            transaction_id: last.transaction_id,
            global_position: last.global_position,
        },
    })
}

/// Applies pages until every event of the projection's types that was committed when the
/// call began has been applied. Returns events applied.
///
/// The horizon is cluster-wide: a transaction still open anywhere on the server (even in
/// another database) holds it back, so a step can find nothing to apply although newer events
/// are committed. This then waits briefly and tries again, for up to a minute.
pub async fn catch_up(pool: &PgPool, p: &dyn Projection) -> anyhow::Result<u64> {
    // One round trip when there is nothing to do (the common case for a projector woken by a
    // poll): the newest event of the projection's types and its checkpoint, side by side.
    let types: Vec<&str> = p.aggregate_types().to_vec();
    let checkpoint = if types.is_empty() { "$1" } else { "$2" };
    let sql = format!(
        "SELECT (t.transaction_id::text)::bigint, t.global_position,
                (c.last_transaction_id::text)::bigint, c.last_global_position
         FROM projection_checkpoint c, LATERAL ({}) t
         WHERE c.projection = {checkpoint}",
        gbvf_events::store::newest_of_types(&types)
    );
    let mut query = sqlx::query_as::<_, (i64, i64, i64, i64)>(&sql);
    if !types.is_empty() {
        query = query.bind(&types);
    }
    let row = query.bind(p.name()).fetch_optional(pool).await?;
    let Some((txid, pos, ctx, cpos)) = row else {
        return Ok(0);
    };
    let target = Position {
        transaction_id: txid,
        global_position: pos,
    };
    if (Position {
        transaction_id: ctx,
        global_position: cpos,
    }) >= target
    {
        return Ok(0);
    }
    let mut total = 0u64;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let s = step(pool, p, PAGE).await?;
        total += s.applied as u64;
        if s.full {
            continue;
        }
        if s.reached >= target {
            return Ok(total);
        }
        if Instant::now() > deadline {
            anyhow::bail!("{}: events are committed but a long transaction on the server holds the horizon back", p.name());
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Runs one projection until `shutdown` turns true: waits for the lease, then catches up
/// whenever events are notified (or every [`POLL`]). Errors are logged and retried with backoff.
pub async fn run(pool: PgPool, p: Arc<dyn Projection>, mut shutdown: watch::Receiver<bool>) {
    let mut backoff = Duration::from_millis(200);
    while !*shutdown.borrow() {
        match run_leased(&pool, p.as_ref(), &mut shutdown).await {
            Ok(()) => return,
            Err(e) => {
                tracing::error!(projection = p.name(), error = %e, "projector failed; retrying");
                tokio::select! {
                    _ = tokio::time::sleep(backoff) => {}
                    _ = shutdown.changed() => {}
                }
                backoff = (backoff * 2).min(Duration::from_secs(10));
            }
        }
    }
}

async fn run_leased(
    pool: &PgPool,
    p: &dyn Projection,
    shutdown: &mut watch::Receiver<bool>,
) -> anyhow::Result<()> {
    install(pool, p).await?;
    // The lease lives as long as this connection: if the process dies, PostgreSQL releases it.
    let mut lease = pool.acquire().await?.detach();
    loop {
        let got: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(lock_key(p.name()))
            .fetch_one(&mut lease)
            .await?;
        if got {
            break;
        }
        tokio::select! {
            _ = tokio::time::sleep(POLL) => {}
            _ = shutdown.changed() => { if *shutdown.borrow() { return Ok(()); } }
        }
    }
    tracing::info!(projection = p.name(), "projector holds the lease");
    sqlx::query("UPDATE projection_checkpoint SET state = 'running', updated_at = now() WHERE projection = $1")
        .bind(p.name())
        .execute(pool)
        .await?;
    gbvf_events::wake::spawn_listener(pool.clone());
    let commits = gbvf_events::wake::subscribe(p.aggregate_types());
    let result: anyhow::Result<()> = async {
        loop {
            let started = Instant::now();
            let next_allowed = tokio::time::Instant::now() + BATCH_WINDOW;
            let applied = catch_up(pool, p).await?;
            if applied > 0 {
                tracing::debug!(
                    projection = p.name(),
                    applied,
                    ms = started.elapsed().as_millis() as u64,
                    "caught up"
                );
            }
            // Wait for commits of this projection's types: rung by a writer of this process
            // or by the process's listener for another's (gbvf_events::wake), or the poll.
            tokio::select! {
                _ = commits.committed() => {}
                _ = tokio::time::sleep(POLL) => {}
                _ = shutdown.changed() => { if *shutdown.borrow() { return Ok(()); } }
            }
            tokio::select! {
                _ = tokio::time::sleep_until(next_allowed) => {}
                _ = shutdown.changed() => { if *shutdown.borrow() { return Ok(()); } }
            }
        }
    }
    .await;
    let _ = sqlx::query(
        "UPDATE projection_checkpoint SET state = 'idle', updated_at = now() WHERE projection = $1",
    )
    .bind(p.name())
    .execute(pool)
    .await;
    let _ = sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(lock_key(p.name()))
        .execute(&mut lease)
        .await;
    result
}

/// Progress of a rebuild, reported after every page.
#[derive(Debug, Clone, Copy)]
pub struct RebuildProgress {
    /// Events applied to the new version so far.
    pub applied: u64,
    /// Events of the projection's types in the log when the rebuild started.
    pub total: u64,
}

/// Rebuilds `p` from position zero into a new version and switches reads to it atomically.
/// Reads keep answering from the current version throughout. Returns (new version, events
/// applied, seconds).
///
/// A projection's fold that fails on an event (see [`RebuildFold`]) cannot say which event's
/// rows it already changed, so the rebuild then starts again page by page with
/// [`Projection::apply`], where such an event is quarantined like in the live projector
/// ([`apply_guarded`]); quarantined events of older versions are forgotten at the switch.
pub async fn rebuild(
    pool: &PgPool,
    p: &dyn Projection,
    page: i64,
    mut progress: impl FnMut(RebuildProgress),
) -> anyhow::Result<(i32, u64, f64)> {
    match rebuild_with(pool, p, page, &mut progress, true).await? {
        Ok(done) => Ok(done),
        Err(fold_error) => {
            tracing::warn!(
                projection = p.name(),
                error = format!("{fold_error:#}"),
                "the rebuild's fold failed on an event; rebuilding page by page instead"
            );
            rebuild_with(pool, p, page, &mut progress, false)
                .await?
                .map_err(|e| e.context("rebuild page by page"))
        }
    }
}

/// [`rebuild`], with the projection's fold when `use_fold` and it has one. The inner error is
/// the fold's failure (nothing switched); the outer any other.
async fn rebuild_with(
    pool: &PgPool,
    p: &dyn Projection,
    page: i64,
    progress: &mut dyn FnMut(RebuildProgress),
    use_fold: bool,
) -> anyhow::Result<anyhow::Result<(i32, u64, f64)>> {
    install(pool, p).await?;
    let started = Instant::now();
    let current: i32 =
        sqlx::query_scalar("SELECT version FROM projection_checkpoint WHERE projection = $1")
            .bind(p.name())
            .fetch_one(pool)
            .await?;
    let version = current + 1;
    let schema = create_version(pool, p, version).await?;
    let (total, _) =
        gbvf_events::store::lag_after(pool, Position::ZERO, p.aggregate_types()).await?;
    let mut at = Position::ZERO;
    let mut applied = 0u64;
    // Phase 1: build the new version without blocking the live projector. A reader task reads
    // the next pages while this one folds or applies the current one. The new version's
    // schema is private until the switch, and a failed rebuild is started again from zero, so
    // its transactions need not wait for the WAL flush.
    let mut fold = if use_fold { p.rebuild_fold() } else { None };
    let raw = fold.as_ref().is_some_and(|f| f.raw());
    let mut pages = spawn_reader(pool.clone(), p.aggregate_types(), at, page, raw);
    while let Some(events) = pages.recv().await {
        let events = events?;
        let Some(last) = events.last() else {
            break;
        };
        at = last;
        let folded = match (fold.as_mut(), &events) {
            (Some(f), Page::Raw(raw)) => f.fold(FoldPage::Raw(raw)),
            (Some(f), Page::Stored(stored)) => f.fold(FoldPage::Decoded(stored)),
            _ => Ok(()),
        };
        if let Err(e) = folded {
            return Ok(Err(e));
        }
        match (fold.as_mut(), &events) {
            (Some(_), _) => {}
            (None, Page::Stored(stored)) => {
                let mut tx = pool.begin().await?;
                sqlx::query("SET LOCAL synchronous_commit = off")
                    .execute(&mut *tx)
                    .await?;
                apply_guarded(&mut tx, p, &schema, version, stored).await?;
                tx.commit().await?;
            }
            (None, Page::Raw(_)) => unreachable!("raw pages are read only for a fold"),
        }
        applied += events.len() as u64;
        progress(RebuildProgress {
            applied,
            total: total as u64,
        });
    }
    let folded_at = started.elapsed().as_secs_f64();
    if let Some(f) = fold {
        let mut tx = pool.begin().await?;
        sqlx::query("SET LOCAL synchronous_commit = off")
            .execute(&mut *tx)
            .await?;
        f.write(&mut tx, &schema).await?;
        tx.commit().await?;
        tracing::info!(
            projection = p.name(),
            events = applied,
            read_and_fold_s = folded_at,
            write_s = started.elapsed().as_secs_f64() - folded_at,
            "rebuild folded in memory and written"
        );
    }
    // Statistics for the new tables before reads switch to them: a table filled by one COPY
    // has none until autovacuum comes by, and the planner then guesses (found by bench
    // section 8: national crime figures took 89 ms instead of 10 ms right after a rebuild).
    for table in p.tables() {
        sqlx::query(&format!("ANALYZE {schema}.{table}"))
            .execute(pool)
            .await?;
    }
    // Phase 2: switch. Holding the checkpoint row stops the live projector between pages.
    let mut tx = pool.begin().await?;
    let _: (i32,) = sqlx::query_as(
        "SELECT version FROM projection_checkpoint WHERE projection = $1 FOR UPDATE",
    )
    .bind(p.name())
    .fetch_one(&mut *tx)
    .await?;
    let mut last_event_at = None;
    loop {
        let events = read_page(&mut tx, at, p.aggregate_types(), page).await?;
        if events.is_empty() {
            break;
        }
        apply_guarded(&mut tx, p, &schema, version, &events).await?;
        let last = events.last().expect("non-empty");
        at = Position {
            transaction_id: last.transaction_id,
            global_position: last.global_position,
        };
        last_event_at = Some(last.recorded_at);
        applied += events.len() as u64;
        progress(RebuildProgress {
            applied,
            total: total.max(applied as i64) as u64,
        });
    }
    point_views(&mut tx, p, &schema).await?;
    sqlx::query("DELETE FROM projection_quarantine WHERE projection = $1 AND version <> $2")
        .bind(p.name())
        .bind(version)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM projection_quarantine WHERE projection = $1 AND version <> $2")
        .bind(p.name())
        .bind(version)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE projection_checkpoint SET version = $2, last_transaction_id = $3::text::xid8, last_global_position = $4,
             events_applied = $5, last_event_at = COALESCE($6, last_event_at), updated_at = now(), ddl_hash = $7
         WHERE projection = $1",
    )
    .bind(p.name())
    .bind(version)
    .bind(at.transaction_id.to_string())
    .bind(at.global_position)
    .bind(applied as i64)
    .bind(last_event_at)
    .bind(ddl_hash(p))
    .execute(&mut *tx)
    .await?;
    // Drop every older version (also leftovers of an interrupted earlier rebuild).
    let schemas: Vec<String> = sqlx::query_scalar(
        "SELECT nspname::text FROM pg_namespace WHERE nspname LIKE $1 AND nspname <> $2",
    )
    .bind(format!("proj\\_{}\\_v%", p.name()))
    .bind(&schema)
    .fetch_all(&mut *tx)
    .await?;
    for old in schemas {
        sqlx::query(&format!("DROP SCHEMA {old} CASCADE"))
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("SELECT pg_notify('gbvf_projections', $1)")
        .bind(p.name())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Ok((version, applied, started.elapsed().as_secs_f64())))
}

/// Rows written per statement by [`insert_rows`].
const INSERT_CHUNK: usize = 5_000;

/// Writes `rows` into `{schema}.{table}` with plain `INSERT … SELECT FROM
/// jsonb_populate_recordset`, [`INSERT_CHUNK`] rows per statement: each row is serialised to a
/// JSON object whose keys are the table's column names (a missing key is NULL, not the
/// column's default, so a row type names every column), JSON arrays become SQL arrays, JSON
/// values of `jsonb` columns are kept as they are, `null` is NULL and `""` an empty text.
/// What a [`RebuildFold`] that is not bound by volume writes with (the crime fold, millions of
/// rows, uses `COPY`). Errors: the database's (a type that does not fit a column).
pub async fn insert_rows<T: serde::Serialize>(
    tx: &mut Transaction<'_, Postgres>,
    schema: &str,
    table: &str,
    rows: impl IntoIterator<Item = T>,
) -> anyhow::Result<u64> {
    let sql = format!(
        "INSERT INTO {schema}.{table} SELECT * FROM jsonb_populate_recordset(NULL::{schema}.{table}, $1)"
    );
    let mut written = 0;
    let mut chunk = Vec::with_capacity(INSERT_CHUNK);
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        chunk.clear();
        chunk.extend(rows.by_ref().take(INSERT_CHUNK));
        written += sqlx::query(&sql)
            .bind(sqlx::types::Json(&chunk))
            .execute(&mut **tx)
            .await?
            .rows_affected();
    }
    Ok(written)
}

/// One projection's status.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Status {
    /// Projection name.
    pub projection: String,
    /// Active version.
    pub version: i32,
    /// Checkpoint: last applied (transaction id, global position).
    pub position: Position,
    /// Events applied into the active version.
    pub events_applied: i64,
    /// Events of its types after the checkpoint.
    pub lag_events: i64,
    /// Seconds since the oldest unapplied event was recorded (0 when caught up).
    pub lag_seconds: f64,
    /// `running`, `idle` or `rebuilding`.
    pub state: String,
    /// Events of the active version that could not be applied and were skipped
    /// (`projection_quarantine`); the read model is degraded while this is above 0.
    pub quarantined: i64,
    /// Last checkpoint update.
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

/// Status of each of `projections` (installed or not).
pub async fn status(
    pool: &PgPool,
    projections: &[Arc<dyn Projection>],
) -> anyhow::Result<Vec<Status>> {
    let mut out = Vec::new();
    for p in projections {
        let row: Option<(i32, i64, i64, i64, String, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
            "SELECT version, (last_transaction_id::text)::bigint, last_global_position, events_applied, state, updated_at
             FROM projection_checkpoint WHERE projection = $1",
        )
        .bind(p.name())
        .fetch_optional(pool)
        .await?;
        let (version, txid, pos, applied, state, updated_at) =
            row.unwrap_or((0, 0, 0, 0, "not installed".into(), chrono::Utc::now()));
        let position = Position {
            transaction_id: txid,
            global_position: pos,
        };
        let (lag_events, oldest) =
            gbvf_events::store::lag_after(pool, position, p.aggregate_types()).await?;
        let lag_seconds = oldest
            .map(|t| (chrono::Utc::now() - t).num_milliseconds() as f64 / 1000.0)
            .unwrap_or(0.0)
            .max(0.0);
        // A lease holder that stopped without cleaning up shows as idle: check the lock itself.
        let held: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
                 AND objsubid = 1 AND ((classid::bigint << 32) | objid::bigint) = $1)",
        )
        .bind(lock_key(p.name()))
        .fetch_one(pool)
        .await?;
        let state = if held {
            "running".to_string()
        } else if state == "running" {
            "idle".to_string()
        } else {
            state
        };
        let quarantined: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM projection_quarantine WHERE projection = $1 AND version = $2",
        )
        .bind(p.name())
        .bind(version)
        .fetch_one(pool)
        .await?;
        metrics::gauge!("gbvf_projector_quarantined_events", "projection" => p.name())
            .set(quarantined as f64);
        out.push(Status {
            quarantined,
            projection: p.name().into(),
            version,
            position,
            events_applied: applied,
            lag_events,
            lag_seconds,
            state,
            updated_at,
        });
    }
    Ok(out)
}

#[allow(dead_code)]
fn _assert_send(pool: &PgPool, p: &dyn Projection, rx: &mut watch::Receiver<bool>) {
    fn is_send<T: Send>(_: T) {}
    is_send(step(pool, p, 1));
    is_send(async {
        let mut c = pool.acquire().await.unwrap();
        read_page(&mut c, Position::ZERO, &[], 1).await
    });
    is_send(async {
        let mut tx = pool.begin().await.unwrap();
        p.apply(&mut tx, "s", &[]).await
    });
    is_send(catch_up(pool, p));
    is_send(install(pool, p));
    is_send(run_leased(pool, p, rx));
}
