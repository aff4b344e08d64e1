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
//!
//! - [`versions`]: a projection's schema versions, views and installation.
//! - [`worker`]: the leased projector loop and its catch-ups.
//! - [`quarantine`]: events a projection cannot apply, set aside and reported.
//! - [`rebuild`]: building version n+1 from the whole log while n serves.
//! - [`status`]: each projection's position and lag.

pub mod quarantine;
pub mod rebuild;
pub mod status;
pub mod versions;
pub mod worker;

use crate::engine::worker::run_leased;
pub use quarantine::{apply_guarded, is_poison, quarantined, Quarantined, QUARANTINE_PER_PAGE};
pub use rebuild::{rebuild, RebuildProgress};
pub use status::{checkpoint, status, Status};
pub use versions::{ddl_hash, install, needs_rebuild, schema_name};
pub use worker::{catch_up, run, step, Step};

use async_trait::async_trait;
use gbvf_events::store::{read_page, Position, RawEvent, StoredEvent};
use sqlx::{PgPool, Postgres, Transaction};
use std::time::Duration;
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
/// projection; docs/decisions/0007-every-projection-rebuilds-through-a-fold.md): events are folded
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

/// Rows written per statement by [`insert_rows`].
pub(super) const INSERT_CHUNK: usize = 5_000;

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

#[allow(dead_code)]
pub(super) fn _assert_send(pool: &PgPool, p: &dyn Projection, rx: &mut watch::Receiver<bool>) {
    fn is_send<T: Send>(_: T) {}
    is_send(async {
        let mut c = pool.acquire().await.unwrap();
        step(&mut c, p, 1).await
    });
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
