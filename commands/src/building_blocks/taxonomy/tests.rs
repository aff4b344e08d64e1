//! Given/when/then: every command of the taxonomy aggregate and every refusal with its message.

use super::*;
use cqrs_es::test::TestFramework;
use gbvf_events::building_block::{BuildingBlock, Category, Requirement};

fn framework() -> TestFramework<ReferenceTaxonomy> {
    TestFramework::<ReferenceTaxonomy>::with(())
}

/// A shipped file: category 1 Police with block 1 (requirement 1), category 4 Shelter with
/// block 5 (requirement 15).
fn shipped(version: &str) -> Taxonomy {
    let block = |id, name: &str, req: i32, req_name: &str| BuildingBlock {
        building_block_id: id,
        description: name.into(),
        provider_source: "file.csv".into(),
        requirements: vec![Requirement {
            building_block_requirement_id: req,
            description: req_name.into(),
            source: "An Act".into(),
        }],
    };
    let category = |id, name: &str, blocks| Category {
        building_block_category_id: id,
        description: name.into(),
        seq: id,
        pillar: "4".into(),
        location_secret: id == 4,
        building_blocks: blocks,
    };
    Taxonomy {
        version: version.into(),
        title: "GBVF building-block reference taxonomy".into(),
        notes: vec![],
        categories: vec![
            category(
                1,
                "Police",
                vec![block(1, "SAPS police station", 1, "Victim-friendly room")],
            ),
            category(
                4,
                "Shelter",
                vec![block(5, "Shelter", 15, "Emergency accommodation")],
            ),
        ],
    }
}

fn recorded() -> TaxonomyEvent {
    TaxonomyEvent::TaxonomyRecorded(shipped("2026-11-2"))
}

fn add_block(category: i32, name: &str) -> TaxonomyCommand {
    TaxonomyCommand::AddBuildingBlock(AddBuildingBlock {
        building_block_category_id: category,
        name: ShortText::parse(name).unwrap(),
        source: LineText::parse(" Provincial DSD circular 2026/14 ").unwrap(),
        description: Some(LineText::parse(" ").unwrap()),
    })
}

fn add_requirement(block: i32, name: &str) -> TaxonomyCommand {
    TaxonomyCommand::AddRequirement(AddRequirement {
        building_block_id: block,
        name: ShortText::parse(name).unwrap(),
        source: LineText::parse("Provincial DSD circular 2026/14").unwrap(),
    })
}

fn block_added(version: i64, id: i32, category: i32, name: &str) -> TaxonomyEvent {
    TaxonomyEvent::BuildingBlockAdded(BuildingBlockAdded {
        taxonomy_version: version,
        building_block_id: id,
        building_block_category_id: category,
        name: name.into(),
        source: "Provincial DSD circular 2026/14".into(),
        description: None,
        location_secret: category == 4,
    })
}

fn requirement_added(version: i64, id: i32, block: i32, name: &str) -> TaxonomyEvent {
    TaxonomyEvent::RequirementAdded(RequirementAdded {
        taxonomy_version: version,
        building_block_requirement_id: id,
        building_block_id: block,
        name: name.into(),
        source: "Provincial DSD circular 2026/14".into(),
    })
}

#[test]
fn the_first_import_records_the_shipped_taxonomy() {
    framework()
        .given_no_previous_events()
        .when(TaxonomyCommand::RecordShippedTaxonomy(shipped("1")))
        .then_expect_events(vec![TaxonomyEvent::TaxonomyRecorded(shipped("1"))]);
}

#[test]
fn the_same_file_again_records_nothing() {
    framework()
        .given(vec![
            recorded(),
            block_added(2, 1001, 1, "Victim support centre"),
        ])
        .when(TaxonomyCommand::RecordShippedTaxonomy(shipped("2026-11-2")))
        .then_expect_events(vec![]);
}

