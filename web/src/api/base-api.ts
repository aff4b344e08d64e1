// The one RTK Query API of the app; each resource adds its endpoints with injectEndpoints.
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react'
import { answerReceived, isStaleResponse } from './availability-slice'
import { csrfTokenReceived, selectCsrfToken, type CsrfState } from './csrf-slice'

/** Absolute base URL built from the page origin: a relative one fails under Vitest. */
export function apiBaseUrl(): string {
  return new URL('/api', globalThis.location?.origin ?? 'http://localhost').href
}

const fetchQuery = fetchBaseQuery({ baseUrl: apiBaseUrl(), credentials: 'include' })

/** The generated endpoints (generated.ts) name full paths (`/api/crime/stats`); the base URL already ends in /api.
 * A full path outside /api (the open data catalogue, `/data/catalog.jsonld`) is the page origin's. */
function stripApiPrefix(url: string): string {
  if (url.startsWith('/api/')) return url.slice('/api/'.length)
  if (url.startsWith('/')) return new URL(url, globalThis.location?.origin ?? 'http://localhost').href
  return url
}

function withoutApiPrefix(args: string | FetchArgs): string | FetchArgs {
  return typeof args === 'string' ? stripApiPrefix(args) : { ...args, url: stripApiPrefix(args.url) }
}

/** fetchBaseQuery, noting whether each answer was a stale one (availability-slice). */
const rawBaseQuery: typeof fetchQuery = async (args, api, extra) => {
  const result = await fetchQuery(withoutApiPrefix(args), api, extra)
  const stale = isStaleResponse(result.meta?.response)
  if (stale !== null) api.dispatch(answerReceived({ stale }))
  return result
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The longest a read waits to be tried again after a 429 (decision 0160), in seconds. */
export const MAX_RETRY_WAIT_SECONDS = 10

/** The whole seconds a 429 answer asks to wait before trying again (its Retry-After, at least 1,
 * at most MAX_RETRY_WAIT_SECONDS); null for any other answer. */
export function retryAfterSeconds(response: Response | undefined): number | null {
  if (response?.status !== 429) return null
  const asked = Number.parseInt(response.headers.get('Retry-After') ?? '', 10)
  return Math.min(MAX_RETRY_WAIT_SECONDS, Number.isFinite(asked) && asked > 0 ? asked : 1)
}

/** A read, tried once more after the wait a 429 asks for: a person who clicks quickly past the
 * server's per-client allowance sees the figures a moment later rather than an error. */
async function readWithRetry(request: FetchArgs, api: Api, extra: Extra) {
  const first = await rawBaseQuery(request, api, extra)
  const wait = retryAfterSeconds(first.meta?.response)
  if (wait === null) return first
  await new Promise((resolve) => setTimeout(resolve, wait * 1000))
  return rawBaseQuery(request, api, extra)
}
export const CSRF_HEADER = 'X-CSRF-Token'
/** The session check changes nothing, so the server lets it through without a token; its answer
 * carries one. (Paths as the endpoints name them, without the /api/ the generated ones start with.) */
const NEEDS_NO_TOKEN = new Set(['auth/userAuthenticated'])

type Api = Parameters<typeof rawBaseQuery>[1]
type Extra = Parameters<typeof rawBaseQuery>[2]

/** A 403 from the CSRF check (its error code is 'csrf'), as opposed to a missing permission. */
export function isCsrfRefusal(error: FetchBaseQueryError | undefined): boolean {
  if (!error || error.status !== 403) return false
  const errors = (error.data as { errors?: { code?: string }[] } | undefined)?.errors
  return Array.isArray(errors) && errors.some((e) => e?.code === 'csrf')
}

// Calls made at the same moment share one token request: two parallel requests without a
// session cookie would each open a session, and the second would void the first one's token.
let tokenRequest: Promise<string | null> | null = null

// Until the browser holds its cookie, the requests that would be issued one (the token request
// and the session check) go one after the other: two at once would each be given a browser id,
// the later cookie replacing the earlier, and the token kept could be the other one's, so the
// first change would be refused.
let cookieIssuing: Promise<unknown> = Promise.resolve()
function oneAfterTheOther<T>(request: () => Promise<T>): Promise<T> {
  const turn = cookieIssuing.then(request, request)
  cookieIssuing = turn.catch(() => undefined)
  return turn
}

async function fetchCsrfToken(api: Api, extra: Extra): Promise<string | null> {
  tokenRequest ??= oneAfterTheOther(async () => {
    const result = await rawBaseQuery({ url: 'auth/csrf', cache: 'no-store' }, api, extra)
    const token = (result.data as { csrfToken?: unknown } | undefined)?.csrfToken
    if (typeof token !== 'string') return null
    api.dispatch(csrfTokenReceived(token))
    return token
  }).finally(() => {
    tokenRequest = null
  })
  return tokenRequest
}

/**
 * Adds the session's CSRF token to every state-changing call (fetching it first when there is
 * none, except for the session check, whose answer brings it), retries once with a fresh token
 * when the server refuses it (the session expired or was rotated), and keeps any token an
 * answer carries.
 */
export const baseQueryWithCsrf: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extra,
) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : args
  const method = (request.method ?? 'GET').toUpperCase()
  if (SAFE_METHODS.has(method)) return readWithRetry(request, api, extra)

  const send = async (token: string | null) => {
    const headers = new Headers(request.headers as HeadersInit | undefined)
    if (token) headers.set(CSRF_HEADER, token)
    return rawBaseQuery({ ...request, headers }, api, extra)
  }
  const known = selectCsrfToken(api.getState() as { csrf: CsrfState })
  const needsNoToken = NEEDS_NO_TOKEN.has(stripApiPrefix(request.url))
  let result = await (known
    ? send(known)
    : needsNoToken
      ? oneAfterTheOther(() => send(null))
      : send(await fetchCsrfToken(api, extra)))
  if (isCsrfRefusal(result.error)) {
    const fresh = await fetchCsrfToken(api, extra)
    if (fresh) result = await send(fresh)
  }
  const carried = (result.data as { csrfToken?: unknown } | undefined)?.csrfToken
  if (typeof carried === 'string') api.dispatch(csrfTokenReceived(carried))
  return result
}

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithCsrf,
  tagTypes: ['Components', 'Dashboard', 'Crime', 'Geography', 'Config', 'Session', 'Profile', 'Reference'],
  // Public data changes only on import; keep it for 10 minutes after the last subscriber goes.
  keepUnusedDataFor: 600,
  endpoints: () => ({}),
})
