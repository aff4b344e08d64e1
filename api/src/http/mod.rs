//! The HTTP server: the `/api` routes (public spec §7 paths), `/metrics`, and the built web
//! app with a fallback to `index.html` for client-side routes.

pub mod auth;
pub mod boundary;
pub mod building_blocks;
pub mod cache;
pub mod client;
pub mod collective_actions;
pub mod component_option;
pub mod crime;
pub mod csv_export;
pub mod dashboard;
pub mod db_health;
pub mod error;
pub mod geography;
pub mod geojson;
pub mod health_check;
pub mod json_numbers;
pub mod openapi;
pub mod organisations;
pub mod permission;
pub mod read_your_writes;
pub mod routes;
pub mod users_groups;

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
use routes::{Needs, Routes};
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
    pub health_check_cqrs: Arc<PostgresCqrs<gbvf_commands::health_check::HealthCheck>>,
    /// cqrs-es framework of survey responses.
    pub survey_response_cqrs: Arc<PostgresCqrs<gbvf_commands::health_check::SurveyResponse>>,
    /// Public address of the site, for links in e-mail (`GBVF_BASE_URL`).
    pub base_url: String,
    /// cqrs-es framework of collective actions (100-Day Challenges among them).
    pub collective_action_cqrs:
        Arc<PostgresCqrs<gbvf_commands::collective_actions::CollectiveAction>>,
    /// The read-your-writes catch-ups of concurrent commands, coalesced per projection
    /// ([`read_your_writes::settle`]).
    pub settlers: read_your_writes::Settlers,
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
        let collective_action_cqrs =
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
            settlers: read_your_writes::Settlers::default(),
            collective_action_cqrs,
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

/// The public reads answered from the response cache, outside the session layer (issue 15: a
/// cache hit touches neither the session store nor a cookie). All are [`Needs::Anyone`].
pub fn cached_routes(r: Routes) -> Routes {
    use Needs::Anyone;
    r.get("/api/geography/boundary/{id}", Anyone, geography::boundary)
        .get(
            "/api/geography/boundary/list/{boundaryTypeId}",
            Anyone,
            geography::list,
        )
        .get(
            "/api/geography/boundary/list/{boundaryTypeId}/{parentBoundaryId}",
            Anyone,
            geography::list_in,
        )
        .get("/api/geography/contained/", Anyone, geography::contained)
        .get_undocumented("/api/geography/contained", geography::contained)
        .get("/api/geography/geojson/{id}", Anyone, geography::geojson)
        .get(
            "/api/geography/geomarker/{componentId}/{boundaryId}",
            Anyone,
            geography::geomarker,
        )
        .get(
            "/api/geography/geomarker/{componentId}/{boundaryId}/{categoryId}",
            Anyone,
            geography::geomarker_category,
        )
        .get("/api/crime/stats", Anyone, crime::stats)
        .get(
            "/api/buildingblock/searchcontact",
            Anyone,
            building_blocks::search_contact,
        )
        .get(
            "/api/buildingblock/getBuildingBlockData",
            Anyone,
            building_blocks::get_data,
        )
        .get(
            "/api/buildingblock/getBuildingBlockRquirementDetailData",
            Anyone,
            building_blocks::get_requirement_detail,
        )
        .get(
            "/api/buildingblock/getBoundaryCounts",
            Anyone,
            building_blocks::boundary_counts,
        )
        .get(
            "/api/CollectiveAction/getCollectiveActionsByBoundary",
            Anyone,
            collective_actions::by_boundary,
        )
        .get(
            "/api/CollectiveAction/getCollectiveActionDetailsByStakeholderId",
            Anyone,
            collective_actions::details,
        )
        .get(
            "/api/geography/actionsGeomarker/{componentId}/{boundaryId}",
            Anyone,
            collective_actions::actions_geomarker,
        )
        .get("/api/dashboard", Anyone, dashboard::dashboard)
        .get(
            "/api/dashboard/components",
            Anyone,
            dashboard::components_handler,
        )
        .get_undocumented("/api/openapi.json", openapi::document)
}

