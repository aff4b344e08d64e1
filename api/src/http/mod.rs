//! The HTTP server: the `/api` routes (public spec §7 paths), `/metrics`, and the built web
//! app with a fallback to `index.html` for client-side routes.

pub mod admin;
pub mod auth;
pub mod boundary;
pub mod building_block;
pub mod cache;
pub mod challenges;
pub mod client;
pub mod commands;
pub mod crime;
pub mod dashboard;
pub mod db_health;
pub mod error;
pub mod geography;
pub mod healthcheck;
pub mod openapi;
pub mod security;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

pub use crate::telemetry::PostgresCqrs;
use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use metrics_exporter_prometheus::PrometheusHandle;
use sqlx::PgPool;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use gbvf_commands::accounts::user::User;
use gbvf_commands::crime_series::CrimeSeries;
use tower_sessions::cookie::time::Duration as CookieDuration;
use tower_sessions::{Expiry, SessionManagerLayer};
use tower_sessions_sqlx_store::PostgresStore;

/// Shared state of the handlers: one `Arc`, so cloning it per request is one reference-count
/// increment (issue 15); fields are read through `Deref` (`s.pool`).
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
    /// cqrs-es framework of the crime-series aggregate.
    pub crime_cqrs: Arc<PostgresCqrs<CrimeSeries>>,
    /// Operator token standing for permission 18 until accounts exist.
    pub operator_token: Option<String>,
    /// Feature flag enableLogin (public spec §2 header).
    pub enable_login: bool,
    /// Prometheus exporter handle.
    pub metrics: Option<PrometheusHandle>,
    /// cqrs-es framework of the user aggregate.
    pub user_cqrs: Arc<PostgresCqrs<User>>,
    /// Where e-mail goes.
    pub mailer: auth::mail::Mailer,
    /// The installation's secret for CSRF tokens and browser bindings.
    pub secret: auth::csrf::ServerSecret,
    /// Reverse proxies whose `X-Forwarded-For` is believed (`GBVF_TRUSTED_PROXIES`).
    pub trusted_proxies: client::TrustedProxies,
    /// Development mode (`GBVF_DEV_MODE=true`): OTP answers carry the code and `/dev/outbox`
    /// lists the outbox. Never on by default; `gbvf serve` refuses it unless bound to a
    /// loopback address.
    pub dev_mode: bool,
    /// Secure, `__Host-` prefixed cookies: always, except in development mode with
    /// `GBVF_COOKIE_SECURE=false`.
    pub secure_cookies: bool,
    /// cqrs-es framework of the organisation aggregate.
    pub organisation_cqrs: Arc<PostgresCqrs<gbvf_commands::accounts::organisation::Organisation>>,
    /// cqrs-es framework of the group aggregate.
    pub group_cqrs: Arc<PostgresCqrs<gbvf_commands::accounts::group::Group>>,
    /// cqrs-es framework of survey periods (health checks).
    pub health_check_cqrs: Arc<PostgresCqrs<gbvf_commands::healthcheck::HealthCheck>>,
    /// cqrs-es framework of survey responses.
    pub survey_response_cqrs: Arc<PostgresCqrs<gbvf_commands::healthcheck::SurveyResponse>>,
    /// Public address of the site, for links in e-mail (`GBVF_BASE_URL`).
    pub base_url: String,
}

impl AppStateInner {
    /// State over `pool`; adjust fields, then make an [`AppState`] with `into()`.
    pub fn new(
        pool: PgPool,
        operator_token: Option<String>,
        enable_login: bool,
        metrics: Option<PrometheusHandle>,
    ) -> Self {
        let crime_cqrs = Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let user_cqrs = Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let organisation_cqrs = Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let group_cqrs = Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let health_check_cqrs = Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let survey_response_cqrs =
            Arc::new(cqrs_es::CqrsFramework::new(store_for(&pool), vec![], ()));
        let dev_mode = std::env::var("GBVF_DEV_MODE").is_ok_and(|v| v == "true");
        AppStateInner {
            pool,
            cache: cache::ResponseCache::default(),
            crime_cqrs,
            operator_token,
            enable_login,
            metrics,
            user_cqrs,
            mailer: auth::mail::Mailer::from_env().unwrap_or_else(|e| {
                tracing::warn!(error = %e, "mail settings invalid; using the outbox");
                auth::mail::Mailer::outbox(".data/outbox".into())
            }),
            secret: auth::csrf::ServerSecret::default(),
            trusted_proxies: client::TrustedProxies::from_env().unwrap_or_else(|e| {
                tracing::error!(error = %e, "ignoring GBVF_TRUSTED_PROXIES");
                client::TrustedProxies::default()
            }),
            dev_mode,
            organisation_cqrs,
            group_cqrs,
            health_check_cqrs,
            survey_response_cqrs,
            base_url: std::env::var("GBVF_BASE_URL")
                .unwrap_or_else(|_| "http://127.0.0.1:8080".into()),
            secure_cookies: !(dev_mode
                && std::env::var("GBVF_COOKIE_SECURE").is_ok_and(|v| v == "false")),
        }
    }
}

