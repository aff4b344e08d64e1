// The organisation health check end to end against the real server in development
// mode with the shipped data: an organisation (type 4, so Students is offered) registers through
// the API and its designated person verifies the address; an administrator made with the CLI
// signs in, approves the application on its screen and, from the signed-in page, opens a Staff
// survey period with 8 expected responses (POST /api/healthcheck/inviteCode: the questionnaire
// manager screen does not exist yet). Respondents answer the link through the real survey page,
// each in a fresh browser context. With 4 responses the designated person's dashboard and results
// view withhold every figure; with 6 the dashboard shows the band "5–9 of 8", the maturity
// doughnut and the demographic cards, and the results view the stacked bars — each figure on
// screen checked against the release the server gives (results move in steps of 5 and carry
// noise, docs/decisions/0122-noisy-organisation-results.md; demographic answers chosen by fewer
// than 5 read "fewer than 5"). That the release is the exact computation plus the noise is shown
// against the database by api/tests/health_check.rs. Screenshots at 1280 and 390 px wide in
// HC_SHOTS (default /tmp/hc-shots).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AxeBuilder } from '@axe-core/playwright'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, assertReachable } from './lib/app.mjs'
import { ApiSession } from './lib/api-session.mjs'
import { createAdmin, nextCode, publishHealthCheckQuarter, typeOtp, uniqueEmail } from './lib/accounts.mjs'

const SHOTS = process.env.HC_SHOTS ?? '/tmp/hc-shots'
const QUESTIONNAIRES = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'data',
  'healthcheck',
  'questionnaires.json',
)
const WIDTHS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } }
const EXPECTED = 8
const TOO_FEW = "Results are shown once at least 5 people have responded, to protect respondents' anonymity."
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const adminEmail = uniqueEmail('hc-admin')
const adminPassword = 'Survey(Key)7Torch'
const person = {
  first: 'Nomsa',
  last: 'Mokoena',
  email: uniqueEmail('hc-person'),
  password: 'Correct!Horse9Battery',
  organisation: `E2E Ubuntu College ${unique}`,
}

let launched
let browser
let personState
let inviteCode
let healthCheckId
/** The shipped staff questionnaire with its scores, checked against the survey the link serves. */
let questionnaire
/** What each respondent chose: questionId → possibleAnswerIds. */
const given = []

// ---------------------------------------------------------------------------------------------
// Helpers

/** A call from a signed-in page, with its cookies and CSRF token. */
async function pageCall(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = (await (await fetch('/api/auth/csrf', { credentials: 'include' })).json()).csrfToken
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: await response.json().catch(() => null) }
    },
    { method, path, body },
  )
}

async function settled(page) {
  await page.waitForSelector('main#main', { timeout: WAIT_MS })
  await page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
}

async function shoot(page, name) {
  await page.bringToFront()
  await page.addStyleTag({ content: 'html { scrollbar-width: none; }' })
  const own = page.viewportSize()
  for (const [label, viewport] of Object.entries(WIDTHS)) {
    await page.setViewportSize(viewport)
    await page.waitForTimeout(400)
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `${name} at ${viewport.width} px scrolls sideways by ${overflow} px`)
  }
  await page.setViewportSize(own)
  await page.waitForTimeout(200)
}

async function axe(page, t, label) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  for (const v of results.violations) t.diagnostic(`${label} ${v.impact}: ${v.id} (${v.nodes.length})`)
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  assert.deepEqual(
    bad.map((v) => `${label}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`),
    [],
  )
}

/** Percentages as the server and the web app give them: 2 decimals, trailing zeros dropped. */
const pct = (share) => Math.round(share * 10_000) / 100
const shown = (value) => (value == null ? 'fewer than 5' : `${Number(value.toFixed(2))}%`)

/** Respondent r's choice for the question at position i with n answers (deterministic, varied). */
function choiceOf(r, i, question) {
  const ids = question.answers.map((a) => a.possibleAnswerId)
  const n = ids.length
  if (question.questionId === 'D1') return [ids[[0, 0, 0, 1, 1, 3][r]]]
  if (question.questionTypeId === 4) return [...new Set([ids[r % n], ids[(r + 2) % n]])]
  return [ids[(r * 2 + i) % n]]
}

