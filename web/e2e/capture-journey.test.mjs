// A province's capture and verification, end to end in Chromium against the real server and
// the shipped directories: an administrator creates a City of Johannesburg official and a
// Gauteng verifier in the admin screens, neither attached to any organisation; the official
// captures two police stations, proposes a new clinic and the closing of a third station; the
// verifier finds all four on the queue page (no dashboard cell opened), sees what changed,
// verifies one capture, returns the other with a reason, and confirms the clinic and the
// closing, each after a dialog. The e-mails arrive in the outbox; the public directory and
// availability change for the three decided ones only (the time each took printed). The official then
// corrects the returned station by deleting its contact person (the specification's
// DeleteStakeholderById, behind a confirmation) and the verifier verifies it, so the area is
// left with nothing waiting. Screenshots at 1366 and 390 px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, api, assertReachable, newPage, screenshot } from './lib/app.mjs'
import { adminSession, choosePassword } from './lib/api-session.mjs'
import { uniqueEmail } from './lib/accounts.mjs'
import { axeClean, fillStaffPerson, mailTo, settled, signIn } from './lib/staff.mjs'

const browser = useBrowser(assertReachable)
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const PASSWORD = 'Journey(Key)4Gauteng'
const CLINIC = `Yeoville Community Clinic ${unique}`
const RETURN_REASON = 'The contact person has not agreed to be listed: remove them, please.'
const CLOSING_REASON = 'The satellite station closed in 2025; its cases go to the main station.'
const DIGEST = /^Building-block details waiting for your review$/
const VERIFIED = /^Building-block details verified$/
const RETURNED = /^Building-block details returned to you$/
const DECIDED = /^The province decided on your building-block proposal$/
const POLICE = 1
const CLINICS = 3

/** Building block `id`'s public figures in boundary `boundaryId` (the dashboard's call). */
async function publicBlock(boundaryId, id) {
  const data = (await api(`/dashboard?boundaryId=${boundaryId}`)).buildingBlock
  const block = data.buildingBlockCategoryStats
    .flatMap((c) => c.buildingBlockStats)
    .find((b) => b.buildingBlockId === id)
  assert.ok(block, `block ${id} on the dashboard`)
  return block
}

/** The public directory's entries of block `id` in boundary `boundaryId`. */
const directory = (boundaryId, id) => api(`/buildingblock/searchcontact?boundaryId=${boundaryId}&buildingBlockId=${id}`)

/**
 * Polls `check` (true when the public answer shows the change) every 100 ms from the decision
 * shown on screen; returns the milliseconds it took. It fails only after 15 s: the time is a
 * figure the test prints (the 2 s target is the benchmark's, section 10, where each command
 * answers after its projection applied it), never a timed assertion that a busy CI machine
 * could break.
 */
