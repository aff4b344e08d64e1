//! Building-block notifications (docs/decisions/0057-building-block-notifications.md), queued by
//! the mail worker from a provider's events in its queueing transaction:
//!
//! - `BuildingBlockDetailsSubmitted`, `ProviderProposed` and `ProviderClosureProposed` →
//!   [`SUBMISSIONS`], a digest to every reviewer of the provider's province (ValidateBuildingBlock, 22, with the province or a municipality in it
//!   assigned; not the submitter; not those who declined these e-mails). A reviewer gets at
//!   most one digest an hour: a submission joins the digest that waits for them, or starts one
//!   due an hour after their last digest went (at once when none went in the last hour).
//! - `BuildingBlockVerified` → [`VERIFIED`] and `BuildingBlockReturned` → [`RETURNED`] (with
//!   the reason), to whoever submitted the details decided, unless they declined these e-mails.
//! - `ProviderExistenceConfirmed`, `ProviderProposalDeclined`, `ProviderClosed` and
//!   `ProviderClosureDeclined` → [`DECIDED`] (with the reason of a decline), to whoever proposed
//!   the provider or its closing, unless they declined these e-mails.
//!
//! The messages name the provider, its building block and municipality, and link to the
//! verification queue or the provider's page; never an address, a person or a number.

use std::time::Duration;

use gbvf_commands::accounts::permissions::ValidateBuildingBlock;
use gbvf_events::building_block::ProviderEvent;
use gbvf_events::store::StoredEvent;
use gbvf_projections::accounts::queries::{
    building_block_reviewers, receives_building_block_emails,
};
use gbvf_projections::building_blocks::queries::{place_notice, provider_notice, ProviderNotice};
use serde_json::{json, Value};
use sqlx::{Postgres, Transaction};

use super::{enqueue, Planned};

/// Template of the reviewers' digest of submissions.
pub const SUBMISSIONS: &str = "building-block-submissions";
/// Template of the notice to the submitter that the details were verified.
pub const VERIFIED: &str = "building-block-verified";
/// Template of the notice to the submitter that the details were returned, with the reason.
pub const RETURNED: &str = "building-block-returned";
/// Template of the notice to the proposer that the province decided a proposal.
pub const DECIDED: &str = "building-block-decided";
/// Least time between two digests to one reviewer.
pub const DIGEST_EVERY: Duration = Duration::from_secs(3600);

