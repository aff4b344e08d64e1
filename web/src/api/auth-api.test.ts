// The session, auth and profile wrappers over the generated endpoints: the session check is a cached
// query sent without a CSRF token; the calls that rotate the session drop the token and reload
// the session (and only those: a verify-otp that does not sign in leaves both alone); a saved
// profile shows at once and reloads the profile and the session.
import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../test/mocks/server'
import { CSRF_TOKEN, profile, signedIn } from '../test/mocks/auth-fixtures'
import { makeStore } from '../app/store'
import { authApi } from './auth-api'
import { csrfTokenReceived, selectCsrfToken } from './csrf-slice'
import { profileApi, withSavedValues } from './profile-api'
import { sessionApi } from './session-api'

const settle = () => new Promise((resolve) => setTimeout(resolve, 30))

/** Counts the session checks and the CSRF headers they carried. The answers carry no token, so
 * the token the tests set (or dropped) stays as it is. */
function countSessionChecks() {
  const headers: (string | null)[] = []
  server.use(
    http.post('*/api/auth/userAuthenticated', ({ request }) => {
      headers.push(request.headers.get('x-csrf-token'))
      return HttpResponse.json(signedIn([12]))
    }),
  )
  return headers
}

describe('the session check', () => {
  it('is one cached query, sent without a CSRF token', async () => {
    const checks = countSessionChecks()
    const store = makeStore()
    const first = store.dispatch(sessionApi.endpoints.userAuthenticated.initiate())
    await first
    const second = store.dispatch(sessionApi.endpoints.userAuthenticated.initiate())
    await second
    expect(checks).toEqual([null])
    expect(sessionApi.endpoints.userAuthenticated.select()(store.getState()).data?.isAuthenticated).toBe(true)
    first.unsubscribe()
    second.unsubscribe()
  })
})

describe('a new browser', () => {
  it('asks for a token only after its session check answered, so both name one cookie', async () => {
    // The server issues the browser cookie with the token; two cookie-less requests at once
    // would each get one, and the token kept could belong to the cookie that lost.
    const events: string[] = []
    let answerCheck = () => {}
    const checkHeld = new Promise<void>((resolve) => {
      answerCheck = resolve
    })
    server.use(
      http.post('*/api/auth/userAuthenticated', async () => {
        events.push('session check sent')
        await checkHeld
        events.push('session check answered')
        return HttpResponse.json({ ...signedIn([12]), csrfToken: CSRF_TOKEN })
      }),
      http.get('*/api/auth/csrf', () => {
        events.push('token request sent')
        return HttpResponse.json({ csrfToken: CSRF_TOKEN })
      }),
      http.post('*/api/auth/login', ({ request }) => {
        events.push(`change sent with ${request.headers.get('x-csrf-token')}`)
        return HttpResponse.json({ success: true, message: 'Signed in', userType: 2 })
      }),
    )
    const store = makeStore()
    const session = store.dispatch(sessionApi.endpoints.userAuthenticated.initiate())
    const change = store.dispatch(
      authApi.endpoints.login.initiate({ loginBody: { Username: 'a@b.org', Password: 'x' } }),
    )
    await expect.poll(() => events).toContain('session check sent')
    await settle()
    expect(events).toEqual(['session check sent'])
    answerCheck()
    await change
    expect(events.slice(0, 3)).toEqual(['session check sent', 'session check answered', 'token request sent'])
    expect(events).toContain(`change sent with ${CSRF_TOKEN}`)
    session.unsubscribe()
  })
})

