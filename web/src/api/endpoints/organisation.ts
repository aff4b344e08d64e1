import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActiveQuestionnaires: build.query<
      GetActiveQuestionnairesApiResponse,
      GetActiveQuestionnairesApiArg
    >({
      query: () => ({ url: `/api/healthcheck/getActiveQuestionnaires` }),
    }),
    getOrganisationHealthChecks: build.query<
      GetOrganisationHealthChecksApiResponse,
      GetOrganisationHealthChecksApiArg
    >({
      query: (queryArg) => ({
        url: `/api/healthcheck/getOrganisationHealthChecks`,
        params: {
          questionnaireTypeId: queryArg.questionnaireTypeId,
        },
      }),
    }),
    generateInviteCode: build.mutation<
      GenerateInviteCodeApiResponse,
      GenerateInviteCodeApiArg
    >({
      query: (queryArg) => ({
        url: `/api/healthcheck/inviteCode`,
        method: "POST",
        body: queryArg.inviteCodeBody,
      }),
    }),
    getOrganisationalResult: build.mutation<
      GetOrganisationalResultApiResponse,
      GetOrganisationalResultApiArg
    >({
      query: (queryArg) => ({
        url: `/api/healthcheck/organisationalResult`,
        method: "POST",
        body: queryArg.resultBody,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetActiveQuestionnairesApiResponse = unknown;
export type GetActiveQuestionnairesApiArg = void;
export type GetOrganisationHealthChecksApiResponse = unknown;
export type GetOrganisationHealthChecksApiArg = {
  /** Staff 1 (default) or Students 2. */
  questionnaireTypeId?: number;
};
export type GenerateInviteCodeApiResponse = unknown;
export type GenerateInviteCodeApiArg = {
  inviteCodeBody: InviteCodeBody;
};
export type GetOrganisationalResultApiResponse = unknown;
export type GetOrganisationalResultApiArg = {
  resultBody: ResultBody;
};
export type ErrorItem = {
  /** The field or parameter at fault (`boundaryId`, `email`), or the kind of failure:
    `not_found`, `permission`, `csrf`, `conflict`, `unavailable`, `internal`. */
  code: string;
  /** The same text as `message`. */
  description: string;
};
export type ErrorBody = {
  /** One entry per problem (empty on a 409 that names the current state instead). */
  errors: ErrorItem[];
  /** What went wrong, for people, in the specification's wording. */
  message: string;
  /** Always `false`. */
  success: boolean;
};
export type InviteCodeBody = {
  /** Start of the period (RFC 3339); now when absent. The period ends with its quarter. */
  EffectiveFrom?: string | null;
  /** Expected responses: a whole number of at least 1 (admin spec §5). */
  ExpectedResponses: any;
  /** Organisation (WorldOfImpactAdmin, or HealthCheckAdmin of no organisation); the caller's
    own otherwise. */
  OrganisationId?: string | null;
  /** Questionnaire version id (`staff-v1`). */
  QuestionnaireId: string;
};
export type ResultBody = {
  /** Health check id. */
  HealthCheckId: string;
  /** Staff 1 or Students 2. */
  QuestionnaireTypeId?: number | null;
};
export const {
  useGetActiveQuestionnairesQuery,
  useGetOrganisationHealthChecksQuery,
  useGenerateInviteCodeMutation,
  useGetOrganisationalResultMutation,
} = injectedRtkApi;
