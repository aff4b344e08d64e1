//! The health-check questionnaire as USSD screens (decision 0168): a language menu, then one
//! question per screen with numbered answers, paged where a question does not fit, then a
//! confirmation. Pure: the screen a session shows is a function of the questionnaire and the
//! inputs the respondent has typed (replayed from the first on every step), so a dropped
//! session resumes by replaying what it had typed, and nothing but those inputs is kept.
//!
//! Keys on every question screen: an answer's number; `0` Back (the page before, or the
//! question before); `98` More (the next page); `99` Skip (a single-choice question) or Done (a
//! multiple-choice question, whose answers are ticked one number at a time).

use std::collections::{BTreeMap, BTreeSet};

use unicode_normalization::UnicodeNormalization;

/// Most characters on one USSD screen (GSM 7-bit; the network's limit, ETSI TS 100 625).
pub const SCREEN_LIMIT: usize = 182;
/// Back: the page before, or the question before.
pub const BACK: &str = "0";
/// More: the next page of the same screen.
pub const MORE: &str = "98";
/// Skip a single-choice question; Done with a multiple-choice one.
pub const NEXT: &str = "99";

/// One question as the respondent reads it (in their language), with its answers.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// Question id (as in the questionnaire, whatever the language).
    pub id: String,
    /// Its text.
    pub text: String,
    /// Several answers may be chosen.
    pub multiple: bool,
    /// (possible answer id, text), in the questionnaire's order.
    pub answers: Vec<(i32, String)>,
}

/// What the respondent sees next, or what they have decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A screen that waits for input (`CON`).
    Screen(String),
    /// Every answer given, confirmed with Send: question id → chosen answer ids.
    Send(BTreeMap<String, Vec<i32>>),
}

/// Where a session stands among the questions.
#[derive(Debug, Clone, Default)]
struct Position {
    /// Index of the question shown; `questions.len()` is the confirmation.
    question: usize,
    /// Page of that question's screen.
    page: usize,
    /// Answers so far.
    answers: BTreeMap<String, Vec<i32>>,
}

/// The questions of a questionnaire as screens.
#[derive(Debug, Clone)]
pub struct Questions {
    questions: Vec<Question>,
}

impl Questions {
    /// The questionnaire's `questions`, in the order respondents see them.
    pub fn new(questions: Vec<Question>) -> Self {
        Questions { questions }
    }

