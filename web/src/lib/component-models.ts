// Chart series for the health-check, building-block and collective-action cards. The server
// returns empty arrays until those features exist; these turn non-empty data into rows.
import type { BuildingBlockSummary, CollectiveActionSummary, HealthCheckSummary } from '../api/types'
import { colours } from '../config/constants'
import { strings } from '../config/strings'
import { quarterLabel } from './format'

/** One pie slice, shared by the crime breakdown and the component cards. */
export interface Slice {
  id: string
  label: string
  value: number
  percentage: number
  color: string
}

const BLUES = ['#2E539D', '#4A6DB0', '#6E8CC4', '#94ADD7', '#BCCDE8']

function round2(value: number): number {
  return Math.round(value * 100) / 100
}

/** Pie slices; items not included are grouped as 'Other' in #cccccc. */
export function slicesWithOther(
  items: { id: string; label: string; value: number; included: boolean }[],
  palette: readonly string[],
): Slice[] {
  const total = items.reduce((s, i) => s + i.value, 0)
  const share = (v: number) => (total > 0 ? round2((v / total) * 100) : 0)
  const included = items.filter((i) => i.included).sort((a, b) => b.value - a.value)
  const slices: Slice[] = included.map((i, n) => ({
    id: i.id,
    label: i.label,
    value: i.value,
    percentage: share(i.value),
    color: palette[n % palette.length],
  }))
  const other = items.filter((i) => !i.included).reduce((s, i) => s + i.value, 0)
  if (other > 0)
    slices.push({
      id: 'other',
      label: strings.cards.other,
      value: other,
      percentage: share(other),
      color: colours.other,
    })
  return slices
}

export function reachSlices(summary: HealthCheckSummary | undefined): Slice[] {
  const byType = new Map<number, { id: string; label: string; value: number; included: boolean }>()
  for (const stat of summary?.healthCheckStats ?? []) {
    const entry = byType.get(stat.organisationTypeId) ?? {
      id: String(stat.organisationTypeId),
      label: stat.description,
      value: 0,
      included: stat.isIncluded,
    }
    entry.value += stat.organisationCount ?? 0
    byType.set(stat.organisationTypeId, entry)
  }
  const items = [...byType.values()]
  return items.some((i) => i.value > 0) ? slicesWithOther(items, BLUES) : []
}

export interface QuarterRow {
  label: string
  actual: number
  expected: number
  participating: number
}

export function surveyQuarters(summary: HealthCheckSummary | undefined): QuarterRow[] {
  const rows = new Map<string, QuarterRow & { key: number }>()
  for (const stat of summary?.healthCheckStats ?? []) {
    if (stat.quarter == null || stat.year == null) continue
    const key = stat.year * 10 + stat.quarter
    const row = rows.get(String(key)) ?? {
      key,
      label: quarterLabel(stat.quarter, stat.year),
      actual: 0,
      expected: 0,
      participating: 0,
    }
    row.actual += stat.totalActualResponses ?? 0
    row.expected += stat.totalExpectedResponses ?? 0
    row.participating += stat.participatingOrganisations ?? 0
    rows.set(String(key), row)
  }
  return [...rows.values()].sort((a, b) => a.key - b.key).map(({ key: _key, ...row }) => row)
}

/** Overall maturity 0..100, weighted by organisation count. */
export function overallMaturity(summary: HealthCheckSummary | undefined): number | null {
  let weight = 0
  let sum = 0
  for (const stat of summary?.healthCheckStats ?? []) {
    if (stat.overalMaturity == null) continue
    const w = stat.organisationCount || 1
    weight += w
    sum += stat.overalMaturity * w
  }
  return weight ? round2(sum / weight) : null
}

export function pillarSlices(summary: CollectiveActionSummary | undefined): Slice[] {
  const items = (summary?.pillarStats ?? []).map((p) => ({
    id: String(p.pillarId),
    label: p.description,
    value: p.totalCollectiveActions ?? p.total ?? 0,
    included: p.isIncluded,
  }))
  return items.some((i) => i.value > 0) ? slicesWithOther(items, colours.collectiveActions) : []
}

export interface CycleRow {
  label: string
  completed: number
  active: number
}

/**
 * Bars of the per-cycle card (Completed and Active per cycle). Empty when no cycle has a
 * challenge in the area, so the card shows the section 8 empty state instead of empty axes.
 */
export function cycleRows(summary: CollectiveActionSummary | undefined): CycleRow[] {
  const rows = (summary?.cycles ?? []).map((c) => {
    const hasSplit = c.completedCollectiveActions != null || c.activeCollectiveActions != null
    return {
      label: c.description,
      completed: hasSplit ? (c.completedCollectiveActions ?? 0) : c.isActive ? 0 : c.totalCollectiveActions,
      active: hasSplit ? (c.activeCollectiveActions ?? 0) : c.isActive ? c.totalCollectiveActions : 0,
    }
  })
  return rows.some((r) => r.completed > 0 || r.active > 0) ? rows : []
}

/** Percentage bucket (section 4): 0 -> 0, up to 24 -> 1, up to 49 -> 2, up to 74 -> 3, above -> 4. */
export function percentageBucket(percent: number): number {
  if (percent <= 0) return 0
  if (percent <= 24) return 1
  if (percent <= 49) return 2
  if (percent <= 74) return 3
  return 4
}

export const GREENS = ['#e0e0e0', '#cfe6d4', '#8fc29c', '#4f9e63', '#36854A']

export interface GridRow {
  label: string
  cells: (number | null)[]
}

/** Building blocks quarter grid: by category, or by the blocks of the picked category option. */
export function buildingBlockGrid(
  summary: BuildingBlockSummary | undefined,
  pickedCategory: string | null,
): { periods: string[]; rows: GridRow[] } {
  const periods = [...(summary?.buildingBlockReportingPeriods ?? [])].sort(
    (a, b) => a.year * 10 + a.quarter - (b.year * 10 + b.quarter),
  )
  const labels = periods.map((p) => quarterLabel(p.quarter, p.year))
  const current = periods.findIndex((p) => p.isCurrent)
  const cellsFor = (availability: number, perPeriod?: Record<string, number>) =>
    periods.map(
      (p, i) => perPeriod?.[p.period] ?? (i === (current >= 0 ? current : periods.length - 1) ? availability : null),
    )
  const categories = summary?.buildingBlockCategoryStats ?? []
  if (pickedCategory != null) {
    const category = categories.find((c) => String(c.buildingBlockCategoryId) === pickedCategory)
    return {
      periods: labels,
      rows: (category?.buildingBlockStats ?? []).map((b) => ({
        label: b.description,
        cells: cellsFor(b.availability, b.periodAvailability),
      })),
    }
  }
  return {
    periods: labels,
    rows: categories.map((c) => ({ label: c.description, cells: cellsFor(c.availability, c.periodAvailability) })),
  }
}
