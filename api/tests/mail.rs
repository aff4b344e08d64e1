//! Durable e-mail against real PostgreSQL and a real SMTP server process
//! (Python's aiosmtpd, installed into `.data/venv` by `ops/test`): delivery of the welcome,
//! rejection and invitation mails by the checkpointed worker; SMTP down during an approval and
//! up later → delivered exactly once; a restarted worker and a redone page send no duplicate;
//! the outbox status for administrators only, and in /metrics.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::session::{code_for, mail_to, member_of, outbox, registration, Client};
use common::{catch_up, import_geography, start_server_full, TestDb};
use gbvf_api::http::auth::mail::Mailer;
use gbvf_api::mail_worker::{self, MailWorker};
use serde_json::{json, Value};

/// The Python with aiosmtpd: `GBVF_SMTP_SINK_PYTHON`, else `.data/venv/bin/python`.
fn sink_python() -> PathBuf {
    let p = std::env::var("GBVF_SMTP_SINK_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.data/venv/bin/python")
        });
    assert!(
        p.exists(),
        "no SMTP sink: {} is missing (ops/test installs aiosmtpd into .data/venv; or run `python3 -m venv .data/venv && .data/venv/bin/pip install aiosmtpd`)",
        p.display()
    );
    p
}

/// A real SMTP server process writing every message it accepts into a Maildir.
struct Sink {
    child: Child,
}

