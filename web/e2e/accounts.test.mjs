// Account journeys against the real server in development mode (GBVF_DEV_MODE=true,
// GBVF_ENABLE_LOGIN=true): sign-up through its three steps with every section 5 message, the OTP
// read from the development outbox, sign-in and landing, profile edit, logout, forgot and reset
// password, the resend limit, and an administrator made with the CLI who lands on /admin/.
// Screenshots at both widths and axe-core on every account screen.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { AxeBuilder } from '@axe-core/playwright'
import { launchBrowser, WAIT_MS } from './lib/browser.mjs'
import { BASE_URL, VIEWPORTS, assertReachable, newPage, open, screenshot } from './lib/app.mjs'
import { codesFor, createAdmin, nextCode, typeOtp, uniqueEmail } from './lib/accounts.mjs'

// Section 5 and 8 wording, verbatim (the server and src/config/strings.ts say the same).
const MSG = {
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be at least 12 characters long',
  passwordDigit: 'Password must contain a number',
  passwordLowercase: 'Password must contain a lowercase letter',
  passwordUppercase: 'Password must contain an uppercase letter',
  passwordSpecial: 'Password must contain a special character: ! @ # $ % ^ & * ( )',
  passwordDistinct: 'Password must contain at least 12 different characters',
  passwordsDoNotMatch: 'Passwords do not match',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  contactNumberLength: 'Contact number must be 10 digits long',
  otpLength: 'OTP must be 6 digits long.',
  otpDigits: 'OTP must only contain numbers.',
  terms: 'Accept terms and conditions to continue',
  tooManyOtp: 'Too many OTP requests made. Try again later.',
  loginFailed: 'Invalid email or password.',
}

const person = {
  first: 'Nomvula',
  last: 'Dlamini',
  password: 'Correct!Horse9Battery',
  newPassword: 'Fresh(Lamp)42Window',
}
const email = uniqueEmail('org')

let run
before(async () => {
  await assertReachable()
  run = await launchBrowser()
})
after(async () => {
  await run?.close()
})

async function expectMessages(page, messages) {
  for (const message of messages) {
    const found = page.getByText(message, { exact: true }).first()
    await found.waitFor({ state: 'visible', timeout: WAIT_MS }).catch(() => {})
    assert.ok(await found.isVisible(), `the message '${message}' is shown`)
  }
}

/** Waits (up to WAIT_MS) until `locator` shows text matching `pattern`: saves re-read the profile. */
async function shows(locator, pattern) {
  try {
    await locator.filter({ hasText: pattern }).waitFor({ timeout: WAIT_MS })
  } catch (error) {
    throw new Error(
      `expected ${pattern}, the element says: ${(await locator.textContent().catch(() => '')).slice(0, 300)}`,
      { cause: error },
    )
  }
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
    bad.map((v) => `${label}: ${v.id}: ${v.help}`),
    [],
  )
}

async function next(page) {
  await page.getByRole('button', { name: 'Next' }).click()
}

/** Waits for the address; on timeout says what the page shows instead. */
async function arrive(page, test, timeout = 20_000) {
  const matches = typeof test === 'function' ? test : (url) => test.test(url.pathname + url.search)
  try {
    await page.waitForURL(matches, { timeout })
  } catch (error) {
    const text = await page
      .locator('main')
      .innerText()
      .catch(() => '')
    throw new Error(`still at ${page.url()}; the page says: ${text.slice(0, 600)}`, { cause: error })
  }
}

async function stepHeading(page, text) {
  try {
    await page.getByRole('heading', { name: text }).waitFor({ timeout: WAIT_MS })
  } catch (error) {
    await screenshot(page, 'failure-step')
    throw new Error(`no heading '${text}'; the page says: ${(await page.locator('main').innerText()).slice(0, 800)}`, {
      cause: error,
    })
  }
}

