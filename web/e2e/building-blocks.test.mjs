// Building blocks against the real server with the shipped directories, in development
// mode (GBVF_DEV_MODE=true): the contact directory finds a real SAPS station with its real number;
// Quick exit leaves and replaces the history entry; an administrator (made with the CLI) creates a
// coordinator for one municipality and a provincial verifier through the admin API; the
// coordinator edits a police station in the browser, the verifier verifies it; the public
// dashboard's availability for that municipality changes and the history lists each step.
// The component-1 map: green availability bands, provider pins (never shelters), the pin's
// contact modal and the count modal. Screenshots at 1366×768 and 390×844.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import {
  BASE_URL,
  VIEWPORTS,
  api,
  assertReachable,
  formatCount,
  newPage,
  open,
  screenshot,
  waitForPins,
} from './lib/app.mjs'
import { ApiSession, choosePassword } from './lib/api-session.mjs'

const run = promisify(execFile)
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const PASSWORD = 'Builder(Key)7Torch'
let browser
let launched

async function signIn(page, email) {
  await open(page, '/auth/login/')
  await page.getByRole('button', { name: 'Continue To Login' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/buildingBlock/'), { timeout: WAIT_MS })
}

before(async () => {
  await assertReachable()
  launched = await launchBrowser()
  browser = launched.browser ?? launched
})

after(async () => {
  await (launched?.close ? launched.close() : browser?.close())
})

// The municipality of a real SAPS station (police.csv: Aberdeen, 049-8460015).
async function aberdeen() {
  const data = await api('/buildingblock/searchcontact?boundaryId=1&buildingBlockId=1&filter=aberdeen')
  const station = data.find((r) => r.name === 'Aberdeen SAPS')
  assert.ok(station, 'Aberdeen SAPS is in the directory')
  const munis = await api('/geography/boundary/list/3')
  const muni = munis.find((m) => m.description === station.localMunicipalityName)
  assert.ok(muni, `municipality ${station.localMunicipalityName}`)
  return { station, muni }
}

test('the contact directory finds a real SAPS station with its real number; Quick exit leaves for good', async () => {
  const { muni } = await aberdeen()
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { context, page, errors } = await newPage(browser, viewport)
    await open(page, `/home/contact?boundaryId=${muni.boundaryId}&boundaryTypeId=3`)
    await page.getByText('Search our directory').waitFor()
    await screenshot(page, `bb-contact-empty-${name}`)
    await page.getByRole('button', { name: /^Police/ }).click()
    await page.getByLabel('SAPS police station').check()
    await page.getByPlaceholder('Search by name').fill('aberdeen')
    const card = page.locator('.contact-card', { hasText: 'Aberdeen SAPS' })
    await card.waitFor({ timeout: WAIT_MS })
    assert.match(await card.innerText(), /0498460015/)
    await screenshot(page, `bb-contact-results-${name}`, { fullPage: true })
    await page.getByPlaceholder('Search by name').fill('no such station zzz')
    await page.getByText('No results found').waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  }

  // Quick exit: one click leaves for the neutral site and the history entry is replaced.
  const { context, page } = await newPage(browser)
  await context.route('https://www.weathersa.co.za/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Weather</title>neutral' }),
  )
  await open(page, '/home')
  await open(page, '/home/contact')
  const length = await page.evaluate(() => history.length)
  await page.getByRole('button', { name: 'Quick exit' }).click()
  await page.waitForURL('https://www.weathersa.co.za/**')
  assert.equal(await page.evaluate(() => history.length), length, 'the entry was replaced, not added')
  await page.goBack({ waitUntil: 'commit' })
  assert.ok(!page.url().includes('/home/contact'), `Back does not return to the page left: ${page.url()}`)
  // Escape twice does the same.
  await open(page, '/home/chart')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await page.waitForURL('https://www.weathersa.co.za/**')
  await context.close()
})

