//! SAPS crime statistics files, read into figures per boundary, GBVF crime type and SAPS
//! financial year (1 April of `period_start_year` to 31 March of the next year; counts are
//! numbers of reported offences).
//!
//! # Formats
//! | name | [`CrimeFileFormat`] | shipped file | layout |
//! |------|------|------|------|
//! | `station-2005` | `StationAnnual2005` | `data/crime/SouthAfricaCrimeStats_v2.csv` | `Province, Station, Category, 2005-2006, …, 2015-2016`: one row per station and category, one column per year (`2005-2006` → 2005) |
//! | `station-2003` | `StationAnnual2003` | `data/crime/afrith-crime-stats-2003-2012.csv` | `station, province, crime, 2003, …, 2012`: same, column `2003` = 2003/04 |
//! | `saps-annual` | `ProvincialAnnual2013` | `data/crime/df_crime_sa_provincial.csv`, `df_crime_sa_national.csv` | `comp_level, station, district, province, crime_category, …, year, crime_count`: one row per figure; `comp_level` `Province` has the province *name* in `station`, `National` means `ZA`, `Station` (not shipped) is placed by `station` and `province`; `year` `x2013_2014` → 2013 |
//! | `long` | `Long` | (future SAPS releases) | see below |
//!
//! # The long format
//! A header `boundary,province,crime_category,period_start,period_end,count` (any column order,
//! extra columns ignored), then one row per figure:
//! * `boundary`: a boundary code (`ZA`, a province code such as `GP`, a district code such as
//!   `DC10`, a municipality code such as `EC108` or `CPT`, a precinct code such as `PD210001`) or
//!   a police station name. A metro code (`CPT`) means the metropolitan *municipality*.
//! * `province`: the station's province in any common spelling (`GP`, `Gauteng`, `LIM`, ...).
//!   Needed for station names that exist in two provinces; optional for codes, but if given it
//!   must agree with the code's province.
//! * `crime_category`: the SAPS category label (see `gbvf_events::crime_types`).
//! * `period_start`, `period_end`: ISO dates of one whole SAPS financial year, `YYYY-04-01` and
//!   `(YYYY+1)-03-31`. Any other period is reported as unplaced.
//! * `count`: a whole number ≥ 0.
//!
//! # What happens to each row
//! Each data row (CSV record) ends up in exactly one place, so
//! `rows_read == placed rows + unplaced.len() + sum(ignored_categories)` (checked by
//! [`ParsedCrimeFile::is_complete`]); nothing is dropped silently:
//! * a category that is not a GBVF crime type → `ignored_categories` (counted per label);
//! * a GBVF row that cannot be placed (unknown, ambiguous or other-province station, unknown
//!   province), has a count that is not a whole number ≥ 0, or an unusable period → `unplaced`,
//!   with the reason. A wide row (one column per year) is placed or rejected as a whole;
//! * otherwise → one figure per year in `figures`.
//!
//! **Duplicates.** If a row would give a figure for a (boundary, crime type, year) already given
//! by an earlier row of the same file (e.g. two source station names placed in one precinct), the
//! later row goes to `unplaced` with reason "duplicate figure for this station, crime type and
//! year". We do not sum: in these files every station appears once per category, so a collision
//! means either two stations later merged or a naming mistake, and the file cannot tell which;
//! summing would double count in the second case.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use anyhow::{bail, Context, Result};
use chrono::{Datelike, NaiveDate};
use csv::StringRecord;
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime_types::crime_type_by_category;
use serde::{Deserialize, Serialize};

use super::geography::{Gazetteer, NATION_CODE};

/// Layout of a crime statistics file (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CrimeFileFormat {
    /// Kaggle `SouthAfricaCrimeStats_v2.csv`: per station, years 2005/06–2015/16 as columns.
    StationAnnual2005,
    /// afrith `crime-stats.csv`: per station, years 2003/04–2012/13 as columns.
    StationAnnual2003,
    /// ds4owd SAPS annual release 2013/14–2022/23: per province and national, one row per figure.
    ProvincialAnnual2013,
    /// The documented long CSV format for future releases.
    Long,
}

impl CrimeFileFormat {
    /// All formats.
    pub const ALL: [CrimeFileFormat; 4] = [
        CrimeFileFormat::StationAnnual2005,
        CrimeFileFormat::StationAnnual2003,
        CrimeFileFormat::ProvincialAnnual2013,
        CrimeFileFormat::Long,
    ];

