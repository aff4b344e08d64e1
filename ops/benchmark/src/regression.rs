//! The guard against unnoticed regressions: each figure of the run's summary against the same
//! figure of the recorded run in `docs/benchmarks.md` (the table after the line
//! [`RECORDED_MARKER`]), `REGRESSED` when it is worse by more than [`TOLERANCE`].
//!
//! A figure is the first number of its "measured" cell (`"872 vs 2,433 = 36%"` → 872,
//! `"p50 2.94 ms, p99 9.1 ms"` → 2.94); which way is better comes from its target (`>=`:
//! higher, else `<`: lower). Figures without such a target (`info`, `none set`) are shown, not
//! judged. `GBVF_BENCH_RECORD=1` writes this run's summary rows
//! into the recorded table (rows of sections not run are kept).

use crate::report::{table, verdict_text, Verdict};

/// The line in `docs/benchmarks.md` after which the recorded summary table follows.
pub const RECORDED_MARKER: &str =
    "<!-- recorded summary: ops/bench compares every run with this table -->";

/// How much worse than recorded a figure may be before it is REGRESSED: 15 % (two quiet runs
/// of section 1 on this machine differ by up to a quarter on the bare path; see
/// docs/benchmarks.md, "Current figures").
pub const TOLERANCE: f64 = 0.15;

/// One row of a summary table: section, figure, target and what was measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Section label (`"1 commands"`).
    pub section: String,
    /// What the figure is.
    pub figure: String,
    /// Target as printed (`">= 500"`, `"info"`).
    pub target: String,
    /// Measured as printed (`"1,502"`, `"872 vs 2,433 = 36%"`).
    pub measured: String,
    /// `PASS`, `MISS` or `info` against the target.
    pub result: String,
}

impl From<&Verdict> for Row {
    fn from(v: &Verdict) -> Self {
        Row {
            section: v.section.to_string(),
            figure: v.figure.clone(),
            target: v.target.clone(),
            measured: v.measured.clone(),
            result: verdict_text(v.pass).to_string(),
        }
    }
}

/// The first number of a measured cell that is not part of a word, thousands separators
/// removed (`"1,502 /s"` → 1502; `"p50 2.94 ms"` → 2.94, not the 50 of `p50`).
pub fn first_number(measured: &str) -> Option<f64> {
    let chars: Vec<char> = measured.chars().collect();
    let mut at = 0;
    while at < chars.len() {
        let glued = at > 0 && chars[at - 1].is_alphabetic();
        if chars[at].is_ascii_digit() && !glued {
            let digits: String = chars[at..]
                .iter()
                .take_while(|c| c.is_ascii_digit() || **c == ',' || **c == '.')
                .filter(|c| **c != ',')
                .collect();
            return digits.trim_end_matches('.').parse().ok();
        }
        while at < chars.len() && (chars[at].is_alphanumeric() || chars[at] == '.') {
            at += 1;
        }
        at += 1;
    }
    None
}

/// `Some(true)` when higher is better (the target says `>=`), `Some(false)` when lower is (it
/// says `<` or `<=` and no `>=`), `None` for a figure without such a target.
pub fn higher_is_better(target: &str) -> Option<bool> {
    if target.contains(">=") || target.contains('≥') {
        Some(true)
    } else if target.contains('<') || target.contains('≤') {
        Some(false)
    } else {
        None
    }
}

/// The rows of the recorded table in `doc` (empty when the marker or the table is missing).
pub fn recorded(doc: &str) -> Vec<Row> {
    let Some(at) = doc.find(RECORDED_MARKER) else {
        return Vec::new();
    };
    doc[at + RECORDED_MARKER.len()..]
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.trim_start().starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l
                .trim()
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            let is_rule = cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'));
            (cells.len() >= 4 && !is_rule && cells[0] != "section").then(|| Row {
                section: cells[0].to_string(),
                figure: cells[1].to_string(),
                target: cells[2].to_string(),
                measured: cells[3].to_string(),
                result: cells.get(4).map(|c| c.to_string()).unwrap_or_default(),
            })
        })
        .collect()
}

