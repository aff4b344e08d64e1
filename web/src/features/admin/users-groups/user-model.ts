// The user form (section 2, rules of section 5): title, full name, e-mail, mobile and telephone
// numbers (the shared personal details of components/personal-details.tsx, with the OpenAPI
// document's rules for UserForm and its contacts), company, role, relationship types, groups,
// and for a Building Block Coordinator the assigned municipalities and provinces (a
// municipality's or a province's designated person, who needs no company). Field names double
// as the server's error codes.
import { z } from 'zod/mini'
import { personalDetailsSchema, type PersonalDetail } from '../../../components/personal-details'
import { adminStrings } from '../../../config/admin-strings'
import { nameForServer } from '../../../lib/field-schemas'
import { formRule } from '../../../lib/openapi-rules'
import { digitsOnly } from '../../../lib/validation'
import { ContactType, RelationshipType } from '../admin-constants'
import { compareText } from '../admin-format'
import type { UserForm as UserFormBody } from '../../../api/generated'
import type { UserAccountDetails } from '../../../api/generated'
import type { UserPayload } from '../admin-types'

export interface UserForm {
  titleId: string
  name: string
  email: string
  mobile: string
  telephone: string
  companyId: string
  roleId: string
  contactPerson: boolean
  buildingBlockCoordinator: boolean
  groupIds: number[]
  municipalityIds: number[]
  provinceIds: number[]
}

export type UserField =
  | 'titleId'
  | 'name'
  | 'email'
  | 'mobile'
  | 'telephone'
  | 'companyId'
  | 'roleId'
  | 'groupIds'
  | 'municipalityIds'
  | 'provinceIds'

export const emptyUserForm: UserForm = {
  titleId: '',
  name: '',
  email: '',
  mobile: '',
  telephone: '',
  companyId: '',
  roleId: '',
  contactPerson: false,
  buildingBlockCoordinator: false,
  groupIds: [],
  municipalityIds: [],
  provinceIds: [],
}

const u = adminStrings.user

function contact(details: UserAccountDetails, ...types: number[]): string {
  for (const type of types) {
    const found = details.contacts.find((c) => c.contactTypeId === type && c.detail)
    if (found) return found.detail
  }
  return ''
}

/** The e-mail of a user: the work e-mail, else the personal one. */
export function emailOf(details: UserAccountDetails): string {
  return contact(details, ContactType.WorkEmail, ContactType.PersonalEmail)
}

export function mobileOf(details: UserAccountDetails): string {
  return contact(details, ContactType.MobilePhone)
}

/** Reception is the telephone (section 3); Alternative stands in when there is none. */
export function telephoneOf(details: UserAccountDetails): string {
  return contact(details, ContactType.Reception, ContactType.Alternative)
}

export function isCoordinator(details: UserAccountDetails): boolean {
  return details.stakeholderRelationships.some(
    (r) => r.stakeholderRelationshipTypeId === RelationshipType.BuildingBlockCoordinator,
  )
}

export function isContactPerson(details: UserAccountDetails): boolean {
  return details.stakeholderRelationships.some(
    (r) => r.stakeholderRelationshipTypeId === RelationshipType.ContactPerson,
  )
}

export function municipalityIdsOf(details: UserAccountDetails): number[] {
  const ids = details.stakeholderRelationships
    .filter(
      (r) => r.stakeholderRelationshipTypeId === RelationshipType.BuildingBlockCoordinator && r.municipalityId != null,
    )
    .map((r) => r.municipalityId as number)
  return [...new Set(ids)]
}

/** The provinces of a province's designated person. */
export function provinceIdsOf(details: UserAccountDetails): number[] {
  const ids = details.stakeholderRelationships
    .filter(
      (r) => r.stakeholderRelationshipTypeId === RelationshipType.BuildingBlockCoordinator && r.provinceId != null,
    )
    .map((r) => r.provinceId as number)
  return [...new Set(ids)]
}

/** Government staff need no company: a coordinator with a municipality or a province (server rule `needs_company`). */
export function needsCompany(form: Pick<UserForm, 'buildingBlockCoordinator' | 'municipalityIds' | 'provinceIds'>) {
  return !(form.buildingBlockCoordinator && (form.municipalityIds.length > 0 || form.provinceIds.length > 0))
}

