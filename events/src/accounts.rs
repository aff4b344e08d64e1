//! Account events: users, the organisations they register, and permission groups.
//!
//! Aggregate ids:
//! - `user`: the user's id (a UUID, also `user_id` in the payload). The e-mail address is not
//!   an id: the write-side table `user_email` maps it to the user id and its primary key makes
//!   two registrations of one address race safely (see [`crate::person`]).
//! - `organisation`: the organisation's UUID.
//! - `group`: the group's numeric id as text.
//!
//! Passwords and one-time codes never enter the log: their hashes live in the write-side
//! tables `credential` and `otp_challenge`; the log records only that a password was set or an
//! e-mail verified.
//!
//! POPIA (docs/decisions/0036-personal-data-in-side-tables-not-in-events.md): no event carries a
//! person's name, e-mail address or phone number. Events name the person by `person_id`; the
//! details live in the side table `person` ([`crate::person`]), where they are corrected in place
//! and erased. Version "2.0" of the events below is this shape; the "1.0" shapes (clear fields,
//! e-mail-keyed users) are rewritten once by `gbvf migrate` (api/src/cli/popia.rs).

use serde::{Deserialize, Serialize};

/// Aggregate type of users.
pub const USER_AGGREGATE: &str = "user";
/// Aggregate type of organisations.
pub const ORGANISATION_AGGREGATE: &str = "organisation";
/// Aggregate type of permission groups.
pub const GROUP_AGGREGATE: &str = "group";

/// Events of one user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum UserEvent {
    /// An account was created (by self-registration, an administrator or the CLI). "2.0".
    UserRegistered(UserRegistered),
    /// The user proved they read mail at the address (OTP). "1.0".
    EmailVerified,
    /// The user set or reset their password (the hash is in `credential`). "1.0".
    PasswordSet {
        /// `registration`, `add-password` or `reset-password`.
        how: String,
    },
    /// Profile fields changed (public spec §3 "Profile"); the personal ones in `person`. "2.0".
    ProfileUpdated(ProfileFacts),
    /// The user's groups were replaced. "1.0".
    GroupsAssigned {
        /// Group ids.
        group_ids: Vec<i64>,
    },
    /// The account was deleted: it can no longer sign in and its sessions end. "1.0".
    UserDeleted,
    /// An administrator edited the account's details (admin spec §2 "Add or edit user"). "2.0".
    UserDetailsEdited(UserDetails),
    /// The person's personal data was erased (POPIA): their `person` row is blanked, the
    /// account is deleted, and everywhere they were named shows "Erased person". "2.0".
    UserErased,
    /// The person chose whether to receive the building-block notification e-mails
    /// (submissions waiting for them; their own submissions verified or returned). Accounts
    /// receive them until they choose otherwise. "1.0".
    NotificationEmailsChosen {
        /// `true`: send them; `false`: do not.
        building_block: bool,
    },
}

/// What an administrator sets on an account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserDetails {
    /// Profile (the person's names and numbers are in `person`).
    pub profile: ProfileFacts,
    /// Company (organisation) id.
    pub organisation_id: Option<String>,
    /// Relationship types: ContactPerson 1, BuildingBlockCoordinator 6 (admin spec §3).
    pub relationship_type_ids: Vec<i32>,
    /// Municipalities (boundary ids) of a Building Block Coordinator: a municipality's
    /// designated person.
    pub municipality_ids: Vec<i64>,
    /// Provinces (boundary ids) of a Building Block Coordinator: a province's designated
    /// person. Absent in events written before provinces could be assigned.
    #[serde(default)]
    pub province_ids: Vec<i64>,
    /// Groups.
    pub group_ids: Vec<i64>,
}

/// A new account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserRegistered {
    /// Public id of the user (UUID), also the aggregate id.
    pub user_id: String,
    /// Profile at registration; e-mail address, names and numbers are in `person`.
    pub profile: ProfileFacts,
    /// Organisation the user is the designated person of, if any.
    pub organisation_id: Option<String>,
    /// Groups at registration.
    pub group_ids: Vec<i64>,
    /// `self`, `admin:<user_id>` or `cli`.
    pub created_by: String,
    /// Relationship types (admin-created accounts; admin spec §3).
    #[serde(default)]
    pub relationship_type_ids: Vec<i32>,
    /// Municipalities of a Building Block Coordinator.
    #[serde(default)]
    pub municipality_ids: Vec<i64>,
    /// Provinces of a Building Block Coordinator (a province's designated person).
    #[serde(default)]
    pub province_ids: Vec<i64>,
}

/// The profile facts an event records: the person by id, and the reference-list choices
/// (which are not personal data).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct ProfileFacts {
    /// Row of the person's details in `person`.
    pub person_id: uuid::Uuid,
    /// Title id (reference list `getUserTitles`).
    pub title_id: Option<i32>,
    /// Job role id (reference list `getUserJobRoles`).
    pub job_role_id: Option<i32>,
}

/// Profile fields (public spec §3 "Profile") as the screens show them: the facts of the events
/// joined with the person's details from `person`. Never serialized into an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Profile {
    /// Title id (reference list `getUserTitles`).
    pub title_id: Option<i32>,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Job role id (reference list `getUserJobRoles`).
    pub job_role_id: Option<i32>,
    /// Mobile number, 10 digits.
    pub mobile_number: Option<String>,
    /// Telephone (alternative) number, 10 digits.
    pub alternative_number: Option<String>,
}

