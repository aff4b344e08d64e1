//! In-memory cache of read responses, valid until a projection moves.
//!
//! Read models change only when a projector commits a page; the projector then sends
//! `NOTIFY gbvf_projections`. Every process listens and empties its cache, so a cached body is
//! never older than the read model it came from by more than the notification delay.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

/// The most bytes of bodies one process keeps; past it the cache starts again empty.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;
/// The most entries one process keeps.
pub const MAX_ENTRIES: usize = 10_000;

#[derive(Default)]
struct Entries {
    map: HashMap<String, CachedBody>,
    bytes: usize,
}

/// A cached body with the content type it was answered with (`application/json`,
/// `application/geo+json`, ...).
#[derive(Clone)]
pub struct CachedBody {
    /// The answer's `Content-Type`.
    pub content_type: HeaderValue,
    /// The body, uncompressed.
    pub body: Bytes,
}

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue};
use sqlx::postgres::PgListener;
use sqlx::PgPool;

use super::boundary::BoundaryRow;

/// Bodies by request path and query, bounded by [`MAX_BYTES`] and [`MAX_ENTRIES`]; and the
/// boundaries commands look up (the crime-figure command read the `boundary` view on
/// every call, 16 % of its throughput at 32 callers), kept until the geography projection moves.
#[derive(Clone, Default)]
pub struct ResponseCache {
    inner: Arc<RwLock<Entries>>,
    answers: Arc<RwLock<Answers>>,
    generation: Arc<AtomicU64>,
    position: Arc<Mutex<Position>>,
    boundaries: Arc<RwLock<HashMap<i64, BoundaryRow>>>,
}

/// A whole answer as it left the server (headers after every layer, body as sent, possibly
/// gzip), served again by [`super::answer_from_cache`] without running the router or its
/// layers, with the route's request counter and duration histogram so hits stay counted.
pub struct CachedAnswer {
    /// Response headers (content type, security headers, content encoding, vary).
    pub headers: HeaderMap,
    /// Body bytes as sent.
    pub body: Bytes,
    /// `http_requests_total` of the route, method GET, status 200.
    pub requests: metrics::Counter,
    /// `http_request_duration_seconds` of the route, method GET.
    pub duration: metrics::Histogram,
}

/// One encoding's answer: the request's `Accept-Encoding` value and what it got.
type Variant = (Option<HeaderValue>, Arc<CachedAnswer>);

/// The read-model position a generation of the cache claims: the primary's WAL position read
/// after the generation began (`None` until a replica read asks for it).
#[derive(Default, Clone, Copy)]
struct Position {
    generation: u64,
    wal: Option<u64>,
}

/// Whole answers by path and query, then by the request's `Accept-Encoding` value (absent:
/// `None`); the same value always gets the same encoding from the compression layer.
#[derive(Default)]
struct Answers {
    map: HashMap<String, Vec<Variant>>,
    bytes: usize,
}

