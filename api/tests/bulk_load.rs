//! The bulk load by a province against the real database and the shipped directories
//! (docs/decisions/0059-bulk-load-of-provider-details.md): a file of every Free State police
//! station of `data/building-blocks/police.csv` is dry-run and applied whole by a holder of
//! ImportBuildingBlockData for Free State; a holder for another province, or a user without the
//! permission, is refused; a file with broken rows (NUL byte, megabyte cell, unknown provider,
//! other province, bad phone numbers) names each error by row and column and applies nothing;
//! contact persons go to the side table, never into an event; a row confirming a municipal
//! person's submission verifies it.

mod common;

use common::session::{assign_area, member_of, setup, Client};
use common::{catch_up, data_dir, TestDb};
use gbvf_commands::building_blocks::import_building_blocks;
use serde_json::{json, Value};
use std::io::Write;

async fn import(db: &TestDb) {
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    import_building_blocks(&db.pool, &data_dir(), &meta)
        .await
        .expect("building-block import");
    catch_up(&db.pool).await;
}

async fn province(db: &TestDb, name: &str) -> i64 {
    sqlx::query_scalar("SELECT boundary_id FROM boundary WHERE level = 'province' AND name = $1")
        .bind(name)
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

/// Posts `file` to the dry run (`what` "dryRun") or, as the web app does, to the dry run and
/// then to the apply naming the dry run's `reviewed` fingerprint (`what` "apply").
async fn upload(c: &Client, base: &str, what: &str, file: &[u8]) -> (u16, Value) {
    if what == "apply" {
        let (_, shown) = post_file(c, base, "dryRun", file).await;
        let reviewed = shown["reviewed"].as_str().unwrap_or_default();
        return post_file(c, base, &format!("apply?reviewed={reviewed}"), file).await;
    }
    post_file(c, base, what, file).await
}

async fn post_file(c: &Client, base: &str, what: &str, file: &[u8]) -> (u16, Value) {
    let res = c
        .http
        .post(format!("{base}/api/buildingblock/bulkLoad/{what}"))
        .header("x-csrf-token", c.csrf())
        .header("content-type", "text/csv")
        .body(file.to_vec())
        .send()
        .await
        .unwrap();
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

async fn provider_events(db: &TestDb) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'bb_provider'")
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

async fn contact_persons(db: &TestDb) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM bb_contact_person")
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

/// The Free State rows of police.csv as a province would fill the template: the station's
/// name as the directory has it, its address, its numbers as typed (dashes), two of the
/// province's requirements; the first station with a contact person.
fn free_state_file(known: &std::collections::HashSet<String>) -> (String, usize) {
    let mut reader = csv::Reader::from_path(data_dir().join("building-blocks/police.csv")).unwrap();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "Provider name",
        "Building block",
        "Physical address",
        "Reception number",
        "Alternate number",
        "Requirements available",
        "Contact person name",
        "Contact person mobile number",
        "Contact person requirement",
        "Contact person public",
    ])
    .unwrap();
    let mut n = 0;
    for r in reader.records() {
        let r = r.unwrap();
        if &r[0] != "Free State" || !known.contains(&format!("{} SAPS", &r[3])) {
            continue;
        }
        let tels: Vec<&str> = r[4].split(',').map(str::trim).collect();
        // One source number carries an extension (`056-8198881x145`): the province keeps it apart.
        let reception = tels[0].split('x').next().unwrap();
        let person = if n == 0 {
            [
                "Nomsa Qwabe-Loaded",
                "072 555 0101",
                "Trained GBV desk officer",
                "No",
            ]
        } else {
            [""; 4]
        };
        w.write_record([
            &format!("{} SAPS", &r[3]),
            "SAPS police station",
            &format!("{} police station, {}", &r[3], &r[2]),
            reception,
            tels.get(1).copied().unwrap_or(""),
            "Victim-friendly room; Trained GBV desk officer",
            person[0],
            person[1],
            person[2],
            person[3],
        ])
        .unwrap();
        n += 1;
    }
    (String::from_utf8(w.into_inner().unwrap()).unwrap(), n)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_provinces_police_stations_load_whole_and_only_where_the_uploader_may() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let free_state = province(&db, "Free State").await;
    let gauteng = province(&db, "Gauteng").await;
    let known: std::collections::HashSet<String> = sqlx::query_scalar(
        "SELECT p.name FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE b.province_id = $1 AND p.building_block_id = 1",
    )
    .bind(free_state)
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let (file, stations) = free_state_file(&known);
    // Nearly every station of the source is in the directory (a few are placed elsewhere).
    assert!(stations >= 100, "{stations} stations");

    // Building Block admin (17 ImportBuildingBlockData, 22 ValidateBuildingBlock) for Free
    // State; the same for Gauteng; a Free State municipality designated person, without 17.
    let mut loader = member_of(&db, &base, &dir, 3).await;
    assign_area(&db, &mut loader, vec![], vec![free_state]).await;
    let mut other = member_of(&db, &base, &dir, 3).await;
    assign_area(&db, &mut other, vec![], vec![gauteng]).await;
    let mut verifier = member_of(&db, &base, &dir, 5).await;
    let mangaung: i64 = sqlx::query_scalar(
        "SELECT p.municipality_id FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE b.province_id = $1 AND b.name LIKE 'Mangaung%' LIMIT 1",
    )
    .bind(free_state)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assign_area(&db, &mut verifier, vec![mangaung], vec![]).await;

    // Permission 17 on every call.
    let (s, _) = verifier.get("/api/buildingblock/bulkLoad/template").await;
    assert_eq!(s, 403);
    let (s, _) = upload(&verifier, &base, "dryRun", file.as_bytes()).await;
    assert_eq!(s, 403);
    let (s, _) = upload(&verifier, &base, "apply", file.as_bytes()).await;
    assert_eq!(s, 403);
    let template = loader
        .http
        .get(format!("{base}/api/buildingblock/bulkLoad/template"))
        .send()
        .await
        .unwrap();
    assert_eq!(template.status(), 200);
    let template = template.text().await.unwrap();
    assert!(
        template.starts_with("Provider ID,Provider name,Building block,"),
        "{template}"
    );
    // The template's example row names no real provider: uploaded unchanged it is refused and
    // changes nothing.
    assert!(!template.contains("Hillbrow"), "{template}");
    let before = provider_events(&db).await;
    let (s, report) = upload(&loader, &base, "dryRun", template.as_bytes()).await;
    assert_eq!(s, 200, "{report}");
    assert_eq!(report["success"], false, "{report}");
    assert_eq!(report["summary"]["error"], 1, "{report}");
    let (s, _) = upload(&loader, &base, "apply", template.as_bytes()).await;
    assert_ne!(s, 200);
    assert_eq!(provider_events(&db).await, before);

    // Another province's holder: every row is outside their area; applying records nothing.
    let before = provider_events(&db).await;
    let (s, report) = upload(&other, &base, "dryRun", file.as_bytes()).await;
    assert_eq!(s, 200, "{report}");
    assert_eq!(report["success"], false);
    assert_eq!(report["summary"]["error"], stations);
    assert_eq!(
        report["rows"][0]["errors"][0]["message"],
        "This provider is outside your area."
    );
    let (s, _) = upload(&other, &base, "apply", file.as_bytes()).await;
    assert_eq!(s, 400);
    assert_eq!(provider_events(&db).await, before);

    // No file at all: the report says so, in the documented shape, and nothing is recorded.
    let (s, report) = upload(&loader, &base, "dryRun", b"").await;
    assert_eq!(s, 200, "{report}");
    assert_eq!(report["success"], false);
    assert!(
        report["fileErrors"].to_string().contains("empty"),
        "{report}"
    );
    let (s, report) = upload(&loader, &base, "apply", b"").await;
    assert_eq!(s, 400, "{report}");
    assert_eq!(
        report["applied"], false,
        "the apply's 400 is the report: {report}"
    );
    assert_eq!(provider_events(&db).await, before);

    // Free State's loader: a clean dry run of every station; nothing recorded by it.
    let (s, report) = upload(&loader, &base, "dryRun", file.as_bytes()).await;
    assert_eq!(s, 200, "{report}");
    assert_eq!(report["errors"], json!([]), "{}", report["errors"]);
    assert_eq!(report["success"], true);
    assert_eq!(report["summary"]["rows"], stations);
    assert_eq!(report["summary"]["submit"], stations);
    let first = &report["rows"][0];
    assert_eq!(first["row"], 2);
    assert!(first["stakeholderId"].as_i64().unwrap() > 1_000_000);
    let columns: Vec<&str> = first["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["column"].as_str().unwrap())
        .collect();
    assert!(columns.contains(&"Physical address"), "{columns:?}");
    assert!(columns.contains(&"Contact person"), "{columns:?}");
    assert_eq!(provider_events(&db).await, before);

    // Broken rows: nothing of the file is applied.
    let persons = contact_persons(&db).await;
    let big = "x".repeat(1 << 20);
    let broken = format!(
        "{file}\
         Nowhere SAPS,SAPS police station,1 Road,0511234567,,,,,,\n\
         Hillbrow SAPS,SAPS police station,1 Kotze Street,0114886511,,,,,,\n\
         Bethlehem SAPS,SAPS police station,a\u{0}b,,,,,,,\n\
         Parys SAPS,SAPS police station,{big},,,,,,,\n\
         Sasolburg SAPS,SAPS police station,1 Road,051 abc 1234,,,Lerato,12345,Victim-friendly room,\n"
    );
    let (s, report) = upload(&loader, &base, "dryRun", broken.as_bytes()).await;
    assert_eq!(s, 200);
    assert_eq!(report["success"], false);
    let errors: Vec<(i64, String, String)> = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["errors"].as_array().unwrap().clone())
        .map(|e| {
            (
                e["row"].as_i64().unwrap(),
                e["column"].as_str().unwrap().to_string(),
                e["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let n = stations as i64 + 1;
    let e = |row: i64, column: &str, message: &str| (row, column.to_string(), message.to_string());
    let mut expected = vec![
        e(
            n + 1,
            "Provider name",
            "No provider of this building block has this name.",
        ),
        e(
            n + 2,
            "Provider name",
            "This provider is outside your area.",
        ),
        e(
            n + 3,
            "Physical address",
            "Physical address must not contain control characters.",
        ),
        e(
            n + 4,
            "Physical address",
            "Physical address must be at most 250 characters.",
        ),
        e(n + 5, "Reception number", "Only digits are accepted."),
        e(
            n + 5,
            "Contact person mobile number",
            "Contact number must be 10 digits long",
        ),
    ];
    // Bethlehem, Parys and Sasolburg are also in the file above: named as repeats.
    let repeats: Vec<(i64, String, String)> = errors
        .iter()
        .filter(|(_, _, m)| m.starts_with("This provider is already on row"))
        .cloned()
        .collect();
    assert_eq!(repeats.len(), 3, "{errors:?}");
    let others: Vec<(i64, String, String)> = errors
        .into_iter()
        .filter(|x| !repeats.contains(x))
        .collect();
    expected.sort();
    let mut others = others;
    others.sort();
    assert_eq!(others, expected);
    let (s, refused) = upload(&loader, &base, "apply", broken.as_bytes()).await;
    assert_eq!(s, 400, "{}", refused["message"]);
    assert_eq!(refused["applied"], false);
    assert_eq!(refused["success"], false);
    assert!(refused["errors"][0]["code"]
        .as_str()
        .unwrap()
        .starts_with("row "));
    assert_eq!(provider_events(&db).await, before);
    assert_eq!(contact_persons(&db).await, persons);

    // The clean file applies whole: one submission per station by the loader, the contact
    // person in the side table and never in an event.
    let (s, applied) = upload(&loader, &base, "apply", file.as_bytes()).await;
    assert_eq!(s, 200, "{applied}");
    assert_eq!(applied["applied"], true);
    assert_eq!(applied["summary"]["submit"], stations);
    assert_eq!(provider_events(&db).await, before + stations as i64);
    let submitted: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE b.province_id = $1 AND p.status = 'submitted' AND p.submitted_by LIKE 'user:%'",
    )
    .bind(free_state)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(submitted, stations as i64);
    assert_eq!(contact_persons(&db).await, persons + 1);
    let in_events: Vec<(String, String)> = sqlx::query_as(
        "SELECT event_type, payload::text FROM events
         WHERE payload::text LIKE '%Qwabe-Loaded%' OR payload::text LIKE '%0725550101%'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(in_events, []);
    // The loader submitted them: four-eyes, the loader cannot verify their own.
    let id = applied["rows"][0]["stakeholderId"].as_i64().unwrap();
    let (s, v) = loader
        .post(
            "/api/buildingblock/verifyBuildingBlock",
            json!({"stakeholderId": id, "submissionVersion": 2}),
        )
        .await;
    assert_eq!(s, 403, "{v}");

    // The same file again changes nothing and records nothing.
    let (s, again) = upload(&loader, &base, "apply", file.as_bytes()).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(again["summary"]["unchanged"], stations);
    assert_eq!(provider_events(&db).await, before + stations as i64);

    // Another verifier's file confirming those submissions verifies them.
    let mut second = member_of(&db, &base, &dir, 3).await;
    assign_area(&db, &mut second, vec![], vec![free_state]).await;
    let (s, confirmed) = upload(&second, &base, "apply", file.as_bytes()).await;
    assert_eq!(s, 200, "{confirmed}");
    assert_eq!(confirmed["summary"]["verify"], stations);
    let verified: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE b.province_id = $1 AND p.status = 'verified'",
    )
    .bind(free_state)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(verified, stations as i64);
    db.drop_db().await;
}

/// A one-sheet workbook of inline-string cells `(reference, text)`, as a spreadsheet program
/// saves one (the parts a workbook needs, deflated).
fn workbook(cells: &[(&str, &str)]) -> Vec<u8> {
    let mut sheet = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#,
    );
    for (at, text) in cells {
        sheet.push_str(&format!(
            r#"<c r="{at}" t="inlineStr"><is><t>{text}</t></is></c>"#
        ));
    }
    sheet.push_str("</sheetData></worksheet>");
    let files = [
        ("[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.to_string()),
        ("_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_string()),
        ("xl/workbook.xml", r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Providers" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_string()),
        ("xl/_rels/workbook.xml.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#.to_string()),
        ("xl/worksheets/sheet1.xml", sheet),
    ];
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, body) in files {
        zip.start_file(name, options).unwrap();
        zip.write_all(body.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// The 1.5 kB workbook of the report (A1 "Provider ID", A2 a provider id, XFD1048576 "x"),
/// which made the reader allocate 1,048,576 × 16,384 cells and abort the process, and a 16 MiB
/// CSV of commas: each is answered with the report's file error, and the server stays up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dimension_bomb_or_a_csv_of_commas_is_refused_and_the_server_stays_up() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let free_state = province(&db, "Free State").await;
    let mut loader = member_of(&db, &base, &dir, 3).await;
    assign_area(&db, &mut loader, vec![], vec![free_state]).await;
    let id: i64 = sqlx::query_scalar(
        "SELECT p.provider_id FROM bb_provider p JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE b.province_id = $1 LIMIT 1",
    )
    .bind(free_state)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let id = id.to_string();
    let bomb = workbook(&[("A1", "Provider ID"), ("A2", &id), ("XFD1048576", "x")]);
    assert!(bomb.len() < 2_000, "{} bytes", bomb.len());
    for what in ["dryRun", "apply"] {
        let (s, report) = upload(&loader, &base, what, &bomb).await;
        assert_eq!(s, if what == "apply" { 400 } else { 200 }, "{report}");
        assert_eq!(report["success"], false);
        assert_eq!(report["fileErrors"][0]["row"], 0, "{report}");
        assert_eq!(
            report["fileErrors"][0]["message"],
            "Cell XFD1048576 is outside the columns A to Z that a bulk-load file may use; remove what is right of them."
        );
    }
    // 16 MiB of commas, just under the body limit.
    let commas = vec![b','; 16 * 1024 * 1024 - 1];
    let (s, report) = upload(&loader, &base, "dryRun", &commas).await;
    assert_eq!(s, 200, "{report}");
    assert_eq!(
        report["fileErrors"][0]["message"],
        "Row 1 has more than 1024 cells; a bulk-load file uses the columns A to Z."
    );
    // Over the body limit: refused before it is read.
    let (s, _) = post_file(&loader, &base, "dryRun", &vec![b','; 16 * 1024 * 1024 + 1]).await;
    assert_eq!(s, 413);
    // The server is still up and the same loader's clean workbook reads.
    let (s, _) = loader.get("/api/health").await;
    assert_eq!(s, 200);
    let (s, report) = upload(
        &loader,
        &base,
        "dryRun",
        &workbook(&[
            ("A1", "Provider ID"),
            ("B1", "Postal address"),
            ("A2", &id),
            ("B2", "PO Box 1"),
        ]),
    )
    .await;
    assert_eq!(s, 200, "{report}");
    assert_eq!(report["fileErrors"], json!([]), "{report}");
    assert_eq!(report["rows"][0]["stakeholderId"].to_string(), id);
    db.drop_db().await;
}

/// The verifier dry-runs a file that verifies a municipality's submission; the municipality
/// then submits a new address and number. The single verification of the reviewed version is
/// refused (409), and so is the apply of the same file naming the dry run reviewed: nothing
/// unseen becomes public. A new dry run shows the new details, and applies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bulk_verification_applies_only_the_submission_its_dry_run_showed() {
    let (db, base, dir) = setup().await;
    import(&db).await;
    let free_state = province(&db, "Free State").await;
    let (station, municipality): (i64, i64) = sqlx::query_as(
        "SELECT p.provider_id, p.municipality_id FROM bb_provider p
         JOIN boundary b ON b.boundary_id = p.municipality_id
         WHERE b.province_id = $1 AND p.building_block_id = 1 ORDER BY p.provider_id LIMIT 1",
    )
    .bind(free_state)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    // A municipality's designated person (5) and the province's verifier (3: 17 and 22).
    let mut municipal = member_of(&db, &base, &dir, 5).await;
    assign_area(&db, &mut municipal, vec![municipality], vec![]).await;
    let mut verifier = member_of(&db, &base, &dir, 3).await;
    assign_area(&db, &mut verifier, vec![], vec![free_state]).await;
    let submit = |address: &'static str, reception: &'static str| {
        json!({"stakeholderId": station, "buildingBlockId": 1, "physicalAddress": address,
               "receptionNumber": reception, "buildingBlockRequirements": [1]})
    };
    let path = "/api/buildingblock/updateBuildingBlockContactsAndRequirements";
    let (s, v) = municipal
        .send(
            reqwest::Method::PUT,
            path,
            submit("1 Reviewed Road", "0511111111"),
        )
        .await;
    assert_eq!(s, 200, "{v}");

    // The dry run shows what the verification makes public.
    let file = format!("Provider ID\n{station}\n");
    let (s, shown) = post_file(&verifier, &base, "dryRun", file.as_bytes()).await;
    assert_eq!(s, 200, "{shown}");
    let row = &shown["rows"][0];
    assert_eq!(row["action"], "verify", "{shown}");
    let to: Vec<&str> = row["changes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["to"].as_str())
        .collect();
    assert!(
        to.contains(&"1 Reviewed Road") && to.contains(&"0511111111"),
        "{row}"
    );
    let reviewed = shown["reviewed"].as_str().unwrap().to_string();

    // The municipality submits again after the dry run.
    let events = provider_events(&db).await;
    let (s, v) = municipal
        .send(
            reqwest::Method::PUT,
            path,
            submit("12 Unseen Lane", "0829999999"),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    // The single verification of the version reviewed: 409.
    let (s, v) = verifier
        .post(
            "/api/buildingblock/verifyBuildingBlock",
            json!({"stakeholderId": station, "submissionVersion": row["version"]}),
        )
        .await;
    assert_eq!(s, 409, "{v}");
    // The same file applied as reviewed: 409, nothing recorded; without a dry run: 409 too.
    for query in [format!("apply?reviewed={reviewed}"), "apply".to_string()] {
        let (s, v) = post_file(&verifier, &base, &query, file.as_bytes()).await;
        assert_eq!(s, 409, "{query}: {v}");
        assert!(
            v["message"]
                .as_str()
                .unwrap()
                .contains("changed since your dry run"),
            "{v}"
        );
    }
    assert_eq!(provider_events(&db).await, events + 1);
    let status: String =
        sqlx::query_scalar("SELECT status FROM bb_provider WHERE provider_id = $1")
            .bind(station)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(status, "submitted");

    // A new dry run shows the new details; its apply verifies them.
    let (s, again) = post_file(&verifier, &base, "dryRun", file.as_bytes()).await;
    assert_eq!(s, 200);
    assert!(again["rows"][0]["changes"]
        .to_string()
        .contains("12 Unseen Lane"));
    let (s, applied) = post_file(
        &verifier,
        &base,
        &format!("apply?reviewed={}", again["reviewed"].as_str().unwrap()),
        file.as_bytes(),
    )
    .await;
    assert_eq!(s, 200, "{applied}");
    assert_eq!(applied["summary"]["verify"], 1);
    db.drop_db().await;
}
