//! Section 1: command throughput. `POST /api/crime/figures` against a `gbvf serve` child, beside
//! three in-process paths on the same `CrimeSeries` aggregate: bare postgres-es, the fair
//! baseline (bare postgres-es, then the projectors and the sealer woken and the crime
//! projection brought up to date before the next command: [`RawPath::Settled`]) and cqrs-es
//! as the server built it before `execute_on` (raw); 2,000 commands per path at
//! 1, 8 and 32 callers, each on a series nobody else touches, in alternating rounds; the CPU
//! per command by process at 32. Targets at 32 callers: HTTP ≥ 70 % of bare and ≥ 90 % of the
//! fair baseline, and HTTP ≥ 2 × 676 cmd/s. The same load gives section 4's lag
//! ([`super::lag`]). The HTTP path sends no consistency token back, as an importer does not
//! read after each figure: its commands answer without waiting for the projection.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Result};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use sqlx::PgPool;

use gbvf_events::crime::SeriesPlace;

use super::command_paths::{
    load_places, run_http, run_raw, wait_caught_up, Cmd, Planner, RawPath, Settled,
};
use crate::checkpoints::{Sampler, Window};
use crate::config::Config;
use crate::db::{max_global_position, open_db, Databases};
use crate::procfs::{cores, CpuSplit};
use crate::report::{ms, num, pct, section_title, table, verdict_text, Verdict};
use crate::servers::{start_gbvf, ChildServer};
use crate::setup;
use crate::stats::RunResult;
use crate::synthetic::CRIME_TYPES;

/// HTTP command throughput at 32 clients, as a share of bare postgres-es at 32.
const TARGET_SHARE_OF_BARE: f64 = 0.70;
/// HTTP command throughput at 32 clients, as a share of the fair baseline at 32.
const TARGET_SHARE_OF_FAIR: f64 = 0.90;
/// HTTP commands at 32 clients before the performance work (quiet 2-core machine), cmd/s: the
/// target is twice this.
const HTTP_BEFORE_PERFORMANCE_WORK: f64 = 676.0;
/// Guide: postgres-es `execute`, one event per command, at 1 / 8 / 32 callers, cmd/s.
const GUIDE_EXECUTE: [(usize, f64); 3] = [(1, 896.0), (8, 2_517.0), (32, 3_051.0)];
/// Alternating rounds per concurrency level.
const ROUNDS: usize = 4;
/// The paths of every round, in the order they run, as the tables name them.
const PATHS: [&str; 4] = ["bare postgres-es", "fair baseline", "raw execute", "HTTP"];

/// One concurrency level's results, by path ([`PATHS`] order).
struct Level {
    callers: usize,
    results: [RunResult; 4],
}

/// What the alternating rounds measured.
struct Rounds {
    levels: Vec<Level>,
    /// Every round's events, for section 4.
    windows: Vec<Window>,
    /// Raw execute after the handler's boundary lookup, at 32.
    raw_lookup: RunResult,
    /// CPU of each path's rounds at 32 ([`PATHS`] order).
    cpu32: [CpuSplit; 4],
    /// CPU of the catch-ups after the bare and raw rounds at 32, and their events.
    cpu_project32: CpuSplit,
    projected32: usize,
}

/// The paths under test and what they run on.
struct Paths<'a> {
    cfg: &'a Config,
    pool: PgPool,
    server: &'a ChildServer,
    /// cqrs-es as `AppState::new` builds it.
    cqrs: RawPath,
    /// Bare postgres-es.
    bare: RawPath,
    /// Bare postgres-es, then woken projectors and sealer and the crime projection caught up.
    fair: RawPath,
    places: Arc<HashMap<i64, SeriesPlace>>,
}

