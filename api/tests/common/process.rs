//! The real `gbvf serve` executable as a child process on a free loopback port, against a
//! test database: what production runs, connect info and all.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `gbvf serve`; killed when dropped.
pub struct GbvfServer {
    child: Child,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// Its outbox directory.
    pub outbox: PathBuf,
    /// Where its standard error goes.
    pub log: PathBuf,
}

/// The `gbvf` binary (`GBVF_TEST_SERVER_BIN` may name another build, e.g. an older commit's,
/// to show a regression test failing there).
pub fn binary() -> String {
    std::env::var("GBVF_TEST_SERVER_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_gbvf").into())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl GbvfServer {
    /// Starts `gbvf serve` on `database_url` with login enabled, development mode (codes read
    /// from the outbox) and `env` on top; waits until `/api/health` answers.
    pub async fn start(database_url: &str, env: &[(&str, &str)]) -> GbvfServer {
        Self::start_with_args(database_url, env, &[]).await
    }

    /// Like [`GbvfServer::start`] with extra `serve` arguments.
    pub async fn start_with_args(
        database_url: &str,
        env: &[(&str, &str)],
        args: &[&str],
    ) -> GbvfServer {
        let port = free_port();
        let outbox = super::session::outbox();
        let log = outbox.join("server.log");
        let mut cmd = Command::new(binary());
        cmd.arg("serve")
            .args(["--port", &port.to_string()])
            .args(args)
            .env("DATABASE_URL", database_url)
            .env("GBVF_OUTBOX_DIR", &outbox)
            .env("GBVF_ENABLE_LOGIN", "true")
            .env("GBVF_DEV_MODE", "true")
            // Signed audit heads outside the database: beside the outbox, one per server.
            .env("GBVF_AUDIT_HEADS_DIR", outbox.join("audit-heads"))
            .env("RUST_LOG", "warn")
            .env_remove("SMTP_URL")
            .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = cmd.spawn().expect("start gbvf serve");
        let server = GbvfServer {
            child,
            base: format!("http://127.0.0.1:{port}"),
            outbox,
            log,
        };
        server.wait_healthy().await;
        server
    }

    async fn wait_healthy(&self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        let http = reqwest::Client::new();
        loop {
            if let Ok(r) = http.get(format!("{}/api/health", self.base)).send().await {
                if r.status().is_success() {
                    return;
                }
            }
            assert!(
                Instant::now() < deadline,
                "gbvf serve did not become healthy: {}",
                std::fs::read_to_string(&self.log).unwrap_or_default()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for GbvfServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `gbvf` with `args` against `database_url` and returns (exit success, stderr).
pub fn run(database_url: &str, env: &[(&str, &str)], args: &[&str]) -> (bool, String) {
    let mut cmd = Command::new(binary());
    cmd.args(args)
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "warn");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run gbvf");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The template of `staff-v1` into `language` from `gbvf questionnaire-translation template`
/// (no database), every text filled in as `<marker> <English>`.
pub fn filled_template(language: &str, marker: &str) -> serde_json::Value {
    let out = std::process::Command::new(binary())
        .args([
            "questionnaire-translation",
            "template",
            "--questionnaire",
            "staff-v1",
        ])
        .args(["--language", language])
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut file: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let fill = |t: &mut serde_json::Value| {
        t["text"] = serde_json::json!(format!("{marker} {}", t["english"].as_str().unwrap()))
    };
    fill(&mut file["title"]);
    for q in file["questions"].as_array_mut().unwrap() {
        fill(q);
        for a in q["answers"].as_array_mut().unwrap() {
            fill(a);
        }
    }
    file
}
