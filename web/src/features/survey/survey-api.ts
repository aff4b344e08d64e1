// The anonymous survey calls (admin spec §7; issue 12): the questions of an invite link, and
// one submission. The server keeps nothing about the respondent.
import { baseApi } from '../../api/base-api'

export interface SurveyAnswerOption {
  possibleAnswerId: number
  description: string
}
export interface SurveyQuestion {
  questionId: string
  description: string
  questionTypeId: number
  questionType: 'SingleChoice' | 'MultipleChoice'
  answers: SurveyAnswerOption[]
}
export interface SurveyCategory {
  questionCategoryId: number
  description: string
  questions: SurveyQuestion[]
}
export interface Survey {
  organisationName: string
  questionnaire: string
  questionnaireId: string
  version: number
  questionnaireType: string
  preview: boolean
  isOpen: boolean
  example: boolean
  questionCategories: SurveyCategory[]
}
export interface SurveySubmission {
  InviteCode: string
  Answers: { QuestionId: string; PossibleAnswerIds: number[] }[]
}

export const surveyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSurvey: build.query<{ success: boolean; data: Survey }, { inviteCode: string; preview: boolean }>({
      query: ({ inviteCode, preview }) => ({ url: 'healthcheck/survey', params: { inviteCode, Preview: preview } }),
      keepUnusedDataFor: 0,
    }),
    submitSurvey: build.mutation<{ success: boolean; message: string }, SurveySubmission>({
      query: (body) => ({ url: 'healthcheck/survey', method: 'POST', body }),
    }),
  }),
})

export const { useGetSurveyQuery, useSubmitSurveyMutation } = surveyApi