impl Paths<'_> {
    async fn raw(&self, path: &RawPath, callers: usize, cmds: Arc<Vec<Cmd>>) -> Result<RunResult> {
        run_raw(
            path,
            &self.places,
            callers,
            cmds,
            self.cfg.command_cap,
            None,
        )
        .await
    }

    async fn http(&self, clients: usize, cmds: Arc<Vec<Cmd>>) -> Result<RunResult> {
        let (addr, token, cap) = (self.server.addr, &self.cfg.token, self.cfg.command_cap);
        run_http(addr, token, clients, cmds, cap).await
    }

    /// One round of `path` (one of [`PATHS`]) at `level`: its result, the CPU it used, and the
    /// events it appended.
    async fn round(
        &self,
        path: &'static str,
        level: usize,
        cmds: Arc<Vec<Cmd>>,
    ) -> Result<(RunResult, CpuSplit, Window)> {
        let from = max_global_position(&self.pool).await?;
        let cpu = CpuSplit::now(self.server.child.id());
        let result = match path {
            "HTTP" => self.http(level, cmds).await?,
            "bare postgres-es" => self.raw(&self.bare, level, cmds).await?,
            "fair baseline" => self.raw(&self.fair, level, cmds).await?,
            _ => self.raw(&self.cqrs, level, cmds).await?,
        };
        let cpu = CpuSplit::now(self.server.child.id()).since(cpu);
        let to = max_global_position(&self.pool).await?;
        let window = Window {
            path,
            level,
            from,
            to,
        };
        Ok((result, cpu, window))
    }

    /// Waits up to 60 s for the crime projector (a warning if it had not caught up after
    /// `round`); returns the CPU the catch-up used.
    async fn settle(&self, round: &str) -> Result<CpuSplit> {
        let cpu = CpuSplit::now(self.server.child.id());
        if !wait_caught_up(&self.pool, Duration::from_secs(60)).await? {
            eprintln!("    warning: the crime projector had not caught up 60 s after {round}");
        }
        Ok(CpuSplit::now(self.server.child.id()).since(cpu))
    }
}

/// Runs sections 1 and 4 (whichever are wanted) on a new database with the geography only:
/// every command starts a new crime series (no history to load), on every path alike.
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> sections 1 and 4: command throughput and projector lag");
    let url = dbs.create("commands").await?;
    let pool = open_db(&url).await?;
    setup::import_geography(&pool, &cfg.data_dir, "bench:geography").await?;
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

    let server = start_gbvf(cfg, &url, "commands", &[]).await?;
    let paths = Paths {
        cfg,
        pool: pool.clone(),
        server: &server,
        // The cqrs-es framework as the server built it before `execute_on` (traced
        // repository, upcasters, wake-up call), on the product's pool settings.
        cqrs: RawPath::Product(Arc::new(cqrs_es::CqrsFramework::new(
            gbvf_api::telemetry::event_store(&pool),
            vec![],
            (),
        ))),
        // The commands target's baseline: bare postgres-es (no tracing span, no upcasters, no
        // wake-up call) on the same pool and aggregate, against the same `events` table (no
        // trigger since migration 20261123000001).
        bare: RawPath::Bare(Arc::new(postgres_es::postgres_cqrs(
            pool.clone(),
            vec![],
            (),
        ))),
        fair: RawPath::Settled(
            Arc::new(postgres_es::postgres_cqrs(pool.clone(), vec![], ())),
            Arc::new(Settled::new(pool.clone())),
        ),
        places,
    };
    let sampler = Sampler::start(&url, "crime");
    // Warm-up (not reported): opens the pools' connections on both sides.
    let warm = 100.min(per_level);
    paths.raw(&paths.cqrs, 32, planner.take(warm)).await?;
    paths.http(32, planner.take(warm)).await?;
    wait_caught_up(&pool, Duration::from_secs(30)).await?;
    let rounds = alternate(&paths, &mut planner, per_level).await?;
    let samples = sampler.finish(Duration::ZERO).await?;

    if cfg.wants(1) {
        report(&rounds, summary);
    }
    if cfg.wants(4) {
        super::lag::report(&pool, &rounds.windows, &samples, summary).await?;
    }
    server.stop().await;
    pool.close().await;
    Ok(())
}

