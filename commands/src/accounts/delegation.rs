//! Who may hand out or touch what (docs/decisions.md "Nobody grants what they do not hold"):
//! the rules of delegated user and group management, over action ids (admin spec §3). The
//! HTTP layer gathers the actions from the read models and asks these; they decide.

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
