import { describe, expect, it } from 'vitest'
import type { BuildingBlockData, CollectiveActionStats, CycleStat } from '../api/generated'
import { boundaries } from '../test/mocks/fixtures'
import { buildingBlockGrid, cycleRows } from './component-models'

const cycle = (id: number, completed: number, active: number): CycleStat => ({
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

const summary = (cycles: CycleStat[]): CollectiveActionStats => ({
  pillarStats: [],
  collectiveActionStats: [],
  containedBoundaryData: [],
  cycles,
  activeCollectiveActions: 0,
  inactiveCollectiveActions: 0,
  totalActions: 0,
})

describe('cycleRows', () => {
  it('gives one bar pair per cycle when the area has collective actions', () => {
    expect(cycleRows(summary([cycle(1, 2, 0), cycle(2, 0, 1)]))).toEqual([
      { label: 'Cycle 1', completed: 2, active: 0 },
      { label: 'Cycle 2', completed: 0, active: 1 },
    ])
  })

  it('is empty when no cycle has a collective action in the area, so the card says No data available', () => {
    expect(cycleRows(summary([cycle(1, 0, 0), cycle(2, 0, 0)]))).toEqual([])
    expect(cycleRows(undefined)).toEqual([])
  })
})

describe('building blocks quarter grid (spec §2 "Building blocks" card)', () => {
  const req = (id: number, description: string, q3: number, q4: number) => ({
    buildingBlockRequirementId: id,
    description,
    availability: q4,
    availabilityState: 'figure' as const,
    periodAvailability: { 'Q3 26': q3, 'Q4 26': q4 },
    providerCount: 2,
    verifiedProviderCount: 2,
  })
  const bb: BuildingBlockData = {
    boundary: boundaries[0],
    containedBoundaryData: [],
    lastQuarter: 'Q4 26',
    buildingBlockReportingPeriods: [
      { period: 'Q4 26', year: 2026, quarter: 4, isCurrent: true },
      { period: 'Q3 26', year: 2026, quarter: 3, isCurrent: false },
    ],
    buildingBlockCategoryStats: [
      {
        buildingBlockCategoryId: 1,
        description: 'Police',
        isIncluded: true,
        availability: 0.25,
        availabilityState: 'figure',
        periodAvailability: { 'Q3 26': 0, 'Q4 26': 0.25 },
        providerCount: 2,
        verifiedProviderCount: 1,
        buildingBlockStats: [
          {
            buildingBlockId: 1,
            description: 'SAPS police station',
            buildingBlockCount: 2,
            verifiedProviderCount: 1,
            periodAvailability: {},
            options: [],
            subOptions: [],
            availability: 0.25,
            availabilityState: 'figure',
            buildingBlockRequirementStats: [
              req(1, 'Victim-friendly room', 0, 0.5),
              req(2, 'Trained GBV desk officer', 0, 0),
            ],
          },
        ],
      },
      {
        buildingBlockCategoryId: 3,
        description: 'Health',
        isIncluded: true,
        availability: 0.1,
        availabilityState: 'figure',
        periodAvailability: {},
        providerCount: 6,
        verifiedProviderCount: 1,
        buildingBlockStats: [
          {
            buildingBlockId: 3,
            description: 'Clinic or CHC',
            buildingBlockCount: 5,
            verifiedProviderCount: 1,
            periodAvailability: {},
            options: [],
            subOptions: [],
            availability: 0.2,
            availabilityState: 'figure',
            buildingBlockRequirementStats: [req(10, 'Post-exposure prophylaxis', 0.2, 0.2)],
          },
          {
            buildingBlockId: 4,
            description: 'Hospital',
            buildingBlockCount: 1,
            verifiedProviderCount: 1,
            periodAvailability: {},
            options: [],
            subOptions: [],
            availability: 0,
            availabilityState: 'figure',
            buildingBlockRequirementStats: [req(20, 'Thuthuzela care centre', 0, 0)],
          },
        ],
      },
    ],
  }

  it('shows one row per category with no category picked, quarters oldest first', () => {
    const grid = buildingBlockGrid(bb, null)
    expect(grid.byRequirement).toBe(false)
    expect(grid.periods).toEqual(['Q3 26', 'Q4 26'])
    expect(grid.rows).toEqual([
      { label: 'Police', cells: [0, 0.25], listed: 2 },
      // No per-quarter figures: only the current quarter is filled.
      { label: 'Health', cells: [null, 0.1], listed: 6 },
    ])
    // The coverage beside the grid: each category's verified providers of those listed.
    expect(grid.coverage).toEqual([
      { label: 'Police', listed: 2, verified: 1 },
      { label: 'Health', listed: 6, verified: 1 },
    ])
  })

  it('shows one row per requirement of the picked category', () => {
    const grid = buildingBlockGrid(bb, '1')
    expect(grid.byRequirement).toBe(true)
    expect(grid.rows).toEqual([
      { label: 'Victim-friendly room', cells: [0, 0.5], listed: 2 },
      { label: 'Trained GBV desk officer', cells: [0, 0], listed: 2 },
    ])
    expect(grid.coverage).toEqual([{ label: 'SAPS police station', listed: 2, verified: 1 }])
  })

  it('names the block when the category has several, and keeps to the picked blocks', () => {
    expect(buildingBlockGrid(bb, '3').rows.map((r) => r.label)).toEqual([
      'Clinic or CHC: Post-exposure prophylaxis',
      'Hospital: Thuthuzela care centre',
    ])
    expect(buildingBlockGrid(bb, '3', ['3-4', '1-1'])).toMatchObject({
      rows: [{ label: 'Thuthuzela care centre', cells: [0, 0] }],
      coverage: [{ label: 'Hospital', listed: 1, verified: 1 }],
    })
  })
})
