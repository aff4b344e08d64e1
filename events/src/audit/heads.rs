//! Signed heads kept outside the database: an append-only file of JSON lines that someone who
//! can write the database cannot take back (docs/decisions/0101-signed-tree-heads-outside-the-database.md).
//!
//! - The directory: `GBVF_AUDIT_HEADS_DIR` (default `.data/audit-heads`, for development). The
//!   operator puts it where the database's users cannot write (another host's mount, a
//!   `chattr +a` file, a WORM bucket synced from it) and copies it off the machine.
//! - The file: `heads-<database name>-<database oid>.jsonl`, one per database, so databases
//!   sharing a directory (tests, staging) never mix. A database dropped and made again under
//!   the same name starts a new file: the old one stays beside it.
//! - Each line is a [`Checkpoint`] (a signed tree head) in the order signed, or a [`Cut`]: the
//!   record of a sanctioned removal (`gbvf examples remove`), which makes every head written
//!   before it at or past its chain index no longer binding.
//! - Writers hold an exclusive lock on the file while appending (the sealer from before its
//!   database commit until the line is written and synced), so a cut is never written between
//!   a commit and the head it made.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Checkpoint;

/// The environment variable naming the directory.
pub const ENV_DIR: &str = "GBVF_AUDIT_HEADS_DIR";
/// The directory when the variable is not set (relative to the working directory).
pub const DEFAULT_DIR: &str = ".data/audit-heads";

/// A sanctioned cut of the chain: heads written before this line with `chain_index >=
/// cut_at` are no longer binding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cut {
    /// The first chain entry removed.
    pub cut_at: i64,
    /// When the cut was recorded.
    pub cut_time: chrono::DateTime<chrono::Utc>,
    /// Why (e.g. `gbvf examples remove`).
    pub reason: String,
}

/// One line of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Line {
    /// A signed head.
    Head(Checkpoint),
    /// A sanctioned cut.
    Cut(Cut),
}

/// The heads file of one database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadsFile {
    /// Its path.
    pub path: PathBuf,
}

/// The configured directory (`GBVF_AUDIT_HEADS_DIR` or [`DEFAULT_DIR`]).
pub fn dir_from_env() -> PathBuf {
    std::env::var_os(ENV_DIR)
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_DIR))
}

impl HeadsFile {
    /// The file of the database `conn` is connected to, in `dir`. Reads the database's name and
    /// oid (no write). Errors: the database's.
    pub async fn for_database(
        conn: &mut sqlx::PgConnection,
        dir: &Path,
    ) -> sqlx::Result<HeadsFile> {
        let (name, oid): (String, i64) = sqlx::query_as(
            "SELECT current_database()::text, oid::bigint FROM pg_database WHERE datname = current_database()",
        )
        .fetch_one(conn)
        .await?;
        let safe: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        Ok(HeadsFile {
            path: dir.join(format!("heads-{safe}-{oid}.jsonl")),
        })
    }

    /// [`HeadsFile::for_database`] in the configured directory ([`dir_from_env`]).
    pub async fn from_env(pool: &sqlx::PgPool) -> sqlx::Result<HeadsFile> {
        let mut conn = pool.acquire().await?;
        Self::for_database(&mut conn, &dir_from_env()).await
    }

    /// Opens the file for appending (made with its directory when missing) and takes its
    /// exclusive lock, held until the returned writer is dropped. Errors: the file system's.
    pub fn lock(&self) -> std::io::Result<Locked> {
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .read(true)
            .open(&self.path)?;
        file.lock()?;
        Ok(Locked { file })
    }

