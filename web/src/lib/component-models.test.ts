import { describe, expect, it } from 'vitest'
import type { CollectiveActionSummary, Cycle } from '../api/types'
import { cycleRows } from './component-models'

const cycle = (id: number, completed: number, active: number): Cycle => ({
  cycleId: id,
  description: `Cycle ${id}`,
  startMonth: null,
  endMonth: null,
  isCurrentCycle: false,
  isActive: false,
  totalCollectiveActions: completed + active,
  completedCollectiveActions: completed,
  activeCollectiveActions: active,
})

const summary = (cycles: Cycle[]): CollectiveActionSummary => ({
  pillarStats: [],
  cycles,
  activeCollectiveActions: 0,
  inactiveCollectiveActions: 0,
  totalActions: 0,
})

describe('cycleRows', () => {
  it('gives one bar pair per cycle when the area has challenges', () => {
    expect(cycleRows(summary([cycle(1, 2, 0), cycle(2, 0, 1)]))).toEqual([
      { label: 'Cycle 1', completed: 2, active: 0 },
      { label: 'Cycle 2', completed: 0, active: 1 },
    ])
  })

  it('is empty when no cycle has a challenge in the area, so the card says No data available', () => {
    expect(cycleRows(summary([cycle(1, 0, 0), cycle(2, 0, 0)]))).toEqual([])
    expect(cycleRows(undefined)).toEqual([])
  })
})
