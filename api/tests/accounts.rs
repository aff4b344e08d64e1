//! Accounts against real PostgreSQL and the real router: registration with e-mail OTP,
//! sign-in, password reset, resend limit, CSRF, throttling, the permission matrix, deleted
//! users, and no secret in clear in the database or the logs.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use common::catch_up;
use common::session::{code_for, member_of, registration, setup, Client, PASSWORD};
use gbvf_commands::accounts::permissions::DEFAULT_GROUPS;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_verify_sign_in_reset_and_resend_limit() {
    let (db, base, dir) = setup().await;
    let mut c = Client::new(&base).await;
    let email = "thandi@example.org";

    // Validation per step, with the specification's messages.
    let (s, v) = c.post("/api/auth/register", json!({"validateStep": 1, "Email": "nope", "Password": "short", "ConfirmPassword": "other"})).await;
    assert_eq!(s, 400);
    let msgs: Vec<&str> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["description"].as_str().unwrap())
        .collect();
    for m in [
        "Please enter a valid email address",
        "Password must be at least 12 characters long",
        "Passwords do not match",
        "Contact number is required",
    ] {
        assert!(msgs.contains(&m), "{m} in {msgs:?}");
    }
    assert_eq!(v["message"], msgs.join(" -- "));
    let (s, v) = c
        .post(
            "/api/auth/register",
            json!({"validateStep": 3, "MemberInOrganisation": 0}),
        )
        .await;
    assert_eq!(s, 400);
    assert!(v["message"]
        .as_str()
        .unwrap()
        .contains("Accept terms and conditions to continue"));

    // Without the CSRF token nothing changes.
    let res = reqwest::Client::new()
        .post(format!("{base}/api/auth/register"))
        .json(&registration(&db, email).await)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 403);

    let (s, v) = c
        .post("/api/auth/register", registration(&db, email).await)
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["userType"], 1);
    let code = code_for(&dir, email);
    assert_eq!(v["otp"], code, "development mode returns the code");

    // Registering the same address again changes nothing and answers like a new
    // registration, so registration does not reveal accounts.
    let (s, v) = c
        .post(
            "/api/auth/register",
            registration(&db, "Thandi@Example.org").await,
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        v["otp"],
        serde_json::Value::Null,
        "no new code for a taken address"
    );

    // Unverified: sign-in sends a new code and points to the OTP screen.
    let (s, v) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!((s, v["userType"].as_i64()), (403, Some(1)), "{v}");
    let code = code_for(&dir, email);
    let (s, v) = c
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": "12a456", "UserType": 1}),
        )
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (400, Some("OTP must only contain numbers."))
    );
    let (s, v) = c
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": code, "UserType": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["requiresPassword"], false);

    let (s, v) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await; // the organisation read model (the projector runs continuously in `gbvf serve`)
    let session = c.refresh().await;
    assert_eq!(session["isAuthenticated"], true);
    assert_eq!(session["user"]["name"], "Thandi Mokoena");
    assert_eq!(session["organisationName"], "Kouga Women's Shelter Network");
    let org_group = DEFAULT_GROUPS.iter().find(|g| g.id == 4).unwrap();
    let held: Vec<i64> = session["user"]["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_i64().unwrap())
        .collect();
    assert_eq!(
        held,
        org_group
            .actions
            .iter()
            .map(|a| *a as i64)
            .collect::<Vec<_>>()
    );

    // Profile edit.
    let (s, v) = c
        .send(reqwest::Method::PUT, "/api/auth/updateProfile", json!({"fullName": "Thandi N Mokoena", "titleId": 2, "jobRole": 1, "mobileNumber": "0821234567", "alternativeNumber": "041 293 0000"}))
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let (_, p) = c.get("/api/auth/profile").await;
    assert_eq!(p["data"]["fullName"], "Thandi N Mokoena");
    assert_eq!(p["data"]["alternativeNumber"], "0412930000");
    // A reference id beyond i32 is not a title, however its low 32 bits read (2^32 + 1 was
    // once read `as i32`, i.e. title 1); nor is one written 3.0 in the JSON anything but 3.
    let (s, v) = c
        .send(reqwest::Method::PUT, "/api/auth/updateProfile", json!({"fullName": "Thandi N Mokoena", "titleId": 4_294_967_297_i64, "jobRole": 1, "mobileNumber": "0821234567"}))
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(
        v["errors"][0]["description"], "Please select a valid title",
        "{v}"
    );
    let (s, v) = c
        .send(reqwest::Method::PUT, "/api/auth/updateProfile", json!({"fullName": "Thandi N Mokoena", "titleId": 3.0, "jobRole": 1, "mobileNumber": "0821234567"}))
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let (_, p) = c.get("/api/auth/profile").await;
    assert_eq!(p["data"]["titleId"], 3, "{p}");

    // Logout ends the session.
    let (s, _) = c.post("/api/auth/logout", json!({})).await;
    assert_eq!(s, 200);
    assert_eq!(c.refresh().await["isAuthenticated"], false);

    // Forgot → OTP → reset → sign in with the new password; the old one no longer works.
    let (s, _) = c
        .post("/api/auth/forgot-password", json!({"Email": email}))
        .await;
    assert_eq!(s, 200);
    let code = code_for(&dir, email);
    let (s, v) = c.post("/api/auth/reset-password", json!({"Email": email, "Password": "New!Password42xyz", "ConfirmPassword": "New!Password42xyz", "UserType": 3})).await;
    assert_eq!(s, 400, "reset needs a verified code first: {v}");
    let (s, _) = c
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": code, "UserType": 3}),
        )
        .await;
    assert_eq!(s, 200);
    let (s, v) = c.post("/api/auth/reset-password", json!({"Email": email, "Password": "New!Password42xyz", "ConfirmPassword": "New!Password42xyz", "UserType": 3})).await;
    assert_eq!(s, 200, "{v}");
    let (s, _) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 401);
    let (s, _) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": "New!Password42xyz"}),
        )
        .await;
    assert_eq!(s, 200);

    // Resend limit: the code above was used, so a new round starts: a code, then two resends
    // (spec §4 "OTP"); the fourth request in ten minutes is refused.
    let mut c2 = Client::new(&base).await;
    c2.refresh().await;
    for _ in 0..3 {
        let (s, v) = c2
            .post("/api/auth/forgot-password", json!({"Email": email}))
            .await;
        assert_eq!(s, 200, "{v}");
    }
    let (s, v) = c2
        .post("/api/auth/forgot-password", json!({"Email": email}))
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (429, Some("Too many OTP requests made. Try again later."))
    );
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_are_throttled_and_unknown_accounts_answer_the_same() {
    let (db, base, dir) = setup().await;
    let mut c = Client::new(&base).await;
    let email = "known@example.org";
    c.post("/api/auth/register", registration(&db, email).await)
        .await;
    c.post(
        "/api/auth/verify-otp",
        json!({"Email": email, "OTP": code_for(&dir, email), "UserType": 1}),
    )
    .await;
    c.refresh().await;
    let mut known = Vec::new();
    let mut unknown = Vec::new();
    for _ in 0..8 {
        known.push(
            c.post(
                "/api/auth/login",
                json!({"Username": email, "Password": "Wrong!Password99x"}),
            )
            .await,
        );
        unknown.push(
            c.post(
                "/api/auth/login",
                json!({"Username": "nobody@example.org", "Password": "Wrong!Password99x"}),
            )
            .await,
        );
    }
    assert_eq!(
        known, unknown,
        "no answer tells a known account from an unknown one"
    );
    let statuses: Vec<u16> = known.iter().map(|r| r.0).collect();
    assert_eq!(statuses, vec![401, 401, 401, 401, 401, 429, 429, 429]);
    assert_eq!(known[0].1["message"], "Invalid email or password.");
    // Even the right password is refused while throttled.
    let (s, _) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 429);
    // Forgot-password says the same for known and unknown addresses.
    let a = c
        .post("/api/auth/forgot-password", json!({"Email": email}))
        .await;
    let b = c
        .post(
            "/api/auth/forgot-password",
            json!({"Email": "nobody@example.org"}),
        )
        .await;
    assert_eq!(a.0, b.0);
    assert_eq!(a.1["message"], b.1["message"]);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn permission_matrix_of_state_changing_endpoints() {
    let (db, base, dir) = setup().await;
    // Every state-changing endpoint that needs a permission, with the action it declares.
    let figure = json!({"boundaryId": 10, "crimeTypeId": 6, "periodStartYear": 2024, "count": 1});
    for g in DEFAULT_GROUPS {
        let c = member_of(&db, &base, &dir, g.id).await;
        let (s, v) = c.post("/api/crime/figures", figure.clone()).await;
        let allowed = g.actions.contains(&18);
        if allowed {
            assert_eq!(s, 200, "{}: {v}", g.name);
        } else {
            assert_eq!(
                (s, v["message"].as_str()),
                (
                    403,
                    Some("You do not have permission to perform this action.")
                ),
                "{}",
                g.name
            );
        }
        // Signed-in endpoints: every group may edit its own profile.
        let (s, v) = c
            .send(reqwest::Method::PUT, "/api/auth/updateProfile", json!({"fullName": "Member Person", "titleId": 1, "jobRole": 2, "mobileNumber": "0821234567"}))
            .await;
        assert_eq!(s, 200, "{}: {v}", g.name);
    }
    // Anonymous: refused.
    let anon = Client::new(&base).await;
    assert_eq!(anon.post("/api/crime/figures", figure.clone()).await.0, 403);
    assert_eq!(
        anon.send(reqwest::Method::PUT, "/api/auth/updateProfile", json!({}))
            .await
            .0,
        403
    );
    assert_eq!(anon.post("/api/auth/add-password", json!({})).await.0, 403);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_user_is_signed_out_at_once_and_cannot_sign_in() {
    let (db, base, dir) = setup().await;
    let mut c = member_of(&db, &base, &dir, 4).await;
    let email: String = c.refresh().await["user"]["email"]
        .as_str()
        .unwrap()
        .to_string();
    let repo = postgres_es::PostgresEventRepository::new(db.pool.clone());
    let store = cqrs_es::persist::PersistedEventStore::new_event_store(repo);
    let cqrs =
        cqrs_es::CqrsFramework::<gbvf_commands::accounts::user::User, _>::new(store, vec![], ());
    let meta = gbvf_events::metadata::EventMetadata::now("system", "test", "test");
    cqrs.execute_with_metadata(
        &common::session::user_key(&db.pool, &email).await,
        gbvf_commands::accounts::user::UserCommand::Delete(
            gbvf_commands::accounts::delegation::Authority::operator(),
        ),
        meta.to_map(),
    )
    .await
    .unwrap();
    catch_up(&db.pool).await;
    assert_eq!(c.refresh().await["isAuthenticated"], false);
    let (s, _) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 401);
    db.drop_db().await;
}

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);
impl Write for Captured {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_password_or_code_in_clear_in_the_database_or_the_logs() {
    let logs = Captured::default();
    let writer = logs.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);

