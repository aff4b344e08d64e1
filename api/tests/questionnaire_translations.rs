//! Questionnaire translations against real PostgreSQL, through the operator's `gbvf
//! questionnaire-translation` commands and the real survey API: a loaded translation is not
//! offered; reviewed, it is offered for its language only, with the questionnaire's ids;
//! responses answered in isiZulu and in English count together; a changed text keeps the
//! reviewed one offered until reviewed itself; a withdrawal brings English back; every refusal
//! appends nothing.

mod common;

use common::process::{filled_template, run};
use common::session::{member_of, setup, Client};
use common::{catch_up, TestDb};
use serde_json::{json, Value};

/// The organisation of a signed-in member.
async fn organisation_of(db: &TestDb, c: &Client) -> String {
    let (_, session) = c.get("/api/auth/profile").await;
    let email = session["data"]["email"]
        .as_str()
        .or(session["email"].as_str())
        .expect("profile e-mail")
        .to_string();
    let id: Option<String> = sqlx::query_scalar(
        "SELECT organisation_id FROM user_account WHERE lower(email) = lower($1)",
    )
    .bind(email)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    id.expect("the member has an organisation")
}

/// The invite code of an approved organisation's Staff period (expected: 20 responses).
async fn staff_link(db: &TestDb, base: &str, dir: &std::path::Path) -> (Client, String, String) {
    let admin = member_of(db, base, dir, 1).await;
    let member = member_of(db, base, dir, 4).await;
    let org = organisation_of(db, &member).await;
    let (s, v) = admin
        .post(
            "/api/healthcheck/verify",
            json!({"VerificationStatusId": 3, "StakeholderId": org, "EmailTemplateType": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let (s, v) = member
        .post(
            "/api/healthcheck/inviteCode",
            json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": 14}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    (
        member,
        v["inviteCode"].as_str().unwrap().to_string(),
        v["healthCheckId"].as_str().unwrap().to_string(),
    )
}

/// The survey of `code` as a fresh browser asks for it with `query` appended.
async fn survey(base: &str, code: &str, query: &str) -> Value {
    let (s, v) = Client::new(base)
        .await
        .get(&format!("/api/healthcheck/survey?inviteCode={code}{query}"))
        .await;
    assert_eq!(s, 200, "{v}");
    v["data"].clone()
}

/// A question as shown: (question id, its text, its answers' (id, text)).
type Shown = (String, String, Vec<(i64, String)>);

/// The questions in the order shown.
fn texts(survey: &Value) -> Vec<Shown> {
    let mut out = Vec::new();
    for c in survey["questionCategories"].as_array().unwrap() {
        for q in c["questions"].as_array().unwrap() {
            let answers = q["answers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| {
                    (
                        a["possibleAnswerId"].as_i64().unwrap(),
                        a["description"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            out.push((
                q["questionId"].as_str().unwrap().to_string(),
                q["description"].as_str().unwrap().to_string(),
                answers,
            ));
        }
    }
    out
}

/// Runs `gbvf questionnaire-translation <args>`: (success, standard error).
fn operator(db: &TestDb, args: &[&str]) -> (bool, String) {
    let mut all = vec!["questionnaire-translation"];
    all.extend_from_slice(args);
    run(&db.url, &[], &all)
}

/// Writes `file` where the operator command reads it.
fn save(dir: &std::path::Path, name: &str, file: &Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_vec_pretty(file).unwrap()).unwrap();
    path.to_string_lossy().into_owned()
}

async fn translation_events(db: &TestDb) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_type = 'questionnaire_translation'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap()
}

const REVIEW_ZU: [&str; 7] = [
    "review",
    "--questionnaire",
    "staff-v1",
    "--language",
    "zu",
    "--reviewer",
    "Reviewer Two",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_translation_is_offered_once_reviewed_for_its_language_only_and_responses_pool() {
    let (db, base, dir) = setup().await;
    let (member, code, hc) = staff_link(&db, &base, &dir).await;
    let english = survey(&base, &code, "").await;
    assert_eq!(english["language"], "en");
    assert_eq!(english["languages"], json!(["en"]));

    // Refusals append nothing: nothing to review, an unknown language, a question missing,
    // an empty text.
    let (ok, err) = operator(&db, &REVIEW_ZU);
    assert!(!ok);
    assert!(
        err.contains("There is no translation of this questionnaire into this language to review."),
        "{err}"
    );
    let mut missing = filled_template("zu", "[zu]");
    missing["questions"].as_array_mut().unwrap().remove(2);
    let (ok, err) = operator(
        &db,
        &[
            "load",
            &save(&dir, "missing.json", &missing),
            "--translator",
            "Translator One",
        ],
    );
    assert!(!ok);
    assert!(err.contains("The translation lacks question P3"), "{err}");
    let mut empty = filled_template("zu", "[zu]");
    empty["questions"][0]["answers"][1]["text"] = json!(" ");
    let (ok, err) = operator(
        &db,
        &[
            "load",
            &save(&dir, "empty.json", &empty),
            "--translator",
            "Translator One",
        ],
    );
    assert!(!ok);
    assert!(
        err.contains("question P1, answer 2: the translation is empty."),
        "{err}"
    );
    let mut klingon = filled_template("zu", "[zu]");
    klingon["language"] = json!("tlh");
    let (ok, err) = operator(
        &db,
        &[
            "load",
            &save(&dir, "tlh.json", &klingon),
            "--translator",
            "Translator One",
        ],
    );
    assert!(!ok);
    assert!(err.contains("Unknown language tag \"tlh\""), "{err}");
    assert_eq!(translation_events(&db).await, 0);
    // No name is kept for a refused command.
    let credits: i64 = sqlx::query_scalar("SELECT count(*) FROM questionnaire_translation_credit")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(credits, 0);

    // Loaded: not offered.
    let zu = save(&dir, "zu.json", &filled_template("zu", "[zu]"));
    let (ok, err) = operator(&db, &["load", &zu, "--translator", "Translator One"]);
    assert!(ok, "{err}");
    catch_up(&db.pool).await;
    assert_eq!(survey(&base, &code, "&language=zu").await["language"], "en");
    // The same text again, and a review by the translator: refused, nothing appended.
    let (ok, err) = operator(&db, &["load", &zu, "--translator", "Translator One"]);
    assert!(
        !ok && err.contains("This translation is unchanged"),
        "{err}"
    );
    // The reviewer is the translator however the name is typed: the aggregate compares the
    // credit ids the names resolve to.
    for typed in ["translator one", "translator  ONE", "  Translator   One "] {
        let mut own = REVIEW_ZU;
        own[6] = typed;
        let (ok, err) = operator(&db, &own);
        assert!(
            !ok && err.contains("a review is by another first-language speaker"),
            "{typed:?}: {err}"
        );
    }
    assert_eq!(translation_events(&db).await, 1);

    // Reviewed: offered for isiZulu (and zu-ZA), not for Afrikaans or English.
    let (ok, err) = operator(&db, &REVIEW_ZU);
    assert!(ok, "{err}");
    catch_up(&db.pool).await;
    let zulu = survey(&base, &code, "&language=zu-ZA").await;
    assert_eq!(zulu["language"], "zu");
    assert_eq!(zulu["languages"], json!(["en", "zu"]));
    assert!(zulu["questionnaire"]
        .as_str()
        .unwrap()
        .starts_with("[zu] Staff health check"));
    let (en_texts, zu_texts) = (texts(&english), texts(&zulu));
    assert_eq!(en_texts.len(), zu_texts.len());
    for (e, z) in en_texts.iter().zip(&zu_texts) {
        assert_eq!(e.0, z.0, "same question ids, same order");
        assert_eq!(z.1, format!("[zu] {}", e.1));
        let ids = |a: &Vec<(i64, String)>| a.iter().map(|x| x.0).collect::<Vec<_>>();
        assert_eq!(ids(&e.2), ids(&z.2));
        assert_eq!(z.2[0].1, format!("[zu] {}", e.2[0].1));
    }
    assert_eq!(survey(&base, &code, "&language=af").await["language"], "en");
    // Anything that is no language subtag (a NUL byte, a long or odd value) asks for none.
    let long = "z".repeat(10_000);
    for odd in ["z%00", "zu%00", "%00", long.as_str(), "z%C3%BC", "zu%01"] {
        assert_eq!(
            survey(&base, &code, &format!("&language={odd}")).await["language"],
            "en",
            "{odd}"
        );
    }
    assert_eq!(
        survey(&base, &code, "").await["questionnaire"],
        english["questionnaire"]
    );

    // Three respondents answer in isiZulu, two in English: P1 answer 5 from all five.
    for (i, language) in ["zu", "en", "zu", "en", "zu"].iter().enumerate() {
        let browser = Client::new(&base).await;
        let (_, shown) = browser
            .get(&format!(
                "/api/healthcheck/survey?inviteCode={code}&language={language}"
            ))
            .await;
        assert_eq!(shown["data"]["language"], *language);
        let (s, v) = browser
            .post(
                "/api/healthcheck/survey",
                json!({"InviteCode": code, "Answers": [{"QuestionId": "P1", "PossibleAnswerIds": [5]},
                       {"QuestionId": "P2", "PossibleAnswerIds": [1 + i as i64 % 2]}]}),
            )
            .await;
        assert_eq!(s, 200, "{v}");
    }
    catch_up(&db.pool).await;
    let pooled: i64 = sqlx::query_scalar(
        "SELECT responses FROM health_check_answer WHERE health_check_id = $1 AND question_id = 'P1' AND possible_answer_id = 5",
    )
    .bind(&hc)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(pooled, 5);
    let (s, v) = member
        .post(
            "/api/healthcheck/organisationalResult",
            json!({"QuestionnaireTypeId": 1, "HealthCheckId": hc}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let p1 = v["data"]["questionCategories"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["questions"].as_array().unwrap().iter())
        .find(|q| q["questionId"] == "P1")
        .unwrap()
        .clone();
    // The result is released with noise (docs/decisions/0122-noisy-organisation-results.md):
    // the pooling itself is the exact count above; the release shows a share for the answer.
    assert!(p1["respondents"].as_i64().is_some(), "{p1}");
    let share = p1["answers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["possibleAnswerId"] == 5)
        .unwrap();
    assert!(share["distributionValue"].as_f64().is_some(), "{share}");

    // A changed text waits for its own review while the reviewed one stays offered.
    let changed = save(&dir, "zu2.json", &filled_template("zu", "[zu v2]"));
    let (ok, err) = operator(&db, &["load", &changed, "--translator", "Translator One"]);
    assert!(ok, "{err}");
    catch_up(&db.pool).await;
    let still = survey(&base, &code, "&language=zu").await;
    assert!(
        still["questionnaire"]
            .as_str()
            .unwrap()
            .starts_with("[zu] "),
        "{}",
        still["questionnaire"]
    );
    let (ok, err) = operator(&db, &REVIEW_ZU);
    assert!(ok, "{err}");
    catch_up(&db.pool).await;
    let second = survey(&base, &code, "&language=zu").await;
    assert!(second["questionnaire"]
        .as_str()
        .unwrap()
        .starts_with("[zu v2] "));

    // Withdrawn: English again; a second withdrawal is refused and appends nothing.
    let withdraw = [
        "withdraw",
        "--questionnaire",
        "staff-v1",
        "--language",
        "zu",
    ];
    let (ok, err) = operator(&db, &withdraw);
    assert!(ok, "{err}");
    catch_up(&db.pool).await;
    assert_eq!(survey(&base, &code, "&language=zu").await["language"], "en");
    let before = translation_events(&db).await;
    let (ok, err) = operator(&db, &withdraw);
    assert!(!ok && err.contains("No reviewed translation"), "{err}");
    assert_eq!(translation_events(&db).await, before);

    // Names are credits by id: not in any event, erasable.
    let named: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE payload::text ILIKE '%Translator One%' OR payload::text ILIKE '%Reviewer Two%'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(named, 0);
    let (ok, err) = operator(&db, &["erase-credit", "--name", "reviewer  TWO"]);
    assert!(ok, "{err}");
    let left: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM questionnaire_translation_credit WHERE name = 'Reviewer Two'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(left, 0);

    db.drop_db().await;
    let _ = std::fs::remove_dir_all(dir);
}
