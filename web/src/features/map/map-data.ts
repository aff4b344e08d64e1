// Joins the polygons with the crime figures and the colour legend; filters station pins.
import type { AreaCollection, ColorBand, ContainedBoundaryData, CrimeStats, MarkerProperties } from '../../api/types'
import { legendColour } from '../../lib/legend'
import type { Filters } from '../../filters/query-string'
import { ComponentId } from '../../config/constants'

export interface AreaFigures {
  boundaryId: number
  description: string
  boundaryTypeId: number
  level: string
  peopleCount: number | null
  total: number | null
  rate: number | null
  density: number | null
  period: string | null
  color: string
}

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
      peopleCount: row?.peopleCount ?? p.peopleCount ?? null,
      total,
      rate: own?.rate ?? row?.rate ?? null,
      density,
      period: own?.period ?? row?.period ?? null,
      color: total == null ? '#d9d9d9' : legendColour(scale, density),
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
    return subs.length === 0 || subs.includes(`${id}-${props.buildingBlock}`)
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
