//! Reads of the side table `decision_reason` (migration `20261203090000_decision_reason.sql`):
//! the free-text reasons of decisions (a provider's return, closure proposal or declined
//! proposal; an organisation rejected in the verifier's own words), which events, read models
//! and queued e-mails name by id only, so that erasing one removes its text everywhere at once
//! (docs/decisions/0154-free-text-reasons-beside-the-log.md).

use std::collections::HashMap;

/// What every answer shows for a reason erased with `gbvf building-blocks erase-reason`.
pub const ERASED_REASON: &str = "Erased reason";

/// The SQL expression of a reason's text: the `decision_reason` text of the id in column `id`
/// ([`ERASED_REASON`] once erased; [`ALTERED_REASON`] when column `digest`, the digest its
/// event carries, is set and no longer matches the text and salt, as [`reason_texts`] judges),
/// else the text column `legacy` (reasons recorded before the side table existed); `NULL` when
/// neither holds one.
pub fn reason_text(id: &str, digest: &str, legacy: &str) -> String {
    format!(
        "COALESCE((SELECT CASE
                     WHEN dr.reason IS NULL THEN '{ERASED_REASON}'
                     WHEN {digest} IS NULL THEN dr.reason
                     WHEN dr.salt IS NOT NULL AND encode(sha256(uuid_send(dr.salt)
                          || convert_to(dr.reason, 'UTF8')), 'hex') = {digest} THEN dr.reason
                     ELSE '{ALTERED_REASON}' END
                   FROM decision_reason dr WHERE dr.reason_id = {id}), {legacy})"
    )
}

/// What an answer shows for a kept reason whose text no longer matches the digest its event
/// carries: someone changed `decision_reason` after the decision was recorded.
pub const ALTERED_REASON: &str =
    "This reason was changed after it was recorded; the text given cannot be shown.";

/// The texts of reasons `kept`, each `(reason id, the digest its event carries)`, by id:
/// [`ERASED_REASON`] for an erased one, [`ALTERED_REASON`] for one whose text and salt no
/// longer give the event's digest ([`gbvf_events::building_block::reason_digest`]), else the
/// text. An id without a row is left out; a reason without a digest (kept before digests) is
/// shown as kept.
pub async fn reason_texts<'e>(
    executor: impl sqlx::PgExecutor<'e>,
    kept: &[(uuid::Uuid, Option<String>)],
) -> sqlx::Result<HashMap<uuid::Uuid, String>> {
    let ids: Vec<uuid::Uuid> = kept.iter().map(|(id, _)| *id).collect();
    let digests: HashMap<uuid::Uuid, &str> = kept
        .iter()
        .filter_map(|(id, digest)| Some((*id, digest.as_deref()?)))
        .collect();
    let rows: Vec<(uuid::Uuid, Option<String>, Option<uuid::Uuid>)> = sqlx::query_as(
        "SELECT reason_id, reason, salt FROM decision_reason WHERE reason_id = ANY($1)",
    )
    .bind(&ids)
    .fetch_all(executor)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, text, salt)| {
            let shown = match (text, digests.get(&id)) {
                (None, _) => ERASED_REASON.to_string(),
                (Some(text), Some(digest)) => {
                    let proven = salt.is_some_and(|salt| {
                        gbvf_events::building_block::reason_digest(salt, &text) == *digest
                    });
                    if proven {
                        text
                    } else {
                        ALTERED_REASON.to_string()
                    }
                }
                (Some(text), None) => text,
            };
            (id, shown)
        })
        .collect())
}
