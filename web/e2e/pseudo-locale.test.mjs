// The pseudo-locale (docs/translators.md): with `en-XA` chosen, every message of a catalog shows
// accented and in brackets ("[Ŀǿĝīƞ]"), so words left in plain Latin letters are words that do not
// come from a catalog. On every public route, the account screens, a signed-in profile and the
// survey (a real link and a broken one), the admin console, the organisation's health check and
// the building-block screens, the visible text, labels, titles and placeholders hold
// no plain Latin word that is not a data value: a string the server sent in a JSON answer on that
// page (names of places, organisations, questions, the open data catalogue's titles). The
// detector is first shown to fail on a planted English sentence, so a pass means something.
// Also: `<html lang>` is the pseudo-locale.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, PUBLIC_ROUTES, VIEWPORTS, assertReachable, waitForApp } from './lib/app.mjs'
import { adminSession, approveOrganisation, eventually, registerOrganisation } from './lib/api-session.mjs'
import { uniqueEmail } from './lib/accounts.mjs'

const browser = useBrowser(assertReachable)
const PSEUDO = 'en-XA'

/** Every string value in a JSON answer. */
function strings(value, out) {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out))
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out))
}

/** A page in the pseudo-locale that keeps every string the API sent it (the data values). */
async function pseudoPage() {
  const context = await browser().newContext({ viewport: VIEWPORTS.desktop })
  await context.addInitScript((code) => localStorage.setItem('gbvf.language', code), PSEUDO)
  const page = await context.newPage()
  const data = []
  page.on('response', async (response) => {
    // The API's answers, and the open data catalogue (served outside /api, as JSON-LD).
    const url = response.url()
    const answer = url.includes('/api/') || new URL(url).pathname === '/data/catalog.jsonld'
    if (!answer || !(response.headers()['content-type'] ?? '').includes('json')) return
    try {
      strings(await response.json(), data)
    } catch {
      // A body that is gone (navigation) or not JSON after all.
    }
  })
  return { context, page, data }
}

/** Visible text nodes and the accessible names, titles and placeholders written on the page. */
function pageTexts(page) {
  return page.evaluate(() => {
    const out = [document.title]
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style, noscript, [translate="no"]')) continue
      if (!parent.checkVisibility()) continue
      out.push(node.textContent ?? '')
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (el.closest('[translate="no"]') || !el.checkVisibility()) continue
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)
        if (value) out.push(value)
      }
    }
    return out
  })
}

/** Texts with plain Latin words outside the catalogs' bracketed messages and outside the data. */
function untranslated(texts, data) {
  const all = data.join('\u0000')
  const found = new Set()
  for (const text of texts) {
    // A catalog message is one bracketed run; data may sit inside it ("[Ḿȧƥ ǿƒ Gauteng]").
    const rest = text
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      // A data value cut short to fit ("Assault with the intent to infl...").
      .replace(/(\.\.\.|…)$/, '')
    if (!/[A-Za-z]{2,}/.test(rest)) continue
    if (all.includes(rest)) continue
    // Several data values in one text node ("Gauteng, Ekurhuleni"): each part must be data.
    const parts = rest.split(/[\s,;:()/|–-]+/).filter((p) => /[A-Za-z]{2,}/.test(p))
    if (parts.every((p) => all.includes(p))) continue
    found.add(rest.slice(0, 120))
  }
  return [...found]
}

/** What on `page` is not from a catalog, each prefixed with `label`; the page's lang checked. */
async function check(page, data, label) {
  await page.waitForTimeout(800)
  const lang = await page.evaluate(() => document.documentElement.lang)
  assert.equal(lang, PSEUDO, `${label}: <html lang>`)
  return untranslated(await pageTexts(page), data).map((text) => `${label}: ${text}`)
}

test('the detector finds English that is not in a catalog', async () => {
  const { context, page, data } = await pseudoPage()
  await page.goto(`${BASE_URL}/home`)
  await waitForApp(page)
  await page.evaluate(() => {
    const p = document.createElement('p')
    p.textContent = 'Planted words nobody translated'
    document.querySelector('main')?.append(p)
    document.querySelector('main')?.setAttribute('aria-label', 'Planted label')
  })
  const found = untranslated(await pageTexts(page), data)
  assert.ok(found.includes('Planted words nobody translated'), JSON.stringify(found))
  assert.ok(found.includes('Planted label'), JSON.stringify(found))
  await context.close()
})

