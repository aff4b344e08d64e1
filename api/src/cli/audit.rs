//! `gbvf events verify | verify-proof | public-key` and the proof export of `gbvf events history
//! --proof`: the auditor's side of the tamper-evident log (gbvf_events::audit;
//! docs/operations.md "Auditing").

use std::path::Path;
use std::time::Instant;

use gbvf_events::audit::{key, proof, verify};
use indicatif::{ProgressBar, ProgressStyle};
use sqlx::PgPool;

/// `gbvf events verify`: walks the chain with a progress bar on standard error, prints what was
/// checked, the speed in events/s and how far the log is sealed. `extra_keys`: public keys (hex)
/// trusted besides the server's current one (keys of checkpoints signed before a rotation).
/// Errors: a finding (the first mismatch, naming the event), the database's.
pub async fn verify(pool: &PgPool, extra_keys: &[String]) -> anyhow::Result<verify::Report> {
    let mut trusted = vec![key::public_key_hex(pool).await?];
    trusted.extend(extra_keys.iter().map(|k| k.trim().to_ascii_lowercase()));
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{spinner} verifying [{bar:40}] {pos}/{len} events ({per_sec}, {eta} left)",
        )
        .expect("template")
        .progress_chars("=> "),
    );
    let started = Instant::now();
    let report = verify::verify(pool, &trusted, |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    })
    .await?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "checked {} events and {} signed checkpoints in {seconds:.1} s ({:.0} events/s)",
        report.checked,
        report.checkpoints,
        report.checked as f64 / seconds.max(1e-9)
    );
    if let Some(c) = &report.verified_checkpoint {
        println!(
            "sealed and verified up to {} (chain entry {}, signed by {})",
            c.recorded_at.to_rfc3339(),
            c.chain_index,
            c.public_key
        );
    }
    if report.unsealed > 0 {
        println!(
            "{} events committed after the head are not sealed yet (the sealer runs in `gbvf serve` and `gbvf project`)",
            report.unsealed
        );
    }
    if !report.intact() {
        for f in &report.findings {
            eprintln!("TAMPERED: {f}");
        }
        anyhow::bail!(
            "the event log does not match its seal: {}",
            report.findings[0]
        );
    }
    println!("the event log matches its seal");
    Ok(report)
}

/// `gbvf events history <type> <id> --proof FILE`: writes the aggregate's proof file.
/// Returns its size in bytes. Errors: see [`proof::export`]; the file cannot be written.
pub async fn write_proof(
    pool: &PgPool,
    aggregate_type: &str,
    aggregate_id: &str,
    file: &Path,
) -> anyhow::Result<usize> {
    let p = proof::export(pool, aggregate_type, aggregate_id).await?;
    let bytes = proof::to_bytes(&p);
    std::fs::write(file, &bytes)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", file.display()))?;
    eprintln!(
        "proof of {} events of {aggregate_type} {aggregate_id} in {} ({} bytes, {} signed checkpoints, key {})",
        p.events.len(),
        file.display(),
        bytes.len(),
        p.segments.len(),
        p.public_key
    );
    Ok(bytes.len())
}

/// `gbvf events verify-proof FILE [--public-key HEX]`: checks a proof file, no database.
/// Without `--public-key` it prints the key the file is signed with, to compare with the
/// published one. Errors: the file cannot be read, or the first mismatch.
pub fn verify_proof(file: &Path, public_key: Option<&str>) -> anyhow::Result<proof::Checked> {
    let bytes =
        std::fs::read(file).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
    let checked = proof::check_bytes(&bytes, public_key)?;
    println!(
        "proof valid: {} events, {} signed checkpoints, sealed up to {}",
        checked.events,
        checked.checkpoints,
        checked.sealed_up_to.to_rfc3339()
    );
    match public_key {
        Some(_) => println!("signed with the expected key {}", checked.public_key),
        None => println!(
            "signed with key {}: compare it with the published key (`gbvf events public-key`, GET /api/audit/public-key), or pass --public-key",
            checked.public_key
        ),
    }
    Ok(checked)
}
