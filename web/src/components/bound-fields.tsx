// The form building blocks (form.tsx) bound to a react-hook-form form whose rules are a zod
// schema: the value, change and blur come from the form, the field's messages show beneath it.
// A form checks on submit and then again as each field changes (mode onSubmit, reValidateMode
// onChange): nothing is refused before the user has submitted. After each submit the first field
// with an error gets the focus, whether the form or the server found it.
import { useRef, type ComponentProps, type ReactNode } from 'react'
import {
  useController,
  useForm,
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod/mini'
import { digitsOnly } from '../lib/validation'
import { CheckboxField, PasswordField, SelectField, TextField, useFocusFirstInvalid } from './form'

/**
 * A form's rules as a resolver. The form keeps the values as typed (`raw`): the schema checks them
 * as they will be sent (trimmed, as digits), and the payload is made from the typed values.
 */
export function schemaResolver<V extends FieldValues>(schema: z.ZodMiniType<unknown, FieldValues>): Resolver<V> {
  return zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<V>
}

/** A react-hook-form form checked by `resolver`, and the ref of its element for the focus. */
export function useSchemaForm<V extends FieldValues>(resolver: Resolver<V>, defaultValues: DefaultValues<V>) {
  const form = useForm<V>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Every message of a field (a password's missed requirements), not only the first.
    criteriaMode: 'all',
    // The focus goes to the first invalid field in the page's order (useFocusFirstInvalid), the
    // same for the server's errors as for the form's.
    shouldFocusError: false,
  })
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, form.formState.submitCount)
  return { ...form, formRef }
}

/** The messages of a field's error, in order, each once. */
export function messagesOf(error: FieldError | undefined): string[] {
  if (!error) return []
  const fromTypes = Object.values(error.types ?? {}).flatMap((v) =>
    typeof v === 'string' ? [v] : Array.isArray(v) ? v : [],
  )
  return [...new Set(fromTypes.length ? fromTypes : error.message ? [error.message] : [])]
}

/** The server's field errors (by field name) beneath the fields. */
export function showServerErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  byField: Partial<Record<string, string[]>>,
) {
  for (const [field, messages] of Object.entries(byField)) {
    if (messages?.length)
      setError(field as Path<V>, { type: 'server', message: messages[0], types: { server: messages } })
  }
}

interface Bound<V extends FieldValues> {
  control: Control<V>
  name: Path<V>
  /** Fields checked again when this one changes (a password's confirmation). */
  deps?: Path<V>[]
}

function useBound<V extends FieldValues>({ control, name, deps }: Bound<V>) {
  const { field, fieldState } = useController({ control, name, rules: deps?.length ? { deps } : undefined })
  return { field, errors: messagesOf(fieldState.error) }
}

type Unbound<P> = Omit<P, 'name' | 'value' | 'onChange' | 'errors'>

/** A text field; `digits` keeps only the digits typed (phone numbers, section 5). */
export function BoundTextField<V extends FieldValues>({
  control,
  name,
  digits,
  ...props
}: Bound<V> & Unbound<ComponentProps<typeof TextField>> & { digits?: boolean }) {
  const { field, errors } = useBound({ control, name })
  return (
    <TextField
      {...props}
      name={name}
      value={field.value}
      onChange={(value) => field.onChange(digits ? digitsOnly(value) : value)}
      onBlur={field.onBlur}
      errors={errors}
    />
  )
}

export function BoundPasswordField<V extends FieldValues>({
  control,
  name,
  deps,
  ...props
}: Bound<V> & Unbound<ComponentProps<typeof PasswordField>>) {
  const { field, errors } = useBound({ control, name, deps })
  return (
    <PasswordField
      {...props}
      name={name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      errors={errors}
    />
  )
}

export function BoundSelectField<V extends FieldValues>({
  control,
  name,
  onChange,
  ...props
}: Bound<V> &
  Unbound<ComponentProps<typeof SelectField>> & {
    /** Called after the form has the new value (a cascade clears the levels below). */
    onChange?: (value: string) => void
  }) {
  const { field, errors } = useBound({ control, name })
  return (
    <SelectField
      {...props}
      name={name}
      value={field.value}
      onChange={(value) => {
        field.onChange(value)
        onChange?.(value)
      }}
      errors={errors}
    />
  )
}

export function BoundCheckboxField<V extends FieldValues>({
  control,
  name,
  onChange,
  children,
}: Bound<V> & { onChange?: (checked: boolean) => void; children: ReactNode }) {
  const { field, errors } = useBound({ control, name })
  return (
    <CheckboxField
      name={name}
      checked={field.value}
      onChange={(checked) => {
        field.onChange(checked)
        onChange?.(checked)
      }}
      errors={errors}
    >
      {children}
    </CheckboxField>
  )
}
