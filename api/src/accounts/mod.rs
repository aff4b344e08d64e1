//! The write side of accounts that touches personal data or credentials (POPIA;
//! docs/decisions/0036-personal-data-in-side-tables-not-in-events.md): every event of a user that
//! carries a side-table change is appended in the same transaction as that change, so a crash
//! between the two is impossible. Single-account commands run through the shared execute path
//! ([`execute_user`]: the User aggregate decides, its side tables are written on the append's
//! transaction, a concurrent append is decided again once); only a self-registration, which
//! appends a user and an organisation together, builds its one transaction here ([`register`]).
//!
//! - [`create`], [`register`], [`set_password`], [`delete`], [`erase`]: accounts and their
//!   `person` rows, e-mail claims and password hashes.
//! - [`credentials`]: password hashes and the credential epoch.
//! - [`limits`]: throttling counters shared by every process.
//! - [`one_time_codes`]: e-mailed one-time codes.
//! - [`password`]: argon2id hashing and random tokens.
//! - [`load_user`], [`organisation_status`], [`next_group_id`]: what the write side reads of
//!   the event log itself (never behind, unlike the read models).

pub mod credentials;
pub mod limits;
pub mod one_time_codes;
pub mod password;

use cqrs_es::Aggregate;
use gbvf_commands::accounts::delegation::Authority;
use gbvf_commands::accounts::organisation::{Organisation, OrganisationCommand};
use gbvf_commands::accounts::user::{PasswordHash, User, UserCommand, UserError};
use gbvf_commands::accounts::user_side_tables::replace_hash;
use gbvf_commands::execute::Executed;
use gbvf_events::accounts::{
    OrganisationRegistered, UserEvent, UserRegistered, ORGANISATION_AGGREGATE, USER_AGGREGATE,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::person::{self, Person};
use gbvf_events::store::{append_batch, NewEvent};
use serde_json::Value;
use sqlx::PgPool;

/// Why an account write was refused.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// The user command was refused (e.g. the address has a live account: "An account with
    /// this email address already exists.", or "No account was found for this email address.").
    #[error(transparent)]
    Refused(#[from] UserError),
    /// Another change of the account was stored at the same moment (nothing was written).
    #[error("This user was changed by someone else at the same moment. Reload and try again.")]
    Conflict,
    /// The database failed.
    #[error(transparent)]
    Database(#[from] anyhow::Error),
}

impl From<sqlx::Error> for AccountError {
    fn from(e: sqlx::Error) -> Self {
        AccountError::Database(e.into())
    }
}

fn new_events(
    user_id: &str,
    from: i64,
    events: &[UserEvent],
    meta: &EventMetadata,
) -> Vec<NewEvent> {
    NewEvent::run(USER_AGGREGATE, user_id, from, events, meta)
}

/// Creates an account for `details.email` through the shared execute path: the User
/// aggregate's `Create` decides `UserRegistered` (whose `profile.person_id` is set here) under
/// the new user id, and its side tables claim the address in `user_email` (taking it over from
/// a deleted account) and store the person in `person`, on the append's transaction; so two
/// creations of one address end with exactly one account and nothing half written.
///
/// `authority` creates it (the User aggregate's `Create`: nobody gives groups granting more
/// than they hold; [`Authority::operator`] at the command line).
///
/// Returns the new user id. Errors: [`UserError::AlreadyRegistered`] when the address has a
/// live account (or a racing creation won); [`UserError::Refused`] by the delegation rules.
pub async fn create(
    pool: &PgPool,
    details: &Person,
    mut registered: UserRegistered,
    authority: Authority,
    meta: &EventMetadata,
) -> Result<String, AccountError> {
    let key = user_key(pool, &details.email).await?;
    if !key.is_empty() && load_user(pool, &key).await?.is_live() {
        return Err(UserError::AlreadyRegistered.into());
    }
    registered.profile.person_id = uuid::Uuid::new_v4();
    let user_id = registered.user_id.clone();
    let command = UserCommand::Create {
        registered,
        authority,
        person: details.clone(),
        previous_user_id: (!key.is_empty()).then_some(key),
    };
    execute_user(pool, &user_id, command, meta).await?;
    Ok(user_id)
}

/// Creates an account that signs in with `secret` at once: [`create`], then the User
/// aggregate's `SetPassword` (with the password's hash, [`set_password`]) and `VerifyEmail`.
/// For accounts nobody registered or was invited to: the temporary administrator of
/// `gbvf examples load` and the benchmark's accounts. Returns the new user id (its key).
/// Errors: those of [`create`], a refused command, the database.
pub async fn create_with_password(
    pool: &PgPool,
    details: &Person,
    registered: UserRegistered,
    secret: &str,
    how: &str,
    meta: &EventMetadata,
) -> anyhow::Result<String> {
    let key = create(pool, details, registered, Authority::operator(), meta).await?;
    set_password(pool, &key, secret, how, meta)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    execute_user(pool, &key, UserCommand::VerifyEmail, meta)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(key)
}

/// A self-registration (public spec §2 "Register"): the new account, its organisation, the
/// designated person's details and the password hash, as parsed from the form.
pub struct Registration {
    /// The person's details (stored in `person`, never in the events).
    pub person: Person,
    /// The account's registration; `profile.person_id` is set by [`register`].
    pub registered: UserRegistered,
    /// The organisation's registration; `designated_person_id` is set by [`register`].
    pub organisation: OrganisationRegistered,
    /// The argon2id hash of the chosen password.
    pub password_hash: PasswordHash,
    /// The deleted account whose address this registration takes over, if any.
    pub previous_user_id: Option<String>,
}

/// Stores a self-registration in one transaction: claims the e-mail address (taking it over
/// from `previous_user_id`), stores the person, appends `UserRegistered`,
/// `OrganisationRegistered` and `PasswordSet` (how: "registration"), and stores the password
/// hash. The User and Organisation aggregates decide the events. Returns false when the
/// address was claimed first by another registration (nothing written), also when that shows
/// as a unique violation. Errors: the database.
pub async fn register(
    pool: &PgPool,
    registration: Registration,
    meta: &EventMetadata,
) -> Result<bool, AccountError> {
    let Registration {
        person: details,
        mut registered,
        mut organisation,
        password_hash,
        previous_user_id,
    } = registration;
    let person_id = uuid::Uuid::new_v4();
    registered.profile.person_id = person_id;
    organisation.designated_person_id = person_id;
    let user_id = registered.user_id.clone();
    let organisation_id = organisation.organisation_id.clone();
    // The User and Organisation aggregates decide, new and in memory (their ids are new);
    // the events go in this order, as the projections have always read a registration.
    let mut user = User::default();
    let registered = user.decide(&UserCommand::Register(registered))?;
    for event in &registered {
        user.apply(event.clone());
    }
    let password_set = user.decide(&UserCommand::SetPassword {
        how: "registration".into(),
        hash: password_hash.clone(),
    })?;
    // A new organisation id cannot have been registered: a refusal here is a fault.
    let organisation_registered = Organisation::default()
        .decide(OrganisationCommand::Register(Box::new(organisation)))
        .map_err(|e| AccountError::Database(anyhow::anyhow!(e)))?;
    let mut events = new_events(&user_id, 1, &registered, meta);
    events.extend(NewEvent::run(
        ORGANISATION_AGGREGATE,
        &organisation_id,
        1,
        &organisation_registered,
        meta,
    ));
    events.extend(new_events(
        &user_id,
        registered.len() as i64 + 1,
        &password_set,
        meta,
    ));
    let mut tx = pool.begin().await?;
    // Claimed first by a racing registration (also as a unique violation): nothing written.
    let claimed = person::claim_email(
        &mut tx,
        &details.email,
        &user_id,
        previous_user_id.as_deref(),
    )
    .await;
    match claimed {
        Ok(true) => {}
        Ok(false) => return Ok(false),
        Err(e) if gbvf_events::store::is_conflict(&e) => return Ok(false),
        Err(e) => return Err(e.into()),
    }
    person::insert(&mut tx, person_id, &details).await?;
    match append_batch(&mut tx, &events).await {
        Ok(_) => {}
        Err(e) if gbvf_events::store::is_conflict(&e) => return Ok(false),
        Err(e) => return Err(e.into()),
    }
    // As the SetPassword command's side table writes it (one writer of `credential`).
    replace_hash(&mut tx, &user_id, &password_hash).await?;
    tx.commit().await?;
    gbvf_events::wake::events_committed();
    Ok(true)
}

/// Sets the password of account `key` to `secret` (public spec §4–§6: add, reset and change a
/// password): hashes it (argon2id, off the async threads), then the User aggregate decides
/// `SetPassword` through the shared execute path, whose side table stores the hash on the
/// append's transaction and moves the credential epoch on, ending every session signed in
/// before (ASVS 3.3.3). Returns the new credential epoch. Errors: the aggregate's refusal (no
/// live account), [`AccountError::Conflict`].
pub async fn set_password(
    pool: &PgPool,
    key: &str,
    secret: &str,
    how: &str,
    meta: &EventMetadata,
) -> Result<i32, AccountError> {
    let hash = PasswordHash::new(password::hash_async(secret.to_string()).await?);
    let command = UserCommand::SetPassword {
        how: how.to_string(),
        hash,
    };
    let executed = execute(pool, key, command, meta).await?;
    executed.written.flatten().ok_or_else(|| {
        AccountError::Database(anyhow::anyhow!("SetPassword decided no event for {key}"))
    })
}

/// Erases the person of account `user_id` (POPIA right to deletion) as `authority` (the User
/// aggregate's `Erase`): appends `UserDeleted` (if the account is live) and `UserErased` —
/// neither carries personal data — and in the same transaction NULLs the `person` row, releases
/// the address in `user_email`, and deletes the account's password hash and one-time codes
/// (`gbvf_commands::accounts::user_side_tables`). The accounts projection blanks its copies
/// when it applies `UserErased`; histories then show "Erased person". The events stay: the
/// verification history remains complete.
///
/// Returns false when the person was already erased (nothing written). Errors:
/// [`UserError::NotRegistered`] when no account has this id; the delegation rules' refusal;
/// [`AccountError::Conflict`] when both tries met another change of the account.
pub async fn erase(
    pool: &PgPool,
    user_id: &str,
    authority: Authority,
    meta: &EventMetadata,
) -> Result<bool, AccountError> {
    let events = execute_user(pool, user_id, UserCommand::Erase(authority), meta).await?;
    Ok(!events.is_empty())
}

/// Deletes account `user_id` (admin spec, users: "Delete") as `authority`: the User aggregate
/// decides (`UserCommand::Delete`), and its events are appended with the deletion of the
/// password hash in one transaction (the shared execute path, which decides again once on a
/// concurrent append). Errors: the aggregate's refusal (e.g. already deleted, the delegation
/// rules), [`AccountError::Conflict`] when both tries met another change of the account.
pub async fn delete(
    pool: &PgPool,
    user_id: &str,
    authority: &Authority,
    meta: &EventMetadata,
) -> Result<(), AccountError> {
    execute_user(pool, user_id, UserCommand::Delete(authority.clone()), meta).await?;
    Ok(())
}

/// Executes `command` on account `user_id` through the shared execute path with the user's
/// side tables (`gbvf_commands::execute::execute_with_side_tables`). Returns the events
/// appended; errors as [`AccountError`].
pub async fn execute_user(
    pool: &PgPool,
    user_id: &str,
    command: UserCommand,
    meta: &EventMetadata,
) -> Result<Vec<UserEvent>, AccountError> {
    Ok(execute(pool, user_id, command, meta).await?.events)
}

/// [`execute_user`], with what the side tables wrote (a password's new credential epoch).
async fn execute(
    pool: &PgPool,
    user_id: &str,
    command: UserCommand,
    meta: &EventMetadata,
) -> Result<Executed<UserEvent, Option<i32>>, AccountError> {
    let store = crate::telemetry::event_store::<User>(pool);
    gbvf_commands::execute::execute_with_side_tables(&store, pool, user_id, command, &(), meta)
        .await
        .map_err(|e| match e {
            cqrs_es::AggregateError::UserError(e) => AccountError::Refused(e),
            cqrs_es::AggregateError::AggregateConflict => AccountError::Conflict,
            cqrs_es::AggregateError::UnexpectedError(source)
            | cqrs_es::AggregateError::DatabaseConnectionError(source) => {
                match source.downcast::<sqlx::Error>() {
                    Ok(e) => AccountError::from(*e),
                    Err(other) => AccountError::Database(anyhow::anyhow!(other)),
                }
            }
            other => AccountError::Database(anyhow::anyhow!("{other}")),
        })
}

/// The user aggregate id (the user id) an e-mail address belongs to, from the `user_email`
/// lookup; `""` (an aggregate without events: "not registered") when the address is unknown.
pub async fn user_key(pool: &PgPool, email: &str) -> anyhow::Result<String> {
    let mut conn = pool.acquire().await?;
    Ok(gbvf_events::person::user_for_email(&mut conn, email)
        .await?
        .unwrap_or_default())
}

/// A user's current state, folded from the event log (the source of truth for sign-in), with
/// the e-mail address, names and numbers filled from the person's `person` row (empty once
/// erased).
pub async fn load_user(pool: &PgPool, key: &str) -> anyhow::Result<User> {
    let rows: Vec<Value> = sqlx::query_scalar("SELECT payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence")
        .bind(USER_AGGREGATE)
        .bind(key)
        .fetch_all(pool)
        .await?;
    let mut user = User::default();
    for p in rows {
        user.apply(serde_json::from_value(p)?);
    }
    if let (Some(id), false) = (user.person_id, user.erased) {
        let mut conn = pool.acquire().await?;
        let person = gbvf_events::person::load(&mut conn, id).await?;
        user.hydrate(person.and_then(|p| p.details).as_ref());
    }
    Ok(user)
}

/// The user state of `user_id` (exposed for the CLI's messages).
pub async fn state(pool: &PgPool, user_id: &str) -> anyhow::Result<User> {
    load_user(pool, user_id).await
}

/// The current verification status id of organisation `id`, from its events in the log (the
/// source of truth, never behind the read model): 3 after `OrganisationApproved`, 2 after
/// `OrganisationRejected` (the later of the two counts), else 1 In Progress, also for an
/// unknown organisation (admin spec §3 "Application status keys").
pub async fn organisation_status(pool: &PgPool, id: &str) -> anyhow::Result<i32> {
    let last: Option<String> = sqlx::query_scalar(
        "SELECT event_type FROM events WHERE aggregate_type = 'organisation' AND aggregate_id = $1
           AND event_type IN ('OrganisationApproved', 'OrganisationRejected')
         ORDER BY sequence DESC LIMIT 1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(match last.as_deref() {
        Some("OrganisationApproved") => 3,
        Some("OrganisationRejected") => 2,
        _ => 1,
    })
}

/// The id for a new group: one above the highest numeric group id in the event log, at least
/// 101 (the seeded groups keep the ids below). Two callers may get the same id; the second
/// creation then conflicts on the event log's key.
pub async fn next_group_id(pool: &PgPool) -> sqlx::Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "SELECT COALESCE(max(aggregate_id::bigint), 100) + 1 FROM events
         WHERE aggregate_type = 'group' AND aggregate_id ~ '^[0-9]+$'",
    )
    .fetch_one(pool)
    .await?;
    Ok(id.max(101))
}
