//! The open data files (decision 0164) against real PostgreSQL through the real HTTP API: the
//! crime dataset's Data Package describes the bytes its files are served with (size and
//! SHA-256), its rows hold the figures, populations and rates the dashboard's crime card shows,
//! the DCAT catalogue names every dataset and file, the files are public reads of the contract
//! (any origin, 304 on a matching tag), and a new figure makes a new dataset.

mod common;

use common::{catch_up, import_geography, start_server, TestDb};
use reqwest::header::{ACCESS_CONTROL_ALLOW_ORIGIN, CONTENT_TYPE, ETAG, IF_NONE_MATCH, ORIGIN};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

const TOKEN: &str = "test-operator-token-0123456789";

/// Records one crime figure with the operator token.
async fn record(base: &str, boundary_id: i64, crime_type_id: i32, year: i32, count: i64) {
    let res = reqwest::Client::new()
        .post(format!("{base}/api/crime/figures"))
        .bearer_auth(TOKEN)
        .json(&json!({"boundaryId": boundary_id, "crimeTypeId": crime_type_id, "periodStartYear": year, "count": count}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
}

/// The file package `resource` of `dataset` describes, fetched as a partner site would (with an
/// `Origin`), after checking it is a public CSV read of exactly the size, SHA-256 and columns
/// the package gives.
async fn described_file(
    client: &reqwest::Client,
    base: &str,
    dataset: &str,
    resource: &Value,
) -> axum::body::Bytes {
    let path = resource["path"].as_str().unwrap();
    let res = client
        .get(format!("{base}/api/data/{dataset}/{path}"))
        .header(ORIGIN, "http://partner.example")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{path}");
    assert_eq!(res.headers()[ACCESS_CONTROL_ALLOW_ORIGIN], "*");
    assert!(res.headers()[CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    let bytes = res.bytes().await.unwrap();
    assert_eq!(
        resource["bytes"].as_u64().unwrap(),
        bytes.len() as u64,
        "{path}"
    );
    assert_eq!(
        resource["hash"].as_str().unwrap(),
        format!("sha256:{}", hex::encode(Sha256::digest(&bytes))),
        "{path}"
    );
    let fields: Vec<&str> = resource["schema"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        fields,
        rows_header(&bytes),
        "{path}: the schema names the file's columns"
    );
    bytes
}

/// The JSON answer of `GET url`.
async fn get_json(client: &reqwest::Client, url: &str) -> Value {
    client.get(url).send().await.unwrap().json().await.unwrap()
}

/// The rows of a CSV file as maps from header to cell.
fn rows(csv_text: &[u8]) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(csv_text);
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            headers
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_crime_data_package_describes_its_files_and_holds_the_dashboard_s_figures() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let base = start_server(&db.pool, Some(TOKEN)).await;
    let client = reqwest::Client::new();
    // A police precinct and its province.
    let (precinct, municipality, province): (i64, i64, i64) = sqlx::query_as(
        "SELECT boundary_id, parent_id, province_id FROM boundary
         WHERE level = 'saps_precinct' AND population > 0 ORDER BY boundary_id LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    record(&base, precinct, 1, 2015, 120).await;
    record(&base, province, 2, 2020, 5_000).await;
    catch_up(&db.pool).await;

    let package_url = format!("{base}/api/data/gbvf-crime/datapackage.json");
    let res = client.get(&package_url).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let package: Value = res.json().await.unwrap();
    assert_eq!(package["name"], "gbvf-crime");
    assert_eq!(package["profile"], "tabular-data-package");
    let resources = package["resources"].as_array().unwrap();
    let names: Vec<&str> = resources
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "crime-nation",
            "crime-provinces",
            "crime-districts",
            "crime-municipalities",
            "crime-police-precincts"
        ]
    );
    let mut files = std::collections::HashMap::new();
    for r in resources {
        let bytes = described_file(&client, &base, "gbvf-crime", r).await;
        files.insert(r["name"].as_str().unwrap().to_string(), rows(&bytes));
    }

    // The precinct's own figure; the municipality and the nation sum it; the province has its
    // published figure for 2020 and the station sum for 2015.
    let precincts = &files["crime-police-precincts"];
    assert_eq!(precincts.len(), 1);
    let p = &precincts[0];
    assert_eq!(p["boundary_id"], precinct.to_string());
    assert_eq!(p["financial_year"], "2015/16");
    assert_eq!(p["crime_type"], "Sexual offences");
    assert_eq!(p["crimes_recorded"], "120");
    let municipal = files["crime-municipalities"]
        .iter()
        .find(|r| r["boundary_id"] == municipality.to_string())
        .expect("the municipality's station sum");
    assert_eq!(municipal["crimes_recorded"], "120");
    let nation = &files["crime-nation"];
    assert_eq!(nation.len(), 1, "{nation:?}");
    assert_eq!(nation[0]["crimes_recorded"], "120");
    assert_eq!(nation[0]["province"], "");
    let provincial: Vec<_> = files["crime-provinces"]
        .iter()
        .map(|r| {
            (
                r["financial_year"].as_str(),
                r["crime_type_id"].as_str(),
                r["crimes_recorded"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        provincial,
        [("2015/16", "1", "120"), ("2020/21", "2", "5000")]
    );

    // The same population and rate as the dashboard's crime cards (the latest year of each is
    // 2015/16 and its total the one included type recorded); a precinct has no rate.
    let card = |id: i64| {
        let url = format!("{base}/api/crime/stats?boundaryId={id}");
        let client = client.clone();
        async move { get_json(&client, &url).await }
    };
    let precinct_card = card(precinct).await;
    assert_eq!(precinct_card["total"], 120);
    assert_eq!(
        p["population"],
        precinct_card["population"].as_i64().unwrap().to_string()
    );
    assert_eq!(p["rate_per_100000"], "");
    assert!(precinct_card["rate"].is_null());
    let municipal_card = card(municipality).await;
    assert_eq!(municipal_card["total"], 120);
    assert_eq!(
        municipal["population"],
        municipal_card["population"].as_i64().unwrap().to_string()
    );
    let rate = municipal_card["rate"].as_f64().unwrap();
    assert!(rate > 0.0);
    assert_eq!(municipal["rate_per_100000"], format!("{rate:.2}"));
    assert_eq!(p["province"], {
        let name: String = sqlx::query_scalar("SELECT name FROM boundary WHERE boundary_id = $1")
            .bind(province)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        name
    });

    // Each file has a signed manifest whose head is the newest event it was computed from;
    // `gbvf data verify` accepts the file with it, offline, and refuses a file with one byte
    // changed, a manifest whose statement was changed, and another key.
    let public_key = get_json(&client, &format!("{base}/api/audit/public-key")).await["publicKey"]
        .as_str()
        .expect("the published key")
        .to_string();
    let newest: i64 = sqlx::query_scalar(
        "SELECT max(global_position) FROM events WHERE aggregate_type IN ('crime_series', 'boundary')",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let dir = std::env::temp_dir().join(format!("gbvf-test-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("crime-provinces.csv");
    let manifest_path = dir.join("crime-provinces.csv.manifest.json");
    let bytes = client
        .get(format!("{base}/api/data/gbvf-crime/crime-provinces.csv"))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    std::fs::write(&file, &bytes).unwrap();
    let manifest = get_json(
        &client,
        &format!("{base}/api/data/gbvf-crime/manifest/crime-provinces.csv"),
    )
    .await;
    assert_eq!(manifest["format"], "gbvf-data-manifest-v1");
    assert_eq!(manifest["head"]["global_position"], newest);
    assert_eq!(manifest["public_key"], public_key.as_str());
    std::fs::write(&manifest_path, serde_json::to_vec(&manifest).unwrap()).unwrap();
    let verify = |file: &std::path::Path, manifest: &std::path::Path, key: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gbvf"))
            .args(["data", "verify"])
            .arg(file)
            .arg(manifest)
            .args(["--public-key", key])
            .env_remove("DATABASE_URL")
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string()
                + &String::from_utf8_lossy(&out.stderr),
        )
    };
    let (ok, said) = verify(&file, &manifest_path, &public_key);
    assert!(ok, "{said}");
    assert!(said.contains("manifest valid"), "{said}");
    let mut changed = bytes.to_vec();
    let at = changed.len() / 2;
    changed[at] = if changed[at] == b'1' { b'2' } else { b'1' };
    let changed_file = dir.join("changed.csv");
    std::fs::write(&changed_file, &changed).unwrap();
    let (ok, said) = verify(&changed_file, &manifest_path, &public_key);
    assert!(!ok);
    assert!(said.contains("does not match the manifest"), "{said}");
    let mut forged = manifest.clone();
    forged["head"]["chain_index"] = json!(forged["head"]["chain_index"].as_i64().unwrap() - 1);
    let forged_path = dir.join("forged.json");
    std::fs::write(&forged_path, serde_json::to_vec(&forged).unwrap()).unwrap();
    let (ok, said) = verify(&file, &forged_path, &public_key);
    assert!(!ok);
    assert!(said.contains("signature is not valid"), "{said}");
    let (ok, said) = verify(&file, &manifest_path, &"ab".repeat(32));
    assert!(!ok);
    assert!(said.contains("not the expected key"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);

    // The DCAT catalogue names the dataset, each file with its checksum, and the package.
    let res = client
        .get(format!("{base}/data/catalog.jsonld"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()[CONTENT_TYPE], "application/ld+json");
    let catalogue: Value = res.json().await.unwrap();
    assert_eq!(catalogue["@type"], "dcat:Catalog");
    let datasets = catalogue["dcat:dataset"].as_array().unwrap();
    let names: Vec<&str> = datasets
        .iter()
        .map(|d| d["dct:identifier"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "gbvf-crime",
            "gbvf-building-blocks",
            "gbvf-health-check-public-figures",
            "gbvf-collective-actions"
        ]
    );
    let crime = &datasets[0];
    assert_eq!(
        crime["dct:temporal"]["dcat:startDate"]["@value"],
        "2015-04-01"
    );
    assert_eq!(
        crime["dct:temporal"]["dcat:endDate"]["@value"],
        "2021-03-31"
    );
    let distributions = crime["dcat:distribution"].as_array().unwrap();
    assert_eq!(distributions.len(), resources.len() + 1);
    for r in resources {
        let d = distributions
            .iter()
            .find(|d| {
                d["dcat:downloadURL"].as_str().unwrap().ends_with(&format!(
                    "/api/data/gbvf-crime/{}",
                    r["path"].as_str().unwrap()
                ))
            })
            .expect("a distribution per file");
        assert_eq!(
            format!(
                "sha256:{}",
                d["spdx:checksum"]["spdx:checksumValue"].as_str().unwrap()
            ),
            r["hash"].as_str().unwrap()
        );
        assert_eq!(d["dcat:byteSize"], r["bytes"]);
    }

    // A public read of the contract: revalidated with its tag.
    let res = client.get(&package_url).send().await.unwrap();
    let etag = res.headers()[ETAG].clone();
    let again = client
        .get(&package_url)
        .header(IF_NONE_MATCH, etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    // Unknown names are 404.
    for path in [
        "/api/data/no-such-dataset/datapackage.json",
        "/api/data/gbvf-crime/no-such-file.csv",
        "/api/data/gbvf-crime/..%2F..%2Fetc%2Fpasswd",
    ] {
        let res = client.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(res.status(), 404, "{path}");
    }

    // A new figure makes a new dataset: the precinct file's hash moves.
    record(&base, precinct, 1, 2016, 90).await;
    catch_up(&db.pool).await;
    let moved = get_json(&client, &package_url).await;
    let hash_of = |p: &Value| p["resources"][4]["hash"].as_str().unwrap().to_string();
    assert_ne!(hash_of(&moved), hash_of(&package));
    db.drop_db().await;
}

/// The header row of a CSV file.
fn rows_header(csv_text: &[u8]) -> Vec<String> {
    csv::Reader::from_reader(csv_text)
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect()
}

/// The collective actions and the health-check figures as files: every imported collective
/// action with its pillar and place, and the published health-check cells exactly as
/// published, a suppressed cell's figures empty; each file as its package describes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn collective_actions_and_published_health_check_cells_are_files_as_published() {
    use gbvf_projections::health_check::public_figures::{publish_quarter, PublishedCell};
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    let report = gbvf_commands::collective_actions::import_collective_actions_file(
        &db.pool,
        &common::data_dir().join("challenges/challenges.csv"),
        &meta,
    )
    .await
    .unwrap();
    catch_up(&db.pool).await;
    let province: i64 = sqlx::query_scalar(
        "SELECT boundary_id FROM boundary WHERE level = 'province' ORDER BY boundary_id LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let cell = |boundary_id, parent_id, cell: &str, responses: Option<i64>| PublishedCell {
        quarter: "2026Q2".into(),
        boundary_id,
        parent_id,
        cell: cell.into(),
        organisations: 4,
        participating: 3,
        responses,
        expected: responses.map(|r| r + 2),
        maturity: responses.map(|_| 62.0),
        example: false,
    };
    assert!(publish_quarter(
        &db.pool,
        "2026Q2",
        &[
            cell(1, None, "all", Some(18)),
            cell(province, Some(1), "type:1", None),
        ],
    )
    .await
    .unwrap());
    let base = start_server(&db.pool, None).await;
    let client = reqwest::Client::new();
    let mut files = std::collections::HashMap::new();
    for dataset in [
        "gbvf-collective-actions",
        "gbvf-health-check-public-figures",
    ] {
        let package = get_json(
            &client,
            &format!("{base}/api/data/{dataset}/datapackage.json"),
        )
        .await;
        let bytes = described_file(&client, &base, dataset, &package["resources"][0]).await;
        files.insert(dataset, rows(&bytes));
    }

    let actions = &files["gbvf-collective-actions"];
    let imported: i64 = sqlx::query_scalar("SELECT count(*) FROM collective_action")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert!(imported > 40, "{report:?}");
    assert_eq!(actions.len() as i64, imported);
    let garden_route = actions
        .iter()
        .find(|r| r["collective_action_id"] == "gardenroute-p6-2022")
        .expect("a shipped collective action");
    assert_eq!(garden_route["nsp_pillar_id"], "6");
    assert_eq!(
        garden_route["nsp_pillar"],
        "Research and information management"
    );
    assert_eq!(garden_route["boundary_name"], "Garden Route");
    assert!(actions.iter().all(|r| !r.contains_key("launched_by")));

    let cells = &files["gbvf-health-check-public-figures"];
    assert_eq!(cells.len(), 2);
    assert_eq!(cells[0]["boundary_id"], "1");
    assert_eq!(cells[0]["organisation_type"], "All organisation types");
    assert_eq!(
        (
            cells[0]["responses"].as_str(),
            cells[0]["expected_responses"].as_str(),
            cells[0]["maturity_percent"].as_str()
        ),
        ("18", "20", "62")
    );
    assert_eq!(cells[1]["organisation_type_id"], "1");
    assert_eq!(cells[1]["organisation_type"], "Non-profit organisation");
    assert_eq!(cells[1]["participating_organisations"], "3");
    assert_eq!(
        (
            cells[1]["responses"].as_str(),
            cells[1]["expected_responses"].as_str(),
            cells[1]["maturity_percent"].as_str()
        ),
        ("", "", ""),
        "a suppressed cell stays suppressed"
    );
    let catalogue = get_json(&client, &format!("{base}/data/catalog.jsonld")).await;
    let health_check = &catalogue["dcat:dataset"][2];
    assert_eq!(
        health_check["dct:temporal"]["dcat:startDate"]["@value"],
        "2026-04-01"
    );
    assert_eq!(
        health_check["dct:temporal"]["dcat:endDate"]["@value"],
        "2026-06-30"
    );
    db.drop_db().await;
}
