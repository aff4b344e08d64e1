//! The gazetteer of police precincts: their names (with SAPS renames) and station points, by
//! which crime rows and providers are placed.

use super::super::{normalise_name, RenameBasis, PROVINCE_CODES, STATION_RENAMES};
use crate::sources::geography::shapes::round5;
use crate::sources::geography::text_field;
use crate::sources::geography::PlacementError;
use crate::sources::geography::NATION_CODE;
use anyhow::{anyhow, bail, ensure, Context, Result};
use gbvf_events::boundary::BoundaryLevel;
use serde::Deserialize;
use shapefile::Shape;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// One row of `police_stations.csv`.
#[derive(Debug, Clone, PartialEq)]
pub struct Precinct {
    /// Precinct code, e.g. `PD210001`.
    pub code: String,
    /// Current SAPS name, e.g. `Makhanda`, `Richmond KZN`.
    pub name: String,
    /// MDB municipality code.
    pub muni_code: String,
    /// MDB district or metro code.
    pub dc_code: String,
    /// Canonical province code.
    pub prov_code: &'static str,
    /// Census 2022 population (persons).
    pub population: i64,
    /// Area in km².
    pub area_km2: f64,
}

#[derive(Deserialize)]
pub(super) struct PrecinctCsv {
    code: String,
    name: String,
    muni_code: String,
    dc_code: String,
    prov_code: String,
    population: i64,
    area_km2: f64,
}

/// Places station names, province spellings and codes in the hierarchy of
/// `data/geography/police_stations.csv`, and numbers the boundaries.
#[derive(Debug, Clone)]
pub struct Gazetteer {
    precincts: Vec<Precinct>,
    by_name: HashMap<String, Vec<usize>>,
    munis: BTreeMap<String, String>,
    districts: BTreeMap<String, &'static str>,
    ids: HashMap<(BoundaryLevel, String), i64>,
    keys: HashMap<i64, (BoundaryLevel, String)>,
}

impl Gazetteer {
    /// Reads `data_dir/geography/police_stations.csv` (`data_dir` is the project's `data/`).
    /// Fails if a code repeats, a province code is unknown, or a municipality or district has two
    /// parents.
    pub fn load(data_dir: &Path) -> Result<Gazetteer> {
        let path = data_dir.join("geography/police_stations.csv");
        let mut reader =
            csv::Reader::from_path(&path).with_context(|| format!("opening {}", path.display()))?;
        let mut precincts = Vec::new();
        for row in reader.deserialize::<PrecinctCsv>() {
            let row = row.with_context(|| format!("reading {}", path.display()))?;
            let prov_code = PROVINCE_CODES
                .iter()
                .copied()
                .find(|c| *c == row.prov_code)
                .ok_or_else(|| anyhow!("{}: unknown prov_code {}", row.code, row.prov_code))?;
            precincts.push(Precinct {
                code: row.code,
                name: row.name,
                muni_code: row.muni_code,
                dc_code: row.dc_code,
                prov_code,
                population: row.population,
                area_km2: row.area_km2,
            });
        }
        Gazetteer::from_precincts(precincts)
    }

