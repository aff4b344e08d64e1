//! Given/when/then: every command of a collective action, every refusal with its message and
//! every transition.

use super::*;
use cqrs_es::test::TestFramework;

type Fw = TestFramework<CollectiveAction>;

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn place(boundary_id: i64, level: BoundaryLevel) -> SeriesPlace {
    SeriesPlace {
        boundary_id,
        level,
        ancestor_ids: vec![30, 3, 1],
    }
}

fn polokwane() -> KnownBoundary {
    KnownBoundary {
        name: "Polokwane".into(),
        level: BoundaryLevel::Municipality,
        place: Some(place(354, BoundaryLevel::Municipality)),
    }
}

fn record() -> RecordCollectiveAction {
    RecordCollectiveAction {
        collective_action_id: "ca-1".into(),
        name: " Test team ".into(),
        description: " Test goal ".into(),
        collective_action_type_id: 1,
        pillar_id: Some(2),
        cycle_id: 5,
        valid_from: "2026-01-01".into(),
        valid_to: "2030-12-31".into(),
        boundary: Some(polokwane()),
        source_url: "".into(),
    }
}

fn recorded() -> CollectiveActionLaunched {
    CollectiveActionLaunched {
        collective_action_id: "ca-1".into(),
        name: "Test team".into(),
        goal: "Test goal".into(),
        type_id: 1,
        pillar_id: Some(2),
        pillar_basis: PillarBasis::Recorded,
        cycle_id: 5,
        start_date: Some(day("2026-01-01")),
        end_date: Some(day("2030-12-31")),
        place_name: "Polokwane".into(),
        province: String::new(),
        place: Some(place(354, BoundaryLevel::Municipality)),
        boundary_name: Some("Polokwane".into()),
        source_url: String::new(),
    }
}

fn launched() -> CollectiveActionEvent {
    CollectiveActionEvent::CollectiveActionLaunched(recorded())
}

fn result(outcome: &str) -> CollectiveActionEvent {
    CollectiveActionEvent::CollectiveActionResultReported {
        outcome: outcome.into(),
        source_url: String::new(),
    }
}

fn completed(on: &str) -> CollectiveActionEvent {
    CollectiveActionEvent::CollectiveActionCompleted {
        completed_on: day(on),
    }
}

fn invalid(field: &'static str, message: &str) -> CollectiveActionError {
    CollectiveActionError::Invalid(field, message.into())
}

fn refused(
    given: Vec<CollectiveActionEvent>,
    command: impl Into<CollectiveActionCommand>,
    message: &str,
) {
    Fw::with(())
        .given(given)
        .when(command.into())
        .then_expect_error_message(message);
}

// Record.

#[test]
fn recording_launches_the_collective_action() {
    Fw::with(())
        .given_no_previous_events()
        .when(record().into())
        .then_expect_events(vec![launched()]);
}

#[test]
fn recording_without_a_pillar_leaves_it_unassigned() {
    let mut launch = recorded();
    launch.pillar_id = None;
    launch.pillar_basis = PillarBasis::Unassigned;
    Fw::with(())
        .given_no_previous_events()
        .when(
            RecordCollectiveAction {
                pillar_id: None,
                ..record()
            }
            .into(),
        )
        .then_expect_events(vec![CollectiveActionEvent::CollectiveActionLaunched(
            launch,
        )]);
}

#[test]
fn a_district_may_hold_a_collective_action() {
    let district = KnownBoundary {
        name: "Capricorn".into(),
        level: BoundaryLevel::District,
        place: Some(place(35, BoundaryLevel::District)),
    };
    let mut launch = recorded();
    launch.place_name = "Capricorn".into();
    launch.boundary_name = Some("Capricorn".into());
    launch.place = Some(place(35, BoundaryLevel::District));
    Fw::with(())
        .given_no_previous_events()
        .when(
            RecordCollectiveAction {
                boundary: Some(district),
                ..record()
            }
            .into(),
        )
        .then_expect_events(vec![CollectiveActionEvent::CollectiveActionLaunched(
            launch,
        )]);
}

#[test]
fn recording_an_existing_id_is_refused() {
    refused(
        vec![launched()],
        record(),
        "A collective action with that id already exists.",
    );
    Fw::with(())
        .given(vec![launched()])
        .when(record().into())
        .then_expect_error(CollectiveActionError::Exists);
}

