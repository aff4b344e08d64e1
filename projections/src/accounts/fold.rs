//! The accounts projection's rebuild: every user, group and organisation folded in memory from
//! the whole log (persons read once), each row written once at the end.

use crate::engine::{insert_rows, FoldPage, RebuildFold};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use gbvf_events::accounts::{
    GroupEvent, OrganisationEvent, UserEvent, GROUP_AGGREGATE, ORGANISATION_AGGREGATE,
    USER_AGGREGATE,
};
use gbvf_events::person::{Person, ERASED_PERSON};
use gbvf_events::store::StoredEvent;
use serde::{Deserialize, Serialize};
use sqlx::{Postgres, Transaction};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use uuid::Uuid;

/// Whose details a folded account row shows: a person of the side table (blank when that
/// person is erased or unknown), or blanks (after `UserErased`).
#[derive(Clone, Copy)]
pub(super) enum Details {
    Of(Uuid),
    Blank,
}

/// An account as the rebuild fold holds it; the personal columns are filled from the side
/// table when the rows are written (one read of every person referenced).
pub(super) struct FoldedUser {
    person_id: Uuid,
    /// The person at registration: an account registered with an erased person is erased and
    /// deleted from the start (as [`Projection::apply`] copies it).
    registered_person: Uuid,
    details: Details,
    erased_by_event: bool,
    deleted_by_event: bool,
    title_id: Option<i32>,
    job_role_id: Option<i32>,
    organisation_id: Option<String>,
    relationship_type_ids: Vec<i32>,
    municipality_ids: Vec<i64>,
    province_ids: Vec<i64>,
    email_verified: bool,
    has_password: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    example: bool,
    building_block_emails: bool,
}

/// Who decided an organisation's verification, as the decision found the verifier's account.
#[derive(Clone, Copy)]
pub(super) enum DecidedBy {
    /// No such account: an empty name.
    Nobody,
    /// [`ERASED_PERSON`].
    Erased,
    /// The account's name then: its details, or [`ERASED_PERSON`] when it was registered
    /// with an erased person.
    Account {
        registered_person: Uuid,
        details: Details,
    },
}

/// An organisation as the rebuild fold holds it.
pub(super) struct FoldedOrganisation {
    name: String,
    branch: Option<String>,
    organisation_type_id: i32,
    province_id: i64,
    district_id: i64,
    municipality_id: i64,
    members: i64,
    designated_user_id: String,
    /// The designated person, whose e-mail address is shown (none once erased).
    designated_person: Option<Uuid>,
    verification_status_id: i32,
    status_date: DateTime<Utc>,
    registered_at: DateTime<Utc>,
    decided_by: Option<DecidedBy>,
    decided_by_user_id: Option<String>,
    rejection_reason: Option<String>,
    example: bool,
}

/// The rebuild fold of the accounts projection: accounts, groups, their actions and members,
/// and organisations in memory, with the same rules as [`Projection::apply`]; personal details
/// are read from the side table once, when writing.
#[derive(Default)]
pub(super) struct AccountsFold {
    users: BTreeMap<String, FoldedUser>,
    /// Each user's groups.
    user_groups: BTreeMap<String, BTreeSet<i64>>,
    groups: BTreeMap<i64, (String, bool)>,
    /// Each group's actions.
    group_actions: BTreeMap<i64, BTreeSet<i32>>,
    organisations: BTreeMap<String, FoldedOrganisation>,
}

impl AccountsFold {
    fn set_groups(&mut self, user_id: &str, groups: &[i64]) {
        self.user_groups
            .insert(user_id.to_string(), groups.iter().copied().collect());
    }
    fn add_groups(&mut self, user_id: &str, groups: &[i64]) {
        self.user_groups
            .entry(user_id.to_string())
            .or_default()
            .extend(groups);
    }

