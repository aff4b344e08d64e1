//! Reads of the building-block read model (`bb_category`, `bb_block`, `bb_requirement`,
//! `bb_provider`, `bb_provider_quarter`, with the `boundary` read model) and of the side table
//! `bb_contact_person` and `decision_reason` the write side keeps beside the provider events. The HTTP layer maps
//! these rows to answers; the rules of what the public sees (verified snapshots only, shelters
//! without address, point or person) are in the SQL here and in the answers built from it.

use chrono::{DateTime, Utc};
use serde_json::Value;

mod availability;
mod bulk_load;
mod lifecycle;
mod location;
mod notices;
mod queue;
mod review;
mod taxonomy;
pub use availability::{
    area_availability, availability_areas, availability_reads, requirement_availability,
    requirement_availability_of_areas, AreaAvailabilityRow, AvailabilityReads,
    RequirementAvailabilityRow,
};
pub use bulk_load::{bulk_load_providers, BulkLoadProviderRow};
pub use lifecycle::{
    block_category, lifecycle_place, pending_proposal_count, pending_proposals, ProposalRow,
};
pub use location::{block_location_secret, LOCATION_SECRET};
pub use notices::{place_notice, provider_notice, ProviderNotice};
pub use queue::{
    municipality_names, staff_names, status_counts, verification_queue, QueueFilter, QueueRow,
};
pub use review::{provider_details, ProviderDetailsRow};
pub use taxonomy::{taxonomy_tree, taxonomy_versions, TaxonomyTreeRow, TaxonomyVersionRow};

/// The SQL condition "provider `p` is inside boundary `$1`", through its municipality's row
/// `b` (`boundary`): the municipality itself, its district, its province, or the country (1).
pub const INSIDE: &str =
    "(b.boundary_id = $1 OR b.district_id = $1 OR b.province_id = $1 OR $1 = 1)";

/// The requirement ids of building block `building_block_id` (`bb_requirement`, the
/// taxonomy); empty for an unknown block.
pub async fn block_requirements(
    pool: &sqlx::PgPool,
    building_block_id: i32,
) -> sqlx::Result<Vec<i32>> {
    sqlx::query_scalar(
        "SELECT building_block_requirement_id FROM bb_requirement WHERE building_block_id = $1",
    )
    .bind(building_block_id)
    .fetch_all(pool)
    .await
}

/// Where a provider is, from `bb_provider` and the `boundary` read model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProviderPlace {
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// That municipality's province (boundary id; 0 when the boundary has none).
    pub province_id: i64,
    /// Its building block.
    pub building_block_id: i32,
}

/// The place of provider `provider_id` (listed, or else proposed, declined or closed);
/// `None` when the read model does not know it.
pub async fn provider_place(
    pool: &sqlx::PgPool,
    provider_id: i64,
) -> sqlx::Result<Option<ProviderPlace>> {
    let row: Option<(i64, Option<i64>, i32)> = sqlx::query_as(
        "SELECT p.municipality_id, b.province_id, p.building_block_id FROM bb_provider p
         JOIN boundary b ON b.boundary_id = p.municipality_id WHERE p.provider_id = $1",
    )
    .bind(provider_id)
    .fetch_optional(pool)
    .await?;
    // A proposed, declined or closed provider is placed by its lifecycle row.
    let row = match row {
        Some(row) => Some(row),
        None => lifecycle::lifecycle_place(pool, provider_id).await?,
    };
    Ok(row.map(|(m, p, b)| ProviderPlace {
        municipality_id: m,
        province_id: p.unwrap_or(0),
        building_block_id: b,
    }))
}

/// A building block of the taxonomy with its category, and (for [`block_counts`]) its
/// providers inside a boundary.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TaxonomyBlockRow {
    /// Category id.
    pub category_id: i32,
    /// The category's name.
    pub category_description: String,
    /// Building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub block_description: String,
    /// Its providers inside the boundary ([`block_counts`]); 0 from [`taxonomy_blocks`].
    pub providers: i64,
}

