//! Building-block notification e-mails through the durable mail worker, against the real
//! database and the shipped police directory (docs/decisions/0057-building-block-notifications.md):
//! a submission reaches the reviewers of its province only, at most one digest an hour each (later
//! submissions join the waiting digest); a verification and a return reach the submitter, the
//! return with its reason; a proposed provider joins the digest; whoever switched the e-mails off
//! in their profile gets none.

mod common;

use common::session::{
    assign_municipalities, mail_to, mail_to_containing, member_of, message_text, setup, Client,
};
use common::{catch_up, data_dir, places_holding, TestDb};
use gbvf_commands::building_blocks::import_building_blocks;
use serde_json::{json, Value};

const DIGEST: &str = "Building-block details waiting for your review";
const VERIFIED: &str = "Building-block details verified";
const RETURNED: &str = "Building-block details returned to you";
const DECIDED: &str = "The province decided on your building-block proposal";

async fn import(db: &TestDb) {
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    import_building_blocks(&db.pool, &data_dir(), &meta)
        .await
        .expect("building-block import");
    catch_up(&db.pool).await;
}

/// Submits details for police station `id` (building block 1).
async fn submit_station(c: &Client, id: i64) {
    let (s, v) = c
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": id, "buildingBlockId": 1, "physicalAddress": "1 Kotze Street",
                   "receptionNumber": "0114886511", "buildingBlockRequirements": [1, 2],
                   "contactPersons": []}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
}

