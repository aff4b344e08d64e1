// The survey on a phone that loses its connection (docs/decisions/0080-offline-survey.md): a
// respondent opens an invite link, answers half, loses signal and reloads — the survey and the
// answers so far are still there (service worker and IndexedDB); finishing and submitting
// offline says the response is saved on the phone; closing the page, coming back online and
// reopening the link sends it, and the server records it exactly once (events counted in the
// database) while the organisation's completed count rises by one. Needs DATABASE_URL (the
// server's database) and psql. Screenshots at 390×844.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { AxeBuilder } from '@axe-core/playwright'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, assertReachable, screenshot } from './lib/app.mjs'
import { adminSession, approveOrganisation, eventually, registerOrganisation } from './lib/api-session.mjs'
import { uniqueEmail } from './lib/accounts.mjs'

const run = promisify(execFile)
const SAVED = 'Saved on this phone. It will be sent when you are back online.'
const browser = useBrowser(assertReachable)

/** One number from the server's database. */
async function scalar(sql) {
  assert.ok(process.env.DATABASE_URL, 'DATABASE_URL (the e2e database) must be set')
  const { stdout } = await run('psql', [process.env.DATABASE_URL, '-tAc', sql], { timeout: WAIT_MS })
  return Number(stdout.trim())
}

async function until(check, what) {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    if (await check()) return
    assert.ok(Date.now() < deadline, `timed out waiting: ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** A new approved organisation with an invite link, and counters of what the server recorded. */
async function newLink(label) {
  const admin = await adminSession(uniqueEmail(`${label}-admin`), 'Offline(Key)7Harbour')
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const org = {
    first: 'Lindiwe',
    last: 'Offline',
    email: uniqueEmail(`${label}-org`),
    name: `E2E ${label} College ${stamp}`,
  }
  await registerOrganisation(org)
  const organisationId = await eventually(() => approveOrganisation(admin, org.name))
  const link = await eventually(async () => {
    const answer = await admin.json('POST', '/api/healthcheck/inviteCode', {
      QuestionnaireId: 'staff-v1',
      ExpectedResponses: 5,
      OrganisationId: organisationId,
    })
    assert.equal(answer.success, true, JSON.stringify(answer))
    return answer
  })
  const hc = link.healthCheckId
  const url = `${BASE_URL}/Questionnaire/SurveyQuestions?inviteCode=${link.inviteCode}`
  const responses = () =>
    scalar(`SELECT count(*) FROM events WHERE aggregate_type = 'survey_response' AND aggregate_id LIKE '${hc}/%'`)
  const admitted = () =>
    scalar(
      `SELECT count(*) FROM events WHERE aggregate_type = 'health_check' AND aggregate_id = '${hc}' AND event_type = 'SurveyResponseAdmitted'`,
    )
  const completed = () =>
    scalar(`SELECT coalesce(max(actual_responses), 0) FROM health_check WHERE health_check_id = '${hc}'`)
  return { url, responses, admitted, completed }
}

test('a response given offline is kept on the phone and recorded once when the connection returns', async () => {
  const { url, responses, admitted, completed } = await newLink('offline')
  const completedBefore = await completed()

  const context = await browser().newContext({ viewport: VIEWPORTS.mobile, serviceWorkers: 'allow' })
  const errors = []
  const watch = (page) => page.on('pageerror', (error) => errors.push(error.message))
  let page = await context.newPage()
  watch(page)
  await page.goto(url)
  await page.getByRole('button', { name: 'Submit survey' }).waitFor({ timeout: WAIT_MS })
  // The service worker has taken the page and kept what it loaded.
  await until(
    () => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)),
    'the service worker controls the page',
  )
  await until(
    () => page.evaluate(async () => (await (await caches.open('gbvf-survey')).keys()).length >= 2),
    'the page and its questions are kept',
  )

  // The survey's own page is accessible (WCAG 2.1 AA rules of axe), lang set.
  assert.equal(await page.getAttribute('html', 'lang'), 'en-ZA')
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  assert.deepEqual(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    [],
  )

  // Half the questions, one choice each.
  const questions = page.locator('fieldset.survey-question')
  const total = await questions.count()
  assert.ok(total >= 10, `${total} questions`)
  const half = Math.floor(total / 2)
  for (let i = 0; i < half; i++) await questions.nth(i).locator('input').first().check()
  await page.getByText(`${half} of ${total} questions answered`).waitFor()

  // No signal; reload: the survey and the answers so far are still there.
  await context.setOffline(true)
  await page.reload()
  await page.getByRole('button', { name: 'Submit survey' }).waitFor({ timeout: WAIT_MS })
  await page.getByText(`${half} of ${total} questions answered`).waitFor({ timeout: WAIT_MS })
  for (let i = 0; i < half; i++)
    assert.ok(await questions.nth(i).locator('input').first().isChecked(), `answer ${i} kept`)
  await screenshot(page, 'survey-offline-reloaded-mobile', { fullPage: false })

  // Finish and submit offline: saved on the phone, nothing reached the server.
  for (let i = half; i < total; i++) await questions.nth(i).locator('input').first().check()
  const clicked = Date.now()
  await page.getByRole('button', { name: 'Submit survey' }).click()
  await page.getByText(SAVED).waitFor({ timeout: WAIT_MS })
  console.log(`# offline: "Saved on this phone" ${Date.now() - clicked} ms after the click`)
  await screenshot(page, 'survey-offline-queued-mobile')
  assert.equal(await responses(), 0, 'nothing recorded while offline')
  await page.close()

  // Back online; the link opened again sends the kept response, once.
  await context.setOffline(false)
  page = await context.newPage()
  watch(page)
  await page.goto(url)
  await page.getByText(/Your response was sent on .* and has been recorded\./).waitFor({ timeout: WAIT_MS })
  await screenshot(page, 'survey-offline-sent-mobile')
  await until(async () => (await completed()) === completedBefore + 1, 'the completed count rises by one')
  // A second tab, a replay: still one response and one place under the cap.
  const again = await context.newPage()
  await again.goto(url)
  await again
    .getByText(/sent on|already completed/)
    .first()
    .waitFor({ timeout: WAIT_MS })
  await new Promise((r) => setTimeout(r, 1500))
  assert.equal(await responses(), 1, 'one SurveyResponseSubmitted')
  assert.equal(await admitted(), 1, 'one SurveyResponseAdmitted')
  assert.equal(await completed(), completedBefore + 1)
  assert.deepEqual(errors, [])
  await context.close()
})