/// Every building block with its category, in the taxonomy's order.
pub async fn taxonomy_blocks(pool: &sqlx::PgPool) -> sqlx::Result<Vec<TaxonomyBlockRow>> {
    sqlx::query_as(
        "SELECT c.building_block_category_id AS category_id, c.description AS category_description,
                k.building_block_id, k.description AS block_description, 0::bigint AS providers
         FROM bb_category c JOIN bb_block k USING (building_block_category_id) ORDER BY c.seq, k.seq",
    )
    .fetch_all(pool)
    .await
}

/// Every building block with its category and its providers inside boundary `boundary_id`,
/// in the taxonomy's order (the map's count modal, public spec §2 "Map view").
pub async fn block_counts(
    pool: &sqlx::PgPool,
    boundary_id: i64,
) -> sqlx::Result<Vec<TaxonomyBlockRow>> {
    sqlx::query_as(&format!(
        "SELECT c.building_block_category_id AS category_id, c.description AS category_description,
                k.building_block_id, k.description AS block_description,
                (SELECT count(*) FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
                 WHERE p.building_block_id = k.building_block_id AND {INSIDE}) AS providers
         FROM bb_category c JOIN bb_block k USING (building_block_category_id) ORDER BY c.seq, k.seq"
    ))
    .bind(boundary_id)
    .fetch_all(pool)
    .await
}

/// A requirement of the taxonomy.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RequirementRow {
    /// Its building block.
    pub building_block_id: i32,
    /// Requirement id.
    pub requirement_id: i32,
    /// Its name.
    pub description: String,
}

/// The requirements of building block `building_block_id`, or of every block when `None`,
/// in the taxonomy's order.
pub async fn requirements(
    pool: &sqlx::PgPool,
    building_block_id: Option<i32>,
) -> sqlx::Result<Vec<RequirementRow>> {
    sqlx::query_as(
        "SELECT building_block_id, building_block_requirement_id AS requirement_id, description
         FROM bb_requirement WHERE ($1::int IS NULL OR building_block_id = $1) ORDER BY seq",
    )
    .bind(building_block_id)
    .fetch_all(pool)
    .await
}

/// What the contact directory is searched by (public spec §7 `searchcontact`); every part
/// optional, all given parts must hold.
#[derive(Debug, Clone, Default)]
pub struct DirectorySearch {
    /// Inside this boundary (1, the country, when `None`).
    pub boundary_id: Option<i64>,
    /// Of this category.
    pub category_id: Option<i64>,
    /// Of this building block.
    pub building_block_id: Option<i64>,
    /// This provider only.
    pub provider_id: Option<i64>,
    /// Lower-case text the name or the building block's name contains.
    pub filter: Option<String>,
}

/// A provider as the public directory knows it: its last verified snapshot (the imported
/// contacts before any verification).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DirectoryEntryRow {
    /// The provider id.
    pub provider_id: i64,
    /// Its name.
    pub name: String,
    /// Its municipality's name.
    pub municipality_name: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub building_block: String,
    /// Verified contacts, else the imported ones: `[{contactTypeId, detail}]`.
    pub contacts: Value,
    /// Verified physical address, if any (never read out for a shelter by the answers).
    pub physical_address: Option<String>,
    /// The block's locations are secret ([`LOCATION_SECRET`]): the answers show no address,
    /// no person and only the telephone lines.
    pub location_secret: bool,
    /// Verified contact-person references: `[{contactPersonId, buildingBlockRequirementId,
    /// isPublic}]`.
    pub contact_persons: Value,
    /// Verified requirement ids.
    pub verified_requirements: Vec<i32>,
}

/// Providers matching `search`, sorted by name (case-insensitive) then id; at most 2,000.
pub async fn directory_entries(
    pool: &sqlx::PgPool,
    search: &DirectorySearch,
) -> sqlx::Result<Vec<DirectoryEntryRow>> {
    sqlx::query_as(&format!(
        "SELECT p.provider_id, p.name, b.name AS municipality_name, p.building_block_id,
                k.description AS building_block,
                COALESCE(p.verified_contacts, p.contacts) AS contacts,
                p.verified_physical_address AS physical_address,
                {LOCATION_SECRET} AS location_secret,
                p.verified_contact_persons AS contact_persons, p.verified_requirements
         FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         JOIN bb_block k ON k.building_block_id = p.building_block_id
         WHERE ($1::bigint IS NULL OR {INSIDE})
           AND ($2::bigint IS NULL OR p.building_block_category_id = $2)
           AND ($3::bigint IS NULL OR p.building_block_id = $3)
           AND ($4::bigint IS NULL OR p.provider_id = $4)
           AND ($5::text IS NULL OR strpos(lower(p.name), $5) > 0 OR strpos(lower(k.description), $5) > 0)
         ORDER BY lower(p.name), p.provider_id
         LIMIT 2000"
    )
    .replace("$1 = 1", "$1::bigint = 1"))
    .bind(search.boundary_id.unwrap_or(1))
    .bind(search.category_id)
    .bind(search.building_block_id)
    .bind(search.provider_id)
    .bind(search.filter.as_deref())
    .fetch_all(pool)
    .await
}

