// Which components the chart view shows, and in which order (section 2 rule).
import { describe, expect, it } from 'vitest'
import type { Component } from '../../api/generated'
import { visibleComponents } from './dashboard-cards'

const component = (componentId: number, seq: number) => ({ componentId, seq, name: `c${componentId}` }) as Component
const all = [component(3, 1), component(2, 2), component(1, 3), component(4, 4)]
const ids = (cs: Component[]) => cs.map((c) => c.componentId)

describe('visibleComponents', () => {
  it('wide screens: every component by seq, the chosen one first', () => {
    expect(ids(visibleComponents(all, false, null, () => true))).toEqual([3, 2, 1, 4])
    expect(ids(visibleComponents(all, false, 2, () => true))).toEqual([2, 3, 1, 4])
    expect(ids(visibleComponents(all, false, 4, () => true))).toEqual([4, 3, 2, 1])
  })
  it('phones: only the chosen one, else the first with data', () => {
    expect(ids(visibleComponents(all, true, 1, () => true))).toEqual([1])
    expect(ids(visibleComponents(all, true, null, (id) => id === 1))).toEqual([1])
  })
})
