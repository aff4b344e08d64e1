//! Given/when/then: proposing a provider, proposing its closure, and the province's decisions,
//! with every refusal and its message.

use std::collections::HashMap;

use super::*;
use cqrs_es::test::TestFramework;
use gbvf_events::building_block::{
    ProviderDetails, ProviderProposed, ReasonRef, SHELTER_BUILDING_BLOCK_ID,
};

const MUNI: i64 = 1000;
const ID: i64 = PROPOSED_ID_BASE + 42;
const M: &str = "user:municipality";
const P: &str = "user:province";
/// The id reasons are kept under in these tests.
const REASON: uuid::Uuid = uuid::Uuid::from_u128(7);
const SALT: uuid::Uuid = uuid::Uuid::from_u128(11);

fn framework() -> TestFramework<Provider> {
    TestFramework::<Provider>::with(())
}

fn input() -> ProposalInput<'static> {
    ProposalInput {
        name: " Hillbrow Community Clinic ",
        building_block_id: 3,
        municipality_id: MUNI,
        reception_number: Some("011 555 0101"),
        alternate_number: None,
        longitude: Some(28.05),
        latitude: Some(-26.19),
        physical_address: Some(" 12 Kotze Street "),
    }
}

fn propose_with(input: &ProposalInput<'_>, shelter: bool) -> ProviderCommand {
    ProviderCommand::ProposeProvider(ProposeProvider {
        actor: M.into(),
        actor_municipalities: vec![MUNI],
        provider_id: ID,
        building_block_category_id: Some(2),
        location_secret: shelter,
        proposal: ProposalForm::parse(input),
    })
}

fn proposed() -> ProviderEvent {
    ProviderEvent::ProviderProposed(ProviderProposed {
        provider_id: ID,
        name: "Hillbrow Community Clinic".into(),
        building_block_id: 3,
        building_block_category_id: 2,
        municipality_id: MUNI,
        contacts: vec![ContactDetail {
            contact_type_id: 3,
            detail: "0115550101".into(),
        }],
        point: Some([28.05, -26.19]),
        physical_address: Some("12 Kotze Street".into()),
        location_secret: false,
    })
}

fn police() -> ProviderEvent {
    ProviderEvent::ProviderImported(ProviderImported {
        provider_id: 1_000_002,
        name: "Aberdeen SAPS".into(),
        building_block_id: 1,
        building_block_category_id: 1,
        municipality_id: MUNI,
        contacts: vec![],
        point: None,
        placement: "precinct join".into(),
        source: "police.csv".into(),
        vintage: 2018,
        saps_precinct_code: None,
    })
}

fn decide(actor: &str, confirm: bool, reason: &str) -> ProviderCommand {
    ProviderCommand::DecideProviderProposal(DecideProviderProposal {
        actor: actor.into(),
        reviewed_municipalities: vec![MUNI, MUNI + 1],
        confirm,
        reason: reason.into(),
        reason_id: REASON,
        reason_salt: SALT,
    })
}

fn close(reason: &str) -> ProviderCommand {
    ProviderCommand::ProposeProviderClosure(ProposeProviderClosure {
        actor: M.into(),
        actor_municipalities: vec![MUNI],
        reason: reason.into(),
        reason_id: REASON,
        reason_salt: SALT,
    })
}

/// The closure proposed by `close(" Closed in 2025 ")`: its digest is of the trimmed text.
fn closure_proposed() -> ProviderEvent {
    ProviderEvent::ProviderClosureProposed(ReasonRef::kept(REASON, SALT, "Closed in 2025"))
}

fn invalid(errors: &[(&str, &str)]) -> ProviderError {
    ProviderError::Invalid(
        errors
            .iter()
            .map(|(c, d)| FieldError {
                code: (*c).into(),
                description: (*d).into(),
            })
            .collect(),
    )
}

