//! Reads of the bulk load (docs/decisions/0059-bulk-load-of-provider-details.md): every provider of
//! the directory with its municipality's name, the rows a file's provider names and ids are
//! matched against.

/// A provider as the bulk load matches it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BulkLoadProviderRow {
    /// The provider id.
    pub provider_id: i64,
    /// Its name.
    pub name: String,
    /// Its building block.
    pub building_block_id: i32,
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// That municipality's name.
    pub municipality_name: String,
}

/// Every provider of the directory (`bb_provider` with the `boundary` read model), any order.
pub async fn bulk_load_providers(pool: &sqlx::PgPool) -> sqlx::Result<Vec<BulkLoadProviderRow>> {
    sqlx::query_as(
        "SELECT p.provider_id, p.name, p.building_block_id, p.municipality_id,
                b.name AS municipality_name
         FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id",
    )
    .fetch_all(pool)
    .await
}
