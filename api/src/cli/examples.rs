//! `gbvf examples load` and `gbvf examples remove` (docs/decisions/0072-example-data.md): a few
//! example organisations that take the health check, so its screens can be seen before real
//! organisations answer.
//!
//! **Load.** The real router is started in this process on a loopback port with a one-time
//! operator token, and every step goes through the real HTTP command path with
//! `X-GBVF-Example: true` (api/src/http/mod.rs `example_scope`), so every event is marked
//! `"example": "true"` in its metadata ([`gbvf_events::example`]):
//! 1. each example organisation registers at `POST /api/auth/register`;
//! 2. a temporary example administrator (its account created in-process inside the example
//!    scope; it holds no address anyone reads) signs in, approves each organisation at
//!    `POST /api/healthcheck/verify` and opens its survey periods at
//!    `POST /api/healthcheck/inviteCode`; the administrator is then deleted and its password
//!    removed, so nobody can sign in with it;
//! 3. respondents, each in a browser session of its own, answer at
//!    `GET`/`POST /api/healthcheck/survey`, their answers drawn by a seeded random generator
//!    (same seed, same answers), leaning towards the better-scored answers by an amount set
//!    per organisation so the organisations differ.
//!
//! One organisation gets fewer responses than the privacy threshold (5), so the "not enough
//! responses" state can be seen too. No e-mail is sent for example events (mail_worker::plan).
//!
//! **Remove.** Every event of an aggregate that holds an example event, and every response to
//! an example survey link, is deleted in one transaction (example data is not part of the
//! record), with the example accounts' password rows, and every projection is rebuilt from the
//! remaining log (docs/decisions/0072-example-data.md).
//!
//! `gbvf serve` never loads examples; `./ops/run` does on its development cluster unless
//! `GBVF_EXAMPLES=0`.

use std::collections::HashMap;

use anyhow::{bail, Context};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use sqlx::PgPool;

use gbvf_commands::accounts::permissions::WORLD_OF_IMPACT_ADMIN_GROUP;
use gbvf_commands::accounts::user::{User, UserCommand};
use gbvf_events::accounts::{ProfileFacts, UserRegistered};
use gbvf_events::metadata::EventMetadata;

/// One example organisation: who it is and how its survey periods are answered.
#[derive(Debug, Clone, Copy)]
pub struct ExampleOrganisation {
    /// Name, ending "(example)" wherever it is shown.
    pub name: &'static str,
    /// Organisation type id (reference list `getOrganisationTypes`; 4 = higher education).
    pub organisation_type_id: i32,
    /// MDB 2020 code of its local municipality.
    pub municipality_code: &'static str,
    /// Staff survey: (responses, expected responses).
    pub staff: (usize, i64),
    /// Students survey (type 4 only): (responses, expected responses).
    pub students: Option<(usize, i64)>,
    /// How strongly its respondents lean towards the best-scored answer (0 = uniformly at
    /// random, 1 = always the best).
    pub lean: f64,
}

/// The example organisations: four provinces, four organisation types; the third stays below
/// the privacy threshold of 5 responses.
pub const EXAMPLE_ORGANISATIONS: &[ExampleOrganisation] = &[
    ExampleOrganisation {
        name: "Ikhaya Women's Support Network (example)",
        organisation_type_id: 1,
        municipality_code: "KZN225",
        staff: (12, 15),
        students: None,
        lean: 0.55,
    },
    ExampleOrganisation {
        name: "Kouga Community Care Forum (example)",
        organisation_type_id: 2,
        municipality_code: "EC108",
        staff: (7, 10),
        students: None,
        lean: 0.25,
    },
    ExampleOrganisation {
        name: "Polokwane Faith Partners (example)",
        organisation_type_id: 3,
        municipality_code: "LIM354",
        staff: (4, 8),
        students: None,
        lean: 0.4,
    },
    ExampleOrganisation {
        name: "Stellenbosch Campus Safety Office (example)",
        organisation_type_id: 4,
        municipality_code: "WC024",
        staff: (9, 12),
        students: Some((14, 20)),
        lean: 0.7,
    },
];

