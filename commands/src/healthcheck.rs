//! The organisational health check (admin spec §2–§4, §9; issue 12): the questionnaire file,
//! its versions as events, survey periods with invite codes, anonymous responses, and the
//! scoring rules.
//!
//! Scoring (docs/decisions.md "Issue 12"):
//! - a respondent's score on a question is the score of the chosen answer divided by the
//!   question's highest answer score (MultipleChoice: the sum of the chosen scores over the
//!   sum of all scores, capped at 1), so it lies in 0..=1;
//! - a question's score is the mean over the respondents who answered it;
//! - a category's score (Behaviours 1, Practices 2, Policies 3) is the mean of its questions'
//!   scores; General (4) and Demographic (5) are not scored;
//! - an organisation's GBVF maturity is the mean of its category scores (equal weights, ⅓
//!   each); percentages are these times 100 with 2 decimals (admin spec §9);
//! - the maturity of a group of organisations (public figures) is the average of their
//!   maturities weighted by their actual responses (admin spec §9 "weighted average").

use std::collections::{BTreeMap, HashMap};

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::healthcheck::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The questionnaire file as shipped (`data/healthcheck/questionnaires.json`), built in so
/// every installation publishes the same versions.
pub const QUESTIONNAIRE_FILE: &str = include_str!("../../data/healthcheck/questionnaires.json");

/// Fewest responses from which any distribution, score or demographic breakdown of one
/// health check is shown (respondent privacy; docs/decisions.md "Issue 12").
pub const MIN_RESPONSES: i64 = 5;
/// Fewest organisations whose scores are combined into a public maturity figure for one
/// boundary, organisation type and quarter, so that no single organisation is identified.
pub const MIN_ORGANISATIONS: i64 = 3;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FileQuestion {
    question_id: String,
    category_id: i32,
    question_type_id: i32,
    visualize_type_id: i32,
    description: String,
    source: String,
    scale: Option<String>,
    answers: Option<Vec<PossibleAnswer>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FileQuestionnaire {
    questionnaire_id: String,
    questionnaire_type_id: i32,
    version: i32,
    description: String,
    effective_from: chrono::DateTime<chrono::Utc>,
    effective_to: chrono::DateTime<chrono::Utc>,
    questions: Vec<FileQuestion>,
}

#[derive(Deserialize)]
struct File {
    scales: HashMap<String, Vec<PossibleAnswer>>,
    questionnaires: Vec<FileQuestionnaire>,
}

/// Parses a questionnaire file (the shape of `data/healthcheck/questionnaires.json`) into
/// publications. Errors name the questionnaire and question at fault: an unknown scale, a
/// question without answers, an unknown category, question type or chart type, or a duplicate
/// id.
pub fn parse_questionnaires(text: &str) -> anyhow::Result<Vec<QuestionnairePublished>> {
    let file: File = serde_json::from_str(text)?;
    let mut out = Vec::new();
    for q in file.questionnaires {
        let mut questions = Vec::new();
        for fq in q.questions {
            let answers = match (&fq.scale, fq.answers) {
                (_, Some(a)) => a,
                (Some(s), None) => file.scales.get(s).cloned().ok_or_else(|| {
                    anyhow::anyhow!(
                        "{} {}: unknown scale {s}",
                        q.questionnaire_id,
                        fq.question_id
                    )
                })?,
                (None, None) => {
                    anyhow::bail!("{} {}: no answers", q.questionnaire_id, fq.question_id)
                }
            };
            anyhow::ensure!(
                (1..=5).contains(&fq.category_id)
                    && [SINGLE_CHOICE, MULTIPLE_CHOICE].contains(&fq.question_type_id)
                    && (1..=4).contains(&fq.visualize_type_id)
                    && !answers.is_empty(),
                "{} {}: category, question type or chart type out of range",
                q.questionnaire_id,
                fq.question_id
            );
            anyhow::ensure!(
                !questions
                    .iter()
                    .any(|x: &Question| x.question_id == fq.question_id),
                "{}: question {} twice",
                q.questionnaire_id,
                fq.question_id
            );
            questions.push(Question {
                question_id: fq.question_id,
                category_id: fq.category_id,
                question_type_id: fq.question_type_id,
                visualize_type_id: fq.visualize_type_id,
                description: fq.description,
                source: fq.source,
                answers,
            });
        }
        let hash = hex::encode(Sha256::digest(serde_json::to_vec(&questions)?));
        out.push(QuestionnairePublished {
            questionnaire_id: q.questionnaire_id,
            questionnaire_type_id: q.questionnaire_type_id,
            version: q.version,
            description: q.description,
            effective_from: q.effective_from,
            effective_to: q.effective_to,
            content_sha256: hash,
            questions,
        });
    }
    Ok(out)
}

/// The `source` metadata of the events that publish the built-in questionnaires.
pub const QUESTIONNAIRE_SOURCE: &str = "data/healthcheck/questionnaires.json";

/// Publishes every questionnaire version of the built-in file that the event log does not
/// hold yet (idempotent; run by `gbvf migrate`). A version already published with different
/// questions is an error: a change must be a new version. Returns how many were published.
pub async fn publish_questionnaires(pool: &sqlx::PgPool) -> anyhow::Result<usize> {
    let cqrs = cqrs_es::CqrsFramework::<QuestionnaireVersion, _>::new(
        cqrs_es::persist::PersistedEventStore::new_event_store(
            postgres_es::PostgresEventRepository::new(pool.clone()),
        ),
        vec![],
        (),
    );
    let mut published = 0;
    for q in parse_questionnaires(QUESTIONNAIRE_FILE)? {
        let history = gbvf_events::store::aggregate_history(
            pool,
            QUESTIONNAIRE_AGGREGATE,
            &q.questionnaire_id,
        )
        .await?;
        if let Some(first) = history.first() {
            let stored: QuestionnaireEvent = serde_json::from_value(first.payload.clone())?;
            let QuestionnaireEvent::QuestionnairePublished(stored) = stored;
            anyhow::ensure!(
                stored.content_sha256 == q.content_sha256,
                "questionnaire {} changed after it was published; publish the change as a new version",
                q.questionnaire_id
            );
            continue;
        }
        let meta = gbvf_events::metadata::EventMetadata::now(
            "system",
            uuid::Uuid::new_v4().to_string(),
            QUESTIONNAIRE_SOURCE,
        );
        let id = q.questionnaire_id.clone();
        match cqrs.execute_with_metadata(&id, q, meta.to_map()).await {
            Ok(()) => published += 1,
            // Another process published it at the same moment.
            Err(cqrs_es::AggregateError::AggregateConflict)
            | Err(cqrs_es::AggregateError::UserError(_)) => {}
            Err(e) => anyhow::bail!("publishing questionnaire {id}: {e}"),
        }
    }
    Ok(published)
}

/// A questionnaire version (aggregate `questionnaire`).
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct QuestionnaireVersion {
    /// Published.
    pub published: bool,
}

/// Why a publication was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum QuestionnaireError {
    /// The version exists.
    #[error("This questionnaire version is already published; a change must be a new version.")]
    AlreadyPublished,
}

