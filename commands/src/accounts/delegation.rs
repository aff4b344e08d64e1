//! Who may hand out or touch what (docs/decisions/0033-nobody-grants-what-they-do-not-hold.md):
//! the rules of delegated user and group management, over action ids (admin spec §3). The
//! user and group aggregates decide with them, over the [`Actor`] a command carries: what its
//! issuer holds and belongs to now, gathered by whoever issues it (HTTP from the session's
//! groups and the event log, the command line as the installation's operator).

use std::collections::{BTreeMap, BTreeSet};

/// Who issues a change of users or groups, as the aggregates judge it (admin spec §3): the
/// action ids they hold now and the group ids they belong to now. Gathered when the command is
/// issued, from current state, never from the request's body.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Actor {
    /// The issuer's user id; `None` for the installation's operator.
    pub user_id: Option<String>,
    /// Action ids held through the issuer's groups.
    pub actions: BTreeSet<i32>,
    /// Group ids the issuer belongs to.
    pub groups: BTreeSet<i64>,
}

impl Actor {
    /// The installation's operator at the command line (seeding, `gbvf users`): holds every
    /// action of the specification and belongs to no group; whoever runs the command line
    /// already has the database.
    pub fn operator() -> Actor {
        Actor {
            user_id: None,
            actions: super::permissions::ACTIONS.iter().map(|a| a.id).collect(),
            groups: BTreeSet::new(),
        }
    }

    /// Whether the issuer is the account `user_id`.
    pub fn is(&self, user_id: Option<&str>) -> bool {
        self.user_id.is_some() && self.user_id.as_deref() == user_id
    }

    /// Whether the issuer holds `action`.
    pub fn holds(&self, action: i32) -> bool {
        self.actions.contains(&action)
    }
}

/// What each group grants now: group id → its action ids, for the live groups a user command
/// names (the account's groups now and those asked); a group not listed grants nothing.
pub type GroupActions = BTreeMap<i64, BTreeSet<i32>>;

/// A change of someone's account by whoever manages users (admin spec §2–3), as the user
/// aggregate judges it: who issues it, and what the groups it names grant now (both gathered
/// from current state when it is issued).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Authority {
    /// Who issues it.
    pub by: Actor,
    /// What the groups named grant now.
    pub group_actions: GroupActions,
}

impl Authority {
    /// The installation's operator at the command line ([`Actor::operator`]), for whom the
    /// groups' actions do not matter.
    pub fn operator() -> Authority {
        Authority {
            by: Actor::operator(),
            group_actions: GroupActions::new(),
        }
    }

    /// The actions membership of `groups` gives, each once.
    pub fn grants(&self, groups: &[i64]) -> BTreeSet<i32> {
        groups
            .iter()
            .filter_map(|g| self.group_actions.get(g))
            .flatten()
            .copied()
            .collect()
    }
}

/// Why a change of users or groups is refused (answered 403 "You do not have permission to
/// perform this action.").
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DelegationRefusal {
    /// The change would grant an action the caller does not hold (a membership of groups that
    /// give it, or the action added to a group).
    #[error("You do not have permission to perform this action.")]
    GrantsMoreThanHeld,
    /// The target account holds an action the caller does not hold: a delegated manager can
    /// neither change, move, delete nor erase someone above them.
    #[error("You do not have permission to perform this action.")]
    TargetHoldsMore,
    /// Nobody changes their own groups.
    #[error("You do not have permission to perform this action.")]
    OwnGroups,
    /// Taking someone out of a group needs DeleteGroupMember (11).
    #[error("You do not have permission to perform this action.")]
    RemovesWithoutDeleteGroupMember,
    /// Nobody but a WorldOfImpactAdmin changes their own municipalities or provinces.
    #[error("You do not have permission to perform this action.")]
    OwnArea,
    /// Nobody changes or deletes a group they belong to (so the last administrators cannot
    /// lock themselves out, and nobody widens their own powers).
    #[error("You do not have permission to perform this action.")]
    OwnGroup,
}

/// An edit of an account's groups and area, as [`may_edit`] judges it: what the account has
/// now (the event log) and what the edit asks for (group ids, municipality and province
/// boundary ids, in any order, repeats allowed).
#[derive(Debug, Clone, Copy)]
pub struct AccountEdit<'a> {
    /// The caller edits their own account.
    pub own_account: bool,
    /// The account's groups now, and asked.
    pub groups_now: &'a [i64],
    /// Groups asked.
    pub groups_asked: &'a [i64],
    /// The account's assigned municipalities now.
    pub municipalities_now: &'a [i64],
    /// Municipalities asked.
    pub municipalities_asked: &'a [i64],
    /// The account's assigned provinces now.
    pub provinces_now: &'a [i64],
    /// Provinces asked.
    pub provinces_asked: &'a [i64],
}

/// The same ids, whatever their order and repeats.
fn same(a: &[i64], b: &[i64]) -> bool {
    let set = |v: &[i64]| {
        v.iter()
            .copied()
            .collect::<std::collections::BTreeSet<i64>>()
    };
    set(a) == set(b)
}

