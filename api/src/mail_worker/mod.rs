//! Durable e-mail (docs/reliability.md "Durable e-mail"): mail that follows an event is sent by
//! a checkpointed worker reading the event log, never inline by the request that stored the
//! event.
//!
//! Two halves, both in [`run`]:
//! 1. **Queue.** Under a lease (a session advisory lock, like a projector's), read a page of
//!    events in commit order after `mail_checkpoint` ([`gbvf_events::store::read_page`]),
//!    and in ONE transaction insert one `mail_outbox` row per (event, template) and advance
//!    the checkpoint. The row's key `<aggregate_type>/<aggregate_id>/<sequence>/<template>` is
//!    the idempotency key: a page redone after a crash inserts nothing twice
//!    (`ON CONFLICT DO NOTHING`).
//! 2. **Send.** Claim one due `pending` row at a time by moving its next try [`CLAIM`] ahead
//!    in one statement (`FOR UPDATE SKIP LOCKED`: several processes may send side by side; no
//!    transaction stays open while mail is sent), look the recipient's address and first name
//!    up in the accounts read model *at send time* (no address is ever copied into the outbox
//!    or an event, POPIA), send, and mark the row `sent`. A failure increments `attempts` and
//!    schedules the next try after `base × 2^(attempts−1)` (capped at five minutes);
//!    after [`MAX_ATTEMPTS`] the row is `failed`. Every message carries
//!    `Message-ID: <idempotency-key-hash@gbvf.mail>`, so even the one unavoidable duplicate
//!    (the process dies after the SMTP server accepted a message and before the row is marked)
//!    is recognisable as the same message by the receiving side.
//!
//! Which events mail (admin spec §3 "Organisation verification",
//! docs/decisions/0042-mail-that-follows-an-event-is-sent-by-a-worker.md):
//! - `OrganisationApproved` → `welcome` to the organisation's designated person;
//! - `OrganisationRejected` → `rejection` (with the reason) to the same person;
//! - `UserRegistered` created by an administrator (`created_by` = `admin:…`) → `invitation`;
//! - `OrganisationRegistered` → `application` to every live account that may decide it
//!   (VerifyOrganisation, 32), one message each, resolved when the event is queued (a redone
//!   page may reach an account that gained the right since; none twice: the key names it);
//! - a provider's `BuildingBlockDetailsSubmitted`, `BuildingBlockVerified` and
//!   `BuildingBlockReturned` → the building-block notices of [`building_blocks`].
//!
//! One-time codes and the "someone tried to register with your address" notice are not
//! event-driven and stay inline (api/src/http/auth/handlers).

use std::time::Duration;

use gbvf_events::accounts::{OrganisationEvent, UserEvent, ORGANISATION_AGGREGATE, USER_AGGREGATE};
use gbvf_events::building_block::PROVIDER_AGGREGATE;
use gbvf_events::store::{read_page, Position, StoredEvent};
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::PgPool;
use tokio::sync::watch;

use crate::http::auth::mail::Mailer;

pub mod building_blocks;
mod reasons;
pub use reasons::reason_at_send;

/// The checkpoint row's name in `mail_checkpoint`.
pub const WORKER: &str = "mail";
/// Events read per page.
pub const PAGE: i64 = 1_000;
/// Tries before a message is marked `failed` (with the default 2 s base: about an hour).
pub const MAX_ATTEMPTS: i32 = 20;
/// Longest wait between two tries.
pub const MAX_BACKOFF: Duration = Duration::from_secs(300);
/// How long a claimed message is left to the sender that claimed it before another may try
/// it: well above the SMTP transport's 10 s timeout.
pub const CLAIM: Duration = Duration::from_secs(120);

/// How the worker sends.
#[derive(Clone)]
pub struct MailWorker {
    /// Database (event log, checkpoint, outbox, accounts read model).
    pub pool: PgPool,
    /// SMTP or the development outbox.
    pub mailer: Mailer,
    /// Public address of the site, for links in the templates (`GBVF_BASE_URL`).
    pub base_url: String,
    /// First back-off step; doubles per failed try (`GBVF_MAIL_RETRY_MS`, default 2,000 ms).
    pub retry_base: Duration,
}

