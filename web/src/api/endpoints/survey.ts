import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSurvey: build.query<GetSurveyApiResponse, GetSurveyApiArg>({
      query: (queryArg) => ({
        url: `/api/healthcheck/survey`,
        params: {
          inviteCode: queryArg.inviteCode,
          Preview: queryArg.preview,
          language: queryArg.language,
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
export type GetSurveyApiResponse =
  /** status 200 The questions, by category */ SurveyAnswer;
export type GetSurveyApiArg = {
  /** The invite code of the link. */
  inviteCode: string;
  /** `true`: show the questions without recording (admin spec §2 "Survey preview"). */
  preview?: boolean;
  /** The respondent's language (a BCP 47 tag such as `zu` or `zu-ZA`; its primary subtag
    counts): the questions and answers come in that language when a reviewed translation
    of the questionnaire version into it is offered, else in English
    (docs/decisions/0074-questionnaire-translations.md). */
  language?: string;
};
export type SubmitSurveyApiResponse =
  /** status 200 Thank you. Your response has been recorded. */ Done;
export type SubmitSurveyApiArg = {
  submitBody: SubmitBody;
};
export type SurveyAnswerOption = {
  /** Its text. */
  description: string;
  /** Its id, sent back in `PossibleAnswerIds`. */
  possibleAnswerId: number;
};
export type SurveyQuestion = {
  /** The answers to choose from. */
  answers: SurveyAnswerOption[];
  /** Its text. */
  description: string;
  /** Question id. */
  questionId: string;
  /** "SingleChoice" or "MultipleChoice". */
  questionType: string;
  /** 3 single choice, 4 multiple choice. */
  questionTypeId: number;
};
export type SurveyCategory = {
  /** Its name. */
  description: string;
  /** 1 Behaviours, 2 Practices, 3 Policies, 4 General, 5 Demographic. */
  questionCategoryId: number;
  /** Its questions, in the questionnaire's order. */
  questions: SurveyQuestion[];
};
export type Survey = {
  /** This browser answered this survey already (its response key exists), so it is told
    before answering everything again; always `false` in a preview. Only this browser can
    learn it: the key is an HMAC of its own cookie. */
  alreadyAnswered: boolean;
  /** The link belongs to example data (labelled as such on screen). */
  example: boolean;
  /** Whether the survey period is open now. */
  isOpen: boolean;
  /** The language of the questionnaire's title, questions and answers: the one asked for
    when a reviewed translation into it is offered, else `en`. */
  language: string;
  /** `en` and every language into which this version has a reviewed translation offered. */
  languages: string[];
  /** The organisation the link belongs to (empty when unknown). */
  organisationName: string;
  /** `true` when asked with `Preview=true` (nothing can be recorded). */
  preview: boolean;
  /** Policies, Practices, Behaviours, General, Demographic, in that order; categories
    without questions are left out. */
  questionCategories: SurveyCategory[];
  /** The questionnaire's title. */
  questionnaire: string;
  /** The questionnaire version's id (`staff-v1`). */
  questionnaireId: string;
  /** "Staff" or "Students". */
  questionnaireType: string;
  /** Staff 1 or Students 2. */
  questionnaireTypeId: number;
  /** Its version number. */
  version: number;
};
export type SurveyAnswer = {
  /** The questions. */
  data: Survey;
  /** Always `true`. */
  success: boolean;
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
  /** A key the phone created when the survey started (a UUID): the same key sent again is
    the same response, recorded once and answered 200 each time (a retry after a lost
    answer, a queued response sent from a second tab). Optional. */
  ResponseKey?: string | null;
};
export const { useGetSurveyQuery, useSubmitSurveyMutation } = injectedRtkApi;
