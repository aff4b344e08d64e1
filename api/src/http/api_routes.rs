//! The route table of `/api` (public spec §7 paths): each route with the permission it needs
//! and what it does to the event log; reads that may be cached first.

use crate::http::audit;
use crate::http::auth;
use crate::http::building_blocks;
use crate::http::collective_actions;
use crate::http::crime;
use crate::http::dashboard;
use crate::http::geography;
use crate::http::health_check;
use crate::http::openapi;
use crate::http::organisations;
use crate::http::routes::{Needs, Routes};
use crate::http::users_groups;
use crate::http::IMPORT_BODY_LIMIT;
use axum::http::Method;
use axum::routing::post;
use gbvf_commands::accounts::permissions::{
    AddBuildingBlock, AddGroupAction, AddSurveyLink, BuildingBlockAdmin, CreateGroup,
    CreateNewBuildingBlock, DeleteBuildingBlock, DeleteGroup, DeleteGroupAction, DeleteUser,
    EditBuildingBlock, HealthCheckAdmin, ImportBuildingBlockData, SetGroupMember,
    SetSurveyEffectiveDate, ValidateBuildingBlock, VerifyBuildingBlockExist, VerifyOrganisation,
    ViewOrganisationalSurveyResults, ViewOrganisations, ViewYourOrganisationSurveyResult,
    WorldOfImpactAdmin,
};

/// The public reads answered from the response cache, outside the session layer (a
/// cache hit touches neither the session store nor a cookie). All are [`Needs::Anyone`].
pub fn cached_routes(r: Routes) -> Routes {
    use Needs::Anyone;
    r.get("/api/geography/boundary/{id}", Anyone, geography::boundary)
        .get(
            "/api/geography/boundary/list/{boundaryTypeId}",
            Anyone,
            geography::list,
        )
        .get(
            "/api/geography/boundary/list/{boundaryTypeId}/{parentBoundaryId}",
            Anyone,
            geography::list_in,
        )
        .get("/api/geography/contained/", Anyone, geography::contained)
        .get_undocumented("/api/geography/contained", geography::contained)
        .get("/api/geography/geojson/{id}", Anyone, geography::geojson)
        .get(
            "/api/geography/geomarker/{componentId}/{boundaryId}",
            Anyone,
            geography::geomarker,
        )
        .get(
            "/api/geography/geomarker/{componentId}/{boundaryId}/{categoryId}",
            Anyone,
            geography::geomarker_category,
        )
        .get("/api/crime/stats", Anyone, crime::stats)
        .get(
            "/api/buildingblock/searchcontact",
            Anyone,
            building_blocks::search_contact,
        )
        .get(
            "/api/buildingblock/getBuildingBlockData",
            Anyone,
            building_blocks::get_data,
        )
        .get(
            "/api/buildingblock/getBuildingBlockRquirementDetailData",
            Anyone,
            building_blocks::get_requirement_detail,
        )
        .get(
            "/api/buildingblock/getBoundaryCounts",
            Anyone,
            building_blocks::boundary_counts,
        )
        .get(
            "/api/CollectiveAction/getCollectiveActionsByBoundary",
            Anyone,
            collective_actions::by_boundary,
        )
        .get(
            "/api/CollectiveAction/getCollectiveActionDetailsByStakeholderId",
            Anyone,
            collective_actions::details,
        )
        .get(
            "/api/geography/actionsGeomarker/{componentId}/{boundaryId}",
            Anyone,
            collective_actions::actions_geomarker,
        )
        .get("/api/dashboard", Anyone, dashboard::dashboard)
        .get(
            "/api/dashboard/components",
            Anyone,
            dashboard::components_handler,
        )
        .get_undocumented("/api/openapi.json", openapi::document)
}

