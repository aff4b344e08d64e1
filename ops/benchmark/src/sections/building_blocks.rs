//! Section 10: building-block updates over HTTP at 32 clients — a municipality's designated
//! person submits a provider's details, the province's verifies them (four-eyes: two accounts),
//! each answering after the building-block projection applied it (read-your-writes); and the
//! projector's lag. No target: a row of its own.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;

use crate::checkpoints::{lag_of, lag_table, Sampler};
use crate::config::Config;
use crate::db::{max_global_position, open_db, Databases};
use crate::http::{answered_ok, connections, sign_in, Http, Session};
use crate::report::{ms, section_title, Verdict};
use crate::servers::start_gbvf;
use crate::setup;
use crate::stats::{join_workers, merge, Worker};

/// Concurrent clients of section 10.
const BB_CLIENTS: usize = 32;
/// Providers updated in section 10 (each: details submitted, then verified).
const BB_PROVIDERS: usize = 1_500;

/// A section-10 provider: stakeholder id, building block, its block's first requirement, and
/// the version its submission will have (its stream's next sequence).
type BenchProvider = (i64, i32, Option<i32>, i64);

/// One client of section 10: takes the next provider, submits its details (its building
/// block's first requirement available) with the capturer's session and verifies that
/// submission with the verifier's (four-eyes: two accounts); each request's latency recorded.
async fn capturers(
    mut http: Http,
    sessions: Arc<[Session; 2]>,
    providers: Arc<Vec<BenchProvider>>,
    next: Arc<AtomicUsize>,
) -> Worker {
    let mut w = Worker::new();
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(&(provider_id, block, requirement, version)) = providers.get(i) else {
            break;
        };
        let calls = [
            (
                &sessions[0],
                hyper::Method::PUT,
                "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
                // A non-shelter provider's office address is required (spec §5); the bench
                // database is dropped at the end.
                serde_json::json!({"stakeholderId": provider_id, "buildingBlockId": block,
                    "physicalAddress": format!("{provider_id} Bench Road"),
                    "buildingBlockRequirements": requirement.into_iter().collect::<Vec<_>>(), "contactPersons": []}),
            ),
            (
                &sessions[1],
                hyper::Method::POST,
                "/api/buildingblock/verifyBuildingBlock",
                serde_json::json!({"stakeholderId": provider_id, "submissionVersion": version}),
            ),
        ];
        for (session, method, path, body) in calls {
            let started = Instant::now();
            let outcome = match http.json(method, path, session, body.to_string()) {
                Ok(req) => http.send(req).await.map_err(|e| format!("{e:#}")),
                Err(e) => Err(format!("{e:#}")),
            };
            w.record(started, answered_ok(path, outcome));
        }
    }
    w
}