/// What [`load`] did.
#[derive(Debug, Default)]
pub struct LoadReport {
    /// Organisations registered and approved.
    pub organisations: usize,
    /// Survey periods opened.
    pub periods: usize,
    /// Survey responses recorded.
    pub responses: usize,
    /// Events written (all marked example).
    pub events: i64,
}

/// What [`remove`] did.
#[derive(Debug, Default)]
pub struct RemoveReport {
    /// Events deleted.
    pub events: u64,
    /// Aggregates those events belonged to.
    pub aggregates: usize,
}

/// Number of events marked as example data.
pub async fn example_events(pool: &PgPool) -> anyhow::Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT count(*) FROM events WHERE metadata->>'example' = 'true'")
            .fetch_one(pool)
            .await?,
    )
}

/// A browser-like client of the in-process server: keeps its cookies and the session's CSRF
/// token, and sends the operator token and `X-GBVF-Example: true` with every request.
struct Browser {
    http: reqwest::Client,
    base: String,
    csrf: String,
}

impl Browser {
    async fn new(base: &str, token: &str) -> anyhow::Result<Browser> {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::AUTHORIZATION,
            format!("Bearer {token}").parse()?,
        );
        headers.insert(crate::http::EXAMPLE_HEADER, "true".parse()?);
        let http = reqwest::Client::builder()
            .cookie_store(true)
            .default_headers(headers)
            .build()?;
        let mut b = Browser {
            http,
            base: base.to_string(),
            csrf: String::new(),
        };
        b.refresh().await?;
        Ok(b)
    }

    /// Reloads the session (and its CSRF token), as the web app does after signing in.
    async fn refresh(&mut self) -> anyhow::Result<()> {
        let v = self.post("/api/auth/userAuthenticated", json!({})).await?;
        self.csrf = v["csrfToken"].as_str().unwrap_or_default().to_string();
        Ok(())
    }

    async fn post(&self, path: &str, body: Value) -> anyhow::Result<Value> {
        let res = self
            .http
            .post(format!("{}{path}", self.base))
            .header("x-csrf-token", &self.csrf)
            .json(&body)
            .send()
            .await?;
        answer(path, res).await
    }

    async fn get(&self, path: &str) -> anyhow::Result<Value> {
        let res = self.http.get(format!("{}{path}", self.base)).send().await?;
        answer(path, res).await
    }
}

async fn answer(path: &str, res: reqwest::Response) -> anyhow::Result<Value> {
    let status = res.status();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    if !status.is_success() {
        bail!("{path} answered {status}: {body}");
    }
    Ok(body)
}

/// Loads the example data (module docs). `seed` fixes the respondents' answers.
///
/// Errors: example data is already loaded (nothing is written); the geography is not imported;
/// a step is refused by the API (the error names the call and its answer; what was written
/// before stays, marked example, and `gbvf examples remove` takes it away).
pub async fn load(pool: &PgPool, seed: u64) -> anyhow::Result<LoadReport> {
    crate::cli::migrate(pool).await?;
    let existing = example_events(pool).await?;
    if existing > 0 {
        bail!(
            "example data is already loaded ({existing} events); run `gbvf examples remove` first"
        );
    }
    catch_up_all(pool).await?;
    let mut places = HashMap::new();
    for o in EXAMPLE_ORGANISATIONS {
        let ids: Option<(i64, i64, i64)> = sqlx::query_as(
            "SELECT province_id, district_id, boundary_id FROM boundary WHERE level = 'municipality' AND code = $1",
        )
        .bind(o.municipality_code)
        .fetch_optional(pool)
        .await?;
        let ids = ids.with_context(|| {
            format!(
                "municipality {} is not in the database: import the geography first (gbvf import shipped)",
                o.municipality_code
            )
        })?;
        places.insert(o.municipality_code, ids);
    }

    // The real router on a loopback port, with a one-time operator token and an outbox that
    // nobody reads (registration sends a one-time code inline).
    let token = format!("{:032x}", rand::thread_rng().gen::<u128>());
    let outbox = std::env::temp_dir().join(format!("gbvf-examples-{}", uuid::Uuid::new_v4()));
    let mut inner = crate::http::AppStateInner::new(pool.clone(), Some(token.clone()), true, None);
    inner.mailer = crate::http::auth::mail::Mailer::outbox(outbox.clone());
    let state = crate::http::AppState::from(inner);
    let app = crate::http::router(state, None);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(crate::cli::serve::serve_app(listener, app, async move {
        let _ = stopped.await;
    }));
    let before: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(pool)
        .await?;
    let result = run(pool, &base, &token, seed, &places).await;
    let _ = stop.send(());
    let _ = server.await;
    let _ = std::fs::remove_dir_all(&outbox);
    let mut report = result?;
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(pool)
        .await?;
    report.events = after - before;
    catch_up_all(pool).await?;
    Ok(report)
}

