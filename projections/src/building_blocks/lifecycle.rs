//! The lifecycle part of the building-block read model
//! (docs/decisions/0100-proposed-and-closed-providers.md): table `bb_provider_lifecycle`, one row
//! per provider ever proposed by a municipality or proposed for closing, with the latest proposal:
//! `(provider_id, kind, state, name, building_block_id, building_block_category_id,
//! municipality_id, contacts, point_lon, point_lat, physical_address, reason, reason_id,
//! proposed_by, proposed_at, decided_by, decided_at, decline_reason, decline_reason_id)`; `kind` is
//! `new` or `closure`, `state` `proposed`, `confirmed` or `declined`. A reason is named by its id
//! in the side table `decision_reason` (`reason_id`, `decline_reason_id`); the text columns hold
//! only reasons recorded before that table ([`crate::reasons::reason_text`] reads both).
//!
//! A proposed provider is not in `bb_provider` (so it counts in no public figure, directory or
//! map) until its existence is confirmed; then its row is inserted there like an import. A
//! confirmed closure deletes the provider's `bb_provider` row (it counts nowhere any more);
//! its lifecycle row keeps the name and place its history is read by, and the events stay.
//! A later import of a closed provider's directory line brings nothing back.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Utc};
use gbvf_events::building_block::{ProviderEvent, ProviderProposed, ReasonRef};
use serde::Serialize;
use sqlx::{Postgres, Transaction};

use super::ProviderRow;

/// The DDL of `bb_provider_lifecycle` in `schema`.
pub(super) fn ddl(schema: &str) -> String {
    format!(
        "CREATE TABLE {schema}.bb_provider_lifecycle (
            provider_id bigint PRIMARY KEY,
            kind text NOT NULL,
            state text NOT NULL,
            name text NOT NULL,
            building_block_id integer NOT NULL,
            building_block_category_id integer NOT NULL,
            municipality_id bigint NOT NULL,
            contacts jsonb NOT NULL,
            point_lon double precision,
            point_lat double precision,
            physical_address text,
            reason text,
            reason_id uuid,
            reason_digest text,
            proposed_by text NOT NULL,
            proposed_at timestamptz NOT NULL,
            decided_by text,
            decided_at timestamptz,
            decline_reason text,
            decline_reason_id uuid,
            decline_reason_digest text
        );
        CREATE INDEX ON {schema}.bb_provider_lifecycle (state, proposed_at, provider_id);"
    )
}

/// Whether `e` is a lifecycle event (applied here, not by the submission workflow).
pub(super) fn is_lifecycle(e: &ProviderEvent) -> bool {
    matches!(
        e,
        ProviderEvent::ProviderProposed(_)
            | ProviderEvent::ProviderExistenceConfirmed
            | ProviderEvent::ProviderProposalDeclined(_)
            | ProviderEvent::ProviderClosureProposed(_)
            | ProviderEvent::ProviderClosed
            | ProviderEvent::ProviderClosureDeclined(_)
    )
}

/// The `source` of a confirmed proposal's `bb_provider` row.
const SOURCE: &str = "Proposed by the municipality, confirmed by the province";
/// Its `placement`.
const PLACEMENT: &str = "proposed by the municipality";

/// Whether provider `id` is closed (its directory line is not imported again).
pub(super) async fn is_closed(
    tx: &mut Transaction<'_, Postgres>,
    schema: &str,
    id: i64,
) -> anyhow::Result<bool> {
    Ok(sqlx::query_scalar(&format!(
        "SELECT EXISTS (SELECT 1 FROM {schema}.bb_provider_lifecycle
             WHERE provider_id = $1 AND kind = 'closure' AND state = 'confirmed')"
    ))
    .bind(id)
    .fetch_one(&mut **tx)
    .await?)
}

