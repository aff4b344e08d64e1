//! One step of a USSD survey session (decision 0168): the inputs of the session (and, when a
//! dropped one is resumed, those of the session before) are replayed from the first: the short
//! code, the language, then the questions ([`super::menus`]); Send records the response through
//! the same path as a browser's ([`crate::http::health_check::survey::record_response`]).
//!
//! Screens are in English around the questions and answers, which come in the chosen language
//! (the reviewed translations offered for the questionnaire version).

use gbvf_events::health_check::{GivenAnswer, SHORT_CODE_DIGITS, SURVEY_RESPONSE_AGGREGATE};
use gbvf_events::health_check_translation::ORIGINAL_LANGUAGE;
use gbvf_projections::health_check::queries::invite_code_of_short_code;
use gbvf_projections::health_check::queries_translations::offered_languages;

use super::gateway::{Reply, UssdRequest};
use super::menus::{choose_language, Question, Questions, Step};
use super::session::{self, Saved};
use super::UssdConfig;
use crate::accounts::limits;
use crate::http::error::ApiError;
use crate::http::health_check::survey::{period_of, record_response, translate, Recorded};
use crate::http::health_check::{load_questionnaire, CLOSED, THANK_YOU};
use crate::http::AppState;

/// The first screen.
pub const WELCOME: &str =
    "GBVF health check survey. Your answers are anonymous.\nEnter your survey code:";
/// After a code that opens no survey.
pub const WRONG_CODE: &str = "That survey code is not valid.\nEnter your survey code:";
/// After too many wrong codes from one phone, or through the gateway.
pub const TOO_MANY: &str = "Too many wrong survey codes. Please try again in an hour.";
/// When the same phone dials again with a survey unfinished.
pub const RESUME: &str = "You have an unfinished survey.\n1 Continue\n2 Start again";
/// When this phone answered this survey before.
pub const ALREADY: &str = "This phone has already answered this survey. Thank you.";
/// When the link has taken all the responses it allows.
pub const FULL: &str = "This survey has all the responses it allows. Thank you.";
/// When many respondents answer through one link at the same moment.
pub const BUSY: &str =
    "Many people are answering this survey now. Please dial again in a minute: your answers are kept.";

/// The language names offered on the menu, in their own language; a code not listed shows as
/// itself.
const LANGUAGE_NAMES: &[(&str, &str)] = &[
    ("en", "English"),
    ("af", "Afrikaans"),
    ("nr", "isiNdebele"),
    ("nso", "Sepedi"),
    ("ss", "siSwati"),
    ("st", "Sesotho"),
    ("tn", "Setswana"),
    ("ts", "Xitsonga"),
    ("ve", "Tshivenda"),
    ("xh", "isiXhosa"),
    ("zu", "isiZulu"),
];

/// Inputs of a session that may be survey codes: the wrong codes a phone may type in an hour
/// (`USSD_WRONG_CODE_PHONE`'s limit, 5), then the right one.
const CODE_TRIES: usize = match limits::USSD_WRONG_CODE_PHONE {
    limits::Policy::Count { limit, .. } => limit as usize + 1,
    limits::Policy::Backoff { .. } => panic!("USSD_WRONG_CODE_PHONE counts wrong codes"),
};

/// The order respondents see the categories in (as the browser's survey): Policies,
/// Practices, Behaviours, General, Demographic.
const CATEGORY_ORDER: [i32; 5] = [3, 2, 1, 4, 5];

