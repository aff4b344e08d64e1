//! The organisational health check over HTTP (admin spec §2, §4, §7, §8, §9; public spec
//! health-check cards; issue 12): active questionnaires, invite links, anonymous survey
//! taking, an organisation's health checks and results, the admin summary, and the public
//! figures by boundary.
//!
//! Respondent privacy (docs/decisions.md, docs/security.md): a link takes at most its cap of
//! responses, 30 a minute; no distribution, score or demographic breakdown of a health check
//! is returned from fewer than [`MIN_RESPONSES`] responses, results move in steps of 5
//! responses and show percentages only, small demographic cells are suppressed; a public
//! maturity figure combines at least [`MIN_ORGANISATIONS`] organisations, each with at least
//! [`MIN_RESPONSES`] responses, is a whole percentage and changes only when at least 3
//! organisations joined or left; response counts are public only where at least 3
//! organisations take part.

use std::collections::{BTreeMap, HashMap};

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use cqrs_es::AggregateError;
use gbvf_commands::accounts::permissions::{
    AddSurveyLink, HealthCheckAdmin, SetSurveyEffectiveDate, ViewOrganisationalSurveyResults,
    ViewYourOrganisationSurveyResult, WorldOfImpactAdmin,
};
use gbvf_commands::accounts::reference::ORGANISATION_TYPES;
use gbvf_commands::health_check::{
    category_scores, current_dashboard_quarter, end_of_quarter, health_check_id, maturity, percent,
    public_figure, published_responses, quarter_of, response_cap, suppressed_cells,
    ExpectedResponses, HealthCheckCommand, HealthCheckError, OpenSurveyPeriod, QuestionTotals,
    SubmitSurveyResponse, SurveyAnswers, SurveyError, MIN_ORGANISATIONS, MIN_RESPONSES,
};
use gbvf_events::healthcheck::{
    GivenAnswer, QuestionnairePublished, DEMOGRAPHIC, SURVEY_RESPONSE_AGGREGATE,
};
use gbvf_events::metadata::EventMetadata;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::auth::csrf::BrowserId;
use super::auth::CurrentUser;
use super::error::{ApiError, Done};
use super::AppState;

type Time = chrono::DateTime<chrono::Utc>;
/// `questionnaire` row: (id, type, version, description, from, to, current).
type QuestionnaireRow = (String, i32, i32, String, Time, Time, bool);
/// `health_check` row of an organisation: (id, questionnaire, type, from, to, invite code,
/// expected, actual, open now, example).
type PeriodRow = (
    String,
    String,
    i32,
    Time,
    Time,
    String,
    i32,
    i64,
    bool,
    bool,
);
/// Questionnaire with its participation: (id, description, type, from, to, current, actual,
/// expected, organisations expected, organisations participating, example).
type SummaryRow = (
    String,
    String,
    i32,
    Time,
    Time,
    bool,
    i64,
    i64,
    i64,
    i64,
    bool,
    Option<String>,
);
/// Period with its organisation's place: (organisation, type, province, district, municipality,
/// health check, questionnaire, from, actual responses, example, expected responses).
type ParticipationRow = (
    String,
    i32,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    String,
    String,
    Time,
    i64,
    bool,
    i32,
);
/// (organisation, type, child boundary, (year, quarter), responses, maturity when ≥ 5
/// responses, expected responses).
type OrganisationQuarter = (String, i32, Option<i64>, (i32, u32), i64, Option<f64>, i64);

/// How a response's admission by its survey period is retried when respondents race for
/// the link's places: 51 tries, the pause after the `n`th conflict random below `5 × (n + 1)`
/// ms, so a burst through one link is admitted rather than answered [`LINK_BUSY`].
const ADMISSION_RETRY: gbvf_commands::execute::Retry = gbvf_commands::execute::Retry {
    tries: 51,
    jitter_ms: 5,
};

/// §8: link generated.
pub const LINK_GENERATED: &str = "Survey Link generated succesfully";
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

fn chart_name(id: i32) -> &'static str {
    match id {
        1 => "PieChart",
        2 => "ProgressBar",
        3 => "BarGraph",
        _ => "StackedBar",
    }
}

/// The name of a question type id (admin spec §5 "Questionnaire"): 3 "SingleChoice", otherwise
/// (4) "MultipleChoice".
fn question_type(id: i32) -> &'static str {
    if id == 3 {
        "SingleChoice"
    } else {
        "MultipleChoice"
    }
}

fn questionnaire_type(id: i32) -> &'static str {
    if id == 2 {
        "Students"
    } else {
        "Staff"
    }
}

async fn user_organisation(s: &AppState, u: &CurrentUser) -> Result<Option<String>, ApiError> {
    Ok(
        sqlx::query_scalar("SELECT organisation_id FROM user_account WHERE user_id = $1")
            .bind(&u.session.user_id)
            .fetch_optional(&s.pool)
            .await?
            .flatten(),
    )
}

async fn load_questionnaire(
    s: &AppState,
    id: &str,
) -> Result<Option<QuestionnairePublished>, ApiError> {
    let def: Option<Value> =
        sqlx::query_scalar("SELECT definition FROM questionnaire WHERE questionnaire_id = $1")
            .bind(id)
            .fetch_optional(&s.pool)
            .await?;
    def.map(|d| serde_json::from_value(d).map_err(|e| ApiError::Internal(e.into())))
        .transpose()
}

/// A published questionnaire version (admin spec §4).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionnaireVersion {
    /// Its id (`staff-v1`).
    pub questionnaire_id: String,
    /// Staff 1 or Students 2.
    pub questionnaire_type_id: i32,
    /// "Staff" or "Students".
    pub questionnaire_type: &'static str,
    /// Version number.
    pub version: i32,
    /// Its title.
    pub description: String,
    /// Start of its active dates.
    pub effective_from: chrono::DateTime<chrono::Utc>,
    /// End of its active dates.
    pub effective_to: chrono::DateTime<chrono::Utc>,
    /// True before `effectiveTo`: links can be generated.
    pub is_active: bool,
}

/// The answer of [`active_questionnaires`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct QuestionnaireVersions {
    /// Always `true`.
    pub success: bool,
    /// Newest version first, per type.
    pub data: Vec<QuestionnaireVersion>,
}

/// `GET /api/healthcheck/getActiveQuestionnaires` (SetSurveyEffectiveDate, HealthCheckAdmin or
/// WorldOfImpactAdmin): every published questionnaire version, newest first, with
/// `isActive` (links can be generated only before `effectiveTo`; admin spec §4).
#[utoipa::path(get, path = "/api/healthcheck/getActiveQuestionnaires", tag = "healthcheck",
    responses((status = 200, description = "Every published version", body = QuestionnaireVersions),
              (status = 403, description = "You do not have permission to perform this action.")))]
