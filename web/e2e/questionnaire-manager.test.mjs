// The questionnaire manager (admin spec section 2) against the real server with the
// shipped data: an administrator (made with the CLI, signed in through the reset flow over the
// API) opens /admin/questionnaire/, sees the shipped Staff and Students questionnaires as cards,
// generates a link for an approved organisation with expected responses, gets 'Survey Link
// generated successfully' and the URL, copies it, sees the card's expected responses and a
// Preview; the link opens the survey page, one respondent answers, and the public dashboard's
// health-check cards show the server's figures. Screenshots at 1280 and 390 px wide into
// SCREENSHOTS_DIR (default /tmp/hc-admin-shots).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, api, assertReachable, waitForApp } from './lib/app.mjs'
import { publishHealthCheckQuarter, uniqueEmail } from './lib/accounts.mjs'
import { adminSession, approveOrganisation, registerOrganisation } from './lib/api-session.mjs'

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/hc-admin-shots'
const WIDTHS = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } }
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const org = {
  name: `E2E Health Check Org ${unique}`,
  email: `e2e-hc-org-${unique}@example.org`,
  first: 'Ayanda',
  last: 'Zulu',
}
const EXPECTED = 6

let launched
let browser
let admin
let adminState
/** The link generated in the second test. */
let surveyUrl

/** Signs the administrator in through the login page once; the state is reused by every context. */
async function signIn(email, password) {
  const context = await browser.newContext({ viewport: WIDTHS.desktop })
  const page = await context.newPage()
  await page.goto(`${BASE_URL}/auth/login/`)
  await page.getByRole('button', { name: 'Continue To Login' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/admin\/$/, { timeout: WAIT_MS })
  adminState = await context.storageState()
  await context.close()
}

/** A browser context signed in as the administrator. */
async function adminContext(viewport) {
  const context = await browser.newContext({ viewport, storageState: adminState })
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (e) => errors.push(e.message))
  return { context, page, errors }
}

