//! The one way an HTTP command runs on a cqrs-es aggregate: decide on the current state, append,
//! and when another command on the same aggregate appended first (the event log's primary key
//! `(aggregate_type, aggregate_id, sequence)` refused the append: cqrs-es `AggregateConflict`),
//! load again and decide once more.
//!
//! A second try is safe because every command here is decided by its aggregate on the state it
//! loads, never on what the caller saw: a command that depends on a state the caller saw names
//! it (an expected version or status) and the aggregate refuses it with its own error when that
//! state has moved on. A conflict on the second try is answered 409 by the caller, with a message
//! that tells the user to reload.

use std::collections::HashMap;

use cqrs_es::{Aggregate, AggregateError, CqrsFramework, EventStore};

/// How many times a command is decided and appended before a conflict is given up on.
pub const TRIES: usize = 2;

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
    let mut tried = 1;
    loop {
        match cqrs
            .execute_with_metadata(id, command.clone(), metadata.clone())
            .await
        {
            Err(AggregateError::AggregateConflict) if tried < TRIES => {
                tried += 1;
                metrics::counter!("gbvf_command_conflict_retries_total", "aggregate" => A::TYPE)
                    .increment(1);
                tracing::debug!(aggregate = A::TYPE, id, "concurrent append; deciding again");
            }
            other => return other,
        }
    }
}
