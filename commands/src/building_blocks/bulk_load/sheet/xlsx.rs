//! An XLSX workbook read with bounded memory: its package checked part by part before
//! `calamine` opens it ([`check_package`]), then its first worksheet streamed cell by cell
//! (`calamine`'s `XlsxCellReader`) with its declared dimension and every cell checked against
//! the limits before anything is kept. A workbook's `<dimension ref="A1:XFD1048576">` or one
//! cell at XFD1048576 is refused, never allocated as rows × columns.

use crate::building_blocks::bulk_load::sheet::limits::outside;
use crate::building_blocks::bulk_load::sheet::limits::too_many_cells;
use crate::building_blocks::bulk_load::sheet::limits::too_much_text;
use crate::building_blocks::bulk_load::sheet::MAX_CELLS;
use crate::building_blocks::bulk_load::sheet::MAX_COLUMNS;
use crate::building_blocks::bulk_load::sheet::MAX_TEXT_BYTES;
use crate::building_blocks::bulk_load::sheet::MAX_XLSX_PARTS;
use crate::building_blocks::bulk_load::sheet::MAX_XLSX_STYLES;
use crate::building_blocks::bulk_load::sheet::MAX_XLSX_UNPACKED;
use crate::building_blocks::bulk_load::sheet::MAX_XML_TAG;
use crate::building_blocks::bulk_load::MAX_ROWS;
use std::io::{Cursor, Read};

use calamine::{DataRef, Reader, Xlsx, XlsxError};

use super::{too_many, RawCell, Table};

fn unreadable(e: impl std::fmt::Display) -> String {
    format!("The file is not a readable XLSX workbook: {e}.")
}

/// The rows of the first worksheet of workbook `bytes`, or the file error that refuses it.
pub(super) fn read_xlsx(bytes: &[u8]) -> Result<Table, String> {
    check_package(bytes)?;
    let mut book = Xlsx::new(Cursor::new(bytes)).map_err(unreadable)?;
    let name = book
        .sheet_names()
        .into_iter()
        .next()
        .ok_or_else(|| "The workbook has no worksheet.".to_string())?;
    let mut reader = book
        .worksheet_cells_reader(&name)
        .map_err(|e: XlsxError| unreadable(e))?;
    // What the sheet declares, before any cell is read.
    let declared = reader.dimensions();
    if declared.end.1 as usize >= MAX_COLUMNS {
        return Err(format!(
            "The worksheet declares cells up to column {}; a bulk-load file uses the columns A to {}.",
            super::column_letter(declared.end.1 as usize),
            super::column_letter(MAX_COLUMNS - 1)
        ));
    }
    if declared.end.0.saturating_sub(declared.start.0) as usize > MAX_ROWS {
        return Err(too_many());
    }
    let mut cells: Vec<(u32, u32, RawCell)> = Vec::new();
    let (mut text, mut first, mut last) = (0usize, u32::MAX, 0u32);
    while let Some(cell) = reader.next_cell().map_err(unreadable)? {
        let (row, column) = cell.get_position();
        let value = cell.get_value();
        if matches!(value, DataRef::Empty) {
            continue;
        }
        if column as usize >= MAX_COLUMNS {
            return Err(outside(row as u64, column as usize));
        }
        (first, last) = (first.min(row), last.max(row));
        if (last - first) as usize > MAX_ROWS {
            return Err(too_many());
        }
        if cells.len() >= MAX_CELLS {
            return Err(too_many_cells());
        }
        text += text_len(value);
        if text > MAX_TEXT_BYTES {
            return Err(too_much_text());
        }
        cells.push((row, column, raw(value)));
    }
    // Stream order is the file's; a later record of the same cell replaces an earlier one.
    cells.sort_by_key(|(row, column, _)| (*row, *column));
    let mut table: Table = Vec::new();
    let mut cells = cells.into_iter().peekable();
    while let Some((row, column, value)) = cells.next() {
        if cells
            .peek()
            .is_some_and(|(r, c, _)| (*r, *c) == (row, column))
        {
            continue;
        }
        if table.last().is_none_or(|(r, _)| *r != row as usize + 1) {
            table.push((row as usize + 1, Vec::new()));
        }
        let out = &mut table.last_mut().expect("pushed").1;
        out.resize(column as usize, Ok(String::new()));
        out.push(value);
    }
    Ok(table)
}

