//! In-memory cache of read responses, valid until a projection moves.
//!
//! Read models change only when a projector commits a page; the projector then sends
//! `NOTIFY gbvf_projections`. Every process listens and empties its cache, so a cached body is
//! never older than the read model it came from by more than the notification delay.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use axum::body::Bytes;
use sqlx::postgres::PgListener;
use sqlx::PgPool;

/// Bodies by request path and query.
#[derive(Clone, Default)]
pub struct ResponseCache {
    inner: Arc<RwLock<HashMap<String, Bytes>>>,
}

impl ResponseCache {
    /// The cached body for `key`.
    pub fn get(&self, key: &str) -> Option<Bytes> {
        self.inner.read().expect("cache lock").get(key).cloned()
    }
    /// Stores `body` under `key` (bounded: the cache is emptied past 10,000 entries).
    pub fn put(&self, key: String, body: Bytes) {
        let mut map = self.inner.write().expect("cache lock");
        if map.len() > 10_000 {
            map.clear();
        }
        map.insert(key, body);
    }
    /// Empties the cache.
    pub fn clear(&self) {
        self.inner.write().expect("cache lock").clear();
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
                    tracing::warn!(error = %e, "cache invalidation listener lost; reconnecting");
                    cache.clear();
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        });
    }
}
