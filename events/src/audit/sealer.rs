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

use super::heads::{HeadsFile, Line};
use super::merkle::Frontier;
use super::{next_seal, tree_head_message, Checkpoint, SealedFields, SEALED_COLUMNS};

/// Events sealed per step (one transaction).
pub const PAGE: i64 = 5_000;
/// A checkpoint is signed at least every this many events ...
pub const CHECKPOINT_EVERY: i64 = 1_000;
/// ... and, while events arrive, at least this often.
pub const CHECKPOINT_AFTER: Duration = Duration::from_secs(10);

/// The lease (session advisory lock) of the sealer worker.
pub(crate) const LEASE_KEY: i64 = 0x6762_7666_7365_616c; // "gbvfseal"
/// The transaction-scoped advisory lock every step (and a sanctioned cut) takes.
pub const STEP_KEY: i64 = 0x6762_7666_7374_6570; // "gbvfstep"

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

/// Why the sealer stopped for good: the database no longer holds the chain it signed (seal
/// rows vanished or changed, or the chain does not reach the last head kept outside the
/// database). Never a reason to seal again: an operator must look (`gbvf events verify`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("audit seal alarm: {0}")]
pub struct Alarm(pub String);

static ALARM: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// The alarm this process's sealer raised, if any (one sentence); `/api/health` reports it.
pub fn alarm() -> Option<String> {
    ALARM.lock().map(|a| a.clone()).unwrap_or(None)
}

/// Records an alarm: error log, metrics `gbvf_audit_alarm` (1) and `gbvf_audit_alarms_total`,
/// and [`alarm`].
pub fn raise(a: &Alarm) {
    tracing::error!(alarm = %a.0, "audit seal alarm: sealing stopped; run `gbvf events verify`");
    metrics::gauge!("gbvf_audit_alarm").set(1.0);
    metrics::counter!("gbvf_audit_alarms_total").increment(1);
    if let Ok(mut slot) = ALARM.lock() {
        *slot = Some(a.0.clone());
    }
}

