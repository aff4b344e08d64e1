//! Translations of a questionnaire version: the same questions and answers, by the same ids,
//! in another language, loaded by an operator from a translator's file and offered to
//! respondents once a reviewer has read them (docs/decisions/0074-questionnaire-translations.md).
//!
//! Aggregate id: `<questionnaire id>/<language>` (`staff-v1/zu`), one translation of one
//! version into one language, so loading isiZulu never waits on Afrikaans and a published
//! questionnaire version stays one event that never changes.
//!
//! The translator and the reviewer are credited by name, but their names are personal data:
//! the events name them only by a credit id, and the name lives in the write-side table
//! `questionnaire_translation_credit`, where it can be erased. No contact details are kept.

use serde::{Deserialize, Serialize};

/// Aggregate type of questionnaire translations.
pub const QUESTIONNAIRE_TRANSLATION_AGGREGATE: &str = "questionnaire_translation";

/// The language tags a questionnaire can be translated into: South Africa's official written
/// languages other than English (BCP 47; Constitution s6(1)). English is the original.
pub const TRANSLATION_LANGUAGES: [&str; 10] =
    ["af", "nr", "nso", "ss", "st", "tn", "ts", "ve", "xh", "zu"];

/// The language of the questionnaire's own texts.
pub const ORIGINAL_LANGUAGE: &str = "en";

/// One answer's text in the translation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranslatedAnswer {
    /// The possible answer's id, as in the questionnaire.
    pub possible_answer_id: i32,
    /// Its text in the translation's language.
    pub description: String,
}

/// One question's text and its answers' texts in the translation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranslatedQuestion {
    /// The question's id, as in the questionnaire.
    pub question_id: String,
    /// Its text in the translation's language.
    pub description: String,
    /// Every answer of the question, in the questionnaire's order.
    pub answers: Vec<TranslatedAnswer>,
}

/// A translation loaded (first or changed text). Not offered to respondents until reviewed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranslationLoaded {
    /// The questionnaire version translated (`staff-v1`).
    pub questionnaire_id: String,
    /// Its version number.
    pub questionnaire_version: i32,
    /// Language tag ([`TRANSLATION_LANGUAGES`]).
    pub language: String,
    /// The questionnaire's title in the language.
    pub title: String,
    /// Every question of the version, in its order, with every answer.
    pub questions: Vec<TranslatedQuestion>,
    /// The translator's credit (name in `questionnaire_translation_credit`).
    pub translator_credit_id: uuid::Uuid,
    /// SHA-256 (hex) of the title and questions as JSON: what a review names.
    pub content_sha256: String,
}

/// The loaded text was read and approved by a first-language speaker: from now on it is
/// offered to respondents who read the language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranslationReviewed {
    /// The questionnaire version.
    pub questionnaire_id: String,
    /// Language tag.
    pub language: String,
    /// The reviewer's credit (name in `questionnaire_translation_credit`).
    pub reviewer_credit_id: uuid::Uuid,
    /// The day of the review (the reviewer's statement).
    pub reviewed_on: chrono::NaiveDate,
    /// The [`TranslationLoaded::content_sha256`] reviewed.
    pub content_sha256: String,
}

/// The reviewed translation is no longer offered (a mistake found after review); respondents
/// see English until a text is loaded and reviewed again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranslationWithdrawn {
    /// The questionnaire version.
    pub questionnaire_id: String,
    /// Language tag.
    pub language: String,
}

/// Events of a questionnaire translation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TranslationEvent {
    /// Text loaded. "1.0".
    TranslationLoaded(TranslationLoaded),
    /// Text reviewed. "1.0".
    TranslationReviewed(TranslationReviewed),
    /// Offer withdrawn. "1.0".
    TranslationWithdrawn(TranslationWithdrawn),
}

impl cqrs_es::DomainEvent for TranslationEvent {
    fn event_type(&self) -> String {
        match self {
            TranslationEvent::TranslationLoaded(_) => "TranslationLoaded",
            TranslationEvent::TranslationReviewed(_) => "TranslationReviewed",
            TranslationEvent::TranslationWithdrawn(_) => "TranslationWithdrawn",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

/// The aggregate id of the translation of `questionnaire_id` into `language`.
pub fn translation_id(questionnaire_id: &str, language: &str) -> String {
    format!("{questionnaire_id}/{language}")
}