/// Every other `/api` route, behind the session and CSRF layers, each with what it needs
/// (public spec §3 "Permission actions"; docs/decisions/0032-default-groups.md). This list is
/// the one place a route's permission is declared: [`routes::Routes`] enforces it and the
/// OpenAPI document shows it (`x-permission`).
pub fn session_routes(r: Routes) -> Routes {
    use Needs::{AnyOf, Anyone, PoliceStatistics, SignedIn};
    const ADMIN: Needs = AnyOf(&[WorldOfImpactAdmin]);
    const BB_ADMIN: Needs = AnyOf(&[BuildingBlockAdmin]);
    const VIEW_ORGANISATIONS: Needs = AnyOf(&[ViewOrganisations]);
    r.get(
        "/api/config/feature-flags",
        Anyone,
        dashboard::feature_flags,
    )
    .get("/api/health", Anyone, dashboard::health)
    .get("/api/audit/public-key", Anyone, audit::public_key)
    .get("/api/audit/checkpoints", Anyone, audit::checkpoints)
    .post(
        "/api/crime/figures",
        PoliceStatistics,
        crime::recording::record_figure,
    )
    .at(
        Method::POST,
        "/api/crime/import",
        // The route layer checks the permission before the body is read; only then may
        // it be large.
        PoliceStatistics,
        post(crime::recording::import_crime)
            .layer(axum::extract::DefaultBodyLimit::max(IMPORT_BODY_LIMIT)),
    )
    .post(
        "/api/admin/challenges",
        ADMIN,
        collective_actions::admin::record,
    )
    .post(
        "/api/admin/challenges/{id}/result",
        ADMIN,
        collective_actions::admin::report,
    )
    .post(
        "/api/admin/challenges/{id}/complete",
        ADMIN,
        collective_actions::admin::complete,
    )
    .post("/api/auth/register", Anyone, auth::handlers::register)
    .post("/api/auth/verify-otp", Anyone, auth::handlers::verify_otp)
    .post(
        "/api/auth/forgot-password",
        Anyone,
        auth::handlers::forgot_password,
    )
    .post("/api/auth/resend-otp", Anyone, auth::handlers::resend_otp)
    .post(
        "/api/auth/reset-password",
        Anyone,
        auth::handlers::reset_password,
    )
    .post(
        "/api/auth/add-password",
        SignedIn,
        auth::handlers::add_password,
    )
    .post_session("/api/auth/login", Anyone, auth::handlers::login)
    .post_session("/api/auth/logout", Anyone, auth::handlers::logout)
    .get("/api/auth/csrf", Anyone, auth::handlers::csrf)
    .post_read(
        "/api/auth/userAuthenticated",
        Anyone,
        auth::handlers::user_authenticated,
    )
    .get("/api/auth/getUserTitles", Anyone, auth::handlers::titles)
    .get(
        "/api/auth/getUserJobRoles",
        Anyone,
        auth::handlers::job_roles,
    )
    .get(
        "/api/auth/getOrganisationTypes",
        Anyone,
        auth::handlers::organisation_types,
    )
    .get("/api/auth/profile", SignedIn, auth::handlers::profile)
    .put(
        "/api/auth/updateProfile",
        SignedIn,
        auth::handlers::update_profile,
    )
    .put(
        "/api/auth/notificationEmails",
        SignedIn,
        auth::handlers::notification_emails,
    )
    .get(
        "/api/buildingblock/getBuildingBlockAssociatedToUser",
        BB_ADMIN,
        building_blocks::associated_to_user,
    )
    .get(
        "/api/buildingblock/getBuildingBlockOnMunicipality",
        BB_ADMIN,
        building_blocks::on_municipality,
    )
    .get(
        "/api/buildingblock/getBuildingBlockContactsWithRequirements",
        BB_ADMIN,
        building_blocks::contacts_with_requirements,
    )
    .put(
        "/api/buildingblock/updateBuildingBlockContactsAndRequirements",
        AnyOf(&[EditBuildingBlock]),
        building_blocks::update,
    )
    .post(
        "/api/buildingblock/verifyBuildingBlock",
        AnyOf(&[ValidateBuildingBlock]),
        building_blocks::verify,
    )
    .post(
        "/api/buildingblock/returnBuildingBlock",
        AnyOf(&[ValidateBuildingBlock]),
        building_blocks::return_block,
    )
    .get(
        "/api/buildingblock/history",
        BB_ADMIN,
        building_blocks::history,
    )
    .get(
        "/api/buildingblock/verificationQueue",
        AnyOf(&[EditBuildingBlock, ValidateBuildingBlock]),
        building_blocks::verification_queue,
    )
    .get(
        "/api/buildingblock/bulkLoad/template",
        AnyOf(&[ImportBuildingBlockData]),
        building_blocks::bulk_load_template,
    )
    .at(
        Method::POST,
        "/api/buildingblock/bulkLoad/dryRun",
        // Checked before the body is read; only then may it be a whole file.
        AnyOf(&[ImportBuildingBlockData]),
        post(building_blocks::bulk_load_dry_run).layer(axum::extract::DefaultBodyLimit::max(
            building_blocks::BULK_LOAD_BODY_LIMIT,
        )),
    )
    .at(
        Method::POST,
        "/api/buildingblock/bulkLoad/apply",
        AnyOf(&[ImportBuildingBlockData]),
        post(building_blocks::bulk_load_apply).layer(axum::extract::DefaultBodyLimit::max(
            building_blocks::BULK_LOAD_BODY_LIMIT,
        )),
    )
    .get(
        "/api/buildingblock/reviewSubmission",
        AnyOf(&[EditBuildingBlock, ValidateBuildingBlock]),
        building_blocks::review_submission,
    )
    .delete(
        "/api/buildingblock/DeleteStakeholderById",
        AnyOf(&[EditBuildingBlock]),
        building_blocks::delete_contact_person,
    )
    .post(
        "/api/buildingblock/proposeProvider",
        AnyOf(&[AddBuildingBlock]),
        building_blocks::propose_provider,
    )
    .post(
        "/api/buildingblock/proposeClosure",
        AnyOf(&[DeleteBuildingBlock]),
        building_blocks::propose_closure,
    )
    .post(
        "/api/buildingblock/confirmProposal",
        AnyOf(&[VerifyBuildingBlockExist]),
        building_blocks::confirm_proposal,
    )
    .post(
        "/api/buildingblock/declineProposal",
        AnyOf(&[VerifyBuildingBlockExist]),
        building_blocks::decline_proposal,
    )
    .post(
        "/api/buildingblock/createBuildingBlock",
        AnyOf(&[CreateNewBuildingBlock]),
        building_blocks::create_building_block,
    )
    .post(
        "/api/buildingblock/createBuildingBlockRequirement",
        AnyOf(&[CreateNewBuildingBlock]),
        building_blocks::create_requirement,
    )
    .get(
        "/api/buildingblock/getBuildingBlockTaxonomy",
        AnyOf(&[CreateNewBuildingBlock]),
        building_blocks::get_taxonomy,
    )
    .get(
        "/api/buildingblock/proposals",
        AnyOf(&[
            AddBuildingBlock,
            DeleteBuildingBlock,
            VerifyBuildingBlockExist,
        ]),
        building_blocks::proposals,
    )
    .post_read(
        "/api/healthcheck/getAdminDashboard",
        AnyOf(&[WorldOfImpactAdmin, ViewOrganisations]),
        organisations::dashboard,
    )
    .post_read(
        "/api/healthcheck/searchOrganisations",
        VIEW_ORGANISATIONS,
        organisations::search,
    )
    .get(
        "/api/healthcheck/organisation/{id}",
        VIEW_ORGANISATIONS,
        organisations::application,
    )
    .get(
        "/api/healthcheck/organisation/{id}/history",
        VIEW_ORGANISATIONS,
        organisations::history,
    )
    .post(
        "/api/healthcheck/verify",
        AnyOf(&[VerifyOrganisation]),
        organisations::verify,
    )
    .get("/api/admin/mail", ADMIN, organisations::mail_status)
    .get(
        "/api/healthcheck/getActiveQuestionnaires",
        AnyOf(&[SetSurveyEffectiveDate, HealthCheckAdmin, WorldOfImpactAdmin]),
        health_check::active_questionnaires,
    )
    .post(
        "/api/healthcheck/inviteCode",
        AnyOf(&[SetSurveyEffectiveDate]),
        health_check::invite_code,
    )
    .get("/api/healthcheck/survey", Anyone, health_check::survey)
    .post("/api/healthcheck/survey", Anyone, health_check::submit)
    .get(
        "/api/healthcheck/getOrganisationHealthChecks",
        AnyOf(&[
            ViewYourOrganisationSurveyResult,
            AddSurveyLink,
            SetSurveyEffectiveDate,
        ]),
        health_check::organisation_health_checks,
    )
    .post_read(
        "/api/healthcheck/organisationalResult",
        AnyOf(&[
            ViewYourOrganisationSurveyResult,
            ViewOrganisationalSurveyResults,
        ]),
        health_check::organisational_result,
    )
    .get(
        "/api/healthcheck/getSummarisedHealthCheck",
        AnyOf(&[HealthCheckAdmin, WorldOfImpactAdmin]),
        health_check::summarised,
    )
    .get("/api/healthcheck/stats", Anyone, health_check::stats)
    .get(
        "/api/security/getAllActions",
        ADMIN,
        users_groups::all_actions,
    )
    .post_read(
        "/api/security/getGroupActions",
        ADMIN,
        users_groups::group_actions,
    )
    .get("/api/security/getGroups", ADMIN, users_groups::groups)
    .get("/api/security/getAllUsers", ADMIN, users_groups::users)
    .get(
        "/api/security/getUserDetails",
        ADMIN,
        users_groups::user_details,
    )
    .get(
        "/api/security/getLocalMunicipalities",
        ADMIN,
        users_groups::municipalities,
    )
    .get(
        "/api/security/getOrganisations",
        ADMIN,
        users_groups::organisations,
    )
    .post(
        "/api/security/createNewUser",
        AnyOf(&[SetGroupMember]),
        users_groups::create_user,
    )
    .put(
        "/api/security/editUserDetails",
        AnyOf(&[SetGroupMember]),
        users_groups::edit_user,
    )
    .delete(
        "/api/security/deleteUser",
        AnyOf(&[DeleteUser]),
        users_groups::delete_user,
    )
    .post(
        "/api/security/eraseUser",
        AnyOf(&[DeleteUser]),
        users_groups::erase_user,
    )
    .post(
        "/api/security/AddGroup",
        AnyOf(&[CreateGroup]),
        users_groups::add_group,
    )
    .post(
        "/api/security/addGroupActions",
        AnyOf(&[AddGroupAction]),
        users_groups::add_group_actions,
    )
    .delete(
        "/api/security/deleteGroupActions",
        AnyOf(&[DeleteGroupAction]),
        users_groups::delete_group_actions,
    )
    .delete(
        "/api/security/deleteGroup",
        AnyOf(&[DeleteGroup]),
        users_groups::delete_group,
    )
}
