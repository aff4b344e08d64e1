//! The availability figures of a boundary's building blocks (public spec §3 "Building block
//! data"), folded from its requirement rows: per category, building block and requirement,
//! now and at the end of each quarter asked for. Availability is over verified providers only
//! and shown only where the coverage rule holds ([`AVAILABILITY_COVERAGE`],
//! docs/decisions/0141-availability-needs-coverage.md). One definition for the dashboard's
//! answer and the open data file.

use std::collections::BTreeMap;

use super::coverage::{Coverage, AVAILABILITY_COVERAGE};
use super::queries::RequirementAvailabilityRow;

/// Availability figures of one level (requirement, block, category or area) at one time:
/// available (provider, requirement) pairs, the pairs of verified providers, providers verified
/// by then and providers listed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Figure {
    /// Pairs the verified details offer.
    pub available: i64,
    /// Pairs of the verified providers (verified providers × requirements of their blocks):
    /// an unverified provider's requirements are unknown and never counted as unmet.
    pub possible: i64,
    /// Providers with a verified snapshot (at that time).
    pub verified: i64,
    /// Providers listed (today's).
    pub listed: i64,
}

impl Figure {
    /// Whether `verified` of `listed` may speak for the area ([`AVAILABILITY_COVERAGE`]).
    pub fn coverage(&self) -> Coverage {
        AVAILABILITY_COVERAGE.coverage(self.verified, self.listed)
    }

    /// `available ÷ possible` (0..1) over verified providers, or `None` unless
    /// [`Figure::coverage`] is enough: too little is known, which must never read as a number
    /// (docs/decisions/0061-availability-before-verification.md,
    /// docs/decisions/0141-availability-needs-coverage.md).
    pub fn availability(&self) -> Option<f64> {
        if self.coverage() != Coverage::Enough {
            None
        } else if self.possible == 0 {
            Some(0.0)
        } else {
            Some(self.available as f64 / self.possible as f64)
        }
    }
}

/// A category's or block's figures while the rows are folded.
struct Acc {
    desc: String,
    now: Figure,
    per: Vec<Figure>,
    count: i64,
    children: Vec<i32>,
}

impl Acc {
    fn new(desc: String, quarters: usize) -> Acc {
        Acc {
            desc,
            now: Figure::default(),
            per: vec![Figure::default(); quarters],
            count: 0,
            children: Vec::new(),
        }
    }
    /// Adds one block's verified and listed providers (once per block).
    fn verified_providers(&mut self, now: &Figure, per: &[Figure]) {
        self.now.verified += now.verified;
        self.now.listed += now.listed;
        for (acc, f) in self.per.iter_mut().zip(per) {
            acc.verified += f.verified;
            acc.listed += f.listed;
        }
    }
    /// Adds one requirement's pairs.
    fn add_pairs(&mut self, now: &Figure, per: &[Figure]) {
        self.now.available += now.available;
        self.now.possible += now.possible;
        for (acc, f) in self.per.iter_mut().zip(per) {
            acc.available += f.available;
            acc.possible += f.possible;
        }
    }
}

/// The figures of one category, building block or requirement of a boundary: its id, name,
/// listed providers, and its [`Figure`] now and at the end of each quarter asked for.
#[derive(Debug, Clone)]
pub struct Folded {
    /// Category, building block or requirement id.
    pub id: i32,
    /// Its name.
    pub description: String,
    /// Providers listed (today's): of a category, of all its blocks.
    pub listed: i64,
    /// Now.
    pub now: Figure,
    /// At the end of each quarter, in the order asked for.
    pub per: Vec<Figure>,
}

/// A category's figures with its building blocks'.
#[derive(Debug, Clone)]
pub struct FoldedCategory {
    /// The category.
    pub category: Folded,
    /// Its building blocks, in taxonomy order.
    pub blocks: Vec<FoldedBlock>,
}

/// A building block's figures with its requirements'.
#[derive(Debug, Clone)]
pub struct FoldedBlock {
    /// The building block.
    pub block: Folded,
    /// Its requirements, in taxonomy order.
    pub requirements: Vec<Folded>,
}

/// Folds the requirement rows of one boundary ([`super::queries::requirement_availability`], in its
/// order, with `quarter_count` quarters) into the figures of each category, building block and
/// requirement (public spec §3 "Building block data"): availability over verified providers
/// only, a requirement an administrator added counted only where a provider was verified since.
/// The one definition of these figures, for the dashboard and the open data file.
pub fn fold_availability(
    rows: Vec<RequirementAvailabilityRow>,
    quarter_count: usize,
) -> Vec<FoldedCategory> {
    let mut cats: Vec<(i32, Acc)> = Vec::new();
    let mut blocks: BTreeMap<i32, Acc> = BTreeMap::new();
    let mut reqs: Vec<(i32, Folded)> = Vec::new();
    for row in rows {
        let (cid, bid, total) = (row.category_id, row.building_block_id, row.providers);
        // Over verified providers only: each one verified (since the requirement was added,
        // for an added one) is a pair; an unverified one's details are unknown, not unmet.
        let now = Figure {
            available: row.available_now,
            possible: row.verified_providers,
            verified: row.verified_providers,
            listed: total,
        };
        let per: Vec<Figure> = row
            .available_per_quarter
            .iter()
            .zip(&row.verified_per_quarter)
            .map(|(available, verified)| Figure {
                available: *available,
                possible: *verified,
                verified: *verified,
                listed: total,
            })
            .collect();
        if cats.last().map(|c| c.0) != Some(cid) {
            cats.push((cid, Acc::new(row.category_description, quarter_count)));
        }
        let cat = &mut cats.last_mut().expect("pushed").1;
        let new_block = !cat.children.contains(&bid);
        if new_block {
            cat.children.push(bid);
            cat.count += total;
            cat.verified_providers(&now, &per);
        }
        let block = blocks.entry(bid).or_insert_with(|| {
            let mut b = Acc::new(row.block_description, quarter_count);
            b.count = total;
            b.verified_providers(&now, &per);
            b
        });
        block.children.push(row.requirement_id);
        // A requirement an administrator added counts in its block's and category's figures
        // only where a provider was verified since (before that, nobody's verified details
        // said whether they offer it: docs/decisions/0053-additions-to-the-taxonomy.md). Its pairs
        // are already those of the providers verified since.
        let known = |f: &Figure| !row.added || f.verified > 0;
        let unknown = Figure::default();
        let now_counted = if known(&now) { now } else { unknown };
        let per_counted: Vec<Figure> = per
            .iter()
            .map(|f| if known(f) { *f } else { unknown })
            .collect();
        for acc in [&mut *cat, block] {
            acc.add_pairs(&now_counted, &per_counted);
        }
        reqs.push((
            bid,
            Folded {
                id: row.requirement_id,
                description: row.requirement_description,
                listed: total,
                now,
                per,
            },
        ));
    }
    let folded = |id: i32, a: &Acc| Folded {
        id,
        description: a.desc.clone(),
        listed: a.count,
        now: a.now,
        per: a.per.clone(),
    };
    cats.iter()
        .map(|(cid, c)| FoldedCategory {
            category: folded(*cid, c),
            blocks: c
                .children
                .iter()
                .map(|bid| FoldedBlock {
                    block: folded(*bid, &blocks[bid]),
                    requirements: reqs
                        .iter()
                        .filter(|(b, _)| b == bid)
                        .map(|(_, r)| r.clone())
                        .collect(),
                })
                .collect(),
        })
        .collect()
}
