// The anonymous survey calls (admin spec §7): the questions of an invite link, and
// one submission; the server keeps nothing about the respondent. The endpoints are generated
// from the API document into src/api/endpoints/survey.ts (npm run gen:api); this file only adds
// what the document cannot say: how long the questions are kept.
import { generatedApi } from '../../api/endpoints/survey'

// The answer of GET /api/healthcheck/survey (the server's types).
export type { SurveyAnswerOption, SurveyQuestion, SurveyCategory, Survey } from '../../api/generated'

export const surveyApi = generatedApi.enhanceEndpoints({
  endpoints: {
    // A link may close or change between two visits.
    getSurvey: { keepUnusedDataFor: 0 },
  },
})

// The submission's hook is the generated one (imported from here, after the settings above).
export { useSubmitSurveyMutation } from '../../api/endpoints/survey'

export { useGetSurveyQuery } from '../../api/endpoints/survey'
