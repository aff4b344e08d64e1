//! An organisation's verification history read from the event log, for auditors (admin spec
//! §2, §7), and the state of the e-mails it sent.

use super::applications::organisation_events;
use crate::http::csv_export::{Cell, CsvExport};
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_events::accounts::{OrganisationEvent, USER_AGGREGATE};
use gbvf_events::person::ERASED_PERSON;
use gbvf_projections::accounts::queries::person_names;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Query of the history call.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    format: Option<String>,
}

/// One line for people about event `event_type` with `payload`: `name_of` names a user id,
/// `reason_of` gives the text of a `decision_reason` id ("Erased reason" once erased).
pub(super) fn summary(
    event_type: &str,
    payload: &Value,
    name_of: &dyn Fn(&str) -> String,
    reason_of: &dyn Fn(&str) -> String,
) -> String {
    let inner = payload
        .as_object()
        .and_then(|o| o.values().next())
        .cloned()
        .unwrap_or(Value::Null);
    match event_type {
        "OrganisationRegistered" => format!(
            "Organisation registered: {}",
            inner["name"].as_str().unwrap_or("")
        ),
        "OrganisationApproved" => {
            format!(
                "Approved by {}",
                name_of(inner["by_user_id"].as_str().unwrap_or(""))
            )
        }
        "OrganisationRejected" => format!(
            "Rejected by {}: {}",
            name_of(inner["by_user_id"].as_str().unwrap_or("")),
            match inner["reason_id"].as_str() {
                Some(id) => reason_of(id),
                None => inner["reason"].as_str().unwrap_or("").to_string(),
            }
        ),
        "UserRegistered" => "Designated person's account created".into(),
        "EmailVerified" => "E-mail address verified".into(),
        "PasswordSet" => "Password set".into(),
        "ProfileUpdated" => "Profile edited".into(),
        "UserDetailsEdited" => "Account details edited by an administrator".into(),
        "GroupsAssigned" => "Permission groups changed".into(),
        "UserDeleted" => "Account deleted".into(),
        "NotificationEmailsChosen" => "Notification e-mails chosen".into(),
        "UserErased" => format!("Personal data erased: shown as {ERASED_PERSON}"),
        other => other.to_string(),
    }
}

/// The answer of `GET /api/healthcheck/organisation/{id}/history`: `{success, data}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrganisationHistory {
    /// Always `true`.
    pub success: bool,
    /// Every event of the organisation and of its designated person's account, in commit
    /// order.
    pub data: Vec<HistoryEntry>,
    /// Whether these events match the tamper-evident seal of the log (docs/operations.md
    /// "Auditing").
    pub seal: HistorySealAnswer,
}

/// The seal of a history: every event checked against its seal and a signed checkpoint.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistorySealAnswer {
    /// `sealed` (every event matches and is under a signed checkpoint), `pending` (the newest
    /// events are not sealed yet: the sealer works after commit, within seconds) or
    /// `mismatch` (an event no longer matches its seal).
    pub status: String,
    /// With `sealed`: the time up to which the log is sealed and verified (RFC 3339).
    #[schema(required)]
    pub sealed_up_to: Option<chrono::DateTime<chrono::Utc>>,
    /// With `mismatch`: which event, in one sentence.
    #[schema(required)]
    pub message: Option<String>,
}

impl From<gbvf_events::audit::verify::HistorySeal> for HistorySealAnswer {
    fn from(s: gbvf_events::audit::verify::HistorySeal) -> Self {
        use gbvf_events::audit::verify::HistorySeal::*;
        let (status, sealed_up_to, message) = match s {
            Sealed(at) => ("sealed", Some(at), None),
            Pending => ("pending", None, None),
            Mismatch(m) => ("mismatch", None, Some(m)),
        };
        HistorySealAnswer {
            status: status.into(),
            sealed_up_to,
            message,
        }
    }
}

/// One event of an organisation's verification history, as stored (what auditors replay; the
/// specification has no screen for it): who, when, through what, and a summary for people.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    /// The event's sequence within its aggregate.
    pub sequence: i64,
    /// `organisation` or `user`.
    pub aggregate: String,
    /// When it was written (server clock, UTC).
    pub at: chrono::DateTime<chrono::Utc>,
    /// Who did it: `user:<id>`, `operator`, `system`, ….
    pub actor: String,
    /// The actor's name ("Erased person" once erased), or `actor` when not a person.
    pub actor_name: String,
    /// Through what: `http:POST /api/…`, `cli:…`.
    pub source: Option<String>,
    /// The event type (`OrganisationApproved`, …).
    #[serde(rename = "type")]
    pub event_type: String,
    /// One line for people.
    pub summary: String,
    /// The event's payload as stored, upcast to its current version (names, e-mail addresses
    /// and numbers are not in it: they live in the person table).
    #[schema(value_type = Object)]
    pub payload: Value,
}