    fn user_event(&mut self, e: &StoredEvent, event: UserEvent) {
        let uid = e.aggregate_id.as_str();
        let at = e.recorded_at;
        if let UserEvent::UserRegistered(r) = event {
            let person = r.profile.person_id;
            self.users.insert(
                r.user_id.clone(),
                FoldedUser {
                    person_id: person,
                    registered_person: person,
                    details: Details::Of(person),
                    erased_by_event: false,
                    deleted_by_event: false,
                    title_id: r.profile.title_id,
                    job_role_id: r.profile.job_role_id,
                    organisation_id: r.organisation_id,
                    relationship_type_ids: r.relationship_type_ids,
                    municipality_ids: r.municipality_ids,
                    province_ids: r.province_ids,
                    email_verified: false,
                    has_password: false,
                    created_at: at,
                    updated_at: at,
                    example: gbvf_events::example::is_example(&e.metadata),
                    building_block_emails: true,
                },
            );
            self.add_groups(&r.user_id, &r.group_ids);
            return;
        }
        match event {
            UserEvent::UserRegistered(_) => unreachable!("handled above"),
            UserEvent::GroupsAssigned { group_ids } => self.set_groups(uid, &group_ids),
            UserEvent::UserDetailsEdited(d) => {
                if let Some(u) = self.users.get_mut(uid) {
                    u.person_id = d.profile.person_id;
                    u.details = Details::Of(d.profile.person_id);
                    u.title_id = d.profile.title_id;
                    u.job_role_id = d.profile.job_role_id;
                    u.organisation_id = d.organisation_id;
                    u.relationship_type_ids = d.relationship_type_ids;
                    u.municipality_ids = d.municipality_ids;
                    u.province_ids = d.province_ids;
                    u.updated_at = at;
                }
                self.set_groups(uid, &d.group_ids);
            }
            UserEvent::UserErased => {
                if let Some(u) = self.users.get_mut(uid) {
                    u.details = Details::Blank;
                    u.erased_by_event = true;
                    u.deleted_by_event = true;
                    u.updated_at = at;
                }
                for o in self.organisations.values_mut() {
                    if o.designated_user_id == uid {
                        o.designated_person = None;
                    }
                    if o.decided_by_user_id.as_deref() == Some(uid) {
                        o.decided_by = Some(DecidedBy::Erased);
                    }
                }
            }
            other => {
                let Some(u) = self.users.get_mut(uid) else {
                    return;
                };
                match other {
                    UserEvent::EmailVerified => u.email_verified = true,
                    UserEvent::PasswordSet { .. } => u.has_password = true,
                    UserEvent::UserDeleted => u.deleted_by_event = true,
                    UserEvent::NotificationEmailsChosen { building_block } => {
                        u.building_block_emails = building_block;
                    }
                    UserEvent::ProfileUpdated(f) => {
                        u.person_id = f.person_id;
                        u.details = Details::Of(f.person_id);
                        u.title_id = f.title_id;
                        u.job_role_id = f.job_role_id;
                    }
                    _ => unreachable!("handled above"),
                }
                u.updated_at = at;
            }
        }
    }

    fn group_event(&mut self, gid: i64, event: GroupEvent) {
        match event {
            GroupEvent::GroupCreated { name, actions, .. } => {
                self.groups.insert(gid, (name, false));
                self.group_actions
                    .insert(gid, actions.into_iter().collect());
            }
            GroupEvent::GroupActionsAdded { actions } => {
                self.group_actions.entry(gid).or_default().extend(actions);
            }
            GroupEvent::GroupActionsRemoved { actions } => {
                if let Some(held) = self.group_actions.get_mut(&gid) {
                    for a in actions {
                        held.remove(&a);
                    }
                }
            }
            GroupEvent::GroupDeleted => {
                if let Some(g) = self.groups.get_mut(&gid) {
                    g.1 = true;
                }
                for groups in self.user_groups.values_mut() {
                    groups.remove(&gid);
                }
            }
        }
    }

