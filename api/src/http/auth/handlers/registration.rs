//! Registration (public spec §2 "Sign-up", §3 payload, §5 rules): the three steps, each
//! validated by the server, and the atomic registration of an organisation and its designated
//! person.

use axum::extract::{Extension, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_commands::accounts::permissions::ORGANISATION_GROUP;
use gbvf_commands::accounts::reference::{self, JOB_ROLES, ORGANISATION_TYPES, TITLES};
use gbvf_commands::accounts::user::User;
use gbvf_commands::accounts::validation::{self as v, Errors};
use gbvf_events::accounts::{OrganisationRegistered, Profile, UserRegistered};
use gbvf_projections::geography::queries::level_and_parent;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgPool;

use super::{failure, internal, invalid, load_user, meta, send_otp, ClientIp, NEW_USER};
use crate::accounts::{limits, one_time_codes, password};
use crate::http::auth::csrf::{self, BrowserId};
use crate::http::AppState;

/// The answer to a registration (and, identically, to one of a taken address).
pub const REGISTERED: &str =
    "Registration successful. Please enter the verification code we sent to your email address.";

/// The sign-up form (public spec §2 "Sign-up", §3 payload): the designated person, the
/// organisation and the password. The section 3 names are used; the web form's names are
/// accepted too. Every field is checked by the handler with the messages of public spec §5
/// (step 1: title, names, e-mail, password, mobile number; step 2: organisation name, type,
/// role, province, district and local municipality that nest, postal code; step 3: members
/// and terms).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct RegistrationForm {
    /// 1, 2 or 3: only that step is validated and nothing is stored.
    #[serde(rename = "validateStep", alias = "ValidateStep", default)]
    #[schema(minimum = 1, maximum = 3)]
    pub validate_step: Option<i64>,
    /// Title id (reference list).
    #[serde(rename = "Title", alias = "title", default)]
    pub title: Option<i64>,
    /// First name: letters, spaces, . ' - (at most 100 characters).
    #[serde(rename = "FirstName", alias = "firstName", default)]
    #[schema(max_length = 100)]
    #[schema(value_type = Option<String>, pattern = r"^[A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ .'’-]*[A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ][A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ .'’-]*$")]
    pub first_name: Option<gbvf_commands::text::ShortText>,
    /// Last name, as the first name.
    #[serde(rename = "LastName", alias = "lastName", default)]
    #[schema(max_length = 100)]
    #[schema(value_type = Option<String>, pattern = r"^[A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ .'’-]*[A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ][A-Za-zÀ-ÖØ-öø-ÿĀ-ſƀ-ɏḀ-ỿ .'’-]*$")]
    pub last_name: Option<gbvf_commands::text::ShortText>,
    /// E-mail address.
    #[serde(rename = "Email", alias = "email", default)]
    #[schema(format = Email, max_length = 250)]
    #[schema(value_type = Option<String>)]
    pub email: Option<gbvf_commands::text::LineText>,
    /// Password: at least 12 characters with a digit, a lowercase and an uppercase letter and
    /// one of `!@#$%^&*()` (public spec §5, §9).
    #[serde(rename = "Password", alias = "password", default)]
    #[schema(min_length = 12)]
    #[schema(
        pattern = r"^(?=[\s\S]*[0-9])(?=[\s\S]*[a-z])(?=[\s\S]*[A-Z])(?=[\s\S]*[!@#$%^&*()])"
    )]
    #[schema(value_type = Option<String>, max_length = 250)]
    pub password: Option<gbvf_commands::text::LineText>,
    /// The password again.
    #[serde(rename = "ConfirmPassword", alias = "confirmPassword", default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub confirm_password: Option<gbvf_commands::text::LineText>,
    /// Mobile number: 10 digits once stripped to digits.
    #[serde(
        rename = "MobileNumber",
        alias = "telephone",
        alias = "mobileNumber",
        default
    )]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub mobile_number: Option<gbvf_commands::text::LineText>,
    /// Organisation name: letters, digits, spaces and . ' - , & ( ) / (at most 100 characters).
    #[serde(rename = "OrganisationName", alias = "orgName", default)]
    #[schema(max_length = 100)]
    #[schema(value_type = Option<String>, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub organisation_name: Option<gbvf_commands::text::LineText>,
    /// Branch (optional).
    #[serde(rename = "OrganisationBranch", alias = "orgBranch", default)]
    #[schema(value_type = Option<String>, max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub organisation_branch: Option<gbvf_commands::text::ShortText>,
    /// Organisation type id (reference list).
    #[serde(rename = "OrganisationType", alias = "orgType", default)]
    pub organisation_type: Option<i64>,
    /// Job role id (reference list).
    #[serde(rename = "JobRole", alias = "role", default)]
    pub job_role: Option<i64>,
    /// Street number (optional).
    #[serde(rename = "StreetNumber", alias = "streetNumber", default)]
    #[schema(value_type = Option<String>, max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub street_number: Option<gbvf_commands::text::ShortText>,
    /// Street name (optional).
    #[serde(rename = "StreetName", alias = "streetName", default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub street_name: Option<gbvf_commands::text::LineText>,
    /// Suburb (optional).
    #[serde(rename = "Suburb", alias = "suburb", default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub suburb: Option<gbvf_commands::text::LineText>,
    /// City (optional).
    #[serde(rename = "City", alias = "city", default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub city: Option<gbvf_commands::text::LineText>,
    /// Postal code: digits (optional).
    #[serde(rename = "PostalCode", alias = "postalCode", default)]
    #[schema(pattern = "^[0-9]*$")]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub postal_code: Option<gbvf_commands::text::ShortText>,
    /// Province (boundary id).
    #[serde(rename = "Province", alias = "province", default)]
    pub province: Option<i64>,
    /// District of that province (boundary id).
    #[serde(rename = "District", alias = "district", default)]
    pub district: Option<i64>,
    /// Local municipality of that district (boundary id).
    #[serde(rename = "LocalMunicipality", alias = "localMunicipality", default)]
    pub local_municipality: Option<i64>,
    /// Members in the organisation: at least 1.
    #[serde(rename = "MemberInOrganisation", alias = "numOfOrgMembers", default)]
    #[schema(minimum = 1)]
    pub member_in_organisation: Option<i64>,
    /// The terms and conditions are accepted (must be true).
    #[serde(rename = "terms", alias = "Terms", default)]
    pub terms: Option<bool>,
}