pub async fn active_questionnaires(
    State(s): State<AppState>,
) -> Result<Json<QuestionnaireVersions>, ApiError> {
    let rows: Vec<QuestionnaireRow> = sqlx::query_as(
        "SELECT questionnaire_id, questionnaire_type_id, version, description, effective_from, effective_to, effective_to > now()
         FROM questionnaire ORDER BY questionnaire_type_id, version DESC",
    )
    .fetch_all(&s.pool)
    .await?;
    let data = rows
        .into_iter()
        .map(|(id, t, v, d, f, to, active)| QuestionnaireVersion {
            questionnaire_id: id,
            questionnaire_type_id: t,
            questionnaire_type: questionnaire_type(t),
            version: v,
            description: d,
            effective_from: f,
            effective_to: to,
            is_active: active,
        })
        .collect();
    Ok(Json(QuestionnaireVersions {
        success: true,
        data,
    }))
}

/// Body of `POST /api/healthcheck/inviteCode` (admin spec §3 "Invite code").
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InviteCodeBody {
    /// Questionnaire version id (`staff-v1`).
    #[serde(rename = "QuestionnaireId", alias = "questionnaireId")]
    #[schema(value_type = String, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub questionnaire_id: gbvf_commands::text::LineText,
    /// Start of the period (RFC 3339); now when absent. The period ends with its quarter.
    #[serde(rename = "EffectiveFrom", alias = "effectiveFrom", default)]
    pub effective_from: Option<chrono::DateTime<chrono::Utc>>,
    /// Expected responses: a whole number of at least 1 (admin spec §5).
    #[serde(
        rename = "ExpectedResponses",
        alias = "expectedResponses",
        alias = "expectedResponse"
    )]
    #[schema(value_type = i64, minimum = 1, maximum = 1000000)]
    pub expected_responses: Value,
    /// Organisation (WorldOfImpactAdmin, or HealthCheckAdmin of no organisation); the caller's
    /// own otherwise.
    #[serde(rename = "OrganisationId", alias = "organisationId", default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub organisation_id: Option<gbvf_commands::text::LineText>,
}

/// The answer of [`invite_code`] (admin spec §3 "Invite code").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyLink {
    /// Always `true`.
    pub success: bool,
    /// "Survey Link generated succesfully" (the specification's spelling).
    pub message: &'static str,
    /// The link respondents open.
    pub url: String,
    /// The invite code in the link.
    pub invite_code: String,
    /// The survey period's id.
    pub health_check_id: String,
}

/// `POST /api/healthcheck/inviteCode` (SetSurveyEffectiveDate): opens the survey period of the
/// organisation for the questionnaire (only while it is active) and returns its invite link
/// `{success, message, url, inviteCode, healthCheckId}`. Asking again for the same period
/// returns the same link. 400 with the reason; 403 with the permission message.
#[utoipa::path(post, path = "/api/healthcheck/inviteCode", tag = "healthcheck", request_body = InviteCodeBody,
    responses((status = 200, description = "Survey Link generated succesfully", body = SurveyLink),
              (status = 400, description = "Unable to generate link: {success: false, message, errors}"),
              (status = 403, description = "You do not have permission to perform this action."),
              (status = 404, description = "Unknown questionnaire")))]
pub async fn invite_code(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<InviteCodeBody>,
) -> Result<Json<SurveyLink>, ApiError> {
    let expected = ExpectedResponses::from_json(&b.expected_responses)
        .map_err(|e| ApiError::bad("ExpectedResponses", e.to_string()))?;
    let own = user_organisation(&s, &u).await?;
    let organisation_id = match b
        .organisation_id
        .map(|o| o.into_string())
        .filter(|o| !o.is_empty())
    {
        // Any organisation: world-of-impact administrators, and health-check administrators who
        // belong to no organisation; a designated person (HealthCheckAdmin too) only their own.
        Some(o) if u.can(WorldOfImpactAdmin) || (u.can(HealthCheckAdmin) && own.is_none()) => o,
        Some(o) if Some(&o) == own.as_ref() => o,
        Some(_) => return Err(ApiError::Forbidden),
        None => own.ok_or_else(|| {
            ApiError::bad(
                "OrganisationId",
                "Your account is not linked to an organisation.",
            )
        })?,
    };
    let org: Option<(i32, i32)> = sqlx::query_as("SELECT organisation_type_id, verification_status_id FROM organisation WHERE organisation_id = $1")
        .bind(&organisation_id)
        .fetch_optional(&s.pool)
        .await?;
    let (org_type, status) =
        org.ok_or_else(|| ApiError::NotFound("No organisation has this id.".into()))?;
    if status != 3 {
        return Err(ApiError::bad(
            "OrganisationId",
            "The organisation must be approved before it can take the health check.",
        ));
    }
    let q = load_questionnaire(&s, &b.questionnaire_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No questionnaire has this id.".into()))?;
    let now = chrono::Utc::now();
    if q.effective_to <= now {
        return Err(ApiError::bad("QuestionnaireId", "This questionnaire is no longer active; a survey link can be generated only while a questionnaire is active."));
    }
    if q.questionnaire_type_id == 2 && org_type != 4 {
        return Err(ApiError::bad("QuestionnaireId", "The Students survey is offered only to higher education institutions (organisation type 4)."));
    }
    let from = b.effective_from.unwrap_or(now);
    let to = end_of_quarter(from).min(q.effective_to);
    if to <= now || from < q.effective_from {
        return Err(ApiError::bad("EffectiveFrom", "The survey period must start within the questionnaire's active dates and end in the future."));
    }
    let id = health_check_id(&organisation_id, &q.questionnaire_id, from);
    let code = uuid::Uuid::new_v4().simple().to_string();
    let open = OpenSurveyPeriod {
        health_check_id: id.clone(),
        organisation_id,
        organisation_type_id: org_type,
        questionnaire_id: q.questionnaire_id.clone(),
        questionnaire_type_id: q.questionnaire_type_id,
        questionnaire_version: q.version,
        effective_from: from,
        effective_to: to,
        expected_responses: expected,
        invite_code: code.clone(),
    };
    let meta = EventMetadata::now(
        format!("user:{}", u.session.user_id),
        uuid::Uuid::new_v4().to_string(),
        "http:POST /api/healthcheck/inviteCode",
    );
    let code =
        match gbvf_commands::execute::execute(
            &s.health_check_cqrs,
            &id,
            HealthCheckCommand::OpenSurveyPeriod(open),
            meta.to_map(),
        )
        .await
        {
            Ok(()) => code,
            Err(AggregateError::UserError(HealthCheckError::AlreadyOpen(existing))) => existing,
            Err(AggregateError::UserError(e)) => {
                return Err(ApiError::bad("ExpectedResponses", e.to_string()))
            }
            Err(AggregateError::AggregateConflict) => return Err(ApiError::Conflict(
                "Another link was generated for this period at the same moment. Reload to see it."
                    .into(),
            )),
            Err(e) => return Err(ApiError::Internal(anyhow::anyhow!("{e}"))),
        };
    // Read-your-writes: the link opens, and the manager's cards show it, at once.
    super::read_your_writes::settle(&s, "healthcheck").await;
    Ok(Json(SurveyLink {
        success: true,
        message: LINK_GENERATED,
        url: survey_url(&s, &code),
        invite_code: code,
        health_check_id: id,
    }))
}

fn survey_url(s: &AppState, code: &str) -> String {
    format!(
        "{}/Questionnaire/SurveyQuestions?inviteCode={code}",
        s.base_url.trim_end_matches('/')
    )
}

/// Query of the survey call.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SurveyQuery {
    /// The invite code of the link.
    #[serde(rename = "inviteCode")]
    pub invite_code: String,
    /// `true`: show the questions without recording (admin spec §2 "Survey preview").
    #[serde(rename = "Preview", alias = "preview", default)]
    pub preview: Option<bool>,
}

