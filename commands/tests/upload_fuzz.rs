//! The bulk load's file readers under hostile input: the dimension bomb, a CSV of commas and a
//! few other bombs are refused with a file error, and a bounded fuzz run (proptest: arbitrary
//! bytes, CSV-like text, and small valid workbooks with mutated XML) never panics, never keeps
//! more than the limits allow, and never allocates more than `READ_MEMORY_BOUND` at its peak
//! (measured by a counting allocator for this test binary).
//!
//! `peak_memory_of_the_largest_accepted_uploads` prints the figures of docs/benchmarks.md
//! (`cargo test -p gbvf-commands --release --test upload_fuzz -- --nocapture peak`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use gbvf_commands::building_blocks::bulk_load::{sheet, Column, MAX_ROWS};
use proptest::prelude::*;

/// Counts the bytes live and their peak since the last [`reset_peak`].
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Tests measure one at a time (the counters are global).
static MEASURING: Mutex<()> = Mutex::new(());

/// `f`'s result and the most it allocated above what was live before it, in bytes.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed).saturating_sub(base))
}

/// Reads `bytes` and checks what every read must hold, whatever the input: within the memory
/// bound, at most MAX_ROWS rows of the template's cells, and either rows or file errors.
fn read_checked(bytes: &[u8]) -> (sheet::Sheet, usize) {
    let (read, peak) = peak_of(|| sheet::read(bytes));
    assert!(
        peak <= sheet::READ_MEMORY_BOUND,
        "reading {} bytes allocated {peak} bytes",
        bytes.len()
    );
    assert!(read.rows.len() <= MAX_ROWS);
    assert!(read.rows.iter().all(|r| r.cells.len() == Column::ALL.len()));
    let text: usize = read
        .rows
        .iter()
        .flat_map(|r| r.cells.iter().flatten())
        .map(String::len)
        .sum();
    assert!(text <= sheet::MAX_TEXT_BYTES);
    assert!(read.errors.is_empty() || read.rows.is_empty());
    (read, peak)
}