    fn from_precincts(mut precincts: Vec<Precinct>) -> Result<Gazetteer> {
        precincts.sort_by(|a, b| a.code.cmp(&b.code));
        let mut munis = BTreeMap::new();
        let mut districts = BTreeMap::new();
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, p) in precincts.iter().enumerate() {
            ensure!(
                i == 0 || precincts[i - 1].code != p.code,
                "duplicate precinct {}",
                p.code
            );
            let dc = munis
                .entry(p.muni_code.clone())
                .or_insert_with(|| p.dc_code.clone());
            ensure!(
                *dc == p.dc_code,
                "municipality {} in two districts",
                p.muni_code
            );
            let prov = districts.entry(p.dc_code.clone()).or_insert(p.prov_code);
            ensure!(
                *prov == p.prov_code,
                "district {} in two provinces",
                p.dc_code
            );
            for key in name_keys(p) {
                let entry = by_name.entry(key).or_default();
                if !entry.contains(&i) {
                    entry.push(i);
                }
            }
        }
        let mut ids = HashMap::new();
        ids.insert((BoundaryLevel::National, NATION_CODE.to_string()), 1);
        for (i, code) in PROVINCE_CODES.iter().enumerate() {
            ids.insert((BoundaryLevel::Province, code.to_string()), 10 + i as i64);
        }
        for (i, code) in districts.keys().enumerate() {
            ensure!(i < 900, "too many districts for the id range 100..999");
            ids.insert((BoundaryLevel::District, code.clone()), 100 + i as i64);
        }
        for (i, code) in munis.keys().enumerate() {
            ensure!(
                i < 9000,
                "too many municipalities for the id range 1000..9999"
            );
            ids.insert((BoundaryLevel::Municipality, code.clone()), 1000 + i as i64);
        }
        for (i, p) in precincts.iter().enumerate() {
            ids.insert(
                (BoundaryLevel::SapsPrecinct, p.code.clone()),
                10_000 + i as i64,
            );
        }
        let keys = ids.iter().map(|(k, id)| (*id, k.clone())).collect();
        Ok(Gazetteer {
            precincts,
            by_name,
            munis,
            districts,
            ids,
            keys,
        })
    }

    /// All precincts, ordered by code.
    pub fn precincts(&self) -> &[Precinct] {
        &self.precincts
    }

    /// The precinct with this code.
    pub fn precinct(&self, code: &str) -> Option<&Precinct> {
        self.precincts
            .binary_search_by(|p| p.code.as_str().cmp(code))
            .ok()
            .map(|i| &self.precincts[i])
    }

    /// District codes (including metros) with their province code, ordered by code.
    pub fn districts(&self) -> &BTreeMap<String, &'static str> {
        &self.districts
    }

    /// Municipality codes (including metros) with their district code, ordered by code.
    pub fn municipalities(&self) -> &BTreeMap<String, String> {
        &self.munis
    }

    /// Places a station: name as it appears in any source file (current, old or
    /// source-specific spelling) plus its province in any spelling, to a precinct code such as
    /// `PD210001`. An empty province places the name only if it is unique in the country.
    ///
    /// Matching: names are compared with [`normalise_name`]; a current name such as
    /// `Balfour EC` is also known as `Balfour`, and the province picks between the two; names not
    /// found are looked up in [`STATION_RENAMES`] for that province.
    pub fn place_station(&self, name: &str, province: &str) -> Result<String, PlacementError> {
        let province_code = if province.trim().is_empty() {
            None
        } else {
            Some(super::super::province_code(province).ok_or_else(|| {
                PlacementError::UnknownProvince {
                    province: province.to_string(),
                }
            })?)
        };
        let key = normalise_name(name);
        let in_province = |found: &[usize]| -> Vec<usize> {
            found
                .iter()
                .copied()
                .filter(|i| province_code.is_none_or(|p| self.precincts[*i].prov_code == p))
                .collect()
        };
        let exact = self.by_name.get(&key).map(Vec::as_slice).unwrap_or(&[]);
        let mut candidates = in_province(exact);
        if candidates.is_empty() {
            for r in STATION_RENAMES {
                let applies = province_code.is_none_or(|p| p == r.province);
                if applies && normalise_name(r.old) == key {
                    let renamed = self.by_name.get(&normalise_name(r.current));
                    let renamed = renamed.map(Vec::as_slice).unwrap_or(&[]);
                    if r.basis == RenameBasis::ProvinceChanged {
                        candidates.extend_from_slice(renamed);
                    } else {
                        candidates.extend(in_province(renamed));
                    }
                }
            }
            candidates.sort_unstable();
            candidates.dedup();
        }
        let codes = |found: &[usize]| {
            found
                .iter()
                .map(|i| self.precincts[*i].code.clone())
                .collect()
        };
        match candidates.len() {
            1 => Ok(self.precincts[candidates[0]].code.clone()),
            0 if !exact.is_empty() => Err(PlacementError::OtherProvince {
                name: name.to_string(),
                found: codes(exact),
            }),
            0 => Err(PlacementError::UnknownStation {
                name: name.to_string(),
            }),
            _ => Err(PlacementError::Ambiguous {
                name: name.to_string(),
                candidates: codes(&candidates),
            }),
        }
    }

    /// Canonical province code (`EC FS GP KZN LP MP NC NW WC`) for a province name or code in any
    /// source spelling (`"Gauteng"`, `"GT"`, `"GP"`, `"Kwazulu/Natal"`, `"LI"`, `"LIM"`, `"LP"`...).
    pub fn province_code(&self, name_or_code: &str) -> Option<&'static str> {
        super::super::province_code(name_or_code)
    }

    /// Resolves a bare code (case-insensitive; province aliases such as `GT` accepted) to its
    /// canonical code and level. A metro code resolves to the municipality.
    pub fn resolve_code(&self, code: &str) -> Option<(String, BoundaryLevel)> {
        let upper = code.trim().to_uppercase();
        if upper == NATION_CODE {
            return Some((upper, BoundaryLevel::National));
        }
        if upper.len() <= 3 {
            if let Some(p) = super::super::province_code(&upper) {
                return Some((p.to_string(), BoundaryLevel::Province));
            }
        }
        if self.precinct(&upper).is_some() {
            return Some((upper, BoundaryLevel::SapsPrecinct));
        }
        if self.munis.contains_key(&upper) {
            return Some((upper, BoundaryLevel::Municipality));
        }
        if self.districts.contains_key(&upper) {
            return Some((upper, BoundaryLevel::District));
        }
        None
    }

    /// Level of a canonical code; a metro code (`CPT`) is reported as
    /// [`BoundaryLevel::Municipality`] (see the module documentation).
    pub fn level_of(&self, code: &str) -> Option<BoundaryLevel> {
        self.resolve_code(code).map(|(_, level)| level)
    }

    /// Canonical ancestors of a bare code, nearest first, ending with `"ZA"`: precinct ->
    /// `[muni, dc, prov, "ZA"]`; municipality -> `[dc, prov, "ZA"]`; district -> `[prov, "ZA"]`;
    /// province -> `["ZA"]`; `"ZA"` -> `[]`. Unknown codes give `[]`. A metro code is taken as the
    /// municipality, so `ancestors("CPT")` is `["CPT", "WC", "ZA"]` (its district, then province).
    pub fn ancestors(&self, code: &str) -> Vec<String> {
        match self.resolve_code(code) {
            Some((code, level)) => self
                .ancestors_with_level(&code, level)
                .into_iter()
                .map(|(c, _)| c)
                .collect(),
            None => Vec::new(),
        }
    }

    /// Ancestors of the boundary (code, level) as unambiguous (code, level) pairs, nearest first.
    /// Empty if the pair is unknown.
    pub fn ancestors_with_level(
        &self,
        code: &str,
        level: BoundaryLevel,
    ) -> Vec<(String, BoundaryLevel)> {
        use BoundaryLevel::*;
        let mut out = Vec::new();
        let (mut code, mut level) = (code.to_string(), level);
        loop {
            let parent = match level {
                National | Ward => None,
                Province => PROVINCE_CODES
                    .contains(&code.as_str())
                    .then(|| NATION_CODE.to_string()),
                District => self.districts.get(&code).map(|p| p.to_string()),
                Municipality => self.munis.get(&code).cloned(),
                SapsPrecinct => self.precinct(&code).map(|p| p.muni_code.clone()),
            };
            let Some(parent) = parent else { break };
            let parent_level = match level {
                Province => National,
                District => Province,
                Municipality => District,
                _ => Municipality,
            };
            out.push((parent.clone(), parent_level));
            (code, level) = (parent, parent_level);
        }
        out
    }

    /// Stable numeric id of the boundary (code, level); see the module documentation.
    pub fn boundary_id(&self, code: &str, level: BoundaryLevel) -> Option<i64> {
        self.ids.get(&(level, code.to_string())).copied()
    }

    /// Code and level of a boundary id.
    pub fn boundary_key(&self, boundary_id: i64) -> Option<(&str, BoundaryLevel)> {
        self.keys
            .get(&boundary_id)
            .map(|(level, code)| (code.as_str(), *level))
    }

    /// Ids of the ancestors of a boundary, nearest first, ending with the nation's id 1.
    pub fn ancestor_ids(&self, boundary_id: i64) -> Vec<i64> {
        let Some((code, level)) = self.boundary_key(boundary_id) else {
            return Vec::new();
        };
        self.ancestors_with_level(code, level)
            .iter()
            .filter_map(|(c, l)| self.boundary_id(c, *l))
            .collect()
    }
}