test('a coordinator captures, a provincial verifier verifies, and the public figures and history follow', async () => {
  const { station, muni } = await aberdeen()
  const admin = `bb-admin-${unique}@example.org`
  await run(
    process.env.GBVF_BIN,
    ['users', 'create-admin', '--email', admin, '--first-name', 'Ayanda', '--last-name', 'Admin'],
    {
      env: { ...process.env, GBVF_BASE_URL: BASE_URL, RUST_LOG: 'warn' },
      timeout: 120_000,
    },
  )
  await choosePassword(admin, PASSWORD)
  const adminApi = new ApiSession()
  await adminApi.json('POST', '/api/auth/login', { Username: admin, Password: PASSWORD })
  // The admin form needs a company: the municipality's own office, registered as an organisation.
  const orgName = `E2E ${muni.description} office ${unique}`
  const registrant = new ApiSession()
  await registrant.json('POST', '/api/auth/register', {
    Title: 3,
    FirstName: 'Lerato',
    LastName: 'Office',
    Email: `bb-office-${unique}@example.org`,
    Password: PASSWORD,
    ConfirmPassword: PASSWORD,
    MobileNumber: '0821234567',
    OrganisationName: orgName,
    OrganisationBranch: 'Head office',
    OrganisationType: 5,
    JobRole: 7,
    StreetNumber: '1',
    StreetName: 'Church Street',
    Suburb: 'Central',
    City: 'Aberdeen',
    PostalCode: '6270',
    Province: muni.provinceBoundaryId,
    District: muni.districtBoundaryId,
    LocalMunicipality: muni.boundaryId,
    MemberInOrganisation: 5,
    terms: true,
  })
  let company
  for (let i = 0; i < 50 && !company; i++) {
    company = (await adminApi.json('GET', '/api/security/getOrganisations')).find((o) => o.organisationName === orgName)
    if (!company) await new Promise((r) => setTimeout(r, 200))
  }
  assert.ok(company, 'the office is an organisation')
  const people = {
    coordinator: { email: `bb-coordinator-${unique}@example.org`, name: 'Nomsa Coordinator', group: 5 },
    verifier: { email: `bb-verifier-${unique}@example.org`, name: 'Pieter Verifier', group: 6 },
  }
  for (const p of Object.values(people)) {
    await adminApi.json('POST', '/api/security/createNewUser', {
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
  const before = (await api(`/dashboard?boundaryId=${muni.boundaryId}`)).buildingBlock
  const police = before.buildingBlockCategoryStats[0].buildingBlockStats[0]
  // Nothing verified yet: no figure (null, shown as 'Not yet verified'), never 0.
  assert.equal(police.buildingBlockRequirementStats[0].availability, null)
  assert.equal(police.availability, null)
  assert.equal(police.verifiedProviderCount, 0)

  // The coordinator lands on /buildingBlock/, sees the municipality, edits the station.
  const { context, page, errors } = await newPage(browser)
  await signIn(page, people.coordinator.email)
  await page.getByRole('heading', { name: `Municipality designated person: ${muni.description}` }).waitFor()
  await page.getByText('100% complete').waitFor()
  await page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
  await screenshot(page, 'bb-dashboard-desktop')
  await page.getByRole('link', { name: new RegExp(`SAPS police station in ${muni.description}`) }).click()
  await page.getByText('Number of updates').waitFor()
  await page.getByLabel('Select building block to update:').selectOption(String(station.stakeholderId))
  await page.getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Physical Address').fill('')
  await page.getByRole('button', { name: 'Save and submit for verification' }).click()
  await page.getByText('Please correct the highlighted errors before submitting.').waitFor()
  await page.getByText('Physical Address is required.').waitFor()
  await page.getByLabel('Physical Address').fill('1 Church Street, Aberdeen')
  await page.getByLabel('Victim-friendly room').check()
  await page.getByLabel('Trained GBV desk officer').check()
  await page
    .locator('.bb-requirement', { hasText: 'Trained GBV desk officer' })
    .getByRole('button', { name: /contact person/ })
    .click()
  await page.getByRole('button', { name: 'Add Additional Contact Person' }).click()
  await page.getByLabel('Full name').fill('Captain Desk Officer')
  await page.getByLabel('Mobile number').fill('0831112233')
  await screenshot(page, 'bb-manage-edit-desktop', { fullPage: true })
  await page.getByRole('button', { name: 'Save and submit for verification' }).click()
  await page.getByText('Building block updated successfully').waitFor()
  await screenshot(page, 'bb-manage-saved-desktop', { fullPage: true })
  await page.locator('.bb-status', { hasText: 'Submitted, awaiting verification' }).waitFor()
  assert.deepEqual(errors, [])
  await context.close()

  // The verifier of the province verifies.
  const v = await newPage(browser, VIEWPORTS.mobile)
  await signIn(v.page, people.verifier.email)
  await v.page.getByText('100% complete').waitFor()
  await v.page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
  await screenshot(v.page, 'bb-dashboard-mobile')
  await v.page.goto(`${BASE_URL}${new URL(page.url()).pathname}`)
  await v.page.getByLabel('Select building block to update:').selectOption(String(station.stakeholderId))
  const managed = v.page.url()
  await v.page.getByRole('link', { name: 'Review what changed' }).click()
  await v.page.getByRole('button', { name: 'Verify these details' }).click()
  await v.page.getByRole('dialog').getByRole('button', { name: 'Verify these details' }).click()
  await v.page.getByText('Building block verified successfully').waitFor()
  await v.page.goto(`${managed.split('?')[0]}?provider=${station.stakeholderId}`)
  await v.page.getByText('Verified by the province').waitFor()
  const history = await v.page.locator('.bb-history').innerText()
  assert.match(history, new RegExp(people.coordinator.name))
  assert.match(history, new RegExp(people.verifier.name))
  assert.match(
    history,
    /Imported from a public directory[\s\S]*Details submitted for verification[\s\S]*Verified by the province/,
  )
  assert.doesNotMatch(history, /BuildingBlockVerified|ProviderImported/)
  await screenshot(v.page, 'bb-manage-verified-mobile', { fullPage: true })
  await v.context.close()

  // Public figures follow, over verified providers only and only where enough are verified
  // (docs/decisions/0141-availability-needs-coverage.md: at least 3, or all where fewer are
  // listed, and at least half): 1 verified of n stations speaks for the municipality only if n = 1.
  const covered = (verified, listed) => verified >= Math.min(3, listed) && 2 * verified >= listed
  const afterData = (await api(`/dashboard?boundaryId=${muni.boundaryId}`)).buildingBlock
  const total = afterData.buildingBlockCategoryStats[0].buildingBlockStats[0].buildingBlockCount
  const reqs = afterData.buildingBlockCategoryStats[0].buildingBlockStats[0].buildingBlockRequirementStats
  if (covered(1, total)) {
    assert.deepEqual(
      reqs.slice(0, 3).map((r) => r.availability),
      [1, 1, 0],
      JSON.stringify(reqs),
    )
  } else {
    for (const r of reqs) {
      assert.equal(r.availability, null, JSON.stringify(reqs))
      assert.equal(r.availabilityState, 'belowCoverage')
      assert.equal(r.verifiedProviderCount, 1)
    }
  }
  // The component-1 map (spec §2 "Map view", §9): green bands from the server's figures, pins of
  // providers (never shelters) at local level, the stakeholder modal and the count modal.
  const districtData = (await api(`/dashboard?boundaryId=${muni.districtBoundaryId}`)).buildingBlock
  const area = districtData.containedBoundaryData.find((a) => a.boundaryId === muni.boundaryId)
  // One verified provider of the municipality's many: too few to speak for it, no green.
  assert.ok(
    area && area.verified === 1 && area.availability == null && area.availabilityState === 'belowCoverage',
    JSON.stringify(districtData.containedBoundaryData),
  )
  const bucket = (p) => (p <= 0 ? 0 : p <= 24 ? 1 : p <= 49 ? 2 : p <= 74 ? 3 : 4)
  const greens = ['#e0e0e0', '#cfe6d4', '#8fc29c', '#4f9e63', '#36854A']
  const NOT_VERIFIED_COLOUR = '#f4efe1'
  const markers = (await api(`/geography/geomarker/1/${muni.boundaryId}`)).features
  assert.ok(markers.length > 1, 'providers with a point in the municipality')
  assert.ok(
    markers.every((m) => m.properties.buildingBlockId !== 5),
    'no shelter pin',
  )
  const shelterCount = (await api(`/buildingblock/searchcontact?boundaryId=${muni.boundaryId}&buildingBlockId=5`))
    .length
  const counts = await api(`/buildingblock/getBoundaryCounts?boundaryId=${muni.boundaryId}`)
  const pointless = counts.reduce((n, c) => n + c.totalCategoryCount, 0) - markers.length
  assert.equal(pointless, shelterCount, 'every provider but the shelters has a pin')
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { context: c, page: p, errors } = await newPage(browser, viewport)
    await open(p, `/home/map?boundaryId=${muni.districtBoundaryId}&boundaryTypeId=2&componentId=1`)
    const map = p.getByTestId('bb-map')
    await p.waitForSelector('[data-testid="bb-map"][data-ready="true"]', { timeout: WAIT_MS })
    await map.getByText('Building block availability').first().waitFor()
    for (const band of ['0%', '1%-24%', '25%-49%', '50%-74%', '75%-100%'])
      await p.getByTestId('map-legend').getByText(band, { exact: true }).waitFor()
    // The map credits the provider directories, not crime statistics.
    const credits = await map.locator('.maplibregl-ctrl-attrib-inner').textContent()
    assert.match(credits, /Service providers: SAPS, DoJ&CD/)
    assert.doesNotMatch(credits, /Crime statistics/)
    const link = map.locator(`.area-link[data-boundary-id="${muni.boundaryId}"]`)
    assert.equal(await link.getAttribute('data-colour'), NOT_VERIFIED_COLOUR)
    // The coverage beside it: the one verified station of the municipality's providers.
    assert.match(await link.innerText(), new RegExp(`Not yet verified\\s+1 of ${formatCount(area.total)} verified`))
    const others = districtData.containedBoundaryData.filter((a) => a.boundaryId !== muni.boundaryId)
    for (const o of others) {
      const other = map.locator(`.area-link[data-boundary-id="${o.boundaryId}"]`)
      if (o.availability == null && o.total > 0) {
        // Listed, none (or too few) verified: its own hatched class, never 0%.
        assert.equal(await other.getAttribute('data-colour'), NOT_VERIFIED_COLOUR)
        assert.match(await other.innerText(), /Not yet verified/)
      } else assert.equal(await other.getAttribute('data-colour'), greens[bucket(o.availability * 100)])
    }
    await p.getByTestId('map-legend').getByText('Not yet verified', { exact: true }).waitFor()
    await p
      .getByTestId('map-legend')
      .getByText(/fewer than half of the listed providers/)
      .waitFor()
    await p.waitForTimeout(1500)
    await screenshot(p, `bb-map-district-${name}`)
    // Drill down to the municipality: its pins, no shelter among them.
    await link.click()
    await p.waitForSelector(`[data-testid="bb-map"][data-boundary-id="${muni.boundaryId}"][data-ready="true"]`, {
      timeout: WAIT_MS,
    })
    await waitForPins(p, markers.length)
    assert.equal(await map.getAttribute('data-pins'), String(markers.length))
    await p.waitForTimeout(1500)
    await screenshot(p, `bb-map-local-${name}`)
    // A pin opens the stakeholder's contact list: the real number and the verified requirements.
    await p.locator('.area-links__pins-box > summary').click()
    await map.locator('[data-testid="provider-pin"]', { hasText: 'Aberdeen SAPS' }).click()
    const dialog = p.getByRole('dialog')
    await dialog.getByTestId('provider-contacts').waitFor()
    const text = await dialog.innerText()
    assert.match(text, /Aberdeen SAPS/)
    assert.match(text, /0498460015/)
    assert.match(text, /Victim-friendly room/)
    assert.match(text, /Trained GBV desk officer/)
    await screenshot(p, `bb-map-pin-modal-${name}`)
    await p.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    // The map pin itself (a button on the canvas) opens the same modal on desktop.
    if (name === 'desktop') {
      // In a crowd the pin is inside a cluster that names it: choosing the cluster zooms in.
      const pin = p.getByRole('button', { name: 'SAPS police station: Aberdeen SAPS' })
      for (let step = 0; step < 6 && (await pin.count()) === 0; step++) {
        const cluster = await p.locator('.pin-cluster[title*="Aberdeen SAPS"]').first().elementHandle()
        await cluster.click()
        await p.waitForFunction((el) => !el.isConnected, cluster, { timeout: WAIT_MS })
      }
      await pin.click()
      await p.getByRole('dialog').getByText('0498460015').waitFor()
      await p.keyboard.press('Escape')
    }
    // The count modal: categories and building blocks with the server's counts.
    await map.getByRole('button', { name: 'Category and building block counts' }).click()
    const table = p.getByTestId('boundary-counts')
    await table.waitFor()
    for (const cat of counts) {
      assert.equal(
        await table.locator(`[data-category="${cat.buildingBlockCategoryId}"]`).innerText(),
        formatCount(cat.totalCategoryCount),
      )
      for (const b of cat.buildingBlocks)
        assert.equal(await table.locator(`[data-block="${b.buildingBlockId}"]`).innerText(), formatCount(b.blockCount))
    }
    await screenshot(p, `bb-map-counts-${name}`)
    assert.deepEqual(errors, [])
    await c.close()
  }
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { context: c, page: p } = await newPage(browser, viewport)
    await open(p, `/home/chart?boundaryId=${muni.boundaryId}&boundaryTypeId=3&componentId=1`)
    const card = p.getByTestId('card-availability')
    await card.waitFor()
    const police = afterData.buildingBlockCategoryStats[0]
    const shown = police.availability == null ? 'Not yet verified' : `${(police.availability * 100).toFixed(2)}%`
    await p.getByTestId('card-availability').getByText(shown).first().waitFor({ timeout: WAIT_MS })
    assert.match(
      await card.textContent(),
      new RegExp(`${police.verifiedProviderCount} of ${formatCount(police.providerCount)} verified`),
    )
    if (police.availabilityState === 'belowCoverage')
      assert.match(await card.getByTestId('coverage-rule').innerText(), /fewer than half of the listed providers/)
    await card.getByTestId('availability-definition').locator(':scope > summary').click()
    assert.match(
      await card.getByTestId('availability-definition').innerText(),
      /requirements its verified providers meet, divided by all the requirements of its verified providers/,
    )
    await card.scrollIntoViewIfNeeded()
    await screenshot(p, `bb-chart-${name}`, { fullPage: true })
    // A municipality of the same district with listed providers, none verified: the card says
    // so with the counts, and no 0.00% anywhere on it.
    const unverified = districtData.containedBoundaryData.find(
      (a) => a.boundaryId !== muni.boundaryId && a.total > 0 && a.availability == null,
    )
    if (unverified) {
      await open(p, `/home/chart?boundaryId=${unverified.boundaryId}&boundaryTypeId=3&componentId=1`)
      const pending = p.getByTestId('card-availability')
      await pending.getByText('Not yet verified').first().waitFor({ timeout: WAIT_MS })
      // The counts stand beside the figure (inside the accordion's body on phones).
      assert.match(await pending.textContent(), /0 of \d[\d,]* verified/)
      assert.doesNotMatch(await pending.innerText(), /0\.00%/)
      await screenshot(p, `bb-chart-not-verified-${name}`, { fullPage: true })
    }
    // A category option picked: the Building blocks card's quarter grid is by requirement. Its
    // current quarter is measured over the verified station alone, and only where that one
    // station is enough to speak for the municipality (the coverage rule); otherwise each
    // requirement reads Not yet verified, never 1 ÷ the listed stations, with the coverage
    // below the grid.
    await open(p, `/home/chart?boundaryId=${muni.boundaryId}&boundaryTypeId=3&componentId=1&componentOptions=1`)
    const grid = p.getByTestId('card-building-blocks')
    // Phones: the accordion category > block > requirement, each requirement's quarters in rows.
    const lastValues = async () => {
      if (name === 'mobile') {
        const category = grid.getByTestId('bb-accordion-category').first()
        await category.waitFor({ timeout: WAIT_MS })
        await category.locator(':scope > summary').click()
        const block = category.getByTestId('bb-accordion-block').first()
        await block.locator(':scope > summary').click()
        const requirements = block.getByTestId('bb-accordion-requirement')
        const labels = (await requirements.locator(':scope > summary').allInnerTexts()).map((l) => l.trim())
        const values = []
        for (let i = 0; i < (await requirements.count()); i += 1) {
          await requirements.nth(i).locator(':scope > summary').click()
          values.push((await requirements.nth(i).locator('tbody tr td').allInnerTexts()).at(-1))
        }
        return { labels, values }
      }
      const rows = grid.getByTestId('quarter-grid-row')
      await rows.first().waitFor({ timeout: WAIT_MS })
      const labels = await rows.locator('[role="rowheader"]').allInnerTexts()
      const values = []
      for (let i = 0; i < (await rows.count()); i += 1)
        values.push((await rows.nth(i).locator('[role="cell"]').allInnerTexts()).at(-1))
      return { labels, values }
    }
    const { labels, values } = await lastValues()
    assert.deepEqual(
      labels,
      reqs.map((r) => r.description),
    )
    if (covered(1, total)) {
      assert.equal(values[0], '100.00%')
      assert.equal(values[2], '0.00%')
    } else {
      assert.deepEqual(
        values,
        reqs.map(() => 'Not yet verified'),
      )
    }
    assert.equal(
      (await grid.getByTestId('bb-coverage').innerText()).trim(),
      `${afterData.buildingBlockCategoryStats[0].buildingBlockStats[0].description}: 1 of ${formatCount(total)} verified`,
    )
    // What the figures mean, one click from them.
    const definition = grid.getByTestId('availability-definition')
    await definition.locator(':scope > summary').click()
    const meaning = await definition.innerText()
    assert.match(meaning, /the verified providers that meet it, divided by the verified providers/)
    assert.match(meaning, /at least half of the listed providers are verified and at least 3/)
    await grid.scrollIntoViewIfNeeded()
    await screenshot(p, `bb-chart-requirements-${name}`)
    await c.close()
  }
})
