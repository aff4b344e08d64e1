//! Public reads from a streaming replica (docs/operations.md "Topology"): `ops/replica` makes a
//! replica of the cluster the tests use with `pg_basebackup -R` on a port of its own, and the real
//! `gbvf serve` with `DATABASE_READ_URL` reads public answers from it (seen in the replica's
//! `pg_stat_activity` and in `/metrics`). Stopped, the replica is skipped and every read still
//! answers within 2 s (from the primary); started again, it serves again. With its replay paused
//! (a lagging replica), a read after a command shows the command's change and keeps showing it:
//! no answer from the replica is cached under the newer read model. Skips, saying why, only when
//! the cluster cannot feed a replica (`ops/replica` exits 3).

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use common::process::GbvfServer;
use common::{import_geography, TestDb};
use serde_json::{json, Value};
use sqlx::PgPool;

const TOKEN: &str = "replica-test-operator-token-0123456789";

/// A replica made by `ops/replica` in a directory of its own; removed when dropped.
struct Replica {
    env: Vec<(String, String)>,
    /// Its URL for the test database.
    url: String,
}

fn ops_replica() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ops/replica")
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Replica {
    /// `ops/replica start` of the server of `primary_url`; `Err(reason)` when replication is
    /// impossible there.
    fn start(primary_url: &str) -> Result<Replica, String> {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../.data")
            .join(format!("test-replica-{}", uuid::Uuid::new_v4().simple()));
        let env = vec![
            ("DATABASE_URL".to_string(), primary_url.to_string()),
            ("GBVF_REPLICA_PORT".into(), free_port().to_string()),
            ("GBVF_REPLICA_DIR".into(), dir.display().to_string()),
            ("GBVF_REPLICA_NO_SYNC".into(), "1".into()),
        ];
        let mut replica = Replica {
            env,
            url: String::new(),
        };
        let out = replica.run("start");
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.code() == Some(3) {
            return Err(stderr.trim().lines().last().unwrap_or("").to_string());
        }
        assert!(out.status.success(), "ops/replica start failed: {stderr}");
        replica.url = String::from_utf8_lossy(&out.stdout).trim().to_string();
        Ok(replica)
    }

    fn run(&self, what: &str) -> std::process::Output {
        Command::new("bash")
            .arg(ops_replica())
            .arg(what)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .output()
            .expect("run ops/replica")
    }

    fn stop(&self) {
        let out = self.run("stop");
        assert!(out.status.success(), "{out:?}");
    }

    fn restart(&self) {
        let out = self.run("start");
        assert!(out.status.success(), "{out:?}");
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.run("remove");
    }
}

