//! The OpenAPI document of every endpoint, served at `/api/openapi.json`.

use axum::Json;
use utoipa::OpenApi;

use super::{
    audit, auth, building_blocks, collective_actions, crime, dashboard, geography, health_check,
    organisations, users_groups,
};

/// OpenAPI 3.1 description of the public API.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "GBVF dashboard API",
        description = "Public dashboard API of the national GBVF movement. Crime statistics: SAPS. Population: Statistics South Africa, Census 2022. Boundaries: Municipal Demarcation Board."
    ),
    paths(
        geography::boundary,
        geography::list,
        geography::list_in,
        geography::contained,
        geography::geojson,
        geography::geomarker,
        geography::geomarker_category,
        crime::stats,
        dashboard::dashboard,
        dashboard::components_handler,
        dashboard::feature_flags,
        dashboard::health,
        audit::public_key,
        audit::checkpoints,
        crime::recording::record_figure,
        building_blocks::search_contact,
        building_blocks::get_data,
        building_blocks::get_requirement_detail,
        building_blocks::boundary_counts,
        building_blocks::associated_to_user,
        building_blocks::on_municipality,
        building_blocks::contacts_with_requirements,
        building_blocks::update,
        building_blocks::verify,
        building_blocks::return_block,
        building_blocks::history,
        building_blocks::verification_queue,
        building_blocks::review_submission,
        building_blocks::bulk_load_template,
        building_blocks::bulk_load_dry_run,
        building_blocks::bulk_load_apply,
        building_blocks::propose_provider,
        building_blocks::propose_closure,
        building_blocks::confirm_proposal,
        building_blocks::decline_proposal,
        building_blocks::proposals,
        building_blocks::create_building_block,
        building_blocks::create_requirement,
        building_blocks::get_taxonomy,
        building_blocks::delete_contact_person,
        collective_actions::by_boundary,
        collective_actions::details,
        collective_actions::actions_geomarker,
        collective_actions::admin::record,
        collective_actions::admin::report,
        collective_actions::admin::complete,
        organisations::mail_status,
        users_groups::erase_user,
        health_check::active_questionnaires,
        health_check::invite_code,
        health_check::survey,
        health_check::submit,
        health_check::organisation_health_checks,
        health_check::organisational_result,
        health_check::summarised,
        health_check::stats,
        crime::recording::import_crime,
        auth::handlers::registration::register,
        auth::handlers::codes::verify_otp,
        auth::handlers::codes::forgot_password,
        auth::handlers::codes::resend_otp,
        auth::handlers::passwords::reset_password,
        auth::handlers::passwords::add_password,
        auth::handlers::sessions::login,
        auth::handlers::sessions::logout,
        auth::handlers::sessions::csrf,
        auth::handlers::sessions::user_authenticated,
        auth::handlers::profile::titles,
        auth::handlers::profile::job_roles,
        auth::handlers::profile::organisation_types,
        auth::handlers::profile::profile,
        auth::handlers::profile::update_profile,
        auth::handlers::profile::notification_emails,
        organisations::dashboard,
        organisations::search,
        organisations::application,
        organisations::history,
        organisations::verify,
        users_groups::all_actions,
        users_groups::group_actions,
        users_groups::groups,
        users_groups::users,
        users_groups::user_details,
        users_groups::municipalities,
        users_groups::organisations,
        users_groups::create_user,
        users_groups::edit_user,
        users_groups::delete_user,
        users_groups::add_group,
        users_groups::add_group_actions,
        users_groups::delete_group_actions,
        users_groups::delete_group,
    ),
    components(schemas(
        super::error::ErrorBody,
        super::error::ErrorItem,
        crime::recording::RecordFigureBody,
        building_blocks::update_body::UpdateBody,
        building_blocks::update_body::ContactPersonBody,
        building_blocks::DecisionBody,
        building_blocks::ProposeBody,
        building_blocks::ClosureBody,
        building_blocks::ProposalDecisionBody,
        building_blocks::CreateBuildingBlockBody,
        building_blocks::CreateRequirementBody,
        collective_actions::admin::RecordCollectiveActionBody,
        collective_actions::admin::ReportBody,
        crate::mail_worker::MailStatus,
        organisations::history::HistorySealAnswer,
        users_groups::EraseAnswer,
        crate::mail_worker::MailStatusRow,
        health_check::InviteCodeBody,
        health_check::SubmitBody,
        health_check::AnswerBody,
        health_check::ResultBody,
        users_groups::GroupIdBody,
        users_groups::UserForm,
        users_groups::ContactForm,
        users_groups::RelationshipForm,
        users_groups::GroupBody,
        users_groups::KnownActionId,
        organisations::SearchBody,
        organisations::VerifyBody,
        auth::handlers::codes::VerifyOtpBody,
        auth::handlers::codes::ForgotBody,
        auth::handlers::codes::ResendBody,
        auth::handlers::passwords::PasswordBody,
        auth::handlers::sessions::LoginBody
    ))
)]
pub struct ApiDoc;

