//! Given/when/then of the bulk load's dry run: given providers (their events), when a file is
//! read and planned for an uploader, then each row's action, changes and errors.

use super::*;
use crate::building_blocks::bulk_load::sheet;
use crate::execute::Recorded;
use cqrs_es::Aggregate;
use gbvf_events::building_block::{ContactPersonRef, ProviderImported};

const MUNI: i64 = 7001;
const OTHER_PROVINCE: i64 = 9001;
const ME: &str = "user:loader";

fn imported(id: i64, name: &str, muni: i64) -> ProviderEvent {
    ProviderEvent::ProviderImported(ProviderImported {
        provider_id: id,
        name: name.into(),
        building_block_id: 1,
        building_block_category_id: 1,
        municipality_id: muni,
        contacts: vec![ContactDetail {
            contact_type_id: 3,
            detail: "0491111111".into(),
        }],
        point: None,
        placement: "test".into(),
        source: "test".into(),
        vintage: 2018,
        saps_precinct_code: None,
    })
}

fn directory() -> Vec<DirectoryEntry> {
    [
        (1, "Aberdeen SAPS", MUNI, "Blue Crane Route"),
        (2, "Addo SAPS", MUNI, "Blue Crane Route"),
        (3, "Mowbray SAPS", OTHER_PROVINCE, "City of Cape Town"),
    ]
    .into_iter()
    .map(|(id, name, muni, muni_name)| DirectoryEntry {
        provider_id: id,
        name: name.into(),
        building_block_id: 1,
        municipality_id: muni,
        municipality_name: muni_name.into(),
    })
    .collect()
}

fn blocks() -> Vec<BlockInfo> {
    vec![BlockInfo {
        building_block_id: 1,
        name: "SAPS police station".into(),
        requirements: vec![
            (1, "Victim-friendly room".into()),
            (2, "Trained GBV desk officer".into()),
        ],
        location_secret: false,
    }]
}

/// Given: Aberdeen (1) and Addo (2) imported in the uploader's municipality; Addo's details
/// submitted by `submitter` with one contact person.
fn providers(submitter: &str) -> (HashMap<i64, Provider>, HashMap<uuid::Uuid, PersonDetails>) {
    let mut map = HashMap::new();
    let mut aberdeen = Provider::default();
    aberdeen.apply(imported(1, "Aberdeen SAPS", MUNI));
    map.insert(1, aberdeen);
    let mut addo = Provider::default();
    addo.apply(imported(2, "Addo SAPS", MUNI));
    let person = uuid::Uuid::from_u128(9);
    addo.apply_recorded(
        ProviderEvent::BuildingBlockDetailsSubmitted(ProviderDetails {
            physical_address: Some("1 Main Road, Addo".into()),
            postal_address: None,
            contacts: vec![ContactDetail {
                contact_type_id: 3,
                detail: "0422338800".into(),
            }],
            requirements_available: vec![1],
            contact_persons: vec![ContactPersonRef {
                contact_person_id: person,
                building_block_requirement_id: 2,
                is_public: false,
            }],
        }),
        &HashMap::from([("actor".to_string(), submitter.to_string())]),
    );
    map.insert(2, addo);
    let persons = HashMap::from([(
        person,
        PersonDetails {
            full_name: "Sipho Mabena".into(),
            mobile_number: Some("0821234567".into()),
            ..Default::default()
        },
    )]);
    (map, persons)
}

fn uploader(verifies: bool) -> Uploader {
    Uploader {
        actor: ME.into(),
        municipalities: vec![MUNI],
        reviewed_municipalities: if verifies { vec![MUNI] } else { vec![] },
    }
}

fn run(csv: &str, submitter: &str, verifies: bool) -> Plan {
    let (providers, persons) = providers(submitter);
    let directory = directory();
    let blocks = blocks();
    let known = Known {
        directory: &directory,
        blocks: &blocks,
        providers: &providers,
        persons: &persons,
    };
    plan(&sheet::read(csv.as_bytes()), known, &uploader(verifies))
}

fn errors(plan: &Plan) -> Vec<(usize, String, String)> {
    plan.errors
        .iter()
        .chain(plan.rows.iter().flat_map(|r| &r.errors))
        .map(|e| (e.row, e.column.clone(), e.message.clone()))
        .collect()
}

const HEADER: &str = "Provider name,Building block,Physical address,Reception number,Requirements available,Contact person name,Contact person mobile number,Contact person requirement\n";

