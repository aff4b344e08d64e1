// A questionnaire translation in the browser (docs/translators.md "The survey's questions"): the
// operator makes a template with `gbvf questionnaire-translation template`, loads the filled-in
// file; a respondent who reads isiZulu still gets the questions in English, told so, until a
// reviewer approves the text; then the questions come in the translation, marked `lang="zu"`,
// and the response is recorded under the questionnaire's own question ids. The texts here are
// stand-ins ("[zu <stamp>] <English>"), not a translation. The Students questionnaire is used
// and the translation withdrawn at the end, so no other test meets it. Needs GBVF_BIN,
// DATABASE_URL and psql. Screenshots at 390 and 1366 px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { AxeBuilder } from '@axe-core/playwright'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, assertReachable, screenshot } from './lib/app.mjs'
import { adminSession, approveOrganisation, eventually, registerOrganisation } from './lib/api-session.mjs'
import { uniqueEmail } from './lib/accounts.mjs'

const run = promisify(execFile)
const browser = useBrowser(assertReachable)

/** `gbvf questionnaire-translation <args>` against the server's database: its standard output. */
async function operator(...args) {
  assert.ok(process.env.GBVF_BIN, 'GBVF_BIN (the gbvf binary) must be set')
  assert.ok(process.env.DATABASE_URL, 'DATABASE_URL (the e2e database) must be set')
  const { stdout } = await run(process.env.GBVF_BIN, ['questionnaire-translation', ...args], {
    timeout: 120_000,
    env: { ...process.env, RUST_LOG: 'warn' },
  })
  return stdout
}

async function scalar(sql) {
  const { stdout } = await run('psql', [process.env.DATABASE_URL, '-tAc', sql], { timeout: WAIT_MS })
  return stdout.trim()
}

test('a reviewed translation of the questions is offered to readers of its language only', async () => {
  const admin = await adminSession(uniqueEmail('translation-admin'), 'Humusha(Key)7Harbour')
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const org = {
    first: 'Nomsa',
    last: 'Humusha',
    email: uniqueEmail('translation-org'),
    name: `E2E Humusha TVET ${stamp}`,
  }
  await registerOrganisation(org, 4)
  const organisationId = await eventually(() => approveOrganisation(admin, org.name))
  const link = await eventually(async () => {
    const answer = await admin.json('POST', '/api/healthcheck/inviteCode', {
      QuestionnaireId: 'students-v1',
      ExpectedResponses: 5,
      OrganisationId: organisationId,
    })
    assert.equal(answer.success, true, JSON.stringify(answer))
    return answer
  })
  const url = `${BASE_URL}/Questionnaire/SurveyQuestions?inviteCode=${link.inviteCode}`
  const marker = `[zu ${stamp}]`

  // The translator's file, made from the English questionnaire and filled in.
  const file = JSON.parse(await operator('template', '--questionnaire', 'students-v1', '--language', 'zu'))
  const fill = (t) => (t.text = `${marker} ${t.english}`)
  fill(file.title)
  for (const q of file.questions) {
    fill(q)
    q.answers.forEach(fill)
  }
  const path = join(mkdtempSync(join(tmpdir(), 'gbvf-translation-')), 'students-v1.zu.json')
  writeFileSync(path, JSON.stringify(file, null, 2))
  await operator('load', path, '--translator', 'E2E Translator')

  const reader = async (viewport, language) => {
    const context = await browser().newContext({ viewport })
    await context.addInitScript((code) => localStorage.setItem('gbvf.language', code), language)
    const page = await context.newPage()
    await page.goto(url)
    await page.locator('fieldset.survey-question').first().waitFor({ timeout: WAIT_MS })
    return { context, page }
  }
  try {
    // Loaded, not reviewed: English, and said so.
    let { context, page } = await reader(VIEWPORTS.mobile, 'zu')
    await page.getByTestId('survey-in-english').waitFor()
    assert.equal(await page.getByText(marker).count(), 0, 'an unreviewed translation is not shown')
    await context.close()

    await operator('review', '--questionnaire', 'students-v1', '--language', 'zu', '--reviewer', 'E2E Reviewer')
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      ;({ context, page } = await reader(viewport, 'zu'))
      await page.getByRole('heading', { level: 1, name: new RegExp(`^\\[zu ${stamp}\\] Students`) }).waitFor()
      assert.equal(await page.getByTestId('survey-in-english').count(), 0)
      const legend = page.locator('fieldset.survey-question legend span[lang="zu"]').first()
      assert.match(await legend.innerText(), new RegExp(`^\\[zu ${stamp}\\] `))
      await screenshot(page, `survey-translated-zu-${name}`)
      if (name === 'mobile') {
        const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
        assert.deepEqual(
          axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
          [],
        )
        // Answered in isiZulu: recorded under the questionnaire's own ids.
        const questions = page.locator('fieldset.survey-question')
        const total = await questions.count()
        for (let i = 0; i < total; i++) await questions.nth(i).locator('input').first().check()
        await page.getByRole('button', { name: 'Thumela inhlolovo' }).click()
        await page.locator('.survey-done').waitFor({ timeout: WAIT_MS })
      }
      await context.close()
    }
    // Afrikaans has no reviewed translation: English, said so.
    ;({ context, page } = await reader(VIEWPORTS.mobile, 'af'))
    await page.getByTestId('survey-in-english').waitFor()
    await context.close()

    const ids = await eventually(async () => {
      const answer = await scalar(
        `SELECT string_agg(a->>'questionId', ',' ORDER BY a->>'questionId' COLLATE "C") FROM events,
           json_array_elements(payload->'SurveyResponseSubmitted'->'answers') a
         WHERE aggregate_type = 'survey_response' AND aggregate_id LIKE '${link.healthCheckId}/%'`,
      )
      assert.ok(answer, 'the response is recorded')
      return answer
    })
    const english = file.questions.map((q) => q.questionId).sort()
    assert.deepEqual(ids.split(','), english)
  } finally {
    await operator('withdraw', '--questionnaire', 'students-v1', '--language', 'zu').catch(() => undefined)
  }
})
