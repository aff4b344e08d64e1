//! Personal data kept outside the event log (POPIA;
//! docs/decisions/0036-personal-data-in-side-tables-not-in-events.md).
//!
//! Two write-side tables (migrations/20261124000001_person.sql):
//! - `person(person_id, email, first_name, last_name, mobile_number, alternative_number,
//!   erased_at)`: the details that account events reference by `person_id`. Corrections update
//!   the row in place; erasure NULLs every personal column and sets `erased_at`.
//! - `user_email(email_key, user_id)`: the e-mail → user id lookup that replaced e-mail-keyed
//!   user aggregates; its primary key decides registration races.
//!
//! Writers put the person row in the same transaction as the event that introduces it when
//! they append with [`crate::store::append_batch`]; through cqrs-es they write the row first
//! (an orphan row without an event is harmless; an event without its row never happens).

use sqlx::PgConnection;
use uuid::Uuid;

/// What every screen, history and CSV shows in place of an erased person's name
/// (docs/decisions/0038-erasing-an-account-holder.md).
pub const ERASED_PERSON: &str = "Erased person";

/// A person's details: e-mail address as entered, names, phone numbers (10 digits each, public
/// spec §3 "Profile").
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Person {
    /// E-mail address as entered.
    pub email: String,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Mobile number.
    pub mobile_number: Option<String>,
    /// Telephone (alternative) number.
    pub alternative_number: Option<String>,
}

impl Person {
    /// "First Last", trimmed.
    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
            .trim()
            .to_string()
    }
}

/// A stored person: `None` details once erased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPerson {
    /// Row id.
    pub person_id: Uuid,
    /// The details, or `None` when the person was erased.
    pub details: Option<Person>,
}

impl StoredPerson {
    /// The name to show: the full name, or [`ERASED_PERSON`].
    pub fn display_name(&self) -> String {
        self.details
            .as_ref()
            .map(Person::full_name)
            .unwrap_or_else(|| ERASED_PERSON.to_string())
    }
}

/// The lookup key of an e-mail address: trimmed and lower-cased.
pub fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Inserts a new person row under `person_id`.
pub async fn insert(conn: &mut PgConnection, person_id: Uuid, p: &Person) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO person (person_id, email, first_name, last_name, mobile_number, alternative_number)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(person_id)
    .bind(&p.email)
    .bind(&p.first_name)
    .bind(&p.last_name)
    .bind(&p.mobile_number)
    .bind(&p.alternative_number)
    .execute(conn)
    .await?;
    Ok(())
}

/// Corrects the names and numbers of a person (the e-mail address stays). Returns false when
/// the row does not exist or was erased (an erased person cannot be brought back).
pub async fn correct(conn: &mut PgConnection, person_id: Uuid, p: &Person) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE person SET first_name = $2, last_name = $3, mobile_number = $4, alternative_number = $5,
             updated_at = now()
         WHERE person_id = $1 AND erased_at IS NULL",
    )
    .bind(person_id)
    .bind(&p.first_name)
    .bind(&p.last_name)
    .bind(&p.mobile_number)
    .bind(&p.alternative_number)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Reads one person (`None` when no row has this id).
pub async fn load(conn: &mut PgConnection, person_id: Uuid) -> sqlx::Result<Option<StoredPerson>> {
    Ok(load_many(conn, &[person_id]).await?.pop())
}

/// Reads several persons (in no particular order; unknown ids are left out).
pub async fn load_many(conn: &mut PgConnection, ids: &[Uuid]) -> sqlx::Result<Vec<StoredPerson>> {
    type Row = (
        Uuid,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<chrono::DateTime<chrono::Utc>>,
    );
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT person_id, email, first_name, last_name, mobile_number, alternative_number, erased_at
         FROM person WHERE person_id = ANY($1)",
    )
    .bind(ids)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(person_id, email, first, last, mobile, alt, erased)| StoredPerson {
                person_id,
                details: erased.is_none().then(|| Person {
                    email: email.unwrap_or_default(),
                    first_name: first.unwrap_or_default(),
                    last_name: last.unwrap_or_default(),
                    mobile_number: mobile,
                    alternative_number: alt,
                }),
            },
        )
        .collect())
}

/// Erases a person: every personal column NULL, `erased_at` set (idempotent).
pub async fn erase(conn: &mut PgConnection, person_id: Uuid) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE person SET email = NULL, first_name = NULL, last_name = NULL, mobile_number = NULL,
             alternative_number = NULL, erased_at = coalesce(erased_at, now()), updated_at = now()
         WHERE person_id = $1",
    )
    .bind(person_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The user id an e-mail address belongs to, if any (live or deleted, not erased).
pub async fn user_for_email(conn: &mut PgConnection, email: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT user_id FROM user_email WHERE email_key = $1")
        .bind(email_key(email))
        .fetch_optional(conn)
        .await
}

/// Claims `email` for `user_id`. With `previous` = `None` the address must be free (INSERT; a
/// racing claim fails with a unique violation, see [`crate::store::is_conflict`]); with
/// `Some(old)` it takes the address over from the deleted account `old` (compare-and-set:
/// returns false when someone else took it first).
pub async fn claim_email(
    conn: &mut PgConnection,
    email: &str,
    user_id: &str,
    previous: Option<&str>,
) -> sqlx::Result<bool> {
    let done = match previous {
        None => {
            sqlx::query("INSERT INTO user_email (email_key, user_id) VALUES ($1, $2)")
                .bind(email_key(email))
                .bind(user_id)
                .execute(conn)
                .await?
        }
        Some(old) => {
            sqlx::query(
                "UPDATE user_email SET user_id = $2, claimed_at = now() WHERE email_key = $1 AND user_id = $3",
            )
            .bind(email_key(email))
            .bind(user_id)
            .bind(old)
            .execute(conn)
            .await?
        }
    };
    Ok(done.rows_affected() == 1)
}

/// Releases whatever address `user_id` holds (erasure).
pub async fn release_email(conn: &mut PgConnection, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM user_email WHERE user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}
