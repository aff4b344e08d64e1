//! Logs, traces and metrics.
//!
//! - Logs: `tracing` to stderr (`RUST_LOG` filters; default `info`).
//! - Traces: a span per request (tower-http) and per command; exported over OTLP/HTTP when
//!   `OTEL_EXPORTER_OTLP_ENDPOINT` is set (the exporter reads the standard OTEL_* variables).
//! - Metrics: Prometheus text at `/metrics` (requests, latency histogram, events appended,
//!   projector events applied and lag).

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use opentelemetry::trace::TracerProvider as _;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::EnvFilter;

/// Keeps the trace exporter alive; flushes on drop.
pub struct Telemetry {
    provider: Option<opentelemetry_sdk::trace::SdkTracerProvider>,
}

impl Drop for Telemetry {
    fn drop(&mut self) {
        if let Some(p) = self.provider.take() {
            let _ = p.shutdown();
        }
    }
}

/// Installs logging and, when configured, OTLP trace export. Call once per process.
pub fn init(service: &'static str) -> Telemetry {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=error,tower_http=info"));
    let fmt = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    let provider = std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT")
        .ok()
        .filter(|v| !v.is_empty())
        .and_then(|_| {
            match opentelemetry_otlp::SpanExporter::builder()
                .with_http()
                .build()
            {
                Ok(exporter) => Some(
                    opentelemetry_sdk::trace::SdkTracerProvider::builder()
                        .with_batch_exporter(exporter)
                        .with_resource(
                            opentelemetry_sdk::Resource::builder()
                                .with_service_name(service)
                                .build(),
                        )
                        .build(),
                ),
                Err(e) => {
                    eprintln!("OTLP export disabled: {e}");
                    None
                }
            }
        });
    let otel = provider
        .as_ref()
        .map(|p| tracing_opentelemetry::layer().with_tracer(p.tracer(service)));
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(fmt)
        .with(otel)
        .try_init();
    Telemetry { provider }
}

/// Installs the Prometheus recorder; `None` if one is installed already.
pub fn metrics() -> Option<PrometheusHandle> {
    PrometheusBuilder::new()
        .set_buckets(&[
            0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
        ])
        .ok()?
        .install_recorder()
        .ok()
}

pub use gbvf_events::trace::current_traceparent;
use gbvf_events::trace::TRACEPARENT;

/// The span of one HTTP request (`otel.name` "METHOD /route"), child of the caller's trace when
/// the request carries a valid `traceparent` header (W3C Trace Context).
pub fn request_span<B>(request: &axum::http::Request<B>) -> tracing::Span {
    use opentelemetry::propagation::TextMapPropagator;
    use tracing_opentelemetry::OpenTelemetrySpanExt;
    let route = request
        .extensions()
        .get::<axum::extract::MatchedPath>()
        .map(|p| p.as_str().to_owned())
        .unwrap_or_else(|| request.uri().path().to_owned());
    let span = tracing::info_span!(
        "request",
        otel.name = %format!("{} {}", request.method(), route),
        otel.kind = "server",
        http.request.method = %request.method(),
        http.route = %route,
        http.response.status_code = tracing::field::Empty,
        cache.hit = tracing::field::Empty,
    );
    // Only a request carrying W3C trace context has a parent to extract (copying
    // every header into a map cost each request a dozen allocations).
    let Some(traceparent) = request
        .headers()
        .get("traceparent")
        .and_then(|v| v.to_str().ok())
    else {
        return span;
    };
    let mut carrier = std::collections::HashMap::with_capacity(2);
    carrier.insert("traceparent".to_string(), traceparent.to_string());
    if let Some(state) = request
        .headers()
        .get("tracestate")
        .and_then(|v| v.to_str().ok())
    {
        carrier.insert("tracestate".to_string(), state.to_string());
    }
    let parent = opentelemetry_sdk::propagation::TraceContextPropagator::new().extract(&carrier);
    {
        use opentelemetry::trace::TraceContextExt;
        if parent.span().span_context().is_valid() {
            let _ = span.set_parent(parent);
        }
    }
    span
}

/// Records the answer's status on the request span.
pub fn record_status<B>(
    response: &axum::http::Response<B>,
    _latency: std::time::Duration,
    span: &tracing::Span,
) {
    span.record("http.response.status_code", response.status().as_u16());
}

