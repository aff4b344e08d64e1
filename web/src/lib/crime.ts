// Crime-data helpers shared by the summary, the charts, the map and the grid.
import { attribution, strings } from '../config/strings'
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

/** The SAPS financial year (starting April of it) that holds Census 2022's reference night, 2–3
 * February 2022 (Statistics South Africa): 2021/22, as the server's CENSUS_2022_FINANCIAL_YEAR. */
const CENSUS_2022_FINANCIAL_YEAR = 2021

/** How the rate is computed, in the reader's language, saying so when the crimes are of another
 * year than the population (as the server's rate note does). */
export function rateNote(stats: Pick<CrimeStats, 'year' | 'period'>): string {
  const other = stats.year != null && stats.year !== CENSUS_2022_FINANCIAL_YEAR && stats.period
  return other
    ? `${strings.summary.rateNote} ${strings.summary.rateNoteOtherYear(stats.period ?? '')}`
    : strings.summary.rateNote
}
