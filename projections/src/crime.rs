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
//!
//! - [`queries`]: the typed reads of this table.
//! - [`rates`]: financial-year labels and rates per 100,000, as shown.

use std::collections::HashMap;
use std::sync::Arc;

use serde::Deserialize;

use async_trait::async_trait;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::{CrimeSeriesEvent, CRIME_SERIES_AGGREGATE};
use gbvf_events::store::StoredEvent;
use sqlx::{Postgres, Transaction};

use crate::engine::{FoldPage, Projection, RebuildFold};

pub mod queries;
pub mod rates;

/// The crime projection (`crime`).
pub struct CrimeProjection;

/// A crime_total row's change (a page's, or the whole history's in a rebuild).
#[derive(Default)]
struct Delta {
    reported: Option<i64>,
    reported_source: Option<Arc<str>>,
    station_sum: i64,
    station_count: i32,
    sum_source: Option<Arc<str>>,
}

/// (boundary id, crime type id, year).
type Key = (i64, i32, i32);

/// Source texts, shared: one `Arc<str>` per distinct source (and per derived sum source), so
/// folding does not allocate per event and ancestor.
#[derive(Default)]
struct Sources {
    own: HashMap<String, Arc<str>>,
    sums: HashMap<Arc<str>, Arc<str>>,
}

impl Sources {
    fn own(&mut self, source: &str) -> Arc<str> {
        if let Some(s) = self.own.get(source) {
            return s.clone();
        }
        let s: Arc<str> = source.into();
        self.own.insert(source.to_string(), s.clone());
        s
    }
    fn sum(&mut self, own: &Arc<str>) -> Arc<str> {
        self.sums
            .entry(own.clone())
            .or_insert_with(|| format!("sum of SAPS station figures: {own}").into())
            .clone()
    }
}

/// Folds `events` (commit order) into `deltas` (see [`fold_event`]).
fn fold_into(
    deltas: &mut Deltas,
    sources: &mut Sources,
    events: &[StoredEvent],
) -> anyhow::Result<()> {
    for e in events {
        fold_event(deltas, sources, &CrimeSeriesEvent::deserialize(&e.payload)?);
    }
    Ok(())
}

/// Deltas by row. FxHash: the keys are small integers the projection itself computes (no
/// hash flooding from outside), and the fold hashes five keys per event.
type Deltas = rustc_hash::FxHashMap<Key, Delta>;

/// Folds one event into `deltas`: a figure sets its own row's reported value and source (the
/// latest wins), and a precinct's figure adds `count - previous_count` to the station sum of
/// each ancestor (and one station for a first recording).
fn fold_event(deltas: &mut Deltas, sources: &mut Sources, event: &CrimeSeriesEvent) {
    let f = event.figure();
    let source = sources.own(&f.source);
    let own = deltas
        .entry((f.place.boundary_id, f.crime_type_id, f.period_start_year))
        .or_default();
    own.reported = Some(f.count);
    own.reported_source = Some(source.clone());
    if f.place.level == BoundaryLevel::SapsPrecinct {
        let change = f.count - event.previous_count();
        let new_station = matches!(event, CrimeSeriesEvent::CrimeFigureRecorded(_)) as i32;
        let sum_source = sources.sum(&source);
        for &a in &f.place.ancestor_ids {
            let d = deltas
                .entry((a, f.crime_type_id, f.period_start_year))
                .or_default();
            d.station_sum += change;
            d.station_count += new_station;
            d.sum_source = Some(sum_source.clone());
        }
    }
}

/// The rebuild fold of the crime projection: the whole history in memory (one [`Delta`] per
/// row: about 523,000 rows for 1,000,000 synthetic events), written once with `COPY`.
#[derive(Default)]
struct CrimeFold {
    deltas: Deltas,
    sources: Sources,
}

#[async_trait]
impl RebuildFold for CrimeFold {
    fn raw(&self) -> bool {
        true
    }
    fn fold(&mut self, events: FoldPage<'_>) -> anyhow::Result<()> {
        for e in events.raw()? {
            fold_event(
                &mut self.deltas,
                &mut self.sources,
                &e.decode::<CrimeSeriesEvent>()?,
            );
        }
        Ok(())
    }

    async fn write(
        self: Box<Self>,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
    ) -> anyhow::Result<()> {
        let mut copy = tx
            .copy_in_raw(&format!(
                "COPY {schema}.crime_total (boundary_id, crime_type_id, year, reported, reported_source,
                     station_sum, station_count, sum_source) FROM STDIN (FORMAT csv)"
            ))
            .await?;
        // CSV through the csv crate (quoting), sent in chunks of about 1 MiB; an empty
        // unquoted field is NULL.
        let mut out = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::with_capacity(1 << 20));
        // Written in key order, so the rows of one boundary share a few heap pages: a read of
        // a boundary's figures then touches those pages instead of one page per row (on a
        // 10M-event log, 523,446 rows written in hash order made the national read 3x slower).
        let mut rows: Vec<_> = self.deltas.into_iter().collect();
        rows.sort_unstable_by_key(|(key, _)| *key);
        for ((b, t, y), d) in rows {
            out.write_record([
                b.to_string().as_str(),
                t.to_string().as_str(),
                y.to_string().as_str(),
                d.reported.map(|r| r.to_string()).as_deref().unwrap_or(""),
                d.reported_source.as_deref().unwrap_or(""),
                d.station_sum.to_string().as_str(),
                d.station_count.to_string().as_str(),
                d.sum_source.as_deref().unwrap_or(""),
            ])?;
            if out.get_ref().len() >= 1 << 20 {
                let chunk = std::mem::replace(
                    &mut out,
                    csv::WriterBuilder::new()
                        .has_headers(false)
                        .from_writer(Vec::with_capacity(1 << 20)),
                );
                copy.send(chunk.into_inner()?).await?;
            }
        }
        copy.send(out.into_inner()?).await?;
        copy.finish().await?;
        Ok(())
    }
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
    fn rebuild_fold(&self) -> Option<Box<dyn RebuildFold>> {
        Some(Box::<CrimeFold>::default())
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
        let mut deltas = Deltas::default();
        fold_into(&mut deltas, &mut Sources::default(), events)?;
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
            rep_src.push(d.reported_source.map(|s| s.to_string()));
            sum.push(d.station_sum);
            cnt.push(d.station_count);
            sum_src.push(d.sum_source.map(|s| s.to_string()));
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