test('a submission the network never answers is kept on the phone at once and sent when it can be', async () => {
  // A phone that says it is online but whose connection answers nothing (a dead cell, a captive
  // portal): the browser alone would wait minutes. No service worker here, so that the page's
  // own request is the one held.
  const { url, responses, completed } = await newLink('liefi')
  const completedBefore = await completed()
  const context = await browser().newContext({ viewport: VIEWPORTS.mobile, serviceWorkers: 'block' })
  const page = await context.newPage()
  const held = []
  await page.route('**/api/healthcheck/survey', (route) =>
    route.request().method() === 'POST' ? held.push(route) : route.continue(),
  )
  await page.goto(url)
  await page.getByRole('button', { name: 'Submit survey' }).waitFor()
  const questions = page.locator('fieldset.survey-question')
  const total = await questions.count()
  for (let i = 0; i < total; i++) await questions.nth(i).locator('input').first().check()
  assert.equal(await page.evaluate(() => navigator.onLine), true)
  const clicked = Date.now()
  await page.getByRole('button', { name: 'Submit survey' }).click()
  await page.getByText(SAVED).waitFor({ timeout: WAIT_MS })
  console.log(`# no answer from the network: "Saved on this phone" ${Date.now() - clicked} ms after the click`)
  assert.ok(held.length >= 1, 'the submission was sent and held')
  assert.equal(await responses(), 0, 'nothing recorded while the network answers nothing')

  // The connection works again: the page tries again by itself (no online event comes), once.
  await page.unroute('**/api/healthcheck/survey')
  await page.getByText(/Your response was sent on .* and has been recorded\./).waitFor({ timeout: WAIT_MS })
  await until(async () => (await completed()) === completedBefore + 1, 'the completed count rises by one')
  assert.equal(await responses(), 1, 'one SurveyResponseSubmitted')
  await context.close()
})