struct Period {
    health_check_id: String,
    questionnaire_id: String,
    organisation_name: String,
    /// Within its dates and its organisation approved.
    open: bool,
    /// Its organisation is approved (a rejected organisation's link closes).
    approved: bool,
    example: bool,
}

async fn period_of(s: &AppState, code: &str) -> Result<Period, ApiError> {
    let row: Option<(String, String, String, bool, bool, bool)> = sqlx::query_as(
        "SELECT h.health_check_id, h.questionnaire_id, coalesce(o.name, ''), now() BETWEEN h.effective_from AND h.effective_to,
                coalesce(o.verification_status_id = 3, false), h.example
         FROM health_check h LEFT JOIN organisation o ON o.organisation_id = h.organisation_id WHERE h.invite_code = $1",
    )
    .bind(code)
    .fetch_optional(&s.pool)
    .await?;
    let (health_check_id, questionnaire_id, organisation_name, in_dates, approved, example) =
        row.ok_or_else(|| ApiError::NotFound(UNKNOWN_CODE.into()))?;
    Ok(Period {
        health_check_id,
        questionnaire_id,
        organisation_name,
        open: in_dates && approved,
        approved,
        example,
    })
}

fn closed() -> Response {
    gone(CLOSED)
}

/// 410 with `message`: the link no longer takes responses.
fn gone(message: &str) -> Response {
    (StatusCode::GONE, Json(json!({"success": false, "message": message, "errors": [{"code": "inviteCode", "description": message}]}))).into_response()
}

/// The answer of `GET /api/healthcheck/survey`: `{success, data}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SurveyAnswer {
    /// Always `true`.
    pub success: bool,
    /// The questions.
    pub data: Survey,
}

/// A survey link's questionnaire version as respondents see it: questions without scores
/// (admin spec §2 "Survey", §5 "Questionnaire").
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Survey {
    /// The organisation the link belongs to (empty when unknown).
    pub organisation_name: String,
    /// The questionnaire's title.
    pub questionnaire: String,
    /// The questionnaire version's id (`staff-v1`).
    pub questionnaire_id: String,
    /// Its version number.
    pub version: i32,
    /// Staff 1 or Students 2.
    pub questionnaire_type_id: i32,
    /// "Staff" or "Students".
    pub questionnaire_type: &'static str,
    /// `true` when asked with `Preview=true` (nothing can be recorded).
    pub preview: bool,
    /// Whether the survey period is open now.
    pub is_open: bool,
    /// The link belongs to example data (labelled as such on screen).
    pub example: bool,
    /// Policies, Practices, Behaviours, General, Demographic, in that order; categories
    /// without questions are left out.
    pub question_categories: Vec<SurveyCategory>,
}

/// One category of questions.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyCategory {
    /// 1 Behaviours, 2 Practices, 3 Policies, 4 General, 5 Demographic.
    pub question_category_id: i32,
    /// Its name.
    pub description: &'static str,
    /// Its questions, in the questionnaire's order.
    pub questions: Vec<SurveyQuestion>,
}

/// One question, without scores.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyQuestion {
    /// Question id.
    pub question_id: String,
    /// Its text.
    pub description: String,
    /// 3 single choice, 4 multiple choice.
    pub question_type_id: i32,
    /// "SingleChoice" or "MultipleChoice".
    pub question_type: &'static str,
    /// The answers to choose from.
    pub answers: Vec<SurveyAnswerOption>,
}

/// One answer to choose from (its score is not sent).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyAnswerOption {
    /// Its id, sent back in `PossibleAnswerIds`.
    pub possible_answer_id: i32,
    /// Its text.
    pub description: String,
}

/// `GET /api/healthcheck/survey?inviteCode=&Preview=` (anyone with the link): the questions of
/// the link's questionnaire version, grouped by category, without scores. 404 for an unknown
/// code; 410 when the period is closed (unless `Preview=true`).
#[utoipa::path(get, path = "/api/healthcheck/survey", tag = "healthcheck", params(SurveyQuery),
    responses((status = 200, description = "The questions, by category", body = SurveyAnswer),
              (status = 404, description = "This survey link is not valid."), (status = 410, description = "This survey is closed.")))]
pub async fn survey(
    State(s): State<AppState>,
    Query(q): Query<SurveyQuery>,
) -> Result<Response, ApiError> {
    let p = period_of(&s, &q.invite_code).await?;
    let preview = q.preview.unwrap_or(false);
    if !p.open && !preview {
        return Ok(closed());
    }
    let def = load_questionnaire(&s, &p.questionnaire_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("questionnaire missing")))?;
    let mut categories: BTreeMap<i32, Vec<SurveyQuestion>> = BTreeMap::new();
    for question in &def.questions {
        categories
            .entry(question.category_id)
            .or_default()
            .push(SurveyQuestion {
                question_id: question.question_id.clone(),
                description: question.description.clone(),
                question_type_id: question.question_type_id,
                question_type: question_type(question.question_type_id),
                answers: question
                    .answers
                    .iter()
                    .map(|a| SurveyAnswerOption {
                        possible_answer_id: a.possible_answer_id,
                        description: a.description.clone(),
                    })
                    .collect(),
            });
    }
    // Policies, Practices, Behaviours, General, Demographic: the order respondents see.
    let order = [3, 2, 1, 4, 5];
    let question_categories = order
        .iter()
        .filter_map(|c| {
            categories.remove(c).map(|questions| SurveyCategory {
                question_category_id: *c,
                description: category_name(*c),
                questions,
            })
        })
        .collect();
    Ok(Json(SurveyAnswer {
        success: true,
        data: Survey {
            organisation_name: p.organisation_name,
            questionnaire: def.description,
            questionnaire_id: def.questionnaire_id,
            version: def.version,
            questionnaire_type_id: def.questionnaire_type_id,
            questionnaire_type: questionnaire_type(def.questionnaire_type_id),
            preview,
            is_open: p.open,
            example: p.example,
            question_categories,
        },
    })
    .into_response())
}

/// One answer in a submission.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AnswerBody {
    /// Question id.
    #[serde(rename = "QuestionId", alias = "questionId")]
    #[schema(value_type = String, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub question_id: gbvf_commands::text::LineText,
    /// Chosen answer ids (one for SingleChoice).
    #[serde(rename = "PossibleAnswerIds", alias = "possibleAnswerIds")]
    pub possible_answer_ids: Vec<i32>,
}

