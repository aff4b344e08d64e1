// axe-core on every public route at desktop and mobile widths: no serious or critical violations.
// Also saves a screenshot of each route at each width.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { AxeBuilder } from '@axe-core/playwright'
import { launchBrowser } from './lib/browser.mjs'
import { PUBLIC_ROUTES, VIEWPORTS, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

let run
before(async () => {
  await assertReachable()
  run = await launchBrowser()
})
after(async () => {
  await run?.close()
})

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  for (const route of PUBLIC_ROUTES) {
    test(`axe: ${route} (${name})`, async (t) => {
      const { context, page } = await newPage(run.browser, viewport)
      try {
        await open(page, route)
        await page.waitForLoadState('networkidle').catch(() => {})
        await page.waitForTimeout(800)
        await screenshot(page, `route${route.replaceAll('/', '-')}-${name}`)
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          // MapLibre's canvas and ApexCharts' SVG internals are covered by the data tables.
          .exclude('.maplibregl-canvas-container')
          .analyze()
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        for (const v of results.violations)
          t.diagnostic(
            `${v.impact}: ${v.id} (${v.nodes.length}) ${v.nodes
              .slice(0, 2)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
          )
        assert.deepEqual(
          bad.map((v) => `${v.id}: ${v.help}`),
          [],
        )
      } finally {
        await context.close()
      }
    })
  }
}

test('keyboard: skip link, view links and visible focus', async () => {
  const { context, page } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await open(page, '/home')
    await page.keyboard.press('Tab')
    const skip = await page.evaluate(() => document.activeElement?.textContent)
    assert.equal(skip, 'Skip to main content')
    await page.keyboard.press('Enter')
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main')
    // Focus is visible on a link.
    await page.focus('.view-nav a[data-view="map"]')
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle)
    assert.notEqual(outline, 'none')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/home\/map/)
  } finally {
    await context.close()
  }
})
