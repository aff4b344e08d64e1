// Proposed and closed providers (docs/decisions/0100-proposed-and-closed-providers.md) against the
// real server with the shipped directories: a City of Johannesburg official proposes a new
// clinic on its screen (placed by coordinates and address) and the closing of a police station
// from its manage screen; the public directory does not change; the Gauteng verifier finds both
// in the queue, confirms each after a dialog naming it; only then does the directory list the
// clinic and drop the station. Screenshots of the proposal form and the queue at 1366 and 390 px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, newPage, screenshot } from './lib/app.mjs'
import { ApiSession, adminSession, choosePassword } from './lib/api-session.mjs'
import { axeClean, signIn } from './lib/staff.mjs'

const browser = useBrowser(assertReachable)
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const PASSWORD = 'Close(Key)7Clinic'
const CLINIC = `Hillbrow Community Clinic ${unique}`
const REASON = 'The station moved to Berea in 2025.'

/** The official and the verifier of the City of Johannesburg, made through the admin API. */
async function people(muni) {
  const admin = await adminSession(`life-admin-${unique}@example.org`, PASSWORD)
  const orgName = `E2E Johannesburg lifecycle office ${unique}`
  await new ApiSession().json('POST', '/api/auth/register', {
    Title: 3,
    FirstName: 'Lerato',
    LastName: 'Office',
    Email: `life-office-${unique}@example.org`,
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
    official: { email: `life-official-${unique}@example.org`, name: 'Lindiwe Dlamini', group: 5 },
    verifier: { email: `life-verifier-${unique}@example.org`, name: 'Pieter Nkosi', group: 6 },
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

const clinics = (muni) => api(`/buildingblock/searchcontact?boundaryId=${muni.boundaryId}&buildingBlockId=3`)
const stations = (muni) => api(`/buildingblock/searchcontact?boundaryId=${muni.boundaryId}&buildingBlockId=1`)

test('an official proposes a clinic and a closure; the directory changes only after the verifier confirms both', async () => {
  const found = await api('/buildingblock/searchcontact?boundaryId=1&buildingBlockId=1&filter=hillbrow')
  const hillbrow = found.find((r) => r.name === 'Hillbrow SAPS')
  assert.ok(hillbrow, 'Hillbrow SAPS is in the directory')
  const muni = (await api('/geography/boundary/list/3')).find((m) => m.description === hillbrow.localMunicipalityName)
  assert.ok(muni, hillbrow.localMunicipalityName)
  // The station closed: the last of the municipality by name, not one other files use (they
  // share the database: Hillbrow SAPS and the first other station are theirs).
  const inMuni = await api(`/buildingblock/searchcontact?boundaryId=${muni.boundaryId}&buildingBlockId=1`)
  const closing = inMuni.at(-1)
  assert.ok(closing && closing.name !== 'Hillbrow SAPS' && closing.name !== inMuni[0].name, 'a station to close')
  const { official, verifier } = await people(muni)

  // The official: the proposal form, at both widths, then the proposal itself.
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const o = await newPage(browser(), viewport)
    await signIn(o.page, official.email, PASSWORD)
    await o.page.getByTestId('bb-propose-link').click()
    await o.page.getByRole('heading', { name: 'Propose a new provider' }).waitFor()
    if (name === 'desktop') {
      // Nothing typed: the form says what is missing, and nothing is sent.
      await o.page.getByRole('button', { name: 'Propose' }).click()
      await o.page.getByText('Please correct the highlighted errors before submitting.').waitFor()
      await o.page.getByText('Name is required.').waitFor()
    }
    await o.page.getByLabel('Name').fill(CLINIC)
    await o.page.getByLabel('Building block').selectOption({ label: 'Clinic or community health centre' })
    await o.page.getByLabel('Reception Number').fill('011 555 0101')
    await o.page.getByLabel('Latitude').fill('-26.18926')
    await o.page.getByLabel('Longitude').fill('28.04905')
    await o.page.getByLabel('Physical Address').fill('12 Kotze Street, Hillbrow')
    await screenshot(o.page, `bb-propose-${name}`, { fullPage: true })
    await axeClean(o.page, `propose ${name}`)
    if (name === 'desktop') {
      await o.page.getByRole('button', { name: 'Propose' }).click()
      await o.page.getByText('Provider proposed: it appears once the province confirms it exists.').waitFor()
      // A shelter: neither point nor address is asked for.
      await o.page.getByLabel('Building block').selectOption({ label: 'Shelter' })
      await o.page.getByText("A shelter's location is protected").waitFor()
      assert.equal(await o.page.getByLabel('Latitude').count(), 0)
    }
    assert.deepEqual(o.errors, [])
    await o.context.close()
  }

  // The official proposes closing the station from its manage screen.
  const o = await newPage(browser())
  await signIn(o.page, official.email, PASSWORD)
  await o.page.getByRole('link', { name: new RegExp(`SAPS police station in ${muni.description}`) }).click()
  await o.page.getByText('Number of updates').waitFor()
  await o.page.getByLabel('Select building block to update:').selectOption(String(closing.stakeholderId))
  await o.page.locator('.bb-history', { hasText: closing.name }).waitFor()
  await o.page.getByRole('button', { name: 'Propose closing' }).click()
  const dialog = o.page.getByRole('dialog', { name: 'Propose closing this provider' })
  assert.match(await dialog.innerText(), new RegExp(`Propose closing ${closing.name}\\?`))
  await dialog.getByRole('button', { name: 'Propose closing' }).click()
  await dialog.getByText('A reason is required.').waitFor()
  await dialog.getByLabel('Why it should close').fill(REASON)
  await screenshot(o.page, 'bb-closure-dialog-desktop')
  await axeClean(o.page, 'closure dialog', '[role="dialog"]')
  await dialog.getByRole('button', { name: 'Propose closing' }).click()
  await o.page.getByText('Closure proposed: the provider is removed once the province confirms.').waitFor()
  assert.equal(await o.page.getByRole('button', { name: 'Propose closing' }).count(), 0, 'not offered twice')
  // Back on the screen later, the waiting closure is said, not offered again.
  await o.page.reload()
  await o.page.getByLabel('Select building block to update:').selectOption(String(closing.stakeholderId))
  await o.page.getByTestId('bb-closure-pending').waitFor()
  assert.equal(await o.page.getByRole('button', { name: 'Propose closing' }).count(), 0, 'not offered again')
  assert.deepEqual(o.errors, [])
  await o.context.close()

  // Nothing public changed.
  assert.ok(!(await clinics(muni)).some((r) => r.name === CLINIC), 'the clinic is not listed yet')
  assert.ok(
    (await stations(muni)).some((r) => r.name === closing.name),
    'the station is still listed',
  )

  // The verifier: both in the queue at both widths (the phone first); confirms each after a
  // dialog.
  for (const [name, viewport] of Object.entries(VIEWPORTS).reverse()) {
    const v = await newPage(browser(), viewport)
    await signIn(v.page, verifier.email, PASSWORD)
    await v.page.getByTestId('bb-queue-link').click()
    await v.page.getByRole('heading', { name: 'Proposed providers and closures (2)' }).waitFor()
    const items = v.page.getByTestId('proposal-item')
    assert.equal(await items.count(), 2)
    assert.match(await items.nth(0).innerText(), new RegExp(`New provider[\\s\\S]*${CLINIC}[\\s\\S]*Lindiwe Dlamini`))
    assert.match(
      await items.nth(1).innerText(),
      new RegExp(`Closing[\\s\\S]*${closing.name}[\\s\\S]*The station moved`),
    )
    await screenshot(v.page, `bb-queue-proposals-${name}`, { fullPage: true })
    await axeClean(v.page, `queue proposals ${name}`)
    if (name === 'desktop') {
      await items.nth(0).getByRole('button', { name: 'Confirm it exists' }).click()
      const confirm = v.page.getByRole('dialog', { name: 'Confirm it exists' })
      assert.match(await confirm.innerText(), new RegExp(`Confirm that ${CLINIC} exists in ${muni.description}`))
      await screenshot(v.page, 'bb-proposal-confirm-dialog-desktop')
      await confirm.getByRole('button', { name: 'Confirm it exists' }).click()
      await v.page.getByText('Proposal confirmed.').waitFor()
      await v.page.getByRole('heading', { name: 'Proposed providers and closures (1)' }).waitFor()
      await v.page.getByTestId('proposal-item').getByRole('button', { name: 'Confirm closing' }).click()
      await v.page
        .getByRole('dialog', { name: 'Confirm closing' })
        .getByRole('button', { name: 'Confirm closing' })
        .click()
      await v.page.getByRole('heading', { name: 'Proposed providers and closures (0)' }).waitFor()
      await v.page.getByText('No proposals await the province.').waitFor()
    }
    assert.deepEqual(v.errors, [])
    await v.context.close()
  }

  // Now, and only now, the directory lists the clinic and no longer the station.
  assert.ok(
    (await clinics(muni)).some((r) => r.name === CLINIC),
    'the clinic is listed',
  )
  assert.ok(!(await stations(muni)).some((r) => r.name === closing.name), 'the station is gone')
})
