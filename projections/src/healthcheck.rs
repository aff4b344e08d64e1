//! The health-check read model (issue 12; admin spec §2–§4, §7).
//!
//! Tables (views in `public`):
//! - `questionnaire(questionnaire_id, questionnaire_type_id, version, description,
//!   effective_from, effective_to, published_at, definition jsonb)` — every published version
//!   with its questions, answers and scores;
//! - `health_check(health_check_id, organisation_id, organisation_type_id, questionnaire_id,
//!   questionnaire_type_id, questionnaire_version, effective_from, effective_to,
//!   expected_responses, invite_code, actual_responses, example, opened_at, last_response_at)`
//!   — one survey period of one organisation with its participation (actual vs expected);
//!   `example` is true when any of its events is marked example data;
//! - `health_check_answer(health_check_id, question_id, possible_answer_id, responses)` —
//!   answer distributions;
//! - `health_check_question(health_check_id, question_id, respondents, score_sum)` — per
//!   question the respondents who answered and the sum of their scores (0..=1 each, rule in
//!   `gbvf_commands::healthcheck`), from which category and maturity scores follow.
//!
//! No table holds anything about a respondent.

use async_trait::async_trait;
use gbvf_events::healthcheck::*;
use gbvf_events::store::StoredEvent;
use sqlx::{Postgres, Transaction};

use crate::engine::Projection;

/// The health-check projection (`healthcheck`).
pub struct HealthCheckProjection;

