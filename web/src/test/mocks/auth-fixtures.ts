// Mock account data in the shapes the Rust server returns (/api/auth/*); unit tests only.
import { anonymousSession } from '../../api/session-api'
import type { JobRole, OrganisationType, Title, UserProfile } from '../../api/generated'
import type { Session } from '../../api/types'

export const CSRF_TOKEN = 'test-csrf-token'

export const titles: Title[] = [
  { titleId: 1, description: 'Mr' },
  { titleId: 2, description: 'Mrs' },
  { titleId: 3, description: 'Ms' },
  { titleId: 5, description: 'Dr' },
]
export const jobRoles: JobRole[] = [
  { roleId: 1, description: 'Director or chief executive' },
  { roleId: 2, description: 'Manager' },
  { roleId: 4, description: 'Social worker' },
]
export const organisationTypes: OrganisationType[] = [
  { organisationTypeId: 1, description: 'Non-profit organisation' },
  { organisationTypeId: 4, description: 'Higher education institution' },
]

export const anonymous: Session = { ...anonymousSession, csrfToken: CSRF_TOKEN }

export function signedIn(permissions: number[], name = 'Thandi Nkosi', userType = 2): Session {
  return {
    isAuthenticated: true,
    user: { userId: 'u-1', name, email: 'thandi@example.org', permissions },
    userType,
    organisationName: 'Ikhaya Women\u2019s Centre',
    organisationTypeId: 1,
    userActions: permissions.map((actionId) => ({ actionId, name: null })),
    csrfToken: CSRF_TOKEN,
  }
}

/** The organisation designated person's group (no role area). */
export const organisationPermissions = [12, 23, 24, 25, 26]
/** World of Impact admin: every action. */
export const adminPermissions = Array.from({ length: 32 }, (_, i) => i + 5)

export const profile: UserProfile = {
  fullName: 'Thandi Nkosi',
  email: 'thandi@example.org',
  alternativeNumber: null,
  mobileNumber: '0821234567',
  titleId: 3,
  jobRole: 2,
  isBuildingBlockAdmin: false,
  buildingBlockEmails: true,
}
