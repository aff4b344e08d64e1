//! The application state every handler gets: the pool, the aggregates' command frameworks,
//! the cache and settings.

use crate::http::auth::mail::Mailer;
use crate::http::cache;
use crate::http::client;
use crate::http::read_your_writes;
use crate::server_secret::ServerSecret;
use crate::telemetry::PostgresCqrs;
use gbvf_commands::accounts::user::User;
use metrics_exporter_prometheus::PrometheusHandle;
use sqlx::PgPool;
use std::sync::Arc;

/// Shared state of the handlers: one `Arc`, so cloning it per request is one reference-count
/// increment; fields are read through `Deref` (`s.pool`).
#[derive(Clone)]
pub struct AppState(Arc<AppStateInner>);

impl std::ops::Deref for AppState {
    type Target = AppStateInner;
    fn deref(&self) -> &AppStateInner {
        &self.0
    }
}

impl From<AppStateInner> for AppState {
    fn from(inner: AppStateInner) -> Self {
        AppState(Arc::new(inner))
    }
}

impl AppState {
    /// State over `pool` (see [`AppStateInner::new`]).
    pub fn new(
        pool: PgPool,
        operator_token: Option<String>,
        enable_login: bool,
        metrics: Option<PrometheusHandle>,
    ) -> Self {
        AppStateInner::new(pool, operator_token, enable_login, metrics).into()
    }
}

/// What [`AppState`] holds.
pub struct AppStateInner {
    /// Database pool.
    pub pool: PgPool,
    /// Read-response cache, emptied when a projection moves.
    pub cache: cache::ResponseCache,
    /// Operator token standing for permission 18 until accounts exist.
    pub operator_token: Option<String>,
    /// Feature flag enableLogin (public spec §2 header): shows the header's Login link only.
    pub enable_login: bool,
    /// Prometheus exporter handle.
    pub metrics: Option<PrometheusHandle>,
    /// cqrs-es framework of the user aggregate.
    pub user_cqrs: Arc<PostgresCqrs<User>>,
    /// Where e-mail goes.
    pub mailer: Mailer,
    /// The installation's secret for CSRF tokens and browser bindings.
    pub secret: ServerSecret,
    /// Reverse proxies whose `X-Forwarded-For` is believed (`GBVF_TRUSTED_PROXIES`).
    pub trusted_proxies: client::TrustedProxies,
    /// Development mode (`GBVF_DEV_MODE=true`): OTP answers carry the code and `/dev/outbox`
    /// lists the outbox. Never on by default; `gbvf serve` refuses it unless bound to a
    /// loopback address.
    pub dev_mode: bool,
    /// Secure, `__Host-` prefixed cookies: always, except in development mode with
    /// `GBVF_COOKIE_SECURE=false`.
    pub secure_cookies: bool,
    /// cqrs-es framework of the group aggregate.
    pub group_cqrs: Arc<PostgresCqrs<gbvf_commands::accounts::group::Group>>,
    /// cqrs-es framework of survey periods (health checks).
    pub health_check_cqrs: Arc<PostgresCqrs<gbvf_commands::health_check::HealthCheck>>,
    /// Published questionnaire versions, read once per process.
    pub questionnaires: gbvf_projections::health_check::queries::QuestionnaireCache,
    /// Public address of the site, for links in e-mail (`GBVF_BASE_URL`).
    pub base_url: String,
    /// cqrs-es framework of collective actions (100-Day Challenges among them).
    pub collective_action_cqrs:
        Arc<PostgresCqrs<gbvf_commands::collective_actions::CollectiveAction>>,
    /// The read-your-writes catch-ups of concurrent commands, coalesced per projection
    /// ([`read_your_writes::settle`]).
    pub settlers: read_your_writes::Settlers,
    /// The per-client limit of the API's reads (`GBVF_READ_RATE_PER_SECOND`,
    /// `GBVF_READ_BURST`; [`super::read_limit`]).
    pub read_limit: super::read_limit::ReadLimit,
    /// The published datasets, kept until the projections they read move.
    pub open_data: crate::open_data::OpenData,
    /// Streaming replicas serving public reads (`DATABASE_READ_URL`; none by default), see
    /// [`replica_reads`].
    pub replicas: Arc<crate::replicas::ReadReplicas>,
    /// The USSD survey channel's settings; `None` when it is off (`crate::ussd::UssdConfig`).
    pub ussd: Option<Arc<crate::ussd::UssdConfig>>,
}

impl AppStateInner {
    /// State over `pool`; adjust fields, then make an [`AppState`] with `into()`.
    pub fn new(
        pool: PgPool,
        operator_token: Option<String>,
        enable_login: bool,
        metrics: Option<PrometheusHandle>,
    ) -> Self {
        let user_cqrs = Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let group_cqrs = Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let health_check_cqrs = Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let collective_action_cqrs =
            Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let dev_mode = std::env::var("GBVF_DEV_MODE").is_ok_and(|v| v == "true");
        AppStateInner {
            pool,
            cache: cache::ResponseCache::default(),
            operator_token,
            enable_login,
            metrics,
            user_cqrs,
            mailer: Mailer::from_env().unwrap_or_else(|e| {
                tracing::warn!(error = %e, "mail settings invalid; using the outbox");
                Mailer::outbox(".data/outbox".into())
            }),
            secret: ServerSecret::default(),
            trusted_proxies: client::TrustedProxies::from_env().unwrap_or_else(|e| {
                tracing::error!(error = %e, "ignoring GBVF_TRUSTED_PROXIES");
                client::TrustedProxies::default()
            }),
            dev_mode,
            group_cqrs,
            health_check_cqrs,
            questionnaires: Default::default(),
            base_url: crate::site_address::public_base_url(None),
            settlers: read_your_writes::Settlers::default(),
            replicas: Arc::default(),
            open_data: Default::default(),
            read_limit: super::read_limit::ReadLimit::from_env().unwrap_or_else(|e| {
                tracing::error!(error = %e, "read limit settings invalid; using the defaults");
                super::read_limit::ReadLimit::new(
                    super::read_limit::DEFAULT_RATE,
                    super::read_limit::DEFAULT_BURST,
                )
            }),
            collective_action_cqrs,
            ussd: crate::ussd::UssdConfig::from_env()
                .unwrap_or_else(|e| {
                    tracing::error!(error = %e, "USSD settings invalid; the USSD survey is off");
                    None
                })
                .map(Arc::new),
            secure_cookies: !(dev_mode
                && std::env::var("GBVF_COOKIE_SECURE").is_ok_and(|v| v == "false")),
        }
    }
}

/// A cqrs-es event store over `events` with the product's upcasters.
pub(super) fn store_for<A: cqrs_es::Aggregate>(
    pool: &PgPool,
) -> cqrs_es::persist::PersistedEventStore<crate::telemetry::TracedRepository, A> {
    crate::telemetry::event_store(pool)
}

impl axum::extract::FromRef<AppState> for client::TrustedProxies {
    fn from_ref(s: &AppState) -> client::TrustedProxies {
        s.trusted_proxies.clone()
    }
}

impl read_your_writes::Settling for AppState {
    fn pool(&self) -> &PgPool {
        &self.pool
    }
    fn settlers(&self) -> &read_your_writes::Settlers {
        &self.settlers
    }
    fn clear_cache(&self) {
        self.cache.clear();
    }
}
