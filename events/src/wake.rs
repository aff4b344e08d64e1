//! Waking projectors after events commit, without a NOTIFY inside the writing transaction.
//!
//! PostgreSQL takes a database-wide lock at commit for every transaction that issued NOTIFY, so
//! a trigger on `events` serialised all writers (9,361 → 2,097 tps at 32 clients).
//! Instead, a writer calls [`events_of_type_committed`] (or [`events_committed`]) after its
//! commit: the projectors of this process that read that aggregate type wake at once (each has
//! its own [`tokio::sync::Notify`], see [`subscribe`]), and a background task sends one `NOTIFY
//! gbvf_events` in a transaction of its own for other processes, at most once per
//! [`COALESCE`]. Projectors also poll (every second), so a writer that does not call this is
//! still projected, only later. No event can be skipped either way: projectors read by commit
//! order below the xmin horizon, whatever woke them.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::Duration;

use sqlx::PgPool;
use tokio::sync::Notify;

/// The channel projectors listen on.
pub const CHANNEL: &str = "gbvf_events";
/// Shortest time between two notifications sent by one process (each is a transaction and
/// wakes every listening backend; projectors elsewhere batch their catch-ups by as much).
pub const COALESCE: Duration = Duration::from_millis(25);

/// Stands for "events of unknown types" in a notification payload.
const ANY_TYPE: &str = "*";

/// One projector's doorbell and the aggregate types it reads (empty: every type).
struct Subscriber {
    types: &'static [&'static str],
    bell: Arc<Notify>,
}

struct Wake {
    /// Projectors of this process. Each has its own [`Notify`], rung with `notify_one`, so a
    /// commit made while the projector is busy leaves a permit and is never missed.
    local: RwLock<Vec<Subscriber>>,
    /// The sender task's doorbell.
    outgoing: Notify,
    /// Whether the sender task runs (else nothing is sent to other processes).
    sender: AtomicBool,
    /// Whether the listener task runs (one `LISTEN` per process, see [`spawn_listener`]).
    listener: AtomicBool,
    /// Aggregate types committed since the last notification (`"*"`: unknown, any type).
    pending: Mutex<BTreeSet<String>>,
    /// This process's name in notification payloads (pid and start time).
    origin: String,
}

fn wake() -> &'static Wake {
    static WAKE: OnceLock<Wake> = OnceLock::new();
    WAKE.get_or_init(|| Wake {
        local: RwLock::new(Vec::new()),
        outgoing: Notify::new(),
        sender: AtomicBool::new(false),
        listener: AtomicBool::new(false),
        pending: Mutex::new(BTreeSet::new()),
        origin: format!(
            "{}.{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ),
    })
}

fn ring_local(interested: impl Fn(&Subscriber) -> bool) {
    for s in wake().local.read().expect("wake lock").iter() {
        if interested(s) {
            s.bell.notify_one();
        }
    }
}

/// Rings the projectors that read `aggregate_type` ([`ANY_TYPE`]: all) and the sender task.
fn ring(aggregate_type: &str) {
    let w = wake();
    if w.sender.load(Ordering::Relaxed) {
        let mut pending = w.pending.lock().expect("wake lock");
        if !pending.contains(aggregate_type) {
            pending.insert(aggregate_type.to_string());
        }
    }
    ring_local(|s| {
        aggregate_type == ANY_TYPE || s.types.is_empty() || s.types.contains(&aggregate_type)
    });
    w.outgoing.notify_one();
}

/// Tells projectors that events of any type were committed. Call after the commit; cheap (no
/// I/O). Prefer [`events_of_type_committed`] when the writer knows the aggregate type.
pub fn events_committed() {
    ring(ANY_TYPE);
}

/// Tells the projectors that read `aggregate_type` that events of it were committed (a crime
/// command wakes the crime projector only, not the five that would find nothing).
/// Other processes are told through `NOTIFY gbvf_events` as by [`events_committed`].
pub fn events_of_type_committed(aggregate_type: &str) {
    ring(aggregate_type);
}

/// A projector's subscription to commits of its aggregate types in this process.
pub struct Subscription {
    bell: Arc<Notify>,
}

impl Subscription {
    /// Resolves at the next commit of one of the types, or at once if one happened since the
    /// last call (the permit is kept).
    pub async fn committed(&self) {
        self.bell.notified().await
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        if let Ok(mut subs) = wake().local.write() {
            subs.retain(|s| !Arc::ptr_eq(&s.bell, &self.bell));
        }
    }
}

