//! Reading the shipped provider directories: rows as written, cleaned of their scraping
//! artefacts, their phone numbers, and the rules that find one provider in two files.

use std::path::Path;

use anyhow::{anyhow, Context, Result};
use gbvf_events::building_block::{ContactDetail, SHELTER_BUILDING_BLOCK_ID};

use super::{FileLayout, ProviderFile};
use crate::sources::province_code;

/// Digits-only phone numbers from a published `Tel` field such as `"042-2338800, 042-2338802"`
/// or `0498460497/0498460630`; nine-digit numbers lost their leading 0 in the source and get
/// it back. Fragments shorter than 9 digits are dropped.
pub fn phone_numbers(tel: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in tel.split(['/', ',', ';']) {
        let digits: String = part.chars().filter(|c| c.is_ascii_digit()).collect();
        let number = match digits.len() {
            9 => format!("0{digits}"),
            10..=12 => digits,
            _ => continue,
        };
        if !out.contains(&number) {
            out.push(number);
        }
    }
    out
}

pub(super) fn contacts_of(tel: &str) -> Vec<ContactDetail> {
    phone_numbers(tel)
        .into_iter()
        .enumerate()
        .map(|(i, detail)| ContactDetail {
            contact_type_id: if i == 0 { 3 } else { 4 },
            detail,
        })
        .collect()
}

/// The building block of a provider row: police 1, courts 2, clinics 3 or hospitals 4
/// (a `Type` ending in `Hospital`), shelters 5; a lower court of `courts_refine.tsv` is 2
/// (sexual offences court) when its `sexual_offense_court` is Yes, else 6 (lower court).
/// Returns (category, block).
pub(super) fn block_of(file: &ProviderFile, kind: &str, sexual_offences: bool) -> (i32, i32) {
    match file.number {
        1 => (1, 1),
        2 => (2, 2),
        3 if kind.trim().ends_with("Hospital") => (3, 4),
        3 => (3, 3),
        5 if sexual_offences => (2, 2),
        5 => (2, LOWER_COURT_BUILDING_BLOCK_ID),
        // 4 shelters.csv, 6 the NSM 2018 shelter directory.
        _ => (4, SHELTER_BUILDING_BLOCK_ID),
    }
}

/// Building block 6, "Lower court" (`taxonomy.json`): the magistrate's, branch, periodical and
/// detached courts of `courts_refine.tsv` that are not sexual offences courts.
pub const LOWER_COURT_BUILDING_BLOCK_ID: i32 = 6;

/// One data row of a provider file, cleaned, before placement.
#[derive(Debug, Clone, PartialEq)]
pub struct RawRow {
    /// Line of the file (the header is line 1).
    pub line: u64,
    /// Name as written (for courts_refine, the office name without its HTML).
    pub name: String,
    /// Province as written.
    pub province: String,
    /// Telephone field as written.
    pub tel: String,
    /// `Type` (or `court_type`; for [`FileLayout::AreaNamed`], the `Area` town).
    pub kind: String,
    /// WGS84 `[lon, lat]` when the row has a usable point.
    pub point: Option<[f64; 2]>,
    /// MDB 2020 municipality code (shelters only, instead of a point).
    pub municipality_code: Option<String>,
    /// courts_refine: `sexual_offense_court` is Yes.
    pub sexual_offences: bool,
}

/// A `courts_refine.tsv` value without its scraping artefacts: HTML tags, the Python-list
/// quotes and brackets (`" 'Eastern Cape']"` → `Eastern Cape`) and literal `\t`.
pub fn clean_refine_value(raw: &str) -> String {
    let mut text = String::with_capacity(raw.len());
    let mut in_tag = false;
    for c in raw.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("\\t", " ")
        .trim()
        .trim_start_matches('\'')
        .trim_end_matches(']')
        .trim_end_matches('\'')
        .trim()
        .to_string()
}

/// A `courts_refine.tsv` GPS value, written either `E 24.06257; S -32.47731` (lon; lat) or
/// `-24.5971; 31.04835` (lat; lon), as `[lon, lat]`: South African latitudes are negative and
/// longitudes positive, so the sign tells them apart. `None` for an empty or odd value.
pub fn refine_point(gps: &str) -> Option<[f64; 2]> {
    let numbers: Vec<f64> = gps
        .split(';')
        .map(|part| {
            part.trim()
                .trim_start_matches(['E', 'S', 'N', 'W'])
                .trim()
                .parse::<f64>()
        })
        .collect::<Result<_, _>>()
        .ok()?;
    match numbers[..] {
        [a, b] if a < 0.0 && b > 0.0 => Some([b, a]),
        [a, b] if a > 0.0 && b < 0.0 => Some([a, b]),
        _ => None,
    }
}

