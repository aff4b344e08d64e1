//! A CSV file read field by field (`csv-core`: RFC 4180 quoting, any line ending, a UTF-8 byte
//! order mark skipped, blank lines skipped), so that no record is held before its fields are
//! counted: a line of a million commas is refused at its 1,025th field, not allocated.

use crate::building_blocks::bulk_load::sheet::limits::outside;
use crate::building_blocks::bulk_load::sheet::limits::too_many_cells;
use crate::building_blocks::bulk_load::sheet::limits::too_much_text;
use crate::building_blocks::bulk_load::sheet::MAX_CELLS;
use crate::building_blocks::bulk_load::sheet::MAX_COLUMNS;
use crate::building_blocks::bulk_load::sheet::MAX_CSV_FIELDS;
use crate::building_blocks::bulk_load::sheet::MAX_TEXT_BYTES;
use crate::building_blocks::bulk_load::MAX_ROWS;
use csv_core::{ReadFieldResult, Reader};

use super::{too_many, RawCell, Table, NOT_UTF8};

/// The records of CSV `bytes`, each with its record number (a spreadsheet program's row), or
/// the file error that refuses it (over a limit of [`super::limits`]).
pub(super) fn read_csv(bytes: &[u8]) -> Result<Table, String> {
    let mut reader = Reader::new();
    let mut input = bytes;
    let mut out = [0u8; 8 * 1024];
    let mut field: Vec<u8> = Vec::new();
    let mut record: Vec<RawCell> = Vec::new();
    let mut fields = 0usize;
    let mut table = Table::new();
    let (mut text, mut cells) = (0usize, 0usize);
    loop {
        let (result, nin, nout) = reader.read_field(input, &mut out);
        input = &input[nin..];
        if text + field.len() + nout > MAX_TEXT_BYTES {
            return Err(too_much_text());
        }
        field.extend_from_slice(&out[..nout]);
        let record_end = match result {
            ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull => continue,
            ReadFieldResult::End => break,
            ReadFieldResult::Field { record_end } => record_end,
        };
        // A CSV row is a line, or more when a quoted cell holds line breaks: the row number
        // counts records, as a spreadsheet program shows them.
        let row = table.len() + 1;
        if row > MAX_ROWS + 1 {
            return Err(too_many());
        }
        fields += 1;
        if fields > MAX_CSV_FIELDS {
            return Err(format!(
                "Row {row} has more than {MAX_CSV_FIELDS} cells; a bulk-load file uses the columns A to {}.",
                super::column_letter(MAX_COLUMNS - 1)
            ));
        }
        if fields > MAX_COLUMNS {
            if !field.trim_ascii().is_empty() {
                return Err(outside(row as u64 - 1, fields - 1));
            }
        } else {
            cells += 1;
            if cells > MAX_CELLS {
                return Err(too_many_cells());
            }
            text += field.len();
            record.push(match String::from_utf8(std::mem::take(&mut field)) {
                Ok(s) => Ok(s),
                Err(_) => Err(NOT_UTF8),
            });
        }
        field.clear();
        if record_end {
            table.push((row, std::mem::take(&mut record)));
            fields = 0;
        }
    }
    Ok(table)
}
