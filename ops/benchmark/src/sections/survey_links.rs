//! Section 7's survey links, made as the product makes them: bench organisations register
//! (the write function the registration form calls), a World of Impact administrator signs in
//! over HTTP, approves each at `POST /api/healthcheck/verify` and opens its staff survey period
//! at `POST /api/healthcheck/inviteCode` with the responses it expects. A link takes at most its
//! cap (expected responses plus a margin) and [`gbvf_api::accounts::limits::SURVEY_LINK`]
//! submissions a minute (docs/decisions/0078-survey-links-cap-and-rate-limit.md), so the section
//! opens one link per [`responses_per_link`] responses: every response is within both rules,
//! and neither is what is measured. Nothing is bypassed: the server refuses what it would
//! refuse anyone.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use hyper::Method;
use sqlx::PgPool;

use gbvf_api::accounts::limits::{Policy, SURVEY_LINK};
use gbvf_api::accounts::Registration;
use gbvf_commands::accounts::permissions::{ORGANISATION_GROUP, WORLD_OF_IMPACT_ADMIN_GROUP};
use gbvf_events::accounts::{OrganisationRegistered, ProfileFacts, UserRegistered};
use gbvf_events::metadata::EventMetadata;

use crate::http::{call, sign_in, Http};
use crate::setup;

/// Organisation type of the bench organisations (1, offered the staff survey like every type).
const ORGANISATION_TYPE: i32 = 1;

/// Responses one link takes in a run, warm-up included: four fifths of the submissions a link
/// accepts per minute ([`SURVEY_LINK`], 30), i.e. 24, so no response meets the rate limit
/// however fast the run goes, nor the cap (the link expects exactly this many).
pub fn responses_per_link() -> usize {
    (link_limit().max(1) as usize * 4 / 5).max(1)
}

/// Submissions a survey link accepts per minute ([`SURVEY_LINK`]).
pub fn link_limit() -> i32 {
    match SURVEY_LINK {
        Policy::Count { limit, .. } => limit,
        Policy::Backoff { free, .. } => free,
    }
}

/// The open survey links of the bench organisations.
pub struct Links {
    /// Invite codes, one per organisation.
    pub codes: Vec<String>,
    /// Expected responses of each link (its cap is this plus the product's margin).
    pub expected: usize,
    /// The staff questionnaire version they answer (`staff-v1`).
    pub questionnaire_id: String,
    /// Wall time of the setup over HTTP (approvals and links), seconds.
    pub secs: f64,
}

/// Registers `count` organisations (type [`ORGANISATION_TYPE`], spread over the
/// municipalities), each with its designated person's account, as the registration form does
/// (`gbvf_api::accounts::register`), and a World of Impact administrator
/// ([`setup::create_account`]). Returns the organisation ids and the administrator's (e-mail,
/// password).
pub async fn register(
    pool: &PgPool,
    count: usize,
    meta: &EventMetadata,
) -> Result<(Vec<String>, (String, String))> {
    let places: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT province_id, district_id, boundary_id FROM boundary
         WHERE level = 'municipality' AND province_id IS NOT NULL AND district_id IS NOT NULL
         ORDER BY boundary_id",
    )
    .fetch_all(pool)
    .await?;
    if places.is_empty() {
        bail!("no municipality in the geography");
    }
    // The designated persons never sign in: one hash of a random password serves them all.
    let hash = gbvf_api::accounts::password::hash(&uuid::Uuid::new_v4().to_string())?;
    let mut ids = Vec::with_capacity(count);
    for i in 0..count {
        let (province_id, district_id, municipality_id) = places[i % places.len()];
        let user_id = uuid::Uuid::new_v4().to_string();
        let organisation_id = uuid::Uuid::new_v4().to_string();
        let registration = Registration {
            person: gbvf_events::person::Person {
                email: format!(
                    "bench-organisation-{i}-{}@example.org",
                    uuid::Uuid::new_v4().simple()
                ),
                first_name: "Bench".into(),
                last_name: format!("Organisation {i}"),
                mobile_number: None,
                alternative_number: None,
            },
            registered: UserRegistered {
                user_id: user_id.clone(),
                profile: ProfileFacts::default(),
                organisation_id: Some(organisation_id.clone()),
                group_ids: vec![ORGANISATION_GROUP],
                created_by: "self".into(),
                relationship_type_ids: vec![],
                municipality_ids: vec![],
                province_ids: vec![],
            },
            organisation: OrganisationRegistered {
                organisation_id: organisation_id.clone(),
                name: format!("Bench organisation {i}"),
                branch: None,
                organisation_type_id: ORGANISATION_TYPE,
                street_number: None,
                street_name: None,
                suburb: None,
                city: None,
                postal_code: None,
                province_id,
                district_id,
                municipality_id,
                members: 20,
                designated_user_id: user_id,
                designated_person_id: uuid::Uuid::nil(),
            },
            password_hash: gbvf_commands::accounts::user::PasswordHash::new(hash.clone()),
            previous_user_id: None,
        };
        if !gbvf_api::accounts::register(pool, registration, meta).await? {
            bail!("bench organisation {i}: its address was taken");
        }
        ids.push(organisation_id);
    }
    let admin = setup::create_account(
        pool,
        "administrator",
        WORLD_OF_IMPACT_ADMIN_GROUP,
        vec![],
        meta,
    )
    .await?;
    Ok((ids, admin))
}