    /// Parses a format name: `station-2005`, `station-2003`, `saps-annual` or `long`.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == s.trim())
    }

    /// The format's name as accepted by [`CrimeFileFormat::parse`].
    pub fn name(&self) -> &'static str {
        match self {
            CrimeFileFormat::StationAnnual2005 => "station-2005",
            CrimeFileFormat::StationAnnual2003 => "station-2003",
            CrimeFileFormat::ProvincialAnnual2013 => "saps-annual",
            CrimeFileFormat::Long => "long",
        }
    }

    /// Recognises a format from a header row (names compared trimmed and case-insensitively).
    pub fn detect(header: &StringRecord) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|f| Columns::find(*f, header).is_ok())
    }
}

/// One figure read from a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrimeFigureRow {
    /// Line of the file the figure comes from (1-based; the header is line 1).
    pub line: u64,
    /// Canonical boundary code (`ZA`, `GP`, `CPT`, `PD210001`, ...); unique together with `level`.
    pub boundary_code: String,
    /// Level of the boundary.
    pub level: BoundaryLevel,
    /// GBVF crime type id (`gbvf_events::crime_types`).
    pub crime_type_id: i32,
    /// SAPS financial year starting 1 April of this year.
    pub period_start_year: i32,
    /// Number of offences reported in that year (SAPS figure).
    pub count: i64,
}

/// A GBVF row that produced no figure, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct UnplacedRow {
    /// Line of the file (1-based; the header is line 1).
    pub line: u64,
    /// Why the row was not used, e.g. "unknown station", "count is not a whole number".
    pub reason: String,
    /// Station name or boundary as written in the file.
    pub station: String,
    /// Province as written in the file.
    pub province: String,
    /// Crime category as written in the file.
    pub category: String,
}

/// Everything read from one crime file.
#[derive(Debug, Clone)]
pub struct ParsedCrimeFile {
    /// Format used.
    pub format: CrimeFileFormat,
    /// Number of data rows (CSV records after the header).
    pub rows_read: u64,
    /// Figures, in file order.
    pub figures: Vec<CrimeFigureRow>,
    /// GBVF rows that produced no figure.
    pub unplaced: Vec<UnplacedRow>,
    /// Rows whose category is not a GBVF crime type: number of rows per label (trimmed).
    pub ignored_categories: BTreeMap<String, u64>,
}

impl ParsedCrimeFile {
    /// Number of rows that produced figures.
    pub fn placed_rows(&self) -> u64 {
        let mut lines: Vec<u64> = self.figures.iter().map(|f| f.line).collect();
        lines.dedup();
        lines.len() as u64
    }

    /// Number of rows skipped because of their category.
    pub fn ignored_rows(&self) -> u64 {
        self.ignored_categories.values().sum()
    }

    /// The invariant `rows_read == placed_rows + unplaced + ignored_rows`.
    pub fn is_complete(&self) -> bool {
        self.rows_read == self.placed_rows() + self.unplaced.len() as u64 + self.ignored_rows()
    }
}

