//! The verification queue (docs/decisions/0056-the-verification-queue-and-the-review.md): every
//! submission awaiting the province across the reader's area, and every return awaiting the
//! municipality with its reason, oldest wait first, filtered and paged, with the counts of
//! each workflow status.

use crate::http::auth::CurrentUser;
use crate::http::building_blocks::directory::opt_id;
use crate::http::building_blocks::staff_area;
use crate::http::building_blocks::verification::actor_of;
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::Json;
use chrono::{DateTime, Utc};
use gbvf_projections::building_blocks::queries::{self, QueueFilter};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Rows per page unless `pageSize` says otherwise.
pub const QUEUE_PAGE_SIZE: i64 = 25;
/// Most rows a page may ask for.
pub const QUEUE_PAGE_SIZE_MAX: i64 = 100;
/// Most days the age filter takes (ten years).
pub const QUEUE_MAX_DAYS: i64 = 3650;

/// Query of `verificationQueue`; every part optional.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QueueQuery {
    /// `submitted` (awaiting the province, the default) or `returned` (awaiting the
    /// municipality).
    #[param(value_type = Option<String>, pattern = "^(submitted|returned)$")]
    status: Option<String>,
    /// Only this municipality (boundary id).
    #[serde(rename = "municipalityId")]
    #[param(rename = "municipalityId", value_type = Option<i64>, minimum = 1)]
    municipality_id: Option<String>,
    /// Only this building block.
    #[serde(rename = "buildingBlockId")]
    #[param(rename = "buildingBlockId", value_type = Option<i64>, minimum = 1)]
    building_block_id: Option<String>,
    /// Only those waiting at least this many whole days.
    #[serde(rename = "minDaysWaiting")]
    #[param(rename = "minDaysWaiting", value_type = Option<i64>, minimum = 0, maximum = 3650)]
    min_days_waiting: Option<String>,
    /// Page number, from 1.
    #[param(value_type = Option<i64>, minimum = 1)]
    page: Option<String>,
    /// Rows per page, 1 to 100 (25 when absent).
    #[serde(rename = "pageSize")]
    #[param(rename = "pageSize", value_type = Option<i64>, minimum = 1, maximum = 100)]
    page_size: Option<String>,
}

/// One provider waiting.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueItem {
    /// The provider id.
    pub stakeholder_id: i64,
    /// Its name.
    pub name: String,
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// The municipality's name.
    pub municipality_name: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub building_block: String,
    /// `submitted` or `returned`.
    pub status: String,
    /// The version of the last submission, which a verify or return names.
    #[schema(required = true)]
    pub submission_version: Option<i64>,
    /// When the last submission was made (RFC 3339, UTC).
    #[schema(required = true)]
    pub submitted_at: Option<String>,
    /// Who made it: the person's name ("Erased person" once erased); null when unknown.
    #[schema(required = true)]
    pub submitted_by_name: Option<String>,
    /// Since when it waits (RFC 3339, UTC): the submission (submitted) or the return (returned).
    #[schema(required = true)]
    pub waiting_since: Option<String>,
    /// Whole days waited until now (0 on the first day).
    #[schema(required = true)]
    pub days_waiting: Option<i64>,
    /// The last return's reason (a resubmission keeps it, so the reviewer sees why it came
    /// back); null when never returned.
    #[schema(required = true)]
    pub return_reason: Option<String>,
    /// Who returned it last (name); null when never returned.
    #[schema(required = true)]
    pub returned_by_name: Option<String>,
    /// True when the reader made the submission (they may not decide on it).
    pub own_submission: bool,
}

/// Providers per workflow status across the reader's area.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusCounts {
    /// Imported, never captured.
    pub not_captured: i64,
    /// Submitted, awaiting the province.
    pub submitted: i64,
    /// Returned, awaiting the municipality.
    pub returned: i64,
    /// Verified.
    pub verified: i64,
}

/// A choice of a filter.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueChoice {
    /// Municipality boundary id or building block id.
    pub id: i64,
    /// Its name.
    pub name: String,
}

/// A page of the verification queue.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuePage {
    /// Always `true`.
    pub success: bool,
    /// The status listed: `submitted` or `returned`.
    pub status: String,
    /// The page, from 1.
    pub page: i64,
    /// Rows per page.
    pub page_size: i64,
    /// Providers matching the filters in all (every page).
    pub total: i64,
    /// The page's providers, oldest wait first.
    pub items: Vec<QueueItem>,
    /// Providers per status across the whole area (no filter).
    pub counts: StatusCounts,
    /// The municipalities of the area, by name (the municipality filter's choices).
    pub municipalities: Vec<QueueChoice>,
    /// The building blocks, in the taxonomy's order (the building-block filter's choices).
    pub building_blocks: Vec<QueueChoice>,
}

fn bounded(name: &str, v: &Option<String>, min: i64, max: i64) -> Result<Option<i64>, ApiError> {
    let Some(raw) = v.as_deref().map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    match raw.parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => Err(ApiError::bad(
            name,
            format!("{name} must be a whole number from {min} to {max}."),
        )),
    }
}

