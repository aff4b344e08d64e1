//! The review of a submission (docs/decisions/0056-the-verification-queue-and-the-review.md): the
//! pending submission beside the last verified version (the imported record before any
//! verification), field by field, requirement by requirement (by name) and contact person by
//! contact person (added, changed, removed), with what the reader may decide.

use super::queue::rfc3339;
use crate::http::auth::CurrentUser;
use crate::http::building_blocks::availability::required_id;
use crate::http::building_blocks::directory::contact_persons;
use crate::http::building_blocks::staff_area;
use crate::http::building_blocks::verification::actor_of;
use crate::http::building_blocks::verification::provider_place;
use crate::http::building_blocks::ContactPersonDetails;
use crate::http::building_blocks::ProviderQuery;
use crate::http::error::ApiError;
use crate::http::AppState;
use axum::extract::{Query, State};
use axum::Json;
use gbvf_events::building_block::ContactPersonRef;
use gbvf_projections::building_blocks::queries;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use utoipa::ToSchema;

/// One field of the provider's details, before and after.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldChange {
    /// The field: `physicalAddress`, `postalAddress`, `receptionNumber`, `alternateNumber`,
    /// `emailAddress` (the manage screen's names).
    pub field: String,
    /// The last verified value (the imported one before any verification); null when none.
    #[schema(required = true)]
    pub verified: Option<String>,
    /// The submitted value; null when none.
    #[schema(required = true)]
    pub submitted: Option<String>,
    /// Whether the two differ.
    pub changed: bool,
}

/// One requirement of the building block, before and after.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequirementChange {
    /// Requirement id.
    pub building_block_requirement_id: i32,
    /// Its name.
    pub name: String,
    /// Offered in the last verified version.
    pub verified: bool,
    /// Offered in the submission.
    pub submitted: bool,
    /// Whether the two differ.
    pub changed: bool,
}

/// A contact person, before and after.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactPersonChange {
    /// `added`, `changed`, `removed` or `unchanged`.
    pub change: String,
    /// The name of the requirement the person answers for.
    pub requirement: String,
    /// The person in the last verified version; null when added.
    #[schema(required = true)]
    pub verified: Option<ContactPersonDetails>,
    /// The person in the submission; null when removed.
    #[schema(required = true)]
    pub submitted: Option<ContactPersonDetails>,
    /// The fields that differ (`fullName`, `jobRole`, `mobileNumber`, `emailAddress`,
    /// `telephoneNumber`, `alternateNumber`, `isPublic`); empty unless changed.
    pub changed_fields: Vec<String>,
}

/// A submission beside the last verified version.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmissionReview {
    /// The provider id.
    pub stakeholder_id: i64,
    /// Its name.
    pub name: String,
    /// Its municipality (boundary id).
    pub municipality_id: i64,
    /// The municipality's name.
    pub municipality_name: String,
    /// Its building block id.
    pub building_block_id: i32,
    /// The building block's name.
    pub building_block: String,
    /// Workflow status (`not_captured`, `submitted`, `verified`, `returned`).
    pub status: String,
    /// The version of the submission shown, which a verify or return must name.
    #[schema(required = true)]
    pub submission_version: Option<i64>,
    /// When it was submitted (RFC 3339, UTC).
    #[schema(required = true)]
    pub submitted_at: Option<String>,
    /// Who submitted it (name).
    #[schema(required = true)]
    pub submitted_by_name: Option<String>,
    /// When the version compared with was verified; null when nothing was ever verified (the
    /// comparison is then with the imported record).
    #[schema(required = true)]
    pub verified_at: Option<String>,
    /// The last return's reason; null when never returned.
    #[schema(required = true)]
    pub return_reason: Option<String>,
    /// When it was last returned.
    #[schema(required = true)]
    pub returned_at: Option<String>,
    /// Who returned it last (name).
    #[schema(required = true)]
    pub returned_by_name: Option<String>,
    /// True when the reader made the submission.
    pub own_submission: bool,
    /// True when the reader may verify or return this submission now: they review its
    /// province, it awaits a decision and they did not submit it.
    pub may_decide: bool,
    /// True for shelters (no address is ever kept).
    pub is_shelter: bool,
    /// The details' fields.
    pub fields: Vec<FieldChange>,
    /// Every requirement of the building block.
    pub requirements: Vec<RequirementChange>,
    /// The contact persons: changed, added and removed first, then the unchanged.
    pub contact_persons: Vec<ContactPersonChange>,
}

