//! Where a collective action is on the map: a municipality or district of the `boundary` read
//! model. The shipped file names places in words ([`Placer`]); an administrator names a
//! boundary id ([`find_boundary`]), which is looked up before the command so that the
//! aggregate decides on what the read model holds without reading it itself.

use std::collections::HashMap;

use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::SeriesPlace;
use sqlx::PgPool;

use crate::places::PlaceIndex;
use crate::sources::{normalise_name, province_code};

/// A boundary as the `boundary` read model knows it, looked up by id for a
/// [`super::RecordCollectiveAction`]: the aggregate refuses it unless it is a municipality or
/// district with a place.
#[derive(Debug, Clone, PartialEq)]
pub struct KnownBoundary {
    /// The boundary's name (`localMunicipalityName`).
    pub name: String,
    /// Its level.
    pub level: BoundaryLevel,
    /// Its place (id and ancestors); `None` when the place index does not hold it.
    pub place: Option<SeriesPlace>,
}

/// Looks boundary `boundary_id` up in the `boundary` read model: `None` when there is no such
/// boundary (or its level is unknown). Errors: the database's.
pub async fn find_boundary(pool: &PgPool, boundary_id: i64) -> sqlx::Result<Option<KnownBoundary>> {
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT name, level FROM boundary WHERE boundary_id = $1")
            .bind(boundary_id)
            .fetch_optional(pool)
            .await?;
    let Some((name, level)) = row else {
        return Ok(None);
    };
    let Some(level) = BoundaryLevel::parse(&level) else {
        return Ok(None);
    };
    let place = PlaceIndex::load(pool).await?.place_of_id(boundary_id);
    Ok(Some(KnownBoundary { name, level, place }))
}

/// Places collective actions by name in the geography read model.
///
/// Rule (documented in `docs/decisions/0068-placing-challenges.md`): the reported place is split
/// into candidate names (the text before any parenthesis, then each comma- or semicolon-separated
/// part of it and of the parentheses); generic words (`Local Municipality`, `District
/// Municipality`, `District`, `Municipality`, `Cluster`, `TVET College`) are removed from the
/// candidate and `City of`/`Greater` from boundary names; each candidate is matched, after
/// [`normalise_name`], against (1) municipalities, (2) districts and metros, (3) SAPS precincts
/// (a court town's police precinct, placing the collective action in the precinct's municipality), within
/// the reported province when one is given. The first candidate with exactly one match wins.
pub struct Placer {
    index: PlaceIndex,
    /// (level, normalised name) → the boundaries of that name.
    by_name: HashMap<(BoundaryLevel, String), Vec<Candidate>>,
    names: HashMap<i64, String>,
    province_ids: HashMap<&'static str, i64>,
}

/// A boundary a place name may mean: (boundary_id, province_id, parent_id, name).
type Candidate = (i64, Option<i64>, Option<i64>, String);

/// A `boundary` row as [`Placer::load`] reads it: (boundary_id, name, level, province_id, parent_id).
type BoundaryRow = (i64, String, String, Option<i64>, Option<i64>);

const GENERIC: [&str; 8] = [
    "local municipality",
    "metropolitan municipality",
    "district municipalities",
    "district municipality",
    "municipality",
    "district",
    "cluster",
    "tvet college",
];

fn strip_generic(s: &str) -> String {
    let mut out = format!(" {} ", s.to_lowercase());
    for g in GENERIC {
        out = out.replace(&format!(" {g} "), " ");
    }
    for prefix in [" city of ", " greater "] {
        if let Some(rest) = out.strip_prefix(prefix) {
            out = format!(" {rest}");
        }
    }
    normalise_name(&out)
}

