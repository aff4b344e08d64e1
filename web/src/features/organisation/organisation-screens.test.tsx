// The organisation dashboard and results view on the real routes and store against MSW mocks
// shaped like api/src/http/health_check/ answers: the guard, the heading, audiences (Students
// only for type 4) and reloading, the default period, progress, preview and results links, the
// maturity figures and demographic cards, the privacy threshold, the survey link controls by
// permission, link generation, and the results view's grouping, heading and failures.
import { hcStrings } from './health-check-strings'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { server } from '../../test/mocks/server'
import { organisationPermissions, signedIn } from '../../test/mocks/auth-fixtures'
import { renderApp } from '../../test/render'
import type { OrganisationHealthChecks } from './health-check-api'
import type { CategoryResult, OrganisationHealthCheck, OrganisationalResult, QuestionResult } from '../../api/generated'

vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 5_000 })

const TOO_FEW = "Results are shown once at least 5 people have responded, to protect respondents' anonymity."
const harm = ['Often', 'Sometimes', 'Rarely', 'Never']
const agree = ['Strongly disagree', 'Disagree', 'Agree', 'Strongly agree']
const policy = ['We do not have this', "I don't know", 'It exists and is known']

function q(id: string, labels: string[], shares: number[], visualizeTypeId = 4, respondents = 6): QuestionResult {
  return {
    questionId: id,
    description: `Question ${id}`,
    questionTypeId: 3,
    questionType: 'SingleChoice',
    visualizeTypeId,
    visualizeTypeDescription: 'StackedBar',
    respondents,
    answers: labels.map((description, i) => ({
      possibleAnswerId: i + 1,
      description,
      distributionValue: shares[i] ?? 0,
      suppressed: false,
      score: i,
    })),
    palette: labels.map((description, i) => ({
      id: i + 1,
      description,
      percentage: String(shares[i] ?? 0),
      color: '#2E539D',
    })),
  }
}

function cat(id: number, description: string, score: number | null, questions: QuestionResult[]): CategoryResult {
  return { questionCategoryId: id, description, isInDashboard: true, categoryScore: score, questions }
}

const demographic = cat(5, 'Demographic', null, [
  q('D1', ['Woman', 'Man', 'Non-binary', 'Prefer not to say'], [50, 33.33, 0, 16.67], 1),
  q('D2', ['Black African', 'Coloured', 'White'], [66.67, 16.67, 16.67], 3),
  q('D3', ['Top or senior management', 'Semi-skilled or unskilled'], [33.33, 66.67], 2),
])
const scored = [
  cat(3, 'Policies', 61.11, [q('P1', policy, [0, 33.33, 66.67]), q('P2', policy, [50, 50, 0])]),
  cat(2, 'Practices', 44.44, [q('R1', policy, [16.67, 16.67, 66.67])]),
  cat(1, 'Behaviours', 72.22, [
    q('B1', harm, [0, 16.67, 33.33, 50]),
    q('B4', agree, [0, 0, 50, 50]),
    q('B2', harm, [0, 0, 0, 100]),
  ]),
]

function period(over: Partial<OrganisationHealthCheck> = {}): OrganisationHealthCheck {
  return {
    healthCheckId: 'hc-org1-staff-v1-2026Q4',
    questionnaire: 'Staff health check 2026 (version 1) — 2026 Q4',
    questionnaireId: 'staff-v1',
    questionnaireVersion: 1,
    questionnaireType: 'Staff',
    questionnaireTypeId: 1,
    isCurrent: true,
    effectiveFrom: '2026-11-23T07:00:00Z',
    effectiveTo: '2026-12-31T23:59:59Z',
    inviteCode: 'code123',
    url: 'http://127.0.0.1/Questionnaire/SurveyQuestions?inviteCode=code123',
    shortCode: '123456789012',
    ussdDial: '*120*4321*123456789012#',
    expectedResponses: 8,
    responses: { band: '5–9', atLeast: 5 },
    responseCap: 13,
    capReached: false,
    privacy: {
      mechanism: 'two-sided geometric (discrete Laplace), ε = 1 per question',
      epsilonPerQuestion: 1,
      note: 'noise',
    },
    example: false,
    resultsAvailable: true,
    message: null,
    overallMaturity: 59.26,
    questionCategories: [...scored, demographic],
    ...over,
  }
}

