import { describe, expect, it } from 'vitest'
import { emptyFilters, parseFilters, type Filters } from '../filters/query-string'
import {
  citationText,
  crimePeriodText,
  embedSnippet,
  embedUrl,
  embedViewFromPath,
  fullSeries,
  permalinkUrl,
  todayInSouthAfrica,
  viewUrl,
} from './share'

const ORIGIN = 'https://gbvf.example.org'
const capeTown: Filters = { ...emptyFilters, boundaryId: 101, boundaryTypeId: 2, componentId: 3 }

describe('addresses of a shared view', () => {
  it('embeds a view with exactly its filters, and nothing else of the address', () => {
    const filters = parseFilters('?boundaryId=101&boundaryTypeId=2&componentId=3&componentOptions=2,6&utm_source=x')
    expect(embedUrl(ORIGIN, 'chart', filters)).toBe(
      `${ORIGIN}/embed/chart?boundaryId=101&boundaryTypeId=2&componentId=3&componentOptions=2,6`,
    )
    expect(embedUrl(ORIGIN, 'map', emptyFilters)).toBe(`${ORIGIN}/embed/map`)
    expect(viewUrl(ORIGIN, 'grid', capeTown)).toBe(`${ORIGIN}/home/grid?boundaryId=101&boundaryTypeId=2&componentId=3`)
  })

  it('keeps a permalink date in the embed (the same query as the view)', () => {
    expect(embedUrl(ORIGIN, 'grid', { ...capeTown, asOf: '2026-11-29' })).toBe(
      `${ORIGIN}/embed/grid?boundaryId=101&boundaryTypeId=2&componentId=3&asOf=2026-11-29`,
    )
  })

  it('makes the permalink the dashboard view as of today, or of the date it is already as of', () => {
    expect(permalinkUrl(ORIGIN, 'chart', capeTown, '2026-11-29')).toBe(
      `${ORIGIN}/home/chart?boundaryId=101&boundaryTypeId=2&componentId=3&asOf=2026-11-29`,
    )
    expect(permalinkUrl(ORIGIN, 'map', { ...capeTown, asOf: '2025-04-01' }, '2026-11-29')).toBe(
      `${ORIGIN}/home/map?boundaryId=101&boundaryTypeId=2&componentId=3&asOf=2025-04-01`,
    )
    expect(permalinkUrl(ORIGIN, 'grid', emptyFilters, '2026-01-02')).toBe(`${ORIGIN}/home/grid?asOf=2026-01-02`)
  })

  it('knows which /embed paths are views', () => {
    expect(embedViewFromPath('/embed/chart')).toBe('chart')
    expect(embedViewFromPath('/embed/map/')).toBe('map')
    expect(embedViewFromPath('/embed/grid')).toBe('grid')
    expect(embedViewFromPath('/embed/contact')).toBeNull()
    expect(embedViewFromPath('/embed')).toBeNull()
    expect(embedViewFromPath('/home/chart')).toBeNull()
  })
})

