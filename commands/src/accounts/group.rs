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
