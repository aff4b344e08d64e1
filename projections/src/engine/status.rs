//! Each projection's position and lag, for `/api/health` and `gbvf projections status`.

use crate::engine::versions::lock_key;
use crate::engine::Projection;
use gbvf_events::store::Position;
use sqlx::PgPool;
use std::sync::Arc;

/// One projection's status.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Status {
    /// Projection name.
    pub projection: String,
    /// Active version.
    pub version: i32,
    /// Checkpoint: last applied (transaction id, global position).
    pub position: Position,
    /// Events applied into the active version.
    pub events_applied: i64,
    /// Events of its types after the checkpoint.
    pub lag_events: i64,
    /// Seconds since the oldest unapplied event was recorded (0 when caught up).
    pub lag_seconds: f64,
    /// `running`, `idle` or `rebuilding`.
    pub state: String,
    /// Events of the active version that could not be applied and were skipped
    /// (`projection_quarantine`); the read model is degraded while this is above 0.
    pub quarantined: i64,
    /// Last checkpoint update.
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

/// The checkpoint of `projection`: the commit-order position of the last event its active
/// version applied ([`Position::ZERO`] when not installed). One indexed read.
pub async fn checkpoint(pool: &PgPool, projection: &str) -> anyhow::Result<Position> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT (last_transaction_id::text)::bigint, last_global_position
         FROM projection_checkpoint WHERE projection = $1",
    )
    .bind(projection)
    .fetch_optional(pool)
    .await?;
    Ok(
        row.map_or(Position::ZERO, |(transaction_id, global_position)| {
            Position {
                transaction_id,
                global_position,
            }
        }),
    )
}

/// The checkpoints of `projections` read on `connection` (inside a caller's snapshot, so they
/// name exactly what that snapshot's reads of the read models show), in the order given;
/// [`Position::ZERO`] for one not installed. Errors: the database's.
pub async fn checkpoints_on(
    connection: &mut sqlx::PgConnection,
    projections: &[&'static str],
) -> sqlx::Result<Vec<(&'static str, Position)>> {
    let mut out = Vec::with_capacity(projections.len());
    for &projection in projections {
        let row: Option<(i64, i64)> = sqlx::query_as(
            "SELECT (last_transaction_id::text)::bigint, last_global_position
             FROM projection_checkpoint WHERE projection = $1",
        )
        .bind(projection)
        .fetch_optional(&mut *connection)
        .await?;
        out.push((
            projection,
            row.map_or(Position::ZERO, |(transaction_id, global_position)| {
                Position {
                    transaction_id,
                    global_position,
                }
            }),
        ));
    }
    Ok(out)
}

/// Status of each of `projections` (installed or not).
pub async fn status(
    pool: &PgPool,
    projections: &[Arc<dyn Projection>],
) -> anyhow::Result<Vec<Status>> {
    let mut out = Vec::new();
    for p in projections {
        let row: Option<(i32, i64, i64, i64, String, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
            "SELECT version, (last_transaction_id::text)::bigint, last_global_position, events_applied, state, updated_at
             FROM projection_checkpoint WHERE projection = $1",
        )
        .bind(p.name())
        .fetch_optional(pool)
        .await?;
        let (version, txid, pos, applied, state, updated_at) =
            row.unwrap_or((0, 0, 0, 0, "not installed".into(), chrono::Utc::now()));
        let position = Position {
            transaction_id: txid,
            global_position: pos,
        };
        let (lag_events, oldest) =
            gbvf_events::store::lag_after(pool, position, p.aggregate_types()).await?;
        let lag_seconds = oldest
            .map(|t| (chrono::Utc::now() - t).num_milliseconds() as f64 / 1000.0)
            .unwrap_or(0.0)
            .max(0.0);
        // A lease holder that stopped without cleaning up shows as idle: check the lock itself.
        let held: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
                 AND objsubid = 1 AND ((classid::bigint << 32) | objid::bigint) = $1)",
        )
        .bind(lock_key(p.name()))
        .fetch_one(pool)
        .await?;
        let state = if held {
            "running".to_string()
        } else if state == "running" {
            "idle".to_string()
        } else {
            state
        };
        let quarantined: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM projection_quarantine WHERE projection = $1 AND version = $2",
        )
        .bind(p.name())
        .bind(version)
        .fetch_one(pool)
        .await?;
        metrics::gauge!("gbvf_projector_quarantined_events", "projection" => p.name())
            .set(quarantined as f64);
        out.push(Status {
            quarantined,
            projection: p.name().into(),
            version,
            position,
            events_applied: applied,
            lag_events,
            lag_seconds,
            state,
            updated_at,
        });
    }
    Ok(out)
}

/// Opens a read-only REPEATABLE READ transaction on `pool`: one snapshot of the read models for
/// every read of an answer or a file, so that what is read together comes from one moment.
/// Errors: the database's.
pub async fn snapshot(
    pool: &sqlx::PgPool,
) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Postgres>> {
    let mut tx = pool.begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}
