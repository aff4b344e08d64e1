//! The projector engine against real PostgreSQL: concurrent writers, crashes mid-page,
//! rebuilds, and one active instance per projection across processes.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use common::TestDb;
use gbvf_events::store::{append_batch, NewEvent, StoredEvent};
use gbvf_projections::engine::{self, Projection};
use rand::Rng;
use sqlx::{PgPool, Postgres, Transaction};

/// A projection that counts events and sums their sequences per aggregate: any skipped or
/// doubly applied event changes the count or the sum.
struct Tally {
    /// Fail (return a lost connection after writing rows) on this call of `apply`, counting
    /// from 1.
    fail_on_call: Option<usize>,
    calls: AtomicUsize,
}

impl Tally {
    fn new() -> Self {
        Tally {
            fail_on_call: None,
            calls: AtomicUsize::new(0),
        }
    }
}

#[async_trait]
impl Projection for Tally {
    fn name(&self) -> &'static str {
        "tally"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &["tally_test"]
    }
    fn tables(&self) -> &'static [&'static str] {
        &["tally"]
    }
    fn ddl(&self, schema: &str) -> String {
        format!("CREATE TABLE {schema}.tally (aggregate_id text PRIMARY KEY, events bigint NOT NULL, seq_sum bigint NOT NULL)")
    }
    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        let call = self.calls.fetch_add(1, Ordering::SeqCst) + 1;
        for (i, e) in events.iter().enumerate() {
            sqlx::query(&format!(
                "INSERT INTO {schema}.tally VALUES ($1, 1, $2)
                 ON CONFLICT (aggregate_id) DO UPDATE SET events = tally.events + 1, seq_sum = tally.seq_sum + EXCLUDED.seq_sum"
            ))
            .bind(&e.aggregate_id)
            .bind(e.sequence)
            .execute(&mut **tx)
            .await?;
            if Some(call) == self.fail_on_call && i == events.len() / 2 {
                // The connection lost in the middle of a page: not the events' fault, so the
                // page is not quarantined but applied again from the checkpoint.
                let lost = std::io::Error::other("simulated crash in the middle of a page");
                return Err(sqlx::Error::Io(lost).into());
            }
        }
        Ok(())
    }
}

fn event(aggregate: &str, seq: i64) -> NewEvent {
    NewEvent {
        aggregate_type: "tally_test".into(),
        aggregate_id: aggregate.into(),
        sequence: seq,
        event_type: "Tallied".into(),
        event_version: "1.0".into(),
        payload: serde_json::json!({"Tallied": {}}),
        metadata: serde_json::json!({"actor": "system", "at": "", "request_id": "test", "source": "test"}),
    }
}

