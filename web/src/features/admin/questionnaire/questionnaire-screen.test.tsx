// The questionnaire manager (admin spec section 2) on the real routes and store against MSW
// mocks of the health-check calls: groups and cards, the card filter, the empty and failed
// states, link generation with the section 5 input rules and the section 8 messages, copying,
// and the SetSurveyEffectiveDate gate. Also the dashboard's Surveys card figures.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { adminStrings } from '../../../config/admin-strings'
import { server } from '../../../test/mocks/server'
import { adminPermissions, CSRF_TOKEN } from '../../../test/mocks/auth-fixtures'
import { renderApp } from '../../../test/render'
import { adminHandlers, makeDb, requestsTo, sessionWith, type AdminDb } from '../test/admin-mocks'

const a = adminStrings
const q = adminStrings.questionnaire
const PATH = '/admin/questionnaire/'

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

const cards = () => screen.getAllByTestId('survey-card')
const cardOf = (title: string) => cards().find((c) => within(c).queryByRole('button', { name: title }))!

describe('survey cards', () => {
  it('groups the surveys into Staff and Students with headings, and shows each card', async () => {
    as(adminPermissions)
    renderApp(PATH)
    expect(await screen.findByRole('heading', { level: 1, name: q.title })).toBeInTheDocument()
    const staff = await screen.findByTestId('survey-group-staff')
    expect(within(staff).getByRole('heading', { level: 2 })).toHaveTextContent('Staff surveys')
    expect(within(screen.getByTestId('survey-group-students')).getByRole('heading', { level: 2 })).toHaveTextContent('Students survey')
    // Active before expired within a group.
    expect(within(staff).getAllByRole('heading', { level: 3 }).map((h) => h.textContent))
      .toEqual(['Staff health check 2026 (version 1)', 'Staff health check 2025 (version 0)'])

    const current = cardOf('Staff health check 2026 (version 1)')
    expect(current).toHaveTextContent(`${q.publishedOn}2026-01-01`)
    expect(within(current).getByTestId('survey-status')).toHaveTextContent(q.active)
    expect(within(current).getByRole('progressbar', { name: q.organisations })).toHaveAttribute('aria-valuetext', '1 of 4 registered organisations')
    expect(within(current).getByRole('progressbar', { name: q.organisations })).toHaveAttribute('aria-valuenow', '25')
    expect(within(current).getByRole('progressbar', { name: q.completed })).toHaveAttribute('aria-valuetext', '6 of 20 expected responses')
    expect(within(current).queryByTestId('example-data')).not.toBeInTheDocument()
    // No invite code yet: no Preview.
    expect(within(current).queryByRole('link', { name: /Preview/ })).not.toBeInTheDocument()

    const old = cardOf('Staff health check 2025 (version 0)')
    expect(within(old).getByTestId('survey-status')).toHaveTextContent(q.expired)
    expect(within(old).getByTestId('example-data')).toHaveTextContent(q.exampleData)
  })

  it('filters to the chosen survey across Staff and Students, and View previous questionnaires shows all again', async () => {
    as(adminPermissions)
    const user = userEvent.setup()
    const { router } = renderApp(PATH)
    await screen.findByTestId('survey-group-staff')
    expect(cards()).toHaveLength(3)
    expect(screen.queryByRole('link', { name: q.viewPrevious })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Students health check 2026 (version 1)' }))
    await waitFor(() => expect(cards()).toHaveLength(2))
    expect(router.state.location.search).toBe('?survey=health+check+2026+%28version+1%29')
    expect(cards().map((c) => c.dataset.survey)).toEqual(['staff-v1', 'students-v1'])
    expect(within(screen.getByTestId('survey-group-staff')).getByRole('heading', { level: 2 })).toHaveTextContent('Staff survey')
    await user.click(screen.getByRole('link', { name: q.viewPrevious }))
    await waitFor(() => expect(cards()).toHaveLength(3))
    expect(router.state.location.search).toBe('')
  })

  it('says No surveys available for an empty list', async () => {
    as(adminPermissions)
    db.surveys = []
    renderApp(PATH)
    expect(await screen.findByTestId('no-surveys')).toHaveTextContent(q.noSurveys)
  })

  it("shows 'Error loading data:' with the message when the list fails", async () => {
    as(adminPermissions)
    server.use(http.get('*/api/healthcheck/getSummarisedHealthCheck', () => HttpResponse.json({ success: false, message: a.messages.permissionDenied }, { status: 403 })))
    renderApp(PATH)
    expect(await screen.findByTestId('admin-load-failure')).toHaveTextContent(`Error loading data: ${a.messages.permissionDenied}`)
    expect(screen.queryByTestId('survey-card')).not.toBeInTheDocument()
  })
})

describe('link generation', () => {
  async function openForm() {
    const user = userEvent.setup()
    const view = renderApp(PATH)
    const panel = await screen.findByTestId('link-generator')
    // The approved organisation and the active questionnaires arrive.
    await within(panel).findByRole('option', { name: 'Zenzele Trust' })
    await within(panel).findByRole('option', { name: 'Staff health check 2026 (version 1)' })
    return { user, panel, ...view }
  }

  it('sends the choice with the CSRF token, shows the success toast and the link, copies it, and offers Preview', async () => {
    as(adminPermissions)
    const { user, panel } = await openForm()
    // Only approved organisations and active questionnaires are offered.
    expect(within(panel).queryByRole('option', { name: 'Amandla Shelter' })).not.toBeInTheDocument()
    expect(within(panel).queryByRole('option', { name: 'Staff health check 2025 (version 0)' })).not.toBeInTheDocument()
    expect(requestsTo(db, 'healthcheck/searchOrganisations').at(-1)?.body).toMatchObject({ statusId: 3 })

    await user.selectOptions(within(panel).getByLabelText(q.organisation), 'Zenzele Trust')
    await user.type(within(panel).getByLabelText(q.expectedResponses), '12')
    await user.click(within(panel).getByRole('button', { name: q.generate }))

    expect(await screen.findByTestId('toast-success')).toHaveTextContent(q.generated)
    const sent = requestsTo(db, 'healthcheck/inviteCode')
    expect(sent).toHaveLength(1)
    expect(sent[0].csrf).toBe(CSRF_TOKEN)
    expect(sent[0].body).toMatchObject({ QuestionnaireId: 'staff-v1', ExpectedResponses: 12, OrganisationId: 'org-103' })
    expect(Number.isNaN(Date.parse((sent[0].body as { EffectiveFrom: string }).EffectiveFrom))).toBe(false)

    const link = within(screen.getByTestId('generated-link')).getByLabelText(q.surveyLink)
    const url = 'https://gbvf.example.org/Questionnaire/SurveyQuestions?inviteCode=code-org-103-staff-v1'
    expect(link).toHaveValue(url)
    expect(screen.getByTestId('generated-link')).toHaveTextContent('Link for Zenzele Trust, Staff health check 2026 (version 1)')
    await user.click(within(screen.getByTestId('generated-link')).getByRole('button', { name: q.copy }))
    await waitFor(() => expect(screen.getAllByTestId('toast-success').map((t) => t.textContent)).toContain(q.copied))
    expect(await navigator.clipboard.readText()).toBe(url)

    // The card now has a Preview of that link and the new expected responses.
    const card = cardOf('Staff health check 2026 (version 1)')
    expect(await within(card).findByRole('link', { name: 'Preview Staff health check 2026 (version 1)' }))
      .toHaveAttribute('href', '/Questionnaire/SurveyQuestions?inviteCode=code-org-103-staff-v1&Preview=true')
    await waitFor(() => expect(within(cardOf('Staff health check 2026 (version 1)')).getByRole('progressbar', { name: q.completed }))
      .toHaveAttribute('aria-valuetext', '6 of 32 expected responses'))
  })

  it('blocks e, E, +, -, dot and comma in expected responses and refuses less than 1 without asking the server', async () => {
    as(adminPermissions)
    const { user, panel } = await openForm()
    const expected = within(panel).getByLabelText(q.expectedResponses)
    await user.type(expected, 'eE+-.,')
    expect(expected).toHaveValue(null)
    await user.type(expected, '1e2')
    expect(expected).toHaveValue(12)
    await user.clear(expected)
    await user.selectOptions(within(panel).getByLabelText(q.organisation), 'Zenzele Trust')
    await user.click(within(panel).getByRole('button', { name: q.generate }))
    expect(await within(panel).findByTestId('error-expected')).toHaveTextContent(q.expectedResponsesInvalid)
    expect(expected).toHaveAttribute('aria-invalid', 'true')
    await user.type(expected, '0')
    await user.click(within(panel).getByRole('button', { name: q.generate }))
    expect(within(panel).getByTestId('error-expected')).toHaveTextContent(q.expectedResponsesInvalid)
    expect(requestsTo(db, 'healthcheck/inviteCode')).toHaveLength(0)
  })

  it('requires an organisation', async () => {
    as(adminPermissions)
    const { user, panel } = await openForm()
    await user.type(within(panel).getByLabelText(q.expectedResponses), '5')
    await user.click(within(panel).getByRole('button', { name: q.generate }))
    expect(await within(panel).findByTestId('error-organisation')).toHaveTextContent(q.organisationRequired)
    expect(requestsTo(db, 'healthcheck/inviteCode')).toHaveLength(0)
  })

  it("shows 'Unable to generate link' with the server's reason when the server refuses", async () => {
    as(adminPermissions)
    const reason = 'The Students survey is offered only to higher education institutions (organisation type 4).'
    server.use(http.post('*/api/healthcheck/inviteCode', () => HttpResponse.json(
      { success: false, message: reason, errors: [{ code: 'QuestionnaireId', description: reason }] }, { status: 400 })))
    const { user, panel } = await openForm()
    await user.selectOptions(within(panel).getByLabelText(q.organisation), 'Zenzele Trust')
    await user.selectOptions(within(panel).getByLabelText(q.questionnaire), 'Students health check 2026 (version 1)')
    expect(panel).toHaveTextContent(q.studentsOnly)
    await user.type(within(panel).getByLabelText(q.expectedResponses), '3')
    await user.click(within(panel).getByRole('button', { name: q.generate }))
    expect(await screen.findByTestId('toast-error')).toHaveTextContent(q.failed)
    expect(within(panel).getByTestId('link-failure')).toHaveTextContent(`${q.failed}: ${reason}`)
    expect(screen.queryByTestId('generated-link')).not.toBeInTheDocument()
  })

  it('shows the permission message when the server answers 403', async () => {
    as(adminPermissions)
    server.use(http.post('*/api/healthcheck/inviteCode', () => HttpResponse.json({ success: false, message: a.messages.permissionDenied }, { status: 403 })))
    const { user, panel } = await openForm()
    await user.selectOptions(within(panel).getByLabelText(q.organisation), 'Zenzele Trust')
    await user.type(within(panel).getByLabelText(q.expectedResponses), '3')
    await user.click(within(panel).getByRole('button', { name: q.generate }))
    expect(await screen.findByTestId('toast-error')).toHaveTextContent(a.messages.permissionDenied)
  })

  it('without SetSurveyEffectiveDate shows the permission message and asks for no questionnaires', async () => {
    as(adminPermissions.filter((id) => id !== 25))
    renderApp(PATH)
    const panel = await screen.findByTestId('link-generator')
    expect(within(panel).getByRole('alert')).toHaveTextContent(a.messages.permissionDenied)
    expect(within(panel).queryByRole('button', { name: q.generate })).not.toBeInTheDocument()
    await screen.findByTestId('survey-group-staff')
    expect(requestsTo(db, 'healthcheck/getActiveQuestionnaires')).toHaveLength(0)
    expect(requestsTo(db, 'healthcheck/searchOrganisations')).toHaveLength(0)
  })
})

describe('admin dashboard Surveys card', () => {
  it("shows the server's figures, the Example data notice when they include examples, and Manage to the questionnaire manager", async () => {
    as(adminPermissions)
    db.dashboard = { ...db.dashboard, healthCheckParticipants: 3, approvedOrganisationsCount: 5, actualResponses: 7, expectedResponses: 20, example: true }
    const user = userEvent.setup()
    const { router } = renderApp('/admin/')
    const surveys = await screen.findByTestId('surveys-card')
    expect(within(surveys).getByRole('progressbar', { name: a.dashboard.participating })).toHaveAttribute('aria-valuetext', '3 of 5 approved organisations')
    expect(within(surveys).getByRole('progressbar', { name: a.dashboard.responses })).toHaveAttribute('aria-valuetext', '7 of 20 expected responses')
    expect(within(surveys).getByTestId('example-data')).toHaveTextContent(a.dashboard.exampleDataNote)
    await user.click(within(surveys).getByRole('link', { name: a.dashboard.manage }))
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH))
    await screen.findByTestId('survey-group-staff')
  })
  it('has no Example data notice for real figures', async () => {
    as(adminPermissions)
    renderApp('/admin/')
    const surveys = await screen.findByTestId('surveys-card')
    expect(within(surveys).queryByTestId('example-data')).not.toBeInTheDocument()
  })
})
