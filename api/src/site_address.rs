//! The site's public address as the running server announced it (table `site_address`), so a
//! command run beside the server (`gbvf users create-admin`) links to where the server really
//! is, whatever its port.

use sqlx::PgPool;

/// Records `base_url` (no trailing slash, e.g. `http://127.0.0.1:8093`) as the site's address;
/// `gbvf serve` calls it once it listens. Errors: the database's.
pub async fn record(pool: &PgPool, base_url: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO site_address (singleton, base_url) VALUES (true, $1)
         ON CONFLICT (singleton) DO UPDATE SET base_url = EXCLUDED.base_url, recorded_at = now()",
    )
    .bind(base_url)
    .execute(pool)
    .await?;
    Ok(())
}

/// The address for links in a command's e-mails and output, without a trailing slash:
/// `given` (a `--base-url` option) when set, else `GBVF_BASE_URL`, else the address the server
/// last recorded ([`record`]), else `http://127.0.0.1:$PORT` (8080 without `PORT`).
/// Errors: the database's.
pub async fn for_commands(pool: &PgPool, given: Option<String>) -> sqlx::Result<String> {
    if let Some(url) = given.filter(|u| !u.trim().is_empty()) {
        return Ok(url.trim().trim_end_matches('/').to_string());
    }
    let configured = std::env::var("GBVF_BASE_URL")
        .map(|u| !u.trim().is_empty())
        .unwrap_or(false);
    if !configured {
        let recorded: Option<String> =
            sqlx::query_scalar("SELECT base_url FROM site_address WHERE singleton")
                .fetch_optional(pool)
                .await?;
        if let Some(url) = recorded {
            return Ok(url);
        }
    }
    Ok(public_base_url(None))
}

/// The site's public address for links in e-mails (no trailing slash): `GBVF_BASE_URL` when
/// set (the address readers use, e.g. `https://dashboard.example.org`), else
/// `http://127.0.0.1:<port>` with `port`, else the `PORT` variable, else 8080.
pub fn public_base_url(port: Option<u16>) -> String {
    if let Some(url) = std::env::var("GBVF_BASE_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
    {
        return url.trim().trim_end_matches('/').to_string();
    }
    let port = port
        .or_else(|| std::env::var("PORT").ok()?.parse().ok())
        .unwrap_or(8080);
    format!("http://127.0.0.1:{port}")
}
