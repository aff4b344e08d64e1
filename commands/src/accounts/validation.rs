//! Validation rules and their messages (public spec §5); the e-mail and phone rules are the
//! shared parsers of [`crate::fields`]. The messages the specification gives
//! are used verbatim; where it names a rule without wording, the wording here is ours
//! (docs/decisions/0029-validation-wording-and-reference-lists.md).

/// A field error: `code` is the field name the client highlights, `description` the message.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FieldError {
    /// Field name (the registration payload's or profile's name).
    pub code: String,
    /// Message shown under the field.
    pub description: String,
}

/// Collected field errors.
#[derive(Debug, Default, Clone)]
pub struct Errors(pub Vec<FieldError>);

impl Errors {
    /// Adds an error for `field`.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.push(FieldError {
            code: field.to_string(),
            description: message.into(),
        });
    }
    /// Whether no error was found.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// The messages joined by ' -- ' (public spec §8 "Registration failure").
    pub fn joined(&self) -> String {
        self.0
            .iter()
            .map(|e| e.description.as_str())
            .collect::<Vec<_>>()
            .join(" -- ")
    }
}

/// Special characters a password may use to satisfy the rule (spec §5).
pub const PASSWORD_SPECIALS: &str = "!@#$%^&*()";
/// Minimum password length and distinct characters (spec §9).
pub const PASSWORD_MIN: usize = 12;

/// Password rules (spec §5): required; ≥ 12 characters; a digit, a lowercase and an uppercase
/// letter, one of ! @ # $ % ^ & * ( ); ≥ 12 distinct characters.
pub fn password(errors: &mut Errors, field: &str, value: &str) {
    if value.is_empty() {
        return errors.add(field, "Password is required");
    }
    if value.chars().count() < PASSWORD_MIN {
        errors.add(field, "Password must be at least 12 characters long");
    }
    if !value.chars().any(|c| c.is_ascii_digit()) {
        errors.add(field, "Password must contain a number");
    }
    if !value.chars().any(|c| c.is_lowercase()) {
        errors.add(field, "Password must contain a lowercase letter");
    }
    if !value.chars().any(|c| c.is_uppercase()) {
        errors.add(field, "Password must contain an uppercase letter");
    }
    if !value.chars().any(|c| PASSWORD_SPECIALS.contains(c)) {
        errors.add(
            field,
            "Password must contain a special character: ! @ # $ % ^ & * ( )",
        );
    }
    let distinct: std::collections::HashSet<char> = value.chars().collect();
    if distinct.len() < PASSWORD_MIN {
        errors.add(
            field,
            "Password must contain at least 12 different characters",
        );
    }
}

/// Confirmation (spec §5): required; equal to the password.
pub fn confirm_password(errors: &mut Errors, field: &str, password: &str, confirm: &str) {
    if confirm.is_empty() {
        errors.add(field, "Confirm password is required");
    } else if confirm != password {
        errors.add(field, "Passwords do not match");
    }
}

/// E-mail (spec §5): 'Email is required'; 'Please enter a valid email address'
/// ([`crate::fields::EmailAddress`]).
pub fn email(errors: &mut Errors, field: &str, value: &str) {
    if let Err(message) = crate::fields::EmailAddress::parse(value) {
        errors.add(field, message);
    }
}

/// Strips a phone value to its digits (spec §5 "Phone values are stripped to digits").
pub use crate::fields::digits;

/// Contact number (spec §5): required; exactly 10 digits after stripping
/// ([`crate::fields::PhoneNumber::contact_number`]).
pub fn contact_number(errors: &mut Errors, field: &str, value: &str, required: bool) {
    match crate::fields::PhoneNumber::contact_number(value) {
        Ok(Some(_)) => {}
        Ok(None) if required => errors.add(field, crate::fields::CONTACT_NUMBER_REQUIRED),
        Ok(None) => {}
        Err(message) => errors.add(field, message),
    }
}

/// OTP (spec §5): required; 'OTP must be 6 digits long.'; 'OTP must only contain numbers.'
pub fn otp(errors: &mut Errors, field: &str, value: &str) {
    let v = value.trim();
    if v.is_empty() {
        errors.add(field, "OTP is required");
    } else if !v.chars().all(|c| c.is_ascii_digit()) {
        errors.add(field, "OTP must only contain numbers.");
    } else if v.len() != 6 {
        errors.add(field, "OTP must be 6 digits long.");
    }
}

