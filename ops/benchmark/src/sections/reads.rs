//! Section 5: cached reads against a static server. `GET /api/crime/stats?boundaryId=1` and
//! `GET /api/dashboard?boundaryId=1` on 64 keep-alive connections, against `gbvf-bench static`
//! serving the same bodies from memory on the same cores. Targets: API ≥ 60 % of static, p99
//! < 20 ms. The read load here also serves sections 6 and 8 and `gbvf-bench load`.

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use hdrhistogram::Histogram;
use hyper::StatusCode;

use crate::config::Config;
use crate::http::{connections, get_once};
use crate::procfs::{proc_cpu_secs, proc_rss_mib};
use crate::report::{ms, num, pct, section_title, table, verdict_text, Verdict};
use crate::servers::{free_port, start_gbvf, ChildServer};
use crate::stats::{join_workers, merge, Worker};

/// Cached reads as a share of a static server serving the same bodies.
const TARGET_READ_SHARE: f64 = 0.60;
/// p99 of a cached read at 64 connections, milliseconds.
const TARGET_READ_P99_MS: f64 = 20.0;

/// What a read load measured over its measured window (warm-up left out).
pub struct ReadResult {
    /// Requests answered 200 in the window.
    pub requests: u64,
    /// Requests that failed in the window.
    pub errors: u64,
    /// Requests answered 200 per second.
    pub rps: f64,
    /// Latency of each, µs.
    pub hist: Histogram<u64>,
    /// CPU of the server process per request answered, µs (`None` without its pid).
    pub server_cpu_us_per_req: Option<f64>,
    /// Every response, warm-up included.
    pub all_requests: u64,
}

/// GETs `path` on `conns` keep-alive connections to `addr` as fast as they answer: `warm` of
/// warm-up, then `measure` counted (requests started and answered inside it); the CPU of
/// process `server_pid` over the measured window when given.
pub async fn read_load(
    addr: SocketAddr,
    path: &str,
    conns: usize,
    warm: Duration,
    measure: Duration,
    server_pid: Option<u32>,
) -> Result<ReadResult> {
    let clients = connections(addr, conns).await?;
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
    let workers = join_workers(tasks).await?;
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

/// Runs section 5 against the database of section 2 at `db_url`.
pub async fn run(cfg: &Config, db_url: &str, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 5: reads vs a static server");
    let paths = [
        "/api/crime/stats?boundaryId=1",
        "/api/dashboard?boundaryId=1",
    ];
    let server = start_gbvf(cfg, db_url, "reads", &[]).await?;
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

/// `gbvf-bench load`: the read load against `addr` for `secs` after 1 s of warm-up, one line
/// printed (requests, req/s, p50 and p99 in ms, errors, the CPU of `pid` per request).
pub async fn load(
    addr: SocketAddr,
    path: &str,
    conns: usize,
    secs: Duration,
    pid: Option<u32>,
) -> Result<()> {
    let r = read_load(addr, path, conns, Duration::from_secs(1), secs, pid).await?;
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