/// Applies lifecycle event `event` of provider `id`, recorded `at` by `actor`.
pub(super) async fn apply(
    tx: &mut Transaction<'_, Postgres>,
    schema: &str,
    id: i64,
    at: DateTime<Utc>,
    actor: &str,
    event: ProviderEvent,
) -> anyhow::Result<()> {
    let decided_sql = format!(
        "UPDATE {schema}.bb_provider_lifecycle SET state = $5, decided_by = $2,
             decided_at = $3, decline_reason = $4, decline_reason_id = $6, decline_reason_digest = $7
         WHERE provider_id = $1"
    );
    let decided = |state: &'static str, reason: Option<ReasonRef>| {
        let reason = reason.unwrap_or_default();
        sqlx::query(&decided_sql)
            .bind(id)
            .bind(actor.to_string())
            .bind(at)
            .bind(reason.reason)
            .bind(state)
            .bind(reason.reason_id)
            .bind(reason.digest)
    };
    match event {
        ProviderEvent::ProviderProposed(p) => {
            sqlx::query(&format!(
                "INSERT INTO {schema}.bb_provider_lifecycle (provider_id, kind, state, name,
                     building_block_id, building_block_category_id, municipality_id, contacts,
                     point_lon, point_lat, physical_address, proposed_by, proposed_at)
                 VALUES ($1, 'new', 'proposed', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                 ON CONFLICT (provider_id) DO NOTHING"
            ))
            .bind(id)
            .bind(&p.name)
            .bind(p.building_block_id)
            .bind(p.building_block_category_id)
            .bind(p.municipality_id)
            .bind(serde_json::to_value(&p.contacts)?)
            .bind(p.point.map(|x| x[0]))
            .bind(p.point.map(|x| x[1]))
            .bind(&p.physical_address)
            .bind(actor)
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        ProviderEvent::ProviderExistenceConfirmed => {
            decided("confirmed", None).execute(&mut **tx).await?;
            sqlx::query(&format!(
                "INSERT INTO {schema}.bb_provider (provider_id, name, building_block_id,
                     building_block_category_id, municipality_id, contacts, point_lon, point_lat,
                     placement, source, vintage)
                 SELECT provider_id, name, building_block_id, building_block_category_id,
                     municipality_id, contacts, point_lon, point_lat, $2, $3, $4
                 FROM {schema}.bb_provider_lifecycle WHERE provider_id = $1 AND kind = 'new'
                 ON CONFLICT (provider_id) DO NOTHING"
            ))
            .bind(id)
            .bind(PLACEMENT)
            .bind(SOURCE)
            .bind(at.year())
            .execute(&mut **tx)
            .await?;
        }
        ProviderEvent::ProviderProposalDeclined(reason)
        | ProviderEvent::ProviderClosureDeclined(reason) => {
            decided("declined", Some(reason)).execute(&mut **tx).await?;
        }
        ProviderEvent::ProviderClosureProposed(reason) => {
            sqlx::query(&format!(
                "INSERT INTO {schema}.bb_provider_lifecycle (provider_id, kind, state, name,
                     building_block_id, building_block_category_id, municipality_id, contacts,
                     point_lon, point_lat, physical_address, reason, reason_id, reason_digest,
                     proposed_by, proposed_at)
                 SELECT provider_id, 'closure', 'proposed', name, building_block_id,
                     building_block_category_id, municipality_id, contacts, point_lon, point_lat,
                     verified_physical_address, $2, $5, $6, $3, $4
                 FROM {schema}.bb_provider WHERE provider_id = $1
                 ON CONFLICT (provider_id) DO UPDATE SET kind = 'closure', state = 'proposed',
                     reason = EXCLUDED.reason, reason_id = EXCLUDED.reason_id,
                     reason_digest = EXCLUDED.reason_digest, proposed_by = EXCLUDED.proposed_by,
                     proposed_at = EXCLUDED.proposed_at, decided_by = NULL, decided_at = NULL,
                     decline_reason = NULL, decline_reason_id = NULL, decline_reason_digest = NULL"
            ))
            .bind(id)
            .bind(&reason.reason)
            .bind(actor)
            .bind(at)
            .bind(reason.reason_id)
            .bind(&reason.digest)
            .execute(&mut **tx)
            .await?;
        }
        ProviderEvent::ProviderClosed => {
            decided("confirmed", None).execute(&mut **tx).await?;
            sqlx::query(&format!(
                "DELETE FROM {schema}.bb_provider WHERE provider_id = $1"
            ))
            .bind(id)
            .execute(&mut **tx)
            .await?;
        }
        _ => {}
    }
    Ok(())
}

/// A `bb_provider_lifecycle` row as the rebuild fold holds it (field names are the columns).
#[derive(Serialize)]
pub(super) struct LifecycleRow {
    provider_id: i64,
    kind: &'static str,
    state: &'static str,
    name: String,
    building_block_id: i32,
    building_block_category_id: i32,
    municipality_id: i64,
    contacts: serde_json::Value,
    point_lon: Option<f64>,
    point_lat: Option<f64>,
    physical_address: Option<String>,
    reason: Option<String>,
    reason_id: Option<uuid::Uuid>,
    reason_digest: Option<String>,
    proposed_by: String,
    proposed_at: DateTime<Utc>,
    decided_by: Option<String>,
    decided_at: Option<DateTime<Utc>>,
    decline_reason: Option<String>,
    decline_reason_id: Option<uuid::Uuid>,
    decline_reason_digest: Option<String>,
}

