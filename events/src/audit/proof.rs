//! Proof files: one aggregate's history with what is needed to check it against signed
//! checkpoints, without a database (`gbvf events history <type> <id> --proof FILE`,
//! `gbvf events verify-proof FILE`; format in docs/decisions/0097-proof-files.md).
//!
//! The chain is linear, so linking an event to a signed checkpoint needs the digest of every
//! event between them (never their content). Each event is placed in a *segment*: from the
//! newest checkpoint before it (any signer; its seal need not be trusted, the fold must reach
//! the signed one) to the first checkpoint at or after it signed with the current key. Events
//! sharing a segment share its digests. Size: 32 bytes (64 hex digits) per event between the
//! two checkpoints, at most [`super::sealer::CHECKPOINT_EVERY`] per segment while the sealer
//! keeps up, plus each event of the history in full.

use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use super::{next_seal, Checkpoint, CheckpointRow, SealedFields, CHECKPOINT_SELECT, GENESIS};

/// The `format` of version-1 proof files.
pub const FORMAT: &str = "gbvf-audit-proof-v1";

/// A proof file (JSON).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Proof {
    /// [`FORMAT`].
    pub format: String,
    /// The aggregate's type.
    pub aggregate_type: String,
    /// The aggregate's id.
    pub aggregate_id: String,
    /// The Ed25519 public key (hex) every segment's checkpoint is signed with; compare it
    /// with the published one (`gbvf events public-key`, `GET /api/audit/public-key`).
    pub public_key: String,
    /// Every event of the aggregate in sequence order, with its place in the chain.
    pub events: Vec<ProofEvent>,
    /// The chain links from a seal before each event to a signed checkpoint at or after it.
    pub segments: Vec<Segment>,
}

/// One event of the history as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ProofEvent {
    /// Place in the chain.
    pub chain_index: i64,
    /// The stored fields the seal covers.
    #[serde(flatten)]
    pub fields: SealedFields,
}

/// Chain entries `start_index + 1 ..= checkpoint.chain_index`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Segment {
    /// The chain entry the segment starts after (0: before the first event).
    pub start_index: i64,
    /// The seal of `start_index` (hex; 64 zeros for 0).
    pub start_seal: String,
    /// Digest (hex) of each entry from `start_index + 1` to the checkpoint, in chain order.
    pub digests: Vec<String>,
    /// The signed head the segment ends at.
    pub checkpoint: Checkpoint,
}

impl Segment {
    /// Checks the segment without a database: it holds one digest per chain entry from
    /// `start_index + 1` to its checkpoint, they fold from `start_seal` to the checkpoint's seal,
    /// and the checkpoint is validly signed by `public_key` (hex). Errors: the first mismatch,
    /// in words.
    pub fn check(&self, public_key: &str) -> anyhow::Result<()> {
        let c = &self.checkpoint;
        if self.digests.len() as i64 != c.chain_index - self.start_index {
            anyhow::bail!(
                "segment ending at chain entry {} has {} digests, not {}",
                c.chain_index,
                self.digests.len(),
                c.chain_index - self.start_index
            );
        }
        let mut seal = seal_bytes(&self.start_seal, "a start seal")?;
        for d in &self.digests {
            seal = next_seal(&seal, &seal_bytes(d, "a digest")?);
        }
        if hex::encode(seal) != c.seal {
            anyhow::bail!(
                "the links of the segment ending at chain entry {} do not reach its signed seal",
                c.chain_index
            );
        }
        if c.public_key != public_key {
            anyhow::bail!(
                "the checkpoint at chain entry {} is signed with another key ({})",
                c.chain_index,
                c.public_key
            );
        }
        if !c.signature_valid()? {
            anyhow::bail!(
                "the signature of the checkpoint at chain entry {} is not valid",
                c.chain_index
            );
        }
        Ok(())
    }
}

/// What a valid proof shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// Events of the history proven.
    pub events: usize,
    /// Checkpoints whose signatures were checked.
    pub checkpoints: usize,
    /// The public key they are signed with (hex).
    pub public_key: String,
    /// The newest checkpoint's head time ("sealed up to").
    pub sealed_up_to: chrono::DateTime<chrono::Utc>,
}