    let (db, base, dir) = setup().await;
    // The seeded geography holds populations, boundary ids and transaction ids: some
    // thousand six-digit numbers, so a fresh code equals one of them about once in 300
    // runs. Only occurrences beyond those already there before the code was issued count.
    let before = stored_rows(&db).await;
    let mut c = Client::new(&base).await;
    let email = "secret@example.org";
    c.post("/api/auth/register", registration(&db, email).await)
        .await;
    let code = code_for(&dir, email);
    c.post(
        "/api/auth/verify-otp",
        json!({"Email": email, "OTP": code, "UserType": 1}),
    )
    .await;
    c.post(
        "/api/auth/login",
        json!({"Username": email, "Password": PASSWORD}),
    )
    .await;
    c.refresh().await;
    c.post("/api/auth/forgot-password", json!({"Email": email}))
        .await;
    let reset_code = code_for(&dir, email);

    let after = stored_rows(&db).await;
    let hashes: Vec<String> = sqlx::query_scalar("SELECT password_hash FROM credential")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    assert!(hashes.iter().all(|h| h.starts_with("$argon2id$")));
    let logs = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    for secret in [PASSWORD, &code, &reset_code] {
        assert!(
            occurrences(&after, secret) <= occurrences(&before, secret),
            "{secret} stored in clear"
        );
        assert_eq!(occurrences(&logs, secret), 0, "{secret} in the logs");
    }
    db.drop_db().await;
}

