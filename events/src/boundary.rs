//! The one boundary model of the product.
//!
//! A boundary is a place the dashboard reports on: the nation, a province, a district or
//! metropolitan municipality, a local or metropolitan municipality, or a SAPS police precinct.
//! Its *level* ([`BoundaryLevel`]) is the single source of truth. The specification numbers
//! boundary types two ways, and both numberings are derived from the level, never stored:
//!
//! | level          | public dashboard `boundaryTypeId` (spec public §3) | building-block / admin type (spec public §3) |
//! |----------------|-----------------------------------------------------|-----------------------------------------------|
//! | National       | 1 National                                          | none                                          |
//! | Province       | 2 District/Province                                 | 1 Province                                    |
//! | District       | 2 District/Province                                 | 2 District                                    |
//! | Municipality   | 3 Local/Municipality                                | 3 Municipality                                |
//! | Ward           | (not on the public dashboard)                       | 4 Ward                                        |
//! | SapsPrecinct   | 5 (the spec's crime-rate rule for type 5)           | 5 SAPS                                        |

use serde::{Deserialize, Serialize};

/// Level of a boundary in the South African hierarchy (MDB 2020 demarcation plus SAPS precincts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoundaryLevel {
    /// The Republic of South Africa, code `ZA`.
    National,
    /// One of the 9 provinces, codes `EC FS GP KZN LP MP NC NW WC` (SAPS/Stats SA codes).
    Province,
    /// One of the 52 district municipalities (`DC1`..`DC48`) and metropolitan municipalities.
    District,
    /// One of the 213 local (205) and metropolitan (8) municipalities, MDB codes such as `EC108`, `CPT`.
    Municipality,
    /// A municipal ward (admin numbering only; not loaded yet).
    Ward,
    /// A SAPS police precinct, represented by its station point, code such as `PD210001`.
    SapsPrecinct,
}

impl BoundaryLevel {
    /// The public dashboard's `boundaryTypeId`: 1 National, 2 District/Province, 3 Local, 5 SAPS
    /// precinct (spec public-dashboard §3 "Boundary" and §9 crime rate). Wards have none.
    pub fn public_type_id(self) -> Option<i32> {
        match self {
            BoundaryLevel::National => Some(1),
            BoundaryLevel::Province | BoundaryLevel::District => Some(2),
            BoundaryLevel::Municipality => Some(3),
            BoundaryLevel::Ward => None,
            BoundaryLevel::SapsPrecinct => Some(5),
        }
    }

    /// The building-block and admin areas' type: Province 1, District 2, Municipality 3, Ward 4,
    /// SAPS 5 (spec public-dashboard §3 "Boundary"). The nation has none.
    pub fn admin_type_id(self) -> Option<i32> {
        match self {
            BoundaryLevel::National => None,
            BoundaryLevel::Province => Some(1),
            BoundaryLevel::District => Some(2),
            BoundaryLevel::Municipality => Some(3),
            BoundaryLevel::Ward => Some(4),
            BoundaryLevel::SapsPrecinct => Some(5),
        }
    }

    /// The level's name as stored in the read models (`national`, `province`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            BoundaryLevel::National => "national",
            BoundaryLevel::Province => "province",
            BoundaryLevel::District => "district",
            BoundaryLevel::Municipality => "municipality",
            BoundaryLevel::Ward => "ward",
            BoundaryLevel::SapsPrecinct => "saps_precinct",
        }
    }

    /// Parses [`BoundaryLevel::as_str`] back. Returns `None` for anything else.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "national" => BoundaryLevel::National,
            "province" => BoundaryLevel::Province,
            "district" => BoundaryLevel::District,
            "municipality" => BoundaryLevel::Municipality,
            "ward" => BoundaryLevel::Ward,
            "saps_precinct" => BoundaryLevel::SapsPrecinct,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_numberings_follow_the_specification() {
        assert_eq!(BoundaryLevel::National.public_type_id(), Some(1));
        assert_eq!(BoundaryLevel::Province.public_type_id(), Some(2));
        assert_eq!(BoundaryLevel::District.public_type_id(), Some(2));
        assert_eq!(BoundaryLevel::Municipality.public_type_id(), Some(3));
        assert_eq!(BoundaryLevel::Province.admin_type_id(), Some(1));
        assert_eq!(BoundaryLevel::Ward.admin_type_id(), Some(4));
        assert_eq!(BoundaryLevel::SapsPrecinct.admin_type_id(), Some(5));
        for l in [
            BoundaryLevel::National,
            BoundaryLevel::SapsPrecinct,
            BoundaryLevel::Ward,
        ] {
            assert_eq!(BoundaryLevel::parse(l.as_str()), Some(l));
        }
    }
}
