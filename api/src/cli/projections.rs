//! `gbvf projections status`, `gbvf projections quarantine` and `gbvf projections rebuild`.

use clap::Subcommand;
use comfy_table::Table;
use indicatif::{ProgressBar, ProgressStyle};
use sqlx::PgPool;

/// Projection subcommands.
#[derive(Subcommand)]
pub enum ProjectionsCommand {
    /// Per projection: version, position, events applied, lag in events and seconds, state.
    Status {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Events a projection could not apply and skipped (the read model is degraded while any
    /// are listed). After a fix, `gbvf projections rebuild NAME` applies every event again in
    /// order and lists only those that still fail.
    Quarantine {
        /// Only this projection.
        name: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Rebuild from position zero into new tables while the current ones keep serving, then
    /// switch reads atomically and drop the old tables.
    Rebuild {
        /// Projection name (`geography`, `crime`).
        name: Option<String>,
        /// Rebuild every projection.
        #[arg(long)]
        all: bool,
        /// Events per page.
        #[arg(long, default_value_t = gbvf_projections::engine::PAGE)]
        page: i64,
    },
}

/// Runs a projections subcommand.
///
/// `status` and `quarantine` only read: they never apply migrations or install projections
/// (an operator looking must not change the database); on a database that was never migrated
/// they say so. `rebuild` migrates first.
pub async fn run(pool: &PgPool, cmd: ProjectionsCommand) -> anyhow::Result<()> {
    if matches!(cmd, ProjectionsCommand::Rebuild { .. }) {
        crate::cli::migrate(pool).await?;
    } else {
        let installed: bool =
            sqlx::query_scalar("SELECT to_regclass('projection_checkpoint') IS NOT NULL")
                .fetch_one(pool)
                .await?;
        if !installed {
            anyhow::bail!("this database has no projections yet: run `gbvf migrate` first");
        }
    }
    match cmd {
        ProjectionsCommand::Status { json } => {
            let status = gbvf_projections::engine::status(pool, &gbvf_projections::all()).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&status)?);
                return Ok(());
            }
            let mut t = Table::new();
            t.set_header([
                "projection",
                "version",
                "position (xid, global)",
                "events applied",
                "lag events",
                "lag seconds",
                "state",
                "quarantined",
            ]);
            for s in status {
                t.add_row([
                    s.projection,
                    s.version.to_string(),
                    format!(
                        "({}, {})",
                        s.position.transaction_id, s.position.global_position
                    ),
                    s.events_applied.to_string(),
                    s.lag_events.to_string(),
                    format!("{:.1}", s.lag_seconds),
                    if s.quarantined > 0 {
                        format!("{} (degraded)", s.state)
                    } else {
                        s.state
                    },
                    s.quarantined.to_string(),
                ]);
            }
            println!("{t}");
            Ok(())
        }
        ProjectionsCommand::Quarantine { name, json } => {
            let rows = gbvf_projections::engine::quarantined(pool, name.as_deref()).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&rows)?);
                return Ok(());
            }
            if rows.is_empty() {
                println!("No quarantined events: every projection applied every event.");
                return Ok(());
            }
            let mut t = Table::new();
            t.set_header([
                "projection",
                "version",
                "global position",
                "aggregate",
                "event",
                "quarantined at",
                "error",
            ]);
            for q in &rows {
                t.add_row([
                    q.projection.clone(),
                    q.version.to_string(),
                    q.global_position.to_string(),
                    format!("{} {} #{}", q.aggregate_type, q.aggregate_id, q.sequence),
                    q.event_type.clone(),
                    q.quarantined_at.to_rfc3339(),
                    q.error.clone(),
                ]);
            }
            println!("{t}");
            println!(
                "{} event(s) skipped. After a fix: gbvf projections rebuild <projection>.",
                rows.len()
            );
            Ok(())
        }
        ProjectionsCommand::Rebuild { name, all, page } => {
            let targets = match (name, all) {
                (_, true) => gbvf_projections::all(),
                (Some(n), false) => vec![gbvf_projections::by_name(&n).ok_or_else(|| {
                    let known: Vec<_> = gbvf_projections::all().iter().map(|p| p.name()).collect();
                    anyhow::anyhow!("no projection named {n:?} (known: {})", known.join(", "))
                })?],
                (None, false) => anyhow::bail!("name a projection or pass --all"),
            };
            for p in targets {
                let bar = ProgressBar::new(0);
                bar.set_style(
                    ProgressStyle::with_template(
                        "{msg:10} [{bar:40}] {pos}/{len} events  {per_sec}  ETA {eta}",
                    )
                    .expect("template")
                    .progress_chars("=> "),
                );
                bar.set_message(p.name());
                let (version, applied, secs) =
                    gbvf_projections::engine::rebuild(pool, p.as_ref(), page, |pr| {
                        bar.set_length(pr.total);
                        bar.set_position(pr.applied);
                    })
                    .await?;
                bar.finish();
                println!(
                    "{}: rebuilt as version {version}: {applied} events in {secs:.2} s ({:.0} events/s); reads switched",
                    p.name(),
                    applied as f64 / secs.max(1e-9)
                );
            }
            Ok(())
        }
    }
}
