//! `gbvf events verify`: walks the audit chain against the event log and names the first event
//! whose content, order or presence does not match.
//!
//! What is checked, in chain order (one page of [`PAGE`] entries per query):
//! - every chain entry `1..n` is present in `event_seal` (a gap: seal rows were deleted);
//! - the sealed event still exists (else it was deleted);
//! - its digest, recomputed from the stored fields, equals the sealed one (else it was edited;
//!   a swap of two events' contents shows as an edit of the first);
//! - the seal recomputed from the previous one equals the stored seal (else `event_seal` was
//!   edited);
//! - commit order `(transaction_id, global_position)` grows along the chain (else events were
//!   reordered), except among restored events, which all carry
//!   [`crate::store::RESTORED_TRANSACTION_ID`];
//! - at each checkpoint, the recomputed seal equals the signed one, the Ed25519 signature is
//!   valid, and the signer is among the trusted keys (a chain re-sealed after an edit by
//!   someone without the key fails here).
//!
//! Then: no event outside the chain sorts before its head in commit order (else it was
//! inserted into the sealed past). Events after the head are only counted: the sealer has not
//! reached them yet.

use std::collections::BTreeMap;

use sqlx::PgPool;

use super::{next_seal, Checkpoint, CheckpointRow, SealedFields, CHECKPOINT_SELECT, GENESIS};

/// Chain entries read per query.
pub const PAGE: i64 = 10_000;

/// Kinds of mismatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A sealed event's stored fields changed.
    Edited,
    /// A sealed event is gone from the log.
    Deleted,
    /// An event outside the chain sorts inside the sealed part of the log.
    Inserted,
    /// Two sealed events no longer sort in the order they were sealed.
    Reordered,
    /// `event_seal` itself was changed (a row removed or a seal rewritten).
    SealAltered,
    /// The recomputed chain does not reach a signed checkpoint's seal, or its signature or
    /// signer is wrong.
    Checkpoint,
    /// The log, recomputed from the stored events in commit order, does not reach a signed
    /// head kept outside the database (its tree root or chain seal), or is shorter than it:
    /// the log was changed, reordered or cut after that head was signed.
    HeadMismatch,
}

/// The first mismatch found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What kind of mismatch.
    pub kind: Kind,
    /// Place in the chain where it was found (none for an inserted event).
    pub chain_index: Option<i64>,
    /// The event's global position.
    pub global_position: i64,
    /// `aggregate_type/aggregate_id #sequence` when the event is still there.
    pub event: Option<String>,
    /// One sentence for the operator.
    pub message: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// What a verification found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Chain entries checked.
    pub checked: u64,
    /// Signed checkpoints checked.
    pub checkpoints: u64,
    /// The newest checkpoint reached by the check, when the chain verified up to it.
    pub verified_checkpoint: Option<Checkpoint>,
    /// Committed events after the head, not sealed yet.
    pub unsealed: i64,
    /// The first mismatch of the chain walk, and the first inserted event (at most one each).
    pub findings: Vec<Finding>,
}

impl Report {
    /// Whether nothing was found.
    pub fn intact(&self) -> bool {
        self.findings.is_empty()
    }
}

#[derive(sqlx::FromRow)]
struct Entry {
    chain_index: i64,
    sealed_position: i64,
    digest: Vec<u8>,
    seal: Vec<u8>,
    transaction_id: Option<i64>,
    aggregate_type: Option<String>,
    aggregate_id: Option<String>,
    sequence: Option<i64>,
    event_type: Option<String>,
    event_version: Option<String>,
    payload: Option<String>,
    metadata: Option<String>,
    recorded_at_micros: Option<i64>,
}

impl Entry {
    fn fields(&self) -> Option<SealedFields> {
        Some(SealedFields {
            aggregate_type: self.aggregate_type.clone()?,
            aggregate_id: self.aggregate_id.clone()?,
            sequence: self.sequence?,
            event_type: self.event_type.clone()?,
            event_version: self.event_version.clone()?,
            payload: self.payload.clone()?,
            metadata: self.metadata.clone()?,
            global_position: self.sealed_position,
            recorded_at_micros: self.recorded_at_micros?,
        })
    }
}

