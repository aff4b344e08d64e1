// Quick exit on a phone (390×844): on every public page, the account screens and the anonymous
// survey it is there, its box overlaps no text or control at the top of the page (bounding
// boxes), and after scrolling it keeps its place at the top. Screenshots of the survey and map.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser } from './lib/browser.mjs'
import { PUBLIC_ROUTES, VIEWPORTS, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

const browser = useBrowser(assertReachable)

/** Visible text and controls whose box meets the Quick exit button's box. */
async function covered(page) {
  return page.evaluate(() => {
    const exit = document.querySelector('.quick-exit')
    if (!exit) return ['no Quick exit on the page']
    const q = exit.getBoundingClientRect()
    const meets = (r) =>
      r.width > 0 && r.height > 0 && r.left < q.right && r.right > q.left && r.top < q.bottom && r.bottom > q.top
    const out = []
    const candidates = document.querySelectorAll(
      'a, button, input, select, textarea, label, summary, h1, h2, h3, h4, p, li, td, th, dt, dd, [role="cell"], [role="rowheader"]',
    )
    for (const el of candidates) {
      if (exit.contains(el) || el.contains(exit)) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      if (meets(el.getBoundingClientRect()))
        out.push(`${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 40)}`)
    }
    return out
  })
}

test('Quick exit is on every page at 390 px and covers nothing', async () => {
  const { context, page, errors } = await newPage(browser(), VIEWPORTS.mobile)
  const routes = [
    ...PUBLIC_ROUTES,
    '/auth/login/',
    '/auth/register/',
    '/Questionnaire/SurveyQuestions?inviteCode=not-a-code',
  ]
  for (const route of routes) {
    await open(page, route)
    await page.locator('.quick-exit').waitFor()
    await page.waitForTimeout(500)
    assert.deepEqual(await covered(page), [], `${route} at the top`)
    await page.mouse.wheel(0, 900)
    await page.waitForTimeout(300)
    // Sticky at the top: content scrolls away beneath it like under a header; the button
    // keeps its place and its size.
    const box = await page.locator('.quick-exit').boundingBox()
    assert.ok(box && box.y <= 1, `${route}: Quick exit stays at the top (${JSON.stringify(box)})`)
    assert.ok(box.height >= 40, `${route}: Quick exit is a 44 px touch target`)
    if (route.startsWith('/Questionnaire') || route === '/home/map')
      await screenshot(page, `quick-exit-${route.split('/')[2] ?? 'home'}`)
  }
  assert.deepEqual(
    errors.filter((e) => !/404|not valid/i.test(e)),
    [],
  )
  await context.close()
})
