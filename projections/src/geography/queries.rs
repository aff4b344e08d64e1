//! The typed reads of the geography read model (table `boundary`, see [`super`]): one
//! boundary, its children, the lists and map layers of the public dashboard, and the checks
//! of forms that name boundaries. Every function fails only with the database's error.

use gbvf_events::boundary::BoundaryLevel;
use sqlx::PgPool;

/// One row of `boundary` without its geometry, as readers use it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BoundaryRow {
    /// Stable id.
    pub boundary_id: i64,
    /// Code of the source (MDB code, SAPS station code).
    pub code: String,
    /// Level name (`national`, `province`, `district`, `municipality`, `saps_precinct`,
    /// `ward`).
    pub level: String,
    /// Name.
    pub name: String,
    /// Containing boundary.
    pub parent_id: Option<i64>,
    /// Own province (for a province, itself).
    pub province_id: Option<i64>,
    /// Own district (for a district, itself).
    pub district_id: Option<i64>,
    /// Census 2022 population, people.
    pub population: Option<i64>,
    /// Area, km².
    pub area_km2: Option<f64>,
}

impl BoundaryRow {
    /// Its level; an unknown level name reads as a SAPS precinct.
    pub fn level(&self) -> BoundaryLevel {
        BoundaryLevel::parse(&self.level).unwrap_or(BoundaryLevel::SapsPrecinct)
    }
}

/// Columns selected for [`BoundaryRow`].
const COLUMNS: &str =
    "boundary_id, code, level, name, parent_id, province_id, district_id, population, area_km2";

/// The boundary `boundary_id`; `None` when there is none.
pub async fn boundary(
    db: impl sqlx::PgExecutor<'_>,
    boundary_id: i64,
) -> sqlx::Result<Option<BoundaryRow>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM boundary WHERE boundary_id = $1"
    ))
    .bind(boundary_id)
    .fetch_optional(db)
    .await
}

/// The direct children of boundary `boundary_id` (every level, precincts included), ordered
/// by name; empty for an unknown boundary.
pub async fn children(
    db: impl sqlx::PgExecutor<'_>,
    boundary_id: i64,
) -> sqlx::Result<Vec<BoundaryRow>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM boundary WHERE parent_id = $1 ORDER BY name"
    ))
    .bind(boundary_id)
    .fetch_all(db)
    .await
}

/// The boundaries of `levels` whose name contains `name_contains` (case-insensitive; any name
/// when `None`), ordered by name. With a `parent` (other than itself): its direct children of
/// those levels when it has any (nation → provinces, province → districts, district →
/// municipalities), else every boundary of those levels inside it (province →
/// municipalities; the nation, 1, holds them all).
pub async fn boundaries_of_levels(
    pool: &PgPool,
    levels: &[&str],
    parent: Option<i64>,
    name_contains: Option<&str>,
) -> sqlx::Result<Vec<BoundaryRow>> {
    let mut rows = Vec::new();
    for direct_only in [true, false] {
        rows = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM boundary
             WHERE level = ANY($1)
               AND ($2::bigint IS NULL OR (boundary_id <> $2 AND (parent_id = $2
                    OR (NOT $4 AND (province_id = $2 OR district_id = $2 OR $2 = 1)))))
               AND ($3::text IS NULL OR name ILIKE '%' || $3 || '%')
             ORDER BY name"
        ))
        .bind(levels)
        .bind(parent)
        .bind(name_contains)
        .bind(direct_only)
        .fetch_all(pool)
        .await?;
        if !rows.is_empty() || parent.is_none() {
            break;
        }
    }
    Ok(rows)
}

/// A boundary by id and name.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BoundaryName {
    /// Its boundary id.
    pub boundary_id: i64,
    /// Its name.
    pub name: String,
}

