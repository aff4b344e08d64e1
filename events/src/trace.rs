//! W3C trace context kept beside events: the `traceparent` of the request or import that wrote
//! an event goes into its metadata, so a projector's page span can link to it.

use opentelemetry::propagation::TextMapPropagator;
use opentelemetry::trace::{SpanContext, TraceContextExt};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// Metadata key (and HTTP header) of the W3C trace context.
pub const TRACEPARENT: &str = "traceparent";

/// The `traceparent` of the current span when it belongs to an exported trace (OTLP export
/// configured); `None` otherwise. Shape: `00-<32 hex trace id>-<16 hex span id>-<2 hex flags>`.
pub fn current_traceparent() -> Option<String> {
    let cx = tracing::Span::current().context();
    if !cx.span().span_context().is_valid() {
        return None;
    }
    let mut carrier = std::collections::HashMap::new();
    TraceContextPropagator::new().inject_context(&cx, &mut carrier);
    carrier.remove(TRACEPARENT)
}

/// The span context a `traceparent` value names; `None` when it is malformed.
pub fn span_context(traceparent: &str) -> Option<SpanContext> {
    let carrier =
        std::collections::HashMap::from([(TRACEPARENT.to_string(), traceparent.to_string())]);
    let cx = TraceContextPropagator::new().extract(&carrier);
    let sc = cx.span().span_context().clone();
    sc.is_valid().then_some(sc)
}