#[test]
fn a_row_found_by_name_submits_the_details_merged_onto_the_current_ones() {
    let plan = run(
        &format!("{HEADER}aberdeen saps,SAPS police station,2 Church Street,049-846 0015,Victim-friendly room,,,\n"),
        "user:municipality",
        false,
    );
    assert_eq!(errors(&plan), []);
    let row = &plan.rows[0];
    assert_eq!(
        (row.row, row.provider_id, row.action),
        (2, Some(1), Action::Submit)
    );
    let changed: Vec<(&str, Option<&str>, Option<&str>)> = row
        .changes
        .iter()
        .map(|c| (c.column.as_str(), c.from.as_deref(), c.to.as_deref()))
        .collect();
    assert_eq!(
        changed,
        [
            ("Physical address", None, Some("2 Church Street")),
            ("Reception number", Some("0491111111"), Some("0498460015")),
            ("Requirements available", None, Some("Victim-friendly room")),
        ]
    );
    assert_eq!(plan.decided.len(), 1);
    let ProviderEvent::BuildingBlockDetailsSubmitted(d) = &plan.decided[0].events[0] else {
        panic!("a submission");
    };
    assert_eq!(d.physical_address.as_deref(), Some("2 Church Street"));
}

#[test]
fn a_contact_person_is_added_beside_the_current_ones_and_named_in_the_changes() {
    let plan = run(
        &format!("{HEADER}Addo SAPS,1,,,,Thandi Nkosi,082 123 4567,Trained GBV desk officer\n"),
        "user:municipality",
        false,
    );
    assert_eq!(errors(&plan), []);
    assert_eq!(plan.rows[0].action, Action::Submit);
    assert_eq!(
        plan.rows[0].changes,
        [Change {
            column: "Contact person".into(),
            from: None,
            to: Some("Thandi Nkosi, Trained GBV desk officer, internal".into()),
        }]
    );
    let ProviderCommand::SubmitBuildingBlockDetails(c) = &plan.decided[0].command else {
        panic!("a submission");
    };
    let names: Vec<&str> = c
        .details
        .form
        .contact_persons
        .iter()
        .map(|p| p.full_name.as_str())
        .collect();
    assert_eq!(names, ["Thandi Nkosi", "Sipho Mabena"]);
}

#[test]
fn a_row_confirming_another_persons_submission_verifies_it_only_for_a_verifier() {
    let row = "Addo SAPS,SAPS police station,1 Main Road, Addo,,,,,\n";
    let row = row.replace("1 Main Road, Addo", "\"1 Main Road, Addo\"");
    let plan = run(&format!("{HEADER}{row}"), "user:municipality", true);
    assert_eq!(errors(&plan), []);
    assert_eq!(plan.rows[0].action, Action::Verify);
    assert!(matches!(
        plan.decided[0].events[..],
        [ProviderEvent::BuildingBlockVerified]
    ));
    // Not a verifier there, or the uploader's own submission: nothing to do.
    let plan = run(&format!("{HEADER}{row}"), "user:municipality", false);
    assert_eq!(
        (plan.rows[0].action, plan.decided.len()),
        (Action::Unchanged, 0)
    );
    let plan = run(&format!("{HEADER}{row}"), ME, true);
    assert_eq!(
        (plan.rows[0].action, plan.decided.len()),
        (Action::Unchanged, 0)
    );
}

#[test]
fn broken_rows_are_reported_by_row_and_column_and_nothing_is_decided() {
    let csv = format!(
        "{HEADER}\
         Aberdeen SAPS,SAPS police station,2 Church Street,049 846 001x,,,,\n\
         Nowhere SAPS,SAPS police station,1 Road,,,,,\n\
         Mowbray SAPS,SAPS police station,1 Road,,,,,\n\
         Addo SAPS,SAPS police station,,,Free parking,Thandi,12345,2\n\
         Addo SAPS,SAPS police station,,,,,,\n\
         Addo SAPS,Clinic,,,,,,\n\
         Aberdeen SAPS,SAPS police station,a\u{0}b,,,,,\n\
         ,SAPS police station,1 Road,,,,,\n"
    );
    let plan = run(&csv, "user:municipality", false);
    let e =
        |row: usize, column: &str, message: &str| (row, column.to_string(), message.to_string());
    assert_eq!(
        errors(&plan),
        [
            e(2, "Reception number", "Only digits are accepted."),
            e(
                3,
                "Provider name",
                "No provider of this building block has this name."
            ),
            e(4, "Provider name", "This provider is outside your area."),
            e(
                5,
                "Requirements available",
                "\"Free parking\" is not a requirement of SAPS police station."
            ),
            e(
                5,
                "Contact person mobile number",
                "Contact number must be 10 digits long"
            ),
            e(6, "Provider name", "This provider is already on row 5."),
            e(7, "Building block", "No building block has this name."),
            e(
                8,
                "Physical address",
                "Physical address must not contain control characters."
            ),
            e(8, "Provider name", "This provider is already on row 2."),
            e(
                9,
                "Provider name",
                "Provider name or Provider ID is required."
            ),
        ]
    );
    assert!(plan
        .rows
        .iter()
        .all(|r| r.action == Action::Error || r.errors.is_empty()));
    assert!(
        plan.decided.is_empty(),
        "nothing is applied from a file with errors"
    );
}

