//! The health-check survey over USSD (decision 0168) against real PostgreSQL, driven through
//! the real callback endpoint with the Africa's Talking form fields: whole surveys in English
//! and in a reviewed translation, a session dropped at question 7 and resumed, Back across a
//! page boundary, a second attempt from the same phone, a full and a closed link, ten wrong codes, and
//! every screen of the shipped questionnaires within 182 characters. A phone's response and a
//! browser's to the same link count the same, and no table or event holds the phone number.

mod common;

use std::sync::Arc;

use common::process::{filled_template, run};
use common::session::{approved_link, member_of, Client};
use common::{catch_up, import_geography, start_server_configured, TestDb};
use gbvf_api::ussd::flow::{ALREADY, FULL, RESUME, TOO_MANY, WELCOME, WRONG_CODE};
use gbvf_api::ussd::UssdConfig;
use serde_json::{json, Value};

const SECRET: &str = "ussd-callback-secret-for-tests-0123456789";
const PHONE_KEY: &[u8] = b"phone-key-outside-the-database-0123456789";
const THANK_YOU: &str = "Thank you. Your response has been recorded.";

/// A database with the geography, and a server with the USSD channel on.
async fn setup() -> (TestDb, String, std::path::PathBuf) {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let dir = common::session::outbox();
    let config =
        UssdConfig::new(SECRET.into(), PHONE_KEY.to_vec(), "*120*4321#".into(), "").unwrap();
    let base = start_server_configured(
        &db.pool,
        Some("operator-token-for-tests-1234"),
        Some(dir.clone()),
        true,
        |s| s.ussd = Some(Arc::new(config)),
    )
    .await;
    (db, base, dir)
}

/// One step of session `session` from `phone` having typed `inputs`: (status, body).
async fn dial(base: &str, session: &str, phone: &str, inputs: &[String]) -> (u16, String) {
    let res = reqwest::Client::new()
        .post(format!("{base}/api/ussd/{SECRET}"))
        .form(&[
            ("sessionId", session),
            ("serviceCode", "*120*4321#"),
            ("phoneNumber", phone),
            ("networkCode", "65501"),
            ("text", &inputs.join("*")),
        ])
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.text().await.unwrap())
}

/// A session typing one input at a time, as a phone does: each step sends everything typed so
/// far in this session.
struct Session<'a> {
    base: &'a str,
    id: String,
    phone: &'a str,
    typed: Vec<String>,
    screens: Vec<String>,
}

impl<'a> Session<'a> {
    async fn start(base: &'a str, phone: &'a str) -> (Session<'a>, String) {
        let mut s = Session {
            base,
            id: format!("ATUid_{}", uuid::Uuid::new_v4().simple()),
            phone,
            typed: Vec::new(),
            screens: Vec::new(),
        };
        let screen = s.send().await;
        (s, screen)
    }

    async fn send(&mut self) -> String {
        let (status, body) = dial(self.base, &self.id, self.phone, &self.typed).await;
        assert_eq!(status, 200, "{body}");
        assert!(
            body.starts_with("CON ") || body.starts_with("END "),
            "{body}"
        );
        let screen = body[4..].to_string();
        assert!(
            screen.chars().count() <= 182,
            "a screen over 182 characters: {screen}"
        );
        self.screens.push(body.clone());
        body
    }

    async fn type_in(&mut self, input: &str) -> String {
        self.typed.push(input.to_string());
        self.send().await
    }

    /// Answers every question with its first answer (a multiple-choice one: the first, then
    /// Done) until the confirmation; returns it. At most `stop_after` questions when given.
    async fn answer_all(&mut self, mut screen: String, stop_after: Option<usize>) -> String {
        let mut answered = 0;
        while !screen.contains("You answered") {
            assert!(screen.starts_with("CON "), "{screen}");
            if stop_after == Some(answered) {
                return screen;
            }
            if screen.ends_with("99 Done") || screen.ends_with("98 More 99 Done") {
                self.type_in("1").await;
                screen = self.type_in("99").await;
            } else {
                screen = self.type_in("1").await;
            }
            answered += 1;
        }
        screen
    }
}

