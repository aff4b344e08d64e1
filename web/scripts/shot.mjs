// Ad-hoc screenshots: node scripts/shot.mjs <url> <file> [width] [height]
import { launchBrowser } from '../e2e/lib/browser.mjs'
const [url, file, w = '1366', h = '768'] = process.argv.slice(2)
const { browser, close } = await launchBrowser()
try {
  const context = await browser.newContext({ viewport: { width: Number(w), height: Number(h) } })
  const page = await context.newPage()
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.type(), m.text())
  })
  page.on('pageerror', (e) => console.log('pageerror:', e.message))
  const t0 = Date.now()
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: 30000 }).catch(() => {})
  console.log('overlay gone after', Date.now() - t0, 'ms')
  await page.waitForTimeout(Number(process.env.WAIT ?? 1500))
  await page.screenshot({ path: file, fullPage: process.env.FULL === '1' })
} finally {
  await close()
}