/// A one-sheet workbook: `sheet` is the worksheet's XML, `strings` the shared strings' XML
/// (none when empty); deflated as a spreadsheet program saves one.
fn workbook(sheet: &str, strings: &str) -> Vec<u8> {
    let mut files = vec![
        ("[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.to_string()),
        ("_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_string()),
        ("xl/workbook.xml", r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Providers" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_string()),
        ("xl/_rels/workbook.xml.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#.to_string()),
        ("xl/worksheets/sheet1.xml", sheet.to_string()),
    ];
    if !strings.is_empty() {
        files.push(("xl/sharedStrings.xml", strings.to_string()));
    }
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(true);
    for (name, body) in files {
        zip.start_file(name, options).unwrap();
        zip.write_all(body.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

const SHEET_HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">"#;

/// A worksheet of inline-string cells `(reference, text)`, with `dimension` when given.
fn sheet_xml(dimension: Option<&str>, cells: &[(&str, &str)]) -> String {
    let mut xml = SHEET_HEAD.to_string();
    if let Some(d) = dimension {
        xml.push_str(&format!(r#"<dimension ref="{d}"/>"#));
    }
    xml.push_str("<sheetData>");
    for (at, text) in cells {
        xml.push_str(&format!(
            r#"<c r="{at}" t="inlineStr"><is><t>{text}</t></is></c>"#
        ));
    }
    xml.push_str("</sheetData></worksheet>");
    xml
}

/// The file error of `bytes` (the one error of row 0).
fn file_error(bytes: &[u8]) -> String {
    let (read, _) = read_checked(bytes);
    assert!(read.rows.is_empty(), "refused whole");
    assert_eq!(read.errors.len(), 1, "{:?}", read.errors);
    assert_eq!(read.errors[0].row, 0);
    read.errors[0].message.clone()
}

#[test]
fn the_dimension_bomb_is_refused_with_a_file_error_not_allocated() {
    let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    // The cells of the report: A1, A2 and XFD1048576, without and with the dimension.
    let cells = [("A1", "Provider ID"), ("A2", "1"), ("XFD1048576", "x")];
    let bomb = workbook(&sheet_xml(None, &cells), "");
    assert!(bomb.len() < 2_000, "a {} byte file", bomb.len());
    let (_, peak) = read_checked(&bomb);
    assert!(peak < 1 << 20, "{peak} bytes for the bomb");
    assert_eq!(
        file_error(&bomb),
        "Cell XFD1048576 is outside the columns A to Z that a bulk-load file may use; remove what is right of them."
    );
    let declared = workbook(&sheet_xml(Some("A1:XFD1048576"), &cells), "");
    assert_eq!(
        file_error(&declared),
        "The worksheet declares cells up to column XFD; a bulk-load file uses the columns A to Z."
    );
    // Within the columns but a million rows down, declared or not.
    let tall = [("A1", "Provider ID"), ("A2", "1"), ("A1048576", "x")];
    for d in [None, Some("A1:A1048576")] {
        assert_eq!(
            file_error(&workbook(&sheet_xml(d, &tall), "")),
            "The file has more than 10000 rows; split it into smaller files."
        );
    }
}

#[test]
fn workbook_bombs_are_refused_before_calamine_reserves_or_copies() {
    let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    let header = sheet_xml(None, &[("A1", "Provider ID")]);
    // Shared strings declaring a trillion strings (calamine reserves the count at once).
    let sst = r#"<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="1000000000000"><si><t>x</t></si></sst>"#;
    assert!(file_error(&workbook(&header, sst)).contains("more than 260026 cells"));
    // One 1 MiB shared string named by 100,000 cells: 100 GB of copies if each were kept.
    let big = "a".repeat(1 << 20);
    let sst = format!(
        r#"<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>{big}</t></si></sst>"#
    );
    let mut sheet = format!("{SHEET_HEAD}<sheetData>");
    for r in 1..=100_000 / 26 {
        sheet.push_str(&format!("<row r=\"{r}\">"));
        for c in 0..26 {
            sheet.push_str(&format!(
                r#"<c r="{}{r}" t="s"><v>0</v></c>"#,
                sheet::column_letter(c)
            ));
        }
        sheet.push_str("</row>");
    }
    sheet.push_str("</sheetData></worksheet>");
    assert_eq!(
        file_error(&workbook(&sheet, &sst)),
        "The file holds more than 16 MiB of text; split it into smaller files."
    );
    // A part that unpacks to more than 64 MiB (a 70 MiB comment deflates to about 70 kB).
    let padded = format!(
        "{SHEET_HEAD}<!--{}--><sheetData/></worksheet>",
        " ".repeat(70 << 20)
    );
    let bomb = workbook(&padded, "");
    assert!(bomb.len() < 200_000);
    assert_eq!(
        file_error(&bomb),
        "The workbook unpacks to more than 64 MiB; split it into smaller files."
    );
    // The same cell repeated past the cell limit.
    let mut sheet = format!("{SHEET_HEAD}<sheetData>");
    for _ in 0..=sheet::MAX_CELLS {
        sheet.push_str(r#"<c r="B2"><v>1</v></c>"#);
    }
    sheet.push_str("</sheetData></worksheet>");
    assert!(file_error(&workbook(&sheet, "")).contains("more than 260026 cells"));
}

#[test]
fn a_csv_of_commas_is_refused_with_bounded_memory() {
    let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    // 16 MiB of commas: one record of 16 million empty fields.
    let commas = vec![b','; 16 << 20];
    let (read, peak) = read_checked(&commas);
    assert_eq!(
        read.errors[0].message,
        "Row 1 has more than 1024 cells; a bulk-load file uses the columns A to Z."
    );
    assert!(peak < 1 << 20, "{peak} bytes for a CSV of commas");
    // Lines of 26 commas: 600,000 records of empty cells, refused at the row limit.
    let lines = ",,,,,,,,,,,,,,,,,,,,,,,,,\n".repeat((16 << 20) / 26);
    let (read, peak) = read_checked(lines.as_bytes());
    assert_eq!(
        read.errors[0].message,
        "The file has more than 10000 rows; split it into smaller files."
    );
    assert!(peak < 64 << 20, "{peak} bytes for lines of commas");
    // Trailing empty cells past Z are dropped; a filled one is refused with its place.
    let header = Column::ALL.map(Column::header).join(",");
    let ok = format!("{header},,,,,,,,,,,,,,\n1,x{}\n", ",".repeat(40));
    let (read, _) = read_checked(ok.as_bytes());
    assert_eq!((read.errors.len(), read.rows.len()), (0, 1));
    let far = format!("{header}\n1{},x\n", ",".repeat(30));
    assert_eq!(
        file_error(far.as_bytes()),
        "Cell AF2 is outside the columns A to Z that a bulk-load file may use; remove what is right of them."
    );
}

/// The largest files the bulk load accepts, as CSV and as XLSX (shared strings and inline):
/// 10,000 rows, every column of the template filled up to the 16 MiB of text. Prints the
/// peak allocated while reading each (docs/benchmarks.md "Bulk-load uploads").
#[test]
fn peak_memory_of_the_largest_accepted_uploads() {
    let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    let header: Vec<&str> = Column::ALL.map(Column::header).to_vec();
    // 10,000 rows × 18 cells × 90 bytes = 16.2 MB: just under the text limit with the header.
    let cell = |r: usize, c: usize| format!("{r:06}-{c:02}-{}", "x".repeat(80));
    let mut csv = header.join(",") + "\n";
    for r in 0..MAX_ROWS {
        let row: Vec<String> = (0..header.len()).map(|c| cell(r, c)).collect();
        csv.push_str(&row.join(","));
        csv.push('\n');
    }
    let mut inline = format!("{SHEET_HEAD}<sheetData>");
    let mut shared = format!("{SHEET_HEAD}<sheetData>");
    let mut strings = String::from(
        r#"<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">"#,
    );
    let mut n = 0;
    for r in 0..=MAX_ROWS {
        inline.push_str(&format!("<row r=\"{}\">", r + 1));
        shared.push_str(&format!("<row r=\"{}\">", r + 1));
        for (c, h) in header.iter().enumerate() {
            let text = if r == 0 { h.to_string() } else { cell(r, c) };
            let at = format!("{}{}", sheet::column_letter(c), r + 1);
            inline.push_str(&format!(
                r#"<c r="{at}" t="inlineStr"><is><t>{text}</t></is></c>"#
            ));
            shared.push_str(&format!(r#"<c r="{at}" t="s"><v>{n}</v></c>"#));
            strings.push_str(&format!("<si><t>{text}</t></si>"));
            n += 1;
        }
        inline.push_str("</row>");
        shared.push_str("</row>");
    }
    inline.push_str("</sheetData></worksheet>");
    shared.push_str("</sheetData></worksheet>");
    strings.push_str("</sst>");
    let files = [
        ("CSV", csv.into_bytes()),
        ("XLSX, inline strings", workbook(&inline, "")),
        ("XLSX, shared strings", workbook(&shared, &strings)),
    ];
    for (what, bytes) in files {
        let started = std::time::Instant::now();
        let (read, peak) = read_checked(&bytes);
        assert_eq!(read.errors, [], "{what}");
        assert_eq!(read.rows.len(), MAX_ROWS, "{what}");
        println!(
            "bulk-load upload, {what}: {:.1} MiB file, read in {:.2} s, peak {:.1} MiB allocated",
            bytes.len() as f64 / 1048576.0,
            started.elapsed().as_secs_f64(),
            peak as f64 / 1048576.0
        );
    }
}

/// A small valid workbook's worksheet and shared strings, with `mutate` applied to the XML
/// text before it is zipped (so the mutations reach the XML readers, not only the ZIP's CRC).
fn mutated(edits: &[(usize, u8)], cut: usize, refs: &[(u32, u32)]) -> Vec<u8> {
    let mut cells = vec![
        ("A1".to_string(), "Provider ID".to_string()),
        ("B1".to_string(), "Physical address".to_string()),
        ("A2".to_string(), "1".to_string()),
        ("B2".to_string(), "2 Church Street".to_string()),
    ];
    for (row, column) in refs {
        cells.push((
            format!("{}{}", sheet::column_letter(*column as usize), row),
            "x".to_string(),
        ));
    }
    let cells: Vec<(&str, &str)> = cells
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let mut xml = sheet_xml(Some("A1:B2"), &cells).into_bytes();
    let mut strings = br#"<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>Provider name</t></si></sst>"#.to_vec();
    for (at, byte) in edits {
        let target = if at % 3 == 0 { &mut strings } else { &mut xml };
        let i = at % target.len();
        target[i] = *byte;
    }
    xml.truncate(xml.len() - cut % xml.len().max(1));
    workbook(
        &String::from_utf8_lossy(&xml),
        &String::from_utf8_lossy(&strings),
    )
}

proptest! {
    // 256 cases each in CI (about 10 s); UPLOAD_FUZZ_CASES=N for a longer run by hand.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("UPLOAD_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(256),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_bytes_never_panic_nor_exceed_the_bounds(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
        read_checked(&bytes);
        // The same bytes behind a ZIP signature reach the workbook reader.
        let mut zip = b"PK\x03\x04".to_vec();
        zip.extend(&bytes);
        read_checked(&zip);
    }

    #[test]
    fn csv_like_text_never_panics_nor_exceeds_the_bounds(text in "[a-c,\"\r\n \u{0}é]{0,2000}") {
        let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
        read_checked(text.as_bytes());
    }

    #[test]
    fn mutated_workbooks_never_panic_nor_exceed_the_bounds(
        edits in proptest::collection::vec((any::<usize>(), prop_oneof![Just(b'<'), Just(b'>'), Just(b'"'), Just(b'9'), Just(b'Z'), Just(b'/'), Just(b'&'), any::<u8>()]), 0..8),
        cut in 0usize..64,
        refs in proptest::collection::vec((prop_oneof![1u32..20, Just(10_002u32), Just(1_048_576u32), Just(u32::MAX)], prop_oneof![0u32..30, Just(16_383u32), Just(u32::MAX / 32)]), 0..4),
    ) {
        let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
        let book = mutated(&edits, cut, &refs);
        let (read, _) = read_checked(&book);
        // Untouched, the workbook reads; a reference past Z or the rows is refused whole.
        if edits.is_empty() && cut == 0 {
            let beyond = refs.iter().any(|(r, c)| *c >= 26 || *r > 10_001);
            prop_assert_eq!(read.errors.is_empty(), !beyond, "{:?}", read.errors);
        }
    }
}
