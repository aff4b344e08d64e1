// Which language the page is in: the reader's choice from the header (kept in localStorage), else
// the first of the browser's preferred languages (navigator.languages) that has a catalog, else
// English. The pseudo-locale `en-XA` is chosen only by storing it (tests). Loading a language
// fetches only its compiled catalog, lazily; `<html lang>` follows the active language.
import { useSyncExternalStore } from 'react'
import languagesJson from '../locales/compiled/languages.json'
import { activate, activeLocale, setEnglish, type CompiledCatalog } from './runtime'

/** A shipped catalog: its code, its name in its own language, and its review state. */
export interface Language {
  code: string
  language: string
  /** `source` (English), `unreviewed ...`, or `reviewed by <name>, <date>` (docs/translators.md). */
  review: string
}

export const languages: readonly Language[] = languagesJson
/** The pseudo-locale: English accented and bracketed, so any text not in a catalog stands out. */
export const PSEUDO_LOCALE = 'en-XA'
export const LANGUAGE_KEY = 'gbvf.language'

/** Loads a language's compiled catalog (each entry passes its own: the survey's are smaller). */
export type CatalogLoader = (code: string) => Promise<CompiledCatalog>

/** Whether a catalog still waits for a first-language speaker's review. */
export function underReview(code: string): boolean {
  const language = languages.find((l) => l.code === code)
  return !!language && language.code !== 'en' && !language.review.startsWith('reviewed by')
}

function known(code: string | null | undefined): code is string {
  return !!code && (code === PSEUDO_LOCALE || languages.some((l) => l.code === code))
}

/** The language to start in: stored choice, else the browser's preference, else English. */
export function initialLocale(): string {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(LANGUAGE_KEY)
  } catch {
    stored = null
  }
  if (known(stored)) return stored
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0]
    if (known(primary)) return primary
  }
  return 'en'
}

/** The `<html lang>` of a language: South African English for English. */
export function htmlLang(code: string): string {
  return code === 'en' ? 'en-ZA' : code
}

let loader: CatalogLoader = () => Promise.resolve({})
const listeners = new Set<() => void>()

/** Makes `code` active: loads its catalog, sets `<html lang>`, and re-renders subscribers. */
export async function switchLanguage(code: string, remember = true): Promise<void> {
  const catalog = code === 'en' ? {} : await loader(code)
  activate(code, code === 'en' ? englishCatalog : catalog)
  document.documentElement.lang = htmlLang(code)
  if (remember)
    try {
      localStorage.setItem(LANGUAGE_KEY, code)
    } catch {
      // Storage refused (private browsing): the choice lasts this visit.
    }
  listeners.forEach((l) => l())
}

let englishCatalog: CompiledCatalog = {}

/** Starts an entry in the reader's language: English's catalog given, others through `load`. */
export async function startLanguage(english: CompiledCatalog, load: CatalogLoader): Promise<void> {
  englishCatalog = english
  loader = load
  setEnglish(english)
  const code = initialLocale()
  if (code === 'en') document.documentElement.lang = htmlLang('en')
  else await switchLanguage(code, false).catch(() => switchLanguage('en', false))
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The active language's code, re-rendering when the reader picks another. */
export function useActiveLocale(): string {
  return useSyncExternalStore(subscribe, activeLocale)
}
