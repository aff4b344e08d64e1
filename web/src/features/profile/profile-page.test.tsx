// The profile against MSW: view and edit modes, phone digits, section 5 rules, the section 8
// failure messages, and the building-block admin's header.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { renderApp } from '../../test/render'
import { server } from '../../test/mocks/server'
import { csrfRefused } from '../../test/mocks/handlers'
import { organisationPermissions, profile, signedIn } from '../../test/mocks/auth-fixtures'
import { strings } from '../../config/strings'
import type { UserProfile } from '../../api/generated'

const p = strings.profile

function profileServer(initial: UserProfile = profile, update?: (body: Record<string, unknown>) => Response) {
  let current = { ...initial }
  const bodies: Record<string, unknown>[] = []
  server.use(
    http.post('*/api/auth/userAuthenticated', () =>
      HttpResponse.json(signedIn(organisationPermissions, current.fullName)),
    ),
    http.get('*/api/auth/profile', () => HttpResponse.json({ success: true, data: current })),
    http.put('*/api/auth/updateProfile', async ({ request }) => {
      const refused = csrfRefused(request)
      if (refused) return refused
      const body = (await request.json()) as Record<string, unknown>
      bodies.push(body)
      if (update) return update(body)
      current = { ...current, ...(body as Partial<UserProfile>) }
      return HttpResponse.json({ success: true, message: 'Profile updated successfully.', errors: [] })
    }),
  )
  return bodies
}

describe('profile', { timeout: 20_000 }, () => {
  it('shows the profile read-only first', async () => {
    profileServer({ ...profile, alternativeNumber: '041 123 4567' })
    renderApp('/profile/')
    const details = await screen.findByTestId('profile-details')
    expect(details).toHaveTextContent('Thandi Nkosi')
    expect(details).toHaveTextContent('Ms')
    expect(details).toHaveTextContent('Manager')
    expect(details).toHaveTextContent('0411234567')
    expect(details).toHaveTextContent('0821234567')
    expect(details).toHaveTextContent('thandi@example.org')
    expect(screen.getByTestId('profile-header')).not.toHaveClass('profile__header--building-block')
  })

  it('building-block admins get the header of their own colour', async () => {
    profileServer({ ...profile, isBuildingBlockAdmin: true })
    renderApp('/profile/')
    expect(await screen.findByTestId('profile-header')).toHaveClass('profile__header--building-block')
  })

  it('building-block staff switch the notification e-mails off from the profile', async () => {
    profileServer({ ...profile, isBuildingBlockAdmin: true })
    const choices: unknown[] = []
    let receive = true
    server.use(
      http.put('*/api/auth/notificationEmails', async ({ request }) => {
        const refused = csrfRefused(request)
        if (refused) return refused
        const body = (await request.json()) as { buildingBlockEmails: boolean }
        choices.push(body)
        receive = body.buildingBlockEmails
        return HttpResponse.json({ success: true, message: 'Building-block e-mails switched off.', errors: [] })
      }),
      http.get('*/api/auth/profile', () =>
        HttpResponse.json({
          success: true,
          data: { ...profile, isBuildingBlockAdmin: true, buildingBlockEmails: receive },
        }),
      ),
    )
    const user = userEvent.setup()
    renderApp('/profile/')
    const box = await screen.findByRole('checkbox', { name: p.buildingBlockEmails })
    expect(box).toBeChecked()
    await user.click(box)
    await waitFor(() => expect(choices).toEqual([{ buildingBlockEmails: false }]))
    await waitFor(() => expect(screen.getByRole('checkbox', { name: p.buildingBlockEmails })).not.toBeChecked())
    expect(await screen.findByText('Building-block e-mails switched off.')).toBeInTheDocument()
  })

  it('people outside building-block work see no notification box', async () => {
    profileServer()
    renderApp('/profile/')
    await screen.findByTestId('profile-details')
    expect(screen.queryByRole('checkbox', { name: p.buildingBlockEmails })).not.toBeInTheDocument()
  })

  it('Edit, Cancel and Save: phone digits only, the rules checked, a successful save leaves edit mode', async () => {
    const bodies = profileServer()
    const user = userEvent.setup()
    renderApp('/profile/')
    await user.click(await screen.findByRole('button', { name: p.edit }))
    expect(screen.getByLabelText(p.email)).toHaveAttribute('readonly')
    await user.clear(screen.getByLabelText(p.fullName))
    await user.type(screen.getByLabelText(p.fullName), 'Somebody Else')
    await user.click(screen.getByRole('button', { name: p.cancel }))
    expect(await screen.findByTestId('profile-details')).toHaveTextContent('Thandi Nkosi')

    await user.click(screen.getByRole('button', { name: p.edit }))
    await user.clear(screen.getByLabelText(p.fullName))
    await user.clear(screen.getByLabelText(p.mobile))
    await user.type(screen.getByLabelText(p.mobile), '(083) 555')
    expect(screen.getByLabelText(p.mobile)).toHaveValue('083555')
    await user.click(screen.getByRole('button', { name: p.save }))
    expect(await screen.findByText('Full name is required')).toBeInTheDocument()
    expect(screen.getByText(strings.validation.contactNumberLength)).toBeInTheDocument()
    expect(bodies).toHaveLength(0)

    await user.type(screen.getByLabelText(p.fullName), 'Thandi Grace Nkosi')
    await user.type(screen.getByLabelText(p.mobile), '-1234')
    await user.type(screen.getByLabelText(new RegExp(`^${p.telephone}`)), '041 123 4567')
    await user.click(screen.getByRole('button', { name: p.save }))
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument()
    expect(screen.getByTestId('profile-details')).toHaveTextContent('Thandi Grace Nkosi')
    expect(bodies[0]).toEqual({
      fullName: 'Thandi Grace Nkosi',
      titleId: 3,
      jobRole: 2,
      mobileNumber: '0835551234',
      alternativeNumber: '0411234567',
    })
    await waitFor(() => expect(screen.getByTestId('profile-menu-button')).toHaveTextContent('Thandi Grace Nkosi'))
  })

  it("a refused save shows each error as 'code: description' joined by ' -- '", async () => {
    profileServer(profile, () =>
      HttpResponse.json(
        {
          success: false,
          message: 'Please enter a valid full name -- Please select a valid title',
          errors: [
            { code: 'fullName', description: 'Please enter a valid full name' },
            { code: 'titleId', description: 'Please select a valid title' },
          ],
        },
        { status: 400 },
      ),
    )
    const user = userEvent.setup()
    renderApp('/profile/')
    await user.click(await screen.findByRole('button', { name: p.edit }))
    await user.click(screen.getByRole('button', { name: p.save }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'fullName: Please enter a valid full name -- titleId: Please select a valid title',
    )
    expect(screen.getByLabelText(p.fullName)).toHaveAccessibleDescription('Please enter a valid full name')
    expect(screen.getByRole('button', { name: p.save })).toBeInTheDocument()
  })

  it("an exception shows 'Error updating profile'", async () => {
    profileServer(profile, () => HttpResponse.error())
    const user = userEvent.setup()
    renderApp('/profile/')
    await user.click(await screen.findByRole('button', { name: p.edit }))
    await user.click(screen.getByRole('button', { name: p.save }))
    expect(await screen.findByTestId('form-error')).toHaveTextContent(strings.errors.errorUpdatingProfile)
  })
})
