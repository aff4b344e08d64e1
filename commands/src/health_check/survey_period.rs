//! Survey periods (aggregate `health_check`): one organisation's period of one questionnaire
//! version with its invite link (SetSurveyEffectiveDate; admin spec §3 "Invite code", §4), and
//! the responses the link admits within its cap (docs/decisions/0071-survey-periods-and-links.md,
//! docs/decisions/0078-survey-links-cap-and-rate-limit.md).

use crate::read_access::ReadRefused;
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::health_check::{
    HealthCheckEvent, SurveyPeriodOpened, SurveyResponseAdmitted, HEALTH_CHECK_AGGREGATE,
};
use serde::{Deserialize, Serialize};

/// The health-check id of one organisation's survey period: `hc-<organisation>-<questionnaire>-<year>Q<n>`.
pub fn health_check_id(
    organisation_id: &str,
    questionnaire_id: &str,
    from: chrono::DateTime<chrono::Utc>,
) -> String {
    let (y, q) = quarter_of(from);
    format!("hc-{organisation_id}-{questionnaire_id}-{y}Q{q}")
}

/// Year and calendar quarter (1–4) of `at`.
pub fn quarter_of(at: chrono::DateTime<chrono::Utc>) -> (i32, u32) {
    use chrono::Datelike;
    (at.year(), (at.month() - 1) / 3 + 1)
}

/// The last instant of the calendar quarter of `at` (a survey period ends with its quarter;
/// the End GBVF health check is repeated each quarter — research SOURCE §1.2).
pub fn end_of_quarter(at: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
    use chrono::TimeZone;
    let (y, q) = quarter_of(at);
    let (ny, nm) = if q == 4 { (y + 1, 1) } else { (y, q * 3 + 1) };
    chrono::Utc
        .with_ymd_and_hms(ny, nm, 1, 0, 0, 0)
        .single()
        .expect("valid date")
        - chrono::Duration::seconds(1)
}

/// The calendar quarter after `(year, quarter)`.
pub fn next_quarter((y, q): (i32, u32)) -> (i32, u32) {
    if q == 4 {
        (y + 1, 1)
    } else {
        (y, q + 1)
    }
}

/// Whether a survey period starting at `from` and ending at `to` may be opened at `now`: it
/// starts in the calendar quarter of `now` or in the next one, and has not ended
/// (docs/decisions/0121-survey-link-bounds.md). Past quarters and far futures (a `9999Q4`
/// quarter in the national figures) are refused.
pub fn period_in_window(
    from: chrono::DateTime<chrono::Utc>,
    to: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
) -> bool {
    let start = quarter_of(from);
    (start == quarter_of(now) || start == next_quarter(quarter_of(now))) && to > now
}

/// The "current quarter" of the public health-check dashboard: the previous calendar quarter
/// (Q4 of last year when that is below 1) — admin spec §9.
pub fn current_dashboard_quarter(now: chrono::DateTime<chrono::Utc>) -> (i32, u32) {
    let (y, q) = quarter_of(now);
    if q == 1 {
        (y - 1, 4)
    } else {
        (y, q - 1)
    }
}

/// Most responses one invite link takes: the expected responses plus a margin of a tenth of
/// them, at least 5 (docs/decisions/0078-survey-links-cap-and-rate-limit.md). A link cannot
/// collect unlimited responses from fresh browsers, so a designated person cannot outnumber
/// the real respondents with invented ones at will. `expected` is at least 1.
pub fn response_cap(expected: i64) -> i64 {
    expected + RESPONSE_MARGIN_MIN.max((expected + 9) / 10)
}

/// The smallest margin above the expected responses that a link accepts ([`response_cap`]).
pub const RESPONSE_MARGIN_MIN: i64 = 5;

/// The expected responses of a survey link (admin spec §3 "Invite code" ExpectedResponses,
/// §5: a number, required, minimum 1): a whole number from 1 to [`ExpectedResponses::MAX`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExpectedResponses(i32);

/// Why a value is not a number of expected responses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Expected responses must be a whole number of at least 1.")]
pub struct ExpectedResponsesError;

