//! The accounts read model: users, their groups, groups and their actions, organisations.
//!
//! Tables (views in `public`):
//! - `user_account(user_id, person_id, erased, email, title_id, first_name, last_name,
//!   job_role_id, mobile_number, alternative_number, organisation_id, email_verified,
//!   has_password, deleted, created_at, updated_at)` — one row per account (a re-registered
//!   address is a new account). The personal columns are copied from the side table `person`
//!   when an event that references it is applied, and blanked by `UserErased` (POPIA);
//! - `user_group(user_id, group_id)`;
//! - `access_group(group_id, name, deleted)`; `group_action(group_id, action_id)`;
//! - `organisation(organisation_id, name, branch, organisation_type_id, province_id,
//!   district_id, municipality_id, members, designated_user_id, designated_email,
//!   verification_status_id, status_date, registered_at, decided_by, decided_by_user_id)`;
//!   `decided_by` is the verifier's name, "Erased person" once erased. Verification status 1 = In Progess
//!   (spelled as the specification spells it), 2 Rejected, 3 Approved (admin spec §3).
//!
//! Street addresses are kept in the event log only; no read model holds them, so no public
//! endpoint can leak them.

use async_trait::async_trait;
use gbvf_events::accounts::{
    GroupEvent, OrganisationEvent, UserEvent, GROUP_AGGREGATE, ORGANISATION_AGGREGATE,
    USER_AGGREGATE,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use gbvf_events::person::{Person, ERASED_PERSON};
use gbvf_events::store::StoredEvent;
use serde::{Deserialize, Serialize};
use sqlx::{Postgres, Transaction};
use uuid::Uuid;

use crate::engine::{insert_rows, FoldPage, Projection, RebuildFold};

/// The municipalities (boundary ids) assigned to account `user_id` (`user_account`); empty for
/// an unknown account.
pub async fn assigned_municipalities(pool: &sqlx::PgPool, user_id: &str) -> sqlx::Result<Vec<i64>> {
    let ids: Option<Vec<i64>> =
        sqlx::query_scalar("SELECT municipality_ids FROM user_account WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(pool)
            .await?;
    Ok(ids.unwrap_or_default())
}

/// The accounts projection (`accounts`).
pub struct AccountsProjection;

#[async_trait]
impl Projection for AccountsProjection {
    fn name(&self) -> &'static str {
        "accounts"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[USER_AGGREGATE, GROUP_AGGREGATE, ORGANISATION_AGGREGATE]
    }
    fn tables(&self) -> &'static [&'static str] {
        &[
            "user_account",
            "user_group",
            "access_group",
            "group_action",
            "organisation",
        ]
    }
    fn ddl(&self, schema: &str) -> String {
        format!(
            "CREATE TABLE {schema}.user_account (
                user_id text PRIMARY KEY, person_id uuid, erased boolean NOT NULL DEFAULT false, email text NOT NULL, title_id integer, first_name text NOT NULL,
                last_name text NOT NULL, job_role_id integer, mobile_number text, alternative_number text,
                organisation_id text, relationship_type_ids integer[] NOT NULL DEFAULT '{{}}',
                municipality_ids bigint[] NOT NULL DEFAULT '{{}}', email_verified boolean NOT NULL DEFAULT false,
                has_password boolean NOT NULL DEFAULT false, deleted boolean NOT NULL DEFAULT false,
                created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
                example boolean NOT NULL DEFAULT false);
            CREATE INDEX ON {schema}.user_account (lower(email));
            CREATE TABLE {schema}.user_group (user_id text NOT NULL, group_id bigint NOT NULL, PRIMARY KEY (user_id, group_id));
            CREATE TABLE {schema}.access_group (group_id bigint PRIMARY KEY, name text NOT NULL, deleted boolean NOT NULL DEFAULT false);
            CREATE TABLE {schema}.group_action (group_id bigint NOT NULL, action_id integer NOT NULL, PRIMARY KEY (group_id, action_id));
            CREATE TABLE {schema}.organisation (
                organisation_id text PRIMARY KEY, name text NOT NULL, branch text, organisation_type_id integer NOT NULL,
                province_id bigint, district_id bigint, municipality_id bigint, members bigint,
                designated_user_id text, designated_email text, verification_status_id integer NOT NULL DEFAULT 1,
                status_date timestamptz NOT NULL, registered_at timestamptz NOT NULL, decided_by text, decided_by_user_id text, rejection_reason text,
                example boolean NOT NULL DEFAULT false);"
        )
    }

    fn rebuild_fold(&self) -> Option<Box<dyn RebuildFold>> {
        Some(Box::<AccountsFold>::default())
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        for e in events {
            let at = e.recorded_at;
            match e.aggregate_type.as_str() {
                USER_AGGREGATE => {
                    let event: UserEvent = serde_json::from_value(e.payload.clone())?;
                    // The aggregate id is the user id (docs/decisions.md "Aggregate ids and the
                    // e-mail claim").
                    let uid = e.aggregate_id.as_str();
                    match event {
                        UserEvent::UserRegistered(r) => {
                            let p = person(tx, r.profile.person_id).await?;
                            sqlx::query(&format!(
                                "INSERT INTO {schema}.user_account (user_id, person_id, email, title_id, first_name, last_name, job_role_id,
                                     mobile_number, alternative_number, organisation_id, created_at, updated_at,
                                     relationship_type_ids, municipality_ids, example, erased, deleted)
                                 VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$11,$12,$13,$14,$15,$15)"
                            ))
                            .bind(&r.user_id)
                            .bind(r.profile.person_id)
                            .bind(&p.email)
                            .bind(r.profile.title_id)
                            .bind(&p.first_name)
                            .bind(&p.last_name)
                            .bind(r.profile.job_role_id)
                            .bind(&p.mobile_number)
                            .bind(&p.alternative_number)
                            .bind(&r.organisation_id)
                            .bind(at)
                            .bind(&r.relationship_type_ids)
                            .bind(&r.municipality_ids)
                            .bind(gbvf_events::example::is_example(&e.metadata))
                            .bind(p.erased)
                            .execute(&mut **tx)
                            .await?;
                            add_groups(tx, schema, &r.user_id, &r.group_ids).await?;
                        }
                        UserEvent::EmailVerified
                        | UserEvent::PasswordSet { .. }
                        | UserEvent::UserDeleted => {
                            let sql = match &event {
                                UserEvent::EmailVerified => "UPDATE {s}.user_account SET email_verified = true, updated_at = $2 WHERE user_id = $1",
                                UserEvent::PasswordSet { .. } => "UPDATE {s}.user_account SET has_password = true, updated_at = $2 WHERE user_id = $1",
                                _ => "UPDATE {s}.user_account SET deleted = true, updated_at = $2 WHERE user_id = $1",
                            };
                            sqlx::query(&sql.replace("{s}", schema))
                                .bind(uid)
                                .bind(at)
                                .execute(&mut **tx)
                                .await?;
                        }
                        UserEvent::ProfileUpdated(f) => {
                            let p = person(tx, f.person_id).await?;
                            sqlx::query(&format!(
                                "UPDATE {schema}.user_account SET person_id = $2, title_id = $3, first_name = $4, last_name = $5, job_role_id = $6,
                                     mobile_number = $7, alternative_number = $8, email = $9, updated_at = $10 WHERE user_id = $1"
                            ))
                            .bind(uid)
                            .bind(f.person_id)
                            .bind(f.title_id)
                            .bind(&p.first_name)
                            .bind(&p.last_name)
                            .bind(f.job_role_id)
                            .bind(&p.mobile_number)
                            .bind(&p.alternative_number)
                            .bind(&p.email)
                            .bind(at)
                            .execute(&mut **tx)
                            .await?;
                        }
                        UserEvent::UserDetailsEdited(d) => {
                            let f = &d.profile;
                            let p = person(tx, f.person_id).await?;
                            sqlx::query(&format!(
                                "UPDATE {schema}.user_account SET person_id = $2, title_id = $3, first_name = $4, last_name = $5, job_role_id = $6,
                                     mobile_number = $7, alternative_number = $8, organisation_id = $9,
                                     relationship_type_ids = $10, municipality_ids = $11, email = $12, updated_at = $13 WHERE user_id = $1"
                            ))
                            .bind(uid)
                            .bind(f.person_id)
                            .bind(f.title_id)
                            .bind(&p.first_name)
                            .bind(&p.last_name)
                            .bind(f.job_role_id)
                            .bind(&p.mobile_number)
                            .bind(&p.alternative_number)
                            .bind(&d.organisation_id)
                            .bind(&d.relationship_type_ids)
                            .bind(&d.municipality_ids)
                            .bind(&p.email)
                            .bind(at)
                            .execute(&mut **tx)
                            .await?;
                            sqlx::query(&format!(
                                "DELETE FROM {schema}.user_group WHERE user_id = $1"
                            ))
                            .bind(uid)
                            .execute(&mut **tx)
                            .await?;
                            add_groups(tx, schema, uid, &d.group_ids).await?;
                        }
                        UserEvent::GroupsAssigned { group_ids } => {
                            sqlx::query(&format!(
                                "DELETE FROM {schema}.user_group WHERE user_id = $1"
                            ))
                            .bind(uid)
                            .execute(&mut **tx)
                            .await?;
                            add_groups(tx, schema, uid, &group_ids).await?;
                        }
                        UserEvent::UserErased => {
                            // Every copy of the person's details in this read model is blanked.
                            sqlx::query(&format!(
                                "UPDATE {schema}.user_account SET email = '', first_name = '', last_name = '', mobile_number = NULL,
                                     alternative_number = NULL, deleted = true, erased = true, updated_at = $2 WHERE user_id = $1"
                            ))
                            .bind(uid)
                            .bind(at)
                            .execute(&mut **tx)
                            .await?;
                            sqlx::query(&format!(
                                "UPDATE {schema}.organisation SET designated_email = NULL WHERE designated_user_id = $1"
                            ))
                            .bind(uid)
                            .execute(&mut **tx)
                            .await?;
                            sqlx::query(&format!(
                                "UPDATE {schema}.organisation SET decided_by = $2 WHERE decided_by_user_id = $1"
                            ))
                            .bind(uid)
                            .bind(ERASED_PERSON)
                            .execute(&mut **tx)
                            .await?;
                        }
                    }
                }
                GROUP_AGGREGATE => {
                    let gid: i64 = e.aggregate_id.parse()?;
                    match serde_json::from_value::<GroupEvent>(e.payload.clone())? {
                        GroupEvent::GroupCreated { name, actions, .. } => {
                            sqlx::query(&format!(
                                "INSERT INTO {schema}.access_group VALUES ($1, $2, false) ON CONFLICT (group_id) DO UPDATE SET name = $2, deleted = false"
                            ))
                            .bind(gid)
                            .bind(&name)
                            .execute(&mut **tx)
                            .await?;
                            sqlx::query(&format!(
                                "DELETE FROM {schema}.group_action WHERE group_id = $1"
                            ))
                            .bind(gid)
                            .execute(&mut **tx)
                            .await?;
                            set_actions(tx, schema, gid, &actions, true).await?;
                        }
                        GroupEvent::GroupActionsAdded { actions } => {
                            set_actions(tx, schema, gid, &actions, true).await?
                        }
                        GroupEvent::GroupActionsRemoved { actions } => {
                            set_actions(tx, schema, gid, &actions, false).await?
                        }
                        GroupEvent::GroupDeleted => {
                            sqlx::query(&format!("UPDATE {schema}.access_group SET deleted = true WHERE group_id = $1")).bind(gid).execute(&mut **tx).await?;
                            sqlx::query(&format!(
                                "DELETE FROM {schema}.user_group WHERE group_id = $1"
                            ))
                            .bind(gid)
                            .execute(&mut **tx)
                            .await?;
                        }
                    }
                }
                ORGANISATION_AGGREGATE => {
                    let o = match serde_json::from_value(e.payload.clone())? {
                        OrganisationEvent::OrganisationRegistered(o) => o,
                        OrganisationEvent::OrganisationApproved(d)
                        | OrganisationEvent::OrganisationRejected(d) => {
                            let status = if e.event_type == "OrganisationApproved" {
                                3
                            } else {
                                2
                            };
                            let by: Option<String> = sqlx::query_scalar(&format!(
                                "SELECT CASE WHEN erased THEN $2 ELSE trim(first_name || ' ' || last_name) END
                                 FROM {schema}.user_account WHERE user_id = $1"
                            ))
                            .bind(&d.by_user_id)
                            .bind(ERASED_PERSON)
                            .fetch_optional(&mut **tx)
                            .await?;
                            sqlx::query(&format!(
                                "UPDATE {schema}.organisation SET verification_status_id = $2, status_date = $3, decided_by = $4,
                                     rejection_reason = $5, decided_by_user_id = $6 WHERE organisation_id = $1"
                            ))
                            .bind(&e.aggregate_id)
                            .bind(status)
                            .bind(at)
                            .bind(by.unwrap_or_default())
                            .bind(&d.reason)
                            .bind(&d.by_user_id)
                            .execute(&mut **tx)
                            .await?;
                            continue;
                        }
                    };
                    let p = person(tx, o.designated_person_id).await?;
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.organisation (organisation_id, name, branch, organisation_type_id, province_id, district_id,
                             municipality_id, members, designated_user_id, designated_email, verification_status_id, status_date, registered_at,
                             example)
                         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,1,$11,$11,$12) ON CONFLICT (organisation_id) DO NOTHING"
                    ))
                    .bind(&o.organisation_id)
                    .bind(&o.name)
                    .bind(&o.branch)
                    .bind(o.organisation_type_id)
                    .bind(o.province_id)
                    .bind(o.district_id)
                    .bind(o.municipality_id)
                    .bind(o.members)
                    .bind(&o.designated_user_id)
                    .bind((!p.erased).then_some(&p.email))
                    .bind(at)
                    .bind(gbvf_events::example::is_example(&e.metadata))
                    .execute(&mut **tx)
                    .await?;
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// A person's details as this read model copies them: empty strings and `None` once erased.
struct Copied {
    email: String,
    first_name: String,
    last_name: String,
    mobile_number: Option<String>,
    alternative_number: Option<String>,
    erased: bool,
}