/// Over HTTP on the server at `addr` (sign-in enabled), as `admin` (e-mail, password): approves
/// every organisation of `organisations`, waits until the read model shows them approved, and
/// opens one staff survey link for each expecting `expected` responses; then waits (up to 30 s)
/// for the welcome e-mails of the approvals to leave the outbox, so they do not compete with the
/// measured load. Errors: any refusal, with the server's answer.
pub async fn open(
    pool: &PgPool,
    addr: SocketAddr,
    admin: &(String, String),
    organisations: &[String],
    expected: usize,
) -> Result<Links> {
    let started = Instant::now();
    let session = sign_in(addr, &admin.0, &admin.1).await?;
    let mut http = Http::new(addr).await?;
    for id in organisations {
        let body = serde_json::json!({"VerificationStatusId": 3, "StakeholderId": id, "EmailTemplateType": 1});
        call(
            &mut http,
            &session,
            Method::POST,
            "/api/healthcheck/verify",
            body,
        )
        .await?;
    }
    let approved = "SELECT count(*) FROM organisation WHERE organisation_id = ANY($1) AND verification_status_id = 3";
    wait_for(pool, approved, organisations, organisations.len()).await?;
    let questionnaire_id: String = sqlx::query_scalar(
        "SELECT questionnaire_id FROM questionnaire
         WHERE questionnaire_type_id = 1 AND effective_from <= now() AND effective_to > now()
         ORDER BY version DESC LIMIT 1",
    )
    .fetch_optional(pool)
    .await?
    .context("no staff questionnaire is active now")?;
    let mut codes = Vec::with_capacity(organisations.len());
    for id in organisations {
        let body = serde_json::json!({"QuestionnaireId": questionnaire_id, "ExpectedResponses": expected, "OrganisationId": id});
        let link = call(
            &mut http,
            &session,
            Method::POST,
            "/api/healthcheck/inviteCode",
            body,
        )
        .await?;
        let code = link["inviteCode"]
            .as_str()
            .context("inviteCode answered without a code")?;
        codes.push(code.to_string());
    }
    let secs = started.elapsed().as_secs_f64();
    let mailed = "SELECT count(*) FROM mail_outbox WHERE status <> 'pending' AND recipient_organisation_id = ANY($1)";
    if wait_for(pool, mailed, organisations, organisations.len())
        .await
        .is_err()
    {
        eprintln!(
            "    warning: the approvals' welcome e-mails had not all left the outbox after 30 s"
        );
    }
    Ok(Links {
        codes,
        expected,
        questionnaire_id,
        secs,
    })
}

/// Polls `count_sql` (one bind: `ids`) every 20 ms until it reaches `want`, at most 30 s.
async fn wait_for(pool: &PgPool, count_sql: &str, ids: &[String], want: usize) -> Result<()> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let n: i64 = sqlx::query_scalar(count_sql)
            .bind(ids)
            .fetch_one(pool)
            .await?;
        if n as usize >= want {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("{n} of {want} after 30 s: {count_sql}");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
