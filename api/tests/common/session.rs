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
        Self::with_headers(base, reqwest::header::HeaderMap::new()).await
    }
    /// A client sending `headers` with every request (e.g. `X-Forwarded-For`).
    pub async fn with_headers(base: &str, headers: reqwest::header::HeaderMap) -> Client {
        let http = reqwest::Client::builder()
            .cookie_store(true)
            .default_headers(headers)
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
    /// The same browser (cookies and CSRF token) talking to another instance at `base`: cookies
    /// belong to the host, not the port, so a session made on one instance is sent to the other.
    pub fn on(&self, base: &str) -> Client {
        Client {
            http: self.http.clone(),
            base: base.to_string(),
            csrf: self.csrf.clone(),
        }
    }
    /// The current CSRF token.
    pub fn csrf(&self) -> &str {
        &self.csrf
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

/// The user id of `email` (from the `user_email` lookup; "" when unknown).
pub async fn user_key(pool: &sqlx::PgPool, email: &str) -> String {
    gbvf_api::accounts::user_key(pool, email).await.unwrap()
}

/// The user `email` folded from the event log.
pub async fn load_user(pool: &sqlx::PgPool, email: &str) -> gbvf_commands::accounts::user::User {
    let key = user_key(pool, email).await;
    gbvf_api::accounts::load_user(pool, &key).await.unwrap()
}

/// Puts `email` into exactly `groups` through the user aggregate.
pub async fn assign_groups(pool: &sqlx::PgPool, email: &str, groups: Vec<i64>) {
    let repo = postgres_es::PostgresEventRepository::new(pool.clone());
    let store = cqrs_es::persist::PersistedEventStore::new_event_store(repo);
    let cqrs =
        cqrs_es::CqrsFramework::<gbvf_commands::accounts::user::User, _>::new(store, vec![], ());
    let meta = gbvf_events::metadata::EventMetadata::now("system", "test", "test");
    cqrs.execute_with_metadata(
        &user_key(pool, email).await,
        gbvf_commands::accounts::user::UserCommand::AssignGroups {
            group_ids: groups,
            authority: gbvf_commands::accounts::delegation::Authority::operator(),
        },
        meta.to_map(),
    )
    .await
    .unwrap();
}

pub fn outbox() -> PathBuf {
    let d = std::env::temp_dir().join(format!("gbvf-outbox-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The newest code sent to `email`, read from the outbox files. Mail leaves off the request
/// path, so this waits up to 10 s for it.
pub fn code_for(dir: &std::path::Path, email: &str) -> String {
    codes_for(dir, email, 1)[0].clone()
}

/// The codes sent to `email`, newest first, once there are at least `at_least` (waits up
/// to 10 s).
pub fn codes_for(dir: &std::path::Path, email: &str, at_least: usize) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let list = gbvf_api::http::auth::mail::list_outbox(dir).unwrap_or_default();
        let codes: Vec<String> = list
            .iter()
            .filter(|m| m.to.contains(email))
            .filter_map(|m| {
                let at = m.raw.find("code is: ")? + "code is: ".len();
                Some(m.raw[at..at + 6].to_string())
            })
            .collect();
        if codes.len() >= at_least {
            return codes;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "fewer than {at_least} codes to {email} in the outbox"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The readable text of raw message `raw`: its quoted-printable soft breaks and escapes undone
/// (lettre encodes bodies so; the `quoted_printable` crate decodes, leniently for headers).
pub fn message_text(raw: &str) -> String {
    let bytes = quoted_printable::decode(raw, quoted_printable::ParseMode::Robust)
        .unwrap_or_else(|_| raw.as_bytes().to_vec());
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The raw text of the first outbox message to an address containing `to` with `subject`;
/// waits up to 10 s (the mail worker sends after the event is stored).
pub fn mail_to(dir: &std::path::Path, to: &str, subject: &str) -> String {
    mail_to_containing(dir, to, subject, "")
}

/// As [`mail_to`], the first such message whose readable text ([`message_text`]) contains
/// `needle`; returns that text.
pub fn mail_to_containing(dir: &std::path::Path, to: &str, subject: &str, needle: &str) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let list = gbvf_api::http::auth::mail::list_outbox(dir).unwrap_or_default();
        if let Some(m) = list.iter().find(|m| {
            m.to.contains(to) && m.subject == subject && message_text(&m.raw).contains(needle)
        }) {
            return if needle.is_empty() {
                m.raw.clone()
            } else {
                message_text(&m.raw)
            };
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no e-mail {subject:?} to {to} containing {needle:?} in the outbox"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
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
pub async fn member_of(db: &TestDb, base: &str, dir: &std::path::Path, group: i64) -> Client {
    let email = format!(
        "member{group}-{}@example.org",
        uuid::Uuid::new_v4().simple()
    );
    let body = registration(db, &email).await;
    member_registered_as(db, base, dir, group, body).await
}

/// As [`member_of`], registered with `body` (a [`registration`] with fields changed; its
/// `Email` is the account's address).
pub async fn member_registered_as(
    db: &TestDb,
    base: &str,
    dir: &std::path::Path,
    group: i64,
    body: Value,
) -> Client {
    let email = body["Email"].as_str().expect("Email").to_string();
    let mut c = Client::new(base).await;
    let (s, v) = c.post("/api/auth/register", body).await;
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
        &user_key(&db.pool, &email).await,
        gbvf_commands::accounts::user::UserCommand::AssignGroups {
            group_ids: vec![group],
            authority: gbvf_commands::accounts::delegation::Authority::operator(),
        },
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

/// Sets the municipalities of the signed-in user `c` through the user aggregate.
pub async fn assign_municipalities(db: &TestDb, c: &mut Client, municipalities: Vec<i64>) {
    assign_area(db, c, municipalities, vec![]).await
}

/// Sets the municipalities and provinces of the signed-in user `c` through the user aggregate.
pub async fn assign_area(
    db: &TestDb,
    c: &mut Client,
    municipalities: Vec<i64>,
    provinces: Vec<i64>,
) {
    let session = c.refresh().await;
    let email = session["user"]["email"].as_str().unwrap().to_string();
    let user = load_user(&db.pool, &email).await;
    let repo = postgres_es::PostgresEventRepository::new(db.pool.clone());
    let store = cqrs_es::persist::PersistedEventStore::new_event_store(repo);
    let cqrs =
        cqrs_es::CqrsFramework::<gbvf_commands::accounts::user::User, _>::new(store, vec![], ());
    let meta = gbvf_events::metadata::EventMetadata::now("system", "test", "test");
    cqrs.execute_with_metadata(
        user.user_id.as_deref().unwrap(),
        gbvf_commands::accounts::user::UserCommand::EditDetails {
            authority: gbvf_commands::accounts::delegation::Authority::operator(),
            person: None,
            details: gbvf_events::accounts::UserDetails {
                profile: gbvf_events::accounts::ProfileFacts {
                    person_id: user.person_id.unwrap(),
                    title_id: user.profile.title_id,
                    job_role_id: user.profile.job_role_id,
                },
                organisation_id: user.organisation_id.clone(),
                relationship_type_ids: vec![6],
                municipality_ids: municipalities,
                province_ids: provinces,
                group_ids: user.group_ids.clone(),
            },
        },
        meta.to_map(),
    )
    .await
    .unwrap();
    catch_up(&db.pool).await;
}

/// The organisation of the signed-in member `c`.
pub async fn organisation_of(db: &TestDb, c: &Client) -> String {
    let (_, session) = c.get("/api/auth/profile").await;
    let email = session["data"]["email"]
        .as_str()
        .or(session["email"].as_str())
        .map(str::to_string);
    let id: Option<String> = match email {
        Some(e) => sqlx::query_scalar(
            "SELECT organisation_id FROM user_account WHERE lower(email) = lower($1)",
        )
        .bind(e)
        .fetch_one(&db.pool)
        .await
        .unwrap(),
        None => None,
    };
    id.expect("the member has an organisation")
}

/// An approved organisation's member and the survey link of its Staff period:
/// (member, organisation id, invite code, health check id, the survey's questions).
pub async fn approved_link(
    db: &TestDb,
    base: &str,
    dir: &std::path::Path,
    admin: &Client,
    expected: i64,
) -> (Client, String, String, String, Value) {
    approved_link_of_type(db, base, dir, admin, expected, 1).await
}

/// As [`approved_link`], for an organisation of type `organisation_type`.
pub async fn approved_link_of_type(
    db: &TestDb,
    base: &str,
    dir: &std::path::Path,
    admin: &Client,
    expected: i64,
    organisation_type: i64,
) -> (Client, String, String, String, Value) {
    let mut body = registration(
        db,
        &format!("member4-{}@example.org", uuid::Uuid::new_v4().simple()),
    )
    .await;
    body["OrganisationType"] = json!(organisation_type);
    let member = member_registered_as(db, base, dir, 4, body).await;
    let org = organisation_of(db, &member).await;
    let (s, v) = admin
        .post(
            "/api/healthcheck/verify",
            json!({"VerificationStatusId": 3, "StakeholderId": org, "EmailTemplateType": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    // The organisation registered 14 members: its own people expect at most that many; a
    // platform administrator opens a link for more on its behalf.
    let (s, v) = if expected <= REGISTERED_MEMBERS {
        member
            .post(
                "/api/healthcheck/inviteCode",
                json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": expected}),
            )
            .await
    } else {
        admin
            .post(
                "/api/healthcheck/inviteCode",
                json!({"QuestionnaireId": "staff-v1", "ExpectedResponses": expected, "OrganisationId": org}),
            )
            .await
    };
    assert_eq!(s, 200, "{v}");
    let code = v["inviteCode"].as_str().unwrap().to_string();
    let hc = v["healthCheckId"].as_str().unwrap().to_string();
    let (_, survey) = Client::new(base)
        .await
        .get(&format!("/api/healthcheck/survey?inviteCode={code}"))
        .await;
    (member, org, code, hc, survey["data"].clone())
}

/// The number of members every test organisation registers with (`common::session::registration`).
pub const REGISTERED_MEMBERS: i64 = 14;