async fn catch_up_all(pool: &PgPool) -> anyhow::Result<()> {
    for p in gbvf_projections::all() {
        gbvf_projections::engine::catch_up(pool, p.as_ref()).await?;
    }
    Ok(())
}

async fn run(
    pool: &PgPool,
    base: &str,
    token: &str,
    seed: u64,
    places: &HashMap<&str, (i64, i64, i64)>,
) -> anyhow::Result<LoadReport> {
    let mut report = LoadReport::default();
    // 1. The organisations register, as anyone would.
    let mut organisation_ids = Vec::new();
    for (n, o) in EXAMPLE_ORGANISATIONS.iter().enumerate() {
        let (province, district, municipality) = places[o.municipality_code];
        let email = format!("example-organisation-{}@example.org", n + 1);
        let password = format!("Ex{}!9", uuid::Uuid::new_v4().simple());
        let last_name = ["One", "Two", "Three", "Four", "Five"][n % 5];
        let b = Browser::new(base, token).await?;
        b.post(
            "/api/auth/register",
            json!({
                "Title": 3, "FirstName": "Example", "LastName": last_name, "Email": email,
                "Password": password, "ConfirmPassword": password, "MobileNumber": "000 000 0000",
                "OrganisationName": o.name, "OrganisationType": o.organisation_type_id, "JobRole": 3,
                "Province": province, "District": district, "LocalMunicipality": municipality,
                "MemberInOrganisation": 20, "terms": true,
            }),
        )
        .await?;
        catch_up_all(pool).await?;
        let id: String = sqlx::query_scalar(
            "SELECT organisation_id FROM organisation WHERE name = $1 AND example",
        )
        .bind(o.name)
        .fetch_one(pool)
        .await
        .with_context(|| format!("{} was not registered", o.name))?;
        organisation_ids.push(id);
    }
    report.organisations = organisation_ids.len();

    // 2. A temporary example administrator approves them and opens their survey periods.
    let admin_email = format!(
        "example-administrator-{}@example.org",
        uuid::Uuid::new_v4().simple()
    );
    let admin_password = format!("Ex{}!9", uuid::Uuid::new_v4().simple());
    let admin_key = create_administrator(pool, &admin_email, &admin_password).await?;
    catch_up_all(pool).await?;
    let mut admin = Browser::new(base, token).await?;
    admin
        .post(
            "/api/auth/login",
            json!({"Username": admin_email, "Password": admin_password}),
        )
        .await?;
    admin.refresh().await?;
    let opened = async {
        let mut periods = Vec::new();
        for (o, id) in EXAMPLE_ORGANISATIONS.iter().zip(&organisation_ids) {
            admin
                .post(
                    "/api/healthcheck/verify",
                    json!({"VerificationStatusId": 3, "StakeholderId": id, "EmailTemplateType": 1}),
                )
                .await?;
            catch_up_all(pool).await?;
            let mut wanted = vec![("staff-v1", o.staff)];
            if let Some(s) = o.students {
                wanted.push(("students-v1", s));
            }
            for (questionnaire, (responses, expected)) in wanted {
                let v = admin
                    .post(
                        "/api/healthcheck/inviteCode",
                        json!({"QuestionnaireId": questionnaire, "ExpectedResponses": expected, "OrganisationId": id}),
                    )
                    .await?;
                let code = v["inviteCode"]
                    .as_str()
                    .context("inviteCode answered without a code")?
                    .to_string();
                periods.push((code, responses, o.lean));
            }
        }
        anyhow::Ok(periods)
    }
    .await;
    // The administrator goes whatever happened: deleted (an example event) and its password row
    // removed, so it cannot sign in.
    gbvf_events::example::scope(async {
        let cqrs =
            cqrs_es::CqrsFramework::<User, _>::new(crate::telemetry::event_store(pool), vec![], ());
        let meta = EventMetadata::now(
            "system",
            uuid::Uuid::new_v4().to_string(),
            "cli:examples load",
        );
        cqrs.execute_with_metadata(
            &admin_key,
            UserCommand::Delete(gbvf_commands::accounts::delegation::Authority::operator()),
            meta.to_map(),
        )
        .await
        .map_err(|e| anyhow::anyhow!("deleting the example administrator: {e}"))
    })
    .await?;
    sqlx::query("DELETE FROM credential WHERE user_key = $1")
        .bind(&admin_key)
        .execute(pool)
        .await?;
    let periods = opened?;
    report.periods = periods.len();
    catch_up_all(pool).await?;

    // 3. Respondents, each in a browser of its own.
    let questionnaires: HashMap<String, gbvf_events::health_check::QuestionnairePublished> =
        gbvf_commands::health_check::built_in_questionnaires()?
            .into_iter()
            .map(|q| (q.questionnaire_id.clone(), q))
            .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for (code, responses, lean) in periods {
        for _ in 0..responses {
            let mut b = Browser::new(base, token).await?;
            let survey = b
                .get(&format!("/api/healthcheck/survey?inviteCode={code}"))
                .await?;
            let qid = survey["data"]["questionnaireId"]
                .as_str()
                .context("the survey names no questionnaire")?;
            let def = questionnaires
                .get(qid)
                .with_context(|| format!("questionnaire {qid} is not in the shipped file"))?;
            let answers = answers(def, lean, &mut rng);
            b.refresh().await?;
            b.post(
                "/api/healthcheck/survey",
                json!({"InviteCode": code, "Answers": answers}),
            )
            .await?;
            report.responses += 1;
        }
    }
    Ok(report)
}

