// Mock API data in the shapes the Rust server returns; used by unit tests (MSW) only.
import type { AreaCollection, Boundary, Component, CrimeStats, Dashboard, MarkerCollection } from '../../api/generated'
import type { BoundaryLevel } from '../../api/types'

export const components: Component[] = [
  {
    componentId: 3,
    name: 'Crime',
    description: 'Reported GBVF crime per crime type',
    linkTitle: null,
    linkUrl: null,
    seq: 1,
    options: [
      { id: '6', name: 'Murder', options: [] },
      { id: '1', name: 'Sexual offences', options: [] },
      { id: '8', name: 'Assault with the intent to inflict grievous bodily harm', options: [] },
      { id: '9', name: 'Common assault', options: [] },
    ],
  },
  {
    componentId: 1,
    name: 'Building blocks',
    description: 'Availability of services',
    linkTitle: null,
    linkUrl: null,
    seq: 2,
    options: [
      {
        id: 10,
        name: 'Health',
        options: [
          { id: 101, name: 'Clinics' },
          { id: 102, name: 'Thuthuzela care centres' },
        ],
      },
      { id: 11, name: 'Justice', options: [{ id: 111, name: 'Sexual offences courts' }] },
    ],
  },
  {
    componentId: 2,
    name: 'Health check',
    description: 'Organisation health checks',
    linkTitle: null,
    linkUrl: null,
    seq: 3,
    options: [],
  },
  {
    componentId: 4,
    name: 'Collective actions',
    description: 'Challenges per pillar',
    linkTitle: null,
    linkUrl: null,
    seq: 4,
    options: [
      { id: 1, name: 'Accountability, coordination and leadership', options: [{ id: 1, name: '100-Day Challenge' }] },
    ],
  },
]

function b(boundaryId: number, description: string, level: Boundary['level'], extra: Partial<Boundary> = {}): Boundary {
  const type = { national: 1, province: 2, district: 2, municipality: 3, saps_precinct: 5 }[level] ?? null
  return {
    boundaryId,
    code: `B${boundaryId}`,
    description,
    level,
    boundaryTypeId: type,
    adminBoundaryTypeId: type,
    parentBoundaryId: null,
    districtBoundaryId: null,
    nationalBoundaryId: null,
    provinceBoundaryId: null,
    peopleCount: 1_000_000,
    areaKm2: null,
    ...extra,
  }
}

export const boundaries: Boundary[] = [
  b(1, 'South Africa', 'national', { peopleCount: 62_027_503 }),
  b(2, 'Gauteng', 'province', { parentBoundaryId: 1, peopleCount: 15_099_422 }),
  b(3, 'Western Cape', 'province', { parentBoundaryId: 1, peopleCount: 7_433_019 }),
  b(10, 'City of Johannesburg', 'district', { parentBoundaryId: 2, nationalBoundaryId: 2 }),
  b(11, 'Sedibeng', 'district', { parentBoundaryId: 2, nationalBoundaryId: 2 }),
  b(20, 'City of Cape Town', 'district', { parentBoundaryId: 3, nationalBoundaryId: 3 }),
  b(100, 'Emfuleni', 'municipality', {
    parentBoundaryId: 11,
    districtBoundaryId: 11,
    nationalBoundaryId: 2,
    peopleCount: 812_000,
  }),
  b(101, 'Midvaal', 'municipality', {
    parentBoundaryId: 11,
    districtBoundaryId: 11,
    nationalBoundaryId: 2,
    peopleCount: 120_000,
  }),
]

export function boundary(id: number): Boundary | undefined {
  return boundaries.find((x) => x.boundaryId === id)
}

export function childrenOf(id: number): Boundary[] {
  return boundaries.filter((x) => x.parentBoundaryId === id)
}

const scale = [
  { start: 0, end: 10, color: '#EED0D2', description: 'Low' },
  { start: 10, end: 30, color: '#CB7377', description: 'Medium' },
  { start: 30, end: 1_000_000_000, color: '#A8161D', description: 'High' },
]

const types = [
  { crimeTypeId: '6', description: 'Murder', included: true, share: 0.06 },
  { crimeTypeId: '1', description: 'Sexual offences', included: true, share: 0.12 },
  {
    crimeTypeId: '8',
    description: 'Assault with the intent to inflict grievous bodily harm',
    included: true,
    share: 0.35,
  },
  { crimeTypeId: '9', description: 'Common assault', included: true, share: 0.47 },
  { crimeTypeId: '30', description: 'Burglary at residential premises', included: false, share: 0.5 },
]

const nationalTotals: Record<number, number> = {
  2013: 400000,
  2014: 405000,
  2015: 410000,
  2016: 402000,
  2017: 398000,
  2018: 420000,
  2019: 415000,
  2020: 380000,
  2021: 450000,
  2022: 460000,
}