/// A person's or organisation's name (spec §5): required; letters (any script), spaces and
/// . ' - , & ( ) / digits for organisations; at most 100 characters.
pub fn name(errors: &mut Errors, field: &str, label: &str, value: &str, allow_digits: bool) {
    // Phone keyboards type a typographic apostrophe (’); it counts as an apostrophe.
    let v = value.trim().replace('\u{2019}', "'");
    let v = v.as_str();
    if v.is_empty() {
        return errors.add(field, format!("{label} is required"));
    }
    let ok_char = |c: char| {
        c.is_alphabetic()
            || c == ' '
            || "'-.".contains(c)
            || (allow_digits && (c.is_ascii_digit() || ",&()/".contains(c)))
    };
    if v.chars().count() > 100 || !v.chars().all(ok_char) || !v.chars().any(char::is_alphabetic) {
        errors.add(
            field,
            format!("Please enter a valid {}", label.to_lowercase()),
        );
    }
}

/// A required choice from a list (spec §5 registration steps): '{label} is required'.
pub fn required_choice(
    errors: &mut Errors,
    field: &str,
    label: &str,
    value: Option<i64>,
    valid: impl Fn(i64) -> bool,
) {
    match value {
        None => errors.add(field, format!("{label} is required")),
        Some(v) if !valid(v) => errors.add(
            field,
            format!("Please select a valid {}", label.to_lowercase()),
        ),
        Some(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msgs(f: impl Fn(&mut Errors)) -> Vec<String> {
        let mut e = Errors::default();
        f(&mut e);
        e.0.into_iter().map(|e| e.description).collect()
    }

    #[test]
    fn password_messages_follow_the_specification() {
        assert_eq!(msgs(|e| password(e, "p", "")), vec!["Password is required"]);
        assert!(msgs(|e| password(e, "p", "Ab1!"))
            .contains(&"Password must be at least 12 characters long".to_string()));
        assert!(msgs(|e| password(e, "p", "Aaaaaaaaaaaa1!"))
            .contains(&"Password must contain at least 12 different characters".to_string()));
        assert!(msgs(|e| password(e, "p", "Kitchen-Table-Lamp9")).contains(
            &"Password must contain a special character: ! @ # $ % ^ & * ( )".to_string()
        ));
        assert!(msgs(|e| password(e, "p", "Correct!Horse9Battery")).is_empty());
        assert_eq!(
            msgs(|e| confirm_password(e, "c", "a", "b")),
            vec!["Passwords do not match"]
        );
    }

    #[test]
    fn email_phone_otp_and_names() {
        assert_eq!(msgs(|e| email(e, "e", "")), vec!["Email is required"]);
        assert_eq!(
            msgs(|e| email(e, "e", "not-an-email")),
            vec!["Please enter a valid email address"]
        );
        assert!(msgs(|e| email(e, "e", "thandi@example.org")).is_empty());
        assert_eq!(
            msgs(|e| contact_number(e, "m", "082 123 456", true)),
            vec!["Contact number must be 10 digits long"]
        );
        assert!(msgs(|e| contact_number(e, "m", "082-123-4567", true)).is_empty());
        assert_eq!(digits("(082) 123-4567"), "0821234567");
        assert_eq!(
            msgs(|e| otp(e, "o", "12a456")),
            vec!["OTP must only contain numbers."]
        );
        assert_eq!(
            msgs(|e| otp(e, "o", "12345")),
            vec!["OTP must be 6 digits long."]
        );
        assert_eq!(
            msgs(|e| name(e, "f", "First name", "", false)),
            vec!["First name is required"]
        );
        assert_eq!(
            msgs(|e| name(e, "f", "First name", "R2-D2", false)),
            vec!["Please enter a valid first name"]
        );
        assert!(msgs(|e| name(e, "f", "First name", "Nomvula-Zoë O'Neil", false)).is_empty());
        assert!(msgs(|e| name(
            e,
            "o",
            "Organisation name",
            "Ikhaya Women\u{2019}s Centre",
            true
        ))
        .is_empty());
    }
}
