//! The reads behind an organisation's health-check results (admin spec §3 "Organisation health
//! checks", "Organisational result"): each survey period with its questionnaire version and its
//! published figures, read by one statement per screen, so a period's figures, its response
//! count and its questionnaire come from one snapshot and the number of reads does not grow
//! with the number of periods. Every function fails only with the database's error (a stored
//! questionnaire that no longer decodes included).

use chrono::{DateTime, Utc};
use gbvf_events::health_check::QuestionnairePublished;
use serde::Deserialize;
use sqlx::types::Json;
use sqlx::PgPool;

type Time = DateTime<Utc>;

/// One question's published totals (`health_check_question`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct QuestionTotal {
    /// The question id.
    pub question_id: String,
    /// Respondents who answered it.
    pub respondents: i64,
    /// The sum of their scores (each 0..=1).
    pub score_sum: f64,
}

/// One answer's published count (`health_check_answer`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct AnswerCount {
    /// The question id.
    pub question_id: String,
    /// The answer id.
    pub possible_answer_id: i32,
    /// Respondents who chose it.
    pub responses: i64,
}

/// One survey period (`health_check`) with its questionnaire version (`questionnaire`) and
/// its published figures: those of the first complete step of five of its
/// `actual_responses` (see [`super`]).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PeriodResults {
    /// The survey period's id.
    pub health_check_id: String,
    /// Its organisation.
    pub organisation_id: String,
    /// Its questionnaire version's id (`staff-v1`).
    pub questionnaire_id: String,
    /// Staff 1 or Students 2.
    pub questionnaire_type_id: i32,
    /// Start of the period.
    pub effective_from: Time,
    /// End of the period.
    pub effective_to: Time,
    /// The invite code of its link.
    pub invite_code: String,
    /// Expected responses.
    pub expected_responses: i32,
    /// Responses so far.
    pub actual_responses: i64,
    /// Now (the database's clock) is within the period's dates.
    pub is_current: bool,
    /// The period holds example data.
    pub example: bool,
    /// The questionnaire version with its questions, answers and scores.
    pub questionnaire: Json<QuestionnairePublished>,
    /// Per question, in no order.
    pub questions: Json<Vec<QuestionTotal>>,
    /// Per question and answer, in no order.
    pub answers: Json<Vec<AnswerCount>>,
}

/// The columns of [`PeriodResults`] over `health_check h JOIN questionnaire q`.
const PERIOD_RESULTS: &str = "SELECT h.health_check_id, h.organisation_id, h.questionnaire_id, h.questionnaire_type_id,
        h.effective_from, h.effective_to, h.invite_code, h.expected_responses, h.actual_responses,
        now() BETWEEN h.effective_from AND h.effective_to AS is_current, h.example,
        q.definition AS questionnaire,
        coalesce((SELECT json_agg(json_build_object('question_id', t.question_id, 'respondents', t.respondents,
                                                    'score_sum', t.score_sum))
                  FROM health_check_question t WHERE t.health_check_id = h.health_check_id), '[]') AS questions,
        coalesce((SELECT json_agg(json_build_object('question_id', a.question_id,
                                                    'possible_answer_id', a.possible_answer_id, 'responses', a.responses))
                  FROM health_check_answer a WHERE a.health_check_id = h.health_check_id), '[]') AS answers
 FROM health_check h JOIN questionnaire q ON q.questionnaire_id = h.questionnaire_id";

/// The survey period `health_check_id` with its questionnaire and figures, in one statement;
/// `None` when there is none.
pub async fn period_results(
    pool: &PgPool,
    health_check_id: &str,
) -> sqlx::Result<Option<PeriodResults>> {
    sqlx::query_as(&format!("{PERIOD_RESULTS} WHERE h.health_check_id = $1"))
        .bind(health_check_id)
        .fetch_optional(pool)
        .await
}

/// The survey periods of organisation `organisation_id` for questionnaire type
/// `questionnaire_type_id` (Staff 1, Students 2), newest start first, each with its
/// questionnaire and figures, in one statement whatever their number.
pub async fn organisation_period_results(
    pool: &PgPool,
    organisation_id: &str,
    questionnaire_type_id: i32,
) -> sqlx::Result<Vec<PeriodResults>> {
    sqlx::query_as(&format!(
        "{PERIOD_RESULTS} WHERE h.organisation_id = $1 AND h.questionnaire_type_id = $2 ORDER BY h.effective_from DESC"
    ))
    .bind(organisation_id)
    .bind(questionnaire_type_id)
    .fetch_all(pool)
    .await
}
