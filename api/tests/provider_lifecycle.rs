//! A provider's lifecycle against the real database and the shipped directories
//! (docs/decisions/0100-proposed-and-closed-providers.md): a City of Johannesburg official proposes
//! a clinic and the closing of a police station; Gauteng's verifier, not another province's, and
//! never the proposer, confirms; the public directory and counts change only then; every permission
//! (14, 16, 21) is checked with the user's area; every text field refuses a NUL, ten kilobytes
//! and a megabyte, appending nothing; the history of a closed provider stays readable.

mod common;

use common::session::{assign_area, assign_municipalities, member_of, setup, Client};
use common::{catch_up, data_dir, TestDb};
use gbvf_commands::building_blocks::import_building_blocks;
use serde_json::{json, Value};

const CLINIC: i64 = 3;

async fn import(db: &TestDb) {
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    import_building_blocks(&db.pool, &data_dir(), &meta)
        .await
        .expect("building-block import");
    catch_up(&db.pool).await;
}

async fn events(db: &TestDb) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

/// The public directory's clinics in boundary `b` whose name holds `name`.
async fn directory(public: &Client, b: i64, block: i64, name: &str) -> Vec<String> {
    let (s, v) = public
        .get(&format!(
            "/api/buildingblock/searchcontact?boundaryId={b}&buildingBlockId={block}&filter={}",
            name.replace(' ', "%20")
        ))
        .await;
    assert_eq!(s, 200, "{v}");
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect()
}

/// The public count of providers of `block` in boundary `b`.
async fn public_count(public: &Client, b: i64, block: i64) -> i64 {
    let (s, v) = public
        .get(&format!(
            "/api/buildingblock/getBoundaryCounts?boundaryId={b}"
        ))
        .await;
    assert_eq!(s, 200, "{v}");
    v.as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["buildingBlocks"].as_array().cloned().unwrap_or_default())
        .find(|k| k["buildingBlockId"] == block)
        .map(|k| k["blockCount"].as_i64().unwrap())
        .unwrap_or(0)
}

/// The building-block read model's provider and lifecycle rows, as JSON text, in order.
async fn provider_rows(db: &TestDb) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT to_jsonb(p)::text FROM bb_provider p
         UNION ALL SELECT to_jsonb(l)::text FROM bb_provider_lifecycle l ORDER BY 1",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
}

/// A rebuild of the building-block read model (the fold) gives the rows the live projector
/// wrote event by event.
async fn assert_rebuild_equal(db: &TestDb) {
    catch_up(&db.pool).await;
    let live = provider_rows(db).await;
    let p = gbvf_projections::by_name("building_blocks").unwrap();
    gbvf_projections::engine::rebuild(&db.pool, p.as_ref(), 500, |_| {})
        .await
        .unwrap();
    let rebuilt = provider_rows(db).await;
    assert_eq!(live.len(), rebuilt.len());
    for (a, b) in live.iter().zip(&rebuilt) {
        assert_eq!(a, b, "a row differs after the rebuild");
    }
}

fn clinic(municipality: i64) -> Value {
    json!({"name": "Hillbrow Community Clinic", "buildingBlockId": CLINIC,
           "municipalityId": municipality, "receptionNumber": "011 555 0101",
           "longitude": 28.049, "latitude": -26.189, "physicalAddress": "12 Kotze Street"})
}

