//! `gbvf building-blocks erase-contact <id>`: the POPIA right to deletion for a building-block
//! contact person (a third party whose name, role, e-mail and numbers a municipality captured;
//! docs/decisions/0039-erasing-a-building-block-contact-person.md). `gbvf building-blocks
//! erase-reason <id>`: the same for the free-text reason of a decision on a provider, which may
//! name a person, and for an organisation rejected in a verifier's own words (table
//! `decision_reason`; docs/decisions/0154-free-text-reasons-beside-the-log.md).
//!
//! The person's row in `bb_contact_person` keeps its id (the `bb_provider` events and read
//! models name the person by id only) and loses every personal column; `erased_at` says when.
//! Every answer that lists contact persons then shows "Erased person" without details
//! (`api/src/http/building_blocks/directory.rs`, `ContactPerson`).

use clap::Subcommand;
use sqlx::PgPool;

/// Building-block subcommands.
#[derive(Subcommand)]
pub enum BuildingBlocksCommand {
    /// Erase a contact person of a building-block provider (POPIA right to deletion): their
    /// name, job role, e-mail address and numbers are removed from the database for good, and
    /// every screen shows "Erased person". The provider's history stays complete.
    EraseContact {
        /// The contact person's id (`contactPersonId` of the manage screen, `contactId` of the
        /// public directory).
        id: uuid::Uuid,
    },
    /// Erase the free-text reason of a return, a closure proposal, a declined proposal or an
    /// organisation's rejection (POPIA right to deletion for a person the reason names): its
    /// text is removed from the database for good, and histories, the verification queue and
    /// unsent e-mails show "Erased reason".
    EraseReason {
        /// The reason's id (`reasonId` in the event's payload, `gbvf events history`).
        id: uuid::Uuid,
    },
}

/// What [`erase_contact`] or [`erase_reason`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Erasure {
    /// The person's details (or the reason's text) were removed now.
    Erased,
    /// Erased before; nothing changed.
    AlreadyErased,
}

/// Runs a building-blocks subcommand (after migrating, like every operator command).
pub async fn run(pool: &PgPool, cmd: BuildingBlocksCommand) -> anyhow::Result<()> {
    crate::cli::migrate(pool).await?;
    match cmd {
        BuildingBlocksCommand::EraseContact { id } => match erase_contact(pool, id).await? {
            Erasure::Erased => println!(
                "Contact person {id} erased: personal data removed; every answer shows \"{}\".",
                gbvf_events::person::ERASED_PERSON
            ),
            Erasure::AlreadyErased => println!("Contact person {id} was already erased."),
        },
        BuildingBlocksCommand::EraseReason { id } => match erase_reason(pool, id).await? {
            Erasure::Erased => println!(
                "Reason {id} erased: its text is removed; every answer shows \"{}\".",
                gbvf_projections::reasons::ERASED_REASON
            ),
            Erasure::AlreadyErased => println!("Reason {id} was already erased."),
        },
    }
    Ok(())
}

/// Erases contact person `id`: NULLs `name`, `job_role`, `mobile_number`, `email`,
/// `telephone_number` and `alternate_number` of their `bb_contact_person` row and sets
/// `erased_at` (the table's CHECK holds both together). See [`erase_row`]. Idempotent.
///
/// Errors: "No contact person has this id." when no row has this id (a person dropped from
/// every submission is already deleted); database errors.
pub async fn erase_contact(pool: &PgPool, id: uuid::Uuid) -> anyhow::Result<Erasure> {
    erase_row(
        pool,
        "bb_contact_person",
        "contact_person_id",
        "name = NULL, job_role = NULL, mobile_number = NULL, email = NULL, telephone_number = NULL,
         alternate_number = NULL",
        id,
        "No contact person has this id.",
    )
    .await
}

/// Erases decision reason `id`: NULLs `reason` and the `salt` of its digest in the event (so
/// the digest left in the sealed log cannot be tested against guesses) and sets `erased_at`
/// (the table's CHECKs hold them together). See [`erase_row`]. Idempotent. A reason
/// recorded before the side table existed is in its event's payload and has no id: it cannot be
/// erased without rewriting the sealed log
/// (docs/decisions/0154-free-text-reasons-beside-the-log.md).
///
/// Errors: "No reason has this id." when no row has this id; database errors.
pub async fn erase_reason(pool: &PgPool, id: uuid::Uuid) -> anyhow::Result<Erasure> {
    erase_row(
        pool,
        "decision_reason",
        "reason_id",
        "reason = NULL, salt = NULL",
        id,
        "No reason has this id.",
    )
    .await
}

/// Erases the row of `table` whose `id_column` is `id`: runs `SET {blank}, erased_at = now()`
/// unless `erased_at` is set already, in one transaction that also sends `NOTIFY
/// gbvf_projections`, so every serving process empties its response cache at commit and no
/// cached answer shows the old text. `table`, `id_column` and `blank` are this module's
/// constants, never input. Errors: `missing` when no row has this id; database errors.
async fn erase_row(
    pool: &PgPool,
    table: &str,
    id_column: &str,
    blank: &str,
    id: uuid::Uuid,
    missing: &str,
) -> anyhow::Result<Erasure> {
    let mut tx = pool.begin().await?;
    let erased_before: Option<bool> = sqlx::query_scalar(&format!(
        "SELECT erased_at IS NOT NULL FROM {table} WHERE {id_column} = $1 FOR UPDATE"
    ))
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    match erased_before {
        None => anyhow::bail!("{missing}"),
        Some(true) => return Ok(Erasure::AlreadyErased),
        Some(false) => {}
    }
    sqlx::query(&format!(
        "UPDATE {table} SET {blank}, erased_at = now() WHERE {id_column} = $1"
    ))
    .bind(id)
    .execute(&mut *tx)
    .await?;
    // Cached answers (directory, map modals, manage screen, queue, histories) were built from
    // the old row.
    sqlx::query("SELECT pg_notify('gbvf_projections', 'building_blocks')")
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Erasure::Erased)
}
