// The personal-detail rules the three forms check before sending (sign-up, the admin user form
// and the profile) held against the server's OpenAPI document itself, through each screen's whole
// schema: a name, an e-mail address, a contact number or a password is accepted by the form
// exactly when the document's rules for the field it is sent as accept it, and every field the
// document requires is refused when empty. A rule changed on one side only fails here instead of
// surfacing as a server refusal (or as a form refusing what the server takes).
import { describe, expect, it } from 'vitest'
import type { z } from 'zod/mini'
import openapi from '../api/openapi.json'
import { adminStrings } from '../config/admin-strings'
import { strings } from '../config/strings'
import { validUserForm } from '../features/admin/test/admin-mocks'
import { userSchema } from '../features/admin/users-groups/user-model'
import { sentAs, stepSchemas, type SignUpForm } from '../features/auth/sign-up-model'
import { profileSchema, type ProfileForm } from '../features/profile/profile-model'
import { errorsOf } from './field-schemas'
import { characters } from './openapi-rules'

interface PropertySchema {
  maxLength?: number
  minLength?: number
  pattern?: string
  format?: string
  minimum?: number
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

/** What the document's rules for a property accept (lengths in characters, the pattern as ECMA-262 with u). */
function documentAccepts(rule: PropertySchema, value: string): boolean {
  const length = characters(value)
  return (
    length <= (rule.maxLength ?? Infinity) &&
    length >= (rule.minLength ?? 0) &&
    (rule.pattern == null || new RegExp(rule.pattern, 'u').test(value))
  )
}

const m = strings.validation
const a = strings.auth
const p = strings.profile
const u = adminStrings.user

// A valid form of each screen, into which one field's value is put at a time.
const signUp: SignUpForm = {
  title: '3',
  firstName: 'Nomvula',
  lastName: 'Dlamini',
  email: 'nomvula@example.org',
  password: 'Correct!Horse9Battery',
  confirmPassword: 'Correct!Horse9Battery',
  telephone: '0821234567',
  orgName: 'Ikhaya Centre',
  orgBranch: '',
  orgType: '1',
  role: '2',
  streetNumber: '',
  streetName: '',
  suburb: '',
  city: '',
  postalCode: '',
  province: '2',
  district: '11',
  localMunicipality: '100',
  numOfOrgMembers: '3',
  terms: true,
}
const profile: ProfileForm = {
  fullName: 'Thandi Nkosi',
  titleId: '3',
  jobRole: '2',
  alternativeNumber: '',
  mobileNumber: '0821234567',
}
const user = validUserForm

interface Field {
  screen: string
  schema: z.ZodMiniType
  form: object
  field: string
  label: string
  /** The document's property the field is sent as. */
  sentAs: [string, string]
}

/** The messages of `field` when it holds `value` in an otherwise valid form. */
function errorsWith({ schema, form, field }: Field, value: string): string[] | undefined {
  return errorsOf(schema, { ...form, [field]: value })[field]
}

const signUpStep1 = { screen: 'sign-up', schema: stepSchemas[1], form: signUp }
const profileForm = { screen: 'profile', schema: profileSchema, form: profile }
const userForm = { screen: 'user form', schema: userSchema, form: user }

const NAMES: Field[] = [
  { ...signUpStep1, field: 'firstName', label: a.firstName, sentAs: ['RegistrationForm', 'FirstName'] },
  { ...signUpStep1, field: 'lastName', label: a.lastName, sentAs: ['RegistrationForm', 'LastName'] },
  { ...profileForm, field: 'fullName', label: p.fullName, sentAs: ['ProfileForm', 'fullName'] },
  { ...userForm, field: 'name', label: u.fullName, sentAs: ['UserForm', 'name'] },
]
const EMAILS: Field[] = [
  { ...signUpStep1, field: 'email', label: a.email, sentAs: ['RegistrationForm', 'Email'] },
  { ...userForm, field: 'email', label: u.email, sentAs: ['ContactForm', 'detail'] },
]
const CONTACT_NUMBERS: Field[] = [
  { ...signUpStep1, field: 'telephone', label: a.telephone, sentAs: ['RegistrationForm', 'MobileNumber'] },
  { ...profileForm, field: 'mobileNumber', label: p.mobile, sentAs: ['ProfileForm', 'mobileNumber'] },
  { ...profileForm, field: 'alternativeNumber', label: p.telephone, sentAs: ['ProfileForm', 'alternativeNumber'] },
  { ...userForm, field: 'mobile', label: u.mobile, sentAs: ['ContactForm', 'detail'] },
  { ...userForm, field: 'telephone', label: u.telephone, sentAs: ['ContactForm', 'detail'] },
]
const name = (f: Field) => `${f.screen}: ${f.label} (${f.sentAs.join('.')})`

// The document states a person's name on the full-name fields; the sign-up's FirstName and
// LastName carry only the plain-text pattern there, and the same person-name rule on the server.
const PERSON_NAME = property('ProfileForm', 'fullName')
// A contact number: ProfileForm.mobileNumber's pattern, the only one that states the digits.
const CONTACT_NUMBER = property('ProfileForm', 'mobileNumber')

describe('personal-detail rules match the OpenAPI document', () => {
  it('the full-name fields state one person-name rule', () => {
    expect(property('UserForm', 'name').pattern).toBe(PERSON_NAME.pattern)
    expect(property('UserForm', 'name').maxLength).toBe(PERSON_NAME.maxLength)
  })

  it.each(NAMES.map((f) => [name(f), f] as const))('%s: the document’s maximum length', (_, f) => {
    const max = property(...f.sentAs).maxLength
    expect(max).toBeDefined()
    expect(errorsWith(f, 'a'.repeat(max ?? 0))).toBeUndefined()
    expect(errorsWith(f, 'a'.repeat((max ?? 0) + 1))).toEqual([m.invalidName(f.label.toLowerCase())])
  })

  // South African names of several languages, and some that are not names.
  const SAMPLE_NAMES = [
    'Thandi Nkosi',
    'Ntombi Mkhize-Dlamini',
    "Nomvula-Zoë O'Neil",
    'Zoë',
    'J. R. van der Merwe',
    'Marié du Toit',
    'Mošweu Mphahlele',
    'Ṱhalitshi Ṋemukula',
    'R2-D2',
    '---',
    'Thandi\u202eNkosi',
  ]
  it.each(NAMES.map((f) => [name(f), f] as const))('%s: accepted exactly when the document accepts it', (_, f) => {
    for (const sample of SAMPLE_NAMES) {
      const document = documentAccepts(property(...f.sentAs), sample) && documentAccepts(PERSON_NAME, sample)
      expect(errorsWith(f, sample), sample).toEqual(document ? undefined : [m.invalidName(f.label.toLowerCase())])
    }
  })

  it.each(EMAILS.map((f) => [name(f), f] as const))('%s: the document’s format and maximum length', (_, f) => {
    const rule = property(...f.sentAs)
    const max = rule.maxLength ?? 0
    expect(property('RegistrationForm', 'Email').format).toBe('email')
    const domain = '@example.org'
    expect(errorsWith(f, 'a'.repeat(max - domain.length) + domain)).toBeUndefined()
    expect(errorsWith(f, 'a'.repeat(max - domain.length + 1) + domain)).toEqual([m.emailInvalid])
    expect(errorsWith(f, 'thandi@example')).toEqual([m.emailInvalid])
  })

  it.each(CONTACT_NUMBERS.map((f) => [name(f), f] as const))('%s: the document’s number of digits', (_, f) => {
    for (const length of [9, 10, 11]) {
      const digits = '0'.repeat(length)
      const document = documentAccepts(property(...f.sentAs), digits) && documentAccepts(CONTACT_NUMBER, digits)
      expect(errorsWith(f, digits), digits).toEqual(document ? undefined : [m.contactNumberLength])
    }
    expect(documentAccepts(CONTACT_NUMBER, '0821234567')).toBe(true)
  })

  it('RegistrationForm.Password: the document’s minimum length and pattern', () => {
    const f: Field = { ...signUpStep1, field: 'password', label: a.password, sentAs: ['RegistrationForm', 'Password'] }
    const rule = property(...f.sentAs)
    const pattern = new RegExp(rule.pattern ?? '', 'u')
    const requirements: string[] = [m.passwordDigit, m.passwordLowercase, m.passwordUppercase, m.passwordSpecial]
    for (const sample of ['abcdefghijkl', 'ABCDEFGHIJK1!', 'Correct!Horse9Battery', 'ÀÉÎÕÜàéîõüç1!', 'abcdefghijK1']) {
      const missed = (errorsWith({ ...f, form: { ...signUp, confirmPassword: sample } }, sample) ?? []).filter((e) =>
        requirements.includes(e),
      )
      expect(missed.length === 0, sample).toBe(pattern.test(sample))
    }
    const atMinimum = 'Abcdefghij1!'
    expect(characters(atMinimum)).toBe(rule.minLength)
    expect(errorsWith({ ...f, form: { ...signUp, confirmPassword: atMinimum } }, atMinimum)).toBeUndefined()
    expect(errorsWith(f, atMinimum.slice(1))).toContain(m.passwordLength)
  })

  it('the messages state the document’s numbers', () => {
    expect(m.passwordLength).toContain(String(sentAs('Password').minLength))
    expect(CONTACT_NUMBER.pattern).toContain('{10}')
    expect(m.contactNumberLength).toContain('10 digits')
    expect(m.membersMinimum).toContain(`at least ${property('RegistrationForm', 'MemberInOrganisation').minimum}`)
  })

  it.each([
    ['ProfileForm', profileSchema, profile],
    ['UserForm', userSchema, user],
  ] as const)('%s: every field the document requires is refused when empty', (schema, zod, form) => {
    const emptied = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? '' : v]))
    const found = errorsOf(zod, emptied)
    for (const field of schemas[schema].required ?? []) expect(found, field).toHaveProperty(field)
  })

  it('ProfileForm: the optional alternative number may be empty', () => {
    expect(errorsOf(profileSchema, { ...profile, alternativeNumber: '' })).toEqual({})
  })
})