/// Every other `/api` route, behind the session and CSRF layers, each with what it needs
/// (public spec §3 "Permission actions"; docs/decisions.md "Default groups"). This list is
/// the one place a route's permission is declared: [`routes::Routes`] enforces it and the
/// OpenAPI document shows it (`x-permission`).
pub fn session_routes(r: Routes) -> Routes {
    use gbvf_commands::accounts::permissions::*;
    use Needs::{AnyOf, Anyone, PoliceStatistics, SignedIn};
    const ADMIN: Needs = AnyOf(&[WorldOfImpactAdmin]);
    const BB_ADMIN: Needs = AnyOf(&[BuildingBlockAdmin]);
    const VIEW_ORGANISATIONS: Needs = AnyOf(&[ViewOrganisations]);
    r.get(
        "/api/config/feature-flags",
        Anyone,
        dashboard::feature_flags,
    )
    .get("/api/health", Anyone, dashboard::health)
    .post(
        "/api/crime/figures",
        PoliceStatistics,
        crime::recording::record_figure,
    )
    .at(
        Method::POST,
        "/api/crime/import",
        // The route layer checks the permission before the body is read; only then may
        // it be large.
        PoliceStatistics,
        post(crime::recording::import_crime)
            .layer(axum::extract::DefaultBodyLimit::max(IMPORT_BODY_LIMIT)),
    )
    .post(
        "/api/admin/challenges",
        ADMIN,
        collective_actions::admin::record,
    )
    .post(
        "/api/admin/challenges/{id}/result",
        ADMIN,
        collective_actions::admin::report,
    )
    .post(
        "/api/admin/challenges/{id}/complete",
        ADMIN,
        collective_actions::admin::complete,
    )
    .post("/api/auth/register", Anyone, auth::handlers::register)
    .post("/api/auth/verify-otp", Anyone, auth::handlers::verify_otp)
    .post(
        "/api/auth/forgot-password",
        Anyone,
        auth::handlers::forgot_password,
    )
    .post("/api/auth/resend-otp", Anyone, auth::handlers::resend_otp)
    .post(
        "/api/auth/reset-password",
        Anyone,
        auth::handlers::reset_password,
    )
    .post(
        "/api/auth/add-password",
        SignedIn,
        auth::handlers::add_password,
    )
    .post_session("/api/auth/login", Anyone, auth::handlers::login)
    .post_session("/api/auth/logout", Anyone, auth::handlers::logout)
    .get("/api/auth/csrf", Anyone, auth::handlers::csrf)
    .post_read(
        "/api/auth/userAuthenticated",
        Anyone,
        auth::handlers::user_authenticated,
    )
    .get("/api/auth/getUserTitles", Anyone, auth::handlers::titles)
    .get(
        "/api/auth/getUserJobRoles",
        Anyone,
        auth::handlers::job_roles,
    )
    .get(
        "/api/auth/getOrganisationTypes",
        Anyone,
        auth::handlers::organisation_types,
    )
    .get("/api/auth/profile", SignedIn, auth::handlers::profile)
    .put(
        "/api/auth/updateProfile",
        SignedIn,
        auth::handlers::update_profile,
    )
    .get(
        "/api/buildingblock/getBuildingBlockAssociatedToUser",
        BB_ADMIN,
        building_blocks::associated_to_user,
    )
    .get(
        "/api/buildingblock/getBuildingBlockOnMunicipality",
        BB_ADMIN,
        building_blocks::on_municipality,
    )
    .get(
        "/api/buildingblock/getBuildingBlockContactsWithRequirements",
        BB_ADMIN,
        building_blocks::contacts_with_requirements,
    )
    .put(
        "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
        AnyOf(&[EditBuildingBlock]),
        building_blocks::update,
    )
    .post(
        "/api/buildingblock/verifyBuildingBlock",
        AnyOf(&[ValidateBuildingBlock]),
        building_blocks::verify,
    )
    .post(
        "/api/buildingblock/returnBuildingBlock",
        AnyOf(&[ValidateBuildingBlock]),
        building_blocks::return_block,
    )
    .get(
        "/api/buildingblock/history",
        BB_ADMIN,
        building_blocks::history,
    )
    .post_read(
        "/api/healthcheck/getAdminDashboard",
        AnyOf(&[WorldOfImpactAdmin, ViewOrganisations]),
        organisations::dashboard,
    )
    .post_read(
        "/api/healthcheck/searchOrganisations",
        VIEW_ORGANISATIONS,
        organisations::search,
    )
    .get(
        "/api/healthcheck/organisation/{id}",
        VIEW_ORGANISATIONS,
        organisations::application,
    )
    .get(
        "/api/healthcheck/organisation/{id}/history",
        VIEW_ORGANISATIONS,
        organisations::history,
    )
    .post(
        "/api/healthcheck/verify",
        AnyOf(&[VerifyOrganisation]),
        organisations::verify,
    )
    .get("/api/admin/mail", ADMIN, organisations::mail_status)
    .get(
        "/api/healthcheck/getActiveQuestionnaires",
        AnyOf(&[SetSurveyEffectiveDate, HealthCheckAdmin, WorldOfImpactAdmin]),
        health_check::active_questionnaires,
    )
    .post(
        "/api/healthcheck/inviteCode",
        AnyOf(&[SetSurveyEffectiveDate]),
        health_check::invite_code,
    )
    .get("/api/healthcheck/survey", Anyone, health_check::survey)
    .post("/api/healthcheck/survey", Anyone, health_check::submit)
    .get(
        "/api/healthcheck/getOrganisationHealthChecks",
        AnyOf(&[
            ViewYourOrganisationSurveyResult,
            AddSurveyLink,
            SetSurveyEffectiveDate,
        ]),
        health_check::organisation_health_checks,
    )
    .post_read(
        "/api/healthcheck/organisationalResult",
        AnyOf(&[
            ViewYourOrganisationSurveyResult,
            ViewOrganisationalSurveyResults,
        ]),
        health_check::organisational_result,
    )
    .get(
        "/api/healthcheck/getSummarisedHealthCheck",
        AnyOf(&[HealthCheckAdmin, WorldOfImpactAdmin]),
        health_check::summarised,
    )
    .get("/api/healthcheck/stats", Anyone, health_check::stats)
    .get(
        "/api/security/getAllActions",
        ADMIN,
        users_groups::all_actions,
    )
    .post_read(
        "/api/security/getGroupActions",
        ADMIN,
        users_groups::group_actions,
    )
    .get("/api/security/getGroups", ADMIN, users_groups::groups)
    .get("/api/security/getAllUsers", ADMIN, users_groups::users)
    .get(
        "/api/security/getUserDetails",
        ADMIN,
        users_groups::user_details,
    )
    .get(
        "/api/security/getLocalMunicipalities",
        ADMIN,
        users_groups::municipalities,
    )
    .get(
        "/api/security/getOrganisations",
        ADMIN,
        users_groups::organisations,
    )
    .post(
        "/api/security/createNewUser",
        AnyOf(&[SetGroupMember]),
        users_groups::create_user,
    )
    .put(
        "/api/security/editUserDetails",
        AnyOf(&[SetGroupMember]),
        users_groups::edit_user,
    )
    .delete(
        "/api/security/deleteUser",
        AnyOf(&[DeleteUser]),
        users_groups::delete_user,
    )
    .post(
        "/api/security/eraseUser",
        AnyOf(&[DeleteUser]),
        users_groups::erase_user,
    )
    .post(
        "/api/security/AddGroup",
        AnyOf(&[CreateGroup]),
        users_groups::add_group,
    )
    .post(
        "/api/security/addGroupActions",
        AnyOf(&[AddGroupAction]),
        users_groups::add_group_actions,
    )
    .delete(
        "/api/security/deleteGroupActions",
        AnyOf(&[DeleteGroupAction]),
        users_groups::delete_group_actions,
    )
    .delete(
        "/api/security/deleteGroup",
        AnyOf(&[DeleteGroup]),
        users_groups::delete_group,
    )
}