    /// The step after `inputs` (each one what the respondent typed on a screen, oldest first).
    /// Input that means nothing on its screen is ignored: the screen is shown again.
    pub fn step(&self, inputs: &[String]) -> Step {
        let mut at = Position::default();
        for input in inputs {
            let input = input.trim();
            if at.question == self.questions.len() {
                match input {
                    "1" => return Step::Send(at.answers),
                    BACK if !self.questions.is_empty() => {
                        at.question -= 1;
                        at.page = 0;
                    }
                    _ => {}
                }
                continue;
            }
            let q = &self.questions[at.question];
            let pages = self.pages(at.question, &at.answers).len();
            match input {
                BACK => {
                    if at.page > 0 {
                        at.page -= 1;
                    } else if at.question > 0 {
                        at.question -= 1;
                    }
                }
                MORE if at.page + 1 < pages => at.page += 1,
                NEXT => {
                    at.question += 1;
                    at.page = 0;
                }
                n => {
                    let Some(&(answer, _)) = n
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(1))
                        .and_then(|i| q.answers.get(i))
                    else {
                        continue;
                    };
                    if q.multiple {
                        let ticked = at.answers.entry(q.id.clone()).or_default();
                        if let Some(i) = ticked.iter().position(|a| *a == answer) {
                            ticked.remove(i);
                        } else {
                            ticked.push(answer);
                            ticked.sort_unstable();
                        }
                        if ticked.is_empty() {
                            at.answers.remove(&q.id);
                        }
                        // The page may have shrunk or grown with the marks: stay within it.
                        let pages = self.pages(at.question, &at.answers).len();
                        at.page = at.page.min(pages - 1);
                    } else {
                        at.answers.insert(q.id.clone(), vec![answer]);
                        at.question += 1;
                        at.page = 0;
                    }
                }
            }
        }
        if at.question == self.questions.len() {
            return Step::Screen(self.confirmation(&at.answers));
        }
        let pages = self.pages(at.question, &at.answers);
        Step::Screen(pages[at.page.min(pages.len() - 1)].clone())
    }

    /// The confirmation screen: how many questions were answered, Send or Back.
    fn confirmation(&self, answers: &BTreeMap<String, Vec<i32>>) -> String {
        gsm7(&format!(
            "You answered {} of {} questions.\n1 Send\n{BACK} Back",
            answers.len(),
            self.questions.len()
        ))
    }

    /// The pages of question `index`'s screen with the `answers` so far (its ticked answers
    /// marked `+`), each at most [`SCREEN_LIMIT`] characters with its keys.
    pub fn pages(&self, index: usize, answers: &BTreeMap<String, Vec<i32>>) -> Vec<String> {
        let q = &self.questions[index];
        let ticked: BTreeSet<i32> = answers
            .get(&q.id)
            .map(|a| a.iter().copied().collect())
            .unwrap_or_default();
        let last_key = if q.multiple { "Done" } else { "Skip" };
        let keys_more = format!("{BACK} Back {MORE} More {NEXT} {last_key}");
        let keys_last = format!("{BACK} Back {NEXT} {last_key}");
        let mut lines = vec![gsm7(&format!(
            "{}/{} {}",
            index + 1,
            self.questions.len(),
            q.text
        ))];
        for (i, (id, text)) in q.answers.iter().enumerate() {
            let mark = if ticked.contains(id) { "+" } else { "" };
            lines.push(gsm7(&format!("{}{mark} {text}", i + 1)));
        }
        // Every page keeps room for the longer keys, so a page never overflows whichever it gets.
        let room = SCREEN_LIMIT - keys_more.chars().count() - 1;
        let mut bodies: Vec<String> = Vec::new();
        let mut body = String::new();
        for line in lines.iter().flat_map(|l| wrap(l, room)) {
            let joined = if body.is_empty() {
                line.chars().count()
            } else {
                body.chars().count() + 1 + line.chars().count()
            };
            if joined > room && !body.is_empty() {
                bodies.push(std::mem::take(&mut body));
            }
            if !body.is_empty() {
                body.push('\n');
            }
            body.push_str(&line);
        }
        bodies.push(body);
        let count = bodies.len();
        bodies
            .into_iter()
            .enumerate()
            .map(|(i, b)| {
                let keys = if i + 1 < count {
                    &keys_more
                } else {
                    &keys_last
                };
                format!("{b}\n{keys}")
            })
            .collect()
    }
}

/// `line` cut at spaces into pieces of at most `room` characters (a word longer than that is
/// cut where it must).
fn wrap(line: &str, room: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut piece = String::new();
    for word in line.split(' ') {
        let mut word = word.to_string();
        while word.chars().count() > room {
            if !piece.is_empty() {
                out.push(std::mem::take(&mut piece));
            }
            let head: String = word.chars().take(room).collect();
            word = word.chars().skip(room).collect();
            out.push(head);
        }
        let len = piece.chars().count();
        if len > 0 && len + 1 + word.chars().count() > room {
            out.push(std::mem::take(&mut piece));
        }
        if !piece.is_empty() {
            piece.push(' ');
        }
        piece.push_str(&word);
    }
    if !piece.is_empty() || out.is_empty() {
        out.push(piece);
    }
    out
}

