// The sign-up form (section 2, three steps; section 3 payload; section 5 rules per step) as plain
// data: its personal details (the shared piece of components/personal-details.tsx), each step's
// zod schema with the OpenAPI document's rules for RegistrationForm, and the payload.
import { z } from 'zod/mini'
import { REGISTRATION_STEPS } from '../../config/constants'
import { strings } from '../../config/strings'
import { personalDetailsSchema, type PersonalDetail } from '../../components/personal-details'
import {
  acceptedTerms,
  choice,
  memberCount,
  nameForServer,
  organisationName,
  postalCode,
} from '../../lib/field-schemas'
import { formRule, type FormProperty } from '../../lib/openapi-rules'
import { digitsOnly } from '../../lib/validation'
import type { RegistrationForm } from '../../api/generated'

/** Field names are the server's error codes, so its field errors land beneath the right field. */
export interface SignUpForm {
  title: string
  firstName: string
  lastName: string
  email: string
  password: string
  confirmPassword: string
  telephone: string
  orgName: string
  orgBranch: string
  orgType: string
  role: string
  streetNumber: string
  streetName: string
  suburb: string
  city: string
  postalCode: string
  province: string
  district: string
  localMunicipality: string
  numOfOrgMembers: string
  terms: boolean
}

export type SignUpField = keyof SignUpForm

export const emptySignUp: SignUpForm = {
  title: '',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  telephone: '',
  orgName: '',
  orgBranch: '',
  orgType: '',
  role: '',
  streetNumber: '',
  streetName: '',
  suburb: '',
  city: '',
  postalCode: '',
  province: '',
  district: '',
  localMunicipality: '',
  numOfOrgMembers: '',
  terms: false,
}

export const stepFields: Record<number, SignUpField[]> = {
  1: ['title', 'firstName', 'lastName', 'email', 'password', 'confirmPassword', 'telephone'],
  2: [
    'orgName',
    'orgBranch',
    'orgType',
    'role',
    'streetNumber',
    'streetName',
    'suburb',
    'city',
    'postalCode',
    'province',
    'district',
    'localMunicipality',
  ],
  3: ['numOfOrgMembers', 'terms'],
}

const a = strings.auth

/** The document's rule of a RegistrationForm property. */
export const sentAs = (property: FormProperty<'RegistrationForm'>) => formRule('RegistrationForm', property)

/** Step 1: the personal details, in the screen's order. */
export const signUpDetails: readonly PersonalDetail<SignUpField>[] = [
  { kind: 'title', name: 'title', label: a.title },
  { kind: 'name', name: 'firstName', label: a.firstName, sentAs: sentAs('FirstName'), autoComplete: 'given-name' },
  { kind: 'name', name: 'lastName', label: a.lastName, sentAs: sentAs('LastName'), autoComplete: 'family-name' },
  { kind: 'email', name: 'email', label: a.email, sentAs: sentAs('Email'), autoComplete: 'email' },
  { kind: 'password', name: 'password', label: a.password, sentAs: sentAs('Password'), hint: a.passwordHint },
  {
    kind: 'confirmPassword',
    name: 'confirmPassword',
    label: a.confirmPassword,
    sentAs: sentAs('ConfirmPassword'),
    password: 'password',
  },
  {
    kind: 'phone',
    name: 'telephone',
    label: a.telephone,
    sentAs: sentAs('MobileNumber'),
    hint: a.telephoneHint,
    autoComplete: 'tel',
  },
]

/** Section 5: the rules of each step (a step's schema checks its own fields only). */
export const stepSchemas: Record<number, z.ZodMiniType<unknown, Partial<SignUpForm>>> = {
  1: personalDetailsSchema<SignUpForm>(signUpDetails),
  2: z.object({
    orgName: organisationName(a.orgName, sentAs('OrganisationName')),
    orgType: choice(a.orgType),
    role: choice(a.role),
    postalCode: postalCode(sentAs('PostalCode')),
    province: choice(a.province),
    district: choice(a.district),
    localMunicipality: choice(a.localMunicipality),
  }),
  3: z.object({
    numOfOrgMembers: memberCount(sentAs('MemberInOrganisation')),
    terms: acceptedTerms(),
  }),
}

/** The step holding `field`, for going back to the first step the server found fault with. */
export function stepOfField(field: string): number | null {
  for (let step = 1; step <= REGISTRATION_STEPS; step++) {
    if ((stepFields[step] as string[]).includes(field)) return step
  }
  return null
}

const idOrNull = (value: string) => (value === '' ? null : Number(value))

/** Section 3 payload; phone values stripped to digits. */
export function toPayload(form: SignUpForm, validateStep?: number): RegistrationForm {
  return {
    Title: idOrNull(form.title),
    FirstName: nameForServer(form.firstName),
    LastName: nameForServer(form.lastName),
    Email: form.email.trim(),
    Password: form.password,
    ConfirmPassword: form.confirmPassword,
    MobileNumber: digitsOnly(form.telephone),
    OrganisationName: nameForServer(form.orgName),
    OrganisationBranch: form.orgBranch.trim(),
    OrganisationType: idOrNull(form.orgType),
    JobRole: idOrNull(form.role),
    StreetNumber: form.streetNumber.trim(),
    StreetName: form.streetName.trim(),
    Suburb: form.suburb.trim(),
    City: form.city.trim(),
    PostalCode: form.postalCode.trim(),
    Province: idOrNull(form.province),
    District: idOrNull(form.district),
    LocalMunicipality: idOrNull(form.localMunicipality),
    MemberInOrganisation: form.numOfOrgMembers.trim() === '' ? null : Number(form.numOfOrgMembers),
    terms: form.terms,
    ...(validateStep != null ? { validateStep } : {}),
  }
}
