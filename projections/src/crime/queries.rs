//! The typed reads of the crime read model (table `crime_total`, see [`super`]): the figures
//! of a boundary and of its children. Every function fails only with the database's error.

use sqlx::PgPool;

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

/// The figures of boundary `boundary_id` (every type and year with a published figure or at
/// least one station figure), in no order.
pub async fn figures_of_boundary(
    pool: &PgPool,
    boundary_id: i64,
) -> sqlx::Result<Vec<CrimeFigure>> {
    figures(pool, "c.boundary_id = $1", boundary_id).await
}

/// The figures of the direct children of boundary `boundary_id` (as
/// [`figures_of_boundary`], per child), in no order.
pub async fn figures_of_children(
    pool: &PgPool,
    boundary_id: i64,
) -> sqlx::Result<Vec<CrimeFigure>> {
    figures(
        pool,
        "c.boundary_id IN (SELECT boundary_id FROM boundary WHERE parent_id = $1)",
        boundary_id,
    )
    .await
}

/// The figures of `crime_total` rows matching `where_sql` (on alias `c`, with `$1` bound to
/// `id`) that have a figure.
async fn figures(pool: &PgPool, where_sql: &str, id: i64) -> sqlx::Result<Vec<CrimeFigure>> {
    sqlx::query_as(&format!(
        "SELECT c.boundary_id, c.crime_type_id, c.year, COALESCE(c.reported, c.station_sum) AS value,
                COALESCE(c.reported_source, c.sum_source) AS source
         FROM crime_total c WHERE {where_sql} AND (c.reported IS NOT NULL OR c.station_count > 0)"
    ))
    .bind(id)
    .fetch_all(pool)
    .await
}

/// The latest financial year (its first calendar year) with a national figure (boundary 1);
/// `None` before any.
pub async fn latest_national_year(pool: &PgPool) -> sqlx::Result<Option<i32>> {
    sqlx::query_scalar("SELECT max(year) FROM crime_total WHERE boundary_id = 1")
        .fetch_one(pool)
        .await
}
