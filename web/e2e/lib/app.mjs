// Shared helpers for the browser tests: the base URL (must be reachable, never skipped), API
// fetches to compare against, pages at the two tested viewports, and formatting like the app's.
import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { WAIT_MS } from './browser.mjs'

export const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '')
export const SCREENSHOTS =
  process.env.SCREENSHOTS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'screenshots')

export const VIEWPORTS = {
  desktop: { width: 1366, height: 768 },
  mobile: { width: 390, height: 844 },
}

export const PUBLIC_ROUTES = [
  '/home',
  '/home/map',
  '/home/chart',
  '/home/grid',
  '/home/comparison',
  '/home/contact',
  '/data',
]

/** Fails (does not skip) when the server is not there. */
export async function assertReachable() {
  let response
  try {
    response = await fetch(`${BASE_URL}/api/health`, { signal: AbortSignal.timeout(10_000) })
  } catch (error) {
    assert.fail(`BASE_URL ${BASE_URL} is unreachable: ${error.cause?.code ?? error.message}`)
  }
  assert.ok(response.ok, `GET ${BASE_URL}/api/health answered ${response.status}`)
}

export async function api(path) {
  const response = await fetch(`${BASE_URL}/api${path}`, { signal: AbortSignal.timeout(30_000) })
  assert.ok(response.ok, `GET /api${path} answered ${response.status}`)
  return response.json()
}

/** Same as formatCount in src/lib/format.ts. */
export function formatCount(value) {
  if (value == null) return '–'
  const rounded = Math.round(value)
  return (rounded < 0 ? '-' : '') + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

export async function newPage(browser, viewport = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport, acceptDownloads: true })
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

/** Opens a path and waits until the loading overlay has gone. */
export async function open(page, path) {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' })
  await waitForApp(page)
}

export async function waitForApp(page) {
  await page.waitForSelector('main#main', { timeout: WAIT_MS })
  await page.waitForSelector('[data-testid="loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
}

export async function screenshot(page, name, { fullPage = false } = {}) {
  await mkdir(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage })
}

export function searchOf(page) {
  return new URL(page.url()).searchParams
}

/** Waits until the map shows all `n` markers: the pins drawn plus the pins counted in the
 * clusters of crowded places (`.pin-cluster[data-count]`). */
export async function waitForPins(page, n) {
  await page.waitForFunction(
    (expected) =>
      document.querySelectorAll('.station-pin').length +
        [...document.querySelectorAll('.pin-cluster')].reduce((sum, c) => sum + Number(c.dataset.count), 0) ===
      expected,
    n,
    { timeout: WAIT_MS },
  )
}
