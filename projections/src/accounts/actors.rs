//! Who an event's metadata actor (`user:<id>`) is, for people reading a history.

use std::collections::HashMap;

/// The e-mail address of each account among `actors` (metadata actors `user:<id>`), keyed by
/// the actor; an erased account reads `erased` ("Erased person", POPIA:
/// docs/decisions/0038-erasing-an-account-holder.md). Actors of no account (`import`, `system`,
/// ...) are absent.
pub async fn actor_names(
    pool: &sqlx::PgPool,
    actors: &[String],
    erased: &str,
) -> sqlx::Result<HashMap<String, String>> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT 'user:' || user_id, CASE WHEN erased THEN $2 ELSE email END FROM user_account
         WHERE 'user:' || user_id = ANY($1)",
    )
    .bind(actors)
    .bind(erased)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().collect())
}
