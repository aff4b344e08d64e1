//! Test support: a fresh PostgreSQL database per test on the server named by
//! `GBVF_TEST_DATABASE_URL` (or `DATABASE_URL`), migrated, and the real router in-process.
#![allow(dead_code)]

use std::path::PathBuf;

use sqlx::{Connection, PgConnection, PgPool};

/// A test database, dropped at the end of the test.
pub struct TestDb {
    /// Pool on the test database.
    pub pool: PgPool,
    /// Its URL.
    pub url: String,
    admin_url: String,
    name: String,
}

fn server_url() -> String {
    std::env::var("GBVF_TEST_DATABASE_URL")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .expect(
            "set GBVF_TEST_DATABASE_URL or DATABASE_URL (./ops/test does) to a PostgreSQL server",
        )
}

fn with_db(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let cut = base.rfind('/').expect("database URL has a path");
    format!("{}/{db}{query}", &base[..cut])
}

impl TestDb {
    /// Creates and migrates a database named after a fresh UUID.
    pub async fn new() -> TestDb {
        let server = server_url();
        let admin_url = with_db(&server, "postgres");
        let name = format!("gbvf_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::connect(&admin_url)
            .await
            .expect("connect to the test server");
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .expect("create test database");
        let url = with_db(&server, &name);
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(40)
            .connect(&url)
            .await
            .expect("connect test db");
        gbvf_api::cli::migrate(&pool).await.expect("migrate");
        TestDb {
            pool,
            url,
            admin_url,
            name,
        }
    }

    /// Drops the database.
    pub async fn drop_db(self) {
        self.pool.close().await;
        if let Ok(mut admin) = PgConnection::connect(&self.admin_url).await {
            let _ = sqlx::query(&format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
            .execute(&mut admin)
            .await;
        }
    }
}

/// The real `gbvf serve` process.
pub mod process;
pub mod proxy;
/// Browser-like sessions, registrations and signed-in members.
pub mod session;

/// The project's data directory.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data")
}

/// Starts the real router on a random loopback port; returns its base URL.
pub async fn start_server(pool: &PgPool, operator_token: Option<&str>) -> String {
    start_server_with(pool, operator_token, None).await
}

/// Starts the real router with an outbox in `outbox` and development mode on (OTP codes in
/// answers), as the browser tests run it; with an outbox, the durable mail worker runs too and
/// writes the mail that follows events into the same outbox (as `gbvf serve` does).
pub async fn start_server_with(
    pool: &PgPool,
    operator_token: Option<&str>,
    outbox: Option<PathBuf>,
) -> String {
    let worker = outbox.is_some();
    start_server_full(pool, operator_token, outbox, worker).await
}

/// [`start_server_with`], choosing whether the mail worker runs (the SMTP tests run their own).
pub async fn start_server_full(
    pool: &PgPool,
    operator_token: Option<&str>,
    outbox: Option<PathBuf>,
    mail_worker: bool,
) -> String {
    start_server_configured(pool, operator_token, outbox, mail_worker, |_| {}).await
}

/// [`start_server_full`] with the state adjusted by `configure` before it serves (settings a
/// test gives that the environment would, such as the USSD channel's).
pub async fn start_server_configured(
    pool: &PgPool,
    operator_token: Option<&str>,
    outbox: Option<PathBuf>,
    mail_worker: bool,
    configure: impl FnOnce(&mut gbvf_api::http::AppStateInner),
) -> String {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()),
        )
        .with_test_writer()
        .try_init();
    let mut state = gbvf_api::http::AppStateInner::new(
        pool.clone(),
        operator_token.map(str::to_string),
        // Accounts tests (with an outbox) sign in; the public API tests see the default flag.
        outbox.is_some(),
        None,
    );
    if let Some(dir) = outbox {
        state.mailer = gbvf_api::http::auth::mail::Mailer::outbox(dir);
        state.dev_mode = true;
    }
    configure(&mut state);
    let state = gbvf_api::http::AppState::from(state);
    state.cache.spawn_invalidator(pool.clone());
    if mail_worker {
        let worker = gbvf_api::mail_worker::MailWorker {
            pool: pool.clone(),
            mailer: state.mailer.clone(),
            base_url: state.base_url.clone(),
            retry_base: std::time::Duration::from_millis(100),
        };
        // The sender half never stops: the test process ends with the test.
        let (_tx, rx) = tokio::sync::watch::channel(false);
        std::mem::forget(_tx);
        tokio::spawn(gbvf_api::mail_worker::run(worker, rx));
    }
    let app = gbvf_api::http::router(state, None);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        gbvf_api::cli::serve::serve_app(listener, app, std::future::pending())
            .await
            .expect("serve")
    });
    format!("http://{addr}")
}

/// Imports the shipped geography and brings the geography read model up to date.
pub async fn import_geography(pool: &PgPool) {
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    gbvf_commands::import::import_geography(pool, &data_dir(), &meta)
        .await
        .expect("geography import");
    catch_up(pool).await;
}

/// Catches every projection up.
pub async fn catch_up(pool: &PgPool) {
    for p in gbvf_projections::all() {
        gbvf_projections::engine::catch_up(pool, p.as_ref())
            .await
            .expect("catch up");
    }
}

/// Every place in the database holding `needle` (case-insensitive): `schema.table` of each
/// base table of every non-system schema whose row text (all columns, json and arrays
/// included) or any bytea column contains it.
pub async fn places_holding(db: &TestDb, needle: &str) -> Vec<String> {
    let tables: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_schema, table_name FROM information_schema.tables
         WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
           AND table_schema NOT LIKE 'pg_toast%'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert!(
        tables.len() > 20,
        "the scan sees the whole database: {}",
        tables.len()
    );
    let mut found = Vec::new();
    for (schema, table) in tables {
        let bytea: Vec<String> = sqlx::query_scalar(
            "SELECT column_name::text FROM information_schema.columns
             WHERE table_schema = $1 AND table_name = $2 AND data_type = 'bytea'",
        )
        .bind(&schema)
        .bind(&table)
        .fetch_all(&db.pool)
        .await
        .unwrap();
        let mut test = "t::text ILIKE '%' || $1 || '%'".to_string();
        for c in bytea {
            test.push_str(&format!(
                " OR position(convert_to(lower($1), 'UTF8') in lower(encode(t.\"{c}\", 'escape'))::bytea) > 0"
            ));
        }
        let n: i64 = sqlx::query_scalar(&format!(
            "SELECT count(*) FROM \"{schema}\".\"{table}\" t WHERE {test}"
        ))
        .bind(needle)
        .fetch_one(&db.pool)
        .await
        .unwrap();
        if n > 0 {
            found.push(format!("{schema}.{table} ({n} rows)"));
        }
    }
    found
}
