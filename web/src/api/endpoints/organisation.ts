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
    getOrganisationalResult: build.query<
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
export type GetActiveQuestionnairesApiResponse =
  /** status 200 Every published version */ QuestionnaireVersions;
export type GetActiveQuestionnairesApiArg = void;
export type GetOrganisationHealthChecksApiResponse =
  /** status 200 The organisation's survey periods */ OrganisationHealthChecksAnswer;
export type GetOrganisationHealthChecksApiArg = {
  /** Staff 1 (default) or Students 2. */
  questionnaireTypeId?: number;
};
export type GenerateInviteCodeApiResponse =
  /** status 200 Survey link generated successfully */ SurveyLink;
export type GenerateInviteCodeApiArg = {
  inviteCodeBody: InviteCodeBody;
};
export type GetOrganisationalResultApiResponse =
  /** status 200 The results */ OrganisationalResultAnswer;
export type GetOrganisationalResultApiArg = {
  resultBody: ResultBody;
};
export type QuestionnaireVersion = {
  /** Its title. */
  description: string;
  /** Start of its active dates. */
  effectiveFrom: string;
  /** End of its active dates. */
  effectiveTo: string;
  /** True before `effectiveTo`: links can be generated. */
  isActive: boolean;
  /** Its id (`staff-v1`). */
  questionnaireId: string;
  /** "Staff" or "Students". */
  questionnaireType: string;
  /** Staff 1 or Students 2. */
  questionnaireTypeId: number;
  /** Version number. */
  version: number;
};
export type QuestionnaireVersions = {
  /** Newest version first, per type. */
  data: QuestionnaireVersion[];
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
export type ReleasePrivacy = {
  /** ε per question and respondent, over all releases of the survey period. */
  epsilonPerQuestion: number;
  /** The mechanism and its budget. */
  mechanism: string;
  /** For people. */
  note: string;
};
export type AnswerDistribution = {
  /** Its text. */
  description: string;
  /** Percentage of the question's respondents (0–100, two decimals); null when suppressed. */
  distributionValue: number | null;
  /** Answer id. */
  possibleAnswerId: number;
  /** Its maturity score. */
  score: number;
  /** True for a demographic answer chosen by fewer than 5 respondents (or withheld so that
    such an answer cannot be worked out from the others): its share is not shown. */
  suppressed: boolean;
};
export type PaletteEntry = {
  /** Colour (`#rrggbb`). */
  color: string;
  /** The answer's text. */
  description: string;
  /** Answer id. */
  id: number;
  /** Percentage with two decimals, as text ("12.50"); null when suppressed. */
  percentage: string | null;
};
export type QuestionResult = {
  /** Every answer with its share. */
  answers: AnswerDistribution[];
  /** Its text. */
  description: string;
  /** The chart's slices. */
  palette: PaletteEntry[];
  /** Question id. */
  questionId: string;
  /** "SingleChoice" or "MultipleChoice". */
  questionType: string;
  /** 3 single choice, 4 multiple choice. */
  questionTypeId: number;
  /** People who answered it, as released (with the release's noise; never the exact count). */
  respondents: number;
  /** Chart type name ("PieChart", ...). */
  visualizeTypeDescription: string;
  /** Chart type id. */
  visualizeTypeId: number;
};
export type CategoryResult = {
  /** Its score in percent; null when it has no scored answers. */
  categoryScore: number | null;
  /** Its name. */
  description: string;
  /** True for the categories the dashboard shows (1, 2, 3, 5). */
  isInDashboard: boolean;
  /** 1 Behaviours, 2 Practices, 3 Policies, 4 General, 5 Demographic. */
  questionCategoryId: number;
  /** Its questions. */
  questions: QuestionResult[];
};
export type ResponseBand = {
  /** The band's lowest count (for a progress bar). */
  atLeast: number;
  /** The band: "0", "1–4", "5–9", "10–19", "20–49", "50–99", "100–199", "200–499", "500–999"
    or "1000 or more". */
  band: string;
};
export type OrganisationHealthCheck = {
  /** True when the link has taken `responseCap` responses and refuses more. */
  capReached: boolean;
  /** Start of the period. */
  effectiveFrom: string;
  /** End of the period. */
  effectiveTo: string;
  /** True when the figures include example data. */
  example: boolean;
  /** Expected responses. */
  expectedResponses: number;
  /** The survey period's id. */
  healthCheckId: string;
  /** The invite code; null without AddSurveyLink or SetSurveyEffectiveDate. */
  inviteCode: string | null;
  /** True while the period is open. */
  isCurrent: boolean;
  /** Why results are not shown; null when they are. */
  message: string | null;
  /** Overall maturity in percent; null when not available. */
  overallMaturity: number | null;
  /** How the figures are protected (differential privacy). */
  privacy: ReleasePrivacy;
  /** Behaviours, Practices, Policies and Demographic results; empty below 5 responses. */
  questionCategories: CategoryResult[];
  /** "<questionnaire> — <year> Q<quarter>". */
  questionnaire: string;
  /** Questionnaire version id. */
  questionnaireId: string;
  /** "Staff" or "Students". */
  questionnaireType: string;
  /** Staff 1 or Students 2. */
  questionnaireTypeId: number;
  /** Questionnaire version number. */
  questionnaireVersion: number;
  /** Most responses the link takes: the expected responses plus a margin of a tenth, at
    least 5 (`response_cap`). */
  responseCap: number;
  /** Responses so far, as a band: the exact count is not shown, so that nobody who sent
    some of the responses can count the others. */
  responses: ResponseBand;
  /** False below 5 responses. */
  resultsAvailable: boolean;
  /** The short code a respondent types on any phone instead of the link (USSD, decision
    0168), 12 digits; null like `inviteCode`, and while the USSD survey is off. */
  shortCode: string | null;
  /** The link; null like `inviteCode`. */
  url: string | null;
  /** What a respondent dials for it (`*120*4321*123456789012#`); null like `shortCode`. */
  ussdDial: string | null;
};
export type OrganisationHealthChecks = {
  /** The organisation id. */
  organisationId: string;
  /** Its name. */
  organisationName: string;
  /** Its type id. */
  organisationTypeId: number;
  /** Its survey periods, newest first. */
  questionnaires: OrganisationHealthCheck[];
  /** True for higher education institutions (type 4), which are offered the Students survey. */
  studentsOffered: boolean;
  /** 1 In Progress (the application awaits an administrator's decision), 2 Rejected,
    3 Approved (admin spec §3): the screen says "awaiting approval" before it offers a form. */
  verificationStatusId: number;
};
export type OrganisationHealthChecksAnswer = {
  /** The organisation and its periods. */
  data: OrganisationHealthChecks;
  /** Always `true`. */
  success: boolean;
};
export type SurveyLink = {
  /** The survey period's id. */
  healthCheckId: string;
  /** The invite code in the link. */
  inviteCode: string;
  /** "Survey link generated successfully" (admin spec §8, spelling corrected: decision 0133). */
  message: string;
  /** The short code a respondent types on any phone (USSD, decision 0168); null while the
    USSD survey is off. */
  shortCode: string | null;
  /** Always `true`. */
  success: boolean;
  /** The link respondents open. */
  url: string;
  /** What a respondent dials for it; null like `shortCode`. */
  ussdDial: string | null;
};
export type InviteCodeBody = {
  /** Start of the period (RFC 3339); now when absent. The period ends with its quarter. */
  EffectiveFrom?: string | null;
  /** Expected responses: a whole number of at least 1 (admin spec §5). */
  ExpectedResponses: number;
  /** Organisation (WorldOfImpactAdmin, or HealthCheckAdmin of no organisation); the caller's
    own otherwise. */
  OrganisationId?: string | null;
  /** Questionnaire version id (`staff-v1`). */
  QuestionnaireId: string;
};
export type OrganisationalResult = {
  /** True when the figures include example data. */
  example: boolean;
  /** Expected responses. */
  expectedResponses: number;
  /** The survey period's id. */
  healthCheckId: string;
  /** Why results are not shown; null when they are. */
  message: string | null;
  /** Overall maturity in percent; null when not available. */
  overallMaturity: number | null;
  /** How the figures are protected (differential privacy). */
  privacy: ReleasePrivacy;
  /** Every category's results; empty below 5 responses. */
  questionCategories: CategoryResult[];
  /** "<questionnaire> — <year> Q<quarter>". */
  questionnaire: string;
  /** Questionnaire version id. */
  questionnaireId: string;
  /** "Staff" or "Students". */
  questionnaireType: string;
  /** Staff 1 or Students 2. */
  questionnaireTypeId: number;
  /** Questionnaire version number. */
  questionnaireVersion: number;
  /** Responses so far, as a band (admin spec §3 names an exact `actualResponeses`; it is not
    shown, so that nobody who sent some of the responses can count the others). */
  responses: ResponseBand;
  /** False below 5 responses. */
  resultsAvailable: boolean;
};
export type OrganisationalResultAnswer = {
  /** The results. */
  data: OrganisationalResult;
  /** Always `true`. */
  success: boolean;
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
  useGetOrganisationalResultQuery,
} = injectedRtkApi;
