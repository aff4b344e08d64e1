import { describe, expect, it } from 'vitest'
import { boundsOf, labelPoint, signedDistance } from './geometry'
import type { MultiPolygonGeometry, PolygonGeometry } from '../../api/types'

const square: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ],
  ],
}
// An L shape whose bounding-box centre lies outside it.
const ell: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [10, 0],
      [10, 2],
      [2, 2],
      [2, 10],
      [0, 10],
      [0, 0],
    ],
  ],
}

describe('map geometry', () => {
  it('measures distance inside (positive) and outside (negative)', () => {
    expect(signedDistance(5, 5, square.coordinates)).toBeCloseTo(5)
    expect(signedDistance(-1, 5, square.coordinates)).toBeCloseTo(-1)
  })

  it('puts labels inside the area, even for concave shapes', () => {
    const [x, y] = labelPoint(square)!
    expect(x).toBeCloseTo(5, 0)
    expect(y).toBeCloseTo(5, 0)
    const [lx, ly] = labelPoint(ell)!
    expect(signedDistance(lx, ly, ell.coordinates)).toBeGreaterThan(0)
  })

  it('frames the mainland, not tiny far-off islands', () => {
    const withIsland: MultiPolygonGeometry = {
      type: 'MultiPolygon',
      coordinates: [
        square.coordinates,
        [
          [
            [37.5, -47],
            [37.6, -47],
            [37.6, -46.9],
            [37.5, -47],
          ],
        ],
      ],
    }
    expect(boundsOf([withIsland])).toEqual([
      [0, 0],
      [10, 10],
    ])
    expect(boundsOf([])).toBeNull()
  })
})
