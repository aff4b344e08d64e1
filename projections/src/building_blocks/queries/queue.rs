//! Reads of the verification queue (docs/decisions/0056-the-verification-queue-and-the-review.md):
//! the providers waiting for the province (`submitted`) or for the municipality (`returned`) in a
//! reader's area, their counts per status, the names the queue and the histories show.

use chrono::{DateTime, Utc};

/// Which providers a verification-queue page lists
/// (docs/decisions/0056-the-verification-queue-and-the-review.md): those of one workflow status in
/// the reader's area, narrowed by the optional filters, oldest wait first.
#[derive(Debug, Clone)]
pub struct QueueFilter {
    /// The reader's area: the municipalities (boundary ids) whose providers may be listed.
    pub area: Vec<i64>,
    /// `submitted` (awaiting the province) or `returned` (awaiting the municipality).
    pub status: &'static str,
    /// Only this municipality (boundary id).
    pub municipality_id: Option<i64>,
    /// Only this building block.
    pub building_block_id: Option<i32>,
    /// Only those waiting since this time or earlier (the age filter).
    pub waiting_since_before: Option<DateTime<Utc>>,
    /// Rows skipped (page × page size).
    pub offset: i64,
    /// Rows returned at most (the page size).
    pub limit: i64,
}

/// One provider waiting in the queue.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct QueueRow {
    /// The provider id.
    pub provider_id: i64,
    /// Its name.
    pub name: String,
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// The municipality's name.
    pub municipality_name: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub building_block: String,
    /// `submitted` or `returned`.
    pub status: String,
    /// The version of the last submission (event sequence).
    pub submission_version: Option<i64>,
    /// Who submitted it (`user:<id>`).
    pub submitted_by: Option<String>,
    /// When it was submitted.
    pub submitted_at: Option<DateTime<Utc>>,
    /// Since when it waits: the submission's time (submitted) or the return's (returned).
    pub waiting_since: Option<DateTime<Utc>>,
    /// The last return's reason, if it was ever returned.
    pub return_reason: Option<String>,
    /// Who returned it last (`user:<id>`).
    pub returned_by: Option<String>,
}

/// The column a provider of `status` waits since: the submission's time, or the return's.
fn waiting_column(status: &str) -> &'static str {
    if status == "returned" {
        "returned_at"
    } else {
        "submitted_at"
    }
}

/// The SQL condition of [`QueueFilter`] on `bb_provider p` (parameters `$1`..`$5`), for the
/// column `since` it waits since.
fn queue_where(since: &str) -> String {
    format!(
        "p.status = $1 AND p.municipality_id = ANY($2)
         AND ($3::bigint IS NULL OR p.municipality_id = $3) AND ($4::int IS NULL OR p.building_block_id = $4)
         AND ($5::timestamptz IS NULL OR p.{since} <= $5)"
    )
}

/// A page of the verification queue, oldest wait first (then by provider id), and how many
/// providers match the filter in all. The order is the index `(status, <since>,
/// provider_id)` of the projection, so a page reads its rows and stops.
pub async fn verification_queue(
    pool: &sqlx::PgPool,
    f: &QueueFilter,
) -> sqlx::Result<(Vec<QueueRow>, i64)> {
    let since = waiting_column(f.status);
    let condition = queue_where(since);
    let rows = sqlx::query_as(&format!(
        "SELECT p.provider_id, p.name, p.municipality_id, b.name AS municipality_name, p.building_block_id,
                k.description AS building_block, p.status, p.submission_version, p.submitted_by, p.submitted_at,
                p.{since} AS waiting_since, {reason} AS return_reason, p.returned_by
         FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         JOIN bb_block k ON k.building_block_id = p.building_block_id
         WHERE {condition}
         ORDER BY p.{since}, p.provider_id LIMIT $6 OFFSET $7",
        reason = crate::reasons::reason_text("p.return_reason_id", "p.return_reason_digest", "p.return_reason"),
    ))
    .bind(f.status)
    .bind(&f.area)
    .bind(f.municipality_id)
    .bind(f.building_block_id)
    .bind(f.waiting_since_before)
    .bind(f.limit)
    .bind(f.offset)
    .fetch_all(pool)
    .await?;
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM bb_provider p WHERE {condition}"
    ))
    .bind(f.status)
    .bind(&f.area)
    .bind(f.municipality_id)
    .bind(f.building_block_id)
    .bind(f.waiting_since_before)
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// How many providers of the municipalities `area` are in each workflow status
/// (`not_captured`, `submitted`, `returned`, `verified`); statuses without providers absent.
pub async fn status_counts(pool: &sqlx::PgPool, area: &[i64]) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as(
        "SELECT status, count(*) FROM bb_provider WHERE municipality_id = ANY($1) GROUP BY status ORDER BY status",
    )
    .bind(area)
    .fetch_all(pool)
    .await
}

/// The municipalities among `ids` (boundary ids of any level) with their names, by name.
pub async fn municipality_names(
    pool: &sqlx::PgPool,
    ids: &[i64],
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT boundary_id, name FROM boundary WHERE boundary_id = ANY($1) AND level = 'municipality'
         ORDER BY name, boundary_id",
    )
    .bind(ids)
    .fetch_all(pool)
    .await
}

/// The names of staff named as event actors (`user:<id>`): actor → full name ("First Last"
/// from the account read model; `erased` once the person was erased; the e-mail address when
/// no name was given). Unknown actors are absent.
pub async fn staff_names(
    pool: &sqlx::PgPool,
    actors: &[String],
    erased: &str,
) -> sqlx::Result<std::collections::HashMap<String, String>> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT 'user:' || user_id,
                CASE WHEN erased THEN $2
                     ELSE COALESCE(NULLIF(trim(first_name || ' ' || last_name), ''), email) END
         FROM user_account WHERE 'user:' || user_id = ANY($1)",
    )
    .bind(actors)
    .bind(erased)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().collect())
}