impl ExpectedResponses {
    /// The largest number of expected responses a link takes.
    pub const MAX: i64 = 1_000_000;

    /// `value` if it lies in 1..=[`Self::MAX`]. Errors: [`ExpectedResponsesError`].
    pub fn new(value: i64) -> Result<Self, ExpectedResponsesError> {
        if (1..=Self::MAX).contains(&value) {
            Ok(ExpectedResponses(value as i32))
        } else {
            Err(ExpectedResponsesError)
        }
    }

    /// Parses the field as a form sends it: a JSON number, or a string of digits (the form's
    /// input blocks e, E, +, -, dot and comma, admin spec §5, so "1e3", "2.5" and "-3" are
    /// refused; docs/decisions/0071-survey-periods-and-links.md). Errors:
    /// [`ExpectedResponsesError`] for anything else, or a number out of range.
    pub fn from_json(value: &serde_json::Value) -> Result<Self, ExpectedResponsesError> {
        match value {
            serde_json::Value::Number(n) => n.as_i64().ok_or(ExpectedResponsesError),
            serde_json::Value::String(t)
                if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) =>
            {
                t.parse::<i64>().map_err(|_| ExpectedResponsesError)
            }
            _ => Err(ExpectedResponsesError),
        }
        .and_then(Self::new)
    }

    /// The number.
    pub fn get(self) -> i32 {
        self.0
    }
}

/// One survey period (aggregate `health_check`): its opening and the responses admitted
/// through its link.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct HealthCheck {
    /// The opening, once opened.
    pub opened: Option<SurveyPeriodOpened>,
    /// Responses admitted through the link ([`SurveyResponseAdmitted`]). Responses recorded
    /// before admissions existed are not counted
    /// (docs/decisions/0078-survey-links-cap-and-rate-limit.md).
    #[serde(default)]
    pub admitted: i64,
    /// The responses admitted ([`SurveyResponseAdmitted::response_id`]), so a retry of one is
    /// admitted once.
    #[serde(default)]
    pub admitted_responses: std::collections::HashSet<String>,
}

/// Open a survey period with its invite link (SetSurveyEffectiveDate; admin spec §3 "Invite
/// code"). The caller has checked what the read models know: the organisation is approved,
/// the questionnaire version is active and offered to its type, and the dates lie within the
/// version's.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenSurveyPeriod {
    /// Health check id ([`health_check_id`]), the aggregate id.
    pub health_check_id: String,
    /// Organisation id.
    pub organisation_id: String,
    /// Organisation type id now (for the public figures by type).
    pub organisation_type_id: i32,
    /// Questionnaire version answered.
    pub questionnaire_id: String,
    /// Staff 1, Students 2.
    pub questionnaire_type_id: i32,
    /// Questionnaire version number.
    pub questionnaire_version: i32,
    /// Start of the period (the period ends at [`end_of_quarter`] of it, at most the version's
    /// end).
    pub effective_from: chrono::DateTime<chrono::Utc>,
    /// The questionnaire version's active dates: a link opens only while it is active, for a
    /// period starting within them.
    pub questionnaire_active: (chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>),
    /// The organisation's verification status is Approved (3) now (the organisation read
    /// model).
    pub organisation_approved: bool,
    /// Expected responses.
    pub expected_responses: ExpectedResponses,
    /// The invite code of the link (random, 32 hex digits).
    pub invite_code: String,
    /// The organisation's registered number of members: the most expected responses allowed
    /// when its own people open the link (docs/decisions/0121-survey-link-bounds.md).
    pub organisation_members: i64,
    /// Who asks for the link.
    pub requested_by: LinkRequester,
    /// When the link is asked for (the period must start in this quarter or the next).
    pub now: chrono::DateTime<chrono::Utc>,
}

/// Who asks for a survey link (SetSurveyEffectiveDate; admin spec §3), as the rules of
/// [`HealthCheckCommand::OpenSurveyPeriod`] need them: gathered from the session's actions and
/// account now.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LinkRequester {
    /// The organisation the requester's account belongs to (a designated person's), if any.
    pub own_organisation: Option<String>,
    /// Holds WorldOfImpactAdmin (33).
    pub world_of_impact_admin: bool,
    /// Holds HealthCheckAdmin (34).
    pub health_check_admin: bool,
}

