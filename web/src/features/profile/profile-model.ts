// The profile form (section 2; rules of section 5): the personal details of the shared piece
// (components/personal-details.tsx) with the OpenAPI document's rules for ProfileForm, the form's
// values from the profile read, and the body sent.
import { personalDetailsSchema, type PersonalDetail } from '../../components/personal-details'
import { strings } from '../../config/strings'
import { nameForServer } from '../../lib/field-schemas'
import { formRule } from '../../lib/openapi-rules'
import { digitsOnly } from '../../lib/validation'
import type { ProfileForm as ProfileBody, UserProfile } from '../../api/generated'

const p = strings.profile

/** Field names are the server's error codes. */
export interface ProfileForm {
  fullName: string
  titleId: string
  jobRole: string
  alternativeNumber: string
  mobileNumber: string
}
export type ProfileField = keyof ProfileForm

/** Full name, title, job role, telephone and mobile, in the screen's order. */
export const profileDetails: readonly PersonalDetail<ProfileField>[] = [
  {
    kind: 'name',
    name: 'fullName',
    label: p.fullName,
    sentAs: formRule('ProfileForm', 'fullName'),
    autoComplete: 'name',
  },
  { kind: 'title', name: 'titleId', label: p.titleField },
  { kind: 'jobRole', name: 'jobRole', label: p.jobRole },
  {
    kind: 'phone',
    name: 'alternativeNumber',
    label: p.telephone,
    sentAs: formRule('ProfileForm', 'alternativeNumber'),
    optional: true,
    hint: strings.auth.telephoneHint,
  },
  {
    kind: 'phone',
    name: 'mobileNumber',
    label: p.mobile,
    sentAs: formRule('ProfileForm', 'mobileNumber'),
    hint: strings.auth.telephoneHint,
    autoComplete: 'tel',
  },
]

/** Section 5 profile rules: full name valid, title and job role required, phones by the phone rule. */
export const profileSchema = personalDetailsSchema<ProfileForm>(profileDetails)

export function formOf(profile: UserProfile): ProfileForm {
  return {
    fullName: profile.fullName ?? '',
    titleId: profile.titleId != null ? String(profile.titleId) : '',
    jobRole: profile.jobRole != null ? String(profile.jobRole) : '',
    alternativeNumber: digitsOnly(profile.alternativeNumber ?? ''),
    mobileNumber: digitsOnly(profile.mobileNumber ?? ''),
  }
}

export function profilePayload(form: ProfileForm): ProfileBody {
  return {
    fullName: nameForServer(form.fullName),
    // The selects offer the server's reference lists; the server refuses any other id.
    titleId: Number(form.titleId) as ProfileBody['titleId'],
    jobRole: Number(form.jobRole) as ProfileBody['jobRole'],
    mobileNumber: digitsOnly(form.mobileNumber),
    alternativeNumber: digitsOnly(form.alternativeNumber),
  }
}
