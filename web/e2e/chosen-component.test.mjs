// The chosen component leads the desktop chart view: Building blocks, then Chart, opens on the
// building blocks' cards, not on crime's (section 2: every component on wide screens, ordered by
// seq, the chosen one first). Screenshot at 1366 px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser } from './lib/browser.mjs'
import { VIEWPORTS, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

const browser = useBrowser(assertReachable)

test('desktop: Building blocks, then Chart, opens on the building blocks', async () => {
  const { context, page, errors } = await newPage(browser(), VIEWPORTS.desktop)
  // From the map: choose Building blocks, then the Chart tab.
  await open(page, '/home/map')
  await page.locator('.category-buttons').getByRole('button', { name: 'Building blocks' }).click()
  await page.waitForURL((url) => url.pathname === '/home/map' && url.searchParams.get('componentId') === '1')
  await page.getByRole('navigation', { name: 'Dashboard views' }).getByRole('link', { name: 'Chart' }).click()
  await page.waitForURL((url) => url.pathname === '/home/chart')
  const first = page.locator('[data-testid="dashboard-cards"] section[data-component-id]').first()
  await first.waitFor()
  assert.equal(await first.getAttribute('data-component-id'), '1')
  // Its cards have drawn (no spinner left in the section).
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="dashboard-cards"] section[data-component-id="1"] .spinner'),
  )
  // Every component is still there.
  assert.equal(await page.locator('[data-testid="dashboard-cards"] section[data-component-id]').count(), 4)
  await screenshot(page, 'chart-building-blocks-first-desktop')
  assert.deepEqual(errors, [])
  await context.close()
})
