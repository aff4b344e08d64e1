// JSON shapes of the admin calls (docs/admin-api.md; admin spec section 3).

/** The envelope of the admin calls that say whether they worked. */
export interface AdminResult {
  success: boolean
  message: string
  errors?: unknown
}

/** POST /api/healthcheck/getAdminDashboard answers a list; the first item is used (section 7). */
export interface AdminDashboard {
  inProgressCount: number
  lastUpdatedOrganisationDate: string | null
  lastUpdatedQuestionnaireDate: string | null
  healthCheckParticipants: number
  approvedOrganisationsCount: number
  actualResponses: number
  expectedResponses: number
  /** True when a survey figure includes example data (issue 12). */
  example?: boolean
}

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

export interface OrganisationRow {
  stakeholderId: StakeholderId
  organisationName: string
  receivedFrom: string | null
  receivedOn: string | null
  verificationStatusId: number
  verificationStatus: string
  statusDate: string | null
}

export interface OrganisationPage {
  success: boolean
  data: OrganisationRow[]
  totalCount: number
  pageNumber: number
  pageSize: number
}

export interface OrganisationApplication {
  stakeholderId: StakeholderId
  organisationName: string
  organisationBranch: string | null
  organisationTypeId: number | null
  organisationType: string | null
  title: string | null
  name: string | null
  email: string | null
  phone: string | null
  jobRole: string | null
  addressLine1: string | null
  addressLine2: string | null
  province: string | null
  district: string | null
  localMunicipality: string | null
  membersInOrganisation: number | null
  verificationStatusId: number
  verificationStatus: string
  organisationVerified: boolean
  statusDate: string | null
  version: number
}

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

export interface Action {
  actionId: number
  action: string
  description: string | null
}

export interface Group {
  groupId: number
  description: string
  actions: number[]
}

export interface UserSummary {
  stakeholderId: StakeholderId
  displayName: string
  username: string
  groups: { groupId: number; description: string }[]
}

export interface Contact {
  contactTypeId: number
  detail: string
}

export interface StakeholderRelationship {
  stakeholderRelationshipTypeId: number
  relationshipType?: string | null
  municipalityId: number | null
  description?: string | null
}

export interface UserDetails {
  stakeholderId: StakeholderId
  name: string
  titleId: number | null
  roleId: number | null
  companyId: StakeholderId | null
  companyName: string | null
  groupIds: number[]
  contacts: Contact[]
  stakeholderRelationships: StakeholderRelationship[]
}

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

export interface Municipality {
  stakeholderId: number
  name: string
}
export interface Company {
  stakeholderId: StakeholderId
  organisationName: string
}
