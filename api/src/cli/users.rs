//! `gbvf users create-admin`, `gbvf users erase <id>` (POPIA), `gbvf outbox list`, and the
//! seeding of the default groups.

use std::path::PathBuf;

use clap::Subcommand;
use cqrs_es::AggregateError;
use gbvf_commands::accounts::delegation::{Actor, Authority};
use gbvf_commands::accounts::group::{Group, GroupCommand};
use gbvf_commands::accounts::permissions::{DEFAULT_GROUPS, WORLD_OF_IMPACT_ADMIN_GROUP};
use gbvf_commands::accounts::user::UserError;
use gbvf_commands::accounts::validation::{self as v, Errors};
use gbvf_events::accounts::{ProfileFacts, UserRegistered};
use gbvf_events::metadata::EventMetadata;
use sqlx::PgPool;

/// Account subcommands.
#[derive(Subcommand)]
pub enum UsersCommand {
    /// Create an administrator (group "World of Impact admin"). No password is set: the
    /// administrator chooses one through "Reset here" on the login page (an e-mail says so).
    CreateAdmin {
        /// E-mail address.
        #[arg(long)]
        email: String,
        /// First name (the account is "System Administrator" without names, and the e-mail
        /// greets without one).
        #[arg(long)]
        first_name: Option<String>,
        /// Last name.
        #[arg(long)]
        last_name: Option<String>,
        /// Public address of the site, for the e-mail (default: `GBVF_BASE_URL`, else the
        /// address the running `gbvf serve` recorded, else `http://127.0.0.1:$PORT`, else port
        /// 8080).
        #[arg(long)]
        base_url: Option<String>,
    },
    /// Erase a person (POPIA right to deletion): the account is deleted, its e-mail address,
    /// names and phone numbers are removed from the database for good, and every history shows
    /// "Erased person". The events stay, so histories remain complete.
    Erase {
        /// The user id (the `stakeholderId` of the admin screens).
        id: String,
    },
}

/// Outbox subcommands.
#[derive(Subcommand)]
pub enum OutboxCommand {
    /// List the messages of the development outbox, newest first.
    List {
        /// Outbox directory.
        #[arg(long, env = "GBVF_OUTBOX_DIR", default_value = ".data/outbox")]
        dir: PathBuf,
        /// Print whole messages.
        #[arg(long)]
        full: bool,
    },
}

/// Creates the default groups of the roles of public spec §6 if they do not exist yet.
/// Idempotent; safe when several processes migrate at once.
pub async fn seed_groups(pool: &PgPool) -> anyhow::Result<()> {
    let store = crate::telemetry::event_store(pool);
    let cqrs = cqrs_es::CqrsFramework::<Group, _>::new(store, vec![], ());
    for g in DEFAULT_GROUPS {
        let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM events WHERE aggregate_type = 'group' AND aggregate_id = $1)")
            .bind(g.id.to_string())
            .fetch_one(pool)
            .await?;
        if exists {
            fix_designated_person_group(pool, &cqrs, g).await?;
            continue;
        }
        let meta = EventMetadata::now("system", "seed", "cli:migrate");
        let cmd = GroupCommand::Create {
            group_id: g.id,
            name: g.name.to_string(),
            actions: g.actions.to_vec(),
            by: Actor::operator(),
        };
        match cqrs
            .execute_with_metadata(&g.id.to_string(), cmd, meta.to_map())
            .await
        {
            Ok(()) | Err(AggregateError::AggregateConflict) | Err(AggregateError::UserError(_)) => {
            }
            Err(e) => return Err(anyhow::anyhow!("seeding group {}: {e}", g.name)),
        }
    }
    Ok(())
}

/// Default actions added to groups seeded before they held them, once per installation (marked
/// by the request id), so an administrator's later removals stick: the municipality and
/// province designated-person groups (5 and 6) got BuildingBlockAdmin (35), the organisation
/// designated-person group (4) HealthCheckAdmin (34), so they land on their area's screens; the
/// municipality group DeleteBuildingBlock (16) to propose closures and the province group
/// ImportBuildingBlockData (17) to load its spreadsheet (docs/decisions/0032-default-groups.md).
async fn fix_designated_person_group<ES: cqrs_es::EventStore<Group>>(
    pool: &PgPool,
    cqrs: &cqrs_es::CqrsFramework<Group, ES>,
    g: &gbvf_commands::accounts::permissions::DefaultGroup,
) -> anyhow::Result<()> {
    use gbvf_commands::accounts::permissions::{
        BuildingBlockAdmin, DeleteBuildingBlock, HealthCheckAdmin, ImportBuildingBlockData,
    };
    // Each action added to a seeded group after its creation, once (its marker), in order.
    let added: &[(i32, &str)] = match g.id {
        5 => &[
            (BuildingBlockAdmin, "seed-issue-11"),
            (DeleteBuildingBlock, "seed-provider-closure"),
        ],
        6 => &[
            (BuildingBlockAdmin, "seed-issue-11"),
            (ImportBuildingBlockData, "seed-province-bulk-load"),
        ],
        4 => &[(HealthCheckAdmin, "seed-issue-12")],
        _ => return Ok(()),
    };
    for &(action, marker) in added {
        let done: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM events WHERE aggregate_type = 'group' AND aggregate_id = $1
                            AND metadata->>'request_id' = $2)",
        )
        .bind(g.id.to_string())
        .bind(marker)
        .fetch_one(pool)
        .await?;
        if done {
            continue;
        }
        let meta = EventMetadata::now("system", marker, "cli:migrate");
        match cqrs
            .execute_with_metadata(
                &g.id.to_string(),
                GroupCommand::AddActions {
                    actions: vec![action],
                    by: Actor::operator(),
                },
                meta.to_map(),
            )
            .await
        {
            Ok(()) | Err(AggregateError::AggregateConflict) | Err(AggregateError::UserError(_)) => {
            }
            Err(e) => return Err(anyhow::anyhow!("fixing group {}: {e}", g.name)),
        }
    }
    Ok(())
}

