//! One regression test per account-security hole, each against the real `gbvf
//! serve` process (tests/common/process.rs) and real PostgreSQL. docs/security.md lists which
//! test proves which control.

mod common;

use common::process::{self, GbvfServer};
use common::session::{code_for, codes_for, member_of, registration, Client, PASSWORD};
use common::{catch_up, import_geography, TestDb};
use serde_json::{json, Value};

const NEW_PASSWORD: &str = "Another!Strong7Password";

async fn db() -> TestDb {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    db
}

/// A client whose requests appear to come from `address` through a trusted proxy.
async fn client_from(base: &str, address: &str) -> Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-forwarded-for", address.parse().unwrap());
    Client::with_headers(base, headers).await
}

/// Registers and verifies `email` through the API; returns a signed-in client.
async fn verified_user(db: &TestDb, srv: &GbvfServer, email: &str) -> Client {
    let c = Client::new(&srv.base).await;
    let (s, v) = c
        .post("/api/auth/register", registration(db, email).await)
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = c
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": code_for(&srv.outbox, email), "UserType": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    login(&srv.base, email, PASSWORD).await
}

async fn login(base: &str, email: &str, password: &str) -> Client {
    let mut c = Client::new(base).await;
    let (s, v) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": password}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(c.refresh().await["isAuthenticated"], true);
    c
}

/// Hole 1: a reset code verified in one browser let any other session set the password.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_verified_reset_code_works_only_in_the_browser_that_proved_it_and_only_once() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let admin = "first.admin@example.org";
    let (ok, err) = process::run(&db.url, &[], &["users", "create-admin", "--email", admin]);
    assert!(ok, "{err}");
    let owner = Client::new(&srv.base).await;
    let (s, _) = owner
        .post("/api/auth/forgot-password", json!({"Email": admin}))
        .await;
    assert_eq!(s, 200);
    let code = code_for(&srv.outbox, admin);
    let (s, v) = owner
        .post(
            "/api/auth/verify-otp",
            json!({"Email": admin, "OTP": code, "UserType": 3}),
        )
        .await;
    assert_eq!(s, 200, "{v}");

    // The attacker: a second, unrelated browser with its own cookie and CSRF token.
    let attacker = Client::new(&srv.base).await;
    let body = json!({"Email": admin, "Password": "Attacker!Owns9ThisNow", "ConfirmPassword": "Attacker!Owns9ThisNow"});
    for _ in 0..3 {
        let (s, v) = attacker
            .post("/api/auth/reset-password", body.clone())
            .await;
        assert_eq!(s, 400, "the attacker's reset must fail: {v}");
    }
    let (s, _) = Client::new(&srv.base)
        .await
        .post(
            "/api/auth/login",
            json!({"Username": admin, "Password": "Attacker!Owns9ThisNow"}),
        )
        .await;
    assert_eq!(s, 401, "the attacker cannot sign in as the administrator");

    // The owner's browser completes the reset, once.
    let mine = json!({"Email": admin, "Password": NEW_PASSWORD, "ConfirmPassword": NEW_PASSWORD});
    let (s, v) = owner.post("/api/auth/reset-password", mine.clone()).await;
    assert_eq!(s, 200, "{v}");
    let (s, _) = owner.post("/api/auth/reset-password", mine).await;
    assert_eq!(s, 400, "a verified code is consumed once");
    login(&srv.base, admin, NEW_PASSWORD).await;

    // The used code ended its round: a second reset in the same ten minutes gets a code and
    // two resends (spec §4 "OTP"), and the third resend is refused.
    let again = Client::new(&srv.base).await;
    for (i, expected) in [200, 200, 200, 429].into_iter().enumerate() {
        let (s, v) = again
            .post("/api/auth/forgot-password", json!({"Email": admin}))
            .await;
        assert_eq!(s, expected, "request {} of the second round: {v}", i + 1);
        if s == 200 {
            assert_eq!(v["resendCount"], i as i64, "{v}");
        }
    }
    db.drop_db().await;
}

/// Hole 2: per-address limits never ran in `gbvf serve` (no connect info). 40 failed
/// sign-ins for 40 addresses from one client, spread over two server processes on one
/// database: the 31st and later are refused, on either process, and a forged
/// X-Forwarded-For is ignored without a trusted proxy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_sign_ins_are_limited_per_client_address_across_processes() {
    let db = db().await;
    let a = GbvfServer::start(&db.url, &[]).await;
    let b = GbvfServer::start(&db.url, &[]).await;
    let mut statuses = vec![];
    for i in 0..40 {
        let base = if i % 2 == 0 { &a.base } else { &b.base };
        let c = client_from(base, &format!("198.51.100.{i}")).await;
        let (s, _) = c
            .post(
                "/api/auth/login",
                json!({"Username": format!("nobody{i}@example.org"), "Password": "Wrong!Password1"}),
            )
            .await;
        statuses.push(s);
    }
    assert!(statuses[..30].iter().all(|s| *s == 401), "{statuses:?}");
    assert!(statuses[30..].iter().all(|s| *s == 429), "{statuses:?}");
    db.drop_db().await;
}

/// Behind a trusted proxy the client is the forwarded address: a flood from one address
/// neither blocks another address nor locks the owner out of their account.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_signs_in_from_elsewhere_while_an_attacker_is_backed_off() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[("GBVF_TRUSTED_PROXIES", "127.0.0.1")]).await;
    let email = "owner@example.org";
    verified_user(&db, &srv, email).await;
    let attacker = client_from(&srv.base, "203.0.113.9").await;
    let mut statuses = vec![];
    for _ in 0..8 {
        let (s, _) = attacker
            .post(
                "/api/auth/login",
                json!({"Username": email, "Password": "Guess!Guess123"}),
            )
            .await;
        statuses.push(s);
    }
    assert_eq!(&statuses[..5], &[401; 5], "{statuses:?}");
    assert!(statuses[5..].contains(&429), "backed off: {statuses:?}");
    // Even the right password waits out the back-off from the attacker's address...
    let (s, _) = attacker
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 429);
    // ...but the owner, elsewhere, is not locked out.
    let owner = client_from(&srv.base, "198.51.100.77").await;
    let (s, v) = owner
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    db.drop_db().await;
}

