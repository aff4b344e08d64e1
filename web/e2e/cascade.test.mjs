// The National -> District -> Local cascade against the real boundary lists.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser } from './lib/browser.mjs'
import { VIEWPORTS, api, assertReachable, formatCount, newPage, open, searchOf } from './lib/app.mjs'

let run
before(async () => {
  await assertReachable()
  run = await launchBrowser()
})
after(async () => {
  await run?.close()
})

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`geography cascade (${name})`, async () => {
    const provinces = await api('/geography/contained/?containingBoundaryId=1')
    const province = provinces.find((p) => p.description === 'Gauteng') ?? provinces[0]
    const districts = await api(`/geography/boundary/list/2/${province.boundaryId}`)
    const district = districts.find((d) => d.description === 'Sedibeng') ?? districts[0]
    const locals = await api(`/geography/boundary/list/3/${district.boundaryId}`)
    const local = locals[0]

    const { context, page } = await newPage(run.browser, viewport)
    try {
      await open(page, '/home')
      const national = page.getByLabel('National', { exact: true })
      await national.selectOption(String(province.boundaryId))
      await page.waitForURL((u) => u.searchParams.get('boundaryId') === String(province.boundaryId))
      assert.equal(searchOf(page).get('boundaryTypeId'), '2')

      const districtSelect = page.getByLabel('District', { exact: true })
      await page.waitForFunction(
        (id) => !!document.querySelector(`select[data-level="district"] option[value="${id}"]`),
        district.boundaryId,
      )
      await districtSelect.selectOption(String(district.boundaryId))
      await page.waitForURL((u) => u.searchParams.get('boundaryId') === String(district.boundaryId))

      const localSelect = page.getByLabel('Local', { exact: true })
      await page.waitForFunction(
        (id) => !!document.querySelector(`select[data-level="local"] option[value="${id}"]`),
        local.boundaryId,
      )
      await localSelect.selectOption(String(local.boundaryId))
      await page.waitForURL((u) => u.searchParams.get('boundaryId') === String(local.boundaryId))
      assert.equal(searchOf(page).get('boundaryTypeId'), '3')

      const stats = await api(`/crime/stats?boundaryId=${local.boundaryId}`)
      await page.waitForFunction(
        (text) => document.querySelector('h1#summary-heading')?.textContent?.includes(text),
        local.description,
      )
      if (stats.total != null) {
        await page.waitForFunction(
          (text) => document.querySelector('[data-testid="total-crime"]')?.textContent?.trim() === text,
          formatCount(stats.total),
        )
      }

      // Clearing District goes back to the province and empties Local.
      await districtSelect.selectOption('')
      await page.waitForURL((u) => u.searchParams.get('boundaryId') === String(province.boundaryId))
      await page.waitForFunction(() => document.querySelector('select[data-level="local"]')?.disabled === true)
      // Clearing National goes back to the nation.
      await national.selectOption('')
      await page.waitForURL((u) => !u.searchParams.has('boundaryId') && !u.searchParams.has('boundaryTypeId'))
    } finally {
      await context.close()
    }
  })
}
