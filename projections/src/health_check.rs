//! The health-check read model (admin spec §2–§4, §7).
//!
//! Tables (views in `public`):
//! - `questionnaire(questionnaire_id, questionnaire_type_id, version, description,
//!   effective_from, effective_to, published_at, definition jsonb)` — every published version
//!   with its questions, answers and scores;
//! - `health_check(health_check_id, organisation_id, organisation_type_id, questionnaire_id,
//!   questionnaire_type_id, questionnaire_version, effective_from, effective_to,
//!   expected_responses, invite_code, actual_responses, example, opened_at, last_response_at,
//!   short_code)` (`short_code`: the USSD code of the invite code, `events::health_check`)
//!   — one survey period of one organisation with its participation (actual vs expected);
//!   `example` is true when any of its events is marked example data;
//! - `health_check_answer(health_check_id, question_id, possible_answer_id, responses)` —
//!   answer distributions;
//! - `health_check_question(health_check_id, question_id, respondents, score_sum)` — per
//!   question the respondents who answered and the sum of their scores (0..=1 each, rule in
//!   `gbvf_commands::health_check::scoring`), from which category and maturity scores follow;
//! - `health_check_unpublished(health_check_id, response_number, response jsonb)` — the
//!   responses beyond the last complete step of [`RESULT_STEP`] (at most 4 per period), kept
//!   aside until the step completes.
//!
//! `health_check_answer` and `health_check_question` hold the published figures: those of the
//! period's first `RESULT_STEP × ⌊actual_responses / RESULT_STEP⌋` responses in commit order,
//! so the figures change only when five more responses have arrived and never by one
//! respondent. No table holds anything about a respondent.
//!
//! - [`queries`]: the typed reads of these tables; [`queries_results`]: the reads behind an
//!   organisation's results; [`public_figures`]: the public figures as
//!   last published; [`translations`]: the projection of questionnaire translations, read by
//!   [`queries_translations`].

use std::collections::{BTreeMap, HashMap, HashSet};

use async_trait::async_trait;
use chrono::{DateTime, SubsecRound, Utc};
use gbvf_events::example::{is_example, EXAMPLE_METADATA_KEY};
use gbvf_events::health_check::{
    answer_score, HealthCheckEvent, QuestionnaireEvent, QuestionnairePublished, SurveyPeriodOpened,
    SurveyResponseEvent, SurveyResponseSubmitted, HEALTH_CHECK_AGGREGATE, QUESTIONNAIRE_AGGREGATE,
    RESULT_STEP, SURVEY_RESPONSE_AGGREGATE,
};
use gbvf_events::store::StoredEvent;
use serde::{Deserialize, Serialize};
use sqlx::{Postgres, Transaction};

use crate::engine::{insert_rows, FoldPage, Projection, RebuildFold};

pub mod public_figures;
pub mod queries;
pub mod queries_results;
pub mod queries_translations;
pub mod translations;
pub use public_figures::{
    public_stats_reads, publish_quarter, published_cells, withdraw_quarters_except,
    PublicStatsReads, PublishedCell,
};

