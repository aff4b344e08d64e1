import { afterEach, describe, expect, it } from 'vitest'
import { activate } from '../i18n/runtime'
import { bandLabel, legendColour, levelName } from './legend'
import { compiledCatalog } from '../test/catalogs'

const scale = [
  { start: 0, end: 10, color: '#EED0D2', description: 'Low' },
  { start: 10, end: 30, color: '#CB7377', description: 'Medium' },
  { start: 30, end: 1e12, color: '#A8161D', description: 'High' },
]

describe('legend colour lookup: first band with start <= density < end, else black', () => {
  it('includes the start and excludes the end of a band', () => {
    expect(legendColour(scale, 0)).toBe('#EED0D2')
    expect(legendColour(scale, 9.99)).toBe('#EED0D2')
    expect(legendColour(scale, 10)).toBe('#CB7377')
    expect(legendColour(scale, 29.999)).toBe('#CB7377')
    expect(legendColour(scale, 30)).toBe('#A8161D')
    expect(legendColour(scale, 5000)).toBe('#A8161D')
  })

  it('falls back to black outside every band or without a density', () => {
    expect(legendColour(scale, -1)).toBe('#000000')
    expect(legendColour(scale.slice(0, 2), 30)).toBe('#000000')
    expect(legendColour(scale, null)).toBe('#000000')
    expect(legendColour(scale, Number.NaN)).toBe('#000000')
    expect(legendColour([], 5)).toBe('#000000')
    expect(legendColour(undefined, 5)).toBe('#000000')
  })

  it('takes the first matching band when bands overlap', () => {
    expect(
      legendColour(
        [
          { start: 0, end: 20, color: '#111111' },
          { start: 10, end: 30, color: '#222222' },
        ],
        15,
      ),
    ).toBe('#111111')
  })

  it('treats a missing end as open-ended', () => {
    expect(legendColour([{ start: 30, end: null, color: '#A8161D' }], 1e9)).toBe('#A8161D')
  })

  it('labels bands', () => {
    expect(bandLabel(scale[0])).toBe('Low (0 to under 10)')
    expect(bandLabel({ start: 30, end: null, color: '#A8161D', description: 'High' })).toBe('High (30 or more)')
  })
})

describe('band names in the reader language', () => {
  afterEach(() => activate('en', compiledCatalog('en')))

  it('names the crime scale bands from the catalog and keeps other names', () => {
    activate('zu', compiledCatalog('zu'))
    expect(levelName('High')).toBe('Phezulu')
    expect(levelName('1%-24%')).toBe('1%-24%')
    expect(levelName('constructor')).toBe('constructor')
    activate('af', compiledCatalog('af'))
    expect(bandLabel({ start: 0, end: 10, color: '#EED0D2', description: 'Low' })).toMatch(/^Laag \(/)
  })
})
