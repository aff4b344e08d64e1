//! The bulk load of provider details by a province (ImportBuildingBlockData; docs/bulk-load.md,
//! docs/decisions/0059-bulk-load-of-provider-details.md): the template, the dry run of a file and
//! its apply. The file is the request body (CSV or XLSX, at most [`BULK_LOAD_BODY_LIMIT`]);
//! rules in `gbvf_commands::building_blocks::bulk_load` and the `Provider` aggregate.

use crate::http::building_blocks::staff_area;
use crate::http::building_blocks::verification::actor_of;
use crate::http::building_blocks::verification::meta_for;
use std::collections::HashMap;

use crate::http::auth::CurrentUser;
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use gbvf_commands::building_blocks::bulk_load::{
    self, Action, BlockInfo, CellError, DirectoryEntry, Known, PersonDetails, Plan, RowReport,
    Uploader,
};
use gbvf_projections::building_blocks::queries;
use gbvf_projections::geography::boundaries_in_provinces;
use serde::Serialize;
use utoipa::ToSchema;

/// Largest file the bulk load takes (a province's 10,000 rows with every column filled fit).
pub const BULK_LOAD_BODY_LIMIT: usize = 16 * 1024 * 1024;

/// How many rows of each action a dry run or an apply counted.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkLoadSummary {
    /// Data rows read.
    pub rows: usize,
    /// Rows that record a submission.
    pub submit: usize,
    /// Rows that verify another person's pending submission.
    pub verify: usize,
    /// Rows that change nothing.
    pub unchanged: usize,
    /// Rows with errors.
    pub error: usize,
}

/// The report of a dry run or an apply: every row, the file's own errors, and what was applied.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkLoadReport {
    /// True when the file has no error (a dry run) or was applied (an apply).
    pub success: bool,
    /// What happened, in words.
    pub message: String,
    /// True when the file's rows were recorded (apply only).
    pub applied: bool,
    /// Counts per action.
    pub summary: BulkLoadSummary,
    /// Every data row, in file order.
    pub rows: Vec<RowReport>,
    /// Errors of the file as a whole (row 1: the header; row 0: the file).
    pub file_errors: Vec<CellError>,
    /// Every error as the one error shape has it: `code` "row N, column", `description`.
    pub errors: Vec<crate::http::error::ErrorItem>,
    /// The fingerprint of what this report shows (every row's provider and its version, action,
    /// changes and errors): the apply names the fingerprint of the dry run the uploader
    /// reviewed (`?reviewed=`), and is refused (409) when the file's providers changed since.
    pub reviewed: String,
}

/// The apply's query: the dry run the uploader reviewed.
#[derive(Debug, Clone, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BulkLoadApplyQuery {
    /// The `reviewed` fingerprint of the dry run's report (64 hexadecimal digits).
    pub reviewed: Option<String>,
}

/// The area of the bulk load: the municipalities whose providers user `u` may load (assigned
/// municipalities and every municipality of their assigned provinces, and of the provinces
/// they review), and those whose submissions they may verify (ValidateBuildingBlock).
async fn uploader(s: &AppState, u: &CurrentUser) -> Result<Uploader, ApiError> {
    let area = staff_area(s, u).await?;
    let mut provinces =
        gbvf_projections::accounts::assigned_provinces(&s.pool, &u.session.user_id).await?;
    provinces.extend(&area.provinces);
    let mut municipalities = area.municipalities.clone();
    municipalities.extend(boundaries_in_provinces(&s.pool, &provinces).await?);
    municipalities.sort_unstable();
    municipalities.dedup();
    let reviewed = if area.provinces.is_empty() {
        Vec::new()
    } else {
        boundaries_in_provinces(&s.pool, &area.provinces).await?
    };
    Ok(Uploader {
        actor: actor_of(u),
        municipalities,
        reviewed_municipalities: reviewed,
    })
}

