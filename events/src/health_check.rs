//! Health-check events: published questionnaires, survey periods opened with their invite
//! code, and anonymous survey responses (admin spec §2–§4, §7).
//!
//! Aggregate ids:
//! - `questionnaire`: the questionnaire id of one version (`staff-v1`); a change is a new id.
//! - `health_check`: `hc-<organisation id>-<questionnaire id>-<year>Q<quarter>`, one survey
//!   period of one organisation, so two requests for the same period collide and one wins.
//! - `survey_response`: `<health check id>/<respondent key>`, where the respondent key is an
//!   HMAC of a random token the browser keeps; a second submission from that browser collides
//!   on the event log's primary key and is refused. Nothing in it identifies a person.
//!
//! No event here holds a name, e-mail address, IP address or user agent (POPIA).

use serde::{Deserialize, Serialize};

/// Aggregate type of questionnaire versions.
pub const QUESTIONNAIRE_AGGREGATE: &str = "questionnaire";
/// Aggregate type of survey periods (health checks).
pub const HEALTH_CHECK_AGGREGATE: &str = "health_check";
/// Aggregate type of survey responses.
pub const SURVEY_RESPONSE_AGGREGATE: &str = "survey_response";

/// Question category ids (admin spec §3): Behaviors 1, Practices 2, Policies 3, General 4,
/// Demographic 5.
pub const BEHAVIOURS: i32 = 1;
/// Practices.
pub const PRACTICES: i32 = 2;
/// Policies.
pub const POLICIES: i32 = 3;
/// General (not scored).
pub const GENERAL: i32 = 4;
/// Demographic (not scored).
pub const DEMOGRAPHIC: i32 = 5;
/// Question type SingleChoice (admin spec §3).
pub const SINGLE_CHOICE: i32 = 3;
/// Question type MultipleChoice.
pub const MULTIPLE_CHOICE: i32 = 4;

/// One possible answer with its score (0 = least mature).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PossibleAnswer {
    /// Id within its question.
    pub possible_answer_id: i32,
    /// Wording.
    pub description: String,
    /// Score (whole number ≥ 0).
    pub score: i32,
}

/// One question (admin spec §3 "Question").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// Id within its questionnaire (`P1`, `B3`, …).
    pub question_id: String,
    /// Category id (1–5).
    pub category_id: i32,
    /// SingleChoice 3 or MultipleChoice 4.
    pub question_type_id: i32,
    /// Chart type: PieChart 1, ProgressBar 2, BarGraph 3, StackedBar 4.
    pub visualize_type_id: i32,
    /// Wording.
    pub description: String,
    /// The published standard the question is grounded in.
    pub source: String,
    /// Possible answers.
    pub answers: Vec<PossibleAnswer>,
}

/// One published questionnaire version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionnairePublished {
    /// Id of this version (`staff-v1`).
    pub questionnaire_id: String,
    /// Staff 1, Students 2 (admin spec §3).
    pub questionnaire_type_id: i32,
    /// Version number.
    pub version: i32,
    /// Label.
    pub description: String,
    /// Start of the period in which links can be generated (RFC 3339).
    pub effective_from: chrono::DateTime<chrono::Utc>,
    /// End of that period: links can be generated only before it (admin spec §4).
    pub effective_to: chrono::DateTime<chrono::Utc>,
    /// SHA-256 of the version's questions as published.
    pub content_sha256: String,
    /// Questions.
    pub questions: Vec<Question>,
}

/// Events of a questionnaire version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum QuestionnaireEvent {
    /// A version was published (loaded from `data/healthcheck/questionnaires.json`). "1.0".
    QuestionnairePublished(QuestionnairePublished),
}

impl cqrs_es::DomainEvent for QuestionnaireEvent {
    fn event_type(&self) -> String {
        "QuestionnairePublished".into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

/// Digits of a [`short_code`].
pub const SHORT_CODE_DIGITS: usize = 12;

/// The short survey code of the invite link `invite_code`: what a respondent on a feature
/// phone types instead of the link (USSD, decision 0168). [`SHORT_CODE_DIGITS`] decimal digits
/// taken from the SHA-256 of `ussd-short-code:` and the invite code, so it is derived, never
/// stored in an event, the same after a rebuild, and says nothing of the invite code. With
/// 10^12 codes, guessing one of 10,000 open links takes 10^8 tries on average, against the
/// wrong-code limits of the USSD gateway.
pub fn short_code(invite_code: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("ussd-short-code:{invite_code}"));
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    let n = u64::from_be_bytes(first) % 10u64.pow(SHORT_CODE_DIGITS as u32);
    format!("{n:0width$}", width = SHORT_CODE_DIGITS)
}

/// A survey period opened for one organisation (SetSurveyEffectiveDate; admin spec §3
/// "Invite code").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SurveyPeriodOpened {
    /// Health check id (the aggregate id).
    pub health_check_id: String,
    /// Organisation id.
    pub organisation_id: String,
    /// Organisation type id at the time (for the public figures by type).
    pub organisation_type_id: i32,
    /// Questionnaire version answered.
    pub questionnaire_id: String,
    /// Staff 1, Students 2.
    pub questionnaire_type_id: i32,
    /// Questionnaire version number.
    pub questionnaire_version: i32,
    /// Start of the period.
    pub effective_from: chrono::DateTime<chrono::Utc>,
    /// End of the period (end of the calendar quarter of `effective_from`).
    pub effective_to: chrono::DateTime<chrono::Utc>,
    /// Expected responses (≥ 1).
    pub expected_responses: i32,
    /// The invite code of the link (random, 32 hex digits).
    pub invite_code: String,
}

