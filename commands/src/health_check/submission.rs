//! One survey response recorded together with its admission (admin spec §2 "Survey";
//! docs/decisions/0079-exactly-once-survey-responses.md and
//! 0161-a-survey-response-is-one-append.md): the respondent's
//! [`SurveyResponse`] is loaded first, so a browser that answered already is answered by it
//! (the same response key: nothing new; otherwise [`SurveyError::Duplicate`]) before it could
//! take a place under the link's cap; otherwise the period's [`HealthCheck`] admits the
//! response and the response is submitted, and both events are appended by ONE statement
//! (one multi-row INSERT, atomic by itself).
//! A response is therefore never admitted without being recorded, and one commit (one WAL
//! flush) records it, where two did.
//!
//! Racing respondents of one link conflict on the period's sequence; each conflict loads both
//! aggregates again and decides anew (at the time of the new try), as often as the [`Retry`]
//! allows.

use cqrs_es::{Aggregate, AggregateError};
use sqlx::pool::PoolConnection;
use sqlx::{PgPool, Postgres};

use crate::execute::{database_error, decide, load_on, Retry};
use crate::health_check::{
    HealthCheck, HealthCheckCommand, HealthCheckError, SubmitSurveyResponse, SurveyError,
    SurveyResponse,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::{append_batch, is_conflict, NewEvent};

/// Why [`record_survey_response`] recorded nothing, as its aggregates decided.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SubmissionRefused {
    /// The period did not admit the response: unknown, closed, or full.
    #[error("{0}")]
    Period(HealthCheckError),
    /// The response aggregate refused it: this browser answered already.
    #[error("{0}")]
    Response(SurveyError),
}

/// `e` with its user error turned into a [`SubmissionRefused`] by `refused`.
fn lift<E: std::error::Error>(
    e: AggregateError<E>,
    refused: impl FnOnce(E) -> SubmissionRefused,
) -> AggregateError<SubmissionRefused> {
    match e {
        AggregateError::UserError(e) => AggregateError::UserError(refused(e)),
        AggregateError::AggregateConflict => AggregateError::AggregateConflict,
        AggregateError::DatabaseConnectionError(e) => AggregateError::DatabaseConnectionError(e),
        AggregateError::DeserializationError(e) => AggregateError::DeserializationError(e),
        AggregateError::UnexpectedError(e) => AggregateError::UnexpectedError(e),
    }
}

/// Records response `response_id` to survey period `health_check_id`. Each try runs every
/// read and the append on one connection (each release of a pooled connection costs a round
/// trip): `connection` for the first, one acquired from `pool` for each further try. A
/// conflicting try gives its connection back before the pause [`Retry::before_next_try`]
/// takes, so respondents racing on one period never hold connections while they wait
/// (with 51 tries, a burst through one organisation's links could otherwise hold the whole
/// pool asleep and stall every reader).
///
/// Loads the response; if it was submitted already, decides `submit` alone (the same response
/// key: `Ok` with nothing appended; otherwise [`SurveyError::Duplicate`]). Otherwise the
/// period decides the admission `admit` builds, the response decides `submit`, and the
/// events of both are appended by one statement with the
/// metadata `metadata` builds. `admit` and `metadata` are built anew for each try.
///
/// Errors: `UserError` with the aggregate's refusal ([`SubmissionRefused`]);
/// `AggregateConflict` once every try of `retry` met a concurrent append; a stored event that
/// does not decode (`DeserializationError`); a database error as [`database_error`] (also
/// when no connection comes back for a further try within the pool's acquire timeout).
#[allow(clippy::too_many_arguments)]
pub async fn record_survey_response(
    pool: &PgPool,
    mut connection: PoolConnection<Postgres>,
    health_check_id: &str,
    response_id: &str,
    mut admit: impl FnMut() -> HealthCheckCommand,
    submit: SubmitSurveyResponse,
    mut metadata: impl FnMut() -> EventMetadata,
    retry: Retry,
) -> Result<(), AggregateError<SubmissionRefused>> {
    let mut tried = 1;
    loop {
        let (mut response, response_sequence) =
            load_on::<SurveyResponse>(&mut connection, response_id)
                .await
                .map_err(|e| lift(e, SubmissionRefused::Response))?;
        if response.submitted {
            // Answered already: the response's own rule answers, and nothing takes a place.
            let events = decide(&mut response, submit.clone(), &())
                .await
                .map_err(|e| AggregateError::UserError(SubmissionRefused::Response(e)))?;
            debug_assert!(
                events.is_empty(),
                "a submitted response decides nothing new"
            );
            return Ok(());
        }
        let (mut period, period_sequence) =
            load_on::<HealthCheck>(&mut connection, health_check_id)
                .await
                .map_err(|e| lift(e, SubmissionRefused::Period))?;
        let admitted = decide(&mut period, admit(), &())
            .await
            .map_err(|e| AggregateError::UserError(SubmissionRefused::Period(e)))?;
        let submitted = decide(&mut response, submit.clone(), &())
            .await
            .map_err(|e| AggregateError::UserError(SubmissionRefused::Response(e)))?;
        let meta = metadata();
        let mut rows = NewEvent::run(
            HealthCheck::TYPE,
            health_check_id,
            period_sequence + 1,
            &admitted,
            &meta,
        );
        rows.extend(NewEvent::run(
            SurveyResponse::TYPE,
            response_id,
            response_sequence + 1,
            &submitted,
            &meta,
        ));
        // One multi-row INSERT is atomic on its own: both events are stored or neither, with
        // no BEGIN and COMMIT round trips around it.
        match append_batch(&mut connection, &rows).await {
            Ok(_) => {}
            Err(e) if is_conflict(&e) && tried < retry.tries => {
                drop(connection);
                retry
                    .before_next_try(HealthCheck::TYPE, health_check_id, tried)
                    .await;
                connection = pool.acquire().await.map_err(database_error)?;
                tried += 1;
                continue;
            }
            Err(e) if is_conflict(&e) => return Err(AggregateError::AggregateConflict),
            Err(e) => return Err(database_error(e)),
        }
        if !admitted.is_empty() {
            gbvf_events::wake::events_of_type_committed(HealthCheck::TYPE);
        }
        gbvf_events::wake::events_of_type_committed(SurveyResponse::TYPE);
        return Ok(());
    }
}
