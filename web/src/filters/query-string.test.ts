import { describe, expect, it } from 'vitest'
import { filtersSearch, parseFilters, serializeFilters } from './query-string'

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
    })
  })

  it('ignores junk, duplicates and malformed pairs', () => {
    expect(parseFilters('?boundaryId=abc&componentId=-1&componentOptions=6,,6,1&componentSubOptions=10,10-1')).toEqual({
      boundaryId: null,
      boundaryTypeId: null,
      componentId: null,
      componentOptions: ['6', '1'],
      componentSubOptions: ['10-1'],
    })
  })

  it('writes only set filters, keeps other parameters, with readable commas', () => {
    const search = filtersSearch(
      { boundaryId: 2, boundaryTypeId: 2, componentId: 3, componentOptions: ['6', '1'], componentSubOptions: [] },
      '?utm=x&componentId=9',
    )
    expect(search).toBe('?utm=x&boundaryId=2&boundaryTypeId=2&componentId=3&componentOptions=6,1')
    expect(serializeFilters(parseFilters('')).toString()).toBe('')
  })

  it('round-trips', () => {
    const f = parseFilters('?boundaryId=11&boundaryTypeId=2&componentId=4&componentOptions=1&componentSubOptions=1-2')
    expect(parseFilters(filtersSearch(f))).toEqual(f)
  })
})
