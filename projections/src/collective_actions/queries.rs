//! The typed reads of the collective-action read model (table `collective_action`, see
//! [`super`]). Every function fails only with the database's error.

use chrono::NaiveDate;
use gbvf_events::collective_action::UNASSIGNED_PILLAR_ID;

use super::ACTIVE_SQL;

/// One collective action (an End GBVF 100-Day Challenge) as the public dashboard shows it,
/// with whether it is active today.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CollectiveActionRow {
    /// The collective action id (slug or UUID).
    pub collective_action_id: String,
    /// Its name.
    pub name: String,
    /// Its goal.
    pub goal: String,
    /// Collective action type id.
    pub type_id: i32,
    /// NSP pillar id; `None` when the source states none.
    pub pillar_id: Option<i32>,
    /// How the pillar was chosen.
    pub pillar_basis: String,
    /// Cycle id.
    pub cycle_id: i32,
    /// Start date, if stated.
    pub start_date: Option<NaiveDate>,
    /// End date, if stated.
    pub end_date: Option<NaiveDate>,
    /// The place as the source names it.
    pub place_name: String,
    /// The boundary it is placed in; `None` when it could not be placed.
    pub boundary_id: Option<i64>,
    /// That boundary's name.
    pub boundary_name: Option<String>,
    /// The source's URL.
    pub source_url: String,
    /// The reported result, if any.
    pub outcome: Option<String>,
    /// Where the result was reported, if stated.
    pub outcome_source_url: Option<String>,
    /// When it was completed, if it was.
    pub completed_on: Option<NaiveDate>,
    /// The boundaries above its own, nearest first, ending with the nation.
    pub ancestor_ids: Vec<i64>,
    /// Active today ([`ACTIVE_SQL`]).
    pub active: bool,
}

impl CollectiveActionRow {
    /// Its pillar id, [`UNASSIGNED_PILLAR_ID`] (0) when not stated.
    pub fn pillar(&self) -> i32 {
        self.pillar_id.unwrap_or(UNASSIGNED_PILLAR_ID)
    }
}

/// The collective actions inside boundary `boundary_id`: placed in it or below it, and for a
/// province also those named only by that province (no municipality or district could be
/// placed; `province` matched to the province's name in `boundary`); the nation, 1, holds
/// every one. Ordered by start date (undated last), then name.
pub async fn collective_actions_in(
    db: impl sqlx::PgExecutor<'_>,
    boundary_id: i64,
) -> sqlx::Result<Vec<CollectiveActionRow>> {
    sqlx::query_as(&format!(
        "SELECT collective_action_id, name, goal, type_id, pillar_id, pillar_basis, cycle_id, start_date, end_date,
                place_name, boundary_id, boundary_name, source_url, outcome, outcome_source_url, completed_on,
                ancestor_ids, {ACTIVE_SQL} AS active
         FROM collective_action
         WHERE $1 = 1 OR boundary_id = $1 OR $1 = ANY(ancestor_ids)
            OR (boundary_id IS NULL AND EXISTS (
                    SELECT 1 FROM boundary b
                    WHERE b.boundary_id = $1 AND b.level = 'province' AND lower(b.name) = lower(province)))
         ORDER BY start_date NULLS LAST, name"
    ))
    .bind(boundary_id)
    .fetch_all(db)
    .await
}