test('every public route and account screen comes from the catalogs', async () => {
  const { context, page, data } = await pseudoPage()
  const found = []
  for (const route of [
    ...PUBLIC_ROUTES,
    '/auth/login/',
    '/auth/sign-up/',
    '/auth/forgot-password/',
    '/Questionnaire/SurveyQuestions?inviteCode=not-a-code',
  ]) {
    await page.goto(`${BASE_URL}${route}`)
    await waitForApp(page)
    found.push(...(await check(page, data, route)))
  }
  await context.close()
  assert.deepEqual(found, [], 'text not from a catalog')
})

/** A pseudo-locale page signed in as `email` through the API in the page's own context (its
 * cookies are the page's). */
async function signedInPseudoPage(email, password) {
  const signedIn = await pseudoPage()
  const { csrfToken } = await (await signedIn.page.request.get(`${BASE_URL}/api/auth/csrf`)).json()
  const login = await signedIn.page.request.post(`${BASE_URL}/api/auth/login`, {
    data: { Username: email, Password: password },
    headers: { 'x-csrf-token': csrfToken },
  })
  assert.ok(login.ok(), `login answered ${login.status()}`)
  return signedIn
}

test('a signed-in profile and a real survey come from the catalogs', async () => {
  const email = uniqueEmail('pseudo-admin')
  const password = 'Pseudo(Key)7Harbour'
  const admin = await adminSession(email, password)
  const signedIn = await signedInPseudoPage(email, password)
  await signedIn.page.goto(`${BASE_URL}/profile/`)
  await waitForApp(signedIn.page)
  await signedIn.page.locator('.profile, [data-testid="profile"]').first().waitFor({ timeout: WAIT_MS })
  const found = await check(signedIn.page, [...signedIn.data, email], '/profile/')
  await signedIn.context.close()

  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const org = { first: 'Thandi', last: 'Pseudo', email: uniqueEmail('pseudo-org'), name: `E2E Pseudo College ${stamp}` }
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
  const survey = await pseudoPage()
  await survey.page.goto(`${BASE_URL}/Questionnaire/SurveyQuestions?inviteCode=${link.inviteCode}`)
  await survey.page.locator('form .survey-question').first().waitFor({ timeout: WAIT_MS })
  found.push(...(await check(survey.page, survey.data, 'survey')))
  await survey.context.close()
  assert.deepEqual(found, [], 'text not from a catalog')
})

// The staff screens: the admin console, the organisation's health check and the building-block
// area, each waited for until its first heading shows, as an administrator (who holds every
// action) sees them.
test('the admin console and the building-block screens come from the catalogs', async () => {
  const email = uniqueEmail('pseudo-staff')
  const password = 'Pseudo(Key)7Harbour'
  await adminSession(email, password)
  const { context, page, data } = await signedInPseudoPage(email, password)
  const found = []
  for (const route of [
    '/admin/',
    '/admin/questionnaire',
    '/admin/collective-actions',
    '/admin/organisations',
    '/admin/manage-users-groups/',
    '/admin/manage-users-groups/create-user',
    '/admin/manage-users-groups/create-group',
    '/organisation/',
    '/buildingBlock/',
    '/buildingBlock/queue',
    '/buildingBlock/bulkLoad',
    '/buildingBlock/propose',
    '/buildingBlock/taxonomy',
  ]) {
    await page.goto(`${BASE_URL}${route}`)
    await waitForApp(page)
    await page.locator('main h1, main h2').first().waitFor({ timeout: WAIT_MS })
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: WAIT_MS })
    found.push(...(await check(page, [...data, email], route)))
  }
  // A user's and a group's own screens, reached from the lists as a person would.
  await page.goto(`${BASE_URL}/admin/manage-users-groups/`)
  await page.locator('a[href*="view-user/"]').first().click()
  await page.locator('main h1, main h2').first().waitFor({ timeout: WAIT_MS })
  found.push(...(await check(page, [...data, email], 'view-user')))
  await context.close()
  assert.deepEqual(found, [], 'text not from a catalog')
})