/// A contact person's row in the side table `bb_contact_person` (personal data, erasable:
/// every column but the id and `erased_at` is NULL once erased).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ContactPersonRow {
    /// The id provider events name.
    pub contact_person_id: uuid::Uuid,
    /// Full name.
    pub name: Option<String>,
    /// When the person was erased (`gbvf building-blocks erase-contact`).
    pub erased_at: Option<DateTime<Utc>>,
    /// Job role.
    pub job_role: Option<String>,
    /// Mobile number (digits).
    pub mobile_number: Option<String>,
    /// E-mail address.
    pub email: Option<String>,
    /// Work telephone number (digits).
    pub telephone_number: Option<String>,
    /// Work alternate number (digits).
    pub alternate_number: Option<String>,
}

/// The contact persons of providers `provider_ids`, any order.
pub async fn contact_persons(
    pool: &sqlx::PgPool,
    provider_ids: &[i64],
) -> sqlx::Result<Vec<ContactPersonRow>> {
    sqlx::query_as(
        "SELECT contact_person_id, name, erased_at, job_role, mobile_number, email, telephone_number,
                alternate_number
         FROM bb_contact_person WHERE stakeholder_id = ANY($1)",
    )
    .bind(provider_ids)
    .fetch_all(pool)
    .await
}

/// A provider with a point on the map (never a shelter).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProviderPointRow {
    /// The provider id.
    pub provider_id: i64,
    /// Its name.
    pub name: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub building_block: String,
    /// Its category id.
    pub category_id: i32,
    /// Longitude (WGS84 degrees).
    pub longitude: f64,
    /// Latitude (WGS84 degrees).
    pub latitude: f64,
}

/// Providers with a point inside boundary `boundary_id`, of category `category_id` when
/// given, by name; never one whose location is secret ([`LOCATION_SECRET`]: shelters, shipped
/// or added; their point is never stored, and they are excluded here as well).
pub async fn provider_points(
    pool: &sqlx::PgPool,
    boundary_id: i64,
    category_id: Option<i64>,
) -> sqlx::Result<Vec<ProviderPointRow>> {
    sqlx::query_as(&format!(
        "SELECT p.provider_id, p.name, p.building_block_id, k.description AS building_block,
                p.building_block_category_id AS category_id,
                p.point_lon AS longitude, p.point_lat AS latitude
         FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         JOIN bb_block k ON k.building_block_id = p.building_block_id
         WHERE p.point_lon IS NOT NULL AND NOT {LOCATION_SECRET} AND {INSIDE}
           AND ($2::bigint IS NULL OR p.building_block_category_id = $2)
         ORDER BY p.name"
    ))
    .bind(boundary_id)
    .bind(category_id)
    .fetch_all(pool)
    .await
}

/// Which municipalities a signed-in user's building-block dashboard covers.
#[derive(Debug, Clone, Default)]
pub struct MunicipalityScope {
    /// Every municipality (WorldOfImpactAdmin).
    pub all: bool,
    /// The assigned municipalities.
    pub assigned: Vec<i64>,
    /// Also every municipality of these provinces (boundary ids; those the user reviews).
    pub provinces: Vec<i64>,
    /// Only those inside this boundary (the municipality, its district or province).
    pub within: Option<i64>,
}

