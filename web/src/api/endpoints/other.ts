import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditCheckpoints: build.query<
      GetAuditCheckpointsApiResponse,
      GetAuditCheckpointsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/audit/checkpoints`,
        params: {
          after: queryArg.after,
          limit: queryArg.limit,
        },
      }),
    }),
    getCsrfToken: build.query<GetCsrfTokenApiResponse, GetCsrfTokenApiArg>({
      query: () => ({ url: `/api/auth/csrf` }),
    }),
    getBuildingBlockData: build.query<
      GetBuildingBlockDataApiResponse,
      GetBuildingBlockDataApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/getBuildingBlockData`,
        params: {
          boundaryId: queryArg.boundaryId,
        },
      }),
    }),
    getBuildingBlockRequirementDetailData: build.query<
      GetBuildingBlockRequirementDetailDataApiResponse,
      GetBuildingBlockRequirementDetailDataApiArg
    >({
      query: (queryArg) => ({
        url: `/api/buildingblock/getBuildingBlockRquirementDetailData`,
        params: {
          buildingBlockCategoryId: queryArg.buildingBlockCategoryId,
          boundaryId: queryArg.boundaryId,
        },
      }),
    }),
    recordCrimeFigure: build.mutation<
      RecordCrimeFigureApiResponse,
      RecordCrimeFigureApiArg
    >({
      query: (queryArg) => ({
        url: `/api/crime/figures`,
        method: "POST",
        body: queryArg.recordFigureBody,
      }),
    }),
    importCrimeStatistics: build.mutation<
      ImportCrimeStatisticsApiResponse,
      ImportCrimeStatisticsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/crime/import`,
        method: "POST",
        body: queryArg.body,
        params: {
          format: queryArg.format,
          name: queryArg.name,
        },
      }),
    }),
    getContained: build.query<GetContainedApiResponse, GetContainedApiArg>({
      query: (queryArg) => ({
        url: `/api/geography/contained/`,
        params: {
          containingBoundaryId: queryArg.containingBoundaryId,
        },
      }),
    }),
    getGeomarkersInCategory: build.query<
      GetGeomarkersInCategoryApiResponse,
      GetGeomarkersInCategoryApiArg
    >({
      query: (queryArg) => ({
        url: `/api/geography/geomarker/${queryArg.componentId}/${queryArg.boundaryId}/${queryArg.categoryId}`,
      }),
    }),
    getHealth: build.query<GetHealthApiResponse, GetHealthApiArg>({
      query: () => ({ url: `/api/health` }),
    }),
    getHealthCheckStats: build.query<
      GetHealthCheckStatsApiResponse,
      GetHealthCheckStatsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/healthcheck/stats`,
        params: {
          boundaryId: queryArg.boundaryId,
          quarter: queryArg.quarter,
          componentOptions: queryArg.componentOptions,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetAuditCheckpointsApiResponse =
  /** status 200 Signed tree heads */ AuditCheckpoints;
export type GetAuditCheckpointsApiArg = {
  /** Only heads of more entries than this (default 0: from the first). */
  after?: number;
  /** At most this many heads (1 to 1,000; default 1,000). */
  limit?: number;
};
export type GetCsrfTokenApiResponse = /** status 200 The token */ CsrfToken;
export type GetCsrfTokenApiArg = void;
export type GetBuildingBlockDataApiResponse =
  /** status 200 Building block data (spec §3) */ BuildingBlockData;
export type GetBuildingBlockDataApiArg = {
  /** Boundary id. */
  boundaryId: number;
};
export type GetBuildingBlockRequirementDetailDataApiResponse =
  /** status 200 The building blocks of the category */ BlockStat[];
export type GetBuildingBlockRequirementDetailDataApiArg = {
  /** Category id. */
  buildingBlockCategoryId: number;
  /** Boundary id. */
  boundaryId: number;
};
export type RecordCrimeFigureApiResponse =
  /** status 200 Recorded (stored; the crime projection applies it within about a second) */ FigureRecorded;
export type RecordCrimeFigureApiArg = {
  recordFigureBody: RecordFigureBody;
};
export type ImportCrimeStatisticsApiResponse =
  /** status 200 The import's report: figures appended, unplaced rows and why */ CrimeImported;
export type ImportCrimeStatisticsApiArg = {
  format?: "station-2005" | "station-2003" | "saps-annual" | "long";
  /** File name recorded with the import. */
  name?: string;
  /** A SAPS crime statistics CSV (up to 64 MiB) */
  body: string;
};
export type GetContainedApiResponse =
  /** status 200 The boundaries, by name */ Boundary[];
export type GetContainedApiArg = {
  /** containing boundary */
  containingBoundaryId: number;
};
export type GetGeomarkersInCategoryApiResponse =
  /** status 200 GeoJSON FeatureCollection of points */ MarkerCollection;
export type GetGeomarkersInCategoryApiArg = {
  /** component */
  componentId: number;
  /** boundary */
  boundaryId: number;
  /** category of the component */
  categoryId: number;
};
export type GetHealthApiResponse = /** status 200 Healthy */ Health;
export type GetHealthApiArg = void;
export type GetHealthCheckStatsApiResponse =
  /** status 200 The figures */ HealthCheckStatsAnswer;
export type GetHealthCheckStatsApiArg = {
  /** Boundary (nation 1 when absent). */
  boundaryId?: number;
  /** Quarter as `2026Q3`; the dashboard's current quarter (the previous calendar quarter,
    admin spec §9) when absent. */
  quarter?: string;
  /** Organisation type ids separated by commas (the health-check component's options,
    public spec §2 Filters); every type when absent or empty. */
  componentOptions?: string;
};
export type SignedTreeHead = {
  /** The head event's global position. */
  globalPosition: number;
  /** The signer's Ed25519 public key (the key id), 64 lower-case hexadecimal digits. */
  publicKey: string;
  /** When the head event was written. */
  recordedAt: string;
  /** The hash chain's seal at the head, 64 lower-case hexadecimal digits. */
  seal: string;
  /** Ed25519 signature of the head (`gbvf-tree-head-v1` message), 128 hexadecimal digits. */
  signature: string;
  /** Signing time, microseconds since the Unix epoch. */
  signedAtMicros: number;
  /** The Merkle tree's root hash (RFC 9162), 64 lower-case hexadecimal digits. */
  treeRoot: string;
  /** Entries in the log's Merkle tree (= chain index of the head). */
  treeSize: number;
};
export type AuditCheckpoints = {
  /** Heads in the order signed (growing tree size). */
  checkpoints: SignedTreeHead[];
  /** `after` for the next page; null at the end. */
  next: number | null;
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
export type CsrfToken = {
  /** To send as `X-CSRF-Token` with every state-changing request. */
  csrfToken: string;
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
    docs/decisions/0044-the-cascades-national-dropdown-lists-provinces.md). */
  nationalBoundaryId: number | null;
  /** Containing boundary. */
  parentBoundaryId: number | null;
  /** Census 2022 population (Statistics South Africa). */
  peopleCount: number | null;
  /** Its province. */
  provinceBoundaryId: number | null;
};
export type AvailabilityState =
  "figure" | "noneVerified" | "belowCoverage" | "noProviders";
export type BTreeMap = {
  [key: string]: null | number;
};
export type RequirementStat = {
  /** Providers meeting it ÷ *verified* providers of its block now (for a requirement an
    administrator added, those verified since), 0..1; `null` unless `availabilityState` is
    `figure`. */
  availability: number | null;
  /** Whether `availability` is a figure, and if not, why. */
  availabilityState: AvailabilityState;
  /** Requirement id. */
  buildingBlockRequirementId: number;
  /** Its text. */
  description: string;
  /** The same at the end of each reporting quarter. */
  periodAvailability: BTreeMap;
  /** Providers of its block in the boundary (listed). */
  providerCount: number;
  /** Of those, providers whose verified details say whether they meet it. */
  verifiedProviderCount: number;
};
export type BlockStat = {
  /** Available pairs ÷ the pairs of its verified providers now, 0..1; `null` unless
    `availabilityState` is `figure`. */
  availability: number | null;
  /** Whether `availability` is a figure, and if not, why. */
  availabilityState: AvailabilityState;
  /** Its providers in the boundary (listed). */
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
  /** Of those, providers with a verified snapshot. */
  verifiedProviderCount: number;
};
export type CategoryStat = {
  /** Available (provider, requirement) pairs ÷ the pairs of its *verified* providers now,
    0..1; `null` unless `availabilityState` is `figure` ("Not yet verified", never 0). */
  availability: number | null;
  /** Whether `availability` is a figure, and if not, why. */
  availabilityState: AvailabilityState;
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
  /** Providers of its blocks in the boundary (listed). */
  providerCount: number;
  /** Of those, providers with a verified snapshot. */
  verifiedProviderCount: number;
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
  /** Available pairs ÷ the pairs of its verified providers, 0..1; `null` unless
    `availabilityState` is `figure`. */
  availability: number | null;
  /** Whether `availability` is a figure, and if not, why (coverage `verified` of `total`). */
  availabilityState: AvailabilityState;
  /** Category id. */
  buildingBlockCategoryId: number;
  /** Its providers in the area (listed). */
  total: number;
  /** Of those, providers with a verified snapshot. */
  verified: number;
};
export type AvailabilityArea = {
  /** Available pairs ÷ the pairs of its verified providers, 0..1; `null` unless
    `availabilityState` is `figure`. */
  availability: number | null;
  /** Whether `availability` is a figure, and if not, why (coverage `verified` of `total`). */
  availabilityState: AvailabilityState;
  /** The area. */
  boundaryId: number;
  /** Per category with providers. */
  categories: AreaCategory[];
  /** Its name. */
  description: string;
  /** Providers in it (listed). */
  total: number;
  /** Of those, providers with a verified snapshot. */
  verified: number;
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
  /** Count (whole number from 0 to `gbvf_commands::crime_series::MAX_COUNT`, 10,000,000). */
  count: number;
  /** Crime type id (SAPS crime categories). */
  crimeTypeId: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;
  /** The series version the caller last saw; a different current version answers 409. */
  expectedVersion?: number | null;
  /** First year of the SAPS financial year (2022 = 2022/23), from 1994 and not in the
    future (`gbvf_commands::crime_series::FIRST_YEAR`). */
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
export type Health = {
  /** Why the audit seal stopped (one sentence: seal rows vanished or changed, or the log no
    longer reaches the last signed head kept outside the database); absent while it seals. */
  auditAlarm?: string | null;
  /** `reachable` or `unreachable`. */
  database: string;
  /** Each projection's status when the database is reachable
    (`gbvf_projections::engine::Status`: `projection`, `version`, `position`,
    `events_applied`, `lag_events`, `lag_seconds`, `state`, `quarantined`, `updated_at`);
    absent otherwise. */
  projections?: object[] | null;
  /** `ok`; `degraded` when a projection skipped events it could not apply (its
    `quarantined` count above 0; `gbvf projections quarantine`) or the audit seal stopped
    (`auditAlarm`); `unavailable`. */
  status: string;
};
export type Participation = {
  /** Maturity in whole percent, or `null` under the privacy rule (spelled as the
    specification spells it). */
  overalMaturity: number | null;
  /** Organisations with responses. */
  participatingOrganisations: number;
  /** Responses; `null` where the cell is suppressed (fewer than 3 organisations, or a cell
    that would follow from others by subtraction). */
  totalActualResponses: number | null;
};
export type QuarterStat = Participation & {
  /** `2026Q3`. */
  quarter: string;
  /** Responses expected on the survey links that start in the quarter, answered or not;
    `null` where suppressed. */
  totalExpectedResponses: number | null;
};
export type AreaStat = Participation & {
  /** The child boundary. */
  boundaryId: number;
};
export type OrganisationTypeStat = Participation & {
  /** Its name. */
  description: string;
  /** Approved organisations of the type in the boundary now. */
  organisationCount: number;
  /** Organisation type id. */
  organisationTypeId: number;
  /** `2026Q3`. */
  quarter: string;
};
export type HealthCheckStats = {
  /** The boundary. */
  boundaryId: number;
  /** Every published quarter of the boundary, oldest first. */
  byQuarter: QuarterStat[];
  /** Per child boundary with responses in the quarter. */
  containedBoundaryData: AreaStat[];
  /** Whether any figure comes from example data. */
  example: boolean;
  /** Per organisation type (the Reach pie and maturity per type). */
  healthCheckStats: OrganisationTypeStat[];
  /** The privacy rule, for people. */
  note: string;
  /** The quarter's figures over the chosen organisation types. */
  overall: Participation;
  /** `2026 Q3`. */
  period: string;
  /** False while the quarter has not ended and been published: every figure is then empty. */
  published: boolean;
  /** `2026Q3`. */
  quarter: string;
  /** `overall.totalActualResponses`. */
  totalActualResponses: number | null;
  /** Responses expected in the quarter; `null` where suppressed. */
  totalExpectedResponses: number | null;
  /** Approved organisations in the boundary now. */
  totalOrganisations: number;
  /** `overall.participatingOrganisations`. */
  totalParticipatingOrganisations: number;
};
export type HealthCheckStatsAnswer = {
  /** The figures. */
  data: HealthCheckStats;
  /** Always `true`. */
  success: boolean;
};
export const {
  useGetAuditCheckpointsQuery,
  useGetCsrfTokenQuery,
  useGetBuildingBlockDataQuery,
  useGetBuildingBlockRequirementDetailDataQuery,
  useRecordCrimeFigureMutation,
  useImportCrimeStatisticsMutation,
  useGetContainedQuery,
  useGetGeomarkersInCategoryQuery,
  useGetHealthQuery,
  useGetHealthCheckStatsQuery,
} = injectedRtkApi;
