//! Who may read health-check results and participation (admin spec §3 "Summarised health
//! check", "View results"; public spec §6).

use crate::read_access::ReadRefused;

/// A signed-in reader of health-check results, as the rules need to see them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResultsReader {
    /// The organisation the reader belongs to (its designated person), if any.
    pub organisation_id: Option<String>,
    /// Holds WorldOfImpactAdmin.
    pub world_of_impact_admin: bool,
    /// Holds ViewOrganisationalSurveyResults (every organisation's results).
    pub view_every_organisation: bool,
    /// Holds ViewYourOrganisationSurveyResult (their own organisation's results).
    pub view_own_organisation: bool,
}

impl ResultsReader {
    /// The results of a health check of organisation `organisation_id`: whoever may view
    /// every organisation's, or a member of that organisation who may view their own.
    pub fn may_read_results_of(&self, organisation_id: &str) -> Result<(), ReadRefused> {
        let own = self.organisation_id.as_deref() == Some(organisation_id);
        if self.view_every_organisation || (own && self.view_own_organisation) {
            Ok(())
        } else {
            Err(ReadRefused)
        }
    }

    /// The participation and links of every organisation (the summarised health check): a
    /// WorldOfImpactAdmin, or a HealthCheckAdmin who belongs to no organisation; never an
    /// organisation's designated person, who would see the others' figures.
    pub fn may_read_every_organisation(&self) -> Result<(), ReadRefused> {
        if self.world_of_impact_admin || self.organisation_id.is_none() {
            Ok(())
        } else {
            Err(ReadRefused)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member_of(org: &str) -> ResultsReader {
        ResultsReader {
            organisation_id: Some(org.into()),
            view_own_organisation: true,
            ..ResultsReader::default()
        }
    }

    #[test]
    fn given_a_member_when_reading_their_own_organisation_then_allowed_and_another_refused() {
        let reader = member_of("org-a");
        assert_eq!(reader.may_read_results_of("org-a"), Ok(()));
        assert_eq!(reader.may_read_results_of("org-b"), Err(ReadRefused));
    }

    #[test]
    fn given_a_member_without_the_own_results_permission_when_reading_then_refused() {
        let reader = ResultsReader {
            view_own_organisation: false,
            ..member_of("org-a")
        };
        assert_eq!(reader.may_read_results_of("org-a"), Err(ReadRefused));
    }

    #[test]
    fn given_someone_who_views_every_organisation_when_reading_any_then_allowed() {
        let reader = ResultsReader {
            view_every_organisation: true,
            ..ResultsReader::default()
        };
        assert_eq!(reader.may_read_results_of("org-b"), Ok(()));
    }

    #[test]
    fn given_a_designated_person_when_reading_every_organisation_then_refused() {
        assert_eq!(
            member_of("org-a").may_read_every_organisation(),
            Err(ReadRefused)
        );
        let admin_of_an_organisation = ResultsReader {
            world_of_impact_admin: true,
            ..member_of("org-a")
        };
        assert_eq!(
            admin_of_an_organisation.may_read_every_organisation(),
            Ok(())
        );
        assert_eq!(
            ResultsReader::default().may_read_every_organisation(),
            Ok(()),
            "a health-check administrator of no organisation"
        );
    }
}
