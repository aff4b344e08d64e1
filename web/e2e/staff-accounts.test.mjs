// Government staff accounts, as an administrator makes them in the browser: a City of
// Johannesburg official (a municipality's designated person) and a Gauteng verifier (a
// province's designated person), neither attached to any registered organisation. The
// municipality picker groups by province and district and finds municipalities by any of them
// (the two Emalahleni municipalities can be told apart). Each official then signs in and the
// building-block dashboard is headed for who they are, with their area only.
// Screenshots at 1366×768 and 390×844.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { AxeBuilder } from '@axe-core/playwright'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, assertReachable, newPage, screenshot } from './lib/app.mjs'
import { adminSession, choosePassword } from './lib/api-session.mjs'
import { uniqueEmail } from './lib/accounts.mjs'
import { fillStaffPerson as fillPerson, settled } from './lib/staff.mjs'

const PASSWORD = 'Staff(Key)9Harbour'
const browser = useBrowser(assertReachable)

async function signIn(page, email, landing) {
  await page.goto(`${BASE_URL}/auth/login/`)
  await page.getByRole('button', { name: 'Continue To Login' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname.startsWith(landing), { timeout: WAIT_MS })
}

test('an administrator creates a municipal official and a provincial verifier without any NGO', async (t) => {
  const admin = uniqueEmail('staff-admin')
  const adminApi = await adminSession(admin, PASSWORD)
  const allMunicipalities = await adminApi.json('GET', '/api/security/getLocalMunicipalities')
  const official = {
    name: 'Thandeka Mahlangu',
    email: uniqueEmail('joburg-official'),
    group: 'Municipality designated person',
  }
  const verifier = {
    name: 'Pieter van Wyk',
    email: uniqueEmail('gauteng-verifier'),
    group: 'Province designated person',
  }

  const { context, page, errors } = await newPage(browser())
  await signIn(page, admin, '/admin/')
  await page.goto(`${BASE_URL}/admin/manage-users-groups/create-user`)
  await settled(page)
  const form = page.getByTestId('user-form')
  await form.getByLabel('Full name').waitFor()

  // The official: no company, one municipality found by its province's name.
  await fillPerson(form, official)
  const municipalities = form.getByTestId('municipalities-select')
  const search = municipalities.getByRole('searchbox')
  await search.fill('Gauteng')
  const gautengGroups = await municipalities.locator('.multi-select__group legend').allTextContents()
  assert.ok(gautengGroups.length >= 5, `Gauteng's districts are listed: ${gautengGroups}`)
  assert.ok(
    gautengGroups.every((g) => g.startsWith('Gauteng')),
    `searching "Gauteng" lists only Gauteng: ${gautengGroups}`,
  )
  // Two municipalities share the name Emalahleni; their groups tell them apart.
  await search.fill('Emalahleni')
  const emalahleni = await municipalities.locator('.multi-select__group legend').allTextContents()
  assert.equal(emalahleni.length, 2, `two Emalahleni municipalities in two places: ${emalahleni}`)
  assert.notEqual(emalahleni[0], emalahleni[1])
  await search.fill('Johannesburg')
  await municipalities.getByRole('checkbox', { name: 'City of Johannesburg Metropolitan Municipality' }).check()
  await municipalities
    .getByRole('button', { name: /^Remove City of Johannesburg Metropolitan Municipality, .*Gauteng/ })
    .waitFor()
  await screenshot(page, 'staff-official-form-desktop', { fullPage: true })
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  assert.deepEqual(
    axe.violations.map((v) => v.id),
    [],
    'the user form is axe clean',
  )
  await form.getByRole('button', { name: 'Save' }).click()
  await page.waitForURL(/\/view-user\/[^/]+$/, { timeout: WAIT_MS })
  await settled(page)
  const officialDetails = await page.getByTestId('user-details').textContent()
  assert.ok(!officialDetails.includes('Company nameE2E'), 'no company was needed')
  await page
    .getByTestId('user-municipalities-table')
    .getByText('City of Johannesburg Metropolitan Municipality')
    .waitFor()

  // The verifier: no company, the province of Gauteng.
  await page.goto(`${BASE_URL}/admin/manage-users-groups/create-user`)
  await settled(page)
  await form.getByLabel('Full name').waitFor()
  await fillPerson(form, verifier)
  await form.getByTestId('provinces-select').getByRole('checkbox', { name: 'Gauteng' }).check()
  await form.getByRole('button', { name: 'Save' }).click()
  await page.waitForURL(/\/view-user\/[^/]+$/, { timeout: WAIT_MS })
  await settled(page)
  await page.getByTestId('user-provinces-table').getByText('Gauteng').waitFor()
  await screenshot(page, 'staff-verifier-view-desktop', { fullPage: true })
  assert.deepEqual(errors, [])
  await context.close()

  // Each signs in and the dashboard says who they are, over their own area.
  await choosePassword(official.email, PASSWORD)
  await choosePassword(verifier.email, PASSWORD)
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const a = await newPage(browser(), viewport)
    await signIn(a.page, official.email, '/buildingBlock/')
    await a.page
      .getByRole('heading', {
        level: 1,
        name: 'Municipality designated person: City of Johannesburg Metropolitan Municipality',
      })
      .waitFor({ timeout: WAIT_MS })
    await a.page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
    await screenshot(a.page, `staff-official-dashboard-${name}`)
    assert.deepEqual(a.errors, [])
    await a.context.close()

    const b = await newPage(browser(), viewport)
    await signIn(b.page, verifier.email, '/buildingBlock/')
    const heading = b.page.getByRole('heading', {
      level: 1,
      name: /^Provincial designated person: Gauteng \| \d+ municipalities$/,
    })
    await heading.waitFor({ timeout: WAIT_MS })
    await b.page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
    const count = Number(/\| (\d+) municipalities/.exec(await heading.textContent())[1])
    assert.equal(
      count,
      allMunicipalities.filter((m) => m.provinceName === 'Gauteng').length,
      'the verifier covers every municipality of Gauteng',
    )
    await screenshot(b.page, `staff-verifier-dashboard-${name}`)
    assert.deepEqual(b.errors, [])
    await b.context.close()
  }
  t.diagnostic(`official ${official.email}, verifier ${verifier.email}`)
})
