//! The anonymous survey (admin spec §2 "Survey"): the questions behind an invite link, and a
//! respondent's submission, admitted by the survey period under the link's cap.

use crate::http::auth::csrf::BrowserId;
use crate::http::error::{ApiError, Done};
use crate::http::health_check::category_name;
use crate::http::health_check::load_questionnaire;
use crate::http::health_check::question_type;
use crate::http::health_check::questionnaire_type;
use crate::http::health_check::CLOSED;
use crate::http::health_check::LINK_BUSY;
use crate::http::health_check::THANK_YOU;
use crate::http::health_check::UNKNOWN_CODE;
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use cqrs_es::AggregateError;
use gbvf_commands::health_check::submission::{record_survey_response, SubmissionRefused};
use gbvf_commands::health_check::{
    HealthCheckCommand, HealthCheckError, SubmitSurveyResponse, SurveyAnswers, SurveyError,
};
use gbvf_events::health_check::{GivenAnswer, QuestionnairePublished, SURVEY_RESPONSE_AGGREGATE};
use gbvf_events::health_check_translation::ORIGINAL_LANGUAGE;
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::health_check::queries::survey_period_of_link;
use gbvf_projections::health_check::queries_translations::{
    offered_languages, offered_translation,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;

/// How a response's admission by its survey period is retried when respondents race for
/// the link's places: 51 tries, the pause after the `n`th conflict random below `5 × (n + 1)`
/// ms, so a burst through one link is admitted rather than answered [`LINK_BUSY`].
pub(super) const ADMISSION_RETRY: gbvf_commands::execute::Retry = gbvf_commands::execute::Retry {
    tries: 51,
    jitter_ms: 5,
};

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
    /// The respondent's language (a BCP 47 tag such as `zu` or `zu-ZA`; its primary subtag
    /// counts): the questions and answers come in that language when a reviewed translation
    /// of the questionnaire version into it is offered, else in English
    /// (docs/decisions/0074-questionnaire-translations.md).
    #[serde(default)]
    pub language: Option<String>,
}

/// The survey period behind an invite link, as a submission needs it.
pub(crate) struct Period {
    /// The period's id.
    pub health_check_id: String,
    /// Its questionnaire version.
    pub questionnaire_id: String,
    organisation_name: String,
    /// Within its dates and its organisation approved.
    pub open: bool,
    /// Its organisation is approved (a rejected organisation's link closes).
    approved: bool,
    example: bool,
}

/// The period of the link `code`, or 404 ([`UNKNOWN_CODE`]).
pub(crate) async fn period_of(
    db: impl sqlx::PgExecutor<'_>,
    code: &str,
) -> Result<Period, ApiError> {
    let p = survey_period_of_link(db, code)
        .await?
        .ok_or_else(|| ApiError::NotFound(UNKNOWN_CODE.into()))?;
    Ok(Period {
        health_check_id: p.health_check_id,
        questionnaire_id: p.questionnaire_id,
        organisation_name: p.organisation_name,
        open: p.in_dates && p.organisation_approved,
        approved: p.organisation_approved,
        example: p.example,
    })
}

pub(super) fn closed() -> Response {
    gone(CLOSED)
}

/// 410 with `message`: the link no longer takes responses.
pub(super) fn gone(message: &str) -> Response {
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
    /// This browser answered this survey already (its response key exists), so it is told
    /// before answering everything again; always `false` in a preview. Only this browser can
    /// learn it: the key is an HMAC of its own cookie.
    pub already_answered: bool,
    /// The language of the questionnaire's title, questions and answers: the one asked for
    /// when a reviewed translation into it is offered, else `en`.
    pub language: String,
    /// `en` and every language into which this version has a reviewed translation offered.
    pub languages: Vec<String>,
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

/// `GET /api/healthcheck/survey?inviteCode=&Preview=&language=` (anyone with the link): the
/// questions of the link's questionnaire version, grouped by category, without scores, in the
/// respondent's language when a reviewed translation into it is offered (else English; the
/// answer's `language` says which). 404 for an unknown code; 410 when the period is closed
/// (unless `Preview=true`).
#[utoipa::path(get, path = "/api/healthcheck/survey", operation_id = "getSurvey", tag = "healthcheck", params(SurveyQuery),
    responses((status = 200, description = "The questions, by category", body = SurveyAnswer),
              (status = 404, description = "This survey link is not valid."), (status = 410, description = "This survey is closed.")))]
