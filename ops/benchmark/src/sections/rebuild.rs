//! Section 3: rebuild of the crime projection. 1,000,000 synthetic crime events (every SAPS
//! precinct × 11 crime types × the years from 1994), then `engine::rebuild` of the crime
//! projection, beside a raw ordered read of the same pages, the engine's own read alone, and a
//! replica of the rebuild's page loop timed phase by phase ([`super::rebuild_replica`]).
//! Target: ≥ 150,000 events/s, with the read model's national sum equal to the sum of all
//! counts.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;

use gbvf_events::crime::CRIME_SERIES_AGGREGATE;
use gbvf_events::store::{read_page, Position};
use gbvf_projections::crime::CrimeProjection;
use gbvf_projections::engine;

use super::import::GUIDE_BATCHED_INSERT;
use super::rebuild_replica::{raw_page, whatif_rebuild};
use crate::config::Config;
use crate::db::{open_db, Databases};
use crate::procfs::proc_cpu_secs;
use crate::report::{num, pct, section_title, table, verdict_text, Verdict};
use crate::synthetic::{append_synthetic, Synth, APPEND_BATCH, FIRST_YEAR};

/// Rebuild rate of the crime projection, events/s.
const TARGET_REBUILD_RATE: f64 = 150_000.0;
/// Guide: raw ordered read of 500k events with JSON decode, events/s.
const GUIDE_RAW_READ: f64 = 1_169_985.0;
/// Events per page of the raw read (the projector engine's page).
const READ_PAGE: i64 = engine::PAGE;

/// Runs section 3 on a new database of `GBVF_BENCH_EVENTS` synthetic events.
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<()> {
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
