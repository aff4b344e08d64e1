// "Every view shares itself" (decision 0166) against the real server with the shipped data:
// - the Embed dialog's snippet, pasted into a page of a SECOND local origin (a node:http server on
//   a free port), shows the view in a frame with the same total as /home/chart for the same area,
//   while the same page framing /home/chart gets nothing (the server forbids it: Chromium's error
//   page in the frame); the snippet is copied to the clipboard as shown;
// - the embed keeps Quick exit (which, clicked in the frame, takes the whole partner page to the
//   neutral site) and has none of the site's header, menus, filter bar, footer or sign-in, and
//   asks nothing of the session;
// - a chart card's CSV ("Download what is shown") holds exactly the numbers its data table shows,
//   and its "Full series" file holds the card's total;
// - the Cite dialog's permalink opened in a new page says it is a permalink and shows the same
//   figures; the date survives moving between views; a permalink dated before any figure was
//   recorded (2000-01-01) shows none of today's numbers; a component without dated figures says
//   its figures are today's and links its open data;
// - nothing is wider than a 390 px phone; axe finds no serious or critical violation in the three
//   embedded views or in the Embed and Cite dialogs.
// Screenshots: embed-desktop.png, embed-mobile.png (the partner page with the frame),
// cite-dialog-desktop.png, cite-dialog-mobile.png.
import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { AxeBuilder } from '@axe-core/playwright'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, api, assertReachable, formatCount, newPage, open, screenshot } from './lib/app.mjs'
import { parse } from 'csv-parse/sync'

const browser = useBrowser(assertReachable)
const WIDTHS = { desktop: { width: 1280, height: 800 }, mobile: VIEWPORTS.mobile }
/** City of Cape Town (a metropolitan municipality: the district level), crime chosen. */
const CAPE_TOWN = 'boundaryId=101&boundaryTypeId=2&componentId=3'
const NEUTRAL_SITE = 'https://www.weathersa.co.za/'

/** Today's date in South Africa, as the dashboard dates a permalink. */
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Johannesburg',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date())
const MONTHS = 'January February March April May June July August September October November December'.split(' ')
/** '2026-11-29' -> '29 November 2026', as the app writes dates. */
const longDate = (iso) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`

/** A partner's site on another origin: `/?html=<snippet>` is a page with that HTML in it. */
const partner = createServer((req, res) => {
  const html = new URL(req.url, 'http://partner').searchParams.get('html') ?? ''
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(
    `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Partner site</title><body style="margin:0 8px;font-family:sans-serif"><h1>Partner site</h1>${html}</body></html>`,
  )
})
await new Promise((resolve) => partner.listen(0, '127.0.0.1', resolve))
const PARTNER = `http://127.0.0.1:${partner.address().port}`
after(() => partner.close())

const partnerPage = (html) => `${PARTNER}/?html=${encodeURIComponent(html)}`
const frame = (src, id) => `<iframe id="${id}" src="${src}" title="${id}" width="100%" height="700"></iframe>`

/** The rows of a CSV file as strings (csv-parse; a byte order mark is dropped). */
const parseCsv = (text) => parse(text, { bom: true, relax_column_count: true })

/** The current-year total a Total GBVF crime card shows (its second figure). */
async function shownTotal(card) {
  await card.locator('.card__figures strong').nth(1).waitFor()
  return (await card.locator('.card__figures strong').nth(1).textContent()).trim()
}

async function assertNoHorizontalOverflow(page, what) {
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
    actions: [...document.querySelectorAll('.card__actions')].map((el) => el.getBoundingClientRect().right),
  }))
  assert.ok(widths.doc <= widths.view, `${what}: page ${widths.doc}px wide at ${widths.view}px`)
  for (const right of widths.actions) assert.ok(right <= widths.view, `${what}: card actions end at ${right}px`)
}

