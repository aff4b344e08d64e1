//! Read-your-writes after a command: the caller's next read shows its change.
//!
//! Two ways, decided per command (docs/decisions/0163-a-command-answers-before-its-projection.md):
//! - [`settle`]: the command brings its projection up to date before it answers;
//! - [`token_cookie`] and [`wait_for_tokens`]: the command answers at once with a consistency
//!   token (the commit-order position of its last event) in a cookie, and a later read carrying
//!   it waits until the projection has applied that position.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What [`settle`] needs of the server's state (`AppState` has it): its pool, its settle gates,
/// and a way to empty its response cache.
pub trait Settling {
    /// The database.
    fn pool(&self) -> &sqlx::PgPool;
    /// The gates of concurrent calls.
    fn settlers(&self) -> &Settlers;
    /// Empties the response cache.
    fn clear_cache(&self);
}

/// Read-your-writes after a command: brings the named projection up to date (the projector
/// workers would within a second) and empties the response cache, so the caller's next read
/// shows its change. A failure is logged, not returned: the command itself is stored.
///
/// Concurrent calls for one projection share catch-ups ([`Settlers`]): a call returns without
/// one of its own when a catch-up that started after it arrived has finished, since that
/// catch-up read the log after the caller's command committed. Before, 32 concurrent
/// building-block updates ran 32 catch-ups one after another on the checkpoint row's lock
/// (bench section 10).
pub async fn settle(s: &impl Settling, projection: &str) {
    if let Some(p) = gbvf_projections::by_name(projection) {
        let gate = s.settlers().of(p.name());
        let ticket = gate.arrivals.fetch_add(1, Ordering::SeqCst) + 1;
        let mut covered = gate.covered.lock().await;
        if *covered < ticket {
            // Every arrival counted so far committed its command before arriving.
            let start = gate.arrivals.load(Ordering::SeqCst);
            match gbvf_projections::engine::catch_up(s.pool(), p.as_ref()).await {
                Ok(_) => *covered = start,
                Err(e) => {
                    tracing::warn!(error = %e, projection, "catch-up after a command failed")
                }
            }
        }
    }
    s.clear_cache();
}

/// The name of the cookie holding a writer's token for a projection is this and the
/// projection's name (`gbvf_read_after_crime`); its value `<transaction id>.<global position>`.
pub const TOKEN_COOKIE_PREFIX: &str = "gbvf_read_after_";

/// How long a browser keeps a token, in seconds. The projector workers apply an event within
/// about a second of its commit; a token outliving that only costs its holder's reads a lookup.
pub const TOKEN_SECONDS: i64 = 60;

/// The `Set-Cookie` header a command answers with so that its caller's later reads of
/// `projection` show its events: the token `position` ([`gbvf_events::store::Position`], from
/// `gbvf_commands::execute::execute_on`), scoped to `/api`, `HttpOnly`, `SameSite=Strict`,
/// `Secure` when the server's cookies are, expiring after [`TOKEN_SECONDS`].
pub fn token_cookie(
    projection: &'static str,
    position: gbvf_events::store::Position,
    secure: bool,
) -> axum::http::HeaderValue {
    let cookie = tower_sessions::cookie::Cookie::build((
        format!("{TOKEN_COOKIE_PREFIX}{projection}"),
        format!("{}.{}", position.transaction_id, position.global_position),
    ))
    .path("/api")
    .http_only(true)
    .secure(secure)
    .same_site(tower_sessions::cookie::SameSite::Strict)
    .max_age(tower_sessions::cookie::time::Duration::seconds(
        TOKEN_SECONDS,
    ))
    .build();
    axum::http::HeaderValue::from_str(&cookie.to_string())
        .expect("a token cookie is printable ASCII")
}

/// An answer with its consistency token cookie ([`token_cookie`]), when the command appended.
pub type WithToken<T> = (
    axum::response::AppendHeaders<Option<(axum::http::HeaderName, axum::http::HeaderValue)>>,
    T,
);