/// The language menu: `languages` as (code, name), English first, numbered from 1, paged with
/// More where they do not fit. Returns the chosen code once `inputs` choose one, with the
/// inputs after that choice; else the screen to show.
pub fn choose_language<'a>(
    languages: &[(String, String)],
    inputs: &'a [String],
) -> Result<(String, &'a [String]), String> {
    if languages.len() <= 1 {
        let code = languages.first().map_or("en".to_string(), |l| l.0.clone());
        return Ok((code, inputs));
    }
    let lines: Vec<String> = languages
        .iter()
        .enumerate()
        .map(|(i, (_, name))| gsm7(&format!("{} {name}", i + 1)))
        .collect();
    let title = "Choose your language:";
    let keys = format!("{MORE} More");
    let room = SCREEN_LIMIT - title.len() - keys.len() - 2;
    let mut pages: Vec<Vec<String>> = vec![Vec::new()];
    for line in lines {
        let page = pages.last_mut().expect("one page at least");
        let used: usize = page.iter().map(|l| l.chars().count() + 1).sum();
        if !page.is_empty() && used + line.chars().count() > room {
            pages.push(vec![line]);
        } else {
            page.push(line);
        }
    }
    let mut page = 0;
    for (i, input) in inputs.iter().enumerate() {
        match input.trim() {
            MORE => page = (page + 1) % pages.len(),
            n => {
                if let Some(l) = n
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| languages.get(i))
                {
                    return Ok((l.0.clone(), &inputs[i + 1..]));
                }
            }
        }
    }
    let more = if pages.len() > 1 {
        format!("\n{keys}")
    } else {
        String::new()
    };
    Err(format!("{title}\n{}{more}", pages[page].join("\n")))
}

