// The generated endpoints (npm run gen:api) name full paths; through the app's base query they
// reach the same URL as the hand-written ones, not /api/api/....
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../test/mocks/server'
import { makeStore } from '../app/store'
import { generatedApi } from './generated'

describe('generated API endpoints', () => {
  it('call /api/… once, with the query parameters of the document', async () => {
    const seen: string[] = []
    server.use(
      http.get('*/api/healthcheck/stats', ({ request }) => {
        seen.push(new URL(request.url).pathname + new URL(request.url).search)
        return HttpResponse.json({ success: true, data: [] })
      }),
    )
    const store = makeStore()
    const result = await store.dispatch(generatedApi.endpoints.healthCheckStats.initiate({ boundaryId: 7 }))
    expect(result.isSuccess).toBe(true)
    expect(seen).toEqual(['/api/healthcheck/stats?boundaryId=7'])
  })
})
