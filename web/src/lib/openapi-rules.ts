// The server's rules for the forms' fields, as its OpenAPI document states them. The document
// (src/api/openapi.json, `gbvf openapi`) is too large to ship, so `npm run gen:api` copies the
// validation keywords of the request bodies the forms send into src/api/form-rules.json; ops/test
// (gen:api:check) and form-rules.test.ts fail when that copy and the document differ. The field
// schemas (field-schemas.ts) read the rules from here, never a number or a pattern of their own.
import { regexes } from 'zod/mini'
import formRules from '../api/form-rules.json'

type FormRules = typeof formRules
/** A request body of the forms (openapi.config.js `formSchemas`). */
export type FormSchema = keyof FormRules
/** A property of that body. */
export type FormProperty<S extends FormSchema> = keyof FormRules[S]['properties'] & string

/** The JSON Schema keywords of one property that decide what the server accepts. */
export interface PropertyRule {
  maxLength?: number
  minLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
}

const schemas = formRules as Record<FormSchema, { required: string[]; properties: Record<string, PropertyRule> }>

/** The rule of `schema.property` in the document. */
export function formRule<S extends FormSchema>(schema: S, property: FormProperty<S>): PropertyRule {
  const rule = schemas[schema].properties[property]
  if (!rule) throw new Error(`${schema}.${property} is not in src/api/form-rules.json: run npm run gen:api`)
  return rule
}

/** The fields the document requires in `schema`. */
export function requiredIn(schema: FormSchema): readonly string[] {
  return schemas[schema].required
}

/** Length as JSON Schema counts it: in characters (code points), not UTF-16 units. */
export function characters(value: string): number {
  return [...value].length
}

/** A document pattern: an ECMA-262 regular expression, with Unicode semantics. */
export function patternOf(pattern: string): RegExp {
  return new RegExp(pattern, 'u')
}

// The string formats the forms' bodies use, as zod checks them: `email` by RFC 5322, as the
// server does (commands/src/fields.rs), with a dotted domain. A format without a check here
// fails loudly (form-rules.test.ts) rather than being skipped.
const FORMATS: Record<string, RegExp> = { email: regexes.rfc5322Email }
// Integer formats say how wide a number is, not what a string holds.
const NUMBER_FORMATS = new Set(['int32', 'int64'])

function formatOf(format: string): RegExp | null {
  if (NUMBER_FORMATS.has(format)) return null
  const found = FORMATS[format]
  if (!found) throw new Error(`the document's format '${format}' has no check in openapi-rules.ts`)
  return found
}

/**
 * Whether `value` keeps every rule: within each rule's length, matching each pattern and format.
 * Built once per field (the patterns compiled up front).
 */
export function meetsRules(rules: readonly PropertyRule[]): (value: string) => boolean {
  const max = Math.min(...rules.map((r) => r.maxLength ?? Infinity))
  const min = Math.max(...rules.map((r) => r.minLength ?? 0))
  const patterns = rules.flatMap((r) => [
    ...(r.pattern != null ? [patternOf(r.pattern)] : []),
    ...(r.format != null ? [formatOf(r.format)].filter((p): p is RegExp => p != null) : []),
  ])
  return (value) => {
    const length = characters(value)
    return length <= max && length >= min && patterns.every((p) => p.test(value))
  }
}

/** Whether a whole number lies within the rule's minimum and maximum. */
export function withinRange(rule: PropertyRule): (value: number) => boolean {
  return (value) =>
    Number.isInteger(value) && value >= (rule.minimum ?? -Infinity) && value <= (rule.maximum ?? Infinity)
}

const LOOKAHEAD = /^\(\?=\[\\s\\S\]\*(\[[^\]]+\])\)/

/**
 * A pattern made only of "somewhere it has one of [...]" lookaheads (the password's), split
 * into the character class of each, so each requirement can have its own message. Any other
 * shape of pattern is refused, so a change of the document's password rule cannot go unnoticed.
 */
export function lookaheadClasses(pattern: string): string[] {
  const refused = new Error(`not a pattern of lookaheads: ${pattern}`)
  if (!pattern.startsWith('^')) throw refused
  const classes: string[] = []
  let rest = pattern.slice(1)
  for (let match = LOOKAHEAD.exec(rest); match; match = LOOKAHEAD.exec(rest)) {
    classes.push(match[1])
    rest = rest.slice(match[0].length)
  }
  if (rest || !classes.length) throw refused
  return classes
}
