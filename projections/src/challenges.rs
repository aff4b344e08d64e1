//! The collective-action read model: one row per challenge (End GBVF 100-Day Challenges), from
//! `challenge` events.
//!
//! Table `collective_action` (view in `public`):
//! `challenge_id, name, goal, type_id, pillar_id (NULL: not stated), pillar_basis, cycle_id,
//! start_date, end_date, place_name, province, boundary_id (NULL: not placed), boundary_level,
//! ancestor_ids (nearest first, ending with the nation), boundary_name, source_url, outcome,
//! outcome_source_url, completed_on, launched_by, launched_at`.
//!
//! Whether a challenge is *active* depends on today, so it is not stored: readers compute it
//! with [`ACTIVE_SQL`]. The table is therefore a pure function of the log and a rebuild gives
//! identical rows.

use async_trait::async_trait;
use gbvf_events::challenge::{ChallengeEvent, CHALLENGE_AGGREGATE};
use gbvf_events::store::StoredEvent;
use sqlx::{Postgres, Transaction};

use crate::engine::Projection;

/// SQL predicate (on a `collective_action` row) for "active today": not completed, and today is
/// inside its dates. A challenge with a start date but no stated end runs 100 days (days 1–100,
/// the programme's definition of a 100-Day Challenge); one with no dates is not active.
pub const ACTIVE_SQL: &str =
    "(completed_on IS NULL AND start_date IS NOT NULL AND start_date <= CURRENT_DATE \
     AND CURRENT_DATE <= COALESCE(end_date, start_date + 99))";

/// The collective-action projection (`challenges`).
pub struct ChallengesProjection;

#[async_trait]
impl Projection for ChallengesProjection {
    fn name(&self) -> &'static str {
        "challenges"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[CHALLENGE_AGGREGATE]
    }
    fn tables(&self) -> &'static [&'static str] {
        &["collective_action"]
    }
    fn ddl(&self, schema: &str) -> String {
        format!(
            "CREATE TABLE {schema}.collective_action (
                challenge_id       text PRIMARY KEY,
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

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        for e in events {
            let event: ChallengeEvent = serde_json::from_value(e.payload.clone())?;
            let meta = |k: &str| {
                e.metadata
                    .get(k)
                    .and_then(|v| v.as_str())
                    .unwrap_or_default()
                    .to_string()
            };
            match event {
                ChallengeEvent::ChallengeLaunched(c) => {
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.collective_action (challenge_id, name, goal, type_id, pillar_id,
                             pillar_basis, cycle_id, start_date, end_date, place_name, province, boundary_id,
                             boundary_level, ancestor_ids, boundary_name, source_url, launched_by, launched_at)
                         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18)"
                    ))
                    .bind(&e.aggregate_id)
                    .bind(&c.name)
                    .bind(&c.goal)
                    .bind(c.type_id)
                    .bind(c.pillar_id)
                    .bind(serde_json::to_value(c.pillar_basis)?.as_str().unwrap_or_default().to_string())
                    .bind(c.cycle_id)
                    .bind(c.start_date)
                    .bind(c.end_date)
                    .bind(&c.place_name)
                    .bind(&c.province)
                    .bind(c.place.as_ref().map(|p| p.boundary_id))
                    .bind(c.place.as_ref().map(|p| p.level.as_str()))
                    .bind(c.place.as_ref().map(|p| p.ancestor_ids.clone()).unwrap_or_default())
                    .bind(&c.boundary_name)
                    .bind(&c.source_url)
                    .bind(meta("actor"))
                    .bind(meta("at"))
                    .execute(&mut **tx)
                    .await?;
                }
                ChallengeEvent::ChallengeResultReported {
                    outcome,
                    source_url,
                } => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.collective_action SET outcome = $2, outcome_source_url = $3 WHERE challenge_id = $1"
                    ))
                    .bind(&e.aggregate_id)
                    .bind(outcome)
                    .bind(source_url)
                    .execute(&mut **tx)
                    .await?;
                }
                ChallengeEvent::ChallengeCompleted { completed_on } => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.collective_action SET completed_on = $2 WHERE challenge_id = $1"
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
