//! The OpenAPI document of every endpoint, served at `/api/openapi.json`.

use axum::Json;
use utoipa::OpenApi;

use super::{
    auth, building_blocks, collective_actions, crime, health_check, organisations, users_groups,
};

/// OpenAPI 3.1 description of the public API.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "GBVF dashboard API",
        description = "Public dashboard API of the national GBVF movement. Crime statistics: SAPS. Population: Statistics South Africa, Census 2022 and Census 2011. Boundaries: Municipal Demarcation Board."
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
    // Every route's operation, and the schemas it names, from the route table's one
    // declaration of it (utoipa-axum's `routes!` of the handler).
    let (declared, documented) = super::documented();
    doc.paths.merge(documented.paths);
    let components = doc.components.get_or_insert_with(Default::default);
    for (name, schema) in documented.schemas {
        components.schemas.entry(name).or_insert(schema);
    }
    // What each route needs, from the same declaration (super::routes): `x-permission`, and a
    // 403 answer wherever someone may be refused.
    for d in declared {
        let Some(item) = doc.paths.paths.get_mut(&d.path) else {
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
    // Every read counts against its client's allowance (read_limit.rs, decision 0160).
    for item in doc.paths.paths.values_mut() {
        if let Some(op) = item.get.as_mut() {
            op.responses
                .responses
                .entry("429".to_string())
                .or_insert_with(|| {
                    let seconds = utoipa::openapi::ObjectBuilder::new()
                        .schema_type(utoipa::openapi::schema::Type::Integer)
                        .minimum(Some(1));
                    utoipa::openapi::ResponseBuilder::new()
                        .description(
                            "Too many reads from this client: wait the seconds of Retry-After",
                        )
                        .header(
                            "Retry-After",
                            utoipa::openapi::HeaderBuilder::new()
                                .schema(seconds)
                                .description(Some("Whole seconds to wait"))
                                .build(),
                        )
                        .build()
                        .into()
                });
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

    /// Every declared route is in the document with its method, and the document has no
    /// operation the route table does not declare.
    #[test]
    fn the_document_has_exactly_the_declared_routes() {
        let routed: BTreeSet<(String, String)> = super::super::declared()
            .into_iter()
            .map(|d| (d.method.to_string().to_lowercase(), d.path))
            .collect();
        let doc = serde_json::to_value(full()).unwrap();
        let documented: BTreeSet<(String, String)> = doc["paths"]
            .as_object()
            .unwrap()
            .iter()
            .flat_map(|(path, item)| {
                item.as_object()
                    .unwrap()
                    .keys()
                    .map(|method| (method.clone(), path.clone()))
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(routed, documented);
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
        let declared_reads: BTreeSet<String> = super::super::declared()
            .into_iter()
            .filter(|d| {
                d.method != axum::http::Method::GET
                    && d.effect != super::super::routes::Effect::Command
            })
            .map(|d| d.operation_id)
            .collect();
        assert_eq!(
            declared_reads,
            APPEND_NOTHING.iter().map(|s| s.to_string()).collect()
        );
    }

    /// Every operation of the document carries its handler's `operation_id`; the names are
    /// unique and lowerCamelCase (they become the web client's endpoint and hook names).
    #[test]
    fn operation_ids_are_unique_and_in_the_document() {
        let doc = serde_json::to_value(full()).unwrap();
        let mut seen = BTreeSet::new();
        let mut count = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let id = op["operationId"].as_str().unwrap_or_default();
                assert!(!id.is_empty(), "{method} {path} has no operationId");
                assert!(
                    id.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                        && id.chars().all(|c| c.is_ascii_alphanumeric()),
                    "{id} is not lowerCamelCase"
                );
                assert!(seen.insert(id.to_string()), "{id} repeated");
                count += 1;
            }
        }
        assert_eq!(count, super::super::declared().len());
    }
}
