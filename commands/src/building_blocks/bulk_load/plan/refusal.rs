//! A refusal of the provider aggregate as errors of the row's cells.

use crate::building_blocks::bulk_load::plan::PersonInput;
use crate::building_blocks::bulk_load::CellError;
use crate::building_blocks::bulk_load::Column;
use crate::building_blocks::provider::ProviderError;

/// The form's field code as the template's column (`contactPersons[0]` is the row's person
/// when it has one; others are the provider's current persons).
fn column_of(code: &str, has_file_person: bool) -> (Column, Option<usize>) {
    use Column::*;
    let simple = match code {
        "physicalAddress" => Some(PhysicalAddress),
        "postalAddress" => Some(PostalAddress),
        "receptionNumber" => Some(ReceptionNumber),
        "alternateNumber" => Some(AlternateNumber),
        "emailAddress" => Some(EmailAddress),
        _ => None,
    };
    if let Some(c) = simple {
        return (c, None);
    }
    let index = code
        .strip_prefix("contactPersons[")
        .and_then(|s| s.split(']').next())
        .and_then(|i| i.parse::<usize>().ok());
    let field = code.rsplit('.').next().unwrap_or_default();
    let column = match field {
        "fullName" => ContactPersonName,
        "jobRole" => ContactPersonJobRole,
        "mobileNumber" => ContactPersonMobileNumber,
        "emailAddress" => ContactPersonEmailAddress,
        "telephoneNumber" => ContactPersonTelephoneNumber,
        "alternateNumber" => ContactPersonAlternateNumber,
        "isPublic" => ContactPersonPublic,
        _ => ProviderName,
    };
    match index {
        Some(0) if has_file_person => (column, None),
        other => (column, other),
    }
}

/// A refusal of the aggregate as errors of the row's cells.
pub(super) fn refusal(
    row: usize,
    e: ProviderError,
    has_file_person: bool,
    persons: &[PersonInput],
    errors: &mut Vec<CellError>,
) {
    match e {
        ProviderError::Invalid(fields) => {
            for f in fields {
                let (column, current) = column_of(&f.code, has_file_person);
                let message = match current.and_then(|i| persons.get(i)) {
                    Some(p) => format!("Current contact person {}: {}", p.full_name, f.description),
                    None => f.description,
                };
                errors.push(CellError::new(row, Some(column), message));
            }
        }
        ProviderError::UnknownRequirement(_) => errors.push(CellError::new(
            row,
            Some(Column::RequirementsAvailable),
            e.to_string(),
        )),
        e => errors.push(CellError::new(
            row,
            Some(Column::ProviderName),
            e.to_string(),
        )),
    }
}
