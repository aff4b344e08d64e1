// The questionnaire manager's calls (admin spec section 7): the summaries of the questionnaire
// versions (admin group) and link generation (`generateInviteCode`, organisation group), both
// generated from the API document into src/api/endpoints/ (npm run gen:api). This file only adds
// what the document cannot say: the cache tags and how long the summaries are kept.
import { generatedApi as adminEndpoints } from '../../../api/endpoints/admin'
import { generatedApi as organisationEndpoints } from '../../../api/endpoints/organisation'
import { SURVEY_LINK_TAGS } from '../../../api/survey-link-tags'

export const questionnaireApi = adminEndpoints.enhanceEndpoints({
  addTagTypes: ['AdminSurveys'],
  endpoints: {
    getSummarisedHealthCheck: { providesTags: ['AdminSurveys'], keepUnusedDataFor: 0 },
  },
})

export const surveyLinkApi = organisationEndpoints.enhanceEndpoints({
  addTagTypes: [...SURVEY_LINK_TAGS],
  endpoints: {
    // The same tags as the organisation dashboard's (survey-link-tags.ts).
    generateInviteCode: { invalidatesTags: [...SURVEY_LINK_TAGS] },
  },
})

// The hooks are the generated ones: the tags above apply to them, as this module runs before any
// component that imports them from here.
export { useGetSummarisedHealthCheckQuery } from '../../../api/endpoints/admin'
export { useGenerateInviteCodeMutation } from '../../../api/endpoints/organisation'
