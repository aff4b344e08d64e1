// The app's names for the JSON the Rust server returns under /api (spec sections 3 and 7).
// Every shape the server's OpenAPI document declares comes from generated.ts (request bodies
// included); what is still written here are the answers the document leaves `unknown` for now
// (the GeoJSON collections and the sign-in answers, AuthResult), and the app's own types.
import type * as generated from './generated'

export type BoundaryLevel = 'national' | 'province' | 'district' | 'municipality' | 'saps_precinct'

export type Boundary = generated.Boundary
export type ComponentOption = generated.ComponentOption
export type DashboardComponent = generated.Component
export type CrimeTypeStat = generated.CrimeTypeStat
export type DistributionItem = generated.DistributionItem
export type SeriesPoint = generated.SeriesPoint
export type ContainedBoundaryData = generated.ContainedBoundaryData
export type DataSource = generated.DataSource
export type CrimeStats = generated.CrimeStats
export type PillarStat = generated.PillarStat
export type Cycle = generated.CycleStat
export type CollectiveActionArea = generated.ActionArea
export type CollectiveActionSummary = generated.CollectiveActionStats
export type FeatureFlags = generated.FeatureFlags
export type ApiErrorBody = generated.ErrorBody

/** A band of a map colour scale: start <= value < end (end null: no limit). The server's crime
 * bands (generated.ColorBand) always state an end; the app's own scales may leave it open. */
export interface ColorBand {
  start: number
  end: number | null
  color: string
  description: string | null
}

export type Dashboard = generated.Dashboard
export type HealthCheckStat = generated.OrganisationTypeStat
export type HealthCheckQuarter = generated.QuarterStat
export type HealthCheckOverall = generated.Participation
export type HealthCheckSummary = generated.HealthCheckStats
export type ReportingPeriod = generated.ReportingPeriod
export type BuildingBlockRequirementStat = generated.RequirementStat
export type BuildingBlockStat = generated.BlockStat
export type BuildingBlockCategoryStat = generated.CategoryStat
export type BuildingBlockArea = generated.AvailabilityArea
export type BuildingBlockSummary = generated.BuildingBlockData

export type BoundaryCategoryCount = generated.BoundaryCategoryCount

/** One challenge (spec section 3 "Collective action"; issue 13 adds pillar, type, cycle and source). */
export type CollectiveAction = generated.CollectiveAction

/** The challenge card of a map pin. */
export type ChallengeCard = generated.ChallengeCard

/** The map's GeoJSON answers (RFC 7946), as the server declares them. */
export type AreaProperties = generated.AreaProperties
export type MarkerProperties = generated.MarkerProperties
export type AreaCollection = generated.AreaCollection
export type MarkerCollection = generated.MarkerCollection
export type MarkerFeature = generated.MarkerFeature
export type AreaFeature = generated.AreaFeature
export type AreaGeometry = generated.AreaGeometry
export type PolygonGeometry = Extract<AreaGeometry, { type: 'Polygon' }>
export type MultiPolygonGeometry = Extract<AreaGeometry, { type: 'MultiPolygon' }>
/** `[longitude, latitude]` (RFC 7946 §3.1.1; the document says "two numbers"). */
export type Position = number[]

export type ContactDetail = generated.DirectoryContact

export type ContactSearchResult = generated.ContactSearchResult

// Accounts (sections 3, 4 and 7).

/** One entry of an answer's `errors`: the field at fault and the message. */
export type FieldError = generated.ErrorItem

export type SessionUser = generated.SessionUserInfo

/** POST /api/auth/userAuthenticated. */
/** The session answer; the app's own signed-out placeholder (before the first answer) has no
 * CSRF token or mode yet, so those two stay optional here. */
export type Session = Omit<generated.SessionState, 'csrfToken' | 'devMode'> & {
  csrfToken?: string
  devMode?: boolean
}

/** The answer of sign-in and the code calls (the password calls answer its `{success, message}`
 * part); the 403 that sends an unverified person to the OTP screen has the same shape. */
export type AuthResult = generated.AuthAnswer

export type Title = generated.Title
export type JobRole = generated.JobRole
export type OrganisationType = generated.OrganisationType

/** GET /api/auth/profile → data. */
export type Profile = generated.UserProfile
