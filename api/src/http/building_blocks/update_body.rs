//! The specification's shape of the update body (public spec §3 "Building block details",
//! "Contact person"; §7 `updateBuildingBlockContactsAndRequirements` with `contacts`,
//! `buildingBlockRequirements`, `address`), accepted beside the form's named fields and
//! folded into them (docs/decisions/0058-the-specifications-update-body.md):
//!
//! - `contacts: [{contactTypeId, detail, areaCode?}]`: Reception 3 → reception number,
//!   Alternative 4 → alternate number, WorkEmail 1 → e-mail address; `areaCode` goes before
//!   `detail`. A provider has no mobile phone or personal e-mail (2, 5): refused.
//! - `address: {addressLine1, addressLine2}` → physical and postal address, as
//!   `getBuildingBlockContactsWithRequirements` answers them.
//! - `buildingBlockRequirements`: ids (the form's), or objects `{buildingBlockRequirementId,
//!   stakeholderContactPerson: [{name, role, isPublic, contacts}]}` (the specification's):
//!   each listed requirement is available; its persons answer for it, their contacts mapped
//!   MobilePhone 2 → mobile, WorkEmail 1 or PersonalEmail 5 → e-mail, Reception 3 →
//!   telephone, Alternative 4 → alternate.
//!
//! A value given both ways is refused rather than guessed. Ids of existing rows
//! (`contactId`, `addressId`, a person's `stakeholderId`) are accepted and ignored: the body
//! replaces the provider's details whole.

use gbvf_commands::accounts::validation::FieldError;
use gbvf_commands::building_blocks::provider::{ContactPersonInput, DetailsInput};
use gbvf_commands::text::{LineText, ShortText};
use serde::Deserialize;
use utoipa::ToSchema;

/// A contact of the specification's shape (§3 "contacts").
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactBody {
    /// Id of an existing contact (ignored: the body replaces the details).
    #[serde(default)]
    pub contact_id: Option<i64>,
    /// WorkEmail 1, MobilePhone 2, Reception 3, Alternative 4, PersonalEmail 5.
    #[schema(minimum = 1, maximum = 5)]
    pub contact_type_id: i32,
    /// The number or address.
    #[schema(value_type = String, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub detail: LineText,
    /// Area code written before a number.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub area_code: Option<LineText>,
}

/// An address of the specification's shape (§3 "address").
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressBody {
    /// Id of an existing address (ignored).
    #[serde(default)]
    pub address_id: Option<i64>,
    /// Physical address.
    #[serde(default, rename = "addressLine1")]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub address_line1: Option<LineText>,
    /// Postal address.
    #[serde(default, rename = "addressLine2")]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub address_line2: Option<LineText>,
}

/// A contact person of the specification's shape (§3 "Contact person").
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecContactPersonBody {
    /// Id of an existing person (ignored: the list replaces the previous one).
    #[serde(default)]
    pub stakeholder_id: Option<i64>,
    /// Stakeholder type (ignored).
    #[serde(default)]
    pub stakeholder_type_id: Option<i32>,
    /// Full name (required).
    #[schema(value_type = String, max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub name: ShortText,
    /// Job role.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub role: Option<ShortText>,
    /// Reporting flag (ignored).
    #[serde(default)]
    pub is_reporting: Option<bool>,
    /// Answer flag (ignored).
    #[serde(default)]
    pub is_answer: Option<bool>,
    /// Agreed to be shown in the public directory (internal when absent).
    #[serde(default)]
    pub is_public: bool,
    /// The requirement (when given, it must be the one the person is listed under).
    #[serde(default)]
    pub building_block_requirement_id: Option<i32>,
    /// The person's contacts.
    #[serde(default, deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    pub contacts: Vec<ContactBody>,
}

/// A requirement of the specification's shape (§3 "buildingBlockRequirements").
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequirementBody {
    /// The requirement, available.
    pub building_block_requirement_id: i32,
    /// Its name (ignored: the taxonomy names it).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub name: Option<ShortText>,
    /// The persons who answer for it.
    #[serde(default, deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    pub stakeholder_contact_person: Vec<SpecContactPersonBody>,
}

/// An available requirement: its id (the form) or the specification's object.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum RequirementEntry {
    /// The requirement id.
    Id(i32),
    /// The specification's requirement with its contact persons.
    Described(RequirementBody),
}

impl RequirementEntry {
    fn id(&self) -> i32 {
        match self {
            RequirementEntry::Id(id) => *id,
            RequirementEntry::Described(r) => r.building_block_requirement_id,
        }
    }
}

