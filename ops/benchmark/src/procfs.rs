//! CPU time and resident memory of processes on this machine, from Linux `/proc`: this bench
//! process, the `gbvf serve` child and every PostgreSQL process, so a figure comes with where
//! its time went. Each reading is `None` (or 0) where `/proc` does not show the process (a
//! remote PostgreSQL, another system).

/// CPU seconds (user + system, from /proc) of the bench process, the `gbvf serve` child and
/// every PostgreSQL process of this machine: a reading, or the difference of two.
#[derive(Debug, Clone, Copy, Default)]
pub struct CpuSplit {
    /// This bench process, seconds.
    pub client: f64,
    /// The `gbvf serve` child, seconds.
    pub server: f64,
    /// Every live process named `postgres`, seconds.
    pub postgres: f64,
}

impl CpuSplit {
    /// The counters now (0 where /proc does not show a process, e.g. a remote PostgreSQL).
    pub fn now(server_pid: Option<u32>) -> CpuSplit {
        CpuSplit {
            client: proc_cpu_secs(std::process::id()).unwrap_or(0.0),
            server: server_pid.and_then(proc_cpu_secs).unwrap_or(0.0),
            postgres: postgres_cpu_secs(),
        }
    }

    /// What was used between `before` and `self`.
    pub fn since(self, before: CpuSplit) -> CpuSplit {
        CpuSplit {
            client: self.client - before.client,
            server: self.server - before.server,
            postgres: self.postgres - before.postgres,
        }
    }

    /// Adds another span's CPU seconds to this one.
    pub fn add(&mut self, o: CpuSplit) {
        self.client += o.client;
        self.server += o.server;
        self.postgres += o.postgres;
    }

    /// Seconds of all three together.
    pub fn total(&self) -> f64 {
        self.client + self.server + self.postgres
    }
}

/// Sum of the CPU seconds of the live processes named `postgres` (the server's backends and
/// background workers). A backend that exits takes its time with it, so the pools of the
/// sections keep their connections open across a run.
fn postgres_cpu_secs() -> f64 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .map(|c| c.trim() == "postgres")
                .unwrap_or(false)
        })
        .filter_map(proc_cpu_secs)
        .sum()
}

/// User + system CPU seconds of process `pid` so far (Linux /proc), or `None`.
pub fn proc_cpu_secs(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start at field 3 (state).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / clock_ticks())
}

/// Clock ticks per second of /proc's CPU counters (`getconf CLK_TCK`, else 100).
fn clock_ticks() -> f64 {
    static TICKS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100.0)
    })
}

/// Resident memory of process `pid` in MiB (Linux /proc), or `None`.
pub fn proc_rss_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The number of cores this process may use (at least 1).
pub fn cores() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}