/// The operationId of every `/api` operation, keyed by method and path as the route table
/// declares them (super::routes). utoipa would take the handler's function name (`details`,
/// `record`, `complete`…); the web client's RTK Query endpoints and hooks are generated from
/// these names (`getCrimeStats` → `useGetCrimeStatsQuery`), so they say what the call does, in
/// the specification's words. A route missing here fails the `operation_ids` test below.
pub const OPERATION_IDS: &[(&str, &str, &str)] = &[
    // Geography (public spec §7 "Geography").
    ("GET", "/api/geography/boundary/{id}", "getBoundary"),
    (
        "GET",
        "/api/geography/boundary/list/{boundaryTypeId}",
        "listBoundaries",
    ),
    (
        "GET",
        "/api/geography/boundary/list/{boundaryTypeId}/{parentBoundaryId}",
        "listBoundariesIn",
    ),
    ("GET", "/api/geography/contained/", "getContained"),
    ("GET", "/api/geography/geojson/{id}", "getGeojson"),
    (
        "GET",
        "/api/geography/geomarker/{componentId}/{boundaryId}",
        "getGeomarkers",
    ),
    (
        "GET",
        "/api/geography/geomarker/{componentId}/{boundaryId}/{categoryId}",
        "getGeomarkersInCategory",
    ),
    (
        "GET",
        "/api/geography/actionsGeomarker/{componentId}/{boundaryId}",
        "getActionsGeomarkers",
    ),
    // Crime statistics and the dashboard.
    ("GET", "/api/crime/stats", "getCrimeStats"),
    ("POST", "/api/crime/figures", "recordCrimeFigure"),
    ("POST", "/api/crime/import", "importCrimeStatistics"),
    ("GET", "/api/dashboard", "getDashboard"),
    ("GET", "/api/dashboard/components", "getComponents"),
    ("GET", "/api/config/feature-flags", "getFeatureFlags"),
    ("GET", "/api/health", "getHealth"),
    ("GET", "/api/audit/public-key", "getAuditPublicKey"),
    ("GET", "/api/audit/checkpoints", "getAuditCheckpoints"),
    // Collective action.
    (
        "GET",
        "/api/CollectiveAction/getCollectiveActionsByBoundary",
        "getActionsByBoundary",
    ),
    (
        "GET",
        "/api/CollectiveAction/getCollectiveActionDetailsByStakeholderId",
        "getChallengeCard",
    ),
    ("POST", "/api/admin/challenges", "recordChallenge"),
    (
        "POST",
        "/api/admin/challenges/{id}/result",
        "reportChallengeResult",
    ),
    (
        "POST",
        "/api/admin/challenges/{id}/complete",
        "completeChallenge",
    ),
    ("GET", "/api/admin/mail", "getMailStatus"),
    // Accounts (public spec §7 "Auth").
    ("POST", "/api/auth/register", "register"),
    ("POST", "/api/auth/verify-otp", "verifyOtp"),
    ("POST", "/api/auth/resend-otp", "resendOtp"),
    ("POST", "/api/auth/forgot-password", "forgotPassword"),
    ("POST", "/api/auth/reset-password", "resetPassword"),
    ("POST", "/api/auth/add-password", "addPassword"),
    ("POST", "/api/auth/login", "login"),
    ("POST", "/api/auth/logout", "logout"),
    ("GET", "/api/auth/csrf", "getCsrfToken"),
    ("POST", "/api/auth/userAuthenticated", "userAuthenticated"),
    ("GET", "/api/auth/getUserTitles", "getUserTitles"),
    ("GET", "/api/auth/getUserJobRoles", "getUserJobRoles"),
    (
        "GET",
        "/api/auth/getOrganisationTypes",
        "getOrganisationTypes",
    ),
    ("GET", "/api/auth/profile", "getProfile"),
    ("PUT", "/api/auth/updateProfile", "updateProfile"),
    (
        "PUT",
        "/api/auth/notificationEmails",
        "setNotificationEmails",
    ),
    // Building block (public spec §7 "Building block").
    ("GET", "/api/buildingblock/searchcontact", "searchContacts"),
    (
        "GET",
        "/api/buildingblock/getBoundaryCounts",
        "getBoundaryCounts",
    ),
    (
        "GET",
        "/api/buildingblock/getBuildingBlockData",
        "getBuildingBlockData",
    ),
    (
        "GET",
        "/api/buildingblock/getBuildingBlockRquirementDetailData",
        "getBuildingBlockRequirementDetailData",
    ),
    (
        "GET",
        "/api/buildingblock/getBuildingBlockAssociatedToUser",
        "getBuildingBlocksAssociatedToUser",
    ),
    (
        "GET",
        "/api/buildingblock/getBuildingBlockOnMunicipality",
        "getProvidersOnMunicipality",
    ),
    (
        "GET",
        "/api/buildingblock/getBuildingBlockContactsWithRequirements",
        "getProviderWithRequirements",
    ),
    ("GET", "/api/buildingblock/history", "getProviderHistory"),
    (
        "GET",
        "/api/buildingblock/verificationQueue",
        "getVerificationQueue",
    ),
    (
        "GET",
        "/api/buildingblock/reviewSubmission",
        "getSubmissionReview",
    ),
    (
        "GET",
        "/api/buildingblock/bulkLoad/template",
        "getBulkLoadTemplate",
    ),
    (
        "POST",
        "/api/buildingblock/bulkLoad/dryRun",
        "dryRunBulkLoad",
    ),
    ("POST", "/api/buildingblock/bulkLoad/apply", "applyBulkLoad"),
    (
        "PUT",
        "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
        "updateProvider",
    ),
    (
        "POST",
        "/api/buildingblock/verifyBuildingBlock",
        "verifyProvider",
    ),
    (
        "POST",
        "/api/buildingblock/returnBuildingBlock",
        "returnProvider",
    ),
    (
        "POST",
        "/api/buildingblock/proposeProvider",
        "proposeProvider",
    ),
    (
        "POST",
        "/api/buildingblock/proposeClosure",
        "proposeClosure",
    ),
    (
        "POST",
        "/api/buildingblock/confirmProposal",
        "confirmProposal",
    ),
    (
        "POST",
        "/api/buildingblock/declineProposal",
        "declineProposal",
    ),
    ("GET", "/api/buildingblock/proposals", "getProposals"),
    (
        "POST",
        "/api/buildingblock/createBuildingBlock",
        "createBuildingBlock",
    ),
    (
        "POST",
        "/api/buildingblock/createBuildingBlockRequirement",
        "createBuildingBlockRequirement",
    ),
    (
        "GET",
        "/api/buildingblock/getBuildingBlockTaxonomy",
        "getBuildingBlockTaxonomy",
    ),
    (
        "DELETE",
        "/api/buildingblock/DeleteStakeholderById",
        "deleteContactPerson",
    ),
    // Health check (admin spec §7).
    ("GET", "/api/healthcheck/stats", "getHealthCheckStats"),
    (
        "GET",
        "/api/healthcheck/getActiveQuestionnaires",
        "getActiveQuestionnaires",
    ),
    ("POST", "/api/healthcheck/inviteCode", "generateInviteCode"),
    ("GET", "/api/healthcheck/survey", "getSurvey"),
    ("POST", "/api/healthcheck/survey", "submitSurvey"),
    (
        "GET",
        "/api/healthcheck/getOrganisationHealthChecks",
        "getOrganisationHealthChecks",
    ),
    (
        "POST",
        "/api/healthcheck/organisationalResult",
        "getOrganisationalResult",
    ),
    (
        "GET",
        "/api/healthcheck/getSummarisedHealthCheck",
        "getSummarisedHealthCheck",
    ),
    (
        "POST",
        "/api/healthcheck/getAdminDashboard",
        "getAdminDashboard",
    ),
    (
        "POST",
        "/api/healthcheck/searchOrganisations",
        "searchOrganisations",
    ),
    (
        "GET",
        "/api/healthcheck/organisation/{id}",
        "getOrganisation",
    ),
    (
        "GET",
        "/api/healthcheck/organisation/{id}/history",
        "getOrganisationHistory",
    ),
    ("POST", "/api/healthcheck/verify", "verifyOrganisation"),
    // Security (admin spec §7 "Security").
    ("GET", "/api/security/getAllActions", "getAllActions"),
    ("POST", "/api/security/getGroupActions", "getGroupActions"),
    ("GET", "/api/security/getGroups", "getGroups"),
    ("GET", "/api/security/getAllUsers", "getAllUsers"),
    ("GET", "/api/security/getUserDetails", "getUserDetails"),
    (
        "GET",
        "/api/security/getLocalMunicipalities",
        "getLocalMunicipalities",
    ),
    ("GET", "/api/security/getOrganisations", "getOrganisations"),
    ("POST", "/api/security/createNewUser", "createNewUser"),
    ("PUT", "/api/security/editUserDetails", "editUserDetails"),
    ("DELETE", "/api/security/deleteUser", "deleteUser"),
    ("POST", "/api/security/eraseUser", "eraseUser"),
    ("POST", "/api/security/AddGroup", "addGroup"),
    ("POST", "/api/security/addGroupActions", "addGroupActions"),
    (
        "DELETE",
        "/api/security/deleteGroupActions",
        "deleteGroupActions",
    ),
    ("DELETE", "/api/security/deleteGroup", "deleteGroup"),
];