    fn organisation_event(&mut self, e: &StoredEvent, event: OrganisationEvent) {
        let at = e.recorded_at;
        let (d, status) = match event {
            OrganisationEvent::OrganisationRegistered(o) => {
                self.organisations
                    .entry(o.organisation_id)
                    .or_insert(FoldedOrganisation {
                        name: o.name,
                        branch: o.branch,
                        organisation_type_id: o.organisation_type_id,
                        province_id: o.province_id,
                        district_id: o.district_id,
                        municipality_id: o.municipality_id,
                        members: o.members,
                        designated_user_id: o.designated_user_id,
                        designated_person: Some(o.designated_person_id),
                        verification_status_id: 1,
                        status_date: at,
                        registered_at: at,
                        decided_by: None,
                        decided_by_user_id: None,
                        rejection_reason: None,
                        example: gbvf_events::example::is_example(&e.metadata),
                    });
                return;
            }
            OrganisationEvent::OrganisationApproved(d) => (d, 3),
            OrganisationEvent::OrganisationRejected(d) => (d, 2),
        };
        let by = match self.users.get(&d.by_user_id) {
            None => DecidedBy::Nobody,
            Some(u) if u.erased_by_event => DecidedBy::Erased,
            Some(u) => DecidedBy::Account {
                registered_person: u.registered_person,
                details: u.details,
            },
        };
        if let Some(o) = self.organisations.get_mut(&e.aggregate_id) {
            o.verification_status_id = status;
            o.status_date = at;
            o.decided_by = Some(by);
            o.rejection_reason = d.reason;
            o.decided_by_user_id = Some(d.by_user_id);
        }
    }
}

/// A `user_account` row (field names are the columns, see [`insert_rows`]).
#[derive(Serialize)]
pub(super) struct UserAccountRow<'a> {
    user_id: &'a str,
    person_id: Uuid,
    erased: bool,
    email: &'a str,
    title_id: Option<i32>,
    first_name: &'a str,
    last_name: &'a str,
    job_role_id: Option<i32>,
    mobile_number: Option<&'a str>,
    alternative_number: Option<&'a str>,
    organisation_id: Option<&'a str>,
    relationship_type_ids: &'a [i32],
    municipality_ids: &'a [i64],
    province_ids: &'a [i64],
    email_verified: bool,
    has_password: bool,
    deleted: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    example: bool,
    building_block_emails: bool,
}

/// An `organisation` row.
#[derive(Serialize)]
pub(super) struct OrganisationRow<'a> {
    organisation_id: &'a str,
    name: &'a str,
    branch: Option<&'a str>,
    organisation_type_id: i32,
    province_id: i64,
    district_id: i64,
    municipality_id: i64,
    members: i64,
    designated_user_id: &'a str,
    designated_email: Option<&'a str>,
    verification_status_id: i32,
    status_date: DateTime<Utc>,
    registered_at: DateTime<Utc>,
    decided_by: Option<String>,
    decided_by_user_id: Option<&'a str>,
    rejection_reason: Option<&'a str>,
    example: bool,
}

/// A `user_group` row.
#[derive(Serialize)]
pub(super) struct UserGroupRow<'a> {
    user_id: &'a str,
    group_id: i64,
}

/// An `access_group` row.
#[derive(Serialize)]
pub(super) struct AccessGroupRow<'a> {
    group_id: i64,
    name: &'a str,
    deleted: bool,
}

/// A `group_action` row.
#[derive(Serialize)]
pub(super) struct GroupActionRow {
    group_id: i64,
    action_id: i32,
}

#[async_trait]
impl RebuildFold for AccountsFold {
    fn fold(&mut self, events: FoldPage<'_>) -> anyhow::Result<()> {
        for e in events.decoded()? {
            match e.aggregate_type.as_str() {
                USER_AGGREGATE => self.user_event(e, UserEvent::deserialize(&e.payload)?),
                GROUP_AGGREGATE => self.group_event(
                    e.aggregate_id.parse()?,
                    GroupEvent::deserialize(&e.payload)?,
                ),
                ORGANISATION_AGGREGATE => {
                    self.organisation_event(e, OrganisationEvent::deserialize(&e.payload)?)
                }
                _ => {}
            }
        }
        Ok(())
    }

