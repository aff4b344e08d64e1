//! The ways a command runs on a cqrs-es aggregate: decide on the current state, append, and
//! when another command on the same aggregate appended first (the event log's primary key
//! `(aggregate_type, aggregate_id, sequence)` refused the append: cqrs-es `AggregateConflict`,
//! or a unique violation), load again and decide once more.
//!
//! - [`execute`]: through the aggregate's `CqrsFramework`, for commands whose events are all
//!   they write.
//! - [`execute_on`]: the same on one connection the caller holds, appended by one multi-row
//!   INSERT (no BEGIN and COMMIT), for the hot command paths: each release of a pooled
//!   connection costs a round trip (sqlx pings it), so a command through the framework paid
//!   about six where this pays two.
//! - [`execute_with_side_tables`]: for commands whose events come with rows outside the event
//!   log ([`SideTables`]: personal data kept out of payloads), appended and written in ONE
//!   transaction, so a crash between the two is impossible.
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

    /// After try `tried` (from 1) of a command on aggregate `id` of type `aggregate_type` met
    /// a concurrent append: counts the retry (`gbvf_command_conflict_retries_total`) and
    /// pauses as [`Self::jitter_ms`] says.
    pub async fn before_next_try(&self, aggregate_type: &'static str, id: &str, tried: usize) {
        metrics::counter!("gbvf_command_conflict_retries_total", "aggregate" => aggregate_type)
            .increment(1);
        tracing::debug!(
            aggregate = aggregate_type,
            id,
            "concurrent append; deciding again"
        );
        if self.jitter_ms > 0 {
            let wait = rand::random::<u64>() % (self.jitter_ms * (tried as u64 + 1));
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
        }
    }
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
                retry.before_next_try(A::TYPE, id, tried).await;
                tried += 1;
            }
            other => return other,
        }
    }
}

/// `A`'s state from its stored events (upcast, erased fields stripped, as every reader of the
/// log sees them) read on `connection`, and the sequence of its last event (0 when it has
/// none). Errors: a database error as [`database_error`]; a stored event that does not decode
/// (`DeserializationError`).
pub async fn load_on<A: Aggregate>(
    connection: &mut sqlx::PgConnection,
    id: &str,
) -> Result<(A, i64), AggregateError<A::Error>> {
    let mut aggregate = A::default();
    let mut sequence = 0;
    for stored in gbvf_events::store::aggregate_history(&mut *connection, A::TYPE, id)
        .await
        .map_err(database_error)?
    {
        sequence = stored.sequence;
        let event: A::Event = serde_json::from_value(stored.payload)
            .map_err(|e| AggregateError::DeserializationError(Box::new(e)))?;
        aggregate.apply(event);
    }
    Ok((aggregate, sequence))
}

/// The events `aggregate` decides for `command` (its cqrs-es `handle`), in order; the
/// aggregate's own refusal otherwise. The events are not applied: `handle` may keep what it
/// computed on `aggregate`, so load it again before deciding anew.
pub async fn decide<A: Aggregate>(
    aggregate: &mut A,
    command: A::Command,
    services: &A::Services,
) -> Result<Vec<A::Event>, A::Error> {
    let sink = cqrs_es::event_sink::EventSink::default();
    aggregate.handle(command, services, &sink).await?;
    Ok(sink.collect().await)
}

/// Executes the command `command` builds on aggregate `id` of type `A`, every read and the
/// append on `connection`: loads the aggregate ([`load_on`]), lets it decide, and appends the
/// events with `metadata` in one multi-row INSERT (atomic by itself), then wakes the
/// projectors of `A`. On a concurrent append (a unique violation) it loads and decides again,
/// as often as `retry` allows (see the module's notes). A command that decides no event writes
/// nothing.
///
/// Returns the events appended and the commit-order position of the last one (`None` when the
/// command decided no event): the consistency token a reader of `A`'s projections waits for.
/// Errors: the aggregate's own `UserError`; `AggregateConflict` when every try met a concurrent
/// change; a stored event that does not decode; a database error as [`database_error`].
pub async fn execute_on<A: Aggregate>(
    connection: &mut sqlx::PgConnection,
    id: &str,
    mut command: impl FnMut() -> A::Command,
    services: &A::Services,
    metadata: &gbvf_events::metadata::EventMetadata,
    retry: Retry,
) -> Result<(Vec<A::Event>, Option<gbvf_events::store::Position>), AggregateError<A::Error>> {
    let mut tried = 1;
    loop {
        let (mut aggregate, sequence) = load_on::<A>(connection, id).await?;
        let events = decide(&mut aggregate, command(), services)
            .await
            .map_err(AggregateError::UserError)?;
        if events.is_empty() {
            return Ok((events, None));
        }
        let rows = gbvf_events::store::NewEvent::run(A::TYPE, id, sequence + 1, &events, metadata);
        match gbvf_events::store::append_batch_at(connection, &rows).await {
            Ok(position) => {
                gbvf_events::wake::events_of_type_committed(A::TYPE);
                return Ok((events, position));
            }
            Err(e) if gbvf_events::store::is_conflict(&e) && tried < retry.tries => {
                retry.before_next_try(A::TYPE, id, tried).await;
                tried += 1;
            }
            Err(e) if gbvf_events::store::is_conflict(&e) => {
                return Err(AggregateError::AggregateConflict)
            }
            Err(e) => return Err(database_error(e)),
        }
    }
}