test('the Embed snippet shows the view on another site; the dashboard itself cannot be framed', async () => {
  const stats = await api('/crime/stats?boundaryId=101')
  const { context, page, errors } = await newPage(browser(), WIDTHS.desktop)
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL })
    await open(page, `/home/chart?${CAPE_TOWN}`)
    const card = page.getByTestId('card-total-crime')
    const total = await shownTotal(card)
    assert.equal(total, formatCount(stats.total))

    // The dialog: a ready iframe snippet in a read-only field, Copy, and a preview link.
    await card.locator('[data-action="embed"]').click()
    const dialog = page.getByRole('dialog', { name: 'Embed this view' })
    await dialog.waitFor()
    const code = dialog.getByRole('textbox', { name: 'Embed code' })
    assert.equal(await code.getAttribute('readonly'), '')
    const snippet = await code.inputValue()
    const src = `${BASE_URL}/embed/chart?${CAPE_TOWN}`
    assert.equal(
      snippet,
      `<iframe src="${src.replaceAll('&', '&amp;')}" title="GBVF Dashboard: Crime, City of Cape Town" ` +
        `width="100%" height="900" loading="lazy" style="border:0"></iframe>`,
    )
    assert.equal(await dialog.getByTestId('embed-preview').getAttribute('href'), src)
    assert.equal(await dialog.getByTestId('embed-preview').getAttribute('target'), '_blank')
    await dialog.getByRole('button', { name: 'Copy the embed code' }).click()
    await dialog.getByRole('status').filter({ hasText: 'Copied' }).waitFor()
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet)
    // Escape closes it and focus returns to the button.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    assert.equal(await card.locator('[data-action="embed"]').evaluate((el) => el === document.activeElement), true)

    // The partner's page: the pasted snippet, and a frame of the dashboard's own view.
    const host = await context.newPage()
    await host.goto(partnerPage(snippet + frame(`${BASE_URL}/home/chart?${CAPE_TOWN}`, 'refused')))
    assert.notEqual(new URL(host.url()).origin, new URL(BASE_URL).origin)
    const embedded = host.frameLocator('iframe[src*="/embed/chart"]')
    const framedCard = embedded.getByTestId('card-total-crime')
    assert.equal(await shownTotal(framedCard), total, 'the embed shows the same total as /home/chart')
    assert.match(
      (await embedded.getByTestId('embed-title').textContent()).trim(),
      /^City of Cape Town · Crime · SAPS financial year \d{4}\/\d{2}$/,
    )
    // Chromium refuses the frame of /home/chart (frame-ancestors 'none', X-Frame-Options DENY):
    // the frame holds its error page, never the dashboard.
    const deadline = Date.now() + WAIT_MS
    const refused = () => host.frames().find((f) => f.name() === 'refused')
    while (!refused()?.url().startsWith('chrome-error://') && Date.now() < deadline) await host.waitForTimeout(100)
    assert.match(refused()?.url() ?? '', /^chrome-error:\/\//, 'the framed /home/chart shows the browser error page')
    assert.equal(await host.frameLocator('#refused').locator('main#main, .site-header, .card').count(), 0)
    await host.close()
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

for (const [name, viewport] of Object.entries(WIDTHS)) {
  test(`the embed (${name}): Quick exit, no header or menus, no session calls, attribution`, async () => {
    const { context, page, errors } = await newPage(browser(), viewport)
    const asked = []
    context.on('request', (r) => asked.push(new URL(r.url()).pathname))
    await context.route(`${NEUTRAL_SITE}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><p>Sunny</p>' }),
    )
    try {
      const src = `${BASE_URL}/embed/chart?${CAPE_TOWN}`
      await page.goto(partnerPage(frame(src, 'gbvf')))
      const embedded = page.frameLocator('#gbvf')
      await embedded.getByTestId('card-total-crime').locator('svg').first().waitFor()
      await embedded.getByRole('button', { name: 'Quick exit' }).waitFor()
      for (const chrome of [
        '.site-header',
        '.top-bar',
        '.logo',
        'nav[aria-label="Main"]',
        'nav[aria-label="Dashboard views"]',
        '.bottom-bar',
        '.site-footer',
        '.skip-link',
      ])
        assert.equal(await embedded.locator(chrome).count(), 0, `no ${chrome} in the embed`)
      assert.equal(await embedded.getByRole('link', { name: /^Login$/ }).count(), 0, 'no sign-in')
      assert.equal(await embedded.getByRole('button', { name: /Menu/ }).count(), 0, 'no menu')
      // One line of attribution: the dashboard, the view's sources, and the full view in a new tab.
      const attribution = embedded.getByTestId('embed-attribution')
      assert.match(
        (await attribution.textContent()).replace(/\s+/g, ' ').trim(),
        /^GBVF Dashboard · Crime statistics: SAPS; Population: .*; Boundaries: Municipal Demarcation Board · Open full view/,
      )
      const full = attribution.getByRole('link', { name: /Open full view/ })
      assert.equal(await full.getAttribute('href'), `${BASE_URL}/home/chart?${CAPE_TOWN}`)
      assert.equal(await full.getAttribute('target'), '_blank')
      assert.match(await full.getAttribute('rel'), /noopener/)
      // Only public reads: the embed never asks for the session or a CSRF token.
      assert.deepEqual(
        asked.filter((p) => p.startsWith('/api/auth') || p.includes('userAuthenticated') || p.includes('csrf')),
        [],
      )
      if (name === 'mobile') {
        const inner = page.frames().find((f) => f.url().startsWith(src))
        const widths = await inner.evaluate(() => ({
          doc: document.documentElement.scrollWidth,
          view: window.innerWidth,
        }))
        assert.ok(widths.doc <= widths.view, `the embed is ${widths.doc}px wide in a ${widths.view}px frame`)
      }
      await screenshot(page, `embed-${name}`)

      // Quick exit in the frame leaves the partner's page too, for the neutral site.
      await embedded.getByRole('button', { name: 'Quick exit' }).click()
      await page.waitForURL(`${NEUTRAL_SITE}**`)
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })
}

test('a chart card’s CSV holds exactly the numbers its data table shows; the full series holds its total', async () => {
  const { context, page, errors } = await newPage(browser(), WIDTHS.desktop)
  try {
    await open(page, `/home/chart?${CAPE_TOWN}`)
    for (const testId of ['card-total-crime', 'card-crime-breakdown']) {
      const card = page.getByTestId(testId)
      await card.locator('svg').first().waitFor()
      await card.locator('[data-action="table"]').click()
      const table = card.locator('.data-table table')
      await table.waitFor()
      const header = await table.locator('thead th').evaluateAll((ths) => ths.map((th) => th.textContent.trim()))
      const cells = await table
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())))
      const caption = (await table.locator('caption').textContent()).trim()
      const title = (await card.locator('.card__title').textContent()).trim()
      const [file] = await Promise.all([page.waitForEvent('download'), card.locator('[data-action="csv"]').click()])
      assert.equal(
        (await card.locator('[data-action="csv"]').textContent()).trim(),
        'Download what is shown',
        `${testId}: the CSV is what is shown`,
      )
      const rows = parseCsv((await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, ''))
      assert.deepEqual(rows[0], ['Area', 'Period', ...header, 'Source'], `${testId}: the CSV's columns`)
      const body = rows.slice(1)
      assert.equal(body.length, cells.length, `${testId}: one CSV row per table row`)
      // The table's figures unformatted: no thousands separators, no percent sign, '–' empty.
      const plain = (text) => (text === '–' ? '' : text.replace(/,(?=\d{3}\b)/g, '').replace(/%$/, ''))
      for (const [i, shown] of cells.entries()) {
        const csv = body[i]
        assert.equal(caption, `${title} – ${csv[0]}, ${csv[1]}`, `${testId}: the table's area and period`)
        assert.deepEqual(csv.slice(2, 2 + shown.length), shown.map(plain), `${testId} row ${i}: ${shown.join(' | ')}`)
        assert.match(csv.at(-1), /Crime statistics: SAPS/)
      }
      assert.ok(cells.length > 1, `${testId}: figures in the table`)
    }

    // "Full series": the crime file of the area's level (City of Cape Town is a district-level metro).
    const card = page.getByTestId('card-total-crime')
    const link = card.locator('[data-action="full-series"]')
    assert.equal(await link.getAttribute('href'), '/api/data/gbvf-crime/crime-districts.csv')
    assert.equal((await link.textContent()).trim(), 'Full series (CSV)')
    const pkg = await api('/data/gbvf-crime/datapackage.json')
    assert.ok(
      pkg.resources.some((r) => r.path === 'crime-districts.csv'),
      'a file of the Data Package',
    )
    const response = await fetch(`${BASE_URL}/api/data/gbvf-crime/crime-districts.csv`)
    assert.equal(response.status, 200)
    const series = parseCsv((await response.text()).replace(/^\uFEFF/, ''))
    const at = Object.fromEntries(series[0].map((column, i) => [column, i]))
    const stats = await api('/crime/stats?boundaryId=101')
    const sum = series
      .slice(1)
      .filter((r) => r[at.boundary_id] === '101' && r[at.financial_year] === stats.period)
      .filter((r) => r[at.in_total_gbvf_crime] === 'true')
      .reduce((s, r) => s + Number(r[at.crimes_recorded]), 0)
    assert.equal(formatCount(sum), await shownTotal(card), 'the full series holds the total shown')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

for (const [name, viewport] of Object.entries(WIDTHS)) {
  test(`the Cite dialog’s permalink shows the same figures as of today (${name})`, async () => {
    const { context, page, errors } = await newPage(browser(), viewport)
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL })
      await open(page, `/home/chart?${CAPE_TOWN}`)
      const card = page.getByTestId('card-total-crime')
      const total = await shownTotal(card)
      if (name === 'mobile') await assertNoHorizontalOverflow(page, '/home/chart at 390 px')
      await card.locator('[data-action="cite"]').click()
      const dialog = page.getByRole('dialog', { name: 'Cite this view' })
      await dialog.waitFor()
      const permalink = await dialog.getByRole('textbox', { name: 'Permalink' }).inputValue()
      assert.equal(permalink, `${BASE_URL}/home/chart?${CAPE_TOWN}&asOf=${today}`)
      const citation = await dialog.getByRole('textbox', { name: 'Citation' }).inputValue()
      const stats = await api('/crime/stats?boundaryId=101')
      assert.equal(
        citation,
        `GBVF Dashboard (${today.slice(0, 4)}). Total GBVF crime, City of Cape Town, SAPS financial years ` +
          `${stats.previousPeriod} and ${stats.period}. Figures as of ${longDate(today)}. Sources: ` +
          `${stats.source.attribution.join('; ')}. ${permalink}. Accessed ${longDate(today)}.`,
      )
      assert.match(
        await dialog.getByTestId('permalink-note').textContent(),
        new RegExp(`as recorded by the end of ${longDate(today)}, South African time`),
      )
      await dialog.getByRole('button', { name: 'Copy the citation' }).click()
      await dialog.getByRole('status').filter({ hasText: 'Copied' }).waitFor()
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), citation)
      if (name === 'mobile') {
        const box = await page.locator('.modal').boundingBox()
        assert.ok(
          box.x >= 0 && box.x + box.width <= viewport.width,
          `the dialog fits the phone: ${JSON.stringify(box)}`,
        )
      }
      await screenshot(page, `cite-dialog-${name}`)

      // The permalink in a new page: the notice, and the same figures (asked for as of today).
      const later = await context.newPage()
      const asked = []
      later.on('request', (r) => r.url().includes('/api/crime/stats') && asked.push(new URL(r.url()).searchParams))
      await open(later, permalink.slice(BASE_URL.length))
      const notice = later.getByTestId('as-of-notice')
      await notice.waitFor()
      assert.equal(
        (await notice.textContent()).replace(/\s+/g, ' ').trim(),
        `Figures as of ${longDate(today)} (a permalink). See today’s figures`,
      )
      assert.equal(await shownTotal(later.getByTestId('card-total-crime')), total)
      assert.ok(asked.length > 0 && asked.every((p) => p.get('asOf') === today), 'crime figures asked as of the date')
      assert.equal(
        await notice.getByRole('link', { name: 'See today’s figures' }).getAttribute('href'),
        `/home/chart?${CAPE_TOWN}`,
      )
      // The date survives moving between views.
      await later.getByRole('navigation', { name: 'Dashboard views' }).getByRole('link', { name: 'Map' }).click()
      await later.waitForURL((url) => url.pathname === '/home/map' && url.searchParams.get('asOf') === today)
      await later.getByTestId('as-of-notice').waitFor()
      await later.close()
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })
}