/// The health-check projection, stored under the name `healthcheck` (its tables
/// `proj_healthcheck_v<n>` and its checkpoint row; renaming it would orphan them).
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
            "health_check_unpublished",
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
                example boolean NOT NULL DEFAULT false, opened_at timestamptz NOT NULL, last_response_at timestamptz,
                short_code text NOT NULL);
            CREATE INDEX ON {schema}.health_check (organisation_id);
            CREATE INDEX ON {schema}.health_check (short_code);
            CREATE TABLE {schema}.health_check_answer (
                health_check_id text NOT NULL, question_id text NOT NULL, possible_answer_id integer NOT NULL,
                responses bigint NOT NULL, PRIMARY KEY (health_check_id, question_id, possible_answer_id));
            CREATE TABLE {schema}.health_check_question (
                health_check_id text NOT NULL, question_id text NOT NULL, respondents bigint NOT NULL,
                score_sum double precision NOT NULL, PRIMARY KEY (health_check_id, question_id));
            CREATE TABLE {schema}.health_check_unpublished (
                health_check_id text NOT NULL, response_number bigint NOT NULL, response jsonb NOT NULL,
                PRIMARY KEY (health_check_id, response_number));"
        )
    }

    fn rebuild_fold(&self) -> Option<Box<dyn RebuildFold>> {
        Some(Box::<HealthCheckFold>::default())
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        let mut definitions: HashMap<String, QuestionnairePublished> = HashMap::new();
        let mut totals = ResponseTotals::default();
        let mut responses = Vec::new();
        for e in events {
            match e.aggregate_type.as_str() {
                QUESTIONNAIRE_AGGREGATE => {
                    let QuestionnaireEvent::QuestionnairePublished(q) =
                        QuestionnaireEvent::deserialize(&e.payload)?;
                    let r = QuestionnaireRow::new(e.recorded_at, &q)?;
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.questionnaire VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT DO NOTHING"
                    ))
                    .bind(&r.questionnaire_id)
                    .bind(r.questionnaire_type_id)
                    .bind(r.version)
                    .bind(&r.description)
                    .bind(r.effective_from)
                    .bind(r.effective_to)
                    .bind(r.published_at)
                    .bind(&r.definition)
                    .execute(&mut **tx)
                    .await?;
                }
                HEALTH_CHECK_AGGREGATE => {
                    let HealthCheckEvent::SurveyPeriodOpened(o) =
                        HealthCheckEvent::deserialize(&e.payload)?
                    else {
                        // Admissions: the responses themselves are counted below.
                        continue;
                    };
                    let r = HealthCheckRow::opened(is_example(&e.metadata), e.recorded_at, o);
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.health_check (health_check_id, organisation_id, organisation_type_id, questionnaire_id,
                            questionnaire_type_id, questionnaire_version, effective_from, effective_to, expected_responses,
                            invite_code, example, opened_at, short_code)
                         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) ON CONFLICT DO NOTHING"
                    ))
                    .bind(&r.health_check_id)
                    .bind(&r.organisation_id)
                    .bind(r.organisation_type_id)
                    .bind(&r.questionnaire_id)
                    .bind(r.questionnaire_type_id)
                    .bind(r.questionnaire_version)
                    .bind(r.effective_from)
                    .bind(r.effective_to)
                    .bind(r.expected_responses)
                    .bind(&r.invite_code)
                    .bind(r.example)
                    .bind(r.opened_at)
                    .bind(&r.short_code)
                    .execute(&mut **tx)
                    .await?;
                }
                SURVEY_RESPONSE_AGGREGATE => {
                    let SurveyResponseEvent::SurveyResponseSubmitted(r) =
                        SurveyResponseEvent::deserialize(&e.payload)?;
                    totals.count(is_example(&e.metadata), e.recorded_at, &r.health_check_id);
                    responses.push(r);
                }
                _ => {}
            }
        }
        if totals.periods.is_empty() {
            return Ok(());
        }
        // Steps of five: the responses of the touched periods kept aside so far, numbered on
        // from the period's count before this page.
        let touched: Vec<String> = totals.periods.keys().cloned().collect();
        let mut steps = Steps::default();
        let before: Vec<(String, i64)> = sqlx::query_as(&format!(
            "SELECT health_check_id, actual_responses FROM {schema}.health_check WHERE health_check_id = ANY($1)"
        ))
        .bind(&touched)
        .fetch_all(&mut **tx)
        .await?;
        steps.numbers.extend(before);
        let aside: Vec<(String, i64, sqlx::types::Json<SurveyResponseSubmitted>)> =
            sqlx::query_as(&format!(
                "SELECT health_check_id, response_number, response FROM {schema}.health_check_unpublished
                 WHERE health_check_id = ANY($1) ORDER BY health_check_id, response_number"
            ))
            .bind(&touched)
            .fetch_all(&mut **tx)
            .await?;
        for (id, n, r) in aside {
            let counted = steps.numbers.entry(id.clone()).or_default();
            *counted = (*counted).max(n);
            steps.pending.entry(id).or_default().push((n, r.0));
        }
        for r in responses {
            for r in steps.push(r) {
                if !definitions.contains_key(&r.questionnaire_id) {
                    let def: serde_json::Value = sqlx::query_scalar(&format!(
                        "SELECT definition FROM {schema}.questionnaire WHERE questionnaire_id = $1"
                    ))
                    .bind(&r.questionnaire_id)
                    .fetch_one(&mut **tx)
                    .await?;
                    definitions.insert(r.questionnaire_id.clone(), serde_json::from_value(def)?);
                }
                totals.publish(&r, &definitions[&r.questionnaire_id]);
            }
        }
        sqlx::query(&format!(
            "DELETE FROM {schema}.health_check_unpublished WHERE health_check_id = ANY($1)"
        ))
        .bind(&touched)
        .execute(&mut **tx)
        .await?;
        insert_rows(tx, schema, "health_check_unpublished", steps.rows()).await?;
        // Folded over the page, written once per page (3 statements per page instead of 3 per
        // response: the bench's section 7). A period is opened before any response to it (its
        // link is in the opening event), so its row exists by now: in an earlier page, or
        // earlier in this one.
        let (ids, (counts, (examples, lasts))): (Vec<String>, (Vec<i64>, (Vec<bool>, Vec<Times>))) =
            std::mem::take(&mut totals.periods)
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
        sqlx::query(&format!(
            "INSERT INTO {schema}.health_check_answer AS a
             SELECT * FROM jsonb_populate_recordset(NULL::{schema}.health_check_answer, $1)
             ON CONFLICT (health_check_id, question_id, possible_answer_id)
             DO UPDATE SET responses = a.responses + excluded.responses"
        ))
        .bind(sqlx::types::Json(totals.answer_rows().collect::<Vec<_>>()))
        .execute(&mut **tx)
        .await?;
        sqlx::query(&format!(
            "INSERT INTO {schema}.health_check_question AS q
             SELECT * FROM jsonb_populate_recordset(NULL::{schema}.health_check_question, $1)
             ON CONFLICT (health_check_id, question_id)
             DO UPDATE SET respondents = q.respondents + excluded.respondents,
                           score_sum = q.score_sum + excluded.score_sum"
        ))
        .bind(sqlx::types::Json(
            totals.question_rows().collect::<Vec<_>>(),
        ))
        .execute(&mut **tx)
        .await?;
        Ok(())
    }
}

