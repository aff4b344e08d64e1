// A cookie-keeping API client for browser tests that prepare data through the real HTTP
// command path: it sends the session's CSRF token on state-changing calls, signs an
// administrator in (first time through the reset flow, like "Reset here"), and registers and
// approves organisations.
import assert from 'node:assert/strict'
import { BASE_URL } from './app.mjs'
import { codesFor, createAdmin, nextCode } from './accounts.mjs'
import { WAIT_MS } from './browser.mjs'

/**
 * The client address this test file's API calls come from (X-Forwarded-For; the server trusts
 * the loopback proxy in ops/test and tools/e2e-one). Each file runs in a process of its own, so
 * each file is a client of its own, as two people preparing data would be: the per-address
 * limits on one-time codes then count one file's requests, not the whole suite's.
 */
const FILE_ADDRESS =
  process.env.GBVF_FORWARDED_FOR ?? `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`

export class ApiSession {
  cookies = new Map()
  csrf = null

  async call(method, path, body) {
    if (method !== 'GET' && !this.csrf) {
      this.csrf = (await (await this.call('GET', '/api/auth/csrf')).json()).csrfToken
    }
    const headers = { accept: 'application/json', cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf
    // The fuzzing fixtures set GBVF_FORWARDED_FOR, so their one-time-code requests never share a
    // limit with the thousands the anonymous fuzzing run made from 127.0.0.1 a moment before.
    headers['x-forwarded-for'] = FILE_ADDRESS
    const response = await fetch(`${BASE_URL}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair.indexOf('=')
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
    }
    return response
  }

  async json(method, path, body) {
    const response = await this.call(method, path, body)
    const text = await response.text()
    assert.ok(response.ok, `${method} ${path} answered ${response.status}: ${text}`)
    return JSON.parse(text)
  }
}

/** Creates an administrator with the CLI and signs them in through the reset flow; returns the session. */
export async function adminSession(email, password) {
  await createAdmin(email)
  const api = new ApiSession()
  await api.json('POST', '/api/auth/forgot-password', { Email: email })
  const otp = await nextCode(email)
  await api.json('POST', '/api/auth/verify-otp', { Email: email, OTP: otp, UserType: 3 })
  await api.json('POST', '/api/auth/reset-password', {
    Email: email,
    Password: password,
    ConfirmPassword: password,
    UserType: 3,
  })
  // A fresh session: the reset flow's CSRF token belongs to the anonymous session.
  const signedIn = new ApiSession()
  const answer = await signedIn.json('POST', '/api/auth/login', { Username: email, Password: password })
  assert.equal(answer.success, true, JSON.stringify(answer))
  signedIn.csrf = null
  return signedIn
}

/** Registers an organisation of `type` through POST /api/auth/register, in a real municipality. */
export async function registerOrganisation(org, type = 1) {
  const api = new ApiSession()
  const provinces = await api.json('GET', '/api/geography/boundary/list/2/1')
  const province = provinces.find((p) => p.description === 'Gauteng') ?? provinces[0]
  const districts = await api.json('GET', `/api/geography/boundary/list/2/${province.boundaryId}`)
  const locals = await api.json('GET', `/api/geography/boundary/list/3/${districts[0].boundaryId}`)
  const password = 'Correct!Horse9Battery'
  const answer = await api.json('POST', '/api/auth/register', {
    Title: 3,
    FirstName: org.first,
    LastName: org.last,
    Email: org.email,
    Password: password,
    ConfirmPassword: password,
    MobileNumber: '0821234567',
    OrganisationName: org.name,
    OrganisationBranch: 'Head office',
    OrganisationType: type,
    JobRole: 2,
    StreetNumber: '12',
    StreetName: 'Govan Mbeki Avenue',
    Suburb: 'Central',
    City: 'Johannesburg',
    PostalCode: '2001',
    Province: province.boundaryId,
    District: districts[0].boundaryId,
    LocalMunicipality: locals[0].boundaryId,
    MemberInOrganisation: 14,
    terms: true,
  })
  assert.equal(answer.success, true, JSON.stringify(answer))
}

/** Finds a registered organisation by name and approves it as the signed-in administrator; returns its id. */
export async function approveOrganisation(admin, name) {
  const page = await admin.json('POST', '/api/healthcheck/searchOrganisations', {
    statusId: null,
    OrganisationName: name,
    pageSize: 30,
    pageNumber: 1,
  })
  const row = page.data.find((r) => r.organisationName === name)
  assert.ok(row, `organisation ${name} in the applications`)
  const answer = await admin.json('POST', '/api/healthcheck/verify', {
    VerificationStatusId: 3,
    StakeholderId: row.stakeholderId,
    EmailTemplateType: 1,
    RejectedReasons: '',
    ExpectedStatusId: 1,
  })
  assert.equal(answer.success, true, JSON.stringify(answer))
  return row.stakeholderId
}

/** Retries `attempt` every 500 ms for up to WAIT_MS: read models (applications, approvals, links)
 * may take the projector a moment to reach on a busy machine. Returns what it returns. */
export async function eventually(attempt) {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    try {
      return await attempt()
    } catch (e) {
      if (Date.now() > deadline) throw e
      await new Promise((r) => setTimeout(r, 500))
    }
  }
}

/** Sets `email`'s password to `password` through the forgot-password flow over the API, as an
 * invited person does from the invitation's "Reset here". */
export async function choosePassword(email, password) {
  const s = new ApiSession()
  const before = (await codesFor(email)).length
  await s.json('POST', '/api/auth/forgot-password', { Email: email })
  const code = await nextCode(email, before)
  await s.json('POST', '/api/auth/verify-otp', { Email: email, OTP: code, UserType: 3 })
  await s.json('POST', '/api/auth/reset-password', {
    Email: email,
    Password: password,
    ConfirmPassword: password,
    UserType: 3,
  })
}
