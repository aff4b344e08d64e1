//! Readers for the public data files shipped in the project's `data/` folder.
//!
//! * [`geography`]: the boundary hierarchy (nation, provinces, districts and metros,
//!   municipalities, SAPS precincts) with Census 2022 population, areas and GeoJSON geometry, and
//!   the [`geography::Gazetteer`] that places station and province names from any source file.
//! * [`crime`]: SAPS crime statistics in the three shipped layouts plus the documented long CSV
//!   format, turned into figures per boundary, GBVF crime type and SAPS financial year.
//!
//! This module also holds the name matching shared by both: [`normalise_name`], the province
//! spellings ([`province_code`]) and the station renames ([`STATION_RENAMES`]).
//!
//! Attributions: boundaries: Municipal Demarcation Board; population: Statistics South Africa,
//! Census 2022; crime statistics: SAPS.

pub mod crime;
pub mod geography;

/// Canonical province codes (SAPS / Stats SA), in the order that gives their boundary ids 10..=18.
pub const PROVINCE_CODES: [&str; 9] = ["EC", "FS", "GP", "KZN", "LP", "MP", "NC", "NW", "WC"];

/// Province spellings seen in the source files, normalised with [`normalise_name`], with their
/// canonical code. The MDB shapefiles use `GT` and `LIM`, the 2003/04 station file `LI`, the
/// 2005/06 station file full names such as `Kwazulu/Natal`.
const PROVINCE_ALIASES: &[(&str, &str)] = &[
    ("ec", "EC"),
    ("easterncape", "EC"),
    ("fs", "FS"),
    ("freestate", "FS"),
    ("gp", "GP"),
    ("gt", "GP"),
    ("gauteng", "GP"),
    ("kzn", "KZN"),
    ("kwazulunatal", "KZN"),
    ("lp", "LP"),
    ("lim", "LP"),
    ("li", "LP"),
    ("limpopo", "LP"),
    ("mp", "MP"),
    ("mpumalanga", "MP"),
    ("nc", "NC"),
    ("northerncape", "NC"),
    ("nw", "NW"),
    ("northwest", "NW"),
    ("wc", "WC"),
    ("westerncape", "WC"),
];

/// Canonical province code for a province name or code in any source spelling
/// (`"Gauteng"`, `"GT"`, `"GP"`, `"Kwazulu/Natal"`, `"KwaZulu-Natal"`, `"LI"`, `"LIM"`, ...).
pub fn province_code(name_or_code: &str) -> Option<&'static str> {
    let key = normalise_name(name_or_code);
    PROVINCE_ALIASES
        .iter()
        .find(|(alias, _)| *alias == key)
        .map(|(_, code)| *code)
}

