//! A per-client limit on the API's reads (decision 0160): every `GET` or `HEAD` under `/api/`,
//! the public read contract above all, counts against its client's allowance, and past it the
//! answer is 429 with `Retry-After` (RFC 6585 §4, RFC 9110 §10.2.3) and the specification's
//! error envelope (the layer: `super::layers::limit_reads`).
//!
//! The allowance is a generic cell rate (the GCRA of the `governor` crate): `rate` requests per
//! second on average with bursts of up to `burst` at once. A client is its address as
//! [`super::client::ClientIp::key_part`] gives it (behind `GBVF_TRUSTED_PROXIES`, the forwarded
//! address; an IPv6 client by its /64). Settings, read once at start:
//! - `GBVF_READ_RATE_PER_SECOND` (default [`DEFAULT_RATE`]; `0` turns the limit off, for the
//!   benchmark and the fuzz run, which send thousands of reads a second from one address);
//! - `GBVF_READ_BURST` (default [`DEFAULT_BURST`]).
//!
//! The limit lives in the server's memory, outside the database: nobody with SQL access, and no
//! client, can reset it. Each process keeps its own, so N instances behind a balancer allow N
//! times the rate; the state of idle clients is dropped as it returns to a fresh allowance, so
//! memory is bounded by the clients seen within one refill time (`burst / rate` seconds).

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Reads a second per client on average, when `GBVF_READ_RATE_PER_SECOND` is not set: a person
/// panning a map or a partner page refreshing its figures stays far below it (a first visit of
/// `/home` makes about 15 reads).
pub const DEFAULT_RATE: u32 = 50;
/// Reads a client may make at once, when `GBVF_READ_BURST` is not set.
pub const DEFAULT_BURST: u32 = 500;
/// Answers between two sweeps of clients whose allowance is full again.
const SWEEP_EVERY: u64 = 10_000;

/// The read limit of one server process; cheap to clone.
#[derive(Clone, Default)]
pub struct ReadLimit(Option<Arc<Limiter>>);

struct Limiter {
    cells: DefaultKeyedRateLimiter<String>,
    answered: AtomicU64,
}

impl ReadLimit {
    /// A limit of `rate` reads a second per client with bursts of `burst`; off when `rate` is 0.
    pub fn new(rate: u32, burst: u32) -> ReadLimit {
        let (Some(rate), Some(burst)) = (NonZeroU32::new(rate), NonZeroU32::new(burst)) else {
            return ReadLimit(None);
        };
        let quota = Quota::per_second(rate).allow_burst(burst);
        ReadLimit(Some(Arc::new(Limiter {
            cells: RateLimiter::keyed(quota),
            answered: AtomicU64::new(0),
        })))
    }

    /// From `GBVF_READ_RATE_PER_SECOND` and `GBVF_READ_BURST` (see the module). Errors: a
    /// setting that is not a whole number.
    pub fn from_env() -> anyhow::Result<ReadLimit> {
        let read = |name: &str, default: u32| -> anyhow::Result<u32> {
            match std::env::var(name) {
                Ok(v) if !v.trim().is_empty() => v
                    .trim()
                    .parse()
                    .map_err(|_| anyhow::anyhow!("{name}: {v:?} is not a whole number")),
                _ => Ok(default),
            }
        };
        Ok(ReadLimit::new(
            read("GBVF_READ_RATE_PER_SECOND", DEFAULT_RATE)?,
            read("GBVF_READ_BURST", DEFAULT_BURST)?,
        ))
    }

    /// Whether the limit is on.
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// Counts one read of client `key` (`ClientIp::key_part`): `Ok` within its allowance, else the whole seconds to
    /// wait (at least 1).
    pub fn check(&self, key: String) -> Result<(), u64> {
        let Some(l) = &self.0 else {
            return Ok(());
        };
        if l.answered.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            l.cells.retain_recent();
            l.cells.shrink_to_fit();
        }
        l.cells.check_key(&key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
        })
    }

    /// Clients with state kept (for the benchmark's memory figure).
    pub fn clients(&self) -> usize {
        self.0.as_ref().map_or(0, |l| l.cells.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_past_its_burst_waits_and_another_client_does_not() {
        let limit = ReadLimit::new(1, 3);
        for _ in 0..3 {
            assert_eq!(limit.check("192.0.2.1".into()), Ok(()));
        }
        assert_eq!(
            limit.check("192.0.2.1".into()),
            Err(1),
            "one second to the next read"
        );
        assert_eq!(
            limit.check("192.0.2.2".into()),
            Ok(()),
            "another client has its own"
        );
        assert_eq!(limit.clients(), 2);
    }

    #[test]
    fn a_rate_of_zero_turns_the_limit_off() {
        let limit = ReadLimit::new(0, 10);
        assert!(!limit.is_on());
        for _ in 0..1_000 {
            assert_eq!(limit.check("192.0.2.1".into()), Ok(()));
        }
    }
}
