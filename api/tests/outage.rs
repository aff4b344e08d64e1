//! A database outage (docs/reliability.md "Database outage"). `gbvf serve` reaches PostgreSQL
//! through a TCP proxy the test cuts (every open connection dropped, new ones refused) while
//! clients read and write. During the outage: `/api/health` 503, cached public GETs 200 marked
//! stale, every other call 503 with the generic failure message (a USSD step: its last screen
//! saying so), each within 2 s, and nothing
//! half written. After it: full service within 2 s, no restart, projectors caught up.

mod common;

use std::time::{Duration, Instant};

use common::process::GbvfServer;
use common::proxy::DbProxy;
use common::{import_geography, TestDb};
use serde_json::{json, Value};

const TOKEN: &str = "outage-operator-token";
const BUDGET: Duration = Duration::from_secs(2);
const USSD_SECRET: &str = "outage-ussd-callback-secret-0123456789";

struct Answer {
    status: u16,
    stale: bool,
    body: Value,
    took: Duration,
}

async fn call(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    body: Option<Value>,
) -> Answer {
    let started = Instant::now();
    let mut rq = http
        .request(method, url)
        .bearer_auth(TOKEN)
        .timeout(Duration::from_secs(30));
    if let Some(b) = body {
        rq = rq.json(&b);
    }
    let r = rq
        .send()
        .await
        .expect("an answer, not a dropped connection");
    let status = r.status().as_u16();
    let stale = r.headers().get("x-gbvf-stale").is_some();
    let body = r.json().await.unwrap_or(Value::Null);
    Answer {
        status,
        stale,
        body,
        took: started.elapsed(),
    }
}

