//! The rows outside the event log that user commands write with their events, on the append's
//! transaction ([`crate::execute::execute_with_side_tables`]), so both are stored or neither is:
//! the person's corrected names and numbers (`person`), the password hash (`credential`), the
//! address claim (`user_email`) and pending one-time codes (`otp_challenge`). Personal data stays
//! out of event payloads and erasable (POPIA; docs/decisions/0038-erasing-an-account-holder.md).

use cqrs_es::AggregateError;
use gbvf_events::person;

use super::user::{User, UserCommand, UserError};
use crate::execute::{database_error, Recorded, SideTables};

impl Recorded for User {}

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
    /// An edit corrects the person's names and numbers (`UserError::NotRegistered` when the
    /// person is gone); a deletion removes the password hash; an erasure also blanks the person,
    /// releases the address and drops pending one-time codes. Other commands write no row.
    async fn write_side_tables(
        &self,
        tx: &mut sqlx::PgConnection,
        aggregate_id: &str,
        user: &User,
    ) -> Result<(), AggregateError<UserError>> {
        match self {
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
        Ok(())
    }
}
