// Admin console journeys against the real server in development mode (GBVF_DEV_MODE=true,
// GBVF_ENABLE_LOGIN=true): an administrator made with the CLI signs in the first time through
// "Reset here"; two organisations register through the API; the administrator approves one and
// rejects the other (reason Other) in the browser; the outbox holds the welcome and rejection
// e-mails; each application's verification history shows the decision with actor and time; a
// second tab that decides late gets the 409 message; users and groups are created, edited and
// deleted through the screens. Screenshots at 1366×768 and 390×844, axe-core on every admin route.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { AxeBuilder } from '@axe-core/playwright'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, SCREENSHOTS, VIEWPORTS, assertReachable } from './lib/app.mjs'
import { ApiSession } from './lib/api-session.mjs'
import { nextCode, typeOtp } from './lib/accounts.mjs'

const run = promisify(execFile)
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const admin = { email: `admin-${unique}@example.org`, first: 'Zanele', last: 'Verifier', password: 'Admin(Key)7Torch' }
const orgs = {
  approve: {
    name: `E2E Ubuntu Shelter ${unique}`,
    email: `e2e-org-a-${unique}@example.org`,
    first: 'Lindiwe',
    last: 'Khumalo',
  },
  reject: {
    name: `E2E Duplicate Care ${unique}`,
    email: `e2e-org-b-${unique}@example.org`,
    first: 'Sipho',
    last: 'Ndlovu',
  },
}
const rejectionReason = `Not working on gender-based violence ${unique}`
const groupName = `E2E Auditors ${unique}`
const newUser = { name: 'Palesa Mahlangu', email: `e2e-user-${unique}@example.org` }

let browser
let launched
/** The administrator's signed-in browser state, reused by every test after the first. */
let adminState

// ---------------------------------------------------------------------------------------------
// Helpers

/** `gbvf users create-admin` against the e2e database, with a name to find in the history. */
async function createAdmin() {
  const bin = process.env.GBVF_BIN
  const db = process.env.DATABASE_URL
  assert.ok(bin, 'GBVF_BIN (the gbvf binary) must be set for the admin tests')
  assert.ok(db, 'DATABASE_URL (the e2e database) must be set for the admin tests')
  const { stdout } = await run(
    bin,
    ['users', 'create-admin', '--email', admin.email, '--first-name', admin.first, '--last-name', admin.last],
    {
      env: { ...process.env, DATABASE_URL: db, GBVF_BASE_URL: BASE_URL, RUST_LOG: 'warn' },
      timeout: 120_000,
    },
  )
  return stdout
}

/** Registers an organisation through POST /api/auth/register, with real boundary ids. */
async function register(org) {
  const api = new ApiSession()
  const provinces = await api.json('GET', '/api/geography/boundary/list/2/1')
  const province = provinces.find((p) => p.description === 'Gauteng') ?? provinces[0]
  const districts = await api.json('GET', `/api/geography/boundary/list/2/${province.boundaryId}`)
  const district = districts[0]
  const locals = await api.json('GET', `/api/geography/boundary/list/3/${district.boundaryId}`)
  const local = locals[0]
  const password = 'Correct!Horse9Battery'
  const answer = await api.json('POST', '/api/auth/register', {
    Title: 3,
    FirstName: org.first,
    LastName: org.last,
    Email: org.email,
    Password: password,
    ConfirmPassword: password,
    MobileNumber: '0821234567',
    OrganisationName: org.name,
    OrganisationBranch: 'Head office',
    OrganisationType: 1,
    JobRole: 2,
    StreetNumber: '12',
    StreetName: 'Govan Mbeki Avenue',
    Suburb: 'Central',
    City: 'Johannesburg',
    PostalCode: '2001',
    Province: province.boundaryId,
    District: district.boundaryId,
    LocalMunicipality: local.boundaryId,
    MemberInOrganisation: 14,
    terms: true,
  })
  assert.equal(answer.success, true, JSON.stringify(answer))
  return { province: province.description, district: district.description, local: local.description }
}

async function outbox() {
  const response = await fetch(`${BASE_URL}/dev/outbox`, { signal: AbortSignal.timeout(10_000) })
  assert.ok(response.ok, `GET /dev/outbox answered ${response.status} (is GBVF_DEV_MODE=true?)`)
  return response.json()
}

/** The text of an e-mail with quoted-printable soft breaks and escapes undone. */
function plain(raw) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
}

