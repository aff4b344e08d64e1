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

export interface Municipality { stakeholderId: number; name: string }
export interface Company { stakeholderId: StakeholderId; organisationName: string }

/** Questionnaire types (section 3): Staff 1, Students 2. */
export type QuestionnaireTypeId = 1 | 2

/**
 * GET /api/healthcheck/getSummarisedHealthCheck: one questionnaire version with the participation
 * of its survey periods (section 3 "Summarised health check"). `example` is true when a figure
 * includes example data.
 */
export interface SummarisedHealthCheck {
  healthCheckId: string
  questionnaireId?: string
  questionnaireDescription: string
  questionnaireTypeId: number
  questionnaireType?: string
  effectiveFrom: string
  effectiveTo?: string | null
  inviteCode: string | null
  isCurrent: boolean
  totalActualResponses: number
  totalExpectedResponses: number
  totalOrganisations: number
  totalParticipatedOrganisations: number
  example?: boolean
}

/** GET /api/healthcheck/getActiveQuestionnaires: a published questionnaire version. */
export interface ActiveQuestionnaire {
  questionnaireId: string
  questionnaireTypeId: number
  questionnaireType: string
  description: string
  version: number
  effectiveFrom: string
  effectiveTo: string
  isActive: boolean
}

/** POST /api/healthcheck/inviteCode body (section 3 "Invite code", plus the organisation). */
export interface InviteCodeRequest {
  QuestionnaireId: string
  EffectiveFrom: string
  ExpectedResponses: number
  OrganisationId: StakeholderId
}

/** POST /api/healthcheck/inviteCode answer. */
export interface InviteCodeAnswer extends AdminResult {
  url?: string
  inviteCode?: string
  healthCheckId?: string
}