/// A local municipality with the district and province it lies in.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MunicipalityPlace {
    /// Its boundary id.
    pub boundary_id: i64,
    /// Its name.
    pub name: String,
    /// Its district's boundary id and name (a metropolitan municipality is its own district).
    pub district_id: Option<i64>,
    /// Its district's name.
    pub district_name: Option<String>,
    /// Its province's boundary id.
    pub province_id: Option<i64>,
    /// Its province's name.
    pub province_name: Option<String>,
}

/// Every local municipality with its district and province, ordered by province, district
/// and name (the municipality picker of the user form groups by them).
pub async fn municipalities(pool: &PgPool) -> sqlx::Result<Vec<MunicipalityPlace>> {
    sqlx::query_as(
        "SELECT m.boundary_id, m.name, m.district_id, d.name AS district_name,
                m.province_id, p.name AS province_name
         FROM boundary m
         LEFT JOIN boundary d ON d.boundary_id = m.district_id
         LEFT JOIN boundary p ON p.boundary_id = m.province_id
         WHERE m.level = 'municipality'
         ORDER BY p.name, d.name, m.name",
    )
    .fetch_all(pool)
    .await
}

/// How many of `boundary_ids` are provinces.
pub async fn province_count(pool: &PgPool, boundary_ids: &[i64]) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT count(*) FROM boundary WHERE boundary_id = ANY($1) AND level = 'province'",
    )
    .bind(boundary_ids)
    .fetch_one(pool)
    .await
}

/// The boundaries `boundary_ids` (duplicates allowed), ordered by id; unknown ids are left out.
pub async fn boundaries_by_id(
    db: impl sqlx::PgExecutor<'_>,
    boundary_ids: &[i64],
) -> sqlx::Result<Vec<BoundaryRow>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM boundary WHERE boundary_id = ANY($1) ORDER BY boundary_id"
    ))
    .bind(boundary_ids)
    .fetch_all(db)
    .await
}

/// The names of the boundaries `boundary_ids`, ordered by name; unknown ids are left out.
pub async fn boundary_names(
    pool: &PgPool,
    boundary_ids: &[i64],
) -> sqlx::Result<Vec<BoundaryName>> {
    sqlx::query_as(
        "SELECT boundary_id, name FROM boundary WHERE boundary_id = ANY($1) ORDER BY name",
    )
    .bind(boundary_ids)
    .fetch_all(pool)
    .await
}

/// How many of `boundary_ids` are local municipalities.
pub async fn municipality_count(pool: &PgPool, boundary_ids: &[i64]) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT count(*) FROM boundary WHERE boundary_id = ANY($1) AND level = 'municipality'",
    )
    .bind(boundary_ids)
    .fetch_one(pool)
    .await
}

/// Where a boundary sits in the hierarchy.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LevelAndParent {
    /// Its level name (`province`, `district`, `municipality`, …).
    pub level: String,
    /// Its containing boundary; `None` for the nation.
    pub parent_id: Option<i64>,
}

/// The level and parent of boundary `boundary_id`; `None` when there is none.
pub async fn level_and_parent(
    db: impl sqlx::PgExecutor<'_>,
    boundary_id: i64,
) -> sqlx::Result<Option<LevelAndParent>> {
    sqlx::query_as("SELECT level, parent_id FROM boundary WHERE boundary_id = $1")
        .bind(boundary_id)
        .fetch_optional(db)
        .await
}

/// A boundary's polygon for the map.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AreaShape {
    /// Its boundary id.
    pub boundary_id: i64,
    /// Its name.
    pub name: String,
    /// Its level name.
    pub level: String,
    /// Census 2022 population, people.
    pub population: Option<i64>,
    /// Its geometry: GeoJSON text, WGS84.
    pub geometry: String,
}

/// The polygons of the children of boundary `boundary_id`, or for a municipality its own
/// polygon (boundaries without geometry are left out), ordered by name.
pub async fn area_shapes(pool: &PgPool, boundary_id: i64) -> sqlx::Result<Vec<AreaShape>> {
    sqlx::query_as(
        "SELECT boundary_id, name, level, population, geometry FROM boundary
         WHERE geometry IS NOT NULL AND (parent_id = $1 OR (boundary_id = $1 AND level = 'municipality'))
         ORDER BY name",
    )
    .bind(boundary_id)
    .fetch_all(pool)
    .await
}

