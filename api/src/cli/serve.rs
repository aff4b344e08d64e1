//! `gbvf serve` and `gbvf project`.

use std::path::PathBuf;

use sqlx::PgPool;
use tokio::sync::watch;

use crate::http::{router, AppState};

fn spawn_projectors(
    pool: &PgPool,
    shutdown: &watch::Receiver<bool>,
) -> Vec<tokio::task::JoinHandle<()>> {
    gbvf_projections::all()
        .into_iter()
        .map(|p| {
            tokio::spawn(gbvf_projections::engine::run(
                pool.clone(),
                p,
                shutdown.clone(),
            ))
        })
        .collect()
}

/// Starts the durable e-mail worker (api/src/mail_worker/mod.rs) next to the projectors.
fn spawn_mail_worker(
    pool: &PgPool,
    mailer: crate::http::auth::mail::Mailer,
    base_url: String,
    shutdown: &watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    let worker = crate::mail_worker::MailWorker::from_env(pool.clone(), mailer, base_url);
    tokio::spawn(crate::mail_worker::run(worker, shutdown.clone()))
}

/// Starts the audit sealer (gbvf_events::audit::sealer) next to the projectors; it holds a lease,
/// so however many processes start one, one seals.
fn spawn_sealer(pool: &PgPool, shutdown: &watch::Receiver<bool>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(gbvf_events::audit::sealer::run(
        pool.clone(),
        shutdown.clone(),
    ))
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("signal handler");
    tokio::select! {
        _ = ctrl_c => {}
        _ = term.recv() => {}
    }
}

/// Whether `bind` names only this machine (a loopback address or `localhost`).
pub fn is_loopback(bind: &str) -> bool {
    bind == "localhost"
        || bind
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Refuses development mode unless bound to loopback, and says loudly that it is on.
fn check_dev_mode(state: &AppState, bind: &str) -> anyhow::Result<()> {
    if !state.dev_mode {
        return Ok(());
    }
    if !is_loopback(bind) {
        anyhow::bail!(
            "GBVF_DEV_MODE=true is refused on {bind}: development mode puts one-time codes in answers and lists the mail outbox, so it may only be bound to a loopback address (127.0.0.1, ::1, localhost)"
        );
    }
    eprintln!("{}", "!".repeat(78));
    eprintln!("!! DEVELOPMENT MODE (GBVF_DEV_MODE=true): one-time codes appear in answers and");
    eprintln!("!! /dev/outbox lists every e-mail. Never use this setting for a real site.");
    if !state.secure_cookies {
        eprintln!("!! Cookies are not Secure (GBVF_COOKIE_SECURE=false).");
    }
    eprintln!("{}", "!".repeat(78));
    tracing::warn!("development mode is on");
    Ok(())
}

/// Deletes expired sessions and spent attempt counters every 10 minutes, until the process
/// ends (nothing of the sign-in state grows without bound).
pub fn spawn_housekeeping(pool: PgPool) {
    use tower_sessions::ExpiredDeletion;
    let store = tower_sessions_sqlx_store::PostgresStore::new(pool.clone());
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(600));
        loop {
            every.tick().await;
            if let Err(e) = store.delete_expired().await {
                tracing::warn!(error = %e, "deleting expired sessions failed");
            }
            match crate::accounts::limits::prune(&pool).await {
                Ok(n) if n > 0 => tracing::info!(rows = n, "pruned spent sign-in counters"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "pruning sign-in counters failed"),
            }
            match crate::ussd::session::prune(&pool).await {
                Ok(n) if n > 0 => tracing::info!(rows = n, "forgot expired USSD sessions"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "forgetting expired USSD sessions failed"),
            }
        }
    });
}

/// Serves `app` on `listener` with each request's peer address (for per-address limits)
/// until `shutdown` completes. `gbvf serve` and the tests serve through this one function.
pub async fn serve_app(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}

/// Serves the API until SIGINT/SIGTERM, with the workers unless `projectors` is false: the
/// projectors, the mail worker and the audit sealer. Without them (`--no-projectors`) the
/// process is API-only: a `gbvf project` process elsewhere must run them
/// (docs/decisions/0098-api-only-instances.md).
pub async fn serve(
    pool: PgPool,
    bind: &str,
    port: u16,
    web_dir: PathBuf,
    projectors: bool,
) -> anyhow::Result<()> {
    let mut inner = crate::http::state::AppStateInner::new(
        pool.clone(),
        std::env::var("GBVF_OPERATOR_TOKEN")
            .ok()
            .filter(|t| t.len() >= 16),
        std::env::var("GBVF_ENABLE_LOGIN")
            .map(|v| v == "true")
            .unwrap_or(false),
        crate::telemetry::metrics(),
    );
    inner.base_url = crate::site_address::public_base_url(Some(port));
    inner.replicas = std::sync::Arc::new(crate::replicas::ReadReplicas::from_env(&pool)?);
    for r in inner.replicas.all() {
        eprintln!("public reads from replica {} when it keeps up", r.name);
    }
    let state: AppState = inner.into();
    check_dev_mode(&state, bind)?;
    crate::cli::migrate(&pool).await?;
    let (tx, rx) = watch::channel(false);
    let workers = if projectors {
        let mut w = spawn_projectors(&pool, &rx);
        w.push(spawn_mail_worker(
            &pool,
            state.mailer.clone(),
            state.base_url.clone(),
            &rx,
        ));
        w.push(spawn_sealer(&pool, &rx));
        w
    } else {
        vec![]
    };
    state.cache.spawn_invalidator(pool.clone());
    spawn_housekeeping(pool.clone());
    crate::http::db_health::spawn(pool.clone());
    if projectors {
        crate::http::health_check::spawn_publisher(pool.clone(), state.secret.clone());
    }
    let web = web_dir
        .join("index.html")
        .exists()
        .then_some(web_dir.clone());
    if web.is_none() {
        tracing::warn!(dir = %web_dir.display(), "web app not built; serving the API only");
    }
    let app = router(state, web);
    let listener = tokio::net::TcpListener::bind((bind, port)).await?;
    crate::site_address::record(&pool, &crate::site_address::public_base_url(Some(port))).await?;
    eprintln!("gbvf serving on http://{bind}:{port}");
    serve_app(listener, app, shutdown_signal()).await?;
    let _ = tx.send(true);
    for w in workers {
        let _ = w.await;
    }
    Ok(())
}

/// Runs only the projectors until SIGINT/SIGTERM.
pub async fn project(pool: PgPool) -> anyhow::Result<()> {
    crate::cli::migrate(&pool).await?;
    let (tx, rx) = watch::channel(false);
    let mut workers = spawn_projectors(&pool, &rx);
    let base_url = crate::site_address::public_base_url(None);
    workers.push(spawn_mail_worker(
        &pool,
        crate::http::auth::mail::Mailer::from_env()?,
        base_url,
        &rx,
    ));
    workers.push(spawn_sealer(&pool, &rx));
    eprintln!("gbvf projectors, mail worker and audit sealer running");
    shutdown_signal().await;
    let _ = tx.send(true);
    for w in workers {
        let _ = w.await;
    }
    Ok(())
}