/// The contact of type `t` in a stored contact list.
fn contact(list: &Option<Value>, t: i32) -> Option<String> {
    list.as_ref()?.as_array()?.iter().find_map(|c| {
        (c.get("contactTypeId")?.as_i64()? == t as i64)
            .then(|| c.get("detail")?.as_str().map(str::to_string))
            .flatten()
    })
}

/// The five fields of the details, before (`verified`) and after (`submitted`).
pub fn field_changes(
    verified: [&Option<String>; 2],
    verified_contacts: &Option<Value>,
    submitted: [&Option<String>; 2],
    submitted_contacts: &Option<Value>,
) -> Vec<FieldChange> {
    let pairs = [
        ("physicalAddress", verified[0].clone(), submitted[0].clone()),
        ("postalAddress", verified[1].clone(), submitted[1].clone()),
        (
            "receptionNumber",
            contact(verified_contacts, 3),
            contact(submitted_contacts, 3),
        ),
        (
            "alternateNumber",
            contact(verified_contacts, 4),
            contact(submitted_contacts, 4),
        ),
        (
            "emailAddress",
            contact(verified_contacts, 1),
            contact(submitted_contacts, 1),
        ),
    ];
    pairs
        .into_iter()
        .map(|(field, verified, submitted)| FieldChange {
            field: field.into(),
            changed: verified != submitted,
            verified,
            submitted,
        })
        .collect()
}

/// The fields in which two versions of a contact person differ.
fn person_fields(a: &ContactPersonDetails, b: &ContactPersonDetails) -> Vec<String> {
    [
        ("fullName", a.full_name != b.full_name),
        ("jobRole", a.job_role != b.job_role),
        ("mobileNumber", a.mobile_number != b.mobile_number),
        ("emailAddress", a.email_address != b.email_address),
        ("telephoneNumber", a.telephone_number != b.telephone_number),
        ("alternateNumber", a.alternate_number != b.alternate_number),
        ("isPublic", a.is_public != b.is_public),
    ]
    .into_iter()
    .filter(|(_, differ)| *differ)
    .map(|(f, _)| f.to_string())
    .collect()
}