/// The change of `now` against `before` as a signed share, positive when better
/// (`higher` says which way is better).
pub fn improvement(before: f64, now: f64, higher: bool) -> f64 {
    if before == 0.0 {
        return 0.0;
    }
    let change = (now - before) / before;
    if higher {
        change
    } else {
        -change
    }
}

/// One comparison: the row now, its recorded value, and the verdict (`"REGRESSED"`, `"ok"`,
/// `"better"`, `"info"` or `"new"`).
pub struct Compared {
    /// The row measured now.
    pub row: Row,
    /// The recorded "measured" cell, if the figure was recorded.
    pub recorded: Option<String>,
    /// Change against the recorded value (positive is better), when both are numbers.
    pub change: Option<f64>,
    /// The verdict.
    pub verdict: &'static str,
}

/// Compares every row of `now` with the recorded row of the same section and figure.
pub fn compare(recorded_rows: &[Row], now: &[Row]) -> Vec<Compared> {
    now.iter()
        .map(|row| {
            let before = recorded_rows
                .iter()
                .find(|r| r.section == row.section && r.figure == row.figure);
            let higher = higher_is_better(&row.target);
            let change = match (
                before.and_then(|b| first_number(&b.measured)),
                first_number(&row.measured),
                higher,
            ) {
                (Some(b), Some(n), Some(h)) => Some(improvement(b, n, h)),
                _ => None,
            };
            let verdict = match (before, change) {
                (None, _) => "new",
                (Some(_), None) => "info",
                (Some(_), Some(c)) if c < -TOLERANCE => "REGRESSED",
                (Some(_), Some(c)) if c > TOLERANCE => "better",
                _ => "ok",
            };
            Compared {
                row: row.clone(),
                recorded: before.map(|b| b.measured.clone()),
                change,
                verdict,
            }
        })
        .collect()
}

/// Prints the comparison with the recorded run of `doc_path` and, with `GBVF_BENCH_RECORD=1`,
/// records this run's rows there. Returns how many figures REGRESSED.
pub fn check(doc_path: &std::path::Path, summary: &[Verdict]) -> usize {
    let doc = std::fs::read_to_string(doc_path).unwrap_or_default();
    let before = recorded(&doc);
    let now: Vec<Row> = summary.iter().map(Row::from).collect();
    let compared = compare(&before, &now);
    println!("\n## Against the recorded run ({})\n", doc_path.display());
    let mut t = table(&["section", "figure", "recorded", "now", "change", "result"]);
    for c in &compared {
        t.add_row(vec![
            c.row.section.clone(),
            c.row.figure.clone(),
            c.recorded.clone().unwrap_or_else(|| "—".into()),
            c.row.measured.clone(),
            c.change
                .map(|v| format!("{:+.0}%", v * 100.0))
                .unwrap_or_else(|| "—".into()),
            c.verdict.to_string(),
        ]);
    }
    println!("{t}");
    let regressed = compared.iter().filter(|c| c.verdict == "REGRESSED").count();
    println!(
        "\n{regressed} figure(s) REGRESSED by more than {:.0}% against the recorded run.",
        TOLERANCE * 100.0
    );
    if std::env::var("GBVF_BENCH_RECORD").is_ok_and(|v| v == "1") {
        match record(&doc, &before, &now) {
            Some(updated) => match std::fs::write(doc_path, updated) {
                Ok(()) => println!("Recorded this run's figures in {}.", doc_path.display()),
                Err(e) => println!("Could not record in {}: {e}", doc_path.display()),
            },
            None => println!(
                "No recorded table in {}: add the marker line first.",
                doc_path.display()
            ),
        }
    }
    regressed
}