fn figure(year: i32) -> Value {
    json!({"boundaryId": 10, "crimeTypeId": 6, "periodStartYear": year, "count": 100 + year as i64})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_outage_answers_fast_serves_cached_reads_writes_nothing_half_and_recovers() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let proxy = DbProxy::start(&db.url).await;
    let srv = GbvfServer::start(
        &proxy.url,
        &[
            ("GBVF_OPERATOR_TOKEN", TOKEN),
            ("GBVF_USSD_CALLBACK_SECRET", USSD_SECRET),
            (
                "GBVF_USSD_PHONE_KEY",
                "outage-test-phone-key-0123456789abcdef",
            ),
        ],
    )
    .await;
    let http = reqwest::Client::new();
    let base = srv.base.clone();
    let cached = [
        "/api/dashboard?boundaryId=1",
        "/api/geography/boundary/list/2",
        "/api/crime/stats?boundaryId=1",
    ];
    let a = call(
        &http,
        reqwest::Method::POST,
        format!("{base}/api/crime/figures"),
        Some(figure(2001)),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    // Once the projectors have applied it (their notification empties the cache), warm it.
    common::catch_up(&db.pool).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    for path in cached {
        let a = call(&http, reqwest::Method::GET, format!("{base}{path}"), None).await;
        assert_eq!(a.status, 200, "{path} before the outage: {}", a.body);
        assert!(!a.stale);
    }

    proxy.cut();
    // Writers and readers keep going through the outage.
    let load = {
        let (http, base) = (http.clone(), base.clone());
        tokio::spawn(async move {
            let mut answers = vec![];
            for i in 0..20 {
                let path = if i % 2 == 0 {
                    "/api/crime/figures"
                } else {
                    "/api/geography/boundary/list/3"
                };
                let a = if i % 2 == 0 {
                    call(
                        &http,
                        reqwest::Method::POST,
                        format!("{base}{path}"),
                        Some(figure(2100 + i)),
                    )
                    .await
                } else {
                    call(&http, reqwest::Method::GET, format!("{base}{path}"), None).await
                };
                answers.push((path, a.status, a.took, 2100 + i));
            }
            answers
        })
    };
    let health = call(
        &http,
        reqwest::Method::GET,
        format!("{base}/api/health"),
        None,
    )
    .await;
    assert_eq!(health.status, 503, "{}", health.body);
    assert!(health.took < BUDGET, "health took {:?}", health.took);
    for path in cached {
        let a = call(&http, reqwest::Method::GET, format!("{base}{path}"), None).await;
        assert_eq!(a.status, 200, "{path} is cached: {}", a.body);
        assert!(
            a.stale,
            "{path}: a cached answer says it may be stale while the database is away"
        );
        assert!(a.took < BUDGET, "{path} took {:?}", a.took);
    }
    let a = call(
        &http,
        reqwest::Method::GET,
        format!("{base}/api/geography/boundary/list/5"),
        None,
    )
    .await;
    assert_eq!(a.status, 503, "an uncached read: {}", a.body);
    assert!(a.took < BUDGET, "uncached read took {:?}", a.took);
    assert_eq!(
        a.body["message"],
        gbvf_api::http::error::GENERIC_FAILURE,
        "the generic failure message"
    );
    // A USSD step: a gateway gives a callback a few seconds, so the phone is told at once.
    let started = Instant::now();
    let ussd = http
        .post(format!("{base}/api/ussd/{USSD_SECRET}"))
        .form(&[
            ("sessionId", "outage"),
            ("serviceCode", "*120*4321#"),
            ("phoneNumber", "+27820000009"),
            ("text", "123456789012"),
        ])
        .send()
        .await
        .unwrap();
    let took = started.elapsed();
    assert_eq!(ussd.status(), 200);
    let text = ussd.text().await.unwrap();
    assert!(
        text.starts_with("END Sorry, something went wrong."),
        "{text}"
    );
    assert!(took < BUDGET, "a USSD step took {took:?} during the outage");
    let mut acknowledged = vec![];
    for (path, status, took, year) in load.await.unwrap() {
        assert!(took < BUDGET, "{path} took {took:?} during the outage");
        assert!(
            status == 503 || status == 200,
            "{path}: {status}; server log:\n{}",
            std::fs::read_to_string(&srv.log).unwrap_or_default()
        );
        if path == "/api/crime/figures" && status == 200 {
            acknowledged.push(year);
        }
    }

    proxy.restore();
    let back = Instant::now();
    loop {
        let a = call(
            &http,
            reqwest::Method::GET,
            format!("{base}/api/health"),
            None,
        )
        .await;
        if a.status == 200 {
            break;
        }
        assert!(
            back.elapsed() < BUDGET,
            "health still {} after {:?}",
            a.status,
            back.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let a = call(
        &http,
        reqwest::Method::POST,
        format!("{base}/api/crime/figures"),
        Some(figure(2002)),
    )
    .await;
    assert_eq!(a.status, 200, "a command after the outage: {}", a.body);
    assert!(
        back.elapsed() < BUDGET * 2,
        "full service took {:?}",
        back.elapsed()
    );
    let a = call(
        &http,
        reqwest::Method::GET,
        format!("{base}/api/dashboard?boundaryId=1"),
        None,
    )
    .await;
    assert!(!a.stale, "fresh again once the database is back");

    // Nothing half written: every figure the server acknowledged is in the log, and only those.
    let stored: Vec<i64> = sqlx::query_scalar(
        "SELECT (payload->'CrimeFigureRecorded'->>'period_start_year')::bigint FROM events
         WHERE event_type = 'CrimeFigureRecorded' ORDER BY 1",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let mut expected: Vec<i64> = vec![2001, 2002];
    expected.extend(acknowledged.iter().map(|y| *y as i64));
    expected.sort();
    assert_eq!(stored, expected, "acknowledged figures and stored figures");

    // The projectors caught up without a restart.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let a = call(
            &http,
            reqwest::Method::GET,
            format!("{base}/api/health"),
            None,
        )
        .await;
        let lagging: Vec<&Value> = a.body["projections"]
            .as_array()
            .map(|ps| {
                ps.iter()
                    .filter(|p| {
                        p["lagEvents"].as_i64().unwrap_or(0) > 0
                            || p["lag_events"].as_i64().unwrap_or(0) > 0
                    })
                    .collect()
            })
            .unwrap_or_default();
        if a.status == 200 && lagging.is_empty() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "projectors did not catch up: {}",
            a.body
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(srv);
    db.drop_db().await;
}
