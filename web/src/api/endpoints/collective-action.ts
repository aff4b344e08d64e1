import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCollectiveActionCard: build.query<
      GetCollectiveActionCardApiResponse,
      GetCollectiveActionCardApiArg
    >({
      query: (queryArg) => ({
        url: `/api/CollectiveAction/getCollectiveActionDetailsByStakeholderId`,
        params: {
          stakeholderId: queryArg.stakeholderId,
        },
      }),
    }),
    getActionsByBoundary: build.query<
      GetActionsByBoundaryApiResponse,
      GetActionsByBoundaryApiArg
    >({
      query: (queryArg) => ({
        url: `/api/CollectiveAction/getCollectiveActionsByBoundary`,
        params: {
          boundaryId: queryArg.boundaryId,
        },
      }),
    }),
    recordCollectiveAction: build.mutation<
      RecordCollectiveActionApiResponse,
      RecordCollectiveActionApiArg
    >({
      query: (queryArg) => ({
        url: `/api/admin/collectiveActions`,
        method: "POST",
        body: queryArg.recordCollectiveAction,
      }),
    }),
    completeCollectiveAction: build.mutation<
      CompleteCollectiveActionApiResponse,
      CompleteCollectiveActionApiArg
    >({
      query: (queryArg) => ({
        url: `/api/admin/collectiveActions/${queryArg.id}/complete`,
        method: "POST",
      }),
    }),
    reportCollectiveActionResult: build.mutation<
      ReportCollectiveActionResultApiResponse,
      ReportCollectiveActionResultApiArg
    >({
      query: (queryArg) => ({
        url: `/api/admin/collectiveActions/${queryArg.id}/result`,
        method: "POST",
        body: queryArg.reportBody,
      }),
    }),
    getActionsGeomarkers: build.query<
      GetActionsGeomarkersApiResponse,
      GetActionsGeomarkersApiArg
    >({
      query: (queryArg) => ({
        url: `/api/geography/actionsGeomarker/${queryArg.componentId}/${queryArg.boundaryId}`,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetCollectiveActionCardApiResponse =
  /** status 200 Collective action card */ CollectiveActionCard;
export type GetCollectiveActionCardApiArg = {
  /** The pin's `stakeholder`: the boundary id of the municipality (or district) the
    collective actions are placed in. */
  stakeholderId: number;
};
export type GetActionsByBoundaryApiResponse =
  /** status 200 The collective actions */ CollectiveAction[];
export type GetActionsByBoundaryApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type RecordCollectiveActionApiResponse =
  /** status 201 Recorded */ CollectiveActionRecorded;
export type RecordCollectiveActionApiArg = {
  recordCollectiveAction: RecordCollectiveAction;
};
export type CompleteCollectiveActionApiResponse =
  /** status 200 Completed */ Succeeded;
export type CompleteCollectiveActionApiArg = {
  /** collectiveActionId */
  id: string;
};
export type ReportCollectiveActionResultApiResponse =
  /** status 200 Reported */ Succeeded;
export type ReportCollectiveActionResultApiArg = {
  /** collectiveActionId */
  id: string;
  reportBody: ReportBody;
};
export type GetActionsGeomarkersApiResponse =
  /** status 200 GeoJSON FeatureCollection of points */ MarkerCollection;
export type GetActionsGeomarkersApiArg = {
  /** 4 (collective action) */
  componentId: number;
  /** boundary */
  boundaryId: number;
};
export type CollectiveAction = {
  /** True while not completed. */
  active: boolean;
  /** The boundary it is placed in; null when it could not be placed. */
  boundaryId: number | null;
  /** The collective action id. */
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
export type CollectiveActionCard = {
  /** Its active collective actions. */
  activeCollectiveActions: CollectiveAction[];
  /** The boundary of the pin. */
  boundaryId: number;
  /** Its completed collective actions. */
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
export type CollectiveActionRecorded = {
  /** The new collective action's id. */
  collectiveActionId: string;
  /** Always `true`. */
  success: boolean;
};
export type RecordCollectiveAction = {
  /** The municipality (boundary id of level municipality or district). */
  boundaryId: number;
  /** `collectiveActionTypeId` 1..=5. */
  collectiveActionTypeId: number;
  /** One of the cycles' ids (1–5, 99 "Year not stated"). */
  cycleId: 1 | 2 | 3 | 4 | 5 | 99;
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
  /** The result (required: not blank). */
  outcome: string;
  /** Where it was reported (optional). */
  sourceUrl?: string;
};
export type PointType = "Point";
export type Point = {
  /** `[longitude, latitude]`, WGS84. */
  coordinates: number[];
  /** `"Point"`. */
  type: PointType;
};
export type FeatureId = number | string;
export type MarkerProperties = {
  /** `false` for a collective action that has ended. */
  active: boolean;
  /** The boundary the point belongs to. */
  boundaryId: number;
  /** That boundary's public type id (3 municipality, 5 SAPS precinct). */
  boundaryTypeId: number;
  /** The provider's building block, by name. */
  buildingBlock: string | null;
  /** The provider's building-block category id. */
  buildingBlockCategoryId: number | null;
  /** The provider's building block id. */
  buildingBlockId?: number | null;
  /** A collective action's collective-action type id. */
  collectiveActionTypeId: number | null;
  /** A collective action's municipality, by name. */
  localMunicipalityName?: string | null;
  /** The name shown. */
  name: string;
  /** A collective action's pillar (0: not stated; admin spec "Pillars"). */
  pillarId: number | null;
  /** A police station's entry in the contact directory (its `stakeholderId` there), when
    the directory has the station; its contact card opens from the crime map's pin. */
  providerStakeholderId?: number | null;
  /** What a click opens: the provider id, the SAPS station code, or the municipality's
    boundary id for a collective action (its collective action card). */
  stakeholder: string;
  /** 1 service provider, 5 police station; `null` for a collective action. */
  stakeholderTypeId: number | null;
};
export type FeatureType = "Feature";
export type MarkerFeature = {
  /** Where it is. */
  geometry: Point;
  /** The provider, police station (boundary) or collective action id. */
  id: FeatureId;
  /** What the map shows and opens (spec §3 "Map point properties"). */
  properties: MarkerProperties;
  /** `"Feature"`. */
  type: FeatureType;
};
export type FeatureCollectionType = "FeatureCollection";
export type MarkerCollection = {
  /** The points, ordered by name. */
  features: MarkerFeature[];
  /** `"FeatureCollection"`. */
  type: FeatureCollectionType;
};
export const {
  useGetCollectiveActionCardQuery,
  useGetActionsByBoundaryQuery,
  useRecordCollectiveActionMutation,
  useCompleteCollectiveActionMutation,
  useReportCollectiveActionResultMutation,
  useGetActionsGeomarkersQuery,
} = injectedRtkApi;
