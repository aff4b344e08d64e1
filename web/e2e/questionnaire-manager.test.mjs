// The questionnaire manager (issue 12; admin spec section 2) against the real server with the
// shipped data: an administrator (made with the CLI, signed in through the reset flow over the
// API) opens /admin/questionnaire/, sees the shipped Staff and Students questionnaires as cards,
// generates a link for an approved organisation with expected responses, gets 'Survey Link
// generated succesfully' and the URL, copies it, sees the card's expected responses and a
// Preview; the link opens the survey page, one respondent answers, and the public dashboard's
// health-check cards show the server's figures. Screenshots at 1280 and 390 px wide into
// SCREENSHOTS_DIR (default /tmp/hc-admin-shots).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { launchBrowser } from './lib/browser.mjs'
import { BASE_URL, api, assertReachable, waitForApp } from './lib/app.mjs'
import { uniqueEmail } from './lib/accounts.mjs'
import { adminSession, approveOrganisation, registerOrganisation } from './lib/api-session.mjs'

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/hc-admin-shots'
const WIDTHS = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } }
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const org = { name: `E2E Health Check Org ${unique}`, email: `e2e-hc-org-${unique}@example.org`, first: 'Ayanda', last: 'Zulu' }
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
  await page.waitForURL(/\/admin\/$/, { timeout: 20_000 })
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
  await page.waitForSelector('main#main', { timeout: 30_000 })
  await page.waitForSelector('[data-testid="admin-loading-overlay"]', { state: 'detached', timeout: 30_000 })
  await page.getByRole('heading', { level: 1, name: 'Manage: Questionnaires' }).waitFor({ timeout: 30_000 })
  await page.getByTestId('survey-groups').waitFor()
}

const card = (page, title) => page.getByTestId('survey-card').filter({ has: page.getByRole('button', { name: title, exact: true }) })

before(async () => {
  await assertReachable()
  await mkdir(SHOTS, { recursive: true })
  const email = uniqueEmail('hc-admin')
  const password = 'Survey(Key)7Torch'
  admin = await adminSession(email, password)
  await registerOrganisation(org, 1)
  // The applications list is a projection: wait until the registration is there.
  for (let i = 0; i < 50; i++) {
    const page = await admin.json('POST', '/api/healthcheck/searchOrganisations', { statusId: null, OrganisationName: org.name, pageSize: 30, pageNumber: 1 })
    if (page.data.length) break
    await new Promise((r) => setTimeout(r, 200))
  }
  await approveOrganisation(admin, org.name)
  launched = await launchBrowser()
  browser = launched.browser
  await signIn(email, password)
})
after(async () => { await launched?.close() })

test('the shipped Staff and Students questionnaires are cards with status and both progress bars', async () => {
  const questionnaires = (await admin.json('GET', '/api/healthcheck/getSummarisedHealthCheck')).data
  assert.ok(questionnaires.some((q) => q.questionnaireTypeId === 1), 'a Staff questionnaire is shipped')
  assert.ok(questionnaires.some((q) => q.questionnaireTypeId === 2), 'a Students questionnaire is shipped')
  const { context, page, errors } = await adminContext(WIDTHS.desktop)
  await openManager(page)
  for (const q of questionnaires) {
    const group = page.getByTestId(q.questionnaireTypeId === 2 ? 'survey-group-students' : 'survey-group-staff')
    const c = group.getByTestId('survey-card').filter({ has: page.getByRole('button', { name: q.questionnaireDescription, exact: true }) })
    await c.waitFor()
    const text = await c.innerText()
    assert.match(text, new RegExp(`Status\\s*${q.isCurrent ? 'Active' : 'Expired'}`))
    assert.match(text, /Published on\s*\d{4}-\d{2}-\d{2}/)
    assert.equal(await c.getByRole('progressbar', { name: 'Organisations participated' }).getAttribute('aria-valuetext'),
      `${q.totalParticipatedOrganisations} of ${q.totalOrganisations} registered organisations`)
    assert.equal(await c.getByRole('progressbar', { name: 'Completed questionnaires' }).getAttribute('aria-valuetext'),
      `${q.totalActualResponses} of ${q.totalExpectedResponses} expected responses`)
  }
  assert.match(await page.getByTestId('survey-group-staff').getByRole('heading', { level: 2 }).innerText(), /^Staff surveys?$/)
  assert.match(await page.getByTestId('survey-group-students').getByRole('heading', { level: 2 }).innerText(), /^Students surveys?$/)
  // Choosing a card filters to that survey (Staff and Students versions count as one); back again.
  const staff = questionnaires.find((q) => q.questionnaireTypeId === 1 && q.isCurrent)
  await page.getByRole('button', { name: staff.questionnaireDescription, exact: true }).click()
  await page.getByRole('link', { name: 'View previous questionnaires' }).waitFor()
  assert.ok(new URL(page.url()).searchParams.get('survey'))
  await page.getByRole('link', { name: 'View previous questionnaires' }).click()
  await page.waitForFunction(() => !location.search)
  assert.deepEqual(errors, [])
  await context.close()
})