#[test]
fn a_record_names_the_field_it_refuses() {
    let cases: Vec<(RecordCollectiveAction, &'static str, &str)> = vec![
        (
            RecordCollectiveAction {
                name: "  ".into(),
                ..record()
            },
            "name",
            "name is required.",
        ),
        (
            RecordCollectiveAction {
                collective_action_type_id: 6,
                ..record()
            },
            "collectiveActionTypeId",
            "collectiveActionTypeId must be 1 to 5.",
        ),
        (
            RecordCollectiveAction {
                pillar_id: Some(7),
                ..record()
            },
            "pillarId",
            "pillarId must be 1 to 6.",
        ),
        (
            RecordCollectiveAction {
                pillar_id: Some(0),
                ..record()
            },
            "pillarId",
            "pillarId must be 1 to 6.",
        ),
        (
            RecordCollectiveAction {
                cycle_id: 42,
                ..record()
            },
            "cycleId",
            "cycleId is not a known cycle.",
        ),
        (
            RecordCollectiveAction {
                valid_from: "1 Jan 2026".into(),
                ..record()
            },
            "validFrom",
            "validFrom must be a date YYYY-MM-DD.",
        ),
        (
            RecordCollectiveAction {
                valid_from: " ".into(),
                ..record()
            },
            "validFrom",
            "validFrom is required.",
        ),
        (
            RecordCollectiveAction {
                valid_to: "2030-13-01".into(),
                ..record()
            },
            "validTo",
            "validTo must be a date YYYY-MM-DD.",
        ),
        (
            RecordCollectiveAction {
                valid_to: "".into(),
                ..record()
            },
            "validTo",
            "validTo is required.",
        ),
        (
            RecordCollectiveAction {
                valid_to: "2025-12-31".into(),
                ..record()
            },
            "validTo",
            "validTo must not be before validFrom.",
        ),
        (
            RecordCollectiveAction {
                boundary: None,
                ..record()
            },
            "boundaryId",
            "boundaryId must be a municipality or district.",
        ),
        (
            RecordCollectiveAction {
                boundary: Some(KnownBoundary {
                    name: "Limpopo".into(),
                    level: BoundaryLevel::Province,
                    place: Some(place(3, BoundaryLevel::Province)),
                }),
                ..record()
            },
            "boundaryId",
            "boundaryId must be a municipality or district.",
        ),
    ];
    for (command, field, message) in cases {
        Fw::with(())
            .given_no_previous_events()
            .when(command.into())
            .then_expect_error(invalid(field, message));
    }
}

#[test]
fn a_boundary_without_a_place_is_not_found() {
    let nowhere = KnownBoundary {
        place: None,
        ..polokwane()
    };
    refused(
        vec![],
        RecordCollectiveAction {
            boundary: Some(nowhere),
            ..record()
        },
        "No collective action with that id.",
    );
}

// Report a result.

fn report(outcome: &str) -> ReportCollectiveActionResult {
    ReportCollectiveActionResult {
        outcome: outcome.into(),
        source_url: " https://example.org/r ".into(),
    }
}

#[test]
fn a_result_is_reported_trimmed() {
    Fw::with(())
        .given(vec![launched()])
        .when(report(" Done well ").into())
        .then_expect_events(vec![
            CollectiveActionEvent::CollectiveActionResultReported {
                outcome: "Done well".into(),
                source_url: "https://example.org/r".into(),
            },
        ]);
}

#[test]
fn a_result_may_follow_a_result_and_the_completion() {
    Fw::with(())
        .given(vec![launched(), result("First"), completed("2026-02-01")])
        .when(report("Final").into())
        .then_expect_events(vec![
            CollectiveActionEvent::CollectiveActionResultReported {
                outcome: "Final".into(),
                source_url: "https://example.org/r".into(),
            },
        ]);
}

#[test]
fn a_blank_result_is_refused_before_anything_else() {
    Fw::with(())
        .given_no_previous_events()
        .when(report(" \n ").into())
        .then_expect_error(invalid("outcome", "outcome is required."));
}

#[test]
fn a_result_of_an_unknown_collective_action_is_not_found() {
    refused(vec![], report("Done"), "No collective action with that id.");
}

// Complete.

fn complete(on: &str) -> CompleteCollectiveAction {
    CompleteCollectiveAction {
        completed_on: day(on),
    }
}

