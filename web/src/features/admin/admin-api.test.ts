// The admin wrappers over the generated endpoints: the two POSTs that read are cached queries
// sending their bodies; a decision reloads the list, the dashboard and the applications; the
// group calls send their ids as the document names them; and a survey link made from the
// questionnaire manager refreshes the summaries and the dashboard's counts.
import { describe, expect, it } from 'vitest'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { server } from '../../test/mocks/server'
import { CSRF_TOKEN } from '../../test/mocks/auth-fixtures'
import { makeStore } from '../../app/store'
import { csrfTokenReceived } from '../../api/csrf-slice'
import { adminApi } from './admin-api'
import { questionnaireApi, surveyLinkApi } from './questionnaire/questionnaire-api'

type Seen = string[]

/** Records each call as 'METHOD /path?query body'. */
function record(seen: Seen, answer: JsonBodyType) {
  return async ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    const body = request.method === 'GET' ? '' : await request.text()
    seen.push(`${request.method} ${url.pathname}${url.search}${body ? ` ${body}` : ''}`)
    return HttpResponse.json(answer)
  }
}

function signedInStore() {
  const store = makeStore()
  store.dispatch(csrfTokenReceived(CSRF_TOKEN))
  return store
}

const page = { rows: [], totalCount: 0 }
const search = { statusId: 3, OrganisationName: '', sort: 'asc', pageSize: 10, pageNumber: 1 }

describe('admin endpoints', () => {
  it('cache the organisation search, a POST with its body', async () => {
    const seen: Seen = []
    server.use(http.post('*/api/healthcheck/searchOrganisations', record(seen, page)))
    const store = signedInStore()
    const first = store.dispatch(adminApi.endpoints.searchOrganisations.initiate({ searchBody: search }))
    await first
    const second = store.dispatch(adminApi.endpoints.searchOrganisations.initiate({ searchBody: search }))
    await second
    expect(seen).toEqual([`POST /api/healthcheck/searchOrganisations ${JSON.stringify(search)}`])
    first.unsubscribe()
    second.unsubscribe()
  })

  it('reload the list, the dashboard and the applications after a decision', async () => {
    const seen: Seen = []
    server.use(
      http.post('*/api/healthcheck/searchOrganisations', record(seen, page)),
      http.post('*/api/healthcheck/getAdminDashboard', record(seen, [])),
      http.get('*/api/healthcheck/organisation/:id', record(seen, { success: true, data: {} })),
      http.post('*/api/healthcheck/verify', () => HttpResponse.json({ success: true, message: 'Approved' })),
    )
    const store = signedInStore()
    const subscriptions = [
      store.dispatch(adminApi.endpoints.searchOrganisations.initiate({ searchBody: search })),
      store.dispatch(adminApi.endpoints.getAdminDashboard.initiate()),
      store.dispatch(adminApi.endpoints.getOrganisation.initiate({ id: 'org-1' })),
      store.dispatch(adminApi.endpoints.getOrganisation.initiate({ id: 'org-2' })),
    ]
    await Promise.all(subscriptions)
    seen.length = 0
    await store.dispatch(
      adminApi.endpoints.verifyOrganisation.initiate({
        verifyBody: { StakeholderId: 'org-1', VerificationStatusId: 2, ExpectedStatusId: 3 },
      }),
    )
    // 'AdminOrganisations' without an id reaches every application, not only the one decided.
    await expect.poll(() => seen.length).toBe(4)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(seen.map((s) => s.split(' ').slice(0, 2).join(' ')).sort()).toEqual([
      'GET /api/healthcheck/organisation/org-1',
      'GET /api/healthcheck/organisation/org-2',
      'POST /api/healthcheck/getAdminDashboard',
      'POST /api/healthcheck/searchOrganisations',
    ])
    subscriptions.forEach((s) => s.unsubscribe())
  })

  it('send group ids as the document names them and reload the groups after a deletion', async () => {
    const seen: Seen = []
    server.use(
      http.get('*/api/security/getGroups', record(seen, [])),
      http.delete('*/api/security/deleteGroup', record(seen, { success: true, message: 'Deleted' })),
    )
    const store = signedInStore()
    const all = store.dispatch(adminApi.endpoints.getGroups.initiate({}))
    const one = store.dispatch(adminApi.endpoints.getGroups.initiate({ groupId: 2 }))
    await Promise.all([all, one])
    await store.dispatch(adminApi.endpoints.deleteGroup.initiate({ groupId: 2 }))
    await expect.poll(() => seen.length).toBe(5)
    expect(seen.slice(0, 3)).toEqual([
      'GET /api/security/getGroups',
      'GET /api/security/getGroups?groupId=2',
      'DELETE /api/security/deleteGroup?groupId=2',
    ])
    all.unsubscribe()
    one.unsubscribe()
  })

  it("refresh the summaries and the dashboard's counts after a survey link", async () => {
    const seen: Seen = []
    server.use(
      http.get('*/api/healthcheck/getSummarisedHealthCheck', record(seen, { success: true, data: [] })),
      http.post('*/api/healthcheck/getAdminDashboard', record(seen, [])),
      http.post('*/api/healthcheck/inviteCode', () =>
        HttpResponse.json({ success: true, message: 'ok', url: 'u', inviteCode: 'c', healthCheckId: 'h' }),
      ),
    )
    const store = signedInStore()
    const subscriptions = [
      store.dispatch(questionnaireApi.endpoints.getSummarisedHealthCheck.initiate()),
      store.dispatch(adminApi.endpoints.getAdminDashboard.initiate()),
    ]
    await Promise.all(subscriptions)
    seen.length = 0
    await store.dispatch(
      surveyLinkApi.endpoints.generateInviteCode.initiate({
        inviteCodeBody: { QuestionnaireId: 'q', ExpectedResponses: 10, OrganisationId: 'org-1' },
      }),
    )
    await expect
      .poll(() => [...seen].sort())
      .toEqual(['GET /api/healthcheck/getSummarisedHealthCheck', 'POST /api/healthcheck/getAdminDashboard'])
    subscriptions.forEach((s) => s.unsubscribe())
  })
})