impl LinkRequester {
    /// Whether the requester is one of the organisation's own people.
    fn own(&self, organisation_id: &str) -> bool {
        self.own_organisation.as_deref() == Some(organisation_id)
    }

    /// Whether they may open a link for `organisation_id`: world-of-impact administrators and
    /// health-check administrators who belong to no organisation for any; everyone else
    /// (a designated person, HealthCheckAdmin too) only for their own.
    fn may_open_for(&self, organisation_id: &str) -> bool {
        self.own(organisation_id) || self.may_open_for_any()
    }

    /// Whether they may open a link for any organisation: world-of-impact administrators, and
    /// health-check administrators who belong to no organisation (designated persons hold
    /// HealthCheckAdmin too, for their own).
    pub fn may_open_for_any(&self) -> bool {
        self.world_of_impact_admin || (self.health_check_admin && self.own_organisation.is_none())
    }

    /// Whether they may learn that an organisation id names no organisation (404): only who
    /// may open a link for any ([`Self::may_open_for_any`]); anyone else is refused as for
    /// someone else's organisation, so ids cannot be probed.
    pub fn may_learn_unknown_organisation(&self) -> Result<(), ReadRefused> {
        if self.may_open_for_any() {
            Ok(())
        } else {
            Err(ReadRefused)
        }
    }

    /// Whether the organisation's registered size bounds the expected responses: for its own
    /// people, and for anyone who is not an administrator of the platform.
    fn bounded_by_members(&self, organisation_id: &str) -> bool {
        self.own(organisation_id) || !(self.world_of_impact_admin || self.health_check_admin)
    }
}

/// The Students questionnaire type (admin spec §4), offered only to higher education.
pub const STUDENTS: i32 = 2;
/// The organisation type of higher education institutions (public spec §2).
pub const HIGHER_EDUCATION: i32 = 4;

/// What a health check is asked to do.
#[derive(Debug, Clone, PartialEq)]
pub enum HealthCheckCommand {
    /// Open the period with its invite link.
    OpenSurveyPeriod(OpenSurveyPeriod),
    /// Admit one more response through the link, at `at`.
    AdmitSurveyResponse {
        /// When the response arrives.
        at: chrono::DateTime<chrono::Utc>,
        /// The organisation's verification status is Approved (3) now (the organisation read
        /// model): a rejected organisation's link takes no responses.
        organisation_approved: bool,
        /// The response (its `survey_response` aggregate id); admitted already → nothing new.
        response_id: String,
    },
}

/// Why a command on a period was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HealthCheckError {
    /// This organisation already has the period open; its invite code is kept.
    #[error("A survey link already exists for this period.")]
    AlreadyOpen(String),
    /// No period with this id was opened.
    #[error("This survey link is not valid. Please check the link you were sent.")]
    NotOpen,
    /// Outside the period's dates, or the organisation is no longer approved.
    #[error("This survey is closed and no longer accepts responses.")]
    Closed,
    /// More expected responses than the organisation's registered number of members.
    #[error("Expected responses cannot be more than the organisation's registered number of members ({0}). A platform administrator can open the link for a larger number.")]
    MoreThanMembers(i64),
    /// The period starts before the current quarter, after the next one, or has ended.
    #[error("A survey period starts in the current quarter or the next one.")]
    OutsideWindow,
    /// The requester may not open a link for this organisation (answered 403).
    #[error("You do not have permission to perform this action.")]
    NotTheirs,
    /// The organisation is not approved.
    #[error("The organisation must be approved before it can take the health check.")]
    NotApproved,
    /// The questionnaire version's active dates have ended.
    #[error("This questionnaire is no longer active; a survey link can be generated only while a questionnaire is active.")]
    QuestionnaireInactive,
    /// A Students questionnaire for an organisation that is not a higher education institution.
    #[error("The Students survey is offered only to higher education institutions (organisation type 4).")]
    StudentsOnlyInHigherEducation,
    /// The period would start before the questionnaire version is active.
    #[error("The survey period must start within the questionnaire's active dates and end in the future.")]
    BeforeQuestionnaire,
    /// The link took its cap of responses ([`response_cap`]).
    #[error("This survey has received all the responses its link allows ({0}), so it no longer accepts responses. Thank you for your interest.")]
    Full(i64),
}