#[test]
fn completing_closes_it_on_the_day() {
    Fw::with(())
        .given(vec![launched(), result("Done")])
        .when(complete("2026-03-04").into())
        .then_expect_events(vec![completed("2026-03-04")]);
}

#[test]
fn completing_an_unknown_collective_action_is_not_found() {
    Fw::with(())
        .given_no_previous_events()
        .when(complete("2026-03-04").into())
        .then_expect_error(CollectiveActionError::NotFound);
}

#[test]
fn completing_twice_is_refused() {
    refused(
        vec![launched(), completed("2026-03-01")],
        complete("2026-03-04"),
        "This collective action is already completed.",
    );
}

// Import a row.

fn row() -> CollectiveActionRow {
    CollectiveActionRow {
        challenge_id: " polokwane-divorce-2023 ".into(),
        year: "2023".into(),
        cycle: "".into(),
        start_date: "2023-08-09".into(),
        end_date: "2023-11-17".into(),
        team_name: "Polokwane court".into(),
        ecosystem: "court".into(),
        place_name: "Polokwane".into(),
        province: "Limpopo".into(),
        nsp_pillar: "3".into(),
        goal: "Finalise divorces".into(),
        reported_result: "".into(),
        source_url: "https://example.org/s".into(),
    }
}

fn import(row: CollectiveActionRow, placed: bool, today: &str) -> ImportCollectiveAction {
    ImportCollectiveAction {
        row,
        placed: placed.then(|| {
            (
                place(354, BoundaryLevel::Municipality),
                "Polokwane".to_string(),
            )
        }),
        today: day(today),
    }
}

fn imported(placed: bool) -> CollectiveActionLaunched {
    CollectiveActionLaunched {
        collective_action_id: "polokwane-divorce-2023".into(),
        name: "Polokwane court".into(),
        goal: "Finalise divorces".into(),
        type_id: 2,
        pillar_id: Some(3),
        pillar_basis: PillarBasis::Source,
        cycle_id: 2,
        start_date: Some(day("2023-08-09")),
        end_date: Some(day("2023-11-17")),
        place_name: "Polokwane".into(),
        province: "Limpopo".into(),
        place: placed.then(|| place(354, BoundaryLevel::Municipality)),
        boundary_name: placed.then(|| "Polokwane".into()),
        source_url: "https://example.org/s".into(),
    }
}

fn imported_result(outcome: &str) -> CollectiveActionEvent {
    CollectiveActionEvent::CollectiveActionResultReported {
        outcome: outcome.into(),
        source_url: "https://example.org/s".into(),
    }
}

#[test]
fn a_new_row_running_today_is_launched_only() {
    Fw::with(())
        .given_no_previous_events()
        .when(import(row(), true, "2023-10-01").into())
        .then_expect_events(vec![CollectiveActionEvent::CollectiveActionLaunched(
            imported(true),
        )]);
}

#[test]
fn a_new_past_row_with_a_result_is_launched_reported_and_completed_on_its_end_date() {
    let r = CollectiveActionRow {
        reported_result: " 40 divorces finalised ".into(),
        ..row()
    };
    Fw::with(())
        .given_no_previous_events()
        .when(import(r, true, "2025-01-01").into())
        .then_expect_events(vec![
            CollectiveActionEvent::CollectiveActionLaunched(imported(true)),
            imported_result("40 divorces finalised"),
            completed("2023-11-17"),
        ]);
}

#[test]
fn an_unplaced_row_is_launched_without_a_place() {
    Fw::with(())
        .given_no_previous_events()
        .when(import(row(), false, "2023-10-01").into())
        .then_expect_events(vec![CollectiveActionEvent::CollectiveActionLaunched(
            imported(false),
        )]);
}

#[test]
fn a_row_without_pillar_dates_or_cycle_is_unassigned_and_never_completed() {
    let r = CollectiveActionRow {
        year: "".into(),
        start_date: "".into(),
        end_date: "".into(),
        nsp_pillar: " ".into(),
        ..row()
    };
    let mut launch = imported(true);
    launch.pillar_id = None;
    launch.pillar_basis = PillarBasis::Unassigned;
    launch.cycle_id = 99;
    launch.start_date = None;
    launch.end_date = None;
    Fw::with(())
        .given_no_previous_events()
        .when(import(r, true, "2030-01-01").into())
        .then_expect_events(vec![CollectiveActionEvent::CollectiveActionLaunched(
            launch,
        )]);
}