/** The figures the server must give for these responses, computed independently. */
function expectedFigures(responses) {
  const byQuestion = new Map()
  for (const q of questionnaire.questions) {
    const answered = responses.filter((r) => r[q.questionId]?.length)
    const counts = q.answers.map((a) => answered.filter((r) => r[q.questionId].includes(a.possibleAnswerId)).length)
    // Demographic answers chosen by 1 to 4 are suppressed; for a single-choice question more,
    // smallest first, until the suppressed ones hold 5 or more between them (or all are).
    const hidden = counts.map((n) => q.categoryId === 5 && n > 0 && n < 5)
    const held = () => counts.reduce((s, n, i) => s + (hidden[i] ? n : 0), 0)
    while (q.categoryId === 5 && q.questionTypeId === 3 && held() > 0 && held() < 5) {
      const next = counts
        .map((n, i) => [n, i])
        .filter(([n, i]) => n > 0 && !hidden[i])
        .sort((a, b) => a[0] - b[0])[0]
      if (!next) break
      hidden[next[1]] = true
    }
    const distribution = q.answers.map((a, i) => ({
      description: a.description,
      share: hidden[i] ? null : pct(counts[i] / answered.length),
    }))
    const max = Math.max(...q.answers.map((a) => a.score))
    const sumAll = q.answers.reduce((s, a) => s + a.score, 0)
    const scores = answered.map((r) => {
      const chosen = r[q.questionId].map((id) => q.answers.find((a) => a.possibleAnswerId === id).score)
      const sum = chosen.reduce((s, x) => s + x, 0)
      return q.questionTypeId === 4 ? Math.min(1, sum / sumAll) : sum / max
    })
    byQuestion.set(q.questionId, { distribution, score: scores.reduce((s, x) => s + x, 0) / scores.length })
  }
  const category = {}
  for (const id of [1, 2, 3]) {
    const qs = questionnaire.questions.filter((q) => q.categoryId === id)
    category[id] = qs.reduce((s, q) => s + byQuestion.get(q.questionId).score, 0) / qs.length
  }
  const maturity = (category[1] + category[2] + category[3]) / 3
  return {
    byQuestion,
    category: { 1: pct(category[1]), 2: pct(category[2]), 3: pct(category[3]) },
    maturity: pct(maturity),
  }
}

/** The figures of the server's release (`organisationalResult`), in the shape of
 * expectedFigures: what the screens must show. */
function releasedFigures(data) {
  const byQuestion = new Map()
  const category = {}
  for (const c of data.questionCategories) {
    if (c.categoryScore != null) category[c.questionCategoryId] = c.categoryScore
    for (const q of c.questions)
      byQuestion.set(q.questionId, {
        distribution: q.answers.map((a) => ({ description: a.description, share: a.distributionValue })),
        respondents: q.respondents,
      })
  }
  return { byQuestion, category, maturity: data.overallMaturity }
}

/** Whether the release has no respondents left for a question: its noise took every count to 0
 * (possible at 5 responses), and the screen says there is nothing to display. */
const releasedEmpty = (question, figures) => figures.byQuestion.get(question.questionId).respondents === 0
const NO_DATA = 'No data available to display.'

/** The text alternative the web app gives a question's chart. */
function summaryOf(question, figures) {
  const parts = figures.byQuestion
    .get(question.questionId)
    .distribution.map((d) => `${d.description} ${shown(d.share)}`)
  return `${question.description}: ${parts.join(', ')}`
}

/** One respondent in a fresh browser context, answering every question on the real survey page. */
async function respond(r, viewport = WIDTHS.mobile) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`${BASE_URL}/Questionnaire/SurveyQuestions?inviteCode=${inviteCode}`)
  const submit = page.getByRole('button', { name: 'Submit survey' })
  try {
    await submit.waitFor({ timeout: WAIT_MS })
  } catch (error) {
    await page.screenshot({ path: join(SHOTS, `survey-failed-${r}.png`), fullPage: true })
    throw new Error(`respondent ${r}: no survey form; the page says: ${await page.locator('body').innerText()}`, {
      cause: error,
    })
  }
  const chosen = {}
  questionnaire.questions.forEach((q, i) => {
    chosen[q.questionId] = choiceOf(r, i, q)
  })
  for (const q of questionnaire.questions) {
    for (const id of chosen[q.questionId]) await page.locator(`#q-${q.questionId}-${id}`).check()
  }
  if (r === 0) await page.screenshot({ path: join(SHOTS, 'survey-answered-mobile.png'), fullPage: false })
  await page.getByRole('button', { name: 'Submit survey' }).click()
  await page.getByText('Thank you. Your response has been recorded.').waitFor({ timeout: WAIT_MS })
  assert.deepEqual(errors, [])
  await context.close()
  given.push(chosen)
}

