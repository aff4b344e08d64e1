//! The tamper-evident event log: a hash chain over every event in commit order, sealed after
//! commit, with signed checkpoints (docs/ARCHITECTURE.md "Audit seal",
//! docs/decisions/0095-a-hash-chain-sealed-after-commit.md).
//!
//! - [`sealer`]: the worker that appends each committed event to the chain (`event_seal`) and
//!   signs the head every [`sealer::CHECKPOINT_EVERY`] events or [`sealer::CHECKPOINT_AFTER`]
//!   (`event_seal_checkpoint`), under an advisory-lock lease.
//! - [`verify`]: walks the chain against the log and names the first event whose content,
//!   order or presence does not match.
//! - [`proof`]: one aggregate's history with the chain links up to signed checkpoints, checked
//!   without a database.
//! - [`manifest`]: signed statements that a published file was computed from the log up to a
//!   head, checked without a database.
//! - [`key`]: the server's Ed25519 signing key (`server_secret`, or `GBVF_AUDIT_SIGNING_KEY`).
//!
//! Encoding (version 1, stable: proof files and outside verifiers depend on it):
//! - `digest = SHA-256("gbvf-event-v1" 0x00 || field…)`, each field as a 4-byte big-endian
//!   length then its UTF-8 bytes, in this order: aggregate type, aggregate id, sequence
//!   (decimal), event type, event version, payload (the stored JSON text, byte for byte),
//!   metadata (likewise), global position (decimal), recorded at (microseconds since
//!   1970-01-01T00:00:00Z, decimal).
//! - `seal = SHA-256("gbvf-seal-v1" 0x00 || previous seal || digest)`; before the first event
//!   the previous seal is 32 zero bytes ([`GENESIS`]).
//! - A checkpoint signs the text [`checkpoint_message`] with Ed25519; since the Merkle tree
//!   ([`merkle`]), a signed tree head signs [`tree_head_message`] (tree size, root hash, head
//!   event, chain seal, times) instead.
//! - Every signed head is also appended to a file outside the database ([`heads`]); the
//!   sealer never signs a head that does not extend the last one there.

pub mod heads;
pub mod key;
pub mod manifest;
pub mod merkle;
pub mod proof;
pub mod sealer;
pub mod verify;
pub mod worker;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The previous seal of the first event: 32 zero bytes.
pub const GENESIS: [u8; 32] = [0; 32];

/// An event's stored fields, as the seal covers them (payload and metadata as stored text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow)]
pub struct SealedFields {
    /// Aggregate type, e.g. `organisation`.
    pub aggregate_type: String,
    /// Aggregate id.
    pub aggregate_id: String,
    /// Sequence within the aggregate (from 1).
    pub sequence: i64,
    /// Event type name.
    pub event_type: String,
    /// Event version as stored.
    pub event_version: String,
    /// The stored payload, JSON text exactly as in `events.payload`.
    pub payload: String,
    /// The stored metadata, JSON text exactly as in `events.metadata`.
    pub metadata: String,
    /// Position in insert order (unique).
    pub global_position: i64,
    /// When the event was written, microseconds since the Unix epoch (UTC).
    pub recorded_at_micros: i64,
}

impl SealedFields {
    /// The event's digest: SHA-256 of its canonical encoding (module docs), 32 bytes.
    pub fn digest(&self) -> [u8; 32] {
        let mut h = Sha256::new();
        h.update(b"gbvf-event-v1\0");
        let mut field = |bytes: &[u8]| {
            h.update((bytes.len() as u32).to_be_bytes());
            h.update(bytes);
        };
        field(self.aggregate_type.as_bytes());
        field(self.aggregate_id.as_bytes());
        field(self.sequence.to_string().as_bytes());
        field(self.event_type.as_bytes());
        field(self.event_version.as_bytes());
        field(self.payload.as_bytes());
        field(self.metadata.as_bytes());
        field(self.global_position.to_string().as_bytes());
        field(self.recorded_at_micros.to_string().as_bytes());
        h.finalize().into()
    }