/// Body of `POST /api/healthcheck/survey`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SubmitBody {
    /// The invite code of the link.
    #[serde(rename = "InviteCode", alias = "inviteCode")]
    #[schema(value_type = String, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub invite_code: gbvf_commands::text::LineText,
    /// Answers; questions may be skipped.
    #[serde(rename = "Answers", alias = "answers")]
    pub answers: Vec<AnswerBody>,
}

/// `POST /api/healthcheck/survey` (anyone with the link; the session's CSRF token): records one
/// anonymous response as one `SurveyResponseSubmitted` event with the answers, the invite code
/// and the questionnaire version. Nothing about the respondent is stored: a second response
/// from the same browser is refused (409) because its key — an HMAC of the browser's random
/// cookie and the invite code — names the same aggregate. Before it, the period's
/// `health_check` aggregate admits the response (`SurveyResponseAdmitted`): it refuses once
/// the link has taken its cap (`response_cap`: expected responses plus a tenth, at least 5),
/// outside the period and when the organisation is no longer approved (a rejected
/// organisation's link is closed). At most 30 submissions per link and minute
/// (`limits::SURVEY_LINK`). 400 invalid answers; 404 unknown code; 409 answered already;
/// 410 closed or full; 429 too many through this link just now.
#[utoipa::path(post, path = "/api/healthcheck/survey", tag = "healthcheck", request_body = SubmitBody,
    responses((status = 200, description = "Thank you. Your response has been recorded.", body = Done), (status = 400, description = "Invalid answers"),
              (status = 404, description = "This survey link is not valid."), (status = 409, description = "You have already completed this survey."),
              (status = 410, description = "This survey is closed, or its link has taken all the responses it allows."),
              (status = 429, description = "Many responses are arriving through this survey link at the moment.")))]
pub async fn submit(
    State(s): State<AppState>,
    Extension(browser): Extension<BrowserId>,
    Json(b): Json<SubmitBody>,
) -> Result<Response, ApiError> {
    let p = period_of(&s, &b.invite_code).await?;
    if !p.open {
        return Ok(closed());
    }
    let def = load_questionnaire(&s, &p.questionnaire_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("questionnaire missing")))?;
    let answers: Vec<GivenAnswer> = b
        .answers
        .into_iter()
        .map(|a| GivenAnswer {
            question_id: a.question_id.into_string(),
            possible_answer_ids: a.possible_answer_ids,
        })
        .collect();
    let answers =
        SurveyAnswers::parse(&def, answers).map_err(|e| ApiError::bad("Answers", e.to_string()))?;
    // At most `SURVEY_LINK` attempts per link and minute, whoever sends them.
    let limit_key =
        crate::accounts::limits::key(s.secret.get(&s.pool).await?, &["survey", &b.invite_code]);
    if !crate::accounts::limits::hit(&s.pool, crate::accounts::limits::SURVEY_LINK, &limit_key)
        .await?
    {
        return Ok((
            StatusCode::TOO_MANY_REQUESTS,
            Json(json!({"success": false, "message": LINK_BUSY, "errors": [{"code": "inviteCode", "description": LINK_BUSY}]})),
        )
            .into_response());
    }
    let key = super::auth::csrf::mac(
        s.secret.get(&s.pool).await?,
        &format!("survey:{}", b.invite_code),
        &browser.0,
    );
    let id = format!("{}/{}", p.health_check_id, &key[..32]);
    // A browser that answered already is told so before it could take a place under the cap.
    let answered =
        gbvf_events::store::aggregate_history(&s.pool, SURVEY_RESPONSE_AGGREGATE, &id).await?;
    if !answered.is_empty() {
        return Err(ApiError::Conflict(SurveyError::Duplicate.to_string()));
    }
    // Example respondents (`gbvf examples load`) are marked by the example scope (mod.rs).
    let meta = || {
        EventMetadata::now(
            "anonymous",
            uuid::Uuid::new_v4().to_string(),
            "http:POST /api/healthcheck/survey",
        )
        .to_map()
    };
    // The period's aggregate admits the response within the link's cap; racing respondents
    // conflict on its sequence and try again, each try at the time it is made.
    let admitted = gbvf_commands::execute::execute_with(
        &s.health_check_cqrs,
        &p.health_check_id,
        || HealthCheckCommand::AdmitSurveyResponse {
            at: chrono::Utc::now(),
            organisation_approved: p.approved,
        },
        meta,
        ADMISSION_RETRY,
    )
    .await;
    match admitted {
        Ok(()) => {}
        Err(AggregateError::UserError(HealthCheckError::Closed)) => return Ok(closed()),
        Err(AggregateError::UserError(e @ HealthCheckError::Full(_))) => {
            return Ok(gone(&e.to_string()))
        }
        Err(AggregateError::UserError(e)) => return Err(ApiError::NotFound(e.to_string())),
        Err(AggregateError::AggregateConflict) => return Err(ApiError::Conflict(LINK_BUSY.into())),
        Err(e) => return Err(ApiError::Internal(anyhow::anyhow!("{e}"))),
    }
    let submit = SubmitSurveyResponse {
        health_check_id: p.health_check_id,
        invite_code: b.invite_code,
        answers,
    };
    match gbvf_commands::execute::execute(&s.survey_response_cqrs, &id, submit, meta()).await {
        Ok(()) => Ok(Json(Done::new(THANK_YOU)).into_response()),
        Err(AggregateError::UserError(SurveyError::Duplicate))
        | Err(AggregateError::AggregateConflict) => {
            Err(ApiError::Conflict(SurveyError::Duplicate.to_string()))
        }
        Err(AggregateError::UserError(e)) => Err(ApiError::bad("Answers", e.to_string())),
        Err(e) => Err(ApiError::Internal(anyhow::anyhow!("{e}"))),
    }
}

/// A health check's figures as the read model holds them: `actual` responses so far, and the
/// published figures (per-question totals and per-answer counts) of the first `published` of
/// them ([`published_responses`]).
struct Figures {
    actual: i64,
    published: i64,
    totals: QuestionTotals,
    counts: HashMap<(String, i32), i64>,
}

async fn figures(s: &AppState, id: &str) -> Result<Figures, ApiError> {
    let actual: i64 =
        sqlx::query_scalar("SELECT actual_responses FROM health_check WHERE health_check_id = $1")
            .bind(id)
            .fetch_optional(&s.pool)
            .await?
            .unwrap_or(0);
    let q: Vec<(String, i64, f64)> = sqlx::query_as("SELECT question_id, respondents, score_sum FROM health_check_question WHERE health_check_id = $1").bind(id).fetch_all(&s.pool).await?;
    let a: Vec<(String, i32, i64)> = sqlx::query_as("SELECT question_id, possible_answer_id, responses FROM health_check_answer WHERE health_check_id = $1").bind(id).fetch_all(&s.pool).await?;
    Ok(Figures {
        actual,
        published: published_responses(actual),
        totals: q.into_iter().map(|(q, n, sum)| (q, (n, sum))).collect(),
        counts: a.into_iter().map(|(q, a, n)| ((q, a), n)).collect(),
    })
}

