// Contact directory matching (section 2): by name or building block, case-insensitive, sorted by name.
import type { ContactSearchResult } from '../../api/generated'

export function matchContacts(results: readonly ContactSearchResult[], text: string): ContactSearchResult[] {
  const needle = text.trim().toLowerCase()
  return results
    .filter(
      (r) => !needle || r.name.toLowerCase().includes(needle) || (r.buildingBlock ?? '').toLowerCase().includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
}
