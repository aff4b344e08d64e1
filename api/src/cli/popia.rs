//! The one-off migration of personal data out of the event log (POPIA;
//! docs/decisions/0041-old-events-were-moved-once.md), run by `gbvf migrate` (and so by every
//! command that migrates) after the SQL migrations. Idempotent: it touches only events in the
//! old shape, so a second run finds nothing.
//!
//! Old shape ("1.0"): user aggregates keyed by the lower-cased e-mail address, with the address,
//! names and phone numbers in `UserRegistered`, `ProfileUpdated` and `UserDetailsEdited`;
//! `OrganisationRegistered` with `designated_email`; decisions with `by_name`.
//!
//! What it does, in ONE transaction under an advisory lock (nothing half migrated):
//! 1. Each old user aggregate is split into its lives (a life starts at each `UserRegistered`;
//!    a deleted address registered again began a new life under the same key). Each life
//!    becomes the aggregate of its `user_id` (the UUID already in the payload), sequences
//!    renumbered from 1; the rows keep their `global_position` and `transaction_id`, so commit
//!    order and projector/mail checkpoints stay valid.
//! 2. The person's details go to a new `person` row (the latest profile wins: corrections
//!    are in place); the payloads get `profile: {person_id, title_id, job_role_id}` and version
//!    "2.0". The last life's address is claimed in `user_email`; `credential` rows move from
//!    the address to the user id; pending one-time codes keyed by an address are dropped.
//! 3. Organisation events: `designated_email` → `designated_person_id` (the designated user's
//!    person), `by_name` dropped; version "2.0".
//! 4. The accounts projection is marked stale, so the SQL migration step rebuilds it.
//!
//! A fresh installation (events written in the new shape) and a migrated one hold the same
//! events apart from ids, and the same read models (tested: api/tests/popia.rs).

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use sqlx::PgPool;

/// What the migration changed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PopiaReport {
    /// User events rewritten.
    pub user_events: usize,
    /// Organisation events rewritten.
    pub organisation_events: usize,
    /// Person rows created.
    pub persons: usize,
}

type Row = (i64, String, i64, String, String, Value);

fn facts(person_id: uuid::Uuid, profile: &Value) -> Value {
    json!({"person_id": person_id, "title_id": profile["title_id"], "job_role_id": profile["job_role_id"]})
}

fn details_of(email: &str, profile: &Value) -> gbvf_events::person::Person {
    let s = |k: &str| profile[k].as_str().unwrap_or_default().to_string();
    let o = |k: &str| profile[k].as_str().map(str::to_string);
    gbvf_events::person::Person {
        email: email.to_string(),
        first_name: s("first_name"),
        last_name: s("last_name"),
        mobile_number: o("mobile_number"),
        alternative_number: o("alternative_number"),
    }
}

