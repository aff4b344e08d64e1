//! Availability of requirements inside a boundary and per area of its map (public spec §3
//! "Building block data", `containedBoundaryData`), and both read with the boundary from one
//! snapshot ([`availability_reads`]).

use chrono::NaiveDate;

use super::INSIDE;
use crate::geography::queries::{boundary, BoundaryRow};

/// Everything the building-block data of one boundary is computed from, read from one
/// snapshot, so that the categories' figures and the map's areas count the same providers.
#[derive(Debug, Clone)]
pub struct AvailabilityReads {
    /// The boundary.
    pub boundary: BoundaryRow,
    /// Per requirement ([`requirement_availability`]).
    pub requirements: Vec<RequirementAvailabilityRow>,
    /// Per area of the map and category ([`area_availability`]).
    pub areas: Vec<AreaAvailabilityRow>,
}

/// Reads the [`AvailabilityReads`] of boundary `boundary_id` for `quarters` (first days of
/// quarters) in one read-only REPEATABLE READ transaction; `None` for an unknown boundary.
/// Fails only with the database's error.
pub async fn availability_reads(
    pool: &sqlx::PgPool,
    boundary_id: i64,
    quarters: &[NaiveDate],
) -> sqlx::Result<Option<AvailabilityReads>> {
    let mut tx = crate::engine::status::snapshot(pool).await?;
    let Some(row) = boundary(&mut *tx, boundary_id).await? else {
        return Ok(None);
    };
    let reads = AvailabilityReads {
        boundary: row,
        requirements: requirement_availability(&mut *tx, boundary_id, quarters).await?,
        areas: area_availability(&mut *tx, boundary_id).await?,
    };
    tx.commit().await?;
    Ok(Some(reads))
}

/// One requirement's availability inside a boundary (public spec §3 "Building block data").
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RequirementAvailabilityRow {
    /// Its category id and name.
    pub category_id: i32,
    /// The category's name.
    pub category_description: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub block_description: String,
    /// The requirement id.
    pub requirement_id: i32,
    /// The requirement's name.
    pub requirement_description: String,
    /// Providers of its building block inside the boundary (listed, verified or not).
    pub providers: i64,
    /// Of those, providers whose verified details offer it now (availability divides this by
    /// `verified_providers`, never by `providers`).
    pub available_now: i64,
    /// Providers offering it at the end of each quarter of the query (the latest verified
    /// snapshot at or before that quarter), in the order of the quarters given.
    pub available_per_quarter: Vec<i64>,
    /// Providers of its building block inside the boundary with a verified snapshot now; for a
    /// requirement an administrator added, only those verified since (the others' details never
    /// said whether they offer it).
    pub verified_providers: i64,
    /// The same by the end of each quarter of the query (first verification before the
    /// quarter ended), in the order of the quarters given.
    pub verified_per_quarter: Vec<i64>,
    /// An administrator added the requirement (not the shipped taxonomy).
    pub added: bool,
}

/// Every requirement of the taxonomy (category, block and requirement order) with its
/// providers inside boundary `boundary_id` and how many offer it now and at the end of each
/// of `quarters` (first days of quarters).
pub async fn requirement_availability(
    db: impl sqlx::PgExecutor<'_>,
    boundary_id: i64,
    quarters: &[NaiveDate],
) -> sqlx::Result<Vec<RequirementAvailabilityRow>> {
    sqlx::query_as(&format!(
        "WITH p AS (
             SELECT p.provider_id, p.building_block_id, p.verified_requirements, p.verified_at
             FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id WHERE {INSIDE}
         ),
         totals AS (
             SELECT building_block_id, count(*) AS n, count(*) FILTER (WHERE verified_at IS NOT NULL) AS v
             FROM p GROUP BY building_block_id
         ),
         verifiedq AS (
             SELECT k.building_block_id,
                    array_agg((SELECT count(*) FROM p WHERE p.building_block_id = k.building_block_id
                                 AND p.verified_at < u.q + interval '3 months') ORDER BY u.i) AS vs
             FROM bb_block k CROSS JOIN unnest($2::date[]) WITH ORDINALITY AS u(q, i)
             GROUP BY k.building_block_id
         ),
         now AS (SELECT r, count(*) AS n FROM p, unnest(p.verified_requirements) AS r GROUP BY r),
         snap AS (
             SELECT DISTINCT ON (q.provider_id, qs) qs, q.verified_requirements
             FROM unnest($2::date[]) AS qs JOIN bb_provider_quarter q ON q.quarter_start <= qs
             JOIN p ON p.provider_id = q.provider_id
             ORDER BY q.provider_id, qs, q.quarter_start DESC
         ),
         per AS (SELECT r, qs, count(*) AS n FROM snap, unnest(snap.verified_requirements) AS r GROUP BY r, qs),
         added AS (
             SELECT req.building_block_requirement_id AS r, v.at
             FROM bb_requirement req JOIN bb_taxonomy_version v ON v.taxonomy_version = req.added_version
         ),
         perq AS (
             SELECT req.building_block_requirement_id AS r, array_agg(COALESCE(per.n, 0) ORDER BY u.i) AS ns
             FROM bb_requirement req CROSS JOIN unnest($2::date[]) WITH ORDINALITY AS u(q, i)
             LEFT JOIN per ON per.r = req.building_block_requirement_id AND per.qs = u.q
             GROUP BY req.building_block_requirement_id
         )
         SELECT c.building_block_category_id AS category_id, c.description AS category_description,
                k.building_block_id, k.description AS block_description,
                r.building_block_requirement_id AS requirement_id, r.description AS requirement_description,
                COALESCE(t.n, 0) AS providers, COALESCE(now.n, 0) AS available_now,
                perq.ns AS available_per_quarter,
                CASE WHEN added.at IS NULL THEN COALESCE(t.v, 0)
                     ELSE (SELECT count(*) FROM p WHERE p.building_block_id = k.building_block_id
                             AND p.verified_at >= added.at) END AS verified_providers,
                CASE WHEN added.at IS NULL THEN verifiedq.vs
                     ELSE ARRAY(SELECT (SELECT count(*) FROM p WHERE p.building_block_id = k.building_block_id
                                          AND p.verified_at >= added.at AND p.verified_at < u.q + interval '3 months')
                                FROM unnest($2::date[]) WITH ORDINALITY AS u(q, i) ORDER BY u.i) END
                    AS verified_per_quarter,
                added.at IS NOT NULL AS added
         FROM bb_category c JOIN bb_block k USING (building_block_category_id)
         JOIN bb_requirement r USING (building_block_id)
         LEFT JOIN added ON added.r = r.building_block_requirement_id
         JOIN verifiedq ON verifiedq.building_block_id = k.building_block_id
         LEFT JOIN totals t ON t.building_block_id = k.building_block_id
         LEFT JOIN now ON now.r = r.building_block_requirement_id
         JOIN perq ON perq.r = r.building_block_requirement_id
         ORDER BY c.seq, k.seq, r.seq"
    ))
    .bind(boundary_id)
    .bind(quarters)
    .fetch_all(db)
    .await
}

