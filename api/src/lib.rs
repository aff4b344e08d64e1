//! The `gbvf` server and operator commands as a library, so integration tests can start the
//! real router in-process. The executable is `src/main.rs`.
//!
//! - [`http`]: axum router, handlers, error shape, response cache.
//! - [`accounts`]: the write side of accounts: `person` rows, credentials, limits, codes.
//! - [`server_secret`]: the installation's HMAC key.
//! - [`cli`]: operator commands (serve, project, migrate, import, projections, events).
//! - [`open_data`]: the published datasets: Data Packages and the DCAT catalogue.
//! - [`replicas`]: public reads from streaming replicas (`DATABASE_READ_URL`).
//! - [`telemetry`]: logs, OTLP traces, Prometheus metrics.
pub mod accounts;
pub mod cli;
pub mod http;
pub mod mail_worker;
pub mod open_data;
pub mod replicas;
pub mod server_secret;
pub mod site_address;
pub mod telemetry;
pub mod ussd;
