// Geometry helpers for the map: bounds, and a point well inside each area for its count label.
import type { MultiPolygonGeometry, PolygonGeometry, Position } from '../../api/types'

export type Bounds = [[number, number], [number, number]]

export function polygonsOf(geometry: PolygonGeometry | MultiPolygonGeometry): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
}

/**
 * Bounds of the areas, leaving out tiny far-off parts (under 1% of an area's largest part, such
 * as the Prince Edward Islands of the Western Cape) so the map frames the mainland.
 */
export function boundsOf(geometries: (PolygonGeometry | MultiPolygonGeometry)[]): Bounds | null {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity
  for (const g of geometries) {
    const parts = polygonsOf(g)
    const largest = Math.max(0, ...parts.map((p) => ringArea(p[0] ?? [])))
    for (const polygon of parts) {
      if (parts.length > 1 && ringArea(polygon[0] ?? []) < largest * 0.01) continue
      for (const [x, y] of polygon[0] ?? []) {
        if (x < minX) minX = x
        if (y < minY) minY = y
        if (x > maxX) maxX = x
        if (y > maxY) maxY = y
      }
    }
  }
  return Number.isFinite(minX)
    ? [
        [minX, minY],
        [maxX, maxY],
      ]
    : null
}

function ringArea(ring: Position[]): number {
  let sum = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1])
  }
  return Math.abs(sum / 2)
}

function segmentDistanceSq(px: number, py: number, a: Position, b: Position): number {
  let x = a[0],
    y = a[1]
  let dx = b[0] - x,
    dy = b[1] - y
  if (dx !== 0 || dy !== 0) {
    const t = ((px - x) * dx + (py - y) * dy) / (dx * dx + dy * dy)
    if (t > 1) {
      x = b[0]
      y = b[1]
    } else if (t > 0) {
      x += dx * t
      y += dy * t
    }
  }
  dx = px - x
  dy = py - y
  return dx * dx + dy * dy
}

/** Distance from the point to the polygon outline, negative when outside. */
export function signedDistance(px: number, py: number, polygon: Position[][]): number {
  let inside = false
  let minSq = Infinity
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i],
        b = ring[j]
      if (a[1] > py !== b[1] > py && px < ((b[0] - a[0]) * (py - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside
      minSq = Math.min(minSq, segmentDistanceSq(px, py, a, b))
    }
  }
  return (inside ? 1 : -1) * Math.sqrt(minSq)
}

/**
 * A point deep inside the largest part of the area: sample a grid over the bounds, keep the point
 * farthest from the outline, then repeat on a finer grid around it.
 */
export function labelPoint(geometry: PolygonGeometry | MultiPolygonGeometry): Position | null {
  const parts = polygonsOf(geometry).filter((p) => p[0]?.length >= 3)
  if (!parts.length) return null
  const polygon = parts.reduce((best, p) => (ringArea(p[0]) > ringArea(best[0]) ? p : best))
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity
  for (const [x, y] of polygon[0]) {
    minX = Math.min(minX, x)
    minY = Math.min(minY, y)
    maxX = Math.max(maxX, x)
    maxY = Math.max(maxY, y)
  }
  let best: Position = [(minX + maxX) / 2, (minY + maxY) / 2]
  let bestD = signedDistance(best[0], best[1], polygon)
  let halfW = (maxX - minX) / 2,
    halfH = (maxY - minY) / 2
  let cx = best[0],
    cy = best[1]
  const steps = 10
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i <= steps; i++) {
      for (let j = 0; j <= steps; j++) {
        const x = cx - halfW + (2 * halfW * i) / steps
        const y = cy - halfH + (2 * halfH * j) / steps
        const d = signedDistance(x, y, polygon)
        if (d > bestD) {
          bestD = d
          best = [x, y]
        }
      }
    }
    cx = best[0]
    cy = best[1]
    halfW /= 3
    halfH /= 3
  }
  return best
}

/** Planar size of an area in square degrees (enough to rank areas by size). */
export function areaSize(geometry: PolygonGeometry | MultiPolygonGeometry): number {
  return polygonsOf(geometry).reduce((sum, p) => sum + ringArea(p[0] ?? []), 0)
}