/// The dry run of file `body` for user `u`: read, matched and decided on what the read models
/// and the event log hold now.
async fn dry_run(s: &AppState, u: &CurrentUser, body: &[u8]) -> Result<Plan, ApiError> {
    // An empty body is a file error of the report ("The file is empty"), as any unreadable file.
    let sheet = read_file(body).await?;
    let uploader = uploader(s, u).await?;
    let directory: Vec<DirectoryEntry> = queries::bulk_load_providers(&s.pool)
        .await?
        .into_iter()
        .map(|r| DirectoryEntry {
            provider_id: r.provider_id,
            name: r.name,
            building_block_id: r.building_block_id,
            municipality_id: r.municipality_id,
            municipality_name: r.municipality_name,
        })
        .collect();
    let requirements = queries::requirements(&s.pool, None).await?;
    let mut blocks: Vec<BlockInfo> = Vec::new();
    for b in queries::taxonomy_blocks(&s.pool).await? {
        blocks.push(BlockInfo {
            building_block_id: b.building_block_id,
            requirements: requirements
                .iter()
                .filter(|r| r.building_block_id == b.building_block_id)
                .map(|r| (r.requirement_id, r.description.clone()))
                .collect(),
            location_secret: queries::block_location_secret(&s.pool, b.building_block_id).await?,
            name: b.block_description,
        });
    }
    let in_area: Vec<i64> = {
        let area: std::collections::HashSet<i64> =
            uploader.municipalities.iter().copied().collect();
        directory
            .iter()
            .filter(|e| area.contains(&e.municipality_id))
            .map(|e| e.provider_id)
            .collect()
    };
    let providers = bulk_load::load_providers(&s.pool, &in_area).await?;
    let persons: HashMap<uuid::Uuid, PersonDetails> = queries::contact_persons(&s.pool, &in_area)
        .await?
        .into_iter()
        .filter_map(|p| {
            Some((
                p.contact_person_id,
                PersonDetails {
                    full_name: p.name?,
                    job_role: p.job_role,
                    mobile_number: p.mobile_number,
                    email_address: p.email,
                    telephone_number: p.telephone_number,
                    alternate_number: p.alternate_number,
                },
            ))
        })
        .collect();
    let known = Known {
        directory: &directory,
        blocks: &blocks,
        providers: &providers,
        persons: &persons,
    };
    Ok(bulk_load::plan(&sheet, known, &uploader))
}

/// Files read at once: each read allocates at most `sheet::READ_MEMORY_BOUND`, so the uploads
/// together stay under twice that, whatever they hold.
const READS_AT_ONCE: usize = 2;

/// Reads file `body` off the async workers (a 16 MiB workbook takes CPU seconds), at most
/// [`READS_AT_ONCE`] at a time.
async fn read_file(body: &[u8]) -> Result<bulk_load::Sheet, ApiError> {
    static READS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(READS_AT_ONCE);
    let _permit = READS
        .acquire()
        .await
        .map_err(|e| ApiError::Internal(e.into()))?;
    let body = body.to_vec();
    tokio::task::spawn_blocking(move || bulk_load::sheet::read(&body))
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("reading the file: {e}")))
}

fn report(plan: Plan, applied: bool, message: String) -> BulkLoadReport {
    let mut summary = BulkLoadSummary {
        rows: plan.rows.len(),
        ..Default::default()
    };
    for r in &plan.rows {
        match r.action {
            Action::Submit => summary.submit += 1,
            Action::Verify => summary.verify += 1,
            Action::Unchanged => summary.unchanged += 1,
            Action::Error => summary.error += 1,
        }
    }
    let errors = plan
        .errors
        .iter()
        .chain(plan.rows.iter().flat_map(|r| &r.errors))
        .map(|e| crate::http::error::ErrorItem {
            code: if e.column.is_empty() {
                format!("row {}", e.row)
            } else {
                format!("row {}, {}", e.row, e.column)
            },
            description: e.message.clone(),
        })
        .collect();
    BulkLoadReport {
        reviewed: plan.reviewed(),
        success: !plan.has_errors(),
        message,
        applied,
        summary,
        rows: plan.rows,
        file_errors: plan.errors,
        errors,
    }
}

