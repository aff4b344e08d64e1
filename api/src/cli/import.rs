//! `gbvf import`: geography, SAPS crime statistics and collective actions into the event log.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use gbvf_commands::collective_actions::{
    import_collective_actions_file, CollectiveActionImportReport,
};
use gbvf_commands::import::{import_crime_file, import_geography, ImportReport};
use gbvf_commands::sources::crime::CrimeFileFormat;
use gbvf_commands::sources::geography::Gazetteer;
use gbvf_events::metadata::EventMetadata;
use sqlx::PgPool;

/// Import subcommands.
#[derive(Subcommand)]
pub enum ImportCommand {
    /// Boundaries (MDB 2020 demarcation) and SAPS precincts from DATA_DIR/geography.
    Geography {
        /// The project's data directory.
        #[arg(long, default_value = "data")]
        data_dir: PathBuf,
    },
    /// One SAPS crime statistics file.
    Crime {
        /// The CSV file.
        file: PathBuf,
        /// station-2005, station-2003, saps-annual or long (default: detected from the header).
        #[arg(long)]
        format: Option<String>,
        /// The project's data directory (for the station gazetteer).
        #[arg(long, default_value = "data")]
        data_dir: PathBuf,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The building-block taxonomy and the service providers of DATA_DIR/building-blocks.
    BuildingBlocks {
        /// The project's data directory.
        #[arg(long, default_value = "data")]
        data_dir: PathBuf,
    },
    /// A collective-action (End GBVF 100-Day Challenges) CSV; format in
    /// `gbvf_commands::collective_actions::import` and docs/ARCHITECTURE.md. Operator command (database access);
    /// the web equivalent is guarded by WorldOfImpactAdmin.
    #[command(alias = "challenges")]
    CollectiveActions {
        /// The CSV file.
        file: PathBuf,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Everything shipped in DATA_DIR (geography, every crime file, building blocks, collective actions); a no-op when done before.
    Shipped {
        /// The project's data directory.
        #[arg(long, default_value = "data")]
        data_dir: PathBuf,
    },
}

/// The crime files shipped in `data/crime`, oldest series first so newer releases revise older.
pub const SHIPPED_CRIME_FILES: [&str; 4] = [
    "crime/afrith-crime-stats-2003-2012.csv",
    "crime/SouthAfricaCrimeStats_v2.csv",
    "crime/df_crime_sa_provincial.csv",
    "crime/df_crime_sa_national.csv",
];

/// The shipped End GBVF 100-Day Challenges file (see data/challenges/SOURCE.md).
pub const SHIPPED_COLLECTIVE_ACTIONS_FILE: &str = "challenges/challenges.csv";

async fn collective_actions(
    pool: &PgPool,
    file: &Path,
) -> anyhow::Result<CollectiveActionImportReport> {
    let source = format!(
        "import:{}",
        file.file_name()
            .map(|f| f.to_string_lossy().to_string())
            .unwrap_or_default()
    );
    Ok(import_collective_actions_file(pool, file, &meta(&source)).await?)
}

/// Prints a collective action import report: totals, then every row placed in no boundary.
pub fn print_collective_action_report(r: &CollectiveActionImportReport, json: bool) {
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(r).expect("report serializes")
        );
        return;
    }
    if r.already_imported {
        println!(
            "{}: already imported (sha256 {}), nothing added",
            r.file_name,
            &r.sha256[..12]
        );
        return;
    }
    println!(
        "{}: {} rows read, {} collective action events appended, {} rows not placed in a boundary (imported without a place)",
        r.file_name, r.rows_read, r.events_appended, r.unplaced.len()
    );
    for u in &r.unplaced {
        println!(
            "  not placed: line {} {} [{:?}, {:?}]: {}",
            u.line, u.challenge_id, u.place_name, u.province, u.reason
        );
    }
}

fn meta(source: &str) -> EventMetadata {
    EventMetadata::now("import", uuid::Uuid::new_v4().to_string(), source)
}

