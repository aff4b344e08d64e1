//! Actions and groups (admin spec §2 "Manage: Users and groups", §3 "Actions"): the lists, and
//! adding, changing and deleting a group.

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cqrs_es::AggregateError;
use gbvf_commands::accounts::group::{GroupCommand, GroupError};
use gbvf_commands::accounts::permissions::{action, ACTIONS};
use gbvf_commands::accounts::validation::Errors;
use gbvf_projections::accounts::queries::{
    group_actions as actions_of_group, live_group_name_taken, live_groups,
};
use serde::{Deserialize, Serialize};

use super::user_changes::invalid;
use super::{actor, meta};
use crate::http::auth::CurrentUser;
use crate::http::error::{ApiError, Done};
use crate::http::AppState;

/// One action of the specification's list (admin spec §3 "Actions").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecurityAction {
    /// The action id (admin spec §3).
    pub action_id: i32,
    /// Its name ("ViewOrganisations"); null for an id the list does not know.
    #[schema(required = true)]
    pub action: Option<&'static str>,
    /// Its name in words ("View organisations"); null like `action`.
    #[schema(required = true)]
    pub description: Option<String>,
}

pub(super) fn describe_action(id: i32) -> SecurityAction {
    let a = action(id);
    SecurityAction {
        action_id: id,
        action: a.map(|a| a.name),
        description: a.map(|a| split_camel(a.name)),
    }
}

/// "ViewOrganisations" → "View organisations".
pub(super) fn split_camel(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `GET /api/security/getAllActions`.
#[utoipa::path(get, path = "/api/security/getAllActions", tag = "security", operation_id = "getAllActions", responses((status = 200, description = "Every action", body = [SecurityAction])))]
pub async fn all_actions() -> Result<Json<Vec<SecurityAction>>, ApiError> {
    Ok(Json(
        ACTIONS.iter().map(|a| describe_action(a.id)).collect(),
    ))
}

/// Body naming a group.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GroupIdBody {
    #[serde(rename = "groupId", alias = "GroupId")]
    group_id: i64,
}

/// `POST /api/security/getGroupActions {groupId}`.
#[utoipa::path(post, path = "/api/security/getGroupActions", tag = "security", operation_id = "getGroupActions", request_body = GroupIdBody, responses((status = 200, description = "The group's actions", body = [SecurityAction])))]
pub async fn group_actions(
    State(s): State<AppState>,
    Json(b): Json<GroupIdBody>,
) -> Result<Json<Vec<SecurityAction>>, ApiError> {
    let ids = actions_of_group(&s.pool, b.group_id).await?;
    Ok(Json(ids.into_iter().map(describe_action).collect()))
}

/// Query naming a group.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GroupQuery {
    /// A group id: a whole number ("groupId must be a whole number.").
    #[serde(rename = "groupId")]
    #[param(value_type = Option<i64>)]
    group_id: Option<String>,
}

/// Query naming the group to delete.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GroupIdQuery {
    /// The group id: required, a whole number ("groupId must be a whole number.").
    #[serde(rename = "groupId")]
    #[param(required = true, value_type = i64)]
    group_id: Option<String>,
}

/// A live group (admin spec §2 "Manage: Users and groups").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    /// The group id.
    pub group_id: i64,
    /// The group's name.
    pub description: String,
    /// Its action ids, ascending.
    pub actions: Vec<i32>,
}

/// `GET /api/security/getGroups[?groupId]`: live groups with their actions.
#[utoipa::path(get, path = "/api/security/getGroups", tag = "security", operation_id = "getGroups", params(GroupQuery), responses((status = 200, description = "Groups with their actions", body = [Group]), (status = 404, description = "No group has this id.")))]
pub async fn groups(
    State(s): State<AppState>,
    Query(q): Query<GroupQuery>,
) -> Result<Json<Vec<Group>>, ApiError> {
    let id = match q.group_id.filter(|g| !g.is_empty()) {
        Some(g) => Some(
            g.parse::<i64>()
                .map_err(|_| ApiError::bad("groupId", "groupId must be a whole number."))?,
        ),
        None => None,
    };
    let rows = live_groups(&s.pool, id).await?;
    if id.is_some() && rows.is_empty() {
        return Err(ApiError::NotFound("No group has this id.".into()));
    }
    Ok(Json(
        rows.into_iter()
            .map(|g| Group {
                group_id: g.group_id,
                description: g.name,
                actions: g.action_ids,
            })
            .collect(),
    ))
}

