//! The limits of a bulk-load file, checked while it is read and before anything is allocated
//! for what a file declares (docs/decisions/0111-bounded-upload-reading.md): a file over any
//! of them is refused whole with a file error (row 0), never read further.
//!
//! Together they bound what reading one file allocates, whatever sizes it declares or
//! repeats: [`READ_MEMORY_BOUND`] (the fuzz test `upload_fuzz` checks it on every case).

/// Most data rows a file may hold (a province's whole directory is about 6,000 providers).
pub const MAX_ROWS: usize = 10_000;

/// Most columns a file may use: A to Z, the template's 18 and a margin of 8 for a spreadsheet
/// program's extra empty columns. A cell with content further right refuses the file.
pub const MAX_COLUMNS: usize = 26;

/// Most fields one CSV record may have (empty ones past [`MAX_COLUMNS`] are dropped, as a
/// spreadsheet program writes them for a once-formatted cell far to the right).
pub const MAX_CSV_FIELDS: usize = 1_024;

/// Most cells with content a file may hold: every cell of the header and [`MAX_ROWS`] rows in
/// [`MAX_COLUMNS`] columns. Counts every cell record of a workbook, so a sheet that repeats
/// one cell a million times is refused too.
pub const MAX_CELLS: usize = (MAX_ROWS + 1) * MAX_COLUMNS;

/// Most bytes of cell text a file may hold, all cells together (a workbook's shared string
/// counts each time a cell names it): the HTTP body limit of the upload.
pub const MAX_TEXT_BYTES: usize = 16 * 1024 * 1024;

/// Most parts (ZIP entries) a workbook may have (a spreadsheet program's file has about 10,
/// one more per sheet).
pub const MAX_XLSX_PARTS: usize = 1_000;

/// Most bytes a workbook may unpack to, all parts together (a 10,000-row sheet with every
/// column at its longest unpacks to about 40 MiB); each part is counted as it is unpacked, so
/// a part that lies about its size is stopped at the limit.
pub const MAX_XLSX_UNPACKED: u64 = 64 * 1024 * 1024;

/// Most style records (cell formats, fonts, fills, borders, number formats) a workbook may
/// declare: `calamine` keeps each cell format with a copy of its font, fill and borders.
/// A spreadsheet program's file has a few dozen.
pub const MAX_XLSX_STYLES: usize = 4_096;

/// Longest XML element (a start tag with its attributes) a workbook part may have, in bytes:
/// a worksheet's root element with its namespaces is about 600.
pub const MAX_XML_TAG: usize = 4 * 1024;

/// What reading one file may allocate at most, at its peak (the readers' buffers, a workbook's
/// shared strings, the cells kept): the unpacked parts read once, the text kept once more, the
/// cells' bookkeeping, and slack for the allocator's doubling. The fuzz test asserts it.
pub const READ_MEMORY_BOUND: usize = 256 * 1024 * 1024;

/// "outside the columns A to Z" for a cell at (0-based) `row`, `column`.
pub(super) fn outside(row: u64, column: usize) -> String {
    format!(
        "Cell {}{} is outside the columns A to {} that a bulk-load file may use; remove what is right of them.",
        super::column_letter(column),
        row + 1,
        super::column_letter(MAX_COLUMNS - 1)
    )
}

/// "more than … cells".
pub(super) fn too_many_cells() -> String {
    format!("The file holds more than {MAX_CELLS} cells; split it into smaller files.")
}

/// "more than … of text".
pub(super) fn too_much_text() -> String {
    format!(
        "The file holds more than {} MiB of text; split it into smaller files.",
        MAX_TEXT_BYTES / (1024 * 1024)
    )
}