/// Subscribes to commits in this process of events of `aggregate_types` (empty: every type).
pub fn subscribe(aggregate_types: &'static [&'static str]) -> Subscription {
    let bell = Arc::new(Notify::new());
    wake().local.write().expect("wake lock").push(Subscriber {
        types: aggregate_types,
        bell: bell.clone(),
    });
    Subscription { bell }
}

/// Starts the task that turns [`events_committed`] into at most one `NOTIFY gbvf_events` per
/// [`COALESCE`] on `pool` (idempotent; one per process). A failed notification is logged and
/// dropped: projectors of other processes then find the events at their next poll.
pub fn spawn_notifier(pool: PgPool) {
    let w = wake();
    if w.sender.swap(true, Ordering::SeqCst) {
        return;
    }
    tokio::spawn(async move {
        loop {
            w.outgoing.notified().await;
            let types: Vec<String> = std::mem::take(&mut *w.pending.lock().expect("wake lock"))
                .into_iter()
                .collect();
            let payload = format!("{} {}", w.origin, types.join(","));
            if let Err(e) = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&pool)
                .await
            {
                tracing::debug!(error = %e, "could not notify projectors; they will poll");
            }
            tokio::time::sleep(COALESCE).await;
        }
    });
}

/// Starts the one task of this process that listens on [`CHANNEL`] and rings the projectors a
/// notification from another process concerns ([`concerns`]); idempotent. One `LISTEN` per
/// process rather than one per projector: PostgreSQL wakes every listening backend at each
/// `NOTIFY`. A lost connection rings every projector (notifications may have been missed)
/// and is retried each second; the projectors' poll covers the gap.
pub fn spawn_listener(pool: PgPool) {
    let w = wake();
    if w.listener.swap(true, Ordering::SeqCst) {
        return;
    }
    tokio::spawn(async move {
        loop {
            let result: sqlx::Result<()> = async {
                let mut listener = sqlx::postgres::PgListener::connect_with(&pool).await?;
                listener.listen(CHANNEL).await?;
                loop {
                    match listener.try_recv().await? {
                        Some(n) => ring_local(|s| concerns(n.payload(), s.types)),
                        None => ring_local(|_| true),
                    }
                }
            }
            .await;
            if let Err(e) = result {
                tracing::warn!(error = %e, "event notification listener lost; reconnecting");
            }
            ring_local(|_| true);
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}

/// Whether a `NOTIFY gbvf_events` with `payload` should wake a projector of this process that reads `aggregate_types` (empty: every type). Payload `"<origin> <type>,<type>"`
/// as [`spawn_notifier`] sends it: notifications from this very process are ignored (its
/// projectors were rung directly); an empty or unparsable payload (another writer, an operator's
/// `NOTIFY`) wakes everyone, as does the type `*`.
pub fn concerns(payload: &str, aggregate_types: &[&str]) -> bool {
    let Some((origin, types)) = payload.split_once(' ') else {
        return true;
    };
    if origin == wake().origin {
        return false;
    }
    aggregate_types.is_empty()
        || types.is_empty()
        || types
            .split(',')
            .any(|t| t == ANY_TYPE || aggregate_types.contains(&t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_commit_wakes_only_the_projectors_of_its_type_and_is_never_missed() {
        let crime = subscribe(&["crime_series"]);
        let users = subscribe(&["user", "group"]);
        // Rung before anyone waits: the permit is kept.
        events_of_type_committed("crime_series");
        tokio::time::timeout(Duration::from_millis(100), crime.committed())
            .await
            .expect("crime projector woken");
        assert!(
            tokio::time::timeout(Duration::from_millis(50), users.committed())
                .await
                .is_err(),
            "a crime commit must not wake the accounts projector"
        );
        events_committed();
        tokio::time::timeout(Duration::from_millis(100), users.committed())
            .await
            .expect("an untyped commit wakes everyone");
    }

    #[test]
    fn notifications_from_this_process_are_ignored_and_others_filtered_by_type() {
        let own = format!("{} crime_series", wake().origin);
        assert!(!concerns(&own, &["crime_series"]));
        assert!(concerns("123.456 crime_series,user", &["user"]));
        assert!(!concerns("123.456 crime_series", &["user"]));
        assert!(concerns("123.456 *", &["user"]));
        assert!(concerns("", &["user"]));
        assert!(concerns("123.456 ", &["user"]));
    }
}
