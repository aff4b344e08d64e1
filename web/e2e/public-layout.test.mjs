// The public frame at both widths: on phones the filter bar hides no page heading and leaves no
// empty band under the header, and once stuck it sits under the Quick exit bar, not beneath it;
// on desktop the chosen component leads the chart view (Building blocks, then Chart, opens on
// the building blocks' cards, not on crime's: section 2, every component on wide screens by seq,
// the chosen one first). Screenshots at 390 and 1366 px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
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
  // The cards settle in the chosen order once the route's filters and the components are read:
  // wait for that state (a first render may still be on its way), then check it.
  await page
    .waitForFunction(
      () =>
        document.querySelector('[data-testid="dashboard-cards"] section[data-component-id]')?.dataset.componentId ===
        '1',
      null,
      { timeout: WAIT_MS },
    )
    .catch(() => {})
  assert.equal(await first.getAttribute('data-component-id'), '1', `the first section on ${page.url()}`)
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

/** Boxes of the header, the filter bar, the page's visible h1 and the Quick exit bar. */
function boxes(page) {
  return page.evaluate(() => {
    const box = (el) => {
      if (!el) return null
      const r = el.getBoundingClientRect()
      return { top: r.top, bottom: r.bottom, height: r.height }
    }
    const h1 = [...document.querySelectorAll('main h1')].find(
      (h) => !h.closest('.visually-hidden') && h.className !== 'visually-hidden',
    )
    return {
      header: box(document.querySelector('header')),
      bar: box(document.querySelector('.bottom-bar')),
      h1: box(h1),
      h1Text: h1?.textContent ?? null,
      exit: box(document.querySelector('.quick-exit-bar')),
    }
  })
}

test('phones: the filter bar hides no heading, leaves no band, and sticks under Quick exit', async () => {
  const { context, page, errors } = await newPage(browser(), VIEWPORTS.mobile)
  for (const [route, heading] of [
    ['/home/grid?componentId=3', /^Crime – South Africa$/],
    ['/home/contact', /Contact Directory/],
  ]) {
    await open(page, route)
    await page.locator('main h1').filter({ hasText: heading }).waitFor()
    const b = await boxes(page)
    assert.match(b.h1Text, heading)
    assert.ok(
      b.h1.top >= b.bar.bottom - 1,
      `${route}: the heading (top ${b.h1.top}) is under the bar (bottom ${b.bar.bottom})`,
    )
    assert.ok(
      Math.abs(b.bar.top - b.header.bottom) <= 2,
      `${route}: ${b.bar.top - b.header.bottom} px between header and bar`,
    )
    await screenshot(page, `public-heading${route.split('?')[0].replaceAll('/', '-')}-mobile`)
  }
  // Scrolled: the compact bar sticks under the Quick exit bar.
  await open(page, '/home/grid?componentId=3')
  await page.mouse.wheel(0, 1500)
  await page.locator('.bottom-bar--stuck').waitFor()
  const b = await boxes(page)
  assert.ok(
    b.bar.top >= b.exit.bottom - 1,
    `the stuck bar (top ${b.bar.top}) is under Quick exit (bottom ${b.exit.bottom})`,
  )
  await screenshot(page, 'public-stuck-bar-mobile')
  assert.deepEqual(errors, [])
  await context.close()
})

test('Total GBVF crime says what it counts: every victim, which crime types, which year', async () => {
  const { context, page } = await newPage(browser(), VIEWPORTS.desktop)
  await open(page, '/home')
  const definition = page.getByTestId('total-definition')
  await definition.waitFor()
  const text = await definition.textContent()
  const period = await page
    .locator('[data-testid="crime-summary"] .stat-tile--primary .stat-tile__period')
    .textContent()
  assert.ok(text.includes(period), `the definition names the year ${period}: ${text}`)
  for (const type of await page.locator('[data-testid="breakdown-card"] .bar-list__label').allTextContents())
    assert.ok(text.toLowerCase().includes(type.toLowerCase()), `the definition names ${type}`)
  assert.match(text, /every victim/)
  assert.match(text, /men and boys/)
  await context.close()
})
