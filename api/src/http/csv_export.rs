//! The CSV files the API writes (`?format=csv` of the building-block and organisation
//! histories), safe to open in a spreadsheet program.
//!
//! Text cells hold what people typed (e-mail addresses, names, reasons). A spreadsheet program
//! runs a cell that begins with `=`, `+`, `-` or `@` as a formula (and some treat a leading tab
//! or carriage return the same way), so a user who registers as `=HYPERLINK(...)@…` or a name
//! beginning with `-` would make an administrator's spreadsheet run their formula ("CSV
//! injection", OWASP: <https://owasp.org/www-community/attacks/CSV_Injection>). Every text cell
//! that begins with one of those characters gets a leading single quote, which the programs
//! show as text and do not evaluate. Number cells are written as numbers, untouched, so a
//! negative number stays a number
//! (docs/decisions/0013-csv-exports-are-safe-to-open-in-a-spreadsheet.md). Quoting of commas,
//! quotes and line breaks is the `csv` crate's.

use std::borrow::Cow;

use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// The first characters that make a spreadsheet program evaluate a cell (OWASP "CSV
/// Injection": `=`, `+`, `-`, `@`, tab, carriage return; ASVS 5.0 1.2.10 adds the null
/// character).
pub const FORMULA_STARTS: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\0'];

/// `text` as a CSV text cell that a spreadsheet shows and never evaluates: prefixed with `'`
/// when it begins with one of [`FORMULA_STARTS`], otherwise unchanged (borrowed). A cell that
/// is a plain decimal number (`-12`, `+3.50`: an optional sign, digits, an optional fraction)
/// is left alone: a spreadsheet reads it as a number, never as a formula, and a negative
/// figure must stay a figure. The web app's `neutraliseCsvText` (`web/src/lib/csv.ts`) applies
/// the same rule. Never fails. Source of the rule: OWASP "CSV Injection".
pub fn neutralise(text: &str) -> Cow<'_, str> {
    if text.starts_with(FORMULA_STARTS) && !is_plain_number(text) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// `^[+-]?[0-9]+(\.[0-9]+)?$`.
fn is_plain_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && all_digits(fraction)
}

/// One cell of a row: text (neutralised, see [`neutralise`]) or a number (written as is).
#[derive(Debug, Clone, Copy)]
pub enum Cell<'a> {
    /// Text, possibly typed by a person.
    Text(&'a str),
    /// An integer; a negative one stays a number in the spreadsheet.
    Number(i64),
}

impl<'a> From<&'a str> for Cell<'a> {
    fn from(text: &'a str) -> Self {
        Cell::Text(text)
    }
}

impl<'a> From<&'a String> for Cell<'a> {
    fn from(text: &'a String) -> Self {
        Cell::Text(text)
    }
}

impl From<i64> for Cell<'_> {
    fn from(n: i64) -> Self {
        Cell::Number(n)
    }
}

impl Cell<'_> {
    fn text(&self) -> Cow<'_, str> {
        match self {
            Cell::Text(t) => neutralise(t),
            Cell::Number(n) => Cow::Owned(n.to_string()),
        }
    }
}

/// A CSV answer being written: a header row, then rows of [`Cell`]s; every API CSV goes
/// through it, so no cell escapes [`neutralise`].
pub struct CsvExport {
    writer: csv::Writer<Vec<u8>>,
}

impl CsvExport {
    /// Starts a file with the column names `header`. Errors: none in practice (writing to
    /// memory); a `csv` error would be an internal error.
    pub fn new(header: &[&str]) -> Result<Self, ApiError> {
        let mut export = CsvExport {
            writer: csv::Writer::from_writer(Vec::new()),
        };
        export.row(header.iter().map(|h| Cell::Text(h)))?;
        Ok(export)
    }

    /// Appends one row. Errors: a row with another number of cells than the header
    /// (`csv` refuses it: an internal error, a bug of the caller).
    pub fn row<'a>(&mut self, cells: impl IntoIterator<Item = Cell<'a>>) -> Result<(), ApiError> {
        let cells: Vec<Cell<'a>> = cells.into_iter().collect();
        self.writer
            .write_record(cells.iter().map(|c| c.text().into_owned()))
            .map_err(|e| ApiError::Internal(e.into()))
    }

    /// The file's bytes (UTF-8, `\n` line ends, quoted where needed).
    pub fn into_bytes(self) -> Result<Vec<u8>, ApiError> {
        self.writer
            .into_inner()
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))
    }

    /// A 200 answer: `text/csv; charset=utf-8`, downloaded as `file_name` (a name the server
    /// chose: ASCII letters, digits, `-`, `.`).
    pub fn into_response(self, file_name: &str) -> Result<Response, ApiError> {
        let body = self.into_bytes()?;
        Ok((
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{file_name}\""),
                ),
            ],
            body,
        )
            .into_response())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_cells_that_start_a_formula_get_a_quote_and_numbers_stay_numbers() {
        for (raw, safe) in [
            ("=1+2", "'=1+2"),
            ("+27 82 123 4567", "'+27 82 123 4567"),
            ("-Thandi", "'-Thandi"),
            ("-2+3", "'-2+3"),
            ("-1e5", "'-1e5"),
            ("-", "'-"),
            ("-.5", "'-.5"),
            ("-12", "-12"),
            ("+3.50", "+3.50"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("\0x", "'\0x"),
            ("Thandi", "Thandi"),
            ("a=b", "a=b"),
            ("", ""),
        ] {
            assert_eq!(neutralise(raw), safe);
        }
        let mut export = CsvExport::new(&["n", "text"]).unwrap();
        export.row([Cell::Number(-5), "-5 apples".into()]).unwrap();
        export
            .row([Cell::Number(7), "=cmd|' /C calc'!A0".into()])
            .unwrap();
        let text = String::from_utf8(export.into_bytes().unwrap()).unwrap();
        assert_eq!(text, "n,text\n-5,'-5 apples\n7,'=cmd|' /C calc'!A0\n");
    }
}
