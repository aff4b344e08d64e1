// Starts Debian's Chromium with the flags from the frontend guide and a fresh profile directory,
// and connects playwright-core to it over CDP. Nothing here downloads a browser.
// WebGL: recent Chromium releases no longer fall back to SwiftShader on their own under
// --disable-gpu, so the SwiftShader flags are given explicitly (older releases accept them too) and
// the maps render in headless runs. NO_WEBGL_FLAGS take WebGL away on purpose, for the run that
// checks what visitors without WebGL2 see (no-webgl.test.mjs).
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { after, before } from 'node:test'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
]
export const NO_WEBGL_FLAGS = ['--disable-webgl', '--disable-webgl2']

/**
 * The upper bound of every wait for the page's or the server's own state, in milliseconds
 * (`E2E_WAIT_MS`, default 90 s). Tests wait for state, never for a fixed time; this bound only
 * decides when a state that never comes fails the test, so it is generous: CI shares two cores
 * with whatever else runs, and a slow machine must not fail a test by chance.
 */
export const WAIT_MS = Number(process.env.E2E_WAIT_MS ?? 90_000)

/** Every context of `browser` (and every page of `browser.newPage`) waits up to WAIT_MS. */
function withGenerousWaits(browser) {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    context.setDefaultTimeout(WAIT_MS)
    context.setDefaultNavigationTimeout(WAIT_MS)
    return context
  }
  return browser
}

/** Starts Chromium with FLAGS, then `extraFlags` (later flags win). */
export async function launchBrowser({ extraFlags = [] } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'gbvf-e2e-profile-'))
  const child = spawn(
    CHROMIUM,
    [...FLAGS, ...extraFlags, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  const wsUrl = await new Promise((resolve, reject) => {
    let text = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${text}`)), 30_000)
    child.stderr.on('data', (chunk) => {
      text += chunk
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited with ${code}: ${text}`))
    })
  })
  const browser = withGenerousWaits(await chromium.connectOverCDP(wsUrl))
  return {
    browser,
    async close() {
      await browser.close().catch(() => {})
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode != null ? r() : child.once('exit', r)))
      // Chromium may still be writing its profile while it exits: retry the removal, and never
      // fail a test over a temporary folder.
      await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch(() => {})
    },
  }
}

/**
 * Registers the test file's hooks: before its tests, `reachable()` (the server is there) and one
 * Chromium; after them, closing it. Returns a getter of that browser for the tests.
 */
export function useBrowser(reachable) {
  const state = { launched: null, browser: null }
  before(async () => {
    await reachable?.()
    state.launched = await launchBrowser()
    state.browser = state.launched.browser ?? state.launched
  })
  after(async () => {
    await (state.launched?.close ? state.launched.close() : state.browser?.close())
  })
  return () => state.browser
}
