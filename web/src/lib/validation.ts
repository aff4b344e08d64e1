// The validation rules of section 5 as pure functions. Each returns the messages for one value
// (empty when valid); the wording comes from config/strings.ts, the same as the server's.
import {
  CONTACT_NUMBER_LENGTH,
  MIN_ORGANISATION_MEMBERS,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MIN_DISTINCT,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIALS,
} from '../config/constants'
import { strings } from '../config/strings'

const m = strings.validation

/** Password: every rule that fails, so the user sees all of them at once. */
export function passwordErrors(value: string): string[] {
  if (!value) return [m.passwordRequired]
  const chars = [...value]
  const errors: string[] = []
  if (chars.length < PASSWORD_MIN_LENGTH) errors.push(m.passwordLength)
  if (!/\d/.test(value)) errors.push(m.passwordDigit)
  if (!/\p{Ll}/u.test(value)) errors.push(m.passwordLowercase)
  if (!/\p{Lu}/u.test(value)) errors.push(m.passwordUppercase)
  if (!chars.some((c) => PASSWORD_SPECIALS.includes(c))) errors.push(m.passwordSpecial)
  if (new Set(chars).size < PASSWORD_MIN_DISTINCT) errors.push(m.passwordDistinct)
  return errors
}

export function confirmPasswordErrors(password: string, confirm: string): string[] {
  if (!confirm) return [m.confirmPasswordRequired]
  return confirm === password ? [] : [m.passwordsDoNotMatch]
}

// The shape the server also accepts: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailErrors(value: string): string[] {
  const v = value.trim()
  if (!v) return [m.emailRequired]
  return EMAIL.test(v) && v.length <= 254 ? [] : [m.emailInvalid]
}

/** Section 5: phone values are stripped to digits. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '')
}

export function contactNumberErrors(value: string, required = true): string[] {
  const digits = digitsOnly(value)
  if (!digits) return required ? [m.contactNumberRequired] : []
  return digits.length === CONTACT_NUMBER_LENGTH ? [] : [m.contactNumberLength]
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

/**
 * A person's or organisation's name: letters of any script, spaces and . ' - (organisations
 * also digits and , & ( ) /), at least one letter, at most 100 characters. The same rule as the
 * server's, whose messages are '{label} is required' and 'Please enter a valid {label}'.
 */
export function nameErrors(value: string, label: string, organisation = false): string[] {
  const v = plainApostrophes(value.trim())
  if (!v) return [m.required(label)]
  const allowed = organisation ? /^[\p{L} '.\-\d,&()/]+$/u : /^[\p{L} '.-]+$/u
  return [...v].length <= NAME_MAX_LENGTH && allowed.test(v) && /\p{L}/u.test(v) ? [] : [m.invalidName(label)]
}

export function requiredErrors(value: unknown, label: string): string[] {
  return value == null || value === '' ? [m.required(label)] : []
}

export function memberCountErrors(value: string): string[] {
  const v = value.trim()
  if (!v) return [m.membersRequired]
  const n = Number(v)
  return Number.isInteger(n) && n >= MIN_ORGANISATION_MEMBERS ? [] : [m.membersMinimum]
}

export function postalCodeErrors(value: string): string[] {
  const v = value.trim()
  return !v || /^\d+$/.test(v) ? [] : [m.postalCodeNumber]
}

export function termsErrors(accepted: boolean): string[] {
  return accepted ? [] : [m.terms]
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