/// `answer` with the token cookie for `position` in `projection` ([`token_cookie`]); without a
/// cookie when `position` is `None` (the command decided no event: there is nothing to wait
/// for).
pub fn with_token<T>(
    projection: &'static str,
    position: Option<gbvf_events::store::Position>,
    secure: bool,
    answer: T,
) -> WithToken<T> {
    let cookie = position.map(|p| {
        (
            axum::http::header::SET_COOKIE,
            token_cookie(projection, p, secure),
        )
    });
    (axum::response::AppendHeaders(cookie), answer)
}

/// The tokens in a request's `Cookie` headers: each known projection with the position its
/// cookie names. Cookies that are not tokens, name no projection, or hold no
/// `<integer>.<integer>` are ignored (a forged token can only make its own reads wait).
pub fn tokens(
    headers: &axum::http::HeaderMap,
) -> Vec<(&'static str, gbvf_events::store::Position)> {
    let mut found = Vec::new();
    for value in headers.get_all(axum::http::header::COOKIE) {
        let Ok(value) = value.to_str() else { continue };
        for cookie in tower_sessions::cookie::Cookie::split_parse(value).flatten() {
            let Some(projection) = cookie.name().strip_prefix(TOKEN_COOKIE_PREFIX) else {
                continue;
            };
            let Some(p) = gbvf_projections::by_name(projection) else {
                continue;
            };
            let Some((transaction_id, global_position)) = cookie.value().split_once('.') else {
                continue;
            };
            if let (Ok(transaction_id), Ok(global_position)) =
                (transaction_id.parse(), global_position.parse())
            {
                found.push((
                    p.name(),
                    gbvf_events::store::Position {
                        transaction_id,
                        global_position,
                    },
                ));
            }
        }
    }
    found
}

/// Waits until every projection named by a token in `headers` ([`tokens`]) has applied the
/// token's position, so the read that follows shows the writer's events. Per token: nothing
/// when this server already saw the projection's checkpoint at or past it; else one read of the
/// checkpoint; else a [`settle`], which applies every command committed before this read
/// arrived (the token's was, since the caller holds its answer). When the checkpoint read
/// confirms a token, the response cache is emptied first: a cached answer could predate the
/// projection's move if its notification has not reached this server yet.
pub async fn wait_for_tokens(s: &impl Settling, headers: &axum::http::HeaderMap) {
    for (projection, token) in tokens(headers) {
        if s.settlers().confirmed(projection) >= token {
            continue;
        }
        match gbvf_projections::engine::checkpoint(s.pool(), projection).await {
            Ok(reached) if reached >= token => {
                s.clear_cache();
                s.settlers().confirm(projection, reached);
            }
            Ok(_) => settle(s, projection).await,
            Err(e) => tracing::warn!(error = %e, projection, "reading a checkpoint failed"),
        }
    }
}

/// The coalescing state of [`settle`], one gate per projection, per server state (so per
/// database); and the checkpoints [`wait_for_tokens`] has confirmed.
#[derive(Default)]
pub struct Settlers {
    gates: std::sync::Mutex<HashMap<&'static str, Arc<SettleGate>>>,
    confirmed: std::sync::Mutex<HashMap<&'static str, gbvf_events::store::Position>>,
}

/// One projection's gate: calls of [`settle`] counted as they arrive, and the count at the
/// start of the last catch-up that finished (every arrival up to it is applied).
#[derive(Default)]
pub struct SettleGate {
    arrivals: AtomicU64,
    covered: tokio::sync::Mutex<u64>,
}

impl Settlers {
    /// The furthest checkpoint of `projection` read from the database since the response cache
    /// was last emptied for it ([`gbvf_events::store::Position::ZERO`] before any).
    fn confirmed(&self, projection: &str) -> gbvf_events::store::Position {
        self.confirmed
            .lock()
            .expect("confirmed checkpoints")
            .get(projection)
            .copied()
            .unwrap_or_default()
    }

    /// Records that `projection` has applied everything up to `reached`.
    fn confirm(&self, projection: &'static str, reached: gbvf_events::store::Position) {
        let mut confirmed = self.confirmed.lock().expect("confirmed checkpoints");
        let at = confirmed.entry(projection).or_default();
        *at = (*at).max(reached);
    }

    /// The gate of `projection`.
    fn of(&self, projection: &'static str) -> Arc<SettleGate> {
        self.gates
            .lock()
            .expect("settle gates")
            .entry(projection)
            .or_default()
            .clone()
    }
}
