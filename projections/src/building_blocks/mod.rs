//! The building-block read model (public spec §3 "Building block data", "Municipality",
//! "Contact directory result"), from taxonomy and provider events.
//!
//! Tables (views in `public`):
//! - `bb_category`, `bb_block`, `bb_requirement`, `bb_taxonomy_version`: the reference
//!   taxonomy, shipped and added by administrators, and its versions (see [`taxonomy`]).
//! - `bb_provider`: one row per provider: name, building block, municipality, institutional
//!   contacts, point (`NULL` for shelters, always), source and vintage, a police station's
//!   `saps_precinct_code`, workflow `status`
//!   (`not_captured`, `submitted`, `verified`, `returned`), the last submission's details
//!   (`requirements`, addresses, contacts, contact-person ids; seen only by the area's designated
//!   persons), its version (`submission_version`, the event's sequence) and author
//!   (`submitted_by`, metadata actor), and the last *verified* snapshot: `verified_requirements`,
//!   `verified_physical_address`, `verified_postal_address`, `verified_contacts` (NULL before
//!   the first verification) and `verified_contact_persons`: what every public answer shows;
//!   the verification queue's columns: `submitted_at` (metadata time of the last submission,
//!   the start of its wait), and the last return's reason (`return_reason_id`, its text in the
//!   side table `decision_reason`; `return_reason` holds the text of returns recorded before
//!   that table), `returned_at` and
//!   `returned_by` (kept when details are submitted again, so a reviewer sees why they came
//!   back); indexed by `(status, submitted_at, provider_id)` and `(status, returned_at,
//!   provider_id)` for the queue, oldest first.
//! - `bb_provider_quarter (provider_id, quarter_start, verified_requirements)`: the verified
//!   requirements as of each quarter in which a verification happened, the quarter taken from
//!   the event's metadata time (`at`), so a rebuild gives the same rows.
//!
//! - `bb_provider_lifecycle`: providers proposed by a municipality and closures, see
//!   [`lifecycle`] (a proposed provider is not in `bb_provider` until confirmed; a closed one is
//!   no longer there).
//!
//! Contact persons' personal details are not here: they are in `bb_contact_person`
//! (migration `20261123110000_building_block_contact_person.sql`), referenced by id.

use async_trait::async_trait;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use std::collections::BTreeMap;

use chrono::SubsecRound;
use gbvf_events::building_block::{ProviderEvent, PROVIDER_AGGREGATE, TAXONOMY_AGGREGATE};
use gbvf_events::store::StoredEvent;
use serde::{Deserialize, Serialize};
use sqlx::{Postgres, Transaction};

use crate::engine::{insert_rows, FoldPage, Projection, RebuildFold};

/// The building-block projection (`building_blocks`).
pub struct BuildingBlockProjection;

pub mod coverage;
pub mod figures;
mod lifecycle;
pub mod queries;
mod taxonomy;
pub use queries::{block_requirements, provider_place, ProviderPlace};
pub use taxonomy::ADDED_SEQ;

/// The first day of the calendar quarter of `t` (spec §9: Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec).
pub fn quarter_start(t: DateTime<Utc>) -> NaiveDate {
    let month = (t.month() - 1) / 3 * 3 + 1;
    NaiveDate::from_ymd_opt(t.year(), month, 1).expect("valid date")
}

/// When an event happened: its metadata `at` (RFC 3339), else the time it was written; to the
/// microsecond, as PostgreSQL keeps it (so a value written as a parameter and one written as
/// JSON text, in a rebuild, are the same).
pub fn event_time(e: &StoredEvent) -> DateTime<Utc> {
    e.metadata
        .get("at")
        .and_then(|v| v.as_str())
        .and_then(|s| DateTime::parse_from_rfc3339(s).ok())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or(e.recorded_at)
        .trunc_subsecs(6)
}