/// postgres-es's event repository with a span around each load and append (`aggregate
/// load`, `events append`, attribute `aggregate.type`), and the current trace's `traceparent`
/// added to the metadata of appended events, so projectors can link their pages to the
/// requests that caused them. Errors are postgres-es's, unchanged.
pub struct TracedRepository(pub postgres_es::PostgresEventRepository);

impl cqrs_es::persist::PersistedEventRepository for TracedRepository {
    async fn get_events<A: cqrs_es::Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<Vec<cqrs_es::persist::SerializedEvent>, cqrs_es::persist::PersistenceError> {
        use tracing::Instrument;
        self.0
            .get_events::<A>(aggregate_id)
            .instrument(tracing::info_span!("aggregate load", aggregate.type = A::TYPE))
            .await
    }

    async fn get_last_events<A: cqrs_es::Aggregate>(
        &self,
        aggregate_id: &str,
        last_sequence: usize,
    ) -> Result<Vec<cqrs_es::persist::SerializedEvent>, cqrs_es::persist::PersistenceError> {
        use tracing::Instrument;
        self.0
            .get_last_events::<A>(aggregate_id, last_sequence)
            .instrument(tracing::info_span!("aggregate load", aggregate.type = A::TYPE))
            .await
    }

    async fn get_snapshot<A: cqrs_es::Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<Option<cqrs_es::persist::SerializedSnapshot>, cqrs_es::persist::PersistenceError>
    {
        use tracing::Instrument;
        self.0
            .get_snapshot::<A>(aggregate_id)
            .instrument(tracing::info_span!("aggregate snapshot load", aggregate.type = A::TYPE))
            .await
    }

    async fn persist<A: cqrs_es::Aggregate>(
        &self,
        events: &[cqrs_es::persist::SerializedEvent],
        snapshot_update: Option<(String, serde_json::Value, usize)>,
    ) -> Result<(), cqrs_es::persist::PersistenceError> {
        use tracing::Instrument;
        let span = tracing::info_span!(
            "events append",
            aggregate.type = A::TYPE,
            events.count = events.len()
        );
        let traceparent = span.in_scope(current_traceparent);
        let stamped: Vec<_>;
        // The trace and, inside an example scope, the example marker (gbvf_events::example).
        let events = if traceparent.is_some() || gbvf_events::example::active() {
            stamped = events
                .iter()
                .cloned()
                .map(|mut e| {
                    if let (Some(tp), Some(m)) = (&traceparent, e.metadata.as_object_mut()) {
                        m.insert(TRACEPARENT.into(), serde_json::Value::String(tp.clone()));
                    }
                    gbvf_events::example::stamp(&mut e.metadata);
                    e
                })
                .collect();
            &stamped[..]
        } else {
            events
        };
        self.0
            .persist::<A>(events, snapshot_update)
            .instrument(span)
            .await?;
        gbvf_events::wake::events_of_type_committed(A::TYPE);
        Ok(())
    }

    async fn stream_events<A: cqrs_es::Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<cqrs_es::persist::ReplayStream, cqrs_es::persist::PersistenceError> {
        self.0.stream_events::<A>(aggregate_id).await
    }

    async fn stream_all_events<A: cqrs_es::Aggregate>(
        &self,
    ) -> Result<cqrs_es::persist::ReplayStream, cqrs_es::persist::PersistenceError> {
        self.0.stream_all_events::<A>().await
    }
}

/// cqrs-es over [`TracedRepository`]: what every command of the product goes through.
pub type PostgresCqrs<A> =
    cqrs_es::CqrsFramework<A, cqrs_es::persist::PersistedEventStore<TracedRepository, A>>;

/// The event store of aggregate `A` over `pool`, traced, with the product's upcasters.
pub fn event_store<A: cqrs_es::Aggregate>(
    pool: &sqlx::PgPool,
) -> cqrs_es::persist::PersistedEventStore<TracedRepository, A> {
    cqrs_es::persist::PersistedEventStore::new_event_store(TracedRepository(
        postgres_es::PostgresEventRepository::new(pool.clone()),
    ))
    .with_upcasters(gbvf_events::upcast::upcasters())
}
