//! What a row changes, field by field, and its contact persons added or changed by name.

use crate::building_blocks::bulk_load::plan::detail;
use crate::building_blocks::bulk_load::plan::lower;
use crate::building_blocks::bulk_load::plan::PersonInput;
use crate::building_blocks::bulk_load::BlockInfo;
use crate::building_blocks::bulk_load::Change;
use crate::building_blocks::bulk_load::Column;
use gbvf_events::building_block::ProviderDetails;

pub(super) fn names_of(block: &BlockInfo, ids: &[i32]) -> Option<String> {
    let names: Vec<&str> = block
        .requirements
        .iter()
        .filter(|(id, _)| ids.contains(id))
        .map(|(_, n)| n.as_str())
        .collect();
    (!names.is_empty()).then(|| names.join("; "))
}

/// A contact person in a change: name, role, requirement and consent; the numbers and e-mail
/// address are named only as changed.
pub(super) fn describe(p: &PersonInput, block: &BlockInfo) -> String {
    let requirement = names_of(block, &[p.requirement]).unwrap_or_default();
    let role = p
        .job_role
        .as_deref()
        .map(|r| format!(" ({r})"))
        .unwrap_or_default();
    let consent = if p.is_public { "public" } else { "internal" };
    format!("{}{role}, {requirement}, {consent}", p.full_name.trim())
}

pub(super) fn same_person(a: &PersonInput, b: &PersonInput) -> bool {
    let t = |s: &Option<String>| s.as_deref().map(str::trim).unwrap_or_default().to_string();
    let d = |s: &Option<String>| crate::fields::digits(s.as_deref().unwrap_or_default());
    a.requirement == b.requirement
        && a.is_public == b.is_public
        && a.full_name.trim() == b.full_name.trim()
        && t(&a.job_role) == t(&b.job_role)
        && t(&a.email_address) == t(&b.email_address)
        && d(&a.mobile_number) == d(&b.mobile_number)
        && d(&a.telephone_number) == d(&b.telephone_number)
        && d(&a.alternate_number) == d(&b.alternate_number)
}

/// The changes from `before` to `after`, field by field; contact persons added, changed and
/// removed by name.
pub(super) fn changes(
    before: &ProviderDetails,
    after: &ProviderDetails,
    block: &BlockInfo,
    before_persons: &[PersonInput],
    after_persons: &mut [PersonInput],
) -> Vec<Change> {
    let mut out = Vec::new();
    let mut field = |column: Column, from: Option<String>, to: Option<String>| {
        if from != to {
            out.push(Change {
                column: column.header().to_string(),
                from,
                to,
            });
        }
    };
    field(
        Column::PhysicalAddress,
        before.physical_address.clone(),
        after.physical_address.clone(),
    );
    field(
        Column::PostalAddress,
        before.postal_address.clone(),
        after.postal_address.clone(),
    );
    for (column, t) in [
        (Column::ReceptionNumber, 3),
        (Column::AlternateNumber, 4),
        (Column::EmailAddress, 1),
    ] {
        field(
            column,
            detail(&before.contacts, t),
            detail(&after.contacts, t),
        );
    }
    let mut was = before.requirements_available.clone();
    was.sort_unstable();
    field(
        Column::RequirementsAvailable,
        names_of(block, &was),
        names_of(block, &after.requirements_available),
    );
    // The form keeps only the persons with a name, in order.
    for p in after_persons.iter_mut() {
        p.full_name = p.full_name.trim().to_string();
    }
    let person = "Contact person".to_string();
    for p in after_persons.iter() {
        match before_persons
            .iter()
            .find(|b| lower(&b.full_name) == lower(&p.full_name))
        {
            None => out.push(Change {
                column: person.clone(),
                from: None,
                to: Some(describe(p, block)),
            }),
            Some(b) if !same_person(b, p) => out.push(Change {
                column: person.clone(),
                from: Some(describe(b, block)),
                to: Some(format!("{} (details changed)", describe(p, block))),
            }),
            Some(_) => {}
        }
    }
    for b in before_persons {
        if !after_persons
            .iter()
            .any(|p| lower(&p.full_name) == lower(&b.full_name))
        {
            out.push(Change {
                column: person.clone(),
                from: Some(describe(b, block)),
                to: None,
            });
        }
    }
    out
}