/** The designated person's dashboard, reloaded until the read model shows the response band
 * `actual` ("0", "1–4", "5–9": the exact count is not shown, decision 0122). */
async function dashboardWith(page, actual) {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    await page.goto(`${BASE_URL}/organisation/`)
    await settled(page)
    await page.getByRole('heading', { level: 1, name: `${person.organisation} Health Check Dashboard` }).waitFor()
    const text = await page.getByTestId('hc-completed').textContent()
    if (text.includes(`${actual} of ${EXPECTED}`)) return
    assert.ok(Date.now() < deadline, `the dashboard still says ${text}, not ${actual} of ${EXPECTED}`)
    await page.waitForTimeout(300)
  }
}

async function personPage(viewport = WIDTHS.desktop) {
  const context = await browser.newContext({ viewport, storageState: personState })
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { context, page, errors }
}

// ---------------------------------------------------------------------------------------------

before(async () => {
  await assertReachable()
  await mkdir(SHOTS, { recursive: true })
  launched = await launchBrowser()
  browser = launched.browser
  const file = JSON.parse(await readFile(QUESTIONNAIRES, 'utf8'))
  const staff = file.questionnaires.find((q) => q.questionnaireId === 'staff-v1')
  questionnaire = {
    ...staff,
    questions: staff.questions.map((q) => ({ ...q, answers: q.answers ?? file.scales[q.scale] })),
  }
})
after(async () => {
  await launched?.close()
})

