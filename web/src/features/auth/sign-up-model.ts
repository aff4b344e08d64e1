// The sign-up form (section 2, three steps; section 3 payload; section 5 rules per step) as plain
// data and pure functions, so the steps' rules are tested without rendering.
import { REGISTRATION_STEPS } from '../../config/constants'
import { strings } from '../../config/strings'
import {
  collect,
  confirmPasswordErrors,
  contactNumberErrors,
  digitsOnly,
  emailErrors,
  memberCountErrors,
  nameErrors,
  passwordErrors,
  plainApostrophes,
  postalCodeErrors,
  requiredErrors,
  termsErrors,
  type FieldErrors,
} from '../../lib/validation'
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

/** Section 5: the rules of one step. */
export function validateStep(form: SignUpForm, step: number): FieldErrors<SignUpField> {
  switch (step) {
    case 1:
      return collect<SignUpField>({
        title: requiredErrors(form.title, a.title),
        firstName: nameErrors(form.firstName, a.firstName),
        lastName: nameErrors(form.lastName, a.lastName),
        email: emailErrors(form.email),
        password: passwordErrors(form.password),
        confirmPassword: confirmPasswordErrors(form.password, form.confirmPassword),
        telephone: contactNumberErrors(form.telephone),
      })
    case 2:
      return collect<SignUpField>({
        orgName: nameErrors(form.orgName, a.orgName, true),
        orgType: requiredErrors(form.orgType, a.orgType),
        role: requiredErrors(form.role, a.role),
        postalCode: postalCodeErrors(form.postalCode),
        province: requiredErrors(form.province, a.province),
        district: requiredErrors(form.district, a.district),
        localMunicipality: requiredErrors(form.localMunicipality, a.localMunicipality),
      })
    case 3:
      return collect<SignUpField>({
        numOfOrgMembers: memberCountErrors(form.numOfOrgMembers),
        terms: termsErrors(form.terms),
      })
    default:
      return {}
  }
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
    FirstName: plainApostrophes(form.firstName.trim()),
    LastName: plainApostrophes(form.lastName.trim()),
    Email: form.email.trim(),
    Password: form.password,
    ConfirmPassword: form.confirmPassword,
    MobileNumber: digitsOnly(form.telephone),
    OrganisationName: plainApostrophes(form.orgName.trim()),
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
