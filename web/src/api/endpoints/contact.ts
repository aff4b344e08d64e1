import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBoundaryCounts: build.query<
      GetBoundaryCountsApiResponse,
      GetBoundaryCountsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/getBoundaryCounts`,
        params: {
          boundaryId: queryArg.boundaryId,
        },
      }),
    }),
    searchContacts: build.query<
      SearchContactsApiResponse,
      SearchContactsApiArg
    >({
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
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetBoundaryCountsApiResponse =
  /** status 200 Counts per category and building block */ BoundaryCategoryCount[];
export type GetBoundaryCountsApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type SearchContactsApiResponse =
  /** status 200 Contact directory results (spec §3) */ ContactSearchResult[];
export type SearchContactsApiArg = {
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
export type DirectoryAddress = {
  /** Always 1. */
  addressId: number;
  /** The address. */
  addressLine1: string;
  /** Always 1 (physical). */
  addressTypeId: number;
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
export type PublicContactPerson = {
  /** The person's id (`bb_contact_person`). */
  contactId: string;
  /** Their work numbers only: telephone (3) and alternate (4), never mobile or e-mail. */
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
  /** Its verified requirements with their verified contact persons; empty for shelters. */
  buildingBlockRequirements: DirectoryRequirement[];
  /** Its verified contacts (imported ones before any verification); a shelter's telephone
    lines only (types 3 and 4). */
  contacts: DirectoryContact[];
  /** Its municipality's name. */
  localMunicipalityName: string;
  /** Its name. */
  name: string;
  /** The provider id. */
  stakeholderId: number;
};
export const { useGetBoundaryCountsQuery, useSearchContactsQuery } =
  injectedRtkApi;