async function pasteInto(locator, text) {
  await locator.evaluate((el, value) => {
    const data = new DataTransfer()
    data.setData('text', value)
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, text)
}

async function otpBoxes(page) {
  return page.locator('.otp-input__box').evaluateAll((els) => els.map((e) => e.value).join(''))
}

async function loginForm(page) {
  await open(page, '/auth/login/')
  await page.getByRole('button', { name: 'Continue To Login' }).click()
  await page.getByRole('heading', { name: 'Login' }).waitFor()
}

async function signIn(page, address, password) {
  await loginForm(page)
  await page.getByLabel('Email').fill(address)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await arrive(page, (url) => !url.pathname.startsWith('/auth/'))
}

async function selectFirst(page, label) {
  const select = page.getByLabel(label, { exact: true })
  await page.waitForFunction(
    (id) => {
      const el = document.getElementById(id)
      return el && !el.disabled && el.options.length > 1
    },
    await select.getAttribute('id'),
    { timeout: WAIT_MS },
  )
  await select.selectOption({ index: 1 })
}

test('sign-up: three steps with the section 5 messages, OTP from the outbox, sign-in lands on the public root', async (t) => {
  const { context, page, errors } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await open(page, '/auth/login/')
    await screenshot(page, 'auth-login-intro-desktop')
    await page.getByRole('button', { name: 'Continue To Login' }).click()
    await page.getByRole('link', { name: 'Sign up here' }).click()
    await arrive(page, /\/auth\/sign-up\/$/)
    await stepHeading(page, 'Step 1 of 3: Personal details')

    // Step 1: every field's rule, in the form, before anything is sent.
    await next(page)
    await expectMessages(page, [
      'Title is required',
      'First name is required',
      MSG.emailRequired,
      MSG.passwordRequired,
      'Contact number is required',
    ])
    await screenshot(page, 'auth-sign-up-step1-errors-desktop')
    await axe(page, t, 'sign-up step 1 with errors')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password', { exact: true }).fill('Ab1!')
    await page.getByLabel('Telephone').fill('082 123')
    await next(page)
    await expectMessages(page, [MSG.emailInvalid, MSG.passwordLength, MSG.passwordDistinct, MSG.contactNumberLength])
    await page.getByLabel('Password', { exact: true }).fill('abcdefghijkl')
    await next(page)
    await expectMessages(page, [MSG.passwordDigit, MSG.passwordUppercase, MSG.passwordSpecial])
    await page.getByLabel('Password', { exact: true }).fill('ABCDEFGHIJK1!')
    await page.getByLabel('Confirm password').fill('something else')
    await next(page)
    await expectMessages(page, [MSG.passwordLowercase, MSG.passwordsDoNotMatch])

    await page.getByLabel('Title').selectOption({ label: 'Ms' })
    await page.getByLabel('First name').fill(person.first)
    await page.getByLabel('Last name').fill(person.last)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(person.password)
    await page.getByLabel('Confirm password').fill(person.password)
    await page.getByLabel('Telephone').fill('082 123 4567')
    assert.equal(await page.getByLabel('Telephone').inputValue(), '0821234567', 'phone values are stripped to digits')
    await next(page)

    // Step 2, after the server validated step 1.
    await stepHeading(page, 'Step 2 of 3: Organisation details')
    await next(page)
    await expectMessages(page, [
      'Organisation name is required',
      'Organisation type is required',
      'Role is required',
      'Province is required',
      'District is required',
      'Local municipality is required',
    ])
    await page.getByLabel('Organisation name').fill('Ikhaya Women’s Centre')
    await page.getByLabel('Organisation type').selectOption({ index: 1 })
    await page.getByLabel('Role', { exact: true }).selectOption({ index: 2 })
    await page.getByLabel('Street number').fill('12')
    await page.getByLabel('Street name').fill('Govan Mbeki Avenue')
    await page.getByLabel('City').fill('Gqeberha')
    await page.getByLabel('Postal code').fill('6001a')
    assert.ok(await page.getByLabel('District', { exact: true }).isDisabled(), 'district waits for a province')
    await selectFirst(page, 'Province')
    await selectFirst(page, 'District')
    await selectFirst(page, 'Local municipality')
    await next(page)
    await expectMessages(page, ['Postal code must be a number'])
    await page.getByLabel('Postal code').fill('6001')
    await screenshot(page, 'auth-sign-up-step2-desktop')
    await next(page)

    // Step 3, and Back keeps what was entered.
    await stepHeading(page, 'Step 3 of 3: Member details')
    await page.getByRole('button', { name: 'Back' }).click()
    await stepHeading(page, 'Step 2 of 3: Organisation details')
    assert.equal(await page.getByLabel('Organisation name').inputValue(), 'Ikhaya Women’s Centre')
    await next(page)
    await stepHeading(page, 'Step 3 of 3: Member details')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expectMessages(page, ['Number of members is required', MSG.terms])
    await page.getByLabel('Number of members in the organisation').fill('0')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expectMessages(page, ['Number of members must be at least 1'])
    await page.getByLabel('Number of members in the organisation').fill('14')
    // The terms open in a new tab, so the form keeps what was typed: the product's own /terms
    // page unless the build names another disclaimer page.
    const terms = page.getByRole('link', { name: /terms and conditions/ })
    assert.equal(await terms.getAttribute('target'), '_blank', 'the terms open in a new tab')
    const href = await terms.getAttribute('href')
    assert.match(href, /^(\/terms|https?:\/\/\S+)$/)
    if (href === '/terms') {
      const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()])
      await tab.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor()
      await tab.getByRole('heading', { name: 'Your personal information' }).waitFor()
      await tab.close()
    }
    await page.getByRole('checkbox').check()
    await screenshot(page, 'auth-sign-up-step3-desktop')
    await page.getByRole('button', { name: 'Submit' }).click()

    // OTP screen: the messages, the development code, paste, verify.
    await arrive(page, /\/auth\/verify-otp\/$/)
    await page.getByRole('heading', { name: 'Verify OTP' }).waitFor()
    assert.match(
      await page.textContent('main'),
      new RegExp(`Please enter the 6-digit verification code that was sent to\\s*${email.replace(/[.]/g, '\\.')}`),
    )
    const code = await nextCode(email)
    assert.equal(
      (await page.textContent('[data-testid="dev-otp"]')).replace(/\s+/g, ' ').trim(),
      `development code: ${code}`,
    )
    await page.getByRole('button', { name: 'Verify' }).click()
    await expectMessages(page, ['OTP is required'])
    await typeOtp(page, '123')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expectMessages(page, [MSG.otpLength])
    await page.getByLabel('Digit 4 of 6').pressSequentially('a')
    await expectMessages(page, [MSG.otpDigits])
    assert.equal(await otpBoxes(page), '123', 'the letter was refused')
    const wrong = code.slice(0, 5) + ((Number(code[5]) + 1) % 10)
    await pasteInto(page.getByLabel('Digit 1 of 6'), wrong)
    assert.equal(await otpBoxes(page), wrong, 'paste fills all six boxes')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expectMessages(page, ['The code is not correct. Please try again.'])
    await pasteInto(page.getByLabel('Digit 1 of 6'), `${code.slice(0, 3)} ${code.slice(3)}`)
    assert.equal(await otpBoxes(page), code)
    await screenshot(page, 'auth-verify-otp-desktop')
    await axe(page, t, 'verify-otp')
    await page.getByRole('button', { name: 'Verify' }).click()

    // Login with the verified address: the organisation's designated person (HealthCheckAdmin)
    // lands on the organisation's health-check dashboard.
    await arrive(page, /\/auth\/login\/$/)
    await expectMessages(page, ['Your email address is verified. You can now log in.'])
    assert.equal(await page.getByLabel('Email').inputValue(), email)
    await page.getByLabel('Password', { exact: true }).fill(person.password)
    await screenshot(page, 'auth-login-form-desktop')
    await axe(page, t, 'login form')
    await page.getByRole('button', { name: 'Login' }).click()
    await arrive(page, (url) => url.pathname === '/organisation/')
    const menu = page.getByTestId('profile-menu-button')
    await menu.waitFor()
    assert.match(await menu.textContent(), new RegExp(`${person.first} ${person.last}`))
    assert.equal(await page.getByRole('link', { name: 'Login', exact: true }).count(), 0, 'no Login once signed in')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('login: a wrong password shows the server message beneath the form', async () => {
  const { context, page } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await loginForm(page)
    await page.getByRole('button', { name: 'Login' }).click()
    await expectMessages(page, [MSG.emailRequired, MSG.passwordRequired])
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('Not!The9Password')
    await page.getByRole('button', { name: 'Login' }).click()
    const message = page.getByTestId('form-error')
    await message.waitFor()
    assert.equal((await message.textContent()).trim(), MSG.loginFailed)
    const button = await page.getByRole('button', { name: 'Login' }).boundingBox()
    const box = await message.boundingBox()
    assert.ok(box.y > button.y, 'the message is beneath the form')
    await screenshot(page, 'auth-login-failed-desktop')
  } finally {
    await context.close()
  }
})

