//! Open data: the datasets the product publishes as files, each packaged as a Frictionless
//! Tabular Data Package (<https://specs.frictionlessdata.io/tabular-data-package/>: CSV files
//! with a Table Schema per file, their sizes and SHA-256 hashes) and listed in a DCAT
//! catalogue (<https://www.w3.org/TR/vocab-dcat-3/>, JSON-LD) that portals such as CKAN and
//! dataset search engines harvest. Decision 0164.
//!
//! - [`crime`]: crimes recorded by SAPS per area, crime type and financial year, with the
//!   population and rate of each year.
//! - [`collective_actions`]: the collective actions (End GBVF 100-Day Challenges) with their
//!   places, pillars, cycles, goals and results.
//! - [`health_check`]: the public health-check figures exactly as published, suppressed
//!   cells empty.
//! - [`building_blocks`]: support services per area, building block and quarter: providers
//!   listed and verified, and availability where enough are verified.
//! - [`catalogue`]: the DCAT catalogue of every dataset.
//!
//! A dataset is produced from one snapshot of the read models and kept in memory until the
//! projections it reads move ([`OpenData`]); its files are then served unchanged, so a
//! package's hashes always describe the bytes a client downloads.

pub mod building_blocks;
pub mod catalogue;
pub mod collective_actions;
pub mod crime;
pub mod health_check;

use std::sync::Arc;

use axum::body::Bytes;
use gbvf_events::audit::manifest::{self, Attested, Manifest};
use gbvf_events::audit::sealer::KeptSealer;
use gbvf_events::store::Position;
use gbvf_projections::engine::status::checkpoints_on;
use gbvf_projections::health_check::public_figures::publication_stamp;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sqlx::PgPool;

/// One column of a published file, as its Table Schema field says it
/// (<https://specs.frictionlessdata.io/table-schema/>).
#[derive(Debug, Clone, Copy)]
pub struct Column {
    /// Header in the CSV file and field name.
    pub name: &'static str,
    /// Table Schema type: `integer`, `number`, `string` or `boolean`.
    pub kind: &'static str,
    /// What a cell holds: units, denominators, and what an empty cell means.
    pub description: &'static str,
    /// Whether every row has a value (Table Schema `constraints.required`).
    pub required: bool,
}

/// A file of a dataset, as served: its bytes, SHA-256 and row count.
#[derive(Debug, Clone)]
pub struct File {
    /// Resource name in the package (`crime-provinces`); the file is `<name>.csv`.
    pub name: &'static str,
    /// Title of the resource.
    pub title: &'static str,
    /// The CSV, UTF-8, header row first.
    pub bytes: Bytes,
    /// Lower-case hex SHA-256 of [`Self::bytes`].
    pub sha256: String,
    /// Data rows (the header not counted).
    pub rows: usize,
}

impl File {
    /// A file of `bytes` with its hash computed.
    pub fn new(name: &'static str, title: &'static str, bytes: Vec<u8>, rows: usize) -> Self {
        let sha256 = hex::encode(Sha256::digest(&bytes));
        File {
            name,
            title,
            bytes: bytes.into(),
            sha256,
            rows,
        }
    }

    /// The file's name as served (`crime-provinces.csv`).
    pub fn file_name(&self) -> String {
        format!("{}.csv", self.name)
    }
}

/// A produced dataset: its files and what it was computed from.
#[derive(Debug, Clone)]
pub struct Dataset {
    /// Package name (`gbvf-crime`), also the last segment of its address.
    pub name: &'static str,
    /// Title.
    pub title: &'static str,
    /// Description: what it counts, for which period, and how.
    pub description: String,
    /// Keywords for catalogues.
    pub keywords: &'static [&'static str],
    /// The columns every file of the dataset has, in order.
    pub columns: &'static [Column],
    /// The files.
    pub files: Vec<File>,
    /// The first and last day its rows cover, when it has any.
    pub period: Option<(chrono::NaiveDate, chrono::NaiveDate)>,
    /// The log positions of the projections it was read from, by projection name.
    pub read_at: Vec<(&'static str, Position)>,
    /// What it was produced from ([`version_on`]).
    pub version: String,
    /// When it was produced.
    pub produced_at: chrono::DateTime<chrono::Utc>,
    /// Sources, as (title, address; empty when it has none).
    pub sources: &'static [(&'static str, &'static str)],
    /// The terms it is published under.
    pub licence: &'static Licence,
    /// The signed manifest of each file, in [`Self::files`] order (see [`attest`]).
    pub manifests: Vec<Manifest>,
}

impl Dataset {
    /// The file named `file_name` (`crime-provinces.csv`), if the dataset has it.
    pub fn file(&self, file_name: &str) -> Option<&File> {
        self.files.iter().find(|f| f.file_name() == file_name)
    }

    /// The manifest of the file named `file_name`, if the dataset has it.
    pub fn manifest(&self, file_name: &str) -> Option<&Manifest> {
        self.manifests.iter().find(|m| m.file == file_name)
    }