/// Normalised names a precinct is known by: its name, and for names such as `Balfour EC` that end
/// in their own province code, also the name without the code.
pub(super) fn name_keys(p: &Precinct) -> Vec<String> {
    let mut keys = vec![normalise_name(&p.name)];
    if let Some(base) = p.name.strip_suffix(p.prov_code) {
        if base.ends_with(' ') {
            keys.push(normalise_name(base));
        }
    }
    keys
}

/// Station points read from `stations.shp`, keyed by precinct code.
#[derive(Debug, Clone, Default)]
pub struct StationPoints {
    /// [lon, lat] rounded to 5 decimals, per precinct code.
    pub points: BTreeMap<String, [f64; 2]>,
    /// Shapefile stations that could not be placed: (NAME, PROV, reason).
    pub unmatched: Vec<(String, String, String)>,
}

/// Reads `data_dir/geography/stations.shp` and places each point with the gazetteer. A second
/// point for an already placed precinct is reported in `unmatched`, never used.
pub fn load_station_points(data_dir: &Path, gazetteer: &Gazetteer) -> Result<StationPoints> {
    let path = data_dir.join("geography/stations.shp");
    let mut reader = shapefile::Reader::from_path(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    let mut out = StationPoints::default();
    for item in reader.iter_shapes_and_records() {
        let (shape, record) = item.with_context(|| format!("reading {}", path.display()))?;
        let name = text_field(&record, "NAME")?;
        let prov = text_field(&record, "PROV")?;
        let Shape::Point(point) = shape else {
            bail!("{}: {name} is not a point", path.display())
        };
        match gazetteer.place_station(&name, &prov) {
            Ok(code) if out.points.contains_key(&code) => {
                out.unmatched
                    .push((name, prov, format!("second point for precinct {code}")));
            }
            Ok(code) => {
                out.points.insert(code, [round5(point.x), round5(point.y)]);
            }
            Err(e) => out.unmatched.push((name, prov, e.to_string())),
        }
    }
    Ok(out)
}