/// Runs a users subcommand.
pub async fn run(pool: &PgPool, cmd: UsersCommand) -> anyhow::Result<()> {
    crate::cli::migrate(pool).await?;
    let (email, first_name, last_name, base_url) = match cmd {
        UsersCommand::CreateAdmin {
            email,
            first_name,
            last_name,
            base_url,
        } => (
            email,
            first_name,
            last_name,
            crate::site_address::for_commands(pool, base_url).await?,
        ),
        UsersCommand::Erase { id } => return erase(pool, &id).await,
    };
    // The greeting uses the first name only when one was given: "Hello System," read oddly.
    let greeting = first_name
        .as_deref()
        .map(str::trim)
        .unwrap_or("")
        .to_string();
    let first_name = first_name.unwrap_or_else(|| "System".into());
    let last_name = last_name.unwrap_or_else(|| "Administrator".into());
    let mut e = Errors::default();
    v::email(&mut e, "email", &email);
    v::name(&mut e, "firstName", "First name", &first_name, false);
    v::name(&mut e, "lastName", "Last name", &last_name, false);
    if !e.is_empty() {
        anyhow::bail!("{}", e.joined());
    }
    let details = gbvf_events::person::Person {
        email: email.trim().to_string(),
        first_name: first_name.trim().to_string(),
        last_name: last_name.trim().to_string(),
        mobile_number: None,
        alternative_number: None,
    };
    let registered = UserRegistered {
        user_id: uuid::Uuid::new_v4().to_string(),
        profile: ProfileFacts::default(),
        organisation_id: None,
        group_ids: vec![WORLD_OF_IMPACT_ADMIN_GROUP],
        created_by: "cli".into(),
        relationship_type_ids: vec![],
        municipality_ids: vec![],
        province_ids: vec![],
    };
    let meta = EventMetadata::now(
        "system",
        uuid::Uuid::new_v4().to_string(),
        "cli:users create-admin",
    );
    match crate::accounts::create(pool, &details, registered, Authority::operator(), &meta).await {
        Ok(_) => {}
        Err(crate::accounts::AccountError::Refused(UserError::AlreadyRegistered)) => {
            anyhow::bail!("an account with this email address already exists")
        }
        Err(e) => anyhow::bail!("{e}"),
    }
    let mailer = crate::http::auth::mail::Mailer::from_env()?;
    mailer
        .send(
            email.trim(),
            "Your GBVF dashboard administrator account",
            "invitation",
            serde_json::json!({"name": greeting, "email": email.trim(), "base_url": base_url}),
        )
        .await?;
    for p in gbvf_projections::all() {
        gbvf_projections::engine::catch_up(pool, p.as_ref()).await?;
    }
    println!("Administrator {email} created. To sign in the first time: open {base_url}/auth/forgot-password/, enter {email}, and follow the code sent there to choose a password.");
    Ok(())
}

/// `gbvf users erase <id>`: erases the person of account `id` (see [`crate::accounts::erase`])
/// and brings the projections up to date, so the read models hold no copy when it returns.
/// Errors: "No user has this id." when no account has this id.
pub async fn erase(pool: &PgPool, id: &str) -> anyhow::Result<()> {
    let meta = EventMetadata::now(
        "system",
        uuid::Uuid::new_v4().to_string(),
        "cli:users erase",
    );
    match crate::accounts::erase(pool, id.trim(), Authority::operator(), &meta).await {
        Ok(true) => {}
        Ok(false) => println!("User {id} was already erased."),
        Err(crate::accounts::AccountError::Refused(UserError::NotRegistered)) => {
            anyhow::bail!("No user has this id.")
        }
        Err(e) => anyhow::bail!("{e}"),
    }
    for p in gbvf_projections::all() {
        gbvf_projections::engine::catch_up(pool, p.as_ref()).await?;
    }
    println!(
        "User {id} erased: personal data removed; histories show \"{}\".",
        gbvf_events::person::ERASED_PERSON
    );
    Ok(())
}

/// Runs an outbox subcommand.
pub fn outbox(cmd: OutboxCommand) -> anyhow::Result<()> {
    let OutboxCommand::List { dir, full } = cmd;
    let list = crate::http::auth::mail::list_outbox(&dir)?;
    if list.is_empty() {
        println!("the outbox {} is empty", dir.display());
    }
    for m in list {
        println!("{}  to {}  {}  ({})", m.at, m.to, m.subject, m.file);
        if full {
            println!("{}\n", m.raw);
        }
    }
    Ok(())
}