/// The chain as the sealer last made it: its length, seal, Merkle frontier and head.
#[derive(Debug, Clone, Default)]
struct State {
    index: i64,
    seal: [u8; 32],
    tree: Frontier,
    /// Global position and `recorded_at` of the head event.
    head_position: i64,
    head_at: Option<chrono::DateTime<chrono::Utc>>,
    /// Chain index and time of the last signed head.
    signed: i64,
    last_signed_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// A head to sign: chain index, head event's position, chain seal, tree root, head time.
type ToSign = (i64, i64, [u8; 32], [u8; 32], chrono::DateTime<chrono::Utc>);

#[derive(sqlx::FromRow)]
struct PageRow {
    recorded_at: chrono::DateTime<chrono::Utc>,
    #[sqlx(flatten)]
    fields: SealedFields,
}

/// The sealer of one process: its key, the heads file outside the database, and the chain it
/// made (checked against that file when opened, and against the database at every step).
pub struct Sealer {
    key: SigningKey,
    heads: Option<HeadsFile>,
    state: State,
    /// The heads file's length when the state was taken (a cut recorded after it allows
    /// sealing again from the cut).
    heads_mark: u64,
}

/// Moves `state`'s last signed head to the newest checkpoint the database holds within the
/// chain `state` has folded (or the one kept in the heads file, if newer), so a head another
/// process signed is not signed again (a checkpoint's chain index is unique).
async fn signed_since(
    conn: &mut sqlx::PgConnection,
    state: &mut State,
    kept: Option<&Checkpoint>,
) -> anyhow::Result<()> {
    let last: Option<(i64, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "SELECT chain_index, signed_at FROM event_seal_checkpoint WHERE chain_index <= $1
         ORDER BY chain_index DESC LIMIT 1",
    )
    .bind(state.index)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some((i, at)) = last.filter(|(i, _)| *i > state.signed) {
        state.signed = i;
        state.last_signed_at = Some(at);
    }
    if let Some(k) = kept {
        if k.chain_index > state.signed && k.chain_index <= state.index {
            state.signed = k.chain_index;
            state.last_signed_at = chrono::DateTime::from_timestamp_micros(k.signed_at_micros);
        }
    }
    Ok(())
}

/// Folds `event_seal` rows after `state.index` into `state` (checking that indexes run on
/// and that each stored seal follows from the previous one), and checks the chain against
/// `kept` (the last head outside the database) when it passes its index.
async fn fold_rows(
    conn: &mut sqlx::PgConnection,
    state: &mut State,
    kept: Option<&Checkpoint>,
    heads: Option<&HeadsFile>,
) -> anyhow::Result<()> {
    loop {
        let rows: Vec<(i64, i64, Vec<u8>, Vec<u8>)> = sqlx::query_as(
            "SELECT chain_index, global_position, digest, seal FROM event_seal
             WHERE chain_index > $1 ORDER BY chain_index LIMIT 10000",
        )
        .bind(state.index)
        .fetch_all(&mut *conn)
        .await?;
        if rows.is_empty() {
            return Ok(());
        }
        for (index, position, digest, seal) in rows {
            if index != state.index + 1 {
                return Err(Alarm(format!(
                    "chain entries {} to {} are missing from event_seal: seal rows were deleted",
                    state.index + 1,
                    index - 1
                ))
                .into());
            }
            let digest: [u8; 32] = digest
                .try_into()
                .map_err(|_| Alarm(format!("the digest of chain entry {index} is not 32 bytes")))?;
            state.seal = next_seal(&state.seal, &digest);
            if state.seal[..] != seal[..] {
                return Err(Alarm(format!(
                    "the seal of chain entry {index} in event_seal does not follow from the entries before it: event_seal was changed"
                ))
                .into());
            }
            state.tree.push(&digest);
            state.index = index;
            state.head_position = position;
            if let Some(k) = kept.filter(|k| k.chain_index == index) {
                let root_ok = k
                    .tree_root
                    .as_ref()
                    .is_none_or(|r| *r == hex::encode(state.tree.root()));
                if k.seal != hex::encode(state.seal) || !root_ok {
                    return Err(Alarm(format!(
                        "the chain in the database does not reach the head of {index} entries signed at {} and kept in {}: entries up to it were changed",
                        chrono::DateTime::from_timestamp_micros(k.signed_at_micros)
                            .map(|t| t.to_rfc3339())
                            .unwrap_or_default(),
                        heads.map(|h| h.path.display().to_string()).unwrap_or_default()
                    ))
                    .into());
                }
            }
        }
    }
}

impl Sealer {
    /// Takes the chain from the database and checks it against the last head kept outside it
    /// (`heads`, read first): every seal row present and following from the one before, and
    /// the chain's seal and Merkle root at that head's size equal to the signed ones. Reads
    /// every `event_seal` row (32-byte digests: ~1 s per million). Without a kept head, the
    /// database's chain is taken as it is (logged). Errors: an [`Alarm`] when the database
    /// does not hold what was signed; the file's or the database's.
    pub async fn open(
        pool: &PgPool,
        key: SigningKey,
        heads: Option<HeadsFile>,
    ) -> anyhow::Result<Sealer> {
        let mut tx = pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(STEP_KEY)
            .execute(&mut *tx)
            .await?;
        let heads_mark = heads.as_ref().map(HeadsFile::byte_len).unwrap_or(0);
        let kept = match &heads {
            Some(h) => h.last()?,
            None => None,
        };
        let mut state = State::default();
        fold_rows(&mut tx, &mut state, kept.as_ref(), heads.as_ref()).await?;
        if let Some(k) = &kept {
            if state.index < k.chain_index {
                return Err(Alarm(format!(
                    "seal rows vanished: the chain in the database ends at entry {}, but a head of {} entries was signed and kept in {}",
                    state.index,
                    k.chain_index,
                    heads.as_ref().map(|h| h.path.display().to_string()).unwrap_or_default()
                ))
                .into());
            }
        } else if state.index > 0 {
            tracing::warn!(
                entries = state.index,
                file = %heads.as_ref().map(|h| h.path.display().to_string()).unwrap_or_default(),
                "no signed head outside the database yet: the chain in the database is taken as it is"
            );
        }
        if state.index > 0 {
            state.head_at =
                sqlx::query_scalar("SELECT recorded_at FROM events WHERE global_position = $1")
                    .bind(state.head_position)
                    .fetch_optional(&mut *tx)
                    .await?;
        }
        signed_since(&mut tx, &mut state, kept.as_ref()).await?;
        tx.commit().await?;
        metrics::gauge!("gbvf_audit_chain_length").set(state.index as f64);
        Ok(Sealer {
            key,
            heads,
            state,
            heads_mark,
        })
    }

    /// The chain's length as this sealer made it.
    pub fn chain_length(&self) -> i64 {
        self.state.index
    }