/// `GET /api/healthcheck/organisation/{id}/history[?format=csv]` (ViewOrganisations): every
/// event of the organisation and of its designated person's account, in order, with actor,
/// time and source, read from the event log itself. Never includes secrets (none are logged).
#[utoipa::path(get, path = "/api/healthcheck/organisation/{id}/history", tag = "admin", operation_id = "getOrganisationHistory", params(("id" = String, Path, description = "Organisation id"), HistoryQuery), responses((status = 200, description = "Every event of the organisation and its designated person: JSON, or CSV with format=csv", content((OrganisationHistory = "application/json"), (String = "text/csv"))), (status = 404, description = "No organisation has this id")))]
pub async fn history(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<HistoryQuery>,
) -> Result<Response, ApiError> {
    let mut events = organisation_events(&s, &id).await?;
    if let Ok(OrganisationEvent::OrganisationRegistered(o)) =
        serde_json::from_value(events[0].payload.clone())
    {
        events.extend(
            gbvf_events::store::aggregate_history(&s.pool, USER_AGGREGATE, &o.designated_user_id)
                .await?,
        );
    }
    events.sort_by_key(|e| (e.transaction_id, e.global_position));
    let positions: Vec<i64> = events.iter().map(|e| e.global_position).collect();
    let seal = gbvf_events::audit::verify::history_seal(&s.pool, &positions).await?;
    let actor_ids: Vec<String> = events
        .iter()
        .filter_map(|e| {
            e.metadata["actor"]
                .as_str()
                .and_then(|a| a.strip_prefix("user:"))
                .map(str::to_string)
        })
        .chain(events.iter().filter_map(|e| {
            e.payload
                .as_object()
                .and_then(|o| o.values().next())
                .and_then(|v| v["by_user_id"].as_str())
                .map(str::to_string)
        }))
        .collect();
    let names = person_names(&s.pool, &actor_ids).await?;
    let name_of = |u: &str| {
        names
            .iter()
            .find(|p| p.user_id == u)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| u.to_string())
    };
    // The verifiers' own words, from the side table, each with the digest its event carries
    // (a text changed since reads as altered).
    let kept: Vec<(uuid::Uuid, Option<String>)> = events
        .iter()
        .filter_map(|e| e.payload.as_object().and_then(|o| o.values().next()))
        .filter_map(|v| {
            let id = v["reason_id"].as_str()?.parse().ok()?;
            Some((id, v["reason_digest"].as_str().map(str::to_string)))
        })
        .collect();
    let reasons = gbvf_projections::reasons::reason_texts(&s.pool, &kept).await?;
    let reason_of = |id: &str| {
        id.parse::<uuid::Uuid>()
            .ok()
            .and_then(|id| reasons.get(&id).cloned())
            .unwrap_or_else(|| gbvf_projections::reasons::ERASED_REASON.to_string())
    };
    let rows: Vec<HistoryEntry> = events
        .into_iter()
        .map(|e| {
            let actor = e.metadata["actor"].as_str().unwrap_or("").to_string();
            let actor_name = actor
                .strip_prefix("user:")
                .and_then(|u| names.iter().find(|p| p.user_id == u))
                .map(|p| p.name.clone())
                .unwrap_or_else(|| actor.clone());
            HistoryEntry {
                sequence: e.sequence,
                summary: summary(&e.event_type, &e.payload, &name_of, &reason_of),
                aggregate: e.aggregate_type,
                at: e.recorded_at,
                actor,
                actor_name,
                source: e.metadata["source"].as_str().map(str::to_string),
                event_type: e.event_type,
                payload: e.payload,
            }
        })
        .collect();
    if q.format.as_deref() == Some("csv") {
        let mut csv = CsvExport::new(&[
            "at",
            "aggregate",
            "sequence",
            "type",
            "summary",
            "actor",
            "actor_name",
            "source",
        ])?;
        for r in &rows {
            csv.row([
                Cell::Text(&r.at.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true)),
                (&r.aggregate).into(),
                Cell::Number(r.sequence),
                (&r.event_type).into(),
                (&r.summary).into(),
                (&r.actor).into(),
                (&r.actor_name).into(),
                r.source.as_deref().unwrap_or("").into(),
            ])?;
        }
        return csv.into_response("verification-history.csv");
    }
    Ok(Json(OrganisationHistory {
        success: true,
        data: rows,
        seal: seal.into(),
    })
    .into_response())
}

/// `GET /api/admin/mail` (WorldOfImpactAdmin): the durable e-mail outbox — counts of pending,
/// sent and failed messages and the newest 100, each by idempotency key, template, status,
/// tries and last error. No address is shown: recipients are looked up at send time
/// (api/src/mail_worker/mod.rs).
#[utoipa::path(
    get,
    path = "/api/admin/mail", operation_id = "getMailStatus",
    tag = "admin",
    responses(
        (status = 200, description = "Outbox counts and newest messages", body = crate::mail_worker::MailStatus),
        (status = 403, description = "You do not have permission to perform this action."),
    )
)]
pub async fn mail_status(
    State(s): State<AppState>,
) -> Result<Json<crate::mail_worker::MailStatus>, ApiError> {
    Ok(Json(
        crate::mail_worker::status(&s.pool)
            .await
            .map_err(ApiError::Internal)?,
    ))
}
