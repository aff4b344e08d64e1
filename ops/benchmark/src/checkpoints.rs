//! Projector lag, measured from outside the server: a projection's checkpoint is sampled every
//! [`SAMPLE_EVERY`] on the database clock while a load runs, and each event's lag is the first
//! sample at or past it minus the event's `recorded_at` (the writing transaction's start). Each
//! figure is an upper bound by up to one sampling interval. Used by sections 4, 7 and 10.

use std::time::Duration;

use anyhow::Result;
use comfy_table::Table;
use hdrhistogram::Histogram;
use sqlx::{Connection, PgConnection, PgPool};
use tokio::sync::watch;

use gbvf_events::store::Position;

use crate::report::{ms, p50_p99, table};
use crate::stats::new_hist;

/// Lag sampling interval.
pub const SAMPLE_EVERY: Duration = Duration::from_millis(10);

/// The events one round of one path appended: `global_position` in `(from, to]`.
pub struct Window {
    /// `"raw execute"` or `"HTTP"`.
    pub path: &'static str,
    /// Concurrent callers.
    pub level: usize,
    /// Last position before the round.
    pub from: i64,
    /// Last position after it.
    pub to: i64,
}

/// A reading of a projection's checkpoint, on the database server's clock.
pub struct Sample {
    /// When it was read (`clock_timestamp()`).
    pub at: chrono::DateTime<chrono::Utc>,
    /// The checkpoint then.
    pub pos: Position,
}

/// Samples the checkpoint of `projection` every [`SAMPLE_EVERY`] until `stop` changes.
async fn sample_checkpoints(
    url: String,
    projection: &'static str,
    mut stop: watch::Receiver<bool>,
) -> Result<Vec<Sample>> {
    let mut conn = PgConnection::connect(&url).await?;
    let mut out = Vec::with_capacity(20_000);
    let mut tick = tokio::time::interval(SAMPLE_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => break,
        }
        let (at, txid, gp): (chrono::DateTime<chrono::Utc>, i64, i64) = sqlx::query_as(
            "SELECT clock_timestamp(), (last_transaction_id::text)::bigint, last_global_position
             FROM projection_checkpoint WHERE projection = $1",
        )
        .bind(projection)
        .fetch_one(&mut conn)
        .await?;
        out.push(Sample {
            at,
            pos: Position {
                transaction_id: txid,
                global_position: gp,
            },
        });
    }
    let _ = conn.close().await;
    Ok(out)
}

/// A running sampler of one projection's checkpoint (its own database connection).
pub struct Sampler {
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<Result<Vec<Sample>>>,
}

impl Sampler {
    /// Starts sampling the checkpoint of `projection` in the database at `url`.
    pub fn start(url: &str, projection: &'static str) -> Sampler {
        let (stop, stop_rx) = watch::channel(false);
        let task = tokio::spawn(sample_checkpoints(url.to_string(), projection, stop_rx));
        Sampler { stop, task }
    }

    /// Samples three more intervals plus `extra`, stops, and returns the samples in time order.
    pub async fn finish(self, extra: Duration) -> Result<Vec<Sample>> {
        tokio::time::sleep(SAMPLE_EVERY * 3 + extra).await;
        let _ = self.stop.send(true);
        self.task.await?
    }
}

/// The lag of a set of events: a histogram of µs, and how many no sample had passed.
pub struct LagResult {
    /// Events looked at.
    pub events: u64,
    /// Events no checkpoint sample had passed when sampling stopped.
    pub unapplied: u64,
    /// Lag of each applied event, µs (at least 1).
    pub hist: Histogram<u64>,
}

impl LagResult {
    /// No events yet.
    pub fn empty() -> LagResult {
        LagResult {
            events: 0,
            unapplied: 0,
            hist: new_hist(),
        }
    }

    /// Adds another set of events.
    pub fn add(&mut self, other: &LagResult) {
        self.events += other.events;
        self.unapplied += other.unapplied;
        self.hist.add(&other.hist).expect("same histogram bounds");
    }
}

/// Lag of every `aggregate_type` event with `global_position` in `(from, to]`: from its commit
/// to the first checkpoint sample at or past it.
pub async fn lag_of(
    pool: &PgPool,
    aggregate_type: &str,
    samples: &[Sample],
    from: i64,
    to: i64,
) -> Result<LagResult> {
    let rows: Vec<(i64, i64, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "SELECT (transaction_id::text)::bigint, global_position, recorded_at FROM events
         WHERE aggregate_type = $1 AND global_position > $2 AND global_position <= $3",
    )
    .bind(aggregate_type)
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await?;
    let mut r = LagResult::empty();
    r.events = rows.len() as u64;
    for (txid, gp, recorded_at) in rows {
        let pos = Position {
            transaction_id: txid,
            global_position: gp,
        };
        // Checkpoints only move forward: the first sample at or past the event.
        let i = samples.partition_point(|s| s.pos < pos);
        match samples.get(i) {
            Some(s) => {
                let lag_us = (s.at - recorded_at)
                    .num_microseconds()
                    .unwrap_or(i64::MAX)
                    .max(0) as u64;
                r.hist.saturating_record(lag_us.max(1));
            }
            None => r.unapplied += 1,
        }
    }
    Ok(r)
}

/// A one-row table of a load and its projector's lag: the `leading` columns (header, cell),
/// then p50 and p99 of `hist` (µs, printed in ms), and the lag's p50, p99 and max (ms) and the
/// events not applied.
pub fn lag_table(leading: &[(&str, String)], hist: &Histogram<u64>, lag: &LagResult) -> Table {
    let mut headers: Vec<&str> = leading.iter().map(|c| c.0).collect();
    headers.extend([
        "p50 ms",
        "p99 ms",
        "lag p50 ms",
        "lag p99 ms",
        "lag max ms",
        "not applied",
    ]);
    let mut t = table(&headers);
    let mut row: Vec<String> = leading.iter().map(|c| c.1.clone()).collect();
    row.extend(p50_p99(hist));
    row.extend(p50_p99(&lag.hist));
    row.extend([ms(lag.hist.max()), lag.unapplied.to_string()]);
    t.add_row(row);
    t
}
