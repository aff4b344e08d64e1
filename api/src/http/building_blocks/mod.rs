//! Building-block calls (public spec §7 "Building block", `searchcontact`, and the component-1
//! parts of the dashboard and map).
//!
//! Public: the contact directory search, availability per category, building block and
//! requirement with its quarter grid, counts per boundary: all from each provider's last
//! *verified* snapshot (or its imported record before any verification), never from a pending
//! or returned submission; shelters show name, municipality and telephone lines only.
//! Signed in: the municipalities of the user, the providers of one building block in a
//! municipality, one provider's details, the municipality's update (EditBuildingBlock), the
//! province's verification or return (ValidateBuildingBlock, of the submission version the
//! reviewer saw, never by its submitter), and a provider's history (JSON or CSV). Every
//! signed-in call about a provider is limited to the user's [`StaffArea`].
//!
//! Availability (docs/decisions/0062-availability-and-completion.md): for a requirement in a
//! boundary, the share of the providers of its building block in that boundary whose *verified*
//! details offer it; for a building block or category, the share of (provider, requirement) pairs
//! available. Shelters never carry a point or address in any answer.
//!
//! - [`availability`]: availability per category, block and requirement, and the quarter grid.
//! - [`directory`]: the contact directory search, counts per boundary and map markers.
//! - [`capture`]: the municipal user's municipalities, providers and one provider's details.
//! - [`verification`]: the municipality's update and the province's verification or return.
//! - [`history`]: a provider's history (JSON or CSV), in words and names.
//! - [`queue`]: the verification queue of the user's area, with counts per status.
//! - [`review`]: a submission beside the last verified version.
//! - [`update_body`]: the specification's shape of the update body, folded into the form's.
//! - [`bulk_load`]: a province's file of provider details: template, dry run and apply.
//! - [`contact_removal`]: the specification's removal of one contact person.
//! - [`lifecycle`]: proposals of new providers and closures, and the province's decisions.
//! - [`taxonomy`]: administrators' additions to the taxonomy, and its versions.

pub mod availability;
pub mod bulk_load;
pub mod capture;
pub mod contact_removal;
pub mod directory;
pub mod history;
pub mod lifecycle;
pub mod quarters;
pub mod queue;
pub mod review;
pub mod taxonomy;
pub mod update_body;
pub mod verification;

pub use availability::{
    __path_get_data, __path_get_requirement_detail, building_block_data, component_options,
    contained_availability, get_data, get_requirement_detail, quarter_label, reporting_quarters,
    AreaCategory, AvailabilityArea, AvailabilityState, BlockStat, BoundaryQuery, BuildingBlockData,
    CategoryQuery, CategoryStat, Figure, PeriodAvailability, ReportingPeriod, RequirementStat,
};
pub use bulk_load::{
    __path_bulk_load_apply, __path_bulk_load_dry_run, __path_bulk_load_template, bulk_load_apply,
    bulk_load_dry_run, bulk_load_template, BulkLoadApplyQuery, BulkLoadReport, BulkLoadSummary,
    BULK_LOAD_BODY_LIMIT,
};
pub use capture::{
    __path_associated_to_user, __path_contacts_with_requirements, __path_on_municipality,
    associated_to_user, completion, contacts_with_requirements, on_municipality, AssignedCategory,
    AssignedMunicipality, BlockCompletion, BuildingBlockDetails, ContactPersonDetails,
    MunicipalityQuery, ProviderAddress, ProviderQuery, ProviderStatus, RequirementDetails,
};
pub use contact_removal::{
    __path_delete_contact_person, delete_contact_person, DeleteContactQuery,
};
pub use directory::{
    __path_boundary_counts, __path_search_contact, boundary_counts, geomarkers, search_contact,
    BlockCount, BoundaryCategoryCount, ContactPerson, ContactSearchResult, DirectoryAddress,
    DirectoryContact, DirectoryRequirement, PublicContactPerson, SearchQuery,
};
pub use history::{
    __path_history, event_words, history, submission_words, ProviderHistory, ProviderHistoryEntry,
};
pub use lifecycle::{
    __path_confirm_proposal, __path_decline_proposal, __path_proposals, __path_propose_closure,
    __path_propose_provider, confirm_proposal, decline_proposal, proposals, propose_closure,
    propose_provider, ClosureBody, ProposalDecisionBody, ProposalItem, ProposalList, ProposeBody,
    Proposed, PROPOSALS_SHOWN,
};
pub use queue::{
    __path_verification_queue, verification_queue, QueueChoice, QueueItem, QueuePage, QueueQuery,
    StatusCounts, QUEUE_MAX_DAYS, QUEUE_PAGE_SIZE, QUEUE_PAGE_SIZE_MAX,
};
pub use review::{
    __path_review_submission, field_changes, person_changes, review_submission,
    ContactPersonChange, FieldChange, RequirementChange, SubmissionReview,
};
pub use taxonomy::{
    __path_create_building_block, __path_create_requirement, __path_get_taxonomy,
    create_building_block, create_requirement, get_taxonomy, CreateBuildingBlockBody,
    CreateRequirementBody, TaxonomyAdded, TaxonomyAnswer, TaxonomyBlock, TaxonomyCategory,
    TaxonomyRequirement, TaxonomyVersion,
};
pub use verification::{
    __path_return_block, __path_update, __path_verify, return_block, update, verify, DecisionBody,
};