impl Aggregate for QuestionnaireVersion {
    const TYPE: &'static str = QUESTIONNAIRE_AGGREGATE;
    type Command = QuestionnairePublished;
    type Event = QuestionnaireEvent;
    type Error = QuestionnaireError;
    type Services = ();
    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        if self.published {
            return Err(QuestionnaireError::AlreadyPublished);
        }
        sink.write(QuestionnaireEvent::QuestionnairePublished(command), self)
            .await;
        Ok(())
    }
    fn apply(&mut self, _: Self::Event) {
        self.published = true;
    }
}

/// The health-check id of one organisation's survey period: `hc-<organisation>-<questionnaire>-<year>Q<n>`.
pub fn health_check_id(
    organisation_id: &str,
    questionnaire_id: &str,
    from: chrono::DateTime<chrono::Utc>,
) -> String {
    let (y, q) = quarter_of(from);
    format!("hc-{organisation_id}-{questionnaire_id}-{y}Q{q}")
}

/// Year and calendar quarter (1–4) of `at`.
pub fn quarter_of(at: chrono::DateTime<chrono::Utc>) -> (i32, u32) {
    use chrono::Datelike;
    (at.year(), (at.month() - 1) / 3 + 1)
}

/// The last instant of the calendar quarter of `at` (a survey period ends with its quarter;
/// the End GBVF health check is repeated each quarter — research SOURCE §1.2).
pub fn end_of_quarter(at: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
    use chrono::TimeZone;
    let (y, q) = quarter_of(at);
    let (ny, nm) = if q == 4 { (y + 1, 1) } else { (y, q * 3 + 1) };
    chrono::Utc
        .with_ymd_and_hms(ny, nm, 1, 0, 0, 0)
        .single()
        .expect("valid date")
        - chrono::Duration::seconds(1)
}

/// The "current quarter" of the public health-check dashboard: the previous calendar quarter
/// (Q4 of last year when that is below 1) — admin spec §9.
pub fn current_dashboard_quarter(now: chrono::DateTime<chrono::Utc>) -> (i32, u32) {
    let (y, q) = quarter_of(now);
    if q == 1 {
        (y - 1, 4)
    } else {
        (y, q - 1)
    }
}