export function crimeStats(id: number, selected: string[] = []): CrimeStats {
  const bd = boundary(id) ?? boundaries[0]
  const factor = id === 1 ? 1 : id < 10 ? 0.25 : id < 100 ? 0.08 : 0.02
  const total0 = Math.round(460000 * factor)
  const prev0 = Math.round(450000 * factor)
  // Like the server: isIncluded marks the types summed into the total (the selection, else the default).
  const crime = types.map((t) => ({
    crimeTypeId: t.crimeTypeId,
    description: t.description,
    value: Math.round(total0 * t.share),
    previousValue: Math.round(prev0 * t.share),
    isIncluded: selected.length ? selected.includes(t.crimeTypeId) : t.included,
  }))
  const chosen = crime.filter((c) => c.isIncluded)
  const total = chosen.reduce((s, c) => s + c.value, 0)
  const previousTotal = chosen.reduce((s, c) => s + (c.previousValue ?? 0), 0)
  const kids = childrenOf(id)
  return {
    success: true,
    boundary: bd,
    asOf: null,
    selectedOptions: chosen.map((c) => c.crimeTypeId),
    defaultOptions: chosen.map((c) => c.crimeTypeId),
    density: null,
    groupedByBoundary: [],
    period: '2022/23',
    periodStart: '2022-04-01',
    periodEnd: '2023-03-31',
    year: 2022,
    isLatest: true,
    previousPeriod: '2021/22',
    total,
    previousTotal,
    population: bd.peopleCount ?? null,
    rate: bd.peopleCount ? Math.round((total / bd.peopleCount) * 100000 * 100) / 100 : null,
    crimeStats: crime,
    distribution: chosen.map((c) => ({
      crimeTypeId: c.crimeTypeId,
      description: c.description,
      value: c.value,
      percentage: Math.round((c.value / total) * 10000) / 100,
    })),
    series: Object.entries(nationalTotals).map(([year, t]) => ({
      period: `${year}/${String((Number(year) + 1) % 100).padStart(2, '0')}`,
      year: Number(year),
      total: Math.round(t * factor),
      values: {},
    })),
    containedBoundaryData: kids.map((k, i) => ({
      boundaryId: k.boundaryId,
      description: k.description,
      code: k.code,
      boundaryTypeId: k.boundaryTypeId,
      level: k.level,
      peopleCount: k.peopleCount,
      total: 1000 * (i + 1),
      rate: 100 * (i + 1),
      density: 5 + 15 * i,
      period: '2022/23',
      color: null,
    })),
    colorLegend: { scale },
    palette: ['#A8161D', '#BA3A40', '#CB5E63', '#D98286', '#E5A5A8', '#EED0D2'],
    primaryColor: '#A8161D',
    source: {
      name: 'SAPS annual crime statistics',
      datasets: [],
      rateNote: 'Rate per 100,000 people.',
      attribution: [
        'Crime statistics: SAPS',
        'Population: Statistics South Africa, Census 2022 and Census 2011',
        'Boundaries: Municipal Demarcation Board',
      ],
    },
  }
}

export function dashboard(id: number): Dashboard {
  return {
    success: true,
    boundary: boundary(id) ?? boundaries[0],
    crime: crimeStats(id),
    healthCheck: {
      boundaryId: id,
      period: '2026 Q3',
      quarter: '2026Q3',
      published: true,
      overall: { participatingOrganisations: 0, totalActualResponses: 0, overalMaturity: null },
      healthCheckStats: [],
      byQuarter: [],
      containedBoundaryData: [],
      example: false,
      totalExpectedResponses: 0,
      totalActualResponses: 0,
      totalOrganisations: 0,
      totalParticipatingOrganisations: 0,
      note: 'Maturity is shown only where at least 3 organisations with at least 5 responses each contribute.',
    },
    buildingBlock: {
      boundary: boundary(id) ?? boundaries[0],
      buildingBlockCategoryStats: [],
      buildingBlockReportingPeriods: [],
      lastQuarter: '2026 Q3',
      containedBoundaryData: [],
    },
    collectiveAction: {
      pillarStats: [],
      collectiveActionStats: [],
      containedBoundaryData: [],
      cycles: [],
      activeCollectiveActions: 0,
      inactiveCollectiveActions: 0,
      totalActions: 0,
    },
  }
}

function square(x: number, y: number, size = 1): [number, number][][] {
  return [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ],
  ]
}

export function geojson(id: number): AreaCollection {
  const bd = boundary(id)
  const areas = bd?.level === 'municipality' ? [bd] : childrenOf(id)
  return {
    type: 'FeatureCollection',
    features: areas.map((a, i) => ({
      type: 'Feature',
      id: a.boundaryId,
      geometry: { type: 'Polygon', coordinates: square(20 + i * 2, -30) },
      properties: {
        boundaryId: a.boundaryId,
        description: a.description,
        boundaryTypeId: a.boundaryTypeId ?? 0,
        level: a.level as BoundaryLevel,
        peopleCount: a.peopleCount,
      },
    })),
  }
}

export function geomarkers(componentId: number, id: number): MarkerCollection {
  if (componentId !== 3 || boundary(id)?.level !== 'municipality') return { type: 'FeatureCollection', features: [] }
  return {
    type: 'FeatureCollection',
    features: ['Vereeniging', 'Sebokeng'].map((name, i) => ({
      type: 'Feature',
      id: 900 + i,
      geometry: { type: 'Point', coordinates: [27.9 + i * 0.1, -26.6] },
      properties: {
        stakeholder: name,
        name,
        boundaryId: id,
        boundaryTypeId: 5,
        stakeholderTypeId: null,
        active: true,
        buildingBlock: null,
        pillarId: null,
        collectiveActionTypeId: null,
        buildingBlockCategoryId: null,
      },
    })),
  }
}
