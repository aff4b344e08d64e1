// Prints the request headers of a signed-in administrator's session, one per line
// (`Cookie: …` and `X-CSRF-Token: …`), for tools outside the browser tests: ops/test passes them
// to schemathesis so the API is fuzzed with an administrator's permissions too (issue 14 item 5).
// Needs BASE_URL, DATABASE_URL, GBVF_BIN and GBVF_OUTBOX_DIR like the e2e tests.
import { adminSession } from './api-session.mjs'

const email = process.argv[2] ?? `fuzz-admin-${Date.now()}@example.org`
const session = await adminSession(email, 'Fuzz!Admin9Password')
session.csrf = (await session.json('GET', '/api/auth/csrf')).csrfToken
const cookie = [...session.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
process.stdout.write(`Cookie: ${cookie}\nX-CSRF-Token: ${session.csrf}\n`)