/// Pairs the verified and submitted contact persons (each a requirement id and the person):
/// the same stored person, else the same requirement and name (letter case and surrounding
/// spaces aside), is one person (`unchanged` or `changed`); the rest are `added` or `removed`.
/// Changed, added and removed first (in that order), then unchanged; within each by
/// requirement name, then name.
pub fn person_changes(
    verified: Vec<(String, ContactPersonDetails)>,
    submitted: Vec<(String, ContactPersonDetails)>,
) -> Vec<ContactPersonChange> {
    let key =
        |r: &str, p: &ContactPersonDetails| (r.to_string(), p.full_name.trim().to_lowercase());
    let mut left: Vec<Option<(String, ContactPersonDetails)>> =
        verified.into_iter().map(Some).collect();
    let mut out = Vec::new();
    for (requirement, s) in submitted {
        let found = left
            .iter()
            .position(|v| {
                v.as_ref()
                    .is_some_and(|(_, v)| v.contact_person_id == s.contact_person_id)
            })
            .or_else(|| {
                left.iter().position(|v| {
                    v.as_ref()
                        .is_some_and(|(r, v)| key(r, v) == key(&requirement, &s))
                })
            });
        match found.and_then(|i| left[i].take()) {
            Some((_, v)) => {
                let changed_fields = person_fields(&v, &s);
                out.push(ContactPersonChange {
                    change: if changed_fields.is_empty() {
                        "unchanged"
                    } else {
                        "changed"
                    }
                    .into(),
                    requirement,
                    verified: Some(v),
                    submitted: Some(s),
                    changed_fields,
                });
            }
            None => out.push(ContactPersonChange {
                change: "added".into(),
                requirement,
                verified: None,
                submitted: Some(s),
                changed_fields: Vec::new(),
            }),
        }
    }
    out.extend(
        left.into_iter()
            .flatten()
            .map(|(requirement, v)| ContactPersonChange {
                change: "removed".into(),
                requirement,
                verified: Some(v),
                submitted: None,
                changed_fields: Vec::new(),
            }),
    );
    let rank = |c: &str| match c {
        "changed" => 0,
        "added" => 1,
        "removed" => 2,
        _ => 3,
    };
    let name = |c: &ContactPersonChange| {
        c.submitted
            .as_ref()
            .or(c.verified.as_ref())
            .map(|p| p.full_name.to_lowercase())
            .unwrap_or_default()
    };
    out.sort_by(|a, b| {
        (rank(&a.change), &a.requirement, name(a)).cmp(&(rank(&b.change), &b.requirement, name(b)))
    });
    out
}

/// `GET /api/buildingblock/reviewSubmission?stakeholderId`: the provider's last submission
/// beside its last verified version (the imported record before any verification): the
/// fields, every requirement by name, the contact persons added, changed and removed, who
/// submitted it and when, the last return's reason, and whether the reader may decide.
/// EditBuildingBlock or ValidateBuildingBlock, and the provider in the user's area.
#[utoipa::path(get, path = "/api/buildingblock/reviewSubmission", operation_id = "getSubmissionReview", tag = "building block",
    params(ProviderQuery),
    responses((status = 200, description = "The submission beside the last verified version", body = SubmissionReview), (status = 403, description = "Permission denied or not in the user's area"), (status = 404, description = "Unknown provider")))]