/// A response time, or none yet.
type Times = Option<DateTime<Utc>>;

/// A `questionnaire` row (field names are the columns, see [`insert_rows`]).
#[derive(Serialize)]
struct QuestionnaireRow {
    questionnaire_id: String,
    questionnaire_type_id: i32,
    version: i32,
    description: String,
    effective_from: DateTime<Utc>,
    effective_to: DateTime<Utc>,
    published_at: DateTime<Utc>,
    definition: serde_json::Value,
}

impl QuestionnaireRow {
    /// The row of the published version `q`, published at `recorded_at` (when its event was
    /// written), the whole definition kept as JSON. Times to the microsecond, as PostgreSQL
    /// keeps them.
    fn new(recorded_at: DateTime<Utc>, q: &QuestionnairePublished) -> anyhow::Result<Self> {
        Ok(QuestionnaireRow {
            questionnaire_id: q.questionnaire_id.clone(),
            questionnaire_type_id: q.questionnaire_type_id,
            version: q.version,
            description: q.description.clone(),
            effective_from: q.effective_from.trunc_subsecs(6),
            effective_to: q.effective_to.trunc_subsecs(6),
            published_at: recorded_at,
            definition: serde_json::to_value(q)?,
        })
    }
}

/// A `health_check` row: one survey period, with its participation so far.
#[derive(Serialize)]
struct HealthCheckRow {
    health_check_id: String,
    organisation_id: String,
    organisation_type_id: i32,
    questionnaire_id: String,
    questionnaire_type_id: i32,
    questionnaire_version: i32,
    effective_from: DateTime<Utc>,
    effective_to: DateTime<Utc>,
    expected_responses: i32,
    invite_code: String,
    actual_responses: i64,
    example: bool,
    opened_at: DateTime<Utc>,
    last_response_at: Times,
    short_code: String,
}

impl HealthCheckRow {
    /// The row a `SurveyPeriodOpened` event (payload `o`, written at `recorded_at`, marked as
    /// example data or not) creates: no responses yet.
    fn opened(example: bool, recorded_at: DateTime<Utc>, o: SurveyPeriodOpened) -> Self {
        HealthCheckRow {
            health_check_id: o.health_check_id,
            organisation_id: o.organisation_id,
            organisation_type_id: o.organisation_type_id,
            questionnaire_id: o.questionnaire_id,
            questionnaire_type_id: o.questionnaire_type_id,
            questionnaire_version: o.questionnaire_version,
            effective_from: o.effective_from.trunc_subsecs(6),
            effective_to: o.effective_to.trunc_subsecs(6),
            expected_responses: o.expected_responses,
            short_code: gbvf_events::health_check::short_code(&o.invite_code),
            invite_code: o.invite_code,
            actual_responses: 0,
            example,
            opened_at: recorded_at,
            last_response_at: None,
        }
    }
}