/// Who wrote an event: its metadata `actor` (`user:<id>`, `import`, ...), empty when absent.
fn actor(e: &StoredEvent) -> &str {
    e.metadata
        .get("actor")
        .and_then(|v| v.as_str())
        .unwrap_or("")
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
            "bb_taxonomy_version",
            "bb_provider",
            "bb_provider_quarter",
            "bb_provider_lifecycle",
        ]
    }
    fn ddl(&self, schema: &str) -> String {
        format!(
            "{taxonomy}
            CREATE TABLE {schema}.bb_provider (
                provider_id bigint PRIMARY KEY,
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
                saps_precinct_code text,
                status text NOT NULL DEFAULT 'not_captured',
                physical_address text,
                postal_address text,
                details_contacts jsonb,
                requirements integer[] NOT NULL DEFAULT '{{}}',
                contact_persons jsonb NOT NULL DEFAULT '[]',
                verified_requirements integer[] NOT NULL DEFAULT '{{}}',
                submission_version bigint,
                submitted_by text,
                verified_physical_address text,
                verified_postal_address text,
                verified_contacts jsonb,
                verified_contact_persons jsonb NOT NULL DEFAULT '[]',
                updated_at timestamptz,
                verified_at timestamptz,
                submitted_at timestamptz,
                return_reason text,
                return_reason_id uuid,
                return_reason_digest text,
                returned_at timestamptz,
                returned_by text
            );
            CREATE INDEX ON {schema}.bb_provider (municipality_id, building_block_id);
            CREATE INDEX ON {schema}.bb_provider (status, submitted_at, provider_id);
            CREATE INDEX ON {schema}.bb_provider (status, returned_at, provider_id);
            CREATE INDEX ON {schema}.bb_provider (lower(name));
            CREATE INDEX ON {schema}.bb_provider (saps_precinct_code) WHERE saps_precinct_code IS NOT NULL;
            CREATE TABLE {schema}.bb_provider_quarter (
                provider_id bigint NOT NULL,
                quarter_start date NOT NULL,
                verified_requirements integer[] NOT NULL,
                PRIMARY KEY (provider_id, quarter_start)
            );
            {lifecycle}",
            lifecycle = lifecycle::ddl(schema),
            taxonomy = taxonomy::ddl(schema)
        )
    }

    fn rebuild_fold(&self) -> Option<Box<dyn RebuildFold>> {
        Some(Box::<BuildingBlockFold>::default())
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        for e in events {
            if e.aggregate_type == TAXONOMY_AGGREGATE {
                taxonomy::apply(tx, schema, e).await?;
                continue;
            }
            let id: i64 = e.aggregate_id.parse()?;
            let at = event_time(e);
            match ProviderEvent::deserialize(&e.payload)? {
                ProviderEvent::ProviderImported(_)
                    if lifecycle::is_closed(tx, schema, id).await? => {}
                ProviderEvent::ProviderImported(p) => {
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.bb_provider (provider_id, name, building_block_id, building_block_category_id,
                             municipality_id, contacts, point_lon, point_lat, placement, source, vintage, saps_precinct_code)
                         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
                         ON CONFLICT (provider_id) DO UPDATE SET name = EXCLUDED.name,
                             building_block_id = EXCLUDED.building_block_id,
                             building_block_category_id = EXCLUDED.building_block_category_id,
                             municipality_id = EXCLUDED.municipality_id, contacts = EXCLUDED.contacts,
                             point_lon = EXCLUDED.point_lon, point_lat = EXCLUDED.point_lat,
                             placement = EXCLUDED.placement, source = EXCLUDED.source, vintage = EXCLUDED.vintage,
                             saps_precinct_code = EXCLUDED.saps_precinct_code"
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
                    .bind(&p.saps_precinct_code)
                    .execute(&mut **tx)
                    .await?;
                }
                ProviderEvent::BuildingBlockDetailsSubmitted(d) => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.bb_provider SET status = 'submitted', physical_address = $2, postal_address = $3,
                             details_contacts = $4, requirements = $5, contact_persons = $6, updated_at = $7,
                             submitted_at = $7, submission_version = $8, submitted_by = $9
                         WHERE provider_id = $1"
                    ))
                    .bind(id)
                    .bind(&d.physical_address)
                    .bind(&d.postal_address)
                    .bind(serde_json::to_value(&d.contacts)?)
                    .bind(&d.requirements_available)
                    .bind(serde_json::to_value(&d.contact_persons)?)
                    .bind(at)
                    .bind(e.sequence)
                    .bind(actor(e))
                    .execute(&mut **tx)
                    .await?;
                }
                ProviderEvent::BuildingBlockVerified => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.bb_provider SET status = 'verified', verified_requirements = requirements,
                             verified_physical_address = physical_address, verified_postal_address = postal_address,
                             verified_contacts = details_contacts, verified_contact_persons = contact_persons,
                             verified_at = $2 WHERE provider_id = $1"
                    ))
                    .bind(id)
                    .bind(at)
                    .execute(&mut **tx)
                    .await?;
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.bb_provider_quarter (provider_id, quarter_start, verified_requirements)
                         SELECT provider_id, $2, verified_requirements FROM {schema}.bb_provider WHERE provider_id = $1
                         ON CONFLICT (provider_id, quarter_start) DO UPDATE SET verified_requirements = EXCLUDED.verified_requirements"
                    ))
                    .bind(id)
                    .bind(quarter_start(at))
                    .execute(&mut **tx)
                    .await?;
                }
                ProviderEvent::BuildingBlockReturned(reason) => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.bb_provider SET status = 'returned', updated_at = $2, returned_at = $2,
                             return_reason = $3, return_reason_id = $5, return_reason_digest = $6,
                             returned_by = $4 WHERE provider_id = $1"
                    ))
                    .bind(id)
                    .bind(at)
                    .bind(&reason.reason)
                    .bind(actor(e))
                    .bind(reason.reason_id)
                    .bind(&reason.digest)
                    .execute(&mut **tx)
                    .await?;
                }
                other => lifecycle::apply(tx, schema, id, at, actor(e), other).await?,
            }
        }
        Ok(())
    }
}