/// Exports the proof of `aggregate_type`/`aggregate_id`: seals everything committed and signs
/// the head first ([`super::sealer::seal_now`]), so the newest event is covered. Errors: no
/// such aggregate; an event of it no longer matches its seal (run `gbvf events verify`); the
/// database's.
pub async fn export(
    pool: &PgPool,
    aggregate_type: &str,
    aggregate_id: &str,
) -> anyhow::Result<Proof> {
    super::sealer::seal_now(pool).await?;
    let key = super::key::public_key_hex(pool).await?;
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
         WHERE e.aggregate_type = $1 AND e.aggregate_id = $2 ORDER BY e.sequence",
        super::SEALED_COLUMNS
    ))
    .bind(aggregate_type)
    .bind(aggregate_id)
    .fetch_all(pool)
    .await?;
    if rows.is_empty() {
        anyhow::bail!("no events for {aggregate_type} {aggregate_id}");
    }
    let mut events = Vec::with_capacity(rows.len());
    for r in rows {
        let (Some(chain_index), Some(sealed)) = (r.chain_index, r.sealed_digest) else {
            anyhow::bail!(
                "event {} is not sealed (it sorts before the head of the chain: run `gbvf events verify`)",
                r.fields.name()
            );
        };
        if r.fields.digest()[..] != sealed[..] {
            anyhow::bail!(
                "event {} no longer matches its seal: run `gbvf events verify`",
                r.fields.name()
            );
        }
        events.push(ProofEvent {
            chain_index,
            fields: r.fields,
        });
    }
    let checkpoints: Vec<Checkpoint> =
        sqlx::query_as::<_, CheckpointRow>(&format!("{CHECKPOINT_SELECT} ORDER BY chain_index"))
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(Into::into)
            .collect();
    let mut segments: Vec<Segment> = Vec::new();
    for e in &events {
        let i = e.chain_index;
        if segments
            .last()
            .is_some_and(|s| s.start_index < i && i <= s.checkpoint.chain_index)
        {
            continue;
        }
        let start_index = checkpoints
            .iter()
            .rev()
            .map(|c| c.chain_index)
            .find(|&c| c < i)
            .unwrap_or(0);
        let end = checkpoints
            .iter()
            .find(|c| c.chain_index >= i && c.public_key == key)
            .ok_or_else(|| {
                anyhow::anyhow!("no checkpoint signed with the current key covers chain entry {i}")
            })?;
        let start_seal = if start_index == 0 {
            GENESIS.to_vec()
        } else {
            sqlx::query_scalar("SELECT seal FROM event_seal WHERE chain_index = $1")
                .bind(start_index)
                .fetch_one(pool)
                .await?
        };
        let digests: Vec<Vec<u8>> = sqlx::query_scalar(
            "SELECT digest FROM event_seal WHERE chain_index > $1 AND chain_index <= $2 ORDER BY chain_index",
        )
        .bind(start_index)
        .bind(end.chain_index)
        .fetch_all(pool)
        .await?;
        segments.push(Segment {
            start_index,
            start_seal: hex::encode(start_seal),
            digests: digests.into_iter().map(hex::encode).collect(),
            checkpoint: end.clone(),
        });
    }
    Ok(Proof {
        format: FORMAT.into(),
        aggregate_type: aggregate_type.into(),
        aggregate_id: aggregate_id.into(),
        public_key: key,
        events,
        segments,
    })
}

fn seal_bytes(hex_text: &str, what: &str) -> anyhow::Result<[u8; 32]> {
    hex::decode(hex_text)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| anyhow::anyhow!("{what} is not 32 bytes of hex"))
}

/// Checks a proof without a database: every event belongs to the aggregate, sequences run
/// 1, 2, …; each event's recomputed digest is the digest at its place in a segment; each
/// segment's digests fold from its start seal to its checkpoint's seal; each checkpoint's
/// Ed25519 signature is valid and made by the proof's key, which must equal `expected_key`
/// when given (hex). Errors: the first mismatch, in words.
pub fn check(proof: &Proof, expected_key: Option<&str>) -> anyhow::Result<Checked> {
    if proof.format != FORMAT {
        anyhow::bail!("not a {FORMAT} file (format {:?})", proof.format);
    }
    if let Some(k) = expected_key {
        if !k.trim().eq_ignore_ascii_case(&proof.public_key) {
            anyhow::bail!(
                "the proof is signed with key {}, not the expected key {}",
                proof.public_key,
                k.trim()
            );
        }
    }
    if proof.events.is_empty() {
        anyhow::bail!("the proof holds no events");
    }
    for (n, e) in proof.events.iter().enumerate() {
        let f = &e.fields;
        if f.aggregate_type != proof.aggregate_type || f.aggregate_id != proof.aggregate_id {
            anyhow::bail!(
                "event {} is not of {}/{}",
                f.name(),
                proof.aggregate_type,
                proof.aggregate_id
            );
        }
        if f.sequence != n as i64 + 1 {
            anyhow::bail!(
                "event {} is out of sequence (expected #{})",
                f.name(),
                n + 1
            );
        }
        let segment = proof
            .segments
            .iter()
            .find(|s| s.start_index < e.chain_index && e.chain_index <= s.checkpoint.chain_index)
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "no segment covers event {} (chain entry {})",
                    f.name(),
                    e.chain_index
                )
            })?;
        let at = (e.chain_index - segment.start_index - 1) as usize;
        if segment.digests.get(at) != Some(&hex::encode(f.digest())) {
            anyhow::bail!(
                "event {} (chain entry {}) does not match the chain: its content differs from what was sealed",
                f.name(),
                e.chain_index
            );
        }
    }
    let mut newest: Option<&Checkpoint> = None;
    for s in &proof.segments {
        let c = &s.checkpoint;
        s.check(&proof.public_key)?;
        if newest.is_none_or(|n| n.chain_index < c.chain_index) {
            newest = Some(c);
        }
    }
    Ok(Checked {
        events: proof.events.len(),
        checkpoints: proof.segments.len(),
        public_key: proof.public_key.clone(),
        sealed_up_to: newest.expect("events imply a segment").recorded_at,
    })
}

/// The bytes of a proof file: pretty JSON and a final newline. The one form a file may have,
/// so that any changed byte fails [`check_bytes`], even where JSON would not care.
pub fn to_bytes(proof: &Proof) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(proof).expect("proofs serialize");
    bytes.push(b'\n');
    bytes
}

/// Reads and checks a proof file's bytes ([`check`]); the bytes must be exactly [`to_bytes`]
/// of what they hold. Errors: not a proof file, not in its one form, or the first mismatch.
pub fn check_bytes(bytes: &[u8], expected_key: Option<&str>) -> anyhow::Result<Checked> {
    let proof: Proof = serde_json::from_slice(bytes)
        .map_err(|e| anyhow::anyhow!("not a readable proof file: {e}"))?;
    if to_bytes(&proof) != bytes {
        anyhow::bail!(
            "the file is not in the form `gbvf events history --proof` writes: it was edited"
        );
    }
    check(&proof, expected_key)
}