#[test]
fn a_provider_id_finds_the_provider_and_must_agree_with_the_name_and_area() {
    let csv = "Provider ID,Provider name,Physical address\n1,Addo SAPS,x\n3,,y\nabc,,z\n42,,w\n";
    let plan = run(csv, "user:municipality", false);
    let got: Vec<(usize, String, String)> = errors(&plan);
    assert_eq!(
        got,
        [
            (
                2,
                "Provider name".into(),
                "Provider 1 is named \"Aberdeen SAPS\".".into()
            ),
            (
                3,
                "Provider ID".into(),
                "This provider is outside your area.".into()
            ),
            (
                4,
                "Provider ID".into(),
                "Provider ID must be a whole number.".into()
            ),
            (5, "Provider ID".into(), "No provider has this id.".into()),
        ]
    );
}

#[test]
fn a_file_with_an_unknown_column_or_a_megabyte_cell_is_refused_with_its_place() {
    let plan = run("Provider name,Colour\nAberdeen SAPS,red\n", ME, false);
    assert_eq!(plan.errors.len(), 1);
    assert_eq!(
        (plan.errors[0].row, plan.errors[0].column.as_str()),
        (1, "B")
    );
    assert!(plan.errors[0]
        .message
        .starts_with("Unknown column \"Colour\""));
    assert!(plan.rows.is_empty() && plan.decided.is_empty());
    let big = "a".repeat(1 << 20);
    let plan = run(
        &format!("Provider name,Building block,Postal address\nAberdeen SAPS,1,{big}\n"),
        ME,
        false,
    );
    assert_eq!(
        errors(&plan),
        [
            (
                2,
                "Postal address".into(),
                "Postal address must be at most 250 characters.".into()
            ),
            (
                2,
                "Physical address".into(),
                "Physical Address is required.".into()
            ),
        ]
    );
    let plan = run("", ME, false);
    assert_eq!(
        errors(&plan),
        [(
            0,
            String::new(),
            "The file is empty: it has no header row.".into()
        )]
    );
}

#[test]
fn the_template_reads_back_as_a_valid_row() {
    let csv = crate::building_blocks::bulk_load::template_csv();
    let sheet = sheet::read(csv.as_bytes());
    assert_eq!(sheet.errors, []);
    assert_eq!(sheet.rows.len(), 1);
    assert_eq!(
        sheet.rows[0].cell(Column::ProviderName),
        Some("EXAMPLE ROW: replace or delete it")
    );
    assert_eq!(sheet::column_letter(0), "A");
    assert_eq!(sheet::column_letter(27), "AB");
}

