//! Section 14: the bulk load of 5,000 rows by a province. The shipped directories, then 5,000
//! more providers imported in Gauteng's municipalities; a Gauteng Building Block admin
//! (ImportBuildingBlockData) posts a 5,000-row CSV in the template (address, reception number,
//! two requirements and a contact person per row) to the dry run, then to the apply, over HTTP.
//! Target: each under 10 s.

use std::time::Instant;

use anyhow::{bail, Result};
use gbvf_events::building_block::{ProviderEvent, ProviderImported, PROVIDER_AGGREGATE};
use gbvf_events::store::NewEvent;
use hyper::Method;

use crate::config::Config;
use crate::db::{open_db, Databases};
use crate::http::{sign_in, Http, Session};
use crate::report::{section_title, table, Verdict};
use crate::servers::start_gbvf;
use crate::setup;

/// Rows of the file.
const ROWS: usize = 5_000;
/// The target of the dry run and of the apply, s.
const TARGET_S: f64 = 10.0;
/// The first synthetic provider id (far above the shipped directories' ids).
const FIRST_ID: i64 = 910_000_000;

/// The file: one row per synthetic provider, by id.
fn file(requirements: &[String; 2]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "Provider ID",
        "Physical address",
        "Reception number",
        "Requirements available",
        "Contact person name",
        "Contact person mobile number",
        "Contact person requirement",
        "Contact person public",
    ])
    .expect("memory");
    for i in 0..ROWS {
        w.write_record([
            (FIRST_ID + i as i64).to_string(),
            format!("{i} Bulk Road, Johannesburg"),
            format!("011-{:07}", i),
            format!("{}; {}", requirements[0], requirements[1]),
            format!("Person {i:05}"),
            format!("082 {:07}", i),
            requirements[1].clone(),
            if i % 2 == 0 { "Yes" } else { "No" }.to_string(),
        ])
        .expect("memory");
    }
    w.into_inner().expect("memory")
}

/// `POST path` with the CSV `body` as `session`; (seconds, status, answer).
async fn post(
    http: &mut Http,
    session: &Session,
    path: &str,
    body: &[u8],
) -> Result<(f64, u16, serde_json::Value)> {
    let req = hyper::Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(hyper::header::HOST, &http.host)
        .header(hyper::header::CONTENT_TYPE, "text/csv")
        .header(hyper::header::COOKIE, &session.cookies)
        .header("x-csrf-token", &session.csrf)
        .body(http_body_util::Full::new(hyper::body::Bytes::from(
            body.to_vec(),
        )))?;
    let started = Instant::now();
    let (status, _, answer) = http.send(req).await?;
    let secs = started.elapsed().as_secs_f64();
    Ok((
        secs,
        status.as_u16(),
        serde_json::from_slice(&answer).unwrap_or(serde_json::Value::Null),
    ))
}