/// One contact person, owned, as the command's input takes it.
#[derive(Debug, Default)]
struct Person {
    requirement: i32,
    full_name: String,
    job_role: Option<String>,
    mobile_number: Option<String>,
    email_address: Option<String>,
    telephone_number: Option<String>,
    alternate_number: Option<String>,
    is_public: bool,
}

/// The update body with both shapes folded into the form's fields; borrow it as a
/// [`DetailsInput`] with [`Folded::input`].
#[derive(Debug, Default)]
pub struct Folded {
    physical_address: Option<String>,
    postal_address: Option<String>,
    reception_number: Option<String>,
    alternate_number: Option<String>,
    email_address: Option<String>,
    requirements: Vec<i32>,
    persons: Vec<Person>,
}

fn text(v: &Option<LineText>) -> Option<String> {
    v.as_deref().map(str::to_string)
}

fn error(code: &str, description: &str) -> FieldError {
    FieldError {
        code: code.into(),
        description: description.into(),
    }
}

/// `areaCode` + `detail`.
fn written(c: &ContactBody) -> String {
    format!("{}{}", c.area_code.as_deref().unwrap_or(""), &*c.detail)
}

/// Fills `slot` with `value`, or records that the type was given twice.
fn once(slot: &mut Option<String>, value: String, errors: &mut Vec<FieldError>, code: &str) {
    if slot.is_some() {
        errors.push(error(code, "Give each contact type once."));
    } else {
        *slot = Some(value);
    }
}

impl Folded {
    /// Folds `b`; the field errors (in the form's envelope) when a value is given both ways,
    /// a contact type is given twice or has no place.
    pub fn of(b: &UpdateBody) -> Result<Folded, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut f = Folded {
            physical_address: text(&b.physical_address),
            postal_address: text(&b.postal_address),
            reception_number: text(&b.reception_number),
            alternate_number: text(&b.alternate_number),
            email_address: text(&b.email_address),
            requirements: b
                .building_block_requirements
                .iter()
                .map(RequirementEntry::id)
                .collect(),
            persons: b
                .contact_persons
                .iter()
                .map(|p| Person {
                    requirement: p.building_block_requirement_id,
                    full_name: p.full_name.to_string(),
                    job_role: p.job_role.as_deref().map(str::to_string),
                    mobile_number: text(&p.mobile_number),
                    email_address: text(&p.email_address),
                    telephone_number: text(&p.telephone_number),
                    alternate_number: text(&p.alternate_number),
                    is_public: p.is_public,
                })
                .collect(),
        };
        if let Some(address) = &b.address {
            if f.physical_address.is_some() || f.postal_address.is_some() {
                errors.push(error(
                    "address",
                    "Give the address either as address or as physicalAddress and postalAddress, not both.",
                ));
            }
            f.physical_address = text(&address.address_line1);
            f.postal_address = text(&address.address_line2);
        }
        if let Some(contacts) = &b.contacts {
            if f.reception_number.is_some()
                || f.alternate_number.is_some()
                || f.email_address.is_some()
            {
                errors.push(error(
                    "contacts",
                    "Give the contacts either as contacts or as the named numbers, not both.",
                ));
            }
            let (mut reception, mut alternate, mut email) = (None, None, None);
            for c in contacts {
                let slot = match c.contact_type_id {
                    3 => &mut reception,
                    4 => &mut alternate,
                    1 => &mut email,
                    _ => {
                        errors.push(error(
                            "contacts",
                            "A provider's contacts are its reception number (3), alternate number (4) and work e-mail (1).",
                        ));
                        continue;
                    }
                };
                once(slot, written(c), &mut errors, "contacts");
            }
            (f.reception_number, f.alternate_number, f.email_address) =
                (reception, alternate, email);
        }
        for entry in &b.building_block_requirements {
            let RequirementEntry::Described(r) = entry else {
                continue;
            };
            for p in &r.stakeholder_contact_person {
                if p.building_block_requirement_id
                    .is_some_and(|id| id != r.building_block_requirement_id)
                {
                    errors.push(error(
                        "buildingBlockRequirements",
                        "A contact person is listed under another requirement than their own.",
                    ));
                }
                let mut person = Person {
                    requirement: r.building_block_requirement_id,
                    full_name: p.name.to_string(),
                    job_role: p.role.as_deref().map(str::to_string),
                    is_public: p.is_public,
                    ..Person::default()
                };
                for c in &p.contacts {
                    let slot = match c.contact_type_id {
                        2 => &mut person.mobile_number,
                        1 | 5 => &mut person.email_address,
                        3 => &mut person.telephone_number,
                        4 => &mut person.alternate_number,
                        _ => {
                            errors.push(error(
                                "buildingBlockRequirements",
                                "Contact types are 1 to 5 (specification section 3).",
                            ));
                            continue;
                        }
                    };
                    once(slot, written(c), &mut errors, "buildingBlockRequirements");
                }
                f.persons.push(person);
            }
        }
        if !b.contact_persons.is_empty()
            && b.building_block_requirements.iter().any(
                |e| matches!(e, RequirementEntry::Described(r) if !r.stakeholder_contact_person.is_empty()),
            )
        {
            errors.push(error(
                "contactPersons",
                "Give the contact persons either as contactPersons or under their requirements, not both.",
            ));
        }
        if errors.is_empty() {
            Ok(f)
        } else {
            Err(errors)
        }
    }

    /// The command's input, borrowing from `self`.
    pub fn input(&self) -> DetailsInput<'_> {
        DetailsInput {
            physical_address: self.physical_address.as_deref(),
            postal_address: self.postal_address.as_deref(),
            reception_number: self.reception_number.as_deref(),
            alternate_number: self.alternate_number.as_deref(),
            email_address: self.email_address.as_deref(),
            requirements_available: &self.requirements,
            contact_persons: self
                .persons
                .iter()
                .map(|p| ContactPersonInput {
                    building_block_requirement_id: p.requirement,
                    full_name: &p.full_name,
                    job_role: p.job_role.as_deref(),
                    mobile_number: p.mobile_number.as_deref(),
                    email_address: p.email_address.as_deref(),
                    telephone_number: p.telephone_number.as_deref(),
                    alternate_number: p.alternate_number.as_deref(),
                    is_public: p.is_public,
                })
                .collect(),
        }
    }
}

