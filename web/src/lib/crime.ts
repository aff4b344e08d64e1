// Crime-data helpers shared by the summary, the charts, the map and the grid.
import { attribution } from '../config/strings'
import type { CrimeStats } from '../api/generated'
import { formatIsoDate } from './format'

export function crimeSource(stats: Pick<CrimeStats, 'source'> | null | undefined): string {
  const lines = stats?.source?.attribution?.length ? stats.source.attribution : attribution
  return lines.join('; ')
}

export function periodText(stats: Pick<CrimeStats, 'period' | 'periodStart' | 'periodEnd'>): string {
  if (!stats.period) return ''
  if (!stats.periodStart || !stats.periodEnd) return stats.period
  return `${stats.period} (${formatIsoDate(stats.periodStart)} to ${formatIsoDate(stats.periodEnd)})`
}

/** Crime type ids chosen in the filters (crime is component 3), compared as strings. */
export function crimeOptionsFrom(filters: { componentId: number | null; componentOptions: string[] }): string[] {
  return filters.componentId === 3 ? filters.componentOptions.map(String) : []
}
