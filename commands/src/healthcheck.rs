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

/// Most responses one invite link takes: the expected responses plus a margin of a tenth of
/// them, at least 5 (docs/decisions.md "Survey links: cap and rate limit"). A link cannot
/// collect unlimited responses from fresh browsers, so a designated person cannot outnumber
/// the real respondents with invented ones at will. `expected` is at least 1.
pub fn response_cap(expected: i64) -> i64 {
    expected + RESPONSE_MARGIN_MIN.max((expected + 9) / 10)
}

/// The smallest margin above the expected responses that a link accepts ([`response_cap`]).
pub const RESPONSE_MARGIN_MIN: i64 = 5;

/// One survey period (aggregate `health_check`): its opening and the responses admitted
/// through its link.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct HealthCheck {
    /// The opening, once opened.
    pub opened: Option<SurveyPeriodOpened>,
    /// Responses admitted through the link ([`SurveyResponseAdmitted`]). Responses recorded
    /// before admissions existed are not counted (docs/decisions.md).
    #[serde(default)]
    pub admitted: i64,
}

/// What a health check is asked to do.
#[derive(Debug, Clone, PartialEq)]
pub enum HealthCheckCommand {
    /// Open the period with its invite link (SetSurveyEffectiveDate).
    Open(SurveyPeriodOpened),
    /// Admit one more response through the link, at `at`. `organisation_approved` is whether
    /// the organisation is approved now (the organisation read model): a rejected
    /// organisation's link takes no responses.
    AdmitResponse {
        /// When the response arrives.
        at: chrono::DateTime<chrono::Utc>,
        /// The organisation's verification status is Approved (3).
        organisation_approved: bool,
    },
}

/// Why a command on a period was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HealthCheckError {
    /// This organisation already has the period open; its invite code is kept.
    #[error("A survey link already exists for this period.")]
    AlreadyOpen(String),
    /// Expected responses below 1 (admin spec §5).
    #[error("Expected responses must be a whole number of at least 1.")]
    ExpectedResponses,
    /// No period with this id was opened.
    #[error("This survey link is not valid. Please check the link you were sent.")]
    NotOpen,
    /// Outside the period's dates, or the organisation is no longer approved.
    #[error("This survey is closed and no longer accepts responses.")]
    Closed,
    /// The link took its cap of responses ([`response_cap`]).
    #[error("This survey has received all the responses its link allows ({0}), so it no longer accepts responses. Thank you for your interest.")]
    Full(i64),
}

