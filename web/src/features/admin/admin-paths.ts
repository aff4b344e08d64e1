// Admin routes (admin spec section 2), with the spec's trailing slashes. Route parameters are
// named orgId, userId and groupId.

const usersGroups = '/admin/manage-users-groups/'
const seg = (id: number | string) => encodeURIComponent(String(id))

export const adminPaths = {
  dashboard: '/admin/',
  questionnaire: '/admin/questionnaire/',
  collectiveActions: '/admin/collective-actions/',
  organisations: '/admin/organisations/',
  organisation: (orgId: number | string) => `/admin/organisations/view/${seg(orgId)}/`,
  usersGroups,
  viewUser: (userId: number | string) => `${usersGroups}view-user/${seg(userId)}`,
  createUser: `${usersGroups}create-user`,
  editUser: (userId: number | string) => `${usersGroups}edit-user/${seg(userId)}`,
  viewGroup: (groupId: number | string) => `${usersGroups}view-group/${seg(groupId)}`,
  createGroup: `${usersGroups}create-group`,
  editGroup: (groupId: number | string) => `${usersGroups}edit-group/${seg(groupId)}`,
} as const

/** An opaque id route parameter (organisations and users have UUIDs), else null. */
export function textParam(value: string | undefined): string | null {
  const v = value?.trim()
  return v ? v : null
}

/** A positive whole-number route parameter (groups), else null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}
