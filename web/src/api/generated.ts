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
            body: queryArg.registrationForm,
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
          body: queryArg.profileForm,
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
export type DetailsApiResponse = /** status 200 Challenge card */ ChallengeCard;
export type DetailsApiArg = {
  /** The pin's `stakeholder`: the boundary id of the municipality (or district) the
    challenges are placed in. */
  stakeholderId: number;
};
export type ByBoundaryApiResponse =
  /** status 200 The challenges */ CollectiveAction[];
export type ByBoundaryApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type RecordApiResponse = /** status 201 Recorded */ ChallengeRecorded;
export type RecordApiArg = {
  recordChallenge: RecordChallenge;
};
export type CompleteApiResponse = /** status 200 Completed */ Succeeded;
export type CompleteApiArg = {
  /** collectiveActionId */
  id: string;
};
export type ReportApiResponse = /** status 200 Reported */ Succeeded;
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
export type AuthCsrfApiResponse = /** status 200 The token */ CsrfToken;
export type AuthCsrfApiArg = void;
export type AuthForgotPasswordApiResponse = unknown;
export type AuthForgotPasswordApiArg = {
  forgotBody: ForgotBody;
};
export type AuthGetOrganisationTypesApiResponse =
  /** status 200 Every organisation type */ OrganisationType[];
export type AuthGetOrganisationTypesApiArg = void;
export type AuthGetUserJobRolesApiResponse =
  /** status 200 Every job role */ JobRole[];
export type AuthGetUserJobRolesApiArg = void;
export type AuthGetUserTitlesApiResponse =
  /** status 200 Every title */ Title[];
export type AuthGetUserTitlesApiArg = void;
export type AuthLoginApiResponse = unknown;
export type AuthLoginApiArg = {
  loginBody: LoginBody;
};
export type AuthLogoutApiResponse = /** status 200 Signed out */ Done;
export type AuthLogoutApiArg = void;
export type AuthProfileApiResponse =
  /** status 200 The profile */ ProfileAnswer;
export type AuthProfileApiArg = void;
export type AuthRegisterApiResponse =
  /** status 200 Registered (the OTP e-mail is sent), or the step is valid */ Registered;
export type AuthRegisterApiArg = {
  registrationForm: RegistrationForm;
};
export type AuthResendOtpApiResponse = unknown;
export type AuthResendOtpApiArg = {
  resendBody: ResendBody;
};
export type AuthResetPasswordApiResponse = unknown;
export type AuthResetPasswordApiArg = {
  passwordBody: PasswordBody;
};
export type AuthUpdateProfileApiResponse = /** status 200 Saved */ Saved;
export type AuthUpdateProfileApiArg = {
  profileForm: ProfileForm;
};
export type AuthUserAuthenticatedApiResponse =
  /** status 200 The session */ SessionState;
export type AuthUserAuthenticatedApiArg = void;
export type AuthVerifyOtpApiResponse = unknown;
export type AuthVerifyOtpApiArg = {
  verifyOtpBody: VerifyOtpBody;
};
export type BoundaryCountsApiResponse =
  /** status 200 Counts per category and building block */ BoundaryCategoryCount[];
export type BoundaryCountsApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type AssociatedToUserApiResponse =
  /** status 200 Municipalities with verified/total per building block */ AssignedMunicipality[];
export type AssociatedToUserApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type ContactsWithRequirementsApiResponse =
  /** status 200 Building block details */ BuildingBlockDetails;
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
export type OnMunicipalityApiResponse =
  /** status 200 Providers with status */ ProviderStatus[];
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
export type HistoryApiResponse =
  /** status 200 History entries (JSON) or text/csv */ ProviderHistory;
export type HistoryApiArg = {
  /** Building block id. */
  buildingBlockId?: number;
  /** The provider. */
  stakeholderId?: number;
  /** `csv` for the history as CSV. */
  format?: string;
};
export type ReturnBlockApiResponse = /** status 200 Returned */ Done;
export type ReturnBlockApiArg = {
  decisionBody: DecisionBody;
};
export type SearchContactApiResponse =
  /** status 200 Contact directory results (spec §3) */ ContactSearchResult[];
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
export type UpdateApiResponse =
  /** status 200 'Building block updated successfully' */ Done;