/// The provider as loaded from the log, each event with its actor.
fn recorded(events: Vec<(ProviderEvent, &str)>) -> Provider {
    let mut p = Provider::default();
    for (e, actor) in events {
        p.apply_recorded(e, &HashMap::from([("actor".into(), actor.into())]));
    }
    p
}

#[test]
fn the_municipality_proposes_a_provider() {
    framework()
        .given_no_previous_events()
        .when(propose_with(&input(), false))
        .then_expect_events(vec![proposed()]);
}

#[test]
fn a_proposed_shelter_never_records_a_point_or_address() {
    let mut shelter = ProposalInput {
        building_block_id: SHELTER_BUILDING_BLOCK_ID,
        ..input()
    };
    let ProviderEvent::ProviderProposed(mut expected) = proposed() else {
        unreachable!()
    };
    expected.building_block_id = SHELTER_BUILDING_BLOCK_ID;
    expected.point = None;
    expected.physical_address = None;
    expected.location_secret = true;
    framework()
        .given_no_previous_events()
        .when(propose_with(&shelter, true))
        .then_expect_events(vec![ProviderEvent::ProviderProposed(expected.clone())]);
    // Nor does it need one.
    shelter.longitude = None;
    shelter.latitude = None;
    shelter.physical_address = None;
    framework()
        .given_no_previous_events()
        .when(propose_with(&shelter, true))
        .then_expect_events(vec![ProviderEvent::ProviderProposed(expected)]);
}

#[test]
fn a_proposal_is_refused_outside_the_area_or_on_a_taken_id() {
    let ProviderCommand::ProposeProvider(mut c) = propose_with(&input(), false) else {
        unreachable!()
    };
    c.actor_municipalities = vec![MUNI + 1];
    framework()
        .given_no_previous_events()
        .when(ProviderCommand::ProposeProvider(c))
        .then_expect_error(ProviderError::OutsideArea);
    framework()
        .given(vec![police()])
        .when(propose_with(&input(), false))
        .then_expect_error_message("A provider with this id exists already.");
}

#[test]
fn a_proposal_lists_every_field_error() {
    let bad = ProposalInput {
        name: "  ",
        reception_number: Some("011-555 abc"),
        longitude: Some(2.35),
        latitude: Some(48.85),
        ..input()
    };
    let ProviderCommand::ProposeProvider(mut c) = propose_with(&bad, false) else {
        unreachable!()
    };
    c.building_block_category_id = None;
    framework()
        .given_no_previous_events()
        .when(ProviderCommand::ProposeProvider(c))
        .then_expect_error(invalid(&[
            ("name", "Name is required."),
            ("receptionNumber", "Only digits are accepted."),
            ("point", POINT_OUTSIDE),
            ("buildingBlockId", BUILDING_BLOCK_REQUIRED),
        ]));
    // One coordinate alone is no point; nowhere at all is no location.
    let half = ProposalInput {
        latitude: None,
        ..input()
    };
    framework()
        .given_no_previous_events()
        .when(propose_with(&half, false))
        .then_expect_error(invalid(&[("point", POINT_OUTSIDE)]));
    let nowhere = ProposalInput {
        longitude: None,
        latitude: None,
        physical_address: None,
        ..input()
    };
    framework()
        .given_no_previous_events()
        .when(propose_with(&nowhere, false))
        .then_expect_error(invalid(&[("point", LOCATION_REQUIRED)]));
    let nan = ProposalInput {
        longitude: Some(f64::NAN),
        ..input()
    };
    framework()
        .given_no_previous_events()
        .when(propose_with(&nan, false))
        .then_expect_error(invalid(&[("point", POINT_OUTSIDE)]));
}

