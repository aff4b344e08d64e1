//! Many API instances and one projector set on one PostgreSQL, as an operator scales the
//! product (docs/operations.md): two `gbvf serve --no-projectors` processes and separate
//! `gbvf project` processes, all the real executable. A session made on one instance works on
//! the other; what a command on one instance appends is projected by the projector process and
//! read on the other; when the projector process holding the leases is killed, a second one
//! takes them over and the read models catch up. (A sign-in limit reached on one instance holding
//! on another is `security::failed_sign_ins_are_limited_per_client_address_across_processes`.)

mod common;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::process::{binary, GbvfServer};
use common::session::{code_for, registration, Client, PASSWORD};
use common::{import_geography, TestDb};
use serde_json::{json, Value};

/// A `gbvf project` process (projectors, mail worker, audit sealer); killed when dropped.
struct Projector(Child);

impl Projector {
    fn start(database_url: &str) -> Projector {
        let child = Command::new(binary())
            .arg("project")
            .env("DATABASE_URL", database_url)
            .env("RUST_LOG", "warn")
            .env_remove("SMTP_URL")
            .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start gbvf project");
        Projector(child)
    }
    /// SIGKILL: no goodbye, its connections (and advisory-lock leases) simply vanish.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Projector {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Waits up to `seconds` for `check` to hold on what `read` answers.
async fn within(
    seconds: u64,
    what: &str,
    mut read: impl AsyncFnMut() -> Value,
    check: impl Fn(&Value) -> bool,
) -> Duration {
    let started = Instant::now();
    loop {
        let v = read().await;
        if check(&v) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(seconds),
            "{what} within {seconds} s; last answer: {v}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_api_instances_share_sessions_and_a_second_projector_takes_over() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let env = [("GBVF_COOKIE_SECURE", "false")];
    let a = GbvfServer::start_with_args(&db.url, &env, &["--no-projectors"]).await;
    let b = GbvfServer::start_with_args(&db.url, &env, &["--no-projectors"]).await;
    let mut first = Projector::start(&db.url);

    // An organisation's designated person registers and signs in on A.
    let email = "instances@example.org";
    let mut on_a = Client::new(&a.base).await;
    let (s, v) = on_a
        .post("/api/auth/register", registration(&db, email).await)
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = on_a
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": code_for(&a.outbox, email), "UserType": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = on_a
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    on_a.refresh().await;

    // The same browser on B is signed in, as the same person.
    let mut on_b = on_a.on(&b.base);
    let session = on_b.refresh().await;
    assert_eq!(session["isAuthenticated"], true, "{session}");
    // The account's read model on B was built by the projector process (A and B project
    // nothing).
    let took = within(
        20,
        "the profile read on B",
        async || on_b.get("/api/auth/profile").await.1,
        |v| v["data"]["email"] == email,
    )
    .await;
    eprintln!("registration on A read on B after {took:?}");

    // The projector process dies: the next change is recorded but projected by nobody, since
    // the API instances project nothing.
    first.kill();
    let (s, v) = on_a
        .send(
            reqwest::Method::PUT,
            "/api/auth/updateProfile",
            json!({"fullName": "Thandiwe Mokoena", "titleId": 3, "jobRole": 3, "mobileNumber": "0821234567"}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    tokio::time::sleep(Duration::from_secs(2)).await;
    let projected: String =
        sqlx::query_scalar("SELECT first_name FROM user_account WHERE email = $1")
            .bind(email)
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(
        projected, "Thandi",
        "nobody projects while no projector process runs"
    );
    // A second projector process takes the leases.
    let _second = Projector::start(&db.url);
    assert_eq!(
        on_b.get("/api/auth/profile").await.1["data"]["fullName"],
        "Thandiwe Mokoena",
        "the change made on A reads on B"
    );
    // The accounts read model (built only by projector processes: A and B project nothing)
    // follows, through the second projector.
    let pool = db.pool.clone();
    let took = within(
        30,
        "the accounts read model after the projector was replaced",
        async || {
            let name: Option<String> =
                sqlx::query_scalar("SELECT first_name FROM user_account WHERE email = $1")
                    .bind(email)
                    .fetch_optional(&pool)
                    .await
                    .unwrap();
            json!(name)
        },
        |v| v == "Thandiwe",
    )
    .await;
    eprintln!("a change on A projected {took:?} after the projector was replaced");
    // Both instances answer the same.
    assert_eq!(
        on_a.get("/api/auth/profile").await.1["data"],
        on_b.get("/api/auth/profile").await.1["data"]
    );
    drop((a, b));
    db.drop_db().await;
}
