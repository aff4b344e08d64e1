//! Section 16: the USSD survey's steps (decision 0168) at 32 concurrent sessions, through the
//! real callback endpoint with the Africa's Talking form fields. Each session is a new phone
//! that dials, types a survey link's short code and answers every question of `staff-v1` (its
//! first answer; a multiple-choice question: the first, then Done) up to the confirmation, one
//! step per callback, each carrying every input of the session as a gateway sends them. The
//! sessions stop at the confirmation: Send is the browser's submission, measured in section 7
//! (the link's cap and rate limit would otherwise be what is measured). Target: p99 < 200 ms
//! (aggregators give a callback a few seconds at most).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use http_body_util::Full;
use hyper::body::Bytes;
use hyper::{Method, Request};

use super::survey_links;
use crate::config::Config;
use crate::db::{open_db, Databases};
use crate::http::{connections, Http};
use crate::report::{p50_p99, section_title, table, Verdict};
use crate::servers::start_gbvf;
use crate::setup;
use crate::stats::{join_workers, merge, Worker};

/// Concurrent sessions.
const SESSIONS: usize = 32;
/// Sessions of the measured run (each about 25 steps).
const RUNS: usize = 128;
/// The bench's callback secret and phone key (a run of its own).
const SECRET: &str = "bench-ussd-callback-secret-0123456789";
const PHONE_KEY: &str = "bench-ussd-phone-key-0123456789abcdef";

/// One callback: `inputs` of session `session` from `phone`; the screen answered.
async fn step(http: &mut Http, session: &str, phone: &str, inputs: &[String]) -> Result<String> {
    let body = form_urlencoded::Serializer::new(String::new())
        .append_pair("sessionId", session)
        .append_pair("serviceCode", "*120*4321#")
        .append_pair("phoneNumber", phone)
        .append_pair("networkCode", "bench")
        .append_pair("text", &inputs.join("*"))
        .finish();
    let req = Request::builder()
        .method(Method::POST)
        .uri(format!("/api/ussd/{SECRET}"))
        .header(hyper::header::HOST, &http.host)
        .header(
            hyper::header::CONTENT_TYPE,
            "application/x-www-form-urlencoded",
        )
        .body(Full::new(Bytes::from(body)))?;
    let (status, _, bytes) = http.send(req).await?;
    let text = String::from_utf8_lossy(&bytes).to_string();
    anyhow::ensure!(
        status.is_success() && text.starts_with("CON "),
        "{status}: {text}"
    );
    Ok(text)
}

/// Sessions one after another on `http` until `RUNS` are done: each step's latency recorded.
async fn sessions(mut http: Http, code: Arc<String>, next: Arc<AtomicUsize>) -> Worker {
    let mut w = Worker::new();
    loop {
        let n = next.fetch_add(1, Ordering::Relaxed);
        if n >= RUNS {
            break;
        }
        let session = format!("bench-{n}-{}", uuid::Uuid::new_v4().simple());
        let phone = format!("+2782{n:07}");
        let mut inputs: Vec<String> = Vec::new();
        let mut next_input = Some(code.to_string());
        let mut steps = 0;
        loop {
            let started = Instant::now();
            let answer = step(&mut http, &session, &phone, &inputs).await;
            let screen = match answer {
                Ok(s) => s,
                Err(e) => {
                    w.record(started, Err(format!("{e:#}")));
                    break;
                }
            };
            w.record(started, Ok(()));
            steps += 1;
            if screen.contains("You answered") || steps > 60 {
                break;
            }
            if let Some(input) = next_input.take() {
                inputs.push(input);
            } else if screen.ends_with("99 Done") && inputs.last().is_none_or(|l| l != "1") {
                inputs.push("1".into());
            } else if screen.ends_with("99 Done") {
                inputs.push("99".into());
            } else {
                inputs.push("1".into());
            }
        }
    }
    w
}

/// Runs section 16 on a new database: the geography, one organisation's open survey link, then
/// [`RUNS`] sessions by [`SESSIONS`] concurrent phones.
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 16: USSD survey steps");
    let url = dbs.create("ussd").await?;
    let pool = open_db(&url).await?;
    let meta = setup::import_geography(&pool, &cfg.data_dir, "bench:ussd").await?;
    let (organisations, admin) = survey_links::register(&pool, 1, &meta).await?;
    setup::catch_up_all(&pool).await?;
    let outbox = cfg
        .log_dir
        .join(format!("gbvf-bench-ussd-outbox-{}", std::process::id()));
    let outbox_dir = outbox.to_string_lossy().to_string();
    let env = [
        ("GBVF_ENABLE_LOGIN", "true"),
        ("GBVF_OUTBOX_DIR", outbox_dir.as_str()),
        ("GBVF_USSD_CALLBACK_SECRET", SECRET),
        ("GBVF_USSD_PHONE_KEY", PHONE_KEY),
    ];
    let server = start_gbvf(cfg, &url, "ussd", &env).await?;
    let links = survey_links::open(&pool, server.addr, &admin, &organisations, 10).await?;
    let code = Arc::new(gbvf_events::health_check::short_code(&links.codes[0]));
    let addr: SocketAddr = server.addr;
    // A warm-up session (not reported), then the measured ones.
    let mut warm = Http::new(addr).await?;
    step(&mut warm, "bench-warm", "+27829999999", &[]).await?;
    step(&mut warm, "bench-warm", "+27829999999", &[code.to_string()]).await?;
    let conns = connections(addr, SESSIONS).await?;
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let workers = conns
        .into_iter()
        .map(|http| tokio::spawn(sessions(http, code.clone(), next.clone())))
        .collect();
    let r = merge(join_workers(workers).await?, started.elapsed());
    r.print_first_error("USSD step");
    server.stop().await;
    let _ = std::fs::remove_dir_all(&outbox);
    section_title(16, "USSD survey steps (Africa's Talking callbacks)");
    let mut t = table(&[
        "sessions",
        "concurrent",
        "steps",
        "failed",
        "steps/s",
        "p50 ms",
        "p99 ms",
    ]);
    let [p50, p99] = p50_p99(&r.hist);
    t.add_row(vec![
        RUNS.to_string(),
        SESSIONS.to_string(),
        r.ok.to_string(),
        r.errors.to_string(),
        format!("{:.0}", r.rate()),
        p50,
        p99.clone(),
    ]);
    println!("{t}");
    println!(
        "\nA step is one `POST /api/ussd/<secret>` carrying every input of its session (a gateway \
         sends them all), answered by replaying them: the resume row, the short code's link, the \
         survey period, the once-per-phone check, the languages offered, the questionnaire \
         (cached) and the resume row written. Each of the {RUNS} sessions is a new phone answering \
         every question of {} up to the confirmation; Send is the browser's submission (section 7).",
        links.questionnaire_id
    );
    let p99_ms = r.hist.value_at_quantile(0.99) as f64 / 1000.0;
    summary.push(Verdict {
        section: "16",
        figure: format!("USSD step p99 at {SESSIONS} concurrent sessions"),
        target: "< 200 ms".into(),
        measured: format!("{p99_ms:.0} ms ({:.0} steps/s)", r.rate()),
        pass: Some(p99_ms < 200.0 && r.errors == 0),
    });
    Ok(())
}
