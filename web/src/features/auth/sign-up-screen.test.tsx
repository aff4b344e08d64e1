// Sign-up against MSW: per-step validation in the form, validateStep on the server on Next,
// server field errors beneath fields and joined by ' -- ', Back, the geography cascade, and the
// final registration leading to the OTP screen.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { renderApp } from '../../test/render'
import { server } from '../../test/mocks/server'
import { strings } from '../../config/strings'

const a = strings.auth
type Body = Record<string, unknown>

function registerServer(
  answer: (body: Body) => Response = () => HttpResponse.json({ success: true, message: '', errors: [] }),
) {
  const bodies: Body[] = []
  server.use(
    http.post('*/api/auth/register', async ({ request }) => {
      const body = (await request.json()) as Body
      bodies.push(body)
      return answer(body)
    }),
  )
  return bodies
}

async function fillStep1(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Ms' })
  await user.selectOptions(screen.getByLabelText(a.title), 'Ms')
  await user.type(screen.getByLabelText(a.firstName), 'Nomvula')
  await user.type(screen.getByLabelText(a.lastName), 'Dlamini')
  await user.type(screen.getByLabelText(a.email), 'nomvula@example.org')
  await user.type(screen.getByLabelText(a.password, { selector: 'input' }), 'Correct!Horse9Battery')
  await user.type(screen.getByLabelText(a.confirmPassword, { selector: 'input' }), 'Correct!Horse9Battery')
  await user.type(screen.getByLabelText(a.telephone), '082 123 4567')
}

async function fillStep2(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(a.orgName), 'Ikhaya Centre')
  await user.selectOptions(screen.getByLabelText(a.orgType), 'Non-profit organisation')
  await user.selectOptions(screen.getByLabelText(a.role), 'Manager')
  const province = screen.getByLabelText(a.province)
  await waitFor(() => expect(province).toBeEnabled())
  expect(screen.getByLabelText(a.district)).toBeDisabled()
  await user.selectOptions(province, 'Gauteng')
  const district = screen.getByLabelText(a.district)
  await waitFor(() => expect(within(district).getByRole('option', { name: 'Sedibeng' })).toBeInTheDocument())
  await user.selectOptions(district, 'Sedibeng')
  const local = screen.getByLabelText(a.localMunicipality)
  await waitFor(() => expect(within(local).getByRole('option', { name: 'Emfuleni' })).toBeInTheDocument())
  await user.selectOptions(local, 'Emfuleni')
}

const heading = (step: number) => `${a.stepOf(step, 3)}: ${a.steps[step - 1]}`