describe('calls that rotate the session', () => {
  it('drop the CSRF token and reload the session after a sign-in', async () => {
    const checks = countSessionChecks()
    server.use(
      http.post('*/api/auth/login', () => HttpResponse.json({ success: true, message: 'Signed in', userType: 2 })),
    )
    const store = makeStore()
    const session = store.dispatch(sessionApi.endpoints.userAuthenticated.initiate())
    await session
    store.dispatch(csrfTokenReceived('old-token'))
    await store.dispatch(authApi.endpoints.login.initiate({ loginBody: { Username: 'a@b.org', Password: 'x' } }))
    await expect.poll(() => selectCsrfToken(store.getState())).toBeNull()
    await expect.poll(() => checks.length).toBe(2)
    session.unsubscribe()
  })

  it('leave both alone after a verify-otp that does not sign in', async () => {
    const checks = countSessionChecks()
    server.use(
      http.post('*/api/auth/verify-otp', () =>
        HttpResponse.json({ success: true, message: 'Verified', requiresPassword: false }),
      ),
    )
    const store = makeStore()
    const session = store.dispatch(sessionApi.endpoints.userAuthenticated.initiate())
    await session
    store.dispatch(csrfTokenReceived(CSRF_TOKEN))
    await store.dispatch(
      authApi.endpoints.verifyOtp.initiate({ verifyOtpBody: { Email: 'a@b.org', OTP: '123456', UserType: 3 } }),
    )
    await settle()
    expect(selectCsrfToken(store.getState())).toBe(CSRF_TOKEN)
    expect(checks).toHaveLength(1)
    session.unsubscribe()
  })

  it('reload the session after a verify-otp that signs a new user in', async () => {
    const checks = countSessionChecks()
    server.use(
      http.post('*/api/auth/verify-otp', () =>
        HttpResponse.json({ success: true, message: 'Verified', requiresPassword: true }),
      ),
    )
    const store = makeStore()
    const session = store.dispatch(sessionApi.endpoints.userAuthenticated.initiate())
    await session
    store.dispatch(csrfTokenReceived('old-token'))
    await store.dispatch(
      authApi.endpoints.verifyOtp.initiate({ verifyOtpBody: { Email: 'a@b.org', OTP: '123456', UserType: 1 } }),
    )
    await expect.poll(() => selectCsrfToken(store.getState())).toBeNull()
    await expect.poll(() => checks.length).toBe(2)
    session.unsubscribe()
  })
})

describe('the profile', () => {
  it('takes the saved values of a form and keeps what the form leaves out', () => {
    const saved = withSavedValues(profile, { fullName: 'New Name', titleId: 2, mobileNumber: '0821234567' })
    expect(saved).toEqual({ ...profile, fullName: 'New Name', titleId: 2, mobileNumber: '0821234567' })
  })

  it('shows a saved form at once and reloads the profile and the session', async () => {
    const checks = countSessionChecks()
    let profileReads = 0
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get('*/api/auth/profile', async () => {
        profileReads += 1
        // The reload after the save waits, so the cache shows the values the save put there.
        if (profileReads > 1) await held
        return HttpResponse.json({ success: true, data: profile })
      }),
      http.put('*/api/auth/updateProfile', () => HttpResponse.json({ success: true, message: 'Saved', errors: [] })),
    )
    const store = makeStore()
    store.dispatch(csrfTokenReceived(CSRF_TOKEN))
    const session = store.dispatch(sessionApi.endpoints.userAuthenticated.initiate())
    const shown = store.dispatch(profileApi.endpoints.getProfile.initiate())
    await Promise.all([session, shown])
    await store.dispatch(
      profileApi.endpoints.updateProfile.initiate({
        profileForm: { fullName: 'New Name', titleId: 2, jobRole: 3, mobileNumber: '0821234567' },
      }),
    )
    const cached = () => profileApi.endpoints.getProfile.select()(store.getState()).data?.data
    await expect
      .poll(cached)
      .toEqual({ ...profile, fullName: 'New Name', titleId: 2, jobRole: 3, mobileNumber: '0821234567' })
    await expect.poll(() => profileReads).toBe(2)
    await expect.poll(() => checks.length).toBe(2)
    release()
    session.unsubscribe()
    shown.unsubscribe()
  })
})
