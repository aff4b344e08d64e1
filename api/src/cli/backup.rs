//! `gbvf backup FILE` and `gbvf restore FILE`: the write side of the product
//! in one PostgreSQL custom-format archive, and its restore into an empty database followed by a
//! rebuild of every projection.
//!
//! What is kept ([`WRITE_SIDE_TABLES`]): the event log and the tables that are not derived from
//! it — the personal data of account holders and the e-mail → user lookup kept out of the log
//! (`person`, `user_email`; POPIA), password and code hashes (`credential`), building-block
//! contact persons and free-text reasons kept out of the log (`bb_contact_person`,
//! `decision_reason`), the names credited for
//! questionnaire translations (`questionnaire_translation_credit`), the e-mail outbox and its checkpoint, the server secret that
//! signs CSRF tokens (and derives the noise of health-check results), the public health-check
//! figures as published (`health_check_public_cell`, `health_check_publication`), and the audit seal of the log (`event_seal`,
//! `event_seal_checkpoint`: it cannot be made again for the past). What is not: projections (rebuilt from the log), sessions, pending one-time
//! codes and rate-limit counters (transient; people sign in again).
//!
//! The archive is made by `pg_dump --format=custom --data-only` and loaded by `pg_restore
//! --single-transaction`, the PostgreSQL tools (a wrapper, not our own format). They must be on
//! `PATH` or in `GBVF_PG_BIN`.
//!
//! Transaction ids (the trap of `../shared/guides/event-store.md`, "reading the log in commit
//! order"): every event stores the id of the transaction that wrote it, and readers take only
//! events below the server's transaction horizon, in `(transaction_id, global_position)` order.
//! A new server's transaction ids may be far lower than the restored ones; events written after
//! the restore would then sort before the restored ones and be skipped by projectors whose
//! checkpoint is past them. So the restore, in the same transaction as the load, renumbers the
//! restored events' `transaction_id` to [`RESTORED_TRANSACTION_ID`] (below any real one), which
//! keeps each aggregate's order (positions grow with sequences) and lets the read order fall
//! back to `global_position`. The mail checkpoint is moved to just before the first event it
//! had not read, so nothing is missed; events it re-reads queue nothing twice (idempotency keys).
//! Payloads, positions and times are untouched. Recorded in
//! docs/decisions/0094-backup-and-restore.md.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};
use sqlx::PgPool;

/// Tables in the archive, in load order.
pub const WRITE_SIDE_TABLES: [&str; 14] = [
    "events",
    "event_seal",
    "event_seal_checkpoint",
    "person",
    "user_email",
    "credential",
    "bb_contact_person",
    "decision_reason",
    "questionnaire_translation_credit",
    "mail_outbox",
    "mail_checkpoint",
    "server_secret",
    "health_check_public_cell",
    "health_check_publication",
];

/// The `transaction_id` restored events get: lower than any id a server hands out (normal
/// transaction ids start at 3), so later events sort after them.
pub const RESTORED_TRANSACTION_ID: i64 = gbvf_events::store::RESTORED_TRANSACTION_ID;

/// Path of a PostgreSQL client program: `$GBVF_PG_BIN/<name>` when set, else `<name>` on PATH.
fn pg_tool(name: &str) -> PathBuf {
    match std::env::var_os("GBVF_PG_BIN") {
        Some(dir) => Path::new(&dir).join(name),
        None => PathBuf::from(name),
    }
}

