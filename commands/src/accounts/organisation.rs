//! The organisation aggregate: registered through sign-up (In Progress), then approved or
//! rejected by a verifier (admin spec §4 "Application verification"). A decision names the
//! status the verifier saw; if the application moved on since, the decision is refused, so two
//! administrators acting at once record exactly one decision.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::accounts::{
    OrganisationEvent, OrganisationRegistered, VerificationDecision, ORGANISATION_AGGREGATE,
};
use serde::{Deserialize, Serialize};

/// Status In Progress (admin spec §3 "Application status keys").
pub const IN_PROGRESS: i32 = 1;
/// Status Rejected.
pub const REJECTED: i32 = 2;
/// Status Approved.
pub const APPROVED: i32 = 3;

/// The specification's name of a status id ("In Progress"; the specification spells it "In
/// Progess", corrected by docs/decisions/0133-spelling-corrected.md).
pub fn status_name(id: i32) -> &'static str {
    match id {
        APPROVED => "Approved",
        REJECTED => "Rejected",
        _ => "In Progress",
    }
}

/// State of one organisation.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct Organisation {
    /// Registered.
    pub registered: bool,
    /// Current status id.
    pub status_id: i32,
    /// The user id of who decided last, for the conflict message (the handler shows their
    /// name, or "Erased person").
    pub decided_by: Option<String>,
}

/// Commands of an organisation.
#[derive(Debug, Clone)]
pub enum OrganisationCommand {
    /// Register a new organisation with its designated person (public spec §5 sign-up, step 2);
    /// refused for an organisation already registered.
    Register(Box<OrganisationRegistered>),
    /// Approve (status 3) or reject (status 2).
    Verify {
        /// 3 approve, 2 reject.
        status_id: i32,
        /// The status the verifier saw; `None` skips the check.
        expected_status_id: Option<i32>,
        /// The decision (with the verifier's text as `reason` for a rejection of their own
        /// words; the event names that text by `reason_id` only).
        decision: VerificationDecision,
        /// Id the verifier's own words are kept under in `decision_reason` (a new UUID per
        /// command; unused for an approval or a duplicate).
        reason_id: uuid::Uuid,
        /// The salt of their digest in the event (a new random UUID per command).
        reason_salt: uuid::Uuid,
    },
}

/// E-mail template DuplicateOrganization (admin spec §3): the rejection reason is the fixed
/// "Duplicated Organisation", not the verifier's own words.
pub const DUPLICATE_ORGANISATION_TEMPLATE: i32 = 2;

impl OrganisationCommand {
    /// The verifier's own words this command keeps in `decision_reason`: `(reason_id, salt,
    /// text trimmed, by_user_id)` for a rejection with any template but
    /// [`DUPLICATE_ORGANISATION_TEMPLATE`]; `None` otherwise.
    pub fn kept_reason(&self) -> Option<(uuid::Uuid, uuid::Uuid, &str, &str)> {
        match self {
            OrganisationCommand::Verify {
                status_id: REJECTED,
                decision,
                reason_id,
                reason_salt,
                ..
            } if decision.email_template_type != DUPLICATE_ORGANISATION_TEMPLATE => Some((
                *reason_id,
                *reason_salt,
                decision.reason.as_deref().map(str::trim).unwrap_or(""),
                &decision.by_user_id,
            )),
            _ => None,
        }
    }
}

impl crate::execute::Recorded for Organisation {}

impl crate::execute::SideTables<Organisation> for OrganisationCommand {
    type Written = ();

    /// A rejection in the verifier's own words keeps them in `decision_reason` (aggregate
    /// `organisation`, the organisation id, created by `user:<verifier>`); nothing else
    /// writes a row.
    async fn write_side_tables(
        &self,
        tx: &mut sqlx::PgConnection,
        aggregate_id: &str,
        _: &Organisation,
    ) -> Result<(), cqrs_es::AggregateError<OrganisationError>> {
        let Some((reason_id, salt, reason, by)) = self.kept_reason() else {
            return Ok(());
        };
        crate::reasons::keep_reason(
            tx,
            reason_id,
            salt,
            ORGANISATION_AGGREGATE,
            aggregate_id,
            reason,
            &format!("user:{by}"),
        )
        .await
        .map_err(crate::execute::database_error)
    }
}

