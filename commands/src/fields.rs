//! Typed values of form fields, parsed once where a request enters the write side (public spec
//! §5 "Validation"): an e-mail address, a phone number, an address. Every form with such a
//! field uses these parsers — the account forms through [`crate::accounts::validation`], the
//! building-block form through [`crate::building_blocks::provider`] — so a field has one rule
//! and one message, the specification's.

use serde::{Deserialize, Serialize};

/// 'Email is required' (spec §5).
pub const EMAIL_REQUIRED: &str = "Email is required";
/// 'Please enter a valid email address' (spec §5).
pub const EMAIL_INVALID: &str = "Please enter a valid email address";
/// 'Contact number is required' (spec §5 names the rule; the wording is ours).
pub const CONTACT_NUMBER_REQUIRED: &str = "Contact number is required";
/// 'Contact number must be 10 digits long' (spec §5).
pub const CONTACT_NUMBER_LENGTH: &str = "Contact number must be 10 digits long";
/// A number field that accepts digits only (spec §5 "Manage building block": "Reception and
/// Alternate numbers accept digits only"; the wording is ours).
pub const DIGITS_ONLY: &str = "Only digits are accepted.";

/// An e-mail address: trimmed, valid by RFC 5322 (`email_address`), with a dot, at most 254
/// characters (spec §5 "E-mail").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailAddress(String);

impl EmailAddress {
    /// Parses a required address. Errors: [`EMAIL_REQUIRED`] when empty, [`EMAIL_INVALID`]
    /// when not an address.
    pub fn parse(value: &str) -> Result<EmailAddress, &'static str> {
        Self::parse_optional(Some(value))?.ok_or(EMAIL_REQUIRED)
    }

    /// Parses an address that may be left empty (`None`, or blank → `Ok(None)`). Errors:
    /// [`EMAIL_INVALID`] when filled but not an address.
    pub fn parse_optional(value: Option<&str>) -> Result<Option<EmailAddress>, &'static str> {
        let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
            return Ok(None);
        };
        if !email_address::EmailAddress::is_valid(v) || !v.contains('.') || v.len() > 254 {
            return Err(EMAIL_INVALID);
        }
        Ok(Some(EmailAddress(v.to_string())))
    }

    /// The address as entered (trimmed).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A phone number: its digits only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhoneNumber(String);

/// The digits of `value`, every other character dropped (spec §5 "Phone values are stripped to
/// digits").
pub fn digits(value: &str) -> String {
    value.chars().filter(|c| c.is_ascii_digit()).collect()
}

impl PhoneNumber {
    /// A contact number of the account forms (spec §5 "Contact number"): stripped to digits,
    /// exactly 10. `Ok(None)` when it holds no digit. Errors: [`CONTACT_NUMBER_LENGTH`].
    pub fn contact_number(value: &str) -> Result<Option<PhoneNumber>, &'static str> {
        let d = digits(value);
        match d.len() {
            0 => Ok(None),
            10 => Ok(Some(PhoneNumber(d))),
            _ => Err(CONTACT_NUMBER_LENGTH),
        }
    }

    /// A number typed as digits (spaces allowed and dropped), of any length: the reception and
    /// alternate numbers of a provider (spec §5 "Manage building block"). `Ok(None)` when
    /// blank. Errors: [`DIGITS_ONLY`].
    pub fn digits_only(value: Option<&str>) -> Result<Option<PhoneNumber>, &'static str> {
        let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
            return Ok(None);
        };
        let typed: String = v.chars().filter(|c| !c.is_whitespace()).collect();
        if !typed.chars().all(|c| c.is_ascii_digit()) {
            return Err(DIGITS_ONLY);
        }
        Ok(Some(PhoneNumber(typed)))
    }

    /// A number typed as digits (spaces dropped), exactly 10 of them: a contact person's
    /// numbers (spec §5 "Manage building block": phone formats checked when filled).
    /// `Ok(None)` when blank. Errors: [`DIGITS_ONLY`], then [`CONTACT_NUMBER_LENGTH`].
    pub fn ten_digits(value: Option<&str>) -> Result<Option<PhoneNumber>, &'static str> {
        match Self::digits_only(value)? {
            Some(n) if n.0.len() != 10 => Err(CONTACT_NUMBER_LENGTH),
            n => Ok(n),
        }
    }

    /// The digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A line of text that must say something when given (an address, a name): trimmed, never
/// blank. The characters and length a line may hold are checked where the request is read
/// ([`crate::text`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line(String);

impl Line {
    /// The trimmed line, `None` when absent or blank.
    pub fn parse_optional(value: Option<&str>) -> Option<Line> {
        value
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(|v| Line(v.to_string()))
    }

    /// The trimmed line. Errors: `required` when blank.
    pub fn parse(value: &str, required: &'static str) -> Result<Line, &'static str> {
        Self::parse_optional(Some(value)).ok_or(required)
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_addresses() {
        assert_eq!(EmailAddress::parse(" "), Err(EMAIL_REQUIRED));
        assert_eq!(EmailAddress::parse("not-an-email"), Err(EMAIL_INVALID));
        assert_eq!(EmailAddress::parse_optional(Some("  ")), Ok(None));
        assert_eq!(
            EmailAddress::parse(" thandi@example.org ")
                .unwrap()
                .as_str(),
            "thandi@example.org"
        );
    }

    #[test]
    fn phone_numbers() {
        assert_eq!(
            PhoneNumber::contact_number("082-123-4567")
                .unwrap()
                .unwrap()
                .as_str(),
            "0821234567"
        );
        assert_eq!(
            PhoneNumber::contact_number("082 123 456"),
            Err(CONTACT_NUMBER_LENGTH)
        );
        assert_eq!(PhoneNumber::contact_number("-"), Ok(None));
        assert_eq!(PhoneNumber::digits_only(Some("082-123")), Err(DIGITS_ONLY));
        assert_eq!(
            PhoneNumber::digits_only(Some(" 041 123 "))
                .unwrap()
                .unwrap()
                .as_str(),
            "041123"
        );
        assert_eq!(
            PhoneNumber::ten_digits(Some("041 123")),
            Err(CONTACT_NUMBER_LENGTH)
        );
        assert_eq!(PhoneNumber::ten_digits(Some("04l 123")), Err(DIGITS_ONLY));
        assert_eq!(PhoneNumber::ten_digits(None), Ok(None));
    }

    #[test]
    fn lines() {
        assert_eq!(Line::parse_optional(Some("  ")), None);
        assert_eq!(
            Line::parse(" 1 Main Road ", "x").unwrap().as_str(),
            "1 Main Road"
        );
        assert_eq!(
            Line::parse("", "Name is required."),
            Err("Name is required.")
        );
    }
}
