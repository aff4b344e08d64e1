//! Building blocks: the reference taxonomy and the service providers of the public directories
//! (`data/building-blocks/`) enter the event log here, and the municipality's capture and the
//! province's verification are decided here (public spec §2 "Manage building block", §4, §5).
//!
//! # Providers and their placement
//! | file | building block | placed by |
//! |---|---|---|
//! | `police.csv` (1,154 SAPS stations, 2018) | 1 SAPS police station | station name + province joined to `geography/police_stations.csv` (precinct → municipality); when the name does not join, the station point in the MDB 2020 municipalities |
//! | `courts.csv` (70 sexual offences courts, 2018) | 2 Sexual offences court | point in the MDB 2020 municipalities |
//! | `clinics.csv` (3,076 public health facilities, 2019) | 3 Clinic or CHC, 4 Hospital (types ending in `Hospital`) | point in municipality |
//! | `courts_refine.tsv` (714 lower courts, 2018) | 2 Sexual offences court when `sexual_offense_court` is Yes, else 6 Lower court; a court already in `courts.csv` (same province and name in letters and digits) is a *duplicate*, reported and skipped | point in municipality (`GPS`, either order) |
//! | `shelters.csv` (115 shelters, 2019) | 5 Shelter | the municipality's MDB code shipped in the file (precomputed once from the source's shifted point, which is not shipped) |
//! | `shelters_nsm_2018.csv` (80 shelters, NSM 2018; name, town, telephone) | 5 Shelter; a shelter [`same_shelter`] finds in `shelters.csv` is a *duplicate*, reported and skipped | the town as a SAPS precinct name of the province |
//!
//! A point in no municipality is placed in the nearest municipality of the file's province
//! when that lies within [`NEAREST_MUNICIPALITY_MAX_M`] (coastal points; reported as
//! `placed_in_nearest`). A row is *unplaced* (reported, not imported) when its point lies in
//! no municipality farther than that, when
//! the municipality found lies in another province than the file's `Province` column, or when
//! its name is empty. So per province, imported + unplaced = rows of the file.
//!
//! Point-in-polygon uses the `geo` crate against the municipality geometries of the
//! `boundary` read model (MDB 2020 `Muni_2020`, simplified).

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use anyhow::{anyhow, Context, Result};
use gbvf_events::building_block::{
    ContactDetail, ProviderDetails, ProviderEvent, ProviderImportEvent, ProviderImported, Taxonomy,
    TaxonomyEvent, PROVIDER_AGGREGATE, PROVIDER_IMPORT_AGGREGATE, SHELTER_BUILDING_BLOCK_ID,
    TAXONOMY_AGGREGATE, TAXONOMY_ID,
};
use gbvf_events::metadata::EventMetadata;
use gbvf_events::store::NewEvent;
use geo::{
    BoundingRect, Closest, ClosestPoint, Contains, Coord, Distance, Haversine, LineString,
    MultiPolygon, Point, Polygon, Rect,
};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::import::{append_in_batches, file_sha256, ImportError};
use crate::sources::geography::Gazetteer;
use crate::sources::province_code;

/// The shipped provider files in import order, with their source number (the stakeholder id
/// is `1_000_000 × number + line`), building block, dataset name and vintage.
pub const PROVIDER_FILES: [ProviderFile; 6] = [
    ProviderFile {
        file: "police.csv",
        layout: FileLayout::Points,
        duplicates_of: None,
        number: 1,
        dataset: "SAPS station contacts (saps.gov.za, scraped 2018; Code for South Africa Seeking Shelter police.csv)",
        vintage: 2018,
    },
    ProviderFile {
        file: "courts.csv",
        layout: FileLayout::Points,
        duplicates_of: None,
        number: 2,
        dataset: "DoJ&CD sexual offences courts (Code for South Africa Seeking Shelter courts.csv)",
        vintage: 2018,
    },
    ProviderFile {
        file: "clinics.csv",
        layout: FileLayout::Points,
        duplicates_of: None,
        number: 3,
        dataset: "Public health facilities (Code for South Africa Seeking Shelter clinics.csv)",
        vintage: 2019,
    },
    ProviderFile {
        file: "shelters.csv",
        layout: FileLayout::Points,
        duplicates_of: None,
        number: 4,
        dataset: "Shelters for victims of domestic violence (Code for South Africa Seeking Shelter shelters.csv)",
        vintage: 2019,
    },
    ProviderFile {
        file: "courts_refine.tsv",
        layout: FileLayout::CourtsRefine,
        duplicates_of: Some("courts.csv"),
        number: 5,
        dataset: "DoJ&CD lower courts: magistrate's, branch, periodical and detached courts (Seeking Shelter courts_refine.tsv)",
        vintage: 2018,
    },
    ProviderFile {
        file: "shelters_nsm_2018.csv",
        layout: FileLayout::AreaNamed,
        duplicates_of: Some("shelters.csv"),
        number: 6,
        dataset: "National Shelter Movement Provincial Shelter Directory 2018 (Seeking Shelter NSM_ProvincialShelterDirectory_2018.csv; name, town and telephone only)",
        vintage: 2018,
    },
];

