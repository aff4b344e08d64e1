//! A provider's history (public spec §7 "Building block"): every event of its aggregate, for
//! the user's area, as JSON or CSV.

use crate::http::auth::CurrentUser;
use crate::http::building_blocks::availability::required_id;
use crate::http::building_blocks::staff_area;
use crate::http::building_blocks::verification::provider_place;
use crate::http::building_blocks::ProviderQuery;
use crate::http::csv_export::{Cell, CsvExport};
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_events::building_block::{ProviderDetails, ProviderEvent, PROVIDER_AGGREGATE};
use gbvf_projections::building_blocks::queries;
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
    /// What happened, in plain words ("Details submitted for verification").
    pub event: String,
    /// The event type, for programs (`BuildingBlockDetailsSubmitted`).
    pub event_type: String,
    /// Who (`user:<id>`, `import:...`).
    pub actor: String,
    /// Who, for people: the person's name ("Erased person" once erased), or "Directory
    /// import" / "Command line" for the operator's tools.
    pub actor_name: String,
    /// The acting user's e-mail ("Erased person" once erased); null for other actors.
    #[schema(required = true)]
    pub actor_email: Option<String>,
    /// From where (`http:PUT ...`, `cli:...`).
    pub source: String,
    /// What changed, in words, with requirement and building-block names.
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

/// The plain-language name of a provider event type.
pub fn event_words(event_type: &str) -> &'static str {
    match event_type {
        "ProviderImported" => "Imported from a public directory",
        "BuildingBlockDetailsSubmitted" => "Details submitted for verification",
        "BuildingBlockVerified" => "Verified by the province",
        "BuildingBlockReturned" => "Returned to the municipality",
        "ProviderProposed" => "Proposed by the municipality as a new provider",
        "ProviderExistenceConfirmed" => "Existence confirmed by the province",
        "ProviderProposalDeclined" => "Proposal declined by the province",
        "ProviderClosureProposed" => "Closing proposed by the municipality",
        "ProviderClosed" => "Closing confirmed by the province",
        "ProviderClosureDeclined" => "Closing declined by the province",
        _ => "Other change",
    }
}

/// An RFC 3339 time as people read it: `26 Nov 2026 03:01 UTC` (the text itself when it is no
/// time).
fn readable(at: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(at)
        .map(|t| {
            t.with_timezone(&chrono::Utc)
                .format("%-d %b %Y %H:%M UTC")
                .to_string()
        })
        .unwrap_or_else(|_| at.to_string())
}

