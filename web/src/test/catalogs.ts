// The compiled message catalogs as the app loads them (`npm run i18n` writes them), for tests
// that switch the language: `activate('zu', compiledCatalog('zu'))`. Vitest runs from web/.
import { readFileSync } from 'node:fs'
import type { CompiledCatalog } from '../i18n/runtime'

/** The compiled catalog of `language` (`en`, `zu`, `af`, `en-XA`). */
export function compiledCatalog(language: string): CompiledCatalog {
  return JSON.parse(readFileSync(`src/locales/compiled/${language}.json`, 'utf8')) as CompiledCatalog
}