const earlier = period({
  healthCheckId: 'hc-org1-staff-v1-2026Q3',
  questionnaire: 'Staff health check 2026 (version 1) — 2026 Q3',
  isCurrent: false,
  effectiveFrom: '2026-07-01T00:00:00Z',
  effectiveTo: '2026-09-30T23:59:59Z',
  responses: { band: '1–4', atLeast: 1 },
  expectedResponses: 10,
  resultsAvailable: false,
  message: TOO_FEW,
  overallMaturity: null,
  questionCategories: [],
})

interface Db {
  organisationTypeId: number
  verificationStatusId: number
  byType: Record<number, OrganisationHealthCheck[]>
  listRequests: string[]
  inviteBodies: unknown[]
  inviteAnswer: { status: number; body: JsonBodyType }
  resultBodies: unknown[]
  result: { status: number; body: JsonBodyType }
}

let db: Db
function as(permissions: number[]) {
  server.use(http.post('*/api/auth/userAuthenticated', () => HttpResponse.json(signedIn(permissions))))
}

function result(over: Partial<OrganisationalResult> = {}): OrganisationalResult {
  const p = period()
  return {
    healthCheckId: p.healthCheckId,
    questionnaire: p.questionnaire,
    questionnaireId: p.questionnaireId,
    questionnaireVersion: p.questionnaireVersion,
    questionnaireType: 'Staff',
    questionnaireTypeId: 1,
    responses: { band: '5–9', atLeast: 5 },
    expectedResponses: 8,
    privacy: {
      mechanism: 'two-sided geometric (discrete Laplace), ε = 1 per question',
      epsilonPerQuestion: 1,
      note: 'noise',
    },
    example: false,
    resultsAvailable: true,
    message: null,
    overallMaturity: 59.26,
    questionCategories: [...scored, cat(4, 'General', null, []), demographic],
    ...over,
  }
}

beforeEach(() => {
  db = {
    organisationTypeId: 4,
    verificationStatusId: 3,
    byType: { 1: [earlier, period()], 2: [] },
    listRequests: [],
    inviteBodies: [],
    inviteAnswer: {
      status: 200,
      body: {
        success: true,
        message: 'Survey link generated successfully',
        url: 'http://127.0.0.1/Questionnaire/SurveyQuestions?inviteCode=new456',
        inviteCode: 'new456',
        healthCheckId: 'hc-x',
      },
    },
    resultBodies: [],
    result: { status: 200, body: { success: true, data: result() } },
  }
  as(organisationPermissions)
  server.use(
    http.get('*/api/healthcheck/getOrganisationHealthChecks', ({ request }) => {
      const type = Number(new URL(request.url).searchParams.get('questionnaireTypeId'))
      db.listRequests.push(new URL(request.url).search)
      const data: OrganisationHealthChecks = {
        organisationId: 'org1',
        organisationName: 'Ubuntu College',
        organisationTypeId: db.organisationTypeId,
        studentsOffered: db.organisationTypeId === 4,
        verificationStatusId: db.verificationStatusId,
        questionnaires: db.byType[type] ?? [],
      }
      return HttpResponse.json({ success: true, data })
    }),
    http.get('*/api/healthcheck/getActiveQuestionnaires', () =>
      HttpResponse.json({
        success: true,
        data: [
          {
            questionnaireId: 'staff-v1',
            questionnaireTypeId: 1,
            questionnaireType: 'Staff',
            description: 'Staff health check 2026 (version 1)',
            version: 1,
            effectiveFrom: '2026-01-01T00:00:00Z',
            effectiveTo: '2027-12-31T23:59:59Z',
            isActive: true,
          },
        ],
      }),
    ),
    http.post('*/api/healthcheck/inviteCode', async ({ request }) => {
      db.inviteBodies.push(await request.json())
      return HttpResponse.json(db.inviteAnswer.body, { status: db.inviteAnswer.status })
    }),
    http.post('*/api/healthcheck/organisationalResult', async ({ request }) => {
      db.resultBodies.push(await request.json())
      return HttpResponse.json(db.result.body, { status: db.result.status })
    }),
  )
})

