//! Catalogue of the SAPS crime categories the GBVF dashboard reports on.
//!
//! Every figure in the event log refers to a crime type by its numeric [`CrimeType::id`]. The ids
//! are fixed: other parts of the product (events, read models, the web client) depend on the exact
//! numbers below, so never renumber; add new types at the end.
//!
//! | id | type | in "Total GBVF crime" |
//! |----|------|-----------------------|
//! | 1 | Sexual offences | yes |
//! | 2 | Rape | no (part of 1) |
//! | 3 | Sexual assault | no (part of 1) |
//! | 4 | Attempted sexual offences | no (part of 1) |
//! | 5 | Contact sexual offences | no (part of 1) |
//! | 6 | Murder | yes |
//! | 7 | Attempted murder | yes |
//! | 8 | Assault with the intent to inflict grievous bodily harm | yes |
//! | 9 | Common assault | yes |
//! | 10 | Kidnapping | no (missing from a series) |
//! | 11 | Neglect and ill-treatment of children | no (missing from a series) |
//!
//! # Why only 1, 6, 7, 8 and 9 are counted in the total
//!
//! `is_included` marks the types summed into "Total GBVF crime". A total must add up the same
//! things in every year, and the product loads three SAPS series (station level 2003/04–2012/13,
//! station level 2005/06–2015/16, provincial and national 2013/14–2022/23):
//!
//! * Sexual offences, murder, attempted murder, assault GBH and common assault are published in all
//!   three series, so a total of these is comparable over the whole period.
//! * Rape, sexual assault, attempted sexual offences and contact sexual offences are
//!   sub-categories of sexual offences (only the 2013/14+ series breaks them out); adding them
//!   would count the same offences twice.
//! * Kidnapping is missing from the 2005/06–2015/16 station series, and neglect and ill-treatment
//!   of children is missing from both the 2005/06 station series and the 2013/14 provincial
//!   series; including them would make the total jump between series.
//!
//! Sexual offences *detected as a result of police action* are deliberately not a GBVF type: they
//! are offences found by police operations, not offences reported by victims, and SAPS publishes
//! them outside the "contact crime" group. Their labels therefore match no type here.
//!
//! # Category labels in the source files
//!
//! [`crime_type_by_category`] compares labels after trimming, lower-casing and collapsing runs of
//! whitespace, so `"Neglect and ill-treatment of children "` (trailing space in the 2003/04 file)
//! and `"Sexual Offences"` (2005/06 file) both match. The 2003/04 series calls sexual offences
//! `"Total Sexual Crimes"`; it is listed as an alias of type 1.

/// A GBVF-relevant SAPS crime category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrimeType {
    /// Stable id stored in events and read models (see the table in the module documentation).
    pub id: i32,
    /// Name as published by SAPS, used for display.
    pub description: &'static str,
    /// Whether the type is summed into "Total GBVF crime" (see the module documentation).
    pub is_included: bool,
    /// Other labels the same category carries in the source files; matched like the description.
    pub aliases: &'static [&'static str],
}

/// All GBVF crime types, ordered by id.
pub const CRIME_TYPES: &[CrimeType] = &[
    CrimeType {
        id: 1,
        description: "Sexual offences",
        is_included: true,
        aliases: &["Sexual Offences", "Total Sexual Crimes", "Sexual offences"],
    },
    CrimeType {
        id: 2,
        description: "Rape",
        is_included: false,
        aliases: &[],
    },
    CrimeType {
        id: 3,
        description: "Sexual assault",
        is_included: false,
        aliases: &[],
    },
    CrimeType {
        id: 4,
        description: "Attempted sexual offences",
        is_included: false,
        aliases: &[],
    },
    CrimeType {
        id: 5,
        description: "Contact sexual offences",
        is_included: false,
        aliases: &[],
    },
    CrimeType {
        id: 6,
        description: "Murder",
        is_included: true,
        aliases: &[],
    },
    CrimeType {
        id: 7,
        description: "Attempted murder",
        is_included: true,
        aliases: &[],
    },
    CrimeType {
        id: 8,
        description: "Assault with the intent to inflict grievous bodily harm",
        is_included: true,
        aliases: &[],
    },
    CrimeType {
        id: 9,
        description: "Common assault",
        is_included: true,
        aliases: &[],
    },
    CrimeType {
        id: 10,
        description: "Kidnapping",
        is_included: false,
        aliases: &[],
    },
    CrimeType {
        id: 11,
        description: "Neglect and ill-treatment of children",
        is_included: false,
        aliases: &[],
    },
];

/// The crime type with this id, if any.
pub fn crime_type(id: i32) -> Option<&'static CrimeType> {
    CRIME_TYPES.iter().find(|t| t.id == id)
}

/// Matches a source file's category label to a type.
///
/// The label and every description and alias are compared case-insensitively after trimming and
/// collapsing runs of whitespace to one space. Returns `None` for non-GBVF categories (including
/// "Sexual offences detected as a result of police action").
pub fn crime_type_by_category(category: &str) -> Option<&'static CrimeType> {
    let wanted = canonical_label(category);
    CRIME_TYPES.iter().find(|t| {
        canonical_label(t.description) == wanted
            || t.aliases.iter().any(|a| canonical_label(a) == wanted)
    })
}

/// Lower-cases, trims and collapses whitespace.
fn canonical_label(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_fixed_unique_and_ordered() {
        let ids: Vec<i32> = CRIME_TYPES.iter().map(|t| t.id).collect();
        assert_eq!(ids, (1..=11).collect::<Vec<_>>());
        let included: Vec<i32> = CRIME_TYPES
            .iter()
            .filter(|t| t.is_included)
            .map(|t| t.id)
            .collect();
        assert_eq!(included, vec![1, 6, 7, 8, 9]);
        assert_eq!(crime_type(2).unwrap().description, "Rape");
        assert!(crime_type(0).is_none());
        assert!(crime_type(12).is_none());
    }

    #[test]
    fn source_labels_match() {
        let cases = [
            ("Sexual Offences", 1),
            ("Total Sexual Crimes", 1),
            ("Sexual offences", 1),
            ("  sexual   OFFENCES ", 1),
            ("Rape", 2),
            ("Sexual assault", 3),
            ("Attempted sexual offences", 4),
            ("Contact sexual offences", 5),
            ("Murder", 6),
            ("Attempted murder", 7),
            ("Assault with the intent to inflict grievous bodily harm", 8),
            ("Common assault", 9),
            ("Kidnapping", 10),
            ("Neglect and ill-treatment of children ", 11),
        ];
        for (label, id) in cases {
            assert_eq!(
                crime_type_by_category(label).map(|t| t.id),
                Some(id),
                "{label:?}"
            );
        }
    }

    #[test]
    fn police_detected_and_other_categories_do_not_match() {
        for label in [
            "Sexual offences detected as a result of police action",
            "Sexual offences as result of police action",
            "Contact crime (crime against the person)",
            "Culpable homicide",
            "Crimen injuria",
            "Common robbery",
            "",
        ] {
            assert!(crime_type_by_category(label).is_none(), "{label:?}");
        }
    }
}