    /// The Frictionless Tabular Data Package descriptor (`datapackage.json`): each file a
    /// tabular resource at a path relative to the descriptor, with its size in bytes, its
    /// `sha256:` hash and the Table Schema of [`Self::columns`]; empty cells are missing
    /// values. `home` is the site's address (for `homepage`).
    pub fn data_package(&self, home: &str) -> Value {
        let fields: Vec<Value> = self
            .columns
            .iter()
            .map(|c| {
                let mut field =
                    json!({"name": c.name, "type": c.kind, "description": c.description});
                if c.required {
                    field["constraints"] = json!({"required": true});
                }
                field
            })
            .collect();
        let resources: Vec<Value> = self
            .files
            .iter()
            .map(|f| {
                json!({
                    "name": f.name,
                    "title": f.title,
                    "path": f.file_name(),
                    "profile": "tabular-data-resource",
                    "format": "csv",
                    "mediatype": "text/csv",
                    "encoding": "utf-8",
                    "bytes": f.bytes.len(),
                    "hash": format!("sha256:{}", f.sha256),
                    "schema": {"fields": fields, "missingValues": [""]},
                })
            })
            .collect();
        json!({
            "profile": "tabular-data-package",
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "homepage": format!("{home}/data"),
            "keywords": self.keywords,
            "created": self.produced_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            "licenses": [self.licence.descriptor()],
            "sources": self.sources.iter().map(|(title, path)| if path.is_empty() { json!({"title": title}) } else { json!({"title": title, "path": path}) }).collect::<Vec<_>>(),
            "resources": resources,
        })
    }
}

/// Signs a manifest for each file of `dataset` ([`gbvf_events::audit::manifest::attest`],
/// sealing with `sealer`), naming as the log head the newest of the positions it was read at.
/// Errors: the database's, or a chain that does not cover the head.
pub async fn attest(
    pool: &PgPool,
    sealer: &KeptSealer,
    dataset: &mut Dataset,
) -> anyhow::Result<()> {
    let head = dataset
        .read_at
        .iter()
        .map(|(_, p)| *p)
        .max()
        .unwrap_or(Position::ZERO);
    let names: Vec<String> = dataset.files.iter().map(File::file_name).collect();
    let files: Vec<Attested> = dataset
        .files
        .iter()
        .zip(&names)
        .map(|(f, name)| Attested {
            dataset: dataset.name,
            file: name,
            bytes: f.bytes.len() as u64,
            sha256: &f.sha256,
        })
        .collect();
    dataset.manifests = manifest::attest(pool, sealer, head, &files).await?;
    Ok(())
}

/// The terms a dataset is published under, as an Open Definition licence id with what it
/// means here (decision 0164).
#[derive(Debug)]
pub struct Licence {
    /// Open Definition licence id.
    pub id: &'static str,
    /// What it means here.
    pub title: &'static str,
    /// Where the id is defined.
    pub path: &'static str,
}

impl Licence {
    /// As a Data Package `licenses` entry.
    pub fn descriptor(&self) -> Value {
        json!({"name": self.id, "title": self.title, "path": self.path})
    }
}

/// Public statistics whose publishers state no terms of use (data/crime/SOURCE.md: "Neither
/// SAPS nor Stats SA explicitly state terms of use for their data"; Promotion of Access to
/// Information Act, Constitution s32(1)(a)): Open Definition's `other-pd`.
pub const PUBLIC_STATISTICS: Licence = Licence {
    id: "other-pd",
    title: "Public information: SAPS, Statistics South Africa and the Municipal Demarcation Board state no terms of use; credit them as sources",
    path: "https://opendefinition.org/licenses/other-pd/",
};

/// Rows paraphrased from public reports, each naming its report (data/challenges/SOURCE.md):
/// Open Definition's `other-at`, attribution to each row's source.
pub const REPORTED_ACTIONS: Licence = Licence {
    id: "other-at",
    title: "Paraphrased from public reports: credit each row's source_url and this dashboard",
    path: "https://opendefinition.org/licenses/other-at/",
};

/// The dashboard's own published figures: Creative Commons Attribution 4.0.
pub const OWN_FIGURES: Licence = Licence {
    id: "CC-BY-4.0",
    title: "Creative Commons Attribution 4.0: credit the GBVF dashboard",
    path: "https://creativecommons.org/licenses/by/4.0/",
};

/// A dataset the product publishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// [`crime`].
    Crime,
    /// [`collective_actions`].
    CollectiveActions,
    /// [`health_check`].
    HealthCheckFigures,
    /// [`building_blocks`].
    BuildingBlocks,
}

impl Kind {
    /// Every dataset, in catalogue order.
    pub const ALL: [Kind; 4] = [
        Kind::Crime,
        Kind::BuildingBlocks,
        Kind::HealthCheckFigures,
        Kind::CollectiveActions,
    ];