/// Reads a crime statistics file. `format` `None` detects it from the header. Errors only for an
/// unreadable file or a header that does not fit the format; every data row is accounted for in
/// the result (see the module documentation).
pub fn parse_crime_file(
    path: &Path,
    format: Option<CrimeFileFormat>,
    gazetteer: &Gazetteer,
) -> Result<ParsedCrimeFile> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_path(path)
        .with_context(|| format!("opening {}", path.display()))?;
    let header = reader
        .headers()
        .with_context(|| format!("reading {}", path.display()))?
        .clone();
    let format = match format.or_else(|| CrimeFileFormat::detect(&header)) {
        Some(f) => f,
        None => bail!(
            "{}: unknown crime file layout (header: {:?})",
            path.display(),
            header
        ),
    };
    let columns = Columns::find(format, &header).with_context(|| format!("{}", path.display()))?;
    let mut parsed = ParsedCrimeFile {
        format,
        rows_read: 0,
        figures: Vec::new(),
        unplaced: Vec::new(),
        ignored_categories: BTreeMap::new(),
    };
    let mut first_line: HashMap<(String, BoundaryLevel, i32, i32), u64> = HashMap::new();
    for result in reader.records() {
        let record = match result {
            Ok(record) => record,
            Err(e) if matches!(e.kind(), csv::ErrorKind::Io(_)) => {
                return Err(e).with_context(|| format!("reading {}", path.display()))
            }
            Err(e) => {
                parsed.rows_read += 1;
                let line = e.position().map(|p| p.line()).unwrap_or(0);
                parsed.unplaced.push(unplaced(
                    line,
                    format!("unreadable CSV record: {e}"),
                    "",
                    "",
                    "",
                ));
                continue;
            }
        };
        parsed.rows_read += 1;
        let line = record.position().map(|p| p.line()).unwrap_or(0);
        match read_row(&columns, &record, line, gazetteer) {
            Outcome::Ignored(category) => {
                *parsed.ignored_categories.entry(category).or_default() += 1
            }
            Outcome::Unplaced(row) => parsed.unplaced.push(row),
            Outcome::Figures(figures, row) => {
                let keys: Vec<_> = figures
                    .iter()
                    .map(|f| {
                        (
                            f.boundary_code.clone(),
                            f.level,
                            f.crime_type_id,
                            f.period_start_year,
                        )
                    })
                    .collect();
                if let Some(first) = keys.iter().find_map(|k| first_line.get(k)) {
                    let reason = format!(
                        "duplicate figure for this station, crime type and year (first given on line {first}, boundary {})",
                        figures[0].boundary_code
                    );
                    parsed.unplaced.push(UnplacedRow { reason, ..row });
                } else {
                    for k in keys {
                        first_line.insert(k, line);
                    }
                    parsed.figures.extend(figures);
                }
            }
        }
    }
    Ok(parsed)
}

/// Column positions of one format in a header.
struct Columns {
    format: CrimeFileFormat,
    station: usize,
    province: usize,
    category: usize,
    /// Wide formats: (column, period start year). Long/annual: unused.
    years: Vec<(usize, i32)>,
    /// `comp_level` (annual) or unused.
    level: usize,
    /// `year` (annual) or `period_start` (long).
    period_start: usize,
    /// `period_end` (long).
    period_end: usize,
    /// `crime_count` (annual) or `count` (long).
    count: usize,
}

impl Columns {
    fn find(format: CrimeFileFormat, header: &StringRecord) -> Result<Columns> {
        let names: Vec<String> = header
            .iter()
            .map(|h| h.trim_start_matches('\u{feff}').trim().to_lowercase())
            .collect();
        let col = |name: &str| {
            names
                .iter()
                .position(|n| n == name)
                .ok_or_else(|| anyhow::anyhow!("format {}: no column {name:?}", format.name()))
        };
        let years = |parse: fn(&str) -> Option<i32>| -> Vec<(usize, i32)> {
            names
                .iter()
                .enumerate()
                .filter_map(|(i, n)| parse(n).map(|y| (i, y)))
                .collect()
        };
        let mut c = Columns {
            format,
            station: 0,
            province: 0,
            category: 0,
            years: Vec::new(),
            level: 0,
            period_start: 0,
            period_end: 0,
            count: 0,
        };
        match format {
            CrimeFileFormat::StationAnnual2005 | CrimeFileFormat::StationAnnual2003 => {
                let (category, parse): (&str, fn(&str) -> Option<i32>) =
                    if format == CrimeFileFormat::StationAnnual2005 {
                        ("category", |n| financial_year(n, '-'))
                    } else {
                        ("crime", |n| {
                            (n.len() == 4).then(|| n.parse().ok()).flatten()
                        })
                    };
                c.station = col("station")?;
                c.province = col("province")?;
                c.category = col(category)?;
                c.years = years(parse);
                if c.years.is_empty() {
                    bail!("format {}: no year columns", format.name());
                }
            }
            CrimeFileFormat::ProvincialAnnual2013 => {
                c.level = col("comp_level")?;
                c.station = col("station")?;
                c.province = col("province")?;
                c.category = col("crime_category")?;
                c.period_start = col("year")?;
                c.count = col("crime_count")?;
            }
            CrimeFileFormat::Long => {
                c.station = col("boundary")?;
                c.province = col("province")?;
                c.category = col("crime_category")?;
                c.period_start = col("period_start")?;
                c.period_end = col("period_end")?;
                c.count = col("count")?;
            }
        }
        Ok(c)
    }
}

