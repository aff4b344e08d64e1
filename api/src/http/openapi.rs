//! The OpenAPI document of every endpoint, served at `/api/openapi.json`.

use axum::Json;
use utoipa::OpenApi;

use super::{
    admin, building_block, challenges, commands, crime, dashboard, geography, healthcheck,
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
        crate::mail_worker::MailStatusRow,
        healthcheck::InviteCodeBody,
        healthcheck::SubmitBody,
        healthcheck::AnswerBody,
        healthcheck::ResultBody
    ))
)]
pub struct ApiDoc;

/// The account, admin and security calls not yet described from their handlers: `(method,
/// path, tag, summary)`. Their permission comes, like every route's, from the route
/// declaration (super::session_routes).
pub const DECLARED: &[(&str, &str, &str, &str)] = &[
    ("post", "/api/crime/import", "crime", "Import a SAPS crime statistics CSV (body) with its report of unplaced rows"),
    ("post", "/api/auth/register", "auth", "Register an organisation and its designated person (three sign-up steps; validateStep validates one)"),
    ("post", "/api/auth/verify-otp", "auth", "Verify a one-time code {Email, OTP, UserType}"),
    ("post", "/api/auth/forgot-password", "auth", "Send a password-reset code {Email} (also the resend)"),
    ("post", "/api/auth/resend-otp", "auth", "Send a new e-mail verification code {Email, UserType}"),
    ("post", "/api/auth/reset-password", "auth", "Set a new password after a verified code"),
    ("post", "/api/auth/add-password", "auth", "Choose a password for an account that has none"),
    ("post", "/api/auth/login", "auth", "Sign in {Username, Password}"),
    ("post", "/api/auth/logout", "auth", "Sign out"),
    ("get", "/api/auth/csrf", "auth", "The session's CSRF token"),
    ("post", "/api/auth/userAuthenticated", "auth", "The session: user, permissions, organisation, CSRF token"),
    ("get", "/api/auth/getUserTitles", "auth", "Titles"),
    ("get", "/api/auth/getUserJobRoles", "auth", "Job roles"),
    ("get", "/api/auth/getOrganisationTypes", "auth", "Organisation types"),
    ("get", "/api/auth/profile", "auth", "The signed-in user's profile"),
    ("put", "/api/auth/updateProfile", "auth", "Edit the profile (and optionally the password)"),
    ("post", "/api/healthcheck/getAdminDashboard", "admin", "Admin dashboard counts"),
    ("post", "/api/healthcheck/searchOrganisations", "admin", "Organisation applications, filtered, sorted, paged"),
    ("get", "/api/healthcheck/organisation/{id}", "admin", "One application"),
    ("get", "/api/healthcheck/organisation/{id}/history", "admin", "Verification history from the event log (JSON, or CSV with ?format=csv)"),
    ("post", "/api/healthcheck/verify", "admin", "Approve or reject an application"),
    ("get", "/api/security/getAllActions", "security", "All permission actions"),
    ("post", "/api/security/getGroupActions", "security", "A group's actions"),
    ("get", "/api/security/getGroups", "security", "Groups with their actions"),
    ("get", "/api/security/getAllUsers", "security", "Users with their groups"),
    ("get", "/api/security/getUserDetails", "security", "One user"),
    ("get", "/api/security/getLocalMunicipalities", "security", "Municipalities"),
    ("get", "/api/security/getOrganisations", "security", "Organisations"),
    ("post", "/api/security/createNewUser", "security", "Create a user (invited by e-mail, no password)"),
    ("put", "/api/security/editUserDetails", "security", "Edit a user"),
    ("delete", "/api/security/deleteUser", "security", "Delete a user"),
    ("post", "/api/security/AddGroup", "security", "Create a group"),
    ("post", "/api/security/addGroupActions", "security", "Add actions to a group"),
    ("delete", "/api/security/deleteGroupActions", "security", "Remove actions from a group"),
    ("delete", "/api/security/deleteGroup", "security", "Delete a group"),
];

/// The full OpenAPI document: the annotated endpoints plus [`DECLARED`], each operation with
/// the `x-permission` of its route declaration.
pub fn full() -> utoipa::openapi::OpenApi {
    use utoipa::openapi::path::{HttpMethod, OperationBuilder};
    use utoipa::openapi::ResponseBuilder;
    let mut doc = ApiDoc::openapi();
    for (method, path, tag, summary) in DECLARED {
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
        // A unique operationId from the path: POST /api/auth/add-password → authAddPassword.
        let operation_id = path
            .trim_start_matches("/api/")
            .split(['/', '-'])
            .filter(|w| !w.starts_with('{'))
            .enumerate()
            .map(|(i, w)| {
                let mut c = w.chars();
                match c.next() {
                    Some(f) if i > 0 => f.to_uppercase().chain(c).collect::<String>(),
                    _ => w.to_string(),
                }
            })
            .collect::<String>();
        let op = OperationBuilder::new()
            .operation_id(Some(operation_id))
            .parameters(Some(parameters))
            .tag(*tag)
            .summary(Some(*summary))
            .description(Some(
                "State-changing calls need the session's X-CSRF-Token.".to_string(),
            ))
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
                op.responses
                    .responses
                    .entry("403".to_string())
                    .or_insert_with(|| {
                        ResponseBuilder::new()
                            .description("You do not have permission to perform this action.")
                            .build()
                            .into()
                    });
            }
        }
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
