// English catalog = the English source text of the string modules, and the compiled catalogs are
// up to date. `UPDATE_CATALOG=1 npx vitest run src/i18n/extract.test.ts` rewrites en.json's messages.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import '../config/strings'
import '../features/survey/survey-strings'
import './language-strings'
import { englishSource } from './runtime'

// Vitest runs from web/.
const enPath = join(process.cwd(), 'src/locales/en.json')

describe('message catalogs', () => {
  it('en.json holds exactly the English source text of every string module', () => {
    const source = englishSource()
    const sorted = Object.fromEntries(Object.entries(source).sort(([a], [b]) => a.localeCompare(b)))
    const catalog = JSON.parse(readFileSync(enPath, 'utf8')) as { messages: Record<string, string> }
    if (process.env.UPDATE_CATALOG) {
      writeFileSync(enPath, JSON.stringify({ ...catalog, messages: sorted }, null, 2) + '\n')
      return
    }
    expect(catalog.messages).toEqual(sorted)
  })

  it('the compiled catalogs are those of the sources (npm run i18n)', () => {
    expect(() => execFileSync('node', ['scripts/i18n.mjs', '--check'], { stdio: 'pipe' })).not.toThrow()
  })
})
