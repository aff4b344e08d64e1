//! What the notification e-mails about a provider name (the mail worker asks inside its
//! queueing transaction, so these take any executor).

/// A provider as a notification names it: no address, no person, nothing about a shelter
/// beyond what the dashboard's own cells show.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ProviderNotice {
    /// Its id (`stakeholderId`).
    pub provider_id: i64,
    /// Its name.
    pub name: String,
    /// Its building block's id and name.
    pub building_block_id: i32,
    /// The building block's name (`bb_block`).
    pub building_block: String,
    /// Its municipality's boundary id and name.
    pub municipality_id: i64,
    /// The municipality's name (`boundary`).
    pub municipality: String,
    /// The province it is in (boundary id).
    pub province_id: i64,
}

/// Provider `provider_id` with its building block, municipality and province; `None` when
/// the read model does not know it (yet).
pub async fn provider_notice<'e, E>(
    executor: E,
    provider_id: i64,
) -> sqlx::Result<Option<ProviderNotice>>
where
    E: sqlx::Executor<'e, Database = sqlx::Postgres>,
{
    sqlx::query_as(
        "SELECT p.provider_id, p.name, p.building_block_id, k.description AS building_block,
                p.municipality_id, b.name AS municipality, coalesce(b.province_id, 0) AS province_id
         FROM bb_provider p
         JOIN boundary b ON b.boundary_id = p.municipality_id
         JOIN bb_block k ON k.building_block_id = p.building_block_id
         WHERE p.provider_id = $1",
    )
    .bind(provider_id)
    .fetch_optional(executor)
    .await
}

/// Building block `building_block_id`'s name, municipality `municipality_id`'s name and its
/// province (boundary id): what a notice names for a provider not yet in `bb_provider` (a
/// proposal). `None` when either is unknown.
pub async fn place_notice<'e, E>(
    executor: E,
    municipality_id: i64,
    building_block_id: i32,
) -> sqlx::Result<Option<(String, String, i64)>>
where
    E: sqlx::Executor<'e, Database = sqlx::Postgres>,
{
    sqlx::query_as(
        "SELECT k.description, b.name, coalesce(b.province_id, 0)
         FROM boundary b, bb_block k WHERE b.boundary_id = $1 AND k.building_block_id = $2",
    )
    .bind(municipality_id)
    .bind(building_block_id)
    .fetch_optional(executor)
    .await
}
