// The account fields' rules (section 5) with their exact messages, as the zod field schemas
// check them. (That their lengths and patterns are the OpenAPI document's:
// personal-details-rules.test.ts.)
import { describe, expect, it } from 'vitest'
import { adminStrings } from '../config/admin-strings'
import { strings } from '../config/strings'
import {
  acceptedTerms,
  choice,
  confirmationErrors,
  contactNumber,
  emailAddress,
  fieldErrors,
  memberCount,
  nameForServer,
  organisationName,
  password,
  personName,
  postalCode,
} from './field-schemas'
import { formRule } from './openapi-rules'

const m = strings.validation
const passwordErrors = (value: string) => fieldErrors(password(formRule('RegistrationForm', 'Password')), value)
const emailErrors = (value: string) => fieldErrors(emailAddress(formRule('RegistrationForm', 'Email')), value)
const mobile = formRule('RegistrationForm', 'MobileNumber')
const contactNumberErrors = (value: string, required = true) => fieldErrors(contactNumber(mobile, required), value)

describe('password', () => {
  it("is required: 'Password is required'", () => {
    expect(passwordErrors('')).toEqual([strings.validation.passwordRequired])
  })
  it("needs 12 characters: 'Password must be at least 12 characters long'", () => {
    expect(passwordErrors('Ab1!')).toContain('Password must be at least 12 characters long')
  })
  it('needs a digit, a lowercase and an uppercase letter, a special character and 12 distinct characters', () => {
    expect(passwordErrors('abcdefghijkl')).toEqual([m.passwordDigit, m.passwordUppercase, m.passwordSpecial])
    expect(passwordErrors('ABCDEFGHIJK1!')).toEqual([m.passwordLowercase])
    expect(passwordErrors('Aaaaaaaaaaaa1!')).toEqual([m.passwordDistinct])
    expect(passwordErrors('Kitchen-Table-Lamp9')).toEqual([m.passwordSpecial])
    expect(passwordErrors('Ab1!')).toEqual([m.passwordLength, m.passwordDistinct])
  })
  it('accepts each special character of ! @ # $ % ^ & * ( )', () => {
    for (const c of '!@#$%^&*()') expect(passwordErrors(`Abcdefghij1${c}`)).toEqual([])
  })
  it('accepts a password meeting every rule', () => {
    expect(passwordErrors('Correct!Horse9Battery')).toEqual([])
  })
  it("confirmation: required, then 'Passwords do not match'", () => {
    expect(confirmationErrors('Correct!Horse9Battery', '')).toEqual([m.confirmPasswordRequired])
    expect(confirmationErrors('Correct!Horse9Battery', 'Correct!Horse9Batter')).toEqual([
      strings.validation.passwordsDoNotMatch,
    ])
    expect(confirmationErrors('Correct!Horse9Battery', 'Correct!Horse9Battery')).toEqual([])
  })
})

describe('e-mail, contact number, terms', () => {
  it("e-mail: 'Email is required', 'Please enter a valid email address'", () => {
    expect(emailErrors('  ')).toEqual([strings.validation.emailRequired])
    expect(emailErrors('not-an-email')).toEqual([strings.validation.emailInvalid])
    expect(emailErrors('thandi@example')).toEqual([strings.validation.emailInvalid])
    expect(emailErrors('no spaces@example.org')).toEqual([strings.validation.emailInvalid])
    expect(emailErrors(' thandi@example.org ')).toEqual([])
    expect(emailErrors("n.o'neil+gbvf@example.co.za")).toEqual([])
  })
  it("contact number: exactly 10 digits after stripping, 'Contact number must be 10 digits long'", () => {
    expect(contactNumberErrors('082 123 456')).toEqual([strings.validation.contactNumberLength])
    expect(contactNumberErrors('082-123-4567')).toEqual([])
    expect(contactNumberErrors('')).toEqual([m.contactNumberRequired])
    expect(contactNumberErrors('', false)).toEqual([])
    expect(contactNumberErrors('01234567890', false)).toEqual([strings.validation.contactNumberLength])
  })
  it("terms: 'Accept terms and conditions to continue'", () => {
    expect(fieldErrors(acceptedTerms(), false)).toEqual([strings.validation.terms])
    expect(fieldErrors(acceptedTerms(), true)).toEqual([])
  })
})

describe('names, choices, members, postal code', () => {
  const personNameErrors = (value: string, label: string) =>
    fieldErrors(personName(label, formRule('RegistrationForm', 'FirstName')), value)
  const organisationNameErrors = (value: string) =>
    fieldErrors(organisationName('Organisation name', formRule('RegistrationForm', 'OrganisationName')), value)

  it("names: required, then letters, spaces and . ' - only (organisations also digits and , & ( ) /)", () => {
    expect(personNameErrors('', 'First name')).toEqual(['First name is required'])
    expect(personNameErrors('   ', 'First name')).toEqual(['First name is required'])
    expect(personNameErrors('R2-D2', 'First name')).toEqual(['Please enter a valid first name'])
    expect(personNameErrors("Nomvula-Zoë O'Neil", 'First name')).toEqual([])
    expect(personNameErrors('Thandi O’Neil', 'First name')).toEqual([])
    // Letters of South African languages beyond Latin-1 (Sepedi, Setswana, Tshivenda).
    expect(personNameErrors('Mošweu', 'First name')).toEqual([])
    expect(personNameErrors('Ṱhalitshi Ṋemukula', 'First name')).toEqual([])
    expect(personNameErrors('...', 'First name')).toEqual(['Please enter a valid first name'])
    expect(organisationNameErrors('Ikhaya Women’s Centre (Gqeberha) 2')).toEqual([])
    expect(organisationNameErrors('123')).toEqual(['Please enter a valid organisation name'])
    expect(personNameErrors('a'.repeat(101), 'Full name')).toEqual(['Please enter a valid full name'])
  })
  it('checks and sends a name composed: an e with a combining diaeresis is the one letter ë', () => {
    const decomposed = 'Zoe\u0308'
    expect(nameForServer(` ${decomposed} `)).toBe('Zoë')
    expect(personNameErrors(decomposed, 'First name')).toEqual([])
  })
  it('choices, members (at least 1) and postal code (a number)', () => {
    expect(fieldErrors(choice('Title'), '')).toEqual([adminStrings.user.titleRequired])
    expect(fieldErrors(choice('Title'), '3')).toEqual([])
    const members = memberCount(formRule('RegistrationForm', 'MemberInOrganisation'))
    expect(fieldErrors(members, '')).toEqual([m.membersRequired])
    expect(fieldErrors(members, '0')).toEqual([m.membersMinimum])
    expect(fieldErrors(members, '1.5')).toEqual([m.membersMinimum])
    expect(fieldErrors(members, '12')).toEqual([])
    const postal = postalCode(formRule('RegistrationForm', 'PostalCode'))
    expect(fieldErrors(postal, '')).toEqual([])
    expect(fieldErrors(postal, '6001a')).toEqual([m.postalCodeNumber])
    expect(fieldErrors(postal, ' 6001 ')).toEqual([])
  })
})