const heading = () => screen.findByRole('heading', { level: 1, name: 'Ubuntu College Health Check Dashboard' })

describe('guard', () => {
  it('sends anonymous visitors to the public index and users without an organisation action to their landing', async () => {
    as([])
    server.use(
      http.post('*/api/auth/userAuthenticated', () =>
        HttpResponse.json({ isAuthenticated: false, userType: null, user: null, userActions: [] }),
      ),
    )
    const first = renderApp('/organisation/')
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/home'))
    first.unmount()
    as([12, 35])
    const second = renderApp('/organisation/view/x')
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/buildingBlock/'))
    expect(db.listRequests).toHaveLength(0)
    expect(db.resultBodies).toHaveLength(0)
  })
})

describe('organisation dashboard', () => {
  it('before approval says the application awaits approval and offers no form', async () => {
    db.verificationStatusId = 1
    renderApp('/organisation/')
    const box = await screen.findByTestId('awaiting-approval')
    expect(box).toHaveTextContent("Your organisation's application is awaiting approval")
    const page = box.closest('section') as HTMLElement
    expect(within(page).queryByRole('button')).toBeNull()
    expect(within(page).queryByRole('combobox')).toBeNull()
  })
  it('shows the current period, its progress, links, maturity and demographic cards', async () => {
    renderApp('/organisation/')
    await heading()
    expect(db.listRequests[0]).toBe('?questionnaireTypeId=1')
    const audience = screen.getByRole('combobox', { name: 'Survey audience' })
    expect(
      within(audience)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Staff', 'Students'])
    const periodBox = screen.getByRole('combobox', { name: 'Survey period' })
    expect(periodBox).toHaveValue('hc-org1-staff-v1-2026Q4')

    const participation = screen.getByTestId('hc-participation')
    expect(within(participation).getByRole('heading', { name: 'Current questionnaire period' })).toBeInTheDocument()
    expect(within(participation).getByTestId('hc-period')).toHaveTextContent('2026-11-23 – 2026-12-31')
    const bar = within(participation).getByRole('progressbar', { name: 'Completed responses' })
    expect(bar).toHaveAttribute('aria-valuenow', '63')
    expect(bar).toHaveAttribute('aria-valuetext', '5–9 of 8 expected responses completed')
    expect(within(participation).getByTestId('hc-cap')).toHaveTextContent(
      'The survey link accepts up to 13 responses: the expected responses plus a margin.',
    )
    expect(within(participation).getByRole('link', { name: 'Preview survey questions' })).toHaveAttribute(
      'href',
      '/Questionnaire/SurveyQuestions?inviteCode=code123&Preview=true',
    )
    expect(within(participation).getByRole('link', { name: 'View survey results' })).toHaveAttribute(
      'href',
      '/organisation/view/hc-org1-staff-v1-2026Q4',
    )

    const maturity = screen.getByTestId('hc-maturity')
    expect(within(maturity).getByRole('img', { name: /Overall GBVF maturity 59.26%, maturity level Developing/ }))
    expect(within(maturity).getByTestId('hc-maturity-value')).toHaveTextContent('59.26% — Maturity level: Developing')
    const scores = within(maturity).getByTestId('hc-category-scores')
    expect(
      within(scores)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['61.11%', '44.44%', '72.22%'])
    expect(
      within(scores)
        .getAllByRole('term')
        .map((d) => d.textContent),
    ).toEqual(['Policies', 'Practices', 'Behaviours'])

    // Demographic cards by chart type: pie (D1), bar graph (D2), progress bars (D3).
    expect(screen.getByRole('heading', { name: 'About the respondents' })).toBeInTheDocument()
    expect(
      within(screen.getByTestId('hc-demographic-D1')).getByRole('img', {
        name: 'Question D1: Woman 50%, Man 33.33%, Non-binary 0%, Prefer not to say 16.67%',
      }),
    ).toBeInTheDocument()
    expect(
      within(screen.getByTestId('hc-demographic-D2')).getByRole('img', {
        name: 'Question D2: Black African 66.67%, Coloured 16.67%, White 16.67%',
      }),
    ).toBeInTheDocument()
    const d3 = within(screen.getByTestId('hc-demographic-D3')).getAllByRole('progressbar')
    expect(d3.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuetext')])).toEqual([
      ['Top or senior management', '33.33%'],
      ['Semi-skilled or unskilled', '66.67%'],
    ])
    // The designated person holds AddSurveyLink: the current period's link and its copy button.
    expect(screen.getByRole('textbox', { name: 'Survey link to send to respondents' })).toHaveValue(
      'http://127.0.0.1/Questionnaire/SurveyQuestions?inviteCode=code123',
    )
    expect(screen.getByRole('button', { name: 'Copy survey link' })).toBeInTheDocument()
    // And what a respondent without a smartphone dials, with the short code read out in fours.
    const phone = screen.getByTestId('hc-link-ussd')
    expect(phone).toHaveTextContent('On any phone, without data, dial *120*4321*123456789012#')
    expect(phone).toHaveTextContent('Short survey code: 1234 5678 9012')
  })

  it('below 5 responses shows the privacy message instead of any figure', async () => {
    renderApp('/organisation/')
    await heading()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Survey period' }), 'hc-org1-staff-v1-2026Q3')
    expect(screen.getByTestId('hc-participation')).toHaveTextContent('Questionnaire period')
    expect(screen.getByRole('progressbar', { name: 'Completed responses' })).toHaveAttribute('aria-valuenow', '10')
    expect(screen.getByTestId('hc-privacy')).toHaveTextContent(TOO_FEW)
    expect(screen.queryByTestId('hc-maturity-value')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'About the respondents' })).toBeNull()
    // An expired period's link is not offered for copying.
    expect(screen.queryByRole('textbox', { name: 'Survey link to send to respondents' })).toBeNull()
  })

  it('says when the link reached its cap; suppressed demographic answers read "fewer than 5"', async () => {
    const d1 = q('D1', ['Woman', 'Man', 'Prefer not to say'], [80, 0, 0], 1, 10)
    d1.answers = d1.answers.map((a, i) => (i === 0 ? a : { ...a, distributionValue: null, suppressed: true }))
    db.byType[1] = [
      period({
        responses: { band: '10–19', atLeast: 10 },
        capReached: true,
        questionCategories: [...scored, cat(5, 'Demographic', null, [d1])],
      }),
    ]
    renderApp('/organisation/')
    await heading()
    expect(screen.getByTestId('hc-cap')).toHaveTextContent(
      'The survey link has received 13 responses, its limit, and no longer accepts responses.',
    )
    const card = screen.getByTestId('hc-demographic-D1')
    expect(
      within(card)
        .getAllByRole('progressbar')
        .map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuetext')]),
    ).toEqual([
      ['Woman', '80%'],
      ['Man', 'fewer than 5'],
      ['Prefer not to say', 'fewer than 5'],
    ])
    expect(card).toHaveTextContent('Answers chosen by fewer than 5 respondents are not shown')
  })

  it('defaults to the latest effectiveFrom without a current period; switching audience reloads the list', async () => {
    db.byType[1] = [earlier, period({ isCurrent: false, healthCheckId: 'latest', questionnaire: 'Latest' })]
    renderApp('/organisation/')
    await heading()
    expect(screen.getByRole('combobox', { name: 'Survey period' })).toHaveValue('latest')
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Survey audience' }), '2')
    await waitFor(() => expect(db.listRequests).toContain('?questionnaireTypeId=2'))
    expect(await screen.findByText('No data available')).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Survey period' })).toBeNull()
    expect(screen.getByRole('button', { name: 'View survey results' })).toBeDisabled()
  })

  it('offers Students only to organisation type 4', async () => {
    db.organisationTypeId = 1
    renderApp('/organisation/')
    await heading()
    const audience = screen.getByRole('combobox', { name: 'Survey audience' })
    expect(
      within(audience)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Staff'])
  })

  it('mirrors the permissions: no results link without ViewYourOrganisationSurveyResult, no link controls without 24/25', async () => {
    as([12, 23])
    db.byType[1] = [period({ inviteCode: null, url: null })]
    const first = renderApp('/organisation/')
    await heading()
    expect(screen.getByRole('link', { name: 'View survey results' })).toBeInTheDocument()
    expect(screen.queryByTestId('hc-link')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Preview survey questions' })).toBeNull()
    first.unmount()
    as([12, 24])
    renderApp('/organisation/')
    await heading()
    expect(screen.getByRole('button', { name: 'View survey results' })).toBeDisabled()
    expect(screen.queryByRole('link', { name: 'View survey results' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Generate survey link' })).toBeNull()
  })

  it('says why when the account is not linked to an organisation', async () => {
    server.use(
      http.get('*/api/healthcheck/getOrganisationHealthChecks', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Your account is not linked to an organisation.',
            errors: [{ code: 'notFound', description: 'Your account is not linked to an organisation.' }],
          },
          { status: 404 },
        ),
      ),
    )
    renderApp('/organisation/')
    expect(await screen.findByText('Your account is not linked to an organisation.')).toHaveAttribute('role', 'alert')
  })

  it('generates a survey link: validation, the body sent, the success toast and the new link', async () => {
    db.byType[1] = [earlier]
    renderApp('/organisation/')
    await heading()
    const user = userEvent.setup()
    const form = screen.getByRole('form', { name: hcStrings.generateHeading })
    // The active questionnaires arrive in a second request: wait for the field they enable.
    const input = await within(form).findByRole('spinbutton', { name: 'Expected responses' })
    await user.click(within(form).getByRole('button', { name: 'Generate survey link' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Expected responses is required.')
    expect(db.inviteBodies).toHaveLength(0)
    await user.type(input, '-1e2.5')
    expect(input).toHaveValue(125)
    await user.clear(input)
    await user.type(input, '8')
    await user.click(within(form).getByRole('button', { name: 'Generate survey link' }))
    expect(await screen.findByTestId('toast-success')).toHaveTextContent(hcStrings.generated)
    expect(db.inviteBodies).toEqual([{ QuestionnaireId: 'staff-v1', ExpectedResponses: 8 }])
    expect(screen.getByRole('textbox', { name: 'Survey link to send to respondents' })).toHaveValue(
      'http://127.0.0.1/Questionnaire/SurveyQuestions?inviteCode=new456',
    )
  })

  it('a refused generation says Unable to generate link with the reason; a 403 gives the permission message', async () => {
    db.inviteAnswer = {
      status: 400,
      body: {
        success: false,
        message: 'The organisation must be approved before it can take the health check.',
        errors: [
          {
            code: 'OrganisationId',
            description: 'The organisation must be approved before it can take the health check.',
          },
        ],
      },
    }
    renderApp('/organisation/')
    await heading()
    const user = userEvent.setup()
    const form = screen.getByRole('form', { name: hcStrings.generateHeading })
    await user.type(await within(form).findByRole('spinbutton', { name: 'Expected responses' }), '8')
    await user.click(within(form).getByRole('button', { name: 'Generate survey link' }))
    expect(await screen.findByTestId('toast-error')).toHaveTextContent(hcStrings.unableToGenerate)
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The organisation must be approved before it can take the health check.',
    )
    db.inviteAnswer = {
      status: 403,
      body: { success: false, message: 'You do not have permission to perform this action.' },
    }
    await user.click(within(form).getByRole('button', { name: 'Generate survey link' }))
    await waitFor(() =>
      expect(screen.getAllByTestId('toast-error').map((t) => t.textContent)).toContain(
        'You do not have permission to perform this action.',
      ),
    )
  })
})

describe('results view', () => {
  it('shows the heading, the back arrow, one bar per Policies and Practices question and grouped behaviours', async () => {
    renderApp('/organisation/view/hc-org1-staff-v1-2026Q4')
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'View results: Staff health check 2026 (version 1) — 2026 Q4',
      }),
    ).toBeInTheDocument()
    expect(db.resultBodies).toEqual([{ HealthCheckId: 'hc-org1-staff-v1-2026Q4' }])
    expect(screen.getByRole('link', { name: 'Back to the organisation dashboard' })).toHaveAttribute(
      'href',
      '/organisation/',
    )
    expect(screen.getByTestId('hc-results-responses')).toHaveTextContent(
      'Responses so far: 5–9 (8 expected). Results are updated with every 5 new responses',
    )
    const pp = screen.getByTestId('hc-policies-practices')
    expect(within(pp).getByRole('heading', { name: 'Policies — 61.11%' })).toBeInTheDocument()
    expect(within(pp).getByRole('heading', { name: 'Practices — 44.44%' })).toBeInTheDocument()
    for (const id of ['P1', 'P2', 'R1']) expect(within(pp).getByTestId(`hc-question-${id}`)).toBeInTheDocument()
    expect(
      within(screen.getByTestId('hc-question-P1')).getByRole('img', {
        name: "Question P1: We do not have this 0%, I don't know 33.33%, It exists and is known 66.67%",
      }),
    ).toBeInTheDocument()

    const behaviours = screen.getByTestId('hc-behaviours')
    expect(within(behaviours).getByRole('heading', { name: 'Organisational Behaviours — 72.22%' })).toBeInTheDocument()
    const groups = within(behaviours).getAllByTestId('hc-behaviour-group')
    expect(groups.map((g) => g.dataset.questions)).toEqual(['B1 B2', 'B4'])
    expect(
      within(groups[0]).getByRole('img', {
        name: 'B1: Often 0%, Sometimes 16.67%, Rarely 33.33%, Never 50%; B2: Often 0%, Sometimes 0%, Rarely 0%, Never 100%',
      }),
    ).toBeInTheDocument()
  })

  it('opens the figures table with the keyboard', async () => {
    renderApp('/organisation/view/hc-org1-staff-v1-2026Q4')
    const group = (await screen.findAllByTestId('hc-behaviour-group'))[0]
    const summary = within(group).getByText('Show the figures as a table')
    const user = userEvent.setup()
    summary.focus()
    await user.keyboard('{Enter}')
    const table = within(group).getByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'QuestionOftenSometimesRarelyNever',
      'B10%16.67%33.33%50%',
      'B20%0%0%100%',
    ])
  })

  it('below 5 responses says so and shows no distribution', async () => {
    db.result = {
      status: 200,
      body: {
        success: true,
        data: result({
          responses: { band: '1–4', atLeast: 1 },
          resultsAvailable: false,
          message: TOO_FEW,
          overallMaturity: null,
          questionCategories: [],
        }),
      },
    }
    renderApp('/organisation/view/hc-org1-staff-v1-2026Q4')
    expect(await screen.findByTestId('hc-privacy')).toHaveTextContent(TOO_FEW)
    expect(screen.getByTestId('hc-results-responses')).toHaveTextContent('Responses so far: 1–4 (8 expected).')
    expect(screen.queryByTestId('hc-policies-practices')).toBeNull()
    expect(screen.queryAllByRole('img')).toHaveLength(0)
  })

  it('a refused or failed call shows Failed to load results data.', async () => {
    db.result = { status: 403, body: { success: false, message: 'You do not have permission to perform this action.' } }
    renderApp('/organisation/view/someone-elses')
    expect(await screen.findByText('Failed to load results data.')).toHaveAttribute('role', 'alert')
    expect(screen.queryByTestId('hc-policies-practices')).toBeNull()
  })
})