/// The full application router. `web_dir` is the built web app (`web/dist`).
pub fn router(state: AppState, web_dir: Option<PathBuf>) -> Router {
    let (cached, _) = cached_routes(Routes::new(Some(state.clone()), false)).finish();
    let cached = cached.layer(middleware::from_fn_with_state(state.clone(), cache_reads));
    // Everything else sits behind the session and CSRF layers; the cached public reads above
    // do not (issue 15: a cache hit touches neither the session store nor a cookie).
    let (api, _) = session_routes(Routes::new(Some(state.clone()), true)).finish();
    let api = api
        // Not part of the API document: development outbox, unknown /api paths, metrics.
        .route("/dev/outbox", get(dev_outbox))
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
        // `192.0` where an integer is expected reads as 192 (JSON Schema's integer; issue 10).
        .layer(middleware::from_fn(json_numbers::integral_numbers))
        .layer(middleware::from_fn_with_state(state.clone(), example_scope))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            auth::csrf::csrf_guard,
        ))
        .layer(sessions)
        // Set after the layers, so a method a route does not serve is answered 405 (with
        // `Allow`) before any session or CSRF check, not 403 (schemathesis ST204).
        .method_not_allowed_fallback(method_not_allowed);
    let mut app = cached
        .merge(api)
        .layer(middleware::from_fn(error::json_rejections))
        .with_state(state.clone());
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
    security_headers(app, state.secure_cookies)
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(crate::telemetry::request_span)
                .on_response(crate::telemetry::record_status),
        )
        .layer(middleware::from_fn_with_state(state, answer_from_cache))
}

/// 405 for a method the route does not serve (axum adds the `Allow` header).
async fn method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        axum::Json(error::ErrorBody {
            success: false,
            message: "This method is not allowed here.".into(),
            errors: vec![error::ErrorItem {
                code: "method".into(),
                description: "This method is not allowed here.".into(),
            }],
        }),
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

