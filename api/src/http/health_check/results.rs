//! An organisation's health checks and results (admin spec §2, §9), withheld below the
//! privacy threshold and moving in steps of five responses.

use crate::http::auth::CurrentUser;
use crate::http::error::ApiError;
use crate::http::health_check::category_name;
use crate::http::health_check::chart_name;
use crate::http::health_check::question_type;
use crate::http::health_check::questionnaire_type;
use crate::http::health_check::results_reader;
use crate::http::health_check::survey_links::survey_url;
use crate::http::health_check::user_organisation;
use crate::http::health_check::TOO_FEW;
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::Json;
use gbvf_commands::accounts::permissions::{AddSurveyLink, SetSurveyEffectiveDate};
use gbvf_commands::health_check::{
    category_scores, percent, quarter_of, response_cap, suppressed_cells,
};
use gbvf_events::health_check::{QuestionnairePublished, DEMOGRAPHIC};

pub(super) use super::release::{
    figures, noise_key, release, release_privacy, release_totals, scores, Release,
};
pub use super::release::{ReleasePrivacy, ResponseBand, NOISE_NOTE};
use gbvf_projections::accounts::queries::organisation_facts;
use gbvf_projections::health_check::queries_results::{
    organisation_period_results, period_results,
};
use serde::{Deserialize, Serialize};

/// One answer's share of a question's respondents, as a percentage only (no count, so two
/// readings cannot be subtracted into one person's answer; the figures move in steps of five
/// responses).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerDistribution {
    /// Answer id.
    pub possible_answer_id: i32,
    /// Its text.
    pub description: String,
    /// Percentage of the question's respondents (0–100, two decimals); null when suppressed.
    #[schema(required = true)]
    pub distribution_value: Option<f64>,
    /// True for a demographic answer chosen by fewer than 5 respondents (or withheld so that
    /// such an answer cannot be worked out from the others): its share is not shown.
    pub suppressed: bool,
    /// Its maturity score.
    pub score: i32,
}

/// A slice of a question's chart.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PaletteEntry {
    /// Answer id.
    pub id: i32,
    /// Percentage with two decimals, as text ("12.50"); null when suppressed.
    #[schema(required = true)]
    pub percentage: Option<String>,
    /// The answer's text.
    pub description: String,
    /// Colour (`#rrggbb`).
    pub color: &'static str,
}

/// A question's results (admin spec §3 "Organisational result").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionResult {
    /// Question id.
    pub question_id: String,
    /// Its text.
    pub description: String,
    /// 3 single choice, 4 multiple choice.
    pub question_type_id: i32,
    /// "SingleChoice" or "MultipleChoice".
    pub question_type: &'static str,
    /// Chart type id.
    pub visualize_type_id: i32,
    /// Chart type name ("PieChart", ...).
    pub visualize_type_description: &'static str,
    /// People who answered it, as released (with the release's noise; never the exact count).
    pub respondents: i64,
    /// Every answer with its share.
    pub answers: Vec<AnswerDistribution>,
    /// The chart's slices.
    pub palette: Vec<PaletteEntry>,
}

/// A question category's results.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryResult {
    /// 1 Behaviours, 2 Practices, 3 Policies, 4 General, 5 Demographic.
    pub question_category_id: i32,
    /// Its name.
    pub description: &'static str,
    /// True for the categories the dashboard shows (1, 2, 3, 5).
    pub is_in_dashboard: bool,
    /// Its score in percent; null when it has no scored answers.
    #[schema(required = true)]
    pub category_score: Option<f64>,
    /// Its questions.
    pub questions: Vec<QuestionResult>,
}

