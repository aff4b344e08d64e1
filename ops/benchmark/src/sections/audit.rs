//! Section 11: the tamper-evident seal of the event log (gbvf_events::audit). A log of
//! `GBVF_BENCH_AUDIT_EVENTS` (default 1,000,000) synthetic crime events, then the sealer's own
//! step (`Sealer::step`, pages of `sealer::PAGE`, a checkpoint signed every
//! `sealer::CHECKPOINT_EVERY` events) until the chain reaches the head, then `verify::verify` of
//! the whole chain. Prints events/s for both. Target: sealing at least
//! [`TARGET_SEAL_RATE`] events/s, so that the sealer keeps up with any command load measured in
//! section 1 many times over (it runs after commit; a slower sealer only delays the seal).

use std::time::Instant;

use anyhow::{bail, Result};

use gbvf_events::audit::{key, sealer, verify};

use crate::config::Config;
use crate::db::{open_db, Databases};
use crate::report::{num, section_title, table, Verdict};
use crate::synthetic::append_synthetic;

/// Sealing rate, events/s.
const TARGET_SEAL_RATE: f64 = 20_000.0;

/// Seals every unsealed event of the database of `pool` with the sealer's own step (pages of
/// `sealer::PAGE`) and signs the head, as the server's sealer would have as the log grew.
/// Returns the events sealed and the seconds taken.
pub async fn seal_all(pool: &sqlx::PgPool) -> Result<(u64, f64)> {
    let signing = key::signing_key(pool).await?;
    let t = Instant::now();
    let mut sealed = 0u64;
    // No heads file: the benchmark's databases are thrown away.
    let mut worker = sealer::Sealer::open(pool, signing, None).await?;
    loop {
        let step = worker.step(pool, sealer::PAGE, false).await?;
        sealed += step.sealed as u64;
        if step.sealed == 0 {
            break;
        }
    }
    worker.step(pool, sealer::PAGE, true).await?;
    Ok((sealed, t.elapsed().as_secs_f64()))
}

/// Runs section 11 on a new database.
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<()> {
    let n = cfg.audit_events;
    eprintln!(
        "==> section 11: sealing and verifying a log of {} synthetic events",
        num(n as f64)
    );
    let url = dbs.create("audit").await?;
    let pool = open_db(&url).await?;
    let (append_s, _) = append_synthetic(cfg, &pool, n).await?;
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&pool)
        .await?;
    let (sealed, seal_s) = seal_all(&pool).await?;
    if sealed as i64 != total {
        bail!("sealed {sealed} events of {total}");
    }
    let size: String = sqlx::query_scalar(
        "SELECT pg_size_pretty(pg_total_relation_size('event_seal') + pg_total_relation_size('event_seal_checkpoint'))",
    )
    .fetch_one(&pool)
    .await?;

    let t = Instant::now();
    let report = verify::verify(&pool, &[], |_, _| {}).await?;
    let verify_s = t.elapsed().as_secs_f64();
    if !report.intact() || report.checked != sealed {
        bail!(
            "verify of the untouched log found {:?} after {} events",
            report.findings,
            report.checked
        );
    }

    section_title(11, "Audit seal: sealing and verifying the event log");
    let seal_rate = sealed as f64 / seal_s;
    let verify_rate = report.checked as f64 / verify_s;
    let mut tb = table(&["step", "events", "seconds", "events/s"]);
    tb.add_row(vec![
        "append (synthetic, 2 writers)".to_string(),
        num(n as f64),
        format!("{append_s:.1}"),
        num(n as f64 / append_s),
    ]);
    tb.add_row(vec![
        format!(
            "seal (sealer::step, pages of {}, {} checkpoints)",
            num(sealer::PAGE as f64),
            num(report.checkpoints as f64)
        ),
        num(sealed as f64),
        format!("{seal_s:.1}"),
        num(seal_rate),
    ]);
    tb.add_row(vec![
        "verify (whole chain, signatures)".to_string(),
        num(report.checked as f64),
        format!("{verify_s:.1}"),
        num(verify_rate),
    ]);
    println!("{tb}");
    println!(
        "\nSeal tables on disk: {size} for {} events.",
        num(sealed as f64)
    );
    summary.push(Verdict {
        section: "11 audit",
        figure: "sealing, events/s".into(),
        target: format!(">= {}", num(TARGET_SEAL_RATE)),
        measured: num(seal_rate),
        pass: Some(seal_rate >= TARGET_SEAL_RATE),
    });
    summary.push(Verdict {
        section: "11 audit",
        figure: "verify, events/s".into(),
        target: "info".into(),
        measured: num(verify_rate),
        pass: None,
    });
    Ok(())
}
