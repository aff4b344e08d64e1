// The organisation health-check calls (admin spec §7; issue 12; api/src/http/healthcheck.rs):
// the caller's organisation and its survey periods, the active questionnaires, link generation,
// the results of one health check and the admin summary per questionnaire.
import { baseApi } from '../../api/base-api'

export interface HcAnswer {
  possibleAnswerId: number
  description: string
  distributionValue: number
  responses?: number
  score: number
}
export interface HcPaletteItem { id: number; percentage: string; description: string; color: string }
export interface HcQuestion {
  questionId: string
  description: string
  questionTypeId: number
  questionType: string
  visualizeTypeId: number
  visualizeTypeDescription: string
  respondents?: number
  answers: HcAnswer[]
  palette: HcPaletteItem[]
}
export interface HcCategory {
  questionCategoryId: number
  description: string
  isInDashboard: boolean
  categoryScore: number | null
  questions: HcQuestion[]
}
export interface HcPeriod {
  healthCheckId: string
  questionnaire: string
  questionnaireId: string
  questionnaireType: string
  questionnaireTypeId: number
  isCurrent: boolean
  effectiveFrom: string
  effectiveTo: string
  inviteCode: string | null
  url: string | null
  expectedResponses: number
  actualResponses: number
  example: boolean
  resultsAvailable: boolean
  message: string | null
  overallMaturity: number | null
  questionCategories: HcCategory[]
}
export interface OrganisationHealthChecks {
  organisationId: string
  organisationName: string
  organisationTypeId: number
  studentsOffered: boolean
  questionnaires: HcPeriod[]
}
export interface ActiveQuestionnaire {
  questionnaireId: string
  questionnaireTypeId: number
  questionnaireType: string
  description: string
  version: number
  effectiveFrom: string
  effectiveTo: string
  isActive: boolean
}
export interface InviteCodeBody { QuestionnaireId: string; EffectiveFrom?: string; ExpectedResponses: number }
export interface InviteCodeAnswer { success: boolean; message: string; url: string; inviteCode: string; healthCheckId: string }
export interface HcResult {
  healthCheckId: string
  questionnaire: string
  questionnaireType: string
  questionnaireTypeId: number
  actualResponses: number
  expectedResponses: number
  example: boolean
  resultsAvailable: boolean
  message: string | null
  overallMaturity: number | null
  questionCategories: HcCategory[]
}
export interface SummarisedHealthCheck {
  healthCheckId: string
  questionnaireId: string
  questionnaireDescription: string
  questionnaireTypeId: number
  questionnaireType: string
  effectiveFrom: string
  effectiveTo: string
  inviteCode: string | null
  isCurrent: boolean
  totalActualResponses: number
  totalExpectedResponses: number
  totalOrganisations: number
  totalParticipatedOrganisations: number
  example: boolean
}

const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['OrganisationHealthChecks'] })

export const hcApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getOrganisationHealthChecks: build.query<OrganisationHealthChecks, number>({
      query: (questionnaireTypeId) => ({ url: 'healthcheck/getOrganisationHealthChecks', params: { questionnaireTypeId } }),
      transformResponse: (answer: { data: OrganisationHealthChecks }) => answer.data,
      providesTags: ['OrganisationHealthChecks'],
      keepUnusedDataFor: 0,
    }),
    getActiveQuestionnaires: build.query<ActiveQuestionnaire[], void>({
      query: () => 'healthcheck/getActiveQuestionnaires',
      transformResponse: (answer: { data: ActiveQuestionnaire[] }) => answer.data ?? [],
    }),
    generateInviteCode: build.mutation<InviteCodeAnswer, InviteCodeBody>({
      query: (body) => ({ url: 'healthcheck/inviteCode', method: 'POST', body }),
      invalidatesTags: ['OrganisationHealthChecks'],
    }),
    getOrganisationalResult: build.query<HcResult, { HealthCheckId: string; QuestionnaireTypeId?: number }>({
      query: (body) => ({ url: 'healthcheck/organisationalResult', method: 'POST', body }),
      transformResponse: (answer: { data: HcResult }) => answer.data,
      keepUnusedDataFor: 0,
    }),
    getSummarisedHealthCheck: build.query<SummarisedHealthCheck[], void>({
      query: () => 'healthcheck/getSummarisedHealthCheck',
      transformResponse: (answer: { data: SummarisedHealthCheck[] }) => answer.data ?? [],
      keepUnusedDataFor: 0,
    }),
  }),
})

export const {
  useGetOrganisationHealthChecksQuery, useGetActiveQuestionnairesQuery, useGenerateInviteCodeMutation,
  useGetOrganisationalResultQuery, useGetSummarisedHealthCheckQuery,
} = hcApi
