// The anonymous survey calls (admin spec §7; issue 12): the questions of an invite link, and
// one submission; the server keeps nothing about the respondent. The endpoints are generated
// from the API document into src/api/endpoints/survey.ts (npm run gen:api); this file only adds
// what the document cannot say: how long the questions are kept, and their type, which the
// document does not describe yet.
import { generatedApi } from '../../api/endpoints/survey'
import type { GetSurveyApiArg } from '../../api/generated'
import { typedQuery } from '../../api/typed-hooks'

// The answer of GET /api/healthcheck/survey, until the document declares it.
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

export const surveyApi = generatedApi.enhanceEndpoints({
  endpoints: {
    // A link may close or change between two visits.
    getSurvey: { keepUnusedDataFor: 0 },
  },
})

// The submission's hook is the generated one (imported from here, after the settings above).
export { useSubmitSurveyMutation } from '../../api/endpoints/survey'

export const useGetSurveyQuery = typedQuery<{ success: boolean; data: Survey }, GetSurveyApiArg>(
  surveyApi.useGetSurveyQuery,
)
