// The account forms' fields as zod schemas (section 5). What a field accepts comes from the
// server's OpenAPI document (openapi-rules.ts): lengths, patterns and formats are never written
// here. What a field says when it refuses is the specification's wording (config/strings.ts).
// Each field gives one message (the password: every requirement it misses); the value is checked
// as it will be sent (trimmed, phone numbers as digits).
import { z } from 'zod/mini'
import { PASSWORD_MIN_DISTINCT } from '../config/constants'
import { strings } from '../config/strings'
import {
  characters,
  formRule,
  lookaheadClasses,
  meetsRules,
  patternOf,
  withinRange,
  type PropertyRule,
} from './openapi-rules'
import { digitsOnly, plainApostrophes } from './validation'

const m = strings.validation

/**
 * A person's name as the document states it on the full-name fields (ProfileForm.fullName, and
 * UserForm.name has the same pattern): letters, spaces and . ' - with at least one letter. The
 * sign-up's FirstName and LastName are checked by the same rule on the server, though the
 * document gives them only its plain-text pattern, so this rule applies to every person's name.
 */
const PERSON_NAME = formRule('ProfileForm', 'fullName')
/** A contact number as the document states it on ProfileForm.mobileNumber: 10 digits. */
const CONTACT_NUMBER = formRule('ProfileForm', 'mobileNumber')
/** What an e-mail address is, as the document states it on the sign-up's Email. */
const EMAIL_ADDRESS = formRule('RegistrationForm', 'Email')

/**
 * The characters of an organisation's name (letters of any script, digits, spaces and
 * . ' - , & ( ) /, at least one letter). The document says so in words only
 * (RegistrationForm.OrganisationName), so the rule is written here, once.
 */
const ORGANISATION_CHARACTERS = /^[\p{L} '.\-\d,&()/]+$/u
const LETTER = /\p{L}/u

/** A name as it is checked and sent: trimmed, composed (NFC) and with plain apostrophes. */
export function nameForServer(value: string): string {
  return plainApostrophes(value.trim().normalize('NFC'))
}

const trimmed = (value: string) => value.trim()
const emptyOr = (check: (value: string) => boolean) => (value: string) => value === '' || check(value)

/** The messages of one field's value (empty when it is valid), for forms without a resolver. */
export function fieldErrors(schema: z.ZodMiniType, value: unknown): string[] {
  const result = z.safeParse(schema, value)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

/** A form's messages by field, in the order found (empty when the form is valid). */
export function errorsOf(schema: z.ZodMiniType, values: unknown): Record<string, string[]> {
  const result = z.safeParse(schema, values)
  const found: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? []) (found[String(issue.path[0])] ??= []).push(issue.message)
  return found
}

/** A choice from a reference list: '{label} is required'. */
export function choice(label: string) {
  return z.string().check(z.minLength(1, m.required(label)))
}

/** A person's name: '{label} is required', then 'Please enter a valid {label}'. */
export function personName(label: string, sentAs: PropertyRule) {
  return z
    .string()
    .check(
      z.overwrite(nameForServer),
      z.minLength(1, m.required(label)),
      z.refine(emptyOr(meetsRules([sentAs, PERSON_NAME])), m.invalidName(label.toLowerCase())),
    )
}

/** An organisation's name: as a person's, with digits and , & ( ) / too. */
export function organisationName(label: string, sentAs: PropertyRule) {
  const meets = meetsRules([sentAs])
  return z.string().check(
    z.overwrite(nameForServer),
    z.minLength(1, m.required(label)),
    z.refine(
      emptyOr((v) => meets(v) && ORGANISATION_CHARACTERS.test(v) && LETTER.test(v)),
      m.invalidName(label.toLowerCase()),
    ),
  )
}

/** An e-mail address: 'Email is required', then 'Please enter a valid email address'. */
export function emailAddress(sentAs: PropertyRule) {
  return z
    .string()
    .check(
      z.overwrite(trimmed),
      z.minLength(1, m.emailRequired),
      z.refine(emptyOr(meetsRules([sentAs, EMAIL_ADDRESS])), m.emailInvalid),
    )
}

/**
 * A contact number, stripped to its digits: 'Contact number is required' (when required), then
 * 'Contact number must be 10 digits long'.
 */
export function contactNumber(sentAs: PropertyRule, required: boolean) {
  return z
    .string()
    .check(
      z.overwrite(digitsOnly),
      ...(required ? [z.minLength(1, m.contactNumberRequired)] : []),
      z.refine(emptyOr(meetsRules([sentAs, CONTACT_NUMBER])), m.contactNumberLength),
    )
}

// The message of each requirement of the document's password pattern, by its character class.
const PASSWORD_NEEDS: Record<string, string> = {
  '[0-9]': m.passwordDigit,
  '[a-z]': m.passwordLowercase,
  '[A-Z]': m.passwordUppercase,
  '[!@#$%^&*()]': m.passwordSpecial,
}

/**
 * A new password: 'Password is required', then every requirement it misses (length, then each
 * of the document's pattern in its order, then the distinct characters of section 9), so the
 * user sees all of them at once. Its maximum length is the input's (no message says it).
 */
export function password(sentAs: PropertyRule) {
  const needs = lookaheadClasses(sentAs.pattern ?? '').map((found) => {
    const message = PASSWORD_NEEDS[found]
    if (!message) throw new Error(`the document's password pattern needs ${found}; strings.ts has no message for it`)
    const pattern = patternOf(found)
    return z.refine<string>(
      emptyOr((v) => pattern.test(v)),
      message,
    )
  })
  return z.string().check(
    z.minLength(1, m.passwordRequired),
    z.refine(
      emptyOr((v) => characters(v) >= (sentAs.minLength ?? 0)),
      m.passwordLength,
    ),
    ...needs,
    z.refine(
      emptyOr((v) => new Set(v).size >= PASSWORD_MIN_DISTINCT),
      m.passwordDistinct,
    ),
  )
}

/**
 * The password again: 'Confirm password is required', then 'Passwords do not match'. It depends
 * on two fields, so a form's schema checks it on the whole form (see personal-details.tsx).
 */
export function confirmationErrors(password: string, confirmation: string): string[] {
  if (!confirmation) return [m.confirmPasswordRequired]
  return confirmation === password ? [] : [m.passwordsDoNotMatch]
}

/** A postal code (optional): 'Postal code must be a number'. */
export function postalCode(sentAs: PropertyRule) {
  return z.string().check(z.overwrite(trimmed), z.refine(emptyOr(meetsRules([sentAs])), m.postalCodeNumber))
}

/** The number of members: required, then the document's minimum. */
export function memberCount(sentAs: PropertyRule) {
  const within = withinRange(sentAs)
  return z.string().check(
    z.overwrite(trimmed),
    z.minLength(1, m.membersRequired),
    z.refine(
      emptyOr((v) => within(Number(v))),
      m.membersMinimum,
    ),
  )
}

/** The terms: 'Accept terms and conditions to continue'. */
export function acceptedTerms() {
  return z.boolean().check(z.refine((accepted) => accepted, m.terms))
}
