//! Attempt limits for sign-in and one-time codes, kept in PostgreSQL (`auth_limit`) so that
//! they hold across every `gbvf serve` process behind a load balancer (docs/security.md).
//!
//! Two kinds of limit, both keyed by an HMAC-SHA256 under the installation's secret of what the
//! client sent (never the address in clear, and no unsalted hash that a list of addresses could
//! be matched against after an erasure), whether or not an account exists, so a limit reveals
//! nothing about accounts:
//! - [`Policy::Count`]: at most `limit` hits per window; further hits are refused until the
//!   window ends (one-time-code requests, wrong codes, failures from one client address).
//! - [`Policy::Backoff`]: after `free` failures in the window, each further attempt must wait
//!   2^(failures − free) seconds after the last, at most `max_secs` (OWASP Authentication Cheat Sheet,
//!   "Account lockout": slow the attacker without locking the owner out). Used per account
//!   *and* client address, so an attacker elsewhere cannot lock the owner out, and per account
//!   alone for browsers that never signed in to it ([`LOGIN_ACCOUNT`], [`known_browser`]:
//!   OWASP's "device cookies"), so guesses spread over many addresses are slowed too while the
//!   owner's own browser is not.

use sqlx::PgPool;

/// A limit on one scope.
#[derive(Debug, Clone, Copy)]
pub enum Policy {
    /// At most `limit` hits per `window_secs`.
    Count {
        /// Scope name (the `auth_limit.scope` column).
        scope: &'static str,
        /// Hits allowed per window.
        limit: i32,
        /// Window length, seconds.
        window_secs: i64,
    },
    /// Exponential back-off after `free` failures within `window_secs`.
    Backoff {
        /// Scope name.
        scope: &'static str,
        /// Failures without delay.
        free: i32,
        /// Window after which the count starts again, seconds.
        window_secs: i64,
        /// Longest delay, seconds.
        max_secs: i64,
    },
}

impl Policy {
    fn scope(&self) -> &'static str {
        match self {
            Policy::Count { scope, .. } | Policy::Backoff { scope, .. } => scope,
        }
    }
    fn window(&self) -> i64 {
        match self {
            Policy::Count { window_secs, .. } | Policy::Backoff { window_secs, .. } => *window_secs,
        }
    }
}

/// Wrong passwords per (account, client address): 5 free, then waits of 1, 2, 4 … s, at most
/// 15 minutes.
pub const LOGIN_ACCOUNT_ADDRESS: Policy = Policy::Backoff {
    scope: "login:account+address",
    free: 5,
    window_secs: 3600,
    max_secs: 900,
};
/// Wrong passwords per account from any address, for browsers that have not signed in to it
/// before: 10 free in an hour, then waits of 1, 2, 4 … s, at most 5 minutes (200 guesses from
/// 40 addresses took seconds; now about 16 hours). The owner is e-mailed when the waits begin
/// ([`NOTICE_AT`]).
pub const LOGIN_ACCOUNT: Policy = Policy::Backoff {
    scope: "login:account",
    free: 10,
    window_secs: 3600,
    max_secs: 300,
};
/// The failure of [`LOGIN_ACCOUNT`] at which the account's owner is told (once per window).
pub const NOTICE_AT: i32 = 10;
/// Days a browser that signed in to an account stays known to it.
pub const KNOWN_BROWSER_DAYS: i32 = 90;
/// Wrong passwords per client address, any account: 30 per 10 minutes.
pub const LOGIN_ADDRESS: Policy = Policy::Count {
    scope: "login:address",
    limit: 30,
    window_secs: 600,
};
/// Code requests (registration, resend, forgot password) per address and purpose: 3 per
/// 10 minutes, the life of one code (spec §4 "OTP": resends allowed while under 2). A
/// verified code clears the count, so a second reset within the window starts afresh.
pub const CODE_REQUEST_ACCOUNT: Policy = Policy::Count {
    scope: "code-request:account",
    limit: 3,
    window_secs: 600,
};
/// Registrations per address typed, new or taken alike: 3 per 10 minutes (a taken address
/// e-mails its owner, which must not become a way to flood them).
pub const REGISTRATION_ACCOUNT: Policy = Policy::Count {
    scope: "registration:account",
    limit: 3,
    window_secs: 600,
};
/// Code requests (and registrations) per client address: 20 per 10 minutes.
pub const CODE_REQUEST_ADDRESS: Policy = Policy::Count {
    scope: "code-request:address",
    limit: 20,
    window_secs: 600,
};
/// Wrong codes per account and purpose in a day, across resends, typed in browsers other than
/// the one that asked for the live code: 10. Then those browsers are refused every code for the
/// account until the day is over; the browser that asked for a code is not
/// ([`WRONG_CODE_REQUESTER_DAY`]), so an attacker's failures cannot lock the owner out
/// (docs/decisions/0151-one-time-codes-bound-to-the-requesting-browser.md).
pub const WRONG_CODE_ACCOUNT_DAY: Policy = Policy::Count {
    scope: "wrong-code:account-day",
    limit: 10,
    window_secs: 86_400,
};
/// Wrong codes per account, purpose and requesting browser in a day, typed in the browser that
/// asked for the live code: 10. Keyed by the browser's binding, so only that browser's own
/// failures count; a fresh browser starts afresh only by asking for a new code, which
/// [`CODE_REQUEST_ACCOUNT`] limits and which replaces the code.
pub const WRONG_CODE_REQUESTER_DAY: Policy = Policy::Count {
    scope: "wrong-code:account-requester-day",
    limit: 10,
    window_secs: 86_400,
};
/// Wrong codes per client address: 20 per 10 minutes.
pub const WRONG_CODE_ADDRESS: Policy = Policy::Count {
    scope: "wrong-code:address",
    limit: 20,
    window_secs: 600,
};

