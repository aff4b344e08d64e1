// Forgot password (section 2): the e-mail used to log in; a code is sent and the OTP screen
// follows with user type ResetPassword.
import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useForgotPasswordMutation } from '../../api/auth-api'
import { errorsByField, failureOf } from '../../api/errors'
import { FormMessage, SubmitButton, TextField, useFocusFirstInvalid } from '../../components/form'
import { UserType } from '../../config/constants'
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { emailAddress, fieldErrors } from '../../lib/field-schemas'
import { formRule } from '../../lib/openapi-rules'
import { AuthCard } from './auth-card'
import type { LoginState, OtpState } from './navigation-state'

const a = strings.auth
const forgotEmail = emailAddress(formRule('ForgotBody', 'Email'))

export function ForgotPasswordScreen() {
  const navigate = useNavigate()
  const [forgotPassword] = useForgotPasswordMutation()
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<string[]>([])
  const [general, setGeneral] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(form, attempt)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setGeneral(null)
    const found = fieldErrors(forgotEmail, email)
    setErrors(found)
    if (found.length) {
      setAttempt((n) => n + 1)
      return
    }
    setBusy(true)
    try {
      const result = await forgotPassword({ forgotBody: { Email: email.trim() } }).unwrap()
      const state: OtpState = {
        userType: UserType.ResetPassword,
        email: email.trim(),
        resendCount: result.resendCount ?? 0,
        otp: result.otp ?? null,
        message: result.message,
      }
      void navigate(accountPaths.verifyOtp, { state })
    } catch (error) {
      const failure = failureOf(error)
      setErrors(errorsByField(failure.errors).email ?? [])
      setGeneral(failure.message)
      setBusy(false)
    }
  }

  return (
    <AuthCard title={a.forgotPasswordTitle}>
      <form ref={form} onSubmit={(e) => void submit(e)} noValidate className="auth-form">
        <p>{a.forgotPasswordText}</p>
        <TextField
          name="email"
          type="email"
          label={a.email}
          value={email}
          onChange={setEmail}
          errors={errors}
          autoComplete="username"
          inputMode="email"
        />
        <SubmitButton
          busy={busy}
          label={a.sendCode}
          busyLabel={a.sending}
          className="button button--primary button--block"
        />
        <FormMessage error={general} />
        <p className="auth-form__aside">
          <Link to={accountPaths.login} state={{ showForm: true } satisfies LoginState}>
            {a.backToLogin}
          </Link>
        </p>
      </form>
    </AuthCard>
  )
}