impl Sink {
    fn start(port: u16, maildir: &Path) -> Sink {
        let child = Command::new(sink_python())
            .args(["-m", "aiosmtpd", "-n", "-l"])
            .arg(format!("127.0.0.1:{port}"))
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start aiosmtpd");
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "aiosmtpd did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        Sink { child }
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Every message in the Maildir (raw text).
fn delivered(maildir: &Path) -> Vec<String> {
    let mut out = vec![];
    for sub in ["new", "cur"] {
        if let Ok(entries) = std::fs::read_dir(maildir.join(sub)) {
            for e in entries.flatten() {
                out.push(std::fs::read_to_string(e.path()).unwrap());
            }
        }
    }
    out
}

fn count_to(maildir: &Path, to: &str, subject: &str) -> usize {
    delivered(maildir)
        .iter()
        .filter(|m| m.contains(&format!("To: {to}")) && m.contains(&format!("Subject: {subject}")))
        .count()
}

async fn wait_until(what: &str, secs: u64, mut f: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !f() {
        assert!(Instant::now() < deadline, "timed out waiting: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn outbox_row(db: &TestDb, template: &str) -> Option<(String, i32, Option<String>)> {
    sqlx::query_as(
        "SELECT status, attempts, last_error FROM mail_outbox WHERE template = $1 ORDER BY queued_at DESC LIMIT 1",
    )
    .bind(template)
    .fetch_optional(&db.pool)
    .await
    .unwrap()
}

/// Registers an organisation through sign-up (e-mail verified); returns (id, address).
async fn apply(db: &TestDb, base: &str, dir: &Path, name: &str) -> (String, String) {
    let c = Client::new(base).await;
    let email = format!(
        "{}-{}@example.org",
        name.to_lowercase().replace(' ', "."),
        uuid::Uuid::new_v4().simple()
    );
    let mut body = registration(db, &email).await;
    body["OrganisationName"] = json!(name);
    let (s, v) = c.post("/api/auth/register", body).await;
    assert_eq!(s, 200, "{v}");
    c.post(
        "/api/auth/verify-otp",
        json!({"Email": email, "OTP": code_for(dir, &email), "UserType": 1}),
    )
    .await;
    catch_up(&db.pool).await;
    let id = sqlx::query_scalar("SELECT organisation_id FROM organisation WHERE name = $1")
        .bind(name)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    (id, email)
}

fn smtp_worker(db: &TestDb, port: u16) -> MailWorker {
    let transport =
        lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::builder_dangerous("127.0.0.1")
            .port(port)
            .timeout(Some(Duration::from_secs(5)))
            .build();
    let mailer = Mailer::Smtp(
        transport,
        "GBVF dashboard <no-reply@gbvf.invalid>".parse().unwrap(),
    );
    MailWorker {
        pool: db.pool.clone(),
        mailer,
        base_url: "http://127.0.0.1:8080".into(),
        retry_base: Duration::from_millis(200),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_follows_events_through_smtp_outages_once_and_only_once() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let dir = outbox();
    // The server's own mailer is the outbox (one-time codes); the event mail goes through the
    // worker below, to the real SMTP server.
    let base = start_server_full(
        &db.pool,
        Some("operator-token-for-tests-1234"),
        Some(dir.clone()),
        false,
    )
    .await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let (a, a_email) = apply(&db, &base, &dir, "Masiphumelele Support").await;
    let (b, b_email) = apply(&db, &base, &dir, "Another Shelter Trust").await;

    let port = free_port();
    let maildir =
        std::env::temp_dir().join(format!("gbvf-maildir-{}", uuid::Uuid::new_v4().simple()));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let worker = tokio::spawn(mail_worker::run(smtp_worker(&db, port), stopped));

    // 1. SMTP is down during the approval: the approval succeeds at once, the message waits.
    let t = Instant::now();
    let (s, v) = admin
        .post("/api/healthcheck/verify", json!({"VerificationStatusId": 3, "StakeholderId": a, "EmailTemplateType": 1, "ExpectedStatusId": 1}))
        .await;
    assert_eq!(s, 200, "{v}");
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "the answer does not wait for SMTP"
    );
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Some((status, attempts, err)) = outbox_row(&db, "welcome").await {
            if attempts >= 2 {
                assert_eq!(status, "pending", "retried, not given up");
                assert!(
                    !err.unwrap_or_default().is_empty(),
                    "the SMTP error is kept"
                );
                break;
            }
        }
        assert!(
            Instant::now() < deadline,
            "the welcome was not tried twice while SMTP was down"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Administrators see it pending; others may not look.
    let (s, st) = admin.get("/api/admin/mail").await;
    assert_eq!(s, 200, "{st}");
    assert!(st["pending"].as_i64().unwrap() >= 1, "{st}");
    let row = st["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["template"] == "welcome")
        .unwrap()
        .clone();
    assert_eq!(row["status"], "pending");
    assert!(row["lastError"].as_str().is_some());
    assert!(
        !st.to_string().contains(&a_email),
        "no address in the status: {st}"
    );
    for group in [2, 3, 4, 5] {
        let other = member_of(&db, &base, &dir, group).await;
        let (s, v) = other.get("/api/admin/mail").await;
        assert_eq!(
            (s, v["message"].as_str()),
            (
                403,
                Some("You do not have permission to perform this action.")
            ),
            "group {group}"
        );
    }
    assert_eq!(Client::new(&base).await.get("/api/admin/mail").await.0, 403);
    assert_eq!(
        count_to(&maildir, &a_email, "Your organisation has been approved"),
        0
    );

    // 2. SMTP comes back: delivered once, marked sent.
    let _sink = Sink::start(port, &maildir);
    wait_until("welcome delivered after SMTP returned", 30, || {
        count_to(&maildir, &a_email, "Your organisation has been approved") == 1
    })
    .await;
    let welcome = delivered(&maildir)
        .into_iter()
        .find(|m| m.contains(&a_email))
        .unwrap();
    assert!(
        welcome.contains("Masiphumelele Support has been approved"),
        "{welcome}"
    );
    assert!(
        welcome.contains("Hello Thandi"),
        "name looked up at send time: {welcome}"
    );
    let key: String =
        sqlx::query_scalar("SELECT idempotency_key FROM mail_outbox WHERE template = 'welcome'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert!(
        key.starts_with(&format!("organisation/{a}/")) && key.ends_with("/welcome"),
        "{key}"
    );
    assert!(
        welcome.contains(&mail_worker::message_id(&key)),
        "Message-ID from the idempotency key"
    );
    wait_until_status(&db, "welcome", "sent").await;

    // Every account that decides applications (VerifyOrganisation, 32) is told of each new
    // one, one message per account and application; they queued during the outage too, so
    // some wait for their next try: at least one is delivered by now.
    let holders: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT ug.user_id FROM user_group ug JOIN group_action ga USING (group_id)
         JOIN user_account u USING (user_id)
         WHERE ga.action_id = 32 AND NOT u.deleted AND u.email_verified ORDER BY 1",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert!(!holders.is_empty());
    for (name, id) in [("Masiphumelele Support", &a), ("Another Shelter Trust", &b)] {
        let to: Vec<String> = sqlx::query_scalar(
            "SELECT recipient_user_id FROM mail_outbox WHERE template = 'application'
             AND context->>'applicant' = $1 AND context->>'applicant_id' = $2 ORDER BY 1",
        )
        .bind(name)
        .bind(id.as_str())
        .fetch_all(&db.pool)
        .await
        .unwrap();
        // Resolved when queued: the deciders of that moment, each once.
        assert!(
            !to.is_empty() && to.iter().all(|t| holders.contains(t)),
            "{name}: {to:?}"
        );
        let mut unique = to.clone();
        unique.dedup();
        assert_eq!(unique, to, "{name}");
    }
    wait_until("an application notice delivered", 30, || {
        delivered(&maildir).iter().any(|m| {
            m.contains("A new organisation applied")
                && common::session::message_text(m).contains("/admin/organisations/view/")
        })
    })
    .await;

    // 3. Normal delivery with SMTP up: the rejection with its reason, the invitation.
    let (s, _) = admin
        .post("/api/healthcheck/verify", json!({"VerificationStatusId": 2, "StakeholderId": b, "EmailTemplateType": 3, "RejectedReasons": "Not a registered NPO", "ExpectedStatusId": 1}))
        .await;
    assert_eq!(s, 200);
    wait_until("rejection delivered", 15, || {
        count_to(&maildir, &b_email, "Your organisation registration") == 1
    })
    .await;
    assert!(delivered(&maildir)
        .iter()
        .any(|m| m.contains(&b_email) && m.contains("Reason: Not a registered NPO")));
    let org_id = a.clone();
    let invitee = format!("sipho-{}@example.org", uuid::Uuid::new_v4().simple());
    let (s, v) = admin
        .post(
            "/api/security/createNewUser",
            json!({"titleId": 1, "name": "Sipho Dlamini", "roleId": 3, "companyId": org_id, "groupIds": [5],
                   "contacts": [{"contactTypeId": 1, "detail": invitee}], "stakeholderRelationships": [{"stakeholderRelationshipTypeId": 1}]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    wait_until("invitation delivered", 15, || {
        count_to(&maildir, &invitee, "Your GBVF dashboard account") == 1
    })
    .await;

    // 4. The worker restarts: nothing is sent again.
    stop.send(true).unwrap();
    worker.await.unwrap();
    // (Application notices queued during the outage may still be waiting for their next try:
    // they are counted apart, and no message may arrive twice.)
    let decisions = |maildir: &Path| {
        delivered(maildir)
            .into_iter()
            .filter(|m| !m.contains("A new organisation applied"))
            .count()
    };
    let before = decisions(&maildir);
    assert_eq!(before, 3, "exactly the three event mails");
    let (stop2, stopped2) = tokio::sync::watch::channel(false);
    let worker2 = tokio::spawn(mail_worker::run(smtp_worker(&db, port), stopped2));
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        decisions(&maildir),
        before,
        "a restarted worker sends nothing again"
    );
    let ids: Vec<String> = delivered(&maildir)
        .iter()
        .filter_map(|m| {
            m.lines()
                .find(|l| l.to_ascii_lowercase().starts_with("message-id:"))
                .map(str::to_string)
        })
        .collect();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "no message twice: {ids:?}");
    stop2.send(true).unwrap();
    worker2.await.unwrap();

    // 5. A crash after queuing but before the checkpoint moved redoes the page: the
    //    idempotency keys queue nothing twice.
    let count = |sql: &'static str| {
        let pool = db.pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let queued = count("SELECT count(*) FROM mail_outbox").await;
    sqlx::query("UPDATE mail_checkpoint SET last_transaction_id = '0', last_global_position = 0")
        .execute(&db.pool)
        .await
        .unwrap();
    let (sent, failed) = smtp_worker(&db, port).catch_up().await.unwrap();
    // Only notices still waiting from the outage may go now; nothing is queued or sent twice.
    assert_eq!(failed, 0, "{sent} sent");
    // Application notices are addressed when queued: a redo may reach an account that gained
    // VerifyOrganisation since, never one twice (the key names the recipient).
    assert!(count("SELECT count(*) FROM mail_outbox").await >= queued);
    assert_eq!(
        count(
            "SELECT count(*) FROM (SELECT aggregate_id, recipient_user_id FROM mail_outbox
             WHERE template = 'application' GROUP BY 1, 2 HAVING count(*) > 1) twice"
        )
        .await,
        0
    );
    assert_eq!(
        count("SELECT count(*) FROM mail_outbox WHERE template <> 'application'").await,
        3
    );
    assert_eq!(decisions(&maildir), before);
    let ids: Vec<String> = delivered(&maildir)
        .iter()
        .filter_map(|m| {
            m.lines()
                .find(|l| l.to_ascii_lowercase().starts_with("message-id:"))
                .map(str::to_string)
        })
        .collect();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "no message twice after the redo");

    // 6. Nothing personal in the outbox table.
    let dump: String =
        sqlx::query_scalar("SELECT coalesce(string_agg(m::text, ' '), '') FROM mail_outbox m")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    for address in [&a_email, &b_email, &invitee] {
        assert!(
            !dump.contains(address.as_str()),
            "{address} stored in mail_outbox"
        );
    }

    // 7. The counts in /metrics: server started without a recorder here, so read the status.
    let st: Value = admin.get("/api/admin/mail").await.1;
    let all = count("SELECT count(*) FROM mail_outbox").await;
    let sent = count("SELECT count(*) FROM mail_outbox WHERE status = 'sent'").await;
    assert_eq!(
        (
            st["sent"].as_i64(),
            st["pending"]
                .as_i64()
                .zip(st["failed"].as_i64())
                .map(|(p, f)| p + f + sent),
        ),
        (Some(sent), Some(all)),
        "{st}"
    );
    assert_eq!(st["failed"].as_i64(), Some(0), "{st}");
    db.drop_db().await;
}

async fn wait_until_status(db: &TestDb, template: &str, status: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if outbox_row(db, template).await.map(|r| r.0) == Some(status.to_string()) {
            return;
        }
        assert!(Instant::now() < deadline, "{template} never {status}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The worker sends to an account the accounts read model has not applied yet: it brings the
/// read model up to date with no transaction of its own open. (It once held the claimed row
/// locked meanwhile; the lock's transaction id held back the very horizon the catch-up waited
/// for, so the catch-up gave up after a minute and stalled every projector on the server.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_to_an_account_not_yet_projected_is_sent_without_waiting_on_itself() {
    let db = TestDb::new().await;
    let dir = outbox();
    let worker = MailWorker {
        pool: db.pool.clone(),
        mailer: Mailer::outbox(dir.clone()),
        base_url: "http://127.0.0.1:8080".into(),
        retry_base: Duration::from_millis(200),
    };
    // Others keep creating accounts (no mail for those) while it sends, so the read model has
    // newer events to catch up to than the worker's own first look. Each round is a chance
    // for the race; the bug lost about every other one.
    let others = {
        let pool = db.pool.clone();
        tokio::spawn(async move {
            loop {
                let email = format!("other-{}@example.org", uuid::Uuid::new_v4().simple());
                create_official(&pool, &email, "cli").await;
            }
        })
    };
    for round in 0..5 {
        let email = format!(
            "invited-{round}-{}@example.org",
            uuid::Uuid::new_v4().simple()
        );
        create_official(&db.pool, &email, "admin:test").await;
        let projected: i64 =
            sqlx::query_scalar("SELECT count(*) FROM user_account WHERE email = $1")
                .bind(&email)
                .fetch_one(&db.pool)
                .await
                .unwrap();
        assert_eq!(projected, 0, "the read model must still be behind");
        // Queue until this round's invitation is in the outbox (the others' events go by).
        loop {
            mail_worker::queue_step(&db.pool).await.expect("queue");
            let queued: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM mail_outbox WHERE template = 'invitation' AND status = 'pending'",
            )
            .fetch_one(&db.pool)
            .await
            .unwrap();
            if queued == 1 {
                break;
            }
        }
        let (sent, failed) = worker.send_due().await.expect("worker");
        let row = outbox_row(&db, "invitation").await;
        assert_eq!((sent, failed), (1, 0), "round {round}: {row:?}");
        let (status, attempts, error) = row.expect("queued");
        assert_eq!((status.as_str(), attempts, error), ("sent", 1, None));
        let invitation = mail_to(&dir, &email, "Your GBVF dashboard account");
        assert!(invitation.contains("Thandi"), "{invitation}");
    }
    others.abort();
    db.drop_db().await;
}

/// Creates a municipal official's account, by an administrator when `created_by` is
/// `admin:…` (an `invitation` is due then), without bringing any read model up to date.
async fn create_official(pool: &sqlx::PgPool, email: &str, created_by: &str) {
    let person = gbvf_events::person::Person {
        email: email.to_string(),
        first_name: "Thandi".into(),
        last_name: "Mokoena".into(),
        mobile_number: None,
        alternative_number: None,
    };
    let registered = gbvf_events::accounts::UserRegistered {
        user_id: uuid::Uuid::new_v4().to_string(),
        profile: Default::default(),
        organisation_id: None,
        group_ids: vec![1],
        created_by: created_by.into(),
        // A municipal official: an administrator's account needs no company then.
        relationship_type_ids: vec![gbvf_commands::accounts::user::BUILDING_BLOCK_COORDINATOR],
        municipality_ids: vec![1],
        province_ids: vec![],
    };
    let meta = gbvf_events::metadata::EventMetadata::now("admin:test", "test", "test");
    gbvf_api::accounts::create(
        pool,
        &person,
        registered,
        gbvf_commands::accounts::delegation::Authority::operator(),
        &meta,
    )
    .await
    .expect("account created");
}
