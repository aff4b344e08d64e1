//! The health check against real PostgreSQL through the real HTTP API: a period
//! opened with an invite link, anonymous respondents in separate browsers, duplicate and
//! invalid submissions refused, the 5-response privacy threshold, scores equal to an
//! independent computation from the stored answers, the admin Surveys card, the public
//! figures, and the permissions of every new guarded route.

mod common;

use std::collections::{BTreeMap, HashMap};

use common::session::{
    approved_link, approved_link_of_type, member_of, organisation_of, setup, Client,
    REGISTERED_MEMBERS,
};
use common::{catch_up, TestDb};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

/// Random answers to every question of the survey (single: one; multiple: one or two).
fn random_answers(survey: &Value, rng: &mut rand::rngs::StdRng) -> Vec<Value> {
    let mut out = Vec::new();
    for c in survey["questionCategories"].as_array().unwrap() {
        for q in c["questions"].as_array().unwrap() {
            let ids: Vec<i64> = q["answers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a["possibleAnswerId"].as_i64().unwrap())
                .collect();
            let mut chosen = vec![ids[rng.gen_range(0..ids.len())]];
            if q["questionTypeId"] == 4 && rng.gen_bool(0.5) {
                let other = ids[rng.gen_range(0..ids.len())];
                if other != chosen[0] {
                    chosen.push(other);
                }
            }
            out.push(json!({"QuestionId": q["questionId"], "PossibleAnswerIds": chosen}));
        }
    }
    out
}

/// (per-category score, maturity, count per (question, answer option)).
type Scores = (BTreeMap<i64, f64>, f64, HashMap<(String, i64), i64>);

/// Independent scoring straight from the shipped JSON file and the stored events: per
/// question mean of (chosen score / max score) — MultipleChoice over the sum of scores —
/// per category the mean of question means (categories 1–3), maturity the mean of those.
fn independent_scores(answers: &[Value]) -> Scores {
    let file: Value = serde_json::from_str(
        &std::fs::read_to_string(common::data_dir().join("healthcheck/questionnaires.json"))
            .unwrap(),
    )
    .unwrap();
    let staff = &file["questionnaires"][0];
    assert_eq!(staff["questionnaireId"], "staff-v1");
    let mut per_question: HashMap<String, (f64, f64)> = HashMap::new();
    let mut counts = HashMap::new();
    for response in answers {
        for a in response.as_array().unwrap() {
            let qid = a["questionId"].as_str().unwrap().to_string();
            let q = staff["questions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|x| x["questionId"] == qid.as_str())
                .unwrap();
            let choices = match q["scale"].as_str() {
                Some(s) => file["scales"][s].clone(),
                None => q["answers"].clone(),
            };
            let score_of = |id: i64| {
                choices
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|c| c["possibleAnswerId"] == id)
                    .unwrap()["score"]
                    .as_f64()
                    .unwrap()
            };
            for id in a["possibleAnswerIds"].as_array().unwrap() {
                *counts
                    .entry((qid.clone(), id.as_i64().unwrap()))
                    .or_insert(0) += 1;
            }
            let cat = q["categoryId"].as_i64().unwrap();
            if !(1..=3).contains(&cat) {
                continue;
            }
            let all: Vec<f64> = choices
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["score"].as_f64().unwrap())
                .collect();
            let denominator = if q["questionTypeId"] == 3 {
                all.iter().cloned().fold(0.0, f64::max)
            } else {
                all.iter().sum()
            };
            let earned: f64 = a["possibleAnswerIds"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| score_of(i.as_i64().unwrap()))
                .sum();
            let e = per_question.entry(qid).or_default();
            e.0 += (earned / denominator).min(1.0);
            e.1 += 1.0;
        }
    }
    let mut cats: BTreeMap<i64, Vec<f64>> = BTreeMap::new();
    for q in staff["questions"].as_array().unwrap() {
        if let Some((sum, n)) = per_question.get(q["questionId"].as_str().unwrap()) {
            cats.entry(q["categoryId"].as_i64().unwrap())
                .or_default()
                .push(sum / n);
        }
    }
    let cats: BTreeMap<i64, f64> = cats
        .into_iter()
        .map(|(c, v)| (c, v.iter().sum::<f64>() / v.len() as f64))
        .collect();
    let maturity = cats.values().sum::<f64>() / cats.len() as f64;
    (cats, maturity, counts)
}

fn pct(x: f64) -> f64 {
    (x * 10_000.0).round() / 100.0
}

/// The installation's noise key, from the secret in the database (as the server derives it).
async fn noise_key(db: &TestDb) -> gbvf_commands::health_check::NoiseKey {
    let secret: Vec<u8> =
        sqlx::query_scalar("SELECT secret FROM server_secret WHERE name = 'hmac'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    gbvf_commands::health_check::NoiseKey::new(&secret)
}

/// The released counts of question `q` (as the result shows it) after `steps` steps, from the
/// exact `counts` per (question, answer).
fn released_counts(
    key: &gbvf_commands::health_check::NoiseKey,
    hc: &str,
    q: &Value,
    counts: &HashMap<(String, i64), i64>,
    steps: i64,
) -> gbvf_commands::health_check::NoisyQuestion {
    let qid = q["questionId"].as_str().unwrap();
    let exact: Vec<i64> = q["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            *counts
                .get(&(qid.to_string(), a["possibleAnswerId"].as_i64().unwrap()))
                .unwrap_or(&0)
        })
        .collect();
    let answered = 5 * steps;
    gbvf_commands::health_check::noisy_question(
        key,
        hc,
        qid,
        q["questionTypeId"] == 3,
        steps,
        &exact,
        answered,
    )
}

/// Category scores and maturity of the staff questionnaire from the released counts: per
/// question Σ count × score ÷ (highest score × Σ count), per category the mean, maturity the
/// mean of the categories.
fn noisy_scores(
    key: &gbvf_commands::health_check::NoiseKey,
    hc: &str,
    counts: &HashMap<(String, i64), i64>,
    steps: i64,
) -> (BTreeMap<i64, f64>, f64) {
    let q = &gbvf_commands::health_check::built_in_questionnaires().unwrap()[0];
    let mut cats: BTreeMap<i64, Vec<f64>> = BTreeMap::new();
    for question in &q.questions {
        let cat = question.category_id as i64;
        if !(1..=3).contains(&cat) {
            continue;
        }
        let as_json = json!({
            "questionId": question.question_id,
            "questionTypeId": question.question_type_id,
            "answers": question.answers.iter().map(|a| json!({"possibleAnswerId": a.possible_answer_id})).collect::<Vec<_>>(),
        });
        let released = released_counts(key, hc, &as_json, counts, steps).counts;
        let n: i64 = released.iter().sum();
        if n == 0 {
            continue;
        }
        let top = question.answers.iter().map(|a| a.score).max().unwrap() as f64;
        let sum: f64 = question
            .answers
            .iter()
            .zip(&released)
            .map(|(a, c)| *c as f64 * a.score as f64 / top)
            .sum();
        cats.entry(cat).or_default().push(sum / n as f64);
    }
    let cats: BTreeMap<i64, f64> = cats
        .into_iter()
        .map(|(c, v)| (c, v.iter().sum::<f64>() / v.len() as f64))
        .collect();
    let maturity = cats.values().sum::<f64>() / cats.len() as f64;
    (cats, maturity)
}

