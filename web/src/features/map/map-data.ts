// Joins the polygons with the crime figures and the colour legend; filters station pins.
import type {
  AreaCollection,
  AvailabilityState,
  BuildingBlockData,
  ContainedBoundaryData,
  CrimeStats,
  HealthCheckStats,
  MarkerProperties,
} from '../../api/generated'
import type { ColorBand } from '../../api/types'
import { GREENS, percentageBucket } from '../../lib/component-models'
import { legendColour } from '../../lib/legend'
import type { Filters } from '../../filters/query-string'
import { ComponentId } from '../../config/constants'
import { strings } from '../../config/strings'
import { coverageReason, describeAvailability, listedAndVerified } from '../../lib/availability'
import { escapeHtml } from '../../lib/escape-html'

export interface AreaFigures {
  boundaryId: number
  description: string
  boundaryTypeId: number | null
  level: string
  peopleCount: number | null
  total: number | null
  rate: number | null
  density: number | null
  period: string | null
  color: string
  /**
   * A fill pattern drawn over the colour: 'not-verified' where providers are listed and too few
   * (or none) are verified for a figure (docs/decisions/0141-availability-needs-coverage.md);
   * 'no-data' where the area has no figure, so that it differs by pattern from the palest class
   * of every scale (0 % availability, "Too few organisations"), which no grey can do at 3:1
   * (WCAG 1.4.11).
   */
  pattern?: 'not-verified' | 'no-data'
  /** Providers verified in the area (building blocks only). */
  verified?: number
  /** Whether the availability is a figure, and if not why (building blocks only). */
  state?: AvailabilityState
}

/** The fill of an area without a figure, under the 'no-data' pattern (the legend's swatch). */
export const NO_DATA_COLOUR = '#d9d9d9'

/** The fields of an area without a figure: the no-data colour and pattern. */
const NO_DATA = { color: NO_DATA_COLOUR, pattern: 'no-data' as const }

/** Figures per area: from the current stats' children, else (at local level) the parent's. */
export function areaFigures(
  areas: AreaCollection | undefined,
  stats: CrimeStats | undefined,
  parentStats?: CrimeStats,
): AreaFigures[] {
  if (!areas) return []
  const lookup = new Map<number, ContainedBoundaryData>()
  for (const row of parentStats?.containedBoundaryData ?? []) lookup.set(row.boundaryId, row)
  for (const row of stats?.containedBoundaryData ?? []) lookup.set(row.boundaryId, row)
  const scale = stats?.colorLegend?.scale ?? parentStats?.colorLegend?.scale ?? []
  return areas.features.map((feature) => {
    const p = feature.properties
    const row = lookup.get(p.boundaryId)
    const own = stats && stats.boundary.boundaryId === p.boundaryId ? stats : undefined
    // The selected area's own figures win over its entry in the parent's list.
    const total = own?.total ?? row?.total ?? null
    const density = own?.density ?? row?.density ?? null
    return {
      boundaryId: p.boundaryId,
      description: p.description ?? row?.description ?? '',
      boundaryTypeId: p.boundaryTypeId,
      level: p.level,
      // The population the row's rate divides by, of the row's own year; none without figures.
      peopleCount: row ? (row.peopleCount ?? null) : (p.peopleCount ?? null),
      total,
      rate: own?.rate ?? row?.rate ?? null,
      density,
      period: own?.period ?? row?.period ?? null,
      ...(total == null ? NO_DATA : { color: legendColour(scale, density) }),
    }
  })
}

/**
 * Section 5: a local-level point shows only if its category or pillar is selected and, when
 * sub-options exist for it, its sub-type is among them; with no filters all show.
 */
export function markerVisible(props: MarkerProperties, filters: Filters): boolean {
  if (filters.componentOptions.length === 0) return true
  if (filters.componentId === ComponentId.BuildingBlock) {
    const id = props.buildingBlockCategoryId
    if (id == null || !filters.componentOptions.includes(String(id))) return false
    const subs = filters.componentSubOptions.filter((pair) => pair.startsWith(`${id}-`))
    // Sub-options are 'categoryId-buildingBlockId' pairs.
    return subs.length === 0 || subs.includes(`${id}-${props.buildingBlockId ?? ''}`)
  }
  if (filters.componentId === ComponentId.CollectiveAction) {
    const id = props.pillarId
    if (id == null || !filters.componentOptions.includes(String(id))) return false
    const subs = filters.componentSubOptions.filter((pair) => pair.startsWith(`${id}-`))
    return subs.length === 0 || subs.includes(`${id}-${props.collectiveActionTypeId}`)
  }
  // Crime options are crime types; police stations are not typed, so they all stay.
  return true
}

