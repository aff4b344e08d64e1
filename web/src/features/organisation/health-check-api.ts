// The organisation health-check calls (admin spec §7; api/src/http/health_check/):
// the caller's organisation and its survey periods per audience, the active questionnaires,
// link generation and the results of one health check. The endpoints are generated from the API
// document into src/api/endpoints/organisation.ts (npm run gen:api); this file only adds what
// the document cannot say: the cache tags (a new link refreshes the periods) and how long the
// answers are kept. The shapes are the server's; nothing here computes a figure.
import { generatedApi } from '../../api/endpoints/organisation'
import { SURVEY_LINK_TAGS } from '../../api/survey-link-tags'

export type { OrganisationHealthChecks } from '../../api/generated'

export const hcApi = generatedApi.enhanceEndpoints({
  addTagTypes: [...SURVEY_LINK_TAGS],
  endpoints: {
    getOrganisationHealthChecks: { providesTags: ['OrganisationHealthChecks'], keepUnusedDataFor: 0 },
    // The same tags as the questionnaire manager's (survey-link-tags.ts).
    generateInviteCode: { invalidatesTags: [...SURVEY_LINK_TAGS] },
    getOrganisationalResult: { keepUnusedDataFor: 0 },
  },
})

// The hooks are the generated ones: the tags above apply to them, as this module runs before any
// component that imports them from here.
export {
  useGetOrganisationHealthChecksQuery,
  useGetActiveQuestionnairesQuery,
  useGenerateInviteCodeMutation,
  useGetOrganisationalResultQuery,
} from '../../api/endpoints/organisation'
