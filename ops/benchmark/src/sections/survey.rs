//! Section 7: anonymous survey responses over HTTP at 32 concurrent respondents, each a new
//! browser (the session check, then `POST /api/healthcheck/survey`), and the health-check
//! projector's lag under that load. The responses go round-robin through survey links of the
//! section's own organisations, one link per 24 responses ([`super::survey_links`]), so every
//! response is within its link's cap and rate limit. Targets: ≥ 1,000 responses/s; lag p99 < 1 s.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use hyper::Method;
use rand::SeedableRng;

use gbvf_api::cli;
use gbvf_events::health_check::SURVEY_RESPONSE_AGGREGATE;

use super::survey_links::{self, responses_per_link, Links};
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

/// The body of every response of the run, warm-up first: response `i` answers through link
/// `i mod links` (so each link takes at most its expected responses), with every question
/// answered as the example respondents answer (`cli::examples::answers`, seeded).
fn bodies(links: &Links, n: usize) -> Result<Vec<String>> {
    let questionnaires = setup::questionnaires()?;
    let def = questionnaires
        .get(&links.questionnaire_id)
        .ok_or_else(|| anyhow!("questionnaire {} missing", links.questionnaire_id))?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let answers: Vec<_> = (0..256)
        .map(|_| cli::examples::answers(def, 0.5, &mut rng))
        .collect();
    Ok((0..n)
        .map(|i| {
            let code = &links.codes[i % links.codes.len()];
            serde_json::json!({"InviteCode": code, "Answers": answers[i % answers.len()]})
                .to_string()
        })
        .collect())
}

/// Runs section 7 on a new database: the geography, its own organisations and survey links,
/// a warm-up, then `GBVF_BENCH_RESPONSES` responses measured.
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 7: survey responses over HTTP and the health-check projector's lag");
    let url = dbs.create("survey").await?;
    let pool = open_db(&url).await?;
    let meta = setup::import_geography(&pool, &cfg.data_dir, "bench:survey").await?;
    let total = cfg.responses;
    let per_link = responses_per_link();
    let count = (WARM + total).div_ceil(per_link);
    let (organisations, admin) = survey_links::register(&pool, count, &meta).await?;
    setup::catch_up_all(&pool).await?;
    // Welcome e-mails of the approvals go to an outbox of this run, removed at the end.
    let outbox = cfg
        .log_dir
        .join(format!("gbvf-bench-outbox-{}", std::process::id()));
    let outbox_dir = outbox.to_string_lossy().to_string();
    let env = [
        ("GBVF_ENABLE_LOGIN", "true"),
        ("GBVF_OUTBOX_DIR", outbox_dir.as_str()),
    ];
    let server = start_gbvf(cfg, &url, "survey", &env).await?;
    let links = survey_links::open(&pool, server.addr, &admin, &organisations, per_link).await?;
    eprintln!(
        "    {count} organisations approved and {count} survey links opened over HTTP in {:.1} s; {per_link} responses per link",
        links.secs
    );
    let bodies = Arc::new(bodies(&links, WARM + total)?);
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
    let _ = std::fs::remove_dir_all(&outbox);
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
    let cap = gbvf_commands::health_check::response_cap(links.expected as i64);
    println!(
        "\nA response is the session check (cookie and CSRF token) and `POST /api/healthcheck/survey`, \
         answering every question of {}. The section registers {count} organisations of its own; a World of Impact \
         administrator approves them and opens one survey link each over HTTP, expecting {} responses (cap {cap}). \
         The {WARM} warm-up and {total} measured responses go round-robin through the links, so no link takes more \
         than {} of them: within its cap and its {} submissions a minute, which are therefore not what is measured. \
         Stored response events: {stored}; responses counted by the read model: {counted} (including the {WARM} \
         warm-up responses).",
        links.questionnaire_id,
        links.expected,
        (WARM + total).div_ceil(links.codes.len()),
        survey_links::link_limit(),
    );
    summary.push(Verdict {
        section: "7",
        figure: format!("survey responses/s over HTTP at {RESPONDENTS} respondents"),
        target: ">= 1000".into(),
        measured: format!("{rps:.0}"),
        pass: Some(rps >= 1000.0 && failed == 0 && stored as u64 == ok),
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