    async fn write(
        self: Box<Self>,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
    ) -> anyhow::Result<()> {
        // Every person referenced, read once: `None` details for an erased one.
        let mut ids: Vec<Uuid> = Vec::new();
        for u in self.users.values() {
            ids.push(u.registered_person);
            if let Details::Of(p) = u.details {
                ids.push(p);
            }
        }
        for o in self.organisations.values() {
            ids.extend(o.designated_person);
            if let Some(DecidedBy::Account {
                registered_person,
                details,
            }) = o.decided_by
            {
                ids.push(registered_person);
                if let Details::Of(p) = details {
                    ids.push(p);
                }
            }
        }
        ids.sort_unstable();
        ids.dedup();
        let people: HashMap<Uuid, Option<Person>> = gbvf_events::person::load_many(tx, &ids)
            .await?
            .into_iter()
            .map(|p| (p.person_id, p.details))
            .collect();
        let blank = Person::default();
        let details = |d: Details| -> &Person {
            match d {
                Details::Of(id) => people.get(&id).and_then(Option::as_ref).unwrap_or(&blank),
                Details::Blank => &blank,
            }
        };
        // As `person()` reads it: unknown or erased.
        let erased = |id: Uuid| people.get(&id).is_none_or(Option::is_none);
        let users = self.users.iter().map(|(user_id, u)| {
            let p = details(u.details);
            let erased_at_registration = erased(u.registered_person);
            UserAccountRow {
                user_id,
                person_id: u.person_id,
                erased: u.erased_by_event || erased_at_registration,
                email: &p.email,
                title_id: u.title_id,
                first_name: &p.first_name,
                last_name: &p.last_name,
                job_role_id: u.job_role_id,
                mobile_number: p.mobile_number.as_deref(),
                alternative_number: p.alternative_number.as_deref(),
                organisation_id: u.organisation_id.as_deref(),
                relationship_type_ids: &u.relationship_type_ids,
                municipality_ids: &u.municipality_ids,
                province_ids: &u.province_ids,
                email_verified: u.email_verified,
                has_password: u.has_password,
                deleted: u.deleted_by_event || erased_at_registration,
                created_at: u.created_at,
                updated_at: u.updated_at,
                example: u.example,
                building_block_emails: u.building_block_emails,
            }
        });
        insert_rows(tx, schema, "user_account", users.collect::<Vec<_>>()).await?;
        let organisations = self.organisations.iter().map(|(organisation_id, o)| {
            let decided_by = o.decided_by.map(|by| match by {
                DecidedBy::Nobody => String::new(),
                DecidedBy::Erased => ERASED_PERSON.to_string(),
                DecidedBy::Account {
                    registered_person, ..
                } if erased(registered_person) => ERASED_PERSON.to_string(),
                DecidedBy::Account { details: d, .. } => details(d).full_name(),
            });
            OrganisationRow {
                organisation_id,
                name: &o.name,
                branch: o.branch.as_deref(),
                organisation_type_id: o.organisation_type_id,
                province_id: o.province_id,
                district_id: o.district_id,
                municipality_id: o.municipality_id,
                members: o.members,
                designated_user_id: &o.designated_user_id,
                designated_email: o
                    .designated_person
                    .filter(|p| !erased(*p))
                    .map(|p| details(Details::Of(p)).email.as_str()),
                verification_status_id: o.verification_status_id,
                status_date: o.status_date,
                registered_at: o.registered_at,
                decided_by,
                decided_by_user_id: o.decided_by_user_id.as_deref(),
                rejection_reason: o.rejection_reason.as_deref(),
                example: o.example,
            }
        });
        insert_rows(
            tx,
            schema,
            "organisation",
            organisations.collect::<Vec<_>>(),
        )
        .await?;
        let user_groups = self.user_groups.iter().flat_map(|(user_id, groups)| {
            groups.iter().map(move |group_id| UserGroupRow {
                user_id,
                group_id: *group_id,
            })
        });
        insert_rows(tx, schema, "user_group", user_groups.collect::<Vec<_>>()).await?;
        let groups = self
            .groups
            .iter()
            .map(|(group_id, (name, deleted))| AccessGroupRow {
                group_id: *group_id,
                name,
                deleted: *deleted,
            });
        insert_rows(tx, schema, "access_group", groups.collect::<Vec<_>>()).await?;
        let actions = self.group_actions.iter().flat_map(|(group_id, actions)| {
            actions.iter().map(move |action_id| GroupActionRow {
                group_id: *group_id,
                action_id: *action_id,
            })
        });
        insert_rows(tx, schema, "group_action", actions.collect::<Vec<_>>()).await?;
        Ok(())
    }
}
