// Collective actions against the real server with the shipped data imported:
// the per-pillar and per-cycle cards show the real End GBVF 100-Day Challenges (cycle figures
// checked against the API and the shipped CSV's counts), pillar filters from the query string,
// the orange map at local level with pins opening the collective-action card with its source
// link, and the administrator's journey: record a collective action in a municipality, see it
// active on the map and the cards, complete it, see it move to Completed; the screen's former
// address /admin/challenges/ leads to /admin/collective-actions/. Screenshots at 1366×768 and
// 390×844.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile, mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, SCREENSHOTS, VIEWPORTS, api, assertReachable, open, screenshot } from './lib/app.mjs'
import { createAdmin, nextCode, typeOtp, uniqueEmail } from './lib/accounts.mjs'

const CSV = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'challenges', 'challenges.csv')
const adminEmail = uniqueEmail('collective-actions-admin')
const password = 'Orange(Pin)7Cycle'
const team = `E2E Polokwane team ${Date.now().toString(36)}`

let launched
let browser
let adminState

/** Counts per cycle label from the shipped CSV (cycle, else year, else "Year not stated"). */
async function csvCycleCounts() {
  const text = await readFile(CSV, 'utf8')
  const lines = text.trim().split('\n').slice(1)
  const counts = {}
  for (const line of lines) {
    // The first three columns never hold commas or quotes: challenge_id, year, cycle.
    const [, year, cycle] = line.split(',')
    const label = cycle || year || 'Year not stated'
    counts[label] = (counts[label] ?? 0) + 1
  }
  return { counts, rows: lines.length }
}

async function polokwaneId() {
  const list = await api('/geography/boundary/list/3?filter=Polokwane')
  const p = list.find((b) => b.description === 'Polokwane Local Municipality')
  assert.ok(p, 'Polokwane municipality')
  return p
}

async function signIn() {
  await createAdmin(adminEmail)
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
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
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.waitForURL(/\/auth\/login\/$/)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/admin\/$/, { timeout: WAIT_MS })
  adminState = await context.storageState()
  await context.close()
}

before(async () => {
  await assertReachable()
  await mkdir(SCREENSHOTS, { recursive: true })
  launched = await launchBrowser()
  browser = launched.browser
})
after(async () => {
  await launched?.close()
})

test('cards per pillar and per cycle show the shipped collective actions; filters from the query string', async () => {
  const { counts, rows } = await csvCycleCounts()
  const dashboard = await api('/dashboard?boundaryId=1')
  const ca = dashboard.collectiveAction
  assert.ok(ca.totalActions >= rows, `${ca.totalActions} >= ${rows} shipped rows`)
  for (const [label, n] of Object.entries(counts)) {
    const cycle = ca.cycles.find((c) => c.description === label)
    assert.ok(cycle, label)
    assert.ok(cycle.totalCollectiveActions >= n, `${label}: ${cycle.totalCollectiveActions} >= ${n}`)
  }
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    const errors = []
    page.on('pageerror', (e) => errors.push(e.message))
    await open(page, '/home/chart?boundaryId=1&boundaryTypeId=1&componentId=4')
    const pillar = page.getByTestId('card-pillar')
    await pillar.waitFor()
    await pillar.locator('svg').first().waitFor({ timeout: WAIT_MS })
    const text = await pillar.innerText()
    assert.match(text, /Active Challenges/)
    assert.match(text, /Past Challenges/)
    await page.getByTestId('card-cycle').locator('svg').first().waitFor({ timeout: WAIT_MS })
    await screenshot(page, `collective-actions-cards-${name}`, { fullPage: true })
    assert.deepEqual(errors, [])
    await context.close()
  }
  // Pillar 3 only, courts only: the cards' data follow the query string.
  const p3 = await api('/dashboard?boundaryId=1&componentId=4&componentSubOptions=3-2')
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  const answer = page.waitForResponse(
    (r) => r.url().includes('/api/dashboard?') && r.url().includes('componentSubOptions=3-2'),
  )
  await open(page, '/home/chart?boundaryId=1&boundaryTypeId=1&componentId=4&componentOptions=3&componentSubOptions=3-2')
  const body = await (await answer).json()
  assert.equal(body.collectiveAction.totalActions, p3.collectiveAction.totalActions)
  await context.close()
})

test('the map at local level: pins open the collective-action card with the source link', async () => {
  const polokwane = await polokwaneId()
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await open(page, `/home/map?boundaryId=${polokwane.boundaryId}&boundaryTypeId=3&componentId=4`)
    const map = page.getByTestId('actions-map')
    await page.locator('[data-testid="actions-map"][data-ready="true"]').waitFor({ timeout: WAIT_MS })
    const pin = page.getByTestId('collective-action-pin').filter({ hasText: 'Polokwane' }).first()
    await pin.waitFor()
    await screenshot(page, `collective-actions-map-${name}`)
    await pin.click()
    const card = page.getByTestId('collective-action-card')
    await card.waitFor()
    const link = card.locator('a.collective-action__source').first()
    assert.match(await link.getAttribute('href'), /^https?:\/\//)
    await screenshot(page, `collective-actions-card-${name}`)
    assert.ok(await map.count())
    await context.close()
  }
})