pub(super) fn result_categories(
    def: &QuestionnairePublished,
    r: &Release,
    only: Option<&[i32]>,
) -> Vec<CategoryResult> {
    let cats = category_scores(def, &release_totals(def, r));
    let palette = [
        "#d7191c", "#fdae61", "#a6d96a", "#1a9641", "#2E539D", "#cccccc",
    ];
    [3, 2, 1, 4, 5]
        .iter()
        .filter(|c| only.is_none_or(|o| o.contains(*c)))
        .filter(|c| def.questions.iter().any(|q| q.category_id == **c))
        .map(|c| {
            let questions = def
                .questions
                .iter()
                .filter(|q| q.category_id == *c)
                .map(|q| {
                    let released = r.questions.get(&q.question_id);
                    let n = released.map(|x| x.respondents).unwrap_or(0);
                    let counts: Vec<i64> = released
                        .map(|x| x.counts.clone())
                        .unwrap_or_else(|| vec![0; q.answers.len()]);
                    let hidden = if q.category_id == DEMOGRAPHIC {
                        suppressed_cells(q.question_type_id == 3, &counts)
                    } else {
                        vec![false; counts.len()]
                    };
                    let shown = |i: usize| {
                        (!hidden[i]).then(|| {
                            percent(if n > 0 {
                                (counts[i] as f64 / n as f64).min(1.0)
                            } else {
                                0.0
                            })
                        })
                    };
                    let answers = q
                        .answers
                        .iter()
                        .enumerate()
                        .map(|(i, a)| AnswerDistribution {
                            possible_answer_id: a.possible_answer_id,
                            description: a.description.clone(),
                            distribution_value: shown(i),
                            suppressed: hidden[i],
                            score: a.score,
                        })
                        .collect();
                    let pal = q
                        .answers
                        .iter()
                        .enumerate()
                        .map(|(i, a)| PaletteEntry {
                            id: a.possible_answer_id,
                            percentage: shown(i).map(|v| format!("{v:.2}")),
                            description: a.description.clone(),
                            color: palette[i.min(palette.len() - 1)],
                        })
                        .collect();
                    QuestionResult {
                        question_id: q.question_id.clone(),
                        description: q.description.clone(),
                        question_type_id: q.question_type_id,
                        question_type: question_type(q.question_type_id),
                        visualize_type_id: q.visualize_type_id,
                        visualize_type_description: chart_name(q.visualize_type_id),
                        respondents: n,
                        answers,
                        palette: pal,
                    }
                })
                .collect();
            CategoryResult {
                question_category_id: *c,
                description: category_name(*c),
                is_in_dashboard: matches!(*c, 1..=3 | 5),
                category_score: cats.get(c).map(|v| percent(*v)),
                questions,
            }
        })
        .collect()
}

/// Query of `getOrganisationHealthChecks`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrganisationQuery {
    /// Staff 1 (default) or Students 2.
    #[serde(rename = "questionnaireTypeId", default)]
    #[param(minimum = 1, maximum = 2)]
    pub questionnaire_type_id: Option<i32>,
}

/// One survey period of the caller's organisation with its results (admin spec §3
/// "Organisation health checks").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationHealthCheck {
    /// The survey period's id.
    pub health_check_id: String,
    /// "<questionnaire> — <year> Q<quarter>".
    pub questionnaire: String,
    /// Questionnaire version id.
    pub questionnaire_id: String,
    /// Questionnaire version number.
    pub questionnaire_version: i32,
    /// "Staff" or "Students".
    pub questionnaire_type: &'static str,
    /// Staff 1 or Students 2.
    pub questionnaire_type_id: i32,
    /// True while the period is open.
    pub is_current: bool,
    /// Start of the period.
    pub effective_from: chrono::DateTime<chrono::Utc>,
    /// End of the period.
    pub effective_to: chrono::DateTime<chrono::Utc>,
    /// The invite code; null without AddSurveyLink or SetSurveyEffectiveDate.
    #[schema(required = true)]
    pub invite_code: Option<String>,
    /// The link; null like `inviteCode`.
    #[schema(required = true)]
    pub url: Option<String>,
    /// The short code a respondent types on any phone instead of the link (USSD, decision
    /// 0168), 12 digits; null like `inviteCode`, and while the USSD survey is off.
    #[schema(required = true)]
    pub short_code: Option<String>,
    /// What a respondent dials for it (`*120*4321*123456789012#`); null like `shortCode`.
    #[schema(required = true)]
    pub ussd_dial: Option<String>,
    /// Expected responses.
    pub expected_responses: i32,
    /// Responses so far, as a band: the exact count is not shown, so that nobody who sent
    /// some of the responses can count the others.
    pub responses: ResponseBand,
    /// Most responses the link takes: the expected responses plus a margin of a tenth, at
    /// least 5 (`response_cap`).
    pub response_cap: i64,
    /// True when the link has taken `responseCap` responses and refuses more.
    pub cap_reached: bool,
    /// How the figures are protected (differential privacy).
    pub privacy: ReleasePrivacy,
    /// True when the figures include example data.
    pub example: bool,
    /// False below 5 responses.
    pub results_available: bool,
    /// Why results are not shown; null when they are.
    #[schema(required = true)]
    pub message: Option<&'static str>,
    /// Overall maturity in percent; null when not available.
    #[schema(required = true)]
    pub overall_maturity: Option<f64>,
    /// Behaviours, Practices, Policies and Demographic results; empty below 5 responses.
    pub question_categories: Vec<CategoryResult>,
}