/** Spec section 3 map colour scale for collective actions: 0 Active grey, 1 light orange, 2 or more orange. */
export const ACTIONS_SCALE: ColorBand[] = [
  { start: 0, end: 1, color: '#BDBDBD', description: '0 Active' },
  { start: 1, end: 2, color: '#F6C0AA', description: '1 Active' },
  { start: 2, end: null, color: '#E9622B', description: '2 or more Active' },
]

/**
 * The reader's alternative to the active bands (all collective actions, active and completed): the
 * same grey for none, then the collective-action oranges for 1, 2 to 4 and 5 or more.
 */
export const ALL_ACTIONS_SCALE: ColorBand[] = [
  { start: 0, end: 1, color: '#BDBDBD', description: 'None' },
  { start: 1, end: 2, color: '#F6C0AA', description: '1 challenge' },
  { start: 2, end: 5, color: '#F0936D', description: '2 to 4 challenges' },
  { start: 5, end: null, color: '#E9622B', description: '5 or more challenges' },
]

/**
 * Spec §3/§9: building-block scores in the bands 0, 1-24, 25-49, 50-74, 75-100 in green shades;
 * the band of an area is the §4 percentage bucket of its availability × 100.
 */
export const BUILDING_BLOCK_SCALE: ColorBand[] = percentBands(GREENS)

/** The five §4 percentage bands 0, 1-24, 25-49, 50-74, 75-100 in the given five colours. */
export function percentBands(colours: readonly string[]): ColorBand[] {
  const edges = [0, 1, 25, 50, 75]
  const names = ['0%', '1%-24%', '25%-49%', '50%-74%', '75%-100%']
  return edges.map((start, i) => ({
    start,
    end: edges[i + 1] ?? null,
    color: colours[i],
    description: names[i],
  }))
}

/** The green of an availability (0..1): the §4 percentage bucket of availability × 100. */
export function availabilityColour(availability: number): string {
  return GREENS[percentageBucket(availability * 100)]
}

/**
 * Building-block figures per area from the server's `containedBoundaryData`: `total` is the
 * number of providers (the count label), `verified` the coverage beside it, `density` the
 * availability over verified providers in percent (the colour). An area below the server's
 * coverage rule has no figure and reads "Not yet verified". With category options picked, only
 * those categories count: a figure only if every picked category with providers has one (each
 * meeting the rule means their union does), the mean of theirs weighted by verified providers.
 */
export function buildingBlockAreaFigures(
  areas: AreaCollection | undefined,
  summary: BuildingBlockData | undefined,
  categories: string[] = [],
): AreaFigures[] {
  if (!areas) return []
  const rows = new Map((summary?.containedBoundaryData ?? []).map((a) => [a.boundaryId, a]))
  return areas.features.map((feature) => {
    const p = feature.properties
    const row = rows.get(p.boundaryId)
    let total: number | null = row?.total ?? null
    let verified: number | null = row?.verified ?? null
    let availability: number | null = row?.availability ?? null
    let state: AvailabilityState | undefined = row?.availabilityState
    if (row && categories.length > 0) {
      const picked = row.categories.filter((c) => categories.includes(String(c.buildingBlockCategoryId)))
      total = picked.reduce((n, c) => n + c.total, 0)
      verified = picked.reduce((n, c) => n + c.verified, 0)
      state = combinedState(picked, verified)
      availability = state === 'figure' ? weightedAvailability(picked) : null
    }
    const awaiting = total != null && total > 0 && availability == null
    return {
      boundaryId: p.boundaryId,
      description: p.description ?? row?.description ?? '',
      boundaryTypeId: p.boundaryTypeId,
      level: p.level,
      peopleCount: p.peopleCount ?? null,
      total,
      rate: availability,
      density: availability == null ? null : availability * 100,
      period: null,
      ...(awaiting
        ? { color: NOT_VERIFIED_COLOUR, pattern: 'not-verified' as const }
        : availability == null
          ? NO_DATA
          : { color: availabilityColour(availability) }),
      ...(verified != null ? { verified } : {}),
      ...(state ? { state } : {}),
    }
  })
}

