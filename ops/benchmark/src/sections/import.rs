//! Section 2: bulk import of the shipped data into a fresh database — the geography, then the
//! four SAPS crime files (parse, place, decide with the aggregate, append in batches), then each
//! projection's catch-up. No target: the reference is a raw batched INSERT, 41,664 events/s.

use std::time::Instant;

use anyhow::Result;

use gbvf_api::cli;
use gbvf_commands::sources::geography::Gazetteer;
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::engine;

use crate::config::Config;
use crate::db::{open_db, Databases};
use crate::report::{num, section_title, table, Verdict};

/// Guide: batched raw INSERT, 100 events per transaction, one writer, events/s.
pub const GUIDE_BATCHED_INSERT: f64 = 41_664.0;

/// Runs section 2 on a new database and returns its URL: the shipped data imported and
/// projected, which sections 5, 6 and 8 read.
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<String> {
    eprintln!("==> section 2: bulk import into a fresh database");
    let url = dbs.create("import").await?;
    let pool = open_db(&url).await?;
    let meta = EventMetadata::now("import", uuid::Uuid::new_v4().to_string(), "bench:import");

    let t = Instant::now();
    let (read, geo_events) =
        gbvf_commands::import::import_geography(&pool, &cfg.data_dir, &meta).await?;
    let geo_append_s = t.elapsed().as_secs_f64();
    let geo = gbvf_projections::by_name("geography").expect("geography projection");
    let tp = Instant::now();
    engine::catch_up(&pool, geo.as_ref()).await?;
    let geo_project_s = tp.elapsed().as_secs_f64();

    let mut rows = Vec::new();
    let t = Instant::now();
    let gazetteer = Gazetteer::load(&cfg.data_dir)?;
    let mut total_events = 0u64;
    for f in cli::import::SHIPPED_CRIME_FILES {
        let before: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
            .fetch_one(&pool)
            .await?;
        let tf = Instant::now();
        let report = gbvf_commands::import::import_crime_file(
            &pool,
            &cfg.data_dir.join(f),
            None,
            &gazetteer,
            &meta,
        )
        .await?;
        let secs = tf.elapsed().as_secs_f64();
        let after: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
            .fetch_one(&pool)
            .await?;
        let events = (after - before) as u64;
        total_events += events;
        rows.push((report.file_name.clone(), report.rows_read, events, secs));
    }
    let crime_s = t.elapsed().as_secs_f64();
    let crime = gbvf_projections::by_name("crime").expect("crime projection");
    let tp = Instant::now();
    let projected = engine::catch_up(&pool, crime.as_ref()).await?;
    let crime_project_s = tp.elapsed().as_secs_f64();

    section_title(2, "Bulk import of the shipped data into a fresh database");
    let mut t = table(&[
        "step",
        "rows read",
        "events appended",
        "seconds",
        "events/s",
    ]);
    t.add_row(vec![
        format!("geography: import_geography ({read} boundaries)"),
        num(read as f64),
        num(geo_events as f64),
        format!("{geo_append_s:.2}"),
        num(geo_events as f64 / geo_append_s),
    ]);
    t.add_row(vec![
        "geography: projection catch_up".into(),
        "".into(),
        num(geo_events as f64),
        format!("{geo_project_s:.2}"),
        num(geo_events as f64 / geo_project_s),
    ]);
    for (name, rows_read, events, secs) in &rows {
        t.add_row(vec![
            format!("crime: {name}"),
            num(*rows_read as f64),
            num(*events as f64),
            format!("{secs:.2}"),
            num(*events as f64 / secs),
        ]);
    }
    t.add_row(vec![
        "crime: all shipped files (import_crime_file)".into(),
        num(rows.iter().map(|r| r.1 as f64).sum()),
        num(total_events as f64),
        format!("{crime_s:.2}"),
        num(total_events as f64 / crime_s),
    ]);
    t.add_row(vec![
        "crime: projection catch_up".into(),
        "".into(),
        num(projected as f64),
        format!("{crime_project_s:.2}"),
        num(projected as f64 / crime_project_s),
    ]);
    println!("{t}");
    println!(
        "\nReference: batched raw INSERT, 100 events per transaction, one writer: {} events/s (guide). \
         The crime import includes parsing the CSV, placing every row and deciding each figure with the aggregate.",
        num(GUIDE_BATCHED_INSERT)
    );
    summary.push(Verdict {
        section: "2 import",
        figure: "all shipped crime files, fresh database".into(),
        target: "none (reference 41,664 ev/s raw INSERT)".into(),
        measured: format!(
            "{} events in {:.1} s = {} ev/s",
            num(total_events as f64),
            crime_s,
            num(total_events as f64 / crime_s)
        ),
        pass: None,
    });
    pool.close().await;
    Ok(url)
}