/// `2005-2006` (with `sep` '-') or `x2013_2014` → 2005 / 2013; `None` unless the second year
/// follows the first.
fn financial_year(name: &str, sep: char) -> Option<i32> {
    let name = name.trim().trim_start_matches(['x', 'X']);
    let (a, b) = name.split_once(sep)?;
    let (a, b): (i32, i32) = (a.parse().ok()?, b.parse().ok()?);
    (a.to_string().len() == 4 && b == a + 1).then_some(a)
}

enum Outcome {
    Ignored(String),
    Unplaced(UnplacedRow),
    /// The figures and the row (for reporting a duplicate).
    Figures(Vec<CrimeFigureRow>, UnplacedRow),
}

fn unplaced(
    line: u64,
    reason: String,
    station: &str,
    province: &str,
    category: &str,
) -> UnplacedRow {
    UnplacedRow {
        line,
        reason,
        station: station.to_string(),
        province: province.to_string(),
        category: category.to_string(),
    }
}

fn parse_count(text: &str) -> Result<i64, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if n >= 0 => Ok(n),
        Ok(_) => Err("count is negative".to_string()),
        Err(_) => Err(format!("count is not a whole number ({:?})", text)),
    }
}

fn read_row(c: &Columns, record: &StringRecord, line: u64, gazetteer: &Gazetteer) -> Outcome {
    let field = |i: usize| record.get(i).unwrap_or("");
    let (station, province, category) = (field(c.station), field(c.province), field(c.category));
    let row = |reason: String| unplaced(line, reason, station, province, category);
    let needed = [
        c.station,
        c.province,
        c.category,
        c.count,
        c.period_start,
        c.period_end,
        c.level,
    ]
    .into_iter()
    .chain(c.years.iter().map(|(i, _)| *i))
    .max()
    .unwrap_or(0);
    if record.len() <= needed {
        return Outcome::Unplaced(row(format!(
            "row has {} fields, expected at least {}",
            record.len(),
            needed + 1
        )));
    }
    let Some(crime_type) = crime_type_by_category(category) else {
        return Outcome::Ignored(category.trim().to_string());
    };
    let place = match c.format {
        CrimeFileFormat::StationAnnual2005 | CrimeFileFormat::StationAnnual2003 => gazetteer
            .place_station(station, province)
            .map(|code| (code, BoundaryLevel::SapsPrecinct))
            .map_err(|e| e.to_string()),
        CrimeFileFormat::ProvincialAnnual2013 => {
            place_annual(field(c.level), station, province, gazetteer)
        }
        CrimeFileFormat::Long => place_long(station, province, gazetteer),
    };
    let (code, level) = match place {
        Ok(place) => place,
        Err(reason) => return Outcome::Unplaced(row(reason)),
    };
    let mut counts = Vec::new();
    match c.format {
        CrimeFileFormat::StationAnnual2005 | CrimeFileFormat::StationAnnual2003 => {
            for (i, year) in &c.years {
                match parse_count(field(*i)) {
                    Ok(n) => counts.push((*year, n)),
                    Err(reason) => {
                        return Outcome::Unplaced(row(format!("{reason} in column {year}")))
                    }
                }
            }
        }
        CrimeFileFormat::ProvincialAnnual2013 => {
            let Some(year) = financial_year(field(c.period_start), '_') else {
                return Outcome::Unplaced(row(format!(
                    "year {:?} is not a SAPS financial year",
                    field(c.period_start)
                )));
            };
            match parse_count(field(c.count)) {
                Ok(n) => counts.push((year, n)),
                Err(reason) => return Outcome::Unplaced(row(reason)),
            }
        }
        CrimeFileFormat::Long => {
            let year = match financial_year_of_period(field(c.period_start), field(c.period_end)) {
                Ok(year) => year,
                Err(reason) => return Outcome::Unplaced(row(reason)),
            };
            match parse_count(field(c.count)) {
                Ok(n) => counts.push((year, n)),
                Err(reason) => return Outcome::Unplaced(row(reason)),
            }
        }
    }
    let figures = counts
        .into_iter()
        .map(|(year, count)| CrimeFigureRow {
            line,
            boundary_code: code.clone(),
            level,
            crime_type_id: crime_type.id,
            period_start_year: year,
            count,
        })
        .collect();
    Outcome::Figures(figures, row(String::new()))
}

