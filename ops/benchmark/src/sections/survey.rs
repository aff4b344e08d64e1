//! Section 7: anonymous survey responses over HTTP at 32 concurrent respondents, each a new
//! browser (the session check, then `POST /api/healthcheck/survey`), and the health-check
//! projector's lag under that load, through the five survey links of the example organisations
//! (`gbvf examples load`). Targets: ≥ 500 responses/s; lag p99 < 1 s.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use hyper::Method;
use rand::SeedableRng;

use gbvf_api::cli;
use gbvf_events::healthcheck::SURVEY_RESPONSE_AGGREGATE;

use crate::checkpoints::{lag_of, lag_table, Sampler};
use crate::config::Config;
use crate::db::{max_global_position, open_db, Databases};
use crate::http::{answered_ok, connections, Http, Jar};
use crate::report::{section_title, Verdict};
use crate::servers::start_gbvf;
use crate::setup;
use crate::stats::{join_workers, merge, RunResult, Worker};

/// Concurrent respondents of the measured run.
const RESPONDENTS: usize = 32;
/// Responses of the warm-up (8 respondents; not reported), through the same links.
const WARM: usize = 64;

/// One respondent after another on the keep-alive connection `http`, taking the next body of
/// `bodies` below `end` from the shared counter `next`: a new browser each time (the session
/// check hands out a cookie and a CSRF token), then the submission. The latency of a response
/// is that of both requests, µs.
async fn respondents(
    mut http: Http,
    bodies: Arc<Vec<String>>,
    next: Arc<AtomicUsize>,
    end: usize,
) -> Worker {
    let mut w = Worker::new();
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= end {
            break;
        }
        let started = Instant::now();
        let path = "/api/healthcheck/survey";
        let outcome = async {
            let browser = http.session_check(&mut Jar::default()).await?;
            let req = http.json(Method::POST, path, &browser, bodies[i].clone())?;
            http.send(req).await
        }
        .await
        .map_err(|e| format!("{e:#}"));
        w.record(started, answered_ok(path, outcome));
    }
    w
}

/// Runs `bodies[start..end]` with `clients` concurrent [`respondents`], their connections
/// opened before the clock starts; the first failure is printed to stderr.
async fn respond(
    addr: SocketAddr,
    bodies: &Arc<Vec<String>>,
    clients: usize,
    start: usize,
    end: usize,
) -> Result<RunResult> {
    let conns = connections(addr, clients).await?;
    let next = Arc::new(AtomicUsize::new(start));
    let started = Instant::now();
    let workers = conns
        .into_iter()
        .map(|http| tokio::spawn(respondents(http, bodies.clone(), next.clone(), end)))
        .collect();
    let r = merge(join_workers(workers).await?, started.elapsed());
    r.print_first_error("response");
    Ok(r)
}

/// The body of every response of the run, warm-up first: 256 bodies, body `j` through link
/// `j mod links` with every question answered as the example respondents answer
/// (`cli::examples::answers`, seeded), taken in turn by the warm-up and by the measured run.
fn bodies(links: &[(String, String)], warm: usize, total: usize) -> Result<Vec<String>> {
    let questionnaires = setup::questionnaires()?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let mut bodies = Vec::new();
    for i in 0..256 {
        let (code, qid) = &links[i % links.len()];
        let def = questionnaires
            .get(qid)
            .ok_or_else(|| anyhow!("questionnaire {qid} missing"))?;
        let answers = cli::examples::answers(def, 0.5, &mut rng);
        bodies.push(serde_json::json!({"InviteCode": code, "Answers": answers}).to_string());
    }
    let n = bodies.len();
    Ok((0..warm)
        .chain(0..total)
        .map(|i| bodies[i % n].clone())
        .collect())
}

/// Runs section 7 on a new database: the geography and the example organisations, a warm-up,
/// then `GBVF_BENCH_RESPONSES` responses measured.
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 7: survey responses over HTTP and the health-check projector's lag");
    let url = dbs.create("survey").await?;
    let pool = open_db(&url).await?;
    setup::import_geography(&pool, &cfg.data_dir, "bench:geography").await?;
    let total = cfg.responses;
    // Open survey periods: the example organisations (gbvf examples load) give five links.
    let loaded = cli::examples::load(&pool, 1).await?;
    let links: Vec<(String, String)> = sqlx::query_as(
        "SELECT invite_code, questionnaire_id FROM health_check WHERE now() BETWEEN effective_from AND effective_to",
    )
    .fetch_all(&pool)
    .await?;
    if links.is_empty() {
        bail!("no open survey period after loading the examples");
    }
    let server = start_gbvf(cfg, &url, "survey", &[]).await?;
    let bodies = Arc::new(bodies(&links, WARM, total)?);
    let sampler = Sampler::start(&url, "healthcheck");
    respond(server.addr, &bodies, 8, 0, WARM).await?;
    let from = max_global_position(&pool).await?;
    let r = respond(server.addr, &bodies, RESPONDENTS, WARM, WARM + total).await?;
    let to = max_global_position(&pool).await?;
    // Until the projector has applied the last response (or 10 s).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let applied: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM events e, projection_checkpoint c WHERE c.projection = 'healthcheck'
               AND e.aggregate_type = $2 AND e.global_position > $1
               AND (e.transaction_id, e.global_position) <= (c.last_transaction_id, c.last_global_position)",
        )
        .bind(from)
        .bind(SURVEY_RESPONSE_AGGREGATE)
        .fetch_one(&pool)
        .await?;
        if applied as u64 >= r.ok || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let samples = sampler.finish(Duration::ZERO).await?;
    let lag = lag_of(&pool, SURVEY_RESPONSE_AGGREGATE, &samples, from, to).await?;
    let stored: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_type = $2 AND global_position > $1",
    )
    .bind(from)
    .bind(SURVEY_RESPONSE_AGGREGATE)
    .fetch_one(&pool)
    .await?;
    let counted: i64 =
        sqlx::query_scalar("SELECT coalesce(sum(actual_responses), 0)::bigint FROM health_check")
            .fetch_one(&pool)
            .await?;
    server.stop().await;
    let (ok, failed, rps) = (r.ok, r.errors, r.rate());
    section_title(
        7,
        "Survey responses over HTTP (each a new anonymous browser session)",
    );
    let leading = [
        ("respondents", RESPONDENTS.to_string()),
        ("responses", ok.to_string()),
        ("failed", failed.to_string()),
        ("responses/s", format!("{rps:.0}")),
    ];
    let t = lag_table(&leading, &r.hist, &lag);
    println!("{t}");
    println!(
        "\nA response is the session check (cookie and CSRF token) and `POST /api/healthcheck/survey`; \
         {} links of the example organisations ({} example events loaded first). \
         Stored response events: {stored}; responses counted by the read model: {counted} \
         (including the {} example and {WARM} warm-up responses).",
        links.len(),
        loaded.events,
        loaded.responses
    );
    summary.push(Verdict {
        section: "7",
        figure: format!("survey responses/s over HTTP at {RESPONDENTS} respondents"),
        target: ">= 500".into(),
        measured: format!("{rps:.0}"),
        pass: Some(rps >= 500.0 && failed == 0 && stored as u64 == ok),
    });
    let p99 = lag.hist.value_at_quantile(0.99) as f64 / 1000.0;
    summary.push(Verdict {
        section: "7",
        figure: "health-check projector lag p99 under that load".into(),
        target: "< 1000 ms".into(),
        measured: format!("{p99:.0} ms"),
        pass: Some(p99 < 1000.0 && lag.unapplied == 0),
    });
    Ok(())
}
