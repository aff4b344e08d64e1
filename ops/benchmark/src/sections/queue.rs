//! Section 12: the verification queue of a province with 5,000 submissions waiting. The
//! shipped directories, then 5,000 more providers in Gauteng's municipalities, each imported
//! and submitted (decided in memory by the `Provider` aggregate, appended in batches like an
//! import), their submissions spread over the last 60 days; a Gauteng verifier reads queue
//! pages over HTTP at 8 clients: the first page, a later page, one municipality, one building
//! block, those waiting 14 days or more. Target: p99 < 300 ms.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{anyhow, Result};
use gbvf_commands::building_blocks::provider::{
    DetailsForm, DetailsInput, Provider, ProviderCommand, SubmitBuildingBlockDetails,
};
use gbvf_events::building_block::{ProviderEvent, ProviderImported, PROVIDER_AGGREGATE};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::NewEvent;

use crate::config::Config;
use crate::db::{open_db, Databases};
use crate::http::{answered_ok, connections, sign_in, Http, Session};
use crate::report::{ms, p50_p99, section_title, table, Verdict};
use crate::servers::start_gbvf;
use crate::setup;
use crate::stats::{join_workers, merge, Worker};

/// Submissions waiting in the province.
const SUBMISSIONS: usize = 5_000;
/// Concurrent clients reading queue pages.
const CLIENTS: usize = 8;
/// Queue pages read in all.
const READS: usize = 2_000;
/// The p99 target of a queue page, ms.
const TARGET_MS: u64 = 300;
/// The first synthetic provider id (far above the shipped directories' ids).
const FIRST_ID: i64 = 900_000_000;

/// The events of `SUBMISSIONS` synthetic Gauteng providers: each imported, then submitted by
/// `capturer` (the aggregate decides the submission), `i` hours and minutes ago.
fn synthetic_events(
    municipalities: &[i64],
    blocks: &[(i32, i32, Vec<i32>)],
    capturer: &str,
) -> Result<Vec<NewEvent>> {
    let now = chrono::Utc::now();
    let mut events = Vec::with_capacity(SUBMISSIONS * 2);
    for i in 0..SUBMISSIONS {
        let id = FIRST_ID + i as i64;
        let municipality_id = municipalities[i % municipalities.len()];
        let (block, category, requirements) = &blocks[i % blocks.len()];
        let at = now - chrono::Duration::minutes((i as i64 * 60 * 24 * 60) / SUBMISSIONS as i64);
        let meta = |actor: &str| EventMetadata {
            actor: actor.into(),
            at: at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            request_id: format!("bench-queue-{i}"),
            source: "bench:queue".into(),
        };
        let imported = ProviderEvent::ProviderImported(ProviderImported {
            provider_id: id,
            name: format!("Bench provider {i:05}"),
            building_block_id: *block,
            building_block_category_id: *category,
            municipality_id,
            contacts: Vec::new(),
            point: None,
            placement: "bench".into(),
            source: "bench".into(),
            vintage: 2026,
            saps_precinct_code: None,
        });
        let mut provider = Provider::default();
        cqrs_es::Aggregate::apply(&mut provider, imported.clone());
        let address = format!("{i} Bench Road");
        let available = requirements.iter().take(2).copied().collect::<Vec<_>>();
        let input = DetailsInput {
            physical_address: Some(&address),
            requirements_available: &available,
            ..Default::default()
        };
        let submission = provider
            .decide(&ProviderCommand::SubmitBuildingBlockDetails(
                SubmitBuildingBlockDetails {
                    actor: capturer.into(),
                    actor_municipalities: vec![municipality_id],
                    building_block_id: *block,
                    block_requirements: requirements.clone(),
                    // Only blocks whose locations are public are chosen (below).
                    location_secret: false,
                    details: DetailsForm::parse(&input),
                },
            ))
            .map_err(|e| anyhow!("bench submission refused: {e}"))?;
        let aggregate = id.to_string();
        events.push(NewEvent::of(
            PROVIDER_AGGREGATE,
            &aggregate,
            1,
            &imported,
            &meta("import"),
        ));
        for e in submission {
            events.push(NewEvent::of(
                PROVIDER_AGGREGATE,
                &aggregate,
                2,
                &e,
                &meta(capturer),
            ));
        }
    }
    Ok(events)
}

/// `GET path` as the signed-in `session`.
async fn page(http: &mut Http, session: &Session, path: &str) -> Result<crate::http::Answer> {
    let req = hyper::Request::get(path)
        .header(hyper::header::HOST, &http.host)
        .header(hyper::header::COOKIE, &session.cookies)
        .body(http_body_util::Full::new(hyper::body::Bytes::new()))?;
    http.send(req).await
}

