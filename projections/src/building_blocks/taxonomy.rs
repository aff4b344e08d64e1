//! The taxonomy tables of the building-block read model, from the `bb_taxonomy` events
//! (docs/decisions/0053-additions-to-the-taxonomy.md):
//!
//! - `bb_category (building_block_category_id, description, seq, location_secret)`;
//! - `bb_block (building_block_id, building_block_category_id, description, seq,
//!   added_version, location_secret)` (`location_secret`: the category's flag for a shipped
//!   block, the event's for an added one; reads combine both through
//!   [`super::queries::LOCATION_SECRET`]), `bb_requirement (building_block_requirement_id, building_block_id,
//!   description, source, seq, added_version)`: the shipped rows (`added_version` NULL, `seq`
//!   1.. across the whole file in its order) and the added ones (`added_version` the taxonomy
//!   version that added it, `seq` = [`ADDED_SEQ`] + that version, so an addition sorts after
//!   the shipped rows of its parent, in the order added);
//! - `bb_taxonomy_version (taxonomy_version, kind, ...)`: one row per version: `file` (an
//!   import of `taxonomy.json`: its version string and title), `block` or `requirement` (an
//!   addition: its id, parent, name, source, description), with who (`actor`, the metadata's
//!   `user:<id>` or `import`) and when (`at`).
//!
//! A new file replaces the shipped rows only: the added ones stay. The incremental apply and
//! the rebuild fold write the same rows through [`insert_rows`].

use chrono::{DateTime, Utc};
use gbvf_events::building_block::{Taxonomy, TaxonomyEvent};
use gbvf_events::store::StoredEvent;
use serde::{Deserialize, Serialize};
use sqlx::{Postgres, Transaction};

use super::{actor, event_time};
use crate::engine::insert_rows;

/// What an added row's `seq` starts from (above any shipped row's).
pub const ADDED_SEQ: i32 = 1_000_000;

/// The DDL of the taxonomy tables in `schema`.
pub(super) fn ddl(schema: &str) -> String {
    format!(
        "CREATE TABLE {schema}.bb_category (
            building_block_category_id integer PRIMARY KEY,
            description text NOT NULL,
            seq integer NOT NULL,
            location_secret boolean NOT NULL DEFAULT false
        );
        CREATE TABLE {schema}.bb_block (
            building_block_id integer PRIMARY KEY,
            building_block_category_id integer NOT NULL,
            description text NOT NULL,
            seq integer NOT NULL,
            added_version bigint,
            location_secret boolean NOT NULL DEFAULT false
        );
        CREATE TABLE {schema}.bb_requirement (
            building_block_requirement_id integer PRIMARY KEY,
            building_block_id integer NOT NULL,
            description text NOT NULL,
            source text NOT NULL,
            seq integer NOT NULL,
            added_version bigint
        );
        CREATE TABLE {schema}.bb_taxonomy_version (
            taxonomy_version bigint PRIMARY KEY,
            kind text NOT NULL,
            file_version text,
            building_block_category_id integer,
            building_block_id integer,
            building_block_requirement_id integer,
            name text NOT NULL,
            source text,
            description text,
            actor text NOT NULL,
            at timestamptz NOT NULL
        );"
    )
}

/// A `bb_category` row (field names are the columns, see [`insert_rows`]).
#[derive(Serialize)]
struct CategoryRow {
    building_block_category_id: i32,
    description: String,
    seq: i32,
    location_secret: bool,
}

/// A `bb_block` row.
#[derive(Serialize)]
struct BlockRow {
    building_block_id: i32,
    building_block_category_id: i32,
    description: String,
    seq: i32,
    added_version: Option<i64>,
    location_secret: bool,
}

/// A `bb_requirement` row.
#[derive(Serialize)]
struct RequirementRow {
    building_block_requirement_id: i32,
    building_block_id: i32,
    description: String,
    source: String,
    seq: i32,
    added_version: Option<i64>,
}

/// A `bb_taxonomy_version` row.
#[derive(Serialize)]
struct VersionRow {
    taxonomy_version: i64,
    kind: &'static str,
    file_version: Option<String>,
    building_block_category_id: Option<i32>,
    building_block_id: Option<i32>,
    building_block_requirement_id: Option<i32>,
    name: String,
    source: Option<String>,
    description: Option<String>,
    actor: String,
    at: DateTime<Utc>,
}

/// The rows one taxonomy event writes.
#[derive(Default)]
struct EventRows {
    /// The shipped rows, when the event is a file (they replace the shipped rows before).
    shipped: Option<(Vec<CategoryRow>, Vec<BlockRow>, Vec<RequirementRow>)>,
    blocks: Vec<BlockRow>,
    requirements: Vec<RequirementRow>,
    version: Vec<VersionRow>,
}

/// The shipped rows of file `t`: `seq` numbers the blocks and the requirements 1.. across the
/// whole taxonomy, in its order.
fn shipped_rows(t: &Taxonomy) -> (Vec<CategoryRow>, Vec<BlockRow>, Vec<RequirementRow>) {
    let (mut categories, mut blocks, mut requirements) = (Vec::new(), Vec::new(), Vec::new());
    for c in &t.categories {
        categories.push(CategoryRow {
            building_block_category_id: c.building_block_category_id,
            description: c.description.clone(),
            seq: c.seq,
            location_secret: c.location_secret,
        });
        for b in &c.building_blocks {
            blocks.push(BlockRow {
                building_block_id: b.building_block_id,
                building_block_category_id: c.building_block_category_id,
                description: b.description.clone(),
                seq: blocks.len() as i32 + 1,
                added_version: None,
                location_secret: c.location_secret,
            });
            for r in &b.requirements {
                requirements.push(RequirementRow {
                    building_block_requirement_id: r.building_block_requirement_id,
                    building_block_id: b.building_block_id,
                    description: r.description.clone(),
                    source: r.source.clone(),
                    seq: requirements.len() as i32 + 1,
                    added_version: None,
                });
            }
        }
    }
    (categories, blocks, requirements)
}

