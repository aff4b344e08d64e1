//! The typed reads of the health-check read model (tables in [`super`]): questionnaire
//! versions, survey periods with their participation, and their published figures. Reads that
//! place a survey period join the accounts read model's `organisation`. Every function fails
//! only with the database's error (a stored questionnaire that no longer decodes included).

use chrono::{DateTime, Utc};
use gbvf_events::health_check::QuestionnairePublished;
use sqlx::types::Json;
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::Arc;

type Time = DateTime<Utc>;

/// The published questionnaire version `questionnaire_id` (`staff-v1`) with its questions,
/// answers and scores (`questionnaire.definition`); `None` when there is none.
pub async fn questionnaire(
    pool: &PgPool,
    questionnaire_id: &str,
) -> sqlx::Result<Option<QuestionnairePublished>> {
    let definition: Option<Json<QuestionnairePublished>> =
        sqlx::query_scalar("SELECT definition FROM questionnaire WHERE questionnaire_id = $1")
            .bind(questionnaire_id)
            .fetch_optional(pool)
            .await?;
    Ok(definition.map(|d| d.0))
}

/// Published questionnaire versions kept in memory, by id: a version never changes once
/// published (the projection inserts it once, `ON CONFLICT DO NOTHING`; a new version has a new
/// id), so a survey reads and parses its 14 kB definition once per process instead of once per
/// response. Holds only versions that exist, so its size is bounded by the versions published.
#[derive(Debug, Default)]
pub struct QuestionnaireCache(std::sync::RwLock<HashMap<String, Arc<QuestionnairePublished>>>);

impl QuestionnaireCache {
    /// The published version `questionnaire_id`, from memory or else through [`questionnaire`];
    /// `None` when there is none (not remembered, so a version published later is found).
    pub async fn get(
        &self,
        pool: &PgPool,
        questionnaire_id: &str,
    ) -> sqlx::Result<Option<Arc<QuestionnairePublished>>> {
        if let Some(q) = self.0.read().expect("cache lock").get(questionnaire_id) {
            return Ok(Some(q.clone()));
        }
        let Some(q) = questionnaire(pool, questionnaire_id).await? else {
            return Ok(None);
        };
        let q = Arc::new(q);
        self.0
            .write()
            .expect("cache lock")
            .insert(questionnaire_id.to_string(), q.clone());
        Ok(Some(q))
    }
}

/// A published questionnaire version without its questions (`questionnaire`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct QuestionnaireVersionRow {
    /// Its id (`staff-v1`).
    pub questionnaire_id: String,
    /// Staff 1 or Students 2.
    pub questionnaire_type_id: i32,
    /// Version number.
    pub version: i32,
    /// Its title.
    pub description: String,
    /// Start of its active dates.
    pub effective_from: Time,
    /// End of its active dates.
    pub effective_to: Time,
    /// True before `effective_to` (the database's clock): links can be generated.
    pub is_active: bool,
}

/// Every published questionnaire version, by type, newest version first.
pub async fn questionnaire_versions(pool: &PgPool) -> sqlx::Result<Vec<QuestionnaireVersionRow>> {
    sqlx::query_as(
        "SELECT questionnaire_id, questionnaire_type_id, version, description, effective_from, effective_to,
                effective_to > now() AS is_active
         FROM questionnaire ORDER BY questionnaire_type_id, version DESC",
    )
    .fetch_all(pool)
    .await
}

/// A questionnaire version with the participation over its survey periods (admin spec §3
/// "Summarised health check"; `questionnaire`, `health_check`, `organisation`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct QuestionnaireSummaryRow {
    /// The questionnaire version id.
    pub questionnaire_id: String,
    /// Its title.
    pub description: String,
    /// Staff 1 or Students 2.
    pub questionnaire_type_id: i32,
    /// Start of its active dates.
    pub effective_from: Time,
    /// End of its active dates.
    pub effective_to: Time,
    /// True before `effective_to`.
    pub is_current: bool,
    /// Responses over its survey periods.
    pub actual_responses: i64,
    /// Expected responses over its survey periods.
    pub expected_responses: i64,
    /// Approved organisations it is offered to (every type for Staff, type 4 for Students).
    pub organisations: i64,
    /// Organisations with at least one response.
    pub participating_organisations: i64,
    /// True when any of its survey periods holds example data.
    pub example: bool,
    /// The invite code of its latest link; `None` before any.
    pub latest_invite_code: Option<String>,
}

/// Every questionnaire version with its participation, by type, newest version first.
pub async fn questionnaire_summaries(pool: &PgPool) -> sqlx::Result<Vec<QuestionnaireSummaryRow>> {
    sqlx::query_as(
        "SELECT q.questionnaire_id, q.description, q.questionnaire_type_id, q.effective_from, q.effective_to,
                q.effective_to > now() AS is_current,
                coalesce(sum(h.actual_responses), 0)::bigint AS actual_responses,
                coalesce(sum(h.expected_responses), 0)::bigint AS expected_responses,
                (SELECT count(*) FROM organisation o WHERE o.verification_status_id = 3
                    AND (q.questionnaire_type_id = 1 OR o.organisation_type_id = 4)) AS organisations,
                count(DISTINCT h.organisation_id) FILTER (WHERE h.actual_responses > 0) AS participating_organisations,
                coalesce(bool_or(h.example), false) AS example,
                (SELECT l.invite_code FROM health_check l WHERE l.questionnaire_id = q.questionnaire_id
                  ORDER BY l.opened_at DESC LIMIT 1) AS latest_invite_code
         FROM questionnaire q LEFT JOIN health_check h ON h.questionnaire_id = q.questionnaire_id
         GROUP BY q.questionnaire_id, q.description, q.questionnaire_type_id, q.effective_from, q.effective_to, q.version ORDER BY q.questionnaire_type_id, q.version DESC",
    )
    .fetch_all(pool)
    .await
}

