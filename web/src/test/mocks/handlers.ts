// MSW handlers answering /api like the Rust server, from the fixtures.
import { http, HttpResponse } from 'msw'
import * as f from './fixtures'
import * as auth from './auth-fixtures'
import * as openData from './open-data-fixtures'

const notFound = (message: string) =>
  HttpResponse.json({ success: false, message, errors: [{ code: 'not_found', description: message }] }, { status: 404 })

const csrfMessage = 'Your session has expired. Please reload the page and try again.'

/** Like the server: a state-changing call without the session's token is refused. */
export function csrfRefused(request: Request) {
  if (request.headers.get('x-csrf-token') === auth.CSRF_TOKEN) return null
  return HttpResponse.json(
    { success: false, message: csrfMessage, errors: [{ code: 'csrf', description: csrfMessage }] },
    { status: 403 },
  )
}

export const handlers = [
  http.get('*/api/auth/csrf', () => HttpResponse.json({ csrfToken: auth.CSRF_TOKEN })),
  // Like the server, the session check needs no token; its answer carries one.
  http.post('*/api/auth/userAuthenticated', () => HttpResponse.json(auth.anonymous)),
  http.get('*/api/auth/getUserTitles', () => HttpResponse.json(auth.titles)),
  http.get('*/api/auth/getUserJobRoles', () => HttpResponse.json(auth.jobRoles)),
  http.get('*/api/auth/getOrganisationTypes', () => HttpResponse.json(auth.organisationTypes)),
  http.get('*/api/config/feature-flags', () => HttpResponse.json({ enableLogin: false })),
  // A HealthCheckAdmin holding none of ViewYourOrganisationSurveyResult, AddSurveyLink and
  // SetSurveyEffectiveDate is refused the organisation list, as by the server.
  http.get('*/api/healthcheck/getOrganisationHealthChecks', () =>
    HttpResponse.json(
      { success: false, message: 'You do not have permission to perform this action.', errors: [] },
      { status: 403 },
    ),
  ),
  http.get('*/api/dashboard/components', () => HttpResponse.json(f.components)),
  http.get('*/api/dashboard', ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('boundaryId') ?? 1)
    return f.boundary(id) ? HttpResponse.json(f.dashboard(id)) : notFound('Unknown boundary')
  }),
  http.get('*/api/crime/stats', ({ request }) => {
    const params = new URL(request.url).searchParams
    const id = Number(params.get('boundaryId') ?? 1)
    const options = params.get('componentOptions')?.split(',').filter(Boolean) ?? []
    return f.boundary(id) ? HttpResponse.json(f.crimeStats(id, options)) : notFound('Unknown boundary')
  }),
  http.get('*/api/geography/boundary/list/:type/:parent', ({ params }) => {
    const type = Number(params.type)
    const parent = Number(params.parent)
    return HttpResponse.json(f.childrenOf(parent).filter((x) => x.boundaryTypeId === type))
  }),
  http.get('*/api/geography/boundary/:id', ({ params }) => {
    const found = f.boundary(Number(params.id))
    return found ? HttpResponse.json(found) : notFound('Unknown boundary')
  }),
  http.get('*/api/geography/contained/', ({ request }) => {
    const id = Number(new URL(request.url).searchParams.get('containingBoundaryId'))
    return HttpResponse.json(f.childrenOf(id))
  }),
  http.get('*/api/geography/geojson/:id', ({ params }) => HttpResponse.json(f.geojson(Number(params.id)))),
  http.get('*/api/geography/geomarker/:component/:id', ({ params }) =>
    HttpResponse.json(f.geomarkers(Number(params.component), Number(params.id))),
  ),
  http.get('*/api/buildingblock/searchcontact', () => HttpResponse.json([])),
  // Open data (decision 0164): the catalogue is served outside /api, as JSON-LD.
  http.get(
    '*/data/catalog.jsonld',
    ({ request }) =>
      new HttpResponse(JSON.stringify(openData.openDataCatalogue(new URL(request.url).origin)), {
        headers: { 'content-type': 'application/ld+json' },
      }),
  ),
  http.get('*/api/data/:dataset/datapackage.json', ({ request, params }) =>
    params.dataset === 'gbvf-crime'
      ? HttpResponse.json(openData.crimeDataPackage(new URL(request.url).origin))
      : notFound('Unknown dataset'),
  ),
  http.get('*/api/audit/public-key', () => HttpResponse.json(openData.auditPublicKey)),
]
