//! The write side of accounts that touches personal data or credentials (POPIA;
//! docs/decisions/0036-personal-data-in-side-tables-not-in-events.md): every event of a user that
//! carries a side-table change is appended in the same transaction as that change, here, so a crash
//! between the two is impossible.
//!
//! - [`create`], [`register`], [`delete`], [`erase`]: accounts and their `person` rows,
//!   e-mail claims and password hashes.
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
use gbvf_commands::accounts::user::{User, UserCommand, UserError};
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

/// Creates an account for `details.email`: claims the address in `user_email` (taking it over
/// from a deleted account), stores the person in `person`, and appends `UserRegistered`
/// (whose `profile.person_id` is set here) under the new user id — all in one transaction, so
/// two creations of one address end with exactly one account and nothing half written.
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
    let person_id = uuid::Uuid::new_v4();
    registered.profile.person_id = person_id;
    let user_id = registered.user_id.clone();
    let decided = User::default().decide(&UserCommand::Create {
        registered,
        authority,
    })?;
    let events = new_events(&user_id, 1, &decided, meta);
    let mut tx = pool.begin().await?;
    let previous = (!key.is_empty()).then_some(key.as_str());
    match person::claim_email(&mut tx, &details.email, &user_id, previous).await {
        Ok(true) => {}
        Ok(false) => return Err(UserError::AlreadyRegistered.into()),
        Err(e) if gbvf_events::store::is_conflict(&e) => {
            return Err(UserError::AlreadyRegistered.into())
        }
        Err(e) => return Err(e.into()),
    }
    person::insert(&mut tx, person_id, details).await?;
    append_batch(&mut tx, &events).await?;
    tx.commit().await?;
    gbvf_events::wake::events_of_type_committed(USER_AGGREGATE);
    Ok(user_id)
}

/// Creates an account that signs in with `secret` at once: [`create`], then the User
/// aggregate's `SetPassword(how)` and `VerifyEmail`, and the password's hash
/// ([`credentials::store_password`]). For accounts nobody registered or was invited to: the
/// temporary administrator of `gbvf examples load` and the benchmark's accounts. Returns the
/// new user id (its key). Errors: those of [`create`], a refused command, the database.
pub async fn create_with_password(
    pool: &PgPool,
    details: &Person,
    registered: UserRegistered,
    secret: &str,
    how: &str,
    meta: &EventMetadata,
) -> anyhow::Result<String> {
    let key = create(pool, details, registered, Authority::operator(), meta).await?;
    let users =
        cqrs_es::CqrsFramework::<User, _>::new(crate::telemetry::event_store(pool), vec![], ());
    for command in [
        UserCommand::SetPassword(how.into()),
        UserCommand::VerifyEmail,
    ] {
        users
            .execute_with_metadata(&key, command, meta.to_map())
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    credentials::store_password(pool, &key, &key, secret).await?;
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
    pub password_hash: String,
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
    let password_set = user.decide(&UserCommand::SetPassword("registration".into()))?;
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
    credentials::replace_hash(&mut tx, &user_id, &user_id, &password_hash).await?;
    tx.commit().await?;
    gbvf_events::wake::events_committed();
    Ok(true)
}

/// Sets the password of account `key` (user id `user_id`) to `secret` (public spec §4–§6:
/// add, reset and change a password): hashes it (argon2id, off the async threads), lets the
/// User aggregate decide `SetPassword(how)` and appends its event with the new hash in one
/// transaction, which moves the credential epoch on and so ends every session signed in before
/// (ASVS 3.3.3). A concurrent append is retried once. Returns the new credential epoch.
/// Errors: the aggregate's refusal (no live account), [`AccountError::Conflict`].
pub async fn set_password(
    pool: &PgPool,
    key: &str,
    user_id: &str,
    secret: &str,
    how: &str,
    meta: &EventMetadata,
) -> Result<i32, AccountError> {
    let hash = password::hash_async(secret.to_string()).await?;
    let mut tried = 1;
    loop {
        let user = load_user(pool, key).await?;
        let decided = user.decide(&UserCommand::SetPassword(how.to_string()))?;
        let events = new_events(key, user.version + 1, &decided, meta);
        let mut tx = pool.begin().await?;
        match append_batch(&mut tx, &events).await {
            Ok(_) => {}
            Err(e) if gbvf_events::store::is_conflict(&e) => {
                if tried < gbvf_commands::execute::TRIES {
                    tried += 1;
                    continue;
                }
                return Err(AccountError::Conflict);
            }
            Err(e) => return Err(e.into()),
        }
        let epoch = credentials::replace_hash(&mut tx, key, user_id, &hash).await?;
        tx.commit().await?;
        gbvf_events::wake::events_of_type_committed(USER_AGGREGATE);
        return Ok(epoch);
    }
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