/// A message to queue for one event.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    /// Template name in `api/templates/` (`welcome`, `rejection`, `invitation`).
    pub template: &'static str,
    /// Recipient by user id (invitation).
    pub user_id: Option<String>,
    /// Recipient as the designated person of this organisation (welcome, rejection).
    pub organisation_id: Option<String>,
    /// Template values that are not personal data (a free-text reason only by its
    /// `reason_id`, see [`reason_at_send`]).
    pub context: Value,
    /// To every account holding VerifyOrganisation (32) when queued (a new application).
    pub to_verifiers: bool,
}

/// The messages an event calls for (none for most events). See the module docs for the rules.
/// Example data (`gbvf examples load`) calls for none: its addresses are not real.
pub fn plan(e: &StoredEvent) -> Vec<Planned> {
    if gbvf_events::example::is_example(&e.metadata) {
        return vec![];
    }
    match e.aggregate_type.as_str() {
        ORGANISATION_AGGREGATE => {
            match serde_json::from_value::<OrganisationEvent>(e.payload.clone()) {
                Ok(OrganisationEvent::OrganisationApproved(_)) => vec![Planned {
                    template: "welcome",
                    user_id: None,
                    organisation_id: Some(e.aggregate_id.clone()),
                    context: json!({}),
                    to_verifiers: false,
                }],
                Ok(OrganisationEvent::OrganisationRejected(d)) => vec![Planned {
                    template: "rejection",
                    user_id: None,
                    organisation_id: Some(e.aggregate_id.clone()),
                    // The verifier's own words are looked up when the message is sent.
                    context: match d.reason_id {
                        Some(id) => json!({"reason_id": id, "reason_digest": d.reason_digest}),
                        None => json!({"reason": d.reason}),
                    },
                    to_verifiers: false,
                }],
                // The applicant's organisation name and id are not personal data.
                Ok(OrganisationEvent::OrganisationRegistered(r)) => vec![Planned {
                    template: "application",
                    user_id: None,
                    organisation_id: None,
                    context: json!({"applicant": r.name, "applicant_id": r.organisation_id}),
                    to_verifiers: true,
                }],
                _ => vec![],
            }
        }
        USER_AGGREGATE => match serde_json::from_value::<UserEvent>(e.payload.clone()) {
            Ok(UserEvent::UserRegistered(r)) if r.created_by.starts_with("admin:") => {
                vec![Planned {
                    template: "invitation",
                    user_id: Some(r.user_id),
                    organisation_id: None,
                    context: json!({}),
                    to_verifiers: false,
                }]
            }
            _ => vec![],
        },
        _ => vec![],
    }
}

impl Planned {
    /// The messages this plan sends: itself, or for a message to the verifiers one copy per
    /// account among `verifiers` (user ids), each addressed to that account.
    fn addressed(self, verifiers: &[String]) -> Vec<Planned> {
        if !self.to_verifiers {
            return vec![self];
        }
        verifiers
            .iter()
            .map(|id| Planned {
                user_id: Some(id.clone()),
                ..self.clone()
            })
            .collect()
    }
}

/// The subject line of each template (the wording the inline sends used before).
pub fn subject(template: &str) -> &'static str {
    match template {
        "welcome" => "Your organisation has been approved",
        "rejection" => "Your organisation registration",
        "invitation" => "Your GBVF dashboard account",
        "application" => "A new organisation applied to the GBVF dashboard",
        building_blocks::SUBMISSIONS => "Building-block details waiting for your review",
        building_blocks::VERIFIED => "Building-block details verified",
        building_blocks::RETURNED => "Building-block details returned to you",
        building_blocks::DECIDED => "The province decided on your building-block proposal",
        _ => "GBVF dashboard",
    }
}

fn lock_key() -> i64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in "gbvf-mail-worker".bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    (h >> 1) as i64
}

/// Inserts one `mail_outbox` row for event `e` under idempotency key `key` (nothing when the
/// key is there already: a redone page).
async fn enqueue(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    key: &str,
    e: &StoredEvent,
    reference: &str,
    p: &Planned,
) -> anyhow::Result<()> {
    let queued = sqlx::query(
        "INSERT INTO mail_outbox (idempotency_key, aggregate_type, aggregate_id, sequence, event_type,
             template, recipient_user_id, recipient_organisation_id, context)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING",
    )
    .bind(key)
    .bind(&e.aggregate_type)
    .bind(reference)
    .bind(e.sequence)
    .bind(&e.event_type)
    .bind(p.template)
    .bind(&p.user_id)
    .bind(&p.organisation_id)
    .bind(&p.context)
    .execute(&mut **tx)
    .await?;
    if queued.rows_affected() > 0 {
        metrics::counter!("gbvf_mail_queued_total", "template" => p.template).increment(1);
    }
    Ok(())
}

