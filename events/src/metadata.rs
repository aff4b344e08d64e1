//! Who, when, why and from where: the metadata stored beside every event.
//!
//! cqrs-es stores metadata as a JSON object of strings (`HashMap<String, String>`); these are
//! the keys every event of this product carries.

use std::collections::HashMap;

/// Metadata of one command's events.
///
/// Stored as the JSON object `{"actor", "at", "request_id", "source"}` (all strings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventMetadata {
    /// Who: `user:<uuid>` for an account holder, `import` for a data import, `system` for the
    /// product itself, `operator` for an operator token on the API.
    pub actor: String,
    /// When the command was accepted, RFC 3339 UTC.
    pub at: String,
    /// The HTTP request id or the import id that caused the events.
    pub request_id: String,
    /// Where from: `cli:<command>`, `http:<method> <path>`, or a file name for imports.
    pub source: String,
}

impl EventMetadata {
    /// Metadata stamped now (UTC) for `actor`, `request_id` and `source`.
    pub fn now(
        actor: impl Into<String>,
        request_id: impl Into<String>,
        source: impl Into<String>,
    ) -> Self {
        EventMetadata {
            actor: actor.into(),
            at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            request_id: request_id.into(),
            source: source.into(),
        }
    }

    /// The cqrs-es form of the metadata.
    pub fn to_map(&self) -> HashMap<String, String> {
        HashMap::from([
            ("actor".to_string(), self.actor.clone()),
            ("at".to_string(), self.at.clone()),
            ("request_id".to_string(), self.request_id.clone()),
            ("source".to_string(), self.source.clone()),
        ])
    }

    /// The stored JSON form of the metadata.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "actor": self.actor, "at": self.at, "request_id": self.request_id, "source": self.source,
        })
    }
}
