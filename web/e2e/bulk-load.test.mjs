// The bulk load by a province (docs/decisions/0059-bulk-load-of-provider-details.md) against the
// real server with the shipped directories: a Free State Building Block admin (holder of
// ImportBuildingBlockData for the province, made by an administrator without any NGO) goes from
// the dashboard to the bulk-load page, uploads a file with a broken row and reads the errors by
// row and column (Apply is not offered), then uploads the corrected file, reads the dry run and
// applies it after a confirmation; the stations are then submitted. Screenshots at 1366 and 390 px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, api, assertReachable, newPage, open, screenshot } from './lib/app.mjs'
import { adminSession, choosePassword, eventually } from './lib/api-session.mjs'
import { axeClean } from './lib/staff.mjs'

const browser = useBrowser(assertReachable)
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const PASSWORD = 'Bulk(Key)8Meadow'

const HEADER =
  'Provider name,Building block,Physical address,Reception number,Requirements available,Contact person name,Contact person mobile number,Contact person requirement\n'

function csvFile(name, rows) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(HEADER + rows.join('\n') + '\n') }
}

test('a provincial person checks a file, reads its errors, corrects it and applies it', async () => {
  const found = await api('/buildingblock/searchcontact?boundaryId=1&buildingBlockId=1&filter=parys')
  const parys = found.find((r) => r.name === 'Parys SAPS')
  assert.ok(parys, 'Parys SAPS is in the directory')
  const muni = (await api('/geography/boundary/list/3')).find((m) => m.description === parys.localMunicipalityName)
  assert.ok(muni, parys.localMunicipalityName)

  const admin = await adminSession(`bulk-admin-${unique}@example.org`, PASSWORD)
  const email = `bulk-loader-${unique}@example.org`
  await admin.json('POST', '/api/security/createNewUser', {
    titleId: 3,
    name: 'Mpho Letsie',
    roleId: 3,
    groupIds: [3],
    contacts: [{ contactTypeId: 1, detail: email }],
    stakeholderRelationships: [{ stakeholderRelationshipTypeId: 6, provinceId: muni.provinceBoundaryId }],
  })
  await choosePassword(email, PASSWORD)

  const { page, context } = await newPage(browser())
  await open(page, '/auth/login/')
  await page.getByRole('button', { name: 'Continue To Login' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: WAIT_MS })
  await open(page, '/buildingBlock/')
  await page.getByTestId('bb-bulk-load-link').click()
  await page.getByRole('heading', { name: 'Bulk load of provider details' }).waitFor()
  assert.equal(await page.getByTestId('bulk-template').getAttribute('href'), '/api/buildingblock/bulkLoad/template')

  // A file with a broken row: the errors by row and column, announced; nothing to apply.
  const file = page.getByLabel('File (CSV or XLSX)')
  await file.setInputFiles(
    csvFile('broken.csv', [
      'Parys SAPS,SAPS police station,1 Water Street,056 811 2111,Victim-friendly room,,,',
      'Sasolburg SAPS,SAPS police station,2 Fichardt Street,016-976-0000,,Nomsa Dube,0821,Trained GBV desk officer',
      'Nowhere SAPS,SAPS police station,3 Road,,,,,',
    ]),
  )
  await page.getByRole('button', { name: 'Check the file (dry run)' }).click()
  const alert = page.getByTestId('bulk-has-errors')
  await alert.waitFor()
  assert.equal(await alert.getAttribute('role'), 'alert')
  assert.match(await alert.textContent(), /The file has 2 errors/)
  assert.match(
    await page.getByTestId('bulk-summary').textContent(),
    /3 rows: 1 to submit, 0 to verify, 0 unchanged, 2 with errors/,
  )
  const table = page.getByRole('table', { name: 'Dry run: every row of the file' })
  assert.equal(await table.getByRole('columnheader').count(), 5)
  const sasolburg = table.getByRole('row', { name: /Sasolburg SAPS/ })
  assert.match(await sasolburg.textContent(), /Contact person mobile number: Contact number must be 10 digits long/)
  assert.match(
    await table.getByRole('row', { name: /^4 / }).textContent(),
    /Provider name: No provider of this building block has this name\./,
  )
  assert.equal(
    await page.getByRole('button', { name: 'Apply' }).count(),
    0,
    'nothing is applied while a row has an error',
  )
  await axeClean(page, 'dry run with errors')
  await screenshot(page, 'bulk-load-errors-desktop', { fullPage: true })

  // The corrected file: a clean dry run, applied after a confirmation.
  await file.setInputFiles(
    csvFile('corrected.csv', [
      'Parys SAPS,SAPS police station,1 Water Street,056 811 2111,Victim-friendly room,,,',
      'Sasolburg SAPS,SAPS police station,2 Fichardt Street,016-976-0000,,Nomsa Dube,082 555 0199,Trained GBV desk officer',
    ]),
  )
  await page.getByRole('button', { name: 'Check the file (dry run)' }).click()
  await page.getByText('No errors: the file can be applied.').waitFor()
  assert.match(
    await table.getByRole('row', { name: /Parys SAPS/ }).textContent(),
    /Physical address:.*→ 1 Water Street/,
  )
  assert.match(await table.getByRole('row', { name: /Sasolburg SAPS/ }).textContent(), /Contact person:.*Nomsa Dube/)
  await screenshot(page, 'bulk-load-dry-run-desktop', { fullPage: true })
  await page.getByRole('button', { name: 'Apply' }).click()
  await page.getByText(/Record 2 submissions and 0 verifications\?/).waitFor()
  await page.getByRole('button', { name: 'Yes, apply the file' }).click()
  await page.getByText('Applied: every row below was recorded.').waitFor()
  assert.match(
    await page.getByTestId('bulk-summary').textContent(),
    /Applied: 2 submission\(s\) recorded, 0 verified\./,
  )
  await axeClean(page, 'applied')
  await screenshot(page, 'bulk-load-applied-desktop', { fullPage: true })

  // The stations are submitted, awaiting another verifier.
  const loader = page.context().request
  await eventually(async () => {
    const answer = await loader.get(
      `${BASE_URL}/api/buildingblock/getBuildingBlockContactsWithRequirements?stakeholderId=${parys.stakeholderId}`,
    )
    const details = await answer.json()
    assert.equal(details.status, 'submitted', JSON.stringify(details))
    assert.equal(details.ownSubmission, true)
  })
  await context.close()

  // The phone width: the table scrolls inside its own region; the page does not.
  const phone = await newPage(browser(), VIEWPORTS.mobile)
  await open(phone.page, '/auth/login/')
  await phone.page.getByRole('button', { name: 'Continue To Login' }).click()
  await phone.page.getByLabel('Email').fill(email)
  await phone.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await phone.page.getByRole('button', { name: 'Login' }).click()
  await phone.page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: WAIT_MS })
  await open(phone.page, '/buildingBlock/bulkLoad')
  await phone.page
    .getByLabel('File (CSV or XLSX)')
    .setInputFiles(
      csvFile('again.csv', ['Parys SAPS,SAPS police station,1 Water Street,056 811 2111,Victim-friendly room,,,']),
    )
  await phone.page.getByRole('button', { name: 'Check the file (dry run)' }).click()
  await phone.page.getByText(/1 row: 0 to submit, 0 to verify, 1 unchanged, 0 with errors/).waitFor()
  await screenshot(phone.page, 'bulk-load-mobile', { fullPage: true })
  const overflow = await phone.page.evaluate(() => {
    const wide = [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.bulk-table-wrap'))
      .map((e) => `${e.tagName}.${e.className}`)
    return [document.documentElement.scrollWidth - window.innerWidth, wide.slice(0, 5).join(' ')]
  })
  assert.ok(overflow[0] <= 1, `the page scrolls sideways by ${overflow[0]}px: ${overflow[1]}`)
  await axeClean(phone.page, 'phone')
  await phone.context.close()
})
