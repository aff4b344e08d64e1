// Visitors whose browser has no WebGL2: a browser started with WebGL switched off (NO_WEBGL_FLAGS)
// opens every public page at both widths. Each page shows its figures, the map's place explains
// why there is no map and lists the map's figures, nothing falls over ('Unexpected Application
// Error!', a failed card or view, an uncaught page error), and axe finds no violations.
// Screenshots: nowebgl-<route>-<viewport>.png (full page).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { AxeBuilder } from '@axe-core/playwright'
import { NO_WEBGL_FLAGS, launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { PUBLIC_ROUTES, VIEWPORTS, api, assertReachable, formatCount, newPage, open, screenshot } from './lib/app.mjs'

const WEBGL_MESSAGE = 'The map cannot be shown because this browser does not support WebGL2.'

let run
let national
before(async () => {
  await assertReachable()
  national = await api('/crime/stats?boundaryId=1')
  assert.ok(
    national.total != null && national.containedBoundaryData.length > 0,
    'the API has national figures per province',
  )
  run = await launchBrowser({ extraFlags: NO_WEBGL_FLAGS })
})
after(async () => {
  await run?.close()
})

test('the no-WebGL browser really has no WebGL, so MapLibre cannot draw', async () => {
  const { context, page } = await newPage(run.browser)
  try {
    await page.setContent('<p>probe</p>')
    const contexts = await page.evaluate(() => ({
      webgl2: !!document.createElement('canvas').getContext('webgl2'),
      webgl: !!document.createElement('canvas').getContext('webgl'),
    }))
    assert.deepEqual(contexts, { webgl2: false, webgl: false })
  } finally {
    await context.close()
  }
})

/** The map's place: the explanation, and one row per province with its total. */
async function assertMapFallback(page) {
  const fallback = page.locator('[data-testid="map-fallback"]')
  await fallback.waitFor({ timeout: WAIT_MS })
  assert.equal(await fallback.getAttribute('data-reason'), 'webgl')
  assert.ok((await fallback.textContent()).includes(WEBGL_MESSAGE), "the map's place explains why there is no map")
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="map-fallback"] tbody tr').length === n,
    national.containedBoundaryData.length,
    { timeout: WAIT_MS },
  )
  const rows = await fallback
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())))
  const byName = new Map(rows.map((cells) => [cells[0], cells]))
  for (const province of national.containedBoundaryData) {
    const cells = byName.get(province.description)
    assert.ok(cells, `the table lists ${province.description}`)
    assert.equal(cells[2], formatCount(province.total), `${province.description}: its total`)
  }
  // The area list under the map still offers each province.
  assert.equal(await page.locator('.area-links .area-link').count(), national.containedBoundaryData.length)
  assert.equal(await page.locator('.maplibregl-canvas, [data-testid="map-canvas"]').count(), 0, 'no map was created')
}

/** Scrolls to the bottom like a visitor, so parts that load when they come into view do. */
async function scrollThrough(page) {
  for (let i = 0; i < 12; i++) {
    await page.mouse.wheel(0, 700)
    await page.waitForTimeout(100)
  }
}

/** What each page must show, beyond not falling over. */
const CHECKS = {
  '/home': async (page) => {
    await page.waitForSelector('[data-testid="total-crime"]', { timeout: WAIT_MS })
    assert.equal((await page.textContent('[data-testid="total-crime"]')).trim(), formatCount(national.total))
    // The map and the cards mount when the visitor scrolls to them.
    await scrollThrough(page)
    await assertMapFallback(page)
    await page.waitForSelector('[data-testid="dashboard-cards"] .card', { timeout: WAIT_MS })
  },
  '/home/map': async (page) => {
    await assertMapFallback(page)
    await page.waitForSelector('[data-testid="map-legend"]')
  },
  '/home/chart': async (page, name) => {
    await page.waitForSelector('[data-testid="dashboard-cards"] .card svg', { timeout: WAIT_MS })
    if (name === 'desktop') {
      await page.waitForSelector('[data-testid="card-total-crime"] svg', { timeout: WAIT_MS })
      assert.ok((await page.textContent('[data-testid="card-total-crime"]')).includes(formatCount(national.total)))
    }
  },
  '/home/grid': async (page, name) => {
    if (name === 'mobile') {
      // Mobile asks for a category first (section 2); the crime cards follow once one is chosen.
      await page.getByRole('heading', { name: 'Choose a category' }).waitFor()
      return
    }
    await page.waitForFunction(
      (n) => document.querySelectorAll('.grid-cards > li .grid-card__total').length === n,
      national.containedBoundaryData.length,
      { timeout: WAIT_MS },
    )
  },
  '/home/comparison': async (page) => {
    await page.getByText('Coming soon').waitFor()
  },
  '/home/contact': async (page) => {
    await page.getByText('Search our directory').waitFor()
  },
  // The open data page draws no map: its files and columns are there all the same.
  '/data': async (page) => {
    await page.waitForFunction(() => document.querySelectorAll('li[data-file]').length > 0, null, { timeout: WAIT_MS })
    await page.getByTestId('dataset-columns').first().waitFor()
  },
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  for (const route of PUBLIC_ROUTES) {
    test(`no WebGL: ${route} (${name}) shows its figures and passes axe`, async (t) => {
      const { context, page, errors } = await newPage(run.browser, viewport)
      try {
        await open(page, route)
        await CHECKS[route](page, name)
        await page.waitForLoadState('networkidle').catch(() => {})
        const body = await page.textContent('body')
        assert.ok(!body.includes('Unexpected Application Error!'), 'no application error page')
        assert.equal(
          await page.locator('[data-testid="view-error"], [data-testid="card-error"]').count(),
          0,
          'no failed view or card',
        )
        await screenshot(page, `nowebgl${route.replaceAll('/', '-')}-${name}`, { fullPage: true })
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
        for (const v of results.violations)
          t.diagnostic(
            `${v.impact}: ${v.id} (${v.nodes.length}) ${v.nodes
              .slice(0, 2)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
          )
        assert.deepEqual(
          results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`),
          [],
        )
        assert.deepEqual(errors, [])
      } finally {
        await context.close()
      }
    })
  }
}

test('no WebGL: the mobile grid shows the crime cards once the category is chosen', async () => {
  const { context, page, errors } = await newPage(run.browser, VIEWPORTS.mobile)
  try {
    await open(page, '/home/grid?componentId=3')
    await page.waitForFunction(
      (n) => document.querySelectorAll('.grid-cards > li .grid-card__total').length === n,
      national.containedBoundaryData.length,
      { timeout: WAIT_MS },
    )
    const totals = await page
      .locator('.grid-cards > li')
      .evaluateAll((lis) =>
        Object.fromEntries(
          lis.map((li) => [
            li.querySelector('.grid-card__title').textContent,
            li.querySelector('.grid-card__total strong').textContent,
          ]),
        ),
      )
    for (const province of national.containedBoundaryData)
      assert.equal(totals[province.description], formatCount(province.total))
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})
