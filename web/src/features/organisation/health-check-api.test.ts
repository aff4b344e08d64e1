// The organisation wrapper over the generated endpoints: a new survey link reloads the periods;
// the results of a health check, a POST that reads, are a cached query sending its body.
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../test/mocks/server'
import { CSRF_TOKEN } from '../../test/mocks/auth-fixtures'
import { makeStore } from '../../app/store'
import { csrfTokenReceived } from '../../api/csrf-slice'
import { hcApi } from './health-check-api'

function signedInStore() {
  const store = makeStore()
  store.dispatch(csrfTokenReceived(CSRF_TOKEN))
  return store
}

describe('organisation endpoints', () => {
  it('reload the periods after a new survey link', async () => {
    const seen: string[] = []
    server.use(
      http.get('*/api/healthcheck/getOrganisationHealthChecks', ({ request }) => {
        seen.push(new URL(request.url).search)
        return HttpResponse.json({ success: true, data: { questionnaires: [] } })
      }),
      http.post('*/api/healthcheck/inviteCode', () =>
        HttpResponse.json({ success: true, message: 'ok', url: 'u', inviteCode: 'c', healthCheckId: 'h' }),
      ),
    )
    const store = signedInStore()
    const periods = store.dispatch(hcApi.endpoints.getOrganisationHealthChecks.initiate({ questionnaireTypeId: 2 }))
    await periods
    await store.dispatch(
      hcApi.endpoints.generateInviteCode.initiate({ inviteCodeBody: { QuestionnaireId: 'q', ExpectedResponses: 5 } }),
    )
    await expect.poll(() => seen).toEqual(['?questionnaireTypeId=2', '?questionnaireTypeId=2'])
    periods.unsubscribe()
  })

  it('cache the results of a health check, asked for with a POST body', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('*/api/healthcheck/organisationalResult', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ success: true, data: { healthCheckId: 'h-1' } })
      }),
    )
    const store = signedInStore()
    const args = { resultBody: { HealthCheckId: 'h-1' } }
    const first = store.dispatch(hcApi.endpoints.getOrganisationalResult.initiate(args))
    const answer = await first
    const second = store.dispatch(hcApi.endpoints.getOrganisationalResult.initiate(args))
    await second
    expect(answer.data?.data.healthCheckId).toBe('h-1')
    expect(bodies).toEqual([{ HealthCheckId: 'h-1' }])
    first.unsubscribe()
    second.unsubscribe()
  })
})
