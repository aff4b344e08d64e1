import { describe, expect, it } from 'vitest'
import { emptyFilters, filtersSearch, parseAsOf, parseFilters, serializeFilters } from './query-string'

describe('filters in the query string', () => {
  it('parses every filter', () => {
    expect(
      parseFilters(
        '?boundaryId=100&boundaryTypeId=3&componentId=1&componentOptions=10,11&componentSubOptions=10-101,11-111',
      ),
    ).toEqual({
      boundaryId: 100,
      boundaryTypeId: 3,
      componentId: 1,
      componentOptions: ['10', '11'],
      componentSubOptions: ['10-101', '11-111'],
      asOf: null,
    })
  })

  it('ignores junk, duplicates and malformed pairs', () => {
    expect(parseFilters('?boundaryId=abc&componentId=-1&componentOptions=6,,6,1&componentSubOptions=10,10-1')).toEqual({
      boundaryId: null,
      boundaryTypeId: null,
      componentId: null,
      componentOptions: ['6', '1'],
      componentSubOptions: ['10-1'],
      asOf: null,
    })
  })

  it('writes only set filters, keeps other parameters, with readable commas', () => {
    const search = filtersSearch(
      {
        boundaryId: 2,
        boundaryTypeId: 2,
        componentId: 3,
        componentOptions: ['6', '1'],
        componentSubOptions: [],
        asOf: null,
      },
      '?utm=x&componentId=9',
    )
    expect(search).toBe('?utm=x&boundaryId=2&boundaryTypeId=2&componentId=3&componentOptions=6,1')
    expect(serializeFilters(parseFilters('')).toString()).toBe('')
  })

  it('round-trips', () => {
    const f = parseFilters('?boundaryId=11&boundaryTypeId=2&componentId=4&componentOptions=1&componentSubOptions=1-2')
    expect(parseFilters(filtersSearch(f))).toEqual(f)
  })

  it('round-trips a permalink date', () => {
    const f = parseFilters('?boundaryId=101&boundaryTypeId=2&componentId=3&asOf=2026-11-29')
    expect(f.asOf).toBe('2026-11-29')
    expect(filtersSearch(f)).toBe('?boundaryId=101&boundaryTypeId=2&componentId=3&asOf=2026-11-29')
    expect(parseFilters(filtersSearch(f))).toEqual(f)
  })

  it('keeps the date through a change of the other filters, and drops a date that is not one', () => {
    const f = parseFilters('?boundaryId=1&asOf=2024-02-29')
    expect(filtersSearch({ ...f, boundaryId: 18, boundaryTypeId: 2 }, '?boundaryId=1&asOf=2024-02-29')).toBe(
      '?boundaryId=18&boundaryTypeId=2&asOf=2024-02-29',
    )
    // A malformed date in the address is not carried on.
    expect(filtersSearch(parseFilters('?asOf=2023-02-29'), '?asOf=2023-02-29')).toBe('')
    expect(filtersSearch({ ...emptyFilters, asOf: null }, '?asOf=2026-01-01&utm=x')).toBe('?utm=x')
  })
})

describe('asOf', () => {
  it('drops a day after today in South Africa (no figures exist for it yet)', () => {
    // 22:30 UTC on 28 November is 00:30 on 29 November in South Africa.
    const now = new Date('2026-11-28T22:30:00Z')
    expect(parseAsOf('2026-11-29', now)).toBe('2026-11-29')
    expect(parseAsOf('2026-11-30', now)).toBeNull()
    expect(parseAsOf('2099-01-01', now)).toBeNull()
  })

  it('keeps only a real calendar date written YYYY-MM-DD', () => {
    expect(parseAsOf('2026-11-29')).toBe('2026-11-29')
    expect(parseAsOf('2024-02-29')).toBe('2024-02-29')
    expect(parseAsOf('2000-01-01')).toBe('2000-01-01')
    expect(parseAsOf(' 2026-11-29 ')).toBe('2026-11-29')
    for (const junk of [
      '2023-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-11-00',
      '0000-01-01',
      '2026-1-5',
      '26-11-29',
      '2026/11/29',
      '2026-11-29T00:00:00Z',
      'today',
      '',
      null,
      undefined,
    ])
      expect(parseAsOf(junk), String(junk)).toBeNull()
  })
})
