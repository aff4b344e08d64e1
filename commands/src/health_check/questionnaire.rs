//! Questionnaire versions (admin spec §3 "Questionnaire", "Question"): the questionnaire file
//! shipped with the product, parsed into [`PublishQuestionnaireVersion`] commands, and the
//! [`QuestionnaireVersion`] aggregate that publishes each version once
//! (docs/decisions/0069-the-instrument.md: a change is a new version).

use std::collections::HashMap;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::health_check::{
    PossibleAnswer, Question, QuestionnaireEvent, QuestionnairePublished, MULTIPLE_CHOICE,
    QUESTIONNAIRE_AGGREGATE, SINGLE_CHOICE,
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The questionnaire file as shipped (`data/healthcheck/questionnaires.json`), built in so
/// every installation publishes the same versions.
pub const QUESTIONNAIRE_FILE: &str = include_str!("../../../data/healthcheck/questionnaires.json");

/// The `source` metadata of the events that publish the built-in questionnaires.
pub const QUESTIONNAIRE_SOURCE: &str = "data/healthcheck/questionnaires.json";

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

/// Publish one questionnaire version: the command of [`QuestionnaireVersion`], as
/// [`parse_questionnaires`] reads it from the questionnaire file (every question with its
/// answers, categories 1–5, question type SingleChoice 3 or MultipleChoice 4, chart type 1–4,
/// no question twice; admin spec §3).
#[derive(Debug, Clone, PartialEq)]
pub struct PublishQuestionnaireVersion {
    /// Id of this version (`staff-v1`), the aggregate id.
    pub questionnaire_id: String,
    /// Staff 1, Students 2 (admin spec §3).
    pub questionnaire_type_id: i32,
    /// Version number.
    pub version: i32,
    /// Label.
    pub description: String,
    /// Start of the period in which links can be generated.
    pub effective_from: chrono::DateTime<chrono::Utc>,
    /// End of that period (admin spec §4).
    pub effective_to: chrono::DateTime<chrono::Utc>,
    /// Questions.
    pub questions: Vec<Question>,
}

impl PublishQuestionnaireVersion {
    /// SHA-256 (hex) of the version's questions as JSON: what tells a changed version from the
    /// one published (docs/decisions/0069-the-instrument.md).
    pub fn content_sha256(&self) -> String {
        hex::encode(Sha256::digest(
            serde_json::to_vec(&self.questions).expect("questions serialize"),
        ))
    }

    /// The event this command publishes: the version with its [`Self::content_sha256`]. It is
    /// also the definition respondents answer (the survey and its scoring read it).
    pub fn published(&self) -> QuestionnairePublished {
        QuestionnairePublished {
            questionnaire_id: self.questionnaire_id.clone(),
            questionnaire_type_id: self.questionnaire_type_id,
            version: self.version,
            description: self.description.clone(),
            effective_from: self.effective_from,
            effective_to: self.effective_to,
            content_sha256: self.content_sha256(),
            questions: self.questions.clone(),
        }
    }
}

/// Parses a questionnaire file (the shape of `data/healthcheck/questionnaires.json`) into one
/// [`PublishQuestionnaireVersion`] per version. Errors name the questionnaire and question at
/// fault: an unknown scale, a question without answers, an unknown category, question type or
/// chart type, or a duplicate id.
pub fn parse_questionnaires(text: &str) -> anyhow::Result<Vec<PublishQuestionnaireVersion>> {
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
        out.push(PublishQuestionnaireVersion {
            questionnaire_id: q.questionnaire_id,
            questionnaire_type_id: q.questionnaire_type_id,
            version: q.version,
            description: q.description,
            effective_from: q.effective_from,
            effective_to: q.effective_to,
            questions,
        });
    }
    Ok(out)
}

/// Every version of the built-in questionnaire file as published ([`QUESTIONNAIRE_FILE`]):
/// the definitions surveys are answered on. Errors: those of [`parse_questionnaires`] (the
/// shipped file is checked by this module's tests).
pub fn built_in_questionnaires() -> anyhow::Result<Vec<QuestionnairePublished>> {
    Ok(parse_questionnaires(QUESTIONNAIRE_FILE)?
        .iter()
        .map(PublishQuestionnaireVersion::published)
        .collect())
}

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
                stored.content_sha256 == q.content_sha256(),
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

