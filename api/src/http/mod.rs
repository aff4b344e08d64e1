//! The HTTP server: the `/api` routes (public spec §7 paths), `/metrics`, and the built web
//! app with a fallback to `index.html` for client-side routes.
//!
//! - [`state`]: the application state every handler gets.
//! - [`api_routes`]: the route table of `/api`, with each route's permission and effect.
//! - [`layers`]: security headers, the response cache, metrics, example scope.

pub mod api_routes;
pub mod audit;
pub mod auth;
pub mod boundary;
pub mod building_blocks;
pub mod cache;
pub mod client;
pub mod collective_actions;
pub mod component_option;
pub mod conditional;
pub mod crime;
pub mod csv_export;
pub mod dashboard;
pub mod db_health;
pub mod error;
pub mod geography;
pub mod geojson;
pub mod health_check;
pub mod json_numbers;
pub mod layers;
pub mod open_data;
pub mod openapi;
pub mod organisations;
pub mod permission;
pub mod read_limit;
pub mod read_your_writes;
pub mod refused_bodies;
pub mod replica_reads;
pub mod routes;
pub mod state;
pub mod users_groups;
pub mod ussd;

use crate::http::layers::answer_from_cache;
use crate::http::layers::api_not_found;
use crate::http::layers::cache_reads;
use crate::http::layers::dev_outbox;
use crate::http::layers::example_scope;
use crate::http::layers::limit_reads;
use crate::http::layers::method_not_allowed;
use crate::http::layers::metrics_text;
use crate::http::layers::no_store_by_default;
use crate::http::layers::record_metrics;
use crate::http::layers::security_headers;
use crate::http::layers::static_cache_headers;
use crate::http::layers::wait_for_read_tokens;
pub use api_routes::{cached_routes, session_routes};
pub use layers::{API_BODY_LIMIT, CONTENT_SECURITY_POLICY, EXAMPLE_HEADER, IMPORT_BODY_LIMIT};
pub use state::{AppState, AppStateInner};

