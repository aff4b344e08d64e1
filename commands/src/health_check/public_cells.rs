//! The public health-check figures as a fixed table of cells, published once a quarter has
//! ended, with primary and secondary (complementary) suppression as statistical offices apply
//! it (docs/decisions/0123-public-cells-and-suppression.md).
//!
//! Cells: for every boundary on the path of each contributing organisation (the nation 1, its
//! province, district and local municipality) one cell over all organisation types and one
//! per type. The additive relations among them are: a boundary's all-types cell is the sum of
//! its type cells; a boundary's cell (all types, or one type) is the sum of its children's.
//!
//! A cell's figures are suppressed when 1 or 2 organisations contribute to it (primary); then,
//! in every relation whose total is shown, the hidden parts must be none, or at least two
//! holding at least [`MIN_ORGANISATIONS`] organisations together, so that the total minus the
//! shown parts never isolates one cell or fewer than 3 organisations; a hidden total whose
//! parts are all shown would follow from them, so one of its parts is hidden too. Further
//! cells are hidden, the smallest first, until every relation holds (secondary suppression).
//! Counts (organisations with a link, responses, expected responses) and maturity are
//! suppressed separately: maturity counts the organisations whose released maturity
//! contributes (at least 5 responses).

use std::collections::{BTreeMap, BTreeSet};

use super::MIN_ORGANISATIONS;

/// One organisation's survey period in a quarter, as it enters the public cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Contribution {
    /// The organisation.
    pub organisation_id: String,
    /// Its type.
    pub organisation_type_id: i32,
    /// Its province, district and local municipality (boundary ids).
    pub areas: [Option<i64>; 3],
    /// Responses received.
    pub responses: i64,
    /// Responses expected on the link.
    pub expected: i64,
    /// The period's released (noisy) maturity (0..=1) with its weight (the responses it is
    /// computed from), when at least 5 responses are released.
    pub maturity: Option<(f64, i64)>,
    /// The period holds example data.
    pub example: bool,
}

/// Which cell: every organisation type, or one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CellKind {
    /// Every organisation type.
    All,
    /// One organisation type.
    Type(i32),
}

impl CellKind {
    /// `all` or `type:<id>`, as stored.
    pub fn key(self) -> String {
        match self {
            CellKind::All => "all".into(),
            CellKind::Type(t) => format!("type:{t}"),
        }
    }
}

/// A published cell.
#[derive(Debug, Clone, PartialEq)]
pub struct PublicCell {
    /// The boundary.
    pub boundary_id: i64,
    /// Its parent boundary among the cells (`None` for the nation).
    pub parent_id: Option<i64>,
    /// All types or one.
    pub kind: CellKind,
    /// Organisations with a link in the quarter.
    pub organisations: i64,
    /// Organisations with at least one response.
    pub participating: i64,
    /// Responses; `None` when suppressed.
    pub responses: Option<i64>,
    /// Expected responses; `None` when suppressed.
    pub expected: Option<i64>,
    /// Maturity in whole percent; `None` when suppressed or with no released maturity.
    pub maturity: Option<f64>,
    /// Any of its figures holds example data.
    pub example: bool,
}

#[derive(Default)]
struct Totals {
    parent: Option<i64>,
    organisations: BTreeSet<String>,
    participating: BTreeSet<String>,
    scored: BTreeSet<String>,
    responses: i64,
    expected: i64,
    weighted: f64,
    weight: i64,
    example: bool,
}

type Key = (i64, CellKind);

