// The admin screens on the real routes and store against MSW mocks of docs/admin-api.md: the
// guard, the dashboard, the applications list's parameters, the decision screen (permissions,
// the rejection reason, 409), the history, users and groups, and the forms.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { adminStrings } from '../../config/admin-strings'
import { strings } from '../../config/strings'
import { server } from '../../test/mocks/server'
import { adminPermissions, CSRF_TOKEN, organisationPermissions } from '../../test/mocks/auth-fixtures'
import { renderApp } from '../../test/render'
import { adminHandlers, makeDb, requestsTo, sessionWith, type AdminDb } from './test/admin-mocks'

const a = adminStrings
const ALL = adminPermissions
/** WorldOfImpactAdmin alone: may open the console, holds no other action. */
const BARE = [33]
const without = (...ids: number[]) => ALL.filter((id) => !ids.includes(id))

// Whole journeys on a shared two-core machine: allow more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 5_000 })

let db: AdminDb
beforeEach(() => {
  db = makeDb()
  server.use(...adminHandlers(db))
})

function as(permissions: number[]) {
  server.use(sessionWith(permissions))
}

const lastBody = (path: string) => requestsTo(db, path).at(-1)?.body

describe('guard', () => {
  it('sends anonymous visitors of every admin route to the public index', async () => {
    for (const path of [
      '/admin/',
      '/admin/organisations/',
      '/admin/organisations/view/org-101/',
      '/admin/manage-users-groups/create-user',
    ]) {
      const { router, unmount } = renderApp(path)
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
      unmount()
    }
  })
  it('sends a signed-in user without WorldOfImpactAdmin to their own landing', async () => {
    as(organisationPermissions)
    const { router } = renderApp('/admin/organisations/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(requestsTo(db, 'healthcheck/searchOrganisations')).toHaveLength(0)
  })
})

describe('dashboard', () => {
  it('shows both cards, the Manage links with ViewOrganisations, and the users link', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/')
    const organisations = await screen.findByTestId('organisations-card')
    expect(screen.getByRole('heading', { level: 1, name: a.dashboard.title })).toBeInTheDocument()
    expect(within(organisations).getByTestId('in-progress-count')).toHaveTextContent('2')
    expect(organisations).toHaveTextContent(a.dashboard.newApplications)
    expect(organisations).toHaveTextContent(`${a.dashboard.lastUpdated}: 2025-11-20 14:05`)
    // Manage leads somewhere on both cards: the Organisations card's to the applications.
    expect(within(organisations).getByRole('link', { name: a.dashboard.manage })).toHaveAttribute(
      'href',
      '/admin/organisations/',
    )
    const surveys = screen.getByTestId('surveys-card')
    expect(within(surveys).getByRole('link', { name: a.dashboard.manage })).toHaveAttribute(
      'href',
      '/admin/questionnaire/',
    )
    expect(within(surveys).getByRole('progressbar', { name: a.dashboard.participating })).toHaveAttribute(
      'aria-valuetext',
      '0 of 1 approved organisations',
    )
    expect(within(surveys).getByRole('progressbar', { name: a.dashboard.responses })).toHaveAttribute(
      'aria-valuetext',
      '0 of 0 expected responses',
    )
    expect(surveys).toHaveTextContent(`${a.dashboard.lastUpdated}: ${a.dashboard.neverUpdated}`)
    expect(screen.getByRole('link', { name: a.dashboard.manageUsersAndGroups })).toHaveAttribute(
      'href',
      '/admin/manage-users-groups/',
    )
    await user.click(within(organisations).getByRole('link', { name: a.dashboard.viewAllApplications }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organisations/'))
    await screen.findByTestId('applications-table')
  })
  it('hides the Manage links without ViewOrganisations', async () => {
    as(BARE)
    renderApp('/admin/')
    const organisations = await screen.findByTestId('organisations-card')
    expect(within(organisations).queryByText(a.dashboard.manage)).not.toBeInTheDocument()
    expect(within(screen.getByTestId('surveys-card')).queryByText(a.dashboard.manage)).not.toBeInTheDocument()
  })
  it("shows the server's survey figures and the Example data notice only when they include examples", async () => {
    as(ALL)
    db.dashboard = {
      ...db.dashboard,
      healthCheckParticipants: 3,
      approvedOrganisationsCount: 5,
      actualResponses: 7,
      expectedResponses: 20,
      example: true,
    }
    const { unmount } = renderApp('/admin/')
    const surveys = await screen.findByTestId('surveys-card')
    expect(within(surveys).getByRole('progressbar', { name: a.dashboard.participating })).toHaveAttribute(
      'aria-valuetext',
      '3 of 5 approved organisations',
    )
    expect(within(surveys).getByRole('progressbar', { name: a.dashboard.responses })).toHaveAttribute(
      'aria-valuetext',
      '7 of 20 expected responses',
    )
    expect(within(surveys).getByTestId('example-data')).toHaveTextContent(a.dashboard.exampleDataNote)
    unmount()
    db.dashboard = { ...db.dashboard, example: false }
    renderApp('/admin/')
    expect(within(await screen.findByTestId('surveys-card')).queryByTestId('example-data')).not.toBeInTheDocument()
  })
  it('sends the CSRF token with the dashboard POST', async () => {
    as(ALL)
    renderApp('/admin/')
    await screen.findByTestId('organisations-card')
    expect(requestsTo(db, 'healthcheck/getAdminDashboard')[0].csrf).toBe(CSRF_TOKEN)
  })
})

describe('applications list', () => {
  const rows = () =>
    within(screen.getByTestId('applications-table'))
      .getAllByRole('rowheader')
      .map((h) => h.textContent)

  it('defaults to In Progress, A-Z, page 1 of 30; filters, sorts and searches through the request', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/organisations/')
    expect(await screen.findByRole('heading', { level: 1, name: a.applications.title })).toBeInTheDocument()
    await screen.findByTestId('applications-table')
    expect(lastBody('healthcheck/searchOrganisations')).toEqual({
      statusId: 1,
      OrganisationName: '',
      sort: 'asc',
      pageSize: 30,
      pageNumber: 1,
    })
    expect(screen.getByRole('radio', { name: a.applications.inProgress })).toBeChecked()
    expect(rows()).toEqual(['Amandla Shelter', 'Ikhaya Women’s Centre'])
    const table = screen.getByTestId('applications-table')
    for (const column of [
      a.applications.organisationName,
      a.applications.receivedFrom,
      a.applications.receivedOn,
      a.applications.status,
    ]) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument()
    }
    // Received on 2025-11-19T22:30Z is 00:30 the next day in SAST.
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('2025-11-20 00:30')
    expect(within(table).getByRole('link', { name: 'View the application of Amandla Shelter' })).toHaveAttribute(
      'href',
      '/admin/organisations/view/org-102/',
    )
    expect(screen.getByRole('button', { name: a.common.addNew })).toBeDisabled()
    expect(screen.getByRole('link', { name: a.applications.back })).toHaveAttribute('href', '/admin/')

    await user.click(screen.getByRole('radio', { name: a.applications.approved }))
    await waitFor(() => expect(lastBody('healthcheck/searchOrganisations')).toMatchObject({ statusId: 3 }))
    await waitFor(() => expect(rows()).toEqual(['Zenzele Trust']))
    expect(router.state.location.search).toBe('?status=3')

    await user.click(screen.getByRole('radio', { name: a.applications.all }))
    await waitFor(() => expect(lastBody('healthcheck/searchOrganisations')).toMatchObject({ statusId: null }))
    await user.selectOptions(screen.getByLabelText(a.common.sort), a.common.sortDesc)
    await waitFor(() =>
      expect(lastBody('healthcheck/searchOrganisations')).toMatchObject({ statusId: null, sort: 'desc' }),
    )
    await waitFor(() => expect(rows()).toEqual(['Zenzele Trust', 'Ikhaya Women’s Centre', 'Amandla Shelter']))

    const search = screen.getByRole('searchbox', { name: a.applications.searchLabel })
    expect(search).toHaveAttribute('placeholder', a.applications.searchPlaceholder)
    await user.type(search, 'ikhaya')
    await waitFor(() =>
      expect(lastBody('healthcheck/searchOrganisations')).toEqual({
        statusId: null,
        OrganisationName: 'ikhaya',
        sort: 'desc',
        pageSize: 30,
        pageNumber: 1,
      }),
    )
    await waitFor(() => expect(rows()).toEqual(['Ikhaya Women’s Centre']))
    await user.clear(search)
    await user.type(search, 'no such organisation{Enter}')
    expect(await screen.findByText(adminStrings.common.noRecords)).toBeInTheDocument()
  })

  it('keeps its filter in the address so the back arrow of an application returns to it', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/organisations/?status=3')
    await user.click(await screen.findByRole('link', { name: 'View the application of Zenzele Trust' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organisations/view/org-103/'))
    await user.click(await screen.findByRole('link', { name: a.application.back }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=3'))
  })
})

describe('application view', () => {
  it('shows the three sections and the verification history', async () => {
    as(ALL)
    renderApp('/admin/organisations/view/org-101/')
    const personal = await screen.findByTestId('personal-details-list')
    for (const [label, value] of [
      [a.user.titleField, 'Ms'],
      ['Full Name', 'Nomvula Dlamini'],
      ['Email', 'contact-org-101@example.org'],
      ['Phone', '0821234567'],
    ]) {
      expect(personal).toHaveTextContent(`${label}${value}`)
    }
    const organisation = screen.getByTestId('organisation-details-list')
    expect(organisation).toHaveTextContent('Organisation nameIkhaya Women’s Centre')
    expect(organisation).toHaveTextContent('Organisation typeNon-profit organisation')
    expect(organisation).toHaveTextContent('Role in organisationManager')
    const address = screen.getByTestId('organisation-address-list')
    expect(address).toHaveTextContent(
      'Street address12 Govan Mbeki Avenue, Central, Nelson Mandela Bay, Nelson Mandela Bay, Eastern Cape',
    )
    expect(address).toHaveTextContent('Number of members in organisation14')
    expect(address).toHaveTextContent('Organisation verification statusIn Progress2025-11-20 00:30')
    const history = screen.getByTestId('verification-history')
    const event = await within(history).findByTestId('history-event')
    expect(event).toHaveTextContent('Registered by Nomvula Dlamini')
    expect(event).toHaveTextContent('2025-11-20 00:30')
    expect(event).toHaveTextContent('Nomvula Dlamini (nomvula@example.org)')
    expect(event).toHaveTextContent('web')
    // 08:00 UTC is 10:00 in South Africa.
    expect(within(history).getByTestId('history-seal')).toHaveTextContent(
      `${a.history.sealedUpTo} 2026-05-01 10:00 (SAST)`,
    )
    expect(within(history).getByRole('link', { name: a.history.downloadCsv })).toHaveAttribute(
      'href',
      '/api/healthcheck/organisation/org-101/history?format=csv',
    )
  })

  it('shows Approve and Reject only with VerifyOrganisation, and no Approve once approved', async () => {
    as(without(32))
    const first = renderApp('/admin/organisations/view/org-101/')
    await screen.findByTestId('personal-details-list')
    expect(screen.queryByRole('button', { name: a.application.approve })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: a.application.reject })).not.toBeInTheDocument()
    first.unmount()

    as(ALL)
    const second = renderApp('/admin/organisations/view/org-101/')
    expect(await screen.findByRole('button', { name: a.application.approve })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: a.application.reject })).toBeInTheDocument()
    second.unmount()

    renderApp('/admin/organisations/view/org-103/')
    expect(await screen.findByRole('button', { name: a.application.reject })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: a.application.approve })).not.toBeInTheDocument()
  })

  it('approve: sends the displayed status, shows the server message and returns to the list', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/organisations/view/org-102/')
    await user.click(await screen.findByRole('button', { name: a.application.approve }))
    expect(await screen.findByText('Organisation approved.')).toBeInTheDocument()
    expect(screen.getByTestId('toast-success')).toHaveTextContent('Organisation approved.')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organisations/'))
    await screen.findByTestId('applications-table')
    const verify = requestsTo(db, 'healthcheck/verify')[0]
    expect(verify.body).toEqual({
      VerificationStatusId: 3,
      StakeholderId: 'org-102',
      EmailTemplateType: 1,
      RejectedReasons: '',
      ExpectedStatusId: 1,
    })
    expect(verify.csrf).toBe(CSRF_TOKEN)
  })

  it("reject: 'Reason for rejection' with Duplicated Organisation by default; Other needs text, cleared on switching away", async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/organisations/view/org-101/')
    await user.click(await screen.findByRole('button', { name: a.application.reject }))
    const dialog = await screen.findByRole('dialog', { name: adminStrings.reject.title })
    expect(within(dialog).getByRole('radio', { name: adminStrings.reject.duplicated })).toBeChecked()
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('radio', { name: 'Other' }))
    const text = within(dialog).getByRole('textbox', { name: a.reject.otherLabel })
    expect(text).toHaveAttribute('placeholder', a.reject.placeholder)
    await user.click(within(dialog).getByTestId('confirm-reject'))
    expect(await within(dialog).findByText(a.reject.required)).toBeInTheDocument()
    expect(text).toHaveAttribute('aria-invalid', 'true')
    expect(requestsTo(db, 'healthcheck/verify')).toHaveLength(0)

    await user.type(text, 'Not working on GBV')
    await user.click(within(dialog).getByRole('radio', { name: adminStrings.reject.duplicated }))
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }))
    expect(within(dialog).getByRole('textbox', { name: a.reject.otherLabel })).toHaveValue('')

    await user.type(within(dialog).getByRole('textbox', { name: a.reject.otherLabel }), 'Not working on GBV')
    await user.click(within(dialog).getByTestId('confirm-reject'))
    expect(await screen.findByText('Organisation rejected.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organisations/'))
    await screen.findByTestId('applications-table')
    expect(lastBody('healthcheck/verify')).toEqual({
      VerificationStatusId: 2,
      StakeholderId: 'org-101',
      EmailTemplateType: 3,
      RejectedReasons: 'Not working on GBV',
      ExpectedStatusId: 1,
    })
  })

  it('reject as duplicate sends template 2', async () => {
    as(ALL)
    const user = userEvent.setup()
    renderApp('/admin/organisations/view/org-101/')
    await user.click(await screen.findByRole('button', { name: a.application.reject }))
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-reject'))
    await screen.findByText('Organisation rejected.')
    await screen.findByTestId('applications-table')
    expect(lastBody('healthcheck/verify')).toMatchObject({
      VerificationStatusId: 2,
      EmailTemplateType: 2,
      ExpectedStatusId: 1,
    })
  })

  it('409: shows the server message and the state someone else decided', async () => {
    as(ALL)
    const user = userEvent.setup()
    db.conflictNext = 3
    const { router } = renderApp('/admin/organisations/view/org-101/')
    await user.click(await screen.findByRole('button', { name: a.application.approve }))
    const conflict = await screen.findByTestId('decision-conflict')
    expect(conflict).toHaveTextContent('This application was already approved by someone else.')
    expect(screen.getByTestId('toast-error')).toHaveTextContent(
      'This application was already approved by someone else.',
    )
    await waitFor(() => expect(screen.getByTestId('verification-status')).toHaveTextContent('Approved'))
    expect(screen.queryByRole('button', { name: a.application.approve })).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/organisations/view/org-101/')
  })

  it('a refused load shows the message in place of the content', async () => {
    as(ALL)
    server.use(
      http.get('*/api/healthcheck/organisation/:id', () =>
        HttpResponse.json({ success: false, message: a.messages.permissionDenied }, { status: 403 }),
      ),
    )
    renderApp('/admin/organisations/view/org-101/')
    expect(await screen.findByTestId('admin-load-failure')).toHaveTextContent(a.messages.permissionDenied)
  })
})