export type UpdateApiArg = {
  updateBody: UpdateBody;
};
export type VerifyApiResponse = /** status 200 Verified */ Done;
export type VerifyApiArg = {
  decisionBody: DecisionBody;
};
export type FeatureFlagsApiResponse =
  /** status 200 The feature flags */ FeatureFlags;
export type FeatureFlagsApiArg = void;
export type RecordFigureApiResponse = /** status 200 Recorded */ FigureRecorded;
export type RecordFigureApiArg = {
  recordFigureBody: RecordFigureBody;
};
export type CrimeImportApiResponse =
  /** status 200 The import's report: figures appended, unplaced rows and why */ CrimeImported;
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
export type ActiveQuestionnairesApiResponse =
  /** status 200 Every published version */ QuestionnaireVersions;
export type ActiveQuestionnairesApiArg = void;
export type HealthcheckGetAdminDashboardApiResponse =
  /** status 200 The counts, as a list of one */ AdminDashboard[];
export type HealthcheckGetAdminDashboardApiArg = void;
export type OrganisationHealthChecksApiResponse =
  /** status 200 The organisation's survey periods */ OrganisationHealthChecksAnswer;
export type OrganisationHealthChecksApiArg = {
  /** Staff 1 (default) or Students 2. */
  questionnaireTypeId?: number;
};
export type SummarisedApiResponse =
  /** status 200 Participation per questionnaire version */ QuestionnaireSummaries;
export type SummarisedApiArg = void;
export type InviteCodeApiResponse =
  /** status 200 Survey Link generated succesfully */ SurveyLink;
export type InviteCodeApiArg = {
  inviteCodeBody: InviteCodeBody;
};
export type HealthcheckOrganisationApiResponse =
  /** status 200 The application */ OrganisationApplicationAnswer;
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
export type OrganisationalResultApiResponse =
  /** status 200 The results */ OrganisationalResultAnswer;
export type OrganisationalResultApiArg = {
  resultBody: ResultBody;
};
export type HealthcheckSearchOrganisationsApiResponse =
  /** status 200 One page of applications */ OrganisationPage;
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
export type SubmitApiResponse =
  /** status 200 Thank you. Your response has been recorded. */ Done;
export type SubmitApiArg = {
  submitBody: SubmitBody;
};
export type HealthcheckVerifyApiResponse = /** status 200 Decided */ Done;
export type HealthcheckVerifyApiArg = {
  verifyBody: VerifyBody;
};
export type SecurityAddGroupApiResponse =
  /** status 200 Created */ GroupCreated;
export type SecurityAddGroupApiArg = {
  groupBody: GroupBody;
};
export type SecurityAddGroupActionsApiResponse =
  /** status 200 Updated */ GroupActionsChanged;
export type SecurityAddGroupActionsApiArg = {
  groupBody: GroupBody;
};
export type SecurityCreateNewUserApiResponse =
  /** status 200 Created */ UserCreated;
export type SecurityCreateNewUserApiArg = {
  userForm: UserForm;
};
export type SecurityDeleteGroupApiResponse = /** status 200 Deleted */ Done;
export type SecurityDeleteGroupApiArg = {
  /** The group id: required, a whole number ("groupId must be a whole number."). */
  groupId: number;
};
export type SecurityDeleteGroupActionsApiResponse =
  /** status 200 Updated */ GroupActionsChanged;
export type SecurityDeleteGroupActionsApiArg = {
  groupBody: GroupBody;
};
export type SecurityDeleteUserApiResponse = /** status 200 Deleted */ Done;
export type SecurityDeleteUserApiArg = {
  /** The user id (required: "stakeholderId is required."). */
  stakeholderId: string;
};
export type SecurityEditUserDetailsApiResponse =
  /** status 200 Updated */ Saved;
export type SecurityEditUserDetailsApiArg = {
  /** The user id (required: "stakeholderId is required."). */
  stakeholderId: string;
  userForm: UserForm;
};
export type SecurityEraseUserApiResponse =
  /** status 200 Erased (or already erased) */ EraseAnswer;
export type SecurityEraseUserApiArg = {
  /** The user id (required: "stakeholderId is required."). */
  stakeholderId: string;
};
export type SecurityGetAllActionsApiResponse =
  /** status 200 Every action */ SecurityAction[];
