//! The typed reads of the crime read model (table `crime_total`, see [`super`]): the figures
//! of a boundary and of its children, and all the crime statistics of a boundary read from one
//! snapshot ([`crime_stats_reads`]). Every function fails only with the database's error.

use chrono::NaiveDate;
use sqlx::{PgExecutor, PgPool};

use crate::geography::population::{population_growth, PopulationGrowth};
use crate::geography::queries as geography;
use crate::geography::queries::BoundaryRow;

/// One figure of `crime_total`: the crimes of one type recorded in one boundary in one SAPS
/// financial year, as shown (the published figure, else the sum of the station figures).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CrimeFigure {
    /// The boundary.
    pub boundary_id: i64,
    /// The crime type id (`gbvf_events::crime_types`).
    pub crime_type_id: i32,
    /// The financial year's first calendar year (2022 for 2022/23).
    pub year: i32,
    /// Crimes: `COALESCE(reported, station_sum)`.
    pub value: i64,
    /// Where the figure comes from (`reported_source`, else `sum_source`).
    pub source: Option<String>,
}

/// The rows of `crime_total` as they stood at the end of a South African day (bound as `$2`):
/// the rows last changed by then, and the kept rows that held on that day. Same columns.
const CRIME_TOTAL_AS_OF: &str =
    "(SELECT boundary_id, crime_type_id, year, reported, reported_source,
        station_sum, station_count, sum_source
    FROM crime_total WHERE changed_on <= $2
  UNION ALL
  SELECT boundary_id, crime_type_id, year, reported, reported_source, station_sum, station_count,
        sum_source
    FROM crime_total_before WHERE valid_from <= $2 AND $2 < valid_until)";

/// Which figures a read gives: today's, or those shown at the end of a South African day
/// (every event recorded by then, none after; see [`super`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AsOf {
    /// The figures as they are now.
    #[default]
    Now,
    /// The figures at the end of this day, South African Standard Time.
    EndOf(NaiveDate),
}

impl AsOf {
    /// The relation to read figures from, and the day to bind as `$2` (any day for [`AsOf::Now`],
    /// which binds nothing of it).
    fn relation(self) -> (&'static str, NaiveDate) {
        match self {
            AsOf::Now => ("crime_total", NaiveDate::MIN),
            AsOf::EndOf(day) => (CRIME_TOTAL_AS_OF, day),
        }
    }
}

/// The figures of boundary `boundary_id` (every type and year with a published figure or at
/// least one station figure) as of `as_of`, in no order.
pub async fn figures_of_boundary(
    db: impl PgExecutor<'_>,
    boundary_id: i64,
    as_of: AsOf,
) -> sqlx::Result<Vec<CrimeFigure>> {
    figures(db, "c.boundary_id = $1", boundary_id, as_of).await
}

/// The figures of the direct children of boundary `boundary_id` (as
/// [`figures_of_boundary`], per child), in no order.
pub async fn figures_of_children(
    db: impl PgExecutor<'_>,
    boundary_id: i64,
    as_of: AsOf,
) -> sqlx::Result<Vec<CrimeFigure>> {
    figures(
        db,
        "c.boundary_id IN (SELECT boundary_id FROM boundary WHERE parent_id = $1)",
        boundary_id,
        as_of,
    )
    .await
}

/// The figures of `crime_total` rows as of `as_of` matching `where_sql` (on alias `c`, with
/// `$1` bound to `id`) that have a figure.
async fn figures(
    db: impl PgExecutor<'_>,
    where_sql: &str,
    id: i64,
    as_of: AsOf,
) -> sqlx::Result<Vec<CrimeFigure>> {
    let (relation, day) = as_of.relation();
    let query = format!(
        "SELECT c.boundary_id, c.crime_type_id, c.year, COALESCE(c.reported, c.station_sum) AS value,
                COALESCE(c.reported_source, c.sum_source) AS source
         FROM {relation} c WHERE {where_sql} AND (c.reported IS NOT NULL OR c.station_count > 0)"
    );
    let query = sqlx::query_as(&query).bind(id);
    match as_of {
        AsOf::Now => query.fetch_all(db).await,
        AsOf::EndOf(_) => query.bind(day).fetch_all(db).await,
    }
}

/// The latest financial year (its first calendar year) with a national figure (boundary 1) as
/// of `as_of`; `None` before any.
pub async fn latest_national_year(
    db: impl PgExecutor<'_>,
    as_of: AsOf,
) -> sqlx::Result<Option<i32>> {
    let (relation, day) = as_of.relation();
    let query = format!("SELECT max(c.year) FROM {relation} c WHERE c.boundary_id = $1");
    let query = sqlx::query_scalar(&query).bind(1_i64);
    match as_of {
        AsOf::Now => query.fetch_one(db).await,
        AsOf::EndOf(_) => query.bind(day).fetch_one(db).await,
    }
}

