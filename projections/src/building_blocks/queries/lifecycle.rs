//! Reads of the providers' lifecycle (docs/decisions/0100-proposed-and-closed-providers.md): the
//! proposals of new providers and of closures awaiting the province in a reader's area, and
//! the building blocks a proposal may name.

use chrono::{DateTime, Utc};

/// A proposal awaiting the province (`bb_provider_lifecycle` with its names).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProposalRow {
    /// The provider id.
    pub provider_id: i64,
    /// `new` (a provider missing from the directory) or `closure`.
    pub kind: String,
    /// The provider's name.
    pub name: String,
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// The municipality's name.
    pub municipality_name: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub building_block: String,
    /// Office numbers (`[{contactTypeId, detail}]`).
    pub contacts: serde_json::Value,
    /// Longitude of the chosen point (never for shelters).
    pub point_lon: Option<f64>,
    /// Latitude of the chosen point (never for shelters).
    pub point_lat: Option<f64>,
    /// Physical address as given (never for shelters).
    pub physical_address: Option<String>,
    /// Why it should close (closures).
    pub reason: Option<String>,
    /// Who proposed it (`user:<id>`).
    pub proposed_by: String,
    /// When.
    pub proposed_at: DateTime<Utc>,
}

/// The proposals in state `proposed` of providers in municipalities `area` (boundary ids),
/// oldest first (index `(state, proposed_at, provider_id)`), at most `limit`.
pub async fn pending_proposals(
    pool: &sqlx::PgPool,
    area: &[i64],
    limit: i64,
) -> sqlx::Result<Vec<ProposalRow>> {
    sqlx::query_as(&format!(
        "SELECT l.provider_id, l.kind, l.name, l.municipality_id, b.name AS municipality_name,
                l.building_block_id, k.description AS building_block, l.contacts, l.point_lon,
                l.point_lat, l.physical_address, {reason} AS reason, l.proposed_by, l.proposed_at
         FROM bb_provider_lifecycle l JOIN boundary b ON b.boundary_id = l.municipality_id
         JOIN bb_block k ON k.building_block_id = l.building_block_id
         WHERE l.state = 'proposed' AND l.municipality_id = ANY($1)
         ORDER BY l.proposed_at, l.provider_id LIMIT $2",
        reason = crate::reasons::reason_text("l.reason_id", "l.reason_digest", "l.reason"),
    ))
    .bind(area)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// How many proposals await the province in municipalities `area`.
pub async fn pending_proposal_count(pool: &sqlx::PgPool, area: &[i64]) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT count(*) FROM bb_provider_lifecycle WHERE state = 'proposed' AND municipality_id = ANY($1)",
    )
    .bind(area)
    .fetch_one(pool)
    .await
}

/// The category of building block `building_block_id`; `None` when the taxonomy has no such
/// block.
pub async fn block_category(
    pool: &sqlx::PgPool,
    building_block_id: i32,
) -> sqlx::Result<Option<i32>> {
    sqlx::query_scalar(
        "SELECT building_block_category_id FROM bb_block WHERE building_block_id = $1",
    )
    .bind(building_block_id)
    .fetch_optional(pool)
    .await
}

/// The place of a provider known only to the lifecycle table (proposed, declined or closed):
/// `(municipality, province, building block)`; `None` when unknown there too.
pub async fn lifecycle_place(
    pool: &sqlx::PgPool,
    provider_id: i64,
) -> sqlx::Result<Option<(i64, Option<i64>, i32)>> {
    sqlx::query_as(
        "SELECT l.municipality_id, b.province_id, l.building_block_id FROM bb_provider_lifecycle l
         JOIN boundary b ON b.boundary_id = l.municipality_id WHERE l.provider_id = $1",
    )
    .bind(provider_id)
    .fetch_optional(pool)
    .await
}