/// Queues the messages of one page of events after the checkpoint and advances it, in one
/// transaction. Returns the number of events read (0 when caught up).
pub async fn queue_step(pool: &PgPool) -> anyhow::Result<usize> {
    let mut tx = pool.begin().await?;
    let (txid, pos): (i64, i64) = sqlx::query_as(
        "SELECT (last_transaction_id::text)::bigint, last_global_position
         FROM mail_checkpoint WHERE worker = $1 FOR UPDATE",
    )
    .bind(WORKER)
    .fetch_one(&mut *tx)
    .await?;
    let events = read_page(
        &mut tx,
        Position {
            transaction_id: txid,
            global_position: pos,
        },
        &[ORGANISATION_AGGREGATE, USER_AGGREGATE, PROVIDER_AGGREGATE],
        PAGE,
    )
    .await?;
    let Some(last) = events.last() else {
        tx.rollback().await?;
        return Ok(0);
    };
    let verifiers = if events.iter().flat_map(plan).any(|p| p.to_verifiers) {
        gbvf_projections::accounts::queries::holders_of_action(
            &mut *tx,
            gbvf_commands::accounts::permissions::VerifyOrganisation as i64,
        )
        .await?
    } else {
        Vec::new()
    };
    for e in &events {
        for p in plan(e).into_iter().flat_map(|p| p.addressed(&verifiers)) {
            // A user is named by the user id of the payload, not the aggregate id: logs from
            // before the POPIA migration keyed user aggregates by the e-mail address, and no
            // address may be stored here.
            let reference = if e.aggregate_type == USER_AGGREGATE {
                p.user_id.clone().unwrap_or_default()
            } else {
                e.aggregate_id.clone()
            };
            let key = match &p.user_id {
                Some(to) if p.to_verifiers => format!(
                    "{}/{}/{}/{}/{to}",
                    e.aggregate_type, reference, e.sequence, p.template
                ),
                _ => format!(
                    "{}/{}/{}/{}",
                    e.aggregate_type, reference, e.sequence, p.template
                ),
            };
            enqueue(&mut tx, &key, e, &reference, &p).await?;
        }
        if e.aggregate_type == PROVIDER_AGGREGATE {
            building_blocks::queue(&mut tx, e).await?;
        }
    }
    sqlx::query(
        "UPDATE mail_checkpoint SET last_transaction_id = $2::text::xid8, last_global_position = $3,
             events_read = events_read + $4, updated_at = now() WHERE worker = $1",
    )
    .bind(WORKER)
    .bind(last.transaction_id.to_string())
    .bind(last.global_position)
    .bind(events.len() as i64)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(events.len())
}

#[derive(sqlx::FromRow)]
struct Due {
    idempotency_key: String,
    template: String,
    recipient_user_id: Option<String>,
    recipient_organisation_id: Option<String>,
    context: Value,
    attempts: i32,
}

/// Recipient address, first name and organisation name, from the accounts read model. When
/// the read model has not applied the event yet, it is brought up to date first (the worker
/// may run where no projector does, e.g. beside a `gbvf project` process on another machine).
async fn recipient(pool: &PgPool, due: &Due) -> anyhow::Result<(String, String, Option<String>)> {
    if let Some(found) = read_recipient(pool, due).await? {
        return Ok(found);
    }
    if let Some(accounts) = gbvf_projections::by_name("accounts") {
        gbvf_projections::engine::catch_up(pool, accounts.as_ref()).await?;
    }
    // Still missing (e.g. the account was deleted): a retry will find it or give up.
    read_recipient(pool, due)
        .await?
        .ok_or_else(|| anyhow::anyhow!("recipient not (yet) in the accounts read model"))
}

async fn read_recipient(
    pool: &PgPool,
    due: &Due,
) -> anyhow::Result<Option<(String, String, Option<String>)>> {
    let row: Option<(String, String, Option<String>)> = if let Some(org) =
        &due.recipient_organisation_id
    {
        sqlx::query_as(
            "SELECT u.email, u.first_name, o.name FROM organisation o
             JOIN user_account u ON u.user_id = o.designated_user_id
             WHERE o.organisation_id = $1 AND NOT u.deleted",
        )
        .bind(org)
        .fetch_optional(pool)
        .await?
    } else {
        sqlx::query_as(
            "SELECT email, first_name, NULL::text FROM user_account WHERE user_id = $1 AND NOT deleted",
        )
        .bind(&due.recipient_user_id)
        .fetch_optional(pool)
        .await?
    };
    Ok(row)
}

