//! The one error type of the HTTP API and its JSON shape.
//!
//! Every failure answers `{"success": false, "message": "...", "errors": [{"code", "description"}]}`
//! (the specification's response shape, public spec §7 "Responses read: success, message,
//! errors"). Bad input is 400, unknown ids 404, missing permission 403 with the specification's
//! wording (§6), conflicting commands 409; only real faults are 500, logged with their cause.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// Message of a refused CSRF check.
pub const CSRF_MESSAGE: &str = "Your session has expired. Please reload the page and try again.";

/// Permission refused (public spec §6 and §8).
pub const PERMISSION_DENIED: &str = "You do not have permission to perform this action.";
/// Generic failure (public spec §8), spelled as the specification spells it.
pub const GENERIC_FAILURE: &str = "An error has occurred. Please try again later.";
/// The message of a 429: a client past its allowance of reads (decision 0160).
pub const TOO_MANY: &str =
    "Too many requests from this address. Please wait a moment and try again.";

/// The JSON body of every failure (4xx and 5xx): `{"success": false, "message", "errors":
/// [{"code", "description"}]}` (public spec §7 "Responses read: success, message, errors").
/// The OpenAPI document gives this schema to every 4xx and 5xx answer (`openapi::full`).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Always `false`.
    pub success: bool,
    /// What went wrong, for people, in the specification's wording.
    pub message: String,
    /// One entry per problem (empty on a 409 that names the current state instead).
    pub errors: Vec<ErrorItem>,
}

/// One problem of an [`ErrorBody`].
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct ErrorItem {
    /// The field or parameter at fault (`boundaryId`, `email`), or the kind of failure:
    /// `not_found`, `permission`, `csrf`, `conflict`, `unavailable`, `internal`.
    pub code: String,
    /// The same text as `message`.
    pub description: String,
}

/// The body of a change that worked and has nothing else to say: `{"success": true,
/// "message"}` (public spec §7 "Responses read: success, message, errors"); `message` is the
/// specification's confirmation ("User deleted successfully.", ...).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Done {
    /// Always `true`.
    pub success: bool,
    /// The confirmation, for people.
    pub message: String,
}

impl Done {
    /// `{"success": true, "message": message}`.
    pub fn new(message: impl Into<String>) -> Self {
        Done {
            success: true,
            message: message.into(),
        }
    }
}

/// [`Done`] with its (always empty) `errors` list, as the form saves answer:
/// `{"success": true, "message", "errors": []}` (public spec §7).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Saved {
    /// Always `true`.
    pub success: bool,
    /// The confirmation, for people.
    pub message: String,
    /// Always empty.
    pub errors: Vec<ErrorItem>,
}

impl Saved {
    /// `{"success": true, "message": message, "errors": []}`.
    pub fn new(message: impl Into<String>) -> Self {
        Saved {
            success: true,
            message: message.into(),
            errors: Vec::new(),
        }
    }
}

/// An API error.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: a malformed parameter or body; `code` names the field.
    #[error("{message}")]
    BadRequest {
        /// Field or parameter name.
        code: String,
        /// What is wrong, for people.
        message: String,
    },
    /// 404: the named thing does not exist.
    #[error("{0}")]
    NotFound(String),
    /// 403: the caller lacks the permission.
    #[error("{PERMISSION_DENIED}")]
    Forbidden,
    /// 403: the caller holds the permission, but a rule refuses this one act to them; the
    /// message says which (four-eyes: nobody verifies their own submission).
    #[error("{0}")]
    Refused(String),
    /// 403: a state-changing request without the session's CSRF token.
    #[error("{}", CSRF_MESSAGE)]
    Csrf,
    /// 409: another command changed the same record first.
    #[error("{0}")]
    Conflict(String),
    /// 429: the client is past its allowance of reads (`super::read_limit`); the answer
    /// carries `Retry-After` with these whole seconds.
    #[error("{}", TOO_MANY)]
    TooManyRequests(u64),
    /// 500: a fault on our side (logged, not shown).
    #[error("internal error: {0}")]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// A 400 for parameter `code`.
    pub fn bad(code: &str, message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            code: code.to_string(),
            message: message.into(),
        }
    }
}

/// SQLSTATE 22021 `character_not_in_repertoire`: text PostgreSQL cannot hold, such as a NUL
/// byte sent in a query parameter (found by schemathesis).
const CHARACTER_NOT_IN_REPERTOIRE: &str = "22021";

/// A read the domain's rules refuse (`gbvf_commands::read_access`): 403 with the
/// specification's message.
impl From<gbvf_commands::read_access::ReadRefused> for ApiError {
    fn from(_: gbvf_commands::read_access::ReadRefused) -> Self {
        ApiError::Forbidden
    }
}

