//! The HTTP server: the `/api` routes (public spec §7 paths), `/metrics`, and the built web
//! app with a fallback to `index.html` for client-side routes.

pub mod boundary;
pub mod cache;
pub mod commands;
pub mod crime;
pub mod dashboard;
pub mod error;
pub mod geography;
pub mod openapi;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use metrics_exporter_prometheus::PrometheusHandle;
use postgres_es::PostgresCqrs;
use sqlx::PgPool;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use gbvf_commands::crime_series::CrimeSeries;

/// Shared state of the handlers.
#[derive(Clone)]
pub struct AppState {
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
}

impl AppState {
    /// State over `pool`.
    pub fn new(
        pool: PgPool,
        operator_token: Option<String>,
        enable_login: bool,
        metrics: Option<PrometheusHandle>,
    ) -> Self {
        let repo = postgres_es::PostgresEventRepository::new(pool.clone());
        let store = cqrs_es::persist::PersistedEventStore::new_event_store(repo)
            .with_upcasters(gbvf_events::upcast::upcasters());
        let crime_cqrs = Arc::new(cqrs_es::CqrsFramework::new(store, vec![], ()));
        AppState {
            pool,
            cache: cache::ResponseCache::default(),
            crime_cqrs,
            operator_token,
            enable_login,
            metrics,
        }
    }
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
        .route("/api/dashboard", get(dashboard::dashboard))
        .route(
            "/api/dashboard/components",
            get(dashboard::components_handler),
        )
        .route("/api/openapi.json", get(openapi::document))
        .layer(middleware::from_fn_with_state(state.clone(), cache_reads));
    let api = Router::new()
        .merge(cached)
        .route("/api/config/feature-flags", get(dashboard::feature_flags))
        .route("/api/health", get(dashboard::health))
        .route("/api/crime/figures", post(commands::record_figure))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .route("/metrics", get(metrics_text));
    let mut app = api.with_state(state.clone());
    if let Some(dir) = web_dir {
        let index = dir.join("index.html");
        app = app.fallback_service(ServeDir::new(&dir).fallback(ServeFile::new(index)));
    }
    app.layer(middleware::from_fn(record_metrics))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
}

async fn api_not_found() -> Response {
    error::ApiError::NotFound("No such API endpoint.".into()).into_response()
}

async fn metrics_text(State(s): State<AppState>) -> Response {
    let Some(h) = &s.metrics else {
        return (StatusCode::NOT_FOUND, "metrics are not enabled").into_response();
    };
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
    let key = req.uri().to_string();
    if let Some(body) = s.cache.get(&key) {
        let ct = if key.contains("/geojson/") || key.contains("/geomarker/") {
            "application/geo+json"
        } else {
            "application/json"
        };
        return ([(header::CONTENT_TYPE, HeaderValue::from_static(ct))], body).into_response();
    }
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