/// A questionnaire version (aggregate `questionnaire`, id: the version's questionnaire id).
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct QuestionnaireVersion {
    /// Published.
    pub published: bool,
}

/// Why a publication was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum QuestionnaireError {
    /// The version exists: a published version never changes
    /// (docs/decisions/0069-the-instrument.md).
    #[error("This questionnaire version is already published; a change must be a new version.")]
    AlreadyPublished,
}

impl Aggregate for QuestionnaireVersion {
    const TYPE: &'static str = QUESTIONNAIRE_AGGREGATE;
    type Command = PublishQuestionnaireVersion;
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
        sink.write(
            QuestionnaireEvent::QuestionnairePublished(command.published()),
            self,
        )
        .await;
        Ok(())
    }
    fn apply(&mut self, _: Self::Event) {
        self.published = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cqrs_es::test::TestFramework;
    use gbvf_events::health_check::{BEHAVIOURS, DEMOGRAPHIC, POLICIES, PRACTICES};

    #[test]
    fn the_shipped_file_parses_and_every_question_names_its_source() {
        let qs = built_in_questionnaires().unwrap();
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
    fn a_file_with_a_broken_question_is_refused_naming_it() {
        let file = |question: &str| {
            format!(
                r#"{{"scales": {{"yes": [{{"possibleAnswerId": 1, "description": "Yes", "score": 1}}]}},
                "questionnaires": [{{"questionnaireId": "t-v1", "questionnaireTypeId": 1,
                "version": 1, "description": "T", "effectiveFrom": "2026-01-01T00:00:00Z",
                "effectiveTo": "2027-01-01T00:00:00Z", "questions": [{question}]}}]}}"#
            )
        };
        let q = |id: &str, category: i32, scale: &str| {
            format!(
                r#"{{"questionId": "{id}", "categoryId": {category}, "questionTypeId": 3,
                "visualizeTypeId": 1, "description": "Q", "source": "S", "scale": "{scale}"}}"#
            )
        };
        let err = |text: String| parse_questionnaires(&text).unwrap_err().to_string();
        assert_eq!(
            err(file(&q("P1", 3, "nope"))),
            "t-v1 P1: unknown scale nope"
        );
        assert_eq!(
            err(file(&q("P1", 6, "yes"))),
            "t-v1 P1: category, question type or chart type out of range"
        );
        assert_eq!(
            err(file(&format!(
                "{}, {}",
                q("P1", 3, "yes"),
                q("P1", 2, "yes")
            ))),
            "t-v1: question P1 twice"
        );
        let ok = parse_questionnaires(&file(&q("P1", 3, "yes"))).unwrap();
        assert_eq!(ok[0].questions[0].answers.len(), 1);
    }

    #[test]
    fn the_content_hash_is_that_of_the_questions_as_published() {
        let q = &parse_questionnaires(QUESTIONNAIRE_FILE).unwrap()[0];
        let published = q.published();
        assert_eq!(published.content_sha256, q.content_sha256());
        assert_eq!(published.content_sha256.len(), 64);
        let mut changed = q.clone();
        changed.questions[0].description.push('!');
        assert_ne!(changed.content_sha256(), q.content_sha256());
    }

    fn staff() -> PublishQuestionnaireVersion {
        parse_questionnaires(QUESTIONNAIRE_FILE).unwrap().remove(0)
    }

    #[test]
    fn given_no_version_when_it_is_published_then_it_is_published_with_its_hash() {
        TestFramework::<QuestionnaireVersion>::with(())
            .given_no_previous_events()
            .when(staff())
            .then_expect_events(vec![QuestionnaireEvent::QuestionnairePublished(
                staff().published(),
            )]);
    }

    #[test]
    fn given_a_published_version_when_it_is_published_again_then_it_is_refused() {
        TestFramework::<QuestionnaireVersion>::with(())
            .given(vec![QuestionnaireEvent::QuestionnairePublished(
                staff().published(),
            )])
            .when(staff())
            .then_expect_error_message(
                "This questionnaire version is already published; a change must be a new version.",
            );
    }

    #[test]
    fn given_a_published_version_when_changed_questions_are_published_then_it_is_refused() {
        let mut changed = staff();
        changed.questions.pop();
        TestFramework::<QuestionnaireVersion>::with(())
            .given(vec![QuestionnaireEvent::QuestionnairePublished(
                staff().published(),
            )])
            .when(changed)
            .then_expect_error(QuestionnaireError::AlreadyPublished);
    }
}
