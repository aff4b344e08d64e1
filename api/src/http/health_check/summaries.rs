//! The administrator's summary of questionnaires (admin spec §2 "Health check"); the admin
//! dashboard's surveys card reads `gbvf_projections::health_check::queries::surveys_card`.

use crate::http::auth::CurrentUser;
use crate::http::error::ApiError;
use crate::http::health_check::questionnaire_type;
use crate::http::health_check::results_reader;
use crate::http::AppState;
use axum::extract::State;
use axum::Json;
use gbvf_projections::health_check::queries::questionnaire_summaries;
use serde::Serialize;

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
    /// True when the figures include example data.
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
#[utoipa::path(get, path = "/api/healthcheck/getSummarisedHealthCheck", operation_id = "getSummarisedHealthCheck", tag = "healthcheck",
    responses((status = 200, description = "Participation per questionnaire version", body = QuestionnaireSummaries),
              (status = 403, description = "You do not have permission to perform this action.")))]
pub async fn summarised(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
) -> Result<Json<QuestionnaireSummaries>, ApiError> {
    results_reader(&s, &u)
        .await?
        .may_read_every_organisation()?;
    let rows = questionnaire_summaries(&s.pool).await?;
    let data = rows
        .into_iter()
        .map(|q| QuestionnaireSummary {
            health_check_id: q.questionnaire_id.clone(),
            questionnaire_id: q.questionnaire_id,
            questionnaire_description: q.description,
            questionnaire_type_id: q.questionnaire_type_id,
            questionnaire_type: questionnaire_type(q.questionnaire_type_id),
            effective_from: q.effective_from,
            effective_to: q.effective_to,
            invite_code: q.latest_invite_code,
            is_current: q.is_current,
            total_actual_responses: q.actual_responses,
            total_expected_responses: q.expected_responses,
            total_organisations: q.organisations,
            total_participated_organisations: q.participating_organisations,
            example: q.example,
        })
        .collect();
    Ok(Json(QuestionnaireSummaries {
        success: true,
        data,
    }))
}