describe('users and groups', () => {
  it('lists users with their groups, searches by name or e-mail, and switches to groups', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/manage-users-groups/')
    const table = await screen.findByTestId('users-table')
    for (const column of [a.usersGroups.name, a.usersGroups.userGroups, a.usersGroups.emailAddress]) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument()
    }
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['Andile Mokoena', 'Thandi Nkosi'])
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Health Check admin')
    expect(within(table).getByRole('link', { name: 'Manage Thandi Nkosi' })).toHaveAttribute(
      'href',
      '/admin/manage-users-groups/view-user/user-201',
    )

    await user.type(screen.getByRole('searchbox', { name: a.usersGroups.searchUsers }), 'andile@')
    await waitFor(() =>
      expect(
        within(screen.getByTestId('users-table'))
          .getAllByRole('rowheader')
          .map((r) => r.textContent),
      ).toEqual(['Andile Mokoena']),
    )

    await user.click(screen.getByRole('radio', { name: a.usersGroups.groups }))
    const groups = await screen.findByTestId('groups-table')
    expect(
      within(groups)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['Health Check admin', 'Organisation designated person', 'World of Impact admin'])
    await user.selectOptions(screen.getByLabelText(a.common.sort), a.common.sortDesc)
    await waitFor(() =>
      expect(within(screen.getByTestId('groups-table')).getAllByRole('rowheader')[0]).toHaveTextContent(
        'World of Impact admin',
      ),
    )
    await user.type(screen.getByRole('searchbox', { name: a.usersGroups.searchGroups }), 'zzz')
    expect(await screen.findByText(adminStrings.common.noRecords)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: a.usersGroups.addGroup }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage-users-groups/create-group'))
    await screen.findByTestId('group-actions-checkboxes')
  })

  it('Add new opens create user on the Users filter', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/manage-users-groups/')
    await user.click(await screen.findByRole('button', { name: a.usersGroups.addUser }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage-users-groups/create-user'))
    const form = await screen.findByTestId('user-form')
    await waitFor(() =>
      expect(within(form).getByLabelText(a.user.company).querySelectorAll('option').length).toBeGreaterThan(1),
    )
    await within(form).findByRole('checkbox', { name: 'Health Check admin' })
    await waitFor(() => expect(screen.queryByTestId('admin-loading-overlay')).not.toBeInTheDocument())
  })

  it('view user: the details, municipalities four per row, Delete with confirmation', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/manage-users-groups/view-user/user-201')
    const details = await screen.findByTestId('user-details')
    for (const [label, value] of [
      [a.user.titleField, 'Ms'],
      [a.user.fullName, 'Thandi Nkosi'],
      [a.user.telephone, '0411234567'],
      [a.user.mobile, '0821234567'],
      [a.user.email, 'thandi@example.org'],
      [a.user.company, 'Ikhaya Women’s Centre'],
      [a.user.role, 'Manager'],
      [a.user.groups, 'Health Check admin'],
    ]) {
      await waitFor(() => expect(details).toHaveTextContent(`${label}${value}`))
    }
    const municipalities = screen.getByTestId('user-municipalities-table')
    const rowsOf = within(municipalities).getAllByRole('row')
    expect(rowsOf.map((r) => within(r).getAllByRole('cell').length)).toEqual([4, 1])
    expect(rowsOf[0]).toHaveTextContent('Buffalo City')
    expect(screen.getByRole('button', { name: a.common.edit })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: a.common.delete }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(
      'Would you like to delete this User? If you choose to delete, you will not be able to undo this action.',
    )
    await user.click(within(dialog).getByRole('button', { name: a.common.cancel }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(requestsTo(db, 'security/deleteUser')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: a.common.delete }))
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-delete'))
    expect(await screen.findByText('User deleted.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage-users-groups/'))
    await screen.findByTestId('users-table')
    expect(requestsTo(db, 'security/deleteUser')[0]).toMatchObject({
      method: 'DELETE',
      path: 'security/deleteUser?stakeholderId=user-201',
      csrf: CSRF_TOKEN,
    })
  })

  it('view user: Erase personal data asks first, then erases through the API (POPIA)', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/manage-users-groups/view-user/user-201')
    await screen.findByTestId('user-details')
    await user.click(screen.getByRole('button', { name: a.user.erase }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(a.user.eraseQuestion)
    await user.click(within(dialog).getByRole('button', { name: a.common.cancel }))
    expect(requestsTo(db, 'security/eraseUser')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: a.user.erase }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: a.user.eraseConfirm }))
    expect(await screen.findByText(adminStrings.user.erased)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage-users-groups/'))
    expect(requestsTo(db, 'security/eraseUser')[0]).toMatchObject({
      method: 'POST',
      path: 'security/eraseUser?stakeholderId=user-201',
      csrf: CSRF_TOKEN,
    })
  })

  it('view user: Delete needs DeleteUser and Edit needs SetGroupMember; no municipalities for others', async () => {
    as(without(36, 5))
    renderApp('/admin/manage-users-groups/view-user/user-202')
    await screen.findByTestId('user-details')
    expect(screen.getByRole('button', { name: a.common.cancel })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: a.common.delete })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: a.user.erase })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: a.common.edit })).not.toBeInTheDocument()
    expect(screen.queryByTestId('user-municipalities-table')).not.toBeInTheDocument()
  })

  it('view group: actions four per row; Delete needs DeleteGroup, Edit needs UpdateGroup', async () => {
    as(ALL)
    const first = renderApp('/admin/manage-users-groups/view-group/1')
    const table = await screen.findByTestId('group-actions-table')
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => within(r).getAllByRole('cell').length),
    ).toEqual([4, 4, 4])
    expect(screen.getByTestId('group-details')).toHaveTextContent('Group nameWorld of Impact admin')
    expect(screen.getByRole('button', { name: a.common.delete })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: a.common.edit })).toBeInTheDocument()
    first.unmount()

    as(without(7, 8))
    renderApp('/admin/manage-users-groups/view-group/2')
    await screen.findByTestId('group-actions-table')
    expect(screen.queryByRole('button', { name: a.common.delete })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: a.common.edit })).not.toBeInTheDocument()
  })

  it('delete group asks with the Group wording', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/manage-users-groups/view-group/4')
    await user.click(await screen.findByRole('button', { name: a.common.delete }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(
      'Would you like to delete this Group? If you choose to delete, you will not be able to undo this action.',
    )
    await user.click(within(dialog).getByTestId('confirm-delete'))
    await screen.findByText('Group deleted.')
    await waitFor(() => expect(router.state.location.search).toBe('?show=groups'))
    await screen.findByTestId('groups-table')
    expect(requestsTo(db, 'security/deleteGroup')[0].path).toBe('security/deleteGroup?groupId=4')
  })

  it('edit group: the name is read-only; Save sends the added and the removed actions', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/manage-users-groups/edit-group/2')
    const name = await screen.findByLabelText(a.group.name)
    expect(name).toHaveValue('Health Check admin')
    expect(name).toHaveAttribute('readonly')
    const boxes = screen.getByTestId('group-actions-checkboxes')
    expect(
      within(boxes)
        .getAllByRole('row')
        .map((r) => within(r).getAllByRole('cell').length),
    ).toEqual([4, 4, 4])
    expect(within(boxes).getByRole('checkbox', { name: 'Verify organisation' })).toBeChecked()
    await user.click(within(boxes).getByRole('checkbox', { name: 'Log into system' }))
    await user.click(within(boxes).getByRole('checkbox', { name: 'Add group action' }))
    await user.click(within(boxes).getByRole('checkbox', { name: 'Create group' }))
    await user.click(screen.getByRole('button', { name: a.common.save }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage-users-groups/view-group/2'))
    expect(requestsTo(db, 'security/addGroupActions').map((r) => r.body)).toEqual([{ GroupId: 2, UserActions: [6, 9] }])
    expect(requestsTo(db, 'security/deleteGroupActions').map((r) => r.body)).toEqual([
      { GroupId: 2, UserActions: [12] },
    ])
    expect(requestsTo(db, 'security/deleteGroupActions')[0]).toMatchObject({ method: 'DELETE', csrf: CSRF_TOKEN })
    expect(await screen.findByText('Actions added. Actions removed.')).toBeInTheDocument()
    await screen.findByTestId('group-actions-table')
  })

  it('edit group: Save needs UpdateGroup', async () => {
    as(without(7))
    renderApp('/admin/manage-users-groups/edit-group/2')
    await screen.findByTestId('group-actions-checkboxes')
    expect(screen.queryByRole('button', { name: a.common.save })).not.toBeInTheDocument()
  })

  it('edit group: without AddGroupAction nothing can be ticked, without DeleteGroupAction nothing held can be cleared', async () => {
    as(without(9))
    const first = renderApp('/admin/manage-users-groups/edit-group/2')
    const boxes = await screen.findByTestId('group-actions-checkboxes')
    expect(within(boxes).getByRole('checkbox', { name: 'Create group' })).toBeDisabled()
    expect(within(boxes).getByRole('checkbox', { name: 'Verify organisation' })).toBeEnabled()
    first.unmount()
    as(without(10))
    renderApp('/admin/manage-users-groups/edit-group/2')
    const again = await screen.findByTestId('group-actions-checkboxes')
    await waitFor(() => expect(within(again).getByRole('checkbox', { name: 'Verify organisation' })).toBeDisabled())
    expect(within(again).getByRole('checkbox', { name: 'Create group' })).toBeEnabled()
  })

  it('create group: Save needs CreateGroup', async () => {
    as(without(6))
    renderApp('/admin/manage-users-groups/create-group')
    await screen.findByTestId('group-actions-checkboxes')
    expect(screen.queryByRole('button', { name: a.common.save })).not.toBeInTheDocument()
  })

  it("create group: 'Enter a group name', required; Save sends the name and the ticked actions", async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/manage-users-groups/create-group')
    const name = await screen.findByPlaceholderText(adminStrings.group.namePlaceholder)
    await user.click(
      within(screen.getByTestId('group-actions-checkboxes')).getByRole('checkbox', { name: 'View organisations' }),
    )
    await user.click(screen.getByRole('button', { name: a.common.save }))
    expect(await screen.findByText(a.group.nameRequired)).toBeInTheDocument()
    expect(requestsTo(db, 'security/AddGroup')).toHaveLength(0)
    await user.type(name, 'Auditors')
    await user.click(
      within(screen.getByTestId('group-actions-checkboxes')).getByRole('checkbox', { name: 'Log into system' }),
    )
    await user.click(screen.getByRole('button', { name: a.common.save }))
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/view-group\/\d+$/))
    expect(lastBody('security/AddGroup')).toEqual({ GroupName: 'Auditors', UserActions: [12, 31] })
    expect(await screen.findByTestId('group-details')).toHaveTextContent('Group nameAuditors')
  })

  it('create user: errors under the fields; the coordinator picks municipalities; server errors joined by " -- "', async () => {
    as(ALL)
    const user = userEvent.setup()
    renderApp('/admin/manage-users-groups/create-user')
    const form = await screen.findByTestId('user-form')
    await waitFor(() =>
      expect(within(form).getByLabelText(a.user.company).querySelectorAll('option').length).toBeGreaterThan(1),
    )
    await user.click(within(form).getByRole('button', { name: a.common.save }))
    for (const message of [
      a.user.titleRequired,
      strings.validation.required('Full name'),
      strings.validation.emailRequired,
      a.user.companyRequired,
      a.user.roleRequired,
      a.user.groupRequired,
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument()
    }
    expect(within(form).getByLabelText(a.user.fullName)).toHaveAttribute('aria-invalid', 'true')
    expect(requestsTo(db, 'security/createNewUser')).toHaveLength(0)

    expect(within(form).queryByRole('group', { name: /Assigned locations: Municipalities/ })).not.toBeInTheDocument()
    await user.click(within(form).getByRole('checkbox', { name: a.user.buildingBlockCoordinator }))
    const municipalities = within(form).getByRole('group', { name: /Assigned locations: Municipalities/ })
    await user.type(within(municipalities).getByRole('searchbox'), 'mid')
    await user.click(within(municipalities).getByRole('checkbox', { name: 'Midvaal' }))

    await user.selectOptions(within(form).getByLabelText(a.user.titleField), 'Dr')
    await user.type(within(form).getByLabelText(a.user.fullName), 'Andile Mokoena')
    await user.type(within(form).getByLabelText(a.user.email), 'andile@example.org')
    await user.type(within(form).getByLabelText(/Mobile number/), '082 555 1234')
    await user.selectOptions(within(form).getByLabelText(a.user.company), 'Thuthuzela Care')
    await user.selectOptions(within(form).getByLabelText(a.user.role), 'Social worker')
    await user.click(
      within(within(form).getByTestId('groups-select')).getByRole('checkbox', { name: 'Health Check admin' }),
    )
    await user.click(within(form).getByRole('button', { name: a.common.save }))

    const toast = await screen.findByTestId('toast-error')
    expect(toast).toHaveTextContent('A user with this email address already exists. -- Group 99 does not exist.')
    expect(within(form).getByText('A user with this email address already exists.')).toBeInTheDocument()
    expect(lastBody('security/createNewUser')).toEqual({
      titleId: 5,
      name: 'Andile Mokoena',
      roleId: 4,
      companyId: 'org-501',
      groupIds: [2],
      contacts: [
        { contactTypeId: 1, detail: 'andile@example.org' },
        { contactTypeId: 2, detail: '0825551234' },
      ],
      stakeholderRelationships: [{ stakeholderRelationshipTypeId: 6, municipalityId: 901, provinceId: null }],
    })
  })

  it('edit user: the e-mail is read-only and Save sends PUT editUserDetails for the user', async () => {
    as(ALL)
    const user = userEvent.setup()
    const { router } = renderApp('/admin/manage-users-groups/edit-user/user-202')
    const form = await screen.findByTestId('user-form')
    await waitFor(() => expect(within(form).getByLabelText(a.user.fullName)).toHaveValue('Andile Mokoena'))
    expect(within(form).getByLabelText(a.user.email)).toHaveAttribute('readonly')
    await user.click(within(form).getByRole('checkbox', { name: a.user.contactPerson }))
    await user.clear(within(form).getByLabelText(a.user.fullName))
    await user.type(within(form).getByLabelText(a.user.fullName), 'Andile M Mokoena')
    await user.click(within(form).getByRole('button', { name: a.common.save }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage-users-groups/view-user/user-202'))
    const put = requestsTo(db, 'security/editUserDetails')[0]
    expect(put).toMatchObject({
      method: 'PUT',
      path: 'security/editUserDetails?stakeholderId=user-202',
      csrf: CSRF_TOKEN,
    })
    expect(put.body).toMatchObject({
      name: 'Andile M Mokoena',
      stakeholderRelationships: [{ stakeholderRelationshipTypeId: 1, municipalityId: null, provinceId: null }],
    })
    expect(await screen.findByText('User updated.')).toBeInTheDocument()
    await screen.findByTestId('user-details')
  })
})
