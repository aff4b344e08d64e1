// The questionnaire manager's calls (admin spec section 7), added to the app's one API. The POST
// goes through the shared base query, which adds the session's X-CSRF-Token.
import { baseApi } from '../../../api/base-api'
import type { InviteCodeBody } from '../../../api/generated'
import type { SummarisedHealthCheck } from './questionnaire-model'

/** Body of `POST /api/healthcheck/inviteCode` (spec section 3 "Invite code"), generated from the
 * server's InviteCodeBody schema; administrators always name the organisation. */
export type InviteCodeRequest = InviteCodeBody & { ExpectedResponses: number; OrganisationId: string }

/** Answer of `POST /api/healthcheck/inviteCode`. */
export interface InviteCodeAnswer {
  success: boolean
  message: string
  url: string
  inviteCode: string
  healthCheckId: string
}

const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['AdminSurveys', 'AdminDashboard'] })

export const questionnaireApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getSummarisedHealthCheck: build.query<SummarisedHealthCheck[], void>({
      query: () => 'healthcheck/getSummarisedHealthCheck',
      transformResponse: (answer: { data?: SummarisedHealthCheck[] }) => answer.data ?? [],
      providesTags: ['AdminSurveys'],
      keepUnusedDataFor: 0,
    }),
    generateSurveyLink: build.mutation<InviteCodeAnswer, InviteCodeRequest>({
      query: (body) => ({ url: 'healthcheck/inviteCode', method: 'POST', body }),
      invalidatesTags: ['AdminSurveys', 'AdminDashboard'],
    }),
  }),
})

export const { useGetSummarisedHealthCheckQuery, useGenerateSurveyLinkMutation } = questionnaireApi
