// Grid view: one card per area, move to bottom/top by button, reorder by dragging on desktop.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

let run
before(async () => {
  await assertReachable()
  run = await launchBrowser()
})
after(async () => {
  await run?.close()
})

async function order(page) {
  return page.locator('.grid-card .grid-card__title').allTextContents()
}

test('grid cards reorder by buttons and by drag and drop', async () => {
  const provinces = await api('/geography/contained/?containingBoundaryId=1')
  const { context, page } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await open(page, '/home/grid')
    await page.waitForFunction((n) => document.querySelectorAll('.grid-card').length === n, provinces.length, {
      timeout: WAIT_MS,
    })
    const initial = await order(page)
    assert.deepEqual([...initial].sort(), provinces.map((p) => p.description).sort())

    await page.getByRole('button', { name: `Move to bottom: ${initial[0]}` }).click()
    let now = await order(page)
    assert.equal(now[now.length - 1], initial[0])
    assert.equal(now[0], initial[1])

    await page.getByRole('button', { name: `Move to top: ${initial[0]}` }).click()
    assert.deepEqual(await order(page), initial)

    // Drag the third card (or the last, when fewer) onto the first; both are on screen.
    const last = Math.min(2, initial.length - 1)
    await page.locator('.grid-card').nth(last).locator('.drag-handle').dragTo(page.locator('.grid-card').nth(0))
    now = await order(page)
    assert.equal(now[0], initial[last])
    assert.equal(now[1], initial[0])

    // Expanded, a card lists its whole distribution; sorting flips it (highest first by default).
    const card = page.locator('.grid-card').first()
    await card.locator('.bar-list__item').first().waitFor()
    await card.locator('[data-action="expand"]').click()
    assert.equal(await card.locator('[data-action="expand"]').getAttribute('aria-expanded'), 'true')
    const values = async () =>
      (await card.locator('.bar-list__value').allTextContents()).map((v) =>
        Number(v.replace(/\(.*\)/, '').replace(/[^0-9.]/g, '')),
      )
    const desc = await values()
    assert.deepEqual(
      desc,
      [...desc].sort((a, b) => b - a),
    )
    await card.locator('[data-action="sort"]').click()
    const asc = await values()
    assert.deepEqual(
      asc,
      [...desc].sort((a, b) => a - b),
    )
    await screenshot(page, 'grid-desktop')
  } finally {
    await context.close()
  }
})
