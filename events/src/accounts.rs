//! Account events: users, the organisations they register, and permission groups.
//!
//! Aggregate ids:
//! - `user`: the user's e-mail address, lower-cased and trimmed, so two registrations of one
//!   address collide on the event log's primary key and exactly one wins. The user's public id
//!   (`user_id`, a UUID) is in the payload.
//! - `organisation`: the organisation's UUID.
//! - `group`: the group's numeric id as text.
//!
//! Passwords and one-time codes never enter the log: their hashes live in the write-side
//! tables `credential` and `otp_challenge`; the log records only that a password was set or an
//! e-mail verified.

use serde::{Deserialize, Serialize};

/// Aggregate type of users.
pub const USER_AGGREGATE: &str = "user";
/// Aggregate type of organisations.
pub const ORGANISATION_AGGREGATE: &str = "organisation";
/// Aggregate type of permission groups.
pub const GROUP_AGGREGATE: &str = "group";

/// The user aggregate id of an e-mail address.
pub fn user_aggregate_id(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Events of one user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum UserEvent {
    /// An account was created (by self-registration, an administrator or the CLI). "1.0".
    UserRegistered(UserRegistered),
    /// The user proved they read mail at the address (OTP). "1.0".
    EmailVerified,
    /// The user set or reset their password (the hash is in `credential`). "1.0".
    PasswordSet {
        /// `registration`, `add-password` or `reset-password`.
        how: String,
    },
    /// Profile fields changed (public spec §3 "Profile"). "1.0".
    ProfileUpdated(Profile),
    /// The user's groups were replaced. "1.0".
    GroupsAssigned {
        /// Group ids.
        group_ids: Vec<i64>,
    },
    /// The account was deleted: it can no longer sign in and its sessions end. "1.0".
    UserDeleted,
    /// An administrator edited the account's details (admin spec §2 "Add or edit user"). "1.0".
    UserDetailsEdited(UserDetails),
}

/// What an administrator sets on an account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserDetails {
    /// Profile.
    pub profile: Profile,
    /// Company (organisation) id.
    pub organisation_id: Option<String>,
    /// Relationship types: ContactPerson 1, BuildingBlockCoordinator 6 (admin spec §3).
    pub relationship_type_ids: Vec<i32>,
    /// Municipalities (boundary ids) of a Building Block Coordinator.
    pub municipality_ids: Vec<i64>,
    /// Groups.
    pub group_ids: Vec<i64>,
}

/// A new account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserRegistered {
    /// Public id of the user (UUID).
    pub user_id: String,
    /// E-mail address as entered.
    pub email: String,
    /// Profile at registration.
    pub profile: Profile,
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
}

/// Profile fields (public spec §3 "Profile").
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
        }
        .to_string()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

/// Events of one organisation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OrganisationEvent {
    /// Registered through sign-up; verification status In Progess. "1.0".
    OrganisationRegistered(OrganisationRegistered),
    /// A verifier approved the organisation (status 3); the welcome e-mail was sent. "1.0".
    OrganisationApproved(VerificationDecision),
    /// A verifier rejected the organisation (status 2) with a reason. "1.0".
    OrganisationRejected(VerificationDecision),
}

/// A verification decision (admin spec §3 "Organisation verification").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VerificationDecision {
    /// The verifier's user id.
    pub by_user_id: String,
    /// The verifier's name at the time.
    pub by_name: String,
    /// E-mail template: WelcomeMessage 1, DuplicateOrganization 2, Other 3.
    pub email_template_type: i32,
    /// Rejection reason (Duplicated Organisation, or the verifier's text for Other).
    pub reason: Option<String>,
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
    /// The designated person's e-mail.
    pub designated_email: String,
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
        "1.0".into()
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