    /// `aggregate_type/aggregate_id #sequence`, how findings name an event.
    pub fn name(&self) -> String {
        format!(
            "{}/{} #{}",
            self.aggregate_type, self.aggregate_id, self.sequence
        )
    }
}

/// The seal following `previous` for an event of digest `digest` (module docs), 32 bytes.
pub fn next_seal(previous: &[u8; 32], digest: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"gbvf-seal-v1\0");
    h.update(previous);
    h.update(digest);
    h.finalize().into()
}

/// The text a checkpoint's signature covers: `gbvf-checkpoint-v1`, then the chain index, the
/// head event's global position, the seal (lower-case hex), the head event's `recorded_at` and
/// the signing time (both microseconds since the Unix epoch), each on its own line.
pub fn checkpoint_message(
    chain_index: i64,
    global_position: i64,
    seal: &[u8],
    recorded_at_micros: i64,
    signed_at_micros: i64,
) -> String {
    format!(
        "gbvf-checkpoint-v1\n{chain_index}\n{global_position}\n{}\n{recorded_at_micros}\n{signed_at_micros}",
        hex::encode(seal)
    )
}

/// The text a signed tree head's signature covers: `gbvf-tree-head-v1`, then the tree size
/// (= chain index of the head), the Merkle root (lower-case hex), the head event's global
/// position, the chain seal at the head (lower-case hex), the head event's `recorded_at` and
/// the signing time (both microseconds since the Unix epoch), each on its own line.
pub fn tree_head_message(
    tree_size: i64,
    root: &[u8],
    global_position: i64,
    seal: &[u8],
    recorded_at_micros: i64,
    signed_at_micros: i64,
) -> String {
    format!(
        "gbvf-tree-head-v1\n{tree_size}\n{}\n{global_position}\n{}\n{recorded_at_micros}\n{signed_at_micros}",
        hex::encode(root),
        hex::encode(seal)
    )
}

/// A signed head of the chain; with `tree_root`, a signed tree head of the Merkle tree over
/// the log (its size is `chain_index`). The same shape in `event_seal_checkpoint`, in the heads
/// file outside the database ([`heads`]) and in proof files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Place of the head in the chain (from 1): the tree size.
    #[serde(alias = "chainIndex", alias = "treeSize")]
    pub chain_index: i64,
    /// Global position of the head event.
    #[serde(alias = "globalPosition")]
    pub global_position: i64,
    /// The head's seal, lower-case hex (32 bytes).
    pub seal: String,
    /// When the head event was written (RFC 3339): "sealed up to".
    #[serde(alias = "recordedAt")]
    pub recorded_at: chrono::DateTime<chrono::Utc>,
    /// Signing time, microseconds since the Unix epoch (part of the signed message).
    #[serde(alias = "signedAtMicros")]
    pub signed_at_micros: i64,
    /// The signer's Ed25519 public key, lower-case hex (32 bytes): the key id.
    #[serde(alias = "publicKey")]
    pub public_key: String,
    /// Ed25519 signature of [`tree_head_message`] (with a tree root) or
    /// [`checkpoint_message`] (without: heads signed before the Merkle tree), lower-case hex.
    pub signature: String,
    /// The Merkle tree's root hash at `chain_index` leaves, lower-case hex (32 bytes); absent
    /// on checkpoints signed before the tree existed.
    #[serde(default, skip_serializing_if = "Option::is_none", alias = "treeRoot")]
    pub tree_root: Option<String>,
}

