//! The verification queue and the review against the real database and the shipped
//! directories (docs/decisions/0056-the-verification-queue-and-the-review.md): what waits in
//! Gauteng is listed to Gauteng's designated persons only, oldest first, filtered and paged;
//! a municipal person cannot verify, nobody verifies their own submission; the review names
//! requirements and shows contact persons added; a return needs a short, clean reason and
//! reaches the municipality's queue; the history reads in words with people's names.

mod common;

use common::session::{
    assign_municipalities, member_of, member_registered_as, registration, setup, Client,
};
use common::{catch_up, data_dir, TestDb};
use gbvf_commands::building_blocks::import_building_blocks;
use serde_json::{json, Value};

async fn import(db: &TestDb) {
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    import_building_blocks(&db.pool, &data_dir(), &meta)
        .await
        .expect("building-block import");
    catch_up(&db.pool).await;
}

/// A member of `group` named `first last`.
async fn named_member(
    db: &TestDb,
    base: &str,
    dir: &std::path::Path,
    group: i64,
    first: &str,
    last: &str,
) -> Client {
    let email = format!("{first}-{}@example.org", uuid::Uuid::new_v4().simple()).to_lowercase();
    let mut body = registration(db, &email).await;
    body["FirstName"] = json!(first);
    body["LastName"] = json!(last);
    member_registered_as(db, base, dir, group, body).await
}

/// Submits details for police station `id` with one contact person for requirement 2.
async fn submit_station(c: &Client, id: i64, address: &str, person: &str) {
    let (s, v) = c
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": id, "buildingBlockId": 1, "physicalAddress": address,
                   "receptionNumber": "0114886511", "buildingBlockRequirements": [1, 2],
                   "contactPersons": [{"buildingBlockRequirementId": 2, "fullName": person,
                                       "mobileNumber": "0831112233"}]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
}

async fn review(c: &Client, id: i64) -> Value {
    let (s, v) = c
        .get(&format!(
            "/api/buildingblock/reviewSubmission?stakeholderId={id}"
        ))
        .await;
    assert_eq!(s, 200, "{v}");
    v
}

async fn decide(
    c: &Client,
    path: &str,
    id: i64,
    version: Value,
    reason: Option<String>,
) -> (u16, Value) {
    c.post(
        &format!("/api/buildingblock/{path}"),
        json!({"stakeholderId": id, "submissionVersion": version, "reason": reason}),
    )
    .await
}

async fn queue(c: &Client, query: &str) -> (u16, Value) {
    c.get(&format!("/api/buildingblock/verificationQueue{query}"))
        .await
}