test('a permalink dated before any figure was recorded shows none of today’s numbers', async () => {
  const { context, page, errors } = await newPage(browser(), WIDTHS.desktop)
  try {
    const stats = await api('/crime/stats?boundaryId=101')
    for (const path of [`/home/chart?${CAPE_TOWN}&asOf=2000-01-01`, `/embed/chart?${CAPE_TOWN}&asOf=2000-01-01`]) {
      await open(page, path)
      await page.getByTestId('as-of-notice').waitFor()
      assert.match(
        await page.getByTestId('as-of-notice').textContent(),
        /^Figures as of 1 January 2000 \(a permalink\)/,
      )
      await page.getByText('No crime figures had been recorded by 1 January 2000.').waitFor()
      assert.equal(await page.getByTestId('card-total-crime').count(), 0, `${path}: no Total GBVF crime card`)
      const text = await page.locator('main#main').textContent()
      assert.ok(!text.includes(formatCount(stats.total)), `${path}: today's total is not shown`)
    }
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('under a permalink a component without dated figures says they are today’s and links its open data', async () => {
  const { context, page, errors } = await newPage(browser(), WIDTHS.desktop)
  try {
    await open(page, `/home/grid?boundaryId=1&componentId=2&asOf=${today}`)
    const note = page.getByTestId('today-figures-note')
    await note.waitFor()
    assert.match(await note.textContent(), /^This permalink fixes the view; these figures are today’s\./)
    const link = note.getByRole('link', { name: 'Past figures of this component are in the open data files.' })
    assert.equal(await link.getAttribute('href'), '/data#gbvf-health-check-public-figures')
    await link.click()
    await page.waitForURL((url) => url.pathname === '/data' && url.hash === '#gbvf-health-check-public-figures')
    const section = page.locator('#gbvf-health-check-public-figures')
    await section.waitFor()
    await page.waitForFunction(() => {
      const box = document.getElementById('gbvf-health-check-public-figures').getBoundingClientRect()
      return box.top >= 0 && box.top < window.innerHeight
    })
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('the contact view (service providers) is not embeddable', async () => {
  const { context, page, errors } = await newPage(browser(), WIDTHS.desktop)
  try {
    for (const path of ['/embed/contact?boundaryId=1', '/embed/home']) {
      await open(page, path)
      await page.getByTestId('not-embeddable').waitFor()
      assert.match(await page.getByTestId('not-embeddable').textContent(), /This view cannot be embedded\./)
      await page.getByRole('button', { name: 'Quick exit' }).waitFor()
      assert.equal(await page.locator('.card, .contact-directory, input').count(), 0, `${path}: nothing of the view`)
    }
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

/** axe's serious and critical violations of the page (MapLibre's canvas is covered by its table). */
async function axeProblems(page, t, what) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.maplibregl-canvas-container')
    .analyze()
  for (const v of results.violations) t.diagnostic(`${what}: ${v.impact}: ${v.id} (${v.nodes.length})`)
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id}: ${v.help}`)
}

for (const [name, viewport] of Object.entries(WIDTHS)) {
  test(`axe: the embedded views and the Embed and Cite dialogs (${name})`, async (t) => {
    const { context, page, errors } = await newPage(browser(), viewport)
    try {
      const problems = []
      for (const path of [
        `/embed/chart?${CAPE_TOWN}`,
        '/embed/map?boundaryId=18&boundaryTypeId=2',
        '/embed/grid?boundaryId=18&boundaryTypeId=2&componentId=3',
      ]) {
        await open(page, path)
        await page.locator('.card, .grid-card').first().waitFor()
        await page.waitForLoadState('networkidle').catch(() => {})
        problems.push(...(await axeProblems(page, t, path)))
      }
      await open(page, `/home/chart?${CAPE_TOWN}`)
      const card = page.getByTestId('card-total-crime')
      for (const [action, title] of [
        ['embed', 'Embed this view'],
        ['cite', 'Cite this view'],
      ]) {
        await card.locator(`[data-action="${action}"]`).click()
        await page.getByRole('dialog', { name: title }).waitFor()
        problems.push(...(await axeProblems(page, t, title)))
        await page.keyboard.press('Escape')
        await page.getByRole('dialog').waitFor({ state: 'detached' })
      }
      assert.deepEqual(problems, [])
      assert.deepEqual(errors, [])
    } finally {
      await context.close()
    }
  })
}
