//! Section 8: a log of 10,000,000 events. Append rate, size on disk, a rebuild of the crime
//! projection, the seal (as the server would have sealed it while it grew), and the server's
//! uncached and cached reads and memory on it against the shipped
//! log of section 2; the idle check of a projector of rare types on both. Targets: uncached
//! p50 and server memory within 2 × the shipped log's; idle-check p50 within 2 ×.

use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use hdrhistogram::Histogram;
use hyper::StatusCode;

use gbvf_projections::crime::CrimeProjection;
use gbvf_projections::engine;

use super::reads::{read_load, ReadResult};
use crate::config::Config;
use crate::db::{open_db, Databases};
use crate::http::Http;
use crate::procfs::proc_rss_mib;
use crate::report::{ms, num, section_title, table, Verdict};
use crate::servers::start_gbvf;
use crate::setup;
use crate::stats::new_hist;
use crate::synthetic::append_synthetic;

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
    let server = start_gbvf(cfg, db_url, label, &[]).await?;
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

/// Runs section 8 on a new database of `GBVF_BENCH_SCALE_EVENTS` events, compared with section
/// 2's database at `small_db` when it ran.
pub async fn run(
    cfg: &Config,
    dbs: &mut Databases,
    small_db: Option<&str>,
    summary: &mut Vec<Verdict>,
) -> Result<()> {
    let n = cfg.scale_events;
    eprintln!("==> section 8: a log of {} events", num(n as f64));
    let url = dbs.create("scale").await?;
    let pool = open_db(&url).await?;
    setup::import_geography(&pool, &cfg.data_dir, "bench:scale").await?;
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
    // A log that grew to this size was sealed as it grew: sealed here, so that the server's
    // sealer does not seal ten million events beside the reads that are timed.
    let (sealed, seal_s) = super::audit::seal_all(&pool).await?;
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
    t.add_row(vec![
        "seal (sealer::step, before the server starts)".to_string(),
        format!(
            "{} events in {seal_s:.1} s = {} ev/s",
            num(sealed as f64),
            num(sealed as f64 / seal_s)
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
