import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBuildingBlocksAssociatedToUser: build.query<
      GetBuildingBlocksAssociatedToUserApiResponse,
      GetBuildingBlocksAssociatedToUserApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/getBuildingBlockAssociatedToUser`,
        params: {
          boundaryId: queryArg.boundaryId,
        },
      }),
    }),
    getProviderWithRequirements: build.query<
      GetProviderWithRequirementsApiResponse,
      GetProviderWithRequirementsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/getBuildingBlockContactsWithRequirements`,
        params: {
          buildingBlockId: queryArg.buildingBlockId,
          stakeholderId: queryArg.stakeholderId,
          format: queryArg.format,
        },
      }),
    }),
    getProvidersOnMunicipality: build.query<
      GetProvidersOnMunicipalityApiResponse,
      GetProvidersOnMunicipalityApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/getBuildingBlockOnMunicipality`,
        params: {
          boundaryStakeholderId: queryArg.boundaryStakeholderId,
          buildingBlockId: queryArg.buildingBlockId,
        },
      }),
    }),
    getProviderHistory: build.query<
      GetProviderHistoryApiResponse,
      GetProviderHistoryApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/history`,
        params: {
          buildingBlockId: queryArg.buildingBlockId,
          stakeholderId: queryArg.stakeholderId,
          format: queryArg.format,
        },
      }),
    }),
    returnProvider: build.mutation<
      ReturnProviderApiResponse,
      ReturnProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/returnBuildingBlock`,
        method: "POST",
        body: queryArg.decisionBody,
      }),
    }),
    updateProvider: build.mutation<
      UpdateProviderApiResponse,
      UpdateProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/updateBuildingBlockContactsAndRequirements`,
        method: "PUT",
        body: queryArg.updateBody,
      }),
    }),
    verifyProvider: build.mutation<
      VerifyProviderApiResponse,
      VerifyProviderApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/verifyBuildingBlock`,
        method: "POST",
        body: queryArg.decisionBody,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetBuildingBlocksAssociatedToUserApiResponse = unknown;
export type GetBuildingBlocksAssociatedToUserApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type GetProviderWithRequirementsApiResponse = unknown;
export type GetProviderWithRequirementsApiArg = {
  /** Building block id. */
  buildingBlockId?: number;
  /** The provider. */
  stakeholderId?: number;
  /** `csv` for the history as CSV. */
  format?: string;
};
export type GetProvidersOnMunicipalityApiResponse = unknown;
export type GetProvidersOnMunicipalityApiArg = {
  /** The municipality's boundary id. */
  boundaryStakeholderId?: number;
  /** Building block id. */
  buildingBlockId?: number;
};
export type GetProviderHistoryApiResponse = unknown;
export type GetProviderHistoryApiArg = {
  /** Building block id. */
  buildingBlockId?: number;
  /** The provider. */
  stakeholderId?: number;
  /** `csv` for the history as CSV. */
  format?: string;
};
export type ReturnProviderApiResponse = unknown;
export type ReturnProviderApiArg = {
  decisionBody: DecisionBody;
};
export type UpdateProviderApiResponse = unknown;
export type UpdateProviderApiArg = {
  updateBody: UpdateBody;
};
export type VerifyProviderApiResponse = unknown;
export type VerifyProviderApiArg = {
  decisionBody: DecisionBody;
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
export const {
  useGetBuildingBlocksAssociatedToUserQuery,
  useGetProviderWithRequirementsQuery,
  useGetProvidersOnMunicipalityQuery,
  useGetProviderHistoryQuery,
  useReturnProviderMutation,
  useUpdateProviderMutation,
  useVerifyProviderMutation,
} = injectedRtkApi;
