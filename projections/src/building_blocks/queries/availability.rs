//! Availability of requirements inside a boundary and per area of its map (public spec §3
//! "Building block data", `containedBoundaryData`), and both read with the boundary from one
//! snapshot ([`availability_reads`]).

use std::collections::HashMap;

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
        requirements: requirement_availability(&mut tx, boundary_id, quarters).await?,
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
/// of `quarters` (first days of quarters): the taxonomy ([`taxonomy_requirements`]) with the
/// counts of the municipalities inside ([`municipality_counts`]) summed. Errors: the database's.
pub async fn requirement_availability(
    conn: &mut sqlx::PgConnection,
    boundary_id: i64,
    quarters: &[NaiveDate],
) -> sqlx::Result<Vec<RequirementAvailabilityRow>> {
    let taxonomy = taxonomy_requirements(&mut *conn).await?;
    let counts = municipality_counts(&mut *conn, boundary_id, quarters).await?;
    let mut summed = HashMap::new();
    for row in &counts {
        add_counts(&mut summed, row, quarters.len());
    }
    Ok(with_counts(&taxonomy, &summed, quarters.len()))
}

/// [`requirement_availability`] of each of `areas` (the nation, provinces, districts or
/// municipalities), in their order, from one read of every municipality's counts: the open
/// building-block dataset's 275 areas in one query instead of one each. Errors: the database's.
pub async fn requirement_availability_of_areas(
    conn: &mut sqlx::PgConnection,
    areas: &[BoundaryRow],
    quarters: &[NaiveDate],
) -> sqlx::Result<Vec<Vec<RequirementAvailabilityRow>>> {
    let taxonomy = taxonomy_requirements(&mut *conn).await?;
    let counts = municipality_counts(&mut *conn, NATION, quarters).await?;
    let mut per_area: HashMap<i64, HashMap<i32, RequirementCounts>> = HashMap::new();
    for row in &counts {
        // The areas a municipality is inside, as `INSIDE` says.
        let containing = [
            Some(row.municipality_id),
            row.district_id,
            row.province_id,
            Some(NATION),
        ];
        let mut seen = Vec::with_capacity(containing.len());
        for area in containing.into_iter().flatten() {
            if !seen.contains(&area) {
                seen.push(area);
                add_counts(per_area.entry(area).or_default(), row, quarters.len());
            }
        }
    }
    let none = HashMap::new();
    Ok(areas
        .iter()
        .map(|a| {
            with_counts(
                &taxonomy,
                per_area.get(&a.boundary_id).unwrap_or(&none),
                quarters.len(),
            )
        })
        .collect())
}

/// The nation's boundary id (`INSIDE`'s "or the country").
const NATION: i64 = 1;

/// A requirement of the taxonomy with its category and building block.
#[derive(Debug, Clone, sqlx::FromRow)]
struct TaxonomyRequirement {
    category_id: i32,
    category_description: String,
    building_block_id: i32,
    block_description: String,
    requirement_id: i32,
    requirement_description: String,
    added: bool,
}

/// Every requirement of the taxonomy, in category, block and requirement order; `added` when
/// an administrator added it.
async fn taxonomy_requirements(
    conn: &mut sqlx::PgConnection,
) -> sqlx::Result<Vec<TaxonomyRequirement>> {
    sqlx::query_as(
        "SELECT c.building_block_category_id AS category_id, c.description AS category_description,
                k.building_block_id, k.description AS block_description,
                r.building_block_requirement_id AS requirement_id, r.description AS requirement_description,
                v.at IS NOT NULL AS added
         FROM bb_category c JOIN bb_block k USING (building_block_category_id)
         JOIN bb_requirement r USING (building_block_id)
         LEFT JOIN bb_taxonomy_version v ON v.taxonomy_version = r.added_version
         ORDER BY c.seq, k.seq, r.seq",
    )
    .fetch_all(conn)
    .await
}

/// What [`RequirementAvailabilityRow`] counts, for some providers: each count adds up over
/// disjoint sets of providers (the municipalities of an area).
#[derive(Debug, Clone, Default, sqlx::FromRow)]
struct RequirementCounts {
    providers: i64,
    available_now: i64,
    available_per_quarter: Vec<i64>,
    verified_providers: i64,
    verified_per_quarter: Vec<i64>,
}

/// One municipality's [`RequirementCounts`] of one requirement, with the district and
/// province it is in.
#[derive(Debug, Clone, sqlx::FromRow)]
struct MunicipalityCounts {
    municipality_id: i64,
    district_id: Option<i64>,
    province_id: Option<i64>,
    requirement_id: i32,
    #[sqlx(flatten)]
    counts: RequirementCounts,
}

/// Adds `row`'s counts to those of its requirement in `sums`.
fn add_counts(
    sums: &mut HashMap<i32, RequirementCounts>,
    row: &MunicipalityCounts,
    quarters: usize,
) {
    let sum = sums
        .entry(row.requirement_id)
        .or_insert_with(|| RequirementCounts {
            available_per_quarter: vec![0; quarters],
            verified_per_quarter: vec![0; quarters],
            ..RequirementCounts::default()
        });
    let c = &row.counts;
    sum.providers += c.providers;
    sum.available_now += c.available_now;
    sum.verified_providers += c.verified_providers;
    let add_each = |sums: &mut [i64], counts: &[i64]| {
        for (s, n) in sums.iter_mut().zip(counts) {
            *s += n;
        }
    };
    add_each(&mut sum.available_per_quarter, &c.available_per_quarter);
    add_each(&mut sum.verified_per_quarter, &c.verified_per_quarter);
}