async function mailTo(address, subjectPattern) {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const found = (await outbox()).find(
      (m) => m.to.toLowerCase().includes(address.toLowerCase()) && subjectPattern.test(m.subject),
    )
    if (found) return { ...found, text: plain(found.raw) }
    assert.ok(Date.now() < deadline, `no e-mail matching ${subjectPattern} to ${address} in the outbox`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** Same as formatDateTime in src/features/admin/admin-format.ts: YYYY-MM-DD HH:mm in SAST (UTC+2). */
function sast(iso) {
  const d = new Date(Date.parse(iso) + 120 * 60_000)
  const p = (n) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`
}

async function adminPage(viewport = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport, acceptDownloads: true, storageState: adminState })
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

/** Waits until the admin overlay (section 1) has gone. */
async function settled(page) {
  await page.waitForSelector('main#main', { timeout: WAIT_MS })
  await page.waitForSelector('[data-testid="admin-loading-overlay"]', { state: 'detached', timeout: WAIT_MS })
}

async function go(page, path, heading) {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' })
  await settled(page)
  if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: WAIT_MS })
  await settled(page)
}

/** Full-page screenshots at both sizes, returning to the page's own size afterwards. */
async function shots(page, name) {
  // A background tab never paints, so its screenshot would wait forever.
  await page.bringToFront()
  // Headless Chromium draws classic scrollbars, which take 15 px of a 390 px page: hide them so
  // the pictures show the layout a phone shows.
  await page.addStyleTag({ content: 'html { scrollbar-width: none; }' })
  const own = page.viewportSize()
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport)
    await page.waitForTimeout(250)
    await page.screenshot({ path: join(SCREENSHOTS, `admin-${name}-${label}.png`), fullPage: true })
  }
  await page.setViewportSize(own)
  await page.waitForTimeout(150)
}

async function axe(page, t, label) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  for (const v of results.violations)
    t.diagnostic(
      `${label} ${v.impact}: ${v.id} (${v.nodes.length}) ${v.nodes
        .slice(0, 2)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
    )
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  assert.deepEqual(
    bad.map((v) => `${label}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`),
    [],
  )
}

/** Axe at both widths. */
async function axeBoth(page, t, label) {
  const own = page.viewportSize()
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport)
    await page.waitForTimeout(200)
    await axe(page, t, `${label} (${name})`)
  }
  await page.setViewportSize(own)
}

/** A toast of `kind` with `text`, shown at the top right (section 8). */
async function expectToast(page, kind, text) {
  const toast = page.getByTestId(`toast-${kind}`).filter({ hasText: text }).first()
  await toast.waitFor({ timeout: WAIT_MS })
  const box = await toast.boundingBox()
  const { width } = page.viewportSize()
  assert.ok(
    box.y < 120 && box.x + box.width > width - 40,
    `the ${kind} toast is at the top right (${JSON.stringify(box)})`,
  )
  assert.equal(await toast.locator('[role="progressbar"], progress').count(), 0, 'the toast has no progress bar')
  return toast
}

/** Picks a filter (a radio button whose checked state follows the address, a moment later). */
async function choose(page, name) {
  const radio = page.getByRole('radio', { name, exact: true })
  await radio.click()
  await page.waitForFunction(
    (label) =>
      [...document.querySelectorAll('input[type="radio"]')].some(
        (r) => r.checked && r.closest('label')?.textContent?.trim() === label,
      ),
    name,
  )
  await settled(page)
}

async function searchList(page, label, text) {
  const box = page.getByRole('searchbox', { name: label })
  await box.fill(text)
  await box.press('Enter')
  await settled(page)
}

async function rowNames(page, testId) {
  await page.getByTestId(testId).waitFor({ timeout: WAIT_MS })
  return page.getByTestId(testId).locator('tbody th[scope="row"]').allTextContents()
}

// ---------------------------------------------------------------------------------------------

before(async () => {
  await assertReachable()
  await mkdir(SCREENSHOTS, { recursive: true })
  const out = await createAdmin()
  assert.match(out, /./, 'create-admin printed something')
  await register(orgs.approve)
  await register(orgs.reject)
  launched = await launchBrowser()
  browser = launched.browser
})
after(async () => {
  await launched?.close()
})

