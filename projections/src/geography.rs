//! The geography read model: one row per boundary, with its hierarchy, population and
//! geometry, from `BoundaryRecorded` events.
//!
//! Table `boundary` (view in `public`):
//! `boundary_id, code, level, name, parent_id, province_id, district_id, population,
//! census_2011_population (nation and provinces only),
//! area_km2, geometry (GeoJSON text), point_lon, point_lat, source`.
//! `province_id` and `district_id` are the boundary's own province and district (for a
//! province, itself), so the cascade and drill-down read one row.
//!
//! - [`queries`]: the typed reads of this table.
//! - [`population`]: the population of a boundary in a SAPS year (the rate denominator).

use std::collections::BTreeMap;

use async_trait::async_trait;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::geography::{BoundaryEvent, BoundaryRecorded, BOUNDARY_AGGREGATE};
use gbvf_events::store::StoredEvent;
use serde::{Deserialize, Serialize};
use sqlx::{Postgres, Transaction};

use crate::engine::{insert_rows, FoldPage, Projection, RebuildFold};

pub mod population;
pub mod queries;

/// The provinces (boundary ids) of the boundaries `boundary_ids`, each once.
pub async fn provinces_of(pool: &sqlx::PgPool, boundary_ids: &[i64]) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT DISTINCT province_id FROM boundary WHERE boundary_id = ANY($1) AND province_id IS NOT NULL",
    )
    .bind(boundary_ids)
    .fetch_all(pool)
    .await
}

/// The boundaries (districts and municipalities, and the provinces themselves) inside the
/// provinces `province_ids`.
pub async fn boundaries_in_provinces(
    pool: &sqlx::PgPool,
    province_ids: &[i64],
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT boundary_id FROM boundary WHERE province_id = ANY($1)")
        .bind(province_ids)
        .fetch_all(pool)
        .await
}

/// The geography projection (`geography`).
pub struct GeographyProjection;

#[async_trait]
impl Projection for GeographyProjection {
    fn name(&self) -> &'static str {
        "geography"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[BOUNDARY_AGGREGATE]
    }
    fn tables(&self) -> &'static [&'static str] {
        &["boundary"]
    }
    fn ddl(&self, schema: &str) -> String {
        format!(
            "CREATE TABLE {schema}.boundary (
                boundary_id bigint PRIMARY KEY,
                code        text   NOT NULL,
                level       text   NOT NULL,
                name        text   NOT NULL,
                parent_id   bigint,
                province_id bigint,
                district_id bigint,
                population  bigint,
                census_2011_population bigint,
                area_km2    double precision,
                geometry    text,
                point_lon   double precision,
                point_lat   double precision,
                source      text   NOT NULL,
                UNIQUE (level, code)
            );
            CREATE INDEX ON {schema}.boundary (parent_id);
            CREATE INDEX ON {schema}.boundary (level);"
        )
    }

    fn rebuild_fold(&self) -> Option<Box<dyn RebuildFold>> {
        Some(Box::<GeographyFold>::default())
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        for e in events {
            let BoundaryEvent::BoundaryRecorded(b) = serde_json::from_value(e.payload.clone())?;
            let parent: Option<(Option<i64>, Option<i64>)> = match b.parent_id {
                Some(pid) => {
                    sqlx::query_as(&format!(
                    "SELECT province_id, district_id FROM {schema}.boundary WHERE boundary_id = $1"
                ))
                    .bind(pid)
                    .fetch_optional(&mut **tx)
                    .await?
                }
                None => None,
            };
            let r = BoundaryRow::new(b, parent);
            sqlx::query(&format!(
                "INSERT INTO {schema}.boundary (boundary_id, code, level, name, parent_id, province_id, district_id,
                     population, census_2011_population, area_km2, geometry, point_lon, point_lat, source)
                 VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)
                 ON CONFLICT (boundary_id) DO UPDATE SET code = EXCLUDED.code, level = EXCLUDED.level,
                     name = EXCLUDED.name, parent_id = EXCLUDED.parent_id, province_id = EXCLUDED.province_id,
                     district_id = EXCLUDED.district_id, population = EXCLUDED.population,
                     census_2011_population = EXCLUDED.census_2011_population, area_km2 = EXCLUDED.area_km2,
                     geometry = EXCLUDED.geometry, point_lon = EXCLUDED.point_lon, point_lat = EXCLUDED.point_lat,
                     source = EXCLUDED.source"
            ))
            .bind(r.boundary_id)
            .bind(&r.code)
            .bind(r.level)
            .bind(&r.name)
            .bind(r.parent_id)
            .bind(r.province_id)
            .bind(r.district_id)
            .bind(r.population)
            .bind(r.census_2011_population)
            .bind(r.area_km2)
            .bind(&r.geometry)
            .bind(r.point_lon)
            .bind(r.point_lat)
            .bind(&r.source)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }
}

/// A `boundary` row, the same whether applied page by page or folded in a rebuild; field names
/// are the columns (see [`crate::engine::insert_rows`]).
#[derive(Serialize)]
struct BoundaryRow {
    boundary_id: i64,
    code: String,
    level: &'static str,
    name: String,
    parent_id: Option<i64>,
    province_id: Option<i64>,
    district_id: Option<i64>,
    population: Option<i64>,
    census_2011_population: Option<i64>,
    area_km2: Option<f64>,
    geometry: Option<String>,
    point_lon: Option<f64>,
    point_lat: Option<f64>,
    source: String,
}

impl BoundaryRow {
    /// The row of `b`, given its parent's (province id, district id) when the parent is
    /// recorded. Ancestors are recorded before their children (the import orders parents
    /// first), so the parent's row already holds its province and district.
    fn new(b: BoundaryRecorded, parent: Option<(Option<i64>, Option<i64>)>) -> Self {
        let (mut province_id, mut district_id) = parent.unwrap_or((None, None));
        match b.level {
            BoundaryLevel::Province => province_id = Some(b.boundary_id),
            BoundaryLevel::District => {
                district_id = Some(b.boundary_id);
                province_id = b.parent_id;
            }
            _ => {}
        }
        BoundaryRow {
            boundary_id: b.boundary_id,
            level: b.level.as_str(),
            parent_id: b.parent_id,
            province_id,
            district_id,
            population: b.population,
            census_2011_population: b.census_2011_population,
            area_km2: b.area_km2,
            geometry: b.geometry.as_ref().map(|g| g.to_string()),
            point_lon: b.point.map(|p| p[0]),
            point_lat: b.point.map(|p| p[1]),
            code: b.code,
            name: b.name,
            source: b.source,
        }
    }
}

/// The rebuild fold of the geography projection: every boundary's row by id, the parent's
/// looked up in memory.
#[derive(Default)]
struct GeographyFold {
    rows: BTreeMap<i64, BoundaryRow>,
}

#[async_trait]
impl RebuildFold for GeographyFold {
    fn fold(&mut self, events: FoldPage<'_>) -> anyhow::Result<()> {
        for e in events.decoded()? {
            let BoundaryEvent::BoundaryRecorded(b) = BoundaryEvent::deserialize(&e.payload)?;
            let parent = b
                .parent_id
                .and_then(|p| self.rows.get(&p))
                .map(|p| (p.province_id, p.district_id));
            let row = BoundaryRow::new(b, parent);
            self.rows.insert(row.boundary_id, row);
        }
        Ok(())
    }

    async fn write(
        self: Box<Self>,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
    ) -> anyhow::Result<()> {
        insert_rows(tx, schema, "boundary", self.rows.into_values()).await?;
        Ok(())
    }
}