#[test]
fn a_new_file_replaces_the_shipped_part_after_additions() {
    framework()
        .given(vec![
            recorded(),
            block_added(2, 1001, 1, "Victim support centre"),
        ])
        .when(TaxonomyCommand::RecordShippedTaxonomy(shipped("2027-01-1")))
        .then_expect_events(vec![TaxonomyEvent::TaxonomyRecorded(shipped("2027-01-1"))]);
}

#[test]
fn a_file_with_an_id_reserved_for_additions_is_refused() {
    let mut t = shipped("2027");
    t.categories[0].building_blocks[0].requirements[0].building_block_requirement_id = 1001;
    framework()
        .given(vec![recorded()])
        .when(TaxonomyCommand::RecordShippedTaxonomy(t))
        .then_expect_error_message(
            "The taxonomy file uses id 1001, reserved for additions (ids from 1001 up).",
        );
}

#[test]
fn a_file_that_drops_the_parent_of_an_addition_is_refused() {
    let mut t = shipped("2027");
    t.categories.remove(1);
    framework()
        .given(vec![recorded(), requirement_added(2, 1001, 5, "Legal aid")])
        .when(TaxonomyCommand::RecordShippedTaxonomy(t.clone()))
        .then_expect_error_message(
            "The taxonomy file no longer holds building block 5, which an administrator's addition is under.",
        );
    framework()
        .given(vec![recorded(), block_added(2, 1001, 4, "Counselling centre")])
        .when(TaxonomyCommand::RecordShippedTaxonomy(t))
        .then_expect_error_message(
            "The taxonomy file no longer holds category 4, which an administrator's addition is under.",
        );
}

#[test]
fn an_administrator_adds_a_building_block_with_its_source() {
    framework()
        .given(vec![recorded()])
        .when(add_block(1, "  Victim support centre "))
        .then_expect_events(vec![block_added(2, 1001, 1, "Victim support centre")]);
}

#[test]
fn a_description_is_kept_trimmed() {
    let TaxonomyCommand::AddBuildingBlock(mut c) = add_block(1, "Victim support centre") else {
        unreachable!()
    };
    c.description = Some(LineText::parse(" A room at the station. ").unwrap());
    let TaxonomyEvent::BuildingBlockAdded(mut expected) =
        block_added(2, 1001, 1, "Victim support centre")
    else {
        unreachable!()
    };
    expected.description = Some("A room at the station.".into());
    framework()
        .given(vec![recorded()])
        .when(TaxonomyCommand::AddBuildingBlock(c))
        .then_expect_events(vec![TaxonomyEvent::BuildingBlockAdded(expected)]);
}

#[test]
fn added_ids_follow_the_last_added_and_versions_the_sequence() {
    framework()
        .given(vec![
            recorded(),
            block_added(2, 1001, 1, "Victim support centre"),
            TaxonomyEvent::TaxonomyRecorded(shipped("2027")),
            requirement_added(4, 1001, 1001, "Counsellor on call"),
        ])
        .when(add_block(4, "Counselling centre"))
        .then_expect_events(vec![block_added(5, 1002, 4, "Counselling centre")]);
    framework()
        .given(vec![
            recorded(),
            requirement_added(2, 1001, 1, "Counsellor on call"),
        ])
        .when(add_requirement(5, "Legal aid"))
        .then_expect_events(vec![requirement_added(3, 1002, 5, "Legal aid")]);
}

#[test]
fn an_administrator_adds_a_requirement_to_a_shipped_or_added_block() {
    framework()
        .given(vec![recorded()])
        .when(add_requirement(1, "Counsellor on call"))
        .then_expect_events(vec![requirement_added(2, 1001, 1, "Counsellor on call")]);
    framework()
        .given(vec![
            recorded(),
            block_added(2, 1001, 1, "Victim support centre"),
        ])
        .when(add_requirement(1001, "Counsellor on call"))
        .then_expect_events(vec![requirement_added(3, 1001, 1001, "Counsellor on call")]);
}

#[test]
fn a_requirement_may_be_added_to_shelters() {
    framework()
        .given(vec![recorded()])
        .when(add_requirement(5, "Legal aid"))
        .then_expect_events(vec![requirement_added(2, 1001, 5, "Legal aid")]);
}

