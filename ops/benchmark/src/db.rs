//! The bench databases: each section that writes creates a fresh database
//! `gbvf_bench_<run>_<label>` on the PostgreSQL server of `DATABASE_URL`, migrated as `gbvf
//! migrate` does, and the run drops them all at its end (also when interrupted; `./ops/bench`
//! drops what a killed run leaves behind by the run id). Nothing else on the server is touched.

use anyhow::{Context, Result};
use sqlx::{Connection, PgConnection, PgPool};

use gbvf_api::cli;

/// `url` with its database name replaced by `db` (the query string kept).
pub fn with_db(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let cut = base.rfind('/').unwrap_or(base.len());
    format!("{}/{db}{query}", &base[..cut])
}

/// The databases this run created, to be dropped at its end.
pub struct Databases {
    admin_url: String,
    server_url: String,
    run_id: String,
    names: Vec<String>,
}

impl Databases {
    /// No database yet; the run id is `GBVF_BENCH_RUN_ID` (lower-case letters and digits, at
    /// most 20) or a random one.
    pub fn new(server_url: &str) -> Databases {
        // ./ops/bench passes its own id so that it can drop what a killed run left behind.
        let run_id = std::env::var("GBVF_BENCH_RUN_ID")
            .ok()
            .filter(|id| {
                !id.is_empty()
                    && id.len() <= 20
                    && id
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            })
            .unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string()[..10].to_string());
        Databases {
            admin_url: with_db(server_url, "postgres"),
            server_url: server_url.to_string(),
            run_id,
            names: Vec::new(),
        }
    }

    /// Creates the empty database `gbvf_bench_<run>_<label>` and returns its URL ([`open_db`]
    /// migrates it).
    pub async fn create(&mut self, label: &str) -> Result<String> {
        let name = format!("gbvf_bench_{}_{label}", self.run_id);
        let mut admin = PgConnection::connect(&self.admin_url)
            .await
            .context("connecting to the PostgreSQL server of DATABASE_URL")?;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .with_context(|| format!("creating {name}"))?;
        self.names.push(name.clone());
        let _ = admin.close().await;
        Ok(with_db(&self.server_url, &name))
    }

    /// Drops every database created so far (`WITH (FORCE)`); failures are warned about on
    /// stderr, not returned.
    pub async fn drop_all(&mut self) {
        if self.names.is_empty() {
            return;
        }
        match PgConnection::connect(&self.admin_url).await {
            Ok(mut admin) => {
                for name in self.names.drain(..) {
                    if let Err(e) =
                        sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                            .execute(&mut admin)
                            .await
                    {
                        eprintln!("warning: could not drop {name}: {e}");
                    }
                }
            }
            Err(e) => eprintln!(
                "warning: could not drop the bench databases {:?}: {e}",
                self.names
            ),
        }
    }
}

/// A pool on the database at `url` with the product's own settings (40 connections, as the
/// server's), migrated: read models installed, groups seeded, questionnaires published.
pub async fn open_db(url: &str) -> Result<PgPool> {
    // The product's own pool settings (40 connections), for the raw path as for the server.
    let pool = cli::connect(url).await?;
    cli::migrate(&pool).await?;
    Ok(pool)
}

/// The highest `global_position` in the event log (0 when empty).
pub async fn max_global_position(pool: &PgPool) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT COALESCE(max(global_position), 0) FROM events")
            .fetch_one(pool)
            .await?,
    )
}
