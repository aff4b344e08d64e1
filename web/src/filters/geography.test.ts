import { describe, expect, it } from 'vitest'
import { boundary } from '../test/mocks/fixtures'
import {
  cascadeFromBoundary,
  clearLevel,
  emptyCascade,
  pickDistrict,
  pickLocal,
  pickNational,
  publicBoundaryType,
} from './geography'

describe('geography cascade', () => {
  it('picking National selects the province and clears deeper levels', () => {
    expect(pickNational(2)).toEqual({
      cascade: { national: 2, district: null, local: null },
      filter: { boundaryId: 2, boundaryTypeId: 2 },
    })
  })

  it('picking District keeps National and clears Local', () => {
    expect(pickDistrict({ national: 2, district: 10, local: 102 }, 11)).toEqual({
      cascade: { national: 2, district: 11, local: null },
      filter: { boundaryId: 11, boundaryTypeId: 2 },
    })
  })

  it("picking Local sets parents from the item's district and national ids", () => {
    expect(pickLocal(boundary(100)!)).toEqual({
      cascade: { national: 2, district: 11, local: 100 },
      filter: { boundaryId: 100, boundaryTypeId: 3 },
    })
  })

  it('clearing level 1 nulls both boundaryId and boundaryTypeId', () => {
    expect(clearLevel({ national: 2, district: 11, local: 100 }, 1)).toEqual({
      cascade: emptyCascade,
      filter: { boundaryId: null, boundaryTypeId: null },
    })
  })

  it('clearing level 2 resets Local and sets the filter to the province', () => {
    expect(clearLevel({ national: 2, district: 11, local: 100 }, 2)).toEqual({
      cascade: { national: 2, district: null, local: null },
      filter: { boundaryId: 2, boundaryTypeId: 2 },
    })
  })

  it('clearing level 3 sets the filter to the district', () => {
    expect(clearLevel({ national: 2, district: 11, local: 100 }, 3)).toEqual({
      cascade: { national: 2, district: 11, local: null },
      filter: { boundaryId: 11, boundaryTypeId: 2 },
    })
  })

  it('derives the dropdown values from a selected boundary', () => {
    expect(cascadeFromBoundary(boundary(1))).toEqual(emptyCascade)
    expect(cascadeFromBoundary(boundary(2))).toEqual({ national: 2, district: null, local: null })
    expect(cascadeFromBoundary(boundary(11))).toEqual({ national: 2, district: 11, local: null })
    expect(cascadeFromBoundary(boundary(100))).toEqual({ national: 2, district: 11, local: 100 })
    expect(cascadeFromBoundary(undefined)).toEqual(emptyCascade)
  })

  it('uses public boundary types: national 1, province and district 2, municipality 3', () => {
    expect(
      ['national', 'province', 'district', 'municipality'].map((level) =>
        publicBoundaryType({ level: level, boundaryTypeId: 9 }),
      ),
    ).toEqual([1, 2, 2, 3])
  })
})