/// Publishes the public figures as if the current quarter had ended.
async fn publish_current_quarter(db: &TestDb) {
    catch_up(&db.pool).await;
    let secret = gbvf_api::server_secret::ServerSecret::default();
    gbvf_api::http::health_check::publish_ended_quarters(
        &db.pool,
        secret.get(&db.pool).await.unwrap(),
        chrono::Utc::now() + chrono::Duration::days(100),
    )
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_period_its_anonymous_responses_privacy_threshold_and_scores() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let org_user = member_of(&db, &base, &dir, 4).await;
    let other_org_user = member_of(&db, &base, &dir, 4).await;
    let org = organisation_of(&db, &org_user).await;
    catch_up(&db.pool).await;

    // Questionnaires are published from the shipped file, as events.
    let (s, v) = org_user
        .get("/api/healthcheck/getActiveQuestionnaires")
        .await;
    assert_eq!(s, 200, "{v}");
    let ids: Vec<&str> = v["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["questionnaireId"].as_str().unwrap())
        .collect();
    assert_eq!(ids, vec!["staff-v1", "students-v1"]);
    let published: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'questionnaire' AND event_type = 'QuestionnairePublished'")
        .fetch_one(&db.pool).await.unwrap();
    assert_eq!(published, 2);

    // Not before the organisation is approved.
    let body = json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": 8});
    let (s, v) = org_user
        .post("/api/healthcheck/inviteCode", body.clone())
        .await;
    assert_eq!(s, 400, "{v}");
    let (s, _) = admin
        .post(
            "/api/healthcheck/verify",
            json!({"VerificationStatusId": 3, "StakeholderId": org, "EmailTemplateType": 1}),
        )
        .await;
    assert_eq!(s, 200);
    catch_up(&db.pool).await;

    // Permission and input rules.
    let anonymous = Client::new(&base).await;
    assert_eq!(
        anonymous
            .post("/api/healthcheck/inviteCode", body.clone())
            .await
            .0,
        403
    );
    for bad in [json!(0), json!(-3), json!("1e3"), json!(2.5), json!("")] {
        let (s, v) = org_user
            .post(
                "/api/healthcheck/inviteCode",
                json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": bad}),
            )
            .await;
        assert_eq!(
            (s, v["message"].as_str()),
            (
                400,
                Some("Expected responses must be a whole number of at least 1.")
            ),
            "{bad}"
        );
    }
    let (s, v) = org_user
        .post(
            "/api/healthcheck/inviteCode",
            json!({"QuestionnaireId": "students-v1", "ExpectedResponses": 8}),
        )
        .await;
    assert_eq!(s, 400, "Students only for organisation type 4: {v}");
    let (s, v) = org_user
        .post(
            "/api/healthcheck/inviteCode",
            json!({"QuestionnaireId": "nope-v9", "ExpectedResponses": 8}),
        )
        .await;
    assert_eq!(s, 404, "{v}");

    let (s, v) = org_user
        .post("/api/healthcheck/inviteCode", body.clone())
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (200, Some("Survey link generated successfully")),
        "{v}"
    );
    let code = v["inviteCode"].as_str().unwrap().to_string();
    // Designated persons hold HealthCheckAdmin (34) but act only for their own organisation,
    // and do not see every organisation's figures and links.
    let (status, refused) = other_org_user
        .post(
            "/api/healthcheck/inviteCode",
            json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": 8, "OrganisationId": org}),
        )
        .await;
    assert_eq!(status, 403, "{refused}");
    assert!(!refused.to_string().contains(&code), "{refused}");
    // Nor learn whether an organisation id exists.
    let (status, refused) = other_org_user
        .post(
            "/api/healthcheck/inviteCode",
            json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": 8, "OrganisationId": "no-such-organisation"}),
        )
        .await;
    assert_eq!(status, 403, "{refused}");
    let (status, refused) = other_org_user
        .get("/api/healthcheck/getSummarisedHealthCheck")
        .await;
    assert_eq!(status, 403, "{refused}");
    let (status, summary) = admin.get("/api/healthcheck/getSummarisedHealthCheck").await;
    assert_eq!(status, 200, "{summary}");
    let hc = v["healthCheckId"].as_str().unwrap().to_string();
    assert!(v["url"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/Questionnaire/SurveyQuestions?inviteCode={code}")));
    let (_, again) = org_user
        .post("/api/healthcheck/inviteCode", body.clone())
        .await;
    assert_eq!(
        again["inviteCode"].as_str(),
        Some(code.as_str()),
        "one link per period"
    );
    catch_up(&db.pool).await;

    // The survey, without an account.
    let (s, v) = anonymous
        .get("/api/healthcheck/survey?inviteCode=0000")
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (
            404,
            Some("This survey link is not valid. Please check the link you were sent.")
        )
    );
    let (s, survey) = anonymous
        .get(&format!("/api/healthcheck/survey?inviteCode={code}"))
        .await;
    assert_eq!(s, 200, "{survey}");
    let survey = survey["data"].clone();
    assert_eq!(survey["questionnaireId"], "staff-v1");
    assert!(
        !survey.to_string().contains("\"score\""),
        "scores are not shown to respondents"
    );

    let mut rng = rand::rngs::StdRng::seed_from_u64(12);
    let mut respondents = Vec::new();
    for i in 0..4 {
        let c = Client::new(&base).await;
        let (s, v) = c
            .post(
                "/api/healthcheck/survey",
                json!({"InviteCode": code, "Answers": random_answers(&survey, &mut rng)}),
            )
            .await;
        assert_eq!(
            (s, v["message"].as_str()),
            (200, Some("Thank you. Your response has been recorded.")),
            "respondent {i}: {v}"
        );
        respondents.push(c);
    }
    // Opening the link again, the browser that answered is told so before any question;
    // another browser is not, and a preview never is.
    let path = format!("/api/healthcheck/survey?inviteCode={code}");
    assert_eq!(
        respondents[0].get(&path).await.1["data"]["alreadyAnswered"],
        true
    );
    assert_eq!(
        Client::new(&base).await.get(&path).await.1["data"]["alreadyAnswered"],
        false
    );
    assert_eq!(
        respondents[0].get(&format!("{path}&Preview=true")).await.1["data"]["alreadyAnswered"],
        false
    );
    // The same browser again: refused without identifying anyone.
    let (s, v) = respondents[0]
        .post(
            "/api/healthcheck/survey",
            json!({"InviteCode": code, "Answers": random_answers(&survey, &mut rng)}),
        )
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (
            409,
            Some("You have already completed this survey. Thank you for taking part.")
        )
    );
    // Invalid answers.
    let fresh = Client::new(&base).await;
    for bad in [
        json!([]),
        json!([{"QuestionId": "P1", "PossibleAnswerIds": [1, 2]}]),
        json!([{"QuestionId": "P1", "PossibleAnswerIds": [42]}]),
        json!([{"QuestionId": "ZZ", "PossibleAnswerIds": [1]}]),
    ] {
        let (s, v) = fresh
            .post(
                "/api/healthcheck/survey",
                json!({"InviteCode": code, "Answers": bad}),
            )
            .await;
        assert_eq!(s, 400, "{bad}: {v}");
    }
    catch_up(&db.pool).await;

    // Four responses: nothing computed from them is shown.
    let result_body = json!({"QuestionnaireTypeId": 1, "HealthCheckId": hc});
    let (s, v) = org_user
        .post("/api/healthcheck/organisationalResult", result_body.clone())
        .await;
    assert_eq!(s, 200, "{v}");
    let d = &v["data"];
    assert_eq!(
        (
            d["responses"]["band"].as_str(),
            d["expectedResponses"].as_i64()
        ),
        (Some("1–4"), Some(8))
    );
    assert!(d.get("actualResponeses").is_none() && d.get("actualResponses").is_none());
    assert_eq!(d["resultsAvailable"], false);
    assert_eq!(d["message"], "Results are shown once at least 5 people have responded, to protect respondents' anonymity.");
    assert_eq!(d["questionCategories"], json!([]));
    assert!(d["overallMaturity"].is_null());
    let (_, v) = org_user
        .get("/api/healthcheck/getOrganisationHealthChecks?questionnaireTypeId=1")
        .await;
    let h = &v["data"]["questionnaires"][0];
    assert_eq!(
        (h["responses"]["band"].as_str(), h["isCurrent"].as_bool()),
        (Some("1–4"), Some(true))
    );
    assert!(h["overallMaturity"].is_null() && h["questionCategories"] == json!([]));

    // Two more: six of eight.
    for _ in 0..2 {
        let c = Client::new(&base).await;
        let (s, v) = c
            .post(
                "/api/healthcheck/survey",
                json!({"InviteCode": code, "Answers": random_answers(&survey, &mut rng)}),
            )
            .await;
        assert_eq!(s, 200, "{v}");
    }
    catch_up(&db.pool).await;

    // What is stored: one event per response, with no personal data.
    let stored: Vec<(Value, Value)> = sqlx::query_as("SELECT payload, metadata FROM events WHERE aggregate_type = 'survey_response' ORDER BY global_position")
        .fetch_all(&db.pool).await.unwrap();
    assert_eq!(stored.len(), 6);
    let mut answers = Vec::new();
    for (payload, meta) in &stored {
        let r = &payload["SurveyResponseSubmitted"];
        assert_eq!(
            (
                r["inviteCode"].as_str(),
                r["questionnaireId"].as_str(),
                r["questionnaireVersion"].as_i64()
            ),
            (Some(code.as_str()), Some("staff-v1"), Some(1))
        );
        let keys: Vec<&String> = meta.as_object().unwrap().keys().collect();
        assert_eq!(keys, vec!["actor", "at", "request_id", "source"]);
        assert_eq!(meta["actor"], "anonymous");
        let text = format!("{payload}{meta}");
        assert!(
            !text.contains("127.0.0.1")
                && !text.to_lowercase().contains("reqwest")
                && !text.contains('@'),
            "{text}"
        );
        answers.push(r["answers"].clone());
    }

    let (s, v) = org_user
        .post("/api/healthcheck/organisationalResult", result_body.clone())
        .await;
    assert_eq!(s, 200, "{v}");
    let d = &v["data"];
    assert_eq!(
        (
            d["responses"]["band"].as_str(),
            d["resultsAvailable"].as_bool()
        ),
        (Some("5–9"), Some(true))
    );
    // Six responses: the results are those of the first five (steps of five), each count with
    // the noise of that step under the installation's key (recomputed here from the secret).
    let (_, _, counts) = independent_scores(&answers[..5]);
    let key = noise_key(&db).await;
    let (cats, maturity) = noisy_scores(&key, &hc, &counts, 1);
    assert_eq!(d["overallMaturity"].as_f64(), Some(pct(maturity)));
    for c in d["questionCategories"].as_array().unwrap() {
        let id = c["questionCategoryId"].as_i64().unwrap();
        assert_eq!(
            c["categoryScore"].as_f64(),
            cats.get(&id).map(|x| pct(*x)),
            "category {id}"
        );
        for q in c["questions"].as_array().unwrap() {
            let qid = q["questionId"].as_str().unwrap();
            let released = released_counts(&key, &hc, q, &counts, 1);
            let n = released.respondents;
            assert_eq!(q["respondents"].as_i64(), Some(n), "{qid}");
            for (a, k) in q["answers"]
                .as_array()
                .unwrap()
                .iter()
                .zip(&released.counts)
            {
                assert!(a.get("responses").is_none(), "percentages only: {a}");
                if a["suppressed"] == true {
                    assert!(id == 5 && a["distributionValue"].is_null(), "{qid}: {a}");
                    continue;
                }
                assert_eq!(
                    a["distributionValue"].as_f64(),
                    Some(if n > 0 {
                        pct((*k as f64 / n as f64).min(1.0))
                    } else {
                        0.0
                    }),
                    "{qid}"
                );
            }
        }
    }
    assert_eq!(cats.len(), 3);
    let (_, v) = org_user
        .get("/api/healthcheck/getOrganisationHealthChecks")
        .await;
    let h = &v["data"]["questionnaires"][0];
    assert_eq!(h["overallMaturity"].as_f64(), Some(pct(maturity)));
    assert!(
        h["questionCategories"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["questionCategoryId"] == 5),
        "demographic cards"
    );

    // Other organisations and anonymous callers see nothing.
    assert_eq!(
        other_org_user
            .post("/api/healthcheck/organisationalResult", result_body.clone())
            .await
            .0,
        403
    );
    assert_eq!(
        anonymous
            .post("/api/healthcheck/organisationalResult", result_body.clone())
            .await
            .0,
        403
    );
    assert_eq!(
        anonymous
            .get("/api/healthcheck/getOrganisationHealthChecks")
            .await
            .0,
        403
    );
    assert_eq!(
        anonymous
            .get("/api/healthcheck/getSummarisedHealthCheck")
            .await
            .0,
        403
    );
    assert_eq!(
        org_user
            .get("/api/healthcheck/getSummarisedHealthCheck")
            .await
            .0,
        403
    );
    assert_eq!(
        anonymous
            .get("/api/healthcheck/getActiveQuestionnaires")
            .await
            .0,
        403
    );
    let (_, v) = other_org_user
        .get("/api/healthcheck/getOrganisationHealthChecks")
        .await;
    assert_eq!(
        v["data"]["questionnaires"],
        json!([]),
        "another organisation's periods are not listed"
    );
    // A World of Impact administrator may read any organisation's result.
    assert_eq!(
        admin
            .post("/api/healthcheck/organisationalResult", result_body.clone())
            .await
            .0,
        200
    );

    // The admin Surveys card and the questionnaire manager's cards.
    let (_, dash) = admin
        .post("/api/healthcheck/getAdminDashboard", json!({}))
        .await;
    assert_eq!(
        (
            dash[0]["healthCheckParticipants"].as_i64(),
            dash[0]["actualResponses"].as_i64(),
            dash[0]["expectedResponses"].as_i64()
        ),
        (Some(1), Some(6), Some(8))
    );
    let (s, v) = admin.get("/api/healthcheck/getSummarisedHealthCheck").await;
    assert_eq!(s, 200);
    let staff = v["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["questionnaireId"] == "staff-v1")
        .unwrap()
        .clone();
    assert_eq!(
        (
            staff["totalActualResponses"].as_i64(),
            staff["totalExpectedResponses"].as_i64(),
            staff["totalParticipatedOrganisations"].as_i64(),
            staff["isCurrent"].as_bool()
        ),
        (Some(6), Some(8), Some(1), Some(true))
    );

    // Public figures: nothing of a quarter before it has ended and been published; then one
    // organisation's counts and maturity are never published on their own.
    let quarter = current_quarter();
    let (s, v) = anonymous
        .get(&format!(
            "/api/healthcheck/stats?boundaryId=1&quarter={quarter}"
        ))
        .await;
    assert_eq!(
        (s, v["data"]["published"].as_bool()),
        (200, Some(false)),
        "{v}"
    );
    assert_eq!(v["data"]["byQuarter"], json!([]), "{v}");
    publish_current_quarter(&db).await;
    let (s, v) = anonymous
        .get(&format!(
            "/api/healthcheck/stats?boundaryId=1&quarter={quarter}"
        ))
        .await;
    assert_eq!(s, 200, "{v}");
    let npo = v["data"]["healthCheckStats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["organisationTypeId"] == 1)
        .unwrap()
        .clone();
    assert_eq!(
        (
            npo["participatingOrganisations"].as_i64(),
            npo["totalActualResponses"].as_i64(),
            npo["organisationCount"].as_i64()
        ),
        (Some(1), None, Some(1))
    );
    assert!(npo["overalMaturity"].is_null(), "one organisation: {npo}");
    assert!(v["data"]["byQuarter"]
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x["quarter"] == quarter.as_str()
            && x["participatingOrganisations"] == 1
            && x["totalActualResponses"].is_null()
            && x["totalExpectedResponses"].is_null()));
    assert!(v["data"]["containedBoundaryData"]
        .as_array()
        .unwrap()
        .iter()
        .all(|x| x["overalMaturity"].is_null()));
    assert!(
        !v.to_string().contains(&org),
        "no organisation id in public figures"
    );
    // Refused rather than rewritten (schemathesis found `0273Q3` echoed as `273Q3`).
    for q in [
        "2026Q9",
        "0273Q3",
        "20261Q1",
        "2026Q+3",
        "2026Q03",
        "%2B2026Q1",
    ] {
        let (s, _) = anonymous
            .get(&format!("/api/healthcheck/stats?boundaryId=1&quarter={q}"))
            .await;
        assert_eq!(s, 400, "{q}");
    }

    // Expected responses per quarter are withheld with one organisation (its link's 8).
    let in_quarter = |v: &Value| {
        v["data"]["byQuarter"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["quarter"] == quarter.as_str())
            .cloned()
            .unwrap_or(Value::Null)
    };
    assert_eq!(in_quarter(&v)["totalExpectedResponses"], Value::Null, "{v}");
    // Filtered by organisation type: the organisation's own type keeps it, another type has
    // neither its responses nor its link; unknown types are refused.
    let (s, own) = anonymous
        .get(&format!(
            "/api/healthcheck/stats?boundaryId=1&quarter={quarter}&componentOptions=1"
        ))
        .await;
    assert_eq!(s, 200, "{own}");
    assert_eq!(
        (
            in_quarter(&own)["participatingOrganisations"].as_i64(),
            in_quarter(&own)["totalExpectedResponses"].as_i64(),
            own["data"]["healthCheckStats"].as_array().unwrap().len()
        ),
        (Some(1), None, 1)
    );
    let (s, other) = anonymous
        .get(&format!(
            "/api/healthcheck/stats?boundaryId=1&quarter={quarter}&componentOptions=2,3"
        ))
        .await;
    assert_eq!(s, 200, "{other}");
    assert_eq!(
        (
            other["data"]["overall"]["participatingOrganisations"].as_i64(),
            other["data"]["totalExpectedResponses"].as_i64(),
            other["data"]["totalOrganisations"].as_i64(),
            other["data"]["healthCheckStats"].as_array().unwrap().len()
        ),
        (Some(0), Some(0), Some(0), 2)
    );
    assert!(in_quarter(&other).is_null(), "{other}");
    let (s, _) = anonymous
        .get("/api/healthcheck/stats?boundaryId=1&componentOptions=99")
        .await;
    assert_eq!(s, 400);

    // The dashboard's healthCheck part is the same computation for its current quarter.
    catch_up(&db.pool).await;
    let (_, default_stats) = anonymous.get("/api/healthcheck/stats?boundaryId=1").await;
    let (s, dash) = anonymous.get("/api/dashboard?boundaryId=1").await;
    assert_eq!(s, 200);
    assert_eq!(dash["healthCheck"], default_stats["data"]);
    assert!(dash["healthCheck"]["byQuarter"]
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x["quarter"] == quarter.as_str() && x["participatingOrganisations"] == 1));

    db.drop_db().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// The survey link's cap is not the designated person's to choose: a million expected
/// responses from an organisation of 14 is refused (it gave a cap of 1,100,000); a period in
/// 9999 (which made a `9999Q4` quarter in the national figures) or in a past quarter is
/// refused; a platform administrator opens a link for more than the registered size; and a
/// rejected organisation's responses and expected responses leave the public figures.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cap_follows_the_registered_size_periods_lie_near_and_rejected_organisations_leave_the_figures(
) {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let member = member_of(&db, &base, &dir, 4).await;
    let org = organisation_of(&db, &member).await;
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
            json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": 1_000_000}),
        )
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (400, Some("Expected responses cannot be more than the organisation's registered number of members (14). A platform administrator can open the link for a larger number.")),
        "{v}"
    );
    for from in ["9999-12-31T00:00:00Z", "2020-01-01T00:00:00Z"] {
        let (s, v) = member
            .post(
                "/api/healthcheck/inviteCode",
                json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": 5, "EffectiveFrom": from}),
            )
            .await;
        assert_eq!(s, 400, "{from}: {v}");
        let text = v.to_string();
        assert!(
            text.contains("A survey period starts in the current quarter or the next one.")
                || text.contains(
                    "The survey period must start within the questionnaire's active dates"
                ),
            "{from}: {v}"
        );
    }
    let far: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_type = 'health_check' AND aggregate_id LIKE '%9999Q%'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(far, 0, "no far-future period");
    // The registered size itself is fine; so is more when an administrator opens it.
    let (s, v) = member
        .post(
            "/api/healthcheck/inviteCode",
            json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": REGISTERED_MEMBERS}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let code = v["inviteCode"].as_str().unwrap().to_string();
    let (_, other, _, _, _) = approved_link(&db, &base, &dir, &admin, 40).await;
    let (_, survey) = Client::new(&base)
        .await
        .get(&format!("/api/healthcheck/survey?inviteCode={code}"))
        .await;
    let survey = survey["data"].clone();
    let mut rng = rand::rngs::StdRng::seed_from_u64(77);
    for _ in 0..5 {
        let (s, v) = respond(&base, &code, random_answers(&survey, &mut rng)).await;
        assert_eq!(s, 200, "{v}");
    }
    catch_up(&db.pool).await;
    let quarter = current_quarter();
    let anonymous = Client::new(&base).await;
    let national = || {
        let anonymous = &anonymous;
        let quarter = quarter.clone();
        async move {
            let (s, v) = anonymous
                .get(&format!(
                    "/api/healthcheck/stats?boundaryId=1&quarter={quarter}"
                ))
                .await;
            assert_eq!(s, 200, "{v}");
            v["data"]["overall"]["participatingOrganisations"].as_i64()
        }
    };
    publish_current_quarter(&db).await;
    assert_eq!(
        national().await,
        Some(1),
        "the organisation's 5 responses count"
    );
    let (s, v) = admin
        .post(
            "/api/healthcheck/verify",
            json!({"VerificationStatusId": 2, "StakeholderId": org, "EmailTemplateType": 2}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    publish_current_quarter(&db).await;
    assert_eq!(
        national().await,
        Some(0),
        "the rejected organisation left the figures ({other} stays, unanswered)"
    );
    let left: i64 = sqlx::query_scalar(
        "SELECT organisations FROM health_check_public_cell WHERE boundary_id = 1 AND cell = 'all' AND quarter = $1",
    )
    .bind(&quarter)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(left, 1, "one organisation's link is left");
    db.drop_db().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// `2026Q4` for now.
fn current_quarter() -> String {
    use chrono::Datelike;
    let now = chrono::Utc::now();
    format!("{}Q{}", now.year(), (now.month() - 1) / 3 + 1)
}

/// One response from a fresh browser: (status, answer).
async fn respond(base: &str, code: &str, answers: Vec<Value>) -> (u16, Value) {
    Client::new(base)
        .await
        .post(
            "/api/healthcheck/survey",
            json!({"InviteCode": code, "Answers": answers}),
        )
        .await
}

const FULL: &str = "This survey has received all the responses its link allows (6), so it no longer accepts responses. Thank you for your interest.";
const CLOSED: &str = "This survey is closed and no longer accepts responses.";

/// A link takes at most its cap (expected responses plus a tenth, at least 5) however many
/// fresh browsers race for it, and the designated person sees the cap and when it is reached;
/// at most 30 submissions a minute go through one link; a rejected organisation's link closes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_is_capped_and_rate_limited_and_closes_when_its_organisation_is_rejected() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let (member, org, code, _, survey) = approved_link(&db, &base, &dir, &admin, 1).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(26);
    let tasks: Vec<_> = (0..12)
        .map(|_| {
            let (base, code, answers) = (
                base.clone(),
                code.clone(),
                random_answers(&survey, &mut rng),
            );
            tokio::spawn(async move { respond(&base, &code, answers).await })
        })
        .collect();
    let mut statuses = Vec::new();
    for t in tasks {
        let (s, v) = t.await.unwrap();
        if s == 410 {
            assert_eq!(v["message"], FULL);
        }
        statuses.push(s);
    }
    statuses.sort();
    assert_eq!(
        statuses,
        [vec![200; 6], vec![410; 6]].concat(),
        "cap of 6 for 1 expected"
    );
    catch_up(&db.pool).await;
    let (_, v) = member
        .get("/api/healthcheck/getOrganisationHealthChecks?questionnaireTypeId=1")
        .await;
    let h = &v["data"]["questionnaires"][0];
    assert_eq!(
        (
            h["responses"]["band"].as_str(),
            h["responseCap"].as_i64(),
            h["capReached"].as_bool()
        ),
        (Some("5–9"), Some(6), Some(true)),
        "{h}"
    );
    // Each admission was recorded with its response, in one transaction: six of each.
    let stored: Vec<(String, i64)> = sqlx::query_as(
        "SELECT event_type, count(*) FROM events WHERE event_type IN ('SurveyResponseAdmitted', 'SurveyResponseSubmitted') GROUP BY event_type ORDER BY event_type",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(
        stored,
        vec![
            ("SurveyResponseAdmitted".to_string(), 6),
            ("SurveyResponseSubmitted".to_string(), 6)
        ]
    );

    // 30 a minute through one link, from any number of browsers.
    let (_, _, busy, _, survey2) = approved_link(&db, &base, &dir, &admin, 100).await;
    let mut seen = Vec::new();
    for _ in 0..33 {
        let (s, v) = respond(&base, &busy, random_answers(&survey2, &mut rng)).await;
        if s == 429 {
            assert!(v["message"]
                .as_str()
                .unwrap()
                .starts_with("Many responses are arriving"));
        }
        seen.push(s);
    }
    assert_eq!(seen, [vec![200; 30], vec![429; 3]].concat());

    // The organisation is rejected: its link closes.
    let (s, v) = admin
        .post(
            "/api/healthcheck/verify",
            json!({"VerificationStatusId": 2, "StakeholderId": org, "EmailTemplateType": 2}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let (s, v) = Client::new(&base)
        .await
        .get(&format!("/api/healthcheck/survey?inviteCode={code}"))
        .await;
    assert_eq!((s, v["message"].as_str()), (410, Some(CLOSED)));
    let (s, v) = respond(&base, &code, random_answers(&survey, &mut rng)).await;
    assert_eq!((s, v["message"].as_str()), (410, Some(CLOSED)));
    db.drop_db().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// The organisation's results are those of the largest multiple of 5 responses: two readings
/// around one more response are identical; answers carry percentages, no counts; demographic
/// answers chosen by fewer than 5 are suppressed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn results_move_in_steps_of_five_as_percentages_with_small_demographic_cells_suppressed() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let (member, _, code, hc, survey) = approved_link(&db, &base, &dir, &admin, 20).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let body = json!({"QuestionnaireTypeId": 1, "HealthCheckId": hc});
    let mut readings = Vec::new();
    for n in 1..=11 {
        let (s, v) = respond(&base, &code, random_answers(&survey, &mut rng)).await;
        assert_eq!(s, 200, "{v}");
        catch_up(&db.pool).await;
        let (_, mut v) = member
            .post("/api/healthcheck/organisationalResult", body.clone())
            .await;
        let d = v["data"].as_object_mut().unwrap();
        assert_eq!(
            d["resultsAvailable"].as_bool(),
            Some(n >= 5),
            "{n} responses"
        );
        assert!(d.get("actualResponses").is_none() && d.get("resultsAsOfResponses").is_none());
        d.remove("responses");
        readings.push(v["data"].clone());
    }
    // Responses 5..=9 read the same, 10 and 11 the same; 4 and 5 differ (nothing, then figures).
    for n in [5usize, 6, 7, 8] {
        assert_eq!(
            readings[n],
            readings[n - 1],
            "readings after {n} and {} responses",
            n + 1
        );
    }
    assert_eq!(readings[10], readings[9]);
    assert_ne!(readings[4], readings[3]);
    let text = readings[5].to_string();
    assert!(!text.contains("\"responses\""), "no counts per answer");
    let demographic = readings[5]["questionCategories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["questionCategoryId"] == 5)
        .unwrap();
    let mut suppressed = 0;
    for q in demographic["questions"].as_array().unwrap() {
        for a in q["answers"].as_array().unwrap() {
            let v = a["distributionValue"].as_f64();
            if a["suppressed"] == true {
                assert!(v.is_none());
                suppressed += 1;
            }
        }
    }
    assert!(suppressed > 0);

    // A second period, next quarter, unanswered: the organisation's list holds both, newest
    // first, each with its own figures (read together, never mixed).
    let (s, v) = member
        .post(
            "/api/healthcheck/inviteCode",
            json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": 10, "EffectiveFrom": next_quarter_start()}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let (s, v) = member
        .get("/api/healthcheck/getOrganisationHealthChecks?questionnaireTypeId=1")
        .await;
    assert_eq!(s, 200, "{v}");
    let periods = v["data"]["questionnaires"].as_array().unwrap();
    assert_eq!(periods.len(), 2, "{v}");
    let (next, this) = (&periods[0], &periods[1]);
    assert_eq!(
        (
            next["responses"]["band"].as_str(),
            next["resultsAvailable"].as_bool()
        ),
        (Some("0"), Some(false))
    );
    assert_eq!(next["questionCategories"], json!([]));
    assert_eq!(this["healthCheckId"].as_str(), Some(hc.as_str()));
    assert_eq!(this["responses"]["band"].as_str(), Some("10–19"));
    assert_eq!(this["overallMaturity"], readings[10]["overallMaturity"]);
    let shown: Vec<&Value> = readings[10]["questionCategories"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["isInDashboard"] == true)
        .collect();
    assert_eq!(
        this["questionCategories"]
            .as_array()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        shown,
        "the list shows the dashboard categories of the period's own result"
    );
    db.drop_db().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// The first day of the next quarter, as the survey-link form sends it.
fn next_quarter_start() -> String {
    use chrono::Datelike;
    let now = chrono::Utc::now();
    let q = (now.month() - 1) / 3;
    let (y, m) = if q == 3 {
        (now.year() + 1, 1)
    } else {
        (now.year(), q * 3 + 4)
    };
    format!("{y}-{m:02}-01T00:00:00Z")
}

/// The district: 4 organisations and 18 responses over all types; 3 of type 1 with
/// 8. Published exactly, the fourth organisation's count (10) and maturity followed by
/// subtraction. Now the figures are a fixed table of cells, published once the quarter has
/// ended: the lone type-2 organisation's cell is suppressed and so is its complement (type 1),
/// while the district's total stays; a choice of every type is the total, a choice never
/// made before computes nothing new; and anonymous reads never write.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_cells_are_published_once_with_complementary_suppression() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let anonymous = Client::new(&base).await;
    let quarter = current_quarter();
    let mut rng = rand::rngs::StdRng::seed_from_u64(6);
    for (t, n) in [(1, 3), (1, 2), (1, 3), (2, 10)] {
        let (_, _, code, _, survey) = approved_link_of_type(&db, &base, &dir, &admin, 10, t).await;
        for _ in 0..n {
            let (s, v) = respond(&base, &code, random_answers(&survey, &mut rng)).await;
            assert_eq!(s, 200, "{v}");
        }
    }
    catch_up(&db.pool).await;
    let district: i64 = sqlx::query_scalar(
        "SELECT district_id FROM boundary WHERE level = 'municipality' AND code = 'EC108'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let stats = |query: String| {
        let anonymous = &anonymous;
        async move {
            let (s, v) = anonymous
                .get(&format!(
                    "/api/healthcheck/stats?boundaryId={district}&quarter={quarter}{query}",
                    quarter = current_quarter()
                ))
                .await;
            assert_eq!(s, 200, "{v}");
            v["data"].clone()
        }
    };
    let rows = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT (SELECT count(*) FROM health_check_public_cell) + (SELECT count(*) FROM health_check_publication)",
        )
        .fetch_one(&db.pool)
        .await
        .unwrap()
    };
    // Before the quarter is published: nothing, and reading writes nothing.
    let before = stats(String::new()).await;
    assert_eq!(before["published"], false);
    assert!(
        before["overall"]["totalActualResponses"].is_null(),
        "{before}"
    );
    stats("&componentOptions=1".into()).await;
    assert_eq!(rows().await, 0, "reads never publish");

    publish_current_quarter(&db).await;
    let published: Vec<(String, String)> = sqlx::query_as(
        "SELECT cell, coalesce(responses::text, '-') FROM health_check_public_cell WHERE boundary_id = $1 AND quarter = $2 ORDER BY cell",
    )
    .bind(district)
    .bind(&quarter)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(
        published,
        vec![
            ("all".to_string(), "18".to_string()),
            ("type:1".to_string(), "-".to_string()),
            ("type:2".to_string(), "-".to_string())
        ]
    );
    let cells_then = rows().await;
    let all = stats(String::new()).await;
    assert_eq!(
        (
            all["overall"]["participatingOrganisations"].as_i64(),
            all["overall"]["totalActualResponses"].as_i64()
        ),
        (Some(4), Some(18)),
        "{all}"
    );
    let by_type = |v: &Value, t: i64| {
        v["healthCheckStats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["organisationTypeId"] == t)
            .unwrap()
            .clone()
    };
    for t in [1, 2] {
        let cell = by_type(&all, t);
        assert!(
            cell["totalActualResponses"].is_null() && cell["overalMaturity"].is_null(),
            "type {t}: {cell}"
        );
    }
    // Every figure shown: none is 10, none differs from another by 10.
    let mut shown: Vec<i64> = vec![all["overall"]["totalActualResponses"].as_i64().unwrap()];
    for x in all["healthCheckStats"]
        .as_array()
        .unwrap()
        .iter()
        .chain(all["containedBoundaryData"].as_array().unwrap())
    {
        shown.extend(x["totalActualResponses"].as_i64());
    }
    for a in &shown {
        for b in &shown {
            assert_ne!(a - b, 10, "{shown:?}");
        }
    }
    // Filters only choose published cells.
    let t1 = stats("&componentOptions=1".into()).await;
    assert!(t1["overall"]["totalActualResponses"].is_null(), "{t1}");
    let every = stats("&componentOptions=1,2,3,4".into()).await;
    assert_eq!(every["overall"], all["overall"]);
    let never = stats("&componentOptions=2,3".into()).await;
    assert!(
        never["overall"]["totalActualResponses"].is_null(),
        "{never}"
    );
    assert_eq!(rows().await, cells_then, "reads never publish");
    // Publishing again with nothing changed writes nothing.
    let at: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("SELECT published_at FROM health_check_publication WHERE quarter = $1")
            .bind(&quarter)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    publish_current_quarter(&db).await;
    let again: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("SELECT published_at FROM health_check_publication WHERE quarter = $1")
            .bind(&quarter)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(at, again);
    db.drop_db().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// The attack on one respondent: one real response, then the designated person sends
/// four of their own from fresh browsers, each choosing the first answer everywhere. Released
/// exactly, every question showed 20 % on the real respondent's answer. Now the counts carry
/// noise (ε = 1 per question, fixed per release): the release no longer equals the exact
/// distribution on most questions, so the fifth answer cannot be read off; the designated
/// person sees a band, not the count; and reading the same release twice gives the same
/// figures, so nothing can be averaged away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_designated_person_with_four_of_five_responses_cannot_read_the_fifth() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let (member, _, code, hc, survey) = approved_link(&db, &base, &dir, &admin, 5).await;
    let answer_all = |pick: &dyn Fn(&[i64]) -> i64| -> Vec<Value> {
        let mut out = Vec::new();
        for c in survey["questionCategories"].as_array().unwrap() {
            for q in c["questions"].as_array().unwrap() {
                let ids: Vec<i64> = q["answers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|a| a["possibleAnswerId"].as_i64().unwrap())
                    .collect();
                out.push(json!({"QuestionId": q["questionId"], "PossibleAnswerIds": [pick(&ids)]}));
            }
        }
        out
    };
    // The real respondent chooses the last answer everywhere.
    let (s, v) = respond(&base, &code, answer_all(&|ids| *ids.last().unwrap())).await;
    assert_eq!(s, 200, "{v}");
    for _ in 0..4 {
        let (s, v) = respond(&base, &code, answer_all(&|ids| ids[0])).await;
        assert_eq!(s, 200, "{v}");
    }
    catch_up(&db.pool).await;
    let body = json!({"QuestionnaireTypeId": 1, "HealthCheckId": hc});
    let (s, first) = member
        .post("/api/healthcheck/organisationalResult", body.clone())
        .await;
    assert_eq!(s, 200, "{first}");
    let d = &first["data"];
    assert_eq!(d["resultsAvailable"], true, "{d}");
    assert_eq!(d["responses"]["band"], "5–9", "a band, not the count");
    assert!(!d.to_string().contains("\"actualResponses\""));
    assert_eq!(d["privacy"]["epsilonPerQuestion"].as_f64(), Some(1.0));
    // How many single-choice questions show the exact 80/20 split that gives the real answer.
    let mut exact = 0;
    let mut questions = 0;
    for c in d["questionCategories"].as_array().unwrap() {
        for q in c["questions"].as_array().unwrap() {
            if q["questionTypeId"] != 3 {
                continue;
            }
            questions += 1;
            let shares: Vec<Option<f64>> = q["answers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a["distributionValue"].as_f64())
                .collect();
            let mut expected = vec![Some(0.0); shares.len()];
            expected[0] = Some(80.0);
            *expected.last_mut().unwrap() = Some(20.0);
            if shares == expected {
                exact += 1;
            }
        }
    }
    assert!(questions >= 20, "{questions}");
    assert!(
        exact <= 3,
        "{exact} of {questions} questions give the real answer away: {d}"
    );
    // The same release read again: the same figures.
    let (_, second) = member
        .post("/api/healthcheck/organisationalResult", body.clone())
        .await;
    assert_eq!(first, second);
    let (_, list) = member
        .get("/api/healthcheck/getOrganisationHealthChecks?questionnaireTypeId=1")
        .await;
    let h = &list["data"]["questionnaires"][0];
    assert_eq!(h["responses"]["band"], "5–9");
    assert_eq!(h["overallMaturity"], d["overallMaturity"], "one release");
    db.drop_db().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// One phone sends the same response three times (twice at once, then again, as a queued
/// response and a retry after a lost answer would): each is answered 200, one response and one
/// place under the cap are recorded, and the completed count rises by one. Another response
/// from the same browser, with another key or none, is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_response_key_is_recorded_once_however_often_it_is_sent() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let (member, _, code, hc, survey) = approved_link(&db, &base, &dir, &admin, 3).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(30);
    let answers = random_answers(&survey, &mut rng);
    let phone = Client::new(&base).await;
    // The phone opened the link first (its browser cookie is set then).
    let (s, _) = phone
        .get(&format!("/api/healthcheck/survey?inviteCode={code}"))
        .await;
    assert_eq!(s, 200);
    let key = uuid::Uuid::new_v4();
    let body = json!({"InviteCode": code, "Answers": answers, "ResponseKey": key});
    let (a, b) = tokio::join!(
        phone.post("/api/healthcheck/survey", body.clone()),
        phone.post("/api/healthcheck/survey", body.clone())
    );
    assert_eq!((a.0, b.0), (200, 200), "{} {}", a.1, b.1);
    let (s, v) = phone.post("/api/healthcheck/survey", body.clone()).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["message"], "Thank you. Your response has been recorded.");
    for other in [
        json!({"InviteCode": code, "Answers": answers, "ResponseKey": uuid::Uuid::new_v4()}),
        json!({"InviteCode": code, "Answers": answers}),
    ] {
        let (s, v) = phone.post("/api/healthcheck/survey", other).await;
        assert_eq!(s, 409, "{v}");
    }
    let count = |sql: &'static str| {
        let pool = db.pool.clone();
        let hc = hc.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .bind(hc)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    assert_eq!(
        count("SELECT count(*) FROM events WHERE aggregate_type = 'survey_response' AND aggregate_id LIKE $1 || '/%'").await,
        1,
        "one response"
    );
    assert_eq!(
        count("SELECT count(*) FROM events WHERE aggregate_type = 'health_check' AND aggregate_id = $1 AND event_type = 'SurveyResponseAdmitted'").await,
        1,
        "one place under the cap"
    );
    // The stored key is not the phone's key.
    let stored: String = sqlx::query_scalar(
        "SELECT payload::text FROM events WHERE aggregate_type = 'survey_response' AND aggregate_id LIKE $1 || '/%'",
    )
    .bind(&hc)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert!(!stored.contains(&key.to_string()), "{stored}");
    catch_up(&db.pool).await;
    let (_, v) = member
        .get("/api/healthcheck/getOrganisationHealthChecks?questionnaireTypeId=1")
        .await;
    assert_eq!(
        v["data"]["questionnaires"][0]["responses"]["band"].as_str(),
        Some("1–4")
    );
    // A key that is not a UUID is refused before anything is recorded.
    let (s, _) = Client::new(&base)
        .await
        .post(
            "/api/healthcheck/survey",
            json!({"InviteCode": code, "Answers": answers, "ResponseKey": "x\u{0}y"}),
        )
        .await;
    assert_eq!(s, 400);
    db.drop_db().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// A response whose admission met a racing one gives its pooled connection back before it
/// pauses and decides again: on a pool of ONE connection, a second acquirer queued while the
/// response waited on the rival's insert gets the connection before the response is recorded,
/// and the response is still recorded after it (with the rival's admission before its own).
/// Respondents racing on one period therefore never hold connections while they sleep.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_response_that_meets_a_rival_admission_gives_its_connection_back_while_it_waits() {
    use cqrs_es::Aggregate;
    use gbvf_commands::execute::{decide, load_on, Retry};
    use gbvf_commands::health_check::submission::record_survey_response;
    use gbvf_commands::health_check::{
        HealthCheck, HealthCheckCommand, SubmitSurveyResponse, SurveyAnswers,
    };
    use gbvf_events::health_check::GivenAnswer;
    use gbvf_events::metadata::EventMetadata;
    use gbvf_events::store::{append_batch, NewEvent};
    use sqlx::Connection;

    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let (_, _, code, hc, survey) = approved_link(&db, &base, &dir, &admin, 3).await;
    let questionnaire =
        gbvf_projections::health_check::queries::questionnaire(&db.pool, "staff-v1")
            .await
            .unwrap()
            .expect("staff-v1 is published");
    let mut rng = rand::rngs::StdRng::seed_from_u64(31);
    let answers = random_answers(&survey, &mut rng)
        .into_iter()
        .map(|a| GivenAnswer {
            question_id: a["QuestionId"].as_str().unwrap().to_string(),
            possible_answer_ids: serde_json::from_value(a["PossibleAnswerIds"].clone()).unwrap(),
        })
        .collect();
    let answers = SurveyAnswers::parse(&questionnaire, answers).unwrap();
    let admit = |response_id: &str| HealthCheckCommand::AdmitSurveyResponse {
        at: chrono::Utc::now(),
        organisation_approved: true,
        response_id: response_id.to_string(),
    };
    let meta = || EventMetadata::now("anonymous", uuid::Uuid::new_v4().to_string(), "test");

    // The rival: an admission of another response, inserted and not yet committed.
    let mut rival = sqlx::PgConnection::connect(&db.url).await.unwrap();
    let mut rival_tx = rival.begin().await.unwrap();
    let rival_id = format!("{hc}/{}", uuid::Uuid::new_v4().simple());
    let (mut period, sequence) = load_on::<HealthCheck>(&mut rival_tx, &hc).await.unwrap();
    let admitted = decide(&mut period, admit(&rival_id), &()).await.unwrap();
    assert_eq!(admitted.len(), 1);
    let rows = NewEvent::run(HealthCheck::TYPE, &hc, sequence + 1, &admitted, &meta());
    append_batch(&mut rival_tx, &rows).await.unwrap();

    // The response, on a pool of one connection: its insert waits on the rival's.
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&db.url)
        .await
        .unwrap();
    let response_id = format!("{hc}/{}", uuid::Uuid::new_v4().simple());
    let submit = SubmitSurveyResponse {
        health_check_id: hc.clone(),
        invite_code: gbvf_commands::text::LineText::parse(code.clone()).unwrap(),
        answers,
        response_key: None,
    };
    let connection = pool.acquire().await.unwrap();
    let response = tokio::spawn({
        let (pool, hc, response_id) = (pool.clone(), hc.clone(), response_id.clone());
        async move {
            record_survey_response(
                &pool,
                connection,
                &hc,
                &response_id,
                || admit(&response_id),
                submit,
                meta,
                Retry {
                    tries: 3,
                    jitter_ms: 0,
                },
            )
            .await
        }
    });
    // Wait (for state, not time) until the response's insert waits on the rival's lock.
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'transactionid'",
        )
        .fetch_one(&db.pool)
        .await
        .unwrap();
        if waiting > 0 {
            break;
        }
        assert!(
            !response.is_finished(),
            "the response did not wait on the rival"
        );
        tokio::task::yield_now().await;
    }
    // A second acquirer queues for the pool's one connection, then the rival commits.
    let mut second = Box::pin(pool.acquire());
    tokio::select! {
        biased;
        _ = &mut second => panic!("the pool's one connection is the response's"),
        _ = std::future::ready(()) => {}
    }
    rival_tx.commit().await.unwrap();
    let held = tokio::time::timeout(std::time::Duration::from_secs(60), second)
        .await
        .expect("the response kept its connection through its retry")
        .unwrap();
    assert!(
        !response.is_finished(),
        "the second acquirer got the connection only after the response was recorded"
    );
    drop(held);
    response.await.unwrap().expect("recorded on the next try");
    let admissions: Vec<String> = sqlx::query_scalar(
        "SELECT payload->'SurveyResponseAdmitted'->>'responseId' FROM events
          WHERE aggregate_type = 'health_check' AND aggregate_id = $1
            AND event_type = 'SurveyResponseAdmitted' ORDER BY sequence",
    )
    .bind(&hc)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(admissions, vec![rival_id, response_id.clone()]);
    let recorded: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_type = 'survey_response' AND aggregate_id = $1",
    )
    .bind(&response_id)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(recorded, 1);
    pool.close().await;
    db.drop_db().await;
    let _ = std::fs::remove_dir_all(dir);
}