/// A SAPS police station: the point of its precinct.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PoliceStation {
    /// The precinct's boundary id.
    pub boundary_id: i64,
    /// The SAPS station code.
    pub code: String,
    /// The precinct's name.
    pub name: String,
    /// Longitude, WGS84 degrees.
    pub point_lon: f64,
    /// Latitude, WGS84 degrees.
    pub point_lat: f64,
    /// The station in the building-block directory (`bb_provider` with this precinct's
    /// `saps_precinct_code`), if it is there.
    pub provider_id: Option<i64>,
}

/// The police stations of the SAPS precincts in boundary `boundary_id` (the precinct itself,
/// its children, or the precincts of a district or province; the nation, 1, holds them all),
/// precincts without a point left out, ordered by name, each with its station in the
/// building-block directory when the import linked one.
pub async fn police_stations_in(
    pool: &PgPool,
    boundary_id: i64,
) -> sqlx::Result<Vec<PoliceStation>> {
    sqlx::query_as(
        "SELECT b.boundary_id, b.code, b.name, b.point_lon, b.point_lat,
                (SELECT min(p.provider_id) FROM bb_provider p WHERE p.saps_precinct_code = b.code)
                    AS provider_id
         FROM boundary b
         WHERE b.level = 'saps_precinct' AND b.point_lon IS NOT NULL
           AND (b.boundary_id = $1 OR b.parent_id = $1 OR b.district_id = $1 OR b.province_id = $1 OR $1 = 1)
         ORDER BY b.name",
    )
    .bind(boundary_id)
    .fetch_all(pool)
    .await
}

/// The areas of the map of boundary `boundary_id`: itself and its children other than SAPS
/// precincts, ordered by name.
pub async fn map_areas(pool: &PgPool, boundary_id: i64) -> sqlx::Result<Vec<BoundaryName>> {
    sqlx::query_as(
        "SELECT boundary_id, name FROM boundary
         WHERE (boundary_id = $1 OR parent_id = $1) AND level <> 'saps_precinct' ORDER BY name",
    )
    .bind(boundary_id)
    .fetch_all(pool)
    .await
}

/// A point that stands for an area on the map.
#[derive(Debug, Clone, Copy, PartialEq, sqlx::FromRow)]
pub struct AreaPoint {
    /// The area's boundary id.
    pub boundary_id: i64,
    /// Longitude, WGS84 degrees.
    pub lon: f64,
    /// Latitude, WGS84 degrees.
    pub lat: f64,
}

/// A representative point of each of the areas `boundary_ids` that has one: the police-station
/// point of its SAPS precincts (children, or precincts of a district) nearest the mean of
/// those points — a real point inside the area, never an address. One per area, ordered by
/// boundary id.
pub async fn representative_points(
    pool: &PgPool,
    boundary_ids: &[i64],
) -> sqlx::Result<Vec<AreaPoint>> {
    sqlx::query_as(
        "WITH st AS (
             SELECT a.boundary_id AS area, s.point_lon, s.point_lat FROM boundary a
             JOIN boundary s ON s.level = 'saps_precinct' AND s.point_lon IS NOT NULL
                  AND (s.parent_id = a.boundary_id OR s.district_id = a.boundary_id)
             WHERE a.boundary_id = ANY($1)),
         mean AS (SELECT area, avg(point_lon) AS lon, avg(point_lat) AS lat FROM st GROUP BY area)
         SELECT DISTINCT ON (st.area) st.area AS boundary_id, st.point_lon AS lon, st.point_lat AS lat
         FROM st JOIN mean USING (area)
         ORDER BY st.area, (st.point_lon - mean.lon)^2 + (st.point_lat - mean.lat)^2",
    )
    .bind(boundary_ids)
    .fetch_all(pool)
    .await
}