/// Verifies the chain (module docs). `trusted` holds the public keys (lower-case hex) a
/// checkpoint may be signed with; empty: any signer, only the signature is checked.
/// `progress(done, total)` is called after each page with chain entries checked and the chain's
/// length. Read-only: every query runs in one `REPEATABLE READ, READ ONLY` transaction (one
/// consistent view of the log and its seal; PostgreSQL refuses any write), which is rolled
/// back. Errors: the database's (a mismatch is a finding, not an error).
pub async fn verify(
    pool: &PgPool,
    trusted: &[String],
    progress: impl FnMut(u64, u64),
) -> anyhow::Result<Report> {
    let mut tx = read_only(pool).await?;
    let report = verify_in(&mut tx, trusted, progress).await;
    tx.rollback().await?;
    report
}

/// A transaction on one consistent snapshot in which PostgreSQL refuses every write.
pub async fn read_only(pool: &PgPool) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Postgres>> {
    let mut tx = pool.begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

async fn verify_in(
    conn: &mut sqlx::PgConnection,
    trusted: &[String],
    mut progress: impl FnMut(u64, u64),
) -> anyhow::Result<Report> {
    let mut report = Report::default();
    let total: i64 = sqlx::query_scalar("SELECT coalesce(max(chain_index), 0) FROM event_seal")
        .fetch_one(&mut *conn)
        .await?;
    let checkpoints: BTreeMap<i64, Checkpoint> =
        sqlx::query_as::<_, CheckpointRow>(&format!("{CHECKPOINT_SELECT} ORDER BY chain_index"))
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|r| {
                let c: Checkpoint = r.into();
                (c.chain_index, c)
            })
            .collect();
    let mut seal = GENESIS;
    let mut expected = 1i64;
    let mut previous: Option<(i64, i64, String)> = None;
    'walk: loop {
        let page: Vec<Entry> = sqlx::query_as(
            "SELECT s.chain_index, s.global_position AS sealed_position, s.digest, s.seal,
                    (e.transaction_id::text)::bigint AS transaction_id, e.aggregate_type, e.aggregate_id,
                    e.sequence, e.event_type, e.event_version, e.payload::text AS payload,
                    e.metadata::text AS metadata,
                    (extract(epoch FROM e.recorded_at) * 1000000)::bigint AS recorded_at_micros
             FROM event_seal s LEFT JOIN events e ON e.global_position = s.global_position
             WHERE s.chain_index >= $1 ORDER BY s.chain_index LIMIT $2",
        )
        .bind(expected)
        .bind(PAGE)
        .fetch_all(&mut *conn)
        .await?;
        if page.is_empty() {
            break;
        }
        for e in &page {
            let at = e.chain_index;
            let position = e.sealed_position;
            let finding = |kind, event: Option<String>, message: String| Finding {
                kind,
                chain_index: Some(at),
                global_position: position,
                event,
                message,
            };
            if at != expected {
                report.findings.push(finding(
                    Kind::SealAltered,
                    None,
                    format!("chain entries {expected} to {} are missing from event_seal: seal rows were deleted", at - 1),
                ));
                break 'walk;
            }
            let Some(fields) = e.fields() else {
                report.findings.push(finding(
                    Kind::Deleted,
                    None,
                    format!("event at global position {position} (chain entry {at}) is missing from the log: it was deleted after it was sealed"),
                ));
                break 'walk;
            };
            let name = fields.name();
            let digest = fields.digest();
            if digest[..] != e.digest[..] {
                report.findings.push(finding(
                    Kind::Edited,
                    Some(name.clone()),
                    format!("event at global position {position} ({name}, chain entry {at}) does not match its seal: its stored content was changed after it was sealed"),
                ));
                break 'walk;
            }
            seal = next_seal(&seal, &digest);
            if seal[..] != e.seal[..] {
                report.findings.push(finding(
                    Kind::SealAltered,
                    Some(name.clone()),
                    format!("the seal of chain entry {at} (event at global position {position}, {name}) was changed in event_seal"),
                ));
                break 'walk;
            }
            let commit = (e.transaction_id.unwrap_or_default(), position);
            if let Some((txid, pos, before)) = &previous {
                let restored = commit.0 == crate::store::RESTORED_TRANSACTION_ID
                    && *txid == crate::store::RESTORED_TRANSACTION_ID;
                if (*txid, *pos) > commit && !restored {
                    report.findings.push(finding(
                        Kind::Reordered,
                        Some(name.clone()),
                        format!("event at global position {position} ({name}, chain entry {at}) now sorts before event at global position {pos} ({before}) in commit order, but was sealed after it: the log was reordered"),
                    ));
                    break 'walk;
                }
            }
            if let Some(c) = checkpoints.get(&at) {
                report.checkpoints += 1;
                let problem = if c.seal != hex::encode(seal) {
                    Some("the recomputed chain does not reach the signed seal: events up to it were changed and the chain re-sealed".to_string())
                } else if !c.signature_valid().unwrap_or(false) {
                    Some("its signature is not valid".to_string())
                } else if !trusted.is_empty() && !trusted.contains(&c.public_key) {
                    Some(format!(
                        "it is signed by key {}, not a trusted key",
                        c.public_key
                    ))
                } else {
                    None
                };
                if let Some(problem) = problem {
                    report.findings.push(finding(
                        Kind::Checkpoint,
                        Some(name.clone()),
                        format!("checkpoint at chain entry {at} (event at global position {position}, {name}) fails: {problem}"),
                    ));
                    break 'walk;
                }
                report.verified_checkpoint = Some(c.clone());
            }
            previous = Some((commit.0, commit.1, name));
            expected += 1;
            report.checked += 1;
        }
        progress(report.checked, total as u64);
    }
    progress(report.checked, total as u64);
    if let Some(found) = inserted(&mut *conn).await? {
        report.findings.push(found);
    }
    report.unsealed = unsealed(&mut *conn).await?;
    Ok(report)
}