#[async_trait]
impl Projection for HealthCheckProjection {
    fn name(&self) -> &'static str {
        "healthcheck"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[
            QUESTIONNAIRE_AGGREGATE,
            HEALTH_CHECK_AGGREGATE,
            SURVEY_RESPONSE_AGGREGATE,
        ]
    }
    fn tables(&self) -> &'static [&'static str] {
        &[
            "questionnaire",
            "health_check",
            "health_check_answer",
            "health_check_question",
        ]
    }
    fn ddl(&self, schema: &str) -> String {
        format!(
            "CREATE TABLE {schema}.questionnaire (
                questionnaire_id text PRIMARY KEY, questionnaire_type_id integer NOT NULL, version integer NOT NULL,
                description text NOT NULL, effective_from timestamptz NOT NULL, effective_to timestamptz NOT NULL,
                published_at timestamptz NOT NULL, definition jsonb NOT NULL);
            CREATE TABLE {schema}.health_check (
                health_check_id text PRIMARY KEY, organisation_id text NOT NULL, organisation_type_id integer NOT NULL,
                questionnaire_id text NOT NULL, questionnaire_type_id integer NOT NULL, questionnaire_version integer NOT NULL,
                effective_from timestamptz NOT NULL, effective_to timestamptz NOT NULL, expected_responses integer NOT NULL,
                invite_code text NOT NULL UNIQUE, actual_responses bigint NOT NULL DEFAULT 0,
                example boolean NOT NULL DEFAULT false, opened_at timestamptz NOT NULL, last_response_at timestamptz);
            CREATE INDEX ON {schema}.health_check (organisation_id);
            CREATE TABLE {schema}.health_check_answer (
                health_check_id text NOT NULL, question_id text NOT NULL, possible_answer_id integer NOT NULL,
                responses bigint NOT NULL, PRIMARY KEY (health_check_id, question_id, possible_answer_id));
            CREATE TABLE {schema}.health_check_question (
                health_check_id text NOT NULL, question_id text NOT NULL, respondents bigint NOT NULL,
                score_sum double precision NOT NULL, PRIMARY KEY (health_check_id, question_id));"
        )
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        let mut definitions: std::collections::HashMap<String, QuestionnairePublished> =
            Default::default();
        // The page's responses: per period (count, example, last time); per (period, question,
        // answer) the choices; per (period, question) respondents and score sum.
        type Times = Option<chrono::DateTime<chrono::Utc>>;
        let mut responses: std::collections::BTreeMap<String, (i64, bool, Times)> =
            Default::default();
        let mut answers: std::collections::BTreeMap<(String, String, i32), i64> =
            Default::default();
        let mut questions: std::collections::BTreeMap<(String, String), (i64, f64)> =
            Default::default();
        for e in events {
            let example = e.metadata[EXAMPLE_METADATA_KEY].as_str() == Some("true");
            match e.aggregate_type.as_str() {
                QUESTIONNAIRE_AGGREGATE => {
                    let QuestionnaireEvent::QuestionnairePublished(q) =
                        serde_json::from_value::<QuestionnaireEvent>(e.payload.clone())?;
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.questionnaire VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT DO NOTHING"
                    ))
                    .bind(&q.questionnaire_id)
                    .bind(q.questionnaire_type_id)
                    .bind(q.version)
                    .bind(&q.description)
                    .bind(q.effective_from)
                    .bind(q.effective_to)
                    .bind(e.recorded_at)
                    .bind(serde_json::to_value(&q)?)
                    .execute(&mut **tx)
                    .await?;
                }
                HEALTH_CHECK_AGGREGATE => {
                    let HealthCheckEvent::SurveyPeriodOpened(o) =
                        serde_json::from_value::<HealthCheckEvent>(e.payload.clone())?;
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.health_check (health_check_id, organisation_id, organisation_type_id, questionnaire_id,
                            questionnaire_type_id, questionnaire_version, effective_from, effective_to, expected_responses,
                            invite_code, example, opened_at)
                         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) ON CONFLICT DO NOTHING"
                    ))
                    .bind(&o.health_check_id)
                    .bind(&o.organisation_id)
                    .bind(o.organisation_type_id)
                    .bind(&o.questionnaire_id)
                    .bind(o.questionnaire_type_id)
                    .bind(o.questionnaire_version)
                    .bind(o.effective_from)
                    .bind(o.effective_to)
                    .bind(o.expected_responses)
                    .bind(&o.invite_code)
                    .bind(example)
                    .bind(e.recorded_at)
                    .execute(&mut **tx)
                    .await?;
                }
                SURVEY_RESPONSE_AGGREGATE => {
                    let SurveyResponseEvent::SurveyResponseSubmitted(r) =
                        serde_json::from_value::<SurveyResponseEvent>(e.payload.clone())?;
                    if !definitions.contains_key(&r.questionnaire_id) {
                        let def: serde_json::Value = sqlx::query_scalar(&format!(
                            "SELECT definition FROM {schema}.questionnaire WHERE questionnaire_id = $1"
                        ))
                        .bind(&r.questionnaire_id)
                        .fetch_one(&mut **tx)
                        .await?;
                        definitions
                            .insert(r.questionnaire_id.clone(), serde_json::from_value(def)?);
                    }
                    let q = &definitions[&r.questionnaire_id];
                    // Folded over the page, written once per page below (3 statements per page
                    // instead of 3 per response: the bench's section 7).
                    let period = responses.entry(r.health_check_id.clone()).or_default();
                    period.0 += 1;
                    period.1 |= example;
                    period.2 = period.2.max(Some(e.recorded_at));
                    for a in &r.answers {
                        for id in &a.possible_answer_ids {
                            *answers
                                .entry((r.health_check_id.clone(), a.question_id.clone(), *id))
                                .or_default() += 1;
                        }
                        if let Some(question) =
                            q.questions.iter().find(|x| x.question_id == a.question_id)
                        {
                            let score = answer_score(question, &a.possible_answer_ids);
                            let t = questions
                                .entry((r.health_check_id.clone(), a.question_id.clone()))
                                .or_default();
                            t.0 += 1;
                            t.1 += score.unwrap_or(0.0);
                        }
                    }
                }
                _ => {}
            }
        }
        if responses.is_empty() {
            return Ok(());
        }
        // A period is opened before any response to it (its link is in the opening event), so
        // its row exists by now: in an earlier page, or earlier in this one.
        let (ids, (counts, (examples, lasts))): (Vec<String>, (Vec<i64>, (Vec<bool>, Vec<Times>))) =
            responses
                .into_iter()
                .map(|(id, (n, ex, last))| (id, (n, (ex, last))))
                .unzip();
        sqlx::query(&format!(
            "UPDATE {schema}.health_check h SET actual_responses = h.actual_responses + t.n,
                 example = h.example OR t.ex, last_response_at = greatest(h.last_response_at, t.last)
             FROM unnest($1::text[], $2::bigint[], $3::bool[], $4::timestamptz[]) AS t(id, n, ex, last)
             WHERE h.health_check_id = t.id"
        ))
        .bind(&ids)
        .bind(&counts)
        .bind(&examples)
        .bind(&lasts)
        .execute(&mut **tx)
        .await?;
        let mut cols: (Vec<String>, Vec<String>, Vec<i32>, Vec<i64>) = Default::default();
        for ((hc, question, answer), n) in answers {
            cols.0.push(hc);
            cols.1.push(question);
            cols.2.push(answer);
            cols.3.push(n);
        }
        sqlx::query(&format!(
            "INSERT INTO {schema}.health_check_answer
             SELECT h, q, a, n FROM unnest($1::text[], $2::text[], $3::int[], $4::bigint[]) AS t(h, q, a, n)
             ON CONFLICT (health_check_id, question_id, possible_answer_id)
             DO UPDATE SET responses = {schema}.health_check_answer.responses + excluded.responses"
        ))
        .bind(&cols.0)
        .bind(&cols.1)
        .bind(&cols.2)
        .bind(&cols.3)
        .execute(&mut **tx)
        .await?;
        let mut qcols: (Vec<String>, Vec<String>, Vec<i64>, Vec<f64>) = Default::default();
        for ((hc, question), (n, sum)) in questions {
            qcols.0.push(hc);
            qcols.1.push(question);
            qcols.2.push(n);
            qcols.3.push(sum);
        }
        sqlx::query(&format!(
            "INSERT INTO {schema}.health_check_question
             SELECT h, q, n, s FROM unnest($1::text[], $2::text[], $3::bigint[], $4::float8[]) AS t(h, q, n, s)
             ON CONFLICT (health_check_id, question_id)
             DO UPDATE SET respondents = {schema}.health_check_question.respondents + excluded.respondents,
                           score_sum = {schema}.health_check_question.score_sum + excluded.score_sum"
        ))
        .bind(&qcols.0)
        .bind(&qcols.1)
        .bind(&qcols.2)
        .bind(&qcols.3)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }
}
