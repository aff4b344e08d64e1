//! The rows outside the event log that user commands write with their events, on the append's
//! transaction ([`crate::execute::execute_with_side_tables`]), so both are stored or neither is:
//! the person's corrected names and numbers (`person`), the password hash (`credential`), the
//! address claim (`user_email`) and pending one-time codes (`otp_challenge`). Personal data stays
//! out of event payloads and erasable (POPIA; docs/decisions/0038-erasing-an-account-holder.md).

use cqrs_es::AggregateError;
use gbvf_events::person;

use super::user::{PasswordHash, User, UserCommand, UserError};
use crate::execute::{database_error, Recorded, SideTables};

impl Recorded for User {}

/// Stores `hash` as the password of account `user_key` on `tx` and moves the credential epoch
/// on, which ends every session signed in before (ASVS 3.3.3); a new account taking over a
/// deleted account's row included. Returns the new epoch.
pub async fn replace_hash(
    tx: &mut sqlx::PgConnection,
    user_key: &str,
    hash: &PasswordHash,
) -> sqlx::Result<i32> {
    sqlx::query_scalar(
        "INSERT INTO credential (user_key, user_id, password_hash) VALUES ($1, $1, $2)
         ON CONFLICT (user_key) DO UPDATE SET user_id = $1, password_hash = $2, updated_at = now(),
             epoch = credential.epoch + 1
         RETURNING epoch",
    )
    .bind(user_key)
    .bind(hash.as_str())
    .fetch_one(tx)
    .await
}

/// Deletes the password hash of account `user_key` on `tx`: a deleted or erased account can no
/// longer sign in.
pub async fn delete_credential(tx: &mut sqlx::PgConnection, user_key: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM credential WHERE user_key = $1")
        .bind(user_key)
        .execute(tx)
        .await?;
    Ok(())
}

impl SideTables<User> for UserCommand {
    /// The new credential epoch when a password was set.
    type Written = Option<i32>;

    /// A creation claims the address (taking it over from a deleted account) and stores the
    /// person; a refused claim refuses the command ([`UserError::AlreadyRegistered`]). A
    /// password's hash replaces the old one (the epoch moves on). An edit corrects the person's names and numbers (`UserError::NotRegistered` when the
    /// person is gone); a deletion removes the password hash; an erasure also blanks the person,
    /// releases the address and drops pending one-time codes. Other commands write no row.
    async fn write_side_tables(
        &self,
        tx: &mut sqlx::PgConnection,
        aggregate_id: &str,
        user: &User,
    ) -> Result<Option<i32>, AggregateError<UserError>> {
        match self {
            UserCommand::Create {
                registered,
                person: details,
                previous_user_id,
                ..
            } => {
                // Claimed first by a racing creation (also as a unique violation): refused,
                // and nothing of this command is stored.
                let already = AggregateError::UserError(UserError::AlreadyRegistered);
                match person::claim_email(
                    tx,
                    &details.email,
                    aggregate_id,
                    previous_user_id.as_deref(),
                )
                .await
                {
                    Ok(true) => {}
                    Ok(false) => return Err(already),
                    Err(e) if gbvf_events::store::is_conflict(&e) => return Err(already),
                    Err(e) => return Err(database_error(e)),
                }
                person::insert(tx, registered.profile.person_id, details)
                    .await
                    .map_err(database_error)?;
            }
            UserCommand::SetPassword { hash, .. } => {
                let epoch = replace_hash(tx, aggregate_id, hash)
                    .await
                    .map_err(database_error)?;
                return Ok(Some(epoch));
            }
            UserCommand::EditDetails {
                person: Some(details),
                ..
            } => {
                let id = user
                    .person_id
                    .ok_or(AggregateError::UserError(UserError::NotRegistered))?;
                if !person::correct(tx, id, details)
                    .await
                    .map_err(database_error)?
                {
                    return Err(AggregateError::UserError(UserError::NotRegistered));
                }
            }
            UserCommand::Delete(_) => delete_credential(tx, aggregate_id)
                .await
                .map_err(database_error)?,
            UserCommand::Erase(_) => {
                if let Some(id) = user.person_id {
                    person::erase(tx, id).await.map_err(database_error)?;
                }
                person::release_email(tx, aggregate_id)
                    .await
                    .map_err(database_error)?;
                delete_credential(tx, aggregate_id)
                    .await
                    .map_err(database_error)?;
                sqlx::query("DELETE FROM otp_challenge WHERE user_key = $1")
                    .bind(aggregate_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(database_error)?;
            }
            _ => {}
        }
        Ok(None)
    }
}
