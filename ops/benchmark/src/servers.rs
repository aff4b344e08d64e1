//! The child servers of a run: `gbvf serve` on a bench database (the product as deployed, with
//! its projectors running) and `gbvf-bench static` (section 5's baseline), each on a free
//! loopback port, its output in a log file under `GBVF_BENCH_LOG_DIR`. A child is killed when
//! its handle drops, so an interrupted run leaves no server behind.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use hyper::StatusCode;

use crate::config::Config;
use crate::http::get_once;

/// A free TCP port on 127.0.0.1 (bound and released; the child binds it next).
pub fn free_port() -> Result<u16> {
    let l = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(l.local_addr()?.port())
}

/// A server child process answering on `addr`.
pub struct ChildServer {
    name: &'static str,
    /// The process (killed on drop).
    pub child: tokio::process::Child,
    /// Where it answers (127.0.0.1 and its port).
    pub addr: SocketAddr,
    /// Its stdout and stderr.
    pub log: PathBuf,
}

impl ChildServer {
    /// Starts `cmd` (which must serve on 127.0.0.1:`port`) with its output in `log`, and waits
    /// up to 60 s until `GET ready_path` answers 200. Errors: the process exits or does not
    /// answer in time (the error holds the log's last 30 lines).
    pub async fn start(
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

    /// Stops the server: SIGTERM, then a kill after 10 s.
    pub async fn stop(mut self) {
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

/// The last 30 lines of the file at `path` (empty if unreadable).
fn tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// Starts `gbvf serve` on the database at `db_url` with the operator token, no web app, and
/// `env` added (e.g. `GBVF_ENABLE_LOGIN`); its log is `gbvf-bench-<label>.log`. Variables
/// that would change what is measured or reach outside (tracing export, log level, dev mode,
/// SMTP, bind address) are
/// removed from its environment.
pub async fn start_gbvf(
    cfg: &Config,
    db_url: &str,
    label: &'static str,
    env: &[(&str, &str)],
) -> Result<ChildServer> {
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
        .env("GBVF_OPERATOR_TOKEN", &cfg.token)
        // The benchmark's many callers share one address: no per-client read limit, unless a
        // section measures the limit itself (its `env` sets the rate again).
        .env("GBVF_READ_RATE_PER_SECOND", "0")
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("RUST_LOG")
        .env_remove("GBVF_DEV_MODE")
        .env_remove("SMTP_URL")
        .env_remove("PORT")
        .env_remove("BIND");
    cmd.envs(env.iter().copied());
    let log = cfg.log_dir.join(format!("gbvf-bench-{label}.log"));
    let server = ChildServer::start("gbvf serve", cmd, port, log, "/api/health").await?;
    wait_for_seal(server.addr, &cfg.token, db_url).await?;
    eprintln!(
        "    gbvf serve ({label}) on {} (pid {}), log {}",
        server.addr,
        server.child.id().unwrap_or(0),
        server.log.display()
    );
    Ok(server)
}

/// Waits until the sealer of the `gbvf serve` at `addr` has sealed every event of its database
/// at `db_url` (`gbvf_audit_chain_length` in `/metrics`, read with the operator `token`): its
/// start-up work (folding the chain, about a second per million entries, then sealing what
/// was appended before the start) is not what a section measures, and would share the cores
/// with it. Errors after ten minutes.
async fn wait_for_seal(addr: SocketAddr, token: &str, db_url: &str) -> Result<()> {
    use sqlx::Connection;
    let mut db = sqlx::PgConnection::connect(db_url).await?;
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&mut db)
        .await?;
    db.close().await?;
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let sealed = metrics_text(addr, token)
            .await?
            .lines()
            .find_map(|l| l.strip_prefix("gbvf_audit_chain_length "))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .unwrap_or(0.0);
        if sealed as i64 >= events {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("the server at {addr} sealed {sealed} of {events} events in ten minutes");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The Prometheus text of `GET /metrics` of the `gbvf serve` at `addr`, read with the operator
/// `token`.
pub async fn metrics_text(addr: SocketAddr, token: &str) -> Result<String> {
    let mut http = crate::http::Http::new(addr).await?;
    let req = hyper::Request::get("/metrics")
        .header(hyper::header::HOST, &http.host)
        .header(hyper::header::AUTHORIZATION, format!("Bearer {token}"))
        .body(http_body_util::Full::new(hyper::body::Bytes::new()))?;
    let (_, _, body) = http.send(req).await?;
    Ok(String::from_utf8_lossy(&body).into_owned())
}
