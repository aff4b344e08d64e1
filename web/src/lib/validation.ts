// Small pieces of section 5 as pure functions: phone digits, plain apostrophes, the OTP rule, and
// the field-errors record of the forms without react-hook-form. The account forms' field rules
// are zod schemas built from the OpenAPI document (field-schemas.ts).
import { OTP_LENGTH } from '../config/constants'
import { strings } from '../config/strings'

const m = strings.validation

/** Section 5: phone values are stripped to digits. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

export function otpErrors(value: string): string[] {
  const v = value.trim()
  if (!v) return [m.otpRequired]
  if (!/^\d+$/.test(v)) return [m.otpDigits]
  return v.length === OTP_LENGTH ? [] : [m.otpLength]
}

/**
 * Phones and word processors type ’ for an apostrophe (O’Neil); the server's name rule knows only
 * the plain one, so names are sent with it.
 */
export function plainApostrophes(value: string): string {
  return value.replace(/[\u2018\u2019\u02bc]/g, "'")
}

export type FieldErrors<K extends string = string> = Partial<Record<K, string[]>>

/** Keeps only the fields with messages; empty when the whole form is valid. */
export function collect<K extends string>(checks: Partial<Record<K, string[]>>): FieldErrors<K> {
  const out: FieldErrors<K> = {}
  for (const key of Object.keys(checks) as K[]) if (checks[key]?.length) out[key] = checks[key]
  return out
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((list) => list && list.length > 0)
}