#[test]
fn the_province_confirms_or_declines_a_proposal() {
    framework()
        .given(vec![proposed()])
        .when(decide(P, true, ""))
        .then_expect_events(vec![ProviderEvent::ProviderExistenceConfirmed]);
    framework()
        .given(vec![proposed()])
        .when(decide(P, false, " Not a clinic "))
        .then_expect_events(vec![ProviderEvent::ProviderProposalDeclined(
            ReasonRef::kept(REASON, SALT, "Not a clinic"),
        )]);
    framework()
        .given(vec![proposed()])
        .when(decide(P, false, "  "))
        .then_expect_error_message("A reason is required to return the building block.");
    framework()
        .given(vec![proposed()])
        .when(decide(P, false, "a\u{0}b"))
        .then_expect_error(ProviderError::ReasonControlCharacters);
    framework()
        .given(vec![proposed()])
        .when(decide(P, false, &"x".repeat(1_000_000)))
        .then_expect_error(ProviderError::ReasonTooLong(RETURN_REASON_MAX));
}

#[test]
fn a_decision_is_refused_outside_the_province_twice_or_by_the_proposer() {
    let ProviderCommand::DecideProviderProposal(mut c) = decide(P, true, "") else {
        unreachable!()
    };
    c.reviewed_municipalities = vec![MUNI + 1];
    framework()
        .given(vec![proposed()])
        .when(ProviderCommand::DecideProviderProposal(c))
        .then_expect_error(ProviderError::OutsideArea);
    framework()
        .given_no_previous_events()
        .when(decide(P, true, ""))
        .then_expect_error(ProviderError::UnknownProvider);
    for given in [
        vec![police()],
        vec![proposed(), ProviderEvent::ProviderExistenceConfirmed],
        vec![
            proposed(),
            ProviderEvent::ProviderProposalDeclined(ReasonRef::kept(REASON, SALT, "why")),
        ],
    ] {
        framework()
            .given(given)
            .when(decide(P, true, ""))
            .then_expect_error_message("Nothing about this provider awaits confirmation.");
    }
    let p = recorded(vec![(proposed(), P)]);
    let refused = p.decide(&decide(P, true, "")).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "You proposed this yourself: another designated person of the province must confirm or decline it."
    );
    assert_eq!(
        p.decide(&decide("user:other", true, "")),
        Ok(vec![ProviderEvent::ProviderExistenceConfirmed])
    );
}

#[tokio::test]
async fn the_proposer_is_known_after_deciding_a_proposal() {
    let mut p = Provider::default();
    let sink = cqrs_es::event_sink::EventSink::default();
    p.handle(propose_with(&input(), false), &(), &sink)
        .await
        .unwrap();
    assert_eq!(p.proposed_by.as_deref(), Some(M));
    assert!(p.decide(&decide(M, true, "")).is_err());
}

#[test]
fn a_proposed_provider_takes_no_details_until_confirmed() {
    let submit = |p: &Provider| {
        p.decide(&ProviderCommand::SubmitBuildingBlockDetails(
            SubmitBuildingBlockDetails {
                actor: M.into(),
                actor_municipalities: vec![MUNI],
                building_block_id: 3,
                block_requirements: vec![],
                location_secret: false,
                details: DetailsForm::parse(&DetailsInput {
                    physical_address: Some("12 Kotze Street"),
                    ..DetailsInput::default()
                }),
            },
        ))
    };
    let p = recorded(vec![(proposed(), M)]);
    assert_eq!(submit(&p), Err(ProviderError::UnknownProvider));
    let p = recorded(vec![
        (proposed(), M),
        (ProviderEvent::ProviderExistenceConfirmed, P),
    ]);
    assert_eq!(p.status, Status::NotCaptured);
    assert_eq!(
        p.imported.as_ref().map(|i| i.name.as_str()),
        Some("Hillbrow Community Clinic")
    );
    assert_eq!(submit(&p).unwrap().len(), 1);
}

