// Switching views with the bottom bar, the placeholder and contact pages, redirects.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, assertReachable, newPage, open } from './lib/app.mjs'

let run
before(async () => {
  await assertReachable()
  run = await launchBrowser()
})
after(async () => {
  await run?.close()
})

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the bottom bar switches views and keeps the filters (${name})`, async () => {
    const { context, page, errors } = await newPage(run.browser, viewport)
    try {
      await open(page, '/home?boundaryId=1')
      const nav = page.getByRole('navigation', { name: 'Dashboard views' })
      await nav.getByRole('link', { name: 'Map' }).click()
      await page.waitForURL(/\/home\/map\?boundaryId=1$/)
      await page.waitForSelector('[data-testid="crime-map"]')
      await nav.getByRole('link', { name: 'Grid' }).click()
      await page.waitForURL(/\/home\/grid\?boundaryId=1$/)
      await page.waitForSelector('.grid-view')
      await nav.getByRole('link', { name: 'Chart' }).click()
      await page.waitForURL(/\/home\/chart\?boundaryId=1$/)
      await page.waitForSelector('[data-testid="dashboard-cards"]')
      await page.waitForSelector('[data-testid="card-total-crime"] svg', { timeout: WAIT_MS })
      assert.match(
        await page.textContent('[data-testid="card-total-crime"]'),
        /Compares SAPS financial year \d{4}\/\d{2} \(previous year\) with \d{4}\/\d{2} \(current year\)/,
      )
      await nav.getByRole('link', { name: 'Home' }).click()
      await page.waitForURL(/\/home\?boundaryId=1$/)
      await page.waitForSelector('[data-testid="total-crime"]')
      // The overlay only covers the first load.
      assert.equal(await page.locator('[data-testid="loading-overlay"]').count(), 0)
      // A crime-type selection redraws the charts without errors.
      await open(page, '/home/chart?componentId=3&componentOptions=2,6')
      await page.waitForSelector('[data-testid="card-total-crime"] svg', { timeout: WAIT_MS })
      await page.waitForSelector('[data-testid="card-crime-breakdown"] svg', { timeout: WAIT_MS })
      assert.match(await page.textContent('[data-testid="card-crime-breakdown"]'), /Other/)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })
}

test('comparison, contact directory, redirects and the mobile menu', async () => {
  const { context, page } = await newPage(run.browser, VIEWPORTS.mobile)
  try {
    await open(page, '/home/comparison')
    await page.getByText('Coming soon').waitFor()

    await open(page, '/home/contact')
    await page.getByText('Search our directory').waitFor()
    await page.getByText('To view results please select a province and a building block').waitFor()
    assert.equal(await page.getByPlaceholder('Search by name').count(), 1)

    await page.goto(`${BASE_URL}/`)
    await page.waitForURL(/\/home$/)
    await page.goto(`${BASE_URL}/no/such/page`)
    await page.waitForURL(/\/home$/)

    await page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.click()
    const main = page.getByRole('navigation', { name: 'Main' })
    await main.getByRole('link', { name: 'Contact Directory' }).click()
    await page.waitForURL(/\/home\/contact/)
    // The menu closes once the new page shows; open it again for the external links.
    await page.waitForFunction(() => document.querySelector('.menu-button')?.getAttribute('aria-expanded') === 'false')
    await menu.click()
    const about = main.getByRole('link', { name: /About Us/ })
    assert.equal(await about.getAttribute('target'), '_blank')
    // Every external link has a real target (docs/decisions/0093-external-links.md): About Us by
    // default The World of Impact's page on this dashboard; Help and the feedback address only
    // when the build sets them, and then never an empty address.
    assert.match(await about.getAttribute('href'), /^https:\/\/[^/]+\.[a-z]+\//)
    for (const help of await main.getByRole('link', { name: /Help/ }).all())
      assert.match(await help.getAttribute('href'), /^https?:\/\/\S+/)
    for (const feedback of await page.getByRole('link', { name: 'Share your feedback' }).all())
      assert.match(await feedback.getAttribute('href'), /^mailto:[^?\s]+@[^?\s]+\?subject=Share%20your%20feedback/)
  } finally {
    await context.close()
  }
})
