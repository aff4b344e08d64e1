//! The user aggregate (id: the user id, a UUID; see `gbvf_events::accounts`).
//! Rules: only a registered, live account can verify its e-mail, set a password, change its
//! profile or groups; one live account per address is kept by the `user_email` lookup
//! (`gbvf_events::person`); a deleted account's address can be registered again (a new
//! aggregate with a new user id); any registered account can be erased (POPIA), once.
//! Changes by whoever manages users carry an [`Authority`] and are judged by the delegation
//! rules (`super::delegation`; docs/decisions/0033-nobody-grants-what-they-do-not-hold.md):
//! nobody grants what they do not hold, acts on an account holding more than they do, changes
//! their own groups or area, or deletes or erases their own account.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::accounts::{Profile, ProfileFacts, UserEvent, UserRegistered, USER_AGGREGATE};
use serde::{Deserialize, Serialize};

use super::delegation::{
    may_act_on, may_edit, may_grant, AccountEdit, Authority, DelegationRefusal,
};

/// State of one user.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct User {
    /// Public id while registered.
    pub user_id: Option<String>,
    /// The person's row in `person`.
    pub person_id: Option<uuid::Uuid>,
    /// E-mail as entered: filled from `person` by the loader (empty when erased or not loaded).
    pub email: String,
    /// Whether the e-mail was verified by OTP.
    pub email_verified: bool,
    /// Whether a password was ever set.
    pub has_password: bool,
    /// Whether the account is deleted.
    pub deleted: bool,
    /// Whether the person's data was erased.
    pub erased: bool,
    /// Current profile (title and job role from events; names and numbers filled from
    /// `person` by the loader).
    pub profile: Profile,
    /// Groups.
    pub group_ids: Vec<i64>,
    /// Organisation of a designated person.
    pub organisation_id: Option<String>,
    /// Municipalities assigned (boundary ids).
    #[serde(default)]
    pub municipality_ids: Vec<i64>,
    /// Provinces assigned (boundary ids).
    #[serde(default)]
    pub province_ids: Vec<i64>,
    /// Whether the person declined the building-block notification e-mails.
    pub declined_building_block_emails: bool,
    /// Events applied.
    pub version: i64,
}

impl User {
    /// Whether the account exists and is not deleted.
    pub fn is_live(&self) -> bool {
        self.user_id.is_some() && !self.deleted
    }
}

/// The argon2id hash (PHC string) of a new password, for the `credential` side table only:
/// never in an event, and its `Debug` shows no part of it.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash(String);

impl PasswordHash {
    /// Wraps the PHC string `phc` (as `argon2` writes it).
    pub fn new(phc: impl Into<String>) -> PasswordHash {
        PasswordHash(phc.into())
    }

    /// The PHC string.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordHash(…)")
    }
}

/// Commands of a user.
#[derive(Debug, Clone)]
pub enum UserCommand {
    /// Create the account: the person registering themselves.
    Register(UserRegistered),
    /// Create the account for someone else: `authority` must hold every action its groups give.
    /// The side tables claim the address and store the person (`super::user_side_tables`).
    Create {
        /// The account; its `profile.person_id` names the `person` row written with it.
        registered: UserRegistered,
        /// Who creates it.
        authority: Authority,
        /// The person's details, for `person` only (never in the event).
        person: gbvf_events::person::Person,
        /// The deleted account whose address this one takes over, if any.
        previous_user_id: Option<String>,
    },
    /// Mark the e-mail verified (after a correct OTP).
    VerifyEmail,
    /// Record that a password was set (`how`: registration, add-password, reset-password,
    /// profile) and store its `hash` in the `credential` side table, which moves the
    /// credential epoch on (`super::user_side_tables`).
    SetPassword {
        /// How it was set.
        how: String,
        /// The new password's hash; never in an event.
        hash: PasswordHash,
    },
    /// Record a profile change (the person's details were corrected in `person` first).
    UpdateProfile(ProfileFacts),
    /// Replace the groups.
    AssignGroups {
        /// The groups asked.
        group_ids: Vec<i64>,
        /// Who assigns them, under the delegation rules.
        authority: Authority,
    },
    /// Delete the account: not one's own, nor one holding more than `authority`.
    Delete(Authority),
    /// Replace the details an administrator manages, by `authority` under the delegation rules.
    EditDetails {
        /// The details asked.
        details: gbvf_events::accounts::UserDetails,
        /// The person's corrected names and numbers, written to `person` with the event
        /// (`super::user_side_tables`); `None` leaves them.
        person: Option<gbvf_events::person::Person>,
        /// Who edits them.
        authority: Authority,
    },
    /// Erase the person (POPIA): deletes the account if live; nothing when already erased. Not
    /// one's own, nor one holding more than `authority`.
    Erase(Authority),
    /// Choose whether to receive the building-block notification e-mails (`true`: receive).
    ChooseNotificationEmails {
        /// Receive the building-block notifications.
        building_block: bool,
    },
}

