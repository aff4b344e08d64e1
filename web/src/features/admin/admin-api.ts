// The admin calls (docs/admin-api.md), added to the app's one API. POST, PUT and DELETE go
// through the shared base query, which adds the session's X-CSRF-Token. Callers pass mutation
// answers through ensureSuccess (admin-errors.ts): an answer with success:false is a refusal.
import { baseApi } from '../../api/base-api'
import type {
  StakeholderId,
  Action,
  AdminDashboard,
  AdminResult,
  Company,
  Group,
  HistoryEvent,
  Municipality,
  OrganisationApplication,
  OrganisationPage,
  OrganisationSearch,
  UserDetails,
  UserPayload,
  UserSummary,
  VerifyRequest,
} from './admin-types'

const tagged = baseApi.enhanceEndpoints({
  addTagTypes: ['AdminOrganisations', 'AdminDashboard', 'AdminUsers', 'AdminGroups', 'AdminReference'],
})

/** Admin lists change under other admins' hands: keep them a minute, refetch on every visit. */
const KEEP = 60

export const adminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getAdminDashboard: build.query<AdminDashboard | null, void>({
      query: () => ({ url: 'healthcheck/getAdminDashboard', method: 'POST', body: {} }),
      transformResponse: (answer: AdminDashboard[] | null) => (Array.isArray(answer) ? (answer[0] ?? null) : null),
      providesTags: ['AdminDashboard'],
      keepUnusedDataFor: KEEP,
    }),
    searchOrganisations: build.query<OrganisationPage, OrganisationSearch>({
      query: (body) => ({ url: 'healthcheck/searchOrganisations', method: 'POST', body }),
      providesTags: ['AdminOrganisations'],
      keepUnusedDataFor: KEEP,
    }),
    getOrganisation: build.query<OrganisationApplication, StakeholderId>({
      query: (id) => `healthcheck/organisation/${encodeURIComponent(id)}`,
      transformResponse: (answer: { data: OrganisationApplication }) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'AdminOrganisations', id }],
      keepUnusedDataFor: 0,
    }),
    getOrganisationHistory: build.query<HistoryEvent[], StakeholderId>({
      query: (id) => `healthcheck/organisation/${encodeURIComponent(id)}/history`,
      transformResponse: (answer: { data: HistoryEvent[] }) => answer.data ?? [],
      providesTags: (_r, _e, id) => [{ type: 'AdminOrganisations', id }],
      keepUnusedDataFor: 0,
    }),
    verifyOrganisation: build.mutation<AdminResult, VerifyRequest>({
      query: (body) => ({ url: 'healthcheck/verify', method: 'POST', body }),
      // A 409 (decided by someone else) changes the state too, so reload either way.
      invalidatesTags: (_r, _e, arg) => [
        'AdminOrganisations',
        'AdminDashboard',
        { type: 'AdminOrganisations', id: arg.StakeholderId },
      ],
    }),

    getAllActions: build.query<Action[], void>({
      query: () => 'security/getAllActions',
      providesTags: ['AdminReference'],
      keepUnusedDataFor: 600,
    }),
    getGroups: build.query<Group[], number | void>({
      query: (groupId) => (groupId == null ? 'security/getGroups' : `security/getGroups?groupId=${groupId}`),
      providesTags: ['AdminGroups'],
      keepUnusedDataFor: KEEP,
    }),
    getAllUsers: build.query<UserSummary[], void>({
      query: () => 'security/getAllUsers',
      providesTags: ['AdminUsers'],
      keepUnusedDataFor: KEEP,
    }),
    getUserDetails: build.query<UserDetails, StakeholderId>({
      query: (id) => `security/getUserDetails?stakeholderId=${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminUsers', id }],
      keepUnusedDataFor: 0,
    }),
    getLocalMunicipalities: build.query<Municipality[], void>({
      query: () => 'security/getLocalMunicipalities',
      providesTags: ['AdminReference'],
      keepUnusedDataFor: 600,
    }),
    getOrganisations: build.query<Company[], void>({
      query: () => 'security/getOrganisations',
      providesTags: ['AdminReference'],
      keepUnusedDataFor: KEEP,
    }),

    createNewUser: build.mutation<AdminResult & { stakeholderId?: StakeholderId }, UserPayload>({
      query: (body) => ({ url: 'security/createNewUser', method: 'POST', body }),
      invalidatesTags: ['AdminUsers'],
    }),
    editUserDetails: build.mutation<AdminResult, { stakeholderId: StakeholderId; user: UserPayload }>({
      query: ({ stakeholderId, user }) => ({
        url: `security/editUserDetails?stakeholderId=${encodeURIComponent(stakeholderId)}`,
        method: 'PUT',
        body: user,
      }),
      invalidatesTags: (_r, _e, arg) => ['AdminUsers', { type: 'AdminUsers', id: arg.stakeholderId }],
    }),
    deleteUser: build.mutation<AdminResult, StakeholderId>({
      query: (id) => ({ url: `security/deleteUser?stakeholderId=${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminUsers'],
    }),
    /** POPIA erasure (issue 14 item 4): DeleteUser (36); the person's data is removed, the account deleted. */
    eraseUser: build.mutation<AdminResult, StakeholderId>({
      query: (id) => ({ url: `security/eraseUser?stakeholderId=${encodeURIComponent(id)}`, method: 'POST' }),
      invalidatesTags: ['AdminUsers'],
    }),
    addGroup: build.mutation<AdminResult & { groupId?: number }, { GroupName: string; UserActions: number[] }>({
      query: (body) => ({ url: 'security/AddGroup', method: 'POST', body }),
      invalidatesTags: ['AdminGroups', 'AdminUsers'],
    }),
    addGroupActions: build.mutation<AdminResult, { GroupId: number; UserActions: number[] }>({
      query: (body) => ({ url: 'security/addGroupActions', method: 'POST', body }),
      invalidatesTags: ['AdminGroups'],
    }),
    deleteGroupActions: build.mutation<AdminResult, { GroupId: number; UserActions: number[] }>({
      query: (body) => ({ url: 'security/deleteGroupActions', method: 'DELETE', body }),
      invalidatesTags: ['AdminGroups'],
    }),
    deleteGroup: build.mutation<AdminResult, number>({
      query: (id) => ({ url: `security/deleteGroup?groupId=${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminGroups', 'AdminUsers'],
    }),
  }),
})

export const {
  useGetAdminDashboardQuery,
  useSearchOrganisationsQuery,
  useGetOrganisationQuery,
  useGetOrganisationHistoryQuery,
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
} = adminApi

/** The URL of the history as CSV (a same-origin GET: the session cookie goes with it). */
export function historyCsvUrl(id: StakeholderId): string {
  return `/api/healthcheck/organisation/${encodeURIComponent(id)}/history?format=csv`
}