impl LifecycleRow {
    fn new(p: &ProviderProposed, actor: &str, at: DateTime<Utc>) -> anyhow::Result<Self> {
        Ok(LifecycleRow {
            provider_id: p.provider_id,
            kind: "new",
            state: "proposed",
            name: p.name.clone(),
            building_block_id: p.building_block_id,
            building_block_category_id: p.building_block_category_id,
            municipality_id: p.municipality_id,
            contacts: serde_json::to_value(&p.contacts)?,
            point_lon: p.point.map(|x| x[0]),
            point_lat: p.point.map(|x| x[1]),
            physical_address: p.physical_address.clone(),
            reason: None,
            reason_id: None,
            reason_digest: None,
            proposed_by: actor.to_string(),
            proposed_at: at,
            decided_by: None,
            decided_at: None,
            decline_reason: None,
            decline_reason_id: None,
            decline_reason_digest: None,
        })
    }
}

/// The rebuild fold's part: the same rules as [`apply`] on the fold's maps.
pub(super) fn fold(
    rows: &mut BTreeMap<i64, LifecycleRow>,
    providers: &mut BTreeMap<i64, ProviderRow>,
    id: i64,
    at: DateTime<Utc>,
    actor: &str,
    event: ProviderEvent,
) -> anyhow::Result<()> {
    let decide = |rows: &mut BTreeMap<i64, LifecycleRow>, state, reason: Option<ReasonRef>| {
        if let Some(r) = rows.get_mut(&id) {
            let reason = reason.unwrap_or_default();
            r.state = state;
            r.decided_by = Some(actor.to_string());
            r.decided_at = Some(at);
            r.decline_reason = reason.reason;
            r.decline_reason_id = reason.reason_id;
            r.decline_reason_digest = reason.digest;
        }
    };
    match event {
        ProviderEvent::ProviderProposed(p) => {
            if let std::collections::btree_map::Entry::Vacant(e) = rows.entry(id) {
                e.insert(LifecycleRow::new(&p, actor, at)?);
            }
        }
        ProviderEvent::ProviderExistenceConfirmed => {
            decide(rows, "confirmed", None);
            if let Some(r) = rows.get(&id).filter(|r| r.kind == "new") {
                providers.entry(id).or_insert_with(|| {
                    let mut row = ProviderRow::listed(
                        id,
                        r.name.clone(),
                        r.building_block_id,
                        r.building_block_category_id,
                        r.municipality_id,
                        r.contacts.clone(),
                    );
                    row.point_lon = r.point_lon;
                    row.point_lat = r.point_lat;
                    row.placement = PLACEMENT.into();
                    row.source = SOURCE.into();
                    row.vintage = at.year();
                    row
                });
            }
        }
        ProviderEvent::ProviderProposalDeclined(reason)
        | ProviderEvent::ProviderClosureDeclined(reason) => {
            decide(rows, "declined", Some(reason));
        }
        ProviderEvent::ProviderClosureProposed(reason) => {
            if let Some(p) = providers.get(&id) {
                rows.insert(
                    id,
                    LifecycleRow {
                        provider_id: id,
                        kind: "closure",
                        state: "proposed",
                        name: p.name.clone(),
                        building_block_id: p.building_block_id,
                        building_block_category_id: p.building_block_category_id,
                        municipality_id: p.municipality_id,
                        contacts: p.contacts.clone(),
                        point_lon: p.point_lon,
                        point_lat: p.point_lat,
                        physical_address: p.verified_physical_address.clone(),
                        reason: reason.reason,
                        reason_id: reason.reason_id,
                        reason_digest: reason.digest,
                        proposed_by: actor.to_string(),
                        proposed_at: at,
                        decided_by: None,
                        decided_at: None,
                        decline_reason: None,
                        decline_reason_id: None,
                        decline_reason_digest: None,
                    },
                );
            }
        }
        ProviderEvent::ProviderClosed => {
            decide(rows, "confirmed", None);
            providers.remove(&id);
        }
        _ => {}
    }
    Ok(())
}

/// Whether the fold's provider `id` is closed.
pub(super) fn folded_closed(rows: &BTreeMap<i64, LifecycleRow>, id: i64) -> bool {
    rows.get(&id)
        .is_some_and(|r| r.kind == "closure" && r.state == "confirmed")
}
