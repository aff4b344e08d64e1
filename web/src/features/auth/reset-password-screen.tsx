// Reset password (section 2): reached from the OTP screen with user type ResetPassword and the
// e-mail; success goes to login.
import { useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { useResetPasswordMutation } from '../../api/auth-api'
import { UserType } from '../../config/constants'
import { accountPaths } from '../../config/routes'
import { strings } from '../../config/strings'
import { AuthCard } from './auth-card'
import { NewPasswordForm } from './new-password-form'
import { stateOf, type LoginState, type ResetPasswordState } from './navigation-state'

const a = strings.auth

export function ResetPasswordScreen() {
  const location = useLocation()
  const navigate = useNavigate()
  const [resetPassword] = useResetPasswordMutation()
  const [busy, setBusy] = useState(false)
  const { email } = stateOf<ResetPasswordState>(location.state)
  // Without a verified code there is nothing to reset: start from the e-mail.
  if (!email) return <Navigate to={accountPaths.forgotPassword} replace />

  async function send(password: string, confirmPassword: string) {
    const result = await resetPassword({
      passwordBody: {
        Email: email!,
        Password: password,
        ConfirmPassword: confirmPassword,
        UserType: UserType.ResetPassword,
      },
    }).unwrap()
    void navigate(accountPaths.login, {
      replace: true,
      state: { showForm: true, email, message: result.message } satisfies LoginState,
    })
  }

  return (
    <AuthCard title={a.resetPasswordTitle}>
      <NewPasswordForm onSubmit={send} busy={busy} setBusy={setBusy}>
        <p>{a.resetPasswordText(email)}</p>
      </NewPasswordForm>
    </AuthCard>
  )
}
