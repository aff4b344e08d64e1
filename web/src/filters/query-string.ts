// The dashboard filters live in the query string (section 2): boundaryId, boundaryTypeId,
// componentId, componentOptions (comma-separated ids), componentSubOptions ('parent-child' pairs).

export interface Filters {
  boundaryId: number | null
  boundaryTypeId: number | null
  componentId: number | null
  /** Option ids compared as strings (crime type ids are strings). */
  componentOptions: string[]
  /** 'parentId-childId' pairs. */
  componentSubOptions: string[]
}

export const emptyFilters: Filters = {
  boundaryId: null,
  boundaryTypeId: null,
  componentId: null,
  componentOptions: [],
  componentSubOptions: [],
}

const FILTER_KEYS = ['boundaryId', 'boundaryTypeId', 'componentId', 'componentOptions', 'componentSubOptions'] as const

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
  return params
}

export function filtersSearch(filters: Filters, base?: string | URLSearchParams): string {
  const text = serializeFilters(filters, base).toString().replace(/%2C/gi, ',')
  return text ? `?${text}` : ''
}