/// A `bb_provider` row as the rebuild fold holds it (field names are the columns).
#[derive(Serialize)]
struct ProviderRow {
    provider_id: i64,
    name: String,
    building_block_id: i32,
    building_block_category_id: i32,
    municipality_id: i64,
    contacts: serde_json::Value,
    point_lon: Option<f64>,
    point_lat: Option<f64>,
    placement: String,
    source: String,
    vintage: i32,
    saps_precinct_code: Option<String>,
    status: &'static str,
    physical_address: Option<String>,
    postal_address: Option<String>,
    details_contacts: Option<serde_json::Value>,
    requirements: Vec<i32>,
    contact_persons: serde_json::Value,
    verified_requirements: Vec<i32>,
    submission_version: Option<i64>,
    submitted_by: Option<String>,
    verified_physical_address: Option<String>,
    verified_postal_address: Option<String>,
    verified_contacts: Option<serde_json::Value>,
    verified_contact_persons: serde_json::Value,
    updated_at: Option<DateTime<Utc>>,
    verified_at: Option<DateTime<Utc>>,
    submitted_at: Option<DateTime<Utc>>,
    return_reason: Option<String>,
    return_reason_id: Option<uuid::Uuid>,
    return_reason_digest: Option<String>,
    returned_at: Option<DateTime<Utc>>,
    returned_by: Option<String>,
}

impl ProviderRow {
    /// A listed provider never captured.
    fn listed(
        provider_id: i64,
        name: String,
        building_block_id: i32,
        building_block_category_id: i32,
        municipality_id: i64,
        contacts: serde_json::Value,
    ) -> Self {
        ProviderRow {
            provider_id,
            name,
            building_block_id,
            building_block_category_id,
            municipality_id,
            contacts,
            point_lon: None,
            point_lat: None,
            placement: String::new(),
            source: String::new(),
            vintage: 0,
            saps_precinct_code: None,
            status: "not_captured",
            physical_address: None,
            postal_address: None,
            details_contacts: None,
            requirements: Vec::new(),
            contact_persons: serde_json::Value::Array(Vec::new()),
            verified_requirements: Vec::new(),
            submission_version: None,
            submitted_by: None,
            verified_physical_address: None,
            verified_postal_address: None,
            verified_contacts: None,
            verified_contact_persons: serde_json::Value::Array(Vec::new()),
            updated_at: None,
            verified_at: None,
            submitted_at: None,
            return_reason: None,
            return_reason_id: None,
            return_reason_digest: None,
            returned_at: None,
            returned_by: None,
        }
    }
}

/// A `bb_provider_quarter` row.
#[derive(Serialize)]
struct ProviderQuarterRow {
    provider_id: i64,
    quarter_start: NaiveDate,
    verified_requirements: Vec<i32>,
}

/// The rebuild fold of the building-block projection: the last taxonomy, every provider's row
/// by provider id and the verified requirements per (provider, quarter), with the same
/// rules as [`Projection::apply`] (an update of a provider never imported changes nothing).
#[derive(Default)]
struct BuildingBlockFold {
    taxonomy: taxonomy::TaxonomyFold,
    providers: BTreeMap<i64, ProviderRow>,
    quarters: BTreeMap<(i64, NaiveDate), Vec<i32>>,
    lifecycle: BTreeMap<i64, lifecycle::LifecycleRow>,
}