/**
 * The building-block map's tooltip of an area (HTML; the name escaped): its providers with the
 * coverage ('1 of 42 verified') and its availability, or "Not yet verified" with the reason
 * when some are verified but too few to speak for the area.
 */
export function buildingBlockTooltip(area: AreaFigures | undefined, name: string): string {
  const title = `<strong>${escapeHtml(name)}</strong>`
  if (!area || area.total == null) return `${title}<br>${strings.map.noData}`
  const reason = area.rate == null ? coverageReason(area.state) : null
  return (
    `${title}<br>${strings.bbMap.providers}: ${listedAndVerified(area.total, area.verified ?? 0)}` +
    `<br>${strings.bbMap.availability}: ${describeAvailability(area.rate, area.total)}` +
    (reason ? ` (${reason})` : '')
  )
}

/**
 * The state of several categories of one area together: a figure only if every one with
 * providers has one; otherwise "none verified" or "below coverage" by the verified count.
 */
function combinedState(
  rows: { total: number; availabilityState: AvailabilityState }[],
  verified: number,
): AvailabilityState {
  const listed = rows.filter((r) => r.total > 0)
  if (listed.length === 0) return 'noProviders'
  if (listed.every((r) => r.availabilityState === 'figure')) return 'figure'
  return verified === 0 ? 'noneVerified' : 'belowCoverage'
}

/** The mean of the categories' figures weighted by their verified providers; null without any. */
function weightedAvailability(
  rows: { verified: number; availability: number | null; availabilityState: AvailabilityState }[],
): number | null {
  const known = rows.filter((r) => r.availabilityState === 'figure' && r.availability != null)
  const n = known.reduce((s, r) => s + r.verified, 0)
  if (known.length === 0) return null
  return n === 0 ? 0 : known.reduce((s, r) => s + (r.availability ?? 0) * r.verified, 0) / n
}

/** The base colour of an area whose listed providers are not yet verified (hatched on the map). */
export const NOT_VERIFIED_COLOUR = '#f4efe1'

/** Spec §3 health-check bands in blue shades: 0, 1-24, 25-49, 50-74, 75-100 (the §4 percentage buckets). */
export const BLUES = ['#e3ecf5', '#c6dbef', '#6baed6', '#2171b5', '#08306b']

export const HEALTH_CHECK_SCALE: ColorBand[] = percentBands(BLUES)

/** The colour of an area whose organisations are too few to show (privacy threshold). */
export const TOO_FEW_COLOUR = '#f0f0f0'

/**
 * Health-check figures per area from the server's `containedBoundaryData` (areas with responses
 * in the quarter): `total` the organisations taking part, `density` the overall maturity in whole
 * percent, null under the privacy rule (too few organisations: its own class, never 0); an area
 * without responses has no row and no figure.
 */
export function healthCheckAreaFigures(
  areas: AreaCollection | undefined,
  summary: HealthCheckStats | undefined,
): AreaFigures[] {
  if (!areas) return []
  const rows = new Map((summary?.containedBoundaryData ?? []).map((a) => [a.boundaryId, a]))
  return areas.features.map((feature) => {
    const p = feature.properties
    const row = rows.get(p.boundaryId)
    const maturity = row?.overalMaturity ?? null
    return {
      boundaryId: p.boundaryId,
      description: p.description ?? '',
      boundaryTypeId: p.boundaryTypeId,
      level: p.level,
      peopleCount: p.peopleCount ?? null,
      total: row ? row.participatingOrganisations : null,
      rate: maturity,
      density: maturity,
      period: summary?.period ?? null,
      ...(!row ? NO_DATA : { color: maturity == null ? TOO_FEW_COLOUR : BLUES[percentageBucket(maturity)] }),
    }
  })
}

/**
 * The SAPS year the shown areas' figures are of, for the map's subtitle and table: the one label
 * when every area with a figure shares it ('2015/16'), else the span of their latest years (each
 * area is shown in its own latest year), else `fallback` (no area has a figure).
 */
export function periodOfAreas(figures: readonly AreaFigures[], fallback: string | null | undefined): string {
  const periods = [...new Set(figures.filter((f) => f.total != null && f.period).map((f) => f.period as string))].sort()
  if (periods.length === 0) return fallback ?? ''
  if (periods.length === 1) return periods[0]
  return strings.map.periodOfEachArea(periods[0], periods[periods.length - 1])
}
