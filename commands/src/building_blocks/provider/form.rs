//! The building-block details form (`updateBuildingBlockContactsAndRequirements`, public spec
//! §5 "Manage building block"), parsed once into typed values with the shared field parsers
//! ([`crate::fields`]).

use crate::accounts::validation::FieldError;
use crate::fields::{EmailAddress, Line, PhoneNumber};

/// 'Name is required.' (spec §5 "Manage building block", a contact person's name).
pub const NAME_REQUIRED: &str = "Name is required.";

/// A contact person of a submission, parsed (spec §5 "Manage building block"). The person's
/// details go to `bb_contact_person` under `contact_person_id`, never into an event.
#[derive(Debug, Clone, PartialEq)]
pub struct ContactPerson {
    /// The id the event names (new for every submission).
    pub contact_person_id: uuid::Uuid,
    /// The requirement the person answers for.
    pub building_block_requirement_id: i32,
    /// Full name.
    pub full_name: Line,
    /// Job role.
    pub job_role: Option<Line>,
    /// Mobile number (10 digits).
    pub mobile_number: Option<PhoneNumber>,
    /// E-mail address.
    pub email_address: Option<EmailAddress>,
    /// Telephone number (10 digits).
    pub telephone_number: Option<PhoneNumber>,
    /// Alternate number (10 digits).
    pub alternate_number: Option<PhoneNumber>,
    /// Shown in the public directory with the person's consent (spec §3 `isPublic`).
    pub is_public: bool,
}

/// A contact person as the form sends it (see [`DetailsForm::parse`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct ContactPersonInput<'a> {
    /// Requirement the person answers for.
    pub building_block_requirement_id: i32,
    /// Full name (required).
    pub full_name: &'a str,
    /// Job role.
    pub job_role: Option<&'a str>,
    /// Mobile number.
    pub mobile_number: Option<&'a str>,
    /// E-mail address.
    pub email_address: Option<&'a str>,
    /// Telephone number.
    pub telephone_number: Option<&'a str>,
    /// Alternate number.
    pub alternate_number: Option<&'a str>,
    /// The person agreed to be shown in the public directory (internal when `false`).
    pub is_public: bool,
}

/// The details form as sent (`updateBuildingBlockContactsAndRequirements`).
#[derive(Debug, Clone, Default)]
pub struct DetailsInput<'a> {
    /// Physical Address.
    pub physical_address: Option<&'a str>,
    /// Postal Address.
    pub postal_address: Option<&'a str>,
    /// Reception Number.
    pub reception_number: Option<&'a str>,
    /// Alternate Number.
    pub alternate_number: Option<&'a str>,
    /// Email address.
    pub email_address: Option<&'a str>,
    /// Requirement ids available.
    pub requirements_available: &'a [i32],
    /// Contact persons (all of them: the list replaces the previous one).
    pub contact_persons: Vec<ContactPersonInput<'a>>,
}

/// The details form, parsed into typed values.
#[derive(Debug, Clone, PartialEq)]
pub struct DetailsForm {
    /// Physical Address; required except for shelters (decided by the aggregate, which knows
    /// the building block).
    pub physical_address: Option<Line>,
    /// Postal Address.
    pub postal_address: Option<Line>,
    /// Reception Number (digits).
    pub reception_number: Option<PhoneNumber>,
    /// Alternate Number (digits).
    pub alternate_number: Option<PhoneNumber>,
    /// Email address.
    pub email_address: Option<EmailAddress>,
    /// Requirement ids available, sorted, each once.
    pub requirements_available: Vec<i32>,
    /// Contact persons, each with a new id.
    pub contact_persons: Vec<ContactPerson>,
}

/// The form parsed: the typed details, and the errors of the fields that did not parse (in the
/// form's order; field codes as the form names them, `contactPersons[i].mobileNumber`). The
/// aggregate refuses the submission when there is any, together with the rules only it can
/// decide (the physical address of a provider that is not a shelter).
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedDetails {
    /// The values that parsed (a field that did not is left empty).
    pub form: DetailsForm,
    /// The field errors.
    pub errors: Vec<FieldError>,
}

/// The value of a field that parsed; else `None`, its error added to `errors` under `code`.
fn field<T>(
    errors: &mut Vec<FieldError>,
    code: &str,
    parsed: Result<Option<T>, &'static str>,
) -> Option<T> {
    parsed.unwrap_or_else(|message| {
        errors.push(FieldError {
            code: code.to_string(),
            description: message.to_string(),
        });
        None
    })
}

impl DetailsForm {
    /// Parses the form (spec §5 "Manage building block"): numbers digits only ('Only digits
    /// are accepted.'), a contact person's numbers 10 digits ('Contact number must be 10 digits
    /// long'), e-mail addresses valid ('Please enter a valid email address'), a contact
    /// person's name required ('Name is required.'). Blank values are absent.
    pub fn parse(input: &DetailsInput<'_>) -> ParsedDetails {
        let mut errors = Vec::new();
        let reception = field(
            &mut errors,
            "receptionNumber",
            PhoneNumber::digits_only(input.reception_number),
        );
        let alternate = field(
            &mut errors,
            "alternateNumber",
            PhoneNumber::digits_only(input.alternate_number),
        );
        let email = field(
            &mut errors,
            "emailAddress",
            EmailAddress::parse_optional(input.email_address),
        );
        let mut persons = Vec::new();
        for (i, p) in input.contact_persons.iter().enumerate() {
            let code = |f: &str| format!("contactPersons[{i}].{f}");
            let name = field(
                &mut errors,
                &code("fullName"),
                Line::parse(p.full_name, NAME_REQUIRED).map(Some),
            );
            let mobile_number = field(
                &mut errors,
                &code("mobileNumber"),
                PhoneNumber::ten_digits(p.mobile_number),
            );
            let telephone_number = field(
                &mut errors,
                &code("telephoneNumber"),
                PhoneNumber::ten_digits(p.telephone_number),
            );
            let alternate_number = field(
                &mut errors,
                &code("alternateNumber"),
                PhoneNumber::ten_digits(p.alternate_number),
            );
            let email_address = field(
                &mut errors,
                &code("emailAddress"),
                EmailAddress::parse_optional(p.email_address),
            );
            // A person without a name is refused with the field errors; none is kept.
            if let Some(full_name) = name {
                persons.push(ContactPerson {
                    contact_person_id: uuid::Uuid::new_v4(),
                    building_block_requirement_id: p.building_block_requirement_id,
                    full_name,
                    job_role: Line::parse_optional(p.job_role),
                    mobile_number,
                    email_address,
                    telephone_number,
                    alternate_number,
                    is_public: p.is_public,
                });
            }
        }
        let mut available = input.requirements_available.to_vec();
        available.sort_unstable();
        available.dedup();
        ParsedDetails {
            form: DetailsForm {
                physical_address: Line::parse_optional(input.physical_address),
                postal_address: Line::parse_optional(input.postal_address),
                reception_number: reception,
                alternate_number: alternate,
                email_address: email,
                requirements_available: available,
                contact_persons: persons,
            },
            errors,
        }
    }
}