use crate::http::routes::Routes;
pub use crate::telemetry::PostgresCqrs;
use axum::http::{header, HeaderValue, Method};
use axum::middleware::{self};
use axum::routing::get;
use axum::Router;
use std::path::PathBuf;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{Any, CorsLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use tower_sessions::cookie::time::Duration as CookieDuration;
use tower_sessions::{Expiry, SessionManagerLayer};
use tower_sessions_sqlx_store::PostgresStore;

/// The full application router. `web_dir` is the built web app (`web/dist`).
pub fn router(state: AppState, web_dir: Option<PathBuf>) -> Router {
    let (cached, _) = cached_routes(Routes::new(Some(state.clone()), false)).finish();
    // On a cache miss, the read runs on a replica when one may serve it (replica_reads.rs).
    let cached = cached
        .layer(middleware::from_fn_with_state(
            state.clone(),
            replica_reads::route_reads,
        ))
        .layer(middleware::from_fn_with_state(state.clone(), cache_reads))
        // The public read contract (decision 0158): any site may read these answers, and a
        // browser or proxy revalidates them by their entity tag, as they change whenever a
        // projection commits.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .layer(public_reads_cors());
    // Everything else sits behind the session and CSRF layers; the cached public reads above
    // do not (a cache hit touches neither the session store nor a cookie).
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
        // `192.0` where an integer is expected reads as 192 (JSON Schema's integer).
        .layer(middleware::from_fn(json_numbers::integral_numbers))
        .layer(middleware::from_fn_with_state(state.clone(), example_scope))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            auth::csrf::csrf_guard,
        ))
        .layer(sessions)
        // Signed-in answers are never kept by a browser or proxy (ASVS 8.2.1).
        .layer(middleware::from_fn(no_store_by_default))
        // Set after the layers, so a method a route does not serve is answered 405 (with
        // `Allow`) before any session or CSRF check, not 403 (schemathesis ST204).
        .method_not_allowed_fallback(method_not_allowed);
    // The USSD aggregator's callback: outside the session and CSRF layers, its own body limit.
    let ussd = Router::new()
        .route("/api/ussd/{secret}", axum::routing::post(ussd::callback))
        .layer(axum::extract::DefaultBodyLimit::max(
            ussd::CALLBACK_BODY_LIMIT,
        ));
    let mut app = cached
        .merge(api)
        .merge(ussd)
        .layer(middleware::from_fn(error::json_rejections))
        .layer(middleware::from_fn(refused_bodies::drain_refused_bodies))
        .with_state(state.clone());
    if let Some(dir) = web_dir {
        // The build writes Brotli and gzip copies (web/scripts/precompress.mjs); the smallest
        // one the browser accepts is sent.
        let index = ServeFile::new(dir.join("index.html"))
            .precompressed_br()
            .precompressed_gzip();
        // The anonymous survey has a light page of its own (web/survey.html), so that a
        // respondent's first visit on a phone does not load the dashboard.
        let survey = dir.join("survey.html");
        if survey.exists() {
            app = app.route_service(
                "/Questionnaire/SurveyQuestions",
                ServeFile::new(survey)
                    .precompressed_br()
                    .precompressed_gzip(),
            );
        }
        // Embeds (web/embed.html): one view without the dashboard's chrome, for other sites
        // to frame ([`layers::frame_policy`] lets only these paths be framed).
        app = app.route_service(
            "/embed/{*view}",
            ServeFile::new(dir.join("embed.html"))
                .precompressed_br()
                .precompressed_gzip(),
        );
        app = app.fallback_service(
            ServeDir::new(&dir)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(index),
        );
    }
    let app = app
        .layer(middleware::from_fn(static_cache_headers))
        .layer(middleware::from_fn(record_metrics))
        .layer(CompressionLayer::new());
    let app = security_headers(app, state.secure_cookies).layer(
        TraceLayer::new_for_http()
            .make_span_with(crate::telemetry::request_span)
            .on_response(crate::telemetry::record_status),
    );
    // The layers below wrap the whole router once, as its fallback: a layer of a router wraps
    // each route, and the route's whole stack of layers is cloned for every request it
    // serves, so a cached answer paid for twenty-odd layers it never ran (ops/bench section 5:
    // 57,000 cached reads a second at 18 µs of server CPU each; 75,000 at 13 µs wrapped once).
    Router::new()
        .fallback_service(app)
        .layer(middleware::from_fn_with_state(
            state.clone(),
            answer_from_cache,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            wait_for_read_tokens,
        ))
        // Outside the answer cache: a flood of cached answers counts too (decision 0160).
        .layer(middleware::from_fn_with_state(state, limit_reads))
}

/// CORS of the public reads: any origin, GET and HEAD, no credentials (a cross-origin page
/// gets no session's answer: the session routes send no CORS headers at all), `ETag` exposed
/// and `If-None-Match` allowed so a partner site can revalidate.
fn public_reads_cors() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::HEAD])
        .allow_headers([header::IF_NONE_MATCH])
        .expose_headers([header::ETAG])
        .max_age(std::time::Duration::from_secs(24 * 60 * 60))
}

/// Both route sets with no state: what the document describes (see [`router`]).
pub fn declared() -> Vec<routes::Declared> {
    documented().0
}

/// Both route sets with no state, and the document's part of them: every operation from its
/// handler's `#[utoipa::path]` and the schemas they name.
pub fn documented() -> (Vec<routes::Declared>, routes::Documented) {
    let (mut declared, mut documented) =
        cached_routes(Routes::new(None, false)).finish_documented();
    let (more, rest) = session_routes(Routes::new(None, true)).finish_documented();
    declared.extend(more);
    documented.paths.merge(rest.paths);
    documented.schemas.extend(rest.schemas);
    (declared, documented)
}