/// One more response admitted through the period's invite link, within its cap (the
/// `health_check` aggregate counts them, so two racing respondents cannot both take the last
/// place). Written just before the response's own `SurveyResponseSubmitted`; it holds nothing
/// about the respondent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SurveyResponseAdmitted {
    /// Health check id (the aggregate id).
    pub health_check_id: String,
    /// Responses admitted through the link so far, this one included (1, 2, …).
    pub admitted: i64,
    /// The response admitted (its `survey_response` aggregate id: the health check and an HMAC
    /// of the browser's random cookie and the invite code, nothing about the respondent), so a
    /// retry of the same response is not admitted twice. Absent before retries were known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_id: Option<String>,
}

/// Events of a health check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum HealthCheckEvent {
    /// A period opened with its invite link. "1.0".
    SurveyPeriodOpened(SurveyPeriodOpened),
    /// A response admitted within the link's cap. "1.0".
    SurveyResponseAdmitted(SurveyResponseAdmitted),
}

impl cqrs_es::DomainEvent for HealthCheckEvent {
    fn event_type(&self) -> String {
        match self {
            HealthCheckEvent::SurveyPeriodOpened(_) => "SurveyPeriodOpened",
            HealthCheckEvent::SurveyResponseAdmitted(_) => "SurveyResponseAdmitted",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

/// The answer to one question: the chosen possible answers (one for SingleChoice).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GivenAnswer {
    /// Question id.
    pub question_id: String,
    /// Chosen possible-answer ids.
    pub possible_answer_ids: Vec<i32>,
}

/// One anonymous survey response: the answers, the invite code and the questionnaire version,
/// nothing about the respondent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SurveyResponseSubmitted {
    /// Health check answered.
    pub health_check_id: String,
    /// The invite code used.
    pub invite_code: String,
    /// Questionnaire version answered.
    pub questionnaire_id: String,
    /// Its version number.
    pub questionnaire_version: i32,
    /// Answers (questions skipped are absent).
    pub answers: Vec<GivenAnswer>,
    /// The response key the phone created when the survey started, as an HMAC under the
    /// server's secret (64 hex digits): a retry with the same key is the same response. Absent
    /// for responses sent without a key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_key: Option<String>,
}

/// Events of a survey response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SurveyResponseEvent {
    /// A response was submitted. "1.0".
    SurveyResponseSubmitted(SurveyResponseSubmitted),
}

impl cqrs_es::DomainEvent for SurveyResponseEvent {
    fn event_type(&self) -> String {
        "SurveyResponseSubmitted".into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

/// Results of a health check are published in steps of this many responses: its answer
/// distributions and scores are those of its first `RESULT_STEP × ⌊n / RESULT_STEP⌋`
/// responses in commit order, so two readings never differ by one respondent
/// (docs/decisions/0082-survey-results-in-steps-of-five.md). The health-check read model keeps
/// the others aside until the step is complete.
pub const RESULT_STEP: i64 = 5;

/// Metadata key marking example data (value `"true"`); see [`crate::example`].
pub use crate::example::EXAMPLE_METADATA_KEY;

/// Whether a question is scored (Behaviours, Practices, Policies). The scoring rule is documented in `gbvf_commands::health_check::scoring`.
pub fn is_scored(category_id: i32) -> bool {
    matches!(category_id, BEHAVIOURS | PRACTICES | POLICIES)
}

/// One respondent's score on `question` (0..=1), or `None` for an unscored question or one
/// whose answers all score 0.
pub fn answer_score(question: &Question, chosen: &[i32]) -> Option<f64> {
    if !is_scored(question.category_id) {
        return None;
    }
    let score = |id: &i32| {
        question
            .answers
            .iter()
            .find(|p| p.possible_answer_id == *id)
            .map(|p| p.score)
            .unwrap_or(0)
    };
    let denominator: i32 = if question.question_type_id == SINGLE_CHOICE {
        question.answers.iter().map(|p| p.score).max().unwrap_or(0)
    } else {
        question.answers.iter().map(|p| p.score).sum()
    };
    if denominator <= 0 {
        return None;
    }
    let earned: i32 = chosen.iter().map(score).sum();
    Some((earned as f64 / denominator as f64).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_code_is_twelve_digits_derived_from_the_invite_code() {
        let a = short_code("0f4c9d3e8a2b4c6d8e0f1a2b3c4d5e6f");
        assert_eq!(a.len(), SHORT_CODE_DIGITS);
        assert!(a.bytes().all(|b| b.is_ascii_digit()), "{a}");
        assert_eq!(
            a,
            short_code("0f4c9d3e8a2b4c6d8e0f1a2b3c4d5e6f"),
            "the same after a rebuild"
        );
        assert_ne!(a, short_code("0f4c9d3e8a2b4c6d8e0f1a2b3c4d5e6e"));
    }
}
