//! Whether PostgreSQL is reachable, as a watchdog sees it (docs/reliability.md): a probe
//! ([`gbvf_events::store::ping`], `SELECT 1`, at most [`PROBE_TIMEOUT`]) every
//! [`PROBE_EVERY`]. While the last probe failed, cached public answers are served marked stale
//! (`X-GBVF-Stale: database unreachable`), `/api/health` answers 503 at once, and failures
//! answer 503 instead of 500. One database per process, so the state is process-wide.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sqlx::PgPool;

/// How often the watchdog probes.
pub const PROBE_EVERY: Duration = Duration::from_millis(500);
/// Longest a probe may take before it counts as failed.
pub const PROBE_TIMEOUT: Duration = Duration::from_millis(1000);
/// Header on cached answers served while the database is unreachable.
pub const STALE_HEADER: &str = "x-gbvf-stale";

static REACHABLE: AtomicBool = AtomicBool::new(true);

/// The watchdog's last verdict (true until a probe has failed).
pub fn reachable() -> bool {
    REACHABLE.load(Ordering::Relaxed)
}

/// One probe; records and returns the verdict.
pub async fn probe(pool: &PgPool) -> bool {
    let ok = matches!(
        tokio::time::timeout(PROBE_TIMEOUT, gbvf_events::store::ping(pool)).await,
        Ok(Ok(_))
    );
    let was = REACHABLE.swap(ok, Ordering::Relaxed);
    if was != ok {
        if ok {
            tracing::info!("database reachable again");
        } else {
            tracing::warn!("database unreachable; serving cached answers marked stale");
        }
    }
    ok
}

/// Starts the watchdog on `pool` (call once per server process).
pub fn spawn(pool: PgPool) {
    tokio::spawn(async move {
        loop {
            probe(&pool).await;
            tokio::time::sleep(PROBE_EVERY).await;
        }
    });
}