/// Category scores and maturity of a health check's published figures, `None` below the
/// privacy threshold.
fn scores(def: &QuestionnairePublished, f: &Figures) -> Option<(BTreeMap<i32, f64>, Option<f64>)> {
    if f.published < MIN_RESPONSES {
        return None;
    }
    let c = category_scores(def, &f.totals);
    let m = maturity(&c);
    Some((c, m))
}

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
    /// People who answered it.
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

fn result_categories(
    def: &QuestionnairePublished,
    f: &Figures,
    only: Option<&[i32]>,
) -> Vec<CategoryResult> {
    let cats = category_scores(def, &f.totals);
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
                    let n = f.totals.get(&q.question_id).map(|t| t.0).unwrap_or(0);
                    let counts: Vec<i64> = q
                        .answers
                        .iter()
                        .map(|a| {
                            f.counts
                                .get(&(q.question_id.clone(), a.possible_answer_id))
                                .copied()
                                .unwrap_or(0)
                        })
                        .collect();
                    let hidden = if q.category_id == DEMOGRAPHIC {
                        suppressed_cells(q.question_type_id == 3, &counts)
                    } else {
                        vec![false; counts.len()]
                    };
                    let shown = |i: usize| {
                        (!hidden[i]).then(|| {
                            percent(if n > 0 {
                                counts[i] as f64 / n as f64
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
    /// Expected responses.
    pub expected_responses: i32,
    /// Responses so far.
    pub actual_responses: i64,
    /// Most responses the link takes: the expected responses plus a margin of a tenth, at
    /// least 5 (`response_cap`).
    pub response_cap: i64,
    /// True when the link has taken `responseCap` responses and refuses more.
    pub cap_reached: bool,
    /// Responses the results are computed from: the largest multiple of 5 not above
    /// `actualResponses` (results change only every 5 responses).
    pub results_as_of_responses: i64,
    /// True when the figures include example data (issue 12).
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
/// with participation, the link's cap, maturity and category scores, and the demographic cards
/// — scores and distributions only from 5 responses up, in steps of 5 and as percentages, as
/// in [`organisational_result`]. The invite code is given to holders of AddSurveyLink
/// or SetSurveyEffectiveDate only.
#[utoipa::path(get, path = "/api/healthcheck/getOrganisationHealthChecks", tag = "healthcheck", params(OrganisationQuery),
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
    let (name, org_type): (String, i32) = sqlx::query_as(
        "SELECT name, organisation_type_id FROM organisation WHERE organisation_id = $1",
    )
    .bind(&org)
    .fetch_optional(&s.pool)
    .await?
    .ok_or_else(|| ApiError::NotFound("Your organisation was not found.".into()))?;
    let type_id = q.questionnaire_type_id.unwrap_or(1);
    let show_code = u.can(AddSurveyLink) || u.can(SetSurveyEffectiveDate);
    let rows: Vec<PeriodRow> = sqlx::query_as(
        "SELECT health_check_id, questionnaire_id, questionnaire_type_id, effective_from, effective_to, invite_code, expected_responses,
                actual_responses, now() BETWEEN effective_from AND effective_to, example
         FROM health_check WHERE organisation_id = $1 AND questionnaire_type_id = $2 ORDER BY effective_from DESC",
    )
    .bind(&org).bind(type_id).fetch_all(&s.pool).await?;
    let mut list = Vec::new();
    for (id, qid, t, from, to, code, expected, actual, current, example) in rows {
        let def = load_questionnaire(&s, &qid)
            .await?
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("questionnaire missing")))?;
        let f = figures(&s, &id).await?;
        let sc = scores(&def, &f);
        let (y, qn) = quarter_of(from);
        list.push(OrganisationHealthCheck {
            health_check_id: id,
            questionnaire: format!("{} — {y} Q{qn}", def.description),
            questionnaire_id: qid,
            questionnaire_version: def.version,
            questionnaire_type: questionnaire_type(t),
            questionnaire_type_id: t,
            is_current: current,
            effective_from: from,
            effective_to: to,
            invite_code: show_code.then(|| code.clone()),
            url: show_code.then(|| survey_url(&s, &code)),
            expected_responses: expected,
            actual_responses: actual,
            response_cap: response_cap(expected as i64),
            cap_reached: actual >= response_cap(expected as i64),
            results_as_of_responses: f.published,
            example,
            results_available: sc.is_some(),
            message: sc.is_none().then_some(TOO_FEW),
            overall_maturity: sc.as_ref().and_then(|(_, m)| m.map(percent)),
            question_categories: if sc.is_some() {
                result_categories(&def, &f, Some(&[1, 2, 3, 5][..]))
            } else {
                vec![]
            },
        });
    }
    Ok(Json(OrganisationHealthChecksAnswer {
        success: true,
        data: OrganisationHealthChecks {
            organisation_id: org,
            organisation_name: name,
            organisation_type_id: org_type,
            students_offered: org_type == 4,
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
    /// Responses so far, under the specification's misspelt name (admin spec §7).
    pub actual_responeses: i64,
    /// Responses so far.
    pub actual_responses: i64,
    /// Expected responses.
    pub expected_responses: i32,
    /// Responses the results are computed from: the largest multiple of 5 not above the
    /// responses so far (results change only every 5 responses).
    pub results_as_of_responses: i64,
    /// True when the figures include example data (issue 12).
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
/// first `resultsAsOfResponses` responses — the largest multiple of 5 received — so two
/// readings never differ by one respondent; demographic answers chosen by fewer than 5 are
/// suppressed (`suppressed_cells`). Below 5 responses it answers `resultsAvailable: false`
/// with the reason and no distribution.
#[utoipa::path(post, path = "/api/healthcheck/organisationalResult", tag = "healthcheck", request_body = ResultBody,
    responses((status = 200, description = "The results", body = OrganisationalResultAnswer),
              (status = 403, description = "You do not have permission to perform this action."), (status = 404, description = "Unknown health check")))]
pub async fn organisational_result(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<ResultBody>,
) -> Result<Json<OrganisationalResultAnswer>, ApiError> {
    let row: Option<(String, String, i32, i32, bool, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "SELECT organisation_id, questionnaire_id, questionnaire_type_id, expected_responses, example, effective_from FROM health_check WHERE health_check_id = $1",
    )
    .bind(&b.health_check_id).fetch_optional(&s.pool).await?;
    let (org, qid, t, expected, example, from) =
        row.ok_or_else(|| ApiError::NotFound("No health check has this id.".into()))?;
    let own = user_organisation(&s, &u).await?.as_deref() == Some(org.as_str());
    if !(u.can(ViewOrganisationalSurveyResults) || (own && u.can(ViewYourOrganisationSurveyResult)))
    {
        return Err(ApiError::Forbidden);
    }
    if b.questionnaire_type_id.is_some_and(|x| x != t) {
        return Err(ApiError::bad(
            "QuestionnaireTypeId",
            "This health check belongs to the other survey audience.",
        ));
    }
    let def = load_questionnaire(&s, &qid)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("questionnaire missing")))?;
    let f = figures(&s, &b.health_check_id).await?;
    let sc = scores(&def, &f);
    let (y, qn) = quarter_of(from);
    Ok(Json(OrganisationalResultAnswer {
        success: true,
        data: OrganisationalResult {
            health_check_id: b.health_check_id,
            questionnaire: format!("{} — {y} Q{qn}", def.description),
            questionnaire_id: qid,
            questionnaire_version: def.version,
            questionnaire_type: questionnaire_type(t),
            questionnaire_type_id: t,
            actual_responeses: f.actual,
            actual_responses: f.actual,
            expected_responses: expected,
            results_as_of_responses: f.published,
            example,
            results_available: sc.is_some(),
            message: sc.is_none().then_some(TOO_FEW),
            overall_maturity: sc.as_ref().and_then(|(_, m)| m.map(percent)),
            question_categories: if sc.is_some() {
                result_categories(&def, &f, None)
            } else {
                vec![]
            },
        },
    }))
}

/// One questionnaire version's participation (admin spec §3 "Summarised health check").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionnaireSummary {
    /// The questionnaire version id (the same as `questionnaireId`).
    pub health_check_id: String,
    /// The questionnaire version id.
    pub questionnaire_id: String,
    /// Its title.
    pub questionnaire_description: String,
    /// Staff 1 or Students 2.
    pub questionnaire_type_id: i32,
    /// "Staff" or "Students".
    pub questionnaire_type: &'static str,
    /// Start of its active dates.
    pub effective_from: chrono::DateTime<chrono::Utc>,
    /// End of its active dates.
    pub effective_to: chrono::DateTime<chrono::Utc>,
    /// The latest link's invite code; null before any.
    #[schema(required = true)]
    pub invite_code: Option<String>,
    /// True before `effectiveTo`.
    pub is_current: bool,
    /// Responses over its survey periods.
    pub total_actual_responses: i64,
    /// Expected responses over its survey periods.
    pub total_expected_responses: i64,
    /// Approved organisations it is offered to.
    pub total_organisations: i64,
    /// Organisations with at least one response.
    pub total_participated_organisations: i64,
    /// True when the figures include example data (issue 12).
    pub example: bool,
}

/// The answer of [`summarised`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct QuestionnaireSummaries {
    /// Always `true`.
    pub success: bool,
    /// Per questionnaire version, newest first per type.
    pub data: Vec<QuestionnaireSummary>,
}

/// `GET /api/healthcheck/getSummarisedHealthCheck` (WorldOfImpactAdmin, or HealthCheckAdmin of
/// no organisation):
/// per questionnaire version (admin spec §3 "Summarised health check"): responses against
/// expected over its survey periods, approved organisations, and organisations that took part;
/// `inviteCode` is the latest link of the version (for the manager's Preview), null before any.
#[utoipa::path(get, path = "/api/healthcheck/getSummarisedHealthCheck", tag = "healthcheck",
    responses((status = 200, description = "Participation per questionnaire version", body = QuestionnaireSummaries),
              (status = 403, description = "You do not have permission to perform this action.")))]
