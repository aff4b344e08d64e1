//! Registration (public spec §2 "Sign-up", §3 payload, §5 rules): the three steps, each
//! validated by the server, and the atomic registration of an organisation and its designated
//! person.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use cqrs_es::DomainEvent;
use gbvf_commands::accounts::permissions::ORGANISATION_GROUP;
use gbvf_commands::accounts::reference::{self, JOB_ROLES, ORGANISATION_TYPES, TITLES};
use gbvf_commands::accounts::user::User;
use gbvf_commands::accounts::validation::{self as v, Errors};
use gbvf_events::accounts::{
    OrganisationEvent, OrganisationRegistered, Profile, UserEvent, UserRegistered,
    ORGANISATION_AGGREGATE, USER_AGGREGATE,
};
use gbvf_events::store::{append_batch, NewEvent};
use serde_json::{json, Value};
use sqlx::PgPool;

use super::{
    failure, int_field, internal, invalid, load_user, merge, meta, ok, otp_fields, send_otp,
    str_field, ClientIp, NEW_USER,
};
use crate::http::auth::{limits, otp, password};
use crate::http::AppState;

/// The answer to a registration (and, identically, to one of a taken address).
pub const REGISTERED: &str =
    "Registration successful. Please enter the verification code we sent to your email address.";

