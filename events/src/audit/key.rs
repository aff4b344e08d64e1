//! The server's Ed25519 key that signs checkpoints of the audit chain.
//!
//! Kept like the installation's other secret (api/src/server_secret.rs): 32 random bytes (the
//! Ed25519 seed) in `server_secret` under the name [`SECRET_NAME`], made by the first process
//! that needs it, never in the event log. `GBVF_AUDIT_SIGNING_KEY` (64 hex digits) takes its
//! place when set, so the key can be held outside the database (docs/operations.md
//! "Auditing": someone who can write the database can read a key stored there).

use ed25519_dalek::{SigningKey, VerifyingKey};
use sqlx::PgPool;

/// The row of `server_secret` holding the seed.
pub const SECRET_NAME: &str = "audit-ed25519";
/// The environment variable that overrides the stored key (64 hex digits).
pub const ENV_KEY: &str = "GBVF_AUDIT_SIGNING_KEY";
/// Public keys (64 hex digits each, comma-separated) an auditor trusts without the signing key:
/// `gbvf events verify` checks signed heads against them.
pub const ENV_PUBLIC_KEY: &str = "GBVF_AUDIT_PUBLIC_KEY";

/// The signing key of `GBVF_AUDIT_SIGNING_KEY`, when set. Errors: not 64 hexadecimal digits.
pub fn env_signing_key() -> anyhow::Result<Option<SigningKey>> {
    let Ok(hex_seed) = std::env::var(ENV_KEY) else {
        return Ok(None);
    };
    let seed: [u8; 32] = hex::decode(hex_seed.trim())
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| anyhow::anyhow!("{ENV_KEY} must be 64 hexadecimal digits"))?;
    Ok(Some(SigningKey::from_bytes(&seed)))
}

/// The public keys (lower-case hex) trusted from configuration, never from the database: each
/// of `GBVF_AUDIT_PUBLIC_KEY` (comma-separated) and the public half of `GBVF_AUDIT_SIGNING_KEY`.
/// Empty when neither is set. Reads nothing and writes nothing. Errors: a malformed key.
pub fn configured_public_keys() -> anyhow::Result<Vec<String>> {
    let mut keys = Vec::new();
    if let Ok(list) = std::env::var(ENV_PUBLIC_KEY) {
        for k in list.split(',').map(str::trim).filter(|k| !k.is_empty()) {
            keys.push(parse_public_key(k)?);
        }
    }
    if let Some(signing) = env_signing_key()? {
        keys.push(hex::encode(signing.verifying_key().as_bytes()));
    }
    keys.dedup();
    Ok(keys)
}

/// A public key given as text (64 hex digits, any case), as lower-case hex. Errors: not a
/// valid Ed25519 public key.
pub fn parse_public_key(text: &str) -> anyhow::Result<String> {
    let bytes: [u8; 32] = hex::decode(text.trim())
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| anyhow::anyhow!("public key {text:?} is not 64 hexadecimal digits"))?;
    VerifyingKey::from_bytes(&bytes)
        .map_err(|_| anyhow::anyhow!("{text:?} is not an Ed25519 public key"))?;
    Ok(hex::encode(bytes))
}

/// The signing key: from `GBVF_AUDIT_SIGNING_KEY` when set, else from `server_secret`, made
/// there on first use. Errors: a malformed environment key, the database's.
pub async fn signing_key(pool: &PgPool) -> anyhow::Result<SigningKey> {
    if let Some(key) = env_signing_key()? {
        return Ok(key);
    }
    let fresh: [u8; 32] = rand::random();
    sqlx::query(
        "INSERT INTO server_secret (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
    )
    .bind(SECRET_NAME)
    .bind(&fresh[..])
    .execute(pool)
    .await?;
    let stored: Vec<u8> = sqlx::query_scalar("SELECT secret FROM server_secret WHERE name = $1")
        .bind(SECRET_NAME)
        .fetch_one(pool)
        .await?;
    let seed: [u8; 32] = stored
        .try_into()
        .map_err(|_| anyhow::anyhow!("server_secret {SECRET_NAME} is not 32 bytes"))?;
    Ok(SigningKey::from_bytes(&seed))
}

/// The public key checkpoints are signed with (made on first use, see [`signing_key`]).
pub async fn public_key(pool: &PgPool) -> anyhow::Result<VerifyingKey> {
    Ok(signing_key(pool).await?.verifying_key())
}

/// The public key as lower-case hex (64 digits), how it is printed and served.
pub async fn public_key_hex(pool: &PgPool) -> anyhow::Result<String> {
    Ok(hex::encode(public_key(pool).await?.as_bytes()))
}
