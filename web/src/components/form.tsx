// Form building blocks of the account screens: labelled fields with their messages beneath
// (section 8: field errors beneath fields), the general message beneath the form, and buttons
// that say what they are doing while busy.
import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react'
import { strings } from '../config/strings'

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean)
  return list.length ? list.join(' ') : undefined
}

export function FieldErrorList({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <ul className="field-errors" id={id}>
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  )
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>

export function TextField({
  label,
  value,
  onChange,
  errors,
  hint,
  optional,
  name,
  ...input
}: InputProps & {
  label: string
  value: string
  onChange: (value: string) => void
  errors?: string[]
  hint?: string
  optional?: boolean
  name: string
}) {
  const id = useId()
  const invalid = Boolean(errors?.length)
  const required = !optional && !input.readOnly
  return (
    <div className={`form-field ${invalid ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && !input.readOnly ? <span className="form-field__optional"> {strings.auth.optional}</span> : null}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-required={required || undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, invalid && `${id}-errors`)}
        {...input}
      />
      {hint ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldErrorList id={`${id}-errors`} errors={errors} />
    </div>
  )
}

/** A password field with a show/hide toggle; `noCopy` refuses copy and cut (section 2, Reset password). */
export function PasswordField({
  label,
  value,
  onChange,
  errors,
  hint,
  name,
  autoComplete,
  noCopy,
  onBlur,
  maxLength,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  errors?: string[]
  hint?: string
  name: string
  autoComplete: 'current-password' | 'new-password'
  noCopy?: boolean
  onBlur?: () => void
  /** The server's limit: typing stops there (no message says it). */
  maxLength?: number
}) {
  const id = useId()
  const [shown, setShown] = useState(false)
  const invalid = Boolean(errors?.length)
  const refuse = noCopy ? (e: React.ClipboardEvent) => e.preventDefault() : undefined
  return (
    <div className={`form-field ${invalid ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          onCopy={refuse}
          onCut={refuse}
          aria-invalid={invalid}
          aria-required
          aria-describedby={describedBy(hint && `${id}-hint`, invalid && `${id}-errors`)}
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? strings.auth.hidePassword : strings.auth.showPassword}
        </button>
      </div>
      {hint ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldErrorList id={`${id}-errors`} errors={errors} />
    </div>
  )
}

export interface Choice {
  value: string | number
  label: string
}

export function SelectField({
  label,
  value,
  onChange,
  choices,
  errors,
  name,
  disabled,
  placeholder = strings.auth.choose,
  hint,
  required = true,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  choices: Choice[]
  errors?: string[]
  name: string
  disabled?: boolean
  placeholder?: string
  /** Said under the select and announced with it. */
  hint?: string
  /** Whether a choice is required (announced); `false` when a rule elsewhere decides. */
  required?: boolean
}) {
  const id = useId()
  const invalid = Boolean(errors?.length)
  return (
    <div className={`form-field ${invalid ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-required={required || undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, invalid && `${id}-errors`)}
      >
        <option value="">{placeholder}</option>
        {choices.map((c) => (
          <option key={c.value} value={String(c.value)}>
            {c.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldErrorList id={`${id}-errors`} errors={errors} />
    </div>
  )
}

export function CheckboxField({
  checked,
  onChange,
  errors,
  name,
  children,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  errors?: string[]
  name: string
  children: ReactNode
}) {
  const id = useId()
  const invalid = Boolean(errors?.length)
  return (
    <div className={`form-field form-field--check ${invalid ? 'form-field--invalid' : ''}`}>
      <div className="check">
        <input
          type="checkbox"
          id={id}
          name={name}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={invalid}
          aria-required
          aria-describedby={invalid ? `${id}-errors` : undefined}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      <FieldErrorList id={`${id}-errors`} errors={errors} />
    </div>
  )
}

/** The general message beneath a form: an error (announced) or a notice. */
export function FormMessage({ error, notice }: { error?: string | null; notice?: string | null }) {
  return (
    <>
      <div role="alert" className="form-message-slot">
        {error ? (
          <p className="message message--error" data-testid="form-error">
            {error}
          </p>
        ) : null}
      </div>
      {notice ? (
        <p className="message message--notice" role="status">
          {notice}
        </p>
      ) : null}
    </>
  )
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
  className = 'button button--primary',
}: {
  busy: boolean
  label: string
  busyLabel: string
  className?: string
}) {
  return (
    <button type="submit" className={className} disabled={busy} aria-disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  )
}

/** After a refused submit, moves focus to the first field with an error. */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, attempt: number) {
  useEffect(() => {
    if (!attempt) return
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [form, attempt])
}
