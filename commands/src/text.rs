//! Free text as commands take it: the one parser every text field of every command body goes
//! through. A value is parsed once, when the body is read, into one of the types below, each
//! with a length limit in characters and no character that [`gbvf_events::text::is_refused`]
//! refuses (control characters, bidirectional overrides; newline and tab only in
//! [`LongText`]). A body with a field that breaks either rule is refused with 400 before any
//! rule of the command runs, so nothing is appended; the message names the field
//! (`physicalAddress must not contain control characters.`; see `json_rejections` in the API).
//!
//! The limits (docs/decisions/0005-free-text-limits.md): [`ShortText`] 100 characters (names,
//! titles, a branch, a job role: the registration form's limit for names, public spec §5);
//! [`LineText`] 250 (an address line, an organisation's or provider's name, an e-mail address
//! as typed, a telephone number as typed); [`UrlText`] 2,048 (a source link); [`LongText`]
//! 4,000 over several lines (a reason for returning a submission, a collective action's goal or result).
//! Each is declared in the OpenAPI document with its `maxLength` and a `pattern` that excludes
//! the refused characters.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

/// What a text field broke.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Longer than the field allows.
    #[error("must be at most {0} characters.")]
    TooLong(usize),
    /// Holds a character no text field takes.
    #[error("must not contain control characters.")]
    Control,
    /// Holds a line break or tab where one line is expected.
    #[error("must be one line, without line breaks or tabs.")]
    LineBreak,
}

/// Checks `value` against a limit of `max` characters and the refused characters (newline,
/// carriage return and tab allowed when `multiline`).
pub fn check(value: &str, max: usize, multiline: bool) -> Result<(), TextError> {
    if let Some(c) = value
        .chars()
        .find(|c| gbvf_events::text::is_refused(*c, multiline))
    {
        return Err(if matches!(c, '\n' | '\r' | '\t') {
            TextError::LineBreak
        } else {
            TextError::Control
        });
    }
    // Counting stops past the limit: a megabyte costs no more than the limit to refuse.
    if value.chars().nth(max).is_some() {
        return Err(TextError::TooLong(max));
    }
    Ok(())
}

/// The JSON Schema `pattern` of single-line text: no C0 or C1 control character, DEL or
/// bidirectional control.
pub const SINGLE_LINE_PATTERN: &str =
    "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$";
/// The JSON Schema `pattern` of multi-line text: as [`SINGLE_LINE_PATTERN`], but tab, newline
/// and carriage return allowed.
pub const MULTI_LINE_PATTERN: &str =
    "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$";

