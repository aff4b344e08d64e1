//! The organisational health check over HTTP (admin spec §2, §4, §7, §8, §9; public spec
//! health-check cards): active questionnaires, invite links, anonymous survey
//! taking, an organisation's health checks and results, the admin summary, and the public
//! figures by boundary.
//!
//! Respondent privacy (docs/decisions/0078-survey-links-cap-and-rate-limit.md,
//! docs/decisions/0082-survey-results-in-steps-of-five.md,
//! docs/decisions/0083-demographic-cells-below-five.md, docs/security.md): a link takes at most its
//! cap of responses, 30 a minute; no distribution, score or demographic breakdown of a health check
//! is returned from fewer than [`MIN_RESPONSES`] responses, results move in steps of 5 responses,
//! carry noise of a stated privacy budget and show percentages only, with response counts in bands;
//! small demographic cells are suppressed; public figures are a fixed table of cells published once
//! a quarter has ended, with primary and secondary suppression: a maturity combines at least
//! [`MIN_ORGANISATIONS`] organisations, each with at least [`MIN_RESPONSES`] responses, and is a
//! whole percentage; response counts are public only where at least 3 organisations take part and
//! no smaller group follows by subtraction.
//!
//! - [`survey_links`]: active questionnaires and an organisation's invite links.
//! - [`survey`]: the anonymous survey and its submission.
//! - [`results`]: an organisation's health checks and results.
//! - [`summaries`]: the administrator's summary of questionnaires.
//! - [`public_statistics`]: the public figures by boundary, as published.
//! - [`publication`]: the publication of the public figures of ended quarters.
//! - [`release`]: the noisy release of one health check's figures.

pub mod public_statistics;
pub mod publication;
pub mod release;
pub mod results;
pub mod summaries;
pub mod survey;
pub mod survey_links;

pub use public_statistics::{
    __path_stats, organisation_types, public_stats, stats, AreaStat, HealthCheckStats,
    HealthCheckStatsAnswer, OrganisationTypeStat, Participation, QuarterStat, StatsQuery,
    PUBLIC_NOTE,
};
pub use publication::{publish_ended_quarters, spawn_publisher};
pub use results::{
    __path_organisation_health_checks, __path_organisational_result, organisation_health_checks,
    organisational_result, AnswerDistribution, CategoryResult, OrganisationHealthCheck,
    OrganisationHealthChecks, OrganisationHealthChecksAnswer, OrganisationQuery,
    OrganisationalResult, OrganisationalResultAnswer, PaletteEntry, QuestionResult, ReleasePrivacy,
    ResponseBand, ResultBody, NOISE_NOTE,
};
pub use summaries::{__path_summarised, summarised, QuestionnaireSummaries, QuestionnaireSummary};
pub use survey::{
    __path_submit, __path_survey, submit, survey, AnswerBody, SubmitBody, Survey, SurveyAnswer,
    SurveyAnswerOption, SurveyCategory, SurveyQuery, SurveyQuestion,
};
pub use survey_links::{
    __path_active_questionnaires, __path_invite_code, active_questionnaires, invite_code,
    InviteCodeBody, QuestionnaireVersion, QuestionnaireVersions, SurveyLink,
};

use crate::http::auth::CurrentUser;
use crate::http::error::ApiError;
use crate::http::AppState;
use gbvf_commands::accounts::permissions::{
    ViewOrganisationalSurveyResults, ViewYourOrganisationSurveyResult, WorldOfImpactAdmin,
};
use gbvf_commands::health_check::ResultsReader;
use gbvf_events::health_check::QuestionnairePublished;

/// §8: link generated.
pub const LINK_GENERATED: &str = "Survey link generated successfully";
/// §8: link generation failed.
pub const LINK_FAILED: &str = "Unable to generate link";
/// An unknown invite code.
pub const UNKNOWN_CODE: &str =
    "This survey link is not valid. Please check the link you were sent.";
/// A closed survey period.
pub const CLOSED: &str = "This survey is closed and no longer accepts responses.";
/// Results withheld below the privacy threshold.
pub const TOO_FEW: &str =
    "Results are shown once at least 5 people have responded, to protect respondents' anonymity.";
/// A response recorded.
pub const THANK_YOU: &str = "Thank you. Your response has been recorded.";
/// Too many responses through one link in a short time ([`crate::accounts::limits::SURVEY_LINK`]).
pub const LINK_BUSY: &str =
    "Many responses are arriving through this survey link at the moment. Please try again in a minute; your answers are still on the page.";

/// Category names (admin spec §3 "Question categories").
pub fn category_name(id: i32) -> &'static str {
    match id {
        1 => "Behaviours",
        2 => "Practices",
        3 => "Policies",
        4 => "General",
        _ => "Demographic",
    }
}

pub(super) fn chart_name(id: i32) -> &'static str {
    match id {
        1 => "PieChart",
        2 => "ProgressBar",
        3 => "BarGraph",
        _ => "StackedBar",
    }
}

/// The name of a question type id (admin spec §5 "Questionnaire"): 3 "SingleChoice", otherwise
/// (4) "MultipleChoice".
pub(super) fn question_type(id: i32) -> &'static str {
    if id == 3 {
        "SingleChoice"
    } else {
        "MultipleChoice"
    }
}

pub(super) fn questionnaire_type(id: i32) -> &'static str {
    if id == 2 {
        "Students"
    } else {
        "Staff"
    }
}

/// The organisation of the signed-in user `u`, if any (accounts read model).
pub(super) async fn user_organisation(
    s: &AppState,
    u: &CurrentUser,
) -> Result<Option<String>, ApiError> {
    Ok(gbvf_projections::accounts::queries::organisation_of(&s.pool, &u.session.user_id).await?)
}

/// The signed-in user `u` as the rules of who may read results see them
/// ([`gbvf_commands::health_check::ResultsReader`]): their organisation and permissions.
pub(super) async fn results_reader(
    s: &AppState,
    u: &CurrentUser,
) -> Result<ResultsReader, ApiError> {
    Ok(ResultsReader {
        organisation_id: user_organisation(s, u).await?,
        world_of_impact_admin: u.can(WorldOfImpactAdmin),
        view_every_organisation: u.can(ViewOrganisationalSurveyResults),
        view_own_organisation: u.can(ViewYourOrganisationSurveyResult),
    })
}

/// The questionnaire version `id` with its questions (health-check read model), if published;
/// kept in memory once read ([`AppState`]'s `questionnaires`).
pub(crate) async fn load_questionnaire(
    s: &AppState,
    id: &str,
) -> Result<Option<std::sync::Arc<QuestionnairePublished>>, ApiError> {
    Ok(s.questionnaires.get(&s.pool, id).await?)
}
