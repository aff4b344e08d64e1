// Phones (public spec §2): the Building blocks card is an accordion category > block >
// requirement at 390 px with each requirement's quarters in rows and nothing wider than the
// screen; the grid's Clear sits in the sticky filter bar; a grid card's first column is named for
// its component; the building-block category icons render. Against the real server with the
// shipped data; figures compared with the API.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

const browser = useBrowser(assertReachable)

/** Same as describeAvailability in src/lib/availability.ts. */
function describe(value, listed) {
  if (listed === 0) return '–'
  if (value == null) return 'Not yet verified'
  return `${(value * 100).toFixed(2)}%`
}

/** Same as quarterLabel in src/lib/format.ts: 'Q3 26'. */
const quarter = (p) => `Q${p.quarter} ${String(p.year % 100).padStart(2, '0')}`

async function assertNoHorizontalOverflow(page, what) {
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }))
  assert.ok(widths.doc <= widths.view, `${what}: page ${widths.doc}px wide at ${widths.view}px`)
}

test('building blocks card at 390 px: accordion with each requirement’s quarters in rows', async () => {
  const dashboard = await api('/dashboard?boundaryId=1')
  const data = dashboard.buildingBlock
  const periods = [...data.buildingBlockReportingPeriods].sort(
    (a, b) => a.year * 10 + a.quarter - (b.year * 10 + b.quarter),
  )
  const current = periods.findIndex((p) => p.isCurrent)
  const { context, page, errors } = await newPage(browser(), VIEWPORTS.mobile)
  await open(page, '/home/chart?boundaryId=1&boundaryTypeId=1&componentId=1')
  const card = page.getByTestId('card-building-blocks')
  const accordion = card.getByTestId('bb-quarter-accordion')
  await accordion.waitFor({ timeout: WAIT_MS })
  assert.equal(await card.locator('.quarter-grid').count(), 0, 'no quarter grid on a phone')
  const categories = accordion.getByTestId('bb-accordion-category')
  assert.equal(await categories.count(), data.buildingBlockCategoryStats.length)

  for (const [ci, category] of data.buildingBlockCategoryStats.entries()) {
    const cat = categories.nth(ci)
    await cat.locator(':scope > summary').click()
    assert.match(await cat.locator(':scope > summary').innerText(), new RegExp(category.description))
    // The category's icon is drawn (an SVG with a size), beside its name.
    const box = await cat.locator(':scope > summary [data-testid="bb-category-icon"] svg').boundingBox()
    assert.ok(box && box.width > 0 && box.height > 0, `icon of ${category.description}`)
    const blocks = cat.getByTestId('bb-accordion-block')
    assert.equal(await blocks.count(), category.buildingBlockStats.length)
    for (const [bi, block] of category.buildingBlockStats.entries()) {
      const blk = blocks.nth(bi)
      await blk.locator(':scope > summary').click()
      const reqs = blk.getByTestId('bb-accordion-requirement')
      assert.equal(await reqs.count(), block.buildingBlockRequirementStats.length)
      for (const [ri, requirement] of block.buildingBlockRequirementStats.entries()) {
        const req = reqs.nth(ri)
        await req.locator(':scope > summary').click()
        assert.equal((await req.locator(':scope > summary').innerText()).trim(), requirement.description)
        const rows = req.getByTestId('quarter-rows').locator('tbody tr')
        assert.equal(await rows.count(), periods.length, `${requirement.description}: one row per quarter`)
        for (const [pi, period] of periods.entries()) {
          const cells = await rows.nth(pi).locator('th, td').allInnerTexts()
          const value =
            period.period in (requirement.periodAvailability ?? {})
              ? requirement.periodAvailability[period.period]
              : pi === (current >= 0 ? current : periods.length - 1)
                ? requirement.availability
                : null
          assert.deepEqual(
            cells.map((c) => c.trim()),
            [quarter(period), describe(value, block.buildingBlockCount)],
          )
        }
        // One open requirement at a time within the block.
        assert.equal(await blk.locator('[data-testid="bb-accordion-requirement"][open]').count(), 1)
      }
      if (ci === 0 && bi === 0) await screenshot(page, 'bb-accordion-mobile', { fullPage: true })
    }
    assert.equal(await accordion.locator('[data-testid="bb-accordion-category"][open]').count(), 1)
    await assertNoHorizontalOverflow(page, `category ${category.description} open`)
  }
  // The card itself is no wider than its box.
  const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth)
  assert.ok(overflow <= 0, `card overflows by ${overflow}px`)
  assert.deepEqual(errors, [])
  await context.close()

  // On a wide screen the quarter grid stays.
  const wide = await newPage(browser(), VIEWPORTS.desktop)
  await open(wide.page, '/home/chart?boundaryId=1&boundaryTypeId=1&componentId=1')
  await wide.page.getByTestId('card-building-blocks').locator('.quarter-grid').waitFor({ timeout: WAIT_MS })
  assert.equal(await wide.page.getByTestId('bb-quarter-accordion').count(), 0)
  await wide.page.getByTestId('card-building-blocks').scrollIntoViewIfNeeded()
  await screenshot(wide.page, 'bb-quarter-grid-desktop')
  await wide.context.close()
})