impl Placer {
    /// Loads the boundaries from the `boundary` read model.
    pub async fn load(pool: &PgPool) -> sqlx::Result<Placer> {
        let index = PlaceIndex::load(pool).await?;
        let rows: Vec<BoundaryRow> = sqlx::query_as(
            "SELECT boundary_id, name, level, province_id, parent_id FROM boundary
             WHERE level IN ('province', 'district', 'municipality', 'saps_precinct')",
        )
        .fetch_all(pool)
        .await?;
        let mut by_name: HashMap<_, Vec<_>> = HashMap::new();
        let mut names = HashMap::new();
        let mut province_ids = HashMap::new();
        for (id, name, level, province_id, parent_id) in rows {
            let Some(level) = BoundaryLevel::parse(&level) else {
                continue;
            };
            names.insert(id, name.clone());
            if level == BoundaryLevel::Province {
                if let Some(code) = province_code(&name) {
                    province_ids.insert(code, id);
                }
                continue;
            }
            by_name
                .entry((level, strip_generic(&name)))
                .or_default()
                .push((id, province_id, parent_id, name));
        }
        Ok(Placer {
            index,
            by_name,
            names,
            province_ids,
        })
    }

    /// Whether no boundary is known.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Candidate names of a reported place, in the order they are tried.
    pub fn candidates(place_name: &str) -> Vec<String> {
        let (head, rest) = match place_name.split_once('(') {
            Some((h, r)) => (h, r.trim_end_matches(')')),
            None => (place_name, ""),
        };
        let mut out = vec![head.trim().to_string()];
        for part in head.split([',', ';']).chain(rest.split([',', ';'])) {
            let p = part.trim().to_string();
            if !p.is_empty() && !out.contains(&p) {
                out.push(p);
            }
        }
        out
    }

    /// Places a reported place: the boundary and its name, or the reason it cannot be placed.
    pub fn place(
        &self,
        place_name: &str,
        province: &str,
    ) -> Result<(gbvf_events::crime::SeriesPlace, String), String> {
        let province_id = match province.trim() {
            "" => None,
            p => Some(
                province_code(p)
                    .and_then(|c| self.province_ids.get(c).copied())
                    .ok_or_else(|| format!("province {p:?} is not known"))?,
            ),
        };
        let mut ambiguous = Vec::new();
        for candidate in Self::candidates(place_name) {
            let key = strip_generic(&candidate);
            if key.is_empty() {
                continue;
            }
            for level in [
                BoundaryLevel::Municipality,
                BoundaryLevel::District,
                BoundaryLevel::SapsPrecinct,
            ] {
                let hits: Vec<_> = self
                    .by_name
                    .get(&(level, key.clone()))
                    .map(|v| {
                        v.iter()
                            .filter(|h| province_id.is_none() || h.1 == province_id)
                            .collect()
                    })
                    .unwrap_or_default();
                match hits.len() {
                    0 => continue,
                    1 => {
                        let (mut id, _, parent, mut name) = hits[0].clone();
                        if level == BoundaryLevel::SapsPrecinct {
                            // A court town: its police precinct's municipality.
                            let Some(p) = parent else { continue };
                            id = p;
                            name = self.names.get(&p).cloned().unwrap_or_default();
                        }
                        let place = self
                            .index
                            .place_of_id(id)
                            .ok_or_else(|| format!("boundary {id} has no place"))?;
                        return Ok((place, name));
                    }
                    _ => ambiguous.push(candidate.clone()),
                }
            }
        }
        if ambiguous.is_empty() {
            Err(format!(
                "no municipality, district or police precinct of that name{}",
                if province.trim().is_empty() {
                    String::new()
                } else {
                    format!(" in {}", province.trim())
                }
            ))
        } else {
            Err(format!(
                "{} names more than one boundary",
                ambiguous.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_split_the_reported_place() {
        assert_eq!(
            Placer::candidates(
                "Sol Plaatje Local Municipality (Phutanang, Galeshewe; Frances Baard District)"
            ),
            vec![
                "Sol Plaatje Local Municipality",
                "Phutanang",
                "Galeshewe",
                "Frances Baard District"
            ]
        );
        assert_eq!(
            Placer::candidates("Mankweng, Polokwane"),
            vec!["Mankweng, Polokwane", "Mankweng", "Polokwane"]
        );
        assert_eq!(strip_generic("City of Tshwane"), "tshwane");
        assert_eq!(strip_generic("Garden Route District"), "gardenroute");
    }
}