impl MailWorker {
    /// From the environment: the mailer of [`Mailer::from_env`], `GBVF_BASE_URL` and
    /// `GBVF_MAIL_RETRY_MS`.
    pub fn from_env(pool: PgPool, mailer: Mailer, base_url: String) -> MailWorker {
        let ms = std::env::var("GBVF_MAIL_RETRY_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2_000u64);
        MailWorker {
            pool,
            mailer,
            base_url,
            retry_base: Duration::from_millis(ms),
        }
    }

    /// Sends every due message. Returns (sent, failed tries).
    ///
    /// No transaction stays open while a message is sent or the accounts read model catches
    /// up: a transaction holding a row lock has a transaction id, and an open one holds back
    /// the commit-order horizon every projector on the server reads up to (it waited on
    /// itself for a minute when the recipient was not projected yet). Instead each message is
    /// claimed by one statement that moves its `next_attempt_at` [`CLAIM`] ahead (so another
    /// sender skips it), sent, then marked. A sender that dies mid-send leaves the claim to
    /// expire and the message is tried again, with the same Message-ID.
    pub async fn send_due(&self) -> anyhow::Result<(usize, usize)> {
        let (mut sent, mut failed) = (0, 0);
        loop {
            let due: Option<Due> = sqlx::query_as(
                "UPDATE mail_outbox SET next_attempt_at = now() + make_interval(secs => $1), claimed_at = now()
                 WHERE idempotency_key = (
                     SELECT idempotency_key FROM mail_outbox
                     WHERE status = 'pending' AND next_attempt_at <= now()
                     ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
                 RETURNING idempotency_key, template, recipient_user_id, recipient_organisation_id, context, attempts",
            )
            .bind(CLAIM.as_secs_f64())
            .fetch_optional(&self.pool)
            .await?;
            let Some(due) = due else {
                return Ok((sent, failed));
            };
            let result = async {
                let (email, name, organisation) = recipient(&self.pool, &due).await?;
                let mut context = due.context.clone();
                context["name"] = json!(name);
                context["email"] = json!(email);
                context["organisation"] = json!(organisation);
                context["base_url"] = json!(self.base_url);
                reason_at_send(&self.pool, &mut context).await?;
                self.mailer
                    .send_with_id(
                        &email,
                        subject(&due.template),
                        &due.template,
                        context,
                        Some(message_id(&due.idempotency_key)),
                    )
                    .await
            }
            .await;
            match result {
                Ok(()) => {
                    sqlx::query(
                        "UPDATE mail_outbox SET status = 'sent', attempts = attempts + 1, sent_at = now(), last_error = NULL
                         WHERE idempotency_key = $1",
                    )
                    .bind(&due.idempotency_key)
                    .execute(&self.pool)
                    .await?;
                    metrics::counter!("gbvf_mail_sent_total", "template" => due.template.clone())
                        .increment(1);
                    sent += 1;
                }
                Err(e) => {
                    let attempts = due.attempts + 1;
                    let wait = self.backoff(attempts);
                    tracing::warn!(key = %due.idempotency_key, attempts, error = %e, "e-mail not sent; will retry");
                    sqlx::query(
                        "UPDATE mail_outbox SET attempts = $2, last_error = $3, claimed_at = NULL,
                             status = CASE WHEN $2 >= $4 THEN 'failed' ELSE 'pending' END,
                             next_attempt_at = now() + make_interval(secs => $5)
                         WHERE idempotency_key = $1",
                    )
                    .bind(&due.idempotency_key)
                    .bind(attempts)
                    .bind(format!("{e:#}"))
                    .bind(MAX_ATTEMPTS)
                    .bind(wait.as_secs_f64())
                    .execute(&self.pool)
                    .await?;
                    metrics::counter!("gbvf_mail_send_failures_total", "template" => due.template.clone())
                        .increment(1);
                    failed += 1;
                }
            }
        }
    }

    /// Wait before try `attempts + 1`: `retry_base × 2^(attempts−1)`, at most [`MAX_BACKOFF`].
    pub fn backoff(&self, attempts: i32) -> Duration {
        let factor = 2u32.saturating_pow((attempts.max(1) - 1).min(20) as u32);
        (self.retry_base * factor).min(MAX_BACKOFF)
    }

    /// Queues everything committed so far and sends what is due once (tests and operators).
    pub async fn catch_up(&self) -> anyhow::Result<(usize, usize)> {
        while queue_step(&self.pool).await? > 0 {}
        self.send_due().await
    }
}

/// `<hex of FNV-1a of the key>@gbvf.mail`: the same key always gives the same Message-ID.
pub fn message_id(key: &str) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in key.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("<{h:016x}.{}@gbvf.mail>", key.len())
}

/// Runs the worker until `shutdown` turns true: queues under the lease, sends, and sleeps until
/// events are notified, a retry is due, or one second passes. Errors are logged and retried.
pub async fn run(w: MailWorker, mut shutdown: watch::Receiver<bool>) {
    let mut backoff = Duration::from_millis(200);
    while !*shutdown.borrow() {
        match run_leased(&w, &mut shutdown).await {
            Ok(()) => return,
            Err(e) => {
                tracing::error!(error = %e, "mail worker failed; retrying");
                tokio::select! {
                    _ = tokio::time::sleep(backoff) => {}
                    _ = shutdown.changed() => {}
                }
                backoff = (backoff * 2).min(Duration::from_secs(10));
            }
        }
    }
}

async fn run_leased(w: &MailWorker, shutdown: &mut watch::Receiver<bool>) -> anyhow::Result<()> {
    // Woken by commits of the only aggregate types that call for mail, in this process or
    // (through the process's one listener) another; never by crime figures (waking
    // on every event cost each crime command three statements and a transaction).
    gbvf_events::wake::spawn_listener(w.pool.clone());
    let commits = gbvf_events::wake::subscribe(&[ORGANISATION_AGGREGATE, USER_AGGREGATE]);
    // The lease lives as long as this connection: if the process dies, PostgreSQL releases it.
    let mut lease = w.pool.acquire().await?.detach();
    let mut leased = false;
    loop {
        if !leased {
            leased = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                .bind(lock_key())
                .fetch_one(&mut lease)
                .await?;
        }
        if leased {
            while queue_step(&w.pool).await? > 0 {}
        }
        // Sending needs no lease: rows are claimed with SKIP LOCKED.
        w.send_due().await?;
        tokio::select! {
            _ = commits.committed() => {}
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            _ = shutdown.changed() => { if *shutdown.borrow() { return Ok(()); } }
        }
    }
}

/// One outbox row as administrators see it (no address: the recipient by id).
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailStatusRow {
    /// `<aggregate_type>/<aggregate id, or the user id for accounts>/<sequence>/<template>`.
    pub idempotency_key: String,
    /// Event that called for the message.
    pub event_type: String,
    /// Template (`welcome`, `rejection`, `invitation`).
    pub template: String,
    /// `pending`, `sent` or `failed`.
    pub status: String,
    /// Tries so far.
    pub attempts: i32,
    /// Last SMTP or lookup error, if any.
    pub last_error: Option<String>,
    /// When the message was queued.
    pub queued_at: chrono::DateTime<chrono::Utc>,
    /// Next try (pending rows).
    pub next_attempt_at: chrono::DateTime<chrono::Utc>,
    /// When it was sent.
    pub sent_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// Counts by status and the newest rows.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailStatus {
    /// Messages waiting (including retries).
    pub pending: i64,
    /// Messages sent.
    pub sent: i64,
    /// Messages given up after [`MAX_ATTEMPTS`] tries.
    pub failed: i64,
    /// Events read by the worker so far.
    pub events_read: i64,
    /// The newest 100 messages.
    pub messages: Vec<MailStatusRow>,
}

/// The outbox status (admin endpoint and `/metrics`).
pub async fn status(pool: &PgPool) -> anyhow::Result<MailStatus> {
    let (pending, sent, failed): (i64, i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'sent'),
                count(*) FILTER (WHERE status = 'failed') FROM mail_outbox",
    )
    .fetch_one(pool)
    .await?;
    let events_read: i64 =
        sqlx::query_scalar("SELECT coalesce(max(events_read), 0)::bigint FROM mail_checkpoint")
            .fetch_one(pool)
            .await?;
    let messages = sqlx::query_as(
        "SELECT idempotency_key, event_type, template, status, attempts, last_error, queued_at, next_attempt_at, sent_at
         FROM mail_outbox ORDER BY queued_at DESC LIMIT 100",
    )
    .fetch_all(pool)
    .await?;
    Ok(MailStatus {
        pending,
        sent,
        failed,
        events_read,
        messages,
    })
}
