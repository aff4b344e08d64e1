// Turns crime stats into chart series: the breakdown pie (with unselected types grouped as
// 'Other'), the previous-vs-current financial year comparison, and the trend by financial year.
import type { CrimeStats } from '../../api/generated'
import { colours } from '../../config/constants'
import { strings } from '../../config/strings'
import type { Slice } from '../../lib/component-models'

function round2(value: number): number {
  return Math.round(value * 100) / 100
}

function paletteOf(stats: Pick<CrimeStats, 'palette'>): string[] {
  return stats.palette?.length ? stats.palette : [...colours.crimePalette]
}

/**
 * With no explicit selection, the API's distribution as it is. With a selection, the selected
 * types plus 'Other' (#cccccc) for the types of the default set (those counted in Total GBVF
 * crime without a selection, `defaultTypes`) that are not selected.
 */
export function breakdownSlices(
  stats: Pick<CrimeStats, 'distribution' | 'crimeStats' | 'palette'>,
  selected: readonly string[],
  defaultTypes: readonly string[] = [],
): Slice[] {
  const palette = paletteOf(stats)
  if (selected.length === 0) {
    return [...stats.distribution]
      .sort((a, b) => b.value - a.value)
      .map((d, i) => ({
        id: d.crimeTypeId,
        label: d.description,
        value: d.value,
        percentage: d.percentage,
        color: palette[i % palette.length],
      }))
  }
  const chosen = new Set(selected.map(String))
  const defaults = new Set(defaultTypes.map(String))
  const universe = stats.crimeStats.filter(
    (c) => defaults.has(String(c.crimeTypeId)) || chosen.has(String(c.crimeTypeId)),
  )
  const total = universe.reduce((sum, c) => sum + c.value, 0)
  const share = (v: number) => (total > 0 ? round2((v / total) * 100) : 0)
  const picked = universe.filter((c) => chosen.has(String(c.crimeTypeId))).sort((a, b) => b.value - a.value)
  const slices: Slice[] = picked.map((c, i) => ({
    id: String(c.crimeTypeId),
    label: c.description,
    value: c.value,
    percentage: share(c.value),
    color: palette[i % palette.length],
  }))
  const other = universe.filter((c) => !chosen.has(String(c.crimeTypeId))).reduce((sum, c) => sum + c.value, 0)
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

export interface ComparisonRow {
  id: string
  label: string
  previous: number | null
  current: number
}

/** Per crime type: previous financial year vs current financial year (selected or default types). */
export function comparisonRows(stats: Pick<CrimeStats, 'crimeStats'>, selected: readonly string[]): ComparisonRow[] {
  const chosen = new Set(selected.map(String))
  return stats.crimeStats
    .filter((c) => (chosen.size ? chosen.has(String(c.crimeTypeId)) : c.isIncluded))
    .sort((a, b) => b.value - a.value)
    .map((c) => ({ id: String(c.crimeTypeId), label: c.description, previous: c.previousValue, current: c.value }))
}

export interface TrendRow {
  period: string
  year: number
  total: number
}

export function trendRows(stats: Pick<CrimeStats, 'series'>): TrendRow[] {
  return [...stats.series]
    .sort((a, b) => a.year - b.year)
    .map((s) => ({ period: s.period, year: s.year, total: s.total }))
}
