// The OTP screen against MSW: six boxes (digits only, paste fills all), the section 5 messages,
// verification routing per user type, and the resend rules (limit 2, 429, no message).
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { render } from '@testing-library/react'
import { Provider } from 'react-redux'
import { routes } from '../../app/router'
import { makeStore } from '../../app/store'
import { server } from '../../test/mocks/server'
import { strings } from '../../config/strings'
import { fillFrom, pastedDigits } from './otp-input'
import type { OtpState } from './navigation-state'

const a = strings.auth

function renderOtp(state?: OtpState, search = '') {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: '/auth/verify-otp/', search, state }] })
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { user: userEvent.setup(), router }
}

const boxes = () =>
  screen.getAllByRole('textbox').filter((el) => el.classList.contains('otp-input__box')) as HTMLInputElement[]
const code = () =>
  boxes()
    .map((b) => b.value)
    .join('')

function paste(target: HTMLElement, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } })
}

describe('OTP boxes', () => {
  it('fill from a box on and report where focus goes', () => {
    expect(fillFrom(['', '', '', '', '', ''], 2, '12')).toEqual({ boxes: ['', '', '1', '2', '', ''], focus: 4 })
    expect(fillFrom(['', '', '', '', '', ''], 0, '1234567')).toEqual({
      boxes: ['1', '2', '3', '4', '5', '6'],
      focus: 5,
    })
  })
  it('pasted text: spaces and dashes ignored, anything else refused', () => {
    expect(pastedDigits('123 456')).toBe('123456')
    expect(pastedDigits('123-4567')).toBe('123456')
    expect(pastedDigits('12a456')).toBeNull()
  })

  it('typing moves on, Backspace moves back, letters are refused with the section 5 message', async () => {
    const { user } = renderOtp({ userType: 1, email: 'nomvula@example.org' })
    await screen.findByRole('heading', { name: a.verifyOtpTitle })
    await user.click(boxes()[0])
    await user.keyboard('123')
    expect(code()).toBe('123')
    expect(boxes()[3]).toHaveFocus()
    await user.keyboard('x')
    expect(await screen.findByText(strings.validation.otpDigits)).toBeInTheDocument()
    expect(code()).toBe('123')
    await user.keyboard('{Backspace}')
    expect(boxes()[2]).toHaveFocus()
    expect(code()).toBe('12')
    await user.keyboard('9')
    expect(code()).toBe('129')
    expect(screen.queryByText(strings.validation.otpDigits)).not.toBeInTheDocument()
  })

  it('pasting fills all six boxes; pasted letters are refused', async () => {
    renderOtp({ userType: 1, email: 'nomvula@example.org' })
    await screen.findByRole('heading', { name: a.verifyOtpTitle })
    paste(boxes()[3], '654 321')
    expect(code()).toBe('654321')
    paste(boxes()[0], 'abc123')
    expect(await screen.findByText(strings.validation.otpDigits)).toBeInTheDocument()
    expect(code()).toBe('654321')
  })
})

