// Login (section 2): an intro on who needs an account, then e-mail and password. On failure the
// server's message shows beneath the form; an address not verified yet goes to the OTP screen.
// A successful sign-in reloads the session, and the auth guard sends the user to their landing.
import { useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useLoginMutation } from '../../api/auth-api'
import { failureOf, errorsByField } from '../../api/errors'
import { FormMessage, PasswordField, SubmitButton, TextField, useFocusFirstInvalid } from '../../components/form'
import { UserType } from '../../config/constants'
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { paths } from '../../filters/paths'
import { emailAddress, fieldErrors } from '../../lib/field-schemas'
import { formRule } from '../../lib/openapi-rules'
import { collect, hasErrors, type FieldErrors } from '../../lib/validation'
import { AuthCard } from './auth-card'
import { stateOf, type AddPasswordState, type LoginState, type OtpState } from './navigation-state'

const a = strings.auth
const loginEmail = emailAddress(formRule('LoginBody', 'Username'))

export function LoginScreen() {
  const location = useLocation()
  const arrived = stateOf<LoginState>(location.state)
  const [showForm, setShowForm] = useState(Boolean(arrived.showForm || arrived.message))
  return showForm ? (
    <LoginForm initialEmail={arrived.email} notice={arrived.message} />
  ) : (
    <LoginIntro onContinue={() => setShowForm(true)} />
  )
}

function LoginIntro({ onContinue }: { onContinue: () => void }) {
  return (
    <AuthCard title={a.introTitle}>
      <p>{a.introText}</p>
      <ul className="auth-card__list">
        {a.introAudiences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="auth-card__actions">
        <button type="button" className="button button--primary" onClick={onContinue}>
          {a.continueToLogin}
        </button>
        <Link to={paths.home} className="button button--outline">
          {a.backToDashboard}
        </Link>
      </div>
    </AuthCard>
  )
}

type LoginField = 'email' | 'password'

function LoginForm({ initialEmail = '', notice }: { initialEmail?: string; notice?: string }) {
  const navigate = useNavigate()
  const [login] = useLoginMutation()
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({})
  const [general, setGeneral] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(form, attempt)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setGeneral(null)
    const found = collect<LoginField>({
      email: fieldErrors(loginEmail, email),
      password: password ? [] : [strings.validation.passwordRequired],
    })
    setErrors(found)
    if (hasErrors(found)) {
      setAttempt((n) => n + 1)
      return
    }
    setBusy(true)
    try {
      const result = await login({ loginBody: { Username: email.trim(), Password: password } }).unwrap()
      // Section 4: a NewUser goes to add-password; anyone else waits for the reloaded session,
      // on which the guard of this screen sends them to their landing.
      if (result.userType === UserType.NewUser) {
        void navigate(accountPaths.addPassword, { state: { userType: UserType.NewUser } satisfies AddPasswordState })
      }
    } catch (error) {
      const failure = failureOf(error)
      const body = failure.body
      if (failure.status === 403 && body.userType === UserType.NewUser && body.email) {
        const state: OtpState = {
          userType: UserType.NewUser,
          email: body.email,
          resendCount: body.resendCount ?? 0,
          otp: body.otp ?? null,
          message: failure.message,
        }
        void navigate(accountPaths.verifyOtp, { state })
        return
      }
      setErrors(errorsByField(failure.errors))
      setGeneral(failure.message)
      setBusy(false)
      if (failure.errors.length) setAttempt((n) => n + 1)
    }
  }

  return (
    <AuthCard title={a.loginTitle}>
      <form ref={form} onSubmit={(e) => void submit(e)} noValidate className="auth-form">
        {notice ? (
          <p className="message message--notice" role="status">
            {notice}
          </p>
        ) : null}
        <TextField
          name="email"
          type="email"
          label={a.email}
          value={email}
          onChange={setEmail}
          errors={errors.email}
          autoComplete="username"
          inputMode="email"
        />
        <PasswordField
          name="password"
          label={a.password}
          value={password}
          onChange={setPassword}
          errors={errors.password}
          autoComplete="current-password"
        />
        <p className="auth-form__aside">
          {a.forgotPassword} <Link to={accountPaths.forgotPassword}>{a.resetHere}</Link>
        </p>
        <SubmitButton
          busy={busy}
          label={a.login}
          busyLabel={a.loggingIn}
          className="button button--primary button--block"
        />
        <FormMessage error={general} />
        <p className="auth-form__aside">
          {a.noAccount} <Link to={accountPaths.signUp}>{a.signUpHere}</Link>
        </p>
      </form>
    </AuthCard>
  )
}