/// RFC 3339 to the second, UTC.
pub(super) fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The municipalities (boundary ids) whose providers user `u` works on: assigned ones, and
/// every boundary of the provinces they review (their area).
pub(super) async fn area_boundaries(s: &AppState, u: &CurrentUser) -> Result<Vec<i64>, ApiError> {
    let area = staff_area(s, u).await?;
    let mut ids = area.municipalities.clone();
    if !area.provinces.is_empty() {
        ids.extend(
            gbvf_projections::geography::boundaries_in_provinces(&s.pool, &area.provinces).await?,
        );
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// `GET /api/buildingblock/verificationQueue?status&municipalityId&buildingBlockId&minDaysWaiting&page&pageSize`:
/// the providers of the user's area waiting in `status` (`submitted`: for the province's
/// designated person; `returned`: for the municipality's, with the reason), oldest wait
/// first, `total` over every page, the counts per status across the area and the filters'
/// choices. EditBuildingBlock or ValidateBuildingBlock; the area is the user's own
/// (assigned municipalities; the provinces reviewed), nothing outside it is ever counted.
#[utoipa::path(get, path = "/api/buildingblock/verificationQueue", operation_id = "getVerificationQueue", tag = "building block",
    params(QueueQuery),
    responses((status = 200, description = "A page of the queue", body = QueuePage), (status = 400, description = "Malformed filter"), (status = 403, description = "Permission denied")))]
pub async fn verification_queue(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<QueueQuery>,
) -> Result<Json<QueuePage>, ApiError> {
    let status = match q.status.as_deref().map(str::trim) {
        None | Some("") | Some("submitted") => "submitted",
        Some("returned") => "returned",
        Some(_) => {
            return Err(ApiError::bad(
                "status",
                "status must be submitted or returned.",
            ))
        }
    };
    let municipality_id = opt_id("municipalityId", &q.municipality_id)?;
    let building_block_id = bounded("buildingBlockId", &q.building_block_id, 1, i32::MAX as i64)?;
    let min_days = bounded("minDaysWaiting", &q.min_days_waiting, 0, QUEUE_MAX_DAYS)?;
    let page = bounded("page", &q.page, 1, 1_000_000)?.unwrap_or(1);
    let page_size =
        bounded("pageSize", &q.page_size, 1, QUEUE_PAGE_SIZE_MAX)?.unwrap_or(QUEUE_PAGE_SIZE);
    let now = Utc::now();
    let area = area_boundaries(&s, &u).await?;
    let filter = QueueFilter {
        area: area.clone(),
        status,
        municipality_id,
        building_block_id: building_block_id.map(|b| b as i32),
        waiting_since_before: min_days.map(|d| now - chrono::Duration::days(d)),
        offset: (page - 1) * page_size,
        limit: page_size,
    };
    let (rows, total) = queries::verification_queue(&s.pool, &filter).await?;
    let actors: Vec<String> = rows
        .iter()
        .flat_map(|r| r.submitted_by.iter().chain(&r.returned_by))
        .cloned()
        .collect();
    let names = queries::staff_names(&s.pool, &actors, gbvf_events::person::ERASED_PERSON).await?;
    let me = actor_of(&u);
    let items = rows
        .into_iter()
        .map(|r| QueueItem {
            stakeholder_id: r.provider_id,
            name: r.name,
            municipality_id: r.municipality_id,
            municipality_name: r.municipality_name,
            building_block_id: r.building_block_id,
            building_block: r.building_block,
            status: r.status,
            submission_version: r.submission_version,
            submitted_at: r.submitted_at.map(rfc3339),
            submitted_by_name: r.submitted_by.as_ref().and_then(|a| names.get(a).cloned()),
            waiting_since: r.waiting_since.map(rfc3339),
            days_waiting: r.waiting_since.map(|t| (now - t).num_days().max(0)),
            return_reason: r.return_reason,
            returned_by_name: r.returned_by.as_ref().and_then(|a| names.get(a).cloned()),
            own_submission: r.submitted_by.as_deref() == Some(me.as_str()),
        })
        .collect();
    let mut counts = StatusCounts::default();
    for (status, n) in queries::status_counts(&s.pool, &area).await? {
        match status.as_str() {
            "not_captured" => counts.not_captured = n,
            "submitted" => counts.submitted = n,
            "returned" => counts.returned = n,
            "verified" => counts.verified = n,
            _ => {}
        }
    }
    let municipalities = queries::municipality_names(&s.pool, &area)
        .await?
        .into_iter()
        .map(|(id, name)| QueueChoice { id, name })
        .collect();
    let building_blocks = queries::taxonomy_blocks(&s.pool)
        .await?
        .into_iter()
        .map(|b| QueueChoice {
            id: b.building_block_id as i64,
            name: b.block_description,
        })
        .collect();
    Ok(Json(QueuePage {
        success: true,
        status: status.to_string(),
        page,
        page_size,
        total,
        items,
        counts,
        municipalities,
        building_blocks,
    }))
}
