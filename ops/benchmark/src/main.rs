//! `gbvf-bench`: the benchmark figures of the GBVF dashboard, side by side with the physical
//! limits they are judged against (docs/benchmarks.md explains every figure).
//!
//! `gbvf-bench` (or `gbvf-bench run`) creates fresh databases on the PostgreSQL server of
//! `DATABASE_URL`, runs the sections below, prints one table per section and a summary,
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
//!    session, through survey links of the section's own organisations (one per 24 responses,
//!    within each link's cap and rate limit), and the health-check projector's lag under that
//!    load;
//! 8. a log of ten million synthetic events: append rate, database size, rebuild time, and the
//!    server's read latency and memory on it against the shipped log;
//! 9. rebuild of every projection over the shipped log, the example organisations and synthetic
//!    survey responses: folded in memory (what `gbvf projections rebuild` does) and page by
//!    page, each projection's rate printed;
//! 10. building-block updates over HTTP (a municipality's details submitted, the province's
//!     verification) at 32 concurrent clients, and the building-block projector's lag;
//! 11. the audit seal: a log of a million synthetic events sealed by the sealer's own step and
//!     verified whole, events/s for each;
//! 12. the verification queue of a province with 5,000 submissions waiting, read at 8 clients;
//! 13. uncached public reads with one streaming replica (`ops/replica`, `DATABASE_READ_URL`)
//!     against without, side by side;
//! 14. the bulk load of 5,000 rows by a province: the dry run and the apply over HTTP.
//!
//! `gbvf-bench static --port P --bodies DIR` is that static server; `gbvf-bench load` runs the
//! read load of section 5 against any server on the loopback (handy under `perf`).
//!
//! All traffic goes to 127.0.0.1 and to the database server of `DATABASE_URL`.
//!
//! This file is the command line and its dispatch; every section is a module of
//! [`sections`], the pieces they share (databases, child servers, HTTP, statistics, tables)
//! are modules beside it.

mod checkpoints;
mod config;
mod db;
mod http;
mod procfs;
mod regression;
mod report;
mod run;
mod sections;
mod servers;
mod setup;
mod static_server;
mod stats;
mod synthetic;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};

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
        None | Some("run") => runtime.block_on(run::run_bench()),
        Some("static") => runtime.block_on(static_mode(&args[1..])),
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
  GBVF_DATA_DIR            the project's data directory (default: the workspace's data/)
  GBVF_OPERATOR_TOKEN      operator token given to the server (>= 16 chars; default: a bench token)
  GBVF_BENCH_SECTIONS      sections to run, e.g. 1,3 (default 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16; 4 runs with 1, 5, 6, 13 and 15 need 2's database)
  GBVF_BENCH_RESPONSES     survey responses of section 7 (default 2000)
  GBVF_BENCH_COMMANDS      commands per concurrency level and path (default 2000)
  GBVF_BENCH_EVENTS        synthetic events for the rebuild (default 1000000)
  GBVF_BENCH_AUDIT_EVENTS  synthetic events sealed and verified in section 11 (default 1000000)
  GBVF_BENCH_REBUILD_SECS  time limit of engine::rebuild and of its replica (default 45; the rate so far is reported)
  GBVF_BENCH_ENGINE_READ_SECS  time limit of the engine-read-alone step (default 15)
  GBVF_BENCH_READ_SECS     measured seconds per read endpoint and server (default 8)
  GBVF_BENCH_READ_CONNS    concurrent connections of the read load (default 64)
  GBVF_BENCH_LOG_DIR       where the child servers' logs go (default: the temp directory)
  GBVF_BENCH_RUN_ID        lower-case letters and digits naming this run's databases gbvf_bench_<id>_* (default: random)";

/// `gbvf-bench static --port P --bodies DIR`: the arguments, then [`static_server::serve`].
async fn static_mode(args: &[String]) -> Result<()> {
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
    static_server::serve(port, &dir).await
}

/// `gbvf-bench load --addr 127.0.0.1:PORT --path /api/… [--conns 64] [--secs 8] [--pid PID]`:
/// the arguments, then section 5's read load against that server ([`sections::reads::load`]).
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
    sections::reads::load(
        addr,
        &path,
        conns.max(1),
        Duration::from_secs(secs.max(1)),
        pid,
    )
    .await
}
