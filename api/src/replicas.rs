//! Public reads from PostgreSQL streaming replicas (`DATABASE_READ_URL`), with the primary as
//! the fallback (docs/operations.md "Topology", docs/decisions/0099-reads-from-replicas.md).
//!
//! Each replica has a health task that every [`PROBE_EVERY`] reads the primary's WAL position
//! and then the replica's replay position, each within [`PROBE_TIMEOUT`]. A replica is used
//! only while its last probe succeeded less than [`USABLE_FOR`] ago, it is still in recovery
//! (not promoted) and its lag is at most the configured bound (`GBVF_REPLICA_MAX_LAG_MS`,
//! default [`DEFAULT_MAX_LAG_MS`]); so a replica that stops answering or falls behind is
//! skipped within about 1.25 s, and reads go to the primary.
//!
//! Lag is measured in time by WAL positions, not by `pg_last_xact_replay_timestamp()` (which
//! grows on an idle primary): the task keeps the primary's positions of the last seconds, and a
//! replica that has replayed up to position `r` holds everything the primary held at the last
//! sample at or below `r`; its lag is at most the time since that sample (0 when it has replayed
//! the primary's position read just before).
//!
//! The response cache claims a read-model position: every generation of the cache (it moves at
//! each projection commit) has the primary's WAL position read after it began
//! ([`crate::http::cache::ResponseCache::position`]). A replica serves a cacheable read only when
//! it has replayed that position, so an answer from a lagging replica is never kept under a
//! newer generation, and a caller reading after its own command (which moves the generation)
//! sees its change.

use std::collections::VecDeque;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

/// An idle connection is pinged before it is handed out only when it has been idle longer than
/// this (sqlx's default pings on every acquire, one extra round trip per query under
/// load). A connection idle across a database restart (seconds) is still tested and discarded;
/// one that breaks while in use is discarded by sqlx's test on release.
pub const PING_WHEN_IDLE_FOR: Duration = Duration::from_secs(1);

/// How often each replica's health task probes.
pub const PROBE_EVERY: Duration = Duration::from_millis(250);
/// Longest one probe (primary position, then replica position) may take before the replica
/// counts as gone.
pub const PROBE_TIMEOUT: Duration = Duration::from_millis(1000);
/// A replica whose last successful probe is older than this is not used.
pub const USABLE_FOR: Duration = Duration::from_millis(1500);
/// Default of `GBVF_REPLICA_MAX_LAG_MS`: the most a replica may lag behind the primary, ms.
pub const DEFAULT_MAX_LAG_MS: u64 = 3000;
/// Longest a request waits for a connection of a replica's pool before it falls back.
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_millis(500);
/// Connections per replica pool (`GBVF_REPLICA_POOL_SIZE`, default 40 like the primary's).
pub const DEFAULT_POOL_SIZE: u32 = 40;
/// `application_name` of the connections that serve public reads on a replica (visible in its
/// `pg_stat_activity`).
pub const READS_APPLICATION_NAME: &str = "gbvf public reads";
/// `application_name` of a replica's health-probe connection.
pub const PROBE_APPLICATION_NAME: &str = "gbvf replica probe";

/// The primary's WAL write position as bytes from `0/0`.
pub async fn primary_position(primary: &PgPool) -> sqlx::Result<u64> {
    let p: i64 = sqlx::query_scalar("SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::bigint")
        .fetch_one(primary)
        .await?;
    Ok(p as u64)
}

/// Whether a server is in recovery (a standby), and the WAL position it has replayed, as bytes
/// from `0/0` (0 when not a standby).
pub async fn replay_position(replica: &PgPool) -> sqlx::Result<(bool, u64)> {
    let (recovering, replayed): (bool, i64) = sqlx::query_as(
        "SELECT pg_is_in_recovery(), COALESCE((pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint, 0)",
    )
    .fetch_one(replica)
    .await?;
    Ok((recovering, replayed as u64))
}

/// What the last probe of a replica saw.
#[derive(Debug, Clone, Copy)]
struct Observed {
    /// When the last successful probe ended (`None`: never, or the last one failed).
    at: Option<Instant>,
    /// Still a standby (a promoted replica is a primary of its own and is never read).
    recovering: bool,
    /// Highest replayed WAL position seen.
    replayed: u64,
    /// Lag behind the primary (`None`: unknown, e.g. the primary could not be read).
    lag: Option<Duration>,
}

/// One replica: its read pool, its probe pool and what its health task last saw.
pub struct Replica {
    /// `host:port/database` of the replica (no credentials), the `replica` label of metrics.
    pub name: String,
    /// Pool of the public reads.
    pub pool: PgPool,
    probe: PgPool,
    observed: Mutex<Observed>,
}

impl Replica {
    fn observed(&self) -> Observed {
        *self.observed.lock().expect("replica state")
    }

