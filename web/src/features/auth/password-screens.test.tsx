// Forgot, reset and add password against MSW (sections 2 and 4).
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { routes } from '../../app/router'
import { makeStore } from '../../app/store'
import { renderApp } from '../../test/render'
import { server } from '../../test/mocks/server'
import { anonymous, signedIn } from '../../test/mocks/auth-fixtures'
import { strings } from '../../config/strings'
import type { Session } from '../../api/types'

const a = strings.auth

function renderAt(pathname: string, state?: unknown) {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname, state }] })
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { user: userEvent.setup(), router }
}

describe('forgot password', () => {
  it('sends the e-mail and goes to the OTP screen as a reset-flow user', async () => {
    let body: unknown
    server.use(
      http.post('*/api/auth/forgot-password', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({
          success: true,
          message: 'If an account exists for this email address, we have sent it a verification code.',
          userType: 3,
          email: 'admin@example.org',
          resendCount: 0,
          otp: '424242',
        })
      }),
    )
    const user = userEvent.setup()
    const { router } = renderApp('/auth/forgot-password/')
    await user.click(await screen.findByRole('button', { name: a.sendCode }))
    expect(await screen.findByText(strings.validation.emailRequired)).toBeInTheDocument()
    await user.type(screen.getByLabelText(a.email), 'admin@example.org')
    await user.click(screen.getByRole('button', { name: a.sendCode }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify-otp/'))
    expect(body).toEqual({ Email: 'admin@example.org' })
    expect(router.state.location.state).toMatchObject({
      userType: 3,
      email: 'admin@example.org',
      resendCount: 0,
      otp: '424242',
    })
  })

  it("shows the server's refusal beneath the form", async () => {
    server.use(
      http.post('*/api/auth/forgot-password', () =>
        HttpResponse.json({ success: false, message: strings.errors.tooManyOtpRequests, errors: [] }, { status: 429 }),
      ),
    )
    const user = userEvent.setup()
    renderApp('/auth/forgot-password/')
    await user.type(await screen.findByLabelText(a.email), 'admin@example.org')
    await user.click(screen.getByRole('button', { name: a.sendCode }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent(strings.errors.tooManyOtpRequests)
  })
})

describe('reset password', () => {
  it('without the e-mail from the OTP screen it starts again at forgot-password', async () => {
    const { router } = renderAt('/auth/reset-password/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/forgot-password/'))
  })

  it('checks the rules, refuses copy and cut, toggles visibility, then resets and goes to login', async () => {
    let body: unknown
    server.use(
      http.post('*/api/auth/reset-password', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ success: true, message: 'Your password has been reset. You can now log in.' })
      }),
    )
    const { user, router } = renderAt('/auth/reset-password/', { userType: 3, email: 'admin@example.org' })
    const password = await screen.findByLabelText(a.password, { selector: 'input' })
    await user.click(screen.getByRole('button', { name: a.submit }))
    expect(await screen.findByText(strings.validation.passwordRequired)).toBeInTheDocument()
    await user.type(password, 'Fresh(Lamp)42Window')
    await user.type(screen.getByLabelText(a.confirmPassword, { selector: 'input' }), 'Fresh(Lamp)42Windows')
    await user.click(screen.getByRole('button', { name: a.submit }))
    expect(await screen.findByText(strings.validation.passwordsDoNotMatch)).toBeInTheDocument()

    expect(fireEvent.copy(password)).toBe(false)
    expect(fireEvent.cut(password)).toBe(false)
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getAllByRole('button', { name: a.showPassword })[0])
    expect(password).toHaveAttribute('type', 'text')
    expect(screen.getByRole('button', { name: a.hidePassword })).toHaveAttribute('aria-pressed', 'true')

    await user.type(screen.getByLabelText(a.confirmPassword, { selector: 'input' }), '{Backspace}')
    await user.click(screen.getByRole('button', { name: a.submit }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login/'))
    expect(body).toEqual({
      Email: 'admin@example.org',
      Password: 'Fresh(Lamp)42Window',
      ConfirmPassword: 'Fresh(Lamp)42Window',
      UserType: 3,
    })
    expect(await screen.findByText('Your password has been reset. You can now log in.')).toBeInTheDocument()
  })

  it("shows the server's message when the code has expired", async () => {
    server.use(
      http.post('*/api/auth/reset-password', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'The code has expired or was used too many times. Please request a new code.',
            errors: [],
          },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderAt('/auth/reset-password/', { userType: 3, email: 'admin@example.org' })
    await user.type(await screen.findByLabelText(a.password, { selector: 'input' }), 'Fresh(Lamp)42Window')
    await user.type(screen.getByLabelText(a.confirmPassword, { selector: 'input' }), 'Fresh(Lamp)42Window')
    await user.click(screen.getByRole('button', { name: a.submit }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent('The code has expired')
  })
})

describe('add password', () => {
  it("reads 'Submitting...', sends the user type, reloads the session and lands by permission", async () => {
    let current: Session = signedIn([12, 34], 'Sipho Mokoena', 1)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let body: unknown
    server.use(
      http.post('*/api/auth/userAuthenticated', () => HttpResponse.json(current)),
      http.post('*/api/auth/add-password', async ({ request }) => {
        body = await request.json()
        await held
        current = signedIn([12, 34], 'Sipho Mokoena', 2)
        return HttpResponse.json({ success: true, message: 'Your password has been saved.' })
      }),
    )
    const { user, router } = renderAt('/auth/add-password/', { userType: 1 })
    await user.type(await screen.findByLabelText(a.password, { selector: 'input' }), 'Fresh(Lamp)42Window')
    await user.type(screen.getByLabelText(a.confirmPassword, { selector: 'input' }), 'Fresh(Lamp)42Window')
    await user.click(screen.getByRole('button', { name: a.submit }))
    expect(await screen.findByRole('button', { name: a.submitting })).toBeDisabled()
    release()
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisation/'))
    // The document's PasswordBody names the e-mail: the signed-in user's (the server takes the account's).
    expect(body).toEqual({
      Email: 'thandi@example.org',
      Password: 'Fresh(Lamp)42Window',
      ConfirmPassword: 'Fresh(Lamp)42Window',
      UserType: 1,
    })
  })

  it('a signed-in user who still needs a password is sent there from the signed-in areas', async () => {
    server.use(
      http.post('*/api/auth/userAuthenticated', () => HttpResponse.json(signedIn([12, 34], 'Sipho Mokoena', 1))),
    )
    const { router } = renderAt('/organisation/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/add-password/'))
  })

  it('stays available to an anonymous visitor (section 2), where the server refuses the call', async () => {
    server.use(
      http.post('*/api/auth/userAuthenticated', () => HttpResponse.json(anonymous)),
      http.post('*/api/auth/add-password', () =>
        HttpResponse.json(
          {
            success: false,
            message: strings.errors.permissionDenied,
            errors: [{ code: 'permission', description: strings.errors.permissionDenied }],
          },
          { status: 403 },
        ),
      ),
    )
    const { user } = renderAt('/auth/add-password/')
    await user.type(await screen.findByLabelText(a.password, { selector: 'input' }), 'Fresh(Lamp)42Window')
    await user.type(screen.getByLabelText(a.confirmPassword, { selector: 'input' }), 'Fresh(Lamp)42Window')
    await user.click(screen.getByRole('button', { name: a.submit }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent(strings.errors.permissionDenied)
  })
})