/// Wrong codes per account and purpose in a day typed in the browsers that asked for them, all
/// such browsers together: 20. Bounds the guesses of someone who asks for codes himself, each
/// from a fresh browser (each would otherwise bring a [`WRONG_CODE_REQUESTER_DAY`] of its own).
/// A browser that signed in to the account before ([`known_browser`]) is not held by it, so the
/// owner's own browser is not locked out by an attacker's failures.
pub const WRONG_CODE_REQUESTERS_DAY: Policy = Policy::Count {
    scope: "wrong-code:account-requesters-day",
    limit: 20,
    window_secs: 86_400,
};

/// Survey submissions per invite link, from any browser: 30 per minute
/// (docs/decisions/0078-survey-links-cap-and-rate-limit.md). A link shared with a workforce fills
/// at a few responses a minute; a script minting fresh browsers is slowed to this pace, and the cap
/// (`gbvf_commands::health_check::response_cap`) bounds it.
pub const SURVEY_LINK: Policy = Policy::Count {
    scope: "survey:link",
    limit: 30,
    window_secs: 60,
};

/// Wrong survey codes typed from one phone over USSD (keyed by its phone key): 5 per hour.
/// With 10^12 short codes, one guess in 10^8 opens one of 10,000 links (decision 0168).
pub const USSD_WRONG_CODE_PHONE: Policy = Policy::Count {
    scope: "ussd:wrong-code:phone",
    limit: 5,
    window_secs: 3600,
};

/// Wrong survey codes through one USSD service code, all phones together: 600 per hour, so
/// that many SIM cards guess no faster than 14,400 codes a day (one link found in about 19
/// years at 10,000 open links); a flood past it stops the USSD survey for an hour, not the site.
pub const USSD_WRONG_CODE_GATEWAY: Policy = Policy::Count {
    scope: "ussd:wrong-code:gateway",
    limit: 600,
    window_secs: 3600,
};

/// The stored key of `parts`: hex HMAC-SHA256 under the installation's `secret` of the
/// lower-cased, trimmed parts joined by a NUL.
pub fn key(secret: &[u8], parts: &[&str]) -> String {
    use hmac::{Hmac, Mac};
    let mut h = Hmac::<sha2::Sha256>::new_from_slice(secret).expect("any key length");
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            h.update(&[0u8]);
        }
        h.update(p.trim().to_lowercase().as_bytes());
    }
    hex::encode(h.finalize().into_bytes())
}

/// Remembers that the browser of `key` (a [`key`] of account and browser id) signed in.
pub async fn remember_browser(pool: &PgPool, key: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO known_browser (key, last_seen) VALUES ($1, now())
         ON CONFLICT (key) DO UPDATE SET last_seen = now()",
    )
    .bind(key)
    .execute(pool)
    .await?;
    Ok(())
}

/// Whether the browser of `key` signed in to the account within [`KNOWN_BROWSER_DAYS`].
pub async fn known_browser(pool: &PgPool, key: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM known_browser WHERE key = $1
                          AND last_seen > now() - make_interval(days => $2))",
    )
    .bind(key)
    .bind(KNOWN_BROWSER_DAYS)
    .fetch_one(pool)
    .await
}

