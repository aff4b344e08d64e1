//! Every free-text field of every command is parsed once, when the body is read, by
//! `gbvf_commands::text`: a NUL (or any control character), a megabyte, or a list of thousands
//! is refused with 400 naming the field, before any rule runs, and nothing is appended. Found
//! by an attack: one NUL in a building-block address stopped the building-block projector for
//! good (api/tests/projector.rs covers the read side of the same event).

mod common;

use common::session::{member_of, setup};
use serde_json::{json, Value};

async fn events(pool: &sqlx::PgPool) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(pool)
        .await
        .unwrap()
}

fn assert_refused(what: &str, status: u16, answer: &Value, field: &str, rule: &str) {
    assert_eq!(status, 400, "{what}: {answer}");
    assert_eq!(answer["success"], false, "{what}: {answer}");
    assert_eq!(answer["errors"][0]["code"], field, "{what}: {answer}");
    let message = answer["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with(field) && message.contains(rule),
        "{what}: {message}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nul_a_megabyte_or_thousands_of_items_in_any_command_is_refused_before_appending() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let coordinator = member_of(&db, &base, &dir, 5).await;
    let anonymous = common::session::Client::new(&base).await;
    let megabyte = "a".repeat(1 << 20);
    let ten_kilobytes = "a".repeat(10_000);
    let before = events(&db.pool).await;

    let put = |body: Value| {
        let c = &coordinator;
        async move {
            c.send(
                reqwest::Method::PUT,
                "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
                body,
            )
            .await
        }
    };
    // The attack as it was made, then the same field a megabyte long.
    let (s, v) =
        put(json!({"stakeholderId": 1000001, "buildingBlockId": 1, "physicalAddress": "x\u{0}y"}))
            .await;
    assert_refused(
        "NUL address",
        s,
        &v,
        "physicalAddress",
        "must not contain control characters.",
    );
    let (s, v) = put(
        json!({"stakeholderId": 1000001, "buildingBlockId": 1, "physicalAddress": ten_kilobytes}),
    )
    .await;
    assert_refused(
        "long address",
        s,
        &v,
        "physicalAddress",
        "must be at most 250 characters.",
    );
    // A megabyte is over the body limit of every command (256 KiB) before any field is read.
    let (s, v) =
        put(json!({"stakeholderId": 1000001, "buildingBlockId": 1, "physicalAddress": megabyte}))
            .await;
    assert_eq!(s, 413, "{v}");
    let person = json!({"buildingBlockRequirementId": 1, "fullName": "Thandi Mokoena"});
    let (s, v) = put(
        json!({"stakeholderId": 1000001, "buildingBlockId": 1, "physicalAddress": "1 Main Road",
        "contactPersons": vec![person.clone(); 1000]}),
    )
    .await;
    assert_refused(
        "1,000 contact persons",
        s,
        &v,
        "contactPersons",
        "must hold at most 100 items.",
    );
    let (s, v) = put(json!({"stakeholderId": 1000001, "buildingBlockId": 1, "physicalAddress": "1 Main Road",
        "contactPersons": [{"buildingBlockRequirementId": 1, "fullName": "Thandi\u{202E}Mokoena"}]}))
    .await;
    assert_refused(
        "bidi override in a name",
        s,
        &v,
        "contactPersons[0].fullName",
        "must not contain control characters.",
    );
    let (s, v) = coordinator
        .post(
            "/api/buildingblock/returnBuildingBlock",
            json!({"stakeholderId": 1000001, "reason": "x\u{0}"}),
        )
        .await;
    assert!(s == 400 || s == 403, "return reason: {s} {v}");

    // An organisation decision's reason (a 500 with a backtrace before).
    let (s, v) = admin
        .post(
            "/api/healthcheck/verify",
            json!({"VerificationStatusId": 2, "StakeholderId": "00000000-0000-0000-0000-000000000000",
                   "RejectedReasons": "no\u{0}"}),
        )
        .await;
    assert_refused(
        "NUL reason",
        s,
        &v,
        "RejectedReasons",
        "must not contain control characters.",
    );

    // The anonymous registration took a 200 KB branch name.
    let (s, v) = anonymous
        .post(
            "/api/auth/register",
            json!({"validateStep": 2, "OrganisationBranch": "b".repeat(200_000)}),
        )
        .await;
    assert_refused(
        "long branch",
        s,
        &v,
        "OrganisationBranch",
        "must be at most 100 characters.",
    );

    // A collective action's result and a group's name.
    let (s, v) = admin
        .post(
            "/api/admin/collectiveActions/some-challenge/result",
            json!({"outcome": "done\u{7}"}),
        )
        .await;
    assert_refused(
        "bell in an outcome",
        s,
        &v,
        "outcome",
        "must not contain control characters.",
    );
    let (s, v) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "Group\nname", "UserActions": [5]}),
        )
        .await;
    assert_refused(
        "line break in a group name",
        s,
        &v,
        "GroupName",
        "must be one line",
    );

    // A multi-line field keeps its line breaks.
    let (s, v) = admin
        .post(
            "/api/admin/collectiveActions/some-challenge/result",
            json!({"outcome": "First line\nsecond line"}),
        )
        .await;
    assert_eq!(s, 404, "an unknown collective action, past the parser: {v}");

    assert_eq!(events(&db.pool).await, before, "nothing was appended");
    db.drop_db().await;
}

/// A body over the limit is refused with an answer the client can read: the server reads it to
/// its end (bounded) before answering, instead of closing the connection while the client is
/// still sending (the client then saw a broken pipe, by chance and more often on a busy
/// machine). Sent over a raw connection so that every write is seen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_large_body_is_read_and_answered_not_cut_off() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (_db, base, _dir) = setup().await;
    let address = base.trim_start_matches("http://").to_string();
    for path in [
        "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
        "/api/healthcheck/survey",
    ] {
        let length = 6 * 1024 * 1024;
        let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        let chunk = vec![b' '; 64 * 1024];
        for n in 0..length / chunk.len() {
            if let Err(e) = stream.write_all(&chunk).await {
                panic!("{path}: the server cut the connection after {n} chunks of 64 KiB: {e}");
            }
        }
        let mut answer = Vec::new();
        let mut buffer = [0u8; 4096];
        while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
            let read = stream.read(&mut buffer).await.unwrap();
            assert!(read > 0, "{path}: no answer");
            answer.extend_from_slice(&buffer[..read]);
        }
        let status = String::from_utf8_lossy(&answer[..12]).to_string();
        assert!(
            status.starts_with("HTTP/1.1 4"),
            "{path}: a refusal, not {status}"
        );
    }
}