#[test]
fn nothing_is_added_before_the_first_import() {
    framework()
        .given_no_previous_events()
        .when(add_block(1, "Victim support centre"))
        .then_expect_error_message("The building-block taxonomy has not been imported yet.");
    framework()
        .given_no_previous_events()
        .when(add_requirement(1, "Legal aid"))
        .then_expect_error_message("The building-block taxonomy has not been imported yet.");
}

#[test]
fn an_unknown_category_or_block_is_refused() {
    framework()
        .given(vec![recorded()])
        .when(add_block(9, "Victim support centre"))
        .then_expect_error_message("No building-block category has id 9.");
    framework()
        .given(vec![recorded()])
        .when(add_requirement(77, "Legal aid"))
        .then_expect_error_message("No building block has id 77.");
}

#[test]
fn a_duplicate_name_in_its_parent_is_refused_ignoring_case_and_spaces() {
    framework()
        .given(vec![recorded()])
        .when(add_block(1, " saps  POLICE station "))
        .then_expect_error_message("\"saps  POLICE station\" already exists there.");
    framework()
        .given(vec![
            recorded(),
            block_added(2, 1001, 1, "Victim support centre"),
        ])
        .when(add_block(1, "victim support centre"))
        .then_expect_error_message("\"victim support centre\" already exists there.");
    framework()
        .given(vec![recorded()])
        .when(add_requirement(1, "VICTIM-FRIENDLY ROOM"))
        .then_expect_error_message("\"VICTIM-FRIENDLY ROOM\" already exists there.");
    framework()
        .given(vec![recorded(), requirement_added(2, 1001, 1, "Legal aid")])
        .when(add_requirement(1, "legal aid"))
        .then_expect_error_message("\"legal aid\" already exists there.");
}

#[test]
fn a_look_alike_of_a_name_in_its_parent_is_refused_naming_the_existing_one() {
    // Given the shipped "SAPS police station" (and an added block), when a name that only
    // looks the same is added (a Cyrillic о, a Greek Α, a digit 1 for l), then it is refused.
    for look_alike in [
        "SAPS p\u{43e}lice station",
        "S\u{391}PS police station",
        "SAPS po1ice station",
    ] {
        framework()
            .given(vec![recorded()])
            .when(add_block(1, look_alike))
            .then_expect_error_message(&format!(
                "\"{look_alike}\" looks the same as \"SAPS police station\", which already exists there."
            ));
    }
    framework()
        .given(vec![recorded(), requirement_added(2, 1001, 1, "Legal aid")])
        .when(add_requirement(1, "L\u{435}gal aid"))
        .then_expect_error_message(
            "\"L\u{435}gal aid\" looks the same as \"Legal aid\", which already exists there.",
        );
    // A name that differs is still accepted.
    framework()
        .given(vec![recorded()])
        .when(add_block(1, "SAPS satellite station"))
        .then_expect_events(vec![block_added(2, 1001, 1, "SAPS satellite station")]);
}

#[test]
fn a_name_with_an_invisible_character_is_refused() {
    // Given the shipped taxonomy, when a name holds a character that shows as nothing, then
    // it is refused, whether or not it would copy an existing name.
    for hidden in [
        "SAPS\u{200B} police station",
        "SAPS police\u{200D} station",
        "Victim\u{00AD} support",
        "\u{FEFF}Victim support",
        "Victim support\u{2060}",
        "Victim\u{200E} support",
        "Victim\u{2800}support",
        "Victim support\u{FE0F}",
        "Victim\u{3164}support",
        "Victim\u{E000}support",
    ] {
        framework()
            .given(vec![recorded()])
            .when(add_block(1, hidden))
            .then_expect_error_message(
                "The name must not contain invisible characters (zero-width spaces, direction marks and the like).",
            );
    }
    framework()
        .given(vec![recorded()])
        .when(add_requirement(1, "Legal\u{200B}aid"))
        .then_expect_error_message(
            "The name must not contain invisible characters (zero-width spaces, direction marks and the like).",
        );
    // Letters of any script and ordinary punctuation are not invisible.
    framework()
        .given(vec![recorded()])
        .when(add_block(
            1,
            "Isikhungo sokunakekela (Thuthuzela) – ukuphepha/ā é",
        ))
        .then_expect_events(vec![block_added(
            2,
            1001,
            1,
            "Isikhungo sokunakekela (Thuthuzela) – ukuphepha/ā é",
        )]);
}