use gbvf_commands::text::field as text;

/// The answer to a registration (and to a valid step, without the OTP fields).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Registered {
    /// Always `true`.
    pub success: bool,
    /// The registration message of public spec §8 (empty for a valid step).
    pub message: String,
    /// Always empty (a valid step only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<crate::http::error::ErrorItem>>,
    /// 1 NewUser (absent for a valid step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_type: Option<i32>,
    /// The address the code was sent to (absent for a valid step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Codes sent again so far (absent for a valid step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resend_count: Option<i32>,
    /// The code itself, only in development mode; null otherwise (absent for a valid step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub otp: Option<Option<String>>,
}

/// `POST /api/auth/register`: the three sign-up steps (public spec §2 Sign-up, §3 payload,
/// §5 rules). With `validateStep` 1 or 2 only that step is validated (nothing is stored).
/// Otherwise the organisation and its designated person are registered atomically (one
/// transaction, two aggregates), a verification code is e-mailed, and the answer carries
/// user type NewUser and the e-mail for the OTP screen.
///
/// An address that already has an account gets the same answer (status, body and work), and
/// its owner an e-mail saying someone tried (registration must not reveal accounts).
/// Registrations are limited per address typed ([`limits::REGISTRATION_ACCOUNT`]) and per
/// client address.
#[utoipa::path(post, path = "/api/auth/register", tag = "auth", operation_id = "register", request_body = RegistrationForm, responses((status = 200, description = "Registered (the OTP e-mail is sent), or the step is valid", body = Registered), (status = 429, description = "Too many registrations")))]
pub async fn register(
    State(s): State<AppState>,
    ci: ClientIp,
    Extension(browser): Extension<BrowserId>,
    Json(form): Json<RegistrationForm>,
) -> Response {
    let step = form.validate_step;
    let mut e = Errors::default();
    let email = text(&form.email);
    // Step 1: personal details.
    if step.is_none() || step == Some(1) {
        v::required_choice(&mut e, "title", "Title", form.title, |t| {
            reference::contains(TITLES, t)
        });
        v::name(
            &mut e,
            "firstName",
            "First name",
            &text(&form.first_name),
            false,
        );
        v::name(
            &mut e,
            "lastName",
            "Last name",
            &text(&form.last_name),
            false,
        );
        v::email(&mut e, "email", &email);
        let pw = text(&form.password);
        v::password(&mut e, "password", &pw);
        v::confirm_password(
            &mut e,
            "confirmPassword",
            &pw,
            &text(&form.confirm_password),
        );
        v::contact_number(&mut e, "telephone", &text(&form.mobile_number), true);
    }
    // Step 2: organisation details.
    let (province, district, municipality) =
        (form.province, form.district, form.local_municipality);
    if step.is_none() || step == Some(2) {
        v::name(
            &mut e,
            "orgName",
            "Organisation name",
            &text(&form.organisation_name),
            true,
        );
        v::required_choice(
            &mut e,
            "orgType",
            "Organisation type",
            form.organisation_type,
            |t| reference::contains(ORGANISATION_TYPES, t),
        );
        v::required_choice(&mut e, "role", "Role", form.job_role, |t| {
            reference::contains(JOB_ROLES, t)
        });
        match geography_ok(&s.pool, province, district, municipality).await {
            Ok(errs) => e.0.extend(errs.0),
            Err(err) => return internal(err),
        }
        let postal = text(&form.postal_code);
        if !postal.is_empty() && !postal.chars().all(|c| c.is_ascii_digit()) {
            e.add("postalCode", "Postal code must be a number");
        }
    }
    // Step 3: members and terms.
    let members = form.member_in_organisation;
    if step.is_none() || step == Some(3) {
        match members {
            None => e.add("numOfOrgMembers", "Number of members is required"),
            Some(m) if m < 1 => e.add("numOfOrgMembers", "Number of members must be at least 1"),
            _ => {}
        }
        let terms = form.terms.unwrap_or(false);
        if !terms {
            e.add("terms", "Accept terms and conditions to continue");
        }
    }
    if !e.is_empty() {
        return invalid(e);
    }
    if step.is_some() {
        return Json(Registered {
            success: true,
            message: String::new(),
            errors: Some(Vec::new()),
            user_type: None,
            email: None,
            resend_count: None,
            otp: None,
        })
        .into_response();
    }

    let limit_key = gbvf_events::person::email_key(&email);
    let key = match super::user_key(&s.pool, &email).await {
        Ok(k) => k,
        Err(err) => return internal(err),
    };
    // Counted the same for new and taken addresses, apart from resends (codes::
    // allow_code_request), so a registration leaves no trace in what resends answer.
    let allowed = async {
        let secret = s.secret.get(&s.pool).await?;
        Ok::<_, sqlx::Error>(
            limits::hit(
                &s.pool,
                limits::REGISTRATION_ACCOUNT,
                &limits::key(secret, &[&limit_key]),
            )
            .await?
                && limits::hit(
                    &s.pool,
                    limits::CODE_REQUEST_ADDRESS,
                    &limits::key(secret, &[&ci.key_part()]),
                )
                .await?,
        )
    };
    match allowed.await {
        Ok(true) => {}
        Ok(false) => {
            return failure(
                StatusCode::TOO_MANY_REQUESTS,
                one_time_codes::TOO_MANY_REQUESTS,
            )
        }
        Err(err) => return internal(err),
    }
    let resends = 0;
    let existing = match load_user(&s.pool, &key).await {
        Ok(u) => u,
        Err(err) => return internal(err),
    };
    if existing.is_live() {
        return taken(&s, &existing, &email, resends, &text(&form.password)).await;
    }
    let user_id = uuid::Uuid::new_v4().to_string();
    let organisation_id = uuid::Uuid::new_v4().to_string();
    let profile = Profile {
        title_id: form.title.map(|x| x as i32),
        first_name: text(&form.first_name),
        last_name: text(&form.last_name),
        job_role_id: form.job_role.map(|x| x as i32),
        mobile_number: Some(v::digits(&text(&form.mobile_number))),
        alternative_number: None,
    };
    let opt = |s: String| (!s.is_empty()).then_some(s);
    // POPIA: the events name the person by id; the details go to `person` in the same
    // transaction ([`crate::accounts::register`] sets the id).
    let person = gbvf_events::person::Person {
        email: email.clone(),
        first_name: profile.first_name.clone(),
        last_name: profile.last_name.clone(),
        mobile_number: profile.mobile_number.clone(),
        alternative_number: profile.alternative_number.clone(),
    };
    let user_event = UserRegistered {
        user_id: user_id.clone(),
        profile: gbvf_events::accounts::ProfileFacts {
            person_id: uuid::Uuid::nil(),
            title_id: profile.title_id,
            job_role_id: profile.job_role_id,
        },
        organisation_id: Some(organisation_id.clone()),
        group_ids: vec![ORGANISATION_GROUP],
        created_by: "self".into(),
        relationship_type_ids: vec![],
        municipality_ids: vec![],
        province_ids: vec![],
    };
    let org_event = OrganisationRegistered {
        organisation_id: organisation_id.clone(),
        name: text(&form.organisation_name),
        branch: opt(text(&form.organisation_branch)),
        organisation_type_id: form.organisation_type.unwrap_or(0) as i32,
        street_number: opt(text(&form.street_number)),
        street_name: opt(text(&form.street_name)),
        suburb: opt(text(&form.suburb)),
        city: opt(text(&form.city)),
        postal_code: opt(text(&form.postal_code)),
        province_id: province.unwrap_or(0),
        district_id: district.unwrap_or(0),
        municipality_id: municipality.unwrap_or(0),
        members: members.unwrap_or(1),
        designated_user_id: user_id.clone(),
        designated_person_id: uuid::Uuid::nil(),
    };
    // One transaction: the account, the organisation, the password set and its hash.
    let hash = match password::hash_async(text(&form.password)).await {
        Ok(h) => h,
        Err(err) => return internal(err),
    };
    let result = crate::accounts::register(
        &s.pool,
        crate::accounts::Registration {
            person,
            registered: user_event,
            organisation: org_event,
            password_hash: gbvf_commands::accounts::user::PasswordHash::new(hash),
            previous_user_id: existing.user_id.clone(),
        },
        &meta(&format!("user:{user_id}"), "http:POST /api/auth/register"),
    )
    .await;
    let lost = match result {
        Ok(claimed) => !claimed,
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
    let requested_by = match csrf::binding(&s, &browser, one_time_codes::REQUESTED_BY).await {
        Ok(binding) => binding,
        Err(err) => return err.into_response(),
    };
    match one_time_codes::issue(&s.pool, &key, NEW_USER, Some(&requested_by)).await {
        Ok(code) => {
            send_otp(&s, &email, &profile.first_name, &code, NEW_USER).await;
            registered(&s, &email, Some(&code), resends)
        }
        Err(err) => internal(err),
    }
}

/// The answer to a registration, whether new or of a taken address.
fn registered(s: &AppState, email: &str, code: Option<&str>, resends: i32) -> Response {
    Json(Registered {
        success: true,
        message: REGISTERED.into(),
        errors: None,
        user_type: Some(NEW_USER),
        email: Some(email.to_string()),
        resend_count: Some(resends),
        otp: Some(code.filter(|_| s.dev_mode).map(str::to_string)),
    })
    .into_response()
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
    match province {
        None => e.add("province", "Province is required"),
        Some(p) => {
            if !matches!(level_and_parent(pool, p).await?, Some(b) if b.level == "province") {
                e.add("province", "Please select a valid province");
            }
        }
    }
    match district {
        None => e.add("district", "District is required"),
        Some(d) => {
            if !matches!(level_and_parent(pool, d).await?, Some(b) if b.level == "district" && b.parent_id == province)
            {
                e.add("district", "Please select a valid district");
            }
        }
    }
    match municipality {
        None => e.add("localMunicipality", "Local municipality is required"),
        Some(m) => {
            if !matches!(level_and_parent(pool, m).await?, Some(b) if b.level == "municipality" && b.parent_id == district)
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