test('the administrator signs in the first time through Reset here, the OTP and a new password', async (t) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  try {
    await page.goto(`${BASE_URL}/auth/login/`)
    await page.getByRole('button', { name: 'Continue To Login' }).click()
    await page.getByRole('link', { name: 'Reset here' }).click()
    await page.waitForURL(/\/auth\/forgot-password\/$/)
    await page.getByLabel('Email').fill(admin.email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.waitForURL(/\/auth\/verify-otp\/$/)
    await typeOtp(page, await nextCode(admin.email))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL(/\/auth\/reset-password\/$/)
    await page.getByLabel('Password', { exact: true }).fill(admin.password)
    await page.getByLabel('Confirm password').fill(admin.password)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL(/\/auth\/login\/$/)
    await page.getByLabel('Password', { exact: true }).fill(admin.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL(/\/admin\/$/, { timeout: WAIT_MS })
    await settled(page)
    await page.getByRole('heading', { level: 1, name: 'Admin dashboard' }).waitFor()
    adminState = await context.storageState()
    assert.deepEqual(errors, [])
    t.diagnostic(`signed in as ${admin.email}`)
  } finally {
    await context.close()
  }
})

test('dashboard: the Organisations and Surveys cards, Manage links and Manage Users and Groups', async (t) => {
  const { context, page, errors } = await adminPage()
  try {
    await go(page, '/admin/', 'Admin dashboard')
    const organisations = page.getByTestId('organisations-card')
    await organisations.waitFor()
    const count = Number(await page.getByTestId('in-progress-count').textContent())
    assert.ok(count >= 2, `at least our two applications are new (${count})`)
    assert.match(await organisations.textContent(), /New applications received/)
    assert.match(await organisations.textContent(), /Last updated: \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
    assert.equal(
      await organisations.getByRole('link', { name: 'Manage' }).getAttribute('href'),
      '/admin/organisations/',
      'the Organisations card manages the applications',
    )
    const surveys = page.getByTestId('surveys-card')
    assert.equal(await surveys.getByRole('link', { name: 'Manage' }).getAttribute('href'), '/admin/questionnaire/')
    assert.match(await surveys.textContent(), /0 of \d+ approved organisations/)
    assert.match(await surveys.textContent(), /0 of 0 expected responses/)
    await shots(page, 'dashboard')
    await axeBoth(page, t, 'admin dashboard')

    await page.getByRole('link', { name: 'Manage Users and Groups' }).click()
    await page.waitForURL(/\/admin\/manage-users-groups\/$/)
    await go(page, '/admin/', 'Admin dashboard')
    await page.getByRole('link', { name: 'View all applications' }).click()
    await page.waitForURL(/\/admin\/organisations\/$/)
    await page.getByRole('heading', { level: 1, name: 'View all applications' }).waitFor()

    await go(page, '/admin/questionnaire/', 'Questionnaire manager')
    await axe(page, t, 'questionnaire placeholder')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('applications list: In Progress by default, search, sort, filter, No records found', async (t) => {
  const { context, page, errors } = await adminPage()
  try {
    await go(page, '/admin/organisations/', 'View all applications')
    await page.getByTestId('applications-table').waitFor()
    assert.ok(await page.getByRole('radio', { name: 'In Progress' }).isChecked(), 'In Progress is the default filter')
    assert.ok(await page.getByRole('button', { name: 'Add new' }).isDisabled(), 'Add new is shown but disabled')
    assert.equal(await page.getByRole('link', { name: 'Back to the admin dashboard' }).getAttribute('href'), '/admin/')
    for (const column of ['Organisation name', 'Received from', 'Received on', 'Status']) {
      assert.equal(await page.getByRole('columnheader', { name: column }).count(), 1, `column ${column}`)
    }
    await shots(page, 'applications')

    await searchList(page, 'Search by organisation name', unique)
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="applications-table"] tbody tr').length === n,
      2,
    )
    assert.deepEqual(await rowNames(page, 'applications-table'), [orgs.reject.name, orgs.approve.name])
    const row = page.getByTestId('applications-table').getByRole('row', { name: new RegExp(orgs.approve.name) })
    assert.match(
      await row.textContent(),
      new RegExp(`${orgs.approve.first} ${orgs.approve.last}`),
      'Received from names the applicant',
    )
    assert.match(await row.textContent(), /In Progress/)
    assert.match(await row.textContent(), /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)

    await page.getByLabel('Sort').selectOption({ label: 'Z-A' })
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="applications-table"] tbody th')?.textContent === first,
      orgs.approve.name,
    )
    assert.deepEqual(await rowNames(page, 'applications-table'), [orgs.approve.name, orgs.reject.name])
    assert.match(page.url(), /sort=desc/)

    await choose(page, 'Approved')
    await page.getByText('No records found').waitFor()
    await shots(page, 'applications-empty')
    await axeBoth(page, t, 'applications list')
    await choose(page, 'All')
    await page.getByTestId('applications-table').waitFor()
    assert.equal((await rowNames(page, 'applications-table')).length, 2)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('approve one application: toast, back to the list, welcome e-mail, history with actor and time; a late second tab gets 409', async (t) => {
  const { context, page, errors } = await adminPage()
  let late
  try {
    await go(page, `/admin/organisations/?q=${encodeURIComponent(orgs.approve.name)}`, 'View all applications')
    await page.getByRole('link', { name: `View the application of ${orgs.approve.name}` }).click()
    await page.waitForURL(/\/admin\/organisations\/view\/[^/]+\/$/)
    await settled(page)
    const viewUrl = page.url()
    await page.getByRole('heading', { level: 1, name: orgs.approve.name }).waitFor()
    const personal = await page.getByTestId('personal-details-list').textContent()
    assert.match(personal, /TitleMs/)
    assert.match(personal, new RegExp(`Full Name${orgs.approve.first} ${orgs.approve.last}`))
    assert.match(personal, new RegExp(`Email${orgs.approve.email.replace(/[.]/g, '\\.')}`))
    assert.match(personal, /Phone0821234567/)
    const organisation = await page.getByTestId('organisation-details-list').textContent()
    assert.match(organisation, /Organisation typeNon-profit organisation/)
    assert.match(organisation, /Role in organisationManager/)
    const address = await page.getByTestId('organisation-address-list').textContent()
    assert.match(address, /Street address12 Govan Mbeki Avenue/)
    assert.match(address, /Number of members in organisation14/)
    assert.match(address, /Organisation verification statusIn Progress/)
    await page.getByTestId('history-event').first().waitFor()
    await shots(page, 'application-in-progress')
    await axeBoth(page, t, 'application view')

    // A second tab looks at the same application before the decision.
    late = await context.newPage()
    await late.goto(viewUrl)
    await settled(late)
    await late.getByRole('button', { name: 'Approve' }).waitFor()

    await page.bringToFront()
    await page.getByRole('button', { name: 'Approve' }).click()
    await expectToast(page, 'success', 'The organisation has been approved.')
    await page.waitForURL((url) => url.pathname === '/admin/organisations/', { timeout: WAIT_MS })
    assert.match(page.url(), /\?q=/, 'the list keeps its search')
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-approved-toast-desktop.png') })

    const welcome = await mailTo(orgs.approve.email, /approved/i)
    assert.match(welcome.text, new RegExp(`Your organisation ${orgs.approve.name} has been approved`))

    // The late tab decides on what it still shows: the server answers 409 and the screen reloads.
    await late.bringToFront()
    await late.getByRole('button', { name: 'Reject' }).click()
    await late.getByRole('dialog', { name: 'Reason for rejection' }).getByTestId('confirm-reject').click()
    const conflict = late.getByTestId('decision-conflict')
    await conflict.waitFor({ timeout: WAIT_MS })
    t.diagnostic(`409 message: ${(await conflict.textContent()).trim()}`)
    await expectToast(late, 'error', '')
    await late.waitForFunction(() =>
      document.querySelector('[data-testid="verification-status"]')?.textContent?.includes('Approved'),
    )
    assert.equal(await late.getByRole('button', { name: 'Approve' }).count(), 0, 'Approve is hidden once approved')
    await late.screenshot({ path: join(SCREENSHOTS, 'admin-application-conflict-desktop.png'), fullPage: true })

    // The history shows the decision with the administrator and the time.
    await late.close()
    await go(page, new URL(viewUrl).pathname, orgs.approve.name)
    const orgId = decodeURIComponent(new URL(viewUrl).pathname.split('/').filter(Boolean).at(-1))
    const history = await page.evaluate(
      async (id) => (await fetch(`/api/healthcheck/organisation/${encodeURIComponent(id)}/history`)).json(),
      orgId,
    )
    const approved = history.data.find((e) => e.type === 'OrganisationApproved')
    assert.ok(approved, 'the history has the approval')
    const item = page.getByTestId('history-event').filter({ hasText: `Approved by ${admin.first} ${admin.last}` })
    await item.waitFor()
    const itemText = await item.textContent()
    assert.match(itemText, new RegExp(sast(approved.at)), 'the time is shown as YYYY-MM-DD HH:mm')
    assert.match(itemText, new RegExp(`Actor:?${admin.first} ${admin.last}`))
    assert.match(itemText, /http:POST \/api\/healthcheck\/verify/)
    assert.equal(await page.getByTestId('history-event').count(), history.data.length, 'every event is shown')
    assert.match(await page.getByTestId('verification-status').textContent(), /Approved\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
    assert.equal(await page.getByRole('button', { name: 'Approve' }).count(), 0)

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ])
    const csvText = await readFile(await csv.path(), 'utf8')
    assert.match(csvText, /OrganisationApproved/)
    assert.match(csvText, new RegExp(`${admin.first} ${admin.last}`))
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ])
    const events = JSON.parse(await readFile(await json.path(), 'utf8'))
    assert.deepEqual(
      events.map((e) => e.type),
      history.data.map((e) => e.type),
    )
    // The log seals the approval after commit and signs its head within 10 s: the history says
    // how far it is sealed and verified.
    const seal = page.getByTestId('history-seal')
    const sealed = /Sealed and verified up to \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(SAST\)/
    for (
      const deadline = Date.now() + WAIT_MS;
      !sealed.test((await seal.textContent()) ?? '') && Date.now() < deadline;
    ) {
      await page.waitForTimeout(500)
      await page.reload()
      await page.getByTestId('history-event').first().waitFor()
    }
    assert.match(await seal.textContent(), sealed)
    await shots(page, 'application-approved')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('reject the other application with reason Other: the reason is required, cleared on switching, e-mailed and in the history', async (t) => {
  const { context, page, errors } = await adminPage()
  try {
    await go(page, `/admin/organisations/?q=${encodeURIComponent(orgs.reject.name)}`, 'View all applications')
    await page.getByRole('link', { name: `View the application of ${orgs.reject.name}` }).click()
    await page.getByRole('heading', { level: 1, name: orgs.reject.name }).waitFor()
    await settled(page)
    const viewPath = new URL(page.url()).pathname
    await page.getByRole('button', { name: 'Reject' }).click()
    const dialog = page.getByRole('dialog', { name: 'Reason for rejection' })
    await dialog.waitFor()
    assert.ok(
      await dialog.getByRole('radio', { name: 'Duplicated Organisation' }).isChecked(),
      'Duplicated Organisation is the default',
    )
    await shots(page, 'reject-modal')
    await dialog.getByRole('radio', { name: 'Other' }).check()
    const reason = dialog.getByRole('textbox', { name: 'Rejection reason' })
    assert.equal(await reason.getAttribute('placeholder'), 'please specify rejection reason')
    await dialog.getByTestId('confirm-reject').click()
    await dialog.getByText('Rejection reason is required').waitFor()
    await shots(page, 'reject-modal-other-required')
    await axeBoth(page, t, 'reject modal')
    await reason.fill('temporary')
    await dialog.getByRole('radio', { name: 'Duplicated Organisation' }).check()
    assert.equal(await dialog.getByRole('textbox').count(), 0)
    await dialog.getByRole('radio', { name: 'Other' }).check()
    assert.equal(await reason.inputValue(), '', 'switching away from Other cleared the text')
    await reason.fill(rejectionReason)
    await dialog.getByTestId('confirm-reject').click()
    await expectToast(page, 'success', 'The organisation has been rejected.')
    await page.waitForURL((url) => url.pathname === '/admin/organisations/', { timeout: WAIT_MS })

    const mail = await mailTo(orgs.reject.email, /registration/i)
    assert.match(
      mail.text,
      new RegExp(`Your registration of ${orgs.reject.name} on the GBVF dashboard was not approved`),
    )
    assert.match(mail.text, new RegExp(`Reason: ${rejectionReason}`))
    assert.ok(
      !(await outbox()).some((m) => m.to.includes(orgs.reject.email) && /approved/i.test(m.subject)),
      'no welcome e-mail for the rejected one',
    )

    await go(page, viewPath, orgs.reject.name)
    const item = page
      .getByTestId('history-event')
      .filter({ hasText: `Rejected by ${admin.first} ${admin.last}: ${rejectionReason}` })
    await item.waitFor()
    assert.match(await item.textContent(), /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
    assert.match(await page.getByTestId('verification-status').textContent(), /Rejected/)
    assert.equal(await page.getByRole('button', { name: 'Reject' }).count(), 0, 'no second rejection')
    assert.equal(
      await page.getByRole('button', { name: 'Approve' }).count(),
      1,
      'a rejected application can still be approved',
    )
    await shots(page, 'application-rejected')

    await go(page, `/admin/organisations/?status=2&q=${encodeURIComponent(unique)}`, 'View all applications')
    assert.deepEqual(await rowNames(page, 'applications-table'), [orgs.reject.name])
    await go(page, `/admin/organisations/?status=3&q=${encodeURIComponent(unique)}`, 'View all applications')
    assert.deepEqual(await rowNames(page, 'applications-table'), [orgs.approve.name])
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('groups: create with actions, edit the actions (added and removed), delete', async (t) => {
  const { context, page, errors } = await adminPage()
  try {
    await go(page, '/admin/manage-users-groups/?show=groups', 'Users and groups')
    assert.ok(await page.getByRole('radio', { name: 'Groups' }).isChecked())
    await page.getByTestId('groups-table').waitFor()
    await shots(page, 'groups-list')
    await axeBoth(page, t, 'groups list')
    await page.getByRole('button', { name: 'Add new group' }).click()
    await page.waitForURL(/\/create-group$/)
    await page.getByRole('heading', { level: 1, name: 'Add group' }).waitFor()
    await settled(page)
    const name = page.getByLabel('Group name')
    assert.equal(await name.getAttribute('placeholder'), 'Enter a group name')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Group name is required').waitFor()
    await name.fill(groupName)
    const boxes = page.getByTestId('group-actions-checkboxes')
    assert.equal(await boxes.locator('tr').first().locator('td').count(), 4, 'four actions per row')
    await boxes.getByRole('checkbox', { name: 'View organisations' }).check()
    await boxes.getByRole('checkbox', { name: 'Log into system' }).check()
    await shots(page, 'group-create')
    await axeBoth(page, t, 'group form')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'success', 'Group created successfully.')
    await page.waitForURL(/\/view-group\/\d+$/)
    await settled(page)
    const details = page.getByTestId('group-details')
    await details.waitFor()
    assert.match(await details.textContent(), new RegExp(groupName))
    assert.deepEqual((await page.getByTestId('group-actions-table').locator('td').allTextContents()).sort(), [
      'Log into system',
      'View organisations',
    ])
    await shots(page, 'group-view')
    await axeBoth(page, t, 'group view')

    await page.getByRole('button', { name: 'Edit' }).click()
    await page.waitForURL(/\/edit-group\/\d+$/)
    await settled(page)
    assert.equal(await page.getByLabel('Group name').getAttribute('readonly'), '', 'the name is read-only when editing')
    await page.getByTestId('group-actions-checkboxes').getByRole('checkbox', { name: 'Log into system' }).waitFor()
    assert.ok(
      await page.getByTestId('group-actions-checkboxes').getByRole('checkbox', { name: 'Log into system' }).isChecked(),
    )
    await page.getByTestId('group-actions-checkboxes').getByRole('checkbox', { name: 'Log into system' }).uncheck()
    await page.getByTestId('group-actions-checkboxes').getByRole('checkbox', { name: 'Verify organisation' }).check()
    await shots(page, 'group-edit')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'success', 'Group actions updated successfully.')
    await page.waitForURL(/\/view-group\/\d+$/)
    await settled(page)
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="group-actions-table"] td')]
          .map((td) => td.textContent)
          .sort()
          .join('|') === 'Verify organisation|View organisations',
    )

    await page.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog')
    assert.match(
      await dialog.textContent(),
      /Would you like to delete this Group\? If you choose to delete, you will not be able to undo this action\./,
    )
    await shots(page, 'group-delete-modal')
    await dialog.getByTestId('confirm-delete').click()
    await expectToast(page, 'success', 'Group deleted successfully.')
    await page.waitForURL(/\/admin\/manage-users-groups\/\?show=groups$/)
    await page.getByTestId('groups-table').waitFor()
    assert.ok(!(await rowNames(page, 'groups-table')).includes(groupName), 'the group is gone')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('users: create a Building Block Coordinator, see the invitation, edit and delete', async (t) => {
  const { context, page, errors } = await adminPage()
  try {
    await go(page, '/admin/manage-users-groups/', 'Users and groups')
    assert.ok(await page.getByRole('radio', { name: 'Users' }).isChecked())
    await searchList(page, 'Search by name or email', admin.email)
    assert.deepEqual(await rowNames(page, 'users-table'), [`${admin.first} ${admin.last}`])
    assert.match(await page.getByTestId('users-table').textContent(), /World of Impact admin/)
    await searchList(page, 'Search by name or email', '')
    await shots(page, 'users-list')
    await axeBoth(page, t, 'users list')

    await page.getByRole('button', { name: 'Add new user' }).click()
    await page.waitForURL(/\/create-user$/)
    await page.getByRole('heading', { level: 1, name: 'Add user' }).waitFor()
    await settled(page)
    const form = page.getByTestId('user-form')
    await form.getByRole('button', { name: 'Save' }).click()
    for (const message of [
      'Title is required',
      'Full name is required',
      'Email is required',
      'Company is required',
      'Role is required',
      'At least one group is required',
    ]) {
      await form.getByText(message, { exact: true }).waitFor()
    }
    await form.getByLabel('Mobile number').fill('0821')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByText('Contact number must be 10 digits long').waitFor()
    await shots(page, 'user-create-errors')
    await axeBoth(page, t, 'user form with errors')

    await form.getByLabel('Title').selectOption({ label: 'Ms' })
    await form.getByLabel('Full name').fill(newUser.name)
    await form.getByLabel('Email address').fill(newUser.email)
    await form.getByLabel('Mobile number').fill('083 555 1234')
    await form.getByLabel('Telephone number').fill('011 123 4567')
    await form.getByLabel('Company name').selectOption({ label: orgs.approve.name })
    await form.getByLabel('Role', { exact: true }).selectOption({ label: 'Manager' })
    await form.getByRole('checkbox', { name: 'Contact Person' }).check()
    await form.getByTestId('groups-select').getByRole('checkbox', { name: 'Health Check admin' }).check()
    assert.equal(await form.getByTestId('municipalities-select').count(), 0, 'municipalities only for a coordinator')
    await form.getByRole('checkbox', { name: 'Building Block Coordinator' }).check()
    const municipalities = form.getByTestId('municipalities-select')
    await municipalities.waitFor()
    await form.getByRole('button', { name: 'Save' }).click()
    await municipalities.getByText('Select at least one municipality').waitFor()
    const picked = []
    for (const query of ['Emfuleni', 'Midvaal', 'Lesedi', 'Buffalo City', 'Nelson Mandela Bay']) {
      await municipalities.getByRole('searchbox').fill(query)
      const box = municipalities.getByRole('checkbox').first()
      picked.push((await box.locator('xpath=..').textContent()).trim())
      await box.check()
    }
    await municipalities.getByRole('searchbox').fill('')
    await shots(page, 'user-create-filled')
    await form.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'success', 'User created successfully.')
    await page.waitForURL(/\/view-user\/[^/]+$/)
    await settled(page)
    const details = page.getByTestId('user-details')
    await details.waitFor()
    const text = await details.textContent()
    for (const [label, value] of [
      ['Title', 'Ms'],
      ['Full name', newUser.name],
      ['Telephone number', '0111234567'],
      ['Mobile number', '0835551234'],
      ['Email address', newUser.email],
      ['Company name', orgs.approve.name],
      ['Role', 'Manager'],
      ['Group(s)', 'Health Check admin'],
    ]) {
      assert.ok(text.includes(`${label}${value}`), `${label} shows ${value}: ${text}`)
    }
    const table = page.getByTestId('user-municipalities-table')
    assert.deepEqual(
      await table.locator('tr').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td').length)),
      [4, 1],
      'four municipalities per row',
    )
    assert.deepEqual((await table.locator('td').allTextContents()).sort(), [...picked].sort())
    await shots(page, 'user-view')
    await axeBoth(page, t, 'user view')

    const invitation = await mailTo(newUser.email, /account/i)
    assert.match(invitation.text, /^http:\/\/\S+\/auth\/forgot-password\/\s*$/m)

    await page.getByRole('button', { name: 'Edit' }).click()
    await page.waitForURL(/\/edit-user\/[^/]+$/)
    await settled(page)
    const edit = page.getByTestId('user-form')
    await edit.getByLabel('Full name').waitFor()
    assert.equal(await edit.getByLabel('Full name').inputValue(), newUser.name)
    assert.equal(await edit.getByLabel('Email address').getAttribute('readonly'), '', 'the e-mail cannot change')
    await edit.getByLabel('Mobile number').fill('0845556789')
    await edit
      .getByTestId('municipalities-select')
      .getByRole('button', { name: `Remove ${picked[0]}` })
      .click()
    await shots(page, 'user-edit')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'success', 'User updated successfully.')
    await page.waitForURL(/\/view-user\/[^/]+$/)
    await settled(page)
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="user-details"]')?.textContent?.includes('Mobile number0845556789'),
    )
    assert.equal(await page.getByTestId('user-municipalities-table').locator('td').count(), 4)

    await page.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog')
    assert.match(
      await dialog.textContent(),
      /Would you like to delete this User\? If you choose to delete, you will not be able to undo this action\./,
    )
    await shots(page, 'user-delete-modal')
    await axe(page, t, 'delete modal')
    await dialog.getByTestId('confirm-delete').click()
    await expectToast(page, 'success', 'User deleted successfully.')
    await page.waitForURL(/\/admin\/manage-users-groups\/$/)
    await searchList(page, 'Search by name or email', newUser.email)
    await page.getByText('No records found').waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('erase (POPIA): the rejected applicant is erased from the user view; the application and its history show "Erased person"', async (t) => {
  const { context, page, errors } = await adminPage()
  try {
    await go(page, '/admin/manage-users-groups/', 'Users and groups')
    const users = await page.evaluate(async () => (await fetch('/api/security/getAllUsers')).json())
    const person = users.find((u) => u.username === orgs.reject.email)
    assert.ok(person, `the applicant ${orgs.reject.email} is a user`)
    const details = await page.evaluate(
      async (id) => (await fetch(`/api/security/getUserDetails?stakeholderId=${encodeURIComponent(id)}`)).json(),
      person.stakeholderId,
    )
    assert.ok(details.companyId, 'the applicant belongs to the organisation')
    await go(page, `/admin/manage-users-groups/view-user/${person.stakeholderId}`)
    await page.getByTestId('user-details').waitFor()
    await page.getByRole('button', { name: 'Erase personal data' }).click()
    const dialog = page.getByRole('dialog')
    assert.match(await dialog.textContent(), /Would you like to erase this person\?/)
    await shots(page, 'user-erase-modal')
    await axe(page, t, 'erase modal')
    await dialog.getByRole('button', { name: 'Erase' }).click()
    await expectToast(page, 'success', 'User erased successfully.')
    await page.waitForURL(/\/admin\/manage-users-groups\/$/)

    await go(page, `/admin/organisations/view/${encodeURIComponent(details.companyId)}/`, orgs.reject.name)
    const personal = await page.getByTestId('personal-details-list').textContent()
    assert.match(personal, /Full NameErased person/)
    assert.ok(!personal.includes(orgs.reject.email) && !personal.includes(orgs.reject.last), personal)
    await page.getByTestId('history-event').filter({ hasText: 'Erased person' }).first().waitFor()
    await page
      .getByTestId('history-event')
      .filter({ hasText: `Rejected by ${admin.first} ${admin.last}: ${rejectionReason}` })
      .waitFor()
    const html = await page.content()
    assert.ok(!html.includes(orgs.reject.email) && !html.includes(orgs.reject.last), 'nothing personal on the page')
    await shots(page, 'application-erased')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('a refused server answer shows the errors joined by " -- " in an error toast', async () => {
  const { context, page, errors } = await adminPage()
  try {
    await go(page, '/admin/manage-users-groups/create-group', 'Add group')
    await page.getByLabel('Group name').fill('World of Impact admin')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectToast(page, 'error', 'A group with this name already exists')
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-error-toast-desktop.png') })
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('guards: anonymous visitors of admin routes go to the public index', async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile })
  const page = await context.newPage()
  try {
    for (const path of [
      '/admin/',
      '/admin/organisations/',
      '/admin/manage-users-groups/',
      '/admin/manage-users-groups/create-group',
    ]) {
      await page.goto(`${BASE_URL}${path}`)
      await page.waitForURL((url) => url.pathname === '/home', { timeout: WAIT_MS })
    }
  } finally {
    await context.close()
  }
})
