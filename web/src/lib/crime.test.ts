// How the rate is computed, as the server says it (api/src/http/crime/mod.rs `rate_note`), in
// the reader's language.
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { activate, type CompiledCatalog } from '../i18n/runtime'
import { rateNote } from './crime'

const compiled = (name: string) =>
  JSON.parse(readFileSync(`src/locales/compiled/${name}.json`, 'utf8')) as CompiledCatalog

describe('rateNote', () => {
  afterEach(() => activate('en', compiled('en')))

  it('says the server words, and when the crimes are of another year than the census', () => {
    const base =
      'Rate per 100,000 people uses Census 2022 precinct populations summed by area; map density is the rate per 1,000 people.'
    expect(rateNote({ year: 2021, period: '2021/22' })).toBe(base)
    expect(rateNote({ year: 2015, period: '2015/16' })).toBe(
      `${base} The crimes are of 2015/16 and the population of Census 2022, so the rate divides one year's crimes by another year's population.`,
    )
    activate('af', compiled('af'))
    expect(rateNote({ year: 2015, period: '2015/16' })).toContain('Die misdade is van 2015/16')
  })
})
