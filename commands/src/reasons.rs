//! The side table `decision_reason` (migration `20261203090000_decision_reason.sql`): the
//! free-text reasons of decisions, kept out of the event log because they may name a person
//! (docs/decisions/0154-free-text-reasons-beside-the-log.md). Commands write a reason here in
//! the transaction that appends the event naming it by id (`SideTables`).

/// Keeps `reason` (already checked by the deciding aggregate) under `reason_id` with the
/// `salt` of its digest in the event ([`gbvf_events::building_block::reason_digest`]), for
/// aggregate `aggregate_type` / `aggregate_id`, given by `created_by` (`user:<id>`), on the
/// command's transaction `tx`. Errors: the database's (a repeated `reason_id` is a unique
/// violation).
pub async fn keep_reason(
    tx: &mut sqlx::PgConnection,
    reason_id: uuid::Uuid,
    salt: uuid::Uuid,
    aggregate_type: &str,
    aggregate_id: &str,
    reason: &str,
    created_by: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO decision_reason (reason_id, aggregate_type, aggregate_id, reason, created_by, salt)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(reason_id)
    .bind(aggregate_type)
    .bind(aggregate_id)
    .bind(reason)
    .bind(created_by)
    .bind(salt)
    .execute(&mut *tx)
    .await?;
    Ok(())
}
