// The collective-action and contact wrappers over the generated endpoints: a recorded collective
// action reloads the collective-action lists and every dashboard (component 4 counts it); the
// pins name the collective-action component; the directory and one provider's card send only the
// parameters they have, although the document marks the boundary and building block required.
import { describe, expect, it } from 'vitest'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { server } from '../test/mocks/server'
import { CSRF_TOKEN } from '../test/mocks/auth-fixtures'
import { makeStore } from '../app/store'
import { actionsGeomarkersArgs, collectiveActionApi } from './collective-action-api'
import { contactApi, contactSearchArgs, providerContactArgs } from './contact-api'
import { csrfTokenReceived } from './csrf-slice'
import { publicApi } from './public-api'

function recordGets(seen: string[], path: string, answer: JsonBodyType) {
  return http.get(path, ({ request }) => {
    const url = new URL(request.url)
    seen.push(url.pathname + url.search)
    return HttpResponse.json(answer)
  })
}

describe('collective-action endpoints', () => {
  it('reload the collective actions and the dashboards after a recorded collective action', async () => {
    const seen: string[] = []
    server.use(
      recordGets(seen, '*/api/CollectiveAction/getCollectiveActionsByBoundary', []),
      recordGets(seen, '*/api/dashboard', {}),
      http.post('*/api/admin/collectiveActions', () => HttpResponse.json({ success: true, collectiveActionId: 'c-1' })),
    )
    const store = makeStore()
    store.dispatch(csrfTokenReceived(CSRF_TOKEN))
    const list = store.dispatch(collectiveActionApi.endpoints.getActionsByBoundary.initiate({ boundaryId: 1 }))
    const dashboard = store.dispatch(publicApi.endpoints.getDashboard.initiate({ boundaryId: 1 }))
    await Promise.all([list, dashboard])
    await store.dispatch(
      collectiveActionApi.endpoints.recordCollectiveAction.initiate({
        recordCollectiveAction: {
          name: 'Team',
          boundaryId: 5,
          collectiveActionTypeId: 1,
          cycleId: 1,
          validFrom: '2026-01-01',
          validTo: '2026-02-01',
        },
      }),
    )
    await expect
      .poll(() => [...seen].sort())
      .toEqual([
        '/api/CollectiveAction/getCollectiveActionsByBoundary?boundaryId=1',
        '/api/CollectiveAction/getCollectiveActionsByBoundary?boundaryId=1',
        '/api/dashboard?boundaryId=1',
        '/api/dashboard?boundaryId=1',
      ])
    list.unsubscribe()
    dashboard.unsubscribe()
  })

  it('ask for the pins of component 4 in the boundary', async () => {
    const seen: string[] = []
    server.use(recordGets(seen, '*/api/geography/actionsGeomarker/:component/:boundary', { features: [] }))
    const store = makeStore()
    await store.dispatch(collectiveActionApi.endpoints.getActionsGeomarkers.initiate(actionsGeomarkersArgs(7)))
    expect(seen).toEqual(['/api/geography/actionsGeomarker/4/7'])
  })
})

describe('contact endpoints', () => {
  it('send the category alone, or with the building block, and a provider id alone', async () => {
    const seen: string[] = []
    server.use(recordGets(seen, '*/api/buildingblock/searchcontact', []))
    const store = makeStore()
    await store.dispatch(contactApi.endpoints.searchContacts.initiate(contactSearchArgs(3, '2', null)))
    await store.dispatch(contactApi.endpoints.searchContacts.initiate(contactSearchArgs(3, '2', '11')))
    await store.dispatch(contactApi.endpoints.searchContacts.initiate(providerContactArgs('42')))
    expect(seen).toEqual([
      '/api/buildingblock/searchcontact?buildingBlockCategoryId=2&boundaryId=3',
      '/api/buildingblock/searchcontact?buildingBlockCategoryId=2&buildingBlockId=11&boundaryId=3',
      '/api/buildingblock/searchcontact?stakeholderId=42',
    ])
  })
})
