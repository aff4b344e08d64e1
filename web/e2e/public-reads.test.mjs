// The public read contract (docs/decisions/0158-the-public-read-contract.md) in a real browser:
// a page served from a second local origin (another port) reads a public figure with fetch(),
// revalidates it by its entity tag (the server answers 304 and the page still gets the figure),
// and cannot read a signed-in answer even with the visitor's cookies sent along.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { useBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, assertReachable } from './lib/app.mjs'

const browser = useBrowser(assertReachable)

/** A partner's page on another origin: 127.0.0.1 on a free port, one empty HTML page. */
const partner = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end('<!doctype html><title>Partner site</title><p>Partner</p>')
})
await new Promise((resolve) => partner.listen(0, '127.0.0.1', resolve))
const PARTNER = `http://127.0.0.1:${partner.address().port}`
after(() => partner.close())

test('another site reads a public figure, revalidates it, and cannot read a signed-in answer', async () => {
  const context = await browser().newContext()
  const page = await context.newPage()
  const conditions = []
  page.on('request', async (r) => {
    if (r.url().includes('/api/crime/stats')) conditions.push((await r.allHeaders())['if-none-match'] ?? null)
  })
  await page.goto(PARTNER)
  assert.notEqual(new URL(PARTNER).origin, new URL(BASE_URL).origin)
  const url = `${BASE_URL}/api/crime/stats?boundaryId=1`

  const first = await page.evaluate(async (u) => {
    const r = await fetch(u)
    return { status: r.status, etag: r.headers.get('etag'), total: (await r.json()).total }
  }, url)
  assert.equal(first.status, 200)
  assert.match(first.etag ?? '', /^"[0-9a-f]{32}"$/)
  assert.ok(Number.isInteger(first.total), JSON.stringify(first))

  // The browser revalidates (Cache-Control: no-cache) with the tag, and the page reads the
  // same figure from the browser's cache.
  const second = await page.evaluate(async (u) => {
    const r = await fetch(u)
    return { status: r.status, total: (await r.json()).total }
  }, url)
  assert.deepEqual(second, { status: 200, total: first.total })
  const deadline = Date.now() + WAIT_MS
  while (conditions.length < 2 && Date.now() < deadline) await page.waitForTimeout(100)
  assert.deepEqual(conditions.slice(0, 2), [null, first.etag])
  // Asked by the page itself (past the browser's cache; a preflight allows the header), the
  // server answers 304 with no body.
  const conditional = await page.evaluate(
    async ([u, etag]) => {
      const r = await fetch(u, { cache: 'no-store', headers: { 'If-None-Match': etag } })
      return { status: r.status, body: await r.text() }
    },
    [url, first.etag],
  )
  assert.deepEqual(conditional, { status: 304, body: '' })

  // A signed-in route: no CORS headers, so the browser keeps the answer from the page.
  const signedIn = await page.evaluate(async (u) => {
    try {
      await fetch(u, { credentials: 'include' })
      return 'read'
    } catch (e) {
      return e instanceof TypeError ? 'blocked' : String(e)
    }
  }, `${BASE_URL}/api/auth/profile`)
  assert.equal(signedIn, 'blocked')
  await context.close()
})
