//! The organisation aggregate: registered through sign-up (In Progess), then approved or
//! rejected by a verifier (admin spec §4 "Application verification"). A decision names the
//! status the verifier saw; if the application moved on since, the decision is refused, so two
//! administrators acting at once record exactly one decision.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::accounts::{OrganisationEvent, VerificationDecision, ORGANISATION_AGGREGATE};
use serde::{Deserialize, Serialize};

/// Status In Progess (admin spec §3 "Application status keys").
pub const IN_PROGRESS: i32 = 1;
/// Status Rejected.
pub const REJECTED: i32 = 2;
/// Status Approved.
pub const APPROVED: i32 = 3;

/// The specification's name of a status id ("In Progess" as spelled there).
pub fn status_name(id: i32) -> &'static str {
    match id {
        APPROVED => "Approved",
        REJECTED => "Rejected",
        _ => "In Progess",
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
    /// Approve (status 3) or reject (status 2).
    Verify {
        /// 3 approve, 2 reject.
        status_id: i32,
        /// The status the verifier saw; `None` skips the check.
        expected_status_id: Option<i32>,
        /// The decision.
        decision: VerificationDecision,
    },
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
        let OrganisationCommand::Verify {
            status_id,
            expected_status_id,
            decision,
        } = command;
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
                OrganisationEvent::OrganisationRejected(decision)
            }
            _ => return Err(OrganisationError::InvalidStatus),
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
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
    use gbvf_events::accounts::OrganisationRegistered;

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
    fn decision(reason: Option<&str>) -> VerificationDecision {
        VerificationDecision {
            by_user_id: "admin".into(),
            email_template_type: 1,
            reason: reason.map(str::to_string),
        }
    }

    #[test]
    fn approve_an_application_in_progress() {
        TestFramework::<Organisation>::with(())
            .given(vec![registered()])
            .when(OrganisationCommand::Verify {
                status_id: APPROVED,
                expected_status_id: Some(IN_PROGRESS),
                decision: decision(None),
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
            })
            .then_expect_error(OrganisationError::ReasonRequired);
    }
}