/// "a, b and c" (names joined for a sentence).
fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What a submission changed against the one before it (`None`: the first), in words:
/// addresses and numbers set, changed or cleared; requirements now offered and no longer
/// offered, by name; contact persons per requirement, counted (their names are personal data
/// and may since have been erased).
pub fn submission_words(
    previous: Option<&ProviderDetails>,
    d: &ProviderDetails,
    requirement: &dyn Fn(i32) -> String,
) -> String {
    let mut parts = Vec::new();
    let contact = |d: &ProviderDetails, t: i32| {
        d.contacts
            .iter()
            .find(|c| c.contact_type_id == t)
            .map(|c| c.detail.clone())
    };
    let fields = [
        (
            "physical address",
            previous.and_then(|p| p.physical_address.clone()),
            d.physical_address.clone(),
        ),
        (
            "postal address",
            previous.and_then(|p| p.postal_address.clone()),
            d.postal_address.clone(),
        ),
        (
            "reception number",
            previous.and_then(|p| contact(p, 3)),
            contact(d, 3),
        ),
        (
            "alternate number",
            previous.and_then(|p| contact(p, 4)),
            contact(d, 4),
        ),
        (
            "e-mail address",
            previous.and_then(|p| contact(p, 1)),
            contact(d, 1),
        ),
    ];
    for (label, before, after) in fields {
        match (before, after) {
            (b, a) if b == a => {}
            (None, Some(a)) => parts.push(format!("{label} set to \"{a}\"")),
            (Some(_), None) => parts.push(format!("{label} removed")),
            (_, Some(a)) => parts.push(format!("{label} changed to \"{a}\"")),
            (_, None) => {}
        }
    }
    let before: Vec<i32> = previous
        .map(|p| p.requirements_available.clone())
        .unwrap_or_default();
    let added: Vec<String> = d
        .requirements_available
        .iter()
        .filter(|r| !before.contains(r))
        .map(|r| requirement(*r))
        .collect();
    let removed: Vec<String> = before
        .iter()
        .filter(|r| !d.requirements_available.contains(r))
        .map(|r| requirement(*r))
        .collect();
    if !added.is_empty() {
        parts.push(format!("now offers {}", listed(&added)));
    }
    if !removed.is_empty() {
        parts.push(format!("no longer offers {}", listed(&removed)));
    }
    let per_requirement = |d: Option<&ProviderDetails>| {
        let mut m: std::collections::BTreeMap<String, usize> = Default::default();
        for c in d.iter().flat_map(|d| &d.contact_persons) {
            *m.entry(requirement(c.building_block_requirement_id))
                .or_default() += 1;
        }
        m
    };
    let (was, now) = (per_requirement(previous), per_requirement(Some(d)));
    if was != now || previous.is_none() {
        let persons: Vec<String> = now.iter().map(|(r, n)| format!("{n} for {r}")).collect();
        parts.push(if persons.is_empty() {
            "no contact persons".to_string()
        } else {
            format!("contact persons: {}", listed(&persons))
        });
    }
    if parts.is_empty() {
        return "Submitted again without changes.".into();
    }
    let mut text = parts.join("; ");
    text[..1].make_ascii_uppercase();
    text + "."
}

