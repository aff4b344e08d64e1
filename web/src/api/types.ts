// The app's own types for the JSON the Rust server returns under /api (spec sections 3 and 7).
// Every shape the server's OpenAPI document declares is imported from generated.ts under its own
// name; what is written here is only what the document does not say or the app narrows.
import type { AreaGeometry, SessionState } from './generated'

export type BoundaryLevel = 'national' | 'province' | 'district' | 'municipality' | 'saps_precinct'

/** A band of a map colour scale: start <= value < end (end null: no limit). The server's crime
 * bands (ColorBand in generated.ts) always state an end; the app's own scales may leave it open. */
export interface ColorBand {
  start: number
  end: number | null
  color: string
  description: string | null
}

export type PolygonGeometry = Extract<AreaGeometry, { type: 'Polygon' }>
export type MultiPolygonGeometry = Extract<AreaGeometry, { type: 'MultiPolygon' }>
/** `[longitude, latitude]` (RFC 7946 §3.1.1; the document says "two numbers"). */
export type Position = number[]

/** The session answer; the app's own signed-out placeholder (before the first answer) has no
 * CSRF token or mode yet, so those two stay optional here. */
export type Session = Omit<SessionState, 'csrfToken' | 'devMode'> & {
  csrfToken?: string
  devMode?: boolean
}