/// Hole 3: codes could be guessed forever (resends reset the attempts). Wrong codes are
/// capped per account and day across resends, and per client address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_codes_are_capped_per_account_across_resends_and_per_address() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let email = "guessed@example.org";
    let c = Client::new(&srv.base).await;
    let (s, _) = c
        .post("/api/auth/register", registration(&db, email).await)
        .await;
    assert_eq!(s, 200);
    let wrong = |code: &str| if code == "000000" { "111111" } else { "000000" }.to_string();
    let mut answers = vec![];
    for round in 1..=2 {
        let code = codes_for(&srv.outbox, email, round)[0].clone();
        for _ in 0..5 {
            let (s, v) = c
                .post(
                    "/api/auth/verify-otp",
                    json!({"Email": email, "OTP": wrong(&code), "UserType": 1}),
                )
                .await;
            answers.push((s, v["message"].as_str().unwrap_or_default().to_string()));
        }
        let (s, _) = c
            .post(
                "/api/auth/resend-otp",
                json!({"Email": email, "UserType": 1}),
            )
            .await;
        assert_eq!(s, 200);
    }
    assert!(answers.iter().all(|(s, _)| *s == 400), "{answers:?}");
    // Ten wrong codes today: even the right, fresh code is refused now.
    let fresh = codes_for(&srv.outbox, email, 3)[0].clone();
    let (s, v) = c
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": fresh, "UserType": 1}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("Too many wrong codes"),
        "{v}"
    );

    // Per address: guesses at many accounts from one address are cut off.
    let mut statuses = vec![];
    for i in 0..25 {
        let (s, _) = c
            .post(
                "/api/auth/verify-otp",
                json!({"Email": format!("someone{i}@example.org"), "OTP": "123456", "UserType": 3}),
            )
            .await;
        statuses.push(s);
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    db.drop_db().await;
}

/// Wrong reset codes typed in other browsers, from other addresses, neither void the owner's
/// code nor lock the owner's browser out for the day: the browser that asked for a code keeps
/// its own budget of tries. Guessing stays bounded: once other browsers have used up the
/// account's wrong codes for the day, even the right code is refused to them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_codes_from_elsewhere_do_not_lock_out_the_browser_that_asked_for_the_code() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[("GBVF_TRUSTED_PROXIES", "127.0.0.1")]).await;
    let email = "locked.out@example.org";
    verified_user(&db, &srv, email).await;
    let wrong = |code: &str| if code == "000000" { "111111" } else { "000000" }.to_string();
    let mut sent = codes_for(&srv.outbox, email, 1).len();
    for round in 0..2 {
        let owner = client_from(&srv.base, "198.51.100.7").await;
        let (s, v) = owner
            .post("/api/auth/forgot-password", json!({"Email": email}))
            .await;
        assert_eq!(s, 200, "{v}");
        sent += 1;
        let code = codes_for(&srv.outbox, email, sent)[0].clone();
        // Twelve wrong codes, each from another browser at another address.
        for i in 0..12 {
            let attacker = client_from(&srv.base, &format!("203.0.113.{}", round * 20 + i)).await;
            let (s, v) = attacker
                .post(
                    "/api/auth/verify-otp",
                    json!({"Email": email, "OTP": wrong(&code), "UserType": 3}),
                )
                .await;
            assert_eq!(s, 400, "round {round}, guess {i}: {v}");
        }
        if round == 1 {
            // Ten wrong codes from elsewhere today: other browsers are refused even the
            // right code.
            let elsewhere = client_from(&srv.base, "203.0.113.99").await;
            let (s, v) = elsewhere
                .post(
                    "/api/auth/verify-otp",
                    json!({"Email": email, "OTP": code, "UserType": 3}),
                )
                .await;
            assert_eq!(s, 400, "{v}");
            assert!(
                v["message"]
                    .as_str()
                    .unwrap()
                    .contains("Too many wrong codes"),
                "{v}"
            );
        }
        // The owner's browser, which asked for the code, still proves it and resets.
        let (s, v) = owner
            .post(
                "/api/auth/verify-otp",
                json!({"Email": email, "OTP": code, "UserType": 3}),
            )
            .await;
        assert_eq!(s, 200, "round {round}: {v}");
        let new = format!("{NEW_PASSWORD}{round}");
        let mine = json!({"Email": email, "Password": new, "ConfirmPassword": new});
        let (s, v) = owner.post("/api/auth/reset-password", mine).await;
        assert_eq!(s, 200, "round {round}: {v}");
    }
    login(&srv.base, email, &format!("{NEW_PASSWORD}1")).await;
    db.drop_db().await;
}

/// Someone who asks for codes himself, each from a fresh browser, gets a budget per browser but
/// not an endless one: wrong codes typed in requesting browsers are bounded per account and
/// day. A browser that signed in to the account before is not held by that bound, so the owner
/// still resets from their own browser.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guesses_at_codes_asked_for_from_fresh_browsers_are_bounded_but_not_in_a_known_browser() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[("GBVF_TRUSTED_PROXIES", "127.0.0.1")]).await;
    let email = "asked.for@example.org";
    let owner = verified_user(&db, &srv, email).await;
    let attacker = client_from(&srv.base, "203.0.113.5").await;
    let (s, _) = attacker
        .post("/api/auth/forgot-password", json!({"Email": email}))
        .await;
    assert_eq!(s, 200);
    let code = codes_for(&srv.outbox, email, 2)[0].clone();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let (s, _) = attacker
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": wrong, "UserType": 3}),
        )
        .await;
    assert_eq!(s, 400);
    // As after 20 wrong codes in 20 fresh requesting browsers (each needs a code request, of
    // which the account allows 3 in 10 minutes).
    sqlx::query(
        "UPDATE auth_limit SET hits = 20 WHERE scope = 'wrong-code:account-requesters-day'",
    )
    .execute(&db.pool)
    .await
    .unwrap();
    let (s, v) = attacker
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": code, "UserType": 3}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("Too many wrong codes"),
        "{v}"
    );
    // The owner's browser signed in before: its own code still works.
    let (s, _) = owner
        .post("/api/auth/forgot-password", json!({"Email": email}))
        .await;
    assert_eq!(s, 200);
    let code = codes_for(&srv.outbox, email, 3)[0].clone();
    let (s, v) = owner
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": code, "UserType": 3}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    db.drop_db().await;
}