/// Station-name key used for matching: lower-case, with everything except letters and digits
/// removed (`"King William's Town"` and `"'King William''S Town'"` both become `kingwilliamstown`).
pub fn normalise_name(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Why an old station name is mapped to a current precinct name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenameBasis {
    /// Listed in the rename notes of `afrith-crime-stats` (see `data/geography/SOURCE.md`).
    SourceNotes,
    /// Official renaming of an Eastern Cape town (2021–2023), not in those notes.
    OfficialRename,
    /// The same name spelt differently (e.g. `Bisho` / `Bhisho`).
    Spelling,
    /// An abbreviation or suffix used by one source file (e.g. `Jhb Central`, `Hilton-Kzn`).
    SourceLabel,
    /// Same name; the older files list the station under another province than
    /// `police_stations.csv` does (SAPS provincial management versus the Stats SA assignment).
    /// The rename is then looked up in the whole country, not only the given province.
    ProvinceChanged,
    /// Not documented anywhere we could check: `Protea Glen` is the only station of that stem in
    /// Soweto in the older files and `Protea` the only precinct of that stem in the 2022 list.
    Inferred,
}

/// An old or source-specific station name and the name of the same precinct in
/// `data/geography/police_stations.csv`.
#[derive(Debug, Clone, Copy)]
pub struct StationRename {
    /// Canonical province code the rename applies in.
    pub province: &'static str,
    /// Name as it appears in an older source file.
    pub old: &'static str,
    /// Name in `police_stations.csv`.
    pub current: &'static str,
    /// Why we believe they are the same precinct.
    pub basis: RenameBasis,
}

const fn rename(
    province: &'static str,
    old: &'static str,
    current: &'static str,
    basis: RenameBasis,
) -> StationRename {
    StationRename {
        province,
        old,
        current,
        basis,
    }
}

/// Old and source-specific station names. A unit test in [`geography`] checks that every old
/// name with a point in `stations.shp` lies inside the municipality of the precinct it maps to.
pub const STATION_RENAMES: &[StationRename] = {
    use RenameBasis::*;
    &[
        rename("EC", "Cradock", "Nxuba", SourceNotes),
        rename("EC", "Grahamstown", "Makhanda", SourceNotes),
        rename("EC", "Fort Beaufort", "KwaMaqoma", SourceNotes),
        rename("EC", "Somerset East", "KwaNojoli", SourceNotes),
        rename("EC", "Mooiplaas", "Khwenxurha", SourceNotes),
        rename("EC", "Jamestown", "James Calata", SourceNotes),
        rename("EC", "Kirkwood", "Nqweba", SourceNotes),
        rename("EC", "Mount Fletcher", "Tlokoeng", SourceNotes),
        rename("NC", "Dingleton", "Siyathemba", SourceNotes),
        rename("EC", "Queenstown", "Komani", OfficialRename),
        rename("EC", "King William's Town", "Qonce", OfficialRename),
        rename("EC", "Uitenhage", "Kariega", OfficialRename),
        rename("EC", "Berlin", "Ntabozuko", OfficialRename),
        rename("EC", "Elliot", "Khowa", OfficialRename),
        rename("EC", "Lady Frere", "Cacadu", OfficialRename),
        rename("EC", "Maclear", "Nqanqarhu", OfficialRename),
        rename("EC", "Mount Ayliff", "MaXesibeni", OfficialRename),
        rename("EC", "Mount Frere", "KwaBhaca", OfficialRename),
        rename("EC", "Komga", "Qumrha", OfficialRename),
        rename("EC", "Bavianskloof", "Baviaanskloof", Spelling),
        rename("EC", "Bisho", "Bhisho", Spelling),
        rename("EC", "Bitye", "Bhityi", Spelling),
        rename("EC", "Bityi", "Bhityi", Spelling),
        rename("EC", "Bizana", "Mbizana", Spelling),
        rename("EC", "Bolo", "Bholo", Spelling),
        rename("EC", "Bolotwa", "Bholothwa", Spelling),
        rename("EC", "Engcobo", "Ngcobo", Spelling),
        rename("EC", "Idutywa", "Dutywa", Spelling),
        rename("EC", "Kubusiedrift", "Khubusidrift", Spelling),
        rename("EC", "Maluti", "Maloti", Spelling),
        rename("EC", "Nqamakwe", "Ngqamakhwe", Spelling),
        rename("EC", "Tina Falls", "Thina Falls", Spelling),
        rename("NC", "Bathlaros", "Batlharos", Spelling),
        rename("KZN", "Esikhawini", "Esikhaleni", Spelling),
        rename("KZN", "Mahlabatini", "Mahlabathini", Spelling),
        rename("KZN", "Mkuze", "Mkhuze", Spelling),
        rename("KZN", "Nqutu", "Nquthu", Spelling),
        rename("KZN", "Ntabamhlope", "Ntabamhlophe", Spelling),
        rename("NW", "Lethlabile", "Letlhabile", Spelling),
        rename("NW", "Makgobistat", "Makgobistad", Spelling),
        rename("NW", "Mothutlung", "Mothotlung", Spelling),
        rename("WC", "Riebeeck West", "Riebeek West", Spelling),
        rename("KZN", "Hilton-Kzn", "Hilton", SourceLabel),
        rename("KZN", "Mayville-Kzn", "Mayville", SourceLabel),
        rename("KZN", "Mpumalanga station", "Mpumalanga KZN", SourceLabel),
        rename(
            "KZN",
            "Int Airp King Shaka",
            "King Shaka Intl Airport",
            SourceLabel,
        ),
        rename(
            "KZN",
            "King Shaka International Airport",
            "King Shaka Intl Airport",
            SourceLabel,
        ),
        rename(
            "GP",
            "Or Tambo Intern Airp",
            "OR Tambo Intl Airport",
            SourceLabel,
        ),
        rename(
            "GP",
            "OR Tambo International Airport",
            "OR Tambo Intl Airport",
            SourceLabel,
        ),
        rename("GP", "Jhb Central", "Johannesburg Central", SourceLabel),
        rename("MP", "Balfour Tvl", "Balfour MP", SourceLabel),
        rename("MP", "Middelburg Mpumalang", "Middelburg MP", SourceLabel),
        rename("MP", "Morgenzon Transvaal", "Morgenzon", SourceLabel),
        rename("WC", "Heidelberg(C)", "Heidelberg WC", SourceLabel),
        rename("NC", "Richmond(C)", "Richmond NC", SourceLabel),
        rename("LP", "Laersdrift", "Laersdrift", ProvinceChanged),
        rename("GP", "Protea Glen", "Protea", Inferred),
    ]
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn province_spellings_resolve() {
        let cases = [
            ("Gauteng", "GP"),
            ("GT", "GP"),
            ("gp", "GP"),
            ("Kwazulu/Natal", "KZN"),
            ("KwaZulu-Natal", "KZN"),
            ("LI", "LP"),
            ("LIM", "LP"),
            ("LP", "LP"),
            ("North West", "NW"),
            (" Western Cape ", "WC"),
        ];
        for (input, code) in cases {
            assert_eq!(province_code(input), Some(code), "{input:?}");
        }
        assert_eq!(province_code("RSA"), None);
        assert_eq!(province_code(""), None);
        for code in PROVINCE_CODES {
            assert_eq!(province_code(code), Some(code));
        }
    }

    #[test]
    fn names_normalise() {
        assert_eq!(normalise_name("'King William''S Town'"), "kingwilliamstown");
        assert_eq!(normalise_name("King William's Town"), "kingwilliamstown");
        assert_eq!(normalise_name("Heidelberg(C)"), "heidelbergc");
        assert_eq!(normalise_name("  Ga-Rankuwa "), "garankuwa");
    }

    #[test]
    fn renames_are_unique_and_use_canonical_provinces() {
        let mut seen = std::collections::HashSet::new();
        for r in STATION_RENAMES {
            assert!(PROVINCE_CODES.contains(&r.province), "{r:?}");
            assert!(
                seen.insert((r.province, normalise_name(r.old))),
                "duplicate {r:?}"
            );
        }
    }
}