async fn tally(pool: &PgPool) -> Vec<(String, i64, i64)> {
    sqlx::query_as("SELECT aggregate_id, events, seq_sum FROM tally ORDER BY aggregate_id")
        .fetch_all(pool)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_writers_are_projected_exactly_once() {
    let db = TestDb::new().await;
    let p = Arc::new(Tally::new());
    engine::install(&db.pool, p.as_ref()).await.unwrap();
    let writers = 16;
    let per_writer = 500i64;
    let mut tasks = Vec::new();
    for w in 0..writers {
        let pool = db.pool.clone();
        tasks.push(tokio::spawn(async move {
            let agg = format!("writer-{w:02}");
            let mut seq = 0;
            while seq < per_writer {
                let n = rand::thread_rng().gen_range(1..=25).min(per_writer - seq);
                let batch: Vec<NewEvent> = (1..=n).map(|i| event(&agg, seq + i)).collect();
                let mut tx = pool.begin().await.unwrap();
                append_batch(&mut tx, &batch).await.unwrap();
                // Hold the transaction open for a random while, so commits land out of
                // global_position order.
                let delay = rand::thread_rng().gen_range(0..15);
                tokio::time::sleep(Duration::from_millis(delay)).await;
                tx.commit().await.unwrap();
                seq += n;
            }
        }));
    }
    // The projector runs while the writers write.
    let projector = {
        let pool = db.pool.clone();
        let p = p.clone();
        tokio::spawn(async move {
            let mut connection = pool.acquire().await.unwrap();
            for _ in 0..400 {
                engine::step(&mut connection, p.as_ref(), 97).await.unwrap();
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        })
    };
    for t in tasks {
        t.await.unwrap();
    }
    projector.await.unwrap();
    engine::catch_up(&db.pool, p.as_ref()).await.unwrap();
    let rows = tally(&db.pool).await;
    assert_eq!(rows.len(), writers);
    let expected_sum = per_writer * (per_writer + 1) / 2;
    for (agg, events, seq_sum) in rows {
        assert_eq!(events, per_writer, "{agg}: events applied");
        assert_eq!(seq_sum, expected_sum, "{agg}: every sequence applied once");
    }
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_projector_killed_mid_page_ends_equal_to_a_rebuild() {
    let db = TestDb::new().await;
    for a in 0..20 {
        let batch: Vec<NewEvent> = (1..=150)
            .map(|s| event(&format!("agg-{a:02}"), s))
            .collect();
        append_batch(&mut db.pool.acquire().await.unwrap(), &batch)
            .await
            .unwrap();
    }
    let crashing = Tally {
        fail_on_call: Some(3),
        calls: AtomicUsize::new(0),
    };
    engine::install(&db.pool, &crashing).await.unwrap();
    let mut crashed = false;
    // A transaction open elsewhere on the cluster (transaction ids are cluster-wide) can hold
    // the horizon back for a moment, so an empty step only ends the loop after a while.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut connection = db.pool.acquire().await.unwrap();
    loop {
        match engine::step(&mut connection, &crashing, 250).await {
            Ok(s) if s.applied == 0 => {
                if std::time::Instant::now() > deadline {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            Ok(_) => {}
            Err(_) => {
                crashed = true;
                break;
            }
        }
    }
    assert!(crashed, "the simulated crash happened");
    // The crashed projector's connection goes, and with it its transaction (a crash closes it).
    connection.close().await.unwrap();
    // Restart: a fresh instance continues from the checkpoint.
    engine::catch_up(&db.pool, &Tally::new()).await.unwrap();
    let after_restart = tally(&db.pool).await;
    engine::rebuild(&db.pool, &Tally::new(), 1000, |_| {})
        .await
        .unwrap();
    let rebuilt = tally(&db.pool).await;
    assert_eq!(after_restart, rebuilt);
    assert_eq!(rebuilt.len(), 20);
    assert!(rebuilt
        .iter()
        .all(|(_, n, s)| *n == 150 && *s == 150 * 151 / 2));
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebuild_switches_versions_and_drops_the_old_schema() {
    let db = TestDb::new().await;
    let batch: Vec<NewEvent> = (1..=300).map(|s| event("one", s)).collect();
    append_batch(&mut db.pool.acquire().await.unwrap(), &batch)
        .await
        .unwrap();
    let p = Tally::new();
    engine::install(&db.pool, &p).await.unwrap();
    engine::catch_up(&db.pool, &p).await.unwrap();
    let before = tally(&db.pool).await;
    let mut seen = 0;
    let (version, applied, _) = engine::rebuild(&db.pool, &p, 64, |pr| seen = pr.applied)
        .await
        .unwrap();
    assert_eq!((version, applied, seen), (2, 300, 300));
    assert_eq!(tally(&db.pool).await, before);
    let schemas: Vec<String> = sqlx::query_scalar(
        "SELECT nspname::text FROM pg_namespace WHERE nspname LIKE 'proj_tally_%' ORDER BY 1",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(schemas, vec!["proj_tally_v2".to_string()]);
    // The live projector continues on the new version.
    append_batch(&mut db.pool.acquire().await.unwrap(), &[event("one", 301)])
        .await
        .unwrap();
    engine::catch_up(&db.pool, &p).await.unwrap();
    assert_eq!(
        tally(&db.pool).await,
        vec![("one".to_string(), 301, 301 * 302 / 2)]
    );
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_projection_whose_tables_changed_shape_is_rebuilt_by_migrate() {
    let db = TestDb::new().await;
    common::import_geography(&db.pool).await;
    let before: i64 = sqlx::query_scalar("SELECT count(*) FROM boundary")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    // As if the active version had been built by older code with another table shape.
    sqlx::query(
        "UPDATE projection_checkpoint SET ddl_hash = 'older-shape' WHERE projection = 'geography'",
    )
    .execute(&db.pool)
    .await
    .unwrap();
    gbvf_api::cli::migrate(&db.pool).await.unwrap();
    let (version, hash): (i32, String) = sqlx::query_as(
        "SELECT version, ddl_hash FROM projection_checkpoint WHERE projection = 'geography'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(version, 2);
    assert_eq!(
        hash,
        engine::ddl_hash(&gbvf_projections::geography::GeographyProjection)
    );
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM boundary")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(before, after);
    db.drop_db().await;
}

/// Every row of every table of `p` through its views, as JSON, fractions rounded to 1e-9 and
/// then sorted (a sum of scores folded in one pass and one added page by page differ in the last
/// bits of a `double precision`, as any reordered float sum does).
async fn read_model(pool: &PgPool, p: &dyn Projection) -> Vec<(String, Vec<serde_json::Value>)> {
    fn round(v: serde_json::Value) -> serde_json::Value {
        match v {
            serde_json::Value::Number(n) if n.is_f64() => {
                let r = (n.as_f64().unwrap() * 1e9).round() / 1e9;
                if r.fract() == 0.0 && r.abs() < 9e15 {
                    serde_json::json!(r as i64)
                } else {
                    serde_json::json!(r)
                }
            }
            serde_json::Value::Object(o) => o.into_iter().map(|(k, v)| (k, round(v))).collect(),
            serde_json::Value::Array(a) => a.into_iter().map(round).collect(),
            other => other,
        }
    }
    let mut out = Vec::new();
    for table in p.tables() {
        let rows: Vec<serde_json::Value> = sqlx::query_scalar(&format!(
            "SELECT to_jsonb(t) FROM public.{table} t ORDER BY to_jsonb(t)::text"
        ))
        .fetch_all(pool)
        .await
        .unwrap();
        // Sorted after rounding: the database's order of the text can differ by those bits.
        let mut rows: Vec<serde_json::Value> = rows.into_iter().map(round).collect();
        rows.sort_by_cached_key(|r| r.to_string());
        out.push((table.to_string(), rows));
    }
    out
}

/// Every projection rebuilds by folding the log in memory and writing each row once
/// (`RebuildFold`); the read models it writes must equal what the live projectors built page by
/// page with `Projection::apply` over the same log: the shipped geography, building blocks,
/// collective actions and questionnaires, the example organisations (registrations, approvals by an
/// administrator then deleted, survey periods and responses), a collective action result and
/// completion, an erased account, and questionnaire translations (reviewed, changed after
/// review, withdrawn).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_projections_rebuild_fold_equals_its_page_by_page_apply() {
    let db = TestDb::new().await;
    let pool = &db.pool;
    common::import_geography(pool).await;
    let meta = gbvf_events::metadata::EventMetadata::now("import", "test", "test");
    gbvf_commands::building_blocks::import_building_blocks(pool, &common::data_dir(), &meta)
        .await
        .unwrap();
    gbvf_commands::collective_actions::import_collective_actions_file(
        pool,
        &common::data_dir().join(gbvf_api::cli::import::SHIPPED_COLLECTIVE_ACTIONS_FILE),
        &meta,
    )
    .await
    .unwrap();
    gbvf_commands::health_check::publish_questionnaires(pool)
        .await
        .unwrap();
    common::catch_up(pool).await;
    gbvf_api::cli::examples::load(pool, 7).await.unwrap();
    // An organisation's designated user erased: the account's copies blanked, the
    // organisation's e-mail address gone.
    let designated: String = sqlx::query_scalar(
        "SELECT designated_user_id FROM organisation WHERE example ORDER BY name LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    gbvf_api::cli::users::erase(pool, &designated)
        .await
        .unwrap();
    let collective_action: String = sqlx::query_scalar(
        "SELECT collective_action_id FROM collective_action WHERE completed_on IS NULL ORDER BY collective_action_id LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let collective_actions = cqrs_es::CqrsFramework::<
        gbvf_commands::collective_actions::CollectiveAction,
        _,
    >::new(gbvf_api::telemetry::event_store(pool), vec![], ());
    let commands: [gbvf_commands::collective_actions::CollectiveActionCommand; 2] = [
        gbvf_commands::collective_actions::ReportCollectiveActionResult {
            outcome: "Reported in a test".into(),
            source_url: String::new(),
        }
        .into(),
        gbvf_commands::collective_actions::CompleteCollectiveAction {
            completed_on: chrono::Utc::now().date_naive(),
        }
        .into(),
    ];
    for command in commands {
        gbvf_commands::execute::execute(
            &collective_actions,
            &collective_action,
            command,
            meta.to_map(),
        )
        .await
        .unwrap();
    }
    translations(pool, &meta).await;
    common::catch_up(pool).await;

    for p in gbvf_projections::all() {
        assert!(
            p.rebuild_fold().is_some(),
            "{} rebuilds with a fold",
            p.name()
        );
        let live = read_model(pool, p.as_ref()).await;
        let rows: usize = live.iter().map(|(_, r)| r.len()).sum();
        let (_, applied, _) = engine::rebuild(pool, p.as_ref(), 500, |_| {})
            .await
            .unwrap();
        let rebuilt = read_model(pool, p.as_ref()).await;
        for ((table, a), (_, b)) in live.iter().zip(&rebuilt) {
            assert_eq!(a.len(), b.len(), "{table}: rows live vs rebuilt");
            for (x, y) in a.iter().zip(b) {
                assert_eq!(x, y, "{table}: a row differs after the rebuild");
            }
        }
        eprintln!("{}: {applied} events, {rows} rows equal", p.name());
        if p.name() != "crime" {
            assert!(rows > 0, "{} has rows to compare", p.name());
        }
    }
    // What the comparison covered.
    let erased: bool = sqlx::query_scalar("SELECT erased FROM user_account WHERE user_id = $1")
        .bind(&designated)
        .fetch_one(pool)
        .await
        .unwrap();
    assert!(erased);
    let responses: i64 = sqlx::query_scalar("SELECT count(*) FROM health_check_question")
        .fetch_one(pool)
        .await
        .unwrap();
    assert!(responses > 0);
    db.drop_db().await;
}

/// A group event as stored by hand, bypassing every check of the write side.
fn group_event(group: i64, payload: serde_json::Value) -> NewEvent {
    NewEvent {
        aggregate_type: "group".into(),
        aggregate_id: group.to_string(),
        sequence: 1,
        event_type: "GroupCreated".into(),
        event_version: "1.0".into(),
        payload,
        metadata: serde_json::json!({"actor": "operator", "at": "", "request_id": "test", "source": "test"}),
    }
}

async fn groups(pool: &PgPool) -> Vec<(i64, String)> {
    sqlx::query_as("SELECT group_id, name FROM access_group WHERE group_id > 900 ORDER BY group_id")
        .fetch_all(pool)
        .await
        .unwrap()
}

/// One event no projection can apply must not stop the world: the accounts projector
/// quarantines an event whose payload does not decode and still applies the events after
/// it; a NUL stored before the write side refused it is stripped on read (live and rebuilt
/// alike); the projection reads as degraded in `/api/health` until a rebuild no longer meets
/// the event, and a rebuild (whose fold fails on the event) falls back to page by page and
/// quarantines it again in the new version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poison_event_is_quarantined_and_later_events_still_arrive() {
    let db = TestDb::new().await;
    let accounts = gbvf_projections::by_name("accounts").unwrap();
    let mut tx = db.pool.begin().await.unwrap();
    append_batch(
        &mut tx,
        &[
            group_event(
                901,
                serde_json::json!({"GroupCreated": {"group_id": 901, "name": "Before\u{0} the poison", "actions": [5]}}),
            ),
            group_event(
                902,
                serde_json::json!({"GroupCreated": {"group_id": "not a number", "name": 7}}),
            ),
        ],
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let mut tx = db.pool.begin().await.unwrap();
    append_batch(
        &mut tx,
        &[group_event(
            903,
            serde_json::json!({"GroupCreated": {"group_id": 903, "name": "After the poison", "actions": [5]}}),
        )],
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();

    engine::catch_up(&db.pool, accounts.as_ref()).await.unwrap();
    let expected = vec![
        (901, "Before the poison".to_string()),
        (903, "After the poison".to_string()),
    ];
    assert_eq!(groups(&db.pool).await, expected);
    let q = engine::quarantined(&db.pool, Some("accounts"))
        .await
        .unwrap();
    assert_eq!(q.len(), 1, "{q:?}");
    assert_eq!(
        (q[0].aggregate_type.as_str(), q[0].aggregate_id.as_str()),
        ("group", "902")
    );
    assert!(q[0].error.contains("invalid type"), "{}", q[0].error);
    let status = engine::status(&db.pool, std::slice::from_ref(&accounts))
        .await
        .unwrap();
    assert_eq!((status[0].quarantined, status[0].lag_events), (1, 0));

    let base = common::start_server(&db.pool, None).await;
    let health: serde_json::Value = reqwest::get(format!("{base}/api/health"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(health["status"], "degraded", "{health}");

    let (version, _, _) = engine::rebuild(&db.pool, accounts.as_ref(), engine::PAGE, |_| {})
        .await
        .unwrap();
    assert_eq!(groups(&db.pool).await, expected);
    let q = engine::quarantined(&db.pool, Some("accounts"))
        .await
        .unwrap();
    assert_eq!(q.len(), 1, "{q:?}");
    assert_eq!(q[0].version, version);
    let old: i64 =
        sqlx::query_scalar("SELECT count(*) FROM projection_quarantine WHERE version <> $1")
            .bind(version)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(
        old, 0,
        "rows of the old version are forgotten at the switch"
    );
    db.drop_db().await;
}

/// Questionnaire translations in each state: staff-v1 into isiZulu loaded, reviewed, then
/// changed (awaiting review); students-v1 into Afrikaans loaded, reviewed and withdrawn.
async fn translations(pool: &PgPool, meta: &gbvf_events::metadata::EventMetadata) {
    use gbvf_commands::health_check::*;
    let published = PublishedQuestionnaires::built_in().unwrap();
    let cqrs = cqrs_es::CqrsFramework::<QuestionnaireTranslation, _>::new(
        gbvf_api::telemetry::event_store(pool),
        vec![],
        published.clone(),
    );
    let file = |questionnaire: usize, language: &str, marker: &str| {
        let tag = LanguageTag::parse(language).unwrap();
        let mut f = translation_template(&published.0[questionnaire], &tag);
        f.title.text = format!("{marker} {}", f.title.english);
        for q in &mut f.questions {
            q.text = format!("{marker} {}", q.english);
            for a in &mut q.answers {
                a.text = format!("{marker} {}", a.english);
            }
        }
        parse_translation_file(&serde_json::to_string(&f).unwrap()).unwrap()
    };
    let review = || TranslationCommand::Review {
        reviewer_credit_id: uuid::Uuid::new_v4(),
        reviewed_on: chrono::NaiveDate::from_ymd_opt(2026, 11, 26).unwrap(),
    };
    let steps = [
        load_command(file(0, "zu", "[zu]"), uuid::Uuid::new_v4()),
        ("staff-v1/zu".to_string(), review()),
        load_command(file(0, "zu", "[zu 2]"), uuid::Uuid::new_v4()),
        load_command(file(1, "af", "[af]"), uuid::Uuid::new_v4()),
        ("students-v1/af".to_string(), review()),
        ("students-v1/af".to_string(), TranslationCommand::Withdraw),
    ];
    for (id, command) in steps {
        gbvf_commands::execute::execute(&cqrs, &id, command, meta.to_map())
            .await
            .unwrap();
    }
}

/// Looking changes nothing: `gbvf projections status` and `quarantine` on a database with a
/// migration still to apply leave it unapplied (an operator's look must not migrate a live
/// database), and say plainly when a database was never migrated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn projections_status_and_quarantine_apply_no_migration() {
    let db = TestDb::new().await;
    // The newest migration, as if this database had not had it yet.
    sqlx::query("DROP TABLE site_address")
        .execute(&db.pool)
        .await
        .unwrap();
    let forgotten = sqlx::query("DELETE FROM _sqlx_migrations WHERE description = 'site address'")
        .execute(&db.pool)
        .await
        .unwrap();
    assert_eq!(forgotten.rows_affected(), 1);
    for args in [["projections", "status"], ["projections", "quarantine"]] {
        let (ok, err) = common::process::run(&db.url, &[], &args);
        assert!(ok, "{args:?}: {err}");
        let applied: bool = sqlx::query_scalar("SELECT to_regclass('site_address') IS NOT NULL")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert!(!applied, "{args:?} applied a migration");
    }
    sqlx::query("DROP TABLE projection_checkpoint CASCADE")
        .execute(&db.pool)
        .await
        .unwrap();
    let (ok, err) = common::process::run(&db.url, &[], &["projections", "status"]);
    assert!(!ok);
    assert!(err.contains("run `gbvf migrate` first"), "{err}");
    db.drop_db().await;
}