/// Creates the temporary example administrator (group "World of Impact admin") with a
/// password and a verified address, inside the example scope. Returns its user id.
async fn create_administrator(
    pool: &PgPool,
    email: &str,
    password: &str,
) -> anyhow::Result<String> {
    gbvf_events::example::scope(async {
        let meta = EventMetadata::now(
            "system",
            uuid::Uuid::new_v4().to_string(),
            "cli:examples load",
        );
        let details = gbvf_events::person::Person {
            email: email.to_string(),
            first_name: "Example".into(),
            last_name: "Administrator".into(),
            mobile_number: None,
            alternative_number: None,
        };
        let registered = UserRegistered {
            user_id: uuid::Uuid::new_v4().to_string(),
            profile: ProfileFacts::default(),
            organisation_id: None,
            group_ids: vec![WORLD_OF_IMPACT_ADMIN_GROUP],
            created_by: "cli:examples".into(),
            relationship_type_ids: vec![],
            municipality_ids: vec![],
            province_ids: vec![],
        };
        crate::accounts::create_with_password(
            pool, &details, registered, password, "examples", &meta,
        )
        .await
        .map_err(|e| anyhow::anyhow!("creating the example administrator: {e}"))
    })
    .await
}

/// One respondent's answers: every question answered; with probability `lean` the
/// best-scored answer, otherwise one at random (MultipleChoice: sometimes a second one).
/// Unscored questions (General, Demographic) are answered at random.
pub fn answers(
    def: &gbvf_events::health_check::QuestionnairePublished,
    lean: f64,
    rng: &mut impl Rng,
) -> Vec<Value> {
    def.questions
        .iter()
        .filter(|q| !q.answers.is_empty())
        .map(|q| {
            let ids: Vec<i32> = q.answers.iter().map(|a| a.possible_answer_id).collect();
            let scored = gbvf_events::health_check::is_scored(q.category_id);
            let best = q
                .answers
                .iter()
                .max_by(|a, b| {
                    a.score
                        .partial_cmp(&b.score)
                        .unwrap_or(std::cmp::Ordering::Equal)
                })
                .map(|a| a.possible_answer_id)
                .unwrap_or(ids[0]);
            let first = if scored && rng.gen_bool(lean.clamp(0.0, 1.0)) {
                best
            } else {
                ids[rng.gen_range(0..ids.len())]
            };
            let mut chosen = vec![first];
            if q.question_type_id == 4 && rng.gen_bool(0.4) {
                let other = ids[rng.gen_range(0..ids.len())];
                if other != first {
                    chosen.push(other);
                }
            }
            json!({"QuestionId": q.question_id, "PossibleAnswerIds": chosen})
        })
        .collect()
}