pub async fn summarised(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
) -> Result<Json<QuestionnaireSummaries>, ApiError> {
    // Figures and links of every organisation: not for an organisation's designated person.
    if !u.can(WorldOfImpactAdmin) && user_organisation(&s, &u).await?.is_some() {
        return Err(ApiError::Forbidden);
    }
    let rows: Vec<SummaryRow> = sqlx::query_as(
        "SELECT q.questionnaire_id, q.description, q.questionnaire_type_id, q.effective_from, q.effective_to, q.effective_to > now(),
                coalesce(sum(h.actual_responses), 0)::bigint, coalesce(sum(h.expected_responses), 0)::bigint,
                (SELECT count(*) FROM organisation o WHERE o.verification_status_id = 3
                    AND (q.questionnaire_type_id = 1 OR o.organisation_type_id = 4)),
                count(DISTINCT h.organisation_id) FILTER (WHERE h.actual_responses > 0), coalesce(bool_or(h.example), false),
                (SELECT l.invite_code FROM health_check l WHERE l.questionnaire_id = q.questionnaire_id
                  ORDER BY l.opened_at DESC LIMIT 1)
         FROM questionnaire q LEFT JOIN health_check h ON h.questionnaire_id = q.questionnaire_id
         GROUP BY q.questionnaire_id, q.description, q.questionnaire_type_id, q.effective_from, q.effective_to, q.version ORDER BY q.questionnaire_type_id, q.version DESC",
    )
    .fetch_all(&s.pool)
    .await?;
    let data = rows
        .into_iter()
        .map(
            |(id, d, t, f, to, cur, act, exp, orgs, part, ex, code)| QuestionnaireSummary {
                health_check_id: id.clone(),
                questionnaire_id: id,
                questionnaire_description: d,
                questionnaire_type_id: t,
                questionnaire_type: questionnaire_type(t),
                effective_from: f,
                effective_to: to,
                invite_code: code,
                is_current: cur,
                total_actual_responses: act,
                total_expected_responses: exp,
                total_organisations: orgs,
                total_participated_organisations: part,
                example: ex,
            },
        )
        .collect();
    Ok(Json(QuestionnaireSummaries {
        success: true,
        data,
    }))
}

/// The Surveys card of the admin dashboard (admin spec §1): organisations that took part in a
/// current period, approved organisations come from the caller, responses against expected over
/// current periods, and the last change.
pub async fn surveys_card(
    pool: &sqlx::PgPool,
) -> Result<(i64, i64, i64, Option<chrono::DateTime<chrono::Utc>>, bool), ApiError> {
    Ok(sqlx::query_as(
        "SELECT count(DISTINCT organisation_id) FILTER (WHERE actual_responses > 0 AND effective_to > now()),
                coalesce(sum(actual_responses) FILTER (WHERE effective_to > now()), 0)::bigint,
                coalesce(sum(expected_responses) FILTER (WHERE effective_to > now()), 0)::bigint,
                max(greatest(opened_at, last_response_at)), coalesce(bool_or(example), false)
         FROM health_check",
    )
    .fetch_one(pool)
    .await?)
}

/// Query of the public statistics.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatsQuery {
    /// Boundary (nation 1 when absent).
    #[serde(rename = "boundaryId")]
    #[param(minimum = 1)]
    pub boundary_id: Option<i64>,
    /// Quarter as `2026Q3`; the dashboard's current quarter (the previous calendar quarter,
    /// admin spec §9) when absent.
    #[param(pattern = "^[0-9]{4}Q[1-4]$")]
    pub quarter: Option<String>,
}

/// `GET /api/healthcheck/stats?boundaryId=&quarter=` (public): health-check participation in a
/// boundary. `healthCheckStats` per organisation type for the quarter (Reach pie:
/// organisationCount of approved organisations; participatingOrganisations;
/// totalActualResponses; overalMaturity), `byQuarter` (Number of surveys completed by quarter
/// with participating organisations and overall maturity), and `containedBoundaryData` per
/// child boundary for the map. A maturity is given only when at least 3 organisations with at
/// least 5 responses each contribute; it is their maturity averaged with their responses as
/// weights (admin spec §9). `example` is true when any figure includes example data.
#[utoipa::path(get, path = "/api/healthcheck/stats", tag = "healthcheck", operation_id = "healthCheckStats", params(StatsQuery),
    responses((status = 200, description = "The figures", body = HealthCheckStatsAnswer),
              (status = 400, description = "Bad quarter"), (status = 404, description = "Unknown boundary")))]
