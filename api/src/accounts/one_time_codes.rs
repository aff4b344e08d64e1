//! One-time codes (public spec §4 "OTP", §9): 6 digits, stored only as an argon2id hash,
//! valid 10 minutes. A code is bound to the browser that asked for it (`requested_by`, a
//! binding from [`crate::http::auth::csrf::binding`]): that browser has [`MAX_ATTEMPTS`] tries
//! at it and every other browser together another [`MAX_ATTEMPTS`], so at most twice
//! [`MAX_ATTEMPTS`] guesses per code, and wrong codes typed elsewhere cannot void the owner's
//! code (docs/decisions/0151-one-time-codes-bound-to-the-requesting-browser.md). Wrong codes
//! per day are limited by the caller ([`super::limits::WRONG_CODE_ACCOUNT_DAY`] for other
//! browsers, [`super::limits::WRONG_CODE_REQUESTER_DAY`] for the requesting one). A verified
//! reset code is bound to the browser that proved it and consumed once.

use sqlx::PgPool;

use super::password;

/// Minutes a code is valid.
pub const VALID_MINUTES: i64 = 10;
/// Tries at one code allowed from the browser that asked for it, and (separately) from all
/// other browsers together, before the code is void for them.
pub const MAX_ATTEMPTS: i32 = 5;
/// Spec §8 "Too many OTP requests".
pub const TOO_MANY_REQUESTS: &str = "Too many OTP requests made. Try again later.";

/// Issues a new code for (`user_key`, `user_type`) asked for by the browser whose binding is
/// `requested_by` (purpose [`REQUESTED_BY`]; `None` when the request had no browser, and then
/// every browser counts as another one), replacing any earlier one (which stops working at
/// once). How often codes may be requested is limited by the caller
/// ([`super::limits::CODE_REQUEST_ACCOUNT`]); `resends` counts replacements of a live code.
pub async fn issue(
    pool: &PgPool,
    user_key: &str,
    user_type: i32,
    requested_by: Option<&str>,
) -> anyhow::Result<String> {
    let code = password::random_otp();
    let hash = password::hash_async(code.clone()).await?;
    sqlx::query(
        "INSERT INTO otp_challenge (user_key, user_type, code_hash, expires_at, resends, requested_by)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4::int), 0, $5)
         ON CONFLICT (user_key, user_type) DO UPDATE SET code_hash = EXCLUDED.code_hash,
             expires_at = EXCLUDED.expires_at, attempts = 0, foreign_attempts = 0,
             requested_by = EXCLUDED.requested_by,
             resends = CASE WHEN otp_challenge.expires_at > now() THEN otp_challenge.resends + 1 ELSE 0 END,
             verified_at = NULL, reset_binding = NULL, created_at = now()",
    )
    .bind(user_key)
    .bind(user_type)
    .bind(&hash)
    .bind(VALID_MINUTES as i32)
    .bind(requested_by)
    .execute(pool)
    .await?;
    Ok(code)
}

/// The binding purpose (see [`crate::http::auth::csrf::binding`]) of the browser that asked
/// for a code.
pub const REQUESTED_BY: &str = "code-request";

/// Whether the live, unverified code of (`user_key`, `user_type`) was asked for by the browser
/// whose binding is `binding`. False when there is no such code.
pub async fn requested_here(
    pool: &PgPool,
    user_key: &str,
    user_type: i32,
    binding: &str,
) -> anyhow::Result<bool> {
    Ok(sqlx::query_scalar::<_, i32>(
        "SELECT 1 FROM otp_challenge WHERE user_key = $1 AND user_type = $2
           AND expires_at > now() AND verified_at IS NULL AND requested_by = $3",
    )
    .bind(user_key)
    .bind(user_type)
    .bind(binding)
    .fetch_optional(pool)
    .await?
    .is_some())
}

