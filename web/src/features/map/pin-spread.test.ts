import { describe, expect, it } from 'vitest'
import { MAX_SPREAD, spreadOffsets, type ScreenPoint } from './pin-spread'

const placed = (points: ScreenPoint[], offsets: [number, number][]) =>
  points.map((p, i) => ({ x: p.x + offsets[i][0], y: p.y + offsets[i][1] }))

const closest = (points: ScreenPoint[]) => {
  let best = Infinity
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++)
      best = Math.min(best, Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y))
  return best
}

describe('spreadOffsets', () => {
  it('leaves pins that do not touch where they are', () => {
    expect(
      spreadOffsets(
        [
          { x: 0, y: 0 },
          { x: 100, y: 0 },
        ],
        26,
      ),
    ).toEqual([
      [0, 0],
      [0, 0],
    ])
  })

  it('spreads two pins at one address (a court and a clinic) at least a pin apart', () => {
    const points = [
      { x: 200, y: 150 },
      { x: 200, y: 150 },
    ]
    const spread = placed(points, spreadOffsets(points, 26))
    expect(closest(spread)).toBeGreaterThanOrEqual(25.99)
  })

  it('spreads a crowd of six near one pin and leaves a pin far away', () => {
    const points = [
      { x: 300, y: 300 },
      { x: 301, y: 300 },
      { x: 300, y: 302 },
      { x: 305, y: 305 },
      { x: 299, y: 299 },
      { x: 320, y: 305 },
      { x: 600, y: 600 },
    ]
    const offsets = spreadOffsets(points, 26)
    const spread = placed(points, offsets)
    expect(closest(spread.slice(0, 6))).toBeGreaterThanOrEqual(25.99)
    expect(offsets[6]).toEqual([0, 0])
  })

  it('leaves a crowd larger than MAX_SPREAD as it is', () => {
    const crowd = Array.from({ length: MAX_SPREAD + 1 }, (_, i) => ({ x: 100 + i, y: 100 }))
    expect(spreadOffsets(crowd, 26).every(([dx, dy]) => dx === 0 && dy === 0)).toBe(true)
  })

  it('does not chain a row of pins into one ring', () => {
    const row = Array.from({ length: 20 }, (_, i) => ({ x: i * 20, y: 0 }))
    const offsets = spreadOffsets(row, 26)
    expect(Math.max(...offsets.map(([dx, dy]) => Math.hypot(dx, dy)))).toBeLessThan(26)
  })
})
