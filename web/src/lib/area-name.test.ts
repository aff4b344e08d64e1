// The nation is named in the reader's language; every other place keeps its source's name.
import { afterEach, describe, expect, it } from 'vitest'
import { activate } from '../i18n/runtime'
import { areaName } from './area-name'
import { compiledCatalog } from '../test/catalogs'

describe('areaName', () => {
  afterEach(() => activate('en', compiledCatalog('en')))

  it('names the nation in the chosen language and other places as their sources do', () => {
    const nation = { level: 'national', description: 'South Africa' }
    const gauteng = { level: 'province', description: 'Gauteng' }
    expect(areaName(nation)).toBe('South Africa')
    activate('af', compiledCatalog('af'))
    expect(areaName(nation)).toBe('Suid-Afrika')
    expect(areaName(gauteng)).toBe('Gauteng')
    expect(areaName(undefined)).toBe('')
  })
})