/// Why a decision was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OrganisationError {
    /// No such organisation.
    #[error("No organisation application was found.")]
    NotFound,
    /// Not 2 or 3.
    #[error("The verification status must be Approved or Rejected.")]
    InvalidStatus,
    /// Already in that status.
    #[error("This organisation is already {}.", status_name(*.0).to_lowercase())]
    Already(i32),
    /// Someone decided since the verifier looked.
    #[error("This application was already {} by {}. Its status is now {}.", status_name(*.actual).to_lowercase(), .by, status_name(*.actual))]
    Moved {
        /// Status now.
        actual: i32,
        /// Who decided: their user id from the aggregate; the handler replaces it by the name.
        by: String,
    },
    /// Other without text.
    #[error("Please specify the rejection reason.")]
    ReasonRequired,
    /// Registered before (the id of a new organisation is new: a repeat registration).
    #[error("This organisation is already registered.")]
    AlreadyRegistered,
}

impl Aggregate for Organisation {
    const TYPE: &'static str = ORGANISATION_AGGREGATE;
    type Command = OrganisationCommand;
    type Event = OrganisationEvent;
    type Error = OrganisationError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        for event in self.decide(command)? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.apply_event(event)
    }
}

impl Organisation {
    /// The events `command` produces, or why it is refused: a registration of an organisation
    /// not registered yet; a verification (see [`OrganisationCommand::Verify`]). Shared by
    /// cqrs-es and the registration path, which decides the user and the organisation together.
    pub fn decide(
        &self,
        command: OrganisationCommand,
    ) -> Result<Vec<OrganisationEvent>, OrganisationError> {
        let own_words = command.kept_reason().map(|(id, salt, text, _)| {
            (id, gbvf_events::building_block::reason_digest(salt, text))
        });
        let (status_id, expected_status_id, mut decision) = match command {
            OrganisationCommand::Register(registered) => {
                return if self.registered {
                    Err(OrganisationError::AlreadyRegistered)
                } else {
                    Ok(vec![OrganisationEvent::OrganisationRegistered(*registered)])
                };
            }
            OrganisationCommand::Verify {
                status_id,
                expected_status_id,
                decision,
                ..
            } => (status_id, expected_status_id, decision),
        };
        if !self.registered {
            return Err(OrganisationError::NotFound);
        }
        if let Some(expected) = expected_status_id {
            if expected != self.status_id {
                return Err(OrganisationError::Moved {
                    actual: self.status_id,
                    by: self
                        .decided_by
                        .clone()
                        .unwrap_or_else(|| "another verifier".into()),
                });
            }
        }
        if status_id == self.status_id {
            return Err(OrganisationError::Already(status_id));
        }
        let event = match status_id {
            APPROVED => OrganisationEvent::OrganisationApproved(decision),
            REJECTED => {
                if decision
                    .reason
                    .as_deref()
                    .map(str::trim)
                    .unwrap_or("")
                    .is_empty()
                {
                    return Err(OrganisationError::ReasonRequired);
                }
                // The verifier's own words may name a person: the event names them by id.
                if let Some((id, digest)) = own_words {
                    decision.reason = None;
                    decision.reason_id = Some(id);
                    decision.reason_digest = Some(digest);
                }
                OrganisationEvent::OrganisationRejected(decision)
            }
            _ => return Err(OrganisationError::InvalidStatus),
        };
        Ok(vec![event])
    }

