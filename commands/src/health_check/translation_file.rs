//! The translation file a translator fills in without touching code (docs/translators.md
//! "The survey's questions"): made from the English questionnaire by
//! `gbvf questionnaire-translation template`, every text beside its English original.
//!
//! ```json
//! {
//!   "questionnaireId": "staff-v1", "version": 1, "language": "zu",
//!   "title": {"english": "Staff health check 2026 (version 1)", "text": "…"},
//!   "questions": [
//!     {"questionId": "P1", "english": "Our organisation has …", "text": "…",
//!      "answers": [{"possibleAnswerId": 1, "english": "We do not have this", "text": "…"}]}
//!   ]
//! }
//! ```
//!
//! [`parse_translation_file`] reads it once into typed values: a known language tag, every
//! `text` filled in, one line, within its limit, without control characters. The `english`
//! fields are the translator's reference and are not read. Whether the ids are those of the
//! questionnaire is the aggregate's rule ([`super::translation`]).

use gbvf_events::health_check::QuestionnairePublished;
use gbvf_events::health_check_translation::{
    TranslatedAnswer, TranslatedQuestion, ORIGINAL_LANGUAGE, TRANSLATION_LANGUAGES,
};
use serde::{Deserialize, Serialize};

/// Most characters of a translated question (one line): the longest English question has 158,
/// and translations run longer.
pub const QUESTION_TEXT_MAX: usize = 1_000;
/// Most characters of a translated answer or title (one line).
pub const ANSWER_TEXT_MAX: usize = 250;

/// A language a questionnaire may be translated into: one of
/// [`TRANSLATION_LANGUAGES`], lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguageTag(String);

impl LanguageTag {
    /// Parses a tag (surrounding space and case ignored). Errors: English (the original), or a
    /// tag outside [`TRANSLATION_LANGUAGES`], in words that list the known ones.
    pub fn parse(tag: &str) -> Result<LanguageTag, String> {
        let tag = tag.trim().to_lowercase();
        if tag == ORIGINAL_LANGUAGE {
            return Err("English (en) is the questionnaire's own language; a translation is into another language.".into());
        }
        if !TRANSLATION_LANGUAGES.contains(&tag.as_str()) {
            let shown: String = tag.chars().take(20).collect();
            return Err(format!(
                "Unknown language tag \"{}\": use one of {}.",
                shown.escape_debug(),
                TRANSLATION_LANGUAGES.join(", ")
            ));
        }
        Ok(LanguageTag(tag))
    }

    /// The tag (`zu`).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// One text of the file: the English original (for the translator) and the translation.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FileText {
    /// The English text, for reference; not read.
    #[serde(default)]
    pub english: String,
    /// The translation.
    #[serde(default)]
    pub text: String,
}

/// One answer of the file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileAnswer {
    /// The possible answer's id.
    pub possible_answer_id: i32,
    /// The English text, for reference; not read.
    #[serde(default)]
    pub english: String,
    /// The translation.
    #[serde(default)]
    pub text: String,
}

/// One question of the file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileQuestion {
    /// The question's id.
    pub question_id: String,
    /// The English text, for reference; not read.
    #[serde(default)]
    pub english: String,
    /// The translation.
    #[serde(default)]
    pub text: String,
    /// Its answers.
    pub answers: Vec<FileAnswer>,
}

/// The translation file as a translator fills it in.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TranslationFile {
    /// The questionnaire version (`staff-v1`).
    pub questionnaire_id: String,
    /// Its version number.
    pub version: i32,
    /// Language tag.
    pub language: String,
    /// The questionnaire's title.
    pub title: FileText,
    /// Every question.
    pub questions: Vec<FileQuestion>,
}

/// A translation file read into typed values, ready to become a
/// [`super::translation::LoadTranslation`].
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedTranslation {
    /// The questionnaire version named.
    pub questionnaire_id: String,
    /// Its version number as the file states it.
    pub version: i32,
    /// The language.
    pub language: LanguageTag,
    /// The title.
    pub title: String,
    /// The questions, in the file's order.
    pub questions: Vec<TranslatedQuestion>,
}

/// Checks one translated text: filled in, one line, at most `max` characters, no control
/// characters; `place` names it in the error (`question P1`).
fn text(value: &str, max: usize, place: &str) -> Result<String, String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(format!("{place}: the translation is empty."));
    }
    crate::text::check(value, max, false).map_err(|e| format!("{place}: the translation {e}"))?;
    Ok(value.to_string())
}

/// Parses a translation file (JSON, the shape of [`TranslationFile`]). Errors, in words that
/// name the place at fault: not JSON of this shape, an unknown language tag, an empty,
/// over-long or multi-line text, a text with control characters.
pub fn parse_translation_file(json: &str) -> Result<ParsedTranslation, String> {
    let file: TranslationFile =
        serde_json::from_str(json).map_err(|e| format!("Not a translation file: {e}"))?;
    let language = LanguageTag::parse(&file.language)?;
    let title = text(&file.title.text, ANSWER_TEXT_MAX, "title")?;
    let mut questions = Vec::with_capacity(file.questions.len());
    for q in file.questions {
        let place = format!(
            "question {}",
            q.question_id.chars().take(40).collect::<String>()
        );
        let description = text(&q.text, QUESTION_TEXT_MAX, &place)?;
        let mut answers = Vec::with_capacity(q.answers.len());
        for a in q.answers {
            let place = format!("{place}, answer {}", a.possible_answer_id);
            answers.push(TranslatedAnswer {
                possible_answer_id: a.possible_answer_id,
                description: text(&a.text, ANSWER_TEXT_MAX, &place)?,
            });
        }
        questions.push(TranslatedQuestion {
            question_id: q.question_id,
            description,
            answers,
        });
    }
    Ok(ParsedTranslation {
        questionnaire_id: file.questionnaire_id,
        version: file.version,
        language,
        title,
        questions,
    })
}