test('profile: edit and save shows the new name in the page and the header; logout', async (t) => {
  const { context, page, errors } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await signIn(page, email, person.password)
    await page.getByTestId('profile-menu-button').click()
    await screenshot(page, 'header-profile-menu-desktop')
    await page.getByRole('link', { name: 'Profile', exact: true }).click()
    await arrive(page, /\/profile\/$/)
    const details = page.getByTestId('profile-details')
    await details.waitFor()
    await shows(details, /Nomvula Dlamini/)
    await shows(details, /0821234567/)
    await page.getByRole('link', { name: 'Launch GBVF dashboard' }).waitFor()
    await screenshot(page, 'profile-view-desktop')
    await axe(page, t, 'profile')

    // Cancel leaves the profile as it was.
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByLabel('Full name').fill('Somebody Else')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await shows(details, /Nomvula Dlamini/)

    await page.getByRole('button', { name: 'Edit' }).click()
    assert.equal(await page.getByLabel('Email').getAttribute('readonly'), '', 'the e-mail is read-only')
    await page.getByLabel('Mobile').fill('0821')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectMessages(page, [MSG.contactNumberLength])
    await page.getByLabel('Full name').fill('Nomvula Grace Dlamini')
    await page.getByLabel('Mobile').fill('(083) 555-1234')
    await page.getByLabel('Telephone').fill('041 123 4567')
    await screenshot(page, 'profile-edit-desktop')
    await axe(page, t, 'profile edit')
    await page.getByRole('button', { name: 'Save' }).click()
    await expectMessages(page, ['Profile updated successfully.'])
    await shows(details, /Nomvula Grace Dlamini/)
    await shows(details, /0835551234/)
    await shows(details, /0411234567/)
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="profile-menu-button"]')?.textContent?.includes('Nomvula Grace Dlamini'),
    )

    await page.setViewportSize(VIEWPORTS.mobile)
    await page.waitForTimeout(300)
    await screenshot(page, 'profile-view-mobile')
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByTestId('profile-menu-button').click()
    await screenshot(page, 'header-profile-menu-mobile')
    await page.getByRole('button', { name: 'Logout' }).click()
    await arrive(page, (url) => url.pathname === '/home')
    await page.setViewportSize(VIEWPORTS.desktop)
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor()
    assert.equal(await page.getByTestId('profile-menu-button').count(), 0)

    // Signed out, the profile is out of reach.
    await page.goto(`${BASE_URL}/profile/`)
    await arrive(page, (url) => url.pathname === '/home')
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test('forgot password → OTP → reset password → sign in with the new password', async (t) => {
  const { context, page, errors } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await loginForm(page)
    await page.getByRole('link', { name: 'Reset here' }).click()
    await arrive(page, /\/auth\/forgot-password\/$/)
    await page.getByRole('button', { name: 'Send code' }).click()
    await expectMessages(page, [MSG.emailRequired])
    await screenshot(page, 'auth-forgot-password-desktop')
    await axe(page, t, 'forgot-password')
    const before = (await codesFor(email)).length
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await arrive(page, /\/auth\/verify-otp\/$/)
    const code = await nextCode(email, before)
    await typeOtp(page, code)
    await page.getByRole('button', { name: 'Verify' }).click()

    await arrive(page, /\/auth\/reset-password\/$/)
    await page.getByRole('heading', { name: 'Reset password' }).waitFor()

    // The verified code belongs to this browser. A second, unrelated browser with its
    // own cookies and CSRF token cannot use it to set the password.
    const other = await newPage(run.browser, VIEWPORTS.desktop)
    try {
      await open(other.page, '/auth/login/')
      const stolen = 'Stolen!Reset9Password'
      const answer = await other.page.evaluate(
        async ({ email, stolen }) => {
          const { csrfToken } = await (await fetch('/api/auth/csrf', { credentials: 'same-origin' })).json()
          const response = await fetch('/api/auth/reset-password', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
            body: JSON.stringify({ Email: email, Password: stolen, ConfirmPassword: stolen, UserType: 3 }),
          })
          return { status: response.status, body: await response.json() }
        },
        { email, stolen },
      )
      assert.equal(answer.status, 400, `a second browser's reset must be refused: ${JSON.stringify(answer.body)}`)
      assert.equal(answer.body.success, false)
    } finally {
      await other.context.close()
    }

    const field = page.getByLabel('Password', { exact: true })
    await field.fill(person.newPassword)
    const copyRefused = await field.evaluate((el) => {
      const event = new ClipboardEvent('copy', { bubbles: true, cancelable: true })
      el.dispatchEvent(event)
      const cut = new ClipboardEvent('cut', { bubbles: true, cancelable: true })
      el.dispatchEvent(cut)
      return event.defaultPrevented && cut.defaultPrevented
    })
    assert.ok(copyRefused, 'copy and cut are refused')
    assert.equal(await field.getAttribute('type'), 'password')
    await page.getByRole('button', { name: 'Show password' }).first().click()
    assert.equal(await field.getAttribute('type'), 'text', 'the show toggle reveals the password')
    await page.getByLabel('Confirm password').fill('Fresh(Lamp)42Windows')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expectMessages(page, [MSG.passwordsDoNotMatch])
    await screenshot(page, 'auth-reset-password-desktop')
    await axe(page, t, 'reset-password')
    await page.getByLabel('Confirm password').fill(person.newPassword)
    await page.getByRole('button', { name: 'Submit' }).click()

    await arrive(page, /\/auth\/login\/$/)
    await expectMessages(page, ['Your password has been reset. You can now log in.'])
    await page.getByLabel('Password', { exact: true }).fill(person.newPassword)
    await page.getByRole('button', { name: 'Login' }).click()
    await arrive(page, (url) => url.pathname === '/organisation/')
    await page.getByTestId('profile-menu-button').waitFor()
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

test("resend: allowed twice, then 'Too many OTP requests made. Try again later.'", async () => {
  const { context, page } = await newPage(run.browser, VIEWPORTS.mobile)
  try {
    await open(page, '/auth/forgot-password/')
    let count = (await codesFor(email)).length
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await arrive(page, /\/auth\/verify-otp\/$/)
    await nextCode(email, count++)
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Resend code' }).click()
      const code = await nextCode(email, count++)
      await page.waitForFunction(
        (c) => document.querySelector('[data-testid="dev-otp"]')?.textContent?.includes(c),
        code,
      )
    }
    await screenshot(page, 'auth-verify-otp-mobile')
    await page.getByRole('button', { name: 'Resend code' }).click()
    await expectMessages(page, [MSG.tooManyOtp])
    assert.equal((await codesFor(email)).length, count, 'no further code was sent')
    await screenshot(page, 'auth-verify-otp-resend-limit-mobile')
  } finally {
    await context.close()
  }
})

