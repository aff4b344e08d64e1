//! Reads of the side table `decision_reason` (migration `20261203090000_decision_reason.sql`):
//! the free-text reasons of decisions (a provider's return, closure proposal or declined
//! proposal; an organisation rejected in the verifier's own words), which events, read models
//! and queued e-mails name by id only, so that erasing one removes its text everywhere at once
//! (docs/decisions/0154-free-text-reasons-beside-the-log.md).

use std::collections::HashMap;

/// What every answer shows for a reason erased with `gbvf building-blocks erase-reason`.
pub const ERASED_REASON: &str = "Erased reason";

/// The SQL expression of a reason's text: the `decision_reason` text of the id in column `id`
/// ([`ERASED_REASON`] once erased), else the text column `legacy` (reasons recorded before the
/// side table existed); `NULL` when neither holds one.
pub fn reason_text(id: &str, legacy: &str) -> String {
    format!(
        "COALESCE((SELECT COALESCE(dr.reason, '{ERASED_REASON}') FROM decision_reason dr
                   WHERE dr.reason_id = {id}), {legacy})"
    )
}

/// The texts of reasons `ids`, by id ([`ERASED_REASON`] for an erased one); an id without a row
/// is left out.
pub async fn reason_texts<'e>(
    executor: impl sqlx::PgExecutor<'e>,
    ids: &[uuid::Uuid],
) -> sqlx::Result<HashMap<uuid::Uuid, String>> {
    let rows: Vec<(uuid::Uuid, Option<String>)> =
        sqlx::query_as("SELECT reason_id, reason FROM decision_reason WHERE reason_id = ANY($1)")
            .bind(ids)
            .fetch_all(executor)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(id, text)| (id, text.unwrap_or_else(|| ERASED_REASON.to_string())))
        .collect())
}