impl From<sqlx::Error> for ApiError {
    /// 400 when the request's own text cannot be stored or compared (a NUL byte); 500 for
    /// every other database error.
    fn from(e: sqlx::Error) -> Self {
        if let sqlx::Error::Database(d) = &e {
            if d.code().as_deref() == Some(CHARACTER_NOT_IN_REPERTOIRE) {
                return ApiError::bad(
                    "request",
                    "The request contains characters that are not allowed.",
                );
            }
        }
        ApiError::Internal(e.into())
    }
}

impl ApiError {
    /// The error of a cqrs-es command other than the user's own mistake or a conflict: 503 when
    /// the database could not be reached (docs/reliability.md "Database outage"), 500 otherwise.
    pub fn from_aggregate<E: std::error::Error>(e: cqrs_es::AggregateError<E>) -> Self {
        match e {
            cqrs_es::AggregateError::DatabaseConnectionError(source) => {
                ApiError::Internal(anyhow::anyhow!("database unreachable: {source}")).unavailable()
            }
            cqrs_es::AggregateError::UnexpectedError(source)
                if source
                    .downcast_ref::<sqlx::Error>()
                    .is_some_and(unreachable_kind) =>
            {
                ApiError::Internal(anyhow::anyhow!("database unreachable: {source}")).unavailable()
            }
            other => ApiError::Internal(anyhow::anyhow!("{other}")),
        }
    }

    /// This error, marked as the database being unreachable.
    fn unavailable(self) -> Self {
        match self {
            ApiError::Internal(e) => ApiError::Internal(e.context(Unreachable)),
            other => other,
        }
    }
}

/// Marks an error chain as "the database could not be reached".
#[derive(Debug, thiserror::Error)]
#[error("the database could not be reached")]
struct Unreachable;

/// Whether `e` means the database could not be reached (connection refused or dropped, pool
/// wait over), as opposed to a fault in a query.
fn unreachable_kind(e: &sqlx::Error) -> bool {
    // The server shutting down or restarting answers an open connection with SQLSTATE class
    // 57P (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now) or class 08
    // (connection exception): the database going away, not a fault in the query (the outage
    // test caught a command answered 500 when PostgreSQL stopped under it).
    if let sqlx::Error::Database(d) = e {
        if let Some(code) = d.code() {
            return code.starts_with("57P") || code.starts_with("08");
        }
    }
    matches!(
        e,
        sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            // A connection cut while it was being set up reads as a protocol violation.
            | sqlx::Error::Protocol(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::WorkerCrashed
    )
}

/// Whether the failure `e` is the database being unreachable: a connection-kind sqlx error in
/// its chain, an error marked so, or the watchdog's last probe failed ([`super::db_health`]).
fn is_unreachable(e: &anyhow::Error) -> bool {
    // `downcast_ref` on the anyhow error finds a context added with `.context(Unreachable)`;
    // the items of `chain()` are anyhow's wrappers and never downcast to it (the outage test
    // caught a command answered 500 in the instant before the watchdog noticed).
    e.downcast_ref::<Unreachable>().is_some()
        || e.chain().any(|c| {
            c.downcast_ref::<Unreachable>().is_some()
                || c.downcast_ref::<sqlx::Error>()
                    .is_some_and(unreachable_kind)
                || c.downcast_ref::<std::io::Error>()
                    .is_some_and(connection_kind)
        })
        || !super::db_health::reachable()
}

/// Whether an I/O error is a network connection failing (refused, cut, timed out), as opposed
/// to, say, a file that cannot be read (a fault on our side: 500, not 503).
fn connection_kind(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused
            | ConnectionReset
            | ConnectionAborted
            | NotConnected
            | BrokenPipe
            | TimedOut
            | UnexpectedEof
            | AddrNotAvailable
            | HostUnreachable
            | NetworkUnreachable
    )
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message, code) = match &self {
            ApiError::BadRequest { code, message } => {
                (StatusCode::BAD_REQUEST, message.clone(), code.clone())
            }
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, m.clone(), "not_found".into()),
            ApiError::Forbidden => (
                StatusCode::FORBIDDEN,
                PERMISSION_DENIED.to_string(),
                "permission".into(),
            ),
            ApiError::Refused(m) => (StatusCode::FORBIDDEN, m.clone(), "permission".into()),
            ApiError::Csrf => (
                StatusCode::FORBIDDEN,
                CSRF_MESSAGE.to_string(),
                "csrf".into(),
            ),
            ApiError::Conflict(m) => (StatusCode::CONFLICT, m.clone(), "conflict".into()),
            ApiError::TooManyRequests(_) => (
                StatusCode::TOO_MANY_REQUESTS,
                TOO_MANY.to_string(),
                "rate_limit".into(),
            ),
            ApiError::Internal(e) if is_unreachable(e) => {
                tracing::warn!(error = %e, "database unreachable");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    GENERIC_FAILURE.to_string(),
                    "unavailable".into(),
                )
            }
            ApiError::Internal(e) => {
                tracing::error!(error = ?e, "request failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    GENERIC_FAILURE.to_string(),
                    "internal".into(),
                )
            }
        };
        let body = ErrorBody {
            success: false,
            errors: vec![ErrorItem {
                code,
                description: message.clone(),
            }],
            message,
        };
        let mut res = (status, Json(body)).into_response();
        if let ApiError::TooManyRequests(wait) = self {
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, wait.into());
        }
        res
    }
}

