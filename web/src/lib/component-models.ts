// Chart series for the health-check, building-block and collective-action cards. The server
// returns empty arrays until those features exist; these turn non-empty data into rows.
import type { BuildingBlockData, CollectiveActionStats, HealthCheckStats } from '../api/generated'
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

/**
 * Reach pie slices: approved organisations by organisation type (organisationCount). A type the
 * server marks isIncluded: false goes into 'Other'; this server leaves the flag out, so every type
 * counts. No slices when no organisation is counted.
 */
export function reachSlices(summary: HealthCheckStats | undefined): Slice[] {
  const byType = new Map<number, { id: string; label: string; value: number; included: boolean }>()
  for (const stat of summary?.healthCheckStats ?? []) {
    const entry = byType.get(stat.organisationTypeId) ?? {
      id: String(stat.organisationTypeId),
      label: stat.description,
      value: 0,
      // The server counts every organisation type (no isIncluded in its answer).
      included: true,
    }
    entry.value += stat.organisationCount ?? 0
    byType.set(stat.organisationTypeId, entry)
  }
  const items = [...byType.values()]
  return items.some((i) => i.value > 0) ? slicesWithOther(items, BLUES) : []
}

export interface QuarterRow {
  /** '2026Q3'. */
  key: string
  /** 'Q3 26'. */
  label: string
  /** Null where the server withholds the count (fewer than 3 organisations take part). */
  actual: number | null
  /** Null where the server gives no expected responses for the quarter. */
  expected: number | null
  participating: number
  /** Overall maturity 0..100, or null where the server withholds it. */
  maturity: number | null
}

/** '2026Q3' as [2026, 3], or null. */
export function parseQuarter(text: string | null | undefined): [number, number] | null {
  const m = /^(\d{4})\s*Q([1-4])$/.exec(String(text ?? '').trim())
  return m ? [Number(m[1]), Number(m[2])] : null
}

/**
 * Number of surveys completed, by quarter, oldest first: responses, expected responses,
 * participating organisations and maturity. A quarter is the calendar quarter in which a survey
 * period starts (Q1 = January to March); the server gives every quarter with responses or with
 * links, each with the responses expected on its links (`totalExpectedResponses`). An older
 * server without per-quarter expectations gives them for its current quarter only.
 */
export function surveyQuarters(summary: HealthCheckStats | undefined): QuarterRow[] {
  const rows = new Map<string, QuarterRow>()
  for (const q of summary?.byQuarter ?? []) {
    const parsed = parseQuarter(q.quarter)
    if (!parsed) continue
    const key = `${parsed[0]}Q${parsed[1]}`
    rows.set(key, {
      key,
      label: quarterLabel(parsed[1], parsed[0]),
      actual: q.totalActualResponses ?? null,
      expected: q.totalExpectedResponses ?? null,
      participating: q.participatingOrganisations ?? 0,
      maturity: q.overalMaturity ?? null,
    })
  }
  const current = parseQuarter(summary?.quarter)
  if (current && summary) {
    const key = `${current[0]}Q${current[1]}`
    const row = rows.get(key)
    if (row) row.expected = row.expected ?? summary.totalExpectedResponses ?? null
    else if ((summary.totalExpectedResponses ?? 0) > 0) {
      rows.set(key, {
        key,
        label: quarterLabel(current[1], current[0]),
        actual: 0,
        expected: summary.totalExpectedResponses,
        participating: 0,
        maturity: null,
      })
    }
  }
  return [...rows.values()].sort((a, b) => a.key.localeCompare(b.key))
}

/** 'Q3 26' for '2026Q3' or '2026 Q3' (the one quarter label of the dashboard); '' otherwise. */
export function quarterText(quarter: string | null | undefined): string {
  const parsed = parseQuarter(quarter)
  return parsed ? quarterLabel(parsed[1], parsed[0]) : ''
}

/** Overall maturity 0..100 of the current quarter as the server gives it (null when withheld). */
export function overallMaturity(summary: HealthCheckStats | undefined): number | null {
  const value = summary?.overall?.overalMaturity
  return typeof value === 'number' && Number.isFinite(value) ? round2(value) : null
}

/** True when the health-check component has anything to show (organisations or responses). */
export function hasHealthCheckData(summary: HealthCheckStats | undefined): boolean {
  return reachSlices(summary).length > 0 || surveyQuarters(summary).length > 0
}

