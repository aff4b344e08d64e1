//! The one way an HTTP command runs on a cqrs-es aggregate: decide on the current state, append,
//! and when another command on the same aggregate appended first (the event log's primary key
//! `(aggregate_type, aggregate_id, sequence)` refused the append: cqrs-es `AggregateConflict`),
//! load again and decide once more.
//!
//! A second try is safe because every command here is decided by its aggregate on the state it
//! loads, never on what the caller saw: a command that depends on a state the caller saw names
//! it (an expected version or status) and the aggregate refuses it with its own error when that
//! state has moved on. A conflict on the last try is answered 409 by the caller, with a message
//! that tells the user to reload.
//!
//! Most commands take [`Retry::ONCE_MORE`] ([`execute`]). An aggregate that many independent
//! requests change at once, such as a survey period admitting the responses of its link, takes
//! more tries with a random pause between them ([`execute_with`]).

use std::collections::HashMap;

use cqrs_es::{Aggregate, AggregateError, CqrsFramework, EventStore};

/// How many times a command is decided and appended before a conflict is given up on.
pub const TRIES: usize = 2;

/// How often a command is decided again after a concurrent append, and how long the caller
/// pauses before each new try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retry {
    /// Tries in all, the first included (at least 1).
    pub tries: usize,
    /// After the `n`th conflict, the pause before the next try is a random whole number of
    /// milliseconds below `jitter_ms × (n + 1)`, so racing callers spread out; 0: no pause.
    pub jitter_ms: u64,
}

impl Retry {
    /// [`TRIES`] tries without a pause: what [`execute`] does.
    pub const ONCE_MORE: Retry = Retry {
        tries: TRIES,
        jitter_ms: 0,
    };
}

/// Executes `command` on aggregate `id` with `metadata`, trying once more on a concurrent
/// append (see the module's notes). Errors: the aggregate's own `UserError`, or
/// `AggregateConflict` when both tries met a concurrent change, or a store error.
pub async fn execute<A, ES>(
    cqrs: &CqrsFramework<A, ES>,
    id: &str,
    command: A::Command,
    metadata: HashMap<String, String>,
) -> Result<(), AggregateError<A::Error>>
where
    A: Aggregate,
    A::Command: Clone,
    ES: EventStore<A>,
{
    execute_with(
        cqrs,
        id,
        || command.clone(),
        || metadata.clone(),
        Retry::ONCE_MORE,
    )
    .await
}

/// Executes the command that `command` builds on aggregate `id`, with the metadata that
/// `metadata` builds, as often as `retry` allows while appends conflict. Both are built anew
/// for each try, so a command that names the moment it is decided (a response's arrival
/// against its period's dates) names the moment of the try that is appended. Errors: as
/// [`execute`]; `AggregateConflict` once every try met a concurrent change.
pub async fn execute_with<A, ES>(
    cqrs: &CqrsFramework<A, ES>,
    id: &str,
    mut command: impl FnMut() -> A::Command,
    mut metadata: impl FnMut() -> HashMap<String, String>,
    retry: Retry,
) -> Result<(), AggregateError<A::Error>>
where
    A: Aggregate,
    ES: EventStore<A>,
{
    let mut tried = 1;
    loop {
        match cqrs.execute_with_metadata(id, command(), metadata()).await {
            Err(AggregateError::AggregateConflict) if tried < retry.tries => {
                metrics::counter!("gbvf_command_conflict_retries_total", "aggregate" => A::TYPE)
                    .increment(1);
                tracing::debug!(aggregate = A::TYPE, id, "concurrent append; deciding again");
                if retry.jitter_ms > 0 {
                    let wait = rand::random::<u64>() % (retry.jitter_ms * (tried as u64 + 1));
                    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
                }
                tried += 1;
            }
            other => return other,
        }
    }
}