#[async_trait]
impl RebuildFold for BuildingBlockFold {
    fn fold(&mut self, events: FoldPage<'_>) -> anyhow::Result<()> {
        for e in events.decoded()? {
            if e.aggregate_type == TAXONOMY_AGGREGATE {
                self.taxonomy.fold(e)?;
                continue;
            }
            let id: i64 = e.aggregate_id.parse()?;
            let at = event_time(e);
            let event = ProviderEvent::deserialize(&e.payload)?;
            if lifecycle::is_lifecycle(&event) {
                lifecycle::fold(
                    &mut self.lifecycle,
                    &mut self.providers,
                    id,
                    at,
                    actor(e),
                    event,
                )?;
                continue;
            }
            if matches!(event, ProviderEvent::ProviderImported(_))
                && lifecycle::folded_closed(&self.lifecycle, id)
            {
                continue;
            }
            if let ProviderEvent::ProviderImported(p) = event {
                let contacts = serde_json::to_value(&p.contacts)?;
                let (point_lon, point_lat) = (p.point.map(|x| x[0]), p.point.map(|x| x[1]));
                match self.providers.get_mut(&id) {
                    Some(r) => {
                        r.name = p.name;
                        r.building_block_id = p.building_block_id;
                        r.building_block_category_id = p.building_block_category_id;
                        r.municipality_id = p.municipality_id;
                        r.contacts = contacts;
                        r.point_lon = point_lon;
                        r.point_lat = point_lat;
                        r.placement = p.placement;
                        r.source = p.source;
                        r.vintage = p.vintage;
                        r.saps_precinct_code = p.saps_precinct_code;
                    }
                    None => {
                        let mut row = ProviderRow::listed(
                            id,
                            p.name,
                            p.building_block_id,
                            p.building_block_category_id,
                            p.municipality_id,
                            contacts,
                        );
                        row.point_lon = point_lon;
                        row.point_lat = point_lat;
                        row.placement = p.placement;
                        row.source = p.source;
                        row.vintage = p.vintage;
                        row.saps_precinct_code = p.saps_precinct_code;
                        self.providers.insert(id, row);
                    }
                }
                continue;
            }
            let Some(r) = self.providers.get_mut(&id) else {
                continue;
            };
            match event {
                ProviderEvent::ProviderImported(_)
                | ProviderEvent::ProviderProposed(_)
                | ProviderEvent::ProviderExistenceConfirmed
                | ProviderEvent::ProviderProposalDeclined(_)
                | ProviderEvent::ProviderClosureProposed(_)
                | ProviderEvent::ProviderClosed
                | ProviderEvent::ProviderClosureDeclined(_) => unreachable!("handled above"),
                ProviderEvent::BuildingBlockDetailsSubmitted(d) => {
                    r.status = "submitted";
                    r.physical_address = d.physical_address;
                    r.postal_address = d.postal_address;
                    r.details_contacts = Some(serde_json::to_value(&d.contacts)?);
                    r.requirements = d.requirements_available;
                    r.contact_persons = serde_json::to_value(&d.contact_persons)?;
                    r.updated_at = Some(at);
                    r.submitted_at = Some(at);
                    r.submission_version = Some(e.sequence);
                    r.submitted_by = Some(actor(e).to_string());
                }
                ProviderEvent::BuildingBlockVerified => {
                    r.status = "verified";
                    r.verified_requirements = r.requirements.clone();
                    r.verified_physical_address = r.physical_address.clone();
                    r.verified_postal_address = r.postal_address.clone();
                    r.verified_contacts = r.details_contacts.clone();
                    r.verified_contact_persons = r.contact_persons.clone();
                    r.verified_at = Some(at);
                    self.quarters
                        .insert((id, quarter_start(at)), r.verified_requirements.clone());
                }
                ProviderEvent::BuildingBlockReturned(reason) => {
                    r.status = "returned";
                    r.updated_at = Some(at);
                    r.returned_at = Some(at);
                    r.return_reason = reason.reason;
                    r.return_reason_id = reason.reason_id;
                    r.return_reason_digest = reason.digest;
                    r.returned_by = Some(actor(e).to_string());
                }
            }
        }
        Ok(())
    }

    async fn write(
        self: Box<Self>,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
    ) -> anyhow::Result<()> {
        self.taxonomy.write(tx, schema).await?;
        insert_rows(tx, schema, "bb_provider", self.providers.into_values()).await?;
        let quarters = self
            .quarters
            .into_iter()
            .map(|((provider_id, quarter_start), v)| ProviderQuarterRow {
                provider_id,
                quarter_start,
                verified_requirements: v,
            });
        insert_rows(tx, schema, "bb_provider_quarter", quarters).await?;
        insert_rows(
            tx,
            schema,
            "bb_provider_lifecycle",
            self.lifecycle.into_values(),
        )
        .await?;
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