/// The answers of the responses recorded through period `hc`: one sorted list of (question,
/// answer ids) per response, sorted.
async fn recorded_answers(db: &TestDb, hc: &str) -> Vec<Vec<(String, Vec<i64>)>> {
    let payloads: Vec<Value> = sqlx::query_scalar(
        "SELECT payload FROM events WHERE aggregate_type = 'survey_response'
           AND aggregate_id LIKE $1 || '/%' ORDER BY global_position",
    )
    .bind(hc)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let mut out: Vec<Vec<(String, Vec<i64>)>> = payloads
        .iter()
        .map(|p| {
            let event = p.get("SurveyResponseSubmitted").unwrap_or(p);
            let mut answers: Vec<(String, Vec<i64>)> = event["answers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| {
                    (
                        a["questionId"].as_str().unwrap().to_string(),
                        a["possibleAnswerIds"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|v| v.as_i64().unwrap())
                            .collect(),
                    )
                })
                .collect();
            answers.sort();
            answers
        })
        .collect();
    out.sort();
    out
}

/// A phone answers the whole survey in English, and one in a reviewed isiZulu translation; a
/// browser gives the same answers as the English phone: the two responses are recorded alike
/// (same answers, ids of the same shape, same source), and the same phone cannot answer again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn phones_answer_whole_surveys_in_english_and_isizulu_counted_like_a_browser() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let (member, _, code, hc, survey) = approved_link(&db, &base, &dir, &admin, 10).await;
    let short = gbvf_events::health_check::short_code(&code);
    // The organisation's screen shows the short code and what to dial.
    let (_, periods) = member
        .get("/api/healthcheck/getOrganisationHealthChecks")
        .await;
    let shown = periods.to_string();
    assert!(shown.contains(&short), "{shown}");
    assert!(shown.contains(&format!("*120*4321*{short}#")), "{shown}");

    // English only: the code leads straight to the first question.
    let (mut phone, first) = Session::start(&base, "+27820000001").await;
    assert_eq!(first, format!("CON {WELCOME}"));
    let screen = phone.type_in(&short).await;
    assert!(screen.starts_with("CON 1/22 "), "{screen}");
    let confirm = phone.answer_all(screen, None).await;
    assert!(
        confirm.contains("You answered 22 of 22 questions."),
        "{confirm}"
    );
    assert_eq!(phone.type_in("1").await, format!("END {THANK_YOU}"));

    // The browser answers as the phone did: the first answer of every question.
    let answers: Vec<Value> = survey["questionCategories"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["questions"].as_array().unwrap().clone())
        .map(|q| json!({"QuestionId": q["questionId"], "PossibleAnswerIds": [q["answers"][0]["possibleAnswerId"]]}))
        .collect();
    let (s, v) = Client::new(&base)
        .await
        .post(
            "/api/healthcheck/survey",
            json!({"InviteCode": code, "Answers": answers}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let recorded = recorded_answers(&db, &hc).await;
    assert_eq!(recorded.len(), 2);
    assert_eq!(
        recorded[0], recorded[1],
        "a phone's response reads like a browser's"
    );
    let shapes: Vec<(usize, Value)> = sqlx::query_as::<_, (String, Value)>(
        "SELECT aggregate_id, metadata FROM events WHERE aggregate_type = 'survey_response'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .into_iter()
    .map(|(id, meta)| (id.len(), meta["source"].clone()))
    .collect();
    assert_eq!(shapes[0], shapes[1], "{shapes:?}");

    // The same phone again: refused politely, nothing recorded.
    let (mut again, _) = Session::start(&base, "+27820000001").await;
    assert_eq!(again.type_in(&short).await, format!("END {ALREADY}"));
    assert_eq!(recorded_answers(&db, &hc).await.len(), 2);

    // A reviewed isiZulu translation: the language menu comes first, the questions in isiZulu.
    let zu = dir.join("zu.json");
    std::fs::write(
        &zu,
        serde_json::to_vec(&filled_template("zu", "NgesiZulu")).unwrap(),
    )
    .unwrap();
    let (ok, err) = run(
        &db.url,
        &[],
        &[
            "questionnaire-translation",
            "load",
            zu.to_str().unwrap(),
            "--translator",
            "Translator One",
        ],
    );
    assert!(ok, "{err}");
    let (ok, err) = run(
        &db.url,
        &[],
        &[
            "questionnaire-translation",
            "review",
            "--questionnaire",
            "staff-v1",
            "--language",
            "zu",
            "--reviewer",
            "Reviewer Two",
        ],
    );
    assert!(ok, "{err}");
    catch_up(&db.pool).await;
    let (mut zulu, _) = Session::start(&base, "+27820000002").await;
    let menu = zulu.type_in(&short).await;
    assert_eq!(menu, "CON Choose your language:\n1 English\n2 isiZulu");
    let screen = zulu.type_in("2").await;
    assert!(screen.starts_with("CON 1/22 NgesiZulu "), "{screen}");
    // The answers, on the question's second page, are in isiZulu too.
    let answers_page = zulu.type_in("98").await;
    assert!(answers_page.contains("\n1 NgesiZulu "), "{answers_page}");
    let screen = zulu.type_in("0").await;
    let confirm = zulu.answer_all(screen, None).await;
    assert!(confirm.contains("22 of 22"), "{confirm}");
    assert_eq!(zulu.type_in("1").await, format!("END {THANK_YOU}"));
    let recorded = recorded_answers(&db, &hc).await;
    assert_eq!(recorded.len(), 3);
    assert!(
        recorded.iter().all(|r| *r == recorded[0]),
        "the same ids in any language"
    );

    // No table or event holds the phone numbers: every row of every table, as text.
    for phone in ["+27820000001", "27820000001", "0820000001", "+27820000002"] {
        let places = common::places_holding(&db, phone).await;
        assert!(places.is_empty(), "{phone} found in {places:?}");
    }
    db.drop_db().await;
}

/// A session dropped at question 7 resumes there when the same phone dials again; Back crosses
/// a page boundary; starting again is possible; a closed link ends the session; ten wrong codes
/// are stopped after five; a malformed callback and a wrong secret are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_session_resumes_back_pages_and_wrong_codes_are_limited() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let (_, org, code, hc, _) = approved_link(&db, &base, &dir, &admin, 10).await;
    let short = gbvf_events::health_check::short_code(&code);

    // Dropped at question 7 (six answered).
    let (mut first, _) = Session::start(&base, "+27820000003").await;
    let screen = first.type_in(&short).await;
    let seventh = first.answer_all(screen, Some(6)).await;
    assert!(seventh.starts_with("CON 7/22 "), "{seventh}");
    // Dialling again: asked whether to continue; continuing shows question 7 again.
    let (mut second, prompt) = Session::start(&base, "+27820000003").await;
    assert_eq!(prompt, format!("CON {RESUME}"));
    let resumed = second.type_in("1").await;
    assert_eq!(resumed, seventh);
    // Back across a page boundary: a question of two pages, More, then Back.
    let mut screen = resumed;
    while !screen.contains("98 More") {
        screen = second.type_in("1").await;
        assert!(
            !screen.contains("You answered"),
            "a question with two pages"
        );
    }
    let page_one = screen.clone();
    let page_two = second.type_in("98").await;
    assert_ne!(page_two, page_one);
    assert_eq!(second.type_in("0").await, page_one);
    let confirm = second.answer_all(page_one, None).await;
    assert!(confirm.contains("of 22 questions"), "{confirm}");
    assert_eq!(second.type_in("1").await, format!("END {THANK_YOU}"));
    assert_eq!(recorded_answers(&db, &hc).await.len(), 1);

    // Start again instead of continuing.
    let (mut third, _) = Session::start(&base, "+27820000004").await;
    let screen = third.type_in(&short).await;
    third.answer_all(screen, Some(3)).await;
    let (mut fourth, prompt) = Session::start(&base, "+27820000004").await;
    assert_eq!(prompt, format!("CON {RESUME}"));
    assert_eq!(fourth.type_in("2").await, format!("CON {WELCOME}"));

    // A full link: one expecting a single response takes its cap (6); the next phone is told.
    let (_, _, small, _, _) = approved_link(&db, &base, &dir, &admin, 1).await;
    let small = gbvf_events::health_check::short_code(&small);
    let cap = gbvf_commands::health_check::response_cap(1);
    for n in 0..=cap {
        let phone = format!("+2782100000{n}");
        let (mut s, _) = Session::start(&base, &phone).await;
        let screen = s.type_in(&small).await;
        s.answer_all(screen, None).await;
        let end = s.type_in("1").await;
        let expected = if n < cap { THANK_YOU } else { FULL };
        assert_eq!(end, format!("END {expected}"), "phone {n}");
    }

    // A closed link (its organisation rejected) ends the session.
    let (s, v) = admin
        .post(
            "/api/healthcheck/verify",
            json!({"VerificationStatusId": 2, "StakeholderId": org, "EmailTemplateType": 2}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let (mut closed, _) = Session::start(&base, "+27820000005").await;
    assert_eq!(
        closed.type_in(&short).await,
        "END This survey is closed and no longer accepts responses."
    );

    // Ten wrong codes from one phone: the sixth is stopped, and so is a right code after it.
    let (mut guesser, _) = Session::start(&base, "+27820000006").await;
    let mut ends = 0;
    for i in 0..10 {
        let screen = guesser.type_in(&format!("{:012}", 100 + i)).await;
        if screen == format!("END {TOO_MANY}") {
            ends += 1;
            guesser = Session::start(&base, "+27820000006").await.0;
        } else {
            assert_eq!(screen, format!("CON {WRONG_CODE}"), "try {i}");
        }
    }
    assert_eq!(ends, 5, "tries 6 to 10 stopped");
    assert_eq!(guesser.type_in(&short).await, format!("END {TOO_MANY}"));

    // A forged callback trying many codes in one step: only the first six inputs may be codes,
    // so the right code after five wrong ones opens nothing and the phone is stopped.
    let mut many: Vec<String> = (0..6).map(|i| format!("{:012}", 500 + i)).collect();
    many.push(short.clone());
    let (status, body) = dial(&base, "forged", "+27820000008", &many).await;
    assert_eq!((status, body), (200, format!("END {TOO_MANY}")));

    // Malformed and unauthorised callbacks.
    let (status, body) = dial(&base, "s", "not a phone", &[]).await;
    assert_eq!(status, 400);
    assert!(
        body.contains("phoneNumber must be a phone number."),
        "{body}"
    );
    let (status, _) = dial(&base, "s\u{0}", "+27820000007", &[]).await;
    assert_eq!(status, 400);
    let wrong = reqwest::Client::new()
        .post(format!(
            "{base}/api/ussd/not-the-secret-000000000000000000000"
        ))
        .form(&[
            ("sessionId", "s"),
            ("serviceCode", "*1#"),
            ("phoneNumber", "+27820000007"),
            ("text", ""),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), 404);
    let huge = reqwest::Client::new()
        .post(format!("{base}/api/ussd/{SECRET}"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!(
            "sessionId=s&serviceCode=x&phoneNumber=%2B27&text={}",
            "1".repeat(1 << 20)
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(
        huge.status(),
        413,
        "a megabyte is refused before it is read"
    );
    db.drop_db().await;
}

/// Every screen of every question of the shipped questionnaires fits 182 characters, page by
/// page, with nothing ticked and with every answer ticked, in English and in the pseudo
/// translation that lengthens every text by a third (what a real translation may do).
#[test]
fn every_screen_of_the_shipped_questionnaires_fits() {
    use gbvf_api::ussd::menus::{Question, Questions, SCREEN_LIMIT};
    let file: Value = serde_json::from_str(
        &std::fs::read_to_string(common::data_dir().join("healthcheck/questionnaires.json"))
            .unwrap(),
    )
    .unwrap();
    let scales = &file["scales"];
    let mut screens = 0;
    for q in file["questionnaires"].as_array().unwrap() {
        for longer in [false, true] {
            let text = |t: &Value| {
                let t = t.as_str().unwrap().to_string();
                if longer {
                    format!("{t} {}", &t[..t.len() / 3])
                } else {
                    t
                }
            };
            let questions: Vec<Question> = q["questions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| {
                    let answers = x
                        .get("answers")
                        .filter(|a| a.is_array())
                        .unwrap_or_else(|| &scales[x["scale"].as_str().unwrap()]);
                    Question {
                        id: x["questionId"].as_str().unwrap().into(),
                        text: text(&x["description"]),
                        multiple: x["questionTypeId"] == 4,
                        answers: answers
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|a| {
                                (
                                    a["possibleAnswerId"].as_i64().unwrap() as i32,
                                    text(&a["description"]),
                                )
                            })
                            .collect(),
                    }
                })
                .collect();
            let all = questions.clone();
            let menus = Questions::new(questions);
            for (i, question) in all.iter().enumerate() {
                let ticked = [(
                    question.id.clone(),
                    question.answers.iter().map(|a| a.0).collect::<Vec<_>>(),
                )]
                .into();
                for answers in [&Default::default(), &ticked] {
                    for page in menus.pages(i, answers) {
                        assert!(page.chars().count() <= SCREEN_LIMIT, "{page}");
                        screens += 1;
                    }
                }
            }
        }
    }
    assert!(screens > 74, "{screens} screens checked");
}