    /// Usable for reads at all: answered a probe lately, a standby, lag within `max_lag`.
    fn healthy(&self, max_lag: Duration) -> bool {
        let o = self.observed();
        o.at.is_some_and(|t| t.elapsed() < USABLE_FOR)
            && o.recovering
            && o.lag.is_some_and(|l| l <= max_lag)
    }

    fn record_replayed(&self, replayed: u64) {
        let mut o = self.observed.lock().expect("replica state");
        o.replayed = o.replayed.max(replayed);
    }

    /// Marks the replica as gone until its next successful probe (a read on it failed).
    pub fn mark_failed(&self) {
        let mut o = self.observed.lock().expect("replica state");
        o.at = None;
        o.replayed = 0;
        metrics::gauge!("gbvf_replica_up", "replica" => self.name.clone()).set(0.0);
    }
}

/// The replicas of `DATABASE_READ_URL` (possibly none) and how public reads choose among them.
pub struct ReadReplicas {
    replicas: Vec<Arc<Replica>>,
    max_lag: Duration,
    next: AtomicUsize,
}

impl Default for ReadReplicas {
    fn default() -> Self {
        ReadReplicas {
            replicas: vec![],
            max_lag: Duration::from_millis(DEFAULT_MAX_LAG_MS),
            next: AtomicUsize::new(0),
        }
    }
}

/// The name of a replica for logs and metrics: `host:port/database`. Errors: not a PostgreSQL
/// URL.
pub fn replica_name(url: &str) -> anyhow::Result<String> {
    let o = PgConnectOptions::from_str(url)
        .map_err(|e| anyhow::anyhow!("DATABASE_READ_URL holds an invalid URL: {e}"))?;
    Ok(format!(
        "{}:{}/{}",
        o.get_host(),
        o.get_port(),
        o.get_database().unwrap_or("")
    ))
}

