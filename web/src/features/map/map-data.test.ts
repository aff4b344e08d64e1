import { describe, expect, it } from 'vitest'
import { boundaries, crimeStats, geojson, geomarkers } from '../../test/mocks/fixtures'
import { emptyFilters } from '../../filters/query-string'
import type { AreaCollection, BuildingBlockData, HealthCheckStats } from '../../api/generated'
import {
  BUILDING_BLOCK_SCALE,
  areaFigures,
  availabilityColour,
  buildingBlockAreaFigures,
  buildingBlockTooltip,
  markerVisible,
  NOT_VERIFIED_COLOUR,
  BLUES,
  TOO_FEW_COLOUR,
  NO_DATA_COLOUR,
  healthCheckAreaFigures,
  periodOfAreas,
  type AreaFigures,
} from './map-data'
import { legendColour } from '../../lib/legend'
import { createElement } from 'react'
import { render, screen } from '@testing-library/react'
import { MapLegend } from './map-legend'

/** A collection of square-less areas with the given ids, named 'Area <id>', at province level. */
function areasWith(ids: number[]): AreaCollection {
  return {
    type: 'FeatureCollection',
    features: ids.map((id) => ({
      type: 'Feature',
      id,
      geometry: { type: 'Polygon', coordinates: [] },
      properties: {
        boundaryId: id,
        description: `Area ${id}`,
        boundaryTypeId: 2,
        level: 'province',
        peopleCount: null,
      },
    })),
  } as unknown as AreaCollection
}

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
    // The server sends the block's name as buildingBlock and its id as buildingBlockId.
    const bb = {
      ...pin.properties,
      buildingBlockCategoryId: 10,
      buildingBlock: 'SAPS police station',
      buildingBlockId: 101,
    }
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

  it('colours building-block areas in the five green bands of §9 and counts providers', () => {
    // Band edges as the §4 bucket helper draws them: 0 grey, up to 24 light, ... above 74 dark.
    expect([0, 0.005, 0.24, 0.2401, 0.49, 0.5, 0.74, 0.75, 1].map(availabilityColour)).toEqual([
      '#e0e0e0',
      '#cfe6d4',
      '#cfe6d4',
      '#8fc29c',
      '#8fc29c',
      '#4f9e63',
      '#4f9e63',
      '#36854A',
      '#36854A',
    ])
    // The legend's bands give the same colour for whole percentages.
    for (const p of [0, 1, 24, 25, 49, 50, 74, 75, 100])
      expect(legendColour(BUILDING_BLOCK_SCALE, p)).toBe(availabilityColour(p / 100))
    const areas: AreaCollection = {
      type: 'FeatureCollection',
      features: [10, 11, 12].map((id) => ({
        type: 'Feature',
        id,
        geometry: { type: 'Polygon', coordinates: [] },
        properties: {
          boundaryId: id,
          description: `Area ${id}`,
          boundaryTypeId: 2,
          level: 'province',
          peopleCount: null,
        },
      })),
    } as unknown as AreaCollection
    const summary: BuildingBlockData = {
      boundary: boundaries[0],
      buildingBlockCategoryStats: [],
      buildingBlockReportingPeriods: [],
      lastQuarter: '2026 Q3',
      containedBoundaryData: [
        {
          boundaryId: 10,
          description: 'Area 10',
          total: 4,
          verified: 4,
          availability: 0.3,
          availabilityState: 'figure',
          categories: [
            { buildingBlockCategoryId: 1, total: 1, verified: 1, availability: 0.9, availabilityState: 'figure' },
            { buildingBlockCategoryId: 3, total: 3, verified: 3, availability: 0.1, availabilityState: 'figure' },
          ],
        },
        {
          boundaryId: 11,
          description: 'Area 11',
          total: 2,
          verified: 2,
          availability: 0,
          availabilityState: 'figure',
          categories: [],
        },
      ],
    }
    const all = buildingBlockAreaFigures(areas, summary)
    expect(all.map((f) => [f.total, f.density, f.color])).toEqual([
      [4, 30, '#8fc29c'],
      [2, 0, '#e0e0e0'],
      [null, null, '#d9d9d9'],
    ])
    const police = buildingBlockAreaFigures(areas, summary, ['1'])
    expect(police[0]).toMatchObject({ total: 1, density: 90, color: '#36854A' })
    expect(police[1]).toMatchObject({ total: 0, density: null })
    const two = buildingBlockAreaFigures(areas, summary, ['1', '3'])
    expect(two[0].total).toBe(4)
    expect(two[0].rate).toBeCloseTo((0.9 + 3 * 0.1) / 4)
  })

  it('marks areas whose listed providers are not yet verified, never as 0%', () => {
    const areas = areasWith([10, 11])
    const summary: BuildingBlockData = {
      boundary: boundaries[0],
      buildingBlockCategoryStats: [],
      buildingBlockReportingPeriods: [],
      lastQuarter: 'Q4 26',
      containedBoundaryData: [
        {
          boundaryId: 10,
          description: 'Area 10',
          total: 43,
          verified: 0,
          availability: null,
          availabilityState: 'noneVerified',
          categories: [
            {
              buildingBlockCategoryId: 1,
              total: 43,
              verified: 0,
              availability: null,
              availabilityState: 'noneVerified',
            },
          ],
        },
        {
          boundaryId: 11,
          description: 'Area 11',
          total: 0,
          verified: 0,
          availability: null,
          availabilityState: 'noProviders',
          categories: [],
        },
      ],
    }
    const [listed, empty] = buildingBlockAreaFigures(areas, summary)
    expect(listed).toMatchObject({ total: 43, verified: 0, rate: null, density: null, pattern: 'not-verified' })
    expect(listed.color).toBe(NOT_VERIFIED_COLOUR)
    // No providers, no figure: the no-data pattern, not a grey beside the palest green.
    expect(empty).toMatchObject({ color: NO_DATA_COLOUR, pattern: 'no-data' })
    expect(buildingBlockAreaFigures(areas, summary, ['1'])[0]).toMatchObject({ rate: null, pattern: 'not-verified' })
  })
})

