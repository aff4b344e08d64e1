//! Given/when/then: every command of the provider aggregate, every refusal with its message,
//! every transition.

use super::*;
use cqrs_es::test::TestFramework;
use gbvf_events::building_block::SHELTER_BUILDING_BLOCK_ID;

const MUNI: i64 = 1000;
const M: &str = "user:municipality";
const P: &str = "user:province";
/// The id reasons are kept under in these tests.
const REASON: uuid::Uuid = uuid::Uuid::from_u128(7);
const SALT: uuid::Uuid = uuid::Uuid::from_u128(11);

fn imported(building_block_id: i32) -> ProviderEvent {
    ProviderEvent::ProviderImported(ProviderImported {
        provider_id: 1_000_002,
        name: "Aberdeen SAPS".into(),
        building_block_id,
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

fn police() -> ProviderEvent {
    imported(1)
}

fn person_id() -> uuid::Uuid {
    uuid::Uuid::from_u128(7)
}

/// A whole valid form: every field filled, one contact person.
fn input() -> DetailsInput<'static> {
    DetailsInput {
        physical_address: Some(" 1 Main Road "),
        postal_address: Some("PO Box 1"),
        reception_number: Some("049 123 4567"),
        alternate_number: Some("0491234568"),
        email_address: Some("aberdeen@saps.example.org"),
        requirements_available: &[2, 1, 2],
        contact_persons: vec![ContactPersonInput {
            building_block_requirement_id: 1,
            full_name: " Thandi Nkosi ",
            job_role: Some("Station commander"),
            mobile_number: Some("082 123 4567"),
            email_address: Some("thandi@saps.example.org"),
            telephone_number: None,
            alternate_number: Some(" "),
            is_public: true,
        }],
    }
}

fn parsed(input: &DetailsInput<'_>) -> ParsedDetails {
    let mut d = DetailsForm::parse(input);
    for p in &mut d.form.contact_persons {
        p.contact_person_id = person_id();
    }
    d
}

fn submit_with(details: ParsedDetails) -> ProviderCommand {
    ProviderCommand::SubmitBuildingBlockDetails(SubmitBuildingBlockDetails {
        actor: M.into(),
        actor_municipalities: vec![MUNI],
        building_block_id: 1,
        block_requirements: vec![1, 2, 3],
        location_secret: false,
        details,
    })
}

fn submit() -> ProviderCommand {
    submit_with(parsed(&input()))
}

fn details() -> ProviderDetails {
    ProviderDetails {
        physical_address: Some("1 Main Road".into()),
        postal_address: Some("PO Box 1".into()),
        contacts: vec![
            ContactDetail {
                contact_type_id: 3,
                detail: "0491234567".into(),
            },
            ContactDetail {
                contact_type_id: 4,
                detail: "0491234568".into(),
            },
            ContactDetail {
                contact_type_id: 1,
                detail: "aberdeen@saps.example.org".into(),
            },
        ],
        requirements_available: vec![1, 2],
        contact_persons: vec![ContactPersonRef {
            contact_person_id: person_id(),
            building_block_requirement_id: 1,
            is_public: true,
        }],
    }
}

fn submitted() -> ProviderEvent {
    ProviderEvent::BuildingBlockDetailsSubmitted(details())
}

fn verify(version: i64) -> ProviderCommand {
    ProviderCommand::VerifyBuildingBlock(VerifyBuildingBlock {
        actor: P.into(),
        reviewed_municipalities: vec![MUNI, MUNI + 1],
        submission_version: version,
    })
}

fn return_with(version: i64, reason: &str) -> ProviderCommand {
    ProviderCommand::ReturnBuildingBlock(ReturnBuildingBlock {
        actor: P.into(),
        reviewed_municipalities: vec![MUNI],
        submission_version: version,
        reason: reason.into(),
        reason_id: REASON,
        reason_salt: SALT,
    })
}

/// The return of `return_with(_, "  Wrong address ")`: its digest is of the trimmed text.
fn returned() -> ProviderEvent {
    ProviderEvent::BuildingBlockReturned(ReasonRef::kept(REASON, SALT, "Wrong address"))
}

fn error(code: &str, description: &str) -> FieldError {
    FieldError {
        code: code.into(),
        description: description.into(),
    }
}

fn framework() -> TestFramework<Provider> {
    TestFramework::<Provider>::with(())
}

#[test]
fn the_municipality_submits_the_details_of_a_provider() {
    framework()
        .given(vec![police()])
        .when(submit())
        .then_expect_events(vec![submitted()]);
}

#[test]
fn a_submission_follows_any_state() {
    // Submitted (a correction before the review), verified, returned.
    for given in [
        vec![police(), submitted()],
        vec![police(), submitted(), ProviderEvent::BuildingBlockVerified],
        vec![police(), submitted(), returned()],
    ] {
        framework()
            .given(given)
            .when(submit())
            .then_expect_events(vec![submitted()]);
    }
}

#[test]
fn a_submission_without_optional_fields_records_none() {
    let form = DetailsInput {
        physical_address: Some("1 Main Road"),
        ..DetailsInput::default()
    };
    framework()
        .given(vec![police()])
        .when(submit_with(parsed(&form)))
        .then_expect_events(vec![ProviderEvent::BuildingBlockDetailsSubmitted(
            ProviderDetails {
                physical_address: Some("1 Main Road".into()),
                postal_address: None,
                contacts: vec![],
                requirements_available: vec![],
                contact_persons: vec![],
            },
        )]);
}

#[test]
fn a_shelter_needs_no_address_and_never_records_one() {
    let mut expected = details();
    expected.physical_address = None;
    expected.postal_address = None;
    expected.contact_persons[0].is_public = false;
    let ProviderCommand::SubmitBuildingBlockDetails(mut c) = submit() else {
        unreachable!()
    };
    c.building_block_id = SHELTER_BUILDING_BLOCK_ID;
    c.location_secret = true;
    c.details.form.contact_persons[0].is_public = false;
    framework()
        .given(vec![imported(SHELTER_BUILDING_BLOCK_ID)])
        .when(ProviderCommand::SubmitBuildingBlockDetails(c.clone()))
        .then_expect_events(vec![ProviderEvent::BuildingBlockDetailsSubmitted(
            expected.clone(),
        )]);
    c.details.form.physical_address = None;
    framework()
        .given(vec![imported(SHELTER_BUILDING_BLOCK_ID)])
        .when(ProviderCommand::SubmitBuildingBlockDetails(c))
        .then_expect_events(vec![ProviderEvent::BuildingBlockDetailsSubmitted(expected)]);
}

#[test]
fn a_contact_person_is_internal_unless_marked_public() {
    let mut form = input();
    form.contact_persons[0].is_public = false;
    let mut expected = details();
    expected.contact_persons[0].is_public = false;
    framework()
        .given(vec![police()])
        .when(submit_with(parsed(&form)))
        .then_expect_events(vec![ProviderEvent::BuildingBlockDetailsSubmitted(expected)]);
}

#[test]
fn a_shelters_contact_person_is_never_public() {
    let ProviderCommand::SubmitBuildingBlockDetails(mut c) = submit() else {
        unreachable!()
    };
    c.building_block_id = SHELTER_BUILDING_BLOCK_ID;
    c.location_secret = true;
    framework()
        .given(vec![imported(SHELTER_BUILDING_BLOCK_ID)])
        .when(ProviderCommand::SubmitBuildingBlockDetails(c))
        .then_expect_error(ProviderError::Invalid(vec![error(
            "contactPersons[0].isPublic",
            SHELTER_CONTACT_PERSON_NOT_PUBLIC,
        )]));
}

#[test]
fn a_contact_person_recorded_before_consent_existed_reads_as_internal() {
    let old = serde_json::json!({"contactPersonId": person_id(), "buildingBlockRequirementId": 1});
    let person: ContactPersonRef = serde_json::from_value(old).expect("an old reference");
    assert!(!person.is_public);
}

#[test]
fn nothing_is_decided_about_an_unknown_provider() {
    for command in [submit(), verify(2), return_with(2, "why")] {
        framework()
            .given_no_previous_events()
            .when(command)
            .then_expect_error_message("No provider has this id.");
    }
}

#[test]
fn a_provider_outside_the_area_is_refused() {
    let ProviderCommand::SubmitBuildingBlockDetails(mut c) = submit() else {
        unreachable!()
    };
    c.actor_municipalities = vec![MUNI + 1];
    framework()
        .given(vec![police()])
        .when(ProviderCommand::SubmitBuildingBlockDetails(c))
        .then_expect_error(ProviderError::OutsideArea);
    for command in [
        ProviderCommand::VerifyBuildingBlock(VerifyBuildingBlock {
            actor: P.into(),
            reviewed_municipalities: vec![],
            submission_version: 2,
        }),
        ProviderCommand::ReturnBuildingBlock(ReturnBuildingBlock {
            actor: P.into(),
            reviewed_municipalities: vec![MUNI + 5],
            submission_version: 2,
            reason: "why".into(),
            reason_id: REASON,
            reason_salt: SALT,
        }),
    ] {
        framework()
            .given(vec![police(), submitted()])
            .when(command)
            .then_expect_error_message("This provider is outside your area.");
    }
}

#[test]
fn the_form_names_the_providers_building_block() {
    let ProviderCommand::SubmitBuildingBlockDetails(mut c) = submit() else {
        unreachable!()
    };
    c.building_block_id = 2;
    framework()
        .given(vec![police()])
        .when(ProviderCommand::SubmitBuildingBlockDetails(c))
        .then_expect_error_message("This provider is not of that building block.");
}

#[test]
fn field_errors_are_refused_together_physical_address_first() {
    let form = DetailsInput {
        physical_address: Some("  "),
        reception_number: Some("049-123"),
        alternate_number: Some("04912x"),
        email_address: Some("not-an-email"),
        requirements_available: &[1],
        contact_persons: vec![ContactPersonInput {
            building_block_requirement_id: 1,
            full_name: " ",
            job_role: None,
            mobile_number: Some("082 123"),
            email_address: Some("thandi@"),
            telephone_number: Some("tel"),
            alternate_number: Some("0821234567"),
            is_public: false,
        }],
        ..DetailsInput::default()
    };
    framework()
        .given(vec![police()])
        .when(submit_with(parsed(&form)))
        .then_expect_error(ProviderError::Invalid(vec![
            error("physicalAddress", "Physical Address is required."),
            error("receptionNumber", "Only digits are accepted."),
            error("alternateNumber", "Only digits are accepted."),
            error("emailAddress", "Please enter a valid email address"),
            error("contactPersons[0].fullName", "Name is required."),
            error(
                "contactPersons[0].mobileNumber",
                "Contact number must be 10 digits long",
            ),
            error(
                "contactPersons[0].telephoneNumber",
                "Only digits are accepted.",
            ),
            error(
                "contactPersons[0].emailAddress",
                "Please enter a valid email address",
            ),
        ]));
    framework()
        .given(vec![police()])
        .when(submit_with(parsed(&form)))
        .then_expect_error_message("Please correct the highlighted errors before submitting.");
}

#[test]
fn only_requirements_of_the_building_block_are_named() {
    let form = DetailsInput {
        requirements_available: &[1, 9],
        ..input()
    };
    framework()
        .given(vec![police()])
        .when(submit_with(parsed(&form)))
        .then_expect_error_message("Requirement 9 is not a requirement of this building block.");
    let mut form = input();
    form.contact_persons[0].building_block_requirement_id = 8;
    framework()
        .given(vec![police()])
        .when(submit_with(parsed(&form)))
        .then_expect_error(ProviderError::UnknownRequirement(8));
}

#[test]
fn the_province_verifies_the_submission_it_reviewed() {
    framework()
        .given(vec![police(), submitted()])
        .when(verify(2))
        .then_expect_events(vec![ProviderEvent::BuildingBlockVerified]);
}

#[test]
fn the_province_returns_the_submission_with_a_reason() {
    framework()
        .given(vec![police(), submitted()])
        .when(return_with(2, "  Wrong address "))
        .then_expect_events(vec![returned()]);
    framework()
        .given(vec![police(), submitted()])
        .when(return_with(2, " "))
        .then_expect_error_message("A reason is required to return the building block.");
}

#[test]
fn a_return_reason_is_limited_in_length_and_characters() {
    // Given a pending submission, when the reason is one character too long: refused.
    let long = "a".repeat(RETURN_REASON_MAX + 1);
    framework()
        .given(vec![police(), submitted()])
        .when(return_with(2, &long))
        .then_expect_error_message("The reason must be at most 1000 characters.");
    // At the limit, with line breaks: returned.
    let at_limit = format!("{}\nsee the address", "a".repeat(RETURN_REASON_MAX - 16));
    framework()
        .given(vec![police(), submitted()])
        .when(return_with(2, &at_limit))
        .then_expect_events(vec![ProviderEvent::BuildingBlockReturned(ReasonRef::kept(
            REASON, SALT, &at_limit,
        ))]);
    // A control character or a bidirectional override: refused.
    for reason in ["Wrong\u{0007} address", "Wrong \u{202E}sserdda"] {
        framework()
            .given(vec![police(), submitted()])
            .when(return_with(2, reason))
            .then_expect_error_message("The reason must not contain control characters.");
    }
}

#[test]
fn only_a_pending_submission_is_verified_or_returned() {
    for given in [
        vec![police()],
        vec![police(), submitted(), ProviderEvent::BuildingBlockVerified],
        vec![police(), submitted(), returned()],
    ] {
        for command in [verify(2), return_with(2, "why")] {
            let version = if given.len() == 1 { 0 } else { 2 };
            let command = match command {
                ProviderCommand::VerifyBuildingBlock(c) => {
                    ProviderCommand::VerifyBuildingBlock(VerifyBuildingBlock {
                        submission_version: version,
                        ..c
                    })
                }
                ProviderCommand::ReturnBuildingBlock(c) => {
                    ProviderCommand::ReturnBuildingBlock(ReturnBuildingBlock {
                        submission_version: version,
                        ..c
                    })
                }
                other => other,
            };
            framework()
                .given(given.clone())
                .when(command)
                .then_expect_error_message("There are no submitted details to verify.");
        }
    }
}

#[test]
fn a_review_decides_on_the_submission_it_names() {
    // Given version 2 reviewed and version 3 submitted since.
    let given = vec![police(), submitted(), submitted()];
    for command in [verify(2), return_with(2, "why")] {
        framework().given(given.clone()).when(command).then_expect_error_message(
            "These details were submitted again since you opened them (version 3, you reviewed version 2). Please reload the building block and review the new submission.",
        );
    }
    for command in [verify(4), return_with(4, "why")] {
        framework()
            .given(given.clone())
            .when(command)
            .then_expect_error_message("No submission of this building block has version 4.");
    }
    framework()
        .given(given)
        .when(verify(3))
        .then_expect_events(vec![ProviderEvent::BuildingBlockVerified]);
}

/// The provider as loaded from the log: each event with the actor of its metadata.
fn recorded(events: Vec<(ProviderEvent, &str)>) -> Provider {
    let mut p = Provider::default();
    for (e, actor) in events {
        p.apply_recorded(
            e,
            &HashMap::from([("actor".to_string(), actor.to_string())]),
        );
    }
    p
}

#[test]
fn nobody_verifies_or_returns_their_own_submission() {
    // Given a submission by the province's designated person (who may also hold
    // EditBuildingBlock), when they verify or return it, then four-eyes refuses; another may.
    let p = recorded(vec![(police(), "import"), (submitted(), P)]);
    assert_eq!(p.submitted_by.as_deref(), Some(P));
    for command in [verify(2), return_with(2, "why")] {
        let refused = p.decide(&command).unwrap_err();
        assert_eq!(refused, ProviderError::OwnSubmission);
        assert_eq!(
            refused.to_string(),
            "You submitted these details yourself: another designated person of the province must verify or return them."
        );
    }
    let p = recorded(vec![(police(), "import"), (submitted(), M)]);
    assert_eq!(
        p.decide(&verify(2)),
        Ok(vec![ProviderEvent::BuildingBlockVerified])
    );
}

#[tokio::test]
async fn the_submitter_is_known_after_deciding_a_submission() {
    let mut p = recorded(vec![(police(), "import")]);
    let sink = EventSink::default();
    p.handle(submit(), &(), &sink).await.unwrap();
    assert_eq!(p.submitted_by.as_deref(), Some(M));
    assert_eq!(p.decide(&verify(2)).unwrap().len(), 1);
}

#[test]
fn every_event_moves_the_state() {
    let mut p = Provider::default();
    assert_eq!(p.status, Status::Unknown);
    p.apply(police());
    assert_eq!(
        (p.status, p.version, p.submission),
        (Status::NotCaptured, 1, 0)
    );
    p.apply(submitted());
    assert_eq!((p.status, p.submission), (Status::Submitted, 2));
    assert_eq!(p.details, Some(details()));
    assert_eq!(p.verified, None);
    p.apply(ProviderEvent::BuildingBlockVerified);
    assert_eq!(p.status, Status::Verified);
    assert_eq!(p.verified, Some(details()));
    // A new submission and its return leave the verified details as they were.
    let mut d3 = details();
    d3.requirements_available = vec![1];
    d3.contact_persons.clear();
    p.apply(ProviderEvent::BuildingBlockDetailsSubmitted(d3.clone()));
    p.apply(returned());
    assert_eq!(
        (p.status, p.submission, p.version),
        (Status::Returned, 4, 5)
    );
    assert_eq!(p.verified, Some(details()));
    assert_eq!(p.details, Some(d3));
    // A re-import keeps the workflow where it was.
    p.apply(police());
    assert_eq!(p.status, Status::Returned);
    // The rows to keep: the verified details' persons and the pending submission's.
    assert_eq!(p.kept_contact_persons(), vec![person_id()]);
}

#[test]
fn parsing_keeps_typed_values() {
    let d = DetailsForm::parse(&input());
    assert!(d.errors.is_empty());
    assert_eq!(d.form.requirements_available, vec![1, 2]);
    let p = &d.form.contact_persons[0];
    assert_eq!(p.full_name.as_str(), "Thandi Nkosi");
    assert_eq!(
        p.mobile_number.as_ref().map(PhoneNumber::as_str),
        Some("0821234567")
    );
    assert_eq!(p.alternate_number, None);
    assert_eq!(p.telephone_number, None);
    // Each parse names its persons with new ids.
    assert_ne!(
        p.contact_person_id,
        DetailsForm::parse(&input()).form.contact_persons[0].contact_person_id
    );
}
