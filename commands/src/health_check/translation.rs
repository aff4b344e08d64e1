//! Translations of a questionnaire version (docs/decisions/0074-questionnaire-translations.md):
//! the [`QuestionnaireTranslation`] aggregate (`questionnaire_translation`, id
//! `<questionnaire id>/<language>`) that takes a translator's text ([`LoadTranslation`], read
//! from the file of [`super::translation_file`]), a first-language speaker's review, and a
//! withdrawal.
//!
//! Rules:
//! - a translation is of a published questionnaire version, and of the version the file says;
//! - it has exactly the questionnaire's question ids, and per question exactly its answer ids
//!   (responses in any language then pool by id); it is stored in the questionnaire's order;
//! - the same text loaded again appends nothing (refused as unchanged);
//! - a review approves the text loaded last; a changed text needs a review of its own, and until
//!   then respondents keep the text reviewed before (the read model keeps it);
//! - the reviewer is not the translator of the text loaded last: their credit ids differ (a
//!   person keeps one credit id however their name is typed; the operator command resolves a
//!   name to it);
//! - only a reviewed translation can be withdrawn.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::health_check::QuestionnairePublished;
use gbvf_events::health_check_translation::{
    TranslatedQuestion, TranslationEvent, TranslationLoaded, TranslationReviewed,
    TranslationWithdrawn, QUESTIONNAIRE_TRANSLATION_AGGREGATE,
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::translation_file::{LanguageTag, ParsedTranslation};

/// What the aggregate consults: the published questionnaire versions (those of the built-in
/// file, which `gbvf migrate` publishes; [`super::built_in_questionnaires`]).
#[derive(Debug, Clone, Default)]
pub struct PublishedQuestionnaires(pub Vec<QuestionnairePublished>);

impl PublishedQuestionnaires {
    /// The built-in questionnaire versions. Errors: those of [`super::built_in_questionnaires`].
    pub fn built_in() -> anyhow::Result<PublishedQuestionnaires> {
        Ok(PublishedQuestionnaires(super::built_in_questionnaires()?))
    }

    /// The version with id `questionnaire_id`, if published.
    pub fn get(&self, questionnaire_id: &str) -> Option<&QuestionnairePublished> {
        self.0
            .iter()
            .find(|q| q.questionnaire_id == questionnaire_id)
    }
}

/// Load a translator's text (the first, or a changed one).
#[derive(Debug, Clone, PartialEq)]
pub struct LoadTranslation {
    /// The file as parsed.
    pub translation: ParsedTranslation,
    /// The translator's credit id (their name in `questionnaire_translation_credit`).
    pub translator_credit_id: uuid::Uuid,
}

/// Commands of a questionnaire translation.
#[derive(Debug, Clone, PartialEq)]
pub enum TranslationCommand {
    /// Load text.
    Load(LoadTranslation),
    /// A first-language speaker read the text loaded last and approves it for respondents.
    Review {
        /// The reviewer's credit id.
        reviewer_credit_id: uuid::Uuid,
        /// The day of the review.
        reviewed_on: chrono::NaiveDate,
    },
    /// Stop offering the reviewed text.
    Withdraw,
    /// `command`, naming a person credited for the first time: their name is kept in
    /// `questionnaire_translation_credit` under its id on the append's transaction
    /// ([`crate::execute::SideTables`]), so a refused command keeps no name.
    Credited {
        /// The new credit.
        credit: NewCredit,
        /// The command naming it.
        command: Box<TranslationCommand>,
    },
}

/// A person credited for the first time (translator or reviewer): a new credit id and the name
/// shown with it (one line, at most 100 characters, parsed by the operator command).
#[derive(Debug, Clone, PartialEq)]
pub struct NewCredit {
    /// The new credit id.
    pub credit_id: uuid::Uuid,
    /// The name as credited.
    pub name: String,
}

impl crate::execute::Recorded for QuestionnaireTranslation {}

impl crate::execute::SideTables<QuestionnaireTranslation> for TranslationCommand {
    type Written = ();

    /// A [`TranslationCommand::Credited`] keeps its new credit's name; nothing else writes a
    /// row.
    async fn write_side_tables(
        &self,
        tx: &mut sqlx::PgConnection,
        _: &str,
        _: &QuestionnaireTranslation,
    ) -> Result<(), cqrs_es::AggregateError<TranslationError>> {
        let TranslationCommand::Credited { credit, .. } = self else {
            return Ok(());
        };
        sqlx::query(
            "INSERT INTO questionnaire_translation_credit (credit_id, name) VALUES ($1, $2)",
        )
        .bind(credit.credit_id)
        .bind(&credit.name)
        .execute(tx)
        .await
        .map_err(crate::execute::database_error)?;
        Ok(())
    }
}

/// Why a translation command was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TranslationError {
    /// The questionnaire version is not published.
    #[error("Unknown questionnaire \"{0}\": no published questionnaire version has this id.")]
    UnknownQuestionnaire(String),
    /// The file names another version number than the questionnaire's.
    #[error("Questionnaire {0} is version {1}, not version {2}.")]
    WrongVersion(String, i32, i32),
    /// The file belongs to another aggregate than the one it is loaded on.
    #[error("This file translates {0}, not {1}.")]
    OtherTranslation(String, String),
    /// A question or answer of the questionnaire has no translation.
    #[error(
        "The translation lacks {0}: it must have every question and answer of the questionnaire."
    )]
    Missing(String),
    /// A question or answer that the questionnaire does not have (or has once).
    #[error("The translation has {0}, which the questionnaire does not have (or has once).")]
    Extra(String),
    /// The text is the one loaded last.
    #[error("This translation is unchanged: the same text was loaded before.")]
    Unchanged,
    /// Nothing was loaded.
    #[error("There is no translation of this questionnaire into this language to review.")]
    NothingToReview,
    /// The text loaded last is reviewed already.
    #[error("The translation loaded last is reviewed already.")]
    AlreadyReviewed,
    /// The reviewer is credited as the translator of the text loaded last.
    #[error("The translator of this text cannot review it: a review is by another first-language speaker.")]
    ReviewerIsTranslator,
    /// No reviewed text is offered.
    #[error("No reviewed translation of this questionnaire into this language is offered.")]
    NothingOffered,
}

