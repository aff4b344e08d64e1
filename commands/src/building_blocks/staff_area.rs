//! The area a staff member's building-block work covers, and what it lets them read
//! (docs/decisions/0034-own-organisation-and-area.md, 0035-government-staff-accounts.md).

use crate::read_access::ReadRefused;

/// The municipalities a user edits providers in and the provinces they review.
///
/// - `municipalities`: the municipalities assigned to their account (boundary ids); a
///   municipality's designated person captures and submits there.
/// - `provinces`: with ValidateBuildingBlock, the provinces assigned to their account and those
///   of their municipalities (boundary ids); empty without it. A province's designated person
///   verifies there. Other groups, WorldOfImpactAdmin included, add nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StaffArea {
    /// Assigned municipalities (boundary ids).
    pub municipalities: Vec<i64>,
    /// Provinces reviewed (boundary ids).
    pub provinces: Vec<i64>,
}

impl StaffArea {
    /// Whether the user edits providers of municipality `muni` (an assigned one).
    pub fn edits(&self, muni: i64) -> bool {
        self.municipalities.contains(&muni)
    }

    /// Whether the user reviews providers of province `province`.
    pub fn reviews(&self, province: i64) -> bool {
        self.provinces.contains(&province)
    }

    /// Whether the user may read the unverified details, contact persons and history of
    /// providers in a municipality: `place` is `(municipality, its province)`, `None` for a
    /// municipality the geography does not know. Allowed where they edit or review; refused
    /// otherwise, and for an unknown municipality (the refusal does not tell the two apart).
    pub fn may_read(&self, place: Option<(i64, i64)>) -> Result<(), ReadRefused> {
        match place {
            Some((muni, province)) if self.edits(muni) || self.reviews(province) => Ok(()),
            _ => Err(ReadRefused),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MUNICIPALITY: i64 = 30_101;
    const OTHER_MUNICIPALITY: i64 = 30_202;
    const PROVINCE: i64 = 3;
    const OTHER_PROVINCE: i64 = 7;

    #[test]
    fn given_an_assigned_municipality_when_reading_there_then_allowed() {
        let area = StaffArea {
            municipalities: vec![MUNICIPALITY],
            provinces: vec![],
        };
        assert_eq!(area.may_read(Some((MUNICIPALITY, PROVINCE))), Ok(()));
        assert_eq!(
            area.may_read(Some((OTHER_MUNICIPALITY, PROVINCE))),
            Err(ReadRefused),
            "a neighbour in the same province is not theirs to read"
        );
    }

    #[test]
    fn given_a_reviewed_province_when_reading_any_of_its_municipalities_then_allowed() {
        let area = StaffArea {
            municipalities: vec![],
            provinces: vec![PROVINCE],
        };
        assert_eq!(area.may_read(Some((OTHER_MUNICIPALITY, PROVINCE))), Ok(()));
        assert_eq!(
            area.may_read(Some((OTHER_MUNICIPALITY, OTHER_PROVINCE))),
            Err(ReadRefused)
        );
    }

    #[test]
    fn given_no_area_or_an_unknown_municipality_when_reading_then_refused() {
        assert_eq!(
            StaffArea::default().may_read(Some((MUNICIPALITY, PROVINCE))),
            Err(ReadRefused)
        );
        let everywhere = StaffArea {
            municipalities: vec![MUNICIPALITY],
            provinces: vec![PROVINCE],
        };
        assert_eq!(everywhere.may_read(None), Err(ReadRefused));
    }
}
