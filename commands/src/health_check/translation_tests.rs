//! Given/when/then of [`QuestionnaireTranslation`].

use super::*;
use crate::health_check::translation_file::{parse_translation_file, translation_template};
use cqrs_es::test::TestFramework;

type Given = TestFramework<QuestionnaireTranslation>;

fn given() -> Given {
    Given::with(PublishedQuestionnaires::built_in().unwrap())
}

fn translator() -> uuid::Uuid {
    uuid::Uuid::from_u128(1)
}

fn reviewer() -> uuid::Uuid {
    uuid::Uuid::from_u128(2)
}

fn day() -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(2026, 11, 26).unwrap()
}

/// The staff questionnaire into isiZulu, every text "[zu] <English>" (a stand-in, not a
/// translation), changed by `edit` before parsing.
fn file(
    edit: impl FnOnce(&mut super::super::translation_file::TranslationFile),
) -> ParsedTranslation {
    let staff = PublishedQuestionnaires::built_in().unwrap().0.remove(0);
    let mut f = translation_template(&staff, &LanguageTag::parse("zu").unwrap());
    f.title.text = format!("[zu] {}", f.title.english);
    for q in &mut f.questions {
        q.text = format!("[zu] {}", q.english);
        for a in &mut q.answers {
            a.text = format!("[zu] {}", a.english);
        }
    }
    edit(&mut f);
    parse_translation_file(&serde_json::to_string(&f).unwrap()).unwrap()
}

fn load(t: ParsedTranslation) -> TranslationCommand {
    load_command(t, translator()).1
}

fn loaded(t: ParsedTranslation) -> TranslationEvent {
    let staff = PublishedQuestionnaires::built_in().unwrap().0.remove(0);
    let mut state = QuestionnaireTranslation::default();
    let e = state
        .load(
            LoadTranslation {
                translation: t,
                translator_credit_id: translator(),
            },
            &PublishedQuestionnaires(vec![staff]),
        )
        .unwrap();
    state.apply(e.clone());
    e
}

fn reviewed(of: &TranslationEvent) -> TranslationEvent {
    let TranslationEvent::TranslationLoaded(l) = of else {
        panic!("not a load")
    };
    TranslationEvent::TranslationReviewed(TranslationReviewed {
        questionnaire_id: l.questionnaire_id.clone(),
        language: l.language.clone(),
        reviewer_credit_id: reviewer(),
        reviewed_on: day(),
        content_sha256: l.content_sha256.clone(),
    })
}

fn review() -> TranslationCommand {
    TranslationCommand::Review {
        reviewer_credit_id: reviewer(),
        reviewed_on: day(),
    }
}

#[test]
fn given_nothing_when_a_complete_translation_is_loaded_then_it_is_loaded_in_the_questionnaires_order(
) {
    // The file lists the questions backwards and the answers of P1 backwards.
    let t = file(|f| {
        f.questions.reverse();
        f.questions.last_mut().unwrap().answers.reverse();
    });
    let event = loaded(t.clone());
    let TranslationEvent::TranslationLoaded(l) = &event else {
        panic!()
    };
    assert_eq!(l.questions[0].question_id, "P1");
    assert_eq!(l.questions[0].answers[0].possible_answer_id, 1);
    assert_eq!(l.language, "zu");
    assert_eq!(l.questionnaire_version, 1);
    assert_eq!(l.content_sha256, translation_sha256(&l.title, &l.questions));
    given()
        .given_no_previous_events()
        .when(load(t))
        .then_expect_events(vec![event]);
}

#[test]
fn given_nothing_when_an_unknown_questionnaire_or_version_is_loaded_then_it_is_refused() {
    given()
        .given_no_previous_events()
        .when(load(file(|f| f.questionnaire_id = "staff-v9".into())))
        .then_expect_error(TranslationError::UnknownQuestionnaire("staff-v9".into()));
    given()
        .given_no_previous_events()
        .when(load(file(|f| f.version = 2)))
        .then_expect_error_message("Questionnaire staff-v1 is version 1, not version 2.");
}

#[test]
fn given_nothing_when_a_question_or_answer_is_missing_or_extra_then_it_is_refused() {
    let cases: Vec<(ParsedTranslation, &str)> = vec![
        (
            file(|f| {
                f.questions.remove(2);
            }),
            "The translation lacks question P3: it must have every question and answer of the questionnaire.",
        ),
        (
            file(|f| {
                f.questions[0].answers.pop();
            }),
            "The translation lacks question P1, answer 5: it must have every question and answer of the questionnaire.",
        ),
        (
            file(|f| {
                let mut extra = f.questions[0].clone();
                extra.question_id = "X9".into();
                f.questions.push(extra);
            }),
            "The translation has question X9, which the questionnaire does not have (or has once).",
        ),
        (
            file(|f| {
                let twice = f.questions[0].clone();
                f.questions.push(twice);
            }),
            "The translation has question P1, which the questionnaire does not have (or has once).",
        ),
        (
            file(|f| {
                let mut extra = f.questions[0].answers[0].clone();
                extra.possible_answer_id = 6;
                f.questions[0].answers.push(extra);
            }),
            "The translation has question P1, answer 6, which the questionnaire does not have (or has once).",
        ),
    ];
    for (t, message) in cases {
        given()
            .given_no_previous_events()
            .when(load(t))
            .then_expect_error_message(message);
    }
}

