//! Reference lists served by `GET /api/auth/getUserTitles`, `getUserJobRoles` and
//! `getOrganisationTypes` (public spec §3 "Profile").
//!
//! Source: titles are the forms of address used on South African government forms (Stats SA
//! and Home Affairs); job roles and organisation types are the roles and kinds of organisation
//! named by the National Strategic Plan on GBVF 2020–2030 for its stakeholders. Organisation
//! type 4 is the one with students (public spec §6: "The Students survey option applies only to
//! organisation type 4"). The ids are stable: they are stored in events.

/// `(titleId, description)`.
pub const TITLES: &[(i32, &str)] = &[
    (1, "Mr"),
    (2, "Mrs"),
    (3, "Ms"),
    (4, "Miss"),
    (5, "Dr"),
    (6, "Prof"),
    (7, "Rev"),
    (8, "Adv"),
    (9, "Hon"),
    (10, "Mx"),
];

/// `(roleId, description)`.
pub const JOB_ROLES: &[(i32, &str)] = &[
    (1, "Director or chief executive"),
    (2, "Manager"),
    (3, "Programme coordinator"),
    (4, "Social worker"),
    (5, "Counsellor"),
    (6, "Community development worker"),
    (7, "Administrator"),
    (8, "Volunteer"),
    (9, "Lecturer or teacher"),
    (10, "Other"),
];

/// `(organisationTypeId, description)`.
pub const ORGANISATION_TYPES: &[(i32, &str)] = &[
    (1, "Non-profit organisation"),
    (2, "Community-based organisation"),
    (3, "Faith-based organisation"),
    (4, "Higher education institution"),
    (5, "Government department or entity"),
    (6, "Private sector company"),
    (7, "Other"),
];

/// Whether `id` is in `list`. Takes the id as a request carries it (`i64`), so a number
/// outside `i32` is simply not in the list instead of wrapping onto an id that is (4294967297
/// read `as i32` is 1).
pub fn contains(list: &[(i32, &str)], id: i64) -> bool {
    list.iter().any(|(i, _)| i64::from(*i) == id)
}