    /// Every line in file order; an unfinished last line (a crash while writing) is ignored.
    /// A missing file has none. Errors: unreadable, or a line that is not a head or a cut.
    pub fn lines(&self) -> anyhow::Result<Vec<Line>> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(vec![]),
            Err(e) => anyhow::bail!("cannot read {}: {e}", self.path.display()),
        };
        parse_lines(&text, &self.path)
    }

    /// The heads still binding, in the order signed: each head not followed (later in the
    /// file) by a cut at or before its chain index. Errors: see [`HeadsFile::lines`].
    pub fn binding_heads(&self) -> anyhow::Result<Vec<Checkpoint>> {
        Ok(binding(self.lines()?))
    }

    /// The newest binding head, reading the file backwards from its end (a few kilobytes while
    /// no cut is near the end). Errors: see [`HeadsFile::lines`].
    pub fn last(&self) -> anyhow::Result<Option<Checkpoint>> {
        let mut file = match File::open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => anyhow::bail!("cannot read {}: {e}", self.path.display()),
        };
        const CHUNK: u64 = 16 * 1024;
        // The end of the last finished line: an unfinished one after it is ignored.
        let mut end = file.seek(SeekFrom::End(0))?;
        loop {
            if end == 0 {
                return Ok(None);
            }
            let start = end.saturating_sub(CHUNK);
            let mut chunk = vec![0u8; usize::try_from(end - start)?];
            file.seek(SeekFrom::Start(start))?;
            file.read_exact(&mut chunk)?;
            if let Some(i) = chunk.iter().rposition(|b| *b == b'\n') {
                end = start + i as u64 + 1;
                break;
            }
            end = start;
        }
        // Backwards by chunks of whole lines.
        let mut tail: Vec<u8> = Vec::new();
        let mut min_cut = i64::MAX;
        loop {
            let start = end.saturating_sub(CHUNK);
            let mut chunk = vec![0u8; usize::try_from(end - start)?];
            file.seek(SeekFrom::Start(start))?;
            file.read_exact(&mut chunk)?;
            chunk.extend_from_slice(&tail);
            // Before the first newline: the end of a line that began before `start`.
            let (rest, whole) = match (start, chunk.iter().position(|b| *b == b'\n')) {
                (0, _) => (Vec::new(), chunk),
                (_, Some(i)) => (chunk[..=i].to_vec(), chunk[i + 1..].to_vec()),
                (_, None) => (chunk, Vec::new()),
            };
            let text = String::from_utf8_lossy(&whole);
            for line in text.split('\n').rev().filter(|l| !l.trim().is_empty()) {
                match parse_line(line, &self.path)? {
                    Line::Cut(c) => min_cut = min_cut.min(c.cut_at),
                    Line::Head(h) if h.chain_index < min_cut => return Ok(Some(h)),
                    Line::Head(_) => {}
                }
            }
            if start == 0 {
                return Ok(None);
            }
            tail = rest;
            end = start;
        }
    }

    /// The file's length in bytes (0 when missing): a mark for [`HeadsFile::cut_after`].
    pub fn byte_len(&self) -> u64 {
        std::fs::metadata(&self.path).map(|m| m.len()).unwrap_or(0)
    }

    /// Whether a cut was recorded after byte `offset`.
    pub fn cut_after(&self, offset: u64) -> anyhow::Result<bool> {
        let mut file = match File::open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
            Err(e) => anyhow::bail!("cannot read {}: {e}", self.path.display()),
        };
        file.seek(SeekFrom::Start(offset))?;
        let mut text = String::new();
        file.read_to_string(&mut text)?;
        Ok(text
            .split('\n')
            .any(|l| matches!(serde_json::from_str::<Line>(l), Ok(Line::Cut(_)))))
    }
}

/// The file, locked for appending.
pub struct Locked {
    file: File,
}

impl Locked {
    /// Appends `lines` and syncs them to disk. Errors: the file system's.
    pub fn append(&mut self, lines: &[Line]) -> std::io::Result<()> {
        if lines.is_empty() {
            return Ok(());
        }
        let mut text = String::new();
        // After a crash mid-line, start on a line of its own.
        let len = self.file.metadata()?.len();
        if len > 0 {
            let mut last = [0u8; 1];
            self.file.seek(SeekFrom::Start(len - 1))?;
            self.file.read_exact(&mut last)?;
            if last[0] != b'\n' {
                text.push('\n');
            }
        }
        for l in lines {
            text.push_str(&serde_json::to_string(l).expect("heads serialize"));
            text.push('\n');
        }
        self.file.write_all(text.as_bytes())?;
        self.file.sync_data()
    }
}

fn parse_line(line: &str, path: &Path) -> anyhow::Result<Line> {
    serde_json::from_str(line).map_err(|e| {
        anyhow::anyhow!(
            "{}: a line is neither a signed head nor a cut ({e})",
            path.display()
        )
    })
}

fn parse_lines(text: &str, path: &Path) -> anyhow::Result<Vec<Line>> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    // The piece after the last newline is unfinished (or empty).
    lines.pop();
    lines
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| parse_line(l, path))
        .collect()
}

/// The heads of `lines` not superseded by a later cut, in file order.
pub fn binding(lines: Vec<Line>) -> Vec<Checkpoint> {
    let mut min_cut = i64::MAX;
    let mut out = Vec::new();
    for line in lines.into_iter().rev() {
        match line {
            Line::Cut(c) => min_cut = min_cut.min(c.cut_at),
            Line::Head(h) if h.chain_index < min_cut => out.push(h),
            Line::Head(_) => {}
        }
    }
    out.reverse();
    out
}