/// Each requirement of `taxonomy` with its counts in `sums` (zero where it has none).
fn with_counts(
    taxonomy: &[TaxonomyRequirement],
    sums: &HashMap<i32, RequirementCounts>,
    quarters: usize,
) -> Vec<RequirementAvailabilityRow> {
    taxonomy
        .iter()
        .map(|t| {
            let c = sums.get(&t.requirement_id);
            RequirementAvailabilityRow {
                category_id: t.category_id,
                category_description: t.category_description.clone(),
                building_block_id: t.building_block_id,
                block_description: t.block_description.clone(),
                requirement_id: t.requirement_id,
                requirement_description: t.requirement_description.clone(),
                providers: c.map_or(0, |c| c.providers),
                available_now: c.map_or(0, |c| c.available_now),
                available_per_quarter: c
                    .map_or_else(|| vec![0; quarters], |c| c.available_per_quarter.clone()),
                verified_providers: c.map_or(0, |c| c.verified_providers),
                verified_per_quarter: c
                    .map_or_else(|| vec![0; quarters], |c| c.verified_per_quarter.clone()),
                added: t.added,
            }
        })
        .collect()
}

/// Per municipality inside boundary `boundary_id` that has providers, and per requirement:
/// the providers of the requirement's building block; those verified (for a requirement an
/// administrator added, verified since it was added: before, nobody's verified details said
/// whether they offer it), now and by the end of each of `quarters`; and the providers whose
/// verified details offer it now and at the end of each quarter (their latest verified
/// snapshot at or before it). Rows with nothing to count are left out.
async fn municipality_counts(
    conn: &mut sqlx::PgConnection,
    boundary_id: i64,
    quarters: &[NaiveDate],
) -> sqlx::Result<Vec<MunicipalityCounts>> {
    sqlx::query_as(&format!(
        "WITH p AS (
             SELECT p.provider_id, p.municipality_id, p.building_block_id, p.verified_requirements,
                    p.verified_at
             FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id WHERE {INSIDE}
         ),
         u AS (SELECT q, i FROM unnest($2::date[]) WITH ORDINALITY AS u(q, i)),
         req AS (
             SELECT r.building_block_requirement_id AS r, r.building_block_id,
                    COALESCE(v.at, '-infinity') AS counted_from
             FROM bb_requirement r
             LEFT JOIN bb_taxonomy_version v ON v.taxonomy_version = r.added_version
         ),
         listed AS (
             SELECT p.municipality_id, req.r, count(*) AS providers,
                    count(*) FILTER (WHERE p.verified_at >= req.counted_from) AS verified
             FROM p JOIN req USING (building_block_id)
             GROUP BY p.municipality_id, req.r
         ),
         verified_by AS (
             SELECT p.municipality_id, req.r, u.i,
                    count(*) FILTER (WHERE p.verified_at >= req.counted_from
                                       AND p.verified_at < u.q + interval '3 months') AS n
             FROM p JOIN req USING (building_block_id) CROSS JOIN u
             GROUP BY p.municipality_id, req.r, u.i
         ),
         offered AS (
             SELECT p.municipality_id, r, count(*) AS n
             FROM p, unnest(p.verified_requirements) AS r GROUP BY p.municipality_id, r
         ),
         snap AS (
             SELECT DISTINCT ON (q.provider_id, u.i) p.municipality_id, u.i, q.verified_requirements
             FROM u JOIN bb_provider_quarter q ON q.quarter_start <= u.q
             JOIN p ON p.provider_id = q.provider_id
             ORDER BY q.provider_id, u.i, q.quarter_start DESC
         ),
         offered_by AS (
             SELECT municipality_id, r, i, count(*) AS n
             FROM snap, unnest(snap.verified_requirements) AS r GROUP BY municipality_id, r, i
         ),
         counted AS (
             SELECT municipality_id, r FROM listed
             UNION SELECT municipality_id, r FROM offered
             UNION SELECT municipality_id, r FROM offered_by
         )
         SELECT c.municipality_id, b.district_id, b.province_id, c.r AS requirement_id,
                COALESCE(l.providers, 0) AS providers, COALESCE(o.n, 0) AS available_now,
                COALESCE(array_agg(COALESCE(ob.n, 0) ORDER BY u.i) FILTER (WHERE u.i IS NOT NULL),
                         '{{}}') AS available_per_quarter,
                COALESCE(l.verified, 0) AS verified_providers,
                COALESCE(array_agg(COALESCE(vb.n, 0) ORDER BY u.i) FILTER (WHERE u.i IS NOT NULL),
                         '{{}}') AS verified_per_quarter
         FROM counted c JOIN boundary b ON b.boundary_id = c.municipality_id
         LEFT JOIN u ON true
         LEFT JOIN listed l ON l.municipality_id = c.municipality_id AND l.r = c.r
         LEFT JOIN offered o ON o.municipality_id = c.municipality_id AND o.r = c.r
         LEFT JOIN offered_by ob ON ob.municipality_id = c.municipality_id AND ob.r = c.r AND ob.i = u.i
         LEFT JOIN verified_by vb ON vb.municipality_id = c.municipality_id AND vb.r = c.r AND vb.i = u.i
         GROUP BY c.municipality_id, b.district_id, b.province_id, c.r, l.providers, l.verified, o.n"
    ))
    .bind(boundary_id)
    .bind(quarters)
    .fetch_all(conn)
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
