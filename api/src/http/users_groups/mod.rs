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

use gbvf_commands::accounts::delegation::{Actor, Authority};
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::accounts::queries::actions_by_live_group;

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

/// A change of someone's account by `caller`, as the user aggregate judges it ([`Authority`]):
/// who they are now ([`actor`]) and what every live group grants now (the groups' read model,
/// caught up by the caller where a form has just named a group).
pub(super) async fn authority(s: &AppState, caller: &CurrentUser) -> Result<Authority, ApiError> {
    Ok(Authority {
        by: actor(s, caller).await?,
        group_actions: actions_by_live_group(&s.pool).await?,
    })
}

/// `caller` as the user and group aggregates judge them ([`Actor`]): the actions their session
/// holds now and the groups they belong to now (event log).
pub(super) async fn actor(s: &AppState, caller: &CurrentUser) -> Result<Actor, ApiError> {
    Ok(Actor {
        user_id: Some(caller.session.user_id.clone()),
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
