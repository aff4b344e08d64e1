//! `gbvf events verify | verify-proof | public-key` and the proof export of `gbvf events history
//! --proof`: the auditor's side of the tamper-evident log (gbvf_events::audit;
//! docs/operations.md "Auditing").

use std::path::Path;
use std::time::Instant;

use gbvf_events::audit::{heads, key, proof, verify, Checkpoint};
use indicatif::{ProgressBar, ProgressStyle};
use sqlx::PgPool;

/// `gbvf events verify`: walks the chain with a progress bar on standard error, prints what was
/// checked, the speed in events/s and how far the log is sealed. Read-only, always: it never
/// makes a key and never writes a row (one read-only transaction, [`verify::verify`]).
/// Trusted signers: `extra_keys` (`--public-key`, hex) and the configured keys
/// ([`key::configured_public_keys`]: `GBVF_AUDIT_PUBLIC_KEY`, the public half of
/// `GBVF_AUDIT_SIGNING_KEY`), never a key read from the database (whoever can edit the log can
/// edit that). With none, it says so and checks the chain only. Errors: a finding (the first
/// mismatch, naming the event), a malformed key, the database's.
///
/// Then the log is checked against the signed heads kept outside the database: the heads file
/// (`GBVF_AUDIT_HEADS_DIR`, when it exists) and `since` (`--since FILE`, a head an auditor
/// kept; [`heads::parse_kept`]), each with a valid signature (and by a trusted key when any is
/// given): the log must reach each (tree root and chain seal at its size), and from `since` a
/// consistency proof to the newest head is built and checked ([`verify::check_heads`]).
pub async fn verify(
    pool: &PgPool,
    extra_keys: &[String],
    since: Option<&Path>,
) -> anyhow::Result<verify::Report> {
    let mut trusted = key::configured_public_keys()?;
    for k in extra_keys {
        trusted.push(key::parse_public_key(k)?);
    }
    trusted.dedup();
    if trusted.is_empty() {
        println!(
            "no trusted public key: give --public-key <hex> or set {} (or {}); checking the chain only, not who signed it",
            key::ENV_PUBLIC_KEY,
            key::ENV_KEY
        );
    }
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{spinner} verifying [{bar:40}] {pos}/{len} events ({per_sec}, {eta} left)",
        )
        .expect("template")
        .progress_chars("=> "),
    );
    let started = Instant::now();
    let mut report = verify::verify(pool, &trusted, |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    })
    .await?;
    bar.finish_and_clear();
    let outside = outside_heads(pool, &trusted, since).await?;
    let heads_report = verify::check_heads(pool, &outside.heads, outside.kept.as_ref()).await?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "checked {} events and {} signed checkpoints in {seconds:.1} s ({:.0} events/s)",
        report.checked,
        report.checkpoints,
        report.checked as f64 / seconds.max(1e-9)
    );
    if let Some(c) = &report.verified_checkpoint {
        if trusted.is_empty() {
            println!(
                "chain intact up to {} (chain entry {}, signed by {}, a key not checked against any trusted key)",
                c.recorded_at.to_rfc3339(),
                c.chain_index,
                c.public_key
            );
        } else {
            println!(
                "sealed and verified up to {} (chain entry {}, signed by trusted key {})",
                c.recorded_at.to_rfc3339(),
                c.chain_index,
                c.public_key
            );
        }
    }
    match &outside.file {
        Some(f) => println!(
            "checked against {} signed heads kept outside the database in {}",
            outside.from_file,
            f.display()
        ),
        None => println!(
            "no heads file outside the database ({}={}): only the database's own checkpoints were checked; give a head you kept with --since",
            heads::ENV_DIR,
            heads::dir_from_env().display()
        ),
    }
    if let Some(h) = &heads_report.newest {
        println!(
            "the log reaches the signed tree head of {} entries (root {}, signed by {})",
            h.chain_index,
            h.tree_root.as_deref().unwrap_or("-"),
            h.public_key
        );
    }
    if let Some((from, to, hashes)) = heads_report.consistency {
        println!(
            "the log only appended to the kept head of {from} entries: consistency proof to the head of {to} entries ({hashes} hashes) verifies"
        );
    }
    if let Some(f) = heads_report.finding {
        report.findings.insert(0, f);
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

/// Signed heads to check the log against, from outside the database.
struct OutsideHeads {
    /// The heads file read, when it exists.
    file: Option<std::path::PathBuf>,
    /// Heads from it.
    from_file: usize,
    /// Every head to check (file and `--since`).
    heads: Vec<Checkpoint>,
    /// The newest head of `--since`.
    kept: Option<Checkpoint>,
}

/// Reads the heads file of this database (when it exists) and the `--since` file, and keeps
/// the heads with a valid signature by a trusted key (any signer when `trusted` is empty).
/// Errors: a file cannot be read or parsed; a kept head fails its signature or is by an
/// untrusted key (that is a finding of its own: nothing can be proven from it).
async fn outside_heads(
    pool: &PgPool,
    trusted: &[String],
    since: Option<&Path>,
) -> anyhow::Result<OutsideHeads> {
    let mut tx = verify::read_only(pool).await?;
    let file = heads::HeadsFile::for_database(&mut tx, &heads::dir_from_env()).await?;
    tx.rollback().await?;
    let trust = |h: &Checkpoint, from: &str| -> anyhow::Result<()> {
        if !h.signature_valid().unwrap_or(false) {
            anyhow::bail!(
                "the head of {} entries in {from} has no valid signature",
                h.chain_index
            );
        }
        if !trusted.is_empty() && !trusted.contains(&h.public_key) {
            anyhow::bail!(
                "the head of {} entries in {from} is signed by key {}, not a trusted key",
                h.chain_index,
                h.public_key
            );
        }
        Ok(())
    };
    let mut out = OutsideHeads {
        file: None,
        from_file: 0,
        heads: vec![],
        kept: None,
    };
    if file.path.exists() {
        let name = file.path.display().to_string();
        for h in file.binding_heads()? {
            trust(&h, &name)?;
            out.heads.push(h);
        }
        out.from_file = out.heads.len();
        out.file = Some(file.path.clone());
    }
    if let Some(path) = since {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        let kept =
            heads::parse_kept(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let name = path.display().to_string();
        for h in &kept {
            trust(h, &name)?;
            if h.tree_root.is_none() {
                anyhow::bail!(
                    "the head of {} entries in {name} has no tree root (signed before the Merkle tree)",
                    h.chain_index
                );
            }
        }
        out.kept = kept.iter().max_by_key(|h| h.chain_index).cloned();
        out.heads.extend(kept);
    }
    Ok(out)
}
