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
//! Each row says on which South African day it last changed (`changed_on`, the day its latest
//! event was recorded); when an event of a later day changes it, the row as it stood is kept in
//! `crime_total_before` with the days it held (`valid_from` inclusive, `valid_until`
//! exclusive). Together they give the figures as of the end of any day
//! ([`queries::CrimeStatsReads`] with an as-of date): a permalink shows what was shown then.
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

use chrono::NaiveDate;
use serde::Deserialize;

use async_trait::async_trait;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::calendar::south_african_date;
use gbvf_events::crime::{CrimeSeriesEvent, CRIME_SERIES_AGGREGATE};
use gbvf_events::store::StoredEvent;
use sqlx::{Postgres, Transaction};

use crate::engine::{FoldPage, Projection, RebuildFold};

pub mod queries;
pub mod rates;

/// The crime projection (`crime`).
pub struct CrimeProjection;

/// A crime_total row's change (a page's, or the whole history's in a rebuild).
#[derive(Default, Clone)]
struct Delta {
    reported: Option<i64>,
    reported_source: Option<Arc<str>>,
    station_sum: i64,
    station_count: i32,
    sum_source: Option<Arc<str>>,
    /// In a rebuild, the South African day of the row's latest event.
    changed_on: Option<NaiveDate>,
}

/// A row as it stood from `valid_from` until (not including) `valid_until`, in a rebuild.
struct Before {
    key: Key,
    row: Delta,
    valid_from: NaiveDate,
    valid_until: NaiveDate,
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

/// The rows `event` changes: its own, and for a precinct's figure each ancestor's.
fn touched_keys(event: &CrimeSeriesEvent) -> impl Iterator<Item = Key> + '_ {
    let f = event.figure();
    let ancestors: &[i64] = if f.place.level == BoundaryLevel::SapsPrecinct {
        &f.place.ancestor_ids
    } else {
        &[]
    };
    std::iter::once(f.place.boundary_id)
        .chain(ancestors.iter().copied())
        .map(move |b| (b, f.crime_type_id, f.period_start_year))
}

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