fn without_email(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("email");
    v.as_object_mut().unwrap().remove("otp");
    v
}

/// Enumeration: code requests answered differently for real accounts; registration of a
/// taken address answered 409.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn code_requests_and_registration_do_not_reveal_accounts() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[("GBVF_TRUSTED_PROXIES", "127.0.0.1")]).await;
    let known = "known@example.org";
    verified_user(&db, &srv, known).await;
    let mut seen: Vec<Vec<(u16, Value)>> = vec![];
    for (i, email) in [known, "unknown@example.org"].into_iter().enumerate() {
        let c = client_from(&srv.base, &format!("192.0.2.{i}")).await;
        let mut answers = vec![];
        for _ in 0..4 {
            let (s, v) = c
                .post("/api/auth/forgot-password", json!({"Email": email}))
                .await;
            answers.push((s, without_email(v)));
        }
        seen.push(answers);
    }
    assert_eq!(seen[0], seen[1], "known and unknown addresses answer alike");
    assert_eq!(
        seen[0][3].0, 429,
        "the fourth request in ten minutes is refused"
    );

    // Registering a taken address answers like a new registration; the owner is told.
    let c = client_from(&srv.base, "192.0.2.50").await;
    let (s1, v1) = c
        .post("/api/auth/register", registration(&db, known).await)
        .await;
    let (s2, v2) = c
        .post(
            "/api/auth/register",
            registration(&db, "brand.new@example.org").await,
        )
        .await;
    assert_eq!((s1, s2), (200, 200), "{v1} {v2}");
    assert_eq!(without_email(v1), without_email(v2));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let list = gbvf_api::http::auth::mail::list_outbox(&srv.outbox).unwrap_or_default();
        if let Some(m) = list
            .iter()
            .find(|m| m.to.contains(known) && m.raw.contains("tried to register"))
        {
            // Its link points at this server, started on a port of its own (not 8080).
            let text = common::session::message_text(&m.raw);
            assert!(
                text.contains(&format!("{}/auth/login/", srv.base)),
                "{}",
                m.raw
            );
            break;
        }
        assert!(std::time::Instant::now() < deadline, "owner not told");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    db.drop_db().await;
}

