// Password and confirmation with show toggles, copy and cut refused, checked by the section 5
// rules; shared by Reset password and Add password.
import { useRef, useState } from 'react'
import { errorsByField, failureOf } from '../../api/errors'
import { FormMessage, PasswordField, SubmitButton, useFocusFirstInvalid } from '../../components/form'
import { strings } from '../../config/strings'
import { confirmationErrors, fieldErrors, password as passwordField } from '../../lib/field-schemas'
import { formRule } from '../../lib/openapi-rules'
import { collect, hasErrors, type FieldErrors } from '../../lib/validation'

const a = strings.auth

type Field = 'password' | 'confirmPassword'

const passwordRule = formRule('PasswordBody', 'Password')
const newPassword = passwordField(passwordRule)

export function NewPasswordForm({
  onSubmit,
  busy,
  setBusy,
  children,
}: {
  /** Sends the passwords; throws the API failure when refused. */
  onSubmit: (password: string, confirmPassword: string) => Promise<void>
  busy: boolean
  setBusy: (busy: boolean) => void
  children?: React.ReactNode
}) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [general, setGeneral] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(form, attempt)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setGeneral(null)
    const found = collect<Field>({
      password: fieldErrors(newPassword, password),
      confirmPassword: confirmationErrors(password, confirm),
    })
    setErrors(found)
    if (hasErrors(found)) {
      setAttempt((n) => n + 1)
      return
    }
    setBusy(true)
    try {
      await onSubmit(password, confirm)
    } catch (error) {
      const failure = failureOf(error)
      setErrors(errorsByField(failure.errors))
      setGeneral(failure.message)
      setBusy(false)
    }
  }

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate className="auth-form">
      {children}
      <PasswordField
        name="password"
        label={a.password}
        value={password}
        onChange={setPassword}
        errors={errors.password}
        hint={a.passwordHint}
        autoComplete="new-password"
        maxLength={passwordRule.maxLength}
        noCopy
      />
      <PasswordField
        name="confirmPassword"
        label={a.confirmPassword}
        value={confirm}
        onChange={setConfirm}
        errors={errors.confirmPassword}
        autoComplete="new-password"
        maxLength={formRule('PasswordBody', 'ConfirmPassword').maxLength}
        noCopy
      />
      <SubmitButton
        busy={busy}
        label={a.submit}
        busyLabel={a.submitting}
        className="button button--primary button--block"
      />
      <FormMessage error={general} />
    </form>
  )
}
