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
use crate::http::open_data;
use crate::http::openapi;
use crate::http::organisations;
use crate::http::routes::{Needs, Routes};
use crate::http::users_groups;
use crate::http::IMPORT_BODY_LIMIT;
use gbvf_commands::accounts::permissions::{
    AddBuildingBlock, AddGroupAction, AddSurveyLink, BuildingBlockAdmin, CreateGroup,
    CreateNewBuildingBlock, DeleteBuildingBlock, DeleteGroup, DeleteGroupAction, DeleteUser,
    EditBuildingBlock, HealthCheckAdmin, ImportBuildingBlockData, SetGroupMember,
    SetSurveyEffectiveDate, ValidateBuildingBlock, VerifyBuildingBlockExist, VerifyOrganisation,
    ViewOrganisationalSurveyResults, ViewOrganisations, ViewYourOrganisationSurveyResult,
    WorldOfImpactAdmin,
};
use utoipa_axum::routes;

/// The public reads answered from the response cache, outside the session layer (a
/// cache hit touches neither the session store nor a cookie). All are [`Needs::Anyone`].
pub fn cached_routes(r: Routes) -> Routes {
    use Needs::Anyone;
    r.api(Anyone, routes!(geography::boundary))
        .api(Anyone, routes!(geography::list))
        .api(Anyone, routes!(geography::list_in))
        .api(Anyone, routes!(geography::contained))
        .get_undocumented("/api/geography/contained", geography::contained)
        .api(Anyone, routes!(geography::geojson))
        .api(Anyone, routes!(geography::geomarker))
        .api(Anyone, routes!(geography::geomarker_category))
        .api(Anyone, routes!(crime::stats))
        .api(Anyone, routes!(building_blocks::search_contact))
        .api(Anyone, routes!(building_blocks::get_data))
        .api(Anyone, routes!(building_blocks::get_requirement_detail))
        .api(Anyone, routes!(building_blocks::boundary_counts))
        .api(Anyone, routes!(collective_actions::by_boundary))
        .api(Anyone, routes!(collective_actions::details))
        .api(Anyone, routes!(collective_actions::actions_geomarker))
        .api(Anyone, routes!(dashboard::dashboard))
        .api(Anyone, routes!(dashboard::components_handler))
        .api(Anyone, routes!(open_data::data_package))
        .api(Anyone, routes!(open_data::data_file))
        .api(Anyone, routes!(open_data::data_manifest))
        .api(Anyone, routes!(open_data::data_catalogue))
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
    r.api(Anyone, routes!(dashboard::feature_flags))
        .api(Anyone, routes!(dashboard::health))
        .api(Anyone, routes!(audit::public_key))
        .api(Anyone, routes!(audit::checkpoints))
        .api(PoliceStatistics, routes!(crime::recording::record_figure))
        .api_layered(
            // The route layer checks the permission before the body is read; only then may
            // it be large.
            PoliceStatistics,
            routes!(crime::recording::import_crime),
            |r| r.layer(axum::extract::DefaultBodyLimit::max(IMPORT_BODY_LIMIT)),
        )
        .api(ADMIN, routes!(collective_actions::admin::record))
        .api(ADMIN, routes!(collective_actions::admin::report))
        .api(ADMIN, routes!(collective_actions::admin::complete))
        .api(Anyone, routes!(auth::handlers::registration::register))
        .api(Anyone, routes!(auth::handlers::codes::verify_otp))
        .api(Anyone, routes!(auth::handlers::codes::forgot_password))
        .api(Anyone, routes!(auth::handlers::codes::resend_otp))
        .api(Anyone, routes!(auth::handlers::passwords::reset_password))
        .api(SignedIn, routes!(auth::handlers::passwords::add_password))
        .api_session(Anyone, routes!(auth::handlers::sessions::login))
        .api_session(Anyone, routes!(auth::handlers::sessions::logout))
        .api(Anyone, routes!(auth::handlers::sessions::csrf))
        .api_read(
            Anyone,
            routes!(auth::handlers::sessions::user_authenticated),
        )
        .api(Anyone, routes!(auth::handlers::profile::titles))
        .api(Anyone, routes!(auth::handlers::profile::job_roles))
        .api(Anyone, routes!(auth::handlers::profile::organisation_types))
        .api(SignedIn, routes!(auth::handlers::profile::profile))
        .api(SignedIn, routes!(auth::handlers::profile::update_profile))
        .api(
            SignedIn,
            routes!(auth::handlers::profile::notification_emails),
        )
        .api(BB_ADMIN, routes!(building_blocks::associated_to_user))
        .api(BB_ADMIN, routes!(building_blocks::on_municipality))
        .api(
            BB_ADMIN,
            routes!(building_blocks::contacts_with_requirements),
        )
        .api(
            AnyOf(&[EditBuildingBlock]),
            routes!(building_blocks::update),
        )
        .api(
            AnyOf(&[ValidateBuildingBlock]),
            routes!(building_blocks::verify),
        )
        .api(
            AnyOf(&[ValidateBuildingBlock]),
            routes!(building_blocks::return_block),
        )
        .api(BB_ADMIN, routes!(building_blocks::history))
        .api(
            AnyOf(&[EditBuildingBlock, ValidateBuildingBlock]),
            routes!(building_blocks::verification_queue),
        )
        .api(
            AnyOf(&[ImportBuildingBlockData]),
            routes!(building_blocks::bulk_load_template),
        )
        .api_layered(
            // Checked before the body is read; only then may it be a whole file.
            AnyOf(&[ImportBuildingBlockData]),
            routes!(building_blocks::bulk_load_dry_run),
            |r| {
                r.layer(axum::extract::DefaultBodyLimit::max(
                    building_blocks::BULK_LOAD_BODY_LIMIT,
                ))
            },
        )
        .api_layered(
            AnyOf(&[ImportBuildingBlockData]),
            routes!(building_blocks::bulk_load_apply),
            |r| {
                r.layer(axum::extract::DefaultBodyLimit::max(
                    building_blocks::BULK_LOAD_BODY_LIMIT,
                ))
            },
        )
        .api(
            AnyOf(&[EditBuildingBlock, ValidateBuildingBlock]),
            routes!(building_blocks::review_submission),
        )
        .api(
            AnyOf(&[EditBuildingBlock]),
            routes!(building_blocks::delete_contact_person),
        )
        .api(
            AnyOf(&[AddBuildingBlock]),
            routes!(building_blocks::propose_provider),
        )
        .api(
            AnyOf(&[DeleteBuildingBlock]),
            routes!(building_blocks::propose_closure),
        )
        .api(
            AnyOf(&[VerifyBuildingBlockExist]),
            routes!(building_blocks::confirm_proposal),
        )
        .api(
            AnyOf(&[VerifyBuildingBlockExist]),
            routes!(building_blocks::decline_proposal),
        )
        .api(
            AnyOf(&[CreateNewBuildingBlock]),
            routes!(building_blocks::create_building_block),
        )
        .api(
            AnyOf(&[CreateNewBuildingBlock]),
            routes!(building_blocks::create_requirement),
        )
        .api(
            AnyOf(&[CreateNewBuildingBlock]),
            routes!(building_blocks::get_taxonomy),
        )
        .api(
            AnyOf(&[
                AddBuildingBlock,
                DeleteBuildingBlock,
                VerifyBuildingBlockExist,
            ]),
            routes!(building_blocks::proposals),
        )
        .api_read(
            AnyOf(&[WorldOfImpactAdmin, ViewOrganisations]),
            routes!(organisations::dashboard),
        )
        .api_read(VIEW_ORGANISATIONS, routes!(organisations::search))
        .api(VIEW_ORGANISATIONS, routes!(organisations::application))
        .api(VIEW_ORGANISATIONS, routes!(organisations::history))
        .api(AnyOf(&[VerifyOrganisation]), routes!(organisations::verify))
        .api(ADMIN, routes!(organisations::mail_status))
        .api(
            AnyOf(&[SetSurveyEffectiveDate, HealthCheckAdmin, WorldOfImpactAdmin]),
            routes!(health_check::active_questionnaires),
        )
        .api(
            AnyOf(&[SetSurveyEffectiveDate]),
            routes!(health_check::invite_code),
        )
        .api(Anyone, routes!(health_check::survey))
        .api(Anyone, routes!(health_check::submit))
        .api(
            AnyOf(&[
                ViewYourOrganisationSurveyResult,
                AddSurveyLink,
                SetSurveyEffectiveDate,
            ]),
            routes!(health_check::organisation_health_checks),
        )
        .api_read(
            AnyOf(&[
                ViewYourOrganisationSurveyResult,
                ViewOrganisationalSurveyResults,
            ]),
            routes!(health_check::organisational_result),
        )
        .api(
            AnyOf(&[HealthCheckAdmin, WorldOfImpactAdmin]),
            routes!(health_check::summarised),
        )
        .api(Anyone, routes!(health_check::stats))
        .api(ADMIN, routes!(users_groups::all_actions))
        .api_read(ADMIN, routes!(users_groups::group_actions))
        .api(ADMIN, routes!(users_groups::groups))
        .api(ADMIN, routes!(users_groups::users))
        .api(ADMIN, routes!(users_groups::user_details))
        .api(ADMIN, routes!(users_groups::municipalities))
        .api(ADMIN, routes!(users_groups::organisations))
        .api(AnyOf(&[SetGroupMember]), routes!(users_groups::create_user))
        .api(AnyOf(&[SetGroupMember]), routes!(users_groups::edit_user))
        .api(AnyOf(&[DeleteUser]), routes!(users_groups::delete_user))
        .api(AnyOf(&[DeleteUser]), routes!(users_groups::erase_user))
        .api(AnyOf(&[CreateGroup]), routes!(users_groups::add_group))
        .api(
            AnyOf(&[AddGroupAction]),
            routes!(users_groups::add_group_actions),
        )
        .api(
            AnyOf(&[DeleteGroupAction]),
            routes!(users_groups::delete_group_actions),
        )
        .api(AnyOf(&[DeleteGroup]), routes!(users_groups::delete_group))
}
