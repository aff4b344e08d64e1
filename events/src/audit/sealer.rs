//! The sealer: appends each committed event to the audit chain, after commit, in commit order.
//!
//! Like a projector (projections/src/engine/worker.rs) it reads pages in commit order
//! `(transaction_id, global_position)` below `pg_snapshot_xmin(pg_current_snapshot())`
//! (see [`crate::store::read_page`]), so writers are never serialised by it and no event can
//! commit later below a sealed one. Its cursor is the commit position of the event at the head
//! of the chain (no checkpoint row of its own: a restore, which rewrites transaction ids, moves
//! it with the events). One step is one transaction: the page's `event_seal` rows and, when
//! due, a signed checkpoint. [`run`] holds a session advisory lock as its lease, so one
//! process seals at a time; each step also takes a transaction-scoped lock, so a one-off
//! [`seal_now`] (the proof export) never races the worker.

use std::time::Duration;

use ed25519_dalek::{Signer, SigningKey};
use sqlx::PgPool;
use tokio::sync::watch;

use super::{checkpoint_message, next_seal, SealedFields, GENESIS, SEALED_COLUMNS};

/// Events sealed per step (one transaction).
pub const PAGE: i64 = 5_000;
/// A checkpoint is signed at least every this many events ...
pub const CHECKPOINT_EVERY: i64 = 1_000;
/// ... and, while events arrive, at least this often.
pub const CHECKPOINT_AFTER: Duration = Duration::from_secs(10);

/// The lease (session advisory lock) of the sealer worker.
const LEASE_KEY: i64 = 0x6762_7666_7365_616c; // "gbvfseal"
/// Taken by every step for its transaction.
const STEP_KEY: i64 = 0x6762_7666_7374_6570; // "gbvfstep"

/// What one step did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Events appended to the chain.
    pub sealed: usize,
    /// Whether a checkpoint was signed.
    pub checkpointed: bool,
    /// Whether another process held the step lock (nothing done).
    pub busy: bool,
}

#[derive(sqlx::FromRow)]
struct Head {
    chain_index: i64,
    seal: Vec<u8>,
    global_position: i64,
    transaction_id: Option<i64>,
    recorded_at: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(sqlx::FromRow)]
struct PageRow {
    recorded_at: chrono::DateTime<chrono::Utc>,
    #[sqlx(flatten)]
    fields: SealedFields,
}