export function formOfDetails(details: UserAccountDetails): UserForm {
  return {
    titleId: details.titleId != null ? String(details.titleId) : '',
    name: details.name ?? '',
    email: emailOf(details),
    mobile: digitsOnly(mobileOf(details)),
    telephone: digitsOnly(telephoneOf(details)),
    companyId: details.companyId != null ? String(details.companyId) : '',
    roleId: details.roleId != null ? String(details.roleId) : '',
    contactPerson: isContactPerson(details),
    buildingBlockCoordinator: isCoordinator(details),
    groupIds: [...details.groupIds],
    municipalityIds: municipalityIdsOf(details),
    provinceIds: provinceIdsOf(details),
  }
}

const contactRule = formRule('ContactForm', 'detail')

/** Title, full name, e-mail (read-only once the user exists), mobile and telephone numbers. */
export function userDetails(editing: boolean): readonly PersonalDetail<UserField>[] {
  return [
    { kind: 'title', name: 'titleId', label: u.titleField },
    { kind: 'name', name: 'name', label: u.fullName, sentAs: formRule('UserForm', 'name'), autoComplete: 'off' },
    {
      kind: 'email',
      name: 'email',
      label: u.email,
      sentAs: contactRule,
      readOnly: editing,
      hint: editing ? u.emailReadOnly : undefined,
      autoComplete: 'off',
    },
    {
      kind: 'phone',
      name: 'mobile',
      label: u.mobile,
      sentAs: contactRule,
      optional: true,
      hint: u.phoneHint,
      autoComplete: 'off',
    },
    {
      kind: 'phone',
      name: 'telephone',
      label: u.telephone,
      sentAs: contactRule,
      optional: true,
      hint: u.phoneHint,
      autoComplete: 'off',
    },
  ]
}

/**
 * Section 5 on save: full name valid; the e-mail valid; mobile and telephone, when present,
 * 10-digit numbers; title and role required; at least one group. A coordinator needs at least
 * one municipality or province (the relationship is recorded per place); everyone else names
 * their company (docs/decisions/0035-government-staff-accounts.md). The rules are the same whether
 * the user is new or edited.
 */
export const userSchema = personalDetailsSchema<UserForm>(userDetails(false), {
  companyId: z.string(),
  roleId: z.string().check(z.minLength(1, u.roleRequired)),
  contactPerson: z.boolean(),
  buildingBlockCoordinator: z.boolean(),
  groupIds: z.array(z.number()).check(z.minLength(1, u.groupRequired)),
  municipalityIds: z.array(z.number()),
  provinceIds: z.array(z.number()),
}).check(
  z.superRefine((form, ctx) => {
    if (form.buildingBlockCoordinator && !form.municipalityIds.length && !form.provinceIds.length)
      ctx.addIssue({ code: 'custom', path: ['municipalityIds'], message: u.municipalityRequired })
    if (needsCompany(form) && !form.companyId)
      ctx.addIssue({ code: 'custom', path: ['companyId'], message: u.companyRequired })
  }),
)

/** The body of createNewUser and editUserDetails; empty phone numbers are left out. */
export function userPayload(form: UserForm): UserPayload {
  const contacts: UserPayload['contacts'] = [{ contactTypeId: ContactType.WorkEmail, detail: form.email.trim() }]
  const mobile = digitsOnly(form.mobile)
  const telephone = digitsOnly(form.telephone)
  if (mobile) contacts.push({ contactTypeId: ContactType.MobilePhone, detail: mobile })
  if (telephone) contacts.push({ contactTypeId: ContactType.Reception, detail: telephone })
  const relationships: UserPayload['stakeholderRelationships'] = []
  if (form.contactPerson)
    relationships.push({
      stakeholderRelationshipTypeId: RelationshipType.ContactPerson,
      municipalityId: null,
      provinceId: null,
    })
  if (form.buildingBlockCoordinator) {
    for (const id of form.provinceIds) {
      relationships.push({
        stakeholderRelationshipTypeId: RelationshipType.BuildingBlockCoordinator,
        municipalityId: null,
        provinceId: id,
      })
    }
    for (const id of form.municipalityIds) {
      relationships.push({
        stakeholderRelationshipTypeId: RelationshipType.BuildingBlockCoordinator,
        municipalityId: id,
        provinceId: null,
      })
    }
  }
  return {
    // The selects offer the server's reference lists; the server refuses any other id.
    titleId: Number(form.titleId) as UserFormBody['titleId'],
    name: nameForServer(form.name).replace(/\s+/g, ' '),
    roleId: Number(form.roleId) as UserFormBody['roleId'],
    companyId: form.companyId || null,
    groupIds: [...form.groupIds],
    contacts,
    stakeholderRelationships: relationships,
  }
}