/// Why a user command was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UserError {
    /// The address already has a live account.
    #[error("An account with this email address already exists.")]
    AlreadyRegistered,
    /// No live account.
    #[error("No account was found for this email address.")]
    NotRegistered,
    /// An administrator's account for someone outside government names no company.
    #[error("Company is required")]
    CompanyRequired,
    /// Nobody deletes their own account here.
    #[error("You cannot delete your own account.")]
    DeletesOwnAccount,
    /// Nobody erases their own account here (the command line can).
    #[error("You cannot erase your own account.")]
    ErasesOwnAccount,
    /// The issuer may not make this change (answered 403).
    #[error("{0}")]
    Refused(#[from] DelegationRefusal),
}

/// Relationship type of a Building Block Coordinator (admin spec §3).
pub const BUILDING_BLOCK_COORDINATOR: i32 = 6;

/// Whether an account an administrator creates or edits must name its company (organisation).
///
/// Public spec §2 names three kinds of designated person: an organisation's, a municipality's
/// and a province's. The last two work for government, not for a registered organisation, so a
/// Building Block Coordinator assigned at least one municipality or province needs none; every
/// other account does (admin spec §2 "Add or edit user";
/// docs/decisions/0035-government-staff-accounts.md).
pub fn needs_company(
    relationship_type_ids: &[i32],
    municipality_ids: &[i64],
    province_ids: &[i64],
) -> bool {
    let coordinator = relationship_type_ids.contains(&BUILDING_BLOCK_COORDINATOR);
    !(coordinator && (!municipality_ids.is_empty() || !province_ids.is_empty()))
}

