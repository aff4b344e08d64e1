//! The admin dashboard, organisation applications and their verification with e-mail (admin
//! spec §2, §4).

use crate::http::auth::CurrentUser;
use crate::http::error::{ApiError, Done};
use crate::http::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use cqrs_es::AggregateError;
use gbvf_commands::accounts::organisation::{
    status_name, Organisation, OrganisationCommand, OrganisationError, APPROVED,
    DUPLICATE_ORGANISATION_TEMPLATE, REJECTED,
};
use gbvf_commands::accounts::reference::{JOB_ROLES, ORGANISATION_TYPES, TITLES};
use gbvf_events::accounts::{OrganisationEvent, VerificationDecision, ORGANISATION_AGGREGATE};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::person::ERASED_PERSON;
use gbvf_projections::accounts::queries::{
    application_counts, person_names, search_applications, ApplicationSearch,
};
use gbvf_projections::geography::queries::boundary_names;
use gbvf_projections::health_check::queries::surveys_card;
use serde::{Deserialize, Serialize};
use serde_json::json;

pub(super) fn describe(list: &[(i32, &str)], id: Option<i32>) -> Option<String> {
    id.and_then(|i| list.iter().find(|(x, _)| *x == i))
        .map(|(_, d)| d.to_string())
}

/// The counts of the admin dashboard (admin spec §1, §7 "getAdminDashboard").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminDashboard {
    /// Applications in progress.
    pub in_progress_count: i64,
    /// Approved organisations.
    pub approved_organisations_count: i64,
    /// The latest status change of an application; null before any.
    #[schema(required = true)]
    pub last_updated_organisation_date: Option<chrono::DateTime<chrono::Utc>>,
    /// The latest survey link or response; null before any.
    #[schema(required = true)]
    pub last_updated_questionnaire_date: Option<chrono::DateTime<chrono::Utc>>,
    /// Organisations with a response in a current survey period.
    pub health_check_participants: i64,
    /// Responses over current survey periods.
    pub actual_responses: i64,
    /// Expected responses over current survey periods.
    pub expected_responses: i64,
    /// True when a survey figure includes example data.
    pub example: bool,
}

/// `POST /api/healthcheck/getAdminDashboard` (WorldOfImpactAdmin or ViewOrganisations): a list
/// of one item (admin spec §7).
#[utoipa::path(post, path = "/api/healthcheck/getAdminDashboard", tag = "admin", operation_id = "getAdminDashboard", responses((status = 200, description = "The counts, as a list of one", body = [AdminDashboard])))]
pub async fn dashboard(State(s): State<AppState>) -> Result<Json<Vec<AdminDashboard>>, ApiError> {
    let organisations = application_counts(&s.pool).await?;
    let surveys = surveys_card(&s.pool).await?;
    Ok(Json(vec![AdminDashboard {
        in_progress_count: organisations.in_progress,
        approved_organisations_count: organisations.approved,
        last_updated_organisation_date: organisations.last_status_change,
        last_updated_questionnaire_date: surveys.last_change,
        health_check_participants: surveys.participating_organisations,
        actual_responses: surveys.actual_responses,
        expected_responses: surveys.expected_responses,
        example: surveys.example,
    }]))
}

/// Body of the applications search.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SearchBody {
    /// 1 In Progress, 2 Rejected, 3 Approved; null for all.
    #[serde(rename = "statusId", alias = "StatusId", default)]
    #[schema(minimum = 1, maximum = 3)]
    status_id: Option<i32>,
    #[serde(rename = "OrganisationName", alias = "organisationName", default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    name: Option<gbvf_commands::text::LineText>,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    sort: Option<gbvf_commands::text::ShortText>,
    #[serde(rename = "pageSize", alias = "PageSize", default)]
    page_size: Option<i64>,
    #[serde(rename = "pageNumber", alias = "PageNumber", default)]
    page_number: Option<i64>,
}

/// One organisation application of the search (admin spec §2 "Organisations").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationRow {
    /// The organisation id (UUID).
    pub stakeholder_id: String,
    /// Its name.
    pub organisation_name: String,
    /// The designated person's name ("Erased person" once erased; empty without one).
    pub received_from: String,
    /// When it registered.
    pub received_on: chrono::DateTime<chrono::Utc>,
    /// 1 In Progress, 2 Rejected, 3 Approved.
    pub verification_status_id: i32,
    /// The status's name.
    pub verification_status: &'static str,
    /// When the status last changed.
    pub status_date: chrono::DateTime<chrono::Utc>,
    /// True for the shipped example organisations.
    pub example: bool,
}

