//! The permission-group aggregate (id: the group id as text). A group is a set of actions
//! (public spec §6); only actions of the specification exist. Who may change a group is
//! decided here too, over the command's [`Actor`] (docs/decisions/0033-nobody-grants-what-they-do-not-hold.md):
//! nobody grants an action they do not hold, nobody changes or deletes a group they belong to,
//! and nobody takes actions from or deletes a group that holds an action they do not hold.

use std::collections::BTreeSet;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::accounts::{GroupEvent, GROUP_AGGREGATE};
use serde::{Deserialize, Serialize};

use super::delegation::{may_act_on, may_grant, Actor, DelegationRefusal};
use super::permissions::action;

/// State of one group.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct Group {
    /// Its id, once created (recorded by its creation event).
    #[serde(default)]
    pub group_id: Option<i64>,
    /// Name, once created.
    pub name: Option<String>,
    /// Actions.
    pub actions: BTreeSet<i32>,
    /// Deleted.
    pub deleted: bool,
}

/// Commands of a group.
#[derive(Debug, Clone)]
pub enum GroupCommand {
    /// Create with a name and actions.
    Create {
        /// Group id.
        group_id: i64,
        /// Name.
        name: String,
        /// Actions.
        actions: Vec<i32>,
        /// Who creates it: must hold every action it gives.
        by: Actor,
    },
    /// Add actions: `by` must hold each and not belong to the group.
    AddActions {
        /// Action ids.
        actions: Vec<i32>,
        /// Who adds them.
        by: Actor,
    },
    /// Remove actions: `by` must not belong to the group.
    RemoveActions {
        /// Action ids.
        actions: Vec<i32>,
        /// Who removes them.
        by: Actor,
    },
    /// Delete: `by` must not belong to the group.
    Delete {
        /// Who deletes it.
        by: Actor,
    },
}

/// Why a group command was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GroupError {
    /// Exists already.
    #[error("This group already exists.")]
    Exists,
    /// No such group.
    #[error("This group does not exist.")]
    Missing,
    /// Unknown action id.
    #[error("Unknown action {0}.")]
    UnknownAction(i32),
    /// The issuer may not make this change (answered 403).
    #[error("{0}")]
    Refused(#[from] DelegationRefusal),
}

