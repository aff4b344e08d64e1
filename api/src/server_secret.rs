//! The installation's secret: the HMAC key of CSRF tokens, browser bindings and rate-limit
//! keys (`server_secret`, one row made by the first server that needs it).

use std::sync::Arc;

use sqlx::PgPool;
use tokio::sync::OnceCell;

use crate::accounts::password;

/// The installation's secret (32 random bytes in `server_secret`, made by the first server
/// that needs it and shared by all), loaded once per process.
#[derive(Clone, Default)]
pub struct ServerSecret(Arc<OnceCell<Vec<u8>>>);

impl ServerSecret {
    /// The secret, loading or creating it on first use. Errors: the database's.
    pub async fn get(&self, pool: &PgPool) -> sqlx::Result<&[u8]> {
        let v = self
            .0
            .get_or_try_init(|| async {
                let fresh = password::random_token();
                sqlx::query(
                    "INSERT INTO server_secret (name, secret) VALUES ('hmac', decode($1, 'hex'))
                     ON CONFLICT (name) DO NOTHING",
                )
                .bind(&fresh)
                .execute(pool)
                .await?;
                sqlx::query_scalar::<_, Vec<u8>>(
                    "SELECT secret FROM server_secret WHERE name = 'hmac'",
                )
                .fetch_one(pool)
                .await
            })
            .await?;
        Ok(v.as_slice())
    }
}