/// Whether a code for (`user_key`, `user_type`) is live and not yet verified.
pub async fn live(pool: &PgPool, user_key: &str, user_type: i32) -> anyhow::Result<bool> {
    Ok(sqlx::query_scalar::<_, i32>(
        "SELECT 1 FROM otp_challenge WHERE user_key = $1 AND user_type = $2 AND expires_at > now() AND verified_at IS NULL",
    )
    .bind(user_key)
    .bind(user_type)
    .fetch_optional(pool)
    .await?
    .is_some())
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

/// Checks `code` for (`user_key`, `user_type`), typed in the browser whose binding is `binding`
/// (purpose [`REQUESTED_BY`]): a try from the browser that asked for the code counts against
/// its `attempts`, a try from any other browser against `foreign_attempts`.
///
/// The try is counted first, in one statement, and the code compared after it (Argon2, tens
/// to hundreds of milliseconds) with no transaction open: parallel guesses still get at most
/// [`MAX_ATTEMPTS`] tries between them, and no row lock (which would hold back the commit-order
/// horizon every projector reads up to) is held while hashing. Only the first correct answer
/// marks the challenge verified; a second one at the same moment finds it used.
pub async fn check(
    pool: &PgPool,
    user_key: &str,
    user_type: i32,
    code: &str,
    binding: &str,
) -> anyhow::Result<Checked> {
    let hash: Option<String> = sqlx::query_scalar(
        "UPDATE otp_challenge SET
           attempts = attempts + CASE WHEN requested_by = $4 THEN 1 ELSE 0 END,
           foreign_attempts = foreign_attempts + CASE WHEN requested_by = $4 THEN 0 ELSE 1 END
         WHERE user_key = $1 AND user_type = $2 AND expires_at > now() AND verified_at IS NULL
           AND CASE WHEN requested_by = $4 THEN attempts < $3 ELSE foreign_attempts < $3 END
         RETURNING code_hash",
    )
    .bind(user_key)
    .bind(user_type)
    .bind(MAX_ATTEMPTS)
    .bind(binding)
    .fetch_optional(pool)
    .await?;
    let Some(hash) = hash else {
        return Ok(Checked::Expired);
    };
    if !password::verify_async(code.trim().to_string(), hash.clone()).await {
        return Ok(Checked::Wrong);
    }
    let marked = sqlx::query(
        "UPDATE otp_challenge SET verified_at = now()
         WHERE user_key = $1 AND user_type = $2 AND code_hash = $3 AND verified_at IS NULL
           AND expires_at > now()",
    )
    .bind(user_key)
    .bind(user_type)
    .bind(&hash)
    .execute(pool)
    .await?;
    Ok(if marked.rows_affected() == 1 {
        Checked::Valid
    } else {
        Checked::Expired
    })
}

/// Binds a verified code of (`user_key`, `user_type`) to the browser that proved it
/// (`binding`, see [`crate::http::auth::csrf::binding`]).
pub async fn bind(
    pool: &PgPool,
    user_key: &str,
    user_type: i32,
    binding: &str,
) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE otp_challenge SET reset_binding = $3
         WHERE user_key = $1 AND user_type = $2 AND verified_at IS NOT NULL",
    )
    .bind(user_key)
    .bind(user_type)
    .bind(binding)
    .execute(pool)
    .await?;
    Ok(())
}

/// Consumes, once, a challenge verified within the validity window by the browser whose
/// binding is `binding`; false if there is none (never verified, expired, used, or proved by
/// another browser).
pub async fn consume_verified(
    pool: &PgPool,
    user_key: &str,
    user_type: i32,
    binding: &str,
) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "DELETE FROM otp_challenge WHERE user_key = $1 AND user_type = $2 AND verified_at IS NOT NULL
             AND verified_at > now() - make_interval(mins => $3::int) AND reset_binding = $4",
    )
    .bind(user_key)
    .bind(user_type)
    .bind(VALID_MINUTES as i32)
    .bind(binding)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes the challenge of (`user_key`, `user_type`) (a NewUser code once the e-mail is
/// verified).
pub async fn remove(pool: &PgPool, user_key: &str, user_type: i32) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM otp_challenge WHERE user_key = $1 AND user_type = $2")
        .bind(user_key)
        .bind(user_type)
        .execute(pool)
        .await?;
    Ok(())
}