async fn proposals(c: &Client) -> Value {
    let (s, v) = c.get("/api/buildingblock/proposals").await;
    assert_eq!(s, 200, "{v}");
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_proposed_clinic_counts_only_once_the_province_confirms_it() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (joburg, gauteng_id): (i64, i64) = sqlx::query_as(
        "SELECT p.municipality_id, b.province_id FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE p.name = 'Hillbrow SAPS'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let cape_town: i64 =
        sqlx::query_scalar("SELECT municipality_id FROM bb_provider WHERE name = 'Mowbray SAPS'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let public = Client::new(&base).await;
    let clinics_before = public_count(&public, joburg, CLINIC).await;

    let mut official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut official, vec![joburg]).await;
    let mut cape_official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut cape_official, vec![cape_town]).await;
    let mut gauteng = member_of(&db, &base, &dir, 6).await;
    assign_area(&db, &mut gauteng, vec![], vec![gauteng_id]).await;
    let mut western_cape = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut western_cape, vec![cape_town]).await;
    let outsider = member_of(&db, &base, &dir, 4).await;

    // AddBuildingBlock (14): refused without it, and outside the official's municipalities.
    let (s, v) = outsider
        .post("/api/buildingblock/proposeProvider", clinic(joburg))
        .await;
    assert_eq!(s, 403, "{v}");
    let (s, v) = cape_official
        .post("/api/buildingblock/proposeProvider", clinic(joburg))
        .await;
    assert_eq!(s, 403, "{v}");
    // The verifier holds no AddBuildingBlock.
    let (s, _) = gauteng
        .post("/api/buildingblock/proposeProvider", clinic(joburg))
        .await;
    assert_eq!(s, 403);

    // Field errors, all at once, in the form's envelope.
    let (s, v) = official
        .post(
            "/api/buildingblock/proposeProvider",
            json!({"name": " ", "buildingBlockId": 99, "municipalityId": joburg,
                   "receptionNumber": "011-555 abc", "longitude": 2.35, "latitude": 48.85}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(
        v["message"],
        "Please correct the highlighted errors before submitting."
    );
    let codes: Vec<&str> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["name", "receptionNumber", "point", "buildingBlockId"]
    );
    let (s, v) = official
        .post(
            "/api/buildingblock/proposeProvider",
            json!({"name": "Somewhere Clinic", "buildingBlockId": CLINIC, "municipalityId": joburg}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(
        v["errors"][0]["description"],
        "Choose the provider's location on the map or enter its physical address."
    );

    // Every text field: a NUL, ten kilobytes; a megabyte is over the body limit (256 KiB)
    // before any field is read. Nothing appended.
    let before = events(&db).await;
    for field in [
        "name",
        "receptionNumber",
        "alternateNumber",
        "physicalAddress",
    ] {
        for (value, rule) in [
            (
                "Clinic\u{0}".to_string(),
                "must not contain control characters.",
            ),
            ("a".repeat(10_000), "must be at most 250 characters."),
        ] {
            let mut body = clinic(joburg);
            body[field] = json!(value);
            let (s, v) = official
                .post("/api/buildingblock/proposeProvider", body)
                .await;
            assert_eq!(s, 400, "{field}: {v}");
            let message = v["message"].as_str().unwrap();
            assert!(
                message.starts_with(field) && message.contains(rule),
                "{field}: {message}"
            );
        }
    }
    let mut body = clinic(joburg);
    body["name"] = json!("a".repeat(1 << 20));
    let (s, v) = official
        .post("/api/buildingblock/proposeProvider", body)
        .await;
    assert_eq!(s, 413, "{v}");
    assert_eq!(events(&db).await, before, "nothing appended on bad input");

    // The proposal: counted nowhere until confirmed.
    let (s, v) = official
        .post("/api/buildingblock/proposeProvider", clinic(joburg))
        .await;
    assert_eq!(s, 200, "{v}");
    let id = v["stakeholderId"].as_i64().unwrap();
    assert!(id >= 9_000_000_000_000, "{id}");
    assert!(directory(&public, joburg, CLINIC, "Hillbrow Community")
        .await
        .is_empty());
    assert_eq!(public_count(&public, joburg, CLINIC).await, clinics_before);

    // The queue beside the submissions: Gauteng's verifier and the official see it, the
    // Western Cape's verifier does not.
    let list = proposals(&gauteng).await;
    assert_eq!(list["total"], 1, "{list}");
    let item = &list["items"][0];
    assert_eq!(item["kind"], "new");
    assert_eq!(item["name"], "Hillbrow Community Clinic");
    assert_eq!(item["buildingBlock"], "Clinic or community health centre");
    assert_eq!(item["physicalAddress"], "12 Kotze Street");
    assert_eq!(item["ownProposal"], false);
    assert_eq!(item["contacts"][0]["detail"], "0115550101");
    assert_eq!(proposals(&official).await["items"][0]["ownProposal"], true);
    assert_eq!(proposals(&western_cape).await["total"], 0);
    let (s, _) = outsider.get("/api/buildingblock/proposals").await;
    assert_eq!(s, 403);

    // VerifyBuildingBlockExist (21): the official holds it but reviews no province; another
    // province's verifier is refused; a person holding both who proposed is refused.
    for c in [&official, &western_cape] {
        let (s, v) = c
            .post(
                "/api/buildingblock/confirmProposal",
                json!({"stakeholderId": id}),
            )
            .await;
        assert_eq!(s, 403, "{v}");
    }
    let (s, _) = outsider
        .post(
            "/api/buildingblock/confirmProposal",
            json!({"stakeholderId": id}),
        )
        .await;
    assert_eq!(s, 403);
    let mut admin = member_of(&db, &base, &dir, 3).await;
    assign_municipalities(&db, &mut admin, vec![joburg]).await;
    let (s, v) = admin
        .post("/api/buildingblock/proposeProvider", clinic(joburg))
        .await;
    assert_eq!(s, 200, "{v}");
    let own = v["stakeholderId"].as_i64().unwrap();
    let (s, v) = admin
        .post(
            "/api/buildingblock/confirmProposal",
            json!({"stakeholderId": own}),
        )
        .await;
    assert_eq!(s, 403, "{v}");
    assert_eq!(
        v["message"],
        "You proposed this yourself: another designated person of the province must confirm or decline it."
    );
    // Declining needs a reason; a NUL in it is refused.
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/declineProposal",
            json!({"stakeholderId": own}),
        )
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (
            400,
            Some("A reason is required to return the building block.")
        ),
        "{v}"
    );
    let (s, _) = gauteng
        .post(
            "/api/buildingblock/declineProposal",
            json!({"stakeholderId": own, "reason": "no\u{0}"}),
        )
        .await;
    assert_eq!(s, 400);
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/declineProposal",
            json!({"stakeholderId": own, "reason": "Proposed twice"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");

    // Gauteng's verifier confirms: the clinic is listed, once.
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/confirmProposal",
            json!({"stakeholderId": id}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        directory(&public, joburg, CLINIC, "Hillbrow Community").await,
        ["Hillbrow Community Clinic"]
    );
    assert_eq!(
        public_count(&public, joburg, CLINIC).await,
        clinics_before + 1
    );
    assert_eq!(proposals(&gauteng).await["total"], 0);
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/confirmProposal",
            json!({"stakeholderId": id}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    // The official captures it like any other provider.
    let (s, v) = official
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": id, "buildingBlockId": CLINIC, "physicalAddress": "12 Kotze Street"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_rebuild_equal(&db).await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_station_leaves_the_directory_only_once_confirmed_and_keeps_its_history() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (hillbrow, joburg): (i64, i64) = sqlx::query_as(
        "SELECT provider_id, municipality_id FROM bb_provider WHERE name = 'Hillbrow SAPS'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let cape_town: i64 =
        sqlx::query_scalar("SELECT municipality_id FROM bb_provider WHERE name = 'Mowbray SAPS'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let public = Client::new(&base).await;
    let stations = public_count(&public, joburg, 1).await;
    let mut official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut official, vec![joburg]).await;
    let mut cape_official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut cape_official, vec![cape_town]).await;
    let mut gauteng = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut gauteng, vec![joburg]).await;
    let mut western_cape = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut western_cape, vec![cape_town]).await;
    let outsider = member_of(&db, &base, &dir, 4).await;

    // DeleteBuildingBlock (16): refused without it (the verifier) and outside the area.
    let close = |reason: Value| json!({"stakeholderId": hillbrow, "reason": reason});
    for c in [&outsider, &gauteng, &cape_official] {
        let (s, v) = c
            .post("/api/buildingblock/proposeClosure", close(json!("Closed")))
            .await;
        assert_eq!(s, 403, "{v}");
    }
    let before = events(&db).await;
    for (reason, status) in [
        (json!(null), 400),
        (json!("  "), 400),
        (json!("Closed\u{0}"), 400),
        (json!("a".repeat(1 << 20)), 413),
    ] {
        let (s, v) = official
            .post("/api/buildingblock/proposeClosure", close(reason))
            .await;
        assert_eq!(s, status, "{v}");
    }
    assert_eq!(events(&db).await, before, "nothing appended on bad input");
    let (s, v) = official
        .post(
            "/api/buildingblock/proposeClosure",
            close(json!("The station moved to Berea in 2025.")),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = official
        .post("/api/buildingblock/proposeClosure", close(json!("Again")))
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (
            400,
            Some("The closing of this provider is already proposed.")
        )
    );

    // Still listed until the province decides.
    assert_eq!(
        directory(&public, joburg, 1, "Hillbrow").await,
        ["Hillbrow SAPS"]
    );
    let list = proposals(&gauteng).await;
    assert_eq!(list["items"][0]["kind"], "closure", "{list}");
    assert_eq!(
        list["items"][0]["reason"],
        "The station moved to Berea in 2025."
    );
    assert_eq!(proposals(&western_cape).await["total"], 0);

    // Declined: still listed; proposed again and confirmed: gone, history kept.
    let (s, _) = western_cape
        .post(
            "/api/buildingblock/confirmProposal",
            json!({"stakeholderId": hillbrow}),
        )
        .await;
    assert_eq!(s, 403);
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/declineProposal",
            json!({"stakeholderId": hillbrow, "reason": "It is still open on weekdays."}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        directory(&public, joburg, 1, "Hillbrow").await,
        ["Hillbrow SAPS"]
    );
    let (s, _) = official
        .post(
            "/api/buildingblock/proposeClosure",
            close(json!("Closed for good in December.")),
        )
        .await;
    assert_eq!(s, 200);
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/confirmProposal",
            json!({"stakeholderId": hillbrow}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert!(directory(&public, joburg, 1, "Hillbrow").await.is_empty());
    assert_eq!(public_count(&public, joburg, 1).await, stations - 1);
    // A closed provider takes no details.
    let (s, v) = official
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": hillbrow, "buildingBlockId": 1, "physicalAddress": "1 Main Road"}),
        )
        .await;
    assert_eq!(s, 400, "{v}");

    // The history reads in words, for the area only.
    let (s, h) = gauteng
        .get(&format!(
            "/api/buildingblock/history?stakeholderId={hillbrow}"
        ))
        .await;
    assert_eq!(s, 200, "{h}");
    let lines: Vec<String> = h["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "{}: {}",
                e["event"].as_str().unwrap(),
                e["detail"].as_str().unwrap()
            )
        })
        .collect();
    assert!(
        lines.contains(
            &"Closing proposed by the municipality: Reason: The station moved to Berea in 2025."
                .to_string()
        ),
        "{lines:?}"
    );
    assert!(
        lines.contains(
            &"Closing declined by the province: Reason: It is still open on weekdays.".to_string()
        ),
        "{lines:?}"
    );
    assert_eq!(
        lines.last().unwrap(),
        "Closing confirmed by the province: The provider is no longer listed; its history is kept."
    );
    // Closed, it still names its building block (from the taxonomy, not its gone details row).
    assert!(
        lines[0].starts_with(
            "Imported from a public directory: Hillbrow SAPS (SAPS police station) imported from"
        ),
        "{lines:?}"
    );
    let (s, _) = western_cape
        .get(&format!(
            "/api/buildingblock/history?stakeholderId={hillbrow}"
        ))
        .await;
    assert_eq!(s, 403);

    // A re-import of the directories brings nothing back; a rebuild gives the same rows.
    import(&db).await;
    assert!(directory(&public, joburg, 1, "Hillbrow").await.is_empty());
    assert_rebuild_equal(&db).await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_specifications_delete_removes_one_contact_person_in_the_area_only() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (hillbrow, joburg): (i64, i64) = sqlx::query_as(
        "SELECT provider_id, municipality_id FROM bb_provider WHERE name = 'Hillbrow SAPS'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let cape_town: i64 =
        sqlx::query_scalar("SELECT municipality_id FROM bb_provider WHERE name = 'Mowbray SAPS'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let mut official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut official, vec![joburg]).await;
    let mut cape_official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut cape_official, vec![cape_town]).await;
    let mut gauteng = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut gauteng, vec![joburg]).await;
    let (s, v) = official
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": hillbrow, "buildingBlockId": 1, "physicalAddress": "1 Kotze Street",
                   "buildingBlockRequirements": [1, 2],
                   "contactPersons": [
                       {"buildingBlockRequirementId": 1, "fullName": "Sergeant Keep"},
                       {"buildingBlockRequirementId": 2, "fullName": "Sergeant Gone"}]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let persons = |v: &Value| -> Vec<(String, String)> {
        v["buildingBlockRequirements"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["stakeholderContactPerson"].as_array().unwrap().clone())
            .map(|p| {
                (
                    p["fullName"].as_str().unwrap().to_string(),
                    p["contactPersonId"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let details = format!(
        "/api/buildingblock/getBuildingBlockContactsWithRequirements?stakeholderId={hillbrow}"
    );
    let (_, v) = official.get(&details).await;
    let gone = persons(&v)
        .into_iter()
        .find(|(n, _)| n == "Sergeant Gone")
        .unwrap()
        .1;
    let delete = |person: &str, block: i64| {
        format!("/api/buildingblock/DeleteStakeholderById?buildingBlockId={block}&stakeholderId={person}&bldBlockstakeholderId={hillbrow}")
    };
    let before = events(&db).await;
    // EditBuildingBlock in the provider's municipality: the verifier and Cape Town are refused.
    for c in [&gauteng, &cape_official] {
        let (s, v) = c
            .send(reqwest::Method::DELETE, &delete(&gone, 1), json!(null))
            .await;
        assert_eq!(s, 403, "{v}");
    }
    // The specification's message for what cannot be deleted.
    for (person, block, status) in [
        (uuid::Uuid::new_v4().to_string(), 1, 404),
        ("not-a-person".to_string(), 1, 400),
        ("%00".to_string(), 1, 400),
    ] {
        let (s, v) = official
            .send(
                reqwest::Method::DELETE,
                &delete(&person, block),
                json!(null),
            )
            .await;
        assert_eq!(s, status, "{v}");
        assert_eq!(
            v["message"],
            "An error occurred while deleting the contact."
        );
    }
    let (s, _) = official
        .send(reqwest::Method::DELETE, &delete(&gone, 2), json!(null))
        .await;
    assert_eq!(s, 400);
    assert_eq!(events(&db).await, before, "nothing appended on refusal");

    let (s, v) = official
        .send(reqwest::Method::DELETE, &delete(&gone, 1), json!(null))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        v["message"],
        "Contact person deleted; the details await the province's verification."
    );
    let (_, v) = official.get(&details).await;
    let left: Vec<String> = persons(&v).into_iter().map(|(n, _)| n).collect();
    assert_eq!(left, ["Sergeant Keep"]);
    assert_eq!(v["status"], "submitted");
    // Never verified: the person's row is erased.
    let rows: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM bb_contact_person WHERE contact_person_id = $1::uuid",
    )
    .bind(&gone)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(rows, 0);
    // Twice: nothing left to delete.
    let (s, v) = official
        .send(reqwest::Method::DELETE, &delete(&gone, 1), json!(null))
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (404, Some("An error occurred while deleting the contact."))
    );
    db.drop_db().await;
}

/// A building block an administrator adds to the shelter category is a shelter as much as the
/// shipped one: a proposal of it with a point and a street address, once confirmed and
/// captured, shows neither on the public map nor in the public directory, and neither is
/// recorded in any event.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shelter_like_block_added_by_an_administrator_never_shows_its_location() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (joburg, gauteng_id): (i64, i64) = sqlx::query_as(
        "SELECT p.municipality_id, b.province_id FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE p.name = 'Hillbrow SAPS'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let admin = member_of(&db, &base, &dir, 3).await;
    let (s, v) = admin
        .post(
            "/api/buildingblock/createBuildingBlock",
            json!({"buildingBlockCategoryId": 4, "name": "Safe house",
                   "source": "Provincial DSD circular 2026/14"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let safe_house = v["id"].as_i64().unwrap();
    catch_up(&db.pool).await;

    let mut official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut official, vec![joburg]).await;
    let mut gauteng = member_of(&db, &base, &dir, 6).await;
    assign_area(&db, &mut gauteng, vec![], vec![gauteng_id]).await;
    let (s, v) = official
        .post(
            "/api/buildingblock/proposeProvider",
            json!({"name": "Alexandra Safe House", "buildingBlockId": safe_house,
                   "municipalityId": joburg, "receptionNumber": "011 555 0199",
                   "longitude": 28.105, "latitude": -26.103,
                   "physicalAddress": "12 Hidden Lane, Alexandra"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let id = v["stakeholderId"].as_i64().unwrap();
    let (s, v) = gauteng
        .post(
            "/api/buildingblock/confirmProposal",
            json!({"stakeholderId": id}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    // Captured and verified like any provider, with a street address typed in again.
    let (s, v) = official
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": id, "buildingBlockId": safe_house,
                   "physicalAddress": "12 Hidden Lane, Alexandra"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;

    let public = Client::new(&base).await;
    for path in [
        format!("/api/geography/geomarker/1/{joburg}"),
        format!("/api/geography/geomarker/1/{joburg}/4"),
    ] {
        let (s, v) = public.get(&path).await;
        assert_eq!(s, 200, "{path}: {v}");
        assert!(
            !v.to_string().contains("Alexandra Safe House"),
            "{path} shows the shelter: {v}"
        );
    }
    let (s, v) = public
        .get(&format!(
            "/api/buildingblock/searchcontact?boundaryId={joburg}&stakeholderId={id}"
        ))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v[0]["name"], "Alexandra Safe House", "{v}");
    assert!(v[0]["address"].is_null(), "{v}");
    assert!(!v.to_string().contains("Hidden Lane"), "{v}");
    let recorded: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_type = 'bb_provider'
           AND (payload::text LIKE '%Hidden Lane%' OR payload::text LIKE '%28.105,%')",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(recorded, 0, "the location was recorded in an event");
    assert_rebuild_equal(&db).await;
    db.drop_db().await;
}
