//! Which characters free text may hold, for the write side that refuses them
//! (`gbvf_commands::text`) and the read side that strips them from events stored before the
//! write side refused them ([`strip_refused`]).
//!
//! Refused everywhere: the Unicode control characters (C0 `U+0000`–`U+001F`, `U+007F`, C1
//! `U+0080`–`U+009F`; NUL cannot be written to a PostgreSQL text column at all, so one NUL in an
//! event stopped a projector) and the bidirectional overrides and isolates (`U+202A`–`U+202E`,
//! `U+2066`–`U+2069`), which make a telephone number or a name read differently from what it
//! is. Newline and tab (and the carriage return of a pasted Windows line end) are allowed in
//! text that is multi-line by nature (a reason for returning a submission, a collective action's goal).

use serde_json::Value;

/// Whether `c` is refused in free text; `multiline`: newline, carriage return and tab are
/// allowed.
pub fn is_refused(c: char, multiline: bool) -> bool {
    if multiline && matches!(c, '\n' | '\r' | '\t') {
        return false;
    }
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Removes from every string in `value` (object keys included) the characters refused even in
/// multi-line text. Returns how many were removed (0: `value` is unchanged).
pub fn strip_refused(value: &mut Value) -> usize {
    match value {
        Value::String(s) => strip_string(s),
        Value::Array(items) => items.iter_mut().map(strip_refused).sum(),
        Value::Object(map) => {
            let mut removed = 0;
            if map.keys().any(|k| k.chars().any(|c| is_refused(c, true))) {
                let entries = std::mem::take(map);
                for (mut k, v) in entries {
                    removed += strip_string(&mut k);
                    map.insert(k, v);
                }
            }
            removed + map.values_mut().map(strip_refused).sum::<usize>()
        }
        _ => 0,
    }
}

fn strip_string(s: &mut String) -> usize {
    let before = s.chars().count();
    if !s.chars().any(|c| is_refused(c, true)) {
        return 0;
    }
    s.retain(|c| !is_refused(c, true));
    before - s.chars().count()
}

/// Whether stored JSON text may hold a refused character: a `\u` escape of a control
/// character, a `\b` or `\f` escape, or a C1 control, DEL or bidirectional control written
/// as itself. A cheap test before [`strip_refused`]: it may say yes for text that holds none
/// (an escaped backslash followed by `b`), never no for text that holds one.
pub fn may_hold_refused(json: &str) -> bool {
    json.contains("\\u00")
        || json.contains("\\u20")
        || json.contains("\\b")
        || json.contains("\\f")
        || json
            .chars()
            .any(|c| c == '\u{7f}' || (!c.is_ascii() && is_refused(c, true)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn controls_and_bidi_overrides_are_refused_newline_only_in_multiline_text() {
        for c in ['\0', '\u{1b}', '\u{7f}', '\u{85}', '\u{202E}', '\u{2066}'] {
            assert!(is_refused(c, false), "{c:?}");
            assert!(is_refused(c, true), "{c:?}");
        }
        assert!(is_refused('\n', false));
        assert!(!is_refused('\n', true));
        assert!(!is_refused('\t', true));
        for c in ['a', 'ë', '’', ' ', '€', 'ǃ'] {
            assert!(!is_refused(c, false), "{c:?}");
        }
    }

    #[test]
    fn stripping_reaches_every_string_and_reports_the_count() {
        let mut v =
            json!({"physicalAddress": "x\u{0}y", "list": ["a\u{202E}b", 3], "k\u{1}": "line\none"});
        assert_eq!(strip_refused(&mut v), 3);
        assert_eq!(
            v,
            json!({"physicalAddress": "xy", "list": ["ab", 3], "k": "line\none"})
        );
        let mut clean = json!({"a": "Hillbrow SAPS", "n": 1});
        assert_eq!(strip_refused(&mut clean), 0);
    }

    #[test]
    fn the_cheap_test_finds_what_serde_writes() {
        for s in [
            "x\u{0}y",
            "a\u{8}",
            "a\u{c}",
            "a\u{7f}",
            "a\u{9f}",
            "a\u{202E}b",
        ] {
            let text = serde_json::to_string(&json!({ "v": s })).unwrap();
            assert!(may_hold_refused(&text), "{text}");
        }
        let text = serde_json::to_string(&json!({"v": "Ikhaya Women’s Centre\nline"})).unwrap();
        assert!(!may_hold_refused(&text), "{text}");
    }
}