pub async fn stats(
    State(s): State<AppState>,
    Query(q): Query<StatsQuery>,
) -> Result<Json<HealthCheckStatsAnswer>, ApiError> {
    let data = public_stats(&s, q.boundary_id.unwrap_or(1), q.quarter.as_deref()).await?;
    Ok(Json(HealthCheckStatsAnswer {
        success: true,
        data,
    }))
}

/// The answer of `GET /api/healthcheck/stats`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct HealthCheckStatsAnswer {
    /// Always `true`.
    pub success: bool,
    /// The figures.
    pub data: HealthCheckStats,
}

/// The public health-check figures of a boundary in one quarter (public spec §3 "Health check
/// data"; the health-check read model). Maturity is `null` unless at least 3 organisations with
/// at least 5 responses each contribute (the privacy rule, `MIN_ORGANISATIONS`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HealthCheckStats {
    /// The boundary.
    pub boundary_id: i64,
    /// `2026 Q3`.
    pub period: String,
    /// `2026Q3`.
    #[schema(pattern = "^[0-9]{4}Q[1-4]$")]
    pub quarter: String,
    /// The quarter's figures over all organisation types.
    pub overall: Participation,
    /// Per organisation type (the Reach pie and maturity per type).
    pub health_check_stats: Vec<OrganisationTypeStat>,
    /// Participation per quarter with responses, oldest first.
    pub by_quarter: Vec<QuarterStat>,
    /// Per child boundary with responses in the quarter.
    pub contained_boundary_data: Vec<AreaStat>,
    /// Whether any figure comes from example data.
    pub example: bool,
    /// Approved organisations in the boundary.
    pub total_organisations: i64,
    /// `overall.participatingOrganisations`.
    pub total_participating_organisations: i64,
    /// `overall.totalActualResponses` (`null` with fewer than 3 organisations taking part).
    #[schema(required)]
    pub total_actual_responses: Option<i64>,
    /// Responses expected in the quarter.
    pub total_expected_responses: i64,
    /// The privacy rule, for people.
    pub note: String,
}

/// Participation and maturity of a set of organisations in a quarter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Participation {
    /// Organisations with responses.
    pub participating_organisations: i64,
    /// Responses; `null` where fewer than 3 organisations take part, since one organisation
    /// could be alone there.
    #[schema(required)]
    pub total_actual_responses: Option<i64>,
    /// Maturity in whole percent, or `null` under the privacy rule (spelled as the
    /// specification spells it). It is the figure last published for this group: it changes
    /// only when at least 3 contributing organisations have joined or left since.
    #[schema(required)]
    pub overal_maturity: Option<f64>,
}

/// One group of organisations in the public figures (a boundary's quarter, an organisation
/// type, a child area): organisations taking part, their responses, the organisations whose
/// maturity contributes, and their combined maturity now (percent; `None` under the privacy
/// rule).
struct Group {
    participating: i64,
    responses: i64,
    scored: std::collections::BTreeSet<String>,
    value: Option<f64>,
}

/// The maturity to show for each group (by key `<boundary>/<year>Q<n>/<all|type:t|area:id>`):
/// the last published figure of `health_check_public_figure`, replaced (and stored) when
/// [`public_figure`] says so. Concurrent readers store the same figure.
async fn published_figures(
    s: &AppState,
    groups: &[(String, Group)],
) -> Result<HashMap<String, Option<f64>>, ApiError> {
    let keys: Vec<&String> = groups.iter().map(|(k, _)| k).collect();
    let last = gbvf_projections::healthcheck::public_figures(&s.pool, &keys).await?;
    let mut shown = HashMap::new();
    let (mut new_keys, mut new_sets, mut new_values) = (Vec::new(), Vec::new(), Vec::new());
    for (key, g) in groups {
        let (figure, publish) =
            public_figure(last.get(key).map(|(set, m)| (set, *m)), &g.scored, g.value);
        if publish {
            new_keys.push(key.clone());
            new_sets
                .push(serde_json::to_value(&g.scored).map_err(|e| ApiError::Internal(e.into()))?);
            new_values.push(figure);
        }
        shown.insert(key.clone(), figure);
    }
    gbvf_projections::healthcheck::publish_figures(&s.pool, &new_keys, &new_sets, &new_values)
        .await?;
    Ok(shown)
}

/// One organisation type's figures in the quarter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationTypeStat {
    /// Its participation and maturity.
    #[serde(flatten)]
    pub participation: Participation,
    /// Organisation type id.
    pub organisation_type_id: i32,
    /// Its name.
    pub description: String,
    /// Approved organisations of the type in the boundary.
    pub organisation_count: i64,
    /// `2026Q3`.
    pub quarter: String,
}

/// Participation in one quarter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct QuarterStat {
    /// Its participation and maturity.
    #[serde(flatten)]
    pub participation: Participation,
    /// `2026Q3`.
    pub quarter: String,
}

/// One child boundary's figures in the quarter.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaStat {
    /// Its participation and maturity.
    #[serde(flatten)]
    pub participation: Participation,
    /// The child boundary.
    pub boundary_id: i64,
}

