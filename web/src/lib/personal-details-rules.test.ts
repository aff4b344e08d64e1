// The personal-detail rules the forms check before sending (sign-up, the admin user form and the
// profile) held against the server's OpenAPI document: the same maximum name length, the same
// phone number shape, and every field the document requires refused when empty. A rule changed
// on one side only fails here instead of surfacing as a server refusal.
import { describe, expect, it } from 'vitest'
import openapi from '../api/openapi.json'
import { CONTACT_NUMBER_LENGTH, NAME_MAX_LENGTH } from '../config/constants'
import { strings } from '../config/strings'
import { emptyUserForm, validateUser } from '../features/admin/users-groups/user-model'
import { validateProfile } from '../features/profile/profile-page'
import { contactNumberErrors, nameErrors } from './validation'

interface PropertySchema {
  maxLength?: number
  pattern?: string
}
interface ObjectSchema {
  required?: string[]
  properties: Record<string, PropertySchema>
}

const schemas = openapi.components.schemas as unknown as Record<string, ObjectSchema>

function property(schema: string, name: string): PropertySchema {
  const found = schemas[schema]?.properties[name]
  if (!found) throw new Error(`${schema}.${name} is not in the OpenAPI document`)
  return found
}

const NAME_FIELDS: [string, string][] = [
  ['RegistrationForm', 'FirstName'],
  ['RegistrationForm', 'LastName'],
  ['UserForm', 'name'],
  ['ProfileForm', 'fullName'],
]

describe('personal-detail rules match the OpenAPI document', () => {
  it.each(NAME_FIELDS)('%s.%s: the same maximum length as the name rule', (schema, name) => {
    expect(property(schema, name).maxLength).toBe(NAME_MAX_LENGTH)
    const label = strings.auth.firstName
    expect(nameErrors('a'.repeat(NAME_MAX_LENGTH), label)).toEqual([])
    expect(nameErrors('a'.repeat(NAME_MAX_LENGTH + 1), label)).toEqual([strings.validation.invalidName(label)])
  })

  it('names the document accepts are accepted by the name rule', () => {
    const pattern = new RegExp(property('ProfileForm', 'fullName').pattern ?? '')
    expect(property('UserForm', 'name').pattern).toBe(property('ProfileForm', 'fullName').pattern)
    for (const name of ["Nomvula-Zoë O'Neil", 'Thandi Nkosi', 'J. R. van der Merwe']) {
      expect(pattern.test(name)).toBe(true)
      expect(nameErrors(name, strings.profile.fullName)).toEqual([])
    }
  })

  it('ProfileForm.mobileNumber: the contact number rule has the same number of digits', () => {
    const pattern = new RegExp(property('ProfileForm', 'mobileNumber').pattern ?? '')
    for (const length of [CONTACT_NUMBER_LENGTH - 1, CONTACT_NUMBER_LENGTH, CONTACT_NUMBER_LENGTH + 1]) {
      const digits = '0'.repeat(length)
      const valid = length === CONTACT_NUMBER_LENGTH
      expect(pattern.test(digits)).toBe(valid)
      expect(contactNumberErrors(digits)).toEqual(valid ? [] : [strings.validation.contactNumberLength])
    }
  })

  it('ProfileForm: every field the document requires is refused when empty', () => {
    const found = validateProfile({ fullName: '', titleId: '', jobRole: '', alternativeNumber: '', mobileNumber: '' })
    for (const field of schemas.ProfileForm.required ?? []) expect(found).toHaveProperty(field)
    expect(found).not.toHaveProperty('alternativeNumber')
  })

  it('UserForm: every field the document requires is refused when empty', () => {
    const found = validateUser(emptyUserForm)
    for (const field of schemas.UserForm.required ?? []) expect(found).toHaveProperty(field)
  })
})