impl cqrs_es::DomainEvent for UserEvent {
    fn event_type(&self) -> String {
        match self {
            UserEvent::UserRegistered(_) => "UserRegistered",
            UserEvent::EmailVerified => "EmailVerified",
            UserEvent::PasswordSet { .. } => "PasswordSet",
            UserEvent::ProfileUpdated(_) => "ProfileUpdated",
            UserEvent::GroupsAssigned { .. } => "GroupsAssigned",
            UserEvent::UserDeleted => "UserDeleted",
            UserEvent::UserDetailsEdited(_) => "UserDetailsEdited",
            UserEvent::UserErased => "UserErased",
            UserEvent::NotificationEmailsChosen { .. } => "NotificationEmailsChosen",
        }
        .to_string()
    }
    fn event_version(&self) -> String {
        match self {
            UserEvent::UserRegistered(_)
            | UserEvent::ProfileUpdated(_)
            | UserEvent::UserDetailsEdited(_)
            | UserEvent::UserErased => "2.0",
            _ => "1.0",
        }
        .into()
    }
}

/// Events of one organisation.
// Registrations are rare and short-lived in memory; boxing the big variant would only change
// every match on it.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OrganisationEvent {
    /// Registered through sign-up; verification status In Progress. "2.0".
    OrganisationRegistered(OrganisationRegistered),
    /// A verifier approved the organisation (status 3); the welcome e-mail was sent. "2.0".
    OrganisationApproved(VerificationDecision),
    /// A verifier rejected the organisation (status 2) with a reason. "2.0".
    OrganisationRejected(VerificationDecision),
}

/// A verification decision (admin spec §3 "Organisation verification").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VerificationDecision {
    /// The verifier's user id (their name is looked up through it, "Erased person" once
    /// erased).
    pub by_user_id: String,
    /// E-mail template: WelcomeMessage 1, DuplicateOrganization 2, Other 3.
    pub email_template_type: i32,
    /// Rejection reason in the event: "Duplicated Organisation" (template 2), or the
    /// verifier's own text (Other) in events recorded before such text moved to the side table
    /// `decision_reason`; `None` for an approval and for a newer Other.
    pub reason: Option<String>,
    /// The verifier's own words for Other (template 3): the id of their text in
    /// `decision_reason` (it may name a person; erasable,
    /// docs/decisions/0154-free-text-reasons-beside-the-log.md). Absent in
    /// approvals, duplicates and events recorded before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason_id: Option<uuid::Uuid>,
    /// [`crate::building_block::reason_digest`] of that text under its salt (absent where
    /// `reason_id` is, and in events recorded before digests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason_digest: Option<String>,
}

/// A registered organisation (public spec §3 "Registration payload").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrganisationRegistered {
    /// Organisation id (UUID).
    pub organisation_id: String,
    /// Name.
    pub name: String,
    /// Branch.
    pub branch: Option<String>,
    /// Organisation type id (reference list `getOrganisationTypes`).
    pub organisation_type_id: i32,
    /// Street number (never published).
    pub street_number: Option<String>,
    /// Street name (never published).
    pub street_name: Option<String>,
    /// Suburb.
    pub suburb: Option<String>,
    /// City.
    pub city: Option<String>,
    /// Postal code.
    pub postal_code: Option<String>,
    /// Province boundary id.
    pub province_id: i64,
    /// District boundary id.
    pub district_id: i64,
    /// Local municipality boundary id.
    pub municipality_id: i64,
    /// Number of members (≥ 1).
    pub members: i64,
    /// The designated person's user id.
    pub designated_user_id: String,
    /// The designated person's details in `person` (same row as the user's).
    pub designated_person_id: uuid::Uuid,
}

impl cqrs_es::DomainEvent for OrganisationEvent {
    fn event_type(&self) -> String {
        match self {
            OrganisationEvent::OrganisationRegistered(_) => "OrganisationRegistered",
            OrganisationEvent::OrganisationApproved(_) => "OrganisationApproved",
            OrganisationEvent::OrganisationRejected(_) => "OrganisationRejected",
        }
        .to_string()
    }
    fn event_version(&self) -> String {
        "2.0".into()
    }
}

/// Events of one permission group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum GroupEvent {
    /// A group with its actions. "1.0".
    GroupCreated {
        /// Group id.
        group_id: i64,
        /// Name.
        name: String,
        /// Action ids (public spec §3, 5–36).
        actions: Vec<i32>,
    },
    /// Actions added. "1.0".
    GroupActionsAdded {
        /// Action ids.
        actions: Vec<i32>,
    },
    /// Actions removed. "1.0".
    GroupActionsRemoved {
        /// Action ids.
        actions: Vec<i32>,
    },
    /// The group was deleted. "1.0".
    GroupDeleted,
}

impl cqrs_es::DomainEvent for GroupEvent {
    fn event_type(&self) -> String {
        match self {
            GroupEvent::GroupCreated { .. } => "GroupCreated",
            GroupEvent::GroupActionsAdded { .. } => "GroupActionsAdded",
            GroupEvent::GroupActionsRemoved { .. } => "GroupActionsRemoved",
            GroupEvent::GroupDeleted => "GroupDeleted",
        }
        .to_string()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}