describe('verify', () => {
  it("shows the e-mail and the development code, and 'OTP must be 6 digits long.' when incomplete", async () => {
    const { user } = renderOtp({ userType: 1, email: 'nomvula@example.org', otp: '246810', resendCount: 0 })
    expect(await screen.findByText(a.otpSentTo, { exact: false })).toHaveTextContent(
      `${a.otpSentTo} nomvula@example.org`,
    )
    expect(screen.getByTestId('dev-otp')).toHaveTextContent('development code: 246810')
    await user.click(screen.getByRole('button', { name: a.verify }))
    expect(await screen.findByText(strings.validation.otpRequired)).toBeInTheDocument()
    paste(boxes()[0], '1234')
    await user.click(screen.getByRole('button', { name: a.verify }))
    expect(await screen.findByText(strings.validation.otpLength)).toBeInTheDocument()
  })

  it('no development code hint when the server sent none', async () => {
    renderOtp({ userType: 1, email: 'nomvula@example.org' })
    await screen.findByRole('heading', { name: a.verifyOtpTitle })
    expect(screen.queryByTestId('dev-otp')).not.toBeInTheDocument()
  })

  it('a NewUser with a password goes to login with the server message', async () => {
    let sent: unknown
    server.use(
      http.post('*/api/auth/verify-otp', async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({
          success: true,
          message: 'Your email address is verified. You can now log in.',
          userType: 1,
          requiresPassword: false,
        })
      }),
    )
    const { user, router } = renderOtp({ userType: 1, email: 'nomvula@example.org' })
    await screen.findByRole('heading', { name: a.verifyOtpTitle })
    paste(boxes()[0], '123456')
    await user.click(screen.getByRole('button', { name: a.verify }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login/'))
    expect(sent).toEqual({ Email: 'nomvula@example.org', OTP: '123456', UserType: 1 })
    expect(await screen.findByText('Your email address is verified. You can now log in.')).toBeInTheDocument()
    expect(screen.getByLabelText(a.email)).toHaveValue('nomvula@example.org')
  })

  it('a NewUser without a password (signed in by the server) goes to add-password', async () => {
    server.use(
      http.post('*/api/auth/verify-otp', () =>
        HttpResponse.json({ success: true, message: 'Please choose a password.', userType: 1, requiresPassword: true }),
      ),
    )
    const { user, router } = renderOtp({ userType: 1, email: 'nomvula@example.org' })
    await screen.findByRole('heading', { name: a.verifyOtpTitle })
    paste(boxes()[0], '123456')
    await user.click(screen.getByRole('button', { name: a.verify }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/add-password/'))
    expect(router.state.location.state).toEqual({ userType: 1 })
  })

  it('a reset-flow user goes to reset-password with user type 3 and the e-mail (from the query string)', async () => {
    server.use(
      http.post('*/api/auth/verify-otp', () =>
        HttpResponse.json({ success: true, message: 'Code verified.', userType: 3 }),
      ),
    )
    const { user, router } = renderOtp(undefined, '?email=admin%40example.org&userType=3')
    await screen.findByText('admin@example.org')
    paste(boxes()[0], '123456')
    await user.click(screen.getByRole('button', { name: a.verify }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password/'))
    expect(router.state.location.state).toEqual({ userType: 3, email: 'admin@example.org' })
  })

  it('shows the server message beneath the form when the code is wrong', async () => {
    server.use(
      http.post('*/api/auth/verify-otp', () =>
        HttpResponse.json(
          { success: false, message: 'The code is not correct. Please try again.', errors: [] },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderOtp({ userType: 1, email: 'nomvula@example.org' })
    await screen.findByRole('heading', { name: a.verifyOtpTitle })
    paste(boxes()[0], '123456')
    await user.click(screen.getByRole('button', { name: a.verify }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent('The code is not correct. Please try again.')
  })

  it('without an e-mail there is nothing to verify: back to login', async () => {
    const { router } = renderOtp()
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login/'))
  })
})

describe('resend', () => {
  it('a NewUser resends through resend-otp; the new dev code shows; the third request is refused in the client', async () => {
    const sent: unknown[] = []
    server.use(
      http.post('*/api/auth/resend-otp', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({
          success: true,
          message: 'We have sent a new code.',
          userType: 1,
          resendCount: sent.length,
          otp: `00000${sent.length}`,
        })
      }),
    )
    const { user } = renderOtp({ userType: 1, email: 'nomvula@example.org', resendCount: 0, otp: '000000' })
    await screen.findByRole('heading', { name: a.verifyOtpTitle })
    await user.click(screen.getByRole('button', { name: a.resendCode }))
    await waitFor(() => expect(screen.getByTestId('dev-otp')).toHaveTextContent('000001'))
    await user.click(screen.getByRole('button', { name: a.resendCode }))
    await waitFor(() => expect(screen.getByTestId('dev-otp')).toHaveTextContent('000002'))
    await user.click(screen.getByRole('button', { name: a.resendCode }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent(strings.errors.tooManyOtpRequests)
    expect(sent).toEqual([
      { Email: 'nomvula@example.org', UserType: 1 },
      { Email: 'nomvula@example.org', UserType: 1 },
    ])
  })

  it('arriving with resendCount 2 refuses at once', async () => {
    let calls = 0
    server.use(
      http.post('*/api/auth/resend-otp', () => {
        calls++
        return HttpResponse.json({ success: true, message: '' })
      }),
    )
    const { user } = renderOtp({ userType: 1, email: 'nomvula@example.org', resendCount: 2 })
    await user.click(await screen.findByRole('button', { name: a.resendCode }))
    expect(await screen.findByText(strings.errors.tooManyOtpRequests)).toBeInTheDocument()
    expect(calls).toBe(0)
  })

  it("a reset-flow user resends through forgot-password; the server's 429 message shows", async () => {
    let body: unknown
    server.use(
      http.post('*/api/auth/forgot-password', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          { success: false, message: strings.errors.tooManyOtpRequests, errors: [] },
          { status: 429 },
        )
      }),
    )
    const { user } = renderOtp({ userType: 3, email: 'admin@example.org', resendCount: 0 })
    await user.click(await screen.findByRole('button', { name: a.resendCode }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent(strings.errors.tooManyOtpRequests)
    expect(body).toEqual({ Email: 'admin@example.org' })
  })

  it("'Failed to resend OTP' when the failure carries no message", async () => {
    server.use(http.post('*/api/auth/resend-otp', () => HttpResponse.error()))
    const { user } = renderOtp({ userType: 1, email: 'nomvula@example.org' })
    await user.click(await screen.findByRole('button', { name: a.resendCode }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent(strings.errors.failedToResendOtp)
  })
})
