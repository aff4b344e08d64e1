//! The free-text reason of a message, looked up when it is sent.

use serde_json::{json, Value};
use sqlx::PgPool;

/// Fills in `context["reason"]` of a message about to be sent from its `reason_id` (the
/// `decision_reason` text, "Erased reason" once erased): the outbox keeps a free-text reason's id
/// only, so erasing the reason leaves no copy in it. The text is checked against the digest its
/// sealed event carries (`reason_digest`, copied when the message was planned): a text changed
/// in `decision_reason` since is not sent as the verifier's words
/// ([`gbvf_projections::reasons::ALTERED_REASON`] instead). A context without `reason_id` is
/// left as it is.
pub async fn reason_at_send(pool: &PgPool, context: &mut Value) -> anyhow::Result<()> {
    let Some(id) = context
        .get("reason_id")
        .and_then(Value::as_str)
        .and_then(|id| id.parse::<uuid::Uuid>().ok())
    else {
        return Ok(());
    };
    let digest = context
        .get("reason_digest")
        .and_then(Value::as_str)
        .map(str::to_string);
    let texts = gbvf_projections::reasons::reason_texts(pool, &[(id, digest)]).await?;
    context["reason"] = json!(texts
        .get(&id)
        .map(String::as_str)
        .unwrap_or(gbvf_projections::reasons::ERASED_REASON));
    Ok(())
}
