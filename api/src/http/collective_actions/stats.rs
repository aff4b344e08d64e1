//! The `collectiveAction` part of `/api/dashboard`: counts of the collective actions inside a
//! boundary per pillar, type, cycle and map area (public spec §3 "Collective action data").

use std::collections::BTreeMap;

use gbvf_events::collective_action::{ACTION_TYPES, CYCLES, PILLARS, UNASSIGNED_PILLAR_ID};
use gbvf_projections::collective_actions::queries::{
    collective_actions_in, CollectiveActionRow as Row,
};
use gbvf_projections::geography::queries::map_areas;
use serde::Serialize;
use sqlx::PgPool;

use super::ActionFilter;
use crate::http::error::ApiError;

/// The `collectiveAction` part of `/api/dashboard` (spec §3 "Collective action data"; the
/// challenges read model, from the End GBVF 100-Day Challenges publications).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectiveActionStats {
    /// Per map area (the boundary and its child areas, not precincts).
    pub contained_boundary_data: Vec<ActionArea>,
    /// One per pillar, plus "Pillar not stated" (id 0) when a collective action has none.
    pub pillar_stats: Vec<PillarStat>,
    /// One per collective-action type.
    pub collective_action_stats: Vec<ActionTypeStat>,
    /// Every cycle.
    pub cycles: Vec<CycleStat>,
    /// Collective actions shown that are active today.
    pub active_collective_actions: i64,
    /// Collective actions shown that are past.
    pub inactive_collective_actions: i64,
    /// Collective actions shown.
    pub total_actions: i64,
}

/// Collective actions in one map area.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActionArea {
    /// The area's boundary id.
    pub boundary_id: i64,
    /// Its name.
    pub description: String,
    /// Active collective actions in it.
    pub total: i64,
    /// All collective actions in it.
    pub total_collective_actions: i64,
}

/// Collective actions of one NSP pillar.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PillarStat {
    /// Pillar id (0: not stated).
    pub pillar_id: i32,
    /// Pillar name.
    pub description: String,
    /// Help text.
    pub help: String,
    /// Active collective actions.
    pub total: i64,
    /// Past collective actions.
    pub inactive: i64,
    /// Always `null` (the pillar is not split by type here).
    #[schema(required, value_type = Option<i32>)]
    pub collective_action_type_id: Option<i32>,
    /// All collective actions.
    pub total_collective_actions: i64,
    /// Whether the filter selects the pillar.
    pub is_included: bool,
}

/// Collective actions of one collective-action type.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActionTypeStat {
    /// Type id.
    pub collective_action_type_id: i32,
    /// Type name.
    pub description: String,
    /// Active collective actions.
    pub total: i64,
    /// All collective actions.
    pub total_collective_actions: i64,
}

/// Collective actions of one cycle.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CycleStat {
    /// Cycle id.
    pub cycle_id: i32,
    /// Cycle name.
    pub description: String,
    /// First month, `YYYY-MM`, when stated.
    #[schema(required)]
    pub start_month: Option<String>,
    /// Last month, `YYYY-MM`, when stated.
    #[schema(required)]
    pub end_month: Option<String>,
    /// Whether today's month is inside it.
    pub is_active: bool,
    /// Whether it is the current cycle (docs/decisions/0066-types-pillars-and-cycles.md).
    pub is_current_cycle: bool,
    /// All its collective actions.
    pub total_collective_actions: i64,
    /// Its active collective actions.
    pub active_collective_actions: i64,
    /// Its past collective actions.
    pub completed_collective_actions: i64,
}

