//! `gbvf questionnaire-translation …`: the survey's questions and answers in another language,
//! as data (docs/translators.md "The survey's questions";
//! docs/decisions/0074-questionnaire-translations.md).
//!
//! - `template --questionnaire staff-v1 --language zu`: prints the file a translator fills in
//!   (no database needed);
//! - `load FILE --translator NAME`: loads it; not offered to respondents until reviewed;
//! - `review --questionnaire staff-v1 --language zu --reviewer NAME [--on DATE]`: a
//!   first-language speaker approves the text loaded last; respondents who read the language
//!   get it from then on;
//! - `withdraw --questionnaire staff-v1 --language zu`: stop offering it;
//! - `status`: every translation and its review state;
//! - `erase-credit --name NAME`: erase a translator's or reviewer's name (POPIA).
//!
//! Each command is decided by the `QuestionnaireTranslation` aggregate; a refusal appends
//! nothing. Names are kept in `questionnaire_translation_credit`, the events hold their ids.

use std::path::PathBuf;

use clap::Subcommand;
use gbvf_commands::health_check::{
    load_command, parse_translation_file, translation_aggregate_id, translation_template,
    LanguageTag, NewCredit, PublishedQuestionnaires, QuestionnaireTranslation, TranslationCommand,
};
use gbvf_commands::text::ShortText;
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::health_check::queries_translations::translation_status;
use sqlx::PgPool;

/// Questionnaire translation subcommands.
#[derive(Subcommand)]
pub enum TranslationCommandLine {
    /// Print the file a translator fills in: every question and answer of the questionnaire
    /// version in English, beside an empty "text" for the translation.
    Template {
        /// Questionnaire version id (`staff-v1`, `students-v1`).
        #[arg(long)]
        questionnaire: String,
        /// Language tag: af, nr, nso, ss, st, tn, ts, ve, xh or zu.
        #[arg(long)]
        language: String,
    },
    /// Load a filled-in translation file. It is not offered to respondents until reviewed.
    Load {
        /// The translation file (JSON, from `template`).
        file: PathBuf,
        /// The translator's name as it is credited (no contact details).
        #[arg(long)]
        translator: String,
    },
    /// Record that a first-language speaker read the translation loaded last in the survey and
    /// approves it: respondents who read the language are offered it from now on.
    Review {
        /// Questionnaire version id.
        #[arg(long)]
        questionnaire: String,
        /// Language tag.
        #[arg(long)]
        language: String,
        /// The reviewer's name as it is credited (not the translator).
        #[arg(long)]
        reviewer: String,
        /// The day of the review (YYYY-MM-DD; default today).
        #[arg(long)]
        on: Option<chrono::NaiveDate>,
    },
    /// Stop offering a reviewed translation; respondents see English until one is reviewed.
    Withdraw {
        /// Questionnaire version id.
        #[arg(long)]
        questionnaire: String,
        /// Language tag.
        #[arg(long)]
        language: String,
    },
    /// List every translation with its translator, reviewer and whether it is offered.
    Status,
    /// Erase a translator's or reviewer's name wherever it is credited (POPIA right to
    /// deletion); the credits then read "Erased person".
    EraseCredit {
        /// The name as credited (case and surrounding space ignored).
        #[arg(long)]
        name: String,
    },
}

