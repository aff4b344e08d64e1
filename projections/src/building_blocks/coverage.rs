//! When an availability figure may speak for an area (docs/decisions/0141-availability-needs-coverage.md).
//!
//! Availability is measured over verified providers only; this rule says whether enough of the
//! listed providers are verified for that measure to stand for the area at all. Below it the
//! public reads "Not yet verified" with the coverage ("1 of 42 verified") beside it.

/// How many of an area's listed providers must be verified before its availability is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoverageRule {
    /// At least this many verified providers (or all of them, where fewer are listed).
    pub min_verified: i64,
    /// And at least this share of the listed providers verified, in percent (0..=100).
    pub min_verified_percent: i64,
}

/// The coverage an availability figure needs: at least 3 verified providers (all of them where
/// fewer than 3 are listed) AND at least half (50 %) of the listed providers verified. Below it
/// the figure would describe a minority of the area's providers, chosen by whichever were
/// verified first, not the area (docs/decisions/0141-availability-needs-coverage.md).
pub const AVAILABILITY_COVERAGE: CoverageRule = CoverageRule {
    min_verified: 3,
    min_verified_percent: 50,
};

/// Why an availability figure is shown or not (serialised in the answers as
/// `availabilityState`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    /// No provider is listed: there is nothing to measure ("–").
    NoProviders,
    /// Providers are listed, none verified ("Not yet verified").
    NoneVerified,
    /// Some are verified, fewer than [`AVAILABILITY_COVERAGE`] asks ("Not yet verified").
    BelowCoverage,
    /// Enough are verified: the figure over verified providers is shown.
    Enough,
}

impl CoverageRule {
    /// Whether `verified` of `listed` providers may speak for their area (counts ≥ 0;
    /// `verified` above `listed` counts as `listed`).
    pub fn coverage(&self, verified: i64, listed: i64) -> Coverage {
        let verified = verified.min(listed);
        if listed <= 0 {
            Coverage::NoProviders
        } else if verified <= 0 {
            Coverage::NoneVerified
        } else if verified >= self.min_verified.min(listed)
            && verified * 100 >= self.min_verified_percent * listed
        {
            Coverage::Enough
        } else {
            Coverage::BelowCoverage
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_of_42_is_below_coverage_and_half_with_three_is_enough() {
        let rule = AVAILABILITY_COVERAGE;
        assert_eq!(rule.coverage(0, 0), Coverage::NoProviders);
        assert_eq!(rule.coverage(0, 42), Coverage::NoneVerified);
        assert_eq!(rule.coverage(1, 42), Coverage::BelowCoverage);
        assert_eq!(rule.coverage(20, 42), Coverage::BelowCoverage);
        assert_eq!(rule.coverage(21, 42), Coverage::Enough);
        // Johannesburg's 43 police stations in the shipped directory: 22 needed.
        assert_eq!(rule.coverage(21, 43), Coverage::BelowCoverage);
        assert_eq!(rule.coverage(22, 43), Coverage::Enough);
        // Small areas: all of them where fewer than 3 are listed, else 3 and half.
        assert_eq!(rule.coverage(1, 1), Coverage::Enough);
        assert_eq!(rule.coverage(1, 2), Coverage::BelowCoverage);
        assert_eq!(rule.coverage(2, 2), Coverage::Enough);
        assert_eq!(rule.coverage(2, 4), Coverage::BelowCoverage);
        assert_eq!(rule.coverage(3, 4), Coverage::Enough);
        assert_eq!(rule.coverage(3, 6), Coverage::Enough);
    }
}