impl User {
    /// The events `command` produces, or why it is refused. Shared by cqrs-es and the
    /// multi-aggregate registration path.
    pub fn decide(&self, command: &UserCommand) -> Result<Vec<UserEvent>, UserError> {
        if let UserCommand::Create {
            registered,
            authority,
            ..
        } = command
        {
            may_grant(
                |a| authority.by.holds(a),
                authority.grants(&registered.group_ids),
            )?;
            return self.decide(&UserCommand::Register(registered.clone()));
        }
        if let UserCommand::Register(r) = command {
            let by_admin = r.created_by.starts_with("admin:");
            return if self.is_live() {
                Err(UserError::AlreadyRegistered)
            } else if by_admin
                && r.organisation_id.is_none()
                && needs_company(
                    &r.relationship_type_ids,
                    &r.municipality_ids,
                    &r.province_ids,
                )
            {
                Err(UserError::CompanyRequired)
            } else {
                Ok(vec![UserEvent::UserRegistered(r.clone())])
            };
        }
        if let UserCommand::Erase(authority) = command {
            if self.user_id.is_some() {
                if authority.by.is(self.user_id.as_deref()) {
                    return Err(UserError::ErasesOwnAccount);
                }
                self.no_power_over(authority)?;
            }
            return match (self.user_id.is_some(), self.erased, self.deleted) {
                (false, _, _) => Err(UserError::NotRegistered),
                (true, true, _) => Ok(vec![]),
                (true, false, true) => Ok(vec![UserEvent::UserErased]),
                (true, false, false) => Ok(vec![UserEvent::UserDeleted, UserEvent::UserErased]),
            };
        }
        if !self.is_live() {
            return Err(UserError::NotRegistered);
        }
        Ok(match command {
            UserCommand::Register(_) | UserCommand::Create { .. } | UserCommand::Erase(_) => {
                unreachable!()
            }
            UserCommand::VerifyEmail if self.email_verified => vec![],
            UserCommand::VerifyEmail => vec![UserEvent::EmailVerified],
            UserCommand::SetPassword { how, .. } => {
                vec![UserEvent::PasswordSet { how: how.clone() }]
            }
            // Always recorded: the names or numbers may have changed in `person`.
            UserCommand::UpdateProfile(p) => vec![UserEvent::ProfileUpdated(p.clone())],
            UserCommand::AssignGroups { group_ids, .. } if *group_ids == self.group_ids => vec![],
            UserCommand::AssignGroups {
                group_ids,
                authority,
            } => {
                self.may_assign(group_ids, authority)?;
                vec![UserEvent::GroupsAssigned {
                    group_ids: group_ids.clone(),
                }]
            }
            UserCommand::Delete(authority) => {
                if authority.by.is(self.user_id.as_deref()) {
                    return Err(UserError::DeletesOwnAccount);
                }
                self.no_power_over(authority)?;
                vec![UserEvent::UserDeleted]
            }
            UserCommand::EditDetails {
                details, authority, ..
            } => {
                self.may_edit(details, authority)?;
                if details.organisation_id.is_none()
                    && needs_company(
                        &details.relationship_type_ids,
                        &details.municipality_ids,
                        &details.province_ids,
                    )
                {
                    return Err(UserError::CompanyRequired);
                }
                // The event names the account's own person, whatever the command says.
                let mut details = details.clone();
                details.profile.person_id = self.person_id.unwrap_or(details.profile.person_id);
                vec![UserEvent::UserDetailsEdited(details)]
            }
            // Choosing what is already chosen records nothing.
            UserCommand::ChooseNotificationEmails { building_block }
                if *building_block != self.declined_building_block_emails =>
            {
                vec![]
            }
            UserCommand::ChooseNotificationEmails { building_block } => {
                vec![UserEvent::NotificationEmailsChosen {
                    building_block: *building_block,
                }]
            }
        })
    }
}

impl User {
    /// Refuses a change by `authority` to this account when it holds an action the issuer
    /// does not ([`may_act_on`]).
    fn no_power_over(&self, authority: &Authority) -> Result<(), DelegationRefusal> {
        may_act_on(|a| authority.by.holds(a), authority.grants(&self.group_ids))
    }

    /// The delegation rules of a change of this account's groups to `group_ids` alone (its area
    /// stays): as [`Self::may_edit`].
    fn may_assign(
        &self,
        group_ids: &[i64],
        authority: &Authority,
    ) -> Result<(), DelegationRefusal> {
        self.may_change(
            group_ids,
            &self.municipality_ids,
            &self.province_ids,
            authority,
        )
    }

    /// The delegation rules of an edit of this account's details into `details`: nothing
    /// granted beyond what the issuer holds, no power over an account holding more, and
    /// [`may_edit`]'s own (own groups, removals, own area).
    fn may_edit(
        &self,
        details: &gbvf_events::accounts::UserDetails,
        authority: &Authority,
    ) -> Result<(), DelegationRefusal> {
        self.may_change(
            &details.group_ids,
            &details.municipality_ids,
            &details.province_ids,
            authority,
        )
    }

    /// The delegation rules of giving this account `group_ids`, `municipality_ids` and
    /// `province_ids` by `authority`.
    fn may_change(
        &self,
        group_ids: &[i64],
        municipality_ids: &[i64],
        province_ids: &[i64],
        authority: &Authority,
    ) -> Result<(), DelegationRefusal> {
        let by = &authority.by;
        may_grant(|a| by.holds(a), authority.grants(group_ids))?;
        self.no_power_over(authority)?;
        may_edit(
            |a| by.holds(a),
            &AccountEdit {
                own_account: by.is(self.user_id.as_deref()),
                groups_now: &self.group_ids,
                groups_asked: group_ids,
                municipalities_now: &self.municipality_ids,
                municipalities_asked: municipality_ids,
                provinces_now: &self.province_ids,
                provinces_asked: province_ids,
            },
        )
    }

    fn set_facts(&mut self, p: ProfileFacts) {
        self.person_id = Some(p.person_id);
        self.profile.title_id = p.title_id;
        self.profile.job_role_id = p.job_role_id;
    }