/// Reads the person's current details from `public.person` (the read model copies them; the
/// `UserErased` event blanks the copies, and a rebuild after erasure copies blanks).
async fn person(tx: &mut Transaction<'_, Postgres>, id: uuid::Uuid) -> anyhow::Result<Copied> {
    let p = gbvf_events::person::load(tx, id).await?;
    Ok(match p.and_then(|p| p.details) {
        Some(d) => Copied {
            email: d.email,
            first_name: d.first_name,
            last_name: d.last_name,
            mobile_number: d.mobile_number,
            alternative_number: d.alternative_number,
            erased: false,
        },
        None => Copied {
            email: String::new(),
            first_name: String::new(),
            last_name: String::new(),
            mobile_number: None,
            alternative_number: None,
            erased: true,
        },
    })
}

async fn add_groups(
    tx: &mut Transaction<'_, Postgres>,
    schema: &str,
    user_id: &str,
    groups: &[i64],
) -> anyhow::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO {schema}.user_group SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING"
    ))
    .bind(user_id)
    .bind(groups)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn set_actions(
    tx: &mut Transaction<'_, Postgres>,
    schema: &str,
    gid: i64,
    actions: &[i32],
    add: bool,
) -> anyhow::Result<()> {
    let sql = if add {
        format!(
            "INSERT INTO {schema}.group_action SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING"
        )
    } else {
        format!("DELETE FROM {schema}.group_action WHERE group_id = $1 AND action_id = ANY($2)")
    };
    sqlx::query(&sql)
        .bind(gid)
        .bind(actions)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Whose details a folded account row shows: a person of the side table (blank when that
/// person is erased or unknown), or blanks (after `UserErased`).
#[derive(Clone, Copy)]
enum Details {
    Of(Uuid),
    Blank,
}

/// An account as the rebuild fold holds it; the personal columns are filled from the side
/// table when the rows are written (one read of every person referenced).
struct FoldedUser {
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
    email_verified: bool,
    has_password: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    example: bool,
}

/// Who decided an organisation's verification, as the decision found the verifier's account.
#[derive(Clone, Copy)]
enum DecidedBy {
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
struct FoldedOrganisation {
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
struct AccountsFold {
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
                    email_verified: false,
                    has_password: false,
                    created_at: at,
                    updated_at: at,
                    example: gbvf_events::example::is_example(&e.metadata),
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
struct UserAccountRow<'a> {
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
    email_verified: bool,
    has_password: bool,
    deleted: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    example: bool,
}

/// An `organisation` row.
#[derive(Serialize)]
struct OrganisationRow<'a> {
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
struct UserGroupRow<'a> {
    user_id: &'a str,
    group_id: i64,
}

/// An `access_group` row.
#[derive(Serialize)]
struct AccessGroupRow<'a> {
    group_id: i64,
    name: &'a str,
    deleted: bool,
}

/// A `group_action` row.
#[derive(Serialize)]
struct GroupActionRow {
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
                email_verified: u.email_verified,
                has_password: u.has_password,
                deleted: u.deleted_by_event || erased_at_registration,
                created_at: u.created_at,
                updated_at: u.updated_at,
                example: u.example,
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