/// Every `/api` route the router declares is in the OpenAPI document with its
/// `x-permission`, and the document has no operation the router does not serve.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_document_declares_every_route_with_its_permission() {
    let (db, base, _dir) = setup().await;
    let anon = Client::new(&base).await;
    let (s, doc) = anon.get("/api/openapi.json").await;
    assert_eq!(s, 200);
    let mut documented = std::collections::BTreeSet::new();
    let mut missing = Vec::new();
    let mut operation_ids = std::collections::HashSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            documented.insert((method.to_uppercase(), path.clone()));
            // operationIds are unique (OpenAPI 3.1 §4.8.10.1; the web client is generated by them).
            let id = op["operationId"].as_str().unwrap_or_default().to_string();
            assert!(
                !id.is_empty() && operation_ids.insert(id.clone()),
                "{method} {path}: operationId {id:?} missing or repeated"
            );
            if !op["x-permission"].is_string() {
                missing.push(format!("{method} {path}"));
            }
        }
    }
    let routed: std::collections::BTreeSet<(String, String)> = gbvf_api::http::declared()
        .into_iter()
        .map(|d| (d.method.to_string(), d.path.to_string()))
        .collect();
    assert!(
        documented == routed,
        "the document and the router disagree: documented only {:?}; routed only {:?}",
        documented.difference(&routed).collect::<Vec<_>>(),
        routed.difference(&documented).collect::<Vec<_>>()
    );
    assert!(missing.is_empty(), "no x-permission: {missing:?}");
    // And the routes are really served (not 404 from the /api fallback).
    for (method, path) in &routed {
        let path = path.replace(['{', '}'], "");
        let (s, v) = anon.send(method.parse().unwrap(), &path, json!({})).await;
        assert!(
            !(s == 404 && v["message"] == "No such API endpoint."),
            "{method} {path} is not served"
        );
    }
    db.drop_db().await;
}