/// Places a `saps-annual` row by its `comp_level`.
fn place_annual(
    comp_level: &str,
    station: &str,
    province: &str,
    gazetteer: &Gazetteer,
) -> Result<(String, BoundaryLevel), String> {
    match comp_level.trim().to_lowercase().as_str() {
        "national" => Ok((NATION_CODE.to_string(), BoundaryLevel::National)),
        "province" | "provincial" => gazetteer
            .province_code(station)
            .map(|p| (p.to_string(), BoundaryLevel::Province))
            .ok_or_else(|| "unknown province".to_string()),
        "station" => gazetteer
            .place_station(station, province)
            .map(|code| (code, BoundaryLevel::SapsPrecinct))
            .map_err(|e| e.to_string()),
        other => Err(format!("unknown compilation level {other:?}")),
    }
}

/// Places a `long` row: a boundary code, or a station name with its province.
fn place_long(
    boundary: &str,
    province: &str,
    gazetteer: &Gazetteer,
) -> Result<(String, BoundaryLevel), String> {
    let Some((code, level)) = gazetteer.resolve_code(boundary) else {
        return gazetteer
            .place_station(boundary, province)
            .map(|code| (code, BoundaryLevel::SapsPrecinct))
            .map_err(|e| e.to_string());
    };
    if province.trim().is_empty() || level == BoundaryLevel::National {
        return Ok((code, level));
    }
    let Some(given) = gazetteer.province_code(province) else {
        return Err("unknown province".to_string());
    };
    let actual = if level == BoundaryLevel::Province {
        Some(code.clone())
    } else {
        gazetteer
            .ancestors_with_level(&code, level)
            .into_iter()
            .find(|(_, l)| *l == BoundaryLevel::Province)
            .map(|(c, _)| c)
    };
    match actual {
        Some(actual) if actual == given => Ok((code, level)),
        Some(actual) => Err(format!(
            "province {given} does not match boundary {code} (in {actual})"
        )),
        None => Err(format!("boundary {code} has no province")),
    }
}