impl Checkpoint {
    /// Whether the signature is a valid Ed25519 signature by `public_key` of this checkpoint's
    /// message. Errors: malformed hex or key.
    pub fn signature_valid(&self) -> anyhow::Result<bool> {
        use ed25519_dalek::{Signature, Verifier, VerifyingKey};
        let key: [u8; 32] = hex::decode(&self.public_key)?
            .try_into()
            .map_err(|_| anyhow::anyhow!("public key is not 32 bytes"))?;
        let key = VerifyingKey::from_bytes(&key)?;
        let sig: [u8; 64] = hex::decode(&self.signature)?
            .try_into()
            .map_err(|_| anyhow::anyhow!("signature is not 64 bytes"))?;
        let seal = hex::decode(&self.seal)?;
        let msg = match &self.tree_root {
            Some(root) => tree_head_message(
                self.chain_index,
                &hex::decode(root)?,
                self.global_position,
                &seal,
                self.recorded_at.timestamp_micros(),
                self.signed_at_micros,
            ),
            None => checkpoint_message(
                self.chain_index,
                self.global_position,
                &seal,
                self.recorded_at.timestamp_micros(),
                self.signed_at_micros,
            ),
        };
        Ok(key
            .verify(msg.as_bytes(), &Signature::from_bytes(&sig))
            .is_ok())
    }
}

/// The SQL selecting [`SealedFields`] from `events` aliased `e`.
pub(crate) const SEALED_COLUMNS: &str =
    "e.aggregate_type, e.aggregate_id, e.sequence, e.event_type, e.event_version,
     e.payload::text AS payload, e.metadata::text AS metadata, e.global_position,
     (extract(epoch FROM e.recorded_at) * 1000000)::bigint AS recorded_at_micros";

/// The newest checkpoint, if any (for "sealed up to" and the public-key answer).
pub async fn latest_checkpoint(pool: &sqlx::PgPool) -> sqlx::Result<Option<Checkpoint>> {
    let row: Option<CheckpointRow> = sqlx::query_as(&format!(
        "{CHECKPOINT_SELECT} ORDER BY chain_index DESC LIMIT 1"
    ))
    .fetch_optional(pool)
    .await?;
    Ok(row.map(Into::into))
}

pub(crate) const CHECKPOINT_SELECT: &str =
    "SELECT chain_index, global_position, seal, recorded_at, signed_at, public_key, signature,
            tree_root
     FROM event_seal_checkpoint";

#[derive(sqlx::FromRow)]
pub(crate) struct CheckpointRow {
    chain_index: i64,
    global_position: i64,
    seal: Vec<u8>,
    recorded_at: chrono::DateTime<chrono::Utc>,
    signed_at: chrono::DateTime<chrono::Utc>,
    public_key: Vec<u8>,
    signature: Vec<u8>,
    tree_root: Option<Vec<u8>>,
}

impl From<CheckpointRow> for Checkpoint {
    fn from(r: CheckpointRow) -> Checkpoint {
        Checkpoint {
            chain_index: r.chain_index,
            global_position: r.global_position,
            seal: hex::encode(r.seal),
            recorded_at: r.recorded_at,
            signed_at_micros: r.signed_at.timestamp_micros(),
            public_key: hex::encode(r.public_key),
            signature: hex::encode(r.signature),
            tree_root: r.tree_root.map(hex::encode),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> SealedFields {
        SealedFields {
            aggregate_type: "organisation".into(),
            aggregate_id: "o1".into(),
            sequence: 1,
            event_type: "OrganisationRegistered".into(),
            event_version: "2.0".into(),
            payload: "{\"a\":1}".into(),
            metadata: "{}".into(),
            global_position: 7,
            recorded_at_micros: 1_700_000_000_000_000,
        }
    }

    #[test]
    fn every_field_changes_the_digest() {
        let base = fields().digest();
        let mut f = fields();
        f.payload = "{\"a\":2}".into();
        assert_ne!(f.digest(), base);
        let mut f = fields();
        f.global_position = 8;
        assert_ne!(f.digest(), base);
        let mut f = fields();
        f.recorded_at_micros += 1;
        assert_ne!(f.digest(), base);
        // Length prefixes: moving a character from one field to the next changes the digest.
        let mut f = fields();
        f.aggregate_type = "organisationo".into();
        f.aggregate_id = "1".into();
        assert_ne!(f.digest(), base);
    }

    #[test]
    fn seals_depend_on_the_previous_seal() {
        let d = fields().digest();
        assert_ne!(next_seal(&GENESIS, &d), next_seal(&[1; 32], &d));
    }
}
