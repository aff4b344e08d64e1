// Every component's map is its own (public spec §3 "Map colour scales"): the legend and the
// credits belong to the component shown, never the crime map's under another component's name.
// Against the real server with the shipped data; screenshots at 1366×768 and 390×844.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, newPage, open, screenshot, waitForPins } from './lib/app.mjs'

const browser = useBrowser(assertReachable)

const MAPS = [
  { componentId: 3, testId: 'crime-map', legend: /GBVF crimes/, credits: /Crime statistics: SAPS/ },
  {
    componentId: 1,
    testId: 'bb-map',
    legend: /Building block availability/,
    credits: /Service providers: SAPS/,
    notCredits: /Crime statistics/,
  },
  {
    componentId: 2,
    testId: 'hc-map',
    legend: /Health check: overall maturity/,
    credits: /Health check: surveys/,
    notCredits: /Crime statistics/,
    notLegend: /crime/i,
  },
  {
    componentId: 4,
    testId: 'actions-map',
    legend: /100-Day|Active|challenge/i,
    credits: /End GBVF 100-Day Challenges/,
    notCredits: /Crime statistics/,
  },
]

test('each component map shows its own legend and credits', async () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { context, page, errors } = await newPage(browser(), viewport)
    for (const m of MAPS) {
      await open(page, `/home/map?boundaryId=1&boundaryTypeId=1&componentId=${m.componentId}`)
      await page.waitForSelector(`[data-testid="${m.testId}"][data-ready="true"]`, { timeout: WAIT_MS })
      const legend = await page.getByTestId('map-legend').first().innerText()
      assert.match(legend, m.legend, `${m.testId} legend: ${legend}`)
      if (m.notLegend) assert.doesNotMatch(legend, m.notLegend, `${m.testId} legend: ${legend}`)
      const credits = await page.getByTestId(m.testId).locator('.maplibregl-ctrl-attrib-inner').textContent()
      assert.match(credits, m.credits, `${m.testId} credits: ${credits}`)
      if (m.notCredits) assert.doesNotMatch(credits, m.notCredits, `${m.testId} credits: ${credits}`)
      // "No data" differs from the palest class by pattern, not by a grey no one can tell apart
      // (WCAG 1.4.11): its swatch is dotted, every other swatch a plain colour or the hatch.
      const swatches = await page
        .getByTestId('map-legend')
        .first()
        .locator('li')
        .evaluateAll((items) =>
          items.map((li) => {
            const style = getComputedStyle(li.querySelector('.map-legend__swatch'))
            return { label: li.textContent, pattern: style.backgroundImage !== 'none', colour: style.backgroundColor }
          }),
        )
      const noData = swatches.find((s) => s.label === 'No data available')
      assert.ok(noData?.pattern, `${m.testId}: the No data swatch has a pattern: ${JSON.stringify(swatches)}`)
      for (const s of swatches.filter((x) => !x.pattern))
        assert.notEqual(s.colour, noData.colour, `${m.testId}: ${s.label} looks like No data`)
      if (m.componentId === 2) await screenshot(page, `hc-map-national-${name}`)
    }
    assert.deepEqual(errors, [])
    await context.close()
  }
})

/** The map's pins and clusters once the map has stopped moving (their places read twice,
 * 300 ms apart, equal), with the pointer off the map. */
async function settledPins(page) {
  // The pointer leaves the map, so the area tooltip goes (a tooltip still there counts as a
  // cover in hiddenMarkers: pins under it are not judged).
  await page.mouse.move(1, 1)
  const read = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.station-pin, .pin-cluster')].map((p) => {
        const r = p.getBoundingClientRect()
        return `${Math.round(r.x)},${Math.round(r.y)}`
      }),
    )
  for (let before = await read(); ;) {
    await page.waitForTimeout(300)
    const now = await read()
    if (now.join() === before.join()) return
    before = now
  }
}

/** The pins and clusters in view (inside the map, on screen, not under the legend, a control
 * or the area tooltip) that are not the element at their own head (a pin) or centre (a cluster): hidden
 * under another. Also how many were checked, and the index of a cluster in view. */
