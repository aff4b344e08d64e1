//! Additions to the building-block taxonomy against the real database
//! (docs/decisions/0053-additions-to-the-taxonomy.md): CreateNewBuildingBlock (13) is checked on
//! the server for the additions and the read of the versions; bad text appends nothing; an added
//! block and requirement show like any other, unknown (never 0 %) without verified providers; a new
//! taxonomy.json keeps the additions; a rebuild of the read model gives the same tables.

mod common;

use common::session::{member_of, setup, Client};
use common::{catch_up, data_dir, TestDb};
use gbvf_commands::building_blocks::import_taxonomy;
use serde_json::{json, Value};

const CREATE_BLOCK: &str = "/api/buildingblock/createBuildingBlock";
const CREATE_REQUIREMENT: &str = "/api/buildingblock/createBuildingBlockRequirement";
const TAXONOMY: &str = "/api/buildingblock/getBuildingBlockTaxonomy";

async fn events(db: &TestDb) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

/// The taxonomy tables of the read model, as JSON text, in order.
async fn taxonomy_rows(db: &TestDb) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT to_jsonb(c)::text FROM bb_category c
         UNION ALL SELECT to_jsonb(k)::text FROM bb_block k
         UNION ALL SELECT to_jsonb(r)::text FROM bb_requirement r
         UNION ALL SELECT to_jsonb(v)::text FROM bb_taxonomy_version v ORDER BY 1",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
}

async fn import(db: &TestDb, dir: &std::path::Path) -> bool {
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    let appended = import_taxonomy(&db.pool, dir, &meta).await.expect("import");
    catch_up(&db.pool).await;
    appended
}

fn block(category: i64, name: &str) -> Value {
    json!({"buildingBlockCategoryId": category, "name": name,
           "source": "Provincial DSD circular 2026/14", "description": "Walk-in trauma counselling by social workers."})
}

fn requirement(block: i64, name: &str) -> Value {
    json!({"buildingBlockId": block, "name": name, "source": "Provincial DSD circular 2026/14"})
}

