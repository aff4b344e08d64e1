//! Reads of the taxonomy's versions (`bb_taxonomy_version`): the administrators' screen of
//! additions (docs/decisions/0053-additions-to-the-taxonomy.md).

/// One version of the taxonomy: an import of the file or an addition.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TaxonomyVersionRow {
    /// The version (1, 2, ...: the taxonomy aggregate's sequence).
    pub taxonomy_version: i64,
    /// `file`, `block` or `requirement`.
    pub kind: String,
    /// The file's own version string (`file` only).
    pub file_version: Option<String>,
    /// The category of an added block.
    pub building_block_category_id: Option<i32>,
    /// The added block, or the block of an added requirement.
    pub building_block_id: Option<i32>,
    /// The added requirement.
    pub building_block_requirement_id: Option<i32>,
    /// The name of the addition (the file's title for `file`).
    pub name: String,
    /// What asks for the addition (the file's path for `file`).
    pub source: Option<String>,
    /// The added block's description, if given.
    pub description: Option<String>,
    /// The parent's name: the category of an added block, the block of an added requirement.
    pub parent_name: Option<String>,
    /// Who: the metadata's actor (`user:<id>`, `import`, ...).
    pub actor: String,
    /// The actor's name from the account read model (`erased` once erased); `None` when the
    /// actor is no user.
    pub actor_name: Option<String>,
    /// When.
    pub at: chrono::DateTime<chrono::Utc>,
}

/// Every version of the taxonomy, newest first; `erased` names an erased person.
pub async fn taxonomy_versions(
    pool: &sqlx::PgPool,
    erased: &str,
) -> sqlx::Result<Vec<TaxonomyVersionRow>> {
    sqlx::query_as(
        "SELECT v.taxonomy_version, v.kind, v.file_version, v.building_block_category_id,
                v.building_block_id, v.building_block_requirement_id, v.name, v.source, v.description,
                CASE v.kind WHEN 'block' THEN c.description WHEN 'requirement' THEN k.description END AS parent_name,
                v.actor,
                CASE WHEN u.erased THEN $1
                     ELSE COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email) END AS actor_name,
                v.at
         FROM bb_taxonomy_version v
         LEFT JOIN bb_category c ON c.building_block_category_id = v.building_block_category_id
         LEFT JOIN bb_block k ON k.building_block_id = v.building_block_id
         LEFT JOIN user_account u ON 'user:' || u.user_id = v.actor
         ORDER BY v.taxonomy_version DESC",
    )
    .bind(erased)
    .fetch_all(pool)
    .await
}

/// One requirement of the taxonomy with its block and category (a block without requirements
/// has one row with the requirement's fields `None`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TaxonomyTreeRow {
    /// Category id.
    pub category_id: i32,
    /// Category name.
    pub category_description: String,
    /// Building block id.
    pub building_block_id: i32,
    /// Building block name.
    pub block_description: String,
    /// The version that added the block; `None` for a shipped one.
    pub block_added_version: Option<i64>,
    /// Requirement id.
    pub requirement_id: Option<i32>,
    /// Requirement name.
    pub requirement_description: Option<String>,
    /// What asks for the requirement.
    pub requirement_source: Option<String>,
    /// The version that added the requirement; `None` for a shipped one.
    pub requirement_added_version: Option<i64>,
}

/// The whole taxonomy, shipped and added, in its order (category, block, requirement).
pub async fn taxonomy_tree(pool: &sqlx::PgPool) -> sqlx::Result<Vec<TaxonomyTreeRow>> {
    sqlx::query_as(
        "SELECT c.building_block_category_id AS category_id, c.description AS category_description,
                k.building_block_id, k.description AS block_description, k.added_version AS block_added_version,
                r.building_block_requirement_id AS requirement_id, r.description AS requirement_description,
                r.source AS requirement_source, r.added_version AS requirement_added_version
         FROM bb_category c JOIN bb_block k USING (building_block_category_id)
         LEFT JOIN bb_requirement r USING (building_block_id)
         ORDER BY c.seq, k.seq, r.seq",
    )
    .fetch_all(pool)
    .await
}