/// How a shipped provider file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileLayout {
    /// Comma-separated with `Province`, `Type`, `Name`, `Tel` and `Longitude`/`Latitude`
    /// (shelters: `Municipality`, an MDB 2020 code, instead of the point).
    Points,
    /// `courts_refine.tsv`: tab-separated `Region`, `court_type`, `office_name`,
    /// `sexual_offense_court`, `telephone`, `GPS`, each value wrapped in scraping artefacts
    /// (cleaned by [`clean_refine_value`]; points read by [`refine_point`]).
    CourtsRefine,
    /// Comma-separated `Province`, `Area` (a town), `Name`, `Tel`, no point: placed by the town
    /// as a SAPS precinct name of the province (the NSM 2018 shelter directory).
    AreaNamed,
}

/// One shipped provider file.
#[derive(Debug, Clone, Copy)]
pub struct ProviderFile {
    /// File name under `data/building-blocks/`.
    pub file: &'static str,
    /// How the file is written.
    pub layout: FileLayout,
    /// An earlier file listing some of the same providers: a row with the same province and
    /// name (letters and digits, lower-case) as a row there is a duplicate, not imported.
    pub duplicates_of: Option<&'static str>,
    /// Source number (stakeholder id = 1,000,000 × number + line).
    pub number: i64,
    /// Dataset name stored as each provider's source.
    pub dataset: &'static str,
    /// Year of the data.
    pub vintage: i32,
}

/// Reads `data_dir/building-blocks/taxonomy.json`.
pub fn load_taxonomy(data_dir: &Path) -> Result<Taxonomy> {
    let path = data_dir.join("building-blocks/taxonomy.json");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
}

/// A row that was not imported, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnplacedProvider {
    /// Line of the file (1-based; the header is line 1).
    pub line: u64,
    /// Name as written.
    pub name: String,
    /// Province as written.
    pub province: String,
    /// Why it was not imported.
    pub reason: String,
}

/// What one provider file import did.
#[derive(Debug, Clone, Serialize)]
pub struct ProviderImportReport {
    /// File name.
    pub file_name: String,
    /// True when this exact file had been imported before (nothing appended).
    pub already_imported: bool,
    /// Data rows read.
    pub rows_read: u64,
    /// Providers appended (new or changed).
    pub providers_appended: u64,
    /// Providers unchanged.
    pub providers_unchanged: u64,
    /// Rows not imported.
    pub unplaced: Vec<UnplacedProvider>,
    /// Rows placed in the nearest municipality (their point lies in none); empty when
    /// `already_imported`.
    pub placed_in_nearest: Vec<UnplacedProvider>,
    /// Rows not imported because an earlier file holds the same provider; empty when
    /// `already_imported`.
    pub duplicates: Vec<UnplacedProvider>,
}

/// The municipalities with their geometry, for point-in-polygon placement.
pub struct MunicipalityIndex {
    munis: Vec<(i64, i64, Rect<f64>, MultiPolygon<f64>)>,
    by_code: HashMap<String, (i64, i64)>,
    province_ids: HashMap<String, i64>,
}