/// A building block's providers in one municipality (public spec §4 completion).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MunicipalityBlockRow {
    /// The municipality (boundary id).
    pub municipality_id: i64,
    /// Its name.
    pub municipality_name: String,
    /// Its province's name.
    pub province_name: String,
    /// Its district's name (its own for a metro).
    pub district_name: String,
    /// Category id.
    pub category_id: i32,
    /// The category's name.
    pub category_description: String,
    /// Building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub block_description: String,
    /// Its providers in the municipality.
    pub providers: i64,
    /// Of those, verified.
    pub verified: i64,
    /// Of those, never captured (imported only).
    pub not_captured: i64,
    /// Of those, submitted and awaiting the province's decision.
    pub submitted: i64,
    /// Of those, returned to the municipality.
    pub returned: i64,
}

/// Per municipality of `scope` and building block (taxonomy order): providers and verified
/// providers; ordered by municipality name, category, block.
pub async fn municipality_blocks(
    pool: &sqlx::PgPool,
    scope: &MunicipalityScope,
) -> sqlx::Result<Vec<MunicipalityBlockRow>> {
    sqlx::query_as(
        "WITH m AS (
             SELECT b.boundary_id, b.name, pr.name AS province, COALESCE(d.name, b.name) AS district FROM boundary b
             JOIN boundary pr ON pr.boundary_id = b.province_id LEFT JOIN boundary d ON d.boundary_id = b.district_id
             WHERE b.level = 'municipality'
               AND ($1 OR b.boundary_id = ANY($2)
                    OR b.province_id = ANY($3))
               AND ($4::bigint IS NULL OR b.boundary_id = $4 OR b.district_id = $4 OR b.province_id = $4)
         )
         SELECT m.boundary_id AS municipality_id, m.name AS municipality_name, m.province AS province_name,
                m.district AS district_name, c.building_block_category_id AS category_id,
                c.description AS category_description, k.building_block_id, k.description AS block_description,
                count(p.provider_id) AS providers,
                count(p.provider_id) FILTER (WHERE p.status = 'verified') AS verified,
                count(p.provider_id) FILTER (WHERE p.status = 'not_captured') AS not_captured,
                count(p.provider_id) FILTER (WHERE p.status = 'submitted') AS submitted,
                count(p.provider_id) FILTER (WHERE p.status = 'returned') AS returned
         FROM m CROSS JOIN bb_block k JOIN bb_category c USING (building_block_category_id)
         LEFT JOIN bb_provider p ON p.municipality_id = m.boundary_id AND p.building_block_id = k.building_block_id
         GROUP BY m.boundary_id, m.name, m.province, m.district, c.building_block_category_id, c.description, c.seq, k.building_block_id, k.description, k.seq
         ORDER BY m.name, c.seq, k.seq",
    )
    .bind(scope.all)
    .bind(&scope.assigned)
    .bind(&scope.provinces)
    .bind(scope.within)
    .fetch_all(pool)
    .await
}

/// The province (boundary id) of municipality `municipality_id`; `None` when it is no
/// municipality or has no province.
pub async fn municipality_province(
    pool: &sqlx::PgPool,
    municipality_id: i64,
) -> sqlx::Result<Option<i64>> {
    let province: Option<Option<i64>> = sqlx::query_scalar(
        "SELECT province_id FROM boundary WHERE boundary_id = $1 AND level = 'municipality'",
    )
    .bind(municipality_id)
    .fetch_optional(pool)
    .await?;
    Ok(province.flatten())
}

/// A provider of a building block in a municipality with its workflow status.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProviderStatusRow {
    /// The provider id.
    pub provider_id: i64,
    /// Its name.
    pub name: String,
    /// `not_captured`, `submitted`, `verified` or `returned`.
    pub status: String,
}

/// The providers of building block `building_block_id` in municipality `municipality_id`,
/// by name (case-insensitive).
pub async fn providers_of_block(
    pool: &sqlx::PgPool,
    municipality_id: i64,
    building_block_id: i64,
) -> sqlx::Result<Vec<ProviderStatusRow>> {
    sqlx::query_as(
        "SELECT provider_id, name, status FROM bb_provider
         WHERE municipality_id = $1 AND building_block_id = $2 ORDER BY lower(name)",
    )
    .bind(municipality_id)
    .bind(building_block_id)
    .fetch_all(pool)
    .await
}
