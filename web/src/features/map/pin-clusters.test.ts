import { describe, expect, it } from 'vitest'
import type { MarkerCollection } from '../../api/generated'
import { BOX_GAP_PX, foldTouching, pinIndex, pinsAt, type DrawnPin } from './pin-clusters'

/** A marker named `name` at longitude `lon`, latitude `lat`. */
const marker = (name: string, lon: number, lat: number): MarkerCollection['features'][number] =>
  ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: {
      active: true,
      boundaryId: 1,
      boundaryTypeId: 3,
      buildingBlock: 'Clinic',
      buildingBlockCategoryId: 1,
      collectiveActionTypeId: null,
      name,
      pillarId: null,
      stakeholder: name,
    },
  }) as MarkerCollection['features'][number]

// Hillbrow, Johannesburg: twenty providers within a few hundred metres, and one in Soweto.
const crowd = Array.from({ length: 20 }, (_, i) => marker(`Hillbrow ${i}`, 28.047 + i * 0.0003, -26.19))
const soweto = marker('Soweto clinic', 27.86, -26.26)

const names = (drawn: ReturnType<typeof pinsAt>) =>
  drawn.flatMap((d) => (d.kind === 'pin' ? [d.properties.name] : [])).sort()
const clustered = (drawn: ReturnType<typeof pinsAt>) =>
  drawn.reduce((n, d) => n + (d.kind === 'cluster' ? d.count : 0), 0)

describe('pinsAt', () => {
  it('draws a crowd as one cluster that zooms in, a lone pin as a pin', () => {
    const drawn = pinsAt(pinIndex([...crowd, soweto]), 10.6)
    expect(names(drawn)).toEqual(['Soweto clinic'])
    const clusters = drawn.filter((d) => d.kind === 'cluster')
    expect(clusters).toHaveLength(1)
    expect(clusters[0]).toMatchObject({ kind: 'cluster', count: 20 })
    expect(clusters[0].kind === 'cluster' && clusters[0].names).toHaveLength(3)
    expect(clusters[0].kind === 'cluster' && clusters[0].expansionZoom).toBeGreaterThan(10)
  })

  it('draws two providers at one address as a cluster until the closest zooms, then as pins', () => {
    const pair = [marker('Court', 28.05, -26.2), marker('Clinic', 28.05, -26.2)]
    expect(pinsAt(pinIndex(pair), 15.5)).toMatchObject([{ kind: 'cluster', count: 2 }])
    expect(names(pinsAt(pinIndex(pair), 17))).toEqual(['Clinic', 'Court'])
  })

  it('accounts for every marker exactly once at every zoom, and clusters nothing up close', () => {
    const all = [...crowd, soweto]
    const index = pinIndex(all)
    for (let zoom = 5; zoom <= 19; zoom += 0.5) {
      const drawn = pinsAt(index, zoom)
      expect(names(drawn).length + clustered(drawn)).toBe(all.length)
    }
    expect(clustered(pinsAt(index, 17))).toBe(0)
  })
})

describe('foldTouching', () => {
  const pin = (name: string): DrawnPin => ({ kind: 'pin', at: [28, -26], properties: marker(name, 28, -26).properties })
  const cluster = (count: number, expansionZoom: number): DrawnPin => ({
    kind: 'cluster',
    at: [28, -26],
    count,
    expansionZoom,
    names: [`First of ${count}`],
  })

  it('folds a cluster and what touches it into the larger one, and keeps what stands apart', () => {
    const drawn = [pin('Alone'), cluster(13, 14), cluster(14, 15)]
    const boxes = [
      { x: 500, y: 500, width: 25, height: 41 },
      { x: 100, y: 100, width: 36, height: 34 },
      { x: 120, y: 110, width: 36, height: 34 },
    ]
    expect(foldTouching(drawn, boxes, 12.4)).toEqual([
      { kind: 'cluster', at: [28, -26], count: 27, expansionZoom: 14, names: ['First of 14', 'First of 13'] },
      drawn[0],
    ])
  })

  it('leaves boxes with room between them as they are', () => {
    const drawn = [pin('A'), pin('B')]
    const boxes = [
      { x: 0, y: 0, width: 25, height: 41 },
      { x: 25 + BOX_GAP_PX, y: 0, width: 25, height: 41 },
    ]
    expect(foldTouching(drawn, boxes, 12)).toEqual(drawn)
  })
})
