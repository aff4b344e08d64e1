// The frame of a municipality on the proposal's map.
import type { AreaCollection } from '../../api/generated'

/** The bounding box `[[west, south], [east, north]]` of the area's polygons; null when empty. */
export function areaBounds(area: AreaCollection): [[number, number], [number, number]] | null {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const f of area.features) {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
    for (const ring of polygons.flat()) {
      for (const [x, y] of ring) {
        w = Math.min(w, x)
        e = Math.max(e, x)
        s = Math.min(s, y)
        n = Math.max(n, y)
      }
    }
  }
  return Number.isFinite(w)
    ? [
        [w, s],
        [e, n],
      ]
    : null
}