#[test]
fn a_known_row_with_the_same_result_changes_nothing() {
    let r = CollectiveActionRow {
        reported_result: "Done".into(),
        ..row()
    };
    Fw::with(())
        .given(vec![
            CollectiveActionEvent::CollectiveActionLaunched(imported(true)),
            imported_result("Done"),
            completed("2023-11-17"),
        ])
        .when(import(r, true, "2025-01-01").into())
        .then_expect_events(vec![]);
}

#[test]
fn a_known_row_with_a_new_result_reports_it() {
    let r = CollectiveActionRow {
        reported_result: "Done better".into(),
        ..row()
    };
    Fw::with(())
        .given(vec![
            CollectiveActionEvent::CollectiveActionLaunched(imported(true)),
            imported_result("Done"),
            completed("2023-11-17"),
        ])
        .when(import(r, true, "2025-01-01").into())
        .then_expect_events(vec![imported_result("Done better")]);
}

#[test]
fn a_known_row_past_its_end_date_is_completed() {
    Fw::with(())
        .given(vec![CollectiveActionEvent::CollectiveActionLaunched(
            imported(true),
        )])
        .when(import(row(), true, "2023-11-18").into())
        .then_expect_events(vec![completed("2023-11-17")]);
}

#[test]
fn a_row_ending_today_is_not_completed_yet() {
    Fw::with(())
        .given(vec![CollectiveActionEvent::CollectiveActionLaunched(
            imported(true),
        )])
        .when(import(row(), true, "2023-11-17").into())
        .then_expect_events(vec![]);
}

#[test]
fn a_malformed_row_is_refused_with_its_field() {
    let cases: Vec<(CollectiveActionRow, &'static str, &str)> = vec![
        (
            CollectiveActionRow {
                challenge_id: " ".into(),
                ..row()
            },
            "challenge_id",
            "challenge_id is required.",
        ),
        (
            CollectiveActionRow {
                team_name: "".into(),
                ..row()
            },
            "team_name",
            "team_name is required.",
        ),
        (
            CollectiveActionRow {
                place_name: "".into(),
                ..row()
            },
            "place_name",
            "place_name is required.",
        ),
        (
            CollectiveActionRow {
                source_url: "".into(),
                ..row()
            },
            "source_url",
            "source_url is required.",
        ),
        (
            CollectiveActionRow {
                ecosystem: "school".into(),
                ..row()
            },
            "ecosystem",
            "ecosystem must be municipality, court, tvet_or_university, workplace or other.",
        ),
        (
            CollectiveActionRow {
                nsp_pillar: "7".into(),
                ..row()
            },
            "nsp_pillar",
            "nsp_pillar must be 1 to 6.",
        ),
        (
            CollectiveActionRow {
                nsp_pillar: "two".into(),
                ..row()
            },
            "nsp_pillar",
            "nsp_pillar must be 1 to 6.",
        ),
        (
            CollectiveActionRow {
                start_date: "9 Aug 2023".into(),
                ..row()
            },
            "start_date",
            "start_date must be a date YYYY-MM-DD.",
        ),
        (
            CollectiveActionRow {
                end_date: "2023-02-30".into(),
                ..row()
            },
            "end_date",
            "end_date must be a date YYYY-MM-DD.",
        ),
        (
            CollectiveActionRow {
                end_date: "2023-08-08".into(),
                ..row()
            },
            "end_date",
            "end_date must not be before start_date.",
        ),
    ];
    for (r, field, message) in cases {
        // Refused whether the row is new or already launched.
        for given in [
            vec![],
            vec![CollectiveActionEvent::CollectiveActionLaunched(imported(
                true,
            ))],
        ] {
            Fw::with(())
                .given(given)
                .when(import(r.clone(), true, "2025-01-01").into())
                .then_expect_error(invalid(field, message));
        }
    }
}

// Transitions.

#[test]
fn events_fold_into_the_state() {
    let mut s = CollectiveAction::default();
    assert_eq!(s, CollectiveAction::default());
    s.apply(launched());
    assert!(s.launched && !s.completed && s.outcome.is_none());
    s.apply(result("First"));
    s.apply(result("Second"));
    assert_eq!(s.outcome.as_deref(), Some("Second"));
    s.apply(completed("2026-03-04"));
    assert!(s.launched && s.completed);
}