/// One page of the applications search.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationPage {
    /// Always `true`.
    pub success: bool,
    /// The page's rows.
    pub data: Vec<OrganisationRow>,
    /// Rows over every page.
    pub total_count: i64,
    /// The page number, from 1.
    pub page_number: i64,
    /// Rows per page (1–200).
    pub page_size: i64,
}

/// `POST /api/healthcheck/searchOrganisations` (ViewOrganisations): page 1, size 30 by default.
#[utoipa::path(post, path = "/api/healthcheck/searchOrganisations", tag = "admin", operation_id = "searchOrganisations", request_body = SearchBody, responses((status = 200, description = "One page of applications", body = OrganisationPage)))]
pub async fn search(
    State(s): State<AppState>,
    Json(b): Json<SearchBody>,
) -> Result<Json<OrganisationPage>, ApiError> {
    if b.status_id.is_some_and(|x| !(1..=3).contains(&x)) {
        return Err(ApiError::bad(
            "statusId",
            "statusId must be 1 (In Progress), 2 (Rejected), 3 (Approved) or null (All).",
        ));
    }
    let size = b.page_size.unwrap_or(30).clamp(1, 200);
    let page = b.page_number.unwrap_or(1).max(1);
    let name = b
        .name
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty());
    let rows = search_applications(
        &s.pool,
        &ApplicationSearch {
            status_id: b.status_id,
            name_contains: name.as_deref(),
            descending: b.sort.as_deref() == Some("desc"),
            limit: size,
            // A huge page number is an empty page, not an overflow (schemathesis: pageNumber
            // 2^63-1).
            offset: (page - 1).saturating_mul(size),
        },
    )
    .await?;
    let total = rows.first().map(|r| r.total_rows).unwrap_or(0);
    let data = rows
        .into_iter()
        .map(|r| OrganisationRow {
            stakeholder_id: r.organisation_id,
            organisation_name: r.name,
            received_from: format!(
                "{} {}",
                r.designated_first_name.unwrap_or_default(),
                r.designated_last_name.unwrap_or_default()
            )
            .trim()
            .to_string(),
            received_on: r.registered_at,
            verification_status_id: r.verification_status_id,
            verification_status: status_name(r.verification_status_id),
            status_date: r.status_date,
            example: r.example,
        })
        .collect();
    Ok(Json(OrganisationPage {
        success: true,
        data,
        total_count: total,
        page_number: page,
        page_size: size,
    }))
}

pub(super) async fn organisation_events(
    s: &AppState,
    id: &str,
) -> Result<Vec<gbvf_events::store::StoredEvent>, ApiError> {
    let events = gbvf_events::store::aggregate_history(&s.pool, ORGANISATION_AGGREGATE, id).await?;
    if events.is_empty() {
        return Err(ApiError::NotFound(
            "No organisation application has this id.".into(),
        ));
    }
    Ok(events)
}

/// One organisation application (admin spec §2 "Organisation verification").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationApplication {
    /// The organisation id (UUID).
    pub stakeholder_id: String,
    /// Its name.
    pub organisation_name: String,
    /// Its branch, if given.
    #[schema(required = true)]
    pub organisation_branch: Option<String>,
    /// Its type id.
    pub organisation_type_id: i32,
    /// Its type's name.
    #[schema(required = true)]
    pub organisation_type: Option<String>,
    /// The designated person's title, if chosen.
    #[schema(required = true)]
    pub title: Option<String>,
    /// The designated person's name ("Erased person" once erased).
    pub name: String,
    /// Their e-mail address; null once erased.
    #[schema(required = true)]
    pub email: Option<String>,
    /// Their mobile number, if any.
    #[schema(required = true)]
    pub phone: Option<String>,
    /// Their job role, if chosen.
    #[schema(required = true)]
    pub job_role: Option<String>,
    /// Street number and name.
    pub address_line1: String,
    /// Suburb, city and postal code.
    pub address_line2: String,
    /// Province name.
    #[schema(required = true)]
    pub province: Option<String>,
    /// District name.
    #[schema(required = true)]
    pub district: Option<String>,
    /// Local municipality name.
    #[schema(required = true)]
    pub local_municipality: Option<String>,
    /// Members in the organisation.
    pub members_in_organisation: i64,
    /// 1 In Progress, 2 Rejected, 3 Approved.
    pub verification_status_id: i32,
    /// The status's name.
    pub verification_status: &'static str,
    /// True when approved.
    pub organisation_verified: bool,
    /// When the status last changed.
    pub status_date: chrono::DateTime<chrono::Utc>,
    /// Events of the organisation so far (for the decision's `ExpectedStatusId` check).
    pub version: usize,
}

