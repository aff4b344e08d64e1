// Each view credits its own sources (data/*/SOURCE.md): under every component's map and in the
// footer, the lines of that component and no other (crime: SAPS, Census 2022 and 2011, MDB; building
// blocks: the directories, MDB; health check: the surveys, MDB, and "Example data" exactly when
// the API says its figures include example data; collective actions: End GBVF / The World of
// Impact, MDB). Against the real server with the shipped data, at 1366 and 390 px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

const browser = useBrowser(assertReachable)

const CRIME = 'Crime statistics: SAPS'
const CENSUS = 'Population: Statistics South Africa, Census 2022 and Census 2011'
const MDB = 'Boundaries: Municipal Demarcation Board'
const DIRECTORIES = /^Service providers: .*Seeking Shelter/
const COLLECTIVE_ACTIONS = /^Collective actions: End GBVF 100-Day Challenges .*theworldofimpact\.org/
const SURVEYS = /^Health check: surveys of registered organisations/
const EXAMPLE = /^Example data/

/** Expected footer lines per component id, as patterns in order. */
function expected(componentId, example) {
  switch (componentId) {
    case 1:
      return [DIRECTORIES, MDB]
    case 2:
      return example ? [MDB, SURVEYS, EXAMPLE] : [MDB, SURVEYS]
    case 4:
      return [MDB, COLLECTIVE_ACTIONS]
    default:
      return [CRIME, CENSUS, MDB]
  }
}

async function footerLines(page) {
  await page.waitForSelector('[data-testid="attribution"] li', { timeout: WAIT_MS })
  return page.getByTestId('attribution').locator('li').allInnerTexts()
}

/** Every line matches one expected pattern and every pattern one line (order free). */
function assertLines(lines, patterns, what) {
  assert.equal(lines.length, patterns.length, `${what}: ${JSON.stringify(lines)}`)
  for (const p of patterns)
    assert.ok(
      lines.some((l) => (typeof p === 'string' ? l === p : p.test(l))),
      `${what}: ${p} missing in ${JSON.stringify(lines)}`,
    )
}

const TEST_IDS = { 1: 'bb-map', 2: 'hc-map', 3: 'crime-map', 4: 'actions-map' }

test('map and grid views: the footer and the map credit only the component shown', async () => {
  const dashboard = await api('/dashboard?boundaryId=1')
  const example = dashboard.healthCheck.example === true
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { context, page, errors } = await newPage(browser(), viewport)
    for (const componentId of [1, 2, 3, 4]) {
      await open(page, `/home/map?boundaryId=1&boundaryTypeId=1&componentId=${componentId}`)
      const testId = TEST_IDS[componentId]
      await page.waitForSelector(`[data-testid="${testId}"][data-ready="true"]`, { timeout: WAIT_MS })
      const mapCredits = await page.getByTestId(testId).locator('.maplibregl-ctrl-attrib-inner').textContent()
      assertLines(mapCredits.split(' | '), expected(componentId, example), `${testId} credits (${name})`)
      assertLines(await footerLines(page), expected(componentId, example), `footer of map ${componentId} (${name})`)
      await screenshot(page, `credits-map-${componentId}-${name}`, { fullPage: true })

      await open(page, `/home/grid?boundaryId=1&boundaryTypeId=1&componentId=${componentId}`)
      assertLines(await footerLines(page), expected(componentId, example), `footer of grid ${componentId} (${name})`)
    }
    assert.deepEqual(errors, [])
    await context.close()
  }
})

test('contact directory credits the directories; chart credits what it shows', async () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { context, page, errors } = await newPage(browser(), viewport)
    await open(page, '/home/contact')
    assertLines(await footerLines(page), [DIRECTORIES, MDB], `contact footer (${name})`)
    await screenshot(page, `credits-contact-${name}`, { fullPage: true })

    // The chart view on a phone shows only the chosen component; on a wide screen all four.
    await open(page, '/home/chart?boundaryId=1&boundaryTypeId=1&componentId=4')
    await page.waitForSelector('[data-testid="dashboard-cards"] section', { timeout: WAIT_MS })
    const lines = await footerLines(page)
    if (name === 'mobile') assertLines(lines, expected(4, false), `chart footer (${name})`)
    else {
      for (const p of [CRIME, CENSUS, MDB, DIRECTORIES, COLLECTIVE_ACTIONS, SURVEYS])
        assert.ok(
          lines.some((l) => (typeof p === 'string' ? l === p : p.test(l))),
          `chart footer (${name}): ${p} in ${JSON.stringify(lines)}`,
        )
    }
    await screenshot(page, `credits-chart-${name}`, { fullPage: true })
    assert.deepEqual(errors, [])
    await context.close()
  }
})