/// The SAPS financial year of a `long` row's period, or the reason it is not one.
fn financial_year_of_period(start: &str, end: &str) -> Result<i32, String> {
    let date = |s: &str| {
        let t = s.trim();
        let shape_ok = t.len() == 10
            && t.char_indices().all(|(i, c)| {
                if i == 4 || i == 7 {
                    c == '-'
                } else {
                    c.is_ascii_digit()
                }
            });
        shape_ok
            .then(|| NaiveDate::parse_from_str(t, "%Y-%m-%d").ok())
            .flatten()
            .ok_or_else(|| format!("period date {s:?} is not an ISO date (YYYY-MM-DD)"))
    };
    let (start, end) = (date(start)?, date(end)?);
    let year = start.year();
    let whole = (start.month(), start.day()) == (4, 1)
        && end == NaiveDate::from_ymd_opt(year + 1, 3, 31).expect("31 March exists");
    if whole {
        Ok(year)
    } else {
        Err(format!(
            "period {start} to {end} is not a whole SAPS financial year (1 April to 31 March)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::PathBuf;

    fn data_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")
    }

    fn gazetteer() -> Gazetteer {
        Gazetteer::load(&data_dir()).unwrap()
    }

    fn parse(file: &str, gaz: &Gazetteer) -> ParsedCrimeFile {
        parse_crime_file(&data_dir().join("crime").join(file), None, gaz).unwrap()
    }

    /// Prints the unplaced stations of a file (one line per station and reason).
    fn report(file: &str, parsed: &ParsedCrimeFile) {
        let mut stations: BTreeMap<(String, String, String), u64> = BTreeMap::new();
        for u in &parsed.unplaced {
            *stations
                .entry((u.station.clone(), u.province.clone(), u.reason.clone()))
                .or_default() += 1;
        }
        eprintln!(
            "{file} ({}): {} rows read, {} placed, {} unplaced, {} ignored ({} categories), {} figures",
            parsed.format.name(),
            parsed.rows_read,
            parsed.placed_rows(),
            parsed.unplaced.len(),
            parsed.ignored_rows(),
            parsed.ignored_categories.len(),
            parsed.figures.len()
        );
        for ((station, province, reason), rows) in stations {
            eprintln!("  unplaced: {station} ({province}): {reason} [{rows} rows]");
        }
    }

    fn figure(parsed: &ParsedCrimeFile, code: &str, type_id: i32, year: i32) -> i64 {
        let found: Vec<_> = parsed
            .figures
            .iter()
            .filter(|f| {
                f.boundary_code == code && f.crime_type_id == type_id && f.period_start_year == year
            })
            .collect();
        assert_eq!(found.len(), 1, "{code} {type_id} {year}");
        found[0].count
    }

    /// The raw text of the first line of `file` that starts with `prefix`, split on commas.
    fn raw_line(file: &str, prefix: &str) -> Vec<String> {
        let text = std::fs::read_to_string(data_dir().join("crime").join(file)).unwrap();
        let line = text.lines().find(|l| l.starts_with(prefix)).unwrap();
        line.split(',').map(str::to_string).collect()
    }

    #[test]
    fn format_names_and_detection() {
        for f in CrimeFileFormat::ALL {
            assert_eq!(CrimeFileFormat::parse(f.name()), Some(f));
        }
        assert_eq!(CrimeFileFormat::parse("excel"), None);
        let detect = |h: &[&str]| CrimeFileFormat::detect(&StringRecord::from(h.to_vec()));
        assert_eq!(
            detect(&["Province", "Station", "Category", "2005-2006"]),
            Some(CrimeFileFormat::StationAnnual2005)
        );
        assert_eq!(
            detect(&["station", "province", "crime", "2003", "2004"]),
            Some(CrimeFileFormat::StationAnnual2003)
        );
        assert_eq!(
            detect(&[
                "\u{feff}boundary",
                "province",
                "crime_category",
                "period_start",
                "period_end",
                "count"
            ]),
            Some(CrimeFileFormat::Long)
        );
        assert_eq!(detect(&["station", "province", "crime"]), None);
        assert_eq!(financial_year("2005-2006", '-'), Some(2005));
        assert_eq!(financial_year("x2022_2023", '_'), Some(2022));
        assert_eq!(financial_year("x2022_2024", '_'), None);
    }

    #[test]
    fn every_shipped_file_accounts_for_every_row() {
        let gaz = gazetteer();
        let files = [
            (
                "SouthAfricaCrimeStats_v2.csv",
                CrimeFileFormat::StationAnnual2005,
                30_861,
            ),
            (
                "afrith-crime-stats-2003-2012.csv",
                CrimeFileFormat::StationAnnual2003,
                32_828,
            ),
            (
                "df_crime_sa_provincial.csv",
                CrimeFileFormat::ProvincialAnnual2013,
                3_510,
            ),
            (
                "df_crime_sa_national.csv",
                CrimeFileFormat::ProvincialAnnual2013,
                390,
            ),
        ];
        for (file, format, rows) in files {
            let parsed = parse(file, &gaz);
            report(file, &parsed);
            assert_eq!(parsed.format, format, "{file}");
            assert_eq!(parsed.rows_read, rows, "{file}");
            assert!(parsed.is_complete(), "{file}: rows not accounted for");
            assert!(parsed.figures.iter().all(|f| f.count >= 0));
            assert!(
                !parsed
                    .ignored_categories
                    .keys()
                    .any(|c| crime_type_by_category(c).is_some()),
                "{file}: a GBVF category was ignored"
            );
        }
    }

    #[test]
    fn national_and_provincial_figures_match_the_source_notes() {
        let gaz = gazetteer();
        let national = parse("df_crime_sa_national.csv", &gaz);
        assert!(national.unplaced.is_empty());
        assert!(national
            .figures
            .iter()
            .all(|f| f.level == BoundaryLevel::National && f.boundary_code == "ZA"));
        assert_eq!(figure(&national, "ZA", 6, 2022), 27_494);
        assert_eq!(figure(&national, "ZA", 2, 2022), 42_780);
        assert_eq!(figure(&national, "ZA", 1, 2022), 53_498);
        assert_eq!(figure(&national, "ZA", 10, 2022), 15_342);
        let provincial = parse("df_crime_sa_provincial.csv", &gaz);
        assert!(provincial.unplaced.is_empty());
        let rape: Vec<_> = provincial
            .figures
            .iter()
            .filter(|f| f.crime_type_id == 2 && f.period_start_year == 2022)
            .collect();
        assert_eq!(rape.len(), 9);
        assert!(rape.iter().all(|f| f.level == BoundaryLevel::Province));
        assert_eq!(rape.iter().map(|f| f.count).sum::<i64>(), 42_780);
        // Province figures add up to the national ones for every GBVF type and year.
        for f in &national.figures {
            let sum: i64 = provincial
                .figures
                .iter()
                .filter(|p| {
                    p.crime_type_id == f.crime_type_id && p.period_start_year == f.period_start_year
                })
                .map(|p| p.count)
                .sum();
            assert_eq!(
                sum, f.count,
                "type {} year {}",
                f.crime_type_id, f.period_start_year
            );
        }
    }

    #[test]
    fn station_figures_equal_the_raw_file() {
        let gaz = gazetteer();
        let kaggle = parse("SouthAfricaCrimeStats_v2.csv", &gaz);
        let raw = raw_line(
            "SouthAfricaCrimeStats_v2.csv",
            "Western Cape,Cape Town Central,Murder,",
        );
        let code = gaz.place_station("Cape Town Central", "WC").unwrap();
        assert_eq!(
            figure(&kaggle, &code, 6, 2005),
            raw[3].parse::<i64>().unwrap()
        );
        assert_eq!(
            figure(&kaggle, &code, 6, 2015),
            raw[13].parse::<i64>().unwrap()
        );
        let raw = raw_line(
            "SouthAfricaCrimeStats_v2.csv",
            "Eastern Cape,Grahamstown,Sexual Offences,",
        );
        let code = gaz.place_station("Makhanda", "EC").unwrap();
        assert_eq!(
            figure(&kaggle, &code, 1, 2010),
            raw[8].parse::<i64>().unwrap()
        );

        let afrith = parse("afrith-crime-stats-2003-2012.csv", &gaz);
        let raw = raw_line("afrith-crime-stats-2003-2012.csv", "Aberdeen,EC,Murder,");
        let code = gaz.place_station("Aberdeen", "EC").unwrap();
        assert_eq!(
            figure(&afrith, &code, 6, 2003),
            raw[3].parse::<i64>().unwrap()
        );
        assert_eq!(figure(&afrith, &code, 6, 2003), 6);
        assert_eq!(
            figure(&afrith, &code, 6, 2012),
            raw[12].parse::<i64>().unwrap()
        );
        let raw = raw_line(
            "afrith-crime-stats-2003-2012.csv",
            "Richmond,NC,Total Sexual Crimes,",
        );
        let code = gaz.place_station("Richmond NC", "").unwrap();
        assert_eq!(
            figure(&afrith, &code, 1, 2008),
            raw[8].parse::<i64>().unwrap()
        );
    }

    /// The station series and the provincial series agree where they overlap (2013/14–2015/16):
    /// placed station figures plus the raw counts of unplaced rows give the national figure.
    #[test]
    fn station_figures_add_up_to_the_national_series() {
        let gaz = gazetteer();
        let kaggle_path = data_dir().join("crime/SouthAfricaCrimeStats_v2.csv");
        let kaggle = parse_crime_file(&kaggle_path, None, &gaz).unwrap();
        let national = parse("df_crime_sa_national.csv", &gaz);
        let unplaced_lines: BTreeSet<u64> = kaggle.unplaced.iter().map(|u| u.line).collect();
        let mut raw = csv::Reader::from_path(&kaggle_path).unwrap();
        let mut unplaced_counts: HashMap<(i32, i32), i64> = HashMap::new();
        for record in raw.records() {
            let record = record.unwrap();
            if !unplaced_lines.contains(&record.position().unwrap().line()) {
                continue;
            }
            let type_id = crime_type_by_category(&record[2]).unwrap().id;
            for (i, year) in (3..14).zip(2005..) {
                *unplaced_counts.entry((type_id, year)).or_default() +=
                    record[i].parse::<i64>().unwrap();
            }
        }
        for type_id in [1, 6, 7, 8, 9] {
            for year in 2013..=2015 {
                let placed: i64 = kaggle
                    .figures
                    .iter()
                    .filter(|f| f.crime_type_id == type_id && f.period_start_year == year)
                    .map(|f| f.count)
                    .sum();
                let missing = unplaced_counts.get(&(type_id, year)).copied().unwrap_or(0);
                assert_eq!(
                    placed + missing,
                    figure(&national, "ZA", type_id, year),
                    "type {type_id} year {year}"
                );
            }
        }
    }

    #[test]
    fn long_format_places_codes_and_stations_and_reports_the_rest() {
        let gaz = gazetteer();
        let dir = std::env::temp_dir().join(format!("gbvf-long-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("long.csv");
        let rows = [
            "boundary,province,crime_category,period_start,period_end,count",
            "ZA,,Murder,2023-04-01,2024-03-31,26232",
            "Gauteng,,Murder,2023-04-01,2024-03-31,1",
            "GP,Gauteng,Rape,2023-04-01,2024-03-31,12000",
            "CPT,,Rape,2023-04-01,2024-03-31,3000",
            "DC10,EC,Rape,2023-04-01,2024-03-31,300",
            "PD210001,,Rape,2023-04-01,2024-03-31,4",
            "Grahamstown,EC,Sexual Offences,2023-04-01,2024-03-31,80",
            "Richmond,KZN,Kidnapping,2023-04-01,2024-03-31,2",
            "Richmond,,Kidnapping,2023-04-01,2024-03-31,2",
            "Atlantis City,WC,Murder,2023-04-01,2024-03-31,2",
            "Aberdeen,Atlantis,Murder,2023-04-01,2024-03-31,2",
            "Aberdeen,EC,Murder,2023-01-01,2023-12-31,2",
            "Aberdeen,EC,Murder,2023-04-01,2024-03-3,2",
            "Aberdeen,EC,Murder,2023-04-01,2024-03-31,2.5",
            "Aberdeen,EC,Murder,2023-04-01,2024-03-31,-1",
            "Aberdeen,EC,Murder,2023-04-01,2024-03-31,7",
            "Aberdeen,EC,Murder,2023-04-01,2024-03-31,8",
            "EC108,GP,Murder,2023-04-01,2024-03-31,9",
            "Aberdeen,EC,Shoplifting,2023-04-01,2024-03-31,9",
            "Aberdeen,EC,Sexual offences detected as a result of police action,2023-04-01,2024-03-31,9",
            "Aberdeen,EC,Murder",
        ];
        std::fs::write(&path, rows.join("\n")).unwrap();
        let parsed = parse_crime_file(&path, None, &gaz).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        report("long.csv", &parsed);
        assert_eq!(parsed.format, CrimeFileFormat::Long);
        assert_eq!(parsed.rows_read, rows.len() as u64 - 1);
        assert!(parsed.is_complete());
        let placed: Vec<(&str, BoundaryLevel, i32, i64)> = parsed
            .figures
            .iter()
            .map(|f| (f.boundary_code.as_str(), f.level, f.crime_type_id, f.count))
            .collect();
        let makhanda = gaz.place_station("Makhanda", "EC").unwrap();
        let richmond = gaz.place_station("Richmond KZN", "").unwrap();
        let aberdeen = gaz.place_station("Aberdeen", "EC").unwrap();
        assert_eq!(
            placed,
            vec![
                ("ZA", BoundaryLevel::National, 6, 26232),
                ("GP", BoundaryLevel::Province, 2, 12000),
                ("CPT", BoundaryLevel::Municipality, 2, 3000),
                ("DC10", BoundaryLevel::District, 2, 300),
                ("PD210001", BoundaryLevel::SapsPrecinct, 2, 4),
                (makhanda.as_str(), BoundaryLevel::SapsPrecinct, 1, 80),
                (richmond.as_str(), BoundaryLevel::SapsPrecinct, 10, 2),
                (aberdeen.as_str(), BoundaryLevel::SapsPrecinct, 6, 7),
            ]
        );
        assert!(parsed.figures.iter().all(|f| f.period_start_year == 2023));
        let reasons: Vec<(u64, &str)> = parsed
            .unplaced
            .iter()
            .map(|u| (u.line, u.reason.as_str()))
            .collect();
        let starts = |line: u64, prefix: &str| {
            let r = reasons
                .iter()
                .find(|(l, _)| *l == line)
                .unwrap_or_else(|| panic!("line {line}"));
            assert!(r.1.starts_with(prefix), "line {line}: {:?}", r.1);
        };
        starts(3, "unknown station");
        starts(10, "ambiguous station name");
        starts(11, "unknown station");
        starts(12, "unknown province");
        starts(
            13,
            "period 2023-01-01 to 2023-12-31 is not a whole SAPS financial year",
        );
        starts(14, "period date");
        starts(15, "count is not a whole number");
        starts(16, "count is negative");
        starts(18, "duplicate figure for this station, crime type and year");
        starts(19, "province GP does not match boundary EC108");
        starts(22, "row has 3 fields, expected at least 6");
        assert_eq!(parsed.unplaced.len(), 11);
        assert_eq!(parsed.ignored_categories.get("Shoplifting"), Some(&1));
        assert_eq!(
            parsed
                .ignored_categories
                .get("Sexual offences detected as a result of police action"),
            Some(&1)
        );
    }
}