fn run_tool(mut cmd: Command, what: &str) -> anyhow::Result<()> {
    let out = cmd.output().with_context(|| {
        format!("{what}: could not start it (install postgresql-client or set GBVF_PG_BIN)")
    })?;
    if !out.status.success() {
        bail!(
            "{what} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(())
}

/// Writes the archive of [`WRITE_SIDE_TABLES`] of the database at `url` to `file` (created or
/// replaced). Returns the number of events in it. The archive holds password hashes and
/// personal data: keep it as safe as the database.
pub async fn backup(pool: &PgPool, url: &str, file: &Path) -> anyhow::Result<i64> {
    crate::cli::migrate(pool).await?;
    let mut cmd = Command::new(pg_tool("pg_dump"));
    cmd.args([
        "--format=custom",
        "--data-only",
        "--no-owner",
        "--no-privileges",
    ]);
    for t in WRITE_SIDE_TABLES {
        cmd.arg(format!("--table=public.{t}"));
    }
    cmd.arg("--file").arg(file).arg("--dbname").arg(url);
    // One snapshot for every table (pg_dump's own), so the archive is consistent.
    run_tool(cmd, "pg_dump")?;
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(pool)
        .await?;
    Ok(events)
}

/// What a restore did.
#[derive(Debug, serde::Serialize)]
pub struct RestoreReport {
    /// Events loaded.
    pub events: i64,
    /// Events applied per projection by the rebuild: (projection, events).
    pub projected: Vec<(String, u64)>,
}

/// Loads `file` (made by [`backup`]) into the database at `url`, which must hold no events,
/// then rebuilds every projection from the restored log.
///
/// Errors: the database already has events (nothing is changed); the archive cannot be read
/// or does not match the tables (nothing is loaded: one transaction).
pub async fn restore(pool: &PgPool, url: &str, file: &Path) -> anyhow::Result<RestoreReport> {
    if !file.is_file() {
        bail!("{} is not a file", file.display());
    }
    crate::cli::migrate(pool).await?;
    // A freshly migrated database holds only what `gbvf migrate` seeds (the default groups and
    // the built-in questionnaire versions); the archive holds the source's own seed events, so
    // those give way too.
    let existing: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events
         WHERE NOT (aggregate_type = 'group' AND metadata->>'source' = 'cli:migrate')
           AND NOT (aggregate_type = $1 AND metadata->>'source' = $2)",
    )
    .bind(gbvf_events::health_check::QUESTIONNAIRE_AGGREGATE)
    .bind(gbvf_commands::health_check::QUESTIONNAIRE_SOURCE)
    .fetch_one(pool)
    .await?;
    if existing > 0 {
        bail!("the database already holds {existing} events: restore only into an empty database");
    }
    // Rows a fresh database gets from its migrations or a first start (seeded groups, the mail
    // checkpoint, a server secret) give way to the archive's.
    let tables = WRITE_SIDE_TABLES.join(", ");
    sqlx::query(&format!("TRUNCATE {tables}"))
        .execute(pool)
        .await?;
    let mut cmd = Command::new(pg_tool("pg_restore"));
    cmd.args([
        "--data-only",
        "--single-transaction",
        "--exit-on-error",
        "--no-owner",
        "--no-privileges",
    ])
    .arg("--dbname")
    .arg(url)
    .arg(file);
    run_tool(cmd, "pg_restore")?;
    reset_transaction_ids(pool).await?;
    // An archive older than a built-in questionnaire version gets it now, after the restored
    // events (new transaction ids sort after them).
    gbvf_commands::health_check::publish_questionnaires(pool).await?;
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(pool)
        .await?;
    // Every projection is rebuilt from position zero (their checkpoints had passed the seeded
    // events, which the restored ones now sort before).
    let mut projected = Vec::new();
    for p in gbvf_projections::all() {
        let (_, n, _) = gbvf_projections::engine::rebuild(
            pool,
            p.as_ref(),
            gbvf_projections::engine::PAGE,
            |_| {},
        )
        .await?;
        projected.push((p.name().to_string(), n));
    }
    Ok(RestoreReport { events, projected })
}

/// The documented reset step (module docs): restored events below every real transaction id,
/// the mail checkpoint just before the first event it had not read. One transaction.
pub async fn reset_transaction_ids(pool: &PgPool) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    // First event after the mail checkpoint, in the original order.
    let unread: Option<i64> = sqlx::query_scalar(
        "SELECT min(e.global_position) FROM events e, mail_checkpoint c
         WHERE c.worker = 'mail' AND (e.transaction_id, e.global_position) > (c.last_transaction_id, c.last_global_position)",
    )
    .fetch_one(&mut *tx)
    .await?;
    let last: Option<i64> = sqlx::query_scalar("SELECT max(global_position) FROM events")
        .fetch_one(&mut *tx)
        .await?;
    sqlx::query("UPDATE events SET transaction_id = $1::text::xid8")
        .bind(RESTORED_TRANSACTION_ID.to_string())
        .execute(&mut *tx)
        .await?;
    // The next position continues after the restored ones.
    sqlx::query(
        "SELECT setval(pg_get_serial_sequence('events', 'global_position'), greatest(coalesce(max(global_position), 0), 1))
         FROM events",
    )
    .execute(&mut *tx)
    .await?;
    let mail_position = match (unread, last) {
        (Some(first_unread), _) => first_unread - 1,
        (None, Some(last)) => last,
        (None, None) => 0,
    };
    sqlx::query(
        "UPDATE mail_checkpoint SET last_transaction_id = $1::text::xid8, last_global_position = $2
         WHERE worker = 'mail'",
    )
    .bind(RESTORED_TRANSACTION_ID.to_string())
    .bind(mail_position)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}
