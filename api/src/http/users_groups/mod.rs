//! Users and groups (admin spec §2 "Manage: Users and groups", §7 security calls;
//! docs/admin-api.md). Reads need WorldOfImpactAdmin; each change needs its own action.
//!
//! - [`users`]: the lists and one user's details (reads).
//! - [`user_changes`]: create, edit, delete and erase a user.
//! - [`groups`]: actions and groups, and their changes.

pub mod groups;
pub mod user_changes;
pub mod users;

pub use groups::{
    __path_add_group, __path_add_group_actions, __path_all_actions, __path_delete_group,
    __path_delete_group_actions, __path_group_actions, __path_groups, add_group, add_group_actions,
    all_actions, delete_group, delete_group_actions, group_actions, groups, Group,
    GroupActionsChanged, GroupBody, GroupCreated, GroupIdBody, GroupIdQuery, GroupQuery,
    KnownActionId, SecurityAction,
};
pub use user_changes::{
    __path_create_user, __path_delete_user, __path_edit_user, __path_erase_user, create_user,
    delete_user, edit_user, erase_user, ContactForm, EraseAnswer, RelationshipForm, UserCreated,
    UserForm,
};
pub use users::{
    __path_municipalities, __path_organisations, __path_user_details, __path_users, municipalities,
    organisations, user_details, users, Company, GroupRef, Municipality, StakeholderRelationship,
    UserAccountDetails, UserContact, UserQuery, UserSummary,
};

use gbvf_commands::accounts::delegation::{self, Actor};
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::accounts::queries::{actions_of_groups, actions_of_live_groups};

use crate::http::auth::CurrentUser;
use crate::http::error::ApiError;
use crate::http::AppState;

/// Relationship type Contact Person (admin spec §3).
pub const CONTACT_PERSON: i32 = 1;
pub use gbvf_commands::accounts::user::BUILDING_BLOCK_COORDINATOR;

pub(super) fn meta(u: &CurrentUser, source: &str) -> EventMetadata {
    EventMetadata::now(
        format!("user:{}", u.session.user_id),
        uuid::Uuid::new_v4().to_string(),
        source,
    )
}

/// Refuses (403) a change by `caller` that would grant an action the caller does not hold
/// (the rule: [`delegation::may_grant`]):
/// membership of `group_ids` or adding `actions` to a group (privilege escalation;
/// docs/decisions/0033-nobody-grants-what-they-do-not-hold.md).
pub(super) async fn no_escalation(
    s: &AppState,
    caller: &CurrentUser,
    group_ids: &[i64],
    actions: &[i32],
) -> Result<(), ApiError> {
    let granted = actions_of_groups(&s.pool, group_ids).await?;
    delegation::may_grant(
        |a| caller.can(a),
        granted.into_iter().chain(actions.iter().copied()),
    )
    .map_err(|_| ApiError::Forbidden)
}

/// Refuses (403; the rule: [`delegation::may_act_on`]) a change by `caller` to the account of
/// `target_user_id` (its details, groups,
/// deletion or erasure) when that account holds an action the caller does not hold: a
/// delegated user manager (SetGroupMember, DeleteUser) can neither move nor delete an
/// administrator. The target's actions are those of its groups now (event log, then the
/// groups' read model).
pub(super) async fn no_power_over(
    s: &AppState,
    caller: &CurrentUser,
    target_user_id: &str,
) -> Result<(), ApiError> {
    let target = crate::accounts::load_user(&s.pool, target_user_id).await?;
    let held = actions_of_live_groups(&s.pool, &target.group_ids).await?;
    delegation::may_act_on(|a| caller.can(a), held).map_err(|_| ApiError::Forbidden)
}

/// `caller` as the user and group aggregates judge them ([`Actor`]): the actions their session
/// holds now and the groups they belong to now (event log).
pub(super) async fn actor(s: &AppState, caller: &CurrentUser) -> Result<Actor, ApiError> {
    Ok(Actor {
        actions: caller.actions.clone(),
        groups: own_groups(s, caller).await?.into_iter().collect(),
    })
}

/// The groups `caller` belongs to now, from the event log.
pub(super) async fn own_groups(s: &AppState, caller: &CurrentUser) -> Result<Vec<i64>, ApiError> {
    Ok(
        crate::accounts::load_user(&s.pool, &caller.session.user_key)
            .await?
            .group_ids,
    )
}