/// One reader: takes the next read, asks for a queue page of the mix, records its latency.
async fn reader(
    mut http: Http,
    session: Arc<Session>,
    paths: Arc<Vec<String>>,
    next: Arc<AtomicUsize>,
) -> Worker {
    let mut w = Worker::new();
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= READS {
            break;
        }
        let path = &paths[i % paths.len()];
        let started = Instant::now();
        let outcome = page(&mut http, &session, path)
            .await
            .map_err(|e| format!("{e:#}"));
        w.record(started, answered_ok(path, outcome));
    }
    w
}

/// Runs section 12 on a new database.
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 12: the verification queue of a province with 5,000 submissions");
    let url = dbs.create("queue").await?;
    let pool = open_db(&url).await?;
    let meta = setup::import_geography(&pool, &cfg.data_dir, "bench:queue").await?;
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
    // Blocks whose locations are public only: the submissions carry an address.
    let blocks: Vec<(i32, i32, Vec<i32>)> = sqlx::query_as(&format!(
        "SELECT k.building_block_id, k.building_block_category_id,
                array_agg(r.building_block_requirement_id ORDER BY r.seq)
         FROM bb_block k JOIN bb_requirement r USING (building_block_id)
         WHERE NOT {} GROUP BY k.building_block_id, k.building_block_category_id, k.seq ORDER BY k.seq",
        gbvf_projections::building_blocks::queries::LOCATION_SECRET
    ))
    .fetch_all(&pool)
    .await?;
    let capturer =
        setup::create_account(&pool, "capturer", 5, municipalities.clone(), &meta).await?;
    let verifier =
        setup::create_account(&pool, "verifier", 6, vec![municipalities[0]], &meta).await?;
    setup::catch_up_all(&pool).await?;
    let capturer_id: String =
        sqlx::query_scalar("SELECT user_id FROM user_account WHERE email = $1")
            .bind(&capturer.0)
            .fetch_one(&pool)
            .await?;
    let events = synthetic_events(&municipalities, &blocks, &format!("user:{capturer_id}"))?;
    gbvf_commands::import::append_in_batches(&pool, &events).await?;
    setup::catch_up_all(&pool).await?;
    let waiting: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM bb_provider p WHERE p.status = 'submitted' AND p.municipality_id = ANY($1)",
    )
    .bind(&municipalities)
    .fetch_one(&pool)
    .await?;

    let login = [("GBVF_ENABLE_LOGIN", "true")];
    let server = start_gbvf(cfg, &url, "queue", &login).await?;
    let session = Arc::new(sign_in(server.addr, &verifier.0, &verifier.1).await?);
    let q = "/api/buildingblock/verificationQueue";
    let paths = Arc::new(vec![
        format!("{q}"),
        format!("{q}?page=100"),
        format!(
            "{q}?municipalityId={}",
            municipalities[1 % municipalities.len()]
        ),
        format!("{q}?buildingBlockId={}", blocks[0].0),
        format!("{q}?minDaysWaiting=14&page=2"),
    ]);
    // One page first: the answer must list the province's submissions.
    let (_, _, first) = page(&mut Http::new(server.addr).await?, &session, &paths[0]).await?;
    let total = serde_json::from_slice::<serde_json::Value>(&first)?["total"]
        .as_i64()
        .unwrap_or(-1);
    let conns = connections(server.addr, CLIENTS).await?;
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let ws = conns
        .into_iter()
        .map(|http| tokio::spawn(reader(http, session.clone(), paths.clone(), next.clone())))
        .collect();
    let r = merge(join_workers(ws).await?, started.elapsed());
    r.print_first_error("queue page");
    server.stop().await;

    section_title(
        12,
        "The verification queue of a province with 5,000 submissions",
    );
    let [p50, p99] = p50_p99(&r.hist);
    let mut t = table(&[
        "clients",
        "submissions waiting",
        "total listed",
        "pages read",
        "failed",
        "pages/s",
        "p50 ms",
        "p99 ms",
        "max ms",
    ]);
    t.add_row(vec![
        CLIENTS.to_string(),
        waiting.to_string(),
        total.to_string(),
        r.ok.to_string(),
        r.errors.to_string(),
        format!("{:.0}", r.rate()),
        p50,
        p99.clone(),
        ms(r.hist.max()),
    ]);
    println!("{t}");
    println!(
        "\nA page is `GET {q}` by a signed-in Gauteng verifier (25 rows, the counts per status over \
         the province and the filters' choices), in a mix of five: the first page, page 100, one municipality, \
         one building block, and those waiting 14 days or more (page 2). {SUBMISSIONS} synthetic providers in \
         Gauteng's {} municipalities were imported and submitted (decided by the Provider aggregate), their \
         submissions spread over 60 days; the shipped directories are there as well.",
        municipalities.len()
    );
    let p99_us = r.hist.value_at_quantile(0.99);
    summary.push(Verdict {
        section: "12",
        figure: "verification queue page, p99 (province with 5,000 submissions)".into(),
        target: format!("< {TARGET_MS} ms"),
        measured: format!("{} ms", ms(p99_us)),
        pass: Some(r.errors == 0 && total >= SUBMISSIONS as i64 && p99_us < TARGET_MS * 1000),
    });
    Ok(())
}
