//! The public health-check figures as published (`health_check_public_cell`,
//! `health_check_publication`): a fixed table of cells per ended quarter, computed and
//! suppressed by the publication (`gbvf_commands::health_check::public_cells`), never by a
//! read. Public reads only select from it.

use sqlx::PgPool;

/// One published cell (`health_check_public_cell`).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PublishedCell {
    /// `2026Q3`.
    pub quarter: String,
    /// The boundary.
    pub boundary_id: i64,
    /// Its parent boundary among the cells (`None` for the nation).
    pub parent_id: Option<i64>,
    /// `all` or `type:<id>`.
    pub cell: String,
    /// Organisations with a link in the quarter.
    pub organisations: i64,
    /// Organisations with responses.
    pub participating: i64,
    /// Responses; `None` when suppressed.
    pub responses: Option<i64>,
    /// Expected responses; `None` when suppressed.
    pub expected: Option<i64>,
    /// Maturity in whole percent; `None` when suppressed or not available.
    pub maturity: Option<f64>,
    /// Holds example data.
    pub example: bool,
}

/// Replaces the cells of `quarter` by `cells` and records the publication, unless they are
/// what is published already. Returns whether anything was written.
pub async fn publish_quarter(
    pool: &PgPool,
    quarter: &str,
    cells: &[PublishedCell],
) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    // One publisher at a time (several `gbvf serve` processes may run it).
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('health_check_publication'))")
        .execute(&mut *tx)
        .await?;
    let mut now: Vec<PublishedCell> = sqlx::query_as(
        "SELECT quarter, boundary_id, parent_id, cell, organisations, participating, responses, expected, maturity, example
         FROM health_check_public_cell WHERE quarter = $1 ORDER BY boundary_id, cell",
    )
    .bind(quarter)
    .fetch_all(&mut *tx)
    .await?;
    let mut new = cells.to_vec();
    let order = |a: &PublishedCell, b: &PublishedCell| {
        (a.boundary_id, &a.cell).cmp(&(b.boundary_id, &b.cell))
    };
    now.sort_by(order);
    new.sort_by(order);
    if now == new {
        return Ok(false);
    }
    sqlx::query("DELETE FROM health_check_public_cell WHERE quarter = $1")
        .bind(quarter)
        .execute(&mut *tx)
        .await?;
    for c in &new {
        sqlx::query(
            "INSERT INTO health_check_public_cell (quarter, boundary_id, parent_id, cell, organisations, participating,
                 responses, expected, maturity, example) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)",
        )
        .bind(quarter)
        .bind(c.boundary_id)
        .bind(c.parent_id)
        .bind(&c.cell)
        .bind(c.organisations)
        .bind(c.participating)
        .bind(c.responses)
        .bind(c.expected)
        .bind(c.maturity)
        .bind(c.example)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "INSERT INTO health_check_publication (quarter, published_at, cells) VALUES ($1, now(), $2)
         ON CONFLICT (quarter) DO UPDATE SET published_at = now(), cells = excluded.cells",
    )
    .bind(quarter)
    .bind(new.len() as i32)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// Withdraws every published quarter not in `keep` (its organisations were all rejected, or
/// its example data removed). Returns the quarters withdrawn.
pub async fn withdraw_quarters_except(pool: &PgPool, keep: &[String]) -> sqlx::Result<Vec<String>> {
    let mut tx = pool.begin().await?;
    let gone: Vec<String> = sqlx::query_scalar(
        "DELETE FROM health_check_publication WHERE NOT (quarter = ANY($1)) RETURNING quarter",
    )
    .bind(keep)
    .fetch_all(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM health_check_public_cell WHERE NOT (quarter = ANY($1))")
        .bind(keep)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(gone)
}

/// Every published cell of every quarter, ordered by quarter, boundary and cell.
pub async fn all_published_cells(
    db: impl sqlx::PgExecutor<'_>,
) -> sqlx::Result<Vec<PublishedCell>> {
    sqlx::query_as(
        "SELECT quarter, boundary_id, parent_id, cell, organisations, participating, responses, expected, maturity, example
         FROM health_check_public_cell ORDER BY quarter, boundary_id, cell",
    )
    .fetch_all(db)
    .await
}

/// What identifies the current publications: each published quarter with its publication time
/// (`2026Q3@<time>`), comma-separated in quarter order; empty before any. Changes whenever a
/// quarter is published, published again or removed.
pub async fn publication_stamp(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<String> {
    sqlx::query_scalar(
        "SELECT COALESCE(string_agg(quarter || '@' || published_at::text, ',' ORDER BY quarter), '')
         FROM health_check_publication",
    )
    .fetch_one(db)
    .await
}

/// The published cells of boundary `boundary_id` in every quarter, and of its children in
/// `quarter`, in no order.
pub async fn published_cells(
    db: impl sqlx::PgExecutor<'_>,
    boundary_id: i64,
    quarter: &str,
) -> sqlx::Result<Vec<PublishedCell>> {
    sqlx::query_as(
        "SELECT quarter, boundary_id, parent_id, cell, organisations, participating, responses, expected, maturity, example
         FROM health_check_public_cell WHERE boundary_id = $1 OR (parent_id = $1 AND quarter = $2)",
    )
    .bind(boundary_id)
    .bind(quarter)
    .fetch_all(db)
    .await
}

/// What the public health-check figures of one boundary are shown from (public spec §3
/// "Health check data"), read from one snapshot: the published cells and the approved
/// organisations they are set beside count the same moment.
#[derive(Debug, Clone)]
pub struct PublicStatsReads {
    /// [`published_cells`] of the boundary (every quarter) and of its children (the quarter).
    pub cells: Vec<PublishedCell>,
    /// The approved organisations inside it, per type
    /// ([`crate::accounts::queries::approved_organisations_by_type`]).
    pub approved: Vec<crate::accounts::queries::OrganisationTypeCount>,
}

/// Reads the [`PublicStatsReads`] of boundary `boundary_id` for `quarter` (`2026Q3`) in one
/// read-only REPEATABLE READ transaction; `None` for an unknown boundary. Fails only with the
/// database's error.
pub async fn public_stats_reads(
    pool: &PgPool,
    boundary_id: i64,
    quarter: &str,
) -> sqlx::Result<Option<PublicStatsReads>> {
    let mut tx = crate::engine::status::snapshot(pool).await?;
    if crate::geography::queries::level_and_parent(&mut *tx, boundary_id)
        .await?
        .is_none()
    {
        return Ok(None);
    }
    let reads = PublicStatsReads {
        cells: published_cells(&mut *tx, boundary_id, quarter).await?,
        approved: crate::accounts::queries::approved_organisations_by_type(&mut *tx, boundary_id)
            .await?,
    };
    tx.commit().await?;
    Ok(Some(reads))
}