/// The key under which two rows of different files are the same provider: the province code
/// and the name in lower-case letters and digits only.
pub(super) fn same_provider_key(name: &str, province: &str) -> (String, String) {
    (
        province_code(province).unwrap_or("?").to_string(),
        name.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_lowercase(),
    )
}

/// Words that do not tell two shelters apart (`same_shelter`).
const SHELTER_STOP_WORDS: [&str; 12] = [
    "shelter", "centre", "the", "of", "for", "and", "a", "women", "womens", "children", "trust",
    "home",
];

/// The significant words of a shelter's name: lower-case, without notes in parentheses,
/// `&` read as `and`, `center` as `centre`, `organization` as `organisation`, apostrophes
/// dropped, and without [`SHELTER_STOP_WORDS`].
fn shelter_words(name: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut depth = 0;
    for c in name.to_lowercase().chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = (depth - 1).max(0),
            '\'' | '’' if depth == 0 => {}
            '&' if depth == 0 => plain.push_str(" and "),
            c if depth == 0 && c.is_alphanumeric() => plain.push(c),
            _ if depth == 0 => plain.push(' '),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .map(|w| match w {
            "center" => "centre".to_string(),
            "organization" => "organisation".to_string(),
            w => w.to_string(),
        })
        .filter(|w| !SHELTER_STOP_WORDS.contains(&w.as_str()))
        .collect()
}

/// Whether two shelter rows of different directories are the same shelter (the
/// de-duplication rule of docs/decisions/0051-providers-from-real-directories.md): the same
/// province, and either the significant words of one name are all in the other ("Bombani Shelter" =
/// "Bombani", "On Eagles Wings Multipurpose Centre" = "On Eagles Wings Centre") or the words joined
/// differ by typing slips only (normalised Levenshtein similarity of at least 0.85, `strsim`:
/// "Louiville" = "Louisville").
pub fn same_shelter(name_a: &str, province_a: &str, name_b: &str, province_b: &str) -> bool {
    if province_code(province_a).is_none() || province_code(province_a) != province_code(province_b)
    {
        return false;
    }
    let (a, b) = (shelter_words(name_a), shelter_words(name_b));
    if a.is_empty() || b.is_empty() {
        return false;
    }
    let subset = |x: &[String], y: &[String]| x.iter().all(|w| y.contains(w));
    subset(&a, &b)
        || subset(&b, &a)
        || strsim::normalized_levenshtein(&a.concat(), &b.concat()) >= 0.85
}