/// `doc` with its recorded table replaced by `before`'s rows updated with `now`'s (rows of
/// sections not run stay); `None` when the marker is missing.
pub fn record(doc: &str, before: &[Row], now: &[Row]) -> Option<String> {
    let at = doc.find(RECORDED_MARKER)? + RECORDED_MARKER.len();
    let rest = &doc[at..];
    let table_len: usize = {
        let mut len = 0;
        let mut seen_table = false;
        for line in rest.split_inclusive('\n') {
            let t = line.trim();
            if t.starts_with('|') {
                seen_table = true;
            } else if seen_table || !t.is_empty() {
                break;
            }
            len += line.len();
        }
        len
    };
    let mut rows: Vec<Row> = before.to_vec();
    for n in now {
        match rows
            .iter_mut()
            .find(|r| r.section == n.section && r.figure == n.figure)
        {
            Some(r) => *r = n.clone(),
            None => rows.push(n.clone()),
        }
    }
    let mut out = String::from(
        "\n\n| section | figure | target | measured | result |\n|---|---|---|---|---|\n",
    );
    for r in &rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            r.section, r.figure, r.target, r.measured, r.result
        ));
    }
    out.push('\n');
    Some(format!("{}{}{}", &doc[..at], out, &rest[table_len..]))
}

#[cfg(test)]
mod tests {
    use super::{compare, first_number, higher_is_better, record, recorded, Row, RECORDED_MARKER};

    fn row(section: &str, figure: &str, target: &str, measured: &str) -> Row {
        Row {
            section: section.into(),
            figure: figure.into(),
            target: target.into(),
            measured: measured.into(),
            result: "info".into(),
        }
    }

    #[test]
    fn a_figure_is_the_first_number_of_its_cell() {
        assert_eq!(first_number("872 vs 2,433 = 36%"), Some(872.0));
        assert_eq!(first_number("1,502 /s"), Some(1502.0));
        assert_eq!(first_number("p99 0.42 ms"), Some(0.42));
        assert_eq!(first_number("p50 2.94 ms, p99 9.1 ms"), Some(2.94));
        assert_eq!(first_number("none"), None);
        assert_eq!(higher_is_better(">= 500"), Some(true));
        assert_eq!(
            higher_is_better(">= 80% of static, p99 < 50 ms"),
            Some(true)
        );
        assert_eq!(higher_is_better("p99 < 1 s"), Some(false));
        assert_eq!(higher_is_better("info"), None);
    }

    #[test]
    fn a_figure_worse_by_more_than_the_tolerance_regressed() {
        let before = vec![
            row("7", "survey responses/s", ">= 500", "650"),
            row("4", "lag p99", "<= 1000 ms", "200 ms"),
            row("1", "HTTP cmd/s", ">= 1,352", "1,500"),
        ];
        let now = vec![
            row("7", "survey responses/s", ">= 500", "448"),
            row("4", "lag p99", "<= 1000 ms", "260 ms"),
            row("1", "HTTP cmd/s", ">= 1,352", "1,400"),
            row("9", "new figure", "info", "3"),
        ];
        let verdicts: Vec<&str> = compare(&before, &now).iter().map(|c| c.verdict).collect();
        assert_eq!(verdicts, vec!["REGRESSED", "REGRESSED", "ok", "new"]);
    }

    #[test]
    fn recording_replaces_the_rows_of_the_sections_run_and_keeps_the_others() {
        let doc = format!(
            "# Figures\n\n{RECORDED_MARKER}\n\n| section | figure | target | measured | result |\n|---|---|---|---|---|\n| 1 | a | >= 1 | 10 | info |\n| 7 | b | >= 1 | 20 | info |\n\nAfter the table.\n"
        );
        let before = recorded(&doc);
        assert_eq!(before.len(), 2);
        let updated = record(&doc, &before, &[row("7", "b", ">= 1", "25")]).expect("marker");
        let again = recorded(&updated);
        assert_eq!(
            again,
            vec![row("1", "a", ">= 1", "10"), row("7", "b", ">= 1", "25")]
        );
        assert!(updated.ends_with("After the table.\n"), "{updated}");
    }
}