/// Runs an import subcommand.
pub async fn run(pool: &PgPool, cmd: ImportCommand) -> anyhow::Result<()> {
    crate::cli::migrate(pool).await?;
    match cmd {
        ImportCommand::Geography { data_dir } => geography(pool, &data_dir).await,
        ImportCommand::Crime {
            file,
            format,
            data_dir,
            json,
        } => {
            let format = match format {
                Some(f) => Some(CrimeFileFormat::parse(&f).ok_or_else(|| {
                    anyhow::anyhow!(
                        "unknown format {f:?}: use station-2005, station-2003, saps-annual or long"
                    )
                })?),
                None => None,
            };
            let gazetteer = Gazetteer::load(&data_dir)?;
            let report = crime(pool, &file, format, &gazetteer).await?;
            print_report(&report, json);
            Ok(())
        }
        ImportCommand::BuildingBlocks { data_dir } => {
            building_blocks(pool, &data_dir).await?;
            catch_up_all(pool).await
        }
        ImportCommand::CollectiveActions { file, json } => {
            let report = collective_actions(pool, &file).await?;
            print_collective_action_report(&report, json);
            catch_up_all(pool).await
        }
        ImportCommand::Shipped { data_dir } => {
            geography(pool, &data_dir).await?;
            building_blocks(pool, &data_dir).await?;
            let gazetteer = Gazetteer::load(&data_dir)?;
            for f in SHIPPED_CRIME_FILES {
                let report = crime(pool, &data_dir.join(f), None, &gazetteer).await?;
                print_report(&report, false);
            }
            let report =
                collective_actions(pool, &data_dir.join(SHIPPED_COLLECTIVE_ACTIONS_FILE)).await?;
            print_collective_action_report(&report, false);
            catch_up_all(pool).await
        }
    }
}

async fn geography(pool: &PgPool, data_dir: &Path) -> anyhow::Result<()> {
    let (read, appended) = import_geography(pool, data_dir, &meta("cli:import geography")).await?;
    eprintln!("geography: {read} boundaries read, {appended} events appended");
    // Crime imports place figures through the geography read model: bring it up to date now.
    let geo = gbvf_projections::by_name("geography").expect("geography projection");
    gbvf_projections::engine::catch_up(pool, geo.as_ref()).await?;
    Ok(())
}

/// Imports the building-block taxonomy and providers, printing each file's totals and every
/// row not imported.
async fn building_blocks(pool: &PgPool, data_dir: &Path) -> anyhow::Result<()> {
    let reports = gbvf_commands::building_blocks::import_building_blocks(
        pool,
        data_dir,
        &meta("cli:import building-blocks"),
    )
    .await?;
    for r in reports {
        if r.already_imported {
            println!(
                "{}: already imported, nothing added ({} rows not placed)",
                r.file_name,
                r.unplaced.len()
            );
            continue;
        }
        println!(
            "{}: {} rows read, {} providers appended, {} unchanged, {} rows not placed, {} duplicates",
            r.file_name,
            r.rows_read,
            r.providers_appended,
            r.providers_unchanged,
            r.unplaced.len(),
            r.duplicates.len()
        );
        for u in &r.unplaced {
            println!(
                "  not placed, line {}: {} ({}): {}",
                u.line, u.name, u.province, u.reason
            );
        }
        for u in &r.duplicates {
            println!(
                "  duplicate, line {}: {} ({}): {}",
                u.line, u.name, u.province, u.reason
            );
        }
        for u in &r.placed_in_nearest {
            println!(
                "  placed in the nearest municipality, line {}: {} ({}): {}",
                u.line, u.name, u.province, u.reason
            );
        }
    }
    Ok(())
}

async fn crime(
    pool: &PgPool,
    file: &Path,
    format: Option<CrimeFileFormat>,
    gazetteer: &Gazetteer,
) -> anyhow::Result<ImportReport> {
    let source = format!(
        "import:{}",
        file.file_name()
            .map(|f| f.to_string_lossy().to_string())
            .unwrap_or_default()
    );
    Ok(import_crime_file(pool, file, format, gazetteer, &meta(&source)).await?)
}

async fn catch_up_all(pool: &PgPool) -> anyhow::Result<()> {
    for p in gbvf_projections::all() {
        gbvf_projections::engine::catch_up(pool, p.as_ref()).await?;
    }
    Ok(())
}

/// Prints an import report: totals, then every unplaced row.
pub fn print_report(r: &ImportReport, json: bool) {
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(r).expect("report serializes")
        );
        return;
    }
    if r.already_imported {
        println!(
            "{} ({}): already imported (sha256 {}), nothing added",
            r.file_name,
            r.format,
            &r.sha256[..12]
        );
        return;
    }
    println!(
        "{} ({}): {} rows read, {} figures appended, {} unchanged, {} rows unplaced, {} rows in non-GBVF categories, {:.1} s",
        r.file_name,
        r.format,
        r.rows_read,
        r.figures_appended,
        r.figures_unchanged,
        r.unplaced.len(),
        r.ignored_categories.values().sum::<u64>(),
        r.seconds
    );
    for u in &r.unplaced {
        println!(
            "  unplaced line {}: {} [station {:?}, province {:?}, category {:?}]",
            u.line, u.reason, u.station, u.province, u.category
        );
    }
}