/// The answer of [`application`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OrganisationApplicationAnswer {
    /// Always `true`.
    pub success: bool,
    /// The application.
    pub data: OrganisationApplication,
}

/// `GET /api/healthcheck/organisation/{id}` (ViewOrganisations): one application, read from
/// the organisation's events and its designated person's account.
#[utoipa::path(get, path = "/api/healthcheck/organisation/{id}", tag = "admin", operation_id = "getOrganisation", params(("id" = String, Path, description = "Organisation id")), responses((status = 200, description = "The application", body = OrganisationApplicationAnswer), (status = 404, description = "No organisation has this id")))]
pub async fn application(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<OrganisationApplicationAnswer>, ApiError> {
    let events = organisation_events(&s, &id).await?;
    let OrganisationEvent::OrganisationRegistered(o) =
        serde_json::from_value(events[0].payload.clone())
            .map_err(|e| ApiError::Internal(e.into()))?
    else {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "organisation {id} does not start with its registration"
        )));
    };
    let (status, status_date): (i32, chrono::DateTime<chrono::Utc>) =
        match events.last().map(|e| e.event_type.as_str()) {
            Some("OrganisationApproved") => (APPROVED, events.last().expect("event").recorded_at),
            Some("OrganisationRejected") => (REJECTED, events.last().expect("event").recorded_at),
            _ => (1, events[0].recorded_at),
        };
    let user = crate::accounts::load_user(&s.pool, &o.designated_user_id).await?;
    let names = boundary_names(&s.pool, &[o.province_id, o.district_id, o.municipality_id]).await?;
    let name_of = |id: i64| {
        names
            .iter()
            .find(|b| b.boundary_id == id)
            .map(|b| b.name.clone())
    };
    let p = &user.profile;
    // POPIA: an erased designated person shows as "Erased person", without address or phone.
    let (person_name, email) = if user.erased {
        (ERASED_PERSON.to_string(), None)
    } else {
        (
            format!("{} {}", p.first_name, p.last_name)
                .trim()
                .to_string(),
            Some(user.email.clone()),
        )
    };
    let line1 = [o.street_number.clone(), o.street_name.clone()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let line2 = [o.suburb.clone(), o.city.clone(), o.postal_code.clone()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ");
    Ok(Json(OrganisationApplicationAnswer {
        success: true,
        data: OrganisationApplication {
            stakeholder_id: id,
            organisation_name: o.name,
            organisation_branch: o.branch,
            organisation_type_id: o.organisation_type_id,
            organisation_type: describe(ORGANISATION_TYPES, Some(o.organisation_type_id)),
            title: describe(TITLES, p.title_id),
            name: person_name,
            email,
            phone: p.mobile_number.clone(),
            job_role: describe(JOB_ROLES, p.job_role_id),
            address_line1: line1,
            address_line2: line2,
            province: name_of(o.province_id),
            district: name_of(o.district_id),
            local_municipality: name_of(o.municipality_id),
            members_in_organisation: o.members,
            verification_status_id: status,
            verification_status: status_name(status),
            organisation_verified: status == APPROVED,
            status_date,
            version: events.len(),
        },
    }))
}

/// Body of `verify` (admin spec §3 "Organisation verification").
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct VerifyBody {
    #[serde(rename = "VerificationStatusId", alias = "verificationStatusId")]
    #[schema(schema_with = gbvf_commands::reference_schemas::decision_status_ids)]
    status_id: i32,
    #[serde(rename = "StakeholderId", alias = "stakeholderId")]
    #[schema(value_type = String, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    stakeholder_id: gbvf_commands::text::LineText,
    #[serde(rename = "EmailTemplateType", alias = "emailTemplateType", default)]
    template: Option<i32>,
    #[serde(rename = "RejectedReasons", alias = "rejectedReasons", default)]
    #[schema(value_type = Option<String>, max_length = 4000, pattern = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    reason: Option<gbvf_commands::text::LongText>,
    #[serde(rename = "ExpectedStatusId", alias = "expectedStatusId", default)]
    expected_status_id: Option<i32>,
}

/// `POST /api/healthcheck/verify` (VerifyOrganisation): approve (3, welcome e-mail) or reject
/// (2, e-mail with the reason); the e-mail is sent by the mail worker after the event is
/// stored (api/src/mail_worker/mod.rs). A decision on an application that moved on since the
/// verifier looked answers 409 with the current status.
#[utoipa::path(post, path = "/api/healthcheck/verify", tag = "admin", operation_id = "verifyOrganisation", request_body = VerifyBody, responses((status = 200, description = "Decided", body = Done), (status = 404, description = "No organisation application has this id."), (status = 409, description = "The application moved on: {success: false, message, currentStatusId}")))]
pub async fn verify(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<VerifyBody>,
) -> Response {
    let template = b
        .template
        .unwrap_or(if b.status_id == APPROVED { 1 } else { 2 });
    let reason = match (b.status_id, template) {
        (REJECTED, DUPLICATE_ORGANISATION_TEMPLATE) => Some("Duplicated Organisation".to_string()),
        (REJECTED, _) => b.reason.clone().map(|r| r.trim().to_string()),
        _ => None,
    };
    let events = match organisation_events(&s, &b.stakeholder_id).await {
        Ok(e) => e,
        Err(e) => return e.into_response(),
    };
    let Ok(OrganisationEvent::OrganisationRegistered(_)) =
        serde_json::from_value(events[0].payload.clone())
    else {
        return ApiError::Internal(anyhow::anyhow!("bad organisation stream")).into_response();
    };
    let decision = VerificationDecision {
        by_user_id: u.session.user_id.clone(),
        email_template_type: template,
        reason: reason.clone(),
        reason_id: None,
        reason_digest: None,
    };
    let meta = EventMetadata::now(
        format!("user:{}", u.session.user_id),
        uuid::Uuid::new_v4().to_string(),
        "http:POST /api/healthcheck/verify",
    );
    let cmd = OrganisationCommand::Verify {
        status_id: b.status_id,
        expected_status_id: b.expected_status_id,
        decision,
        reason_id: uuid::Uuid::new_v4(),
        reason_salt: uuid::Uuid::new_v4(),
    };
    // A rejection in the verifier's own words keeps them in the side table `decision_reason`,
    // in the transaction that appends the event.
    let store = crate::telemetry::event_store::<Organisation>(&s.pool);
    match gbvf_commands::execute::execute_with_side_tables(
        &store,
        &s.pool,
        &b.stakeholder_id,
        cmd,
        &(),
        &meta,
    )
    .await
    {
        Ok(_) => {}
        Err(AggregateError::UserError(OrganisationError::Moved { actual, by })) => {
            // The aggregate names the verifier by user id; the message shows their name.
            let by = match person_names(&s.pool, &[by]).await {
                Ok(n) => n
                    .into_iter()
                    .next()
                    .map(|p| p.name)
                    .unwrap_or_else(|| "another verifier".into()),
                Err(e) => return ApiError::from(e).into_response(),
            };
            let e = OrganisationError::Moved { actual, by };
            return (StatusCode::CONFLICT, Json(json!({"success": false, "message": e.to_string(), "currentStatusId": actual, "errors": []}))).into_response();
        }
        Err(AggregateError::UserError(e)) => {
            return ApiError::bad("verification", e.to_string()).into_response()
        }
        Err(AggregateError::AggregateConflict) => {
            let now = crate::accounts::organisation_status(&s.pool, &b.stakeholder_id)
                .await
                .unwrap_or(1);
            return (
                StatusCode::CONFLICT,
                Json(json!({"success": false, "message": format!("Another administrator decided on this application at the same moment. Its status is now {}.", status_name(now)), "currentStatusId": now, "errors": []})),
            )
                .into_response();
        }
        Err(e) => return ApiError::from_aggregate(e).into_response(),
    }
    // The welcome or rejection e-mail is queued by the mail worker from the event just stored
    // (api/src/mail_worker/mod.rs): retried until SMTP takes it, sent once.
    let message = if b.status_id == APPROVED {
        "The organisation has been approved."
    } else {
        "The organisation has been rejected."
    };
    Json(Done::new(message)).into_response()
}
