// Helpers for the account journeys: unique addresses, codes from the development outbox
// (GET /dev/outbox, newest first), administrators made with the gbvf CLI, the OTP boxes, and
// the health check's public figures published with the CLI as if a quarter had ended.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { BASE_URL } from './app.mjs'
import { WAIT_MS } from './browser.mjs'

const run = promisify(execFile)
const CODE = /code is: (\d{6})/

export function uniqueEmail(kind) {
  return `e2e-${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`
}

async function outbox() {
  const response = await fetch(`${BASE_URL}/dev/outbox`, { signal: AbortSignal.timeout(10_000) })
  assert.ok(response.ok, `GET /dev/outbox answered ${response.status} (is GBVF_DEV_MODE=true?)`)
  return response.json()
}

/** Messages with a code sent to `email`, newest first. */
export async function codesFor(email) {
  const list = await outbox()
  return list
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()))
    .map((m) => CODE.exec(m.raw)?.[1])
    .filter(Boolean)
}

/** Waits for a code to `email` beyond the `before` codes already there; returns the newest. */
export async function nextCode(email, before = 0) {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const codes = await codesFor(email)
    if (codes.length > before) return codes[0]
    assert.ok(Date.now() < deadline, `no new code for ${email} in the outbox`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The instant a quarter ('2026Q4') ends: the first moment of the next one, RFC 3339 UTC. */
export function quarterEnd(quarter) {
  const [year, number] = quarter.split('Q').map(Number)
  return new Date(Date.UTC(year, number * 3, 1)).toISOString()
}

/** `gbvf healthcheck-publish --as-of <the end of quarter>` against the e2e database: the
 * public health-check figures of `quarter` are published as if it had ended (they are public
 * only then, docs/decisions/0123-public-cells-and-suppression.md). */
export async function publishHealthCheckQuarter(quarter) {
  const bin = process.env.GBVF_BIN
  const db = process.env.DATABASE_URL
  assert.ok(bin && db, 'GBVF_BIN and DATABASE_URL must be set to publish the health-check figures')
  await run(bin, ['healthcheck-publish', '--as-of', quarterEnd(quarter)], {
    env: { ...process.env, DATABASE_URL: db, RUST_LOG: 'warn' },
    timeout: 120_000,
  })
}

/** `gbvf users create-admin --email` against the e2e database. */
export async function createAdmin(email) {
  const bin = process.env.GBVF_BIN
  const db = process.env.DATABASE_URL
  assert.ok(bin, 'GBVF_BIN (the gbvf binary) must be set for the account tests')
  assert.ok(db, 'DATABASE_URL (the e2e database) must be set for the account tests')
  const { stdout } = await run(bin, ['users', 'create-admin', '--email', email], {
    env: { ...process.env, DATABASE_URL: db, GBVF_BASE_URL: BASE_URL, RUST_LOG: 'warn' },
    timeout: 120_000,
  })
  return stdout
}

/** Types a code into the six boxes, one key at a time. */
export async function typeOtp(page, code) {
  await page.getByLabel('Digit 1 of 6').click()
  await page.keyboard.type(code)
}
