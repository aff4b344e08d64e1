//! The `gbvf` server and operator commands as a library, so integration tests can start the
//! real router in-process. The executable is `src/main.rs`.
//!
//! - [`http`]: axum router, handlers, error shape, response cache.
//! - [`cli`]: operator commands (serve, project, migrate, import, projections, events).
//! - [`telemetry`]: logs, OTLP traces, Prometheus metrics.
pub mod cli;
pub mod http;
pub mod mail_worker;
pub mod telemetry;
