// Pins that would cover one another are spread apart on screen, so each stays visible and a
// click opens the provider under the pointer (two providers at one address, or a clinic and a
// court a few metres apart, drew one pin over the other, and a click opened the wrong one).

/** A pin's position on screen, in CSS pixels. */
export interface ScreenPoint {
  x: number
  y: number
}

/** The largest group of pins spread on a ring. */
export const MAX_SPREAD = 8

/**
 * Offsets in CSS pixels, one per pin, that spread pins closer than `minDistance` to one another:
 * taking the pins in order, each pin not yet placed gathers the unplaced pins closer to it than
 * `minDistance` (no chaining, so a dense city does not become one ring), and a group of n
 * places its pins evenly on a circle around its centre (from the top, clockwise, in input
 * order) whose radius keeps neighbours `minDistance` apart. A pin alone keeps [0, 0]. A group
 * of more than [`MAX_SPREAD`] stays as it is (a ring of dozens would leave the map): a dense
 * area crowds at a low zoom, and zooming in separates it.
 */
export function spreadOffsets(points: readonly ScreenPoint[], minDistance: number): [number, number][] {
  const offsets: [number, number][] = points.map(() => [0, 0])
  const placed = points.map(() => false)
  for (let i = 0; i < points.length; i++) {
    if (placed[i]) continue
    const members = [i]
    for (let j = i + 1; j < points.length; j++) {
      if (!placed[j] && Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y) < minDistance) members.push(j)
    }
    members.forEach((m) => (placed[m] = true))
    const n = members.length
    if (n < 2 || n > MAX_SPREAD) continue
    const cx = members.reduce((s, m) => s + points[m].x, 0) / n
    const cy = members.reduce((s, m) => s + points[m].y, 0) / n
    const radius = minDistance / (2 * Math.sin(Math.PI / n))
    members.forEach((m, k) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * k) / n
      offsets[m] = [cx + radius * Math.cos(angle) - points[m].x, cy + radius * Math.sin(angle) - points[m].y]
    })
  }
  return offsets
}
