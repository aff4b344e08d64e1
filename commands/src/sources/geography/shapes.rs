//! Boundary shapes: rounding, rings, GeoJSON polygons and point-in-polygon.

use anyhow::{bail, Result};
use serde_json::{json, Value};
use shapefile::{PolygonRing, Shape};

/// Rounds a coordinate to 5 decimals (about 1 m).
pub(super) fn round5(v: f64) -> f64 {
    (v * 100_000.0).round() / 100_000.0
}

pub(super) type Ring = Vec<[f64; 2]>;

pub(super) fn rings_xy<P>(
    rings: &[PolygonRing<P>],
    xy: impl Fn(&P) -> [f64; 2],
) -> Vec<(bool, Ring)> {
    rings
        .iter()
        .map(|r| {
            (
                matches!(r, PolygonRing::Outer(_)),
                r.points().iter().map(&xy).collect(),
            )
        })
        .collect()
}

/// Converts a shapefile polygon to a GeoJSON geometry object (`None` for a null shape).
///
/// The shapefile crate tags each ring as outer or inner (hole). Each hole is attached to the
/// outer ring that contains its first vertex (or, failing that, the outer ring before it in the
/// file). Coordinates are rounded to 5 decimals, repeated vertices removed, rings closed and
/// reversed to the RFC 7946 orientation (shapefile outer rings are clockwise, GeoJSON exterior
/// rings counter-clockwise). A ring left with fewer than 4 positions after rounding is dropped
/// (with its holes, if it was an outer ring). One polygon gives `Polygon`, several
/// `MultiPolygon`.
pub fn polygon_geometry(shape: &Shape) -> Result<Option<Value>> {
    let rings = match shape {
        Shape::NullShape => return Ok(None),
        Shape::Polygon(p) => rings_xy(p.rings(), |pt| [pt.x, pt.y]),
        Shape::PolygonM(p) => rings_xy(p.rings(), |pt| [pt.x, pt.y]),
        Shape::PolygonZ(p) => rings_xy(p.rings(), |pt| [pt.x, pt.y]),
        other => bail!("expected a polygon, found {}", other.shapetype()),
    };
    let mut polygons: Vec<Vec<Ring>> = Vec::new();
    let mut holes = Vec::new();
    for (outer, ring) in rings {
        if outer {
            polygons.push(vec![ring]);
        } else {
            holes.push((polygons.len(), ring));
        }
    }
    for (outers_before, hole) in holes {
        let first = hole[0];
        let target = polygons
            .iter()
            .position(|p| contains(&p[0], first))
            .or(outers_before.checked_sub(1));
        match target {
            Some(i) => polygons[i].push(hole),
            None => bail!("hole without an outer ring"),
        }
    }
    let cleaned: Vec<Vec<Ring>> = polygons
        .into_iter()
        .filter_map(|rings| {
            let mut rings = rings.into_iter().filter_map(clean_ring);
            let outer = rings.next()?;
            Some(std::iter::once(outer).chain(rings).collect())
        })
        .collect();
    Ok(match cleaned.len() {
        0 => None,
        1 => Some(json!({ "type": "Polygon", "coordinates": cleaned[0] })),
        _ => Some(json!({ "type": "MultiPolygon", "coordinates": cleaned })),
    })
}

/// Rounds, removes repeated vertices, closes and reverses a ring; `None` if it degenerates.
pub(super) fn clean_ring(ring: Ring) -> Option<Ring> {
    let mut out: Ring = Vec::with_capacity(ring.len() + 1);
    for [x, y] in ring {
        let p = [round5(x), round5(y)];
        if out.last() != Some(&p) {
            out.push(p);
        }
    }
    if out.first() != out.last() {
        out.push(out[0]);
    }
    out.reverse();
    (out.len() >= 4).then_some(out)
}

/// Even-odd test: is `p` inside the closed ring?
pub(super) fn contains(ring: &[[f64; 2]], p: [f64; 2]) -> bool {
    let mut inside = false;
    let mut j = ring.len().saturating_sub(1);
    for i in 0..ring.len() {
        let ([xi, yi], [xj, yj]) = (ring[i], ring[j]);
        if (yi > p[1]) != (yj > p[1]) && p[0] < (xj - xi) * (p[1] - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}
