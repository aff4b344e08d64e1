// Ids and limits of the admin console (admin spec sections 3 and 9).

/** Application status keys: In Progress 1, Rejected 2, Approved 3, All null. */
export const VerificationStatus = { InProgress: 1, Rejected: 2, Approved: 3 } as const

/** E-mail templates sent on a decision. */
export const EmailTemplate = { WelcomeMessage: 1, DuplicateOrganization: 2, Other: 3 } as const

/** Contact types: WorkEmail 1, MobilePhone 2, Reception 3 (the telephone), Alternative 4, PersonalEmail 5. */
export const ContactType = { WorkEmail: 1, MobilePhone: 2, Reception: 3, Alternative: 4, PersonalEmail: 5 } as const

/** Stakeholder relationship types. */
export const RelationshipType = { ContactPerson: 1, BuildingBlockCoordinator: 6 } as const

/** Organisation search: page 1, size 30 (section 9). */
export const ORGANISATION_PAGE_SIZE = 30
export const FIRST_PAGE = 1

/** Toasts close after 3 seconds (section 9); the shared toasts hold the value. */
export { TOAST_MS } from '../../components/toasts'

/** Action and municipality tables have 4 cells per row (section 9). */
export const CELLS_PER_ROW = 4

/** Waits this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300
