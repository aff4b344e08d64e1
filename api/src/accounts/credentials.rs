//! Password credentials (`credential`: the argon2id hash and the credential epoch of each
//! account). Hashes never enter the event log; the events say only that a password was set.

use sqlx::PgPool;

use super::password;

/// Stores the argon2id hash of a new password and moves the credential epoch on, which ends
/// every session signed in before (ASVS 3.3.3), without an event. Returns the new epoch. For
/// the example accounts and the bench; a user's own change goes through
/// [`super::set_password`], which records `PasswordSet` in the same transaction.
pub async fn store_password(
    pool: &PgPool,
    key: &str,
    user_id: &str,
    secret: &str,
) -> anyhow::Result<i32> {
    let hash = password::hash_async(secret.to_string()).await?;
    let mut tx = pool.begin().await?;
    let epoch = replace_hash(&mut tx, key, user_id, &hash).await?;
    tx.commit().await?;
    Ok(epoch)
}

/// The credential epoch of `key` (0 when it has no password yet).
pub async fn credential_epoch(pool: &PgPool, key: &str) -> anyhow::Result<i32> {
    Ok(
        sqlx::query_scalar::<_, i32>("SELECT epoch FROM credential WHERE user_key = $1")
            .bind(key)
            .fetch_optional(pool)
            .await?
            .unwrap_or(0),
    )
}

/// The argon2id hash (PHC string) of the password of `user_key`, from `credential`; `None`
/// before a password is set, and after the account is deleted or erased.
pub async fn password_hash(pool: &PgPool, user_key: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT password_hash FROM credential WHERE user_key = $1")
        .bind(user_key)
        .fetch_optional(pool)
        .await
}

/// Stores `hash` as the password of `user_key` inside the caller's transaction and moves the
/// credential epoch on (a new account taking over a deleted account's row included). Returns
/// the new epoch.
pub async fn replace_hash(
    tx: &mut sqlx::PgConnection,
    user_key: &str,
    user_id: &str,
    hash: &str,
) -> sqlx::Result<i32> {
    sqlx::query_scalar(
        "INSERT INTO credential (user_key, user_id, password_hash) VALUES ($1, $2, $3)
         ON CONFLICT (user_key) DO UPDATE SET user_id = $2, password_hash = $3, updated_at = now(),
             epoch = credential.epoch + 1
         RETURNING epoch",
    )
    .bind(user_key)
    .bind(user_id)
    .bind(hash)
    .fetch_one(tx)
    .await
}
