//! Upcasting: old stored payloads are brought to the current shape on read, so event types can
//! evolve without rewriting the log.
//!
//! Every reader of stored events (cqrs-es aggregate loads through [`upcasters`], projectors and
//! the history command through [`upcast_payload`]) goes through the same functions.
//!
//! Known older versions:
//! - `CrimeFigureRecorded` "0.1" (the prototype importer): the year was a label `"2015/16"` in
//!   `period` and the source was absent. Upcast to "1.0": `period_start_year` = the label's
//!   first year, `source` = `"unknown (prototype import)"`.

use cqrs_es::persist::{EventUpcaster, SerializedEvent};
use serde_json::Value;

/// Whether a stored payload of (`event_type`, `event_version`) is older than the current shape
/// and must go through [`upcast_payload`] before it is read as its Rust type (readers of raw
/// payload text, such as rebuild folds, check this first).
pub fn needs_upcast(event_type: &str, event_version: &str) -> bool {
    matches!((event_type, event_version), ("CrimeFigureRecorded", "0.1"))
}

/// Brings a stored payload of (`event_type`, `event_version`) to the current version.
/// Returns the payload unchanged when it is current or unknown.
pub fn upcast_payload(event_type: &str, event_version: &str, payload: Value) -> Value {
    match (event_type, event_version) {
        ("CrimeFigureRecorded", "0.1") => upcast_crime_figure_0_1(payload),
        _ => payload,
    }
}

fn upcast_crime_figure_0_1(mut payload: Value) -> Value {
    if let Some(figure) = payload
        .get_mut("CrimeFigureRecorded")
        .and_then(Value::as_object_mut)
    {
        if let Some(label) = figure.remove("period") {
            let year = label
                .as_str()
                .and_then(|s| s.split('/').next())
                .and_then(|y| y.trim().parse::<i64>().ok());
            if let Some(year) = year {
                figure.insert("period_start_year".into(), Value::from(year));
            }
        }
        figure
            .entry("source")
            .or_insert_with(|| Value::from("unknown (prototype import)"));
    }
    payload
}

/// The cqrs-es upcaster that applies [`upcast_payload`], for aggregate loads.
pub struct PayloadUpcaster;

impl EventUpcaster for PayloadUpcaster {
    fn can_upcast(&self, event_type: &str, event_version: &str) -> bool {
        matches!((event_type, event_version), ("CrimeFigureRecorded", "0.1"))
    }
    fn upcast(&self, mut event: SerializedEvent) -> SerializedEvent {
        event.payload = upcast_payload(&event.event_type, &event.event_version, event.payload);
        event.event_version = "1.0".into();
        event
    }
}

/// The upcasters to give every cqrs-es event store of this product.
pub fn upcasters() -> Vec<Box<dyn EventUpcaster>> {
    vec![Box::new(PayloadUpcaster)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crime::CrimeSeriesEvent;

    #[test]
    fn prototype_crime_figures_read_as_current_events() {
        let old = serde_json::json!({"CrimeFigureRecorded": {
            "place": {"boundary_id": 10, "level": "province", "ancestor_ids": [1]},
            "crime_type_id": 6, "period": "2015/16", "count": 3441
        }});
        let new = upcast_payload("CrimeFigureRecorded", "0.1", old);
        let event: CrimeSeriesEvent = serde_json::from_value(new).expect("current shape");
        assert_eq!(event.figure().period_start_year, 2015);
        assert_eq!(event.figure().count, 3441);
        assert_eq!(event.figure().source, "unknown (prototype import)");
    }

    #[test]
    fn raw_payloads_of_old_versions_are_upcast_before_decoding() {
        let raw = |version: &str, payload: &str| crate::store::RawEvent {
            transaction_id: 1,
            global_position: 1,
            aggregate_type: "crime_series".into(),
            event_type: "CrimeFigureRecorded".into(),
            event_version: version.into(),
            payload: payload.into(),
            metadata: "{}".into(),
            recorded_at: chrono::Utc::now(),
        };
        let old = raw(
            "0.1",
            r#"{"CrimeFigureRecorded": {"place": {"boundary_id": 10, "level": "province", "ancestor_ids": [1]}, "crime_type_id": 6, "period": "2015/16", "count": 3441}}"#,
        );
        let e: CrimeSeriesEvent = old.decode().expect("upcast then decoded");
        assert_eq!(e.figure().period_start_year, 2015);
        assert_eq!(e.figure().source, "unknown (prototype import)");
        // The same text read as current is refused: the version decides the path.
        assert!(raw("1.0", &old.payload)
            .decode::<CrimeSeriesEvent>()
            .is_err());
    }

    #[test]
    fn current_payloads_pass_through() {
        let v = serde_json::json!({"x": 1});
        assert_eq!(upcast_payload("CrimeFigureRecorded", "1.0", v.clone()), v);
    }
}