/// Queues what provider event `e` calls for (nothing for example data, imports, or a provider
/// the read model does not know yet).
pub(super) async fn queue(
    tx: &mut Transaction<'_, Postgres>,
    e: &StoredEvent,
) -> anyhow::Result<()> {
    if gbvf_events::example::is_example(&e.metadata) {
        return Ok(());
    }
    // Event kinds this worker does not know (written by a newer version) call for nothing.
    let Ok(event) = serde_json::from_value::<ProviderEvent>(e.payload.clone()) else {
        return Ok(());
    };
    // What waits for the province: details submitted, a new provider proposed, a closure
    // proposed. Each joins the reviewers' digest.
    let waiting = match &event {
        ProviderEvent::BuildingBlockDetailsSubmitted(_) => Some("details submitted"),
        ProviderEvent::ProviderProposed(_) => Some("proposed as a new provider"),
        ProviderEvent::ProviderClosureProposed(_) => Some("proposed for closing"),
        _ => None,
    };
    if let Some(what) = waiting {
        let notice = match &event {
            ProviderEvent::ProviderProposed(p) => {
                place_notice(&mut **tx, p.municipality_id, p.building_block_id)
                    .await?
                    .map(|(block, municipality, province)| {
                        (p.name.clone(), block, municipality, province)
                    })
            }
            _ => provider_notice(&mut **tx, e.aggregate_id.parse()?)
                .await?
                .map(|p| (p.name, p.building_block, p.municipality, p.province_id)),
        };
        let Some((provider, block, municipality, province)) = notice else {
            tracing::warn!(id = %e.aggregate_id, "no notification: provider not in the read model");
            return Ok(());
        };
        let submitter = actor_user(&e.metadata);
        let item = json!({
            "provider": provider,
            "building_block": block,
            "municipality": municipality,
            "what": what,
            "submitted_at": e.recorded_at.format("%-d %B %Y, %H:%M UTC").to_string(),
        });
        let reviewers =
            building_block_reviewers(&mut **tx, ValidateBuildingBlock as i64, province).await?;
        for reviewer in reviewers
            .iter()
            .filter(|r| Some(r.as_str()) != submitter.as_deref())
        {
            add_to_digest(tx, e, reviewer, &item).await?;
        }
        return Ok(());
    }
    // A decision goes to whoever asked for it: the submitter of the details, or the proposer
    // of the provider or of its closing (with what the province decided).
    let (template, asked_by, decision, reason) = match &event {
        ProviderEvent::BuildingBlockVerified => {
            (VERIFIED, "BuildingBlockDetailsSubmitted", None, None)
        }
        ProviderEvent::BuildingBlockReturned(reason) => {
            (RETURNED, "BuildingBlockDetailsSubmitted", None, Some(reason))
        }
        ProviderEvent::ProviderExistenceConfirmed => (
            DECIDED,
            "ProviderProposed",
            Some("the new provider is confirmed: it is listed and counts on the dashboard from now on"),
            None,
        ),
        ProviderEvent::ProviderProposalDeclined(reason) => (
            DECIDED,
            "ProviderProposed",
            Some("the new provider is declined: it is not listed"),
            Some(reason),
        ),
        ProviderEvent::ProviderClosed => (
            DECIDED,
            "ProviderClosureProposed",
            Some("the closing is confirmed: the provider is no longer listed, and its history is kept"),
            None,
        ),
        ProviderEvent::ProviderClosureDeclined(reason) => (
            DECIDED,
            "ProviderClosureProposed",
            Some("the closing is declined: the provider stays listed"),
            Some(reason),
        ),
        _ => return Ok(()),
    };
    let provider_id: i64 = e.aggregate_id.parse()?;
    let provider = match provider_notice(&mut **tx, provider_id).await? {
        Some(p) => Some(p),
        // A declined proposal or a closed provider has no directory row (or no longer): its
        // first event names it.
        None if template == DECIDED => origin_notice(tx, e, provider_id).await?,
        None => None,
    };
    let Some(provider) = provider else {
        tracing::warn!(
            provider_id,
            "no notification: provider not in the read model"
        );
        return Ok(());
    };
    let Some(submitter) = asker_of(tx, e, asked_by).await? else {
        return Ok(());
    };
    if !receives_building_block_emails(&mut **tx, &submitter).await? {
        return Ok(());
    }
    let mut context = provider_context(&provider);
    if let Some(decision) = decision {
        context["decision"] = json!(decision);
    }
    // The reason's text is looked up when the message is sent (`super::reason_at_send`): the
    // outbox keeps its id only, so erasing the reason leaves no copy here.
    if let Some(reason) = reason {
        match reason.reason_id {
            Some(id) => {
                context["reason_id"] = json!(id);
                context["reason_digest"] = json!(reason.digest);
            }
            None => context["reason"] = json!(reason.reason),
        }
    }
    let planned = Planned {
        template,
        user_id: Some(submitter),
        organisation_id: None,
        context,
        to_verifiers: false,
    };
    let key = format!(
        "{}/{}/{}/{}",
        e.aggregate_type, e.aggregate_id, e.sequence, template
    );
    enqueue(tx, &key, e, &e.aggregate_id, &planned).await
}

/// `{provider, building_block, municipality, provider_path}` of a notice to the submitter.
fn provider_context(p: &ProviderNotice) -> Value {
    json!({
        "provider": p.name,
        "building_block": p.building_block,
        "municipality": p.municipality,
        "provider_path": format!(
            "/buildingBlock/manage/{}/{}?provider={}",
            p.municipality_id, p.building_block_id, p.provider_id
        ),
    })
}

/// The user id of an account holder's event metadata (`actor` = `user:<id>`).
fn actor_user(metadata: &Value) -> Option<String> {
    metadata
        .get("actor")
        .and_then(Value::as_str)
        .and_then(|a| a.strip_prefix("user:"))
        .map(str::to_string)
}