/// The `data` of [`stats`] for `boundary` and `quarter` (`2026Q3`; the dashboard's current
/// quarter when `None`); also the `healthCheck` part of `/api/dashboard`. Errors: 404 unknown
/// boundary, 400 malformed quarter.
pub async fn public_stats(
    s: &AppState,
    boundary: i64,
    quarter: Option<&str>,
) -> Result<HealthCheckStats, ApiError> {
    let level: String = sqlx::query_scalar("SELECT level FROM boundary WHERE boundary_id = $1")
        .bind(boundary)
        .fetch_optional(&s.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound("No boundary has this id.".into()))?;
    let (qy, qq) = match quarter {
        Some(t) => {
            let bad = || ApiError::bad("quarter", "quarter must look like 2026Q3.");
            let (y, n) = t.split_once('Q').ok_or_else(bad)?;
            // Four digits, `Q`, one digit: what the answer's `quarter` echoes (its schema's
            // pattern `^[0-9]{4}Q[1-4]$`); `0273Q3` or `2026Q+3` are refused, not rewritten.
            if y.len() != 4
                || n.len() != 1
                || !y.bytes().chain(n.bytes()).all(|b| b.is_ascii_digit())
                || y.starts_with('0')
            {
                return Err(bad());
            }
            let (y, n) = (
                y.parse::<i32>().map_err(|_| bad())?,
                n.parse::<u32>().map_err(|_| bad())?,
            );
            if !(1..=4).contains(&n) {
                return Err(bad());
            }
            (y, n)
        }
        None => current_dashboard_quarter(chrono::Utc::now()),
    };
    let child = match level.as_str() {
        "national" | "nation" => Some("province_id"),
        "province" => Some("district_id"),
        "district" => Some("municipality_id"),
        _ => None,
    };
    // Per organisation and quarter: responses, maturity inputs; computed here from the read model.
    let rows: Vec<ParticipationRow> = sqlx::query_as(
        "SELECT h.organisation_id, o.organisation_type_id, o.province_id, o.district_id, o.municipality_id, h.health_check_id, h.questionnaire_id,
                h.effective_from, h.actual_responses, h.example, h.expected_responses
         FROM health_check h JOIN organisation o ON o.organisation_id = h.organisation_id
         WHERE ($1 = 1 OR $1 IN (o.province_id, o.district_id, o.municipality_id)) AND h.actual_responses > 0",
    )
    .bind(boundary).fetch_all(&s.pool).await?;
    let mut defs: HashMap<String, QuestionnairePublished> = HashMap::new();
    // (org, type, child boundary, quarter, responses, maturity if ≥ 5 responses)
    let mut per: Vec<OrganisationQuarter> = Vec::new();
    let mut example = false;
    for (org, t, p, d, m, hc, qid, from, actual, ex, expected) in rows {
        if !defs.contains_key(&qid) {
            if let Some(def) = load_questionnaire(s, &qid).await? {
                defs.insert(qid.clone(), def);
            }
        }
        let f = figures(s, &hc).await?;
        let mat = defs
            .get(&qid)
            .and_then(|def| scores(def, &f))
            .and_then(|(_, m)| m);
        let c = match child {
            Some("province_id") => p,
            Some("district_id") => d,
            Some(_) => m,
            None => None,
        };
        example |= ex;
        per.push((org, t, c, quarter_of(from), actual, mat, expected as i64));
    }
    // Each group's participation and its current figure; the figure shown is the last one
    // published for the group unless enough organisations changed (`public_figure`).
    let combine = |items: &[&OrganisationQuarter]| -> Group {
        let orgs: std::collections::BTreeSet<&String> = items.iter().map(|x| &x.0).collect();
        let responses: i64 = items.iter().map(|x| x.4).sum();
        let scored: Vec<_> = items.iter().filter_map(|x| x.5.map(|m| (x, m))).collect();
        let scored_orgs: std::collections::BTreeSet<String> =
            scored.iter().map(|(x, _)| x.0.clone()).collect();
        // Weighted by the responses each organisation's published figures come from.
        let weight: i64 = scored.iter().map(|(x, _)| published_responses(x.4)).sum();
        let value = if scored_orgs.len() as i64 >= MIN_ORGANISATIONS && weight > 0 {
            Some(percent(
                scored
                    .iter()
                    .map(|(x, m)| m * published_responses(x.4) as f64)
                    .sum::<f64>()
                    / weight as f64,
            ))
        } else {
            None
        };
        Group {
            participating: orgs.len() as i64,
            responses,
            scored: scored_orgs,
            value,
        }
    };
    let quarter_key = |y: i32, q: u32| format!("{boundary}/{y}Q{q}");
    let approved: Vec<(i32, i64)> = sqlx::query_as(
        "SELECT organisation_type_id, count(*) FROM organisation WHERE verification_status_id = 3
           AND ($1 = 1 OR $1 IN (province_id, district_id, municipality_id)) GROUP BY 1",
    )
    .bind(boundary)
    .fetch_all(&s.pool)
    .await?;
    let in_quarter: Vec<_> = per.iter().filter(|x| x.3 == (qy, qq)).collect();
    let mut groups: Vec<(String, Group)> = Vec::new();
    let overall_key = format!("{}/all", quarter_key(qy, qq));
    groups.push((overall_key.clone(), combine(&in_quarter)));
    for (t, _) in ORGANISATION_TYPES {
        let items: Vec<_> = in_quarter.iter().copied().filter(|x| x.1 == *t).collect();
        groups.push((format!("{}/type:{t}", quarter_key(qy, qq)), combine(&items)));
    }
    let mut quarters: Vec<(i32, u32)> = per.iter().map(|x| x.3).collect();
    quarters.sort();
    quarters.dedup();
    for qt in &quarters {
        let items: Vec<_> = per.iter().filter(|x| x.3 == *qt).collect();
        let key = format!("{}/all", quarter_key(qt.0, qt.1));
        if key != overall_key {
            groups.push((key, combine(&items)));
        }
    }
    let mut children: Vec<i64> = in_quarter.iter().filter_map(|x| x.2).collect();
    children.sort();
    children.dedup();
    for c in &children {
        let items: Vec<_> = in_quarter
            .iter()
            .copied()
            .filter(|x| x.2 == Some(*c))
            .collect();
        groups.push((format!("{}/area:{c}", quarter_key(qy, qq)), combine(&items)));
    }
    let shown = published_figures(s, &groups).await?;
    let participation = |key: &str| -> Participation {
        let g = &groups.iter().find(|(k, _)| k == key).expect("grouped").1;
        Participation {
            participating_organisations: g.participating,
            // Withheld where fewer than 3 organisations take part: one could be alone.
            total_actual_responses: (g.participating >= MIN_ORGANISATIONS).then_some(g.responses),
            overal_maturity: shown.get(key).copied().flatten(),
        }
    };
    let by_type: Vec<OrganisationTypeStat> = ORGANISATION_TYPES
        .iter()
        .map(|(t, d)| OrganisationTypeStat {
            participation: participation(&format!("{}/type:{t}", quarter_key(qy, qq))),
            organisation_type_id: *t,
            description: d.to_string(),
            organisation_count: approved
                .iter()
                .find(|(x, _)| x == t)
                .map(|(_, n)| *n)
                .unwrap_or(0),
            quarter: format!("{qy}Q{qq}"),
        })
        .collect();
    let by_quarter: Vec<QuarterStat> = quarters
        .iter()
        .map(|qt| QuarterStat {
            participation: participation(&format!("{}/all", quarter_key(qt.0, qt.1))),
            quarter: format!("{}Q{}", qt.0, qt.1),
        })
        .collect();
    let contained: Vec<AreaStat> = children
        .iter()
        .map(|c| AreaStat {
            participation: participation(&format!("{}/area:{c}", quarter_key(qy, qq))),
            boundary_id: *c,
        })
        .collect();
    let overall = participation(&overall_key);
    let total_organisations: i64 = approved.iter().map(|(_, n)| n).sum();
    let total_expected: i64 = in_quarter.iter().map(|x| x.6).sum();
    Ok(HealthCheckStats {
        boundary_id: boundary,
        period: format!("{qy} Q{qq}"),
        quarter: format!("{qy}Q{qq}"),
        health_check_stats: by_type,
        by_quarter,
        contained_boundary_data: contained,
        example,
        total_organisations,
        total_participating_organisations: overall.participating_organisations,
        total_actual_responses: overall.total_actual_responses,
        total_expected_responses: total_expected,
        overall,
        note: "Maturity is shown only where at least 3 organisations with at least 5 responses each contribute, in whole percent, and changes only when at least 3 organisations have joined or left. Response counts are shown where at least 3 organisations take part.".into(),
    })
}
