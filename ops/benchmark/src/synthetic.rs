//! Synthetic crime figures appended straight to the event log (sections 3 and 8): every SAPS
//! precinct × crime type × year from 1994, round by round, in large batches, so a rebuild has
//! millions of events to read without millions of commands to run first.

use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Result};
use sqlx::PgPool;

use gbvf_commands::sources::geography::Gazetteer;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::{
    crime_series_id, CrimeFigure, CrimeSeriesEvent, SeriesPlace, CRIME_SERIES_AGGREGATE,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::{append_batch, NewEvent};

use crate::config::Config;

/// Events per transaction when appending synthetic events.
pub const APPEND_BATCH: usize = 10_000;
/// Crime types of the product.
pub const CRIME_TYPES: std::ops::RangeInclusive<i32> = 1..=11;
/// First SAPS financial year the aggregate accepts.
pub const FIRST_YEAR: i32 = 1994;

/// The generator of synthetic `CrimeFigureRecorded` events: event `j` is a pure function of
/// `j`, so a reader can check what it read.
pub struct Synth {
    /// (precinct id, ancestors nearest first).
    pub precincts: Vec<(i64, Vec<i64>)>,
    /// Crime types (11).
    pub types: usize,
    /// Years from [`FIRST_YEAR`] to this year.
    pub years: usize,
    metadata: serde_json::Value,
}

impl Synth {
    /// Series (precinct × crime type): events per round.
    pub fn series(&self) -> usize {
        self.precincts.len() * self.types
    }
    /// The count of event `j` (0..500); their sum is what a rebuild must find nationally.
    pub fn count_of(j: usize) -> i64 {
        ((j as u64).wrapping_mul(2_654_435_761) % 500) as i64
    }
    /// Event number `j`: round-major over every series, so consecutive events (and each
    /// page of the projector) belong to different series, as interleaved commands would.
    pub fn event(&self, j: usize) -> NewEvent {
        let series = self.series();
        let (round, s) = (j / series, j % series);
        let (p, t) = (s / self.types, s % self.types);
        let (boundary_id, ancestors) = &self.precincts[p];
        let crime_type_id = t as i32 + 1;
        let event = CrimeSeriesEvent::CrimeFigureRecorded(CrimeFigure {
            place: SeriesPlace {
                boundary_id: *boundary_id,
                level: BoundaryLevel::SapsPrecinct,
                ancestor_ids: ancestors.clone(),
            },
            crime_type_id,
            period_start_year: FIRST_YEAR + (round % self.years) as i32,
            count: Self::count_of(j),
            source: "SAPS station statistics (bench synthetic)".into(),
        });
        NewEvent {
            aggregate_type: CRIME_SERIES_AGGREGATE.to_string(),
            aggregate_id: crime_series_id(*boundary_id, crime_type_id),
            sequence: round as i64 + 1,
            event_type: "CrimeFigureRecorded".into(),
            event_version: "1.0".into(),
            payload: serde_json::to_value(&event).expect("events serialize"),
            metadata: self.metadata.clone(),
        }
    }
}

/// Appends `n` synthetic crime-figure events (see [`Synth`]) in batches of [`APPEND_BATCH`]
/// per transaction with two writers; returns the seconds taken and the generator.
pub async fn append_synthetic(cfg: &Config, pool: &PgPool, n: usize) -> Result<(f64, Arc<Synth>)> {
    let gazetteer = Gazetteer::load(&cfg.data_dir)?;
    let precincts: Vec<(i64, Vec<i64>)> = gazetteer
        .precincts()
        .iter()
        .filter_map(|p| gazetteer.boundary_id(&p.code, BoundaryLevel::SapsPrecinct))
        .map(|id| (id, gazetteer.ancestor_ids(id)))
        .collect();
    if precincts.is_empty() {
        bail!("no precincts in the gazetteer");
    }
    let this_year = chrono::Datelike::year(&chrono::Utc::now());
    let synth = Arc::new(Synth {
        precincts,
        types: CRIME_TYPES.count(),
        years: (this_year - FIRST_YEAR + 1) as usize,
        metadata: EventMetadata::now("system", "bench", "bench:synthetic").to_json(),
    });

    // Append: batches of APPEND_BATCH events per INSERT and transaction, two writers.
    let batches = n.div_ceil(APPEND_BATCH);
    let t = Instant::now();
    let mut writers = Vec::new();
    for w in 0..2usize {
        let (pool, synth) = (pool.clone(), synth.clone());
        writers.push(tokio::spawn(async move {
            let mut b = w;
            while b < batches {
                let events: Vec<NewEvent> = (b * APPEND_BATCH..((b + 1) * APPEND_BATCH).min(n))
                    .map(|j| synth.event(j))
                    .collect();
                let mut tx = pool.begin().await?;
                append_batch(&mut tx, &events).await?;
                tx.commit().await?;
                b += 2;
            }
            anyhow::Ok(())
        }));
    }
    for w in writers {
        w.await??;
    }
    Ok((t.elapsed().as_secs_f64(), synth))
}
