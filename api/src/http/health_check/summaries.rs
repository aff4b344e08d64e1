//! The administrator's summary of questionnaires (admin spec §2 "Health check") and the
//! dashboard's surveys card.

use super::*;
use crate::http::auth::CurrentUser;
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::State;
use axum::Json;
use gbvf_commands::accounts::permissions::WorldOfImpactAdmin;
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
