//! A log written before the code renamed its concepts still replays (decision 0159).
//!
//! `fixtures/log-before-renames.jsonl` holds events exactly as main wrote them while the code
//! still said "challenge" (taken from a database built by commit d54da7c: five collective actions
//! imported or recorded by an administrator, with results and completions, and the import's own
//! events); `fixtures/collective-action-rows-before-renames.jsonl` holds the read-model rows that
//! main built from them. After the renames the same events must load into the aggregate, project
//! to the same rows (only the read model's id column is renamed) and be written under the same
//! stored names.

mod common;

use std::collections::BTreeMap;

use common::TestDb;
use gbvf_commands::collective_actions::{
    CollectiveAction, CollectiveActionCommand, CollectiveActionError, CompleteCollectiveAction,
    ReportCollectiveActionResult,
};
use gbvf_events::collective_action::{stored, COLLECTIVE_ACTION_AGGREGATE};
use serde_json::Value;

const LOG: &str = include_str!("fixtures/log-before-renames.jsonl");
const ROWS: &str = include_str!("fixtures/collective-action-rows-before-renames.jsonl");

/// Inserts the fixture's events as they were stored.
async fn write_old_log(db: &TestDb) {
    for line in LOG.lines().filter(|l| !l.trim().is_empty()) {
        let e: Value = serde_json::from_str(line).expect("fixture line is JSON");
        sqlx::query(
            "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(e["aggregate_type"].as_str())
        .bind(e["aggregate_id"].as_str())
        .bind(e["sequence"].as_i64())
        .bind(e["event_type"].as_str())
        .bind(e["event_version"].as_str())
        .bind(&e["payload"])
        .bind(&e["metadata"])
        .execute(&db.pool)
        .await
        .expect("insert a fixture event");
    }
}

/// The read model's rows by id, as JSON objects.
async fn rows_now(db: &TestDb) -> BTreeMap<String, Value> {
    let rows: Vec<Value> = sqlx::query_scalar(
        "SELECT row_to_json(c)::jsonb FROM collective_action c ORDER BY collective_action_id",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    rows.into_iter()
        .map(|r| (r["collective_action_id"].as_str().unwrap().to_string(), r))
        .collect()
}

/// The rows main built, with the id column under its new name.
fn rows_before() -> BTreeMap<String, Value> {
    ROWS.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut r: serde_json::Map<String, Value> = serde_json::from_str(l).unwrap();
            let id = r
                .remove("challenge_id")
                .expect("old rows have challenge_id");
            r.insert("collective_action_id".into(), id.clone());
            (id.as_str().unwrap().to_string(), Value::Object(r))
        })
        .collect()
}

#[tokio::test]
async fn a_log_written_before_the_renames_replays_to_the_same_rows() {
    let db = TestDb::new().await;
    write_old_log(&db).await;
    common::catch_up(&db.pool).await;

    let before = rows_before();
    assert_eq!(before.len(), 5, "the fixture's five collective actions");
    assert_eq!(rows_now(&db).await, before);
    let quarantined: i64 = sqlx::query_scalar("SELECT count(*) FROM projection_quarantine")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(quarantined, 0, "every old event applied");

    // The aggregate loads the old events: a completed one refuses a second completion, an open
    // one takes a result, and the new event is stored under the old name.
    let cqrs = cqrs_es::CqrsFramework::<CollectiveAction, _>::new(
        gbvf_api::telemetry::event_store(&db.pool),
        vec![],
        (),
    );
    let meta = gbvf_events::metadata::EventMetadata::now("test", "stored-names", "test");
    let complete: CollectiveActionCommand = CompleteCollectiveAction {
        completed_on: chrono::NaiveDate::from_ymd_opt(2026, 11, 28).unwrap(),
    }
    .into();
    let refused =
        gbvf_commands::execute::execute(&cqrs, "nkowankowa-dv-2023", complete, meta.to_map()).await;
    assert!(
        matches!(
            refused,
            Err(cqrs_es::AggregateError::UserError(
                CollectiveActionError::AlreadyCompleted
            ))
        ),
        "{refused:?}"
    );
    let report: CollectiveActionCommand = ReportCollectiveActionResult {
        outcome: "Reported after the renames".into(),
        source_url: String::new(),
    }
    .into();
    gbvf_commands::execute::execute(&cqrs, "maluti-tvet-2025", report, meta.to_map())
        .await
        .expect("an open collective action from the old log takes a result");
    let types: Vec<String> = sqlx::query_scalar(
        "SELECT event_type FROM events WHERE aggregate_type = $1 AND aggregate_id = 'maluti-tvet-2025' ORDER BY sequence",
    )
    .bind(COLLECTIVE_ACTION_AGGREGATE)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(types, [stored::LAUNCHED, stored::RESULT_REPORTED]);
    let payload_key: String = sqlx::query_scalar(
        "SELECT json_object_keys(payload) FROM events WHERE aggregate_id = 'maluti-tvet-2025' AND sequence = 2",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(payload_key, "ChallengeResultReported");

    // A rebuild from the mixed log (old events and the new one) gives what the worker built.
    common::catch_up(&db.pool).await;
    let caught_up = rows_now(&db).await;
    assert_eq!(
        caught_up["maluti-tvet-2025"]["outcome"],
        "Reported after the renames"
    );
    let p = gbvf_projections::by_name(gbvf_projections::collective_actions::NAME).unwrap();
    gbvf_projections::engine::rebuild(&db.pool, p.as_ref(), 7, |_| {})
        .await
        .unwrap();
    assert_eq!(rows_now(&db).await, caught_up);
    db.drop_db().await;
}

#[test]
fn the_stored_names_are_the_old_ones() {
    // Serialising today's events gives the payload keys and field names of the old log.
    let first = LOG.lines().nth(1).unwrap();
    let old: Value = serde_json::from_str(first).unwrap();
    assert_eq!(old["event_type"], stored::LAUNCHED);
    let event: gbvf_events::collective_action::CollectiveActionEvent =
        serde_json::from_value(old["payload"].clone()).expect("the old payload reads");
    assert_eq!(
        cqrs_es::DomainEvent::event_type(&event),
        stored::LAUNCHED,
        "written under the stored name"
    );
    assert_eq!(serde_json::to_value(&event).unwrap(), old["payload"]);
}

#[test]
fn provider_events_written_before_the_rename_read_and_write_the_same() {
    // ProviderImported and ProviderProposed as main stored them while the code called the
    // provider's id `stakeholder_id`: the payload key stays `stakeholderId`.
    let lines = include_str!("fixtures/provider-events-before-renames.jsonl");
    let mut ids = Vec::new();
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        let old: Value = serde_json::from_str(line).unwrap();
        let event: gbvf_events::building_block::ProviderEvent =
            serde_json::from_value(old["payload"].clone()).expect("the old payload reads");
        assert_eq!(cqrs_es::DomainEvent::event_type(&event), old["event_type"]);
        assert_eq!(serde_json::to_value(&event).unwrap(), old["payload"]);
        let id = match &event {
            gbvf_events::building_block::ProviderEvent::ProviderImported(p) => p.provider_id,
            gbvf_events::building_block::ProviderEvent::ProviderProposed(p) => p.provider_id,
            other => panic!("unexpected {other:?}"),
        };
        let stored = old["payload"][old["event_type"].as_str().unwrap()]["stakeholderId"]
            .as_i64()
            .unwrap();
        assert_eq!(id, stored);
        ids.push(id);
    }
    assert_eq!(ids.len(), 2);
}
