// The sign-up steps' rules and the registration payload (sections 3 and 5).
import { describe, expect, it } from 'vitest'
import { strings } from '../../config/strings'
import { errorsOf } from '../../lib/field-schemas'
import { emptySignUp, stepOfField, stepSchemas, toPayload, type SignUpForm } from './sign-up-model'

const validateStep = (form: SignUpForm, step: number) => errorsOf(stepSchemas[step], form)

const complete: SignUpForm = {
  title: '3',
  firstName: 'Nomvula',
  lastName: 'Dlamini',
  email: ' nomvula@example.org ',
  password: 'Correct!Horse9Battery',
  confirmPassword: 'Correct!Horse9Battery',
  telephone: '082 123 4567',
  orgName: 'Ikhaya Women’s Centre',
  orgBranch: '',
  orgType: '1',
  role: '2',
  streetNumber: '12',
  streetName: 'Govan Mbeki Avenue',
  suburb: '',
  city: 'Gqeberha',
  postalCode: '6001',
  province: '10',
  district: '137',
  localMunicipality: '1029',
  numOfOrgMembers: '14',
  terms: true,
}

describe('validateStep', () => {
  it('step 1: title, names, e-mail, password, confirmation and telephone are required', () => {
    expect(validateStep(emptySignUp, 1)).toEqual({
      title: ['Title is required'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: [strings.validation.emailRequired],
      password: [strings.validation.passwordRequired],
      confirmPassword: [strings.validation.confirmPasswordRequired],
      telephone: [strings.validation.contactNumberRequired],
    })
  })
  it('step 1: the confirmation must match the password', () => {
    expect(validateStep({ ...complete, confirmPassword: 'Correct!Horse9Batter' }, 1)).toEqual({
      confirmPassword: [strings.validation.passwordsDoNotMatch],
    })
  })
  it('step 2: organisation name, type, role, province, district and local municipality are required', () => {
    expect(Object.keys(validateStep(emptySignUp, 2))).toEqual([
      'orgName',
      'orgType',
      'role',
      'province',
      'district',
      'localMunicipality',
    ])
  })
  it("step 3: members (at least 1) and terms ('Accept terms and conditions to continue')", () => {
    expect(validateStep(emptySignUp, 3)).toEqual({
      numOfOrgMembers: [strings.validation.membersRequired],
      terms: ['Accept terms and conditions to continue'],
    })
  })
  it('a complete form passes every step', () => {
    for (const step of [1, 2, 3]) expect(validateStep(complete, step)).toEqual({})
  })
  it('only the step asked for is checked', () => {
    expect(validateStep({ ...emptySignUp, ...pick(complete, 1) }, 1)).toEqual({})
  })
})

function pick(form: SignUpForm, step: number): Partial<SignUpForm> {
  const fields = {
    1: ['title', 'firstName', 'lastName', 'email', 'password', 'confirmPassword', 'telephone'],
  } as Record<number, (keyof SignUpForm)[]>
  return Object.fromEntries(fields[step].map((f) => [f, form[f]]))
}

describe('stepOfField', () => {
  it('finds the step of a server error code', () => {
    expect(stepOfField('email')).toBe(1)
    expect(stepOfField('localMunicipality')).toBe(2)
    expect(stepOfField('terms')).toBe(3)
    expect(stepOfField('userType')).toBeNull()
  })
})

describe('toPayload', () => {
  it('sends the section 3 names, ids as numbers, phone digits and plain apostrophes', () => {
    expect(toPayload(complete)).toEqual({
      Title: 3,
      FirstName: 'Nomvula',
      LastName: 'Dlamini',
      Email: 'nomvula@example.org',
      Password: 'Correct!Horse9Battery',
      ConfirmPassword: 'Correct!Horse9Battery',
      MobileNumber: '0821234567',
      OrganisationName: "Ikhaya Women's Centre",
      OrganisationBranch: '',
      OrganisationType: 1,
      JobRole: 2,
      StreetNumber: '12',
      StreetName: 'Govan Mbeki Avenue',
      Suburb: '',
      City: 'Gqeberha',
      PostalCode: '6001',
      Province: 10,
      District: 137,
      LocalMunicipality: 1029,
      MemberInOrganisation: 14,
      terms: true,
    })
  })
  it('adds validateStep only for a step check', () => {
    expect(toPayload(complete, 2).validateStep).toBe(2)
    expect('validateStep' in toPayload(complete)).toBe(false)
    expect(toPayload(emptySignUp).Title).toBeNull()
  })
})
