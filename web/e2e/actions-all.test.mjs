// The collective-actions map keeps the specification's bands of active collective actions, and
// the reader can switch to all collective actions (active and completed): areas then coloured by
// all their collective actions, a pin for every collective action placed in a municipality or
// district, and a list of the collective actions named only by province or nationally. Figures
// compared with the API; shipped data.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

const browser = useBrowser(assertReachable)

/** Same bands as ACTIONS_SCALE and ALL_ACTIONS_SCALE in src/features/map/map-data.ts. */
const activeColour = (n) => (n >= 2 ? '#E9622B' : n >= 1 ? '#F6C0AA' : '#BDBDBD')
const allColour = (n) => (n >= 5 ? '#E9622B' : n >= 2 ? '#F0936D' : n >= 1 ? '#F6C0AA' : '#BDBDBD')

async function areaColours(page) {
  return page
    .getByTestId('actions-map')
    .locator('nav.area-links .area-link')
    .evaluateAll((links) => links.map((l) => [Number(l.dataset.boundaryId), l.dataset.colour]))
}

test('collective actions: active bands by default, all of them on demand with pins and a list', async () => {
  const dashboard = await api('/dashboard?boundaryId=1')
  const areas = new Map(dashboard.collectiveAction.containedBoundaryData.map((a) => [a.boundaryId, a]))
  const everyCollectiveAction = await api('/CollectiveAction/getCollectiveActionsByBoundary?boundaryId=1')
  const pins = await api('/geography/actionsGeomarker/4/1')
  const unplaced = everyCollectiveAction.filter((c) => c.boundaryId == null)
  assert.ok(everyCollectiveAction.length > 0, 'the shipped collective actions are loaded')
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { context, page, errors } = await newPage(browser(), viewport)
    await open(page, '/home/map?boundaryId=1&boundaryTypeId=1&componentId=4')
    const map = page.getByTestId('actions-map')
    await page.waitForSelector('[data-testid="actions-map"][data-ready="true"]', { timeout: WAIT_MS })
    // Default: the specification's active bands, no pins at national level.
    assert.equal(await map.getByLabel('Active challenges').isChecked(), true)
    assert.match(await map.getByTestId('map-legend').innerText(), /Active challenges/)
    for (const [id, colour] of await areaColours(page))
      assert.equal(colour, activeColour(areas.get(id)?.total ?? 0), `active colour of ${id}`)
    assert.equal(await map.getByTestId('collective-action-pin').count(), 0)

    // All collective actions.
    await map.getByLabel('All challenges (active and completed)').check()
    await map.getByTestId('placed-collective-actions').waitFor()
    assert.match(await map.getByTestId('map-legend').innerText(), /All challenges/)
    const colours = await areaColours(page)
    assert.ok(colours.length > 0)
    for (const [id, colour] of colours)
      assert.equal(colour, allColour(areas.get(id)?.totalCollectiveActions ?? 0), `all colour of ${id}`)
    assert.ok(
      colours.some(([, c]) => c !== '#BDBDBD'),
      'with all collective actions some area is coloured (the shipped ones are completed)',
    )
    // A pin (button) for every placed collective action, each opening its collective-action card.
    await map.getByTestId('placed-collective-actions').locator('summary').click()
    const buttons = map.getByTestId('collective-action-pin')
    assert.equal(await buttons.count(), pins.features.length)
    assert.deepEqual(
      (await buttons.evaluateAll((b) => b.map((x) => x.dataset.id))).sort(),
      pins.features.map((f) => String(f.id)).sort(),
    )
    // The collective actions without a municipality or district, listed with their names.
    const list = map.getByTestId('unplaced-collective-actions')
    await list.locator('summary').click()
    assert.match(await list.locator('summary').innerText(), new RegExp(`\\(${unplaced.length}, not on the map\\)`))
    assert.deepEqual(
      (await list.getByTestId('collective-action-item').evaluateAll((li) => li.map((x) => x.dataset.id))).sort(),
      unplaced.map((c) => c.collectiveActionId).sort(),
    )
    // Nothing wider than the screen, lists open.
    const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(width <= 0, `page ${width}px wider than the screen (${name})`)
    await screenshot(page, `actions-all-${name}`, { fullPage: true })
    await buttons.first().click()
    await page.getByTestId('collective-action-card').waitFor()
    assert.ok((await page.getByTestId('collective-action-item').count()) >= 1)
    await page.keyboard.press('Escape')
    // Back to the specification's bands.
    await map.getByLabel('Active challenges').check()
    await page.waitForFunction(() => !document.querySelector('[data-testid="placed-collective-actions"]'))
    for (const [id, colour] of await areaColours(page)) assert.equal(colour, activeColour(areas.get(id)?.total ?? 0))
    assert.deepEqual(errors, [])
    await context.close()
  }
})

test('a province lists the collective actions named only by that province', async () => {
  const provinces = await api('/geography/contained/?containingBoundaryId=1')
  const limpopo = provinces.find((p) => p.description === 'Limpopo')
  const inLimpopo = await api(`/CollectiveAction/getCollectiveActionsByBoundary?boundaryId=${limpopo.boundaryId}`)
  const unplaced = inLimpopo.filter((c) => c.boundaryId == null)
  assert.ok(unplaced.length > 0, 'the shipped Limpopo rows without a place')
  const { context, page, errors } = await newPage(browser(), VIEWPORTS.desktop)
  await open(page, `/home/map?boundaryId=${limpopo.boundaryId}&boundaryTypeId=2&componentId=4`)
  const map = page.getByTestId('actions-map')
  await page.waitForSelector('[data-testid="actions-map"][data-ready="true"]', { timeout: WAIT_MS })
  await map.getByLabel('All challenges (active and completed)').check()
  const list = map.getByTestId('unplaced-collective-actions')
  await list.locator('summary').click()
  assert.deepEqual(
    (await list.getByTestId('collective-action-item').evaluateAll((li) => li.map((x) => x.dataset.id))).sort(),
    unplaced.map((c) => c.collectiveActionId).sort(),
  )
  await screenshot(page, 'actions-all-limpopo-desktop', { fullPage: true })
  assert.deepEqual(errors, [])
  await context.close()
})