/// A contact person in the update body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactPersonBody {
    /// Requirement the person answers for.
    pub building_block_requirement_id: i32,
    /// Full name (required).
    #[schema(value_type = String, max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub full_name: gbvf_commands::text::ShortText,
    /// Job role.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub job_role: Option<gbvf_commands::text::ShortText>,
    /// Mobile number (10 digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub mobile_number: Option<gbvf_commands::text::LineText>,
    /// E-mail address.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub email_address: Option<gbvf_commands::text::LineText>,
    /// Telephone number (10 digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub telephone_number: Option<gbvf_commands::text::LineText>,
    /// Alternate number (10 digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub alternate_number: Option<gbvf_commands::text::LineText>,
    /// The person agreed to be shown in the public directory (spec §3 `isPublic`): then, once
    /// verified, their name, role and work numbers (telephone and alternate) are published;
    /// their mobile number and e-mail address never are. Internal (`false`) when absent.
    /// Refused for a shelter's contact persons.
    #[serde(default)]
    pub is_public: bool,
}

/// Body of `PUT /api/buildingblock/updateBuildingBlockContactsAndRequirements`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateBody {
    /// The provider.
    pub stakeholder_id: i64,
    /// Its building block (must match).
    pub building_block_id: i32,
    /// Physical Address (required, except for shelters, which never get one).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub physical_address: Option<gbvf_commands::text::LineText>,
    /// Postal Address.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub postal_address: Option<gbvf_commands::text::LineText>,
    /// Reception Number (digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub reception_number: Option<gbvf_commands::text::LineText>,
    /// Alternate Number (digits).
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub alternate_number: Option<gbvf_commands::text::LineText>,
    /// Email address.
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 250, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$")]
    pub email_address: Option<gbvf_commands::text::LineText>,
    /// Requirements available: ids, or the specification's objects with their contact
    /// persons.
    #[serde(default, deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    pub building_block_requirements: Vec<RequirementEntry>,
    /// Contact persons (all of them: the list replaces the previous one).
    #[serde(default, deserialize_with = "gbvf_commands::text::at_most_max_items")]
    #[schema(max_items = 100)]
    pub contact_persons: Vec<ContactPersonBody>,
    /// The specification's contacts (instead of the named numbers).
    #[serde(default, deserialize_with = "optional_list")]
    #[schema(max_items = 100)]
    pub contacts: Option<Vec<ContactBody>>,
    /// The specification's address (instead of `physicalAddress`).
    #[serde(default)]
    pub address: Option<AddressBody>,
}

/// `deserialize_with` for an optional list of at most 100 items.
fn optional_list<'de, D, T>(d: D) -> Result<Option<Vec<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    gbvf_commands::text::at_most_max_items(d).map(Some)
}