impl ReadReplicas {
    /// Replicas from `urls` (comma-separated PostgreSQL URLs; empty: none), allowed to lag by
    /// `max_lag`. Pools connect lazily: a replica that is down at start is skipped until it
    /// answers. Starts one health task per replica, probing against `primary`. Errors: an
    /// invalid URL.
    pub fn connect(primary: &PgPool, urls: &str, max_lag: Duration) -> anyhow::Result<Self> {
        let size = std::env::var("GBVF_REPLICA_POOL_SIZE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(DEFAULT_POOL_SIZE);
        let mut replicas = vec![];
        for url in urls.split(',').map(str::trim).filter(|u| !u.is_empty()) {
            let name = replica_name(url)?;
            let options = PgConnectOptions::from_str(url)?;
            let pool = PgPoolOptions::new()
                .max_connections(size)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .test_before_acquire(false)
                .before_acquire(|conn, meta| {
                    Box::pin(async move {
                        if meta.idle_for > PING_WHEN_IDLE_FOR {
                            sqlx::Connection::ping(conn).await?;
                        }
                        Ok(true)
                    })
                })
                .connect_lazy_with(options.clone().application_name(READS_APPLICATION_NAME));
            let probe = PgPoolOptions::new()
                .max_connections(1)
                .acquire_timeout(PROBE_TIMEOUT)
                .connect_lazy_with(options.application_name(PROBE_APPLICATION_NAME));
            let replica = Arc::new(Replica {
                name,
                pool,
                probe,
                observed: Mutex::new(Observed {
                    at: None,
                    recovering: false,
                    replayed: 0,
                    lag: None,
                }),
            });
            metrics::gauge!("gbvf_replica_up", "replica" => replica.name.clone()).set(0.0);
            tokio::spawn(watch(primary.clone(), replica.clone(), max_lag));
            replicas.push(replica);
        }
        Ok(ReadReplicas {
            replicas,
            max_lag,
            next: AtomicUsize::new(0),
        })
    }

    /// From the environment: `DATABASE_READ_URL` and `GBVF_REPLICA_MAX_LAG_MS`.
    pub fn from_env(primary: &PgPool) -> anyhow::Result<Self> {
        let urls = std::env::var("DATABASE_READ_URL").unwrap_or_default();
        let max_lag = Duration::from_millis(
            std::env::var("GBVF_REPLICA_MAX_LAG_MS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(DEFAULT_MAX_LAG_MS),
        );
        Self::connect(primary, &urls, max_lag)
    }

    /// Whether any replica is configured.
    pub fn any(&self) -> bool {
        !self.replicas.is_empty()
    }

    /// The replicas, in the order of `DATABASE_READ_URL`.
    pub fn all(&self) -> &[Arc<Replica>] {
        &self.replicas
    }

    /// A healthy replica that has replayed `required` (a WAL position of the primary, bytes),
    /// taking turns among them; `None`: read from the primary. A healthy replica not known to
    /// have replayed it is asked once, within [`PROBE_TIMEOUT`] / 2.
    pub async fn choose(&self, required: u64) -> Option<Arc<Replica>> {
        let n = self.replicas.len();
        if n == 0 {
            return None;
        }
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        for i in 0..n {
            let r = &self.replicas[(start + i) % n];
            if !r.healthy(self.max_lag) {
                continue;
            }
            if r.observed().replayed >= required {
                return Some(r.clone());
            }
            if let Ok(Ok((true, replayed))) =
                tokio::time::timeout(PROBE_TIMEOUT / 2, replay_position(&r.pool)).await
            {
                r.record_replayed(replayed);
                if replayed >= required {
                    return Some(r.clone());
                }
            }
        }
        None
    }
}

/// The primary's positions of the last seconds, for a replica's lag in time.
struct Samples(VecDeque<(Instant, u64)>);

impl Samples {
    /// Keeps `(at, position)`, forgetting samples older than `keep`.
    fn push(&mut self, at: Instant, position: u64, keep: Duration) {
        self.0.push_back((at, position));
        while self
            .0
            .front()
            .is_some_and(|(t, _)| at.duration_since(*t) > keep)
        {
            self.0.pop_front();
        }
    }

    /// Lag of a replica that replayed up to `replayed`, at `now`: 0 if it holds the newest
    /// sample; else the time since the newest sample it holds; `None` if it holds none kept.
    fn lag(&self, replayed: u64, now: Instant) -> Option<Duration> {
        let (_, newest) = self.0.back()?;
        if replayed >= *newest {
            return Some(Duration::ZERO);
        }
        self.0
            .iter()
            .rev()
            .find(|(_, p)| *p <= replayed)
            .map(|(t, _)| now.duration_since(*t))
    }
}

/// The health task of one replica (runs until the process ends).
async fn watch(primary: PgPool, replica: Arc<Replica>, max_lag: Duration) {
    let mut samples = Samples(VecDeque::new());
    let keep = max_lag + Duration::from_secs(5);
    let name = replica.name.clone();
    let mut was_healthy = false;
    loop {
        let probe = async {
            let p = primary_position(&primary).await?;
            let sampled = Instant::now();
            let r = replay_position(&replica.probe).await?;
            sqlx::Result::Ok((sampled, p, r))
        };
        let outcome: Result<sqlx::Result<_>, _> = tokio::time::timeout(PROBE_TIMEOUT, probe).await;
        let now = Instant::now();
        {
            let mut o = replica.observed.lock().expect("replica state");
            match outcome {
                Ok(Ok((sampled, p, (recovering, replayed)))) => {
                    samples.push(sampled, p, keep);
                    o.at = Some(now);
                    o.recovering = recovering;
                    o.replayed = o.replayed.max(replayed);
                    o.lag = samples.lag(replayed, now);
                }
                _ => {
                    // Restarted, a standby may answer again before it has replayed as far as
                    // before: its position is learnt anew.
                    *o = Observed {
                        at: None,
                        recovering: false,
                        replayed: 0,
                        lag: None,
                    };
                }
            }
        }
        let o = replica.observed();
        let healthy = replica.healthy(max_lag);
        metrics::gauge!("gbvf_replica_up", "replica" => name.clone()).set(f64::from(healthy));
        metrics::gauge!("gbvf_replica_lag_seconds", "replica" => name.clone())
            .set(o.lag.map_or(f64::NAN, |l| l.as_secs_f64()));
        if healthy != was_healthy {
            if healthy {
                tracing::info!(replica = %name, "replica serving public reads");
            } else if o.at.is_none() {
                tracing::warn!(replica = %name, "replica unreachable; public reads go to the primary");
            } else if !o.recovering {
                tracing::error!(replica = %name, "replica is not in recovery (promoted?); not read");
            } else {
                tracing::warn!(replica = %name, lag_s = ?o.lag.map(|l| l.as_secs_f64()), "replica lags too far; public reads go to the primary");
            }
            was_healthy = healthy;
        }
        tokio::time::sleep(PROBE_EVERY).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lag_is_the_time_since_the_newest_primary_position_the_replica_holds() {
        let t0 = Instant::now();
        let mut s = Samples(VecDeque::new());
        let keep = Duration::from_secs(10);
        s.push(t0, 100, keep);
        s.push(t0 + Duration::from_secs(1), 200, keep);
        s.push(t0 + Duration::from_secs(2), 300, keep);
        let now = t0 + Duration::from_secs(3);
        assert_eq!(s.lag(300, now), Some(Duration::ZERO));
        assert_eq!(s.lag(250, now), Some(Duration::from_secs(2)));
        assert_eq!(s.lag(100, now), Some(Duration::from_secs(3)));
        // Behind everything kept: unknown, so not used.
        assert_eq!(s.lag(50, now), None);
        // Old samples are forgotten.
        s.push(t0 + Duration::from_secs(20), 400, keep);
        assert_eq!(s.0.len(), 1);
        assert_eq!(Samples(VecDeque::new()).lag(1, now), None);
    }

    #[test]
    fn a_replica_name_carries_no_credentials() {
        assert_eq!(
            replica_name("postgres://reader:secret@10.0.0.7:5433/gbvf").unwrap(),
            "10.0.0.7:5433/gbvf"
        );
        assert!(replica_name("not a url").is_err());
    }
}
