//! Traces leave the process (docs/reliability.md "Traces that arrive"). A real OTLP/HTTP
//! receiver (protobuf over HTTP, `POST /v1/traces`, decoded with opentelemetry-proto) runs in
//! the test; the real `gbvf serve` exports to it. Checked: the caller's `traceparent` is
//! honoured, a command's request span has children for the aggregate load and the append, a
//! read has a read-model span, and the projector's page span is linked to the request whose
//! event it applied.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::routing::post;
use common::process::GbvfServer;
use common::session::{code_for, registration, Client};
use common::{import_geography, TestDb};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message;
use serde_json::json;

type Received = Arc<Mutex<Vec<Span>>>;

/// Starts the receiver on a free loopback port; returns its base address and what it got.
async fn otlp_receiver() -> (String, Received) {
    let received: Received = Arc::default();
    let sink = received.clone();
    let app = axum::Router::new().route(
        "/v1/traces",
        post(move |body: Bytes| {
            let sink = sink.clone();
            async move {
                let request = ExportTraceServiceRequest::decode(body).expect("OTLP protobuf");
                let mut spans = sink.lock().unwrap();
                for resource in request.resource_spans {
                    for scope in resource.scope_spans {
                        spans.extend(scope.spans);
                    }
                }
                ExportTraceServiceResponse::default().encode_to_vec()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, received)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Waits until `pick` finds something in what was received (up to 20 s).
async fn wait_for<T>(received: &Received, what: &str, pick: impl Fn(&[Span]) -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(found) = pick(&received.lock().unwrap()) {
            return found;
        }
        if Instant::now() >= deadline {
            let spans = received.lock().unwrap();
            let seen: Vec<String> = spans
                .iter()
                .map(|s| {
                    format!(
                        "{} trace={} id={} parent={}",
                        s.name,
                        hex(&s.trace_id),
                        hex(&s.span_id),
                        hex(&s.parent_span_id)
                    )
                })
                .collect();
            panic!("no {what} arrived; received:\n{}", seen.join("\n"));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Finds a root `projector page` span linked to the trace `trace_id` (hex).
fn root_page_linked_to(trace_id: &str) -> impl Fn(&[Span]) -> Option<()> + '_ {
    move |spans| {
        spans
            .iter()
            .find(|s| {
                s.name == "projector page"
                    && s.parent_span_id.is_empty()
                    && s.links.iter().any(|l| hex(&l.trace_id) == trace_id)
            })
            .map(|_| ())
    }
}

/// True when `span` descends from the span `ancestor` (span ids, hex) among `spans`.
fn descends(spans: &[Span], span: &Span, ancestor: &str) -> bool {
    let mut parent = hex(&span.parent_span_id);
    for _ in 0..16 {
        if parent == ancestor {
            return true;
        }
        match spans.iter().find(|s| hex(&s.span_id) == parent) {
            Some(p) => parent = hex(&p.parent_span_id),
            None => return false,
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_commands_reads_and_projector_pages_arrive_as_linked_traces() {
    const OPERATOR_TOKEN: &str = "telemetry-test-operator-token";
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let (receiver, received) = otlp_receiver().await;
    let srv = GbvfServer::start(
        &db.url,
        &[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.as_str()),
            ("OTEL_BSP_SCHEDULE_DELAY", "100"),
            ("RUST_LOG", "info"),
            ("GBVF_OPERATOR_TOKEN", OPERATOR_TOKEN),
        ],
    )
    .await;

    // A command (registration: the user aggregate is loaded, its events appended) from a
    // caller that already has a trace.
    let command_trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    let caller_span = "00f067aa0ba902b7";
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        "traceparent",
        format!("00-{command_trace}-{caller_span}-01")
            .parse()
            .unwrap(),
    );
    let c = Client::with_headers(&srv.base, headers).await;
    let (s, v) = c
        .post(
            "/api/auth/register",
            registration(&db, "traced@example.org").await,
        )
        .await;
    assert_eq!(s, 200, "{v}");

    let request = wait_for(&received, "request span of the registration", |spans| {
        spans
            .iter()
            .find(|s| s.name == "POST /api/auth/register" && hex(&s.trace_id) == command_trace)
            .cloned()
    })
    .await;
    assert_eq!(
        hex(&request.parent_span_id),
        caller_span,
        "the caller's traceparent is the parent"
    );
    let request_id = hex(&request.span_id);
    wait_for(&received, "append under the registration", |spans| {
        spans
            .iter()
            .find(|s| s.name == "events append" && descends(spans, s, &request_id))
            .map(|_| ())
    })
    .await;

    // A cqrs-es command (verifying the e-mail address loads the user aggregate, then appends).
    let (s, v) = c
        .post(
            "/api/auth/verify-otp",
            json!({"Email": "traced@example.org", "OTP": code_for(&srv.outbox, "traced@example.org"), "UserType": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let verify = wait_for(&received, "request span of the verification", |spans| {
        spans
            .iter()
            .find(|s| s.name == "POST /api/auth/verify-otp" && hex(&s.trace_id) == command_trace)
            .cloned()
    })
    .await;
    let verify_id = hex(&verify.span_id);
    for name in ["aggregate load", "events append"] {
        wait_for(&received, name, |spans| {
            spans
                .iter()
                .find(|s| s.name == name && descends(spans, s, &verify_id))
                .map(|_| ())
        })
        .await;
    }

    // The projector applies the registration in a page of its own, linked to that trace.
    wait_for(
        &received,
        "projector page linked to the command",
        root_page_linked_to(command_trace),
    )
    .await;

    // A crime figure (the command path of ops/bench section 1): its projector page is linked too.
    let figure_trace = "5ce0e9a56015fec5aadfa328ae398115";
    let recorded = reqwest::Client::new()
        .post(format!("{}/api/crime/figures", srv.base))
        .bearer_auth(OPERATOR_TOKEN)
        .header(
            "traceparent",
            format!("00-{figure_trace}-ab42124a3c573678-01"),
        )
        .json(&json!({"boundaryId": 1, "crimeTypeId": 1, "periodStartYear": 2023, "count": 5}))
        .send()
        .await
        .unwrap();
    assert_eq!(recorded.status(), 200);
    wait_for(
        &received,
        "crime projector page linked to the figure",
        root_page_linked_to(figure_trace),
    )
    .await;

    // A read: its request span has the read model's span beneath it.
    let read_trace = "0af7651916cd43dd8448eb211c80319c";
    let r = reqwest::Client::new()
        .get(format!("{}/api/crime/stats?boundaryId=1", srv.base))
        .header(
            "traceparent",
            format!("00-{read_trace}-b7ad6b7169203331-01"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let read = wait_for(&received, "request span of the read", |spans| {
        spans
            .iter()
            .find(|s| s.name == "GET /api/crime/stats" && hex(&s.trace_id) == read_trace)
            .cloned()
    })
    .await;
    let read_id = hex(&read.span_id);
    wait_for(&received, "read-model span", |spans| {
        spans
            .iter()
            .find(|s| s.name == "read model crime_total" && descends(spans, s, &read_id))
            .map(|_| ())
    })
    .await;
    let log = std::fs::read_to_string(&srv.log).unwrap_or_default();
    assert!(
        !log.contains("panicked") && !log.contains("no reactor running"),
        "the exporter must not panic: {log}"
    );
    drop(srv);
    db.drop_db().await;
}