/// Reads the data rows of one provider file in its layout (see [`FileLayout`]).
pub fn raw_rows(data_dir: &Path, file: &ProviderFile) -> Result<Vec<RawRow>> {
    let path = data_dir.join("building-blocks").join(file.file);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .delimiter(match file.layout {
            FileLayout::Points | FileLayout::AreaNamed => b',',
            FileLayout::CourtsRefine => b'\t',
        })
        .from_path(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    let headers = reader.headers()?.clone();
    let col = |name: &str| {
        headers
            .iter()
            .position(|h| h.trim().trim_start_matches('\u{feff}') == name)
            .ok_or_else(|| anyhow!("{}: no column {name}", path.display()))
    };
    let mut out = Vec::new();
    match file.layout {
        FileLayout::Points => {
            let (c_prov, c_name, c_tel, c_type) =
                (col("Province")?, col("Name")?, col("Tel")?, col("Type")?);
            // Shelters ship with their municipality's MDB code instead of a point (never a
            // location in the repository); the other files carry WGS84 points.
            let c_muni = col("Municipality").ok();
            let (c_lon, c_lat) = match c_muni {
                Some(_) => (None, None),
                None => (Some(col("Longitude")?), Some(col("Latitude")?)),
            };
            for (i, record) in reader.records().enumerate() {
                let record = record.with_context(|| format!("reading {}", path.display()))?;
                let get = |c: usize| record.get(c).unwrap_or("").trim().to_string();
                let point = match (c_lon, c_lat) {
                    (Some(x), Some(y)) => match (get(x).parse::<f64>(), get(y).parse::<f64>()) {
                        (Ok(lon), Ok(lat)) => Some([lon, lat]),
                        _ => None,
                    },
                    _ => None,
                };
                out.push(RawRow {
                    line: i as u64 + 2,
                    name: get(c_name),
                    province: get(c_prov),
                    tel: get(c_tel),
                    kind: get(c_type),
                    point,
                    municipality_code: c_muni.map(get),
                    sexual_offences: false,
                });
            }
        }
        FileLayout::AreaNamed => {
            let (c_prov, c_area, c_name, c_tel) =
                (col("Province")?, col("Area")?, col("Name")?, col("Tel")?);
            for (i, record) in reader.records().enumerate() {
                let record = record.with_context(|| format!("reading {}", path.display()))?;
                let get = |c: usize| record.get(c).unwrap_or("").trim().to_string();
                out.push(RawRow {
                    line: i as u64 + 2,
                    name: get(c_name),
                    province: get(c_prov),
                    tel: get(c_tel),
                    kind: get(c_area),
                    point: None,
                    municipality_code: None,
                    sexual_offences: false,
                });
            }
        }
        FileLayout::CourtsRefine => {
            let (c_prov, c_name, c_tel, c_type, c_soc, c_gps) = (
                col("Region")?,
                col("office_name")?,
                col("telephone")?,
                col("court_type")?,
                col("sexual_offense_court")?,
                col("GPS")?,
            );
            for (i, record) in reader.records().enumerate() {
                let record = record.with_context(|| format!("reading {}", path.display()))?;
                let get = |c: usize| clean_refine_value(record.get(c).unwrap_or(""));
                out.push(RawRow {
                    line: i as u64 + 2,
                    name: get(c_name),
                    province: get(c_prov),
                    tel: get(c_tel),
                    kind: get(c_type),
                    point: refine_point(&get(c_gps)),
                    municipality_code: None,
                    sexual_offences: get(c_soc).eq_ignore_ascii_case("yes"),
                });
            }
        }
    }
    Ok(out)
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn courts_refine_values_lose_their_scraping_artefacts() {
        assert_eq!(clean_refine_value(" ' Eastern Cape']"), "Eastern Cape");
        assert_eq!(
            clean_refine_value(r#" <span class="officenamecolor">Aberdeen</span>]"#),
            "Aberdeen"
        );
        assert_eq!(clean_refine_value(" 'Yes ']"), "Yes");
        assert_eq!(
            clean_refine_value(" '2A Porter Street, Aberdeen 6270\\t']"),
            "2A Porter Street, Aberdeen 6270"
        );
        assert_eq!(clean_refine_value(""), "");
    }

    #[test]
    fn shelters_of_two_directories_match_by_province_and_name() {
        let wc = "Western Cape";
        assert!(same_shelter(
            "Bombani",
            "Gauteng",
            "Bombani Shelter",
            "Gauteng"
        ));
        assert!(same_shelter(
            "On Eagles Wings Centre",
            "Eastern Cape",
            "On Eagles Wings Multipurpose Centre",
            "EASTERN CAPE"
        ));
        assert!(same_shelter(
            "Kwanobuhle Outreach Centre",
            "Eastern Cape",
            "Kwanobuhle Outreach Centre (government-run shelter)",
            "Eastern Cape"
        ));
        assert!(same_shelter(
            "Child and Family Welfare",
            "Free State",
            "Child & Family Welfare",
            "Free State"
        ));
        assert!(same_shelter(
            "L’Abri De Dieu Safe House",
            wc,
            "L Abrie de Dieu Safe House",
            wc
        ));
        assert!(same_shelter(
            "Louisville Shelter",
            "Mpumalanga",
            "Louiville Shelter",
            "Mpumalanga"
        ));
        // Another province, or different names, are different shelters.
        assert!(!same_shelter(
            "Bombani",
            "Gauteng",
            "Bombani Shelter",
            "Limpopo"
        ));
        assert!(!same_shelter(
            "Masisukumeni Shelter",
            "Eastern Cape",
            "Masimanyane Shelter",
            "Eastern Cape"
        ));
        assert!(!same_shelter("Shelter", wc, "The Shelter", wc));
    }

    #[test]
    fn courts_refine_points_in_either_order() {
        assert_eq!(
            refine_point("E 24.06257; S -32.47731"),
            Some([24.06257, -32.47731])
        );
        assert_eq!(
            refine_point("-24.5971; 31.04835"),
            Some([31.04835, -24.5971])
        );
        assert_eq!(refine_point(""), None);
        assert_eq!(refine_point("12.0; 13.0"), None);
    }

    #[test]
    fn phone_numbers_are_digits_with_leading_zero() {
        assert_eq!(
            phone_numbers("042-2338800, 042-2338802"),
            vec!["0422338800", "0422338802"]
        );
        assert_eq!(phone_numbers("422330358"), vec!["0422330358"]);
        assert_eq!(
            phone_numbers("0796932105/0436055171"),
            vec!["0796932105", "0436055171"]
        );
        assert!(phone_numbers("n/a").is_empty());
    }
}
