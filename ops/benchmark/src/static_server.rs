//! `gbvf-bench static --port P --bodies DIR`: section 5's baseline, a bare axum server that
//! answers each path of `DIR/index.tsv` with its body from memory (the bodies the API gave),
//! so the API's reads are compared with the cheapest server of the same bytes on the same
//! cores. It stops on Ctrl-C or SIGTERM.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use hyper::body::Bytes;

/// Serves the bodies of `dir` on 127.0.0.1:`port`: `index.tsv` lines `path?query<TAB>content
/// type<TAB>file`, each file's bytes the answer to a GET of exactly that path and query (404
/// otherwise). Errors: the index or a file cannot be read, the port cannot be bound.
pub async fn serve(port: u16, dir: &Path) -> Result<()> {
    let index = std::fs::read_to_string(dir.join("index.tsv"))
        .with_context(|| format!("reading {}/index.tsv", dir.display()))?;
    let mut bodies: HashMap<String, (axum::http::HeaderValue, Bytes)> = HashMap::new();
    for line in index.lines().filter(|l| !l.is_empty()) {
        let parts: Vec<&str> = line.split('\t').collect();
        let [key, ct, file] = parts[..] else {
            bail!("bad index line {line:?}")
        };
        let body = std::fs::read(dir.join(file))?;
        bodies.insert(
            key.to_string(),
            (axum::http::HeaderValue::from_str(ct)?, Bytes::from(body)),
        );
    }
    let bodies = Arc::new(bodies);
    let app = axum::Router::new().fallback(move |uri: axum::http::Uri| {
        let bodies = bodies.clone();
        async move {
            use axum::response::IntoResponse;
            let key = uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
            match bodies.get(key) {
                Some((ct, body)) => (
                    [(axum::http::header::CONTENT_TYPE, ct.clone())],
                    body.clone(),
                )
                    .into_response(),
                None => axum::http::StatusCode::NOT_FOUND.into_response(),
            }
        }
    });
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    axum::serve(listener, app)
        .with_graceful_shutdown(crate::run::interrupted())
        .await?;
    Ok(())
}