/// The first event outside the chain that sorts before the chain's head in commit order.
async fn inserted(conn: &mut sqlx::PgConnection) -> anyhow::Result<Option<Finding>> {
    let found: Option<SealedFields> = sqlx::query_as(&format!(
        "WITH head AS (
             SELECT e.transaction_id, e.global_position FROM event_seal s
             JOIN events e ON e.global_position = s.global_position
             ORDER BY s.chain_index DESC LIMIT 1)
         SELECT {} FROM events e, head h
         WHERE (e.transaction_id, e.global_position) < (h.transaction_id, h.global_position)
           AND NOT EXISTS (SELECT 1 FROM event_seal s WHERE s.global_position = e.global_position)
         ORDER BY e.transaction_id, e.global_position LIMIT 1",
        super::SEALED_COLUMNS
    ))
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.map(|f| {
        let name = f.name();
        Finding {
            kind: Kind::Inserted,
            chain_index: None,
            global_position: f.global_position,
            message: format!("event at global position {} ({name}) is not in the chain but sorts before its head: it was inserted after sealing", f.global_position),
            event: Some(name),
        }
    }))
}

/// Committed events after the head of the chain (not sealed yet).
async fn unsealed(conn: &mut sqlx::PgConnection) -> anyhow::Result<i64> {
    Ok(sqlx::query_scalar(
        "WITH head AS (
             SELECT e.transaction_id, e.global_position FROM event_seal s
             JOIN events e ON e.global_position = s.global_position
             ORDER BY s.chain_index DESC LIMIT 1)
         SELECT count(*) FROM events e
         WHERE NOT EXISTS (SELECT 1 FROM head)
            OR (e.transaction_id, e.global_position) > (SELECT transaction_id, global_position FROM head)",
    )
    .fetch_one(&mut *conn)
    .await?)
}

/// How far a set of events (one history) is sealed: the answer behind "Sealed and verified up
/// to <time>" in the admin console.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HistorySeal {
    /// Every event matches its seal, and the newest signed checkpoint covering them all has a
    /// valid signature: the time is that checkpoint's head event's.
    Sealed(chrono::DateTime<chrono::Utc>),
    /// Some events are not sealed, or not yet under a signed checkpoint (the sealer works
    /// after commit: seconds).
    Pending,
    /// An event no longer matches its seal (or its checkpoint's signature fails): one sentence.
    Mismatch(String),
}

