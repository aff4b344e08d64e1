//! Operator commands of `gbvf`.

pub mod audit;
pub mod backup;
pub mod building_blocks;
pub mod data;
pub mod examples;
pub mod history;
pub mod import;
pub mod popia;
pub mod projections;
pub mod questionnaire_translation;
pub mod serve;
pub mod users;
pub mod ussd;

use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

/// Longest a caller waits for a pooled connection, ms (`GBVF_DB_ACQUIRE_TIMEOUT_MS`, default
/// 1500): while the database is unreachable, requests fail within it instead of hanging
/// (an answer within 2 s; docs/reliability.md "Database outage").
pub const DEFAULT_ACQUIRE_TIMEOUT_MS: u64 = 1500;

/// Connects to PostgreSQL (pool of up to 40 connections; one per projector lease, one per
/// listener, the rest for requests). Errors: the first connection cannot be made.
pub async fn connect(url: &str) -> anyhow::Result<PgPool> {
    let acquire_ms = std::env::var("GBVF_DB_ACQUIRE_TIMEOUT_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_ACQUIRE_TIMEOUT_MS);
    PgPoolOptions::new()
        .max_connections(40)
        .acquire_timeout(std::time::Duration::from_millis(acquire_ms))
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for > crate::replicas::PING_WHEN_IDLE_FOR {
                    sqlx::Connection::ping(conn).await?;
                }
                Ok(true)
            })
        })
        .connect(url)
        .await
        .map_err(|e| anyhow::anyhow!("cannot connect to the database: {e}"))
        .inspect(|pool| gbvf_events::wake::spawn_notifier(pool.clone()))
}

/// Applies migrations and installs every projection (idempotent).
pub async fn migrate(pool: &PgPool) -> anyhow::Result<()> {
    gbvf_events::store::migrate(pool).await?;
    // Personal data out of old events, once (POPIA; cli/popia.rs).
    let popia = popia::migrate_personal_data(pool).await?;
    if popia != popia::PopiaReport::default() {
        eprintln!("personal data moved out of the event log: {popia:?}");
    }
    tower_sessions_sqlx_store::PostgresStore::new(pool.clone())
        .migrate()
        .await?;
    for p in gbvf_projections::all() {
        gbvf_projections::engine::install(pool, p.as_ref()).await?;
        // A projection whose tables changed shape is rebuilt from the log (reads keep being
        // served by the old tables until the switch).
        if gbvf_projections::engine::needs_rebuild(pool, p.as_ref()).await? {
            eprintln!(
                "{}: table shape changed; rebuilding from the event log",
                p.name()
            );
            gbvf_projections::engine::rebuild(
                pool,
                p.as_ref(),
                gbvf_projections::engine::PAGE,
                |_| {},
            )
            .await?;
        }
    }
    users::seed_groups(pool).await?;
    let published = gbvf_commands::health_check::publish_questionnaires(pool).await?;
    if published > 0 {
        eprintln!("{published} health-check questionnaire version(s) published");
    }
    eprintln!("migrations applied; projections installed");
    Ok(())
}