/// Heads given to `gbvf events verify --since FILE`: a JSON object (one head, as a line of the
/// heads file or an item of `GET /api/audit/checkpoints`), a JSON array of heads, the answer of
/// `GET /api/audit/checkpoints` (its `checkpoints`), or JSON lines (a copy of a heads file).
/// Errors: none of these.
pub fn parse_kept(text: &str) -> anyhow::Result<Vec<Checkpoint>> {
    #[derive(Deserialize)]
    struct Answer {
        checkpoints: Vec<Checkpoint>,
    }
    if let Ok(h) = serde_json::from_str::<Checkpoint>(text) {
        return Ok(vec![h]);
    }
    if let Ok(hs) = serde_json::from_str::<Vec<Checkpoint>>(text) {
        return Ok(hs);
    }
    if let Ok(a) = serde_json::from_str::<Answer>(text) {
        return Ok(a.checkpoints);
    }
    let mut text = text.to_string();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let heads = binding(parse_lines(&text, Path::new("the kept heads"))?);
    if heads.is_empty() {
        anyhow::bail!("no signed head in the file");
    }
    Ok(heads)
}

/// Whether the database lost what the newest head in `file` covers: its chain entry missing
/// from `event_seal` (seal rows vanished) or with another seal (rows changed); one sentence,
/// or `None`. The sealer commits its rows before it writes a head, so a head is never ahead of
/// the database unless rows were removed. Errors: the file's or the database's.
pub async fn database_alarm(
    pool: &sqlx::PgPool,
    file: &HeadsFile,
) -> anyhow::Result<Option<String>> {
    let f = file.clone();
    let Some(last) = tokio::task::spawn_blocking(move || f.last()).await?? else {
        return Ok(None);
    };
    let seal: Option<Vec<u8>> =
        sqlx::query_scalar("SELECT seal FROM event_seal WHERE chain_index = $1")
            .bind(last.chain_index)
            .fetch_optional(pool)
            .await?;
    Ok(match seal {
        None => Some(format!(
            "seal rows vanished: a head of {} entries was signed and kept outside the database, but event_seal has no entry {}",
            last.chain_index, last.chain_index
        )),
        Some(seal) if hex::encode(&seal) != last.seal => Some(format!(
            "the seal of chain entry {} in event_seal is not the one signed and kept outside the database",
            last.chain_index
        )),
        Some(_) => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(i: i64) -> Checkpoint {
        Checkpoint {
            chain_index: i,
            global_position: i,
            seal: "00".repeat(32),
            recorded_at: chrono::DateTime::from_timestamp(1_800_000_000, 0).unwrap(),
            signed_at_micros: 1,
            public_key: "11".repeat(32),
            signature: "22".repeat(64),
            tree_root: Some("33".repeat(32)),
        }
    }

    #[test]
    fn the_last_binding_head_skips_what_a_cut_superseded_and_unfinished_lines() {
        let dir = std::env::temp_dir().join(format!("gbvf-heads-{}", uuid::Uuid::new_v4()));
        let f = HeadsFile {
            path: dir.join("heads.jsonl"),
        };
        assert_eq!(f.last().unwrap(), None);
        let mut w = f.lock().unwrap();
        // Enough lines to make the backward read cross chunks.
        let lines: Vec<Line> = (1..=400).map(|i| Line::Head(head(i * 10))).collect();
        w.append(&lines).unwrap();
        assert_eq!(f.last().unwrap().unwrap().chain_index, 4000);
        let mark = f.byte_len();
        w.append(&[Line::Cut(Cut {
            cut_at: 35,
            cut_time: chrono::Utc::now(),
            reason: "test".into(),
        })])
        .unwrap();
        assert!(f.cut_after(mark).unwrap());
        assert!(!f.cut_after(f.byte_len()).unwrap());
        assert_eq!(f.last().unwrap().unwrap().chain_index, 30);
        w.append(&[Line::Head(head(36))]).unwrap();
        drop(w);
        // A torn last line is not a head.
        std::fs::OpenOptions::new()
            .append(true)
            .open(&f.path)
            .unwrap()
            .write_all(b"{\"chain_index\": 9")
            .unwrap();
        assert_eq!(f.last().unwrap().unwrap().chain_index, 36);
        let binding: Vec<i64> = f
            .binding_heads()
            .unwrap()
            .iter()
            .map(|h| h.chain_index)
            .collect();
        assert_eq!(binding, vec![10, 20, 30, 36]);
        let _ = std::fs::remove_dir_all(dir);
    }
}