    /// Fills the personal fields from the person's `person` row (`None` when erased).
    pub fn hydrate(&mut self, person: Option<&gbvf_events::person::Person>) {
        if let Some(p) = person {
            self.email = p.email.clone();
            self.profile.first_name = p.first_name.clone();
            self.profile.last_name = p.last_name.clone();
            self.profile.mobile_number = p.mobile_number.clone();
            self.profile.alternative_number = p.alternative_number.clone();
        }
    }
}

impl Aggregate for User {
    const TYPE: &'static str = USER_AGGREGATE;
    type Command = UserCommand;
    type Event = UserEvent;
    type Error = UserError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        for e in self.decide(&command)? {
            sink.write(e, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.version += 1;
        match event {
            UserEvent::UserRegistered(r) => {
                *self = User {
                    user_id: Some(r.user_id),
                    person_id: Some(r.profile.person_id),
                    profile: Profile {
                        title_id: r.profile.title_id,
                        job_role_id: r.profile.job_role_id,
                        ..Profile::default()
                    },
                    group_ids: r.group_ids,
                    organisation_id: r.organisation_id,
                    municipality_ids: r.municipality_ids,
                    province_ids: r.province_ids,
                    version: self.version,
                    ..User::default()
                };
            }
            UserEvent::EmailVerified => self.email_verified = true,
            UserEvent::PasswordSet { .. } => self.has_password = true,
            UserEvent::ProfileUpdated(p) => self.set_facts(p),
            UserEvent::GroupsAssigned { group_ids } => self.group_ids = group_ids,
            UserEvent::UserDeleted => self.deleted = true,
            UserEvent::UserErased => {
                self.erased = true;
                self.deleted = true;
                self.email.clear();
                self.profile = Profile::default();
            }
            UserEvent::UserDetailsEdited(d) => {
                self.set_facts(d.profile);
                self.organisation_id = d.organisation_id;
                self.group_ids = d.group_ids;
                self.municipality_ids = d.municipality_ids;
                self.province_ids = d.province_ids;
            }
            UserEvent::NotificationEmailsChosen { building_block } => {
                self.declined_building_block_emails = !building_block;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cqrs_es::test::TestFramework;

    /// Groups assigned by the installation's operator.
    fn assign(group_ids: Vec<i64>) -> UserCommand {
        UserCommand::AssignGroups {
            group_ids,
            authority: Authority::operator(),
        }
    }

    /// An edit of the details by the installation's operator.
    fn edit(details: gbvf_events::accounts::UserDetails) -> UserCommand {
        UserCommand::EditDetails {
            details,
            person: None,
            authority: Authority::operator(),
        }
    }

    fn registered() -> UserRegistered {
        UserRegistered {
            user_id: "u1".into(),
            profile: ProfileFacts::default(),
            organisation_id: None,
            group_ids: vec![4],
            created_by: "self".into(),
            relationship_type_ids: vec![],
            municipality_ids: vec![],
            province_ids: vec![],
        }
    }

    #[test]
    fn an_administrator_names_the_company_of_everyone_outside_government() {
        let by_admin =
            |organisation: Option<&str>, types: Vec<i32>, munis: Vec<i64>, provinces: Vec<i64>| {
                UserRegistered {
                    created_by: "admin:a1".into(),
                    organisation_id: organisation.map(str::to_string),
                    relationship_type_ids: types,
                    municipality_ids: munis,
                    province_ids: provinces,
                    ..registered()
                }
            };
        // A municipality's and a province's designated person belong to government.
        for r in [
            by_admin(None, vec![BUILDING_BLOCK_COORDINATOR], vec![1000], vec![]),
            by_admin(None, vec![BUILDING_BLOCK_COORDINATOR], vec![], vec![7]),
            by_admin(Some("o1"), vec![1], vec![], vec![]),
        ] {
            TestFramework::<User>::with(())
                .given(vec![])
                .when(UserCommand::Register(r.clone()))
                .then_expect_events(vec![UserEvent::UserRegistered(r)]);
        }
        // Everyone else names their company; a coordinator without a place is not staff yet.
        for r in [
            by_admin(None, vec![1], vec![], vec![]),
            by_admin(None, vec![BUILDING_BLOCK_COORDINATOR], vec![], vec![]),
            by_admin(None, vec![], vec![1000], vec![]),
        ] {
            TestFramework::<User>::with(())
                .given(vec![])
                .when(UserCommand::Register(r))
                .then_expect_error(UserError::CompanyRequired);
        }
        // The command-line administrator and self-registration are not the form's.
        TestFramework::<User>::with(())
            .given(vec![])
            .when(UserCommand::Register(UserRegistered {
                created_by: "cli".into(),
                ..registered()
            }))
            .then_expect_events(vec![UserEvent::UserRegistered(UserRegistered {
                created_by: "cli".into(),
                ..registered()
            })]);
    }

    #[test]
    fn an_edit_keeps_a_company_unless_the_account_is_government_staff() {
        let mut provincial = details(vec![2]);
        provincial.organisation_id = None;
        provincial.relationship_type_ids = vec![BUILDING_BLOCK_COORDINATOR];
        provincial.municipality_ids = vec![];
        provincial.province_ids = vec![7];
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(edit(provincial.clone()))
            .then_expect_events(vec![UserEvent::UserDetailsEdited(provincial.clone())]);
        let mut ngo = provincial;
        ngo.relationship_type_ids = vec![1];
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(edit(ngo))
            .then_expect_error(UserError::CompanyRequired);
    }

    #[test]
    fn one_live_account_per_address() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(UserCommand::Register(registered()))
            .then_expect_error(UserError::AlreadyRegistered);
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::UserDeleted,
            ])
            .when(UserCommand::Register(registered()))
            .then_expect_events(vec![UserEvent::UserRegistered(registered())]);
    }

    #[test]
    fn a_deleted_account_cannot_set_a_password() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::UserDeleted,
            ])
            .when(UserCommand::SetPassword {
                how: "reset-password".into(),
                hash: PasswordHash::new("$argon2id$test"),
            })
            .then_expect_error(UserError::NotRegistered);
    }

    #[test]
    fn erasure_deletes_a_live_account_once() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(UserCommand::Erase(Authority::operator()))
            .then_expect_events(vec![UserEvent::UserDeleted, UserEvent::UserErased]);
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::UserDeleted,
                UserEvent::UserErased,
            ])
            .when(UserCommand::Erase(Authority::operator()))
            .then_expect_events(vec![]);
        TestFramework::<User>::with(())
            .given(vec![])
            .when(UserCommand::Erase(Authority::operator()))
            .then_expect_error(UserError::NotRegistered);
    }

    #[test]
    fn verifying_twice_records_once() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::EmailVerified,
            ])
            .when(UserCommand::VerifyEmail)
            .then_expect_events(vec![]);
    }

    const ALREADY: &str = "An account with this email address already exists.";
    const NOT_REGISTERED: &str = "No account was found for this email address.";

    fn details(group_ids: Vec<i64>) -> gbvf_events::accounts::UserDetails {
        gbvf_events::accounts::UserDetails {
            profile: ProfileFacts {
                person_id: uuid::Uuid::nil(),
                title_id: Some(2),
                job_role_id: Some(3),
            },
            organisation_id: Some("o1".into()),
            relationship_type_ids: vec![1],
            municipality_ids: vec![1000],
            province_ids: vec![],
            group_ids,
        }
    }

    /// Every command a live account takes, none of them registration or erasure.
    fn account_commands() -> Vec<UserCommand> {
        vec![
            UserCommand::VerifyEmail,
            UserCommand::SetPassword {
                how: "registration".into(),
                hash: PasswordHash::new("$argon2id$test"),
            },
            UserCommand::UpdateProfile(ProfileFacts::default()),
            assign(vec![2]),
            UserCommand::Delete(Authority::operator()),
            edit(details(vec![2])),
        ]
    }

    #[test]
    fn given_no_account_when_one_registers_then_it_is_registered() {
        TestFramework::<User>::with(())
            .given_no_previous_events()
            .when(UserCommand::Register(registered()))
            .then_expect_events(vec![UserEvent::UserRegistered(registered())]);
    }

    #[test]
    fn given_a_live_account_when_the_address_registers_again_then_it_is_refused_with_the_message() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::EmailVerified,
            ])
            .when(UserCommand::Register(registered()))
            .then_expect_error_message(ALREADY);
    }

    #[test]
    fn given_an_erased_account_when_the_address_registers_again_then_it_is_registered() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::UserDeleted,
                UserEvent::UserErased,
            ])
            .when(UserCommand::Register(registered()))
            .then_expect_events(vec![UserEvent::UserRegistered(registered())]);
    }

    #[test]
    fn given_no_account_when_any_account_command_arrives_then_no_account_is_found() {
        for command in account_commands() {
            TestFramework::<User>::with(())
                .given_no_previous_events()
                .when(command)
                .then_expect_error_message(NOT_REGISTERED);
        }
    }

    #[test]
    fn given_a_deleted_account_when_any_account_command_arrives_then_no_account_is_found() {
        for command in account_commands() {
            TestFramework::<User>::with(())
                .given(vec![
                    UserEvent::UserRegistered(registered()),
                    UserEvent::UserDeleted,
                ])
                .when(command)
                .then_expect_error_message(NOT_REGISTERED);
        }
    }

    #[test]
    fn given_an_erased_account_when_any_account_command_arrives_then_no_account_is_found() {
        for command in account_commands() {
            TestFramework::<User>::with(())
                .given(vec![
                    UserEvent::UserRegistered(registered()),
                    UserEvent::UserDeleted,
                    UserEvent::UserErased,
                ])
                .when(command)
                .then_expect_error(UserError::NotRegistered);
        }
    }

    #[test]
    fn given_a_registered_account_when_its_email_is_verified_then_it_is_recorded() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(UserCommand::VerifyEmail)
            .then_expect_events(vec![UserEvent::EmailVerified]);
    }

    #[test]
    fn given_an_account_when_a_password_is_set_then_each_setting_is_recorded() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(UserCommand::SetPassword {
                how: "registration".into(),
                hash: PasswordHash::new("$argon2id$test"),
            })
            .then_expect_events(vec![UserEvent::PasswordSet {
                how: "registration".into(),
            }]);
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::PasswordSet {
                    how: "registration".into(),
                },
            ])
            .when(UserCommand::SetPassword {
                how: "reset-password".into(),
                hash: PasswordHash::new("$argon2id$test"),
            })
            .then_expect_events(vec![UserEvent::PasswordSet {
                how: "reset-password".into(),
            }]);
    }

    #[test]
    fn given_an_account_when_its_profile_is_updated_then_it_is_recorded_even_if_unchanged() {
        let facts = ProfileFacts {
            person_id: uuid::Uuid::nil(),
            title_id: Some(1),
            job_role_id: None,
        };
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::ProfileUpdated(facts.clone()),
            ])
            .when(UserCommand::UpdateProfile(facts.clone()))
            .then_expect_events(vec![UserEvent::ProfileUpdated(facts)]);
    }

    #[test]
    fn given_an_account_when_other_groups_are_assigned_then_they_replace_its_groups() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(assign(vec![2, 4]))
            .then_expect_events(vec![UserEvent::GroupsAssigned {
                group_ids: vec![2, 4],
            }]);
    }

    #[test]
    fn given_an_account_when_its_own_groups_are_assigned_then_nothing_is_recorded() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(assign(vec![4]))
            .then_expect_events(vec![]);
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::GroupsAssigned {
                    group_ids: vec![2, 4],
                },
            ])
            .when(assign(vec![2, 4]))
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_edited_details_when_their_groups_are_assigned_then_nothing_is_recorded() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::UserDetailsEdited(details(vec![3])),
            ])
            .when(assign(vec![3]))
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_an_account_when_an_administrator_edits_its_details_then_they_are_recorded() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(edit(details(vec![2])))
            .then_expect_events(vec![UserEvent::UserDetailsEdited(details(vec![2]))]);
    }

    #[test]
    fn given_an_account_when_it_is_deleted_then_it_is_deleted() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::EmailVerified,
            ])
            .when(UserCommand::Delete(Authority::operator()))
            .then_expect_events(vec![UserEvent::UserDeleted]);
    }

    #[test]
    fn given_a_deleted_account_when_it_is_erased_then_only_the_erasure_is_recorded() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::UserDeleted,
            ])
            .when(UserCommand::Erase(Authority::operator()))
            .then_expect_events(vec![UserEvent::UserErased]);
    }

    #[test]
    fn given_no_account_when_it_is_erased_then_no_account_is_found() {
        TestFramework::<User>::with(())
            .given_no_previous_events()
            .when(UserCommand::Erase(Authority::operator()))
            .then_expect_error_message(NOT_REGISTERED);
    }

    #[test]
    fn given_a_re_registered_account_when_it_is_erased_then_it_is_deleted_and_erased_again() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::UserDeleted,
                UserEvent::UserErased,
                UserEvent::UserRegistered(registered()),
            ])
            .when(UserCommand::Erase(Authority::operator()))
            .then_expect_events(vec![UserEvent::UserDeleted, UserEvent::UserErased]);
    }

    #[test]
    fn given_an_account_when_it_declines_the_notifications_then_the_choice_is_recorded() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(UserCommand::ChooseNotificationEmails {
                building_block: false,
            })
            .then_expect_events(vec![UserEvent::NotificationEmailsChosen {
                building_block: false,
            }]);
    }

    #[test]
    fn given_the_default_when_it_chooses_to_receive_them_then_nothing_is_recorded() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(UserCommand::ChooseNotificationEmails {
                building_block: true,
            })
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_declined_notifications_when_it_chooses_them_again_then_that_is_recorded() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::NotificationEmailsChosen {
                    building_block: false,
                },
            ])
            .when(UserCommand::ChooseNotificationEmails {
                building_block: true,
            })
            .then_expect_events(vec![UserEvent::NotificationEmailsChosen {
                building_block: true,
            }]);
    }

    #[test]
    fn given_a_deleted_account_when_it_chooses_notifications_then_no_account_is_found() {
        TestFramework::<User>::with(())
            .given(vec![
                UserEvent::UserRegistered(registered()),
                UserEvent::UserDeleted,
            ])
            .when(UserCommand::ChooseNotificationEmails {
                building_block: false,
            })
            .then_expect_error_message(NOT_REGISTERED);
    }

    /// A delegated user manager (user `m1`, in group 3): SetGroupMember (5), DeleteUser (36),
    /// LogIntoSystem (12), DeleteGroupMember (11); group 1 grants everything an administrator
    /// holds, groups 2, 3 and 4 no more than the manager.
    fn manager() -> Authority {
        let groups = |ids: &[i32]| ids.iter().copied().collect();
        Authority {
            by: super::super::delegation::Actor {
                user_id: Some("m1".into()),
                actions: groups(&[5, 11, 12, 36]),
                groups: [3].into_iter().collect(),
            },
            group_actions: [
                (1, groups(&[5, 11, 12, 33, 36])),
                (2, groups(&[12])),
                (3, groups(&[5, 11, 12, 36])),
                (4, groups(&[12])),
            ]
            .into_iter()
            .collect(),
        }
    }

    const REFUSED: &str = "You do not have permission to perform this action.";

    #[test]
    fn given_no_account_when_a_manager_creates_one_in_a_group_holding_more_then_it_is_refused() {
        let into = |group_ids: Vec<i64>| UserCommand::Create {
            registered: UserRegistered {
                group_ids,
                created_by: "admin:m1".into(),
                organisation_id: Some("o1".into()),
                ..registered()
            },
            authority: manager(),
            person: gbvf_events::person::Person::default(),
            previous_user_id: None,
        };
        TestFramework::<User>::with(())
            .given_no_previous_events()
            .when(into(vec![2, 1]))
            .then_expect_error(UserError::Refused(DelegationRefusal::GrantsMoreThanHeld));
        TestFramework::<User>::with(())
            .given_no_previous_events()
            .when(into(vec![2]))
            .then_expect_events(vec![UserEvent::UserRegistered(UserRegistered {
                group_ids: vec![2],
                created_by: "admin:m1".into(),
                organisation_id: Some("o1".into()),
                ..registered()
            })]);
    }

    #[test]
    fn given_an_administrator_when_a_manager_edits_deletes_or_erases_them_then_it_is_refused() {
        let admin = UserRegistered {
            group_ids: vec![1],
            ..registered()
        };
        for command in [
            UserCommand::EditDetails {
                person: None,
                details: details(vec![2]),
                authority: manager(),
            },
            UserCommand::Delete(manager()),
            UserCommand::Erase(manager()),
        ] {
            TestFramework::<User>::with(())
                .given(vec![UserEvent::UserRegistered(admin.clone())])
                .when(command)
                .then_expect_error(UserError::Refused(DelegationRefusal::TargetHoldsMore));
        }
    }

    #[test]
    fn given_an_account_when_a_manager_gives_it_a_group_holding_more_then_it_is_refused() {
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(UserCommand::EditDetails {
                person: None,
                details: details(vec![4, 1]),
                authority: manager(),
            })
            .then_expect_error_message(REFUSED);
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(UserCommand::EditDetails {
                person: None,
                details: details(vec![2]),
                authority: manager(),
            })
            .then_expect_events(vec![UserEvent::UserDetailsEdited(details(vec![2]))]);
    }

    #[test]
    fn given_the_managers_own_account_when_they_change_its_groups_area_or_delete_it_then_it_is_refused(
    ) {
        let own = UserRegistered {
            user_id: "m1".into(),
            group_ids: vec![3],
            organisation_id: Some("o1".into()),
            relationship_type_ids: vec![1],
            municipality_ids: vec![1000],
            ..registered()
        };
        let mut other_groups = details(vec![3, 2]);
        other_groups.municipality_ids = vec![1000];
        let mut other_area = details(vec![3]);
        other_area.municipality_ids = vec![1000, 1001];
        for (command, refusal) in [
            (
                UserCommand::EditDetails {
                    person: None,
                    details: other_groups,
                    authority: manager(),
                },
                UserError::Refused(DelegationRefusal::OwnGroups),
            ),
            (
                UserCommand::EditDetails {
                    person: None,
                    details: other_area,
                    authority: manager(),
                },
                UserError::Refused(DelegationRefusal::OwnArea),
            ),
            (UserCommand::Delete(manager()), UserError::DeletesOwnAccount),
            (UserCommand::Erase(manager()), UserError::ErasesOwnAccount),
        ] {
            TestFramework::<User>::with(())
                .given(vec![UserEvent::UserRegistered(own.clone())])
                .when(command)
                .then_expect_error(refusal);
        }
        // Their own names and numbers, with the same groups and area, are theirs to correct.
        let same = details(vec![3]);
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(own)])
            .when(UserCommand::EditDetails {
                person: None,
                details: same.clone(),
                authority: manager(),
            })
            .then_expect_events(vec![UserEvent::UserDetailsEdited(same)]);
    }

    #[test]
    fn given_an_account_when_a_manager_without_delete_group_member_takes_it_out_of_a_group_then_it_is_refused(
    ) {
        let mut authority = manager();
        authority.by.actions.remove(&11);
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(UserRegistered {
                group_ids: vec![2, 4],
                ..registered()
            })])
            .when(UserCommand::EditDetails {
                person: None,
                details: details(vec![2]),
                authority,
            })
            .then_expect_error(UserError::Refused(
                DelegationRefusal::RemovesWithoutDeleteGroupMember,
            ));
    }

    #[test]
    fn given_accounts_when_a_manager_assigns_groups_the_delegation_rules_hold() {
        let admin = UserRegistered {
            group_ids: vec![1],
            ..registered()
        };
        let own = UserRegistered {
            user_id: "m1".into(),
            group_ids: vec![3],
            ..registered()
        };
        let by_manager = |group_ids: Vec<i64>| UserCommand::AssignGroups {
            group_ids,
            authority: manager(),
        };
        for (given, command, refusal) in [
            (
                admin,
                by_manager(vec![2]),
                DelegationRefusal::TargetHoldsMore,
            ),
            (
                registered(),
                by_manager(vec![4, 1]),
                DelegationRefusal::GrantsMoreThanHeld,
            ),
            (own, by_manager(vec![3, 2]), DelegationRefusal::OwnGroups),
        ] {
            TestFramework::<User>::with(())
                .given(vec![UserEvent::UserRegistered(given)])
                .when(command)
                .then_expect_error(UserError::Refused(refusal));
        }
        TestFramework::<User>::with(())
            .given(vec![UserEvent::UserRegistered(registered())])
            .when(by_manager(vec![4, 2]))
            .then_expect_events(vec![UserEvent::GroupsAssigned {
                group_ids: vec![4, 2],
            }]);
    }
}