/// One survey period (aggregate `health_check`).
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct HealthCheck {
    /// The opening, once opened.
    pub opened: Option<SurveyPeriodOpened>,
}

/// Why opening a period was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HealthCheckError {
    /// This organisation already has the period open; its invite code is kept.
    #[error("A survey link already exists for this period.")]
    AlreadyOpen(String),
    /// Expected responses below 1 (admin spec §5).
    #[error("Expected responses must be a whole number of at least 1.")]
    ExpectedResponses,
}

impl Aggregate for HealthCheck {
    const TYPE: &'static str = HEALTH_CHECK_AGGREGATE;
    type Command = SurveyPeriodOpened;
    type Event = HealthCheckEvent;
    type Error = HealthCheckError;
    type Services = ();
    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        if let Some(o) = &self.opened {
            return Err(HealthCheckError::AlreadyOpen(o.invite_code.clone()));
        }
        if command.expected_responses < 1 {
            return Err(HealthCheckError::ExpectedResponses);
        }
        sink.write(HealthCheckEvent::SurveyPeriodOpened(command), self)
            .await;
        Ok(())
    }
    fn apply(&mut self, event: Self::Event) {
        let HealthCheckEvent::SurveyPeriodOpened(o) = event;
        self.opened = Some(o);
    }
}

/// One respondent's response (aggregate `survey_response`).
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct SurveyResponse {
    /// Submitted.
    pub submitted: bool,
}

/// Why a response was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SurveyError {
    /// This browser already answered this survey.
    #[error("You have already completed this survey. Thank you for taking part.")]
    Duplicate,
    /// An answer names an unknown question or answer, or breaks the question type.
    #[error("{0}")]
    Invalid(String),
}

impl Aggregate for SurveyResponse {
    const TYPE: &'static str = SURVEY_RESPONSE_AGGREGATE;
    type Command = SurveyResponseSubmitted;
    type Event = SurveyResponseEvent;
    type Error = SurveyError;
    type Services = ();
    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        if self.submitted {
            return Err(SurveyError::Duplicate);
        }
        sink.write(SurveyResponseEvent::SurveyResponseSubmitted(command), self)
            .await;
        Ok(())
    }
    fn apply(&mut self, _: Self::Event) {
        self.submitted = true;
    }
}