pub async fn survey(
    State(s): State<AppState>,
    browser: Option<Extension<BrowserId>>,
    Query(q): Query<SurveyQuery>,
) -> Result<Response, ApiError> {
    let p = period_of(&s.pool, &q.invite_code).await?;
    let preview = q.preview.unwrap_or(false);
    if !p.open && !preview {
        return Ok(closed());
    }
    let already_answered = match browser {
        Some(Extension(browser)) if !preview => {
            let id = response_id(&s, &p.health_check_id, &q.invite_code, &browser).await?;
            !gbvf_events::store::aggregate_history(&s.pool, SURVEY_RESPONSE_AGGREGATE, &id)
                .await?
                .is_empty()
        }
        _ => false,
    };
    let published = load_questionnaire(&s, &p.questionnaire_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("questionnaire missing")))?;
    // Translated below: a copy of the version every respondent shares.
    let mut def = QuestionnairePublished::clone(&published);
    let mut languages = vec![ORIGINAL_LANGUAGE.to_string()];
    languages.extend(offered_languages(&s.pool, &def.questionnaire_id).await?);
    let language = translate(&s, &mut def, q.language.as_deref(), &languages).await?;
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
            already_answered,
            language,
            languages,
            question_categories,
        },
    })
    .into_response())
}

/// Puts the texts of the reviewed translation of `def` into `language` (its primary subtag,
/// lower case) in place of the English ones, by question and answer id, and returns the
/// language of the texts: `language` when such a translation is offered (it is one of
/// `offered`, read once per request; no query otherwise), else `en`. The ids stay those of the
/// questionnaire, so answers given in any language count together.
pub(crate) async fn translate(
    s: &AppState,
    def: &mut gbvf_events::health_check::QuestionnairePublished,
    language: Option<&str>,
    offered: &[String],
) -> Result<String, ApiError> {
    let primary = language
        .and_then(|l| l.split(['-', '_']).next())
        .map(|l| l.trim().to_ascii_lowercase())
        .unwrap_or_default();
    // A language subtag is two or three letters (BCP 47); anything else (a NUL byte, a long
    // value) is no language asked for.
    let subtag =
        (2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_lowercase());
    if !subtag || primary == ORIGINAL_LANGUAGE || !offered.contains(&primary) {
        return Ok(ORIGINAL_LANGUAGE.into());
    }
    let Some(t) = offered_translation(&s.pool, &def.questionnaire_id, &primary).await? else {
        return Ok(ORIGINAL_LANGUAGE.into());
    };
    def.description = t.title;
    for question in &mut def.questions {
        let Some(tq) = t
            .questions
            .iter()
            .find(|x| x.question_id == question.question_id)
        else {
            continue;
        };
        question.description = tq.description.clone();
        for answer in &mut question.answers {
            if let Some(ta) = tq
                .answers
                .iter()
                .find(|x| x.possible_answer_id == answer.possible_answer_id)
            {
                answer.description = ta.description.clone();
            }
        }
    }
    Ok(t.language)
}

