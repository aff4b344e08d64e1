//! Personal data in an immutable log (POPIA), against real PostgreSQL:
//! erasing a person leaves their e-mail address, names and phone numbers nowhere in the
//! database while the verification history stays complete; registrations of one address race
//! safely; the erase action needs DeleteUser; rebuilt read models equal the live ones; old
//! events are migrated out of the clear.

mod common;

use common::session::{code_for, member_of, registration, setup, user_key, Client, PASSWORD};
use common::{catch_up, places_holding, TestDb};
use serde_json::{json, Value};

const EMAIL: &str = "Nokuthula.Erasure-7731@example.org";
const FIRST: &str = "Xolelwaerasa";
const LAST: &str = "Zwelithini-Erasure";
const MOBILE: &str = "0719876543";
const ALTERNATIVE: &str = "0114447788";

/// The read models an administrator sees, for comparing live and rebuilt projections.
async fn admin_views(admin: &Client, org: &str) -> (Value, Value, Value, Value) {
    (
        admin
            .post(
                "/api/healthcheck/searchOrganisations",
                json!({"statusId": null, "pageSize": 30, "pageNumber": 1}),
            )
            .await
            .1,
        admin.get("/api/security/getAllUsers").await.1,
        admin
            .get(&format!("/api/healthcheck/organisation/{org}"))
            .await
            .1,
        admin
            .post("/api/healthcheck/getAdminDashboard", json!({}))
            .await
            .1,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_erased_person_is_nowhere_in_the_database_and_the_history_stays_complete() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let mut plain = member_of(&db, &base, &dir, 4).await;

    // Register, verify, edit the profile: every step that writes personal data.
    let mut person = Client::new(&base).await;
    let mut body = registration(&db, EMAIL).await;
    body["FirstName"] = json!(FIRST);
    body["LastName"] = json!(LAST);
    body["MobileNumber"] = json!("071 987 6543");
    body["OrganisationName"] = json!("Erasure Test Trust");
    let (s, v) = person.post("/api/auth/register", body).await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = person
        .post(
            "/api/auth/verify-otp",
            json!({"Email": EMAIL, "OTP": code_for(&dir, EMAIL), "UserType": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let uid = user_key(&db.pool, EMAIL).await;
    assert!(
        !uid.is_empty() && !uid.contains('@'),
        "users are keyed by UUID: {uid}"
    );
    let org: String = sqlx::query_scalar(
        "SELECT organisation_id FROM organisation WHERE name = 'Erasure Test Trust'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    // An administrator approves the organisation and edits the person's details.
    let (s, v) = admin
        .post(
            "/api/healthcheck/verify",
            json!({"VerificationStatusId": 3, "StakeholderId": org, "EmailTemplateType": 1, "ExpectedStatusId": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    // Approved, the person signs in and corrects their profile.
    let (s, v) = person
        .post(
            "/api/auth/login",
            json!({"Username": EMAIL, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    person.refresh().await;
    let (s, v) = person
        .send(
            reqwest::Method::PUT,
            "/api/auth/updateProfile",
            json!({"fullName": format!("{FIRST} {LAST}"), "titleId": 3, "jobRole": 3,
                   "mobileNumber": MOBILE, "alternativeNumber": ALTERNATIVE}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    // Not one event payload or id holds the personal data, even before erasure.
    let clear: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE payload::text ILIKE '%' || $1 || '%' OR payload::text LIKE '%' || $2 || '%'
            OR payload::text LIKE '%' || $3 || '%' OR aggregate_id ILIKE '%' || $1 || '%' OR metadata::text ILIKE '%' || $1 || '%'",
    )
    .bind(EMAIL)
    .bind(MOBILE)
    .bind(LAST)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(clear, 0, "no personal data in any event");
    // While the person exists the screens show them.
    let (_, view) = admin
        .get(&format!("/api/healthcheck/organisation/{org}"))
        .await;
    assert_eq!(view["data"]["name"], format!("{FIRST} {LAST}"));
    assert_eq!(view["data"]["email"], EMAIL);
    assert_eq!(view["data"]["phone"], MOBILE);

    let (s, v) = admin
        .send(
            reqwest::Method::PUT,
            &format!("/api/security/editUserDetails?stakeholderId={uid}"),
            json!({"titleId": 2, "name": format!("{FIRST} {LAST}"), "roleId": 2, "companyId": org, "groupIds": [2],
                   "contacts": [{"contactTypeId": 2, "detail": MOBILE}, {"contactTypeId": 3, "detail": ALTERNATIVE}],
                   "stakeholderRelationships": []}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    common::session::mail_to(
        &dir,
        "Erasure-7731@example.org",
        "Your organisation has been approved",
    );
    assert!(
        !places_holding(&db, MOBILE).await.is_empty(),
        "the scan finds what is there"
    );

    // (d) Without DeleteUser: 403; without the CSRF token: 403.
    let path = format!("/api/security/eraseUser?stakeholderId={uid}");
    let (s, v) = plain.post(&path, json!(null)).await;
    assert_eq!(
        (s, v["message"].as_str()),
        (
            403,
            Some("You do not have permission to perform this action.")
        )
    );
    let s = admin
        .http
        .post(format!("{base}{path}"))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16();
    assert_eq!(s, 403, "the CSRF token is required");
    let (s, v) = admin
        .post(
            "/api/security/eraseUser?stakeholderId=no-such-user",
            json!(null),
        )
        .await;
    assert_eq!(
        (s, v["message"].as_str()),
        (404, Some("No user has this id."))
    );

    // Erase.
    let (s, v) = admin.post(&path, json!(null)).await;
    assert_eq!(
        (s, v["message"].as_str()),
        (200, Some("User erased successfully.")),
        "{v}"
    );
    let (s, v) = admin.post(&path, json!(null)).await;
    assert_eq!(
        (s, v["message"].as_str()),
        (200, Some("This user was already erased."))
    );
    catch_up(&db.pool).await;

    // (a) Nowhere in the database: every column of every table, events included.
    for needle in [EMAIL, MOBILE, ALTERNATIVE, LAST, FIRST] {
        assert_eq!(
            places_holding(&db, needle).await,
            Vec::<String>::new(),
            "{needle} is still stored"
        );
    }
    // The history is complete, with the person shown as erased.
    let (s, h) = admin
        .get(&format!("/api/healthcheck/organisation/{org}/history"))
        .await;
    assert_eq!(s, 200, "{h}");
    let rows = h["data"].as_array().unwrap();
    let types: Vec<&str> = rows.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        vec![
            "UserRegistered",
            "OrganisationRegistered",
            "PasswordSet",
            "EmailVerified",
            "OrganisationApproved",
            "ProfileUpdated",
            "UserDetailsEdited",
            "UserDeleted",
            "UserErased"
        ]
    );
    assert_eq!(
        rows[5]["actorName"], "Erased person",
        "the person's own edit: {h}"
    );
    assert!(
        rows[4]["summary"]
            .as_str()
            .unwrap()
            .starts_with("Approved by Thandi Mokoena"),
        "{}",
        rows[4]
    );
    let csv = admin
        .http
        .get(format!(
            "{base}/api/healthcheck/organisation/{org}/history?format=csv"
        ))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(csv.lines().count(), 10, "header and nine steps:\n{csv}");
    assert!(csv.contains("Erased person"), "{csv}");
    for needle in [EMAIL, MOBILE, ALTERNATIVE, LAST, FIRST] {
        assert!(
            !csv.to_lowercase().contains(&needle.to_lowercase()),
            "{needle} in the CSV"
        );
        assert!(
            !h.to_string()
                .to_lowercase()
                .contains(&needle.to_lowercase()),
            "{needle} in the history"
        );
    }
    let (_, view) = admin
        .get(&format!("/api/healthcheck/organisation/{org}"))
        .await;
    assert_eq!(
        (
            view["data"]["name"].as_str(),
            &view["data"]["email"],
            &view["data"]["phone"]
        ),
        (Some("Erased person"), &Value::Null, &Value::Null)
    );
    assert_eq!(view["data"]["verificationStatus"], "Approved");
    // The erased person can no longer sign in; the address can be registered afresh.
    let (s, _) = person
        .post(
            "/api/auth/login",
            json!({"Username": EMAIL, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 401);

    // (e) Rebuilt from the log, the read models equal the live ones.
    let live = admin_views(&admin, &org).await;
    let p = gbvf_projections::by_name("accounts").unwrap();
    gbvf_projections::engine::rebuild(&db.pool, p.as_ref(), 3, |_| {})
        .await
        .unwrap();
    assert_eq!(admin_views(&admin, &org).await, live);
    assert!(live.0.to_string().contains("Erased person"), "{}", live.0);

    // The CLI erases too (another account), and reports an unknown id.
    let other = plain.refresh().await["user"]["userId"]
        .as_str()
        .unwrap()
        .to_string();
    gbvf_api::cli::users::erase(&db.pool, &other).await.unwrap();
    let err = gbvf_api::cli::users::erase(&db.pool, "no-such-user")
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "No user has this id.");
    let erased: bool = sqlx::query_scalar("SELECT erased FROM user_account WHERE user_id = $1")
        .bind(&other)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert!(erased);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_registrations_of_one_address_at_once_make_one_account() {
    let (db, base, _dir) = setup().await;
    for round in 0..4 {
        let email = format!("race-{round}-{}@example.org", uuid::Uuid::new_v4().simple());
        let body = registration(&db, &email).await;
        let (a, b) = (Client::new(&base).await, Client::new(&base).await);
        let (ra, rb) = tokio::join!(
            a.post("/api/auth/register", body.clone()),
            b.post("/api/auth/register", body)
        );
        assert_eq!(
            (ra.0, rb.0),
            (200, 200),
            "both answer alike (no account enumeration)"
        );
        let (claims, persons, users, credentials): (i64, i64, i64, i64) = sqlx::query_as(
            "SELECT (SELECT count(*) FROM user_email WHERE email_key = lower($1)),
                    (SELECT count(*) FROM person WHERE lower(email) = lower($1)),
                    (SELECT count(*) FROM events WHERE event_type = 'UserRegistered' AND aggregate_id IN
                        (SELECT user_id FROM user_email WHERE email_key = lower($1))),
                    (SELECT count(*) FROM credential WHERE user_key IN (SELECT user_id FROM user_email WHERE email_key = lower($1)))",
        )
        .bind(&email)
        .fetch_one(&db.pool)
        .await
        .unwrap();
        assert_eq!(
            (claims, persons, users, credentials),
            (1, 1, 1, 1),
            "round {round}"
        );
        let registered: i64 =
            sqlx::query_scalar("SELECT count(*) FROM events WHERE event_type = 'UserRegistered'")
                .fetch_one(&db.pool)
                .await
                .unwrap();
        assert_eq!(registered, round + 1, "exactly one account per address");
    }
    db.drop_db().await;
}

/// Appends an event in the old ("1.0") shape.
async fn old_event(db: &TestDb, agg: &str, id: &str, seq: i64, et: &str, payload: Value) {
    versioned_event(db, agg, id, seq, et, "1.0", payload).await
}

/// Appends an event of `version`.
async fn versioned_event(
    db: &TestDb,
    agg: &str,
    id: &str,
    seq: i64,
    et: &str,
    version: &str,
    payload: Value,
) {
    let mut conn = db.pool.acquire().await.unwrap();
    gbvf_events::store::append_batch(
        &mut conn,
        &[gbvf_events::store::NewEvent {
            aggregate_type: agg.into(),
            aggregate_id: id.into(),
            sequence: seq,
            event_type: et.into(),
            event_version: version.into(),
            payload,
            metadata: json!({"actor": "system", "at": "2026-11-20T10:00:00Z", "request_id": "old", "source": "test"}),
        }],
    )
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn old_events_are_migrated_out_of_the_clear_with_the_same_read_models() {
    let db = TestDb::new().await;
    common::import_geography(&db.pool).await;
    let key = "old.person@example.org";
    let (u1, u2, org, admin) = (
        "11111111-1111-4111-8111-111111111111",
        "22222222-2222-4222-8222-222222222222",
        "33333333-3333-4333-8333-333333333333",
        "44444444-4444-4444-8444-444444444444",
    );
    let profile = |first: &str, mobile: &str| json!({"title_id": 3, "first_name": first, "last_name": "Oldform", "job_role_id": 2, "mobile_number": mobile, "alternative_number": null});
    let reg = |uid: &str, email: &str, p: Value, org: Option<&str>, groups: Vec<i64>| json!({"UserRegistered": {"user_id": uid, "email": email, "profile": p, "organisation_id": org, "group_ids": groups, "created_by": "self", "relationship_type_ids": [], "municipality_ids": []}});
    // An administrator (old shape), and a person who registered, was deleted, registered
    // again, and corrected their profile.
    old_event(
        &db,
        "user",
        "admin.old@example.org",
        1,
        "UserRegistered",
        reg(
            admin,
            "Admin.Old@example.org",
            profile("Ayanda", "0820000001"),
            None,
            vec![1],
        ),
    )
    .await;
    old_event(
        &db,
        "user",
        key,
        1,
        "UserRegistered",
        reg(
            u1,
            "Old.Person@example.org",
            profile("First", "0820000002"),
            None,
            vec![4],
        ),
    )
    .await;
    old_event(&db, "user", key, 2, "UserDeleted", json!("UserDeleted")).await;
    old_event(
        &db,
        "user",
        key,
        3,
        "UserRegistered",
        reg(
            u2,
            "Old.Person@example.org",
            profile("Second", "0820000003"),
            Some(org),
            vec![2],
        ),
    )
    .await;
    old_event(&db, "organisation", org, 1, "OrganisationRegistered", json!({"OrganisationRegistered": {
        "organisation_id": org, "name": "Old Shape Trust", "branch": null, "organisation_type_id": 1, "street_number": null,
        "street_name": null, "suburb": null, "city": null, "postal_code": null, "province_id": 10, "district_id": 100,
        "municipality_id": 1000, "members": 3, "designated_user_id": u2, "designated_email": "Old.Person@example.org"}})).await;
    old_event(
        &db,
        "user",
        key,
        4,
        "PasswordSet",
        json!({"PasswordSet": {"how": "registration"}}),
    )
    .await;
    old_event(
        &db,
        "user",
        key,
        5,
        "ProfileUpdated",
        json!({"ProfileUpdated": profile("Corrected", "0820000004")}),
    )
    .await;
    old_event(&db, "organisation", org, 2, "OrganisationApproved", json!({"OrganisationApproved": {"by_user_id": admin, "by_name": "Ayanda Oldform", "email_template_type": 1, "reason": null}})).await;
    sqlx::query(
        "INSERT INTO credential (user_key, user_id, password_hash) VALUES ($1, $2, 'hash')",
    )
    .bind(key)
    .bind(u2)
    .execute(&db.pool)
    .await
    .unwrap();

    let report = gbvf_api::cli::popia::migrate_personal_data(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        (
            report.user_events,
            report.organisation_events,
            report.persons
        ),
        (6, 2, 3)
    );
    assert_eq!(
        gbvf_api::cli::popia::migrate_personal_data(&db.pool)
            .await
            .unwrap(),
        gbvf_api::cli::popia::PopiaReport::default(),
        "a second run changes nothing"
    );
    gbvf_api::cli::migrate(&db.pool).await.unwrap();
    catch_up(&db.pool).await;

    // No clear personal data and no address as an id in the log.
    let clear: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE payload::text ILIKE '%example.org%' OR payload::text LIKE '%Oldform%' OR payload::text LIKE '%082000000%' OR aggregate_id LIKE '%@%'")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(clear, 0);
    // The read models are those the new shape gives: the current life, the corrected profile,
    // the designated e-mail and the verifier's name.
    let users: Vec<(String, String, String, Option<String>, bool)> = sqlx::query_as(
        "SELECT user_id, email, first_name, mobile_number, deleted FROM user_account ORDER BY user_id",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(
        users,
        vec![
            (
                u1.into(),
                "Old.Person@example.org".into(),
                "First".into(),
                Some("0820000002".into()),
                true
            ),
            (
                u2.into(),
                "Old.Person@example.org".into(),
                "Corrected".into(),
                Some("0820000004".into()),
                false
            ),
            (
                admin.into(),
                "Admin.Old@example.org".into(),
                "Ayanda".into(),
                Some("0820000001".into()),
                false
            ),
        ]
    );
    let o: (Option<String>, i32, Option<String>) = sqlx::query_as("SELECT designated_email, verification_status_id, decided_by FROM organisation WHERE organisation_id = $1")
        .bind(org)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        o,
        (
            Some("Old.Person@example.org".into()),
            3,
            Some("Ayanda Oldform".into())
        )
    );
    // Sign-in finds the current account by address; its password moved with it.
    assert_eq!(user_key(&db.pool, "OLD.person@example.org").await, u2);
    let cred: String = sqlx::query_scalar("SELECT user_key FROM credential WHERE user_id = $1")
        .bind(u2)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(cred, u2);
    let user = gbvf_api::accounts::load_user(&db.pool, u2).await.unwrap();
    assert!(user.is_live() && user.has_password);
    assert_eq!(
        (user.email.as_str(), user.profile.first_name.as_str()),
        ("Old.Person@example.org", "Corrected")
    );

    // The same history written in the new shape on a fresh installation gives the same read
    // models (ids of persons aside).
    let fresh = TestDb::new().await;
    let person = |email: &str, first: &str, mobile: &str| gbvf_events::person::Person {
        email: email.into(),
        first_name: first.into(),
        last_name: "Oldform".into(),
        mobile_number: Some(mobile.into()),
        alternative_number: None,
    };
    let ids: Vec<uuid::Uuid> = (0..3).map(|_| uuid::Uuid::new_v4()).collect();
    {
        let mut conn = fresh.pool.acquire().await.unwrap();
        for (id, p) in ids.iter().zip([
            person("Admin.Old@example.org", "Ayanda", "0820000001"),
            person("Old.Person@example.org", "First", "0820000002"),
            person("Old.Person@example.org", "Corrected", "0820000004"),
        ]) {
            gbvf_events::person::insert(&mut conn, *id, &p)
                .await
                .unwrap();
        }
    }
    let facts = |id: uuid::Uuid| json!({"person_id": id, "title_id": 3, "job_role_id": 2});
    let reg2 = |uid: &str, id: uuid::Uuid, org: Option<&str>, groups: Vec<i64>| json!({"UserRegistered": {"user_id": uid, "profile": facts(id), "organisation_id": org, "group_ids": groups, "created_by": "self", "relationship_type_ids": [], "municipality_ids": []}});
    let f = &fresh;
    versioned_event(
        f,
        "user",
        admin,
        1,
        "UserRegistered",
        "2.0",
        reg2(admin, ids[0], None, vec![1]),
    )
    .await;
    versioned_event(
        f,
        "user",
        u1,
        1,
        "UserRegistered",
        "2.0",
        reg2(u1, ids[1], None, vec![4]),
    )
    .await;
    versioned_event(f, "user", u1, 2, "UserDeleted", "1.0", json!("UserDeleted")).await;
    versioned_event(
        f,
        "user",
        u2,
        1,
        "UserRegistered",
        "2.0",
        reg2(u2, ids[2], Some(org), vec![2]),
    )
    .await;
    versioned_event(f, "organisation", org, 1, "OrganisationRegistered", "2.0", json!({"OrganisationRegistered": {
        "organisation_id": org, "name": "Old Shape Trust", "branch": null, "organisation_type_id": 1, "street_number": null,
        "street_name": null, "suburb": null, "city": null, "postal_code": null, "province_id": 10, "district_id": 100,
        "municipality_id": 1000, "members": 3, "designated_user_id": u2, "designated_person_id": ids[2]}})).await;
    versioned_event(
        f,
        "user",
        u2,
        2,
        "PasswordSet",
        "1.0",
        json!({"PasswordSet": {"how": "registration"}}),
    )
    .await;
    versioned_event(
        f,
        "user",
        u2,
        3,
        "ProfileUpdated",
        "2.0",
        json!({"ProfileUpdated": facts(ids[2])}),
    )
    .await;
    versioned_event(f, "organisation", org, 2, "OrganisationApproved", "2.0", json!({"OrganisationApproved": {"by_user_id": admin, "email_template_type": 1, "reason": null}})).await;
    catch_up(&fresh.pool).await;
    const USERS: &str =
        "SELECT row_to_json(u)::jsonb - 'person_id' - 'created_at' - 'updated_at' FROM
        (SELECT * FROM user_account ORDER BY user_id) u";
    const ORGS: &str = "SELECT row_to_json(o)::jsonb - 'status_date' - 'registered_at' FROM
        (SELECT * FROM organisation ORDER BY organisation_id) o";
    const GROUPS: &str =
        "SELECT row_to_json(g)::jsonb FROM (SELECT * FROM user_group ORDER BY user_id, group_id) g";
    for sql in [USERS, ORGS, GROUPS] {
        let migrated: Vec<Value> = sqlx::query_scalar(sql).fetch_all(&db.pool).await.unwrap();
        let written: Vec<Value> = sqlx::query_scalar(sql)
            .fetch_all(&fresh.pool)
            .await
            .unwrap();
        assert!(!migrated.is_empty());
        assert_eq!(migrated, written, "{sql}");
    }
    type Steps = Vec<(String, String, i64, String)>;
    let (events_a, events_b): (Steps, Steps) = (
        sqlx::query_as("SELECT aggregate_type, aggregate_id, sequence, event_type FROM events WHERE aggregate_type IN ('user', 'organisation') ORDER BY global_position").fetch_all(&db.pool).await.unwrap(),
        sqlx::query_as("SELECT aggregate_type, aggregate_id, sequence, event_type FROM events WHERE aggregate_type IN ('user', 'organisation') ORDER BY global_position").fetch_all(&fresh.pool).await.unwrap(),
    );
    assert_eq!(
        events_a, events_b,
        "the same aggregates, sequences and events"
    );
    fresh.drop_db().await;
    db.drop_db().await;
}
