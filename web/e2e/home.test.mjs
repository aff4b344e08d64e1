// /home against the real API: the national total on screen equals GET /api/crime/stats?boundaryId=1.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, api, assertReachable, formatCount, newPage, screenshot } from './lib/app.mjs'

let run
before(async () => {
  await assertReachable()
  run = await launchBrowser()
})
after(async () => {
  await run?.close()
})

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`/home shows the national GBVF total from the API (${name})`, async (t) => {
    const stats = await api('/crime/stats?boundaryId=1')
    assert.ok(stats.total != null, 'the API has a national total')
    const { context, page, errors } = await newPage(run.browser, viewport)
    try {
      const started = Date.now()
      await page.goto(`${BASE_URL}/home`, { waitUntil: 'domcontentloaded' })
      await page.waitForSelector('[data-testid="total-crime"]', { timeout: WAIT_MS })
      const firstRender = Date.now() - started
      await page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
      const overlayGone = Date.now() - started
      t.diagnostic(`${name}: figures rendered after ${firstRender} ms, overlay gone after ${overlayGone} ms`)

      assert.equal((await page.textContent('[data-testid="total-crime"]')).trim(), formatCount(stats.total))
      assert.equal((await page.textContent('[data-testid="previous-total"]')).trim(), formatCount(stats.previousTotal))
      const heading = await page.textContent('h1#summary-heading')
      assert.match(heading, /South Africa/)
      const summary = await page.textContent('[data-testid="crime-summary"]')
      assert.ok(summary.includes(stats.period), `the period ${stats.period} is shown`)

      const attribution = await page.textContent('[data-testid="attribution"]')
      for (const line of [
        'Crime statistics: SAPS',
        'Population: Statistics South Africa, Census 2022 and Census 2011',
        'Boundaries: Municipal Demarcation Board',
      ]) {
        assert.ok(attribution.includes(line), `attribution shows '${line}'`)
      }
      // The province choropleth is drawn with our own polygons; on a phone the map loads when
      // the visitor scrolls to it.
      if (name === 'mobile') {
        assert.equal(await page.locator('[data-testid="map-canvas"]').count(), 0, 'no map before scrolling on a phone')
        await page.getByTestId('map-slot').scrollIntoViewIfNeeded()
      }
      await page.waitForSelector('[data-testid="map-canvas"] canvas', { timeout: WAIT_MS })
      await page.waitForFunction(() => document.querySelectorAll('.area-label').length > 0, null, { timeout: WAIT_MS })
      const provinces = await api('/geography/contained/?containingBoundaryId=1')
      assert.equal(await page.locator('.area-label').count(), provinces.length)
      await page.waitForTimeout(500)
      await screenshot(page, `home-${name}`)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })
}
