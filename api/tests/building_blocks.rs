//! Building blocks against the real database and the shipped directories: providers per
//! province equal the raw files (imported + reported unplaced), the contact directory finds
//! real SAPS stations with their real numbers, no shelter location leaves the server, the
//! municipality/province workflow is enforced per area, availability and completion follow
//! verification, and a rebuild of the read model gives identical tables.

mod common;

use std::collections::BTreeMap;

use common::session::{
    assign_area, assign_municipalities, member_of, member_registered_as, registration, setup,
    user_key, Client,
};
use common::{catch_up, data_dir, places_holding, TestDb};
use gbvf_commands::building_blocks::{
    import_building_blocks, raw_counts_per_province, ProviderImportReport, PROVIDER_FILES,
};
use gbvf_commands::sources::province_code;
use gbvf_projections::building_blocks::coverage::{Coverage, AVAILABILITY_COVERAGE};
use serde_json::{json, Value};

async fn import(db: &TestDb) -> Vec<ProviderImportReport> {
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    let reports = import_building_blocks(&db.pool, &data_dir(), &meta)
        .await
        .expect("building-block import");
    catch_up(&db.pool).await;
    reports
}

async fn table(db: &TestDb, name: &str, order: &str) -> Vec<Value> {
    sqlx::query_scalar(&format!(
        "SELECT to_jsonb(t) FROM {name} t ORDER BY {order}"
    ))
    .fetch_all(&db.pool)
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn providers_per_province_equal_the_raw_files_and_no_shelter_location_leaks() {
    let db = TestDb::new().await;
    common::import_geography(&db.pool).await;
    let reports = import(&db).await;

    // Per file and province: imported + unplaced = rows of the raw file.
    for (file, report) in PROVIDER_FILES.iter().zip(&reports) {
        let raw = raw_counts_per_province(&data_dir(), file).unwrap();
        let imported: Vec<(String, i64)> = sqlx::query_as(
            "SELECT pr.code, count(*) FROM bb_provider p JOIN boundary m ON m.boundary_id = p.municipality_id
             JOIN boundary pr ON pr.boundary_id = m.province_id
             WHERE p.provider_id / 1000000 = $1 GROUP BY pr.code",
        )
        .bind(file.number)
        .fetch_all(&db.pool)
        .await
        .unwrap();
        let mut accounted: BTreeMap<String, u64> =
            imported.into_iter().map(|(c, n)| (c, n as u64)).collect();
        for u in report.unplaced.iter().chain(&report.duplicates) {
            let p = province_code(&u.province).unwrap_or("?").to_string();
            *accounted.entry(p).or_default() += 1;
        }
        assert_eq!(accounted, raw, "{}", file.file);
        assert_eq!(
            report.rows_read,
            raw.values().sum::<u64>(),
            "{}: every row read",
            file.file
        );
        eprintln!(
            "{}: {} rows, {} imported, {} unplaced",
            file.file,
            report.rows_read,
            report.providers_appended,
            report.unplaced.len()
        );
    }
    // Points in no municipality: placed in the nearest municipality of their province when it
    // lies within NEAREST_MUNICIPALITY_MAX_M (stored with that placement), else reported.
    let clinics = &reports[2];
    assert!(!clinics.placed_in_nearest.is_empty());
    for u in &clinics.placed_in_nearest {
        let (placement, province): (String, String) = sqlx::query_as(
            "SELECT p.placement, pr.code FROM bb_provider p JOIN boundary m ON m.boundary_id = p.municipality_id
             JOIN boundary pr ON pr.boundary_id = m.province_id WHERE p.provider_id = $1",
        )
        .bind(3_000_000 + u.line as i64)
        .fetch_one(&db.pool)
        .await
        .unwrap_or_else(|e| panic!("{u:?} imported: {e}"));
        assert!(placement.starts_with("nearest municipality"), "{placement}");
        assert_eq!(Some(province.as_str()), province_code(&u.province));
        let km: f64 = u
            .reason
            .split(" (")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            km * 1000.0 <= gbvf_commands::building_blocks::NEAREST_MUNICIPALITY_MAX_M,
            "{u:?}"
        );
    }
    for u in reports.iter().flat_map(|r| &r.unplaced) {
        if u.reason
            .starts_with("its point lies in no MDB 2020 municipality")
        {
            assert!(u.reason.contains("km from the nearest one"), "{u:?}");
        }
    }
    // courts_refine.tsv: every court of courts.csv is found again there and skipped as a
    // duplicate; the rest are lower courts (6) or sexual offences courts (2).
    let refine = &reports[4];
    assert_eq!(refine.file_name, "courts_refine.tsv");
    assert_eq!(refine.rows_read, 714);
    assert_eq!(refine.duplicates.len() as u64, reports[1].rows_read);
    let blocks: Vec<(i32, i64)> = sqlx::query_as(
        "SELECT building_block_id, count(*) FROM bb_provider WHERE provider_id / 1000000 = 5 GROUP BY 1 ORDER BY 1",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(blocks.iter().map(|b| b.0).collect::<Vec<_>>(), vec![2, 6]);
    assert_eq!(
        blocks.iter().map(|b| b.1 as u64).sum::<u64>(),
        refine.providers_appended
    );
    assert!(refine.providers_appended > 600, "{refine:?}");
    // Police: all but a handful placed (the precinct join, then the point).
    assert!(
        reports[0].providers_appended >= 1_140,
        "{:?}",
        reports[0].unplaced
    );

    // Importing again appends nothing.
    let before: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    let again = import(&db).await;
    assert!(again.iter().all(|r| r.already_imported));
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(before, after);

    let base = common::start_server(&db.pool, None).await;
    let http = reqwest::Client::new();
    let get = |path: String| {
        let http = http.clone();
        let base = base.clone();
        async move {
            let r = http.get(format!("{base}{path}")).send().await.unwrap();
            (r.status().as_u16(), r.text().await.unwrap())
        }
    };

    // The contact directory finds a real SAPS station by name in its municipality, with its
    // real number (police.csv: Aberdeen, 049-8460015).
    let (muni, muni_name): (i64, String) = sqlx::query_as(
        "SELECT p.municipality_id, b.name FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id WHERE p.name = 'Aberdeen SAPS'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let (s, body) = get(format!(
        "/api/buildingblock/searchcontact?boundaryId={muni}&buildingBlockCategoryId=1&buildingBlockId=1&filter=ABERDEEN"
    ))
    .await;
    assert_eq!(s, 200, "{body}");
    let found: Value = serde_json::from_str(&body).unwrap();
    let found = found.as_array().unwrap();
    assert_eq!(found.len(), 1, "{body}");
    assert_eq!(found[0]["name"], "Aberdeen SAPS");
    assert_eq!(found[0]["localMunicipalityName"], muni_name.as_str());
    assert_eq!(found[0]["contacts"][0]["detail"], "0498460015");
    // A lower court of courts_refine.tsv, by name, with its real number (line 2: Aberdeen
    // Magistrate Court, '049 846 0013').
    let (s, body) = get(format!(
        "/api/buildingblock/searchcontact?boundaryId={muni}&buildingBlockId=6&filter=aberdeen"
    ))
    .await;
    assert_eq!(s, 200, "{body}");
    let found: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(found[0]["name"], "Aberdeen Magistrate Court", "{body}");
    assert_eq!(found[0]["contacts"][0]["detail"], "0498460013");
    assert_eq!(found.as_array().unwrap().len(), 1);
    // Sorted by name, case-insensitive.
    let (_, body) = get(format!(
        "/api/buildingblock/searchcontact?boundaryId={muni}&buildingBlockCategoryId=1"
    ))
    .await;
    let names: Vec<String> = serde_json::from_str::<Value>(&body)
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_lowercase())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    assert!(names.len() > 1);
    // Without a building block the search is refused.
    let (s, _) = get(format!(
        "/api/buildingblock/searchcontact?boundaryId={muni}"
    ))
    .await;
    assert_eq!(s, 400);

    // Providers per province in the count modal equal the database.
    let (s, body) = get("/api/buildingblock/getBoundaryCounts?boundaryId=10".into()).await;
    assert_eq!(s, 200);
    let counts: Value = serde_json::from_str(&body).unwrap();
    let ec_police: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id WHERE b.province_id = 10 AND p.building_block_id = 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(counts[0]["buildingBlocks"][0]["blockCount"], ec_police);

    // Every public response (checked below for shelter pins).
    let provinces: Vec<i64> = (10..=18).collect();
    let mut bodies = Vec::new();
    bodies.push(get("/api/dashboard/components".into()).await.1);
    for id in std::iter::once(1).chain(provinces.iter().copied()) {
        for path in [
            format!("/api/dashboard?boundaryId={id}"),
            format!("/api/geography/geomarker/1/{id}"),
            format!("/api/geography/geomarker/1/{id}/4"),
            format!("/api/buildingblock/getBuildingBlockData?boundaryId={id}"),
            format!("/api/buildingblock/getBoundaryCounts?boundaryId={id}"),
            format!("/api/buildingblock/searchcontact?boundaryId={id}&buildingBlockCategoryId=4"),
            format!("/api/buildingblock/searchcontact?boundaryId={id}&buildingBlockId=5"),
        ] {
            let (s, body) = get(path.clone()).await;
            assert_eq!(s, 200, "{path}: {body}");
            bodies.push(body);
        }
    }
    let shelters: Vec<Value> =
        sqlx::query_scalar("SELECT to_jsonb(p) FROM bb_provider p WHERE building_block_id = 5")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert!(shelters.len() > 100, "shelters imported");
    assert!(shelters
        .iter()
        .all(|s| s["point_lon"].is_null() && s["point_lat"].is_null()));
    // The shipped file holds no shelter location at all: its municipality's code instead of a
    // point, and no field that looks like a coordinate (South Africa: latitude -22 to -35,
    // longitude 16 to 33, written with decimals).
    let mut reader =
        csv::Reader::from_path(data_dir().join("building-blocks/shelters.csv")).unwrap();
    let headers = reader.headers().unwrap().clone();
    assert!(headers.iter().any(|h| h == "Municipality"));
    assert!(!headers
        .iter()
        .any(|h| h.eq_ignore_ascii_case("latitude") || h.eq_ignore_ascii_case("longitude")));
    let mut rows = 0;
    for r in reader.records() {
        let r = r.unwrap();
        for field in r.iter() {
            if let Ok(x) = field.trim().parse::<f64>() {
                let coordinate = field.contains('.')
                    && ((-35.5..=-22.0).contains(&x) || (16.0..=33.5).contains(&x));
                assert!(
                    !coordinate,
                    "a coordinate-like value {field:?} in shelters.csv"
                );
            }
        }
        rows += 1;
    }
    assert_eq!(rows, 115);
    // The NSM 2018 directory ships name, town and telephone only: no person, e-mail, cellphone
    // or coordinate; its shelters are de-duplicated against shelters.csv.
    let nsm = csv::Reader::from_path(data_dir().join("building-blocks/shelters_nsm_2018.csv"))
        .unwrap()
        .headers()
        .unwrap()
        .clone();
    assert_eq!(
        nsm.iter().collect::<Vec<_>>(),
        ["Province", "Area", "Name", "Tel"]
    );
    let nsm_report = &reports[5];
    assert_eq!(nsm_report.file_name, "shelters_nsm_2018.csv");
    assert!(nsm_report.duplicates.len() > 40, "{nsm_report:?}");
    assert!(nsm_report.providers_appended > 0);
    // Shelters are listed in the directory by name, municipality and phone only.
    let (_, body) =
        get("/api/buildingblock/searchcontact?boundaryId=12&buildingBlockId=5".into()).await;
    let list: Value = serde_json::from_str(&body).unwrap();
    assert!(!list.as_array().unwrap().is_empty());
    for s in list.as_array().unwrap() {
        assert!(s["address"].is_null());
    }
    // No shelter among the map pins.
    for body in &bodies {
        assert!(!body.contains("\"buildingBlockId\":5,\"buildingBlockCategoryId\""));
    }
    // Every map response of component 1, at every level down to each municipality (where the
    // pins are drawn): no feature is a shelter (by stakeholder id, name or building block), and
    // the map figures carry no point at all.
    let shelter_ids: std::collections::BTreeSet<String> = shelters
        .iter()
        .map(|s| s["provider_id"].to_string())
        .collect();
    let shelter_names: std::collections::BTreeSet<String> = shelters
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    let areas: Vec<i64> = sqlx::query_scalar(
        "SELECT boundary_id FROM boundary WHERE level IN ('national', 'province', 'district', 'municipality') ORDER BY boundary_id",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert!(areas.len() > 250, "{} areas", areas.len());
    let (mut pins, mut municipalities_with_shelters) = (0, 0);
    let with_shelters: std::collections::BTreeSet<i64> = sqlx::query_scalar(
        "SELECT DISTINCT municipality_id FROM bb_provider WHERE building_block_id = 5",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    for id in areas {
        let (s, body) = get(format!("/api/geography/geomarker/1/{id}")).await;
        assert_eq!(s, 200, "{id}: {body}");
        let features: Value = serde_json::from_str(&body).unwrap();
        for f in features["features"].as_array().unwrap() {
            let p = &f["properties"];
            assert!(
                !shelter_ids.contains(p["stakeholder"].as_str().unwrap()),
                "{f}"
            );
            assert!(!shelter_names.contains(p["name"].as_str().unwrap()), "{f}");
            assert_ne!(p["buildingBlockId"], 5, "{f}");
            assert_ne!(p["buildingBlockCategoryId"], 4, "{f}");
            pins += 1;
        }
        if with_shelters.contains(&id) {
            municipalities_with_shelters += 1;
            // The same municipality's dashboard counts its shelters, without a point.
            let (_, body) = get(format!("/api/dashboard?boundaryId={id}")).await;
            let v: Value = serde_json::from_str(&body).unwrap();
            let area = &v["buildingBlock"]["containedBoundaryData"][0];
            assert_eq!(area["boundaryId"], id);
            assert!(area["categories"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c["buildingBlockCategoryId"] == 4));
            for key in [
                "coordinates",
                "point",
                "lat",
                "lon",
                "latitude",
                "longitude",
            ] {
                assert!(!body.contains(&format!("\"{key}\"")), "{id}: {key}");
            }
        }
    }
    assert!(pins > 4_000, "{pins} pins checked");
    assert_eq!(municipalities_with_shelters, with_shelters.len());
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn municipality_captures_province_verifies_and_availability_follows() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    // A police station and its municipality and province.
    let (station, muni, province, other_muni): (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT p.provider_id, p.municipality_id, b.province_id,
                (SELECT o.boundary_id FROM boundary o WHERE o.level = 'municipality' AND o.province_id <> b.province_id LIMIT 1)
         FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id WHERE p.name = 'Aberdeen SAPS'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let other_station: i64 = sqlx::query_scalar(
        "SELECT p.provider_id FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE b.province_id <> $1 AND p.building_block_id = 1 LIMIT 1",
    )
    .bind(province)
    .fetch_one(&db.pool)
    .await
    .unwrap();

    let mut coordinator = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut coordinator, vec![muni]).await;
    let mut verifier = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut verifier, vec![muni]).await;
    let mut elsewhere = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut elsewhere, vec![other_muni]).await;

    // The coordinator sees their municipality with 0 verified.
    let (s, v) = coordinator
        .get("/api/buildingblock/getBuildingBlockAssociatedToUser")
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["stakeholderId"], muni);
    let police = &v[0]["buildingBlockCategories"][0]["buildingBlocks"][0];
    let total = police["totalBuildingBlockCount"].as_i64().unwrap();
    assert!(total >= 1);
    assert_eq!(police["totalVerifiedBuildingBlockCount"], 0);

    // Validation of §5.
    let (s, v) = coordinator
        .send(reqwest::Method::PUT, "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
              json!({"stakeholderId": station, "buildingBlockId": 1, "physicalAddress": " ", "receptionNumber": "04x",
                     "contactPersons": [{"buildingBlockRequirementId": 2, "fullName": "", "mobileNumber": "123"}]}))
        .await;
    assert_eq!(s, 400);
    assert_eq!(
        v["message"],
        "Please correct the highlighted errors before submitting."
    );
    let descriptions: Vec<&str> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["description"].as_str().unwrap())
        .collect();
    assert!(descriptions.contains(&"Physical Address is required."));
    assert!(descriptions.contains(&"Name is required."));
    assert!(descriptions.contains(&"Contact number must be 10 digits long"));

    // Not in the coordinator's municipality: refused.
    let update = |id: i64| {
        json!({"stakeholderId": id, "buildingBlockId": 1, "physicalAddress": "1 Church Street, Aberdeen",
        "receptionNumber": "0498460015", "buildingBlockRequirements": [1, 2],
        "contactPersons": [{"buildingBlockRequirementId": 2, "fullName": "Captain N. Example", "jobRole": "GBV desk officer",
                            "mobileNumber": "0831112233", "emailAddress": "gbv-desk@example.org",
                            "telephoneNumber": "0498460016", "isPublic": true},
                           {"buildingBlockRequirementId": 2, "fullName": "Constable Internal",
                            "mobileNumber": "0831112244", "telephoneNumber": "0498460017"}]})
    };
    let (s, v) = coordinator
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            update(other_station),
        )
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (
            403,
            Some("You do not have permission to perform this action.")
        )
    );
    // A verifier may not edit.
    let (s, _) = verifier
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            update(station),
        )
        .await;
    assert_eq!(s, 403);
    // Nothing submitted yet: nothing to verify.
    let (s, _) = verifier
        .post(
            "/api/buildingblock/verifyBuildingBlock",
            json!({"stakeholderId": station, "submissionVersion": 1}),
        )
        .await;
    assert_eq!(s, 400);

    let (s, v) = coordinator
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            update(station),
        )
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (200, Some("Building block updated successfully")),
        "{v}"
    );
    // POPIA: the person's name, phone and e-mail are not in the event log.
    let logged: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE payload::text LIKE '%Captain N. Example%' OR payload::text LIKE '%0831112233%' OR payload::text LIKE '%gbv-desk@example.org%'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(logged, 0);

    // Availability before verification: not yet known (null, never 0), with the providers
    // listed and none verified, at every level and quarter.
    let data_path = format!("/api/buildingblock/getBuildingBlockData?boundaryId={muni}");
    let before = coordinator.get(&data_path).await.1;
    let police_before = &before["buildingBlockCategoryStats"][0];
    let block_before = &police_before["buildingBlockStats"][0];
    assert_eq!(
        police_before["availability"],
        Value::Null,
        "{police_before}"
    );
    assert_eq!(police_before["verifiedProviderCount"], 0);
    assert!(police_before["providerCount"].as_i64().unwrap() > 0);
    assert_eq!(block_before["availability"], Value::Null);
    assert_eq!(block_before["verifiedProviderCount"], 0);
    assert_eq!(
        block_before["buildingBlockRequirementStats"][0]["availability"],
        Value::Null
    );
    assert!(police_before["periodAvailability"]
        .as_object()
        .unwrap()
        .values()
        .all(Value::is_null));
    let own_area = before["containedBoundaryData"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["boundaryId"] == muni)
        .unwrap()
        .clone();
    assert_eq!(
        (&own_area["availability"], &own_area["verified"]),
        (&Value::Null, &json!(0)),
        "{own_area}"
    );

    // A verifier of another province may not verify; one of this province may.
    let version = details(&verifier, station).await["submissionVersion"].clone();
    assert!(version.as_i64().unwrap() > 1, "{version}");
    let (s, _) = elsewhere
        .post(
            "/api/buildingblock/verifyBuildingBlock",
            json!({"stakeholderId": station, "submissionVersion": version}),
        )
        .await;
    assert_eq!(s, 403);
    let (s, v) = verifier
        .post(
            "/api/buildingblock/returnBuildingBlock",
            json!({"stakeholderId": station, "submissionVersion": version, "reason": ""}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    let (s, v) = verifier
        .post(
            "/api/buildingblock/verifyBuildingBlock",
            json!({"stakeholderId": station, "submissionVersion": version}),
        )
        .await;
    assert_eq!(s, 200, "{v}");

    let after = coordinator.get(&data_path).await.1;
    let reqs = &after["buildingBlockCategoryStats"][0]["buildingBlockStats"][0]
        ["buildingBlockRequirementStats"];
    let last = after["lastQuarter"].as_str().unwrap();
    // Over verified providers only, and only with enough of them verified
    // (docs/decisions/0141-availability-needs-coverage.md): the one verified station meets
    // requirements 1 and 2; its figure speaks for the municipality only if it is the only one.
    if AVAILABILITY_COVERAGE.coverage(1, total) == Coverage::Enough {
        assert_eq!(reqs[0]["availability"], 1.0, "{reqs}");
        assert_eq!(reqs[1]["availability"], 1.0);
        assert_eq!(reqs[2]["availability"], 0.0);
        assert_eq!(reqs[0]["periodAvailability"][last], 1.0);
    } else {
        for r in reqs.as_array().unwrap() {
            assert_eq!(
                (&r["availability"], &r["availabilityState"]),
                (&Value::Null, &json!("belowCoverage")),
                "{reqs}"
            );
            assert_eq!(r["periodAvailability"][last], Value::Null);
            assert_eq!(r["verifiedProviderCount"], 1);
            assert_eq!(r["providerCount"], total);
        }
    }
    // The public dashboard shows the same.
    let public = reqwest::get(format!("{base}/api/dashboard?boundaryId={muni}"))
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(
        public["buildingBlock"]["buildingBlockCategoryStats"][0]["availability"],
        after["buildingBlockCategoryStats"][0]["availability"]
    );
    // The map's figures: the municipality's district lists many providers with one verified:
    // too few to speak for it, so no figure (never 2 available pairs of all its providers'
    // pairs, as if the unverified ones offered nothing), the coverage beside it.
    let (district, providers): (i64, i64) = sqlx::query_as(
        "SELECT m.district_id, count(*) FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         JOIN boundary m ON m.boundary_id = $1 WHERE b.district_id = m.district_id GROUP BY m.district_id",
    )
    .bind(muni)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    for (parent, child) in [(province, district), (muni, muni)] {
        let body = reqwest::get(format!("{base}/api/dashboard?boundaryId={parent}"))
            .await
            .unwrap()
            .json::<Value>()
            .await
            .unwrap();
        let areas = body["buildingBlock"]["containedBoundaryData"]
            .as_array()
            .unwrap();
        let area = areas
            .iter()
            .find(|a| a["boundaryId"] == child)
            .unwrap_or_else(|| panic!("{child} in {areas:?}"));
        if child == district {
            assert_eq!(area["total"], providers, "{area}");
            assert_eq!(
                (&area["availability"], &area["availabilityState"]),
                (&Value::Null, &json!("belowCoverage")),
                "{area}"
            );
            let police = &area["categories"][0];
            assert_eq!(police["buildingBlockCategoryId"], 1);
            assert_eq!(police["verified"], 1);
            assert_eq!(area["verified"], 1, "{area}");
            // Other areas: providers listed, none verified: no figure, not 0.
            assert!(areas
                .iter()
                .filter(|a| a["boundaryId"] != child && a["total"].as_i64().unwrap() > 0)
                .all(|a| a["availability"].is_null() && a["verified"] == 0));
        } else {
            assert_eq!(areas.len(), 1, "a municipality's map is itself");
            assert_eq!(area["verified"], 1);
            assert_eq!(area["availabilityState"], "belowCoverage", "{area}");
        }
    }
    let national = reqwest::get(format!(
        "{base}/api/buildingblock/getBuildingBlockData?boundaryId=1"
    ))
    .await
    .unwrap()
    .json::<Value>()
    .await
    .unwrap();
    let provinces = national["containedBoundaryData"].as_array().unwrap();
    assert_eq!(provinces.len(), 9);
    let all: i64 = sqlx::query_scalar("SELECT count(*) FROM bb_provider")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        provinces
            .iter()
            .map(|a| a["total"].as_i64().unwrap())
            .sum::<i64>(),
        all
    );
    assert_eq!(
        provinces
            .iter()
            .filter(|a| a["availabilityState"] == "belowCoverage")
            .count(),
        1,
        "one verified station does not speak for its province"
    );
    assert_eq!(
        provinces
            .iter()
            .filter(|a| a["availability"].is_null() && a["availabilityState"] == "noneVerified")
            .count(),
        8,
        "the other provinces have listed providers, none verified"
    );
    // Completion: verified count moved.
    let (_, v) = coordinator
        .get("/api/buildingblock/getBuildingBlockAssociatedToUser")
        .await;
    let police = &v[0]["buildingBlockCategories"][0]["buildingBlocks"][0];
    assert_eq!(police["totalVerifiedBuildingBlockCount"], 1);
    assert_eq!(police["completion"], if total == 1 { 2 } else { 1 });
    // The directory shows the verified requirement with its contact person.
    let (_, list) = coordinator.get(&format!("/api/buildingblock/searchcontact?boundaryId={muni}&buildingBlockId=1&stakeholderId={station}")).await;
    // Only the person marked public, with their work number only: not their mobile number
    // or e-mail address; the internal person not at all.
    assert_eq!(
        list[0]["buildingBlockRequirements"][1]["stakeholderContactPerson"],
        json!([{"stakeholderTypeId": 2, "name": "Captain N. Example",
                "contactId": list[0]["buildingBlockRequirements"][1]["stakeholderContactPerson"][0]["contactId"],
                "role": "GBV desk officer",
                "contacts": [{"contactId": 1, "contactTypeId": 3, "detail": "0498460016", "areaCode": null}]}])
    );
    let body = list.to_string();
    for internal in [
        "0831112233",
        "gbv-desk@example.org",
        "Constable Internal",
        "0831112244",
    ] {
        assert!(!body.contains(internal), "{internal} is published: {body}");
    }

    // History: import, submission, verification with who and when; CSV too.
    let (s, h) = verifier
        .get(&format!(
            "/api/buildingblock/history?stakeholderId={station}"
        ))
        .await;
    assert_eq!(s, 200, "{h}");
    let types: Vec<&str> = h["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["eventType"].as_str().unwrap())
        .collect();
    assert_eq!(
        types,
        [
            "ProviderImported",
            "BuildingBlockDetailsSubmitted",
            "BuildingBlockVerified"
        ]
    );
    assert!(h["history"][1]["actor"]
        .as_str()
        .unwrap()
        .starts_with("user:"));
    assert!(h["history"][2]["actorEmail"]
        .as_str()
        .unwrap()
        .contains("@example.org"));
    // The auditor's command-line history names the same people as the screen, beside their
    // ids, and looking at the projections changes nothing.
    let out = std::process::Command::new(common::process::binary())
        .args(["events", "history", "bb_provider", &station.to_string()])
        .env("DATABASE_URL", &db.url)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    for i in [1, 2] {
        let name = h["history"][i]["actorName"].as_str().unwrap();
        let actor = h["history"][i]["actor"].as_str().unwrap();
        assert!(name != actor && !name.is_empty(), "{name}");
        assert!(printed.contains(&format!("{name} ({actor})")), "{printed}");
    }

    // Rebuilding the read model from the log gives identical tables.
    let tables = [
        ("bb_provider", "provider_id"),
        ("bb_provider_quarter", "provider_id, quarter_start"),
        ("bb_category", "1"),
        ("bb_block", "1"),
        ("bb_requirement", "1"),
    ];
    let mut before = Vec::new();
    for (t, o) in tables {
        before.push(table(&db, t, o).await);
    }
    let p = gbvf_projections::by_name("building_blocks").unwrap();
    gbvf_projections::engine::rebuild(&db.pool, p.as_ref(), 5_000, |_| {})
        .await
        .unwrap();
    for (i, (t, o)) in tables.iter().enumerate() {
        assert_eq!(table(&db, t, o).await, before[i], "{t} after rebuild");
    }

    // Read-your-writes under concurrency: the coordinator submits every other provider of the
    // municipality at once; each answer comes only once the read model shows that provider
    // submitted (the catch-ups of concurrent commands are shared, commands::settle).
    let others: Vec<(i64, i32)> = sqlx::query_as(
        "SELECT provider_id, building_block_id FROM bb_provider
         WHERE municipality_id = $1 AND provider_id <> $2 AND building_block_id <> 5 ORDER BY 1 LIMIT 16",
    )
    .bind(muni)
    .bind(station)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert!(others.len() >= 4, "{} other providers", others.len());
    let coordinator = &coordinator;
    let pool = &db.pool;
    let answers = futures::future::join_all(others.iter().map(|&(id, block)| async move {
        let (s, v) = coordinator
            .send(
                reqwest::Method::PUT,
                "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
                json!({"stakeholderId": id, "buildingBlockId": block, "physicalAddress": "1 Main Road"}),
            )
            .await;
        let status: String =
            sqlx::query_scalar("SELECT status FROM bb_provider WHERE provider_id = $1")
                .bind(id)
                .fetch_one(pool)
                .await
                .unwrap();
        (id, s, v, status)
    }))
    .await;
    for (id, s, v, status) in answers {
        assert_eq!(s, 200, "{id}: {v}");
        assert_eq!(status, "submitted", "{id} read right after its answer");
    }
    db.drop_db().await;
}

/// The staff view of one provider (`getBuildingBlockContactsWithRequirements`), asserted 200.
async fn details(c: &Client, id: i64) -> Value {
    let (s, v) = c
        .get(&format!(
            "/api/buildingblock/getBuildingBlockContactsWithRequirements?stakeholderId={id}"
        ))
        .await;
    assert_eq!(s, 200, "{v}");
    v
}

/// Submits details for police station `id` (building block 1) with one contact person for
/// requirement 2; asserts 200.
async fn submit_station(c: &Client, id: i64, address: &str, reception: &str, person: &str) {
    let (s, v) = c
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": id, "buildingBlockId": 1, "physicalAddress": address,
                   "receptionNumber": reception, "buildingBlockRequirements": [1, 2],
                   "contactPersons": [{"buildingBlockRequirementId": 2, "fullName": person,
                                       "mobileNumber": "0831112233", "isPublic": true}]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
}

/// Verifies (`reason` None) or returns the submission `version` of provider `id`.
async fn review(c: &Client, id: i64, version: &Value, reason: Option<&str>) -> (u16, Value) {
    match reason {
        None => {
            c.post(
                "/api/buildingblock/verifyBuildingBlock",
                json!({"stakeholderId": id, "submissionVersion": version}),
            )
            .await
        }
        Some(r) => {
            c.post(
                "/api/buildingblock/returnBuildingBlock",
                json!({"stakeholderId": id, "submissionVersion": version, "reason": r}),
            )
            .await
        }
    }
}

/// The anonymous contact directory's answer for one provider, as text.
async fn public_entry(base: &str, id: i64) -> String {
    let r = reqwest::get(format!(
        "{base}/api/buildingblock/searchcontact?stakeholderId={id}"
    ))
    .await
    .unwrap();
    assert_eq!(r.status(), 200);
    r.text().await.unwrap()
}

/// Mowbray SAPS: (station id, its municipality, its province).
async fn mowbray(db: &TestDb) -> (i64, i64, i64) {
    sqlx::query_as(
        "SELECT p.provider_id, p.municipality_id, b.province_id FROM bb_provider p
         JOIN boundary b ON b.boundary_id = p.municipality_id WHERE p.name = 'Mowbray SAPS'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_answers_show_only_the_last_verified_snapshot() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (station, muni, _) = mowbray(&db).await;
    let mut coordinator = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut coordinator, vec![muni]).await;
    let mut verifier = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut verifier, vec![muni]).await;
    let imported = public_entry(&base, station).await;
    assert!(imported.contains("0216809588"), "{imported}");

    // A submission is not public until the province verifies it.
    submit_station(
        &coordinator,
        station,
        "1 Main Road, Mowbray",
        "0216000000",
        "Sergeant Verified",
    )
    .await;
    let pending = public_entry(&base, station).await;
    for unverified in ["0216000000", "1 Main Road", "Sergeant Verified"] {
        assert!(
            !pending.contains(unverified),
            "{unverified} public before verification: {pending}"
        );
    }
    assert_eq!(pending, imported, "the public sees the imported record");
    let v1 = details(&verifier, station).await["submissionVersion"].clone();
    let (s, v) = review(&verifier, station, &v1, None).await;
    assert_eq!(s, 200, "{v}");
    let verified = public_entry(&base, station).await;
    for shown in ["0216000000", "1 Main Road, Mowbray", "Sergeant Verified"] {
        assert!(
            verified.contains(shown),
            "{shown} public once verified: {verified}"
        );
    }

    // A new submission on the verified station: the public keeps the verified snapshot, also
    // after the province returns the submission; the area's people see the submission.
    submit_station(
        &coordinator,
        station,
        "Fake address",
        "0860000000",
        "Unverified Impostor",
    )
    .await;
    let dashboard = |b: &str| {
        let b = b.to_string();
        async move {
            reqwest::get(format!("{b}/api/dashboard?boundaryId={muni}"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap()
        }
    };
    let dashboard_verified = dashboard(&base).await;
    for _ in 0..2 {
        assert_eq!(public_entry(&base, station).await, verified);
        let search = reqwest::get(format!(
            "{base}/api/buildingblock/searchcontact?boundaryId={muni}&buildingBlockId=1"
        ))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
        for unverified in ["0860000000", "Fake address", "Unverified Impostor"] {
            assert!(!search.contains(unverified), "{unverified} public");
        }
        assert_eq!(dashboard(&base).await, dashboard_verified);
        let staff = details(&coordinator, station).await;
        assert_eq!(staff["contacts"][0]["detail"], "0860000000");
        assert_eq!(staff["address"]["addressLine1"], "Fake address");
        let v2 = staff["submissionVersion"].clone();
        if staff["status"] == "submitted" {
            let (s, v) = review(&verifier, station, &v2, Some("Not the station's number")).await;
            assert_eq!(s, 200, "{v}");
        }
    }
    // The next verification replaces the snapshot, and the persons only the old one named are
    // deleted from the side table.
    submit_station(
        &coordinator,
        station,
        "2 Main Road, Mowbray",
        "0216000001",
        "Captain Checked",
    )
    .await;
    let v3 = details(&verifier, station).await["submissionVersion"].clone();
    let (s, v) = review(&verifier, station, &v3, None).await;
    assert_eq!(s, 200, "{v}");
    let now = public_entry(&base, station).await;
    assert!(
        now.contains("0216000001") && now.contains("Captain Checked"),
        "{now}"
    );
    assert!(!now.contains("Sergeant Verified"), "{now}");
    let names: Vec<String> =
        sqlx::query_scalar("SELECT name FROM bb_contact_person WHERE stakeholder_id = $1")
            .bind(station)
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert_eq!(names, ["Captain Checked"]);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_names_its_submission_and_nobody_verifies_their_own() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (station, muni, _) = mowbray(&db).await;
    let mut coordinator = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut coordinator, vec![muni]).await;
    let mut verifier = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut verifier, vec![muni]).await;

    // The province views version 1; the municipality submits version 2; verifying version 1
    // is refused (409, reload), and so is returning it; version 2 is verified.
    submit_station(
        &coordinator,
        station,
        "1 Main Road",
        "0216000000",
        "Sergeant One",
    )
    .await;
    let first = details(&verifier, station).await;
    assert_eq!(first["ownSubmission"], false);
    let seen = first["submissionVersion"].clone();
    submit_station(
        &coordinator,
        station,
        "1 Main Road",
        "0860000000",
        "Sergeant Two",
    )
    .await;
    for reason in [None, Some("wrong number")] {
        let (s, v) = review(&verifier, station, &seen, reason).await;
        assert_eq!(s, 409, "{v}");
        assert!(v["message"].as_str().unwrap().contains("reload"), "{v}");
    }
    // A version that is no submission.
    let (s, _) = review(&verifier, station, &json!(99), None).await;
    assert_eq!(s, 400);
    // The body must name the version.
    let (s, _) = verifier
        .post(
            "/api/buildingblock/verifyBuildingBlock",
            json!({"stakeholderId": station}),
        )
        .await;
    assert_eq!(s, 400);
    let latest = details(&verifier, station).await["submissionVersion"].clone();
    assert_eq!(latest.as_i64(), seen.as_i64().map(|v| v + 1));
    let (s, v) = review(&verifier, station, &latest, None).await;
    assert_eq!(s, 200, "{v}");
    assert!(public_entry(&base, station).await.contains("0860000000"));

    // A Building Block admin holds EditBuildingBlock and ValidateBuildingBlock: they may not
    // verify or return their own submission; another person of the province may.
    let mut admin = member_of(&db, &base, &dir, 3).await;
    assign_municipalities(&db, &mut admin, vec![muni]).await;
    submit_station(&admin, station, "3 Main Road", "0216000003", "Admin Person").await;
    let own = details(&admin, station).await;
    assert_eq!(own["ownSubmission"], true);
    for reason in [None, Some("looks wrong")] {
        let (s, v) = review(&admin, station, &own["submissionVersion"], reason).await;
        assert_eq!(s, 403, "{v}");
        assert!(
            v["message"]
                .as_str()
                .unwrap()
                .contains("submitted these details yourself"),
            "{v}"
        );
    }
    assert!(!public_entry(&base, station).await.contains("0216000003"));
    let (s, v) = review(&verifier, station, &own["submissionVersion"], None).await;
    assert_eq!(s, 200, "{v}");
    assert!(public_entry(&base, station).await.contains("0216000003"));
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn building_block_reads_are_limited_to_the_users_area() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (station, cape_town, western_cape) = mowbray(&db).await;
    // A Kouga (Eastern Cape) station, and a station of another Western Cape municipality.
    let (kouga_station, kouga): (i64, i64) = sqlx::query_as(
        "SELECT p.provider_id, p.municipality_id FROM bb_provider p
         WHERE p.municipality_id = (SELECT municipality_id FROM bb_provider WHERE provider_id = 4000010)
           AND p.building_block_id = 1 ORDER BY 1 LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let (wc_station, wc_muni): (i64, i64) = sqlx::query_as(
        "SELECT p.provider_id, p.municipality_id FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE b.province_id = $1 AND p.municipality_id <> $2 AND p.building_block_id = 1 ORDER BY 1 LIMIT 1",
    )
    .bind(western_cape)
    .bind(cape_town)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    // Kouga's coordinator records a contact person there.
    let mut kouga_coordinator = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut kouga_coordinator, vec![kouga]).await;
    submit_station(
        &kouga_coordinator,
        kouga_station,
        "1 Da Gama Road",
        "0422000000",
        "Kouga Person",
    )
    .await;

    let mut cape_coordinator = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut cape_coordinator, vec![cape_town]).await;
    let mut wc_verifier = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut wc_verifier, vec![cape_town]).await;
    // A province's designated person assigned the province itself, no municipality.
    let mut wc_province = member_of(&db, &base, &dir, 6).await;
    assign_area(&db, &mut wc_province, vec![], vec![western_cape]).await;
    let reads = |id: i64, muni: i64| {
        [
            format!("/api/buildingblock/getBuildingBlockContactsWithRequirements?stakeholderId={id}"),
            format!("/api/buildingblock/history?stakeholderId={id}"),
            format!("/api/buildingblock/history?stakeholderId={id}&format=csv"),
            format!("/api/buildingblock/getBuildingBlockOnMunicipality?boundaryStakeholderId={muni}&buildingBlockId=1"),
        ]
    };
    // Outside the area: refused, without a word of the provider's details.
    for (who, c, id, muni) in [
        (
            "Cape Town coordinator",
            &cape_coordinator,
            kouga_station,
            kouga,
        ),
        ("Western Cape verifier", &wc_verifier, kouga_station, kouga),
        (
            "Western Cape's verifier",
            &wc_province,
            kouga_station,
            kouga,
        ),
        (
            "Cape Town coordinator",
            &cape_coordinator,
            wc_station,
            wc_muni,
        ),
    ] {
        for path in reads(id, muni) {
            let r = c.http.get(format!("{base}{path}")).send().await.unwrap();
            let status = r.status().as_u16();
            let body = r.text().await.unwrap();
            assert_eq!(status, 403, "{who} {path}: {body}");
            assert!(
                !body.contains("Kouga Person") && !body.contains("@example.org"),
                "{body}"
            );
        }
    }
    // Inside: the municipality's own coordinator, the province's verifier (any municipality of
    // the province).
    for (c, id, muni) in [
        (&cape_coordinator, station, cape_town),
        (&wc_verifier, station, cape_town),
        (&wc_verifier, wc_station, wc_muni),
        (&wc_province, station, cape_town),
        (&wc_province, wc_station, wc_muni),
        (&kouga_coordinator, kouga_station, kouga),
    ] {
        for path in reads(id, muni) {
            let r = c.http.get(format!("{base}{path}")).send().await.unwrap();
            assert_eq!(r.status(), 200, "{path}");
        }
    }
    let staff = details(&kouga_coordinator, kouga_station).await;
    assert_eq!(
        staff["buildingBlockRequirements"][1]["stakeholderContactPerson"][0]["fullName"],
        "Kouga Person"
    );
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shelters_publish_no_contact_person() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let shelter = 4_000_010;
    let (muni, requirements): (i64, Vec<i32>) = sqlx::query_as(
        "SELECT p.municipality_id, array_agg(r.building_block_requirement_id ORDER BY r.seq)
         FROM bb_provider p JOIN bb_requirement r USING (building_block_id)
         WHERE p.provider_id = $1 AND p.building_block_id = 5 GROUP BY p.municipality_id",
    )
    .bind(shelter)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let mut coordinator = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut coordinator, vec![muni]).await;
    let mut verifier = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut verifier, vec![muni]).await;
    // A shelter's contact person cannot be marked public: refused, nothing recorded.
    let (s, v) = coordinator
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": shelter, "buildingBlockId": 5,
                   "contactPersons": [{"buildingBlockRequirementId": requirements[0],
                       "fullName": "Shelter Manager Person", "isPublic": true}]}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(
        v["errors"][0],
        json!({"code": "contactPersons[0].isPublic",
               "description": "A shelter's contact persons are never shown in the public directory."})
    );
    assert_eq!(details(&verifier, shelter).await["status"], "not_captured");
    let (s, v) = coordinator
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": shelter, "buildingBlockId": 5, "receptionNumber": "0796932105",
                   "emailAddress": "shelter-office@example.org",
                   "buildingBlockRequirements": requirements,
                   "contactPersons": [{"buildingBlockRequirementId": requirements[0],
                       "fullName": "Shelter Manager Person", "jobRole": "12 Hidden Street, Humansdorp",
                       "mobileNumber": "0831112299", "emailAddress": "manager@example.org"}]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let version = details(&verifier, shelter).await["submissionVersion"].clone();
    let (s, v) = review(&verifier, shelter, &version, None).await;
    assert_eq!(s, 200, "{v}");
    // The province's people see the person; no public answer does.
    let staff = details(&verifier, shelter).await;
    assert_eq!(
        staff["buildingBlockRequirements"][0]["stakeholderContactPerson"][0]["fullName"],
        "Shelter Manager Person"
    );
    let district: i64 =
        sqlx::query_scalar("SELECT district_id FROM boundary WHERE boundary_id = $1")
            .bind(muni)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    for path in [
        format!("/api/buildingblock/searchcontact?stakeholderId={shelter}"),
        format!("/api/buildingblock/searchcontact?boundaryId={muni}&buildingBlockId=5"),
        format!("/api/buildingblock/searchcontact?boundaryId={district}&buildingBlockCategoryId=4"),
        "/api/buildingblock/searchcontact?boundaryId=1&buildingBlockId=5&filter=eagles".to_string(),
        format!("/api/dashboard?boundaryId={muni}"),
        format!("/api/buildingblock/getBuildingBlockData?boundaryId={muni}"),
        format!("/api/geography/geomarker/1/{muni}"),
    ] {
        let body = reqwest::get(format!("{base}{path}"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        for secret in [
            "Shelter Manager Person",
            "Hidden Street",
            "0831112299",
            "manager@example.org",
            "shelter-office@example.org",
        ] {
            assert!(!body.contains(secret), "{path} shows {secret}: {body}");
        }
    }
    // The shelter's entry: name, municipality and its line only.
    let entry: Value = serde_json::from_str(&public_entry(&base, shelter).await).unwrap();
    let entry = &entry[0];
    assert_eq!(entry["stakeholderId"], shelter);
    assert!(entry["address"].is_null());
    assert_eq!(entry["buildingBlockRequirements"], json!([]));
    let lines: Vec<&str> = entry["contacts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["detail"].as_str().unwrap())
        .collect();
    assert_eq!(lines, ["0796932105"]);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_erased_contact_person_shows_as_erased_everywhere() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (station, muni, _) = mowbray(&db).await;
    let mut coordinator = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut coordinator, vec![muni]).await;
    let mut verifier = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut verifier, vec![muni]).await;
    const SECRETS: [&str; 6] = [
        "Nomvula Erasable-Dlamini",
        "Victim Empowerment Liaison",
        "0831119876",
        "nomvula.erasable@example.org",
        "0216543210",
        "0216543299",
    ];
    let (s, v) = coordinator
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": station, "buildingBlockId": 1, "physicalAddress": "1 Main Road, Mowbray",
                   "receptionNumber": "0216000000", "buildingBlockRequirements": [1, 2],
                   "contactPersons": [{"buildingBlockRequirementId": 2, "fullName": SECRETS[0],
                       "jobRole": SECRETS[1], "mobileNumber": SECRETS[2], "emailAddress": SECRETS[3],
                       "telephoneNumber": SECRETS[4], "alternateNumber": SECRETS[5], "isPublic": true}]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let version = details(&verifier, station).await["submissionVersion"].clone();
    let (s, v) = review(&verifier, station, &version, None).await;
    assert_eq!(s, 200, "{v}");
    let person = |staff: &Value| -> Value {
        staff["buildingBlockRequirements"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["stakeholderContactPerson"].as_array().unwrap().clone())
            .next()
            .expect("a contact person")
    };
    let before = person(&details(&verifier, station).await);
    assert_eq!(before["fullName"], SECRETS[0]);
    let id = before["contactPersonId"].as_str().unwrap().to_string();
    // The public answers (now also in the response cache) show the person.
    let public_paths = [
        format!("/api/buildingblock/searchcontact?stakeholderId={station}"),
        format!("/api/buildingblock/searchcontact?boundaryId={muni}&buildingBlockId=1"),
    ];
    for path in &public_paths {
        let body = reqwest::get(format!("{base}{path}"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            body.contains(SECRETS[0]) && body.contains(SECRETS[4]),
            "{path}: {body}"
        );
    }

    // The operator erases the person with the CLI.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gbvf"))
        .args(["building-blocks", "erase-contact", &id])
        .env("DATABASE_URL", &db.url)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run gbvf");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("erased"));

    // Every answer that lists contact persons shows them as erased, without a detail. The
    // erasure's NOTIFY reaches the server's cache invalidator asynchronously: an answer cached
    // before it may be served for a moment (under load, more than a moment), so wait for it.
    for path in &public_paths {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let body = loop {
            let body = reqwest::get(format!("{base}{path}"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            if body.contains("Erased person") || std::time::Instant::now() > deadline {
                break body;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        };
        assert!(
            body.contains("Erased person") && body.contains(&id),
            "{path}: {body}"
        );
        for secret in SECRETS {
            assert!(
                !body.contains(secret),
                "{path} still shows {secret}: {body}"
            );
        }
    }
    let entry: Value = serde_json::from_str(&public_entry(&base, station).await).unwrap();
    let shown = &entry[0]["buildingBlockRequirements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["buildingBlockRequirementId"] == 2)
        .unwrap()["stakeholderContactPerson"][0];
    assert_eq!(
        shown,
        &json!({"stakeholderTypeId": 2, "name": "Erased person", "contactId": id,
                "role": null, "contacts": []})
    );
    for staff in [&coordinator, &verifier] {
        assert_eq!(
            person(&details(staff, station).await),
            json!({"contactPersonId": id, "fullName": "Erased person", "jobRole": null,
                   "mobileNumber": null, "emailAddress": null, "telephoneNumber": null,
                   "alternateNumber": null, "isPublic": true})
        );
    }
    // The row and its id stay, marked erased; the details are nowhere in the database.
    let (name, erased): (Option<String>, bool) = sqlx::query_as(
        "SELECT name, erased_at IS NOT NULL FROM bb_contact_person WHERE contact_person_id = $1::uuid",
    )
    .bind(&id)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!((name, erased), (None, true));
    for secret in SECRETS {
        assert_eq!(
            places_holding(&db, secret).await,
            Vec::<String>::new(),
            "{secret}"
        );
    }
    // The history stays complete.
    let (s, h) = verifier
        .get(&format!(
            "/api/buildingblock/history?stakeholderId={station}"
        ))
        .await;
    assert_eq!(s, 200, "{h}");
    assert!(h.to_string().contains("contact persons: 1 for"), "{h}");

    // Erasing again changes nothing; an unknown id is refused.
    let id: uuid::Uuid = id.parse().unwrap();
    assert_eq!(
        gbvf_api::cli::building_blocks::erase_contact(&db.pool, id)
            .await
            .unwrap(),
        gbvf_api::cli::building_blocks::Erasure::AlreadyErased
    );
    let err = gbvf_api::cli::building_blocks::erase_contact(&db.pool, uuid::Uuid::new_v4())
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "No contact person has this id.");
    db.drop_db().await;
}

/// The first characters that make a spreadsheet program evaluate a cell (OWASP "CSV
/// Injection").
const FORMULA_STARTS: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\0'];

/// The cells of a CSV answer, after asserting that no cell would be evaluated as a formula.
fn safe_csv(text: &str) -> Vec<Vec<String>> {
    let rows: Vec<Vec<String>> = csv::Reader::from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    for row in &rows {
        for cell in row {
            assert!(
                !cell.starts_with(FORMULA_STARTS),
                "a formula cell {cell:?} in\n{text}"
            );
        }
    }
    rows
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn csv_exports_neutralise_formula_cells() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (station, muni, _) = mowbray(&db).await;
    // Input the validators accept that a spreadsheet would run: an e-mail address beginning
    // with "=", a name beginning with "-".
    const EMAIL: &str = "=2+5@example.org";
    let mut body = registration(&db, EMAIL).await;
    body["OrganisationName"] = json!("Formula Test Organisation");
    let mut coordinator = member_registered_as(&db, &base, &dir, 5, body).await;
    assign_municipalities(&db, &mut coordinator, vec![muni]).await;
    let mut body = registration(&db, "formula.admin@example.org").await;
    body["FirstName"] = json!("-Thandi");
    let admin = member_registered_as(&db, &base, &dir, 1, body).await;
    submit_station(
        &coordinator,
        station,
        "1 Main Road",
        "0216000000",
        "Sergeant Safe",
    )
    .await;

    // The building-block history: the e-mail cell gets a quote, the sequence stays a number.
    let r = coordinator
        .http
        .get(format!(
            "{base}/api/buildingblock/history?stakeholderId={station}&format=csv"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let text = r.text().await.unwrap();
    let rows = safe_csv(&text);
    let submitted = rows
        .iter()
        .find(|r| r[2] == "Details submitted for verification")
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(submitted[4], format!("'{EMAIL}"), "{text}");
    assert!(rows.iter().all(|r| r[0].parse::<i64>().is_ok()), "{text}");
    // JSON answers are not CSV: they keep the address as it is.
    let (_, h) = coordinator
        .get(&format!(
            "/api/buildingblock/history?stakeholderId={station}"
        ))
        .await;
    assert!(h.to_string().contains(&format!("\"{EMAIL}\"")), "{h}");

    // The organisation history: the approving administrator's name gets a quote.
    let user = user_key(&db.pool, EMAIL).await;
    let org: String = sqlx::query_scalar(
        "SELECT organisation_id FROM organisation WHERE designated_user_id = $1",
    )
    .bind(&user)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let (s, v) = admin
        .post(
            "/api/healthcheck/verify",
            json!({"VerificationStatusId": 3, "StakeholderId": org, "EmailTemplateType": 1,
                   "ExpectedStatusId": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let r = admin
        .http
        .get(format!(
            "{base}/api/healthcheck/organisation/{org}/history?format=csv"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let text = r.text().await.unwrap();
    let rows = safe_csv(&text);
    let approved = rows
        .iter()
        .find(|r| r[3] == "OrganisationApproved")
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(approved[6], "'-Thandi Mokoena", "{text}");
    assert!(rows.iter().all(|r| r[2].parse::<i64>().is_ok()), "{text}");
    db.drop_db().await;
}

/// The events of a submission and its contact persons are stored together or not at all: with
/// the contact-person table refusing rows (a trigger standing in for a failing write), the
/// submission answers 500 and appends no event; once the table accepts rows again, the same
/// submission stores both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_submission_whose_contact_persons_cannot_be_stored_stores_nothing() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let (station, muni, _) = mowbray(&db).await;
    let mut coordinator = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut coordinator, vec![muni]).await;
    let counts = || async {
        let events: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM events WHERE aggregate_type = 'bb_provider' AND aggregate_id = $1",
        )
        .bind(station.to_string())
        .fetch_one(&db.pool)
        .await
        .unwrap();
        let persons: i64 =
            sqlx::query_scalar("SELECT count(*) FROM bb_contact_person WHERE stakeholder_id = $1")
                .bind(station)
                .fetch_one(&db.pool)
                .await
                .unwrap();
        (events, persons)
    };
    let before = counts().await;
    sqlx::query(
        "CREATE FUNCTION refuse_contact_person() RETURNS trigger LANGUAGE plpgsql AS
         $$ BEGIN RAISE EXCEPTION 'contact persons cannot be stored'; END $$",
    )
    .execute(&db.pool)
    .await
    .unwrap();
    sqlx::query(
        "CREATE TRIGGER refuse_contact_person BEFORE INSERT ON bb_contact_person
         FOR EACH ROW EXECUTE FUNCTION refuse_contact_person()",
    )
    .execute(&db.pool)
    .await
    .unwrap();
    let body = json!({"stakeholderId": station, "buildingBlockId": 1,
        "physicalAddress": "1 Main Road, Mowbray", "receptionNumber": "0216000000",
        "buildingBlockRequirements": [1, 2],
        "contactPersons": [{"buildingBlockRequirementId": 2, "fullName": "Sergeant Stored",
                            "mobileNumber": "0831112233"}]});
    let (s, v) = coordinator
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            body.clone(),
        )
        .await;
    assert_eq!(s, 500, "{v}");
    assert_eq!(counts().await, before, "a half-stored submission");

    sqlx::query("DROP TRIGGER refuse_contact_person ON bb_contact_person")
        .execute(&db.pool)
        .await
        .unwrap();
    submit_station(
        &coordinator,
        station,
        "1 Main Road, Mowbray",
        "0216000000",
        "Sergeant Stored",
    )
    .await;
    let after = counts().await;
    assert_eq!(after.0, before.0 + 1, "one submission event");
    assert!(after.1 > before.1, "its contact person stored");
    db.drop_db().await;
}

/// `official` submits police station `id` offering `requirements`; `verifier` verifies that
/// submission through the real review path (the version the review screen shows).
async fn verify_offering(official: &Client, verifier: &Client, id: i64, requirements: &[i64]) {
    let (s, v) = official
        .send(
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
            json!({"stakeholderId": id, "buildingBlockId": 1, "physicalAddress": "1 Main Road",
                   "buildingBlockRequirements": requirements, "contactPersons": []}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let version = details(verifier, id).await["submissionVersion"].clone();
    let (s, v) = review(verifier, id, &version, None).await;
    assert_eq!(s, 200, "{v}");
}

/// The police category (1) of `boundary`'s building-block data and `boundary`'s own map area
/// (`containedBoundaryData` of the boundary itself, a municipality).
async fn police_and_area(base: &str, boundary: i64) -> (Value, Value) {
    let body = reqwest::get(format!("{base}/api/dashboard?boundaryId={boundary}"))
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    let data = &body["buildingBlock"];
    let police = data["buildingBlockCategoryStats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["buildingBlockCategoryId"] == 1)
        .expect("police category")
        .clone();
    let area = data["containedBoundaryData"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["boundaryId"] == boundary)
        .expect("the municipality is its own map area")
        .clone();
    (police, area)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_verified_station_of_43_does_not_speak_for_johannesburg() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    // Johannesburg and its police stations, Hillbrow first.
    let joburg: i64 =
        sqlx::query_scalar("SELECT municipality_id FROM bb_provider WHERE name = 'Hillbrow SAPS'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let stations: Vec<i64> = sqlx::query_scalar(
        "SELECT provider_id FROM bb_provider WHERE municipality_id = $1 AND building_block_id = 1
         ORDER BY name <> 'Hillbrow SAPS', name",
    )
    .bind(joburg)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(
        stations.len(),
        43,
        "the shipped directory lists 43 stations"
    );
    let requirements: i64 =
        sqlx::query_scalar("SELECT count(*) FROM bb_requirement WHERE building_block_id = 1")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(requirements, 4);
    let mut official = member_of(&db, &base, &dir, 5).await;
    assign_municipalities(&db, &mut official, vec![joburg]).await;
    let mut verifier = member_of(&db, &base, &dir, 6).await;
    assign_municipalities(&db, &mut verifier, vec![joburg]).await;

    // Hillbrow verified meeting 2 of its 4 requirements: 1 of 43 stations verified. The old
    // figure, 2 of 172 pairs (1.16 %), counted the 42 unverified stations as offering nothing.
    verify_offering(&official, &verifier, stations[0], &[1, 2]).await;
    let (police, area) = police_and_area(&base, joburg).await;
    assert_eq!(police["availability"], Value::Null, "{police}");
    assert_eq!(police["availabilityState"], "belowCoverage", "{police}");
    assert_eq!(
        (&police["verifiedProviderCount"], &police["providerCount"]),
        (&json!(1), &json!(43))
    );
    let block = &police["buildingBlockStats"][0];
    assert_eq!(block["availability"], Value::Null, "{block}");
    assert_eq!(block["availabilityState"], "belowCoverage");
    let first = &block["buildingBlockRequirementStats"][0];
    assert_eq!(first["availability"], Value::Null, "{first}");
    assert_eq!(first["availabilityState"], "belowCoverage");
    assert_eq!(
        (&first["verifiedProviderCount"], &first["providerCount"]),
        (&json!(1), &json!(43))
    );
    assert!(police["periodAvailability"]
        .as_object()
        .unwrap()
        .values()
        .all(Value::is_null));
    // The map: the area and its police category read "not yet verified" with the coverage.
    assert_eq!(area["availability"], Value::Null, "{area}");
    assert_eq!(area["availabilityState"], "belowCoverage", "{area}");
    assert_eq!(area["verified"], 1);
    let map_police = area["categories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["buildingBlockCategoryId"] == 1)
        .unwrap();
    assert_eq!(
        (
            &map_police["availability"],
            &map_police["availabilityState"],
            &map_police["verified"],
            &map_police["total"]
        ),
        (&Value::Null, &json!("belowCoverage"), &json!(1), &json!(43)),
        "{map_police}"
    );

    // 20 more verified meeting requirement 1 only: 21 of 43, under half: still no figure.
    for id in &stations[1..21] {
        verify_offering(&official, &verifier, *id, &[1]).await;
    }
    let (police, _) = police_and_area(&base, joburg).await;
    assert_eq!(police["availability"], Value::Null, "{police}");
    assert_eq!(police["availabilityState"], "belowCoverage");
    assert_eq!(police["verifiedProviderCount"], 21);
    // One more: 22 of 43, half, reaches the coverage rule; the figure is over the 22 verified
    // stations only: (2 + 21) of 22 × 4 pairs, 26.14 % (over all 43 it would read 13.37 %).
    verify_offering(&official, &verifier, stations[21], &[1]).await;
    let (police, area) = police_and_area(&base, joburg).await;
    let expected = 23.0 / 88.0;
    assert_eq!(police["availabilityState"], "figure", "{police}");
    assert!(
        (police["availability"].as_f64().unwrap() - expected).abs() < 1e-9,
        "{police}"
    );
    assert_eq!(
        (&police["verifiedProviderCount"], &police["providerCount"]),
        (&json!(22), &json!(43))
    );
    let reqs = &police["buildingBlockStats"][0]["buildingBlockRequirementStats"];
    assert_eq!(reqs[0]["availability"], 1.0, "{reqs}");
    assert!((reqs[1]["availability"].as_f64().unwrap() - 1.0 / 22.0).abs() < 1e-9);
    assert_eq!(reqs[2]["availability"], 0.0);
    let last = police["periodAvailability"]
        .as_object()
        .unwrap()
        .values()
        .next_back()
        .unwrap()
        .clone();
    assert!((last.as_f64().unwrap() - expected).abs() < 1e-9, "{police}");
    let map_police = area["categories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["buildingBlockCategoryId"] == 1)
        .unwrap();
    assert_eq!(map_police["availabilityState"], "figure", "{map_police}");
    assert!((map_police["availability"].as_f64().unwrap() - expected).abs() < 1e-9);
    // The area as a whole (clinics, courts and shelters listed too, none verified) still has
    // too few verified providers to speak for it.
    assert_eq!(area["verified"], 22);
    assert_eq!(area["availabilityState"], "belowCoverage", "{area}");
    assert_eq!(area["availability"], Value::Null);

    // The open data file says the same per area and quarter: Johannesburg's police stations
    // this quarter give the figure; its province's do not (22 verified of far more listed); the
    // quarters before today's had nothing verified.
    let text = reqwest::get(format!(
        "{base}/api/data/gbvf-building-blocks/building-blocks.csv"
    ))
    .await
    .unwrap()
    .text()
    .await
    .unwrap();
    let mut file = csv::Reader::from_reader(text.as_bytes());
    let header = file.headers().unwrap().clone();
    let rows: Vec<std::collections::HashMap<String, String>> = file
        .records()
        .map(|r| {
            header
                .iter()
                .map(str::to_string)
                .zip(r.unwrap().iter().map(str::to_string))
                .collect()
        })
        .collect();
    let police_rows = |boundary: i64| -> Vec<&std::collections::HashMap<String, String>> {
        rows.iter()
            .filter(|r| r["boundary_id"] == boundary.to_string() && r["building_block_id"] == "1")
            .collect()
    };
    let joburg_rows = police_rows(joburg);
    assert_eq!(joburg_rows.len(), 4, "four quarters");
    let now = joburg_rows[3];
    assert_eq!(now["quarter_complete"], "false");
    let figures = |r: &std::collections::HashMap<String, String>| {
        [
            "providers_listed",
            "providers_verified",
            "requirements_assessed",
            "requirements_available",
            "availability_state",
            "availability_percent",
        ]
        .map(|c| r[c].clone())
    };
    assert_eq!(
        figures(now),
        ["43", "22", "88", "23", "figure", "26.1"].map(String::from)
    );
    for earlier in &joburg_rows[..3] {
        assert_eq!(
            figures(earlier),
            ["43", "0", "0", "0", "none_verified", ""].map(String::from)
        );
    }
    let gauteng: i64 =
        sqlx::query_scalar("SELECT province_id FROM boundary WHERE boundary_id = $1")
            .bind(joburg)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let province_now = police_rows(gauteng)[3];
    assert_eq!(province_now["providers_verified"], "22");
    assert_eq!(province_now["availability_state"], "below_coverage");
    assert_eq!(province_now["availability_percent"], "");
    assert!(
        !text.contains("Hillbrow"),
        "counts only: no provider's name"
    );
    db.drop_db().await;
}