/** Whether a user as read back is the user that was sent (the read model has caught up). */
export function sameUser(details: UserAccountDetails, payload: UserPayload): boolean {
  const norm = (p: UserPayload) =>
    JSON.stringify({
      ...p,
      groupIds: [...p.groupIds].sort((a, b) => a - b),
      contacts: [...p.contacts].sort((a, b) => a.contactTypeId - b.contactTypeId),
      stakeholderRelationships: [...p.stakeholderRelationships].sort(
        (a, b) =>
          a.stakeholderRelationshipTypeId - b.stakeholderRelationshipTypeId ||
          (a.municipalityId ?? 0) - (b.municipalityId ?? 0) ||
          (a.provinceId ?? 0) - (b.provinceId ?? 0),
      ),
    })
  return norm(userPayload(formOfDetails(details))) === norm(payload)
}

/** Maps server error codes (the request's field names) to the form's fields. */
export function fieldOfCode(code: string): UserField | null {
  const key = code.replace(/^.*\./, '').toLowerCase()
  const map: Record<string, UserField> = {
    titleid: 'titleId',
    title: 'titleId',
    name: 'name',
    fullname: 'name',
    email: 'email',
    username: 'email',
    mobile: 'mobile',
    mobilenumber: 'mobile',
    telephone: 'telephone',
    telephonenumber: 'telephone',
    alternativenumber: 'telephone',
    companyid: 'companyId',
    company: 'companyId',
    roleid: 'roleId',
    role: 'roleId',
    groupids: 'groupIds',
    groups: 'groupIds',
    municipalityid: 'municipalityIds',
    municipalityids: 'municipalityIds',
    municipalities: 'municipalityIds',
    provinceid: 'provinceIds',
    provinceids: 'provinceIds',
    provinces: 'provinceIds',
  }
  return map[key] ?? null
}

/** A coordinator's municipalities by name: the municipality list's name, else the relationship's description. */
export function municipalityNames(
  data: UserAccountDetails,
  list: { stakeholderId: number; name: string }[] | undefined,
): { id: number; name: string }[] {
  const described = new Map<number, string>()
  for (const r of data.stakeholderRelationships) {
    if (r.municipalityId != null && r.description) described.set(r.municipalityId, r.description)
  }
  return municipalityIdsOf(data)
    .map((id) => ({ id, name: list?.find((m) => m.stakeholderId === id)?.name ?? described.get(id) ?? `#${id}` }))
    .sort((a, b) => compareText(a.name, b.name))
}

/** A province's designated person's provinces by name (the relationship's description). */
export function provinceNames(data: UserAccountDetails): { id: number; name: string }[] {
  return data.stakeholderRelationships
    .filter((r) => r.provinceId != null)
    .map((r) => ({ id: r.provinceId as number, name: r.description ?? `#${r.provinceId}` }))
    .sort((a, b) => compareText(a.name, b.name))
}

/** The provinces of the municipality list, each once, by name (the province picker's options). */
export function provincesOfMunicipalities(
  list: readonly { provinceId?: number | null; provinceName?: string | null }[] | undefined,
): { value: number; label: string }[] {
  const byId = new Map<number, string>()
  for (const m of list ?? []) if (m.provinceId != null && m.provinceName) byId.set(m.provinceId, m.provinceName)
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => compareText(a.label, b.label))
}
