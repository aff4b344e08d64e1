//! The building-block read model (public spec §3 "Building block data", "Municipality",
//! "Contact directory result"), from taxonomy and provider events.
//!
//! Tables (views in `public`):
//! - `bb_category (building_block_category_id, description, seq)`,
//!   `bb_block (building_block_id, building_block_category_id, description, seq)`,
//!   `bb_requirement (building_block_requirement_id, building_block_id, description, source, seq)`:
//!   the reference taxonomy.
//! - `bb_provider`: one row per provider: name, building block, municipality, institutional
//!   contacts, point (`NULL` for shelters, always), source and vintage, workflow `status`
//!   (`not_captured`, `submitted`, `verified`, `returned`), the submitted details
//!   (`requirements`, addresses, contacts, contact-person ids) and `verified_requirements`, the
//!   requirements of the last verified submission (what the public dashboard counts).
//! - `bb_provider_quarter (stakeholder_id, quarter_start, verified_requirements)`: the verified
//!   requirements as of each quarter in which a verification happened, the quarter taken from
//!   the event's metadata time (`at`), so a rebuild gives the same rows.
//!
//! Contact persons' personal details are not here: they are in `bb_contact_person`
//! (migration `20261123110000_building_block_contact_person.sql`), referenced by id.

use async_trait::async_trait;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use gbvf_events::building_block::{
    ProviderEvent, TaxonomyEvent, PROVIDER_AGGREGATE, TAXONOMY_AGGREGATE,
};
use gbvf_events::store::StoredEvent;
use sqlx::{Postgres, Transaction};

use crate::engine::Projection;

/// The building-block projection (`building_blocks`).
pub struct BuildingBlockProjection;

/// The first day of the calendar quarter of `t` (spec §9: Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec).
pub fn quarter_start(t: DateTime<Utc>) -> NaiveDate {
    let month = (t.month() - 1) / 3 * 3 + 1;
    NaiveDate::from_ymd_opt(t.year(), month, 1).expect("valid date")
}

/// When an event happened: its metadata `at` (RFC 3339), else the time it was written.
pub fn event_time(e: &StoredEvent) -> DateTime<Utc> {
    e.metadata
        .get("at")
        .and_then(|v| v.as_str())
        .and_then(|s| DateTime::parse_from_rfc3339(s).ok())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or(e.recorded_at)
}

