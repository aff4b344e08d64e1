// Formatting of the admin screens: lists chunked into table rows of four, and text compared for
// sorting. Instants are formatted by src/lib/instant.ts.

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
