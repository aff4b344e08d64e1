//! `gbvf data`: the published open data files (decisions 0164 and 0165).

use std::path::{Path, PathBuf};

use clap::Subcommand;
use gbvf_events::audit::manifest::{self, Checked, Manifest};

/// Largest manifest read, bytes: a manifest holds the chain links from its head to the next
/// signed checkpoint (at most about 1,000 digests of 64 hex digits while the sealer keeps up).
pub const MANIFEST_LIMIT: u64 = 16 * 1024 * 1024;

/// Open data subcommands.
#[derive(Subcommand)]
pub enum DataCommand {
    /// Check, without a database, that FILE is the file MANIFEST names (size and SHA-256), that
    /// the audit key signed the statement that it was computed from the event log up to the
    /// manifest's head, and that the head is in the history that key signed (exit status 1
    /// otherwise). Get both from GET /api/data/<dataset>/<file> and
    /// /api/data/<dataset>/manifest/<file>.
    Verify {
        /// The downloaded file.
        file: PathBuf,
        /// Its manifest.
        manifest: PathBuf,
        /// The public key (hex) both signatures must be made with (GET
        /// /api/audit/public-key); without it, the manifest's key is printed to compare.
        #[arg(long = "public-key", value_name = "HEX")]
        public_key: Option<String>,
    },
}

/// `gbvf data verify FILE MANIFEST [--public-key HEX]`: reads the file in blocks (bounded memory
/// whatever its size) and at most [`MANIFEST_LIMIT`] bytes of the manifest, checks them
/// ([`manifest::check`]) and prints what a valid manifest shows. Errors: a file that cannot be
/// read, a manifest that is not one, or the first mismatch, in words.
pub fn verify(
    file: &Path,
    manifest_path: &Path,
    public_key: Option<&str>,
) -> anyhow::Result<Checked> {
    use std::io::Read;
    let open = |p: &Path| {
        std::fs::File::open(p).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", p.display()))
    };
    let (bytes, sha256) = manifest::measure(std::io::BufReader::new(open(file)?))
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
    let mut text = Vec::new();
    open(manifest_path)?
        .take(MANIFEST_LIMIT + 1)
        .read_to_end(&mut text)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", manifest_path.display()))?;
    if text.len() as u64 > MANIFEST_LIMIT {
        anyhow::bail!(
            "{} is larger than a manifest can be",
            manifest_path.display()
        );
    }
    let m: Manifest = serde_json::from_slice(&text)
        .map_err(|e| anyhow::anyhow!("{} is not a manifest: {e}", manifest_path.display()))?;
    let checked = manifest::check(&m, bytes, &sha256, public_key)?;
    println!(
        "manifest valid: {} is {}/{} ({bytes} bytes, SHA-256 {sha256}), computed from the event log up to chain entry {}, sealed up to {}",
        file.display(),
        checked.dataset,
        checked.file,
        checked.head_chain_index,
        checked.sealed_up_to.to_rfc3339()
    );
    match public_key {
        Some(_) => println!("signed with the expected key {}", checked.public_key),
        None => println!(
            "signed with key {}: compare it with the published key (GET /api/audit/public-key), or pass --public-key",
            checked.public_key
        ),
    }
    Ok(checked)
}