/// `GET /api/buildingblock/history?stakeholderId[&format=csv]`: every event of one provider
/// in plain words, with what changed (requirement and building-block names), who (the
/// person's name), when and from where (BuildingBlockAdmin, provider in the user's area: the
/// history names staff e-mail addresses). Contact persons appear by id only.
#[utoipa::path(get, path = "/api/buildingblock/history", operation_id = "getProviderHistory", tag = "building block",
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
    staff_area(&s, &u).await?.may_read(Some((muni, province)))?;
    let events =
        gbvf_events::store::aggregate_history(&s.pool, PROVIDER_AGGREGATE, &id.to_string()).await?;
    if events.is_empty() {
        return Err(ApiError::NotFound("No provider has this id.".into()));
    }
    // Actors by user id → name and e-mail, for people reading the history ("Erased person"
    // once erased, POPIA: docs/decisions/0038-erasing-an-account-holder.md).
    let actors: Vec<String> = events
        .iter()
        .filter_map(|e| e.metadata.get("actor").and_then(|v| v.as_str()))
        .map(str::to_string)
        .collect();
    let erased = gbvf_events::person::ERASED_PERSON;
    let emails = gbvf_projections::accounts::actors::actor_names(&s.pool, &actors, erased).await?;
    let names = queries::staff_names(&s.pool, &actors, erased).await?;
    // Block names from the taxonomy, by the event's own block id: a closed or declined provider
    // has no details row left, and its history still names its block.
    let block_names: std::collections::HashMap<i32, String> = queries::taxonomy_blocks(&s.pool)
        .await?
        .into_iter()
        .map(|b| (b.building_block_id, b.block_description))
        .collect();
    let requirement_names: std::collections::HashMap<i32, String> =
        queries::requirements(&s.pool, None)
            .await?
            .into_iter()
            .map(|r| (r.requirement_id, r.description))
            .collect();
    let requirement = |r: i32| {
        requirement_names
            .get(&r)
            .cloned()
            .unwrap_or_else(|| format!("requirement {r}"))
    };
    // Free-text reasons by id, from the side table (erased ones read "Erased reason").
    // Each payload read once; a kind this version does not know reads as `None`.
    let parsed: Vec<Option<ProviderEvent>> = events
        .iter()
        .map(|e| serde_json::from_value::<ProviderEvent>(e.payload.clone()).ok())
        .collect();
    // Each with the digest its event carries: a text changed since reads as altered.
    let kept: Vec<(uuid::Uuid, Option<String>)> = parsed
        .iter()
        .flatten()
        .filter_map(|e| match e {
            ProviderEvent::BuildingBlockReturned(r)
            | ProviderEvent::ProviderProposalDeclined(r)
            | ProviderEvent::ProviderClosureProposed(r)
            | ProviderEvent::ProviderClosureDeclined(r) => Some((r.reason_id?, r.digest.clone())),
            _ => None,
        })
        .collect();
    let reasons = gbvf_projections::reasons::reason_texts(&s.pool, &kept).await?;
    let mut previous: Option<ProviderDetails> = None;
    let mut submitted_at = String::new();
    let entries: Vec<ProviderHistoryEntry> = events
        .iter()
        .zip(parsed)
        .map(|(e, parsed)| {
            let m = |k: &str| {
                e.metadata
                    .get(k)
                    .and_then(|v| v.as_str())
                    .unwrap_or("")
                    .to_string()
            };
            let actor = m("actor");
            let detail = match parsed.ok_or(()) {
                Ok(ProviderEvent::ProviderImported(p)) => {
                    let block = block_names
                        .get(&p.building_block_id)
                        .map(|b| format!(" ({b})"))
                        .unwrap_or_default();
                    format!(
                        "{}{block} imported from {}, {}.",
                        p.name, p.source, p.vintage
                    )
                }
                Ok(ProviderEvent::BuildingBlockDetailsSubmitted(d)) => {
                    let words = submission_words(previous.as_ref(), &d, &requirement);
                    previous = Some(d);
                    submitted_at = format!("{} (version {})", readable(&m("at")), e.sequence);
                    words
                }
                Ok(ProviderEvent::BuildingBlockVerified) => {
                    format!("The details submitted on {submitted_at} are now public.")
                }
                Ok(ProviderEvent::BuildingBlockReturned(reason))
                | Ok(ProviderEvent::ProviderProposalDeclined(reason))
                | Ok(ProviderEvent::ProviderClosureProposed(reason))
                | Ok(ProviderEvent::ProviderClosureDeclined(reason)) => {
                    let text = reason
                        .reason_id
                        .and_then(|id| reasons.get(&id).cloned())
                        .or(reason.reason)
                        .unwrap_or_else(|| gbvf_projections::reasons::ERASED_REASON.to_string());
                    format!("Reason: {text}")
                }
                Ok(ProviderEvent::ProviderProposed(p)) => format!(
                    "{}{} proposed{}.",
                    p.name,
                    block_names
                        .get(&p.building_block_id)
                        .map(|b| format!(" ({b})"))
                        .unwrap_or_default(),
                    p.physical_address
                        .map(|a| format!(" at {a}"))
                        .unwrap_or_default()
                ),
                Ok(ProviderEvent::ProviderExistenceConfirmed) => {
                    "The provider is listed from now on.".into()
                }
                Ok(ProviderEvent::ProviderClosed) => {
                    "The provider is no longer listed; its history is kept.".into()
                }
                Err(_) => String::new(),
            };
            let actor_name = names.get(&actor).cloned().unwrap_or_else(|| {
                if actor.starts_with("import") {
                    "Directory import".into()
                } else if actor == "system" || actor.starts_with("cli") {
                    "System".into()
                } else {
                    actor.clone()
                }
            });
            ProviderHistoryEntry {
                sequence: e.sequence,
                at: m("at"),
                event: event_words(&e.event_type).into(),
                event_type: e.event_type.clone(),
                actor_email: emails.get(&actor).cloned(),
                actor_name,
                actor,
                source: m("source"),
                detail,
            }
        })
        .collect();
    if q.format.as_deref() == Some("csv") {
        let mut csv = CsvExport::new(&[
            "sequence", "at", "event", "by", "by_email", "source", "detail",
        ])?;
        for e in &entries {
            csv.row([
                Cell::Number(e.sequence),
                (&e.at).into(),
                (&e.event).into(),
                (&e.actor_name).into(),
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
