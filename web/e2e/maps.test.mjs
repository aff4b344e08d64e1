// Every component's map is its own (public spec §3 "Map colour scales"): the legend and the
// credits belong to the component shown, never the crime map's under another component's name.
// Against the real server with the shipped data; screenshots at 1366×768 and 390×844.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { VIEWPORTS, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

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
      if (m.componentId === 2) await screenshot(page, `hc-map-national-${name}`)
    }
    assert.deepEqual(errors, [])
    await context.close()
  }
})