/// The caller's organisation with its survey periods.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationHealthChecks {
    /// The organisation id.
    pub organisation_id: String,
    /// Its name.
    pub organisation_name: String,
    /// Its type id.
    pub organisation_type_id: i32,
    /// True for higher education institutions (type 4), which are offered the Students survey.
    pub students_offered: bool,
    /// 1 In Progress (the application awaits an administrator's decision), 2 Rejected,
    /// 3 Approved (admin spec §3): the screen says "awaiting approval" before it offers a form.
    pub verification_status_id: i32,
    /// Its survey periods, newest first.
    pub questionnaires: Vec<OrganisationHealthCheck>,
}

/// The answer of [`organisation_health_checks`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrganisationHealthChecksAnswer {
    /// Always `true`.
    pub success: bool,
    /// The organisation and its periods.
    pub data: OrganisationHealthChecks,
}

/// `GET /api/healthcheck/getOrganisationHealthChecks?questionnaireTypeId=` (the organisation's
/// designated person: ViewYourOrganisationSurveyResult, AddSurveyLink or
/// SetSurveyEffectiveDate): the caller's organisation and its survey periods, newest first,
/// with participation (a band), the link's cap, maturity and category scores, and the
/// demographic cards — scores and distributions only from 5 responses up, in steps of 5, as
/// noisy percentages, as in [`organisational_result`]. The invite code is given to holders of AddSurveyLink
/// or SetSurveyEffectiveDate only.
#[utoipa::path(get, path = "/api/healthcheck/getOrganisationHealthChecks", operation_id = "getOrganisationHealthChecks", tag = "healthcheck", params(OrganisationQuery),
    responses((status = 200, description = "The organisation's survey periods", body = OrganisationHealthChecksAnswer),
              (status = 403, description = "You do not have permission to perform this action."),
              (status = 404, description = "Your account is not linked to an organisation, or the organisation is unknown.")))]
pub async fn organisation_health_checks(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<OrganisationQuery>,
) -> Result<Json<OrganisationHealthChecksAnswer>, ApiError> {
    let org = user_organisation(&s, &u).await?.ok_or_else(|| {
        ApiError::NotFound("Your account is not linked to an organisation.".into())
    })?;
    let facts = organisation_facts(&s.pool, &org)
        .await?
        .ok_or_else(|| ApiError::NotFound("Your organisation was not found.".into()))?;
    let (name, org_type) = (facts.name, facts.organisation_type_id);
    let type_id = q.questionnaire_type_id.unwrap_or(1);
    let show_code = u.can(AddSurveyLink) || u.can(SetSurveyEffectiveDate);
    let rows = organisation_period_results(&s.pool, &org, type_id).await?;
    let key = noise_key(&s).await?;
    let mut list = Vec::new();
    for p in rows {
        let def = &p.questionnaire.0;
        let f = figures(&p);
        let rel = release(def, &f, &key, &p.health_check_id);
        let sc = scores(def, &rel);
        let (y, qn) = quarter_of(p.effective_from);
        let cap = response_cap(p.expected_responses as i64);
        let ussd = s
            .ussd
            .as_ref()
            .filter(|_| show_code)
            .map(|c| c.codes_of(&p.invite_code));
        list.push(OrganisationHealthCheck {
            questionnaire: format!("{} — {y} Q{qn}", def.description),
            questionnaire_version: def.version,
            questionnaire_type: questionnaire_type(p.questionnaire_type_id),
            questionnaire_type_id: p.questionnaire_type_id,
            is_current: p.is_current,
            effective_from: p.effective_from,
            effective_to: p.effective_to,
            invite_code: show_code.then(|| p.invite_code.clone()),
            url: show_code.then(|| survey_url(&s, &p.invite_code)),
            short_code: ussd.as_ref().map(|(code, _)| code.clone()),
            ussd_dial: ussd.map(|(_, dial)| dial),
            expected_responses: p.expected_responses,
            responses: ResponseBand::of(p.actual_responses),
            response_cap: cap,
            cap_reached: p.actual_responses >= cap,
            privacy: release_privacy(),
            example: p.example,
            results_available: sc.is_some(),
            message: sc.is_none().then_some(TOO_FEW),
            overall_maturity: sc.as_ref().and_then(|(_, m)| m.map(percent)),
            question_categories: if sc.is_some() {
                result_categories(def, &rel, Some(&[1, 2, 3, 5][..]))
            } else {
                vec![]
            },
            health_check_id: p.health_check_id,
            questionnaire_id: p.questionnaire_id,
        });
    }
    Ok(Json(OrganisationHealthChecksAnswer {
        success: true,
        data: OrganisationHealthChecks {
            organisation_id: org,
            organisation_name: name,
            organisation_type_id: org_type,
            students_offered: org_type == 4,
            verification_status_id: facts.verification_status_id,
            questionnaires: list,
        },
    }))
}

