//! Crash under load against real PostgreSQL and the real `gbvf serve`
//! process: 32 clients send commands (`POST /api/crime/figures`, each client its own crime
//! series) while the server is killed with SIGKILL ten times and started again. Afterwards every
//! command that got a success answer is in the event log (by its request id), and every
//! projection equals a rebuild from position zero (no event applied twice, none skipped). The
//! figures (commands answered, kills, time to answer again) are printed; run with
//! `cargo test -p gbvf-api --test crash -- --nocapture` to see them.

mod common;

use std::collections::HashSet;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{catch_up, import_geography, TestDb};
use serde_json::{json, Value};
use sqlx::PgPool;

const TOKEN: &str = "crash-test-operator-token-0123456789";
const CLIENTS: usize = 32;
const KILLS: usize = 10;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start(url: &str, port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_gbvf"))
        .args(["serve", "--web-dir", "/nonexistent-web-dir"])
        .env("DATABASE_URL", url)
        .env("PORT", port.to_string())
        .env("GBVF_OPERATOR_TOKEN", TOKEN)
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start gbvf serve")
}

/// Waits until the server answers `/api/health`; returns how long that took.
async fn until_up(base: &str) -> Duration {
    let started = Instant::now();
    let http = reqwest::Client::new();
    loop {
        if let Ok(r) = http.get(format!("{base}/api/health")).send().await {
            if r.status().is_success() {
                return started.elapsed();
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the server did not come back"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A digest of every read model (each public view over a projection's tables), per view.
async fn read_models(pool: &PgPool) -> Vec<(String, String)> {
    let views: Vec<String> = sqlx::query_scalar(
        "SELECT table_name::text FROM information_schema.views WHERE table_schema = 'public' ORDER BY 1",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut out = Vec::new();
    for v in views {
        let digest: String = sqlx::query_scalar(&format!(
            "SELECT coalesce(md5(string_agg(r, E'\\n' ORDER BY r)), 'empty') FROM (SELECT row_to_json(t)::text r FROM {v} t) x"
        ))
        .fetch_one(pool)
        .await
        .unwrap();
        out.push((v, digest));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn kill_9_under_load_loses_no_answered_command_and_projections_equal_a_rebuild() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let boundaries: Vec<i64> = sqlx::query_scalar(
        "SELECT boundary_id FROM boundary WHERE level = 'municipality' ORDER BY boundary_id LIMIT $1",
    )
    .bind(CLIENTS as i64)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(boundaries.len(), CLIENTS);

    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = start(&db.url, port);
    until_up(&base).await;

    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(Mutex::new(Vec::<String>::new()));
    let failed = Arc::new(AtomicU64::new(0));
    let sent = Arc::new(AtomicU64::new(0));
    let mut clients = Vec::new();
    for (i, boundary) in boundaries.iter().copied().enumerate() {
        let (stop, answered, failed, sent, base) = (
            stop.clone(),
            answered.clone(),
            failed.clone(),
            sent.clone(),
            base.clone(),
        );
        clients.push(tokio::spawn(async move {
            let http = reqwest::Client::builder()
                .timeout(Duration::from_secs(5))
                .build()
                .unwrap();
            let mut n: i64 = 0;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                sent.fetch_add(1, Ordering::Relaxed);
                // Each command changes the figure (a new count), so each success is one event.
                let body = json!({"boundaryId": boundary, "crimeTypeId": 6,
                    "periodStartYear": 2000 + (n % 23), "count": n * CLIENTS as i64 + i as i64});
                let r = http
                    .post(format!("{base}/api/crime/figures"))
                    .bearer_auth(TOKEN)
                    .json(&body)
                    .send()
                    .await;
                match r {
                    Ok(r) if r.status().is_success() => {
                        let v: Value = match r.json().await {
                            Ok(v) => v,
                            Err(_) => {
                                // The answer was cut off: not a success answer.
                                failed.fetch_add(1, Ordering::Relaxed);
                                continue;
                            }
                        };
                        answered
                            .lock()
                            .unwrap()
                            .push(v["requestId"].as_str().unwrap().to_string());
                    }
                    // 409: a command of this client that timed out on our side was still
                    // running in the server when the next one arrived (a slow restart on a busy
                    // machine); the server refused the second one and recorded nothing for it.
                    // That is an answer, not a success, so it is counted with the refusals.
                    Ok(r) if r.status() == reqwest::StatusCode::CONFLICT => {
                        failed.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(r) => panic!("unexpected answer {}", r.status()),
                    Err(_) => {
                        failed.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                }
            }
        }));
    }

    let started = Instant::now();
    let mut recoveries = Vec::new();
    for round in 0..KILLS {
        // Under load for 0.4–0.9 s, then SIGKILL (Child::kill on Unix).
        tokio::time::sleep(Duration::from_millis(400 + (round as u64 * 137) % 500)).await;
        server.kill().unwrap();
        server.wait().unwrap();
        server = start(&db.url, port);
        recoveries.push(until_up(&base).await);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.store(true, Ordering::Relaxed);
    for c in clients {
        c.await.unwrap();
    }
    let elapsed = started.elapsed();
    server.kill().unwrap();
    server.wait().unwrap();

    // 1. Every answered command is in the log.
    let answered = answered.lock().unwrap().clone();
    let logged: HashSet<String> = sqlx::query_scalar(
        "SELECT metadata->>'request_id' FROM events WHERE aggregate_type = 'crime_series'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let missing: Vec<&String> = answered.iter().filter(|r| !logged.contains(*r)).collect();
    assert!(
        answered.len() > 100,
        "too little load: {} answered",
        answered.len()
    );
    assert!(
        missing.is_empty(),
        "answered but not in the log: {missing:?}"
    );

    // 2. After the restarts, the projections (caught up) equal a rebuild from zero.
    catch_up(&db.pool).await;
    let live = read_models(&db.pool).await;
    for p in gbvf_projections::all() {
        gbvf_projections::engine::rebuild(
            &db.pool,
            p.as_ref(),
            gbvf_projections::engine::PAGE,
            |_| {},
        )
        .await
        .unwrap();
    }
    let rebuilt = read_models(&db.pool).await;
    assert_eq!(live, rebuilt, "a projection differs from its rebuild");

    recoveries.sort();
    let ms = |d: &Duration| d.as_secs_f64() * 1000.0;
    println!(
        "crash under load: {KILLS} × kill -9 with {CLIENTS} clients in {:.1} s; {} commands sent, {} answered with success ({:.0}/s), {} cut off or refused, {} events logged; 0 answered commands missing; time to answer again after a kill: median {:.0} ms, max {:.0} ms; {} read models equal a rebuild",
        elapsed.as_secs_f64(),
        sent.load(Ordering::Relaxed),
        answered.len(),
        answered.len() as f64 / elapsed.as_secs_f64(),
        failed.load(Ordering::Relaxed),
        logged.len(),
        ms(&recoveries[recoveries.len() / 2]),
        ms(recoveries.last().unwrap()),
        live.len(),
    );
    db.drop_db().await;
}
