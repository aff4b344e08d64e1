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
//!   `decided_by` is the verifier's name, "Erased person" once erased. Verification status 1 = In Progress
//!   (spelled as the specification spells it), 2 Rejected, 3 Approved (admin spec §3).
//!
//! Street addresses are kept in the event log only; no read model holds them, so no public
//! endpoint can leak them.
//!
//! - [`actors`]: who a history's actors are.
//! - [`fold`]: the rebuild's in-memory fold of the same events.
//! - [`queries`]: the typed reads of these tables.

pub mod actors;
pub mod fold;
pub mod queries;

use fold::AccountsFold;

use crate::engine::{Projection, RebuildFold};
use async_trait::async_trait;
use gbvf_events::accounts::{
    GroupEvent, OrganisationEvent, UserEvent, GROUP_AGGREGATE, ORGANISATION_AGGREGATE,
    USER_AGGREGATE,
};
use gbvf_events::person::ERASED_PERSON;
use gbvf_events::store::StoredEvent;
use sqlx::{Postgres, Transaction};

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

/// The provinces (boundary ids) assigned to account `user_id` (`user_account`): those of a
/// province's designated person; empty for an unknown account.
pub async fn assigned_provinces(pool: &sqlx::PgPool, user_id: &str) -> sqlx::Result<Vec<i64>> {
    let ids: Option<Vec<i64>> =
        sqlx::query_scalar("SELECT province_ids FROM user_account WHERE user_id = $1")
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
                municipality_ids bigint[] NOT NULL DEFAULT '{{}}', province_ids bigint[] NOT NULL DEFAULT '{{}}', email_verified boolean NOT NULL DEFAULT false,
                has_password boolean NOT NULL DEFAULT false, deleted boolean NOT NULL DEFAULT false,
                created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
                example boolean NOT NULL DEFAULT false, building_block_emails boolean NOT NULL DEFAULT true);
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
                    // The aggregate id is the user id
                    // (docs/decisions/0037-aggregate-ids-and-the-e-mail-claim.md).
                    let uid = e.aggregate_id.as_str();
                    match event {
                        UserEvent::UserRegistered(r) => {
                            let p = person(tx, r.profile.person_id).await?;
                            sqlx::query(&format!(
                                "INSERT INTO {schema}.user_account (user_id, person_id, email, title_id, first_name, last_name, job_role_id,
                                     mobile_number, alternative_number, organisation_id, created_at, updated_at,
                                     relationship_type_ids, municipality_ids, example, erased, deleted, province_ids)
                                 VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$11,$12,$13,$14,$15,$15,$16)"
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
                            .bind(&r.province_ids)
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
                                     relationship_type_ids = $10, municipality_ids = $11, email = $12, updated_at = $13, province_ids = $14 WHERE user_id = $1"
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
                            .bind(&d.province_ids)
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
                        UserEvent::NotificationEmailsChosen { building_block } => {
                            sqlx::query(&format!(
                                "UPDATE {schema}.user_account SET building_block_emails = $2, updated_at = $3 WHERE user_id = $1"
                            ))
                            .bind(uid)
                            .bind(building_block)
                            .bind(at)
                            .execute(&mut **tx)
                            .await?;
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
pub(super) struct Copied {
    email: String,
    first_name: String,
    last_name: String,
    mobile_number: Option<String>,
    alternative_number: Option<String>,
    erased: bool,
}

/// Reads the person's current details from `public.person` (the read model copies them; the
/// `UserErased` event blanks the copies, and a rebuild after erasure copies blanks).
pub(super) async fn person(
    tx: &mut Transaction<'_, Postgres>,
    id: uuid::Uuid,
) -> anyhow::Result<Copied> {
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

pub(super) async fn add_groups(
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

pub(super) async fn set_actions(
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
