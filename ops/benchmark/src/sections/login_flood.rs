//! Section 6: public reads while wrong sign-ins flood in. `GET /api/crime/stats?boundaryId=1`
//! on 8 connections, quiet and then while 200 wrong sign-ins a second arrive (argon2 hashing
//! must stay off the async workers). Target: p99 < 50 ms during the flood.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use hyper::Method;

use super::reads::read_load;
use crate::config::Config;
use crate::http::{Http, Jar};
use crate::report::{ms, section_title, table, Verdict};
use crate::servers::start_gbvf;

/// Sends wrong sign-ins at `per_sec` (open loop, each from its own forwarded address so no
/// per-address limit short-circuits the hashing) until `until`, all from one browser session;
/// returns how many were sent and how many got each HTTP status (0: no answer).
async fn login_flood(
    addr: SocketAddr,
    per_sec: u64,
    until: Instant,
) -> Result<(u64, HashMap<u16, u64>)> {
    // One browser: its cookie and CSRF token from the session check.
    let session = Http::new(addr)
        .await?
        .session_check(&mut Jar::default())
        .await?;
    let statuses = Arc::new(std::sync::Mutex::new(HashMap::<u16, u64>::new()));
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / per_sec.max(1)));
    let mut sent = 0u64;
    let mut tasks = Vec::new();
    while Instant::now() < until {
        tick.tick().await;
        sent += 1;
        let (session, statuses) = (session.clone(), statuses.clone());
        tasks.push(tokio::spawn(async move {
            let body = format!(
                r#"{{"Username":"flood{sent}@example.org","Password":"Wrong!Password{sent}"}}"#
            );
            let forwarded = format!(
                "10.{}.{}.{}",
                (sent >> 16) & 255,
                (sent >> 8) & 255,
                sent & 255
            );
            let status = async {
                let mut h = Http::new(addr).await?;
                let mut req = h.json(Method::POST, "/api/auth/login", &session, body)?;
                req.headers_mut()
                    .insert("x-forwarded-for", forwarded.parse()?);
                anyhow::Ok(h.send(req).await?.0.as_u16())
            }
            .await
            .unwrap_or(0);
            *statuses.lock().expect("lock").entry(status).or_default() += 1;
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let statuses = statuses.lock().expect("lock").clone();
    Ok((sent, statuses))
}

/// Runs section 6 against the database of section 2 at `db_url` (sign-in enabled, the loopback
/// a trusted proxy so each wrong sign-in comes from an address of its own).
pub async fn run(cfg: &Config, db_url: &str, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 6: public reads during a flood of wrong sign-ins");
    let env = [
        ("GBVF_ENABLE_LOGIN", "true"),
        ("GBVF_TRUSTED_PROXIES", "127.0.0.1"),
    ];
    let server = start_gbvf(cfg, db_url, "login-flood", &env).await?;
    let path = "/api/crime/stats?boundaryId=1";
    let conns = 8;
    let secs = cfg.read_secs.max(4);
    let (warm, measure) = (Duration::from_secs(1), Duration::from_secs(secs));
    let reads = || read_load(server.addr, path, conns, warm, measure, None);
    let quiet = reads().await?;
    let per_sec = 200;
    let until = Instant::now() + Duration::from_secs(secs + 1);
    let flood = tokio::spawn(login_flood(server.addr, per_sec, until));
    let loaded = reads().await?;
    let (sent, statuses) = flood.await??;
    server.stop().await;
    section_title(6, "Public reads while 200 wrong sign-ins per second arrive");
    let mut t = table(&["load", "GET req/s", "p50 ms", "p99 ms", "errors"]);
    for (label, r) in [("quiet", &quiet), ("during the flood", &loaded)] {
        t.add_row(vec![
            label.to_string(),
            format!("{:.0}", r.rps),
            ms(r.hist.value_at_quantile(0.5)),
            ms(r.hist.value_at_quantile(0.99)),
            r.errors.to_string(),
        ]);
    }
    println!("{t}");
    let mut codes: Vec<_> = statuses.into_iter().collect();
    codes.sort();
    println!(
        "\n{sent} wrong sign-ins sent in {}s ({per_sec}/s, each from its own forwarded address); answers by status: {}",
        secs + 1,
        codes
            .iter()
            .map(|(c, n)| format!("{c}: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let p99 = loaded.hist.value_at_quantile(0.99) as f64 / 1000.0;
    summary.push(Verdict {
        section: "6",
        figure: format!("GET {path} p99 during 200 wrong sign-ins/s ({conns} connections)"),
        target: "< 50 ms".into(),
        measured: format!("{p99:.1} ms"),
        pass: Some(p99 < 50.0),
    });
    Ok(())
}
