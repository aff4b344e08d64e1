//! The collective-action read model: one row per challenge (End GBVF 100-Day Challenges), from
//! `collective action` events.
//!
//! Table `collective_action` (view in `public`):
//! `collective_action_id, name, goal, type_id, pillar_id (NULL: not stated), pillar_basis, cycle_id,
//! start_date, end_date, place_name, province, boundary_id (NULL: not placed), boundary_level,
//! ancestor_ids (nearest first, ending with the nation), boundary_name, source_url, outcome,
//! outcome_source_url, completed_on, launched_by, launched_at`.
//!
//! Whether a collective action is *active* depends on today, so it is not stored: readers compute it
//! with [`ACTIVE_SQL`]. The table is therefore a pure function of the log and a rebuild gives
//! identical rows.
//!
//! - [`queries`]: the typed reads of this table.

use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::NaiveDate;
use gbvf_events::collective_action::{
    CollectiveActionEvent, CollectiveActionLaunched, COLLECTIVE_ACTION_AGGREGATE,
};
use gbvf_events::store::StoredEvent;
use serde::{Deserialize, Serialize};
use sqlx::{Postgres, Transaction};

use crate::engine::{insert_rows, FoldPage, Projection, RebuildFold};

pub mod queries;

/// SQL predicate (on a `collective_action` row) for "active today": not completed, and today is
/// inside its dates. A collective action with a start date but no stated end runs 100 days (days 1–100,
/// the programme's definition of a 100-Day Challenge); one with no dates is not active.
pub const ACTIVE_SQL: &str =
    "(completed_on IS NULL AND start_date IS NOT NULL AND start_date <= CURRENT_DATE \
     AND CURRENT_DATE <= COALESCE(end_date, start_date + 99))";

/// The stored name of the collective-action projection (its checkpoint row and its schemas
/// `proj_challenges_v<n>`): frozen like the log's names (decision 0159).
pub const NAME: &str = "challenges";

/// The collective-action projection, stored as [`NAME`].
pub struct CollectiveActionsProjection;

#[async_trait]
impl Projection for CollectiveActionsProjection {
    fn name(&self) -> &'static str {
        NAME
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[COLLECTIVE_ACTION_AGGREGATE]
    }
    fn tables(&self) -> &'static [&'static str] {
        &["collective_action"]
    }
    fn ddl(&self, schema: &str) -> String {
        format!(
            "CREATE TABLE {schema}.collective_action (
                collective_action_id       text PRIMARY KEY,
                name               text NOT NULL,
                goal               text NOT NULL,
                type_id            integer NOT NULL,
                pillar_id          integer,
                pillar_basis       text NOT NULL,
                cycle_id           integer NOT NULL,
                start_date         date,
                end_date           date,
                place_name         text NOT NULL,
                province           text NOT NULL,
                boundary_id        bigint,
                boundary_level     text,
                ancestor_ids       bigint[] NOT NULL DEFAULT '{{}}',
                boundary_name      text,
                source_url         text NOT NULL,
                outcome            text,
                outcome_source_url text,
                completed_on       date,
                launched_by        text NOT NULL,
                launched_at        text NOT NULL
            );
            CREATE INDEX ON {schema}.collective_action (boundary_id);
            CREATE INDEX ON {schema}.collective_action USING gin (ancestor_ids);"
        )
    }

    fn rebuild_fold(&self) -> Option<Box<dyn RebuildFold>> {
        Some(Box::<CollectiveActionsFold>::default())
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        for e in events {
            match CollectiveActionEvent::deserialize(&e.payload)? {
                CollectiveActionEvent::CollectiveActionLaunched(c) => {
                    let r = CollectiveActionRow::launched(e, c);
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.collective_action (collective_action_id, name, goal, type_id, pillar_id,
                             pillar_basis, cycle_id, start_date, end_date, place_name, province, boundary_id,
                             boundary_level, ancestor_ids, boundary_name, source_url, launched_by, launched_at)
                         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18)"
                    ))
                    .bind(&r.collective_action_id)
                    .bind(&r.name)
                    .bind(&r.goal)
                    .bind(r.type_id)
                    .bind(r.pillar_id)
                    .bind(&r.pillar_basis)
                    .bind(r.cycle_id)
                    .bind(r.start_date)
                    .bind(r.end_date)
                    .bind(&r.place_name)
                    .bind(&r.province)
                    .bind(r.boundary_id)
                    .bind(r.boundary_level)
                    .bind(&r.ancestor_ids)
                    .bind(&r.boundary_name)
                    .bind(&r.source_url)
                    .bind(&r.launched_by)
                    .bind(&r.launched_at)
                    .execute(&mut **tx)
                    .await?;
                }
                CollectiveActionEvent::CollectiveActionResultReported {
                    outcome,
                    source_url,
                } => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.collective_action SET outcome = $2, outcome_source_url = $3 WHERE collective_action_id = $1"
                    ))
                    .bind(&e.aggregate_id)
                    .bind(outcome)
                    .bind(source_url)
                    .execute(&mut **tx)
                    .await?;
                }
                CollectiveActionEvent::CollectiveActionCompleted { completed_on } => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.collective_action SET completed_on = $2 WHERE collective_action_id = $1"
                    ))
                    .bind(&e.aggregate_id)
                    .bind(completed_on)
                    .execute(&mut **tx)
                    .await?;
                }
            }
        }
        Ok(())
    }
}

