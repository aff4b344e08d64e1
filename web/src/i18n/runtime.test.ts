// The message runtime with the compiled catalogs the app ships: strings rewritten in place on a
// change of language, plurals by the language's rules, English for an id a catalog lacks, and the
// first language from the stored choice, then the browser's preference.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { strings } from '../config/strings'
import { surveyStrings } from '../features/survey/survey-strings'
import { adminStrings } from '../config/admin-strings'
import { queueStrings } from '../features/building-block/building-block-strings'
import { initialLocale, LANGUAGE_KEY } from './locale'
import { activate } from './runtime'
import { compiledCatalog } from '../test/catalogs'

describe('message runtime', () => {
  afterEach(() => {
    activate('en', compiledCatalog('en'))
    localStorage.clear()
    vi.restoreAllMocks()
  })

  it('rewrites the registered strings in place and back', () => {
    expect(strings.header.login).toBe('Login')
    activate('zu', compiledCatalog('zu'))
    expect(strings.header.login).toBe('Ngena')
    expect(strings.auth.stepOf(1, 3)).toBe('Isinyathelo 1 kwezingu-3')
    activate('en', compiledCatalog('en'))
    expect(strings.header.login).toBe('Login')
  })

  it('plurals follow the language', () => {
    expect(surveyStrings.answered(1, 1)).toBe('1 of 1 question answered')
    expect(surveyStrings.answered(3, 22)).toBe('3 of 22 questions answered')
    activate('af', compiledCatalog('af'))
    expect(surveyStrings.answered(3, 22)).toBe('3 van 22 vrae beantwoord')
  })

  it('an id the catalog lacks shows in English, which the pseudo-locale makes stand out', () => {
    const { ['header.login']: _dropped, ...partial } = compiledCatalog('en-XA')
    activate('en-XA', partial)
    expect(strings.header.login).toBe('Login')
    expect(strings.header.logout).toMatch(/^\[.+\]$/)
    expect(strings.header.logout).not.toMatch(/Logout/)
  })

  it('a staff message awaiting its translation reads in English, its values filled in', () => {
    activate('zu', compiledCatalog('zu'))
    expect(adminStrings.common.showing(1, 10, 12)).toBe('Showing 1–10 of 12')
    expect(queueStrings.days(1)).toBe('1 day')
    expect(queueStrings.heading(2, 1)).toBe('Verification queue: 2 awaiting verification, 1 returned')
  })

  it('starts in the stored language, else the first preferred one with a catalog, else English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'af-ZA', 'zu'])
    expect(initialLocale()).toBe('af')
    localStorage.setItem(LANGUAGE_KEY, 'zu')
    expect(initialLocale()).toBe('zu')
    localStorage.setItem(LANGUAGE_KEY, 'xx')
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR'])
    expect(initialLocale()).toBe('en')
  })
})