/// An aggregate whose state needs, besides its events, who recorded them (the metadata's
/// `actor`): [`execute_with_side_tables`] gives it each stored event with its metadata. The
/// default applies the event alone.
pub trait Recorded: Aggregate {
    /// Applies a stored `event` recorded with `metadata` (`actor`, `at`, `request_id`,
    /// `source`; see `gbvf_events::metadata`).
    fn apply_recorded(&mut self, event: Self::Event, metadata: &HashMap<String, String>) {
        let _ = metadata;
        self.apply(event);
    }
}

/// The rows outside the event log that accompany a command's events (personal data kept out
/// of event payloads, e-mail claims, ...): written by [`execute_with_side_tables`] on the
/// transaction that appends the events, so both are stored or neither is.
pub trait SideTables<A: Aggregate> {
    /// What writing the rows tells the caller (the new credential epoch of a password, say);
    /// `()` for most.
    type Written: Send;

    /// Writes this command's rows on `tx`, after its events were appended there. `aggregate`
    /// is the state with the new events applied. Errors: the aggregate's own refusal
    /// (`UserError`), or a database error (`UnexpectedError` holding the `sqlx::Error`);
    /// either way nothing of the command is stored.
    fn write_side_tables(
        &self,
        tx: &mut sqlx::PgConnection,
        aggregate_id: &str,
        aggregate: &A,
    ) -> impl std::future::Future<Output = Result<Self::Written, AggregateError<A::Error>>> + Send;
}

/// What [`execute_with_side_tables`] stored: the events appended, and what the side tables
/// said (`None` when the command decided no event and so wrote nothing).
#[derive(Debug)]
pub struct Executed<E, W> {
    /// The events appended, in order.
    pub events: Vec<E>,
    /// What [`SideTables::write_side_tables`] returned.
    pub written: Option<W>,
}

/// A database error as a cqrs-es error: `UnexpectedError` holding the `sqlx::Error` (callers
/// downcast it to answer as they answer any database error).
pub fn database_error<E: std::error::Error>(e: sqlx::Error) -> AggregateError<E> {
    AggregateError::UnexpectedError(Box::new(e))
}

/// Executes `command` on aggregate `id` of type `A` and writes its side tables in one
/// transaction: loads the aggregate's events through the cqrs-es `store` (with their metadata,
/// [`Recorded`]), lets the aggregate `handle` the command, then in one transaction of `pool`
/// appends the decided events (`gbvf_events::store::append_batch`, metadata `metadata`) and
/// runs the command's [`SideTables::write_side_tables`]. When another command appended to the
/// same aggregate first (a unique violation), it loads and decides once more (see the module's
/// notes). A command that decides no event writes nothing.
///
/// Returns the events appended and what the side tables wrote ([`Executed`]). Errors: the
/// aggregate's own `UserError`; `AggregateConflict` when both tries met a concurrent change; a
/// load error from the store; a database error as [`database_error`].
pub async fn execute_with_side_tables<A, ES>(
    store: &ES,
    pool: &sqlx::PgPool,
    id: &str,
    command: A::Command,
    services: &A::Services,
    metadata: &gbvf_events::metadata::EventMetadata,
) -> Result<Executed<A::Event, <A::Command as SideTables<A>>::Written>, AggregateError<A::Error>>
where
    A: Recorded,
    A::Command: Clone + SideTables<A> + Send + Sync,
    ES: EventStore<A>,
{
    let mut tried = 1;
    loop {
        let mut aggregate = A::default();
        let mut sequence = 0;
        for envelope in store.load_events(id).await? {
            sequence = envelope.sequence as i64;
            aggregate.apply_recorded(envelope.payload, &envelope.metadata);
        }
        let sink = cqrs_es::event_sink::EventSink::default();
        aggregate
            .handle(command.clone(), services, &sink)
            .await
            .map_err(AggregateError::UserError)?;
        let events = sink.collect().await;
        if events.is_empty() {
            return Ok(Executed {
                events,
                written: None,
            });
        }
        let rows = gbvf_events::store::NewEvent::run(A::TYPE, id, sequence + 1, &events, metadata);
        let mut tx = pool.begin().await.map_err(database_error)?;
        match gbvf_events::store::append_batch(&mut tx, &rows).await {
            Ok(_) => {}
            Err(e) if gbvf_events::store::is_conflict(&e) && tried < TRIES => {
                tried += 1;
                metrics::counter!("gbvf_command_conflict_retries_total", "aggregate" => A::TYPE)
                    .increment(1);
                tracing::debug!(aggregate = A::TYPE, id, "concurrent append; deciding again");
                continue;
            }
            Err(e) if gbvf_events::store::is_conflict(&e) => {
                return Err(AggregateError::AggregateConflict)
            }
            Err(e) => return Err(database_error(e)),
        }
        let written = command.write_side_tables(&mut tx, id, &aggregate).await?;
        tx.commit().await.map_err(database_error)?;
        gbvf_events::wake::events_of_type_committed(A::TYPE);
        return Ok(Executed {
            events,
            written: Some(written),
        });
    }
}