/// `GET /api/buildingblock/bulkLoad/template`: the bulk load's template, a CSV with the header
/// row and one example row (docs/bulk-load.md explains each column). ImportBuildingBlockData.
#[utoipa::path(get, path = "/api/buildingblock/bulkLoad/template", operation_id = "getBulkLoadTemplate", tag = "building block",
    responses((status = 200, description = "The template (text/csv)", content_type = "text/csv", body = String), (status = 403, description = "Permission denied")))]
pub async fn bulk_load_template() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"bulk-load-template.csv\"",
            ),
        ],
        bulk_load::template_csv(),
    )
        .into_response()
}

/// `POST /api/buildingblock/bulkLoad/dryRun` with the file as the body (CSV or XLSX): every row
/// with the provider it names, what it changes and its errors by row and column; nothing is
/// recorded. ImportBuildingBlockData; a row outside the user's area is an error.
#[utoipa::path(post, path = "/api/buildingblock/bulkLoad/dryRun", operation_id = "dryRunBulkLoad", tag = "building block",
    request_body(content = String, content_type = "text/csv", description = "The file in the template (CSV, or XLSX as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet; at most 16 MiB, 10,000 rows)"),
    responses((status = 200, description = "The dry run's report (success false when any row has an error)", body = BulkLoadReport), (status = 403, description = "Permission denied"), (status = 413, description = "File too large")))]
pub async fn bulk_load_dry_run(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    body: axum::body::Bytes,
) -> Result<Json<BulkLoadReport>, ApiError> {
    let plan = dry_run(&s, &u, &body).await?;
    let message = if plan.has_errors() {
        "The file has errors: correct them and upload it again. Nothing can be applied while any row has an error."
    } else {
        "No errors: the file can be applied."
    };
    Ok(Json(report(plan, false, message.into())))
}

/// `POST /api/buildingblock/bulkLoad/apply?reviewed=…` with the file as the body: the dry run
/// again on what the system holds now, then, only when no row has an error, every row's
/// submission (or verification) recorded in one transaction, as the manage form and the review
/// record them. The apply names the dry run the uploader reviewed (`reviewed`, the fingerprint
/// of its report): when a provider of the file changed since (a new submission above all,
/// which a verification row would otherwise make public unseen), nothing is recorded (409).
/// A file with any error records nothing (400). ImportBuildingBlockData.
#[utoipa::path(post, path = "/api/buildingblock/bulkLoad/apply", operation_id = "applyBulkLoad", tag = "building block",
    params(BulkLoadApplyQuery),
    request_body(content = String, content_type = "text/csv", description = "The file in the template (CSV or XLSX, as for the dry run)"),
    responses((status = 200, description = "Applied: the report with what was recorded", body = BulkLoadReport), (status = 400, description = "The file has errors: nothing applied; the report lists them", body = BulkLoadReport), (status = 403, description = "Permission denied"), (status = 409, description = "A provider changed since the dry run, or meanwhile: nothing applied")))]
pub async fn bulk_load_apply(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    axum::extract::Query(q): axum::extract::Query<BulkLoadApplyQuery>,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    let plan = dry_run(&s, &u, &body).await?;
    let meta = meta_for(&u, "http:POST /api/buildingblock/bulkLoad/apply");
    let reviewed = q.reviewed.unwrap_or_default();
    match bulk_load::apply(&s.pool, &plan, &reviewed, &meta).await {
        Ok(done) => {
            crate::http::read_your_writes::settle(&s, "building_blocks").await;
            let message = format!(
                "Applied: {} submission(s) recorded, {} verified.",
                done.submitted, done.verified
            );
            Ok(Json(report(plan, true, message)).into_response())
        }
        Err(e @ bulk_load::ApplyError::HasErrors) => Ok((
            StatusCode::BAD_REQUEST,
            Json(report(plan, false, e.to_string())),
        )
            .into_response()),
        Err(e @ (bulk_load::ApplyError::Conflict | bulk_load::ApplyError::ChangedSinceDryRun)) => {
            Err(ApiError::Conflict(e.to_string()))
        }
        Err(bulk_load::ApplyError::Database(e)) => Err(e.into()),
        Err(e) => Err(ApiError::Internal(anyhow::anyhow!("{e}"))),
    }
}