/// The permission matrix, driven by the document. For every operation whose
/// `x-permission` names actions, a member of each default group holding none of them, and an
/// anonymous caller, get 403 with the specification's message (public spec §8) — before the
/// body is read (an empty body is sent); "signed in" operations refuse anonymous callers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn permission_matrix_over_the_document() {
    let (db, base, dir) = setup().await;
    let anon = Client::new(&base).await;
    let (_, doc) = anon.get("/api/openapi.json").await;
    let mut members = Vec::new();
    for g in DEFAULT_GROUPS {
        members.push((g, member_of(&db, &base, &dir, g.id).await));
    }
    let forbidden = Some("You do not have permission to perform this action.");
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        // A path parameter that names an existing thing is not needed: the refusal comes first.
        let concrete = path.replace("{id}", "1").replace(['{', '}'], "");
        for (method, op) in item.as_object().unwrap() {
            let permission = op["x-permission"].as_str().unwrap();
            if permission == "anonymous" {
                continue;
            }
            let m: reqwest::Method = method.to_uppercase().parse().unwrap();
            let (s, v) = anon.send(m.clone(), &concrete, json!({})).await;
            assert_eq!(
                (s, v["message"].as_str()),
                (403, forbidden),
                "anonymous {method} {path}"
            );
            checked += 1;
            // The action ids in "Name (id) or Name (id)".
            let ids: Vec<i32> = permission
                .split(['(', ')'])
                .filter_map(|t| t.trim().parse().ok())
                .collect();
            for (g, c) in &members {
                if ids.is_empty() || ids.iter().any(|a| g.actions.contains(a)) {
                    continue;
                }
                let (s, v) = c.send(m.clone(), &concrete, json!({})).await;
                assert_eq!(
                    (s, v["message"].as_str()),
                    (403, forbidden),
                    "{} {method} {path} ({permission})",
                    g.name
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 60, "only {checked} refusals checked");
    println!("permission matrix over the document: {checked} refusals checked");
    db.drop_db().await;
}

/// Whether `text` holds `secret` as a value of its own: not inside a longer run of digits and not
/// as the fraction of a timestamp or duration (`19:32:45.012199Z`, `0.012199`), where a random
/// six-digit code turns up by chance in about one run in a hundred (CI, 2026-11-23).
/// Every row of the tables a password or a one-time code could leak into, as JSON text.
async fn stored_rows(db: &common::TestDb) -> String {
    let mut everything = String::new();
    for table in [
        "events",
        "credential",
        "otp_challenge",
        "tower_sessions.session",
        "snapshots",
    ] {
        let rows: Vec<String> =
            sqlx::query_scalar(&format!("SELECT row_to_json(t)::text FROM {table} t"))
                .fetch_all(&db.pool)
                .await
                .unwrap();
        everything.push_str(&rows.join("\n"));
        everything.push('\n');
    }
    everything
}

/// How often `secret` appears in `text` as a value of its own. A numeric code counts only
/// where it stands alone: not inside a longer number, a timestamp's fraction of a second, or
/// a run of hexadecimal or base64 (a hash, a bytea, a session id).
fn occurrences(text: &str, secret: &str) -> usize {
    if !secret.chars().all(|c| c.is_ascii_digit()) {
        return text.matches(secret).count();
    }
    let joined = |c: Option<char>| {
        c.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '/'))
    };
    text.match_indices(secret)
        .filter(|(at, _)| {
            let before = text[..*at].chars().next_back();
            let after = text[at + secret.len()..].chars().next();
            !joined(before) && !joined(after)
        })
        .count()
}