test('grid at 390 px: Clear is in the sticky filter bar and stays there when scrolling', async () => {
  const { context, page, errors } = await newPage(browser(), VIEWPORTS.mobile)
  await open(page, '/home/grid?boundaryId=1&boundaryTypeId=1&componentId=3')
  await page.locator('.grid-card').first().waitFor({ timeout: WAIT_MS })
  const bar = page.getByRole('region', { name: 'Filters' })
  const clear = bar.getByTestId('grid-clear')
  await clear.waitFor()
  assert.equal(await page.locator('.grid-view').getByRole('button', { name: 'Clear' }).count(), 0)
  await page.mouse.wheel(0, 1500)
  await page.waitForFunction(() => document.querySelector('.bottom-bar--stuck'))
  const box = await clear.boundingBox()
  assert.ok(box && box.y >= 0 && box.y < 300, `Clear in view at the top after scrolling (y ${box?.y})`)
  await screenshot(page, 'grid-clear-stuck-mobile')
  await clear.click()
  await page.locator('.category-cards').waitFor()
  assert.equal(new URL(page.url()).searchParams.get('componentId'), null)
  assert.equal(await bar.getByTestId('grid-clear').count(), 0, 'no Clear without a category')
  assert.deepEqual(errors, [])
  await context.close()
})

test('grid card: the first column is named for its component', async (t) => {
  const FIRST = { 1: 'Category', 2: 'Organisation type', 3: 'Crime type', 4: 'Pillar' }
  // The health-check cards have rows only where organisations are approved (none in the shipped
  // data; `gbvf examples load` adds some).
  const dashboard = await api('/dashboard?boundaryId=1')
  if (!dashboard.healthCheck.healthCheckStats.some((s) => s.organisationCount > 0)) {
    t.diagnostic('no approved organisations: the health-check grid card has no rows to check')
    delete FIRST[2]
  }
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const { context, page, errors } = await newPage(browser(), viewport)
    for (const [componentId, first] of Object.entries(FIRST)) {
      await open(page, `/home/grid?boundaryId=1&boundaryTypeId=1&componentId=${componentId}`)
      // A card with figures: expand it and open its data table.
      const card = page
        .locator('.grid-card')
        .filter({ has: page.locator('.bar-list') })
        .first()
      await card.waitFor({ timeout: WAIT_MS })
      await card.locator('[data-action="expand"]').click()
      await card.locator('[data-action="table"]').click()
      const headers = await card.locator('table thead th').allInnerTexts()
      assert.equal(headers[0].trim(), first, `component ${componentId} (${name}): ${headers}`)
      if (componentId === '3') assert.ok(headers.includes('Count'))
      else assert.ok(!headers.includes('Crime type'))
      if (componentId === '1') await screenshot(page, `grid-bb-table-${name}`)
    }
    assert.deepEqual(errors, [])
    await context.close()
  }
})
