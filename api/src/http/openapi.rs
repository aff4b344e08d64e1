//! The OpenAPI document of every endpoint, served at `/api/openapi.json`.

use axum::Json;
use utoipa::OpenApi;

use super::{
    admin, building_block, challenges, commands, crime, dashboard, geography, healthcheck, security,
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
    ),
    components(schemas(
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
        healthcheck::ResultBody
    ))
)]
pub struct ApiDoc;

/// The account, admin and security calls with the permission each declares: `(method, path,
/// tag, summary, permission)`. The server checks these permissions in the handlers; this table
/// documents them in the OpenAPI description (`x-permission`).
pub const DECLARED: &[(&str, &str, &str, &str, &str)] = &[
    ("post", "/api/crime/import", "crime", "Import a SAPS crime statistics CSV (body) with its report of unplaced rows", "ImportPoliceStatistics (18)"),
    ("post", "/api/auth/register", "auth", "Register an organisation and its designated person (three sign-up steps; validateStep validates one)", "anonymous"),
    ("post", "/api/auth/verify-otp", "auth", "Verify a one-time code {Email, OTP, UserType}", "anonymous"),
    ("post", "/api/auth/forgot-password", "auth", "Send a password-reset code {Email} (also the resend)", "anonymous"),
    ("post", "/api/auth/resend-otp", "auth", "Send a new e-mail verification code {Email, UserType}", "anonymous"),
    ("post", "/api/auth/reset-password", "auth", "Set a new password after a verified code", "anonymous"),
    ("post", "/api/auth/add-password", "auth", "Choose a password for an account that has none", "signed in"),
    ("post", "/api/auth/login", "auth", "Sign in {Username, Password}", "anonymous"),
    ("post", "/api/auth/logout", "auth", "Sign out", "anonymous"),
    ("get", "/api/auth/csrf", "auth", "The session's CSRF token", "anonymous"),
    ("post", "/api/auth/userAuthenticated", "auth", "The session: user, permissions, organisation, CSRF token", "anonymous"),
    ("get", "/api/auth/getUserTitles", "auth", "Titles", "anonymous"),
    ("get", "/api/auth/getUserJobRoles", "auth", "Job roles", "anonymous"),
    ("get", "/api/auth/getOrganisationTypes", "auth", "Organisation types", "anonymous"),
    ("get", "/api/auth/profile", "auth", "The signed-in user's profile", "signed in"),
    ("put", "/api/auth/updateProfile", "auth", "Edit the profile (and optionally the password)", "signed in"),
    ("post", "/api/healthcheck/getAdminDashboard", "admin", "Admin dashboard counts", "WorldOfImpactAdmin (33) or ViewOrganisations (31)"),
    ("post", "/api/healthcheck/searchOrganisations", "admin", "Organisation applications, filtered, sorted, paged", "ViewOrganisations (31)"),
    ("get", "/api/healthcheck/organisation/{id}", "admin", "One application", "ViewOrganisations (31)"),
    ("get", "/api/healthcheck/organisation/{id}/history", "admin", "Verification history from the event log (JSON, or CSV with ?format=csv)", "ViewOrganisations (31)"),
    ("post", "/api/healthcheck/verify", "admin", "Approve or reject an application", "VerifyOrganisation (32)"),
    ("get", "/api/security/getAllActions", "security", "All permission actions", "WorldOfImpactAdmin (33)"),
    ("post", "/api/security/getGroupActions", "security", "A group's actions", "WorldOfImpactAdmin (33)"),
    ("get", "/api/security/getGroups", "security", "Groups with their actions", "WorldOfImpactAdmin (33)"),
    ("get", "/api/security/getAllUsers", "security", "Users with their groups", "WorldOfImpactAdmin (33)"),
    ("get", "/api/security/getUserDetails", "security", "One user", "WorldOfImpactAdmin (33)"),
    ("get", "/api/security/getLocalMunicipalities", "security", "Municipalities", "WorldOfImpactAdmin (33)"),
    ("get", "/api/security/getOrganisations", "security", "Organisations", "WorldOfImpactAdmin (33)"),
    ("post", "/api/security/createNewUser", "security", "Create a user (invited by e-mail, no password)", "SetGroupMember (5)"),
    ("put", "/api/security/editUserDetails", "security", "Edit a user", "SetGroupMember (5)"),
    ("delete", "/api/security/deleteUser", "security", "Delete a user", "DeleteUser (36)"),
    ("post", "/api/security/AddGroup", "security", "Create a group", "CreateGroup (6)"),
    ("post", "/api/security/addGroupActions", "security", "Add actions to a group", "AddGroupAction (9)"),
    ("delete", "/api/security/deleteGroupActions", "security", "Remove actions from a group", "DeleteGroupAction (10)"),
    ("delete", "/api/security/deleteGroup", "security", "Delete a group", "DeleteGroup (8)"),
];

/// The full OpenAPI document: the annotated public endpoints plus [`DECLARED`].
pub fn full() -> utoipa::openapi::OpenApi {
    use utoipa::openapi::path::{HttpMethod, OperationBuilder};
    use utoipa::openapi::ResponseBuilder;
    let mut doc = ApiDoc::openapi();
    for (method, path, tag, summary, permission) in DECLARED {
        let method = match *method {
            "get" => HttpMethod::Get,
            "put" => HttpMethod::Put,
            "delete" => HttpMethod::Delete,
            _ => HttpMethod::Post,
        };
        // Every `{name}` of the path is a declared, required path parameter (a string id).
        let parameters: Vec<_> = path
            .split('/')
            .filter_map(|seg| seg.strip_prefix('{')?.strip_suffix('}'))
            .map(|name| {
                utoipa::openapi::path::ParameterBuilder::new()
                    .name(name)
                    .parameter_in(utoipa::openapi::path::ParameterIn::Path)
                    .required(utoipa::openapi::Required::True)
                    .schema(Some(
                        utoipa::openapi::ObjectBuilder::new()
                            .schema_type(utoipa::openapi::schema::Type::String)
                            .min_length(Some(1)),
                    ))
                    .build()
            })
            .collect();
        let op = OperationBuilder::new()
            .parameters(Some(parameters))
            .tag(*tag)
            .summary(Some(*summary))
            .description(Some(format!(
                "Permission: {permission}. State-changing calls need the session's X-CSRF-Token."
            )))
            .response(
                "200",
                ResponseBuilder::new().description("{success, message, ...}"),
            )
            .response(
                "400",
                ResponseBuilder::new()
                    .description("Invalid input: {success: false, message, errors}"),
            )
            .response(
                "403",
                ResponseBuilder::new()
                    .description("You do not have permission to perform this action."),
            );
        doc.paths.add_path_operation(*path, vec![method], op);
    }
    // Every state-changing call passes the CSRF layer first: a missing or wrong X-CSRF-Token
    // is answered 403 (auth::csrf::csrf_guard), whatever the handler declares.
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
            op.responses
                .responses
                .entry("400".to_string())
                .or_insert_with(|| {
                    ResponseBuilder::new()
                        .description(
                            "Malformed query, path or body: {success: false, message, errors}",
                        )
                        .build()
                        .into()
                });
        }
        for op in [
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            op.responses
                .responses
                .entry("403".to_string())
                .or_insert_with(|| {
                    ResponseBuilder::new()
                        .description("Forbidden: no permission, or the session's X-CSRF-Token is missing or wrong")
                        .build()
                        .into()
                });
        }
    }
    doc
}

/// `GET /api/openapi.json`.
pub async fn document() -> Json<utoipa::openapi::OpenApi> {
    Json(full())
}
