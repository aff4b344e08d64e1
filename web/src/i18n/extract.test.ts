// English catalog = the English source text of the string modules, and the compiled catalogs are
// up to date. `UPDATE_CATALOG=1 npx vitest run src/i18n/extract.test.ts` rewrites en.json's messages.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import '../config/strings'
import '../features/survey/survey-strings'
import './language-strings'
import '../config/cover-your-tracks-strings'
import '../config/terms-strings'
import '../config/open-data-strings'
import '../config/admin-strings'
import '../features/organisation/health-check-strings'
import '../features/building-block/building-block-strings'
import '../features/building-block/lifecycle-strings'
import '../features/building-block/taxonomy-strings'
import { englishSource } from './runtime'

/** Prefixes of the staff screens' ids (admin console, health check, building-block area). */
const STAFF_PREFIXES = [
  'admin',
  'healthCheck',
  'taxonomy',
  'buildingBlock',
  'buildingBlockCounts',
  'verificationQueue',
  'review',
  'bulkLoad',
  'providerLifecycle',
]

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

describe('translated catalogs', () => {
  const dir = join(process.cwd(), 'src/locales')
  const english = (JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) as { messages: Record<string, string> })
    .messages
  /** The argument names of an ICU message, sorted: `{area}`, `{count, plural, ...}`. */
  const argumentsOf = (message: string): string[] => {
    const names = new Set<string>()
    const visit = (elements: MessageFormatElement[]) =>
      elements.forEach((e) => {
        if ('value' in e && e.type !== TYPE.literal) names.add(String(e.value))
        if ('options' in e) Object.values(e.options).forEach((o) => visit(o.value))
        if ('children' in e) visit(e.children)
      })
    visit(parse(message))
    return [...names].sort()
  }
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'en.json')) {
    it(`${file}: a review state, only English's ids, the same values in each message`, () => {
      const catalog = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        review: string
        language: string
        messages: Record<string, string>
      }
      expect(catalog.language).toBeTruthy()
      expect(catalog.review).toMatch(/^(unreviewed|reviewed by .+, \d{4}-\d{2}-\d{2})/)
      for (const [id, message] of Object.entries(catalog.messages)) {
        expect(english, `${file}: ${id} is not an English id`).toHaveProperty([id])
        expect(argumentsOf(message), `${file}: ${id}`).toEqual(argumentsOf(english[id]))
      }
    })
    // A shipped language covers every public and survey string: a reader who chose it meets
    // no English left behind (the quick exit's safety advice least of all). A new string
    // needs its draft in every catalog, marked by the catalog's review state. The staff
    // screens' strings (STAFF_PREFIXES) may await their translation and show in English
    // until then.
    it(`${file}: every English id of the public screens and the survey`, () => {
      const catalog = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { messages: Record<string, string> }
      const missing = Object.keys(english).filter((id) => !(id in catalog.messages))
      expect(missing.filter((id) => !STAFF_PREFIXES.includes(id.split('.')[0]))).toEqual([])
    })
  }
})