/// Body of group changes.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GroupBody {
    /// The group's name (AddGroup: required, unique, at most 100 characters).
    #[serde(rename = "GroupName", alias = "groupName", default)]
    #[schema(min_length = 1, max_length = 100)]
    #[schema(value_type = Option<String>, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    name: Option<gbvf_commands::text::ShortText>,
    #[serde(rename = "GroupId", alias = "groupId", default)]
    group_id: Option<i64>,
    #[serde(rename = "UserActions", alias = "userActions", default)]
    #[serde(deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100, value_type = Vec<KnownActionId>)]
    actions: Vec<i32>,
}

/// How the document describes one action id of a request body: an integer among the ids of
/// admin spec §3 ([`ACTIONS`], 5–36). Any other id is refused with "Unknown action", so the
/// document says which ids exist, and requests generated from it (the API fuzzing of ops/test)
/// carry ids the server serves.
pub struct KnownActionId;

impl utoipa::PartialSchema for KnownActionId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::Int32,
            )))
            .enum_values(Some(ACTIONS.iter().map(|a| a.id)))
            .description(Some(
                "An action id of the specification's list (admin spec §3).",
            ))
            .into()
    }
}

impl utoipa::ToSchema for KnownActionId {}

pub(super) fn group_error(e: AggregateError<GroupError>) -> ApiError {
    match e {
        AggregateError::UserError(GroupError::Refused(_)) => ApiError::Forbidden,
        AggregateError::UserError(g) => ApiError::bad("group", g.to_string()),
        AggregateError::AggregateConflict => ApiError::Conflict(
            "This group was changed by someone else at the same moment. Reload and try again."
                .into(),
        ),
        other => ApiError::from_aggregate(other),
    }
}

/// The answer of [`add_group`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupCreated {
    /// Always `true`.
    pub success: bool,
    /// "Group created successfully.".
    pub message: String,
    /// The new group's id.
    pub group_id: i64,
}

/// The answer of [`add_group_actions`] and [`delete_group_actions`].
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupActionsChanged {
    /// Always `true`.
    pub success: bool,
    /// "Group actions updated successfully.".
    pub message: String,
    /// The group's actions now.
    pub action_list: Vec<SecurityAction>,
}

/// `POST /api/security/AddGroup {GroupName, UserActions}` (CreateGroup).
#[utoipa::path(post, path = "/api/security/AddGroup", tag = "security", operation_id = "addGroup", request_body = GroupBody, responses((status = 200, description = "Created", body = GroupCreated)))]
pub async fn add_group(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<GroupBody>,
) -> Result<Response, ApiError> {
    let name = b.name.unwrap_or_default().trim().to_string();
    let mut e = Errors::default();
    if name.is_empty() {
        e.add("groupName", "Group name is required");
    } else if name.chars().count() > 100 {
        e.add("groupName", "Group name must be at most 100 characters");
    } else {
        if live_group_name_taken(&s.pool, &name).await? {
            e.add("groupName", "A group with this name already exists");
        }
    }
    if b.actions.iter().any(|a| action(*a).is_none()) {
        e.add("userActions", "Unknown action");
    }
    if !e.is_empty() {
        return Ok(invalid(e));
    }
    // New ids above the seeded ones; a race on the same id conflicts on the event log's key.
    let id = crate::accounts::next_group_id(&s.pool).await?;
    gbvf_commands::execute::execute(
        &s.group_cqrs,
        &id.to_string(),
        GroupCommand::Create {
            group_id: id,
            name,
            actions: b.actions,
            by: actor(&s, &u).await?,
        },
        meta(&u, "http:POST /api/security/AddGroup").to_map(),
    )
    .await
    .map_err(group_error)?;
    Ok(Json(GroupCreated {
        success: true,
        message: "Group created successfully.".into(),
        group_id: id,
    })
    .into_response())
}

