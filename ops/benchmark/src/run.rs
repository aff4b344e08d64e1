//! `gbvf-bench run`: the sections in order on their fresh databases, the header (machine,
//! PostgreSQL, load average) and the summary of every checked target, then the databases
//! dropped, also on Ctrl-C or SIGTERM.

use std::time::Instant;

use anyhow::{anyhow, Context, Result};
use sqlx::{Connection, PgConnection};

use crate::config::Config;
use crate::db::{with_db, Databases};
use crate::report::{table, verdict_text, Verdict};
use crate::sections;

/// Runs the sections of `GBVF_BENCH_SECTIONS` (config from the environment) and drops the
/// bench databases afterwards, whatever happened. Errors: the configuration, a section's
/// failure, or an interruption.
pub async fn run_bench() -> Result<()> {
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

/// Resolves at Ctrl-C or SIGTERM.
pub async fn interrupted() {
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

/// The sections wanted, in their order (2 first: 5, 6 and 8 read its database), then the
/// summary table and the load average.
async fn bench_all(cfg: &Config, dbs: &mut Databases) -> Result<()> {
    let started = Instant::now();
    print_header(cfg).await?;
    let mut summary: Vec<Verdict> = Vec::new();

    let mut import_db: Option<String> = None;
    if cfg.wants(2)
        || cfg.wants(5)
        || cfg.wants(6)
        || cfg.wants(8)
        || cfg.wants(13)
        || cfg.wants(15)
    {
        import_db = Some(sections::import::run(cfg, dbs, &mut summary).await?);
    }
    if cfg.wants(1) || cfg.wants(4) {
        sections::commands::run(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(3) {
        sections::rebuild::run(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(5) {
        let url = import_db
            .as_deref()
            .expect("import database created for section 5");
        sections::reads::run(cfg, url, &mut summary).await?;
    }
    if cfg.wants(6) {
        let url = import_db
            .as_deref()
            .expect("import database created for section 6");
        sections::login_flood::run(cfg, url, &mut summary).await?;
    }
    // Before section 8: the replica copies the whole server, and section 8's log is large.
    if cfg.wants(13) {
        let url = import_db
            .as_deref()
            .expect("import database created for section 13");
        sections::replica_reads::run(cfg, url).await?;
    }
    if cfg.wants(7) {
        sections::survey::run(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(8) {
        sections::scale::run(cfg, dbs, import_db.as_deref(), &mut summary).await?;
    }
    if cfg.wants(9) {
        sections::every_rebuild::run(cfg, dbs).await?;
    }
    if cfg.wants(10) {
        sections::building_blocks::run(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(11) {
        sections::audit::run(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(12) {
        sections::queue::run(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(14) {
        sections::bulk_load::run(cfg, dbs, &mut summary).await?;
    }
    if cfg.wants(15) {
        let url = import_db
            .as_deref()
            .expect("import database created for section 15");
        sections::open_data::run(cfg, url).await?;
    }
    if cfg.wants(16) {
        sections::ussd::run(cfg, dbs, &mut summary).await?;
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
    let recorded = std::env::var("GBVF_BENCH_RECORDED")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| std::path::PathBuf::from("docs/benchmarks.md"));
    crate::regression::check(&recorded, &summary);
    Ok(())
}

/// The 1, 5 and 15 minute load averages (`/proc/loadavg`).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Prints the run's header: date, cores, memory, PostgreSQL version and durability settings,
/// the server binary and the load average at the start.
async fn print_header(cfg: &Config) -> Result<()> {
    let cpus = crate::procfs::cores();
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
    // The build as the binary's path names it (`GBVF_BIN` may point at a debug build).
    let path = cfg.gbvf_bin.display().to_string();
    let build = if path.contains("/release/") {
        "release build"
    } else if path.contains("/debug/") {
        "debug build: figures are slower than a release build's"
    } else {
        "build profile unknown"
    };
    println!("- server: {path} (child process), {build}");
    println!("- load average at start: {}", load_average());
    Ok(())
}