async fn decide(c: &Client, path: &str, id: i64, reason: Option<&str>) {
    let (s, review) = c
        .get(&format!(
            "/api/buildingblock/reviewSubmission?stakeholderId={id}"
        ))
        .await;
    assert_eq!(s, 200, "{review}");
    let (s, v) = c
        .post(
            &format!("/api/buildingblock/{path}"),
            json!({"stakeholderId": id, "submissionVersion": review["submissionVersion"], "reason": reason}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
}

async fn email_of(c: &mut Client) -> String {
    c.refresh().await["user"]["email"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The outbox rows of `template` to the account with address `email`:
/// `(status, items in the context, minutes until due)`.
async fn rows_to(db: &TestDb, template: &str, email: &str) -> Vec<(String, Value, f64)> {
    sqlx::query_as(
        "SELECT o.status, coalesce(o.context -> 'items', 'null'), extract(epoch FROM o.next_attempt_at - now())::float8 / 60
         FROM mail_outbox o JOIN user_account u ON u.user_id = o.recipient_user_id
         WHERE o.template = $1 AND u.email = $2 ORDER BY o.queued_at",
    )
    .bind(template)
    .bind(email)
    .fetch_all(&db.pool)
    .await
    .unwrap()
}

/// Waits until the mail worker has queued everything committed so far.
async fn queued(db: &TestDb) {
    for _ in 0..200 {
        let behind: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM events e, mail_checkpoint c
                            WHERE c.worker = 'mail' AND (e.transaction_id, e.global_position)
                                  > (c.last_transaction_id, c.last_global_position))",
        )
        .fetch_one(&db.pool)
        .await
        .unwrap();
        if !behind {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the mail worker did not queue the events");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn submissions_reach_the_provinces_reviewers_and_decisions_the_submitter() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let stations: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT provider_id, name, municipality_id FROM bb_provider
         WHERE municipality_id = (SELECT municipality_id FROM bb_provider WHERE name = 'Hillbrow SAPS')
           AND building_block_id = 1 ORDER BY name LIMIT 4",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let joburg = stations[0].2;
    let cape_town: i64 =
        sqlx::query_scalar("SELECT municipality_id FROM bb_provider WHERE name = 'Mowbray SAPS'")
            .fetch_one(&db.pool)
            .await
            .unwrap();

    let mut official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut official, vec![joburg]).await;
    let mut gauteng = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut gauteng, vec![joburg]).await;
    let mut quiet = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut quiet, vec![joburg]).await;
    let mut western_cape = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut western_cape, vec![cape_town]).await;
    let (official_email, gauteng_email, quiet_email, western_cape_email) = (
        email_of(&mut official).await,
        email_of(&mut gauteng).await,
        email_of(&mut quiet).await,
        email_of(&mut western_cape).await,
    );

    // One Gauteng reviewer switches the e-mails off in their profile.
    let (_, profile) = quiet.get("/api/auth/profile").await;
    assert_eq!(profile["data"]["buildingBlockEmails"], true, "{profile}");
    let (s, v) = quiet
        .send(
            reqwest::Method::PUT,
            "/api/auth/notificationEmails",
            json!({"buildingBlockEmails": false}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (_, profile) = quiet.get("/api/auth/profile").await;
    assert_eq!(profile["data"]["buildingBlockEmails"], false, "{profile}");
    let (s, _) = quiet
        .send(
            reqwest::Method::PUT,
            "/api/auth/notificationEmails",
            json!({"buildingBlockEmails": "no"}),
        )
        .await;
    assert!(s == 400 || s == 422, "a non-boolean choice is refused: {s}");

    // The first submission: a digest at once (none went in the last hour).
    submit_station(&official, stations[0].0).await;
    let first = message_text(&mail_to(&dir, &gauteng_email, DIGEST));
    assert!(first.contains(&stations[0].1), "{first}");
    assert!(first.contains("/buildingBlock/queue"), "{first}");
    assert!(!first.contains("Kotze"), "no address in a notice: {first}");

    // Two more within the hour: one digest, due an hour after the first, listing both.
    submit_station(&official, stations[1].0).await;
    submit_station(&official, stations[2].0).await;
    // A new provider proposed joins the same digest.
    let (s, v) = official
        .post(
            "/api/buildingblock/proposeProvider",
            json!({"name": "Hillbrow Community Clinic", "buildingBlockId": 3,
                   "municipalityId": joburg, "receptionNumber": "011 555 0101",
                   "longitude": 28.049, "latitude": -26.189, "physicalAddress": "12 Kotze Street"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let clinic = v["stakeholderId"].as_i64().unwrap();
    queued(&db).await;
    let rows = rows_to(&db, "building-block-submissions", &gauteng_email).await;
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].0, "sent");
    let (status, items, due_in) = &rows[1];
    assert_eq!(status, "pending");
    let listed: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["provider"].as_str().unwrap())
        .collect();
    assert_eq!(
        listed,
        [
            stations[1].1.as_str(),
            stations[2].1.as_str(),
            "Hillbrow Community Clinic"
        ]
    );
    assert_eq!(items[2]["what"], "proposed as a new provider", "{items}");
    assert!(!items.to_string().contains("Kotze"), "no address: {items}");
    assert!(*due_in > 55.0 && *due_in <= 60.0, "due in {due_in} minutes");

    // Nobody else: not the reviewer who switched them off, not another province, not the
    // submitter.
    for email in [&quiet_email, &western_cape_email, &official_email] {
        assert!(
            rows_to(&db, "building-block-submissions", email)
                .await
                .is_empty(),
            "{email} (quiet {quiet_email}, western cape {western_cape_email})"
        );
    }

    // Decisions reach the submitter: a verification, and a return with its reason.
    decide(&gauteng, "verifyBuildingBlock", stations[0].0, None).await;
    let verified = message_text(&mail_to(&dir, &official_email, VERIFIED));
    assert!(verified.contains(&stations[0].1), "{verified}");
    assert!(
        verified.contains(&format!("provider={}", stations[0].0)),
        "{verified}"
    );
    decide(
        &gauteng,
        "returnBuildingBlock",
        stations[1].0,
        Some("The street number is missing."),
    )
    .await;
    let returned = message_text(&mail_to(&dir, &official_email, RETURNED));
    assert!(
        returned.contains("The street number is missing."),
        "{returned}"
    );

    // The province's decisions on proposals reach the proposer: the new clinic confirmed, a
    // closing declined with its reason.
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/confirmProposal",
            json!({"stakeholderId": clinic}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let confirmed = message_text(&mail_to(&dir, &official_email, DECIDED));
    assert!(
        confirmed.contains("Hillbrow Community Clinic"),
        "{confirmed}"
    );
    assert!(
        confirmed.contains("the new provider is confirmed"),
        "{confirmed}"
    );
    assert!(!confirmed.contains("Kotze"), "no address: {confirmed}");
    let (s, v) = official
        .post(
            "/api/buildingblock/proposeClosure",
            json!({"stakeholderId": stations[3].0, "reason": "The station moved."}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/declineProposal",
            json!({"stakeholderId": stations[3].0, "reason": "It is still open on weekdays."}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    queued(&db).await;
    let decided = rows_to(&db, "building-block-decided", &official_email).await;
    assert_eq!(decided.len(), 2, "{decided:?}");
    let declined = mail_to_containing(&dir, &official_email, DECIDED, "the closing is declined");
    assert!(declined.contains(&stations[3].1), "{declined}");
    assert!(
        declined.contains("Reason: It is still open on weekdays."),
        "{declined}"
    );
    // Nobody but the proposer is told.
    for email in [&gauteng_email, &quiet_email, &western_cape_email] {
        assert!(rows_to(&db, "building-block-decided", email)
            .await
            .is_empty());
    }

    // The submitter switches them off: the next decision sends nothing.
    let (s, _) = official
        .send(
            reqwest::Method::PUT,
            "/api/auth/notificationEmails",
            json!({"buildingBlockEmails": false}),
        )
        .await;
    assert_eq!(s, 200);
    catch_up(&db.pool).await;
    decide(&gauteng, "verifyBuildingBlock", stations[2].0, None).await;
    queued(&db).await;
    assert_eq!(
        rows_to(&db, "building-block-verified", &official_email)
            .await
            .len(),
        1,
        "only the decision before the switch"
    );
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reason_naming_a_person_stays_out_of_the_log_and_is_erased_everywhere() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let stations: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT provider_id, municipality_id FROM bb_provider
         WHERE municipality_id = (SELECT municipality_id FROM bb_provider WHERE name = 'Hillbrow SAPS')
           AND building_block_id = 1 ORDER BY name LIMIT 2",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let joburg = stations[0].1;
    let mut official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut official, vec![joburg]).await;
    let mut gauteng = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut gauteng, vec![joburg]).await;
    let official_email = email_of(&mut official).await;

    // A return, a closure proposal and its decline, each with a reason that names a person.
    submit_station(&official, stations[0].0).await;
    decide(
        &gauteng,
        "returnBuildingBlock",
        stations[0].0,
        Some("  Ask Thandi Ngcobo-Radebe for the street number.  "),
    )
    .await;
    let (s, v) = official
        .post(
            "/api/buildingblock/proposeClosure",
            json!({"stakeholderId": stations[1].0, "reason": "Sipho Mahlangu-Venter says it moved."}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/declineProposal",
            json!({"stakeholderId": stations[1].0, "reason": "Nomsa Khoza-Pieterse says it is open."}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    queued(&db).await;
    catch_up(&db.pool).await;

    // Whoever needs a reason reads it: the e-mail, the review screen, the history.
    let returned = message_text(&mail_to(&dir, &official_email, RETURNED));
    assert!(
        returned.contains("Reason: Ask Thandi Ngcobo-Radebe for the street number."),
        "{returned}"
    );
    // The review screen of the returned submission, as its JSON text.
    let review_of_returned = || async {
        let (s, review) = official
            .get(&format!(
                "/api/buildingblock/reviewSubmission?stakeholderId={}",
                stations[0].0
            ))
            .await;
        assert_eq!(s, 200, "{review}");
        review.to_string()
    };
    let review = review_of_returned().await;
    assert!(review.contains("Ask Thandi Ngcobo-Radebe"), "{review}");
    let history = |id: i64| format!("/api/buildingblock/history?stakeholderId={id}");
    let (_, h) = gauteng.get(&history(stations[1].0)).await;
    let details: Vec<&str> = h["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["detail"].as_str().unwrap())
        .collect();
    assert!(
        details.contains(&"Reason: Sipho Mahlangu-Venter says it moved.")
            && details.contains(&"Reason: Nomsa Khoza-Pieterse says it is open."),
        "{details:?}"
    );

    // The event log and the outbox name none of them: only the side table does, trimmed.
    for name in ["Ngcobo-Radebe", "Mahlangu-Venter", "Khoza-Pieterse"] {
        let found = places_holding(&db, name).await;
        assert_eq!(found, ["public.decision_reason (1 rows)"], "{name}");
    }
    let kept: Vec<(uuid::Uuid, String)> =
        sqlx::query_as("SELECT reason_id, reason FROM decision_reason ORDER BY created_at")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert_eq!(kept.len(), 3, "{kept:?}");
    assert_eq!(kept[0].1, "Ask Thandi Ngcobo-Radebe for the street number.");

    // An insider with SQL access changes a kept reason: the sealed event's digest no longer
    // matches, and the history says so instead of showing the changed words as given.
    let changed = sqlx::query(
        "UPDATE decision_reason SET reason = 'The provider asked to be closed.'
         WHERE reason = 'Sipho Mahlangu-Venter says it moved.'",
    )
    .execute(&db.pool)
    .await
    .unwrap();
    assert_eq!(changed.rows_affected(), 1);
    let (_, h) = gauteng.get(&history(stations[1].0)).await;
    let details: Vec<&str> = h["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["detail"].as_str().unwrap())
        .collect();
    let altered = format!("Reason: {}", gbvf_projections::reasons::ALTERED_REASON);
    assert!(
        details.contains(&altered.as_str())
            && details.contains(&"Reason: Nomsa Khoza-Pieterse says it is open.")
            && !details.iter().any(|d| d.contains("asked to be closed")),
        "{details:?}"
    );

    // The e-mail is no way round it: the planned message carries the sealed event's digest, and
    // a text changed since is not sent as the verifier's words.
    let (mut context,): (serde_json::Value,) = sqlx::query_as(
        "SELECT context FROM mail_outbox WHERE template = 'building-block-returned' LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(context["reason_id"], json!(kept[0].0), "{context}");
    assert!(context["reason_digest"].is_string(), "{context}");
    gbvf_api::mail_worker::reason_at_send(&db.pool, &mut context)
        .await
        .unwrap();
    assert_eq!(
        context["reason"],
        "Ask Thandi Ngcobo-Radebe for the street number."
    );
    sqlx::query(
        "UPDATE decision_reason SET reason = 'Pay the fee to this account.' WHERE reason_id = $1",
    )
    .bind(kept[0].0)
    .execute(&db.pool)
    .await
    .unwrap();
    gbvf_api::mail_worker::reason_at_send(&db.pool, &mut context)
        .await
        .unwrap();
    assert_eq!(
        context["reason"],
        gbvf_projections::reasons::ALTERED_REASON,
        "{context}"
    );
    // Nor does the review screen show the changed words as the reviewer's.
    let review = review_of_returned().await;
    assert!(
        review.contains(gbvf_projections::reasons::ALTERED_REASON)
            && !review.contains("Pay the fee"),
        "{review}"
    );

    // Erased (POPIA): no row anywhere holds the names any more; the history and the review
    // still say that a reason was given.
    for (id, _) in &kept {
        let done = gbvf_api::cli::building_blocks::erase_reason(&db.pool, *id)
            .await
            .unwrap();
        assert_eq!(done, gbvf_api::cli::building_blocks::Erasure::Erased);
    }
    let again = gbvf_api::cli::building_blocks::erase_reason(&db.pool, kept[0].0)
        .await
        .unwrap();
    assert_eq!(
        again,
        gbvf_api::cli::building_blocks::Erasure::AlreadyErased
    );
    assert!(
        gbvf_api::cli::building_blocks::erase_reason(&db.pool, uuid::Uuid::new_v4())
            .await
            .is_err()
    );
    for name in ["Ngcobo-Radebe", "Mahlangu-Venter", "Khoza-Pieterse"] {
        assert_eq!(
            places_holding(&db, name).await,
            Vec::<String>::new(),
            "{name}"
        );
    }
    // The salts go with the texts: the digests left in the log cannot be tested against guesses.
    let salted: i64 =
        sqlx::query_scalar("SELECT count(*) FROM decision_reason WHERE salt IS NOT NULL")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(salted, 0);
    let (_, h) = gauteng.get(&history(stations[1].0)).await;
    assert_eq!(
        h["history"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["detail"] == "Reason: Erased reason")
            .count(),
        2,
        "{h}"
    );
    let (_, review) = official
        .get(&format!(
            "/api/buildingblock/reviewSubmission?stakeholderId={}",
            stations[0].0
        ))
        .await;
    assert!(review.to_string().contains("Erased reason"), "{review}");
    db.drop_db().await;
}