function hiddenMarkers(page) {
  return page.evaluate(() => {
    const map = document.querySelector('[data-testid="map-canvas"]').getBoundingClientRect()
    const covers = [...document.querySelectorAll('.map-legend, .maplibregl-ctrl, .maplibregl-popup')].map((e) =>
      e.getBoundingClientRect(),
    )
    const names = []
    let checked = 0
    let clusterInView = -1
    const clusters = [...document.querySelectorAll('.pin-cluster')]
    for (const el of document.querySelectorAll('.station-pin, .pin-cluster')) {
      const r = el.getBoundingClientRect()
      const x = r.x + r.width / 2
      const y = el.classList.contains('pin-cluster') ? r.y + r.height / 2 : r.y + r.width / 2
      const inMap = x > map.left + 5 && x < map.right - 5 && y > map.top + 5 && y < map.bottom - 5 && y < innerHeight
      const underCover = covers.some((c) => x >= c.left && x <= c.right && y >= c.top && y <= c.bottom)
      if (!inMap || underCover) continue
      checked++
      if (!el.contains(document.elementFromPoint(x, y))) names.push(el.getAttribute('aria-label'))
      else if (clusterInView < 0 && el.classList.contains('pin-cluster')) clusterInView = clusters.indexOf(el)
    }
    return { checked, names, clusterInView }
  })
}

test('crowded pins are clustered and close pins spread, so each can be clicked, at both widths', async () => {
  // Johannesburg's building-block map: 172 providers, a crowd in the inner city and some at one
  // address (a court and a clinic).
  const provinces = await api('/geography/boundary/list/2/1')
  const gauteng = provinces.find((p) => p.description === 'Gauteng')
  const districts = await api(`/geography/boundary/list/2/${gauteng.boundaryId}`)
  const district = districts.find((d) => d.description === 'City of Johannesburg')
  const [joburg] = await api(`/geography/boundary/list/3/${district.boundaryId}`)
  const markers = await api(`/geography/geomarker/1/${joburg.boundaryId}`)
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { context, page, errors } = await newPage(browser(), viewport)
    await open(page, `/home/map?boundaryId=${joburg.boundaryId}&boundaryTypeId=3&componentId=1`)
    await page.waitForSelector('[data-testid="bb-map"][data-ready="true"]', { timeout: WAIT_MS })
    await waitForPins(page, markers.features.length)
    await page.getByTestId('map-canvas').scrollIntoViewIfNeeded()
    await settledPins(page)
    // The whole municipality: the inner city is a numbered cluster, and no pin or cluster in
    // view lies under another.
    assert.ok((await page.locator('.pin-cluster').count()) > 0, `${name}: a crowd is clustered`)
    let seen = await hiddenMarkers(page)
    assert.ok(seen.checked > 0, `${name}: some pins are in view`)
    assert.deepEqual(seen.names, [], `${name}: hidden under another pin at the municipality's zoom`)
    await screenshot(page, `bb-map-pins-clustered-${name}`)
    // Choosing a cluster zooms in to it: more pins are drawn, every marker still accounted for.
    assert.ok(seen.clusterInView >= 0, `${name}: a cluster can be chosen`)
    const pinsBefore = await page.locator('.station-pin').count()
    await page.locator('.pin-cluster').nth(seen.clusterInView).click()
    await waitForPins(page, markers.features.length)
    await page.waitForFunction((n) => document.querySelectorAll('.station-pin').length > n, pinsBefore, {
      timeout: WAIT_MS,
    })
    await settledPins(page)
    // Closer still: whatever is in view is clickable at each step.
    for (let i = 0; i < 3; i++) {
      seen = await hiddenMarkers(page)
      assert.deepEqual(seen.names, [], `${name}: hidden under another pin after ${i} zoom steps`)
      await page.getByRole('button', { name: 'Zoom in', exact: true }).click()
      await settledPins(page)
    }
    await waitForPins(page, markers.features.length)
    seen = await hiddenMarkers(page)
    assert.ok(seen.checked > 0, `${name}: some pins are in view up close`)
    assert.deepEqual(seen.names, [], `${name}: hidden under another pin up close`)
    await screenshot(page, `bb-map-pins-spread-${name}`)
    assert.deepEqual(errors, [])
    await context.close()
  }
})
