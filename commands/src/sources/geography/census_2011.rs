//! Census 2011 totals of the nation and the provinces, read from
//! `data/geography/muni-pop-census2011.csv` (Statistics South Africa, Census 2011 on the 2016
//! municipal boundaries, via afrith/sal-population-estimates; `data/geography/SOURCE.md`).
//!
//! Only these ten totals are used: with the Census 2022 totals of the same areas they give the
//! growth by which each SAPS year's population is estimated (decision 0157). Municipal figures
//! are summed, never used alone, because the Census 2022 population of a municipality is the
//! sum of its precincts, which covers a different area where a precinct straddles a boundary.

use super::gazetteer::Gazetteer;
use super::NATION_CODE;
use anyhow::{ensure, Context, Result};
use gbvf_events::boundary::BoundaryLevel;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

/// The shipped file, under `data/`.
pub const CENSUS_2011_FILE: &str = "geography/muni-pop-census2011.csv";

/// One row of the file: a municipality's Census 2011 population (persons, fractional after
/// Stats SA re-apportioned it to the 2016 boundaries).
#[derive(Debug, serde::Deserialize)]
struct Row {
    muni_code: String,
    pop_2011: f64,
}

/// Census 2011 population (persons) of the nation (`ZA`) and of each province (`EC` … `WC`),
/// keyed by (level, code): the unrounded municipal figures summed, rounded once.
/// Errors: the file is missing or malformed, a municipality is unknown to the gazetteer, or the
/// file does not list every one of the gazetteer's municipalities exactly once.
pub fn census_2011_totals(
    data_dir: &Path,
    gaz: &Gazetteer,
) -> Result<HashMap<(BoundaryLevel, String), i64>> {
    let path = data_dir.join(CENSUS_2011_FILE);
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("opening {}", path.display()))?;
    let mut seen = BTreeSet::new();
    let mut sums: BTreeMap<(BoundaryLevel, String), f64> = BTreeMap::new();
    for row in reader.deserialize::<Row>() {
        let row = row.with_context(|| format!("reading {}", path.display()))?;
        ensure!(
            row.pop_2011.is_finite() && row.pop_2011 >= 0.0,
            "{}: {} has population {}",
            path.display(),
            row.muni_code,
            row.pop_2011
        );
        let province = gaz
            .ancestors_with_level(&row.muni_code, BoundaryLevel::Municipality)
            .into_iter()
            .find(|(_, level)| *level == BoundaryLevel::Province)
            .map(|(code, level)| (level, code))
            .with_context(|| {
                format!("{}: unknown municipality {}", path.display(), row.muni_code)
            })?;
        ensure!(
            seen.insert(row.muni_code.clone()),
            "{}: {} listed twice",
            path.display(),
            row.muni_code
        );
        *sums.entry(province).or_default() += row.pop_2011;
        *sums
            .entry((BoundaryLevel::National, NATION_CODE.to_string()))
            .or_default() += row.pop_2011;
    }
    ensure!(
        seen.len() == gaz.municipalities().len(),
        "{}: {} municipalities, expected {}",
        path.display(),
        seen.len(),
        gaz.municipalities().len()
    );
    Ok(sums
        .into_iter()
        .map(|(key, sum)| (key, sum.round() as i64))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nation_adds_up_to_the_official_census_2011_total() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let gaz = Gazetteer::load(&data).unwrap();
        let totals = census_2011_totals(&data, &gaz).unwrap();
        // Statistics South Africa, Census 2011 in brief: 51,770,560 persons.
        assert_eq!(
            totals[&(BoundaryLevel::National, "ZA".to_string())],
            51_770_560
        );
        assert_eq!(totals.len(), 10);
        let provinces: i64 = totals
            .iter()
            .filter(|((level, _), _)| *level == BoundaryLevel::Province)
            .map(|(_, v)| v)
            .sum();
        assert!((provinces - 51_770_560).abs() <= 5, "{provinces}");
        // Gauteng: 12,272,263 in Census 2011.
        assert_eq!(
            totals[&(BoundaryLevel::Province, "GP".to_string())],
            12_272_263
        );
    }
}
