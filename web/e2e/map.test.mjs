// Map view: WebGL choropleth, hover tooltip, drill-down by clicking areas down to local level,
// police-station pins (25x41) with their modal.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import {
  VIEWPORTS,
  api,
  assertReachable,
  formatCount,
  newPage,
  open,
  screenshot,
  searchOf,
  waitForPins,
} from './lib/app.mjs'

let run
before(async () => {
  await assertReachable()
  run = await launchBrowser()
})
after(async () => {
  await run?.close()
})

/** Waits until the map shows the given boundary's areas with their figures. */
async function labelsReady(page, count, boundaryId = 1) {
  await page.waitForSelector(`[data-testid="crime-map"][data-ready="true"][data-boundary-id="${boundaryId}"]`, {
    timeout: WAIT_MS,
  })
  await page.waitForFunction((n) => document.querySelectorAll('.area-label').length === n, count, { timeout: WAIT_MS })
  await page.waitForTimeout(400)
}

/** Clicks the map canvas where an area's count label sits (labels let clicks through). */
async function clickArea(page, name) {
  const label = page.locator('.area-label', { hasText: name }).first()
  // Below the fold at 768 px when banners take height (development mode): scroll it in first.
  await label.scrollIntoViewIfNeeded()
  const box = await label.boundingBox()
  assert.ok(box, `label for ${name} is on screen`)
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

test('map drill-down from the nation to a municipality, with station pins', async () => {
  const provinces = await api('/geography/contained/?containingBoundaryId=1')
  const province = provinces.find((p) => p.description === 'Gauteng') ?? provinces[0]
  const districts = await api(`/geography/contained/?containingBoundaryId=${province.boundaryId}`)
  const district = districts.find((d) => d.description === 'Sedibeng') ?? districts[0]
  const locals = await api(`/geography/contained/?containingBoundaryId=${district.boundaryId}`)
  const local = locals[0]

  const { context, page, errors } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await open(page, '/home/map')
    await page.waitForSelector('[data-testid="map-canvas"] canvas')
    await labelsReady(page, provinces.length)
    await page.waitForSelector('[data-testid="map-legend"]')

    // Hover shows a tooltip.
    const label = await page.locator('.area-label', { hasText: province.description }).first().boundingBox()
    await page.mouse.move(label.x + label.width / 2 + 2, label.y + label.height / 2 + 2)
    await page.waitForSelector('.map-tooltip', { timeout: WAIT_MS })
    assert.match(await page.textContent('.map-tooltip'), new RegExp(province.description))
    await screenshot(page, 'map-national-desktop')

    await clickArea(page, province.description)
    await page.waitForURL((u) => u.searchParams.get('boundaryId') === String(province.boundaryId))
    assert.equal(searchOf(page).get('boundaryTypeId'), '2')
    await labelsReady(page, districts.length, province.boundaryId)

    await clickArea(page, district.description)
    await page.waitForURL((u) => u.searchParams.get('boundaryId') === String(district.boundaryId))
    await labelsReady(page, locals.length, district.boundaryId)

    await clickArea(page, local.description)
    await page.waitForURL((u) => u.searchParams.get('boundaryId') === String(local.boundaryId))
    assert.equal(searchOf(page).get('boundaryTypeId'), '3')
    await labelsReady(page, 1, local.boundaryId)

    const markers = await api(`/geography/geomarker/3/${local.boundaryId}`)
    if (markers.features.length > 0) {
      await waitForPins(page, markers.features.length)
      const pin = page.locator('.station-pin').first()
      const box = await pin.boundingBox()
      assert.equal(Math.round(box.width), 25)
      assert.equal(Math.round(box.height), 41)
      // Every station the directory has is linked to its precinct by the import.
      const linked = markers.features.filter((f) => f.properties.providerStakeholderId != null)
      assert.ok(linked.length >= markers.features.length - 1, JSON.stringify(markers.features.map((f) => f.properties)))
      await pin.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      // The pin's station shows its contact card from the directory, not "No contacts found".
      const title = (await dialog.getByRole('heading').first().innerText()).trim()
      const marker = markers.features.find((f) => f.properties.name === title)
      assert.ok(marker, `a marker named ${title}`)
      // The station's own figures: its precinct's total and rate, as the API gives them.
      const precinct = await api(`/crime/stats?boundaryId=${marker.properties.boundaryId}`)
      if (precinct.total != null) {
        await dialog.getByTestId('station-figures').waitFor()
        assert.equal(await dialog.getByTestId('station-total').innerText(), formatCount(precinct.total))
        assert.match(await dialog.innerText(), new RegExp(`Total GBVF crime in its precinct, ${precinct.period}`))
      } else {
        await dialog.getByText('SAPS publishes no figures for this precinct.').waitFor()
      }
      if (marker.properties.providerStakeholderId != null) {
        await dialog.getByTestId('provider-contacts').waitFor()
        const [entry] = await api(
          `/buildingblock/searchcontact?stakeholderId=${marker.properties.providerStakeholderId}`,
        )
        const text = await dialog.innerText()
        assert.match(text, new RegExp(entry.name))
        for (const c of entry.contacts) assert.match(text, new RegExp(c.detail))
        assert.doesNotMatch(text, /No contacts found/)
      }
      await screenshot(page, 'map-local-pin-desktop')
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
    }
    // At local level a click does not drill further.
    const before = page.url()
    await clickArea(page, local.description)
    await page.waitForTimeout(500)
    assert.equal(page.url(), before)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('on mobile the map cannot be dragged and the area list drills down by keyboard', async () => {
  const provinces = await api('/geography/contained/?containingBoundaryId=1')
  const { context, page } = await newPage(run.browser, VIEWPORTS.mobile)
  try {
    await open(page, '/home/map')
    await labelsReady(page, provinces.length)
    const first = page.locator('.area-label').first()
    const box1 = await first.boundingBox()
    const canvas = await page.locator('[data-testid="map-canvas"] canvas').boundingBox()
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)
    await page.mouse.down()
    await page.mouse.move(canvas.x + canvas.width / 2 + 80, canvas.y + canvas.height / 2 + 40, { steps: 8 })
    await page.mouse.up()
    await page.waitForTimeout(300)
    const box2 = await first.boundingBox()
    assert.ok(Math.abs(box1.x - box2.x) < 2 && Math.abs(box1.y - box2.y) < 2, 'the map did not move')
    await screenshot(page, 'map-national-mobile')

    const target = provinces[0]
    const button = page.locator(`.area-link[data-boundary-id="${target.boundaryId}"]`)
    await button.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.searchParams.get('boundaryId') === String(target.boundaryId))
  } finally {
    await context.close()
  }
})
