// The message runtime: every user-visible string of the public dashboard, the survey and the
// account screens is looked up here by id in the active locale's catalog, an ICU message
// precompiled to its syntax tree (`npm run i18n`, FormatJS CLI), and formatted by FormatJS'
// intl-messageformat with the locale's plural rules, numbers and dates. The English source text
// stays in the typed string modules (`config/strings.ts`, `features/survey/survey-strings.ts`);
// `src/locales/en.json` is extracted from them (a test keeps the two equal) and is what translators
// translate. An id missing from a catalog falls back to English, which the pseudo-locale makes
// visible (docs/translators.md, docs/decisions/0088-languages.md).
import { IntlMessageFormat } from 'intl-messageformat'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/** A compiled catalog: message id -> ICU message AST, or the text of a message that is text alone. */
export type CompiledCatalog = Record<string, MessageFormatElement[] | string>

/** Values an ICU message takes: `{area}`, `{count, plural, ...}`, `{at, date}`. */
export type MessageValues = Record<string, string | number | Date>

const state = {
  locale: 'en',
  catalog: {} as CompiledCatalog,
  english: {} as CompiledCatalog,
  cache: new Map<string, IntlMessageFormat>(),
}

/** The active locale's BCP 47 tag (`en`, `zu`, `af`, or the pseudo-locale `en-XA`). */
export function activeLocale(): string {
  return state.locale
}

/** Sets English's compiled catalog: the fallback of every id another catalog lacks. */
export function setEnglish(catalog: CompiledCatalog): void {
  state.english = catalog
  state.cache.clear()
  if (state.locale === 'en') state.catalog = catalog
  reapply()
}

/** Makes `locale` with its compiled `catalog` active and rewrites every registered string module. */
export function activate(locale: string, catalog: CompiledCatalog): void {
  state.locale = locale
  state.catalog = catalog
  state.cache.clear()
  reapply()
}

function formatter(id: string): IntlMessageFormat | string | undefined {
  const cached = state.cache.get(id)
  if (cached) return cached
  const own = state.catalog[id]
  const ast = own ?? state.english[id]
  if (ast === undefined || typeof ast === 'string') return ast
  // An id the active catalog lacks is formatted as English, with English plural rules.
  const made = new IntlMessageFormat(ast, own ? state.locale : 'en')
  state.cache.set(id, made)
  return made
}

/**
 * The message `id` formatted in the active locale with `values`; English when the active catalog
 * lacks it; `fallback` (the English source text) when no catalog is loaded at all.
 */
export function translate(id: string, values?: MessageValues, fallback?: string): string {
  const made = formatter(id)
  if (made === undefined) return fallback ?? id
  if (typeof made === 'string') return made
  const out = made.format(values)
  return Array.isArray(out) ? out.join('') : String(out)
}

/** A message with values, `(a, b) => string`, whose id is its path in a registered module. */
export interface MessageFunction<Args extends unknown[]> {
  (...args: Args): string
  /** The English ICU source, e.g. `GBVF crime in {area}`. */
  readonly message: string
  /** Value names, in the order of the function's arguments. */
  readonly names: readonly string[]
  id: string
}

/**
 * Declares a message with values in a string module: `message('Step {step} of {total}', 'step',
 * 'total')` is called as `strings.x.stepOf(1, 3)`. Its id is its path, assigned by `registerStrings`.
 */
export function message<Args extends (string | number | Date)[]>(
  english: string,
  ...names: string[]
): MessageFunction<Args> {
  const made = ((...args: Args) => {
    const values: MessageValues = {}
    names.forEach((name, i) => (values[name] = args[i]))
    return translate(made.id, values, english)
  }) as MessageFunction<Args>
  Object.defineProperty(made, 'message', { value: english })
  Object.defineProperty(made, 'names', { value: names })
  made.id = ''
  return made
}

interface Registered {
  prefix: string
  root: Record<string, unknown>
  english: Map<string, string>
}
const registered: Registered[] = []

type Node = Record<string, unknown>

function walk(node: Node, prefix: string, visit: (path: string, key: string, parent: Node) => void) {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (value && typeof value === 'object') walk(value as Node, path, visit)
    else visit(path, key, node)
  }
}

/**
 * Registers a string module (a nested object of English strings and `message(...)` functions)
 * under `prefix`: each string's id is its dotted path (`header.login`). From then on the module's
 * strings are those of the active locale, rewritten in place on every `activate`.
 */
export function registerStrings<T extends object>(prefix: string, root: T): T {
  const english = new Map<string, string>()
  walk(root as Node, prefix, (path, key, parent) => {
    const value = parent[key]
    if (typeof value === 'string') english.set(path, value)
    else if (typeof value === 'function' && 'message' in value) (value as MessageFunction<[]>).id = path
  })
  const entry = { prefix, root: root as Node, english }
  registered.push(entry)
  apply(entry)
  return root
}

function apply(entry: Registered) {
  walk(entry.root, entry.prefix, (path, key, parent) => {
    if (typeof parent[key] === 'string') parent[key] = translate(path, undefined, entry.english.get(path))
  })
}

const listeners: (() => void)[] = []

/** Runs `refresh` after every `activate`: for values derived from registered strings. */
export function afterActivate(refresh: () => void): void {
  listeners.push(refresh)
}

function reapply() {
  for (const entry of registered) apply(entry)
  for (const refresh of listeners) refresh()
}

/** English source text of every registered module: id -> ICU message (what `en.json` holds). */
export function englishSource(): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of registered) {
    for (const [id, text] of entry.english) out[id] = text
    walk(entry.root, entry.prefix, (path, key, parent) => {
      const value = parent[key]
      if (typeof value === 'function' && 'message' in value) out[path] = (value as MessageFunction<[]>).message
    })
  }
  return out
}