impl Aggregate for HealthCheck {
    const TYPE: &'static str = HEALTH_CHECK_AGGREGATE;
    type Command = HealthCheckCommand;
    type Event = HealthCheckEvent;
    type Error = HealthCheckError;
    type Services = ();
    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            HealthCheckCommand::Open(command) => {
                if let Some(o) = &self.opened {
                    return Err(HealthCheckError::AlreadyOpen(o.invite_code.clone()));
                }
                if command.expected_responses < 1 {
                    return Err(HealthCheckError::ExpectedResponses);
                }
                sink.write(HealthCheckEvent::SurveyPeriodOpened(command), self)
                    .await;
            }
            HealthCheckCommand::AdmitResponse {
                at,
                organisation_approved,
            } => {
                let Some(o) = &self.opened else {
                    return Err(HealthCheckError::NotOpen);
                };
                if !organisation_approved || at < o.effective_from || at > o.effective_to {
                    return Err(HealthCheckError::Closed);
                }
                let cap = response_cap(o.expected_responses as i64);
                if self.admitted >= cap {
                    return Err(HealthCheckError::Full(cap));
                }
                let event = SurveyResponseAdmitted {
                    health_check_id: o.health_check_id.clone(),
                    admitted: self.admitted + 1,
                };
                sink.write(HealthCheckEvent::SurveyResponseAdmitted(event), self)
                    .await;
            }
        }
        Ok(())
    }
    fn apply(&mut self, event: Self::Event) {
        match event {
            HealthCheckEvent::SurveyPeriodOpened(o) => self.opened = Some(o),
            HealthCheckEvent::SurveyResponseAdmitted(a) => self.admitted = a.admitted,
        }
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

/// Responses from which a health check's figures are published when `actual` have arrived:
/// the largest multiple of [`RESULT_STEP`] not above it (docs/decisions.md "Survey results in
/// steps of five"; the read model keeps the others aside).
pub fn published_responses(actual: i64) -> i64 {
    actual.max(0) / RESULT_STEP * RESULT_STEP
}

/// Which answer cells of one demographic question are suppressed, given each answer's count of
/// respondents in the published figures (docs/decisions.md "Demographic cells below five"):
/// every cell with 1 to 4 respondents, and, for a single-choice question (whose shares add up
/// to 100 %), further cells — the smallest non-empty first — until the suppressed cells
/// together hold none or at least [`MIN_RESPONSES`], so no suppressed cell can be worked out
/// from the others.
pub fn suppressed_cells(single_choice: bool, counts: &[i64]) -> Vec<bool> {
    let mut out: Vec<bool> = counts
        .iter()
        .map(|n| (1..MIN_RESPONSES).contains(n))
        .collect();
    if single_choice {
        loop {
            let hidden: i64 = counts
                .iter()
                .zip(&out)
                .filter(|(_, h)| **h)
                .map(|(n, _)| n)
                .sum();
            if hidden == 0 || hidden >= MIN_RESPONSES {
                break;
            }
            let next = counts
                .iter()
                .enumerate()
                .filter(|(i, n)| !out[*i] && **n > 0)
                .min_by_key(|(_, n)| **n)
                .map(|(i, _)| i);
            match next {
                Some(i) => out[i] = true,
                None => break,
            }
        }
    }
    out
}

/// Organisations that changed (joined or left) before a public aggregate is published anew
/// ([`public_figure`]).
pub const MIN_ORGANISATIONS_CHANGED: usize = 3;

/// The public maturity figure to show for one aggregate (a boundary, a quarter, an
/// organisation type or a child area), and whether it is a new publication to store
/// (docs/decisions.md "Public maturity figures"). `current` is the set of contributing
/// organisations now and `value` their combined maturity (percent, `None` under the privacy
/// rule); `last` the last published set and figure. The figure changes only when the set has
/// changed by at least [`MIN_ORGANISATIONS_CHANGED`] organisations (joined plus left) since
/// `last`, so one organisation's maturity cannot be worked out by differencing two figures.
/// Published figures are whole percentages.
pub fn public_figure(
    last: Option<(&std::collections::BTreeSet<String>, Option<f64>)>,
    current: &std::collections::BTreeSet<String>,
    value: Option<f64>,
) -> (Option<f64>, bool) {
    let value = value.map(f64::round);
    match last {
        None => (value, value.is_some()),
        Some((set, shown)) => {
            if set.symmetric_difference(current).count() >= MIN_ORGANISATIONS_CHANGED {
                (value, true)
            } else {
                (shown, false)
            }
        }
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

    fn opened(expected: i32) -> SurveyPeriodOpened {
        use chrono::TimeZone;
        SurveyPeriodOpened {
            health_check_id: "hc-o-staff-v1-2026Q4".into(),
            organisation_id: "o".into(),
            organisation_type_id: 1,
            questionnaire_id: "staff-v1".into(),
            questionnaire_type_id: 1,
            questionnaire_version: 1,
            effective_from: chrono::Utc.with_ymd_and_hms(2026, 10, 1, 0, 0, 0).unwrap(),
            effective_to: chrono::Utc
                .with_ymd_and_hms(2026, 12, 31, 23, 59, 59)
                .unwrap(),
            expected_responses: expected,
            invite_code: "code".into(),
        }
    }

    fn admit(day: u32, approved: bool) -> HealthCheckCommand {
        use chrono::TimeZone;
        HealthCheckCommand::AdmitResponse {
            at: chrono::Utc
                .with_ymd_and_hms(2026, 11, day, 9, 0, 0)
                .unwrap(),
            organisation_approved: approved,
        }
    }

    fn admitted(n: i64) -> HealthCheckEvent {
        HealthCheckEvent::SurveyResponseAdmitted(SurveyResponseAdmitted {
            health_check_id: "hc-o-staff-v1-2026Q4".into(),
            admitted: n,
        })
    }

    type HealthCheckTest = cqrs_es::test::TestFramework<HealthCheck>;

    #[test]
    fn figures_are_published_in_steps_of_five() {
        assert_eq!(
            [0, 4, 5, 6, 9, 10, 14].map(published_responses),
            [0, 0, 5, 5, 5, 10, 10]
        );
    }

    #[test]
    fn demographic_cells_below_five_are_suppressed_with_a_complement() {
        assert_eq!(
            suppressed_cells(true, &[6, 0, 9]),
            vec![false, false, false]
        );
        // One small cell would follow from the others: the next smallest goes too.
        assert_eq!(suppressed_cells(true, &[1, 6, 8]), vec![true, true, false]);
        assert_eq!(suppressed_cells(true, &[2, 3, 10]), vec![true, true, false]);
        // Multiple choice: shares do not add up, each small cell alone.
        assert_eq!(
            suppressed_cells(false, &[1, 6, 8]),
            vec![true, false, false]
        );
    }

    #[test]
    fn a_public_figure_changes_only_when_three_organisations_changed() {
        let set = |ids: &[&str]| -> std::collections::BTreeSet<String> {
            ids.iter().map(|x| x.to_string()).collect()
        };
        let first = set(&["a", "b", "c"]);
        assert_eq!(public_figure(None, &first, Some(61.4)), (Some(61.0), true));
        assert_eq!(public_figure(None, &set(&["a"]), None), (None, false));
        // One more organisation: the figure stays what it was.
        let four = set(&["a", "b", "c", "d"]);
        assert_eq!(
            public_figure(Some((&first, Some(61.0))), &four, Some(58.2)),
            (Some(61.0), false)
        );
        // One left and one joined: two changes, still the same.
        assert_eq!(
            public_figure(
                Some((&first, Some(61.0))),
                &set(&["a", "b", "d"]),
                Some(50.0)
            ),
            (Some(61.0), false)
        );
        let six = set(&["a", "b", "c", "d", "e", "f"]);
        assert_eq!(
            public_figure(Some((&first, Some(61.0))), &six, Some(57.5)),
            (Some(58.0), true)
        );
    }

    #[test]
    fn the_cap_is_the_expected_responses_plus_a_tenth_at_least_five() {
        assert_eq!(response_cap(1), 6);
        assert_eq!(response_cap(8), 13);
        assert_eq!(response_cap(50), 55);
        assert_eq!(response_cap(51), 57);
        assert_eq!(response_cap(1000), 1100);
    }

    #[test]
    fn given_an_open_period_when_a_response_arrives_then_it_is_admitted_and_counted() {
        HealthCheckTest::with(())
            .given(vec![
                HealthCheckEvent::SurveyPeriodOpened(opened(8)),
                admitted(1),
            ])
            .when(admit(2, true))
            .then_expect_events(vec![admitted(2)]);
    }

    #[test]
    fn given_a_link_at_its_cap_when_one_more_response_arrives_then_it_is_refused() {
        let mut given = vec![HealthCheckEvent::SurveyPeriodOpened(opened(8))];
        given.extend((1..=13).map(admitted));
        HealthCheckTest::with(())
            .given(given)
            .when(admit(2, true))
            .then_expect_error(HealthCheckError::Full(13));
    }

    #[test]
    fn given_a_rejected_organisation_when_a_response_arrives_then_the_link_is_closed() {
        HealthCheckTest::with(())
            .given(vec![HealthCheckEvent::SurveyPeriodOpened(opened(8))])
            .when(admit(2, false))
            .then_expect_error(HealthCheckError::Closed);
    }

    #[test]
    fn given_no_period_when_a_response_arrives_then_it_is_refused() {
        HealthCheckTest::with(())
            .given_no_previous_events()
            .when(admit(2, true))
            .then_expect_error(HealthCheckError::NotOpen);
    }

    #[test]
    fn given_a_period_when_it_is_opened_again_then_the_first_link_is_kept() {
        HealthCheckTest::with(())
            .given(vec![HealthCheckEvent::SurveyPeriodOpened(opened(8))])
            .when(HealthCheckCommand::Open(opened(9)))
            .then_expect_error(HealthCheckError::AlreadyOpen("code".into()));
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
