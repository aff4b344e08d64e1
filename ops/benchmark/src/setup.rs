//! What sections put into their fresh databases before they measure, through the product's
//! own write side (importers, aggregates, the account functions the HTTP handlers call): the
//! shipped geography, projections caught up, and bench accounts that sign in with a password.

use std::path::Path;

use anyhow::{anyhow, Result};
use sqlx::PgPool;

use gbvf_events::accounts::{ProfileFacts, UserRegistered};
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::engine;

/// Imports the shipped geography (`gbvf_commands::import::import_geography`, 1,442 boundaries)
/// with metadata naming `source` (e.g. `bench:scale`) and projects it; returns that metadata
/// for the section's further setup.
pub async fn import_geography(
    pool: &PgPool,
    data_dir: &Path,
    source: &str,
) -> Result<EventMetadata> {
    let meta = EventMetadata::now("import", uuid::Uuid::new_v4().to_string(), source);
    gbvf_commands::import::import_geography(pool, data_dir, &meta).await?;
    let geo = gbvf_projections::by_name("geography").expect("geography projection");
    engine::catch_up(pool, geo.as_ref()).await?;
    Ok(meta)
}

/// Brings every projection up to the end of the log (in this process).
pub async fn catch_up_all(pool: &PgPool) -> Result<()> {
    for p in gbvf_projections::all() {
        engine::catch_up(pool, p.as_ref()).await?;
    }
    Ok(())
}

/// Creates a bench account (`bench-<role>-<random>@example.org`) in group `group` for the
/// municipalities `municipality_ids`, with a verified address and a random password
/// (`gbvf_api::accounts::create_with_password`). Returns (e-mail address, password) for
/// [`crate::http::sign_in`].
pub async fn create_account(
    pool: &PgPool,
    role: &str,
    group: i64,
    municipality_ids: Vec<i64>,
    meta: &EventMetadata,
) -> Result<(String, String)> {
    let email = format!("bench-{role}-{}@example.org", uuid::Uuid::new_v4().simple());
    let password = format!("Bench{}!9", uuid::Uuid::new_v4().simple());
    let details = gbvf_events::person::Person {
        email: email.clone(),
        first_name: "Bench".into(),
        last_name: role.into(),
        mobile_number: None,
        alternative_number: None,
    };
    let registered = UserRegistered {
        user_id: uuid::Uuid::new_v4().to_string(),
        profile: ProfileFacts::default(),
        organisation_id: None,
        group_ids: vec![group],
        created_by: "bench".into(),
        relationship_type_ids: vec![],
        municipality_ids,
        province_ids: vec![],
    };
    gbvf_api::accounts::create_with_password(pool, &details, registered, &password, "bench", meta)
        .await
        .map_err(|e| anyhow!("creating the bench {role}: {e}"))?;
    Ok((email, password))
}

/// The built-in health-check questionnaires by questionnaire id (`staff-v1`, …).
pub fn questionnaires(
) -> Result<std::collections::HashMap<String, gbvf_events::health_check::QuestionnairePublished>> {
    Ok(gbvf_commands::health_check::built_in_questionnaires()?
        .into_iter()
        .map(|q| (q.questionnaire_id.clone(), q))
        .collect())
}