export type SecurityGetAllActionsApiArg = void;
export type SecurityGetAllUsersApiResponse =
  /** status 200 Users with their groups */ UserSummary[];
export type SecurityGetAllUsersApiArg = void;
export type SecurityGetGroupActionsApiResponse =
  /** status 200 The group's actions */ SecurityAction[];
export type SecurityGetGroupActionsApiArg = {
  groupIdBody: GroupIdBody;
};
export type SecurityGetGroupsApiResponse =
  /** status 200 Groups with their actions */ Group[];
export type SecurityGetGroupsApiArg = {
  /** A group id: a whole number ("groupId must be a whole number."). */
  groupId?: number;
};
export type SecurityGetLocalMunicipalitiesApiResponse =
  /** status 200 Every local municipality, by name */ Municipality[];
export type SecurityGetLocalMunicipalitiesApiArg = void;
export type SecurityGetOrganisationsApiResponse =
  /** status 200 Every organisation, by name */ Company[];
export type SecurityGetOrganisationsApiArg = void;
export type SecurityGetUserDetailsApiResponse =
  /** status 200 One user */ UserAccountDetails;
export type SecurityGetUserDetailsApiArg = {
  /** The user id (required: "stakeholderId is required."). */
  stakeholderId: string;
};
export type CollectiveAction = {
  /** True while not completed. */
  active: boolean;
  /** The boundary it is placed in; null when it could not be placed. */
  boundaryId: number | null;
  /** The challenge id. */
  collectiveActionId: string;
  /** Collective action type id. */
  collectiveActionTypeId: number;
  /** When it was completed, if it was. */
  completedOn: string | null;
  /** The cycle's name, if known. */
  cycleDescription: string | null;
  /** Cycle id. */
  cycleId: number;
  /** Its goal. */
  description: string;
  /** Its municipality's (or district's) name; null when it could not be placed. */
  localMunicipalityName: string | null;
  /** Its name. */
  name: string;
  /** The reported result, if any. */
  outcome: string | null;
  /** Where the result was reported, if stated. */
  outcomeSourceUrl: string | null;
  /** How the pillar was chosen. */
  pillarBasis: string;
  /** The pillar's name. */
  pillarDescription: string;
  /** Pillar id (0: not stated). */
  pillarId: number;
  /** The place as the source names it. */
  placeName: string;
  /** The source's URL. */
  sourceUrl: string;
  /** Start date, if stated. */
  validFrom: string | null;
  /** End date, if stated. */
  validTo: string | null;
};
export type ChallengeCard = {
  /** Its active challenges. */
  activeCollectiveActions: CollectiveAction[];
  /** The boundary of the pin. */
  boundaryId: number;
  /** Its completed challenges. */
  inactiveCollectiveActions: CollectiveAction[];
  /** Its name. */
  localMunicipalityName: string;
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
export type ChallengeRecorded = {
  /** The new challenge's id. */
  collectiveActionId: string;
  /** Always `true`. */
  success: boolean;
};
export type RecordChallenge = {
  /** The municipality (boundary id of level municipality or district). */
  boundaryId: number;
  /** `collectiveActionTypeId` 1..=5. */
  collectiveActionTypeId: number;
  /** `cycleId`: one of the cycles' ids (1–5, 99 "Year not stated"). */
  cycleId: number;
  /** Goal. */
  description?: string;
  /** Team name (required: not blank). */
  name: string;
  /** Pillar 1..=6, or absent for "Pillar not stated". */
  pillarId?: number | null;
  /** Where the facts come from (optional for an administrator's own record). */
  sourceUrl?: string;
  /** First day, `YYYY-MM-DD`. */
  validFrom: string;
  /** Last day, `YYYY-MM-DD`, not before `validFrom`. */
  validTo: string;
};
export type Succeeded = {
  /** Always `true`. */
  success: boolean;
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
  ConfirmPassword: string;
  Email: string;
  Password: string;
  /** The specification's UserType (public spec §7: add-password and reset-password send it);
    accepted and not needed, since each call is one flow. */
  UserType?: number | null;
};
export type CsrfToken = {
  /** To send as `X-CSRF-Token` with every state-changing request. */
  csrfToken: string;
};
export type ForgotBody = {
  Email: string;
};
export type OrganisationType = {
  /** Its name. */
  description: string;
  /** Organisation type id. */
  organisationTypeId: number;
};
export type JobRole = {
  /** Its name. */
  description: string;
  /** Job role id. */
  roleId: number;
};
export type Title = {
  /** "Mr", "Ms", ... */
  description: string;
  /** Title id. */
  titleId: number;
};
export type LoginBody = {
  Password: string;
  Username: string;
};
export type Done = {
  /** The confirmation, for people. */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type UserProfile = {
  /** Alternative number (digits), if any. */
  alternativeNumber: string | null;
  /** The e-mail address. */
  email: string;
  /** First and last name. */
  fullName: string;
  /** True when the user holds BuildingBlockAdmin (35). */
  isBuildingBlockAdmin: boolean;
  /** Job role id, if chosen. */
  jobRole: number | null;
  /** Mobile number (digits), if any. */
  mobileNumber: string | null;
  /** Title id, if chosen. */
  titleId: number | null;
};
export type ProfileAnswer = {
  /** The profile. */
  data: UserProfile;
  /** Always `true`. */
  success: boolean;
};
export type Registered = {
  /** The address the code was sent to (absent for a valid step). */
  email?: string | null;
  /** Always empty (a valid step only). */
  errors?: ErrorItem[] | null;
  /** The registration message of public spec §8 (empty for a valid step). */
  message: string;
  /** The code itself, only in development mode; null otherwise (absent for a valid step). */
  otp?: string | null;
  /** Codes sent again so far (absent for a valid step). */
  resendCount?: number | null;
  /** Always `true`. */
  success: boolean;
  /** 1 NewUser (absent for a valid step). */
  userType?: number | null;
};
export type RegistrationForm = {
  /** City (optional). */
  City?: string | null;
  /** The password again. */
  ConfirmPassword?: string | null;
  /** District of that province (boundary id). */
  District?: number | null;
  /** E-mail address. */
  Email?: string | null;
  /** First name: letters, spaces, . ' - (at most 100 characters). */
  FirstName?: string | null;
  /** Job role id (reference list). */
  JobRole?: number | null;
  /** Last name, as the first name. */
  LastName?: string | null;
  /** Local municipality of that district (boundary id). */
  LocalMunicipality?: number | null;
  /** Members in the organisation: at least 1. */
  MemberInOrganisation?: number | null;
  /** Mobile number: 10 digits once stripped to digits. */
  MobileNumber?: string | null;
  /** Branch (optional). */
  OrganisationBranch?: string | null;
  /** Organisation name: letters, digits, spaces and . ' - , & ( ) / (at most 100 characters). */
  OrganisationName?: string | null;
  /** Organisation type id (reference list). */
  OrganisationType?: number | null;
  /** Password: at least 12 characters with a digit, a lowercase and an uppercase letter and
    one of `!@#$%^&*()` (public spec §5, §9). */
  Password?: string | null;
  /** Postal code: digits (optional). */
  PostalCode?: string | null;
  /** Province (boundary id). */
  Province?: number | null;
  /** Street name (optional). */
  StreetName?: string | null;
  /** Street number (optional). */
  StreetNumber?: string | null;
  /** Suburb (optional). */
  Suburb?: string | null;
  /** Title id (reference list). */
  Title?: number | null;
  /** The terms and conditions are accepted (must be true). */
  terms?: boolean | null;
  /** 1, 2 or 3: only that step is validated and nothing is stored. */
  validateStep?: number | null;
};
export type ResendBody = {
  Email: string;
  UserType?: number | null;
};
export type Saved = {
  /** Always empty. */
  errors: ErrorItem[];
  /** The confirmation, for people. */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type ProfileForm = {
  /** Alternative number: 10 digits once stripped to digits (optional). */
  alternativeNumber?: string | null;
  /** The new password again. */
  confirmPassword?: string | null;
  /** The current password, required with a new one. */
  currentPassword?: string | null;
  /** Full name: letters, spaces, . ' - (at most 100 characters). */
  fullName?: string | null;
  /** Job role id (reference list). */
  jobRole?: number | null;
  /** Mobile number: required, 10 digits once stripped to digits. */
  mobileNumber?: string | null;
  /** A new password (optional): the rules of the sign-up's. */
  newPassword?: string | null;
  /** Title id (reference list). */
  titleId?: number | null;
};
export type SessionUserInfo = {
  /** The e-mail address. */
  email: string;
  /** First and last name. */
  name: string;
  /** Action ids the user holds (admin spec §3). */
  permissions: number[];
  /** The user id (UUID). */
  userId: string;
};
export type UserAction = {
  /** Action id. */
  actionId: number;
  /** Its name; null for an id the list does not know. */
  name: string | null;
};
export type SessionState = {
  /** The browser's CSRF token. */
  csrfToken: string;
  /** True in development mode (codes on screen, local outbox). */
  devMode: boolean;
  /** True when signed in. */
  isAuthenticated: boolean;
  /** The user's organisation's name, if any. */
  organisationName: string | null;
  /** The user's organisation's type id, if any. */
  organisationTypeId: number | null;
  user: null | SessionUserInfo;
  /** The actions the user holds (empty when not signed in). */
  userActions: UserAction[];
  /** 1 NewUser (must add a password), 2 ExistingUser, 3 ResetPassword; null when not signed in. */
  userType: number | null;
};
export type VerifyOtpBody = {
  Email: string;
  OTP: string;
  UserType?: number | null;
};
export type BlockCount = {
  /** Providers inside the boundary. */
  blockCount: number;
  /** Building block id. */
  buildingBlockId: number;
  /** Its name. */
  description: string;
};
export type BoundaryCategoryCount = {
  /** Category id. */
  buildingBlockCategoryId: number;
  /** Its building blocks, in the list's order. */
  buildingBlocks: BlockCount[];
  /** Its name. */
  categoryDescription: string;
  /** Sum of `blockCount` over its blocks. */
  totalCategoryCount: number;
};
export type BlockCompletion = {
  /** Building block id. */
  buildingBlockId: number;
  /** 0 incomplete, 1 in progress, 2 complete ([`completion`]). */
  completion: number;
  /** Its name. */
  description: string;
  /** Its providers in the municipality. */
  totalBuildingBlockCount: number;
  /** Those verified. */
  totalVerifiedBuildingBlockCount: number;
};
export type AssignedCategory = {
  /** Category id. */
  buildingBlockCategoryId: number;
  /** Its building blocks, in the list's order. */
  buildingBlocks: BlockCompletion[];
  /** Its name. */
  description: string;
};
export type AssignedMunicipality = {
  /** Every category, in the list's order. */
  buildingBlockCategories: AssignedCategory[];
  /** Its district's name (its own for a metro). */
  districtName: string;
  /** Its name. */
  name: string;
  /** Its province's name. */
  provinceName: string;
  /** Its boundary id. */
  stakeholderId: number;
};
export type ProviderAddress = {
  /** Always 1. */
  addressId: number;
  /** Physical address, if known. */
  addressLine1: string | null;
  /** Postal address, if known. */
  addressLine2: string | null;
};
export type ContactPersonDetails = {
  /** Alternate number (digits), if given. */
  alternateNumber: string | null;
  /** The person's id (`bb_contact_person`). */
  contactPersonId: string;
  /** E-mail address, if given. */
  emailAddress: string | null;
  /** Full name. */
  fullName: string;
  /** Job role, if given. */
  jobRole: string | null;
  /** Mobile number (digits), if given. */
  mobileNumber: string | null;
  /** Telephone number (digits), if given. */
  telephoneNumber: string | null;
};
export type RequirementDetails = {
  /** Stated as available in the provider's details. */
  available: boolean;
  /** Requirement id. */
  buildingBlockRequirementId: number;
  /** Requirement name. */
  name: string;
  /** Who answers for it. */
  stakeholderContactPerson: ContactPersonDetails[];
  /** Verified by the province. */
  verified: boolean;
};
export type DirectoryContact = {
  /** Always null: numbers are stored whole. */
  areaCode: string | null;
  /** Position in the list, from 1. */
  contactId: number;
  /** 1 e-mail, 2 mobile, 3 telephone, 4 alternate number. */
  contactTypeId: number;
  /** The address or number (digits). */
  detail: string;
};
export type BuildingBlockDetails = {
  /** Its addresses. */
  address: ProviderAddress;
  /** Its building block's name. */
  buildingBlock: string;
  /** Its building block id. */
  buildingBlockId: number;
  /** Every requirement of its building block. */
  buildingBlockRequirements: RequirementDetails[];
  /** Its contacts (the submitted ones once details were submitted). */
  contacts: DirectoryContact[];
  /** True for shelters (no address is ever kept). */
  isShelter: boolean;
  /** Its municipality's boundary id. */
  municipalityId: number;
  /** Its municipality's name. */
  municipalityName: string;
  /** Its name. */
  name: string;
  /** The provider id. */
  stakeholderId: number;
  /** Its workflow status (`imported`, `submitted`, `verified`, `returned`). */
  status: string;
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
export type ProviderStatus = {
  /** Its name. */
  name: string;
  /** The provider id. */
  stakeholderId: number;
  /** Its workflow status (`imported`, `submitted`, `verified`, `returned`). */
  status: string;
};
export type ProviderHistoryEntry = {
  /** Who (`user:<id>`, `import:...`). */
  actor: string;
  /** The acting user's e-mail ("Erased person" once erased); null for other actors. */
  actorEmail: string | null;
  /** When (RFC 3339, UTC), from the event's metadata. */
  at: string;
  /** What happened, in words. */
  detail: string;
  /** The event type. */
  eventType: string;
  /** The event's sequence in the provider's stream, from 1. */
  sequence: number;
  /** From where (`http:PUT ...`, `cli:...`). */
  source: string;
};
export type ProviderHistory = {
  /** Its events, oldest first. */
  history: ProviderHistoryEntry[];
  /** The provider id. */
  stakeholderId: number;
  /** Always `true`. */
  success: boolean;
};
export type DecisionBody = {
  /** Required when returning. */
  reason?: string | null;
  /** The provider. */
  stakeholderId: number;
};
export type DirectoryAddress = {
  /** Always 1. */
  addressId: number;
  /** The address. */
  addressLine1: string;
  /** Always 1 (physical). */
  addressTypeId: number;
};
export type PublicContactPerson = {
  /** The person's id (`bb_contact_person`). */
  contactId: string;
  /** Their e-mail and numbers. */
  contacts: DirectoryContact[];
  /** Full name. */
  name: string;
  /** Job role, if given. */
  role: string | null;
  /** Always 2 (a person). */
  stakeholderTypeId: number;
};
export type DirectoryRequirement = {
  /** Requirement id. */
  buildingBlockRequirementId: number;
  /** Requirement name. */
  name: string;
  /** Who answers for it. */
  stakeholderContactPerson: PublicContactPerson[];
};
export type ContactSearchResult = {
  address: null | DirectoryAddress;
  /** Its building block's name. */
  buildingBlock: string;
  /** Its building block id. */
  buildingBlockId: number;
  /** Its verified requirements. */
  buildingBlockRequirements: DirectoryRequirement[];
  /** Its contacts. */
  contacts: DirectoryContact[];
  /** Its municipality's name. */
  localMunicipalityName: string;
  /** Its name. */
  name: string;
  /** The provider id. */
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
export type FigureRecorded = {
  /** "Crime figure recorded.". */
  message: string;
  /** The request's id, as in the event's metadata. */
  requestId: string;
  /** Always `true`. */
  success: boolean;
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
export type UnplacedRow = {
  /** Crime category as written in the file. */
  category: string;
  /** Line of the file (1-based; the header is line 1). */
  line: number;
  /** Province as written in the file. */
  province: string;
  /** Why the row was not used, e.g. "unknown station", "count is not a whole number". */
  reason: string;
  /** Station name or boundary as written in the file. */
  station: string;
};
export type ImportReport = {
  /** True when this exact file had been imported completely before: nothing was appended. */
  already_imported: boolean;
  /** Figure events appended (new or revised). */
  figures_appended: number;
  /** Figures already recorded with the same count. */
  figures_unchanged: number;
  /** File imported (no directory). */
  file_name: string;
  /** Format used. */
  format: string;
  /** Rows skipped because their category is not a GBVF crime type, per category. */
  ignored_categories: {
    [key: string]: number;
  };
  /** Data rows read. */
  rows_read: number;
  /** Wall time in seconds. */
  seconds: number;
  /** SHA-256 of the file, hex. */
  sha256: string;
  /** Rows that could not be placed, with the reason. */
  unplaced: UnplacedRow[];
};
export type CrimeImported = {
  /** "Import finished.". */
  message: string;
  /** What the import did (the same report as `gbvf import crime`). */
  report: ImportReport;
  /** Always `true`. */
  success: boolean;
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
export type AdminDashboard = {
  /** Responses over current survey periods. */
  actualResponses: number;
  /** Approved organisations. */
  approvedOrganisationsCount: number;
  /** True when a survey figure includes example data (issue 12). */
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
export type AnswerDistribution = {
  /** Its text. */
  description: string;
  /** Percentage of the question's respondents (0–100, two decimals). */
  distributionValue: number;
  /** Answer id. */
  possibleAnswerId: number;
  /** Respondents who chose it. */
  responses: number;
  /** Its maturity score. */
  score: number;
};
export type PaletteEntry = {
  /** Colour (`#rrggbb`). */
  color: string;
  /** The answer's text. */
  description: string;
  /** Answer id. */
  id: number;
  /** Percentage with two decimals, as text ("12.50"). */
  percentage: string;
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
  /** People who answered it. */
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
export type OrganisationHealthCheck = {
  /** Responses so far. */
  actualResponses: number;
  /** Start of the period. */
  effectiveFrom: string;
  /** End of the period. */
  effectiveTo: string;
  /** True when the figures include example data (issue 12). */
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
  /** False below 5 responses. */
  resultsAvailable: boolean;
  /** The link; null like `inviteCode`. */
  url: string | null;
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
};
export type OrganisationHealthChecksAnswer = {
  /** The organisation and its periods. */
  data: OrganisationHealthChecks;
  /** Always `true`. */
  success: boolean;
};
export type QuestionnaireSummary = {
  /** Start of its active dates. */
  effectiveFrom: string;
  /** End of its active dates. */
  effectiveTo: string;
  /** True when the figures include example data (issue 12). */
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
export type SurveyLink = {
  /** The survey period's id. */
  healthCheckId: string;
  /** The invite code in the link. */
  inviteCode: string;
  /** "Survey Link generated succesfully" (the specification's spelling). */
  message: string;
  /** Always `true`. */
  success: boolean;
  /** The link respondents open. */
  url: string;
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
  /** 1 In Progess, 2 Rejected, 3 Approved. */
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
export type OrganisationalResult = {
  /** Responses so far, under the specification's misspelt name (admin spec §7). */
  actualResponeses: number;
  /** Responses so far. */
  actualResponses: number;
  /** True when the figures include example data (issue 12). */
  example: boolean;
  /** Expected responses. */
  expectedResponses: number;
  /** The survey period's id. */
  healthCheckId: string;
  /** Why results are not shown; null when they are. */
  message: string | null;
  /** Overall maturity in percent; null when not available. */
  overallMaturity: number | null;
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
export type OrganisationRow = {
  /** True for the shipped example organisations (issue 12). */
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
  /** 1 In Progess, 2 Rejected, 3 Approved. */
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
  /** 1 In Progess, 2 Rejected, 3 Approved; null for all. */
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
export type GroupCreated = {
  /** The new group's id. */
  groupId: number;
  /** "Group created successfully.". */
  message: string;
  /** Always `true`. */
  success: boolean;
};
export type GroupBody = {
  GroupId?: number | null;
  /** The group's name (AddGroup: required, unique, at most 100 characters). */
  GroupName?: string | null;
  UserActions?: number[];
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
export type GroupRef = {
  /** The group's name. */
  description: string;
  /** The group id. */
  groupId: number;
};
export type UserSummary = {
  /** First and last name. */
  displayName: string;
  /** True for the shipped example accounts (issue 12). */
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
  /** Its name. */
  name: string;
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
  /** The municipality's name; null with `municipalityId`. */
  description: string | null;
  /** The coordinator's municipality (boundary id); null for a contact person. */
  municipalityId: number | null;
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
