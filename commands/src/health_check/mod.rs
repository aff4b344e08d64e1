//! The organisational health check (admin spec §2–§4, §9): the questionnaire file and its
//! versions ([`questionnaire`]), survey periods with their invite links and the responses they
//! admit ([`survey_period`]), anonymous responses ([`survey_response`]), the scoring and
//! privacy rules of the results ([`scoring`]), the noise of released results ([`privacy`])
//! and the suppressed cells of the public figures ([`public_cells`]); who may read results
//! ([`results_access`]).
//!
//! Four aggregates decide here, each on commands of its own, distinct from the events they
//! produce:
//! - [`QuestionnaireVersion`]: [`PublishQuestionnaireVersion`] → `QuestionnairePublished`;
//! - [`HealthCheck`] (one survey period): [`HealthCheckCommand::OpenSurveyPeriod`] →
//!   `SurveyPeriodOpened`, [`HealthCheckCommand::AdmitSurveyResponse`] →
//!   `SurveyResponseAdmitted`;
//! - [`SurveyResponse`]: [`SubmitSurveyResponse`] → `SurveyResponseSubmitted`; a response and
//!   its admission are recorded together by [`submission::record_survey_response`];
//! - [`QuestionnaireTranslation`] (one version in one language): [`TranslationCommand::Load`]
//!   → `TranslationLoaded`, [`TranslationCommand::Review`] → `TranslationReviewed`,
//!   [`TranslationCommand::Withdraw`] → `TranslationWithdrawn` ([`translation`]; the file a
//!   translator fills in: [`translation_file`]).
//!
//! Free input is parsed once into typed values before a command is built: the expected
//! responses of a link ([`ExpectedResponses`]) and a respondent's answers against the
//! questionnaire they answer ([`SurveyAnswers`]).

pub mod privacy;
pub mod public_cells;
pub mod questionnaire;
pub mod results_access;
pub mod scoring;
pub mod submission;
pub mod survey_period;
pub mod survey_response;
pub mod translation;
pub mod translation_file;

pub use gbvf_events::health_check::{answer_score, is_scored};
pub use privacy::{
    noisy_question, response_band, sensitivity, two_sided_geometric, NoiseKey, NoisyQuestion,
    EPSILON_PER_QUESTION, MECHANISM, RESULT_STEP,
};
pub use public_cells::{public_cells, CellKind, Contribution, PublicCell};
pub use questionnaire::{
    built_in_questionnaires, parse_questionnaires, publish_questionnaires,
    PublishQuestionnaireVersion, QuestionnaireError, QuestionnaireVersion, QUESTIONNAIRE_FILE,
    QUESTIONNAIRE_SOURCE,
};
pub use results_access::ResultsReader;
pub use scoring::{
    category_scores, maturity, percent, published_responses, suppressed_cells, QuestionTotals,
};
pub use survey_period::{
    current_dashboard_quarter, end_of_quarter, health_check_id, next_quarter, period_in_window,
    quarter_of, response_cap, ExpectedResponses, ExpectedResponsesError, HealthCheck,
    HealthCheckCommand, HealthCheckError, LinkRequester, OpenSurveyPeriod, RESPONSE_MARGIN_MIN,
};
pub use survey_response::{SubmitSurveyResponse, SurveyAnswers, SurveyError, SurveyResponse};
pub use translation::{
    load_command, translation_aggregate_id, translation_sha256, LoadTranslation, NewCredit,
    PublishedQuestionnaires, QuestionnaireTranslation, TranslationCommand, TranslationError,
};
pub use translation_file::{
    parse_translation_file, translation_template, FileAnswer, FileQuestion, FileText, LanguageTag,
    ParsedTranslation, TranslationFile, ANSWER_TEXT_MAX, QUESTION_TEXT_MAX,
};

/// Fewest responses from which any distribution, score or demographic breakdown of one
/// health check is shown (respondent privacy;
/// docs/decisions/0082-survey-results-in-steps-of-five.md).
pub const MIN_RESPONSES: i64 = 5;
/// Fewest organisations whose scores are combined into a public maturity figure for one
/// boundary, organisation type and quarter, so that no single organisation is identified.
pub const MIN_ORGANISATIONS: i64 = 3;
