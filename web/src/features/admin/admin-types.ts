// The admin screens' own types. The shapes of the admin calls (docs/admin-api.md; admin spec
// section 3) are the server's, imported from its OpenAPI document (generated.ts) under their own
// names; what is written here is only the app's own (sort order, id type, the user form's body).
import type { UserForm } from '../../api/generated'

export type SortOrder = 'asc' | 'desc'

/** Organisation, user and company ids are opaque strings (UUIDs); group and municipality ids are numbers. */
export type StakeholderId = string

/** The body of createNewUser and editUserDetails, as the user form builds it: every field. */
export type UserPayload = Required<UserForm>
