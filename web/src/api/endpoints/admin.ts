import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMailStatus: build.query<GetMailStatusApiResponse, GetMailStatusApiArg>({
      query: () => ({ url: `/api/admin/mail` }),
    }),
    getAdminDashboard: build.query<
      GetAdminDashboardApiResponse,
      GetAdminDashboardApiArg
    >({
      query: () => ({
        url: `/api/healthcheck/getAdminDashboard`,
        method: "POST",
      }),
    }),
    getSummarisedHealthCheck: build.query<
      GetSummarisedHealthCheckApiResponse,
      GetSummarisedHealthCheckApiArg
    >({
      query: () => ({ url: `/api/healthcheck/getSummarisedHealthCheck` }),
    }),
    getOrganisation: build.query<
      GetOrganisationApiResponse,
      GetOrganisationApiArg
    >({
      query: (queryArg) => ({
        url: `/api/healthcheck/organisation/${queryArg.id}`,
      }),
    }),
    getOrganisationHistory: build.query<
      GetOrganisationHistoryApiResponse,
      GetOrganisationHistoryApiArg
    >({
      query: (queryArg) => ({
        url: `/api/healthcheck/organisation/${queryArg.id}/history`,
        params: {
          format: queryArg.format,
        },
      }),
    }),
    searchOrganisations: build.query<
      SearchOrganisationsApiResponse,
      SearchOrganisationsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/healthcheck/searchOrganisations`,
        method: "POST",
        body: queryArg.searchBody,
      }),
    }),
    verifyOrganisation: build.mutation<
      VerifyOrganisationApiResponse,
      VerifyOrganisationApiArg
    >({
      query: (queryArg) => ({
        url: `/api/healthcheck/verify`,
        method: "POST",
        body: queryArg.verifyBody,
      }),
    }),
    addGroup: build.mutation<AddGroupApiResponse, AddGroupApiArg>({
      query: (queryArg) => ({
        url: `/api/security/AddGroup`,
        method: "POST",
        body: queryArg.groupBody,
      }),
    }),
    addGroupActions: build.mutation<
      AddGroupActionsApiResponse,
      AddGroupActionsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/security/addGroupActions`,
        method: "POST",
        body: queryArg.groupBody,
      }),
    }),
    createNewUser: build.mutation<
      CreateNewUserApiResponse,
      CreateNewUserApiArg
    >({
      query: (queryArg) => ({
        url: `/api/security/createNewUser`,
        method: "POST",
        body: queryArg.userForm,
      }),
    }),
    deleteGroup: build.mutation<DeleteGroupApiResponse, DeleteGroupApiArg>({
      query: (queryArg) => ({
        url: `/api/security/deleteGroup`,
        method: "DELETE",
        params: {
          groupId: queryArg.groupId,
        },
      }),
    }),
    deleteGroupActions: build.mutation<
      DeleteGroupActionsApiResponse,
      DeleteGroupActionsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/security/deleteGroupActions`,
        method: "DELETE",
        body: queryArg.groupBody,
      }),
    }),
    deleteUser: build.mutation<DeleteUserApiResponse, DeleteUserApiArg>({
      query: (queryArg) => ({
        url: `/api/security/deleteUser`,
        method: "DELETE",
        params: {
          stakeholderId: queryArg.stakeholderId,
        },
      }),
    }),
    editUserDetails: build.mutation<
      EditUserDetailsApiResponse,
      EditUserDetailsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/security/editUserDetails`,
        method: "PUT",
        body: queryArg.userForm,
        params: {
          stakeholderId: queryArg.stakeholderId,
        },
      }),
    }),
    eraseUser: build.mutation<EraseUserApiResponse, EraseUserApiArg>({
      query: (queryArg) => ({
        url: `/api/security/eraseUser`,
        method: "POST",
        params: {
          stakeholderId: queryArg.stakeholderId,
        },
      }),
    }),
    getAllActions: build.query<GetAllActionsApiResponse, GetAllActionsApiArg>({
      query: () => ({ url: `/api/security/getAllActions` }),
    }),
    getAllUsers: build.query<GetAllUsersApiResponse, GetAllUsersApiArg>({
      query: () => ({ url: `/api/security/getAllUsers` }),
    }),
    getGroupActions: build.mutation<
      GetGroupActionsApiResponse,
      GetGroupActionsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/security/getGroupActions`,
        method: "POST",
        body: queryArg.groupIdBody,
      }),
    }),
    getGroups: build.query<GetGroupsApiResponse, GetGroupsApiArg>({
      query: (queryArg) => ({
        url: `/api/security/getGroups`,
        params: {
          groupId: queryArg.groupId,
        },
      }),
    }),
    getLocalMunicipalities: build.query<
      GetLocalMunicipalitiesApiResponse,
      GetLocalMunicipalitiesApiArg
    >({
      query: () => ({ url: `/api/security/getLocalMunicipalities` }),
    }),
    getOrganisations: build.query<
      GetOrganisationsApiResponse,
      GetOrganisationsApiArg
    >({
      query: () => ({ url: `/api/security/getOrganisations` }),
    }),
    getUserDetails: build.query<
      GetUserDetailsApiResponse,
      GetUserDetailsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/security/getUserDetails`,
        params: {
          stakeholderId: queryArg.stakeholderId,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetMailStatusApiResponse =
  /** status 200 Outbox counts and newest messages */ MailStatus;
export type GetMailStatusApiArg = void;
export type GetAdminDashboardApiResponse =
  /** status 200 The counts, as a list of one */ AdminDashboard[];
export type GetAdminDashboardApiArg = void;
export type GetSummarisedHealthCheckApiResponse =
  /** status 200 Participation per questionnaire version */ QuestionnaireSummaries;
export type GetSummarisedHealthCheckApiArg = void;
export type GetOrganisationApiResponse =
  /** status 200 The application */ OrganisationApplicationAnswer;
export type GetOrganisationApiArg = {
  /** Organisation id */
  id: string;
};
export type GetOrganisationHistoryApiResponse =
  /** status 200 Every event of the organisation and its designated person: JSON, or CSV with format=csv */ OrganisationHistory;
export type GetOrganisationHistoryApiArg = {
  /** Organisation id */
  id: string;
  format?: string;
};
export type SearchOrganisationsApiResponse =
  /** status 200 One page of applications */ OrganisationPage;
export type SearchOrganisationsApiArg = {
  searchBody: SearchBody;
};
export type VerifyOrganisationApiResponse = /** status 200 Decided */ Done;
export type VerifyOrganisationApiArg = {
  verifyBody: VerifyBody;
};
export type AddGroupApiResponse = /** status 200 Created */ GroupCreated;
export type AddGroupApiArg = {
  groupBody: GroupBody;
};
export type AddGroupActionsApiResponse =
  /** status 200 Updated */ GroupActionsChanged;
export type AddGroupActionsApiArg = {
  groupBody: GroupBody;
};
export type CreateNewUserApiResponse = /** status 200 Created */ UserCreated;
export type CreateNewUserApiArg = {
  userForm: UserForm;
};
export type DeleteGroupApiResponse = /** status 200 Deleted */ Done;
export type DeleteGroupApiArg = {
  /** The group id: required, a whole number ("groupId must be a whole number."). */
  groupId: number;
};
export type DeleteGroupActionsApiResponse =
  /** status 200 Updated */ GroupActionsChanged;
export type DeleteGroupActionsApiArg = {
  groupBody: GroupBody;
};
export type DeleteUserApiResponse = /** status 200 Deleted */ Done;
export type DeleteUserApiArg = {
  /** The user id (required: "stakeholderId is required."). */
  stakeholderId: string;
};
export type EditUserDetailsApiResponse = /** status 200 Updated */ Saved;
export type EditUserDetailsApiArg = {
  /** The user id (required: "stakeholderId is required."). */
  stakeholderId: string;
  userForm: UserForm;
};
export type EraseUserApiResponse =
  /** status 200 Erased (or already erased) */ EraseAnswer;
export type EraseUserApiArg = {
  /** The user id (required: "stakeholderId is required."). */
  stakeholderId: string;
};
export type GetAllActionsApiResponse =
  /** status 200 Every action */ SecurityAction[];
export type GetAllActionsApiArg = void;
export type GetAllUsersApiResponse =
  /** status 200 Users with their groups */ UserSummary[];
export type GetAllUsersApiArg = void;
export type GetGroupActionsApiResponse =
  /** status 200 The group's actions */ SecurityAction[];
export type GetGroupActionsApiArg = {
  groupIdBody: GroupIdBody;
};
export type GetGroupsApiResponse =
  /** status 200 Groups with their actions */ Group[];
export type GetGroupsApiArg = {
  /** A group id: a whole number ("groupId must be a whole number."). */
  groupId?: number;
};
export type GetLocalMunicipalitiesApiResponse =
  /** status 200 Every local municipality, by province, district and name */ Municipality[];
export type GetLocalMunicipalitiesApiArg = void;
export type GetOrganisationsApiResponse =
  /** status 200 Every organisation, by name */ Company[];
export type GetOrganisationsApiArg = void;
export type GetUserDetailsApiResponse =
  /** status 200 One user */ UserAccountDetails;
export type GetUserDetailsApiArg = {
  /** The user id (required: "stakeholderId is required."). */
  stakeholderId: string;
};
export type MailStatusRow = {
  /** Tries so far. */
  attempts: number;
  /** Event that called for the message. */
  eventType: string;
  /** `<aggregate_type>/<aggregate id, or the user id for accounts>/<sequence>/<template>`. */
  idempotencyKey: string;
  /** Last SMTP or lookup error, if any. */
  lastError?: string | null;
  /** Next try (pending rows). */
  nextAttemptAt: string;
  /** When the message was queued. */
  queuedAt: string;
  /** When it was sent. */
  sentAt?: string | null;
  /** `pending`, `sent` or `failed`. */
  status: string;
  /** Template (`welcome`, `rejection`, `invitation`). */
  template: string;
};
export type MailStatus = {
  /** Events read by the worker so far. */
  eventsRead: number;
  /** Messages given up after [`MAX_ATTEMPTS`] tries. */
  failed: number;
  /** The newest 100 messages. */
  messages: MailStatusRow[];
  /** Messages waiting (including retries). */
  pending: number;
  /** Messages sent. */
  sent: number;
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
export type AdminDashboard = {
  /** Responses over current survey periods. */
  actualResponses: number;
  /** Approved organisations. */
  approvedOrganisationsCount: number;
  /** True when a survey figure includes example data. */
  example: boolean;
  /** Expected responses over current survey periods. */
  expectedResponses: number;
  /** Organisations with a response in a current survey period. */
  healthCheckParticipants: number;
  /** Applications in progress. */
  inProgressCount: number;
  /** The latest status change of an application; null before any. */
  lastUpdatedOrganisationDate: string | null;
  /** The latest survey link or response; null before any. */
  lastUpdatedQuestionnaireDate: string | null;
};
export type QuestionnaireSummary = {
  /** Start of its active dates. */
  effectiveFrom: string;
  /** End of its active dates. */
  effectiveTo: string;
  /** True when the figures include example data. */
  example: boolean;
  /** The questionnaire version id (the same as `questionnaireId`). */
  healthCheckId: string;
  /** The latest link's invite code; null before any. */
  inviteCode: string | null;
  /** True before `effectiveTo`. */
  isCurrent: boolean;
  /** Its title. */
  questionnaireDescription: string;
  /** The questionnaire version id. */
  questionnaireId: string;
  /** "Staff" or "Students". */
  questionnaireType: string;
  /** Staff 1 or Students 2. */
  questionnaireTypeId: number;
  /** Responses over its survey periods. */
  totalActualResponses: number;
  /** Expected responses over its survey periods. */
  totalExpectedResponses: number;
  /** Approved organisations it is offered to. */
  totalOrganisations: number;
  /** Organisations with at least one response. */
  totalParticipatedOrganisations: number;
};
export type QuestionnaireSummaries = {
  /** Per questionnaire version, newest first per type. */
  data: QuestionnaireSummary[];
  /** Always `true`. */
  success: boolean;
};
export type OrganisationApplication = {
  /** Street number and name. */
  addressLine1: string;
  /** Suburb, city and postal code. */
  addressLine2: string;
  /** District name. */
  district: string | null;
  /** Their e-mail address; null once erased. */
  email: string | null;
  /** Their job role, if chosen. */
  jobRole: string | null;
  /** Local municipality name. */
  localMunicipality: string | null;
  /** Members in the organisation. */
  membersInOrganisation: number;
  /** The designated person's name ("Erased person" once erased). */
  name: string;
  /** Its branch, if given. */
  organisationBranch: string | null;
  /** Its name. */
  organisationName: string;
  /** Its type's name. */
  organisationType: string | null;
  /** Its type id. */
  organisationTypeId: number;
  /** True when approved. */
  organisationVerified: boolean;
  /** Their mobile number, if any. */
  phone: string | null;
  /** Province name. */
  province: string | null;
  /** The organisation id (UUID). */
  stakeholderId: string;
  /** When the status last changed. */
  statusDate: string;
  /** The designated person's title, if chosen. */
  title: string | null;
  /** The status's name. */
  verificationStatus: string;
  /** 1 In Progress, 2 Rejected, 3 Approved. */
  verificationStatusId: number;
  /** Events of the organisation so far (for the decision's `ExpectedStatusId` check). */
  version: number;
};
export type OrganisationApplicationAnswer = {
  /** The application. */
  data: OrganisationApplication;
  /** Always `true`. */
  success: boolean;
};
export type HistoryEntry = {
  /** Who did it: `user:<id>`, `operator`, `system`, …. */
  actor: string;
  /** The actor's name ("Erased person" once erased), or `actor` when not a person. */
  actorName: string;
  /** `organisation` or `user`. */
  aggregate: string;
  /** When it was written (server clock, UTC). */
  at: string;
  /** The event's payload as stored, upcast to its current version (names, e-mail addresses
    and numbers are not in it: they live in the person table). */
  payload: object;
  /** The event's sequence within its aggregate. */
  sequence: number;
  /** Through what: `http:POST /api/…`, `cli:…`. */
  source?: string | null;
  /** One line for people. */
  summary: string;
  /** The event type (`OrganisationApproved`, …). */
  type: string;
};
export type HistorySealAnswer = {
  /** With `mismatch`: which event, in one sentence. */
  message: string | null;
  /** With `sealed`: the time up to which the log is sealed and verified (RFC 3339). */
  sealedUpTo: string | null;
  /** `sealed` (every event matches and is under a signed checkpoint), `pending` (the newest
    events are not sealed yet: the sealer works after commit, within seconds) or
    `mismatch` (an event no longer matches its seal). */
  status: string;
};
export type OrganisationHistory = {
  /** Every event of the organisation and of its designated person's account, in commit
    order. */
  data: HistoryEntry[];
  /** Whether these events match the tamper-evident seal of the log (docs/operations.md
    "Auditing"). */
  seal: HistorySealAnswer;
  /** Always `true`. */
  success: boolean;
};
export type OrganisationRow = {
  /** True for the shipped example organisations. */
  example: boolean;
  /** Its name. */
  organisationName: string;
  /** The designated person's name ("Erased person" once erased; empty without one). */
  receivedFrom: string;
  /** When it registered. */
  receivedOn: string;
  /** The organisation id (UUID). */
  stakeholderId: string;
  /** When the status last changed. */
  statusDate: string;
  /** The status's name. */
  verificationStatus: string;
  /** 1 In Progress, 2 Rejected, 3 Approved. */
  verificationStatusId: number;
};
export type OrganisationPage = {
  /** The page's rows. */
  data: OrganisationRow[];
  /** The page number, from 1. */
  pageNumber: number;
  /** Rows per page (1–200). */
  pageSize: number;
  /** Always `true`. */
  success: boolean;
  /** Rows over every page. */
  totalCount: number;
};
export type SearchBody = {
  OrganisationName?: string | null;
  pageNumber?: number | null;
  pageSize?: number | null;
  sort?: string | null;
  /** 1 In Progress, 2 Rejected, 3 Approved; null for all. */
  statusId?: number | null;
};
export type Done = {
  /** The confirmation, for people. */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type VerifyBody = {
  EmailTemplateType?: number | null;
  ExpectedStatusId?: number | null;
  RejectedReasons?: string | null;
  StakeholderId: string;
  /** Rejected 2 or Approved 3. */
  VerificationStatusId: 2 | 3;
};
export type GroupCreated = {
  /** The new group's id. */
  groupId: number;
  /** "Group created successfully.". */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type KnownActionId =
  | 5
  | 6
  | 7
  | 8
  | 9
  | 10
  | 11
  | 12
  | 13
  | 14
  | 15
  | 16
  | 17
  | 18
  | 19
  | 20
  | 21
  | 22
  | 23
  | 24
  | 25
  | 26
  | 27
  | 28
  | 29
  | 30
  | 31
  | 32
  | 33
  | 34
  | 35
  | 36;
export type GroupBody = {
  GroupId?: number | null;
  /** The group's name (AddGroup: required, unique, at most 100 characters). */
  GroupName?: string | null;
  UserActions?: KnownActionId[];
};
export type SecurityAction = {
  /** Its name ("ViewOrganisations"); null for an id the list does not know. */
  action: string | null;
  /** The action id (admin spec §3). */
  actionId: number;
  /** Its name in words ("View organisations"); null like `action`. */
  description: string | null;
};
export type GroupActionsChanged = {
  /** The group's actions now. */
  actionList: SecurityAction[];
  /** "Group actions updated successfully.". */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type UserCreated = {
  /** Always empty. */
  errors: ErrorItem[];
  /** "User created successfully.". */
  message: string;
  /** The new user id (UUID). */
  stakeholderId: string;
  /** Always `true`. */
  success: boolean;
};
export type ContactForm = {
  contactTypeId: number;
  detail?: string;
};
export type RelationshipForm = {
  /** A Building Block Coordinator's municipality (a municipality's designated person). */
  municipalityId?: number | null;
  /** A Building Block Coordinator's province (a province's designated person). */
  provinceId?: number | null;
  stakeholderRelationshipTypeId: number;
};
export type UserForm = {
  companyId?: string | null;
  contacts?: ContactForm[];
  groupIds?: number[];
  /** Full name: letters, spaces, . ' - (at most 100 characters; the pattern lists the Latin
    letters South African languages are written in, the server accepts any alphabetic
    character). */
  name: string;
  /** Job role id (reference list). */
  roleId: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
  stakeholderRelationships?: RelationshipForm[];
  /** Title id (reference list). */
  titleId: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
};
export type Saved = {
  /** Always empty. */
  errors: ErrorItem[];
  /** The confirmation, for people. */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type EraseAnswer = {
  /** "User erased successfully." or "This user was already erased.". */
  message: string;
  /** Always true on 200. */
  success: boolean;
};
export type GroupRef = {
  /** The group's name. */
  description: string;
  /** The group id. */
  groupId: number;
};
export type UserSummary = {
  /** First and last name. */
  displayName: string;
  /** True for the shipped example accounts. */
  example: boolean;
  /** Its live groups, by name. */
  groups: GroupRef[];
  /** The user id (UUID). */
  stakeholderId: string;
  /** The e-mail address. */
  username: string;
};
export type GroupIdBody = {
  groupId: number;
};
export type Group = {
  /** Its action ids, ascending. */
  actions: number[];
  /** The group's name. */
  description: string;
  /** The group id. */
  groupId: number;
};
export type Municipality = {
  /** Its district's boundary id (a metropolitan municipality is its own district). */
  districtId?: number | null;
  /** Its district's name. */
  districtName?: string | null;
  /** Its name. */
  name: string;
  /** Its province's boundary id. */
  provinceId?: number | null;
  /** Its province's name. */
  provinceName?: string | null;
  /** Its boundary id. */
  stakeholderId: number;
};
export type Company = {
  /** Its name. */
  organisationName: string;
  /** The organisation id (UUID). */
  stakeholderId: string;
};
export type UserContact = {
  /** 1 e-mail, 2 mobile number, 3 alternative number. */
  contactTypeId: number;
  /** The address or number. */
  detail: string;
};
export type StakeholderRelationship = {
  /** The municipality's or province's name; null without either. */
  description: string | null;
  /** The coordinator's municipality (boundary id); null for a contact person and for a
    province's designated person's province. */
  municipalityId: number | null;
  /** The coordinator's province (boundary id) when a province is assigned (a province's
    designated person); otherwise null. */
  provinceId: number | null;
  /** "Contact Person" or "Building Block Coordinator". */
  relationshipType: string;
  /** 1 Contact Person, 6 Building Block Coordinator. */
  stakeholderRelationshipTypeId: number;
};
export type UserAccountDetails = {
  /** The organisation id, if any. */
  companyId: string | null;
  /** The organisation's name, if any. */
  companyName: string | null;
  /** E-mail first, then the numbers the account has. */
  contacts: UserContact[];
  /** Group ids, ascending. */
  groupIds: number[];
  /** First and last name. */
  name: string;
  /** Job role id (reference list), if chosen. */
  roleId: number | null;
  /** The user id (UUID). */
  stakeholderId: string;
  /** Its relationships. */
  stakeholderRelationships: StakeholderRelationship[];
  /** Title id (reference list), if chosen. */
  titleId: number | null;
};
export const {
  useGetMailStatusQuery,
  useGetAdminDashboardQuery,
  useGetSummarisedHealthCheckQuery,
  useGetOrganisationQuery,
  useGetOrganisationHistoryQuery,
  useSearchOrganisationsQuery,
  useVerifyOrganisationMutation,
  useAddGroupMutation,
  useAddGroupActionsMutation,
  useCreateNewUserMutation,
  useDeleteGroupMutation,
  useDeleteGroupActionsMutation,
  useDeleteUserMutation,
  useEditUserDetailsMutation,
  useEraseUserMutation,
  useGetAllActionsQuery,
  useGetAllUsersQuery,
  useGetGroupActionsMutation,
  useGetGroupsQuery,
  useGetLocalMunicipalitiesQuery,
  useGetOrganisationsQuery,
  useGetUserDetailsQuery,
} = injectedRtkApi;
