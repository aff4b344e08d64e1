// The verification queue and the review
// (docs/decisions/0056-the-verification-queue-and-the-review.md) against the real server with the
// shipped directories: a City of Johannesburg official submits two police stations in the browser;
// the Gauteng verifier goes from the dashboard's queue link (no cell opened) to both in the queue,
// sees what changed beside the imported record, verifies one and returns the other with a reason,
// each after a confirmation dialog; the official finds the return and its reason in the queue.
// Screenshots of the queue and the review at 1366 and 390 px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, api, assertReachable, newPage, screenshot } from './lib/app.mjs'
import { ApiSession, adminSession, choosePassword } from './lib/api-session.mjs'
import { axeClean, signIn } from './lib/staff.mjs'

const browser = useBrowser(assertReachable)
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const PASSWORD = 'Queue(Key)7Torch'
const REASON = 'The street number is missing: please add it.'

/** The official and the verifier of the City of Johannesburg, made through the admin API. */
async function people(muni) {
  const admin = await adminSession(`queue-admin-${unique}@example.org`, PASSWORD)
  const orgName = `E2E Johannesburg office ${unique}`
  await new ApiSession().json('POST', '/api/auth/register', {
    Title: 3,
    FirstName: 'Lerato',
    LastName: 'Office',
    Email: `queue-office-${unique}@example.org`,
    Password: PASSWORD,
    ConfirmPassword: PASSWORD,
    MobileNumber: '0821234567',
    OrganisationName: orgName,
    OrganisationBranch: 'Head office',
    OrganisationType: 5,
    JobRole: 7,
    StreetNumber: '158',
    StreetName: 'Civic Boulevard',
    Suburb: 'Braamfontein',
    City: 'Johannesburg',
    PostalCode: '2001',
    Province: muni.provinceBoundaryId,
    District: muni.districtBoundaryId,
    LocalMunicipality: muni.boundaryId,
    MemberInOrganisation: 5,
    terms: true,
  })
  let company
  for (let i = 0; i < 50 && !company; i++) {
    company = (await admin.json('GET', '/api/security/getOrganisations')).find((o) => o.organisationName === orgName)
    if (!company) await new Promise((r) => setTimeout(r, 200))
  }
  assert.ok(company, 'the office is an organisation')
  const made = {
    official: { email: `queue-official-${unique}@example.org`, name: 'Lindiwe Dlamini', group: 5 },
    verifier: { email: `queue-verifier-${unique}@example.org`, name: 'Pieter Nkosi', group: 6 },
  }
  for (const p of Object.values(made)) {
    await admin.json('POST', '/api/security/createNewUser', {
      titleId: 3,
      name: p.name,
      roleId: 3,
      companyId: company.stakeholderId,
      groupIds: [p.group],
      contacts: [{ contactTypeId: 1, detail: p.email }],
      stakeholderRelationships: [{ stakeholderRelationshipTypeId: 6, municipalityId: muni.boundaryId }],
    })
    await choosePassword(p.email, PASSWORD)
  }
  return made
}

