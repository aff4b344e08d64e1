//! The HTTP API against real PostgreSQL: error shapes, permissions, conflicting commands,
//! reads during a rebuild, and projectors across processes.

mod common;

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{catch_up, data_dir, import_geography, start_server, TestDb};
use serde_json::{json, Value};

const TOKEN: &str = "test-operator-token-0123456789";

async fn get(base: &str, path: &str) -> (u16, Value) {
    let res = reqwest::get(format!("{base}{path}")).await.unwrap();
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

async fn post(base: &str, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut req = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.unwrap();
    (
        res.status().as_u16(),
        res.json().await.unwrap_or(Value::Null),
    )
}

fn assert_error_shape(body: &Value) {
    assert_eq!(body["success"], false, "{body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
    assert!(
        body["errors"].as_array().is_some_and(|e| !e.is_empty()),
        "{body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn geography_answers_and_bad_input_is_400_or_404_never_500() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let base = start_server(&db.pool, None).await;

    let (s, nation) = get(&base, "/api/geography/boundary/1").await;
    assert_eq!(s, 200);
    assert_eq!(nation["boundaryTypeId"], 1);
    assert_eq!(nation["peopleCount"], 62_027_502);
    let (_, provinces) = get(&base, "/api/geography/contained/?containingBoundaryId=1").await;
    assert_eq!(provinces.as_array().unwrap().len(), 9);
    let (_, list) = get(&base, "/api/geography/boundary/list/2/1").await;
    assert_eq!(
        list.as_array().unwrap().len(),
        9,
        "the provinces: direct children of the nation"
    );
    let (_, gp_munis) = get(&base, "/api/geography/boundary/list/3/12").await;
    assert!(
        gp_munis.as_array().unwrap().len() > 5,
        "municipalities inside a province"
    );
    let (_, munis) = get(&base, "/api/geography/boundary/list/3").await;
    assert_eq!(munis.as_array().unwrap().len(), 213);
    let (s, geo) = get(&base, "/api/geography/geojson/1").await;
    assert_eq!(s, 200);
    assert_eq!(geo["features"].as_array().unwrap().len(), 9);
    // A cached body keeps the content type it was answered with: asked again with another
    // Accept-Encoding (so the whole-answer cache misses and the body cache answers), GeoJSON
    // is still application/geo+json and JSON application/json.
    for (path, content_type) in [
        ("/api/geography/geojson/1", "application/geo+json"),
        ("/api/geography/geomarker/3/1", "application/geo+json"),
        ("/api/geography/boundary/list/2/1", "application/json"),
    ] {
        for encoding in ["identity", "gzip", "br"] {
            let res = reqwest::Client::new()
                .get(format!("{base}{path}"))
                .header("accept-encoding", encoding)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200);
            assert_eq!(
                res.headers()["content-type"],
                content_type,
                "{path} with {encoding}"
            );
        }
    }
    let (_, markers) = get(&base, "/api/geography/geomarker/3/1").await;
    assert!(markers["features"].as_array().unwrap().len() > 1000);
    let (_, none) = get(&base, "/api/geography/geomarker/4/1").await;
    assert_eq!(none["features"].as_array().unwrap().len(), 0);

    for (path, status) in [
        ("/api/geography/boundary/abc", 400),
        ("/api/geography/boundary/-3", 400),
        ("/api/geography/boundary/999999", 404),
        ("/api/geography/boundary/list/4", 400),
        ("/api/geography/boundary/list/2/999999", 404),
        ("/api/geography/contained/", 400),
        ("/api/geography/contained/?containingBoundaryId=x", 400),
        ("/api/geography/geojson/999999", 404),
        ("/api/geography/geomarker/9/1", 400),
        ("/api/crime/stats", 400),
        ("/api/crime/stats?boundaryId=1&componentOptions=zz", 400),
        ("/api/crime/stats?boundaryId=424242", 404),
        ("/api/dashboard?boundaryId=", 400),
        ("/api/no/such/endpoint", 404),
    ] {
        let (s, body) = get(&base, path).await;
        assert_eq!(s, status, "{path}: {body}");
        assert_error_shape(&body);
    }
    let (s, flags) = get(&base, "/api/config/feature-flags").await;
    assert_eq!((s, flags), (200, json!({"enableLogin": false})));
    let (_, components) = get(&base, "/api/dashboard/components").await;
    let ids: Vec<i64> = components
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["componentId"].as_i64().unwrap())
        .collect();
    assert_eq!(
        {
            let mut i = ids.clone();
            i.sort();
            i
        },
        vec![1, 2, 3, 4]
    );
    let (_, openapi) = get(&base, "/api/openapi.json").await;
    // Every failure answer in the document carries the one error body, or a schema of its own.
    for (path, item) in openapi["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            for (status, answer) in op["responses"].as_object().unwrap() {
                if status.starts_with('4') || status.starts_with('5') {
                    assert!(
                        answer["content"]["application/json"]["schema"].is_object(),
                        "{method} {path} {status} has no schema"
                    );
                }
            }
        }
    }
    // The reads the web app uses most declare the Rust types of their answers.
    for (path, schema) in [
        ("/api/crime/stats", "#/components/schemas/CrimeStats"),
        ("/api/dashboard", "#/components/schemas/Dashboard"),
        (
            "/api/geography/boundary/{id}",
            "#/components/schemas/Boundary",
        ),
    ] {
        assert_eq!(
            openapi["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
                ["schema"]["$ref"],
            schema,
            "{path}"
        );
    }
    for path in [
        "/api/crime/stats",
        "/api/dashboard",
        "/api/geography/geojson/{id}",
        "/api/crime/figures",
        "/api/auth/login",
        "/api/healthcheck/verify",
        "/api/security/deleteGroup",
    ] {
        assert!(
            openapi["paths"].get(path).is_some(),
            "OpenAPI documents {path}"
        );
    }
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn commands_need_the_permission_and_conflicting_ones_get_409() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let base = start_server(&db.pool, Some(TOKEN)).await;
    let body = json!({"boundaryId": 10, "crimeTypeId": 6, "periodStartYear": 2023, "count": 100, "expectedVersion": 0});

    let (s, denied) = post(&base, "/api/crime/figures", None, body.clone()).await;
    assert_eq!(s, 403);
    // Without a session there is no CSRF token either; a signed-in user without the
    // permission gets the permission message (tests/accounts.rs, permission matrix).
    assert_error_shape(&denied);
    let (s, _) = post(
        &base,
        "/api/crime/figures",
        Some("wrong-token-wrong-token"),
        body.clone(),
    )
    .await;
    assert_eq!(s, 403);
    let (s, bad) = post(
        &base,
        "/api/crime/figures",
        Some(TOKEN),
        json!({"boundaryId": 10, "crimeTypeId": 6, "periodStartYear": 2023, "count": -5}),
    )
    .await;
    assert_eq!(s, 400, "{bad}");
    assert_error_shape(&bad);
    // The largest JSON integer as a count: refused (two such figures overflowed the district
    // and national sums and stopped the crime projector for good), and nothing written.
    for count in [json!(i64::MAX), json!(9.2e18), json!(10_000_001)] {
        let (s, bad) = post(
            &base,
            "/api/crime/figures",
            Some(TOKEN),
            json!({"boundaryId": 10, "crimeTypeId": 6, "periodStartYear": 2023, "count": count}),
        )
        .await;
        assert_eq!(s, 400, "{count}: {bad}");
        assert_error_shape(&bad);
    }
    let (s, bad) = post(
        &base,
        "/api/crime/figures",
        Some(TOKEN),
        json!({"boundaryId": 10, "crimeTypeId": 6, "periodStartYear": 2023, "count": 10_000_001}),
    )
    .await;
    assert_eq!(s, 400);
    assert_eq!(
        bad["message"], "A crime count cannot be more than 10,000,000.",
        "{bad}"
    );
    let written: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'crime_series'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(written, 0, "no figure written by a refused count");
    // A body of the wrong shape, refused by axum's extractor (its own 422 in plain text): 400
    // with the one error body the document declares.
    for wrong in [json!({"boundaryId": "ten"}), json!([1, 2]), json!(true)] {
        let (s, bad) = post(&base, "/api/crime/figures", Some(TOKEN), wrong.clone()).await;
        assert_eq!(s, 400, "{wrong}: {bad}");
        assert_error_shape(&bad);
        assert_eq!(bad["errors"][0]["code"], "request", "{bad}");
    }
    let (s, _) = post(
        &base,
        "/api/crime/figures",
        Some(TOKEN),
        json!({"boundaryId": 777777, "crimeTypeId": 6, "periodStartYear": 2023, "count": 5}),
    )
    .await;
    assert_eq!(s, 404);
    // Whole numbers written with a fraction or an exponent are the integers they are (JSON
    // Schema's `integer`, which the document declares); a real fraction is still refused.
    let answer = reqwest::Client::new()
        .post(format!("{base}/api/crime/figures"))
        .bearer_auth(TOKEN)
        .json(&json!({"boundaryId": 10.0, "crimeTypeId": 1.0, "periodStartYear": 2023.0, "count": 3e1}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let set_cookie = answer
        .headers()
        .get(reqwest::header::SET_COOKIE)
        .expect("a consistency token")
        .to_str()
        .unwrap()
        .to_string();
    let count: Value = sqlx::query_scalar(
        "SELECT payload::jsonb::json FROM events WHERE aggregate_type = 'crime_series' AND aggregate_id = '10/1'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert!(count.to_string().contains("\"count\":30"), "{count}");
    // Read your writes by the token (decision 0163): the command answers once the figure is
    // stored, before the crime projection applies it (this test server runs no projector
    // worker); a read that carries the token waits for it, one that does not, does not.
    for attribute in [
        "gbvf_read_after_crime=",
        "HttpOnly",
        "SameSite=Strict",
        "Path=/api",
    ] {
        assert!(set_cookie.contains(attribute), "{set_cookie}");
    }
    let token = set_cookie.split(';').next().unwrap().to_string();
    let projected = || async {
        sqlx::query_scalar::<_, Option<i64>>(
            "SELECT reported FROM crime_total WHERE boundary_id = 10 AND crime_type_id = 1 AND year = 2023",
        )
        .fetch_optional(&db.pool)
        .await
        .unwrap()
        .flatten()
    };
    assert_eq!(projected().await, None, "answered before the projection");
    let read = |cookie: Option<String>| {
        let mut req = reqwest::Client::new().get(format!("{base}/api/crime/stats?boundaryId=10"));
        if let Some(c) = cookie {
            req = req.header(reqwest::header::COOKIE, c);
        }
        async move { req.send().await.unwrap().status().as_u16() }
    };
    // Forged or foreign tokens are ignored: a projection that does not exist, no position.
    for cookie in [
        None,
        Some("gbvf_read_after_nothing=1.1".to_string()),
        Some("gbvf_read_after_crime=x".to_string()),
    ] {
        assert_eq!(read(cookie).await, 200);
    }
    assert_eq!(projected().await, None, "no token, no wait");
    assert_eq!(read(Some(format!("other=1; {token}"))).await, 200);
    assert_eq!(
        projected().await,
        Some(30),
        "the read with the token waited for it"
    );
    // The same count again records nothing, so there is nothing to wait for: no token.
    let again = reqwest::Client::new()
        .post(format!("{base}/api/crime/figures"))
        .bearer_auth(TOKEN)
        .json(&json!({"boundaryId": 10, "crimeTypeId": 1, "periodStartYear": 2023, "count": 30}))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 200);
    assert!(
        again
            .headers()
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .all(|c| !c.to_str().unwrap().contains("gbvf_read_after")),
        "{:?}",
        again.headers()
    );
    let (s, bad) = post(
        &base,
        "/api/crime/figures",
        Some(TOKEN),
        json!({"boundaryId": 10, "crimeTypeId": 1, "periodStartYear": 2024, "count": 2.5}),
    )
    .await;
    assert_eq!(s, 400, "{bad}");
    assert_error_shape(&bad);

    // Eight rounds of two commands racing on one series, both expecting the same version:
    // exactly one wins each time, the other gets 409 with a clear message.
    for round in 0..8i64 {
        let b = json!({"boundaryId": 10, "crimeTypeId": 6, "periodStartYear": 2000 + round, "count": 100 + round, "expectedVersion": round});
        let c = json!({"boundaryId": 10, "crimeTypeId": 6, "periodStartYear": 2000 + round, "count": 200 + round, "expectedVersion": round});
        let (a, b) = tokio::join!(
            post(&base, "/api/crime/figures", Some(TOKEN), b),
            post(&base, "/api/crime/figures", Some(TOKEN), c)
        );
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert_eq!(statuses, [200, 409], "round {round}: {a:?} {b:?}");
        let loser = if a.0 == 409 { a.1 } else { b.1 };
        assert_error_shape(&loser);
    }
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'crime_series' AND aggregate_id = '10/6'")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(events, 8, "one event per round");
    // Every event says who, when, which request and where from.
    let meta: Value = sqlx::query_scalar(
        "SELECT metadata::jsonb::json FROM events WHERE aggregate_id = '10/6' LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(meta["actor"], "operator");
    assert_eq!(meta["source"], "http:POST /api/crime/figures");
    assert!(
        meta["at"].as_str().unwrap().starts_with("20")
            && !meta["request_id"].as_str().unwrap().is_empty()
    );
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn reads_keep_answering_during_a_rebuild_and_equal_what_was_served_before() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let gazetteer = gbvf_commands::sources::geography::Gazetteer::load(&data_dir()).unwrap();
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    gbvf_commands::import::import_crime_file(
        &db.pool,
        &data_dir().join("crime/df_crime_sa_provincial.csv"),
        None,
        &gazetteer,
        &meta,
    )
    .await
    .unwrap();
    catch_up(&db.pool).await;
    let base = start_server(&db.pool, None).await;
    let paths = [
        "/api/crime/stats?boundaryId=1",
        "/api/dashboard?boundaryId=10",
        "/api/geography/contained/?containingBoundaryId=1",
    ];
    let mut before = Vec::new();
    for p in paths {
        before.push(get(&base, p).await);
    }
    let reader = {
        let base = base.clone();
        let before = before.clone();
        tokio::spawn(async move {
            let mut n = 0;
            let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
            loop {
                for (i, p) in paths.iter().enumerate() {
                    // Bypass the cache so every read reaches the database during the rebuild.
                    let (s, body) = get(&base, &format!("{p}&nocache={n}")).await;
                    assert_eq!(s, 200, "{p} during rebuild");
                    assert_eq!(body, before[i].1, "{p} during rebuild");
                    n += 1;
                }
                if tokio::time::Instant::now() > deadline || n > 3000 {
                    return n;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        })
    };
    for p in gbvf_projections::all() {
        // Small pages make the rebuild long enough for many reads to overlap it.
        gbvf_projections::engine::rebuild(&db.pool, p.as_ref(), 50, |_| {})
            .await
            .unwrap();
    }
    reader.abort();
    for (i, p) in paths.iter().enumerate() {
        assert_eq!(get(&base, p).await, before[i], "{p} after rebuild");
    }
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_crime_import_call_needs_its_permission_and_reports_unplaced_rows() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    std::env::set_var("GBVF_DATA_DIR", data_dir());
    let base = start_server(&db.pool, Some(TOKEN)).await;
    let csv = "boundary,province,crime_category,period_start,period_end,count\n\
               Jeffreys Bay,EC,Murder,2023-04-01,2024-03-31,17\n\
               Atlantis Station,WC,Murder,2023-04-01,2024-03-31,3\n";
    let url = format!("{base}/api/crime/import?format=long&name=release.csv");
    let denied = reqwest::Client::new()
        .post(&url)
        .bearer_auth("not-the-token-at-all")
        .body(csv)
        .send()
        .await
        .unwrap();
    assert_eq!(denied.status().as_u16(), 403);
    let res = reqwest::Client::new()
        .post(&url)
        .bearer_auth(TOKEN)
        .body(csv)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let v: Value = res.json().await.unwrap();
    assert_eq!(v["report"]["figures_appended"], 1);
    assert_eq!(v["report"]["unplaced"][0]["line"], 3);
    let again: Value = reqwest::Client::new()
        .post(&url)
        .bearer_auth(TOKEN)
        .body(csv)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(again["report"]["already_imported"], true);
    db.drop_db().await;
}

struct Proc(Child);
impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn project_process(url: &str, name: &str) -> Proc {
    let sep = if url.contains('?') { '&' } else { '?' };
    Proc(
        Command::new(env!("CARGO_BIN_EXE_gbvf"))
            .arg("project")
            .env("DATABASE_URL", format!("{url}{sep}application_name={name}"))
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start gbvf project"),
    )
}

async fn lease_holders(db: &TestDb) -> Vec<(String, i64)> {
    sqlx::query_as(
        "SELECT a.application_name::text, count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND l.granted AND a.application_name LIKE 'proj-%'
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         GROUP BY 1 ORDER BY 1",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_project_processes_run_each_projection_exactly_once_and_fail_over() {
    // One lease per projection, plus the e-mail worker's and the audit sealer's (each runs
    // under a lease like a projector).
    let projections = gbvf_projections::all().len() as i64 + 2;
    let db = TestDb::new().await;
    let a = project_process(&db.url, "proj-a");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let b = project_process(&db.url, "proj-b");
    let mut holders = Vec::new();
    for _ in 0..50 {
        holders = lease_holders(&db).await;
        if holders.iter().map(|h| h.1).sum::<i64>() == projections {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let total: i64 = holders.iter().map(|h| h.1).sum();
    assert_eq!(total, projections, "one lease per projection: {holders:?}");
    let first = holders[0].0.clone();
    // The events are projected by whichever holds the lease.
    import_geography(&db.pool).await;
    // Stop the holder: the standby takes every lease over.
    drop(if first == "proj-a" { a } else { b });
    let mut after = Vec::new();
    for _ in 0..50 {
        after = lease_holders(&db).await;
        if after.len() == 1 && after[0].1 == projections && after[0].0 != first {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(after.len(), 1, "{after:?}");
    assert_ne!(after[0].0, first);
    assert_eq!(after[0].1, projections);
    db.drop_db().await;
}

/// The crime projection's rebuild folds the whole history in memory and writes each
/// row once with COPY; the table it builds equals the one the projector built page by page,
/// station sums of every ancestor included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_folded_crime_rebuild_equals_the_incremental_projection() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let gazetteer = gbvf_commands::sources::geography::Gazetteer::load(&data_dir()).unwrap();
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    for file in ["SouthAfricaCrimeStats_v2.csv", "df_crime_sa_provincial.csv"] {
        gbvf_commands::import::import_crime_file(
            &db.pool,
            &data_dir().join("crime").join(file),
            None,
            &gazetteer,
            &meta,
        )
        .await
        .unwrap();
    }
    catch_up(&db.pool).await;
    let table = || async {
        sqlx::query_scalar::<_, String>(
            "SELECT concat_ws('|', boundary_id, crime_type_id, year, reported, reported_source,
                    station_sum, station_count, sum_source)
             FROM crime_total ORDER BY boundary_id, crime_type_id, year",
        )
        .fetch_all(&db.pool)
        .await
        .unwrap()
    };
    let incremental = table().await;
    assert!(incremental.len() > 10_000, "{} rows", incremental.len());
    let crime = gbvf_projections::all()
        .into_iter()
        .find(|p| p.name() == "crime")
        .unwrap();
    let (_, applied, _) = gbvf_projections::engine::rebuild(
        &db.pool,
        crime.as_ref(),
        gbvf_projections::engine::PAGE,
        |_| {},
    )
    .await
    .unwrap();
    assert!(applied > 10_000);
    assert_eq!(
        table().await,
        incremental,
        "rebuilt and incremental tables differ"
    );
    db.drop_db().await;
}

/// A cached read is answered whole from the outermost layer. The kept answer must
/// be the one the full stack gives (headers after every layer, gzip when asked), and a
/// projection that moves must retire it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cached_read_is_answered_whole_as_the_stack_answered_it_and_retired_when_the_model_moves()
{
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    catch_up(&db.pool).await;
    let base = start_server(&db.pool, Some(TOKEN)).await;
    let client = reqwest::Client::new();
    let fetch = |path: &'static str, gzip: bool| {
        let client = client.clone();
        let base = base.clone();
        async move {
            let mut req = client.get(format!("{base}{path}"));
            if gzip {
                req = req.header("accept-encoding", "gzip");
            }
            let res = req.send().await.unwrap();
            let status = res.status().as_u16();
            let mut headers: Vec<(String, String)> = res
                .headers()
                .iter()
                .filter(|(k, _)| k.as_str() != "date")
                .map(|(k, v)| (k.to_string(), v.to_str().unwrap().to_string()))
                .collect();
            headers.sort();
            (status, headers, res.bytes().await.unwrap())
        }
    };
    let path = "/api/crime/stats?boundaryId=10";
    for gzip in [false, true] {
        let first = fetch(path, gzip).await; // computed (or body from the body cache)
        let second = fetch(path, gzip).await; // answered whole
        let third = fetch(path, gzip).await;
        assert_eq!(first.0, 200);
        assert_eq!(
            first, second,
            "gzip {gzip}: the kept answer differs from the stack's"
        );
        assert_eq!(second, third);
        let has = |name: &str| first.1.iter().any(|(k, _)| k == name);
        assert!(has("content-security-policy") && has("x-content-type-options"));
        assert_eq!(
            first
                .1
                .iter()
                .any(|(k, v)| k == "content-encoding" && v == "gzip"),
            gzip,
            "{:?}",
            first.1
        );
    }
    let before = fetch(path, false).await.2;
    assert!(!String::from_utf8_lossy(&before).contains("424242"));
    let (s, body) = post(
        &base,
        "/api/crime/figures",
        Some(TOKEN),
        json!({"boundaryId": 10, "crimeTypeId": 6, "periodStartYear": 2023, "count": 424242}),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    catch_up(&db.pool).await;
    // The projection's NOTIFY empties the caches; the next answers show the new figure.
    let mut fresh = false;
    for _ in 0..100 {
        let now = fetch(path, false).await.2;
        if String::from_utf8_lossy(&now).contains("424242") {
            fresh = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        fresh,
        "the kept answer outlived the read model it came from"
    );
}
