//! Anonymous survey responses (aggregate `survey_response`, id `<health check>/<respondent
//! key>`): one per browser and link (docs/decisions/0077-anonymous-responses-one-per-browser.md).
//! A respondent's answers are parsed once against the questionnaire version they answer
//! ([`SurveyAnswers`]); the aggregate refuses a second response from the same browser.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::health_check::{
    GivenAnswer, QuestionnairePublished, SurveyResponseEvent, SurveyResponseSubmitted,
    SINGLE_CHOICE, SURVEY_RESPONSE_AGGREGATE,
};
use serde::{Deserialize, Serialize};

use crate::text::LineText;

/// A respondent's answers, checked against the questionnaire version they answer: every
/// question known and answered at most once, every answer id one of the question's, exactly
/// one for SingleChoice and at least one (distinct) for MultipleChoice (admin spec §3 "Question
/// types"), and at least one question answered. Questions may be skipped.
#[derive(Debug, Clone, PartialEq)]
pub struct SurveyAnswers {
    questionnaire_id: String,
    questionnaire_version: i32,
    answers: Vec<GivenAnswer>,
}

impl SurveyAnswers {
    /// Parses `answers` to `questionnaire`. Errors: [`SurveyError::Invalid`] naming the first
    /// answer at fault.
    pub fn parse(
        questionnaire: &QuestionnairePublished,
        answers: Vec<GivenAnswer>,
    ) -> Result<Self, SurveyError> {
        if answers.is_empty() {
            return Err(SurveyError::Invalid(
                "Please answer at least one question before submitting.".into(),
            ));
        }
        let mut seen = std::collections::HashSet::new();
        for a in &answers {
            let Some(question) = questionnaire
                .questions
                .iter()
                .find(|x| x.question_id == a.question_id)
            else {
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
        Ok(SurveyAnswers {
            questionnaire_id: questionnaire.questionnaire_id.clone(),
            questionnaire_version: questionnaire.version,
            answers,
        })
    }

    /// The questionnaire version the answers were checked against.
    pub fn questionnaire_id(&self) -> &str {
        &self.questionnaire_id
    }

    /// Its version number.
    pub fn questionnaire_version(&self) -> i32 {
        self.questionnaire_version
    }

    /// The answers, in the order given.
    pub fn answers(&self) -> &[GivenAnswer] {
        &self.answers
    }
}

/// Submit one anonymous response through a survey link (admin spec §2 "Survey"): the answers
/// of one browser, after the period's [`crate::health_check::HealthCheck`] admitted it.
#[derive(Debug, Clone, PartialEq)]
pub struct SubmitSurveyResponse {
    /// Health check answered.
    pub health_check_id: String,
    /// The invite code of the link used.
    pub invite_code: LineText,
    /// The answers, parsed to the questionnaire version of the period.
    pub answers: SurveyAnswers,
    /// The response key the phone created when the survey started, as an HMAC under the
    /// server's secret; `None` from a client that sends none.
    pub response_key: Option<String>,
}

/// One respondent's response (aggregate `survey_response`).
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct SurveyResponse {
    /// Submitted.
    pub submitted: bool,
    /// The response key it was submitted with, if any.
    #[serde(default)]
    pub response_key: Option<String>,
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
    type Command = SubmitSurveyResponse;
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
            // The same response again (a retry after a lost answer, a second tab, a replay):
            // recorded once, answered as before. Another response from this browser: refused.
            return match (&self.response_key, &command.response_key) {
                (Some(had), Some(again)) if had == again => Ok(()),
                _ => Err(SurveyError::Duplicate),
            };
        }
        let SubmitSurveyResponse {
            health_check_id,
            invite_code,
            answers,
            response_key,
        } = command;
        let event = SurveyResponseSubmitted {
            health_check_id,
            invite_code: invite_code.into_string(),
            questionnaire_id: answers.questionnaire_id,
            questionnaire_version: answers.questionnaire_version,
            answers: answers.answers,
            response_key,
        };
        sink.write(SurveyResponseEvent::SurveyResponseSubmitted(event), self)
            .await;
        Ok(())
    }
    fn apply(&mut self, event: Self::Event) {
        let SurveyResponseEvent::SurveyResponseSubmitted(e) = event;
        self.submitted = true;
        self.response_key = e.response_key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health_check::built_in_questionnaires;
    use cqrs_es::test::TestFramework;

    fn staff() -> QuestionnairePublished {
        built_in_questionnaires().unwrap().remove(0)
    }

    fn a(id: &str, ids: Vec<i32>) -> GivenAnswer {
        GivenAnswer {
            question_id: id.into(),
            possible_answer_ids: ids,
        }
    }

    fn refusal(answers: Vec<GivenAnswer>) -> String {
        SurveyAnswers::parse(&staff(), answers)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn answers_are_parsed_against_the_questionnaire() {
        let ok =
            SurveyAnswers::parse(&staff(), vec![a("P1", vec![5]), a("G1", vec![1, 2])]).unwrap();
        assert_eq!(
            (ok.questionnaire_id(), ok.questionnaire_version()),
            ("staff-v1", 1)
        );
        assert_eq!(ok.answers().len(), 2);
        assert_eq!(
            refusal(vec![]),
            "Please answer at least one question before submitting."
        );
        assert_eq!(
            refusal(vec![a("P1", vec![5, 4])]),
            "Question P1 takes exactly one answer."
        );
        assert_eq!(
            refusal(vec![a("P1", vec![])]),
            "Question P1 takes exactly one answer."
        );
        assert_eq!(
            refusal(vec![a("P1", vec![9])]),
            "An answer to question P1 is not one of its choices."
        );
        assert_eq!(
            refusal(vec![a("X9", vec![1])]),
            "Question X9 is not part of this survey."
        );
        assert_eq!(
            refusal(vec![a("G1", vec![1, 1])]),
            "Question G1 takes one or more different answers."
        );
        assert_eq!(
            refusal(vec![a("G1", vec![])]),
            "Question G1 takes one or more different answers."
        );
        assert_eq!(
            refusal(vec![a("P1", vec![5]), a("P1", vec![4])]),
            "Question P1 is answered twice."
        );
    }

    fn submit() -> SubmitSurveyResponse {
        SubmitSurveyResponse {
            health_check_id: "hc-o-staff-v1-2026Q4".into(),
            invite_code: LineText::parse("code").unwrap(),
            answers: SurveyAnswers::parse(&staff(), vec![a("P1", vec![5]), a("G1", vec![1, 2])])
                .unwrap(),
            response_key: None,
        }
    }

    fn submit_with(key: &str) -> SubmitSurveyResponse {
        SubmitSurveyResponse {
            response_key: Some(key.into()),
            ..submit()
        }
    }

    fn submitted_with(key: &str) -> SurveyResponseEvent {
        let SurveyResponseEvent::SurveyResponseSubmitted(mut e) = submitted();
        e.response_key = Some(key.into());
        SurveyResponseEvent::SurveyResponseSubmitted(e)
    }

    fn submitted() -> SurveyResponseEvent {
        SurveyResponseEvent::SurveyResponseSubmitted(SurveyResponseSubmitted {
            health_check_id: "hc-o-staff-v1-2026Q4".into(),
            invite_code: "code".into(),
            questionnaire_id: "staff-v1".into(),
            questionnaire_version: 1,
            answers: vec![a("P1", vec![5]), a("G1", vec![1, 2])],
            response_key: None,
        })
    }

    #[test]
    fn given_no_response_when_a_browser_submits_then_its_answers_are_recorded_with_the_version() {
        TestFramework::<SurveyResponse>::with(())
            .given_no_previous_events()
            .when(submit())
            .then_expect_events(vec![submitted()]);
    }

    #[test]
    fn given_a_response_when_the_same_browser_submits_again_then_it_is_refused() {
        TestFramework::<SurveyResponse>::with(())
            .given(vec![submitted()])
            .when(submit())
            .then_expect_error_message(
                "You have already completed this survey. Thank you for taking part.",
            );
    }

    #[test]
    fn given_a_response_when_the_same_key_arrives_again_then_nothing_more_is_recorded() {
        TestFramework::<SurveyResponse>::with(())
            .given_no_previous_events()
            .when(submit_with("k1"))
            .then_expect_events(vec![submitted_with("k1")]);
        TestFramework::<SurveyResponse>::with(())
            .given(vec![submitted_with("k1")])
            .when(submit_with("k1"))
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_a_response_when_another_key_or_none_arrives_then_it_is_refused() {
        for (given, again) in [
            (submitted_with("k1"), submit_with("k2")),
            (submitted_with("k1"), submit()),
            (submitted(), submit_with("k1")),
        ] {
            TestFramework::<SurveyResponse>::with(())
                .given(vec![given])
                .when(again)
                .then_expect_error(SurveyError::Duplicate);
        }
    }
}