/// Middleware giving axum's own refusals under `/api` the [`ErrorBody`] shape: a query, path or
/// body its extractors cannot parse (400, 415, 422) or a body over the limit (413) is answered
/// with plain text by axum; this rewrites any plain-text 4xx of an `/api` path as
/// `{"success": false, "message": <axum's text>, "errors": [{"code": "request", ...}]}`, so every
/// 4xx the OpenAPI document describes carries the one error schema. A JSON body of the wrong
/// shape (axum's 422) is answered 400 like any other malformed input ("Bad input is 400", the
/// module documentation; the document's 400 answer of every operation).
pub async fn json_rejections(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let api = req.uri().path().starts_with("/api/");
    let res = next.run(req).await;
    let plain = res
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/plain"));
    if !api || !res.status().is_client_error() || !plain {
        return res;
    }
    let status = match res.status() {
        StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
        other => other,
    };
    let text = axum::body::to_bytes(res.into_body(), 64 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let (code, message) = match field_rule(&text) {
        Some((field, rule)) => (field.to_string(), format!("{field} {rule}")),
        None if text.is_empty() => (
            "request".to_string(),
            status
                .canonical_reason()
                .unwrap_or("Bad request")
                .to_string(),
        ),
        None => ("request".to_string(), text),
    };
    let body = ErrorBody {
        success: false,
        errors: vec![ErrorItem {
            code,
            description: message.clone(),
        }],
        message,
    };
    (status, Json(body)).into_response()
}

/// The field and the rule it broke, from axum's refusal of a JSON body that one of the
/// command parsers refused (`gbvf_commands::text`): `Failed to deserialize the JSON body into
/// the target type: contacts[0].name: must not contain control characters. at line 1 column 9`
/// gives `("contacts[0].name", "must not contain control characters.")`. `None` for any other
/// refusal (its text is kept whole).
pub fn field_rule(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix("Failed to deserialize the JSON body into the target type: ")?;
    let (field, rule) = rest.split_once(": ")?;
    let rule = rule.rsplit_once(" at line ").map_or(rule, |(r, _)| r);
    let ours = rule.starts_with("must be at most ")
        || rule.starts_with("must not contain control characters")
        || rule.starts_with("must be one line")
        || rule.starts_with("must hold at most ");
    (ours && !field.is_empty()).then_some((field, rule))
}

/// Parses a path or query value as a whole-number id, or answers 400 naming `field`.
pub fn parse_id(field: &str, raw: &str) -> Result<i64, ApiError> {
    raw.trim()
        .parse::<i64>()
        .ok()
        .filter(|v| *v > 0)
        .ok_or_else(|| ApiError::bad(field, format!("{field} must be a positive whole number.")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_text_field_is_named_in_the_message() {
        assert_eq!(
            field_rule("Failed to deserialize the JSON body into the target type: physicalAddress: must not contain control characters. at line 1 column 22"),
            Some(("physicalAddress", "must not contain control characters."))
        );
        assert_eq!(
            field_rule("Failed to deserialize the JSON body into the target type: contacts: must hold at most 100 items. at line 1 column 9000"),
            Some(("contacts", "must hold at most 100 items."))
        );
        assert_eq!(
            field_rule("Failed to deserialize the JSON body into the target type: missing field `name` at line 1 column 2"),
            None
        );
    }

    #[test]
    fn only_connection_failures_are_unreachable() {
        let refused = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused");
        assert!(connection_kind(&refused));
        let missing = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        assert!(!connection_kind(&missing));
        let chain = anyhow::Error::from(missing).context("reading the import file");
        assert!(!chain.chain().any(|c| c
            .downcast_ref::<std::io::Error>()
            .is_some_and(connection_kind)));
    }

    #[test]
    fn an_error_marked_unreachable_is_unreachable_whatever_the_watchdog_says() {
        // The watchdog still believes the database is up (its default).
        assert!(super::super::db_health::reachable());
        let marked = ApiError::Internal(anyhow::anyhow!("connection reset")).unavailable();
        let ApiError::Internal(e) = &marked else {
            panic!("internal")
        };
        assert!(is_unreachable(e));
        assert!(!is_unreachable(&anyhow::anyhow!("a fault in a query")));
    }
}