/// One translation of one questionnaire version (aggregate `questionnaire_translation`).
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct QuestionnaireTranslation {
    /// The questionnaire version, once loaded.
    pub questionnaire_id: Option<String>,
    /// The language, once loaded.
    pub language: Option<String>,
    /// Content hash of the text loaded last.
    pub loaded_sha256: Option<String>,
    /// Content hash of the text offered to respondents (reviewed, not withdrawn).
    pub offered_sha256: Option<String>,
    /// Whether the text loaded last was reviewed.
    pub last_reviewed: bool,
    /// The credit id of the translator of the text loaded last.
    #[serde(default)]
    pub loaded_translator_credit_id: Option<uuid::Uuid>,
}

/// SHA-256 (hex) of a translation's title and questions as JSON.
pub fn translation_sha256(title: &str, questions: &[TranslatedQuestion]) -> String {
    hex::encode(Sha256::digest(
        serde_json::to_vec(&(title, questions)).expect("translation serializes"),
    ))
}

/// The questions of `t` in `original`'s order, when they have exactly its question and answer
/// ids. Errors: [`TranslationError::Missing`], [`TranslationError::Extra`].
fn same_ids(
    original: &QuestionnairePublished,
    t: &ParsedTranslation,
) -> Result<Vec<TranslatedQuestion>, TranslationError> {
    let mut ordered = Vec::with_capacity(original.questions.len());
    for (i, q) in t.questions.iter().enumerate() {
        let once = !t.questions[..i]
            .iter()
            .any(|x| x.question_id == q.question_id);
        if !once
            || !original
                .questions
                .iter()
                .any(|o| o.question_id == q.question_id)
        {
            return Err(TranslationError::Extra(format!(
                "question {}",
                q.question_id
            )));
        }
    }
    for o in &original.questions {
        let q = t
            .questions
            .iter()
            .find(|q| q.question_id == o.question_id)
            .ok_or_else(|| TranslationError::Missing(format!("question {}", o.question_id)))?;
        for (i, a) in q.answers.iter().enumerate() {
            let once = !q.answers[..i]
                .iter()
                .any(|x| x.possible_answer_id == a.possible_answer_id);
            if !once
                || !o
                    .answers
                    .iter()
                    .any(|x| x.possible_answer_id == a.possible_answer_id)
            {
                return Err(TranslationError::Extra(format!(
                    "question {}, answer {}",
                    q.question_id, a.possible_answer_id
                )));
            }
        }
        let mut answers = Vec::with_capacity(o.answers.len());
        for oa in &o.answers {
            answers.push(
                q.answers
                    .iter()
                    .find(|a| a.possible_answer_id == oa.possible_answer_id)
                    .cloned()
                    .ok_or_else(|| {
                        TranslationError::Missing(format!(
                            "question {}, answer {}",
                            o.question_id, oa.possible_answer_id
                        ))
                    })?,
            );
        }
        ordered.push(TranslatedQuestion {
            question_id: q.question_id.clone(),
            description: q.description.clone(),
            answers,
        });
    }
    Ok(ordered)
}

