//! Section 13: public reads with one streaming replica against without, side by side. A replica
//! of the bench's PostgreSQL server is made with `ops/replica` (`pg_basebackup -R`, a port of its
//! own); then the same uncached read load (`GET /api/crime/stats?boundaryId=<municipality>` with
//! a query unique to each request, so every request misses the response cache and reads the
//! read model) runs against a `gbvf serve` without `DATABASE_READ_URL`, then against one with it.
//! The share of reads the replica served is read from the server's `/metrics`. No target: on one
//! machine the replica shares the primary's cores; the row shows what routing costs and that the
//! replica takes the reads. Skipped, saying why, when the server cannot feed a replica.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use hyper::StatusCode;

use crate::config::Config;
use crate::http::{connections, get_once};
use crate::report::{ms, num, pct, section_title, table};
use crate::servers::{free_port, start_gbvf};
use crate::stats::{join_workers, merge, RunResult, Worker};

/// `ops/replica` of the workspace.
fn ops_replica() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../replica")
}

/// A replica made by `ops/replica` for this section; removed when dropped.
struct Replica {
    env: Vec<(String, String)>,
    url: String,
}

impl Replica {
    /// `Ok(Err(reason))` when the server cannot feed a replica (`ops/replica` exit 3).
    fn start(cfg: &Config) -> Result<std::result::Result<Replica, String>> {
        let env = vec![
            ("DATABASE_URL".to_string(), cfg.server_url.clone()),
            ("GBVF_REPLICA_PORT".into(), free_port()?.to_string()),
            (
                "GBVF_REPLICA_DIR".into(),
                cfg.log_dir
                    .join(format!("replica-{}", std::process::id()))
                    .display()
                    .to_string(),
            ),
            ("GBVF_REPLICA_NO_SYNC".into(), "1".into()),
        ];
        let mut r = Replica {
            env,
            url: String::new(),
        };
        let out = r.run("start")?;
        let err = String::from_utf8_lossy(&out.stderr);
        if out.status.code() == Some(3) {
            return Ok(Err(err.trim().lines().last().unwrap_or("").to_string()));
        }
        if !out.status.success() {
            bail!("ops/replica start failed: {err}");
        }
        eprint!("{err}");
        r.url = String::from_utf8_lossy(&out.stdout).trim().to_string();
        Ok(Ok(r))
    }

    fn run(&self, what: &str) -> Result<std::process::Output> {
        std::process::Command::new("bash")
            .arg(ops_replica())
            .arg(what)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .output()
            .context("running ops/replica")
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.run("remove");
    }
}

/// GETs `/api/crime/stats?boundaryId=<id>&run=<n>` over `ids` on `conns` connections, each
/// request a new `n` (a cache miss): `warm` of warm-up, then `measure` counted.
async fn uncached_load(
    addr: SocketAddr,
    ids: &[i64],
    conns: usize,
    warm: Duration,
    measure: Duration,
) -> Result<RunResult> {
    let clients = connections(addr, conns).await?;
    let start = Instant::now();
    let (from, until) = (start + warm, start + warm + measure);
    let mut tasks = Vec::new();
    for (c, mut http) in clients.into_iter().enumerate() {
        let ids = ids.to_vec();
        tasks.push(tokio::spawn(async move {
            let mut w = Worker::new();
            let mut n = 0usize;
            loop {
                let t = Instant::now();
                if t >= until {
                    break;
                }
                n += 1;
                let id = ids[(c * 7919 + n) % ids.len()];
                let req = http.get(&format!("/api/crime/stats?boundaryId={id}&run={c}-{n}"));
                let res = http.send(req).await;
                if t < from || Instant::now() > until {
                    continue;
                }
                w.record(
                    t,
                    match res {
                        Ok((StatusCode::OK, _, _)) => Ok(()),
                        Ok((status, _, _)) => Err(format!("HTTP {status}")),
                        Err(e) => Err(format!("{e:#}")),
                    },
                );
            }
            w
        }));
    }
    Ok(merge(join_workers(tasks).await?, measure))
}