/// `GET /metrics`: the Prometheus text, for the operator only — `Authorization: Bearer
/// <operator token>` (`GBVF_OPERATOR_TOKEN`); 403 without it or when no token is set. The
/// counters show activity as it happens (survey submissions by status among them), which
/// would tell a watcher when one more person answered a survey.
async fn metrics_text(State(s): State<AppState>, headers: axum::http::HeaderMap) -> Response {
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let allowed = matches!((&s.operator_token, given),
        (Some(expected), Some(given)) if crate::accounts::password::constant_time_eq(expected.as_bytes(), given.as_bytes()));
    if !allowed {
        return error::ApiError::Forbidden.into_response();
    }
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

/// Marks an answer of a cached route (put in the response's extensions by [`cache_reads`]),
/// with the route as the router matched it, so [`answer_from_cache`] may keep it whole.
#[derive(Clone)]
struct CacheableRoute(Arc<str>);

/// Serves successful GET bodies from the cache; stores them on a miss.
async fn cache_reads(State(s): State<AppState>, req: Request, next: Next) -> Response {
    if req.method() != Method::GET {
        return next.run(req).await;
    }
    let route = CacheableRoute(
        req.extensions()
            .get::<MatchedPath>()
            .map_or("/api/unknown", |p| p.as_str())
            .into(),
    );
    // Looked up by the request's path and query as they are (no allocation on a hit).
    let key = req.uri().path_and_query().map_or("/", |pq| pq.as_str());
    let hit = s.cache.get(key);
    tracing::Span::current().record("cache.hit", hit.is_some());
    if let Some(hit) = hit {
        let mut res = ([(header::CONTENT_TYPE, hit.content_type)], hit.body).into_response();
        if db_health::reachable() {
            res.extensions_mut().insert(route);
        } else {
            res.headers_mut().insert(
                db_health::STALE_HEADER,
                HeaderValue::from_static("database unreachable"),
            );
        }
        return res;
    }
    let key = key.to_owned();
    let generation = s.cache.generation();
    let res = next.run(req).await;
    if res.status() != StatusCode::OK {
        return res;
    }
    match buffered(res).await {
        Ok((mut parts, bytes)) => {
            let content_type = parts
                .headers
                .get(header::CONTENT_TYPE)
                .cloned()
                .unwrap_or(HeaderValue::from_static("application/json"));
            s.cache.put(generation, key, content_type, bytes.clone());
            parts.extensions.insert(route);
            Response::from_parts(parts, Body::from(bytes))
        }
        Err(res) => res,
    }
}

/// The answer's parts and whole body (at most 64 MiB), or a 500 if the body cannot be read.
async fn buffered(
    res: Response,
) -> Result<(axum::http::response::Parts, axum::body::Bytes), Response> {
    let (parts, body) = res.into_parts();
    axum::body::to_bytes(body, 64 * 1024 * 1024)
        .await
        .map(|bytes| (parts, bytes))
        .map_err(|e| {
            error::ApiError::Internal(anyhow::anyhow!("reading response body: {e}")).into_response()
        })
}

/// The outermost layer (issue 15: cached reads close to a static server): a GET whose whole
/// answer is kept ([`cache::ResponseCache::answer`], same path, query and `Accept-Encoding`)
/// is answered at once, headers and body as the full stack produced them, without routing,
/// tracing, compression or the header layers; the route's request counter and duration are
/// still recorded. Otherwise the request goes through the stack, and an answer [`cache_reads`]
/// marked cacheable is kept whole. Nothing is served from here while the database is
/// unreachable, so such answers carry the stale header of the normal path.
async fn answer_from_cache(State(s): State<AppState>, req: Request, next: Next) -> Response {
    if req.method() != Method::GET || !db_health::reachable() {
        return next.run(req).await;
    }
    let started = Instant::now();
    let key = req.uri().path_and_query().map_or("/", |pq| pq.as_str());
    if !key.starts_with("/api/") {
        return next.run(req).await;
    }
    let accept = req.headers().get(header::ACCEPT_ENCODING);
    if let Some(a) = s.cache.answer(key, accept) {
        let mut res = Response::new(Body::from(a.body.clone()));
        *res.headers_mut() = a.headers.clone();
        a.requests.increment(1);
        a.duration.record(started.elapsed().as_secs_f64());
        return res;
    }
    let generation = s.cache.generation();
    let (key, accept) = (key.to_owned(), accept.cloned());
    let res = next.run(req).await;
    let Some(CacheableRoute(route)) = res.extensions().get::<CacheableRoute>().cloned() else {
        return res;
    };
    if res.status() != StatusCode::OK {
        return res;
    }
    match buffered(res).await {
        Ok((parts, bytes)) => {
            let route = route.to_string();
            s.cache.put_answer(
                generation,
                key,
                accept,
                cache::CachedAnswer {
                    headers: parts.headers.clone(),
                    body: bytes.clone(),
                    requests: metrics::counter!("http_requests_total", "method" => "GET", "route" => route.clone(), "status" => "200"),
                    duration: metrics::histogram!("http_request_duration_seconds", "method" => "GET", "route" => route),
                },
            );
            Response::from_parts(parts, Body::from(bytes))
        }
        Err(res) => res,
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
