//! The projector loop: a lease, pages in commit order below the horizon, each applied with its
//! checkpoint in one transaction; catch-ups started at most once per batch window.

use crate::engine::apply_guarded;
use crate::engine::install;
use crate::engine::schema_name;
use crate::engine::versions::lock_key;
use crate::engine::Projection;
use crate::engine::BATCH_WINDOW;
use crate::engine::PAGE;
use crate::engine::POLL;
use gbvf_events::store::{read_page, Position, StoredEvent};
use sqlx::{PgConnection, PgPool};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

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
pub(super) const MAX_PAGE_LINKS: usize = 128;

/// A root span for one applied page (`projector page`, attributes `projection` and
/// `events.count`), linked to the trace of each distinct request whose events it applies (their
/// `traceparent` metadata, written by the traced event repository), at most
/// [`MAX_PAGE_LINKS`].
pub(super) fn page_span(projection: &'static str, events: &[StoredEvent]) -> tracing::Span {
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

/// Applies one page after the projection's checkpoint, in one transaction with the checkpoint
/// update, on `connection`. The checkpoint row is held `FOR UPDATE`, which serialises this with
/// a rebuild's switch; the schema written is always the one of the version in that row.
///
/// The transaction commits asynchronously (`synchronous_commit` off for it alone, set by the
/// statement that locks the checkpoint): its rows are visible at once, and a crash can lose only
/// the last pages applied together with their checkpoint, which are applied again from the
/// log (docs/decisions/0162-projector-pages-commit-asynchronously.md). Seven round trips
/// whatever the page holds, besides the projection's own statements: `BEGIN`, the checkpoint
/// lock, the page, a savepoint and its release around the projection ([`apply_guarded`]), the
/// checkpoint move with its notification, `COMMIT`.
pub async fn step(
    connection: &mut PgConnection,
    p: &dyn Projection,
    page: i64,
) -> anyhow::Result<Step> {
    let mut tx = sqlx::Connection::begin(&mut *connection).await?;
    let (version, txid, pos): (i32, i64, i64) = sqlx::query_as(
        "SELECT version, (last_transaction_id::text)::bigint, last_global_position
         FROM projection_checkpoint,
              LATERAL (SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous
         WHERE projection = $1 FOR UPDATE OF projection_checkpoint",
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
    // The checkpoint moves and the servers hear of it (their response caches) in one statement.
    sqlx::query(
        "WITH moved AS (
             UPDATE projection_checkpoint SET last_transaction_id = $2::text::xid8, last_global_position = $3,
                 events_applied = events_applied + $4, last_event_at = $5, updated_at = now()
             WHERE projection = $1 RETURNING projection)
         SELECT pg_notify('gbvf_projections', projection) FROM moved",
    )
    .bind(p.name())
    .bind(last.transaction_id.to_string())
    .bind(last.global_position)
    .bind(events.len() as i64)
    .bind(last.recorded_at)
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
/// call began has been applied, on one connection of `pool` ([`catch_up_on`]). Returns events
/// applied.
pub async fn catch_up(pool: &PgPool, p: &dyn Projection) -> anyhow::Result<u64> {
    let mut connection = pool.acquire().await?;
    catch_up_on(&mut connection, p).await
}

/// [`catch_up`] with every statement on `connection` (each release of a pooled connection
/// costs a round trip). Returns events applied.
///
/// The horizon is cluster-wide: a transaction still open anywhere on the server (even in
/// another database) holds it back, so a step can find nothing to apply although newer events
/// are committed. This then waits briefly and tries again, for up to a minute.
async fn catch_up_on(connection: &mut PgConnection, p: &dyn Projection) -> anyhow::Result<u64> {
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
    let row = query
        .bind(p.name())
        .fetch_optional(&mut *connection)
        .await?;
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
        let s = step(connection, p, PAGE).await?;
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

pub(super) async fn run_leased(
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
