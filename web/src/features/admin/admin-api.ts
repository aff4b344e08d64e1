// The admin calls (docs/admin-api.md), generated from the API document into
// src/api/endpoints/admin.ts (npm run gen:api; the dashboard and the organisation search, POSTs
// that read, as queries: openapi.config.js postQueries). This file only adds what the document
// cannot say: the cache tags (a change refreshes the lists and details it touches), how long the
// answers are kept. Callers pass mutation answers through ensureSuccess (admin-errors.ts): an answer
// with success:false is a refusal.
import { generatedApi } from '../../api/endpoints/admin'
import type { StakeholderId } from './admin-types'

/** Admin lists change under other admins' hands: keep them a minute, refetch on every visit. */
const KEEP = 60
/** Reference lists change rarely. */
const KEEP_REFERENCE = 600

export const adminApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['AdminOrganisations', 'AdminDashboard', 'AdminUsers', 'AdminGroups', 'AdminReference'],
  endpoints: {
    getAdminDashboard: { providesTags: ['AdminDashboard'], keepUnusedDataFor: KEEP },
    searchOrganisations: { providesTags: ['AdminOrganisations'], keepUnusedDataFor: KEEP },
    getOrganisation: {
      providesTags: (_r, _e, { id }) => [{ type: 'AdminOrganisations', id }],
      keepUnusedDataFor: 0,
    },
    getOrganisationHistory: {
      providesTags: (_r, _e, { id }) => [{ type: 'AdminOrganisations', id }],
      keepUnusedDataFor: 0,
    },
    verifyOrganisation: {
      // A 409 (decided by someone else) changes the state too, so reload either way.
      invalidatesTags: (_r, _e, { verifyBody }) => [
        'AdminOrganisations',
        'AdminDashboard',
        { type: 'AdminOrganisations', id: verifyBody.StakeholderId },
      ],
    },

    getAllActions: { providesTags: ['AdminReference'], keepUnusedDataFor: KEEP_REFERENCE },
    getGroups: { providesTags: ['AdminGroups'], keepUnusedDataFor: KEEP },
    getAllUsers: { providesTags: ['AdminUsers'], keepUnusedDataFor: KEEP },
    getUserDetails: {
      providesTags: (_r, _e, { stakeholderId }) => [{ type: 'AdminUsers', id: stakeholderId }],
      keepUnusedDataFor: 0,
    },
    getLocalMunicipalities: { providesTags: ['AdminReference'], keepUnusedDataFor: KEEP_REFERENCE },
    getOrganisations: { providesTags: ['AdminReference'], keepUnusedDataFor: KEEP },

    createNewUser: { invalidatesTags: ['AdminUsers'] },
    editUserDetails: {
      invalidatesTags: (_r, _e, { stakeholderId }) => ['AdminUsers', { type: 'AdminUsers', id: stakeholderId }],
    },
    deleteUser: { invalidatesTags: ['AdminUsers'] },
    /** POPIA erasure: DeleteUser (36); the person's data is removed, the account deleted. */
    eraseUser: { invalidatesTags: ['AdminUsers'] },
    addGroup: { invalidatesTags: ['AdminGroups', 'AdminUsers'] },
    addGroupActions: { invalidatesTags: ['AdminGroups'] },
    deleteGroupActions: { invalidatesTags: ['AdminGroups'] },
    deleteGroup: { invalidatesTags: ['AdminGroups', 'AdminUsers'] },
  },
})

// The hooks are the generated ones: the tags above apply to them, as this module runs before any
// component that imports them from here.
export {
  useGetAdminDashboardQuery,
  useSearchOrganisationsQuery,
  useGetOrganisationQuery,
  useVerifyOrganisationMutation,
  useGetAllActionsQuery,
  useGetGroupsQuery,
  useGetAllUsersQuery,
  useGetUserDetailsQuery,
  useGetLocalMunicipalitiesQuery,
  useGetOrganisationsQuery,
  useCreateNewUserMutation,
  useEditUserDetailsMutation,
  useDeleteUserMutation,
  useEraseUserMutation,
  useAddGroupMutation,
  useAddGroupActionsMutation,
  useDeleteGroupActionsMutation,
  useDeleteGroupMutation,
} from '../../api/endpoints/admin'

/** An organisation's history ({success, data: events}). */
export { useGetOrganisationHistoryQuery } from '../../api/endpoints/admin'

/** The URL of the history as CSV (a same-origin GET: the session cookie goes with it). */
export function historyCsvUrl(id: StakeholderId): string {
  return `/api/healthcheck/organisation/${encodeURIComponent(id)}/history?format=csv`
}
