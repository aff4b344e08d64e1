//! Browser-like API sessions for tests: a cookie-keeping client with the session's CSRF
//! token, registrations of organisations, and signed-in members of a group.
#![allow(dead_code)]

use std::path::PathBuf;

use serde_json::{json, Value};

use super::{catch_up, import_geography, start_server_with, TestDb};

pub const PASSWORD: &str = "Correct!Horse9Battery";

/// A browser-like client: keeps cookies and the session's CSRF token.
pub struct Client {
    pub http: reqwest::Client,
    base: String,
    csrf: String,
}

impl Client {
    pub async fn new(base: &str) -> Client {
        let http = reqwest::Client::builder()
            .cookie_store(true)
            .build()
            .unwrap();
        let mut c = Client {
            http,
            base: base.to_string(),
            csrf: String::new(),
        };
        c.refresh().await;
        c
    }
    /// Reloads the session shape (and its CSRF token), as the web app does after sign-in.
    pub async fn refresh(&mut self) -> Value {
        let v: Value = self
            .http
            .post(format!("{}/api/auth/userAuthenticated", self.base))
            .header("x-csrf-token", &self.csrf)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        // userAuthenticated is a POST that changes nothing; it needs no valid token on first call.
        self.csrf = v["csrfToken"].as_str().unwrap_or_default().to_string();
        v
    }
    pub async fn send(&self, method: reqwest::Method, path: &str, body: Value) -> (u16, Value) {
        let res = self
            .http
            .request(method, format!("{}{path}", self.base))
            .header("x-csrf-token", &self.csrf)
            .json(&body)
            .send()
            .await
            .unwrap();
        (
            res.status().as_u16(),
            res.json().await.unwrap_or(Value::Null),
        )
    }
    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, body).await
    }
    pub async fn get(&self, path: &str) -> (u16, Value) {
        let res = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        (
            res.status().as_u16(),
            res.json().await.unwrap_or(Value::Null),
        )
    }
}

pub fn outbox() -> PathBuf {
    let d = std::env::temp_dir().join(format!("gbvf-outbox-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The newest code sent to `email`, read from the outbox files.
pub fn code_for(dir: &PathBuf, email: &str) -> String {
    let list = gbvf_api::http::auth::mail::list_outbox(dir).unwrap();
    let m = list
        .iter()
        .find(|m| m.to.contains(email))
        .unwrap_or_else(|| panic!("no mail to {email}"));
    let at = m.raw.find("code is: ").expect("code in mail") + "code is: ".len();
    m.raw[at..at + 6].to_string()
}

pub async fn registration(db: &TestDb, email: &str) -> Value {
    let ids: (i64, i64, i64) = sqlx::query_as(
        "SELECT m.province_id, m.district_id, m.boundary_id FROM boundary m WHERE m.level = 'municipality' AND m.code = 'EC108'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    json!({
        "Title": 3, "FirstName": "Thandi", "LastName": "Mokoena", "Email": email, "Password": PASSWORD,
        "ConfirmPassword": PASSWORD, "MobileNumber": "082 123 4567", "OrganisationName": "Kouga Women's Shelter Network",
        "OrganisationBranch": "Jeffreys Bay", "OrganisationType": 1, "JobRole": 3, "StreetNumber": "12",
        "StreetName": "Da Gama Road", "Suburb": "Wavecrest", "City": "Jeffreys Bay", "PostalCode": "6330",
        "Province": ids.0, "District": ids.1, "LocalMunicipality": ids.2, "MemberInOrganisation": 14, "terms": true,
    })
}

pub async fn setup() -> (TestDb, String, PathBuf) {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let dir = outbox();
    let base = start_server_with(
        &db.pool,
        Some("operator-token-for-tests-1234"),
        Some(dir.clone()),
    )
    .await;
    (db, base, dir)
}

/// Creates a signed-in client for a new user in `group` (events through the real API:
/// registration, then the group assigned through the user aggregate).
pub async fn member_of(db: &TestDb, base: &str, dir: &PathBuf, group: i64) -> Client {
    let email = format!(
        "member{group}-{}@example.org",
        uuid::Uuid::new_v4().simple()
    );
    let mut c = Client::new(base).await;
    let (s, v) = c
        .post("/api/auth/register", registration(db, &email).await)
        .await;
    assert_eq!(s, 200, "{v}");
    c.post(
        "/api/auth/verify-otp",
        json!({"Email": email, "OTP": code_for(dir, &email), "UserType": 1}),
    )
    .await;
    let repo = postgres_es::PostgresEventRepository::new(db.pool.clone());
    let store = cqrs_es::persist::PersistedEventStore::new_event_store(repo);
    let cqrs =
        cqrs_es::CqrsFramework::<gbvf_commands::accounts::user::User, _>::new(store, vec![], ());
    let meta = gbvf_events::metadata::EventMetadata::now("system", "test", "test");
    cqrs.execute_with_metadata(
        &email.to_lowercase(),
        gbvf_commands::accounts::user::UserCommand::AssignGroups(vec![group]),
        meta.to_map(),
    )
    .await
    .unwrap();
    catch_up(&db.pool).await;
    let (s, v) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let session = c.refresh().await;
    assert_eq!(session["isAuthenticated"], true, "{session}");
    c
}
