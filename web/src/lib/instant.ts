// Instants on the signed-in screens: 'YYYY-MM-DD HH:mm' (admin spec section 9) in South African
// Standard Time, with no month names to translate.

/**
 * Screens show times in South African Standard Time (UTC+2, no daylight saving), whatever the
 * browser's zone, so everyone reading an audit trail sees the same clock.
 */
export const DISPLAY_UTC_OFFSET_MINUTES = 120

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