/// Runs the migration (see the module docs). Returns what it changed (all zero when the log
/// was already in the new shape).
pub async fn migrate_personal_data(pool: &PgPool) -> anyhow::Result<PopiaReport> {
    let mut report = PopiaReport::default();
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock(1404)")
        .execute(&mut *tx)
        .await?;
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT global_position, aggregate_id, sequence, event_type, event_version, payload FROM events
         WHERE aggregate_type = 'user' AND aggregate_id LIKE '%@%' ORDER BY aggregate_id, sequence",
    )
    .fetch_all(&mut *tx)
    .await?;
    // user id → person id, for the organisations.
    let mut person_of: HashMap<String, uuid::Uuid> = HashMap::new();
    let mut last_life: HashMap<String, String> = HashMap::new();
    let mut current: Option<(String, String, uuid::Uuid, i64, gbvf_events::person::Person)> = None;
    let mut persons: Vec<(uuid::Uuid, gbvf_events::person::Person)> = Vec::new();
    let flush = |c: &mut Option<(String, String, uuid::Uuid, i64, gbvf_events::person::Person)>,
                 persons: &mut Vec<(uuid::Uuid, gbvf_events::person::Person)>| {
        if let Some((_, _, id, _, p)) = c.take() {
            persons.push((id, p));
        }
    };
    for (position, key, _sequence, event_type, _version, mut payload) in rows {
        if event_type == "UserRegistered" || current.as_ref().is_some_and(|c| c.0 != key) {
            flush(&mut current, &mut persons);
        }
        let inner = payload
            .as_object_mut()
            .and_then(|o| o.values_mut().next())
            .and_then(Value::as_object_mut)
            .map(std::mem::take);
        let mut new_payload = payload.clone();
        let mut version = None;
        if event_type == "UserRegistered" {
            let r: Map<String, Value> = inner.clone().unwrap_or_default();
            let user_id = r["user_id"].as_str().unwrap_or_default().to_string();
            let email = r
                .get("email")
                .and_then(Value::as_str)
                .unwrap_or(&key)
                .to_string();
            let person_id = uuid::Uuid::new_v4();
            person_of.insert(user_id.clone(), person_id);
            last_life.insert(key.clone(), user_id.clone());
            let profile = r.get("profile").cloned().unwrap_or(Value::Null);
            current = Some((
                key.clone(),
                user_id,
                person_id,
                0,
                details_of(&email, &profile),
            ));
            let mut r = r;
            r.remove("email");
            r.insert("profile".into(), facts(person_id, &profile));
            new_payload = json!({"UserRegistered": r});
            version = Some("2.0");
        }
        let Some(c) = current.as_mut() else {
            anyhow::bail!(
                "user events of an address before its registration (position {position})"
            );
        };
        c.3 += 1;
        match event_type.as_str() {
            "ProfileUpdated" => {
                let profile = Value::Object(inner.clone().unwrap_or_default());
                let email = c.4.email.clone();
                c.4 = details_of(&email, &profile);
                new_payload = json!({"ProfileUpdated": facts(c.2, &profile)});
                version = Some("2.0");
            }
            "UserDetailsEdited" => {
                let mut d: Map<String, Value> = inner.clone().unwrap_or_default();
                let profile = d.get("profile").cloned().unwrap_or(Value::Null);
                let email = c.4.email.clone();
                c.4 = details_of(&email, &profile);
                d.insert("profile".into(), facts(c.2, &profile));
                new_payload = json!({"UserDetailsEdited": d});
                version = Some("2.0");
            }
            // Events without personal data keep their payload (UserRegistered was rewritten above).
            _ if version.is_none() => {
                if let (Some(i), Some(o)) = (inner, new_payload.as_object_mut()) {
                    if let Some(v) = o.values_mut().next() {
                        *v = Value::Object(i);
                    }
                }
            }
            _ => {}
        }
        sqlx::query(
            "UPDATE events SET aggregate_id = $2, sequence = $3, payload = $4::text::json,
                 event_version = coalesce($5, event_version)
             WHERE global_position = $1",
        )
        .bind(position)
        .bind(&c.1)
        .bind(c.3)
        .bind(new_payload.to_string())
        .bind(version)
        .execute(&mut *tx)
        .await?;
        report.user_events += 1;
    }
    flush(&mut current, &mut persons);
    for (id, p) in &persons {
        gbvf_events::person::insert(&mut tx, *id, p).await?;
    }
    report.persons = persons.len();
    for (key, user_id) in &last_life {
        sqlx::query(
            "INSERT INTO user_email (email_key, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(key)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE credential SET user_key = user_id WHERE user_key = $1")
            .bind(key)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("DELETE FROM otp_challenge WHERE user_key LIKE '%@%'")
        .execute(&mut *tx)
        .await?;

    let orgs: Vec<Row> = sqlx::query_as(
        "SELECT global_position, aggregate_id, sequence, event_type, event_version, payload FROM events
         WHERE aggregate_type = 'organisation' AND event_version = '1.0'",
    )
    .fetch_all(&mut *tx)
    .await?;
    for (position, _, _, event_type, _, payload) in orgs {
        let mut inner: Map<String, Value> = payload
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        if event_type == "OrganisationRegistered" {
            let user_id = inner["designated_user_id"].as_str().unwrap_or_default();
            let person_id = match person_of.get(user_id) {
                Some(p) => *p,
                None => {
                    // Migrated in an earlier run: the user's UserRegistered names the person.
                    sqlx::query_scalar::<_, Option<String>>(
                        "SELECT payload->'UserRegistered'->'profile'->>'person_id' FROM events
                         WHERE aggregate_type = 'user' AND aggregate_id = $1 AND sequence = 1",
                    )
                    .bind(user_id)
                    .fetch_optional(&mut *tx)
                    .await?
                    .flatten()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_default()
                }
            };
            inner.remove("designated_email");
            inner.insert("designated_person_id".into(), json!(person_id));
        } else {
            inner.remove("by_name");
        }
        sqlx::query(
            "UPDATE events SET payload = $2::text::json, event_version = '2.0' WHERE global_position = $1",
        )
        .bind(position)
        .bind(json!({ event_type: inner }).to_string())
        .execute(&mut *tx)
        .await?;
        report.organisation_events += 1;
    }
    if report != PopiaReport::default() {
        sqlx::query(
            "UPDATE projection_checkpoint SET ddl_hash = 'stale: personal data migrated' WHERE projection = 'accounts'",
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(report)
}