/// Prints the template of `questionnaire` into `language` as JSON (no database). Errors: an
/// unknown questionnaire version or language tag.
pub fn template(questionnaire: &str, language: &str) -> anyhow::Result<()> {
    let language = LanguageTag::parse(language).map_err(anyhow::Error::msg)?;
    let published = PublishedQuestionnaires::built_in()?;
    let q = published.get(questionnaire.trim()).ok_or_else(|| {
        anyhow::anyhow!(
            "Unknown questionnaire \"{questionnaire}\": use one of {}.",
            published
                .0
                .iter()
                .map(|q| q.questionnaire_id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    println!(
        "{}",
        serde_json::to_string_pretty(&translation_template(q, &language))?
    );
    Ok(())
}

/// A credited name: one line, at most 100 characters, not empty.
fn credited(name: &str, role: &str) -> anyhow::Result<String> {
    let name = ShortText::parse(name.trim())
        .map_err(|e| anyhow::anyhow!("The {role}'s name {e}"))?
        .into_string();
    anyhow::ensure!(!name.is_empty(), "The {role}'s name is required.");
    Ok(name)
}

/// The credit id of the person named `name`, and the new credit to keep when nobody has it
/// yet: a person keeps one credit id however their name is typed (the same UTS #39 confusable
/// skeleton of the name with white space collapsed and case folded, as taxonomy names are
/// compared: `thandi  nkosi` is `Thandi Nkosi`), so the translation aggregate tells translator
/// and reviewer apart by id. A new credit is written with the command that names it, on the
/// append's transaction ([`credited_command`]). Erased credits are never matched.
async fn credit(pool: &PgPool, name: &str) -> anyhow::Result<(uuid::Uuid, Option<NewCredit>)> {
    use gbvf_commands::building_blocks::taxonomy::name_skeleton;
    let wanted = name_skeleton(name);
    let live: Vec<(uuid::Uuid, String)> = sqlx::query_as(
        "SELECT credit_id, name FROM questionnaire_translation_credit
         WHERE erased_at IS NULL ORDER BY created_at, credit_id",
    )
    .fetch_all(pool)
    .await?;
    if let Some((id, _)) = live.iter().find(|(_, n)| name_skeleton(n) == wanted) {
        return Ok((*id, None));
    }
    let credit_id = uuid::Uuid::new_v4();
    Ok((
        credit_id,
        Some(NewCredit {
            credit_id,
            name: name.to_string(),
        }),
    ))
}

/// `command`, carrying `new` when it names a person credited for the first time.
fn credited_command(command: TranslationCommand, new: Option<NewCredit>) -> TranslationCommand {
    match new {
        Some(credit) => TranslationCommand::Credited {
            credit,
            command: Box::new(command),
        },
        None => command,
    }
}

/// Runs `command` on translation `id` and brings the read models up to date. Errors: the
/// aggregate's refusal in its words (nothing appended), or a store error.
async fn decide(
    pool: &PgPool,
    id: &str,
    command: TranslationCommand,
    source: &str,
) -> anyhow::Result<()> {
    append(pool, id, command, source).await?;
    catch_up(pool).await
}

/// Runs `command` on translation `id`. Errors: as [`decide`]; on any error nothing was appended.
async fn append(
    pool: &PgPool,
    id: &str,
    command: TranslationCommand,
    source: &str,
) -> anyhow::Result<()> {
    let store = crate::telemetry::event_store::<QuestionnaireTranslation>(pool);
    let published = PublishedQuestionnaires::built_in()?;
    let meta = EventMetadata::now("system", uuid::Uuid::new_v4().to_string(), source);
    let done = gbvf_commands::execute::execute_with_side_tables(
        &store, pool, id, command, &published, &meta,
    )
    .await;
    match done {
        Ok(_) => Ok(()),
        Err(cqrs_es::AggregateError::UserError(e)) => anyhow::bail!("{e}"),
        Err(e) => anyhow::bail!("translation {id}: {e}"),
    }
}

/// Brings every read model up to date (the next `status` or survey reads the change).
async fn catch_up(pool: &PgPool) -> anyhow::Result<()> {
    for p in gbvf_projections::all() {
        gbvf_projections::engine::catch_up(pool, p.as_ref()).await?;
    }
    Ok(())
}

/// Runs a questionnaire-translation subcommand (after migrating, like every operator command;
/// `template` is run without a database by `main`).
pub async fn run(pool: &PgPool, cmd: TranslationCommandLine) -> anyhow::Result<()> {
    crate::cli::migrate(pool).await?;
    match cmd {
        TranslationCommandLine::Template {
            questionnaire,
            language,
        } => template(&questionnaire, &language),
        TranslationCommandLine::Load { file, translator } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            let parsed = parse_translation_file(&text).map_err(anyhow::Error::msg)?;
            let translator = credited(&translator, "translator")?;
            let (credit_id, new) = credit(pool, &translator).await?;
            let (id, command) = load_command(parsed, credit_id);
            let source = "cli:questionnaire-translation load";
            decide(pool, &id, credited_command(command, new), source).await?;
            println!("Translation {id} loaded. It is not offered to respondents until a first-language speaker reviews it: gbvf questionnaire-translation review.");
            Ok(())
        }
        TranslationCommandLine::Review {
            questionnaire,
            language,
            reviewer,
            on,
        } => {
            let id = translation_aggregate_id(questionnaire.trim(), &language)
                .map_err(anyhow::Error::msg)?;
            let reviewer = credited(&reviewer, "reviewer")?;
            // Whether the reviewer translated the text is the aggregate's rule, on credit ids.
            let (credit_id, new) = credit(pool, &reviewer).await?;
            let command = TranslationCommand::Review {
                reviewer_credit_id: credit_id,
                reviewed_on: on.unwrap_or_else(|| chrono::Utc::now().date_naive()),
            };
            let source = "cli:questionnaire-translation review";
            decide(pool, &id, credited_command(command, new), source).await?;
            println!(
                "Translation {id} reviewed: respondents who read this language are offered it."
            );
            Ok(())
        }
        TranslationCommandLine::Withdraw {
            questionnaire,
            language,
        } => {
            let id = translation_aggregate_id(questionnaire.trim(), &language)
                .map_err(anyhow::Error::msg)?;
            let source = "cli:questionnaire-translation withdraw";
            decide(pool, &id, TranslationCommand::Withdraw, source).await?;
            println!("Translation {id} withdrawn: respondents see English.");
            Ok(())
        }
        TranslationCommandLine::Status => {
            let rows = translation_status(pool).await?;
            if rows.is_empty() {
                println!("No questionnaire translations loaded.");
            }
            for r in rows {
                let state = match (r.offered, r.loaded_is_offered) {
                    (true, true) => "offered",
                    (true, false) => "offered (a changed text awaits review)",
                    (false, _) => "not offered (awaits review)",
                };
                println!(
                    "{}/{}  {state}  translated by {}, loaded {}{}",
                    r.questionnaire_id,
                    r.language,
                    r.translator,
                    r.loaded_at.format("%Y-%m-%d"),
                    match (r.reviewer, r.reviewed_on) {
                        (Some(by), Some(on)) => format!("; reviewed by {by}, {on}"),
                        _ => String::new(),
                    }
                );
            }
            Ok(())
        }
        TranslationCommandLine::EraseCredit { name } => {
            // The person's credits however their name was typed, as [`credit`] matches them.
            use gbvf_commands::building_blocks::taxonomy::name_skeleton;
            let wanted = name_skeleton(&name);
            let live: Vec<(uuid::Uuid, String)> = sqlx::query_as(
                "SELECT credit_id, name FROM questionnaire_translation_credit WHERE erased_at IS NULL",
            )
            .fetch_all(pool)
            .await?;
            let ids: Vec<uuid::Uuid> = live
                .into_iter()
                .filter(|(_, n)| name_skeleton(n) == wanted)
                .map(|(id, _)| id)
                .collect();
            let erased = sqlx::query(
                "UPDATE questionnaire_translation_credit SET name = NULL, erased_at = now()
                 WHERE erased_at IS NULL AND credit_id = ANY($1)",
            )
            .bind(&ids)
            .execute(pool)
            .await?
            .rows_affected();
            println!(
                "{erased} credit(s) erased; they read \"{}\".",
                gbvf_events::person::ERASED_PERSON
            );
            Ok(())
        }
    }
}
