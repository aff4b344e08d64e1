// The organisation health-check calls (admin spec §7; issue 12; api/src/http/healthcheck.rs):
// the caller's organisation and its survey periods per audience, the active questionnaires,
// link generation and the results of one health check. The shapes are the server's; nothing
// here computes a figure.
import { baseApi } from '../../api/base-api'

/** One answer of a question with its share of the question's respondents (0–100). */
export interface HcAnswer {
  possibleAnswerId: number
  description: string
  /** Percentage of the question's respondents who chose this answer, 2 decimals. */
  distributionValue: number
  /** How many respondents chose it. */
  responses?: number
  score: number
}

/** Legend item of a question (admin spec §3 "Palette item"). */
export interface HcPaletteItem {
  id: number
  percentage: string
  description: string
  color: string
}

/** A question with its answer distribution (admin spec §3 "Question"). */
export interface HcQuestion {
  questionId: string
  description: string
  questionTypeId: number
  questionType: string
  /** PieChart 1, ProgressBar 2, BarGraph 3, StackedBar 4. */
  visualizeTypeId: number
  visualizeTypeDescription: string
  /** Respondents who answered this question (questions may be skipped). */
  respondents?: number
  answers: HcAnswer[]
  palette: HcPaletteItem[]
}

/** A question category with its score (0–100) and questions. */
export interface HcCategory {
  questionCategoryId: number
  description: string
  isInDashboard: boolean
  categoryScore: number | null
  questions: HcQuestion[]
}

/**
 * Figures the server withholds below the privacy threshold: with `resultsAvailable` false it
 * gives `message` and neither scores nor distributions.
 */
export interface HcFigures {
  actualResponses: number
  expectedResponses: number
  example: boolean
  resultsAvailable: boolean
  message: string | null
  overallMaturity: number | null
  questionCategories: HcCategory[]
}

/** A survey period of the organisation (admin spec §3 "Questionnaire (survey period)"). */
export interface HcPeriod extends HcFigures {
  healthCheckId: string
  /** Label: questionnaire description, year and quarter. */
  questionnaire: string
  questionnaireId: string
  questionnaireVersion?: number
  questionnaireType: string
  questionnaireTypeId: number
  isCurrent: boolean
  effectiveFrom: string
  effectiveTo: string
  /** Given to holders of AddSurveyLink or SetSurveyEffectiveDate only. */
  inviteCode: string | null
  url: string | null
}

/** The answer of getOrganisationHealthChecks. */
export interface OrganisationHealthChecks {
  organisationId: string
  organisationName: string
  organisationTypeId: number
  studentsOffered: boolean
  questionnaires: HcPeriod[]
}

/** A published questionnaire version; `isActive` while links may be generated. */
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

/** Body of POST /api/healthcheck/inviteCode (admin spec §3 "Invite code"). */
export interface InviteCodeBody {
  QuestionnaireId: string
  EffectiveFrom?: string
  ExpectedResponses: number
}

/** Answer of POST /api/healthcheck/inviteCode. */
export interface InviteCodeAnswer {
  success: boolean
  message: string
  url: string
  inviteCode: string
  healthCheckId: string
}

/** The results of one health check (admin spec §3 "Health check result"). */
export interface HcResult extends HcFigures {
  healthCheckId: string
  questionnaire: string
  questionnaireType: string
  questionnaireTypeId: number
}

/** Body of POST /api/healthcheck/organisationalResult. */
export interface ResultRequest {
  HealthCheckId: string
  QuestionnaireTypeId?: number
}

const tagged = baseApi.enhanceEndpoints({ addTagTypes: ['OrganisationHealthChecks'] })

/** RTK Query endpoints of the organisation area. */
export const hcApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getOrganisationHealthChecks: build.query<OrganisationHealthChecks, number>({
      query: (questionnaireTypeId) => ({
        url: 'healthcheck/getOrganisationHealthChecks',
        params: { questionnaireTypeId },
      }),
      transformResponse: (answer: { data: OrganisationHealthChecks }) => answer.data,
      providesTags: ['OrganisationHealthChecks'],
      keepUnusedDataFor: 0,
    }),
    getActiveQuestionnaires: build.query<ActiveQuestionnaire[], void>({
      query: () => 'healthcheck/getActiveQuestionnaires',
      transformResponse: (answer: { data?: ActiveQuestionnaire[] }) => answer.data ?? [],
    }),
    generateInviteCode: build.mutation<InviteCodeAnswer, InviteCodeBody>({
      query: (body) => ({ url: 'healthcheck/inviteCode', method: 'POST', body }),
      invalidatesTags: ['OrganisationHealthChecks'],
    }),
    getOrganisationalResult: build.query<HcResult, ResultRequest>({
      query: (body) => ({ url: 'healthcheck/organisationalResult', method: 'POST', body }),
      transformResponse: (answer: { data: HcResult }) => answer.data,
      keepUnusedDataFor: 0,
    }),
  }),
})

export const {
  useGetOrganisationHealthChecksQuery,
  useGetActiveQuestionnairesQuery,
  useGenerateInviteCodeMutation,
  useGetOrganisationalResultQuery,
} = hcApi
