// JSON shapes of the admin calls (docs/admin-api.md; admin spec section 3). The answers the server
// types come from its OpenAPI document (generated.ts); request bodies are written here.
import type * as generated from '../../api/generated'

/** The envelope of the admin calls that say whether they worked. */
export interface AdminResult {
  success: boolean
  message: string
  errors?: unknown
}

/** POST /api/healthcheck/getAdminDashboard answers a list; the first item is used (section 7). */
export type AdminDashboard = generated.AdminDashboard

export type SortOrder = 'asc' | 'desc'

export interface OrganisationSearch {
  statusId: number | null
  OrganisationName: string
  sort: SortOrder
  pageSize: number
  pageNumber: number
}

/** Organisation, user and company ids are opaque strings (UUIDs); group and municipality ids are numbers. */
export type StakeholderId = string

export type OrganisationRow = generated.OrganisationRow

export type OrganisationPage = generated.OrganisationPage

export type OrganisationApplication = generated.OrganisationApplication

export interface HistoryEvent {
  sequence: number
  aggregate: string
  at: string
  actor: string | null
  actorName: string | null
  source: string | null
  type: string
  summary: string
  payload: unknown
}

export interface VerifyRequest {
  VerificationStatusId: number
  StakeholderId: StakeholderId
  EmailTemplateType: number
  RejectedReasons: string
  ExpectedStatusId: number
}

export interface VerifyConflict {
  success: false
  message: string
  currentStatusId: number
}

export type Action = generated.SecurityAction

export type Group = generated.Group

export type UserSummary = generated.UserSummary

export type Contact = generated.UserContact

export type StakeholderRelationship = generated.StakeholderRelationship

export type UserDetails = generated.UserAccountDetails

/** The body of createNewUser and editUserDetails. */
export interface UserPayload {
  titleId: number
  name: string
  roleId: number
  companyId: StakeholderId
  groupIds: number[]
  contacts: Contact[]
  stakeholderRelationships: { stakeholderRelationshipTypeId: number; municipalityId: number | null }[]
}

export type Municipality = generated.Municipality
export type Company = generated.Company