/// Checks `answers` against `q`: every question known and answered at most once, every answer
/// id one of the question's, exactly one for SingleChoice and at least one (distinct) for
/// MultipleChoice, and at least one question answered. Questions may be skipped.
pub fn validate_answers(
    q: &QuestionnairePublished,
    answers: &[GivenAnswer],
) -> Result<(), SurveyError> {
    if answers.is_empty() {
        return Err(SurveyError::Invalid(
            "Please answer at least one question before submitting.".into(),
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for a in answers {
        let Some(question) = q.questions.iter().find(|x| x.question_id == a.question_id) else {
            return Err(SurveyError::Invalid(format!(
                "Question {} is not part of this survey.",
                a.question_id
            )));
        };
        if !seen.insert(&a.question_id) {
            return Err(SurveyError::Invalid(format!(
                "Question {} is answered twice.",
                a.question_id
            )));
        }
        let mut ids = a.possible_answer_ids.clone();
        ids.sort_unstable();
        ids.dedup();
        let ok_count = match question.question_type_id {
            SINGLE_CHOICE => a.possible_answer_ids.len() == 1,
            _ => !ids.is_empty() && ids.len() == a.possible_answer_ids.len(),
        };
        if !ok_count {
            return Err(SurveyError::Invalid(format!(
                "Question {} takes {}.",
                a.question_id,
                if question.question_type_id == SINGLE_CHOICE {
                    "exactly one answer"
                } else {
                    "one or more different answers"
                }
            )));
        }
        if ids
            .iter()
            .any(|id| !question.answers.iter().any(|p| p.possible_answer_id == *id))
        {
            return Err(SurveyError::Invalid(format!(
                "An answer to question {} is not one of its choices.",
                a.question_id
            )));
        }
    }
    Ok(())
}

pub use gbvf_events::healthcheck::{answer_score, is_scored};

/// Per-question totals of a health check: respondents who answered and the sum of their
/// scores (0..=1 each).
pub type QuestionTotals = HashMap<String, (i64, f64)>;

/// Category scores (0..=1) of `q` from per-question totals: the mean of the question means,
/// for each scored category with at least one answered question.
pub fn category_scores(q: &QuestionnairePublished, totals: &QuestionTotals) -> BTreeMap<i32, f64> {
    let mut sums: BTreeMap<i32, (f64, u32)> = BTreeMap::new();
    for question in q.questions.iter().filter(|x| is_scored(x.category_id)) {
        if let Some((n, sum)) = totals.get(&question.question_id) {
            if *n > 0 {
                let e = sums.entry(question.category_id).or_default();
                e.0 += sum / *n as f64;
                e.1 += 1;
            }
        }
    }
    sums.into_iter()
        .map(|(c, (s, n))| (c, s / n as f64))
        .collect()
}

/// GBVF maturity (0..=1): the mean of the category scores, `None` without any.
pub fn maturity(categories: &BTreeMap<i32, f64>) -> Option<f64> {
    if categories.is_empty() {
        None
    } else {
        Some(categories.values().sum::<f64>() / categories.len() as f64)
    }
}

/// A share (0..=1) as a percentage with 2 decimals (admin spec §9).
pub fn percent(share: f64) -> f64 {
    (share * 10_000.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_parses_and_every_question_names_its_source() {
        let qs = parse_questionnaires(QUESTIONNAIRE_FILE).unwrap();
        assert_eq!(qs.len(), 2);
        assert_eq!(
            (qs[0].questionnaire_type_id, qs[1].questionnaire_type_id),
            (1, 2)
        );
        for q in &qs {
            for c in [BEHAVIOURS, PRACTICES, POLICIES, DEMOGRAPHIC] {
                assert!(
                    q.questions.iter().any(|x| x.category_id == c),
                    "{} lacks category {c}",
                    q.questionnaire_id
                );
            }
            assert!(q.questions.iter().all(|x| !x.source.trim().is_empty()));
        }
        assert!(qs[0]
            .questions
            .iter()
            .any(|x| x.question_type_id == MULTIPLE_CHOICE));
    }

    #[test]
    fn scores_follow_the_documented_rule() {
        let q = &parse_questionnaires(QUESTIONNAIRE_FILE).unwrap()[0];
        let p1 = q.questions.iter().find(|x| x.question_id == "P1").unwrap();
        assert_eq!(answer_score(p1, &[5]), Some(1.0));
        assert_eq!(answer_score(p1, &[4]), Some(2.0 / 3.0));
        assert_eq!(answer_score(p1, &[2]), Some(0.0));
        let d1 = q.questions.iter().find(|x| x.question_id == "D1").unwrap();
        assert_eq!(answer_score(d1, &[1]), None);
        let mut totals = QuestionTotals::new();
        totals.insert("P1".into(), (2, 1.0 + 1.0 / 3.0));
        totals.insert("P2".into(), (1, 0.0));
        totals.insert("B1".into(), (1, 1.0));
        let c = category_scores(q, &totals);
        assert!((c[&POLICIES] - (2.0 / 3.0 + 0.0) / 2.0).abs() < 1e-12);
        assert_eq!(c[&BEHAVIOURS], 1.0);
        assert!((maturity(&c).unwrap() - (1.0 / 3.0 + 1.0) / 2.0).abs() < 1e-12);
    }

    #[test]
    fn answers_are_checked_against_the_questionnaire() {
        let q = &parse_questionnaires(QUESTIONNAIRE_FILE).unwrap()[0];
        let a = |id: &str, ids: Vec<i32>| GivenAnswer {
            question_id: id.into(),
            possible_answer_ids: ids,
        };
        assert!(validate_answers(q, &[a("P1", vec![5]), a("G1", vec![1, 2])]).is_ok());
        assert!(validate_answers(q, &[]).is_err());
        assert!(validate_answers(q, &[a("P1", vec![5, 4])]).is_err());
        assert!(validate_answers(q, &[a("P1", vec![9])]).is_err());
        assert!(validate_answers(q, &[a("X9", vec![1])]).is_err());
        assert!(validate_answers(q, &[a("G1", vec![1, 1])]).is_err());
        assert!(validate_answers(q, &[a("P1", vec![5]), a("P1", vec![4])]).is_err());
    }

    #[test]
    fn quarters() {
        use chrono::TimeZone;
        let at = chrono::Utc.with_ymd_and_hms(2026, 11, 23, 1, 0, 0).unwrap();
        assert_eq!(quarter_of(at), (2026, 4));
        assert_eq!(end_of_quarter(at).to_rfc3339(), "2026-12-31T23:59:59+00:00");
        assert_eq!(current_dashboard_quarter(at), (2026, 3));
        let jan = chrono::Utc.with_ymd_and_hms(2027, 1, 5, 0, 0, 0).unwrap();
        assert_eq!(current_dashboard_quarter(jan), (2026, 4));
    }
}
