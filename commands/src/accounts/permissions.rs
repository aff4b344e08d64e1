#![allow(non_upper_case_globals)]
//! The permission model: actions with the specification's ids (public spec §3 "Permission
//! actions") and the default groups seeded for the roles of §6.

/// A permission action (public spec §3; ids 5–36).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Action {
    /// The specification's numeric id.
    pub id: i32,
    /// The specification's name.
    pub name: &'static str,
}

macro_rules! actions {
    ($($name:ident = $id:expr),* $(,)?) => {
        $(
            #[doc = concat!("Action ", stringify!($name), " (", stringify!($id), ").")]
            pub const $name: i32 = $id;
        )*
        /// Every action, in id order.
        pub const ACTIONS: &[Action] = &[$(Action { id: $id, name: stringify!($name) }),*];
    };
}

actions! {
    SetGroupMember = 5, CreateGroup = 6, UpdateGroup = 7, DeleteGroup = 8, AddGroupAction = 9,
    DeleteGroupAction = 10, DeleteGroupMember = 11, LogIntoSystem = 12, CreateNewBuildingBlock = 13,
    AddBuildingBlock = 14, EditBuildingBlock = 15, DeleteBuildingBlock = 16, ImportBuildingBlockData = 17,
    ImportPoliceStatistics = 18, ViewBuildingBlocks = 19, ViewPoliceStatistics = 20,
    VerifyBuildingBlockExist = 21, ValidateBuildingBlock = 22, ViewYourOrganisationSurveyResult = 23,
    AddSurveyLink = 24, SetSurveyEffectiveDate = 25, EditOrganisationalInformation = 26,
    ViewOrganisationalSurveyResults = 27, ViewGroupDistrictSurveyResults = 28, ViewNationalSurveyResults = 29,
    DeleteIndividualSurveys = 30, ViewOrganisations = 31, VerifyOrganisation = 32, WorldOfImpactAdmin = 33,
    HealthCheckAdmin = 34, BuildingBlockAdmin = 35, DeleteUser = 36,
}

/// The action with `id`.
pub fn action(id: i32) -> Option<&'static Action> {
    ACTIONS.iter().find(|a| a.id == id)
}

/// A group seeded at installation for one of the roles of public spec §6.
#[derive(Debug, Clone, Copy)]
pub struct DefaultGroup {
    /// Fixed group id.
    pub id: i64,
    /// Name.
    pub name: &'static str,
    /// Actions.
    pub actions: &'static [i32],
}

/// Group of the World of Impact administrators: every action.
pub const WORLD_OF_IMPACT_ADMIN_GROUP: i64 = 1;
/// Group of organisations' designated persons; self-registration puts the user here.
pub const ORGANISATION_GROUP: i64 = 4;

/// The default groups (docs/decisions/0032-default-groups.md gives the reasoning per role).
pub const DEFAULT_GROUPS: &[DefaultGroup] = &[
    DefaultGroup {
        id: 1,
        name: "World of Impact admin",
        actions: &[
            5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
            28, 29, 30, 31, 32, 33, 34, 35, 36,
        ],
    },
    DefaultGroup {
        id: 2,
        name: "Health Check admin",
        actions: &[12, 24, 25, 27, 28, 29, 30, 31, 32, 34],
    },
    DefaultGroup {
        id: 3,
        name: "Building Block admin",
        actions: &[12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 35],
    },
    DefaultGroup {
        id: 4,
        name: "Organisation designated person",
        actions: &[12, 23, 24, 25, 26, 34],
    },
    DefaultGroup {
        id: 5,
        name: "Municipality designated person",
        actions: &[12, 14, 15, 16, 19, 21, 35],
    },
    DefaultGroup {
        id: 6,
        name: "Province designated person",
        actions: &[12, 17, 19, 21, 22, 35],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specification_ids_hold() {
        assert_eq!(ACTIONS.len(), 32);
        assert_eq!(action(5).unwrap().name, "SetGroupMember");
        assert_eq!(action(18).unwrap().name, "ImportPoliceStatistics");
        assert_eq!(action(33).unwrap().name, "WorldOfImpactAdmin");
        assert_eq!(action(36).unwrap().name, "DeleteUser");
        assert!(action(4).is_none() && action(37).is_none());
        for g in DEFAULT_GROUPS {
            assert!(g.actions.iter().all(|a| action(*a).is_some()), "{}", g.name);
        }
    }
}
