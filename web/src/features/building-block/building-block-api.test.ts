// The building-block wrapper over the generated endpoints: the dashboard asks for every
// municipality (no boundary, although the document marks it required), and a provider's update
// reloads the lists and every dashboard.
import { describe, expect, it } from 'vitest'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { server } from '../../test/mocks/server'
import { CSRF_TOKEN } from '../../test/mocks/auth-fixtures'
import { makeStore } from '../../app/store'
import { csrfTokenReceived } from '../../api/csrf-slice'
import { publicApi } from '../../api/public-api'
import { associatedArgs, bbApi } from './building-block-api'

describe('building-block endpoints', () => {
  it('reload the municipalities and the dashboards after an update, with or without a boundary', async () => {
    const seen: string[] = []
    const recordGet = (path: string, answer: JsonBodyType) =>
      http.get(path, ({ request }) => {
        const url = new URL(request.url)
        seen.push(url.pathname + url.search)
        return HttpResponse.json(answer)
      })
    server.use(
      recordGet('*/api/buildingblock/getBuildingBlockAssociatedToUser', []),
      recordGet('*/api/dashboard', {}),
      http.put('*/api/buildingblock/updateBuildingBlockContactsAndRequirements', () =>
        HttpResponse.json({ success: true, message: 'Building block updated successfully' }),
      ),
    )
    const store = makeStore()
    store.dispatch(csrfTokenReceived(CSRF_TOKEN))
    const subscriptions = [
      store.dispatch(bbApi.endpoints.getBuildingBlocksAssociatedToUser.initiate(associatedArgs(null))),
      store.dispatch(bbApi.endpoints.getBuildingBlocksAssociatedToUser.initiate(associatedArgs(12))),
      store.dispatch(publicApi.endpoints.getDashboard.initiate({ boundaryId: 1 })),
    ]
    await Promise.all(subscriptions)
    expect([...seen].sort()).toEqual([
      '/api/buildingblock/getBuildingBlockAssociatedToUser',
      '/api/buildingblock/getBuildingBlockAssociatedToUser?boundaryId=12',
      '/api/dashboard?boundaryId=1',
    ])
    await store.dispatch(
      bbApi.endpoints.updateProvider.initiate({ updateBody: { stakeholderId: 4, buildingBlockId: 2 } }),
    )
    await expect.poll(() => seen.length).toBe(6)
    subscriptions.forEach((s) => s.unsubscribe())
  })
})