/// The bytes a cell's text takes (its length before it is copied).
fn text_len(value: &DataRef<'_>) -> usize {
    match value {
        DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s.len(),
        DataRef::SharedString(s) => s.len(),
        _ => 24,
    }
}

fn raw(value: &DataRef<'_>) -> RawCell {
    match value {
        DataRef::Empty => Ok(String::new()),
        DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => Ok(s.clone()),
        DataRef::SharedString(s) => Ok(s.to_string()),
        // Whole numbers as typed (a provider id); a number cell loses a phone number's leading
        // 0, which the number's check then reports.
        DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => Ok(format!("{}", *f as i64)),
        DataRef::Float(f) => Ok(f.to_string()),
        DataRef::Int(n) => Ok(n.to_string()),
        DataRef::Bool(b) => Ok(if *b { "Yes" } else { "No" }.to_string()),
        DataRef::DateTime(d) => Ok(d.to_string()),
        DataRef::Error(_) => Err("holds a spreadsheet error value."),
    }
}

/// A reader that counts the bytes read through it and fails past `limit`.
struct Counted<R> {
    inner: R,
    read: u64,
    limit: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if self.read > self.limit {
            return Err(std::io::Error::other("over the limit"));
        }
        Ok(n)
    }
}

/// Checks the workbook's package before `calamine` reads it: at most [`MAX_XLSX_PARTS`] parts
/// that unpack (counted as they unpack, whatever sizes they declare) to at most
/// [`MAX_XLSX_UNPACKED`] bytes together; in the XML parts, at most [`MAX_CELLS`] shared
/// strings declared (`uniqueCount`, which `calamine` reserves at once) or present, and at most
/// [`MAX_CELLS`] relationships, sheets and defined names, at most [`MAX_XLSX_STYLES`] style
/// records (which `calamine` keeps, a cell format with a copy of its font), and no element
/// longer than [`MAX_XML_TAG`].
fn check_package(bytes: &[u8]) -> Result<(), String> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(unreadable)?;
    if zip.len() > MAX_XLSX_PARTS {
        return Err(format!(
            "The workbook has more than {MAX_XLSX_PARTS} parts; save it again as a plain workbook."
        ));
    }
    let too_big = || {
        format!(
            "The workbook unpacks to more than {} MiB; split it into smaller files.",
            MAX_XLSX_UNPACKED / (1024 * 1024)
        )
    };
    let mut counts = Counts::default();
    let mut unpacked = 0u64;
    for i in 0..zip.len() {
        let part = zip.by_index(i).map_err(unreadable)?;
        let xml = {
            let name = part.name().map_err(unreadable)?.to_ascii_lowercase();
            name.ends_with(".xml") || name.ends_with(".rels")
        };
        let mut part = Counted {
            inner: part,
            read: 0,
            limit: MAX_XLSX_UNPACKED - unpacked,
        };
        let scanned = if xml {
            scan_xml(&mut part, &mut counts)
        } else {
            Ok(())
        };
        if part.read > part.limit {
            return Err(too_big());
        }
        scanned?;
        // What the XML scan left (or a part that is not XML), counted to its end.
        if let Err(e) = std::io::copy(&mut part, &mut std::io::sink()) {
            return Err(if part.read > part.limit {
                too_big()
            } else {
                unreadable(e)
            });
        }
        unpacked += part.read;
    }
    Ok(())
}

/// A cell (`A1` to `XFD1048576`) as (row, column), 1-based.
fn cell_reference(r: &str) -> Option<(u32, u32)> {
    let letters = r.bytes().take_while(u8::is_ascii_alphabetic).count();
    let (column, row) = r.split_at(letters);
    if !(1..=3).contains(&letters)
        || !(1..=7).contains(&row.len())
        || !row.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let column = column.bytes().fold(0u32, |n, b| {
        n * 26 + (b.to_ascii_uppercase() - b'A') as u32 + 1
    });
    let row: u32 = row.parse().ok()?;
    ((1..=1_048_576).contains(&row) && column <= 16_384).then_some((row, column))
}