test('an organisation registers, an administrator approves it and opens a survey period', async () => {
  // The organisation and its designated person register; the address is verified with its code.
  const api = new ApiSession()
  const provinces = await api.json('GET', '/api/geography/boundary/list/2/1')
  const province = provinces.find((p) => p.description === 'Gauteng') ?? provinces[0]
  const districts = await api.json('GET', `/api/geography/boundary/list/2/${province.boundaryId}`)
  const locals = await api.json('GET', `/api/geography/boundary/list/3/${districts[0].boundaryId}`)
  const registered = await api.json('POST', '/api/auth/register', {
    Title: 3,
    FirstName: person.first,
    LastName: person.last,
    Email: person.email,
    Password: person.password,
    ConfirmPassword: person.password,
    MobileNumber: '0821234567',
    OrganisationName: person.organisation,
    OrganisationBranch: 'Main campus',
    OrganisationType: 4,
    JobRole: 2,
    StreetNumber: '12',
    StreetName: 'Jan Smuts Avenue',
    Suburb: 'Braamfontein',
    City: 'Johannesburg',
    PostalCode: '2001',
    Province: province.boundaryId,
    District: districts[0].boundaryId,
    LocalMunicipality: locals[0].boundaryId,
    MemberInOrganisation: 40,
    terms: true,
  })
  assert.equal(registered.success, true, JSON.stringify(registered))
  const verified = await api.json('POST', '/api/auth/verify-otp', {
    Email: person.email,
    OTP: await nextCode(person.email),
    UserType: 1,
  })
  assert.equal(verified.success, true, JSON.stringify(verified))

  // The administrator's first sign-in goes through "Reset here".
  await createAdmin(adminEmail)
  const context = await browser.newContext({ viewport: WIDTHS.desktop })
  const page = await context.newPage()
  await page.goto(`${BASE_URL}/auth/login/`)
  await page.getByRole('button', { name: 'Continue To Login' }).click()
  await page.getByRole('link', { name: 'Reset here' }).click()
  await page.getByLabel('Email').fill(adminEmail)
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.waitForURL(/\/auth\/verify-otp\/$/)
  await typeOtp(page, await nextCode(adminEmail))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL(/\/auth\/reset-password\/$/)
  await page.getByLabel('Password', { exact: true }).fill(adminPassword)
  await page.getByLabel('Confirm password').fill(adminPassword)
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.waitForURL(/\/auth\/login\/$/)
  await page.getByLabel('Password', { exact: true }).fill(adminPassword)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/admin\/$/, { timeout: WAIT_MS })

  // Approval on the application's screen.
  await page.goto(`${BASE_URL}/admin/organisations/?q=${encodeURIComponent(person.organisation)}`)
  await page.getByRole('link', { name: `View the application of ${person.organisation}` }).click()
  await page.waitForURL(/\/admin\/organisations\/view\/[^/]+\/$/)
  await page.getByRole('button', { name: 'Approve' }).click()
  await page.getByTestId('toast-success').filter({ hasText: 'The organisation has been approved.' }).waitFor()

  // The survey period and its link, on the questionnaire manager (/admin/questionnaire/).
  await page.goto(`${BASE_URL}/admin/questionnaire/`)
  await page.getByRole('heading', { level: 2, name: 'Staff survey' }).waitFor()
  await page.getByRole('button', { name: 'Staff health check 2026 (version 1)' }).click()
  await page.getByLabel('Organisation', { exact: true }).selectOption({ label: person.organisation })
  await page.getByLabel('Expected responses').fill('0')
  await page.getByRole('button', { name: 'Generate link' }).click()
  await page.getByText('Expected responses must be a whole number of at least 1.').waitFor()
  await page.getByLabel('Expected responses').fill(String(EXPECTED))
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/healthcheck/inviteCode'))
  await page.getByRole('button', { name: 'Generate link' }).click()
  const opened = { status: (await answered).status(), body: await (await answered).json() }
  assert.equal(opened.status, 200, JSON.stringify(opened.body))
  await page.getByTestId('toast-success').filter({ hasText: 'Survey link generated successfully' }).waitFor()
  inviteCode = opened.body.inviteCode
  healthCheckId = opened.body.healthCheckId
  const shown = await page.getByRole('textbox', { name: 'Survey link' }).inputValue()
  assert.match(shown, new RegExp(`/Questionnaire/SurveyQuestions\\?inviteCode=${inviteCode}$`))
  await shoot(page, 'questionnaire-manager')
  await context.close()

  // The survey the link serves is the shipped questionnaire the expectations are computed from.
  // The read model learns the code from the event a moment later (projector lag).
  let survey
  for (const deadline = Date.now() + WAIT_MS; ; await new Promise((r) => setTimeout(r, 200))) {
    const response = await api.call('GET', `/api/healthcheck/survey?inviteCode=${inviteCode}`)
    if (response.ok) {
      survey = await response.json()
      break
    }
    assert.ok(Date.now() < deadline, `the survey of a new link still answers ${response.status}`)
  }
  const served = survey.data.questionCategories.flatMap((c) => c.questions)
  assert.deepEqual(
    served.map((q) => [q.questionId, q.answers.map((a) => a.possibleAnswerId)]).sort(),
    questionnaire.questions.map((q) => [q.questionId, q.answers.map((a) => a.possibleAnswerId)]).sort(),
  )
})