/// Body of `organisationalResult`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResultBody {
    /// Staff 1 or Students 2.
    #[serde(rename = "QuestionnaireTypeId", alias = "questionnaireTypeId", default)]
    #[schema(minimum = 1, maximum = 2)]
    pub questionnaire_type_id: Option<i32>,
    /// Health check id.
    #[serde(rename = "HealthCheckId", alias = "healthCheckId")]
    pub health_check_id: String,
}

/// One survey period's results (admin spec §3 "Organisational result").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationalResult {
    /// The survey period's id.
    pub health_check_id: String,
    /// "<questionnaire> — <year> Q<quarter>".
    pub questionnaire: String,
    /// Questionnaire version id.
    pub questionnaire_id: String,
    /// Questionnaire version number.
    pub questionnaire_version: i32,
    /// "Staff" or "Students".
    pub questionnaire_type: &'static str,
    /// Staff 1 or Students 2.
    pub questionnaire_type_id: i32,
    /// Responses so far, as a band (admin spec §3 names an exact `actualResponeses`; it is not
    /// shown, so that nobody who sent some of the responses can count the others).
    pub responses: ResponseBand,
    /// Expected responses.
    pub expected_responses: i32,
    /// How the figures are protected (differential privacy).
    pub privacy: ReleasePrivacy,
    /// True when the figures include example data.
    pub example: bool,
    /// False below 5 responses.
    pub results_available: bool,
    /// Why results are not shown; null when they are.
    #[schema(required = true)]
    pub message: Option<&'static str>,
    /// Overall maturity in percent; null when not available.
    #[schema(required = true)]
    pub overall_maturity: Option<f64>,
    /// Every category's results; empty below 5 responses.
    pub question_categories: Vec<CategoryResult>,
}

/// The answer of [`organisational_result`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrganisationalResultAnswer {
    /// Always `true`.
    pub success: bool,
    /// The results.
    pub data: OrganisationalResult,
}

/// `POST /api/healthcheck/organisationalResult` (ViewYourOrganisationSurveyResult for the
/// caller's own organisation; ViewOrganisationalSurveyResults for any): every question with its
/// answer distribution (percentages only), category scores and maturity, computed from the
/// first responses in steps of 5 (the largest multiple of 5 received), so two readings never
/// differ by one respondent, and released with noise (ε = 1 per question, fixed per release:
/// `privacy`), so that whoever sent all responses but one still cannot read that one;
/// demographic answers released for fewer than 5 are suppressed (`suppressed_cells`). The
/// response count is a band. Below 5 responses it answers `resultsAvailable: false` with the
/// reason and no distribution.
#[utoipa::path(post, path = "/api/healthcheck/organisationalResult", operation_id = "getOrganisationalResult", tag = "healthcheck", request_body = ResultBody,
    responses((status = 200, description = "The results", body = OrganisationalResultAnswer),
              (status = 403, description = "You do not have permission to perform this action."), (status = 404, description = "Unknown health check")))]
pub async fn organisational_result(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<ResultBody>,
) -> Result<Json<OrganisationalResultAnswer>, ApiError> {
    let period = period_results(&s.pool, &b.health_check_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No health check has this id.".into()))?;
    let t = period.questionnaire_type_id;
    results_reader(&s, &u)
        .await?
        .may_read_results_of(&period.organisation_id)?;
    if b.questionnaire_type_id.is_some_and(|x| x != t) {
        return Err(ApiError::bad(
            "QuestionnaireTypeId",
            "This health check belongs to the other survey audience.",
        ));
    }
    let def = &period.questionnaire.0;
    let f = figures(&period);
    let rel = release(def, &f, &noise_key(&s).await?, &b.health_check_id);
    let sc = scores(def, &rel);
    let (y, qn) = quarter_of(period.effective_from);
    Ok(Json(OrganisationalResultAnswer {
        success: true,
        data: OrganisationalResult {
            health_check_id: b.health_check_id,
            questionnaire: format!("{} — {y} Q{qn}", def.description),
            questionnaire_id: period.questionnaire_id.clone(),
            questionnaire_version: def.version,
            questionnaire_type: questionnaire_type(t),
            questionnaire_type_id: t,
            responses: ResponseBand::of(f.actual),
            expected_responses: period.expected_responses,
            privacy: release_privacy(),
            example: period.example,
            results_available: sc.is_some(),
            message: sc.is_none().then_some(TOO_FEW),
            overall_maturity: sc.as_ref().and_then(|(_, m)| m.map(percent)),
            question_categories: if sc.is_some() {
                result_categories(def, &rel, None)
            } else {
                vec![]
            },
        },
    }))
}
