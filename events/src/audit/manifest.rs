//! Manifests of published files: a statement, signed with the audit key, that a file (its size
//! and SHA-256) was computed from the event log up to a head of the chain, with the chain links
//! from that head to a signed checkpoint, so that the file can be checked against the signed
//! history offline, with no database (`gbvf data verify FILE MANIFEST`; decision 0165).
//!
//! The signed text ([`statement`]) starts `gbvf-data-manifest-v1`, so a manifest's signature
//! can never stand for a checkpoint's (`gbvf-checkpoint-v1`, `gbvf-tree-head-v1`) or the other
//! way round. What a valid manifest shows: whoever holds the audit key said, at the time the
//! file was produced, that these bytes are the dataset computed from the log up to this head,
//! and the head is part of the history that key signed. Someone who can write the database but
//! does not hold the key (kept outside it with `GBVF_AUDIT_SIGNING_KEY`) cannot make one.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::PgPool;

use super::proof::Segment;
use super::{Checkpoint, CheckpointRow, CHECKPOINT_SELECT, GENESIS};
use crate::store::Position;

/// The `format` of version-1 manifests.
pub const FORMAT: &str = "gbvf-data-manifest-v1";

/// The chain entry a file was computed up to: the newest event, in commit order, of the
/// read models it was read from (index 0 and the genesis seal before any event).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Head {
    /// Place in the chain (from 1; 0: before the first event).
    pub chain_index: i64,
    /// The event's global position (0 before the first event).
    pub global_position: i64,
    /// The chain's seal at that entry, lower-case hex (32 bytes).
    pub seal: String,
}

/// A manifest (JSON).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: String,
    /// The dataset's name (`gbvf-crime`).
    pub dataset: String,
    /// The file's name (`crime-provinces.csv`).
    pub file: String,
    /// The file's size, bytes.
    pub bytes: u64,
    /// The file's SHA-256, lower-case hex.
    pub sha256: String,
    /// The head of the log the file was computed from.
    pub head: Head,
    /// The chain links from the head to a signed checkpoint at or after it.
    pub segment: Segment,
    /// The Ed25519 public key (hex) of the statement's and the checkpoint's signatures;
    /// compare it with the published one (`GET /api/audit/public-key`).
    pub public_key: String,
    /// Ed25519 signature (hex) of [`statement`].
    pub signature: String,
}

/// A file to attest: its dataset, name, size (bytes) and SHA-256 (lower-case hex).
#[derive(Debug, Clone)]
pub struct Attested<'a> {
    /// Dataset name.
    pub dataset: &'a str,
    /// File name.
    pub file: &'a str,
    /// Size, bytes.
    pub bytes: u64,
    /// SHA-256, lower-case hex.
    pub sha256: &'a str,
}

/// The text a manifest's signature covers: `gbvf-data-manifest-v1`, then the dataset, the file
/// name, its size in bytes, its SHA-256 (hex), the head's chain index, global position and seal
/// (hex), each on its own line. Dataset and file names hold no line breaks (they are the
/// product's own names).
pub fn statement(dataset: &str, file: &str, bytes: u64, sha256: &str, head: &Head) -> String {
    format!(
        "{FORMAT}\n{dataset}\n{file}\n{bytes}\n{sha256}\n{}\n{}\n{}",
        head.chain_index, head.global_position, head.seal
    )
}

/// Manifests of `files`, computed from the log up to `read_at` (the newest of the positions
/// the files' read models were read at). Seals everything committed and signs the head first
/// with `sealer` ([`super::worker::KeptSealer::seal_now`]), so a checkpoint covers the head.
/// Errors: the event at `read_at` is not sealed (the chain is broken: `gbvf events verify`);
/// the database's.
pub async fn attest(
    pool: &PgPool,
    sealer: &super::worker::KeptSealer,
    read_at: Position,
    files: &[Attested<'_>],
) -> anyhow::Result<Vec<Manifest>> {
    sealer.seal_now(pool).await?;
    let key = super::key::signing_key(pool).await?;
    let public_key = hex::encode(key.verifying_key().as_bytes());
    let head = if read_at == Position::ZERO {
        Head {
            chain_index: 0,
            global_position: 0,
            seal: hex::encode(GENESIS),
        }
    } else {
        let (chain_index, seal): (i64, Vec<u8>) =
            sqlx::query_as("SELECT chain_index, seal FROM event_seal WHERE global_position = $1")
                .bind(read_at.global_position)
                .fetch_optional(pool)
                .await?
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "event {} is not sealed: run `gbvf events verify`",
                        read_at.global_position
                    )
                })?;
        Head {
            chain_index,
            global_position: read_at.global_position,
            seal: hex::encode(seal),
        }
    };
    let checkpoint: Checkpoint = sqlx::query_as::<_, CheckpointRow>(&format!(
        "{CHECKPOINT_SELECT} WHERE chain_index >= $1 AND public_key = $2 ORDER BY chain_index LIMIT 1"
    ))
    .bind(head.chain_index)
    .bind(key.verifying_key().as_bytes().as_slice())
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| {
        anyhow::anyhow!(
            "no checkpoint signed with the current key covers chain entry {}",
            head.chain_index
        )
    })?
    .into();
    let digests: Vec<Vec<u8>> = sqlx::query_scalar(
        "SELECT digest FROM event_seal WHERE chain_index > $1 AND chain_index <= $2 ORDER BY chain_index",
    )
    .bind(head.chain_index)
    .bind(checkpoint.chain_index)
    .fetch_all(pool)
    .await?;
    let segment = Segment {
        start_index: head.chain_index,
        start_seal: head.seal.clone(),
        digests: digests.into_iter().map(hex::encode).collect(),
        checkpoint,
    };
    Ok(files
        .iter()
        .map(|f| {
            use ed25519_dalek::Signer;
            let text = statement(f.dataset, f.file, f.bytes, f.sha256, &head);
            Manifest {
                format: FORMAT.into(),
                dataset: f.dataset.into(),
                file: f.file.into(),
                bytes: f.bytes,
                sha256: f.sha256.into(),
                head: head.clone(),
                segment: segment.clone(),
                public_key: public_key.clone(),
                signature: hex::encode(key.sign(text.as_bytes()).to_bytes()),
            }
        })
        .collect())
}

