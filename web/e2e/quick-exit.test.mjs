// Quick exit: on every public page, the account screens and the anonymous survey it is there, at
// phone (390×844) and desktop (1366×900) widths its bar overlaps no text or control (bounding
// boxes), and after scrolling it keeps its place at the top. After it, Back does not return to
// the dashboard (the public views keep one history entry); Escape twice leaves too; "Cover your
// tracks" is linked beside it. The neutral site is answered by the test (no network here).
// Screenshots of the survey, the map and the bar at both widths.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useBrowser } from './lib/browser.mjs'
import { BASE_URL, PUBLIC_ROUTES, VIEWPORTS, assertReachable, newPage, open, screenshot } from './lib/app.mjs'

const browser = useBrowser(assertReachable)

/** Visible text and controls whose box meets the Quick exit button's box. */
async function covered(page) {
  return page.evaluate(() => {
    const exit = document.querySelector('.quick-exit-bar')
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

/** A context whose neutral site (Quick exit's target) answers locally: this machine has no network. */
async function withNeutralSite(viewport) {
  const opened = await newPage(browser(), viewport)
  await opened.context.route('https://www.weathersa.co.za/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><p>Sunny</p>' }),
  )
  return opened
}

const onDashboard = (url) => url.startsWith(BASE_URL)

test('after Quick exit, Back does not return to the dashboard (phone: home, Map, Quick exit, Back)', async () => {
  const { context, page, errors } = await withNeutralSite(VIEWPORTS.mobile)
  await open(page, '/home')
  await page.getByRole('navigation', { name: 'Dashboard views' }).getByRole('link', { name: 'Map' }).click()
  await page.waitForURL((url) => url.pathname === '/home/map')
  await page.getByRole('button', { name: 'Quick exit' }).click()
  await page.waitForURL('https://www.weathersa.co.za/**')
  await page.goBack().catch(() => null)
  assert.ok(!onDashboard(page.url()), `Back returned to ${page.url()}`)
  // Forward does not bring it back either.
  await page.goForward().catch(() => null)
  assert.ok(!onDashboard(page.url()) || page.url().startsWith('https://www.weathersa'), `Forward: ${page.url()}`)
  assert.deepEqual(errors, [])
  await context.close()
})

test('Escape twice leaves too, and Back does not return', async () => {
  const { context, page } = await withNeutralSite(VIEWPORTS.desktop)
  await open(page, '/home/grid')
  await page.getByRole('navigation', { name: 'Dashboard views' }).getByRole('link', { name: 'Chart' }).click()
  await page.waitForURL((url) => url.pathname === '/home/chart')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await page.waitForURL('https://www.weathersa.co.za/**')
  await page.goBack().catch(() => null)
  assert.ok(!onDashboard(page.url()), `Back returned to ${page.url()}`)
  await context.close()
})

test('on desktop the Quick exit bar covers no figure, and links to "Cover your tracks"', async () => {
  const { context, page, errors } = await newPage(browser(), { width: 1366, height: 900 })
  for (const route of ['/home', '/home/grid?componentId=2', '/home/map', '/auth/login/']) {
    await open(page, route)
    await page.locator('.quick-exit-bar').waitFor()
    await page.waitForLoadState('networkidle').catch(() => {})
    assert.deepEqual(await covered(page), [], `${route} at 1366 px`)
  }
  await open(page, '/home')
  await screenshot(page, 'quick-exit-desktop')
  await page.getByRole('link', { name: 'Cover your tracks' }).click()
  await page.getByRole('heading', { level: 1, name: 'Cover your tracks' }).waitFor()
  await page.getByText('0800 428 428', { exact: false }).waitFor()
  await screenshot(page, 'cover-your-tracks-desktop')
  assert.deepEqual(errors, [])
  await context.close()
})
