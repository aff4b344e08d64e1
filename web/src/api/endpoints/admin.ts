import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMailStatus: build.query<GetMailStatusApiResponse, GetMailStatusApiArg>({
      query: () => ({ url: `/api/admin/mail` }),
    }),
    getAdminDashboard: build.mutation<
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
    searchOrganisations: build.mutation<
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
export type GetAdminDashboardApiResponse = unknown;
export type GetAdminDashboardApiArg = void;
export type GetSummarisedHealthCheckApiResponse = unknown;
export type GetSummarisedHealthCheckApiArg = void;
export type GetOrganisationApiResponse = unknown;
export type GetOrganisationApiArg = {
  /** Organisation id */
  id: string;
};
export type GetOrganisationHistoryApiResponse = unknown;
export type GetOrganisationHistoryApiArg = {
  /** Organisation id */
  id: string;
  format?: string;
};
export type SearchOrganisationsApiResponse = unknown;
export type SearchOrganisationsApiArg = {
  searchBody: SearchBody;
};
export type VerifyOrganisationApiResponse = unknown;
export type VerifyOrganisationApiArg = {
  verifyBody: VerifyBody;
};
export type AddGroupApiResponse = unknown;
export type AddGroupApiArg = {
  groupBody: GroupBody;
};
export type AddGroupActionsApiResponse = unknown;
export type AddGroupActionsApiArg = {
  groupBody: GroupBody;
};
export type CreateNewUserApiResponse = unknown;
export type CreateNewUserApiArg = {
  userForm: UserForm;
};
export type DeleteGroupApiResponse = unknown;
export type DeleteGroupApiArg = {
  groupId?: string;
};
export type DeleteGroupActionsApiResponse = unknown;
export type DeleteGroupActionsApiArg = {
  groupBody: GroupBody;
};
export type DeleteUserApiResponse = unknown;
export type DeleteUserApiArg = {
  stakeholderId?: string;
};
export type EditUserDetailsApiResponse = unknown;
export type EditUserDetailsApiArg = {
  stakeholderId?: string;
  userForm: UserForm;
};
export type EraseUserApiResponse =
  /** status 200 Erased (or already erased) */ EraseAnswer;
export type EraseUserApiArg = {
  stakeholderId?: string;
};
export type GetAllActionsApiResponse = unknown;
export type GetAllActionsApiArg = void;
export type GetAllUsersApiResponse = unknown;
export type GetAllUsersApiArg = void;
export type GetGroupActionsApiResponse = unknown;
export type GetGroupActionsApiArg = {
  groupIdBody: GroupIdBody;
};
export type GetGroupsApiResponse = unknown;
export type GetGroupsApiArg = {
  groupId?: string;
};
export type GetLocalMunicipalitiesApiResponse = unknown;
export type GetLocalMunicipalitiesApiArg = void;
export type GetOrganisationsApiResponse = unknown;
export type GetOrganisationsApiArg = void;
export type GetUserDetailsApiResponse = unknown;
export type GetUserDetailsApiArg = {
  stakeholderId?: string;
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
export type SearchBody = {
  OrganisationName?: string | null;
  pageNumber?: number | null;
  pageSize?: number | null;
  sort?: string | null;
  statusId?: number | null;
};
export type VerifyBody = {
  EmailTemplateType?: number | null;
  ExpectedStatusId?: number | null;
  RejectedReasons?: string | null;
  StakeholderId: string;
  VerificationStatusId: number;
};
export type GroupBody = {
  GroupId?: number | null;
  GroupName?: string | null;
  UserActions?: number[];
};
export type ContactForm = {
  contactTypeId: number;
  detail?: string;
};
export type RelationshipForm = {
  municipalityId?: number | null;
  stakeholderRelationshipTypeId: number;
};
export type UserForm = {
  companyId?: string | null;
  contacts?: ContactForm[];
  groupIds?: number[];
  name?: string;
  roleId?: number | null;
  stakeholderRelationships?: RelationshipForm[];
  titleId?: number | null;
};
export type EraseAnswer = {
  /** "User erased successfully." or "This user was already erased.". */
  message: string;
  /** Always true on 200. */
  success: boolean;
};
export type GroupIdBody = {
  groupId: number;
};
export const {
  useGetMailStatusQuery,
  useGetAdminDashboardMutation,
  useGetSummarisedHealthCheckQuery,
  useGetOrganisationQuery,
  useGetOrganisationHistoryQuery,
  useSearchOrganisationsMutation,
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