impl Aggregate for Group {
    const TYPE: &'static str = GROUP_AGGREGATE;
    type Command = GroupCommand;
    type Event = GroupEvent;
    type Error = GroupError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let live = self.name.is_some() && !self.deleted;
        let check = |actions: &[i32]| {
            actions
                .iter()
                .try_for_each(|a| action(*a).map(|_| ()).ok_or(GroupError::UnknownAction(*a)))
        };
        // Nobody changes or deletes a group they belong to.
        let not_own = |by: &Actor| match self.group_id {
            Some(id) if by.groups.contains(&id) => Err(DelegationRefusal::OwnGroup),
            _ => Ok(()),
        };
        // Nobody takes actions from, or deletes, a group that holds an action they do not hold:
        // a delegated manager cannot strip or delete the administrators' group.
        let no_power_over = |by: &Actor| may_act_on(|a| by.holds(a), self.actions.iter().copied());
        let event = match command {
            GroupCommand::Create { .. } if live => return Err(GroupError::Exists),
            GroupCommand::Create {
                group_id,
                name,
                actions,
                by,
            } => {
                check(&actions)?;
                may_grant(|a| by.holds(a), actions.iter().copied())?;
                GroupEvent::GroupCreated {
                    group_id,
                    name,
                    actions,
                }
            }
            _ if !live => return Err(GroupError::Missing),
            GroupCommand::AddActions { actions: a, by } => {
                not_own(&by)?;
                check(&a)?;
                may_grant(|x| by.holds(x), a.iter().copied())?;
                let new: Vec<i32> = a
                    .into_iter()
                    .filter(|x| !self.actions.contains(x))
                    .collect();
                if new.is_empty() {
                    return Ok(());
                }
                GroupEvent::GroupActionsAdded { actions: new }
            }
            GroupCommand::RemoveActions { actions: a, by } => {
                not_own(&by)?;
                no_power_over(&by)?;
                let gone: Vec<i32> = a.into_iter().filter(|x| self.actions.contains(x)).collect();
                if gone.is_empty() {
                    return Ok(());
                }
                GroupEvent::GroupActionsRemoved { actions: gone }
            }
            GroupCommand::Delete { by } => {
                not_own(&by)?;
                no_power_over(&by)?;
                GroupEvent::GroupDeleted
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            GroupEvent::GroupCreated {
                group_id,
                name,
                actions,
            } => {
                *self = Group {
                    group_id: Some(group_id),
                    name: Some(name),
                    actions: actions.into_iter().collect(),
                    deleted: false,
                };
            }
            GroupEvent::GroupActionsAdded { actions } => self.actions.extend(actions),
            GroupEvent::GroupActionsRemoved { actions } => actions.iter().for_each(|a| {
                self.actions.remove(a);
            }),
            GroupEvent::GroupDeleted => self.deleted = true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cqrs_es::test::TestFramework;

    type GroupTest = TestFramework<Group>;

    const EXISTS: &str = "This group already exists.";
    const MISSING: &str = "This group does not exist.";

    fn create(actions: Vec<i32>) -> GroupCommand {
        GroupCommand::Create {
            group_id: 7,
            name: "Verifiers".into(),
            actions,
            by: Actor::operator(),
        }
    }

    fn add(actions: Vec<i32>) -> GroupCommand {
        GroupCommand::AddActions {
            actions,
            by: Actor::operator(),
        }
    }

    fn remove(actions: Vec<i32>) -> GroupCommand {
        GroupCommand::RemoveActions {
            actions,
            by: Actor::operator(),
        }
    }

    fn delete() -> GroupCommand {
        GroupCommand::Delete {
            by: Actor::operator(),
        }
    }

    /// A delegated manager holding `actions` and belonging to `groups`.
    fn manager(actions: &[i32], groups: &[i64]) -> Actor {
        Actor {
            user_id: Some("manager".into()),
            actions: actions.iter().copied().collect(),
            groups: groups.iter().copied().collect(),
        }
    }

    const REFUSED: &str = "You do not have permission to perform this action.";

    #[test]
    fn given_no_group_when_someone_creates_it_with_an_action_they_do_not_hold_then_it_is_refused() {
        GroupTest::with(())
            .given_no_previous_events()
            .when(GroupCommand::Create {
                group_id: 7,
                name: "Verifiers".into(),
                actions: vec![31, 33],
                by: manager(&[31, 32], &[]),
            })
            .then_expect_error(GroupError::Refused(DelegationRefusal::GrantsMoreThanHeld));
        GroupTest::with(())
            .given_no_previous_events()
            .when(GroupCommand::Create {
                group_id: 7,
                name: "Verifiers".into(),
                actions: vec![31],
                by: manager(&[31, 32], &[]),
            })
            .then_expect_events(vec![created(vec![31])]);
    }

    #[test]
    fn given_a_group_when_someone_adds_an_action_they_do_not_hold_then_it_is_refused() {
        GroupTest::with(())
            .given(vec![created(vec![31])])
            .when(GroupCommand::AddActions {
                actions: vec![32, 33],
                by: manager(&[31, 32], &[2]),
            })
            .then_expect_error_message(REFUSED);
    }

    #[test]
    fn given_a_group_when_one_of_its_members_changes_or_deletes_it_then_it_is_refused() {
        let member = manager(&[31, 32, 33], &[3, 7]);
        for command in [
            GroupCommand::AddActions {
                actions: vec![32],
                by: member.clone(),
            },
            GroupCommand::RemoveActions {
                actions: vec![31],
                by: member.clone(),
            },
            GroupCommand::Delete { by: member.clone() },
        ] {
            GroupTest::with(())
                .given(vec![created(vec![31])])
                .when(command)
                .then_expect_error(GroupError::Refused(DelegationRefusal::OwnGroup));
        }
    }

    #[test]
    fn given_a_group_holding_more_than_someone_when_they_strip_or_delete_it_then_it_is_refused() {
        let lesser = manager(&[31, 32], &[3]);
        for command in [
            GroupCommand::RemoveActions {
                actions: vec![31],
                by: lesser.clone(),
            },
            GroupCommand::RemoveActions {
                actions: vec![33],
                by: lesser.clone(),
            },
            GroupCommand::Delete { by: lesser.clone() },
        ] {
            GroupTest::with(())
                .given(vec![created(vec![31, 33])])
                .when(command)
                .then_expect_error(GroupError::Refused(DelegationRefusal::TargetHoldsMore));
        }
        // Granting it an action they hold takes nothing from its members.
        GroupTest::with(())
            .given(vec![created(vec![31, 33])])
            .when(GroupCommand::AddActions {
                actions: vec![32],
                by: lesser,
            })
            .then_expect_events(vec![GroupEvent::GroupActionsAdded { actions: vec![32] }]);
    }

    #[test]
    fn given_a_group_when_someone_outside_it_holding_the_actions_changes_it_then_it_changes() {
        GroupTest::with(())
            .given(vec![created(vec![31])])
            .when(GroupCommand::AddActions {
                actions: vec![32],
                by: manager(&[31, 32], &[3]),
            })
            .then_expect_events(vec![GroupEvent::GroupActionsAdded { actions: vec![32] }]);
        GroupTest::with(())
            .given(vec![created(vec![31])])
            .when(GroupCommand::Delete {
                by: manager(&[31], &[3]),
            })
            .then_expect_events(vec![GroupEvent::GroupDeleted]);
    }

    fn created(actions: Vec<i32>) -> GroupEvent {
        GroupEvent::GroupCreated {
            group_id: 7,
            name: "Verifiers".into(),
            actions,
        }
    }

    #[test]
    fn given_no_group_when_it_is_created_then_it_exists_with_its_actions() {
        GroupTest::with(())
            .given_no_previous_events()
            .when(create(vec![31, 32]))
            .then_expect_events(vec![created(vec![31, 32])]);
    }

    #[test]
    fn given_no_group_when_it_is_created_without_actions_then_it_exists_without_actions() {
        GroupTest::with(())
            .given_no_previous_events()
            .when(create(vec![]))
            .then_expect_events(vec![created(vec![])]);
    }

    #[test]
    fn given_no_group_when_it_is_created_with_an_unknown_action_then_it_is_refused() {
        GroupTest::with(())
            .given_no_previous_events()
            .when(create(vec![31, 4]))
            .then_expect_error_message("Unknown action 4.");
        GroupTest::with(())
            .given_no_previous_events()
            .when(create(vec![37]))
            .then_expect_error(GroupError::UnknownAction(37));
    }

    #[test]
    fn given_a_group_when_it_is_created_again_then_it_is_refused() {
        GroupTest::with(())
            .given(vec![created(vec![31])])
            .when(create(vec![32]))
            .then_expect_error_message(EXISTS);
    }

    #[test]
    fn given_a_deleted_group_when_it_is_created_again_then_it_exists_anew() {
        GroupTest::with(())
            .given(vec![created(vec![31]), GroupEvent::GroupDeleted])
            .when(create(vec![32]))
            .then_expect_events(vec![created(vec![32])]);
    }

    #[test]
    fn given_no_group_when_it_is_changed_or_deleted_then_it_does_not_exist() {
        for command in [add(vec![31]), remove(vec![31]), delete()] {
            GroupTest::with(())
                .given_no_previous_events()
                .when(command)
                .then_expect_error_message(MISSING);
        }
    }

    #[test]
    fn given_a_deleted_group_when_it_is_changed_or_deleted_then_it_does_not_exist() {
        for command in [add(vec![33]), remove(vec![31]), delete()] {
            GroupTest::with(())
                .given(vec![created(vec![31]), GroupEvent::GroupDeleted])
                .when(command)
                .then_expect_error(GroupError::Missing);
        }
    }

    #[test]
    fn given_a_group_when_actions_are_added_then_only_the_new_ones_are_recorded() {
        GroupTest::with(())
            .given(vec![created(vec![31])])
            .when(add(vec![31, 32, 33]))
            .then_expect_events(vec![GroupEvent::GroupActionsAdded {
                actions: vec![32, 33],
            }]);
    }

    #[test]
    fn given_a_group_when_actions_it_has_are_added_then_nothing_is_recorded() {
        GroupTest::with(())
            .given(vec![
                created(vec![31]),
                GroupEvent::GroupActionsAdded { actions: vec![32] },
            ])
            .when(add(vec![32, 31]))
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_a_group_when_an_unknown_action_is_added_then_it_is_refused() {
        GroupTest::with(())
            .given(vec![created(vec![31])])
            .when(add(vec![32, 99]))
            .then_expect_error_message("Unknown action 99.");
    }

    #[test]
    fn given_a_group_when_actions_are_removed_then_only_those_it_has_are_recorded() {
        GroupTest::with(())
            .given(vec![created(vec![31, 32])])
            .when(remove(vec![32, 33, 99]))
            .then_expect_events(vec![GroupEvent::GroupActionsRemoved { actions: vec![32] }]);
    }

    #[test]
    fn given_removed_actions_when_they_are_removed_again_then_nothing_is_recorded() {
        GroupTest::with(())
            .given(vec![
                created(vec![31, 32]),
                GroupEvent::GroupActionsRemoved { actions: vec![32] },
            ])
            .when(remove(vec![32]))
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_removed_actions_when_they_are_added_back_then_they_are_recorded() {
        GroupTest::with(())
            .given(vec![
                created(vec![31, 32]),
                GroupEvent::GroupActionsRemoved { actions: vec![32] },
            ])
            .when(add(vec![32]))
            .then_expect_events(vec![GroupEvent::GroupActionsAdded { actions: vec![32] }]);
    }

    #[test]
    fn given_a_group_when_it_is_deleted_then_it_is_deleted() {
        GroupTest::with(())
            .given(vec![
                created(vec![31]),
                GroupEvent::GroupActionsAdded { actions: vec![32] },
            ])
            .when(delete())
            .then_expect_events(vec![GroupEvent::GroupDeleted]);
    }

    #[test]
    fn given_a_group_recreated_after_deletion_when_old_actions_are_removed_then_nothing_is_recorded(
    ) {
        GroupTest::with(())
            .given(vec![
                created(vec![31, 32]),
                GroupEvent::GroupDeleted,
                created(vec![33]),
            ])
            .when(remove(vec![31, 32]))
            .then_expect_events(vec![]);
    }
}