test('the designated person signs in and lands on the dashboard: no responses yet', async (t) => {
  const context = await browser.newContext({ viewport: WIDTHS.desktop })
  const page = await context.newPage()
  await page.goto(`${BASE_URL}/auth/login/`)
  await page.getByRole('button', { name: 'Continue To Login' }).click()
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Login' }).click()
  // Designated persons hold HealthCheckAdmin (34) and land on the organisation's dashboard.
  await page.waitForURL((url) => url.pathname === '/organisation/', { timeout: WAIT_MS })
  await page.getByRole('heading', { level: 1, name: `${person.organisation} Health Check Dashboard` }).waitFor()
  personState = await context.storageState()
  const audience = page.getByLabel('Survey audience')
  assert.deepEqual(await audience.locator('option').allTextContents(), ['Staff', 'Students'])
  assert.match(await page.getByTestId('hc-completed').textContent(), new RegExp(`0 of ${EXPECTED}`))
  assert.equal(await page.getByTestId('hc-privacy').textContent(), TOO_FEW)
  const preview = page.getByRole('link', { name: 'Preview survey questions' })
  assert.equal(
    await preview.getAttribute('href'),
    `/Questionnaire/SurveyQuestions?inviteCode=${inviteCode}&Preview=true`,
  )
  assert.ok(
    (await page.getByLabel('Survey link to send to respondents').inputValue()).endsWith(
      `/Questionnaire/SurveyQuestions?inviteCode=${inviteCode}`,
    ),
  )
  // Beside it, what a respondent without a smartphone dials (USSD, decision 0168): the short
  // code is 12 digits of SHA-256("ussd-short-code:" + invite code), read out in fours.
  const digest = createHash('sha256').update(`ussd-short-code:${inviteCode}`).digest()
  const shortCode = (digest.readBigUInt64BE(0) % 10n ** 12n).toString().padStart(12, '0')
  const phone = page.getByTestId('hc-link-ussd')
  assert.match(await phone.textContent(), new RegExp(`dial \\*120\\*4321\\*${shortCode}#`))
  assert.match(
    await phone.textContent(),
    new RegExp(`Short survey code: ${shortCode.replace(/(\d{4})(?=\d)/g, '$1 ')}`),
  )
  // Students: nothing opened for this audience yet, the list reloads for it.
  const reload = page.waitForResponse((r) => r.url().includes('getOrganisationHealthChecks?questionnaireTypeId=2'))
  await audience.selectOption({ label: 'Students' })
  await reload
  await page.getByText('No data available', { exact: true }).waitFor()
  assert.equal(await page.getByRole('button', { name: 'View survey results' }).isDisabled(), true)
  await audience.selectOption({ label: 'Staff' })
  await page.getByTestId('hc-completed').waitFor()
  await axe(page, t, 'dashboard without responses')
  await context.close()
})

test('with 4 responses the dashboard and the results view withhold every figure', async (t) => {
  for (let r = 0; r < 4; r++) await respond(r)
  const { context, page, errors } = await personPage()
  await dashboardWith(page, '1–4')
  assert.equal(await page.getByTestId('hc-privacy').textContent(), TOO_FEW)
  assert.equal(await page.getByTestId('hc-maturity-value').count(), 0)
  assert.equal(await page.getByTestId('hc-maturity').locator('svg').count(), 0)
  assert.equal(await page.getByRole('heading', { name: 'About the respondents' }).count(), 0)
  await shoot(page, 'dashboard-4-responses')
  await page.getByRole('link', { name: 'View survey results' }).click()
  await page.waitForURL((url) => url.pathname === `/organisation/view/${encodeURIComponent(healthCheckId)}`)
  await page.getByRole('heading', { level: 1, name: /^View results: Staff health check/ }).waitFor()
  await page.getByTestId('hc-privacy').waitFor()
  assert.equal(await page.getByTestId('hc-privacy').textContent(), TOO_FEW)
  assert.equal(
    await page.getByTestId('hc-results-responses').textContent(),
    `Responses so far: 1–4 (${EXPECTED} expected). Results are updated with every 5 new responses, so that no single response can be singled out.`,
  )
  assert.equal(await page.locator('[data-testid^="hc-question-"], [data-testid="hc-behaviour-group"]').count(), 0)
  assert.equal(await page.locator('.apexcharts-canvas').count(), 0)
  // The API gives nothing to draw either.
  const answer = await pageCall(page, 'POST', '/api/healthcheck/organisationalResult', {
    QuestionnaireTypeId: 1,
    HealthCheckId: healthCheckId,
  })
  assert.equal(answer.status, 200)
  assert.equal(answer.body.data.resultsAvailable, false)
  assert.deepEqual(answer.body.data.questionCategories, [])
  assert.equal(answer.body.data.overallMaturity, null)
  await shoot(page, 'results-4-responses')
  await axe(page, t, 'results below the threshold')
  assert.deepEqual(errors, [])
  await context.close()
})