/// The survey-response aggregate id of `browser`'s response through link `invite_code` of
/// period `health_check_id`: `<health_check_id>/<32 hex digits>`, the digits an HMAC (under
/// the installation secret) of the browser's random cookie and the code, so one browser has
/// one key per link and nobody can tell two keys' browsers apart or back to a cookie.
async fn response_id(
    s: &AppState,
    health_check_id: &str,
    invite_code: &str,
    browser: &BrowserId,
) -> Result<String, ApiError> {
    let key = crate::http::auth::csrf::mac(
        s.secret.get(&s.pool).await?,
        &format!("survey:{invite_code}"),
        &browser.0,
    );
    Ok(format!("{health_check_id}/{}", &key[..32]))
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
    /// A key the phone created when the survey started (a UUID): the same key sent again is
    /// the same response, recorded once and answered 200 each time (a retry after a lost
    /// answer, a queued response sent from a second tab). Optional.
    #[serde(rename = "ResponseKey", alias = "responseKey", default)]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub response_key: Option<uuid::Uuid>,
}

/// `POST /api/healthcheck/survey` (anyone with the link; the session's CSRF token): records one
/// anonymous response as one `SurveyResponseSubmitted` event with the answers, the invite code
/// and the questionnaire version. Nothing about the respondent is stored: a second response
/// from the same browser is refused (409) because its key — an HMAC of the browser's random
/// cookie and the invite code — names the same aggregate; the same response sent again with
/// its `ResponseKey` is answered 200 and recorded once
/// (docs/decisions/0079-exactly-once-survey-responses.md). With it, and stored together with it, the
/// period's `health_check` aggregate admits the response (`SurveyResponseAdmitted`): it refuses once the link has taken its
/// cap (`response_cap`: expected responses plus a tenth, at least 5), outside the period and when
/// the organisation is no longer approved (a rejected organisation's link is closed). At most 30
/// submissions per link and minute (`limits::SURVEY_LINK`). 400 invalid answers; 404 unknown code;
/// 409 answered already; 410 closed or full; 429 too many through this link just now.
#[utoipa::path(post, path = "/api/healthcheck/survey", operation_id = "submitSurvey", tag = "healthcheck", request_body = SubmitBody,
    responses((status = 200, description = "Thank you. Your response has been recorded.", body = Done), (status = 400, description = "Invalid answers"),
              (status = 404, description = "This survey link is not valid."), (status = 409, description = "You have already completed this survey."),
              (status = 410, description = "This survey is closed, or its link has taken all the responses it allows."),
              (status = 429, description = "Many responses are arriving through this survey link at the moment.")))]
pub async fn submit(
    State(s): State<AppState>,
    Extension(browser): Extension<BrowserId>,
    Json(b): Json<SubmitBody>,
) -> Result<Response, ApiError> {
    // One connection for the whole submission (each release of a pooled connection costs a
    // round trip), given back only while a retry of the admission pauses.
    let mut connection = s.pool.acquire().await?;
    let p = period_of(&mut *connection, &b.invite_code).await?;
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
    let id = response_id(&s, &p.health_check_id, &b.invite_code, &browser).await?;
    // The key is kept only as an HMAC under the server's secret.
    let response_key = match b.response_key {
        Some(k) => Some(crate::accounts::limits::key(
            s.secret.get(&s.pool).await?,
            &["survey-response-key", &k.to_string()],
        )),
        None => None,
    };
    let outcome =
        record_response(&s, connection, &p, b.invite_code, answers, id, response_key).await?;
    Ok(match outcome {
        Recorded::Yes => Json(Done::new(THANK_YOU)).into_response(),
        Recorded::Busy => (
            StatusCode::TOO_MANY_REQUESTS,
            Json(json!({"success": false, "message": LINK_BUSY, "errors": [{"code": "inviteCode", "description": LINK_BUSY}]})),
        )
            .into_response(),
        Recorded::Closed => closed(),
        Recorded::Full(message) => gone(&message),
        Recorded::NoPeriod(message) => return Err(ApiError::NotFound(message)),
        Recorded::Duplicate => return Err(ApiError::Conflict(SurveyError::Duplicate.to_string())),
        Recorded::Invalid(message) => return Err(ApiError::bad("Answers", message)),
        Recorded::Raced => return Err(ApiError::Conflict(LINK_BUSY.into())),
    })
}

