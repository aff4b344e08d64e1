//! A projection's versions: its schema `proj_<name>_v<n>`, the views in `public` that point at
//! the active one, and installing or rebuilding when the table shape changed.

use crate::engine::Projection;
use sqlx::{PgPool, Postgres, Transaction};

/// The schema of a projection version.
pub fn schema_name(projection: &str, version: i32) -> String {
    format!("proj_{projection}_v{version}")
}

pub(super) fn lock_key(projection: &str) -> i64 {
    // Stable 63-bit key from the name (FNV-1a), namespaced so it cannot collide with other locks.
    let mut h: u64 = 0xcbf29ce484222325;
    for b in format!("gbvf-projector:{projection}").bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    (h >> 1) as i64
}

pub(super) async fn create_version(
    pool: &PgPool,
    p: &dyn Projection,
    version: i32,
) -> anyhow::Result<String> {
    let schema = schema_name(p.name(), version);
    let mut tx = pool.begin().await?;
    sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
        .execute(&mut *tx)
        .await?;
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut *tx)
        .await?;
    let ddl = p.ddl(&schema);
    sqlx::Executor::execute(&mut *tx, ddl.as_str()).await?;
    tx.commit().await?;
    Ok(schema)
}

/// How often [`lock_views`] tries to take every view at once before it waits for them.
const LOCK_VIEWS_TRIES: u32 = 2_000;

/// Takes the projection's existing views in `public` at once, exclusively, without waiting
/// while it holds some of them: a reader locks the views its query names in its own order, so
/// replacing them one by one could deadlock with it (PostgreSQL then aborted the whole
/// rebuild). Each try that finds a view in use gives back what it took and tries again 5 ms
/// later; after [`LOCK_VIEWS_TRIES`] it waits for the locks.
async fn lock_views(tx: &mut Transaction<'_, Postgres>, p: &dyn Projection) -> anyhow::Result<()> {
    let tables: Vec<&str> = p.tables().to_vec();
    let existing: Vec<String> = sqlx::query_scalar(
        "SELECT format('public.%I', c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'v' AND c.relname = ANY($1)",
    )
    .bind(&tables)
    .fetch_all(&mut **tx)
    .await?;
    if existing.is_empty() {
        return Ok(());
    }
    let views = existing.join(", ");
    for _ in 0..LOCK_VIEWS_TRIES {
        sqlx::query("SAVEPOINT lock_views")
            .execute(&mut **tx)
            .await?;
        let locked = sqlx::query(&format!(
            "LOCK TABLE {views} IN ACCESS EXCLUSIVE MODE NOWAIT"
        ))
        .execute(&mut **tx)
        .await;
        match locked {
            Ok(_) => {
                sqlx::query("RELEASE SAVEPOINT lock_views")
                    .execute(&mut **tx)
                    .await?;
                return Ok(());
            }
            Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("55P03") => {
                sqlx::query("ROLLBACK TO SAVEPOINT lock_views")
                    .execute(&mut **tx)
                    .await?;
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
    sqlx::query(&format!("LOCK TABLE {views} IN ACCESS EXCLUSIVE MODE"))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub(super) async fn point_views(
    tx: &mut Transaction<'_, Postgres>,
    p: &dyn Projection,
    schema: &str,
) -> anyhow::Result<()> {
    lock_views(tx, p).await?;
    // CREATE OR REPLACE keeps the view's identity, so a reader waiting on it simply reads the
    // new version after the switch commits. A version whose columns changed incompatibly gets
    // its view dropped and recreated instead (inside a savepoint).
    for table in p.tables() {
        sqlx::query("SAVEPOINT point_view")
            .execute(&mut **tx)
            .await?;
        let replaced = sqlx::query(&format!(
            "CREATE OR REPLACE VIEW public.{table} AS SELECT * FROM {schema}.{table}"
        ))
        .execute(&mut **tx)
        .await;
        if replaced.is_err() {
            sqlx::query("ROLLBACK TO SAVEPOINT point_view")
                .execute(&mut **tx)
                .await?;
            sqlx::query(&format!("DROP VIEW IF EXISTS public.{table}"))
                .execute(&mut **tx)
                .await?;
            sqlx::query(&format!(
                "CREATE VIEW public.{table} AS SELECT * FROM {schema}.{table}"
            ))
            .execute(&mut **tx)
            .await?;
        }
        sqlx::query("RELEASE SAVEPOINT point_view")
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A fingerprint of the projection's DDL (FNV-1a of the text with the schema name left out).
pub fn ddl_hash(p: &dyn Projection) -> String {
    let ddl = p.ddl("SCHEMA");
    let mut h: u64 = 0xcbf29ce484222325;
    for b in ddl.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("{h:016x}")
}

/// Whether the active version of `p` was built with another DDL than the code's (it then
/// needs a [`rebuild`]). A projection never installed, or installed before fingerprints were
/// kept, counts as current only if its fingerprint matches.
pub async fn needs_rebuild(pool: &PgPool, p: &dyn Projection) -> anyhow::Result<bool> {
    let stored: Option<Option<String>> =
        sqlx::query_scalar("SELECT ddl_hash FROM projection_checkpoint WHERE projection = $1")
            .bind(p.name())
            .fetch_optional(pool)
            .await?;
    Ok(matches!(stored, Some(h) if h.as_deref() != Some(ddl_hash(p).as_str())))
}

/// Creates version 1 of the projection and its views if the projection is not registered yet.
/// Idempotent and safe to call from several processes at once.
pub async fn install(pool: &PgPool, p: &dyn Projection) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(lock_key("install"))
        .execute(&mut *tx)
        .await?;
    let exists: Option<i32> =
        sqlx::query_scalar("SELECT version FROM projection_checkpoint WHERE projection = $1")
            .bind(p.name())
            .fetch_optional(&mut *tx)
            .await?;
    if exists.is_none() {
        let schema = schema_name(p.name(), 1);
        sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
            .execute(&mut *tx)
            .await?;
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&mut *tx)
            .await?;
        let ddl = p.ddl(&schema);
        sqlx::Executor::execute(&mut *tx, ddl.as_str()).await?;
        point_views(&mut tx, p, &schema).await?;
        sqlx::query(
            "INSERT INTO projection_checkpoint (projection, version, ddl_hash) VALUES ($1, 1, $2)",
        )
        .bind(p.name())
        .bind(ddl_hash(p))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
