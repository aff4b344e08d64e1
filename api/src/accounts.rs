//! Account writes shared by the HTTP handlers and the CLI that touch personal data (POPIA;
//! docs/decisions.md "Privacy (POPIA)"): creating an account (the
//! e-mail claim, the `person` row and the `UserRegistered` event in ONE transaction) and
//! erasing a person.

use gbvf_commands::accounts::user::{User, UserCommand, UserError};
use gbvf_events::accounts::{UserEvent, UserRegistered, USER_AGGREGATE};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::person::{self, Person};
use gbvf_events::store::{append_batch, NewEvent};
use sqlx::PgPool;

use crate::http::auth::handlers::{load_user, user_key};

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
/// Returns the new user id. Errors: [`UserError::AlreadyRegistered`] when the address has a
/// live account (or a racing creation won).
pub async fn create(
    pool: &PgPool,
    details: &Person,
    mut registered: UserRegistered,
    meta: &EventMetadata,
) -> Result<String, AccountError> {
    let key = user_key(pool, &details.email).await?;
    if !key.is_empty() && load_user(pool, &key).await?.is_live() {
        return Err(UserError::AlreadyRegistered.into());
    }
    let person_id = uuid::Uuid::new_v4();
    registered.profile.person_id = person_id;
    let user_id = registered.user_id.clone();
    let events = new_events(&user_id, 1, &[UserEvent::UserRegistered(registered)], meta);
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

/// Erases the person of account `user_id` (POPIA right to deletion): appends `UserDeleted`
/// (if the account is live) and `UserErased` — neither carries personal data — and in the same
/// transaction NULLs the `person` row, releases the address in `user_email`, and deletes the
/// account's password hash and one-time codes. The accounts projection blanks its copies when
/// it applies `UserErased`; histories then show "Erased person". The events stay: the
/// verification history remains complete.
///
/// Returns false when the person was already erased (nothing written). Errors:
/// [`UserError::NotRegistered`] when no account has this id; [`AccountError::Conflict`] when
/// another change of the account was appended at the same moment (nothing written).
pub async fn erase(
    pool: &PgPool,
    user_id: &str,
    meta: &EventMetadata,
) -> Result<bool, AccountError> {
    let user = load_user(pool, user_id).await?;
    let decided = user.decide(&UserCommand::Erase)?;
    if decided.is_empty() {
        return Ok(false);
    }
    let events = new_events(user_id, user.version + 1, &decided, meta);
    let mut tx = pool.begin().await?;
    match append_batch(&mut tx, &events).await {
        Ok(_) => {}
        Err(e) if gbvf_events::store::is_conflict(&e) => return Err(AccountError::Conflict),
        Err(e) => return Err(e.into()),
    }
    if let Some(id) = user.person_id {
        person::erase(&mut tx, id).await?;
    }
    person::release_email(&mut tx, user_id).await?;
    sqlx::query("DELETE FROM credential WHERE user_key = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM otp_challenge WHERE user_key = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    gbvf_events::wake::events_of_type_committed(USER_AGGREGATE);
    Ok(true)
}

/// The user state of `user_id` (exposed for the CLI's messages).
pub async fn state(pool: &PgPool, user_id: &str) -> anyhow::Result<User> {
    load_user(pool, user_id).await
}
