// The survey on a phone that loses its connection (docs/decisions.md "Offline survey"): a
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
import { useBrowser } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, assertReachable, screenshot } from './lib/app.mjs'
import { adminSession, approveOrganisation, eventually, registerOrganisation } from './lib/api-session.mjs'
import { uniqueEmail } from './lib/accounts.mjs'

const run = promisify(execFile)
const browser = useBrowser(assertReachable)

/** One number from the server's database. */
async function scalar(sql) {
  assert.ok(process.env.DATABASE_URL, 'DATABASE_URL (the e2e database) must be set')
  const { stdout } = await run('psql', [process.env.DATABASE_URL, '-tAc', sql], { timeout: 30_000 })
  return Number(stdout.trim())
}

async function until(check, what) {
  const deadline = Date.now() + 20_000
  for (;;) {
    if (await check()) return
    assert.ok(Date.now() < deadline, `timed out waiting: ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

test('a response given offline is kept on the phone and recorded once when the connection returns', async () => {
  const admin = await adminSession(uniqueEmail('offline-admin'), 'Offline(Key)7Harbour')
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const org = {
    first: 'Lindiwe',
    last: 'Offline',
    email: uniqueEmail('offline-org'),
    name: `E2E Offline College ${stamp}`,
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
  const completedBefore = await completed()

  const context = await browser().newContext({ viewport: VIEWPORTS.mobile, serviceWorkers: 'allow' })
  const errors = []
  const watch = (page) => page.on('pageerror', (error) => errors.push(error.message))
  let page = await context.newPage()
  watch(page)
  await page.goto(url)
  await page.getByRole('button', { name: 'Submit survey' }).waitFor({ timeout: 30_000 })
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
  await page.getByRole('button', { name: 'Submit survey' }).waitFor({ timeout: 30_000 })
  await page.getByText(`${half} of ${total} questions answered`).waitFor({ timeout: 10_000 })
  for (let i = 0; i < half; i++)
    assert.ok(await questions.nth(i).locator('input').first().isChecked(), `answer ${i} kept`)
  await screenshot(page, 'survey-offline-reloaded-mobile', { fullPage: false })

  // Finish and submit offline: saved on the phone, nothing reached the server.
  for (let i = half; i < total; i++) await questions.nth(i).locator('input').first().check()
  await page.getByRole('button', { name: 'Submit survey' }).click()
  await page.getByText('Saved on this phone. It will be sent when you are back online.').waitFor({ timeout: 10_000 })
  await screenshot(page, 'survey-offline-queued-mobile')
  assert.equal(await responses(), 0, 'nothing recorded while offline')
  await page.close()

  // Back online; the link opened again sends the kept response, once.
  await context.setOffline(false)
  page = await context.newPage()
  watch(page)
  await page.goto(url)
  await page.getByText(/Your response was sent on .* and has been recorded\./).waitFor({ timeout: 30_000 })
  await screenshot(page, 'survey-offline-sent-mobile')
  await until(async () => (await completed()) === completedBefore + 1, 'the completed count rises by one')
  // A second tab, a replay: still one response and one place under the cap.
  const again = await context.newPage()
  await again.goto(url)
  await again
    .getByText(/sent on|already completed/)
    .first()
    .waitFor({ timeout: 30_000 })
  await new Promise((r) => setTimeout(r, 1500))
  assert.equal(await responses(), 1, 'one SurveyResponseSubmitted')
  assert.equal(await admitted(), 1, 'one SurveyResponseAdmitted')
  assert.equal(await completed(), completedBefore + 1)
  assert.deepEqual(errors, [])
  await context.close()
})
