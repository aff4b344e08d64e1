import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChallengeCard: build.query<
      GetChallengeCardApiResponse,
      GetChallengeCardApiArg
    >({
      query: (queryArg) => ({
        url: `/api/CollectiveAction/getCollectiveActionDetailsByStakeholderId`,
        params: {
          stakeholderId: queryArg.stakeholderId,
        },
      }),
    }),
    getActionsByBoundary: build.query<
      GetActionsByBoundaryApiResponse,
      GetActionsByBoundaryApiArg
    >({
      query: (queryArg) => ({
        url: `/api/CollectiveAction/getCollectiveActionsByBoundary`,
        params: {
          boundaryId: queryArg.boundaryId,
        },
      }),
    }),
    recordChallenge: build.mutation<
      RecordChallengeApiResponse,
      RecordChallengeApiArg
    >({
      query: (queryArg) => ({
        url: `/api/admin/challenges`,
        method: "POST",
        body: queryArg.recordChallenge,
      }),
    }),
    completeChallenge: build.mutation<
      CompleteChallengeApiResponse,
      CompleteChallengeApiArg
    >({
      query: (queryArg) => ({
        url: `/api/admin/challenges/${queryArg.id}/complete`,
        method: "POST",
      }),
    }),
    reportChallengeResult: build.mutation<
      ReportChallengeResultApiResponse,
      ReportChallengeResultApiArg
    >({
      query: (queryArg) => ({
        url: `/api/admin/challenges/${queryArg.id}/result`,
        method: "POST",
        body: queryArg.reportBody,
      }),
    }),
    getActionsGeomarkers: build.query<
      GetActionsGeomarkersApiResponse,
      GetActionsGeomarkersApiArg
    >({
      query: (queryArg) => ({
        url: `/api/geography/actionsGeomarker/${queryArg.componentId}/${queryArg.boundaryId}`,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetChallengeCardApiResponse = unknown;
export type GetChallengeCardApiArg = {
  /** The pin's `stakeholder`: the boundary id of the municipality (or district) the
    challenges are placed in. */
  stakeholderId: number;
};
export type GetActionsByBoundaryApiResponse = unknown;
export type GetActionsByBoundaryApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type RecordChallengeApiResponse = unknown;
export type RecordChallengeApiArg = {
  recordChallenge: RecordChallenge;
};
export type CompleteChallengeApiResponse = unknown;
export type CompleteChallengeApiArg = {
  /** collectiveActionId */
  id: string;
};
export type ReportChallengeResultApiResponse = unknown;
export type ReportChallengeResultApiArg = {
  /** collectiveActionId */
  id: string;
  reportBody: ReportBody;
};
export type GetActionsGeomarkersApiResponse = unknown;
export type GetActionsGeomarkersApiArg = {
  /** 4 (collective action) */
  componentId: number;
  /** boundary */
  boundaryId: number;
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
export type RecordChallenge = {
  /** The municipality (boundary id of level municipality or district). */
  boundaryId: number;
  /** `collectiveActionTypeId` 1..=5. */
  collectiveActionTypeId: number;
  /** `cycleId`. */
  cycleId: number;
  /** Goal. */
  description?: string;
  /** Team name. */
  name: string;
  /** Pillar 1..=6, or absent for "Pillar not stated". */
  pillarId?: number | null;
  /** Where the facts come from (optional for an administrator's own record). */
  sourceUrl?: string;
  /** First day, `YYYY-MM-DD`. */
  validFrom: string;
  /** Last day, `YYYY-MM-DD`. */
  validTo: string;
};
export type ReportBody = {
  /** The result. */
  outcome: string;
  /** Where it was reported (optional). */
  sourceUrl?: string;
};
export const {
  useGetChallengeCardQuery,
  useGetActionsByBoundaryQuery,
  useRecordChallengeMutation,
  useCompleteChallengeMutation,
  useReportChallengeResultMutation,
  useGetActionsGeomarkersQuery,
} = injectedRtkApi;