/// Runs section 10 on a new database: geography, the shipped building blocks, and two
/// accounts of every municipality with providers (a capturer and a verifier).
pub async fn run(cfg: &Config, dbs: &mut Databases, summary: &mut Vec<Verdict>) -> Result<()> {
    eprintln!("==> section 10: building-block updates over HTTP and the projector's lag");
    let url = dbs.create("bb").await?;
    let pool = open_db(&url).await?;
    let meta = setup::import_geography(&pool, &cfg.data_dir, "bench:building-blocks").await?;
    setup::catch_up_all(&pool).await?;
    gbvf_commands::building_blocks::import_building_blocks(&pool, &cfg.data_dir, &meta).await?;
    gbvf_api::cli::users::seed_groups(&pool).await?;
    setup::catch_up_all(&pool).await?;
    // Providers other than shelters, each with its building block's first requirement and the
    // version its submission will have.
    let providers: Vec<BenchProvider> = sqlx::query_as(
        "SELECT p.provider_id, p.building_block_id,
                (SELECT min(r.building_block_requirement_id) FROM bb_requirement r WHERE r.building_block_id = p.building_block_id),
                (SELECT max(e.sequence) + 1 FROM events e WHERE e.aggregate_type = 'bb_provider' AND e.aggregate_id = p.provider_id::text)
         FROM bb_provider p WHERE p.building_block_id <> $1 ORDER BY p.provider_id LIMIT $2",
    )
    .bind(gbvf_events::building_block::SHELTER_BUILDING_BLOCK_ID)
    .bind(BB_PROVIDERS as i64)
    .fetch_all(&pool)
    .await?;
    let municipalities: Vec<i64> =
        sqlx::query_scalar("SELECT DISTINCT municipality_id FROM bb_provider ORDER BY 1")
            .fetch_all(&pool)
            .await?;
    // Two accounts of every municipality: the municipalities' designated person (default group
    // 5) captures, the provinces' (group 6) verifies (nobody verifies their own submission);
    // signed in with a password, the 32 clients share their two sessions.
    let mut accounts = Vec::new();
    for (role, group) in [("capturer", 5), ("verifier", 6)] {
        let municipalities = municipalities.clone();
        accounts.push(setup::create_account(&pool, role, group, municipalities, &meta).await?);
    }
    setup::catch_up_all(&pool).await?;
    let login = [("GBVF_ENABLE_LOGIN", "true")];
    let server = start_gbvf(cfg, &url, "building-blocks", &login).await?;
    let sessions = Arc::new([
        sign_in(server.addr, &accounts[0].0, &accounts[0].1).await?,
        sign_in(server.addr, &accounts[1].0, &accounts[1].1).await?,
    ]);
    let providers = Arc::new(providers);
    let sampler = Sampler::start(&url, "building_blocks");
    let from = max_global_position(&pool).await?;
    let conns = connections(server.addr, BB_CLIENTS).await?;
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let ws = conns
        .into_iter()
        .map(|http| {
            let (sessions, providers, next) = (sessions.clone(), providers.clone(), next.clone());
            tokio::spawn(capturers(http, sessions, providers, next))
        })
        .collect();
    let r = merge(join_workers(ws).await?, started.elapsed());
    r.print_first_error("update");
    let (hist, failed) = (&r.hist, r.errors);
    let to = max_global_position(&pool).await?;
    let samples = sampler.finish(Duration::from_millis(500)).await?;
    let lag = lag_of(
        &pool,
        gbvf_events::building_block::PROVIDER_AGGREGATE,
        &samples,
        from,
        to,
    )
    .await?;
    let verified: i64 =
        sqlx::query_scalar("SELECT count(*) FROM bb_provider WHERE status = 'verified'")
            .fetch_one(&pool)
            .await?;
    server.stop().await;
    let (ok, rate) = (r.ok, r.rate());
    section_title(
        10,
        "Building-block updates over HTTP (details submitted, then verified)",
    );
    let leading = [
        ("clients", BB_CLIENTS.to_string()),
        ("providers", providers.len().to_string()),
        ("updates", ok.to_string()),
        ("failed", failed.to_string()),
        ("updates/s", format!("{rate:.0}")),
    ];
    let t = lag_table(&leading, hist, &lag);
    println!("{t}");
    println!(
        "\nAn update is `PUT /api/buildingblock/updateBuildingBlockContactsAndRequirements` (the municipality's \
         designated person submits a provider's details: an office address, its building block's first requirement \
         available, no contact persons) or `POST /api/buildingblock/verifyBuildingBlock` (the province's designated person \
         verifies them), two signed-in sessions (the capturer's and the verifier's: nobody verifies their own submission) shared by the clients, each provider by one client. Both answer \
         after the building-block projector has applied the event (read-your-writes), so the latency includes \
         projecting. Providers verified in the read model afterwards: {verified} of {}. Lag: from each event's \
         commit to the projector's checkpoint passing it ({} events).",
        providers.len(),
        lag.events
    );
    summary.push(Verdict {
        section: "10",
        figure: format!("building-block updates/s over HTTP at {BB_CLIENTS} clients"),
        target: "none set (a row of its own)".into(),
        measured: format!(
            "{rate:.0}; lag p99 {} ms",
            ms(lag.hist.value_at_quantile(0.99))
        ),
        pass: if failed == 0 && lag.unapplied == 0 && verified as usize == providers.len() {
            None
        } else {
            Some(false)
        },
    });
    Ok(())
}
