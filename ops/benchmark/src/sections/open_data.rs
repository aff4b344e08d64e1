//! Section 15: the open data files (decisions 0164 and 0165) produced from the read models of
//! section 2's database (the shipped geography and crime files) with the shipped collective
//! actions imported: per dataset, the time to read its snapshot and write its CSV files
//! (`Kind::produce_unsigned`), the time to sign their manifests (`attest`: seal what is
//! committed, sign the statements), and the bytes and rows of each file. No target: rows of
//! their own.

use std::time::Instant;

use anyhow::Result;
use gbvf_api::open_data::{attest, Kind};
use gbvf_events::audit::sealer::KeptSealer;
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::engine;

use crate::config::Config;
use crate::db::open_db;
use crate::report::{ms, num, section_title, table};

/// Runs the section on the database at `url` (section 2's).
pub async fn run(cfg: &Config, url: &str) -> Result<()> {
    eprintln!("==> section 15: open data files from the read models");
    let pool = open_db(url).await?;
    let meta = EventMetadata::now(
        "import",
        uuid::Uuid::new_v4().to_string(),
        "bench:open-data",
    );
    gbvf_commands::collective_actions::import_collective_actions_file(
        &pool,
        &cfg.data_dir.join("challenges/challenges.csv"),
        &meta,
    )
    .await?;
    for p in gbvf_projections::all() {
        engine::catch_up(&pool, p.as_ref()).await?;
    }
    section_title(15, "Open data: each dataset's files from the read models");
    let mut t = table(&[
        "dataset",
        "file",
        "rows",
        "bytes",
        "produce ms (all files)",
        "sign manifests ms",
    ]);
    // As the server does: one sealer kept for every dataset's manifests.
    let sealer = KeptSealer::default();
    for kind in Kind::ALL {
        let started = Instant::now();
        let mut dataset = kind.produce_unsigned(&pool).await?;
        let produced = started.elapsed();
        let started = Instant::now();
        attest(&pool, &sealer, &mut dataset).await?;
        let signed = started.elapsed();
        for (i, f) in dataset.files.iter().enumerate() {
            let first = i == 0;
            t.add_row(vec![
                if first {
                    kind.name().to_string()
                } else {
                    String::new()
                },
                f.file_name(),
                num(f.rows as f64),
                num(f.bytes.len() as f64),
                if first {
                    ms(produced.as_micros() as u64)
                } else {
                    String::new()
                },
                if first {
                    ms(signed.as_micros() as u64)
                } else {
                    String::new()
                },
            ]);
        }
    }
    println!("{t}");
    println!(
        "\nA dataset is produced once per movement of what it reads and served from memory until then; \
         The first signing also seals the whole freshly imported log (the sealer has not run on it); \
         the health-check figures of a fresh import hold no published quarter (a header only)."
    );
    Ok(())
}