test('an administrator made with the CLI sets a password through Reset here and lands on /admin/', async (t) => {
  const admin = uniqueEmail('admin')
  const out = await createAdmin(admin)
  t.diagnostic(out.trim())
  const { context, page, errors } = await newPage(run.browser, VIEWPORTS.desktop)
  try {
    await loginForm(page)
    await page.getByRole('link', { name: 'Reset here' }).click()
    const before = (await codesFor(admin)).length
    await page.getByLabel('Email').fill(admin)
    await page.getByRole('button', { name: 'Send code' }).click()
    await arrive(page, /\/auth\/verify-otp\/$/)
    await typeOtp(page, await nextCode(admin, before))
    await page.getByRole('button', { name: 'Verify' }).click()
    await arrive(page, /\/auth\/reset-password\/$/)
    const password = 'Admin(Key)7Torch'
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm password').fill(password)
    await page.getByRole('button', { name: 'Submit' }).click()
    await arrive(page, /\/auth\/login\/$/)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Login' }).click()

    await arrive(page, /\/admin\/$/)
    await page.getByRole('link', { name: 'Manage Users and Groups' }).waitFor()
    await page.waitForLoadState('networkidle').catch(() => {})
    await page.waitForTimeout(1500)
    await screenshot(page, 'admin-landing-desktop')
    await page.getByTestId('profile-menu-button').click()
    for (const name of [
      'Admin dashboard',
      'Organisation dashboard',
      'Building Block Dashboard',
      'Manage Users',
      'Profile',
    ]) {
      assert.equal(
        await page.locator('.profile-menu__list').getByRole('link', { name, exact: true }).count(),
        1,
        `the menu offers ${name}`,
      )
    }
    await screenshot(page, 'admin-profile-menu-desktop')
    await page.keyboard.press('Escape')
    await page.getByRole('link', { name: 'Manage Users and Groups' }).click()
    await arrive(page, /\/admin\/manage-users-groups\/$/)

    // Signed in, the auth screens send the user to their landing.
    await page.goto(`${BASE_URL}/auth/login/`)
    await arrive(page, /\/admin\/$/)
    assert.deepEqual(errors, [])
  } finally {
    await context.close()
  }
})

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`axe and screenshots: account screens (${name})`, async (t) => {
    const { context, page } = await newPage(run.browser, viewport)
    try {
      await open(page, '/auth/login/')
      await axe(page, t, 'login intro')
      await screenshot(page, `auth-login-intro-${name}`)
      await page.getByRole('button', { name: 'Continue To Login' }).click()
      await page.getByRole('button', { name: 'Login' }).click()
      await expectMessages(page, [MSG.emailRequired])
      await axe(page, t, 'login form with errors')
      await screenshot(page, `auth-login-form-errors-${name}`)
      for (const path of [
        '/auth/sign-up/',
        '/auth/forgot-password/',
        `/auth/verify-otp/?email=${encodeURIComponent('someone@example.org')}&userType=3`,
      ]) {
        await open(page, path)
        await page.locator('main h1').waitFor()
        await axe(page, t, path)
        await screenshot(page, `route${path.split('?')[0].replaceAll('/', '-').replace(/-$/, '')}-${name}`)
      }
      // A visitor of a signed-in area goes to the public index.
      for (const path of ['/admin/', '/organisation/', '/buildingBlock/', '/profile/']) {
        await page.goto(`${BASE_URL}${path}`)
        await arrive(page, (url) => url.pathname === '/home')
      }
    } finally {
      await context.close()
    }
  })
}