/// A cqrs-es event store over `events` with the product's upcasters.
fn store_for<A: cqrs_es::Aggregate>(
    pool: &PgPool,
) -> cqrs_es::persist::PersistedEventStore<crate::telemetry::TracedRepository, A> {
    crate::telemetry::event_store(pool)
}

/// The full application router. `web_dir` is the built web app (`web/dist`).
pub fn router(state: AppState, web_dir: Option<PathBuf>) -> Router {
    let cached = Router::new()
        .route("/api/geography/boundary/{id}", get(geography::boundary))
        .route(
            "/api/geography/boundary/list/{type_id}",
            get(geography::list),
        )
        .route(
            "/api/geography/boundary/list/{type_id}/{parent}",
            get(geography::list_in),
        )
        .route("/api/geography/contained/", get(geography::contained))
        .route("/api/geography/contained", get(geography::contained))
        .route("/api/geography/geojson/{id}", get(geography::geojson))
        .route(
            "/api/geography/geomarker/{component}/{boundary}",
            get(geography::geomarker),
        )
        .route(
            "/api/geography/geomarker/{component}/{boundary}/{category}",
            get(geography::geomarker_category),
        )
        .route("/api/crime/stats", get(crime::stats))
        .route(
            "/api/buildingblock/searchcontact",
            get(building_block::search_contact),
        )
        .route(
            "/api/buildingblock/getBuildingBlockData",
            get(building_block::get_data),
        )
        .route(
            "/api/buildingblock/getBuildingBlockRquirementDetailData",
            get(building_block::get_requirement_detail),
        )
        .route(
            "/api/buildingblock/getBoundaryCounts",
            get(building_block::boundary_counts),
        )
        .route(
            "/api/CollectiveAction/getCollectiveActionsByBoundary",
            get(challenges::by_boundary),
        )
        .route(
            "/api/CollectiveAction/getCollectiveActionDetailsByStakeholderId",
            get(challenges::details),
        )
        .route(
            "/api/geography/actionsGeomarker/{componentId}/{boundaryId}",
            get(challenges::actions_geomarker),
        )
        .route("/api/dashboard", get(dashboard::dashboard))
        .route(
            "/api/dashboard/components",
            get(dashboard::components_handler),
        )
        .route("/api/openapi.json", get(openapi::document))
        .layer(middleware::from_fn_with_state(state.clone(), cache_reads));
    // Everything else sits behind the session and CSRF layers; the cached public reads above
    // do not (issue 15: a cache hit touches neither the session store nor a cookie).
    let api = Router::new()
        .route("/api/config/feature-flags", get(dashboard::feature_flags))
        .route("/api/health", get(dashboard::health))
        .route("/api/crime/figures", post(commands::record_figure))
        .route("/api/admin/challenges", post(challenges::record))
        .route(
            "/api/admin/challenges/{id}/result",
            post(challenges::report),
        )
        .route(
            "/api/admin/challenges/{id}/complete",
            post(challenges::complete),
        )
        .route(
            "/api/crime/import",
            // The permission is checked before the body is read; only then may it be large.
            post(commands::import_crime)
                .layer(axum::extract::DefaultBodyLimit::max(IMPORT_BODY_LIMIT))
                .layer(middleware::from_fn_with_state(
                    state.clone(),
                    commands::import_permission,
                )),
        )
        .route("/api/auth/register", post(auth::handlers::register))
        .route("/api/auth/verify-otp", post(auth::handlers::verify_otp))
        .route(
            "/api/auth/forgot-password",
            post(auth::handlers::forgot_password),
        )
        .route("/api/auth/resend-otp", post(auth::handlers::resend_otp))
        .route(
            "/api/auth/reset-password",
            post(auth::handlers::reset_password),
        )
        .route("/api/auth/add-password", post(auth::handlers::add_password))
        .route("/api/auth/login", post(auth::handlers::login))
        .route("/api/auth/logout", post(auth::handlers::logout))
        .route("/api/auth/csrf", get(auth::handlers::csrf))
        .route(
            "/api/auth/userAuthenticated",
            post(auth::handlers::user_authenticated),
        )
        .route("/api/auth/getUserTitles", get(auth::handlers::titles))
        .route("/api/auth/getUserJobRoles", get(auth::handlers::job_roles))
        .route(
            "/api/auth/getOrganisationTypes",
            get(auth::handlers::organisation_types),
        )
        .route("/api/auth/profile", get(auth::handlers::profile))
        .route(
            "/api/auth/updateProfile",
            axum::routing::put(auth::handlers::update_profile),
        )
        .route("/dev/outbox", get(dev_outbox))
        .route(
            "/api/buildingblock/getBuildingBlockAssociatedToUser",
            get(building_block::associated_to_user),
        )
        .route(
            "/api/buildingblock/getBuildingBlockOnMunicipality",
            get(building_block::on_municipality),
        )
        .route(
            "/api/buildingblock/getBuildingBlockContactsWithRequirements",
            get(building_block::contacts_with_requirements),
        )
        .route(
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            axum::routing::put(building_block::update),
        )
        .route(
            "/api/buildingblock/verifyBuildingBlock",
            post(building_block::verify),
        )
        .route(
            "/api/buildingblock/returnBuildingBlock",
            post(building_block::return_block),
        )
        .route("/api/buildingblock/history", get(building_block::history))
        .route("/api/healthcheck/getAdminDashboard", post(admin::dashboard))
        .route("/api/healthcheck/searchOrganisations", post(admin::search))
        .route(
            "/api/healthcheck/organisation/{id}",
            get(admin::application),
        )
        .route(
            "/api/healthcheck/organisation/{id}/history",
            get(admin::history),
        )
        .route("/api/healthcheck/verify", post(admin::verify))
        .route("/api/admin/mail", get(admin::mail_status))
        .route(
            "/api/healthcheck/getActiveQuestionnaires",
            get(healthcheck::active_questionnaires),
        )
        .route(
            "/api/healthcheck/inviteCode",
            post(healthcheck::invite_code),
        )
        .route(
            "/api/healthcheck/survey",
            get(healthcheck::survey).post(healthcheck::submit),
        )
        .route(
            "/api/healthcheck/getOrganisationHealthChecks",
            get(healthcheck::organisation_health_checks),
        )
        .route(
            "/api/healthcheck/organisationalResult",
            post(healthcheck::organisational_result),
        )
        .route(
            "/api/healthcheck/getSummarisedHealthCheck",
            get(healthcheck::summarised),
        )
        .route("/api/healthcheck/stats", get(healthcheck::stats))
        .route("/api/security/getAllActions", get(security::all_actions))
        .route(
            "/api/security/getGroupActions",
            post(security::group_actions),
        )
        .route("/api/security/getGroups", get(security::groups))
        .route("/api/security/getAllUsers", get(security::users))
        .route("/api/security/getUserDetails", get(security::user_details))
        .route(
            "/api/security/getLocalMunicipalities",
            get(security::municipalities),
        )
        .route(
            "/api/security/getOrganisations",
            get(security::organisations),
        )
        .route("/api/security/createNewUser", post(security::create_user))
        .route(
            "/api/security/editUserDetails",
            axum::routing::put(security::edit_user),
        )
        .route(
            "/api/security/deleteUser",
            axum::routing::delete(security::delete_user),
        )
        .route("/api/security/eraseUser", post(security::erase_user))
        .route("/api/security/AddGroup", post(security::add_group))
        .route(
            "/api/security/addGroupActions",
            post(security::add_group_actions),
        )
        .route(
            "/api/security/deleteGroupActions",
            axum::routing::delete(security::delete_group_actions),
        )
        .route(
            "/api/security/deleteGroup",
            axum::routing::delete(security::delete_group),
        )
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .route("/metrics", get(metrics_text));
    let sessions = SessionManagerLayer::new(PostgresStore::new(state.pool.clone()))
        .with_name(if state.secure_cookies {
            "__Host-gbvf_session"
        } else {
            "gbvf_session"
        })
        .with_http_only(true)
        .with_same_site(tower_sessions::cookie::SameSite::Lax)
        .with_secure(state.secure_cookies)
        .with_expiry(Expiry::OnInactivity(CookieDuration::minutes(
            auth::IDLE_MINUTES,
        )));
    let api = api
        .layer(axum::extract::DefaultBodyLimit::max(API_BODY_LIMIT))
        .layer(middleware::from_fn_with_state(state.clone(), example_scope))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            auth::csrf::csrf_guard,
        ))
        .layer(sessions)
        // Set after the layers, so a method a route does not serve is answered 405 (with
        // `Allow`) before any session or CSRF check, not 403 (schemathesis ST204).
        .method_not_allowed_fallback(method_not_allowed);
    let mut app = cached.merge(api).with_state(state.clone());
    if let Some(dir) = web_dir {
        let index = dir.join("index.html");
        app = app.fallback_service(
            ServeDir::new(&dir)
                .precompressed_gzip()
                .fallback(ServeFile::new(index)),
        );
    }
    let app = app
        .layer(middleware::from_fn(static_cache_headers))
        .layer(middleware::from_fn(record_metrics))
        .layer(CompressionLayer::new());
    security_headers(app, state.secure_cookies).layer(
        TraceLayer::new_for_http()
            .make_span_with(crate::telemetry::request_span)
            .on_response(crate::telemetry::record_status),
    )
}

