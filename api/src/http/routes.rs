//! Where every `/api` route is declared with the permission it needs: one
//! declaration per route both enforces the permission (a route layer that runs before the
//! handler reads its body) and appears in the OpenAPI document as `x-permission`
//! (see [`super::openapi::full`]). A route's path, method, operation id and description come
//! from its handler's `#[utoipa::path]`, taken by utoipa-axum's `routes!`: the route table
//! names the handler and what it needs, and nothing else.
//!
//! A handler behind [`Needs::SignedIn`] or [`Needs::AnyOf`] reads the caller with
//! `Extension<CurrentUser>`; one behind [`Needs::PoliceStatistics`] with `Extension<Actor>`.
//! Rules finer than a permission are the aggregates' for commands (who may change whom, one's
//! own organisation's survey link, one's assigned municipalities' providers); reads check the
//! caller's area in their handlers.

use axum::extract::{Request, State};
use axum::handler::Handler;
use axum::http::Method;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use axum::Router;
use tower_sessions::Session;
use utoipa::openapi::path::{Operation, PathItem, Paths};
use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa_axum::router::UtoipaMethodRouter;

use super::auth::{current_user, CurrentUser};
use super::error::ApiError;
use super::AppState;
use gbvf_commands::accounts::permissions;

/// What a caller needs to be served by a route (public spec §3 "Permission actions", §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Nobody is refused for who they are (state-changing calls still need the CSRF token).
    Anyone,
    /// A signed-in user, whatever their permissions.
    SignedIn,
    /// A signed-in user holding at least one of these action ids.
    AnyOf(&'static [i32]),
    /// The operator's bearer token (`GBVF_OPERATOR_TOKEN`, for scripts) or a signed-in user
    /// holding ImportPoliceStatistics (18).
    PoliceStatistics,
}

impl Needs {
    /// The text of the document's `x-permission`: `anonymous`, `signed in`, or the actions'
    /// specification names with their ids, e.g. `WorldOfImpactAdmin (33) or ViewOrganisations (31)`.
    pub fn describe(&self) -> String {
        let name = |id: i32| {
            let n = permissions::action(id).map_or("unknown", |a| a.name);
            format!("{n} ({id})")
        };
        match self {
            Needs::Anyone => "anonymous".into(),
            Needs::SignedIn => "signed in".into(),
            Needs::AnyOf(ids) => ids
                .iter()
                .map(|i| name(*i))
                .collect::<Vec<_>>()
                .join(" or "),
            Needs::PoliceStatistics => format!(
                "{} or the operator token",
                name(permissions::ImportPoliceStatistics)
            ),
        }
    }

    /// The action ids of which a user must hold one (`None`: no action asked).
    pub fn actions(&self) -> Option<&'static [i32]> {
        match self {
            Needs::AnyOf(ids) => Some(ids),
            Needs::PoliceStatistics => Some(&[permissions::ImportPoliceStatistics]),
            _ => None,
        }
    }
}

pub use super::permission::Actor;

/// What serving a route does to the event log, as the route table declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Reads only (every GET, and the POSTs that carry a query in their body).
    Reads,
    /// Changes the caller's session only (sign-in, sign-out): no aggregate, so no conflict.
    Session,
    /// A command: decided by an aggregate and appended, so it may meet a concurrent change of
    /// the same aggregate and answer 409 after its retry (`gbvf_commands::execute`). The
    /// document declares that 409 on every command ([`super::openapi::full`]).
    Command,
}

/// One declared route: method, path as axum matches it (`{id}` for a parameter), what it
/// needs and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    /// HTTP method.
    pub method: Method,
    /// Path, e.g. `/api/healthcheck/organisation/{id}`.
    pub path: String,
    /// The operation's id in the document (the web client's endpoint name).
    pub operation_id: String,
    /// What the caller needs.
    pub needs: Needs,
    /// What serving it does: GET reads; POST, PUT and DELETE are commands unless declared
    /// with [`Routes::post_read`] or [`Routes::post_session`].
    pub effect: Effect,
}

/// Builds a router and the list of what it declared, in one pass. Without a state (for the
/// document) it only records.
pub struct Routes {
    state: Option<AppState>,
    router: Router<AppState>,
    declared: Vec<Declared>,
    behind_session: bool,
    paths: Paths,
    schemas: Vec<(String, RefOr<Schema>)>,
}

/// The document's part of a set of routes: every operation by path, and the schemas their
/// bodies and answers name.
pub struct Documented {
    /// The operations.
    pub paths: Paths,
    /// The schemas, by name.
    pub schemas: Vec<(String, RefOr<Schema>)>,
}

impl Routes {
    /// An empty set. `behind_session`: whether these routes will sit behind the session
    /// layer (routes that need someone must).
    pub fn new(state: Option<AppState>, behind_session: bool) -> Self {
        Routes {
            state,
            router: Router::new(),
            declared: Vec::new(),
            behind_session,
            paths: Paths::new(),
            schemas: Vec::new(),
        }
    }

    /// Serves the handler of `route` (utoipa-axum's `routes!(handler)`: its method and path
    /// from its `#[utoipa::path]`) for callers who have what `needs` says; a GET reads, any
    /// other method is a command (see [`Effect`]).
    pub fn api(self, needs: Needs, route: UtoipaMethodRouter<AppState>) -> Self {
        self.documented(needs, None, route, |r| r)
    }