/// Each level runs in [`ROUNDS`] alternating rounds of every path in [`PATHS`] order (and at 32
/// raw + lookup), so that drift on a shared machine hits every path alike; the figures are the
/// rounds' totals. At 32 callers the CPU of this process, the server child and PostgreSQL is
/// read over each path's rounds (a missed target comes with its profile), and over the
/// catch-up after each bare and raw round: those paths' events are projected after their
/// rounds (the server's projector hears of them at its next poll, or through the wake sender
/// this process runs for the fair baseline), the fair and HTTP rounds project theirs while
/// they run.
async fn alternate(paths: &Paths<'_>, planner: &mut Planner, per_level: usize) -> Result<Rounds> {
    let pool = &paths.pool;
    let mut r = Rounds {
        levels: Vec::new(),
        windows: Vec::new(),
        raw_lookup: RunResult::empty(),
        cpu32: Default::default(),
        cpu_project32: CpuSplit::default(),
        projected32: 0,
    };
    for level in [1usize, 8, 32] {
        eprintln!(
            "    {level} client(s): {per_level} commands per path in {ROUNDS} alternating rounds ({}{})",
            PATHS.join(", "),
            if level == 32 { ", raw after boundary::fetch" } else { "" }
        );
        let mut results: [RunResult; 4] = std::array::from_fn(|_| RunResult::empty());
        for round in 0..ROUNDS {
            let n = per_level / ROUNDS + usize::from(round < per_level % ROUNDS);
            for (i, path) in PATHS.iter().enumerate() {
                let (one, cpu, window) = paths.round(path, level, planner.take(n)).await?;
                results[i].absorb(one);
                r.windows.push(window);
                let project = paths.settle(path).await?;
                if level == 32 {
                    r.cpu32[i].add(cpu);
                    if matches!(*path, "bare postgres-es" | "raw execute") {
                        r.cpu_project32.add(project);
                        r.projected32 += n;
                    }
                }
            }
            if level == 32 {
                // Diagnosis: raw execute preceded by the handler's boundary lookup (its one
                // extra SQL query when the boundary is not cached yet).
                let cmds = planner.take(n);
                let cap = paths.cfg.command_cap;
                let lookup = Some(pool.clone());
                let one = run_raw(&paths.cqrs, &paths.places, 32, cmds, cap, lookup).await?;
                r.raw_lookup.absorb(one);
                paths.settle("a lookup round").await?;
            }
        }
        r.levels.push(Level {
            callers: level,
            results,
        });
    }
    Ok(r)
}