/// Who asked for the decision of event `e`: the account of the provider's latest event of type
/// `asked_by` before it (`BuildingBlockDetailsSubmitted`, `ProviderProposed` or
/// `ProviderClosureProposed`; the event log, not a read model: exact at any lag).
async fn asker_of(
    tx: &mut Transaction<'_, Postgres>,
    e: &StoredEvent,
    asked_by: &str,
) -> anyhow::Result<Option<String>> {
    let metadata: Option<Value> = sqlx::query_scalar(
        "SELECT metadata FROM events
         WHERE aggregate_type = $1 AND aggregate_id = $2 AND sequence < $3
           AND event_type = $4
         ORDER BY sequence DESC LIMIT 1",
    )
    .bind(&e.aggregate_type)
    .bind(&e.aggregate_id)
    .bind(e.sequence)
    .bind(asked_by)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(metadata.as_ref().and_then(actor_user))
}

/// Provider `provider_id` as its first event (imported or proposed) names it, for a
/// provider with no directory row: `None` when that event or its place is unknown.
async fn origin_notice(
    tx: &mut Transaction<'_, Postgres>,
    e: &StoredEvent,
    provider_id: i64,
) -> anyhow::Result<Option<ProviderNotice>> {
    let payload: Option<Value> = sqlx::query_scalar(
        "SELECT payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2
         ORDER BY sequence LIMIT 1",
    )
    .bind(&e.aggregate_type)
    .bind(&e.aggregate_id)
    .fetch_optional(&mut **tx)
    .await?;
    let origin = payload.and_then(|p| serde_json::from_value::<ProviderEvent>(p).ok());
    let (name, municipality_id, building_block_id) = match origin {
        Some(ProviderEvent::ProviderImported(p)) => {
            (p.name, p.municipality_id, p.building_block_id)
        }
        Some(ProviderEvent::ProviderProposed(p)) => {
            (p.name, p.municipality_id, p.building_block_id)
        }
        _ => return Ok(None),
    };
    Ok(place_notice(&mut **tx, municipality_id, building_block_id)
        .await?
        .map(
            |(building_block, municipality, province_id)| ProviderNotice {
                provider_id,
                name,
                building_block_id,
                building_block,
                municipality_id,
                municipality,
                province_id,
            },
        ))
}

/// Adds submission `item` to the digest waiting for `reviewer` (not yet being sent), or
/// queues a new digest due [`DIGEST_EVERY`] after the last one to them was sent or claimed.
async fn add_to_digest(
    tx: &mut Transaction<'_, Postgres>,
    e: &StoredEvent,
    reviewer: &str,
    item: &Value,
) -> anyhow::Result<()> {
    let joined = sqlx::query(
        "UPDATE mail_outbox SET context = jsonb_set(context, '{items}', (context -> 'items') || $3::jsonb)
         WHERE recipient_user_id = $1 AND template = $2 AND status = 'pending' AND claimed_at IS NULL",
    )
    .bind(reviewer)
    .bind(SUBMISSIONS)
    .bind(json!([item]))
    .execute(&mut **tx)
    .await?;
    if joined.rows_affected() > 0 {
        return Ok(());
    }
    let key = format!(
        "{}/{}/{}/{}/{reviewer}",
        e.aggregate_type, e.aggregate_id, e.sequence, SUBMISSIONS
    );
    let queued = sqlx::query(
        "INSERT INTO mail_outbox (idempotency_key, aggregate_type, aggregate_id, sequence, event_type,
             template, recipient_user_id, context, next_attempt_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8,
                greatest(now(), coalesce(max(coalesce(o.sent_at, o.claimed_at)), '-infinity') + make_interval(secs => $9))
         FROM mail_outbox o WHERE o.recipient_user_id = $7 AND o.template = $6
         ON CONFLICT DO NOTHING",
    )
    .bind(&key)
    .bind(&e.aggregate_type)
    .bind(&e.aggregate_id)
    .bind(e.sequence)
    .bind(&e.event_type)
    .bind(SUBMISSIONS)
    .bind(reviewer)
    .bind(json!({ "items": [item], "queue_path": "/buildingBlock/queue" }))
    .bind(DIGEST_EVERY.as_secs_f64())
    .execute(&mut **tx)
    .await?;
    if queued.rows_affected() > 0 {
        metrics::counter!("gbvf_mail_queued_total", "template" => SUBMISSIONS).increment(1);
    }
    Ok(())
}
