//! The two command paths of sections 1 and 4 and what they need: commands planned so that none
//! conflicts, the in-process paths (cqrs-es as the server built it, and bare postgres-es) and
//! the HTTP path (`POST /api/crime/figures` with the operator token), each run by `n`
//! concurrent callers over a shared list until done or out of time.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use http_body_util::Full;
use hyper::body::Bytes;
use hyper::{Request, StatusCode};
use sqlx::PgPool;

use gbvf_api::telemetry::PostgresCqrs;
use gbvf_commands::crime_series::{CrimeSeries, CrimeSeriesCommand};
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::{crime_series_id, CrimeFigure, SeriesPlace, CRIME_SERIES_AGGREGATE};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::Position;

use crate::http::connections;
use crate::stats::{join_workers, merge, RunResult, Worker};
use crate::synthetic::FIRST_YEAR;

/// One crime figure to record: boundary, crime type, financial year, count.
#[derive(Clone, Copy)]
pub struct Cmd {
    boundary_id: i64,
    crime_type_id: i32,
    year: i32,
    count: i64,
}

/// Hands out commands so that no two commands of one run touch the same aggregate, and no
/// command ever repeats an (aggregate, year): no conflicts, every command appends one event.
pub struct Planner {
    /// Every (boundary, crime type), shuffled.
    pub pairs: Vec<(i64, i32)>,
    /// Commands handed out so far.
    pub next: usize,
    /// This year: years run from [`FIRST_YEAR`] to it.
    pub last_year: i32,
}

impl Planner {
    /// The next `n` commands (at most one per series of [`Self::pairs`]).
    pub fn take(&mut self, n: usize) -> Arc<Vec<Cmd>> {
        let n = n.min(self.pairs.len());
        let years = (self.last_year - FIRST_YEAR + 1) as usize;
        let out = (0..n)
            .map(|_| {
                let g = self.next;
                self.next += 1;
                let (boundary_id, crime_type_id) = self.pairs[g % self.pairs.len()];
                let round = g / self.pairs.len();
                Cmd {
                    boundary_id,
                    crime_type_id,
                    year: FIRST_YEAR + (round % years) as i32,
                    count: (g as i64 * 7_919) % 1_000,
                }
            })
            .collect();
        Arc::new(out)
    }
}

/// The in-process command paths of section 1: the framework as the server built it before
/// `execute_on` (traced repository, upcasters, projector wake-up), bare postgres-es (the
/// commands target's baseline), or bare postgres-es followed by the projection brought up to
/// date (the fair baseline: [`Settled`]).
#[derive(Clone)]
pub enum RawPath {
    Product(Arc<PostgresCqrs<CrimeSeries>>),
    Bare(Arc<postgres_es::PostgresCqrs<CrimeSeries>>),
    Settled(Arc<postgres_es::PostgresCqrs<CrimeSeries>>, Arc<Settled>),
}

/// What the fair baseline does after each bare postgres-es command, as `POST
/// /api/crime/figures` does after its append: wakes the projectors and the audit sealer of
/// every process (`gbvf_events::wake`, whose sender this process runs, so the server seals the
/// event as it seals its own), and brings the crime projection up to date before answering
/// with the server's own read-your-writes code (`gbvf_api::http::read_your_writes::settle`:
/// concurrent callers share catch-ups).
pub struct Settled {
    pool: PgPool,
    settlers: gbvf_api::http::read_your_writes::Settlers,
}

impl Settled {
    /// The fair baseline's after-command work on `pool`; starts this process's wake sender.
    pub fn new(pool: PgPool) -> Settled {
        gbvf_events::wake::spawn_notifier(pool.clone());
        Settled {
            pool,
            settlers: Default::default(),
        }
    }
}

impl gbvf_api::http::read_your_writes::Settling for Settled {
    fn pool(&self) -> &PgPool {
        &self.pool
    }
    fn settlers(&self) -> &gbvf_api::http::read_your_writes::Settlers {
        &self.settlers
    }
    /// No response cache in this process.
    fn clear_cache(&self) {}
}