/// Removes the example data (module docs): one transaction, then every projection rebuilt.
///
/// Errors: a database error (nothing is deleted: one transaction).
pub async fn remove(pool: &PgPool) -> anyhow::Result<RemoveReport> {
    crate::cli::migrate(pool).await?;
    let mut tx = pool.begin().await?;
    // Aggregates with an example event, and the responses to example survey links (a
    // response's aggregate id is `{health_check_id}/{key}`: someone may answer an example link).
    let aggregates: Vec<(String, String)> = sqlx::query_as(
        "WITH example AS (
             SELECT DISTINCT aggregate_type, aggregate_id FROM events WHERE metadata->>'example' = 'true')
         SELECT aggregate_type, aggregate_id FROM example
         UNION
         SELECT DISTINCT r.aggregate_type, r.aggregate_id FROM events r JOIN example h
             ON h.aggregate_type = $1 AND r.aggregate_type = $2 AND r.aggregate_id LIKE h.aggregate_id || '/%'",
    )
    .bind(gbvf_events::health_check::HEALTH_CHECK_AGGREGATE)
    .bind(gbvf_events::health_check::SURVEY_RESPONSE_AGGREGATE)
    .fetch_all(&mut *tx)
    .await?;
    let (types, ids): (Vec<String>, Vec<String>) = aggregates.iter().cloned().unzip();
    // The example users' persons and address claims go with their events.
    sqlx::query(
        "DELETE FROM person WHERE person_id IN (
             SELECT (payload->'UserRegistered'->'profile'->>'person_id')::uuid FROM events
             WHERE aggregate_type = 'user' AND event_type = 'UserRegistered' AND aggregate_id = ANY($1))",
    )
    .bind(
        aggregates
            .iter()
            .filter(|(t, _)| t == gbvf_events::accounts::USER_AGGREGATE)
            .map(|(_, i)| i.clone())
            .collect::<Vec<_>>(),
    )
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query(
        "DELETE FROM events e USING UNNEST($1::text[], $2::text[]) AS x(t, i)
         WHERE e.aggregate_type = x.t AND e.aggregate_id = x.i",
    )
    .bind(&types)
    .bind(&ids)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    // The audit chain is cut at the first removed event and sealed afresh from there by the
    // sealer (docs/decisions/0095-a-hash-chain-sealed-after-commit.md: removing example data is
    // the one sanctioned deletion; checkpoints signed before stay valid only up to the cut).
    // The cut is recorded in the heads file outside the database, so the sealer takes it as
    // sanctioned rather than as seal rows vanishing.
    let heads = gbvf_events::audit::heads::HeadsFile::for_database(
        &mut tx,
        &gbvf_events::audit::heads::dir_from_env(),
    )
    .await?;
    let cut =
        gbvf_events::audit::sealer::cut_at_missing(&mut tx, &heads, "gbvf examples remove").await?;
    if let Some(at) = cut {
        eprintln!("audit chain cut at entry {at}: the events after it are sealed again");
    }
    let users: Vec<String> = aggregates
        .iter()
        .filter(|(t, _)| t == gbvf_events::accounts::USER_AGGREGATE)
        .map(|(_, i)| i.clone())
        .collect();
    sqlx::query("DELETE FROM credential WHERE user_key = ANY($1)")
        .bind(&users)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM user_email WHERE user_id = ANY($1)")
        .bind(&users)
        .execute(&mut *tx)
        .await?;
    // Public figures published while examples counted are forgotten with them (the
    // publisher publishes the ended quarters again without them).
    sqlx::query("DELETE FROM health_check_public_cell")
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM health_check_publication")
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    for p in gbvf_projections::all() {
        gbvf_projections::engine::rebuild(pool, p.as_ref(), gbvf_projections::engine::PAGE, |_| {})
            .await?;
    }
    Ok(RemoveReport {
        events: deleted,
        aggregates: aggregates.len(),
    })
}