/// Providers and (provider, requirement) pairs of one category in one area of the map.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AreaAvailabilityRow {
    /// The area (a child of the boundary asked for; a municipality is its own).
    pub boundary_id: i64,
    /// Its name.
    pub name: String,
    /// The category; `None` on the one row of an area without providers.
    pub category_id: Option<i32>,
    /// Its providers of that category.
    pub providers: i64,
    /// The (provider, requirement) pairs of its *verified* providers: every requirement of
    /// each verified provider's block (an added one only if added before that provider's last
    /// verification). Unverified providers have no pairs: their details are unknown, not 0.
    pub pairs: i64,
    /// Of those, the pairs their verified details offer now.
    pub available: i64,
    /// Its providers of that category with a verified snapshot.
    pub verified: i64,
}

/// Per area drawn by `/api/geography/geojson/{boundary_id}` (the boundary's children with a
/// geometry; a municipality itself) and per category: listed providers, verified providers,
/// and the pairs of the verified ones with those available now (availability is measured over
/// verified providers only). Ordered by area name, area id, category.
pub async fn area_availability(
    db: impl sqlx::PgExecutor<'_>,
    boundary_id: i64,
) -> sqlx::Result<Vec<AreaAvailabilityRow>> {
    sqlx::query_as(
        "WITH kids AS (
             SELECT boundary_id, name FROM boundary
             WHERE geometry IS NOT NULL AND (parent_id = $1 OR (boundary_id = $1 AND level = 'municipality'))
         ),
         -- Per block: its shipped requirements, and when each requirement an administrator
         -- added was added. A provider's pairs are the shipped ones and those added before its
         -- details were last verified (the others were never asked).
         reqn AS (
             SELECT req.building_block_id, count(*) FILTER (WHERE v.at IS NULL) AS shipped,
                    array_agg(v.at) FILTER (WHERE v.at IS NOT NULL) AS added
             FROM bb_requirement req LEFT JOIN bb_taxonomy_version v ON v.taxonomy_version = req.added_version
             GROUP BY req.building_block_id
         )
         SELECT k.boundary_id, k.name, p.building_block_category_id AS category_id,
                count(p.provider_id) AS providers,
                COALESCE(sum(r.shipped + CASE WHEN r.added IS NULL THEN 0
                    ELSE (SELECT count(*) FROM unnest(r.added) AS a WHERE a <= p.verified_at) END)
                    FILTER (WHERE p.verified_at IS NOT NULL), 0)::bigint AS pairs,
                COALESCE(sum(cardinality(p.verified_requirements)), 0)::bigint AS available,
                count(p.provider_id) FILTER (WHERE p.verified_at IS NOT NULL) AS verified
         FROM kids k
         LEFT JOIN boundary b ON k.boundary_id IN (b.boundary_id, b.district_id, b.province_id)
                             AND b.level = 'municipality'
         LEFT JOIN bb_provider p ON p.municipality_id = b.boundary_id
         LEFT JOIN reqn r ON r.building_block_id = p.building_block_id
         GROUP BY k.boundary_id, k.name, p.building_block_category_id
         ORDER BY k.name, k.boundary_id, p.building_block_category_id",
    )
    .bind(boundary_id)
    .fetch_all(db)
    .await
}

/// The areas the open building-block dataset gives figures for: the nation, the provinces,
/// the districts and metros and the local municipalities (providers are placed in
/// municipalities; a police precinct holds none of its own), by level from the nation down,
/// then by name.
pub async fn availability_areas(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<Vec<BoundaryRow>> {
    sqlx::query_as(
        "SELECT boundary_id, code, level, name, parent_id, province_id, district_id, population,
                area_km2
         FROM boundary
         WHERE level IN ('national', 'province', 'district', 'municipality')
         ORDER BY array_position(ARRAY['national', 'province', 'district', 'municipality'], level),
                  name, boundary_id",
    )
    .fetch_all(db)
    .await
}