macro_rules! text_type {
    ($(#[$doc:meta])* $name:ident, $max:expr, $multiline:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// Most characters a value may have.
            pub const MAX: usize = $max;
            /// Whether newline, carriage return and tab are allowed.
            pub const MULTILINE: bool = $multiline;

            /// Parses `value`. Errors: [`TextError`].
            pub fn parse(value: impl Into<String>) -> Result<Self, TextError> {
                let value = value.into();
                check(&value, Self::MAX, Self::MULTILINE)?;
                Ok($name(value))
            }

            /// The text as given.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The text without surrounding white space.
            pub fn trimmed(&self) -> &str {
                self.0.trim()
            }

            /// The text, owned.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let value = String::deserialize(d)?;
                $name::parse(value).map_err(serde::de::Error::custom)
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .max_length(Some(Self::MAX))
                    .pattern(Some(if Self::MULTILINE {
                        MULTI_LINE_PATTERN
                    } else {
                        SINGLE_LINE_PATTERN
                    }))
                    .description(Some(format!(
                        "{}: at most {} characters, no control characters{}.",
                        stringify!($name),
                        Self::MAX,
                        if Self::MULTILINE {
                            " (line breaks and tabs allowed)"
                        } else {
                            ", one line"
                        }
                    )))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

text_type!(
    /// A name, title, branch or job role: one line of at most 100 characters.
    ShortText,
    100,
    false
);
text_type!(
    /// An address line, an organisation's or provider's name, an e-mail address or telephone
    /// number as typed: one line of at most 250 characters.
    LineText,
    250,
    false
);
text_type!(
    /// A link to a source: one line of at most 2,048 characters.
    UrlText,
    2_048,
    false
);
text_type!(
    /// A reason, a goal, a result: at most 4,000 characters over several lines.
    LongText,
    4_000,
    true
);

/// A form field as the rules read it: trimmed, empty when absent.
pub fn field<T: AsRef<str>>(v: &Option<T>) -> String {
    v.as_ref().map_or("", |t| t.as_ref()).trim().to_string()
}

/// Most items a list in a command body may hold (contact persons of a provider, requirements,
/// actions of a group, municipalities of a user); a larger list is refused with 400.
pub const MAX_ITEMS: usize = 100;

/// `deserialize_with` for a list in a command body: at most [`MAX_ITEMS`] items.
pub fn at_most_max_items<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Bounded<T>(std::marker::PhantomData<T>);
    impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Bounded<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of at most {MAX_ITEMS} items")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::new();
            while let Some(item) = seq.next_element()? {
                if out.len() == MAX_ITEMS {
                    return Err(serde::de::Error::custom(format!(
                        "must hold at most {MAX_ITEMS} items."
                    )));
                }
                out.push(item);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Bounded(std::marker::PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_a_megabyte_and_a_line_break_are_refused_with_the_rule_they_broke() {
        assert_eq!(LineText::parse("x\u{0}y"), Err(TextError::Control));
        assert_eq!(
            LineText::parse("a".repeat(1 << 20)),
            Err(TextError::TooLong(250))
        );
        assert_eq!(ShortText::parse("two\nlines"), Err(TextError::LineBreak));
        assert_eq!(
            ShortText::parse("\u{202E}0860000000"),
            Err(TextError::Control)
        );
        assert!(LongText::parse("first line\nsecond\tline").is_ok());
        assert_eq!(LongText::parse("bell\u{7}"), Err(TextError::Control));
        assert_eq!(
            ShortText::parse("ë".repeat(100)).unwrap().chars().count(),
            100
        );
        assert!(ShortText::parse("ë".repeat(101)).is_err());
    }

    #[test]
    fn a_body_field_is_parsed_once_when_the_body_is_read() {
        #[derive(Deserialize)]
        struct Body {
            name: ShortText,
            #[serde(default, deserialize_with = "at_most_max_items")]
            items: Vec<u8>,
        }
        let ok: Body =
            serde_json::from_str(r#"{"name": "Hillbrow SAPS", "items": [1, 2]}"#).unwrap();
        assert_eq!((ok.name.trimmed(), ok.items.len()), ("Hillbrow SAPS", 2));
        let e = serde_json::from_str::<Body>(r#"{"name": "x\u0000y"}"#)
            .err()
            .unwrap();
        assert!(
            e.to_string()
                .contains("must not contain control characters."),
            "{e}"
        );
        let many = format!(
            r#"{{"name": "a", "items": [{}]}}"#,
            vec!["1"; 101].join(",")
        );
        let e = serde_json::from_str::<Body>(&many).err().unwrap();
        assert!(e.to_string().contains("at most 100 items"), "{e}");
    }

    #[test]
    fn the_patterns_refuse_what_the_parser_refuses() {
        // The document's patterns are read by JSON Schema validators (schemathesis generates
        // from them): spot-check them against the parser's own rule on both sides of each range.
        for (c, single, multi) in [
            ('\u{0}', false, false),
            ('\t', false, true),
            ('\n', false, true),
            ('\u{1f}', false, false),
            (' ', true, true),
            ('~', true, true),
            ('\u{7f}', false, false),
            ('\u{9f}', false, false),
            ('\u{a0}', true, true),
            ('\u{202E}', false, false),
            ('\u{2069}', false, false),
            ('\u{206A}', true, true),
        ] {
            assert_eq!(check(&c.to_string(), 10, false).is_ok(), single, "{c:?}");
            assert_eq!(check(&c.to_string(), 10, true).is_ok(), multi, "{c:?}");
        }
    }
}