    fn apply_event(&mut self, event: OrganisationEvent) {
        match event {
            OrganisationEvent::OrganisationRegistered(_) => {
                self.registered = true;
                self.status_id = IN_PROGRESS;
            }
            OrganisationEvent::OrganisationApproved(d) => {
                self.status_id = APPROVED;
                self.decided_by = Some(d.by_user_id);
            }
            OrganisationEvent::OrganisationRejected(d) => {
                self.status_id = REJECTED;
                self.decided_by = Some(d.by_user_id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cqrs_es::test::TestFramework;

    fn registered() -> OrganisationEvent {
        OrganisationEvent::OrganisationRegistered(OrganisationRegistered {
            organisation_id: "o1".into(),
            name: "Org".into(),
            branch: None,
            organisation_type_id: 1,
            street_number: None,
            street_name: None,
            suburb: None,
            city: None,
            postal_code: None,
            province_id: 10,
            district_id: 100,
            municipality_id: 1000,
            members: 3,
            designated_user_id: "u1".into(),
            designated_person_id: uuid::Uuid::nil(),
        })
    }
    /// The id the verifier's own words are kept under in these tests.
    const REASON: uuid::Uuid = uuid::Uuid::from_u128(7);
    const SALT: uuid::Uuid = uuid::Uuid::from_u128(11);

    /// A decision; a rejection as a duplicate when `reason` is "Duplicated Organisation".
    fn decision(reason: Option<&str>) -> VerificationDecision {
        VerificationDecision {
            by_user_id: "admin".into(),
            email_template_type: if reason == Some("Duplicated Organisation") {
                DUPLICATE_ORGANISATION_TEMPLATE
            } else {
                1
            },
            reason: reason.map(str::to_string),
            reason_id: None,
            reason_digest: None,
        }
    }

    fn registration() -> OrganisationRegistered {
        let OrganisationEvent::OrganisationRegistered(r) = registered() else {
            unreachable!()
        };
        r
    }

    #[test]
    fn given_nothing_when_an_organisation_registers_then_it_is_registered_in_progress() {
        TestFramework::<Organisation>::with(())
            .given_no_previous_events()
            .when(OrganisationCommand::Register(Box::new(registration())))
            .then_expect_events(vec![registered()]);
        let mut organisation = Organisation::default();
        organisation.apply_event(registered());
        assert_eq!(organisation.status_id, IN_PROGRESS);
    }

    #[test]
    fn given_a_registered_organisation_when_it_registers_again_then_it_is_refused() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(OrganisationCommand::Register(Box::new(registration())))
            .then_expect_error_message("This organisation is already registered.");
    }

    #[test]
    fn approve_an_application_in_progress() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(OrganisationCommand::Verify {
                status_id: APPROVED,
                expected_status_id: Some(IN_PROGRESS),
                decision: decision(None),
                reason_id: REASON,
                reason_salt: SALT,
            })
            .then_expect_events(vec![OrganisationEvent::OrganisationApproved(decision(
                None,
            ))]);
    }

    #[test]
    fn a_second_decision_on_what_the_verifier_saw_is_refused() {
        TestFramework::<Organisation>::with(())
            .given(vec![
                registered(),
                OrganisationEvent::OrganisationApproved(decision(None)),
            ])
            .when(OrganisationCommand::Verify {
                status_id: REJECTED,
                expected_status_id: Some(IN_PROGRESS),
                decision: decision(Some("x")),
                reason_id: REASON,
                reason_salt: SALT,
            })
            .then_expect_error(OrganisationError::Moved {
                actual: APPROVED,
                by: "admin".into(),
            });
    }

    #[test]
    fn rejection_needs_a_reason() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(OrganisationCommand::Verify {
                status_id: REJECTED,
                expected_status_id: None,
                decision: decision(Some("  ")),
                reason_id: REASON,
                reason_salt: SALT,
            })
            .then_expect_error(OrganisationError::ReasonRequired);
    }

    fn verify(
        status_id: i32,
        expected_status_id: Option<i32>,
        reason: Option<&str>,
    ) -> OrganisationCommand {
        OrganisationCommand::Verify {
            status_id,
            expected_status_id,
            decision: decision(reason),
            reason_id: REASON,
            reason_salt: SALT,
        }
    }

    fn approved() -> OrganisationEvent {
        OrganisationEvent::OrganisationApproved(decision(None))
    }

    fn rejected() -> OrganisationEvent {
        OrganisationEvent::OrganisationRejected(decision(Some("Duplicated Organisation")))
    }

    #[test]
    fn given_no_application_when_a_verifier_decides_then_none_is_found() {
        TestFramework::<Organisation>::with(())
            .given_no_previous_events()
            .when(verify(APPROVED, Some(IN_PROGRESS), None))
            .then_expect_error_message("No organisation application was found.");
    }

    #[test]
    fn given_an_application_in_progress_when_it_is_rejected_with_a_reason_then_it_is_rejected() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(verify(
                REJECTED,
                Some(IN_PROGRESS),
                Some("Duplicated Organisation"),
            ))
            .then_expect_events(vec![rejected()]);
    }

