//! The reporting quarters of the building blocks' quarter grid (public spec §9).

use chrono::{Datelike, NaiveDate};

/// A quarter label `Q1 26` (spec §9: Q1..Q4 with a two-digit year).
pub fn quarter_label(start: NaiveDate) -> String {
    format!("Q{} {:02}", (start.month() - 1) / 3 + 1, start.year() % 100)
}

/// The last four calendar quarters up to today's, oldest first.
pub fn reporting_quarters(today: NaiveDate) -> Vec<NaiveDate> {
    let mut q = NaiveDate::from_ymd_opt(today.year(), (today.month() - 1) / 3 * 3 + 1, 1)
        .expect("valid date");
    let mut out = vec![q];
    for _ in 0..3 {
        q = if q.month() == 1 {
            NaiveDate::from_ymd_opt(q.year() - 1, 10, 1)
        } else {
            NaiveDate::from_ymd_opt(q.year(), q.month() - 3, 1)
        }
        .expect("valid date");
        out.push(q);
    }
    out.reverse();
    out
}