#[test]
fn a_code_is_found_as_a_value_but_not_inside_a_timestamp_or_a_hash() {
    assert_eq!(occurrences(r#"{"OTP":"012199"}"#, "012199"), 1);
    assert_eq!(occurrences("code=012199 sent", "012199"), 1);
    assert_eq!(occurrences("2026-11-23T19:32:45.012199Z", "012199"), 0);
    assert_eq!(occurrences("id 30121994", "012199"), 0);
    assert_eq!(occurrences("a Secret.Password9 b", "Secret.Password9"), 1);
    assert_eq!(occurrences("\"OTP\":012199,", "012199"), 1);
    assert_eq!(occurrences(r#""\\x9f3a012199be""#, "012199"), 0);
    assert_eq!(
        occurrences("$argon2id$v=19$m=19456$ab+012199/cd", "012199"),
        0
    );
    assert_eq!(occurrences("session 9c012199", "012199"), 0);
}

/// Parallel guesses at one code get at most five tries between them (spec §4 "OTP"), the
/// right code after them is refused as used up, and of two right answers at one moment
/// only one verifies the challenge. The browser that asked for the code and all other
/// browsers each get five tries: guesses elsewhere do not use up the owner's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parallel_guesses_share_five_tries_and_a_code_verifies_once() {
    use gbvf_api::accounts::one_time_codes::{check, issue, Checked, MAX_ATTEMPTS};
    let db = common::TestDb::new().await;
    let (owner, elsewhere) = ("owner-browser", "other-browser");
    let code = issue(&db.pool, "guessed@example.org", 1, Some(owner))
        .await
        .unwrap();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for browser in [elsewhere, owner] {
        let guesses = (0..20).map(|_| check(&db.pool, "guessed@example.org", 1, wrong, browser));
        let outcomes = futures::future::join_all(guesses).await;
        let wrongs = outcomes
            .iter()
            .filter(|o| matches!(o, Ok(Checked::Wrong)))
            .count();
        assert_eq!(wrongs, MAX_ATTEMPTS as usize, "{browser}: {outcomes:?}");
        assert_eq!(
            check(&db.pool, "guessed@example.org", 1, &code, browser)
                .await
                .unwrap(),
            Checked::Expired,
            "{browser}"
        );
    }

    let code = issue(&db.pool, "answered@example.org", 1, Some(owner))
        .await
        .unwrap();
    let answers = (0..2).map(|_| check(&db.pool, "answered@example.org", 1, &code, owner));
    let outcomes = futures::future::join_all(answers).await;
    let valid = outcomes
        .iter()
        .filter(|o| matches!(o, Ok(Checked::Valid)))
        .count();
    assert_eq!(valid, 1, "{outcomes:?}");
    db.drop_db().await;
}
