//! The geography read model: one row per boundary, with its hierarchy, population and
//! geometry, from `BoundaryRecorded` events.
//!
//! Table `boundary` (view in `public`):
//! `boundary_id, code, level, name, parent_id, province_id, district_id, population,
//! area_km2, geometry (GeoJSON text), point_lon, point_lat, source`.
//! `province_id` and `district_id` are the boundary's own province and district (for a
//! province, itself), so the cascade and drill-down read one row.

use async_trait::async_trait;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::geography::{BoundaryEvent, BOUNDARY_AGGREGATE};
use gbvf_events::store::StoredEvent;
use sqlx::{Postgres, Transaction};

use crate::engine::Projection;

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

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        for e in events {
            let BoundaryEvent::BoundaryRecorded(b) = serde_json::from_value(e.payload.clone())?;
            // Ancestors are recorded before their children (the import orders parents first),
            // so the parent's row already holds its province and district.
            let parent: Option<(String, Option<i64>, Option<i64>)> = match b.parent_id {
                Some(pid) => sqlx::query_as(&format!(
                    "SELECT level, province_id, district_id FROM {schema}.boundary WHERE boundary_id = $1"
                ))
                .bind(pid)
                .fetch_optional(&mut **tx)
                .await?,
                None => None,
            };
            let (mut province_id, mut district_id) =
                parent.as_ref().map(|p| (p.1, p.2)).unwrap_or((None, None));
            match b.level {
                BoundaryLevel::Province => province_id = Some(b.boundary_id),
                BoundaryLevel::District => district_id = Some(b.boundary_id),
                _ => {}
            }
            if b.level == BoundaryLevel::District {
                province_id = b.parent_id;
            }
            sqlx::query(&format!(
                "INSERT INTO {schema}.boundary (boundary_id, code, level, name, parent_id, province_id, district_id,
                     population, area_km2, geometry, point_lon, point_lat, source)
                 VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)
                 ON CONFLICT (boundary_id) DO UPDATE SET code = EXCLUDED.code, level = EXCLUDED.level,
                     name = EXCLUDED.name, parent_id = EXCLUDED.parent_id, province_id = EXCLUDED.province_id,
                     district_id = EXCLUDED.district_id, population = EXCLUDED.population, area_km2 = EXCLUDED.area_km2,
                     geometry = EXCLUDED.geometry, point_lon = EXCLUDED.point_lon, point_lat = EXCLUDED.point_lat,
                     source = EXCLUDED.source"
            ))
            .bind(b.boundary_id)
            .bind(&b.code)
            .bind(b.level.as_str())
            .bind(&b.name)
            .bind(b.parent_id)
            .bind(province_id)
            .bind(district_id)
            .bind(b.population)
            .bind(b.area_km2)
            .bind(b.geometry.as_ref().map(|g| g.to_string()))
            .bind(b.point.map(|p| p[0]))
            .bind(b.point.map(|p| p[1]))
            .bind(&b.source)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }
}
