// Collective actions (issue 13): the two /api/CollectiveAction calls and actionsGeomarker of
// spec section 7, and the WorldOfImpactAdmin commands that record a challenge, report its
// result and close it (each a POST through the shared base query, which adds the CSRF token).
import { baseApi } from './base-api'
import type { RecordChallenge } from './generated'
import type { ChallengeCard, CollectiveAction, MarkerCollection } from './types'

const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['CollectiveAction', 'Dashboard'] })

/** Body of `POST /api/admin/challenges`, generated from the server's RecordChallenge schema. */
export type RecordChallengeBody = RecordChallenge

export const collectiveActionApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getActionsByBoundary: build.query<CollectiveAction[], number>({
      query: (boundaryId) => ({ url: 'CollectiveAction/getCollectiveActionsByBoundary', params: { boundaryId } }),
      providesTags: ['CollectiveAction'],
    }),
    getChallengeCard: build.query<ChallengeCard, string>({
      query: (stakeholderId) => ({
        url: 'CollectiveAction/getCollectiveActionDetailsByStakeholderId',
        params: { stakeholderId },
      }),
      providesTags: ['CollectiveAction'],
    }),
    getActionsGeomarkers: build.query<MarkerCollection, number>({
      query: (boundaryId) => `geography/actionsGeomarker/4/${boundaryId}`,
      providesTags: ['CollectiveAction'],
    }),
    recordChallenge: build.mutation<{ success: boolean; collectiveActionId: string }, RecordChallengeBody>({
      query: (body) => ({ url: 'admin/challenges', method: 'POST', body }),
      invalidatesTags: ['CollectiveAction', 'Dashboard'],
    }),
    reportChallengeResult: build.mutation<{ success: boolean }, { id: string; outcome: string; sourceUrl: string }>({
      query: ({ id, ...body }) => ({ url: `admin/challenges/${encodeURIComponent(id)}/result`, method: 'POST', body }),
      invalidatesTags: ['CollectiveAction', 'Dashboard'],
    }),
    completeChallenge: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: `admin/challenges/${encodeURIComponent(id)}/complete`, method: 'POST', body: {} }),
      invalidatesTags: ['CollectiveAction', 'Dashboard'],
    }),
  }),
})

export const {
  useGetActionsByBoundaryQuery,
  useGetChallengeCardQuery,
  useGetActionsGeomarkersQuery,
  useRecordChallengeMutation,
  useReportChallengeResultMutation,
  useCompleteChallengeMutation,
} = collectiveActionApi