/// Whether `value` is a reference an element `element` may carry as a spreadsheet program
/// writes it: a cell's `r` (`B7`), a row's `r` (`7`), a dimension's `ref` (`A1` or `A1:R6001`,
/// its start before its end). Anything else is refused before `calamine` reads it (its
/// reference arithmetic overflows on `A99999999999` or `B2:A1`).
fn valid_reference(element: &str, value: &str) -> bool {
    match element {
        "c" => cell_reference(value).is_some(),
        "row" => {
            (1..=7).contains(&value.len())
                && value.bytes().all(|b| b.is_ascii_digit())
                && value
                    .parse::<u32>()
                    .is_ok_and(|r| (1..=1_048_576).contains(&r))
        }
        _ => match value.split_once(':') {
            None => cell_reference(value).is_some(),
            Some((start, end)) => match (cell_reference(start), cell_reference(end)) {
                (Some(s), Some(e)) => s.0 <= e.0 && s.1 <= e.1,
                _ => false,
            },
        },
    }
}

/// What the XML parts declare, all parts together.
#[derive(Default)]
struct Counts {
    strings: usize,
    records: usize,
    styles: usize,
}

/// "The workbook has {what}; save it again as a plain workbook."
fn plain(what: String) -> String {
    format!("The workbook has {what}; save it again as a plain workbook.")
}

/// Scans one XML part for what `calamine` would reserve or keep, and refuses what it cannot
/// read (with the leniency of `calamine`'s own reader), so that nothing `calamine` reads is
/// unseen.
fn scan_xml(part: &mut impl Read, counts: &mut Counts) -> Result<(), String> {
    use quick_xml::events::Event;
    let mut xml = quick_xml::Reader::from_reader(std::io::BufReader::new(part));
    // As lenient as calamine's reader (`xml_reader`), so that nothing it reads goes unseen.
    let config = xml.config_mut();
    config.check_end_names = false;
    config.check_comments = false;
    config.trim_text(false);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let e = match xml.read_event_into(&mut buf) {
            Ok(Event::Start(e) | Event::Empty(e)) => e,
            Ok(Event::Eof) => return Ok(()),
            // What the scan cannot read is not given to calamine either.
            Err(e) => return Err(unreadable(e)),
            Ok(_) => continue,
        };
        if e.len() > MAX_XML_TAG {
            return Err(plain(format!(
                "an XML element longer than {} KiB",
                MAX_XML_TAG / 1024
            )));
        }
        let name = e.local_name();
        let reference = match name.as_ref() {
            "c" | "row" => Some("r"),
            "dimension" => Some("ref"),
            _ => None,
        };
        if let Some(key) = reference {
            for a in e.attributes().with_checks(false) {
                let a = a.map_err(unreadable)?;
                if a.key.local_name().as_ref() == key && !valid_reference(name.as_ref(), &a.value) {
                    return Err(plain(format!(
                        "an invalid cell reference \"{}\"",
                        a.value.chars().take(20).collect::<String>()
                    )));
                }
            }
        }
        match name.as_ref() {
            "sst" => {
                for a in e.attributes().with_checks(false) {
                    let a = a.map_err(unreadable)?;
                    if a.key.local_name().as_ref() == "uniqueCount" {
                        let declared = Some(a.value.as_ref())
                            .filter(|v| v.bytes().all(|b| b.is_ascii_digit()))
                            .and_then(|v| v.parse::<usize>().ok());
                        if declared.is_none_or(|n| n > MAX_CELLS) {
                            return Err(too_many_cells());
                        }
                    }
                }
            }
            "si" => {
                counts.strings += 1;
                if counts.strings > MAX_CELLS {
                    return Err(too_many_cells());
                }
            }
            "Relationship" | "sheet" | "definedName" => {
                counts.records += 1;
                if counts.records > MAX_CELLS {
                    return Err(plain(format!(
                        "more than {MAX_CELLS} relationships or sheets"
                    )));
                }
            }
            // calamine keeps each cell format with a copy of its font, fill and borders.
            "xf" | "font" | "fill" | "border" | "numFmt" | "dxf" => {
                counts.styles += 1;
                if counts.styles > MAX_XLSX_STYLES {
                    return Err(plain(format!("more than {MAX_XLSX_STYLES} style records")));
                }
            }
            _ => {}
        }
    }
}