/// Seals up to `page` committed events after the head and signs checkpoints: at every
/// [`CHECKPOINT_EVERY`]th entry after the last one signed, and at the head when it is not
/// signed and [`CHECKPOINT_AFTER`] has passed since the last signature (or `force`, or none
/// exists yet). Errors: the event at the head of the chain is missing from the
/// log (it was deleted: sealing stops until someone looks, `gbvf events verify` names it); the
/// database's.
pub async fn step(pool: &PgPool, key: &SigningKey, page: i64, force: bool) -> anyhow::Result<Step> {
    let mut tx = pool.begin().await?;
    let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_xact_lock($1)")
        .bind(STEP_KEY)
        .fetch_one(&mut *tx)
        .await?;
    if !locked {
        return Ok(Step {
            busy: true,
            ..Step::default()
        });
    }
    let head: Option<Head> = sqlx::query_as(
        "SELECT s.chain_index, s.seal, s.global_position,
                (e.transaction_id::text)::bigint AS transaction_id, e.recorded_at
         FROM event_seal s LEFT JOIN events e ON e.global_position = s.global_position
         ORDER BY s.chain_index DESC LIMIT 1",
    )
    .fetch_optional(&mut *tx)
    .await?;
    let (mut index, mut seal, after, mut head_at) = match &head {
        None => (0i64, GENESIS, (0i64, 0i64), None),
        Some(h) => {
            let Some(txid) = h.transaction_id else {
                anyhow::bail!(
                    "the event at the head of the audit chain (global position {}) is missing from the log; run `gbvf events verify`",
                    h.global_position
                );
            };
            let seal: [u8; 32] = h.seal.clone().try_into().map_err(|_| {
                anyhow::anyhow!("seal of chain entry {} is not 32 bytes", h.chain_index)
            })?;
            (
                h.chain_index,
                seal,
                (txid, h.global_position),
                h.recorded_at,
            )
        }
    };
    let rows: Vec<PageRow> = sqlx::query_as(&format!(
        "SELECT e.recorded_at, {SEALED_COLUMNS}
         FROM events e
         WHERE (e.transaction_id, e.global_position) > ($1::text::xid8, $2)
           AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY e.transaction_id, e.global_position
         LIMIT $3"
    ))
    .bind(after.0.to_string())
    .bind(after.1)
    .bind(page)
    .fetch_all(&mut *tx)
    .await?;
    let last: Option<(i64, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "SELECT chain_index, signed_at FROM event_seal_checkpoint ORDER BY chain_index DESC LIMIT 1",
    )
    .fetch_optional(&mut *tx)
    .await?;
    let (mut signed, last_signed_at) = match last {
        Some((i, at)) => (i, Some(at)),
        None => (0, None),
    };
    let mut indexes = Vec::with_capacity(rows.len());
    let mut positions = Vec::with_capacity(rows.len());
    let mut digests = Vec::with_capacity(rows.len());
    let mut seals = Vec::with_capacity(rows.len());
    // Checkpoints to sign: every CHECKPOINT_EVERY entries within the page, then the head when
    // it is due by time or asked for.
    let mut to_sign: Vec<(i64, i64, [u8; 32], chrono::DateTime<chrono::Utc>)> = Vec::new();
    for r in &rows {
        let digest = r.fields.digest();
        seal = next_seal(&seal, &digest);
        index += 1;
        indexes.push(index);
        positions.push(r.fields.global_position);
        digests.push(digest.to_vec());
        seals.push(seal.to_vec());
        head_at = Some(r.recorded_at);
        if index - signed >= CHECKPOINT_EVERY {
            to_sign.push((index, r.fields.global_position, seal, r.recorded_at));
            signed = index;
        }
    }
    if !rows.is_empty() {
        sqlx::query(
            "INSERT INTO event_seal (chain_index, global_position, digest, seal)
             SELECT * FROM UNNEST($1::bigint[], $2::bigint[], $3::bytea[], $4::bytea[])",
        )
        .bind(&indexes)
        .bind(&positions)
        .bind(&digests)
        .bind(&seals)
        .execute(&mut *tx)
        .await?;
    }
    let now = chrono::Utc::now();
    let head_due = index > signed
        && (force
            || last_signed_at.is_none()
            || last_signed_at
                .is_some_and(|at| (now - at).to_std().unwrap_or_default() >= CHECKPOINT_AFTER));
    if head_due {
        let position = positions.last().copied().unwrap_or(after.1);
        to_sign.push((index, position, seal, head_at.unwrap_or(now)));
    }
    // Microsecond precision, as PostgreSQL stores it and the signed message says.
    let signed_at = chrono::DateTime::from_timestamp_micros(now.timestamp_micros())
        .expect("now is representable");
    for (at_index, position, at_seal, at_time) in &to_sign {
        let msg = checkpoint_message(
            *at_index,
            *position,
            at_seal,
            at_time.timestamp_micros(),
            signed_at.timestamp_micros(),
        );
        let signature = key.sign(msg.as_bytes());
        sqlx::query(
            "INSERT INTO event_seal_checkpoint
                 (chain_index, global_position, seal, recorded_at, signed_at, public_key, signature)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(at_index)
        .bind(position)
        .bind(&at_seal[..])
        .bind(at_time)
        .bind(signed_at)
        .bind(&key.verifying_key().as_bytes()[..])
        .bind(&signature.to_bytes()[..])
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    metrics::gauge!("gbvf_audit_chain_length").set(index as f64);
    Ok(Step {
        sealed: rows.len(),
        checkpointed: !to_sign.is_empty(),
        busy: false,
    })
}

/// Removes the chain from the first entry whose event is gone (with the checkpoints from there
/// on), inside the caller's transaction, so the sealer seals the remaining events afresh. Only
/// for a sanctioned removal (`gbvf examples remove`); anything else that deletes events is
/// what `gbvf events verify` exists to find. Returns the chain index cut at, if any.
pub async fn cut_at_missing(tx: &mut sqlx::PgConnection) -> sqlx::Result<Option<i64>> {
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(STEP_KEY)
        .execute(&mut *tx)
        .await?;
    let at: Option<i64> = sqlx::query_scalar(
        "SELECT min(s.chain_index) FROM event_seal s
         WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.global_position = s.global_position)",
    )
    .fetch_one(&mut *tx)
    .await?;
    if let Some(at) = at {
        for table in ["event_seal_checkpoint", "event_seal"] {
            sqlx::query(&format!("DELETE FROM {table} WHERE chain_index >= $1"))
                .bind(at)
                .execute(&mut *tx)
                .await?;
        }
    }
    Ok(at)
}

/// Longest [`seal_now`] waits for the xmin horizon to pass the newest committed event (a
/// transaction open anywhere on the PostgreSQL server holds the horizon back).
pub const SEAL_NOW_WAIT: Duration = Duration::from_secs(30);

/// Seals every event committed before the call and signs the head (waiting while another
/// process holds the step lock, and while older transactions still running anywhere on the
/// server keep the newest committed event above the horizon, at most [`SEAL_NOW_WAIT`]).
/// Returns the number of events sealed. Used by the proof export and tests; the worker
/// ([`run`]) does the same continuously.
pub async fn seal_now(pool: &PgPool) -> anyhow::Result<u64> {
    let key = super::key::signing_key(pool).await?;
    let newest: Option<i64> = sqlx::query_scalar("SELECT max(global_position) FROM events")
        .fetch_one(pool)
        .await?;
    let deadline = std::time::Instant::now() + SEAL_NOW_WAIT;
    let mut total = 0u64;
    loop {
        let s = step(pool, &key, PAGE, true).await?;
        total += s.sealed as u64;
        if s.sealed > 0 {
            continue;
        }
        let reached = match newest {
            None => true,
            Some(p) => {
                sqlx::query_scalar(
                    "SELECT EXISTS (SELECT 1 FROM event_seal WHERE global_position = $1)",
                )
                .bind(p)
                .fetch_one(pool)
                .await?
            }
        };
        if (reached && !s.busy) || std::time::Instant::now() > deadline {
            return Ok(total);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs the sealer until `shutdown` turns true: takes the lease, seals page after page, and
/// sleeps until events are committed (in this process or, through the wake listener, another)
/// or a second passes. Errors are logged and retried with back-off (a missing head event is
/// logged at error level every time: sealing stays stopped until the log is looked at).
pub async fn run(pool: PgPool, mut shutdown: watch::Receiver<bool>) {
    let mut backoff = Duration::from_millis(200);
    while !*shutdown.borrow() {
        match run_leased(&pool, &mut shutdown).await {
            Ok(()) => return,
            Err(e) => {
                tracing::error!(error = %format!("{e:#}"), "audit sealer failed; retrying");
                tokio::select! {
                    _ = tokio::time::sleep(backoff) => {}
                    _ = shutdown.changed() => {}
                }
                backoff = (backoff * 2).min(Duration::from_secs(10));
            }
        }
    }
}

async fn run_leased(pool: &PgPool, shutdown: &mut watch::Receiver<bool>) -> anyhow::Result<()> {
    crate::wake::spawn_listener(pool.clone());
    let commits = crate::wake::subscribe(&[]);
    let key = super::key::signing_key(pool).await?;
    // The lease lives as long as this connection: if the process dies, PostgreSQL releases it.
    let mut lease = pool.acquire().await?.detach();
    let mut leased = false;
    loop {
        if !leased {
            leased = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                .bind(LEASE_KEY)
                .fetch_one(&mut lease)
                .await?;
        }
        if leased {
            while step(pool, &key, PAGE, false).await?.sealed > 0 {}
        }
        tokio::select! {
            _ = commits.committed() => {}
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            _ = shutdown.changed() => { if *shutdown.borrow() { return Ok(()); } }
        }
    }
}
