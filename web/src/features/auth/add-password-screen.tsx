// Add password (section 2): a signed-in user whose account has no password chooses one. On
// success the server signs them in again; once the reloaded session shows it, they go to their
// landing.
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAddPasswordMutation } from '../../api/auth-api'
import { UserType } from '../../config/constants'
import { strings } from '../../config/strings'
import { homeFor } from '../../session/landing'
import { useSession } from '../../session/use-session'
import { AuthCard } from './auth-card'
import { NewPasswordForm } from './new-password-form'
import { stateOf, type AddPasswordState } from './navigation-state'

const a = strings.auth

export function AddPasswordScreen() {
  const location = useLocation()
  const navigate = useNavigate()
  const { session, isFetching } = useSession()
  const [addPassword] = useAddPasswordMutation()
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  const userType = stateOf<AddPasswordState>(location.state).userType ?? session.userType ?? UserType.NewUser

  useEffect(() => {
    if (saved && !isFetching && session.isAuthenticated && session.userType !== UserType.NewUser) {
      void navigate(homeFor(session), { replace: true })
    }
  }, [saved, isFetching, session, navigate])

  async function send(password: string, confirmPassword: string) {
    // The document's PasswordBody names the e-mail; the server takes the signed-in account's.
    await addPassword({
      passwordBody: {
        Email: session.user?.email ?? '',
        Password: password,
        ConfirmPassword: confirmPassword,
        UserType: userType,
      },
    }).unwrap()
    setSaved(true)
  }

  return (
    <AuthCard title={a.addPasswordTitle}>
      <NewPasswordForm onSubmit={send} busy={busy} setBusy={setBusy}>
        <p>{a.addPasswordText}</p>
      </NewPasswordForm>
    </AuthCard>
  )
}