test('an official submits two stations; the verifier finds both in the queue, verifies one, returns one with a reason', async () => {
  const found = await api('/buildingblock/searchcontact?boundaryId=1&buildingBlockId=1&filter=hillbrow')
  const hillbrow = found.find((r) => r.name === 'Hillbrow SAPS')
  assert.ok(hillbrow, 'Hillbrow SAPS is in the directory')
  const muni = (await api('/geography/boundary/list/3')).find((m) => m.description === hillbrow.localMunicipalityName)
  assert.ok(muni, hillbrow.localMunicipalityName)
  const inMuni = await api(`/buildingblock/searchcontact?boundaryId=${muni.boundaryId}&buildingBlockId=1`)
  const other = inMuni.find((r) => r.name !== 'Hillbrow SAPS')
  const { official, verifier } = await people(muni)

  // The official submits both stations on the manage screen.
  const o = await newPage(browser())
  await signIn(o.page, official.email, PASSWORD)
  await o.page.getByRole('link', { name: new RegExp(`SAPS police station in ${muni.description}`) }).click()
  await o.page.getByText('Number of updates').waitFor()
  for (const [station, address] of [
    [hillbrow, '1 Kotze Street, Hillbrow'],
    [other, '2 Main Road'],
  ]) {
    await o.page.getByLabel('Select building block to update:').selectOption(String(station.stakeholderId))
    // The form shows the chosen station before editing starts.
    await o.page.locator('.bb-history', { hasText: station.name }).waitFor()
    await o.page.getByRole('button', { name: 'Edit' }).click()
    await o.page.getByLabel('Physical Address').fill(address)
    await o.page.getByLabel('Victim-friendly room').check()
    await o.page
      .locator('.bb-requirement', { hasText: 'Trained GBV desk officer' })
      .getByRole('button', { name: /contact person/ })
      .click()
    await o.page.getByRole('button', { name: 'Add Additional Contact Person' }).click()
    await o.page.getByLabel('Full name').fill(`Captain ${station.name}`)
    await o.page.getByRole('button', { name: 'Save and submit for verification' }).click()
    await o.page.getByText('Building block updated successfully').waitFor()
    await o.page.locator('.bb-status', { hasText: 'Submitted, awaiting verification' }).waitFor()
    await o.page
      .locator('.bb-requirement', { hasText: 'Trained GBV desk officer' })
      .getByRole('button', { name: /contact person/ })
      .click()
  }
  assert.deepEqual(o.errors, [])
  await o.context.close()

  // The verifier: from the dashboard's queue link straight to both submissions.
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const v = await newPage(browser(), viewport)
    await signIn(v.page, verifier.email, PASSWORD)
    const link = v.page.getByTestId('bb-queue-link')
    assert.match(await link.innerText(), /2 awaiting verification, 0 returned/)
    assert.match(await v.page.title(), /2 awaiting verification/)
    // The Johannesburg police cell says what waits (on phones inside the municipality's accordion).
    if (name === 'mobile') await v.page.locator('summary', { hasText: muni.description }).click()
    const cell = v.page.getByRole('link', { name: new RegExp(`SAPS police station in ${muni.description}`) })
    assert.match(await cell.getAttribute('aria-label'), /2 awaiting verification/)
    await screenshot(v.page, `bb-dashboard-waiting-${name}`)
    await link.click()
    await v.page.getByRole('heading', { name: 'Verification queue: 2 awaiting verification, 0 returned' }).waitFor()
    const items = v.page.getByTestId('queue-item')
    await items.nth(1).waitFor()
    assert.equal(await items.count(), 2)
    assert.match(await items.nth(0).innerText(), /Hillbrow SAPS[\s\S]*Less than a day[\s\S]*Lindiwe Dlamini/)
    assert.match(await items.nth(1).innerText(), new RegExp(other.name))
    await screenshot(v.page, `bb-queue-${name}`, { fullPage: true })
    await axeClean(v.page, `queue ${name}`)
    // The filters narrow the list (building block with nothing waiting: none).
    await v.page.getByLabel(/^Building block/).selectOption({ label: 'Sexual offences court' })
    await v.page.getByText('Nothing awaits verification.').waitFor()
    await v.page.getByLabel(/^Building block/).selectOption({ label: 'All' })
    await items.nth(1).waitFor()

    // The review of Hillbrow: what changed beside the imported record, by name.
    await v.page.getByRole('link', { name: 'Review Hillbrow SAPS' }).click()
    await v.page.getByRole('heading', { name: 'Hillbrow SAPS' }).waitFor()
    const address = v.page.getByTestId('review-field').filter({ hasText: 'Physical Address' })
    assert.match(await address.innerText(), /None[\s\S]*1 Kotze Street, Hillbrow[\s\S]*Changed/)
    const room = v.page.getByTestId('review-requirement').filter({ hasText: 'Victim-friendly room' })
    assert.match(await room.innerText(), /Not offered[\s\S]*Offered[\s\S]*Changed/)
    const person = v.page.getByTestId('review-person')
    assert.match(await person.innerText(), /Added · Trained GBV desk officer[\s\S]*Captain Hillbrow SAPS/)
    await screenshot(v.page, `bb-review-${name}`, { fullPage: true })
    await axeClean(v.page, `review ${name}`)
    assert.deepEqual(v.errors, [])
    await v.context.close()
  }

  // Verify Hillbrow and return the other, each confirmed in a dialog.
  const v = await newPage(browser())
  await signIn(v.page, verifier.email, PASSWORD)
  await v.page.getByTestId('bb-queue-link').click()
  await v.page.getByRole('link', { name: 'Review Hillbrow SAPS' }).click()
  await v.page.getByRole('button', { name: 'Verify these details' }).click()
  const confirm = v.page.getByRole('dialog', { name: 'Verify these details?' })
  assert.match(await confirm.innerText(), /Hillbrow SAPS submitted on .* \(version 2\)/)
  await screenshot(v.page, 'bb-review-verify-dialog-desktop')
  await confirm.getByRole('button', { name: 'Verify these details' }).click()
  await v.page.getByText('Building block verified successfully').waitFor()
  await v.page.getByTestId('review-status').filter({ hasText: 'Verified' }).waitFor()
  await v.page.getByRole('link', { name: 'Back to the verification queue' }).click()
  await v.page.getByRole('heading', { name: 'Verification queue: 1 awaiting verification, 0 returned' }).waitFor()
  await v.page.getByRole('link', { name: `Review ${other.name}` }).click()
  await v.page.getByRole('button', { name: 'Return to municipality with a reason' }).click()
  const back = v.page.getByRole('dialog', { name: 'Return to the municipality?' })
  await back.getByRole('button', { name: 'Return to municipality' }).click()
  await back.getByText('A reason is required to return the building block.').waitFor()
  await back.getByLabel('Reason for returning').fill(REASON)
  await screenshot(v.page, 'bb-review-return-dialog-desktop')
  await axeClean(v.page, 'return dialog')
  await back.getByRole('button', { name: 'Return to municipality' }).click()
  await v.page.getByText('Building block returned to the municipality').waitFor()
  await v.page.getByTestId('review-return').filter({ hasText: REASON }).waitFor()
  assert.deepEqual(v.errors, [])
  await v.context.close()

  // The public directory has the verified station's address; the returned one stays as imported.
  const publicHillbrow = await api(`/buildingblock/searchcontact?stakeholderId=${hillbrow.stakeholderId}`)
  assert.match(JSON.stringify(publicHillbrow), /1 Kotze Street, Hillbrow/)
  assert.doesNotMatch(
    JSON.stringify(await api(`/buildingblock/searchcontact?stakeholderId=${other.stakeholderId}`)),
    /2 Main Road/,
  )

  // The official sees the return and its reason.
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const m = await newPage(browser(), viewport)
    await signIn(m.page, official.email, PASSWORD)
    await m.page.getByTestId('bb-queue-link').click()
    // The tab is the URL's status: it turns checked once the navigation settles, so wait for
    // that rather than expecting the click to check it at once.
    await m.page.getByRole('radio', { name: /Returned to the municipality/ }).click()
    await m.page.waitForURL((url) => url.searchParams.get('status') === 'returned')
    await m.page.getByRole('radio', { name: /Returned to the municipality/, checked: true }).waitFor()
    const item = m.page.getByTestId('queue-item')
    await item.first().waitFor()
    assert.equal(await item.count(), 1)
    assert.match(await item.innerText(), new RegExp(other.name))
    assert.equal(await m.page.getByTestId('queue-reason').innerText(), REASON)
    await screenshot(m.page, `bb-queue-returned-${name}`, { fullPage: true })
    await m.page.getByRole('link', { name: `Review ${other.name}` }).click()
    await m.page.getByTestId('review-return').filter({ hasText: REASON }).waitFor()
    await m.page.getByRole('link', { name: 'Edit and submit again' }).waitFor()
    assert.deepEqual(m.errors, [])
    await m.context.close()
  }
  assert.ok(BASE_URL)
})
