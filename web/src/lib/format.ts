// Number, percentage and period formatting. In English deterministic (no locale lookups) so the
// figures on screen, in CSV files and in tests agree exactly; in another language the reader
// picked (src/i18n), numbers and dates follow that language's conventions through Intl.
import { strings } from '../config/strings'
import { activeLocale } from '../i18n/runtime'

/**
 * The reader's language when it is not English (nor the English pseudo-locale) and this browser's
 * Intl knows it, else null: English's fixed format (some browsers ship no isiZulu data; its
 * numbers are written as English's).
 */
function otherLocale(): string | null {
  const locale = activeLocale()
  if (locale === 'en' || locale.startsWith('en-')) return null
  return Intl.NumberFormat.supportedLocalesOf(locale).length ? locale : null
}

const numberFormats = new Map<string, Intl.NumberFormat>()

function localNumber(locale: string, value: number, decimals: number): string {
  const key = `${locale}/${decimals}`
  let made = numberFormats.get(key)
  if (!made) {
    made = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    numberFormats.set(key, made)
  }
  return made.format(value)
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** Whole numbers with thousands separators: 460000 -> '460,000'. */
export function formatCount(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '–'
  const rounded = Math.round(value)
  const locale = otherLocale()
  if (locale) return localNumber(locale, rounded, 0)
  const sign = rounded < 0 ? '-' : ''
  return sign + group(String(Math.abs(rounded)))
}

/** Fixed 2 decimals with thousands separators: 741.2345 -> '741.23'. */
export function formatDecimal(value: number | null | undefined, decimals = 2): string {
  if (value == null || !Number.isFinite(value)) return '–'
  const locale = otherLocale()
  if (locale) return localNumber(locale, value, decimals)
  const fixed = Math.abs(value).toFixed(decimals)
  const [whole, fraction] = fixed.split('.')
  const negative = value < 0 && Number(fixed) !== 0
  return (negative ? '-' : '') + group(whole) + (fraction ? '.' + fraction : '')
}

/** Percentages always show 2 decimals (section 9): 5.981 -> '5.98%'. */
export function formatPercentage(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '–'
  return formatDecimal(value, 2) + '%'
}

/** An availability of 0..1 shown as a percentage with 2 decimals: 0.5 -> '50.00%'. */
export function formatAvailability(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '–'
  return formatPercentage(value * 100)
}

/** Crime rate per 100,000 people, 2 decimals. */
export function formatRate(value: number | null | undefined): string {
  return formatDecimal(value, 2)
}

/** Change from previous to current as a signed percentage with 2 decimals, or null. */
export function percentageChange(
  current: number | null | undefined,
  previous: number | null | undefined,
): number | null {
  if (current == null || previous == null || previous === 0) return null
  return ((current - previous) / previous) * 100
}

export function formatSignedPercentage(value: number | null): string {
  if (value == null) return '–'
  const text = formatPercentage(value)
  return value > 0 && text !== '0.00%' ? '+' + text : text
}

/** Abbreviates thousands with k for chart value axes (section 9): 25000 -> '25k'. */
export function abbreviateThousands(value: number): string {
  const abs = Math.abs(value)
  if (abs >= 1_000_000) return trimZeros((value / 1_000_000).toFixed(1)) + 'M'
  if (abs >= 1000) return trimZeros((value / 1000).toFixed(1)) + 'k'
  return trimZeros(value.toFixed(abs < 10 && abs % 1 !== 0 ? 1 : 0))
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/** SAPS financial years run April to March: 2022 -> '2022/23'. */
export function financialYearLabel(startYear: number): string {
  const next = (startYear + 1) % 100
  return `${startYear}/${String(next).padStart(2, '0')}`
}

/** Quarters are calendar quarters (Jan-Mar = Q1) shown with a two-digit year: (1, 2023) -> 'Q1 23'. */
export function quarterLabel(quarter: number, year: number): string {
  if (quarter < 1 || quarter > 4) throw new RangeError(`quarter ${quarter} is not 1..4`)
  return `Q${quarter} ${String(((year % 100) + 100) % 100).padStart(2, '0')}`
}

/** Calendar quarter of a month (1..12). */
export function quarterOfMonth(month: number): number {
  return Math.floor((month - 1) / 3) + 1
}

/** '2022-04-01' -> '1 April 2022' without timezone surprises; month names from the catalogs. */
export function formatIsoDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!match) return iso
  return `${Number(match[3])} ${strings.months[Number(match[2]) - 1]} ${match[1]}`
}
