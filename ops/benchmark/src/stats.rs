//! Latency statistics: HdrHistograms of microseconds (3 significant digits, 1 µs to 1 hour) and
//! the tallies of concurrent workers (successes, failures, latencies) merged into one result.

use std::time::Duration;

use anyhow::Result;
use hdrhistogram::Histogram;

/// An empty histogram of microseconds, 1 µs to 1 hour, 3 significant digits.
pub fn new_hist() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 3_600_000_000, 3).expect("histogram bounds")
}

/// What one concurrent worker counted: successes with their latencies (µs), and failures
/// with the first failure's text.
pub struct Worker {
    /// Requests or commands that succeeded.
    pub ok: u64,
    /// Those that failed.
    pub errors: u64,
    /// The first failure, as text.
    pub first_error: Option<String>,
    /// Latency of each success, µs.
    pub hist: Histogram<u64>,
}

impl Worker {
    /// Nothing counted yet.
    pub fn new() -> Worker {
        Worker {
            ok: 0,
            errors: 0,
            first_error: None,
            hist: new_hist(),
        }
    }

    /// Counts one failure; keeps its text if it is the first.
    pub fn error(&mut self, e: String) {
        self.errors += 1;
        if self.first_error.is_none() {
            self.first_error = Some(e);
        }
    }

    /// Counts the outcome of a request or command started at `started`: a success with its
    /// latency (µs, now minus `started`), or a failure with its text.
    pub fn record(&mut self, started: std::time::Instant, outcome: Result<(), String>) {
        match outcome {
            Ok(()) => {
                self.ok += 1;
                self.hist
                    .saturating_record(started.elapsed().as_micros() as u64);
            }
            Err(e) => self.error(e),
        }
    }
}

/// The workers of one run together: successes, failures, latencies (µs) and the run's time.
pub struct RunResult {
    /// Successes.
    pub ok: u64,
    /// Failures.
    pub errors: u64,
    /// The first failure of any worker.
    pub first_error: Option<String>,
    /// Wall time of the run (summed over absorbed runs).
    pub elapsed: Duration,
    /// Latency of each success, µs.
    pub hist: Histogram<u64>,
}

impl RunResult {
    /// Nothing run yet.
    pub fn empty() -> RunResult {
        merge(Vec::new(), Duration::ZERO)
    }

    /// Adds another run's commands and time (runs one after the other).
    pub fn absorb(&mut self, other: RunResult) {
        self.ok += other.ok;
        self.errors += other.errors;
        if self.first_error.is_none() {
            self.first_error = other.first_error;
        }
        self.elapsed += other.elapsed;
        self.hist.add(&other.hist).expect("same histogram bounds");
    }

    /// Prints the first failure to stderr (`    first failed <what>: …`), if any failed.
    pub fn print_first_error(&self, what: &str) {
        if let Some(e) = &self.first_error {
            eprintln!("    first failed {what}: {e} ({} failed)", self.errors);
        }
    }

    /// Successes per second of wall time.
    pub fn rate(&self) -> f64 {
        self.ok as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The workers' tallies as one run of `elapsed` wall time.
pub fn merge(workers: Vec<Worker>, elapsed: Duration) -> RunResult {
    let mut r = RunResult {
        ok: 0,
        errors: 0,
        first_error: None,
        elapsed,
        hist: new_hist(),
    };
    for w in workers {
        r.ok += w.ok;
        r.errors += w.errors;
        if r.first_error.is_none() {
            r.first_error = w.first_error;
        }
        r.hist.add(&w.hist).expect("same histogram bounds");
    }
    r
}

/// Waits for spawned [`Worker`]s and returns their tallies, in the order given.
pub async fn join_workers(tasks: Vec<tokio::task::JoinHandle<Worker>>) -> Result<Vec<Worker>> {
    let mut workers = Vec::new();
    for t in tasks {
        workers.push(t.await?);
    }
    Ok(workers)
}
