//! `gbvf-bench`: the benchmark figures of the GBVF dashboard, side by side with the physical
//! limits they are judged against (docs/benchmarks.md explains every figure).
//!
//! `gbvf-bench` (or `gbvf-bench run`) creates fresh databases on the PostgreSQL server of
//! `DATABASE_URL`, runs the five sections below, prints one table per section and a summary,
//! and drops its databases (also when interrupted):
//!
//! 1. command throughput: `POST /api/crime/figures` against a `gbvf serve` child process, and
//!    cqrs-es `execute_with_metadata` in this process on the same aggregate, at 1, 8 and 32
//!    concurrent clients;
//! 2. bulk import of every shipped crime file into a fresh database;
//! 3. rebuild of the crime projection over synthetic `CrimeFigureRecorded` events, against a
//!    raw ordered read of the same events;
//! 4. projector lag per event during the command load of section 1;
//! 5. cached reads against a static server serving the same bodies (this binary in `static`
//!    mode, a second child process);
//! 6. public reads during a flood of wrong sign-ins;
//! 7. anonymous survey responses over HTTP at 32 concurrent respondents, each a new browser
//!    session, and the health-check projector's lag under that load;
//! 8. a log of ten million synthetic events: append rate, database size, rebuild time, and the
//!    server's read latency and memory on it against the shipped log;
//! 9. rebuild of every projection over the shipped log, the example organisations and synthetic
//!    survey responses: folded in memory (what `gbvf projections rebuild` does) and page by
//!    page, each projection's rate printed;
//! 10. building-block updates over HTTP (a municipality's details submitted, the province's
//!     verification) at 32 concurrent clients, and the building-block projector's lag.
//!
//! `gbvf-bench static --port P --bodies DIR` is that static server; `gbvf-bench load` runs the
//! read load of section 5 against any server on the loopback (handy under `perf`).
//!
//! All traffic goes to 127.0.0.1 and to the database server of `DATABASE_URL`.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use comfy_table::presets::ASCII_MARKDOWN;
use comfy_table::{CellAlignment, Table};
use gbvf_api::telemetry::PostgresCqrs;
use hdrhistogram::Histogram;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper::{Request, StatusCode};
use hyper_util::rt::TokioIo;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use sqlx::{Connection, PgConnection, PgPool};
use tokio::sync::watch;

