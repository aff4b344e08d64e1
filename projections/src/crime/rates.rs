//! The rules that turn crime figures into what is shown: the label of a SAPS financial year and
//! the rate per 100,000 people (public spec §9), shared by the dashboard's crime card and the
//! open crime dataset so both show the same numbers.

/// Label of a SAPS financial year: 2022 → "2022/23".
pub fn period_label(year: i32) -> String {
    format!("{}/{:02}", year, (year + 1) % 100)
}

/// Crime rate per 100,000 people, 2 decimals (public spec §9): `total / population × 100,000`.
/// `None` without a population.
pub fn rate_per_100k(total: i64, population: Option<i64>) -> Option<f64> {
    population
        .filter(|p| *p > 0)
        .map(|p| round2(total as f64 / p as f64 * 100_000.0))
}

/// Rounds to 2 decimals.
pub fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}