/// Writes one day's folded `deltas` to `crime_total`: a row last changed on an earlier day is
/// first kept as it stood in `crime_total_before` (until `day`), then every row is upserted
/// with `changed_on` the later of its day and `day`.
async fn apply_day(
    tx: &mut Transaction<'_, Postgres>,
    schema: &str,
    deltas: Deltas,
    day: NaiveDate,
) -> anyhow::Result<()> {
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
        "INSERT INTO {schema}.crime_total_before
             (boundary_id, crime_type_id, year, reported, reported_source, station_sum, station_count,
              sum_source, valid_from, valid_until)
         SELECT c.boundary_id, c.crime_type_id, c.year, c.reported, c.reported_source, c.station_sum,
                c.station_count, c.sum_source, c.changed_on, $4
         FROM {schema}.crime_total c
         JOIN UNNEST($1::bigint[], $2::int[], $3::int[]) AS k(boundary_id, crime_type_id, year)
           USING (boundary_id, crime_type_id, year)
         WHERE c.changed_on < $4"
    ))
    .bind(&b)
    .bind(&t)
    .bind(&y)
    .bind(day)
    .execute(&mut **tx)
    .await?;
    sqlx::query(&format!(
        "INSERT INTO {schema}.crime_total AS c
             (boundary_id, crime_type_id, year, reported, reported_source, station_sum, station_count, sum_source, changed_on)
         SELECT *, $9 FROM UNNEST($1::bigint[], $2::int[], $3::int[], $4::bigint[], $5::text[], $6::bigint[], $7::int[], $8::text[])
         ON CONFLICT (boundary_id, crime_type_id, year) DO UPDATE SET
             reported = COALESCE(EXCLUDED.reported, c.reported),
             reported_source = COALESCE(EXCLUDED.reported_source, c.reported_source),
             station_sum = c.station_sum + EXCLUDED.station_sum,
             station_count = c.station_count + EXCLUDED.station_count,
             sum_source = COALESCE(EXCLUDED.sum_source, c.sum_source),
             changed_on = GREATEST(c.changed_on, EXCLUDED.changed_on)"
    ))
    .bind(&b)
    .bind(&t)
    .bind(&y)
    .bind(&rep)
    .bind(&rep_src)
    .bind(&sum)
    .bind(&cnt)
    .bind(&sum_src)
    .bind(day)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The rebuild fold of the crime projection: the whole history in memory (one [`Delta`] per
/// row: about 523,000 rows for 1,000,000 synthetic events), written once with `COPY`.
#[derive(Default)]
struct CrimeFold {
    deltas: Deltas,
    sources: Sources,
    before: Vec<Before>,
}

impl CrimeFold {
    /// Folds one event recorded on South African day `day`: a row last changed on an earlier
    /// day is kept as it stood first (as the page-by-page apply keeps it), and every row the
    /// event changes then carries the latest day it changed on.
    fn fold_on(&mut self, event: &CrimeSeriesEvent, day: NaiveDate) {
        for key in touched_keys(event) {
            let Some(row) = self.deltas.get_mut(&key) else {
                continue;
            };
            if let Some(from) = row.changed_on.filter(|from| *from < day) {
                self.before.push(Before {
                    key,
                    row: row.clone(),
                    valid_from: from,
                    valid_until: day,
                });
            }
        }
        fold_event(&mut self.deltas, &mut self.sources, event);
        for key in touched_keys(event) {
            if let Some(row) = self.deltas.get_mut(&key) {
                row.changed_on = row.changed_on.max(Some(day));
            }
        }
    }
}

#[async_trait]
impl RebuildFold for CrimeFold {
    fn raw(&self) -> bool {
        true
    }
    fn fold(&mut self, events: FoldPage<'_>) -> anyhow::Result<()> {
        for e in events.raw()? {
            let event = e.decode::<CrimeSeriesEvent>()?;
            self.fold_on(&event, south_african_date(e.recorded_at));
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
                     station_sum, station_count, sum_source, changed_on) FROM STDIN (FORMAT csv)"
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
                d.changed_on
                    .map(|day| day.to_string())
                    .as_deref()
                    .unwrap_or(""),
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
        // Rows as they stood before a later day changed them: few (one per row and day it
        // changed on after its first), written by one COPY.
        let mut copy = tx
            .copy_in_raw(&format!(
                "COPY {schema}.crime_total_before (boundary_id, crime_type_id, year, reported,
                     reported_source, station_sum, station_count, sum_source, valid_from, valid_until)
                 FROM STDIN (FORMAT csv)"
            ))
            .await?;
        let mut out = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        for Before {
            key: (b, t, y),
            row: d,
            valid_from,
            valid_until,
        } in self.before
        {
            out.write_record([
                b.to_string().as_str(),
                t.to_string().as_str(),
                y.to_string().as_str(),
                d.reported.map(|r| r.to_string()).as_deref().unwrap_or(""),
                d.reported_source.as_deref().unwrap_or(""),
                d.station_sum.to_string().as_str(),
                d.station_count.to_string().as_str(),
                d.sum_source.as_deref().unwrap_or(""),
                valid_from.to_string().as_str(),
                valid_until.to_string().as_str(),
            ])?;
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
        &["crime_total", "crime_total_before"]
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
                changed_on      date    NOT NULL,
                PRIMARY KEY (boundary_id, crime_type_id, year)
            );
            CREATE TABLE {schema}.crime_total_before (
                boundary_id     bigint  NOT NULL,
                crime_type_id   integer NOT NULL,
                year            integer NOT NULL,
                reported        bigint,
                reported_source text,
                station_sum     bigint  NOT NULL,
                station_count   integer NOT NULL,
                sum_source      text,
                valid_from      date    NOT NULL,
                valid_until     date    NOT NULL,
                PRIMARY KEY (boundary_id, crime_type_id, year, valid_from),
                CHECK (valid_from < valid_until)
            );"
        )
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        // The page's events by South African day (one run in all but a page that spans
        // midnight): each run folded in memory into one upsert row per key, whatever its size.
        for run in events
            .chunk_by(|a, b| south_african_date(a.recorded_at) == south_african_date(b.recorded_at))
        {
            let day = south_african_date(run[0].recorded_at);
            let mut deltas = Deltas::default();
            fold_into(&mut deltas, &mut Sources::default(), run)?;
            apply_day(tx, schema, deltas, day).await?;
        }
        Ok(())
    }
}