/// The `seq` of the row added by taxonomy version `version`.
fn added_seq(version: i64) -> i32 {
    ADDED_SEQ.saturating_add(i32::try_from(version).unwrap_or(i32::MAX - ADDED_SEQ))
}

/// The rows of stored taxonomy event `e`.
fn rows_of(e: &StoredEvent) -> anyhow::Result<EventRows> {
    let mut rows = EventRows::default();
    let (actor, at) = (actor(e).to_string(), event_time(e));
    let version = |taxonomy_version, kind| VersionRow {
        taxonomy_version,
        kind,
        file_version: None,
        building_block_category_id: None,
        building_block_id: None,
        building_block_requirement_id: None,
        name: String::new(),
        source: None,
        description: None,
        actor: actor.clone(),
        at,
    };
    match TaxonomyEvent::deserialize(&e.payload)? {
        TaxonomyEvent::TaxonomyRecorded(t) => {
            rows.shipped = Some(shipped_rows(&t));
            rows.version.push(VersionRow {
                file_version: Some(t.version),
                name: t.title,
                source: Some("data/building-blocks/taxonomy.json".into()),
                ..version(e.sequence, "file")
            });
        }
        TaxonomyEvent::BuildingBlockAdded(b) => {
            rows.blocks.push(BlockRow {
                building_block_id: b.building_block_id,
                building_block_category_id: b.building_block_category_id,
                description: b.name.clone(),
                seq: added_seq(b.taxonomy_version),
                added_version: Some(b.taxonomy_version),
                location_secret: b.location_secret,
            });
            rows.version.push(VersionRow {
                building_block_category_id: Some(b.building_block_category_id),
                building_block_id: Some(b.building_block_id),
                name: b.name,
                source: Some(b.source),
                description: b.description,
                ..version(b.taxonomy_version, "block")
            });
        }
        TaxonomyEvent::RequirementAdded(r) => {
            rows.requirements.push(RequirementRow {
                building_block_requirement_id: r.building_block_requirement_id,
                building_block_id: r.building_block_id,
                description: r.name.clone(),
                source: r.source.clone(),
                seq: added_seq(r.taxonomy_version),
                added_version: Some(r.taxonomy_version),
            });
            rows.version.push(VersionRow {
                building_block_id: Some(r.building_block_id),
                building_block_requirement_id: Some(r.building_block_requirement_id),
                name: r.name,
                source: Some(r.source),
                ..version(r.taxonomy_version, "requirement")
            });
        }
    }
    Ok(rows)
}

/// Applies taxonomy event `e` to the tables of `schema`: a file replaces the categories and
/// the shipped blocks and requirements (the added ones stay); an addition inserts its row.
pub(super) async fn apply(
    tx: &mut Transaction<'_, Postgres>,
    schema: &str,
    e: &StoredEvent,
) -> anyhow::Result<()> {
    let rows = rows_of(e)?;
    if let Some((categories, blocks, requirements)) = rows.shipped {
        for (table, shipped_only) in [
            ("bb_category", ""),
            ("bb_block", " WHERE added_version IS NULL"),
            ("bb_requirement", " WHERE added_version IS NULL"),
        ] {
            sqlx::query(&format!("DELETE FROM {schema}.{table}{shipped_only}"))
                .execute(&mut **tx)
                .await?;
        }
        insert_rows(tx, schema, "bb_category", categories).await?;
        insert_rows(tx, schema, "bb_block", blocks).await?;
        insert_rows(tx, schema, "bb_requirement", requirements).await?;
    }
    insert_rows(tx, schema, "bb_block", rows.blocks).await?;
    insert_rows(tx, schema, "bb_requirement", rows.requirements).await?;
    insert_rows(tx, schema, "bb_taxonomy_version", rows.version).await?;
    Ok(())
}

/// The taxonomy tables as the rebuild fold holds them, with the rules of [`apply`].
#[derive(Default)]
pub(super) struct TaxonomyFold {
    categories: Vec<CategoryRow>,
    shipped_blocks: Vec<BlockRow>,
    shipped_requirements: Vec<RequirementRow>,
    added_blocks: Vec<BlockRow>,
    added_requirements: Vec<RequirementRow>,
    versions: Vec<VersionRow>,
}

impl TaxonomyFold {
    /// Folds taxonomy event `e`.
    pub(super) fn fold(&mut self, e: &StoredEvent) -> anyhow::Result<()> {
        let rows = rows_of(e)?;
        if let Some((categories, blocks, requirements)) = rows.shipped {
            self.categories = categories;
            self.shipped_blocks = blocks;
            self.shipped_requirements = requirements;
        }
        self.added_blocks.extend(rows.blocks);
        self.added_requirements.extend(rows.requirements);
        self.versions.extend(rows.version);
        Ok(())
    }

    /// Inserts the rows into the (empty) taxonomy tables of `schema`.
    pub(super) async fn write(
        self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
    ) -> anyhow::Result<()> {
        insert_rows(tx, schema, "bb_category", self.categories).await?;
        let blocks = self.shipped_blocks.into_iter().chain(self.added_blocks);
        insert_rows(tx, schema, "bb_block", blocks).await?;
        let requirements = self
            .shipped_requirements
            .into_iter()
            .chain(self.added_requirements);
        insert_rows(tx, schema, "bb_requirement", requirements).await?;
        insert_rows(tx, schema, "bb_taxonomy_version", self.versions).await?;
        Ok(())
    }
}