async function publicAfter(what, check) {
  const started = Date.now()
  for (;;) {
    if (await check()) return Date.now() - started
    assert.ok(Date.now() - started < 15_000, `${what}: not public 15 s after the decision`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The administrator creates the two officials in the browser; each then chooses a password. */
async function createOfficials(muni) {
  const admin = uniqueEmail('journey-admin')
  await adminSession(admin, PASSWORD)
  const official = {
    name: 'Thandeka Mahlangu',
    email: uniqueEmail('journey-official'),
    group: 'Municipality designated person',
  }
  const verifier = {
    name: 'Pieter van Wyk',
    email: uniqueEmail('journey-verifier'),
    group: 'Province designated person',
  }
  const { context, page, errors } = await newPage(browser())
  await signIn(page, admin, PASSWORD, '/admin/')
  for (const person of [official, verifier]) {
    await page.goto(`${BASE_URL}/admin/manage-users-groups/create-user`)
    await settled(page)
    const form = page.getByTestId('user-form')
    await form.getByLabel('Full name').waitFor()
    await fillStaffPerson(form, person)
    if (person === official) {
      const municipalities = form.getByTestId('municipalities-select')
      await municipalities.getByRole('searchbox').fill('Johannesburg')
      await municipalities.getByRole('checkbox', { name: muni.description }).check()
    } else {
      await form.getByTestId('provinces-select').getByRole('checkbox', { name: 'Gauteng' }).check()
    }
    await form.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/view-user\/[^/]+$/, { timeout: WAIT_MS })
    await settled(page)
    const details = await page.getByTestId('user-details').textContent()
    assert.doesNotMatch(details, /Company name\s*E2E/, 'no organisation was needed')
  }
  assert.deepEqual(errors, [])
  await context.close()
  await choosePassword(official.email, PASSWORD)
  await choosePassword(verifier.email, PASSWORD)
  return { official, verifier }
}

/** On the manage screen: selects `station`, edits it with `address`, a requirement and a person. */
async function capture(page, station, address) {
  await page.getByLabel('Select building block to update:').selectOption(String(station.stakeholderId))
  await page.locator('.bb-history', { hasText: station.name }).waitFor()
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Physical Address').fill(address)
  await page.getByLabel('Victim-friendly room').check()
  await page
    .locator('.bb-requirement', { hasText: 'Trained GBV desk officer' })
    .getByRole('button', { name: /contact person/ })
    .click()
  await page.getByRole('button', { name: 'Add Additional Contact Person' }).click()
  await page.getByLabel('Full name').fill(`Captain ${station.name}`)
  await page.getByRole('button', { name: 'Save and submit for verification' }).click()
  await page.getByText('Building block updated successfully').waitFor()
  await page.locator('.bb-status', { hasText: 'Submitted, awaiting verification' }).waitFor()
  await page
    .locator('.bb-requirement', { hasText: 'Trained GBV desk officer' })
    .getByRole('button', { name: /contact person/ })
    .click()
}

/** The verifier verifies `name`'s submission from the queue, after the dialog. */
async function verifyFromQueue(page, name) {
  await page.getByRole('link', { name: `Review ${name}` }).click()
  await page.getByRole('heading', { name }).waitFor()
  await page.getByRole('button', { name: 'Verify these details' }).click()
  await page
    .getByRole('dialog', { name: 'Verify these details?' })
    .getByRole('button', { name: 'Verify these details' })
    .click()
  await page.getByText('Building block verified successfully').waitFor()
}

test('a Johannesburg official and a Gauteng verifier capture, propose, review and publish', async (t) => {
  const found = await api('/buildingblock/searchcontact?boundaryId=1&buildingBlockId=1&filter=hillbrow')
  const hillbrow = found.find((r) => r.name === 'Hillbrow SAPS')
  const muni = (await api('/geography/boundary/list/3')).find((m) => m.description === hillbrow.localMunicipalityName)
  assert.ok(muni, hillbrow.localMunicipalityName)
  // Stations no other file uses (they share the database): not Hillbrow, not the first other
  // station, not the last (verification-queue and provider-lifecycle take those).
  const inMuni = await directory(muni.boundaryId, POLICE)
  const firstOther = inMuni.find((r) => r.name !== 'Hillbrow SAPS')
  const free = inMuni.filter((r) => r !== firstOther && r.name !== 'Hillbrow SAPS' && r !== inMuni.at(-1))
  assert.ok(free.length >= 3, 'three stations to work on')
  const [first, second] = free
  const closing = free.at(-1)
  const before = {
    police: await publicBlock(muni.boundaryId, POLICE),
    clinics: await publicBlock(muni.boundaryId, CLINICS),
  }

  const { official, verifier } = await createOfficials(muni)

  // The official: two captures, a new clinic, a closing.
  const o = await newPage(browser())
  await signIn(o.page, official.email, PASSWORD)
  await o.page.getByRole('heading', { level: 1, name: `Municipality designated person: ${muni.description}` }).waitFor()
  await o.page.getByRole('link', { name: new RegExp(`SAPS police station in ${muni.description}`) }).click()
  await o.page.getByText('Number of updates').waitFor()
  await capture(o.page, first, '12 Rockey Street, Yeoville')
  await capture(o.page, second, '3 Raleigh Street, Yeoville')
  await screenshot(o.page, 'journey-capture-desktop', { fullPage: true })
  await o.page.getByLabel('Select building block to update:').selectOption(String(closing.stakeholderId))
  await o.page.locator('.bb-history', { hasText: closing.name }).waitFor()
  await o.page.getByRole('button', { name: 'Propose closing' }).click()
  const closure = o.page.getByRole('dialog', { name: 'Propose closing this provider' })
  await closure.getByLabel('Why it should close').fill(CLOSING_REASON)
  await closure.getByRole('button', { name: 'Propose closing' }).click()
  await o.page.getByText('Closure proposed: the provider is removed once the province confirms.').waitFor()
  await o.page.goto(`${BASE_URL}/buildingBlock/`)
  await o.page.getByTestId('bb-propose-link').click()
  await o.page.getByRole('heading', { name: 'Propose a new provider' }).waitFor()
  await o.page.getByLabel('Name').fill(CLINIC)
  await o.page.getByLabel('Building block').selectOption({ label: 'Clinic or community health centre' })
  await o.page.getByLabel('Reception Number').fill('011 555 0199')
  await o.page.getByLabel('Latitude').fill('-26.18262')
  await o.page.getByLabel('Longitude').fill('28.06514')
  await o.page.getByLabel('Physical Address').fill('40 Raleigh Street, Yeoville')
  await o.page.getByRole('button', { name: 'Propose' }).click()
  await o.page.getByText('Provider proposed: it appears once the province confirms it exists.').waitFor()
  assert.deepEqual(o.errors, [])
  await o.context.close()

  // Nothing public changed yet.
  assert.ok(!(await directory(muni.boundaryId, CLINICS)).some((r) => r.name === CLINIC))
  assert.ok((await directory(muni.boundaryId, POLICE)).some((r) => r.name === closing.name))
  assert.doesNotMatch(JSON.stringify(await directory(muni.boundaryId, POLICE)), /Rockey Street|Raleigh Street/)
  assert.equal((await publicBlock(muni.boundaryId, POLICE)).verifiedProviderCount, before.police.verifiedProviderCount)

  // The verifier was told by e-mail, and finds all four on the queue page from the dashboard.
  const digest = await mailTo(verifier.email, DIGEST, first.name)
  assert.match(digest.text, /\/buildingBlock\/queue/)
  assert.doesNotMatch(digest.text, /Rockey Street/, 'no address in a notice')
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const v = await newPage(browser(), viewport)
    await signIn(v.page, verifier.email, PASSWORD)
    await v.page
      .getByRole('heading', { level: 1, name: /^Provincial designated person: Gauteng \| \d+ municipalities$/ })
      .waitFor()
    assert.match(await v.page.getByTestId('bb-queue-link').innerText(), /\d+ awaiting verification/)
    await v.page.getByTestId('bb-queue-link').click()
    await v.page.getByRole('heading', { name: /^Verification queue: \d+ awaiting verification/ }).waitFor()
    const items = v.page.getByTestId('queue-item')
    await items.first().waitFor()
    const queue = (await items.allInnerTexts()).join('\n')
    for (const station of [first, second]) {
      assert.match(queue, new RegExp(`${station.name}[\\s\\S]*Less than a day[\\s\\S]*${official.name}`))
    }
    await v.page.getByRole('heading', { name: /^Proposed providers and closures \(\d+\)$/ }).waitFor()
    const proposals = (await v.page.getByTestId('proposal-item').allInnerTexts()).join('\n')
    assert.match(proposals, new RegExp(`New provider[\\s\\S]*${CLINIC}[\\s\\S]*${official.name}`))
    assert.match(proposals, new RegExp(`Closing[\\s\\S]*${closing.name}[\\s\\S]*${CLOSING_REASON.slice(0, 20)}`))
    await screenshot(v.page, `journey-queue-${name}`, { fullPage: true })
    await axeClean(v.page, `queue ${name}`)
    // What changed, by name, beside the imported record.
    await v.page.getByRole('link', { name: `Review ${first.name}` }).click()
    await v.page.getByRole('heading', { name: first.name }).waitFor()
    const address = v.page.getByTestId('review-field').filter({ hasText: 'Physical Address' })
    assert.match(await address.innerText(), /12 Rockey Street, Yeoville[\s\S]*Changed/)
    const person = v.page.getByTestId('review-person')
    assert.match(await person.innerText(), new RegExp(`Added · Trained GBV desk officer[\\s\\S]*Captain ${first.name}`))
    await screenshot(v.page, `journey-review-${name}`, { fullPage: true })
    assert.deepEqual(v.errors, [])
    await v.context.close()
  }

  // The four decisions: each public soon after (the time printed), and only the decided ones.
  const v = await newPage(browser())
  await signIn(v.page, verifier.email, PASSWORD)
  await v.page.getByTestId('bb-queue-link').click()
  await verifyFromQueue(v.page, first.name)
  const verifiedIn = await publicAfter('the verified station', async () =>
    JSON.stringify(await api(`/buildingblock/searchcontact?stakeholderId=${first.stakeholderId}`)).includes(
      '12 Rockey Street',
    ),
  )
  const countedIn = await publicAfter(
    'the verified station in the availability',
    async () =>
      (await publicBlock(muni.boundaryId, POLICE)).verifiedProviderCount === before.police.verifiedProviderCount + 1,
  )
  await v.page.getByRole('link', { name: 'Back to the verification queue' }).click()
  await v.page.getByRole('link', { name: `Review ${second.name}` }).click()
  await v.page.getByRole('button', { name: 'Return to municipality with a reason' }).click()
  const back = v.page.getByRole('dialog', { name: 'Return to the municipality?' })
  await back.getByLabel('Reason for returning').fill(RETURN_REASON)
  await back.getByRole('button', { name: 'Return to municipality' }).click()
  await v.page.getByText('Building block returned to the municipality').waitFor()
  await v.page.getByRole('link', { name: 'Back to the verification queue' }).click()
  const item = (name) => v.page.getByTestId('proposal-item').filter({ hasText: name })
  await item(CLINIC).getByRole('button', { name: 'Confirm it exists' }).click()
  await v.page
    .getByRole('dialog', { name: 'Confirm it exists' })
    .getByRole('button', { name: 'Confirm it exists' })
    .click()
  await v.page.getByText('Proposal confirmed.').waitFor()
  const listedIn = await publicAfter('the confirmed clinic', async () =>
    (await directory(muni.boundaryId, CLINICS)).some((r) => r.name === CLINIC),
  )
  await item(closing.name).getByRole('button', { name: 'Confirm closing' }).click()
  await v.page.getByRole('dialog', { name: 'Confirm closing' }).getByRole('button', { name: 'Confirm closing' }).click()
  await item(closing.name).waitFor({ state: 'detached' })
  const closedIn = await publicAfter(
    'the confirmed closing',
    async () => !(await directory(muni.boundaryId, POLICE)).some((r) => r.name === closing.name),
  )
  await screenshot(v.page, 'journey-decided-desktop', { fullPage: true })
  assert.deepEqual(v.errors, [])
  await v.context.close()
  t.diagnostic(
    `public after the decision: verified ${verifiedIn} ms, counted ${countedIn} ms, clinic ${listedIn} ms, closing ${closedIn} ms`,
  )

  // Only the decided ones changed: the returned station keeps its imported details; the block
  // counts follow the clinic and the closing.
  assert.doesNotMatch(
    JSON.stringify(await api(`/buildingblock/searchcontact?stakeholderId=${second.stakeholderId}`)),
    /Raleigh Street/,
  )
  const after = {
    police: await publicBlock(muni.boundaryId, POLICE),
    clinics: await publicBlock(muni.boundaryId, CLINICS),
  }
  assert.equal(after.police.verifiedProviderCount, before.police.verifiedProviderCount + 1)
  assert.equal(after.police.buildingBlockCount, before.police.buildingBlockCount - 1)
  assert.equal(after.clinics.buildingBlockCount, before.clinics.buildingBlockCount + 1)
  // A contact person is internal unless marked public: none of the captains is published.
  assert.doesNotMatch(JSON.stringify(await directory(muni.boundaryId, POLICE)), /Captain/)

  // The e-mails to the official: verified, returned with the reason, both proposals decided.
  assert.match((await mailTo(official.email, VERIFIED, first.name)).text, new RegExp(`provider=${first.stakeholderId}`))
  assert.match((await mailTo(official.email, RETURNED, second.name)).text, /has not agreed to be listed/)
  await mailTo(official.email, DECIDED, CLINIC)
  assert.match((await mailTo(official.email, DECIDED, closing.name)).text, /the closing is confirmed/)

  // The official corrects the returned station: its contact person deleted (confirmed first),
  // which submits the details again; the verifier verifies them.
  {
    const name = 'mobile'
    const m = await newPage(browser(), VIEWPORTS.mobile)
    await signIn(m.page, official.email, PASSWORD)
    await m.page.getByTestId('bb-queue-link').click()
    await m.page.getByRole('radio', { name: /Returned to the municipality/ }).click()
    await m.page.waitForURL((url) => url.searchParams.get('status') === 'returned')
    assert.equal(await m.page.getByTestId('queue-reason').innerText(), RETURN_REASON)
    await screenshot(m.page, `journey-returned-${name}`, { fullPage: true })
    await m.page.getByRole('link', { name: `Review ${second.name}` }).click()
    await m.page.getByRole('link', { name: 'Edit and submit again' }).click()
    await m.page.locator('.bb-history', { hasText: second.name }).waitFor()
    await m.page.getByRole('button', { name: 'Edit' }).click()
    // Edit only opens the form: it once submitted the unchanged details (the save button took
    // the Edit button's element as the click re-rendered).
    await m.page.getByRole('button', { name: 'Save and submit for verification' }).waitFor()
    assert.equal(await m.page.getByText('Building block updated successfully').count(), 0)
    await m.page
      .locator('.bb-requirement', { hasText: 'Trained GBV desk officer' })
      .getByRole('button', { name: /contact person/ })
      .click()
    await m.page.getByTestId('bb-delete-contact').click()
    const ask = m.page.getByRole('dialog', { name: 'Delete contact person' })
    assert.match(await ask.innerText(), new RegExp(`Delete Captain ${second.name}\\?`))
    await screenshot(m.page, `journey-delete-contact-${name}`)
    await axeClean(m.page, 'delete contact dialog', '[role="dialog"]')
    await ask.getByRole('button', { name: 'Delete' }).click()
    await m.page.getByText("Contact person deleted; the details await the province's verification.").waitFor()
    assert.equal(await m.page.getByLabel('Full name').count(), 0, 'the person left the form')
    assert.deepEqual(m.errors, [])
    await m.context.close()
  }
  const last = await newPage(browser(), VIEWPORTS.mobile)
  await signIn(last.page, verifier.email, PASSWORD)
  await last.page.getByTestId('bb-queue-link').click()
  await verifyFromQueue(last.page, second.name)
  await publicAfter('the corrected station', async () =>
    JSON.stringify(await api(`/buildingblock/searchcontact?stakeholderId=${second.stakeholderId}`)).includes(
      '3 Raleigh Street',
    ),
  )
  await screenshot(last.page, 'journey-verified-mobile', { fullPage: true })
  assert.deepEqual(last.errors, [])
  await last.context.close()
  assert.equal(
    (await publicBlock(muni.boundaryId, POLICE)).verifiedProviderCount,
    before.police.verifiedProviderCount + 2,
  )
})
