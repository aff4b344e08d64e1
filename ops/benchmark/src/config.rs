//! The configuration of `gbvf-bench run`, read from the environment (`./ops/bench` sets it;
//! `gbvf-bench --help` lists every variable): where PostgreSQL and the binaries are, which
//! sections to run and how much load each gets.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};

/// What `gbvf-bench run` measures and against what.
pub struct Config {
    /// `DATABASE_URL`: the PostgreSQL server on which the bench databases are created.
    pub server_url: String,
    /// The `gbvf` executable started as the server child (`GBVF_BIN`).
    pub gbvf_bin: PathBuf,
    /// This executable (started again as `gbvf-bench static`).
    pub self_bin: PathBuf,
    /// The project's data directory (`GBVF_DATA_DIR`): geography, crime files, building blocks.
    pub data_dir: PathBuf,
    /// Operator token given to the server (at least 16 characters).
    pub token: String,
    /// Sections to run (`GBVF_BENCH_SECTIONS`).
    pub sections: Vec<u8>,
    /// Commands per concurrency level and path in section 1 (`GBVF_BENCH_COMMANDS`).
    pub commands: usize,
    /// Survey responses measured in section 7 (`GBVF_BENCH_RESPONSES`).
    pub responses: usize,
    /// Longest time one run of commands may take (45 s).
    pub command_cap: Duration,
    /// Synthetic events of section 3 (`GBVF_BENCH_EVENTS`).
    pub rebuild_events: usize,
    /// Events of section 11's log (`GBVF_BENCH_AUDIT_EVENTS`, default 1,000,000).
    pub audit_events: usize,
    /// Events of section 8's log (`GBVF_BENCH_SCALE_EVENTS`, default 10,000,000).
    pub scale_events: usize,
    /// Time limit of section 3's engine-read-alone step (`GBVF_BENCH_ENGINE_READ_SECS`).
    pub engine_read_cap: Duration,
    /// Time limit of section 3's rebuild and of its replica (`GBVF_BENCH_REBUILD_SECS`).
    pub rebuild_cap: Duration,
    /// Measured seconds per read endpoint and server (`GBVF_BENCH_READ_SECS`).
    pub read_secs: u64,
    /// Concurrent connections of the read load (`GBVF_BENCH_READ_CONNS`).
    pub read_conns: usize,
    /// Where the child servers' logs go (`GBVF_BENCH_LOG_DIR`).
    pub log_dir: PathBuf,
}

/// The number in environment variable `name` (underscores allowed: `1_000`), or `default`
/// when it is unset or blank. Errors: a value that is not a number.
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
    /// Reads the environment (module docs). Errors: `DATABASE_URL` unset, `GBVF_BIN` missing, a
    /// knob that is not a number, a log directory that cannot be created.
    pub fn from_env() -> Result<Config> {
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
            _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data"),
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
            _ => vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
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
            audit_events: env_num("GBVF_BENCH_AUDIT_EVENTS", 1_000_000usize)?.max(1),
            scale_events: env_num("GBVF_BENCH_SCALE_EVENTS", 10_000_000usize)?.max(1),
            engine_read_cap: Duration::from_secs(env_num("GBVF_BENCH_ENGINE_READ_SECS", 15u64)?),
            rebuild_cap: Duration::from_secs(env_num("GBVF_BENCH_REBUILD_SECS", 45u64)?.max(1)),
            read_secs: env_num("GBVF_BENCH_READ_SECS", 8u64)?.max(1),
            read_conns: env_num("GBVF_BENCH_READ_CONNS", 64usize)?.max(1),
            log_dir,
        })
    }
    /// Whether section `section` is to run.
    pub fn wants(&self, section: u8) -> bool {
        self.sections.contains(&section)
    }
}
