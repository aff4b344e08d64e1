//! Backup and restore for operators against real PostgreSQL and the real
//! `gbvf` executable: `gbvf backup` of a database with geography, crime, collective actions and an
//! account; `gbvf restore` into an empty database; every public answer compared equals the
//! original, the account signs in with its password, and an event written after the restore is
//! projected although the source's transaction ids were far higher than the new server's (the
//! reset step of `api/src/cli/backup.rs`). A restore into a database with events is refused.

mod common;

use std::process::Command;

use common::session::{member_of, setup, Client, PASSWORD};
use common::{catch_up, data_dir, start_server_with, TestDb};
use serde_json::{json, Value};

fn gbvf(url: &str, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gbvf"))
        .args(args)
        .env("DATABASE_URL", url)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run gbvf");
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// The public answers compared before and after.
async fn answers(base: &str, paths: &[String]) -> Vec<(String, Value)> {
    let http = reqwest::Client::new();
    let mut out = Vec::new();
    for p in paths {
        let r = http.get(format!("{base}{p}")).send().await.unwrap();
        assert_eq!(r.status(), 200, "{p}");
        out.push((p.clone(), r.json().await.unwrap()));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restore_into_an_empty_database_gives_the_same_answers() {
    let (db, base, dir) = setup().await;
    let data = data_dir();
    let national = data.join("crime/df_crime_sa_national.csv");
    let (ok, log) = gbvf(
        &db.url,
        &[
            "import",
            "crime",
            national.to_str().unwrap(),
            "--data-dir",
            data.to_str().unwrap(),
        ],
    );
    assert!(ok, "{log}");
    let challenges = data.join("challenges/challenges.csv");
    let (ok, log) = gbvf(
        &db.url,
        &["import", "collective-actions", challenges.to_str().unwrap()],
    );
    assert!(ok, "{log}");
    // An account with a password (credential table) and a group (events).
    member_of(&db, &base, &dir, 1).await;
    catch_up(&db.pool).await;
    let email: String =
        sqlx::query_scalar("SELECT email FROM user_account ORDER BY created_at DESC LIMIT 1")
            .fetch_one(&db.pool)
            .await
            .unwrap();

    // The source server's transaction ids are far above the new one's (as after a restore on
    // another server): stored ids made huge, order kept.
    sqlx::query("UPDATE events SET transaction_id = ((transaction_id::text)::bigint + 5000000000)::text::xid8")
        .execute(&db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE mail_checkpoint SET last_transaction_id = ((last_transaction_id::text)::bigint + 5000000000)::text::xid8")
        .execute(&db.pool)
        .await
        .unwrap();

    let province: i64 = sqlx::query_scalar(
        "SELECT boundary_id FROM boundary WHERE level = 'province' ORDER BY boundary_id LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let paths: Vec<String> = vec![
        "/api/dashboard?boundaryId=1".into(),
        format!("/api/dashboard?boundaryId={province}"),
        "/api/geography/boundary/list/1".into(),
        format!("/api/geography/boundary/list/2/{province}"),
        "/api/CollectiveAction/getCollectiveActionsByBoundary?boundaryId=1".into(),
        "/api/geography/actionsGeomarker/4/1".into(),
        "/api/geography/geomarker/3/1".into(),
    ];
    let before = answers(&base, &paths).await;

    let archive = std::env::temp_dir().join(format!("gbvf-backup-{}.dump", uuid::Uuid::new_v4()));
    let (ok, log) = gbvf(&db.url, &["backup", archive.to_str().unwrap()]);
    assert!(ok, "{log}");
    let source_events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();

    // Into an empty database.
    let target = TestDb::new().await;
    let (ok, log) = gbvf(&target.url, &["restore", archive.to_str().unwrap()]);
    assert!(ok, "{log}");
    assert!(
        log.contains(&format!("{source_events} events loaded")),
        "{log}"
    );
    let restored_base = start_server_with(&target.pool, None, Some(dir.clone())).await;
    let after = answers(&restored_base, &paths).await;
    for ((p, a), (_, b)) in before.iter().zip(after.iter()) {
        assert_eq!(a, b, "{p} differs after the restore");
    }

    // The account signs in with its password on the restored database.
    let c = Client::new(&restored_base).await;
    let (s, v) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 200, "{v}");

    // A new event after the restore is projected (it sorts after the restored ones).
    let (ok, log) = gbvf(
        &target.url,
        &[
            "import",
            "crime",
            data.join("crime/df_crime_sa_provincial.csv")
                .to_str()
                .unwrap(),
            "--data-dir",
            data.to_str().unwrap(),
        ],
    );
    assert!(ok, "{log}");
    catch_up(&target.pool).await;
    let positions: i64 = sqlx::query_scalar("SELECT count(DISTINCT global_position) FROM events")
        .fetch_one(&target.pool)
        .await
        .unwrap();
    assert!(positions > source_events);
    let provincial_rows: i64 =
        sqlx::query_scalar("SELECT count(*) FROM crime_total WHERE boundary_id = $1")
            .bind(province)
            .fetch_one(&target.pool)
            .await
            .unwrap();
    let source_rows: i64 =
        sqlx::query_scalar("SELECT count(*) FROM crime_total WHERE boundary_id = $1")
            .bind(province)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert!(
        provincial_rows > source_rows,
        "the provincial figures imported after the restore are projected ({provincial_rows} rows, {source_rows} before)"
    );

    // A second restore into the now non-empty database is refused and changes nothing.
    let (ok, log) = gbvf(&target.url, &["restore", archive.to_str().unwrap()]);
    assert!(!ok);
    assert!(log.contains("restore only into an empty database"), "{log}");
    let _ = std::fs::remove_file(&archive);
    target.drop_db().await;
    db.drop_db().await;
}
