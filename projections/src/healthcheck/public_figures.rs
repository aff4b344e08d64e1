//! The public figures as published (`health_check_public_figure`): the health-check privacy
//! rule shows a group's maturity only from enough organisations and replaces it only when
//! enough of them changed, so a reader cannot tell one organisation's score by comparing two
//! views. The reads of the public statistics keep this table.

use std::collections::{BTreeSet, HashMap};

/// The last published public figures (health-check privacy rule: a figure is replaced only
/// when enough organisations changed, `gbvf_commands::health_check::public_figure`) of the
/// groups `keys` (`<boundary>/<year>Q<n>/<all|type:t|area:id>`), from
/// `health_check_public_figure`: per key, the organisations behind the figure and the
/// maturity shown (percent; `None` under the privacy rule).
pub async fn public_figures(
    pool: &sqlx::PgPool,
    keys: &[&String],
) -> sqlx::Result<HashMap<String, (BTreeSet<String>, Option<f64>)>> {
    type Last = (String, sqlx::types::Json<BTreeSet<String>>, Option<f64>);
    let last: Vec<Last> = sqlx::query_as(
        "SELECT figure_key, organisations, maturity FROM health_check_public_figure WHERE figure_key = ANY($1)",
    )
    .bind(keys)
    .fetch_all(pool)
    .await?;
    Ok(last
        .into_iter()
        .map(|(k, set, m)| (k, (set.0, m)))
        .collect())
}

/// Stores newly published public figures (see [`public_figures`]): `keys[i]` now shows
/// `values[i]`, computed from the organisations `sets[i]` (JSON arrays of ids). Concurrent
/// readers that publish the same figure store the same row.
pub async fn publish_figures(
    pool: &sqlx::PgPool,
    keys: &[String],
    sets: &[serde_json::Value],
    values: &[Option<f64>],
) -> sqlx::Result<()> {
    if keys.is_empty() {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO health_check_public_figure (figure_key, organisations, maturity, published_at)
         SELECT k, o, m, now() FROM unnest($1::text[], $2::jsonb[], $3::float8[]) AS t(k, o, m)
         ON CONFLICT (figure_key) DO UPDATE SET organisations = excluded.organisations,
             maturity = excluded.maturity, published_at = excluded.published_at",
    )
    .bind(keys)
    .bind(sets)
    .bind(values)
    .execute(pool)
    .await?;
    Ok(())
}
