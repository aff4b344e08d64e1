//! Password credentials (`credential`: the argon2id hash and the credential epoch of each
//! account), as read by sign-in and the session check. Hashes never enter the event log; the
//! events say only that a password was set. They are written by the User aggregate's
//! `SetPassword` on its append's transaction (`gbvf_commands::accounts::user_side_tables`).

use sqlx::PgPool;

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
