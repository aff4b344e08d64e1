// The nation is named in the reader's language; every other place keeps its source's name.
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { activate, type CompiledCatalog } from '../i18n/runtime'
import { areaName } from './area-name'

const compiled = (name: string) =>
  JSON.parse(readFileSync(`src/locales/compiled/${name}.json`, 'utf8')) as CompiledCatalog

describe('areaName', () => {
  afterEach(() => activate('en', compiled('en')))

  it('names the nation in the chosen language and other places as their sources do', () => {
    const nation = { level: 'national', description: 'South Africa' }
    const gauteng = { level: 'province', description: 'Gauteng' }
    expect(areaName(nation)).toBe('South Africa')
    activate('af', compiled('af'))
    expect(areaName(nation)).toBe('Suid-Afrika')
    expect(areaName(gauteng)).toBe('Gauteng')
    expect(areaName(undefined)).toBe('')
  })
})
