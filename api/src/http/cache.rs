//! In-memory cache of read responses, valid until a projection moves.
//!
//! Read models change only when a projector commits a page; the projector then sends
//! `NOTIFY gbvf_projections`. Every process listens and empties its cache, so a cached body is
//! never older than the read model it came from by more than the notification delay.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// The most bytes of bodies one process keeps; past it the cache starts again empty.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;
/// The most entries one process keeps.
pub const MAX_ENTRIES: usize = 10_000;

#[derive(Default)]
struct Entries {
    map: HashMap<String, Bytes>,
    bytes: usize,
}

use axum::body::Bytes;
use sqlx::postgres::PgListener;
use sqlx::PgPool;

/// Bodies by request path and query, bounded by [`MAX_BYTES`] and [`MAX_ENTRIES`].
#[derive(Clone, Default)]
pub struct ResponseCache {
    inner: Arc<RwLock<Entries>>,
}

impl ResponseCache {
    /// The cached body for `key`.
    pub fn get(&self, key: &str) -> Option<Bytes> {
        self.inner.read().expect("cache lock").map.get(key).cloned()
    }
    /// Stores `body` under `key`. A body larger than a quarter of [`MAX_BYTES`] is not kept;
    /// when the bounds would be passed the cache is emptied first (every entry is rebuilt from
    /// the read models on the next miss, so nothing is lost).
    pub fn put(&self, key: String, body: Bytes) {
        if body.len() > MAX_BYTES / 4 {
            return;
        }
        let mut e = self.inner.write().expect("cache lock");
        if e.map.len() >= MAX_ENTRIES || e.bytes + body.len() + key.len() > MAX_BYTES {
            e.map.clear();
            e.bytes = 0;
        }
        let key_len = key.len();
        e.bytes += body.len() + key_len;
        if let Some(old) = e.map.insert(key, body) {
            e.bytes -= old.len() + key_len;
        }
    }
    /// Empties the cache.
    pub fn clear(&self) {
        let mut e = self.inner.write().expect("cache lock");
        e.map.clear();
        e.bytes = 0;
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
                    loop {
                        listener.recv().await?;
                        cache.clear();
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

    #[test]
    fn the_cache_never_holds_more_than_its_byte_bound() {
        let cache = ResponseCache::default();
        let body = Bytes::from(vec![b'x'; 1024 * 1024]);
        for i in 0..200 {
            cache.put(format!("/api/x?{i}"), body.clone());
            assert!(
                cache.bytes() <= MAX_BYTES,
                "{} bytes after {i}",
                cache.bytes()
            );
        }
        assert!(cache.get("/api/x?199").is_some());
        cache.put("/big".into(), Bytes::from(vec![0u8; MAX_BYTES / 2]));
        assert!(cache.get("/big").is_none());
    }
}