export function pillarSlices(summary: CollectiveActionStats | undefined): Slice[] {
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
 * collective action in the area, so the card shows the section 8 empty state instead of empty
 * axes.
 */
export function cycleRows(summary: CollectiveActionStats | undefined): CycleRow[] {
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

/** The providers verified today of those listed, for the categories or blocks a grid shows. */
export interface Coverage {
  label: string
  listed: number
  verified: number
}

export interface GridRow {
  label: string
  /** Availability per period (0..1); null where none of the listed providers was verified yet. */
  cells: (number | null)[]
  /** Providers listed for the row (its category's, or its requirement's building block's). */
  listed: number
}

/**
 * Building blocks quarter grid (spec §2 "Building blocks" card): by category, or by requirement
 * when a category option is picked. The requirements are those of the category's building
 * blocks, or of the picked sub-options (building blocks, 'categoryId-blockId') when there are
 * any; with more than one block shown, a row names its block ('Hospital: Post-exposure ...').
 */
export function buildingBlockGrid(
  summary: BuildingBlockData | undefined,
  pickedCategory: string | null,
  pickedBlocks: string[] = [],
): { periods: string[]; rows: GridRow[]; byRequirement: boolean; coverage: Coverage[] } {
  const periods = [...(summary?.buildingBlockReportingPeriods ?? [])].sort(
    (a, b) => a.year * 10 + a.quarter - (b.year * 10 + b.quarter),
  )
  const labels = periods.map((p) => quarterLabel(p.quarter, p.year))
  const current = periods.findIndex((p) => p.isCurrent)
  const cellsFor = (availability: number | null, perPeriod?: Record<string, number | null>) =>
    periods.map((p, i) =>
      perPeriod && p.period in perPeriod
        ? perPeriod[p.period]
        : i === (current >= 0 ? current : periods.length - 1)
          ? availability
          : null,
    )
  const categories = summary?.buildingBlockCategoryStats ?? []
  if (pickedCategory != null) {
    const category = categories.find((c) => String(c.buildingBlockCategoryId) === pickedCategory)
    const wanted = pickedBlocks
      .filter((pair) => pair.startsWith(`${pickedCategory}-`))
      .map((pair) => pair.split('-')[1])
    const blocks = (category?.buildingBlockStats ?? []).filter(
      (b) => wanted.length === 0 || wanted.includes(String(b.buildingBlockId)),
    )
    return {
      periods: labels,
      byRequirement: true,
      coverage: blocks.map((b) => ({
        label: b.description,
        listed: b.buildingBlockCount,
        verified: b.verifiedProviderCount,
      })),
      rows: blocks.flatMap((b) =>
        (b.buildingBlockRequirementStats ?? []).map((r) => ({
          label: blocks.length > 1 ? `${b.description}: ${r.description}` : r.description,
          cells: cellsFor(r.availability, r.periodAvailability),
          listed: b.buildingBlockCount,
        })),
      ),
    }
  }
  return {
    periods: labels,
    byRequirement: false,
    coverage: categories.map((c) => ({
      label: c.description,
      listed: c.providerCount,
      verified: c.verifiedProviderCount,
    })),
    rows: categories.map((c) => ({
      label: c.description,
      cells: cellsFor(c.availability, c.periodAvailability),
      listed: c.providerCount,
    })),
  }
}

/** One requirement of the mobile accordion: its availability per reporting quarter. */
export interface AccordionRequirement {
  id: number
  label: string
  cells: (number | null)[]
}
/** One building block of the mobile accordion, with its providers listed and its requirements. */
export interface AccordionBlock {
  id: number
  label: string
  listed: number
  cells: (number | null)[]
  requirements: AccordionRequirement[]
}
/** One category of the mobile accordion. */
export interface AccordionCategory {
  id: number
  label: string
  listed: number
  cells: (number | null)[]
  blocks: AccordionBlock[]
}

/**
 * The building blocks card on phones (spec §2 "Building blocks": mobile accordion category >
 * block > requirement): the same figures as the quarter grid, per quarter (labels in `periods`,
 * oldest first), nested. A picked category keeps only that category, picked sub-options
 * ('categoryId-blockId') only those blocks.
 */
export function buildingBlockAccordion(
  summary: BuildingBlockData | undefined,
  pickedCategory: string | null,
  pickedBlocks: string[] = [],
): { periods: string[]; categories: AccordionCategory[] } {
  const periods = [...(summary?.buildingBlockReportingPeriods ?? [])].sort(
    (a, b) => a.year * 10 + a.quarter - (b.year * 10 + b.quarter),
  )
  const current = periods.findIndex((p) => p.isCurrent)
  const cellsFor = (availability: number | null, perPeriod?: Record<string, number | null>) =>
    periods.map((p, i) =>
      perPeriod && p.period in perPeriod
        ? perPeriod[p.period]
        : i === (current >= 0 ? current : periods.length - 1)
          ? availability
          : null,
    )
  const wanted = pickedBlocks
    .filter((pair) => pickedCategory != null && pair.startsWith(`${pickedCategory}-`))
    .map((pair) => pair.split('-')[1])
  const categories = (summary?.buildingBlockCategoryStats ?? [])
    .filter((c) => pickedCategory == null || String(c.buildingBlockCategoryId) === pickedCategory)
    .map((c) => ({
      id: c.buildingBlockCategoryId,
      label: c.description,
      listed: c.providerCount,
      cells: cellsFor(c.availability, c.periodAvailability),
      blocks: c.buildingBlockStats
        .filter((b) => wanted.length === 0 || wanted.includes(String(b.buildingBlockId)))
        .map((b) => ({
          id: b.buildingBlockId,
          label: b.description,
          listed: b.buildingBlockCount,
          cells: cellsFor(b.availability, b.periodAvailability),
          requirements: (b.buildingBlockRequirementStats ?? []).map((r) => ({
            id: r.buildingBlockRequirementId,
            label: r.description,
            cells: cellsFor(r.availability, r.periodAvailability),
          })),
        })),
    }))
  return { periods: periods.map((p) => quarterLabel(p.quarter, p.year)), categories }
}