impl QuestionnaireTranslation {
    fn load(
        &self,
        c: LoadTranslation,
        published: &PublishedQuestionnaires,
    ) -> Result<TranslationEvent, TranslationError> {
        let t = &c.translation;
        let original = published
            .get(&t.questionnaire_id)
            .ok_or_else(|| TranslationError::UnknownQuestionnaire(t.questionnaire_id.clone()))?;
        if original.version != t.version {
            return Err(TranslationError::WrongVersion(
                original.questionnaire_id.clone(),
                original.version,
                t.version,
            ));
        }
        if let (Some(q), Some(l)) = (&self.questionnaire_id, &self.language) {
            if (q.as_str(), l.as_str()) != (t.questionnaire_id.as_str(), t.language.as_str()) {
                return Err(TranslationError::OtherTranslation(
                    format!("{}/{}", t.questionnaire_id, t.language.as_str()),
                    format!("{q}/{l}"),
                ));
            }
        }
        let questions = same_ids(original, t)?;
        let content_sha256 = translation_sha256(&t.title, &questions);
        if self.loaded_sha256.as_deref() == Some(content_sha256.as_str()) {
            return Err(TranslationError::Unchanged);
        }
        Ok(TranslationEvent::TranslationLoaded(TranslationLoaded {
            questionnaire_id: original.questionnaire_id.clone(),
            questionnaire_version: original.version,
            language: t.language.as_str().to_string(),
            title: t.title.clone(),
            questions,
            translator_credit_id: c.translator_credit_id,
            content_sha256,
        }))
    }
}

impl Aggregate for QuestionnaireTranslation {
    const TYPE: &'static str = QUESTIONNAIRE_TRANSLATION_AGGREGATE;
    type Command = TranslationCommand;
    type Event = TranslationEvent;
    type Error = TranslationError;
    type Services = PublishedQuestionnaires;
    async fn handle(
        &mut self,
        command: Self::Command,
        published: &PublishedQuestionnaires,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        // A new credit changes nothing of the decision; its row is the side table's.
        let mut command = command;
        while let TranslationCommand::Credited { command: inner, .. } = command {
            command = *inner;
        }
        let event = match command {
            TranslationCommand::Credited { .. } => unreachable!("unwrapped above"),
            TranslationCommand::Load(c) => self.load(c, published)?,
            TranslationCommand::Review {
                reviewer_credit_id,
                reviewed_on,
            } => {
                let (Some(q), Some(l), Some(sha)) =
                    (&self.questionnaire_id, &self.language, &self.loaded_sha256)
                else {
                    return Err(TranslationError::NothingToReview);
                };
                if self.last_reviewed {
                    return Err(TranslationError::AlreadyReviewed);
                }
                if self.loaded_translator_credit_id == Some(reviewer_credit_id) {
                    return Err(TranslationError::ReviewerIsTranslator);
                }
                TranslationEvent::TranslationReviewed(TranslationReviewed {
                    questionnaire_id: q.clone(),
                    language: l.clone(),
                    reviewer_credit_id,
                    reviewed_on,
                    content_sha256: sha.clone(),
                })
            }
            TranslationCommand::Withdraw => match (&self.questionnaire_id, &self.language) {
                (Some(q), Some(l)) if self.offered_sha256.is_some() => {
                    TranslationEvent::TranslationWithdrawn(TranslationWithdrawn {
                        questionnaire_id: q.clone(),
                        language: l.clone(),
                    })
                }
                _ => return Err(TranslationError::NothingOffered),
            },
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            TranslationEvent::TranslationLoaded(e) => {
                self.questionnaire_id = Some(e.questionnaire_id);
                self.language = Some(e.language);
                self.loaded_sha256 = Some(e.content_sha256);
                self.loaded_translator_credit_id = Some(e.translator_credit_id);
                self.last_reviewed = false;
            }
            TranslationEvent::TranslationReviewed(e) => {
                self.offered_sha256 = Some(e.content_sha256);
                self.last_reviewed = true;
            }
            TranslationEvent::TranslationWithdrawn(_) => {
                self.offered_sha256 = None;
                self.last_reviewed = false;
            }
        }
    }
}

/// The command that loads `translation` credited to `translator_credit_id`, and the aggregate
/// id it goes to (`<questionnaire id>/<language>`).
pub fn load_command(
    translation: ParsedTranslation,
    translator_credit_id: uuid::Uuid,
) -> (String, TranslationCommand) {
    let id = gbvf_events::health_check_translation::translation_id(
        &translation.questionnaire_id,
        translation.language.as_str(),
    );
    (
        id,
        TranslationCommand::Load(LoadTranslation {
            translation,
            translator_credit_id,
        }),
    )
}

/// Parses `language` for a review or withdrawal. Errors: as [`LanguageTag::parse`].
pub fn translation_aggregate_id(questionnaire_id: &str, language: &str) -> Result<String, String> {
    let tag = LanguageTag::parse(language)?;
    Ok(gbvf_events::health_check_translation::translation_id(
        questionnaire_id,
        tag.as_str(),
    ))
}

#[cfg(test)]
#[path = "translation_tests.rs"]
mod tests;