    #[test]
    fn given_an_application_when_it_is_rejected_without_a_reason_then_one_is_asked_for() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(verify(REJECTED, Some(IN_PROGRESS), None))
            .then_expect_error_message("Please specify the rejection reason.");
        TestFramework::<Organisation>::with(())
            .given(vec![registered(), approved()])
            .when(verify(REJECTED, Some(APPROVED), Some("")))
            .then_expect_error_message("Please specify the rejection reason.");
    }

    #[test]
    fn given_an_application_when_a_status_other_than_approved_or_rejected_is_asked_then_it_is_refused(
    ) {
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(verify(4, Some(IN_PROGRESS), None))
            .then_expect_error_message("The verification status must be Approved or Rejected.");
        TestFramework::<Organisation>::with(())
            .given(vec![registered(), approved()])
            .when(verify(IN_PROGRESS, Some(APPROVED), None))
            .then_expect_error(OrganisationError::InvalidStatus);
    }

    #[test]
    fn given_an_application_in_progress_when_it_is_set_in_progress_then_it_is_already() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(verify(IN_PROGRESS, None, None))
            .then_expect_error_message("This organisation is already in progress.");
    }

    #[test]
    fn given_an_approved_organisation_when_it_is_approved_again_then_it_is_already_approved() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered(), approved()])
            .when(verify(APPROVED, Some(APPROVED), None))
            .then_expect_error_message("This organisation is already approved.");
    }

    #[test]
    fn given_a_rejected_organisation_when_it_is_rejected_again_then_it_is_already_rejected() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered(), rejected()])
            .when(verify(REJECTED, None, Some("Other")))
            .then_expect_error_message("This organisation is already rejected.");
    }

    #[test]
    fn given_a_decision_since_the_verifier_looked_when_they_decide_then_the_message_names_it() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered(), approved()])
            .when(verify(REJECTED, Some(IN_PROGRESS), Some("Other")))
            .then_expect_error_message(
                "This application was already approved by admin. Its status is now Approved.",
            );
        TestFramework::<Organisation>::with(())
            .given(vec![registered(), rejected()])
            .when(verify(APPROVED, Some(IN_PROGRESS), None))
            .then_expect_error_message(
                "This application was already rejected by admin. Its status is now Rejected.",
            );
    }

    #[test]
    fn given_no_decision_yet_when_the_verifier_saw_another_status_then_it_is_refused() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(verify(REJECTED, Some(APPROVED), Some("Other")))
            .then_expect_error(OrganisationError::Moved {
                actual: IN_PROGRESS,
                by: "another verifier".into(),
            });
    }

    #[test]
    fn given_a_rejected_organisation_when_it_is_approved_as_seen_then_it_is_approved() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered(), rejected()])
            .when(verify(APPROVED, Some(REJECTED), None))
            .then_expect_events(vec![approved()]);
    }

    #[test]
    fn given_an_approved_organisation_when_it_is_rejected_without_a_check_then_it_is_rejected() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered(), approved()])
            .when(verify(REJECTED, None, Some("Duplicated Organisation")))
            .then_expect_events(vec![rejected()]);
    }

    #[test]
    fn a_rejection_in_the_verifiers_own_words_names_them_by_id_only() {
        // Given an application in progress, when a verifier rejects it in their own words
        // (Other), then the event names the words by id and by their salted digest: they are
        // kept beside the log, and the sealed log proves which words they were.
        let mut expected = decision(None);
        expected.email_template_type = 3;
        expected.reason_id = Some(REASON);
        expected.reason_digest = Some(gbvf_events::building_block::reason_digest(
            SALT,
            "Thandi from the office says it closed",
        ));
        let mut given = decision(Some("Thandi from the office says it closed"));
        given.email_template_type = 3;
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(OrganisationCommand::Verify {
                status_id: REJECTED,
                expected_status_id: Some(IN_PROGRESS),
                decision: given,
                reason_id: REASON,
                reason_salt: SALT,
            })
            .then_expect_events(vec![OrganisationEvent::OrganisationRejected(expected)]);
    }
}
