// Login against MSW: intro, section 5 messages, server messages beneath the form, landing by
// permission after the session reloads, the unverified-address detour to the OTP screen.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { renderApp } from '../../test/render'
import { server } from '../../test/mocks/server'
import { csrfRefused } from '../../test/mocks/handlers'
import { anonymous, organisationPermissions, signedIn } from '../../test/mocks/auth-fixtures'
import { Action } from '../../config/constants'
import { strings } from '../../config/strings'
import type { Session } from '../../api/types'

const a = strings.auth

/** The server's session: anonymous until a login succeeds, then `after`. */
function sessionServer(
  after: Session,
  login: () => Response | Promise<Response> = () =>
    HttpResponse.json({ success: true, message: 'Login successful.', userType: 2 }),
) {
  let current: Session = anonymous
  const calls: { url: string; token: string | null; body?: unknown }[] = []
  server.use(
    http.post('*/api/auth/userAuthenticated', () => HttpResponse.json(current)),
    http.post('*/api/auth/login', async ({ request }) => {
      calls.push({ url: request.url, token: request.headers.get('x-csrf-token'), body: await request.clone().json() })
      const refused = csrfRefused(request)
      if (refused) return refused
      const response = await login()
      if (response.status === 200) current = after
      return response
    }),
  )
  return calls
}

async function openForm() {
  const user = userEvent.setup()
  const view = renderApp('/auth/login/')
  await user.click(await screen.findByRole('button', { name: a.continueToLogin }))
  return { user, ...view }
}

describe('login', () => {
  it('starts with the intro: Continue To Login and Back To Dashboard', async () => {
    renderApp('/auth/login/')
    expect(await screen.findByRole('heading', { name: a.introTitle })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: a.continueToLogin })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: a.backToDashboard })).toHaveAttribute('href', '/home')
  })

  it('checks e-mail and password in the form first', async () => {
    const calls = sessionServer(signedIn(organisationPermissions))
    const { user } = await openForm()
    await user.click(screen.getByRole('button', { name: a.login }))
    expect(await screen.findByText(strings.validation.emailRequired)).toBeInTheDocument()
    expect(screen.getByText(strings.validation.passwordRequired)).toBeInTheDocument()
    await user.type(screen.getByLabelText(a.email), 'nobody')
    await user.click(screen.getByRole('button', { name: a.login }))
    expect(await screen.findByText(strings.validation.emailInvalid)).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('shows the server message beneath the form on failure', async () => {
    sessionServer(signedIn(organisationPermissions), () =>
      HttpResponse.json({ success: false, message: 'Invalid email or password.', errors: [] }, { status: 401 }),
    )
    const { user } = await openForm()
    await user.type(screen.getByLabelText(a.email), 'thandi@example.org')
    await user.type(screen.getByLabelText(a.password, { selector: 'input' }), 'wrong')
    await user.click(screen.getByRole('button', { name: a.login }))
    const message = await screen.findByTestId('form-error')
    expect(message).toHaveTextContent('Invalid email or password.')
    // Beneath the form: after the submit button in document order.
    expect(
      screen.getByRole('button', { name: a.login }).compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
  })

  it("reads 'Logging in...' while busy, sends the CSRF token, and lands a health-check admin on /organisation/", async () => {
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const calls = sessionServer(signedIn([12, Action.HealthCheckAdmin, Action.BuildingBlockAdmin]), async () => {
      await answered
      return HttpResponse.json({ success: true, message: 'Login successful.', userType: 2 })
    })
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText(a.email), 'admin@example.org')
    await user.type(screen.getByLabelText(a.password, { selector: 'input' }), 'Correct!Horse9Battery')
    await user.click(screen.getByRole('button', { name: a.login }))
    expect(await screen.findByRole('button', { name: a.loggingIn })).toBeDisabled()
    answer()
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisation/'))
    expect(calls[0]).toMatchObject({
      token: 'test-csrf-token',
      body: { Username: 'admin@example.org', Password: 'Correct!Horse9Battery' },
    })
    // The other area is offered as an alternative, in the profile menu.
    await user.click(await screen.findByTestId('profile-menu-button'))
    expect(await screen.findByRole('link', { name: strings.areas.buildingBlockTitle })).toHaveAttribute(
      'href',
      '/buildingBlock/',
    )
  })

  it('lands a user without a role area on the public root (then /home) with their name in the header', async () => {
    sessionServer(signedIn(organisationPermissions, 'Nomvula Dlamini'))
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText(a.email), 'nomvula@example.org')
    await user.type(screen.getByLabelText(a.password, { selector: 'input' }), 'Correct!Horse9Battery')
    await user.click(screen.getByRole('button', { name: a.login }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(await screen.findByTestId('profile-menu-button')).toHaveTextContent('Nomvula Dlamini')
  })

  it('sends an address not verified yet to the OTP screen with the new code', async () => {
    sessionServer(anonymous, () =>
      HttpResponse.json(
        {
          success: false,
          message: 'Please verify your email address first. We have sent you a new code.',
          userType: 1,
          email: 'new@example.org',
          otp: '123456',
          resendCount: 1,
        },
        { status: 403 },
      ),
    )
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText(a.email), 'new@example.org')
    await user.type(screen.getByLabelText(a.password, { selector: 'input' }), 'Correct!Horse9Battery')
    await user.click(screen.getByRole('button', { name: a.login }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify-otp/'))
    expect(router.state.location.state).toMatchObject({
      userType: 1,
      email: 'new@example.org',
      otp: '123456',
      resendCount: 1,
    })
    expect(
      await screen.findByText('Please verify your email address first. We have sent you a new code.'),
    ).toBeInTheDocument()
    expect(screen.getByTestId('dev-otp')).toHaveTextContent('123456')
  })
})