fn ring(v: &serde_json::Value) -> Option<LineString<f64>> {
    let coords = v
        .as_array()?
        .iter()
        .map(|p| {
            let p = p.as_array()?;
            Some(Coord {
                x: p.first()?.as_f64()?,
                y: p.get(1)?.as_f64()?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(LineString::new(coords))
}

fn polygon(v: &serde_json::Value) -> Option<Polygon<f64>> {
    let rings = v.as_array()?;
    let exterior = ring(rings.first()?)?;
    let interiors = rings[1..].iter().map(ring).collect::<Option<Vec<_>>>()?;
    Some(Polygon::new(exterior, interiors))
}

/// A GeoJSON Polygon or MultiPolygon as a `geo` MultiPolygon.
pub fn geojson_multipolygon(g: &serde_json::Value) -> Option<MultiPolygon<f64>> {
    match g.get("type")?.as_str()? {
        "Polygon" => Some(MultiPolygon::new(vec![polygon(g.get("coordinates")?)?])),
        "MultiPolygon" => Some(MultiPolygon::new(
            g.get("coordinates")?
                .as_array()?
                .iter()
                .map(polygon)
                .collect::<Option<Vec<_>>>()?,
        )),
        _ => None,
    }
}

impl MunicipalityIndex {
    /// Loads municipalities (id, province id, geometry) and province ids by code from the
    /// `boundary` read model. Errors: geography not imported.
    pub async fn load(pool: &PgPool) -> Result<MunicipalityIndex, ImportError> {
        let rows: Vec<(i64, String, Option<i64>, Option<String>)> = sqlx::query_as(
            "SELECT boundary_id, code, province_id, geometry FROM boundary WHERE level = 'municipality' ORDER BY boundary_id",
        )
        .fetch_all(pool)
        .await?;
        if rows.is_empty() {
            return Err(ImportError::NoGeography);
        }
        let mut munis = Vec::new();
        let mut by_code = HashMap::new();
        for (id, code, province, geometry) in rows {
            let province = province.unwrap_or(0);
            by_code.insert(code, (id, province));
            let Some(g) = geometry
                .and_then(|g| serde_json::from_str::<serde_json::Value>(&g).ok())
                .and_then(|g| geojson_multipolygon(&g))
            else {
                continue;
            };
            if let Some(rect) = g.bounding_rect() {
                munis.push((id, province, rect, g));
            }
        }
        let provinces: Vec<(String, i64)> =
            sqlx::query_as("SELECT code, boundary_id FROM boundary WHERE level = 'province'")
                .fetch_all(pool)
                .await?;
        Ok(MunicipalityIndex {
            munis,
            by_code,
            province_ids: provinces.into_iter().collect(),
        })
    }

    /// The municipality (id, province id) containing `[lon, lat]`, if any.
    pub fn locate(&self, lon: f64, lat: f64) -> Option<(i64, i64)> {
        let p = Point::new(lon, lat);
        self.munis
            .iter()
            .find(|(_, _, rect, g)| rect.contains(&p) && g.contains(&p))
            .map(|(id, prov, _, _)| (*id, *prov))
    }

    /// The municipality nearest to `[lon, lat]` among those of province `province_id`, as
    /// (municipality id, distance in metres): the haversine distance from the point to the
    /// closest point of the municipality's (simplified MDB 2020) boundary, found with the
    /// `geo` crate's `ClosestPoint`. Used only for points that lie in no municipality (coastal
    /// points just outside the simplified coastline); `None` when the province has no geometry.
    pub fn nearest_in_province(&self, lon: f64, lat: f64, province_id: i64) -> Option<(i64, f64)> {
        let p = Point::new(lon, lat);
        self.munis
            .iter()
            .filter(|(_, prov, _, _)| *prov == province_id)
            .filter_map(|(id, _, _, g)| match g.closest_point(&p) {
                Closest::Intersection(c) | Closest::SinglePoint(c) => {
                    Some((*id, Haversine::distance(p, c)))
                }
                Closest::Indeterminate => None,
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// Version of the placement rules, part of each file import's id (see `import_provider_file`).
pub const PLACEMENT_RULES: u32 = 2;

/// How far outside every municipality a provider's point may lie and still be placed in the
/// nearest municipality of its province, in metres (decided in docs/decisions.md, "Issue 11:
/// providers just outside the coastline"). In the shipped files four clinics lie 0.1 to 8.7 km
/// outside the simplified coastline; the two other points in no municipality lie 104 and 474 km
/// away (wrong coordinates) and stay unplaced.
pub const NEAREST_MUNICIPALITY_MAX_M: f64 = 10_000.0;

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

fn contacts_of(tel: &str) -> Vec<ContactDetail> {
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
fn block_of(file: &ProviderFile, kind: &str, sexual_offences: bool) -> (i32, i32) {
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
fn same_provider_key(name: &str, province: &str) -> (String, String) {
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
/// de-duplication rule of docs/decisions.md): the same province, and either the significant
/// words of one name are all in the other ("Bombani Shelter" = "Bombani", "On Eagles Wings
/// Multipurpose Centre" = "On Eagles Wings Centre") or the words joined differ by typing
/// slips only (normalised Levenshtein similarity of at least 0.85, `strsim`: "Louiville" =
/// "Louisville").
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

/// One provider file read and placed (see [`read_providers`]).
#[derive(Debug, Clone)]
pub struct ProviderRows {
    /// Data rows read.
    pub rows: u64,
    /// The placed providers.
    pub providers: Vec<ProviderImported>,
    /// Rows not imported, with the reason.
    pub unplaced: Vec<UnplacedProvider>,
    /// Rows whose point lies in no municipality, placed in the nearest municipality of their
    /// province within [`NEAREST_MUNICIPALITY_MAX_M`] (the reason names the distance).
    pub nearest: Vec<UnplacedProvider>,
    /// Rows not imported because an earlier file holds the same provider (lower courts of
    /// `courts_refine.tsv` already in `courts.csv`; the reason names the line).
    pub duplicates: Vec<UnplacedProvider>,
}

/// Reads one provider file and places every row. Returns the providers, the unplaced rows and
/// the rows placed in the nearest municipality.
pub fn read_providers(
    data_dir: &Path,
    file: &ProviderFile,
    gazetteer: &Gazetteer,
    munis: &MunicipalityIndex,
) -> Result<ProviderRows> {
    let raw = raw_rows(data_dir, file)?;
    // Providers already imported from an earlier file are skipped: courts by the same name and
    // province, shelters by [`same_shelter`].
    let earlier_rows = match file.duplicates_of {
        Some(earlier) => {
            let earlier = PROVIDER_FILES
                .iter()
                .find(|f| f.file == earlier)
                .ok_or_else(|| anyhow!("{earlier} is not a provider file"))?;
            raw_rows(data_dir, earlier)?
        }
        None => Vec::new(),
    };
    let known: HashMap<(String, String), u64> = earlier_rows
        .iter()
        .map(|r| (same_provider_key(&r.name, &r.province), r.line))
        .collect();
    let rows = raw.len() as u64;
    let mut out = Vec::new();
    let mut unplaced = Vec::new();
    let mut nearest = Vec::new();
    let mut duplicates = Vec::new();
    for row in raw {
        let RawRow {
            line,
            name,
            province,
            tel,
            kind,
            point,
            municipality_code,
            sexual_offences,
        } = row;
        let first = if file.layout == FileLayout::AreaNamed {
            earlier_rows
                .iter()
                .find(|r| same_shelter(&r.name, &r.province, &name, &province))
                .map(|r| r.line)
        } else {
            known.get(&same_provider_key(&name, &province)).copied()
        };
        if let Some(first) = first {
            duplicates.push(UnplacedProvider {
                line,
                name: name.clone(),
                province: province.clone(),
                reason: format!(
                    "the same provider as {} line {first} (same province, matching name), imported from there",
                    file.duplicates_of.unwrap_or_default()
                ),
            });
            continue;
        }
        let mut reject = |reason: String| {
            unplaced.push(UnplacedProvider {
                line,
                name: name.clone(),
                province: province.clone(),
                reason,
            })
        };
        if name.is_empty() {
            reject("no name".into());
            continue;
        }
        let Some(prov_code) = province_code(&province) else {
            reject(format!("unknown province {province:?}"));
            continue;
        };
        let Some(&prov_id) = munis.province_ids.get(prov_code) else {
            reject(format!("province {prov_code} is not in the geography"));
            continue;
        };
        // Police stations: the precinct join first.
        let mut placed: Option<(i64, String)> = None;
        // NSM shelters: the town as a precinct name of the province (no point exists).
        let joined = match file.layout {
            FileLayout::AreaNamed => Some(kind.as_str()),
            _ if file.number == 1 => Some(name.as_str()),
            _ => None,
        };
        if let Some(joined) = joined {
            if let Ok(code) = gazetteer.place_station(joined, &province) {
                if let Some(p) = gazetteer.precinct(&code) {
                    // The join must agree with the file's province (a precinct listed under
                    // another province falls back to the point).
                    if let Some(&(muni, p)) = munis.by_code.get(&p.muni_code) {
                        if p == prov_id {
                            let how = if file.number == 1 {
                                "precinct join"
                            } else {
                                "town joined to the SAPS precinct of that name"
                            };
                            placed = Some((muni, how.to_string()));
                        }
                    }
                }
            }
        }
        if let Some(code) = municipality_code {
            match munis.by_code.get(code.as_str()) {
                Some(&(muni, p)) if p == prov_id => {
                    placed = Some((
                        muni,
                        "municipality code (precomputed from the source's shifted point)"
                            .to_string(),
                    ))
                }
                Some(_) => {
                    reject(format!(
                        "its municipality {code} lies in another province than {prov_code}"
                    ));
                    continue;
                }
                None => {
                    reject(format!("no MDB 2020 municipality has the code {code:?}"));
                    continue;
                }
            }
        }
        if placed.is_none() {
            let Some([lon, lat]) = point else {
                reject(if file.layout == FileLayout::AreaNamed {
                    format!("no SAPS precinct named {kind:?} in {prov_code}")
                } else {
                    "no usable coordinates".into()
                });
                continue;
            };
            match munis.locate(lon, lat) {
                Some((muni, p)) if p == prov_id => {
                    placed = Some((muni, "point in municipality".to_string()))
                }
                Some((_, _)) => {
                    reject(format!(
                        "its point lies in a municipality of another province than {prov_code}"
                    ));
                    continue;
                }
                None => match munis.nearest_in_province(lon, lat, prov_id) {
                    Some((muni, metres)) if metres <= NEAREST_MUNICIPALITY_MAX_M => {
                        let how = format!(
                            "nearest municipality of {prov_code} ({:.1} km from its point, which lies in no MDB 2020 municipality)",
                            metres / 1000.0
                        );
                        nearest.push(UnplacedProvider {
                            line,
                            name: name.clone(),
                            province: province.clone(),
                            reason: how.clone(),
                        });
                        placed = Some((muni, how));
                    }
                    Some((_, metres)) => {
                        reject(format!(
                            "its point lies in no MDB 2020 municipality, {:.1} km from the nearest one of {prov_code}",
                            metres / 1000.0
                        ));
                        continue;
                    }
                    None => {
                        reject("its point lies in no MDB 2020 municipality".into());
                        continue;
                    }
                },
            }
        }
        let (municipality_id, placement) = placed.expect("placed above");
        let (category, block) = block_of(file, &kind, sexual_offences);
        let shelter = block == SHELTER_BUILDING_BLOCK_ID;
        out.push(ProviderImported {
            stakeholder_id: file.number * 1_000_000 + line as i64,
            // Stations are named by their town in police.csv, lower courts by their office.
            name: match file.layout {
                _ if file.number == 1 => format!("{name} SAPS"),
                FileLayout::CourtsRefine if !kind.is_empty() => format!("{name} {kind}"),
                _ => name.clone(),
            },
            building_block_id: block,
            building_block_category_id: category,
            municipality_id,
            contacts: contacts_of(&tel),
            // Shelters: the point was used to find the municipality and is dropped here.
            point: if shelter {
                None
            } else {
                point.map(|[x, y]| [(x * 1e5).round() / 1e5, (y * 1e5).round() / 1e5])
            },
            placement,
            source: format!("{} ({})", file.file, file.dataset),
            vintage: file.vintage,
        });
    }
    Ok(ProviderRows {
        rows,
        providers: out,
        unplaced,
        nearest,
        duplicates,
    })
}

/// Records the taxonomy of `data_dir/building-blocks/taxonomy.json` when it differs from the
/// one in the log. Returns whether an event was appended.
pub async fn import_taxonomy(
    pool: &PgPool,
    data_dir: &Path,
    meta: &EventMetadata,
) -> Result<bool, ImportError> {
    let taxonomy = load_taxonomy(data_dir)?;
    let event = TaxonomyEvent::TaxonomyRecorded(taxonomy);
    let last: Option<(i64, serde_json::Value)> = sqlx::query_as(
        "SELECT sequence, payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence DESC LIMIT 1",
    )
    .bind(TAXONOMY_AGGREGATE)
    .bind(TAXONOMY_ID)
    .fetch_optional(pool)
    .await?;
    let payload = serde_json::to_value(&event).expect("serializes");
    let next = match last {
        Some((_, p)) if p == payload => return Ok(false),
        Some((s, _)) => s + 1,
        None => 1,
    };
    append_in_batches(
        pool,
        &[NewEvent::of(
            TAXONOMY_AGGREGATE,
            TAXONOMY_ID,
            next,
            &event,
            meta,
        )],
    )
    .await?;
    Ok(true)
}

/// Imports one shipped provider file: a `ProviderImported` per provider that is new or whose
/// imported record changed, then a `ProviderImportCompleted` with every unplaced row. The same
/// bytes imported again append nothing.
pub async fn import_provider_file(
    pool: &PgPool,
    data_dir: &Path,
    file: &ProviderFile,
    gazetteer: &Gazetteer,
    munis: &MunicipalityIndex,
    meta: &EventMetadata,
) -> Result<ProviderImportReport, ImportError> {
    let path = data_dir.join("building-blocks").join(file.file);
    // The import's id names the file's bytes and the placement rules, so that a change of the
    // rules (2: nearest municipality for points outside every one) re-reads unchanged files.
    let sha = format!("{}+placement-{PLACEMENT_RULES}", file_sha256(&path)?);
    let mut report = ProviderImportReport {
        file_name: file.file.to_string(),
        already_imported: false,
        rows_read: 0,
        providers_appended: 0,
        providers_unchanged: 0,
        unplaced: Vec::new(),
        placed_in_nearest: Vec::new(),
        duplicates: Vec::new(),
    };
    let done: Option<(serde_json::Value,)> = sqlx::query_as(
        "SELECT payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence DESC LIMIT 1",
    )
    .bind(PROVIDER_IMPORT_AGGREGATE)
    .bind(&sha)
    .fetch_optional(pool)
    .await?;
    if let Some((payload,)) = done {
        report.already_imported = true;
        if let Ok(ProviderImportEvent::ProviderImportCompleted {
            rows_read,
            unplaced,
            ..
        }) = serde_json::from_value(payload)
        {
            report.rows_read = rows_read;
            report.unplaced = unplaced
                .into_iter()
                .filter_map(|u| serde_json::from_value(u).ok())
                .collect();
        }
        return Ok(report);
    }
    let ProviderRows {
        rows,
        providers,
        unplaced,
        nearest,
        duplicates,
    } = read_providers(data_dir, file, gazetteer, munis)?;
    report.duplicates = duplicates;
    report.rows_read = rows;
    report.unplaced = unplaced;
    report.placed_in_nearest = nearest;
    let ids: Vec<String> = providers
        .iter()
        .map(|p| p.stakeholder_id.to_string())
        .collect();
    let existing: Vec<(String, i64, Option<serde_json::Value>)> = sqlx::query_as(
        "SELECT aggregate_id, max(sequence),
                (array_agg(payload ORDER BY sequence DESC) FILTER (WHERE event_type = 'ProviderImported'))[1]
         FROM events WHERE aggregate_type = $1 AND aggregate_id = ANY($2) GROUP BY aggregate_id",
    )
    .bind(PROVIDER_AGGREGATE)
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let existing: HashMap<String, (i64, Option<serde_json::Value>)> = existing
        .into_iter()
        .map(|(id, seq, p)| (id, (seq, p)))
        .collect();
    let mut events = Vec::new();
    for p in providers {
        let id = p.stakeholder_id.to_string();
        let event = ProviderEvent::ProviderImported(p);
        let payload = serde_json::to_value(&event).expect("serializes");
        let next = match existing.get(&id) {
            Some((_, Some(old))) if *old == payload => {
                report.providers_unchanged += 1;
                continue;
            }
            Some((seq, _)) => seq + 1,
            None => 1,
        };
        events.push(NewEvent::of(PROVIDER_AGGREGATE, &id, next, &event, meta));
        report.providers_appended += 1;
    }
    events.push(NewEvent::of(
        PROVIDER_IMPORT_AGGREGATE,
        &sha,
        1,
        &ProviderImportEvent::ProviderImportCompleted {
            file_name: file.file.to_string(),
            rows_read: report.rows_read,
            providers_appended: report.providers_appended,
            providers_unchanged: report.providers_unchanged,
            unplaced: report
                .unplaced
                .iter()
                .map(|u| serde_json::to_value(u).expect("serializes"))
                .collect(),
        },
        meta,
    ));
    append_in_batches(pool, &events).await?;
    Ok(report)
}

/// Imports the taxonomy and every shipped provider file. The geography read model must be
/// current (run after the geography import and its catch-up).
pub async fn import_building_blocks(
    pool: &PgPool,
    data_dir: &Path,
    meta: &EventMetadata,
) -> Result<Vec<ProviderImportReport>, ImportError> {
    import_taxonomy(pool, data_dir, meta).await?;
    let gazetteer = Gazetteer::load(data_dir)?;
    let munis = MunicipalityIndex::load(pool).await?;
    let mut reports = Vec::new();
    for f in &PROVIDER_FILES {
        reports.push(import_provider_file(pool, data_dir, f, &gazetteer, &munis, meta).await?);
    }
    Ok(reports)
}

// ---------------------------------------------------------------------------------------------
// The workflow: capture by the municipality, verification by the province.

/// Workflow state of one provider, folded from its events.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProviderState {
    /// Events applied (the aggregate's sequence).
    pub version: i64,
    /// The import record.
    pub imported: Option<ProviderImported>,
    /// Last submitted details.
    pub details: Option<ProviderDetails>,
    /// The sequence of the last `BuildingBlockDetailsSubmitted` in the provider's stream (the
    /// submission's version, which a verify or return names); 0 before any submission.
    pub submission: i64,
    /// Who made the last submission: the event metadata's `actor` (`user:<id>`).
    pub submitted_by: Option<String>,
    /// The details of the last verified submission (what the public sees); `None` before the
    /// first verification.
    pub verified: Option<ProviderDetails>,
    /// `not_captured`, `submitted`, `verified` or `returned`.
    pub status: &'static str,
}

impl ProviderState {
    /// Applies one event; `actor` is its metadata's `actor` (`user:<id>`, `import`, ...).
    pub fn apply(&mut self, e: &ProviderEvent, actor: &str) {
        self.version += 1;
        match e {
            ProviderEvent::ProviderImported(p) => {
                self.imported = Some(p.clone());
                if self.status.is_empty() {
                    self.status = "not_captured";
                }
            }
            ProviderEvent::BuildingBlockDetailsSubmitted(d) => {
                self.details = Some(d.clone());
                self.submission = self.version;
                self.submitted_by = Some(actor.to_string());
                self.status = "submitted";
            }
            ProviderEvent::BuildingBlockVerified => {
                self.verified = self.details.clone();
                self.status = "verified";
            }
            ProviderEvent::BuildingBlockReturned { .. } => self.status = "returned",
        }
    }

    /// Loads a provider's state from the log. `None` when unknown.
    pub async fn load(pool: &PgPool, stakeholder_id: i64) -> Result<Option<ProviderState>> {
        let events = gbvf_events::store::aggregate_history(
            pool,
            PROVIDER_AGGREGATE,
            &stakeholder_id.to_string(),
        )
        .await?;
        if events.is_empty() {
            return Ok(None);
        }
        let mut s = ProviderState::default();
        for e in events {
            let actor = e
                .metadata
                .get("actor")
                .and_then(|a| a.as_str())
                .unwrap_or("");
            s.apply(&serde_json::from_value(e.payload)?, actor);
        }
        Ok(Some(s))
    }
}

/// Why a workflow command was refused (wording of spec §8 where it has one; the spec has none
/// for the review rules, docs/decisions.md "Verified snapshots, reviews and read scope").
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum WorkflowError {
    /// Nothing submitted to verify or return.
    #[error("There are no submitted details to verify.")]
    NothingSubmitted,
    /// Return without a reason.
    #[error("A reason is required to return the building block.")]
    ReasonRequired,
    /// A requirement that is not of the provider's building block.
    #[error("Requirement {0} is not a requirement of this building block.")]
    UnknownRequirement(i32),
    /// Shelters never get a street address.
    #[error("A shelter's address is never recorded: its location is protected.")]
    ShelterAddress,
    /// The reviewer decided on a submission a newer one has replaced (HTTP 409).
    #[error(
        "These details were submitted again since you opened them (version {latest}, you reviewed version {reviewed}). Please reload the building block and review the new submission."
    )]
    NewerSubmission {
        /// The version the reviewer named.
        reviewed: i64,
        /// The version of the last submission.
        latest: i64,
    },
    /// The named version is not a submission of this provider.
    #[error("No submission of this building block has version {0}.")]
    UnknownSubmission(i64),
    /// Four-eyes: the submitter may not decide on their own submission (HTTP 403).
    #[error(
        "You submitted these details yourself: another designated person of the province must verify or return them."
    )]
    OwnSubmission,
}

/// Who decides, and on which submission: the context of [`decide`].
#[derive(Debug, Clone, Copy)]
pub struct Decision<'a> {
    /// The acting user as event metadata names them (`user:<id>`).
    pub actor: &'a str,
    /// The requirement ids of the provider's building block (taxonomy); used by submissions.
    pub requirements: &'a [i32],
    /// For a verify or return: the version of the submission the reviewer saw
    /// ([`ProviderState::submission`]); `None` for a submission.
    pub reviewed: Option<i64>,
}

/// Decides a workflow event against the state.
///
/// - A submission names only requirements of the provider's building block and never an
///   address for a shelter.
/// - A verify or return decides on the submission the reviewer saw: `reviewed` older than the
///   last submission → [`WorkflowError::NewerSubmission`]; nothing awaiting a decision →
///   [`WorkflowError::NothingSubmitted`]; a version that is no submission →
///   [`WorkflowError::UnknownSubmission`]; the submission's own author, whatever groups they
///   hold → [`WorkflowError::OwnSubmission`] (four-eyes); a return needs a reason.
pub fn decide(
    state: &ProviderState,
    event: &ProviderEvent,
    ctx: &Decision<'_>,
) -> Result<(), WorkflowError> {
    match event {
        ProviderEvent::BuildingBlockDetailsSubmitted(d) => {
            for r in d.requirements_available.iter().chain(
                d.contact_persons
                    .iter()
                    .map(|c| &c.building_block_requirement_id),
            ) {
                if !ctx.requirements.contains(r) {
                    return Err(WorkflowError::UnknownRequirement(*r));
                }
            }
            let shelter = state
                .imported
                .as_ref()
                .is_some_and(|p| p.building_block_id == SHELTER_BUILDING_BLOCK_ID);
            if shelter && (d.physical_address.is_some() || d.postal_address.is_some()) {
                return Err(WorkflowError::ShelterAddress);
            }
            Ok(())
        }
        ProviderEvent::BuildingBlockVerified | ProviderEvent::BuildingBlockReturned { .. } => {
            let reviewed = ctx.reviewed.unwrap_or(0);
            if reviewed < state.submission {
                return Err(WorkflowError::NewerSubmission {
                    reviewed,
                    latest: state.submission,
                });
            }
            if state.status != "submitted" {
                return Err(WorkflowError::NothingSubmitted);
            }
            if reviewed != state.submission {
                return Err(WorkflowError::UnknownSubmission(reviewed));
            }
            if state.submitted_by.as_deref() == Some(ctx.actor) {
                return Err(WorkflowError::OwnSubmission);
            }
            if let ProviderEvent::BuildingBlockReturned { reason } = event {
                if reason.trim().is_empty() {
                    return Err(WorkflowError::ReasonRequired);
                }
            }
            Ok(())
        }
        ProviderEvent::ProviderImported(_) => Ok(()),
    }
}

/// Appends one workflow event at the state's next sequence. A verification also deletes the
/// provider's contact persons (`bb_contact_person`) that neither the verified details nor a
/// later submission name any more, in the same transaction (a submission keeps the rows of the
/// last verified details: the public directory shows them until a new verification).
/// Errors: a concurrent writer (unique violation) → [`ImportError::Conflict`].
pub async fn append_provider_event(
    pool: &PgPool,
    state: &ProviderState,
    stakeholder_id: i64,
    event: &ProviderEvent,
    meta: &EventMetadata,
) -> Result<(), ImportError> {
    let mut tx = pool.begin().await?;
    gbvf_events::store::append_batch(
        &mut tx,
        &[NewEvent::of(
            PROVIDER_AGGREGATE,
            &stakeholder_id.to_string(),
            state.version + 1,
            event,
            meta,
        )],
    )
    .await?;
    if matches!(event, ProviderEvent::BuildingBlockVerified) {
        let keep = kept_contact_persons(state.details.as_ref(), None);
        sqlx::query(
            "DELETE FROM bb_contact_person WHERE stakeholder_id = $1 AND NOT contact_person_id = ANY($2)",
        )
        .bind(stakeholder_id)
        .bind(&keep)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The contact-person ids of `a` and `b` (the details whose persons must stay in
/// `bb_contact_person`: the last verified details and the pending submission).
pub fn kept_contact_persons(
    a: Option<&ProviderDetails>,
    b: Option<&ProviderDetails>,
) -> Vec<uuid::Uuid> {
    a.into_iter()
        .chain(b)
        .flat_map(|d| d.contact_persons.iter().map(|c| c.contact_person_id))
        .collect()
}

/// Providers per province code from the raw files: the count the import must account for
/// (imported + unplaced), used by tests and the import summary.
pub fn raw_counts_per_province(
    data_dir: &Path,
    file: &ProviderFile,
) -> Result<BTreeMap<String, u64>> {
    let mut out = BTreeMap::new();
    for r in raw_rows(data_dir, file)? {
        let p = province_code(&r.province).unwrap_or("?");
        *out.entry(p.to_string()).or_insert(0) += 1;
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

    fn submitted(by: &str) -> ProviderState {
        let mut s = ProviderState::default();
        s.apply(&ProviderEvent::ProviderImported(imported()), "import");
        s.apply(
            &ProviderEvent::BuildingBlockDetailsSubmitted(ProviderDetails {
                physical_address: Some("1 Main Road".into()),
                postal_address: None,
                contacts: vec![],
                requirements_available: vec![1],
                contact_persons: vec![],
            }),
            by,
        );
        s
    }

    fn imported() -> ProviderImported {
        ProviderImported {
            stakeholder_id: 1_000_002,
            name: "Aberdeen SAPS".into(),
            building_block_id: 1,
            building_block_category_id: 1,
            municipality_id: 1000,
            contacts: vec![],
            point: None,
            placement: "precinct join".into(),
            source: "police.csv".into(),
            vintage: 2018,
        }
    }

    fn review(actor: &str, reviewed: i64) -> Decision<'_> {
        Decision {
            actor,
            requirements: &[],
            reviewed: Some(reviewed),
        }
    }

    #[test]
    fn verification_needs_a_submission_and_return_a_reason() {
        // Given an imported provider, when it is verified, then nothing is submitted.
        let mut s = ProviderState::default();
        s.apply(&ProviderEvent::ProviderImported(imported()), "import");
        assert_eq!(
            decide(
                &s,
                &ProviderEvent::BuildingBlockVerified,
                &review("user:p", 0)
            ),
            Err(WorkflowError::NothingSubmitted)
        );
        // Given a submission (version 2), when another person verifies version 2, then it holds.
        let s = submitted("user:m");
        assert_eq!(s.submission, 2);
        assert_eq!(
            decide(
                &s,
                &ProviderEvent::BuildingBlockVerified,
                &review("user:p", 2)
            ),
            Ok(())
        );
        assert_eq!(
            decide(
                &s,
                &ProviderEvent::BuildingBlockReturned { reason: " ".into() },
                &review("user:p", 2)
            ),
            Err(WorkflowError::ReasonRequired)
        );
    }

    #[test]
    fn a_review_decides_on_the_submission_it_names() {
        // Given version 2 reviewed, when the municipality submits version 3, then verifying
        // version 2 is refused (a newer submission), and version 3 may be verified.
        let mut s = submitted("user:m");
        s.apply(
            &ProviderEvent::BuildingBlockDetailsSubmitted(s.details.clone().unwrap()),
            "user:m",
        );
        assert_eq!(s.submission, 3);
        for event in [
            ProviderEvent::BuildingBlockVerified,
            ProviderEvent::BuildingBlockReturned {
                reason: "check".into(),
            },
        ] {
            assert_eq!(
                decide(&s, &event, &review("user:p", 2)),
                Err(WorkflowError::NewerSubmission {
                    reviewed: 2,
                    latest: 3
                })
            );
            assert_eq!(
                decide(&s, &event, &review("user:p", 4)),
                Err(WorkflowError::UnknownSubmission(4))
            );
            assert_eq!(decide(&s, &event, &review("user:p", 3)), Ok(()));
        }
        // Given version 3 verified, when version 3 is verified again, then nothing awaits.
        s.apply(&ProviderEvent::BuildingBlockVerified, "user:p");
        assert_eq!(
            decide(
                &s,
                &ProviderEvent::BuildingBlockVerified,
                &review("user:q", 3)
            ),
            Err(WorkflowError::NothingSubmitted)
        );
        assert_eq!(s.verified, s.details);
    }

    #[test]
    fn nobody_verifies_or_returns_their_own_submission() {
        // Given a submission by user a (who may also hold ValidateBuildingBlock), when a
        // verifies or returns it, then four-eyes refuses; user b may.
        let s = submitted("user:a");
        for event in [
            ProviderEvent::BuildingBlockVerified,
            ProviderEvent::BuildingBlockReturned {
                reason: "check".into(),
            },
        ] {
            assert_eq!(
                decide(&s, &event, &review("user:a", 2)),
                Err(WorkflowError::OwnSubmission)
            );
            assert_eq!(decide(&s, &event, &review("user:b", 2)), Ok(()));
        }
    }

    #[test]
    fn verification_keeps_the_verified_snapshot_until_the_next() {
        // Given version 2 verified, when version 3 is submitted and then returned, then the
        // verified details are still version 2's.
        let mut s = submitted("user:m");
        s.apply(&ProviderEvent::BuildingBlockVerified, "user:p");
        let v2 = s.details.clone();
        let mut d3 = s.details.clone().unwrap();
        d3.requirements_available = vec![1, 2];
        s.apply(&ProviderEvent::BuildingBlockDetailsSubmitted(d3), "user:m");
        s.apply(
            &ProviderEvent::BuildingBlockReturned {
                reason: "wrong".into(),
            },
            "user:p",
        );
        assert_eq!(s.verified, v2);
        assert_eq!(s.status, "returned");
        assert_eq!(s.submission, 4);
    }
}