/// Adds with `c`, expecting 200; the new id.
async fn added(c: &Client, path: &str, body: Value) -> i64 {
    let (s, v) = c.post(path, body).await;
    assert_eq!(s, 200, "{v}");
    v["id"].as_i64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_administrator_adds_a_block_and_requirements_that_survive_a_new_file() {
    let (db, base, dir) = setup().await;
    assert!(import(&db, &data_dir()).await);
    let admin = member_of(&db, &base, &dir, 3).await;
    let municipal = member_of(&db, &base, &dir, 5).await;
    let organisation = member_of(&db, &base, &dir, 4).await;
    let public = Client::new(&base).await;

    // Without CreateNewBuildingBlock (13): 403 in the usual shape, for writes and the read.
    let before = events(&db).await;
    for c in [&municipal, &organisation] {
        let (s, v) = c.post(CREATE_BLOCK, block(4, "Counselling centre")).await;
        assert_eq!(s, 403, "{v}");
        assert_eq!(v["success"], false, "{v}");
        assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{v}");
        let (s, v) = c
            .post(CREATE_REQUIREMENT, requirement(1, "Legal aid"))
            .await;
        assert_eq!(s, 403, "{v}");
        let (s, v) = c.get(TAXONOMY).await;
        assert_eq!(s, 403, "{v}");
    }
    let (s, _) = public
        .post(CREATE_BLOCK, block(4, "Counselling centre"))
        .await;
    assert!(s == 401 || s == 403, "anonymous: {s}");
    let (s, _) = public.get(TAXONOMY).await;
    assert!(s == 401 || s == 403, "anonymous: {s}");

    // Bad text: a NUL and ten thousand characters 400 naming the field, a megabyte 413.
    for field in ["name", "source", "description"] {
        for (value, rule) in [
            (
                "Safe\u{0}house".to_string(),
                "must not contain control characters.",
            ),
            ("a".repeat(10_000), "must be at most"),
        ] {
            let mut body = block(4, "Counselling centre");
            body[field] = json!(value);
            let (s, v) = admin.post(CREATE_BLOCK, body).await;
            assert_eq!(s, 400, "{field}: {v}");
            let message = v["message"].as_str().unwrap();
            assert!(
                message.starts_with(field) && message.contains(rule),
                "{field}: {message}"
            );
        }
    }
    let (s, v) = admin
        .post(CREATE_REQUIREMENT, requirement(1, &"a".repeat(10_000)))
        .await;
    assert_eq!(s, 400, "{v}");
    let (s, v) = admin
        .post(CREATE_BLOCK, block(4, &"a".repeat(1 << 20)))
        .await;
    assert_eq!(s, 413, "{v}");
    // The aggregate's refusals: unknown parent, blank, duplicate (case and spaces ignored).
    for (path, body, code, message) in [
        (
            CREATE_BLOCK,
            block(9, "Counselling centre"),
            "buildingBlockCategoryId",
            "No building-block category has id 9.",
        ),
        (CREATE_BLOCK, block(4, "  "), "name", "A name is required."),
        (
            CREATE_BLOCK,
            block(4, " shelter "),
            "name",
            "\"shelter\" already exists there.",
        ),
        (
            CREATE_REQUIREMENT,
            requirement(77, "Legal aid"),
            "buildingBlockId",
            "No building block has id 77.",
        ),
        (
            CREATE_REQUIREMENT,
            requirement(1, "victim-friendly  ROOM"),
            "name",
            "\"victim-friendly  ROOM\" already exists there.",
        ),
    ] {
        let (s, v) = admin.post(path, body).await;
        assert_eq!(s, 400, "{v}");
        assert_eq!(v["message"], message, "{v}");
        assert_eq!(v["errors"][0]["code"], code, "{v}");
    }
    assert_eq!(events(&db).await, before, "nothing appended on refusals");

    // The additions: ids from 1001, one version each.
    let centre = added(&admin, CREATE_BLOCK, block(4, " Counselling centre ")).await;
    assert_eq!(centre, 1001);
    let bed = added(
        &admin,
        CREATE_REQUIREMENT,
        requirement(centre, "Social worker on duty"),
    )
    .await;
    let legal = added(
        &admin,
        CREATE_REQUIREMENT,
        requirement(1, "Legal aid referral"),
    )
    .await;
    assert_eq!((bed, legal), (1001, 1002));
    assert_eq!(events(&db).await, before + 3);

    // The administrators' screen: the tree and the versions with who, when and source.
    let (s, v) = admin.get(TAXONOMY).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["taxonomyVersion"], 4, "{v}");
    let shelter_category = v["categories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["buildingBlockCategoryId"] == 4)
        .unwrap();
    let added_block = shelter_category["buildingBlocks"]
        .as_array()
        .unwrap()
        .last()
        .unwrap();
    assert_eq!(added_block["description"], "Counselling centre");
    assert_eq!(added_block["addedVersion"], 2);
    assert_eq!(
        added_block["requirements"][0]["description"],
        "Social worker on duty"
    );
    let versions = v["versions"].as_array().unwrap();
    assert_eq!(versions.len(), 4);
    assert_eq!(versions[0]["kind"], "requirement");
    assert_eq!(versions[0]["name"], "Legal aid referral");
    assert_eq!(versions[0]["parentName"], "SAPS police station");
    assert_eq!(versions[0]["source"], "Provincial DSD circular 2026/14");
    assert_ne!(versions[0]["by"], "import");
    assert!(
        !versions[0]["by"].as_str().unwrap().starts_with("user:"),
        "{v}"
    );
    assert_eq!(
        versions[2]["description"],
        "Walk-in trauma counselling by social workers."
    );
    assert_eq!(versions[3]["kind"], "file");
    assert_eq!(versions[3]["by"], "import");

    // Public: the added block is an option and counted; without providers its requirement is
    // not yet known (null), never 0.
    let (s, v) = public
        .get("/api/buildingblock/getBoundaryCounts?boundaryId=1")
        .await;
    assert_eq!(s, 200, "{v}");
    let counted = v
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["buildingBlocks"].as_array().cloned().unwrap_or_default())
        .find(|k| k["buildingBlockId"] == centre)
        .expect("the added block is counted");
    assert_eq!(counted["blockCount"], 0);
    let (s, v) = public
        .get("/api/buildingblock/getBuildingBlockData?boundaryId=1")
        .await;
    assert_eq!(s, 200, "{v}");
    let stats = v["buildingBlockCategoryStats"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| {
            c["buildingBlockStats"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .find(|k| k["buildingBlockId"] == centre)
        .expect("the added block is in the availability");
    assert_eq!(stats["availability"], Value::Null, "{stats}");
    assert_eq!(
        stats["buildingBlockRequirementStats"][0]["availability"],
        Value::Null
    );

    // The same file again appends nothing; a new file replaces the shipped part and keeps the
    // additions.
    assert!(!import(&db, &data_dir()).await);
    let newer = std::env::temp_dir().join(format!("gbvf-taxonomy-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(newer.join("building-blocks")).unwrap();
    let mut file: Value = serde_json::from_str(
        &std::fs::read_to_string(data_dir().join("building-blocks/taxonomy.json")).unwrap(),
    )
    .unwrap();
    file["version"] = json!("2099-01-1");
    file["categories"][0]["buildingBlocks"][0]["requirements"][0]["description"] =
        json!("Victim-friendly room (renamed)");
    std::fs::write(
        newer.as_path().join("building-blocks/taxonomy.json"),
        file.to_string(),
    )
    .unwrap();
    assert!(import(&db, newer.as_path()).await);
    let names: Vec<String> =
        sqlx::query_scalar("SELECT description FROM bb_requirement ORDER BY seq")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert!(names.contains(&"Victim-friendly room (renamed)".to_string()));
    assert!(
        names.ends_with(&["Social worker on duty".into(), "Legal aid referral".into()]),
        "{names:?}"
    );
    let blocks: i64 =
        sqlx::query_scalar("SELECT count(*) FROM bb_block WHERE building_block_id = 1001")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(blocks, 1);
    // A file using an id reserved for additions is refused, nothing appended.
    file["categories"][0]["buildingBlocks"][0]["buildingBlockId"] = json!(1001);
    std::fs::write(
        newer.as_path().join("building-blocks/taxonomy.json"),
        file.to_string(),
    )
    .unwrap();
    let before = events(&db).await;
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    let refused = import_taxonomy(&db.pool, newer.as_path(), &meta).await;
    assert!(refused.is_err());
    assert_eq!(events(&db).await, before);

    // A rebuild from the log gives the tables the live projector wrote event by event.
    let live = taxonomy_rows(&db).await;
    let p = gbvf_projections::by_name("building_blocks").unwrap();
    gbvf_projections::engine::rebuild(&db.pool, p.as_ref(), 500, |_| {})
        .await
        .unwrap();
    assert_eq!(
        live,
        taxonomy_rows(&db).await,
        "a rebuild gives the same tables"
    );
    std::fs::remove_dir_all(&newer).ok();
}

/// Block 1 (SAPS police station) of the dashboard of `boundary`: (its availability, each
/// requirement's `(id, availability)`).
async fn police(public: &Client, boundary: i64) -> (Value, Vec<(i64, Value)>) {
    let (s, v) = public
        .get(&format!("/api/dashboard?boundaryId={boundary}"))
        .await;
    assert_eq!(s, 200, "{v}");
    let block = v["buildingBlock"]["buildingBlockCategoryStats"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["buildingBlockStats"].as_array().unwrap().clone())
        .find(|b| b["buildingBlockId"] == 1)
        .unwrap();
    let requirements = block["buildingBlockRequirementStats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["buildingBlockRequirementId"].as_i64().unwrap(),
                r["availability"].clone(),
            )
        })
        .collect();
    (block["availability"].clone(), requirements)
}

/// The map's areas of the dashboard of `boundary` (`containedBoundaryData`).
async fn map_areas(public: &Client, boundary: i64) -> Value {
    let (s, v) = public
        .get(&format!("/api/dashboard?boundaryId={boundary}"))
        .await;
    assert_eq!(s, 200, "{v}");
    v["buildingBlock"]["containedBoundaryData"].clone()
}

/// `official` submits police station `id` offering `requirements`; `verifier` verifies it.
async fn verified(official: &Client, verifier: &Client, id: i64, requirements: &[i64]) {
    let (s, v) = official
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": id, "buildingBlockId": 1, "physicalAddress": "1 Main Road",
                   "buildingBlockRequirements": requirements, "contactPersons": []}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, review) = verifier
        .get(&format!(
            "/api/buildingblock/reviewSubmission?stakeholderId={id}"
        ))
        .await;
    assert_eq!(s, 200, "{review}");
    let (s, v) = verifier
        .post(
            "/api/buildingblock/verifyBuildingBlock",
            json!({"stakeholderId": id, "submissionVersion": review["submissionVersion"]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_added_requirement_counts_only_for_providers_verified_since() {
    let (db, base, dir) = setup().await;
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    gbvf_commands::building_blocks::import_building_blocks(&db.pool, &data_dir(), &meta)
        .await
        .expect("building-block import");
    catch_up(&db.pool).await;
    // A municipality with 3 police stations: all 3 verified meet the coverage rule
    // (docs/decisions/0141-availability-needs-coverage.md).
    let stations: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT provider_id, municipality_id FROM bb_provider
         WHERE municipality_id = (SELECT municipality_id FROM bb_provider WHERE building_block_id = 1
                                  GROUP BY municipality_id HAVING count(*) = 3 ORDER BY municipality_id LIMIT 1)
           AND building_block_id = 1 ORDER BY name",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let muni = stations[0].1;
    let admin = member_of(&db, &base, &dir, 3).await;
    let mut official = member_of(&db, &base, &dir, 5).await;
    common::session::assign_municipalities(&db, &mut official, vec![muni]).await;
    let mut verifier = member_of(&db, &base, &dir, 6).await;
    common::session::assign_municipalities(&db, &mut verifier, vec![muni]).await;
    let public = Client::new(&base).await;

    assert_eq!(stations.len(), 3);
    // Every station verified offering the shipped requirements 1 and 2.
    for (id, _) in &stations {
        verified(&official, &verifier, *id, &[1, 2]).await;
    }
    let (before, _) = police(&public, muni).await;
    assert!(before.as_f64().is_some_and(|a| a > 0.0), "{before}");
    let map_before = map_areas(&public, muni).await;
    assert!(
        map_before.to_string().contains("availability"),
        "{map_before}"
    );

    // A requirement added: nobody's verified details said whether they offer it, so it reads
    // unknown and the block's figure does not drop.
    let trauma = added(
        &admin,
        CREATE_REQUIREMENT,
        requirement(1, "Trauma counsellor on call"),
    )
    .await;
    catch_up(&db.pool).await;
    let (now, requirements) = police(&public, muni).await;
    assert_eq!(
        now, before,
        "the block's availability is unchanged by the addition"
    );
    assert_eq!(
        map_areas(&public, muni).await,
        map_before,
        "so is the map's"
    );
    let new = requirements.iter().find(|r| r.0 == trauma).expect("listed");
    assert_eq!(new.1, Value::Null, "unknown, never 0: {requirements:?}");

    // One station verified since, offering it: known for 1 of 3 stations, too few to speak for
    // the area; once all 3 are verified since, 1 of the 3 offers it.
    verified(&official, &verifier, stations[0].0, &[1, trauma]).await;
    let (_, requirements) = police(&public, muni).await;
    let new = requirements.iter().find(|r| r.0 == trauma).unwrap();
    assert_eq!(
        new.1,
        Value::Null,
        "1 of 3 verified since: {requirements:?}"
    );
    for (id, _) in &stations[1..] {
        verified(&official, &verifier, *id, &[1, 2]).await;
    }
    let (_, requirements) = police(&public, muni).await;
    let providers: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM bb_provider WHERE municipality_id = $1 AND building_block_id = 1",
    )
    .bind(muni)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let new = requirements.iter().find(|r| r.0 == trauma).unwrap();
    let share = new.1.as_f64().expect("known now");
    assert!(
        (share - 1.0 / providers as f64).abs() < 1e-9,
        "{share} of {providers}"
    );
    db.drop_db().await;
}
