//! USSD aggregators' callback protocols, behind [`Gateway`]: each turns its request into a
//! [`UssdRequest`] and a [`Reply`] into its answer. Africa's Talking
//! (<https://developers.africastalking.com/docs/ussd/overview>) is the one spoken now.

/// One step of a USSD session, whatever the aggregator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UssdRequest {
    /// The aggregator's id of the session (one per dial).
    pub session_id: String,
    /// The code dialled (`*120*4321#`).
    pub service_code: String,
    /// The respondent's number, as the network gives it; used only for keyed hashes.
    pub phone: String,
    /// What was typed on each screen of this session so far, oldest first.
    pub inputs: Vec<String>,
}

/// What a step answers: another screen, or the last one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A screen that waits for input.
    Continue(String),
    /// The last screen; the session ends.
    End(String),
}

/// The request was not a well-formed callback; the message says which field and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadCallback(pub String);

/// An aggregator's callback protocol.
pub trait Gateway {
    /// Parses a callback's form fields (name, value), each field once. Errors: a field
    /// missing, too long, or holding control characters.
    fn parse(&self, fields: &[(String, String)]) -> Result<UssdRequest, BadCallback>;
    /// The answer's body and its content type.
    fn render(&self, reply: &Reply) -> (String, &'static str);
}

/// Africa's Talking: a form POST with `sessionId`, `serviceCode`, `phoneNumber`, `networkCode`
/// and `text` (every input of the session joined by `*`, empty on the first step); the answer
/// is plain text starting `CON ` (continue) or `END ` (finish).
pub struct AfricasTalking;

/// Longest `text` taken: 400 inputs of a few characters (a survey of 40 questions with paging
/// and corrections needs about 120).
const TEXT_LIMIT: usize = 2_000;
/// Most inputs in one session.
const INPUT_LIMIT: usize = 400;
/// Longest single input (a short code with spaces is 14).
const INPUT_LENGTH: usize = 20;

/// The field `name` of `fields`: present once, at most `max` characters, no control
/// characters. `required`: missing is an error, else empty.
fn field(
    fields: &[(String, String)],
    name: &str,
    max: usize,
    required: bool,
) -> Result<String, BadCallback> {
    let mut found = fields.iter().filter(|(k, _)| k == name);
    let value = match (found.next(), found.next()) {
        (Some(_), Some(_)) => return Err(BadCallback(format!("{name} is given twice."))),
        (Some((_, v)), None) => v.clone(),
        (None, _) if required => return Err(BadCallback(format!("{name} is required."))),
        (None, _) => String::new(),
    };
    if value.chars().count() > max {
        return Err(BadCallback(format!(
            "{name} is longer than {max} characters."
        )));
    }
    if value.chars().any(char::is_control) {
        return Err(BadCallback(format!("{name} holds control characters.")));
    }
    if required && value.trim().is_empty() {
        return Err(BadCallback(format!("{name} is required.")));
    }
    Ok(value)
}

impl Gateway for AfricasTalking {
    fn parse(&self, fields: &[(String, String)]) -> Result<UssdRequest, BadCallback> {
        let session_id = field(fields, "sessionId", 100, true)?;
        let service_code = field(fields, "serviceCode", 40, true)?;
        let phone = field(fields, "phoneNumber", 20, true)?;
        field(fields, "networkCode", 10, false)?;
        let text = field(fields, "text", TEXT_LIMIT, false)?;
        if !phone
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'+' || b == b' ')
        {
            return Err(BadCallback("phoneNumber must be a phone number.".into()));
        }
        let inputs: Vec<String> = if text.is_empty() {
            Vec::new()
        } else {
            text.split('*').map(str::to_string).collect()
        };
        if inputs.len() > INPUT_LIMIT || inputs.iter().any(|i| i.chars().count() > INPUT_LENGTH) {
            return Err(BadCallback(
                "text holds too many or too long inputs.".into(),
            ));
        }
        Ok(UssdRequest {
            session_id,
            service_code,
            phone: phone.replace(' ', ""),
            inputs,
        })
    }

    fn render(&self, reply: &Reply) -> (String, &'static str) {
        let body = match reply {
            Reply::Continue(text) => format!("CON {text}"),
            Reply::End(text) => format!("END {text}"),
        };
        (body, "text/plain; charset=utf-8")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_callback_becomes_a_step_and_a_reply_its_text() {
        let at = AfricasTalking;
        let r = at
            .parse(&form(&[
                ("sessionId", "ATUid_1"),
                ("serviceCode", "*120*4321#"),
                ("phoneNumber", "+27 82 000 0001"),
                ("networkCode", "65501"),
                ("text", "123456789012*1*3"),
            ]))
            .unwrap();
        assert_eq!(r.phone, "+27820000001");
        assert_eq!(r.inputs, vec!["123456789012", "1", "3"]);
        let first = at
            .parse(&form(&[
                ("sessionId", "s"),
                ("serviceCode", "*1#"),
                ("phoneNumber", "+27820000001"),
                ("text", ""),
            ]))
            .unwrap();
        assert!(first.inputs.is_empty());
        assert_eq!(at.render(&Reply::Continue("Hi".into())).0, "CON Hi");
        assert_eq!(at.render(&Reply::End("Bye".into())).0, "END Bye");
    }

    #[test]
    fn malformed_callbacks_are_refused_with_the_field() {
        let at = AfricasTalking;
        let base = [
            ("sessionId", "s"),
            ("serviceCode", "*1#"),
            ("phoneNumber", "+27820000001"),
        ];
        let with = |extra: (&str, &str)| {
            let mut f = form(&base);
            f.retain(|(k, _)| k != extra.0);
            f.push((extra.0.to_string(), extra.1.to_string()));
            at.parse(&f).unwrap_err().0
        };
        assert_eq!(with(("text", "1\u{0}2")), "text holds control characters.");
        assert_eq!(
            with(("phoneNumber", "me")),
            "phoneNumber must be a phone number."
        );
        assert_eq!(with(("sessionId", "")), "sessionId is required.");
        assert_eq!(
            with(("text", &"1".repeat(1 << 20))),
            "text is longer than 2000 characters."
        );
        assert_eq!(
            with(("text", &"1*".repeat(500))),
            "text holds too many or too long inputs."
        );
        let mut twice = form(&base);
        twice.push(("sessionId".into(), "t".into()));
        assert_eq!(at.parse(&twice).unwrap_err().0, "sessionId is given twice.");
    }
}