test('an administrator records a collective action; it is active on the map and cards, then completed', async () => {
  await signIn()
  const polokwane = await polokwaneId()
  const before = (await api('/dashboard?boundaryId=1')).collectiveAction
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, storageState: adminState })
  const page = await context.newPage()
  // The screen's former address, kept for bookmarks, leads to /admin/collective-actions/.
  await page.goto(`${BASE_URL}/admin/challenges/`)
  await page.waitForURL(/\/admin\/collective-actions\/$/, { timeout: WAIT_MS })
  const form = page.getByTestId('record-collective-action')
  await form.waitFor()
  await form.getByLabel('Team name').fill(team)
  await form.getByLabel('Goal').fill('Finalise 50 domestic-violence cases in 100 days')
  await form.getByLabel('Municipality', { exact: true }).selectOption(String(polokwane.boundaryId))
  await form.getByLabel('Pillar', { exact: true }).selectOption('3')
  await form.getByLabel('Start date').fill('2026-01-01')
  await form.getByLabel('End date').fill('2030-12-31')
  await form.getByRole('button', { name: 'Save challenge' }).click()
  await page.getByTestId('collective-action-notice').filter({ hasText: 'The challenge has been recorded.' }).waitFor()
  await screenshot(page, 'collective-actions-admin-desktop', { fullPage: true })

  // Within a second it is active on the public map and cards.
  const recordedAt = Date.now()
  const pub = await browser.newPage({ viewport: VIEWPORTS.desktop })
  await open(pub, `/home/map?boundaryId=${polokwane.boundaryId}&boundaryTypeId=3&componentId=4`)
  const pin = pub.getByTestId('collective-action-pin').filter({ hasText: team })
  await pin.waitFor({ timeout: WAIT_MS })
  assert.equal(await pin.getAttribute('data-active'), 'true')
  const after = (await api('/dashboard?boundaryId=1')).collectiveAction
  assert.equal(after.activeCollectiveActions, before.activeCollectiveActions + 1)
  assert.ok(Date.now() - recordedAt < 10_000)
  await pin.click()
  await pub.getByTestId('collective-actions-active').filter({ hasText: team }).waitFor()
  await screenshot(pub, 'collective-actions-recorded-active-desktop')
  const mobile = await browser.newPage({ viewport: VIEWPORTS.mobile })
  await open(mobile, `/home/map?boundaryId=${polokwane.boundaryId}&boundaryTypeId=3&componentId=4`)
  await mobile.getByTestId('collective-action-pin').filter({ hasText: team }).waitFor({ timeout: WAIT_MS })
  await screenshot(mobile, 'collective-actions-recorded-active-mobile', { fullPage: true })

  // The table's state column: the new action is active; a shipped action without dates that
  // nobody completed is not active, and not called completed either.
  const row = page.locator(`tr[data-name="${team}"]`)
  await row.waitFor({ timeout: WAIT_MS })
  const table = page.getByTestId('collective-action-table')
  assert.equal((await table.locator('th').nth(3).textContent()).trim(), 'Status')
  assert.equal((await row.locator('td').nth(3).textContent()).trim(), 'Active')
  const undated = page.locator('tr', { hasText: 'Dates not stated' })
  assert.ok((await undated.count()) > 0, 'the shipped data has undated actions')
  assert.equal((await undated.first().locator('td').nth(3).textContent()).trim(), 'Not active')

  // Complete it: it moves to Completed.
  await row.getByTestId('complete-collective-action').click()
  await page.getByTestId('collective-action-notice').filter({ hasText: 'The challenge has been completed.' }).waitFor()
  const deadline = Date.now() + WAIT_MS
  let done
  for (;;) {
    done = (await api('/dashboard?boundaryId=1')).collectiveAction
    if (done.activeCollectiveActions === before.activeCollectiveActions || Date.now() > deadline) break
    await new Promise((r) => setTimeout(r, 100))
  }
  assert.equal(done.activeCollectiveActions, before.activeCollectiveActions)
  await row.locator('td', { hasText: /^Completed$/ }).waitFor({ timeout: WAIT_MS })
  await open(pub, `/home/map?boundaryId=${polokwane.boundaryId}&boundaryTypeId=3&componentId=4`)
  const donePin = pub.getByTestId('collective-action-pin').filter({ hasText: team })
  await donePin.waitFor({ timeout: WAIT_MS })
  assert.equal(await donePin.getAttribute('data-active'), 'false')
  await donePin.click()
  await pub.getByTestId('collective-actions-completed').filter({ hasText: team }).waitFor()
  await screenshot(pub, 'collective-actions-completed-desktop')
  await context.close()
})
