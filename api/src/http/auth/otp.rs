//! One-time codes (public spec §4 "OTP", §9): 6 digits, stored only as an argon2id hash,
//! valid 10 minutes, at most [`MAX_ATTEMPTS`] verification attempts; while a code is live,
//! a new request counts as a resend, allowed while the count is under [`MAX_RESENDS`].

use sqlx::PgPool;

use super::password;

/// Minutes a code is valid.
pub const VALID_MINUTES: i64 = 10;
/// Wrong codes allowed before the code is void.
pub const MAX_ATTEMPTS: i32 = 5;
/// Resends allowed (spec §4: "allowed only while the attempt count is under 2").
pub const MAX_RESENDS: i32 = 2;
/// Spec §8 "Too many OTP requests".
pub const TOO_MANY_REQUESTS: &str = "Too many OTP requests made. Try again later.";

/// Outcome of issuing a code.
pub enum Issued {
    /// A new code (to be sent), and the resend count now.
    Code(String, i32),
    /// Refused: too many resends.
    TooMany,
}

/// Issues a code for (`user_key`, `user_type`), replacing a live one and counting a resend.
pub async fn issue(pool: &PgPool, user_key: &str, user_type: i32) -> anyhow::Result<Issued> {
    let mut tx = pool.begin().await?;
    let live: Option<i32> = sqlx::query_scalar(
        "SELECT resends FROM otp_challenge WHERE user_key = $1 AND user_type = $2 AND expires_at > now() FOR UPDATE",
    )
    .bind(user_key)
    .bind(user_type)
    .fetch_optional(&mut *tx)
    .await?;
    let resends = match live {
        Some(r) if r >= MAX_RESENDS => return Ok(Issued::TooMany),
        Some(r) => r + 1,
        None => 0,
    };
    let code = password::random_otp();
    let hash = password::hash(&code)?;
    sqlx::query(
        "INSERT INTO otp_challenge (user_key, user_type, code_hash, expires_at, resends)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4::int), $5)
         ON CONFLICT (user_key, user_type) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at,
             attempts = 0, resends = EXCLUDED.resends, verified_at = NULL, created_at = now()",
    )
    .bind(user_key)
    .bind(user_type)
    .bind(&hash)
    .bind(VALID_MINUTES as i32)
    .bind(resends)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Issued::Code(code, resends))
}

/// The resend count of the live code for (`user_key`, `user_type`), if one is live.
pub async fn live_resends(
    pool: &PgPool,
    user_key: &str,
    user_type: i32,
) -> anyhow::Result<Option<i32>> {
    Ok(sqlx::query_scalar(
        "SELECT resends FROM otp_challenge WHERE user_key = $1 AND user_type = $2 AND expires_at > now() AND verified_at IS NULL",
    )
    .bind(user_key)
    .bind(user_type)
    .fetch_optional(pool)
    .await?)
}

/// Outcome of checking a code.
#[derive(Debug, PartialEq, Eq)]
pub enum Checked {
    /// Correct: the challenge is marked verified.
    Valid,
    /// Wrong code.
    Wrong,
    /// No live code (never issued, expired, used up).
    Expired,
}

/// Message for [`Checked::Wrong`].
pub const WRONG: &str = "The code is not correct. Please try again.";
/// Message for [`Checked::Expired`].
pub const EXPIRED: &str =
    "The code has expired or was used too many times. Please request a new code.";

/// Checks `code` for (`user_key`, `user_type`).
pub async fn check(
    pool: &PgPool,
    user_key: &str,
    user_type: i32,
    code: &str,
) -> anyhow::Result<Checked> {
    let mut tx = pool.begin().await?;
    let row: Option<(String, i32)> = sqlx::query_as(
        "SELECT code_hash, attempts FROM otp_challenge
         WHERE user_key = $1 AND user_type = $2 AND expires_at > now() AND verified_at IS NULL FOR UPDATE",
    )
    .bind(user_key)
    .bind(user_type)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((hash, attempts)) = row else {
        return Ok(Checked::Expired);
    };
    if attempts >= MAX_ATTEMPTS {
        return Ok(Checked::Expired);
    }
    if password::verify(code.trim(), &hash) {
        sqlx::query(
            "UPDATE otp_challenge SET verified_at = now() WHERE user_key = $1 AND user_type = $2",
        )
        .bind(user_key)
        .bind(user_type)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        return Ok(Checked::Valid);
    }
    sqlx::query(
        "UPDATE otp_challenge SET attempts = attempts + 1 WHERE user_key = $1 AND user_type = $2",
    )
    .bind(user_key)
    .bind(user_type)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Checked::Wrong)
}

/// Consumes a verified reset challenge (verified within the validity window); false if none.
pub async fn consume_verified(
    pool: &PgPool,
    user_key: &str,
    user_type: i32,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "DELETE FROM otp_challenge WHERE user_key = $1 AND user_type = $2 AND verified_at IS NOT NULL
             AND verified_at > now() - make_interval(mins => $3::int)",
    )
    .bind(user_key)
    .bind(user_type)
    .bind(VALID_MINUTES as i32)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