pub async fn review_submission(
    State(s): State<AppState>,
    axum::Extension(u): axum::Extension<CurrentUser>,
    Query(q): Query<ProviderQuery>,
) -> Result<Json<SubmissionReview>, ApiError> {
    let id = required_id("stakeholderId", &q.stakeholder_id)?;
    let (_, province, _) = provider_place(&s, id).await?;
    let Some(row) = queries::provider_details(&s.pool, id).await? else {
        return Err(ApiError::NotFound("No provider has this id.".into()));
    };
    let area = staff_area(&s, &u).await?;
    area.may_read(Some((row.municipality_id, province)))?;
    let persons = contact_persons(&s.pool, &[id]).await?;
    let requirements = queries::requirements(&s.pool, Some(row.building_block_id)).await?;
    let requirement_name: HashMap<i32, String> = requirements
        .iter()
        .map(|r| (r.requirement_id, r.description.clone()))
        .collect();
    let people = |refs: Value| -> Vec<(String, ContactPersonDetails)> {
        let refs: Vec<ContactPersonRef> = serde_json::from_value(refs).unwrap_or_default();
        refs.iter()
            .filter_map(|c| {
                let p = persons.get(&c.contact_person_id)?;
                let r = requirement_name
                    .get(&c.building_block_requirement_id)
                    .cloned()
                    .unwrap_or_default();
                Some((r, p.details(c.is_public)))
            })
            .collect()
    };
    let actors: Vec<String> = row
        .submitted_by
        .iter()
        .chain(&row.returned_by)
        .cloned()
        .collect();
    let names = queries::staff_names(&s.pool, &actors, gbvf_events::person::ERASED_PERSON).await?;
    let own = row.submitted_by.as_deref() == Some(actor_of(&u).as_str());
    let verified_contacts = row.verified_contacts.clone().or(Some(row.contacts.clone()));
    let submitted_contacts = row.details_contacts.clone().or(Some(row.contacts.clone()));
    Ok(Json(SubmissionReview {
        stakeholder_id: id,
        fields: field_changes(
            [&row.verified_physical_address, &row.verified_postal_address],
            &verified_contacts,
            [&row.physical_address, &row.postal_address],
            &submitted_contacts,
        ),
        requirements: requirements
            .iter()
            .map(|r| {
                let verified = row.verified_requirements.contains(&r.requirement_id);
                let submitted = row.requirements.contains(&r.requirement_id);
                RequirementChange {
                    building_block_requirement_id: r.requirement_id,
                    name: r.description.clone(),
                    verified,
                    submitted,
                    changed: verified != submitted,
                }
            })
            .collect(),
        contact_persons: person_changes(
            people(row.verified_contact_persons.clone()),
            people(row.contact_persons.clone()),
        ),
        name: row.name,
        municipality_id: row.municipality_id,
        municipality_name: row.municipality_name,
        building_block_id: row.building_block_id,
        building_block: row.building_block,
        may_decide: area.reviews(province) && row.status == "submitted" && !own,
        status: row.status,
        submission_version: row.submission_version,
        submitted_at: row.submitted_at.map(rfc3339),
        submitted_by_name: row
            .submitted_by
            .as_ref()
            .and_then(|a| names.get(a).cloned()),
        verified_at: row.verified_at.map(rfc3339),
        return_reason: row.return_reason,
        returned_at: row.returned_at.map(rfc3339),
        returned_by_name: row.returned_by.as_ref().and_then(|a| names.get(a).cloned()),
        own_submission: own,
        is_shelter: gbvf_projections::building_blocks::queries::block_location_secret(
            &s.pool,
            row.building_block_id,
        )
        .await?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(id: u128, name: &str, mobile: Option<&str>) -> ContactPersonDetails {
        ContactPersonDetails {
            contact_person_id: uuid::Uuid::from_u128(id),
            full_name: name.into(),
            job_role: None,
            mobile_number: mobile.map(str::to_string),
            email_address: None,
            telephone_number: None,
            alternate_number: None,
            is_public: false,
        }
    }

    #[test]
    fn persons_are_paired_by_id_then_by_requirement_and_name() {
        let room = "Victim-friendly room".to_string();
        let changes = person_changes(
            vec![
                (room.clone(), person(1, "Kept Same", None)),
                (
                    room.clone(),
                    person(2, "Sergeant Moved", Some("0820000000")),
                ),
                (room.clone(), person(3, "Gone Person", None)),
            ],
            vec![
                (room.clone(), person(1, "Kept Same", None)),
                (
                    room.clone(),
                    person(9, " sergeant moved ", Some("0830000000")),
                ),
                (room.clone(), person(10, "New Person", None)),
            ],
        );
        let summary: Vec<(String, Vec<String>)> = changes
            .iter()
            .map(|c| (c.change.clone(), c.changed_fields.clone()))
            .collect();
        assert_eq!(
            summary,
            [
                (
                    "changed".into(),
                    vec!["fullName".into(), "mobileNumber".into()]
                ),
                ("added".into(), vec![]),
                ("removed".into(), vec![]),
                ("unchanged".into(), vec![]),
            ]
        );
    }

    #[test]
    fn fields_compare_addresses_and_contacts_by_type() {
        let before = Some(serde_json::json!([{"contactTypeId": 3, "detail": "0110000000"}]));
        let after = Some(
            serde_json::json!([{"contactTypeId": 3, "detail": "0111111111"},
                                            {"contactTypeId": 1, "detail": "desk@example.org"}]),
        );
        let a = Some("1 Main Road".to_string());
        let changes = field_changes([&a, &None], &before, [&a, &None], &after);
        let changed: Vec<&str> = changes
            .iter()
            .filter(|c| c.changed)
            .map(|c| c.field.as_str())
            .collect();
        assert_eq!(changed, ["receptionNumber", "emailAddress"]);
    }
}