test('an administrator generates a link for an organisation with expected responses, copies it, and it opens the survey', async () => {
  const { context, page, errors } = await adminContext(WIDTHS.desktop)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL })
  await openManager(page)
  const panel = page.getByTestId('link-generator')
  await panel.getByRole('option', { name: org.name }).waitFor({ state: 'attached' })
  await panel.getByLabel('Organisation').selectOption({ label: org.name })
  const questionnaire = await panel.getByLabel('Questionnaire').evaluate((s) => s.options[s.selectedIndex].text)
  assert.match(questionnaire, /^Staff/, 'the first active questionnaire is the Staff one')
  // Section 5: e, E, +, -, dot and comma never reach the field.
  const expected = panel.getByLabel('Expected responses')
  await expected.click()
  await page.keyboard.type('e-+.,E')
  assert.equal(await expected.inputValue(), '')
  await page.keyboard.type(String(EXPECTED))
  await panel.getByRole('button', { name: 'Generate link' }).click()

  const toast = page.getByTestId('toast-success').filter({ hasText: 'Survey Link generated succesfully' })
  await toast.waitFor()
  const link = page.getByTestId('generated-link')
  await link.waitFor()
  surveyUrl = await link.getByLabel('Survey link').inputValue()
  assert.match(surveyUrl, /\/Questionnaire\/SurveyQuestions\?inviteCode=[0-9a-f]{32}$/)
  assert.match(await link.innerText(), new RegExp(`Link for ${org.name}, ${questionnaire.replace(/[()]/g, '\\$&')}`))
  await page.screenshot({ path: join(SHOTS, 'questionnaire-manager-link-1280.png'), fullPage: true })

  await link.getByRole('button', { name: 'Copy link' }).click()
  await page.getByTestId('toast-success').filter({ hasText: 'Survey link copied to clipboard!' }).waitFor()
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), surveyUrl)

  // The card follows the projection: its expected responses include these, and it offers Preview.
  const staffCard = card(page, questionnaire)
  await page.waitForFunction((title) => {
    const c = [...document.querySelectorAll('[data-testid="survey-card"]')].find((el) => el.querySelector('h3')?.textContent === title)
    const bar = c?.querySelector('[data-testid="survey-responses"] [role="progressbar"]')
    return /of ([1-9]\d*) expected responses/.test(bar?.getAttribute('aria-valuetext') ?? '')
  }, questionnaire, { timeout: 15_000 })
  const summary = (await admin.json('GET', '/api/healthcheck/getSummarisedHealthCheck')).data.find((q) => q.questionnaireDescription === questionnaire)
  assert.ok(summary.totalExpectedResponses >= EXPECTED)
  assert.equal(await staffCard.getByRole('progressbar', { name: 'Completed questionnaires' }).getAttribute('aria-valuetext'),
    `${summary.totalActualResponses} of ${summary.totalExpectedResponses} expected responses`)
  const preview = staffCard.getByRole('link', { name: `Preview ${questionnaire}` })
  const code = new URL(surveyUrl).searchParams.get('inviteCode')
  assert.equal(await preview.getAttribute('href'), `/Questionnaire/SurveyQuestions?inviteCode=${code}&Preview=true`)
  await preview.click()
  await page.getByText('Preview: answers are not recorded.').waitFor()
  assert.equal(await page.getByRole('button', { name: 'Submit survey' }).count(), 0)
  assert.deepEqual(errors, [])
  await context.close()

  // The link (its path on this server: GBVF_BASE_URL is not set in the e2e run) opens the survey
  // page for anyone, without an account; one respondent answers.
  const url = new URL(surveyUrl)
  const respondent = await browser.newContext({ viewport: WIDTHS.mobile })
  const survey = await respondent.newPage()
  await survey.goto(`${BASE_URL}${url.pathname}${url.search}`, { waitUntil: 'domcontentloaded' })
  await survey.getByRole('heading', { level: 1, name: questionnaire }).waitFor({ timeout: 30_000 })
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
    await page.getByRole('option', { name: org.name }).waitFor({ state: 'attached' })
    await page.screenshot({ path: join(SHOTS, `questionnaire-manager-${viewport.width}.png`), fullPage: true })
    assert.deepEqual(errors, [], name)
    await context.close()
  }
})

test("the public health-check cards show the server's figures", async () => {
  // The dashboard's healthCheck is the public statistics of the boundary.
  const stats = (await api('/healthcheck/stats?boundaryId=1')).data
  const dashboard = await api('/dashboard?boundaryId=1')
  assert.deepEqual(dashboard.healthCheck.healthCheckStats, stats.healthCheckStats)
  assert.deepEqual(dashboard.healthCheck.byQuarter, stats.byQuarter)
  const organisations = stats.healthCheckStats.reduce((n, s) => n + s.organisationCount, 0)
  assert.ok(organisations >= 1, 'the approved organisation is counted in Reach')
  // The response just given is in the current calendar quarter's figures (projections follow).
  let byQuarter = stats.byQuarter
  for (let i = 0; i < 50 && !byQuarter.length; i++) {
    await new Promise((r) => setTimeout(r, 200))
    byQuarter = (await api('/healthcheck/stats?boundaryId=1')).data.byQuarter
  }
  assert.ok(byQuarter.length >= 1, 'a quarter with responses')
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    const errors = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${BASE_URL}/home/chart?boundaryId=1&boundaryTypeId=1&componentId=2`, { waitUntil: 'domcontentloaded' })
    await waitForApp(page)
    const reach = page.getByTestId('card-reach')
    await reach.locator('svg').first().waitFor({ timeout: 30_000 })
    const surveys = page.getByTestId('card-surveys')
    await surveys.locator('svg').first().waitFor({ timeout: 30_000 })
    const text = await surveys.innerText()
    for (const q of byQuarter) {
      const [y, n] = q.quarter.split('Q')
      assert.match(text, new RegExp(`Participating organisations, Q${n} ${y.slice(2)}\\s*${q.participatingOrganisations}`))
    }
    if (stats.overall.overalMaturity == null) assert.match(text, /Maturity is shown only where/)
    await surveys.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(SHOTS, `health-check-cards-${viewport.width}.png`), fullPage: name === 'desktop' })
    if (name === 'mobile') {
      await reach.scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(SHOTS, `health-check-reach-${viewport.width}.png`) })
    }
    assert.deepEqual(errors, [], name)
    await context.close()
  }
})
