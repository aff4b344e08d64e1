// A read refused with 429 (the server's per-client read limit, decision 0160) is tried once more
// after the wait its Retry-After asks for; a second refusal is the caller's error.
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../test/mocks/server'
import { makeStore } from '../app/store'
import { crimeStatsArgs, publicApi } from './public-api'
import { MAX_RETRY_WAIT_SECONDS, retryAfterSeconds } from './base-api'

const tooMany = () =>
  HttpResponse.json(
    { success: false, message: 'Too many requests', errors: [{ code: 'rate_limit', description: 'x' }] },
    { status: 429, headers: { 'Retry-After': '1' } },
  )

describe('reads past the per-client limit', () => {
  it('are tried again once after Retry-After', async () => {
    const times: number[] = []
    server.use(
      http.get('*/api/crime/stats', () => {
        times.push(Date.now())
        return times.length === 1 ? tooMany() : HttpResponse.json({ success: true, total: 7 })
      }),
    )
    const store = makeStore()
    const result = await store.dispatch(publicApi.endpoints.getCrimeStats.initiate(crimeStatsArgs(7)))
    expect(result.isSuccess).toBe(true)
    expect(times).toHaveLength(2)
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950)
  })

  it('fail when the second try is refused too', async () => {
    let calls = 0
    server.use(
      http.get('*/api/crime/stats', () => {
        calls += 1
        return tooMany()
      }),
    )
    const store = makeStore()
    const result = await store.dispatch(publicApi.endpoints.getCrimeStats.initiate(crimeStatsArgs(8)))
    expect(result.isError).toBe(true)
    expect(calls).toBe(2)
  })

  it('wait what the answer asks, within bounds', () => {
    const answer = (status: number, retryAfter?: string) =>
      new Response(null, { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} })
    expect(retryAfterSeconds(answer(200))).toBeNull()
    expect(retryAfterSeconds(answer(503, '5'))).toBeNull()
    expect(retryAfterSeconds(answer(429, '3'))).toBe(3)
    expect(retryAfterSeconds(answer(429))).toBe(1)
    expect(retryAfterSeconds(answer(429, 'soon'))).toBe(1)
    expect(retryAfterSeconds(answer(429, '3600'))).toBe(MAX_RETRY_WAIT_SECONDS)
  })
})
