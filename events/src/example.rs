//! Example data: events written while an example scope is active carry `"example": "true"` in
//! their metadata, so projections can say which figures include them and `gbvf examples
//! remove` can find them (docs/decisions/0072-example-data.md).
//!
//! The scope is a Tokio task-local: the HTTP layer opens it for a request that carries the
//! operator token and `X-GBVF-Example: true`, and `gbvf examples load` opens it around the
//! commands it runs in-process. Both event writers (`store::append_batch` and the API's
//! traced postgres-es repository) call [`stamp`].

use std::future::Future;

/// Metadata key marking example data (value `"true"`).
pub const EXAMPLE_METADATA_KEY: &str = "example";

tokio::task_local! {
    static EXAMPLE: ();
}

/// Runs `f` with every event it writes marked as example data.
pub async fn scope<F: Future>(f: F) -> F::Output {
    EXAMPLE.scope((), f).await
}

/// Whether the current task is inside [`scope`].
pub fn active() -> bool {
    EXAMPLE.try_with(|_| ()).is_ok()
}

/// Adds the example marker to an event's metadata object when the current task is inside
/// [`scope`]; leaves it unchanged otherwise (or when it is not a JSON object).
pub fn stamp(metadata: &mut serde_json::Value) {
    if active() {
        if let Some(m) = metadata.as_object_mut() {
            m.insert(EXAMPLE_METADATA_KEY.into(), "true".into());
        }
    }
}

/// Whether stored metadata marks its event as example data.
pub fn is_example(metadata: &serde_json::Value) -> bool {
    metadata[EXAMPLE_METADATA_KEY].as_str() == Some("true")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn only_events_written_inside_the_scope_are_marked() {
        let mut outside = serde_json::json!({"actor": "system"});
        stamp(&mut outside);
        assert!(!is_example(&outside));
        let inside = scope(async {
            let mut m = serde_json::json!({"actor": "system"});
            stamp(&mut m);
            m
        })
        .await;
        assert!(is_example(&inside));
        // The scope ends with the future.
        let mut after = serde_json::json!({});
        stamp(&mut after);
        assert!(!is_example(&after));
    }
}