/// The sum of the samples of `metric` whose labels contain `labels`, in the server's /metrics.
async fn metric(http: &reqwest::Client, base: &str, metric: &str, labels: &str) -> f64 {
    let text = http
        .get(format!("{base}/metrics"))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .filter(|l| l.starts_with(&format!("{metric}{{")) && l.contains(labels))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

/// Waits up to `seconds` for `gbvf_replica_up` to read `up`.
async fn replica_up(http: &reqwest::Client, base: &str, up: bool, seconds: u64) -> Duration {
    let started = Instant::now();
    let want = if up { 1.0 } else { 0.0 };
    while metric(http, base, "gbvf_replica_up", "replica=").await != want {
        assert!(
            started.elapsed() < Duration::from_secs(seconds),
            "gbvf_replica_up did not read {want} within {seconds} s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    started.elapsed()
}

/// Connections of the server's public reads on the replica, to the test database.
async fn reads_on_replica(replica: &PgPool) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'gbvf public reads' AND datname = current_database()",
    )
    .fetch_one(replica)
    .await
    .unwrap()
}

async fn get(http: &reqwest::Client, base: &str, path: &str) -> (u16, Value, Duration) {
    let started = Instant::now();
    let r = http.get(format!("{base}{path}")).send().await.unwrap();
    let status = r.status().as_u16();
    let body = r.json().await.unwrap_or(Value::Null);
    (status, body, started.elapsed())
}

/// The 2024 figure of crime type 6 in a CrimeStats document.
fn figure_2024(stats: &Value) -> Option<i64> {
    stats["series"]
        .as_array()?
        .iter()
        .find(|s| s["year"] == 2024)?["values"]["6"]
        .as_i64()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_reads_come_from_a_replica_and_fall_back_to_the_primary_within_two_seconds() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let replica = match Replica::start(&db.url) {
        Ok(r) => r,
        Err(reason) => {
            eprintln!("SKIPPED: no streaming replica of the test cluster: {reason}");
            db.drop_db().await;
            return;
        }
    };
    let replica_pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&replica.url)
        .await
        .unwrap();
    let server = GbvfServer::start(
        &db.url,
        &[
            ("DATABASE_READ_URL", replica.url.as_str()),
            ("GBVF_REPLICA_MAX_LAG_MS", "5000"),
            ("GBVF_OPERATOR_TOKEN", TOKEN),
        ],
    )
    .await;
    let (base, http) = (server.base.as_str(), reqwest::Client::new());
    replica_up(&http, base, true, 10).await;

    // Every municipality read once: cache misses, each a public read.
    let (status, list, _) = get(&http, base, "/api/geography/boundary/list/3").await;
    assert_eq!(status, 200, "{list}");
    let ids: Vec<i64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["boundaryId"].as_i64().unwrap())
        .collect();
    assert!(ids.len() > 100, "{} municipalities", ids.len());
    let mut ids = ids.into_iter();
    // The first read of a cache generation goes to the primary when the replica has not yet
    // replayed the primary's position of that moment (other databases of the cluster write too).
    let started = Instant::now();
    loop {
        let id = ids.next().unwrap();
        let (status, body, _) = get(&http, base, &format!("/api/geography/boundary/{id}")).await;
        assert_eq!(
            (status, body["boundaryId"].as_i64()),
            (200, Some(id)),
            "{body}"
        );
        let on_replica = metric(&http, base, "gbvf_public_reads_total", "pool=\"replica\"").await;
        if on_replica >= 5.0 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{on_replica} reads served by the replica"
        );
    }
    assert!(reads_on_replica(&replica_pool).await >= 1);
    replica_pool.close().await;

    // The replica stops: every read still answers, within 2 s, and it is skipped.
    let on_primary = metric(&http, base, "gbvf_public_reads_total", "pool=\"primary\"").await;
    replica.stop();
    let stopped = Instant::now();
    let mut slowest = Duration::ZERO;
    let mut skipped_after = None;
    while stopped.elapsed() < Duration::from_millis(2500) || skipped_after.is_none() {
        if skipped_after.is_none()
            && metric(&http, base, "gbvf_replica_up", "replica=").await == 0.0
        {
            skipped_after = Some(stopped.elapsed());
        }
        let id = ids.next().unwrap();
        let (status, body, took) = get(&http, base, &format!("/api/geography/boundary/{id}")).await;
        assert_eq!(
            (status, body["boundaryId"].as_i64()),
            (200, Some(id)),
            "{body}"
        );
        assert!(took < Duration::from_secs(2), "a read took {took:?}");
        slowest = slowest.max(took);
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let skipped_after = skipped_after.unwrap();
    assert!(
        skipped_after < Duration::from_secs(2),
        "skipped after {skipped_after:?}"
    );
    assert!(metric(&http, base, "gbvf_public_reads_total", "pool=\"primary\"").await > on_primary);
    eprintln!("replica stopped: slowest read {slowest:?}; marked down after {skipped_after:?}");

    // Started again, it serves again.
    replica.restart();
    let back = replica_up(&http, base, true, 15).await;
    let on_replica = metric(&http, base, "gbvf_public_reads_total", "pool=\"replica\"").await;
    let id = ids.next().unwrap();
    assert_eq!(
        get(&http, base, &format!("/api/geography/boundary/{id}"))
            .await
            .0,
        200
    );
    assert!(metric(&http, base, "gbvf_public_reads_total", "pool=\"replica\"").await > on_replica);
    eprintln!("replica serving again {back:?} after it answered");

    // A lagging replica: its replay is paused. A command's change shows in the next read, and
    // in every read after it (nothing older was cached under the newer read model).
    let replica_pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&replica.url)
        .await
        .unwrap();
    let (_, precincts, _) = get(&http, base, "/api/geography/boundary/list/5").await;
    let boundary = precincts[0]["boundaryId"].as_i64().unwrap();
    let stats_path = format!("/api/crime/stats?boundaryId={boundary}&componentOptions=6");
    let (status, before, _) = get(&http, base, &stats_path).await;
    assert_eq!(status, 200, "{before}");
    sqlx::query("SELECT pg_wal_replay_pause()")
        .execute(&replica_pool)
        .await
        .unwrap();
    let count = figure_2024(&before).unwrap_or(0) + 1234;
    let r = http
        .post(format!("{base}/api/crime/figures"))
        .bearer_auth(TOKEN)
        .json(&json!({"boundaryId": boundary, "crimeTypeId": 6, "periodStartYear": 2024, "count": count}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    // The command answers before its projection moves (the projectors follow within a second);
    // once it has, reads show the figure while the paused replica is still within the allowed
    // lag (5 s here): they are not served by it, as it has not replayed the read model the
    // cache now claims.
    let paused = Instant::now();
    loop {
        let (status, after, _) = get(&http, base, &stats_path).await;
        assert_eq!(status, 200);
        if figure_2024(&after) == Some(count) {
            break;
        }
        assert!(paused.elapsed() < Duration::from_secs(4), "{after}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let shown_after = paused.elapsed();
    for _ in 0..5 {
        let (status, after, _) = get(&http, base, &stats_path).await;
        assert_eq!(status, 200);
        assert_eq!(figure_2024(&after), Some(count), "{after}");
    }
    assert_eq!(
        metric(&http, base, "gbvf_replica_up", "replica=").await,
        1.0
    );
    assert!(
        paused.elapsed() < Duration::from_secs(5),
        "the replica lagged past the allowed 5 s before the check"
    );
    eprintln!("a command's figure shown {shown_after:?} after it, replica paused");
    // Past the allowed lag it is skipped altogether; resumed, it serves again.
    replica_up(&http, base, false, 10).await;
    sqlx::query("SELECT pg_wal_replay_resume()")
        .execute(&replica_pool)
        .await
        .unwrap();
    replica_up(&http, base, true, 10).await;
    replica_pool.close().await;
    drop(server);
    drop(replica);
    db.drop_db().await;
}