/// A `collective_action` row, the same whether applied page by page or folded in a rebuild;
/// field names are the columns (see [`crate::engine::insert_rows`]).
#[derive(Serialize)]
struct CollectiveActionRow {
    collective_action_id: String,
    name: String,
    goal: String,
    type_id: i32,
    pillar_id: Option<i32>,
    pillar_basis: String,
    cycle_id: i32,
    start_date: Option<NaiveDate>,
    end_date: Option<NaiveDate>,
    place_name: String,
    province: String,
    boundary_id: Option<i64>,
    boundary_level: Option<&'static str>,
    ancestor_ids: Vec<i64>,
    boundary_name: Option<String>,
    source_url: String,
    outcome: Option<String>,
    outcome_source_url: Option<String>,
    completed_on: Option<NaiveDate>,
    launched_by: String,
    launched_at: String,
}

impl CollectiveActionRow {
    /// The row a `CollectiveActionLaunched` event `e` (payload `c`) creates: who launched it and when
    /// come from the event's metadata (`actor`, `at`; empty when absent).
    fn launched(e: &StoredEvent, c: CollectiveActionLaunched) -> Self {
        let meta = |k: &str| {
            e.metadata
                .get(k)
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string()
        };
        CollectiveActionRow {
            collective_action_id: e.aggregate_id.clone(),
            type_id: c.type_id,
            pillar_id: c.pillar_id,
            // The serde name (`source`, `unassigned`, `recorded`).
            pillar_basis: serde_json::to_value(c.pillar_basis)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            cycle_id: c.cycle_id,
            start_date: c.start_date,
            end_date: c.end_date,
            boundary_id: c.place.as_ref().map(|p| p.boundary_id),
            boundary_level: c.place.as_ref().map(|p| p.level.as_str()),
            ancestor_ids: c.place.map(|p| p.ancestor_ids).unwrap_or_default(),
            outcome: None,
            outcome_source_url: None,
            completed_on: None,
            launched_by: meta("actor"),
            launched_at: meta("at"),
            name: c.name,
            goal: c.goal,
            place_name: c.place_name,
            province: c.province,
            boundary_name: c.boundary_name,
            source_url: c.source_url,
        }
    }
}

/// The rebuild fold of the collective-action projection: every collective action's row by id.
#[derive(Default)]
struct CollectiveActionsFold {
    rows: BTreeMap<String, CollectiveActionRow>,
}

#[async_trait]
impl RebuildFold for CollectiveActionsFold {
    fn fold(&mut self, events: FoldPage<'_>) -> anyhow::Result<()> {
        for e in events.decoded()? {
            match CollectiveActionEvent::deserialize(&e.payload)? {
                CollectiveActionEvent::CollectiveActionLaunched(c) => {
                    if self.rows.contains_key(&e.aggregate_id) {
                        // As the page-by-page INSERT would (primary key).
                        anyhow::bail!("collective action {} launched twice", e.aggregate_id);
                    }
                    self.rows
                        .insert(e.aggregate_id.clone(), CollectiveActionRow::launched(e, c));
                }
                CollectiveActionEvent::CollectiveActionResultReported {
                    outcome,
                    source_url,
                } => {
                    if let Some(r) = self.rows.get_mut(&e.aggregate_id) {
                        r.outcome = Some(outcome);
                        r.outcome_source_url = Some(source_url);
                    }
                }
                CollectiveActionEvent::CollectiveActionCompleted { completed_on } => {
                    if let Some(r) = self.rows.get_mut(&e.aggregate_id) {
                        r.completed_on = Some(completed_on);
                    }
                }
            }
        }
        Ok(())
    }

    async fn write(
        self: Box<Self>,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
    ) -> anyhow::Result<()> {
        insert_rows(tx, schema, "collective_action", self.rows.into_values()).await?;
        Ok(())
    }
}