/// A provider proposed under a block whose locations are secret (an administrator's shelter-like
/// block) keeps them secret: a later submission records no address, even when it names the
/// block's flag as clear.
#[test]
fn a_provider_proposed_as_a_shelter_never_records_an_address_later() {
    let ProviderCommand::ProposeProvider(mut c) = propose_with(&input(), true) else {
        unreachable!()
    };
    c.proposal.form.building_block_id = 1001;
    let p = recorded(vec![]);
    let proposed = p.decide(&ProviderCommand::ProposeProvider(c)).unwrap();
    let ProviderEvent::ProviderProposed(made) = &proposed[0] else {
        unreachable!()
    };
    assert!(made.location_secret && made.point.is_none() && made.physical_address.is_none());
    let p = recorded(vec![
        (proposed[0].clone(), M),
        (ProviderEvent::ProviderExistenceConfirmed, P),
    ]);
    let submitted = p
        .decide(&ProviderCommand::SubmitBuildingBlockDetails(
            SubmitBuildingBlockDetails {
                actor: M.into(),
                actor_municipalities: vec![MUNI],
                building_block_id: 1001,
                block_requirements: vec![],
                location_secret: false,
                details: DetailsForm::parse(&DetailsInput {
                    physical_address: Some("12 Hidden Lane, Alexandra"),
                    ..DetailsInput::default()
                }),
            },
        ))
        .unwrap();
    let ProviderEvent::BuildingBlockDetailsSubmitted(d) = &submitted[0] else {
        unreachable!()
    };
    assert_eq!(d.physical_address, None);
}

#[test]
fn the_municipality_proposes_closing_a_provider() {
    framework()
        .given(vec![police()])
        .when(close(" Closed in 2025 "))
        .then_expect_events(vec![closure_proposed()]);
    // A confirmed proposal may close too.
    framework()
        .given(vec![proposed(), ProviderEvent::ProviderExistenceConfirmed])
        .when(close("Closed in 2025"))
        .then_expect_events(vec![closure_proposed()]);
}

#[test]
fn a_closure_proposal_is_refused_when_it_cannot_close() {
    framework()
        .given(vec![police()])
        .when(close(""))
        .then_expect_error(ProviderError::ReasonRequired);
    framework()
        .given(vec![police(), closure_proposed()])
        .when(close("again"))
        .then_expect_error_message("The closing of this provider is already proposed.");
    for given in [
        vec![proposed()],
        vec![police(), closure_proposed(), ProviderEvent::ProviderClosed],
    ] {
        framework()
            .given(given)
            .when(close("why"))
            .then_expect_error_message("This provider is closed or was never confirmed.");
    }
    framework()
        .given_no_previous_events()
        .when(close("why"))
        .then_expect_error(ProviderError::UnknownProvider);
    let ProviderCommand::ProposeProviderClosure(mut c) = close("why") else {
        unreachable!()
    };
    c.actor_municipalities = vec![MUNI + 1];
    framework()
        .given(vec![police()])
        .when(ProviderCommand::ProposeProviderClosure(c))
        .then_expect_error(ProviderError::OutsideArea);
}

#[test]
fn the_province_confirms_or_declines_a_closure() {
    framework()
        .given(vec![police(), closure_proposed()])
        .when(decide(P, true, ""))
        .then_expect_events(vec![ProviderEvent::ProviderClosed]);
    framework()
        .given(vec![police(), closure_proposed()])
        .when(decide(P, false, "Still open"))
        .then_expect_events(vec![ProviderEvent::ProviderClosureDeclined(
            ReasonRef::kept(REASON, SALT, "Still open"),
        )]);
    // Declined: it may be proposed again.
    framework()
        .given(vec![
            police(),
            closure_proposed(),
            ProviderEvent::ProviderClosureDeclined(ReasonRef::kept(REASON, SALT, "why")),
        ])
        .when(close("Closed in 2025"))
        .then_expect_events(vec![closure_proposed()]);
    let p = recorded(vec![(police(), "import"), (closure_proposed(), P)]);
    assert!(matches!(
        p.decide(&decide(P, true, "")),
        Err(ProviderError::Lifecycle(LifecycleError::OwnProposal))
    ));
}

