//! `gbvf`: the one executable of the GBVF dashboard.
//!
//! Subcommands: `serve` (API, projectors and the web app), `project` (projectors only),
//! `migrate`, `import` (geography, crime files, or everything shipped in `data/`),
//! `projections status|rebuild`, `events history|verify|verify-proof|public-key`, `users …`, `building-blocks erase-contact`,
//! `questionnaire-translation template|load|review|withdraw|status|erase-credit`. The database is `DATABASE_URL`.

use gbvf_api::{cli, telemetry};

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Command line of `gbvf`.
#[derive(Parser)]
#[command(
    name = "gbvf",
    version,
    about = "GBVF dashboard: API server, projectors and operator commands"
)]
struct Cli {
    /// PostgreSQL connection URL.
    #[arg(long, env = "DATABASE_URL", global = true, hide_env_values = true)]
    database_url: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the API, the projectors and the built web app in one process. Public reads use the
    /// streaming replicas of DATABASE_READ_URL (comma-separated) while they keep up
    /// (GBVF_REPLICA_MAX_LAG_MS, default 3000), else the primary.
    Serve {
        /// Port to listen on.
        #[arg(long, env = "PORT", default_value_t = 8080)]
        port: u16,
        /// Address to bind.
        #[arg(long, env = "BIND", default_value = "127.0.0.1")]
        bind: String,
        /// Directory of the built web app.
        #[arg(long, env = "GBVF_WEB_DIR", default_value = "web/dist")]
        web_dir: PathBuf,
        /// API-only instance: run no projectors, mail worker or audit sealer in this process
        /// (run `gbvf project` elsewhere).
        #[arg(long)]
        no_projectors: bool,
    },
    /// Run the workers only: projectors, mail worker and audit sealer.
    Project,
    /// Apply database migrations and install the projections.
    Migrate,
    /// Import data as events.
    #[command(subcommand)]
    Import(cli::import::ImportCommand),
    /// Inspect or rebuild projections.
    #[command(subcommand)]
    Projections(cli::projections::ProjectionsCommand),
    /// Read the event log.
    #[command(subcommand)]
    Events(cli::history::EventsCommand),
    /// Manage accounts.
    #[command(subcommand)]
    Users(cli::users::UsersCommand),
    /// The published open data files: check one against its signed manifest.
    #[command(subcommand)]
    Data(cli::data::DataCommand),
    /// The health-check survey over USSD: simulate a phone against a running server.
    #[command(subcommand)]
    Ussd(cli::ussd::UssdCommand),
    /// Building-block providers' contact persons (erasure).
    #[command(subcommand)]
    BuildingBlocks(cli::building_blocks::BuildingBlocksCommand),
    /// The survey's questions and answers in another language: a template for translators,
    /// loading, review, withdrawal (docs/translators.md).
    #[command(subcommand)]
    QuestionnaireTranslation(cli::questionnaire_translation::TranslationCommandLine),
    /// Write the event log and the other write-side tables to FILE (pg_dump custom format).
    Backup {
        /// Archive to write.
        file: PathBuf,
    },
    /// Load FILE (from `gbvf backup`) into an empty database and rebuild every projection.
    Restore {
        /// Archive to read.
        file: PathBuf,
    },
    /// The development e-mail outbox.
    #[command(subcommand)]
    Outbox(cli::users::OutboxCommand),
    /// Print the OpenAPI document served at `/api/openapi.json` (no database needed); the web
    /// app's API types are generated from it (`npm run gen:api` in web/).
    Openapi,
    /// Example organisations and survey responses, marked as example data (never loaded by
    /// `serve`).
    #[command(subcommand)]
    Examples(ExamplesCommand),
    /// Publish the public health-check figures of every quarter that ended before `--as-of`
    /// (now by default; `gbvf serve` does this every 10 minutes). A later `--as-of` publishes
    /// the current quarter early: for tests and demonstrations, never on a live site.
    HealthcheckPublish {
        /// RFC 3339 instant, e.g. 2027-01-02T00:00:00Z.
        #[arg(long)]
        as_of: Option<chrono::DateTime<chrono::Utc>>,
    },
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let _telemetry = telemetry::init("gbvf");
    match run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Outbox(c) => return cli::users::outbox(c),
        // Checked without any database (an auditor's machine).
        Command::Events(cli::history::EventsCommand::VerifyProof { file, public_key }) => {
            return cli::audit::verify_proof(&file, public_key.as_deref()).map(|_| ());
        }
        // Checked without any database (a journalist's or researcher's machine).
        Command::Data(cli::data::DataCommand::Verify {
            file,
            manifest,
            public_key,
        }) => return cli::data::verify(&file, &manifest, public_key.as_deref()).map(|_| ()),
        // A phone's menus against a running server: no database of its own.
        Command::Ussd(c) => return cli::ussd::run(c).await,
        // A translator's template needs no database.
        Command::QuestionnaireTranslation(
            cli::questionnaire_translation::TranslationCommandLine::Template {
                questionnaire,
                language,
            },
        ) => return cli::questionnaire_translation::template(&questionnaire, &language),
        Command::Openapi => {
            let doc = gbvf_api::http::openapi::full();
            println!("{}", serde_json::to_string_pretty(&doc)?);
            return Ok(());
        }
        _ => {}
    }
    let url = cli.database_url.ok_or_else(|| {
        anyhow::anyhow!("DATABASE_URL is not set (use ./ops/run, or point it at your PostgreSQL)")
    })?;
    let pool = cli::connect(&url).await?;
    match cli.command {
        Command::Serve {
            port,
            bind,
            web_dir,
            no_projectors,
        } => cli::serve::serve(pool, &bind, port, web_dir, !no_projectors).await,
        Command::Project => cli::serve::project(pool).await,
        Command::Migrate => cli::migrate(&pool).await,
        Command::Import(c) => cli::import::run(&pool, c).await,
        Command::Projections(c) => cli::projections::run(&pool, c).await,
        Command::Events(c) => cli::history::run(&pool, c).await,
        Command::Users(c) => cli::users::run(&pool, c).await,
        Command::BuildingBlocks(c) => cli::building_blocks::run(&pool, c).await,
        Command::QuestionnaireTranslation(c) => cli::questionnaire_translation::run(&pool, c).await,
        Command::Examples(ExamplesCommand::Load { seed }) => {
            let r = cli::examples::load(&pool, seed).await?;
            eprintln!(
                "examples: {} organisations, {} survey periods, {} responses ({} events, all marked example)",
                r.organisations, r.periods, r.responses, r.events
            );
            Ok(())
        }
        Command::Examples(ExamplesCommand::Count) => {
            println!("{}", cli::examples::example_events(&pool).await?);
            Ok(())
        }
        Command::Examples(ExamplesCommand::Remove) => {
            let r = cli::examples::remove(&pool).await?;
            eprintln!(
                "examples removed: {} events of {} aggregates; projections rebuilt",
                r.events, r.aggregates
            );
            Ok(())
        }
        Command::HealthcheckPublish { as_of } => {
            let secret = gbvf_api::server_secret::ServerSecret::default();
            let quarters = gbvf_api::http::health_check::publish_ended_quarters(
                &pool,
                secret.get(&pool).await?,
                as_of.unwrap_or_else(chrono::Utc::now),
            )
            .await?;
            eprintln!("health-check figures published: {quarters:?}");
            Ok(())
        }
        Command::Backup { file } => {
            let events = cli::backup::backup(&pool, &url, &file).await?;
            eprintln!(
                "backup: {events} events and the write-side tables in {}",
                file.display()
            );
            Ok(())
        }
        Command::Restore { file } => {
            let r = cli::backup::restore(&pool, &url, &file).await?;
            eprintln!("restore: {} events loaded", r.events);
            for (name, n) in r.projected {
                eprintln!("  projection {name}: {n} events applied");
            }
            Ok(())
        }
        Command::Outbox(_) | Command::Openapi | Command::Data(_) | Command::Ussd(_) => {
            unreachable!("handled above")
        }
    }
}

/// `gbvf examples` subcommands (api/src/cli/examples.rs).
#[derive(clap::Subcommand)]
enum ExamplesCommand {
    /// Register the example organisations and answer their surveys through the HTTP API.
    Load {
        /// Seed of the respondents' random answers.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
    },
    /// Delete every example event and rebuild the projections.
    Remove,
    /// Print how many events are marked as example data.
    Count,
}
