// Helpers for the staff journeys (building-block officials and verifiers): signing in through
// the login screen, waiting for the admin screens, filling the admin's user form for government
// staff, axe on a page or a dialog, and reading the development outbox.
import assert from 'node:assert/strict'
import { AxeBuilder } from '@axe-core/playwright'
import { BASE_URL, open } from './app.mjs'
import { WAIT_MS } from './browser.mjs'

/**
 * Signs `email` in with `password` on the login screen; waits for `landing` and its data, or
 * with `landing` null only for the page to leave the sign-in screens.
 */
export async function signIn(page, email, password, landing = '/buildingBlock/') {
  await open(page, '/auth/login/')
  await page.getByRole('button', { name: 'Continue To Login' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  if (landing === null) {
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: WAIT_MS })
    return
  }
  await page.waitForURL((url) => url.pathname.startsWith(landing), { timeout: WAIT_MS })
  await page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
}

/** Waits until an admin screen has loaded. */
export async function settled(page) {
  await page.waitForSelector('main#main', { timeout: WAIT_MS })
  await page.waitForSelector('[data-testid="admin-loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
}

/**
 * Fills the admin's user form for a building-block coordinator: title Ms, `person.name`,
 * `person.email`, role Manager, relationship "Building Block Coordinator", group `person.group`
 * (its name). The area (municipalities or provinces) is the caller's.
 */
export async function fillStaffPerson(form, person) {
  await form.getByLabel('Title').selectOption({ label: 'Ms' })
  await form.getByLabel('Full name').fill(person.name)
  await form.getByLabel('Email address').fill(person.email)
  await form.getByLabel('Role', { exact: true }).selectOption({ label: 'Manager' })
  await form.getByRole('checkbox', { name: 'Building Block Coordinator' }).check()
  await form.getByTestId('groups-select').getByRole('checkbox', { name: person.group }).check()
}

/** axe-core (WCAG 2.1 A and AA) on the page, or only on `include` (a dialog): nothing serious. */
export async function axeClean(page, where, include) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  const results = await (include ? builder.include(include) : builder).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  assert.deepEqual(
    bad.map((v) => `${where}: ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    [],
  )
}

/** The development outbox (GET /dev/outbox, newest first): `{to, subject, raw}` per message. */
export async function outbox() {
  const response = await fetch(`${BASE_URL}/dev/outbox`, { signal: AbortSignal.timeout(10_000) })
  assert.ok(response.ok, `GET /dev/outbox answered ${response.status} (is GBVF_DEV_MODE=true?)`)
  return response.json()
}

/** The text of an e-mail with quoted-printable soft breaks and escapes undone. */
export function plain(raw) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
}

/**
 * Waits up to 15 s for a message to `address` whose subject matches `subject` and whose text
 * contains `needle`; returns it with its `text`.
 */
export async function mailTo(address, subject, needle = '') {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const found = (await outbox())
      .map((m) => ({ ...m, text: plain(m.raw) }))
      .find(
        (m) => m.to.toLowerCase().includes(address.toLowerCase()) && subject.test(m.subject) && m.text.includes(needle),
      )
    if (found) return found
    assert.ok(Date.now() < deadline, `no e-mail matching ${subject} with "${needle}" to ${address} in the outbox`)
    await new Promise((r) => setTimeout(r, 250))
  }
}