/// Whether `key` is blocked now under `policy` (a back-off not yet over, or a count at its
/// limit within the window). Records nothing.
pub async fn blocked(pool: &PgPool, policy: Policy, key: &str) -> sqlx::Result<bool> {
    let row: Option<(i32, bool, bool)> = sqlx::query_as(
        "SELECT hits, window_start > now() - make_interval(secs => $3::double precision),
                COALESCE(blocked_until > now(), false)
         FROM auth_limit WHERE scope = $1 AND key = $2",
    )
    .bind(policy.scope())
    .bind(key)
    .bind(policy.window() as f64)
    .fetch_optional(pool)
    .await?;
    Ok(match (row, policy) {
        (None, _) => false,
        (Some((_, _, true)), _) => true,
        (Some((hits, true, _)), Policy::Count { limit, .. }) => hits >= limit,
        _ => false,
    })
}

/// Records one hit (a request or a failure) for `key`; returns whether it was within the
/// limit. The count restarts when the window has passed. One statement, so concurrent hits
/// from several processes are all counted.
pub async fn hit(pool: &PgPool, policy: Policy, key: &str) -> sqlx::Result<bool> {
    hit_on(&mut *pool.acquire().await?, policy, key).await
}

/// [`hit`] on one connection `db` (a request that runs all its statements on one).
pub async fn hit_on(db: &mut sqlx::PgConnection, policy: Policy, key: &str) -> sqlx::Result<bool> {
    let (free, max_secs, limit) = match policy {
        Policy::Count { limit, .. } => (limit, 0i64, limit),
        Policy::Backoff { free, max_secs, .. } => (free, max_secs, i32::MAX),
    };
    let backoff = matches!(policy, Policy::Backoff { .. });
    let hits: i32 = sqlx::query_scalar(
        "INSERT INTO auth_limit AS l (scope, key, hits, window_start, blocked_until)
         VALUES ($1, $2, 1, now(), NULL)
         ON CONFLICT (scope, key) DO UPDATE SET
           hits = CASE WHEN l.window_start <= now() - make_interval(secs => $3::double precision)
                       THEN 1 ELSE l.hits + 1 END,
           window_start = CASE WHEN l.window_start <= now() - make_interval(secs => $3::double precision)
                       THEN now() ELSE l.window_start END
         RETURNING hits",
    )
    .bind(policy.scope())
    .bind(key)
    .bind(policy.window() as f64)
    .fetch_one(&mut *db)
    .await?;
    if backoff && hits >= free {
        let delay = 2f64.powi((hits - free).min(30)).min(max_secs as f64);
        sqlx::query(
            "UPDATE auth_limit SET blocked_until = now() + make_interval(secs => $3::double precision)
             WHERE scope = $1 AND key = $2",
        )
        .bind(policy.scope())
        .bind(key)
        .bind(delay)
        .execute(&mut *db)
        .await?;
    }
    Ok(hits <= limit)
}

/// Hits within the current window (0 when none).
pub async fn hits(pool: &PgPool, policy: Policy, key: &str) -> sqlx::Result<i32> {
    Ok(sqlx::query_scalar(
        "SELECT hits FROM auth_limit WHERE scope = $1 AND key = $2
           AND window_start > now() - make_interval(secs => $3::double precision)",
    )
    .bind(policy.scope())
    .bind(key)
    .bind(policy.window() as f64)
    .fetch_optional(pool)
    .await?
    .unwrap_or(0))
}

/// Forgets `key` (after a successful sign-in).
pub async fn clear(pool: &PgPool, policy: Policy, key: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_limit WHERE scope = $1 AND key = $2")
        .bind(policy.scope())
        .bind(key)
        .execute(pool)
        .await?;
    Ok(())
}

/// Deletes counters whose window and block are both over (the longest window is a day), and
/// one-time codes that expired more than a day ago. Returns the rows deleted.
pub async fn prune(pool: &PgPool) -> sqlx::Result<u64> {
    let a = sqlx::query(
        "DELETE FROM auth_limit WHERE window_start < now() - interval '1 day'
           AND (blocked_until IS NULL OR blocked_until < now())",
    )
    .execute(pool)
    .await?
    .rows_affected();
    let b = sqlx::query("DELETE FROM otp_challenge WHERE expires_at < now() - interval '1 day'")
        .execute(pool)
        .await?
        .rows_affected();
    let c = sqlx::query(
        "DELETE FROM known_browser WHERE last_seen < now() - make_interval(days => $1)",
    )
    .bind(KNOWN_BROWSER_DAYS)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(a + b + c)
}
