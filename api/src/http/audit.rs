//! `GET /api/audit/public-key`: the Ed25519 key that signs the event log's checkpoints, so
//! anyone can check a proof file (`gbvf events verify-proof`) against the key the site
//! publishes; `GET /api/audit/checkpoints`: the signed tree heads kept outside the database,
//! for anyone to copy (docs/operations.md "Auditing").

use axum::extract::{Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::AppState;

/// The signing key and how far the log is sealed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPublicKey {
    /// Always `Ed25519`.
    pub algorithm: String,
    /// The public key, 64 lower-case hexadecimal digits (32 bytes).
    pub public_key: String,
    /// When the newest event under a signed checkpoint was written (RFC 3339); null before
    /// the first checkpoint.
    #[schema(required)]
    pub sealed_up_to: Option<chrono::DateTime<chrono::Utc>>,
    /// Events in the chain up to that checkpoint; null before the first.
    #[schema(required)]
    pub sealed_events: Option<i64>,
}

/// `GET /api/audit/public-key`: the key checkpoints are signed with (made on first use) and
/// the newest signed checkpoint's head time.
#[utoipa::path(get, path = "/api/audit/public-key", operation_id = "getAuditPublicKey", tag = "operations", responses((status = 200, description = "The signing key", body = AuditPublicKey)))]
pub async fn public_key(State(s): State<AppState>) -> Result<Json<AuditPublicKey>, ApiError> {
    let public_key = gbvf_events::audit::key::public_key_hex(&s.pool).await?;
    let latest = gbvf_events::audit::latest_checkpoint(&s.pool).await?;
    Ok(Json(AuditPublicKey {
        algorithm: "Ed25519".into(),
        public_key,
        sealed_up_to: latest.as_ref().map(|c| c.recorded_at),
        sealed_events: latest.map(|c| c.chain_index),
    }))
}

/// Query of `GET /api/audit/checkpoints`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CheckpointsQuery {
    /// Only heads of more entries than this (default 0: from the first).
    #[param(value_type = Option<i64>, minimum = 0)]
    pub after: Option<String>,
    /// At most this many heads (1 to 1,000; default 1,000).
    #[param(value_type = Option<i64>, minimum = 1, maximum = 1000)]
    pub limit: Option<String>,
}

/// A signed tree head as kept outside the database: save one as a file and give it to
/// `gbvf events verify --since FILE` later to prove the log only grew since.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedTreeHead {
    /// Entries in the log's Merkle tree (= chain index of the head).
    pub tree_size: i64,
    /// The Merkle tree's root hash (RFC 9162), 64 lower-case hexadecimal digits.
    pub tree_root: String,
    /// The hash chain's seal at the head, 64 lower-case hexadecimal digits.
    pub seal: String,
    /// The head event's global position.
    pub global_position: i64,
    /// When the head event was written.
    pub recorded_at: chrono::DateTime<chrono::Utc>,
    /// Signing time, microseconds since the Unix epoch.
    pub signed_at_micros: i64,
    /// The signer's Ed25519 public key (the key id), 64 lower-case hexadecimal digits.
    pub public_key: String,
    /// Ed25519 signature of the head (`gbvf-tree-head-v1` message), 128 hexadecimal digits.
    pub signature: String,
}

/// The answer of `GET /api/audit/checkpoints`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditCheckpoints {
    /// Heads in the order signed (growing tree size).
    pub checkpoints: Vec<SignedTreeHead>,
    /// `after` for the next page; null at the end.
    #[schema(required)]
    pub next: Option<i64>,
}

/// The heads file of the state's database (its name and oid read each time: one process may
/// serve several databases, as the in-process tests do).
async fn heads_file(s: &AppState) -> Result<gbvf_events::audit::heads::HeadsFile, ApiError> {
    Ok(gbvf_events::audit::heads::HeadsFile::from_env(&s.pool).await?)
}

/// `GET /api/audit/checkpoints?after&limit`: the signed tree heads kept outside the database
/// (the heads file, docs/operations.md "Auditing"), for anyone to copy: a head once copied
/// cannot be taken back by someone who can only write the database.
#[utoipa::path(get, path = "/api/audit/checkpoints", operation_id = "getAuditCheckpoints", tag = "operations",
    params(CheckpointsQuery),
    responses((status = 200, description = "Signed tree heads", body = AuditCheckpoints), (status = 400, description = "Malformed after or limit")))]
pub async fn checkpoints(
    State(s): State<AppState>,
    Query(q): Query<CheckpointsQuery>,
) -> Result<Json<AuditCheckpoints>, ApiError> {
    let number = |v: &Option<String>, name: &str, default: i64| -> Result<i64, ApiError> {
        match v {
            None => Ok(default),
            Some(t) => t
                .trim()
                .parse()
                .map_err(|_| ApiError::bad(name, format!("{name} must be a whole number."))),
        }
    };
    let after = number(&q.after, "after", 0)?;
    let limit = number(&q.limit, "limit", 1000)?;
    if after < 0 {
        return Err(ApiError::bad("after", "after must be 0 or more."));
    }
    if !(1..=1000).contains(&limit) {
        return Err(ApiError::bad("limit", "limit must be between 1 and 1000."));
    }
    let file = heads_file(&s).await?;
    let heads = tokio::task::spawn_blocking(move || file.binding_heads())
        .await
        .map_err(|e| ApiError::Internal(e.into()))?
        .map_err(ApiError::Internal)?;
    let mut page: Vec<SignedTreeHead> = heads
        .into_iter()
        .filter(|h| h.chain_index > after && h.tree_root.is_some())
        .take(usize::try_from(limit).unwrap_or(1000) + 1)
        .map(|h| SignedTreeHead {
            tree_size: h.chain_index,
            tree_root: h.tree_root.unwrap_or_default(),
            seal: h.seal,
            global_position: h.global_position,
            recorded_at: h.recorded_at,
            signed_at_micros: h.signed_at_micros,
            public_key: h.public_key,
            signature: h.signature,
        })
        .collect();
    let more = page.len() > usize::try_from(limit).unwrap_or(1000);
    page.truncate(usize::try_from(limit).unwrap_or(1000));
    Ok(Json(AuditCheckpoints {
        next: if more {
            page.last().map(|h| h.tree_size)
        } else {
            None
        },
        checkpoints: page,
    }))
}

/// The audit seal's state for `/api/health`: an alarm this process's sealer raised, or the
/// newest head kept outside the database without its seal row (rows vanished) or with
/// another seal (rows changed) ([`gbvf_events::audit::heads::database_alarm`]). `None` when
/// all is well (or the check itself could not run: the database probe reports that).
pub async fn seal_alarm(s: &AppState) -> Option<String> {
    if let Some(a) = gbvf_events::audit::sealer::alarm() {
        return Some(a);
    }
    let file = heads_file(s).await.ok()?;
    gbvf_events::audit::heads::database_alarm(&s.pool, &file)
        .await
        .ok()
        .flatten()
}