/// Everything the crime statistics of one boundary are computed from (public spec §3 "Crime
/// data"), read from one snapshot so that a boundary's figures, its children's, the national
/// latest year and the populations all come from the same moment of the read models.
#[derive(Debug, Clone)]
pub struct CrimeStatsReads {
    /// The boundary.
    pub boundary: BoundaryRow,
    /// Its own figures ([`figures_of_boundary`]).
    pub own: Vec<CrimeFigure>,
    /// The latest year with a national figure ([`latest_national_year`]).
    pub national_latest: Option<i32>,
    /// The census pairs that carry a population to a SAPS year ([`population_growth`]).
    pub growth: PopulationGrowth,
    /// Its direct children, ordered by name.
    pub children: Vec<BoundaryRow>,
    /// Their figures ([`figures_of_children`]).
    pub child_figures: Vec<CrimeFigure>,
}

/// Reads the [`CrimeStatsReads`] of boundary `boundary_id` as of `as_of` in one read-only
/// REPEATABLE READ transaction; `None` for an unknown boundary. The boundaries and populations
/// are today's (an as-of date fixes the crime figures only). Fails only with the database's
/// error.
pub async fn crime_stats_reads(
    pool: &PgPool,
    boundary_id: i64,
    as_of: AsOf,
) -> sqlx::Result<Option<CrimeStatsReads>> {
    let mut tx = crate::engine::status::snapshot(pool).await?;
    let Some(boundary) = geography::boundary(&mut *tx, boundary_id).await? else {
        return Ok(None);
    };
    let reads = CrimeStatsReads {
        boundary,
        own: figures_of_boundary(&mut *tx, boundary_id, as_of).await?,
        national_latest: latest_national_year(&mut *tx, as_of).await?,
        growth: population_growth(&mut *tx).await?,
        children: geography::children(&mut *tx, boundary_id).await?,
        child_figures: figures_of_children(&mut *tx, boundary_id, as_of).await?,
    };
    tx.commit().await?;
    Ok(Some(reads))
}

/// Everything the open crime dataset is computed from, read from one snapshot: every boundary
/// of the levels the dataset publishes, every figure of `crime_total` that has one, and the
/// census pairs that carry a population to each year (decision 0157).
#[derive(Debug, Clone)]
pub struct CrimeDatasetReads {
    /// The nation, provinces, districts, municipalities and police precincts, by id.
    pub boundaries: Vec<BoundaryRow>,
    /// Every figure, ordered by boundary, year and crime type.
    pub figures: Vec<CrimeFigure>,
    /// The census pairs ([`population_growth`]).
    pub growth: PopulationGrowth,
    /// The checkpoints of the `crime` and `geography` projections in the same snapshot
    /// ([`crate::engine::status::checkpoints_on`]): what the rows were computed from.
    pub read_at: Vec<(&'static str, gbvf_events::store::Position)>,
}

/// Reads the [`CrimeDatasetReads`] in one read-only REPEATABLE READ transaction. About
/// 1,450 boundaries and one row per (boundary, crime type, year) with a figure. Fails only
/// with the database's error.
pub async fn crime_dataset_reads(pool: &PgPool) -> sqlx::Result<CrimeDatasetReads> {
    let mut tx = crate::engine::status::snapshot(pool).await?;
    let boundaries = sqlx::query_as(
        "SELECT boundary_id, code, level, name, parent_id, province_id, district_id, population,
                area_km2
         FROM boundary
         WHERE level IN ('national', 'province', 'district', 'municipality', 'saps_precinct')
         ORDER BY boundary_id",
    )
    .fetch_all(&mut *tx)
    .await?;
    let figures = sqlx::query_as(
        "SELECT c.boundary_id, c.crime_type_id, c.year, COALESCE(c.reported, c.station_sum) AS value,
                COALESCE(c.reported_source, c.sum_source) AS source
         FROM crime_total c WHERE c.reported IS NOT NULL OR c.station_count > 0
         ORDER BY c.boundary_id, c.year, c.crime_type_id",
    )
    .fetch_all(&mut *tx)
    .await?;
    let growth = population_growth(&mut *tx).await?;
    let read_at = crate::engine::status::checkpoints_on(&mut tx, &["crime", "geography"]).await?;
    tx.commit().await?;
    Ok(CrimeDatasetReads {
        boundaries,
        figures,
        growth,
        read_at,
    })
}