/// Checks the events at `positions` (global positions) against their seals: each event's
/// digest is recomputed and compared, and the first checkpoint at or after the newest of them
/// must carry a valid signature. A quick check of one history, not of the chain (that is
/// [`verify`]). Errors: the database's.
pub async fn history_seal(pool: &PgPool, positions: &[i64]) -> anyhow::Result<HistorySeal> {
    #[derive(sqlx::FromRow)]
    struct Row {
        chain_index: Option<i64>,
        sealed_digest: Option<Vec<u8>>,
        #[sqlx(flatten)]
        fields: SealedFields,
    }
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT s.chain_index, s.digest AS sealed_digest, {} FROM events e
         LEFT JOIN event_seal s ON s.global_position = e.global_position
         WHERE e.global_position = ANY($1)",
        super::SEALED_COLUMNS
    ))
    .bind(positions)
    .fetch_all(pool)
    .await?;
    let mut newest = 0i64;
    for r in &rows {
        let (Some(index), Some(sealed)) = (r.chain_index, &r.sealed_digest) else {
            return Ok(HistorySeal::Pending);
        };
        if r.fields.digest()[..] != sealed[..] {
            return Ok(HistorySeal::Mismatch(format!(
                "event {} was changed after it was sealed",
                r.fields.name()
            )));
        }
        newest = newest.max(index);
    }
    let checkpoint: Option<CheckpointRow> = sqlx::query_as(&format!(
        "{CHECKPOINT_SELECT} WHERE chain_index >= $1 ORDER BY chain_index LIMIT 1"
    ))
    .bind(newest)
    .fetch_optional(pool)
    .await?;
    let Some(c) = checkpoint.map(Checkpoint::from) else {
        return Ok(HistorySeal::Pending);
    };
    if !c.signature_valid().unwrap_or(false) {
        return Ok(HistorySeal::Mismatch(format!(
            "the checkpoint at chain entry {} has no valid signature",
            c.chain_index
        )));
    }
    Ok(HistorySeal::Sealed(c.recorded_at))
}

/// What the log showed against signed heads kept outside the database ([`check_heads`]).
#[derive(Debug, Clone, Default)]
pub struct HeadsReport {
    /// Heads the recomputed log was compared with.
    pub checked: usize,
    /// The newest head the log reaches.
    pub newest: Option<Checkpoint>,
    /// With a kept head: (its size, the newest head's size, hashes in the consistency proof
    /// between them, built and checked with `ct-merkle`).
    pub consistency: Option<(i64, i64, usize)>,
    /// The first mismatch.
    pub finding: Option<Finding>,
}

#[derive(sqlx::FromRow)]
struct LogRow {
    transaction_id: i64,
    chain_index: Option<i64>,
    sealed_digest: Option<Vec<u8>>,
    #[sqlx(flatten)]
    fields: SealedFields,
}

