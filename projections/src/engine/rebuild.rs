//! Rebuilding a projection: version n+1 folded from the whole log in memory while n serves,
//! then views, checkpoint and old schema switched in one transaction.

use crate::engine::apply_guarded;
use crate::engine::ddl_hash;
use crate::engine::install;
use crate::engine::versions::create_version;
use crate::engine::versions::point_views;
use crate::engine::FoldPage;
use crate::engine::Projection;
use gbvf_events::store::{read_page, read_raw_page, Position, RawEvent, StoredEvent};
use sqlx::PgPool;
use std::time::Instant;

/// Pages ahead of the rebuild's applier (reading overlaps applying).
pub(super) const READ_AHEAD: usize = 2;

/// A page read ahead for a rebuild: decoded events for [`Projection::apply`], or raw ones for a
/// [`RebuildFold`].
pub(super) enum Page {
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
pub(super) fn spawn_reader(
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
pub(super) async fn rebuild_with(
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