/// `text` in the GSM 7-bit default alphabet's basic set, so that a screen is counted as the
/// network counts it (a character outside it would send the whole screen as UCS-2, 91
/// characters at most): typographic quotes, dashes and ellipses as their plain forms, letters
/// with marks the alphabet lacks (ê, ô, š) as their base letter, anything else outside it
/// dropped. Letters the alphabet has (é, è, ü, ö, ä, à, ñ ...) stay.
pub fn gsm7(text: &str) -> String {
    const BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if BASIC.contains(c) {
            out.push(c);
            continue;
        }
        match c {
            '‘' | '’' | '‚' | '′' => out.push('\''),
            '“' | '”' | '„' | '″' => out.push('"'),
            '–' | '—' | '‑' | '−' => out.push('-'),
            '…' => out.push_str("..."),
            '\t' | '\u{a0}' => out.push(' '),
            _ => out.extend(
                c.to_string()
                    .nfd()
                    .filter(|d| d.is_ascii_alphanumeric() || BASIC.contains(*d)),
            ),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    fn question(id: &str, text: &str, multiple: bool, answers: usize) -> Question {
        Question {
            id: id.into(),
            text: text.into(),
            multiple,
            answers: (1..=answers as i32)
                .map(|a| (a, format!("Answer number {a} which says quite a lot")))
                .collect(),
        }
    }

    fn three() -> Questions {
        Questions::new(vec![
            question("A", "Is the policy known?", false, 2),
            question(
                "B",
                &"A long question that does not fit. ".repeat(5),
                false,
                5,
            ),
            question("C", "Where would you go for help?", true, 3),
        ])
    }

    #[test]
    fn single_choice_answers_advance_and_back_returns() {
        let q = three();
        let Step::Screen(first) = q.step(&[]) else {
            panic!()
        };
        assert!(first.starts_with("1/3 Is the policy known?"), "{first}");
        let Step::Screen(second) = q.step(&inputs(&["2"])) else {
            panic!()
        };
        assert!(second.starts_with("2/3 A long question"), "{second}");
        let Step::Screen(again) = q.step(&inputs(&["2", "0"])) else {
            panic!()
        };
        // Back on an answered question: the answer given is marked.
        assert_eq!(again, first.replace("\n2 Answer", "\n2+ Answer"));
    }

    #[test]
    fn a_long_question_pages_and_back_crosses_the_page_boundary() {
        let q = three();
        let pages = q.pages(1, &BTreeMap::new());
        assert!(pages.len() >= 2, "{pages:?}");
        assert!(pages[0].ends_with("0 Back 98 More 99 Skip"));
        assert!(pages.last().unwrap().ends_with("0 Back 99 Skip"));
        let Step::Screen(page_two) = q.step(&inputs(&["1", "98"])) else {
            panic!()
        };
        assert_eq!(page_two, pages[1]);
        let Step::Screen(back) = q.step(&inputs(&["1", "98", "0"])) else {
            panic!()
        };
        assert_eq!(back, pages[0]);
        // An answer's number counts on any page of its question.
        let Step::Screen(third) = q.step(&inputs(&["1", "98", "5"])) else {
            panic!()
        };
        assert!(third.starts_with("3/3 Where would you go"), "{third}");
    }

    #[test]
    fn multiple_choice_ticks_and_sends_what_was_chosen() {
        let q = three();
        let Step::Screen(ticked) = q.step(&inputs(&["1", "99", "1", "3", "1", "2"])) else {
            panic!()
        };
        assert!(ticked.contains("2+ Answer number 2"), "{ticked}");
        assert!(ticked.contains("3+ Answer number 3"), "{ticked}");
        assert!(!ticked.contains("1+"), "{ticked}");
        let Step::Screen(confirm) = q.step(&inputs(&["1", "99", "2", "3", "99"])) else {
            panic!()
        };
        assert_eq!(confirm, "You answered 2 of 3 questions.\n1 Send\n0 Back");
        let Step::Send(sent) = q.step(&inputs(&["1", "99", "2", "3", "99", "1"])) else {
            panic!()
        };
        assert_eq!(sent["A"], vec![1]);
        assert_eq!(sent["C"], vec![2, 3]);
        assert!(!sent.contains_key("B"), "skipped");
    }

    #[test]
    fn nonsense_shows_the_same_screen() {
        let q = three();
        assert_eq!(q.step(&inputs(&["7"])), q.step(&[]));
        assert_eq!(q.step(&inputs(&["x"])), q.step(&[]));
        assert_eq!(q.step(&inputs(&["98"])), q.step(&[]), "no More on one page");
    }

    #[test]
    fn every_page_fits_a_screen_ticked_or_not() {
        let q = three();
        let all: BTreeMap<String, Vec<i32>> = [("C".to_string(), vec![1, 2, 3])].into();
        for i in 0..3 {
            for answers in [&BTreeMap::new(), &all] {
                for page in q.pages(i, answers) {
                    assert!(page.chars().count() <= SCREEN_LIMIT, "{page}");
                }
            }
        }
    }

    #[test]
    fn languages_are_numbered_and_chosen() {
        let langs = vec![
            ("en".to_string(), "English".to_string()),
            ("zu".to_string(), "isiZulu".to_string()),
        ];
        assert_eq!(
            choose_language(&langs, &[]),
            Err("Choose your language:\n1 English\n2 isiZulu".into())
        );
        let typed = inputs(&["2", "1"]);
        let (code, rest) = choose_language(&langs, &typed).unwrap();
        assert_eq!((code.as_str(), rest.len()), ("zu", 1));
        let only = vec![("en".to_string(), "English".to_string())];
        assert_eq!(choose_language(&only, &typed).unwrap().1.len(), 2);
    }

    #[test]
    fn text_is_sent_in_the_gsm_alphabet() {
        assert_eq!(
            gsm7("Die beleid ken ’n mens se reëls"),
            "Die beleid ken 'n mens se reels"
        );
        assert_eq!(gsm7("ngoku—“phambili”…"), "ngoku-\"phambili\"...");
        assert_eq!(gsm7("café über ñ"), "café über ñ");
        assert_eq!(gsm7("{x}"), "x", "extension characters would count twice");
    }
}