use gbvf_api::cli;
use gbvf_commands::crime_series::{CrimeSeries, CrimeSeriesCommand};
use gbvf_commands::sources::geography::Gazetteer;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::{
    crime_series_id, CrimeFigure, CrimeSeriesEvent, SeriesPlace, CRIME_SERIES_AGGREGATE,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::{append_batch, read_page, NewEvent, Position};
use gbvf_projections::crime::CrimeProjection;
use gbvf_projections::engine;

// ---------------------------------------------------------------------------------------------
// Targets and reference figures (shared guide "Event log and projectors", same machine class).

/// HTTP command throughput at 32 clients, as a share of raw `execute_with_metadata` at 32.
const TARGET_HTTP_SHARE: f64 = 0.80;
/// HTTP commands at 32 clients before the performance work (quiet 2-core machine), cmd/s: the
/// target is twice this.
const ISSUE15_HTTP_BEFORE: f64 = 676.0;
/// Rebuild rate of the crime projection, events/s.
const TARGET_REBUILD_RATE: f64 = 150_000.0;
/// p99 of projector lag during the command load, seconds.
const TARGET_LAG_P99_S: f64 = 0.25;
/// Cached reads as a share of a static server serving the same bodies.
const TARGET_READ_SHARE: f64 = 0.60;
/// p99 of a cached read at 64 connections, milliseconds.
const TARGET_READ_P99_MS: f64 = 20.0;
/// Guide: postgres-es `execute`, one event per command, at 1 / 8 / 32 callers.
const GUIDE_EXECUTE: [(usize, f64); 3] = [(1, 896.0), (8, 2_517.0), (32, 3_051.0)];
/// Guide: batched raw INSERT, 100 events per transaction, one writer.
const GUIDE_BATCHED_INSERT: f64 = 41_664.0;
/// Guide: raw ordered read of 500k events with JSON decode.
const GUIDE_RAW_READ: f64 = 1_169_985.0;

/// Events per page of the raw read (the projector engine's page).
const READ_PAGE: i64 = engine::PAGE;
/// Events per transaction when appending the synthetic events.
const APPEND_BATCH: usize = 10_000;
/// Alternating rounds per concurrency level in section 1.
const ROUNDS: usize = 4;
/// Lag sampling interval.
const SAMPLE_EVERY: Duration = Duration::from_millis(10);
/// Crime types of the product.
const CRIME_TYPES: std::ops::RangeInclusive<i32> = 1..=11;
/// First SAPS financial year the aggregate accepts.
const FIRST_YEAR: i32 = 1994;

// ---------------------------------------------------------------------------------------------
// Entry point.

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = match args.first().map(String::as_str) {
        None | Some("run") => runtime.block_on(run_bench()),
        Some("static") => runtime.block_on(static_server(&args[1..])),
        Some("load") => runtime.block_on(load_mode(&args[1..])),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(anyhow!("unknown mode {other:?}\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

const USAGE: &str = "usage: gbvf-bench [run]                          run every section (./ops/bench does this)
       gbvf-bench static --port P --bodies DIR    static baseline server (started by run)
       gbvf-bench load --addr 127.0.0.1:PORT --path /api/... [--conns 64] [--secs 8] [--pid PID]
                                                  GET load against a running server (for profiling)

environment of `run`:
  DATABASE_URL             PostgreSQL server on which fresh bench databases are created and dropped (required)
  GBVF_BIN                 the gbvf executable (default: next to this one)
  GBVF_DATA_DIR            the project's data directory (default: ../data of the api crate)
  GBVF_OPERATOR_TOKEN      operator token given to the server (>= 16 chars; default: a bench token)
  GBVF_BENCH_SECTIONS      sections to run, e.g. 1,3 (default 1,2,3,4,5,6,7,8,9,10; 4 runs with 1, 5 and 6 need 2's database)
  GBVF_BENCH_RESPONSES     survey responses of section 7 (default 2000)
  GBVF_BENCH_COMMANDS      commands per concurrency level and path (default 2000)
  GBVF_BENCH_EVENTS        synthetic events for the rebuild (default 1000000)
  GBVF_BENCH_REBUILD_SECS  time limit of engine::rebuild and of its replica (default 45; the rate so far is reported)
  GBVF_BENCH_ENGINE_READ_SECS  time limit of the engine-read-alone step (default 15)
  GBVF_BENCH_READ_SECS     measured seconds per read endpoint and server (default 8)
  GBVF_BENCH_READ_CONNS    concurrent connections of the read load (default 64)
  GBVF_BENCH_LOG_DIR       where the child servers' logs go (default: the temp directory)
  GBVF_BENCH_RUN_ID        lower-case letters and digits naming this run's databases gbvf_bench_<id>_* (default: random)";

// ---------------------------------------------------------------------------------------------
// Configuration.

struct Config {
    server_url: String,
    gbvf_bin: PathBuf,
    self_bin: PathBuf,
    data_dir: PathBuf,
    token: String,
    sections: Vec<u8>,
    commands: usize,
    responses: usize,
    command_cap: Duration,
    rebuild_events: usize,
    /// Events of section 8's log (`GBVF_BENCH_SCALE_EVENTS`, default 10,000,000).
    scale_events: usize,
    engine_read_cap: Duration,
    rebuild_cap: Duration,
    read_secs: u64,
    read_conns: usize,
    log_dir: PathBuf,
}

fn env_num<T: std::str::FromStr>(name: &str, default: T) -> Result<T> {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .replace('_', "")
            .parse()
            .map_err(|_| anyhow!("{name}={v:?} is not a number")),
        _ => Ok(default),
    }
}

impl Config {
    fn from_env() -> Result<Config> {
        let server_url = std::env::var("DATABASE_URL")
            .map_err(|_| anyhow!("DATABASE_URL is not set (./ops/bench sets it)"))?;
        let self_bin = std::env::current_exe().context("locating gbvf-bench")?;
        let gbvf_bin = match std::env::var("GBVF_BIN") {
            Ok(p) if !p.is_empty() => PathBuf::from(p),
            _ => self_bin.with_file_name("gbvf"),
        };
        if !gbvf_bin.exists() {
            bail!("{} does not exist: build it with `cargo build --release -p gbvf-api` or set GBVF_BIN", gbvf_bin.display());
        }
        let data_dir = match std::env::var("GBVF_DATA_DIR") {
            Ok(p) if !p.is_empty() => PathBuf::from(p),
            _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data"),
        };
        let token = std::env::var("GBVF_OPERATOR_TOKEN")
            .ok()
            .filter(|t| t.len() >= 16)
            .unwrap_or_else(|| "gbvf-bench-operator-token-0000".to_string());
        let sections = match std::env::var("GBVF_BENCH_SECTIONS") {
            Ok(s) if !s.trim().is_empty() => s
                .split(',')
                .map(|p| {
                    p.trim()
                        .parse::<u8>()
                        .map_err(|_| anyhow!("GBVF_BENCH_SECTIONS: {p:?} is not a section number"))
                })
                .collect::<Result<Vec<_>>>()?,
            _ => vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        };
        let log_dir = match std::env::var("GBVF_BENCH_LOG_DIR") {
            Ok(p) if !p.is_empty() => PathBuf::from(p),
            _ => std::env::temp_dir(),
        };
        std::fs::create_dir_all(&log_dir)
            .with_context(|| format!("creating {}", log_dir.display()))?;
        Ok(Config {
            server_url,
            gbvf_bin,
            self_bin,
            data_dir,
            token,
            sections,
            commands: env_num("GBVF_BENCH_COMMANDS", 2_000usize)?.max(1),
            responses: env_num("GBVF_BENCH_RESPONSES", 2_000usize)?.max(1),
            command_cap: Duration::from_secs(45),
            rebuild_events: env_num("GBVF_BENCH_EVENTS", 1_000_000usize)?.max(1),
            scale_events: env_num("GBVF_BENCH_SCALE_EVENTS", 10_000_000usize)?.max(1),
            engine_read_cap: Duration::from_secs(env_num("GBVF_BENCH_ENGINE_READ_SECS", 15u64)?),
            rebuild_cap: Duration::from_secs(env_num("GBVF_BENCH_REBUILD_SECS", 45u64)?.max(1)),
            read_secs: env_num("GBVF_BENCH_READ_SECS", 8u64)?.max(1),
            read_conns: env_num("GBVF_BENCH_READ_CONNS", 64usize)?.max(1),
            log_dir,
        })
    }
    fn wants(&self, section: u8) -> bool {
        self.sections.contains(&section)
    }
}

// ---------------------------------------------------------------------------------------------
// Bench databases: created fresh on the server of DATABASE_URL, dropped at the end.

fn with_db(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let cut = base.rfind('/').unwrap_or(base.len());
    format!("{}/{db}{query}", &base[..cut])
}

struct Databases {
    admin_url: String,
    server_url: String,
    run_id: String,
    names: Vec<String>,
}

impl Databases {
    fn new(server_url: &str) -> Databases {
        // ./ops/bench passes its own id so that it can drop what a killed run left behind.
        let run_id = std::env::var("GBVF_BENCH_RUN_ID")
            .ok()
            .filter(|id| {
                !id.is_empty()
                    && id.len() <= 20
                    && id
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            })
            .unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string()[..10].to_string());
        Databases {
            admin_url: with_db(server_url, "postgres"),
            server_url: server_url.to_string(),
            run_id,
            names: Vec::new(),
        }
    }

    /// Creates `gbvf_bench_<run>_<label>`, migrated; returns its URL.
    async fn create(&mut self, label: &str) -> Result<String> {
        let name = format!("gbvf_bench_{}_{label}", self.run_id);
        let mut admin = PgConnection::connect(&self.admin_url)
            .await
            .context("connecting to the PostgreSQL server of DATABASE_URL")?;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .with_context(|| format!("creating {name}"))?;
        self.names.push(name.clone());
        let _ = admin.close().await;
        Ok(with_db(&self.server_url, &name))
    }

    async fn drop_all(&mut self) {
        if self.names.is_empty() {
            return;
        }
        match PgConnection::connect(&self.admin_url).await {
            Ok(mut admin) => {
                for name in self.names.drain(..) {
                    if let Err(e) =
                        sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                            .execute(&mut admin)
                            .await
                    {
                        eprintln!("warning: could not drop {name}: {e}");
                    }
                }
            }
            Err(e) => eprintln!(
                "warning: could not drop the bench databases {:?}: {e}",
                self.names
            ),
        }
    }
}

async fn open_db(url: &str) -> Result<PgPool> {
    // The product's own pool settings (40 connections), for the raw path as for the server.
    let pool = cli::connect(url).await?;
    cli::migrate(&pool).await?;
    Ok(pool)
}

// ---------------------------------------------------------------------------------------------
// Summary of targets.

struct Verdict {
    section: &'static str,
    figure: String,
    target: String,
    measured: String,
    pass: Option<bool>,
}

fn verdict_text(pass: Option<bool>) -> &'static str {
    match pass {
        Some(true) => "PASS",
        Some(false) => "MISS",
        None => "info",
    }
}

fn table(headers: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_preset(ASCII_MARKDOWN);
    t.set_header(headers.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    for i in 1..headers.len() {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    t
}

fn num(v: f64) -> String {
    let rounded = v.round() as i64;
    let s = rounded.abs().to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if rounded < 0 {
        format!("-{out}")
    } else {
        out
    }
}

fn ms(us: u64) -> String {
    let v = us as f64 / 1000.0;
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

fn pct(v: f64) -> String {
    format!("{:.0}%", v * 100.0)
}

fn new_hist() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 3_600_000_000, 3).expect("histogram bounds")
}

fn section_title(n: u8, title: &str) {
    println!("\n## {n}. {title}\n");
}

// ---------------------------------------------------------------------------------------------
// The run.

async fn run_bench() -> Result<()> {
    let cfg = Config::from_env()?;
    let mut dbs = Databases::new(&cfg.server_url);
    let outcome = tokio::select! {
        r = bench_all(&cfg, &mut dbs) => r,
        _ = interrupted() => Err(anyhow!("interrupted; cleaning up")),
    };
    // Child servers are killed when their handles drop (kill_on_drop); then the databases go.
    dbs.drop_all().await;
    outcome
}

async fn interrupted() {
    let ctrl_c = tokio::signal::ctrl_c();
    match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(mut term) => {
            tokio::select! {
                _ = ctrl_c => {}
                _ = term.recv() => {}
            }
        }
        Err(_) => {
            let _ = ctrl_c.await;
        }
    }
}

async fn bench_all(cfg: &Config, dbs: &mut Databases) -> Result<()> {
    let started = Instant::now();
    print_header(cfg).await?;
    let mut summary: Vec<Verdict> = Vec::new();

    let mut import_db: Option<String> = None;
    if cfg.wants(2) || cfg.wants(5) || cfg.wants(6) || cfg.wants(8) {
        import_db = Some(section_import(cfg, dbs, &mut summary).await?);
    }
    if cfg.wants(1) || cfg.wants(4) {
        section_commands(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(3) {
        section_rebuild(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(5) {
        let url = import_db
            .as_deref()
            .expect("import database created for section 5");
        section_reads(cfg, url, &mut summary).await?;
    }
    if cfg.wants(6) {
        let url = import_db
            .as_deref()
            .expect("import database created for section 6");
        section_login_flood(cfg, url, &mut summary).await?;
    }
    if cfg.wants(7) {
        section_survey(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(8) {
        section_scale(cfg, dbs, import_db.as_deref(), &mut summary).await?;
    }
    if cfg.wants(9) {
        section_every_rebuild(cfg, dbs).await?;
    }
    if cfg.wants(10) {
        section_building_blocks(cfg, dbs, &mut summary).await?;
    }

    println!("\n## Summary\n");
    let mut t = table(&["section", "figure", "target", "measured", "result"]);
    for v in &summary {
        t.add_row(vec![
            v.section.to_string(),
            v.figure.clone(),
            v.target.clone(),
            v.measured.clone(),
            verdict_text(v.pass).to_string(),
        ]);
    }
    println!("{t}");
    let missed = summary.iter().filter(|v| v.pass == Some(false)).count();
    println!(
        "\nLoad average at the end: {} (other work on the machine skews every figure).",
        load_average()
    );
    println!(
        "\n{} target(s) checked, {} missed; bench took {:.0} s.",
        summary.iter().filter(|v| v.pass.is_some()).count(),
        missed,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

async fn print_header(cfg: &Config) -> Result<()> {
    let cpus = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(0);
    let cpu_model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let mem_gb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("MemTotal"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map(|kb| kb / 1024.0 / 1024.0)
        .unwrap_or(0.0);
    let mut admin = PgConnection::connect(&with_db(&cfg.server_url, "postgres"))
        .await
        .context("connecting to DATABASE_URL's server")?;
    let pg: String = sqlx::query_scalar("SELECT current_setting('server_version')")
        .fetch_one(&mut admin)
        .await?;
    let fsync: String = sqlx::query_scalar("SELECT current_setting('fsync') || ', synchronous_commit=' || current_setting('synchronous_commit')")
        .fetch_one(&mut admin)
        .await?;
    let _ = admin.close().await;
    println!("# GBVF dashboard benchmark");
    println!();
    println!(
        "- date: {}",
        chrono::Utc::now().format("%Y-%m-%d %H:%M UTC")
    );
    println!("- machine: {cpus} cores ({cpu_model}), {mem_gb:.0} GB RAM; client, servers and PostgreSQL share these cores");
    println!("- PostgreSQL {pg} (fsync={fsync}), on 127.0.0.1");
    println!(
        "- server: {} (child process), release build",
        cfg.gbvf_bin.display()
    );
    println!("- load average at start: {}", load_average());
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Section 2: bulk import of the shipped crime files into a fresh database.

async fn section_import(
    cfg: &Config,
    dbs: &mut Databases,
    summary: &mut Vec<Verdict>,
) -> Result<String> {
    eprintln!("==> section 2: bulk import into a fresh database");
    let url = dbs.create("import").await?;
    let pool = open_db(&url).await?;
    let meta = EventMetadata::now("import", uuid::Uuid::new_v4().to_string(), "bench:import");

    let t = Instant::now();
    let (read, geo_events) =
        gbvf_commands::import::import_geography(&pool, &cfg.data_dir, &meta).await?;
    let geo_append_s = t.elapsed().as_secs_f64();
    let geo = gbvf_projections::by_name("geography").expect("geography projection");
    let tp = Instant::now();
    engine::catch_up(&pool, geo.as_ref()).await?;
    let geo_project_s = tp.elapsed().as_secs_f64();

    let mut rows = Vec::new();
    let t = Instant::now();
    let gazetteer = Gazetteer::load(&cfg.data_dir)?;
    let mut total_events = 0u64;
    for f in cli::import::SHIPPED_CRIME_FILES {
        let before: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
            .fetch_one(&pool)
            .await?;
        let tf = Instant::now();
        let report = gbvf_commands::import::import_crime_file(
            &pool,
            &cfg.data_dir.join(f),
            None,
            &gazetteer,
            &meta,
        )
        .await?;
        let secs = tf.elapsed().as_secs_f64();
        let after: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
            .fetch_one(&pool)
            .await?;
        let events = (after - before) as u64;
        total_events += events;
        rows.push((report.file_name.clone(), report.rows_read, events, secs));
    }
    let crime_s = t.elapsed().as_secs_f64();
    let crime = gbvf_projections::by_name("crime").expect("crime projection");
    let tp = Instant::now();
    let projected = engine::catch_up(&pool, crime.as_ref()).await?;
    let crime_project_s = tp.elapsed().as_secs_f64();

    section_title(2, "Bulk import of the shipped data into a fresh database");
    let mut t = table(&[
        "step",
        "rows read",
        "events appended",
        "seconds",
        "events/s",
    ]);
    t.add_row(vec![
        format!("geography: import_geography ({read} boundaries)"),
        num(read as f64),
        num(geo_events as f64),
        format!("{geo_append_s:.2}"),
        num(geo_events as f64 / geo_append_s),
    ]);
    t.add_row(vec![
        "geography: projection catch_up".into(),
        "".into(),
        num(geo_events as f64),
        format!("{geo_project_s:.2}"),
        num(geo_events as f64 / geo_project_s),
    ]);
    for (name, rows_read, events, secs) in &rows {
        t.add_row(vec![
            format!("crime: {name}"),
            num(*rows_read as f64),
            num(*events as f64),
            format!("{secs:.2}"),
            num(*events as f64 / secs),
        ]);
    }
    t.add_row(vec![
        "crime: all shipped files (import_crime_file)".into(),
        num(rows.iter().map(|r| r.1 as f64).sum()),
        num(total_events as f64),
        format!("{crime_s:.2}"),
        num(total_events as f64 / crime_s),
    ]);
    t.add_row(vec![
        "crime: projection catch_up".into(),
        "".into(),
        num(projected as f64),
        format!("{crime_project_s:.2}"),
        num(projected as f64 / crime_project_s),
    ]);
    println!("{t}");
    println!(
        "\nReference: batched raw INSERT, 100 events per transaction, one writer: {} events/s (guide). \
         The crime import includes parsing the CSV, placing every row and deciding each figure with the aggregate.",
        num(GUIDE_BATCHED_INSERT)
    );
    summary.push(Verdict {
        section: "2 import",
        figure: "all shipped crime files, fresh database".into(),
        target: "none (reference 41,664 ev/s raw INSERT)".into(),
        measured: format!(
            "{} events in {:.1} s = {} ev/s",
            num(total_events as f64),
            crime_s,
            num(total_events as f64 / crime_s)
        ),
        pass: None,
    });
    pool.close().await;
    Ok(url)
}

// ---------------------------------------------------------------------------------------------
// Child servers and a small HTTP/1.1 client (hyper, one keep-alive connection per client).

fn free_port() -> Result<u16> {
    let l = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(l.local_addr()?.port())
}

struct ChildServer {
    name: &'static str,
    child: tokio::process::Child,
    addr: SocketAddr,
    log: PathBuf,
}

impl ChildServer {
    async fn start(
        name: &'static str,
        mut cmd: tokio::process::Command,
        port: u16,
        log: PathBuf,
        ready_path: &str,
    ) -> Result<ChildServer> {
        let file =
            std::fs::File::create(&log).with_context(|| format!("creating {}", log.display()))?;
        let file2 = file.try_clone()?;
        cmd.stdin(Stdio::null())
            .stdout(Stdio::from(file))
            .stderr(Stdio::from(file2))
            .kill_on_drop(true);
        let child = cmd
            .spawn()
            .with_context(|| format!("starting the {name} server"))?;
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let mut server = ChildServer {
            name,
            child,
            addr,
            log,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = server.child.try_wait()? {
                bail!(
                    "the {name} server exited ({status}) during start-up; log:\n{}",
                    tail(&server.log)
                );
            }
            if let Ok((status, _, _)) = get_once(addr, ready_path).await {
                if status == StatusCode::OK {
                    return Ok(server);
                }
            }
            if Instant::now() > deadline {
                bail!(
                    "the {name} server did not answer {ready_path} within 60 s; log:\n{}",
                    tail(&server.log)
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn stop(mut self) {
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill")
                .arg("-TERM")
                .arg(pid.to_string())
                .status();
            if tokio::time::timeout(Duration::from_secs(10), self.child.wait())
                .await
                .is_ok()
            {
                return;
            }
            eprintln!(
                "warning: the {} server did not stop on SIGTERM; killing it",
                self.name
            );
        }
        let _ = self.child.kill().await;
    }
}

fn tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

async fn start_gbvf(cfg: &Config, db_url: &str, label: &'static str) -> Result<ChildServer> {
    start_gbvf_with(cfg, db_url, label, &[]).await
}

/// [`start_gbvf`] with extra environment variables (e.g. `GBVF_ENABLE_LOGIN`).
async fn start_gbvf_with(
    cfg: &Config,
    db_url: &str,
    label: &'static str,
    env: &[(&str, &str)],
) -> Result<ChildServer> {
    let port = free_port()?;
    let mut cmd = tokio::process::Command::new(&cfg.gbvf_bin);
    cmd.envs(env.iter().copied());
    cmd.arg("serve")
        .arg("--bind")
        .arg("127.0.0.1")
        .arg("--port")
        .arg(port.to_string())
        .arg("--web-dir")
        .arg(cfg.log_dir.join("no-web-app"))
        .env("DATABASE_URL", db_url)
        .env("GBVF_OPERATOR_TOKEN", &cfg.token)
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("RUST_LOG")
        .env_remove("PORT")
        .env_remove("BIND");
    let log = cfg.log_dir.join(format!("gbvf-bench-{label}.log"));
    let server = ChildServer::start("gbvf serve", cmd, port, log, "/api/health").await?;
    eprintln!(
        "    gbvf serve ({label}) on {} (pid {}), log {}",
        server.addr,
        server.child.id().unwrap_or(0),
        server.log.display()
    );
    Ok(server)
}

type Sender = SendRequest<Full<Bytes>>;

async fn connect(addr: SocketAddr) -> Result<Sender> {
    let stream = tokio::net::TcpStream::connect(addr).await?;
    stream.set_nodelay(true)?;
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(async move {
        let _ = conn.await;
    });
    Ok(sender)
}

/// One keep-alive HTTP/1.1 connection that reconnects when the server closes it.
struct Http {
    addr: SocketAddr,
    host: String,
    sender: Option<Sender>,
}

impl Http {
    async fn new(addr: SocketAddr) -> Result<Http> {
        let sender = Some(connect(addr).await?);
        Ok(Http {
            addr,
            host: addr.to_string(),
            sender,
        })
    }

    async fn send(
        &mut self,
        req: Request<Full<Bytes>>,
    ) -> Result<(StatusCode, hyper::HeaderMap, Bytes)> {
        if self.sender.as_ref().is_none_or(|s| s.is_closed()) {
            self.sender = Some(connect(self.addr).await?);
        }
        let sender = self.sender.as_mut().expect("connected");
        let result = async {
            sender.ready().await?;
            let res = sender.send_request(req).await?;
            let (parts, body) = res.into_parts();
            let bytes = body.collect().await?.to_bytes();
            anyhow::Ok((parts.status, parts.headers, bytes))
        }
        .await;
        if result.is_err() {
            self.sender = None;
        }
        result
    }

    fn get(&self, path: &str) -> Request<Full<Bytes>> {
        Request::get(path)
            .header(hyper::header::HOST, &self.host)
            .body(Full::new(Bytes::new()))
            .expect("valid request")
    }
}

async fn get_once(addr: SocketAddr, path: &str) -> Result<(StatusCode, hyper::HeaderMap, Bytes)> {
    let mut http = Http::new(addr).await?;
    let req = http.get(path);
    http.send(req).await
}

// ---------------------------------------------------------------------------------------------
// Sections 1 and 4: command throughput, HTTP against raw execute_with_metadata, and projector lag.

#[derive(Clone, Copy)]
struct Cmd {
    boundary_id: i64,
    crime_type_id: i32,
    year: i32,
    count: i64,
}

/// Hands out commands so that no two commands of one run touch the same aggregate, and no
/// command ever repeats an (aggregate, year): no conflicts, every command appends one event.
struct Planner {
    pairs: Vec<(i64, i32)>,
    next: usize,
    last_year: i32,
}

impl Planner {
    fn take(&mut self, n: usize) -> Arc<Vec<Cmd>> {
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

struct RunResult {
    ok: u64,
    errors: u64,
    first_error: Option<String>,
    elapsed: Duration,
    hist: Histogram<u64>,
}

impl RunResult {
    fn empty() -> RunResult {
        RunResult {
            ok: 0,
            errors: 0,
            first_error: None,
            elapsed: Duration::ZERO,
            hist: new_hist(),
        }
    }
    /// Adds another run's commands and time (runs one after the other).
    fn absorb(&mut self, other: RunResult) {
        self.ok += other.ok;
        self.errors += other.errors;
        if self.first_error.is_none() {
            self.first_error = other.first_error;
        }
        self.elapsed += other.elapsed;
        self.hist.add(&other.hist).expect("same histogram bounds");
    }
    fn rate(&self) -> f64 {
        self.ok as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

struct Worker {
    ok: u64,
    errors: u64,
    first_error: Option<String>,
    hist: Histogram<u64>,
}

impl Worker {
    fn new() -> Worker {
        Worker {
            ok: 0,
            errors: 0,
            first_error: None,
            hist: new_hist(),
        }
    }
    fn error(&mut self, e: String) {
        self.errors += 1;
        if self.first_error.is_none() {
            self.first_error = Some(e);
        }
    }
}

fn merge(workers: Vec<Worker>, elapsed: Duration) -> RunResult {
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

/// The in-process command paths of section 1: the framework as the server builds it (traced
/// repository, upcasters, projector wake-up) or bare postgres-es (the commands target's
/// baseline).
#[derive(Clone)]
enum RawPath {
    Product(Arc<PostgresCqrs<CrimeSeries>>),
    Bare(Arc<postgres_es::PostgresCqrs<CrimeSeries>>),
}

impl RawPath {
    async fn execute(
        &self,
        id: &str,
        command: CrimeSeriesCommand,
        meta: HashMap<String, String>,
    ) -> Result<(), String> {
        match self {
            RawPath::Product(c) => c.execute_with_metadata(id, command, meta).await,
            RawPath::Bare(c) => c.execute_with_metadata(id, command, meta).await,
        }
        .map_err(|e| e.to_string())
    }
}

async fn run_raw(
    cqrs: &RawPath,
    places: &Arc<HashMap<i64, SeriesPlace>>,
    callers: usize,
    cmds: Arc<Vec<Cmd>>,
    cap: Duration,
    boundary_lookup: Option<PgPool>,
) -> Result<RunResult> {
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..callers {
        let (cqrs, places, cmds, next) = (cqrs.clone(), places.clone(), cmds.clone(), next.clone());
        let lookup = boundary_lookup.clone();
        tasks.push(tokio::spawn(async move {
            let mut w = Worker::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= cmds.len() || started.elapsed() > cap {
                    break;
                }
                let c = cmds[i];
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
                match cqrs.execute(&id, command, meta).await {
                    Ok(()) => {
                        w.ok += 1;
                        w.hist.saturating_record(t.elapsed().as_micros() as u64);
                    }
                    Err(e) => w.error(e),
                }
            }
            w
        }));
    }
    let mut workers = Vec::new();
    for t in tasks {
        workers.push(t.await?);
    }
    Ok(merge(workers, started.elapsed()))
}

async fn run_http(
    addr: SocketAddr,
    token: &str,
    clients: usize,
    cmds: Arc<Vec<Cmd>>,
    cap: Duration,
) -> Result<RunResult> {
    // Connections are opened before the clock starts.
    let mut conns = Vec::new();
    for _ in 0..clients {
        conns.push(Http::new(addr).await?);
    }
    let auth = format!("Bearer {token}");
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for mut http in conns {
        let (cmds, next, auth) = (cmds.clone(), next.clone(), auth.clone());
        tasks.push(tokio::spawn(async move {
            let mut w = Worker::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= cmds.len() || started.elapsed() > cap {
                    break;
                }
                let c = cmds[i];
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
                match http.send(req).await {
                    Ok((StatusCode::OK, _, _)) => {
                        w.ok += 1;
                        w.hist.saturating_record(t.elapsed().as_micros() as u64);
                    }
                    Ok((status, _, body)) => {
                        w.error(format!("HTTP {status}: {}", String::from_utf8_lossy(&body)))
                    }
                    Err(e) => w.error(format!("{e:#}")),
                }
            }
            w
        }));
    }
    let mut workers = Vec::new();
    for t in tasks {
        workers.push(t.await?);
    }
    Ok(merge(workers, started.elapsed()))
}

/// A reading of the crime projection's checkpoint, on the database server's clock.
struct Sample {
    at: chrono::DateTime<chrono::Utc>,
    pos: Position,
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

async fn max_global_position(pool: &PgPool) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT COALESCE(max(global_position), 0) FROM events")
            .fetch_one(pool)
            .await?,
    )
}

/// Waits until the crime projection's checkpoint has passed every crime event.
async fn wait_caught_up(pool: &PgPool, timeout: Duration) -> Result<bool> {
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

struct Window {
    path: &'static str,
    level: usize,
    from: i64,
    to: i64,
}

struct LagResult {
    events: u64,
    unapplied: u64,
    hist: Histogram<u64>,
}

/// Lag of every `aggregate_type` event in `(from, to]`: from its commit to the first checkpoint
/// sample at or past it.
async fn lag_of(
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
    let mut r = LagResult {
        events: rows.len() as u64,
        unapplied: 0,
        hist: new_hist(),
    };
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

async fn load_places(pool: &PgPool) -> Result<HashMap<i64, SeriesPlace>> {
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

async fn section_commands(
    cfg: &Config,
    dbs: &mut Databases,
    summary: &mut Vec<Verdict>,
) -> Result<()> {
    eprintln!("==> sections 1 and 4: command throughput and projector lag");
    let url = dbs.create("commands").await?;
    let pool = open_db(&url).await?;
    // Geography only: every command below starts a new crime series (no history to load), on
    // both paths alike.
    let meta = EventMetadata::now(
        "import",
        uuid::Uuid::new_v4().to_string(),
        "bench:geography",
    );
    gbvf_commands::import::import_geography(&pool, &cfg.data_dir, &meta).await?;
    let geo = gbvf_projections::by_name("geography").expect("geography projection");
    engine::catch_up(&pool, geo.as_ref()).await?;
    let places = Arc::new(load_places(&pool).await?);
    if places.is_empty() {
        bail!("the geography import produced no boundaries");
    }
    let mut pairs: Vec<(i64, i32)> = places
        .keys()
        .flat_map(|&b| CRIME_TYPES.map(move |t| (b, t)))
        .collect();
    pairs.sort_unstable();
    pairs.shuffle(&mut rand::rngs::StdRng::seed_from_u64(20_261_121));
    let this_year = chrono::Datelike::year(&chrono::Utc::now());
    let mut planner = Planner {
        pairs,
        next: 0,
        last_year: this_year,
    };
    let per_level = cfg.commands.min(planner.pairs.len());
    if per_level < cfg.commands {
        eprintln!(
            "    {} commands per level requested; capped at {per_level} distinct series",
            cfg.commands
        );
    }

    let server = start_gbvf(cfg, &url, "commands").await?;
    // The cqrs-es framework exactly as the server builds it, on the product's pool settings.
    let cqrs = RawPath::Product(
        gbvf_api::http::AppState::new(pool.clone(), None, false, None)
            .crime_cqrs
            .clone(),
    );
    // The commands target's baseline: bare postgres-es (no tracing span, no upcasters, no
    // wake-up call) on the same pool and aggregate, against the same `events` table (no trigger
    // since migration 20261123000001).
    let bare = RawPath::Bare(Arc::new(postgres_es::postgres_cqrs(
        pool.clone(),
        vec![],
        (),
    )));

    let (stop_tx, stop_rx) = watch::channel(false);
    let sampler = tokio::spawn(sample_checkpoints(url.clone(), "crime", stop_rx));

    // Warm-up (not reported): opens the pools' connections on both sides.
    let warm = 100.min(per_level);
    run_raw(
        &cqrs,
        &places,
        32,
        planner.take(warm),
        cfg.command_cap,
        None,
    )
    .await?;
    run_http(
        server.addr,
        &cfg.token,
        32,
        planner.take(warm),
        cfg.command_cap,
    )
    .await?;
    wait_caught_up(&pool, Duration::from_secs(30)).await?;

    // Each level runs in ROUNDS alternating rounds (raw, HTTP, and at 32 raw + lookup), so that
    // drift on a shared machine hits both paths alike; the figures are the rounds' totals.
    let mut results: Vec<(usize, RunResult, RunResult)> = Vec::new();
    let mut windows = Vec::new();
    let mut raw_lookup = RunResult::empty();
    let mut bare32 = RunResult::empty();
    // Where each path's time goes at 32 callers: CPU of this process, the server child and
    // PostgreSQL over the rounds (a missed target comes with its profile).
    let server_pid = server.child.id();
    let (mut cpu_raw32, mut cpu_http32, mut cpu_bare32) = (
        CpuSplit::default(),
        CpuSplit::default(),
        CpuSplit::default(),
    );
    // The raw paths' events are projected after their rounds (the server's projector hears of
    // them only at its next poll); the HTTP rounds project theirs while they run. This is what
    // projecting costs per event, measured over the catch-up after each raw and bare round.
    let (mut cpu_project32, mut projected32) = (CpuSplit::default(), 0usize);
    for level in [1usize, 8, 32] {
        eprintln!(
            "    {level} client(s): {per_level} commands per path in {ROUNDS} alternating rounds (raw execute_with_metadata, HTTP{})",
            if level == 32 { ", raw after boundary::fetch" } else { "" }
        );
        let (mut raw, mut http) = (RunResult::empty(), RunResult::empty());
        for round in 0..ROUNDS {
            let n = per_level / ROUNDS + usize::from(round < per_level % ROUNDS);
            let from = max_global_position(&pool).await?;
            let cpu = CpuSplit::now(server_pid);
            let r = run_raw(
                &cqrs,
                &places,
                level,
                planner.take(n),
                cfg.command_cap,
                None,
            )
            .await?;
            if level == 32 {
                cpu_raw32.add(CpuSplit::now(server_pid).since(cpu));
            }
            raw.absorb(r);
            let to = max_global_position(&pool).await?;
            windows.push(Window {
                path: "raw execute",
                level,
                from,
                to,
            });
            let cpu = CpuSplit::now(server_pid);
            if !wait_caught_up(&pool, Duration::from_secs(60)).await? {
                eprintln!(
                    "    warning: the crime projector had not caught up 60 s after a raw round"
                );
            }
            if level == 32 {
                cpu_project32.add(CpuSplit::now(server_pid).since(cpu));
                projected32 += n;
            }
            let from = to;
            let cpu = CpuSplit::now(server_pid);
            let h = run_http(
                server.addr,
                &cfg.token,
                level,
                planner.take(n),
                cfg.command_cap,
            )
            .await?;
            if level == 32 {
                cpu_http32.add(CpuSplit::now(server_pid).since(cpu));
            }
            http.absorb(h);
            let to = max_global_position(&pool).await?;
            windows.push(Window {
                path: "HTTP",
                level,
                from,
                to,
            });
            if !wait_caught_up(&pool, Duration::from_secs(60)).await? {
                eprintln!(
                    "    warning: the crime projector had not caught up 60 s after an HTTP round"
                );
            }
            if level == 32 {
                // Diagnosis: raw execute preceded by the handler's boundary lookup (its one
                // extra SQL query), to show how much of the HTTP overhead is that query.
                let l = run_raw(
                    &cqrs,
                    &places,
                    32,
                    planner.take(n),
                    cfg.command_cap,
                    Some(pool.clone()),
                )
                .await?;
                raw_lookup.absorb(l);
                if !wait_caught_up(&pool, Duration::from_secs(60)).await? {
                    eprintln!("    warning: the crime projector had not caught up 60 s after a lookup round");
                }
                let cpu = CpuSplit::now(server_pid);
                let b = run_raw(&bare, &places, 32, planner.take(n), cfg.command_cap, None).await?;
                cpu_bare32.add(CpuSplit::now(server_pid).since(cpu));
                bare32.absorb(b);
                let cpu = CpuSplit::now(server_pid);
                if !wait_caught_up(&pool, Duration::from_secs(60)).await? {
                    eprintln!("    warning: the crime projector had not caught up 60 s after a bare postgres-es round");
                }
                cpu_project32.add(CpuSplit::now(server_pid).since(cpu));
                projected32 += n;
            }
        }
        results.push((level, raw, http));
    }
    tokio::time::sleep(SAMPLE_EVERY * 3).await;
    let _ = stop_tx.send(true);
    let samples = sampler.await??;

    if cfg.wants(1) {
        section_title(
            1,
            "Command throughput: POST /api/crime/figures vs raw postgres-es execute_with_metadata",
        );
        let mut t = table(&[
            "concurrency",
            "commands (each path)",
            "raw cmd/s",
            "raw p50 ms",
            "raw p99 ms",
            "HTTP cmd/s",
            "HTTP p50 ms",
            "HTTP p99 ms",
            "HTTP / raw",
            "guide raw",
            "target",
            "result",
        ]);
        for (level, raw, http) in &results {
            let share = http.rate() / raw.rate().max(1e-9);
            let guide = GUIDE_EXECUTE
                .iter()
                .find(|g| g.0 == *level)
                .map(|g| num(g.1))
                .unwrap_or_default();
            let (target, result) = if *level == 32 {
                let pass = share >= TARGET_HTTP_SHARE && http.errors == 0;
                (
                    format!(">= {}", pct(TARGET_HTTP_SHARE)),
                    verdict_text(Some(pass)).to_string(),
                )
            } else {
                ("".into(), "".into())
            };
            t.add_row(vec![
                format!("{level}"),
                format!("{} / {}", num(raw.ok as f64), num(http.ok as f64)),
                num(raw.rate()),
                ms(raw.hist.value_at_quantile(0.5)),
                ms(raw.hist.value_at_quantile(0.99)),
                num(http.rate()),
                ms(http.hist.value_at_quantile(0.5)),
                ms(http.hist.value_at_quantile(0.99)),
                pct(share),
                guide,
                target,
                result,
            ]);
        }
        println!("{t}");
        println!(
            "\nEach command appends one CrimeFigureRecorded event to a crime series no other command of its run touches \
             (boundary x crime type shuffled over the whole geography). Raw = cqrs-es CqrsFramework built as AppState::new \
             builds it, called in the bench process; HTTP = the gbvf serve child with its projectors running (they run during both). \
             Each level runs in {ROUNDS} alternating rounds (raw, HTTP, ...); cmd/s = commands / summed round time."
        );
        if let Some((_, raw32, http32)) = results.iter().find(|r| r.0 == 32) {
            println!(
                "\nDiagnosis, 32 callers (a third path in the same rounds): raw execute preceded by the handler's boundary lookup (gbvf_api::http::boundary::fetch, \
                 one SELECT on the boundary view) runs at {} cmd/s (p50 {} ms, p99 {} ms) = {} of plain raw; HTTP reached {} of it.",
                num(raw_lookup.rate()),
                ms(raw_lookup.hist.value_at_quantile(0.5)),
                ms(raw_lookup.hist.value_at_quantile(0.99)),
                pct(raw_lookup.rate() / raw32.rate().max(1e-9)),
                pct(http32.rate() / raw_lookup.rate().max(1e-9)),
            );
        }
        if raw_lookup.errors > 0 {
            println!(
                "\nraw + lookup at 32: {} command(s) failed; first: {}",
                raw_lookup.errors,
                raw_lookup.first_error.as_deref().unwrap_or("?")
            );
        }
        for (level, raw, http) in &results {
            for (name, r) in [("raw", raw), ("HTTP", http)] {
                if r.errors > 0 {
                    println!(
                        "\n{name} at {level}: {} command(s) failed; first: {}",
                        r.errors,
                        r.first_error.as_deref().unwrap_or("?")
                    );
                }
            }
        }
        let (_, raw32, http32) = results.iter().find(|r| r.0 == 32).expect("level 32 ran");
        let bare_share = http32.rate() / bare32.rate().max(1e-9);
        println!(
            "\nBaseline, 32 callers (a fourth path in the same rounds): bare postgres-es execute_with_metadata (postgres_es::postgres_cqrs, \
             no tracing, no upcasters, no projector wake-up) runs at {} cmd/s (p50 {} ms, p99 {} ms); HTTP reached {} of it.",
            num(bare32.rate()),
            ms(bare32.hist.value_at_quantile(0.5)),
            ms(bare32.hist.value_at_quantile(0.99)),
            pct(bare_share),
        );
        print_cpu_split(&[
            ("bare postgres-es", &bare32, cpu_bare32),
            ("raw execute (product)", raw32, cpu_raw32),
            ("HTTP", http32, cpu_http32),
        ]);
        let n = projected32.max(1) as f64;
        let bare_n = (bare32.ok + bare32.errors).max(1) as f64;
        let with_projection = cpu_bare32.total() / bare_n + cpu_project32.total() / n;
        let cores = std::thread::available_parallelism()
            .map(|c| c.get())
            .unwrap_or(1) as f64;
        println!(
            "\nProjecting the raw paths' events after their rounds (the catch-up after each raw and bare round at 32, \
             {} events): gbvf serve {:.0} us, PostgreSQL {:.0} us per event. The HTTP rounds pay this inside their time \
             (their projector is woken at once); bare postgres-es plus projecting its events would cost {:.0} us per \
             command, a CPU-bound ceiling of {} cmd/s on this machine.",
            num(n),
            cpu_project32.server / n * 1e6,
            cpu_project32.postgres / n * 1e6,
            with_projection * 1e6,
            num(cores / with_projection.max(1e-9)),
        );
        if bare32.errors > 0 {
            println!(
                "\nbare postgres-es at 32: {} command(s) failed; first: {}",
                bare32.errors,
                bare32.first_error.as_deref().unwrap_or("?")
            );
        }
        summary.push(Verdict {
            section: "1 commands",
            figure: "HTTP cmd/s at 32 clients vs bare postgres-es at 32".into(),
            target: format!(">= {} of bare", pct(TARGET_HTTP_SHARE)),
            measured: format!(
                "{} vs {} = {}",
                num(http32.rate()),
                num(bare32.rate()),
                pct(bare_share)
            ),
            pass: Some(bare_share >= TARGET_HTTP_SHARE && http32.errors == 0),
        });
        summary.push(Verdict {
            section: "1 commands",
            figure: "HTTP cmd/s at 32 clients vs the recorded starting figure".into(),
            target: format!(">= 2 x {}", num(ISSUE15_HTTP_BEFORE)),
            measured: num(http32.rate()),
            pass: Some(http32.rate() >= 2.0 * ISSUE15_HTTP_BEFORE && http32.errors == 0),
        });
        let share = http32.rate() / raw32.rate().max(1e-9);
        summary.push(Verdict {
            section: "1 commands",
            figure: "HTTP cmd/s at 32 clients vs raw execute at 32".into(),
            target: format!(">= {} of raw", pct(TARGET_HTTP_SHARE)),
            measured: format!(
                "{} vs {} = {}",
                num(http32.rate()),
                num(raw32.rate()),
                pct(share)
            ),
            pass: Some(share >= TARGET_HTTP_SHARE && http32.errors == 0),
        });
    }

    if cfg.wants(4) {
        section_title(
            4,
            "Projector lag during the command load (crime projection, per event)",
        );
        let mut t = table(&[
            "load",
            "events",
            "lag p50 ms",
            "lag p99 ms",
            "lag max ms",
            "not applied",
            "target",
            "result",
        ]);
        let mut all_http = LagResult {
            events: 0,
            unapplied: 0,
            hist: new_hist(),
        };
        // The rounds of one (path, level), in the order they first ran.
        let mut groups: Vec<((&str, usize), LagResult)> = Vec::new();
        for w in &windows {
            let lag = lag_of(&pool, CRIME_SERIES_AGGREGATE, &samples, w.from, w.to).await?;
            match groups.iter_mut().find(|g| g.0 == (w.path, w.level)) {
                Some((_, acc)) => {
                    acc.events += lag.events;
                    acc.unapplied += lag.unapplied;
                    acc.hist.add(&lag.hist).expect("same bounds");
                }
                None => groups.push(((w.path, w.level), lag)),
            }
        }
        for ((path, level), lag) in groups {
            let is_http = path == "HTTP";
            let (target, result) = if is_http {
                let pass = lag.unapplied == 0
                    && lag.hist.value_at_quantile(0.99) < (TARGET_LAG_P99_S * 1e6) as u64;
                (
                    format!("p99 < {TARGET_LAG_P99_S} s"),
                    verdict_text(Some(pass)).to_string(),
                )
            } else {
                ("".into(), "info".into())
            };
            t.add_row(vec![
                format!("{path} x{level}"),
                num(lag.events as f64),
                ms(lag.hist.value_at_quantile(0.5)),
                ms(lag.hist.value_at_quantile(0.99)),
                ms(lag.hist.max()),
                num(lag.unapplied as f64),
                target,
                result,
            ]);
            if is_http {
                all_http.events += lag.events;
                all_http.unapplied += lag.unapplied;
                all_http.hist.add(&lag.hist).expect("same bounds");
            }
        }
        let p99 = all_http.hist.value_at_quantile(0.99);
        let pass = all_http.unapplied == 0 && p99 < (TARGET_LAG_P99_S * 1e6) as u64;
        t.add_row(vec![
            "all HTTP loads".into(),
            num(all_http.events as f64),
            ms(all_http.hist.value_at_quantile(0.5)),
            ms(p99),
            ms(all_http.hist.max()),
            num(all_http.unapplied as f64),
            format!("p99 < {TARGET_LAG_P99_S} s"),
            verdict_text(Some(pass)).to_string(),
        ]);
        println!("{t}");
        println!(
            "\nLag of one event = first moment the crime projection's checkpoint was seen at or past it, minus its recorded_at \
             (the writing transaction's start), both on the database clock; the checkpoint is sampled every {} ms ({} samples), \
             so each figure is an upper bound by up to one sampling interval. Projectors run inside the gbvf serve child.",
            SAMPLE_EVERY.as_millis(),
            num(samples.len() as f64)
        );
        summary.push(Verdict {
            section: "4 lag",
            figure: "projector lag p99 during the HTTP command load".into(),
            target: format!("p99 < {TARGET_LAG_P99_S} s"),
            measured: format!(
                "p50 {} ms, p99 {} ms",
                ms(all_http.hist.value_at_quantile(0.5)),
                ms(p99)
            ),
            pass: Some(pass),
        });
    }

    server.stop().await;
    pool.close().await;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Section 3: rebuild of the crime projection against a raw ordered read.

struct Synth {
    /// (precinct id, ancestors nearest first).
    precincts: Vec<(i64, Vec<i64>)>,
    types: usize,
    years: usize,
    metadata: serde_json::Value,
}

impl Synth {
    fn series(&self) -> usize {
        self.precincts.len() * self.types
    }
    fn count_of(j: usize) -> i64 {
        ((j as u64).wrapping_mul(2_654_435_761) % 500) as i64
    }
    /// Event number `j`: round-major over every series, so consecutive events (and each
    /// page of the projector) belong to different series, as interleaved commands would.
    fn event(&self, j: usize) -> NewEvent {
        let series = self.series();
        let (round, s) = (j / series, j % series);
        let (p, t) = (s / self.types, s % self.types);
        let (boundary_id, ancestors) = &self.precincts[p];
        let crime_type_id = t as i32 + 1;
        let event = CrimeSeriesEvent::CrimeFigureRecorded(CrimeFigure {
            place: SeriesPlace {
                boundary_id: *boundary_id,
                level: BoundaryLevel::SapsPrecinct,
                ancestor_ids: ancestors.clone(),
            },
            crime_type_id,
            period_start_year: FIRST_YEAR + (round % self.years) as i32,
            count: Self::count_of(j),
            source: "SAPS station statistics (bench synthetic)".into(),
        });
        NewEvent {
            aggregate_type: CRIME_SERIES_AGGREGATE.to_string(),
            aggregate_id: crime_series_id(*boundary_id, crime_type_id),
            sequence: round as i64 + 1,
            event_type: "CrimeFigureRecorded".into(),
            event_version: "1.0".into(),
            payload: serde_json::to_value(&event).expect("events serialize"),
            metadata: self.metadata.clone(),
        }
    }
}

/// Appends `n` synthetic crime-figure events (see [`Synth`]) in batches of [`APPEND_BATCH`]
/// per transaction with two writers; returns the seconds taken and the generator.
async fn append_synthetic(cfg: &Config, pool: &PgPool, n: usize) -> Result<(f64, Arc<Synth>)> {
    let gazetteer = Gazetteer::load(&cfg.data_dir)?;
    let precincts: Vec<(i64, Vec<i64>)> = gazetteer
        .precincts()
        .iter()
        .filter_map(|p| gazetteer.boundary_id(&p.code, BoundaryLevel::SapsPrecinct))
        .map(|id| (id, gazetteer.ancestor_ids(id)))
        .collect();
    if precincts.is_empty() {
        bail!("no precincts in the gazetteer");
    }
    let this_year = chrono::Datelike::year(&chrono::Utc::now());
    let synth = Arc::new(Synth {
        precincts,
        types: CRIME_TYPES.count(),
        years: (this_year - FIRST_YEAR + 1) as usize,
        metadata: EventMetadata::now("system", "bench", "bench:synthetic").to_json(),
    });

    // Append: batches of APPEND_BATCH events per INSERT and transaction, two writers.
    let batches = n.div_ceil(APPEND_BATCH);
    let t = Instant::now();
    let mut writers = Vec::new();
    for w in 0..2usize {
        let (pool, synth) = (pool.clone(), synth.clone());
        writers.push(tokio::spawn(async move {
            let mut b = w;
            while b < batches {
                let events: Vec<NewEvent> = (b * APPEND_BATCH..((b + 1) * APPEND_BATCH).min(n))
                    .map(|j| synth.event(j))
                    .collect();
                let mut tx = pool.begin().await?;
                append_batch(&mut tx, &events).await?;
                tx.commit().await?;
                b += 2;
            }
            anyhow::Ok(())
        }));
    }
    for w in writers {
        w.await??;
    }
    Ok((t.elapsed().as_secs_f64(), synth))
}

async fn section_rebuild(
    cfg: &Config,
    dbs: &mut Databases,
    summary: &mut Vec<Verdict>,
) -> Result<()> {
    eprintln!(
        "==> section 3: rebuild of the crime projection over {} synthetic events",
        num(cfg.rebuild_events as f64)
    );
    let url = dbs.create("rebuild").await?;
    let pool = open_db(&url).await?;
    let n = cfg.rebuild_events;
    let expected_sum: i64 = (0..n).map(Synth::count_of).sum();
    let (append_s, synth) = append_synthetic(cfg, &pool, n).await?;
    let tv = Instant::now();
    sqlx::query("VACUUM (ANALYZE) events")
        .execute(&pool)
        .await?;
    let vacuum_s = tv.elapsed().as_secs_f64();
    let size: String =
        sqlx::query_scalar("SELECT pg_size_pretty(pg_total_relation_size('events'))")
            .fetch_one(&pool)
            .await?;

    // Raw ordered read: keyset pages in commit order, every column, JSON decoded into Value.
    let t = Instant::now();
    let mut raw_events = 0u64;
    let mut at = Position::ZERO;
    let mut conn = pool.acquire().await?;
    let backend: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(&mut *conn)
        .await?;
    let cpu_before = (
        proc_cpu_secs(std::process::id()),
        proc_cpu_secs(backend as u32),
    );
    while let Some(page) = raw_page(&mut conn, at, READ_PAGE).await? {
        at = page.last;
        raw_events += page.events.len() as u64;
        std::hint::black_box(&page.events);
        if (page.events.len() as i64) < READ_PAGE {
            break;
        }
    }
    let raw_s = t.elapsed().as_secs_f64();
    let raw_rate = raw_events as f64 / raw_s;
    let raw_cpu = (
        cpu_before
            .0
            .zip(proc_cpu_secs(std::process::id()))
            .map(|(a, b)| b - a),
        cpu_before
            .1
            .zip(proc_cpu_secs(backend as u32))
            .map(|(a, b)| b - a),
    );

    // The engine's own read alone (gbvf_events::store::read_page), bounded in time.
    let t = Instant::now();
    let mut at = Position::ZERO;
    let mut page_events = 0u64;
    let mut page_done = true;
    loop {
        if t.elapsed() > cfg.engine_read_cap {
            page_done = false;
            break;
        }
        let events = read_page(&mut conn, at, &[CRIME_SERIES_AGGREGATE], READ_PAGE).await?;
        let Some(last) = events.last() else { break };
        at = Position {
            transaction_id: last.transaction_id,
            global_position: last.global_position,
        };
        page_events += events.len() as u64;
        if (events.len() as i64) < READ_PAGE {
            break;
        }
    }
    let page_s = t.elapsed().as_secs_f64();
    drop(conn);

    // The rebuild itself, bounded in time: on time-out the rate so far is reported.
    let progress = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let seen = progress.clone();
    let t = Instant::now();
    let rebuild = tokio::time::timeout(
        cfg.rebuild_cap,
        engine::rebuild(&pool, &CrimeProjection, engine::PAGE, move |p| {
            seen.store(p.applied, Ordering::Relaxed)
        }),
    )
    .await;
    let (rebuild_done, version, applied, rebuild_s) = match rebuild {
        Ok(r) => {
            let (version, applied, secs) = r?;
            (true, version, applied, secs)
        }
        Err(_) => (
            false,
            0,
            progress.load(Ordering::Relaxed),
            t.elapsed().as_secs_f64(),
        ),
    };
    let rebuild_rate = applied as f64 / rebuild_s;
    let (rows, nation_sum): (i64, Option<i64>) = if rebuild_done {
        sqlx::query_as("SELECT (SELECT count(*) FROM crime_total), (SELECT sum(station_sum)::bigint FROM crime_total WHERE boundary_id = 1)")
            .fetch_one(&pool)
            .await?
    } else {
        (0, None)
    };
    let verified = rebuild_done && nation_sum == Some(expected_sum) && applied as usize == n;

    // Diagnosis: a replica of the rebuild's page loop (read a page, CrimeProjection::apply
    // into a fresh schema, commit), timed phase by phase, with the CPU of both sides.
    let whatif = whatif_rebuild(&pool, expected_sum, cfg.rebuild_cap).await?;

    section_title(3, "Rebuild of the crime projection vs raw ordered read");
    let mut t = table(&["step", "events", "seconds", "events/s", "target", "result"]);
    t.add_row(vec![
        format!(
            "append synthetic events (append_batch, {} per transaction, 2 writers)",
            num(APPEND_BATCH as f64)
        ),
        num(n as f64),
        format!("{append_s:.2}"),
        num(n as f64 / append_s),
        format!("guide {} (100/tx)", num(GUIDE_BATCHED_INSERT)),
        "info".into(),
    ]);
    t.add_row(vec![
        format!("VACUUM (ANALYZE) events (table + indexes: {size})"),
        "".into(),
        format!("{vacuum_s:.2}"),
        "".into(),
        "".into(),
        "".into(),
    ]);
    t.add_row(vec![
        format!(
            "raw ordered read, pages of {}, JSON into serde_json::Value",
            num(READ_PAGE as f64)
        ),
        num(raw_events as f64),
        format!("{raw_s:.2}"),
        num(raw_rate),
        format!("guide {}", num(GUIDE_RAW_READ)),
        "info".into(),
    ]);
    t.add_row(vec![
        format!(
            "engine read alone (store::read_page){}",
            if page_done {
                String::new()
            } else {
                format!(", stopped after {} s", cfg.engine_read_cap.as_secs())
            }
        ),
        num(page_events as f64),
        format!("{page_s:.2}"),
        num(page_events as f64 / page_s),
        "".into(),
        "info".into(),
    ]);
    let pass = rebuild_done && rebuild_rate >= TARGET_REBUILD_RATE && verified;
    t.add_row(vec![
        if rebuild_done {
            format!(
                "engine::rebuild crime -> v{version} (pages of {})",
                num(engine::PAGE as f64)
            )
        } else {
            format!(
                "engine::rebuild crime (pages of {}), stopped after {} s",
                num(engine::PAGE as f64),
                cfg.rebuild_cap.as_secs()
            )
        },
        num(applied as f64),
        format!("{rebuild_s:.2}"),
        num(rebuild_rate),
        format!(">= {}", num(TARGET_REBUILD_RATE)),
        verdict_text(Some(pass)).to_string(),
    ]);
    t.add_row(vec![
        format!(
            "replica of the rebuild page loop (raw read + CrimeProjection::apply), timed per phase{}",
            if whatif.done { "" } else { ", stopped" }
        ),
        num(whatif.applied as f64),
        format!("{:.2}", whatif.secs),
        num(whatif.applied as f64 / whatif.secs),
        "".into(),
        "info".into(),
    ]);
    println!("{t}");
    println!(
        "\nRebuild / raw read: {}. Synthetic events: {} SAPS precincts x {} crime types, years {}..{}, round by round so each \
         page spans thousands of series; each event rolls up into 4 ancestors. {}",
        pct(rebuild_rate / raw_rate),
        synth.precincts.len(),
        synth.types,
        FIRST_YEAR,
        FIRST_YEAR + synth.years as i32 - 1,
        if rebuild_done {
            format!(
                "Read model after the rebuild: {} crime_total rows; national station_sum {} the sum of all counts{}.",
                num(rows as f64),
                if verified { "equals" } else { "DOES NOT equal" },
                if verified { String::new() } else { format!(" ({nation_sum:?} vs {expected_sum})") }
            )
        } else {
            format!("The rebuild did not finish within {} s; the rate is that of the events applied until then.", cfg.rebuild_cap.as_secs())
        }
    );
    println!(
        "Raw read CPU: bench process {}, PostgreSQL backend {} over {:.2} s of wall time.",
        raw_cpu
            .0
            .map(|c| format!("{c:.2} s"))
            .unwrap_or_else(|| "n/a".into()),
        raw_cpu
            .1
            .map(|c| format!("{c:.2} s"))
            .unwrap_or_else(|| "n/a".into()),
        raw_s
    );
    println!(
        "Replica time split: read {:.2} s, CrimeProjection::apply {:.2} s ({} ev/s on its own; CPU during apply: \
         projector process {}, PostgreSQL backend {}), commit {:.2} s{}.",
        whatif.read_s,
        whatif.apply_s,
        num(whatif.applied as f64 / whatif.apply_s.max(1e-9)),
        whatif.apply_client_cpu.map(|c| format!("{c:.2} s")).unwrap_or_else(|| "n/a".into()),
        whatif.apply_db_cpu.map(|c| format!("{c:.2} s")).unwrap_or_else(|| "n/a".into()),
        whatif.commit_s,
        if whatif.done {
            if whatif.verified {
                "; its read model's national station_sum equals the sum of all counts"
            } else {
                "; its read model's national station_sum DOES NOT equal the sum of all counts"
            }
        } else {
            ""
        }
    );
    summary.push(Verdict {
        section: "3 rebuild",
        figure: format!("engine::rebuild of crime over {} events", num(n as f64)),
        target: format!(">= {} ev/s", num(TARGET_REBUILD_RATE)),
        measured: format!(
            "{} ev/s ({}{:.1} s; raw read {} ev/s)",
            num(rebuild_rate),
            if rebuild_done { "" } else { "stopped after " },
            rebuild_s,
            num(raw_rate)
        ),
        pass: Some(pass),
    });
    pool.close().await;
    Ok(())
}

struct RawPage {
    events: Vec<gbvf_events::store::StoredEvent>,
    last: Position,
}

/// One page of the raw ordered read: the indexed columns `(transaction_id, global_position)`
/// in ORDER BY (qualified, so they cannot bind to a same-named output column), below the
/// horizon, crime-series events only (as the crime projection reads), every column decoded,
/// JSON into `serde_json::Value`.
async fn raw_page(conn: &mut PgConnection, after: Position, limit: i64) -> Result<Option<RawPage>> {
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

struct WhatIf {
    done: bool,
    verified: bool,
    applied: u64,
    secs: f64,
    read_s: f64,
    apply_s: f64,
    commit_s: f64,
    /// CPU seconds during apply: this process (decode, fold, encode) and the PostgreSQL
    /// backend (the upsert); `None` when /proc does not show them (remote server).
    apply_client_cpu: Option<f64>,
    apply_db_cpu: Option<f64>,
}

/// A replica of engine::rebuild's phase 1 (the page loop that does all the work), with
/// [`raw_page`] as its read: a fresh schema from the projection's DDL, then per page one
/// transaction that reads the page and applies it with `CrimeProjection::apply`. Timed per
/// phase, with the CPU time of this process and of its PostgreSQL backend during apply, to
/// show where a rebuild's time goes.
async fn whatif_rebuild(pool: &PgPool, expected_sum: i64, cap: Duration) -> Result<WhatIf> {
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

// ---------------------------------------------------------------------------------------------
// Section 5: reads against a static server serving the same bodies.

struct ReadResult {
    requests: u64,
    errors: u64,
    rps: f64,
    hist: Histogram<u64>,
    server_cpu_us_per_req: Option<f64>,
    /// Every response, warm-up included.
    all_requests: u64,
}

async fn read_load(
    addr: SocketAddr,
    path: &str,
    conns: usize,
    warm: Duration,
    measure: Duration,
    server_pid: Option<u32>,
) -> Result<ReadResult> {
    let mut clients = Vec::new();
    for _ in 0..conns {
        clients.push(Http::new(addr).await?);
    }
    let start = Instant::now();
    let (from, until) = (start + warm, start + warm + measure);
    // CPU time of the server process over the measured window.
    let cpu = tokio::spawn(async move {
        tokio::time::sleep_until(from.into()).await;
        let a = server_pid.and_then(proc_cpu_secs);
        tokio::time::sleep_until(until.into()).await;
        let b = server_pid.and_then(proc_cpu_secs);
        a.zip(b).map(|(a, b)| b - a)
    });
    let answered = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let mut tasks = Vec::new();
    for mut http in clients {
        let path = path.to_string();
        let answered = answered.clone();
        tasks.push(tokio::spawn(async move {
            let mut w = Worker::new();
            loop {
                let t = Instant::now();
                if t >= until {
                    break;
                }
                let req = http.get(&path);
                let res = http.send(req).await;
                let done = Instant::now();
                answered.fetch_add(1, Ordering::Relaxed);
                if t < from || done > until {
                    continue;
                }
                match res {
                    Ok((StatusCode::OK, _, _)) => {
                        w.ok += 1;
                        w.hist.saturating_record((done - t).as_micros() as u64);
                    }
                    Ok((status, _, _)) => w.error(format!("HTTP {status}")),
                    Err(e) => w.error(format!("{e:#}")),
                }
            }
            w
        }));
    }
    let mut workers = Vec::new();
    for t in tasks {
        workers.push(t.await?);
    }
    let server_cpu_s = cpu.await?;
    let r = merge(workers, measure);
    Ok(ReadResult {
        requests: r.ok,
        errors: r.errors,
        rps: r.rate(),
        hist: r.hist,
        server_cpu_us_per_req: server_cpu_s.map(|c| c * 1e6 / (r.ok.max(1) as f64)),
        all_requests: answered.load(Ordering::Relaxed),
    })
}

/// User + system CPU seconds of process `pid` so far (Linux /proc), or `None`.
/// CPU seconds (user + system, from /proc) of the bench process, the `gbvf serve` child and
/// every PostgreSQL process of this machine: a reading, or the difference of two.
#[derive(Debug, Clone, Copy, Default)]
struct CpuSplit {
    client: f64,
    server: f64,
    postgres: f64,
}

impl CpuSplit {
    /// The counters now (0 where /proc does not show a process, e.g. a remote PostgreSQL).
    fn now(server_pid: Option<u32>) -> CpuSplit {
        CpuSplit {
            client: proc_cpu_secs(std::process::id()).unwrap_or(0.0),
            server: server_pid.and_then(proc_cpu_secs).unwrap_or(0.0),
            postgres: postgres_cpu_secs(),
        }
    }

    /// What was used between `before` and `self`.
    fn since(self, before: CpuSplit) -> CpuSplit {
        CpuSplit {
            client: self.client - before.client,
            server: self.server - before.server,
            postgres: self.postgres - before.postgres,
        }
    }

    fn add(&mut self, o: CpuSplit) {
        self.client += o.client;
        self.server += o.server;
        self.postgres += o.postgres;
    }

    fn total(&self) -> f64 {
        self.client + self.server + self.postgres
    }
}

/// Sum of the CPU seconds of the live processes named `postgres` (the server's backends and
/// background workers). A backend that exits takes its time with it, so the pools above keep
/// their connections open across a run.
fn postgres_cpu_secs() -> f64 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .map(|c| c.trim() == "postgres")
                .unwrap_or(false)
        })
        .filter_map(proc_cpu_secs)
        .sum()
}

/// The CPU each path of section 1 spent per command at 32 callers, by process, and the rate
/// the machine's cores would allow if that CPU were the only limit (cores / CPU per command).
fn print_cpu_split(paths: &[(&str, &RunResult, CpuSplit)]) {
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1) as f64;
    let mut t = table(&[
        "path at 32 callers",
        "commands",
        "cmd/s",
        "client CPU us/cmd",
        "gbvf serve CPU us/cmd",
        "PostgreSQL CPU us/cmd",
        "total CPU us/cmd",
        "CPU-bound ceiling cmd/s",
    ]);
    for (name, r, cpu) in paths {
        let n = (r.ok + r.errors).max(1) as f64;
        let us = |secs: f64| format!("{:.0}", secs / n * 1e6);
        t.add_row(vec![
            name.to_string(),
            num(n),
            num(r.rate()),
            us(cpu.client),
            us(cpu.server),
            us(cpu.postgres),
            us(cpu.total()),
            num(cores / (cpu.total() / n).max(1e-9)),
        ]);
    }
    println!(
        "\nWhere the time goes at 32 callers (CPU from /proc over the same rounds; client = this bench process, \
         which is the caller on every path and, on the raw paths, also runs cqrs-es and the pool):\n\n{t}"
    );
}

fn proc_cpu_secs(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start at field 3 (state).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / clock_ticks())
}

fn clock_ticks() -> f64 {
    static TICKS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100.0)
    })
}

/// Resident memory of process `pid` in MiB (Linux /proc), or `None`.
fn proc_rss_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

async fn section_reads(cfg: &Config, db_url: &str, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 5: reads vs a static server");
    let paths = [
        "/api/crime/stats?boundaryId=1",
        "/api/dashboard?boundaryId=1",
    ];
    let server = start_gbvf(cfg, db_url, "reads").await?;
    let dir = cfg
        .log_dir
        .join(format!("gbvf-bench-bodies-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut index = String::new();
    let mut bodies = Vec::new();
    for (i, p) in paths.iter().enumerate() {
        let (status, headers, body) = get_once(server.addr, p).await?;
        if status != StatusCode::OK {
            bail!(
                "GET {p} answered {status}: {}",
                String::from_utf8_lossy(&body)
            );
        }
        let ct = headers
            .get(hyper::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("application/json")
            .to_string();
        let file = format!("{i}.body");
        std::fs::write(dir.join(&file), &body)?;
        index.push_str(&format!("{p}\t{ct}\t{file}\n"));
        bodies.push(body);
    }
    std::fs::write(dir.join("index.tsv"), &index)?;

    let port = free_port()?;
    let mut cmd = tokio::process::Command::new(&cfg.self_bin);
    cmd.arg("static")
        .arg("--port")
        .arg(port.to_string())
        .arg("--bodies")
        .arg(&dir);
    let static_srv = ChildServer::start(
        "static",
        cmd,
        port,
        cfg.log_dir.join("gbvf-bench-static.log"),
        paths[0],
    )
    .await?;
    for (p, body) in paths.iter().zip(&bodies) {
        let (_, _, same) = get_once(static_srv.addr, p).await?;
        if same != *body {
            bail!("the static server's body of {p} differs from the API's");
        }
    }

    let warm = Duration::from_secs(1);
    let measure = Duration::from_secs(cfg.read_secs);
    let mut t = table(&[
        "endpoint (body)",
        "API req/s",
        "API p50 ms",
        "API p99 ms",
        "static req/s",
        "static p50 ms",
        "static p99 ms",
        "server CPU us/req API / static",
        "API / static",
        "target",
        "result",
    ]);
    let mut errors = Vec::new();
    let server_pid = server.child.id();
    let rss_before = server_pid.and_then(proc_rss_mib);
    let mut total_api_requests = 0u64;
    for (p, body) in paths.iter().zip(&bodies) {
        eprintln!(
            "    GET {p}: API, then static, {} connections, {} s each",
            cfg.read_conns, cfg.read_secs
        );
        let api = read_load(server.addr, p, cfg.read_conns, warm, measure, server_pid).await?;
        let stat = read_load(
            static_srv.addr,
            p,
            cfg.read_conns,
            warm,
            measure,
            static_srv.child.id(),
        )
        .await?;
        total_api_requests += api.all_requests;
        let share = api.rps / stat.rps.max(1e-9);
        let p99_ms = api.hist.value_at_quantile(0.99) as f64 / 1000.0;
        let pass = share >= TARGET_READ_SHARE && p99_ms < TARGET_READ_P99_MS && api.errors == 0;
        t.add_row(vec![
            format!("GET {p} ({} bytes)", num(body.len() as f64)),
            num(api.rps),
            ms(api.hist.value_at_quantile(0.5)),
            ms(api.hist.value_at_quantile(0.99)),
            num(stat.rps),
            ms(stat.hist.value_at_quantile(0.5)),
            ms(stat.hist.value_at_quantile(0.99)),
            format!(
                "{} / {}",
                api.server_cpu_us_per_req
                    .map(|v| format!("{v:.0}"))
                    .unwrap_or_else(|| "n/a".into()),
                stat.server_cpu_us_per_req
                    .map(|v| format!("{v:.0}"))
                    .unwrap_or_else(|| "n/a".into())
            ),
            pct(share),
            format!(
                ">= {}, p99 < {TARGET_READ_P99_MS} ms",
                pct(TARGET_READ_SHARE)
            ),
            verdict_text(Some(pass)).to_string(),
        ]);
        if api.errors + stat.errors > 0 {
            errors.push(format!(
                "{p}: {} API and {} static request(s) failed",
                api.errors, stat.errors
            ));
        }
        summary.push(Verdict {
            section: "5 reads",
            figure: format!("GET {p} at {} connections vs static", cfg.read_conns),
            target: format!(
                ">= {} of static, p99 < {TARGET_READ_P99_MS} ms",
                pct(TARGET_READ_SHARE)
            ),
            measured: format!(
                "{} vs {} req/s = {}, p99 {} ms",
                num(api.rps),
                num(stat.rps),
                pct(share),
                ms(api.hist.value_at_quantile(0.99))
            ),
            pass: Some(pass),
        });
    }
    let rss_after = server_pid.and_then(proc_rss_mib);
    section_title(
        5,
        "Reads: the API against a static server with the same bodies",
    );
    println!("{t}");
    println!(
        "\n{} keep-alive connections per run, 1 s warm-up then {} s measured, no Accept-Encoding (identity bodies). \
         API = gbvf serve child on the imported database (read-model rows of section 2); static = gbvf-bench static, \
         a bare axum server answering from memory with the bodies fetched from the API beforehand. \
         Server CPU = user + system time of that server process over the measured seconds, per request answered.",
        cfg.read_conns, cfg.read_secs
    );
    if let (Some(a), Some(b)) = (rss_before, rss_after) {
        println!(
            "\ngbvf serve resident memory: {a:.0} MiB before the read runs, {b:.0} MiB after {} requests (warm-up included).",
            num(total_api_requests as f64),
        );
    }
    for e in errors {
        println!("\n{e}");
    }
    static_srv.stop().await;
    server.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// `gbvf-bench static`: the baseline server.

async fn static_server(args: &[String]) -> Result<()> {
    let mut port = None;
    let mut dir = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--port" => port = it.next().and_then(|p| p.parse::<u16>().ok()),
            "--bodies" => dir = it.next().map(PathBuf::from),
            other => bail!("unknown argument {other:?}\n{USAGE}"),
        }
    }
    let (port, dir) = (
        port.ok_or_else(|| anyhow!("--port is required"))?,
        dir.ok_or_else(|| anyhow!("--bodies is required"))?,
    );
    let index = std::fs::read_to_string(dir.join("index.tsv"))
        .with_context(|| format!("reading {}/index.tsv", dir.display()))?;
    let mut bodies: HashMap<String, (axum::http::HeaderValue, Bytes)> = HashMap::new();
    for line in index.lines().filter(|l| !l.is_empty()) {
        let parts: Vec<&str> = line.split('\t').collect();
        let [key, ct, file] = parts[..] else {
            bail!("bad index line {line:?}")
        };
        let body = std::fs::read(dir.join(file))?;
        bodies.insert(
            key.to_string(),
            (axum::http::HeaderValue::from_str(ct)?, Bytes::from(body)),
        );
    }
    let bodies = Arc::new(bodies);
    let app = axum::Router::new().fallback(move |uri: axum::http::Uri| {
        let bodies = bodies.clone();
        async move {
            use axum::response::IntoResponse;
            let key = uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
            match bodies.get(key) {
                Some((ct, body)) => (
                    [(axum::http::header::CONTENT_TYPE, ct.clone())],
                    body.clone(),
                )
                    .into_response(),
                None => axum::http::StatusCode::NOT_FOUND.into_response(),
            }
        }
    });
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    axum::serve(listener, app)
        .with_graceful_shutdown(interrupted())
        .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// `gbvf-bench load`: the read load of section 5 against any server on the loopback.

async fn load_mode(args: &[String]) -> Result<()> {
    let (mut addr, mut path, mut conns, mut secs, mut pid) = (None, None, 64usize, 8u64, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| anyhow!("{a} needs a value"))
        };
        match a.as_str() {
            "--addr" => addr = Some(value()?.parse::<SocketAddr>().context("--addr")?),
            "--path" => path = Some(value()?),
            "--conns" => conns = value()?.parse().context("--conns")?,
            "--secs" => secs = value()?.parse().context("--secs")?,
            "--pid" => pid = Some(value()?.parse::<u32>().context("--pid")?),
            other => bail!("unknown argument {other:?}\n{USAGE}"),
        }
    }
    let addr = addr.ok_or_else(|| anyhow!("--addr is required"))?;
    if !addr.ip().is_loopback() {
        bail!("--addr must be a loopback address");
    }
    let path = path.ok_or_else(|| anyhow!("--path is required"))?;
    let r = read_load(
        addr,
        &path,
        conns.max(1),
        Duration::from_secs(1),
        Duration::from_secs(secs.max(1)),
        pid,
    )
    .await?;
    println!(
        "GET {path}: {} requests, {} req/s, p50 {} ms, p99 {} ms, {} errors{}",
        num(r.requests as f64),
        num(r.rps),
        ms(r.hist.value_at_quantile(0.5)),
        ms(r.hist.value_at_quantile(0.99)),
        r.errors,
        r.server_cpu_us_per_req
            .map(|v| format!(", server CPU {v:.0} us/req"))
            .unwrap_or_default()
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Section 6: public reads while wrong sign-ins flood in (argon2 must stay off the async workers).

/// Sends wrong sign-ins at `per_sec` (open loop, each from its own forwarded address so no
/// per-address limit short-circuits the hashing) until `until`; returns statuses and counts.
async fn login_flood(
    addr: SocketAddr,
    per_sec: u64,
    until: Instant,
) -> Result<(u64, HashMap<u16, u64>)> {
    // One browser: its cookie and CSRF token from the session check.
    let mut http = Http::new(addr).await?;
    let req = Request::post("/api/auth/userAuthenticated")
        .header(hyper::header::HOST, addr.to_string())
        .body(Full::new(Bytes::new()))?;
    let (_, headers, body) = http.send(req).await?;
    let cookie = headers
        .get(hyper::header::SET_COOKIE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .ok_or_else(|| anyhow!("no browser cookie from the session check"))?
        .to_string();
    let token = serde_json::from_slice::<serde_json::Value>(&body)?["csrfToken"]
        .as_str()
        .ok_or_else(|| anyhow!("no csrfToken"))?
        .to_string();
    let statuses = Arc::new(std::sync::Mutex::new(HashMap::<u16, u64>::new()));
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / per_sec.max(1)));
    let mut sent = 0u64;
    let mut tasks = Vec::new();
    while Instant::now() < until {
        tick.tick().await;
        sent += 1;
        let (cookie, token, statuses) = (cookie.clone(), token.clone(), statuses.clone());
        tasks.push(tokio::spawn(async move {
            let body = format!(
                r#"{{"Username":"flood{sent}@example.org","Password":"Wrong!Password{sent}"}}"#
            );
            let forwarded = format!(
                "10.{}.{}.{}",
                (sent >> 16) & 255,
                (sent >> 8) & 255,
                sent & 255
            );
            let status = async {
                let mut h = Http::new(addr).await?;
                let req = Request::post("/api/auth/login")
                    .header(hyper::header::HOST, addr.to_string())
                    .header(hyper::header::CONTENT_TYPE, "application/json")
                    .header(hyper::header::COOKIE, cookie)
                    .header("x-csrf-token", token)
                    .header("x-forwarded-for", forwarded)
                    .body(Full::new(Bytes::from(body)))?;
                anyhow::Ok(h.send(req).await?.0.as_u16())
            }
            .await
            .unwrap_or(0);
            *statuses.lock().expect("lock").entry(status).or_default() += 1;
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let statuses = statuses.lock().expect("lock").clone();
    Ok((sent, statuses))
}

async fn section_login_flood(cfg: &Config, db_url: &str, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 6: public reads during a flood of wrong sign-ins");
    let port = free_port()?;
    let mut cmd = tokio::process::Command::new(&cfg.gbvf_bin);
    cmd.arg("serve")
        .arg("--bind")
        .arg("127.0.0.1")
        .arg("--port")
        .arg(port.to_string())
        .arg("--web-dir")
        .arg(cfg.log_dir.join("no-web-app"))
        .env("DATABASE_URL", db_url)
        .env("GBVF_ENABLE_LOGIN", "true")
        .env("GBVF_TRUSTED_PROXIES", "127.0.0.1")
        .env_remove("GBVF_DEV_MODE")
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("RUST_LOG")
        .env_remove("PORT")
        .env_remove("BIND");
    let log = cfg.log_dir.join("gbvf-bench-login-flood.log");
    let server = ChildServer::start("gbvf serve", cmd, port, log, "/api/health").await?;
    let path = "/api/crime/stats?boundaryId=1";
    let conns = 8;
    let secs = cfg.read_secs.max(4);
    let quiet = read_load(
        server.addr,
        path,
        conns,
        Duration::from_secs(1),
        Duration::from_secs(secs),
        None,
    )
    .await?;
    let per_sec = 200;
    let until = Instant::now() + Duration::from_secs(secs + 1);
    let flood = tokio::spawn(login_flood(server.addr, per_sec, until));
    let loaded = read_load(
        server.addr,
        path,
        conns,
        Duration::from_secs(1),
        Duration::from_secs(secs),
        None,
    )
    .await?;
    let (sent, statuses) = flood.await??;
    server.stop().await;
    section_title(6, "Public reads while 200 wrong sign-ins per second arrive");
    let mut t = table(&["load", "GET req/s", "p50 ms", "p99 ms", "errors"]);
    for (label, r) in [("quiet", &quiet), ("during the flood", &loaded)] {
        t.add_row(vec![
            label.to_string(),
            format!("{:.0}", r.rps),
            ms(r.hist.value_at_quantile(0.5)),
            ms(r.hist.value_at_quantile(0.99)),
            r.errors.to_string(),
        ]);
    }
    println!("{t}");
    let mut codes: Vec<_> = statuses.into_iter().collect();
    codes.sort();
    println!(
        "\n{sent} wrong sign-ins sent in {}s ({per_sec}/s, each from its own forwarded address); answers by status: {}",
        secs + 1,
        codes
            .iter()
            .map(|(c, n)| format!("{c}: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let p99 = loaded.hist.value_at_quantile(0.99) as f64 / 1000.0;
    summary.push(Verdict {
        section: "6",
        figure: format!("GET {path} p99 during 200 wrong sign-ins/s ({conns} connections)"),
        target: "< 50 ms".into(),
        measured: format!("{p99:.1} ms"),
        pass: Some(p99 < 50.0),
    });
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Section 7: survey responses (target >= 500 responses/s at 32 respondents, lag p99 < 1 s).

/// One respondent after another on one keep-alive connection: a new browser each time (the
/// session check hands out a cookie and a CSRF token), then the submission. Returns the
/// latency of each whole response (session check + submission), µs, and the failures.
async fn respondents(
    addr: SocketAddr,
    bodies: Arc<Vec<String>>,
    next: Arc<AtomicUsize>,
    total: usize,
) -> Result<(Histogram<u64>, u64)> {
    let mut http = Http::new(addr).await?;
    let mut hist = new_hist();
    let mut failed = 0u64;
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= total {
            break;
        }
        let started = Instant::now();
        let ok = async {
            let req = Request::post("/api/auth/userAuthenticated")
                .header(hyper::header::HOST, &http.host)
                .body(Full::new(Bytes::new()))?;
            let (_, headers, body) = http.send(req).await?;
            let cookie = headers
                .get(hyper::header::SET_COOKIE)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(';').next())
                .ok_or_else(|| anyhow!("no browser cookie"))?
                .to_string();
            let token = serde_json::from_slice::<serde_json::Value>(&body)?["csrfToken"]
                .as_str()
                .ok_or_else(|| anyhow!("no csrfToken"))?
                .to_string();
            let req = Request::post("/api/healthcheck/survey")
                .header(hyper::header::HOST, &http.host)
                .header(hyper::header::CONTENT_TYPE, "application/json")
                .header(hyper::header::COOKIE, cookie)
                .header("x-csrf-token", token)
                .body(Full::new(Bytes::from(bodies[i % bodies.len()].clone())))?;
            let (status, _, body) = http.send(req).await?;
            if status != StatusCode::OK {
                bail!("{status}: {}", String::from_utf8_lossy(&body));
            }
            anyhow::Ok(())
        }
        .await;
        match ok {
            Ok(()) => hist.saturating_record((started.elapsed().as_micros() as u64).max(1)),
            Err(e) => {
                if failed == 0 {
                    eprintln!("    first failed response: {e:#}");
                }
                failed += 1;
            }
        }
    }
    Ok((hist, failed))
}

async fn section_survey(
    cfg: &Config,
    dbs: &mut Databases,
    summary: &mut Vec<Verdict>,
) -> Result<()> {
    eprintln!("==> section 7: survey responses over HTTP and the health-check projector's lag");
    let url = dbs.create("survey").await?;
    let pool = open_db(&url).await?;
    let meta = EventMetadata::now(
        "import",
        uuid::Uuid::new_v4().to_string(),
        "bench:geography",
    );
    gbvf_commands::import::import_geography(&pool, &cfg.data_dir, &meta).await?;
    // Open survey periods: the example organisations (gbvf examples load) give five links.
    let loaded = cli::examples::load(&pool, 1).await?;
    let links: Vec<(String, String)> = sqlx::query_as(
        "SELECT invite_code, questionnaire_id FROM health_check WHERE now() BETWEEN effective_from AND effective_to",
    )
    .fetch_all(&pool)
    .await?;
    if links.is_empty() {
        bail!("no open survey period after loading the examples");
    }
    let questionnaires: HashMap<String, gbvf_events::healthcheck::QuestionnairePublished> =
        gbvf_commands::health_check::built_in_questionnaires()?
            .into_iter()
            .map(|q| (q.questionnaire_id.clone(), q))
            .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let mut bodies = Vec::new();
    for i in 0..256 {
        let (code, qid) = &links[i % links.len()];
        let def = questionnaires
            .get(qid)
            .ok_or_else(|| anyhow!("questionnaire {qid} missing"))?;
        let answers = cli::examples::answers(def, 0.5, &mut rng);
        bodies.push(serde_json::json!({"InviteCode": code, "Answers": answers}).to_string());
    }
    let bodies = Arc::new(bodies);
    let server = start_gbvf(cfg, &url, "survey").await?;
    let (stop_tx, stop_rx) = watch::channel(false);
    let sampler = tokio::spawn(sample_checkpoints(url.clone(), "healthcheck", stop_rx));
    // Warm-up (not reported): 64 responses.
    let warm = 64;
    let next = Arc::new(AtomicUsize::new(0));
    let mut ws = Vec::new();
    for _ in 0..8 {
        ws.push(tokio::spawn(respondents(
            server.addr,
            bodies.clone(),
            next.clone(),
            warm,
        )));
    }
    for w in ws {
        w.await??;
    }
    let from = max_global_position(&pool).await?;
    let clients = 32;
    let total = cfg.responses;
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut ws = Vec::new();
    for _ in 0..clients {
        ws.push(tokio::spawn(respondents(
            server.addr,
            bodies.clone(),
            next.clone(),
            total,
        )));
    }
    let mut hist = new_hist();
    let mut failed = 0;
    for w in ws {
        let (h, f) = w.await??;
        hist.add(&h)?;
        failed += f;
    }
    let elapsed = started.elapsed();
    let to = max_global_position(&pool).await?;
    // Until the projector has applied the last response (or 10 s).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let applied: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM events e, projection_checkpoint c WHERE c.projection = 'healthcheck'
               AND e.aggregate_type = 'survey_response' AND e.global_position > $1
               AND (e.transaction_id, e.global_position) <= (c.last_transaction_id, c.last_global_position)",
        )
        .bind(from)
        .fetch_one(&pool)
        .await?;
        if applied as u64 >= hist.len() || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(SAMPLE_EVERY * 3).await;
    let _ = stop_tx.send(true);
    let samples = sampler.await??;
    let lag = lag_of(&pool, "survey_response", &samples, from, to).await?;
    let stored: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_type = 'survey_response' AND global_position > $1",
    )
    .bind(from)
    .fetch_one(&pool)
    .await?;
    let counted: i64 =
        sqlx::query_scalar("SELECT coalesce(sum(actual_responses), 0)::bigint FROM health_check")
            .fetch_one(&pool)
            .await?;
    server.stop().await;
    let ok = hist.len();
    let rps = ok as f64 / elapsed.as_secs_f64();
    section_title(
        7,
        "Survey responses over HTTP (each a new anonymous browser session)",
    );
    let mut t = table(&[
        "respondents",
        "responses",
        "failed",
        "responses/s",
        "p50 ms",
        "p99 ms",
        "lag p50 ms",
        "lag p99 ms",
        "lag max ms",
        "not applied",
    ]);
    t.add_row(vec![
        clients.to_string(),
        ok.to_string(),
        failed.to_string(),
        format!("{rps:.0}"),
        ms(hist.value_at_quantile(0.5)),
        ms(hist.value_at_quantile(0.99)),
        ms(lag.hist.value_at_quantile(0.5)),
        ms(lag.hist.value_at_quantile(0.99)),
        ms(lag.hist.max()),
        lag.unapplied.to_string(),
    ]);
    println!("{t}");
    println!(
        "\nA response is the session check (cookie and CSRF token) and `POST /api/healthcheck/survey`; \
         {} links of the example organisations ({} example events loaded first). \
         Stored response events: {stored}; responses counted by the read model: {counted} \
         (including the {} example and {warm} warm-up responses).",
        links.len(),
        loaded.events,
        loaded.responses
    );
    summary.push(Verdict {
        section: "7",
        figure: format!("survey responses/s over HTTP at {clients} respondents"),
        target: ">= 500".into(),
        measured: format!("{rps:.0}"),
        pass: Some(rps >= 500.0 && failed == 0 && stored as u64 == ok),
    });
    let p99 = lag.hist.value_at_quantile(0.99) as f64 / 1000.0;
    summary.push(Verdict {
        section: "7",
        figure: "health-check projector lag p99 under that load".into(),
        target: "< 1000 ms".into(),
        measured: format!("{p99:.0} ms"),
        pass: Some(p99 < 1000.0 && lag.unapplied == 0),
    });
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Section 8: a log of ten million events.

/// The read figures of one `gbvf serve` for section 8.
struct ScaleReads {
    rss_start_mib: Option<f64>,
    rss_end_mib: Option<f64>,
    /// Latencies (µs) of reads that miss the response cache (a different query each time).
    uncached: Histogram<u64>,
    cached: ReadResult,
}

/// Starts `gbvf serve` on `db_url` and measures: 300 sequential uncached reads of the national
/// crime figures, then the cached read load of section 5 for 4 s; resident memory before and
/// after.
async fn scale_reads(cfg: &Config, db_url: &str, label: &'static str) -> Result<ScaleReads> {
    let server = start_gbvf(cfg, db_url, label).await?;
    let pid = server.child.id();
    let rss_start_mib = pid.and_then(proc_rss_mib);
    let mut http = Http::new(server.addr).await?;
    let mut uncached = new_hist();
    for i in 0..300 {
        let path = format!("/api/crime/stats?boundaryId=1&bench={i}");
        let req = http.get(&path);
        let t = Instant::now();
        let (status, _, body) = http.send(req).await?;
        if status != StatusCode::OK {
            bail!(
                "GET {path} answered {status}: {}",
                String::from_utf8_lossy(&body)
            );
        }
        uncached.saturating_record(t.elapsed().as_micros() as u64);
    }
    let cached = read_load(
        server.addr,
        "/api/crime/stats?boundaryId=1",
        cfg.read_conns,
        Duration::from_secs(1),
        Duration::from_secs(4),
        pid,
    )
    .await?;
    let rss_end_mib = pid.and_then(proc_rss_mib);
    server.stop().await;
    Ok(ScaleReads {
        rss_start_mib,
        rss_end_mib,
        uncached,
        cached,
    })
}

/// Latencies (µs) of 50 idle checks of the accounts projection on `db_url`: `engine::catch_up`
/// with nothing to apply, what every projector does each second and on each wake-up. Its
/// types (users, groups, organisations) are rare in a log of crime events, so a check that
/// walks the log to find them grows with the log (nothing in the read path may grow with the
/// log).
async fn idle_checks(db_url: &str) -> Result<Histogram<u64>> {
    let pool = open_db(db_url).await?;
    let accounts = gbvf_projections::by_name("accounts").expect("accounts projection");
    engine::catch_up(&pool, accounts.as_ref()).await?;
    let mut h = new_hist();
    for _ in 0..50 {
        let t = Instant::now();
        engine::catch_up(&pool, accounts.as_ref()).await?;
        h.saturating_record(t.elapsed().as_micros() as u64);
    }
    pool.close().await;
    Ok(h)
}

async fn section_scale(
    cfg: &Config,
    dbs: &mut Databases,
    small_db: Option<&str>,
    summary: &mut Vec<Verdict>,
) -> Result<()> {
    let n = cfg.scale_events;
    eprintln!("==> section 8: a log of {} events", num(n as f64));
    let url = dbs.create("scale").await?;
    let pool = open_db(&url).await?;
    let meta = EventMetadata::now("import", uuid::Uuid::new_v4().to_string(), "bench:scale");
    gbvf_commands::import::import_geography(&pool, &cfg.data_dir, &meta).await?;
    let geo = gbvf_projections::by_name("geography").expect("geography projection");
    engine::catch_up(&pool, geo.as_ref()).await?;
    let (append_s, _) = append_synthetic(cfg, &pool, n).await?;
    sqlx::query("VACUUM (ANALYZE) events")
        .execute(&pool)
        .await?;
    let (events_bytes, db_bytes): (i64, i64) = sqlx::query_as(
        "SELECT pg_total_relation_size('events'), pg_database_size(current_database())",
    )
    .fetch_one(&pool)
    .await?;
    let (_, applied, rebuild_s) =
        engine::rebuild(&pool, &CrimeProjection, engine::PAGE, |_| {}).await?;
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM crime_total")
        .fetch_one(&pool)
        .await?;
    // The gigabytes just written are flushed before the reads are timed, so the checkpointer
    // does not compete with them (a superuser's command; skipped if refused).
    if let Err(e) = sqlx::query("CHECKPOINT").execute(&pool).await {
        eprintln!("    CHECKPOINT refused ({e}); reads may compete with the flush");
    }
    pool.close().await;
    let idle_large = idle_checks(&url).await?;
    let idle_small = match small_db {
        Some(u) => Some(idle_checks(u).await?),
        None => None,
    };
    let large = scale_reads(cfg, &url, "scale").await?;
    let small = match small_db {
        Some(u) => Some(scale_reads(cfg, u, "scale-small").await?),
        None => None,
    };

    section_title(8, &format!("A log of {} events", num(n as f64)));
    let mib = |b: i64| format!("{} MiB", num(b as f64 / 1_048_576.0));
    let opt_mib = |m: Option<f64>| m.map_or("n/a".to_string(), |v| format!("{v:.0} MiB"));
    let mut t = table(&["figure", "measured"]);
    t.add_row(vec![
        "append (append_batch, 10,000 per transaction, 2 writers)".to_string(),
        format!(
            "{} events in {append_s:.1} s = {} ev/s",
            num(n as f64),
            num(n as f64 / append_s)
        ),
    ]);
    t.add_row(vec![
        "events table with its indexes".to_string(),
        mib(events_bytes),
    ]);
    t.add_row(vec!["whole database".to_string(), mib(db_bytes)]);
    t.add_row(vec![
        "engine::rebuild crime (folded in memory, written once with COPY)".to_string(),
        format!(
            "{} events in {rebuild_s:.1} s = {} ev/s; {} crime_total rows",
            num(applied as f64),
            num(applied as f64 / rebuild_s),
            num(rows as f64)
        ),
    ]);
    let describe = |r: &ScaleReads| {
        format!(
            "uncached p50 {} / p99 {} ms; cached {} req/s, p99 {} ms; RSS {} -> {}",
            ms(r.uncached.value_at_quantile(0.5)),
            ms(r.uncached.value_at_quantile(0.99)),
            num(r.cached.rps),
            ms(r.cached.hist.value_at_quantile(0.99)),
            opt_mib(r.rss_start_mib),
            opt_mib(r.rss_end_mib)
        )
    };
    t.add_row(vec![
        format!("gbvf serve on this log: GET /api/crime/stats?boundaryId=1"),
        describe(&large),
    ]);
    if let Some(s) = &small {
        t.add_row(vec![
            "gbvf serve on section 2's log (shipped data, about 110,000 events): same reads"
                .to_string(),
            describe(s),
        ]);
    }
    let idle = |h: &Histogram<u64>| {
        format!(
            "p50 {} / p99 {} ms",
            ms(h.value_at_quantile(0.5)),
            ms(h.value_at_quantile(0.99))
        )
    };
    t.add_row(vec![
        "idle check of a projector of rare types (accounts), this log".to_string(),
        idle(&idle_large),
    ]);
    if let Some(h) = &idle_small {
        t.add_row(vec![
            "idle check of a projector of rare types (accounts), section 2's log".to_string(),
            idle(h),
        ]);
    }
    println!("{t}");
    println!(
        "\nUncached: 300 sequential requests, each with a different query so the response cache \
         misses and the read model answers. Cached: {} keep-alive connections, 1 s warm-up, 4 s \
         measured. RSS: the server's resident memory when it answered its first request and \
         after the reads.",
        cfg.read_conns
    );
    if let Some(s) = &small {
        // Nothing in the read path may grow with the log: same reads within 2x, memory within
        // 2x (+16 MiB), on a log about 90 times longer.
        let p50 = |r: &ScaleReads| r.uncached.value_at_quantile(0.5) as f64;
        let grows_latency = p50(&large) > 2.0 * p50(s).max(500.0);
        let grows_memory = match (large.rss_end_mib, s.rss_end_mib) {
            (Some(l), Some(m)) => l > 2.0 * m + 16.0,
            _ => false,
        };
        summary.push(Verdict {
            section: "8 scale",
            figure: format!(
                "read path on a {}-event log vs the shipped log",
                num(n as f64)
            ),
            target: "uncached p50 and server memory within 2x".into(),
            measured: format!(
                "p50 {} vs {} ms; RSS {} vs {}",
                ms(large.uncached.value_at_quantile(0.5)),
                ms(s.uncached.value_at_quantile(0.5)),
                opt_mib(large.rss_end_mib),
                opt_mib(s.rss_end_mib)
            ),
            pass: Some(!grows_latency && !grows_memory),
        });
    }
    if let Some(h) = &idle_small {
        // Each projector runs this check every second: it must not grow with the log either.
        let p50 = |h: &Histogram<u64>| h.value_at_quantile(0.5) as f64;
        summary.push(Verdict {
            section: "8 scale",
            figure: format!(
                "projector idle check on a {}-event log vs the shipped log",
                num(n as f64)
            ),
            target: "p50 within 2x".into(),
            measured: format!(
                "{} vs {} ms",
                ms(idle_large.value_at_quantile(0.5)),
                ms(h.value_at_quantile(0.5))
            ),
            pass: Some(p50(&idle_large) <= 2.0 * p50(h).max(500.0)),
        });
    }
    summary.push(Verdict {
        section: "8 scale",
        figure: format!("append and rebuild of a {}-event log", num(n as f64)),
        target: "info".into(),
        measured: format!(
            "append {} ev/s; rebuild {rebuild_s:.0} s ({} ev/s); events {}",
            num(n as f64 / append_s),
            num(applied as f64 / rebuild_s),
            mib(events_bytes)
        ),
        pass: None,
    });
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Section 9: rebuild of every projection, folded in memory and page by page.

/// Synthetic survey responses appended for section 9.
const EVERY_REBUILD_RESPONSES: usize = 100_000;

/// A projection without its rebuild fold: `engine::rebuild` then applies it page by page with
/// `Projection::apply`, as every rebuild did before rebuild folds.
struct PageByPage(Arc<dyn engine::Projection>);

#[async_trait::async_trait]
impl engine::Projection for PageByPage {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        self.0.aggregate_types()
    }
    fn tables(&self) -> &'static [&'static str] {
        self.0.tables()
    }
    fn ddl(&self, schema: &str) -> String {
        self.0.ddl(schema)
    }
    async fn apply(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
        schema: &str,
        events: &[gbvf_events::store::StoredEvent],
    ) -> anyhow::Result<()> {
        self.0.apply(tx, schema, events).await
    }
}

/// Appends `n` anonymous responses to the open survey periods, each answering every question
/// of its questionnaire as the example respondents do (`cli::examples::answers`, seeded): the
/// health-check projection's load, as respondents would make it.
async fn append_synthetic_responses(pool: &PgPool, n: usize) -> Result<usize> {
    use gbvf_events::healthcheck::{
        GivenAnswer, SurveyResponseEvent, SurveyResponseSubmitted, SURVEY_RESPONSE_AGGREGATE,
    };
    let periods: Vec<(String, String, String, i32)> = sqlx::query_as(
        "SELECT health_check_id, invite_code, questionnaire_id, questionnaire_version FROM health_check ORDER BY 1",
    )
    .fetch_all(pool)
    .await?;
    if periods.is_empty() {
        bail!("no survey period to answer");
    }
    let questionnaires: HashMap<String, gbvf_events::healthcheck::QuestionnairePublished> =
        gbvf_commands::health_check::built_in_questionnaires()?
            .into_iter()
            .map(|q| (q.questionnaire_id.clone(), q))
            .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261125);
    let mut batch = Vec::with_capacity(APPEND_BATCH);
    let mut conn = pool.acquire().await?;
    for i in 0..n {
        let (health_check_id, invite_code, questionnaire_id, version) = &periods[i % periods.len()];
        let q = questionnaires
            .get(questionnaire_id)
            .with_context(|| format!("questionnaire {questionnaire_id}"))?;
        // The example respondents' answers (`gbvf examples load`), as the survey call takes
        // them, read into the event's form.
        let answers = cli::examples::answers(q, 0.5, &mut rng)
            .iter()
            .map(|a| GivenAnswer {
                question_id: a["QuestionId"].as_str().unwrap_or_default().to_string(),
                possible_answer_ids: a["PossibleAnswerIds"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|id| id.as_i64().and_then(|id| i32::try_from(id).ok()))
                    .collect(),
            })
            .collect();
        let event = SurveyResponseEvent::SurveyResponseSubmitted(SurveyResponseSubmitted {
            health_check_id: health_check_id.clone(),
            invite_code: invite_code.clone(),
            questionnaire_id: questionnaire_id.clone(),
            questionnaire_version: *version,
            answers,
        });
        batch.push(NewEvent {
            aggregate_type: SURVEY_RESPONSE_AGGREGATE.into(),
            aggregate_id: uuid::Uuid::new_v4().to_string(),
            sequence: 1,
            event_type: "SurveyResponseSubmitted".into(),
            event_version: "1.0".into(),
            payload: serde_json::to_value(&event)?,
            metadata: serde_json::json!({}),
        });
        if batch.len() == APPEND_BATCH {
            append_batch(&mut conn, &batch).await?;
            batch.clear();
        }
    }
    if !batch.is_empty() {
        append_batch(&mut conn, &batch).await?;
    }
    Ok(n)
}

/// Rows in the tables of `p` (through the views).
async fn projection_rows(pool: &PgPool, p: &dyn engine::Projection) -> Result<i64> {
    let mut rows = 0;
    for table in p.tables() {
        let n: i64 = sqlx::query_scalar(&format!("SELECT count(*) FROM public.{table}"))
            .fetch_one(pool)
            .await?;
        rows += n;
    }
    Ok(rows)
}

async fn section_every_rebuild(cfg: &Config, dbs: &mut Databases) -> Result<()> {
    eprintln!("==> section 9: rebuild of every projection, folded and page by page");
    let url = dbs.create("every").await?;
    let pool = open_db(&url).await?;
    cli::import::run(
        &pool,
        cli::import::ImportCommand::Shipped {
            data_dir: cfg.data_dir.clone(),
        },
    )
    .await?;
    let loaded = cli::examples::load(&pool, 1).await?;
    let responses = append_synthetic_responses(&pool, EVERY_REBUILD_RESPONSES).await?;
    sqlx::query("VACUUM (ANALYZE) events")
        .execute(&pool)
        .await?;
    let mut t = table(&[
        "projection",
        "events",
        "rows",
        "folded in memory: s",
        "events/s",
        "page by page: s",
        "events/s",
        "folded / page by page",
    ]);
    for p in gbvf_projections::all() {
        let (_, applied, fold_s) = engine::rebuild(&pool, p.as_ref(), engine::PAGE, |_| {}).await?;
        let folded_rows = projection_rows(&pool, p.as_ref()).await?;
        let (_, paged_applied, paged_s) =
            engine::rebuild(&pool, &PageByPage(p.clone()), engine::PAGE, |_| {}).await?;
        let paged_rows = projection_rows(&pool, p.as_ref()).await?;
        if (applied, folded_rows) != (paged_applied, paged_rows) {
            bail!(
                "{}: the fold gave {folded_rows} rows from {applied} events, page by page {paged_rows} from {paged_applied}",
                p.name()
            );
        }
        t.add_row(vec![
            p.name().to_string(),
            num(applied as f64),
            num(folded_rows as f64),
            format!("{fold_s:.2}"),
            num(applied as f64 / fold_s),
            format!("{paged_s:.2}"),
            num(applied as f64 / paged_s),
            format!("{:.1}x", paged_s / fold_s),
        ]);
    }
    section_title(
        9,
        "Rebuild of every projection: folded in memory vs page by page",
    );
    println!("{t}");
    println!(
        "\nThe log: everything shipped (gbvf import shipped), the example organisations ({} events) and {} \
         synthetic survey responses answered as the example respondents answer. Each projection is rebuilt twice into a new \
         version: with its fold (gbvf projections rebuild), then page by page with Projection::apply \
         (pages of {}); both give the same number of rows (api/tests/projector.rs compares them row by \
         row). Rebuild times include the switch, ANALYZE and dropping the old version. The crime \
         projection's million-event figure is section 3's.",
        loaded.events,
        num(responses as f64),
        num(engine::PAGE as f64),
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Section 10: building-block updates over HTTP.

/// Concurrent clients of section 10.
const BB_CLIENTS: usize = 32;
/// Providers updated in section 10 (each: details submitted, then verified).
const BB_PROVIDERS: usize = 1_500;

/// The cookies a client holds, by name, as `Set-Cookie` headers left them.
#[derive(Default)]
struct Jar(std::collections::BTreeMap<String, String>);

impl Jar {
    fn keep(&mut self, headers: &hyper::HeaderMap) {
        for v in headers.get_all(hyper::header::SET_COOKIE) {
            if let Some((name, value)) = v
                .to_str()
                .ok()
                .and_then(|v| v.split(';').next())
                .and_then(|p| p.split_once('='))
            {
                self.0
                    .insert(name.trim().to_string(), value.trim().to_string());
            }
        }
    }
    fn header(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// Signs in with a password over HTTP and returns the cookies and CSRF token of the session.
async fn sign_in(addr: SocketAddr, email: &str, password: &str) -> Result<(String, String)> {
    let mut http = Http::new(addr).await?;
    let mut jar = Jar::default();
    let csrf = |body: &Bytes| -> Result<String> {
        serde_json::from_slice::<serde_json::Value>(body)?["csrfToken"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| anyhow!("no csrfToken"))
    };
    let req = Request::post("/api/auth/userAuthenticated")
        .header(hyper::header::HOST, &http.host)
        .body(Full::new(Bytes::new()))?;
    let (_, headers, body) = http.send(req).await?;
    jar.keep(&headers);
    let token = csrf(&body)?;
    let req = Request::post("/api/auth/login")
        .header(hyper::header::HOST, &http.host)
        .header(hyper::header::CONTENT_TYPE, "application/json")
        .header(hyper::header::COOKIE, jar.header())
        .header("x-csrf-token", token)
        .body(Full::new(Bytes::from(
            serde_json::json!({"Username": email, "Password": password}).to_string(),
        )))?;
    let (status, headers, body) = http.send(req).await?;
    if status != StatusCode::OK {
        bail!("sign-in: {status}: {}", String::from_utf8_lossy(&body));
    }
    jar.keep(&headers);
    let req = Request::post("/api/auth/userAuthenticated")
        .header(hyper::header::HOST, &http.host)
        .header(hyper::header::COOKIE, jar.header())
        .body(Full::new(Bytes::new()))?;
    let (_, headers, body) = http.send(req).await?;
    jar.keep(&headers);
    Ok((jar.header(), csrf(&body)?))
}

/// A section-10 provider: stakeholder id, building block, its block's first requirement, and
/// the version its submission will have (its stream's next sequence).
type BenchProvider = (i64, i32, Option<i32>, i64);

/// One client of section 10: takes the next provider, submits its details (its building
/// block's first requirement available) with the capturer's session and verifies that
/// submission with the verifier's (four-eyes: two accounts); each request's latency recorded.
async fn capturers(
    addr: SocketAddr,
    sessions: Arc<[(String, String); 2]>,
    providers: Arc<Vec<BenchProvider>>,
    next: Arc<AtomicUsize>,
) -> Result<(Histogram<u64>, u64)> {
    let mut http = Http::new(addr).await?;
    let mut hist = new_hist();
    let mut failed = 0u64;
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(&(stakeholder_id, block, requirement, version)) = providers.get(i) else {
            break;
        };
        let calls = [
            (
                &sessions[0],
                hyper::Method::PUT,
                "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
                // A non-shelter provider's office address is required (spec §5); the bench
                // database is dropped at the end.
                serde_json::json!({"stakeholderId": stakeholder_id, "buildingBlockId": block,
                    "physicalAddress": format!("{stakeholder_id} Bench Road"),
                    "buildingBlockRequirements": requirement.into_iter().collect::<Vec<_>>(), "contactPersons": []}),
            ),
            (
                &sessions[1],
                hyper::Method::POST,
                "/api/buildingblock/verifyBuildingBlock",
                serde_json::json!({"stakeholderId": stakeholder_id, "submissionVersion": version}),
            ),
        ];
        for (session, method, path, body) in calls {
            let started = Instant::now();
            let req = Request::builder()
                .method(method)
                .uri(path)
                .header(hyper::header::HOST, &http.host)
                .header(hyper::header::CONTENT_TYPE, "application/json")
                .header(hyper::header::COOKIE, &session.0)
                .header("x-csrf-token", &session.1)
                .body(Full::new(Bytes::from(body.to_string())))?;
            match http.send(req).await {
                Ok((StatusCode::OK, _, _)) => {
                    hist.saturating_record((started.elapsed().as_micros() as u64).max(1))
                }
                other => {
                    if failed == 0 {
                        match other {
                            Ok((status, _, body)) => eprintln!(
                                "    first failed update: {path}: {status}: {}",
                                String::from_utf8_lossy(&body)
                            ),
                            Err(e) => eprintln!("    first failed update: {path}: {e:#}"),
                        }
                    }
                    failed += 1;
                }
            }
        }
    }
    Ok((hist, failed))
}

async fn section_building_blocks(
    cfg: &Config,
    dbs: &mut Databases,
    summary: &mut Vec<Verdict>,
) -> Result<()> {
    use gbvf_events::accounts::{ProfileFacts, UserRegistered};
    eprintln!("==> section 10: building-block updates over HTTP and the projector's lag");
    let url = dbs.create("bb").await?;
    let pool = open_db(&url).await?;
    let meta = EventMetadata::now(
        "import",
        uuid::Uuid::new_v4().to_string(),
        "bench:building-blocks",
    );
    gbvf_commands::import::import_geography(&pool, &cfg.data_dir, &meta).await?;
    for p in gbvf_projections::all() {
        engine::catch_up(&pool, p.as_ref()).await?;
    }
    gbvf_commands::building_blocks::import_building_blocks(&pool, &cfg.data_dir, &meta).await?;
    cli::users::seed_groups(&pool).await?;
    for p in gbvf_projections::all() {
        engine::catch_up(&pool, p.as_ref()).await?;
    }
    // Providers other than shelters, each with its building block's first requirement and the
    // version its submission will have.
    let providers: Vec<BenchProvider> = sqlx::query_as(
        "SELECT p.stakeholder_id, p.building_block_id,
                (SELECT min(r.building_block_requirement_id) FROM bb_requirement r WHERE r.building_block_id = p.building_block_id),
                (SELECT max(e.sequence) + 1 FROM events e WHERE e.aggregate_type = 'bb_provider' AND e.aggregate_id = p.stakeholder_id::text)
         FROM bb_provider p WHERE p.building_block_id <> $1 ORDER BY p.stakeholder_id LIMIT $2",
    )
    .bind(gbvf_events::building_block::SHELTER_BUILDING_BLOCK_ID)
    .bind(BB_PROVIDERS as i64)
    .fetch_all(&pool)
    .await?;
    let municipalities: Vec<i64> =
        sqlx::query_scalar("SELECT DISTINCT municipality_id FROM bb_provider ORDER BY 1")
            .fetch_all(&pool)
            .await?;
    // Two accounts of every municipality: the municipalities' designated person (default group
    // 5) captures, the provinces' (group 6) verifies (nobody verifies their own submission);
    // signed in with a password, the 32 clients share their two sessions.
    let mut accounts = Vec::new();
    for (role, group) in [("capturer", 5), ("verifier", 6)] {
        let email = format!("bench-{role}-{}@example.org", uuid::Uuid::new_v4().simple());
        let password = format!("Bench{}!9", uuid::Uuid::new_v4().simple());
        let user_id = uuid::Uuid::new_v4().to_string();
        let details = gbvf_events::person::Person {
            email: email.clone(),
            first_name: "Bench".into(),
            last_name: role.into(),
            mobile_number: None,
            alternative_number: None,
        };
        let key = gbvf_api::accounts::create(
            &pool,
            &details,
            UserRegistered {
                user_id: user_id.clone(),
                profile: ProfileFacts::default(),
                organisation_id: None,
                group_ids: vec![group],
                created_by: "bench".into(),
                relationship_type_ids: vec![],
                municipality_ids: municipalities.clone(),
            },
            &meta,
        )
        .await
        .map_err(|e| anyhow!("creating the bench {role}: {e}"))?;
        let users = cqrs_es::CqrsFramework::<gbvf_commands::accounts::user::User, _>::new(
            gbvf_api::telemetry::event_store(&pool),
            vec![],
            (),
        );
        for command in [
            gbvf_commands::accounts::user::UserCommand::SetPassword("bench".into()),
            gbvf_commands::accounts::user::UserCommand::VerifyEmail,
        ] {
            users
                .execute_with_metadata(&key, command, meta.to_map())
                .await
                .map_err(|e| anyhow!("creating the bench {role}: {e}"))?;
        }
        gbvf_api::accounts::credentials::store_password(&pool, &key, &user_id, &password).await?;
        accounts.push((email, password));
    }
    for p in gbvf_projections::all() {
        engine::catch_up(&pool, p.as_ref()).await?;
    }
    let server = start_gbvf_with(
        cfg,
        &url,
        "building-blocks",
        &[("GBVF_ENABLE_LOGIN", "true")],
    )
    .await?;
    let sessions = Arc::new([
        sign_in(server.addr, &accounts[0].0, &accounts[0].1).await?,
        sign_in(server.addr, &accounts[1].0, &accounts[1].1).await?,
    ]);
    let providers = Arc::new(providers);
    let (stop_tx, stop_rx) = watch::channel(false);
    let sampler = tokio::spawn(sample_checkpoints(url.clone(), "building_blocks", stop_rx));
    let from = max_global_position(&pool).await?;
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut ws = Vec::new();
    for _ in 0..BB_CLIENTS {
        ws.push(tokio::spawn(capturers(
            server.addr,
            sessions.clone(),
            providers.clone(),
            next.clone(),
        )));
    }
    let mut hist = new_hist();
    let mut failed = 0;
    for w in ws {
        let (h, f) = w.await??;
        hist.add(&h)?;
        failed += f;
    }
    let elapsed = started.elapsed();
    let to = max_global_position(&pool).await?;
    tokio::time::sleep(SAMPLE_EVERY * 3 + Duration::from_millis(500)).await;
    let _ = stop_tx.send(true);
    let samples = sampler.await??;
    let lag = lag_of(
        &pool,
        gbvf_events::building_block::PROVIDER_AGGREGATE,
        &samples,
        from,
        to,
    )
    .await?;
    let verified: i64 =
        sqlx::query_scalar("SELECT count(*) FROM bb_provider WHERE status = 'verified'")
            .fetch_one(&pool)
            .await?;
    server.stop().await;
    let ok = hist.len();
    let rate = ok as f64 / elapsed.as_secs_f64();
    section_title(
        10,
        "Building-block updates over HTTP (details submitted, then verified)",
    );
    let mut t = table(&[
        "clients",
        "providers",
        "updates",
        "failed",
        "updates/s",
        "p50 ms",
        "p99 ms",
        "lag p50 ms",
        "lag p99 ms",
        "lag max ms",
        "not applied",
    ]);
    t.add_row(vec![
        BB_CLIENTS.to_string(),
        providers.len().to_string(),
        ok.to_string(),
        failed.to_string(),
        format!("{rate:.0}"),
        ms(hist.value_at_quantile(0.5)),
        ms(hist.value_at_quantile(0.99)),
        ms(lag.hist.value_at_quantile(0.5)),
        ms(lag.hist.value_at_quantile(0.99)),
        ms(lag.hist.max()),
        lag.unapplied.to_string(),
    ]);
    println!("{t}");
    println!(
        "\nAn update is `PUT /api/buildingblock/updateBuildingBlockContactsAndRequirements` (the municipality's \
         designated person submits a provider's details: an office address, its building block's first requirement \
         available, no contact persons) or `POST /api/buildingblock/verifyBuildingBlock` (the province's designated person \
         verifies them), two signed-in sessions (the capturer's and the verifier's: nobody verifies their own submission) shared by the clients, each provider by one client. Both answer \
         after the building-block projector has applied the event (read-your-writes), so the latency includes \
         projecting. Providers verified in the read model afterwards: {verified} of {}. Lag: from each event's \
         commit to the projector's checkpoint passing it ({} events).",
        providers.len(),
        lag.events
    );
    summary.push(Verdict {
        section: "10",
        figure: format!("building-block updates/s over HTTP at {BB_CLIENTS} clients"),
        target: "none set (a row of its own)".into(),
        measured: format!(
            "{rate:.0}; lag p99 {} ms",
            ms(lag.hist.value_at_quantile(0.99))
        ),
        pass: if failed == 0 && lag.unapplied == 0 && verified as usize == providers.len() {
            None
        } else {
            Some(false)
        },
    });
    Ok(())
}
