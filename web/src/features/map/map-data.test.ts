import { describe, expect, it } from 'vitest'
import { crimeStats, geojson, geomarkers } from '../../test/mocks/fixtures'
import { emptyFilters } from '../../filters/query-string'
import { areaFigures, markerVisible } from './map-data'

describe('map data', () => {
  it('colours each area from the legend by its density', () => {
    const figures = areaFigures(geojson(1), crimeStats(1))
    expect(figures.map((f) => [f.description, f.density, f.color])).toEqual([
      ['Gauteng', 5, '#EED0D2'],
      ['Western Cape', 20, '#CB7377'],
    ])
  })

  it("uses the parent's list for a municipality's density, its own stats for the total", () => {
    const [only] = areaFigures(geojson(100), crimeStats(100), crimeStats(11))
    expect(only.boundaryId).toBe(100)
    expect(only.total).toBe(crimeStats(100).total)
    expect(only.density).toBe(5)
    expect(only.color).toBe('#EED0D2')
  })

  it('shows every pin without filters and filters building-block and collective-action pins', () => {
    const [pin] = geomarkers(3, 100).features
    expect(markerVisible(pin.properties, emptyFilters)).toBe(true)
    expect(markerVisible(pin.properties, { ...emptyFilters, componentId: 3, componentOptions: ['6'] })).toBe(true)
    const bb = { ...pin.properties, buildingBlockCategoryId: 10, buildingBlock: '101' }
    expect(markerVisible(bb, { ...emptyFilters, componentId: 1, componentOptions: ['11'] })).toBe(false)
    expect(markerVisible(bb, { ...emptyFilters, componentId: 1, componentOptions: ['10'] })).toBe(true)
    expect(
      markerVisible(bb, { ...emptyFilters, componentId: 1, componentOptions: ['10'], componentSubOptions: ['10-102'] }),
    ).toBe(false)
    expect(
      markerVisible(bb, { ...emptyFilters, componentId: 1, componentOptions: ['10'], componentSubOptions: ['10-101'] }),
    ).toBe(true)
    const ca = { ...pin.properties, pillarId: 2, collectiveActionTypeId: 1 }
    expect(
      markerVisible(ca, { ...emptyFilters, componentId: 4, componentOptions: ['2'], componentSubOptions: ['2-1'] }),
    ).toBe(true)
    expect(markerVisible(ca, { ...emptyFilters, componentId: 4, componentOptions: ['3'] })).toBe(false)
  })
})
