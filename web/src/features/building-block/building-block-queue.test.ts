import { describe, expect, it } from 'vitest'
import type { AssignedMunicipality, BlockCompletion } from '../../api/generated'
import { queueArgs, reviewPath } from './building-block-queue'
import { cellWords, decodeId, totals } from './building-block-dashboard'
import { queueDays, queueStrings } from './building-block-strings'

const block = (patch: Partial<BlockCompletion>): BlockCompletion => ({
  buildingBlockId: 1,
  description: 'SAPS police station',
  completion: 1,
  totalBuildingBlockCount: 43,
  totalVerifiedBuildingBlockCount: 1,
  notCapturedCount: 39,
  submittedCount: 2,
  returnedCount: 1,
  ...patch,
})

describe('verification queue', () => {
  it('reads its filters from the address, ignoring what is not a positive whole number', () => {
    expect(queueArgs(new URLSearchParams('status=returned&municipalityId=797&page=3&minDaysWaiting=7'))).toEqual({
      status: 'returned',
      municipalityId: 797,
      buildingBlockId: undefined,
      minDaysWaiting: 7,
      page: 3,
      pageSize: 25,
    })
    const odd = queueArgs(new URLSearchParams('status=verified&municipalityId=-1&page=x&buildingBlockId=1.5'))
    expect(odd).toMatchObject({ status: 'submitted', municipalityId: undefined, page: 1, buildingBlockId: undefined })
  })

  it('links a provider to its review with the encoded id', () => {
    expect(decodeId(reviewPath(1000123).split('/').pop())).toBe(1000123)
  })

  it('words waiting times and pages', () => {
    expect([0, 1, 12, null].map((d) => queueDays(d))).toEqual(['Less than a day', '1 day', '12 days', 'Unknown'])
    expect(queueStrings.page(2, 5, 101)).toBe('Page 2 of 5 (101 providers)')
  })

  it('counts a cell by status and the dashboard in all', () => {
    expect(cellWords(block({}))).toEqual([
      '1 of 43 verified',
      '2 awaiting verification',
      '1 returned',
      '39 not captured',
    ])
    expect(cellWords(block({ submittedCount: 0, returnedCount: 0, notCapturedCount: 0 }))).toEqual(['1 of 43 verified'])
    const muni = (blocks: BlockCompletion[]): AssignedMunicipality => ({
      name: 'City of Johannesburg',
      stakeholderId: 797,
      provinceName: 'Gauteng',
      districtName: 'City of Johannesburg',
      buildingBlockCategories: [{ buildingBlockCategoryId: 1, description: 'Police', buildingBlocks: blocks }],
    })
    expect(totals([muni([block({}), block({ submittedCount: 5 })]), muni([block({ returnedCount: 0 })])])).toEqual({
      submitted: 9,
      returned: 2,
    })
  })
})