/// A `health_check_answer` row, or the change a page makes to it.
#[derive(Serialize)]
struct AnswerRow<'a> {
    health_check_id: &'a str,
    question_id: &'a str,
    possible_answer_id: i32,
    responses: i64,
}

/// A `health_check_question` row, or the change a page makes to it.
#[derive(Serialize)]
struct QuestionRow<'a> {
    health_check_id: &'a str,
    question_id: &'a str,
    respondents: i64,
    score_sum: f64,
}

/// Survey responses folded: per period (count, example, last time); per (period, question,
/// answer) the choices; per (period, question) the respondents and their score sum (scores
/// 0..=1 each, `answer_score`). A page's in [`Projection::apply`], the whole history's in a
/// rebuild.
#[derive(Default)]
struct ResponseTotals {
    periods: BTreeMap<String, (i64, bool, Times)>,
    answers: BTreeMap<(String, String, i32), i64>,
    questions: BTreeMap<(String, String), (i64, f64)>,
}

impl ResponseTotals {
    /// Counts one response to `period` (its event written at `recorded_at`, marked as example
    /// data or not): every response counts at once, published or not.
    fn count(&mut self, example: bool, recorded_at: DateTime<Utc>, period: &str) {
        let period = self.periods.entry(period.to_string()).or_default();
        period.0 += 1;
        period.1 |= example;
        period.2 = period.2.max(Some(recorded_at));
    }

    /// Adds response `r` to the published figures of questionnaire `q`'s questions (once its
    /// step of [`RESULT_STEP`] is complete, [`Steps`]).
    fn publish(&mut self, r: &SurveyResponseSubmitted, q: &QuestionnairePublished) {
        for a in &r.answers {
            for id in &a.possible_answer_ids {
                *self
                    .answers
                    .entry((r.health_check_id.clone(), a.question_id.clone(), *id))
                    .or_default() += 1;
            }
            if let Some(question) = q.questions.iter().find(|x| x.question_id == a.question_id) {
                let score = answer_score(question, &a.possible_answer_ids);
                let t = self
                    .questions
                    .entry((r.health_check_id.clone(), a.question_id.clone()))
                    .or_default();
                t.0 += 1;
                t.1 += score.unwrap_or(0.0);
            }
        }
    }

    fn answer_rows(&self) -> impl Iterator<Item = AnswerRow<'_>> {
        self.answers.iter().map(|((h, q, a), n)| AnswerRow {
            health_check_id: h,
            question_id: q,
            possible_answer_id: *a,
            responses: *n,
        })
    }

    fn question_rows(&self) -> impl Iterator<Item = QuestionRow<'_>> {
        self.questions.iter().map(|((h, q), (n, sum))| QuestionRow {
            health_check_id: h,
            question_id: q,
            respondents: *n,
            score_sum: *sum,
        })
    }
}

/// Responses kept aside until their step of [`RESULT_STEP`] is complete: per period the
/// responses counted so far and the ones not yet published, with their numbers (1, 2, … in
/// commit order). The same in a page's apply and in the rebuild fold, so both publish the same
/// responses.
#[derive(Default)]
struct Steps {
    numbers: HashMap<String, i64>,
    pending: BTreeMap<String, Vec<(i64, SurveyResponseSubmitted)>>,
}

/// A `health_check_unpublished` row.
#[derive(Serialize)]
struct UnpublishedRow<'a> {
    health_check_id: &'a str,
    response_number: i64,
    response: &'a SurveyResponseSubmitted,
}

impl Steps {
    /// Numbers response `r` within its period and keeps it aside; returns the step's responses
    /// (in order) when `r` completes a step of [`RESULT_STEP`], none otherwise.
    fn push(&mut self, r: SurveyResponseSubmitted) -> Vec<SurveyResponseSubmitted> {
        let n = self.numbers.entry(r.health_check_id.clone()).or_default();
        *n += 1;
        let number = *n;
        let pending = self.pending.entry(r.health_check_id.clone()).or_default();
        pending.push((number, r));
        if number % RESULT_STEP == 0 {
            std::mem::take(pending)
                .into_iter()
                .map(|(_, r)| r)
                .collect()
        } else {
            Vec::new()
        }
    }

