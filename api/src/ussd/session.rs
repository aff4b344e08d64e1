//! Where a USSD respondent stands (table `ussd_session`, migration
//! `20261205090000_ussd_session.sql`): the inputs that brought them there, keyed by their
//! phone's keyed hash, kept [`super::RESUME_MINUTES`] after the last step so that a dropped
//! session resumes, and deleted when the survey is sent or refused.

use sqlx::PgExecutor;

/// A respondent's saved place.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Saved {
    /// The gateway session that wrote it.
    pub session_id: String,
    /// Inputs carried over from an earlier session.
    pub base: Vec<String>,
    /// This session's first inputs that answered the resume question.
    pub skip: usize,
    /// Every input that brought the respondent where they are.
    pub log: Vec<String>,
}

/// A `ussd_session` row as read: session id, base, skip, log.
type SavedRow = (
    String,
    sqlx::types::Json<Vec<String>>,
    i32,
    sqlx::types::Json<Vec<String>>,
);

/// The unexpired place of `phone_key`, if any. Errors: the database's.
pub async fn load(db: impl PgExecutor<'_>, phone_key: &str) -> sqlx::Result<Option<Saved>> {
    let row: Option<SavedRow> = sqlx::query_as(
        "SELECT session_id, base, skip, log FROM ussd_session
             WHERE phone_key = $1 AND expires_at > now()",
    )
    .bind(phone_key)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(session_id, base, skip, log)| Saved {
        session_id,
        base: base.0,
        skip: usize::try_from(skip).unwrap_or(0),
        log: log.0,
    }))
}

/// Saves `saved` as the place of `phone_key` for [`super::RESUME_MINUTES`] more minutes.
/// Errors: the database's.
pub async fn save(db: impl PgExecutor<'_>, phone_key: &str, saved: &Saved) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO ussd_session (phone_key, session_id, base, skip, log, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))
         ON CONFLICT (phone_key) DO UPDATE SET session_id = EXCLUDED.session_id,
             base = EXCLUDED.base, skip = EXCLUDED.skip, log = EXCLUDED.log,
             expires_at = EXCLUDED.expires_at",
    )
    .bind(phone_key)
    .bind(&saved.session_id)
    .bind(sqlx::types::Json(&saved.base))
    .bind(i32::try_from(saved.skip).unwrap_or(i32::MAX))
    .bind(sqlx::types::Json(&saved.log))
    .bind(super::RESUME_MINUTES as i32)
    .execute(db)
    .await?;
    Ok(())
}

/// Forgets the place of `phone_key` (sent, refused, or erased). Errors: the database's.
pub async fn forget(db: impl PgExecutor<'_>, phone_key: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM ussd_session WHERE phone_key = $1")
        .bind(phone_key)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes every expired place; returns how many. Errors: the database's.
pub async fn prune(db: impl PgExecutor<'_>) -> sqlx::Result<u64> {
    Ok(
        sqlx::query("DELETE FROM ussd_session WHERE expires_at <= now()")
            .execute(db)
            .await?
            .rows_affected(),
    )
}
