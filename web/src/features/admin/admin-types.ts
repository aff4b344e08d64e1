// The admin screens' names for the JSON of the admin calls (docs/admin-api.md; admin spec
// section 3). The shapes are the server's, from its OpenAPI document (generated.ts); what is
// still written here is the app's own (sort order, id type) and the organisation history, an
// answer the document does not describe yet.
import type * as generated from '../../api/generated'

/** POST /api/healthcheck/getAdminDashboard answers a list; the first item is used (section 7). */
export type AdminDashboard = generated.AdminDashboard

export type SortOrder = 'asc' | 'desc'

/** Organisation, user and company ids are opaque strings (UUIDs); group and municipality ids are numbers. */
export type StakeholderId = string

export type OrganisationRow = generated.OrganisationRow

export type OrganisationPage = generated.OrganisationPage

export type OrganisationApplication = generated.OrganisationApplication

/** One event of an organisation's history (GET /api/healthcheck/organisation/{id}/history →
 * data). */
export type HistoryEvent = generated.HistoryEntry

export type Action = generated.SecurityAction

export type Group = generated.Group

export type UserSummary = generated.UserSummary

export type Contact = generated.UserContact

export type StakeholderRelationship = generated.StakeholderRelationship

export type UserDetails = generated.UserAccountDetails

/** The body of createNewUser and editUserDetails, as the user form builds it: every field. */
export type UserPayload = Required<generated.UserForm>

export type Municipality = generated.Municipality
export type Company = generated.Company