/// Prints section 1's tables (throughput per level, CPU per command at 32) and adds its
/// targets to the summary.
fn report(r: &Rounds, summary: &mut Vec<Verdict>) {
    section_title(
        1,
        "Command throughput: POST /api/crime/figures vs bare postgres-es, the fair baseline and raw execute",
    );
    let mut t = table(&[
        "callers",
        "commands (each path)",
        "bare cmd/s",
        "bare p50 ms",
        "fair cmd/s",
        "fair p50 ms",
        "raw cmd/s",
        "raw p50 ms",
        "HTTP cmd/s",
        "HTTP p50 ms",
        "HTTP p99 ms",
        "HTTP / bare",
        "HTTP / fair",
        "guide bare",
        "result",
    ]);
    for l in &r.levels {
        let [bare, fair, raw, http] = &l.results;
        let of_bare = http.rate() / bare.rate().max(1e-9);
        let of_fair = http.rate() / fair.rate().max(1e-9);
        let guide = GUIDE_EXECUTE
            .iter()
            .find(|g| g.0 == l.callers)
            .map(|g| num(g.1))
            .unwrap_or_default();
        let result = if l.callers == 32 {
            verdict_text(Some(
                of_bare >= TARGET_SHARE_OF_BARE
                    && of_fair >= TARGET_SHARE_OF_FAIR
                    && http.errors == 0,
            ))
            .to_string()
        } else {
            String::new()
        };
        let p50 = |x: &RunResult| ms(x.hist.value_at_quantile(0.5));
        t.add_row(vec![
            format!("{}", l.callers),
            num(http.ok as f64),
            num(bare.rate()),
            p50(bare),
            num(fair.rate()),
            p50(fair),
            num(raw.rate()),
            p50(raw),
            num(http.rate()),
            p50(http),
            ms(http.hist.value_at_quantile(0.99)),
            pct(of_bare),
            pct(of_fair),
            guide,
            result,
        ]);
    }
    println!("{t}");
    println!(
        "\nEach command appends one CrimeFigureRecorded event to a crime series no other command of its run touches \
         (boundary x crime type shuffled over the whole geography). Bare = postgres_es::postgres_cqrs (no tracing, no upcasters, \
         no wake-up); fair = bare, then the projectors and the sealer of every process woken and the crime projection caught up \
         before answering (gbvf_api::http::read_your_writes::settle), what a command that waits for its projection costs; \
         raw = the cqrs-es CqrsFramework over the traced repository (the server's path before execute_on); these three run in \
         the bench process. HTTP = the gbvf serve child, sending no consistency token back (it answers before projecting, \
         decision 0163). \
         Each level runs in {ROUNDS} alternating rounds of every path; cmd/s = commands / summed round time. \
         Targets at 32: HTTP >= {} of bare and >= {} of fair.",
        pct(TARGET_SHARE_OF_BARE),
        pct(TARGET_SHARE_OF_FAIR),
    );
    let l32 = r
        .levels
        .iter()
        .find(|l| l.callers == 32)
        .expect("level 32 ran");
    let [bare32, fair32, raw32, http32] = &l32.results;
    let raw_lookup = &r.raw_lookup;
    println!(
        "\nDiagnosis, 32 callers (a fifth path in the same rounds): raw execute preceded by the handler's boundary lookup (gbvf_api::http::boundary::fetch, \
         one SELECT on the boundary view, which the server caches) runs at {} cmd/s (p50 {} ms, p99 {} ms) = {} of plain raw.",
        num(raw_lookup.rate()),
        ms(raw_lookup.hist.value_at_quantile(0.5)),
        ms(raw_lookup.hist.value_at_quantile(0.99)),
        pct(raw_lookup.rate() / raw32.rate().max(1e-9)),
    );
    failures("raw + lookup at 32", raw_lookup);
    for l in &r.levels {
        for (name, result) in PATHS.iter().zip(&l.results) {
            failures(&format!("{name} at {}", l.callers), result);
        }
    }
    print_cpu_split(&[
        (PATHS[0], bare32, r.cpu32[0]),
        (PATHS[1], fair32, r.cpu32[1]),
        (PATHS[2], raw32, r.cpu32[2]),
        (PATHS[3], http32, r.cpu32[3]),
    ]);
    let n = r.projected32.max(1) as f64;
    let bare_n = (bare32.ok + bare32.errors).max(1) as f64;
    let with_projection = r.cpu32[0].total() / bare_n + r.cpu_project32.total() / n;
    println!(
        "\nProjecting the bare and raw paths' events after their rounds (the catch-up after each of their rounds at 32, \
         {} events, in pages): gbvf serve {:.0} us, PostgreSQL {:.0} us per event; bare postgres-es plus projecting its \
         events in pages would cost {:.0} us per command, a CPU-bound ceiling of {} cmd/s on this machine.",
        num(n),
        r.cpu_project32.server / n * 1e6,
        r.cpu_project32.postgres / n * 1e6,
        with_projection * 1e6,
        num(cores() as f64 / with_projection.max(1e-9)),
    );
    // HTTP at 32 callers as a share of another path at 32.
    let versus = |name: &str, short: &str, other: &RunResult, target: Option<f64>| {
        let share = http32.rate() / other.rate().max(1e-9);
        Verdict {
            section: "1 commands",
            figure: format!("HTTP cmd/s at 32 clients vs {name} at 32"),
            target: target.map_or("info".into(), |t| format!(">= {} of {short}", pct(t))),
            measured: format!(
                "{} vs {} = {}",
                num(http32.rate()),
                num(other.rate()),
                pct(share)
            ),
            pass: target.map(|t| share >= t && http32.errors == 0),
        }
    };
    summary.push(versus(
        "bare postgres-es",
        "bare",
        bare32,
        Some(TARGET_SHARE_OF_BARE),
    ));
    summary.push(versus(
        "the fair baseline",
        "fair",
        fair32,
        Some(TARGET_SHARE_OF_FAIR),
    ));
    summary.push(Verdict {
        section: "1 commands",
        figure: "HTTP cmd/s at 32 clients vs the recorded starting figure".into(),
        target: format!(">= 2 x {}", num(HTTP_BEFORE_PERFORMANCE_WORK)),
        measured: num(http32.rate()),
        pass: Some(http32.rate() >= 2.0 * HTTP_BEFORE_PERFORMANCE_WORK && http32.errors == 0),
    });
    summary.push(versus("raw execute", "raw", raw32, None));
    let l1 = r
        .levels
        .iter()
        .find(|l| l.callers == 1)
        .expect("level 1 ran");
    let [bare1, fair1, _, http1] = &l1.results;
    summary.push(Verdict {
        section: "1 commands",
        figure: "HTTP at 1 client: cmd/s and p50 vs bare and fair".into(),
        target: "info".into(),
        measured: format!(
            "{} cmd/s, p50 {} ms (bare {} cmd/s, {} ms; fair {} cmd/s, {} ms)",
            num(http1.rate()),
            ms(http1.hist.value_at_quantile(0.5)),
            num(bare1.rate()),
            ms(bare1.hist.value_at_quantile(0.5)),
            num(fair1.rate()),
            ms(fair1.hist.value_at_quantile(0.5)),
        ),
        pass: None,
    });
}

/// Prints `\n<what>: N command(s) failed; first: …` when `r` had failures.
fn failures(what: &str, r: &RunResult) {
    if r.errors > 0 {
        println!(
            "\n{what}: {} command(s) failed; first: {}",
            r.errors,
            r.first_error.as_deref().unwrap_or("?")
        );
    }
}

/// The CPU each path spent per command at 32 callers, by process, and the rate the machine's
/// cores would allow if that CPU were the only limit (cores / CPU per command).
fn print_cpu_split(paths: &[(&str, &RunResult, CpuSplit)]) {
    let cores = cores() as f64;
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