fn names(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_queue_lists_an_areas_submissions_to_its_designated_persons_only() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    // Two Johannesburg stations (Gauteng), and Cape Town (Western Cape).
    let (hillbrow, joburg): (i64, i64) = sqlx::query_as(
        "SELECT provider_id, municipality_id FROM bb_provider WHERE name = 'Hillbrow SAPS'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let (other, other_name): (i64, String) = sqlx::query_as(
        "SELECT provider_id, name FROM bb_provider WHERE municipality_id = $1 AND building_block_id = 1
           AND provider_id <> $2 ORDER BY name LIMIT 1",
    )
    .bind(joburg)
    .bind(hillbrow)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let cape_town: i64 =
        sqlx::query_scalar("SELECT municipality_id FROM bb_provider WHERE name = 'Mowbray SAPS'")
            .fetch_one(&db.pool)
            .await
            .unwrap();

    let mut official = named_member(&db, &base, &dir, 5, "Lindiwe", "Dlamini").await;
    assign_municipalities(&db, &mut official, vec![joburg]).await;
    let mut gauteng = named_member(&db, &base, &dir, 6, "Pieter", "Nkosi").await;
    assign_municipalities(&db, &mut gauteng, vec![joburg]).await;
    let mut western_cape = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut western_cape, vec![cape_town]).await;

    submit_station(&official, hillbrow, "1 Kotze Street", "Sergeant Hillbrow").await;
    submit_station(&official, other, "2 Main Road", "Sergeant Other").await;

    // Gauteng's verifier: both, oldest first, with who and since when.
    let (s, page) = queue(&gauteng, "").await;
    assert_eq!(s, 200, "{page}");
    assert_eq!(page["total"], 2, "{page}");
    assert_eq!(names(&page), ["Hillbrow SAPS", other_name.as_str()]);
    assert_eq!(page["counts"]["submitted"], 2);
    assert_eq!(page["counts"]["returned"], 0);
    assert!(
        page["counts"]["notCaptured"].as_i64().unwrap() > 100,
        "{page}"
    );
    let first = &page["items"][0];
    assert_eq!(first["submittedByName"], "Lindiwe Dlamini");
    assert_eq!(first["daysWaiting"], 0);
    assert_eq!(first["ownSubmission"], false);
    assert!(page["municipalities"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["id"] == joburg));

    // Filters and paging.
    let (_, p) = queue(
        &gauteng,
        &format!("?municipalityId={joburg}&buildingBlockId=1"),
    )
    .await;
    assert_eq!(p["total"], 2);
    let (_, p) = queue(&gauteng, "?buildingBlockId=2").await;
    assert_eq!(p["total"], 0);
    let (_, p) = queue(&gauteng, "?minDaysWaiting=1").await;
    assert_eq!(p["total"], 0, "nothing has waited a day yet");
    let (_, p) = queue(&gauteng, "?pageSize=1&page=2").await;
    assert_eq!(
        (p["total"].as_i64(), names(&p)),
        (Some(2), vec![other_name.clone()])
    );
    for bad in [
        "?status=verified",
        "?pageSize=1000",
        "?page=0",
        "?minDaysWaiting=-1",
    ] {
        let (s, v) = queue(&gauteng, bad).await;
        assert_eq!(s, 400, "{bad}: {v}");
    }

    // Another province's verifier: none of Gauteng's submissions, not even counted.
    let (s, page) = queue(&western_cape, "").await;
    assert_eq!(s, 200);
    assert_eq!(page["total"], 0, "{page}");
    assert_eq!(page["counts"]["submitted"], 0);
    assert!(!page.to_string().contains("Hillbrow"), "{page}");
    let (_, page) = queue(&western_cape, &format!("?municipalityId={joburg}")).await;
    assert_eq!(page["total"], 0, "{page}");
    let (s, _) = western_cape
        .get(&format!(
            "/api/buildingblock/reviewSubmission?stakeholderId={hillbrow}"
        ))
        .await;
    assert_eq!(s, 403);

    // Anyone without EditBuildingBlock or ValidateBuildingBlock: refused.
    let outsider = member_of(&db, &base, &dir, 4).await;
    let (s, _) = queue(&outsider, "").await;
    assert_eq!(s, 403);

    // The municipal person sees what waits, and cannot verify.
    let (_, page) = queue(&official, "").await;
    assert_eq!(page["total"], 2);
    assert_eq!(page["items"][0]["ownSubmission"], true);
    let mine = review(&official, hillbrow).await;
    assert_eq!(mine["mayDecide"], false);
    let version = mine["submissionVersion"].clone();
    let (s, _) = official
        .post(
            "/api/buildingblock/verifyBuildingBlock",
            json!({"stakeholderId": hillbrow, "submissionVersion": version}),
        )
        .await;
    assert_eq!(s, 403);

    // The review: the address set, requirements by name, the contact person added.
    let r = review(&gauteng, hillbrow).await;
    assert_eq!(r["mayDecide"], true, "{r}");
    assert_eq!(r["verifiedAt"], Value::Null);
    let address = &r["fields"][0];
    assert_eq!(address["field"], "physicalAddress");
    assert_eq!(address["verified"], Value::Null);
    assert_eq!(address["submitted"], "1 Kotze Street");
    assert_eq!(address["changed"], true);
    let requirements = r["requirements"].as_array().unwrap();
    assert!(requirements
        .iter()
        .all(|q| q["name"].as_str().is_some_and(|n| !n.is_empty())));
    assert_eq!(
        requirements.iter().filter(|q| q["changed"] == true).count(),
        2
    );
    assert_eq!(r["contactPersons"][0]["change"], "added");
    assert_eq!(
        r["contactPersons"][0]["submitted"]["fullName"],
        "Sergeant Hillbrow"
    );
    assert_eq!(
        r["contactPersons"][0]["requirement"],
        requirements[1]["name"]
    );

    // A return needs a short, clean reason.
    for bad in [
        " ".to_string(),
        "x".repeat(1001),
        "Wrong\u{0007}".to_string(),
    ] {
        let (s, v) = decide(
            &gauteng,
            "returnBuildingBlock",
            hillbrow,
            version.clone(),
            Some(bad),
        )
        .await;
        assert_eq!(s, 400, "{v}");
        assert_eq!(v["errors"][0]["code"], "reason", "{v}");
    }
    let (s, v) = decide(
        &gauteng,
        "returnBuildingBlock",
        hillbrow,
        version.clone(),
        Some("The street number is missing.".into()),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    let other_version = review(&gauteng, other).await["submissionVersion"].clone();
    let (s, v) = decide(&gauteng, "verifyBuildingBlock", other, other_version, None).await;
    assert_eq!(s, 200, "{v}");

    // Nothing waits for the province; the municipality sees the return with its reason.
    let (_, page) = queue(&gauteng, "").await;
    assert_eq!(page["total"], 0);
    assert_eq!(page["counts"]["verified"], 1);
    let (_, page) = queue(&official, "?status=returned").await;
    assert_eq!(names(&page), ["Hillbrow SAPS"]);
    assert_eq!(
        page["items"][0]["returnReason"],
        "The street number is missing."
    );
    assert_eq!(page["items"][0]["returnedByName"], "Pieter Nkosi");

    // The submitter cannot decide on their own submission, even holding both permissions (a
    // Building Block admin of Johannesburg): their queue marks it, the review offers nothing.
    let mut admin = named_member(&db, &base, &dir, 3, "Ayanda", "Admin").await;
    assign_municipalities(&db, &mut admin, vec![joburg]).await;
    submit_station(&admin, other, "3 Main Road", "Sergeant Admin").await;
    let (_, page) = queue(&admin, "").await;
    assert_eq!(names(&page), [other_name.as_str()]);
    assert_eq!(page["items"][0]["ownSubmission"], true);
    let own = review(&admin, other).await;
    assert_eq!(
        (own["ownSubmission"].clone(), own["mayDecide"].clone()),
        (json!(true), json!(false))
    );
    let version = own["submissionVersion"].clone();
    for (path, reason) in [
        ("verifyBuildingBlock", None),
        ("returnBuildingBlock", Some("no".to_string())),
    ] {
        let (s, v) = decide(&admin, path, other, version.clone(), reason).await;
        assert_eq!(s, 403, "{v}");
        assert!(v["message"].as_str().unwrap().contains("yourself"), "{v}");
    }
    // The review compares with the verified version now: the address changed, the person
    // who answered for the requirement was replaced.
    let changed = review(&gauteng, other).await;
    assert_ne!(changed["verifiedAt"], Value::Null);
    assert_eq!(changed["fields"][0]["verified"], "2 Main Road");
    assert_eq!(changed["fields"][0]["submitted"], "3 Main Road");
    let persons: Vec<(&str, &str)> = changed["contactPersons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let p = if c["submitted"].is_null() {
                &c["verified"]
            } else {
                &c["submitted"]
            };
            (
                c["change"].as_str().unwrap(),
                p["fullName"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        persons,
        [("added", "Sergeant Admin"), ("removed", "Sergeant Other")]
    );
    let (s, v) = decide(&gauteng, "verifyBuildingBlock", other, version, None).await;
    assert_eq!(s, 200, "{v}");

    // The dashboard cells count by status.
    let (_, cells) = gauteng
        .get(&format!(
            "/api/buildingblock/getBuildingBlockAssociatedToUser?boundaryId={joburg}"
        ))
        .await;
    let police = &cells[0]["buildingBlockCategories"][0]["buildingBlocks"][0];
    assert_eq!(police["buildingBlockId"], 1, "{cells}");
    assert_eq!(
        (
            police["submittedCount"].as_i64(),
            police["returnedCount"].as_i64(),
            police["totalVerifiedBuildingBlockCount"].as_i64()
        ),
        (Some(0), Some(1), Some(1))
    );
    assert_eq!(
        police["notCapturedCount"].as_i64().unwrap() + 2,
        police["totalBuildingBlockCount"].as_i64().unwrap()
    );

    // The history reads in words, with names.
    let (_, h) = gauteng
        .get(&format!(
            "/api/buildingblock/history?stakeholderId={hillbrow}"
        ))
        .await;
    let events: Vec<(&str, &str)> = h["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["event"].as_str().unwrap(),
                e["actorName"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        events,
        [
            ("Imported from a public directory", "Directory import"),
            ("Details submitted for verification", "Lindiwe Dlamini"),
            ("Returned to the municipality", "Pieter Nkosi"),
        ]
    );
    let submitted = h["history"][1]["detail"].as_str().unwrap();
    assert!(
        submitted.contains("Physical address set to \"1 Kotze Street\""),
        "{submitted}"
    );
    let requirement = requirements[0]["name"].as_str().unwrap();
    assert!(submitted.contains(requirement), "{submitted}");
    assert!(!submitted.contains("[1, 2]"), "{submitted}");
    assert!(h["history"][2]["detail"]
        .as_str()
        .unwrap()
        .contains("street number"));
    db.drop_db().await;
}

/// The specification's update body (`contacts`, `buildingBlockRequirements` with their
/// contact persons, `address`) records what the form's named fields would, and what it
/// cannot place or gets twice is refused with nothing appended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_specifications_update_body_is_accepted_as_written() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (hillbrow, joburg): (i64, i64) = sqlx::query_as(
        "SELECT provider_id, municipality_id FROM bb_provider WHERE name = 'Hillbrow SAPS'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let mut official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut official, vec![joburg]).await;
    let events = || async {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM events WHERE aggregate_id = $1")
            .bind(hillbrow.to_string())
            .fetch_one(&db.pool)
            .await
            .unwrap()
    };
    let before = events().await;
    let put = |body: Value| {
        let official = &official;
        async move {
            official
                .send(
                    reqwest::Method::PUT,
                    "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
                    body,
                )
                .await
        }
    };
    let spec = |contacts: Value, persons: Value, address: Value| {
        json!({"stakeholderId": hillbrow, "buildingBlockId": 1, "address": address,
               "contacts": contacts,
               "buildingBlockRequirements": [
                   {"buildingBlockRequirementId": 1, "name": "ignored", "stakeholderContactPerson": []},
                   {"buildingBlockRequirementId": 2, "stakeholderContactPerson": persons}]})
    };
    let person = json!([{"stakeholderId": 77, "stakeholderTypeId": 2, "name": "Sergeant Mokoena",
                         "role": "Victim support", "isReporting": false, "isAnswer": true,
                         "isPublic": true, "buildingBlockRequirementId": 2,
                         "contacts": [{"contactTypeId": 3, "detail": "4886511", "areaCode": "011"},
                                      {"contactTypeId": 2, "detail": "0831112233"}]}]);
    let address = json!({"addressId": 1, "addressLine1": "1 Kotze Street, Hillbrow", "addressLine2": "PO Box 1"});

    // Refused, nothing appended: a provider "mobile phone", a type twice, both shapes at once,
    // a NUL byte, a megabyte.
    let refusals = [
        spec(
            json!([{"contactTypeId": 2, "detail": "0831112233"}]),
            person.clone(),
            address.clone(),
        ),
        spec(
            json!([{"contactTypeId": 3, "detail": "0114886511"}, {"contactTypeId": 3, "detail": "0114886512"}]),
            person.clone(),
            address.clone(),
        ),
        {
            let mut b = spec(
                json!([{"contactTypeId": 3, "detail": "0114886511"}]),
                person.clone(),
                address.clone(),
            );
            b["receptionNumber"] = json!("0114886511");
            b
        },
        spec(
            json!([{"contactTypeId": 3, "detail": "011\u{0}4886511"}]),
            person.clone(),
            address.clone(),
        ),
        spec(
            json!([]),
            person.clone(),
            json!({"addressLine1": "x".repeat(1000)}),
        ),
        spec(
            json!([]),
            person.clone(),
            json!({"addressLine1": "x".repeat(1 << 20)}),
        ),
    ];
    for body in refusals {
        let (s, v) = put(body).await;
        assert!(s == 400 || s == 422 || s == 413, "{s} {v}");
    }
    assert_eq!(events().await, before, "nothing appended on a refusal");

    let (s, v) = put(spec(
        json!([{"contactId": 9, "contactTypeId": 3, "detail": "4886511", "areaCode": "011"},
               {"contactTypeId": 1, "detail": "hillbrow.saps@example.org"}]),
        person,
        address,
    ))
    .await;
    assert_eq!(s, 200, "{v}");
    let (_, d) = official
        .get(&format!(
            "/api/buildingblock/getBuildingBlockContactsWithRequirements?buildingBlockId=1&stakeholderId={hillbrow}"
        ))
        .await;
    assert_eq!(
        d["address"]["addressLine1"], "1 Kotze Street, Hillbrow",
        "{d}"
    );
    assert_eq!(d["address"]["addressLine2"], "PO Box 1", "{d}");
    let contacts = d["contacts"].to_string();
    assert!(contacts.contains("0114886511"), "{d}");
    assert!(contacts.contains("hillbrow.saps@example.org"), "{d}");
    let requirements = d["buildingBlockRequirements"].as_array().unwrap();
    let available: Vec<i64> = requirements
        .iter()
        .filter(|r| r["available"] == true)
        .map(|r| r["buildingBlockRequirementId"].as_i64().unwrap())
        .collect();
    assert_eq!(available, [1, 2], "{d}");
    let sergeant = &requirements[1]["stakeholderContactPerson"][0];
    assert_eq!(sergeant["fullName"], "Sergeant Mokoena", "{d}");
    assert_eq!(sergeant["jobRole"], "Victim support");
    assert_eq!(sergeant["telephoneNumber"], "0114886511");
    assert_eq!(sergeant["mobileNumber"], "0831112233");
    assert_eq!(sergeant["isPublic"], true);
    db.drop_db().await;
}