    /// Seals up to `page` committed events after the head and signs heads: at every
    /// [`CHECKPOINT_EVERY`]th entry after the last one signed, and at the head when it is not
    /// signed and [`CHECKPOINT_AFTER`] has passed since the last signature (or `force`, or none
    /// exists yet). Each signed head carries the Merkle root, goes into
    /// `event_seal_checkpoint` in the step's transaction and, after commit, into the heads
    /// file (under its lock, taken before the commit). First it checks that the database still
    /// holds the chain this sealer made: seal rows gone or changed, or a head in the heads file
    /// beyond it, are an [`Alarm`] (sealing after a sanctioned cut, [`cut_at_missing`], starts
    /// again from the cut instead). Errors: an [`Alarm`]; the event at the head of the chain is
    /// missing from the log; the file's; the database's.
    pub async fn step(&mut self, pool: &PgPool, page: i64, force: bool) -> anyhow::Result<Step> {
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
        let db_head: Option<(i64, Vec<u8>)> = sqlx::query_as(
            "SELECT chain_index, seal FROM event_seal ORDER BY chain_index DESC LIMIT 1",
        )
        .fetch_optional(&mut *tx)
        .await?;
        let db_index = db_head.as_ref().map(|h| h.0).unwrap_or(0);
        let mut state = self.state.clone();
        if db_index < state.index {
            // A sanctioned cut recorded in the heads file since: take the chain again.
            let cut = match &self.heads {
                Some(h) => h.cut_after(self.heads_mark)?,
                None => false,
            };
            if cut {
                drop(tx);
                tracing::warn!(
                    at = db_index + 1,
                    "the audit chain was cut (a sanctioned removal): sealing again from the cut"
                );
                *self = Sealer::open(pool, self.key.clone(), self.heads.clone()).await?;
                return Ok(Step::default());
            }
            return Err(Alarm(format!(
                "seal rows vanished: the chain in the database ends at entry {db_index}, but this sealer made and signed it up to entry {}",
                state.index
            ))
            .into());
        }
        if db_index > state.index {
            // Another process sealed on (a one-off `seal_now`): fold its rows in.
            let kept = match &self.heads {
                Some(h) => h.last()?,
                None => None,
            };
            fold_rows(&mut tx, &mut state, kept.as_ref(), self.heads.as_ref()).await?;
        } else if let Some((i, seal)) = &db_head {
            if seal[..] != state.seal[..] {
                return Err(Alarm(format!(
                    "the seal of chain entry {i} was changed in event_seal"
                ))
                .into());
            }
        }
        if let Some(h) = &self.heads {
            if let Some(k) = h.last()? {
                if k.chain_index > state.index {
                    return Err(Alarm(format!(
                        "seal rows vanished: a head of {} entries was signed and kept in {}, but the chain in the database ends at entry {}",
                        k.chain_index,
                        h.path.display(),
                        state.index
                    ))
                    .into());
                }
            }
        }
        let after: (i64, i64) = if state.index == 0 {
            (0, 0)
        } else {
            let txid: Option<i64> = sqlx::query_scalar(
                "SELECT (transaction_id::text)::bigint FROM events WHERE global_position = $1",
            )
            .bind(state.head_position)
            .fetch_optional(&mut *tx)
            .await?;
            let Some(txid) = txid else {
                anyhow::bail!(
                    "the event at the head of the audit chain (global position {}) is missing from the log; run `gbvf events verify`",
                    state.head_position
                );
            };
            (txid, state.head_position)
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
        let mut indexes = Vec::with_capacity(rows.len());
        let mut positions = Vec::with_capacity(rows.len());
        let mut digests = Vec::with_capacity(rows.len());
        let mut seals = Vec::with_capacity(rows.len());
        // Heads to sign: every CHECKPOINT_EVERY entries within the page, then the head when
        // it is due by time or asked for: (index, position, seal, root, head time).
        let mut to_sign: Vec<ToSign> = Vec::new();
        for r in &rows {
            let digest = r.fields.digest();
            state.seal = next_seal(&state.seal, &digest);
            state.tree.push(&digest);
            state.index += 1;
            state.head_position = r.fields.global_position;
            state.head_at = Some(r.recorded_at);
            indexes.push(state.index);
            positions.push(r.fields.global_position);
            digests.push(digest.to_vec());
            seals.push(state.seal.to_vec());
            if state.index - state.signed >= CHECKPOINT_EVERY {
                to_sign.push((
                    state.index,
                    r.fields.global_position,
                    state.seal,
                    state.tree.root(),
                    r.recorded_at,
                ));
                state.signed = state.index;
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
        let due = |state: &State| {
            state.index > state.signed
                && (force
                    || state.last_signed_at.is_none()
                    || state.last_signed_at.is_some_and(|at| {
                        (now - at).to_std().unwrap_or_default() >= CHECKPOINT_AFTER
                    }))
        };
        // Before signing the head, what another process signed since (a one-off seal signs
        // the head it reached, also one this sealer made): never sign a head twice.
        let head_due = due(&state) && {
            signed_since(&mut tx, &mut state, None).await?;
            due(&state)
        };
        if head_due {
            to_sign.push((
                state.index,
                state.head_position,
                state.seal,
                state.tree.root(),
                state.head_at.unwrap_or(now),
            ));
            state.signed = state.index;
        }
        // Microsecond precision, as PostgreSQL stores it and the signed message says.
        let signed_at = chrono::DateTime::from_timestamp_micros(now.timestamp_micros())
            .expect("now is representable");
        let public_key = self.key.verifying_key();
        let mut signed = Vec::with_capacity(to_sign.len());
        for (at_index, position, at_seal, root, at_time) in &to_sign {
            let msg = tree_head_message(
                *at_index,
                root,
                *position,
                at_seal,
                at_time.timestamp_micros(),
                signed_at.timestamp_micros(),
            );
            let signature = self.key.sign(msg.as_bytes());
            sqlx::query(
                "INSERT INTO event_seal_checkpoint
                     (chain_index, global_position, seal, recorded_at, signed_at, public_key,
                      signature, tree_root)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(at_index)
            .bind(position)
            .bind(&at_seal[..])
            .bind(at_time)
            .bind(signed_at)
            .bind(&public_key.as_bytes()[..])
            .bind(&signature.to_bytes()[..])
            .bind(&root[..])
            .execute(&mut *tx)
            .await?;
            signed.push(Line::Head(Checkpoint {
                chain_index: *at_index,
                global_position: *position,
                seal: hex::encode(at_seal),
                recorded_at: *at_time,
                signed_at_micros: signed_at.timestamp_micros(),
                public_key: hex::encode(public_key.as_bytes()),
                signature: hex::encode(signature.to_bytes()),
                tree_root: Some(hex::encode(root)),
            }));
        }
        if !to_sign.is_empty() {
            state.last_signed_at = Some(signed_at);
        }
        // The file's lock from before the commit until the heads are written: a cut is
        // never recorded between the two.
        let mut file = match (&self.heads, signed.is_empty()) {
            (Some(h), false) => Some(h.lock().map_err(|e| {
                anyhow::anyhow!("cannot open the heads file {}: {e}", h.path.display())
            })?),
            _ => None,
        };
        tx.commit().await?;
        self.state = state;
        if let (Some(file), Some(h)) = (file.as_mut(), &self.heads) {
            file.append(&signed).map_err(|e| {
                anyhow::anyhow!(
                    "signed heads were committed but could not be written to {}: {e}",
                    h.path.display()
                )
            })?;
        }
        drop(file);
        metrics::gauge!("gbvf_audit_chain_length").set(self.state.index as f64);
        Ok(Step {
            sealed: rows.len(),
            checkpointed: !to_sign.is_empty(),
            busy: false,
        })
    }
}

/// Removes the chain from the first entry whose event is gone (with the checkpoints from there
/// on), inside the caller's transaction, so the sealer seals the remaining events afresh, and
/// records the cut in the heads file outside the database (`heads`, under its lock): heads
/// signed before at or past the cut stop binding, and a running sealer takes the chain again
/// from the cut instead of raising an alarm. Only for a sanctioned removal (`gbvf examples
/// remove`), run by someone who can write the heads file; anything else that deletes events
/// is what `gbvf events verify` exists to find. Returns the chain index cut at, if any.
/// Errors: the database's; the heads file cannot be written.
pub async fn cut_at_missing(
    tx: &mut sqlx::PgConnection,
    heads: &HeadsFile,
    reason: &str,
) -> anyhow::Result<Option<i64>> {
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
        heads
            .lock()
            .and_then(|mut f| {
                f.append(&[Line::Cut(super::heads::Cut {
                    cut_at: at,
                    cut_time: chrono::Utc::now(),
                    reason: reason.into(),
                })])
            })
            .map_err(|e| {
                anyhow::anyhow!("cannot record the cut in {}: {e}", heads.path.display())
            })?;
    }
    Ok(at)
}

pub use super::worker::{run, seal_now, KeptSealer, SEAL_NOW_WAIT};
