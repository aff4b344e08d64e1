// Every component's map is its own (public spec §3 "Map colour scales"): the legend and the
// credits belong to the component shown, never the crime map's under another component's name.
// Against the real server with the shipped data; screenshots at 1366×768 and 390×844.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

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

test('pins that would cover one another are spread, so each can be clicked', async () => {
  // Johannesburg's building-block map: 172 providers, some at one address (a court and a clinic).
  const provinces = await api('/geography/boundary/list/2/1')
  const gauteng = provinces.find((p) => p.description === 'Gauteng')
  const districts = await api(`/geography/boundary/list/2/${gauteng.boundaryId}`)
  const district = districts.find((d) => d.description === 'City of Johannesburg')
  const [joburg] = await api(`/geography/boundary/list/3/${district.boundaryId}`)
  const markers = await api(`/geography/geomarker/1/${joburg.boundaryId}`)
  const { context, page, errors } = await newPage(browser(), VIEWPORTS.desktop)
  await open(page, `/home/map?boundaryId=${joburg.boundaryId}&boundaryTypeId=3&componentId=1`)
  await page.waitForSelector('[data-testid="bb-map"][data-ready="true"]', { timeout: WAIT_MS })
  await page.waitForFunction((n) => document.querySelectorAll('.station-pin').length === n, markers.features.length, {
    timeout: WAIT_MS,
  })
  await page.getByTestId('map-canvas').scrollIntoViewIfNeeded()
  // Where the pins stand once the map has stopped moving (read twice, equal).
  const settledPins = async () => {
    const read = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.station-pin')].map((p) => {
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
  for (let i = 0; i < 4; i++) {
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await settledPins()
  }
  // Every pin in view, away from the legend and the controls, is the element at its own head.
  const hidden = await page.evaluate(() => {
    const map = document.querySelector('[data-testid="map-canvas"]').getBoundingClientRect()
    const covers = [...document.querySelectorAll('.map-legend, .maplibregl-ctrl')].map((e) => e.getBoundingClientRect())
    const names = []
    let checked = 0
    for (const pin of document.querySelectorAll('.station-pin')) {
      const r = pin.getBoundingClientRect()
      const x = r.x + r.width / 2
      const y = r.y + r.width / 2
      const inMap = x > map.left + 5 && x < map.right - 5 && y > map.top + 5 && y < map.bottom - 5 && y < innerHeight
      const underCover = covers.some((c) => x >= c.left && x <= c.right && y >= c.top && y <= c.bottom)
      if (!inMap || underCover) continue
      checked++
      if (!pin.contains(document.elementFromPoint(x, y))) names.push(pin.getAttribute('aria-label'))
    }
    return { checked, names }
  })
  assert.ok(hidden.checked > 0, 'some pins are in view')
  assert.deepEqual(hidden.names, [], 'pins hidden under another pin')
  await screenshot(page, 'bb-map-pins-spread-desktop')
  assert.deepEqual(errors, [])
  await context.close()
})