/// 405 for a method the route does not serve (axum adds the `Allow` header).
async fn method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        axum::Json(
            serde_json::json!({"success": false, "message": "This method is not allowed here."}),
        ),
    )
        .into_response()
}

/// Header asking that the events a request writes be marked as example data (issue 12).
pub const EXAMPLE_HEADER: &str = "x-gbvf-example";

/// Runs a request carrying `X-GBVF-Example: true` inside [`gbvf_events::example::scope`], so
/// every event it writes is marked as example data. Only the operator token may ask for it
/// (`gbvf examples load` holds one): without it the request is refused with 403, so nobody can
/// make a real registration or response removable as an example.
async fn example_scope(
    State(s): State<AppState>,
    req: axum::extract::Request,
    next: middleware::Next,
) -> Response {
    let Some(v) = req.headers().get(EXAMPLE_HEADER) else {
        return next.run(req).await;
    };
    if v != "true" || !auth::csrf::valid_operator_bearer(&s, req.headers()) {
        return error::ApiError::Forbidden.into_response();
    }
    gbvf_events::example::scope(next.run(req)).await
}

/// Largest request body of an `/api` call, bytes (forms and commands are small).
pub const API_BODY_LIMIT: usize = 256 * 1024;
/// Largest body of `POST /api/crime/import` (a SAPS CSV), bytes; read only after the
/// permission check.
pub const IMPORT_BODY_LIMIT: usize = 64 * 1024 * 1024;