/// The cells of one quarter from its contributions, suppressed as the module says.
pub fn public_cells(contributions: &[Contribution]) -> Vec<PublicCell> {
    let mut cells: BTreeMap<Key, Totals> = BTreeMap::new();
    for c in contributions {
        let mut path = vec![(1i64, None)];
        let mut parent = 1i64;
        for area in c.areas.iter().flatten() {
            path.push((*area, Some(parent)));
            parent = *area;
        }
        for (boundary, up) in path {
            for kind in [CellKind::All, CellKind::Type(c.organisation_type_id)] {
                let t = cells.entry((boundary, kind)).or_default();
                t.parent = up;
                t.organisations.insert(c.organisation_id.clone());
                if c.responses > 0 {
                    t.participating.insert(c.organisation_id.clone());
                }
                t.responses += c.responses;
                t.expected += c.expected;
                t.example |= c.example;
                if let Some((m, w)) = c.maturity {
                    t.scored.insert(c.organisation_id.clone());
                    t.weighted += m * w as f64;
                    t.weight += w;
                }
            }
        }
    }
    // The additive relations: (total, parts).
    let mut relations: Vec<(Key, Vec<Key>)> = Vec::new();
    let boundaries: BTreeSet<i64> = cells.keys().map(|k| k.0).collect();
    for b in &boundaries {
        let types: Vec<Key> = cells
            .keys()
            .filter(|k| k.0 == *b && k.1 != CellKind::All)
            .copied()
            .collect();
        relations.push(((*b, CellKind::All), types));
        let kinds: BTreeSet<CellKind> = cells.keys().filter(|k| k.0 == *b).map(|k| k.1).collect();
        for kind in kinds {
            let children: Vec<Key> = cells
                .iter()
                .filter(|(k, t)| k.1 == kind && t.parent == Some(*b))
                .map(|(k, _)| *k)
                .collect();
            if !children.is_empty() {
                relations.push(((*b, kind), children));
            }
        }
    }
    let counts_hidden = suppress(&relations, |k| cells[k].organisations.len());
    let maturity_hidden = suppress(&relations, |k| cells[k].scored.len());
    cells
        .iter()
        .map(|(k, t)| PublicCell {
            boundary_id: k.0,
            parent_id: t.parent,
            kind: k.1,
            organisations: t.organisations.len() as i64,
            participating: t.participating.len() as i64,
            responses: (!counts_hidden.contains(k)).then_some(t.responses),
            expected: (!counts_hidden.contains(k)).then_some(t.expected),
            maturity: (!maturity_hidden.contains(k)
                && t.scored.len() as i64 >= MIN_ORGANISATIONS
                && t.weight > 0)
                .then(|| (t.weighted / t.weight as f64 * 100.0).round()),
            example: t.example,
        })
        .collect()
}

