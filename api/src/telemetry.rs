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
