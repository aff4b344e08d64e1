//! `GET /api/audit/public-key`: the Ed25519 key that signs the event log's checkpoints, so
//! anyone can check a proof file (`gbvf events verify-proof`) against the key the site
//! publishes (docs/operations.md "Auditing").

use axum::extract::State;
use axum::Json;
use serde::Serialize;

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
#[utoipa::path(get, path = "/api/audit/public-key", tag = "operations", responses((status = 200, description = "The signing key", body = AuditPublicKey)))]
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
