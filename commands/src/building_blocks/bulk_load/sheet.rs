//! Reading a bulk-load file: a CSV (UTF-8, comma-separated, `csv-core`, field by field) or an
//! XLSX workbook (its first worksheet, streamed cell by cell with `calamine`), header row
//! first, into cells checked once as free text (length limit of the column, no control
//! character: [`crate::text::check`]).
//!
//! Memory is bounded whatever a file declares: the limits of [`limits`] (rows, columns, cells,
//! bytes of text, a workbook's parts and what they unpack to) are checked as the file is read
//! and before anything is kept for it; a file over one is refused whole
//! (docs/decisions/0111-bounded-upload-reading.md).
//!
//! A file-level problem (not a spreadsheet, over a limit) is a [`CellError`] of row 0, a
//! header problem (no header, a column the template does not have) one of the header's row,
//! and refuses the whole file; a bad cell is an error of its row and column, and the cell is
//! read as empty.

use serde::Serialize;
use utoipa::ToSchema;

use super::Column;

/// An error of one cell, or of the file (row 1, the header, or row 0 for the file as a whole),
/// with the column's header as the template names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = BulkLoadCellError)]
#[serde(rename_all = "camelCase")]
pub struct CellError {
    /// The spreadsheet's row number (the header is row 1; 0: the file as a whole).
    pub row: usize,
    /// The column's header (empty for the row or file as a whole).
    pub column: String,
    /// What is wrong, in the specification's wording where it has one.
    pub message: String,
}

impl CellError {
    /// An error of `column` in `row`.
    pub fn new(row: usize, column: Option<Column>, message: impl Into<String>) -> CellError {
        CellError {
            row,
            column: column.map(|c| c.header().to_string()).unwrap_or_default(),
            message: message.into(),
        }
    }
}

/// One data row: its spreadsheet row number and its cells by [`Column`] (`None` when blank,
/// absent or refused).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetRow {
    /// The spreadsheet's row number (first data row: 2).
    pub row: usize,
    /// Cells, indexed by `Column as usize`, trimmed.
    pub cells: Vec<Option<String>>,
    /// The errors of its cells.
    pub errors: Vec<CellError>,
}

impl SheetRow {
    /// The cell of `column`.
    pub fn cell(&self, column: Column) -> Option<&str> {
        self.cells[column as usize].as_deref()
    }
}

/// A file read: its data rows (blank rows skipped), or the errors that refuse it whole.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sheet {
    /// Data rows in file order.
    pub rows: Vec<SheetRow>,
    /// Errors of the file as a whole (header, size, format); when any, no row is considered.
    pub errors: Vec<CellError>,
}

/// Reads a bulk-load file: an XLSX workbook when it starts as a ZIP archive does (`PK\x03\x04`),
/// else CSV. Errors of the file go to [`Sheet::errors`].
pub fn read(bytes: &[u8]) -> Sheet {
    let table = if bytes.starts_with(b"PK\x03\x04") {
        read_xlsx(bytes)
    } else {
        read_csv(bytes)
    };
    match table {
        Ok(table) => rows_of(table),
        Err(message) => Sheet {
            rows: Vec::new(),
            errors: vec![CellError::new(0, None, message)],
        },
    }
}

/// A cell as read: its text, or why it cannot be read (not UTF-8, a spreadsheet error value).
type RawCell = Result<String, &'static str>;

/// The rows of a file: (spreadsheet row number, cells).
type Table = Vec<(usize, Vec<RawCell>)>;

const NOT_UTF8: &str = "must be UTF-8 text.";

fn too_many() -> String {
    format!("The file has more than {MAX_ROWS} rows; split it into smaller files.")
}

mod delimited;
mod limits;
mod xlsx;
use delimited::read_csv;
pub use limits::{
    MAX_CELLS, MAX_COLUMNS, MAX_CSV_FIELDS, MAX_ROWS, MAX_TEXT_BYTES, MAX_XLSX_PARTS,
    MAX_XLSX_STYLES, MAX_XLSX_UNPACKED, MAX_XML_TAG, READ_MEMORY_BOUND,
};
use xlsx::read_xlsx;

/// Maps the header to the template's columns and checks every cell of the data rows.
fn rows_of(table: Table) -> Sheet {
    let mut sheet = Sheet::default();
    let mut rows = table.into_iter();
    let Some((header_row, header)) = rows.next() else {
        sheet.errors.push(CellError::new(
            0,
            None,
            "The file is empty: it has no header row.",
        ));
        return sheet;
    };
    let mut columns: Vec<Option<Column>> = Vec::with_capacity(header.len());
    for (i, h) in header.iter().enumerate() {
        let name = h.as_deref().unwrap_or("").trim();
        if name.is_empty() {
            columns.push(None);
            continue;
        }
        match Column::from_header(name) {
            Some(c) if columns.contains(&Some(c)) => sheet.errors.push(CellError::new(
                header_row,
                Some(c),
                format!("Column \"{}\" appears twice.", c.header()),
            )),
            Some(c) => {
                columns.push(Some(c));
                continue;
            }
            None => sheet.errors.push(CellError {
                row: header_row,
                column: column_letter(i),
                message: format!(
                    "Unknown column \"{}\": the template's columns are {}.",
                    name.chars().take(60).collect::<String>(),
                    Column::ALL.map(|c| c.header()).join(", ")
                ),
            }),
        }
        columns.push(None);
    }
    if !columns.contains(&Some(Column::ProviderName))
        && !columns.contains(&Some(Column::ProviderId))
    {
        sheet.errors.push(CellError::new(
            header_row,
            None,
            "The file needs a \"Provider ID\" or a \"Provider name\" column.",
        ));
    }
    if !sheet.errors.is_empty() {
        return sheet;
    }
    for (row, raw) in rows {
        let mut cells: Vec<Option<String>> = vec![None; Column::ALL.len()];
        let mut errors = Vec::new();
        let mut any = false;
        for (i, cell) in raw.into_iter().enumerate() {
            let column = columns.get(i).copied().flatten();
            let value = match cell {
                Ok(v) => v,
                Err(message) => {
                    any = true;
                    errors.push(CellError {
                        row,
                        column: column
                            .map(|c| c.header().to_string())
                            .unwrap_or_else(|| column_letter(i)),
                        message: format!(
                            "{} {message}",
                            column.map(Column::header).unwrap_or("The cell")
                        ),
                    });
                    continue;
                }
            };
            let value = value.trim();
            if value.is_empty() {
                continue;
            }
            any = true;
            let Some(column) = column else {
                errors.push(CellError {
                    row,
                    column: column_letter(i),
                    message: "This cell is outside the template's columns.".into(),
                });
                continue;
            };
            match crate::text::check(value, column.max_chars(), false) {
                Ok(()) => cells[column as usize] = Some(value.to_string()),
                Err(e) => errors.push(CellError::new(
                    row,
                    Some(column),
                    format!("{} {e}", column.header()),
                )),
            }
        }
        if any {
            sheet.rows.push(SheetRow { row, cells, errors });
        }
    }
    sheet
}

/// The spreadsheet letter of the 0-based column `i` (A, B, …, Z, AA, …).
pub fn column_letter(i: usize) -> String {
    let mut n = i + 1;
    let mut s = Vec::new();
    while n > 0 {
        let r = (n - 1) % 26;
        s.push(b'A' + r as u8);
        n = (n - 1) / 26;
    }
    s.reverse();
    String::from_utf8(s).expect("ASCII letters")
}