use crate::http::auth::CurrentUser;
use crate::http::error::ApiError;
use crate::http::AppState;
use gbvf_commands::accounts::permissions::ValidateBuildingBlock;
pub use gbvf_commands::building_blocks::StaffArea;
use gbvf_projections::geography::provinces_of;

/// Message of a successful update (spec §8).
pub const UPDATED: &str = "Building block updated successfully";
/// Message of a failed update (spec §8).
pub const NOT_UPDATED: &str = "Building block not updated.";

/// The municipalities assigned to the user (account `municipality_ids`).
pub(super) async fn assigned_municipalities(
    s: &AppState,
    u: &CurrentUser,
) -> Result<Vec<i64>, ApiError> {
    Ok(gbvf_projections::accounts::assigned_municipalities(&s.pool, &u.session.user_id).await?)
}

/// The area a signed-in user's building-block work covers, for reads and writes alike: the
/// municipalities assigned to their account, and, when they hold ValidateBuildingBlock, the
/// provinces assigned to their account and those of their municipalities (the rules of
/// [`StaffArea`]; account `municipality_ids` and `province_ids`, boundary read model).
pub async fn staff_area(s: &AppState, u: &CurrentUser) -> Result<StaffArea, ApiError> {
    let municipalities = assigned_municipalities(s, u).await?;
    let provinces = if u.can(ValidateBuildingBlock) {
        let mut p = provinces_of(&s.pool, &municipalities).await?;
        p.extend(
            gbvf_projections::accounts::assigned_provinces(&s.pool, &u.session.user_id).await?,
        );
        p.sort_unstable();
        p.dedup();
        p
    } else {
        Vec::new()
    };
    Ok(StaffArea {
        municipalities,
        provinces,
    })
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::availability::{quarter_label, reporting_quarters};
    use super::capture::completion;

    #[test]
    fn quarters_and_completion() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        let labels: Vec<String> = reporting_quarters(d)
            .into_iter()
            .map(quarter_label)
            .collect();
        assert_eq!(labels, ["Q1 26", "Q2 26", "Q3 26", "Q4 26"]);
        let d = NaiveDate::from_ymd_opt(2027, 2, 1).unwrap();
        let labels: Vec<String> = reporting_quarters(d)
            .into_iter()
            .map(quarter_label)
            .collect();
        assert_eq!(labels, ["Q2 26", "Q3 26", "Q4 26", "Q1 27"]);
        assert_eq!(completion(0, 0), 0);
        assert_eq!(completion(3, 3), 2);
        assert_eq!(completion(1, 3), 1);
        assert_eq!(completion(0, 3), 0);
    }
}
