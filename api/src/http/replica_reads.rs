//! Which database a public read runs on: a streaming replica of `DATABASE_READ_URL` when one is
//! healthy and has replayed what the response cache claims, else the primary
//! ([`crate::replicas`]). Only the cached public routes ([`super::cached_routes`]) go through
//! [`route_reads`]; commands, sign-in and every other route read the primary.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use sqlx::PgPool;

use super::AppState;

tokio::task_local! {
    /// The pool of the public read being served (set by [`route_reads`]).
    static READ_POOL: PgPool;
}

impl super::AppStateInner {
    /// The pool public reads of this request run on: the replica [`route_reads`] chose, or the
    /// primary (`pool`) outside a routed read. A read whose caller must see its own writes, or
    /// that writes, uses `pool`.
    pub fn read_pool(&self) -> PgPool {
        READ_POOL
            .try_with(Clone::clone)
            .unwrap_or_else(|_| self.pool.clone())
    }
}

/// Runs a cache-missing public GET on a replica when [`crate::replicas::ReadReplicas::choose`]
/// gives one for the cache's current position (read from the primary once per cache generation),
/// else on the primary. A server error from a replica marks it gone until its next probe and the
/// request is served again by the primary, so a replica that stops answers no request with an
/// error. Counts `gbvf_public_reads_total{pool="primary"|"replica", replica}`.
pub(super) async fn route_reads(State(s): State<AppState>, req: Request, next: Next) -> Response {
    if !s.replicas.any() || req.method() != Method::GET {
        metrics::counter!("gbvf_public_reads_total", "pool" => "primary", "replica" => "")
            .increment(1);
        return next.run(req).await;
    }
    let (generation, position) = s.cache.position();
    let required = match position {
        Some(p) => Some(p),
        // Read after the generation began, so at least the position of the commit that began it.
        None => match crate::replicas::primary_position(&s.pool).await {
            Ok(p) => {
                s.cache.set_position(generation, p);
                Some(p)
            }
            Err(_) => None,
        },
    };
    let replica = match required {
        Some(p) => s.replicas.choose(p).await,
        None => None,
    };
    let Some(replica) = replica else {
        metrics::counter!("gbvf_public_reads_total", "pool" => "primary", "replica" => "")
            .increment(1);
        return next.run(req).await;
    };
    let (parts, body) = req.into_parts();
    let again = parts.clone();
    let res = READ_POOL
        .scope(
            replica.pool.clone(),
            next.clone().run(Request::from_parts(parts, body)),
        )
        .await;
    if !res.status().is_server_error() {
        metrics::counter!("gbvf_public_reads_total", "pool" => "replica", "replica" => replica.name.clone())
            .increment(1);
        return res;
    }
    tracing::warn!(replica = %replica.name, status = %res.status(), "read on a replica failed; served by the primary");
    replica.mark_failed();
    metrics::counter!("gbvf_replica_read_failures_total", "replica" => replica.name.clone())
        .increment(1);
    metrics::counter!("gbvf_public_reads_total", "pool" => "primary", "replica" => "").increment(1);
    next.run(Request::from_parts(again, Body::empty())).await
}