#[test]
fn the_same_name_in_another_parent_is_accepted() {
    framework()
        .given(vec![recorded()])
        .when(add_block(4, "SAPS police station"))
        .then_expect_events(vec![block_added(2, 1001, 4, "SAPS police station")]);
    framework()
        .given(vec![recorded()])
        .when(add_requirement(5, "Victim-friendly room"))
        .then_expect_events(vec![requirement_added(2, 1001, 5, "Victim-friendly room")]);
}

#[test]
fn a_blank_name_or_source_is_refused() {
    framework()
        .given(vec![recorded()])
        .when(add_block(1, "   "))
        .then_expect_error_message("A name is required.");
    let TaxonomyCommand::AddRequirement(mut c) = add_requirement(1, "Legal aid") else {
        unreachable!()
    };
    c.source = LineText::parse("  ").unwrap();
    framework()
        .given(vec![recorded()])
        .when(TaxonomyCommand::AddRequirement(c))
        .then_expect_error_message(
            "A source is required: the Act, policy or circular that asks for it.",
        );
}

#[test]
fn a_long_name_or_a_control_character_never_reaches_the_aggregate() {
    // The body's typed fields refuse them when the request is read (400, nothing appended).
    assert_eq!(
        ShortText::parse("x".repeat(10_000)),
        Err(crate::text::TextError::TooLong(100))
    );
    assert_eq!(
        ShortText::parse("Legal\0aid"),
        Err(crate::text::TextError::Control)
    );
    assert_eq!(
        LineText::parse("DSD\u{202E}circular"),
        Err(crate::text::TextError::Control)
    );
}

#[test]
fn names_compare_trimmed_without_case_or_repeated_spaces() {
    assert_eq!(comparable_name("  Legal   AID "), "legal aid");
    assert_eq!(
        name_skeleton("SAPS p\u{43e}lice station"),
        name_skeleton(" saps  POLICE station")
    );
    assert_ne!(name_skeleton("Legal aid"), name_skeleton("Legal advice"));
}

#[test]
fn the_administrator_groups_may_add_to_the_taxonomy() {
    use crate::accounts::permissions::{CreateNewBuildingBlock, DEFAULT_GROUPS};
    // World of Impact admin (1) and Building Block admin (3).
    for id in [1, 3] {
        let group = DEFAULT_GROUPS.iter().find(|g| g.id == id).unwrap();
        assert!(
            group.actions.contains(&CreateNewBuildingBlock),
            "{}",
            group.name
        );
    }
}

/// A block added under a category whose locations are secret is recorded as secret, whatever
/// its name; one added elsewhere is not. The shipped shelter block and the added one are both
/// secret by the one rule the handlers use.
#[test]
fn a_block_added_to_the_shelter_category_has_a_secret_location() {
    framework()
        .given(vec![recorded()])
        .when(add_block(4, "Safe house"))
        .then_expect_events(vec![block_added(2, ADDED_ID_BASE, 4, "Safe house")]);
    let mut t = ReferenceTaxonomy::default();
    for e in [
        recorded(),
        block_added(2, ADDED_ID_BASE, 4, "Safe house"),
        block_added(3, ADDED_ID_BASE + 1, 1, "Police desk"),
    ] {
        t.apply(e);
    }
    assert!(t.location_secret(5), "the shipped shelter block");
    assert!(
        t.location_secret(ADDED_ID_BASE),
        "the added shelter-like block"
    );
    assert!(!t.location_secret(1), "a police station");
    assert!(
        !t.location_secret(ADDED_ID_BASE + 1),
        "an added police block"
    );
    assert!(!t.location_secret(77), "no such block");
}
