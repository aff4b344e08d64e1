// Data-table alternatives: the CSV downloads carry exactly the API's numbers, with period and source.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, newPage, open } from './lib/app.mjs'
import { parse } from 'csv-parse/sync'

let run
before(async () => {
  await assertReachable()
  run = await launchBrowser()
})
after(async () => {
  await run?.close()
})

/** The rows of a CSV file as strings (csv-parse; a byte order mark is dropped). */
const parseCsv = (text) => parse(text, { bom: true, relax_column_count: true })

async function download(page, scope) {
  const [file] = await Promise.all([page.waitForEvent('download'), scope.locator('[data-action="csv"]').click()])
  const path = await file.path()
  return { name: file.suggestedFilename(), rows: parseCsv((await readFile(path, 'utf8')).replace(/^\uFEFF/, '')) }
}

test('the crime-type breakdown CSV equals the API', async () => {
  const stats = await api('/crime/stats?boundaryId=1')
  const { context, page } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await open(page, '/home')
    const card = page.getByTestId('breakdown-card')
    const { name, rows } = await download(page, card)
    assert.match(name, /\.csv$/)
    assert.deepEqual(rows[0], ['Area', 'Period', 'Crime type', 'Count', 'Percentage', 'Source'])
    const body = rows.slice(1)
    assert.equal(body.length, stats.distribution.length)
    for (const d of stats.distribution) {
      const row = body.find((r) => r[2] === d.description)
      assert.ok(row, `row for ${d.description}`)
      assert.equal(row[0], stats.boundary.description)
      assert.equal(row[1], stats.period)
      assert.equal(Number(row[3]), d.value)
      assert.equal(row[4], d.percentage.toFixed(2))
      assert.match(row[5], /Crime statistics: SAPS/)
    }

    // The table shows the same numbers.
    await card.locator('[data-action="table"]').click()
    const cells = await card
      .locator('table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())))
    assert.equal(cells.length, stats.distribution.length)
  } finally {
    await context.close()
  }
})

test('the map CSV lists every province with the API totals', async () => {
  const stats = await api('/crime/stats?boundaryId=1')
  const { context, page } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await open(page, '/home/map')
    await page.waitForFunction(() => document.querySelectorAll('.area-label').length > 0, null, { timeout: WAIT_MS })
    const { rows } = await download(page, page.getByTestId('crime-map'))
    const header = rows[0]
    const totalAt = header.indexOf('Total GBVF crime')
    assert.ok(totalAt > 0)
    for (const child of stats.containedBoundaryData) {
      const row = rows.find((r) => r[2] === child.description)
      assert.ok(row, `row for ${child.description}`)
      assert.equal(row[totalAt] === '' ? null : Number(row[totalAt]), child.total)
    }
  } finally {
    await context.close()
  }
})

test('the chart cards download CSV and PNG', async () => {
  const stats = await api('/crime/stats?boundaryId=1')
  const { context, page } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await open(page, '/home/chart')
    const card = page.getByTestId('card-total-crime')
    await card.locator('svg').first().waitFor({ timeout: WAIT_MS })
    const { rows } = await download(page, card)
    const total = rows.find((r) => r[2] === 'Total')
    assert.ok(total, 'a Total row')
    assert.equal(Number(total[4]), stats.total)
    if (stats.previousTotal != null) assert.equal(Number(total[3]), stats.previousTotal)

    const [png] = await Promise.all([page.waitForEvent('download'), card.locator('[data-action="png"]').click()])
    assert.match(png.suggestedFilename(), /\.png$/)
    const bytes = await readFile(await png.path())
    assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47])
  } finally {
    await context.close()
  }
})