test('with 6 responses: participation 5–9 of 8, the maturity doughnut, demographic cards and the results', async (t) => {
  for (let r = 4; r < 6; r++) await respond(r, r === 5 ? WIDTHS.desktop : WIDTHS.mobile)
  const { context, page, errors } = await personPage()
  await dashboardWith(page, '5–9')
  // Six responses: the release is that of the first step of five, with its noise; the screens
  // show the server's release, not the exact shares.
  const answer = await pageCall(page, 'POST', '/api/healthcheck/organisationalResult', {
    QuestionnaireTypeId: 1,
    HealthCheckId: healthCheckId,
  })
  assert.equal(answer.status, 200)
  assert.equal(answer.body.data.resultsAvailable, true)
  assert.equal(answer.body.data.responses.band, '5–9')
  assert.equal(answer.body.data.privacy.epsilonPerQuestion, 1)
  const figures = releasedFigures(answer.body.data)
  // The release is not the exact computation on every question (the noise is there).
  const exact = expectedFigures(given.slice(0, 5))
  const same = questionnaire.questions.filter(
    (q) =>
      JSON.stringify(exact.byQuestion.get(q.questionId).distribution) ===
      JSON.stringify(figures.byQuestion.get(q.questionId).distribution),
  )
  assert.ok(same.length < questionnaire.questions.length / 2, `${same.length} questions show the exact shares`)
  const bar = page.getByRole('progressbar', { name: 'Completed responses' })
  assert.equal(await bar.getAttribute('aria-valuenow'), String(Math.round((5 / EXPECTED) * 100)))
  assert.equal(await bar.getAttribute('aria-valuetext'), `5–9 of ${EXPECTED} expected responses completed`)

  // The doughnut is drawn, and its figure is the independent computation.
  const maturity = page.getByTestId('hc-maturity')
  await maturity.locator('.apexcharts-canvas svg').first().waitFor({ timeout: WAIT_MS })
  assert.ok((await maturity.locator('.apexcharts-pie-series path').count()) >= 1)
  const value = await page.getByTestId('hc-maturity-value').textContent()
  assert.ok(value.startsWith(shown(figures.maturity)), `${value} starts with ${shown(figures.maturity)}`)
  const alt = await maturity.locator('.chart[role="img"]').getAttribute('aria-label')
  assert.ok(alt.startsWith(`Overall GBVF maturity ${shown(figures.maturity)}`), alt)
  assert.deepEqual(await page.getByTestId('hc-category-scores').locator('dd').allTextContents(), [
    shown(figures.category[3]),
    shown(figures.category[2]),
    shown(figures.category[1]),
  ])

  // Demographic cards: a chart by its type, or bars where an answer is suppressed; D1 (of the
  // first five, 3 women and 2 men) has every chosen answer suppressed.
  for (const q of questionnaire.questions.filter((x) => x.categoryId === 5)) {
    const card = page.getByTestId(`hc-demographic-${q.questionId}`)
    const distribution = figures.byQuestion.get(q.questionId).distribution
    if (releasedEmpty(q, figures)) await card.getByText(NO_DATA).waitFor({ timeout: WAIT_MS })
    else if (q.visualizeTypeId === 2 || distribution.some((d) => d.share == null)) {
      assert.deepEqual(
        await card
          .getByRole('progressbar')
          .evaluateAll((bars) =>
            bars.map((b) => `${b.getAttribute('aria-label')} ${b.getAttribute('aria-valuetext')}`),
          ),
        distribution.map((d) => `${d.description} ${shown(d.share)}`),
        q.questionId,
      )
    } else {
      await card.locator('.apexcharts-canvas svg').first().waitFor({ timeout: WAIT_MS })
      assert.equal(await card.locator('.chart[role="img"]').getAttribute('aria-label'), summaryOf(q, figures))
    }
  }
  // Where the release suppresses a demographic answer, its card says why.
  for (const q of questionnaire.questions.filter((x) => x.categoryId === 5)) {
    if (!releasedEmpty(q, figures) && figures.byQuestion.get(q.questionId).distribution.some((d) => d.share == null))
      await page
        .getByTestId(`hc-demographic-${q.questionId}`)
        .getByText('Answers chosen by fewer than 5 respondents')
        .waitFor()
  }
  await axe(page, t, 'dashboard with results')
  await shoot(page, 'dashboard')

  // The results view: one stacked bar per Policies and Practices question, behaviours grouped.
  await page.getByRole('link', { name: 'View survey results' }).click()
  await page.getByRole('heading', { level: 1, name: /^View results: Staff health check/ }).waitFor()
  await page.getByTestId('hc-policies-practices').waitFor()
  assert.equal(
    await page.getByTestId('hc-results-responses').textContent(),
    `Responses so far: 5–9 (${EXPECTED} expected). Results are updated with every 5 new responses, so that no single response can be singled out.`,
  )
  for (const q of questionnaire.questions.filter((x) => x.categoryId === 3 || x.categoryId === 2)) {
    const figure = page.getByTestId(`hc-question-${q.questionId}`)
    if (releasedEmpty(q, figures)) {
      await figure.getByText(NO_DATA).waitFor({ timeout: WAIT_MS })
      continue
    }
    assert.equal(
      await figure.locator('.chart[role="img"]').getAttribute('aria-label'),
      summaryOf(q, figures),
      q.questionId,
    )
  }
  assert.equal(
    await page.getByRole('heading', { name: `Policies — ${shown(figures.category[3])}` }).count(),
    1,
    'Policies score',
  )
  const groups = page.getByTestId('hc-behaviour-group')
  assert.deepEqual(await groups.evaluateAll((g) => g.map((x) => x.dataset.questions)), ['B1 B2 B3', 'B4 B5 B6'])
  // "Where would you go for help" (General, choose all that apply): each answer's share of the
  // question's respondents, shown once the results pass the threshold like every other answer.
  const general = questionnaire.questions.filter((x) => x.categoryId === 4)
  assert.ok(general.length > 0, 'the questionnaire asks where staff would go for help')
  for (const q of general) {
    const block = page.getByTestId('hc-general-question').filter({ hasText: q.description })
    const items = await block
      .getByTestId('hc-general-answer')
      .evaluateAll((li) =>
        li.map(
          (x) =>
            `${x.querySelector('.bar-list__label').textContent} ${x.querySelector('.bar-list__value').textContent}`,
        ),
      )
    assert.deepEqual(
      items,
      figures.byQuestion.get(q.questionId).distribution.map((d) => `${d.description} ${shown(d.share)}`),
      q.questionId,
    )
  }
  // Axis 0–100 % every 20 %, drawn by ApexCharts.
  // The first question the release has respondents for (its noise may empty any one of them).
  const drawn = questionnaire.questions.find(
    (x) => (x.categoryId === 3 || x.categoryId === 2) && !releasedEmpty(x, figures),
  )
  const first = page.getByTestId(`hc-question-${drawn.questionId}`)
  await first.locator('.apexcharts-canvas svg').first().waitFor({ timeout: WAIT_MS })
  const ticks = await first.locator('.apexcharts-xaxis-label tspan').allTextContents()
  assert.deepEqual(
    [...ticks].sort((a, b) => parseFloat(a) - parseFloat(b)),
    ['0%', '20%', '40%', '60%', '80%', '100%'],
  )
  // The tooltip names the answer category and its percentage.
  const shares = figures.byQuestion.get(drawn.questionId).distribution
  const biggest = shares.reduce((a, b) => (b.share > a.share ? b : a))
  const index = shares.indexOf(biggest)
  await first.locator('.apexcharts-series').nth(index).locator('path').first().hover()
  const tooltip = first.locator('.apexcharts-tooltip')
  await tooltip.filter({ hasText: biggest.description }).waitFor({ timeout: WAIT_MS })
  assert.match(await tooltip.textContent(), new RegExp(`${shown(biggest.share).replace('.', '\\.')}`))
  // The figures table opens with the keyboard.
  const summary = page.getByTestId('hc-behaviour-group').first().getByText('Show the figures as a table')
  await summary.focus()
  await page.keyboard.press('Enter')
  const rows = await page.getByTestId('hc-behaviour-group').first().locator('tbody tr').allTextContents()
  const b1 = figures.byQuestion
    .get('B1')
    .distribution.map((d) => shown(d.share))
    .join('')
  assert.equal(rows[0], `B1${b1}`)
  await page.keyboard.press('Enter')
  await axe(page, t, 'results')
  await shoot(page, 'results')
  // The back arrow returns to the dashboard.
  await page.getByRole('link', { name: 'Back to the organisation dashboard' }).click()
  await page.waitForURL((url) => url.pathname === '/organisation/')
  assert.deepEqual(errors, [])
  await context.close()
})

