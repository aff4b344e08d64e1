// The generated endpoints (npm run gen:api) name full paths; through the app's base query they
// reach /api/… once, not /api/api/…, with the arguments the document declares; and the tags the
// wrapper adds still tie an admin change to the dashboard.
import { afterEach, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../test/mocks/server'
import { makeStore } from '../app/store'
import { baseApi } from './base-api'
import { crimeStatsArgs, crimeTypeName, dashboardArgs, localComponent, localCrimeStats, publicApi } from './public-api'
import type { Component, CrimeStats } from './generated'
import { activate } from '../i18n/runtime'
import { compiledCatalog } from '../test/catalogs'

function record(path: string, seen: string[]) {
  return ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    seen.push(url.pathname + url.search)
    return HttpResponse.json(path === 'stats' ? { success: true } : {})
  }
}

describe('generated public endpoints', () => {
  it('call /api/… once, with the query parameters of the document', async () => {
    const seen: string[] = []
    server.use(http.get('*/api/crime/stats', record('stats', seen)))
    const store = makeStore()
    const all = await store.dispatch(publicApi.endpoints.getCrimeStats.initiate(crimeStatsArgs(7)))
    const some = await store.dispatch(publicApi.endpoints.getCrimeStats.initiate(crimeStatsArgs(7, ['12', '3'])))
    // A permalink's date goes with the figures' request; none (or null) asks for today's.
    const asOf = await store.dispatch(
      publicApi.endpoints.getCrimeStats.initiate(crimeStatsArgs(7, ['12'], '2026-11-29')),
    )
    const today = await store.dispatch(publicApi.endpoints.getCrimeStats.initiate(crimeStatsArgs(8, [], null)))
    expect(all.isSuccess && some.isSuccess && asOf.isSuccess && today.isSuccess).toBe(true)
    expect(seen).toEqual([
      '/api/crime/stats?boundaryId=7',
      '/api/crime/stats?boundaryId=7&componentOptions=12%2C3',
      '/api/crime/stats?boundaryId=7&componentOptions=12&asOf=2026-11-29',
      '/api/crime/stats?boundaryId=8',
    ])
  })

  it('put path parameters in the path', async () => {
    const seen: string[] = []
    server.use(http.get('*/api/geography/boundary/list/:type/:parent', record('list', seen)))
    const store = makeStore()
    await store.dispatch(publicApi.endpoints.listBoundariesIn.initiate({ boundaryTypeId: 2, parentBoundaryId: 1 }))
    expect(seen).toEqual(['/api/geography/boundary/list/2/1'])
  })

  it('send the collective-action options with component 4 only', () => {
    const none = { componentId: 4, componentOptions: [], componentSubOptions: [] }
    expect(dashboardArgs(5, none)).toEqual({ boundaryId: 5 })
    expect(dashboardArgs(5, { ...none, componentId: 3, componentOptions: ['1'] })).toEqual({ boundaryId: 5 })
    expect(dashboardArgs(5, { componentId: 4, componentOptions: ['1', '2'], componentSubOptions: ['1-3'] })).toEqual({
      boundaryId: 5,
      componentId: 4,
      componentOptions: '1,2',
      componentSubOptions: '1-3',
    })
  })

  it("refetch a boundary's dashboard when 'Dashboard' is invalidated (an admin change)", async () => {
    const seen: string[] = []
    server.use(http.get('*/api/dashboard', record('dashboard', seen)))
    const store = makeStore()
    const subscription = store.dispatch(publicApi.endpoints.getDashboard.initiate({ boundaryId: 9 }))
    await subscription
    store.dispatch(baseApi.util.invalidateTags([{ type: 'Dashboard', id: 8 }]))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen).toHaveLength(1)
    store.dispatch(baseApi.util.invalidateTags(['Dashboard']))
    await expect.poll(() => seen.length).toBe(2)
    expect(seen).toEqual(['/api/dashboard?boundaryId=9', '/api/dashboard?boundaryId=9'])
    subscription.unsubscribe()
  })
})

describe('component words in the reader language', () => {
  const crime: Component = {
    componentId: 3,
    name: 'Crime',
    description: 'GBVF crime recorded by the South African Police Service, per SAPS financial year (April to March).',
    linkTitle: 'SAPS crime statistics',
    linkUrl: 'https://www.saps.gov.za/services/crimestats.php',
    options: [],
    seq: 1,
  }
  afterEach(() => activate('en', compiledCatalog('en')))

  it('names, describes and links a component in the chosen language, by its id', () => {
    expect(localComponent(crime)).toEqual(crime)
    activate('af', compiledCatalog('af'))
    expect(localComponent(crime)).toMatchObject({ name: 'Misdaad', linkTitle: 'SAPD-misdaadstatistiek', seq: 1 })
    activate('zu', compiledCatalog('zu'))
    expect(localComponent({ ...crime, componentId: 1, linkTitle: null })).toMatchObject({
      name: 'Izakhi',
      linkTitle: null,
    })
  })

  it('keeps the server words of a component the catalog does not know', () => {
    activate('zu', compiledCatalog('zu'))
    const unknown = { ...crime, componentId: 9, name: 'Something new' }
    expect(localComponent(unknown)).toEqual(unknown)
  })
})

describe('crime types in the reader language', () => {
  afterEach(() => activate('en', compiledCatalog('en')))

  it('names each SAPS crime type by its id and keeps an unknown one as the server names it', () => {
    expect(crimeTypeName('2', 'Rape')).toBe('Rape')
    activate('af', compiledCatalog('af'))
    expect(crimeTypeName('2', 'Rape')).toBe('Verkragting')
    expect(crimeTypeName(6, 'Murder')).toBe('Moord')
    expect(crimeTypeName('99', 'Something new')).toBe('Something new')
    expect(crimeTypeName('constructor', 'x')).toBe('x')
  })

  it('renames the types of a crime-stats answer everywhere it names them', () => {
    activate('zu', compiledCatalog('zu'))
    const item = { crimeTypeId: '2', description: 'Rape', total: 5 }
    const stats = {
      crimeStats: [item],
      distribution: [item],
      groupedByBoundary: [{ boundaryId: 7, distribution: [item] }],
    } as unknown as CrimeStats
    const local = localCrimeStats(stats)
    expect(local.crimeStats[0].description).toBe('Ukudlwengula')
    expect(local.distribution[0].description).toBe('Ukudlwengula')
    expect(local.groupedByBoundary[0].distribution[0].description).toBe('Ukudlwengula')
    expect(stats.distribution[0].description).toBe('Rape')
  })
})
