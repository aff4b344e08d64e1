// Development-only Vite plugin: answers /api from the unit-test fixtures when MOCK_API=1, so the
// UI can be worked on before the Rust server runs. Never part of the build.
import type { ServerResponse } from 'node:http'
import type { Plugin, ViteDevServer } from 'vite'

export function mockApi(): Plugin {
  return {
    name: 'gbvf-mock-api',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/api/') && !req.url?.startsWith('/data/catalog.jsonld')) return next()
        // A failure to load the fixtures goes to Vite's error handler, not an unhandled rejection.
        answer(server, req.url, res).catch(next)
      })
    },
  }
}

type Fixtures = typeof import('../src/test/mocks/fixtures')
type OpenDataFixtures = typeof import('../src/test/mocks/open-data-fixtures')

async function answer(server: ViteDevServer, path: string, res: ServerResponse): Promise<void> {
  const f = (await server.ssrLoadModule('/src/test/mocks/fixtures.ts')) as Fixtures
  const od = (await server.ssrLoadModule('/src/test/mocks/open-data-fixtures.ts')) as OpenDataFixtures
  const origin = `http://localhost:${server.config.server.port ?? 5173}`
  const url = new URL(path, 'http://localhost')
  const p = url.pathname
  const q = url.searchParams
  let body: unknown
  let m: RegExpMatchArray | null
  if (p === '/api/health') body = { status: 'ok (mock)' }
  else if (p === '/api/config/feature-flags') body = { enableLogin: false }
  else if (p === '/api/dashboard/components') body = f.components
  else if (p === '/api/dashboard') body = f.dashboard(Number(q.get('boundaryId') ?? 1))
  else if (p === '/api/crime/stats')
    body = f.crimeStats(Number(q.get('boundaryId') ?? 1), q.get('componentOptions')?.split(',').filter(Boolean) ?? [])
  else if ((m = p.match(/^\/api\/geography\/boundary\/list\/(\d+)\/(\d+)$/)))
    body = f
      .childrenOf(Number(m[2]))
      .filter((b: { boundaryTypeId: number | null }) => b.boundaryTypeId === Number(m![1]))
  else if ((m = p.match(/^\/api\/geography\/boundary\/(\d+)$/))) body = f.boundary(Number(m[1]))
  else if (p === '/api/geography/contained/') body = f.childrenOf(Number(q.get('containingBoundaryId')))
  else if ((m = p.match(/^\/api\/geography\/geojson\/(\d+)$/))) body = f.geojson(Number(m[1]))
  else if ((m = p.match(/^\/api\/geography\/geomarker\/(\d+)\/(\d+)/))) body = f.geomarkers(Number(m[1]), Number(m[2]))
  else if (p === '/api/buildingblock/searchcontact') body = []
  else if (p === '/data/catalog.jsonld') body = od.openDataCatalogue(origin)
  else if (p === '/api/data/gbvf-crime/datapackage.json') body = od.crimeDataPackage(origin)
  else if (p === '/api/audit/public-key') body = od.auditPublicKey
  else if (p === '/api/auth/csrf') body = { csrfToken: 'mock' }
  else if (p === '/api/auth/userAuthenticated')
    body = {
      isAuthenticated: false,
      user: null,
      userActions: [],
      organisationName: null,
      organisationTypeId: null,
      csrfToken: 'mock',
    }
  res.setHeader('content-type', 'application/json')
  if (body === undefined) {
    res.statusCode = 404
    res.end(JSON.stringify({ success: false, message: 'Not found', errors: [] }))
  } else res.end(JSON.stringify(body))
}