impl ResponseCache {
    /// The cached body for `key`, with its content type.
    pub fn get(&self, key: &str) -> Option<CachedBody> {
        self.inner.read().expect("cache lock").map.get(key).cloned()
    }
    /// The generation: changes at every [`Self::clear`]. Read it before computing an answer
    /// and pass it to [`Self::put`], so an answer computed from a read model that moved
    /// meanwhile is not kept.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }
    /// The current generation and the primary's WAL position (bytes) it claims, if known yet. An
    /// answer may be kept under this generation only if it was read from data at least at that
    /// position: the primary, or a replica that has replayed it ([`crate::replicas`]).
    pub fn position(&self) -> (u64, Option<u64>) {
        let p = *self.position.lock().expect("cache lock");
        (p.generation, p.wal)
    }
    /// Records `wal`, a WAL position of the primary read after `generation` began, as the
    /// position of `generation` (nothing if the cache has moved on since).
    pub fn set_position(&self, generation: u64, wal: u64) {
        let mut p = self.position.lock().expect("cache lock");
        if p.generation == generation && p.wal.is_none() {
            p.wal = Some(wal);
        }
    }
    /// Stores `body` (answered as `content_type`) under `key` if the cache is still at
    /// `generation`. A body larger than a quarter of [`MAX_BYTES`] is not kept; when the bounds
    /// would be passed the cache is emptied first (every entry is rebuilt from the read models
    /// on the next miss, so nothing is lost).
    pub fn put(&self, generation: u64, key: String, content_type: HeaderValue, body: Bytes) {
        if body.len() > MAX_BYTES / 4 {
            return;
        }
        let mut e = self.inner.write().expect("cache lock");
        if self.generation() != generation {
            return;
        }
        if e.map.len() >= MAX_ENTRIES || e.bytes + body.len() + key.len() > MAX_BYTES {
            e.map.clear();
            e.bytes = 0;
        }
        let key_len = key.len();
        e.bytes += body.len() + key_len;
        if let Some(old) = e.map.insert(key, CachedBody { content_type, body }) {
            e.bytes -= old.body.len() + key_len;
        }
    }
    /// The whole answer kept for `key` and this `Accept-Encoding` value.
    pub fn answer(&self, key: &str, accept: Option<&HeaderValue>) -> Option<Arc<CachedAnswer>> {
        let a = self.answers.read().expect("cache lock");
        a.map
            .get(key)?
            .iter()
            .find(|(v, _)| v.as_ref() == accept)
            .map(|(_, r)| r.clone())
    }
    /// Keeps a whole answer if the cache is still at `generation` (bounded like the bodies).
    pub fn put_answer(
        &self,
        generation: u64,
        key: String,
        accept: Option<HeaderValue>,
        answer: CachedAnswer,
    ) {
        let size = answer.body.len() + key.len();
        if answer.body.len() > MAX_BYTES / 4 {
            return;
        }
        let mut a = self.answers.write().expect("cache lock");
        if self.generation() != generation {
            return;
        }
        if a.map.len() >= MAX_ENTRIES || a.bytes + size > MAX_BYTES {
            a.map.clear();
            a.bytes = 0;
        }
        let variants = a.map.entry(key).or_default();
        if variants.iter().any(|(v, _)| *v == accept) || variants.len() >= 8 {
            return;
        }
        variants.push((accept, Arc::new(answer)));
        a.bytes += size;
    }
    /// Empties the cache (bodies and whole answers) and moves to the next generation.
    pub fn clear(&self) {
        let mut e = self.inner.write().expect("cache lock");
        let mut a = self.answers.write().expect("cache lock");
        let generation = self.generation.fetch_add(1, Ordering::AcqRel) + 1;
        *self.position.lock().expect("cache lock") = Position {
            generation,
            wal: None,
        };
        e.map.clear();
        e.bytes = 0;
        a.map.clear();
        a.bytes = 0;
    }
    /// The boundary `id` as last read from the `boundary` read model, if kept.
    pub fn boundary(&self, id: i64) -> Option<BoundaryRow> {
        self.boundaries
            .read()
            .expect("cache lock")
            .get(&id)
            .cloned()
    }
    /// The boundary `id` from this cache, read from the `boundary` read model of `pool` on a
    /// miss and kept (404 for an unknown one; [`super::boundary::fetch`]). Commands use it; the
    /// boundaries are forgotten when the geography projection moves ([`Self::spawn_invalidator`]).
    pub async fn fetch_boundary(
        &self,
        pool: &PgPool,
        id: i64,
    ) -> Result<BoundaryRow, super::error::ApiError> {
        if let Some(b) = self.boundary(id) {
            return Ok(b);
        }
        let b = super::boundary::fetch(pool, id).await?;
        self.put_boundary(b.clone());
        Ok(b)
    }
    /// Keeps `row` (at most [`MAX_ENTRIES`] boundaries; South Africa has about 1,450).
    pub fn put_boundary(&self, row: BoundaryRow) {
        let mut b = self.boundaries.write().expect("cache lock");
        if b.len() >= MAX_ENTRIES {
            b.clear();
        }
        b.insert(row.boundary_id, row);
    }
    /// Forgets every boundary (the geography projection moved).
    pub fn clear_boundaries(&self) {
        self.boundaries.write().expect("cache lock").clear();
    }
    /// Bytes held now (bodies and keys).
    pub fn bytes(&self) -> usize {
        self.inner.read().expect("cache lock").bytes
    }

    /// Empties the cache on every projection notification, until the process ends.
    pub fn spawn_invalidator(&self, pool: PgPool) {
        let cache = self.clone();
        tokio::spawn(async move {
            loop {
                let result: anyhow::Result<()> = async {
                    let mut listener = PgListener::connect_with(&pool).await?;
                    listener.listen("gbvf_projections").await?;
                    cache.clear();
                    cache.clear_boundaries();
                    loop {
                        let n = listener.recv().await?;
                        cache.clear();
                        if n.payload() == "geography" || n.payload().is_empty() {
                            cache.clear_boundaries();
                        }
                    }
                }
                .await;
                if let Err(e) = result {
                    // The cache is kept while the database is away: nothing can change the
                    // read models then, and cached answers go out marked stale (db_health).
                    // It is emptied on reconnection, as notifications may have been missed.
                    tracing::warn!(error = %e, "cache invalidation listener lost; reconnecting");
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json() -> HeaderValue {
        HeaderValue::from_static("application/json")
    }

    #[test]
    fn the_cache_never_holds_more_than_its_byte_bound() {
        let cache = ResponseCache::default();
        let body = Bytes::from(vec![b'x'; 1024 * 1024]);
        for i in 0..200 {
            cache.put(
                cache.generation(),
                format!("/api/x?{i}"),
                json(),
                body.clone(),
            );
            assert!(
                cache.bytes() <= MAX_BYTES,
                "{} bytes after {i}",
                cache.bytes()
            );
        }
        assert!(cache.get("/api/x?199").is_some());
        cache.put(
            cache.generation(),
            "/big".into(),
            json(),
            Bytes::from(vec![0u8; MAX_BYTES / 2]),
        );
        assert!(cache.get("/big").is_none());
        // An answer computed before a clear is not kept.
        let before = cache.generation();
        cache.clear();
        cache.put(
            before,
            "/api/stale".into(),
            json(),
            Bytes::from_static(b"old"),
        );
        assert!(cache.get("/api/stale").is_none());
        assert!(cache.get("/big").is_none());
    }

    #[test]
    fn each_generation_claims_a_position_read_after_it_began() {
        let cache = ResponseCache::default();
        let (g, p) = cache.position();
        assert_eq!(p, None);
        cache.set_position(g, 100);
        assert_eq!(cache.position(), (g, Some(100)));
        // A later reading does not replace the first (both were read after the start).
        cache.set_position(g, 200);
        assert_eq!(cache.position(), (g, Some(100)));
        // A projection moved: the position is unknown again, and one read for the old
        // generation is not taken for the new one.
        cache.clear();
        let (g2, p2) = cache.position();
        assert_eq!((g2, p2), (g + 1, None));
        assert_eq!(g2, cache.generation());
        cache.set_position(g, 300);
        assert_eq!(cache.position(), (g2, None));
    }
}
