//! Open data: the datasets the product publishes as files, each packaged as a Frictionless
//! Tabular Data Package (<https://specs.frictionlessdata.io/tabular-data-package/>: CSV files
//! with a Table Schema per file, their sizes and SHA-256 hashes) and listed in a DCAT
//! catalogue (<https://www.w3.org/TR/vocab-dcat-3/>, JSON-LD) that portals such as CKAN and
//! dataset search engines harvest. Decision 0164.
//!
//! - [`crime`]: crimes recorded by SAPS per area, crime type and financial year, with the
//!   population and rate of each year.
//! - [`catalogue`]: the DCAT catalogue of every dataset.
//!
//! A dataset is produced from one snapshot of the read models and kept in memory until the
//! projections it reads move ([`OpenData`]); its files are then served unchanged, so a
//! package's hashes always describe the bytes a client downloads.

pub mod catalogue;
pub mod crime;

use std::sync::Arc;

use axum::body::Bytes;
use gbvf_events::audit::manifest::{self, Attested, Manifest};
use gbvf_events::store::Position;
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
    /// First and last SAPS financial year covered (first calendar years), when any.
    pub years: Option<(i32, i32)>,
    /// The log positions of the projections it was read from, by projection name.
    pub read_at: Vec<(&'static str, Position)>,
    /// When it was produced.
    pub produced_at: chrono::DateTime<chrono::Utc>,
    /// Sources, as (title, address).
    pub sources: &'static [(&'static str, &'static str)],
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
            "licenses": [LICENCE.descriptor()],
            "sources": self.sources.iter().map(|(title, path)| json!({"title": title, "path": path})).collect::<Vec<_>>(),
            "resources": resources,
        })
    }
}

/// Signs a manifest for each file of `dataset` ([`gbvf_events::audit::manifest::attest`]),
/// naming as the log head the newest of the positions it was read at. Errors: the database's,
/// or a chain that does not cover the head.
pub async fn attest(pool: &PgPool, dataset: &mut Dataset) -> anyhow::Result<()> {
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
    dataset.manifests = manifest::attest(pool, head, &files).await?;
    Ok(())
}

/// The terms the published data carry: the sources state none, and the data are public
/// information (data/crime/SOURCE.md: "Neither SAPS nor Stats SA explicitly state terms of use
/// for their data"; Promotion of Access to Information Act, Constitution s32(1)(a)). Open
/// Definition's `other-pd` says so to harvesters.
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

/// See [`Licence`].
pub const LICENCE: Licence = Licence {
    id: "other-pd",
    title: "Public information: SAPS, Statistics South Africa and the Municipal Demarcation Board state no terms of use; credit them as sources",
    path: "https://opendefinition.org/licenses/other-pd/",
};

/// The datasets of this process, each produced once per state of the projections it reads
/// and shared until they move. Producing the crime dataset reads about 1,450 boundaries and
/// every crime figure; concurrent callers wait for one production.
#[derive(Default)]
pub struct OpenData {
    crime: tokio::sync::Mutex<Option<Arc<Dataset>>>,
}

impl OpenData {
    /// The crime dataset as of the current checkpoints of the `crime` and `geography`
    /// projections: the kept one when neither moved since it was produced, else a new one.
    /// Errors: the database's.
    pub async fn crime(&self, pool: &PgPool) -> anyhow::Result<Arc<Dataset>> {
        let mut kept = self.crime.lock().await;
        let now = crime::read_positions(pool).await?;
        if let Some(d) = kept.as_ref().filter(|d| d.read_at == now) {
            return Ok(d.clone());
        }
        let produced = Arc::new(crime::produce(pool).await?);
        *kept = Some(produced.clone());
        Ok(produced)
    }

    /// Every dataset, in catalogue order. Errors: the database's.
    pub async fn all(&self, pool: &PgPool) -> anyhow::Result<Vec<Arc<Dataset>>> {
        Ok(vec![self.crime(pool).await?])
    }

    /// The dataset named `name` (`gbvf-crime`), or `None`. Errors: the database's.
    pub async fn named(&self, pool: &PgPool, name: &str) -> anyhow::Result<Option<Arc<Dataset>>> {
        Ok(match name {
            crime::NAME => Some(self.crime(pool).await?),
            _ => None,
        })
    }
}