/// A one-sheet XLSX workbook of `rows` (inline strings; a cell starting with `#` is written
/// as a number), as a spreadsheet program saves one.
fn xlsx(rows: &[&[&str]]) -> Vec<u8> {
    use std::io::Write;
    let mut cells = String::new();
    for (r, row) in rows.iter().enumerate() {
        cells.push_str(&format!("<row r=\"{}\">", r + 1));
        for (c, v) in row.iter().enumerate() {
            let at = format!("{}{}", sheet::column_letter(c), r + 1);
            match v.strip_prefix('#') {
                Some(n) => cells.push_str(&format!("<c r=\"{at}\"><v>{n}</v></c>")),
                None => cells.push_str(&format!(
                    "<c r=\"{at}\" t=\"inlineStr\"><is><t>{v}</t></is></c>"
                )),
            }
        }
        cells.push_str("</row>");
    }
    let files = [
        ("[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.to_string()),
        ("_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_string()),
        ("xl/workbook.xml", r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Providers" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_string()),
        ("xl/_rels/workbook.xml.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#.to_string()),
        ("xl/worksheets/sheet1.xml", format!(r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{cells}</sheetData></worksheet>"#)),
    ];
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, body) in files {
        zip.start_file(name, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(body.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

#[test]
fn an_xlsx_workbook_is_read_as_its_first_sheet_with_spreadsheet_row_numbers() {
    let book = xlsx(&[
        &["Provider ID", "Physical address", "Reception number"],
        &["#1", "2 Church Street", "049 846 0015"],
        &["#2", "1 Main Road, Addo", "#422338800"],
    ]);
    let (providers, persons) = providers("user:municipality");
    let (directory, blocks) = (directory(), blocks());
    let known = Known {
        directory: &directory,
        blocks: &blocks,
        providers: &providers,
        persons: &persons,
    };
    let plan = plan(&sheet::read(&book), known, &uploader(false));
    // Numbers as typed; a number cell loses a leading 0 (the template says: keep numbers as text).
    let got: Vec<(usize, Option<i64>, Action)> = plan
        .rows
        .iter()
        .map(|r| (r.row, r.provider_id, r.action))
        .collect();
    assert_eq!(
        got,
        [(2, Some(1), Action::Submit), (3, Some(2), Action::Submit)]
    );
    assert_eq!(errors(&plan), []);
    let ProviderEvent::BuildingBlockDetailsSubmitted(d) = &plan.decided[1].events[0] else {
        panic!("a submission");
    };
    assert_eq!(d.contacts[0].detail, "422338800");
    // Not a workbook: refused whole.
    let plan = plan_of(b"PK\x03\x04broken");
    assert_eq!(plan.errors.len(), 1);
    assert!(plan.errors[0]
        .message
        .starts_with("The file is not a readable XLSX workbook"));
}

fn plan_of(bytes: &[u8]) -> Plan {
    let (providers, persons) = providers(ME);
    let (directory, blocks) = (directory(), blocks());
    let known = Known {
        directory: &directory,
        blocks: &blocks,
        providers: &providers,
        persons: &persons,
    };
    plan(&sheet::read(bytes), known, &uploader(false))
}

/// The plan of `csv` by a verifier on `providers` (and their persons).
fn plan_on(
    csv: &str,
    providers: &HashMap<i64, Provider>,
    persons: &HashMap<uuid::Uuid, PersonDetails>,
) -> Plan {
    let (directory, blocks) = (directory(), blocks());
    let known = Known {
        directory: &directory,
        blocks: &blocks,
        providers,
        persons,
    };
    plan(&sheet::read(csv.as_bytes()), known, &uploader(true))
}

#[test]
fn a_verification_shows_what_becomes_public_and_applies_only_the_submission_shown() {
    // Given Addo's details submitted by the municipality (never verified: the public sees
    // the imported record), when a verifier dry-runs a row that only names it,
    let csv = format!("{HEADER}Addo SAPS,SAPS police station,,,,,,\n");
    let (mut providers, persons) = providers("user:municipality");
    let shown = plan_on(&csv, &providers, &persons);
    assert_eq!(errors(&shown), []);
    let row = &shown.rows[0];
    assert_eq!((row.action, row.version), (Action::Verify, Some(2)));
    // then the report shows what becomes public: the submission against the public record.
    let changed: Vec<(&str, Option<&str>, Option<&str>)> = row
        .changes
        .iter()
        .map(|c| (c.column.as_str(), c.from.as_deref(), c.to.as_deref()))
        .collect();
    assert_eq!(
        changed,
        [
            ("Physical address", None, Some("1 Main Road, Addo")),
            ("Reception number", Some("0491111111"), Some("0422338800")),
            ("Requirements available", None, Some("Victim-friendly room")),
            (
                "Contact person",
                None,
                Some("Sipho Mabena, Trained GBV desk officer, internal")
            ),
        ]
    );
    let reviewed = shown.reviewed();
    assert_eq!(reviewed.len(), 64);
    assert!(shown.check_reviewed(&reviewed).is_ok());
    // When the municipality submits a new address and number after the dry run,
    providers.get_mut(&2).unwrap().apply_recorded(
        ProviderEvent::BuildingBlockDetailsSubmitted(ProviderDetails {
            physical_address: Some("12 Other Road, Addo".into()),
            postal_address: None,
            contacts: vec![ContactDetail {
                contact_type_id: 3,
                detail: "0829999999".into(),
            }],
            requirements_available: vec![1],
            contact_persons: vec![],
        }),
        &HashMap::from([("actor".to_string(), "user:municipality".to_string())]),
    );
    // then the same file, decided again at apply, would verify the new submission: the apply
    // naming the dry run the verifier reviewed is refused whole.
    let now = plan_on(&csv, &providers, &persons);
    assert_eq!(now.rows[0].action, Action::Verify);
    assert_ne!(now.reviewed(), reviewed);
    assert!(matches!(
        now.check_reviewed(&reviewed),
        Err(crate::building_blocks::bulk_load::ApplyError::ChangedSinceDryRun)
    ));
    assert!(matches!(
        now.check_reviewed(""),
        Err(crate::building_blocks::bulk_load::ApplyError::ChangedSinceDryRun)
    ));
    // A new dry run shows the new submission, and its own fingerprint applies.
    assert!(now.rows[0]
        .changes
        .iter()
        .any(|c| c.to.as_deref() == Some("12 Other Road, Addo")));
    assert!(now.check_reviewed(&now.reviewed()).is_ok());
}
