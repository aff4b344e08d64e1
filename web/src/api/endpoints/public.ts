import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFeatureFlags: build.query<
      GetFeatureFlagsApiResponse,
      GetFeatureFlagsApiArg
    >({
      query: () => ({ url: `/api/config/feature-flags` }),
    }),
    getCrimeStats: build.query<GetCrimeStatsApiResponse, GetCrimeStatsApiArg>({
      query: (queryArg) => ({
        url: `/api/crime/stats`,
        params: {
          boundaryId: queryArg.boundaryId,
          componentOptions: queryArg.componentOptions,
          asOf: queryArg.asOf,
        },
      }),
    }),
    getDashboard: build.query<GetDashboardApiResponse, GetDashboardApiArg>({
      query: (queryArg) => ({
        url: `/api/dashboard`,
        params: {
          boundaryId: queryArg.boundaryId,
          componentId: queryArg.componentId,
          componentOptions: queryArg.componentOptions,
          componentSubOptions: queryArg.componentSubOptions,
          asOf: queryArg.asOf,
        },
      }),
    }),
    getComponents: build.query<GetComponentsApiResponse, GetComponentsApiArg>({
      query: () => ({ url: `/api/dashboard/components` }),
    }),
    listBoundaries: build.query<
      ListBoundariesApiResponse,
      ListBoundariesApiArg
    >({
      query: (queryArg) => ({
        url: `/api/geography/boundary/list/${queryArg.boundaryTypeId}`,
        params: {
          filter: queryArg.filter,
        },
      }),
    }),
    listBoundariesIn: build.query<
      ListBoundariesInApiResponse,
      ListBoundariesInApiArg
    >({
      query: (queryArg) => ({
        url: `/api/geography/boundary/list/${queryArg.boundaryTypeId}/${queryArg.parentBoundaryId}`,
        params: {
          filter: queryArg.filter,
        },
      }),
    }),
    getBoundary: build.query<GetBoundaryApiResponse, GetBoundaryApiArg>({
      query: (queryArg) => ({ url: `/api/geography/boundary/${queryArg.id}` }),
    }),
    getGeojson: build.query<GetGeojsonApiResponse, GetGeojsonApiArg>({
      query: (queryArg) => ({ url: `/api/geography/geojson/${queryArg.id}` }),
    }),
    getGeomarkers: build.query<GetGeomarkersApiResponse, GetGeomarkersApiArg>({
      query: (queryArg) => ({
        url: `/api/geography/geomarker/${queryArg.componentId}/${queryArg.boundaryId}`,
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as generatedApi };
export type GetFeatureFlagsApiResponse =
  /** status 200 The feature flags */ FeatureFlags;
export type GetFeatureFlagsApiArg = void;
export type GetCrimeStatsApiResponse =
  /** status 200 The crime statistics */ CrimeStats;
export type GetCrimeStatsApiArg = {
  /** boundary */
  boundaryId: number;
  /** comma-separated crime type ids */
  componentOptions?: string;
  /** the figures as recorded by the end of this day, South African time (`YYYY-MM-DD`, no later than today); the boundaries and populations stay today's */
  asOf?: string;
};
export type GetDashboardApiResponse =
  /** status 200 Every component's data */ Dashboard;
export type GetDashboardApiArg = {
  /** boundary */
  boundaryId: number;
  /** component the options belong to (default 3, crime) */
  componentId?: number;
  /** crime type ids, organisation type ids for component 2, or pillar ids for component 4 */
  componentOptions?: string;
  /** component 4: 'pillarId-typeId' pairs */
  componentSubOptions?: string;
  /** the crime figures as recorded by the end of this day, South African time (`YYYY-MM-DD`, no later than today); the other components are today's */
  asOf?: string;
};
export type GetComponentsApiResponse =
  /** status 200 The components */ Component[];
export type GetComponentsApiArg = void;
export type ListBoundariesApiResponse =
  /** status 200 The boundaries, by name */ Boundary[];
export type ListBoundariesApiArg = {
  /** 1 National, 2 District/Province, 3 Local, 5 SAPS precinct */
  boundaryTypeId: number;
  /** name contains (case-insensitive) */
  filter?: string;
};
export type ListBoundariesInApiResponse =
  /** status 200 The boundaries, by name */ Boundary[];
export type ListBoundariesInApiArg = {
  /** 1 National, 2 District/Province, 3 Local, 5 SAPS precinct */
  boundaryTypeId: number;
  /** containing boundary */
  parentBoundaryId: number;
  /** name contains (case-insensitive) */
  filter?: string;
};
export type GetBoundaryApiResponse = /** status 200 The boundary */ Boundary;
export type GetBoundaryApiArg = {
  /** boundaryId */
  id: number;
};
export type GetGeojsonApiResponse =
  /** status 200 GeoJSON FeatureCollection */ AreaCollection;
export type GetGeojsonApiArg = {
  /** boundaryId */
  id: number;
};
export type GetGeomarkersApiResponse =
  /** status 200 GeoJSON FeatureCollection of points */ MarkerCollection;
export type GetGeomarkersApiArg = {
  /** 1 building block, 2 health check, 3 crime, 4 collective action */
  componentId: number;
  /** boundary */
  boundaryId: number;
};
export type FeatureFlags = {
  /** Whether the public header shows Login (GBVF_ENABLE_LOGIN=true); sign-in and sign-up
    work whatever it says, for those who have the link. */
  enableLogin: boolean;
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
  /** Its population in `period` (persons, estimated as `source.rateNote` says), the
    rate's denominator; `null` without figures or without a population for that year. */
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
  /** The day whose end the figures are as of (`YYYY-MM-DD`, South African time), when one
    was asked for; `null` for today's figures. */
  asOf: string | null;
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
  /** The population the rate divides by: the boundary's in the period (persons, estimated
    as `source.rateNote` says); `null` without figures or without a population for the year. */
  population: number | null;
  /** Label of the year before, when it has figures. */
  previousPeriod: string | null;
  /** The same sum in the year before. */
  previousTotal: number | null;
  /** `#A8161D`. */
  primaryColor: string;
  /** Crimes per 100,000 people of `population`, 2 decimals (spec §9; `null` for a precinct
    or without a population). */
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
export type ActionTypeStat = {
  /** Type id. */
  collectiveActionTypeId: number;
  /** Type name. */
  description: string;
  /** Active collective actions. */
  total: number;
  /** All collective actions. */
  totalCollectiveActions: number;
};
export type ActionArea = {
  /** The area's boundary id. */
  boundaryId: number;
  /** Its name. */
  description: string;
  /** Active collective actions in it. */
  total: number;
  /** All collective actions in it. */
  totalCollectiveActions: number;
};
export type CycleStat = {
  /** Its active collective actions. */
  activeCollectiveActions: number;
  /** Its past collective actions. */
  completedCollectiveActions: number;
  /** Cycle id. */
  cycleId: number;
  /** Cycle name. */
  description: string;
  /** Last month, `YYYY-MM`, when stated. */
  endMonth: string | null;
  /** Whether today's month is inside it. */
  isActive: boolean;
  /** Whether it is the current cycle (docs/decisions/0066-types-pillars-and-cycles.md). */
  isCurrentCycle: boolean;
  /** First month, `YYYY-MM`, when stated. */
  startMonth: string | null;
  /** All its collective actions. */
  totalCollectiveActions: number;
};
export type PillarStat = {
  /** Always `null` (the pillar is not split by type here). */
  collectiveActionTypeId: number | null;
  /** Pillar name. */
  description: string;
  /** Help text. */
  help: string;
  /** Past collective actions. */
  inactive: number;
  /** Whether the filter selects the pillar. */
  isIncluded: boolean;
  /** Pillar id (0: not stated). */
  pillarId: number;
  /** Active collective actions. */
  total: number;
  /** All collective actions. */
  totalCollectiveActions: number;
};
export type CollectiveActionStats = {
  /** Collective actions shown that are active today. */
  activeCollectiveActions: number;
  /** One per collective-action type. */
  collectiveActionStats: ActionTypeStat[];
  /** Per map area (the boundary and its child areas, not precincts). */
  containedBoundaryData: ActionArea[];
  /** Every cycle. */
  cycles: CycleStat[];
  /** Collective actions shown that are past. */
  inactiveCollectiveActions: number;
  /** One per pillar, plus "Pillar not stated" (id 0) when a collective action has none. */
  pillarStats: PillarStat[];
  /** Collective actions shown. */
  totalActions: number;
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
export type AreaGeometry =
  | {
      /** Rings of `[longitude, latitude]` positions. */
      coordinates: number[][][];
      type: "Polygon";
    }
  | {
      /** Polygons of rings of `[longitude, latitude]` positions. */
      coordinates: number[][][][];
      type: "MultiPolygon";
    };
export type AreaProperties = {
  /** The boundary id. */
  boundaryId: number;
  /** The public boundary type id (national 1, province and district 2, municipality 3;
    spec §7); `null` for a level without one. */
  boundaryTypeId: number | null;
  /** The boundary's name. */
  description: string;
  /** `national`, `province`, `district`, `municipality` or `saps_precinct`. */
  level: string;
  /** Population (Census 2022, Stats SA), `null` where unknown. */
  peopleCount: number | null;
};
export type FeatureType = "Feature";
export type AreaFeature = {
  /** The stored geometry as imported (Municipal Demarcation Board boundaries, simplified;
    data/geography/SOURCE.md), passed through unparsed. */
  geometry: AreaGeometry;
  /** The boundary id. */
  id: number;
  /** What the map shows and links to. */
  properties: AreaProperties;
  /** `"Feature"`. */
  type: FeatureType;
};
export type FeatureCollectionType = "FeatureCollection";
export type AreaCollection = {
  /** One feature per boundary, ordered by name. */
  features: AreaFeature[];
  /** `"FeatureCollection"`. */
  type: FeatureCollectionType;
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
export type MarkerCollection = {
  /** The points, ordered by name. */
  features: MarkerFeature[];
  /** `"FeatureCollection"`. */
  type: FeatureCollectionType;
};
export const {
  useGetFeatureFlagsQuery,
  useGetCrimeStatsQuery,
  useGetDashboardQuery,
  useGetComponentsQuery,
  useListBoundariesQuery,
  useListBoundariesInQuery,
  useGetBoundaryQuery,
  useGetGeojsonQuery,
  useGetGeomarkersQuery,
} = injectedRtkApi;