/// Builds the [`CollectiveActionStats`] of boundary `id` (spec §3 "Collective
/// action data"): `pillarStats` (one per pillar, plus "Pillar not stated" when any collective action
/// has none: `total` = active, `totalCollectiveActions` = all, `inactive` = past),
/// `collectiveActionStats` (per type), `cycles` (every cycle with
/// `totalCollectiveActions`, `activeCollectiveActions`, `completedCollectiveActions`),
/// `activeCollectiveActions`, `inactiveCollectiveActions`, `totalActions`, and
/// `containedBoundaryData` (per map area: active `total` and `totalCollectiveActions`).
pub async fn collective_action_stats(
    pool: &PgPool,
    id: i64,
    filter: &ActionFilter,
) -> Result<CollectiveActionStats, ApiError> {
    let rows = collective_actions_in(pool, id).await?;
    let today = chrono::Utc::now().date_naive();
    let shown: Vec<&Row> = rows
        .iter()
        .filter(|r| filter.includes(r.pillar(), r.type_id))
        .collect();
    let mut per_pillar: BTreeMap<i32, (i64, i64)> = BTreeMap::new();
    let mut per_type: BTreeMap<i32, (i64, i64)> = BTreeMap::new();
    let mut per_cycle: BTreeMap<i32, (i64, i64)> = BTreeMap::new();
    for r in &shown {
        for (map, key) in [
            (&mut per_pillar, r.pillar()),
            (&mut per_type, r.type_id),
            (&mut per_cycle, r.cycle_id),
        ] {
            let e = map.entry(key).or_default();
            e.0 += 1;
            e.1 += r.active as i64;
        }
    }
    let has_unassigned = rows.iter().any(|r| r.pillar_id.is_none());
    let pillar_stats: Vec<PillarStat> = PILLARS
        .iter()
        .map(|p| (p.id, p.description, "NSP on GBVF pillar"))
        .chain(has_unassigned.then_some((
            UNASSIGNED_PILLAR_ID,
            "Pillar not stated",
            "The source names no NSP pillar for these collective actions.",
        )))
        .map(|(pid, d, help)| {
            let (all, active) = per_pillar.get(&pid).copied().unwrap_or_default();
            PillarStat {
                pillar_id: pid,
                description: d.to_string(),
                help: help.to_string(),
                total: active,
                inactive: all - active,
                collective_action_type_id: None,
                total_collective_actions: all,
                is_included: filter.pillar_included(pid),
            }
        })
        .collect();
    let type_stats: Vec<ActionTypeStat> = ACTION_TYPES
        .iter()
        .map(|t| {
            let (all, active) = per_type.get(&t.id).copied().unwrap_or_default();
            ActionTypeStat {
                collective_action_type_id: t.id,
                description: t.description.to_string(),
                total: active,
                total_collective_actions: all,
            }
        })
        .collect();
    let cycles: Vec<CycleStat> = CYCLES
        .iter()
        .map(|c| {
            let (all, active) = per_cycle.get(&c.id).copied().unwrap_or_default();
            let month = today.format("%Y-%m").to_string();
            let is_active = matches!((c.start_month, c.end_month), (Some(s), Some(e)) if s <= month.as_str() && month.as_str() <= e);
            CycleStat {
                cycle_id: c.id,
                description: c.description.to_string(),
                start_month: c.start_month.map(str::to_string),
                end_month: c.end_month.map(str::to_string),
                is_active,
                is_current_cycle: is_active || c.id == current_cycle_id(&month),
                total_collective_actions: all,
                active_collective_actions: active,
                completed_collective_actions: all - active,
            }
        })
        .collect();
    // Per area of the map (the boundary itself and its child areas, not precincts):
    // `{boundaryId, description, total (active), totalCollectiveActions}` for the orange scale.
    let areas = map_areas(pool, id).await?;
    let contained: Vec<ActionArea> = areas
        .iter()
        .map(|area| {
            let aid = area.boundary_id;
            let inside: Vec<&&Row> = shown
                .iter()
                .filter(|r| aid == 1 || r.boundary_id == Some(aid) || r.ancestor_ids.contains(&aid))
                .collect();
            ActionArea {
                boundary_id: aid,
                description: area.name.clone(),
                total: inside.iter().filter(|r| r.active).count() as i64,
                total_collective_actions: inside.len() as i64,
            }
        })
        .collect();
    let active = shown.iter().filter(|r| r.active).count() as i64;
    Ok(CollectiveActionStats {
        contained_boundary_data: contained,
        pillar_stats,
        collective_action_stats: type_stats,
        cycles,
        active_collective_actions: active,
        inactive_collective_actions: shown.len() as i64 - active,
        total_actions: shown.len() as i64,
    })
}

/// The current cycle: the latest cycle with stated months that started on or before `month`
/// (`YYYY-MM`) (docs/decisions/0066-types-pillars-and-cycles.md).
fn current_cycle_id(month: &str) -> i32 {
    CYCLES
        .iter()
        .filter(|c| c.start_month.is_some_and(|s| s <= month))
        .map(|c| c.id)
        .max()
        .unwrap_or(0)
}
