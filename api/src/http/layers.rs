//! What wraps every answer: security headers, the response cache of public reads, request
//! metrics, the example-data scope and the development outbox.

use crate::http::auth;
use crate::http::cache;
use crate::http::client::ClientIp;
use crate::http::conditional;
use crate::http::db_health;
use crate::http::error;
use crate::http::read_your_writes;
use crate::http::AppState;
use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::sync::Arc;
use std::time::Instant;

/// 405 for a method the route does not serve (axum adds the `Allow` header).
pub(super) async fn method_not_allowed() -> Response {
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

/// Header asking that the events a request writes be marked as example data.
pub const EXAMPLE_HEADER: &str = "x-gbvf-example";

/// Runs a request carrying `X-GBVF-Example: true` inside [`gbvf_events::example::scope`], so
/// every event it writes is marked as example data. Only the operator token may ask for it
/// (`gbvf examples load` holds one): without it the request is refused with 403, so nobody can
/// make a real registration or response removable as an example.
pub(super) async fn example_scope(
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

/// The Content-Security-Policy of an embed page (`/embed/...`): [`CONTENT_SECURITY_POLICY`]
/// except that any site may frame it.
pub const EMBED_CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; worker-src 'self' blob:; \
child-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors *";

/// Who may frame a page: an embed page (`/embed/...`, public views only) any site, with
/// [`EMBED_CONTENT_SECURITY_POLICY`] and no `X-Frame-Options`; every other answer nobody
/// (`X-Frame-Options: DENY`, and `frame-ancestors 'none'` in the general policy).
pub(super) async fn frame_policy(req: axum::extract::Request, next: middleware::Next) -> Response {
    let embed = req.uri().path().starts_with("/embed/");
    let mut res = next.run(req).await;
    let framed = embed && res.status().is_success();
    let headers = res.headers_mut();
    if framed {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(EMBED_CONTENT_SECURITY_POLICY),
        );
    } else {
        headers
            .entry(header::X_FRAME_OPTIONS)
            .or_insert(HeaderValue::from_static("DENY"));
    }
    res
}

/// Security headers on every response (OWASP Secure Headers Project), with tower-http's
/// header layers: CSP, `X-Content-Type-Options: nosniff`, `Referrer-Policy:
/// strict-origin-when-cross-origin`, `X-Frame-Options: DENY`, and HSTS when cookies are
/// secure (served behind TLS).
pub(super) fn security_headers(app: Router, hsts: bool) -> Router {
    use tower_http::set_header::SetResponseHeaderLayer;
    let set = |name: &'static str, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(
            header::HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    };
    let app = app
        .layer(set("content-security-policy", CONTENT_SECURITY_POLICY))
        .layer(middleware::from_fn(frame_policy))
        .layer(set("x-content-type-options", "nosniff"))
        .layer(set("referrer-policy", "strict-origin-when-cross-origin"))
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
pub(super) async fn dev_outbox(State(s): State<AppState>) -> Response {
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

pub(super) async fn api_not_found() -> Response {
    error::ApiError::NotFound("No such API endpoint.".into()).into_response()
}

/// `GET /metrics`: the Prometheus text, for the operator only — `Authorization: Bearer
/// <operator token>` (`GBVF_OPERATOR_TOKEN`); 403 without it or when no token is set. The
/// counters show activity as it happens (survey submissions by status among them), which
/// would tell a watcher when one more person answered a survey.
pub(super) async fn metrics_text(
    State(s): State<AppState>,
    headers: axum::http::HeaderMap,
) -> Response {
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
    // The mail outbox by status, read at scrape time like projector lag.
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
pub(super) struct CacheableRoute(Arc<str>);

/// Serves successful GET bodies from the cache; stores them on a miss.
pub(super) async fn cache_reads(State(s): State<AppState>, req: Request, next: Next) -> Response {
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
pub(super) async fn buffered(
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

/// Just outside [`answer_from_cache`]: a GET of `/api` carrying consistency tokens waits until
/// their projections have applied them ([`read_your_writes::wait_for_tokens`]), so a writer's
/// read after a command that answered at once, cached or not, shows its change.
pub(super) async fn wait_for_read_tokens(
    State(s): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    if req.method() == Method::GET
        && req.uri().path().starts_with("/api/")
        && req.headers().contains_key(header::COOKIE)
    {
        read_your_writes::wait_for_tokens(&s, req.headers()).await;
    }
    next.run(req).await
}

/// The outermost layer (cached reads close to a static server): a GET whose whole
/// answer is kept ([`cache::ResponseCache::answer`], same path, query and `Accept-Encoding`)
/// is answered at once, headers and body as the full stack produced them, without routing,
/// tracing, compression or the header layers; the route's request counter and duration are
/// still recorded. Otherwise the request goes through the stack, and an answer [`cache_reads`]
/// marked cacheable gets its entity tag ([`conditional::entity_tag`]) and is kept whole. A
/// request whose `If-None-Match` names the answer's tag gets 304 ([`conditional`]). Nothing is served from here while the database is
/// unreachable, so such answers carry the stale header of the normal path.
pub(super) async fn answer_from_cache(
    State(s): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    if req.method() != Method::GET || !db_health::reachable() {
        return next.run(req).await;
    }
    let started = Instant::now();
    let key = req.uri().path_and_query().map_or("/", |pq| pq.as_str());
    if !key.starts_with("/api/") {
        return next.run(req).await;
    }
    let accept = req.headers().get(header::ACCEPT_ENCODING);
    let if_none_match = req.headers().get(header::IF_NONE_MATCH).cloned();
    if let Some(a) = s.cache.answer(key, accept) {
        a.requests.increment(1);
        a.duration.record(started.elapsed().as_secs_f64());
        if let Some(etag) = a.headers.get(header::ETAG) {
            if conditional::none_match_names(if_none_match.as_ref(), etag) {
                return conditional::not_modified(&a.headers);
            }
        }
        let mut res = Response::new(Body::from(a.body.clone()));
        *res.headers_mut() = a.headers.clone();
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
        Ok((mut parts, bytes)) => {
            let etag = conditional::entity_tag(&bytes);
            parts.headers.insert(header::ETAG, etag.clone());
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
            if conditional::none_match_names(if_none_match.as_ref(), &etag) {
                return conditional::not_modified(&parts.headers);
            }
            Response::from_parts(parts, Body::from(bytes))
        }
        Err(res) => res,
    }
}

/// Cache headers of the web app: content-hashed `/assets/*` are immutable for a year; the
/// HTML shell is revalidated on every load so a new release is picked up at once.
pub(super) async fn static_cache_headers(req: Request, next: Next) -> Response {
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

/// `Cache-Control: no-store` on every answer of the session routes that sets no caching of
/// its own (OWASP ASVS 8.2.1): a profile, user lists, contact persons with their mobile
/// numbers, history exports, organisation details and every other signed-in answer stay out
/// of browser and proxy caches. Only the anonymous public reads (the cached routes, which sit
/// outside the session layer) keep their caching.
pub(super) async fn no_store_by_default(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    res.headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    res
}

/// Counts requests and records their latency per route and status.
pub(super) async fn record_metrics(req: Request, next: Next) -> Response {
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

/// The outermost layer of `/api/` reads (before the answer cache, so a flood of cached answers
/// is limited too; decision 0160): a `GET` or `HEAD` under `/api/` past its client's allowance
/// ([`crate::http::read_limit::ReadLimit`]) gets 429 with `Retry-After`; everything else passes.
pub(super) async fn limit_reads(State(s): State<AppState>, req: Request, next: Next) -> Response {
    if !s.read_limit.is_on()
        || !(req.method() == Method::GET || req.method() == Method::HEAD)
        || !req.uri().path().starts_with("/api/")
    {
        return next.run(req).await;
    }
    let client = ClientIp::of(&s.trusted_proxies, req.extensions(), req.headers());
    match s.read_limit.check(client.key_part()) {
        Ok(()) => next.run(req).await,
        Err(wait) => {
            metrics::counter!("gbvf_read_limit_refused_total").increment(1);
            error::ApiError::TooManyRequests(wait).into_response()
        }
    }
}