pub(super) async fn change_actions(
    s: &AppState,
    u: &CurrentUser,
    b: GroupBody,
    add: bool,
) -> Result<Json<GroupActionsChanged>, ApiError> {
    let gid = b
        .group_id
        .ok_or_else(|| ApiError::bad("groupId", "GroupId is required."))?;
    // Who may change the group is the aggregate's rule (its own members may not, nor anyone
    // holding less than it or than what is added).
    let by = actor(s, u).await?;
    let cmd = if add {
        GroupCommand::AddActions {
            actions: b.actions,
            by,
        }
    } else {
        GroupCommand::RemoveActions {
            actions: b.actions,
            by,
        }
    };
    let source = if add {
        "http:POST /api/security/addGroupActions"
    } else {
        "http:DELETE /api/security/deleteGroupActions"
    };
    gbvf_commands::execute::execute(
        &s.group_cqrs,
        &gid.to_string(),
        cmd,
        meta(u, source).to_map(),
    )
    .await
    .map_err(group_error)?;
    let now: Vec<i32> = {
        let events =
            gbvf_events::store::aggregate_history(&s.pool, "group", &gid.to_string()).await?;
        let mut g = gbvf_commands::accounts::group::Group::default();
        for e in events {
            cqrs_es::Aggregate::apply(
                &mut g,
                serde_json::from_value(e.payload).map_err(|e| ApiError::Internal(e.into()))?,
            );
        }
        g.actions.into_iter().collect()
    };
    Ok(Json(GroupActionsChanged {
        success: true,
        message: "Group actions updated successfully.".into(),
        action_list: now.into_iter().map(describe_action).collect(),
    }))
}

/// `POST /api/security/addGroupActions {GroupId, UserActions}` (AddGroupAction).
#[utoipa::path(post, path = "/api/security/addGroupActions", tag = "security", operation_id = "addGroupActions", request_body = GroupBody, responses((status = 200, description = "Updated", body = GroupActionsChanged)))]
pub async fn add_group_actions(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<GroupBody>,
) -> Result<Json<GroupActionsChanged>, ApiError> {
    change_actions(&s, &u, b, true).await
}

/// `DELETE /api/security/deleteGroupActions {GroupId, UserActions}` (DeleteGroupAction).
#[utoipa::path(delete, path = "/api/security/deleteGroupActions", tag = "security", operation_id = "deleteGroupActions", request_body = GroupBody, responses((status = 200, description = "Updated", body = GroupActionsChanged)))]
pub async fn delete_group_actions(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Json(b): Json<GroupBody>,
) -> Result<Json<GroupActionsChanged>, ApiError> {
    change_actions(&s, &u, b, false).await
}

/// `DELETE /api/security/deleteGroup?groupId` (DeleteGroup). Members lose its actions on their
/// next request.
#[utoipa::path(delete, path = "/api/security/deleteGroup", tag = "security", operation_id = "deleteGroup", params(GroupIdQuery), responses((status = 200, description = "Deleted", body = Done)))]
pub async fn delete_group(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<GroupIdQuery>,
) -> Result<Json<Done>, ApiError> {
    let gid = q
        .group_id
        .and_then(|g| g.parse::<i64>().ok())
        .ok_or_else(|| ApiError::bad("groupId", "groupId must be a whole number."))?;
    // Like editing (change_actions), the aggregate refuses a member of the group (so the last
    // administrators cannot lock themselves out) and anyone holding less than it.
    let by = actor(&s, &u).await?;
    gbvf_commands::execute::execute(
        &s.group_cqrs,
        &gid.to_string(),
        GroupCommand::Delete { by },
        meta(&u, "http:DELETE /api/security/deleteGroup").to_map(),
    )
    .await
    .map_err(group_error)?;
    Ok(Json(Done::new("Group deleted successfully.")))
}
