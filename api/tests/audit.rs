//! The tamper-evident event log against real PostgreSQL (gbvf_events::audit): an untouched log
//! verifies; each kind of tampering done with SQL after sealing (a payload edited, an event
//! deleted, an event inserted into the sealed past, two events swapped in order or in
//! content, the chain re-sealed without the key) is named by `verify`, through the library and
//! through the real `gbvf events verify`; a proof file written by `gbvf events history --proof`
//! verifies with `gbvf events verify-proof` without any database and fails once one byte
//! changes; a sealer kept between one-off seals follows another's; the sealer runs inside
//! `gbvf serve` and `GET /api/audit/public-key` serves the key.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::TestDb;
use gbvf_events::audit::{key, proof, sealer, verify};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::{append_batch, NewEvent};
use serde_json::json;
use sqlx::PgPool;

/// Runs the real `gbvf` with `args` (DATABASE_URL `url` unless None); (success, stdout+stderr).
fn gbvf(url: Option<&str>, args: &[&str]) -> (bool, String) {
    gbvf_env(url, &[], args)
}

/// [`gbvf`] with `env` set on top (and no audit key or heads directory inherited).
fn gbvf_env(url: Option<&str>, env: &[(&str, &str)], args: &[&str]) -> (bool, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gbvf"));
    cmd.args(args)
        .env("RUST_LOG", "warn")
        .env_remove("DATABASE_URL")
        .env_remove(key::ENV_KEY)
        .env_remove(key::ENV_PUBLIC_KEY);
    if let Some(url) = url {
        cmd.env("DATABASE_URL", url);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run gbvf");
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// Appends `per` events to each of `aggregates` (`test`/`a0`, `a1`, …), one transaction per
/// round, so that aggregates interleave in the log and transactions differ.
async fn append(pool: &PgPool, aggregates: usize, per: usize) {
    let meta = EventMetadata::now("system", "audit-test", "test:audit");
    for round in 0..per {
        let events: Vec<NewEvent> = (0..aggregates)
            .map(|a| NewEvent {
                aggregate_type: "test".into(),
                aggregate_id: format!("a{a}"),
                sequence: round as i64 + 1,
                event_type: "Noted".into(),
                event_version: "1.0".into(),
                payload: json!({"Noted": {"round": round, "text": format!("note {a}/{round}")}}),
                metadata: meta.to_json(),
            })
            .collect();
        let mut tx = pool.begin().await.unwrap();
        append_batch(&mut tx, &events).await.unwrap();
        tx.commit().await.unwrap();
    }
}

/// A log of 4 aggregates × 6 events (plus what `migrate` seeds), sealed.
async fn sealed_log() -> TestDb {
    let db = TestDb::new().await;
    append(&db.pool, 4, 6).await;
    sealer::seal_now(&db.pool).await.unwrap();
    db
}

async fn position(pool: &PgPool, id: &str, sequence: i64) -> i64 {
    sqlx::query_scalar(
        "SELECT global_position FROM events WHERE aggregate_type = 'test' AND aggregate_id = $1 AND sequence = $2",
    )
    .bind(id)
    .bind(sequence)
    .fetch_one(pool)
    .await
    .unwrap()
}

async fn first_finding(pool: &PgPool) -> verify::Finding {
    let trusted = vec![key::public_key_hex(pool).await.unwrap()];
    let report = verify::verify(pool, &trusted, |_, _| {}).await.unwrap();
    assert!(!report.intact(), "tampering not found");
    report.findings[0].clone()
}

#[tokio::test]
async fn an_untouched_log_verifies_through_the_library_and_the_cli() {
    let db = sealed_log().await;
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    let mut calls = 0;
    let report = verify::verify(&db.pool, &[], |_, _| calls += 1)
        .await
        .unwrap();
    assert!(report.intact(), "{:?}", report.findings);
    assert_eq!(report.checked as i64, events);
    assert_eq!(report.unsealed, 0);
    assert!(calls >= 1);
    let head = report.verified_checkpoint.expect("the head is signed");
    assert_eq!(head.chain_index, events);

    let public_key = key::public_key_hex(&db.pool).await.unwrap();
    let (ok, out) = gbvf(
        Some(&db.url),
        &["events", "verify", "--public-key", &public_key],
    );
    assert!(ok, "{out}");
    assert!(out.contains(&format!("checked {events} events")), "{out}");
    assert!(out.contains("events/s"), "{out}");
    assert!(out.contains("sealed and verified up to"), "{out}");

    let (ok, out) = gbvf(Some(&db.url), &["events", "public-key"]);
    assert!(ok, "{out}");
    assert_eq!(out.trim(), key::public_key_hex(&db.pool).await.unwrap());
    db.drop_db().await;
}

/// Every table's row count and a checksum of its rows in text form, and every sequence's
/// state: equal before and after means nothing was written.
async fn fingerprint(pool: &PgPool) -> Vec<(String, i64, String)> {
    let tables: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_schema::text, table_name::text FROM information_schema.tables
         WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
         ORDER BY 1, 2",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut out = Vec::new();
    for (schema, table) in tables {
        let (count, sum): (i64, String) = sqlx::query_as(&format!(
            "SELECT count(*), md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), ''))
             FROM \"{schema}\".\"{table}\" t"
        ))
        .fetch_one(pool)
        .await
        .unwrap();
        out.push((format!("{schema}.{table}"), count, sum));
    }
    let sequences: Vec<(String, Option<i64>)> = sqlx::query_as(
        "SELECT schemaname || '.' || sequencename, last_value FROM pg_sequences ORDER BY 1",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for (name, last) in sequences {
        out.push((name, last.unwrap_or(-1), "sequence".into()));
    }
    assert!(out.iter().any(|(t, n, _)| t == "public.events" && *n > 0));
    out
}

async fn key_rows(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM server_secret WHERE name = $1")
        .bind(key::SECRET_NAME)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn verify_writes_nothing_and_makes_no_key_with_or_without_a_trusted_key() {
    let db = TestDb::new().await;
    append(&db.pool, 3, 4).await;
    let dir = std::env::temp_dir().join(format!("gbvf-ro-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let heads = dir.join("heads");
    let heads = heads.to_str().unwrap();
    // Sealed by a key held outside the database (as docs/operations.md advises): no key row.
    let seed = "5a".repeat(32);
    let public_key = hex::encode(
        ed25519_dalek::SigningKey::from_bytes(&[0x5a; 32])
            .verifying_key()
            .as_bytes(),
    );
    let proof = dir.join("a1.proof.json");
    let (ok, out) = gbvf_env(
        Some(&db.url),
        &[(key::ENV_KEY, &seed), ("GBVF_AUDIT_HEADS_DIR", heads)],
        &[
            "events",
            "history",
            "test",
            "a1",
            "--proof",
            proof.to_str().unwrap(),
        ],
    );
    assert!(ok, "{out}");
    assert_eq!(key_rows(&db.pool).await, 0);
    let before = fingerprint(&db.pool).await;

    // No key at all: says so, checks the chain, writes nothing, makes no key.
    let (ok, out) = gbvf_env(
        Some(&db.url),
        &[("GBVF_AUDIT_HEADS_DIR", heads)],
        &["events", "verify"],
    );
    assert!(ok, "{out}");
    assert!(out.contains("no trusted public key"), "{out}");
    assert!(out.contains("checking the chain only"), "{out}");
    assert!(!out.contains("sealed and verified"), "{out}");
    assert_eq!(key_rows(&db.pool).await, 0, "verify made a key: {out}");
    assert_eq!(
        fingerprint(&db.pool).await,
        before,
        "verify wrote to the database"
    );

    // A key given on the command line, or configured: the signer is checked; still no write.
    for env in [
        vec![("GBVF_AUDIT_HEADS_DIR", heads)],
        vec![
            ("GBVF_AUDIT_HEADS_DIR", heads),
            (key::ENV_PUBLIC_KEY, public_key.as_str()),
        ],
        vec![
            ("GBVF_AUDIT_HEADS_DIR", heads),
            (key::ENV_KEY, seed.as_str()),
        ],
    ] {
        let args: &[&str] = if env.len() == 1 {
            &["events", "verify", "--public-key", &public_key]
        } else {
            &["events", "verify"]
        };
        let (ok, out) = gbvf_env(Some(&db.url), &env, args);
        assert!(ok, "{out}");
        assert!(
            out.contains("sealed and verified up to") && out.contains(&public_key),
            "{out}"
        );
        assert_eq!(key_rows(&db.pool).await, 0);
        assert_eq!(
            fingerprint(&db.pool).await,
            before,
            "verify wrote to the database"
        );
    }
    // Another key given: the signed heads are not trusted.
    let other_key = hex::encode(
        ed25519_dalek::SigningKey::from_bytes(&[1; 32])
            .verifying_key()
            .as_bytes(),
    );
    let (ok, out) = gbvf_env(
        Some(&db.url),
        &[("GBVF_AUDIT_HEADS_DIR", heads)],
        &["events", "verify", "--public-key", &other_key],
    );
    assert!(!ok, "{out}");
    assert!(out.contains("not a trusted key"), "{out}");
    assert_eq!(fingerprint(&db.pool).await, before);
    let _ = std::fs::remove_dir_all(&dir);
    db.drop_db().await;
}

#[tokio::test]
async fn an_edited_payload_is_named_by_the_library_and_the_cli() {
    let db = sealed_log().await;
    let at = position(&db.pool, "a2", 3).await;
    sqlx::query("UPDATE events SET payload = '{\"Noted\": {\"round\": 2, \"text\": \"forged\"}}' WHERE global_position = $1")
        .bind(at)
        .execute(&db.pool)
        .await
        .unwrap();
    let f = first_finding(&db.pool).await;
    assert_eq!(f.kind, verify::Kind::Edited);
    assert_eq!(f.global_position, at);
    assert_eq!(f.event.as_deref(), Some("test/a2 #3"));

    let (ok, out) = gbvf(Some(&db.url), &["events", "verify"]);
    assert!(!ok, "verify must fail: {out}");
    assert!(
        out.contains(&format!("event at global position {at} (test/a2 #3")),
        "{out}"
    );
    db.drop_db().await;
}

#[tokio::test]
async fn a_deleted_event_is_named() {
    let db = sealed_log().await;
    let at = position(&db.pool, "a1", 4).await;
    sqlx::query("DELETE FROM events WHERE global_position = $1")
        .bind(at)
        .execute(&db.pool)
        .await
        .unwrap();
    let f = first_finding(&db.pool).await;
    assert_eq!(f.kind, verify::Kind::Deleted);
    assert_eq!(f.global_position, at);
    assert!(f.message.contains("deleted"), "{}", f.message);
    // The sealer refuses to go on past a head that is gone only when it is the head; here the
    // log goes on being sealed, and verify keeps naming the gap.
    db.drop_db().await;
}

#[tokio::test]
async fn an_event_inserted_into_the_sealed_past_is_named() {
    let db = sealed_log().await;
    // Back-dated into the transaction of an early event: it sorts before the head.
    let early: String = sqlx::query_scalar(
        "SELECT transaction_id::text FROM events WHERE aggregate_type = 'test' AND aggregate_id = 'a0' AND sequence = 2",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let forged: i64 = sqlx::query_scalar(
        "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata, transaction_id)
         VALUES ('test', 'forged', 1, 'Noted', '1.0', '{\"Noted\": {}}', '{}', $1::xid8) RETURNING global_position",
    )
    .bind(&early)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let f = first_finding(&db.pool).await;
    assert_eq!(f.kind, verify::Kind::Inserted);
    assert_eq!(f.global_position, forged);
    assert_eq!(f.event.as_deref(), Some("test/forged #1"));

    let (ok, out) = gbvf(Some(&db.url), &["events", "verify"]);
    assert!(!ok, "{out}");
    assert!(out.contains("test/forged #1"), "{out}");
    db.drop_db().await;
}

#[tokio::test]
async fn two_events_swapped_in_order_are_named() {
    let db = sealed_log().await;
    // a3 #2 and a3 #5 were committed in different transactions: exchange their commit order.
    let (first, second) = (
        position(&db.pool, "a3", 2).await,
        position(&db.pool, "a3", 5).await,
    );
    sqlx::query(
        "UPDATE events e SET transaction_id = o.transaction_id
         FROM events o WHERE (e.global_position, o.global_position) IN (($1, $2), ($2, $1))",
    )
    .bind(first)
    .bind(second)
    .execute(&db.pool)
    .await
    .unwrap();
    let f = first_finding(&db.pool).await;
    assert_eq!(f.kind, verify::Kind::Reordered);
    assert!(
        f.event.as_deref().is_some_and(|e| e.starts_with("test/")),
        "{f:?}"
    );
    assert!(f.message.contains("reordered"), "{}", f.message);
    db.drop_db().await;
}

#[tokio::test]
async fn two_events_swapped_in_content_are_named() {
    let db = sealed_log().await;
    let (first, second) = (
        position(&db.pool, "a0", 1).await,
        position(&db.pool, "a1", 1).await,
    );
    sqlx::query(
        "UPDATE events e SET payload = o.payload
         FROM events o WHERE (e.global_position, o.global_position) IN (($1, $2), ($2, $1))",
    )
    .bind(first)
    .bind(second)
    .execute(&db.pool)
    .await
    .unwrap();
    let f = first_finding(&db.pool).await;
    assert_eq!(f.kind, verify::Kind::Edited);
    assert_eq!(f.global_position, first.min(second));
    db.drop_db().await;
}

#[tokio::test]
async fn a_chain_resealed_without_the_key_fails_at_its_checkpoint() {
    let db = sealed_log().await;
    let at = position(&db.pool, "a2", 2).await;
    sqlx::query("UPDATE events SET payload = '{\"Noted\": {}}' WHERE global_position = $1")
        .bind(at)
        .execute(&db.pool)
        .await
        .unwrap();
    // Someone with database access recomputes every digest and seal from the edit on.
    let entries: Vec<(i64, i64)> =
        sqlx::query_as("SELECT chain_index, global_position FROM event_seal ORDER BY chain_index")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    let mut seal = gbvf_events::audit::GENESIS;
    for (index, pos) in entries {
        let f: gbvf_events::audit::SealedFields = sqlx::query_as(
            "SELECT e.aggregate_type, e.aggregate_id, e.sequence, e.event_type, e.event_version,
                    e.payload::text AS payload, e.metadata::text AS metadata, e.global_position,
                    (extract(epoch FROM e.recorded_at) * 1000000)::bigint AS recorded_at_micros
             FROM events e WHERE global_position = $1",
        )
        .bind(pos)
        .fetch_one(&db.pool)
        .await
        .unwrap();
        let digest = f.digest();
        seal = gbvf_events::audit::next_seal(&seal, &digest);
        sqlx::query("UPDATE event_seal SET digest = $2, seal = $3 WHERE chain_index = $1")
            .bind(index)
            .bind(&digest[..])
            .bind(&seal[..])
            .execute(&db.pool)
            .await
            .unwrap();
    }
    let f = first_finding(&db.pool).await;
    assert_eq!(f.kind, verify::Kind::Checkpoint);
    assert!(f.message.contains("re-sealed"), "{}", f.message);
    db.drop_db().await;
}

#[tokio::test]
async fn a_proof_file_verifies_offline_and_fails_after_one_byte_changes() {
    let db = TestDb::new().await;
    append(&db.pool, 3, 4).await;
    // More events after the history, so that the proof spans other aggregates' digests.
    sealer::seal_now(&db.pool).await.unwrap();
    append_more(&db.pool).await;
    let dir = std::env::temp_dir().join(format!("gbvf-proof-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a1.proof.json");
    let file_arg = file.to_str().unwrap();
    let (ok, out) = gbvf(
        Some(&db.url),
        &["events", "history", "test", "a1", "--proof", file_arg],
    );
    assert!(ok, "{out}");
    let public_key = key::public_key_hex(&db.pool).await.unwrap();
    // No database from here on.
    db.drop_db().await;

    let (ok, out) = gbvf(None, &["events", "verify-proof", file_arg]);
    assert!(ok, "{out}");
    assert!(out.contains("proof valid: 5 events"), "{out}");
    assert!(out.contains(&public_key), "{out}");
    let (ok, out) = gbvf(
        None,
        &[
            "events",
            "verify-proof",
            file_arg,
            "--public-key",
            &public_key,
        ],
    );
    assert!(ok, "{out}");
    let other = "11".repeat(32);
    let (ok, out) = gbvf(
        None,
        &["events", "verify-proof", file_arg, "--public-key", &other],
    );
    assert!(!ok, "a proof must not pass under another key: {out}");

    let bytes = std::fs::read(&file).unwrap();
    assert!(proof::check_bytes(&bytes, Some(&public_key)).is_ok());
    // One byte changed in the payload text, in a digest, in the signed time, anywhere else.
    let text = String::from_utf8(bytes.clone()).unwrap();
    let at_payload = text.find("note 1/2").unwrap() + 5;
    let at_digest = text.find("\"digests\": [").unwrap() + 20;
    let at_time = text.find("\"recorded_at\": \"").unwrap() + 20;
    for at in [
        at_payload,
        at_digest,
        at_time,
        0,
        bytes.len() / 2,
        bytes.len() - 2,
    ] {
        let mut changed = bytes.clone();
        changed[at] = if changed[at] == b'1' { b'2' } else { b'1' };
        assert!(
            proof::check_bytes(&changed, None).is_err(),
            "a change at byte {at} went unnoticed"
        );
    }
    let mut changed = bytes.clone();
    changed[at_payload] = b'X';
    std::fs::write(&file, &changed).unwrap();
    let (ok, out) = gbvf(None, &["events", "verify-proof", file_arg]);
    assert!(!ok, "{out}");
    assert!(out.contains("test/a1 #3"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// One more event of `test/a1` and a thousand of other aggregates, for the proof test.
async fn append_more(pool: &PgPool) {
    let meta = EventMetadata::now("system", "audit-test", "test:audit");
    let mut events = vec![NewEvent {
        aggregate_type: "test".into(),
        aggregate_id: "a1".into(),
        sequence: 5,
        event_type: "Noted".into(),
        event_version: "1.0".into(),
        payload: json!({"Noted": {"round": 4}}),
        metadata: meta.to_json(),
    }];
    events.extend((0..1_200).map(|i| NewEvent {
        aggregate_type: "test".into(),
        aggregate_id: format!("other{i}"),
        sequence: 1,
        event_type: "Noted".into(),
        event_version: "1.0".into(),
        payload: json!({"Noted": {"i": i}}),
        metadata: meta.to_json(),
    }));
    let mut tx = pool.begin().await.unwrap();
    append_batch(&mut tx, &events).await.unwrap();
    tx.commit().await.unwrap();
}

/// `n` events of a new aggregate `test`/`name`, in one transaction.
async fn append_named(pool: &PgPool, name: &str, n: i64) {
    let meta = EventMetadata::now("system", "audit-test", "test:audit");
    let events: Vec<NewEvent> = (1..=n)
        .map(|sequence| NewEvent {
            aggregate_type: "test".into(),
            aggregate_id: name.into(),
            sequence,
            event_type: "Noted".into(),
            event_version: "1.0".into(),
            payload: json!({"Noted": {"sequence": sequence}}),
            metadata: meta.to_json(),
        })
        .collect();
    let mut tx = pool.begin().await.unwrap();
    append_batch(&mut tx, &events).await.unwrap();
    tx.commit().await.unwrap();
}

/// A sealer kept between one-off seals (the open data's manifests, one per dataset) folds in
/// what another process sealed and signed meanwhile, never signs that head a second time (a
/// checkpoint's chain index is its key: the second signature used to fail the seal), and the
/// manifests it makes check offline, whether or not events arrived after the other signed.
#[tokio::test]
async fn a_kept_sealer_follows_another_sealer_and_its_manifests_check() {
    use gbvf_events::audit::manifest::{self, Attested};
    use gbvf_events::store::Position;
    let db = TestDb::new().await;
    append_named(&db.pool, "first", 3).await;
    let kept = sealer::KeptSealer::default();
    kept.seal_now(&db.pool).await.unwrap();
    let public_key = key::public_key_hex(&db.pool).await.unwrap();
    let file = b"dataset,file\nsome,bytes\n";
    let (bytes, sha256) = manifest::measure(&file[..]).unwrap();
    for round in 0..4 {
        // Another process seals and signs the head ...
        append_named(&db.pool, &format!("other{round}"), 2).await;
        sealer::seal_now(&db.pool).await.unwrap();
        // ... and, every other round, more events commit before the kept sealer runs again.
        if round % 2 == 1 {
            append_named(&db.pool, &format!("later{round}"), 2).await;
        }
        let (transaction_id, global_position): (i64, i64) = sqlx::query_as(
            "SELECT (transaction_id::text)::bigint, global_position FROM events
             ORDER BY global_position DESC LIMIT 1",
        )
        .fetch_one(&db.pool)
        .await
        .unwrap();
        let head = Position {
            transaction_id,
            global_position,
        };
        let files = [Attested {
            dataset: "gbvf-test",
            file: "test.csv",
            bytes,
            sha256: &sha256,
        }];
        let manifests = manifest::attest(&db.pool, &kept, head, &files)
            .await
            .unwrap_or_else(|e| panic!("round {round}: {e:#}"));
        let checked = manifest::check(&manifests[0], bytes, &sha256, Some(&public_key))
            .unwrap_or_else(|e| panic!("round {round}: {e:#}"));
        let head_index: i64 =
            sqlx::query_scalar("SELECT chain_index FROM event_seal WHERE global_position = $1")
                .bind(global_position)
                .fetch_one(&db.pool)
                .await
                .unwrap();
        assert_eq!(checked.head_chain_index, head_index, "round {round}");
    }
    let trusted = vec![public_key];
    let report = verify::verify(&db.pool, &trusted, |_, _| {}).await.unwrap();
    assert!(report.intact(), "{:?}", report.findings);
}

#[tokio::test]
async fn serve_seals_and_publishes_its_key_and_an_api_only_instance_does_not_seal() {
    let db = TestDb::new().await;
    let api_only =
        common::process::GbvfServer::start_with_args(&db.url, &[], &["--no-projectors"]).await;
    append(&db.pool, 2, 3).await;
    let http = reqwest::Client::new();
    let answer: serde_json::Value = http
        .get(format!("{}/api/audit/public-key", api_only.base))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer["algorithm"], "Ed25519");
    assert_eq!(
        answer["publicKey"],
        key::public_key_hex(&db.pool).await.unwrap()
    );
    assert_eq!(answer["sealedUpTo"], serde_json::Value::Null);
    let log = std::fs::read_to_string(&api_only.log).unwrap_or_default();
    assert!(!log.contains("audit sealer"), "{log}");
    let sealed: i64 = sqlx::query_scalar("SELECT count(*) FROM event_seal")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(sealed, 0, "an API-only instance runs no sealer");
    drop(api_only);

    let server = common::process::GbvfServer::start(&db.url, &[]).await;
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    // The sealer works after commit: wait (generously) until it has reached the head.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let sealed: i64 = sqlx::query_scalar("SELECT count(*) FROM event_seal")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        if sealed == events {
            break;
        }
        assert!(Instant::now() < deadline, "sealed {sealed} of {events}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let report = verify::verify(&db.pool, &[], |_, _| {}).await.unwrap();
    assert!(report.intact(), "{:?}", report.findings);
    drop(server);
    db.drop_db().await;
}

#[tokio::test]
async fn one_history_reads_as_sealed_pending_or_changed() {
    let db = TestDb::new().await;
    append(&db.pool, 2, 3).await;
    let positions: Vec<i64> = sqlx::query_scalar(
        "SELECT global_position FROM events WHERE aggregate_type = 'test' AND aggregate_id = 'a1'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(
        verify::history_seal(&db.pool, &positions).await.unwrap(),
        verify::HistorySeal::Pending
    );
    sealer::seal_now(&db.pool).await.unwrap();
    let newest: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("SELECT max(recorded_at) FROM events")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(
        verify::history_seal(&db.pool, &positions).await.unwrap(),
        verify::HistorySeal::Sealed(newest)
    );
    sqlx::query("UPDATE events SET metadata = '{}' WHERE global_position = $1")
        .bind(positions[1])
        .execute(&db.pool)
        .await
        .unwrap();
    match verify::history_seal(&db.pool, &positions).await.unwrap() {
        verify::HistorySeal::Mismatch(m) => assert!(m.contains("test/a1 #2"), "{m}"),
        other => panic!("not found: {other:?}"),
    }
    db.drop_db().await;
}

#[tokio::test]
async fn a_restored_backup_still_verifies_and_is_sealed_on() {
    let source = sealed_log().await;
    let dir = std::env::temp_dir().join(format!("gbvf-seal-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("log.dump");
    let (ok, out) = gbvf(Some(&source.url), &["backup", file.to_str().unwrap()]);
    assert!(ok, "{out}");
    let key = key::public_key_hex(&source.pool).await.unwrap();
    source.drop_db().await;

    let target = TestDb::new().await;
    let (ok, out) = gbvf(Some(&target.url), &["restore", file.to_str().unwrap()]);
    assert!(ok, "{out}");
    // The key came with the archive; events written after the restore are sealed after the
    // restored ones, whose transaction ids the restore rewrote.
    assert_eq!(key::public_key_hex(&target.pool).await.unwrap(), key);
    let mut tx = target.pool.begin().await.unwrap();
    append_batch(
        &mut tx,
        &[NewEvent {
            aggregate_type: "test".into(),
            aggregate_id: "after-restore".into(),
            sequence: 1,
            event_type: "Noted".into(),
            event_version: "1.0".into(),
            payload: json!({"Noted": {}}),
            metadata: json!({}),
        }],
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    sealer::seal_now(&target.pool).await.unwrap();
    let report = verify::verify(&target.pool, &[key], |_, _| {})
        .await
        .unwrap();
    assert!(report.intact(), "{:?}", report.findings);
    assert_eq!(report.unsealed, 0);
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&target.pool)
        .await
        .unwrap();
    assert_eq!(report.checked as i64, events);
    let _ = std::fs::remove_dir_all(&dir);
    target.drop_db().await;
}

/// The heads file the sealer of a server with `GBVF_AUDIT_HEADS_DIR=dir` writes for `db`.
async fn heads_file(db: &TestDb, dir: &std::path::Path) -> gbvf_events::audit::heads::HeadsFile {
    let mut conn = db.pool.acquire().await.unwrap();
    gbvf_events::audit::heads::HeadsFile::for_database(&mut conn, dir)
        .await
        .unwrap()
}

async fn health(base: &str) -> serde_json::Value {
    reqwest::get(format!("{base}/api/health"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// Polls `check` every 100 ms until it returns Some, at most `seconds`.
async fn until<T, F: std::future::Future<Output = Option<T>>>(
    seconds: u64,
    what: &str,
    mut check: impl FnMut() -> F,
) -> T {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if let Some(v) = check().await {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The attack of the security review, against the real `gbvf serve` (sealer included) with the
/// signing key held outside the database: one SQL transaction takes the sealer's step lock,
/// changes a station's phone number in its (early) import event and the actor of a
/// `BuildingBlockVerified` event, and deletes the seal and checkpoint rows from the station's
/// chain entry on. The sealer raises its alarm and never seals again; `/api/health` is
/// degraded; `gbvf events verify` (key set) fails and names the station's event, with the heads
/// file and, on an auditor's machine without it, with a head kept earlier.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_insider_rewrite_with_deleted_seal_rows_is_named_and_never_resealed() {
    let db = TestDb::new().await;
    common::import_geography(&db.pool).await;
    let meta = EventMetadata::now("import", "test", "test");
    gbvf_commands::building_blocks::import_building_blocks(&db.pool, &common::data_dir(), &meta)
        .await
        .unwrap();
    // An early building-block event: a station's import, with its phone number.
    let (station, early, phone, seq): (String, i64, String, i64) = sqlx::query_as(
        "SELECT aggregate_id, global_position, substring(payload::text FROM '\"(0[0-9]{9})\"'), sequence
         FROM events WHERE aggregate_type = 'bb_provider' AND event_type = 'ProviderImported'
           AND payload::text ~ '\"0[0-9]{9}\"' AND payload::text LIKE '%SAPS%'
         ORDER BY global_position LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    // Its verification by a provincial verifier, later in the log.
    let verifier = EventMetadata::now("person:the-real-verifier", "req-verify", "http");
    let mut tx = db.pool.begin().await.unwrap();
    append_batch(
        &mut tx,
        &[NewEvent {
            aggregate_type: "bb_provider".into(),
            aggregate_id: station.clone(),
            sequence: sqlx::query_scalar(
                "SELECT max(sequence) + 1 FROM events WHERE aggregate_type = 'bb_provider' AND aggregate_id = $1",
            )
            .bind(&station)
            .fetch_one(&db.pool)
            .await
            .unwrap(),
            event_type: "BuildingBlockVerified".into(),
            event_version: "1.0".into(),
            payload: json!("BuildingBlockVerified"),
            metadata: verifier.to_json(),
        }],
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    append(&db.pool, 3, 2).await;
    let verified: i64 = sqlx::query_scalar(
        "SELECT global_position FROM events WHERE event_type = 'BuildingBlockVerified' AND aggregate_id = $1",
    )
    .bind(&station)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();

    let dir = std::env::temp_dir().join(format!("gbvf-attack-{}", uuid::Uuid::new_v4().simple()));
    let heads_dir = dir.join("heads");
    let seed = "3c".repeat(32);
    let env = [
        (key::ENV_KEY, seed.as_str()),
        ("GBVF_AUDIT_HEADS_DIR", heads_dir.to_str().unwrap()),
    ];
    let server = common::process::GbvfServer::start(&db.url, &env).await;
    let file = heads_file(&db, &heads_dir).await;
    // The sealer seals the whole log and signs a head of it, outside the database too.
    let head = until(120, "the head of the whole log", || {
        let f = file.clone();
        async move { f.last().unwrap().filter(|h| h.chain_index == events) }
    })
    .await;
    assert!(head.tree_root.is_some());
    assert!(head.signature_valid().unwrap());
    assert!(health(&server.base).await.get("auditAlarm").is_none());
    // Anyone copies a head from the API and keeps it.
    let copied: serde_json::Value = reqwest::get(format!(
        "{}/api/audit/checkpoints?after={}",
        server.base,
        events - 1
    ))
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let kept = &copied["checkpoints"][0];
    assert_eq!(kept["treeSize"], events, "{copied}");
    let kept_file = dir.join("kept-head.json");
    std::fs::write(&kept_file, kept.to_string()).unwrap();
    let chain_index: i64 =
        sqlx::query_scalar("SELECT chain_index FROM event_seal WHERE global_position = $1")
            .bind(early)
            .fetch_one(&db.pool)
            .await
            .unwrap();

    // The attack: one transaction, holding the sealer's step lock.
    let mut tx = db.pool.begin().await.unwrap();
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(sealer::STEP_KEY)
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query("UPDATE events SET payload = replace(payload::text, $2, '\"0800000000\"')::json WHERE global_position = $1")
        .bind(early)
        .bind(format!("\"{phone}\""))
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query("UPDATE events SET metadata = jsonb_set(metadata::jsonb, '{actor}', '\"person:another-verifier\"')::json WHERE global_position = $1")
        .bind(verified)
        .execute(&mut *tx)
        .await
        .unwrap();
    for table in ["event_seal_checkpoint", "event_seal"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE chain_index >= $1"))
            .bind(chain_index)
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    let changed: String =
        sqlx::query_scalar("SELECT payload::text FROM events WHERE global_position = $1")
            .bind(early)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert!(changed.contains("0800000000") && !changed.contains(&phone));

    // The sealer's own alarm (its log line), and /api/health degraded with it.
    until(60, "the sealer's alarm", || {
        let log = std::fs::read_to_string(&server.log).unwrap_or_default();
        async move { log.contains("audit seal alarm").then_some(()) }
    })
    .await;
    let h = health(&server.base).await;
    assert_eq!(h["status"], "degraded", "{h}");
    assert!(
        h["auditAlarm"]
            .as_str()
            .is_some_and(|a| a.contains("vanished")),
        "{h}"
    );
    // Never sealed again: no seal row from the cut on, the outside head unchanged, even after
    // the sealer's next rounds (it steps every second while events arrive).
    let mut tx = db.pool.begin().await.unwrap();
    append_batch(
        &mut tx,
        &[NewEvent {
            aggregate_type: "test".into(),
            aggregate_id: "after-the-attack".into(),
            sequence: 1,
            event_type: "Noted".into(),
            event_version: "1.0".into(),
            payload: json!({"Noted": {}}),
            metadata: json!({}),
        }],
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    // Watched for 3 s (the sealer would step at least twice in that time).
    for _ in 0..30 {
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM event_seal WHERE chain_index >= $1")
            .bind(chain_index)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(n, 0, "the sealer sealed the edited log again");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(file.last().unwrap().as_ref(), Some(&head));

    // `gbvf events verify` with the key: fails, naming the station's event.
    let name = format!("bb_provider/{station} #{seq}");
    let (ok, out) = gbvf_env(Some(&db.url), &env, &["events", "verify"]);
    assert!(!ok, "verify must fail: {out}");
    assert!(
        out.contains(&format!("the first changed event is at global position {early} ({name}, chain entry {chain_index})")),
        "{out}"
    );
    // On an auditor's machine without the heads file, the head they kept does the same.
    let elsewhere = dir.join("no-heads-here");
    let (ok, out) = gbvf_env(
        Some(&db.url),
        &[
            (key::ENV_KEY, seed.as_str()),
            ("GBVF_AUDIT_HEADS_DIR", elsewhere.to_str().unwrap()),
        ],
        &["events", "verify", "--since", kept_file.to_str().unwrap()],
    );
    assert!(!ok, "verify must fail: {out}");
    assert!(
        out.contains(&format!("global position {early} ({name}")),
        "{out}"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    db.drop_db().await;
}

/// A head kept by an auditor proves that the log only grew (a consistency proof, checked with
/// ct-merkle), and catches the newest events cut together with their seal rows.
#[tokio::test]
async fn a_kept_head_proves_the_log_only_grew_and_catches_a_cut_of_the_newest_events() {
    let db = TestDb::new().await;
    append(&db.pool, 3, 3).await;
    let dir = std::env::temp_dir().join(format!("gbvf-kept-{}", uuid::Uuid::new_v4().simple()));
    let heads_dir = dir.join("heads");
    let seed = "4d".repeat(32);
    let env = [
        (key::ENV_KEY, seed.as_str()),
        ("GBVF_AUDIT_HEADS_DIR", heads_dir.to_str().unwrap()),
    ];
    // Sealed and signed by the CLI (the proof export seals what is committed first).
    let proof = dir.join("a1.proof.json");
    let seal_all = |proof: &std::path::Path| {
        let (ok, out) = gbvf_env(
            Some(&db.url),
            &env,
            &[
                "events",
                "history",
                "test",
                "a1",
                "--proof",
                proof.to_str().unwrap(),
            ],
        );
        assert!(ok, "{out}");
    };
    seal_all(&proof);
    let file = heads_file(&db, &heads_dir).await;
    let kept = file.last().unwrap().expect("a head outside the database");
    let kept_file = dir.join("kept.json");
    std::fs::write(&kept_file, serde_json::to_string(&kept).unwrap()).unwrap();

    // The log grows: the kept head is proven a prefix of the new one.
    append_more(&db.pool).await;
    seal_all(&proof);
    let newest = file.last().unwrap().unwrap();
    assert!(newest.chain_index > kept.chain_index);
    let auditor = [
        (key::ENV_KEY, seed.as_str()),
        ("GBVF_AUDIT_HEADS_DIR", heads_dir.to_str().unwrap()),
    ];
    let (ok, out) = gbvf_env(
        Some(&db.url),
        &auditor,
        &["events", "verify", "--since", kept_file.to_str().unwrap()],
    );
    assert!(ok, "{out}");
    assert!(
        out.contains(&format!(
            "the log only appended to the kept head of {} entries: consistency proof to the head of {} entries",
            kept.chain_index, newest.chain_index
        )),
        "{out}"
    );

    // The newest events cut with their seal rows and checkpoints: the database's own chain
    // is whole, but the kept head (and the heads file) is longer than the log.
    let cut_from = kept.chain_index - 2;
    let mut tx = db.pool.begin().await.unwrap();
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(sealer::STEP_KEY)
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query(
        "DELETE FROM events WHERE global_position IN (SELECT global_position FROM event_seal WHERE chain_index >= $1)",
    )
    .bind(cut_from)
    .execute(&mut *tx)
    .await
    .unwrap();
    for table in ["event_seal_checkpoint", "event_seal"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE chain_index >= $1"))
            .bind(cut_from)
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    let elsewhere = dir.join("auditor-has-no-heads-dir");
    let (ok, out) = gbvf_env(
        Some(&db.url),
        &[
            (key::ENV_KEY, seed.as_str()),
            ("GBVF_AUDIT_HEADS_DIR", elsewhere.to_str().unwrap()),
        ],
        &["events", "verify", "--since", kept_file.to_str().unwrap()],
    );
    assert!(!ok, "a cut must not verify: {out}");
    assert!(
        out.contains(&format!(
            "the log holds {} events but the head of {} entries",
            cut_from - 1,
            kept.chain_index
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "the events from chain entry {cut_from} on were removed"
        )),
        "{out}"
    );
    // And the sealer refuses to go on from the shortened chain.
    let (ok, out) = gbvf_env(
        Some(&db.url),
        &env,
        &[
            "events",
            "history",
            "test",
            "a1",
            "--proof",
            proof.to_str().unwrap(),
        ],
    );
    assert!(!ok, "{out}");
    assert!(
        out.contains("audit seal alarm") && out.contains("vanished"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    db.drop_db().await;
}
