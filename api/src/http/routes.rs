//! Where every `/api` route is declared with the permission it needs: one
//! declaration per route both enforces the permission (a route layer that runs before the
//! handler reads its body) and appears in the OpenAPI document as `x-permission`
//! (see [`super::openapi::full`]).
//!
//! A handler behind [`Needs::SignedIn`] or [`Needs::AnyOf`] reads the caller with
//! `Extension<CurrentUser>`; one behind [`Needs::PoliceStatistics`] with `Extension<Actor>`.
//! Rules finer than a permission (one's own organisation, one's assigned municipalities) stay
//! in the handlers.

use axum::extract::{Request, State};
use axum::handler::Handler;
use axum::http::Method;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use axum::Router;
use tower_sessions::Session;

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
    pub path: &'static str,
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
        }
    }

    /// Serves `method path` with `route` for callers who have what `needs` says; a GET reads,
    /// any other method is a command (see [`Effect`]).
    ///
    /// # Panics
    /// When a route that needs someone is declared outside the session layer (a programming
    /// error found at start-up, never at request time).
    pub fn at(
        self,
        method: Method,
        path: &'static str,
        needs: Needs,
        route: MethodRouter<AppState>,
    ) -> Self {
        let effect = if method == Method::GET {
            Effect::Reads
        } else {
            Effect::Command
        };
        self.at_with(method, path, needs, effect, route)
    }

    /// [`Routes::at`] with what the route does stated.
    fn at_with(
        mut self,
        method: Method,
        path: &'static str,
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
            path,
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
            self.router = self.router.route(path, route);
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

    /// `GET path` served by `handler`.
    pub fn get<H, T>(self, path: &'static str, needs: Needs, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.at(Method::GET, path, needs, axum::routing::get(handler))
    }

    /// `POST path` served by `handler`.
    pub fn post<H, T>(self, path: &'static str, needs: Needs, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.at(Method::POST, path, needs, axum::routing::post(handler))
    }

    /// `POST path` served by `handler`, a query carried in the body: it appends nothing.
    pub fn post_read<H, T>(self, path: &'static str, needs: Needs, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let route = axum::routing::post(handler);
        self.at_with(Method::POST, path, needs, Effect::Reads, route)
    }

    /// `POST path` served by `handler`, which changes only the caller's session.
    pub fn post_session<H, T>(self, path: &'static str, needs: Needs, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let route = axum::routing::post(handler);
        self.at_with(Method::POST, path, needs, Effect::Session, route)
    }

    /// `PUT path` served by `handler`.
    pub fn put<H, T>(self, path: &'static str, needs: Needs, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.at(Method::PUT, path, needs, axum::routing::put(handler))
    }

    /// `DELETE path` served by `handler`.
    pub fn delete<H, T>(self, path: &'static str, needs: Needs, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.at(Method::DELETE, path, needs, axum::routing::delete(handler))
    }

    /// The router and what it declared.
    pub fn finish(self) -> (Router<AppState>, Vec<Declared>) {
        (self.router, self.declared)
    }
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