#[async_trait]
impl Projection for BuildingBlockProjection {
    fn name(&self) -> &'static str {
        "building_blocks"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[TAXONOMY_AGGREGATE, PROVIDER_AGGREGATE]
    }
    fn tables(&self) -> &'static [&'static str] {
        &[
            "bb_category",
            "bb_block",
            "bb_requirement",
            "bb_provider",
            "bb_provider_quarter",
        ]
    }
    fn ddl(&self, schema: &str) -> String {
        format!(
            "CREATE TABLE {schema}.bb_category (
                building_block_category_id integer PRIMARY KEY,
                description text NOT NULL,
                seq integer NOT NULL
            );
            CREATE TABLE {schema}.bb_block (
                building_block_id integer PRIMARY KEY,
                building_block_category_id integer NOT NULL,
                description text NOT NULL,
                seq integer NOT NULL
            );
            CREATE TABLE {schema}.bb_requirement (
                building_block_requirement_id integer PRIMARY KEY,
                building_block_id integer NOT NULL,
                description text NOT NULL,
                source text NOT NULL,
                seq integer NOT NULL
            );
            CREATE TABLE {schema}.bb_provider (
                stakeholder_id bigint PRIMARY KEY,
                name text NOT NULL,
                building_block_id integer NOT NULL,
                building_block_category_id integer NOT NULL,
                municipality_id bigint NOT NULL,
                contacts jsonb NOT NULL,
                point_lon double precision,
                point_lat double precision,
                placement text NOT NULL,
                source text NOT NULL,
                vintage integer NOT NULL,
                status text NOT NULL DEFAULT 'not_captured',
                physical_address text,
                postal_address text,
                details_contacts jsonb,
                requirements integer[] NOT NULL DEFAULT '{{}}',
                contact_persons jsonb NOT NULL DEFAULT '[]',
                verified_requirements integer[] NOT NULL DEFAULT '{{}}',
                updated_at timestamptz,
                verified_at timestamptz
            );
            CREATE INDEX ON {schema}.bb_provider (municipality_id, building_block_id);
            CREATE INDEX ON {schema}.bb_provider (lower(name));
            CREATE TABLE {schema}.bb_provider_quarter (
                stakeholder_id bigint NOT NULL,
                quarter_start date NOT NULL,
                verified_requirements integer[] NOT NULL,
                PRIMARY KEY (stakeholder_id, quarter_start)
            );"
        )
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        for e in events {
            if e.aggregate_type == TAXONOMY_AGGREGATE {
                let TaxonomyEvent::TaxonomyRecorded(t) = serde_json::from_value(e.payload.clone())?;
                for table in ["bb_category", "bb_block", "bb_requirement"] {
                    sqlx::query(&format!("DELETE FROM {schema}.{table}"))
                        .execute(&mut **tx)
                        .await?;
                }
                let mut block_seq = 0;
                let mut req_seq = 0;
                for c in &t.categories {
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.bb_category VALUES ($1, $2, $3)"
                    ))
                    .bind(c.building_block_category_id)
                    .bind(&c.description)
                    .bind(c.seq)
                    .execute(&mut **tx)
                    .await?;
                    for b in &c.building_blocks {
                        block_seq += 1;
                        sqlx::query(&format!(
                            "INSERT INTO {schema}.bb_block VALUES ($1, $2, $3, $4)"
                        ))
                        .bind(b.building_block_id)
                        .bind(c.building_block_category_id)
                        .bind(&b.description)
                        .bind(block_seq)
                        .execute(&mut **tx)
                        .await?;
                        for r in &b.requirements {
                            req_seq += 1;
                            sqlx::query(&format!(
                                "INSERT INTO {schema}.bb_requirement VALUES ($1, $2, $3, $4, $5)"
                            ))
                            .bind(r.building_block_requirement_id)
                            .bind(b.building_block_id)
                            .bind(&r.description)
                            .bind(&r.source)
                            .bind(req_seq)
                            .execute(&mut **tx)
                            .await?;
                        }
                    }
                }
                continue;
            }
            let id: i64 = e.aggregate_id.parse()?;
            let at = event_time(e);
            match serde_json::from_value::<ProviderEvent>(e.payload.clone())? {
                ProviderEvent::ProviderImported(p) => {
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.bb_provider (stakeholder_id, name, building_block_id, building_block_category_id,
                             municipality_id, contacts, point_lon, point_lat, placement, source, vintage)
                         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)
                         ON CONFLICT (stakeholder_id) DO UPDATE SET name = EXCLUDED.name,
                             building_block_id = EXCLUDED.building_block_id,
                             building_block_category_id = EXCLUDED.building_block_category_id,
                             municipality_id = EXCLUDED.municipality_id, contacts = EXCLUDED.contacts,
                             point_lon = EXCLUDED.point_lon, point_lat = EXCLUDED.point_lat,
                             placement = EXCLUDED.placement, source = EXCLUDED.source, vintage = EXCLUDED.vintage"
                    ))
                    .bind(id)
                    .bind(&p.name)
                    .bind(p.building_block_id)
                    .bind(p.building_block_category_id)
                    .bind(p.municipality_id)
                    .bind(serde_json::to_value(&p.contacts)?)
                    .bind(p.point.map(|x| x[0]))
                    .bind(p.point.map(|x| x[1]))
                    .bind(&p.placement)
                    .bind(&p.source)
                    .bind(p.vintage)
                    .execute(&mut **tx)
                    .await?;
                }
                ProviderEvent::BuildingBlockDetailsSubmitted(d) => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.bb_provider SET status = 'submitted', physical_address = $2, postal_address = $3,
                             details_contacts = $4, requirements = $5, contact_persons = $6, updated_at = $7
                         WHERE stakeholder_id = $1"
                    ))
                    .bind(id)
                    .bind(&d.physical_address)
                    .bind(&d.postal_address)
                    .bind(serde_json::to_value(&d.contacts)?)
                    .bind(&d.requirements_available)
                    .bind(serde_json::to_value(&d.contact_persons)?)
                    .bind(at)
                    .execute(&mut **tx)
                    .await?;
                }
                ProviderEvent::BuildingBlockVerified => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.bb_provider SET status = 'verified', verified_requirements = requirements,
                             verified_at = $2 WHERE stakeholder_id = $1"
                    ))
                    .bind(id)
                    .bind(at)
                    .execute(&mut **tx)
                    .await?;
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.bb_provider_quarter (stakeholder_id, quarter_start, verified_requirements)
                         SELECT stakeholder_id, $2, verified_requirements FROM {schema}.bb_provider WHERE stakeholder_id = $1
                         ON CONFLICT (stakeholder_id, quarter_start) DO UPDATE SET verified_requirements = EXCLUDED.verified_requirements"
                    ))
                    .bind(id)
                    .bind(quarter_start(at))
                    .execute(&mut **tx)
                    .await?;
                }
                ProviderEvent::BuildingBlockReturned { .. } => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.bb_provider SET status = 'returned', updated_at = $2 WHERE stakeholder_id = $1"
                    ))
                    .bind(id)
                    .bind(at)
                    .execute(&mut **tx)
                    .await?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn quarters_follow_the_calendar() {
        let q = |m| quarter_start(Utc.with_ymd_and_hms(2026, m, 15, 0, 0, 0).unwrap());
        assert_eq!(q(1), NaiveDate::from_ymd_opt(2026, 1, 1).unwrap());
        assert_eq!(q(3), NaiveDate::from_ymd_opt(2026, 1, 1).unwrap());
        assert_eq!(q(4), NaiveDate::from_ymd_opt(2026, 4, 1).unwrap());
        assert_eq!(q(12), NaiveDate::from_ymd_opt(2026, 10, 1).unwrap());
    }
}