/// The Content-Security-Policy of every response: scripts, workers (MapLibre's worker is a
/// file of the build) and connections only from this origin; inline styles allowed (MapLibre
/// and ApexCharts set them), inline scripts not; no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; worker-src 'self' blob:; \
child-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Security headers on every response (OWASP Secure Headers Project), with tower-http's
/// header layers: CSP, `X-Content-Type-Options: nosniff`, `Referrer-Policy:
/// strict-origin-when-cross-origin`, `X-Frame-Options: DENY`, and HSTS when cookies are
/// secure (served behind TLS).
fn security_headers(app: Router, hsts: bool) -> Router {
    use tower_http::set_header::SetResponseHeaderLayer;
    let set = |name: &'static str, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(
            header::HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    };
    let app = app
        .layer(set("content-security-policy", CONTENT_SECURITY_POLICY))
        .layer(set("x-content-type-options", "nosniff"))
        .layer(set("referrer-policy", "strict-origin-when-cross-origin"))
        .layer(set("x-frame-options", "DENY"))
        .layer(set("cross-origin-opener-policy", "same-origin"));
    if hsts {
        app.layer(set(
            "strict-transport-security",
            "max-age=31536000; includeSubDomains",
        ))
    } else {
        app
    }
}

/// `GET /dev/outbox`: the development outbox as JSON (only with `GBVF_DEV_MODE=true`).
async fn dev_outbox(State(s): State<AppState>) -> Response {
    let auth::mail::Mailer::Outbox(dir, _) = &s.mailer else {
        return error::ApiError::NotFound("No outbox: mail goes to SMTP.".into()).into_response();
    };
    if !s.dev_mode {
        return error::ApiError::NotFound("No such page.".into()).into_response();
    }
    match auth::mail::list_outbox(dir) {
        Ok(list) => axum::Json(list).into_response(),
        Err(e) => error::ApiError::Internal(e).into_response(),
    }
}