    /// The responses still aside, as rows.
    fn rows(&self) -> impl Iterator<Item = UnpublishedRow<'_>> {
        self.pending.iter().flat_map(|(id, list)| {
            list.iter().map(move |(n, r)| UnpublishedRow {
                health_check_id: id,
                response_number: *n,
                response: r,
            })
        })
    }
}

/// The rebuild fold of the health-check projection: every questionnaire version and survey
/// period by id (the first wins, as `ON CONFLICT DO NOTHING` does, also for a repeated invite
/// code) and the whole history's [`ResponseTotals`].
#[derive(Default)]
struct HealthCheckFold {
    questionnaires: BTreeMap<String, (QuestionnaireRow, QuestionnairePublished)>,
    periods: BTreeMap<String, HealthCheckRow>,
    invite_codes: HashSet<String>,
    totals: ResponseTotals,
    steps: Steps,
}

#[async_trait]
impl RebuildFold for HealthCheckFold {
    fn raw(&self) -> bool {
        true
    }
    fn fold(&mut self, events: FoldPage<'_>) -> anyhow::Result<()> {
        for e in events.raw()? {
            // Metadata is parsed only when it can mark example data.
            let marked = || -> anyhow::Result<bool> {
                Ok(e.metadata.contains(EXAMPLE_METADATA_KEY)
                    && is_example(&serde_json::from_str(&e.metadata)?))
            };
            match e.aggregate_type.as_str() {
                QUESTIONNAIRE_AGGREGATE => {
                    let QuestionnaireEvent::QuestionnairePublished(q) = e.decode()?;
                    if !self.questionnaires.contains_key(&q.questionnaire_id) {
                        let row = QuestionnaireRow::new(e.recorded_at, &q)?;
                        self.questionnaires
                            .insert(q.questionnaire_id.clone(), (row, q));
                    }
                }
                HEALTH_CHECK_AGGREGATE => {
                    let HealthCheckEvent::SurveyPeriodOpened(o) = e.decode()? else {
                        continue;
                    };
                    if !self.periods.contains_key(&o.health_check_id)
                        && self.invite_codes.insert(o.invite_code.clone())
                    {
                        let row = HealthCheckRow::opened(marked()?, e.recorded_at, o);
                        self.periods.insert(row.health_check_id.clone(), row);
                    }
                }
                SURVEY_RESPONSE_AGGREGATE => {
                    let SurveyResponseEvent::SurveyResponseSubmitted(r) = e.decode()?;
                    if !self.questionnaires.contains_key(&r.questionnaire_id) {
                        anyhow::bail!(
                            "a response to questionnaire {} that was never published",
                            r.questionnaire_id
                        );
                    }
                    self.totals
                        .count(marked()?, e.recorded_at, &r.health_check_id);
                    for r in self.steps.push(r) {
                        let Some((_, q)) = self.questionnaires.get(&r.questionnaire_id) else {
                            continue;
                        };
                        self.totals.publish(&r, q);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    async fn write(
        self: Box<Self>,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
    ) -> anyhow::Result<()> {
        let HealthCheckFold {
            questionnaires,
            mut periods,
            totals,
            steps,
            ..
        } = *self;
        insert_rows(
            tx,
            schema,
            "questionnaire",
            questionnaires.into_values().map(|(r, _)| r),
        )
        .await?;
        for (id, (n, example, last)) in &totals.periods {
            if let Some(p) = periods.get_mut(id) {
                p.actual_responses += n;
                p.example |= example;
                p.last_response_at = p.last_response_at.max(*last);
            }
        }
        insert_rows(tx, schema, "health_check", periods.into_values()).await?;
        insert_rows(
            tx,
            schema,
            "health_check_answer",
            totals.answer_rows().collect::<Vec<_>>(),
        )
        .await?;
        insert_rows(
            tx,
            schema,
            "health_check_question",
            totals.question_rows().collect::<Vec<_>>(),
        )
        .await?;
        insert_rows(
            tx,
            schema,
            "health_check_unpublished",
            steps.rows().collect::<Vec<_>>(),
        )
        .await?;
        Ok(())
    }
}
