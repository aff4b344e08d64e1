//! `gbvf events history <aggregate-type> <id>`: an auditor's replay of one aggregate, read
//! from the event log itself; and the audit commands (`verify`, `verify-proof`, `public-key`,
//! in cli/audit.rs).

use std::path::PathBuf;

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
        /// Also write FILE: the history with the chain links to signed checkpoints, for
        /// `gbvf events verify-proof` (docs/operations.md "Auditing").
        #[arg(long, value_name = "FILE")]
        proof: Option<PathBuf>,
    },
    /// Walk the tamper-evident seal of the whole log and name the first event whose content,
    /// order or presence does not match (exit status 1 then).
    /// Read-only: never makes a key or writes a row.
    Verify {
        /// Trust heads signed with this public key (hex); also GBVF_AUDIT_PUBLIC_KEY and the
        /// public half of GBVF_AUDIT_SIGNING_KEY. Without any, only the chain is checked.
        #[arg(long = "public-key", value_name = "HEX")]
        public_keys: Vec<String>,
        /// A signed tree head you kept (a line of the heads file, or from GET
        /// /api/audit/checkpoints): prove that the log only appended to it.
        #[arg(long, value_name = "HEAD_FILE")]
        since: Option<PathBuf>,
    },
    /// Check a proof file written by `history --proof`, without a database.
    VerifyProof {
        /// The proof file.
        file: PathBuf,
        /// The public key (hex) it must be signed with; without it, the file's key is printed.
        #[arg(long = "public-key", value_name = "HEX")]
        public_key: Option<String>,
    },
    /// Print the Ed25519 public key that signs the log's checkpoints (hex).
    PublicKey,
}

/// Runs an events subcommand (`verify-proof` needs no database: see [`crate::cli::audit`]).
pub async fn run(pool: &PgPool, cmd: EventsCommand) -> anyhow::Result<()> {
    let (aggregate_type, id, json, proof) = match cmd {
        EventsCommand::History {
            aggregate_type,
            id,
            json,
            proof,
        } => (aggregate_type, id, json, proof),
        EventsCommand::Verify { public_keys, since } => {
            return crate::cli::audit::verify(pool, &public_keys, since.as_deref())
                .await
                .map(|_| ())
        }
        EventsCommand::VerifyProof { file, public_key } => {
            return crate::cli::audit::verify_proof(&file, public_key.as_deref()).map(|_| ())
        }
        EventsCommand::PublicKey => {
            println!("{}", gbvf_events::audit::key::public_key_hex(pool).await?);
            return Ok(());
        }
    };
    let events = gbvf_events::store::aggregate_history(pool, &aggregate_type, &id).await?;
    if events.is_empty() {
        anyhow::bail!("no events for {aggregate_type} {id}");
    }
    if let Some(file) = &proof {
        crate::cli::audit::write_proof(pool, &aggregate_type, &id, file).await?;
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&events)?);
        return Ok(());
    }
    // Actors as people read them: "Thandi Nkosi (user:<id>)", "Erased person (user:<id>)"
    // once erased (POPIA), the bare actor for import, system and the like.
    let actors: Vec<String> = events
        .iter()
        .filter_map(|e| e.metadata.get("actor").and_then(|v| v.as_str()))
        .map(str::to_string)
        .collect();
    let names = gbvf_projections::building_blocks::queries::staff_names(
        pool,
        &actors,
        gbvf_events::person::ERASED_PERSON,
    )
    .await?;
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
            match names.get(&m("actor")) {
                Some(name) => format!("{name} ({})", m("actor")),
                None => m("actor"),
            },
            m("source"),
            e.event_type,
            e.event_version,
            payload,
        ]);
    }
    println!("{t}");
    Ok(())
}