describe('building-block map below the coverage rule', () => {
  // Johannesburg after Hillbrow SAPS is verified: 1 of its 43 stations; the server sends no
  // figure (docs/decisions/0141-availability-needs-coverage.md), never 1.19% in green.
  const areas = areasWith([10, 12])
  const summary: BuildingBlockData = {
    boundary: boundaries[0],
    buildingBlockCategoryStats: [],
    buildingBlockReportingPeriods: [],
    lastQuarter: 'Q4 26',
    containedBoundaryData: [
      {
        boundaryId: 10,
        description: 'City of Johannesburg',
        total: 43,
        verified: 1,
        availability: null,
        availabilityState: 'belowCoverage',
        categories: [
          {
            buildingBlockCategoryId: 1,
            total: 43,
            verified: 1,
            availability: null,
            availabilityState: 'belowCoverage',
          },
        ],
      },
      {
        boundaryId: 12,
        description: 'Area 12',
        total: 45,
        verified: 3,
        availability: null,
        availabilityState: 'belowCoverage',
        categories: [
          {
            buildingBlockCategoryId: 1,
            total: 43,
            verified: 1,
            availability: null,
            availabilityState: 'belowCoverage',
          },
          { buildingBlockCategoryId: 3, total: 2, verified: 2, availability: 0.5, availabilityState: 'figure' },
        ],
      },
    ],
  }

  it('is hatched "Not yet verified" with "1 of 43 verified" and the reason in its tooltip', () => {
    const [joburg] = buildingBlockAreaFigures(areas, summary)
    expect(joburg).toMatchObject({ total: 43, verified: 1, rate: null, density: null, pattern: 'not-verified' })
    expect(joburg.color).toBe(NOT_VERIFIED_COLOUR)
    expect(buildingBlockTooltip(joburg, 'City of Johannesburg')).toBe(
      '<strong>City of Johannesburg</strong><br>Service providers: 1 of 43 verified' +
        '<br>Availability: Not yet verified (too few providers verified to speak for the area)',
    )
  })

  it('stays "Not yet verified" when a picked category below the rule is mixed with one that has a figure', () => {
    const [, mixed] = buildingBlockAreaFigures(areas, summary, ['1', '3'])
    expect(mixed).toMatchObject({ total: 45, verified: 3, rate: null, pattern: 'not-verified', state: 'belowCoverage' })
    expect(mixed.color).toBe(NOT_VERIFIED_COLOUR)
    const [, courts] = buildingBlockAreaFigures(areas, summary, ['3'])
    expect(courts).toMatchObject({ rate: 0.5, color: availabilityColour(0.5), state: 'figure' })
    expect(buildingBlockTooltip(courts, 'Area 12')).toBe(
      '<strong>Area 12</strong><br>Service providers: 2 of 2 verified<br>Availability: 50.00%',
    )
  })

  it('says in the legend what "Not yet verified" means', () => {
    render(createElement(MapLegend, { scale: BUILDING_BLOCK_SCALE, plain: true, notVerified: true }))
    const legend = screen.getByTestId('map-legend')
    expect(legend.textContent).toContain('Not yet verified')
    expect(legend.textContent).toContain(
      'Not yet verified: fewer than half of the listed providers verified, or fewer than 3 (all of them where fewer than 3 are listed).',
    )
    // "No data" is a dotted swatch, told apart from 0% by pattern.
    const noData = [...legend.querySelectorAll('li')].find((li) => li.textContent === 'No data available')
    expect(noData).toBeDefined()
    expect(noData!.querySelector('.map-legend__swatch--no-data')).toBeInstanceOf(HTMLElement)
  })
})

