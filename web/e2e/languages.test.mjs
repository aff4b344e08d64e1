// Languages (docs/translators.md): a browser that prefers isiZulu opens the dashboard in isiZulu
// with `<html lang="zu">` and the "under review" note of an unreviewed catalog; the reader picks
// Afrikaans from the header and the choice outlives a reload; English drops the note and gives
// `en-ZA` back. The survey follows the same choice. axe stays clean with `lang` set. Screenshots of
// the picker, the dashboard and the survey in isiZulu at 1366 and 390 px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { AxeBuilder } from '@axe-core/playwright'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, assertReachable, screenshot, waitForApp } from './lib/app.mjs'
import { adminSession, approveOrganisation, eventually, registerOrganisation } from './lib/api-session.mjs'
import { uniqueEmail } from './lib/accounts.mjs'

const browser = useBrowser(assertReachable)
const lang = (page) => page.evaluate(() => document.documentElement.lang)

async function axeClean(page, label) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.maplibregl-canvas-container')
    .analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  assert.deepEqual(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
    `${label}: axe`,
  )
}

test('the browser’s language first, the reader’s choice remembered, lang follows', async () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser().newContext({ viewport, locale: 'zu-ZA' })
    const page = await context.newPage()
    await page.goto(`${BASE_URL}/home`)
    await waitForApp(page)
    assert.equal(await lang(page), 'zu', 'offered from navigator.languages')
    await page.getByRole('navigation', { name: 'Ukubuka kwedeshibhodi' }).waitFor()
    await page.getByTestId('translation-note').getByText('Ukuhumusha kusabuyekezwa.').waitFor()
    const picker = page.getByLabel('Ulimi')
    assert.equal(await picker.inputValue(), 'zu')
    await page.waitForTimeout(1500)
    await screenshot(page, `language-zu-home-${name}`)
    await screenshot(page, `language-zu-home-full-${name}`, { fullPage: true })
    if (name === 'desktop') await axeClean(page, 'home in isiZulu')

    await picker.selectOption('af')
    await page.getByRole('navigation', { name: 'Paneelbordaansigte' }).waitFor()
    assert.equal(await lang(page), 'af')
    await page.reload()
    await waitForApp(page)
    assert.equal(await lang(page), 'af', 'the choice outlives a reload')
    assert.equal(await page.getByLabel('Taal').inputValue(), 'af')

    await page.getByLabel('Taal').selectOption('en')
    await page.getByRole('navigation', { name: 'Dashboard views' }).waitFor()
    assert.equal(await lang(page), 'en-ZA')
    assert.equal(await page.getByTestId('translation-note').count(), 0, 'English needs no review note')
    await context.close()
  }
})

test('the survey in isiZulu: its own words translated, the questions in English, said so', async () => {
  const admin = await adminSession(uniqueEmail('languages-admin'), 'Ulimi(Key)7Harbour')
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const org = { first: 'Sipho', last: 'Ulimi', email: uniqueEmail('languages-org'), name: `E2E Ulimi College ${stamp}` }
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
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser().newContext({ viewport })
    await context.addInitScript(() => localStorage.setItem('gbvf.language', 'zu'))
    const page = await context.newPage()
    await page.goto(`${BASE_URL}/Questionnaire/SurveyQuestions?inviteCode=${link.inviteCode}`)
    await page.getByRole('button', { name: 'Thumela inhlolovo' }).waitFor({ timeout: WAIT_MS })
    assert.equal(await lang(page), 'zu')
    assert.match(await page.title(), /Inhlolovo/)
    await page.getByTestId('translation-note').waitFor()
    // No reviewed isiZulu translation of the questions: they are in English, and the page says so.
    await page.getByTestId('survey-in-english').waitFor()
    await screenshot(page, `language-zu-survey-${name}`)
    if (name === 'mobile') await axeClean(page, 'survey in isiZulu')
    await context.close()
  }
})
