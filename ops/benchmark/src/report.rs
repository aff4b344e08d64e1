//! Table printing and the figures' formats: every section prints one Markdown table (comfy-table,
//! ASCII preset) and adds its checked targets to the run's summary as [`Verdict`]s.

use comfy_table::presets::ASCII_MARKDOWN;
use comfy_table::{CellAlignment, Table};
use hdrhistogram::Histogram;

/// One row of the summary: a figure, its target, what was measured and whether it passed.
pub struct Verdict {
    /// The section's label in the summary (`"1 commands"`, `"7"`).
    pub section: &'static str,
    /// What the figure is.
    pub figure: String,
    /// The target as printed (`">= 500"`), or `"info"`/`"none"` for a figure without one.
    pub target: String,
    /// The measured value as printed.
    pub measured: String,
    /// `Some(true)` PASS, `Some(false)` MISS, `None` info (no target checked).
    pub pass: Option<bool>,
}

/// `PASS`, `MISS` or `info` for a verdict's `pass`.
pub fn verdict_text(pass: Option<bool>) -> &'static str {
    match pass {
        Some(true) => "PASS",
        Some(false) => "MISS",
        None => "info",
    }
}

/// A Markdown table with these column headers; every column but the first right-aligned.
pub fn table(headers: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_preset(ASCII_MARKDOWN);
    t.set_header(headers.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    for i in 1..headers.len() {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    t
}

/// `v` rounded to a whole number with thousands separators (`1,234,567`; `-12`).
pub fn num(v: f64) -> String {
    let rounded = v.round() as i64;
    let s = rounded.abs().to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if rounded < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// Microseconds `us` as milliseconds with three significant digits (`0.42`, `12.5`, `157`).
pub fn ms(us: u64) -> String {
    let v = us as f64 / 1000.0;
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// A share (`0.56`) as a whole percentage (`56%`).
pub fn pct(v: f64) -> String {
    format!("{:.0}%", v * 100.0)
}

/// The p50 and p99 of a histogram of microseconds, as milliseconds ([`ms`]).
pub fn p50_p99(h: &Histogram<u64>) -> [String; 2] {
    [ms(h.value_at_quantile(0.5)), ms(h.value_at_quantile(0.99))]
}

/// Prints a section's heading: `## n. title`, with a blank line before and after.
pub fn section_title(n: u8, title: &str) {
    println!("\n## {n}. {title}\n");
}
