// The questionnaire manager on the real route and store against MSW mocks: cards grouped into
// Staff and Students with status and progress, filtering by a card, the Preview link, the
// expected-responses rule, link generation with the specification's messages, the copy, and the
// permission that hides generation.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { adminStrings } from '../../../config/admin-strings'
import { server } from '../../../test/mocks/server'
import { adminPermissions } from '../../../test/mocks/auth-fixtures'
import { renderApp } from '../../../test/render'
import { adminHandlers, makeDb, sessionWith } from '../test/admin-mocks'
import type { QuestionnaireSummary } from '../../../api/generated'

vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 5_000 })

const q = adminStrings.questionnaire

const SURVEYS: QuestionnaireSummary[] = [
  {
    healthCheckId: 'staff-v1',
    questionnaireId: 'staff-v1',
    questionnaireDescription: 'Staff health check 2026 (version 1)',
    questionnaireTypeId: 1,
    questionnaireType: 'Staff',
    effectiveFrom: '2026-01-01T00:00:00Z',
    effectiveTo: '2027-12-31T23:59:59Z',
    inviteCode: 'abc123',
    isCurrent: true,
    totalActualResponses: 6,
    totalExpectedResponses: 8,
    totalOrganisations: 4,
    totalParticipatedOrganisations: 1,
    example: true,
  },
  {
    healthCheckId: 'students-v1',
    questionnaireId: 'students-v1',
    questionnaireDescription: 'Students health check 2026 (version 1)',
    questionnaireTypeId: 2,
    questionnaireType: 'Students',
    effectiveFrom: '2026-01-01T00:00:00Z',
    effectiveTo: '2026-03-31T23:59:59Z',
    inviteCode: null,
    isCurrent: false,
    totalActualResponses: 0,
    totalExpectedResponses: 0,
    totalOrganisations: 1,
    totalParticipatedOrganisations: 0,
    example: false,
  },
]

let inviteBodies: unknown[]
beforeEach(() => {
  inviteBodies = []
  const db = makeDb()
  db.organisations[0].verificationStatusId = 3
  server.use(
    ...adminHandlers(db),
    http.get('*/api/healthcheck/getSummarisedHealthCheck', () => HttpResponse.json({ success: true, data: SURVEYS })),
    http.post('*/api/healthcheck/inviteCode', async ({ request }) => {
      const body = (await request.json()) as { ExpectedResponses: number }
      inviteBodies.push(body)
      if (body.ExpectedResponses > 100) {
        return HttpResponse.json({ success: false, message: 'The organisation must be approved.' }, { status: 400 })
      }
      return HttpResponse.json({
        success: true,
        message: 'Survey link generated successfully',
        url: 'http://127.0.0.1:8080/Questionnaire/SurveyQuestions?inviteCode=xyz',
        inviteCode: 'xyz',
        healthCheckId: 'hc-1',
      })
    }),
  )
})

describe('questionnaire manager', () => {
  it('groups the cards, shows status, progress, Preview and the example notice', async () => {
    server.use(sessionWith(adminPermissions))
    renderApp('/admin/questionnaire/')
    expect(await screen.findByRole('heading', { level: 2, name: 'Staff survey' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Students survey' })).toBeInTheDocument()
    const cards = screen.getAllByTestId('survey-card')
    expect(cards).toHaveLength(2)
    expect(cards[0]).toHaveTextContent('Active')
    expect(cards[0]).toHaveTextContent(`${q.organisations}: 1 of 4`)
    expect(cards[0]).toHaveTextContent(`${q.responses}: 6 of 8`)
    expect(within(cards[0]).getByRole('link', { name: /Preview/ })).toHaveAttribute(
      'href',
      '/Questionnaire/SurveyQuestions?inviteCode=abc123&Preview=true',
    )
    expect(cards[1]).toHaveTextContent('Expired')
    expect(within(cards[1]).queryByRole('link', { name: /Preview/ })).toBeNull()
    expect(screen.getByRole('note')).toHaveTextContent(q.example)
  })

  it('filters to a clicked survey, checks expected responses and generates and copies a link', async () => {
    server.use(sessionWith(adminPermissions))
    const user = userEvent.setup()
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderApp('/admin/questionnaire/')
    await user.click(await screen.findByRole('button', { name: 'Staff health check 2026 (version 1)' }))
    expect(screen.getAllByTestId('survey-card')).toHaveLength(1)
    expect(screen.getByRole('button', { name: q.previous })).toBeInTheDocument()
    await user.selectOptions(await screen.findByLabelText(q.organisation), 'Ikhaya Women’s Centre')
    const expected = screen.getByLabelText(q.expected)
    // Section 5: e, E, +, -, dot and comma never reach the field.
    await user.type(expected, 'e2.5,-+E')
    expect(expected).toHaveValue('25')
    await user.clear(expected)
    await user.type(expected, '0')
    await user.click(screen.getByRole('button', { name: q.generate }))
    expect(await screen.findByText('Expected responses must be a whole number of at least 1.')).toBeInTheDocument()
    expect(inviteBodies).toHaveLength(0)
    await user.clear(expected)
    await user.type(expected, '12')
    await user.click(screen.getByRole('button', { name: q.generate }))
    expect(await screen.findByText(q.generated)).toBeInTheDocument()
    expect(inviteBodies).toEqual([{ QuestionnaireId: 'staff-v1', ExpectedResponses: 12, OrganisationId: 'org-101' }])
    expect(screen.getByLabelText(q.linkLabel)).toHaveValue(
      'http://127.0.0.1:8080/Questionnaire/SurveyQuestions?inviteCode=xyz',
    )
    await user.click(screen.getByRole('button', { name: q.copy }))
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:8080/Questionnaire/SurveyQuestions?inviteCode=xyz'),
    )
    expect(await screen.findByText(q.copied)).toBeInTheDocument()
    // A refusal: Unable to generate link, with the server's reason.
    await user.clear(expected)
    await user.type(expected, '500')
    await user.click(screen.getByRole('button', { name: q.generate }))
    expect(await screen.findByText(q.unable)).toBeInTheDocument()
    expect(screen.getByText('The organisation must be approved.')).toBeInTheDocument()
  })

  it('offers no link generation without SetSurveyEffectiveDate, and says when nothing is there', async () => {
    server.use(sessionWith(adminPermissions.filter((a) => a !== 25)))
    const user = userEvent.setup()
    const { unmount } = renderApp('/admin/questionnaire/')
    await user.click(await screen.findByRole('button', { name: 'Staff health check 2026 (version 1)' }))
    expect(screen.queryByRole('button', { name: q.generate })).toBeNull()
    unmount()
    server.use(
      http.get('*/api/healthcheck/getSummarisedHealthCheck', () => HttpResponse.json({ success: true, data: [] })),
    )
    renderApp('/admin/questionnaire/')
    expect(await screen.findByText(q.empty)).toBeInTheDocument()
  })
})
