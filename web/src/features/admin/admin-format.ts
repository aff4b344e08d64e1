// Formatting of the admin screens: status dates as YYYY-MM-DD HH:mm (section 9), in South
// African Standard Time, and lists chunked into table rows of four.
import { DISPLAY_UTC_OFFSET_MINUTES } from './admin-constants'

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * An ISO 8601 instant as 'YYYY-MM-DD HH:mm' in SAST (UTC+2). An instant without a zone is read
 * as UTC, as the server writes them. Empty or unreadable values give '–'.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '–'
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())
  const ms = Date.parse(hasZone || !/T|\s\d/.test(value) ? value : `${value.trim().replace(' ', 'T')}Z`)
  if (Number.isNaN(ms)) return '–'
  const d = new Date(ms + DISPLAY_UTC_OFFSET_MINUTES * 60_000)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}

/** Splits a list into rows of `size` (the last row may be shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = []
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size))
  return rows
}

/** Case- and accent-insensitive comparison for A-Z / Z-A sorting. */
export function compareText(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })
}

/** Case-insensitive 'contains' for the search boxes. */
export function includesText(haystack: string | null | undefined, needle: string): boolean {
  const n = needle.trim().toLocaleLowerCase()
  return !n || (haystack ?? '').toLocaleLowerCase().includes(n)
}
