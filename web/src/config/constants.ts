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

/** External pages opened in a new tab; override at build time with VITE_ABOUT_URL etc. */
export const links = {
  aboutUs: import.meta.env.VITE_ABOUT_URL ?? 'https://www.stats.gov.za/',
  help: import.meta.env.VITE_HELP_URL ?? 'https://www.saps.gov.za/services/crimestats.php',
  feedbackEmail: import.meta.env.VITE_FEEDBACK_EMAIL ?? '',
} as const