test('an unknown health check is refused by the server and the screen says so', async () => {
  const { context, page } = await personPage()
  await page.goto(`${BASE_URL}/organisation/view/${encodeURIComponent('hc-someone-else-staff-v1-2026Q4')}`)
  await page.getByText('Failed to load results data.').waitFor({ timeout: WAIT_MS })
  const answer = await pageCall(page, 'POST', '/api/healthcheck/organisationalResult', {
    HealthCheckId: 'hc-someone-else-staff-v1-2026Q4',
  })
  assert.equal(answer.status, 404)
  await context.close()
})

test('public health-check card: one quarter convention, expected responses per quarter, filter by type', async () => {
  const stats = async (query) => {
    const response = await fetch(`${BASE_URL}/api/healthcheck/stats?boundaryId=1${query}`)
    assert.equal(response.status, 200)
    return (await response.json()).data
  }
  // The link of this file's organisation (higher education, type 4) starts in its quarter,
  // which is public once it has ended: published here as if it had (decision 0123).
  const own = healthCheckId.split('-').at(-1)
  const before = await stats('')
  assert.ok(!before.byQuarter.some((q) => q.quarter === own), 'the current quarter is not public before it ends')
  await publishHealthCheckQuarter(own)
  const all = await stats('')
  const quarter = all.byQuarter.find((q) => q.quarter === own)
  // Its expected responses are shown, or withheld where fewer than 3 organisations take part.
  assert.ok(
    quarter && (quarter.totalExpectedResponses == null || quarter.totalExpectedResponses >= EXPECTED),
    JSON.stringify(all.byQuarter),
  )
  const [y, n] = own.split('Q')
  const label = `Q${n} ${y.slice(2)}`
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    for (const [types, expectRow] of [
      ['', true],
      ['4', true],
      ['5', false],
    ]) {
      const filtered = types ? await stats(`&componentOptions=${types}`) : all
      const search = types ? `&componentOptions=${types}` : ''
      await page.goto(`${BASE_URL}/home/chart?boundaryId=1&boundaryTypeId=1&componentId=2${search}`)
      await settled(page)
      const surveys = page.getByTestId('card-surveys')
      await surveys.waitFor({ timeout: WAIT_MS })
      if (!expectRow) {
        // No organisation of the type: no quarter at all, and no figure of type 4 leaks in.
        assert.equal(filtered.byQuarter.length, 0, JSON.stringify(filtered.byQuarter))
        await surveys.getByText('No data available').waitFor({ timeout: WAIT_MS })
        continue
      }
      try {
        await surveys.locator('svg').first().waitFor({ timeout: WAIT_MS })
      } catch (error) {
        // What the card showed instead, and what the server answered the page, for the report.
        await page.screenshot({ path: join(SHOTS, `card-surveys-failed-${name}-${types}.png`), fullPage: true })
        const dashboard = await pageCall(page, 'GET', `/api/dashboard?boundaryId=1${search}`)
        throw new Error(
          `${name} ${types}: no chart in the surveys card; it says ${JSON.stringify(await surveys.innerText())}; ` +
            `GET /api/dashboard answered ${dashboard.status} ${JSON.stringify(dashboard.body?.data?.healthCheck ?? dashboard.body)}`,
          { cause: error },
        )
      }
      // The convention is stated once on the page.
      assert.equal(await page.getByTestId('quarter-convention').count(), 1)
      assert.doesNotMatch(await surveys.innerText(), /current quarter/)
      // The data table: every quarter with its own expected responses, as the API gives them.
      await surveys.locator('[data-action="table"]').click()
      const rows = await surveys
        .locator('table tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent.trim())))
      const expected = filtered.byQuarter.map((q) => {
        const [qy, qn] = q.quarter.split('Q')
        return [`Q${qn} ${qy.slice(2)}`, q.totalExpectedResponses == null ? '–' : String(q.totalExpectedResponses)]
      })
      assert.deepEqual(
        rows.map((r) => [r[0], r[2]]),
        expected,
        `${name} ${types}`,
      )
      assert.ok(rows.some((r) => r[0] === label))
      if (types === '') await page.screenshot({ path: join(SHOTS, `hc-card-quarters-${name}.png`), fullPage: true })
    }
    await context.close()
  }
})