/// Runs section 14 on a new database.
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 14: the bulk load of 5,000 rows by a province");
    let url = dbs.create("bulk").await?;
    let pool = open_db(&url).await?;
    let meta = setup::import_geography(&pool, &cfg.data_dir, "bench:bulk").await?;
    setup::catch_up_all(&pool).await?;
    gbvf_commands::building_blocks::import_building_blocks(&pool, &cfg.data_dir, &meta).await?;
    gbvf_api::cli::users::seed_groups(&pool).await?;
    setup::catch_up_all(&pool).await?;
    let municipalities: Vec<i64> = sqlx::query_scalar(
        "SELECT b.boundary_id FROM boundary b JOIN boundary p ON p.boundary_id = b.province_id
         WHERE b.level = 'municipality' AND p.name = 'Gauteng' ORDER BY b.boundary_id",
    )
    .fetch_all(&pool)
    .await?;
    let requirements: Vec<String> = sqlx::query_scalar(
        "SELECT description FROM bb_requirement WHERE building_block_id = 1 ORDER BY seq LIMIT 2",
    )
    .fetch_all(&pool)
    .await?;
    let requirements: [String; 2] = requirements
        .try_into()
        .map_err(|_| anyhow::anyhow!("two police-station requirements expected"))?;
    let events: Vec<NewEvent> = (0..ROWS)
        .map(|i| {
            let id = FIRST_ID + i as i64;
            let imported = ProviderEvent::ProviderImported(ProviderImported {
                provider_id: id,
                name: format!("Bulk provider {i:05}"),
                building_block_id: 1,
                building_block_category_id: 1,
                municipality_id: municipalities[i % municipalities.len()],
                contacts: Vec::new(),
                point: None,
                placement: "bench".into(),
                source: "bench".into(),
                vintage: 2026,
                saps_precinct_code: None,
            });
            NewEvent::of(PROVIDER_AGGREGATE, &id.to_string(), 1, &imported, &meta)
        })
        .collect();
    gbvf_commands::import::append_in_batches(&pool, &events).await?;
    // Building Block admin (3): ImportBuildingBlockData and ValidateBuildingBlock; Gauteng is
    // the province of the assigned municipality.
    let loader = setup::create_account(&pool, "loader", 3, vec![municipalities[0]], &meta).await?;
    setup::catch_up_all(&pool).await?;

    let login = [("GBVF_ENABLE_LOGIN", "true")];
    let server = start_gbvf(cfg, &url, "bulk", &login).await?;
    let session = sign_in(server.addr, &loader.0, &loader.1).await?;
    let body = file(&requirements);
    let mut http = Http::new(server.addr).await?;
    let (dry_s, dry_status, dry) = post(
        &mut http,
        &session,
        "/api/buildingblock/bulkLoad/dryRun",
        &body,
    )
    .await?;
    // The apply names the dry run reviewed (its `reviewed` fingerprint), as the web app does.
    let apply_path = format!(
        "/api/buildingblock/bulkLoad/apply?reviewed={}",
        dry["reviewed"].as_str().unwrap_or_default()
    );
    let (apply_s, apply_status, applied) = post(&mut http, &session, &apply_path, &body).await?;
    server.stop().await;
    if dry_status != 200 || dry["success"] != true {
        bail!("dry run: {dry_status}: {}", dry["errors"]);
    }
    if apply_status != 200 {
        bail!("apply: {apply_status}: {}", applied["message"]);
    }
    let submitted: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_type = 'bb_provider'
         AND event_type = 'BuildingBlockDetailsSubmitted'",
    )
    .fetch_one(&pool)
    .await?;

    section_title(13, "The bulk load of 5,000 rows by a province");
    let mut t = table(&[
        "rows",
        "file size",
        "dry run s",
        "dry run: rows to submit",
        "apply s",
        "apply status",
        "submissions recorded",
    ]);
    t.add_row(vec![
        ROWS.to_string(),
        format!("{:.1} MB", body.len() as f64 / 1e6),
        format!("{dry_s:.2}"),
        dry["summary"]["submit"].to_string(),
        format!("{apply_s:.2}"),
        apply_status.to_string(),
        submitted.to_string(),
    ]);
    println!("{t}");
    println!(
        "\nOne CSV of {ROWS} rows in the template (Provider ID, physical address, reception number, two \
         requirements, one contact person each) posted by a signed-in Gauteng Building Block admin to \
         `POST /api/buildingblock/bulkLoad/dryRun`, then `…/apply` (which runs the dry run again, then appends \
         every submission and writes every contact person in one transaction, and waits for the read model). \
         {ROWS} synthetic providers imported in Gauteng's {} municipalities; the shipped directories are there too.",
        municipalities.len()
    );
    summary.push(Verdict {
        section: "14",
        figure: "bulk load dry run, 5,000 rows".into(),
        target: format!("< {TARGET_S:.0} s"),
        measured: format!("{dry_s:.2} s"),
        pass: Some(dry_s < TARGET_S),
    });
    summary.push(Verdict {
        section: "14",
        figure: "bulk load apply, 5,000 rows".into(),
        target: format!("< {TARGET_S:.0} s"),
        measured: format!("{apply_s:.2} s"),
        pass: Some(apply_status == 200 && submitted == ROWS as i64 && apply_s < TARGET_S),
    });
    Ok(())
}