/// The file a translator starts from: every text of `questionnaire` in `english`, every
/// `text` empty, for `language`.
pub fn translation_template(
    questionnaire: &QuestionnairePublished,
    language: &LanguageTag,
) -> TranslationFile {
    TranslationFile {
        questionnaire_id: questionnaire.questionnaire_id.clone(),
        version: questionnaire.version,
        language: language.as_str().to_string(),
        title: FileText {
            english: questionnaire.description.clone(),
            text: String::new(),
        },
        questions: questionnaire
            .questions
            .iter()
            .map(|q| FileQuestion {
                question_id: q.question_id.clone(),
                english: q.description.clone(),
                text: String::new(),
                answers: q
                    .answers
                    .iter()
                    .map(|a| FileAnswer {
                        possible_answer_id: a.possible_answer_id,
                        english: a.description.clone(),
                        text: String::new(),
                    })
                    .collect(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health_check::built_in_questionnaires;

    /// The template of `staff-v1` into isiZulu with every text filled in by `fill`.
    pub(crate) fn filled(fill: impl Fn(&str) -> String) -> TranslationFile {
        let staff = built_in_questionnaires().unwrap().remove(0);
        let mut file = translation_template(&staff, &LanguageTag::parse("zu").unwrap());
        file.title.text = fill(&file.title.english);
        for q in &mut file.questions {
            q.text = fill(&q.english);
            for a in &mut q.answers {
                a.text = fill(&a.english);
            }
        }
        file
    }

    fn parse(file: &TranslationFile) -> Result<ParsedTranslation, String> {
        parse_translation_file(&serde_json::to_string(file).unwrap())
    }

    #[test]
    fn a_template_has_every_id_and_nothing_translated_so_it_cannot_be_loaded_as_it_is() {
        let staff = built_in_questionnaires().unwrap().remove(0);
        let file = filled(|_| String::new());
        assert_eq!(file.questions.len(), staff.questions.len());
        assert_eq!(
            file.questions[0].answers.len(),
            staff.questions[0].answers.len()
        );
        assert_eq!(
            parse(&file).unwrap_err(),
            "title: the translation is empty."
        );
    }

    #[test]
    fn a_filled_in_file_parses_with_its_texts_trimmed() {
        let parsed = parse(&filled(|e| format!(" [zu] {e} "))).unwrap();
        assert_eq!(parsed.language.as_str(), "zu");
        assert_eq!(parsed.questionnaire_id, "staff-v1");
        assert!(parsed.questions[0]
            .description
            .starts_with("[zu] Our organisation"));
        assert_eq!(
            parsed.questions[0].answers[0].description,
            "[zu] We do not have this"
        );
    }

    #[test]
    fn empty_long_multi_line_and_control_texts_are_refused_naming_the_place() {
        let mut file = filled(|e| format!("[zu] {e}"));
        file.questions[1].answers[2].text = "  ".into();
        assert_eq!(
            parse(&file).unwrap_err(),
            "question P2, answer 3: the translation is empty."
        );
        let mut file = filled(|e| format!("[zu] {e}"));
        file.questions[0].text = "x".repeat(QUESTION_TEXT_MAX + 1);
        assert_eq!(
            parse(&file).unwrap_err(),
            "question P1: the translation must be at most 1000 characters."
        );
        file.questions[0].text = "one\ntwo".into();
        assert_eq!(
            parse(&file).unwrap_err(),
            "question P1: the translation must be one line, without line breaks or tabs."
        );
        file.questions[0].text = "bell\u{7}".into();
        assert_eq!(
            parse(&file).unwrap_err(),
            "question P1: the translation must not contain control characters."
        );
        let mut file = filled(|e| format!("[zu] {e}"));
        file.title.text = "t".repeat(ANSWER_TEXT_MAX + 1);
        assert_eq!(
            parse(&file).unwrap_err(),
            "title: the translation must be at most 250 characters."
        );
    }

    #[test]
    fn only_south_african_official_languages_other_than_english_are_known() {
        assert_eq!(LanguageTag::parse(" ZU ").unwrap().as_str(), "zu");
        assert_eq!(LanguageTag::parse("nso").unwrap().as_str(), "nso");
        assert!(LanguageTag::parse("en")
            .unwrap_err()
            .starts_with("English (en)"));
        assert_eq!(
            LanguageTag::parse("fr").unwrap_err(),
            "Unknown language tag \"fr\": use one of af, nr, nso, ss, st, tn, ts, ve, xh, zu."
        );
        let mut file = filled(|e| format!("[zu] {e}"));
        file.language = "klingon".into();
        assert!(parse(&file)
            .unwrap_err()
            .starts_with("Unknown language tag \"klingon\""));
    }

    #[test]
    fn a_file_of_another_shape_is_refused() {
        assert!(parse_translation_file("{}")
            .unwrap_err()
            .starts_with("Not a translation file: missing field"));
        assert!(parse_translation_file(r#"{"questionnaireId": "staff-v1", "version": 1, "language": "zu", "title": {}, "questions": [], "extra": 1}"#)
            .unwrap_err()
            .contains("unknown field `extra`"));
    }
}
