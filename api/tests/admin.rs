//! The admin console against real PostgreSQL: applications approved and rejected with e-mail,
//! racing decisions, verification history, permissions, users and groups, and rebuilding the
//! admin projections.

mod common;

use common::session::{mail_to, member_of, registration, setup, Client, PASSWORD};
use common::{catch_up, TestDb};
use gbvf_commands::accounts::permissions::DEFAULT_GROUPS;
use serde_json::{json, Value};

/// Registers an organisation through sign-up; returns its id.
async fn apply(db: &TestDb, base: &str, name: &str) -> String {
    let c = Client::new(base).await;
    let email = format!("{}@example.org", name.to_lowercase().replace(' ', "."));
    let mut body = registration(db, &email).await;
    body["OrganisationName"] = json!(name);
    let (s, v) = c.post("/api/auth/register", body).await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    sqlx::query_scalar("SELECT organisation_id FROM organisation WHERE name = $1")
        .bind(name)
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

async fn search(c: &Client, status: Value) -> Vec<Value> {
    let (s, v) = c
        .post(
            "/api/healthcheck/searchOrganisations",
            json!({"statusId": status, "OrganisationName": "", "pageSize": 30, "pageNumber": 1}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    v["data"].as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn approve_one_reject_another_with_e_mails_and_history() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let a = apply(&db, &base, "Masiphumelele Support").await;
    let b = apply(&db, &base, "Another Shelter Trust").await;
    // The administrator's own sign-up registered an organisation too ("Kouga Women's ...").
    let waiting = search(&admin, json!(1)).await;
    assert_eq!(waiting.len(), 3);
    assert_eq!(
        waiting[0]["organisationName"], "Another Shelter Trust",
        "A-Z by default"
    );
    assert_eq!(waiting[0]["verificationStatus"], "In Progress");

    let (s, v) = admin.post("/api/healthcheck/verify", json!({"VerificationStatusId": 3, "StakeholderId": a, "EmailTemplateType": 1, "ExpectedStatusId": 1})).await;
    assert_eq!(
        (s, v["message"].as_str()),
        (200, Some("The organisation has been approved."))
    );
    let (s, v) = admin.post("/api/healthcheck/verify", json!({"VerificationStatusId": 2, "StakeholderId": b, "EmailTemplateType": 3, "RejectedReasons": "", "ExpectedStatusId": 1})).await;
    assert_eq!(s, 400, "Other needs a reason: {v}");
    let (s, _) = admin
        .post("/api/healthcheck/verify", json!({"VerificationStatusId": 2, "StakeholderId": b, "EmailTemplateType": 3, "RejectedReasons": "Not a registered NPO", "ExpectedStatusId": 1}))
        .await;
    assert_eq!(s, 200);
    catch_up(&db.pool).await;
    assert_eq!(search(&admin, json!(3)).await.len(), 1);
    assert_eq!(search(&admin, json!(2)).await.len(), 1);
    assert_eq!(search(&admin, json!(1)).await.len(), 1);
    let (_, dash) = admin
        .post("/api/healthcheck/getAdminDashboard", json!({}))
        .await;
    assert_eq!(
        (
            dash[0]["inProgressCount"].as_i64(),
            dash[0]["approvedOrganisationsCount"].as_i64()
        ),
        (Some(1), Some(1))
    );

    // The applicants' e-mails.
    // Sent by the mail worker after the events are stored (api/src/mail_worker/mod.rs).
    assert!(
        mail_to(&dir, "masiphumelele", "Your organisation has been approved")
            .contains("has been approved")
    );
    assert!(
        mail_to(&dir, "another.shelter", "Your organisation registration")
            .contains("Reason: Not a registered NPO")
    );

    // The verification histories, from the event log, with actor and time.
    let (_, view) = admin
        .get(&format!("/api/healthcheck/organisation/{b}"))
        .await;
    assert_eq!(view["data"]["verificationStatus"], "Rejected");
    assert_eq!(view["data"]["addressLine1"], "12 Da Gama Road");
    let (_, h) = admin
        .get(&format!("/api/healthcheck/organisation/{b}/history"))
        .await;
    let types: Vec<&str> = h["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        types,
        vec![
            "UserRegistered",
            "OrganisationRegistered",
            "PasswordSet",
            "OrganisationRejected"
        ]
    );
    let decision = h["data"].as_array().unwrap().last().unwrap();
    assert_eq!(decision["actorName"], "Thandi Mokoena", "the admin's name");
    assert!(decision["summary"]
        .as_str()
        .unwrap()
        .contains("Not a registered NPO"));
    assert!(decision["at"].as_str().unwrap().starts_with("20"));
    // The verifier's own words are kept beside the log, not in the event or the outbox, and
    // can be erased (docs/decisions/0154-free-text-reasons-beside-the-log.md).
    let (in_events, in_outbox): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT count(*) FROM events WHERE payload::text LIKE '%registered NPO%'),
                (SELECT count(*) FROM mail_outbox WHERE context::text LIKE '%registered NPO%')",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!((in_events, in_outbox), (0, 0));
    let reason_id: uuid::Uuid = decision["payload"]["OrganisationRejected"]["reason_id"]
        .as_str()
        .expect("the event names the reason by id")
        .parse()
        .unwrap();
    assert_eq!(
        decision["payload"]["OrganisationRejected"]["reason_digest"]
            .as_str()
            .map(str::len),
        Some(64),
        "the event proves the words by their salted digest"
    );
    // Changed by someone with SQL access: the history no longer shows them as the verifier's.
    sqlx::query("UPDATE decision_reason SET reason = 'Approved after all' WHERE reason_id = $1")
        .bind(reason_id)
        .execute(&db.pool)
        .await
        .unwrap();
    let (_, h) = admin
        .get(&format!("/api/healthcheck/organisation/{b}/history"))
        .await;
    let summary = h["data"].as_array().unwrap().last().unwrap()["summary"].clone();
    assert!(
        summary
            .as_str()
            .unwrap()
            .ends_with(gbvf_projections::reasons::ALTERED_REASON),
        "{summary}"
    );
    gbvf_api::cli::building_blocks::erase_reason(&db.pool, reason_id)
        .await
        .unwrap();
    let (_, h) = admin
        .get(&format!("/api/healthcheck/organisation/{b}/history"))
        .await;
    let summary = h["data"].as_array().unwrap().last().unwrap()["summary"].clone();
    assert!(
        summary.as_str().unwrap().ends_with(": Erased reason"),
        "{summary}"
    );
    let csv = admin
        .http
        .get(format!(
            "{base}/api/healthcheck/organisation/{a}/history?format=csv"
        ))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(csv.starts_with("at,aggregate,sequence,type,summary,actor,actor_name,source"));
    assert!(csv.contains("OrganisationApproved"));
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_decisions_record_exactly_one_every_time() {
    let (db, base, dir) = setup().await;
    let first = member_of(&db, &base, &dir, 1).await;
    let second = member_of(&db, &base, &dir, 2).await;
    for round in 0..12 {
        let id = apply(&db, &base, &format!("Race Org {round}")).await;
        let approve = json!({"VerificationStatusId": 3, "StakeholderId": id, "EmailTemplateType": 1, "ExpectedStatusId": 1});
        let reject = json!({"VerificationStatusId": 2, "StakeholderId": id, "EmailTemplateType": 2, "ExpectedStatusId": 1});
        let (x, y) = tokio::join!(
            first.post("/api/healthcheck/verify", approve),
            second.post("/api/healthcheck/verify", reject)
        );
        let mut statuses = [x.0, y.0];
        statuses.sort();
        assert_eq!(statuses, [200, 409], "round {round}: {x:?} {y:?}");
        let loser = if x.0 == 409 { &x.1 } else { &y.1 };
        assert!(
            loser["message"]
                .as_str()
                .unwrap()
                .contains("Its status is now")
                || loser["message"]
                    .as_str()
                    .unwrap()
                    .contains("at the same moment"),
            "{loser}"
        );
        let decisions: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'organisation' AND aggregate_id = $1 AND sequence > 1")
            .bind(&id)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(decisions, 1, "round {round}");
    }
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_admin_call_is_refused_without_its_action() {
    let (db, base, dir) = setup().await;
    let org_id = apply(&db, &base, "Permission Test Org").await;
    // (method, path, body, action it needs)
    let calls: Vec<(reqwest::Method, String, Value, i32)> = vec![
        (
            reqwest::Method::POST,
            "/api/healthcheck/searchOrganisations".into(),
            json!({}),
            31,
        ),
        (
            reqwest::Method::GET,
            format!("/api/healthcheck/organisation/{org_id}"),
            json!(null),
            31,
        ),
        (
            reqwest::Method::GET,
            format!("/api/healthcheck/organisation/{org_id}/history"),
            json!(null),
            31,
        ),
        (
            reqwest::Method::POST,
            "/api/healthcheck/verify".into(),
            json!({"VerificationStatusId": 3, "StakeholderId": org_id, "ExpectedStatusId": 1}),
            32,
        ),
        (
            reqwest::Method::GET,
            "/api/security/getAllActions".into(),
            json!(null),
            33,
        ),
        (
            reqwest::Method::GET,
            "/api/security/getAllUsers".into(),
            json!(null),
            33,
        ),
        (
            reqwest::Method::GET,
            "/api/security/getGroups".into(),
            json!(null),
            33,
        ),
        (
            reqwest::Method::POST,
            "/api/security/getGroupActions".into(),
            json!({"groupId": 1}),
            33,
        ),
        (
            reqwest::Method::GET,
            "/api/security/getLocalMunicipalities".into(),
            json!(null),
            33,
        ),
        (
            reqwest::Method::GET,
            "/api/security/getOrganisations".into(),
            json!(null),
            33,
        ),
        (
            reqwest::Method::POST,
            "/api/security/createNewUser".into(),
            json!({}),
            5,
        ),
        (
            reqwest::Method::PUT,
            "/api/security/editUserDetails?stakeholderId=x".into(),
            json!({}),
            5,
        ),
        (
            reqwest::Method::DELETE,
            "/api/security/deleteUser?stakeholderId=x".into(),
            json!(null),
            36,
        ),
        // POPIA erasure: the same action as deleting a user.
        (
            reqwest::Method::POST,
            "/api/security/eraseUser?stakeholderId=x".into(),
            json!(null),
            36,
        ),
        (
            reqwest::Method::POST,
            "/api/security/AddGroup".into(),
            json!({"GroupName": "x", "UserActions": []}),
            6,
        ),
        (
            reqwest::Method::POST,
            "/api/security/addGroupActions".into(),
            json!({"GroupId": 4, "UserActions": [12]}),
            9,
        ),
        (
            reqwest::Method::DELETE,
            "/api/security/deleteGroupActions".into(),
            json!({"GroupId": 4, "UserActions": [12]}),
            10,
        ),
        (
            reqwest::Method::DELETE,
            "/api/security/deleteGroup?groupId=4".into(),
            json!(null),
            8,
        ),
        // Building blocks: area rules are tested in tests/building_blocks.rs.
        (
            reqwest::Method::GET,
            "/api/buildingblock/getBuildingBlockAssociatedToUser".into(),
            json!(null),
            35,
        ),
        (
            reqwest::Method::GET,
            "/api/buildingblock/getBuildingBlockOnMunicipality?boundaryStakeholderId=1000&buildingBlockId=1".into(),
            json!(null),
            35,
        ),
        (
            reqwest::Method::GET,
            "/api/buildingblock/getBuildingBlockContactsWithRequirements?buildingBlockId=1&stakeholderId=1000002".into(),
            json!(null),
            35,
        ),
        (
            reqwest::Method::GET,
            "/api/buildingblock/history?stakeholderId=1000002".into(),
            json!(null),
            35,
        ),
        (
            reqwest::Method::PUT,
            "/api/buildingblock/updateBuildingBlockContactsAndRequirements".into(),
            json!({"stakeholderId": 1000002, "buildingBlockId": 1, "physicalAddress": "x"}),
            15,
        ),
        (
            reqwest::Method::POST,
            "/api/buildingblock/verifyBuildingBlock".into(),
            json!({"stakeholderId": 1000002}),
            22,
        ),
        (
            reqwest::Method::POST,
            "/api/buildingblock/returnBuildingBlock".into(),
            json!({"stakeholderId": 1000002, "reason": "x"}),
            22,
        ),
    ];
    for g in DEFAULT_GROUPS.iter().filter(|g| g.id != 1) {
        let c = member_of(&db, &base, &dir, g.id).await;
        for (method, path, body, needs) in &calls {
            if g.actions.contains(needs) {
                continue;
            }
            let (s, v) = c.send(method.clone(), path, body.clone()).await;
            assert_eq!(
                (s, v["message"].as_str()),
                (
                    403,
                    Some("You do not have permission to perform this action.")
                ),
                "{} {path}",
                g.name
            );
        }
    }
    db.drop_db().await;
}

/// A group is usable the moment it is created: a user placed in it by the next request is not
/// refused with "Please select valid groups" because the groups' read model had not caught up
/// (here nothing catches up in the background, so the request must do it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_created_a_moment_ago_can_be_given_to_a_user() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let org_id = apply(&db, &base, "Fresh Group Org").await;
    let mut member = member_of(&db, &base, &dir, 4).await;
    let member_id = member.refresh().await["user"]["userId"]
        .as_str()
        .unwrap()
        .to_string();
    catch_up(&db.pool).await;
    let (s, v) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "Created a moment ago", "UserActions": [12]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let gid = v["groupId"].as_i64().unwrap();
    let (s, v) = admin
        .send(
            reqwest::Method::PUT,
            &format!("/api/security/editUserDetails?stakeholderId={member_id}"),
            json!({"titleId": 2, "name": "Member Person", "roleId": 2, "companyId": org_id, "groupIds": [4, gid],
                   "contacts": [{"contactTypeId": 2, "detail": "0821112222"}],
                   "stakeholderRelationships": []}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    // A group that does not exist is still refused.
    let (s, v) = admin
        .send(
            reqwest::Method::PUT,
            &format!("/api/security/editUserDetails?stakeholderId={member_id}"),
            json!({"titleId": 2, "name": "Member Person", "roleId": 2, "companyId": org_id, "groupIds": [4, 987654],
                   "contacts": [{"contactTypeId": 2, "detail": "0821112222"}],
                   "stakeholderRelationships": []}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(
        v["errors"][0]["description"], "Please select valid groups",
        "{v}"
    );
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn users_and_groups_are_managed_and_changes_apply_at_once() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let org_id = apply(&db, &base, "Group Test Org").await;
    let mut member = member_of(&db, &base, &dir, 4).await;

    // A group created, its actions changed; a member gains and loses an action on the next request.
    let (s, v) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "Statistics importers", "UserActions": [12, 20]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let gid = v["groupId"].as_i64().unwrap();
    catch_up(&db.pool).await;
    let (s, _) = admin
        .post(
            "/api/security/AddGroup",
            json!({"GroupName": "statistics IMPORTERS", "UserActions": []}),
        )
        .await;
    assert_eq!(s, 400, "duplicate names are refused");
    catch_up(&db.pool).await;
    let member_id = member.refresh().await["user"]["userId"]
        .as_str()
        .unwrap()
        .to_string();
    let (s, v) = admin
        .send(
            reqwest::Method::PUT,
            &format!("/api/security/editUserDetails?stakeholderId={member_id}"),
            json!({"titleId": 2, "name": "Member Person", "roleId": 2, "companyId": org_id, "groupIds": [4, gid],
                   "contacts": [{"contactTypeId": 2, "detail": "0821112222"}],
                   "stakeholderRelationships": [{"stakeholderRelationshipTypeId": 6, "municipalityId": 1007}]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    catch_up(&db.pool).await;
    let can = |v: &Value, a: i64| {
        v["user"]["permissions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x.as_i64() == Some(a))
    };
    assert!(can(&member.refresh().await, 20));
    let (s, _) = admin
        .send(
            reqwest::Method::DELETE,
            "/api/security/deleteGroupActions",
            json!({"GroupId": gid, "UserActions": [20]}),
        )
        .await;
    assert_eq!(s, 200);
    catch_up(&db.pool).await;
    assert!(
        !can(&member.refresh().await, 20),
        "a group change applies to the member's next request"
    );
    let (_, details) = admin
        .get(&format!(
            "/api/security/getUserDetails?stakeholderId={member_id}"
        ))
        .await;
    assert_eq!(
        details["stakeholderRelationships"][0]["description"],
        "Kouga Local Municipality"
    );
    assert_eq!(details["companyName"], "Group Test Org");

    // A user created (no password: invited by e-mail), edited, deleted.
    let (s, v) = admin
        .post(
            "/api/security/createNewUser",
            json!({"titleId": 1, "name": "Sipho Dlamini", "roleId": 3, "companyId": org_id, "groupIds": [5],
                   "contacts": [{"contactTypeId": 1, "detail": "sipho@example.org"}], "stakeholderRelationships": [{"stakeholderRelationshipTypeId": 1}]}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = admin
        .post(
            "/api/security/createNewUser",
            json!({"name": "", "contacts": []}),
        )
        .await;
    assert_eq!(s, 400);
    assert!(
        v["message"].as_str().unwrap().contains(" -- "),
        "errors joined: {v}"
    );
    assert!(
        mail_to(&dir, "sipho@example.org", "Your GBVF dashboard account")
            .contains("An account was created for you")
    );
    catch_up(&db.pool).await;
    let (_, users) = admin.get("/api/security/getAllUsers").await;
    assert!(users
        .as_array()
        .unwrap()
        .iter()
        .any(|u| u["username"] == "sipho@example.org"));

    // Deleting the member ends their session at once and they cannot sign in.
    let (s, _) = admin
        .send(
            reqwest::Method::DELETE,
            &format!("/api/security/deleteUser?stakeholderId={member_id}"),
            json!(null),
        )
        .await;
    assert_eq!(s, 200);
    assert_eq!(member.refresh().await["isAuthenticated"], false);
    let email = details["contacts"][0]["detail"]
        .as_str()
        .unwrap()
        .to_string();
    let (s, _) = member
        .post(
            "/api/auth/login",
            json!({"Username": email, "Password": PASSWORD}),
        )
        .await;
    assert_eq!(s, 401);
    let (s, _) = admin
        .send(
            reqwest::Method::DELETE,
            &format!("/api/security/deleteGroup?groupId={gid}"),
            json!(null),
        )
        .await;
    assert_eq!(s, 200);
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rebuilding_the_admin_projection_gives_the_same_lists_and_counts() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    for i in 0..5 {
        let id = apply(&db, &base, &format!("Rebuild Org {i}")).await;
        if i % 2 == 0 {
            admin
                .post(
                    "/api/healthcheck/verify",
                    json!({"VerificationStatusId": 3, "StakeholderId": id, "ExpectedStatusId": 1}),
                )
                .await;
        }
    }
    catch_up(&db.pool).await;
    let before = (
        search(&admin, json!(null)).await,
        admin.get("/api/security/getAllUsers").await,
        admin
            .post("/api/healthcheck/getAdminDashboard", json!({}))
            .await,
    );
    assert_eq!((before.1 .0, before.2 .0), (200, 200));
    assert_eq!(
        before.0.len(),
        6,
        "five applications and the administrator's own"
    );
    let p = gbvf_projections::by_name("accounts").unwrap();
    gbvf_projections::engine::rebuild(&db.pool, p.as_ref(), 7, |_| {})
        .await
        .unwrap();
    let after = (
        search(&admin, json!(null)).await,
        admin.get("/api/security/getAllUsers").await,
        admin
            .post("/api/healthcheck/getAdminDashboard", json!({}))
            .await,
    );
    assert_eq!(before, after);
    db.drop_db().await;
}

/// Government staff (admin spec §2 "Add or edit user"; public spec §2 designated persons): a
/// municipality's and a province's designated person are created without any organisation,
/// a province is assigned by its id, and everyone else still names a company.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn government_staff_need_no_company_and_a_province_can_be_assigned() {
    let (db, base, dir) = setup().await;
    let admin = member_of(&db, &base, &dir, 1).await;
    let (gauteng, johannesburg): (i64, i64) = sqlx::query_as(
        "SELECT p.boundary_id, m.boundary_id FROM boundary p JOIN boundary m ON m.province_id = p.boundary_id
         WHERE p.level = 'province' AND p.name = 'Gauteng' AND m.level = 'municipality'
           AND m.name LIKE 'City of Johannesburg%'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let user = |email: &str, group: i64, relationships: Value| {
        json!({"titleId": 2, "name": "Thandeka Mahlangu", "roleId": 3, "groupIds": [group],
               "contacts": [{"contactTypeId": 1, "detail": email}], "stakeholderRelationships": relationships})
    };
    // Someone outside government names their company: nothing is appended.
    let before: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    for relationships in [
        json!([{"stakeholderRelationshipTypeId": 1}]),
        json!([{"stakeholderRelationshipTypeId": 6}]),
    ] {
        let (s, v) = admin
            .post(
                "/api/security/createNewUser",
                user("ngo@example.org", 4, relationships),
            )
            .await;
        assert_eq!(s, 400, "{v}");
        assert!(
            v["errors"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["code"] == "companyId" && e["description"] == "Company is required"),
            "{v}"
        );
    }
    // A municipality is not a province.
    let (s, v) = admin
        .post(
            "/api/security/createNewUser",
            user(
                "wrong@example.org",
                6,
                json!([{"stakeholderRelationshipTypeId": 6, "provinceId": johannesburg}]),
            ),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert!(v["message"]
        .as_str()
        .unwrap()
        .contains("Please select valid provinces"));
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(before, after, "refusals append nothing");

    // The City of Johannesburg official and the Gauteng verifier, neither with a company.
    let (s, official) = admin
        .post(
            "/api/security/createNewUser",
            user(
                "official@example.org",
                5,
                json!([{"stakeholderRelationshipTypeId": 6, "municipalityId": johannesburg}]),
            ),
        )
        .await;
    assert_eq!(s, 200, "{official}");
    let (s, verifier) = admin
        .post(
            "/api/security/createNewUser",
            user(
                "verifier@example.org",
                6,
                json!([{"stakeholderRelationshipTypeId": 6, "provinceId": gauteng}]),
            ),
        )
        .await;
    assert_eq!(s, 200, "{verifier}");
    catch_up(&db.pool).await;
    let (_, details) = admin
        .get(&format!(
            "/api/security/getUserDetails?stakeholderId={}",
            verifier["stakeholderId"].as_str().unwrap()
        ))
        .await;
    assert_eq!(details["companyId"], Value::Null);
    assert_eq!(
        details["stakeholderRelationships"],
        json!([{"stakeholderRelationshipTypeId": 6, "relationshipType": "Building Block Coordinator",
                "municipalityId": null, "provinceId": gauteng, "description": "Gauteng"}])
    );
    let (_, details) = admin
        .get(&format!(
            "/api/security/getUserDetails?stakeholderId={}",
            official["stakeholderId"].as_str().unwrap()
        ))
        .await;
    assert_eq!(details["companyId"], Value::Null);
    assert_eq!(
        details["stakeholderRelationships"][0]["municipalityId"],
        johannesburg
    );
    // The picker's list says where each municipality lies.
    let (_, list) = admin.get("/api/security/getLocalMunicipalities").await;
    let joburg = list
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["stakeholderId"] == johannesburg)
        .unwrap();
    assert_eq!(joburg["provinceName"], "Gauteng");
    let emalahleni: Vec<&Value> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["name"].as_str().unwrap().starts_with("Emalahleni"))
        .collect();
    assert_eq!(emalahleni.len(), 2, "two municipalities share the name");
    assert_ne!(emalahleni[0]["provinceName"], emalahleni[1]["provinceName"]);
    db.drop_db().await;
}
