import { baseApi as api } from "./base-api";
export const addTagTypes = [
  "collective action",
  "admin",
  "auth",
  "building block",
  "config",
  "crime",
  "dashboard",
  "geography",
  "operations",
  "healthcheck",
  "security",
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      details: build.query<DetailsApiResponse, DetailsApiArg>({
        query: (queryArg) => ({
          url: `/api/CollectiveAction/getCollectiveActionDetailsByStakeholderId`,
          params: {
            stakeholderId: queryArg.stakeholderId,
          },
        }),
        providesTags: ["collective action"],
      }),
      byBoundary: build.query<ByBoundaryApiResponse, ByBoundaryApiArg>({
        query: (queryArg) => ({
          url: `/api/CollectiveAction/getCollectiveActionsByBoundary`,
          params: {
            boundaryId: queryArg.boundaryId,
          },
        }),
        providesTags: ["collective action"],
      }),
      record: build.mutation<RecordApiResponse, RecordApiArg>({
        query: (queryArg) => ({
          url: `/api/admin/challenges`,
          method: "POST",
          body: queryArg.recordChallenge,
        }),
        invalidatesTags: ["collective action"],
      }),
      complete: build.mutation<CompleteApiResponse, CompleteApiArg>({
        query: (queryArg) => ({
          url: `/api/admin/challenges/${queryArg.id}/complete`,
          method: "POST",
        }),
        invalidatesTags: ["collective action"],
      }),
      report: build.mutation<ReportApiResponse, ReportApiArg>({
        query: (queryArg) => ({
          url: `/api/admin/challenges/${queryArg.id}/result`,
          method: "POST",
          body: queryArg.reportBody,
        }),
        invalidatesTags: ["collective action"],
      }),
      mailStatus: build.query<MailStatusApiResponse, MailStatusApiArg>({
        query: () => ({ url: `/api/admin/mail` }),
        providesTags: ["admin"],
      }),
      authAddPassword: build.mutation<
        AuthAddPasswordApiResponse,
        AuthAddPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/add-password`,
          method: "POST",
          body: queryArg.passwordBody,
        }),
        invalidatesTags: ["auth"],
      }),
      authCsrf: build.query<AuthCsrfApiResponse, AuthCsrfApiArg>({
        query: () => ({ url: `/api/auth/csrf` }),
        providesTags: ["auth"],
      }),
      authForgotPassword: build.mutation<
        AuthForgotPasswordApiResponse,
        AuthForgotPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/forgot-password`,
          method: "POST",
          body: queryArg.forgotBody,
        }),
        invalidatesTags: ["auth"],
      }),
      authGetOrganisationTypes: build.query<
        AuthGetOrganisationTypesApiResponse,
        AuthGetOrganisationTypesApiArg
      >({
        query: () => ({ url: `/api/auth/getOrganisationTypes` }),
        providesTags: ["auth"],
      }),
      authGetUserJobRoles: build.query<
        AuthGetUserJobRolesApiResponse,
        AuthGetUserJobRolesApiArg
      >({
        query: () => ({ url: `/api/auth/getUserJobRoles` }),
        providesTags: ["auth"],
      }),
      authGetUserTitles: build.query<
        AuthGetUserTitlesApiResponse,
        AuthGetUserTitlesApiArg
      >({
        query: () => ({ url: `/api/auth/getUserTitles` }),
        providesTags: ["auth"],
      }),
      authLogin: build.mutation<AuthLoginApiResponse, AuthLoginApiArg>({
        query: (queryArg) => ({
          url: `/api/auth/login`,
          method: "POST",
          body: queryArg.loginBody,
        }),
        invalidatesTags: ["auth"],
      }),
      authLogout: build.mutation<AuthLogoutApiResponse, AuthLogoutApiArg>({
        query: () => ({ url: `/api/auth/logout`, method: "POST" }),
        invalidatesTags: ["auth"],
      }),
      authProfile: build.query<AuthProfileApiResponse, AuthProfileApiArg>({
        query: () => ({ url: `/api/auth/profile` }),
        providesTags: ["auth"],
      }),
      authRegister: build.mutation<AuthRegisterApiResponse, AuthRegisterApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/auth/register`,
            method: "POST",
            body: queryArg.body,
          }),
          invalidatesTags: ["auth"],
        },
      ),
      authResendOtp: build.mutation<
        AuthResendOtpApiResponse,
        AuthResendOtpApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/resend-otp`,
          method: "POST",
          body: queryArg.resendBody,
        }),
        invalidatesTags: ["auth"],
      }),
      authResetPassword: build.mutation<
        AuthResetPasswordApiResponse,
        AuthResetPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/reset-password`,
          method: "POST",
          body: queryArg.passwordBody,
        }),
        invalidatesTags: ["auth"],
      }),
      authUpdateProfile: build.mutation<
        AuthUpdateProfileApiResponse,
        AuthUpdateProfileApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/updateProfile`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["auth"],
      }),
      authUserAuthenticated: build.mutation<
        AuthUserAuthenticatedApiResponse,
        AuthUserAuthenticatedApiArg
      >({
        query: () => ({ url: `/api/auth/userAuthenticated`, method: "POST" }),
        invalidatesTags: ["auth"],
      }),
      authVerifyOtp: build.mutation<
        AuthVerifyOtpApiResponse,
        AuthVerifyOtpApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/verify-otp`,
          method: "POST",
          body: queryArg.verifyOtpBody,
        }),
        invalidatesTags: ["auth"],
      }),
      boundaryCounts: build.query<
        BoundaryCountsApiResponse,
        BoundaryCountsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/buildingblock/getBoundaryCounts`,
          params: {
            boundaryId: queryArg.boundaryId,
          },
        }),
        providesTags: ["building block"],
      }),
      associatedToUser: build.query<
        AssociatedToUserApiResponse,
        AssociatedToUserApiArg
      >({
        query: (queryArg) => ({
          url: `/api/buildingblock/getBuildingBlockAssociatedToUser`,
          params: {
            boundaryId: queryArg.boundaryId,
          },
        }),
        providesTags: ["building block"],
      }),
      contactsWithRequirements: build.query<
        ContactsWithRequirementsApiResponse,
        ContactsWithRequirementsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/buildingblock/getBuildingBlockContactsWithRequirements`,
          params: {
            buildingBlockId: queryArg.buildingBlockId,
            stakeholderId: queryArg.stakeholderId,
            format: queryArg.format,
          },
        }),
        providesTags: ["building block"],
      }),
      getData: build.query<GetDataApiResponse, GetDataApiArg>({
        query: (queryArg) => ({
          url: `/api/buildingblock/getBuildingBlockData`,
          params: {
            boundaryId: queryArg.boundaryId,
          },
        }),
        providesTags: ["building block"],
      }),
      onMunicipality: build.query<
        OnMunicipalityApiResponse,
        OnMunicipalityApiArg
      >({
        query: (queryArg) => ({
          url: `/api/buildingblock/getBuildingBlockOnMunicipality`,
          params: {
            boundaryStakeholderId: queryArg.boundaryStakeholderId,
            buildingBlockId: queryArg.buildingBlockId,
          },
        }),
        providesTags: ["building block"],
      }),
      getRequirementDetail: build.query<
        GetRequirementDetailApiResponse,
        GetRequirementDetailApiArg
      >({
        query: (queryArg) => ({
          url: `/api/buildingblock/getBuildingBlockRquirementDetailData`,
          params: {
            buildingBlockCategoryId: queryArg.buildingBlockCategoryId,
            boundaryId: queryArg.boundaryId,
          },
        }),
        providesTags: ["building block"],
      }),
      history: build.query<HistoryApiResponse, HistoryApiArg>({
        query: (queryArg) => ({
          url: `/api/buildingblock/history`,
          params: {
            buildingBlockId: queryArg.buildingBlockId,
            stakeholderId: queryArg.stakeholderId,
            format: queryArg.format,
          },
        }),
        providesTags: ["building block"],
      }),
      returnBlock: build.mutation<ReturnBlockApiResponse, ReturnBlockApiArg>({
        query: (queryArg) => ({
          url: `/api/buildingblock/returnBuildingBlock`,
          method: "POST",
          body: queryArg.decisionBody,
        }),
        invalidatesTags: ["building block"],
      }),
      searchContact: build.query<SearchContactApiResponse, SearchContactApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/buildingblock/searchcontact`,
            params: {
              filter: queryArg.filter,
              buildingBlockCategoryId: queryArg.buildingBlockCategoryId,
              buildingBlockId: queryArg.buildingBlockId,
              boundaryId: queryArg.boundaryId,
              stakeholderId: queryArg.stakeholderId,
            },
          }),
          providesTags: ["building block"],
        },
      ),
      update: build.mutation<UpdateApiResponse, UpdateApiArg>({
        query: (queryArg) => ({
          url: `/api/buildingblock/updateBuildingBlockContactsAndRequirements`,
          method: "PUT",
          body: queryArg.updateBody,
        }),
        invalidatesTags: ["building block"],
      }),
      verify: build.mutation<VerifyApiResponse, VerifyApiArg>({
        query: (queryArg) => ({
          url: `/api/buildingblock/verifyBuildingBlock`,
          method: "POST",
          body: queryArg.decisionBody,
        }),
        invalidatesTags: ["building block"],
      }),
      featureFlags: build.query<FeatureFlagsApiResponse, FeatureFlagsApiArg>({
        query: () => ({ url: `/api/config/feature-flags` }),
        providesTags: ["config"],
      }),
      recordFigure: build.mutation<RecordFigureApiResponse, RecordFigureApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/crime/figures`,
            method: "POST",
            body: queryArg.recordFigureBody,
          }),
          invalidatesTags: ["crime"],
        },
      ),
      crimeImport: build.mutation<CrimeImportApiResponse, CrimeImportApiArg>({
        query: (queryArg) => ({
          url: `/api/crime/import`,
          method: "POST",
          body: queryArg.body,
          params: {
            format: queryArg.format,
            name: queryArg.name,
          },
        }),
        invalidatesTags: ["crime"],
      }),
      crimeStats: build.query<CrimeStatsApiResponse, CrimeStatsApiArg>({
        query: (queryArg) => ({
          url: `/api/crime/stats`,
          params: {
            boundaryId: queryArg.boundaryId,
            componentOptions: queryArg.componentOptions,
          },
        }),
        providesTags: ["crime"],
      }),
      dashboard: build.query<DashboardApiResponse, DashboardApiArg>({
        query: (queryArg) => ({
          url: `/api/dashboard`,
          params: {
            boundaryId: queryArg.boundaryId,
            componentId: queryArg.componentId,
            componentOptions: queryArg.componentOptions,
            componentSubOptions: queryArg.componentSubOptions,
          },
        }),
        providesTags: ["dashboard"],
      }),
      componentsHandler: build.query<
        ComponentsHandlerApiResponse,
        ComponentsHandlerApiArg
      >({
        query: () => ({ url: `/api/dashboard/components` }),
        providesTags: ["dashboard"],
      }),
      actionsGeomarker: build.query<
        ActionsGeomarkerApiResponse,
        ActionsGeomarkerApiArg
      >({
        query: (queryArg) => ({
          url: `/api/geography/actionsGeomarker/${queryArg.componentId}/${queryArg.boundaryId}`,
        }),
        providesTags: ["geography"],
      }),
      list: build.query<ListApiResponse, ListApiArg>({
        query: (queryArg) => ({
          url: `/api/geography/boundary/list/${queryArg.boundaryTypeId}`,
          params: {
            filter: queryArg.filter,
          },
        }),
        providesTags: ["geography"],
      }),
      listIn: build.query<ListInApiResponse, ListInApiArg>({
        query: (queryArg) => ({
          url: `/api/geography/boundary/list/${queryArg.boundaryTypeId}/${queryArg.parentBoundaryId}`,
          params: {
            filter: queryArg.filter,
          },
        }),
        providesTags: ["geography"],
      }),
      boundary: build.query<BoundaryApiResponse, BoundaryApiArg>({
        query: (queryArg) => ({
          url: `/api/geography/boundary/${queryArg.id}`,
        }),
        providesTags: ["geography"],
      }),
      contained: build.query<ContainedApiResponse, ContainedApiArg>({
        query: (queryArg) => ({
          url: `/api/geography/contained/`,
          params: {
            containingBoundaryId: queryArg.containingBoundaryId,
          },
        }),
        providesTags: ["geography"],
      }),
      geojson: build.query<GeojsonApiResponse, GeojsonApiArg>({
        query: (queryArg) => ({ url: `/api/geography/geojson/${queryArg.id}` }),
        providesTags: ["geography"],
      }),
      geomarker: build.query<GeomarkerApiResponse, GeomarkerApiArg>({
        query: (queryArg) => ({
          url: `/api/geography/geomarker/${queryArg.componentId}/${queryArg.boundaryId}`,
        }),
        providesTags: ["geography"],
      }),
      geomarkerCategory: build.query<
        GeomarkerCategoryApiResponse,
        GeomarkerCategoryApiArg
      >({
        query: (queryArg) => ({
          url: `/api/geography/geomarker/${queryArg.componentId}/${queryArg.boundaryId}/${queryArg.categoryId}`,
        }),
        providesTags: ["geography"],
      }),
      health: build.query<HealthApiResponse, HealthApiArg>({
        query: () => ({ url: `/api/health` }),
        providesTags: ["operations"],
      }),
      activeQuestionnaires: build.query<
        ActiveQuestionnairesApiResponse,
        ActiveQuestionnairesApiArg
      >({
        query: () => ({ url: `/api/healthcheck/getActiveQuestionnaires` }),
        providesTags: ["healthcheck"],
      }),
      healthcheckGetAdminDashboard: build.mutation<
        HealthcheckGetAdminDashboardApiResponse,
        HealthcheckGetAdminDashboardApiArg
      >({
        query: () => ({
          url: `/api/healthcheck/getAdminDashboard`,
          method: "POST",
        }),
        invalidatesTags: ["admin"],
      }),
      organisationHealthChecks: build.query<
        OrganisationHealthChecksApiResponse,
        OrganisationHealthChecksApiArg
      >({
        query: (queryArg) => ({
          url: `/api/healthcheck/getOrganisationHealthChecks`,
          params: {
            questionnaireTypeId: queryArg.questionnaireTypeId,
          },
        }),
        providesTags: ["healthcheck"],
      }),
      summarised: build.query<SummarisedApiResponse, SummarisedApiArg>({
        query: () => ({ url: `/api/healthcheck/getSummarisedHealthCheck` }),
        providesTags: ["healthcheck"],
      }),
      inviteCode: build.mutation<InviteCodeApiResponse, InviteCodeApiArg>({
        query: (queryArg) => ({
          url: `/api/healthcheck/inviteCode`,
          method: "POST",
          body: queryArg.inviteCodeBody,
        }),
        invalidatesTags: ["healthcheck"],
      }),
      healthcheckOrganisation: build.query<
        HealthcheckOrganisationApiResponse,
        HealthcheckOrganisationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/healthcheck/organisation/${queryArg.id}`,
        }),
        providesTags: ["admin"],
      }),
      healthcheckOrganisationHistory: build.query<
        HealthcheckOrganisationHistoryApiResponse,
        HealthcheckOrganisationHistoryApiArg
      >({
        query: (queryArg) => ({
          url: `/api/healthcheck/organisation/${queryArg.id}/history`,
          params: {
            format: queryArg.format,
          },
        }),
        providesTags: ["admin"],
      }),
      organisationalResult: build.mutation<
        OrganisationalResultApiResponse,
        OrganisationalResultApiArg
      >({
        query: (queryArg) => ({
          url: `/api/healthcheck/organisationalResult`,
          method: "POST",
          body: queryArg.resultBody,
        }),
        invalidatesTags: ["healthcheck"],
      }),
      healthcheckSearchOrganisations: build.mutation<
        HealthcheckSearchOrganisationsApiResponse,
        HealthcheckSearchOrganisationsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/healthcheck/searchOrganisations`,
          method: "POST",
          body: queryArg.searchBody,
        }),
        invalidatesTags: ["admin"],
      }),
      healthCheckStats: build.query<
        HealthCheckStatsApiResponse,
        HealthCheckStatsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/healthcheck/stats`,
          params: {
            boundaryId: queryArg.boundaryId,
            quarter: queryArg.quarter,
          },
        }),
        providesTags: ["healthcheck"],
      }),
      survey: build.query<SurveyApiResponse, SurveyApiArg>({
        query: (queryArg) => ({
          url: `/api/healthcheck/survey`,
          params: {
            inviteCode: queryArg.inviteCode,
            Preview: queryArg.preview,
          },
        }),
        providesTags: ["healthcheck"],
      }),
      submit: build.mutation<SubmitApiResponse, SubmitApiArg>({
        query: (queryArg) => ({
          url: `/api/healthcheck/survey`,
          method: "POST",
          body: queryArg.submitBody,
        }),
        invalidatesTags: ["healthcheck"],
      }),
      healthcheckVerify: build.mutation<
        HealthcheckVerifyApiResponse,
        HealthcheckVerifyApiArg
      >({
        query: (queryArg) => ({
          url: `/api/healthcheck/verify`,
          method: "POST",
          body: queryArg.verifyBody,
        }),
        invalidatesTags: ["admin"],
      }),
      securityAddGroup: build.mutation<
        SecurityAddGroupApiResponse,
        SecurityAddGroupApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/AddGroup`,
          method: "POST",
          body: queryArg.groupBody,
        }),
        invalidatesTags: ["security"],
      }),
      securityAddGroupActions: build.mutation<
        SecurityAddGroupActionsApiResponse,
        SecurityAddGroupActionsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/addGroupActions`,
          method: "POST",
          body: queryArg.groupBody,
        }),
        invalidatesTags: ["security"],
      }),
      securityCreateNewUser: build.mutation<
        SecurityCreateNewUserApiResponse,
        SecurityCreateNewUserApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/createNewUser`,
          method: "POST",
          body: queryArg.userForm,
        }),
        invalidatesTags: ["security"],
      }),
      securityDeleteGroup: build.mutation<
        SecurityDeleteGroupApiResponse,
        SecurityDeleteGroupApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/deleteGroup`,
          method: "DELETE",
          params: {
            groupId: queryArg.groupId,
          },
        }),
        invalidatesTags: ["security"],
      }),
      securityDeleteGroupActions: build.mutation<
        SecurityDeleteGroupActionsApiResponse,
        SecurityDeleteGroupActionsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/deleteGroupActions`,
          method: "DELETE",
          body: queryArg.groupBody,
        }),
        invalidatesTags: ["security"],
      }),
      securityDeleteUser: build.mutation<
        SecurityDeleteUserApiResponse,
        SecurityDeleteUserApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/deleteUser`,
          method: "DELETE",
          params: {
            stakeholderId: queryArg.stakeholderId,
          },
        }),
        invalidatesTags: ["security"],
      }),
      securityEditUserDetails: build.mutation<
        SecurityEditUserDetailsApiResponse,
        SecurityEditUserDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/editUserDetails`,
          method: "PUT",
          body: queryArg.userForm,
          params: {
            stakeholderId: queryArg.stakeholderId,
          },
        }),
        invalidatesTags: ["security"],
      }),
      securityEraseUser: build.mutation<
        SecurityEraseUserApiResponse,
        SecurityEraseUserApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/eraseUser`,
          method: "POST",
          params: {
            stakeholderId: queryArg.stakeholderId,
          },
        }),
        invalidatesTags: ["security"],
      }),
      securityGetAllActions: build.query<
        SecurityGetAllActionsApiResponse,
        SecurityGetAllActionsApiArg
      >({
        query: () => ({ url: `/api/security/getAllActions` }),
        providesTags: ["security"],
      }),
      securityGetAllUsers: build.query<
        SecurityGetAllUsersApiResponse,
        SecurityGetAllUsersApiArg
      >({
        query: () => ({ url: `/api/security/getAllUsers` }),
        providesTags: ["security"],
      }),
      securityGetGroupActions: build.mutation<
        SecurityGetGroupActionsApiResponse,
        SecurityGetGroupActionsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/getGroupActions`,
          method: "POST",
          body: queryArg.groupIdBody,
        }),
        invalidatesTags: ["security"],
      }),
      securityGetGroups: build.query<
        SecurityGetGroupsApiResponse,
        SecurityGetGroupsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/getGroups`,
          params: {
            groupId: queryArg.groupId,
          },
        }),
        providesTags: ["security"],
      }),
      securityGetLocalMunicipalities: build.query<
        SecurityGetLocalMunicipalitiesApiResponse,
        SecurityGetLocalMunicipalitiesApiArg
      >({
        query: () => ({ url: `/api/security/getLocalMunicipalities` }),
        providesTags: ["security"],
      }),
      securityGetOrganisations: build.query<
        SecurityGetOrganisationsApiResponse,
        SecurityGetOrganisationsApiArg
      >({
        query: () => ({ url: `/api/security/getOrganisations` }),
        providesTags: ["security"],
      }),
      securityGetUserDetails: build.query<
        SecurityGetUserDetailsApiResponse,
        SecurityGetUserDetailsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/security/getUserDetails`,
          params: {
            stakeholderId: queryArg.stakeholderId,
          },
        }),
        providesTags: ["security"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedApi };
export type DetailsApiResponse = unknown;
export type DetailsApiArg = {
  /** The pin's `stakeholder`: the boundary id of the municipality (or district) the
    challenges are placed in. */
  stakeholderId: number;
};
export type ByBoundaryApiResponse = unknown;
export type ByBoundaryApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type RecordApiResponse = unknown;
export type RecordApiArg = {
  recordChallenge: RecordChallenge;
};
export type CompleteApiResponse = unknown;
export type CompleteApiArg = {
  /** collectiveActionId */
  id: string;
};
export type ReportApiResponse = unknown;
export type ReportApiArg = {
  /** collectiveActionId */
  id: string;
  reportBody: ReportBody;
};
export type MailStatusApiResponse =
  /** status 200 Outbox counts and newest messages */ MailStatus;
export type MailStatusApiArg = void;
export type AuthAddPasswordApiResponse = unknown;
export type AuthAddPasswordApiArg = {
  passwordBody: PasswordBody;
};
export type AuthCsrfApiResponse = unknown;
export type AuthCsrfApiArg = void;
export type AuthForgotPasswordApiResponse = unknown;
export type AuthForgotPasswordApiArg = {
  forgotBody: ForgotBody;
};
export type AuthGetOrganisationTypesApiResponse = unknown;
export type AuthGetOrganisationTypesApiArg = void;
export type AuthGetUserJobRolesApiResponse = unknown;
export type AuthGetUserJobRolesApiArg = void;
export type AuthGetUserTitlesApiResponse = unknown;
export type AuthGetUserTitlesApiArg = void;
export type AuthLoginApiResponse = unknown;
export type AuthLoginApiArg = {
  loginBody: LoginBody;
};
export type AuthLogoutApiResponse = unknown;
export type AuthLogoutApiArg = void;
export type AuthProfileApiResponse = unknown;
export type AuthProfileApiArg = void;
export type AuthRegisterApiResponse = unknown;
export type AuthRegisterApiArg = {
  /** The sign-up form (public spec §2 "Register"): organisation, designated person and password; validateStep 1–3 validates one step */
  body: object;
};
export type AuthResendOtpApiResponse = unknown;
export type AuthResendOtpApiArg = {
  resendBody: ResendBody;
};
export type AuthResetPasswordApiResponse = unknown;
export type AuthResetPasswordApiArg = {
  passwordBody: PasswordBody;
};
export type AuthUpdateProfileApiResponse = unknown;
export type AuthUpdateProfileApiArg = {
  /** {fullName, titleId, jobRole, alternativeNumber, mobileNumber, and optionally currentPassword, newPassword, confirmPassword} */
  body: object;
};
export type AuthUserAuthenticatedApiResponse = unknown;
export type AuthUserAuthenticatedApiArg = void;
export type AuthVerifyOtpApiResponse = unknown;
export type AuthVerifyOtpApiArg = {
  verifyOtpBody: VerifyOtpBody;
};
export type BoundaryCountsApiResponse = unknown;
export type BoundaryCountsApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type AssociatedToUserApiResponse = unknown;
export type AssociatedToUserApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type ContactsWithRequirementsApiResponse = unknown;
export type ContactsWithRequirementsApiArg = {
  /** Building block id. */
  buildingBlockId?: number;
  /** The provider. */
  stakeholderId?: number;
  /** `csv` for the history as CSV. */
  format?: string;
};
export type GetDataApiResponse =
  /** status 200 Building block data (spec §3) */ BuildingBlockData;
export type GetDataApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type OnMunicipalityApiResponse = unknown;
export type OnMunicipalityApiArg = {
  /** The municipality's boundary id. */
  boundaryStakeholderId?: number;
  /** Building block id. */
  buildingBlockId?: number;
};
export type GetRequirementDetailApiResponse =
  /** status 200 The building blocks of the category */ BlockStat[];
export type GetRequirementDetailApiArg = {
  /** Category id. */
  buildingBlockCategoryId: number;
  /** Boundary id. */
  boundaryId: number;
};
export type HistoryApiResponse = unknown;
export type HistoryApiArg = {
  /** Building block id. */
  buildingBlockId?: number;
  /** The provider. */
  stakeholderId?: number;
  /** `csv` for the history as CSV. */
  format?: string;
};
export type ReturnBlockApiResponse = unknown;
export type ReturnBlockApiArg = {
  decisionBody: DecisionBody;
};
export type SearchContactApiResponse = unknown;
export type SearchContactApiArg = {
  /** Text matched against the name or building block, case-insensitive. */
  filter?: string;
  /** Category id. */
  buildingBlockCategoryId?: number;
  /** Building block id. */
  buildingBlockId: number;
  /** Boundary id. */
  boundaryId: number;
  /** One provider. */
  stakeholderId?: number;
};
export type UpdateApiResponse = unknown;
export type UpdateApiArg = {
  updateBody: UpdateBody;
};
export type VerifyApiResponse = unknown;
export type VerifyApiArg = {
  decisionBody: DecisionBody;
};
export type FeatureFlagsApiResponse =
  /** status 200 The feature flags */ FeatureFlags;
export type FeatureFlagsApiArg = void;
export type RecordFigureApiResponse = unknown;
export type RecordFigureApiArg = {
  recordFigureBody: RecordFigureBody;
};
export type CrimeImportApiResponse = unknown;
export type CrimeImportApiArg = {
  /** `station-2005`, `station-2003`, `saps-annual` or `long` (default: detected). */
  format?: string;
  /** File name recorded with the import. */
  name?: string;
  /** A SAPS crime statistics CSV (up to 64 MiB) */
  body: string;
};
export type CrimeStatsApiResponse =
  /** status 200 The crime statistics */ CrimeStats;
export type CrimeStatsApiArg = {
  /** boundary */
  boundaryId: number;
  /** comma-separated crime type ids */
  componentOptions?: string;
};
export type DashboardApiResponse =
  /** status 200 Every component's data */ Dashboard;
export type DashboardApiArg = {
  /** boundary */
  boundaryId: number;
  /** component the options belong to (default 3, crime) */
  componentId?: number;
  /** crime type ids, or pillar ids for component 4 */
  componentOptions?: string;
  /** component 4: 'pillarId-typeId' pairs */
  componentSubOptions?: string;
};
export type ComponentsHandlerApiResponse =
  /** status 200 The components */ Component[];
export type ComponentsHandlerApiArg = void;
export type ActionsGeomarkerApiResponse = unknown;
export type ActionsGeomarkerApiArg = {
  /** 4 (collective action) */
  componentId: number;
  /** boundary */
  boundaryId: number;
};
export type ListApiResponse =
  /** status 200 The boundaries, by name */ Boundary[];
export type ListApiArg = {
  /** 1 National, 2 District/Province, 3 Local, 5 SAPS precinct */
  boundaryTypeId: number;
  /** name contains (case-insensitive) */
  filter?: string;
};
export type ListInApiResponse =
  /** status 200 The boundaries, by name */ Boundary[];
export type ListInApiArg = {
  /** 1 National, 2 District/Province, 3 Local, 5 SAPS precinct */
  boundaryTypeId: number;
  /** containing boundary */
  parentBoundaryId: number;
  /** name contains (case-insensitive) */
  filter?: string;
};
export type BoundaryApiResponse = /** status 200 The boundary */ Boundary;
export type BoundaryApiArg = {
  /** boundaryId */
  id: number;
};
export type ContainedApiResponse =
  /** status 200 The boundaries, by name */ Boundary[];
export type ContainedApiArg = {
  /** containing boundary */
  containingBoundaryId: number;
};
export type GeojsonApiResponse = unknown;
export type GeojsonApiArg = {
  /** boundaryId */
  id: number;
};
export type GeomarkerApiResponse = unknown;
export type GeomarkerApiArg = {
  /** 1 building block, 2 health check, 3 crime, 4 collective action */
  componentId: number;
  /** boundary */
  boundaryId: number;
};
export type GeomarkerCategoryApiResponse = unknown;
export type GeomarkerCategoryApiArg = {
  /** component */
  componentId: number;
  /** boundary */
  boundaryId: number;
  /** category of the component */
  categoryId: number;
};
export type HealthApiResponse = /** status 200 Healthy */ Health;
export type HealthApiArg = void;
export type ActiveQuestionnairesApiResponse = unknown;
export type ActiveQuestionnairesApiArg = void;
export type HealthcheckGetAdminDashboardApiResponse = unknown;
export type HealthcheckGetAdminDashboardApiArg = void;
export type OrganisationHealthChecksApiResponse = unknown;
export type OrganisationHealthChecksApiArg = {
  /** Staff 1 (default) or Students 2. */
  questionnaireTypeId?: number;
};
export type SummarisedApiResponse = unknown;
export type SummarisedApiArg = void;
export type InviteCodeApiResponse = unknown;
export type InviteCodeApiArg = {
  inviteCodeBody: InviteCodeBody;
};
export type HealthcheckOrganisationApiResponse = unknown;
export type HealthcheckOrganisationApiArg = {
  /** Organisation id */
  id: string;
};
export type HealthcheckOrganisationHistoryApiResponse = unknown;
export type HealthcheckOrganisationHistoryApiArg = {
  /** Organisation id */
  id: string;
  format?: string;
};
export type OrganisationalResultApiResponse = unknown;
export type OrganisationalResultApiArg = {
  resultBody: ResultBody;
};
export type HealthcheckSearchOrganisationsApiResponse = unknown;
export type HealthcheckSearchOrganisationsApiArg = {
  searchBody: SearchBody;
};
export type HealthCheckStatsApiResponse =
  /** status 200 The figures */ HealthCheckStatsAnswer;
export type HealthCheckStatsApiArg = {
  /** Boundary (nation 1 when absent). */
  boundaryId?: number;
  /** Quarter as `2026Q3`; the dashboard's current quarter (the previous calendar quarter,
    admin spec §9) when absent. */
  quarter?: string;
};
export type SurveyApiResponse = unknown;
export type SurveyApiArg = {
  /** The invite code of the link. */
  inviteCode: string;
  /** `true`: show the questions without recording (admin spec §2 "Survey preview"). */
  preview?: boolean;
};
export type SubmitApiResponse = unknown;
export type SubmitApiArg = {
  submitBody: SubmitBody;
};
export type HealthcheckVerifyApiResponse = unknown;
export type HealthcheckVerifyApiArg = {
  verifyBody: VerifyBody;
};
export type SecurityAddGroupApiResponse = unknown;
export type SecurityAddGroupApiArg = {
  groupBody: GroupBody;
};
export type SecurityAddGroupActionsApiResponse = unknown;
export type SecurityAddGroupActionsApiArg = {
  groupBody: GroupBody;
};
export type SecurityCreateNewUserApiResponse = unknown;
export type SecurityCreateNewUserApiArg = {
  userForm: UserForm;
};
export type SecurityDeleteGroupApiResponse = unknown;
export type SecurityDeleteGroupApiArg = {
  groupId?: string;
};
export type SecurityDeleteGroupActionsApiResponse = unknown;
export type SecurityDeleteGroupActionsApiArg = {
  groupBody: GroupBody;
};
export type SecurityDeleteUserApiResponse = unknown;
export type SecurityDeleteUserApiArg = {
  stakeholderId?: string;
};
export type SecurityEditUserDetailsApiResponse = unknown;
export type SecurityEditUserDetailsApiArg = {
  stakeholderId?: string;
  userForm: UserForm;
};
export type SecurityEraseUserApiResponse =
  /** status 200 Erased (or already erased) */ EraseAnswer;
export type SecurityEraseUserApiArg = {
  stakeholderId?: string;
};
export type SecurityGetAllActionsApiResponse = unknown;
export type SecurityGetAllActionsApiArg = void;
export type SecurityGetAllUsersApiResponse = unknown;
export type SecurityGetAllUsersApiArg = void;
export type SecurityGetGroupActionsApiResponse = unknown;
export type SecurityGetGroupActionsApiArg = {
  groupIdBody: GroupIdBody;
};
export type SecurityGetGroupsApiResponse = unknown;
export type SecurityGetGroupsApiArg = {
  groupId?: string;
};
export type SecurityGetLocalMunicipalitiesApiResponse = unknown;
export type SecurityGetLocalMunicipalitiesApiArg = void;
export type SecurityGetOrganisationsApiResponse = unknown;
export type SecurityGetOrganisationsApiArg = void;
export type SecurityGetUserDetailsApiResponse = unknown;
export type SecurityGetUserDetailsApiArg = {
  stakeholderId?: string;
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
export type PasswordBody = {
  ConfirmPassword?: string;
  Email?: string;
  Password?: string;
  /** The specification's UserType (public spec §7: add-password and reset-password send it);
    accepted and not needed, since each call is one flow. */
  UserType?: number | null;
};
export type ForgotBody = {
  Email?: string;
};
export type LoginBody = {
  Password?: string;
  Username?: string;
};
export type ResendBody = {
  Email?: string;
  UserType?: number | null;
};
export type VerifyOtpBody = {
  Email?: string;
  OTP?: string;
  UserType?: number | null;
};
export type Boundary = {
  /** Administrative numbering of the level. */
  adminBoundaryTypeId: number | null;
  /** Area in km². */
  areaKm2: number | null;
  /** Stable id. */
  boundaryId: number;
  /** Public numbering: national 1, province and district 2, municipality 3, precinct 5
    (`null` for a level without a public number). */
  boundaryTypeId: number | null;
  /** Code of the source (MDB code, SAPS station code). */
  code: string;
  /** Name. */
  description: string;
  /** For a municipality or precinct: its district. */
  districtBoundaryId: number | null;
  /** `national`, `province`, `district`, `municipality`, `saps_precinct` or `ward`. */
  level: string;
  /** For a district, municipality or precinct: its province (the cascade's first dropdown,
    docs/decisions.md). */
  nationalBoundaryId: number | null;
  /** Containing boundary. */
  parentBoundaryId: number | null;
  /** Census 2022 population (Statistics South Africa). */
  peopleCount: number | null;
  /** Its province. */
  provinceBoundaryId: number | null;
};
export type BTreeMap = {
  [key: string]: number;
};
export type RequirementStat = {
  /** Providers meeting it ÷ providers of its block now, 0..1. */
  availability: number;
  /** Requirement id. */
  buildingBlockRequirementId: number;
  /** Its text. */
  description: string;
  /** The same at the end of each reporting quarter. */
  periodAvailability: BTreeMap;
};
export type BlockStat = {
  /** Available pairs ÷ all pairs now, 0..1. */
  availability: number;
  /** Its providers in the boundary. */
  buildingBlockCount: number;
  /** Building block id. */
  buildingBlockId: number;
  /** Its requirements. */
  buildingBlockRequirementStats: RequirementStat[];
  /** Its name. */
  description: string;
  /** Always empty (the specification's shape). */
  options: object[];
  /** The same at the end of each reporting quarter. */
  periodAvailability: BTreeMap;
  /** Always empty (the specification's shape). */
  subOptions: object[];
};
export type CategoryStat = {
  /** Available (provider, requirement) pairs ÷ all pairs now, 0..1. */
  availability: number;
  /** Category id. */
  buildingBlockCategoryId: number;
  /** Its building blocks. */
  buildingBlockStats: BlockStat[];
  /** Its name. */
  description: string;
  /** Always `true`. */
  isIncluded: boolean;
  /** The same at the end of each reporting quarter. */
  periodAvailability: BTreeMap;
  /** Providers of its blocks in the boundary. */
  providerCount: number;
};
export type ReportingPeriod = {
  /** Whether it is the current quarter. */
  isCurrent: boolean;
  /** Its label. */
  period: string;
  /** Calendar quarter, 1 to 4. */
  quarter: number;
  /** Calendar year. */
  year: number;
};
export type AreaCategory = {
  /** Available pairs ÷ all pairs, 0..1. */
  availability: number;
  /** Category id. */
  buildingBlockCategoryId: number;
  /** Its providers in the area. */
  total: number;
};
export type AvailabilityArea = {
  /** Available pairs ÷ all pairs, 0..1. */
  availability: number;
  /** The area. */
  boundaryId: number;
  /** Per category with providers. */
  categories: AreaCategory[];
  /** Its name. */
  description: string;
  /** Providers in it. */
  total: number;
};
export type BuildingBlockData = {
  /** The boundary. */
  boundary: Boundary;
  /** Per category, with its blocks and their requirements. */
  buildingBlockCategoryStats: CategoryStat[];
  /** The last four reporting quarters, oldest first. */
  buildingBlockReportingPeriods: ReportingPeriod[];
  /** Per map area. */
  containedBoundaryData: AvailabilityArea[];
  /** Label of the current reporting quarter. */
  lastQuarter: string;
};
export type DecisionBody = {
  /** Required when returning. */
  reason?: string | null;
  /** The provider. */
  stakeholderId: number;
};
export type ContactPersonBody = {
  /** Alternate number (10 digits). */
  alternateNumber?: string | null;
  /** Requirement the person answers for. */
  buildingBlockRequirementId: number;
  /** E-mail address. */
  emailAddress?: string | null;
  /** Full name (required). */
  fullName: string;
  /** Job role. */
  jobRole?: string | null;
  /** Mobile number (10 digits). */
  mobileNumber?: string | null;
  /** Telephone number (10 digits). */
  telephoneNumber?: string | null;
};
export type UpdateBody = {
  /** Alternate Number (digits). */
  alternateNumber?: string | null;
  /** Its building block (must match). */
  buildingBlockId: number;
  /** Requirement ids available. */
  buildingBlockRequirements?: number[];
  /** Contact persons (all of them: the list replaces the previous one). */
  contactPersons?: ContactPersonBody[];
  /** Email address. */
  emailAddress?: string | null;
  /** Physical Address (required, except for shelters, which never get one). */
  physicalAddress?: string | null;
  /** Postal Address. */
  postalAddress?: string | null;
  /** Reception Number (digits). */
  receptionNumber?: string | null;
  /** The provider. */
  stakeholderId: number;
};
export type FeatureFlags = {
  /** Whether sign-in is offered (GBVF_ENABLE_LOGIN=true). */
  enableLogin: boolean;
};
export type RecordFigureBody = {
  /** Boundary the figure is for. */
  boundaryId: number;
  /** Count (whole number ≥ 0). */
  count: number;
  /** Crime type id. */
  crimeTypeId: number;
  /** The series version the caller last saw; a different current version answers 409. */
  expectedVersion?: number | null;
  /** First year of the SAPS financial year (2022 = 2022/23). */
  periodStartYear: number;
};
export type ColorBand = {
  /** `#RRGGBB`. */
  color: string;
  /** `Low`, `Medium`, `High`. */
  description: string;
  /** Upper bound, exclusive (1,000,000,000 stands for no limit). */
  end: number;
  /** Lower bound, inclusive. */
  start: number;
};
export type ColorLegend = {
  /** The bands, lowest first. */
  scale: ColorBand[];
};
export type ContainedBoundaryData = {
  /** Its id. */
  boundaryId: number;
  /** Public type number. */
  boundaryTypeId: number | null;
  /** Source code. */
  code: string;
  /** Its map colour from [`crime_scale`] (`null` without data). */
  color: string | null;
  /** Crimes per 1,000 people (a precinct: the total). */
  density: number | null;
  /** Its name. */
  description: string;
  /** Level name. */
  level: string;
  /** Census 2022 population. */
  peopleCount: number | null;
  /** That period, `2022/23`. */
  period: string | null;
  /** Crimes per 100,000 people. */
  rate: number | null;
  /** Total of the selected types in its latest period. */
  total: number | null;
};
export type CrimeTypeStat = {
  /** Crime type id, as a string. */
  crimeTypeId: string;
  /** SAPS name of the type. */
  description: string;
  /** Whether the type is among the selected ones. */
  isIncluded: boolean;
  /** Crimes recorded the year before. */
  previousValue: number | null;
  /** Crimes recorded. */
  value: number;
};
export type DistributionItem = {
  /** Crime type id, as a string. */
  crimeTypeId: string;
  /** SAPS name of the type. */
  description: string;
  /** Share of the total in percent, 2 decimals. */
  percentage: number;
  /** Crimes recorded. */
  value: number;
};
export type GroupedByBoundary = {
  /** Name of the child. */
  boundary: string;
  /** Its id. */
  boundaryId: number;
  /** The selected types' shares. */
  distribution: DistributionItem[];
  /** Its latest period, `2022/23`. */
  period: string | null;
  /** Its total of the selected types then. */
  total: number | null;
};
export type SeriesPoint = {
  /** `2022/23`. */
  period: string;
  /** Sum of `values`. */
  total: number;
  /** Crimes per selected crime type id. */
  values: {
    [key: string]: number;
  };
  /** 2022. */
  year: number;
};
export type DataSource = {
  /** Attribution lines shown under the charts. */
  attribution: string[];
  /** The data sets the figures were read from. */
  datasets: string[];
  /** The publication. */
  name: string;
  /** How the rate and the map density are computed. */
  rateNote: string;
};
export type CrimeStats = {
  /** The boundary asked for. */
  boundary: Boundary;
  /** The map legend. */
  colorLegend: ColorLegend;
  /** The children with their totals, rates and map colours. */
  containedBoundaryData: ContainedBoundaryData[];
  /** Every crime type with a figure in the period. */
  crimeStats: CrimeTypeStat[];
  /** The crime type ids counted in Total GBVF crime by default. */
  defaultOptions: string[];
  /** The value the map colours: crimes per 1,000 people, or the total for a precinct. */
  density: number | null;
  /** The selected types' shares of the total. */
  distribution: DistributionItem[];
  /** Per child boundary: the distribution in its own latest period (grid view). */
  groupedByBoundary: GroupedByBoundary[];
  /** Whether it is the latest year with national figures. */
  isLatest: boolean;
  /** Chart colours, dark to light red. */
  palette: string[];
  /** Label of the latest financial year, `2022/23`. */
  period: string | null;
  /** Last day of that year, `2023-03-31`. */
  periodEnd: string | null;
  /** First day of that year, `2022-04-01`. */
  periodStart: string | null;
  /** Label of the year before, when it has figures. */
  previousPeriod: string | null;
  /** The same sum in the year before. */
  previousTotal: number | null;
  /** `#A8161D`. */
  primaryColor: string;
  /** Crimes per 100,000 people, 2 decimals (spec §9; `null` for a precinct or without
    population). */
  rate: number | null;
  /** The crime type ids counted (strings, spec §2 Filters). */
  selectedOptions: string[];
  /** Total of the selected types per financial year, oldest first. */
  series: SeriesPoint[];
  /** Where the figures come from. */
  source: DataSource;
  /** Always `true`. */
  success: boolean;
  /** Total GBVF crime: the sum of the selected types in the period (crimes). */
  total: number | null;
  /** Its first calendar year, 2022. */
  year: number | null;
};
export type ActionTypeStat = {
  /** Type id. */
  collectiveActionTypeId: number;
  /** Type name. */
  description: string;
  /** Active challenges. */
  total: number;
  /** All challenges. */
  totalCollectiveActions: number;
};
export type ActionArea = {
  /** The area's boundary id. */
  boundaryId: number;
  /** Its name. */
  description: string;
  /** Active challenges in it. */
  total: number;
  /** All challenges in it. */
  totalCollectiveActions: number;
};
export type CycleStat = {
  /** Its active challenges. */
  activeCollectiveActions: number;
  /** Its past challenges. */
  completedCollectiveActions: number;
  /** Cycle id. */
  cycleId: number;
  /** Cycle name. */
  description: string;
  /** Last month, `YYYY-MM`, when stated. */
  endMonth: string | null;
  /** Whether today's month is inside it. */
  isActive: boolean;
  /** Whether it is the current cycle (docs/decisions.md, issue 13). */
  isCurrentCycle: boolean;
  /** First month, `YYYY-MM`, when stated. */
  startMonth: string | null;
  /** All its challenges. */
  totalCollectiveActions: number;
};
export type PillarStat = {
  /** Always `null` (the pillar is not split by type here). */
  collectiveActionTypeId: number | null;
  /** Pillar name. */
  description: string;
  /** Help text. */
  help: string;
  /** Past challenges. */
  inactive: number;
  /** Whether the filter selects the pillar. */
  isIncluded: boolean;
  /** Pillar id (0: not stated). */
  pillarId: number;
  /** Active challenges. */
  total: number;
  /** All challenges. */
  totalCollectiveActions: number;
};
export type CollectiveActionStats = {
  /** Challenges shown that are active today. */
  activeCollectiveActions: number;
  /** One per collective-action type. */
  collectiveActionStats: ActionTypeStat[];
  /** Per map area (the boundary and its child areas, not precincts). */
  containedBoundaryData: ActionArea[];
  /** Every cycle. */
  cycles: CycleStat[];
  /** Challenges shown that are past. */
  inactiveCollectiveActions: number;
  /** One per pillar, plus "Pillar not stated" (id 0) when a challenge has none. */
  pillarStats: PillarStat[];
  /** Challenges shown. */
  totalActions: number;
};
export type Participation = {
  /** Maturity in percent, or `null` under the privacy rule (spelled as the specification
    spells it). */
  overalMaturity: number | null;
  /** Organisations with responses. */
  participatingOrganisations: number;
  /** Responses. */
  totalActualResponses: number;
};
export type QuarterStat = Participation & {
  /** `2026Q3`. */
  quarter: string;
};
export type AreaStat = Participation & {
  /** The child boundary. */
  boundaryId: number;
};
export type OrganisationTypeStat = Participation & {
  /** Its name. */
  description: string;
  /** Approved organisations of the type in the boundary. */
  organisationCount: number;
  /** Organisation type id. */
  organisationTypeId: number;
  /** `2026Q3`. */
  quarter: string;
};
export type HealthCheckStats = {
  /** The boundary. */
  boundaryId: number;
  /** Participation per quarter with responses, oldest first. */
  byQuarter: QuarterStat[];
  /** Per child boundary with responses in the quarter. */
  containedBoundaryData: AreaStat[];
  /** Whether any figure comes from example data. */
  example: boolean;
  /** Per organisation type (the Reach pie and maturity per type). */
  healthCheckStats: OrganisationTypeStat[];
  /** The privacy rule, for people. */
  note: string;
  /** The quarter's figures over all organisation types. */
  overall: Participation;
  /** `2026 Q3`. */
  period: string;
  /** `2026Q3`. */
  quarter: string;
  /** `overall.totalActualResponses`. */
  totalActualResponses: number;
  /** Responses expected in the quarter. */
  totalExpectedResponses: number;
  /** Approved organisations in the boundary. */
  totalOrganisations: number;
  /** `overall.participatingOrganisations`. */
  totalParticipatingOrganisations: number;
};
export type Dashboard = {
  /** The boundary asked for. */
  boundary: Boundary;
  /** Component 1: availability per category, block and requirement. */
  buildingBlock: BuildingBlockData;
  /** Component 4. */
  collectiveAction: CollectiveActionStats;
  /** Component 3. */
  crime: CrimeStats;
  /** Component 2: reach and maturity. */
  healthCheck: HealthCheckStats;
  /** Always `true`. */
  success: boolean;
};
export type OptionId = string | number;
export type SubOption = {
  /** Its id. */
  id: OptionId;
  /** Its name. */
  name: string;
};
export type ComponentOption = {
  /** Its id. */
  id: OptionId;
  /** Its name. */
  name: string;
  /** Nested options. */
  options: SubOption[];
};
export type Component = {
  /** 1 building block, 2 health check, 3 crime, 4 collective action. */
  componentId: number;
  /** One sentence on what it shows. */
  description: string;
  /** Title of its source link. */
  linkTitle: string | null;
  /** Its source link. */
  linkUrl: string | null;
  /** Title. */
  name: string;
  /** Filter options. */
  options: ComponentOption[];
  /** Position on the dashboard, from 1. */
  seq: number;
};
export type Health = {
  /** `reachable` or `unreachable`. */
  database: string;
  /** Each projection's status when the database is reachable
    (`gbvf_projections::engine::Status`: `projection`, `version`, `position`,
    `events_applied`, `lag_events`, `lag_seconds`, `state`, `updated_at`); absent otherwise. */
  projections?: object[] | null;
  /** `ok` or `unavailable`. */
  status: string;
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
export type SearchBody = {
  OrganisationName?: string | null;
  pageNumber?: number | null;
  pageSize?: number | null;
  sort?: string | null;
  statusId?: number | null;
};
export type HealthCheckStatsAnswer = {
  /** The figures. */
  data: HealthCheckStats;
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
