//! `gbvf events history <aggregate-type> <id>`: an auditor's replay of one aggregate, read
//! from the event log itself.

use clap::Subcommand;
use comfy_table::Table;
use sqlx::PgPool;

/// Event-log subcommands.
#[derive(Subcommand)]
pub enum EventsCommand {
    /// Every event of one aggregate with time, actor, type and payload.
    History {
        /// Aggregate type, e.g. `crime_series`, `boundary`, `crime_import`.
        aggregate_type: String,
        /// Aggregate id, e.g. `10/6`.
        id: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs an events subcommand.
pub async fn run(pool: &PgPool, cmd: EventsCommand) -> anyhow::Result<()> {
    let EventsCommand::History {
        aggregate_type,
        id,
        json,
    } = cmd;
    let events = gbvf_events::store::aggregate_history(pool, &aggregate_type, &id).await?;
    if events.is_empty() {
        anyhow::bail!("no events for {aggregate_type} {id}");
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&events)?);
        return Ok(());
    }
    let mut t = Table::new();
    t.set_header([
        "seq",
        "recorded at",
        "actor",
        "source",
        "type",
        "version",
        "payload",
    ]);
    for e in events {
        let m = |k: &str| {
            e.metadata
                .get(k)
                .and_then(|v| v.as_str())
                .unwrap_or("")
                .to_string()
        };
        let mut payload = e.payload.to_string();
        if payload.len() > 160 {
            payload.truncate(157);
            payload.push_str("...");
        }
        t.add_row([
            e.sequence.to_string(),
            e.recorded_at.to_rfc3339(),
            m("actor"),
            m("source"),
            e.event_type,
            e.event_version,
            payload,
        ]);
    }
    println!("{t}");
    Ok(())
}
