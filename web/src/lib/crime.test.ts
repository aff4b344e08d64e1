// How the rate is computed: the catalog's English is word for word the server's rate note
// (api/src/http/crime/mod.rs `RATE_NOTE`), and the reader's language replaces it.
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { activate } from '../i18n/runtime'
import { strings } from '../config/strings'
import { compiledCatalog } from '../test/catalogs'

/** The server's rate note, read from its source. */
function serverRateNote(): string {
  const source = readFileSync('../api/src/http/crime/mod.rs', 'utf8')
  const match = /pub const RATE_NOTE: &str = "([^"]+)";/.exec(source)
  if (!match) throw new Error('RATE_NOTE not found in api/src/http/crime/mod.rs')
  return match[1]
}

describe('the rate note', () => {
  afterEach(() => activate('en', compiledCatalog('en')))

  it('says the server words, a rate of each year by that year’s population', () => {
    expect(strings.summary.rateNote).toBe(serverRateNote())
    expect(strings.summary.rateNote).toContain('the population of that year')
    activate('af', compiledCatalog('af'))
    expect(strings.summary.rateNote).not.toBe(serverRateNote())
  })
})
