//! Section 3's diagnosis: where a rebuild's time goes. A raw ordered read of the crime events
//! page by page, and a replica of `engine::rebuild`'s page loop on it (read a page,
//! `CrimeProjection::apply` into a fresh schema, commit), timed phase by phase with the CPU of
//! this process and of its PostgreSQL backend.

use std::time::{Duration, Instant};

use anyhow::Result;
use sqlx::{Connection, PgConnection, PgPool};

use gbvf_events::crime::CRIME_SERIES_AGGREGATE;
use gbvf_events::store::Position;
use gbvf_projections::crime::CrimeProjection;
use gbvf_projections::engine;

use crate::procfs::proc_cpu_secs;

/// One page of crime events as the engine would apply it, and the position after it.
pub struct RawPage {
    /// The page's events, upcast.
    pub events: Vec<gbvf_events::store::StoredEvent>,
    /// The position of its last event.
    pub last: Position,
}

/// One page of the raw ordered read: the indexed columns `(transaction_id, global_position)`
/// in ORDER BY (qualified, so they cannot bind to a same-named output column), below the
/// horizon, crime-series events only (as the crime projection reads), every column decoded,
/// JSON into `serde_json::Value`.
pub async fn raw_page(
    conn: &mut PgConnection,
    after: Position,
    limit: i64,
) -> Result<Option<RawPage>> {
    #[allow(clippy::type_complexity)]
    let rows: Vec<(i64, i64, String, String, i64, String, String, serde_json::Value, serde_json::Value, chrono::DateTime<chrono::Utc>)> =
        sqlx::query_as(
            "SELECT e.global_position, (e.transaction_id::text)::bigint AS txid, e.aggregate_type, e.aggregate_id, e.sequence,
                    e.event_type, e.event_version, e.payload, e.metadata, e.recorded_at
             FROM events e
             WHERE (e.transaction_id, e.global_position) > ($1::text::xid8, $2)
               AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
               AND e.aggregate_type = $4
             ORDER BY e.transaction_id, e.global_position
             LIMIT $3",
        )
        .bind(after.transaction_id.to_string())
        .bind(after.global_position)
        .bind(limit)
        .bind(CRIME_SERIES_AGGREGATE)
        .fetch_all(conn)
        .await?;
    let Some(last) = rows.last() else {
        return Ok(None);
    };
    let last = Position {
        transaction_id: last.1,
        global_position: last.0,
    };
    let events = rows
        .into_iter()
        .map(
            |(
                global_position,
                transaction_id,
                aggregate_type,
                aggregate_id,
                sequence,
                event_type,
                event_version,
                payload,
                metadata,
                recorded_at,
            )| {
                gbvf_events::store::StoredEvent {
                    payload: gbvf_events::upcast::upcast_payload(
                        &event_type,
                        &event_version,
                        payload,
                    ),
                    global_position,
                    transaction_id,
                    aggregate_type,
                    aggregate_id,
                    sequence,
                    event_type,
                    event_version,
                    metadata,
                    recorded_at,
                }
            },
        )
        .collect();
    Ok(Some(RawPage { events, last }))
}

/// What the replica of the rebuild's page loop measured.
pub struct WhatIf {
    /// It read every page before the time limit.
    pub done: bool,
    /// Done, and its national `station_sum` equals the sum of all counts.
    pub verified: bool,
    /// Events applied.
    pub applied: u64,
    /// Wall time, seconds.
    pub secs: f64,
    /// Seconds reading pages.
    pub read_s: f64,
    /// Seconds in `CrimeProjection::apply`.
    pub apply_s: f64,
    /// Seconds committing.
    pub commit_s: f64,
    /// CPU seconds of this process during apply (decode, fold, encode); `None` when /proc does
    /// not show it.
    pub apply_client_cpu: Option<f64>,
    /// CPU seconds of the PostgreSQL backend during apply (the upsert); `None` when /proc does
    /// not show it (a remote server).
    pub apply_db_cpu: Option<f64>,
}

/// A replica of engine::rebuild's phase 1 (the page loop that does all the work), with
/// [`raw_page`] as its read: a fresh schema from the projection's DDL, then per page one
/// transaction that reads the page and applies it with `CrimeProjection::apply`. Timed per
/// phase, with the CPU time of this process and of its PostgreSQL backend during apply, to
/// show where a rebuild's time goes.
pub async fn whatif_rebuild(pool: &PgPool, expected_sum: i64, cap: Duration) -> Result<WhatIf> {
    use gbvf_projections::engine::Projection;
    let p = CrimeProjection;
    let schema = "bench_whatif_crime";
    sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
        .execute(pool)
        .await?;
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(pool)
        .await?;
    sqlx::raw_sql(&p.ddl(schema)).execute(pool).await?;
    // One connection throughout, so that its server process's CPU time can be read.
    let mut conn = pool.acquire().await?;
    let backend: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(&mut *conn)
        .await?;
    let me = std::process::id();
    let t = Instant::now();
    let mut at = Position::ZERO;
    let mut applied = 0u64;
    let mut done = true;
    let (mut read_s, mut apply_s, mut commit_s) = (0.0, 0.0, 0.0);
    let (mut apply_client_cpu, mut apply_db_cpu) = (Some(0.0), Some(0.0));
    loop {
        if t.elapsed() > cap {
            done = false;
            break;
        }
        let t0 = Instant::now();
        let mut tx = conn.begin().await?;
        let Some(page) = raw_page(&mut tx, at, engine::PAGE).await? else {
            tx.rollback().await?;
            break;
        };
        let t1 = Instant::now();
        let (c1, d1) = (proc_cpu_secs(me), proc_cpu_secs(backend as u32));
        p.apply(&mut tx, schema, &page.events).await?;
        let (c2, d2) = (proc_cpu_secs(me), proc_cpu_secs(backend as u32));
        apply_client_cpu = apply_client_cpu
            .zip(c1.zip(c2))
            .map(|(acc, (a, b))| acc + b - a);
        apply_db_cpu = apply_db_cpu
            .zip(d1.zip(d2))
            .map(|(acc, (a, b))| acc + b - a);
        let t2 = Instant::now();
        tx.commit().await?;
        read_s += (t1 - t0).as_secs_f64();
        apply_s += (t2 - t1).as_secs_f64();
        commit_s += t2.elapsed().as_secs_f64();
        at = page.last;
        applied += page.events.len() as u64;
        if (page.events.len() as i64) < engine::PAGE {
            break;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    drop(conn);
    let sum: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT sum(station_sum)::bigint FROM {schema}.crime_total WHERE boundary_id = 1"
    ))
    .fetch_one(pool)
    .await?;
    sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(pool)
        .await?;
    Ok(WhatIf {
        done,
        verified: done && sum == Some(expected_sum),
        applied,
        secs,
        read_s,
        apply_s,
        commit_s,
        apply_client_cpu,
        apply_db_cpu,
    })
}
