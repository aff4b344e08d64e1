// The dashboard filters live in the query string (section 2): boundaryId, boundaryTypeId,
// componentId, componentOptions (comma-separated ids), componentSubOptions ('parent-child' pairs),
// and asOf (a permalink's date, YYYY-MM-DD: crime figures as recorded by the end of that day).

export interface Filters {
  boundaryId: number | null
  boundaryTypeId: number | null
  componentId: number | null
  /** Option ids compared as strings (crime type ids are strings). */
  componentOptions: string[]
  /** 'parentId-childId' pairs. */
  componentSubOptions: string[]
  /** A permalink's date (`YYYY-MM-DD`, a real calendar date): crime figures as recorded by the end
   * of that day, South African time. Null: today's figures. */
  asOf: string | null
}

export const emptyFilters: Filters = {
  boundaryId: null,
  boundaryTypeId: null,
  componentId: null,
  componentOptions: [],
  componentSubOptions: [],
  asOf: null,
}

const FILTER_KEYS = [
  'boundaryId',
  'boundaryTypeId',
  'componentId',
  'componentOptions',
  'componentSubOptions',
  'asOf',
] as const

/** `value` when it is a real calendar date written `YYYY-MM-DD` (2024-02-29 yes, 2023-02-29 no), else null. */
export function parseAsOf(value: string | null | undefined, now: Date = new Date()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value?.trim() ?? '')
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1 || month < 1 || month > 12 || day < 1) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  date.setUTCFullYear(year)
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  // A day after today in South Africa (UTC+2 all year) has no figures yet: the server refuses it.
  const today = new Date(now.getTime() + 2 * 3600 * 1000).toISOString().slice(0, 10)
  return match[0] > today ? null : match[0]
}

function positiveInt(value: string | null): number | null {
  if (value == null || !/^\d+$/.test(value.trim())) return null
  const n = Number(value)
  return n > 0 ? n : null
}

function list(value: string | null): string[] {
  if (!value) return []
  const seen = new Set<string>()
  for (const part of value.split(',')) {
    const id = part.trim()
    if (id) seen.add(id)
  }
  return [...seen]
}

export function parseFilters(search: string | URLSearchParams): Filters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  return {
    boundaryId: positiveInt(params.get('boundaryId')),
    boundaryTypeId: positiveInt(params.get('boundaryTypeId')),
    componentId: positiveInt(params.get('componentId')),
    componentOptions: list(params.get('componentOptions')),
    componentSubOptions: list(params.get('componentSubOptions')).filter((pair) => /^[^-]+-.+$/.test(pair)),
    asOf: parseAsOf(params.get('asOf')),
  }
}

/** Writes the filters over `base`, keeping unrelated parameters, dropping empty ones. */
export function serializeFilters(filters: Filters, base?: string | URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base)
  for (const key of FILTER_KEYS) params.delete(key)
  if (filters.boundaryId != null) params.set('boundaryId', String(filters.boundaryId))
  if (filters.boundaryTypeId != null) params.set('boundaryTypeId', String(filters.boundaryTypeId))
  if (filters.componentId != null) params.set('componentId', String(filters.componentId))
  if (filters.componentOptions.length) params.set('componentOptions', filters.componentOptions.join(','))
  if (filters.componentSubOptions.length) params.set('componentSubOptions', filters.componentSubOptions.join(','))
  if (filters.asOf != null) params.set('asOf', filters.asOf)
  return params
}

export function filtersSearch(filters: Filters, base?: string | URLSearchParams): string {
  const text = serializeFilters(filters, base).toString().replace(/%2C/gi, ',')
  return text ? `?${text}` : ''
}
