//! A provider's history (public spec §7 "Building block"): every event of its aggregate, for
//! the user's area, as JSON or CSV.

use super::*;
use crate::http::auth::CurrentUser;
use crate::http::csv_export::{Cell, CsvExport};
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_events::building_block::{ProviderEvent, PROVIDER_AGGREGATE};
use serde::Serialize;
use utoipa::ToSchema;

/// One event of a provider's history.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderHistoryEntry {
    /// The event's sequence in the provider's stream, from 1.
    pub sequence: i64,
    /// When (RFC 3339, UTC), from the event's metadata.
    pub at: String,
    /// The event type.
    pub event_type: String,
    /// Who (`user:<id>`, `import:...`).
    pub actor: String,
    /// The acting user's e-mail ("Erased person" once erased); null for other actors.
    #[schema(required = true)]
    pub actor_email: Option<String>,
    /// From where (`http:PUT ...`, `cli:...`).
    pub source: String,
    /// What happened, in words.
    pub detail: String,
}

/// A provider's history as JSON.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderHistory {
    /// Always `true`.
    pub success: bool,
    /// The provider id.
    pub stakeholder_id: i64,
    /// Its events, oldest first.
    pub history: Vec<ProviderHistoryEntry>,
}

/// `GET /api/buildingblock/history?stakeholderId[&format=csv]`: every event of one provider
/// with who, when and from where (BuildingBlockAdmin, provider in the user's [`Area`]: the
/// history names staff e-mail addresses). Contact persons appear by id only.
#[utoipa::path(get, path = "/api/buildingblock/history", tag = "building block",
    params(ProviderQuery),
    responses((status = 200, description = "History entries (JSON) or text/csv", content(
        (ProviderHistory = "application/json"),
        (String = "text/csv"),
    )), (status = 403, description = "Permission denied or not in the user's area"), (status = 404, description = "Unknown provider")))]
pub async fn history(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<ProviderQuery>,
) -> Result<Response, ApiError> {
    let id = required_id("stakeholderId", &q.stakeholder_id)?;
    let (muni, province, _) = provider_place(&s, id).await?;
    Area::of(&s, &u).await?.may_read(muni, province)?;
    let events =
        gbvf_events::store::aggregate_history(&s.pool, PROVIDER_AGGREGATE, &id.to_string()).await?;
    if events.is_empty() {
        return Err(ApiError::NotFound("No provider has this id.".into()));
    }
    // Actors by user id → e-mail, for people reading the history ("Erased person" once
    // erased, POPIA: docs/decisions.md "Erasing an account holder").
    let actors: Vec<String> = events
        .iter()
        .filter_map(|e| e.metadata.get("actor").and_then(|v| v.as_str()))
        .map(str::to_string)
        .collect();
    let users = gbvf_projections::accounts::actors::actor_names(
        &s.pool,
        &actors,
        gbvf_events::person::ERASED_PERSON,
    )
    .await?;
    let entries: Vec<ProviderHistoryEntry> = events
        .iter()
        .map(|e| {
            let m = |k: &str| {
                e.metadata
                    .get(k)
                    .and_then(|v| v.as_str())
                    .unwrap_or("")
                    .to_string()
            };
            let actor = m("actor");
            let detail = match serde_json::from_value::<ProviderEvent>(e.payload.clone()) {
                Ok(ProviderEvent::ProviderImported(p)) => {
                    format!("imported from {} ({})", p.source, p.vintage)
                }
                Ok(ProviderEvent::BuildingBlockDetailsSubmitted(d)) => format!(
                    "details submitted: requirements {:?}, {} contact person(s)",
                    d.requirements_available,
                    d.contact_persons.len()
                ),
                Ok(ProviderEvent::BuildingBlockVerified) => "verified".into(),
                Ok(ProviderEvent::BuildingBlockReturned { reason }) => {
                    format!("returned: {reason}")
                }
                Err(_) => String::new(),
            };
            ProviderHistoryEntry {
                sequence: e.sequence,
                at: m("at"),
                event_type: e.event_type.clone(),
                actor_email: users.get(&actor).cloned(),
                actor,
                source: m("source"),
                detail,
            }
        })
        .collect();
    if q.format.as_deref() == Some("csv") {
        let mut csv = CsvExport::new(&[
            "sequence",
            "at",
            "event",
            "actor",
            "actor_email",
            "source",
            "detail",
        ])?;
        for e in &entries {
            csv.row([
                Cell::Number(e.sequence),
                (&e.at).into(),
                (&e.event_type).into(),
                (&e.actor).into(),
                e.actor_email.as_deref().unwrap_or("").into(),
                (&e.source).into(),
                (&e.detail).into(),
            ])?;
        }
        return csv.into_response(&format!("building-block-history-{id}.csv"));
    }
    Ok(Json(ProviderHistory {
        success: true,
        stakeholder_id: id,
        history: entries,
    })
    .into_response())
}