#[test]
fn a_closed_provider_takes_no_details_and_no_decision() {
    let p = recorded(vec![
        (police(), "import"),
        (closure_proposed(), M),
        (ProviderEvent::ProviderClosed, P),
    ]);
    assert_eq!(p.existence, Existence::Closed);
    let submit = ProviderCommand::SubmitBuildingBlockDetails(SubmitBuildingBlockDetails {
        actor: M.into(),
        actor_municipalities: vec![MUNI],
        building_block_id: 1,
        block_requirements: vec![],
        location_secret: false,
        details: DetailsForm::parse(&DetailsInput {
            physical_address: Some("1 Main Road"),
            ..DetailsInput::default()
        }),
    });
    assert_eq!(
        p.decide(&submit),
        Err(ProviderError::Lifecycle(LifecycleError::NotListed))
    );
    assert_eq!(
        p.decide(&decide("user:other", true, "")),
        Err(ProviderError::Lifecycle(LifecycleError::NothingProposed))
    );
}

mod contact_removal {
    use super::*;

    fn person(n: u128, requirement: i32) -> gbvf_events::building_block::ContactPersonRef {
        gbvf_events::building_block::ContactPersonRef {
            contact_person_id: uuid::Uuid::from_u128(n),
            building_block_requirement_id: requirement,
            is_public: false,
        }
    }

    fn submitted(persons: Vec<gbvf_events::building_block::ContactPersonRef>) -> ProviderEvent {
        ProviderEvent::BuildingBlockDetailsSubmitted(ProviderDetails {
            physical_address: Some("1 Main Road".into()),
            postal_address: None,
            contacts: vec![],
            requirements_available: vec![1, 2],
            contact_persons: persons,
        })
    }

    fn remove(n: u128) -> ProviderCommand {
        ProviderCommand::RemoveContactPerson(RemoveContactPerson {
            actor: M.into(),
            actor_municipalities: vec![MUNI],
            building_block_id: 1,
            contact_person_id: uuid::Uuid::from_u128(n),
        })
    }

    #[test]
    fn removing_a_contact_person_submits_the_details_without_them() {
        // Submitted or verified: the details are submitted again without the person.
        for given in [
            vec![police(), submitted(vec![person(1, 1), person(2, 2)])],
            vec![
                police(),
                submitted(vec![person(1, 1), person(2, 2)]),
                ProviderEvent::BuildingBlockVerified,
            ],
        ] {
            framework()
                .given(given)
                .when(remove(1))
                .then_expect_events(vec![submitted(vec![person(2, 2)])]);
        }
    }

    #[test]
    fn removing_an_unknown_contact_person_is_refused_with_the_specifications_message() {
        for given in [
            vec![police()],
            vec![police(), submitted(vec![person(2, 2)])],
        ] {
            framework()
                .given(given)
                .when(remove(1))
                .then_expect_error_message("An error occurred while deleting the contact.");
        }
        framework()
            .given_no_previous_events()
            .when(remove(1))
            .then_expect_error(ProviderError::UnknownProvider);
        let ProviderCommand::RemoveContactPerson(mut c) = remove(1) else {
            unreachable!()
        };
        c.actor_municipalities = vec![MUNI + 1];
        framework()
            .given(vec![police(), submitted(vec![person(1, 1)])])
            .when(ProviderCommand::RemoveContactPerson(c.clone()))
            .then_expect_error(ProviderError::OutsideArea);
        c.actor_municipalities = vec![MUNI];
        c.building_block_id = 3;
        framework()
            .given(vec![police(), submitted(vec![person(1, 1)])])
            .when(ProviderCommand::RemoveContactPerson(c))
            .then_expect_error(ProviderError::WrongBuildingBlock);
        framework()
            .given(vec![
                police(),
                submitted(vec![person(1, 1)]),
                closure_proposed(),
                ProviderEvent::ProviderClosed,
            ])
            .when(remove(1))
            .then_expect_error(ProviderError::Lifecycle(LifecycleError::NotListed));
    }
}
