// Business constants from section 9 of the specification, plus the product's external links.

/** Dashboard shows only the chosen component at this width or less. */
export const DASHBOARD_MOBILE_MAX_WIDTH = 991
/** The map switches to mobile behaviour (no dragging) under this width. */
export const MAP_MOBILE_BELOW_WIDTH = 992
/** The loading overlay stays this long after the components have loaded. */
export const OVERLAY_LINGER_MS = 2000
export const MAP_HOVER_THROTTLE_MS = 32
export const MARKER_WIDTH = 25
export const MARKER_HEIGHT = 41

export const NATIONAL_BOUNDARY_ID = 1

/** Public boundary type ids (section 3): 1 National, 2 District/Province, 3 Local/Municipality. */
export const BoundaryType = { National: 1, District: 2, Local: 3, Precinct: 5 } as const
/** Drill-down on the map is allowed while the boundary type is at most this. */
export const MAX_DRILL_BOUNDARY_TYPE = 3

export const ComponentId = { BuildingBlock: 1, HealthCheck: 2, Crime: 3, CollectiveAction: 4 } as const

/** Permission action ids held in the session (section 3). */
export const Action = {
  SetGroupMember: 5,
  CreateGroup: 6,
  UpdateGroup: 7,
  DeleteGroup: 8,
  AddGroupAction: 9,
  DeleteGroupAction: 10,
  DeleteGroupMember: 11,
  LogIntoSystem: 12,
  CreateNewBuildingBlock: 13,
  AddBuildingBlock: 14,
  EditBuildingBlock: 15,
  DeleteBuildingBlock: 16,
  ImportBuildingBlockData: 17,
  ImportPoliceStatistics: 18,
  ViewBuildingBlocks: 19,
  ViewPoliceStatistics: 20,
  VerifyBuildingBlockExist: 21,
  ValidateBuildingBlock: 22,
  ViewYourOrganisationSurveyResult: 23,
  AddSurveyLink: 24,
  SetSurveyEffectiveDate: 25,
  EditOrganisationalInformation: 26,
  ViewOrganisationalSurveyResults: 27,
  ViewGroupDistrictSurveyResults: 28,
  ViewNationalSurveyResults: 29,
  DeleteIndividualSurveys: 30,
  ViewOrganisations: 31,
  VerifyOrganisation: 32,
  WorldOfImpactAdmin: 33,
  HealthCheckAdmin: 34,
  BuildingBlockAdmin: 35,
  DeleteUser: 36,
} as const

/** User types of the sign-in flows (section 3). */
export const UserType = { NewUser: 1, ExistingUser: 2, ResetPassword: 3 } as const
export type UserTypeId = (typeof UserType)[keyof typeof UserType]

/**
 * Section 5 and 9 limits the OpenAPI document does not state. The ones it does (lengths, the
 * password's requirements, a contact number's digits) are read from it: lib/openapi-rules.ts.
 */
export const PASSWORD_MIN_DISTINCT = 12
export const OTP_LENGTH = 6
/** A resend is allowed only while the resend count is under this (section 4). */
export const MAX_OTP_RESENDS = 2
export const REGISTRATION_STEPS = 3

export const colours = {
  productPrimary: '#2E539D',
  crimePrimary: '#A8161D',
  crimePalette: ['#A8161D', '#BA3A40', '#CB5E63', '#D98286', '#E5A5A8', '#EED0D2'],
  collectiveActions: ['#E9622B', '#EC7A4C', '#F0936D', '#F3AB8E', '#F6C0AA'],
  buildingBlock: '#36854A',
  healthCheck: '#2E539D',
  other: '#cccccc',
  /** Legend lookup falls back to black when no band matches (section 5). */
  noBand: '#000000',
} as const

/** A build-time setting, or `fallback` when it is unset; an empty setting means "no target". */
function setting(value: string | undefined, fallback: string): string {
  return (value ?? fallback).trim()
}

/**
 * External pages opened in a new tab; set at build time with VITE_ABOUT_URL, VITE_HELP_URL,
 * VITE_FEEDBACK_EMAIL and VITE_DISCLAIMER_URL (docs/decisions/0093-external-links.md). A link
 * without a target is not shown. The one default is the page of The World of Impact about this
 * dashboard ("Ending GBVF Dashboard: the compass of our impact", cited in
 * data/healthcheck/SOURCE.md); Help, the feedback address and the terms have no real page yet.
 */
export const links = {
  aboutUs: setting(
    import.meta.env.VITE_ABOUT_URL,
    'https://theworldofimpact.org/lessons/3-ending-gbvf-dashboard-the-compass-of-our-impact/',
  ),
  help: setting(import.meta.env.VITE_HELP_URL, ''),
  feedbackEmail: setting(import.meta.env.VITE_FEEDBACK_EMAIL, ''),
  /** Where 'Quick exit' goes: a neutral site (a weather forecast). */
  quickExit: 'https://www.weathersa.co.za/',
  /** The short page on private browsing and clearing history, linked beside Quick exit. */
  coverYourTracks: '/cover-your-tracks',
  /** The disclaimer (terms and conditions) page linked from sign-up: the product's own /terms
   * unless VITE_DISCLAIMER_URL names another. */
  disclaimer: setting(import.meta.env.VITE_DISCLAIMER_URL, '/terms'),
} as const
