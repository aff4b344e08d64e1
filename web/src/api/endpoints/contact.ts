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
export type GetBoundaryCountsApiResponse = unknown;
export type GetBoundaryCountsApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type SearchContactsApiResponse = unknown;
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
export const { useGetBoundaryCountsQuery, useSearchContactsQuery } =
  injectedRtkApi;
