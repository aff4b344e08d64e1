//! The sealer as a worker ([`run`], under a lease, in `gbvf serve` and `gbvf project`) and as
//! a one-off ([`seal_now`], for the proof export and tests); the step itself is
//! [`super::sealer::Sealer`].

use std::time::Duration;

use sqlx::PgPool;
use tokio::sync::watch;

use super::heads::HeadsFile;
use super::sealer::{raise, Alarm, Sealer, LEASE_KEY, PAGE};

/// How long the worker lets commits gather after the first one wakes it before it seals them
/// in one step: one transaction and one `event_seal` insert for all the commands of that
/// moment, not a step (four statements and a lock) per command. An event is sealed at most
/// this much (plus a step) after its commit; the history shows it as "pending" meanwhile.
pub const GATHER: Duration = Duration::from_millis(250);

/// Longest [`seal_now`] waits for the xmin horizon to pass the newest committed event (a
/// transaction open anywhere on the PostgreSQL server holds the horizon back).
pub const SEAL_NOW_WAIT: Duration = Duration::from_secs(30);

/// Seals every event committed before the call and signs the head (waiting while another
/// process holds the step lock, and while older transactions still running anywhere on the
/// server keep the newest committed event above the horizon, at most [`SEAL_NOW_WAIT`]), with
/// the configured key and heads file ([`super::heads::dir_from_env`]). Returns the number of
/// events sealed. Used by the proof export and tests; the worker ([`run`]) does the same
/// continuously. Errors: an [`Alarm`] (the database no longer holds what was signed); the
/// database's; the heads file's.
pub async fn seal_now(pool: &PgPool) -> anyhow::Result<u64> {
    let mut sealer = open(pool).await?;
    seal_with(&mut sealer, pool).await
}

/// A sealer kept between one-off seals, for a process that asks for many (the open data's
/// manifests, one per dataset produced): [`Sealer::open`] folds and checks the whole chain
/// (about 0.7 s for 110,000 entries in a debug build), so it is opened on first use only and each
/// later [`KeptSealer::seal_now`] folds in just what was sealed since, by whichever process.
/// One per database (pool); after an error it is opened afresh on the next call.
#[derive(Default)]
pub struct KeptSealer {
    sealer: tokio::sync::Mutex<Option<Sealer>>,
}

impl KeptSealer {
    /// What [`seal_now`] does, with the kept sealer. Errors: as [`seal_now`]'s.
    pub async fn seal_now(&self, pool: &PgPool) -> anyhow::Result<u64> {
        let mut kept = self.sealer.lock().await;
        let sealer = match kept.as_mut() {
            Some(s) => s,
            None => kept.insert(open(pool).await?),
        };
        let sealed = seal_with(sealer, pool).await;
        if sealed.is_err() {
            *kept = None;
        }
        sealed
    }
}

/// A sealer with the configured key and heads file.
async fn open(pool: &PgPool) -> anyhow::Result<Sealer> {
    let key = super::key::signing_key(pool).await?;
    let heads = HeadsFile::from_env(pool).await?;
    Sealer::open(pool, key, Some(heads)).await
}

/// Steps `sealer` (signing the head) until every event committed before the call is sealed.
async fn seal_with(sealer: &mut Sealer, pool: &PgPool) -> anyhow::Result<u64> {
    let newest: Option<i64> = sqlx::query_scalar("SELECT max(global_position) FROM events")
        .fetch_one(pool)
        .await?;
    let deadline = std::time::Instant::now() + SEAL_NOW_WAIT;
    let mut total = 0u64;
    loop {
        let s = sealer.step(pool, PAGE, true).await?;
        total += s.sealed as u64;
        if s.sealed > 0 {
            continue;
        }
        let reached = match newest {
            None => true,
            Some(p) => {
                sqlx::query_scalar(
                    "SELECT EXISTS (SELECT 1 FROM event_seal WHERE global_position = $1)",
                )
                .bind(p)
                .fetch_one(pool)
                .await?
            }
        };
        if (reached && !s.busy) || std::time::Instant::now() > deadline {
            return Ok(total);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs the sealer until `shutdown` turns true: takes the lease, opens the chain against the
/// heads file ([`Sealer::open`]), seals page after page, and sleeps until events are committed
/// (in this process or, through the wake listener, another; then [`GATHER`] longer, so the
/// commits of that moment are sealed in one step) or a second passes. An [`Alarm`]
/// is raised ([`raise`]) and stops sealing for the life of the process (the lease is kept, so
/// no stand-in seals either); other errors are logged and retried with back-off.
pub async fn run(pool: PgPool, mut shutdown: watch::Receiver<bool>) {
    let mut backoff = Duration::from_millis(200);
    while !*shutdown.borrow() {
        match run_leased(&pool, &mut shutdown).await {
            Ok(()) => return,
            Err(e) => {
                if let Some(a) = e.downcast_ref::<Alarm>() {
                    raise(a);
                    while !*shutdown.borrow() {
                        if shutdown.changed().await.is_err() {
                            return;
                        }
                    }
                    return;
                }
                tracing::error!(error = %format!("{e:#}"), "audit sealer failed; retrying");
                tokio::select! {
                    _ = tokio::time::sleep(backoff) => {}
                    _ = shutdown.changed() => {}
                }
                backoff = (backoff * 2).min(Duration::from_secs(10));
            }
        }
    }
}

async fn run_leased(pool: &PgPool, shutdown: &mut watch::Receiver<bool>) -> anyhow::Result<()> {
    crate::wake::spawn_listener(pool.clone());
    let commits = crate::wake::subscribe(&[]);
    let key = super::key::signing_key(pool).await?;
    let heads = HeadsFile::from_env(pool).await?;
    // The lease lives as long as this connection: if the process dies, PostgreSQL releases it.
    // On an alarm the connection is kept (leaked with the lease) so no stand-in seals either.
    let mut lease = pool.acquire().await?.detach();
    let mut sealer: Option<Sealer> = None;
    loop {
        if sealer.is_none() {
            let leased: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                .bind(LEASE_KEY)
                .fetch_one(&mut lease)
                .await?;
            if leased {
                let opened = Sealer::open(pool, key.clone(), Some(heads.clone())).await;
                match opened {
                    Ok(s) => sealer = Some(s),
                    Err(e) => {
                        if e.downcast_ref::<Alarm>().is_some() {
                            std::mem::forget(lease);
                        } else {
                            let _ = sqlx::query("SELECT pg_advisory_unlock($1)")
                                .bind(LEASE_KEY)
                                .execute(&mut lease)
                                .await;
                        }
                        return Err(e);
                    }
                }
            }
        }
        if let Some(s) = sealer.as_mut() {
            loop {
                match s.step(pool, PAGE, false).await {
                    // A full page: more may be waiting. A partial one sealed all there was;
                    // what commits later wakes the worker again.
                    Ok(step) if step.sealed as i64 >= PAGE => {}
                    Ok(_) => break,
                    Err(e) => {
                        if e.downcast_ref::<Alarm>().is_some() {
                            std::mem::forget(lease);
                        }
                        return Err(e);
                    }
                }
            }
        }
        tokio::select! {
            _ = commits.committed() => {
                // Let the commits of this moment gather, then seal them together.
                tokio::select! {
                    _ = tokio::time::sleep(GATHER) => {}
                    _ = shutdown.changed() => { if *shutdown.borrow() { return Ok(()); } }
                }
            }
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            _ = shutdown.changed() => { if *shutdown.borrow() { return Ok(()); } }
        }
    }
}
