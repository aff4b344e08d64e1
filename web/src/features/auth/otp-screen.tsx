// Verify OTP (sections 2 and 4). Gets user type, e-mail, resend count and the development code
// through navigation state, or ?email=&userType= when opened from a link. After verification a
// NewUser goes to login (or to add-password when the server signed them in to choose one) and a
// reset-flow user to reset-password. Resends are allowed while the count is under 2.
import { useId, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { useForgotPasswordMutation, useResendOtpMutation, useVerifyOtpMutation } from '../../api/auth-api'
import { failureOf } from '../../api/errors'
import { FieldErrorList, FormMessage, SubmitButton } from '../../components/form'
import { MAX_OTP_RESENDS, UserType } from '../../config/constants'
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { otpErrors } from '../../lib/validation'
import { AuthCard } from './auth-card'
import { emptyOtp, OtpInput } from './otp-input'
import {
  stateOf,
  type AddPasswordState,
  type LoginState,
  type OtpState,
  type ResetPasswordState,
} from './navigation-state'

const a = strings.auth

/** The screen's input: navigation state first, else the query string. */
export function otpArrival(state: unknown, search: string): OtpState | null {
  const fromState = stateOf<OtpState>(state)
  const query = new URLSearchParams(search)
  const email = (fromState.email ?? query.get('email') ?? '').trim()
  if (!email) return null
  const type = Number(fromState.userType ?? query.get('userType'))
  return {
    userType: type === UserType.ResetPassword ? UserType.ResetPassword : UserType.NewUser,
    email,
    resendCount: typeof fromState.resendCount === 'number' ? fromState.resendCount : 0,
    otp: fromState.otp ?? null,
    message: fromState.message,
  }
}

export function OtpScreen() {
  const location = useLocation()
  const arrival = otpArrival(location.state, location.search)
  if (!arrival) return <Navigate to={accountPaths.login} replace />
  // Keyed by the arrival so a new code request starts a clean screen (section 2: loading and
  // errors are cleared on entry).
  return <OtpForm key={location.key} arrival={arrival} />
}

function OtpForm({ arrival }: { arrival: OtpState }) {
  const navigate = useNavigate()
  const [verify] = useVerifyOtpMutation()
  const [resendOtp] = useResendOtpMutation()
  const [forgotPassword] = useForgotPasswordMutation()
  const { email, userType } = arrival
  const [boxes, setBoxes] = useState<string[]>(emptyOtp)
  const [resendCount, setResendCount] = useState(arrival.resendCount ?? 0)
  const [devCode, setDevCode] = useState<string | null>(arrival.otp ?? null)
  const [fieldError, setFieldError] = useState<string[]>([])
  const [general, setGeneral] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(arrival.message ?? null)
  const [busy, setBusy] = useState(false)
  const [resending, setResending] = useState(false)
  const labelId = useId()
  const errorsId = useId()

  function change(next: string[]) {
    setBoxes(next)
    setFieldError([])
    setGeneral(null)
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setGeneral(null)
    const code = boxes.join('')
    const found = otpErrors(code)
    setFieldError(found)
    if (found.length) return
    setBusy(true)
    try {
      const result = await verify({ verifyOtpBody: { Email: email, OTP: code, UserType: userType } }).unwrap()
      if (userType === UserType.ResetPassword) {
        void navigate(accountPaths.resetPassword, {
          state: { userType: UserType.ResetPassword, email } satisfies ResetPasswordState,
        })
      } else if (result.requiresPassword) {
        void navigate(accountPaths.addPassword, { state: { userType: UserType.NewUser } satisfies AddPasswordState })
      } else {
        void navigate(accountPaths.login, {
          state: { showForm: true, email, message: result.message } satisfies LoginState,
        })
      }
    } catch (error) {
      const failure = failureOf(error)
      setGeneral(failure.message)
      setNotice(null)
      setBusy(false)
    }
  }

  async function resend() {
    setGeneral(null)
    setNotice(null)
    // Section 4: refused from the second resend on, in the client as on the server.
    if (resendCount >= MAX_OTP_RESENDS) {
      setGeneral(strings.errors.tooManyOtpRequests)
      return
    }
    setResending(true)
    try {
      const result =
        userType === UserType.ResetPassword
          ? await forgotPassword({ forgotBody: { Email: email } }).unwrap()
          : await resendOtp({ resendBody: { Email: email, UserType: userType } }).unwrap()
      setResendCount(typeof result.resendCount === 'number' ? result.resendCount : resendCount + 1)
      setDevCode(result.otp ?? null)
      setBoxes(emptyOtp())
      setFieldError([])
      setNotice(result.message || null)
    } catch (error) {
      setGeneral(failureOf(error, strings.errors.failedToResendOtp).message)
    } finally {
      setResending(false)
    }
  }

  return (
    <AuthCard title={a.verifyOtpTitle}>
      <form onSubmit={(e) => void submit(e)} noValidate className="auth-form">
        {notice ? (
          <p className="message message--notice" role="status">
            {notice}
          </p>
        ) : null}
        <p id={labelId}>
          {a.otpSentTo} <strong className="otp-email">{email}</strong>
        </p>
        <OtpInput
          value={boxes}
          onChange={change}
          labelledBy={labelId}
          invalid={fieldError.length > 0}
          describedBy={fieldError.length ? errorsId : undefined}
          onNonDigit={() => setFieldError([strings.validation.otpDigits])}
        />
        <div role="alert" className="form-message-slot">
          <FieldErrorList id={errorsId} errors={fieldError} />
        </div>
        {devCode ? (
          <p className="otp-dev-code" data-testid="dev-otp">
            {a.developmentCode}: <code>{devCode}</code>
          </p>
        ) : null}
        <SubmitButton
          busy={busy}
          label={a.verify}
          busyLabel={a.verifying}
          className="button button--primary button--block"
        />
        <FormMessage error={general} />
        <p className="auth-form__aside">
          {a.didNotReceive}{' '}
          <button type="button" className="link-button" onClick={() => void resend()} disabled={resending}>
            {resending ? a.resending : a.resendCode}
          </button>
        </p>
      </form>
    </AuthCard>
  )
}
