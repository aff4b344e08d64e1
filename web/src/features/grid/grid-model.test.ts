import { describe, expect, it } from 'vitest'
import {
  moveBy,
  moveTo,
  moveToBottom,
  moveToTop,
  reconcileOrder,
  sortDistribution,
  toggleDirection,
} from './grid-model'

const items = [
  { id: 'a', label: 'A', value: 5, percentage: 25 },
  { id: 'b', label: 'B', value: 10, percentage: 50 },
  { id: 'c', label: 'C', value: 5, percentage: 25 },
]

describe('grid ordering', () => {
  it('sorts highest to lowest by default and toggles', () => {
    expect(sortDistribution(items).map((i) => i.id)).toEqual(['b', 'a', 'c'])
    expect(sortDistribution(items, toggleDirection('desc')).map((i) => i.id)).toEqual(['a', 'c', 'b'])
    expect(toggleDirection('asc')).toBe('desc')
  })

  it('moves cards to the top, bottom, up, down and to a position', () => {
    expect(moveToTop([1, 2, 3], 3)).toEqual([3, 1, 2])
    expect(moveToBottom([1, 2, 3], 1)).toEqual([2, 3, 1])
    expect(moveBy([1, 2, 3], 2, -1)).toEqual([2, 1, 3])
    expect(moveBy([1, 2, 3], 3, 1)).toEqual([1, 2, 3])
    expect(moveTo([1, 2, 3, 4], 1, 2)).toEqual([2, 3, 1, 4])
  })

  it('keeps a saved order, dropping gone ids and appending new ones', () => {
    expect(reconcileOrder([3, 1, 9], [1, 2, 3])).toEqual([3, 1, 2])
    expect(reconcileOrder(undefined, [1, 2])).toEqual([1, 2])
  })
})