impl RawPath {
    /// Executes `command` on crime series `id`; the framework's error as text.
    async fn execute(
        &self,
        id: &str,
        command: CrimeSeriesCommand,
        meta: HashMap<String, String>,
    ) -> Result<(), String> {
        match self {
            RawPath::Product(c) => c.execute_with_metadata(id, command, meta).await,
            RawPath::Bare(c) => c.execute_with_metadata(id, command, meta).await,
            RawPath::Settled(c, settled) => {
                let executed = c.execute_with_metadata(id, command, meta).await;
                if executed.is_ok() {
                    gbvf_events::wake::events_of_type_committed(CRIME_SERIES_AGGREGATE);
                    gbvf_api::http::read_your_writes::settle(settled.as_ref(), "crime").await;
                }
                executed
            }
        }
        .map_err(|e| e.to_string())
    }
}

/// The commands of one run, handed out to its callers in order until none is left or the
/// run's time is up.
#[derive(Clone)]
struct Queue {
    cmds: Arc<Vec<Cmd>>,
    next: Arc<AtomicUsize>,
    started: Instant,
    cap: Duration,
}

impl Queue {
    /// Starts the clock of a run of `cmds` that may take at most `cap`.
    fn new(cmds: Arc<Vec<Cmd>>, cap: Duration) -> Queue {
        Queue {
            cmds,
            next: Arc::new(AtomicUsize::new(0)),
            started: Instant::now(),
            cap,
        }
    }

    /// The next command, or `None` when all are taken or the time is up.
    fn take(&self) -> Option<Cmd> {
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        (i < self.cmds.len() && self.started.elapsed() <= self.cap).then(|| self.cmds[i])
    }

    /// The callers' tallies as one run, timed from the queue's start.
    async fn finish(&self, tasks: Vec<tokio::task::JoinHandle<Worker>>) -> Result<RunResult> {
        Ok(merge(join_workers(tasks).await?, self.started.elapsed()))
    }
}

/// Runs `cmds` through the in-process path `cqrs` with `callers` concurrent callers (each
/// preceded by the HTTP handler's boundary lookup when `boundary_lookup` is given), until all
/// are done or `cap` has passed; latencies in µs.
pub async fn run_raw(
    cqrs: &RawPath,
    places: &Arc<HashMap<i64, SeriesPlace>>,
    callers: usize,
    cmds: Arc<Vec<Cmd>>,
    cap: Duration,
    boundary_lookup: Option<PgPool>,
) -> Result<RunResult> {
    let queue = Queue::new(cmds, cap);
    let mut tasks = Vec::new();
    for _ in 0..callers {
        let (cqrs, places, queue) = (cqrs.clone(), places.clone(), queue.clone());
        let lookup = boundary_lookup.clone();
        tasks.push(tokio::spawn(async move {
            let mut w = Worker::new();
            while let Some(c) = queue.take() {
                let t = Instant::now();
                if let Some(pool) = &lookup {
                    // The one SQL query the HTTP handler runs before execute_with_metadata.
                    if let Err(e) = gbvf_api::http::boundary::fetch(pool, c.boundary_id).await {
                        w.error(format!("boundary lookup: {e:?}"));
                        continue;
                    }
                }
                let figure = CrimeFigure {
                    place: places[&c.boundary_id].clone(),
                    crime_type_id: c.crime_type_id,
                    period_start_year: c.year,
                    count: c.count,
                    source: "SAPS figure recorded through the API".into(),
                };
                let meta = EventMetadata::now(
                    "operator",
                    uuid::Uuid::new_v4().to_string(),
                    "bench:execute_with_metadata",
                )
                .to_map();
                let id = crime_series_id(c.boundary_id, c.crime_type_id);
                let command = CrimeSeriesCommand::RecordCrimeFigure {
                    figure,
                    expected_version: None,
                };
                w.record(t, cqrs.execute(&id, command, meta).await);
            }
            w
        }));
    }
    queue.finish(tasks).await
}

