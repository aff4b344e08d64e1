// The personal details the account screens share: sign-up, the administrator's user form and
// the profile (section 2). Each screen describes its details once (which ones, in its order, with
// its labels and the request field each is sent as); that description makes both the form's rules
// (personalDetailsSchema: zod, every length and pattern from the OpenAPI document through
// field-schemas.ts) and the fields (PersonalDetailsFields), so the three check and show a name,
// an e-mail address, a password or a phone number the same way.
import type { Control, FieldValues, Path } from 'react-hook-form'
import { z } from 'zod/mini'
import { useGetUserJobRolesQuery, useGetUserTitlesQuery } from '../api/auth-api'
import { choice, confirmationErrors, contactNumber, emailAddress, password, personName } from '../lib/field-schemas'
import type { PropertyRule } from '../lib/openapi-rules'
import { BoundPasswordField, BoundSelectField, BoundTextField } from './bound-fields'

/** One personal detail of a screen: its form field `name`, its label, what it is sent as. */
export type PersonalDetail<N extends string = string> =
  | { kind: 'title' | 'jobRole'; name: N; label: string }
  | { kind: 'name'; name: N; label: string; sentAs: PropertyRule; autoComplete?: string }
  | {
      kind: 'email'
      name: N
      label: string
      sentAs: PropertyRule
      autoComplete?: string
      readOnly?: boolean
      hint?: string
    }
  | { kind: 'password'; name: N; label: string; sentAs: PropertyRule; hint: string }
  /** The password again, with the `password` field it must match. */
  | { kind: 'confirmPassword'; name: N; label: string; sentAs: PropertyRule; password: N }
  | {
      kind: 'phone'
      name: N
      label: string
      sentAs: PropertyRule
      optional?: boolean
      hint: string
      autoComplete?: string
    }

function fieldSchema(detail: PersonalDetail): z.ZodMiniType {
  switch (detail.kind) {
    case 'title':
    case 'jobRole':
      return choice(detail.label)
    case 'name':
      return personName(detail.label, detail.sentAs)
    case 'email':
      return emailAddress(detail.sentAs)
    case 'password':
      return password(detail.sentAs)
    // Checked with the password it repeats, on the whole form (below).
    case 'confirmPassword':
      return z.string()
    case 'phone':
      return contactNumber(detail.sentAs, !detail.optional)
  }
}

/**
 * The rules of a form of values `V`: those of its personal details and of its `other` fields, as
 * one zod schema, with each confirmation's match with its password. (The shape is made at run
 * time, so its type is the form's, `V`, as the screen declares it.)
 */
export function personalDetailsSchema<V extends object>(
  details: readonly PersonalDetail<keyof V & string>[],
  other: Record<string, z.ZodMiniType> = {},
): z.ZodMiniType<V, V> {
  const shape = Object.fromEntries(details.map((d) => [d.name, fieldSchema(d)]))
  const confirmations = details.filter((d) => d.kind === 'confirmPassword')
  const schema = z.object({ ...shape, ...other }).check(
    z.superRefine((values: Record<string, unknown>, ctx) => {
      for (const { name, password } of confirmations) {
        for (const message of confirmationErrors(String(values[password]), String(values[name])))
          ctx.addIssue({ code: 'custom', path: [name], message })
      }
    }),
  )
  return schema as unknown as z.ZodMiniType<V, V>
}

type Bound<V extends FieldValues> = { control: Control<V>; name: Path<V>; label: string }

/** A title from the server's reference list. */
export function TitleSelect<V extends FieldValues>(props: Bound<V>) {
  const titles = useGetUserTitlesQuery().data ?? []
  return <BoundSelectField {...props} choices={titles.map((t) => ({ value: t.titleId, label: t.description }))} />
}

/** A job role from the server's reference list. */
export function JobRoleSelect<V extends FieldValues>(props: Bound<V>) {
  const roles = useGetUserJobRolesQuery().data ?? []
  return <BoundSelectField {...props} choices={roles.map((r) => ({ value: r.roleId, label: r.description }))} />
}

/** The fields of a screen's personal details, in its order, inside the screen's own grid. */
export function PersonalDetailsFields<V extends FieldValues>({
  control,
  details,
}: {
  control: Control<V>
  details: readonly PersonalDetail<Path<V>>[]
}) {
  return details.map((detail) => (
    <PersonalDetailField
      key={detail.name}
      control={control}
      detail={detail}
      confirmedBy={details.flatMap((d) => (d.kind === 'confirmPassword' && d.password === detail.name ? [d.name] : []))}
    />
  ))
}

function PersonalDetailField<V extends FieldValues>({
  control,
  detail,
  confirmedBy,
}: {
  control: Control<V>
  detail: PersonalDetail<Path<V>>
  /** The confirmations of this password, checked again when it changes. */
  confirmedBy: Path<V>[]
}) {
  const bound = { control, name: detail.name, label: detail.label }
  switch (detail.kind) {
    case 'title':
      return <TitleSelect {...bound} />
    case 'jobRole':
      return <JobRoleSelect {...bound} />
    case 'name':
      return <BoundTextField {...bound} autoComplete={detail.autoComplete} />
    case 'email':
      return (
        <BoundTextField
          {...bound}
          type="email"
          inputMode="email"
          autoComplete={detail.autoComplete}
          readOnly={detail.readOnly}
          hint={detail.hint}
        />
      )
    case 'password':
      return (
        <BoundPasswordField
          {...bound}
          autoComplete="new-password"
          hint={detail.hint}
          maxLength={detail.sentAs.maxLength}
          noCopy
          deps={confirmedBy}
        />
      )
    case 'confirmPassword':
      return <BoundPasswordField {...bound} autoComplete="new-password" maxLength={detail.sentAs.maxLength} noCopy />
    case 'phone':
      return (
        <BoundTextField
          {...bound}
          type="tel"
          inputMode="tel"
          digits
          optional={detail.optional}
          hint={detail.hint}
          autoComplete={detail.autoComplete}
        />
      )
  }
}
