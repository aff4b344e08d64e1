//! The population of a boundary in a SAPS financial year, the denominator of crime rates
//! (decision 0157).
//!
//! Crime figures are counted per SAPS financial year (1 April to 31 March) and a rate divides
//! by the population of its own year. The product ships two censuses (Statistics South Africa):
//! Census 2022 per precinct, summed by area (`boundary.population`), and Census 2011 for the
//! nation and the provinces (`boundary.census_2011_population`). A boundary's population in a
//! year is its Census 2022 population carried to the middle of that year (1 October) at the
//! constant yearly growth its province showed between the two census nights (the nation's own
//! growth for the nation): geometric interpolation between the censuses, extrapolation outside
//! them. Provinces and the nation are exact at both census nights; a smaller area grows at its
//! province's pace, because its Census 2011 figure covers a different area than its precinct sum.

use std::collections::HashMap;

use chrono::NaiveDate;
use gbvf_events::boundary::BoundaryLevel;

use super::queries::BoundaryRow;

/// Census 2011 night, 9–10 October 2011 (Statistics South Africa).
fn census_2011_night() -> NaiveDate {
    NaiveDate::from_ymd_opt(2011, 10, 10).expect("valid date")
}

/// Census 2022 night, 2–3 February 2022 (Statistics South Africa).
fn census_2022_night() -> NaiveDate {
    NaiveDate::from_ymd_opt(2022, 2, 3).expect("valid date")
}

/// The middle of SAPS financial year `year`/`year + 1` (1 April `year` to 31 March
/// `year + 1`): 1 October `year`. `None` outside the calendar chrono knows.
pub fn middle_of_financial_year(year: i32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(year, 10, 1)
}

/// The two census populations (persons) of one province or of the nation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CensusPair {
    /// Census 2011.
    pub census_2011: i64,
    /// Census 2022.
    pub census_2022: i64,
}

impl CensusPair {
    /// The factor by which a population of Census 2022 night is carried to `date`:
    /// `(census_2022 / census_2011) ^ ((date − census 2022 night) / (census 2022 night − census
    /// 2011 night))`, in days. `None` when either census is not positive.
    pub fn factor_at(&self, date: NaiveDate) -> Option<f64> {
        if self.census_2011 <= 0 || self.census_2022 <= 0 {
            return None;
        }
        let span = (census_2022_night() - census_2011_night()).num_days() as f64;
        let from_2022 = (date - census_2022_night()).num_days() as f64;
        let growth = self.census_2022 as f64 / self.census_2011 as f64;
        Some(growth.powf(from_2022 / span))
    }
}

/// The census pairs of the nation and the provinces, by boundary id.
#[derive(Debug, Clone, Default)]
pub struct PopulationGrowth {
    pairs: HashMap<i64, CensusPair>,
}

impl PopulationGrowth {
    /// Growth from explicit pairs (boundary id → pair), for tests and benchmarks.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (i64, CensusPair)>) -> Self {
        Self {
            pairs: pairs.into_iter().collect(),
        }
    }

    /// The population (persons) of `boundary` in SAPS financial year `year` (its first
    /// calendar year): its Census 2022 population times its province's (the nation's, for the
    /// nation) factor at the middle of the year, rounded. `None` when the boundary has no
    /// Census 2022 population or its province no Census 2011 total (a log recorded before the
    /// Census 2011 totals were shipped): the rate then reads as not known.
    pub fn population_in(&self, boundary: &BoundaryRow, year: i32) -> Option<i64> {
        let census_2022 = boundary.population?;
        let reference = match boundary.level() {
            BoundaryLevel::National => boundary.boundary_id,
            _ => boundary.province_id?,
        };
        let factor = self
            .pairs
            .get(&reference)?
            .factor_at(middle_of_financial_year(year)?)?;
        Some((census_2022 as f64 * factor).round() as i64)
    }
}

/// Reads the census pairs of the nation and the provinces from `boundary`. Fails only with the
/// database's error.
pub async fn population_growth(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<PopulationGrowth> {
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT boundary_id, census_2011_population, population FROM boundary
         WHERE level IN ('national', 'province')
           AND census_2011_population IS NOT NULL AND population IS NOT NULL",
    )
    .fetch_all(db)
    .await?;
    Ok(PopulationGrowth::from_pairs(rows.into_iter().map(
        |(id, census_2011, census_2022)| {
            (
                id,
                CensusPair {
                    census_2011,
                    census_2022,
                },
            )
        },
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, level: &str, province_id: Option<i64>, population: i64) -> BoundaryRow {
        BoundaryRow {
            boundary_id: id,
            code: String::new(),
            level: level.into(),
            name: String::new(),
            parent_id: None,
            province_id,
            district_id: None,
            population: Some(population),
            area_km2: None,
        }
    }

    /// Gauteng and the nation as shipped: Census 2011 12,272,263 and 51,770,560; Census 2022
    /// 15,099,424 and 62,027,502.
    fn growth() -> PopulationGrowth {
        PopulationGrowth::from_pairs([
            (
                1,
                CensusPair {
                    census_2011: 51_770_560,
                    census_2022: 62_027_502,
                },
            ),
            (
                12,
                CensusPair {
                    census_2011: 12_272_263,
                    census_2022: 15_099_424,
                },
            ),
        ])
    }

    #[test]
    fn a_province_meets_both_censuses_on_their_nights() {
        let gauteng = row(12, "province", Some(12), 15_099_424);
        let pair = growth().pairs[&12];
        let at = |d| (15_099_424.0 * pair.factor_at(d).unwrap()).round() as i64;
        assert_eq!(at(census_2022_night()), 15_099_424);
        assert_eq!(at(census_2011_night()), 12_272_263);
        // 2011/12's middle, 1 October 2011, is nine days before Census 2011 night.
        let y2011 = growth().population_in(&gauteng, 2011).unwrap();
        assert!((12_240_000..12_272_263).contains(&y2011), "{y2011}");
    }

    #[test]
    fn earlier_years_have_fewer_people_and_a_municipality_grows_as_its_province() {
        let g = growth();
        let nation = row(1, "national", None, 62_027_502);
        let y2005 = g.population_in(&nation, 2005).unwrap();
        let y2015 = g.population_in(&nation, 2015).unwrap();
        let y2021 = g.population_in(&nation, 2021).unwrap();
        assert!(y2005 < y2015 && y2015 < y2021 && y2021 < 62_027_502);
        // Stats SA's mid-year estimate for 2015 was 55.0 million: the interpolation is within 2 %.
        assert!((53_900_000..56_100_000).contains(&y2015), "{y2015}");
        let johannesburg = row(1003, "municipality", Some(12), 4_803_262);
        let gauteng = row(12, "province", Some(12), 15_099_424);
        let share = |year| {
            g.population_in(&johannesburg, year).unwrap() as f64
                / g.population_in(&gauteng, year).unwrap() as f64
        };
        assert!((share(2005) - share(2020)).abs() < 1e-6);
    }

    #[test]
    fn without_a_census_2011_total_the_population_is_not_known() {
        let g = growth();
        let limpopo_town = row(1200, "municipality", Some(15), 100_000);
        assert_eq!(g.population_in(&limpopo_town, 2015), None);
        assert_eq!(
            PopulationGrowth::default().population_in(&row(1, "national", None, 5), 2015),
            None
        );
    }
}