/// Checks the log against signed heads kept outside the database (`heads`: their signatures
/// valid and their signers trusted, which the caller checks), in one read-only transaction:
/// every event's digest is recomputed from its stored fields in commit order (the order the
/// sealer chains them), folded into the Merkle tree and the chain, and compared with each
/// head's tree root and chain seal at its size. A mismatch names the first event whose
/// digest differs from its `event_seal` row (or whose row is missing) at or after the last
/// head that matched; a log shorter than a head names the first missing chain entry. With
/// `kept` (a head an auditor kept, also among `heads`), also builds the consistency proof
/// from it to the newest head (RFC 9162, `ct-merkle`; ~96 bytes of memory per event) and
/// checks it. Errors: the database's.
pub async fn check_heads(
    pool: &PgPool,
    heads: &[Checkpoint],
    kept: Option<&Checkpoint>,
) -> anyhow::Result<HeadsReport> {
    let mut report = HeadsReport::default();
    let mut heads: Vec<&Checkpoint> = heads.iter().collect();
    heads.sort_by_key(|h| h.chain_index);
    let Some(largest) = heads.last().map(|h| h.chain_index) else {
        return Ok(report);
    };
    let mut tx = read_only(pool).await?;
    let mut tree = super::merkle::Frontier::default();
    let mut full = kept.map(|_| super::merkle::Tree::new());
    let mut seal = GENESIS;
    let mut index = 0i64;
    let mut matched = 0i64;
    let mut next = 0usize;
    // The first entry after the last matching head whose digest differs from its seal row.
    let mut suspect: Option<(i64, i64, String, &'static str)> = None;
    let mut after = (0i64, 0i64);
    let describe = |h: &Checkpoint| {
        format!(
            "the head of {} entries signed at {} by {}",
            h.chain_index,
            chrono::DateTime::from_timestamp_micros(h.signed_at_micros)
                .map(|t| t.to_rfc3339())
                .unwrap_or_default(),
            h.public_key
        )
    };
    'walk: while index < largest {
        let rows: Vec<LogRow> = sqlx::query_as(&format!(
            "SELECT (e.transaction_id::text)::bigint AS transaction_id, s.chain_index,
                    s.digest AS sealed_digest, {}
             FROM events e LEFT JOIN event_seal s ON s.global_position = e.global_position
             WHERE (e.transaction_id, e.global_position) > ($1::text::xid8, $2)
             ORDER BY e.transaction_id, e.global_position LIMIT $3",
            super::SEALED_COLUMNS
        ))
        .bind(after.0.to_string())
        .bind(after.1)
        .bind(PAGE.min(largest - index))
        .fetch_all(&mut *tx)
        .await?;
        if rows.is_empty() {
            break;
        }
        for r in rows {
            after = (r.transaction_id, r.fields.global_position);
            let digest = r.fields.digest();
            index += 1;
            seal = next_seal(&seal, &digest);
            tree.push(&digest);
            if let Some(t) = full.as_mut() {
                t.push(digest);
            }
            if suspect.is_none() {
                let why = match (&r.chain_index, &r.sealed_digest) {
                    (Some(i), Some(d)) if *i == index && d[..] == digest[..] => None,
                    (Some(i), Some(d)) if *i == index && d[..] != digest[..] => {
                        Some("its stored content differs from what was sealed")
                    }
                    (Some(_), _) => Some("it was sealed at another place in the chain"),
                    (None, _) => Some("its seal row is gone"),
                };
                if let Some(why) = why {
                    suspect = Some((index, r.fields.global_position, r.fields.name(), why));
                }
            }
            while next < heads.len() && heads[next].chain_index == index {
                let h = heads[next];
                next += 1;
                report.checked += 1;
                let root_ok = h
                    .tree_root
                    .as_ref()
                    .is_none_or(|root| *root == hex::encode(tree.root()));
                if root_ok && h.seal == hex::encode(seal) {
                    matched = index;
                    report.newest = Some(h.clone());
                    suspect = None;
                    continue;
                }
                let (at, position, event, message) = match &suspect {
                    Some((i, p, name, why)) => (
                        Some(*i),
                        *p,
                        Some(name.clone()),
                        format!(
                            "the log does not match {}: the first changed event is at global position {p} ({name}, chain entry {i}): {why}",
                            describe(h)
                        ),
                    ),
                    None => (
                        None,
                        0,
                        None,
                        format!(
                            "the log does not match {}: an event among chain entries {} to {} was changed, reordered or replaced (event_seal was rewritten to match)",
                            describe(h),
                            matched + 1,
                            h.chain_index
                        ),
                    ),
                };
                report.finding = Some(Finding {
                    kind: Kind::HeadMismatch,
                    chain_index: at,
                    global_position: position,
                    event,
                    message,
                });
                break 'walk;
            }
        }
    }
    if report.finding.is_none() && index < largest {
        let h = heads[next.min(heads.len() - 1)];
        let missing: Option<i64> =
            sqlx::query_scalar("SELECT global_position FROM event_seal WHERE chain_index = $1")
                .bind(index + 1)
                .fetch_optional(&mut *tx)
                .await?;
        report.finding = Some(Finding {
            kind: Kind::HeadMismatch,
            chain_index: Some(index + 1),
            global_position: missing.unwrap_or(0),
            event: None,
            message: format!(
                "the log holds {index} events but {} covers {}: the events from chain entry {} on were removed{}",
                describe(h),
                h.chain_index,
                index + 1,
                missing
                    .map(|p| format!(" (chain entry {} was the event at global position {p})", index + 1))
                    .unwrap_or_default()
            ),
        });
    }
    if let (Some(k), Some(t), None, Some(newest)) =
        (kept, full.as_ref(), &report.finding, &report.newest)
    {
        let root = |h: &Checkpoint| -> anyhow::Result<[u8; 32]> {
            let r = h.tree_root.as_ref().ok_or_else(|| {
                anyhow::anyhow!("the head of {} entries has no tree root", h.chain_index)
            })?;
            hex::decode(r)?
                .try_into()
                .map_err(|_| anyhow::anyhow!("a tree root is not 32 bytes"))
        };
        // Every head matched, so the newest is the largest: the whole tree walked.
        let prefix = t;
        let old = u64::try_from(k.chain_index)?;
        let new = u64::try_from(newest.chain_index)?;
        let proof = super::merkle::prove_consistency(prefix, old)?;
        super::merkle::verify_consistency(old, &root(k)?, new, &root(newest)?, &proof)?;
        report.consistency = Some((k.chain_index, newest.chain_index, proof.len() / 32));
    }
    tx.rollback().await?;
    Ok(report)
}