/// ASVS 3.3.3: a password change or reset ends every other session of the user; the session
/// that changed it carries on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_change_or_reset_ends_the_users_other_sessions() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let email = "two.browsers@example.org";
    let mut first = verified_user(&db, &srv, email).await;
    let mut second = login(&srv.base, email, PASSWORD).await;
    let (s, v) = first
        .send(
            reqwest::Method::PUT,
            "/api/auth/updateProfile",
            json!({"fullName": "Thandi Mokoena", "titleId": 3, "jobRole": 3, "mobileNumber": "0821234567",
                   "CurrentPassword": PASSWORD, "NewPassword": NEW_PASSWORD, "ConfirmPassword": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(first.refresh().await["isAuthenticated"], true);
    assert_eq!(second.refresh().await["isAuthenticated"], false);

    // A reset through another browser ends this one too.
    let resetter = Client::new(&srv.base).await;
    resetter
        .post("/api/auth/forgot-password", json!({"Email": email}))
        .await;
    let code = code_for(&srv.outbox, email);
    let (s, _) = resetter
        .post(
            "/api/auth/verify-otp",
            json!({"Email": email, "OTP": code, "UserType": 3}),
        )
        .await;
    assert_eq!(s, 200);
    let (s, _) = resetter
        .post(
            "/api/auth/reset-password",
            json!({"Email": email, "Password": PASSWORD, "ConfirmPassword": PASSWORD}),
        )
        .await;
    assert_eq!(s, 200);
    assert_eq!(first.refresh().await["isAuthenticated"], false);
    db.drop_db().await;
}

/// Privilege escalation: holders of SetGroupMember or AddGroupAction could grant themselves
/// anything. Nobody grants what they do not hold, nor edits their own groups.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_grants_what_they_do_not_hold_or_edits_their_own_groups() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let admin = member_of(&db, &srv.base, &srv.outbox, 1).await;
    // A manager group: sign in, see users (33), add members (5), add group actions (9).
    let (s, v) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "Managers", "UserActions": [5, 9, 12, 33]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let managers = v["groupId"].as_i64().unwrap();
    catch_up(&db.pool).await;
    // Nor deletes a group they belong to (an administrator deleting the administrators' group
    // would lock every administrator out), while another group may be deleted.
    let (s, v) = admin
        .send(
            reqwest::Method::DELETE,
            "/api/security/deleteGroup?groupId=1",
            json!({}),
        )
        .await;
    assert_eq!(s, 403, "deleting one's own group: {v}");
    let (s, v) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "Short-lived", "UserActions": [12]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = admin
        .send(
            reqwest::Method::DELETE,
            &format!("/api/security/deleteGroup?groupId={}", v["groupId"]),
            json!({}),
        )
        .await;
    assert_eq!(s, 200, "deleting another group: {v}");
    let manager = member_of(&db, &srv.base, &srv.outbox, managers).await;
    let (_, me) = manager.post("/api/auth/userAuthenticated", json!({})).await;
    let my_id = me["user"]["userId"].as_str().unwrap().to_string();
    let my_email = me["user"]["email"].as_str().unwrap().to_string();
    let org = common::session::load_user(&db.pool, &my_email)
        .await
        .organisation_id
        .unwrap();
    let form = |email: &str, groups: Vec<i64>| {
        json!({"titleId": 1, "name": "Sipho Dlamini", "roleId": 3, "companyId": org, "groupIds": groups,
               "contacts": [{"contactTypeId": 1, "detail": email}], "stakeholderRelationships": [{"stakeholderRelationshipTypeId": 1}]})
    };
    let (s, v) = manager
        .post(
            "/api/security/createNewUser",
            form("crony@example.org", vec![1]),
        )
        .await;
    assert_eq!(s, 403, "a user in the administrators' group: {v}");
    let (s, v) = manager
        .send(
            reqwest::Method::PUT,
            &format!("/api/security/editUserDetails?stakeholderId={my_id}"),
            form(&my_email, vec![managers, 1]),
        )
        .await;
    assert_eq!(s, 403, "joining another group oneself: {v}");
    let (s, v) = manager
        .post(
            "/api/security/addGroupActions",
            json!({"GroupId": managers, "UserActions": [36]}),
        )
        .await;
    assert_eq!(s, 403, "adding to one's own group: {v}");
    let (s, v) = manager
        .post(
            "/api/security/addGroupActions",
            json!({"GroupId": 4, "UserActions": [36]}),
        )
        .await;
    assert_eq!(s, 403, "granting an action one does not hold: {v}");
    let (s, v) = manager
        .post(
            "/api/security/addGroupActions",
            json!({"GroupId": 4, "UserActions": [33]}),
        )
        .await;
    assert_eq!(
        s, 200,
        "granting an action one holds, to another group: {v}"
    );
    // Nobody strips or deletes a group that holds more than they do. A steward may take group
    // actions away (10) and delete groups (8), so only the aggregate's rule refuses: the
    // administrators' group (1) keeps LogIntoSystem (12), which the steward holds, and stays.
    let (s, v) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "Stewards", "UserActions": [8, 10, 12, 33]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let stewards = v["groupId"].as_i64().unwrap();
    catch_up(&db.pool).await;
    let steward = member_of(&db, &srv.base, &srv.outbox, stewards).await;
    let (s, v) = steward
        .send(
            reqwest::Method::DELETE,
            "/api/security/deleteGroupActions",
            json!({"GroupId": 1, "UserActions": [12]}),
        )
        .await;
    assert_eq!(s, 403, "stripping the administrators' group: {v}");
    let (s, v) = steward
        .send(
            reqwest::Method::DELETE,
            "/api/security/deleteGroup?groupId=1",
            json!({}),
        )
        .await;
    assert_eq!(s, 403, "deleting the administrators' group: {v}");
    // The same steward deletes a group holding no more than they do.
    let (s, v) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "Readers", "UserActions": [12, 33]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = steward
        .send(
            reqwest::Method::DELETE,
            &format!("/api/security/deleteGroup?groupId={}", v["groupId"]),
            json!({}),
        )
        .await;
    assert_eq!(s, 200, "deleting a group holding no more: {v}");
    let held: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_type = 'group' AND aggregate_id = '1'
           AND event_type IN ('GroupActionsRemoved', 'GroupDeleted')",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(held, 0, "nothing appended for the administrators' group");
    db.drop_db().await;
}

/// Framing: an embed page (`/embed/...`) may be framed by any site (CSP `frame-ancestors *`,
/// no `X-Frame-Options`) and serves the embed entry; every other page, the API and a path
/// that only starts like an embed's refuse framing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_embed_pages_may_be_framed_by_other_sites() {
    let db = db().await;
    let web = std::env::temp_dir().join(format!("gbvf-web-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>dashboard</title>",
    )
    .unwrap();
    std::fs::write(
        web.join("embed.html"),
        "<!doctype html><title>embed</title>",
    )
    .unwrap();
    let srv =
        GbvfServer::start_with_args(&db.url, &[], &["--web-dir", web.to_str().unwrap()]).await;
    let http = reqwest::Client::new();
    for path in [
        "/embed/chart?boundaryId=1",
        "/embed/map",
        "/embed/grid?componentId=3",
    ] {
        let r = http
            .get(format!("{}{path}", srv.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{path}");
        let h = r.headers().clone();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.ends_with("frame-ancestors *"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self';"), "{path}: {csp}");
        assert!(!h.contains_key("x-frame-options"), "{path}");
        assert!(
            r.text().await.unwrap().contains("<title>embed</title>"),
            "{path}"
        );
    }
    for path in [
        "/home",
        "/home/chart",
        "/",
        "/embedded",
        "/api/health",
        "/data/catalog.jsonld",
    ] {
        let r = http
            .get(format!("{}{path}", srv.base))
            .send()
            .await
            .unwrap();
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
    }
    std::fs::remove_dir_all(&web).unwrap();
    db.drop_db().await;
}

/// Headers and cookies: CSP without inline scripts, no framing, nosniff, referrer policy;
/// `__Host-` Secure cookies unless development mode asks for insecure ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn responses_carry_security_headers_and_host_prefixed_secure_cookies() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let http = reqwest::Client::new();
    for path in ["/api/health", "/api/no-such-thing", "/"] {
        let r = http
            .get(format!("{}{path}", srv.base))
            .send()
            .await
            .unwrap();
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self';"), "{path}: {csp}");
        assert!(!csp.contains("script-src 'self' 'unsafe-inline'"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
    }
    let r = http
        .post(format!("{}/api/auth/userAuthenticated", srv.base))
        .send()
        .await
        .unwrap();
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.starts_with("__Host-gbvf_browser="), "{cookie}");
    for part in ["Secure", "HttpOnly", "Path=/", "SameSite=Strict"] {
        assert!(cookie.contains(part), "{part} in {cookie}");
    }
    let email = "cookie@example.org";
    let c = Client::new(&srv.base).await;
    c.post("/api/auth/register", registration(&db, email).await)
        .await;
    c.post(
        "/api/auth/verify-otp",
        json!({"Email": email, "OTP": code_for(&srv.outbox, email), "UserType": 1}),
    )
    .await;
    let r = c
        .http
        .post(format!("{}/api/auth/login", srv.base))
        .header("x-csrf-token", c.csrf())
        .json(&json!({"Username": email, "Password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let session = r.headers()["set-cookie"].to_str().unwrap();
    assert!(session.starts_with("__Host-gbvf_session="), "{session}");
    assert!(
        session.contains("Secure") && session.contains("HttpOnly"),
        "{session}"
    );

    let dev = GbvfServer::start(&db.url, &[("GBVF_COOKIE_SECURE", "false")]).await;
    let r = http
        .post(format!("{}/api/auth/userAuthenticated", dev.base))
        .send()
        .await
        .unwrap();
    let cookie = r.headers()["set-cookie"].to_str().unwrap();
    assert!(
        cookie.starts_with("gbvf_browser=") && !cookie.contains("Secure"),
        "{cookie}"
    );
    db.drop_db().await;
}

/// Development mode cannot be left on by accident on a public address.
/// `gbvf users create-admin` run beside a server on another port than 8080 links to that
/// server (the address it recorded when it started), sends the new administrator straight to
/// the reset form, and greets without a placeholder name ("Hello System," read oddly).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_admin_links_to_the_running_server_and_greets_without_a_placeholder() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let admin = "port.admin@example.org";
    let out = std::process::Command::new(process::binary())
        .args(["users", "create-admin", "--email", admin])
        .env("DATABASE_URL", &db.url)
        .env("GBVF_OUTBOX_DIR", &srv.outbox)
        .env("RUST_LOG", "warn")
        .env_remove("GBVF_BASE_URL")
        .env_remove("PORT")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let form = format!("{}/auth/forgot-password/", srv.base);
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains(&form), "{printed}");
    let mail = gbvf_api::http::auth::mail::list_outbox(&srv.outbox)
        .unwrap()
        .into_iter()
        .find(|m| m.to.contains(admin))
        .expect("the invitation");
    assert!(mail.raw.contains(&form), "{}", mail.raw);
    assert!(mail.raw.contains("Hello,"), "{}", mail.raw);
    assert!(!mail.raw.contains("Hello System"), "{}", mail.raw);
    db.drop_db().await;
}

/// A page's first reads and its session check leave at once, without a cookie. Only the
/// answers that hand out or use the token issue the browser cookie, so whatever order the
/// first answers arrive in, the cookie the browser keeps is the one of the token the session
/// check gave, and the page's first change is not refused as an expired session.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_browsers_first_change_is_accepted_whatever_order_its_first_answers_arrive() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    // No cookie store: every request is the browser's very first.
    let http = reqwest::Client::new();
    let read = |path: &str| http.get(format!("{}{path}", srv.base)).send();
    for path in [
        "/api/config/feature-flags",
        "/api/geography/boundary/list/2/1",
    ] {
        let r = read(path).await.unwrap();
        assert_eq!(r.status(), 200, "{path}");
        assert!(
            r.headers().get("set-cookie").is_none(),
            "{path} issued a browser cookie: {:?}",
            r.headers().get("set-cookie")
        );
    }
    let r = http
        .post(format!("{}/api/auth/userAuthenticated", srv.base))
        .send()
        .await
        .unwrap();
    let cookie = r.headers()["set-cookie"].to_str().unwrap();
    let cookie = cookie.split(';').next().unwrap().to_string();
    let token = r.json::<Value>().await.unwrap()["csrfToken"]
        .as_str()
        .unwrap()
        .to_string();
    // The feature flags answering after the session check set no cookie of their own, so the
    // browser keeps the session check's, and its first change carries the matching token: a
    // sign-in with a wrong password is refused as such (401), not as an expired session (403).
    let late = read("/api/config/feature-flags").await.unwrap();
    assert!(late.headers().get("set-cookie").is_none());
    let r = http
        .post(format!("{}/api/auth/login", srv.base))
        .header("cookie", &cookie)
        .header("x-csrf-token", &token)
        .json(&json!({"Username": "nobody@example.org", "Password": "Wrong!Password9"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401, "{}", r.text().await.unwrap());
    // The token read issues the cookie too (the client's way to a token before a change).
    let r = read("/api/auth/csrf").await.unwrap();
    assert!(r.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .starts_with("__Host-gbvf_browser="));
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn development_mode_is_refused_unless_bound_to_loopback() {
    let db = TestDb::new().await;
    let (ok, err) = process::run(
        &db.url,
        &[("GBVF_DEV_MODE", "true")],
        &["serve", "--bind", "0.0.0.0", "--port", "0"],
    );
    assert!(!ok, "serve must refuse");
    assert!(err.contains("GBVF_DEV_MODE=true is refused"), "{err}");
    let srv = GbvfServer::start(&db.url, &[]).await;
    let log = std::fs::read_to_string(&srv.log).unwrap();
    assert!(log.contains("DEVELOPMENT MODE"), "a loud warning: {log}");
    let v: Value = reqwest::Client::new()
        .post(format!("{}/api/auth/userAuthenticated", srv.base))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        v["devMode"], true,
        "the web app is told, and shows a banner"
    );
    db.drop_db().await;
}

/// Request limits: the import's permission is checked before its body is read; other calls
/// take small bodies; an invalid bearer token does not skip the CSRF check.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn permission_before_body_small_bodies_and_no_csrf_bypass_by_bearer() {
    let db = TestDb::new().await;
    let srv = GbvfServer::start(
        &db.url,
        &[("GBVF_OPERATOR_TOKEN", "operator-token-for-tests-1234")],
    )
    .await;
    let c = Client::new(&srv.base).await;
    let huge = vec![b'a'; 100 * 1024 * 1024];
    let r = c
        .http
        .post(format!("{}/api/crime/import", srv.base))
        .header("x-csrf-token", c.csrf())
        .body(huge)
        .send()
        .await;
    // Refused before the body is read: 403, or the connection closed while sending.
    if let Ok(r) = r {
        assert_eq!(r.status(), 403);
    }
    let (s, _) = c
        .post(
            "/api/auth/login",
            json!({"Username": "x@example.org", "Password": "y".repeat(400 * 1024)}),
        )
        .await;
    assert_eq!(s, 413);
    let r = reqwest::Client::new()
        .post(format!("{}/api/crime/figures", srv.base))
        .header("authorization", "Bearer not-the-operator-token")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    let v: Value = r.json().await.unwrap();
    assert_eq!(
        v["message"],
        gbvf_api::http::auth::CSRF_MESSAGE,
        "an invalid bearer token gets the CSRF refusal"
    );
    // A method the route does not serve is 405 with `Allow`, before any CSRF check; a served
    // method without the token is still refused.
    for method in ["PUT", "DELETE", "PATCH", "TRACE"] {
        let r = reqwest::Client::new()
            .request(
                reqwest::Method::from_bytes(method.as_bytes()).unwrap(),
                format!("{}/api/auth/login", srv.base),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 405, "{method}");
        assert_eq!(r.headers()["allow"], "POST", "{method}");
    }
    let r = reqwest::Client::new()
        .post(format!("{}/api/auth/login", srv.base))
        .json(&json!({"Username": "x@example.org", "Password": "y"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403, "POST without a CSRF token");
    db.drop_db().await;
}

/// Sign-in is refused without LogIntoSystem (12) and for the designated person of a rejected
/// organisation, and not because enableLogin is off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_needs_log_into_system_and_an_organisation_not_rejected_not_the_flag() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let rejected = "rejected@example.org";
    let no_groups = "nogroups@example.org";
    for email in [rejected, no_groups] {
        verified_user(&db, &srv, email).await;
    }
    let user = common::session::load_user(&db.pool, rejected).await;
    let repo = postgres_es::PostgresEventRepository::new(db.pool.clone());
    let orgs =
        cqrs_es::CqrsFramework::<gbvf_commands::accounts::organisation::Organisation, _>::new(
            cqrs_es::persist::PersistedEventStore::new_event_store(repo),
            vec![],
            (),
        );
    let meta = gbvf_events::metadata::EventMetadata::now("system", "test", "test");
    orgs.execute_with_metadata(
        user.organisation_id.as_deref().unwrap(),
        gbvf_commands::accounts::organisation::OrganisationCommand::Verify {
            status_id: 2,
            expected_status_id: None,
            decision: gbvf_events::accounts::VerificationDecision {
                by_user_id: "test".into(),
                email_template_type: 2,
                reason: Some("Duplicated Organisation".into()),
                reason_id: None,
                reason_digest: None,
            },
            reason_id: uuid::Uuid::new_v4(),
            reason_salt: uuid::Uuid::new_v4(),
        },
        meta.to_map(),
    )
    .await
    .unwrap();
    common::session::assign_groups(&db.pool, no_groups, vec![]).await;
    catch_up(&db.pool).await;
    for (email, message) in [
        (rejected, "was not approved"),
        (no_groups, "not allowed to sign in"),
    ] {
        let c = Client::new(&srv.base).await;
        let (s, v) = c
            .post(
                "/api/auth/login",
                json!({"Username": email, "Password": PASSWORD}),
            )
            .await;
        assert_eq!(s, 403, "{v}");
        assert!(v["message"].as_str().unwrap().contains(message), "{v}");
    }
    // The enableLogin flag only hides the header's Login link: with it off, an account that
    // may sign in still does (the first administrator of a default install), and the others
    // get their own refusal.
    let invited = "invited@example.org";
    verified_user(&db, &srv, invited).await;
    let off = GbvfServer::start(&db.url, &[("GBVF_ENABLE_LOGIN", "false")]).await;
    for (email, status) in [(invited, 200), (no_groups, 403)] {
        let c = Client::new(&off.base).await;
        let (s, v) = c
            .post(
                "/api/auth/login",
                json!({"Username": email, "Password": PASSWORD}),
            )
            .await;
        assert_eq!(s, status, "{email}: {v}");
    }
    let (_, flags) = Client::new(&off.base)
        .await
        .get("/api/config/feature-flags")
        .await;
    assert_eq!(flags, json!({"enableLogin": false}));
    db.drop_db().await;
}

/// Housekeeping: anonymous visitors cost no session row; spent counters are pruned.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anonymous_visitors_make_no_session_rows_and_counters_are_pruned() {
    let db = TestDb::new().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    for _ in 0..50 {
        let r = reqwest::Client::new()
            .get(format!("{}/api/auth/csrf", srv.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
    }
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM tower_sessions.session")
        .fetch_one(&db.pool)
        .await
        .unwrap_or(0);
    assert_eq!(rows, 0, "no session row per anonymous visitor");
    sqlx::query("INSERT INTO auth_limit (scope, key, hits, window_start) VALUES ('x', 'old', 3, now() - interval '2 days'), ('x', 'new', 1, now())")
        .execute(&db.pool)
        .await
        .unwrap();
    gbvf_api::accounts::limits::prune(&db.pool).await.unwrap();
    let left: Vec<String> = sqlx::query_scalar("SELECT key FROM auth_limit WHERE scope = 'x'")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    assert_eq!(left, vec!["new".to_string()]);
    db.drop_db().await;
}

/// Password spraying across addresses: 40 addresses × 5 guesses were all evaluated against one
/// account. Now wrong passwords for one account from anywhere slow every browser that has not
/// signed in to it (after 10 in an hour), its owner is e-mailed once, and the owner's own
/// browser still signs in. An IPv6 attacker's addresses count as their /64.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guesses_spread_over_many_addresses_are_slowed_and_the_owner_is_told() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[("GBVF_TRUSTED_PROXIES", "127.0.0.1")]).await;
    let email = "sprayed@example.org";
    // The owner signs in once from their own browser, which is then known to the account.
    let owner = verified_user(&db, &srv, email).await;
    let mut statuses = vec![];
    for i in 0..14 {
        // Two guesses per address: no address ever reaches its own limits.
        let c = client_from(&srv.base, &format!("198.51.100.{}", i / 2)).await;
        let (s, _) = c
            .post(
                "/api/auth/login",
                json!({"Username": email, "Password": format!("Guess!Guess{i:03}")}),
            )
            .await;
        statuses.push(s);
    }
    assert_eq!(&statuses[..10], &[401; 10], "{statuses:?}");
    assert!(statuses[10..].contains(&429), "slowed: {statuses:?}");
    // A fresh address with the right password waits too: it is no known browser.
    let stranger = client_from(&srv.base, "192.0.2.200").await;
    let (s, _) = stranger
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 429);
    // The owner's browser is not locked out.
    let (s, v) = owner
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    // Told once.
    let notices = gbvf_api::http::auth::mail::list_outbox(&srv.outbox)
        .unwrap_or_default()
        .into_iter()
        .filter(|m| m.to.contains(email) && m.raw.contains("Wrong passwords"))
        .count();
    assert_eq!(notices, 1);
    db.drop_db().await;
}

/// The stored keys of the attempt limits are keyed with the installation's secret: an
/// unsalted SHA-256 of an e-mail address could be matched against a list of addresses after
/// its person was erased.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attempt_limit_keys_are_not_plain_hashes_of_the_address() {
    use sha2::Digest;
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let email = "hashed@example.org";
    let c = common::session::Client::new(&srv.base).await;
    let (s, _) = c
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": "Wrong!Password1"}),
        )
        .await;
    assert_eq!(s, 401);
    let keys: Vec<String> = sqlx::query_scalar("SELECT key FROM auth_limit")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    assert!(!keys.is_empty());
    // What the unkeyed scheme stored for this attempt: SHA-256 of the address, and of the
    // account's e-mail key and the address joined by a NUL.
    let account = gbvf_events::person::email_key(email);
    let plain = [
        hex::encode(sha2::Sha256::digest(b"127.0.0.1")),
        hex::encode(sha2::Sha256::digest(
            format!("{account}\0127.0.0.1").as_bytes(),
        )),
    ];
    assert!(plain.iter().all(|p| !keys.contains(p)), "{keys:?}");
    db.drop_db().await;
}

/// `/metrics` (survey submissions by status as they happen, among the rest) is for the
/// operator: refused without the operator token, or with a wrong one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_refused_without_the_operator_token() {
    let db = db().await;
    let token = "operator-token-for-tests-1234";
    let srv = GbvfServer::start(&db.url, &[("GBVF_OPERATOR_TOKEN", token)]).await;
    let http = reqwest::Client::new();
    let url = format!("{}/metrics", srv.base);
    for auth in [None, Some("Bearer wrong-token")] {
        let mut req = http.get(&url);
        if let Some(a) = auth {
            req = req.header("authorization", a);
        }
        let r = req.send().await.unwrap();
        assert_eq!(r.status().as_u16(), 403, "{auth:?}");
        assert!(!r.text().await.unwrap().contains("http_requests_total"));
    }
    let r = http
        .get(&url)
        .header("authorization", format!("Bearer {token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(r.text().await.unwrap().contains("http_requests_total"));
    db.drop_db().await;
}

/// Revoked access ends open sessions: removing LogIntoSystem from a user's group, changing a
/// user's groups to ones without it, or rejecting their organisation signs the user out at
/// the next request (it only stopped new sign-ins before).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn revoked_access_ends_open_sessions() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let (by_group, by_regroup, by_rejection) = (
        "revoked-group@example.org",
        "revoked-regroup@example.org",
        "revoked-org@example.org",
    );
    let mut sessions = vec![];
    for email in [by_group, by_regroup, by_rejection] {
        let mut c = verified_user(&db, &srv, email).await;
        assert_eq!(c.refresh().await["isAuthenticated"], true);
        sessions.push(c);
    }
    // A group of its own holding LogIntoSystem (12) and ViewOrganisations (31).
    let repo = || postgres_es::PostgresEventRepository::new(db.pool.clone());
    let groups = cqrs_es::CqrsFramework::<gbvf_commands::accounts::group::Group, _>::new(
        cqrs_es::persist::PersistedEventStore::new_event_store(repo()),
        vec![],
        (),
    );
    let meta = gbvf_events::metadata::EventMetadata::now("system", "test", "test");
    groups
        .execute_with_metadata(
            "901",
            gbvf_commands::accounts::group::GroupCommand::Create {
                group_id: 901,
                name: "Revocable".into(),
                actions: vec![12, 31],
                by: gbvf_commands::accounts::delegation::Actor::operator(),
            },
            meta.to_map(),
        )
        .await
        .unwrap();
    common::session::assign_groups(&db.pool, by_group, vec![901]).await;
    catch_up(&db.pool).await;
    assert_eq!(sessions[0].refresh().await["isAuthenticated"], true);
    groups
        .execute_with_metadata(
            "901",
            gbvf_commands::accounts::group::GroupCommand::RemoveActions {
                actions: vec![12],
                by: gbvf_commands::accounts::delegation::Actor::operator(),
            },
            meta.to_map(),
        )
        .await
        .unwrap();
    common::session::assign_groups(&db.pool, by_regroup, vec![901]).await;
    let user = common::session::load_user(&db.pool, by_rejection).await;
    let orgs =
        cqrs_es::CqrsFramework::<gbvf_commands::accounts::organisation::Organisation, _>::new(
            cqrs_es::persist::PersistedEventStore::new_event_store(repo()),
            vec![],
            (),
        );
    orgs.execute_with_metadata(
        user.organisation_id.as_deref().unwrap(),
        gbvf_commands::accounts::organisation::OrganisationCommand::Verify {
            status_id: 2,
            expected_status_id: None,
            decision: gbvf_events::accounts::VerificationDecision {
                by_user_id: "test".into(),
                email_template_type: 2,
                reason: Some("Duplicated Organisation".into()),
                reason_id: None,
                reason_digest: None,
            },
            reason_id: uuid::Uuid::new_v4(),
            reason_salt: uuid::Uuid::new_v4(),
        },
        meta.to_map(),
    )
    .await
    .unwrap();
    catch_up(&db.pool).await;
    for (c, email) in sessions
        .iter_mut()
        .zip([by_group, by_regroup, by_rejection])
    {
        assert_eq!(c.refresh().await["isAuthenticated"], false, "{email}");
        let (s, _) = c.get("/api/auth/profile").await;
        assert_eq!(s, 403, "{email}");
    }
    db.drop_db().await;
}

/// Delegated user managers: a group holding SetGroupMember (5) and DeleteUser (36) but not the
/// administrator's rights could assign itself municipalities, move an administrator into its
/// own group and delete the administrator. Nobody changes, moves, deletes or erases a user who
/// holds an action they do not hold, only an administrator widens their own area, and taking
/// someone out of a group needs DeleteGroupMember (11).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_managers_have_no_power_over_those_who_hold_more() {
    let db = db().await;
    let srv = GbvfServer::start(&db.url, &[]).await;
    let admin = member_of(&db, &srv.base, &srv.outbox, 1).await;
    let (s, v) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "User managers", "UserActions": [5, 12, 36]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let managers = v["groupId"].as_i64().unwrap();
    let (s, v) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "Readers", "UserActions": [12]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let readers = v["groupId"].as_i64().unwrap();
    catch_up(&db.pool).await;
    let manager = member_of(&db, &srv.base, &srv.outbox, managers).await;
    let (_, me) = manager.post("/api/auth/userAuthenticated", json!({})).await;
    let my_id = me["user"]["userId"].as_str().unwrap().to_string();
    let my_email = me["user"]["email"].as_str().unwrap().to_string();
    let (_, them) = admin.post("/api/auth/userAuthenticated", json!({})).await;
    let admin_id = them["user"]["userId"].as_str().unwrap().to_string();
    let admin_email = them["user"]["email"].as_str().unwrap().to_string();
    let org = common::session::load_user(&db.pool, &my_email)
        .await
        .organisation_id
        .unwrap();
    let municipality: i64 =
        sqlx::query_scalar("SELECT boundary_id FROM boundary WHERE level = 'municipality' LIMIT 1")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    let form = |email: &str, groups: Vec<i64>, relationships: Value| {
        json!({"titleId": 1, "name": "Sipho Dlamini", "roleId": 3, "companyId": org, "groupIds": groups,
               "contacts": [{"contactTypeId": 1, "detail": email}], "stakeholderRelationships": relationships})
    };
    let put = |id: &str, body: Value| {
        let path = format!("/api/security/editUserDetails?stakeholderId={id}");
        let m = &manager;
        async move { m.send(reqwest::Method::PUT, &path, body).await }
    };
    let (s, v) = put(
        &my_id,
        form(
            &my_email,
            vec![managers],
            json!([{"stakeholderRelationshipTypeId": 6, "municipalityId": municipality}]),
        ),
    )
    .await;
    assert_eq!(s, 403, "assigning oneself a municipality: {v}");
    let (s, v) = put(
        &admin_id,
        form(
            &admin_email,
            vec![managers],
            json!([{"stakeholderRelationshipTypeId": 1}]),
        ),
    )
    .await;
    assert_eq!(s, 403, "moving the administrator into one's own group: {v}");
    // Nothing of the refused edit is written: the administrator keeps their own names (the
    // person row is corrected only with the event, in one transaction).
    let kept = common::session::load_user(&db.pool, &admin_email).await;
    assert!(!kept.profile.first_name.is_empty());
    assert_ne!(
        kept.profile.first_name, "Sipho",
        "the refused edit renamed the administrator"
    );
    let (s, v) = manager
        .send(
            reqwest::Method::DELETE,
            &format!("/api/security/deleteUser?stakeholderId={admin_id}"),
            json!({}),
        )
        .await;
    assert_eq!(s, 403, "deleting the administrator: {v}");
    // A user who holds nothing more than the manager may be changed and deleted.
    let (s, v) = manager
        .post(
            "/api/security/createNewUser",
            form(
                "junior@example.org",
                vec![managers],
                json!([{"stakeholderRelationshipTypeId": 1}]),
            ),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let junior = common::session::load_user(&db.pool, "junior@example.org").await;
    let junior_id = junior.user_id.unwrap();
    let (s, v) = put(
        &junior_id,
        form(
            "junior@example.org",
            vec![readers],
            json!([{"stakeholderRelationshipTypeId": 1}]),
        ),
    )
    .await;
    assert_eq!(
        s, 403,
        "taking a user out of a group without DeleteGroupMember: {v}"
    );
    let (s, v) = manager
        .send(
            reqwest::Method::DELETE,
            &format!("/api/security/deleteUser?stakeholderId={junior_id}"),
            json!({}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    // The administrator still widens their own area.
    let (s, v) = admin
        .send(
            reqwest::Method::PUT,
            &format!("/api/security/editUserDetails?stakeholderId={admin_id}"),
            form(
                &admin_email,
                vec![1],
                json!([{"stakeholderRelationshipTypeId": 6, "municipalityId": municipality}]),
            ),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    db.drop_db().await;
}

/// ASVS 8.2.1: a signed-in answer (the profile, the user list, the building-block history
/// export, a refusal) carries `Cache-Control: no-store`; an anonymous public read keeps its
/// caching (no `no-store`), and the web app's assets keep theirs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signed_in_answers_are_never_stored_and_public_reads_keep_their_caching() {
    let (db, base, dir) = common::session::setup().await;
    // System administrator (1) and Building Block admin (3).
    let admin = member_of(&db, &base, &dir, 1).await;
    let bb_admin = member_of(&db, &base, &dir, 3).await;
    let cache_control = |r: &reqwest::Response| {
        r.headers()
            .get("cache-control")
            .map(|v| v.to_str().unwrap().to_string())
    };
    for (c, path) in [
        (&admin, "/api/auth/profile"),
        (&admin, "/api/security/getAllUsers"),
        (
            &bb_admin,
            "/api/buildingblock/history?stakeholderId=1000002",
        ),
        (
            &bb_admin,
            "/api/buildingblock/getBuildingBlockContactsWithRequirements",
        ),
        (&bb_admin, "/api/security/getAllUsers"),
    ] {
        let r = c.http.get(format!("{base}{path}")).send().await.unwrap();
        if path == "/api/auth/profile" {
            assert_eq!(r.status(), 200);
        }
        assert_eq!(cache_control(&r).as_deref(), Some("no-store"), "{path}");
    }
    let r = admin
        .http
        .post(format!("{base}/api/auth/userAuthenticated"))
        .header("x-csrf-token", admin.csrf())
        .send()
        .await
        .unwrap();
    assert_eq!(cache_control(&r).as_deref(), Some("no-store"));
    // Anonymous public reads, from the response cache or not: no `no-store`.
    let anonymous = reqwest::Client::new();
    for path in [
        "/api/geography/boundary/list/1",
        "/api/geography/boundary/list/2/1",
    ] {
        for _ in 0..2 {
            let r = anonymous.get(format!("{base}{path}")).send().await.unwrap();
            assert_eq!(r.status(), 200, "{path}");
            assert_ne!(cache_control(&r).as_deref(), Some("no-store"), "{path}");
        }
    }
    db.drop_db().await;
}