/// The cells to hide so that no hidden cell follows from the shown ones by subtraction:
/// `contributors` of a cell is the number of organisations in it.
fn suppress(relations: &[(Key, Vec<Key>)], contributors: impl Fn(&Key) -> usize) -> BTreeSet<Key> {
    let min = MIN_ORGANISATIONS as usize;
    let mut hidden: BTreeSet<Key> = relations
        .iter()
        .flat_map(|(t, parts)| std::iter::once(t).chain(parts))
        .filter(|k| (1..min).contains(&contributors(k)))
        .copied()
        .collect();
    loop {
        let mut changed = false;
        for (total, parts) in relations {
            let nonzero: Vec<&Key> = parts.iter().filter(|k| contributors(k) > 0).collect();
            let hidden_parts: Vec<&&Key> =
                nonzero.iter().filter(|k| hidden.contains(**k)).collect();
            let hidden_sum: usize = hidden_parts.iter().map(|k| contributors(k)).sum();
            let unsafe_relation = if hidden.contains(total) {
                // A hidden total would follow from its parts if all were shown.
                hidden_parts.is_empty() && !nonzero.is_empty()
            } else {
                hidden_parts.len() == 1 || (1..min).contains(&hidden_sum)
            };
            if !unsafe_relation {
                continue;
            }
            let next = nonzero
                .iter()
                .filter(|k| !hidden.contains(**k))
                .min_by_key(|k| (contributors(k), ***k))
                .copied();
            match next {
                Some(k) => {
                    hidden.insert(*k);
                }
                None => {
                    hidden.insert(*total);
                }
            }
            changed = true;
        }
        if !changed {
            return hidden;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn org(id: &str, t: i32, district: i64, responses: i64, maturity: f64) -> Contribution {
        Contribution {
            organisation_id: id.into(),
            organisation_type_id: t,
            areas: [Some(10), Some(district), Some(district * 10)],
            responses,
            expected: responses,
            maturity: (responses >= 5).then_some((maturity, responses / 5 * 5)),
            example: false,
        }
    }

    fn cell(cells: &[PublicCell], b: i64, kind: CellKind) -> PublicCell {
        cells
            .iter()
            .find(|c| c.boundary_id == b && c.kind == kind)
            .cloned()
            .unwrap()
    }

    #[test]
    fn one_organisation_of_another_type_is_not_the_difference_of_two_figures() {
        // The district: 4 organisations, 18 responses; 3 of type 1 with 8; one of
        // type 2 with 10. Shown exactly, 18 − 8 = 10 and the maturities give it away.
        let cells = public_cells(&[
            org("a", 1, 100, 3, 0.5),
            org("b", 1, 100, 2, 0.5),
            org("c", 1, 100, 3, 0.6),
            org("d", 2, 100, 10, 0.9),
        ]);
        let all = cell(&cells, 100, CellKind::All);
        assert_eq!((all.organisations, all.responses), (4, Some(18)));
        let t1 = cell(&cells, 100, CellKind::Type(1));
        let t2 = cell(&cells, 100, CellKind::Type(2));
        assert_eq!(t2.responses, None, "one organisation: primary");
        assert_eq!(
            t1.responses, None,
            "the complement: 18 − 8 would isolate type 2"
        );
        assert_eq!((t1.organisations, t2.organisations), (3, 1));
    }

    #[test]
    fn a_total_minus_shown_cells_never_isolates_fewer_than_three_organisations() {
        // Types 1 (3), 2 (1), 3 (4): type 2 primary; type 1 is the smallest complement.
        let mut list = vec![];
        for (i, t) in [1, 1, 1, 2, 3, 3, 3, 3].iter().enumerate() {
            list.push(org(&format!("o{i}"), *t, 100, 5, 0.5));
        }
        let cells = public_cells(&list);
        let shown = |k| cell(&cells, 100, k).responses.is_some();
        assert!(!shown(CellKind::Type(2)) && !shown(CellKind::Type(1)));
        assert!(shown(CellKind::Type(3)) && shown(CellKind::All));
        // And across areas: the province's cells are sums of its districts'.
        let mut list = vec![];
        for i in 0..6 {
            list.push(org(&format!("x{i}"), 1, 100, 5, 0.5));
        }
        list.push(org("lonely", 1, 200, 7, 0.9));
        let cells = public_cells(&list);
        assert_eq!(cell(&cells, 200, CellKind::All).responses, None);
        assert_eq!(
            cell(&cells, 100, CellKind::All).responses,
            None,
            "the province (37) minus district 100 (30) would isolate district 200"
        );
        assert_eq!(cell(&cells, 10, CellKind::All).responses, Some(37));
    }

    #[test]
    fn maturity_needs_three_organisations_and_its_own_complement() {
        let cells = public_cells(&[
            org("a", 1, 100, 5, 0.40),
            org("b", 1, 100, 5, 0.50),
            org("c", 1, 100, 5, 0.60),
            org("d", 2, 100, 5, 0.90),
        ]);
        assert_eq!(cell(&cells, 100, CellKind::All).maturity, Some(60.0));
        assert_eq!(cell(&cells, 100, CellKind::Type(1)).maturity, None);
        assert_eq!(cell(&cells, 100, CellKind::Type(2)).maturity, None);
    }

    #[test]
    fn every_hidden_cell_keeps_company_in_every_relation() {
        // Random quarters: in no relation with a shown total is exactly one part hidden, or
        // are fewer than 3 organisations hidden.
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        for round in 0..200 {
            let n = rng.gen_range(1..25);
            let list: Vec<Contribution> = (0..n)
                .map(|i| {
                    org(
                        &format!("{round}-{i}"),
                        rng.gen_range(1..5),
                        100 + rng.gen_range(0..4),
                        rng.gen_range(0..12),
                        0.5,
                    )
                })
                .collect();
            let cells = public_cells(&list);
            let find =
                |b: i64, k: CellKind| cells.iter().find(|c| c.boundary_id == b && c.kind == k);
            let check = |total: &PublicCell, parts: Vec<&PublicCell>| {
                if total.responses.is_none() {
                    return;
                }
                let hidden: Vec<_> = parts
                    .iter()
                    .filter(|p| p.organisations > 0 && p.responses.is_none())
                    .collect();
                let sum: i64 = hidden.iter().map(|p| p.organisations).sum();
                assert!(
                    hidden.is_empty() || (hidden.len() >= 2 && sum >= 3),
                    "round {round}: {total:?} {hidden:?}"
                );
            };
            for c in &cells {
                if c.kind == CellKind::All {
                    let parts = cells
                        .iter()
                        .filter(|p| p.boundary_id == c.boundary_id && p.kind != CellKind::All)
                        .collect();
                    check(c, parts);
                }
                let children: Vec<&PublicCell> = cells
                    .iter()
                    .filter(|p| p.kind == c.kind && p.parent_id == Some(c.boundary_id))
                    .collect();
                if !children.is_empty() {
                    check(c, children);
                }
                let _ = find(c.boundary_id, c.kind);
            }
        }
    }
}