async function openManager(page) {
  await page.goto(`${BASE_URL}/admin/questionnaire/`, { waitUntil: 'domcontentloaded' })
  await page.waitForSelector('main#main', { timeout: WAIT_MS })
  await page.waitForSelector('[data-testid="admin-loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
  await page.getByRole('heading', { level: 1, name: 'Questionnaire manager' }).waitFor({ timeout: WAIT_MS })
  await page.getByTestId('survey-card').first().waitFor()
}

const card = (page, title) =>
  page.getByTestId('survey-card').filter({ has: page.getByRole('button', { name: title, exact: true }) })

/** The section of a questionnaire type's cards, found by its heading ('Staff survey(s)', 'Students survey(s)'). */
const group = (page, type) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${type} surveys?$`) }) })

before(async () => {
  await assertReachable()
  await mkdir(SHOTS, { recursive: true })
  const email = uniqueEmail('hc-admin')
  const password = 'Survey(Key)7Torch'
  admin = await adminSession(email, password)
  await registerOrganisation(org, 1)
  // The applications list is a projection: wait until the registration is there.
  for (let i = 0; i < 50; i++) {
    const page = await admin.json('POST', '/api/healthcheck/searchOrganisations', {
      statusId: null,
      OrganisationName: org.name,
      pageSize: 30,
      pageNumber: 1,
    })
    if (page.data.length) break
    await new Promise((r) => setTimeout(r, 200))
  }
  await approveOrganisation(admin, org.name)
  launched = await launchBrowser()
  browser = launched.browser
  await signIn(email, password)
})
after(async () => {
  await launched?.close()
})

test('the shipped Staff and Students questionnaires are cards with status and both progress bars', async () => {
  const questionnaires = (await admin.json('GET', '/api/healthcheck/getSummarisedHealthCheck')).data
  assert.ok(
    questionnaires.some((q) => q.questionnaireTypeId === 1),
    'a Staff questionnaire is shipped',
  )
  assert.ok(
    questionnaires.some((q) => q.questionnaireTypeId === 2),
    'a Students questionnaire is shipped',
  )
  const { context, page, errors } = await adminContext(WIDTHS.desktop)
  await openManager(page)
  for (const q of questionnaires) {
    const c = group(page, q.questionnaireTypeId === 2 ? 'Students' : 'Staff')
      .getByTestId('survey-card')
      .filter({ has: page.getByRole('button', { name: q.questionnaireDescription, exact: true }) })
    await c.waitFor()
    const text = await c.innerText()
    assert.match(text, new RegExp(q.isCurrent ? 'Active' : 'Expired'))
    assert.match(text, /Published on:? \d{4}-\d{2}-\d{2}/)
    assert.match(
      text,
      new RegExp(`Organisations participated: ${q.totalParticipatedOrganisations} of ${q.totalOrganisations}`),
    )
    assert.match(text, new RegExp(`Completed questionnaires: ${q.totalActualResponses} of ${q.totalExpectedResponses}`))
  }
  // Choosing a card filters to that survey and offers View previous questionnaires.
  const staff = questionnaires.find((q) => q.questionnaireTypeId === 1 && q.isCurrent)
  await page.getByRole('button', { name: staff.questionnaireDescription, exact: true }).click()
  await page.getByRole('button', { name: 'View previous questionnaires' }).waitFor()
  await page.getByRole('button', { name: 'View all questionnaires' }).click()
  await page.getByRole('button', { name: 'View previous questionnaires' }).waitFor({ state: 'detached' })
  assert.deepEqual(errors, [])
  await context.close()
})

test('an administrator generates a link for an organisation with expected responses, copies it, and it opens the survey', async (t) => {
  const { context, page, errors } = await adminContext(WIDTHS.desktop)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL })
  await openManager(page)
  const questionnaire = (await admin.json('GET', '/api/healthcheck/getSummarisedHealthCheck')).data.find(
    (q) => q.questionnaireTypeId === 1 && q.isCurrent,
  ).questionnaireDescription
  await page.getByRole('button', { name: questionnaire, exact: true }).click()
  const panel = page.locator('section.survey-link')
  await panel.getByRole('option', { name: org.name }).waitFor({ state: 'attached' })
  await panel.getByLabel('Organisation').selectOption({ label: org.name })
  // Section 5: e, E, +, -, dot and comma never reach the field.
  const expected = panel.getByLabel('Expected responses')
  await expected.click()
  await page.keyboard.type('e-+.,E')
  assert.equal(await expected.inputValue(), '')
  await page.keyboard.type(String(EXPECTED))
  await panel.getByRole('button', { name: 'Generate link' }).click()

  const toast = page.getByTestId('toast-success').filter({ hasText: 'Survey link generated successfully' })
  await toast.waitFor()
  const link = panel.getByLabel('Survey link')
  await link.waitFor()
  surveyUrl = await link.inputValue()
  assert.match(surveyUrl, /\/Questionnaire\/SurveyQuestions\?inviteCode=[0-9a-f]{32}$/)
  await page.screenshot({ path: join(SHOTS, 'questionnaire-manager-link-1280.png'), fullPage: true })

  await panel.getByRole('button', { name: 'Copy link' }).click()
  await page.getByTestId('toast-success').filter({ hasText: 'Survey link copied to clipboard!' }).waitFor()
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), surveyUrl)

  // The card follows the projection: its expected responses include these, and it offers Preview
  // of the organisation's latest invite code.
  const code = new URL(surveyUrl).searchParams.get('inviteCode')
  let summary
  for (let i = 0; i < 50; i++) {
    summary = (await admin.json('GET', '/api/healthcheck/getSummarisedHealthCheck')).data.find(
      (q) => q.questionnaireDescription === questionnaire,
    )
    if (summary.totalExpectedResponses >= EXPECTED && summary.inviteCode) break
    await new Promise((r) => setTimeout(r, 200))
  }
  assert.ok(summary.totalExpectedResponses >= EXPECTED)
  await page.reload()
  await openManager(page)
  const staffCard = card(page, questionnaire)
  assert.match(
    await staffCard.innerText(),
    new RegExp(`Completed questionnaires: ${summary.totalActualResponses} of ${summary.totalExpectedResponses}`),
  )
  const preview = staffCard.getByRole('link', { name: /Preview/ })
  if (summary.inviteCode) {
    // Servers that name the latest invite code in the summary: the card previews it.
    assert.equal(summary.inviteCode, code)
    assert.equal(await preview.getAttribute('href'), `/Questionnaire/SurveyQuestions?inviteCode=${code}&Preview=true`)
    await preview.click()
    await page.getByText('Preview: answers are not recorded.').waitFor()
    assert.equal(await page.getByRole('button', { name: 'Submit survey' }).count(), 0)
  } else {
    // An older server binary answers inviteCode: null; the card then offers no Preview (section 2).
    t.diagnostic('getSummarisedHealthCheck answered inviteCode: null; the Preview link is not shown')
    assert.equal(await preview.count(), 0)
  }
  assert.deepEqual(errors, [])
  await context.close()

  // The link (its path on this server: GBVF_BASE_URL is not set in the e2e run) opens the survey
  // page for anyone, without an account; one respondent answers.
  const url = new URL(surveyUrl)
  const respondent = await browser.newContext({ viewport: WIDTHS.mobile })
  const survey = await respondent.newPage()
  await survey.goto(`${BASE_URL}${url.pathname}${url.search}`, { waitUntil: 'domcontentloaded' })
  await survey.getByRole('heading', { level: 1, name: questionnaire }).waitFor({ timeout: WAIT_MS })
  assert.match(await survey.locator('.survey-org').innerText(), new RegExp(org.name))
  await survey.locator('fieldset.survey-question').first().locator('input').first().check()
  await survey.getByRole('button', { name: 'Submit survey' }).click()
  await survey.getByText('Thank you. Your response has been recorded.').waitFor()
  await respondent.close()
})

test('screenshots of the questionnaire manager at 1280 and 390 px', async () => {
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    const { context, page, errors } = await adminContext(viewport)
    await openManager(page)
    await page
      .getByRole('button', { name: /^Staff health check/ })
      .first()
      .click()
    await page.getByRole('option', { name: org.name }).waitFor({ state: 'attached' })
    await page.screenshot({ path: join(SHOTS, `questionnaire-manager-${viewport.width}.png`), fullPage: true })
    assert.deepEqual(errors, [], name)
    await context.close()
  }
})

test("the public health-check cards show the server's figures", async () => {
  // The current quarter's figures are public once it ends: published here as if it had, until
  // the response just given is in them (the publication reads the projections, which follow).
  const now = new Date()
  const current = `${now.getUTCFullYear()}Q${Math.floor(now.getUTCMonth() / 3) + 1}`
  let stats
  for (const deadline = Date.now() + WAIT_MS; ; await new Promise((r) => setTimeout(r, 500))) {
    await publishHealthCheckQuarter(current)
    stats = (await api('/healthcheck/stats?boundaryId=1')).data
    if (stats.byQuarter.some((q) => q.quarter === current)) break
    assert.ok(Date.now() < deadline, `the quarter ${current} is not in the published figures`)
  }
  // The dashboard's healthCheck is the public statistics of the boundary.
  const dashboard = await api('/dashboard?boundaryId=1')
  assert.deepEqual(dashboard.healthCheck.healthCheckStats, stats.healthCheckStats)
  assert.deepEqual(dashboard.healthCheck.byQuarter, stats.byQuarter)
  const organisations = stats.healthCheckStats.reduce((n, s) => n + s.organisationCount, 0)
  assert.ok(organisations >= 1, 'the approved organisation is counted in Reach')
  const byQuarter = stats.byQuarter
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    const errors = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${BASE_URL}/home/chart?boundaryId=1&boundaryTypeId=1&componentId=2`, {
      waitUntil: 'domcontentloaded',
    })
    await waitForApp(page)
    const reach = page.getByTestId('card-reach')
    await reach.locator('svg').first().waitFor({ timeout: WAIT_MS })
    const surveys = page.getByTestId('card-surveys')
    await surveys.locator('svg').first().waitFor({ timeout: WAIT_MS })
    const text = await surveys.innerText()
    for (const q of byQuarter) {
      const [y, n] = q.quarter.split('Q')
      assert.match(
        text,
        new RegExp(`Participating organisations, Q${n} ${y.slice(2)}\\s*${q.participatingOrganisations}`),
      )
    }
    if (stats.overall.overalMaturity == null) assert.match(text, /Figures are published once a quarter has ended/)
    await surveys.scrollIntoViewIfNeeded()
    await page.screenshot({
      path: join(SHOTS, `health-check-cards-${viewport.width}.png`),
      fullPage: name === 'desktop',
    })
    if (name === 'mobile') {
      await reach.scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(SHOTS, `health-check-reach-${viewport.width}.png`) })
    }
    assert.deepEqual(errors, [], name)
    await context.close()
  }
})
