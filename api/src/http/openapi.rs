//! The OpenAPI document of every endpoint, served at `/api/openapi.json`.

use axum::Json;
use utoipa::OpenApi;

use super::{
    admin, auth, building_block, challenges, commands, crime, dashboard, geography, healthcheck,
    security,
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
        commands::record_figure,
        building_block::search_contact,
        building_block::get_data,
        building_block::get_requirement_detail,
        building_block::boundary_counts,
        building_block::associated_to_user,
        building_block::on_municipality,
        building_block::contacts_with_requirements,
        building_block::update,
        building_block::verify,
        building_block::return_block,
        building_block::history,
        challenges::by_boundary,
        challenges::details,
        challenges::actions_geomarker,
        challenges::record,
        challenges::report,
        challenges::complete,
        admin::mail_status,
        security::erase_user,
        healthcheck::active_questionnaires,
        healthcheck::invite_code,
        healthcheck::survey,
        healthcheck::submit,
        healthcheck::organisation_health_checks,
        healthcheck::organisational_result,
        healthcheck::summarised,
        healthcheck::stats,
        commands::import_crime,
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
        admin::dashboard,
        admin::search,
        admin::application,
        admin::history,
        admin::verify,
        security::all_actions,
        security::group_actions,
        security::groups,
        security::users,
        security::user_details,
        security::municipalities,
        security::organisations,
        security::create_user,
        security::edit_user,
        security::delete_user,
        security::add_group,
        security::add_group_actions,
        security::delete_group_actions,
        security::delete_group,
    ),
    components(schemas(
        super::error::ErrorBody,
        super::error::ErrorItem,
        commands::RecordFigureBody,
        building_block::UpdateBody,
        building_block::ContactPersonBody,
        building_block::DecisionBody,
        gbvf_commands::challenges::RecordChallenge,
        challenges::ReportBody,
        crate::mail_worker::MailStatus,
        security::EraseAnswer,
        crate::mail_worker::MailStatusRow,
        healthcheck::InviteCodeBody,
        healthcheck::SubmitBody,
        healthcheck::AnswerBody,
        healthcheck::ResultBody,
        security::GroupIdBody,
        security::UserForm,
        security::ContactForm,
        security::RelationshipForm,
        security::GroupBody,
        admin::SearchBody,
        admin::VerifyBody,
        auth::handlers::codes::VerifyOtpBody,
        auth::handlers::codes::ForgotBody,
        auth::handlers::codes::ResendBody,
        auth::handlers::passwords::PasswordBody,
        auth::handlers::sessions::LoginBody
    ))
)]
pub struct ApiDoc;

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
    for d in super::routes::declared() {
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
            let mut ext = op.extensions.take().unwrap_or_default();
            ext.insert("x-permission".into(), serde_json::json!(d.needs.describe()));
            op.extensions = Some(ext);
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