/// A caller who holds the actions `held` may make `edit`
/// (docs/decisions/0033-nobody-grants-what-they-do-not-hold.md): nobody changes their own groups;
/// taking someone out of a group needs DeleteGroupMember (11); nobody but a WorldOfImpactAdmin (33)
/// changes their own area (a user manager assigning themselves municipalities would read and change
/// building blocks there). What the groups grant and whom the caller may act on are [`may_grant`]
/// and [`may_act_on`].
pub fn may_edit(
    held: impl Fn(i32) -> bool,
    edit: &AccountEdit<'_>,
) -> Result<(), DelegationRefusal> {
    use super::permissions::{DeleteGroupMember, WorldOfImpactAdmin};
    if edit.own_account && !same(edit.groups_now, edit.groups_asked) {
        return Err(DelegationRefusal::OwnGroups);
    }
    if edit
        .groups_now
        .iter()
        .any(|g| !edit.groups_asked.contains(g))
        && !held(DeleteGroupMember)
    {
        return Err(DelegationRefusal::RemovesWithoutDeleteGroupMember);
    }
    if edit.own_account
        && !held(WorldOfImpactAdmin)
        && !(same(edit.municipalities_now, edit.municipalities_asked)
            && same(edit.provinces_now, edit.provinces_asked))
    {
        return Err(DelegationRefusal::OwnArea);
    }
    Ok(())
}

/// A caller who holds the actions `held` says yes to may grant `granted` (the actions of the
/// groups given and the actions added): only what they hold themselves.
pub fn may_grant(
    held: impl Fn(i32) -> bool,
    granted: impl IntoIterator<Item = i32>,
) -> Result<(), DelegationRefusal> {
    if granted.into_iter().all(held) {
        Ok(())
    } else {
        Err(DelegationRefusal::GrantsMoreThanHeld)
    }
}

/// A caller who holds the actions `held` says yes to may change an account holding
/// `target_holds` (the actions of its groups now): only one that holds nothing more.
pub fn may_act_on(
    held: impl Fn(i32) -> bool,
    target_holds: impl IntoIterator<Item = i32>,
) -> Result<(), DelegationRefusal> {
    if target_holds.into_iter().all(held) {
        Ok(())
    } else {
        Err(DelegationRefusal::TargetHoldsMore)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A delegated user manager: SetGroupMember (5), DeleteUser (9), LogIntoSystem (12).
    fn manager(action: i32) -> bool {
        [5, 9, 12].contains(&action)
    }

    #[test]
    fn given_a_manager_when_they_grant_what_they_hold_then_it_is_allowed() {
        assert_eq!(may_grant(manager, [12, 5]), Ok(()));
        assert_eq!(may_grant(manager, []), Ok(()));
    }

    #[test]
    fn given_a_manager_when_they_grant_one_action_more_then_it_is_refused() {
        assert_eq!(
            may_grant(manager, [12, 33]),
            Err(DelegationRefusal::GrantsMoreThanHeld)
        );
    }

    #[test]
    fn given_a_manager_when_the_target_holds_no_more_then_they_may_act_on_it() {
        assert_eq!(may_act_on(manager, [12]), Ok(()));
    }

    fn edit<'a>(
        own: bool,
        groups: (&'a [i64], &'a [i64]),
        area: (&'a [i64], &'a [i64]),
    ) -> AccountEdit<'a> {
        AccountEdit {
            own_account: own,
            groups_now: groups.0,
            groups_asked: groups.1,
            municipalities_now: area.0,
            municipalities_asked: area.1,
            provinces_now: &[],
            provinces_asked: &[],
        }
    }

    /// A user manager who may also take people out of groups (11).
    fn remover(action: i32) -> bool {
        manager(action) || action == 11
    }

    #[test]
    fn given_their_own_account_when_the_groups_change_then_it_is_refused() {
        assert_eq!(
            may_edit(remover, &edit(true, (&[5], &[5, 3]), (&[], &[]))),
            Err(DelegationRefusal::OwnGroups)
        );
        // The same groups in another order, repeated: no change.
        assert_eq!(
            may_edit(remover, &edit(true, (&[5, 3], &[3, 5, 5]), (&[], &[]))),
            Ok(())
        );
    }

    #[test]
    fn given_someone_in_a_group_when_a_manager_without_11_takes_them_out_then_it_is_refused() {
        assert_eq!(
            may_edit(manager, &edit(false, (&[5, 6], &[5]), (&[], &[]))),
            Err(DelegationRefusal::RemovesWithoutDeleteGroupMember)
        );
        assert_eq!(
            may_edit(remover, &edit(false, (&[5, 6], &[5]), (&[], &[]))),
            Ok(())
        );
        assert_eq!(
            may_edit(manager, &edit(false, (&[5], &[5, 6]), (&[], &[]))),
            Ok(())
        );
    }

    #[test]
    fn given_their_own_account_when_a_manager_widens_their_area_then_only_an_administrator_may() {
        assert_eq!(
            may_edit(manager, &edit(true, (&[5], &[5]), (&[10], &[10, 11]))),
            Err(DelegationRefusal::OwnArea)
        );
        assert_eq!(
            may_edit(|a| a == 33, &edit(true, (&[5], &[5]), (&[10], &[10, 11]))),
            Ok(())
        );
        // Another account's area is the manager's to set.
        assert_eq!(
            may_edit(manager, &edit(false, (&[5], &[5]), (&[10], &[11]))),
            Ok(())
        );
    }

    #[test]
    fn given_a_manager_when_the_target_is_an_administrator_then_they_may_not() {
        assert_eq!(
            may_act_on(manager, [12, 33]),
            Err(DelegationRefusal::TargetHoldsMore)
        );
        assert_eq!(
            DelegationRefusal::TargetHoldsMore.to_string(),
            "You do not have permission to perform this action."
        );
    }
}