async fn api_not_found() -> Response {
    error::ApiError::NotFound("No such API endpoint.".into()).into_response()
}

async fn metrics_text(State(s): State<AppState>) -> Response {
    let Some(h) = &s.metrics else {
        return (StatusCode::NOT_FOUND, "metrics are not enabled").into_response();
    };
    // The mail outbox by status (issue 14, item 3), read at scrape time like projector lag.
    if let Ok(m) = crate::mail_worker::status(&s.pool).await {
        for (status, n) in [
            ("pending", m.pending),
            ("sent", m.sent),
            ("failed", m.failed),
        ] {
            metrics::gauge!("gbvf_mail_outbox_messages", "status" => status).set(n as f64);
        }
    }
    // Projector lag is read from the database at scrape time, so it is current even when the
    // projectors run in another process.
    if let Ok(status) = gbvf_projections::engine::status(&s.pool, &gbvf_projections::all()).await {
        for p in status {
            metrics::gauge!("gbvf_projector_lag_events", "projection" => p.projection.clone())
                .set(p.lag_events as f64);
            metrics::gauge!("gbvf_projector_lag_seconds", "projection" => p.projection)
                .set(p.lag_seconds);
        }
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        h.render(),
    )
        .into_response()
}

/// Serves successful GET bodies from the cache; stores them on a miss.
async fn cache_reads(State(s): State<AppState>, req: Request, next: Next) -> Response {
    if req.method() != Method::GET {
        return next.run(req).await;
    }
    // Looked up by the request's path and query as they are (no allocation on a hit).
    let key = req.uri().path_and_query().map_or("/", |pq| pq.as_str());
    let hit = s.cache.get(key);
    tracing::Span::current().record("cache.hit", hit.is_some());
    if let Some(body) = hit {
        let ct = if key.contains("/geojson/") || key.contains("/geomarker/") {
            "application/geo+json"
        } else {
            "application/json"
        };
        let mut res =
            ([(header::CONTENT_TYPE, HeaderValue::from_static(ct))], body).into_response();
        if !db_health::reachable() {
            res.headers_mut().insert(
                db_health::STALE_HEADER,
                HeaderValue::from_static("database unreachable"),
            );
        }
        return res;
    }
    let key = key.to_owned();
    let res = next.run(req).await;
    if res.status() != StatusCode::OK {
        return res;
    }
    let (parts, body) = res.into_parts();
    match axum::body::to_bytes(body, 64 * 1024 * 1024).await {
        Ok(bytes) => {
            s.cache.put(key, bytes.clone());
            Response::from_parts(parts, Body::from(bytes))
        }
        Err(e) => {
            error::ApiError::Internal(anyhow::anyhow!("reading response body: {e}")).into_response()
        }
    }
}

/// Cache headers of the web app: content-hashed `/assets/*` are immutable for a year; the
/// HTML shell is revalidated on every load so a new release is picked up at once.
async fn static_cache_headers(req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let mut res = next.run(req).await;
    if path.starts_with("/api/") || path == "/metrics" || path.starts_with("/dev/") {
        return res;
    }
    let value = if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    res
}

/// Counts requests and records their latency per route and status.
async fn record_metrics(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| {
            if req.uri().path().starts_with("/api/") {
                "/api/unknown".into()
            } else {
                "static".into()
            }
        });
    let method = req.method().to_string();
    let res = next.run(req).await;
    let status = res.status().as_u16().to_string();
    metrics::counter!("http_requests_total", "method" => method.clone(), "route" => route.clone(), "status" => status).increment(1);
    metrics::histogram!("http_request_duration_seconds", "method" => method, "route" => route)
        .record(started.elapsed().as_secs_f64());
    res
}