/// The operationId [`OPERATION_IDS`] gives `method path` (`None`: not in the table).
pub fn operation_id(method: &str, path: &str) -> Option<&'static str> {
    OPERATION_IDS
        .iter()
        .find(|(m, p, _)| *m == method && *p == path)
        .map(|(_, _, id)| *id)
}

/// The document's description of the 409 every command may answer.
pub const CONFLICT: &str = "Someone else changed the same record at the same moment and nothing was written: reload and try again. Also the answer of a command refused because of the record's current state (the handler's own description says which).";

/// Adds `status` with `description` to the answers of `op` unless the handler declared it.
fn answers(op: &mut utoipa::openapi::path::Operation, status: &str, description: &str) {
    op.responses
        .responses
        .entry(status.to_string())
        .or_insert_with(|| {
            utoipa::openapi::ResponseBuilder::new()
                .description(description)
                .build()
                .into()
        });
}

/// The full OpenAPI document: every endpoint described from its handler (`#[utoipa::path]`),
/// each operation with the `x-permission` of its route declaration.
pub fn full() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    // What each route needs, from its one declaration (super::routes): `x-permission`, and a
    // 403 answer wherever someone may be refused.
    for d in super::declared() {
        let Some(item) = doc.paths.paths.get_mut(d.path) else {
            continue;
        };
        let op = match d.method {
            axum::http::Method::GET => &mut item.get,
            axum::http::Method::PUT => &mut item.put,
            axum::http::Method::DELETE => &mut item.delete,
            _ => &mut item.post,
        };
        if let Some(op) = op {
            if let Some(id) = operation_id(d.method.as_str(), d.path) {
                op.operation_id = Some(id.to_string());
            }
            let mut ext = op.extensions.take().unwrap_or_default();
            ext.insert("x-permission".into(), serde_json::json!(d.needs.describe()));
            op.extensions = Some(ext);
            // A command may meet a concurrent change of its aggregate: after one more try
            // (gbvf_commands::execute) it answers 409, declared here once for every command.
            if d.effect == super::routes::Effect::Command {
                answers(op, "409", CONFLICT);
            }
            if d.needs != super::routes::Needs::Anyone {
                answers(
                    op,
                    "403",
                    "You do not have permission to perform this action.",
                );
            }
        }
    }
    for item in doc.paths.paths.values_mut() {
        // Any call: a query, path or body that does not parse is answered 400 by the extractor.
        for op in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            answers(
                op,
                "400",
                "Malformed query, path or body: {success: false, message, errors}",
            );
        }
        // Every state-changing call passes the CSRF layer first: a missing or wrong
        // X-CSRF-Token is answered 403 (auth::csrf::csrf_guard), whatever the handler declares.
        for op in [
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            answers(
                op,
                "403",
                "Forbidden: no permission, or the session's X-CSRF-Token is missing or wrong",
            );
        }
    }
    // Every failure answers the one error body (error::ErrorBody): give each 4xx and 5xx answer
    // that does not name its own content that schema.
    for item in doc.paths.paths.values_mut() {
        for op in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            for (status, answer) in op.responses.responses.iter_mut() {
                let failure = status.starts_with('4') || status.starts_with('5');
                if let utoipa::openapi::RefOr::T(answer) = answer {
                    if failure && answer.content.is_empty() {
                        answer.content.insert(
                            "application/json".into(),
                            utoipa::openapi::ContentBuilder::new()
                                .schema(Some(utoipa::openapi::Ref::from_schema_name("ErrorBody")))
                                .build(),
                        );
                    }
                }
            }
        }
    }
    doc
}

