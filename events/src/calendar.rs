//! South African calendar days. South Africa keeps one time zone, South African Standard Time
//! (UTC+02:00, no daylight saving since 1944), so a day there is a fixed offset from UTC.

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};

/// South African Standard Time, UTC+02:00.
pub fn south_african_standard_time() -> FixedOffset {
    FixedOffset::east_opt(2 * 60 * 60).expect("UTC+02:00 is a valid offset")
}

/// The calendar day in South Africa at instant `at`: 2026-11-28T22:30Z is 29 November.
pub fn south_african_date(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&south_african_standard_time())
        .date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_in_south_africa_starts_two_hours_before_utc_midnight() {
        let at = |s: &str| s.parse::<DateTime<Utc>>().unwrap();
        let day = |s: &str| s.parse::<NaiveDate>().unwrap();
        assert_eq!(
            south_african_date(at("2026-11-28T21:59:59Z")),
            day("2026-11-28")
        );
        assert_eq!(
            south_african_date(at("2026-11-28T22:00:00Z")),
            day("2026-11-29")
        );
        assert_eq!(
            south_african_date(at("2026-06-30T12:00:00Z")),
            day("2026-06-30")
        );
    }
}