/// The Surveys card of the admin dashboard (admin spec §1), over every survey period of
/// `health_check`.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SurveysCard {
    /// Organisations with a response in a current period (one that has not ended).
    pub participating_organisations: i64,
    /// Responses over current periods.
    pub actual_responses: i64,
    /// Expected responses over current periods.
    pub expected_responses: i64,
    /// The latest link opened or response received; `None` before any.
    pub last_change: Option<Time>,
    /// True when any period holds example data.
    pub example: bool,
}

/// The figures of the Surveys card.
pub async fn surveys_card(pool: &PgPool) -> sqlx::Result<SurveysCard> {
    sqlx::query_as(
        "SELECT count(DISTINCT organisation_id) FILTER (WHERE actual_responses > 0 AND effective_to > now())
                    AS participating_organisations,
                coalesce(sum(actual_responses) FILTER (WHERE effective_to > now()), 0)::bigint AS actual_responses,
                coalesce(sum(expected_responses) FILTER (WHERE effective_to > now()), 0)::bigint AS expected_responses,
                max(greatest(opened_at, last_response_at)) AS last_change, coalesce(bool_or(example), false) AS example
         FROM health_check",
    )
    .fetch_one(pool)
    .await
}

/// The survey period behind an invite link (`health_check` with its `organisation`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SurveyLinkPeriod {
    /// The survey period's id.
    pub health_check_id: String,
    /// Its questionnaire version.
    pub questionnaire_id: String,
    /// Its organisation's name; empty when the read model does not know the organisation.
    pub organisation_name: String,
    /// Now (the database's clock) is within the period's dates.
    pub in_dates: bool,
    /// Its organisation is approved (status 3).
    pub organisation_approved: bool,
    /// The period holds example data.
    pub example: bool,
}

/// The survey period whose link carries `invite_code`; `None` for an unknown code.
pub async fn survey_period_of_link(
    db: impl sqlx::PgExecutor<'_>,
    invite_code: &str,
) -> sqlx::Result<Option<SurveyLinkPeriod>> {
    sqlx::query_as(
        "SELECT h.health_check_id, h.questionnaire_id, coalesce(o.name, '') AS organisation_name,
                now() BETWEEN h.effective_from AND h.effective_to AS in_dates,
                coalesce(o.verification_status_id = 3, false) AS organisation_approved, h.example
         FROM health_check h LEFT JOIN organisation o ON o.organisation_id = h.organisation_id WHERE h.invite_code = $1",
    )
    .bind(invite_code)
    .fetch_optional(db)
    .await
}

/// The invite code of the survey link whose short code is `short_code`
/// (`gbvf_events::health_check::short_code`); `None` when no link has it, or, against all
/// odds, when two links share it (neither is answered by a code that cannot tell them apart).
pub async fn invite_code_of_short_code(
    db: impl sqlx::PgExecutor<'_>,
    short_code: &str,
) -> sqlx::Result<Option<String>> {
    let codes: Vec<String> =
        sqlx::query_scalar("SELECT invite_code FROM health_check WHERE short_code = $1 LIMIT 2")
            .bind(short_code)
            .fetch_all(db)
            .await?;
    Ok(match codes.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    })
}

/// A survey period with responses, placed by its organisation (`health_check` joined with
/// `organisation`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ParticipationRow {
    /// The organisation.
    pub organisation_id: String,
    /// Its type id.
    pub organisation_type_id: i32,
    /// Its province (boundary id).
    pub province_id: Option<i64>,
    /// Its district (boundary id).
    pub district_id: Option<i64>,
    /// Its local municipality (boundary id).
    pub municipality_id: Option<i64>,
    /// The survey period's id.
    pub health_check_id: String,
    /// Its questionnaire version.
    pub questionnaire_id: String,
    /// Start of the period.
    pub effective_from: Time,
    /// Responses so far (0 for a link nobody has answered yet).
    pub actual_responses: i64,
    /// The period holds example data.
    pub example: bool,
    /// Expected responses.
    pub expected_responses: i32,
}

/// The survey periods (links) of the approved organisations inside boundary `boundary_id` (by
/// their province, district or municipality; the nation, 1, holds them all), answered or not,
/// in no order: participation counts those with responses, expected responses every link. A
/// rejected organisation's periods are left out, so its figures leave the public statistics
/// (docs/decisions/0121-survey-link-bounds.md).
pub async fn participation_in(
    pool: &PgPool,
    boundary_id: i64,
) -> sqlx::Result<Vec<ParticipationRow>> {
    sqlx::query_as(
        "SELECT h.organisation_id, o.organisation_type_id, o.province_id, o.district_id, o.municipality_id, h.health_check_id, h.questionnaire_id,
                h.effective_from, h.actual_responses, h.example, h.expected_responses
         FROM health_check h JOIN organisation o ON o.organisation_id = h.organisation_id
         WHERE o.verification_status_id = 3
           AND ($1 = 1 OR $1 IN (o.province_id, o.district_id, o.municipality_id))",
    )
    .bind(boundary_id)
    .fetch_all(pool)
    .await
}