impl Aggregate for HealthCheck {
    const TYPE: &'static str = HEALTH_CHECK_AGGREGATE;
    type Command = HealthCheckCommand;
    type Event = HealthCheckEvent;
    type Error = HealthCheckError;
    type Services = ();
    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let event = match command {
            HealthCheckCommand::OpenSurveyPeriod(c) => {
                // Who may ask comes first: an existing link's code is told only to them.
                if !c.requested_by.may_open_for(&c.organisation_id) {
                    return Err(HealthCheckError::NotTheirs);
                }
                if !c.organisation_approved {
                    return Err(HealthCheckError::NotApproved);
                }
                let (active_from, active_to) = c.questionnaire_active;
                if active_to <= c.now {
                    return Err(HealthCheckError::QuestionnaireInactive);
                }
                if c.questionnaire_type_id == STUDENTS && c.organisation_type_id != HIGHER_EDUCATION
                {
                    return Err(HealthCheckError::StudentsOnlyInHigherEducation);
                }
                if c.effective_from < active_from {
                    return Err(HealthCheckError::BeforeQuestionnaire);
                }
                if let Some(o) = &self.opened {
                    return Err(HealthCheckError::AlreadyOpen(o.invite_code.clone()));
                }
                // The cap follows from the expected responses, so the person it limits does not
                // choose it beyond the size a verifier saw when approving the organisation.
                if c.requested_by.bounded_by_members(&c.organisation_id) {
                    let members = c.organisation_members.max(1);
                    if c.expected_responses.get() as i64 > members {
                        return Err(HealthCheckError::MoreThanMembers(members));
                    }
                }
                let effective_to = end_of_quarter(c.effective_from).min(active_to);
                if !period_in_window(c.effective_from, effective_to, c.now) {
                    return Err(HealthCheckError::OutsideWindow);
                }
                HealthCheckEvent::SurveyPeriodOpened(SurveyPeriodOpened {
                    health_check_id: c.health_check_id,
                    organisation_id: c.organisation_id,
                    organisation_type_id: c.organisation_type_id,
                    questionnaire_id: c.questionnaire_id,
                    questionnaire_type_id: c.questionnaire_type_id,
                    questionnaire_version: c.questionnaire_version,
                    effective_from: c.effective_from,
                    effective_to,
                    expected_responses: c.expected_responses.get(),
                    invite_code: c.invite_code,
                })
            }
            HealthCheckCommand::AdmitSurveyResponse {
                at,
                organisation_approved,
                response_id,
            } => {
                let Some(o) = &self.opened else {
                    return Err(HealthCheckError::NotOpen);
                };
                // A retry of a response admitted already takes no second place.
                if self.admitted_responses.contains(&response_id) {
                    return Ok(());
                }
                if !organisation_approved || at < o.effective_from || at > o.effective_to {
                    return Err(HealthCheckError::Closed);
                }
                let cap = response_cap(o.expected_responses as i64);
                if self.admitted >= cap {
                    return Err(HealthCheckError::Full(cap));
                }
                HealthCheckEvent::SurveyResponseAdmitted(SurveyResponseAdmitted {
                    health_check_id: o.health_check_id.clone(),
                    admitted: self.admitted + 1,
                    response_id: Some(response_id),
                })
            }
        };
        sink.write(event, self).await;
        Ok(())
    }
    fn apply(&mut self, event: Self::Event) {
        match event {
            HealthCheckEvent::SurveyPeriodOpened(o) => self.opened = Some(o),
            HealthCheckEvent::SurveyResponseAdmitted(a) => {
                self.admitted = a.admitted;
                self.admitted_responses.extend(a.response_id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    type HealthCheckTest = cqrs_es::test::TestFramework<HealthCheck>;
    const ID: &str = "hc-o-staff-v1-2026Q4";

    fn from() -> chrono::DateTime<chrono::Utc> {
        chrono::Utc.with_ymd_and_hms(2026, 10, 1, 0, 0, 0).unwrap()
    }

    fn to() -> chrono::DateTime<chrono::Utc> {
        chrono::Utc
            .with_ymd_and_hms(2026, 12, 31, 23, 59, 59)
            .unwrap()
    }

    fn open(expected: i64, code: &str) -> OpenSurveyPeriod {
        OpenSurveyPeriod {
            health_check_id: ID.into(),
            organisation_id: "o".into(),
            organisation_type_id: 1,
            questionnaire_id: "staff-v1".into(),
            questionnaire_type_id: 1,
            questionnaire_version: 1,
            effective_from: from(),
            questionnaire_active: (
                from() - chrono::Duration::days(1000),
                from() + chrono::Duration::days(400),
            ),
            organisation_approved: true,
            expected_responses: ExpectedResponses::new(expected).unwrap(),
            invite_code: code.into(),
            organisation_members: 50,
            requested_by: LinkRequester {
                own_organisation: Some("o".into()),
                ..LinkRequester::default()
            },
            now: from() + chrono::Duration::days(3),
        }
    }

    fn opened(expected: i32) -> HealthCheckEvent {
        HealthCheckEvent::SurveyPeriodOpened(SurveyPeriodOpened {
            health_check_id: ID.into(),
            organisation_id: "o".into(),
            organisation_type_id: 1,
            questionnaire_id: "staff-v1".into(),
            questionnaire_type_id: 1,
            questionnaire_version: 1,
            effective_from: from(),
            effective_to: to(),
            expected_responses: expected,
            invite_code: "code".into(),
        })
    }

    fn admit_at(at: chrono::DateTime<chrono::Utc>, approved: bool) -> HealthCheckCommand {
        HealthCheckCommand::AdmitSurveyResponse {
            at,
            organisation_approved: approved,
            response_id: "new".into(),
        }
    }

    fn admit(day: u32, approved: bool) -> HealthCheckCommand {
        admit_at(
            chrono::Utc
                .with_ymd_and_hms(2026, 11, day, 9, 0, 0)
                .unwrap(),
            approved,
        )
    }

    /// The `n`th admission, of response `r<n>`.
    fn admitted(n: i64) -> HealthCheckEvent {
        admitted_as(n, &format!("r{n}"))
    }

    /// The `n`th admission, of the response the tests' commands send ("new").
    fn admitted_as(n: i64, response_id: &str) -> HealthCheckEvent {
        HealthCheckEvent::SurveyResponseAdmitted(SurveyResponseAdmitted {
            health_check_id: ID.into(),
            admitted: n,
            response_id: Some(response_id.into()),
        })
    }

    const CLOSED: &str = "This survey is closed and no longer accepts responses.";

    #[test]
    fn the_cap_is_the_expected_responses_plus_a_tenth_at_least_five() {
        assert_eq!(response_cap(1), 6);
        assert_eq!(response_cap(8), 13);
        assert_eq!(response_cap(50), 55);
        assert_eq!(response_cap(51), 57);
        assert_eq!(response_cap(1000), 1100);
    }

    #[test]
    fn expected_responses_are_a_whole_number_from_one_to_a_million() {
        use serde_json::json;
        let parse = |v: serde_json::Value| ExpectedResponses::from_json(&v).map(|e| e.get());
        assert_eq!(parse(json!(1)), Ok(1));
        assert_eq!(parse(json!("25")), Ok(25));
        assert_eq!(parse(json!(1_000_000)), Ok(1_000_000));
        for refused in [
            json!(0),
            json!(-3),
            json!(2.5),
            json!(1_000_001),
            json!("1e3"),
            json!("2.5"),
            json!("-3"),
            json!(""),
            json!("99999999999999999999"),
            json!(null),
            json!([1]),
        ] {
            assert_eq!(
                parse(refused.clone()).map_err(|e| e.to_string()),
                Err("Expected responses must be a whole number of at least 1.".to_string()),
                "{refused}"
            );
        }
    }

    #[test]
    fn health_check_ids_name_the_quarter_of_the_start() {
        assert_eq!(health_check_id("o", "staff-v1", from()), ID);
    }

    #[test]
    fn quarters() {
        let at = chrono::Utc.with_ymd_and_hms(2026, 11, 23, 1, 0, 0).unwrap();
        assert_eq!(quarter_of(at), (2026, 4));
        assert_eq!(end_of_quarter(at).to_rfc3339(), "2026-12-31T23:59:59+00:00");
        assert_eq!(current_dashboard_quarter(at), (2026, 3));
        let jan = chrono::Utc.with_ymd_and_hms(2027, 1, 5, 0, 0, 0).unwrap();
        assert_eq!(current_dashboard_quarter(jan), (2026, 4));
    }

    #[test]
    fn given_no_period_when_it_is_opened_then_it_opens_with_its_link() {
        HealthCheckTest::with(())
            .given_no_previous_events()
            .when(HealthCheckCommand::OpenSurveyPeriod(open(8, "code")))
            .then_expect_events(vec![opened(8)]);
    }

    #[test]
    fn given_no_period_when_more_are_expected_than_the_registered_members_then_it_is_refused() {
        HealthCheckTest::with(())
            .given_no_previous_events()
            .when(HealthCheckCommand::OpenSurveyPeriod(open(51, "code")))
            .then_expect_error_message(
                "Expected responses cannot be more than the organisation's registered number of members (50). A platform administrator can open the link for a larger number.",
            );
        // Exactly the registered number is fine.
        let mut at_size = open(8, "code");
        at_size.organisation_members = 8;
        HealthCheckTest::with(())
            .given_no_previous_events()
            .when(HealthCheckCommand::OpenSurveyPeriod(at_size))
            .then_expect_events(vec![opened(8)]);
    }

    #[test]
    fn given_no_period_when_a_million_are_expected_of_a_small_organisation_then_it_is_refused() {
        let mut million = open(1_000_000, "code");
        million.organisation_members = 12;
        HealthCheckTest::with(())
            .given_no_previous_events()
            .when(HealthCheckCommand::OpenSurveyPeriod(million))
            .then_expect_error(HealthCheckError::MoreThanMembers(12));
    }

    #[test]
    fn given_no_period_when_an_administrator_opens_it_for_more_than_the_registered_size_then_it_opens(
    ) {
        for requested_by in [
            LinkRequester {
                world_of_impact_admin: true,
                ..LinkRequester::default()
            },
            LinkRequester {
                health_check_admin: true,
                ..LinkRequester::default()
            },
        ] {
            let mut by_admin = open(8, "code");
            by_admin.organisation_members = 3;
            by_admin.requested_by = requested_by;
            HealthCheckTest::with(())
                .given_no_previous_events()
                .when(HealthCheckCommand::OpenSurveyPeriod(by_admin))
                .then_expect_events(vec![opened(8)]);
        }
    }

    #[test]
    fn given_a_period_when_someone_of_another_organisation_asks_for_its_link_then_it_is_refused() {
        // A designated person of another organisation, HealthCheckAdmin too, learns nothing of
        // the link, open or not.
        let other = LinkRequester {
            own_organisation: Some("p".into()),
            health_check_admin: true,
            ..LinkRequester::default()
        };
        let mut theirs = open(8, "code");
        theirs.requested_by = other;
        HealthCheckTest::with(())
            .given(vec![opened(8)])
            .when(HealthCheckCommand::OpenSurveyPeriod(theirs.clone()))
            .then_expect_error(HealthCheckError::NotTheirs);
        HealthCheckTest::with(())
            .given_no_previous_events()
            .when(HealthCheckCommand::OpenSurveyPeriod(theirs))
            .then_expect_error_message("You do not have permission to perform this action.");
    }

    #[test]
    fn given_no_period_when_the_organisation_or_questionnaire_does_not_qualify_then_it_is_refused()
    {
        let mut unapproved = open(8, "code");
        unapproved.organisation_approved = false;
        let mut ended = open(8, "code");
        ended.questionnaire_active.1 = ended.now - chrono::Duration::days(1);
        let mut students = open(8, "code");
        students.questionnaire_type_id = STUDENTS;
        let mut early = open(8, "code");
        early.questionnaire_active.0 = from() + chrono::Duration::days(1);
        for (command, refusal) in [
            (unapproved, HealthCheckError::NotApproved),
            (ended, HealthCheckError::QuestionnaireInactive),
            (students, HealthCheckError::StudentsOnlyInHigherEducation),
            (early, HealthCheckError::BeforeQuestionnaire),
        ] {
            HealthCheckTest::with(())
                .given_no_previous_events()
                .when(HealthCheckCommand::OpenSurveyPeriod(command))
                .then_expect_error(refusal);
        }
    }

    #[test]
    fn given_no_period_when_the_questionnaire_ends_within_the_quarter_then_the_period_ends_with_it()
    {
        let mut short = open(8, "code");
        short.questionnaire_active.1 = to() - chrono::Duration::days(10);
        let HealthCheckEvent::SurveyPeriodOpened(mut expected) = opened(8) else {
            unreachable!()
        };
        expected.effective_to = to() - chrono::Duration::days(10);
        HealthCheckTest::with(())
            .given_no_previous_events()
            .when(HealthCheckCommand::OpenSurveyPeriod(short))
            .then_expect_events(vec![HealthCheckEvent::SurveyPeriodOpened(expected)]);
    }

    #[test]
    fn given_no_period_when_it_starts_outside_this_quarter_and_the_next_then_it_is_refused() {
        use chrono::TimeZone;
        let at = |y, m, d| chrono::Utc.with_ymd_and_hms(y, m, d, 0, 0, 0).unwrap();
        let now = at(2026, 11, 27);
        let try_from = |from: chrono::DateTime<chrono::Utc>| {
            let mut c = open(8, "code");
            c.now = now;
            c.effective_from = from;
            c.health_check_id = health_check_id("o", "staff-v1", from);
            c
        };
        for refused in [
            at(9999, 12, 31),
            at(2027, 4, 1),
            at(2026, 9, 30),
            at(2025, 11, 1),
        ] {
            HealthCheckTest::with(())
                .given_no_previous_events()
                .when(HealthCheckCommand::OpenSurveyPeriod(try_from(refused)))
                .then_expect_error_message(
                    "A survey period starts in the current quarter or the next one.",
                );
        }
        // This quarter (from its first day) and the next one are fine.
        assert!(period_in_window(
            at(2026, 10, 1),
            end_of_quarter(at(2026, 10, 1)),
            now
        ));
        assert!(period_in_window(
            at(2027, 3, 31),
            end_of_quarter(at(2027, 1, 1)),
            now
        ));
        assert_eq!(next_quarter((2026, 4)), (2027, 1));
        assert_eq!(next_quarter((2027, 1)), (2027, 2));
    }

    #[test]
    fn given_a_period_when_it_is_opened_again_then_the_first_link_is_kept() {
        HealthCheckTest::with(())
            .given(vec![opened(8)])
            .when(HealthCheckCommand::OpenSurveyPeriod(open(9, "other")))
            .then_expect_error(HealthCheckError::AlreadyOpen("code".into()));
        HealthCheckTest::with(())
            .given(vec![opened(8), admitted(1)])
            .when(HealthCheckCommand::OpenSurveyPeriod(open(9, "other")))
            .then_expect_error_message("A survey link already exists for this period.");
    }

    #[test]
    fn given_no_period_when_a_response_arrives_then_the_link_is_not_valid() {
        HealthCheckTest::with(())
            .given_no_previous_events()
            .when(admit(2, true))
            .then_expect_error_message(
                "This survey link is not valid. Please check the link you were sent.",
            );
    }

    #[test]
    fn given_an_open_period_when_the_first_response_arrives_then_it_is_admitted_as_the_first() {
        HealthCheckTest::with(())
            .given(vec![opened(8)])
            .when(admit(2, true))
            .then_expect_events(vec![admitted_as(1, "new")]);
    }

    #[test]
    fn given_an_open_period_when_a_response_arrives_then_it_is_admitted_and_counted() {
        HealthCheckTest::with(())
            .given(vec![opened(8), admitted(1)])
            .when(admit(2, true))
            .then_expect_events(vec![admitted_as(2, "new")]);
    }

    #[test]
    fn given_an_open_period_when_a_response_arrives_on_its_first_or_last_instant_then_it_is_admitted(
    ) {
        HealthCheckTest::with(())
            .given(vec![opened(8)])
            .when(admit_at(from(), true))
            .then_expect_events(vec![admitted_as(1, "new")]);
        HealthCheckTest::with(())
            .given(vec![opened(8)])
            .when(admit_at(to(), true))
            .then_expect_events(vec![admitted_as(1, "new")]);
    }

    #[test]
    fn given_an_open_period_when_a_response_arrives_before_or_after_it_then_it_is_closed() {
        HealthCheckTest::with(())
            .given(vec![opened(8)])
            .when(admit_at(from() - chrono::Duration::seconds(1), true))
            .then_expect_error_message(CLOSED);
        HealthCheckTest::with(())
            .given(vec![opened(8)])
            .when(admit_at(to() + chrono::Duration::seconds(1), true))
            .then_expect_error(HealthCheckError::Closed);
    }

    #[test]
    fn given_a_rejected_organisation_when_a_response_arrives_then_the_link_is_closed() {
        HealthCheckTest::with(())
            .given(vec![opened(8)])
            .when(admit(2, false))
            .then_expect_error_message(CLOSED);
    }

    #[test]
    fn given_a_link_one_below_its_cap_when_a_response_arrives_then_it_takes_the_last_place() {
        let mut given = vec![opened(8)];
        given.extend((1..=12).map(admitted));
        HealthCheckTest::with(())
            .given(given)
            .when(admit(2, true))
            .then_expect_events(vec![admitted_as(13, "new")]);
    }

    #[test]
    fn given_a_response_admitted_when_it_is_retried_then_it_takes_no_second_place() {
        HealthCheckTest::with(())
            .given(vec![opened(8), admitted(1), admitted_as(2, "new")])
            .when(admit(2, true))
            .then_expect_events(vec![]);
        // Even at the cap: the retry had its place.
        let mut given = vec![opened(8)];
        given.extend((1..=12).map(admitted));
        given.push(admitted_as(13, "new"));
        HealthCheckTest::with(())
            .given(given)
            .when(admit(2, true))
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_a_link_at_its_cap_when_one_more_response_arrives_then_it_is_refused() {
        let mut given = vec![opened(8)];
        given.extend((1..=13).map(admitted));
        HealthCheckTest::with(())
            .given(given)
            .when(admit(2, true))
            .then_expect_error_message(
                "This survey has received all the responses its link allows (13), so it no longer accepts responses. Thank you for your interest.",
            );
    }

    #[test]
    fn given_a_full_link_of_a_rejected_organisation_when_a_response_arrives_then_it_is_closed() {
        let mut given = vec![opened(1)];
        given.extend((1..=6).map(admitted));
        HealthCheckTest::with(())
            .given(given)
            .when(admit(2, false))
            .then_expect_error(HealthCheckError::Closed);
    }

    #[test]
    fn given_an_unknown_organisation_id_then_only_who_may_open_for_any_learns_it_is_unknown() {
        let designated = LinkRequester {
            own_organisation: Some("o".into()),
            world_of_impact_admin: false,
            health_check_admin: true,
        };
        assert_eq!(
            designated.may_learn_unknown_organisation(),
            Err(ReadRefused)
        );
        let platform = LinkRequester {
            own_organisation: None,
            world_of_impact_admin: false,
            health_check_admin: true,
        };
        assert_eq!(platform.may_learn_unknown_organisation(), Ok(()));
        let admin = LinkRequester {
            world_of_impact_admin: true,
            ..designated
        };
        assert_eq!(admin.may_learn_unknown_organisation(), Ok(()));
    }
}
