//! Survey links (admin spec §2 "Health check", §8): the active questionnaires and an
//! organisation's invite link for a survey period.

use crate::http::auth::CurrentUser;
use crate::http::error::ApiError;
use crate::http::health_check::load_questionnaire;
use crate::http::health_check::questionnaire_type;
use crate::http::health_check::user_organisation;
use crate::http::health_check::LINK_GENERATED;
use crate::http::AppState;
use axum::extract::State;
use axum::Json;
use cqrs_es::AggregateError;
use gbvf_commands::accounts::permissions::{HealthCheckAdmin, WorldOfImpactAdmin};
use gbvf_commands::health_check::{
    health_check_id, ExpectedResponses, HealthCheckCommand, HealthCheckError, LinkRequester,
    OpenSurveyPeriod,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::accounts::queries::organisation_facts;
use gbvf_projections::health_check::queries::questionnaire_versions;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
#[utoipa::path(get, path = "/api/healthcheck/getActiveQuestionnaires", operation_id = "getActiveQuestionnaires", tag = "healthcheck",
    responses((status = 200, description = "Every published version", body = QuestionnaireVersions),
              (status = 403, description = "You do not have permission to perform this action.")))]
pub async fn active_questionnaires(
    State(s): State<AppState>,
) -> Result<Json<QuestionnaireVersions>, ApiError> {
    let rows = questionnaire_versions(&s.pool).await?;
    let data = rows
        .into_iter()
        .map(|q| QuestionnaireVersion {
            questionnaire_id: q.questionnaire_id,
            questionnaire_type_id: q.questionnaire_type_id,
            questionnaire_type: questionnaire_type(q.questionnaire_type_id),
            version: q.version,
            description: q.description,
            effective_from: q.effective_from,
            effective_to: q.effective_to,
            is_active: q.is_active,
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
    /// "Survey link generated successfully" (admin spec §8, spelling corrected: decision 0133).
    pub message: &'static str,
    /// The link respondents open.
    pub url: String,
    /// The invite code in the link.
    pub invite_code: String,
    /// The survey period's id.
    pub health_check_id: String,
    /// The short code a respondent types on any phone (USSD, decision 0168); null while the
    /// USSD survey is off.
    #[schema(required = true)]
    pub short_code: Option<String>,
    /// What a respondent dials for it; null like `shortCode`.
    #[schema(required = true)]
    pub ussd_dial: Option<String>,
}

/// `POST /api/healthcheck/inviteCode` (SetSurveyEffectiveDate): opens the survey period of the
/// organisation for the questionnaire (only while it is active) and returns its invite link
/// `{success, message, url, inviteCode, healthCheckId}`. Asking again for the same period
/// returns the same link. 400 with the reason; 403 with the permission message.
#[utoipa::path(post, path = "/api/healthcheck/inviteCode", operation_id = "generateInviteCode", tag = "healthcheck", request_body = InviteCodeBody,
    responses((status = 200, description = "Survey link generated successfully", body = SurveyLink),
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
    let organisation_id: String = match b
        .organisation_id
        .map(|o| o.into_string())
        .filter(|o| !o.is_empty())
    {
        Some(o) => o,
        None => own.clone().ok_or_else(|| {
            ApiError::bad(
                "OrganisationId",
                "Your account is not linked to an organisation.",
            )
        })?,
    };
    // Whether this person may open a link for this organisation, the organisation's and the
    // questionnaire's conditions and the period's dates are the HealthCheck aggregate's rules.
    let requested_by = LinkRequester {
        own_organisation: own,
        world_of_impact_admin: u.can(WorldOfImpactAdmin),
        health_check_admin: u.can(HealthCheckAdmin),
    };
    let org = organisation_facts(&s.pool, &organisation_id).await?;
    let Some(org) = org else {
        requested_by.may_learn_unknown_organisation()?;
        return Err(ApiError::NotFound("No organisation has this id.".into()));
    };
    let q = load_questionnaire(&s, &b.questionnaire_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No questionnaire has this id.".into()))?;
    let now = chrono::Utc::now();
    let from = b.effective_from.unwrap_or(now);
    let id = health_check_id(&organisation_id, &q.questionnaire_id, from);
    let code = uuid::Uuid::new_v4().simple().to_string();
    let open = OpenSurveyPeriod {
        health_check_id: id.clone(),
        organisation_id,
        organisation_type_id: org.organisation_type_id,
        questionnaire_id: q.questionnaire_id.clone(),
        questionnaire_type_id: q.questionnaire_type_id,
        questionnaire_version: q.version,
        effective_from: from,
        questionnaire_active: (q.effective_from, q.effective_to),
        organisation_approved: org.verification_status_id == 3,
        expected_responses: expected,
        invite_code: code.clone(),
        organisation_members: org.members,
        requested_by,
        now,
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
            Err(AggregateError::UserError(HealthCheckError::NotTheirs)) => {
                return Err(ApiError::Forbidden)
            }
            Err(AggregateError::UserError(e @ HealthCheckError::NotApproved)) => {
                return Err(ApiError::bad("OrganisationId", e.to_string()))
            }
            Err(AggregateError::UserError(
                e @ (HealthCheckError::QuestionnaireInactive
                | HealthCheckError::StudentsOnlyInHigherEducation),
            )) => return Err(ApiError::bad("QuestionnaireId", e.to_string())),
            Err(AggregateError::UserError(
                e @ (HealthCheckError::OutsideWindow | HealthCheckError::BeforeQuestionnaire),
            )) => return Err(ApiError::bad("EffectiveFrom", e.to_string())),
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
    crate::http::read_your_writes::settle(&s, "healthcheck").await;
    let ussd = s.ussd.as_ref().map(|c| c.codes_of(&code));
    Ok(Json(SurveyLink {
        success: true,
        message: LINK_GENERATED,
        url: survey_url(&s, &code),
        short_code: ussd.as_ref().map(|(short, _)| short.clone()),
        ussd_dial: ussd.map(|(_, dial)| dial),
        invite_code: code,
        health_check_id: id,
    }))
}

pub(super) fn survey_url(s: &AppState, code: &str) -> String {
    format!(
        "{}/Questionnaire/SurveyQuestions?inviteCode={code}",
        s.base_url.trim_end_matches('/')
    )
}
