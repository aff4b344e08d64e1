//! One provider as its area's designated persons see it: the pending submission beside the last
//! verified snapshot (the manage screen and the review of what changed).

use chrono::{DateTime, Utc};
use serde_json::Value;

/// One provider as its area's designated persons see it: the last submission's details (not
/// only the verified snapshot).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProviderDetailsRow {
    /// Its name.
    pub name: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub building_block: String,
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// The municipality's name.
    pub municipality_name: String,
    /// The imported contacts: `[{contactTypeId, detail}]`.
    pub contacts: Value,
    /// The last submission's contacts, if any.
    pub details_contacts: Option<Value>,
    /// The last submission's physical address.
    pub physical_address: Option<String>,
    /// The last submission's postal address.
    pub postal_address: Option<String>,
    /// Requirement ids the last submission offers.
    pub requirements: Vec<i32>,
    /// Requirement ids verified.
    pub verified_requirements: Vec<i32>,
    /// The last submission's contact-person references.
    pub contact_persons: Value,
    /// Workflow status.
    pub status: String,
    /// The last submission's version (event sequence), if any.
    pub submission_version: Option<i64>,
    /// Who submitted it (`user:<id>`), if anyone.
    pub submitted_by: Option<String>,
    /// When it was submitted.
    pub submitted_at: Option<DateTime<Utc>>,
    /// The last verified physical address (`None` before the first verification or when none).
    pub verified_physical_address: Option<String>,
    /// The last verified postal address.
    pub verified_postal_address: Option<String>,
    /// The last verified contacts; `None` before the first verification.
    pub verified_contacts: Option<Value>,
    /// The last verified contact-person references.
    pub verified_contact_persons: Value,
    /// When the last verification happened; `None` before the first.
    pub verified_at: Option<DateTime<Utc>>,
    /// The last return's reason (kept when submitted again).
    pub return_reason: Option<String>,
    /// When it was last returned.
    pub returned_at: Option<DateTime<Utc>>,
    /// Who last returned it (`user:<id>`).
    pub returned_by: Option<String>,
}

/// Provider `provider_id`'s details; `None` when unknown.
pub async fn provider_details(
    pool: &sqlx::PgPool,
    provider_id: i64,
) -> sqlx::Result<Option<ProviderDetailsRow>> {
    sqlx::query_as(&format!(
        "SELECT p.name, p.building_block_id, k.description AS building_block, p.municipality_id,
                b.name AS municipality_name, p.contacts, p.details_contacts, p.physical_address,
                p.postal_address, p.requirements, p.verified_requirements, p.contact_persons, p.status,
                p.submission_version, p.submitted_by, p.submitted_at, p.verified_physical_address,
                p.verified_postal_address, p.verified_contacts, p.verified_contact_persons, p.verified_at,
                {reason} AS return_reason, p.returned_at, p.returned_by
         FROM bb_provider p JOIN bb_block k USING (building_block_id) JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE p.provider_id = $1",
        reason = crate::reasons::reason_text("p.return_reason_id", "p.return_reason_digest", "p.return_reason"),
    ))
    .bind(provider_id)
    .fetch_optional(pool)
    .await
}
