//! The permission-group aggregate (id: the group id as text). A group is a set of actions
//! (public spec §6); only actions of the specification exist.

use std::collections::BTreeSet;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::accounts::{GroupEvent, GROUP_AGGREGATE};
use serde::{Deserialize, Serialize};

use super::permissions::action;

/// State of one group.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct Group {
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
    },
    /// Add actions.
    AddActions(Vec<i32>),
    /// Remove actions.
    RemoveActions(Vec<i32>),
    /// Delete.
    Delete,
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
        let event = match command {
            GroupCommand::Create { .. } if live => return Err(GroupError::Exists),
            GroupCommand::Create {
                group_id,
                name,
                actions,
            } => {
                check(&actions)?;
                GroupEvent::GroupCreated {
                    group_id,
                    name,
                    actions,
                }
            }
            _ if !live => return Err(GroupError::Missing),
            GroupCommand::AddActions(a) => {
                check(&a)?;
                let new: Vec<i32> = a
                    .into_iter()
                    .filter(|x| !self.actions.contains(x))
                    .collect();
                if new.is_empty() {
                    return Ok(());
                }
                GroupEvent::GroupActionsAdded { actions: new }
            }
            GroupCommand::RemoveActions(a) => {
                let gone: Vec<i32> = a.into_iter().filter(|x| self.actions.contains(x)).collect();
                if gone.is_empty() {
                    return Ok(());
                }
                GroupEvent::GroupActionsRemoved { actions: gone }
            }
            GroupCommand::Delete => GroupEvent::GroupDeleted,
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            GroupEvent::GroupCreated { name, actions, .. } => {
                *self = Group {
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
        }
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
        for command in [
            GroupCommand::AddActions(vec![31]),
            GroupCommand::RemoveActions(vec![31]),
            GroupCommand::Delete,
        ] {
            GroupTest::with(())
                .given_no_previous_events()
                .when(command)
                .then_expect_error_message(MISSING);
        }
    }

    #[test]
    fn given_a_deleted_group_when_it_is_changed_or_deleted_then_it_does_not_exist() {
        for command in [
            GroupCommand::AddActions(vec![33]),
            GroupCommand::RemoveActions(vec![31]),
            GroupCommand::Delete,
        ] {
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
            .when(GroupCommand::AddActions(vec![31, 32, 33]))
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
            .when(GroupCommand::AddActions(vec![32, 31]))
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_a_group_when_an_unknown_action_is_added_then_it_is_refused() {
        GroupTest::with(())
            .given(vec![created(vec![31])])
            .when(GroupCommand::AddActions(vec![32, 99]))
            .then_expect_error_message("Unknown action 99.");
    }

    #[test]
    fn given_a_group_when_actions_are_removed_then_only_those_it_has_are_recorded() {
        GroupTest::with(())
            .given(vec![created(vec![31, 32])])
            .when(GroupCommand::RemoveActions(vec![32, 33, 99]))
            .then_expect_events(vec![GroupEvent::GroupActionsRemoved { actions: vec![32] }]);
    }

    #[test]
    fn given_removed_actions_when_they_are_removed_again_then_nothing_is_recorded() {
        GroupTest::with(())
            .given(vec![
                created(vec![31, 32]),
                GroupEvent::GroupActionsRemoved { actions: vec![32] },
            ])
            .when(GroupCommand::RemoveActions(vec![32]))
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_removed_actions_when_they_are_added_back_then_they_are_recorded() {
        GroupTest::with(())
            .given(vec![
                created(vec![31, 32]),
                GroupEvent::GroupActionsRemoved { actions: vec![32] },
            ])
            .when(GroupCommand::AddActions(vec![32]))
            .then_expect_events(vec![GroupEvent::GroupActionsAdded { actions: vec![32] }]);
    }

    #[test]
    fn given_a_group_when_it_is_deleted_then_it_is_deleted() {
        GroupTest::with(())
            .given(vec![
                created(vec![31]),
                GroupEvent::GroupActionsAdded { actions: vec![32] },
            ])
            .when(GroupCommand::Delete)
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
            .when(GroupCommand::RemoveActions(vec![31, 32]))
            .then_expect_events(vec![]);
    }
}