/// The sum of `metric` samples whose line contains `labels`, from `/metrics`.
async fn metric(addr: SocketAddr, token: &str, metric: &str, labels: &str) -> Result<f64> {
    Ok(crate::servers::metrics_text(addr, token)
        .await?
        .lines()
        .filter(|l| l.starts_with(&format!("{metric}{{")) && l.contains(labels))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum())
}

/// Runs section 13 against the database of section 2 at `db_url`.
pub async fn run(cfg: &Config, db_url: &str) -> Result<()> {
    eprintln!("==> section 13: public reads with one replica vs without");
    let replica = match Replica::start(cfg)? {
        Ok(r) => r,
        Err(reason) => {
            section_title(13, "Public reads: one replica against none");
            println!("Skipped: {reason}");
            return Ok(());
        }
    };
    let db = db_url.rsplit('/').next().unwrap_or("");
    let replica_url = format!("{}/{db}", replica.url.rsplit_once('/').unwrap().0);
    let warm = Duration::from_secs(1);
    let measure = Duration::from_secs(cfg.read_secs);
    let mut t = table(&[
        "uncached GET /api/crime/stats",
        "req/s",
        "p50 ms",
        "p99 ms",
        "served by the replica",
        "errors",
    ]);
    for (label, env) in [
        ("primary only", vec![]),
        (
            "primary + 1 replica (DATABASE_READ_URL)",
            vec![("DATABASE_READ_URL", replica_url.as_str())],
        ),
    ] {
        let server = start_gbvf(cfg, db_url, "replica-reads", &env).await?;
        let (status, _, list) = get_once(server.addr, "/api/geography/boundary/list/3").await?;
        if status != StatusCode::OK {
            bail!("municipalities answered {status}");
        }
        let ids: Vec<i64> = serde_json::from_slice::<serde_json::Value>(&list)?
            .as_array()
            .map(|a| a.iter().filter_map(|b| b["boundaryId"].as_i64()).collect())
            .unwrap_or_default();
        if ids.is_empty() {
            bail!("no municipalities in the imported database");
        }
        if !env.is_empty() {
            // Reads go to the replica once its health task has seen it keep up.
            let waited = Instant::now();
            while metric(server.addr, &cfg.token, "gbvf_replica_up", "replica=").await? < 1.0 {
                if waited.elapsed() > Duration::from_secs(30) {
                    bail!("the replica was not used within 30 s");
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        eprintln!(
            "    {label}: {} connections, {} s",
            cfg.read_conns, cfg.read_secs
        );
        let before = (
            metric(
                server.addr,
                &cfg.token,
                "gbvf_public_reads_total",
                "pool=\"replica\"",
            )
            .await?,
            metric(server.addr, &cfg.token, "gbvf_public_reads_total", "pool=").await?,
        );
        let r = uncached_load(server.addr, &ids, cfg.read_conns, warm, measure).await?;
        let after = (
            metric(
                server.addr,
                &cfg.token,
                "gbvf_public_reads_total",
                "pool=\"replica\"",
            )
            .await?,
            metric(server.addr, &cfg.token, "gbvf_public_reads_total", "pool=").await?,
        );
        r.print_first_error(label);
        let share = (after.0 - before.0) / (after.1 - before.1).max(1.0);
        t.add_row(vec![
            label.to_string(),
            num(r.rate()),
            ms(r.hist.value_at_quantile(0.5)),
            ms(r.hist.value_at_quantile(0.99)),
            pct(share),
            num(r.errors as f64),
        ]);
        server.stop().await;
    }
    section_title(13, "Public reads: one replica against none");
    println!("{t}");
    println!(
        "\n{} keep-alive connections, 1 s warm-up then {} s measured; every request has a query of its own, so \
         each misses the response cache and reads the read models (crime statistics of a municipality of \
         section 2's import). The replica is a hot standby of the bench's PostgreSQL server made by ops/replica \
         (pg_basebackup -R) on this machine: it shares the primary's cores and disk, so this row shows the cost of \
         routing and that the replica takes the reads, not the capacity a replica on its own machine adds.",
        cfg.read_conns, cfg.read_secs
    );
    drop(replica);
    Ok(())
}
