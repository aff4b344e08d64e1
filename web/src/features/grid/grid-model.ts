// Grid view ordering: sort a card's distribution, and move cards to the top, bottom or a position.

export interface DistributionEntry {
  id: string
  label: string
  value: number
  percentage: number | null
  /** For availability: the words shown instead of the value ('Not yet verified', '–'). */
  text?: string
}

export type SortDirection = 'desc' | 'asc'

/** Highest to lowest by default; ties keep label order so the result is stable. */
export function sortDistribution(
  items: readonly DistributionEntry[],
  direction: SortDirection = 'desc',
): DistributionEntry[] {
  return [...items].sort(
    (a, b) => (direction === 'desc' ? b.value - a.value : a.value - b.value) || a.label.localeCompare(b.label),
  )
}

export function toggleDirection(direction: SortDirection): SortDirection {
  return direction === 'desc' ? 'asc' : 'desc'
}

export function moveToTop<T>(order: readonly T[], item: T): T[] {
  return [item, ...order.filter((x) => x !== item)]
}

export function moveToBottom<T>(order: readonly T[], item: T): T[] {
  return [...order.filter((x) => x !== item), item]
}

export function moveBy<T>(order: readonly T[], item: T, delta: number): T[] {
  const from = order.indexOf(item)
  if (from < 0) return [...order]
  const to = Math.max(0, Math.min(order.length - 1, from + delta))
  return moveTo(order, item, to)
}

export function moveTo<T>(order: readonly T[], item: T, index: number): T[] {
  const rest = order.filter((x) => x !== item)
  const at = Math.max(0, Math.min(rest.length, index))
  return [...rest.slice(0, at), item, ...rest.slice(at)]
}

/** The saved order, dropping ids that are gone and appending new ones in their default order. */
export function reconcileOrder(saved: readonly number[] | undefined, ids: readonly number[]): number[] {
  if (!saved) return [...ids]
  const present = new Set(ids)
  const kept = saved.filter((id) => present.has(id))
  const keptSet = new Set(kept)
  return [...kept, ...ids.filter((id) => !keptSet.has(id))]
}