/// `POST /api/auth/register`: the three sign-up steps (public spec §2 Sign-up, §3 payload,
/// §5 rules). With `validateStep` 1 or 2 only that step is validated (nothing is stored).
/// Otherwise the organisation and its designated person are registered atomically (one
/// transaction, two aggregates), a verification code is e-mailed, and the answer carries
/// user type NewUser and the e-mail for the OTP screen.
///
/// An address that already has an account gets the same answer (status, body and work), and
/// its owner an e-mail saying someone tried (issue 9: registration must not reveal accounts).
/// Registrations are limited per address typed ([`limits::REGISTRATION_ACCOUNT`]) and per
/// client address.
#[utoipa::path(post, path = "/api/auth/register", tag = "auth", operation_id = "authRegister", request_body(content = Object, description = "The sign-up form (public spec §2 \"Register\"): organisation, designated person and password; validateStep 1–3 validates one step"), responses((status = 200, description = "{success, message} (the OTP e-mail is sent)"), (status = 429, description = "Too many registrations")))]
pub async fn register(
    State(s): State<AppState>,
    ci: ClientIp,
    Json(body): Json<Value>,
) -> Response {
    let step = int_field(&body, &["validateStep", "ValidateStep"]);
    let f = |names: &[&str]| str_field(&body, names);
    let mut e = Errors::default();
    let email = f(&["Email", "email"]);
    // Step 1: personal details.
    if step.is_none() || step == Some(1) {
        v::required_choice(
            &mut e,
            "title",
            "Title",
            int_field(&body, &["Title", "title"]),
            |t| reference::contains(TITLES, t as i32),
        );
        v::name(
            &mut e,
            "firstName",
            "First name",
            &f(&["FirstName", "firstName"]),
            false,
        );
        v::name(
            &mut e,
            "lastName",
            "Last name",
            &f(&["LastName", "lastName"]),
            false,
        );
        v::email(&mut e, "email", &email);
        let pw = f(&["Password", "password"]);
        v::password(&mut e, "password", &pw);
        v::confirm_password(
            &mut e,
            "confirmPassword",
            &pw,
            &f(&["ConfirmPassword", "confirmPassword"]),
        );
        v::contact_number(
            &mut e,
            "telephone",
            &f(&["MobileNumber", "telephone", "mobileNumber"]),
            true,
        );
    }
    // Step 2: organisation details.
    let (province, district, municipality) = (
        int_field(&body, &["Province", "province"]),
        int_field(&body, &["District", "district"]),
        int_field(&body, &["LocalMunicipality", "localMunicipality"]),
    );
    if step.is_none() || step == Some(2) {
        v::name(
            &mut e,
            "orgName",
            "Organisation name",
            &f(&["OrganisationName", "orgName"]),
            true,
        );
        v::required_choice(
            &mut e,
            "orgType",
            "Organisation type",
            int_field(&body, &["OrganisationType", "orgType"]),
            |t| reference::contains(ORGANISATION_TYPES, t as i32),
        );
        v::required_choice(
            &mut e,
            "role",
            "Role",
            int_field(&body, &["JobRole", "role"]),
            |t| reference::contains(JOB_ROLES, t as i32),
        );
        match geography_ok(&s.pool, province, district, municipality).await {
            Ok(errs) => e.0.extend(errs.0),
            Err(err) => return internal(err),
        }
        let postal = f(&["PostalCode", "postalCode"]);
        if !postal.is_empty() && !postal.chars().all(|c| c.is_ascii_digit()) {
            e.add("postalCode", "Postal code must be a number");
        }
    }
    // Step 3: members and terms.
    let members = int_field(&body, &["MemberInOrganisation", "numOfOrgMembers"]);
    if step.is_none() || step == Some(3) {
        match members {
            None => e.add("numOfOrgMembers", "Number of members is required"),
            Some(m) if m < 1 => e.add("numOfOrgMembers", "Number of members must be at least 1"),
            _ => {}
        }
        let terms = body
            .get("terms")
            .or_else(|| body.get("Terms"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if !terms {
            e.add("terms", "Accept terms and conditions to continue");
        }
    }
    if !e.is_empty() {
        return invalid(e);
    }
    if step.is_some() {
        return ok(json!({"success": true, "message": "", "errors": []}));
    }

    let limit_key = gbvf_events::person::email_key(&email);
    let key = match super::user_key(&s.pool, &email).await {
        Ok(k) => k,
        Err(err) => return internal(err),
    };
    // Counted the same for new and taken addresses, apart from resends (codes::
    // allow_code_request), so a registration leaves no trace in what resends answer.
    let allowed = async {
        Ok::<_, sqlx::Error>(
            limits::hit(
                &s.pool,
                limits::REGISTRATION_ACCOUNT,
                &limits::key(&[&limit_key]),
            )
            .await?
                && limits::hit(
                    &s.pool,
                    limits::CODE_REQUEST_ADDRESS,
                    &limits::key(&[&ci.key_part()]),
                )
                .await?,
        )
    };
    match allowed.await {
        Ok(true) => {}
        Ok(false) => return failure(StatusCode::TOO_MANY_REQUESTS, otp::TOO_MANY_REQUESTS),
        Err(err) => return internal(err),
    }
    let resends = 0;
    let existing = match load_user(&s.pool, &key).await {
        Ok(u) => u,
        Err(err) => return internal(err),
    };
    if existing.is_live() {
        return taken(
            &s,
            &existing,
            &email,
            resends,
            &f(&["Password", "password"]),
        )
        .await;
    }
    let user_id = uuid::Uuid::new_v4().to_string();
    let organisation_id = uuid::Uuid::new_v4().to_string();
    let profile = Profile {
        title_id: int_field(&body, &["Title", "title"]).map(|x| x as i32),
        first_name: f(&["FirstName", "firstName"]),
        last_name: f(&["LastName", "lastName"]),
        job_role_id: int_field(&body, &["JobRole", "role"]).map(|x| x as i32),
        mobile_number: Some(v::digits(&f(&[
            "MobileNumber",
            "telephone",
            "mobileNumber",
        ]))),
        alternative_number: None,
    };
    let opt = |s: String| (!s.is_empty()).then_some(s);
    // POPIA: the events name the person by id; the details go to `person` in the same
    // transaction (issue 14 item 4).
    let person_id = uuid::Uuid::new_v4();
    let person = gbvf_events::person::Person {
        email: email.clone(),
        first_name: profile.first_name.clone(),
        last_name: profile.last_name.clone(),
        mobile_number: profile.mobile_number.clone(),
        alternative_number: profile.alternative_number.clone(),
    };
    let user_event = UserEvent::UserRegistered(UserRegistered {
        user_id: user_id.clone(),
        profile: gbvf_events::accounts::ProfileFacts {
            person_id,
            title_id: profile.title_id,
            job_role_id: profile.job_role_id,
        },
        organisation_id: Some(organisation_id.clone()),
        group_ids: vec![ORGANISATION_GROUP],
        created_by: "self".into(),
        relationship_type_ids: vec![],
        municipality_ids: vec![],
    });
    let org_event = OrganisationEvent::OrganisationRegistered(OrganisationRegistered {
        organisation_id: organisation_id.clone(),
        name: f(&["OrganisationName", "orgName"]),
        branch: opt(f(&["OrganisationBranch", "orgBranch"])),
        organisation_type_id: int_field(&body, &["OrganisationType", "orgType"]).unwrap_or(0)
            as i32,
        street_number: opt(f(&["StreetNumber", "streetNumber"])),
        street_name: opt(f(&["StreetName", "streetName"])),
        suburb: opt(f(&["Suburb", "suburb"])),
        city: opt(f(&["City", "city"])),
        postal_code: opt(f(&["PostalCode", "postalCode"])),
        province_id: province.unwrap_or(0),
        district_id: district.unwrap_or(0),
        municipality_id: municipality.unwrap_or(0),
        members: members.unwrap_or(1),
        designated_user_id: user_id.clone(),
        designated_person_id: person_id,
    });
    let m = meta(&format!("user:{user_id}"), "http:POST /api/auth/register").to_json();
    let to_new = |agg: &str, id: &str, seq: i64, payload: Value, et: String, ev: String| NewEvent {
        aggregate_type: agg.into(),
        aggregate_id: id.into(),
        sequence: seq,
        event_type: et,
        event_version: ev,
        payload,
        metadata: m.clone(),
    };
    let events = vec![
        to_new(
            USER_AGGREGATE,
            &user_id,
            1,
            serde_json::to_value(&user_event).expect("event"),
            user_event.event_type(),
            user_event.event_version(),
        ),
        to_new(
            ORGANISATION_AGGREGATE,
            &organisation_id,
            1,
            serde_json::to_value(&org_event).expect("event"),
            org_event.event_type(),
            org_event.event_version(),
        ),
        to_new(
            USER_AGGREGATE,
            &user_id,
            2,
            serde_json::to_value(UserEvent::PasswordSet {
                how: "registration".into(),
            })
            .expect("event"),
            "PasswordSet".into(),
            "1.0".into(),
        ),
    ];
    // One transaction: the account, the organisation, the password set and its hash.
    let hash = match password::hash_async(f(&["Password", "password"])).await {
        Ok(h) => h,
        Err(err) => return internal(err),
    };
    // A deleted account's address is taken over from it; a free one is claimed anew. Either
    // way the claim fails for the second of two racing registrations.
    let previous = existing.user_id.clone();
    let result: Result<bool, sqlx::Error> = async {
        let mut tx = s.pool.begin().await?;
        if !gbvf_events::person::claim_email(&mut tx, &email, &user_id, previous.as_deref())
            .await?
        {
            return Ok(false);
        }
        gbvf_events::person::insert(&mut tx, person_id, &person).await?;
        append_batch(&mut tx, &events).await?;
        sqlx::query("INSERT INTO credential (user_key, user_id, password_hash) VALUES ($1, $2, $3)
             ON CONFLICT (user_key) DO UPDATE SET user_id = $2, password_hash = $3, updated_at = now(),
                 epoch = credential.epoch + 1")
            .bind(&user_id)
            .bind(&user_id)
            .bind(&hash)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        gbvf_events::wake::events_committed();
        Ok(true)
    }
    .await;
    let lost = match result {
        Ok(claimed) => !claimed,
        Err(err) if gbvf_events::store::is_conflict(&err) => true,
        Err(err) => return internal(err),
    };
    if lost {
        // Registered by a racing request a moment ago: answer as for any taken address.
        let winner = match super::user_key(&s.pool, &email).await {
            Ok(k) => k,
            Err(err) => return internal(err),
        };
        return match load_user(&s.pool, &winner).await {
            Ok(u) => taken(&s, &u, &email, resends, "").await,
            Err(err) => internal(err),
        };
    }
    let key = user_id.clone();
    match otp::issue(&s.pool, &key, NEW_USER).await {
        Ok(code) => {
            send_otp(&s, &email, &profile.first_name, &code, NEW_USER).await;
            registered(&s, &email, Some(&code), resends)
        }
        Err(err) => internal(err),
    }
}

/// The answer to a registration, whether new or of a taken address.
fn registered(s: &AppState, email: &str, code: Option<&str>, resends: i32) -> Response {
    let mut body = json!({"success": true, "message": REGISTERED});
    merge(&mut body, otp_fields(s, email, NEW_USER, code, resends));
    ok(body)
}

/// Answer to a registration of a taken address: the same work as a new registration (a
/// password hash and a code hash) and the same answer; the owner is told by e-mail.
async fn taken(
    s: &AppState,
    owner: &User,
    email: &str,
    resends: i32,
    password_given: &str,
) -> Response {
    if password::hash_async(password_given.to_string())
        .await
        .is_err()
        || password::hash_async(password::random_otp()).await.is_err()
    {
        return internal("hashing failed");
    }
    s.mailer
        .send_later(
            owner.email.clone(),
            "Someone tried to register with your e-mail address",
            "registration-attempt",
            json!({"name": owner.profile.first_name, "base_url": s.base_url}),
        )
        .await;
    registered(s, email, None, resends)
}

/// Province → district → local municipality must exist and nest (spec §5 step 2).
async fn geography_ok(
    pool: &PgPool,
    province: Option<i64>,
    district: Option<i64>,
    municipality: Option<i64>,
) -> anyhow::Result<Errors> {
    let mut e = Errors::default();
    let level_parent = |id: i64| async move {
        sqlx::query_as::<_, (String, Option<i64>)>(
            "SELECT level, parent_id FROM boundary WHERE boundary_id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await
    };
    match province {
        None => e.add("province", "Province is required"),
        Some(p) => {
            if !matches!(level_parent(p).await?, Some((l, _)) if l == "province") {
                e.add("province", "Please select a valid province");
            }
        }
    }
    match district {
        None => e.add("district", "District is required"),
        Some(d) => {
            if !matches!(level_parent(d).await?, Some((l, parent)) if l == "district" && parent == province)
            {
                e.add("district", "Please select a valid district");
            }
        }
    }
    match municipality {
        None => e.add("localMunicipality", "Local municipality is required"),
        Some(m) => {
            if !matches!(level_parent(m).await?, Some((l, parent)) if l == "municipality" && parent == district)
            {
                e.add(
                    "localMunicipality",
                    "Please select a valid local municipality",
                );
            }
        }
    }
    Ok(e)
}