describe('today in South Africa', () => {
  it('is the date in Africa/Johannesburg (UTC+2), whatever the browser’s zone', () => {
    expect(todayInSouthAfrica(new Date('2026-11-29T21:59:59Z'))).toBe('2026-11-29')
    expect(todayInSouthAfrica(new Date('2026-11-29T22:00:00Z'))).toBe('2026-11-30')
    expect(todayInSouthAfrica(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01')
    expect(todayInSouthAfrica(new Date('2026-06-15T00:00:00Z'))).toBe('2026-06-15')
  })
})

describe('the embed snippet', () => {
  it('is one iframe with the source, a title, full width, lazy, no border', () => {
    expect(
      embedSnippet({
        src: `${ORIGIN}/embed/chart?boundaryId=101&componentOptions=2,6`,
        title: 'GBVF Dashboard: Crime, City of Cape Town',
        height: 900,
      }),
    ).toBe(
      `<iframe src="${ORIGIN}/embed/chart?boundaryId=101&amp;componentOptions=2,6" title="GBVF Dashboard: Crime, City of Cape Town" width="100%" height="900" loading="lazy" style="border:0"></iframe>`,
    )
  })

  it('escapes what would end the attribute or the element', () => {
    const html = embedSnippet({ src: `${ORIGIN}/embed/map`, title: 'A "quoted" <b>area</b> & more', height: 760 })
    expect(html).toContain('title="A &quot;quoted&quot; &lt;b&gt;area&lt;/b&gt; &amp; more"')
    // Parsed back, the browser reads the same values.
    const frame = new DOMParser().parseFromString(html, 'text/html').querySelector('iframe')!
    expect(frame.getAttribute('title')).toBe('A "quoted" <b>area</b> & more')
    expect(frame.getAttribute('src')).toBe(`${ORIGIN}/embed/map`)
    expect(frame.getAttribute('loading')).toBe('lazy')
  })
})

describe('citation', () => {
  it('names the card, area, period, date, the card’s own sources, permalink and access date', () => {
    expect(
      citationText({
        title: 'Total GBVF crime',
        area: 'City of Cape Town',
        period: crimePeriodText('2022/23'),
        sources:
          'Crime statistics: SAPS; Population: Statistics South Africa, Census 2022 and Census 2011; Boundaries: Municipal Demarcation Board',
        asOf: '2026-11-29',
        accessed: '2026-11-29',
        url: `${ORIGIN}/home/chart?boundaryId=101&asOf=2026-11-29`,
      }),
    ).toBe(
      'GBVF Dashboard (2026). Total GBVF crime, City of Cape Town, SAPS financial year 2022/23. ' +
        'Figures as of 29 November 2026. Sources: Crime statistics: SAPS; Population: Statistics South Africa, ' +
        'Census 2022 and Census 2011; Boundaries: Municipal Demarcation Board. ' +
        `${ORIGIN}/home/chart?boundaryId=101&asOf=2026-11-29. Accessed 29 November 2026.`,
    )
  })

  it('takes the year of the date the figures are as of, and leaves out what the card lacks', () => {
    expect(
      citationText({
        title: 'Collective actions per pillar',
        area: 'South Africa',
        period: '',
        sources: '',
        asOf: '2025-03-31',
        accessed: '2026-11-29',
        url: `${ORIGIN}/home/chart?asOf=2025-03-31`,
      }),
    ).toBe(
      'GBVF Dashboard (2025). Collective actions per pillar, South Africa. Figures as of 31 March 2025. ' +
        `${ORIGIN}/home/chart?asOf=2025-03-31. Accessed 29 November 2026.`,
    )
  })

  it('says a crime period in SAPS financial years, and leaves other text as it is', () => {
    expect(crimePeriodText('2022/23')).toBe('SAPS financial year 2022/23')
    expect(crimePeriodText('2021/22 and 2022/23')).toBe('SAPS financial years 2021/22 and 2022/23')
    expect(crimePeriodText('2003/04 to 2022/23')).toBe('SAPS financial years 2003/04 to 2022/23')
    expect(crimePeriodText("each area's latest year, 2015/16 to 2022/23")).toBe(
      "each area's latest year, 2015/16 to 2022/23",
    )
    expect(crimePeriodText('')).toBe('')
  })
})

describe('full series', () => {
  it('links the crime file of the areas’ level (the Data Package’s file names)', () => {
    expect(fullSeries({ componentId: 3, level: 'national' })).toEqual({
      href: '/api/data/gbvf-crime/crime-nation.csv',
      file: true,
    })
    expect(fullSeries({ componentId: 3, level: 'province' })?.href).toBe('/api/data/gbvf-crime/crime-provinces.csv')
    expect(fullSeries({ componentId: 3, level: 'district' })?.href).toBe('/api/data/gbvf-crime/crime-districts.csv')
    expect(fullSeries({ componentId: 3, level: 'municipality' })?.href).toBe(
      '/api/data/gbvf-crime/crime-municipalities.csv',
    )
    expect(fullSeries({ componentId: 3, level: 'saps_precinct' })?.href).toBe(
      '/api/data/gbvf-crime/crime-police-precincts.csv',
    )
    // A level without a file: the dataset on the open data page.
    expect(fullSeries({ componentId: 3, level: 'ward' })).toEqual({ href: '/data#gbvf-crime', file: false })
    expect(fullSeries({ componentId: 3 })).toEqual({ href: '/data#gbvf-crime', file: false })
  })

  it('links the other components’ datasets on the open data page, and nothing where none is published', () => {
    expect(fullSeries({ componentId: 2 })).toEqual({ href: '/data#gbvf-health-check-public-figures', file: false })
    expect(fullSeries({ componentId: 4 })).toEqual({ href: '/data#gbvf-collective-actions', file: false })
    expect(fullSeries({ componentId: 1 })).toEqual({ href: '/data#gbvf-building-blocks', file: false })
    expect(fullSeries({ componentId: 9 })).toBeNull()
  })
})