// Typing whole forms takes a few seconds in jsdom.
describe('sign-up', { timeout: 20_000 }, () => {
  it('checks step 1 in the form with the section 5 messages before calling the server', async () => {
    const bodies = registerServer()
    const user = userEvent.setup()
    renderApp('/auth/sign-up/')
    await screen.findByRole('heading', { name: heading(1) })
    await user.type(screen.getByLabelText(a.email), 'nope')
    await user.type(screen.getByLabelText(a.password, { selector: 'input' }), 'short')
    await user.type(screen.getByLabelText(a.confirmPassword, { selector: 'input' }), 'other')
    await user.type(screen.getByLabelText(a.telephone), '082')
    await user.click(screen.getByRole('button', { name: a.next }))
    for (const message of [
      'Title is required',
      'First name is required',
      'Please enter a valid email address',
      'Password must be at least 12 characters long',
      'Passwords do not match',
      'Contact number must be 10 digits long',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(screen.getByLabelText(a.title)).toHaveFocus()
    expect(bodies).toHaveLength(0)
  })

  it('shows no message before Next, then checks each field again as it changes', async () => {
    registerServer()
    const user = userEvent.setup()
    renderApp('/auth/sign-up/')
    await screen.findByRole('heading', { name: heading(1) })
    const email = screen.getByLabelText(a.email)
    await user.type(email, 'nope')
    await user.tab()
    expect(screen.queryByText(strings.validation.emailInvalid)).not.toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'false')

    await user.click(screen.getByRole('button', { name: a.next }))
    expect(await screen.findByText(strings.validation.emailInvalid)).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(strings.validation.emailInvalid)
    await user.type(email, '@example.org')
    await waitFor(() => expect(screen.queryByText(strings.validation.emailInvalid)).not.toBeInTheDocument())
    expect(email).toHaveAttribute('aria-invalid', 'false')

    // A password's change checks its confirmation again.
    const password = screen.getByLabelText(a.password, { selector: 'input' })
    const confirm = screen.getByLabelText(a.confirmPassword, { selector: 'input' })
    await user.type(confirm, 'Correct!Horse9Battery')
    expect(await screen.findByText(strings.validation.passwordsDoNotMatch)).toBeInTheDocument()
    await user.type(password, 'Correct!Horse9Battery')
    await waitFor(() => expect(screen.queryByText(strings.validation.passwordsDoNotMatch)).not.toBeInTheDocument())
  })

  it('validates each step on the server with validateStep, goes back and forth, and registers on Submit', async () => {
    const bodies = registerServer((body) =>
      body.validateStep
        ? HttpResponse.json({ success: true, message: '', errors: [] })
        : HttpResponse.json({
            success: true,
            message: 'Registration successful.',
            userType: 1,
            email: 'nomvula@example.org',
            resendCount: 0,
            otp: '135790',
          }),
    )
    const user = userEvent.setup()
    const { router } = renderApp('/auth/sign-up/')
    await fillStep1(user)
    expect(screen.getByLabelText(a.telephone)).toHaveValue('0821234567')
    await user.click(screen.getByRole('button', { name: a.next }))
    expect(await screen.findByRole('heading', { name: heading(2) })).toHaveFocus()
    expect(bodies[0]).toMatchObject({
      validateStep: 1,
      Title: 3,
      FirstName: 'Nomvula',
      Email: 'nomvula@example.org',
      MobileNumber: '0821234567',
    })

    await user.click(screen.getByRole('button', { name: a.next }))
    for (const message of [
      'Organisation name is required',
      'Organisation type is required',
      'Role is required',
      'Province is required',
      'District is required',
      'Local municipality is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    expect(bodies).toHaveLength(1)
    await fillStep2(user)
    await user.click(screen.getByRole('button', { name: a.next }))
    await screen.findByRole('heading', { name: heading(3) })
    expect(bodies[1]).toMatchObject({
      validateStep: 2,
      OrganisationName: 'Ikhaya Centre',
      OrganisationType: 1,
      JobRole: 2,
      Province: 2,
      District: 11,
      LocalMunicipality: 100,
    })

    await user.click(screen.getByRole('button', { name: a.back }))
    await screen.findByRole('heading', { name: heading(2) })
    expect(screen.getByLabelText(a.orgName)).toHaveValue('Ikhaya Centre')
    await user.click(screen.getByRole('button', { name: a.next }))
    await screen.findByRole('heading', { name: heading(3) })

    await user.click(screen.getByRole('button', { name: a.submit }))
    expect(await screen.findByText(strings.validation.terms)).toBeInTheDocument()
    expect(screen.getByText(strings.validation.membersRequired)).toBeInTheDocument()
    // The terms the box accepts are the product's own /terms page (no other configured), in a
    // new tab so the form keeps what was typed.
    const terms = screen.getByRole('link', { name: /terms and conditions/ })
    expect(terms).toHaveAttribute('href', '/terms')
    expect(terms).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('checkbox').closest('.form-field')).toHaveTextContent(/I accept the\s+terms and conditions/)
    await user.type(screen.getByLabelText(a.numOfOrgMembers), '14')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: a.submit }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify-otp/'))
    expect(bodies[3]).not.toHaveProperty('validateStep')
    expect(bodies[3]).toMatchObject({ MemberInOrganisation: 14, terms: true, LocalMunicipality: 100 })
    expect(router.state.location.state).toMatchObject({
      userType: 1,
      email: 'nomvula@example.org',
      resendCount: 0,
      otp: '135790',
    })
    expect(await screen.findByTestId('dev-otp')).toHaveTextContent('135790')
  })

  it("shows the server's field errors beneath the fields and all of them joined by ' -- '", async () => {
    registerServer(() =>
      HttpResponse.json(
        {
          success: false,
          message: 'Please enter a valid first name -- Title is required',
          errors: [
            { code: 'firstName', description: 'Please enter a valid first name' },
            { code: 'title', description: 'Please select a valid title' },
          ],
        },
        { status: 400 },
      ),
    )
    const user = userEvent.setup()
    renderApp('/auth/sign-up/')
    await fillStep1(user)
    await user.click(screen.getByRole('button', { name: a.next }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Please enter a valid first name -- Please select a valid title',
    )
    const firstName = screen.getByLabelText(a.firstName)
    expect(firstName).toHaveAttribute('aria-invalid', 'true')
    expect(firstName).toHaveAccessibleDescription('Please enter a valid first name')
    expect(screen.getByRole('heading', { name: heading(1) })).toBeInTheDocument()
  })

  it('a refused final submit goes back to the first step with an error', async () => {
    registerServer((body) =>
      body.validateStep
        ? HttpResponse.json({ success: true, message: '', errors: [] })
        : HttpResponse.json(
            {
              success: false,
              message: 'An account with this email address already exists.',
              errors: [{ code: 'email', description: 'An account with this email address already exists.' }],
            },
            { status: 409 },
          ),
    )
    const user = userEvent.setup()
    renderApp('/auth/sign-up/')
    await fillStep1(user)
    await user.click(screen.getByRole('button', { name: a.next }))
    await screen.findByRole('heading', { name: heading(2) })
    await fillStep2(user)
    await user.click(screen.getByRole('button', { name: a.next }))
    await screen.findByRole('heading', { name: heading(3) })
    await user.type(screen.getByLabelText(a.numOfOrgMembers), '3')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: a.submit }))
    expect(await screen.findByRole('heading', { name: heading(1) })).toBeInTheDocument()
    expect(screen.getByLabelText(a.email)).toHaveAccessibleDescription(
      'An account with this email address already exists.',
    )
    expect(screen.getByTestId('form-error')).toHaveTextContent('An account with this email address already exists.')
  })

  it('a network failure shows the generic failure', async () => {
    server.use(http.post('*/api/auth/register', () => HttpResponse.error()))
    const user = userEvent.setup()
    renderApp('/auth/sign-up/')
    await fillStep1(user)
    await user.click(screen.getByRole('button', { name: a.next }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent(strings.messages.generic)
  })
})
