//! `gbvf examples load` / `remove` against real PostgreSQL (docs/decisions/0072-example-data.md):
//! every event it writes is marked example, the API says its figures include example data, the same
//! seed gives the same answers, loading twice is refused, nobody without the operator token can
//! mark a request as example, and removal leaves exactly the real events and read models without
//! the examples.

mod common;

use common::session::Client;
use common::{catch_up, import_geography, start_server, TestDb};
use serde_json::{json, Value};

const TOKEN: &str = "operator-token-for-examples-test";

async fn count(db: &TestDb, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&db.pool).await.unwrap()
}

/// The answers of every example response, in a stable order (independent of ids).
async fn answers(db: &TestDb) -> Vec<String> {
    let mut v: Vec<String> = sqlx::query_scalar(
        "SELECT (payload->'SurveyResponseSubmitted'->>'questionnaireId') || ' ' || (payload->'SurveyResponseSubmitted'->'answers')::text
         FROM events WHERE event_type = 'SurveyResponseSubmitted' AND metadata->>'example' = 'true'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    v.sort();
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn examples_are_marked_labelled_repeatable_and_removable() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let real_before = count(&db, "SELECT count(*) FROM events").await;

    let r = gbvf_api::cli::examples::load(&db.pool, 7).await.unwrap();
    assert_eq!(
        (r.organisations, r.periods, r.responses),
        (4, 5, 46),
        "four organisations, five periods (one Students), 12+7+4+9+14 responses"
    );
    let marked = count(
        &db,
        "SELECT count(*) FROM events WHERE metadata->>'example' = 'true'",
    )
    .await;
    assert_eq!(marked, r.events, "every event the loader wrote is marked");
    assert_eq!(
        count(&db, "SELECT count(*) FROM events").await,
        real_before + r.events
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM organisation WHERE example AND verification_status_id = 3"
        )
        .await,
        4
    );
    // The temporary administrator is deleted and cannot sign in.
    assert_eq!(
        count(&db, "SELECT count(*) FROM user_account WHERE example AND NOT deleted AND organisation_id IS NULL").await,
        0
    );
    assert_eq!(
        count(&db, "SELECT count(*) FROM credential c JOIN user_account u ON u.user_id = c.user_id WHERE u.organisation_id IS NULL").await,
        0
    );
    // No e-mail was queued for example events.
    assert_eq!(count(&db, "SELECT count(*) FROM mail_outbox").await, 0);

    // Loading twice is refused, and writes nothing.
    let err = gbvf_api::cli::examples::load(&db.pool, 7)
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("already loaded"), "{err}");
    assert_eq!(
        count(&db, "SELECT count(*) FROM events").await,
        real_before + r.events
    );

    // The API says its figures include example data (once the quarter is published: as if it
    // had ended).
    let secret = gbvf_api::server_secret::ServerSecret::default();
    gbvf_api::http::health_check::publish_ended_quarters(
        &db.pool,
        secret.get(&db.pool).await.unwrap(),
        chrono::Utc::now() + chrono::Duration::days(100),
    )
    .await
    .unwrap();
    let base = start_server(&db.pool, Some(TOKEN)).await;
    let c = Client::new(&base).await;
    let (y, q) = gbvf_commands::health_check::quarter_of(chrono::Utc::now());
    let (s, v) = c
        .get(&format!(
            "/api/healthcheck/stats?boundaryId=1&quarter={y}Q{q}"
        ))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["data"]["example"], true, "{v}");
    let responses: i64 = v["data"]["byQuarter"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["totalActualResponses"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(responses, 46, "{v}");
    let code: String =
        sqlx::query_scalar("SELECT invite_code FROM health_check WHERE actual_responses = 12")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let (_, survey) = c
        .get(&format!("/api/healthcheck/survey?inviteCode={code}"))
        .await;
    assert_eq!(survey["data"]["example"], true);

    // Text PostgreSQL cannot hold (a NUL byte) is the caller's mistake, not a server error.
    let (s, v) = c
        .get("/api/healthcheck/survey?inviteCode=ab%00cd&Preview=true")
        .await;
    assert_eq!(s, 400, "{v}");

    // Only the operator token may mark a request as example data.
    for auth in [None, Some("Bearer wrong-token")] {
        let mut req = c
            .http
            .post(format!("{base}/api/healthcheck/survey"))
            .header("x-csrf-token", c.csrf())
            .header("x-gbvf-example", "true")
            .json(&json!({"InviteCode": code, "Answers": []}));
        if let Some(a) = auth {
            req = req.header("authorization", a);
        }
        assert_eq!(req.send().await.unwrap().status().as_u16(), 403, "{auth:?}");
    }
    // A real respondent's answer is not marked.
    let survey_answers: Vec<Value> = survey["data"]["questionCategories"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["questions"].as_array().unwrap().clone())
        .map(|q| json!({"QuestionId": q["questionId"], "PossibleAnswerIds": [q["answers"][0]["possibleAnswerId"]]}))
        .collect();
    let (s, v) = c
        .post(
            "/api/healthcheck/survey",
            json!({"InviteCode": code, "Answers": survey_answers}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        count(&db, "SELECT count(*) FROM events WHERE event_type = 'SurveyResponseSubmitted' AND metadata->>'example' IS NULL").await,
        1
    );

    // Removal takes every event of an aggregate with an example event and the responses to
    // example links (the real answer above goes with them), rebuilds, and leaves the real log
    // as it was.
    let first = answers(&db).await;
    assert_eq!(first.len(), 46);
    let removed = gbvf_api::cli::examples::remove(&db.pool).await.unwrap();
    // The real answer is two events: its admission by the (example) period and the response.
    assert_eq!(removed.events as i64, r.events + 2);
    assert_eq!(count(&db, "SELECT count(*) FROM events").await, real_before);
    assert_eq!(count(&db, "SELECT count(*) FROM organisation").await, 0);
    assert_eq!(count(&db, "SELECT count(*) FROM health_check").await, 0);
    assert_eq!(count(&db, "SELECT count(*) FROM user_account").await, 0);
    assert_eq!(count(&db, "SELECT count(*) FROM credential").await, 0);
    catch_up(&db.pool).await;

    // The same seed gives the same answers; another seed other answers.
    gbvf_api::cli::examples::load(&db.pool, 7).await.unwrap();
    assert_eq!(answers(&db).await, first);
    gbvf_api::cli::examples::remove(&db.pool).await.unwrap();
    gbvf_api::cli::examples::load(&db.pool, 8).await.unwrap();
    assert_ne!(answers(&db).await, first);
    db.drop_db().await;
}
