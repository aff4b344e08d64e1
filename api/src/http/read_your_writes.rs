//! Read-your-writes after a command: the caller's next read shows its change.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What [`settle`] needs of the server's state (`AppState` has it): its pool, its settle gates,
/// and a way to empty its response cache.
pub trait Settling {
    /// The database.
    fn pool(&self) -> &sqlx::PgPool;
    /// The gates of concurrent calls.
    fn settlers(&self) -> &Settlers;
    /// Empties the response cache.
    fn clear_cache(&self);
}

/// Read-your-writes after a command: brings the named projection up to date (the projector
/// workers would within a second) and empties the response cache, so the caller's next read
/// shows its change. A failure is logged, not returned: the command itself is stored.
///
/// Concurrent calls for one projection share catch-ups ([`Settlers`]): a call returns without
/// one of its own when a catch-up that started after it arrived has finished, since that
/// catch-up read the log after the caller's command committed. Before, 32 concurrent
/// building-block updates ran 32 catch-ups one after another on the checkpoint row's lock
/// (bench section 10).
pub async fn settle(s: &impl Settling, projection: &str) {
    settle_with(s, None, projection).await
}

/// [`settle`] with the connection its command ran on: the catch-up runs on it when this call
/// finds no catch-up under way (each release of a pooled connection costs a round trip); when
/// it must wait for one, it gives the connection back to the pool first, so waiting commands
/// do not hold connections that reads and projectors need.
pub async fn settle_on(
    s: &impl Settling,
    connection: sqlx::pool::PoolConnection<sqlx::Postgres>,
    projection: &str,
) {
    settle_with(s, Some(connection), projection).await
}

/// [`settle`], its own catch-up on `connection` when given and not given back while waiting,
/// else on one of the pool's.
async fn settle_with(
    s: &impl Settling,
    mut connection: Option<sqlx::pool::PoolConnection<sqlx::Postgres>>,
    projection: &str,
) {
    if let Some(p) = gbvf_projections::by_name(projection) {
        let gate = s.settlers().of(p.name());
        let ticket = gate.arrivals.fetch_add(1, Ordering::SeqCst) + 1;
        let mut covered = match gate.covered.try_lock() {
            Ok(covered) => covered,
            Err(_) => {
                connection = None;
                gate.covered.lock().await
            }
        };
        if *covered < ticket {
            // Every arrival counted so far committed its command before arriving.
            let start = gate.arrivals.load(Ordering::SeqCst);
            let caught_up = match connection.as_deref_mut() {
                Some(c) => gbvf_projections::engine::catch_up_on(c, p.as_ref()).await,
                None => gbvf_projections::engine::catch_up(s.pool(), p.as_ref()).await,
            };
            match caught_up {
                Ok(_) => *covered = start,
                Err(e) => {
                    tracing::warn!(error = %e, projection, "catch-up after a command failed")
                }
            }
        }
    }
    s.clear_cache();
}

/// The coalescing state of [`settle`], one gate per projection, per server state (so per
/// database).
#[derive(Default)]
pub struct Settlers {
    gates: std::sync::Mutex<HashMap<&'static str, Arc<SettleGate>>>,
}

/// One projection's gate: calls of [`settle`] counted as they arrive, and the count at the
/// start of the last catch-up that finished (every arrival up to it is applied).
#[derive(Default)]
pub struct SettleGate {
    arrivals: AtomicU64,
    covered: tokio::sync::Mutex<u64>,
}

impl Settlers {
    /// The gate of `projection`.
    fn of(&self, projection: &'static str) -> Arc<SettleGate> {
        self.gates
            .lock()
            .expect("settle gates")
            .entry(projection)
            .or_default()
            .clone()
    }
}