describe('health-check map figures', () => {
  const areas = areasWith([20, 21, 22])

  it('colours maturity in the blue bands; too few organisations and no responses are their own classes', () => {
    const summary = {
      period: 'Q3 26',
      containedBoundaryData: [
        { boundaryId: 20, overalMaturity: 62, participatingOrganisations: 4, totalActualResponses: 40 },
        { boundaryId: 21, overalMaturity: null, participatingOrganisations: 2, totalActualResponses: null },
      ],
    } as unknown as HealthCheckStats
    const [shown, tooFew, none] = healthCheckAreaFigures(areas, summary)
    expect(shown).toMatchObject({ total: 4, density: 62, color: BLUES[3] })
    // "Too few organisations" and no data differ by pattern, not only by two pale greys.
    expect(tooFew).toMatchObject({ total: 2, density: null, color: TOO_FEW_COLOUR })
    expect(tooFew.pattern).toBeUndefined()
    expect(none).toMatchObject({ total: null, density: null, color: NO_DATA_COLOUR, pattern: 'no-data' })
  })
})

describe('the period of the areas on a map', () => {
  const area = (period: string | null, total: number | null): AreaFigures => ({
    boundaryId: 1,
    description: '',
    boundaryTypeId: 3,
    level: 'district',
    peopleCount: null,
    total,
    rate: null,
    density: null,
    period,
    color: '#000000',
  })
  it("is the areas' own year, not the parent's", () => {
    expect(periodOfAreas([area('2015/16', 5), area('2015/16', 7)], '2022/23')).toBe('2015/16')
  })
  it('spans the latest years when they differ, and falls back without figures', () => {
    expect(periodOfAreas([area('2022/23', 5), area('2015/16', 7), area(null, null)], '2022/23')).toBe(
      "each area's latest year, 2015/16 to 2022/23",
    )
    expect(periodOfAreas([area(null, null)], '2022/23')).toBe('2022/23')
    expect(periodOfAreas([], undefined)).toBe('')
  })
})
