//! The `gbvf` server and operator commands as a library, so integration tests can start the
//! real router in-process. The executable is `src/main.rs`.
//!
//! - [`http`]: axum router, handlers, error shape, response cache.
//! - [`accounts`]: account creation and erasure (personal data in `person`, POPIA).
//! - [`cli`]: operator commands (serve, project, migrate, import, projections, events).
//! - [`telemetry`]: logs, OTLP traces, Prometheus metrics.
pub mod accounts;
pub mod cli;
pub mod http;
pub mod mail_worker;
pub mod telemetry;
