//! Whether a provider's location is secret (shelters, shipped or added; docs/decisions/0152):
//! the one SQL condition every public read uses, and the handlers' question for a block.

/// SQL condition, true when the locations of the providers of building block `k` (a `bb_block`
/// row in the query) are secret (shelters): the block was added as secret, or its category is
/// (`bb_category.location_secret`, from `locationSecret` in `taxonomy.json`). The one test of
/// every public read that could show a point, a street address or a person; the same rule as
/// `gbvf_commands::building_blocks::taxonomy::ReferenceTaxonomy::location_secret`.
pub const LOCATION_SECRET: &str = "(k.location_secret OR EXISTS (SELECT 1 FROM bb_category lc
     WHERE lc.building_block_category_id = k.building_block_category_id AND lc.location_secret))";

/// Whether the locations of the providers of `building_block_id` are secret
/// ([`LOCATION_SECRET`]); false for an unknown block.
pub async fn block_location_secret(
    pool: &sqlx::PgPool,
    building_block_id: i32,
) -> sqlx::Result<bool> {
    Ok(sqlx::query_scalar::<_, bool>(&format!(
        "SELECT {LOCATION_SECRET} FROM bb_block k WHERE k.building_block_id = $1"
    ))
    .bind(building_block_id)
    .fetch_optional(pool)
    .await?
    .unwrap_or(false))
}