/// Runs `cmds` as `POST /api/crime/figures` with the operator `token` on `clients` keep-alive
/// connections to `addr` (opened before the clock starts), until all are done or `cap` has
/// passed; latencies in µs.
pub async fn run_http(
    addr: SocketAddr,
    token: &str,
    clients: usize,
    cmds: Arc<Vec<Cmd>>,
    cap: Duration,
) -> Result<RunResult> {
    let conns = connections(addr, clients).await?;
    let auth = format!("Bearer {token}");
    let queue = Queue::new(cmds, cap);
    let mut tasks = Vec::new();
    for mut http in conns {
        let (queue, auth) = (queue.clone(), auth.clone());
        tasks.push(tokio::spawn(async move {
            let mut w = Worker::new();
            while let Some(c) = queue.take() {
                let body = format!(
                    r#"{{"boundaryId":{},"crimeTypeId":{},"periodStartYear":{},"count":{}}}"#,
                    c.boundary_id, c.crime_type_id, c.year, c.count
                );
                let req = Request::post("/api/crime/figures")
                    .header(hyper::header::HOST, &http.host)
                    .header(hyper::header::CONTENT_TYPE, "application/json")
                    .header(hyper::header::AUTHORIZATION, &auth)
                    .body(Full::new(Bytes::from(body)))
                    .expect("valid request");
                let t = Instant::now();
                let outcome = match http.send(req).await {
                    Ok((StatusCode::OK, _, _)) => Ok(()),
                    Ok((status, _, body)) => {
                        Err(format!("HTTP {status}: {}", String::from_utf8_lossy(&body)))
                    }
                    Err(e) => Err(format!("{e:#}")),
                };
                w.record(t, outcome);
            }
            w
        }));
    }
    queue.finish(tasks).await
}

/// Waits until the crime projection's checkpoint has passed every crime event, at most
/// `timeout`; whether it did.
pub async fn wait_caught_up(pool: &PgPool, timeout: Duration) -> Result<bool> {
    let last: Option<(i64, i64)> = sqlx::query_as(
        "SELECT (transaction_id::text)::bigint, global_position FROM events WHERE aggregate_type = $1
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1",
    )
    .bind(CRIME_SERIES_AGGREGATE)
    .fetch_optional(pool)
    .await?;
    let Some((txid, gp)) = last else {
        return Ok(true);
    };
    let target = Position {
        transaction_id: txid,
        global_position: gp,
    };
    let deadline = Instant::now() + timeout;
    loop {
        let (t, g): (i64, i64) = sqlx::query_as(
            "SELECT (last_transaction_id::text)::bigint, last_global_position FROM projection_checkpoint WHERE projection = 'crime'",
        )
        .fetch_one(pool)
        .await?;
        if (Position {
            transaction_id: t,
            global_position: g,
        }) >= target
        {
            return Ok(true);
        }
        if Instant::now() > deadline {
            return Ok(false);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The place of every boundary as the command handler derives it (ancestors nearest first,
/// the nation last), by boundary id.
pub async fn load_places(pool: &PgPool) -> Result<HashMap<i64, SeriesPlace>> {
    // The same ancestors the command handler derives from the boundary row.
    type Row = (i64, String, Option<i64>, Option<i64>, Option<i64>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT boundary_id, level, parent_id, district_id, province_id FROM boundary",
    )
    .fetch_all(pool)
    .await?;
    let mut out = HashMap::new();
    for (id, level, parent, district, province) in rows {
        let level = BoundaryLevel::parse(&level).unwrap_or(BoundaryLevel::SapsPrecinct);
        let mut ancestor_ids = Vec::new();
        match level {
            BoundaryLevel::SapsPrecinct => {
                ancestor_ids.extend([parent, district, province].into_iter().flatten())
            }
            BoundaryLevel::Municipality => {
                ancestor_ids.extend([district, province].into_iter().flatten())
            }
            BoundaryLevel::District => ancestor_ids.extend(province),
            _ => {}
        }
        if level != BoundaryLevel::National {
            ancestor_ids.push(1);
        }
        out.insert(
            id,
            SeriesPlace {
                boundary_id: id,
                level,
                ancestor_ids,
            },
        );
    }
    Ok(out)
}