/// `GET /api/openapi.json`.
pub async fn document() -> Json<utoipa::openapi::OpenApi> {
    Json(full())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Every declared route has exactly one entry in [`OPERATION_IDS`], and no entry names a
    /// route the router does not declare.
    #[test]
    fn operation_ids_cover_the_routes() {
        let routed: BTreeSet<(String, String)> = super::super::declared()
            .into_iter()
            .map(|d| (d.method.to_string(), d.path.to_string()))
            .collect();
        let named: Vec<(String, String)> = OPERATION_IDS
            .iter()
            .map(|(m, p, _)| (m.to_string(), p.to_string()))
            .collect();
        let named_set: BTreeSet<_> = named.iter().cloned().collect();
        assert_eq!(named.len(), named_set.len(), "a route is named twice");
        assert_eq!(
            routed,
            named_set,
            "unnamed routes: {:?}; names of no route: {:?}",
            routed.difference(&named_set).collect::<Vec<_>>(),
            named_set.difference(&routed).collect::<Vec<_>>()
        );
    }

    /// Every operation that changes something declares the 409 of a concurrent change; only the
    /// operations named here append nothing (queries sent by POST, sign-in and sign-out), and
    /// the route table must say so of exactly these.
    #[test]
    fn every_command_declares_its_conflict() {
        const APPEND_NOTHING: &[&str] = &[
            "userAuthenticated",
            "getAdminDashboard",
            "searchOrganisations",
            "getOrganisationalResult",
            "getGroupActions",
            "login",
            "logout",
        ];
        let doc = serde_json::to_value(full()).unwrap();
        let mut commands = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let id = op["operationId"].as_str().unwrap();
                let has_409 = op["responses"].get("409").is_some();
                if method == "get" {
                    assert!(!has_409, "{method} {path} reads but declares 409");
                } else if APPEND_NOTHING.contains(&id) {
                    assert!(!has_409, "{id} appends nothing but declares 409");
                } else {
                    assert!(has_409, "{method} {path} ({id}) lacks its 409");
                    let schema = &op["responses"]["409"]["content"]["application/json"]["schema"];
                    assert!(!schema.is_null(), "{id}: 409 without a body schema");
                    commands += 1;
                }
            }
        }
        assert!(commands >= 25, "only {commands} commands found");
        let declared_reads: BTreeSet<&str> = super::super::declared()
            .into_iter()
            .filter(|d| {
                d.method != axum::http::Method::GET
                    && d.effect != super::super::routes::Effect::Command
            })
            .filter_map(|d| operation_id(d.method.as_str(), d.path))
            .collect();
        assert_eq!(declared_reads, APPEND_NOTHING.iter().copied().collect());
    }

    /// Every operation of the document carries its table name; the names are unique and
    /// lowerCamelCase (they become the web client's endpoint and hook names).
    #[test]
    fn operation_ids_are_unique_and_in_the_document() {
        let doc = serde_json::to_value(full()).unwrap();
        let mut seen = BTreeSet::new();
        let mut count = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let id = op["operationId"].as_str().unwrap_or_default();
                assert_eq!(
                    Some(id),
                    operation_id(&method.to_uppercase(), path),
                    "{method} {path}"
                );
                assert!(
                    id.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                        && id.chars().all(|c| c.is_ascii_alphanumeric()),
                    "{id} is not lowerCamelCase"
                );
                assert!(seen.insert(id.to_string()), "{id} repeated");
                count += 1;
            }
        }
        assert_eq!(count, OPERATION_IDS.len());
    }
}
