// Bytes a first visit transfers (docs/benchmarks.md "Bytes on a phone"): opens PATH (default
// /home) in Debian's Chromium at 390×844 with an empty cache, waits until the network is idle,
// and prints the bytes transferred (encodedDataLength from the DevTools protocol), split by
// type, before any scrolling; then scrolls to the bottom and prints what the rest of the page
// added.
// Usage: BASE_URL=http://127.0.0.1:8080 node ops/web-bench/first-visit-bytes.mjs [/home]
// Prints one JSON line last (for ops/bench). Exits non-zero when the page shows an error.
import { launchBrowser } from '../../web/e2e/lib/browser.mjs'

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '')
const path = process.argv[2] ?? '/home'
const kb = (n) => Math.round(n / 100) / 10

const launched = await launchBrowser()
try {
  const context = await launched.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const types = new Map()
  const urls = new Map()
  let total = 0
  cdp.on('Network.responseReceived', (e) => { types.set(e.requestId, e.type); urls.set(e.requestId, e.response.url) })
  const perType = {}
  const perUrl = []
  cdp.on('Network.loadingFinished', (e) => {
    total += e.encodedDataLength
    const t = types.get(e.requestId) ?? 'Other'
    perType[t] = (perType[t] ?? 0) + e.encodedDataLength
    perUrl.push([urls.get(e.requestId) ?? '?', e.encodedDataLength])
  })
  const idle = async () => {
    await page.waitForLoadState('networkidle', { timeout: 60_000 })
    await page.waitForTimeout(1500)
  }
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' })
  await page.waitForSelector('main#main', { timeout: 30_000 })
  await idle()
  const error = await page.getByText('Unexpected Application Error!').count()
  const before = total
  const beforeTypes = { ...perType }
  const beforeUrls = [...perUrl].sort((a, b) => b[1] - a[1]).slice(0, 8)
  // Then the visitor scrolls through the page.
  for (let y = 0; y < 20; y++) {
    await page.mouse.wheel(0, 800)
    await page.waitForTimeout(150)
  }
  await idle()
  console.log(`first visit to ${path} at 390×844, before scrolling: ${kb(before)} kB transferred`)
  for (const [t, n] of Object.entries(beforeTypes).sort((a, b) => b[1] - a[1])) console.log(`  ${t}: ${kb(n)} kB`)
  console.log('  largest:')
  for (const [u, n] of beforeUrls) console.log(`    ${kb(n)} kB  ${u.replace(BASE_URL, '')}`)
  console.log(`after scrolling to the bottom: ${kb(total)} kB in all`)
  console.log(JSON.stringify({ path, beforeScrollBytes: before, beforeScrollScriptBytes: beforeTypes.Script ?? 0, afterScrollBytes: total }))
  if (error) process.exitCode = 1
} finally {
  await launched.close()
}
