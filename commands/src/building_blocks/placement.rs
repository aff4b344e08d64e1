//! Placement of providers: the municipalities' geometry and the reading of a provider file
//! into placed providers (see the parent module's table).

use std::collections::HashMap;
use std::path::Path;

use anyhow::{anyhow, Result};
use gbvf_events::building_block::{ProviderImported, SHELTER_BUILDING_BLOCK_ID};
use geo::{
    BoundingRect, Closest, ClosestPoint, Contains, Coord, Distance, Haversine, LineString,
    MultiPolygon, Point, Polygon, Rect,
};
use sqlx::PgPool;

use super::directory::{block_of, contacts_of, raw_rows, same_provider_key, RawRow};
use super::{same_shelter, FileLayout, ProviderFile, UnplacedProvider, PROVIDER_FILES};
use crate::import::ImportError;
use crate::sources::geography::Gazetteer;
use crate::sources::province_code;

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

/// Version of the placement rules, part of each file import's id (see `import_provider_file`);
/// 3 records the SAPS precinct code of each police station.
pub const PLACEMENT_RULES: u32 = 3;

/// How far outside every municipality a provider's point may lie and still be placed in the
/// nearest municipality of its province, in metres
/// (docs/decisions/0051-providers-from-real-directories.md). In the shipped files four clinics lie
/// 0.1 to 8.7 km outside the simplified coastline; the two other points in no municipality lie 104
/// and 474 km away (wrong coordinates) and stay unplaced.
pub const NEAREST_MUNICIPALITY_MAX_M: f64 = 10_000.0;
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
        let mut saps_precinct_code = None;
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
                            if file.number == 1 {
                                saps_precinct_code = Some(code.clone());
                            }
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
            provider_id: file.number * 1_000_000 + line as i64,
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
            saps_precinct_code,
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
