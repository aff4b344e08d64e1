//! The crime read model: counts per boundary (every level), crime type and SAPS financial
//! year, from crime-series events.
//!
//! Table `crime_total` (view in `public`), one row per (boundary_id, crime_type_id, year):
//! - `reported`: the figure SAPS published for this boundary itself (a precinct's station
//!   figure, or a provincial or national total), with `reported_source`;
//! - `station_sum`: the sum of the station figures of the precincts inside the boundary,
//!   maintained incrementally (each figure event adds `count - previous_count` to every
//!   ancestor), with `station_count` and `sum_source`.
//!
//! The figure shown is `COALESCE(reported, station_sum)`: a published total when there is one
//! (provinces and nation 2013/14–2022/23), else the sum of its stations (districts and
//! municipalities always; provinces and nation before 2013/14). Where both exist they agree
//! (shared/data/README.md: station and provincial series agree exactly 2013/14–2015/16).

use std::collections::HashMap;

use async_trait::async_trait;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::{CrimeSeriesEvent, CRIME_SERIES_AGGREGATE};
use gbvf_events::store::StoredEvent;
use sqlx::{Postgres, Transaction};

use crate::engine::Projection;

/// The crime projection (`crime`).
pub struct CrimeProjection;

#[derive(Default)]
struct Delta {
    reported: Option<i64>,
    reported_source: Option<String>,
    station_sum: i64,
    station_count: i32,
    sum_source: Option<String>,
}

#[async_trait]
impl Projection for CrimeProjection {
    fn name(&self) -> &'static str {
        "crime"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[CRIME_SERIES_AGGREGATE]
    }
    fn tables(&self) -> &'static [&'static str] {
        &["crime_total"]
    }
    fn ddl(&self, schema: &str) -> String {
        format!(
            "CREATE TABLE {schema}.crime_total (
                boundary_id     bigint  NOT NULL,
                crime_type_id   integer NOT NULL,
                year            integer NOT NULL,
                reported        bigint,
                reported_source text,
                station_sum     bigint  NOT NULL DEFAULT 0,
                station_count   integer NOT NULL DEFAULT 0,
                sum_source      text,
                PRIMARY KEY (boundary_id, crime_type_id, year)
            );"
        )
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        // Fold the page in memory: one upsert row per key, whatever the page size.
        let mut deltas: HashMap<(i64, i32, i32), Delta> = HashMap::new();
        for e in events {
            let event: CrimeSeriesEvent = serde_json::from_value(e.payload.clone())?;
            let f = event.figure();
            let key = (f.place.boundary_id, f.crime_type_id, f.period_start_year);
            let own = deltas.entry(key).or_default();
            own.reported = Some(f.count);
            own.reported_source = Some(f.source.clone());
            if f.place.level == BoundaryLevel::SapsPrecinct {
                let change = f.count - event.previous_count();
                let new_station = matches!(event, CrimeSeriesEvent::CrimeFigureRecorded(_)) as i32;
                for &a in &f.place.ancestor_ids {
                    let d = deltas
                        .entry((a, f.crime_type_id, f.period_start_year))
                        .or_default();
                    d.station_sum += change;
                    d.station_count += new_station;
                    d.sum_source = Some(format!("sum of SAPS station figures: {}", f.source));
                }
            }
        }
        let n = deltas.len();
        let (mut b, mut t, mut y) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        let (mut rep, mut rep_src, mut sum, mut cnt, mut sum_src) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        for ((bid, tid, year), d) in deltas {
            b.push(bid);
            t.push(tid);
            y.push(year);
            rep.push(d.reported);
            rep_src.push(d.reported_source);
            sum.push(d.station_sum);
            cnt.push(d.station_count);
            sum_src.push(d.sum_source);
        }
        sqlx::query(&format!(
            "INSERT INTO {schema}.crime_total AS c
                 (boundary_id, crime_type_id, year, reported, reported_source, station_sum, station_count, sum_source)
             SELECT * FROM UNNEST($1::bigint[], $2::int[], $3::int[], $4::bigint[], $5::text[], $6::bigint[], $7::int[], $8::text[])
             ON CONFLICT (boundary_id, crime_type_id, year) DO UPDATE SET
                 reported = COALESCE(EXCLUDED.reported, c.reported),
                 reported_source = COALESCE(EXCLUDED.reported_source, c.reported_source),
                 station_sum = c.station_sum + EXCLUDED.station_sum,
                 station_count = c.station_count + EXCLUDED.station_count,
                 sum_source = COALESCE(EXCLUDED.sum_source, c.sum_source)"
        ))
        .bind(&b)
        .bind(&t)
        .bind(&y)
        .bind(&rep)
        .bind(&rep_src)
        .bind(&sum)
        .bind(&cnt)
        .bind(&sum_src)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }
}
