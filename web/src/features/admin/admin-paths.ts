// Admin routes (admin spec section 2), with the spec's trailing slashes. Route parameters are
// named orgId, userId and groupId.

const usersGroups = '/admin/manage-users-groups/'

export const adminPaths = {
  dashboard: '/admin/',
  questionnaire: '/admin/questionnaire/',
  organisations: '/admin/organisations/',
  organisation: (orgId: number | string) => `/admin/organisations/view/${orgId}/`,
  usersGroups,
  viewUser: (userId: number | string) => `${usersGroups}view-user/${userId}`,
  createUser: `${usersGroups}create-user`,
  editUser: (userId: number | string) => `${usersGroups}edit-user/${userId}`,
  viewGroup: (groupId: number | string) => `${usersGroups}view-group/${groupId}`,
  createGroup: `${usersGroups}create-group`,
  editGroup: (groupId: number | string) => `${usersGroups}edit-group/${groupId}`,
} as const

/** A positive whole-number route parameter, else null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}