    /// Its name, the last segment of its address (`gbvf-crime`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Crime => crime::NAME,
            Kind::CollectiveActions => collective_actions::NAME,
            Kind::HealthCheckFigures => health_check::NAME,
            Kind::BuildingBlocks => building_blocks::NAME,
        }
    }

    /// The dataset named `name`, if any.
    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The projections it is read from.
    fn reads(self) -> &'static [&'static str] {
        match self {
            Kind::Crime => &crime::READS,
            Kind::CollectiveActions => &collective_actions::READS,
            Kind::HealthCheckFigures => &health_check::READS,
            Kind::BuildingBlocks => &building_blocks::READS,
        }
    }

    /// Produces the dataset from the read models, without manifests ([`attest`] adds them).
    /// Errors: the database's.
    pub async fn produce_unsigned(self, pool: &PgPool) -> anyhow::Result<Dataset> {
        match self {
            Kind::Crime => crime::produce(pool).await,
            Kind::CollectiveActions => collective_actions::produce(pool).await,
            Kind::HealthCheckFigures => health_check::produce(pool).await,
            Kind::BuildingBlocks => building_blocks::produce(pool).await,
        }
    }

    async fn produce(self, pool: &PgPool, sealer: &KeptSealer) -> anyhow::Result<Dataset> {
        let started = std::time::Instant::now();
        let mut dataset = self.produce_unsigned(pool).await?;
        let produced = started.elapsed();
        attest(pool, sealer, &mut dataset).await?;
        tracing::info!(
            dataset = self.name(),
            produce_ms = produced.as_millis() as u64,
            sign_ms = (started.elapsed() - produced).as_millis() as u64,
            "open data produced"
        );
        Ok(dataset)
    }
}

/// What the dataset `kind` is produced from, read on `connection` (inside the producer's
/// snapshot, or alone to see whether a kept dataset is still current): the checkpoints of the
/// projections it reads and, for the health-check figures, the publication stamp
/// (`gbvf_projections::health_check::public_figures::publication_stamp`), for the building
/// blocks the current quarter (a new quarter moves their four quarters); as (text identifying
/// it, the checkpoints). Equal texts, equal datasets. Errors: the database's.
pub async fn version_on(
    connection: &mut sqlx::PgConnection,
    kind: Kind,
) -> sqlx::Result<(String, Vec<(&'static str, Position)>)> {
    let read_at = checkpoints_on(&mut *connection, kind.reads()).await?;
    let stamp = match kind {
        Kind::HealthCheckFigures => Some(publication_stamp(&mut *connection).await?),
        Kind::BuildingBlocks => Some(
            crate::http::building_blocks::quarters::reporting_quarters(
                chrono::Utc::now().date_naive(),
            )[3]
            .to_string(),
        ),
        _ => None,
    };
    Ok((version_text(&read_at, stamp.as_deref()), read_at))
}

/// The text of [`version_on`]: each checkpoint as `name=transaction.position;`, then the
/// publication stamp when there is one.
pub fn version_text(read_at: &[(&'static str, Position)], stamp: Option<&str>) -> String {
    let mut text: String = read_at
        .iter()
        .map(|(p, at)| format!("{p}={}.{};", at.transaction_id, at.global_position))
        .collect();
    text.push_str(stamp.unwrap_or_default());
    text
}

/// The datasets of this process, each produced once per state of what it reads
/// ([`version_on`]) and shared until that moves; concurrent callers of one dataset wait for
/// one production.
#[derive(Default)]
pub struct OpenData {
    kept: [tokio::sync::Mutex<Option<Arc<Dataset>>>; Kind::ALL.len()],
    /// Seals and signs the log's head for each dataset's manifests, opened once.
    sealer: KeptSealer,
}

impl OpenData {
    /// The dataset `kind` as of now: the kept one when what it reads did not move since it
    /// was produced, else a new one with its manifests. Errors: the database's.
    pub async fn get(&self, pool: &PgPool, kind: Kind) -> anyhow::Result<Arc<Dataset>> {
        let slot = Kind::ALL
            .iter()
            .position(|k| *k == kind)
            .expect("every kind is in ALL");
        let mut kept = self.kept[slot].lock().await;
        let (now, _) = version_on(&mut *pool.acquire().await?, kind).await?;
        if let Some(d) = kept.as_ref().filter(|d| d.version == now) {
            return Ok(d.clone());
        }
        let produced = Arc::new(kind.produce(pool, &self.sealer).await?);
        *kept = Some(produced.clone());
        Ok(produced)
    }

    /// Every dataset, in catalogue order, those to produce produced side by side (the
    /// building blocks' time is PostgreSQL's, the crime files' this process's). Errors: the
    /// database's.
    pub async fn all(&self, pool: &PgPool) -> anyhow::Result<Vec<Arc<Dataset>>> {
        futures::future::try_join_all(Kind::ALL.map(|kind| self.get(pool, kind))).await
    }

    /// The dataset named `name` (`gbvf-crime`), or `None`. Errors: the database's.
    pub async fn named(&self, pool: &PgPool, name: &str) -> anyhow::Result<Option<Arc<Dataset>>> {
        match Kind::named(name) {
            Some(kind) => Ok(Some(self.get(pool, kind).await?)),
            None => Ok(None),
        }
    }
}