/// What became of a survey response, whichever way it was sent (a browser or a phone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Recorded {
    /// Recorded (or the same response, by its key, recorded before).
    Yes,
    /// Too many responses through the link this minute ([`LINK_BUSY`]).
    Busy,
    /// The period is closed, or its organisation no longer approved ([`CLOSED`]).
    Closed,
    /// The link has taken its cap; the message says so.
    Full(String),
    /// The period does not exist (the message says why).
    NoPeriod(String),
    /// This respondent answered through this link already.
    Duplicate,
    /// The answers do not fit the questionnaire; the message says why.
    Invalid(String),
    /// Racing respondents kept taking the link's places first ([`LINK_BUSY`]).
    Raced,
}

/// Records the response `answers` through link `invite_code` of period `p` under the response
/// id `id` (one per respondent and link: the same id twice is [`Recorded::Duplicate`], unless
/// `response_key` names the same response) on `connection`: at most `SURVEY_LINK` attempts
/// per link and minute, then admitted by the period within the link's cap and appended with it
/// by one statement (admin spec §2 "Survey"; docs/decisions/0079-exactly-once-survey-responses.md).
/// The event is the same whichever channel sends it. Errors: the database's.
pub(crate) async fn record_response(
    s: &AppState,
    mut connection: sqlx::pool::PoolConnection<sqlx::Postgres>,
    p: &Period,
    invite_code: gbvf_commands::text::LineText,
    answers: SurveyAnswers,
    id: String,
    response_key: Option<String>,
) -> Result<Recorded, ApiError> {
    // At most `SURVEY_LINK` attempts per link and minute, whoever sends them.
    let limit_key =
        crate::accounts::limits::key(s.secret.get(&s.pool).await?, &["survey", &invite_code]);
    if !crate::accounts::limits::hit_on(
        &mut connection,
        crate::accounts::limits::SURVEY_LINK,
        &limit_key,
    )
    .await?
    {
        return Ok(Recorded::Busy);
    }
    let submit = SubmitSurveyResponse {
        health_check_id: p.health_check_id.clone(),
        invite_code,
        answers,
        response_key,
    };
    // Example respondents (`gbvf examples load`) are marked by the example scope (mod.rs).
    // The source names the command, not the channel: a response sent from a phone reads like
    // one sent from a browser.
    let meta = || {
        EventMetadata::now(
            "anonymous",
            uuid::Uuid::new_v4().to_string(),
            "http:POST /api/healthcheck/survey",
        )
    };
    // The response is loaded first: a respondent who answered already is answered by it (the
    // same key: recorded, nothing appended; otherwise a duplicate) before it could take a place
    // under the cap. Otherwise the period admits it within the link's cap and both are
    // appended by one statement; racing respondents conflict on the period's sequence and try
    // again, each try at the time it is made.
    let outcome = record_survey_response(
        &s.pool,
        connection,
        &p.health_check_id,
        &id,
        || HealthCheckCommand::AdmitSurveyResponse {
            at: chrono::Utc::now(),
            organisation_approved: p.approved,
            response_id: id.clone(),
        },
        submit,
        meta,
        ADMISSION_RETRY,
    )
    .await;
    Ok(match outcome {
        Ok(()) => Recorded::Yes,
        Err(AggregateError::UserError(SubmissionRefused::Period(HealthCheckError::Closed))) => {
            Recorded::Closed
        }
        Err(AggregateError::UserError(SubmissionRefused::Period(
            e @ HealthCheckError::Full(_),
        ))) => Recorded::Full(e.to_string()),
        Err(AggregateError::UserError(SubmissionRefused::Period(e))) => {
            Recorded::NoPeriod(e.to_string())
        }
        Err(AggregateError::UserError(SubmissionRefused::Response(SurveyError::Duplicate))) => {
            Recorded::Duplicate
        }
        Err(AggregateError::UserError(SubmissionRefused::Response(e))) => {
            Recorded::Invalid(e.to_string())
        }
        Err(AggregateError::AggregateConflict) => Recorded::Raced,
        Err(e) => return Err(ApiError::from_aggregate(e)),
    })
}
