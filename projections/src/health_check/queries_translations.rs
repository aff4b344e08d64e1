//! The typed reads of the questionnaire translations read model ([`super::translations`]):
//! the reviewed text a respondent is offered, and every translation's state for the operator.
//! Credited names come from the write-side table `questionnaire_translation_credit`
//! ("Erased person" once erased). Every function fails only with the database's error.

use chrono::{DateTime, NaiveDate, Utc};
use gbvf_events::health_check_translation::TranslatedQuestion;
use sqlx::types::Json;
use sqlx::PgPool;

/// The reviewed translation of a questionnaire version offered to respondents.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OfferedTranslation {
    /// Language tag (`zu`).
    pub language: String,
    /// The questionnaire's title in the language.
    pub title: String,
    /// Every question with every answer, ids as in the questionnaire.
    pub questions: Json<Vec<TranslatedQuestion>>,
}

/// The reviewed translation of `questionnaire_id` into `language` that respondents are
/// offered; `None` when there is none (never loaded, loaded but not reviewed, or withdrawn).
pub async fn offered_translation(
    pool: &PgPool,
    questionnaire_id: &str,
    language: &str,
) -> sqlx::Result<Option<OfferedTranslation>> {
    sqlx::query_as(
        "SELECT language, offered_title AS title, offered_questions AS questions
         FROM questionnaire_translation
         WHERE questionnaire_id = $1 AND language = $2 AND offered_sha256 IS NOT NULL",
    )
    .bind(questionnaire_id)
    .bind(language)
    .fetch_optional(pool)
    .await
}

/// The languages into which `questionnaire_id` has a reviewed translation offered, sorted.
pub async fn offered_languages(pool: &PgPool, questionnaire_id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT language FROM questionnaire_translation
         WHERE questionnaire_id = $1 AND offered_sha256 IS NOT NULL ORDER BY language",
    )
    .bind(questionnaire_id)
    .fetch_all(pool)
    .await
}

/// One translation's state, for `gbvf questionnaire-translation status`.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TranslationStatusRow {
    /// Questionnaire version (`staff-v1`).
    pub questionnaire_id: String,
    /// Language tag.
    pub language: String,
    /// Who translated the text loaded last ("Erased person" once erased).
    pub translator: String,
    /// When it was loaded.
    pub loaded_at: DateTime<Utc>,
    /// Whether the text loaded last is the one offered (reviewed, not withdrawn).
    pub loaded_is_offered: bool,
    /// Whether a reviewed text is offered to respondents.
    pub offered: bool,
    /// Who reviewed the offered text, if one is offered.
    pub reviewer: Option<String>,
    /// The day of that review.
    pub reviewed_on: Option<NaiveDate>,
}

/// Every translation, by questionnaire version and language.
pub async fn translation_status(pool: &PgPool) -> sqlx::Result<Vec<TranslationStatusRow>> {
    sqlx::query_as(
        "SELECT t.questionnaire_id, t.language, coalesce(tc.name, 'Erased person') AS translator,
                t.loaded_at, coalesce(t.offered_sha256 = t.loaded_sha256, false) AS loaded_is_offered,
                t.offered_sha256 IS NOT NULL AS offered,
                CASE WHEN t.reviewer_credit_id IS NOT NULL THEN coalesce(rc.name, 'Erased person') END AS reviewer,
                t.reviewed_on
         FROM questionnaire_translation t
         LEFT JOIN questionnaire_translation_credit tc ON tc.credit_id = t.translator_credit_id
         LEFT JOIN questionnaire_translation_credit rc ON rc.credit_id = t.reviewer_credit_id
         ORDER BY t.questionnaire_id, t.language",
    )
    .fetch_all(pool)
    .await
}
