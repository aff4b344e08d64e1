import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSurvey: build.query<GetSurveyApiResponse, GetSurveyApiArg>({
      query: (queryArg) => ({
        url: `/api/healthcheck/survey`,
        params: {
          inviteCode: queryArg.inviteCode,
          Preview: queryArg.preview,
        },
      }),
    }),
    submitSurvey: build.mutation<SubmitSurveyApiResponse, SubmitSurveyApiArg>({
      query: (queryArg) => ({
        url: `/api/healthcheck/survey`,
        method: "POST",
        body: queryArg.submitBody,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetSurveyApiResponse = unknown;
export type GetSurveyApiArg = {
  /** The invite code of the link. */
  inviteCode: string;
  /** `true`: show the questions without recording (admin spec §2 "Survey preview"). */
  preview?: boolean;
};
export type SubmitSurveyApiResponse =
  /** status 200 Thank you. Your response has been recorded. */ Done;
export type SubmitSurveyApiArg = {
  submitBody: SubmitBody;
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
export type Done = {
  /** The confirmation, for people. */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type AnswerBody = {
  /** Chosen answer ids (one for SingleChoice). */
  PossibleAnswerIds: number[];
  /** Question id. */
  QuestionId: string;
};
export type SubmitBody = {
  /** Answers; questions may be skipped. */
  Answers: AnswerBody[];
  /** The invite code of the link. */
  InviteCode: string;
};
export const { useGetSurveyQuery, useSubmitSurveyMutation } = injectedRtkApi;
