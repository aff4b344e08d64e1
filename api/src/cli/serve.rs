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

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("signal handler");
    tokio::select! {
        _ = ctrl_c => {}
        _ = term.recv() => {}
    }
}

/// Serves the API (and projectors unless disabled) until SIGINT/SIGTERM.
pub async fn serve(
    pool: PgPool,
    bind: &str,
    port: u16,
    web_dir: PathBuf,
    projectors: bool,
) -> anyhow::Result<()> {
    crate::cli::migrate(&pool).await?;
    let (tx, rx) = watch::channel(false);
    let workers = if projectors {
        spawn_projectors(&pool, &rx)
    } else {
        vec![]
    };
    let state = AppState::new(
        pool.clone(),
        std::env::var("GBVF_OPERATOR_TOKEN")
            .ok()
            .filter(|t| t.len() >= 16),
        std::env::var("GBVF_ENABLE_LOGIN")
            .map(|v| v == "true")
            .unwrap_or(false),
        crate::telemetry::metrics(),
    );
    state.cache.spawn_invalidator(pool.clone());
    let web = web_dir
        .join("index.html")
        .exists()
        .then_some(web_dir.clone());
    if web.is_none() {
        tracing::warn!(dir = %web_dir.display(), "web app not built; serving the API only");
    }
    let app = router(state, web);
    let listener = tokio::net::TcpListener::bind((bind, port)).await?;
    eprintln!("gbvf serving on http://{bind}:{port}");
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown_signal())
        .await?;
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
    let workers = spawn_projectors(&pool, &rx);
    eprintln!("gbvf projectors running");
    shutdown_signal().await;
    let _ = tx.send(true);
    for w in workers {
        let _ = w.await;
    }
    Ok(())
}