#[test]
fn given_a_loaded_translation_when_the_same_text_is_loaded_then_nothing_is_appended() {
    let t = file(|_| {});
    given()
        .given(vec![loaded(t.clone())])
        .when(load(t))
        .then_expect_error(TranslationError::Unchanged);
}

#[test]
fn given_nothing_when_a_review_or_withdrawal_comes_then_it_is_refused() {
    given()
        .given_no_previous_events()
        .when(review())
        .then_expect_error(TranslationError::NothingToReview);
    given()
        .given_no_previous_events()
        .when(TranslationCommand::Withdraw)
        .then_expect_error(TranslationError::NothingOffered);
}

#[test]
fn given_a_loaded_translation_when_it_is_reviewed_then_the_review_names_its_text() {
    let l = loaded(file(|_| {}));
    given()
        .given(vec![l.clone()])
        .when(review())
        .then_expect_events(vec![reviewed(&l)]);
    given()
        .given(vec![l.clone()])
        .when(TranslationCommand::Withdraw)
        .then_expect_error(TranslationError::NothingOffered);
    given()
        .given(vec![l.clone(), reviewed(&l)])
        .when(review())
        .then_expect_error(TranslationError::AlreadyReviewed);
}

/// A command naming a new credit decides as the command alone; the credit's row is the side
/// table's, written only with the events.
#[test]
fn given_a_loaded_translation_when_a_newly_credited_reviewer_reviews_it_then_it_is_reviewed() {
    let l = loaded(file(|_| {}));
    let credited = |command: TranslationCommand| TranslationCommand::Credited {
        credit: super::NewCredit {
            credit_id: reviewer(),
            name: "Reviewer One".into(),
        },
        command: Box::new(command),
    };
    given()
        .given(vec![l.clone()])
        .when(credited(review()))
        .then_expect_events(vec![reviewed(&l)]);
    given()
        .given(vec![l.clone(), reviewed(&l)])
        .when(credited(review()))
        .then_expect_error(TranslationError::AlreadyReviewed);
}

/// The reviewer is told apart from the translator by credit id, not by a typed name.
#[test]
fn given_a_loaded_translation_when_its_translator_reviews_it_then_it_is_refused() {
    let l = loaded(file(|_| {}));
    given()
        .given(vec![l.clone()])
        .when(TranslationCommand::Review {
            reviewer_credit_id: translator(),
            reviewed_on: day(),
        })
        .then_expect_error(TranslationError::ReviewerIsTranslator);
    // The translator of an earlier text may review a text someone else changed.
    let changed = file(|f| f.questions[0].text = "[zu] changed".into());
    let TranslationEvent::TranslationLoaded(mut second) = loaded(changed) else {
        unreachable!()
    };
    second.translator_credit_id = reviewer();
    let second = TranslationEvent::TranslationLoaded(second);
    given()
        .given(vec![l.clone(), reviewed(&l), second.clone()])
        .when(TranslationCommand::Review {
            reviewer_credit_id: translator(),
            reviewed_on: day(),
        })
        .then_expect_events(vec![TranslationEvent::TranslationReviewed(
            TranslationReviewed {
                reviewer_credit_id: translator(),
                ..match reviewed(&second) {
                    TranslationEvent::TranslationReviewed(r) => r,
                    _ => unreachable!(),
                }
            },
        )]);
}

#[test]
fn given_a_reviewed_translation_when_changed_text_is_loaded_then_it_needs_a_review_of_its_own() {
    let first = loaded(file(|_| {}));
    let changed = file(|f| f.questions[0].text = "[zu] changed".into());
    let second = loaded(changed.clone());
    given()
        .given(vec![first.clone(), reviewed(&first)])
        .when(load(changed))
        .then_expect_events(vec![second.clone()]);
    // The change is reviewed on its own hash.
    given()
        .given(vec![first.clone(), reviewed(&first), second.clone()])
        .when(review())
        .then_expect_events(vec![reviewed(&second)]);
}

#[test]
fn given_a_reviewed_translation_when_it_is_withdrawn_then_it_is_withdrawn_once() {
    let l = loaded(file(|_| {}));
    let withdrawn = TranslationEvent::TranslationWithdrawn(TranslationWithdrawn {
        questionnaire_id: "staff-v1".into(),
        language: "zu".into(),
    });
    given()
        .given(vec![l.clone(), reviewed(&l)])
        .when(TranslationCommand::Withdraw)
        .then_expect_events(vec![withdrawn.clone()]);
    given()
        .given(vec![l.clone(), reviewed(&l), withdrawn.clone()])
        .when(TranslationCommand::Withdraw)
        .then_expect_error(TranslationError::NothingOffered);
    // Read again and approved, it is offered again.
    given()
        .given(vec![l.clone(), reviewed(&l), withdrawn])
        .when(review())
        .then_expect_events(vec![reviewed(&l)]);
}

#[test]
fn given_a_translation_into_zulu_when_an_afrikaans_file_is_loaded_on_it_then_it_is_refused() {
    let af = file(|f| f.language = "af".into());
    given()
        .given(vec![loaded(file(|_| {}))])
        .when(TranslationCommand::Load(LoadTranslation {
            translation: af,
            translator_credit_id: translator(),
        }))
        .then_expect_error_message("This file translates staff-v1/af, not staff-v1/zu.");
}