/// What a valid manifest shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The dataset and file the manifest names.
    pub dataset: String,
    /// The file's name in the manifest.
    pub file: String,
    /// The head of the log the file was computed from (chain index).
    pub head_chain_index: i64,
    /// The public key of the signatures (hex).
    pub public_key: String,
    /// The signed checkpoint's "sealed up to".
    pub sealed_up_to: chrono::DateTime<chrono::Utc>,
}

/// The size (bytes) and SHA-256 (lower-case hex) of what `reader` yields, read in blocks of
/// 64 KiB (bounded memory whatever the size). Errors: the reader's.
pub fn measure(mut reader: impl std::io::Read) -> std::io::Result<(u64, String)> {
    let mut hasher = Sha256::new();
    let mut block = vec![0u8; 64 * 1024];
    let mut bytes = 0u64;
    loop {
        let n = reader.read(&mut block)?;
        if n == 0 {
            break;
        }
        hasher.update(&block[..n]);
        bytes += n as u64;
    }
    Ok((bytes, hex::encode(hasher.finalize())))
}

/// `hex_text` as 32 bytes. Errors: not 64 hexadecimal digits (named `what`).
fn bytes32(hex_text: &str, what: &str) -> anyhow::Result<[u8; 32]> {
    hex::decode(hex_text)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| anyhow::anyhow!("{what} is not 32 bytes of hex"))
}

/// Checks `manifest` against a file of `bytes` bytes with SHA-256 `sha256` ([`measure`]),
/// without a database: the file's size and hash are the manifest's; the statement's Ed25519
/// signature is valid and made by the manifest's key, which must equal `expected_key` when
/// given (hex); the segment starts at the head and passes [`Segment::check`] with that key.
/// Errors: the first mismatch, in words.
pub fn check(
    manifest: &Manifest,
    bytes: u64,
    sha256: &str,
    expected_key: Option<&str>,
) -> anyhow::Result<Checked> {
    use ed25519_dalek::{Signature, Verifier, VerifyingKey};
    if manifest.format != FORMAT {
        anyhow::bail!("not a {FORMAT} file (format {:?})", manifest.format);
    }
    if let Some(k) = expected_key {
        if !k.trim().eq_ignore_ascii_case(&manifest.public_key) {
            anyhow::bail!(
                "the manifest is signed with key {}, not the expected key {}",
                manifest.public_key,
                k.trim()
            );
        }
    }
    if bytes != manifest.bytes || !sha256.eq_ignore_ascii_case(&manifest.sha256) {
        anyhow::bail!(
            "the file does not match the manifest: {bytes} bytes with SHA-256 {sha256}, where the manifest says {} bytes with SHA-256 {}",
            manifest.bytes,
            manifest.sha256
        );
    }
    let key = VerifyingKey::from_bytes(&bytes32(&manifest.public_key, "the public key")?)
        .map_err(|_| anyhow::anyhow!("the manifest's public key is not an Ed25519 key"))?;
    let signature: [u8; 64] = hex::decode(&manifest.signature)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| anyhow::anyhow!("the signature is not 64 bytes of hex"))?;
    let text = statement(
        &manifest.dataset,
        &manifest.file,
        manifest.bytes,
        &manifest.sha256,
        &manifest.head,
    );
    key.verify(text.as_bytes(), &Signature::from_bytes(&signature))
        .map_err(|_| anyhow::anyhow!("the manifest's signature is not valid: its statement was changed or made with another key"))?;
    let s = &manifest.segment;
    let c = &s.checkpoint;
    if s.start_index != manifest.head.chain_index || s.start_seal != manifest.head.seal {
        anyhow::bail!("the chain links do not start at the manifest's head");
    }
    s.check(&manifest.public_key)?;
    Ok(Checked {
        dataset: manifest.dataset.clone(),
        file: manifest.file.clone(),
        head_chain_index: manifest.head.chain_index,
        public_key: manifest.public_key.clone(),
        sealed_up_to: c.recorded_at,
    })
}