    /// [`Routes::api`] for a POST that carries a query in its body: it appends nothing.
    pub fn api_read(self, needs: Needs, route: UtoipaMethodRouter<AppState>) -> Self {
        self.documented(needs, Some(Effect::Reads), route, |r| r)
    }

    /// [`Routes::api`] for a POST that changes only the caller's session.
    pub fn api_session(self, needs: Needs, route: UtoipaMethodRouter<AppState>) -> Self {
        self.documented(needs, Some(Effect::Session), route, |r| r)
    }

    /// [`Routes::api`] with `layer` applied to the handler's router (a larger body limit, after
    /// the permission is checked).
    pub fn api_layered(
        self,
        needs: Needs,
        route: UtoipaMethodRouter<AppState>,
        layer: impl FnOnce(MethodRouter<AppState>) -> MethodRouter<AppState>,
    ) -> Self {
        self.documented(needs, None, route, layer)
    }

    fn documented(
        mut self,
        needs: Needs,
        effect: Option<Effect>,
        (schemas, paths, route): UtoipaMethodRouter<AppState>,
        layer: impl FnOnce(MethodRouter<AppState>) -> MethodRouter<AppState>,
    ) -> Self {
        let (path, item) = paths
            .paths
            .iter()
            .next()
            .map(|(p, i)| (p.clone(), i.clone()))
            .expect("routes! names one handler");
        let (method, operation) = the_operation(&path, &item);
        let effect = effect.unwrap_or(if method == Method::GET {
            Effect::Reads
        } else {
            Effect::Command
        });
        let operation_id = operation.operation_id.clone().unwrap_or_default();
        self.paths.merge(paths);
        self.schemas.extend(schemas);
        self.at_declared(method, path, operation_id, needs, effect, layer(route))
    }

    /// Serves `route` at `method path` and declares it.
    fn at_declared(
        mut self,
        method: Method,
        path: String,
        operation_id: String,
        needs: Needs,
        effect: Effect,
        route: MethodRouter<AppState>,
    ) -> Self {
        assert!(
            needs == Needs::Anyone || self.behind_session,
            "{method} {path} needs {needs:?} but is not behind the session layer"
        );
        self.declared.push(Declared {
            method,
            path: path.clone(),
            operation_id,
            needs,
            effect,
        });
        if let Some(state) = &self.state {
            let route = if needs == Needs::Anyone {
                route
            } else {
                route.route_layer(middleware::from_fn_with_state(
                    Guard {
                        state: state.clone(),
                        needs,
                    },
                    enforce,
                ))
            };
            self.router = self.router.route(&path, route);
        }
        self
    }

    /// `GET path` for anyone, left out of the document: a spelling of a documented path (a
    /// trailing slash) or the document itself.
    pub fn get_undocumented<H, T>(mut self, path: &'static str, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        if self.state.is_some() {
            self.router = self.router.route(path, axum::routing::get(handler));
        }
        self
    }

    /// The router and what it declared.
    pub fn finish(self) -> (Router<AppState>, Vec<Declared>) {
        (self.router, self.declared)
    }

    /// What it declared and the document's part of it.
    pub fn finish_documented(self) -> (Vec<Declared>, Documented) {
        (
            self.declared,
            Documented {
                paths: self.paths,
                schemas: self.schemas,
            },
        )
    }
}

/// The one operation of `item` (a route names one handler, of one method) and its method.
///
/// # Panics
/// When `item` has no operation or more than one (a programming error found at start-up).
fn the_operation(path: &str, item: &PathItem) -> (Method, Operation) {
    let operations: Vec<(Method, &Option<Operation>)> = vec![
        (Method::GET, &item.get),
        (Method::POST, &item.post),
        (Method::PUT, &item.put),
        (Method::DELETE, &item.delete),
        (Method::PATCH, &item.patch),
    ];
    let mut found = operations
        .into_iter()
        .filter_map(|(m, op)| op.clone().map(|op| (m, op)));
    let first = found
        .next()
        .unwrap_or_else(|| panic!("{path}: no operation"));
    assert!(found.next().is_none(), "{path}: one handler, one method");
    first
}

/// State of [`enforce`]: the app and the one route's need.
#[derive(Clone)]
struct Guard {
    state: AppState,
    needs: Needs,
}

/// Route layer: refuses with 403 and the specification's message (public spec §8 "You do not
/// have permission to perform this action.") a caller who lacks what the route needs, before
/// the handler runs or reads the body; hands the caller to the handler as a request extension.
async fn enforce(
    State(g): State<Guard>,
    session: Session,
    mut req: Request,
    next: Next,
) -> Response {
    match g.needs {
        Needs::Anyone => {}
        Needs::PoliceStatistics => {
            match super::permission::require(
                &g.state,
                req.headers(),
                &session,
                permissions::ImportPoliceStatistics,
            )
            .await
            {
                Ok(actor) => {
                    req.extensions_mut().insert(Actor(actor));
                }
                Err(e) => return e.into_response(),
            }
        }
        Needs::SignedIn | Needs::AnyOf(_) => match current_user(&g.state, &session).await {
            Ok(Some(u))
                if g.needs
                    .actions()
                    .is_none_or(|ids| ids.iter().any(|a| u.can(*a))) =>
            {
                req.extensions_mut().insert(u);
            }
            Ok(_) => return ApiError::Forbidden.into_response(),
            Err(e) => return e.into_response(),
        },
    }
    next.run(req).await
}

/// The signed-in caller a route layer admitted (see [`enforce`]).
pub type Caller = axum::Extension<CurrentUser>;