/// Answers one step of session `r` (docs/operations.md "USSD"). Errors: the database's (the
/// handler answers them with an `END` screen).
pub async fn step(s: &AppState, c: &UssdConfig, r: &UssdRequest) -> Result<Reply, ApiError> {
    let phone_key = c.phone_key(&r.phone);
    let saved = session::load(&s.pool, &phone_key).await?;
    // This session's inputs on top of what an earlier, dropped one had typed, when the
    // respondent chose to continue it.
    let (base, skip) = match &saved {
        Some(saved) if saved.session_id == r.session_id => (saved.base.clone(), saved.skip),
        Some(saved) if !saved.log.is_empty() => match r.inputs.first().map(|i| i.trim()) {
            Some("1") => (saved.log.clone(), 1),
            Some("2") => (Vec::new(), 1),
            _ => return Ok(Reply::Continue(RESUME.into())),
        },
        _ => (Vec::new(), 0),
    };
    let mut log = base.clone();
    log.extend(r.inputs.iter().skip(skip).cloned());
    let typed_now = r.inputs.len() > skip;
    let keep = |log: Vec<String>| Saved {
        session_id: r.session_id.clone(),
        base: base.clone(),
        skip,
        log,
    };

    // The short code: the first input that opens a survey.
    let phone_limit = limits::key(
        s.secret.get(&s.pool).await?,
        &["ussd-wrong-code", &phone_key],
    );
    let gateway_limit = limits::key(
        s.secret.get(&s.pool).await?,
        &["ussd-wrong-code-gateway", &r.service_code],
    );
    // Only the first few inputs may be codes: a session that honestly typed more wrong codes
    // than a phone may in an hour has been stopped already, and a forged callback carrying many
    // candidates in one `text` must not try them all at the price of one.
    let mut found = None;
    for (i, input) in log.iter().enumerate().take(CODE_TRIES) {
        let digits: String = input.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.len() != SHORT_CODE_DIGITS || !digits.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if let Some(code) = invite_code_of_short_code(&s.pool, &digits).await? {
            found = Some((i, code));
            break;
        }
    }
    let just_typed = found.as_ref().is_none_or(|(i, _)| *i + 1 == log.len());
    if just_typed
        && (limits::blocked(&s.pool, limits::USSD_WRONG_CODE_PHONE, &phone_limit).await?
            || limits::blocked(&s.pool, limits::USSD_WRONG_CODE_GATEWAY, &gateway_limit).await?)
    {
        session::forget(&s.pool, &phone_key).await?;
        return Ok(Reply::End(TOO_MANY.into()));
    }
    let Some((at, invite_code)) = found else {
        if log.is_empty() {
            return Ok(Reply::Continue(WELCOME.into()));
        }
        if log.len() > CODE_TRIES {
            session::forget(&s.pool, &phone_key).await?;
            return Ok(Reply::End(TOO_MANY.into()));
        }
        if typed_now {
            let phone_ok =
                limits::hit(&s.pool, limits::USSD_WRONG_CODE_PHONE, &phone_limit).await?;
            let gateway_ok =
                limits::hit(&s.pool, limits::USSD_WRONG_CODE_GATEWAY, &gateway_limit).await?;
            if !phone_ok || !gateway_ok {
                session::forget(&s.pool, &phone_key).await?;
                return Ok(Reply::End(TOO_MANY.into()));
            }
        }
        return Ok(Reply::Continue(WRONG_CODE.into()));
    };

    // The survey period behind the code, answered once per phone.
    let p = period_of(&s.pool, &invite_code).await?;
    if !p.open {
        session::forget(&s.pool, &phone_key).await?;
        return Ok(Reply::End(CLOSED.into()));
    }
    let response_id = c.response_id(&p.health_check_id, &invite_code, &r.phone);
    if !gbvf_events::store::aggregate_history(&s.pool, SURVEY_RESPONSE_AGGREGATE, &response_id)
        .await?
        .is_empty()
    {
        session::forget(&s.pool, &phone_key).await?;
        return Ok(Reply::End(ALREADY.into()));
    }

    // The language, among those the questionnaire version is offered in.
    let mut offered = vec![ORIGINAL_LANGUAGE.to_string()];
    offered.extend(offered_languages(&s.pool, &p.questionnaire_id).await?);
    let names: Vec<(String, String)> = offered
        .iter()
        .map(|code| {
            let name = LANGUAGE_NAMES
                .iter()
                .find(|(c, _)| c == code)
                .map_or(code.as_str(), |(_, n)| n);
            (code.clone(), name.to_string())
        })
        .collect();
    let (language, rest) = match choose_language(&names, &log[at + 1..]) {
        Ok(chosen) => chosen,
        Err(screen) => {
            session::save(&s.pool, &phone_key, &keep(log.clone())).await?;
            return Ok(Reply::Continue(screen));
        }
    };

    // The questions, in that language.
    let published = load_questionnaire(s, &p.questionnaire_id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("questionnaire missing")))?;
    let mut def = gbvf_events::health_check::QuestionnairePublished::clone(&published);
    translate(s, &mut def, Some(&language), &offered).await?;
    let mut ordered: Vec<&gbvf_events::health_check::Question> = def.questions.iter().collect();
    ordered.sort_by_key(|q| {
        CATEGORY_ORDER
            .iter()
            .position(|c| *c == q.category_id)
            .unwrap_or(CATEGORY_ORDER.len())
    });
    let questions = Questions::new(
        ordered
            .into_iter()
            .map(|q| Question {
                id: q.question_id.clone(),
                text: q.description.clone(),
                multiple: q.question_type_id == 4,
                answers: q
                    .answers
                    .iter()
                    .map(|a| (a.possible_answer_id, a.description.clone()))
                    .collect(),
            })
            .collect(),
    );
    let answers = match questions.step(rest) {
        Step::Screen(screen) => {
            session::save(&s.pool, &phone_key, &keep(log)).await?;
            return Ok(Reply::Continue(screen));
        }
        Step::Send(answers) => answers,
    };

    // Send: the same response, through the same rules, as a browser's.
    let given: Vec<GivenAnswer> = answers
        .into_iter()
        .map(|(question_id, possible_answer_ids)| GivenAnswer {
            question_id,
            possible_answer_ids,
        })
        .collect();
    let answers =
        gbvf_commands::health_check::SurveyAnswers::parse(&published, given).map_err(|e| {
            ApiError::Internal(anyhow::anyhow!(
                "menus gave answers the questionnaire refuses: {e}"
            ))
        })?;
    let invite = gbvf_commands::text::LineText::parse(invite_code)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("stored invite code: {e}")))?;
    let connection = s.pool.acquire().await?;
    let outcome = record_response(
        s,
        connection,
        &p,
        invite,
        answers,
        response_id,
        Some(c.response_key(&r.session_id, &r.phone)),
    )
    .await?;
    let end = |text: &str| Reply::End(text.to_string());
    Ok(match outcome {
        Recorded::Busy | Recorded::Raced => {
            // Kept: dialling again resumes at the confirmation.
            let mut unsent = log;
            unsent.pop();
            session::save(&s.pool, &phone_key, &keep(unsent)).await?;
            end(BUSY)
        }
        other => {
            session::forget(&s.pool, &phone_key).await?;
            match other {
                Recorded::Yes => end(THANK_YOU),
                Recorded::Duplicate => end(ALREADY),
                Recorded::Full(_) => end(FULL),
                _ => end(CLOSED),
            }
        }
    })
}
